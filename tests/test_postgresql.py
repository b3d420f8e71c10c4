"""A server gradebook for several graders: the whole demo loop on PostgreSQL.

The test starts its own PostgreSQL (Debian's ``postgresql``, installed by
``scripts/setup.sh --browser``) on 127.0.0.1 on a free port, in a temporary
folder, and stops it at the end.  PostgreSQL refuses to run as root: as root
(the CI), the server runs as the ``postgres`` system user.  The demo then
runs with ``AWALE_GRADEBOOK`` pointing at it: release, exchange, Dask
autograde, manual marks, feedback and report all use the server, no
``gradebook.db`` appears, nbgrader's own command line sees the same
gradebook, and the report's totals are the server's grades.
"""

from __future__ import annotations

import csv
import glob
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import prerequis
from outils import port_libre
from pipeline import demo, demo_class, report
from pipeline.build import RACINE
from pipeline.nbgrader_cli import environnement

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

BASE = "awale"
DEVOIRS = ("partie1_regles", "olympiades_images")
"""The assignments graded on the server: two series (CCINP, Olympiades), so two reports; the whole class and every
assignment are ``tests/test_demo_class.py``'s, on SQLite."""
ELEVES = 2
"""The class on the server: the demo class's first students, one with every answer right, one with a mistake in
``olympiades_images`` (its report's total is not the maximum)."""


def _binaires() -> Path | None:
    if shutil.which("initdb") and shutil.which("pg_ctl"):
        return Path(shutil.which("initdb")).parent
    trouves = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(trouves[-1]).parent if trouves else None


@pytest.fixture(scope="module")
def serveur():
    """``postgresql+psycopg://…`` of a fresh server on 127.0.0.1, stopped (and its folder removed) at the end."""
    prerequis.module("psycopg", "postgresql")
    binaires = _binaires()
    if binaires is None:
        prerequis.manque("PostgreSQL's server is not installed (Debian: apt-get install postgresql; "
                         "scripts/setup.sh --browser)")
    # not under pytest's tmp folder: its parents are private to root, the server's user must reach it
    dossier = Path(tempfile.mkdtemp(prefix="awale_postgresql_"))
    donnees = dossier / "donnees"
    en_tant_que: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL will not run as root
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            subprocess.run(["useradd", "--system", "--no-create-home", "postgres"], check=True)
        shutil.chown(dossier, "postgres")
        os.chmod(dossier, 0o700)
        en_tant_que = ["runuser", "-u", "postgres", "--"]
    port = port_libre()
    subprocess.run([*en_tant_que, str(binaires / "initdb"), "-D", str(donnees), "-U", "postgres",
                    "--auth=trust", "-E", "UTF8", "--no-sync"], check=True, capture_output=True)
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {dossier} -c fsync=off -c synchronous_commit=off"
    subprocess.run([*en_tant_que, str(binaires / "pg_ctl"), "-D", str(donnees), "-o", options,
                    "-l", str(dossier / "journal.log"), "-w", "-t", "60", "start"], check=True, capture_output=True)
    try:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={port} user=postgres dbname=postgres", autocommit=True) as c:
            c.execute(f"CREATE DATABASE {BASE}")
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/{BASE}"
    finally:
        subprocess.run([*en_tant_que, str(binaires / "pg_ctl"), "-D", str(donnees), "-m", "fast", "-w", "stop"],
                       capture_output=True)
        shutil.rmtree(dossier, ignore_errors=True)


def _requete(url: str, sql: str) -> list[tuple]:
    import psycopg

    conninfo = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(conninfo) as c:
        return list(c.execute(sql))


@pytest.fixture(scope="module")
def demo_sur_postgresql(serveur, tmp_path_factory):
    racine = tmp_path_factory.mktemp("demo_pg") / "cours"
    env = {**os.environ, "AWALE_GRADEBOOK": serveur}
    debut = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "pipeline.demo", "--racine", str(racine), "--eleves", str(ELEVES),
                           "--devoirs", ",".join(DEVOIRS), "--workers", "2"], cwd=RACINE, env=env,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    print(f"demo on PostgreSQL, {ELEVES} students, {len(DEVOIRS)} assignments: {time.monotonic() - debut:.0f} s")
    return racine, serveur


