"""Autograde a class on Dask: one task per student's assignment, one writer of the gradebook.

``python -m pipeline.correction_dask <assignment> …`` in the
course folder (or ``--racine``) grades every collected submission
(``submitted/<student>/<assignment>/``) that is not graded yet:

- on a ``distributed.LocalCluster`` by default (one worker per core, one
  thread each: a task waits on one ``nbgrader autograde`` process), or on an
  existing cluster with ``--scheduler tcp://HOST:PORT`` (the README shows
  SLURM with dask-jobqueue and Kubernetes with dask-kubernetes);
  ``--coeurs-par-worker K`` pins each local worker, and the kernels and
  runners it starts, to K cores of its own (:class:`CoeursReserves`);
- **one task grades one student's assignment.**  It receives plain bytes
  (the course kit: ``nbgrader_config.py``, ``pipeline/``, the assignment's
  ``source/`` and a SQLite gradebook holding the assignment's definition;
  and the student's submitted folder), so a worker on another machine needs
  no shared folder, only the same software (this project installed, and
  ``pipeline`` importable).  In a temporary course it runs the standard
  ``nbgrader autograde`` (the sandboxed runner and the judge of
  ``nbgrader_config.py``; nbgrader's app inside the worker's process, see
  :func:`nbgrader_autograde`), and sends back the ``autograded/`` folder and
  the grading rows (submission, notebooks, grades, comments) as plain values;
- **only the coordinator writes the gradebook** (SQLite or PostgreSQL,
  :func:`pipeline.nbgrader_cli.url_gradebook`), as each result arrives:
  first the rows, in one transaction replacing that submission's previous
  grading, then the ``autograded/`` folder, written aside and renamed into
  place with a marker (``.correction.json``) naming the submission graded;
- **resumable**: a submission counts as graded when its marker matches the
  submitted files, the course's grading settings and a submission row of
  the gradebook.  Killing the coordinator at any moment and running the
  command again grades only what is missing: a result whose rows were
  written but whose folder was not is graded again and its rows replaced,
  never duplicated; nothing already recorded is lost.  ``--tout`` grades
  everything again.

Why not ``nbgrader autograde`` of the whole class in one process: one
process uses one core; two processes must not share a course folder (the
crash-recovery hooks of ``nbgrader_config.py`` would delete each other's
half-done folders) nor a SQLite file.  This replaces the home-made process
pool that copied the whole course per worker.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shutil
import sys
import tarfile
import tempfile
import time
from awale_ref.grading.registre import catalogue
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from distributed.diagnostics.plugin import WorkerPlugin

from pipeline.autograde import paquet_noyau
from pipeline.echange import HORODATAGES, constater_arrivee, empreinte_fichiers as _empreinte
from pipeline.nbgrader_cli import nbgrader_en_processus, url_gradebook

MARQUEUR = ".correction.json"
_DUREE = re.compile(r"Timing \S+: (kernel|judge waited|judge) ([0-9.]+) s")  # logged by pipeline/autograde/ (noyau, jugement)
# nbgrader's tables: what defines an assignment (sent to the workers) and what grading one writes (sent back).
TABLES_DEFINITION = ("course", "student", "assignment", "notebook", "base_cell", "source_cell",
                     "grade_cells", "solution_cells", "task_cells")
TABLES_CORRECTION = ("submitted_assignment", "submitted_notebook", "grade", "comment")


@dataclass
class Bilan:
    """What one run did: graded, already graded before, failed (with the reason)."""

    corriges: list[tuple[str, str]] = field(default_factory=list)
    deja_corriges: list[tuple[str, str]] = field(default_factory=list)
    echecs: dict[tuple[str, str], str] = field(default_factory=dict)
    # graded 0 because a notebook could not be graded (pipeline.autograde.copies_a_zero.ExportateurPrudent): the reasons
    a_zero: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    # seconds summed over the tasks: kernel (the student's notebook run), judge (runner + verdicts),
    # nbgrader (its own steps and process start), transfer (packing, unpacking on the worker),
    # gradebook (the coordinator's writes)
    durees: dict[str, float] = field(default_factory=dict)
    noyaux_d_avance: int = 0  # notebooks whose kernel was started ahead (pipeline.autograde.noyau._NoyauDAvance)

    def ajouter(self, durees: dict[str, float], noyaux_d_avance: int = 0) -> None:
        for cle, valeur in durees.items():
            self.durees[cle] = self.durees.get(cle, 0.0) + valeur
        self.noyaux_d_avance += noyaux_d_avance


# ---------------------------------------------------------------- plain bytes in and out
def empaqueter(dossier: Path, racine_archive: Path, membres: Iterable[Path]) -> bytes:
    """A gzip'd tar of ``membres`` (files or folders under ``dossier``), named relative to ``racine_archive``."""
    tampon = io.BytesIO()
    with tarfile.open(fileobj=tampon, mode="w:gz") as tar:
        for membre in membres:
            tar.add(membre, arcname=str(membre.relative_to(racine_archive)),
                    filter=lambda info: None if "__pycache__" in info.name else info)
    return tampon.getvalue()


