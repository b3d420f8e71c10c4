"""The grader's cache folder, its verified database files and its verified computed values.

:func:`dossier_cache` is where the grader keeps what it builds once (``$AWALE_CACHE``, else
``~/.cache/awale_ref``): the subjects' databases, the correction kernel's package, the grading lock, the
questions' hidden cases and expected answers.  :func:`fichier_verifie` builds a database file there once and
checks its SHA-256 at each use; :func:`valeur_verifiee` does the same for a computed Python value (a pickle
only the grader's account can read, one folder per version of the code: :func:`dossier_de_version`).
:func:`empreinte_des_fichiers` fingerprints the course's package
(:func:`fichiers_du_paquet`), which keys what is built from it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import awale_ref


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


def _temoin(chemin: Path) -> Path:
    return chemin.with_name(chemin.name + ".sha256")


def _temoin_concorde(chemin: Path, empreinte: str) -> bool:
    """Whether ``chemin``'s SHA-256 file beside it holds ``empreinte``."""
    try:
        return _temoin(chemin).read_text(encoding="ascii").strip() == empreinte
    except (OSError, ValueError):
        return False


def _publier(chemin: Path, remplir: Callable[[str], object], mode: int) -> None:
    """``chemin`` and its SHA-256 beside it (``….sha256``), both of ``mode``: ``remplir(path)`` writes a temporary
    file of the same folder, then the checksum is written and both are renamed into place (the checksum first), so
    concurrent readers never take half a file for a whole one.  The temporary files are removed on failure."""
    provisoires: list[str] = []
    try:
        descripteur, provisoire = tempfile.mkstemp(suffix=chemin.suffix or ".tmp", dir=chemin.parent)
        os.close(descripteur)
        provisoires.append(provisoire)
        remplir(provisoire)
        os.chmod(provisoire, mode)
        descripteur, provisoire_temoin = tempfile.mkstemp(suffix=".sha256", dir=chemin.parent)
        provisoires.append(provisoire_temoin)
        with os.fdopen(descripteur, "w", encoding="ascii") as fichier:
            fichier.write(_sha256(Path(provisoire)) + "\n")
        os.chmod(provisoire_temoin, mode)
        os.replace(provisoire_temoin, _temoin(chemin))
        os.replace(provisoire, chemin)
    finally:
        for reste in provisoires:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(reste)


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
    if chemin.exists():
        try:
            intact = _temoin_concorde(chemin, _sha256(chemin))
        except OSError:
            intact = False
        if intact:
            return chemin
        for fichier in (chemin, _temoin(chemin)):
            with contextlib.suppress(FileNotFoundError):
                fichier.unlink()
    chemin.parent.mkdir(parents=True, exist_ok=True)
    _publier(chemin, construire, 0o444)
    return chemin


# ---------------------------------------------------------------- what the course's package is made of
_empreintes: dict[tuple, str] = {}


def fichiers_du_paquet() -> list[tuple[str, Path]]:
    """(name in a fingerprint, file) of every file of the course's package ``awale_ref`` (its subjects, their data
    and their ``cours/`` included; no ``__pycache__``), in a fixed order."""
    paquet = os.path.dirname(os.path.realpath(awale_ref.__file__))
    fichiers = []
    for dossier, sous, noms in os.walk(paquet):
        sous[:] = sorted(s for s in sous if s != "__pycache__")
        for nom in sorted(noms):
            if not nom.endswith(".pyc"):
                chemin = os.path.join(dossier, nom)
                fichiers.append(("awale_ref/" + os.path.relpath(chemin, paquet).replace(os.sep, "/"), Path(chemin)))
    return fichiers


def empreinte_des_fichiers(fichiers: list[tuple[str, Path]]) -> str:
    """A short SHA-256 of the Python version (major.minor) and of ``fichiers`` (names and contents): their sizes
    and times are read at each call, their text hashed again only when one of them changed."""
    etat = tuple((nom, (s := os.stat(p)).st_size, s.st_mtime_ns) for nom, p in fichiers)
    if etat not in _empreintes:
        h = hashlib.sha256(f"python {sys.version_info[0]}.{sys.version_info[1]}\n".encode())
        for nom, chemin in fichiers:
            contenu = chemin.read_bytes()
            h.update(f"{nom}\0{len(contenu)}\0".encode())
            h.update(contenu)
        _empreintes[etat] = h.hexdigest()[:16]
    return _empreintes[etat]


# ---------------------------------------------------------------- computed values kept on disk
def dossier_prive(nom: str) -> Path | None:
    """``<cache>/<nom>``, made mode 0700 if missing; ``None`` when it cannot be made, belongs to another account
    or others may enter it (what it holds could have been written by someone else: nothing is read there nor
    written)."""
    dossier = dossier_cache() / nom
    try:
        dossier.mkdir(mode=0o700, parents=True, exist_ok=True)
        etat = dossier.stat()
    except OSError:
        return None
    if etat.st_uid != os.geteuid() or etat.st_mode & 0o077:
        return None
    return dossier


GARDE_S = 7 * 24 * 3600
"""A version's folder of computed values (:func:`dossier_de_version`) not used for this many seconds is removed."""


def dossier_de_version(nom: str, version: str) -> Path | None:
    """``<cache>/<nom>/<version>``, the grader's own (:func:`dossier_prive`), marked used now; the folders of other
    versions beside it not used for ``GARDE_S`` seconds are removed (each change of the code is a new version:
    the old ones would pile up).  ``None`` as :func:`dossier_prive`."""
    dossier = dossier_prive(f"{nom}/{version}")
    if dossier is None:
        return None
    with contextlib.suppress(OSError):
        os.utime(dossier)
        limite = time.time() - GARDE_S
        for autre in dossier.parent.iterdir():
            if autre != dossier and autre.is_dir() and autre.stat().st_mtime < limite:
                shutil.rmtree(autre, ignore_errors=True)
    return dossier


def valeur_verifiee(chemin: Path | None, calculer: Callable[[], Any]) -> Any:
    """The value pickled at ``chemin``, else ``calculer()`` pickled there: a value computed once for every process
    of the machine's grader (``chemin`` is ``None``: computed, nothing kept).

    Like :func:`fichier_verifie`: the file's SHA-256 is kept beside it (``….sha256``) and checked before the file
    is unpickled, so a file changed behind the grader's back (or cut short) is computed again, never loaded; both
    are written to temporary files (mode 0600) and renamed, so concurrent first uses never see half a file (a
    value that cannot be written is returned all the same).  ``chemin``'s folder is the grader's own
    (:func:`dossier_prive`): a pickle only its account wrote.
    """
    if chemin is None:
        return calculer()
    try:
        donnees = chemin.read_bytes()
        if _temoin_concorde(chemin, hashlib.sha256(donnees).hexdigest()):
            return pickle.loads(donnees)
    except (OSError, ValueError):
        pass
    valeur = calculer()
    donnees = pickle.dumps(valeur, protocol=pickle.HIGHEST_PROTOCOL)
    with contextlib.suppress(OSError):
        _publier(chemin, lambda provisoire: Path(provisoire).write_bytes(donnees), 0o600)
    return valeur
