"""The student's kernel inside ``nbgrader autograde``: sandboxed, bounded, restarted when killed or blocked."""

from __future__ import annotations

import atexit
import contextlib
import copy
import os
import resource
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbconvert.exporters.exporter import ResourcesDict
from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import Execute
from jupyter_client.manager import AsyncKernelManager
from jupyter_core.utils import run_sync
from traitlets import Bool, Integer, Unicode

from awale_ref.grading.correcteur import bac_a_sable, memoire, verrou
from pipeline.autograde import paquet_noyau
from pipeline.client_noyau import ClientEnTranches
from pipeline.autograde import prive as api_privee
from pipeline.autograde.limites import borner_erreur, taille_sortie
from pipeline.autograde.ressources import CLE_ECHEANCE, CLE_ECHEC, CLE_MEMOIRE, CLE_NOYAU_FINI, qui
from pipeline.autograde.structure import est_cellule_de_test
from pipeline.autograde.verdicts import sortie_erreur

# The kernel process's own standard output and error: what the student's code writes there (os.write(1, …) before
# or beside ipykernel's capture) would otherwise land, unbounded, in the grader's log.  The notebook's outputs
# come over the kernel's messages, capped (ExecutionProtegee.output).
SORTIES_DU_NOYAU = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}


class ClientSansBattement(ClientEnTranches):
    """The grading's kernel client: every channel but the heartbeat; replies read as soon as they arrive
    (:class:`pipeline.client_noyau.ClientEnTranches`).

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
    sockets (``transport = "ipc"``) in a private folder bind-mounted into it
    (``BacASable.sockets``, read-only there once they are bound); the
    connection file sits there too, readable by the sandbox's user.
    Interrupts go as messages (a signal to ``bwrap`` would not reach the
    kernel in its own session).
    """

    bac: bac_a_sable.BacASable | None = None
    d_avance = False  # started ahead: it booted before its submission reached its host folder

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        commande = super().format_kernel_cmd(extra_arguments)
        return self.bac.commande(commande) if self.bac is not None else commande

    def write_connection_file(self, **kwargs: Any) -> None:
        super().write_connection_file(**kwargs)
        if bac_a_sable.en_root():
            os.chown(self.connection_file, bac_a_sable.UID_NOBODY, bac_a_sable.UID_NOBODY)


def sockets_absentes(km: Any, delai: float = 5.0) -> list[str]:
    """The ports of ``km``'s connection file (jupyter_client's ``port_names``) whose socket is still missing from
    its kernel's IPC folder after at most ``delai`` seconds (``ipc`` transport: a file ``<ip>-<port>`` each).  The
    kernel answers once its shell socket is bound, but ipykernel binds its heartbeat's in a thread of its own: the
    folder is sealed (``bac_a_sable.sceller``) only once every socket is there, or ``delai`` has passed (the
    grading uses no heartbeat)."""
    from jupyter_client.connect import port_names

    chemins = {nom: f"{km.ip}-{getattr(km, nom)}" for nom in port_names}
    fin = time.monotonic() + delai
    while absents := [nom for nom, chemin in chemins.items() if not os.path.exists(chemin)]:
        if time.monotonic() >= fin:
            break
        time.sleep(0.005)
    return absents


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
            api_privee.fermer_socket_controle(self.km)
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


