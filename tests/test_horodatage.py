"""The late penalty trusts the exchange or the course, not the student's ``timestamp.txt``.

Through nbgrader's real exchange: release, fetch, submit, then ``collect`` (the course's
``pipeline.echange.RamassageHorodate``) and ``autograde``.  The due date was 48 h ago: a student who
rewrote the submission's ``timestamp.txt`` (and its folder's name) to one hour before it gets the same
penalty as the one who left them alone; the teacher sees the disagreement in collect's log, in
``horodatages_collect.json`` and in the report.  A submission that never went through the exchange
(``nbgrader zip_collect``, a copy by hand into ``submitted/``) is dated when the course saw it
(``pipeline.echange.constater_arrivee``, from autograde's pre-convert hook): its claim can only make it later.
"""

from __future__ import annotations

import datetime
import os
import time
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook

from pipeline import echange
from pipeline.nbgrader_cli import nbgrader, nbgrader_ici
from tests.hostile.classe import A, preparer_cours

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)


def test_a_symbolic_link_or_another_filesystem_is_no_proof_of_time(tmp_path):
    dossier = tmp_path / "inbound" / "ana+devoir+2026-01-01 00:00:00.000000 UTC+abc"
    dossier.mkdir(parents=True)
    (dossier / "devoir.ipynb").write_text("{}")
    avant = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=5)
    heure, _ = echange.heure_du_depot(dossier)
    assert heure is not None and heure >= avant  # the time it was written, whatever name or content says
    (dossier / "lien.ipynb").symlink_to(tmp_path / "ailleurs.ipynb")
    heure, raison = echange.heure_du_depot(dossier)
    assert heure is None and "symbolic link" in raison


def test_a_forged_timestamp_gets_the_late_penalty_and_the_teacher_sees_it(tmp_path):
    racine = tmp_path / "cours"
    racine.mkdir()
    ctx = preparer_cours(racine)
    echeance = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=48)
    echange.fixer_echeance(racine, A, echeance)
    echange.publier(racine, A)
    for eleve in ("faussaire", "sincere"):
        chemin = echange.recuperer(racine, eleve, A)
        nbformat.write(ctx.notebook(), chemin)  # Q4 and Q8 right: 4 points before the penalty
        echange.soumettre(racine, eleve, A)
    # the forger rewrites what nbgrader's exchange takes from the student: timestamp.txt and the folder's name
    faux = (echeance - datetime.timedelta(hours=1)).strftime(echange.FORMAT)
    inbound = racine / "echange" / echange.identifiant_du_cours(racine) / "inbound"
    (dossier,) = inbound.glob(f"faussaire+{A}+*")
    (dossier / "timestamp.txt").write_text(faux)
    os.rename(dossier, inbound / f"faussaire+{A}+{faux}+{dossier.name.rsplit('+', 1)[1]}")

    journal = nbgrader_ici("collect", A, f"--Exchange.root={racine / 'echange'}",
                           "--ExchangeCollect.check_owner=False", racine=racine)
    assert "Submission faussaire/partie2_structure: the student's timestamp.txt says" in journal
    assert "Submission sincere/" not in journal
    fiches = echange.lire_horodatages(racine)
    assert fiches[f"faussaire/{A}"]["ecart_s"] < -47 * 3600 and abs(fiches[f"sincere/{A}"]["ecart_s"]) < 60

    fin = nbgrader("autograde", A, racine=racine, check=False, capture=True)
    assert fin.returncode == 0, fin.stderr[-3000:]
    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        for eleve in ("faussaire", "sincere"):
            nb = gb.find_submission_notebook(A, A, eleve)
            assert nb.score == 4.0 and nb.late_submission_penalty == 4.0, eleve  # > 24 h late: the notebook is 0
            assert gb.find_submission(A, eleve).total_seconds_late > 47 * 3600, eleve

    from pipeline.report import ecrire_rapport

    ecrire_rapport(racine, racine / "rapport", (A,))
    rapport = (racine / "rapport" / "rapport.md").read_text(encoding="utf-8")
    assert "Heures de rendu contestées" in rapport and "faussaire" in rapport.split("Heures de rendu")[1][:300]


