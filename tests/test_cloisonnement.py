"""One question cannot help another: a reference enters the runner's sandbox only once its question is judged.

The runner, its children and whatever they leave behind (a file in /tmp, a
process, the parent's memory) belong to the student.  The judge therefore
sends the reference of a graded function only after that function's own
question has its final verdict (``juge.CorrectionDuNotebook.pret``, ``reference_permise``):
whatever a question's child copies out of its reference can no longer
change any grade.  These tests check the invariant on every order the judge
sends for the instructor's notebooks of both subjects, and run the attack
that found the gap against the real sandbox.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest

from awale_ref.grading.correcteur import juge
from awale_ref.sujets.ccinp_2024 import SUJET as CCINP
from pipeline.autograde.jugement import VerdictsDesTestsCaches
from tests.hostile import RECELEUR, VOLEUR

RACINE = Path(__file__).resolve().parent.parent


def _definies(code: str) -> set[str]:
    return {n.name for n in ast.parse(code).body if isinstance(n, ast.FunctionDef)}


@pytest.mark.parametrize("assignment", ["partie2_structure", "partie3_ia", "olympiades_awale",
                                        "olympiades_images"])
def test_no_order_carries_the_reference_of_a_question_not_yet_judged(assignment, monkeypatch):
    nb = nbformat.read(RACINE / "source" / assignment / f"{assignment}.ipynb", as_version=4)
    etapes, _ = VerdictsDesTestsCaches._etapes(nb)
    vus: list[tuple[str, set[str], set[str]]] = []
    instance: list[juge.CorrectionDuNotebook] = []
    vrai_juge, vraie_question = juge.CorrectionDuNotebook.__init__, juge.Executant.question

    def garder_le_juge(self, *args, **kwargs):
        vrai_juge(self, *args, **kwargs)
        instance.append(self)

    def espionner(self, ordre, delai=None):
        (j,) = instance
        if hasattr(ordre, "reference"):
            vus.append((ordre.question, _definies(ordre.reference), j.non_jugees()))
        return vraie_question(self, ordre, delai)

    monkeypatch.setattr(juge.CorrectionDuNotebook, "__init__", garder_le_juge)
    monkeypatch.setattr(juge.Executant, "question", espionner)
    verdicts = juge.juger_notebook(etapes, bac_a_sable=False)
    assert verdicts and all(v.ok for v in verdicts.values()), {q: v.message for q, v in verdicts.items() if not v.ok}
    assert vus
    (j,) = instance
    for question, definies, non_jugees in vus:
        assert not definies & non_jugees, (question, definies & non_jugees)
    if assignment == "partie3_ia":  # NegaAwale (Q19) calls max_vals (Q20): judged after it, with its reference
        ordre_des_questions = [q for q, *_ in vus]
        assert ordre_des_questions.index("Q20") < ordre_des_questions.index("Q19")
        assert "max_vals" in next(d for q, d, _ in vus if q == "Q19")


def test_a_question_cannot_pass_the_next_one_a_reference_through_the_sandbox():
    etapes = [juge.CelluleDeCode(0, VOLEUR), juge.CelluleDeCode(1, questions=[("Q4", "tour_joueur1")]),
              juge.CelluleDeCode(2, RECELEUR), juge.CelluleDeCode(3, questions=[("Q8", "deplacer_graines")])]
    verdicts = juge.juger_notebook(etapes, bac_a_sable=True, limites=juge.Limites(delai_question=30), sujet=CCINP)
    assert verdicts["Q4"].ok, verdicts["Q4"].message  # the thief's own answer is right: only what it stole is worth nothing
    assert not verdicts["Q8"].ok and not verdicts["Q8"].fraction, verdicts["Q8"].message