def test_the_demo_loop_runs_on_postgresql_and_writes_no_sqlite_file(demo_sur_postgresql):
    racine, url = demo_sur_postgresql
    assert not (racine / "gradebook.db").exists()
    eleves = {e.identifiant for e in demo_class.classe_de(ELEVES)}
    assert {r[0] for r in _requete(url, "SELECT id FROM student")} == eleves
    soumissions = _requete(url, "SELECT s.student_id, a.name, COUNT(*) FROM submitted_assignment s "
                                "JOIN assignment a ON a.id = s.assignment_id GROUP BY 1, 2")
    assert soumissions and all(n == 1 for *_, n in soumissions)
    (notes,) = _requete(url, "SELECT COUNT(*) FROM grade WHERE auto_score IS NOT NULL OR manual_score IS NOT NULL")
    assert notes[0] > 50
    assert list(racine.glob("feedback/*/*/*.html"))


def test_nbgrader_itself_sees_the_server_gradebook(demo_sur_postgresql):
    racine, url = demo_sur_postgresql
    sortie = subprocess.run([sys.executable, "-m", "nbgrader", "db", "student", "list"], cwd=racine,
                            env={**environnement(), "AWALE_GRADEBOOK": url}, capture_output=True, text=True)
    assert sortie.returncode == 0, sortie.stderr
    for e in demo_class.classe_de(ELEVES):
        assert e.identifiant in sortie.stdout + sortie.stderr


def test_the_report_totals_are_the_server_grades(demo_sur_postgresql, monkeypatch):
    racine, url = demo_sur_postgresql
    monkeypatch.setenv("AWALE_GRADEBOOK", url)  # the course's gradebook is the server's, as for the demo
    points = {}
    for eleve, score in _requete(url, "SELECT sa.student_id, COALESCE(g.manual_score, g.auto_score, 0) FROM grade g "
                                      "JOIN submitted_notebook sn ON g.notebook_id = sn.id "
                                      "JOIN submitted_assignment sa ON sn.assignment_id = sa.id"):
        points[eleve] = points.get(eleve, 0.0) + float(score)
    penalites = dict(_requete(url, "SELECT sa.student_id, SUM(COALESCE(sn.late_submission_penalty, 0)) "
                                   "FROM submitted_notebook sn JOIN submitted_assignment sa "
                                   "ON sn.assignment_id = sa.id GROUP BY 1"))
    totaux: dict[str, float] = {}
    rapports = sorted((racine / "report").rglob("notes_eleves.csv"))  # one report per series
    series = report.rapports_des_series(racine)  # the series graded there (the subjects' folders say which)
    assert len(series) >= 2 and rapports == sorted(dossier / "notes_eleves.csv" for dossier, _, _ in series)
    for chemin in rapports:
        with open(chemin, encoding="utf-8") as f:
            lignes = list(csv.DictReader(f))
        assert len(lignes) == ELEVES
        for ligne in lignes:
            totaux[ligne["eleve"]] = totaux.get(ligne["eleve"], 0.0) + float(ligne["points_total"])
    assert len(totaux) == ELEVES
    for eleve, total in totaux.items():
        attendu = max(0.0, points[eleve] - float(penalites.get(eleve) or 0))
        assert total == pytest.approx(attendu, abs=0.01), eleve


def test_a_fresh_demo_refuses_a_server_gradebook_holding_other_students(serveur, tmp_path, monkeypatch):
    from nbgrader.api import Gradebook

    monkeypatch.setenv("AWALE_GRADEBOOK", serveur.rsplit("/", 1)[0] + "/autre")
    monkeypatch.setenv("PATH", environnement()["PATH"])  # a new gradebook runs nbgrader's `alembic`
    import psycopg

    with psycopg.connect(serveur.replace("postgresql+psycopg://", "postgresql://").rsplit("/", 1)[0] + "/postgres",
                         autocommit=True) as c:
        c.execute("CREATE DATABASE autre")
    demo.copier_reglages(tmp_path)
    url = os.environ["AWALE_GRADEBOOK"]
    with Gradebook(url) as gb:
        gb.add_student("une_autre_classe")
    with pytest.raises(RuntimeError, match="holds students outside the demo class"):
        demo._gradebook_neuf(tmp_path, demo_class.CLASSE)
    with Gradebook(url) as gb:
        gb.remove_student("une_autre_classe")
        gb.add_student(demo_class.CLASSE[0].identifiant)
    demo._gradebook_neuf(tmp_path, demo_class.CLASSE)
    assert _requete(url, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'") == [(0,)]
    with Gradebook(url) as gb:  # nbgrader creates its schema again
        assert gb.students == []