def test_an_arrival_off_the_exchange_is_dated_by_the_course_once_and_only_later_by_a_claim(tmp_path):
    dossier = tmp_path / "submitted" / "ana" / "devoir"
    dossier.mkdir(parents=True)
    (dossier / "devoir.ipynb").write_text("{}")
    tot = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
    (dossier / "timestamp.txt").write_text(tot.strftime(echange.FORMAT))
    avant = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=5)
    fiche = echange.constater_arrivee(tmp_path, dossier)
    retenu = datetime.datetime.fromisoformat(fiche["retenu"])
    assert fiche["arrivee"] == echange.HORS_ECHANGE and fiche["declare"] == tot.isoformat() and retenu >= avant
    assert echange._lire_heure(dossier / "timestamp.txt") == retenu  # what nbgrader's autograde reads
    assert echange.constater_arrivee(tmp_path, dossier) == fiche  # graded again: the same time
    tard = retenu + datetime.timedelta(days=1)
    (dossier / "timestamp.txt").write_text(tard.strftime(echange.FORMAT))
    assert echange.constater_arrivee(tmp_path, dossier)["retenu"] == tard.isoformat()  # a claim only makes it later
    (dossier / "timestamp.txt").write_text(tot.strftime(echange.FORMAT))
    assert echange.constater_arrivee(tmp_path, dossier)["retenu"] == tard.isoformat()
    (dossier / "devoir.ipynb").write_text('{"autre": 1}')  # another copy put in its place: seen anew
    assert echange.constater_arrivee(tmp_path, dossier)["empreinte"] != fiche["empreinte"]
    cible = tmp_path / "fichier_du_professeur"
    cible.write_text(tard.strftime(echange.FORMAT))
    (dossier / "timestamp.txt").unlink()
    (dossier / "timestamp.txt").symlink_to(cible)  # a copy by hand that keeps the student's links
    (dossier / "devoir.ipynb").write_text('{"encore": 1}')
    fiche = echange.constater_arrivee(tmp_path, dossier)
    assert fiche["declare"] is None and not (dossier / "timestamp.txt").is_symlink()
    assert cible.read_text() == tard.strftime(echange.FORMAT)  # never written through the link


def test_zip_collect_and_a_copy_by_hand_are_graded_from_when_the_course_saw_them(tmp_path):
    racine = tmp_path / "cours"
    racine.mkdir()
    ctx = preparer_cours(racine)
    echange.publier(racine, A)
    chemin = echange.recuperer(racine, "sincere", A)
    nbformat.write(ctx.notebook(), chemin)  # Q4 and Q8 right: 4 points before the penalty
    echange.soumettre(racine, "sincere", A)
    echange.ramasser(racine, A)
    echeance = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=1)
    echange.fixer_echeance(racine, A, echeance)
    time.sleep(max(0.0, (echeance - datetime.datetime.now(datetime.timezone.utc)).total_seconds()) + 1)
    tot = echeance - datetime.timedelta(days=1)  # what both late students claim

    archive = racine / "downloaded" / A / "archive"  # nbgrader zip_collect: the files of a learning platform
    archive.mkdir(parents=True)
    nbformat.write(ctx.notebook(), archive / f"zippe__{tot.isoformat()}__{A}.ipynb")
    nbgrader_ici("zip_collect", A, r"--FileNameCollectorPlugin.named_regexp=.*/(?P<student_id>[a-z]+)__"
                 r"(?P<timestamp>[^_]+)__(?P<file_id>\w+)\.ipynb", "--log-level=WARN", racine=racine)
    assert echange._lire_heure(racine / "submitted" / "zippe" / A / "timestamp.txt") == tot  # the file name's claim
    copie = racine / "submitted" / "copiste" / A  # a copy by hand, with the student's own timestamp.txt
    copie.mkdir(parents=True)
    nbformat.write(ctx.notebook(), copie / f"{A}.ipynb")
    (copie / "timestamp.txt").write_text(tot.strftime(echange.FORMAT))

    fin = nbgrader("autograde", A, racine=racine, check=False, capture=True)
    assert fin.returncode == 0, fin.stderr[-3000:]
    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        for eleve, penalite in (("sincere", 0.0), ("zippe", 1.0), ("copiste", 1.0)):
            nb = gb.find_submission_notebook(A, A, eleve)
            assert (nb.score, nb.late_submission_penalty or 0.0) == (4.0, penalite), eleve  # one started hour late
            assert (gb.find_submission(A, eleve).total_seconds_late > 0) == bool(penalite), eleve
    fiches = echange.lire_horodatages(racine)
    assert fiches[f"sincere/{A}"]["arrivee"] == echange.PAR_L_ECHANGE
    assert {fiches[f"{e}/{A}"]["arrivee"] for e in ("zippe", "copiste")} == {echange.HORS_ECHANGE}

    from pipeline.report import ecrire_rapport

    ecrire_rapport(racine, racine / "rapport", (A,))
    rapport = (racine / "rapport" / "rapport.md").read_text(encoding="utf-8")
    contestees = rapport.split("Heures de rendu contestées")[1].split("\n\n")[0]
    assert "sincere" not in contestees
    for eleve in ("zippe", "copiste"):
        fiche = fiches[f"{eleve}/{A}"]
        assert f"{eleve} ({A} : déclarée {tot.isoformat()}, hors de l'échange" in contestees
        assert f"retenue {fiche['retenu']}" in contestees
