"""The course's notebooks: in sync with the subjects' ``cours/``, graded as they should, runnable end to end.

One temporary course folder per session (never the project itself): the
course is rebuilt there from the subjects' ``cours/`` (``pipeline.build.construire`` and
``nbgrader generate_assignment``), then the source notebooks (with their
solutions) and the untouched release notebooks are autograded by nbgrader.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import nbformat
import pytest

from pipeline import demo
from pipeline.build import ASSIGNMENTS, RACINE
from pipeline.client_noyau import ClientNotebook
from pipeline.report import lire_notes

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (tests/conftest.py)

ASSIGNS = ASSIGNMENTS
_SOLUTION_PLIEE = re.compile(r"<summary>💡 Voir une solution</summary>\s*```python\n(.*?)\n```", re.S)


@pytest.fixture(scope="session")
def cours(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A course rebuilt from the subjects' cours/, with 'corrige' (source notebooks) and 'vierge' (release) autograded."""
    racine = tmp_path_factory.mktemp("cours")
    assignments = demo.preparer_cours(racine)
    assert assignments == ASSIGNS
    for a in assignments:
        for eleve, forme in (("corrige", "source"), ("vierge", "release")):
            dossier = racine / "submitted" / eleve / a
            dossier.mkdir(parents=True)
            shutil.copy(racine / forme / a / f"{a}.ipynb", dossier / f"{a}.ipynb")
    demo.autograder(racine, assignments, travailleurs=2)  # two Dask workers (pipeline/correction_dask.py)
    return racine


def _lire(chemin: Path) -> nbformat.NotebookNode:
    return nbformat.read(chemin, as_version=4)


def _empreinte(nb: nbformat.NotebookNode) -> list[tuple]:
    """What must not drift between a rebuild and the committed notebook: cells, sources, nbgrader metadata."""
    return [(c.cell_type, c.source, c.metadata.get("nbgrader"), c.metadata.get("tags")) for c in nb.cells]


def test_chaque_source_du_cours_a_ses_notebooks():
    assert ASSIGNS, "no awale_ref/sujets/*/cours/<assignment>.py"
    for forme in ("source", "release"):
        assert sorted(p.name for p in (RACINE / forme).iterdir() if p.is_dir()) == sorted(ASSIGNS), forme
    assert sorted(p.stem for p in (RACINE / "notebooks" / "autoformation").glob("*.ipynb")) == sorted(ASSIGNS)


@pytest.mark.parametrize("forme", ["source", "release", "notebooks/autoformation"])
def test_les_notebooks_commites_sont_a_jour(cours, forme):
    """Rebuild in a temporary folder and compare: run `python -m pipeline.build` after editing a cours/ source."""
    for a in ASSIGNS:
        relatif = Path(forme) / (f"{a}.ipynb" if forme.startswith("notebooks") else f"{a}/{a}.ipynb")
        assert _empreinte(_lire(RACINE / relatif)) == _empreinte(_lire(cours / relatif)), (
            f"{relatif} is out of date: run python -m pipeline.build {a}")


def _notes(cours: Path, eleve: str) -> dict[tuple[str, str], tuple[float | None, float, bool]]:
    _, _, notes = lire_notes(cours)
    return {(n.assignment, n.grade_id): (n.score, n.max_score, n.manuel) for n in notes if n.eleve == eleve}


def test_les_solutions_ont_tous_les_points_automatiques(cours):
    notes = _notes(cours, "corrige")
    automatiques = {k: v for k, v in notes.items() if not v[2]}
    assert {a for a, _ in automatiques} == set(ASSIGNS)
    manques = {k: v[:2] for k, v in automatiques.items() if v[0] != v[1]}
    assert not manques, f"the reference answers lose points: {manques}"


def test_une_copie_vierge_a_zero_et_s_execute_jusqu_au_bout(cours):
    notes = _notes(cours, "vierge")
    assert notes and all(score == 0 for score, _, _ in notes.values()), notes
    for a in ASSIGNS:
        nb = _lire(cours / "autograded" / "vierge" / a / f"{a}.ipynb")
        codes = [c for c in nb.cells if c.cell_type == "code"]
        assert all(c.execution_count is not None for c in codes), f"{a}: a cell was not executed"
        # the kernel survived: the last code cell ran after all the failures
        assert codes[-1].execution_count == max(c.execution_count for c in codes)


def _executer(nb: nbformat.NotebookNode, dossier: Path) -> nbformat.NotebookNode:
    """Execute like a learner's "Run all": a cell may raise only if tagged raises-exception."""
    ClientNotebook(nb, dossier, timeout=120, allow_errors=False).execute()
    return nb


def _erreurs(nb: nbformat.NotebookNode) -> list[int]:
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
            and any(o.get("output_type") == "error" for o in c.get("outputs", []))]


@pytest.mark.parametrize("assignment", ASSIGNS)
def test_autoformation_avec_les_bouchons_va_jusqu_au_bout(assignment, tmp_path):
    """Untouched self-study notebook: only the test cells and the top-level stubs may fail."""
    nb = _executer(_lire(RACINE / "notebooks" / "autoformation" / f"{assignment}.ipynb"), tmp_path)
    erreurs = _erreurs(nb)
    assert erreurs, "the untouched self-study notebook should fail its tests"
    for i in erreurs:
        assert "raises-exception" in nb.cells[i].metadata.get("tags", []), nb.cells[i].source[:200]


