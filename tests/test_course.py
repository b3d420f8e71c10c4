"""The course's notebooks: in sync with the subjects' ``cours/``, their value answers right, runnable end to end.

One temporary course folder per session (never the project itself): the
course is rebuilt there from the subjects' ``cours/`` (``pipeline.build.construire`` and
``nbgrader generate_assignment``) and compared with the committed notebooks.  The
course's solutions and an untouched release are graded by the real ``nbgrader
autograde`` in the demo class (``tests/test_demo_class.py``: the model student and the
blank copy); the values the source notebooks write, on the statement's own data, are
judged here, in this process, by the judge's own check.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest

from awale_ref.grading.correcteur.reponses_structurees import verifier_reponse
from awale_ref.grading.executant import encodage
from pipeline import demo
from pipeline.build import ASSIGNMENTS, RACINE, sujet_de
from pipeline.client_noyau import ClientNotebook
from pipeline.variantes_copiees import valeurs_litterales

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

ASSIGNS = ASSIGNMENTS
_SOLUTION_PLIEE = re.compile(r"<summary>💡 Voir une solution</summary>\s*```python\n(.*?)\n```", re.S)


@pytest.fixture(scope="session")
def cours(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A course rebuilt from the subjects' cours/."""
    racine = tmp_path_factory.mktemp("cours")
    assert demo.preparer_cours(racine) == ASSIGNS
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


def test_les_valeurs_du_corrige_sont_justes_sur_les_donnees_de_l_enonce():
    """Each value the source notebooks write as an answer (``Q1_cases = [5, 4, 2]``) gets all its points from the
    judge's check (``verifier_reponse`` on the subject's table, the value as it crosses from the runner) on the
    statement's own data, as a course with variants off grades it.  The demo class grades these cells with
    variants on, each such value redrawn for its student (``pipeline.erreurs_simulees.reponses_de_la_variante``):
    the values written here are checked nowhere else.  An answer the notebook computes (``Q10_S1_S2 =
    sommets_12(G, 2, 2)``) is handed in as written by the demo's model student, and graded there."""
    juges, fausses, calculees_sur_variante = [], {}, []
    for a in ASSIGNS:
        sujet = sujet_de(a)
        reponses = [cell.source for cell in _lire(RACINE / "source" / a / f"{a}.ipynb").cells
                    if cell.cell_type == "code" and _role(cell).get("solution")]
        noms = [n.id for source in reponses for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)]
        for source in reponses:
            valeurs = valeurs_litterales(source)
            for noeud in ast.parse(source).body:
                if not (isinstance(noeud, ast.Assign) and len(noeud.targets) == 1
                        and isinstance(noeud.targets[0], ast.Name) and noeud.targets[0].id in sujet.reponses):
                    continue
                question = noeud.targets[0].id
                if question not in valeurs or noms.count(question) > 1:  # computed, or filled in after (Q8_tableau = {})
                    if sujet.variante_de(question) is not None:
                        calculees_sur_variante.append((a, question))
                    continue
                valeur = encodage.decoder(json.loads(json.dumps(encodage.encoder(valeurs[question]))))
                verdict = verifier_reponse(question, valeur, sujet.reponses, sujet.donnees_de(question, None))
                juges.append((a, question))
                if verdict.part != 1:
                    fausses[(a, question)] = verdict.message
    assert juges, "no value answer in the source notebooks"
    assert any(sujet_de(a).variante_de(q) for a, q in juges), "no value answer asked on per-student data"
    assert not fausses, f"the reference answers lose points on the statement's data: {fausses}"
    assert not calculees_sur_variante, (f"{calculees_sur_variante}: a value asked on per-student data is computed in "
                                        "the source notebook, so nothing grades it on the statement's data: write it "
                                        "as a literal")


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
    the given cells above it, in notebook order (« run all above »).  The restart is ``%reset -f``; one for
    each test cell, one for all the given cells: run in notebook order with the answers between them, each
    given cell runs after exactly the cells its own « run all above » would run (the test cells left out)."""
    release = _lire(RACINE / "release" / assignment / f"{assignment}.ipynb")
    solutions = {_role(c)["grade_id"]: c.source for c in _lire(RACINE / "source" / assignment / f"{assignment}.ipynb").cells
                 if _role(c).get("solution") and c.cell_type == "code"}
    outils = next(c for c in release.cells if _role(c).get("grade_id") == "imports")
    redemarrer = ("%reset -f", outils.source)  # a fresh namespace, then the tools cell
    cellules, tests, reponses, au_dessus = [], [], [], []  # answers; (source, given?, grade id) of answers and
    # given cells, in order
    for cell in release.cells:
        role = _role(cell)
        if cell.cell_type != "code" or cell is outils:
            continue
        if role.get("solution"):
            reponses.append(solutions[role["grade_id"]])
            au_dessus.append((reponses[-1], False, role["grade_id"]))
        elif role.get("grade"):  # a test cell: the answers above it, then the cell
            cellules += [nbformat.v4.new_code_cell(source) for source in (*redemarrer, *reponses)]
            tests.append((len(cellules), role.get("grade_id")))
            cellules.append(nbformat.v4.new_code_cell(cell.source))
        else:  # a given cell
            au_dessus.append((cell.source, True, role.get("grade_id")))
    while au_dessus and not au_dessus[-1][1]:  # the answers below the last given cell
        au_dessus.pop()
    if au_dessus:
        cellules += [nbformat.v4.new_code_cell(source) for source in redemarrer]
        for source, donnee, grade_id in au_dessus:
            if donnee:
                tests.append((len(cellules), grade_id))
            cellules.append(nbformat.v4.new_code_cell(source))
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