def deballer(archive: bytes, dossier: Path) -> None:
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        tar.extractall(dossier, filter="data")  # no absolute path, no '..', no device, no link out


def empreinte_soumission(racine: Path, eleve: str, assignment: str) -> str:
    dossier = racine / "submitted" / eleve / assignment
    return _empreinte(dossier.rglob("*"), dossier)


def empreinte_reglages(racine: Path, assignment: str) -> str:
    """The course's grading settings for ``assignment``: a change grades its submissions again."""
    fichiers = [racine / "nbgrader_config.py", *(racine / "source" / assignment).rglob("*"),
                *(racine / "pipeline").rglob("*.py")]
    return _empreinte(fichiers, racine)


# ---------------------------------------------------------------- the gradebook (coordinator only)
def _tables(noms: tuple[str, ...]):
    from nbgrader.api import Base

    return [Base.metadata.tables[n] for n in noms]


def gradebook_de_definition(url: str, assignment: str) -> bytes:
    """A SQLite gradebook holding what nbgrader needs to grade ``assignment`` (no grading), as bytes."""
    from nbgrader.api import Base
    from sqlalchemy import create_engine, select, text

    source = create_engine(url, future=True)
    with tempfile.TemporaryDirectory() as tmp:
        chemin = Path(tmp) / "gradebook.db"
        cible = create_engine(f"sqlite:///{chemin}", future=True)
        Base.metadata.create_all(cible)
        with source.connect() as lire, cible.begin() as ecrire:
            # the schema's version as the course's gradebook has it (nbgrader checks it, and would
            # otherwise run `alembic`, which a worker may not have on its PATH)
            ecrire.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)"))
            for (version,) in lire.execute(text("SELECT version_num FROM alembic_version")):
                ecrire.execute(text("INSERT INTO alembic_version VALUES (:v)"), {"v": version})
            for table in _tables(TABLES_DEFINITION):
                lignes = [dict(r._mapping) for r in lire.execute(select(table))]
                ecrire.execute(table.delete())
                if lignes:
                    ecrire.execute(table.insert(), lignes)
        cible.dispose()
        source.dispose()
        return chemin.read_bytes()


def _soumissions(table_sa, table_a, eleve: str, assignment: str):
    from sqlalchemy import select

    return select(table_sa.c.id).where(table_sa.c.student_id == eleve, table_sa.c.assignment_id.in_(
        select(table_a.c.id).where(table_a.c.name == assignment)))


