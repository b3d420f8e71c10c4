"""The students' package the grading kernel runs on: built once per course version, in the course's cache.

While a submission is graded the student's kernel never sees the course's ``awale_ref`` (references, answers,
key queries): it runs on the student distribution ``pipeline.paquet_eleve`` writes for the class server
(``ecrire_paquet``), mounted read-only in its sandbox and first on its ``sys.path``.  That tree is built here
once into ``<cache>/paquet_correction/<fingerprint>/`` (``cache.dossier_cache()``), where the fingerprint is
the SHA-256 of everything it is built from: every file of the course's package (its subjects and their
``cours/`` included) and the builder's own modules.  A changed course gets a new folder; an unchanged one is
found again in a few milliseconds.

It is built before the class is graded, by whichever comes first: the explicit step ``python -m
pipeline.autograde.paquet_noyau`` (the demo and ``pipeline.correction_dask`` run it before any notebook, so
that no notebook's time budget pays for it), or the kernel's preprocessor on its first notebook (a plain
``nbgrader autograde`` of the teacher's loop never grades with a stale package).  Builders of one machine take
a lock and publish the finished tree by renaming it: a kernel never sees half a package.  Older versions are
left in place (about 3.5 MB each; another course of the machine may still grade with one): delete the folder to
reclaim them.
"""

from __future__ import annotations

import compileall
import contextlib
import fcntl
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from awale_ref.cache import dossier_cache, empreinte_des_fichiers, fichiers_du_paquet

CONSTRUCTEURS = ("pipeline.paquet_eleve", "pipeline.essai_paquet", "pipeline.build", "pipeline.autograde.paquet_noyau")
"""The builder's modules: their text is part of the fingerprint (a change of what ships, or of how it is built,
rebuilds)."""

POLICES = ".matplotlib"
"""The package's folder holding matplotlib's font list, made when the package is built: each grading kernel starts
with a copy (``ExecutionProtegee.bac_du_noyau``) instead of listing the system's fonts again (0.15 s of CPU)."""

RELECTURE_S = 2.0
"""Within this many seconds of a check the fingerprint is taken as it was (one notebook asks it several times)."""

_verrou_local = threading.Lock()
_vu: tuple[float, str] | None = None


def _fichiers() -> list[tuple[str, Path]]:
    """(name in the fingerprint, file) of everything the package is built from: the course's package
    (``cache.fichiers_du_paquet``) and the builder's modules."""
    return [*fichiers_du_paquet(), *((module, Path(importlib.util.find_spec(module).origin)) for module in CONSTRUCTEURS)]


def empreinte() -> str:
    """The fingerprint of what the package is built from (``cache.empreinte_des_fichiers``): its files' sizes and
    times are read again after ``RELECTURE_S`` seconds, their text hashed again only when one of them changed."""
    global _vu
    maintenant = time.monotonic()
    if _vu is None or maintenant - _vu[0] >= RELECTURE_S:
        _vu = (maintenant, empreinte_des_fichiers(_fichiers()))
    return _vu[1]


def dossier() -> Path:
    """Where the packages for grading are kept (one folder per fingerprint)."""
    return dossier_cache() / "paquet_correction"


def paquet_de_correction(journal=None) -> Path:
    """The folder to put first on the grading kernel's ``sys.path`` (it holds ``awale_ref/``), built if missing.

    ``journal``: a logger told when (and how long) it is built."""
    cible = dossier() / empreinte()
    return construit_une_fois(cible, lambda provisoire: _construire(provisoire, cible, journal))


def construit_une_fois(cible: Path, construire: Callable[[Path], None]) -> Path:
    """``cible``, made if missing by ``construire(folder)`` in a temporary folder beside it, then published by
    renaming that folder (no reader ever sees half of it): whoever asks first builds it, the other threads and
    processes wait on a lock beside it.  A build that fails leaves nothing behind."""
    if cible.is_dir():
        return cible
    with _verrou_local:
        cible.parent.mkdir(parents=True, exist_ok=True)
        with open(cible.parent / ".verrou", "a") as verrou:
            fcntl.flock(verrou, fcntl.LOCK_EX)
            if not cible.is_dir():
                provisoire = Path(tempfile.mkdtemp(prefix=".construction_", dir=cible.parent))
                try:
                    construire(provisoire)
                    os.rename(provisoire, cible)
                except BaseException:
                    for chemin in [provisoire, *provisoire.rglob("*")]:
                        with contextlib.suppress(OSError):
                            chemin.chmod(0o755)
                    shutil.rmtree(provisoire, ignore_errors=True)
                    raise
    return cible


def _construire(provisoire: Path, cible: Path, journal) -> None:
    """The grading kernel's package written in ``provisoire``, to be published as ``cible``."""
    from pipeline import paquet_eleve

    debut = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        paquet_eleve.ecrire_paquet(provisoire)
    (provisoire / "pyproject.toml").unlink(missing_ok=True)
    # Compiled here, once: the kernel's sandbox writes no ``__pycache__`` beside a read-only package, so that
    # without them every kernel would compile each module it imports (``ddir``: the paths the kernel sees).
    if not compileall.compile_dir(provisoire, ddir=str(cible), quiet=1, workers=1):
        raise RuntimeError(f"the students' package for the grading kernel does not compile: {provisoire}")
    subprocess.run([sys.executable, "-c", "import matplotlib.font_manager"], check=True, capture_output=True,
                   env={**os.environ, "MPLCONFIGDIR": str(provisoire / POLICES)}, timeout=600)
    for chemin in [provisoire, *provisoire.rglob("*")]:  # readable by the sandbox's user, writable by none
        chemin.chmod(0o555 if chemin.is_dir() else 0o444)
    if journal is not None:
        journal.info("Students' package for the grading kernel built in %.1f s: %s", time.perf_counter() - debut,
                     cible)


def main() -> None:
    debut = time.perf_counter()
    chemin = paquet_de_correction()
    print(f"paquet des élèves pour le noyau de correction : {chemin} ({time.perf_counter() - debut:.1f} s)")


if __name__ == "__main__":
    main()
