"""Autograde a class with several nbgrader processes at once, safely.

Two ``nbgrader autograde`` processes must not share a course folder: the
course's crash-recovery hooks (``nbgrader_config.py``) keep the submissions
in progress in one file of the course and, when an autograde starts, delete
the half-done folders listed there, i.e. those of the *other* live process
(measured: a student's notebook lost).  And the gradebook is one SQLite file.

So each worker gets its own copy of the course (settings, ``source/``, a copy
of the gradebook taken after ``generate_assignment``, its students'
``submitted/`` folders), runs the standard ``nbgrader autograde`` there, and
its results are then brought back: the ``autograded/`` folders are moved into
the course, and the worker's grading rows (students it created, submissions,
notebooks, grades, comments) are copied into the course's gradebook.  Copying rows is exact
because the copies share every id of the course's tables (nbgrader ids are
UUIDs; the assignments, notebooks and cells come from the same file).

``benchmarks/bench_grading.py`` checks that one worker and two workers give
the same score to every graded cell.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

_TABLES = (
    # table, condition selecting the rows of the given students and assignments (parameters: ?s)
    ("submitted_assignment", "{p}submitted_assignment.id IN ({sa})"),
    ("submitted_notebook", "{p}submitted_notebook.assignment_id IN ({sa})"),
    ("grade", "{p}grade.notebook_id IN (SELECT id FROM {p}submitted_notebook WHERE assignment_id IN ({sa}))"),
    ("comment", "{p}comment.notebook_id IN (SELECT id FROM {p}submitted_notebook WHERE assignment_id IN ({sa}))"),
)


def repartir(eleves: list[str], travailleurs: int) -> list[list[str]]:
    """Deal the students round-robin into at most ``travailleurs`` non-empty groups.

    >>> repartir(["a", "b", "c"], 2)
    [['a', 'c'], ['b']]
    """
    if travailleurs < 1:
        raise ValueError(f"travailleurs must be at least 1, got {travailleurs!r}")
    return [g for g in (eleves[i::travailleurs] for i in range(travailleurs)) if g]


def copie_de_travail(racine: Path, dossier: Path, eleves: list[str]) -> Path:
    """A course copy in ``dossier`` holding the submissions of ``eleves`` only."""
    dossier.mkdir(parents=True, exist_ok=True)
    shutil.copy(racine / "nbgrader_config.py", dossier / "nbgrader_config.py")
    shutil.copy(racine / "gradebook.db", dossier / "gradebook.db")
    for nom in ("pipeline", "source"):
        shutil.copytree(racine / nom, dossier / nom, ignore=shutil.ignore_patterns("__pycache__"))
    for eleve in eleves:
        shutil.copytree(racine / "submitted" / eleve, dossier / "submitted" / eleve)
    return dossier


def fusionner(racine: Path, copie: Path, eleves: list[str], assignments: tuple[str, ...]) -> None:
    """Bring the grading of ``eleves`` for ``assignments`` from ``copie`` back into the course ``racine``."""
    for eleve in eleves:
        for a in assignments:
            fait = copie / "autograded" / eleve / a
            cible = racine / "autograded" / eleve / a
            if cible.exists():
                shutil.rmtree(cible)
            if fait.exists():
                cible.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(str(fait), str(cible))
    params = [*eleves, *assignments]
    sa = ("SELECT id FROM {p}submitted_assignment WHERE student_id IN ({e}) AND assignment_id IN "
          "(SELECT id FROM {p}assignment WHERE name IN ({a}))").replace(
        "{e}", ",".join("?" * len(eleves))).replace("{a}", ",".join("?" * len(assignments)))
    with sqlite3.connect(racine / "gradebook.db") as db:
        db.execute("ATTACH DATABASE ? AS w", (str(copie / "gradebook.db"),))
        for table, condition in reversed(_TABLES):  # the course's previous grading, children first
            db.execute(f"DELETE FROM {table} WHERE " + condition.format(p="", sa=sa.format(p="")), params)
        # students created by the worker's autograde (unknown to the course until now)
        db.execute(f"INSERT OR IGNORE INTO student SELECT * FROM w.student WHERE id IN ({','.join('?' * len(eleves))})",
                   eleves)
        for table, condition in _TABLES:
            db.execute(f"INSERT INTO {table} SELECT * FROM w.{table} WHERE "
                       + condition.format(p="w.", sa=sa.format(p="w.")), params)
        db.commit()
        db.execute("DETACH DATABASE w")


def autograder_en_parallele(racine: Path, assignments: tuple[str, ...], groupes: list[list[str]],
                            lancer: Callable[[Path, str], None]) -> None:
    """Autograde each group of students in its own course copy, at the same time, then merge.

    ``lancer(course_folder, assignment)`` runs ``nbgrader autograde <assignment> --force`` there.
    """
    with tempfile.TemporaryDirectory(prefix="autograde_") as tmp:
        copies = [copie_de_travail(racine, Path(tmp) / f"travailleur_{k}", g) for k, g in enumerate(groupes)]

        def travail(copie: Path) -> None:
            for a in assignments:
                lancer(copie, a)

        with ThreadPoolExecutor(len(copies)) as pool:
            for futur in [pool.submit(travail, c) for c in copies]:
                futur.result()
        for copie, groupe in zip(copies, groupes):
            fusionner(racine, copie, groupe, assignments)
