"""Notebooks released and graded before the subjects had their folders are graded the same.

``tests/data/avant_issue24/`` holds, from commit 381c649 (before the move), the teacher's source
notebooks of ``partie3_ia`` and ``olympiades_images`` and four submissions of the demo class, with the
score of each graded cell that the real ``nbgrader autograde`` gave them then (``scores.json``).  Their
cells import the modules by the paths they had then (``awale_ref.grading``, ``awale_ref.olympiades.…``),
which no longer exist (the CCINP's ``facts`` now in its folder too): the package keeps no alias for them.  The test points those imports at the modules
of the subjects' folders (:data:`CHEMINS_DEPLACES`, the only change made to the notebooks), then sends the
notebooks through the real ``nbgrader autograde`` again, sandbox on, with the course's own limits: every
cell must score what it scored before.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from pipeline.nbgrader_cli import nbgrader_ici
from outils import autograder, lire_scores

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

RACINE = Path(__file__).resolve().parent.parent
DONNEES = RACINE / "tests" / "data" / "avant_issue24"
ATTENDUS = json.loads((DONNEES / "scores.json").read_text(encoding="utf-8"))
ASSIGNMENTS = sorted({cle.split("__")[0] for cle in ATTENDUS})

CHEMINS_DEPLACES = {
    "awale_ref.grading": "awale_ref.sujets.ccinp_2024",  # tester, corriger
    "awale_ref.facts": "awale_ref.sujets.ccinp_2024.facts",  # Q18_JEU
    "awale_ref.olympiades.correction_images": "awale_ref.sujets.olympiades_2025_images",
    "awale_ref.olympiades.images": "awale_ref.sujets.olympiades_2025_images.images",
    "awale_ref.olympiades.dessins": "awale_ref.sujets.olympiades_2025_images.dessins",
}
"""The modules these notebooks import that moved into the subjects' folders: old path -> module now."""
_IMPORT_DEPLACE = re.compile(r"\bfrom (" + "|".join(map(re.escape, CHEMINS_DEPLACES)) + r") import\b")


def avec_les_chemins_actuels(source: Path, cible: Path) -> None:
    """Copy the notebook ``source`` to ``cible``, its imports of moved modules pointed at their modules now."""
    texte = _IMPORT_DEPLACE.sub(lambda m: f"from {CHEMINS_DEPLACES[m.group(1)]} import",
                                source.read_text(encoding="utf-8"))
    cible.write_text(texte, encoding="utf-8")


def test_les_carnets_n_importent_plus_que_des_chemins_actuels(tmp_path: Path) -> None:
    """Once pointed at the modules now, every name the notebooks import exists where they import it from."""
    import ast
    import importlib

    import nbformat

    importes = []
    for carnet in DONNEES.glob("*.ipynb"):
        avec_les_chemins_actuels(carnet, tmp_path / carnet.name)
        for cellule in nbformat.read(tmp_path / carnet.name, as_version=4).cells:
            if cellule.cell_type == "code":
                lignes = [ligne for ligne in cellule.source.splitlines() if not ligne.startswith("%")]
                importes += [(n.module, a.name) for n in ast.walk(ast.parse("\n".join(lignes)))
                             if isinstance(n, ast.ImportFrom) and n.module.startswith("awale_ref") for a in n.names]
    assert {m for m, _ in importes} >= set(CHEMINS_DEPLACES.values())
    manquants = [(m, nom) for m, nom in importes if not hasattr(importlib.import_module(m), nom)]
    assert not manquants, f"names the old notebooks import that are nowhere now: {manquants}"


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_a_notebook_released_before_the_move_scores_as_before(tmp_path: Path, assignment: str) -> None:
    (tmp_path / "source" / assignment).mkdir(parents=True)
    avec_les_chemins_actuels(DONNEES / f"{assignment}__source.ipynb",
                             tmp_path / "source" / assignment / f"{assignment}.ipynb")
    shutil.copy(RACINE / "nbgrader_config.py", tmp_path / "nbgrader_config.py")
    (tmp_path / "pipeline").symlink_to(RACINE / "pipeline")
    nbgrader_ici("generate_assignment", assignment, "--force", racine=tmp_path)
    eleves = [cle.split("__")[1] for cle in ATTENDUS if cle.startswith(assignment + "__")]
    for eleve in eleves:
        dossier = tmp_path / "submitted" / eleve / assignment
        dossier.mkdir(parents=True)
        avec_les_chemins_actuels(DONNEES / f"{assignment}__{eleve}.ipynb", dossier / f"{assignment}.ipynb")
    fin = autograder(tmp_path, assignment)
    assert fin.returncode == 0, fin.stdout[-3000:] + fin.stderr[-3000:]
    scores = lire_scores(tmp_path, eleves, assignment)
    for eleve in eleves:
        assert scores[eleve] == pytest.approx(ATTENDUS[f"{assignment}__{eleve}"]), eleve