def lignes_de_correction(url: str, eleve: str, assignment: str) -> dict[str, list[dict]]:
    """The grading rows of one submission (the worker reads its own gradebook with it)."""
    from sqlalchemy import create_engine, select

    sa, sn, grade, comment = _tables(TABLES_CORRECTION)
    (a,) = _tables(("assignment",))
    moteur = create_engine(url, future=True)
    ids = _soumissions(sa, a, eleve, assignment)
    carnets = select(sn.c.id).where(sn.c.assignment_id.in_(ids))
    with moteur.connect() as lire:
        res = {
            "submitted_assignment": lire.execute(select(sa).where(sa.c.id.in_(ids))),
            "submitted_notebook": lire.execute(select(sn).where(sn.c.id.in_(carnets))),
            "grade": lire.execute(select(grade).where(grade.c.notebook_id.in_(carnets))),
            "comment": lire.execute(select(comment).where(comment.c.notebook_id.in_(carnets))),
        }
        res = {t: [dict(r._mapping) for r in lignes] for t, lignes in res.items()}
    moteur.dispose()
    return res


def enregistrer(moteur, eleve: str, assignment: str, lignes: dict[str, list[dict]], fiche_eleve: dict) -> None:
    """Replace the grading of one submission in the course's gradebook, in one transaction."""
    from sqlalchemy import select

    sa, sn, grade, comment = _tables(TABLES_CORRECTION)
    a, student = _tables(("assignment", "student"))
    with moteur.begin() as db:
        ids = [r[0] for r in db.execute(_soumissions(sa, a, eleve, assignment))]
        if ids:
            carnets = select(sn.c.id).where(sn.c.assignment_id.in_(ids))
            lignes = _garder_le_manuel(db, carnets, lignes)
            db.execute(comment.delete().where(comment.c.notebook_id.in_(carnets)))
            db.execute(grade.delete().where(grade.c.notebook_id.in_(carnets)))
            db.execute(sn.delete().where(sn.c.assignment_id.in_(ids)))
            db.execute(sa.delete().where(sa.c.id.in_(ids)))
        if db.execute(select(student.c.id).where(student.c.id == eleve)).first() is None:
            db.execute(student.insert(), [fiche_eleve])
        for table in (sa, sn, grade, comment):
            if lignes[table.name]:
                db.execute(table.insert(), lignes[table.name])


