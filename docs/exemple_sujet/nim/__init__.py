"""The game of Nim with matches: a five-question example paper (``docs/ajouter_un_sujet.md``).

Kept outside the course (``docs/exemple_sujet/``): a test plugs it into ``awale_ref.sujets`` for one run
(``tests/test_exemple_de_sujet.py``).  ``allumettes`` is the reference, ``specs`` how it is graded,
``cours/nim.py`` its one assignment; a notebook's test cells import ``tester`` and ``corriger`` from here.
"""

from __future__ import annotations

from awale_ref.grading.registre import catalogue
from awale_ref.sujets.nim.specs import REPONSES_ATTENDUES, SPECS

SUJET = catalogue.Sujet("Le jeu de Nim (exemple)", __name__, "awale_ref.sujets.nim.allumettes",
                     SPECS, REPONSES_ATTENDUES)
tester = SUJET.tester
corriger = SUJET.corriger

__all__ = ["SUJET", "corriger", "tester"]
