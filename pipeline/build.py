"""Build every form of the course from its single source, ``awale_ref/sujets/<sujet>/cours/<assignment>.py``.

A course source is a jupytext "percent" script.  Cells are marked with tags:

- no tag: prose (markdown) or plain code;
- ``readonly``: given code or text the student must not edit (nbgrader locks it);
- ``solution`` (code, ``grade_id=…``): the student's cell; the solution sits
  between ``### BEGIN SOLUTION`` / ``### END SOLUTION``.  A line
  ``### SOLUTION: <reference module>.NAME`` (the subject's reference, a module of
  ``awale_ref.sujets.<sujet>``) there stands for
  the body of that reference function (its docstring left out): the solution
  is written once, in the package;
- ``tests`` (code, ``grade_id=…``, ``points=N``): visible tests, then hidden
  tests between ``### BEGIN HIDDEN TESTS`` / ``### END HIDDEN TESTS``;
- ``manual`` (markdown, ``grade_id=…``, ``points=N``): a justification graded
  by hand; its text is the model answer.

From it this module writes:

- ``source/<a>/<a>.ipynb``: the nbgrader instructor notebook;
- ``release/<a>/<a>.ipynb``: the student version, by ``nbgrader generate_assignment``;
- ``notebooks/autoformation/<a>.ipynb``: the self-study version (stubs, the
  solution behind a "Voir une solution" fold, the full checks runnable locally).

It also writes ``notebooks/<nom>.ipynb`` from each ``notebooks/<nom>.py`` (the board and tree
notebooks, jupytext sources that are *not* paired).  Every notebook gets the kernel metadata that
JupyterLab itself writes when the notebook's kernel starts (:func:`metadonnees_noyau`), so that
opening a notebook does not mark it modified and autosave never rewrites a tracked file.

Run ``python -m pipeline.build`` (all assignments) or with assignment names.
"""

from __future__ import annotations

import argparse
import ast
import copy
import functools
import inspect
import re
import shutil
import tempfile
import textwrap
from pathlib import Path

import jupytext
import nbformat

from awale_ref.grading.registre import catalogue
from pipeline.nbgrader_cli import nbgrader

RACINE = Path(__file__).resolve().parent.parent
ASSIGNMENTS = tuple(catalogue.devoirs())
"""Every assignment of the course, in order, found in the subjects' folders
(``awale_ref/sujets/<sujet>/cours/<assignment>.py``, :func:`awale_ref.grading.registre.catalogue.devoirs`); a *series* is
those of one paper, whose points add up to one grade."""


def source_du_devoir(assignment: str) -> Path:
    """The course source of an assignment, in its subject's folder."""
    sujet = catalogue.devoirs().get(assignment)
    if sujet is None:
        raise CourseError(f"unknown assignment {assignment!r}: no awale_ref/sujets/*/cours/{assignment}.py; "
                          f"known: {', '.join(ASSIGNMENTS)}")
    return sujet.source_du_devoir(assignment)

STUB_CODE = "# VOTRE CODE ICI\nraise NotImplementedError()"
STUB_TEXTE = "VOTRE RÉPONSE ICI"
_SOLUTION = re.compile(r"^([ \t]*)### BEGIN SOLUTION\n(.*?)^[ \t]*### END SOLUTION\n?", re.S | re.M)
_CACHES = re.compile(r"^[ \t]*### BEGIN HIDDEN TESTS\n(.*?)^[ \t]*### END HIDDEN TESTS\n?", re.S | re.M)
_KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
MARQUE_ANNEXE = "(règle de l'annexe)"
"""A markdown line of a course source that the build replaces with :func:`regle_annexe`."""
MARQUE_PLATEAU = "(si le plateau disparaît)"
NOTE_PLATEAU = (
    "*Le plateau vit dans le noyau Python : si, en rouvrant ce carnet, vous lisez « Error displaying "
    "widget » à la place du plateau, c'est que le noyau s'est arrêté entre-temps. Réexécutez la cellule "
    "du plateau (et celles qui définissent vos fonctions) : il revient.*")
"""What a student reads next to every board, in every notebook (marker :data:`MARQUE_PLATEAU`)."""


