"""Resuming an autograde that was killed in the middle of a student (nbgrader's convert hooks).

nbgrader skips a student whose autograded/<student>/<assignment> folder exists.  If autograde is
killed in the middle of a student, that folder holds a sanitized, unexecuted notebook and the
gradebook no scores: a plain re-run would skip (lose) the student.  The hooks below note which
submissions are in progress; the next autograde removes their folders first, so they are graded.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any, Callable


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
    """``Autograde.pre_convert_hook``: this student's submission is now in progress; its links are removed and
    its time is the one the course saw it arrive (``pipeline.echange.constater_arrivee``)."""
    from pipeline.echange import crochet_arrivee

    arrivee = crochet_arrivee(racine)

    def avant(assignment: str = "", student: str = "", notebooks: list[str] = (), **_: Any) -> None:
        _ecrire_en_cours(racine, _lire_en_cours(racine) | _copies(list(notebooks)))
        for dossier in {Path(nb).parent for nb in notebooks}:  # submitted/<student>/<assignment>
            retirer_liens(dossier)
        arrivee(notebooks=notebooks)
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