class ExecutionProtegee(api_privee.TueLeNoyauAvantNettoyage, Execute):
    """nbgrader's ``Execute`` that survives kernels killed, blocked or flooded by the student's code."""

    memoire_noyau = Integer(4 * 1024 ** 3, help="RLIMIT_AS of the kernel, in bytes (0: none)").tag(config=True)
    fichier_max_noyau = Integer(256 * 1024 ** 2, help="RLIMIT_FSIZE of the kernel, in bytes (0: none)").tag(config=True)
    stockage_noyau = Integer(256 * 1024 ** 2, help="size of the kernel's private /tmp, in bytes").tag(config=True)
    fichiers_max_noyau = Integer(4096, help="files in the kernel's private /tmp (where the grader is root)"
                                 ).tag(config=True)
    sortie_max = Integer(1024 ** 2, help="printed characters kept per cell; the rest is dropped").tag(config=True)
    redemarrages_max = Integer(5, help="kernel restarts allowed per notebook").tag(config=True)
    sortie_max_notebook = Integer(8 * 1024 ** 2, help="output characters kept per notebook").tag(config=True)
    bac_a_sable = Bool(True, help="run the kernel in a bubblewrap sandbox (False: trusted work only)"
                       ).tag(config=True)
    # Imported when the kernel starts, before any student code, from the installed package only (not
    # from the notebook's folder, where a submitted ``awale_ref.py`` would otherwise shadow it).  IPython keeps
    # each cell's exception for its history (``%notebook``), formatted in full with ``stack_data`` even where
    # the notebook shows only a French message (a failed test, a missing function): 0.1 to 0.4 s of the
    # kernel's CPU per exception that no one reads while grading, so it keeps the exception's name alone
    # (``prive.CONTRAT``; the outputs the notebook shows are formatted as before).
    code_demarrage = Unicode(
        "import os as _o, sys as _s\n_chemin = list(_s.path)\n"
        "_s.path[:] = [p for p in _s.path if p not in ('', '.', _o.getcwd())]\n"
        "import awale_ref.grading.eleve.affichage\nawale_ref.grading.eleve.affichage.installer()\n_s.path[:] = _chemin\n"
        "get_ipython()._format_exception_for_storage = (\n"
        "    lambda e, *a, **k: {'ename': type(e).__name__, 'evalue': '', 'traceback': []})\n"
        "del _o, _s, _chemin\n",
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
        km.d_avance = d_avance is not None
        self._prives += prives
        # The submission's host copy: a kernel started now finds it there when its sandbox starts (its first process
        # copies it into the working folder, COPIE); a kernel started ahead copies it in before the first cell
        # (``BacASable.recopie``).
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
        ipc = bac_a_sable.dossier_prive("awk", dir="/tmp")      # short: Unix socket paths are limited
        travail = bac_a_sable.dossier_prive("awale_noyau_")
        for prive in (ipc, travail):
            bac_a_sable.preparer_dossier_prive(prive)
        km.bac = self.bac_du_noyau(ipc, travail)
        km.transport = "ipc"
        km.ip = os.path.join(ipc, "k")
        km.connection_file = os.path.join(ipc, "noyau.json")
        km.kernel_spec.interrupt_mode = "message"
        return km, [ipc, travail]

    def bac_du_noyau(self, ipc: str, travail: str) -> bac_a_sable.BacASable:
        """The kernel's sandbox: the students' package (``paquet_noyau``), never the course's, read-only and first
        on its ``sys.path`` (what it mounts: ``bac_a_sable.MONTAGES["noyau"]``); its IPC folder writable until
        its sockets are bound (``BacASable.sockets``); its working copy (``travail``, at ``COPIE``) and matplotlib's
        configuration, holding a copy of the package's font list (``paquet_noyau.POLICES``), folders of its
        ``/tmp``, all bounded together (``stockage_noyau``, ``fichiers_max_noyau``)."""
        paquet = paquet_noyau.paquet_de_correction(self.log)
        return bac_a_sable.BacASable(
            repertoire=COPIE, sockets=ipc,
            ecriture=[(travail, COPIE), (str(paquet / paquet_noyau.POLICES), bac_a_sable.MATPLOTLIB)],
            lecture=bac_a_sable.lecture("noyau", paquet_eleve=paquet),
            memoire=self.memoire_noyau or 1 << 62, fichier=self.fichier_max_noyau or 1 << 62, processus=256,
            stockage=self.stockage_noyau, fichiers_max=self.fichiers_max_noyau,
            environnement={"AWALE_CORRECTION": "juge", "PYTHONPATH": str(paquet)})

    def _code_variante(self) -> str | None:
        """Run silently in the kernel before the student's first cell: its identity for the data cells
        (``awale_ref.grading.eleve.variantes``), the submission's nbgrader student id, so that the graded notebook shows
        its author's data (the judge reads the same folder).  Not in the kernel's environment: a kernel may be
        started before its notebook is known (``noyau d'avance``)."""
        from awale_ref.grading.eleve.variantes import IDENTITE_CORRECTION

        eleve = getattr(self, "_eleve", None)
        return f"import os as _os\n_os.environ[{IDENTITE_CORRECTION!r}] = {str(eleve)!r}\ndel _os" if eleve else None

    def _arguments_noyau(self) -> list[str]:
        """The kernel's command-line arguments, as nbclient would give them (history in memory)."""
        arguments = list(self.extra_arguments)
        if self.ipython_hist_file and not any(a.startswith("--HistoryManager.hist_file") for a in arguments):
            arguments.append(f"--HistoryManager.hist_file={self.ipython_hist_file}")
        return arguments

    def _cle_d_avance(self) -> tuple:
        """The settings a kernel is started with (the rest of its sandbox is the same for the whole process):
        a kernel started ahead serves only the same settings."""
        return (self.kernel_name, self.memoire_noyau, self.fichier_max_noyau, self.stockage_noyau,
                self.fichiers_max_noyau, paquet_noyau.empreinte(), tuple(self._arguments_noyau()))

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

    def avant_nettoyage(self) -> None:
        """Kill the kernel, then let nbclient clean up: every output is in by now.

        A polite shutdown (nbclient's default) interrupts the kernel, asks it
        to stop, then polls its process every 0.1 s: 0.1 to 0.4 s per notebook
        on the grading's critical path, for a kernel that has nothing left to
        do.  A killed process is reaped at once (bubblewrap's
        ``--die-with-parent`` takes the whole sandbox down with it), and
        nbclient then finds it dead and only removes its connection files.
        """
        processus = getattr(getattr(self.km, "provisioner", None), "process", None)
        if processus is not None and self.avec_bac():
            plein = bac_a_sable.stockage_plein(processus.pid)
            if plein:
                self.log.warning("Kernel of %s: %s", qui(self.resources), plein)
        if processus is not None and self.owns_km:
            init = bac_a_sable.init_du_bac(processus.pid) if self.avec_bac() else None
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                processus.kill()
                processus.wait(10)
            bac_a_sable.attendre_la_fin(init)  # nothing of the sandbox runs on beside the next steps

    # ---------------------------------------------------------------- kernel limits
    def _limiter_noyau(self) -> None:
        """Limit the kernel just started (it answered: its sockets are bound): in a sandbox, ``prlimit`` did inside,
        its processes are placed in the notebook's memory cgroup here (``memoire``; a kernel started ahead too), and
        its IPC folder is made read-only inside (``bac_a_sable.sceller``), before it runs anything of the
        notebook's; without one, its address space and file size, from outside."""
        self._place = None
        if self.avec_bac():
            groupe = (self.resources or {}).get(CLE_MEMOIRE)
            processus = getattr(getattr(self.km, "provisioner", None), "process", None)
            if groupe is not None and processus is not None:
                self._place = groupe.placer(processus.pid, "noyau")
            if processus is None:
                raise bac_a_sable.ScellementImpossible("the kernel's process is unknown")
            if absents := sockets_absentes(self.km):
                self.log.warning("Kernel of %s: sockets still unbound when its IPC folder is sealed: %s",
                                 qui(self.resources), ", ".join(absents))
            bac_a_sable.sceller(processus.pid, self.km.bac.sockets)
            return
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
        taille_cellule = sum(taille_sortie(o) for o in outs)
        note = self._note_troncature()
        if taille_cellule >= self.sortie_max or self._sortie_totale >= self.sortie_max_notebook:
            if not any(o.get("text") == note for o in outs):
                outs.append(NotebookNode(output_type="stream", name="stdout", text=note))
            return None
        sortie = super().output(outs, msg, display_id, cell_index)
        if sortie is None:
            return None
        taille = taille_sortie(sortie)
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
        """Seconds left of the notebook's budget (``VerdictsDesTestsCaches.budget_notebook``, shared with the judge)."""
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
                cell.outputs = [sortie_erreur("NoyauArrete", "cellule non exécutée : ce notebook a dépassé le "
                                                              "temps qui lui est accordé pour la correction.")]

    # ---------------------------------------------------------------- crash and block: restart, replay, go on
    def preprocess(self, nb: NotebookNode, resources: ResourcesDict = None, km: Any = None) -> tuple:
        if (resources or {}).get(CLE_ECHEC):  # graded 0 for a reason (ExportateurPrudent): nothing to run
            return nb, resources
        self._sortie_totale = 0
        self._prives: list[str] = []
        self._dossier = (resources or {}).get("metadata", {}).get("path") or None
        self._echeance = (resources or {}).get(CLE_ECHEANCE)
        self._eleve = ((resources or {}).get("nbgrader") or {}).get("student")  # whose data the kernel shows
        self.timeout_func = self._delai_de_cellule
        debut = time.perf_counter()
        prise = None
        try:
            prise = self._prendre_le_verrou(resources)
            debut_code = time.monotonic()
            return self._preprocess(nb, resources, km)
        finally:
            for prive in self._prives:
                shutil.rmtree(prive, ignore_errors=True)
            if prise is not None:  # the kernel is killed and its sandbox gone (avant_nettoyage)
                prise.rendre()
                self.log.info("Student code of %s: kernel from %.6f to %.6f (monotonic), waited %.3f s for the "
                              "grading lock", qui(resources), debut_code, time.monotonic(), prise.attente)
            if (fini := (resources or {}).get(CLE_NOYAU_FINI)) is not None:
                fini.set()  # the kernel is killed: the judge started beside it may now send the references
            self.log.info("Timing %s: kernel %.3f s", qui(resources), time.perf_counter() - debut)

    def _prendre_le_verrou(self, resources: ResourcesDict) -> verrou.Prise | None:
        """The machine's grading lock, shared (``awale_ref.grading.correcteur.verrou``), in a sandbox: taken before the
        submission reaches a kernel, released once the last kernel of the notebook is gone.  The time waited
        for it (other gradings' runners holding open secrets) is added to the notebook's deadline."""
        if not self.avec_bac():
            return None
        prise = verrou.prendre(False, f"the kernel of {qui(resources)}")
        if self._echeance is not None and prise.attente > 0:
            self._echeance += prise.attente
            resources[CLE_ECHEANCE] = self._echeance  # the judge's wait for this kernel reads it (jugement)
        return prise

    def _preprocess(self, nb: NotebookNode, resources: ResourcesDict = None, km: Any = None) -> tuple:
        api_privee.reinitialiser_client(self, nb, km)
        self.reset_execution_trackers()
        api_privee.assigner_ressources(self, resources)
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
                    sortie_erreur("NoyauArrete", arret.raison)]
                self.log.warning("Cell %d (%s): %s Restarting the kernel.", arret.index,
                                 cell.metadata.get("nbgrader", {}).get("grade_id", "sans grade_id"), arret.raison)
                ignorees.append(arret.index)
                debut = arret.index + 1
                self.km = self.kc = None
        else:
            self.log.warning("Too many kernel restarts: the remaining cells are not executed")
            for cell in self.nb.cells[debut:]:
                if cell.cell_type == "code":
                    cell.outputs = [sortie_erreur("NoyauArrete", "cellule non exécutée : le noyau Python a été "
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
                    options["env"] = {**os.environ, "AWALE_CORRECTION": "juge", "TMPDIR": tmp,
                                      "PYTHONPATH": str(paquet_noyau.paquet_de_correction(self.log))}
                pile.enter_context(self.setup_kernel(**options))
                self._limiter_noyau()
                info_msg = self.wait_for_reply(self.kc.kernel_info())
                self.nb.metadata["language_info"] = info_msg["content"]["language_info"]
                if self.avec_bac() and self.km.d_avance:  # the submission it booted without, into COPIE, bounded
                    copie = self.wait_for_reply(self.kc.execute(self.km.bac.recopie(), silent=True,
                                                                store_history=False))
                    if (copie or {}).get("content", {}).get("status") != "ok":
                        self.log.warning("Kernel of %s: the submission does not fit in its working folder (%s)",
                                         qui(self.resources), (copie or {}).get("content", {}).get("evalue"))
                if self.code_demarrage:
                    self.wait_for_reply(self.kc.execute(self.code_demarrage, silent=True, store_history=False))
                if code := self._code_variante():
                    self.wait_for_reply(self.kc.execute(code, silent=True, store_history=False))
                for index, cell in enumerate(self.nb.cells[:debut]):  # silent replay of the state
                    if cell.cell_type == "code" and index not in ignorees and not est_cellule_de_test(cell):
                        self.execute_cell(copy.deepcopy(cell), index, store_history=False)
                for index in range(debut, len(self.nb.cells)):
                    if self._reste() <= 0:
                        self._budget_epuise(index)
                        return
                    cell = self.nb.cells[index]
                    self.preprocess_cell(cell, resources, index)
                    if memoire_depassee := self._memoire_depassee():
                        cell.outputs.append(NotebookNode(output_type="stream", name="stderr", text=(
                            f"\n{memoire_depassee} : cette cellule n'a peut-être pas fini son travail.\n")))
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
            if memoire_depassee := self._memoire_depassee():
                raise _Redemarrer(index, f"le noyau Python a été arrêté pendant cette cellule : {memoire_depassee}"
                                         f". Il est relancé et les cellules précédentes sont réexécutées."
                                  ) from None
            raise _Redemarrer(index, "le noyau Python s'est arrêté pendant cette cellule (exit, plantage ou "
                                     "mémoire épuisée). Il est relancé et les cellules précédentes sont "
                                     "réexécutées.") from None

    def _memoire_depassee(self) -> str | None:
        """What the student reads when the notebook's memory cap killed a process of the kernel's sandbox since the
        last call (``memoire.Place.depassement``), else ``None``."""
        place: memoire.Place | None = getattr(self, "_place", None)
        return place.depassement() if place is not None else None