def remplacer_marques(texte: str) -> str:
    """A markdown text with the build's markers replaced by the single statements they stand for."""
    if MARQUE_ANNEXE in texte:
        texte = texte.replace(MARQUE_ANNEXE, regle_annexe())
    return texte.replace(MARQUE_PLATEAU, NOTE_PLATEAU)
BANDEAU_AUTONOMIE = (
    "> **Version en autonomie.** Ce carnet n'est ni relevé ni noté : écrivez vos fonctions, lancez les "
    "tests (les exemples de l'énoncé, puis la vérification complète sur des centaines de positions) et "
    "dépliez « Voir une solution » seulement après avoir cherché. Le barème est celui de la version notée : "
    "il dit ce que pèse chaque question.")


class CourseError(ValueError):
    """A course source breaks the format above."""


_REFERENCE = re.compile(r"^([ \t]*)### SOLUTION: (awale_ref(?:\.\w+)*)\.(\w+)[ \t]*$", re.M)


def corps_de_reference(nom: str, indentation: str, module: str) -> str:
    """The body of the reference function ``<module>.<nom>`` without its docstring, indented by ``indentation``.

    >>> print(corps_de_reference("ecrire", "", "awale_ref.notation"))
    return "".join(lettre(c, n) for n, c in enumerate(cases))
    """
    import importlib

    try:
        fonction = getattr(importlib.import_module(module), nom, None)
    except ImportError:
        fonction = None
    if not inspect.isfunction(fonction):
        raise CourseError(f"### SOLUTION: {module}.{nom}: no such reference function")
    lignes = textwrap.dedent(inspect.getsource(fonction)).splitlines()
    definition = ast.parse("\n".join(lignes)).body[0]
    corps = definition.body[1:] if ast.get_docstring(definition) is not None else definition.body
    extrait = textwrap.dedent("\n".join(lignes[corps[0].lineno - 1:definition.end_lineno]))
    return textwrap.indent(extrait, indentation)


def developper_references(source: str) -> str:
    """Replace every ``### SOLUTION: awale_ref.<module>.NAME`` line by that function's body."""
    return _REFERENCE.sub(lambda m: corps_de_reference(m.group(3), m.group(1), m.group(2)), source)


def _nbgrader(cell: nbformat.NotebookNode, index: int) -> dict | None:
    tags = cell.metadata.get("tags", [])
    gid = cell.metadata.get("grade_id")
    points = cell.metadata.get("points")
    base = {"schema_version": 3, "task": False}
    if "solution" in tags:
        return {**base, "grade": False, "locked": False, "solution": True, "grade_id": gid}
    if "tests" in tags:
        return {**base, "grade": True, "locked": True, "solution": False, "grade_id": gid, "points": points}
    if "manual" in tags:
        return {**base, "grade": True, "locked": False, "solution": True, "grade_id": gid, "points": points}
    if "readonly" in tags:
        return {**base, "grade": False, "locked": True, "solution": False,
                "grade_id": gid or f"lecture_{index:03d}"}
    return None


_LUES: dict[Path, tuple[str, nbformat.NotebookNode]] = {}
"""The course sources parsed by :func:`_lire_jupytext`: each one's text and notebook."""


def _lire_jupytext(chemin: Path) -> nbformat.NotebookNode:
    """``jupytext.read(chemin)``, parsed once per text of the file: while its text is unchanged, a copy of the
    notebook parsed before (the build, the students' package and the checks read each course source many times)."""
    texte = chemin.read_text(encoding="utf-8")
    lue = _LUES.get(chemin)
    if lue is None or lue[0] != texte:
        lue = _LUES[chemin] = (texte, jupytext.reads(texte, fmt={"extension": chemin.suffix}))
    return copy.deepcopy(lue[1])


