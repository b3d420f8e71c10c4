"""The main job: the whole teacher's loop on a simulated class, end to end.

``python -m pipeline.demo`` (what ``bash scripts/demo.sh`` runs), in the
course folder (this project, or ``--racine DIR``):

1. build ``source/``, ``notebooks/autoformation/`` from ``course/`` and the
   release with ``nbgrader generate_assignment`` (recorded in the course's
   gradebook, which ``autograde`` needs);
2. write the demo class's submissions under ``submitted/`` (nbgrader's
   layout; see ``pipeline/demo_class.py``);
3. ``nbgrader autograde`` (``--workers`` processes at once, 2 by default,
   each in its own copy of the course: ``pipeline/correction_parallele.py``);
4. the simulated teacher's marks of the justification cells, written to
   ``notes_manuelles.csv`` and imported as a teacher would import them
   (``pipeline/notes_manuelles.py``; a real teacher grades them in the
   formgrader), then ``generate_feedback`` and ``export`` (CSV,
   ``report/export_nbgrader.csv``);
5. the report (``pipeline/report.py``) under ``report/``.

A second run gives the same result: the demo starts from a fresh gradebook
(it refuses to delete one holding students outside the demo class), and
passes ``--force`` to the nbgrader commands that would otherwise keep their
previous output.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from pipeline import correction_parallele, demo_class, notes_manuelles, report
from pipeline.build import RACINE, construire
from pipeline.nbgrader_cli import environnement, nbgrader

_DEBUT = time.monotonic()


def etape(message: str) -> None:
    """Print one progress line, with the time since the start."""
    print(f"[demo {time.monotonic() - _DEBUT:6.1f} s] {message}", flush=True)


def nbgrader_suivi(racine: Path, *args: str, motif: str = "Autograding ") -> None:
    """Run ``nbgrader ARGS``, printing one line per notebook processed (lines holding ``motif``)."""
    journal = []
    proc = subprocess.Popen([sys.executable, "-m", "nbgrader", *args, "--log-level=INFO"], cwd=racine,
                            env=environnement(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    for ligne in proc.stdout:
        journal.append(ligne)
        if motif in ligne:
            chemin = Path(ligne.split(motif, 1)[1].strip())
            etape(f"  {args[0]} {chemin.parent.name} : {chemin.parent.parent.name}")
    if proc.wait() != 0:
        utiles = [ligne for ligne in journal if "IPKernelApp" not in ligne and "checksum" not in ligne]
        sys.stderr.write("".join(utiles[-150:]))
        raise RuntimeError(f"nbgrader {' '.join(args)} failed (exit code {proc.returncode}) in {racine}")


def _gradebook_neuf(racine: Path) -> None:
    """Remove the course gradebook, unless it holds students outside the demo class."""
    chemin = racine / "gradebook.db"
    if not chemin.exists():
        return
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{chemin}") as gb:
        autres = sorted({s.id for s in gb.students} - {e.identifiant for e in demo_class.CLASSE})
    if autres:
        raise RuntimeError(f"{chemin} holds students outside the demo class ({', '.join(autres[:5])}…): "
                           f"run the demo in another folder with --racine")
    chemin.unlink()


def _inscrire(racine: Path) -> None:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        for e in demo_class.CLASSE:
            gb.update_or_create_student(e.identifiant, first_name=e.prenom, last_name=e.nom)


def copier_reglages(racine: Path) -> None:
    """Make ``racine`` a course folder with this course's settings.

    ``nbgrader_config.py`` loads the course's own preprocessors from
    ``pipeline/`` next to it, so the package is copied along.
    """
    racine.mkdir(parents=True, exist_ok=True)
    shutil.copy(RACINE / "nbgrader_config.py", racine / "nbgrader_config.py")
    shutil.copytree(RACINE / "pipeline", racine / "pipeline", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))


def preparer_cours(racine: Path) -> tuple[str, ...]:
    """Build the course under ``racine`` and record its assignments in a fresh gradebook."""
    if racine != RACINE:
        copier_reglages(racine)
    construire(racine=racine, release=False)
    assignments = tuple(a for a in demo_class.ASSIGNMENTS if (racine / "source" / a).exists())
    if "partie3_sql" in assignments:
        # built once per machine (~1 min), before any kernel needs it under a cell timeout
        from awale_ref.grading.sql import preparer_bibliotheques

        etape("  bibliothèques d'ouvertures pour le SQL (construites une fois par machine)")
        preparer_bibliotheques()
    _gradebook_neuf(racine)
    for a in assignments:
        etape(f"  generate_assignment {a}")
        nbgrader("generate_assignment", a, "--force", "--log-level=WARN", racine=racine)
    _inscrire(racine)
    return assignments


def eleves_rendus(racine: Path) -> list[str]:
    """The student ids with a folder under ``submitted/``."""
    dossier = racine / "submitted"
    return sorted(p.name for p in dossier.iterdir() if p.is_dir()) if dossier.exists() else []


def autograder(racine: Path, assignments: tuple[str, ...], travailleurs: int = 1,
               eleves: list[str] | None = None) -> None:
    """``nbgrader autograde --force`` of the submissions, with ``travailleurs`` nbgrader processes at once.

    ``eleves`` (default: every folder of ``submitted/``) limits the grading to
    these students.  With several workers each one grades its share of the
    students in its own copy of the course, merged back afterwards
    (``pipeline/correction_parallele.py`` says why two processes must not
    share the course folder).
    """
    tous = eleves_rendus(racine)
    eleves = sorted(set(eleves) & set(tous)) if eleves is not None else tous
    groupes = correction_parallele.repartir(eleves, travailleurs)

    def lancer(dossier: Path, a: str, groupe: list[str]) -> None:
        exclus = [e for e in eleves_rendus(dossier) if e not in groupe]
        options = [f"--CourseDirectory.student_id_exclude={','.join(exclus)}"] if exclus else []
        nbgrader_suivi(dossier, "autograde", a, "--force", *options)

    if len(groupes) == 1:
        for a in assignments:
            lancer(racine, a, groupes[0])
    elif groupes:
        correction_parallele.autograder_en_parallele(
            racine, assignments, groupes, lambda dossier, a: lancer(dossier, a, eleves_rendus(dossier)))


def noter(racine: Path, assignments: tuple[str, ...], travailleurs: int = 1) -> None:
    """``nbgrader autograde`` of the demo class's submissions, the manual marks, then the feedback."""
    autograder(racine, assignments, travailleurs, [e.identifiant for e in demo_class.CLASSE])
    chemin = racine / "notes_manuelles.csv"
    notes_manuelles.ecrire(chemin, demo_class.notes_manuelles(racine))
    nombre = notes_manuelles.importer(racine, notes_manuelles.lire(chemin))
    etape(f"  {nombre} justifications notées à la main (enseignant simulé) : {chemin.name} importé")
    for a in assignments:
        nbgrader_suivi(racine, "generate_feedback", a, "--force", motif="Converting notebook ")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Build, submit, autograde, give feedback and report on the demo class.")
    parser.add_argument("--racine", type=Path, default=RACINE, help="course folder (default: this project)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1),
                        help="nbgrader autograde processes at once (default: 2, or 1 on a single core; "
                             "see benchmarks/bench_grading.py)")
    args = parser.parse_args(argv)
    racine = args.racine.resolve()
    etape(f"1/5 construction des notebooks (course/ -> source/, release/, notebooks/) dans {racine}")
    assignments = preparer_cours(racine)
    etape(f"2/5 copies de la classe de démonstration ({len(demo_class.CLASSE)} élèves) dans submitted/")
    copies = demo_class.ecrire_soumissions(racine, assignments=assignments)
    for e in demo_class.CLASSE:
        erreurs = "; ".join(err.description for err in e.erreurs) or e.profil
        etape(f"  {e.identifiant:16} {erreurs}")
    etape(f"3/5 nbgrader autograde ({len(copies)} notebooks), notes manuelles, puis generate_feedback")
    noter(racine, assignments, args.workers)
    etape("4/5 nbgrader export (CSV)")
    (racine / "report").mkdir(exist_ok=True)
    nbgrader("export", "--to=report/export_nbgrader.csv", "--log-level=WARN", racine=racine)
    etape("5/5 rapport")
    for chemin in report.ecrire_rapport(racine):
        etape(f"  écrit {chemin.relative_to(racine)}")
    etape(f"terminé : retours HTML dans {racine / 'feedback'}, notes et graphiques dans {racine / 'report'}")
    print((racine / "report" / "rapport.md").read_text(encoding="utf-8").split("\n\n![")[0])


if __name__ == "__main__":
    main()
