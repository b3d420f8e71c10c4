"""How a notebook's kernel shows what the grading raises: the one module that installs IPython hooks.

Installed by the kernel's start-up code while a submission is graded (``pipeline/autograde/noyau.py``), and
by the modules a notebook's tests import (``awale_ref.grading.registre.catalogue``; in the students' environment,
``awale_ref.grading.eleve.visibles``).  Importing ``awale_ref.grading`` itself installs nothing.
"""

from __future__ import annotations

import sys
from typing import Any

from awale_ref.fonctions_eleve import FonctionManquante
from awale_ref.grading.eleve import serie
from awale_ref.grading.eleve.resultat import EchecTest


def montrer_echec(shell: Any, etype: type, valeur: BaseException, tb: Any, tb_offset: Any = None) -> list[str]:
    """How IPython shows a failed test and a graded function the student has not written yet, that a board or
    the tree called (the French message alone, without the grader's or the package's frames), and a name that
    is not defined (its usual traceback, then what to do, in French); another ``NameError`` (a subclass) as
    usual."""
    if isinstance(valeur, (EchecTest, FonctionManquante)):
        lignes = str(valeur).splitlines() or [""]
        stb = [f"\x1b[0;31m{etype.__name__}\x1b[0m: {lignes[0]}", *lignes[1:]]
    else:
        stb = shell.InteractiveTB.structured_traceback(etype, valeur, tb, tb_offset=tb_offset)
        if type(valeur) is NameError:
            nom = getattr(valeur, "name", None) or str(valeur)
            stb = [*stb, f"\x1b[0;31mNom inconnu\x1b[0m : « {nom} » n'est pas défini dans ce noyau. Exécutez "
                         "d'abord la cellule qui le définit ; après un redémarrage du noyau, exécutez de nouveau les "
                         "cellules depuis le début du notebook."]
    shell._showtraceback(etype, valeur, stb)  # private IPython API, checked in pipeline/autograde/prive.py
    return stb


def installer() -> None:
    """In an IPython kernel: failed tests and missing functions shown as their French message, a name not
    defined followed by what to do, every example of a test cell reported (:mod:`serie`).  Nothing in plain
    Python, where IPython is not even imported (a kernel has loaded it before any cell: a clean process that
    imports the tests does not pay for it); installing twice is installing once."""
    ipython = sys.modules.get("IPython")
    if ipython is None:  # not in an IPython shell: the usual traceback
        return
    shell = ipython.get_ipython()
    if shell is not None:
        shell.set_custom_exc((EchecTest, NameError), montrer_echec)
        serie.installer(shell)  # every example of a test cell reported, one verdict at its end
