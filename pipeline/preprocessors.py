"""nbgrader preprocessors of the course: the kernel sandboxed, the judge's verdicts, honest structure.

Registered in ``nbgrader_config.py`` (``Autograde.sanitize_preprocessors``,
``Autograde.autograde_preprocessors`` and the two convert hooks); the design
is in docs/grading_security.md ("Three parties, one-way trust"):

- ``RestaureMetadonnees`` (before nbgrader's ``OverwriteCells``) keeps one
  cell per known ``grade_id`` (a pasted copy becomes an ordinary cell), puts
  back a cell's type and nbgrader role from the gradebook, and drops graded
  cells it does not know: nbgrader itself crashes on these, failing the
  notebook.
- ``ExecutionProtegee`` replaces nbgrader's ``Execute``: the student's kernel
  runs in a bubblewrap sandbox (``NoyauIsole``: IPC sockets, no network, a
  private copy of the submission), every output type is capped per cell and
  per notebook, and a cell that kills or blocks the kernel gets a French
  reason while a new kernel replays the earlier cells and goes on.  A
  process grading one notebook after another starts the next notebook's
  kernel while the current one runs (``_NoyauDAvance``; one kernel per
  notebook all the same).
- ``Jugement`` runs after it, in the grader's process: the judge
  (``awale_ref.grading.juge``) computes every hidden verdict once, from the
  submitted cells run by a sandboxed runner, and writes it into its test
  cell; what the kernel printed there is kept as information and can no
  longer count.

The end of the module resumes an autograde that was killed in the middle
(and refuses anything but ``student/assignment`` entries in its file).

>>> questions_cachees('tester("Q4", f, 1)\\n### BEGIN HIDDEN TESTS\\ncorriger("Q4", tour_joueur1)\\n')
[('Q4', 'tour_joueur1')]
"""

from __future__ import annotations

import ast
import atexit
import concurrent.futures
import contextlib
import copy
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ClassVar, NamedTuple

import nbformat
from nbclient.client import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbconvert.exporters import NotebookExporter
from nbconvert.exporters.exporter import ResourcesDict
from nbformat.notebooknode import NotebookNode
from nbgrader import utils
from nbgrader.api import Gradebook, MissingEntry
from nbgrader import nbgraderformat
from nbgrader.preprocessors import Execute, NbGraderPreprocessor, OverwriteCells
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.manager import AsyncKernelManager
from jupyter_core.utils import run_sync
from traitlets import Bool, Float, Integer, Unicode

import awale_ref
from awale_ref import library
from awale_ref.grading import bac_a_sable, juge, syntaxe
from pipeline import schema_nbgrader

ENAME = "Correction"
# The kernel process's own standard output and error: what the student's code writes there (os.write(1, …) before
# or beside ipykernel's capture) would otherwise land, unbounded, in the grader's log.  The notebook's outputs
# come over the kernel's messages, capped (ExecutionProtegee.output).
SORTIES_DU_NOYAU = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
CLE_ECHEANCE = "awale_echeance"  # resources key: the time.monotonic() by which the notebook must be graded
CLE_ECHEC = "awale_correction"  # notebook-level metadata of a notebook graded 0 for a reason (ExportateurPrudent)
schema_nbgrader.installer()  # nbgrader's metadata checks, its schema checked once per process, not per cell


def questions_cachees(source: str) -> list[tuple[str, str]]:
    """``(question, expression)`` of each ``corriger("QN", expression)`` call in a test cell."""
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


def est_cellule_de_test(cell: NotebookNode) -> bool:
    """A graded, autograded code cell (nbgrader's "autograder tests")."""
    return cell.cell_type == "code" and utils.is_grade(cell) and not utils.is_solution(cell)


def _sortie_erreur(ename: str, message: str) -> NotebookNode:
    return NotebookNode(output_type="error", ename=ename, evalue=message,
                        traceback=[f"\x1b[0;31m{ename}\x1b[0m: " + ligne if i == 0 else ligne
                                   for i, ligne in enumerate(message.splitlines() or [""])])


class ClientSansBattement(AsyncKernelClient):
    """The grading's kernel client: every channel but the heartbeat.

    The heartbeat only tells a client without a kernel manager whether the
    kernel lives; the grading asks its kernel manager (the process itself),
    as nbclient does.  Its thread and event loop, started and stopped for
    every notebook, cost the grading process 0.04 s of CPU per notebook.
    """

    def start_channels(self, shell: bool = True, iopub: bool = True, stdin: bool = True, hb: bool = False,
                       control: bool = True) -> None:
        super().start_channels(shell=shell, iopub=iopub, stdin=stdin, hb=hb, control=control)