def lire_source(assignment: str) -> nbformat.NotebookNode:
    """Read and validate ``awale_ref/sujets/<sujet>/cours/<assignment>.py``."""
    chemin = source_du_devoir(assignment)
    nb = _lire_jupytext(chemin)
    vus: set[str] = set()
    for i, cell in enumerate(nb.cells):
        cell.metadata.pop("lines_to_next_cell", None)
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "code":
            cell.source = developper_references(cell.source)
        role = [t for t in tags if t in ("solution", "tests", "manual", "readonly")]
        if len(role) > 1:
            raise CourseError(f"{chemin.name} cell {i}: several roles {role}")
        if role and role[0] != "readonly" or "grade_id" in cell.metadata:
            gid = cell.metadata.get("grade_id")
            if not gid or gid in vus:
                raise CourseError(f"{chemin.name} cell {i}: missing or duplicate grade_id {gid!r}")
            vus.add(gid)
        if role and role[0] in ("tests", "manual") and not isinstance(cell.metadata.get("points"), (int, float)):
            raise CourseError(f"{chemin.name} cell {i}: graded cell {cell.metadata.get('grade_id')} has no points")
        if role == ["solution"] and cell.cell_type == "code" and not _SOLUTION.search(cell.source + "\n"):
            raise CourseError(f"{chemin.name} cell {i}: solution cell without ### BEGIN SOLUTION")
    return nb


def points(nb: nbformat.NotebookNode) -> list[tuple[str, float]]:
    """``(grade_id, points)`` of the graded cells, in order."""
    return [(c.metadata["grade_id"], c.metadata["points"]) for c in nb.cells
            if {"tests", "manual"} & set(c.metadata.get("tags", []))]


def metadonnees_noyau() -> dict:
    """The notebook metadata JupyterLab sets when a python3 kernel of this interpreter starts.

    ``language_info`` is what ipykernel reports (it includes the Python version): a committed
    notebook that already holds it is not marked modified when it is opened.
    """
    from ipykernel.ipkernel import IPythonKernel
    return {"kernelspec": dict(_KERNEL), "language_info": copy.deepcopy(IPythonKernel.language_info)}


def _nouveau_notebook(cells: list) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata = metadonnees_noyau()
    nb.cells = cells
    return nb


CARNETS = RACINE / "notebooks"


def carnet_depuis_script(script: Path) -> nbformat.NotebookNode:
    """``notebooks/<nom>.ipynb`` from its jupytext script: same cells, stable ids, kernel metadata, no pairing."""
    source = jupytext.read(script)
    cells = []
    for cell in source.cells:
        new = (nbformat.v4.new_code_cell(cell.source) if cell.cell_type == "code"
               else nbformat.v4.new_markdown_cell(remplacer_marques(cell.source)))
        new.metadata = {k: v for k, v in cell.metadata.items() if k == "tags"}
        cells.append(new)
    out = _nouveau_notebook(cells)
    for i, cell in enumerate(out.cells):
        cell["id"] = f"n{i:03d}"
    return out


def construire_carnets(racine: Path = RACINE) -> list[Path]:
    """Write ``notebooks/<nom>.ipynb`` for each ``notebooks/<nom>.py``; return the paths."""
    ecrits = []
    for script in sorted(CARNETS.glob("*.py")):
        cible = racine / "notebooks" / f"{script.stem}.ipynb"
        cible.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(carnet_depuis_script(script), cible)
        ecrits.append(cible)
    return ecrits


def question_de(grade_id: str) -> str:
    """The question of a graded cell: every grade_id starts with its question number (the one place that
    reads it: the build, the demo class, the report and the similarity report use this).

    >>> question_de("q8_deplacer_graines"), question_de("q2_tests_gains")
    ('Q8', 'Q2')
    """
    trouve = re.match(r"q(\d+)_", grade_id)
    if not trouve:
        raise CourseError(f"graded cell {grade_id!r}: its grade_id must start with its question, like q8_tests")
    return f"Q{int(trouve.group(1))}"


def _repartition(question: str, points: float, specs: dict) -> str:
    """How a question's automatic points are split between its rule families (from the subject's grading specs)."""
    if question not in specs or len(specs[question].rubriques()) < 2:
        return ""
    return " ; ".join(f"{f.nom} {round(f.poids * points, 2):g}" for f in specs[question].rubriques())


def sujet_du_carnet(nb: nbformat.NotebookNode):
    """The subject a course notebook is graded on, named by its test cells (``awale_ref.grading.registre.catalogue``)."""
    from awale_ref.grading.registre import catalogue

    try:
        return catalogue.sujet_des_sources([c.source for c in nb.cells if "tests" in c.metadata.get("tags", [])])
    except ValueError as exc:
        raise CourseError(str(exc)) from None


@functools.lru_cache(maxsize=None)
def sujet_de(assignment: str):
    """The subject of ``awale_ref/sujets/<sujet>/cours/<assignment>.py``."""
    return sujet_du_carnet(lire_source(assignment))


