"""Manual marks (the justification cells) from a CSV file, written into the gradebook as the formgrader does.

The formgrader is where a teacher grades the justification cells one by
one.  A teacher who corrected on paper, or the demo with its simulated
teacher, can bring the same marks in from a file instead:

    python -m pipeline.notes_manuelles notes.csv [--racine DIR]

The file is UTF-8 CSV with the header ``eleve,assignment,cellule,points,commentaire``
(``commentaire`` may be empty); one row per graded cell.  Each row does what
the formgrader's "save" does (``manual_score``, ``needs_manual_grade``,
``manual_comment`` of the cell in ``gradebook.db``).  Nothing is written
unless every row is valid: a student, assignment or cell the gradebook does
not know, a cell graded automatically, or points outside ``0…max`` stop the
import with the line at fault.
"""

from __future__ import annotations

import argparse
import csv
from dataclasses import dataclass
from pathlib import Path

from pipeline.build import RACINE
from pipeline.nbgrader_cli import nom_du_gradebook, url_gradebook

COLONNES = ("eleve", "assignment", "cellule", "points", "commentaire")


@dataclass(frozen=True)
class NoteManuelle:
    eleve: str
    assignment: str
    cellule: str        # the grade_id of a markdown answer cell graded by hand
    points: float
    commentaire: str = ""


def lire(chemin: Path) -> list[NoteManuelle]:
    """The rows of a manual-marks file; a malformed file raises ``ValueError`` naming the line."""
    with open(chemin, newline="", encoding="utf-8-sig") as f:
        lecteur = csv.DictReader(f)
        manquantes = [c for c in COLONNES[:4] if c not in (lecteur.fieldnames or [])]
        if manquantes:
            raise ValueError(f"{chemin}: missing column(s) {', '.join(manquantes)}; the header must be "
                             f"{','.join(COLONNES)}")
        notes = []
        for numero, ligne in enumerate(lecteur, start=2):
            try:
                points = float(ligne["points"].replace(",", "."))
            except (AttributeError, ValueError):
                raise ValueError(f"{chemin}, line {numero}: points {ligne['points']!r} is not a number") from None
            notes.append(NoteManuelle(ligne["eleve"].strip(), ligne["assignment"].strip(), ligne["cellule"].strip(),
                                      points, (ligne.get("commentaire") or "").strip()))
    return notes


def ecrire(chemin: Path, notes: list[NoteManuelle]) -> None:
    """Write ``notes`` in the format :func:`lire` reads."""
    with open(chemin, "w", newline="", encoding="utf-8") as f:
        ecrivain = csv.writer(f)
        ecrivain.writerow(COLONNES)
        for n in notes:
            ecrivain.writerow((n.eleve, n.assignment, n.cellule, f"{n.points:g}", n.commentaire))


def importer(racine: Path, notes: list[NoteManuelle]) -> int:
    """Write ``notes`` into the course's gradebook (all or nothing); return the number of cells graded."""
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(url_gradebook(racine)) as gb:
        a_ecrire = []
        for n in notes:
            try:
                note = gb.find_grade(n.cellule, n.assignment, n.assignment, n.eleve)
            except MissingEntry:
                raise ValueError(f"no submitted cell {n.cellule!r} of {n.assignment!r} for student {n.eleve!r} "
                                 f"in {nom_du_gradebook(url_gradebook(racine))} (collected and autograded?)") from None
            if note.cell.cell_type != "markdown":
                raise ValueError(f"{n.assignment}/{n.cellule} is graded automatically, not by hand")
            commentaire = gb.find_comment(n.cellule, n.assignment, n.assignment, n.eleve)
            if not 0 <= n.points <= note.max_score:
                raise ValueError(f"{n.eleve}, {n.assignment}/{n.cellule}: {n.points:g} points outside "
                                 f"0…{note.max_score:g}")
            a_ecrire.append((n, note, commentaire))
        for n, note, commentaire in a_ecrire:  # as the formgrader's GradeHandler.put and CommentHandler.put
            note.manual_score = n.points
            note.needs_manual_grade = False
            if n.commentaire:
                commentaire.manual_comment = n.commentaire
        gb.db.commit()
    return len(a_ecrire)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Import the manual marks of a CSV file into the gradebook.")
    parser.add_argument("fichier", type=Path, help=f"UTF-8 CSV with the header {','.join(COLONNES)}")
    parser.add_argument("--racine", type=Path, default=RACINE, help="course folder (default: this project)")
    args = parser.parse_args(argv)
    try:
        nombre = importer(args.racine.resolve(), lire(args.fichier))
    except (OSError, ValueError) as exc:
        parser.exit(2, f"notes manuelles non importées : {exc}\n")
    print(f"{nombre} cellule(s) notée(s) à la main dans {nom_du_gradebook(url_gradebook(args.racine))}")


if __name__ == "__main__":
    main()