class NoyauIsole(AsyncKernelManager):
    """A kernel manager whose kernel runs in a bubblewrap sandbox and talks over IPC sockets.

    The sandbox has no network, so the kernel's ZeroMQ sockets are Unix
    sockets (``transport = "ipc"``) in a private folder bind-mounted into it;
    the connection file sits there too, readable by the sandbox's user.
    Interrupts go as messages (a signal to ``bwrap`` would not reach the
    kernel in its own session).
    """

    bac: bac_a_sable.BacASable | None = None

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        commande = super().format_kernel_cmd(extra_arguments)
        return self.bac.commande(commande) if self.bac is not None else commande

    def write_connection_file(self, **kwargs: Any) -> None:
        super().write_connection_file(**kwargs)
        if bac_a_sable.en_root():
            os.chown(self.connection_file, bac_a_sable.UID_NOBODY, bac_a_sable.UID_NOBODY)


# Where the kernel sees its private copy of the submission (its working directory).
COPIE = "/copie"


@dataclass
class _NoyauDAvance:
    """A sandboxed kernel started before its notebook is known (at most one per process, never shared).

    Starting a kernel is most of a short notebook's time (about 0.6 s, half of it
    waiting); a grading process that grades one notebook after another starts the
    next one's kernel as soon as it takes the current one, so that it boots
    meanwhile. It serves one notebook only, like any other kernel: its own
    sandbox, IPC folder and working copy (empty until its submission is copied
    in), and is shut down after that notebook. It is used only by the thread and
    process that started it (its sockets belong to that thread's event loop), with
    the same settings; otherwise it is killed and a kernel is started as usual.
    """

    km: Any
    prives: list[str]
    cle: tuple
    fil: int = field(default_factory=threading.get_ident)
    processus: int = field(default_factory=os.getpid)

    _en_attente: ClassVar[_NoyauDAvance | None] = None

    @classmethod
    def deposer(cls, noyau: _NoyauDAvance) -> None:
        ancien, cls._en_attente = cls._en_attente, noyau
        if ancien is not None:
            ancien.jeter()

    @classmethod
    def prendre(cls, cle: tuple, log: Any) -> tuple[Any, list[str]] | None:
        noyau, cls._en_attente = cls._en_attente, None
        if noyau is None or noyau.processus != os.getpid():  # a forked copy: not ours to use or kill
            return None
        processus = getattr(noyau.km.provisioner, "process", None)
        raison = ("other settings" if noyau.cle != cle else "another thread" if noyau.fil != threading.get_ident()
                  else "dead while waiting" if processus is None or processus.poll() is not None else None)
        if raison:
            log.info("Kernel started ahead: thrown away (%s)", raison)
            noyau.jeter()
            return None
        log.info("Kernel started ahead: used")
        return noyau.km, noyau.prives

    def jeter(self) -> None:
        """Kill the kernel (bubblewrap takes its whole sandbox down with it) and remove its folders."""
        processus = getattr(getattr(self.km, "provisioner", None), "process", None)
        if processus is not None and self.processus == os.getpid():
            with contextlib.suppress(OSError):
                processus.kill()
                processus.wait(10)
        with contextlib.suppress(Exception):
            self.km._close_control_socket()
        for prive in self.prives:
            shutil.rmtree(prive, ignore_errors=True)

    @classmethod
    def au_revoir(cls) -> None:
        if cls._en_attente is not None:
            cls._en_attente.jeter()
            cls._en_attente = None


