"""Issue 22 (B): the late penalty trusts the exchange, not the student's ``timestamp.txt``.

Through nbgrader's real exchange: release, fetch, submit, then ``collect`` (the course's
``pipeline.echange.RamassageHorodate``) and ``autograde``.  The due date was 48 h ago: a student who
rewrote the submission's ``timestamp.txt`` (and its folder's name) to one hour before it gets the same
penalty as the one who left them alone; the teacher sees the disagreement in collect's log, in
``horodatages_collect.json`` and in the report.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook

from pipeline import echange
from pipeline.nbgrader_cli import nbgrader, nbgrader_ici
from tests.test_hostile import A, preparer_cours


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
