"""The CCINP 2024 PC paper (the awalé, Q1–Q25): the subject for the grading core.

A notebook's test cells import ``tester`` and ``corriger`` from here (those
released before issue 24 from ``awale_ref.grading``, declared below as an
old import path); the judge reads that import and grades against
:mod:`awale_ref.sujets.ccinp_2024.exam` with the specs of
:mod:`awale_ref.sujets.ccinp_2024.specs` and the answers of
:mod:`awale_ref.sujets.ccinp_2024.reponses`.

>>> from awale_ref.grading import sujets
>>> sujet = sujets.sujet_du_module(sujets.module_de_correction("from awale_ref.grading import corriger\\ncorriger('Q4', f)"))
>>> sujet is SUJET, sujet.nom_note("Q8"), sujet.nom_note("Q21"), sujet.nom_note("Q6_bits")
(True, 'deplacer_graines', 'awale_ia', None)
"""

from __future__ import annotations

from typing import Any

from awale_ref.grading import sujets
from awale_ref.sujets.ccinp_2024.reponses import REPONSES_ATTENDUES, juger_q21, verifier_q21
from awale_ref.sujets.ccinp_2024.specs import SPECS

SUJET = sujets.Sujet("Awalé — CCINP 2024 PC", __name__, "awale_ref.sujets.ccinp_2024.exam", SPECS, REPONSES_ATTENDUES,
                     question_ia="Q21", fonction_partie="awale_ia", espions=frozenset({"NegaAwale"}),
                     code_partie=f"{__name__}.partie_ia",
                     verifier_partie=verifier_q21, juger_partie=juger_q21, questions_sql=("Q22", "Q23", "Q24", "Q25"), module_sql=f"{__name__}.sql",
                     noms_reference=("awale_ref", "awale_ref.exam"), modules_eleves=(f"{__name__}.presentation", f"{__name__}.specs"),
                     anciens_modules={"awale_ref.grading": __name__, "awale_ref.grading.sql": f"{__name__}.sql"})
QUESTIONS = SUJET.questions
tester = SUJET.tester
corriger = SUJET.corriger


def __getattr__(nom: str) -> Any:
    # montrer_requete (SQL notebooks) loads the opening library's code: only when asked for.
    if nom == "montrer_requete":
        from awale_ref.sujets.ccinp_2024.sql import montrer_requete

        return montrer_requete
    raise AttributeError(f"module {__name__!r} has no attribute {nom!r}")


__all__ = ["QUESTIONS", "SUJET", "corriger", "montrer_requete", "tester"]
