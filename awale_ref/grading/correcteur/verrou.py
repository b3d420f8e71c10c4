"""One readers–writer lock per machine over the processes that run a student's code while notebooks are graded.

Two gradings at once (two Dask workers, two ``nbgrader autograde``) each run a student's kernel and a runner.
A runner that will hold the body of a function graded by an assignment still open (a *secret*:
``juge.CorrectionDuNotebook.secret``) takes the lock **exclusive** from its first order until its whole sandbox
is gone; every other process that runs a student's code during grading (the kernels, the runners without an open
secret) takes it **shared** for its life.  So nothing that runs a student's code, of this grading or of another,
runs beside a process that holds an open secret, and the channels between two sandboxes that run at once (locks
on shared files, ``inotify``, global counters, contention) have nobody at their other end.  When every graded
function is public (their assignments are past their due dates) every process takes it shared: full parallelism.

The lock is ``flock`` on a file of the grader's cache folder (``cache.dossier_cache()``: ``$AWALE_CACHE``, else
``~/.cache/awale_ref``; ``$AWALE_VERROU`` names another folder), which no sandbox mounts (``bac_a_sable.masques`` hides it where a mounted folder holds
it).  Gradings share the lock when they share that folder.  It is taken and held by the grader's process only:
the descriptor is close-on-exec, no sandbox inherits it, no student's code can release or probe it.  The caller
releases it once the process's whole PID namespace is gone (``bac_a_sable.attendre_la_fin``); when the grader
dies the kernel releases it with the grader's descriptors, and bubblewrap's ``--die-with-parent`` ends the
sandbox with it.

A second file, the turnstile, keeps a writer from waiting forever behind readers that keep coming: a writer holds
it exclusive while it waits for the lock, a reader passes it (shared) before taking the lock.  Waits poll
(``LOCK_NB``) and are bounded: past ``attente_max`` seconds :class:`VerrouIndisponible` says which lock and for
what (English, for the teacher's log; the notebook is then graded 0 with that reason and can be graded again).
No process ever waits for the turnstile while it holds the lock, so no two gradings wait for each other.

>>> import tempfile
>>> dossier = tempfile.mkdtemp()
>>> a = prendre(False, "kernel", dossier=dossier)
>>> b = prendre(False, "runner", dossier=dossier)   # shared admits shared
>>> try:
...     prendre(True, "a runner", attente_max=0.05, dossier=dossier)
... except VerrouIndisponible as exc:
...     print(str(exc)[:68])
could not take the grading lock exclusive for a runner within 0.05 s
>>> a.rendre(); b.rendre()
>>> prendre(True, "runner with secrets", dossier=dossier).rendre()
"""

from __future__ import annotations

import fcntl
import os
import time
from dataclasses import dataclass
from pathlib import Path

ATTENTE_MAX_S = 1800.0  # seconds a process may wait for the lock (other gradings' notebooks ahead of it)
FICHIER = "correction.verrou"
TOURNIQUET = "correction.tourniquet"


class VerrouIndisponible(RuntimeError):
    """The grading lock could not be taken in time (English, for the teacher's log)."""


def dossier_du_verrou() -> Path:
    """The lock's folder, mounted in no sandbox: ``$AWALE_VERROU`` when set (gradings that are not to wait for
    each other, each with its own: the test suite's workers), else the grader's cache folder (``$AWALE_CACHE``)."""
    if os.environ.get("AWALE_VERROU"):
        return Path(os.environ["AWALE_VERROU"])
    from awale_ref.cache import dossier_cache

    return dossier_cache()


@dataclass
class Prise:
    """The lock, held by this process through ``fd`` until :meth:`rendre`; ``attente``: seconds waited for it."""

    fd: int | None
    exclusif: bool
    attente: float

    def rendre(self) -> None:
        """Release the lock (closing the descriptor); a second call does nothing."""
        fd, self.fd = self.fd, None
        if fd is not None:
            os.close(fd)


def _ouvrir(chemin: Path) -> int:
    try:
        return os.open(chemin, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        raise VerrouIndisponible(f"cannot open the grading lock's file {chemin}: {exc}") from None


def _attendre(fd: int, mode: int, fin: float, quoi: str) -> None:
    pause = 0.001
    while True:
        try:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            reste = fin - time.monotonic()
            if reste <= 0:
                raise VerrouIndisponible(quoi) from None
            time.sleep(min(pause, reste))
            pause = min(pause * 2, 0.02)


def prendre(exclusif: bool, qui: str, attente_max: float = ATTENTE_MAX_S,
            dossier: str | os.PathLike | None = None) -> Prise:
    """Take the lock, exclusive or shared, for ``qui`` (named in the error); wait at most ``attente_max``
    seconds, else :class:`VerrouIndisponible`.  ``dossier``: the lock's folder (:func:`dossier_du_verrou`)."""
    dossier = Path(dossier) if dossier is not None else dossier_du_verrou()
    try:
        dossier.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise VerrouIndisponible(f"cannot create the grading lock's folder {dossier}: {exc}") from None
    debut = time.monotonic()
    fin = debut + attente_max
    mode = fcntl.LOCK_EX if exclusif else fcntl.LOCK_SH
    quoi = (f"could not take the grading lock {'exclusive' if exclusif else 'shared'} for {qui} within "
            f"{attente_max:g} s ({dossier / FICHIER}): other gradings on this machine held it all that time; "
            f"grade this notebook again")
    fd = _ouvrir(dossier / FICHIER)
    try:
        tourniquet = _ouvrir(dossier / TOURNIQUET)
        try:
            _attendre(tourniquet, mode, fin, quoi)
            _attendre(fd, mode, fin, quoi)
        finally:
            os.close(tourniquet)
    except BaseException:
        os.close(fd)
        raise
    return Prise(fd, exclusif, time.monotonic() - debut)