def serie(assignment: str, assignments: tuple[str, ...] = ASSIGNMENTS) -> tuple[str, ...]:
    """The assignments graded on the same subject as ``assignment`` (its series), in course order."""
    nom = sujet_de(assignment).serie
    return tuple(a for a in assignments if a in ASSIGNMENTS and sujet_de(a).serie == nom)


def _bareme(nb: nbformat.NotebookNode, totaux: dict[str, float], assignment: str) -> str:
    questions: dict[str, list[float]] = {}
    for cell in nb.cells:
        tags = cell.metadata.get("tags", [])
        if {"tests", "manual"} & set(tags):
            points = questions.setdefault(question_de(cell.metadata["grade_id"]), [0.0, 0.0])
            points[1 if "manual" in tags else 0] += float(cell.metadata["points"])
    lignes = ["**Barème de ce notebook**, par question : points de la correction automatique, points notés "
              "*à la main* par l'enseignant (justifications), et la répartition des points automatiques entre "
              "les règles vérifiées.", "",
              "| question | automatique | à la main | total | répartition |", "|---|---|---|---|---|"]
    for question, (auto, main) in questions.items():
        lignes.append(f"| {question} | {auto:g} | {main:g} | {auto + main:g} | "
                      f"{_repartition(question, auto, sujet_du_carnet(nb).specs)} |")
    totaux = {a: p for a, p in totaux.items() if a in serie(assignment)}
    total = sum(totaux.values())
    lignes += ["", f"Total : **{totaux[assignment]:g} points** sur {total:g} pour toute la série "
               f"({', '.join(f'{a} : {p:g}' for a, p in totaux.items())})."]
    return "\n".join(lignes)


def regle_annexe() -> str:
    """The annex's rule, stated once for every notebook, with the questions where grading enforces it.

    The list comes from the grading specs (constraint ``sans_max_min_sort``), so the text says
    exactly what the grader checks.
    """
    verifiees = [f"{s.question} (`{s.nom}`)" for sujet in catalogue.tous() for s in sujet.specs.values()
                 if "sans_max_min_sort" in s.contraintes]
    if not verifiees:
        raise CourseError("no grading spec enforces the annex's rule: the course text would be wrong")
    return ("**La règle de l'annexe.** L'épreuve n'autorise que les commandes de base de Python rappelées "
            "dans son annexe, sans les fonctions toutes faites comme `max`, `min`, `sort` ou `sorted`. "
            "Cette règle vaut pour toutes les questions ; la correction automatique la vérifie là où l'une "
            f"de ces fonctions ferait le travail à votre place : {', '.join(verifiees)}.")


def _ligne_points(cell: nbformat.NotebookNode) -> str:
    p = cell.metadata["points"]
    return f"# {cell.metadata['grade_id']} — {p:g} point{'s' if p > 1 else ''}\n"


def instructeur(nb: nbformat.NotebookNode, totaux: dict[str, float], assignment: str) -> nbformat.NotebookNode:
    """The nbgrader source notebook."""
    cells = []
    for index, cell in enumerate(nb.cells):
        cell = copy.deepcopy(cell)
        tags = cell.metadata.get("tags", [])
        meta = _nbgrader(cell, index)
        if "tests" in tags:
            cell.source = _ligne_points(cell) + cell.source
            tags = tags + ["raises-exception"]  # "Run all" goes on past a failing test
        if "solution" in tags and cell.cell_type == "code" and _SOLUTION.search(cell.source + "\n") and \
                _SOLUTION.search(cell.source + "\n").group(1) == "":
            tags = tags + ["raises-exception"]  # a top-level stub raises NotImplementedError
        if "bareme" in tags:
            cell.source = _bareme(nb, totaux, assignment)
        if cell.cell_type == "markdown":
            cell.source = remplacer_marques(cell.source)
        new = (nbformat.v4.new_code_cell(cell.source) if cell.cell_type == "code"
               else nbformat.v4.new_markdown_cell(cell.source))
        new.metadata = {}
        kept = [t for t in tags if t in ("raises-exception",)]
        if kept:
            new.metadata["tags"] = kept
        if meta:
            new.metadata["nbgrader"] = meta
            if meta["locked"]:
                new.metadata["editable"] = False
                new.metadata["deletable"] = False
        new.pop("id", None)
        cells.append(new)
    out = _nouveau_notebook(cells)
    for i, cell in enumerate(out.cells):
        cell["id"] = f"c{i:03d}"  # stable ids keep diffs small
    return out