atexit.register(_NoyauDAvance.au_revoir)


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
    sortie_max_notebook = Integer(8 * 1024 ** 2, help="output characters kept per notebook").tag(config=True)
    bac_a_sable = Bool(True, help="run the kernel in a bubblewrap sandbox (False: trusted work only)"
                       ).tag(config=True)
    # Imported when the kernel starts, before any student code, from the installed package only (not
    # from the notebook's folder, where a submitted ``awale_ref.py`` would otherwise shadow it).
    code_demarrage = Unicode(
        "import os as _o, sys as _s\n_chemin = list(_s.path)\n"
        "_s.path[:] = [p for p in _s.path if p not in ('', '.', _o.getcwd())]\n"
        "import awale_ref.grading\n_s.path[:] = _chemin\ndel _o, _s, _chemin\n",
        help="code run silently in each new kernel before the notebook").tag(config=True)
    noyau_d_avance = Bool(False, help="keep one sandboxed kernel started ahead, in this process, for the next "
                                      "notebook (a process that grades one notebook after another: a Dask "
                                      "worker, nbgrader autograde of a class)").tag(config=True)

    # ---------------------------------------------------------------- the sandbox
    def avec_bac(self) -> bool:
        return bac_a_sable.actif(self.bac_a_sable)

    def create_kernel_manager(self) -> Any:
        km = self._gestionnaire_de_noyau()
        km.client_factory = ClientSansBattement
        return km

    def _gestionnaire_de_noyau(self) -> Any:
        if not self.avec_bac():
            return super().create_kernel_manager()
        bac_a_sable.verifier_disponible()
        if not self.kernel_name:  # as nbclient's create_kernel_manager: the notebook's kernel, before the key
            self.kernel_name = self.nb.metadata.get("kernelspec", {}).get("name") or ""
        d_avance = _NoyauDAvance.prendre(self._cle_d_avance(), self.log) if self.noyau_d_avance else None
        km, prives = d_avance or self._noyau_isole()
        self._prives += prives
        # The kernel sees the submission in its private folder (bound at COPIE): copied now, so that a kernel
        # started ahead, before the submission was known, sees it as well.
        dossier = os.path.abspath(self._dossier or os.getcwd())
        for lien in bac_a_sable.copier_sans_liens(dossier, prives[1]):
            self.log.warning("Symbolic link in the submission, not followed: %s", lien)
        bac_a_sable.preparer_dossier_prive(prives[1])
        if self.noyau_d_avance:
            self._lancer_d_avance()
        return km

    def _noyau_isole(self) -> tuple[Any, list[str]]:
        """A kernel manager for a kernel in its own sandbox, and its private folders (IPC, working copy)."""
        self.kernel_manager_class = NoyauIsole
        km = super().create_kernel_manager()
        ipc = tempfile.mkdtemp(prefix="awk", dir="/tmp")      # short: Unix socket paths are limited
        travail = tempfile.mkdtemp(prefix="awale_noyau_")
        for prive in (ipc, travail):
            bac_a_sable.preparer_dossier_prive(prive)
        visible = library.chemin_verifie(library.GRAINE)
        lecture = [os.path.dirname(os.path.abspath(awale_ref.__file__)), str(visible),
                   str(visible) + ".sha256"]
        km.bac = bac_a_sable.BacASable(
            repertoire=COPIE, ecriture=[ipc, (travail, COPIE)], lecture=lecture,
            memoire=self.memoire_noyau or 1 << 62, fichier=self.fichier_max_noyau or 1 << 62, processus=256,
            environnement={"AWALE_CORRECTION": "juge", "AWALE_CACHE": str(visible.parent)})
        km.transport = "ipc"
        km.ip = os.path.join(ipc, "k")
        km.connection_file = os.path.join(ipc, "noyau.json")
        km.kernel_spec.interrupt_mode = "message"
        return km, [ipc, travail]

    def _arguments_noyau(self) -> list[str]:
        """The kernel's command-line arguments, as nbclient would give them (history in memory)."""
        arguments = list(self.extra_arguments)
        if self.ipython_hist_file and not any(a.startswith("--HistoryManager.hist_file") for a in arguments):
            arguments.append(f"--HistoryManager.hist_file={self.ipython_hist_file}")
        return arguments

    def _cle_d_avance(self) -> tuple:
        """The settings a kernel is started with (the rest of its sandbox is the same for the whole process):
        a kernel started ahead serves only the same settings."""
        return (self.kernel_name, self.memoire_noyau, self.fichier_max_noyau, tuple(self._arguments_noyau()))

    def _lancer_d_avance(self) -> None:
        """Start the next notebook's kernel now: it boots while this notebook runs."""
        km, prives = self._noyau_isole()
        try:
            run_sync(km.start_kernel)(extra_arguments=self._arguments_noyau(), cwd=prives[1], **SORTIES_DU_NOYAU)
        except Exception as exc:  # noqa: BLE001 (the next notebook starts its own kernel, as without it)
            self.log.warning("Could not start a kernel ahead: %s", exc)
            _NoyauDAvance(km, prives, ()).jeter()
            return
        _NoyauDAvance.deposer(_NoyauDAvance(km, prives, self._cle_d_avance()))

    async def _async_cleanup_kernel(self) -> None:
        """Kill the kernel, then let nbclient clean up: every output is in by now.

        A polite shutdown (nbclient's default) interrupts the kernel, asks it
        to stop, then polls its process every 0.1 s: 0.1 to 0.4 s per notebook
        on the grading's critical path, for a kernel that has nothing left to
        do.  A killed process is reaped at once (bubblewrap's
        ``--die-with-parent`` takes the whole sandbox down with it), and
        nbclient then finds it dead and only removes its connection files.
        """
        processus = getattr(getattr(self.km, "provisioner", None), "process", None)
        if processus is not None and self.owns_km:
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                processus.kill()
                processus.wait(10)
        await super()._async_cleanup_kernel()

    _cleanup_kernel = run_sync(_async_cleanup_kernel)

    # ---------------------------------------------------------------- kernel limits
    def _limiter_noyau(self) -> None:
        if self.avec_bac():
            return  # prlimit inside the sandbox
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
        """Every output type is capped, per cell (``sortie_max``) and per notebook (``sortie_max_notebook``).

        Raw writes to file descriptors 1 and 2 arrive as stream messages
        (ipykernel captures them), so they are capped too.
        """
        taille_cellule = sum(_taille(o) for o in outs)
        note = self._note_troncature()
        if taille_cellule >= self.sortie_max or self._sortie_totale >= self.sortie_max_notebook:
            if not any(o.get("text") == note for o in outs):
                outs.append(NotebookNode(output_type="stream", name="stdout", text=note))
            return None
        sortie = super().output(outs, msg, display_id, cell_index)
        if sortie is None:
            return None
        taille = _taille(sortie)
        reste = min(self.sortie_max - taille_cellule, self.sortie_max_notebook - self._sortie_totale)
        if taille > reste:
            if sortie.get("output_type") == "stream":
                sortie["text"] = sortie["text"][:max(reste, 0)]
            else:  # a display too large to keep: the note replaces it
                if sortie in outs:
                    outs.remove(sortie)
                sortie = None
            outs.append(NotebookNode(output_type="stream", name="stdout", text=note))
            self._sortie_totale += max(reste, 0)
            return sortie
        self._sortie_totale += taille
        return sortie

    def on_cell_executed(self, **kwargs: Any) -> None:
        """nbgrader appends the execute reply's error when the error output itself was dropped (by the cap):
        that error, a message of any size, is cut here to what an error needs."""
        super().on_cell_executed(**kwargs)
        for sortie in kwargs["cell"].get("outputs", []):
            if sortie.get("output_type") == "error":
                borner_erreur(sortie, self._note_troncature())

    def _note_troncature(self) -> str:
        return (f"\n… sortie tronquée par le correcteur (plus de {self.sortie_max} caractères pour la cellule "
                f"ou {self.sortie_max_notebook} pour le notebook) …\n")

    # ---------------------------------------------------------------- the notebook's time budget
    def _reste(self) -> float:
        """Seconds left of the notebook's budget (``Jugement.budget_notebook``, shared with the judge)."""
        return float("inf") if self._echeance is None else self._echeance - time.monotonic()

    def _delai_de_cellule(self, cell: NotebookNode) -> float | None:
        """nbclient's ``timeout_func``: a cell's time limit, cut to what is left of the budget."""
        delai = self.timeout if self.timeout and self.timeout > 0 else float("inf")
        delai = min(delai, max(self._reste(), 1.0))
        return None if delai == float("inf") else delai

    def _budget_epuise(self, debut: int) -> None:
        self.log.warning("Time budget of the notebook spent: cells from %d on are not executed", debut)
        for cell in self.nb.cells[debut:]:
            if cell.cell_type == "code":
                cell.outputs = [_sortie_erreur("NoyauArrete", "cellule non exécutée : ce notebook a dépassé le "
                                                              "temps qui lui est accordé pour la correction.")]

    # ---------------------------------------------------------------- crash and block: restart, replay, go on
    def preprocess(self, nb: NotebookNode, resources: ResourcesDict = None, km: Any = None) -> tuple:
        if (resources or {}).get(CLE_ECHEC):  # graded 0 for a reason (ExportateurPrudent): nothing to run
            return nb, resources
        self._sortie_totale = 0
        self._prives: list[str] = []
        self._dossier = (resources or {}).get("metadata", {}).get("path") or None
        self._echeance = (resources or {}).get(CLE_ECHEANCE)
        self.timeout_func = self._delai_de_cellule
        debut = time.perf_counter()
        try:
            return self._preprocess(nb, resources, km)
        finally:
            for prive in self._prives:
                shutil.rmtree(prive, ignore_errors=True)
            self.log.info("Timing %s: kernel %.3f s", _qui(resources), time.perf_counter() - debut)

    def _preprocess(self, nb: NotebookNode, resources: ResourcesDict = None, km: Any = None) -> tuple:
        NotebookClient.__init__(self, nb, km)
        self.reset_execution_trackers()
        self._check_assign_resources(resources)
        ignorees: list[int] = []
        debut = 0
        for _ in range(self.redemarrages_max + 1):
            if self._reste() <= 0:
                self._budget_epuise(debut)
                break
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
            # The kernel's ``corriger`` only says that the judge decides (AWALE_CORRECTION=juge): the sandbox sets it;
            # without it, the kernel would run every hidden test again for nothing (twice the time of the notebook).
            # Without the sandbox, a temporary folder of its own too, removed afterwards (the blank configuration
            # JUPYTER_NO_CONFIG makes in it, and the student's temporary files, would stay in the host's /tmp).
            with contextlib.ExitStack() as pile:
                options: dict[str, Any] = dict(SORTIES_DU_NOYAU)
                if not self.avec_bac():
                    tmp = pile.enter_context(tempfile.TemporaryDirectory(prefix="noyau_"))
                    options["env"] = {**os.environ, "AWALE_CORRECTION": "juge", "TMPDIR": tmp}
                pile.enter_context(self.setup_kernel(**options))
                self._limiter_noyau()
                info_msg = self.wait_for_reply(self.kc.kernel_info())
                self.nb.metadata["language_info"] = info_msg["content"]["language_info"]
                if self.code_demarrage:
                    self.wait_for_reply(self.kc.execute(self.code_demarrage, silent=True, store_history=False))
                for index, cell in enumerate(self.nb.cells[:debut]):  # silent replay of the state
                    if cell.cell_type == "code" and index not in ignorees and not est_cellule_de_test(cell):
                        self.execute_cell(copy.deepcopy(cell), index, store_history=False)
                for index in range(debut, len(self.nb.cells)):
                    if self._reste() <= 0:
                        self._budget_epuise(index)
                        return
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
    """Puts back the whole nbgrader metadata of every known cell, as the gradebook defines the cell.

    Runs before nbgrader's ``OverwriteCells``, which restores sources and
    points but crashes on a cell whose *role* was changed (a solution cell
    marked as graded: ``MissingEntry``), on a graded cell it does not know
    (``KeyError`` with ``add_missing_cells``), and lets ``CheckCellMetadata``
    stop the whole class on a ``schema_version`` it does not know.  Every
    field of a known cell's ``nbgrader`` metadata is rebuilt from the
    gradebook (:func:`_roles`: nbgrader's own gradebook-to-metadata mapping,
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
            roles = _roles(gb, info["notebook"], info["assignment"])
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
            genre = roles[gid].cell_type
            bonnes = [c for c in cellules if c.cell_type == genre] or cellules
            gardee = bonnes[-1]
            for cell in cellules:
                if cell is not gardee:
                    self.log.warning("Cell %s of %s appears %d times: the copy at position %d is kept as an "
                                     "ordinary cell, not graded", gid, qui, len(cellules), nb.cells.index(cell))
                    del cell.metadata["nbgrader"]
            if gardee.cell_type != genre:
                self.log.warning("Cell %s of %s was turned into %s: its type %s is restored", gid, qui,
                                 gardee.cell_type, genre)
                index = nb.cells.index(gardee)
                if genre == "code":
                    nouvelle = nbformat.v4.new_code_cell(gardee.source, metadata=gardee.metadata)
                else:
                    nouvelle = nbformat.v4.new_markdown_cell(gardee.source, metadata=gardee.metadata)
                nouvelle.pop("id", None)
                if "id" in gardee:
                    nouvelle["id"] = gardee["id"]
                nb.cells[index] = nouvelle


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
                                 "in the graded copy", _qui(resources), taille)
                note = (f"cellule de {taille} caractères, trop longue pour être corrigée (au plus {self.source_max} "
                        f"par cellule et {self.sources_max_notebook} pour le notebook) : elle n'est ni exécutée "
                        f"ni jugée. Votre copie rendue n'est pas modifiée.")
                cell.source = f"# {note}\n" if cell.cell_type == "code" else note
                total -= taille
        return nb, resources


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
    stops nbgrader, as it should.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._a_zero: dict[tuple[str, str], str] = {}  # (student, notebook) -> reason, between the two passes

    def _nettoyage(self) -> bool:
        return bool(getattr(self.parent, "_sanitizing", True))

    def from_filename(self, filename: str, resources: dict | None = None, **kw: Any) -> tuple[str, dict]:
        import sqlalchemy.exc

        info = (resources or {}).get("nbgrader")
        if not isinstance(info, dict):  # not nbgrader's autograde: a plain exporter
            return super().from_filename(filename, resources, **kw)
        cle = (info.get("student", "?"), info.get("notebook", "?"))
        raison = self._a_zero.pop(cle, None) if not self._nettoyage() else None
        if raison is None:
            try:
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
    and its whole nbgrader metadata (:func:`_roles`); a first cell explains,
    in French; with ``avec_sorties`` (the grading pass), every graded code
    cell carries the reason as an error output, which nbgrader scores 0.
    """
    with Gradebook(db_url) as gb:
        roles = _roles(gb, notebook, assignment)
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
                cellule.outputs = [_sortie_erreur(ENAME, message)]
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


