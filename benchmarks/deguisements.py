"""Ways a student may disguise a copy, for the evasion benchmark (``bench_evasion.py``) and its sample in
``tests/test_similarite.py``: each takes a notebook handed in (the cells of the answers) or one answer's
code, and returns it disguised, doing what the code did."""

from __future__ import annotations

import copy

import nbformat


def _solutions(nb: nbformat.NotebookNode) -> list[int]:
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
            and c.get("metadata", {}).get("nbgrader", {}).get("solution")]


def reponses_deplacees(nb: nbformat.NotebookNode, stub: str) -> nbformat.NotebookNode:
    """Every answer moved into a new cell at the end of the notebook, with metadata of its own (a relabelled
    ``grade_id``, not marked as an answer); the answer cells left with the release's ``stub``."""
    nb = copy.deepcopy(nb)
    for n, i in enumerate(_solutions(nb)):
        nouvelle = nbformat.v4.new_code_cell(nb.cells[i].source)
        nouvelle.metadata["nbgrader"] = {"grade_id": f"brouillon_{n}", "solution": False, "grade": False}
        nb.cells.append(nouvelle)
        nb.cells[i].source = stub
    return nb


def metadonnees_renommees(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The answers left where they are, their ``grade_id`` relabelled and their ``solution`` mark removed."""
    nb = copy.deepcopy(nb)
    for n, i in enumerate(_solutions(nb)):
        nb.cells[i].metadata["nbgrader"].update(grade_id=f"cellule_{n}", solution=False)
    return nb


def tout_dans_la_premiere(nb: nbformat.NotebookNode, stub: str) -> nbformat.NotebookNode:
    """Every answer written in the first answer cell; the others left with the release's ``stub``."""
    nb = copy.deepcopy(nb)
    indices = _solutions(nb)
    if indices:
        nb.cells[indices[0]].source = "\n\n".join(nb.cells[i].source for i in indices)
        for i in indices[1:]:
            nb.cells[i].source = stub
    return nb
