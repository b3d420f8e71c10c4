"""Grading on Dask (``pipeline/correction_dask.py``): same grades however it runs, resumable, nothing lost.

A small course (two assignments, three students: the answer key, the blank
release and one realistic mistake) is graded by a local cluster of 1
worker; the first assignment again by a local cluster of 2 workers, of 2
workers pinned to a core each, and by a real ``dask scheduler`` with two
``dask worker`` processes over TCP on 127.0.0.1 (started and stopped here);
every graded cell must get the same score.  The coordinator is then killed
(SIGKILL) in the middle of a run and started again: only what was not
recorded is graded, nothing twice, and a teacher's manual mark survives a
regrade.

The runs whose point is not how the cluster starts (the reference grades, a
resumed run, a regrade, a failed task, a broken notebook) share the module's
local cluster of one worker (:func:`un_worker`), reached by its address as an
existing cluster is; a worker grades task after task in one process, as it
does for a class.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline import correction_dask, demo, demo_class
from pipeline.build import RACINE
from pipeline.report import lire_notes
from outils import port_libre

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

ASSIGNMENTS = ("partie1_regles", "partie3_sql")
UN = ASSIGNMENTS[0]


def _de(scores: dict, assignment: str) -> dict:
    return {k: v for k, v in scores.items() if k[1] == assignment}


@pytest.fixture(scope="module")
def modele(tmp_path_factory) -> Path:
    """A course with three collected submissions per assignment, not graded yet."""
    racine = tmp_path_factory.mktemp("cours_dask")
    assert demo.preparer_cours(racine, devoirs=ASSIGNMENTS) == ASSIGNMENTS  # only these two are released
    erreur = next(e for e in demo_class.CLASSE if e.erreurs and not e.vierge)  # one realistic mistake
    for a in ASSIGNMENTS:
        for eleve, forme in (("corrige", "source"), ("vierge", "release")):
            dossier = racine / "submitted" / eleve / a
            dossier.mkdir(parents=True)
            shutil.copy(racine / forme / a / f"{a}.ipynb", dossier / f"{a}.ipynb")
            (dossier / "timestamp.txt").write_text("2026-11-20 10:00:00.000000 UTC")
    demo_class.ecrire_soumissions(racine, classe=(erreur,), assignments=ASSIGNMENTS)
    return racine


def _copie(modele: Path, dossier: Path) -> Path:
    shutil.copytree(modele, dossier, symlinks=True)
    return dossier


def _scores(racine: Path) -> dict[tuple[str, str, str], float | None]:
    _, _, notes = lire_notes(racine)
    return {(n.eleve, n.assignment, n.grade_id): n.score for n in notes}


def _soumissions_par_copie(racine: Path) -> list[tuple[str, str, int]]:
    with sqlite3.connect(racine / "gradebook.db") as db:
        return list(db.execute("SELECT sa.student_id, a.name, COUNT(*) FROM submitted_assignment sa "
                               "JOIN assignment a ON sa.assignment_id = a.id GROUP BY 1, 2 ORDER BY 1, 2"))


@pytest.fixture(scope="module")
def un_worker():
    """The address of a local cluster of one worker (``correction_dask``'s own), for the whole module."""
    client, cluster = correction_dask._client(1, None)
    client.close()
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


@pytest.fixture(scope="module")
def cours_corrige(modele, un_worker, tmp_path_factory) -> Path:
    """The course graded by one worker (every submission of both assignments); copied, never changed."""
    racine = _copie(modele, tmp_path_factory.mktemp("un") / "cours")
    bilan = correction_dask.corriger(racine, ASSIGNMENTS, scheduler=un_worker)
    assert not bilan.echecs and len(bilan.corriges) == 6
    return racine


@pytest.fixture(scope="module")
def une_fois(cours_corrige) -> dict:
    """The grades of one worker: the reference of the other runs."""
    return _scores(cours_corrige)


def test_one_worker_grades_like_a_corrector(une_fois):
    corrige = {k: v for k, v in une_fois.items() if k[0] == "corrige"}
    vierge = {k: v for k, v in une_fois.items() if k[0] == "vierge"}
    assert corrige and all(v is None or v > 0 for v in corrige.values())
    assert all(not v for v in vierge.values())


def test_two_local_workers_give_the_same_grades(modele, une_fois, tmp_path):
    racine = _copie(modele, tmp_path / "cours")
    bilan = correction_dask.corriger(racine, [UN], travailleurs=2)
    assert not bilan.echecs
    assert _scores(racine) == _de(une_fois, UN)


def _coeurs_vus() -> tuple[int, list[int], list[int]]:
    """On a worker: its name, the cores of this task's thread, and those of a process it starts."""
    from distributed import get_worker

    enfant = subprocess.run([sys.executable, "-c", "import os; print(sorted(os.sched_getaffinity(0)))"],
                            capture_output=True, text=True, check=True).stdout
    return get_worker().name, sorted(os.sched_getaffinity(0)), json.loads(enfant)


def test_workers_pinned_each_to_its_own_core_and_what_they_start_stays_there(modele, une_fois, tmp_path):
    travailleurs = min(2, len(os.sched_getaffinity(0)))
    client, cluster = correction_dask._client(travailleurs, None, coeurs_par_worker=1)
    try:
        vus = [client.submit(_coeurs_vus, pure=False, workers=[w]).result() for w in client.scheduler_info()["workers"]]
        client.close()
        attendus = correction_dask.coeurs_des_workers(travailleurs, 1)
        assert sorted(vus) == [(i, c, c) for i, c in enumerate(attendus)]
        racine = _copie(modele, tmp_path / "cours")  # graded by these pinned workers
        bilan = correction_dask.corriger(racine, [UN], scheduler=cluster.scheduler_address)
        assert not bilan.echecs and _scores(racine) == _de(une_fois, UN)
    finally:
        client.close()
        cluster.close()


def test_a_real_scheduler_and_two_workers_over_tcp_give_the_same_grades(modele, une_fois, tmp_path):
    racine = _copie(modele, tmp_path / "cours")
    port = port_libre()
    adresse = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(RACINE)}
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    processus = [subprocess.Popen([*dask, "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  start_new_session=True)]
    try:
        for _ in range(2):
            processus.append(subprocess.Popen(
                [sys.executable, "-m", "distributed.cli.dask_worker", adresse, "--nthreads", "1",
                 "--no-dashboard", "--host", "127.0.0.1"],
                env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True))
        from distributed import Client

        with Client(adresse, timeout=60) as client:
            client.wait_for_workers(2, timeout=120)
            travailleurs = client.scheduler_info()["workers"]
        assert all(adr.startswith("tcp://127.0.0.1:") for adr in travailleurs)
        bilan = correction_dask.corriger(racine, [UN], scheduler=adresse)
        assert not bilan.echecs
        assert _scores(racine) == _de(une_fois, UN)
    finally:
        for p in reversed(processus):
            os.killpg(p.pid, signal.SIGTERM)
        for p in processus:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()


def test_killing_the_coordinator_then_running_again_grades_only_what_is_missing(modele, une_fois, un_worker,
                                                                             tmp_path):
    racine = _copie(modele, tmp_path / "cours")
    commande = [sys.executable, "-m", "pipeline.correction_dask", UN, "--racine", str(racine)]
    proc = subprocess.Popen([*commande, "--workers", "1"], cwd=RACINE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    lignes = []
    assert proc.stdout is not None
    for ligne in proc.stdout:
        lignes.append(ligne)
        if ligne.strip().startswith("corrigé"):
            os.killpg(proc.pid, signal.SIGKILL)  # the coordinator and its local cluster, at once
            break
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, "".join(lignes)
    assert all(n == 1 for *_, n in _soumissions_par_copie(racine))
    # recorded: rows and folder (rows alone, if the kill fell between them, are graded again)
    faites = list(racine.glob(f"autograded/*/{UN}/{correction_dask.MARQUEUR}"))
    assert faites

    # run again, here on the module's worker (the killed run's local cluster died with it)
    reprise = subprocess.run([*commande, "--scheduler", un_worker], cwd=RACINE, capture_output=True, text=True)
    assert reprise.returncode == 0, reprise.stdout + reprise.stderr
    premiere = reprise.stdout.splitlines()[0]
    assert premiere.startswith(f"{3 - len(faites)} copie(s) à corriger, {len(faites)} déjà corrigée(s)"), premiere
    assert sum(ligne.strip().startswith("corrigé") for ligne in reprise.stdout.splitlines()) == 3 - len(faites)
    assert [n for *_, n in _soumissions_par_copie(racine)] == [1] * 3  # nothing graded twice
    assert _scores(racine) == _de(une_fois, UN)


def test_killed_between_the_gradebook_and_the_folder_the_copy_is_graded_again_never_twice(
        modele, une_fois, un_worker, tmp_path, monkeypatch):
    racine = _copie(modele, tmp_path / "cours")
    vrai = correction_dask._poser_dossier

    def coupure(*args, **kwargs):
        raise KeyboardInterrupt  # the rows are committed, the folder is not there yet

    monkeypatch.setattr(correction_dask, "_poser_dossier", coupure)
    with pytest.raises(KeyboardInterrupt):
        correction_dask.corriger(racine, [UN], ["corrige"], scheduler=un_worker)
    assert _soumissions_par_copie(racine) == [("corrige", "partie1_regles", 1)]
    monkeypatch.setattr(correction_dask, "_poser_dossier", vrai)
    bilan = correction_dask.corriger(racine, [UN], scheduler=un_worker)
    assert len(bilan.corriges) == 3 and not bilan.deja_corriges
    assert [n for *_, n in _soumissions_par_copie(racine)] == [1] * 3
    assert _scores(racine) == _de(une_fois, UN)


def test_a_regrade_keeps_the_teachers_marks_and_a_changed_submission_is_graded_again(cours_corrige, un_worker,
                                                                                    tmp_path):
    racine = _copie(cours_corrige, tmp_path / "cours")  # graded by corriger(), every submission
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        note = next(g for g in gb.find_submission_notebook("partie1_regles", "partie1_regles", "corrige").grades
                    if g.max_score_gradecell is None or g.auto_score is None)
        cellule = note.name
        note.manual_score = 0.5
        gb.db.commit()
    assert correction_dask.corriger(racine, ASSIGNMENTS[:1], scheduler=un_worker).corriges == []
    carnet = racine / "submitted" / "vierge" / "partie1_regles" / "partie1_regles.ipynb"
    carnet.write_text(carnet.read_text(encoding="utf-8").replace("VOTRE RÉPONSE ICI", "Une réponse."),
                      encoding="utf-8")
    bilan = correction_dask.corriger(racine, ASSIGNMENTS[:1], scheduler=un_worker)
    assert bilan.corriges == [("vierge", "partie1_regles")], "only the changed submission"
    bilan = correction_dask.corriger(racine, ASSIGNMENTS[:1], scheduler=un_worker, tout=True)
    assert len(bilan.corriges) == 3
    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        grade = gb.find_grade(cellule, "partie1_regles", "partie1_regles", "corrige")
        assert grade.manual_score == 0.5


def test_bad_input_gets_a_clear_error(modele, capsys):
    with pytest.raises(SystemExit):
        correction_dask.main(["partie9", "--racine", str(modele)])
    assert "no such assignment" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        correction_dask.main(["partie1_regles", "--racine", str(modele), "--workers", "0"])
    assert "--workers must be at least 1" in capsys.readouterr().err
    trop = len(os.sched_getaffinity(0)) + 1
    with pytest.raises(SystemExit):
        correction_dask.main(["partie1_regles", "--racine", str(modele), "--workers", str(trop),
                              "--coeurs-par-worker", "1"])
    assert f"{trop} worker(s) x 1 core(s) each: this process may use" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        correction_dask.main(["partie1_regles", "--racine", str(modele), "--scheduler", "tcp://127.0.0.1:1",
                              "--coeurs-par-worker", "1"])
    assert "cannot be used with --scheduler" in capsys.readouterr().err


def test_a_task_that_fails_is_reported_and_costs_no_other_grade(modele, un_worker, tmp_path):
    racine = _copie(modele, tmp_path / "cours")
    # not a notebook's error (that one scores 0, below): the submission's time cannot be set, before any notebook
    horodatage = racine / "submitted" / "vierge" / "partie1_regles" / "timestamp.txt"
    horodatage.unlink()
    horodatage.mkdir()
    bilan = correction_dask.corriger(racine, ASSIGNMENTS[:1], scheduler=un_worker)
    assert set(bilan.echecs) == {("vierge", "partie1_regles")}
    assert len(bilan.corriges) == 2 and _soumissions_par_copie(racine) == [
        (e, "partie1_regles", 1) for e in sorted({"corrige", *(p.name for p in (racine / "submitted").iterdir())} - {"vierge"})]


def test_a_broken_notebook_costs_its_author_only_on_dask(modele, une_fois, un_worker, tmp_path):
    """Through ``python -m pipeline.correction_dask``: a ``schema_version`` of 4 in a cell's metadata
    (nbgrader would stop the class) is restored and graded as usual; an unreadable notebook scores 0 with the
    reason; every other student, sorted after them, is graded as before; the command exits 0."""
    racine = _copie(modele, tmp_path / "cours")
    nb = json.loads((racine / "submitted" / "corrige" / UN / f"{UN}.ipynb").read_text(encoding="utf-8"))
    next(c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("solution"))["metadata"]["nbgrader"][
        "schema_version"] = 4
    for eleve, contenu in (("a_schema_4", json.dumps(nb)), ("b_illisible", '{"cells": [')):
        (racine / "submitted" / eleve / UN).mkdir(parents=True)
        (racine / "submitted" / eleve / UN / f"{UN}.ipynb").write_text(contenu, encoding="utf-8")
    fin = subprocess.run([sys.executable, "-m", "pipeline.correction_dask", UN, "--racine", str(racine),
                          "--scheduler", un_worker], cwd=RACINE, capture_output=True, text=True)
    assert fin.returncode == 0, fin.stdout + fin.stderr
    assert "NOTÉ 0 partie1_regles : b_illisible, notebook partie1_regles non corrigé : NotJSONError" in fin.stderr
    scores = _scores(racine)
    assert {k[2]: v for k, v in scores.items() if k[:2] == ("a_schema_4", UN)} == {
        k[2]: v for k, v in une_fois.items() if k[:2] == ("corrige", UN)}
    illisible = {k[2]: v for k, v in scores.items() if k[:2] == ("b_illisible", UN)}
    assert illisible and set(illisible.values()) == {0.0}  # 0 everywhere, nothing left "to grade by hand"
    assert {k: v for k, v in scores.items() if k[0] not in ("a_schema_4", "b_illisible")} == _de(une_fois, UN)
    from pipeline.report import ecrire_rapport

    ecrire_rapport(racine, racine / "rapport", (UN,))
    rapport = (racine / "rapport" / "rapport.md").read_text(encoding="utf-8")
    assert "Copies notées 0 faute d'avoir pu être corrigées" in rapport and "NotJSONError" in rapport
