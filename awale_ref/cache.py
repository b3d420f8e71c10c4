"""The grader's cache folder and its verified database files.

:func:`dossier_cache` is where the grader keeps what it builds once (``$AWALE_CACHE``, else
``~/.cache/awale_ref``): the subjects' databases, the correction kernel's package, the grading lock.
:func:`fichier_verifie` builds a database file there once and checks its SHA-256 at each use.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path
from typing import Callable


def dossier_cache() -> Path:
    """``$AWALE_CACHE`` if set, else ``~/.cache/awale_ref``."""
    dossier = os.environ.get("AWALE_CACHE")
    return Path(dossier) if dossier else Path.home() / ".cache" / "awale_ref"


def _sha256(chemin: Path) -> str:
    h = hashlib.sha256()
    with open(chemin, "rb") as fichier:
        for bloc in iter(lambda: fichier.read(1 << 20), b""):
            h.update(bloc)
    return h.hexdigest()


def fichier_verifie(chemin: Path, construire: Callable[[str], object]) -> Path:
    """``chemin``, a database file of the cache, built by ``construire(path)`` if needed, its checksum
    verified (rebuilt if it changed): every grading database goes through here (the opening libraries,
    Othello's hidden games database).

    A built file is made read-only (mode 0444) with its SHA-256 beside it
    (``….sqlite.sha256``, read-only too).  A file whose content no longer
    matches, or has no checksum, is built again: a database rewritten behind
    the grader's back is never used.  It is written to a temporary file and
    renamed, so concurrent first uses never see a half-written file.
    """
    chemin = Path(chemin)
    temoin = chemin.with_name(chemin.name + ".sha256")
    if chemin.exists():
        try:
            intact = temoin.read_text(encoding="ascii").strip() == _sha256(chemin)
        except OSError:
            intact = False
        if intact:
            return chemin
        for fichier in (chemin, temoin):
            with contextlib.suppress(FileNotFoundError):
                fichier.unlink()
    chemin.parent.mkdir(parents=True, exist_ok=True)
    descripteur, provisoire = tempfile.mkstemp(suffix=chemin.suffix, dir=chemin.parent)
    os.close(descripteur)
    try:
        construire(provisoire)
        os.chmod(provisoire, 0o444)
        empreinte = _sha256(Path(provisoire))
        descripteur, provisoire_temoin = tempfile.mkstemp(suffix=".sha256", dir=chemin.parent)
        with os.fdopen(descripteur, "w", encoding="ascii") as fichier:
            fichier.write(empreinte + "\n")
        os.chmod(provisoire_temoin, 0o444)
        os.replace(provisoire_temoin, temoin)
        os.replace(provisoire, chemin)
    finally:
        for reste in (provisoire,):
            if os.path.exists(reste):
                os.unlink(reste)
    return chemin