def _garder_le_manuel(db, carnets, lignes: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """Carry the teacher's marks of the previous grading over to the new rows, as nbgrader's autograde does.

    Grading a submission again must never lose a manual score, an extra
    credit or a teacher's comment: they are matched by (notebook, cell).
    """
    from sqlalchemy import select

    sn, grade, comment = _tables(("submitted_notebook", "grade", "comment"))
    def_de = {r.id: r.notebook_id for r in db.execute(select(sn.c.id, sn.c.notebook_id).where(sn.c.id.in_(carnets)))}
    anciennes = {(def_de[r.notebook_id], r.cell_id): r for r in db.execute(
        select(grade).where(grade.c.notebook_id.in_(carnets))) if r.manual_score is not None or r.extra_credit}
    commentaires = {(def_de[r.notebook_id], r.cell_id): r.manual_comment for r in db.execute(
        select(comment).where(comment.c.notebook_id.in_(carnets))) if r.manual_comment}
    nouveau_def = {r["id"]: r["notebook_id"] for r in lignes["submitted_notebook"]}
    notes = []
    for r in lignes["grade"]:
        ancienne = anciennes.get((nouveau_def[r["notebook_id"]], r["cell_id"]))
        if ancienne is not None:
            r = {**r, "manual_score": ancienne.manual_score, "extra_credit": ancienne.extra_credit,
                 "needs_manual_grade": ancienne.needs_manual_grade}
        notes.append(r)
    remarques = []
    for r in lignes["comment"]:
        ancien = commentaires.get((nouveau_def[r["notebook_id"]], r["cell_id"]))
        remarques.append({**r, "manual_comment": ancien} if ancien is not None else r)
    return {**lignes, "grade": notes, "comment": remarques}


def soumissions_enregistrees(moteur) -> set[str]:
    """The ids of every submission row of the gradebook."""
    from sqlalchemy import select

    (sa,) = _tables(("submitted_assignment",))
    with moteur.connect() as db:
        return {r[0] for r in db.execute(select(sa.c.id))}


# ---------------------------------------------------------------- one task (on a worker)
def nbgrader_autograde(cours: Path, assignment: str, eleve: str, url: str) -> tuple[int, str, str]:
    """``nbgrader autograde ASSIGNMENT --force`` of one student in ``cours``: (exit code, log, printed).

    Inside the worker's process (:func:`pipeline.nbgrader_cli.nbgrader_en_processus`):
    a new process per notebook would pay nbgrader's imports each time (about
    3 s, more than the student's kernel).  The worker never runs student code
    itself (the kernel and the runner are sandboxed processes), and grades one
    notebook at a time per process.
    """
    return nbgrader_en_processus(cours, "autograde", assignment, "--force", "--log-level=INFO",
                                 f"--CourseDirectory.db_url={url}", f"--CourseDirectory.student_id={eleve}")


def corriger_une_copie(kit: bytes, gradebook: bytes, soumission: bytes, eleve: str, assignment: str) -> dict:
    """Grade one student's assignment in a temporary course; return the ``autograded/`` folder and the rows.

    Runs on a Dask worker: reads nothing of the course folder, writes only
    its temporary folder; everything it needs comes in as bytes.
    """
    debut = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"correction_{eleve}_") as tmp:
        cours = Path(tmp)
        deballer(kit, cours)
        deballer(soumission, cours)
        (cours / "gradebook.db").write_bytes(gradebook)
        url = f"sqlite:///{cours / 'gradebook.db'}"
        sujet = catalogue.devoirs().get(assignment)
        if sujet is not None:
            with contextlib.redirect_stdout(io.StringIO()):
                sujet.preparer_donnees()  # once per machine (the SQL libraries), before any kernel waits for it
        paquet_noyau.paquet_de_correction()  # once per course version: the kernel's package, outside the budget
        debut_nbgrader = time.monotonic()
        code, journal, imprime = nbgrader_autograde(cours, assignment, eleve, url)
        duree_nbgrader = time.monotonic() - debut_nbgrader
        fait = cours / "autograded" / eleve / assignment
        if code != 0 or not fait.exists():
            utiles = [ligne for ligne in (journal + imprime).splitlines()
                      if "IPKernelApp" not in ligne and "checksum" not in ligne]
            raise RuntimeError(f"nbgrader autograde {assignment} for {eleve} failed "
                               f"(exit code {code}):\n" + "\n".join(utiles[-60:]))
        durees = {"noyau": 0.0, "juge": 0.0, "attente_juge": 0.0}
        cles = {"kernel": "noyau", "judge": "juge", "judge waited": "attente_juge"}
        for etape, secondes in _DUREE.findall(journal):
            durees[cles[etape]] += float(secondes)
        # The judge started with the kernel (VerdictsDesTestsCachesAnticipes): only the wait for it, after the
        # kernel, adds up.
        a_part = durees["attente_juge"] if "judge waited" in journal else durees["juge"]
        durees["nbgrader"] = duree_nbgrader - durees["noyau"] - a_part
        from pipeline.autograde.copies_a_zero import copies_a_zero

        resultat = {"autograded": empaqueter(fait, cours / "autograded" / eleve, [fait]),
                    "lignes": lignes_de_correction(url, eleve, assignment), "a_zero": copies_a_zero(fait)}
        durees["transfert"] = time.monotonic() - debut - duree_nbgrader
        return {**resultat, "durees": durees, "secondes": time.monotonic() - debut,
                "noyaux_d_avance": journal.count("Kernel started ahead: used")}


# ---------------------------------------------------------------- the coordinator
def _fiche_eleve(moteur, eleve: str) -> dict:
    from sqlalchemy import select

    (student,) = _tables(("student",))
    with moteur.connect() as db:
        ligne = db.execute(select(student).where(student.c.id == eleve)).first()
    return dict(ligne._mapping) if ligne else {"id": eleve}