_ABSENT = "(absent)"


class _Role(NamedTuple):
    """What the gradebook says a cell of the release is: its type and its whole nbgrader metadata."""

    cell_type: str
    metadonnees: dict[str, Any]


def _roles(gb: Gradebook, notebook: str, assignment: str) -> dict[str, _Role]:
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


def _qui(resources: ResourcesDict | None) -> str:
    """``student/notebook`` of the notebook being graded, for the log."""
    return "{student}/{notebook}".format(**{"student": "?", "notebook": "?", **(resources or {}).get("nbgrader", {})})


class Jugement(NbGraderPreprocessor):
    """The judge: the verdict of every hidden test, computed once outside the kernel, written into its cell.

    For each graded test cell, the kernel's own verdicts (the visible tests'
    ``✔`` lines and failures) are dropped: the judge's verdict, appended last
    (an error output on failure), is the only one the student reads, and
    nbgrader's score of the cell depends only on it.  What else the kernel
    printed there stays as plain text (``sorties_hors_verdict``).
    """

    delai_cellule = Float(juge.DELAI_CELLULE_S, help="seconds for one code cell in the runner").tag(config=True)
    delai_question = Float(juge.DELAI_QUESTION_S, help="seconds for judging one question").tag(config=True)
    memoire = Integer(juge.MEMOIRE_OCTETS, help="RLIMIT_AS of the runner, in bytes").tag(config=True)
    bac_a_sable = Bool(True, help="run the runner in a bubblewrap sandbox (False: trusted work only)"
                       ).tag(config=True)
    budget_notebook = Float(600.0, help="seconds for one notebook, kernel, runner and judge together (from the "
                                        "start of its grading); past it nothing more runs and the questions "
                                        "left get 0").tag(config=True)

    def _echeance(self, resources: ResourcesDict) -> float:
        """The notebook's deadline, set by the first of the course's preprocessors that asks."""
        return resources.setdefault(CLE_ECHEANCE, time.monotonic() + self.budget_notebook)

    def preprocess(self, nb: NotebookNode, resources: ResourcesDict) -> tuple[NotebookNode, ResourcesDict]:
        if resources.get(CLE_ECHEC):  # graded 0 for a reason (ExportateurPrudent): nothing to judge
            return nb, resources
        etapes, tests = self._etapes(nb)
        self._echeance(resources)
        anticipe = resources.pop(_CLE_ANTICIPE, None)
        if anticipe is not None and anticipe[0] == _empreinte(etapes):
            debut = time.perf_counter()
            verdicts = anticipe[1].result()  # computed while the kernel ran (JugementAnticipe)
            self.log.info("Timing %s: judge waited %.3f s", _qui(resources), time.perf_counter() - debut)
        else:  # no early start, or the cells changed since: judged here, on the cells as they are now
            verdicts = self._juger(etapes, tests, resources)
        self._ecrire(tests, verdicts, resources)
        return nb, resources

    @staticmethod
    def _etapes(nb: NotebookNode) -> tuple[list[juge.Etape], list[tuple[NotebookNode, list[tuple[str, str]]]]]:
        """The code cells in order, for the runner, and the graded test cells with their hidden questions."""
        etapes: list[juge.Etape] = []
        tests: list[tuple[NotebookNode, list[tuple[str, str]]]] = []
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            if est_cellule_de_test(cell):
                questions = questions_cachees(cell.source)
                tests.append((cell, questions))
                if questions:
                    etapes.append(juge.Etape(index, questions=questions, exemples=cell.source))
            else:
                etapes.append(juge.Etape(index, cell.source))
        return etapes, tests

    def _juger(self, etapes: list[juge.Etape], tests: list, resources: ResourcesDict) -> dict[str, Any]:
        debut = time.perf_counter()
        try:
            return self._verdicts(etapes, tests, resources)
        finally:  # read by pipeline/correction_dask.py and benchmarks/bench_grading.py: where the time goes
            self.log.info("Timing %s: judge %.3f s", _qui(resources), time.perf_counter() - debut)

    def _verdicts(self, etapes: list[juge.Etape], tests: list, resources: ResourcesDict) -> dict[str, Any]:
        qui = _qui(resources)
        avec_bac = bac_a_sable.actif(self.bac_a_sable)
        if avec_bac:
            bac_a_sable.verifier_disponible()
        elif tests:
            self.log.warning("Grading %s WITHOUT the sandbox (trusted work only)", qui)
        verdicts: dict[str, Any] = {}
        if etapes and any(e.questions for e in etapes):
            from awale_ref.grading import sujets

            sujet = sujets.sujet_des_sources([e.exemples for e in etapes if e.questions])
            base = (str(sujet.module_sql().base_cachee())
                    if any(q in sujet.questions_sql for _, qs in tests for q, _ in qs) else None)
            limites = juge.Limites(self.delai_cellule, self.delai_question, self.memoire,
                                   echeance=self._echeance(resources), budget=self.budget_notebook)
            dossier = resources.get("metadata", {}).get("path") or None
            verdicts = juge.juger_notebook(etapes, avec_bac, limites, dossier, base, sujet)
            for evenement in limites.journal:
                self.log.warning("Judge of %s: %s", qui, evenement)
        return verdicts

    def _ecrire(self, tests: list, verdicts: dict[str, Any], resources: ResourcesDict) -> None:
        """Each graded test cell: the kernel's outputs as information, then the judge's verdicts."""
        qui = _qui(resources)
        for cell, questions in tests:
            if not questions:  # no hidden test: nbgrader scores the kernel's outputs as usual
                continue
            cell.outputs = sorties_hors_verdict(cell.outputs)
            resultats = [verdicts[question] for question, _ in questions]
            cell.outputs += sorties_du_verdict(resultats, float(cell.metadata["nbgrader"].get("points", 0)))
            for resultat in resultats:
                if not resultat.ok:
                    self.log.info("Judge of %s, cell %s: %s", qui, cell.metadata["nbgrader"]["grade_id"],
                                  resultat.message.splitlines()[0])


