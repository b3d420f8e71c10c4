"""What students read: one statement of the annex's rule, and the wording of the course's texts."""

import json
import re
from pathlib import Path

import pytest

from pipeline.build import (ASSIGNMENTS, BANDEAU_AUTONOMIE, MARQUE_ANNEXE, MARQUE_PLATEAU, NOTE_PLATEAU,
                            regle_annexe)

RACINE = Path(__file__).resolve().parent.parent
FORMES = {"source": "source/{a}/{a}.ipynb", "release": "release/{a}/{a}.ipynb",
          "autoformation": "notebooks/autoformation/{a}.ipynb"}


def _markdown(chemin: Path) -> list[str]:
    return [("".join(c["source"]) if isinstance(c["source"], list) else c["source"])
            for c in json.loads(chemin.read_text())["cells"] if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("forme", FORMES)
def test_the_annex_rule_is_stated_once_the_same_way_in_every_notebook(forme):
    regle = regle_annexe()
    assert "Q20 (`max_vals`)" in regle  # derived from the grading specs: what the grader enforces
    avec_regle = []
    for assignment in ASSIGNMENTS:
        textes = _markdown(RACINE / FORMES[forme].format(a=assignment))
        assert not [t for t in textes if MARQUE_ANNEXE in t]
        mentions = [t for t in textes if re.search(r"\bannexe\b", t, re.I)]
        if [t for t in mentions if regle in t]:
            avec_regle.append(assignment)
        # Any other mention of the annex agrees with the rule: max, min and sort are forbidden.
        for texte in mentions:
            for phrase in re.findall(r"[^.]*\bannexe\b[^.]*", texte, re.I):
                assert "là où l'énoncé le précise" not in phrase
    assert avec_regle == ["partie2_structure", "partie3_ia"]  # the two notebooks where Python is written


@pytest.mark.parametrize("perime", [
    "par exemple réussi", "des milliers de positions", "Rien n'est noté ni envoyé",
    "deux situations de famine", "Elles sont corrigées à la main", "corrigées à la main.",
])
def test_wording_fixed_in_issue_12_is_gone(perime):
    for assignment in ASSIGNMENTS:
        for forme in FORMES.values():
            for texte in _markdown(RACINE / forme.format(a=assignment)):
                assert perime not in texte, (forme.format(a=assignment), perime)


def test_self_study_banner_does_not_contradict_the_bareme():
    for assignment in ASSIGNMENTS:
        textes = _markdown(RACINE / FORMES["autoformation"].format(a=assignment))
        assert textes[0] == BANDEAU_AUTONOMIE and "Barème" in "\n".join(textes)
        assert "barème est celui de la version notée" in textes[0]


def test_every_board_tells_what_to_do_when_the_kernel_has_stopped():
    """Each notebook that shows a board says, once, to run the cell again after « Error displaying widget »."""
    chemins = [RACINE / FORMES[f].format(a=a) for f in FORMES for a in ASSIGNMENTS]
    chemins += sorted((RACINE / "notebooks").glob("*.ipynb"))
    avec_plateau = 0
    for chemin in chemins:
        carnet = json.loads(chemin.read_text())
        codes = ["".join(c["source"]) for c in carnet["cells"] if c["cell_type"] == "code"]
        textes = _markdown(chemin)
        assert not [t for t in textes if MARQUE_PLATEAU in t], chemin
        plateaux = sum("Plateau(" in code for code in codes)
        if plateaux:
            avec_plateau += 1
            assert sum(NOTE_PLATEAU in t for t in textes) >= 1, chemin
    assert avec_plateau >= 10  # partie1, partie2, partie3_ia in three forms, and plateau_demo


def test_every_tracked_notebook_already_has_the_metadata_jupyterlab_writes():
    """Opening a notebook starts its kernel, and JupyterLab writes the kernel's language_info into it: a
    notebook that already holds it is not marked modified (tests/test_browser.py opens the students' ones)."""
    import subprocess
    from pipeline.build import metadonnees_noyau
    suivis = subprocess.run(["git", "ls-files", "*.ipynb"], cwd=RACINE, capture_output=True, text=True,
                            check=True).stdout.split()
    assert len(suivis) >= 14
    attendu = metadonnees_noyau()
    for chemin in suivis:
        metadonnees = json.loads((RACINE / chemin).read_text())["metadata"]
        assert {k: metadonnees.get(k) for k in attendu} == attendu, (
            f"{chemin}: its kernel metadata is not what this interpreter's kernel reports "
            f"({metadonnees.get('language_info')} != {attendu['language_info']}); JupyterLab would mark it "
            "modified on opening: run python -m pipeline.build with the project's Python")
        assert "jupytext" not in metadonnees, chemin  # no pairing: opening never rewrites a .py


def test_the_q18_solution_tree_is_absent_from_the_graded_notebooks():
    """The graded Q18 shows the tree with « ? » only; the answer values are not in the release."""
    for forme in ("release", "source"):
        carnet = json.loads((RACINE / FORMES[forme].format(a="partie3_ia")).read_text())
        codes = ["".join(c["source"]) for c in carnet["cells"] if c["cell_type"] == "code"]
        dessins = [code for code in codes if "dessiner_arbre(" in code]
        assert dessins and all("montrer_valeurs=False" in code for code in dessins), forme
    release = "\n".join("".join(c["source"]) for c in json.loads(
        (RACINE / FORMES["release"].format(a="partie3_ia")).read_text())["cells"])
    assert "Q18_case = 4" not in release and '"e": (2, 0)' not in release
