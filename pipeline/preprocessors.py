"""nbgrader preprocessors that keep autograding honest with broken or hostile notebooks.

Registered in ``nbgrader_config.py`` (``Autograde.sanitize_preprocessors``,
``Autograde.autograde_preprocessors`` and the two convert hooks):

- ``RestaureMetadonnees`` (before nbgrader's ``OverwriteCells``) puts back
  the nbgrader role of every cell the gradebook knows and drops graded cells
  it does not know: nbgrader itself crashes on both, failing the notebook.
- ``ExecutionProtegee`` replaces nbgrader's ``Execute``.  Same execution,
  plus: the kernel gets resource limits (address space, file size), the
  printed output of a cell is capped, and when a cell kills the kernel
  (``os._exit``, a segfault, ``os.kill``) or blocks it past the timeout, the
  cell gets an error output with a French reason, a new kernel replays the
  previous code cells (not the test cells) silently, and execution goes on
  with the next cell.  One bad cell costs its question, not the notebook.
- ``ContreVerification`` runs after it, in the *grader* process: every
  hidden test (``corriger("QN", nom)`` in a graded test cell, restored from
  the gradebook by nbgrader) is re-judged from the submitted source in a
  clean process (``awale_ref.grading.guard``), and a test cell the kernel
  passed but the re-check fails gets an error output: the kernel, which the
  student controls, can lose points but never win them.

Why two places: ``awale_ref.grading.guard`` holds the re-check itself (pure
Python, no nbgrader: testable alone, the same checks as ``corriger``); this
module only adapts it, and the kernel handling, to nbgrader's classes.
The end of the module resumes an autograde that was killed in the middle.

>>> questions_cachees('tester("Q4", f, 1)\\n### BEGIN HIDDEN TESTS\\ncorriger("Q4", tour_joueur1)\\n')
[('Q4', 'tour_joueur1')]
"""

from __future__ import annotations

import ast
import copy
import json
import os
import resource
import shutil
import sys
from pathlib import Path
from typing import Any, Callable

from IPython.core.inputtransformer2 import TransformerManager
from nbclient.client import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbconvert.exporters.exporter import ResourcesDict
from nbformat.notebooknode import NotebookNode
from nbgrader import utils
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.preprocessors import Execute, NbGraderPreprocessor
from traitlets import Float, Integer, Unicode

from awale_ref.grading import guard

ENAME = "ContreVerification"


def questions_cachees(source: str) -> list[tuple[str, str]]:
    """``(question, expression)`` of each ``corriger("QN", expression)`` call in a test cell."""
    try:
        arbre = ast.parse(source)
    except SyntaxError:
        return []
    trouvees = []
    for noeud in ast.walk(arbre):
        if (isinstance(noeud, ast.Call) and len(noeud.args) == 2
                and (getattr(noeud.func, "id", None) == "corriger" or getattr(noeud.func, "attr", None) == "corriger")
                and isinstance(noeud.args[0], ast.Constant) and isinstance(noeud.args[0].value, str)):
            trouvees.append((noeud.args[0].value, ast.unparse(noeud.args[1])))
    return sorted(trouvees, key=lambda qe: source.find(qe[0]))


def est_cellule_de_test(cell: NotebookNode) -> bool:
    """A graded, autograded code cell (nbgrader's "autograder tests")."""
    return cell.cell_type == "code" and utils.is_grade(cell) and not utils.is_solution(cell)


def _sortie_erreur(ename: str, message: str) -> NotebookNode:
    return NotebookNode(output_type="error", ename=ename, evalue=message,
                        traceback=[f"\x1b[0;31m{ename}\x1b[0m: " + ligne for ligne in message.splitlines()])


def _dossiers_du_cours(resources: ResourcesDict) -> list[str]:
    """The course folder (where the gradebook lives): out of the re-check's reach."""
    url = resources.get("nbgrader", {}).get("db_url", "")
    return [os.path.dirname(url[len("sqlite:///"):])] if url.startswith("sqlite:///") else []


class _Redemarrer(Exception):
    """The kernel is dead or blocked after cell ``index``."""

    def __init__(self, index: int, raison: str) -> None:
        super().__init__(raison)
        self.index = index
        self.raison = raison