_CLE_ANTICIPE = "awale_jugement_anticipe"


def _empreinte(etapes: list[juge.Etape]) -> str:
    """What the judge is given: the same fingerprint means the same verdicts."""
    return json.dumps([(e.index, e.source, e.questions, e.exemples) for e in etapes])


class JugementAnticipe(Jugement):
    """Starts the judge before the student's kernel runs, so that both run at once (on two cores).

    The judge never reads what the kernel does: it takes the submitted cells and the submission's
    folder as nbgrader prepared them (the kernel works in a private copy), so starting it first changes
    no verdict. ``Jugement``, after the kernel, takes the result if the cells are still the same (else it
    judges again) and writes it. Listed before ``ExecutionProtegee`` in nbgrader_config.py.
    """

    def preprocess(self, nb: NotebookNode, resources: ResourcesDict) -> tuple[NotebookNode, ResourcesDict]:
        if resources.get(CLE_ECHEC):
            return nb, resources
        etapes, tests = self._etapes(nb)
        self._echeance(resources)  # the budget starts now, for the kernel too
        if any(e.questions for e in etapes):
            fil = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="juge")
            resources[_CLE_ANTICIPE] = (_empreinte(etapes), fil.submit(self._juger, etapes, tests, resources))
            fil.shutdown(wait=False)  # the thread ends with its verdicts
        return nb, resources


