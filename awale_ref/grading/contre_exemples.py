"""The former home of the shrinking and the drawing of a failing case: its names, imported from here too.

Shrinking is :mod:`awale_ref.grading.retrecissement`'s, drawing :mod:`awale_ref.grading.rendu`'s, the
subject's presentation module is found by :mod:`awale_ref.grading.presentations`; this module only keeps
the names that subjects, the glue and notebooks import from here (``DessinImpossible``, ``dessin_du_cas``,
``png_du_cas``...).
"""

from awale_ref.grading.presentations import PAQUET_SUJETS, _appel, presentation  # noqa: F401
from awale_ref.grading.rendu import (  # noqa: F401
    DessinImpossible, _module_du_cas, contre_exemple, dessin_du_cas, html_du_cas, legende_du_cas, png_du_cas)
from awale_ref.grading.retrecissement import DUREE_MAX_S, TOURS_MAX, candidats, retrecir, taille  # noqa: F401
