"""Grading of Exercise 1 of the Olympiades de NSI 2025 (image compression): the subject for the core.

A notebook's test cells import ``tester`` and ``corriger`` from here; the
judge reads that import and grades against :mod:`awale_ref.sujets.olympiades_2025_images.images`
with the specs of :mod:`awale_ref.sujets.olympiades_2025_images.specs`
(``awale_ref.grading.registre.catalogue``).
"""

from __future__ import annotations

from awale_ref.grading.eleve.variantes import autre_variante
from awale_ref.grading.registre import catalogue
from awale_ref.sujets.olympiades_2025_images.specs import REPONSES_ATTENDUES, SPECS
from awale_ref.sujets.olympiades_2025_images.variantes import VARIANTES

SUJET = catalogue.Sujet("Olympiades de NSI 2025 — compression d'images", __name__, "awale_ref.sujets.olympiades_2025_images.images",
                     SPECS, REPONSES_ATTENDUES, epreuve="Olympiades de NSI 2025",  # one series with the other exercise
                     variantes=VARIANTES, ordre=1, modules_eleves=(f"{__name__}.presentation", f"{__name__}.dessins"))
QUESTIONS = SUJET.questions
tester = SUJET.tester
corriger = SUJET.corriger
variante = SUJET.variante  # a notebook's data cell: the student's own image (autre_variante: in self-study)

__all__ = ["QUESTIONS", "SUJET", "autre_variante", "corriger", "tester", "variante"]
