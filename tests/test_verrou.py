"""The machine's grading lock (``awale_ref.grading.correcteur.verrou``) and two gradings at once.

The lock alone: shared admits shared, exclusive excludes both, a waiting writer is not overtaken by new readers,
a holder killed with SIGKILL releases it, no sandbox sees its file.  Then two real ``nbgrader autograde`` runs
started at once on one machine: each logs, from the grader's side, when each of its processes that run a
student's code ran (``Student code of …``) and whether that runner held an open secret; no such secret-holding
runner overlaps any other process that runs a student's code, of either grading.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from awale_ref.grading.correcteur import bac_a_sable, verrou

COURT = 0.3  # seconds: a wait that must fail (the lock is held)


def _bloque(exclusif: bool, dossier) -> bool:
    """Whether taking the lock (``exclusif``) in ``dossier`` fails within :data:`COURT` seconds."""
    try:
        verrou.prendre(exclusif, "the test", attente_max=COURT, dossier=dossier).rendre()
    except verrou.VerrouIndisponible as exc:
        assert "the test" in str(exc) and "grade this notebook again" in str(exc)
        return True
    return False


def test_shared_admits_shared_and_exclusive_excludes_both(tmp_path):
    lecteur = verrou.prendre(False, "a kernel", dossier=tmp_path)
    autre = verrou.prendre(False, "another kernel", dossier=tmp_path)
    assert not autre.exclusif and lecteur.attente < COURT
    assert _bloque(True, tmp_path)       # readers hold it: no writer
    lecteur.rendre()
    assert _bloque(True, tmp_path)       # one reader is enough
    autre.rendre()
    ecrivain = verrou.prendre(True, "a runner holding open secrets", dossier=tmp_path)
    assert _bloque(False, tmp_path) and _bloque(True, tmp_path)
    ecrivain.rendre()
    ecrivain.rendre()                    # a second release does nothing
    assert not _bloque(False, tmp_path) and not _bloque(True, tmp_path)


def test_a_waiting_writer_is_not_overtaken_by_new_readers(tmp_path):
    """While a writer waits for the readers to leave, a new reader waits too (the turnstile); the writer gets the
    lock as soon as the old reader leaves."""
    ancien = verrou.prendre(False, "a kernel", dossier=tmp_path)
    pris: list[verrou.Prise] = []
    fil = threading.Thread(target=lambda: pris.append(verrou.prendre(True, "a runner", attente_max=30,
                                                                     dossier=tmp_path)))
    fil.start()
    time.sleep(0.2)
    assert not pris and _bloque(False, tmp_path)
    ancien.rendre()
    fil.join(10)
    assert pris and pris[0].exclusif and pris[0].attente >= 0.2
    pris[0].rendre()


TENIR = """
import sys, time
from awale_ref.grading.correcteur import verrou
verrou.prendre(sys.argv[1] == "exclusif", "a holder", dossier=sys.argv[2])
print("pris", flush=True)
time.sleep(600)
"""


@pytest.mark.parametrize("mode", ["exclusif", "partage"])
def test_the_lock_is_released_when_its_holder_is_killed(tmp_path, mode):
    proc = subprocess.Popen([sys.executable, "-c", TENIR, mode, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "pris"
        assert _bloque(True, tmp_path)
        assert _bloque(False, tmp_path) == (mode == "exclusif")
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        assert not _bloque(True, tmp_path)
    finally:
        proc.kill()
        proc.wait()


def test_no_sandbox_sees_the_locks_folder():
    """The lock's file is in the grader's cache folder, which no sandbox mounts (hidden where a mounted folder
    holds it): a student's code can neither take it nor watch it."""
    verrou.prendre(False, "the test").rendre()  # the file exists
    fichier = verrou.dossier_du_verrou() / verrou.FICHIER
    assert fichier.is_file()
    bac = bac_a_sable.BacASable(repertoire="/tmp", ecriture=[])
    code = f"import os; print(os.path.exists({str(fichier)!r}))"
    sortie = subprocess.run(bac.commande([sys.executable, "-c", code]), capture_output=True, text=True, timeout=60)
    assert sortie.stdout.split()[0] == "False", sortie


