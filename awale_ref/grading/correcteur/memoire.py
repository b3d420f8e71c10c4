"""The memory of one notebook's grading, bounded in total: a memory cgroup of its own, where the machine gives one.

Each process that runs a notebook's code while it is graded (the student's kernel, the runner, the judge's SQL
process, each in its sandbox: :mod:`bac_a_sable`) is moved, before it is sent anything of the student's, into a
cgroup of its own (one per sandbox: :class:`Place`) inside the notebook's cgroup (:class:`GroupeDuNotebook`),
whose memory is capped (swap included).  When the processes of a notebook together reach the cap, the kernel's
OOM killer ends one of them (the largest), and the counter of its sandbox's cgroup says so.

Which cgroup is decided in one place, :func:`hierarchie`, once per process: cgroup v2 where the memory controller
is enabled for the children of a cgroup the grader may write (a delegated systemd slice), else cgroup v1's
memory hierarchy where the grader's own memory cgroup is writable (root in a container); each candidate is
checked by a probe (a child created and capped, a process moved into it, both removed).  Where none is, each
notebook's memory is bounded per process only (``prlimit`` in each sandbox) and :func:`hierarchie` is ``None``
(:func:`pourquoi_aucune` says why).
"""

from __future__ import annotations

import functools
import itertools
import os
import re
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from awale_ref.grading.eleve import textes

MIO = 1024 ** 2
_NUMEROS = itertools.count(1)  # the notebooks' cgroups made by this process


@dataclass(frozen=True)
class Hierarchie:
    """The cgroup in which the notebooks' cgroups are created, and its version."""

    dossier: Path
    v2: bool

    def description(self) -> str:
        return f"cgroup {'v2' if self.v2 else 'v1'} {self.dossier}"


def _sans_echappement(chemin: str) -> str:
    """A path of ``/proc/self/mountinfo``, its octal escapes (``\\040``: a space) undone."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), chemin)


def candidats(mountinfo: str, cgroups: str) -> list[Hierarchie]:
    """Where the grader might create its notebooks' cgroups, cgroup v2 first, from the texts of
    ``/proc/self/mountinfo`` and ``/proc/self/cgroup``: for v2, the parent of the grader's own cgroup (which
    holds processes, so cannot give controllers to children of its own), or the hierarchy's root when the grader
    is there; for v1, the grader's own memory cgroup.  A hierarchy whose mount does not show the grader's cgroup
    is left out.

    >>> candidats("41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\\n"
    ...           "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory",
    ...           "4:memory:/api/98de\\n0::/user.slice/app.slice/x.scope")  # doctest: +NORMALIZE_WHITESPACE
    [Hierarchie(dossier=PosixPath('/sys/fs/cgroup/unified/user.slice/app.slice'), v2=True),
     Hierarchie(dossier=PosixPath('/sys/fs/cgroup/memory/api/98de'), v2=False)]
    """
    v2_propre = v1_propre = None
    for ligne in cgroups.splitlines():
        morceaux = ligne.split(":", 2)
        if len(morceaux) != 3:
            continue
        ident, controleurs, chemin = morceaux
        if ident == "0" and controleurs == "":
            v2_propre = chemin
        elif "memory" in controleurs.split(","):
            v1_propre = chemin
    v2: list[Hierarchie] = []
    v1: list[Hierarchie] = []
    for ligne in mountinfo.splitlines():
        gauche, _, droite = ligne.partition(" - ")
        champs, types = gauche.split(), droite.split()
        if len(champs) < 5 or len(types) < 3:
            continue
        racine, point = _sans_echappement(champs[3]), Path(_sans_echappement(champs[4]))
        type_, options = types[0], types[2].split(",")
        propre = v2_propre if type_ == "cgroup2" else v1_propre if type_ == "cgroup" and "memory" in options else None
        if propre is None or not (propre + "/").startswith(racine.rstrip("/") + "/"):
            continue
        dossier = point / os.path.relpath(propre, racine)
        if type_ == "cgroup2":
            v2.append(Hierarchie(dossier if dossier == point else dossier.parent, True))
        else:
            v1.append(Hierarchie(dossier, False))
    return v2 + v1


def _fichier_limite(v2: bool) -> str:
    return "memory.max" if v2 else "memory.limit_in_bytes"


def _creer(dossier: Path, v2: bool, limite: int) -> None:
    """Make the cgroup ``dossier`` capped at ``limite`` bytes, swap included, its children given the memory
    controller (v2)."""
    dossier.mkdir()
    (dossier / _fichier_limite(v2)).write_text(str(limite))
    sans_swap = dossier / ("memory.swap.max" if v2 else "memory.memsw.limit_in_bytes")
    if sans_swap.exists():  # v1's memsw is memory and swap together; v2's swap.max is swap alone
        sans_swap.write_text("0" if v2 else str(limite))
    if v2:
        (dossier / "cgroup.subtree_control").write_text("+memory")


def _retirer(dossier: Path, delai: float = 2.0) -> bool:
    """Remove the cgroup ``dossier`` and its children once their processes are gone (they may still be exiting,
    for up to ``delai`` seconds); ``True`` when removed (or already gone)."""
    fin = time.monotonic() + delai
    while dossier.exists():
        try:
            for enfant in (d for d in dossier.iterdir() if d.is_dir()):
                enfant.rmdir()
            dossier.rmdir()
        except FileNotFoundError:
            continue
        except OSError:
            if time.monotonic() > fin:
                return False
            time.sleep(0.02)
    return True


def _balayer(h: Hierarchie) -> None:
    """Remove the notebooks' cgroups a grader that was killed left in ``h`` (empty: their processes are gone)."""
    try:
        restes = [d for d in h.dossier.iterdir() if re.fullmatch(r"awale_(sonde_)?(\d+)(_\d+)?", d.name)]
    except OSError:
        return
    for reste in restes:
        pid = int(re.findall(r"\d+", reste.name)[0])
        if pid != os.getpid() and not os.path.exists(f"/proc/{pid}"):
            _retirer(reste, 0)


