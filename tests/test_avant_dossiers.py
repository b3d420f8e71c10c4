"""Notebooks released and graded before the subjects had their folders (issue 24) are graded the same.

``tests/data/avant_issue24/`` holds, from commit 381c649 (before the move), the teacher's source
notebooks of ``partie3_ia`` and ``olympiades_images`` (their hidden tests import ``corriger`` from
``awale_ref.grading`` and ``awale_ref.olympiades.correction_images``) and four submissions of the demo
class (their cells import ``awale_ref.grading``, ``awale_ref.exam``, ``awale_ref.olympiades.images``
and ``awale_ref.olympiades.dessins``), with the score of each graded cell that the real ``nbgrader
autograde`` gave them then (``scores.json``).  They go through the real ``nbgrader autograde`` again,
sandbox on, with the course's own limits: every cell must score what it scored before.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pipeline.nbgrader_cli import nbgrader
from outils import autograder, lire_scores

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (tests/conftest.py)

RACINE = Path(__file__).resolve().parent.parent
DONNEES = RACINE / "tests" / "data" / "avant_issue24"
ATTENDUS = json.loads((DONNEES / "scores.json").read_text(encoding="utf-8"))
ASSIGNMENTS = sorted({cle.split("__")[0] for cle in ATTENDUS})


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_a_notebook_released_before_the_move_scores_as_before(tmp_path: Path, assignment: str) -> None:
    (tmp_path / "source" / assignment).mkdir(parents=True)
    shutil.copy(DONNEES / f"{assignment}__source.ipynb", tmp_path / "source" / assignment / f"{assignment}.ipynb")
    shutil.copy(RACINE / "nbgrader_config.py", tmp_path / "nbgrader_config.py")
    (tmp_path / "pipeline").symlink_to(RACINE / "pipeline")
    nbgrader("generate_assignment", assignment, "--force", racine=tmp_path, capture=True)
    eleves = [cle.split("__")[1] for cle in ATTENDUS if cle.startswith(assignment + "__")]
    for eleve in eleves:
        dossier = tmp_path / "submitted" / eleve / assignment
        dossier.mkdir(parents=True)
        shutil.copy(DONNEES / f"{assignment}__{eleve}.ipynb", dossier / f"{assignment}.ipynb")
    fin = autograder(tmp_path, assignment)
    assert fin.returncode == 0, fin.stdout[-3000:] + fin.stderr[-3000:]
    scores = lire_scores(tmp_path, eleves, assignment)
    for eleve in eleves:
        assert scores[eleve] == pytest.approx(ATTENDUS[f"{assignment}__{eleve}"]), eleve
