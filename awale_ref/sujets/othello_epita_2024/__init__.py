"""Othello (EPITA PSI 2024, DS4): a subject of the course.

A notebook's test cells import ``tester`` and ``corriger`` from here; the
judge reads that import and grades against :mod:`.othello` (the reference,
its readings ``LECTURES``) with the specs of :mod:`.specs`; its queries
(Q22–Q24) run on the games database of :mod:`.sql`.
"""

from __future__ import annotations

from awale_ref.grading.eleve.variantes import autre_variante
from awale_ref.grading.registre import catalogue
from awale_ref.grading.registre.types_question import QuestionsSQL
from awale_ref.sujets.othello_epita_2024.specs import REPONSES_ATTENDUES, SPECS
from awale_ref.sujets.othello_epita_2024.variantes import VARIANTES

SUJET = catalogue.Sujet("Othello (EPITA PSI 2024, DS4)", __name__, "awale_ref.sujets.othello_epita_2024.othello",
                     SPECS, REPONSES_ATTENDUES, epreuve="EPITA PSI 2024 — Othello", variantes=VARIANTES,
                     types=(QuestionsSQL(("Q22", "Q23", "Q24"), f"{__name__}.sql"),),
                     modules_eleves=tuple(f"{__name__}.{m}" for m in ("presentation", "base", "moteur", "plateau",
                                                                               "arbre")),
                     corriges_publics=(f"{__name__}.sql",))  # its SQL answers
QUESTIONS = SUJET.questions
tester = SUJET.tester
corriger = SUJET.corriger
variante = SUJET.variante  # a notebook's data cell: the student's own data (autre_variante: in self-study)


def montrer_requete(requete: str, limite: int = 10):
    """The first rows of a query on the visible games database (``.base``)."""
    from awale_ref.sujets.othello_epita_2024.base import montrer_requete as montrer

    return montrer(requete, limite)


__all__ = ["QUESTIONS", "SUJET", "autre_variante", "corriger", "montrer_requete", "tester", "variante"]
