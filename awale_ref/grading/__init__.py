"""Grading helpers called by the notebooks' test cells.

- ``tester(question, objet, *args)``: a visible test, run in the student's
  kernel.  For a function, the call ``objet(*args)`` (the exam's example) is
  compared with the reference, the dependencies being the reference's; for a
  structured answer, only its shape is checked.  Prints ``✔ …`` or raises
  ``AssertionError`` with a French message (input, expected, obtained, rule).
- ``montrer_requete(requete, limite=10)``: the result of an SQL query
  (Q22–Q25) on the opening library, as an HTML table (``grading.sql``).
- ``corriger(question, objet)``: the hidden test.  The object is shipped to a
  clean process (``cleanroom``) and compared with the reference on the
  seeded corpus; the first failing case is reported.

>>> def tour_joueur1(jeu):
...     return jeu['n'] % 2 == 0
>>> tour_joueur1.__module__ = "__main__"  # as if defined in a notebook
>>> tester("Q4", tour_joueur1, {'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0], 'n': 3, 'plateau': [4] * 12})
✔ tour_joueur1(jeu={'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0], 'n': 3, 'plateau': [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]}) : renvoie False
"""

from __future__ import annotations

from typing import Any

from awale_ref.grading import answers, specs
from awale_ref.grading.sujets import EchecTest, Sujet

SUJET = Sujet("Awalé — CCINP 2024 PC", "awale_ref.grading", "awale_ref.exam", specs.SPECS, answers.REPONSES_ATTENDUES,
              question_ia="Q21", questions_sql=("Q22", "Q23", "Q24", "Q25"))
"""The CCINP paper: the subject of every notebook whose test cells import from this module."""

QUESTIONS = SUJET.questions
tester = SUJET.tester
corriger = SUJET.corriger


def _montrer_echec(shell: Any, etype: type, valeur: BaseException, tb: Any, tb_offset: Any = None) -> list[str]:
    """How IPython shows a failed test: the French message alone, without the grader's frames."""
    lignes = str(valeur).splitlines() or [""]
    stb = [f"\x1b[0;31m{etype.__name__}\x1b[0m: {lignes[0]}", *lignes[1:]]
    shell._showtraceback(etype, valeur, stb)  # private IPython API, checked in pipeline/autograde/prive.py
    return stb


def _installer_affichage() -> None:
    try:
        from IPython import get_ipython
    except ImportError:  # plain Python: the usual traceback
        return
    shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((EchecTest,), _montrer_echec)


_installer_affichage()


def __getattr__(nom: str) -> Any:
    # montrer_requete (SQL notebooks) loads the opening library's code: only when asked for.
    if nom == "montrer_requete":
        from awale_ref.grading.sql import montrer_requete

        return montrer_requete
    raise AttributeError(f"module 'awale_ref.grading' has no attribute {nom!r}")


__all__ = ["EchecTest", "QUESTIONS", "SUJET", "Sujet", "corriger", "montrer_requete", "tester"]
