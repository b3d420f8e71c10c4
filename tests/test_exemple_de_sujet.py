"""The guide's worked example, the game of Nim (``docs/exemple_sujet/nim/``), plugged in from its folder alone.

The example stays outside the course: a child process appends its folder to ``awale_ref.sujets.__path__``
(:func:`brancher`), so that :func:`awale_ref.grading.sujets.tous` finds it there and nowhere else (this test's
process never imports it).  In that process the assignment is built by the project's build
(``pipeline.build``: its teacher notebook, from ``cours/nim.py``), and copies of it are graded by the judge the
course uses (``awale_ref.grading.juge.juger_notebook``, the runner in its sandbox), cell by cell as
``nbgrader autograde`` scores them (``pipeline.autograde.verdicts``).  The guide's section
« Un sujet complet pas à pas » quotes the example's files: each of its Python blocks is checked to be in them.
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
FAUX = {  # one typical mistake per question: (the cell, the rule family it breaks, None: the whole question)
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


def noter(copies: dict[str, dict[str, str]]) -> dict:
    """Build the assignment ``nim`` with the project's build, then grade each copy (``{name: {grade_id:
    code}}``, the solution cells it changes) by the course's judge with the sandbox on: ``{name: {grade_id of a
    test cell: points}}``, with the points of each test cell and the subjects found."""
    brancher()
    from awale_ref.grading import juge, sujets
    from pipeline import build
    from pipeline.autograde.jugement import VerdictsDesTestsCaches

    source = build.instructeur(build.lire_source("nim"), build.totaux_points(), "nim")
    points = {c.metadata["nbgrader"]["grade_id"]: float(c.metadata["nbgrader"]["points"]) for c in source.cells
              if c.metadata.get("nbgrader", {}).get("grade")}
    notes: dict[str, dict[str, float]] = {}
    for nom, modifs in copies.items():
        nb = json.loads(json.dumps(source))
        for cellule in nb["cells"]:
            gid = cellule["metadata"].get("nbgrader", {}).get("grade_id")
            if gid in modifs:
                cellule["source"] = modifs[gid]
        import nbformat

        etapes, tests = VerdictsDesTestsCaches._etapes(nbformat.from_dict(nb))
        verdicts = juge.juger_notebook(etapes, bac_a_sable=True, sujet=sujets.devoirs()["nim"])
        notes[nom] = {}
        for cellule, questions in tests:
            gid = cellule.metadata["nbgrader"]["grade_id"]
            resultats = [verdicts[q] for q, _ in questions]
            part = sum(r.part for r in resultats) / len(resultats)
            notes[nom][gid] = points[gid] if all(r.ok for r in resultats) else round(part * points[gid], 2)
    return {"notes": notes, "points": points, "sujets": [s.module_correction for s in sujets.tous()],
            "devoirs": list(build.ASSIGNMENTS)}


def familles() -> dict:
    """The example's questions, their rule families' weights and the test cell of each (child process)."""
    brancher()
    from awale_ref.sujets.nim import SUJET

    return {q: {f.nom: f.poids for f in s.familles} for q, s in SUJET.specs.items()}


def _enfant(fonction: str, *args: object) -> dict:
    code = (f"import json, sys; sys.path.insert(0, {str(RACINE / 'tests')!r}); import test_exemple_de_sujet as t; "
            f"print(json.dumps(t.{fonction}(*json.loads(sys.argv[1]))))")
    fait = subprocess.run([sys.executable, "-c", code, json.dumps(args)], cwd=RACINE, capture_output=True, text=True,
                          timeout=900)
    assert fait.returncode == 0, fait.stderr[-3000:]
    return json.loads(fait.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------- the tests
@pytest.fixture(scope="module")
def resultats() -> dict:
    copies = {"reference": {}, "juste": JUSTE}
    copies |= {f"faux_{q}": {gid: code} for q, (gid, code, _) in FAUX.items()}
    return _enfant("noter", copies) | {"familles": _enfant("familles")}


def test_the_example_is_a_subject_there_only(resultats):
    assert "awale_ref.sujets.nim" in resultats["sujets"] and "nim" in resultats["devoirs"]
    import awale_ref.sujets

    assert str(EXEMPLE) not in awale_ref.sujets.__path__
    assert "awale_ref.sujets.nim" not in sys.modules
    assert not (RACINE / "awale_ref" / "sujets" / "nim").exists()


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
    attendu = dict(resultats["points"]) | {cellule: round(points - perdu, 2)}
    attendu = {g: p for g, p in attendu.items() if g.endswith("_tests")}
    assert perdu > 0
    assert resultats["notes"][f"faux_{question}"] == attendu


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
