"""A submission's structure as the gradebook defines it: which cell is what, restored before anything runs."""

from __future__ import annotations

import ast
import copy
from typing import Any, NamedTuple

import nbformat
from nbconvert.exporters.exporter import ResourcesDict
from nbformat.notebooknode import NotebookNode
from nbgrader import nbgraderformat, utils
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.preprocessors import NbGraderPreprocessor, OverwriteCells

from awale_ref.grading.eleve import syntaxe
from pipeline.autograde.ressources import CLE_ECHEC


def est_cellule_de_test(cell: NotebookNode) -> bool:
    """A graded, autograded code cell (nbgrader's "autograder tests")."""
    return cell.cell_type == "code" and utils.is_grade(cell) and not utils.is_solution(cell)


def questions_cachees(source: str) -> list[tuple[str, str]]:
    """``(question, expression)`` of each ``corriger("QN", expression)`` call in a test cell.

    >>> questions_cachees('tester("Q4", f, 1)\\n### BEGIN HIDDEN TESTS\\ncorriger("Q4", tour_joueur1)\\n')
    [('Q4', 'tour_joueur1')]
    """
    try:
        arbre = syntaxe.analyser(source)
    except SyntaxError:
        return []
    trouvees = []
    for noeud in ast.walk(arbre):
        if (isinstance(noeud, ast.Call) and len(noeud.args) == 2
                and (getattr(noeud.func, "id", None) == "corriger" or getattr(noeud.func, "attr", None) == "corriger")
                and isinstance(noeud.args[0], ast.Constant) and isinstance(noeud.args[0].value, str)):
            trouvees.append((noeud.args[0].value, ast.unparse(noeud.args[1])))
    return sorted(trouvees, key=lambda qe: source.find(qe[0]))


class RestaureMetadonnees(NbGraderPreprocessor):
    """Puts back the whole nbgrader metadata of every known cell, as the gradebook defines the cell.

    Runs before nbgrader's ``OverwriteCells``, which restores sources and
    points but crashes on a cell whose *role* was changed (a solution cell
    marked as graded: ``MissingEntry``), on a graded cell it does not know
    (``KeyError`` with ``add_missing_cells``), and lets ``CheckCellMetadata``
    stop the whole class on a ``schema_version`` it does not know.  Every
    field of a known cell's ``nbgrader`` metadata is rebuilt from the
    gradebook (:func:`roles_du_carnet`: nbgrader's own gradebook-to-metadata mapping,
    checked against its schema): whatever the student wrote there (a
    ``schema_version``, points as text, ``grade: "oui"``, unknown keys) is
    replaced, and logged.  A cell the gradebook does not know loses its
    nbgrader metadata; metadata that nbformat's own schema refuses is
    removed first (:meth:`_reparer_metadonnees`).  Runs first of all, before
    nbgrader's ``ClearOutput``: nbconvert refuses an invalid notebook after
    any preprocessor.  At the notebook level, the grader's own key
    (``awale_correction``, which marks a notebook graded 0 for a reason) and
    a ``nbgrader`` key are removed.
    """

    def preprocess(self, nb: NotebookNode, resources: ResourcesDict) -> tuple[NotebookNode, ResourcesDict]:
        info = resources["nbgrader"]
        qui = f"{info.get('student', '?')}/{info['notebook']}"
        with Gradebook(info["db_url"]) as gb:
            roles = roles_du_carnet(gb, info["notebook"], info["assignment"])
        self._reparer_metadonnees(nb, qui)
        for cle in (CLE_ECHEC, "nbgrader"):
            if cle in nb.metadata and not (cle == CLE_ECHEC and resources.get(CLE_ECHEC)):
                self.log.warning("Notebook-level metadata %r of %s removed (the student's, never the grader's)",
                                 cle, qui)
                del nb.metadata[cle]
        self._dedoublonner(nb, roles, qui)
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader")
            if not isinstance(meta, dict) or "grade_id" not in meta:
                continue
            gid = meta["grade_id"]
            if gid not in roles:  # a cell the student made up: not graded (nbgrader would crash on it)
                self.log.warning("Cell %s of %s is unknown to the gradebook: its nbgrader metadata is "
                                 "removed, it is not graded", gid, qui)
                del cell.metadata["nbgrader"]
                continue
            attendu = roles[gid].metadonnees
            # (the checksum of a test cell is the release's, not the gradebook's: OverwriteCells sets it anyway)
            changes = sorted(k for k in set(meta) | set(attendu)
                             if k != "checksum" and meta.get(k, _ABSENT) != attendu.get(k, _ABSENT))
            if changes:
                self.log.warning("Cell %s of %s: nbgrader metadata changed by the student, restored from the "
                                 "gradebook: %s", gid, qui,
                                 ", ".join(f"{k} {meta.get(k, _ABSENT)!r:.60} -> {attendu.get(k, _ABSENT)!r}"
                                           for k in changes))
            cell.metadata["nbgrader"] = copy.deepcopy(attendu)
        return nb, resources

    def _reparer_metadonnees(self, nb: NotebookNode, qui: str) -> None:
        """Remove the metadata that nbformat's own schema refuses (each entry the validator names).

        A notebook-level ``kernelspec`` that is a string: nbconvert would
        refuse the notebook after the first preprocessor.  Only the
        notebook's metadata is touched (the kernelspec comes back from the
        gradebook, ``language_info`` from the kernel); a cell whose metadata
        is not a mapping cannot even be read by nbformat, and any other
        structural error fails the notebook alone (:class:`ExportateurPrudent`).
        """
        from nbformat.validator import iter_validate

        for erreur in list(iter_validate(nb)):
            chemin = list(erreur.absolute_path)
            if chemin[:1] == ["metadata"] and len(chemin) >= 2 and chemin[1] in nb.metadata:
                self.log.warning("Notebook-level metadata %r of %s removed: %s", chemin[1], qui,
                                 erreur.message[:200])
                del nb.metadata[chemin[1]]

    def _dedoublonner(self, nb: NotebookNode, roles: dict[str, _Role], qui: str) -> None:
        """One cell per known ``grade_id``, of the type the release gave it.

        A pasted copy of a cell (same ``grade_id``) keeps running as an
        ordinary cell; the role stays with the last copy, as nbgrader's
        ``DeduplicateIds`` would choose, but a copy of the wrong type (a code
        cell turned into markdown, or the reverse) never takes it.  A cell
        whose type was changed gets its type back.
        """
        par_id: dict[str, list[NotebookNode]] = {}
        for cell in nb.cells:
            if "nbgrader" not in cell.metadata:
                continue
            meta = cell.metadata["nbgrader"]
            if isinstance(meta, dict) and isinstance(meta.get("grade_id"), str):
                par_id.setdefault(meta["grade_id"], []).append(cell)
            else:
                del cell.metadata["nbgrader"]  # no grade_id: not an nbgrader cell (nbgrader would crash on it)
        for gid, cellules in par_id.items():
            if gid not in roles:
                continue
            type_cellule = roles[gid].cell_type
            bonnes = [c for c in cellules if c.cell_type == type_cellule] or cellules
            gardee = bonnes[-1]
            for cell in cellules:
                if cell is not gardee:
                    self.log.warning("Cell %s of %s appears %d times: the copy at position %d is kept as an "
                                     "ordinary cell, not graded", gid, qui, len(cellules), nb.cells.index(cell))
                    del cell.metadata["nbgrader"]
            if gardee.cell_type != type_cellule:
                self.log.warning("Cell %s of %s was turned into %s: its type %s is restored", gid, qui,
                                 gardee.cell_type, type_cellule)
                index = nb.cells.index(gardee)
                if type_cellule == "code":
                    nouvelle = nbformat.v4.new_code_cell(gardee.source, metadata=gardee.metadata)
                else:
                    nouvelle = nbformat.v4.new_markdown_cell(gardee.source, metadata=gardee.metadata)
                nouvelle.pop("id", None)
                if "id" in gardee:
                    nouvelle["id"] = gardee["id"]
                nb.cells[index] = nouvelle