def sorties_du_verdict(resultats: list, points: float) -> list[NotebookNode]:
    """The outputs that carry the judge's verdicts of one test cell, as nbgrader scores them.

    All passed: a ``✔`` line (full marks).  None of the points earned: the
    messages as an error output (0).  Part of the points (rule families):
    the messages as text, then an ``execute_result`` holding the points,
    which nbgrader reads as partial credit.  A failure with a smallest
    failing case adds its board, drawn (HTML for the feedback, text in the
    notebook), and the call that reproduces it.
    """
    sorties = []
    for r in resultats:
        if r.ok:
            sorties.append(NotebookNode(output_type="stream", name="stdout", text=f"✔ Correction : {r.message}\n"))
    echecs = [r for r in resultats if not r.ok]
    if not echecs:
        return sorties
    part = sum(r.part for r in resultats) / len(resultats)
    obtenus = round(part * points, 2)
    texte = "\n".join(r.message for r in echecs)
    if obtenus > 0:
        sorties.append(NotebookNode(output_type="stream", name="stdout",
                                    text=f"✘ Correction : {texte}\nPoints de cette cellule : {obtenus:g} sur "
                                         f"{points:g} (la valeur ci-dessous, lue par nbgrader).\n"))
    else:
        sorties.append(_sortie_erreur(ENAME, texte))
    for r in echecs:
        contre = r.contre_exemple or {}
        if "plateau" in contre:
            from awale_ref.grading.contre_exemples import dessin_html, dessin_texte

            sorties.append(NotebookNode(output_type="display_data", metadata={}, data={
                "text/plain": f"{dessin_texte(contre['plateau'])}\nPour le reproduire : {contre['appel']}",
                "text/html": dessin_html(contre["plateau"], contre["appel"])}))
        elif "appel" in contre:
            sorties.append(NotebookNode(output_type="stream", name="stdout",
                                        text=f"Pour le reproduire : {contre['appel']}\n"))
        if "images" in contre:  # a function that returns an image: the expected one beside the student's
            import base64

            from awale_ref.grading.contre_exemples import ImageTropGrande, images_png

            try:
                png = images_png(contre["images"]["attendue"], contre["images"]["obtenue"])
            except ImageTropGrande as exc:  # described instead of drawn
                sorties.append(NotebookNode(output_type="stream", name="stdout", text=f"{exc}\n"))
                continue
            except (ValueError, TypeError, KeyError):  # not drawable: the text above says it all
                continue
            sorties.append(NotebookNode(output_type="display_data", metadata={}, data={
                "text/plain": "Image attendue (à gauche) et image obtenue (à droite), pixels différents en rouge.",
                "image/png": base64.b64encode(png).decode("ascii")}))
    if obtenus > 0:
        sorties.append(NotebookNode(output_type="execute_result", execution_count=None, metadata={},
                                    data={"text/plain": f"{obtenus:g}"}))
    return sorties