def _sonder(h: Hierarchie) -> str | None:
    """Why the notebooks' cgroups cannot be made in ``h`` (English), or ``None`` when a probe was: a child capped
    at 64 MiB, a cgroup for one sandbox in it, a process moved there, all removed."""
    try:
        if h.v2 and "memory" not in (h.dossier / "cgroup.subtree_control").read_text().split():
            return f"{h.description()}: the memory controller is not enabled for its children"
        if not os.access(h.dossier, os.W_OK):
            return f"{h.description()}: not writable by this account"
    except OSError as exc:
        return f"{h.description()}: {exc.strerror or exc}"
    sonde = h.dossier / f"awale_sonde_{os.getpid()}"
    _retirer(sonde, 0)
    processus = None
    try:
        _creer(sonde, h.v2, 64 * MIO)
        place = Place(sonde / "sonde", "sonde", h.v2, 64 * MIO)
        place.dossier.mkdir()
        processus = subprocess.Popen(["sleep", "60"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        place.accueillir(processus.pid)
        if str(processus.pid) not in (place.dossier / "cgroup.procs").read_text().split():
            return f"{h.description()}: a process moved into a child cgroup is not there"
    except (OSError, RuntimeError) as exc:
        return f"{h.description()}: {getattr(exc, 'strerror', None) or exc}"
    finally:
        if processus is not None:
            processus.kill()
            processus.wait()
        _retirer(sonde)
    return None


@functools.lru_cache(maxsize=1)
def _choix() -> tuple[Hierarchie | None, tuple[str, ...]]:
    raisons: list[str] = []
    try:
        mountinfo = Path("/proc/self/mountinfo").read_text()
        cgroups = Path("/proc/self/cgroup").read_text()
    except OSError as exc:
        return None, (f"/proc cannot be read ({exc.strerror})",)
    for h in candidats(mountinfo, cgroups):
        raison = _sonder(h)
        if raison is None:
            _balayer(h)
            return h, ()
        raisons.append(raison)
    return None, tuple(raisons) or ("no cgroup hierarchy with the memory controller shows this process",)


def hierarchie() -> Hierarchie | None:
    """The cgroup the notebooks' cgroups are made in (decided once per process, :func:`candidats` each probed in
    turn), or ``None``: the memory of a notebook is then bounded per process only."""
    return _choix()[0]


def pourquoi_aucune() -> str:
    """Why :func:`hierarchie` is ``None`` (English, for the teacher's log); empty when it is not."""
    return "; ".join(_choix()[1])


def _enfants(pid: int) -> list[int]:
    """The child processes of ``pid``, every thread's."""
    try:
        taches = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    enfants: list[int] = []
    for tache in taches:
        try:
            enfants += [int(e) for e in Path(f"/proc/{pid}/task/{tache}/children").read_text().split()]
        except (OSError, ValueError):
            continue
    return enfants


@dataclass
class Place:
    """The cgroup of one sandbox of a notebook (its kernel, a runner, the judge's SQL process): what its processes
    were killed for, read from its own counter."""

    dossier: Path
    partie: str
    v2: bool
    limite: int  # the notebook's cap, in bytes (for the messages)
    vus: int = 0

    def accueillir(self, pid: int) -> None:
        """Move process ``pid`` and its descendants here, each before its children are read (a child forked
        later is born here); ``RuntimeError`` when one cannot be moved."""
        procs = self.dossier / "cgroup.procs"
        a_deplacer, deplaces = [pid], set()
        while a_deplacer:
            p = a_deplacer.pop()
            if p in deplaces:
                continue
            deplaces.add(p)
            try:
                procs.write_text(str(p))
            except ProcessLookupError:  # ended meanwhile
                continue
            except OSError as exc:
                raise RuntimeError(f"process {p} could not be moved into the cgroup {self.dossier} "
                                   f"({exc.strerror or exc})") from None
            a_deplacer += _enfants(p)

    def tues(self) -> int:
        """How many of this sandbox's processes the OOM killer ended (the notebook's cap reached)."""
        fichier = self.dossier / ("memory.events" if self.v2 else "memory.oom_control")
        try:
            texte = fichier.read_text()
        except OSError:
            return self.vus
        trouve = re.search(r"^oom_kill (\d+)$", texte, re.M)
        return int(trouve.group(1)) if trouve else 0

    def nouveaux(self) -> int:
        """The processes killed since the last call (the first: since the sandbox was placed)."""
        tues = self.tues()
        nouveaux, self.vus = tues - self.vus, tues
        return nouveaux

    def depassement(self) -> str | None:
        """What the student reads when the notebook's cap killed a process of this sandbox since the last call
        (:meth:`nouveaux`), else ``None``."""
        return textes.decrire_memoire_totale(self.limite) if self.nouveaux() else None


@dataclass
class GroupeDuNotebook:
    """One notebook's cgroup in ``hierarchie``, capped at ``limite`` bytes, made when its first sandbox is placed
    (:meth:`placer`), one child per sandbox; :meth:`retirer` removes it once none of its processes runs.  Used by
    the grading's threads at once (the kernel's, the judge's)."""

    hierarchie: Hierarchie
    limite: int
    places: list[Place] = field(default_factory=list)
    dossier: Path | None = None
    _verrou: threading.Lock = field(default_factory=threading.Lock)

    def __deepcopy__(self, memo: dict) -> GroupeDuNotebook:
        """The notebook's one cgroup: a copy of what holds it (nbconvert copies a notebook's ``resources`` before
        its preprocessors) holds the same."""
        return self

    def placer(self, pid: int, partie: str) -> Place:
        """Process ``pid`` (a sandbox's ``bwrap``) and its descendants moved into a new cgroup of the notebook's,
        named after ``partie``."""
        with self._verrou:
            if self.dossier is None:
                dossier = self.hierarchie.dossier / f"awale_{os.getpid()}_{next(_NUMEROS)}"
                _creer(dossier, self.hierarchie.v2, self.limite)
                self.dossier = dossier
            place = Place(self.dossier / f"{partie}_{len(self.places)}", partie, self.hierarchie.v2, self.limite)
            place.dossier.mkdir()
            self.places.append(place)
        place.accueillir(pid)
        return place

    def tues(self) -> dict[str, int]:
        """The processes the cap killed, by party (only the parties that lost one)."""
        tues: dict[str, int] = {}
        for place in self.places:
            if n := place.tues():
                tues[place.partie] = tues.get(place.partie, 0) + n
        return tues

    def retirer(self, delai: float = 2.0) -> bool:
        """Remove the notebook's cgroup, waiting up to ``delai`` seconds for its processes to be gone; ``True`` when
        none is left."""
        with self._verrou:
            return self.dossier is None or _retirer(self.dossier, delai)