_ABSENT = "(absent)"


class _Role(NamedTuple):
    """What the gradebook says a cell of the release is: its type and its whole nbgrader metadata."""

    cell_type: str
    metadonnees: dict[str, Any]


def roles_du_carnet(gb: Gradebook, notebook: str, assignment: str) -> dict[str, _Role]:
    """``{grade_id: role}`` of every cell of the released notebook, in the gradebook's order.

    Each cell's metadata is what nbgrader itself writes back for a cell it
    restores from the gradebook (``OverwriteCells.missing_cell_transform``,
    upgraded to the current schema), with the cell's own role (graded or
    not, solution, task) and points; it must pass nbgrader's validation, so
    a future nbgrader with other fields fails here, loudly, not on a
    student.  One query per kind of cell, not five per cell: this runs on
    every graded notebook.  An unknown notebook has no known cell.
    """
    try:
        carnet = gb.find_notebook(notebook, assignment)
    except MissingEntry:
        return {}
    notes = {c.name: float(c.max_score) for c in carnet.grade_cells}
    taches = {c.name: float(c.max_score) for c in carnet.task_cells}
    solutions = {c.name for c in carnet.solution_cells}
    restaurer = OverwriteCells()
    validateur = nbgraderformat.MetadataValidator()
    roles = {}
    for source in carnet.source_cells:
        nom = source.name
        cellule = restaurer.missing_cell_transform(source, notes.get(nom, taches.get(nom, 0.0)),
                                                   is_solution=nom in solutions, is_task=nom in taches)
        meta = cellule.metadata["nbgrader"]
        meta["grade"], meta["task"] = nom in notes, nom in taches
        if nom not in notes and nom not in taches:
            del meta["points"]
        if meta.get("checksum") is None:
            meta.pop("checksum", None)
        validateur.validate_cell(cellule)
        roles[nom] = _Role(source.cell_type, dict(meta))
    return roles


