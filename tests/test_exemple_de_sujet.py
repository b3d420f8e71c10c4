"""The guide's worked example, the game of Nim (``docs/exemple_sujet/nim/``), plugged in from its folder alone.

The example stays outside the course: a child process appends its folder to ``awale_ref.sujets.__path__``
(:func:`brancher`), so that :func:`awale_ref.grading.registre.catalogue.tous` finds it there and nowhere else (this test's
process never imports it).  In that process the assignment is built by the project's build (``pipeline.build``:
its teacher notebook, from ``cours/nim.py``), released by ``nbgrader generate_assignment`` in a course of its
own, and copies of it are graded by the real ``nbgrader autograde`` with the course's configuration (sandbox
on), run inside that process (``pipeline.nbgrader_cli.nbgrader_ici``) so that nbgrader, the grading kernel's
package and the judge all see the example.  The guide's section « Un sujet complet pas à pas » quotes the
example's files: each of its Python blocks is checked to be in them.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parent.parent
EXEMPLE = RACINE / "docs" / "exemple_sujet"
GUIDE = RACINE / "docs" / "ajouter_un_sujet.md"
SECTION = "## Un sujet complet pas à pas : le jeu de Nim"

JUSTE = {  # a right copy, written otherwise than the reference
    "q1_reponse": "Q1_perdantes = [12, 8, 4, 0]",
    "q2_coups_possibles": "def coups_possibles(n):\n    return list(range(1, min(n, 3) + 1))",
    "q3_gagnante": ("def gagnante(n):\n    if n == 0:\n        return False\n"
                    "    return any(not gagnante(n - k) for k in coups_possibles(n))"),
    "q4_gagnante_memo": ("def gagnante_memo(n):\n    connues = {0: False}\n    for m in range(1, n + 1):\n"
                         "        connues[m] = any(not connues[m - k] for k in coups_possibles(m))\n"
                         "    return connues[n]"),
    "q5_coup_gagnant": "def coup_gagnant(n):\n    return n % 4 if n % 4 else 1",
}
FAUX = {  # one typical mistake per question: (its cell, its code, the rule family it breaks; None: every family)
    "Q1_perdantes": ("q1_reponse", "Q1_perdantes = [4, 8, 12]", None),  # 0 forgotten
    "Q2": ("q2_coups_possibles", "def coups_possibles(n):\n    return [1, 2, 3]", None),  # n < 3 forgotten
    "Q3": ("q3_gagnante", "def gagnante(n):\n    return n % 4 != 0",  # the formula: not recursive
           "récursive : gagnante s'appelle elle-même"),
    "Q4": ("q4_gagnante_memo", ("def gagnante_memo(n):\n"  # no memo: every position recomputed
                                "    return any(not gagnante_memo(n - k) for k in coups_possibles(n))"),
           "mémoïsation (appels comptés)"),
    "Q5": ("q5_coup_gagnant", "def coup_gagnant(n):\n    return n % 4", "position perdante : une seule allumette"),
}


# ---------------------------------------------------------------- run in the child process only
def brancher() -> None:
    """Make the example a subject of ``awale_ref.sujets`` for this process."""
    import awale_ref.sujets

    awale_ref.sujets.__path__.append(str(EXEMPLE))


def noter(racine: str, copies: dict[str, dict[str, str]]) -> dict:
    """In a course at ``racine``: build the assignment ``nim`` with the project's build, release it, hand in each
    copy (``{student: {grade_id: code}}``, the solution cells it changes from the teacher's), grade them all by
    ``nbgrader autograde``; the points of each graded cell of each copy, and what the test checks beside."""
    brancher()
    import doctest
    import importlib

    import nbformat

    import outils
    from awale_ref.grading.correcteur import bac_a_sable
    from awale_ref.grading.registre import catalogue
    from awale_ref.sujets.nim import SUJET
    from pipeline import build
    from pipeline.autograde import paquet_noyau
    from pipeline.nbgrader_cli import nbgrader_en_processus, nbgrader_ici

    cours = Path(racine)
    # the grading kernel's package is cached by the text of awale_ref alone: the example's is built apart
    paquet_noyau.dossier = lambda: cours / ".paquet_correction"
    cours.mkdir(parents=True)
    (cours / "nbgrader_config.py").write_text((RACINE / "nbgrader_config.py").read_text())
    (cours / "pipeline").symlink_to(RACINE / "pipeline")
    source = build.instructeur(build.lire_source("nim"), build.totaux_points(), "nim")
    (cours / "source" / "nim").mkdir(parents=True)
    nbformat.write(source, cours / "source" / "nim" / "nim.ipynb")
    nbgrader_ici("generate_assignment", "nim", "--force", racine=cours)
    for etudiant, modifs in copies.items():
        copie = nbformat.from_dict(json.loads(json.dumps(source)))
        for cellule in copie.cells:
            if cellule.metadata.get("nbgrader", {}).get("grade_id") in modifs:
                cellule.source = modifs[cellule.metadata["nbgrader"]["grade_id"]]
        (cours / "submitted" / etudiant / "nim").mkdir(parents=True)
        nbformat.write(copie, cours / "submitted" / etudiant / "nim" / "nim.ipynb")
    journal = nbgrader_ici("autograde", "nim", "--log-level=WARN", racine=cours)
    notes = outils.lire_scores(cours, list(copies), "nim")
    # the guide's way out once copies are in: new points are taken, a new graded cell is refused
    bareme = nbformat.from_dict(json.loads(json.dumps(source)))
    next(c for c in bareme.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q1_tests"
         ).metadata.nbgrader.points = 0.5
    nbformat.write(bareme, cours / "source" / "nim" / "nim.ipynb")
    points_changes = nbgrader_en_processus(cours, "generate_assignment", "nim", "--force")[0]
    nouvelle = nbformat.from_dict(json.loads(json.dumps(bareme.cells[-1])))
    nouvelle.metadata.nbgrader.grade_id, nouvelle["id"] = "q6_tests", "c999"
    bareme.cells.append(nouvelle)
    nbformat.write(bareme, cours / "source" / "nim" / "nim.ipynb")
    code, log, imprime = nbgrader_en_processus(cours, "generate_assignment", "nim", "--force")
    return {"notes": notes, "points_changes": points_changes,
            "cellule_ajoutee": [code, log + imprime, (cours / "release" / "nim").exists()],
            "points": {c.metadata["nbgrader"]["grade_id"]: float(c.metadata["nbgrader"]["points"])
                       for c in source.cells if c.metadata.get("nbgrader", {}).get("grade")},
            "familles": {q: {f.nom: f.poids for f in s.familles} for q, s in SUJET.specs.items()},
            "sujets": [s.module_correction for s in catalogue.tous()], "devoirs": list(build.ASSIGNMENTS),
            "hors_domaine": [(q, c) for q, spec in SUJET.specs.items() for c in spec.cas() if not spec.domaine(c)],
            "doctests": [doctest.testmod(importlib.import_module(m)).failed for m in (SUJET.module_reference,
                                                                                       "awale_ref.sujets.nim.specs")],
            "bac_a_sable": bac_a_sable.actif(True), "journal": journal}


def _enfant(fonction: str, *args: object) -> dict:
    code = (f"import json, sys; sys.path[:0] = [{str(RACINE / 'tests')!r}, {str(RACINE)!r}]; "
            f"import test_exemple_de_sujet as t; "
            f"print(json.dumps(t.{fonction}(*json.loads(sys.argv[1]))))")
    fait = subprocess.run([sys.executable, "-c", code, json.dumps(args)], cwd=RACINE, capture_output=True, text=True,
                          timeout=900)
    assert fait.returncode == 0, fait.stderr[-3000:]
    return json.loads(fait.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------- the tests
@pytest.fixture(scope="module")
def resultats(tmp_path_factory) -> dict:
    copies = {"reference": {}, "juste": JUSTE}
    # every mistake in one copy: each question is graded on its own (the reference's functions stand for the
    # others it calls: Q4's recursion calls the reference's coups_possibles, not this copy's wrong one)
    copies["faux"] = {gid: code for gid, code, _ in FAUX.values()}
    return _enfant("noter", str(tmp_path_factory.mktemp("cours_nim") / "cours"), copies)


def test_the_example_is_a_subject_there_only(resultats):
    assert resultats["bac_a_sable"] and "WITHOUT the sandbox" not in resultats["journal"]
    assert "awale_ref.sujets.nim" in resultats["sujets"] and "nim" in resultats["devoirs"]
    import awale_ref.sujets

    assert str(EXEMPLE) not in awale_ref.sujets.__path__
    assert "awale_ref.sujets.nim" not in sys.modules
    assert not (RACINE / "awale_ref" / "sujets" / "nim").exists()


def test_its_hidden_cases_lie_in_their_domains_and_its_examples_run(resultats):
    assert resultats["hors_domaine"] == [] and resultats["doctests"] == [0, 0]


def test_the_reference_and_a_right_copy_get_full_marks(resultats):
    notes, points = resultats["notes"], resultats["points"]
    tests = {gid: p for gid, p in points.items() if gid.endswith("_tests")}
    assert len(tests) == 5, f"le sujet nim devrait avoir cinq cellules de tests notées : {sorted(tests)}"
    for copie in ("reference", "juste"):
        assert notes[copie] == tests, f"la copie {copie} n'a pas tous les points : {notes[copie]}"


@pytest.mark.parametrize("question", sorted(FAUX))
def test_a_typical_mistake_loses_what_its_rules_say(resultats, question):
    gid, _, famille = FAUX[question]
    cellule = gid.split("_")[0] + "_tests"
    points = resultats["points"][cellule]
    perdu = points if famille is None else round(resultats["familles"][question][famille] * points, 2)
    assert perdu > 0
    assert resultats["notes"]["faux"][cellule] == round(points - perdu, 2), (
        f"{question} : l'erreur typique devait perdre {perdu:g} point(s) sur {points:g}")


def test_once_copies_are_in_nbgrader_takes_new_points_and_refuses_a_new_graded_cell(resultats):
    assert resultats["points_changes"] == 0
    code, journal, release = resultats["cellule_ajoutee"]
    assert code != 0 and "Cannot add or remove cells for notebook 'nim'" in journal, journal[-2000:]
    assert not release, "nbgrader retire le dossier release/nim qu'il n'a pas pu écrire (le guide le dit)"


def test_the_guide_quotes_the_example_as_it_is():
    texte = GUIDE.read_text(encoding="utf-8")
    assert SECTION in texte, f"docs/ajouter_un_sujet.md n'a plus la section {SECTION!r}"
    section = texte.split(SECTION, 1)[1].split("\n## ", 1)[0]
    blocs = re.findall(r"```python\n(.*?)```", section, re.S)
    fichiers = {p.relative_to(EXEMPLE).as_posix(): p.read_text(encoding="utf-8") for p in EXEMPLE.rglob("*.py")}
    assert len(blocs) >= 5
    for bloc in blocs:
        assert any(bloc in contenu for contenu in fichiers.values()), (
            f"ce bloc de la section {SECTION!r} n'est plus dans docs/exemple_sujet/ : corrigez l'un ou l'autre\n"
            f"{bloc}")