# ---------------------------------------------------------------- two real autogrades at once
INTERVALLE = re.compile(r"Student code of (\S+): (kernel|runner) from ([\d.]+) to ([\d.]+) \(monotonic\)"
                        r"(?:, open secrets: (yes|no))?")


def _intervalles(log: str, classe: str) -> list[tuple[str, str, str, float, float, bool]]:
    """(grading, notebook, party, start, end, holds an open secret) of each ``Student code of …`` log line."""
    return [(classe, qui, partie, float(debut), float(fin), secret == "yes")
            for qui, partie, debut, fin, secret in INTERVALLE.findall(log)]


@pytest.mark.lourd
def test_two_gradings_at_once_never_run_student_code_beside_a_runner_holding_open_secrets(tmp_path):
    """Two courses (no due date: every graded function is an open secret), two submissions each, graded by two
    ``nbgrader autograde`` started at the same moment: first the attack of ``tests/hostile/canaux.py`` between two
    gradings (Q8's child of one publishes a reference through locks on the standard library's files, the kernel of
    the other polls them in five cells of ``ECOUTE_S``), then an honest notebook.  Before the lock, a runner of one
    ran beside the kernel or the runner of the other, and the reference reached the second grading's feedback."""
    from tests.hostile import T4, T8, Soumission, _avec
    from tests.hostile.canaux import SOUMISSIONS_DEUX_CORRECTIONS
    from tests.hostile.classe import (Classe, autograder, deposer, lire_scores, preparer_cours, score_et_raisons,
                                      tests_autogrades)

    classes = [(*attaque, Soumission("eleve_b", _avec({}), frozenset({T4, T8}), ()))
               for attaque in SOUMISSIONS_DEUX_CORRECTIONS]
    racines = [tmp_path / "cours_1", tmp_path / "cours_2"]
    contextes = []
    for racine, soumissions in zip(racines, classes):
        contextes.append(preparer_cours(racine))
        deposer(racine, contextes[-1], soumissions)
    from pipeline.autograde import paquet_noyau

    paquet_noyau.paquet_de_correction()  # built before the class, as a Dask worker does: no notebook's budget pays it
    fins: dict[int, subprocess.CompletedProcess] = {}
    fils = [threading.Thread(target=lambda i=i, r=r: fins.__setitem__(i, autograder(r))) for i, r in enumerate(racines)]
    for fil in fils:
        fil.start()
    for fil in fils:
        fil.join()
    intervalles = []
    for i, (racine, soumissions) in enumerate(zip(racines, classes)):
        log = fins[i].stdout + fins[i].stderr
        (racine / "autograde.log").write_text(log)
        assert fins[i].returncode == 0, log[-3000:]
        classe = Classe(racine, contextes[i], log, 0, lire_scores(racine, [s.nom for s in soumissions]),
                        tests_autogrades(contextes[i]))
        for soumission in soumissions:  # honest points kept; the attack's « canal : rien reçu », nothing received
            score_et_raisons(classe, soumission)
            assert "canal : reçu" not in classe.sortie(soumission.nom), soumission.nom
        propres = _intervalles(log, str(i))
        assert {(q, p) for _, q, p, *_ in propres} == {(f"{s.nom}/partie2_structure", p) for s in soumissions
                                                      for p in ("kernel", "runner")}, log[-3000:]
        assert all(x[5] for x in propres if x[2] == "runner")  # no due date: every runner holds open secrets
        intervalles += propres
    chevauchements = [(a, b) for a in intervalles for b in intervalles
                      if a is not b and a[5] and a[3] < b[4] and b[3] < a[4]]
    assert not chevauchements, chevauchements