class ExecutionProtegee(Execute):
    """nbgrader's ``Execute`` that survives kernels killed, blocked or flooded by the student's code."""

    memoire_noyau = Integer(4 * 1024 ** 3, help="RLIMIT_AS of the kernel, in bytes (0: none)").tag(config=True)
    fichier_max_noyau = Integer(256 * 1024 ** 2, help="RLIMIT_FSIZE of the kernel, in bytes (0: none)").tag(config=True)
    sortie_max = Integer(1024 ** 2, help="printed characters kept per cell; the rest is dropped").tag(config=True)
    redemarrages_max = Integer(5, help="kernel restarts allowed per notebook").tag(config=True)
    # Imported when the kernel starts, before any student code, from the installed package only (not
    # from the notebook's folder, where a submitted ``awale_ref.py`` would otherwise shadow it).
    code_demarrage = Unicode(
        "import os as _o, sys as _s\n_chemin = list(_s.path)\n"
        "_s.path[:] = [p for p in _s.path if p not in ('', '.', _o.getcwd())]\n"
        "import awale_ref.grading\n_s.path[:] = _chemin\ndel _o, _s, _chemin\n",
        help="code run silently in each new kernel before the notebook").tag(config=True)

    # ---------------------------------------------------------------- kernel limits
    def _limiter_noyau(self) -> None:
        pid = getattr(getattr(self.km, "provisioner", None), "pid", None)
        if pid is None:
            self.log.warning("Could not find the kernel's pid: no resource limits")
            return
        limites = ((resource.RLIMIT_AS, self.memoire_noyau), (resource.RLIMIT_FSIZE, self.fichier_max_noyau))
        for limite, valeur in limites:
            if valeur > 0:
                try:
                    resource.prlimit(pid, limite, (valeur, valeur))
                except (ValueError, OSError) as exc:  # a lower hard limit may already be in force
                    self.log.warning("Could not limit the kernel (%s): %s", limite, exc)

    # ---------------------------------------------------------------- output flood
    def output(self, outs: list, msg: dict, display_id: Any, cell_index: int) -> NotebookNode | None:
        if msg["msg_type"] == "stream":
            taille = sum(len(o.get("text", "")) for o in outs if o.get("output_type") == "stream")
            if taille >= self.sortie_max:
                if not outs or outs[-1].get("text") != self._note_troncature():
                    outs.append(NotebookNode(output_type="stream", name="stderr", text=self._note_troncature()))
                return None
            sortie = super().output(outs, msg, display_id, cell_index)
            if sortie is not None and taille + len(sortie.get("text", "")) > self.sortie_max:
                sortie["text"] = sortie["text"][: self.sortie_max - taille]
                outs.append(NotebookNode(output_type="stream", name="stderr", text=self._note_troncature()))
            return sortie
        return super().output(outs, msg, display_id, cell_index)

    def _note_troncature(self) -> str:
        return f"\n… sortie tronquée par le correcteur (plus de {self.sortie_max} caractères) …\n"

    # ---------------------------------------------------------------- crash and block: restart, replay, go on
    def preprocess(self, nb: NotebookNode, resources: ResourcesDict = None, km: Any = None) -> tuple:
        NotebookClient.__init__(self, nb, km)
        self.reset_execution_trackers()
        self._check_assign_resources(resources)
        ignorees: list[int] = []
        debut = 0
        for _ in range(self.redemarrages_max + 1):
            try:
                self._executer(resources, debut, ignorees)
                break
            except _Redemarrer as arret:
                cell = self.nb.cells[arret.index]
                cell.outputs = [o for o in cell.outputs if o.get("output_type") != "error"] + [
                    _sortie_erreur("NoyauArrete", arret.raison)]
                self.log.warning("Cell %d (%s): %s Restarting the kernel.", arret.index,
                                 cell.metadata.get("nbgrader", {}).get("grade_id", "sans grade_id"), arret.raison)
                ignorees.append(arret.index)
                debut = arret.index + 1
                self.km = self.kc = None
        else:
            self.log.warning("Too many kernel restarts: the remaining cells are not executed")
            for cell in self.nb.cells[debut:]:
                if cell.cell_type == "code":
                    cell.outputs = [_sortie_erreur("NoyauArrete", "cellule non exécutée : le noyau Python a été "
                                                                  "arrêté trop de fois par ce notebook.")]
        self.set_widgets_metadata()
        return self.nb, self.resources

    def _executer(self, resources: ResourcesDict, debut: int, ignorees: list[int]) -> None:
        index = debut
        try:
            with self.setup_kernel():
                self._limiter_noyau()
                info_msg = self.wait_for_reply(self.kc.kernel_info())
                self.nb.metadata["language_info"] = info_msg["content"]["language_info"]
                if self.code_demarrage:
                    self.wait_for_reply(self.kc.execute(self.code_demarrage, silent=True, store_history=False))
                for index, cell in enumerate(self.nb.cells[:debut]):  # silent replay of the state
                    if cell.cell_type == "code" and index not in ignorees and not est_cellule_de_test(cell):
                        self.execute_cell(copy.deepcopy(cell), index, store_history=False)
                for index in range(debut, len(self.nb.cells)):
                    cell = self.nb.cells[index]
                    self.preprocess_cell(cell, resources, index)
                    if any(o.get("output_type") == "error" and o.get("ename") == "CellTimeoutError"
                           for o in cell.get("outputs", [])):
                        raise _Redemarrer(index, f"cellule interrompue : elle a dépassé {self.timeout} s "
                                                 f"(boucle infinie ?). Le noyau Python est relancé et les "
                                                 f"cellules précédentes sont réexécutées.")
        except CellTimeoutError:  # interrupted but still silent: the cell swallows Ctrl-C
            raise _Redemarrer(index, f"cellule interrompue : elle a dépassé {self.timeout} s et ne répond plus "
                                     f"à l'interruption. Le noyau Python est relancé et les cellules précédentes "
                                     f"sont réexécutées.") from None
        except DeadKernelError:
            raise _Redemarrer(index, "le noyau Python s'est arrêté pendant cette cellule (exit, plantage ou "
                                     "mémoire épuisée). Il est relancé et les cellules précédentes sont "
                                     "réexécutées.") from None


