"""The grading core: it grades any subject of ``awale_ref.sujets`` and names none.

A subject (``awale_ref.grading.sujets.Sujet``) is one folder of
``awale_ref.sujets``; the judge (``juge``), the runner (``executant``), the
clean room (``cleanroom``) and the visible tests (``sujets.Sujet.tester``)
take everything about it from there.  ``docs/ajouter_un_sujet.md`` says how a
subject plugs in.  A notebook imports ``tester`` and ``corriger`` from its
subject's folder, never from here.
"""

from __future__ import annotations

from typing import Any

from awale_ref.fonctions_eleve import FonctionManquante
from awale_ref.grading import serie
from awale_ref.grading.sujets import EchecTest, Sujet


def _montrer_echec(shell: Any, etype: type, valeur: BaseException, tb: Any, tb_offset: Any = None) -> list[str]:
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


def _installer_affichage() -> None:
    try:
        from IPython import get_ipython
    except ImportError:  # plain Python: the usual traceback
        return
    shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((EchecTest, NameError), _montrer_echec)
        serie.installer(shell)  # every example of a test cell reported, one verdict at its end


_installer_affichage()


__all__ = ["EchecTest", "Sujet"]