def autoformation(nb: nbformat.NotebookNode, totaux: dict[str, float], assignment: str) -> nbformat.NotebookNode:
    """The self-study notebook: stubs, folded solutions, every check runnable locally."""
    cells = [nbformat.v4.new_markdown_cell(BANDEAU_AUTONOMIE)]
    for cell in instructeur(nb, totaux, assignment).cells:
        meta = cell.metadata.pop("nbgrader", None)
        cell.metadata.pop("editable", None)
        cell.metadata.pop("deletable", None)
        if meta and meta["solution"] and cell.cell_type == "code":
            solution = cell.source
            cell.source = _SOLUTION.sub(lambda m: "".join(m.group(1) + ligne + "\n"
                                                          for ligne in STUB_CODE.splitlines()), cell.source + "\n").rstrip("\n")
            propre = _SOLUTION.sub(lambda m: m.group(2), solution + "\n").rstrip("\n")
            cells.append(cell)
            cells.append(nbformat.v4.new_markdown_cell(
                f"<details><summary>💡 Voir une solution</summary>\n\n```python\n{propre}\n```\n\n</details>"))
            continue
        if meta and meta["solution"]:  # a manual answer: the model answer is folded
            modele = cell.source
            cell.source = f"*{STUB_TEXTE}*"
            cells.append(cell)
            cells.append(nbformat.v4.new_markdown_cell(
                f"<details><summary>💡 Voir des éléments de réponse</summary>\n\n{modele}\n\n</details>"))
            continue
        if meta and meta["grade"]:
            cell.source = _CACHES.sub(lambda m: "# Vérification complète (les tests cachés de la version notée) :\n"
                                      + m.group(1), cell.source + "\n").rstrip("\n")
        cells.append(cell)
    out = _nouveau_notebook(cells)
    for i, cell in enumerate(out.cells):
        cell["id"] = f"a{i:03d}"
    return out


def totaux_points() -> dict[str, float]:
    return {a: sum(p for _, p in points(lire_source(a))) for a in ASSIGNMENTS}


def generer_release(racine: Path, assignment: str) -> None:
    """``nbgrader generate_assignment`` with a throw-away gradebook."""
    with tempfile.TemporaryDirectory() as tmp:
        nbgrader("generate_assignment", assignment, "--force", f"--CourseDirectory.root={racine}",
                 f"--CourseDirectory.db_url=sqlite:///{tmp}/gradebook.db", "--log-level=WARN", racine=racine)


def construire(racine: Path = RACINE, assignments: tuple[str, ...] | None = None, release: bool = True) -> list[Path]:
    """Write the source, self-study (and release) notebooks under ``racine``; return the paths."""
    totaux = totaux_points()
    ecrits = []
    for assignment in assignments or tuple(totaux):
        nb = lire_source(assignment)
        cible = racine / "source" / assignment / f"{assignment}.ipynb"
        cible.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(instructeur(nb, totaux, assignment), cible)
        auto = racine / "notebooks" / "autoformation" / f"{assignment}.ipynb"
        auto.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(autoformation(nb, totaux, assignment), auto)
        ecrits += [cible, auto]
        if release:
            if racine != RACINE:
                shutil.copy(RACINE / "nbgrader_config.py", racine / "nbgrader_config.py")
            generer_release(racine, assignment)
            ecrits.append(racine / "release" / assignment / f"{assignment}.ipynb")
    return ecrits


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Build source/, release/ and notebooks/autoformation/ from awale_ref/sujets/*/cours/.")
    parser.add_argument("assignments", nargs="*", help=f"default: all of {', '.join(ASSIGNMENTS)} that exist")
    parser.add_argument("--no-release", action="store_true", help="skip nbgrader generate_assignment")
    args = parser.parse_args(argv)
    ecrits = construire(assignments=tuple(args.assignments) or None, release=not args.no_release)
    if not args.assignments:
        ecrits += construire_carnets()
    for chemin in ecrits:
        print(f"écrit {chemin.relative_to(RACINE)}")


if __name__ == "__main__":
    main()