def est_corrige(racine: Path, eleve: str, assignment: str, reglages: str, enregistrees: set[str]) -> bool:
    """Graded already: the marker matches the submitted files, the settings and a row of the gradebook."""
    marqueur = racine / "autograded" / eleve / assignment / MARQUEUR
    try:
        fiche = json.loads(marqueur.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (fiche.get("soumission") == empreinte_soumission(racine, eleve, assignment)
            and fiche.get("reglages") == reglages and fiche.get("id") in enregistrees)


def _poser_dossier(racine: Path, eleve: str, assignment: str, archive: bytes, fiche: dict) -> None:
    """Write the ``autograded/`` folder aside, then rename it into place (never half a folder)."""
    parent = racine / "autograded" / eleve
    parent.mkdir(parents=True, exist_ok=True)
    a_cote = parent / f".{assignment}.en_cours"
    shutil.rmtree(a_cote, ignore_errors=True)
    with tempfile.TemporaryDirectory(dir=parent, prefix=".deballage_") as tmp:
        deballer(archive, Path(tmp))
        (Path(tmp) / assignment / MARQUEUR).write_text(json.dumps(fiche), encoding="utf-8")
        os.rename(Path(tmp) / assignment, a_cote)
    cible = parent / assignment
    if cible.exists():
        shutil.rmtree(cible)
    os.rename(a_cote, cible)


def coeurs_des_workers(travailleurs: int, coeurs_par_worker: int, scheduler: str | None = None) -> list[list[int]]:
    """The cores of each local worker: worker ``i`` gets the ``i``-th group of ``coeurs_par_worker``.

    Among the cores this process may use (``os.sched_getaffinity``); a
    ``ValueError`` when there are not enough of them, or with an existing
    cluster (``scheduler``), which gives its workers their cores itself.
    """
    if scheduler:
        raise ValueError("pinning workers to cores is for a local cluster; it cannot be used with --scheduler (an "
                         "existing cluster gives its workers their cores itself)")
    libres = sorted(os.sched_getaffinity(0))
    if coeurs_par_worker < 1 or travailleurs * coeurs_par_worker > len(libres):
        raise ValueError(f"{travailleurs} worker(s) x {coeurs_par_worker} core(s) each: this process may use "
                         f"{len(libres)} core(s) ({', '.join(map(str, libres))})")
    return [libres[i * coeurs_par_worker:(i + 1) * coeurs_par_worker] for i in range(travailleurs)]


class CoeursReserves(WorkerPlugin):
    """Dask worker plugin: pins local worker ``i`` (every thread of its process) to its own cores.

    What the worker starts (the students' kernels, the sandboxed runners)
    inherits the pinning: a worker is then exactly its cores, as a worker of
    a SLURM job with ``cores=1`` is.  For a teacher who keeps cores free on a
    shared machine, and for the benchmark's scaling per core.
    """

    name = "awale-coeurs-reserves"
    idempotent = True

    def __init__(self, coeurs: list[list[int]]):
        self.coeurs = coeurs

    def setup(self, worker) -> None:
        mes_coeurs = set(self.coeurs[int(worker.name) % len(self.coeurs)])
        for fil in os.listdir("/proc/self/task"):  # every thread: later threads and processes inherit it
            with contextlib.suppress(ProcessLookupError):
                os.sched_setaffinity(int(fil), mes_coeurs)


def _client(travailleurs: int, scheduler: str | None, coeurs_par_worker: int | None = None):
    from distributed import Client, LocalCluster

    coeurs = coeurs_des_workers(travailleurs, coeurs_par_worker, scheduler) if coeurs_par_worker else None
    if scheduler:
        return Client(scheduler), None
    cluster = LocalCluster(n_workers=travailleurs, threads_per_worker=1, processes=True,
                           dashboard_address=":0", silence_logs=40)  # any free port: never a clash
    client = Client(cluster)
    if coeurs:
        client.register_plugin(CoeursReserves(coeurs))
    return client, cluster


def corriger(racine: Path, assignments: Iterable[str], eleves: Iterable[str] | None = None, *,
             travailleurs: int | None = None, scheduler: str | None = None, tout: bool = False,
             coeurs_par_worker: int | None = None, suivi: Callable[[str], None] = print) -> Bilan:
    """Grade every submission of ``assignments`` (of ``eleves``, default all) not graded yet.

    Results are recorded as they arrive; a failed task is reported in the
    returned :class:`Bilan` and leaves the other grades untouched.
    ``coeurs_par_worker``: pin each worker of the local cluster to that many
    cores of its own (:class:`CoeursReserves`; default: not pinned).
    """
    from distributed import as_completed
    from sqlalchemy import create_engine

    racine = Path(racine).resolve()
    url = url_gradebook(racine)
    moteur = create_engine(url, future=True)
    bilan = Bilan()
    dossier_soumis = racine / "submitted"
    voulus = None if eleves is None else set(eleves)
    presents = sorted(p.name for p in dossier_soumis.iterdir() if p.is_dir()) if dossier_soumis.exists() else []
    enregistrees = soumissions_enregistrees(moteur)
    a_faire: list[tuple[str, str]] = []
    reglages = {}
    for assignment in assignments:
        reglages[assignment] = empreinte_reglages(racine, assignment)
        for eleve in presents:
            if voulus is not None and eleve not in voulus:
                continue
            if not (dossier_soumis / eleve / assignment).is_dir():
                continue
            try:  # the time it arrived, not its claim, before the submission is hashed and sent
                constater_arrivee(racine, dossier_soumis / eleve / assignment)
            except OSError as exc:
                bilan.echecs[(eleve, assignment)] = f"submission time not settable: {exc}"
                suivi(f"  ÉCHEC {assignment} : {eleve} (submission time not settable: {exc})")
                continue
            if not tout and est_corrige(racine, eleve, assignment, reglages[assignment], enregistrees):
                bilan.deja_corriges.append((eleve, assignment))
            else:
                a_faire.append((eleve, assignment))
    suivi(f"{len(a_faire)} copie(s) à corriger, {len(bilan.deja_corriges)} déjà corrigée(s)")
    if not a_faire:
        moteur.dispose()
        return bilan
    travailleurs = travailleurs or os.cpu_count() or 1
    client, cluster = _client(travailleurs, scheduler, coeurs_par_worker)
    try:
        kits = {}
        for assignment in sorted({a for _, a in a_faire}):
            arrivees = [racine / HORODATAGES] if (racine / HORODATAGES).is_file() else []  # read by the worker's hook
            kit = empaqueter(racine, racine, [racine / "nbgrader_config.py", racine / "pipeline",
                                              racine / "source" / assignment, *arrivees])
            kits[assignment] = (client.scatter(kit, broadcast=True),
                                client.scatter(gradebook_de_definition(url, assignment), broadcast=True))
        futurs = {}
        for eleve, assignment in a_faire:
            soumission = empaqueter(racine, racine, [dossier_soumis / eleve / assignment])
            kit, gradebook = kits[assignment]
            futur = client.submit(corriger_une_copie, kit, gradebook, soumission, eleve, assignment,
                                  key=f"autograde-{assignment}-{eleve}-{time.time_ns()}", pure=False)
            futurs[futur] = (eleve, assignment, empreinte_soumission(racine, eleve, assignment))
        for futur in as_completed(futurs):
            eleve, assignment, empreinte = futurs[futur]
            try:
                resultat = futur.result()
            except Exception as exc:  # noqa: BLE001 (a task's failure must not cost the other grades)
                bilan.echecs[(eleve, assignment)] = str(exc)
                suivi(f"  ÉCHEC {assignment} : {eleve} ({str(exc).splitlines()[0]})")
                continue
            lignes = resultat["lignes"]
            if len(lignes["submitted_assignment"]) != 1:
                bilan.echecs[(eleve, assignment)] = "nbgrader recorded no submission"
                continue
            debut = time.monotonic()
            enregistrer(moteur, eleve, assignment, lignes, _fiche_eleve(moteur, eleve))
            _poser_dossier(racine, eleve, assignment, resultat["autograded"], {
                "soumission": empreinte, "reglages": reglages[assignment],
                "id": lignes["submitted_assignment"][0]["id"]})
            bilan.ajouter({**resultat["durees"], "gradebook": time.monotonic() - debut},
                          resultat.get("noyaux_d_avance", 0))
            bilan.corriges.append((eleve, assignment))
            if resultat.get("a_zero"):
                bilan.a_zero[(eleve, assignment)] = resultat["a_zero"]
            zero = "".join(f", {nb} : 0, non corrigé ({raison})" for nb, raison in resultat.get("a_zero", {}).items())
            suivi(f"  corrigé {assignment} : {eleve} ({resultat['secondes']:.1f} s, "
                  f"{len(bilan.corriges)}/{len(a_faire)}{zero})")
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
        moteur.dispose()
    return bilan


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Autograde the collected submissions on Dask (resumable).")
    parser.add_argument("assignments", nargs="+", help="assignments to grade (folders of source/)")
    parser.add_argument("--racine", type=Path, default=Path.cwd(), help="course folder (default: here)")
    parser.add_argument("--workers", type=int, default=None,
                        help="workers of the local cluster (default: one per core); ignored with --scheduler")
    parser.add_argument("--scheduler", default=None, help="address of an existing Dask scheduler, tcp://HOST:PORT")
    parser.add_argument("--eleves", default=None, help="comma-separated student ids (default: every submission)")
    parser.add_argument("--tout", action="store_true", help="grade everything again, even what is graded")
    parser.add_argument("--coeurs-par-worker", type=int, default=None, metavar="K",
                        help="pin each worker of the local cluster, and the kernels it starts, to K cores of its "
                             "own (default: not pinned); e.g. --workers 2 --coeurs-par-worker 1 leaves the "
                             "other cores free")
    args = parser.parse_args(argv)
    if args.workers is not None and args.workers < 1:
        parser.error(f"--workers must be at least 1, got {args.workers}")
    if args.coeurs_par_worker is not None:  # checked before any work, as corriger() would
        try:
            coeurs_des_workers(args.workers or os.cpu_count() or 1, args.coeurs_par_worker, args.scheduler)
        except ValueError as exc:
            parser.error(f"--coeurs-par-worker {args.coeurs_par_worker}: {exc}")
    racine = args.racine.resolve()
    inconnus = [a for a in args.assignments if not (racine / "source" / a).is_dir()]
    if inconnus:
        parser.error(f"no such assignment in {racine / 'source'}: {', '.join(inconnus)}")
    bilan = corriger(racine, args.assignments, args.eleves.split(",") if args.eleves else None,
                     travailleurs=args.workers, scheduler=args.scheduler, tout=args.tout,
                     coeurs_par_worker=args.coeurs_par_worker)
    print(f"{len(bilan.corriges)} corrigée(s), {len(bilan.deja_corriges)} déjà corrigée(s), "
          f"{len(bilan.echecs)} échec(s)")
    for (eleve, assignment), raisons in bilan.a_zero.items():
        for nb, raison in raisons.items():
            print(f"NOTÉ 0 {assignment} : {eleve}, notebook {nb} non corrigé : {raison}", file=sys.stderr)
    for (eleve, assignment), raison in bilan.echecs.items():
        print(f"ÉCHEC {assignment} : {eleve}\n{raison}", file=sys.stderr)
    return 1 if bilan.echecs else 0


if __name__ == "__main__":
    # through the module's real name: Dask then sends the tasks by reference, not by value from __main__
    from pipeline.correction_dask import main as principal

    sys.exit(principal())
