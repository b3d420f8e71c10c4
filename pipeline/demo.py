"""The main job: the whole teacher's loop on a simulated class, end to end.

``python -m pipeline.demo`` (what ``bash scripts/demo.sh`` runs), in the
course folder (this project, or ``--racine DIR``):

1. build ``source/``, ``notebooks/autoformation/`` from the subjects' ``cours/`` and the
   release with ``nbgrader generate_assignment`` (recorded in the course's
   gradebook, which ``autograde`` needs); the class roster ``classe.csv``
   imported with ``nbgrader db student import``, as a teacher does;
2. through nbgrader's exchange (``echange/``, ``pipeline/echange.py``): the
   teacher releases each assignment; each simulated student (a distinct
   nbgrader identity, working in ``eleves/<id>/``) fetches it, answers
   (``pipeline/demo_class.py``) and submits; the due date is set; the late
   student submits after it (``pipeline/retard.py`` gives the penalty); the
   teacher collects everything into ``submitted/``;
3. ``nbgrader autograde`` on Dask, one task per student's assignment
   (``--workers``, one per core by default, or ``--scheduler`` for an
   existing cluster: ``pipeline/correction_dask.py``);
4. the simulated teacher's marks of the justification cells, written to
   ``notes_manuelles.csv`` and imported as a teacher would import them
   (``pipeline/notes_manuelles.py``; a real teacher grades them in the
   formgrader), ``generate_feedback``, ``release_feedback``, and each
   student fetches their feedback;
5. ``export`` (CSV, ``report/export_nbgrader.csv``) and the report
   (``pipeline/report.py``) under ``report/``, with its similarity section
   (``pipeline/similarite.py``): the class's two copiers come first.

A second run gives the same result: the demo starts from a fresh gradebook
(it refuses to delete one holding students outside the demo class), and
passes ``--force`` to the nbgrader commands that would otherwise keep their
previous output.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import datetime
import multiprocessing
import os
import shutil
import sys
import time
from pathlib import Path

from awale_ref.grading.registre import catalogue
from pipeline.autograde import paquet_noyau
from pipeline import correction_dask, demo_class, echange, notes_manuelles, report
from pipeline.build import RACINE, construire, serie
from pipeline.nbgrader_cli import nbgrader_en_processus, nbgrader_ici, nom_du_gradebook, url_gradebook

_DEBUT = time.monotonic()


def etape(message: str) -> None:
    """Print one progress line, with the time since the start."""
    print(f"[demo {time.monotonic() - _DEBUT:6.1f} s] {message}", flush=True)


def _gradebook_neuf(racine: Path, classe: tuple[demo_class.Eleve, ...]) -> None:
    """Start from an empty gradebook, unless it holds students outside the demo class.

    SQLite (the default): the file is removed.  A server (``$AWALE_GRADEBOOK``):
    nbgrader's tables are dropped; nbgrader creates them again on next use.
    """
    from nbgrader.api import Base, Gradebook
    from sqlalchemy import create_engine, inspect, text

    url = url_gradebook(racine)
    chemin = racine / "gradebook.db"
    if url.startswith("sqlite:") and not chemin.exists():
        return
    moteur = create_engine(url, future=True)
    try:
        if "student" not in inspect(moteur).get_table_names():
            return
        with Gradebook(url) as gb:
            autres = sorted({s.id for s in gb.students} - {e.identifiant for e in classe})
        if autres:
            raise RuntimeError(f"{nom_du_gradebook(url)} holds students outside the demo class "
                               f"({', '.join(autres[:5])}…): run the demo in another folder with --racine, "
                               f"or with another AWALE_GRADEBOOK")
        if url.startswith("sqlite:"):
            moteur.dispose()
            chemin.unlink()
            return
        Base.metadata.drop_all(moteur)
        with moteur.begin() as db:
            db.execute(text("DROP TABLE IF EXISTS alembic_version"))
    finally:
        moteur.dispose()


def inscrire(racine: Path, classe: tuple[demo_class.Eleve, ...]) -> Path:
    """The class roster as a teacher imports it: ``classe.csv``, then ``nbgrader db student import``."""
    chemin = racine / "classe.csv"
    with open(chemin, "w", newline="", encoding="utf-8") as f:
        ecrivain = csv.writer(f)
        ecrivain.writerow(("id", "first_name", "last_name", "email"))
        for e in classe:
            ecrivain.writerow((e.identifiant, e.prenom, e.nom, f"{e.identifiant}@lycee.example"))
    nbgrader_ici("db", "student", "import", chemin.name, "--log-level=WARN", racine=racine)
    return chemin


def copier_reglages(racine: Path) -> None:
    """Make ``racine`` a course folder with this course's settings.

    ``nbgrader_config.py`` loads the course's own preprocessors from
    ``pipeline/`` next to it, so the package is copied along.
    """
    racine.mkdir(parents=True, exist_ok=True)
    shutil.copy(RACINE / "nbgrader_config.py", racine / "nbgrader_config.py")
    shutil.copytree(RACINE / "pipeline", racine / "pipeline", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))


def preparer_cours(racine: Path, classe: tuple[demo_class.Eleve, ...] = demo_class.CLASSE,
                   devoirs: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """Build the course under ``racine`` and record its assignments (or only ``devoirs``) in a fresh gradebook."""
    if racine != RACINE:
        copier_reglages(racine)
    construire(racine=racine, release=False)
    assignments = tuple(a for a in demo_class.ASSIGNMENTS if (racine / "source" / a).exists()
                        and (devoirs is None or a in devoirs))
    for sujet in {s.module_correction: s for a, s in catalogue.devoirs().items() if a in assignments}.values():
        if any(genre.donnees_machine for genre in sujet.types_de_question):
            # built once per machine (~1 min), before any kernel needs it under a cell timeout
            etape("  bibliothèques d'ouvertures pour le SQL (construites une fois par machine)")
            sujet.preparer_donnees()
    etape("  paquet des élèves pour le noyau de correction (construit une fois par version du cours)")
    paquet_noyau.paquet_de_correction()
    _gradebook_neuf(racine, classe)
    for a in assignments:
        etape(f"  generate_assignment {a}")
        nbgrader_ici("generate_assignment", a, "--force", "--log-level=WARN", racine=racine)
    etape(f"  {inscrire(racine, classe).name} : {len(classe)} élèves inscrits (nbgrader db student import)")
    return assignments


def _vider_echange(racine: Path, classe: tuple[demo_class.Eleve, ...]) -> None:
    """A second run starts afresh: the demo's exchange, and the demo students' folders (no one else's)."""
    dossiers = [echange.racine_echange(racine)]
    for e in classe:
        dossiers += [echange.dossier_eleve(racine, e.identifiant), racine / "submitted" / e.identifiant]
    for dossier in dossiers:
        if dossier.exists():
            shutil.rmtree(dossier)


def distribuer_et_rendre(racine: Path, assignments: tuple[str, ...], classe: tuple[demo_class.Eleve, ...]) -> int:
    """Release, fetch, answer, submit (the late ones after the due date), collect; return the copies collected."""
    import nbformat

    _vider_echange(racine, classe)
    for a in assignments:
        echange.publier(racine, a)
        etape(f"  release_assignment {a}")
    sources = {a: nbformat.read(racine / "source" / a / f"{a}.ipynb", as_version=4) for a in assignments}

    def rendre(e: demo_class.Eleve, a: str) -> None:
        chemin = echange.recuperer(racine, e.identifiant, a)
        recu = nbformat.read(chemin, as_version=4)
        nbformat.write(demo_class.copie_rendue(e, recu, sources[a], a), chemin)
        echange.soumettre(racine, e.identifiant, a)

    en_retard = []
    for e in classe:
        rendus = [a for a in assignments if a in e.rendus]
        for a in rendus:
            if a in e.en_retard:
                echange.recuperer(racine, e.identifiant, a)  # fetched in time, handed in late
                en_retard.append((e, a))
            else:
                rendre(e, a)
        etape(f"  {e.identifiant:16} fetch_assignment + submit : {', '.join(rendus) or 'rien'}")
    # The due date: now, once the punctual students have submitted; the late ones submit after it.
    echeance = datetime.datetime.now(datetime.timezone.utc)
    for a in assignments:
        echange.fixer_echeance(racine, a, echeance)
    etape(f"  échéance fixée à {echeance:%H:%M:%S} UTC (nbgrader db assignment add --duedate)")
    for e, a in en_retard:
        rendre(e, a)
        etape(f"  {e.identifiant:16} submit {a} APRÈS l'échéance (pénalité de retard)")
    for a in assignments:
        echange.ramasser(racine, a)
        etape(f"  collect {a}")
    return len(list((racine / "submitted").glob("*/*/*.ipynb")))


def rendre_les_retours(racine: Path, assignments: tuple[str, ...], classe: tuple[demo_class.Eleve, ...]) -> int:
    """``release_feedback``, then each student fetches theirs; return the feedback pages fetched."""
    nombre = 0
    for a in assignments:
        echange.rendre_retours(racine, a)
        for e in classe:
            if a in e.rendus:
                nombre += len(echange.recuperer_retours(racine, e.identifiant, a))
        etape(f"  release_feedback {a}, puis fetch_feedback par chaque élève")
    return nombre


def eleves_rendus(racine: Path) -> list[str]:
    """The student ids with a folder under ``submitted/``."""
    dossier = racine / "submitted"
    return sorted(p.name for p in dossier.iterdir() if p.is_dir()) if dossier.exists() else []


def autograder(racine: Path, assignments: tuple[str, ...], travailleurs: int = 1,
               eleves: list[str] | None = None, scheduler: str | None = None) -> None:
    """Autograde the collected submissions on Dask (``pipeline/correction_dask.py``), everything again.

    ``eleves`` (default: every folder of ``submitted/``) limits the grading to
    these students; ``travailleurs`` workers of a local cluster, or the
    cluster of ``scheduler``.
    """
    bilan = correction_dask.corriger(racine, assignments, eleves, travailleurs=travailleurs,
                                     scheduler=scheduler, tout=True, suivi=lambda ligne: etape(f"  {ligne.strip()}"))
    if bilan.echecs:
        for (eleve, a), raison in bilan.echecs.items():
            sys.stderr.write(f"{a} : {eleve}\n{raison}\n")
        raise RuntimeError(f"autograde failed for {len(bilan.echecs)} submission(s) in {racine}")


def noter(racine: Path, assignments: tuple[str, ...], travailleurs: int = 1,
          classe: tuple[demo_class.Eleve, ...] = demo_class.CLASSE, scheduler: str | None = None) -> None:
    """``nbgrader autograde`` of the demo class's submissions, the manual marks, then the feedback pages."""
    autograder(racine, assignments, travailleurs, [e.identifiant for e in classe], scheduler)
    chemin = racine / "notes_manuelles.csv"
    notes = [n for n in demo_class.notes_manuelles(racine, classe) if n.assignment in assignments]
    notes_manuelles.ecrire(chemin, notes)
    nombre = notes_manuelles.importer(racine, notes_manuelles.lire(chemin))
    etape(f"  {nombre} justifications notées à la main (enseignant simulé) : {chemin.name} importé")
    generer_retours(racine, assignments, travailleurs)


def generer_retours(racine: Path, assignments: tuple[str, ...], travailleurs: int = 1) -> None:
    """``nbgrader generate_feedback`` of each assignment, in as many processes as workers, each starting nbgrader
    once for all the assignments it is given: each assignment writes only ``feedback/*/<assignment>/`` and reads
    the gradebook (the autograde's crash-recovery hooks are not installed for generate_feedback)."""
    contexte = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of this process's threads
    with concurrent.futures.ProcessPoolExecutor(max(1, min(travailleurs, len(assignments))), mp_context=contexte) as pool:
        faits = {pool.submit(nbgrader_en_processus, racine, "generate_feedback", a, "--force", "--log-level=INFO"): a
                 for a in assignments}
        for fait in concurrent.futures.as_completed(faits):
            code, journal, imprime = fait.result()
            if code != 0:
                utiles = [ligne for ligne in (journal + imprime).splitlines(keepends=True)
                          if "IPKernelApp" not in ligne and "checksum" not in ligne]
                sys.stderr.write("".join(utiles[-150:]))
                raise RuntimeError(f"nbgrader generate_feedback {faits[fait]} failed (exit code {code}) in {racine}")
            etape(f"  generate_feedback {faits[fait]} : {journal.count('Converting notebook ')} page(s)")


def main(argv: list[str] | None = None, classe: tuple[demo_class.Eleve, ...] | None = None) -> None:
    """The main job.  ``classe`` (the tests' sample of the demo class, ``tests/test_demo_class.py``) replaces
    the class ``--eleves`` names."""
    parser = argparse.ArgumentParser(description="Build, submit, autograde, give feedback and report on the demo class.")
    parser.add_argument("--racine", type=Path, default=RACINE, help="course folder (default: this project)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="Dask workers of the local cluster that autogrades (default: one per core; "
                             "see benchmarks/bench_grading.py)")
    parser.add_argument("--scheduler", default=None,
                        help="autograde on an existing Dask cluster, tcp://HOST:PORT (README: grading on a cluster)")
    parser.add_argument("--eleves", type=int, default=len(demo_class.CLASSE),
                        help=f"size of the demo class (default: {len(demo_class.CLASSE)}; more students take the "
                             f"same profiles under new names)")
    parser.add_argument("--devoirs", default=None, metavar="A,B,…",
                        help=f"only these assignments (default: all of {', '.join(demo_class.ASSIGNMENTS)}; "
                             f"e.g. the CCINP paper alone: {','.join(serie(demo_class.ASSIGNMENTS[0]))})")
    args = parser.parse_args(argv)
    devoirs = None
    if args.devoirs is not None:
        devoirs = tuple(d.strip() for d in args.devoirs.split(",") if d.strip())
        inconnus = [d for d in devoirs if d not in demo_class.ASSIGNMENTS]
        if inconnus or not devoirs:
            parser.error(f"--devoirs: unknown assignment(s) {', '.join(inconnus) or '(none given)'}; "
                         f"known: {', '.join(demo_class.ASSIGNMENTS)}")
    if args.eleves < 1:
        parser.error(f"--eleves must be at least 1, got {args.eleves}")
    if args.workers < 1:
        parser.error(f"--workers must be at least 1, got {args.workers}")
    racine = args.racine.resolve()
    classe = classe if classe is not None else demo_class.classe_de(args.eleves)
    etape(f"1/6 construction des notebooks (awale_ref/sujets/*/cours/ -> source/, release/, notebooks/) dans {racine}")
    assignments = preparer_cours(racine, classe, devoirs)
    etape(f"2/6 échange nbgrader : distribution, copies de la classe de démonstration ({len(classe)} "
          f"élèves), rendu, ramassage")
    for e in classe:
        erreurs = "; ".join(err.description for err in e.erreurs) or e.profil
        etape(f"  {e.identifiant:16} {erreurs}")
    copies = distribuer_et_rendre(racine, assignments, classe)
    etape(f"3/6 nbgrader autograde ({copies} notebooks), notes manuelles, puis generate_feedback")
    noter(racine, assignments, args.workers, classe, args.scheduler)
    etape("4/6 retours rendus aux élèves par l'échange")
    retours = rendre_les_retours(racine, assignments, classe)
    etape(f"  {retours} retours récupérés dans eleves/<élève>/<devoir>/feedback/")
    etape("5/6 nbgrader export (CSV)")
    (racine / "report").mkdir(exist_ok=True)
    nbgrader_ici("export", "--to=report/export_nbgrader.csv", "--log-level=WARN", racine=racine)
    etape("6/6 rapport")
    for chemin in report.ecrire_rapports(racine):
        etape(f"  écrit {chemin.relative_to(racine)}")
    etape(f"terminé : retours HTML dans {racine / 'feedback'}, notes et graphiques dans {racine / 'report'}")
    print((racine / "report" / "rapport.md").read_text(encoding="utf-8").split("\n\n![")[0])


if __name__ == "__main__":
    main()
