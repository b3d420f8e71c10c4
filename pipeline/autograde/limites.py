"""Bounds on what one notebook makes the grader handle: its sources, and each output it produces."""

from __future__ import annotations

import json
from typing import Any

from nbconvert.exporters.exporter import ResourcesDict
from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Integer

from awale_ref.grading.eleve import syntaxe
from pipeline.autograde.ressources import qui


class LimiteSources(NbGraderPreprocessor):
    """A cell of the student's too long to grade is replaced, in the graded copy only, by a French note.

    Its source would otherwise be parsed and run by the grader, and written,
    highlighted, into the feedback (a 3 MB cell: gigabytes of memory, a page of
    75 MB).  Cells the teacher wrote (locked, restored from the gradebook by
    ``OverwriteCells``, which runs before) are never touched; the submitted
    notebook (``submitted/``) keeps what the student wrote.
    """

    source_max = Integer(syntaxe.SOURCE_MAX, help="characters of one cell's source").tag(config=True)
    sources_max_notebook = Integer(4 * 1024 ** 2, help="characters of all the student's cells of a notebook"
                                   ).tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: ResourcesDict) -> tuple[NotebookNode, ResourcesDict]:
        total = 0
        for cell in nb.cells:
            if cell.metadata.get("nbgrader", {}).get("locked"):
                continue
            taille = len(cell.source)
            total += taille
            if taille > self.source_max or total > self.sources_max_notebook:
                self.log.warning("Cell of %s: %d characters of source, too long to grade: replaced by a note "
                                 "in the graded copy", qui(resources), taille)
                note = (f"cellule de {taille} caractères, trop longue pour être corrigée (au plus {self.source_max} "
                        f"par cellule et {self.sources_max_notebook} pour le notebook) : elle n'est ni exécutée "
                        f"ni jugée. Votre copie rendue n'est pas modifiée.")
                cell.source = f"# {note}\n" if cell.cell_type == "code" else note
                total -= taille
        return nb, resources


def taille_sortie(sortie: Any) -> int:
    """Characters of one output, whatever its type and field (stream text, data of every MIME type, metadata,
    error name, message and traceback)."""
    if sortie.get("output_type") == "stream":
        return len(sortie.get("text", ""))
    return (len(json.dumps(sortie.get("data", {}), default=str)) + len(json.dumps(sortie.get("metadata", {}),
                                                                                    default=str))
            + len(str(sortie.get("ename", ""))) + len(str(sortie.get("evalue", "")))
            + sum(len(str(ligne)) for ligne in sortie.get("traceback", [])))


ERREUR_MAX = 20_000  # characters of an error's message, and of its traceback, kept in a graded notebook


def borner_erreur(sortie: NotebookNode, note: str) -> None:
    """Cut an error output's name, message and traceback (an exception's message can be of any size)."""
    sortie["ename"] = str(sortie.get("ename", ""))[:200]
    if len(str(sortie.get("evalue", ""))) > ERREUR_MAX:
        sortie["evalue"] = str(sortie["evalue"])[:ERREUR_MAX] + note
    lignes, garde = [], 0
    for ligne in sortie.get("traceback", []):
        ligne = str(ligne)
        if garde + len(ligne) > ERREUR_MAX:
            lignes.append(ligne[:max(ERREUR_MAX - garde, 0)] + note)
            break
        lignes.append(ligne)
        garde += len(ligne)
    sortie["traceback"] = lignes