class RestaureMetadonnees(NbGraderPreprocessor):
    """Puts back the nbgrader role (grade, solution, locked, points) of every known cell.

    Runs before nbgrader's ``OverwriteCells``, which restores sources and
    points but crashes on a cell whose *role* was changed (a solution cell
    marked as graded: ``MissingEntry``) or on a graded cell it does not know
    (``KeyError`` with ``add_missing_cells``), failing the whole notebook.
    """

    def preprocess(self, nb: NotebookNode, resources: ResourcesDict) -> tuple[NotebookNode, ResourcesDict]:
        info = resources["nbgrader"]
        qui = f"{info.get('student', '?')}/{info['notebook']}"
        with Gradebook(info["db_url"]) as gb:
            for cell in nb.cells:
                meta = cell.metadata.get("nbgrader")
                if not isinstance(meta, dict) or "grade_id" not in meta:
                    continue
                gid = meta["grade_id"]
                try:
                    source = gb.find_source_cell(gid, info["notebook"], info["assignment"])
                except MissingEntry:  # a cell the student made up: not graded (nbgrader would crash on it)
                    self.log.warning("Cell %s of %s is unknown to the gradebook: its nbgrader metadata is "
                                     "removed, it is not graded", gid, qui)
                    del cell.metadata["nbgrader"]
                    continue
                attendu = {"grade": _existe(gb.find_grade_cell, gid, info),
                           "solution": _existe(gb.find_solution_cell, gid, info),
                           "locked": bool(source.locked)}
                if attendu["grade"]:
                    attendu["points"] = float(gb.find_grade_cell(gid, info["notebook"], info["assignment"]).max_score)
                changes = {k: (meta.get(k), v) for k, v in attendu.items() if meta.get(k) != v}
                if changes:
                    self.log.warning("Cell %s of %s: nbgrader metadata changed by the student, restored from the "
                                     "gradebook: %s", gid, qui,
                                     ", ".join(f"{k} {a!r} -> {b!r}" for k, (a, b) in changes.items()))
                    meta.update(attendu)
                    if not attendu["grade"]:
                        meta.pop("points", None)
        return nb, resources


def _existe(trouver: Callable, gid: str, info: dict) -> bool:
    try:
        trouver(gid, info["notebook"], info["assignment"])
    except MissingEntry:
        return False
    return True