def _taille(sortie: Any) -> int:
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


# What the kernel's ``tester`` and ``corriger`` print in a test cell: their verdicts (awale_ref.grading.sujets).
_LIGNES_DE_VERDICT = ("✔ ", "Tests cachés de ")


def sorties_hors_verdict(sorties: list) -> list[NotebookNode]:
    """The kernel's outputs of a graded test cell, without any verdict of its own, unable to change the score.

    The judge's verdict is the only one (issue 23: the kernel's visible tests
    judged the statement's examples alone and could contradict it).  Dropped:
    every error (a failed visible test, a name not defined: the judge says it
    too) and the ``✔``/« Tests cachés » lines.  Kept as plain text: the
    student's own prints, ``stderr`` included, and the grader's note that the
    kernel was stopped (``NoyauArrete``).  An ``execute_result`` becomes a
    display, which nbgrader does not score.
    """
    gardees = []
    for sortie in sorties:
        genre = sortie.get("output_type")
        if genre == "error":
            if sortie.get("ename") == "NoyauArrete":
                gardees.append(NotebookNode(output_type="stream", name="stdout",
                                            text=f"[Noyau Python : {sortie.get('evalue')}]\n"))
        elif genre == "stream":
            texte = "".join(ligne for ligne in str(sortie.get("text", "")).splitlines(keepends=True)
                            if not ligne.startswith(_LIGNES_DE_VERDICT))
            if texte:
                gardees.append(NotebookNode(output_type="stream", name="stdout", text=texte))
        elif genre == "execute_result":
            gardees.append(NotebookNode(output_type="display_data", data=sortie.get("data", {}),
                                        metadata=sortie.get("metadata", {})))
        else:
            gardees.append(sortie)
    return gardees


