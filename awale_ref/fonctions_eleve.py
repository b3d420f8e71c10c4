"""The student's own functions, where the students' environment holds no working version of a graded one.

Before an assignment's due date, the students' environment of the class server (``pipeline.paquet_eleve``)
ships, in place of each of its graded functions that a board, the tree or the AI play with, a *stand-in*
(:func:`a_la_place_de`): it calls the function of that name the student defined in the notebook (the
kernel's ``__main__``), and says in French which function is missing when there is none.  After the due
date the teacher rebuilds the environment and the working versions come back.

>>> tour_joueur1 = a_la_place_de("tour_joueur1", "Q4 de partie2_structure")
>>> tour_joueur1({"n": 0})
Traceback (most recent call last):
...
awale_ref.fonctions_eleve.FonctionManquante: la fonction tour_joueur1 n'est pas encore définie : écrivez-la dans votre notebook (Q4 de partie2_structure) et exécutez sa cellule ; le plateau, l'arbre et l'IA jouent avec vos propres fonctions.
"""

from __future__ import annotations

import sys
from collections.abc import Callable


class FonctionManquante(NameError):
    """The student has not defined (run) the function a stand-in stands for (French message)."""


def est_a_la_place(fonction: object) -> bool:
    """True for a stand-in (:func:`a_la_place_de`): the board counts it as the student's function."""
    return bool(getattr(fonction, "a_la_place_de", None))


def de_l_eleve(nom: str) -> Callable | None:
    """The function ``nom`` the student defined in the notebook (``__main__``), None if there is none (or if
    it is a stand-in itself, imported from the package)."""
    fonction = getattr(sys.modules.get("__main__"), nom, None)
    if not callable(fonction) or est_a_la_place(fonction):
        return None
    return fonction


def a_la_place_de(nom: str, ou: str, module: str = __name__) -> Callable:
    """A stand-in for the graded function ``nom`` of ``module`` (``ou``: its question and assignment, for the
    message).  Its own frame is hidden from IPython's tracebacks (``__tracebackhide__``): a failing call shows the
    student's cell and their function's line, not the package's code."""

    def appel(*args, **kwargs):
        __tracebackhide__ = True  # noqa: F841 (read by IPython's traceback formatter)
        fonction = de_l_eleve(nom)
        if fonction is None:
            raise FonctionManquante(f"la fonction {nom} n'est pas encore définie : écrivez-la dans votre notebook "
                                    f"({ou}) et exécutez sa cellule ; le plateau, l'arbre et l'IA jouent avec vos "
                                    "propres fonctions.")
        return fonction(*args, **kwargs)

    appel.__name__ = appel.__qualname__ = nom
    appel.__module__ = module
    appel.a_la_place_de = ou  # type: ignore[attr-defined]
    return appel