class ContreVerification(NbGraderPreprocessor):
    """Re-judges every hidden test outside the kernel; only ever turns a pass into a failure."""

    delai_cellule = Float(guard.DELAI_CELLULE_S, help="seconds for one code cell in the re-check").tag(config=True)
    delai_question = Float(guard.DELAI_QUESTION_S, help="seconds for judging one question").tag(config=True)
    memoire = Integer(guard.MEMOIRE_OCTETS, help="RLIMIT_AS of the re-check process, in bytes").tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: ResourcesDict) -> tuple[NotebookNode, ResourcesDict]:
        transformer = TransformerManager()
        cellules: list[str] = []
        tests: list[tuple[NotebookNode, list[tuple[str, str]]]] = []
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            if est_cellule_de_test(cell):
                questions = questions_cachees(cell.source)
                if questions:
                    tests.append((cell, questions))
            else:
                try:
                    cellules.append(transformer.transform_cell(cell.source))
                except Exception:  # IPython cannot read it: the cell fails, as in the kernel
                    cellules.append(cell.source)
        tests = [(cell, qs) for cell, qs in tests if not any(o.get("output_type") == "error" for o in cell.outputs)]
        if not tests:  # nothing passed in the kernel: nothing to take away
            return nb, resources
        a_juger = list(dict.fromkeys(qe for _, questions in tests for qe in questions))
        limites = guard.Limites(self.delai_cellule, self.delai_question, self.memoire)
        repertoire = resources.get("metadata", {}).get("path") or None
        verdicts = guard.contre_verifier(cellules, a_juger, repertoire, limites, _dossiers_du_cours(resources))
        qui = "{student}/{notebook}".format(**{"student": "?", "notebook": "?", **resources.get("nbgrader", {})})
        for evenement in limites.journal:
            self.log.warning("Re-check of %s: %s", qui, evenement)
        for cell, questions in tests:
            echecs = [verdicts[q]["message"] for q, _ in questions if not verdicts[q]["ok"]]
            if echecs:
                message = ("Contre-vérification du correcteur (hors de votre noyau) : échec.\n" + "\n".join(echecs))
                cell.outputs.append(_sortie_erreur(ENAME, message))
                self.log.warning("Re-check of %s, cell %s: the kernel passed but the re-check fails, "
                                 "no points: %s", qui, cell.metadata["nbgrader"]["grade_id"],
                                 " | ".join(m.splitlines()[0] for m in echecs))
        return nb, resources


# ---------------------------------------------------------------- resuming an interrupted autograde
# nbgrader skips a student whose autograded/<student>/<assignment> folder exists.  If autograde is
# killed in the middle of a student, that folder holds a sanitized, unexecuted notebook and the
# gradebook no scores: a plain re-run would skip (lose) the student.  The hooks below note which
# submissions are in progress; the next autograde removes their folders first, so they are graded.
EN_COURS = ".autograde_en_cours.json"


def _copies(notebooks: list[str]) -> set[str]:
    """``"student/assignment"`` of each submitted notebook path (``submitted/<s>/<a>/<nb>.ipynb``)."""
    return {"/".join(Path(nb).resolve().parts[-3:-1]) for nb in notebooks}


def _lire_en_cours(racine: Path) -> set[str]:
    try:
        return set(json.loads((racine / EN_COURS).read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        return set()


def _ecrire_en_cours(racine: Path, en_cours: set[str]) -> None:
    provisoire = racine / (EN_COURS + ".tmp")
    provisoire.write_text(json.dumps(sorted(en_cours)), encoding="utf-8")
    os.replace(provisoire, racine / EN_COURS)  # atomic: a kill never leaves half a file


def crochet_avant(racine: Path) -> Callable[..., None]:
    """``Autograde.pre_convert_hook``: this student's submission is now in progress."""
    def avant(assignment: str = "", student: str = "", notebooks: list[str] = (), **_: Any) -> None:
        _ecrire_en_cours(racine, _lire_en_cours(racine) | _copies(list(notebooks)))
    return avant


def crochet_apres(racine: Path) -> Callable[..., None]:
    """``Autograde.post_convert_hook``: this student's submission is fully graded."""
    def apres(assignment: str = "", student: str = "", notebooks: list[str] = (), **_: Any) -> None:
        _ecrire_en_cours(racine, _lire_en_cours(racine) - _copies(list(notebooks)))
    return apres


def reprendre_interrompus(racine: Path, dossier_autograded: str = "autograded") -> list[str]:
    """Remove the autograded folders left half-done by a killed autograde; return them.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     r = Path(d); (r / "autograded" / "ana" / "tp").mkdir(parents=True)
    ...     crochet_avant(r)(notebooks=[str(r / "submitted" / "ana" / "tp" / "tp.ipynb")])
    ...     reprendre_interrompus(r), (r / "autograded" / "ana" / "tp").exists()
    (['ana/tp'], False)
    """
    en_cours = _lire_en_cours(racine)
    repris = []
    for copie in sorted(en_cours):
        dossier = racine / dossier_autograded / copie
        if dossier.is_dir():
            shutil.rmtree(dossier)
            repris.append(copie)
            print(f"[nbgrader_config] autograde interrupted for {copie}: its partial folder {dossier} "
                  f"is removed, it will be graded again", file=sys.stderr)
    if en_cours:
        _ecrire_en_cours(racine, set())
    return repris