@pytest.mark.parametrize("assignment", ASSIGNS)
def test_autoformation_avec_les_solutions_depliees_passe_tout(assignment, tmp_path):
    """Each stub replaced by the solution folded under it: every cell runs without error."""
    nb = _lire(RACINE / "notebooks" / "autoformation" / f"{assignment}.ipynb")
    remplacees = 0
    for cellule, suivante in zip(nb.cells, nb.cells[1:]):
        m = _SOLUTION_PLIEE.search(suivante.source) if suivante.cell_type == "markdown" else None
        if m and cellule.cell_type == "code":
            cellule.source = m.group(1)
            remplacees += 1
    assert remplacees > 0
    nb = _executer(nb, tmp_path)
    assert _erreurs(nb) == [], [nb.cells[i].source[:200] for i in _erreurs(nb)]


def _role(cell: nbformat.NotebookNode) -> dict:
    return cell.metadata.get("nbgrader", {})


@pytest.mark.parametrize("assignment", ASSIGNS)
def test_chaque_cellule_de_tests_tourne_apres_un_redemarrage(assignment, tmp_path):
    """Each test cell of the release runs after a restart with only the tools cell and the student's answers
    (the course's solutions, in notebook order) run before it: it needs no other given cell.  Each
    given cell (a drawing, a board, given code) runs after a restart with the tools cell, then the answers and
    the given cells above it, in notebook order (« run all above »)."""
    release = _lire(RACINE / "release" / assignment / f"{assignment}.ipynb")
    solutions = {_role(c)["grade_id"]: c.source for c in _lire(RACINE / "source" / assignment / f"{assignment}.ipynb").cells
                 if _role(c).get("solution") and c.cell_type == "code"}
    outils = next(c for c in release.cells if _role(c).get("grade_id") == "imports")
    cellules, tests, reponses, au_dessus = [], [], [], []  # answers; answers and given cells, in order
    for cell in release.cells:
        role = _role(cell)
        if cell.cell_type != "code" or cell is outils:
            continue
        if role.get("solution"):
            reponses.append(nbformat.v4.new_code_cell(solutions[role["grade_id"]]))
            au_dessus.append(reponses[-1])
        else:  # a test cell or a given cell: a fresh namespace, then what it may use
            avant = reponses if role.get("grade") else au_dessus
            cellules += [nbformat.v4.new_code_cell("%reset -f"), nbformat.v4.new_code_cell(outils.source),
                         *(nbformat.v4.new_code_cell(r.source) for r in avant)]
            tests.append((len(cellules), role.get("grade_id")))
            cellules.append(nbformat.v4.new_code_cell(cell.source))
            if not role.get("grade"):
                au_dessus.append(cellules[-1])
    assert tests
    nb = nbformat.v4.new_notebook(cells=cellules, metadata=release.metadata)
    for fichier in (RACINE / "release" / assignment).iterdir():  # the files handed out with the notebook
        if fichier.is_file() and fichier.suffix != ".ipynb":
            shutil.copy(fichier, tmp_path / fichier.name)
    ClientNotebook(nb, tmp_path, timeout=120, allow_errors=True).execute()
    echecs = {gid: f"{o.ename}: {o.evalue}"[:300] for i, gid in tests
              for o in nb.cells[i].outputs if o.get("output_type") == "error"}
    preparation = [f"{o.ename}: {o.evalue}"[:300] for c in nb.cells for o in c.outputs
                   if o.get("output_type") == "error" and c not in [nb.cells[i] for i, _ in tests]]
    assert not echecs and not preparation, (echecs, preparation)


_CODE_EN_LIGNE = re.compile(r"`([A-Za-z_]\w*) = ([^`]+)`")


@pytest.mark.parametrize("assignment", ASSIGNS)
def test_les_reponses_que_suggere_l_enonce_tournent_apres_un_redemarrage(assignment):
    """An answer the statement writes out (« Calculez `Q10_S1_S2 = sommets_12(G, 2, 2)` ») reads only names
    that the tools cell, the answers before it or Python define: after a restart, with the tools cell and the
    answers run, it runs as written (never a name that only a drawing cell defines)."""
    import ast
    import builtins

    source = _lire(RACINE / "source" / assignment / f"{assignment}.ipynb")
    reponses = set(re.findall(r"tester\(\s*[\"']([A-Za-z_]\w*)[\"']\s*,\s*\1\s*\)", "\n".join(
        c.source for c in source.cells if c.cell_type == "code")))  # the answers given as values: tester("Q7", Q7)
    definis = set(dir(builtins)) | {"display"}
    manques = []
    for cell in source.cells:
        role = _role(cell)
        if cell.cell_type == "markdown":
            for nom, expression in _CODE_EN_LIGNE.findall(cell.source):
                if nom not in reponses:
                    continue
                try:
                    lus = {n.id for n in ast.walk(ast.parse(expression)) if isinstance(n, ast.Name)}
                except SyntaxError:
                    continue
                if lus - definis:
                    manques.append((nom, expression, sorted(lus - definis)))
        elif cell.cell_type == "code" and (role.get("solution") or role.get("grade_id") == "imports"):
            try:
                arbre = ast.parse(cell.source)
            except SyntaxError:
                continue
            for noeud in ast.walk(arbre):
                if isinstance(noeud, ast.Name) and isinstance(noeud.ctx, ast.Store):
                    definis.add(noeud.id)
                elif isinstance(noeud, (ast.FunctionDef, ast.ClassDef)):
                    definis.add(noeud.name)
                elif isinstance(noeud, (ast.Import, ast.ImportFrom)):
                    definis.update((a.asname or a.name).split(".")[0] for a in noeud.names)
    assert not manques, manques
