"""The CCINP 2024 PC paper (the awalé, Q1–Q25): the subject for the grading core.

A notebook's test cells import ``tester`` and ``corriger`` from here; the
judge reads that import and grades against
:mod:`awale_ref.sujets.ccinp_2024.exam` with the specs of
:mod:`awale_ref.sujets.ccinp_2024.specs` and the answers of
:mod:`awale_ref.sujets.ccinp_2024.reponses`.

>>> from awale_ref.grading.registre import catalogue
>>> sujet = catalogue.sujet_du_module(catalogue.module_de_correction("from awale_ref.sujets.ccinp_2024 import corriger\\ncorriger('Q4', f)"))
>>> sujet is SUJET, sujet.nom_note("Q8"), sujet.nom_note("Q21"), sujet.nom_note("Q6_bits")
(True, 'deplacer_graines', 'awale_ia', None)
"""

from __future__ import annotations

from typing import Any

from awale_ref.grading.eleve.variantes import autre_variante
from awale_ref.grading.registre import catalogue
from awale_ref.grading.registre.types_question import PartieEntiere, QuestionsSQL
from awale_ref.sujets.ccinp_2024.reponses import REPONSES_ATTENDUES, juger_q21, verifier_q21
from awale_ref.sujets.ccinp_2024.specs import SPECS
from awale_ref.sujets.ccinp_2024.variantes import VARIANTES

PARTIE = PartieEntiere("Q21", "awale_ia", verifier=verifier_q21, juger=juger_q21, code=f"{__name__}.partie_ia",
                       fonctions_espionnees=frozenset({"NegaAwale"}))
"""Q21: ``awale_ia`` plays a whole game, ``NegaAwale`` spied on (its runner's side: :mod:`.partie_ia`)."""
SQL = QuestionsSQL(("Q22", "Q23", "Q24", "Q25"), f"{__name__}.sql")
"""Q22–Q25: queries on the opening library, checked by :mod:`.sql`."""

SUJET = catalogue.Sujet("Awalé — CCINP 2024 PC", __name__, "awale_ref.sujets.ccinp_2024.exam", SPECS, REPONSES_ATTENDUES,
                     types=(PARTIE, SQL), variantes=VARIANTES, noms_reference=("awale_ref",),
                     modules_eleves=(f"{__name__}.presentation", "awale_ref.cas_awale", f"{__name__}.specs"),
                     corriges_publics=("awale_ref.sujets.ccinp_2024.library",))  # the published SQL answers (its REQUETES)
QUESTIONS = SUJET.questions
tester = SUJET.tester
corriger = SUJET.corriger
variante = SUJET.variante  # a notebook's data cell: the student's own figures (autre_variante: in self-study)


def __getattr__(nom: str) -> Any:
    # montrer_requete (SQL notebooks) loads the opening library's code: only when asked for.
    if nom == "montrer_requete":
        from awale_ref.sujets.ccinp_2024.sql import montrer_requete

        return montrer_requete
    raise AttributeError(f"module {__name__!r} has no attribute {nom!r}")


__all__ = ["PARTIE", "QUESTIONS", "SQL", "SUJET", "corriger", "montrer_requete", "tester", "variante", "autre_variante"]
