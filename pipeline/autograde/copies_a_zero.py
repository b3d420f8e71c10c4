"""A notebook nbgrader cannot read or grade costs its author only: it scores 0 with the reason, the class goes on."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import nbformat
from nbconvert.exporters import NotebookExporter
from nbformat.notebooknode import NotebookNode
from nbgrader.api import Gradebook

from pipeline.autograde import prive
from pipeline.autograde.memoire import MemoireDuNotebook
from pipeline.autograde.ressources import CLE_ECHEC
from pipeline.autograde.structure import roles_du_carnet
from pipeline.autograde.verdicts import ENAME, sortie_erreur


class ExportateurPrudent(NotebookExporter):
    """Autograde's exporter (``c.Autograde.exporter_class``): an error on one notebook costs that notebook only.

    nbgrader stops the whole class on some errors of one notebook
    (``SchemaTooNewError``, ``SchemaTooOldError``: every student sorted
    after is never graded) and, on any other, leaves the notebook ungraded
    and exits 1.  Here, any error while reading, sanitizing or grading one
    notebook (nbgrader's, a preprocessor's, the file's) is caught for that
    notebook: it is logged (``ERROR``, with the reason) and the notebook is
    replaced by the released one rebuilt from the gradebook
    (:func:`copie_a_zero`), which nbgrader then grades as usual: 0 on every
    cell, a first cell and every test cell saying why, the reason in the
    notebook's metadata (``awale_correction``, read by the report and the
    Dask coordinator: :func:`copies_a_zero`).  The student's kernel and the
    judge never run on it.  A database error (``sqlalchemy``
    ``OperationalError``) is the course's, not the notebook's: it still
    stops nbgrader, as it should.  Each notebook's grading pass runs
    inside its memory cgroup (``memoire.MemoireDuNotebook``).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._a_zero: dict[tuple[str, str], str] = {}  # (student, notebook) -> reason, between the two passes

    def _nettoyage(self) -> bool:
        return prive.en_nettoyage(self.parent)

    def from_filename(self, filename: str, resources: dict | None = None, **kw: Any) -> tuple[str, dict]:
        import sqlalchemy.exc

        info = (resources or {}).get("nbgrader")
        if not isinstance(info, dict):  # not nbgrader's autograde: a plain exporter
            return super().from_filename(filename, resources, **kw)
        cle = (info.get("student", "?"), info.get("notebook", "?"))
        raison = self._a_zero.pop(cle, None) if not self._nettoyage() else None
        if raison is None:
            try:
                if self._nettoyage():
                    return super().from_filename(filename, resources, **kw)
                with MemoireDuNotebook(parent=self).pendant(resources):  # the notebook's memory cgroup, if any
                    return super().from_filename(filename, resources, **kw)
            except (KeyboardInterrupt, SystemExit, sqlalchemy.exc.OperationalError):
                raise
            except Exception as exc:  # noqa: BLE001 (the point: one notebook's error is that notebook's)
                raison = (f"{type(exc).__name__}: {exc}".strip().splitlines() or ["?"])[0][:500]
                self.log.error("Notebook %s/%s could not be graded (%s): it scores 0, with this reason in its "
                               "feedback; the rest of the class is graded", *cle, raison)
                self.log.debug("Traceback of %s/%s", *cle, exc_info=True)
        if self._nettoyage():
            self._a_zero[cle] = raison
        return self._noter_a_zero(resources, raison)

    def _noter_a_zero(self, resources: dict, raison: str) -> tuple[str, dict]:
        info = resources["nbgrader"]
        nb = copie_a_zero(info["db_url"], info["notebook"], info["assignment"], raison,
                          avec_sorties=not self._nettoyage())
        resources[CLE_ECHEC] = raison  # our preprocessors run nothing of the student's on it
        return self.from_notebook_node(nb, resources)


def copie_a_zero(db_url: str, notebook: str, assignment: str, raison: str, avec_sorties: bool) -> NotebookNode:
    """The released notebook rebuilt from the gradebook, saying why it scores 0 (``ExportateurPrudent``).

    Every cell the gradebook knows, in its order, with its release source
    and its whole nbgrader metadata (:func:`~pipeline.autograde.structure.roles_du_carnet`); a first cell explains,
    in French; with ``avec_sorties`` (the grading pass), every graded code
    cell carries the reason as an error output, which nbgrader scores 0.
    """
    with Gradebook(db_url) as gb:
        roles = roles_du_carnet(gb, notebook, assignment)
        carnet = gb.find_notebook(notebook, assignment)
        sources = {c.name: c.source for c in carnet.source_cells}
        noyau = json.loads(carnet.kernelspec) if carnet.kernelspec else None
    message = (f"Copie non corrigée : ce notebook n'a pas pu être lu ou corrigé ({raison}). Il vaut 0. "
               f"La copie rendue est conservée telle quelle : montrez ce message à votre enseignant.")
    cellules = [nbformat.v4.new_markdown_cell(f"**{message}**")]
    for nom, role in roles.items():
        if role.cell_type == "code":
            cellule = nbformat.v4.new_code_cell(sources[nom])
            if avec_sorties and role.metadonnees["grade"]:
                cellule.outputs = [sortie_erreur(ENAME, message)]
        else:
            cellule = nbformat.v4.new_markdown_cell(sources[nom])
        cellule.metadata["nbgrader"] = copy.deepcopy(role.metadonnees)
        cellules.append(cellule)
    nb = nbformat.v4.new_notebook(cells=cellules)
    if noyau:
        nb.metadata["kernelspec"] = noyau
    nb.metadata[CLE_ECHEC] = {"raison": raison}
    return nb


def copies_a_zero(dossier: Path) -> dict[str, str]:
    """``{notebook: reason}`` of the notebooks graded 0 for a reason in an ``autograded/<student>/<assignment>``
    folder (:class:`ExportateurPrudent`; the key is removed from every student's notebook, so only the
    grader writes it)."""
    raisons = {}
    for chemin in sorted(Path(dossier).glob("*.ipynb")):
        try:
            meta = json.loads(chemin.read_text(encoding="utf-8")).get("metadata", {}).get(CLE_ECHEC)
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(meta, dict) and isinstance(meta.get("raison"), str):
            raisons[chemin.stem] = meta["raison"]
    return raisons


