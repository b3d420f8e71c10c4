"""The fourth subject: games on graphs, attractors and winning strategies.

A practical of 36 questions on a tablet-stacking game (``tablettes``, the
reference; ``specs``, how it is graded; ``cours/``, its two assignments, one
series).  A notebook's test cells import ``tester`` and ``corriger`` from here.
"""

from __future__ import annotations

from awale_ref.grading.eleve.variantes import autre_variante
from awale_ref.grading.registre import catalogue
from awale_ref.sujets.attracteurs.specs import REPONSES_ATTENDUES, SPECS
from awale_ref.sujets.attracteurs.variantes import VARIANTES

EPREUVE = "Théorie des jeux — attracteurs et stratégies"
"""The practical: its assignments make one series (one mark on 20)."""

SUJET = catalogue.Sujet("Théorie des jeux — attracteurs et stratégies", __name__,
                     "awale_ref.sujets.attracteurs.tablettes", SPECS, REPONSES_ATTENDUES, epreuve=EPREUVE, variantes=VARIANTES,
                     modules_eleves=(f"{__name__}.analyse", f"{__name__}.dessins"))
QUESTIONS = SUJET.questions
tester = SUJET.tester
corriger = SUJET.corriger
variante = SUJET.variante  # a notebook's data cell: the student's own games (autre_variante: in self-study)

__all__ = ["EPREUVE", "QUESTIONS", "SUJET", "autre_variante", "corriger", "tester", "variante"]