# ---------------------------------------------------------------- resuming an interrupted autograde
# nbgrader skips a student whose autograded/<student>/<assignment> folder exists.  If autograde is
# killed in the middle of a student, that folder holds a sanitized, unexecuted notebook and the
# gradebook no scores: a plain re-run would skip (lose) the student.  The hooks below note which
# submissions are in progress; the next autograde removes their folders first, so they are graded.
EN_COURS = ".autograde_en_cours.json"


def _copies(notebooks: list[str]) -> set[str]:
    """``"student/assignment"`` of each submitted notebook path (``submitted/<s>/<a>/<nb>.ipynb``)."""
    return {"/".join(Path(nb).resolve().parts[-3:-1]) for nb in notebooks}


_COMPOSANT = re.compile(r"[A-Za-z0-9À-ÿ_.@+-]{1,200}")


def _copie_valide(copie: Any) -> bool:
    """``"student/assignment"``: two plain names, no ``..``, no separator, no absolute path."""
    if not isinstance(copie, str) or copie.count("/") != 1:
        return False
    return all(_COMPOSANT.fullmatch(p) and p not in (".", "..") for p in copie.split("/"))


def _lire_en_cours(racine: Path) -> set[str]:
    """The submissions in progress; an entry that is not ``student/assignment`` is ignored (and logged)."""
    try:
        entrees = json.loads((racine / EN_COURS).read_text(encoding="utf-8"))
    except (OSError, ValueError, TypeError):
        return set()
    if not isinstance(entrees, list):
        entrees = []
    valides = {e for e in entrees if _copie_valide(e)}
    for e in entrees:
        if e not in valides:
            print(f"[nbgrader_config] ignoring an invalid entry of {EN_COURS}: {e!r:.200}", file=sys.stderr)
    return valides


def _ecrire_en_cours(racine: Path, en_cours: set[str]) -> None:
    provisoire = racine / (EN_COURS + ".tmp")
    provisoire.write_text(json.dumps(sorted(en_cours)), encoding="utf-8")
    os.replace(provisoire, racine / EN_COURS)  # atomic: a kill never leaves half a file


def crochet_avant(racine: Path) -> Callable[..., None]:
    """``Autograde.pre_convert_hook``: this student's submission is now in progress."""
    def avant(assignment: str = "", student: str = "", notebooks: list[str] = (), **_: Any) -> None:
        _ecrire_en_cours(racine, _lire_en_cours(racine) | _copies(list(notebooks)))
        for dossier in {Path(nb).parent for nb in notebooks}:  # submitted/<student>/<assignment>
            retirer_liens(dossier)
    return avant


def retirer_liens(dossier: Path) -> list[str]:
    """Remove the symbolic links of a submitted folder before nbgrader copies it (it would follow them).

    A link is never student work: it can only point at files that are not
    the student's (the course, a classmate's copy).  Each one is logged.
    """
    retires = []
    if not dossier.is_dir() or dossier.is_symlink():
        return retires
    for racine, dossiers, fichiers in os.walk(dossier, followlinks=False):
        for nom in [*dossiers, *fichiers]:
            chemin = Path(racine) / nom
            if chemin.is_symlink():
                print(f"[nbgrader_config] symbolic link removed from the submission (never followed): {chemin}",
                      file=sys.stderr)
                chemin.unlink()
                retires.append(str(chemin))
    return retires


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
        if not dossier.resolve().is_relative_to((racine / dossier_autograded).resolve()):
            continue
        if dossier.is_dir() and not dossier.is_symlink():
            shutil.rmtree(dossier)
            repris.append(copie)
            print(f"[nbgrader_config] autograde interrupted for {copie}: its partial folder {dossier} "
                  f"is removed, it will be graded again", file=sys.stderr)
    if en_cours:
        _ecrire_en_cours(racine, set())
    return repris
