"""Grading of Exercise 2 of the Olympiades de NSI 2025 (the lycée awalé): the subject for the core.

A notebook's test cells import ``tester`` and ``corriger`` from here; the
judge reads that import and grades against
:mod:`awale_ref.sujets.olympiades_2025_awale.awale_lycee` with the specs of
:mod:`awale_ref.sujets.olympiades_2025_awale.specs` (``awale_ref.grading.registre.catalogue``).
"""

from __future__ import annotations

from awale_ref.grading.eleve.variantes import autre_variante
from awale_ref.grading.registre import catalogue
from awale_ref.sujets.olympiades_2025_awale.specs import REPONSES_ATTENDUES, SPECS
from awale_ref.sujets.olympiades_2025_awale.variantes import VARIANTES

SUJET = catalogue.Sujet("Olympiades de NSI 2025 — awalé", __name__, "awale_ref.sujets.olympiades_2025_awale.awale_lycee",
                     SPECS, REPONSES_ATTENDUES, epreuve="Olympiades de NSI 2025",  # one series with the other exercise
                     variantes=VARIANTES, ordre=2,
                     # the lycée board (awale_ref.widget finds its rules here) and the lycée functions computed
                     # by the fast engine, which the students' environment plays with
                     modules_eleves=(f"{__name__}.plateau_awale", f"{__name__}.fonctions_moteur"))
QUESTIONS = SUJET.questions
tester = SUJET.tester
corriger = SUJET.corriger
variante = SUJET.variante  # a notebook's data cell: the student's own boards (autre_variante: in self-study)

__all__ = ["QUESTIONS", "SUJET", "autre_variante", "corriger", "tester", "variante"]
