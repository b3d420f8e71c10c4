"""Hostile submissions of the other assignments, replies over the budget, a regrade after a kill: through the real
``nbgrader autograde``, sandbox on (the class of ``partie2_structure`` is in ``tests/test_hostile.py``).

Each small class (``partie3_ia``, ``attracteurs_graphe``, ``othello``, ``partie3_sql``, the secrets of the
course, the budget of the replies, calls hidden in another thread or process) is graded once, in a private copy
of the course (``tests/hostile/classe.py``); each submission's test checks its scores and its reasons.  A small
class is graded twice, the second time with ``nbgrader`` killed in the middle and run again (determinism, no
lost submission).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.nbgrader_cli import environnement, nbgrader
from outils import lire_notebook, secrets_du_cours
from tests.hostile import (A_ATT, A_IA, A_OTH, A_SQL, OTHELLO_TROUS_CONNUS, SOUMISSIONS, SOUMISSIONS_ATT, SOUMISSIONS_IA,
                           SOUMISSIONS_OTHELLO, SOUMISSIONS_SECRETS, SOUMISSIONS_SQL, Soumission)
from tests.hostile.classe import (A, Classe, autograder, classe_a_part, deposer, lire_scores, preparer_cours,
                                  score_et_raisons, tests_autogrades)

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (tests/conftest.py)


@pytest.fixture(scope="session")
def classe_ia(tmp_path_factory) -> Classe:
    """``partie3_ia`` (the constraint of Q20)."""
    return classe_a_part(tmp_path_factory, A_IA, SOUMISSIONS_IA)


@pytest.fixture(scope="session")
def classe_att(tmp_path_factory) -> Classe:
    """``attracteurs_graphe`` (forged graphs and dicts)."""
    return classe_a_part(tmp_path_factory, A_ATT, SOUMISSIONS_ATT)


@pytest.fixture(scope="session")
def classe_othello(tmp_path_factory) -> Classe:
    """``othello`` (forged answers, the reference and the hidden games database looked for in the runner):
    about a minute."""
    return classe_a_part(tmp_path_factory, A_OTH, SOUMISSIONS_OTHELLO)


@pytest.fixture(scope="session")
def classe_secrets(tmp_path_factory) -> Classe:
    """``partie2_structure``: a notebook that looks for every secret of the course from the grading kernel."""
    return classe_a_part(tmp_path_factory, A, SOUMISSIONS_SECRETS)


def test_the_grading_kernel_finds_no_secret_to_print_into_the_feedback(classe_secrets):
    """A notebook imports every reference, answer and key query it can name and prints every course file its
    kernel can list: it earns only its honest points, and its graded notebook (the feedback) holds no line of a
    graded function's reference, of a key query, of a solution or of a hidden test, of this assignment or any
    other (``secrets_du_cours``)."""
    assert classe_secrets.code_retour == 0, classe_secrets.log[-3000:]
    soumission = next(s for s in SOUMISSIONS_SECRETS if s.nom == "lit_les_secrets_du_noyau")
    score_et_raisons(classe_secrets, soumission)
    soumis = "\n".join(c.source for c in lire_notebook(classe_secrets.racine / "submitted" / soumission.nom / A
                                                       / f"{A}.ipynb").cells)
    secrets = {s for s in secrets_du_cours() if s not in soumis}  # its own answers (Q4, Q8) are no secret to it
    assert len(secrets) > 300  # every subject's graded functions, key queries, solutions and hidden tests
    sortie = classe_secrets.sortie(soumission.nom)
    montres = sorted(s for s in secrets if json.dumps(s, ensure_ascii=False)[1:-1] in sortie)
    assert not montres, f"{len(montres)} secret lines in the feedback, e.g. {montres[:3]}"
    assert "[secrets] import refusé : awale_ref.sujets.ccinp_2024.library" in sortie


def test_a_notebook_that_fills_tmp_is_stopped_at_the_limit_and_the_log_says_why(classe_secrets):
    """``remplit_tmp`` writes files of 8 MiB into /tmp, then empty files, in the kernel and in the runner: each is
    refused at its sandbox's limit (size, then file count), the honest answers keep their points, and the
    teacher's log says which sandbox's /tmp was full."""
    assert classe_secrets.code_retour == 0, classe_secrets.log[-3000:]
    score_et_raisons(classe_secrets, next(s for s in SOUMISSIONS_SECRETS if s.nom == "remplit_tmp"))
    octets = [int(m) for m in re.findall(r"octets refusés après (\d+) Mio", classe_secrets.sortie("remplit_tmp"))]
    assert octets and max(octets) <= 256


def test_the_students_environment_pasted_as_answers_earns_nothing_through_nbgrader(classe_secrets):
    """``colle_le_paquet``: the engine and the game functions of the students' environment (the one the grading
    kernel runs on, every assignment open) pasted into the Q4 cell, every other answer left as released: the real
    ``nbgrader autograde`` gives 0 to every graded cell (the shipped functions are stand-ins that call the
    student's own; ``tests/test_paquet_echeances.py`` shows the same paste earning points from a package where
    the assignments are closed)."""
    assert classe_secrets.code_retour == 0, classe_secrets.log[-3000:]
    score_et_raisons(classe_secrets, next(s for s in SOUMISSIONS_SECRETS if s.nom == "colle_le_paquet"))
    colle = lire_notebook(classe_secrets.racine / "submitted" / "colle_le_paquet" / A / f"{A}.ipynb")
    assert any("tour_joueur1 = " in c.source and "class Position" in c.source for c in colle.cells)


@pytest.fixture(scope="session")
def classe_sql(tmp_path_factory) -> Classe:
    """``partie3_sql`` (the hidden opening library looked for in the runner and the kernel)."""
    return classe_a_part(tmp_path_factory, A_SQL, SOUMISSIONS_SQL)


@pytest.mark.parametrize("soumission", SOUMISSIONS_IA, ids=[s.nom for s in SOUMISSIONS_IA])
def test_each_submission_of_partie3_ia_gets_its_expected_score_and_reason(classe_ia, soumission):
    assert classe_ia.code_retour == 0, classe_ia.log[-3000:]
    score_et_raisons(classe_ia, soumission)


@pytest.mark.parametrize("soumission", [
    pytest.param(s, marks=pytest.mark.xfail(strict=True, reason=OTHELLO_TROUS_CONNUS[s.nom]))
    if s.nom in OTHELLO_TROUS_CONNUS else s for s in SOUMISSIONS_OTHELLO], ids=[s.nom for s in SOUMISSIONS_OTHELLO])
def test_each_submission_of_othello_gets_its_expected_score_and_reason(classe_othello, soumission):
    assert classe_othello.code_retour == 0, classe_othello.log[-3000:]
    score_et_raisons(classe_othello, soumission)


@pytest.mark.parametrize("soumission", SOUMISSIONS_SQL, ids=[s.nom for s in SOUMISSIONS_SQL])
def test_each_submission_of_the_sql_part_gets_its_expected_score_and_reason(classe_sql, soumission):
    assert classe_sql.code_retour == 0, classe_sql.log[-3000:]
    score_et_raisons(classe_sql, soumission)


@pytest.mark.parametrize("soumission", SOUMISSIONS_ATT, ids=[s.nom for s in SOUMISSIONS_ATT])
def test_each_submission_of_attracteurs_graphe_gets_its_expected_score_and_reason(classe_att, soumission):
    assert classe_att.code_retour == 0, classe_att.log[-3000:]
    score_et_raisons(classe_att, soumission)


# ---------------------------------------------------------------- determinism and recovery
PETITE_CLASSE = tuple(s for s in SOUMISSIONS if s.nom in ("honnete", "kill_9", "remplace_corriger"))


def test_grading_again_after_a_kill_gives_the_same_scores_and_loses_no_one(tmp_path):
    """Graded once; then graded again from scratch, nbgrader being killed in the middle of the second
    student and simply run again: every student is graded twice and the scores are identical."""
    racine = tmp_path / "cours"
    racine.mkdir()
    ctx = preparer_cours(racine)
    deposer(racine, ctx, PETITE_CLASSE)
    etudiants = sorted(s.nom for s in PETITE_CLASSE)
    assert autograder(racine).returncode == 0
    scores = lire_scores(racine, etudiants)
    assert scores["honnete"]["q8_tests"] == tests_autogrades(ctx)["q8_tests"] > 0 == scores["kill_9"]["q4_tests"]

    shutil.rmtree(racine / "autograded")
    (racine / "gradebook.db").unlink()
    nbgrader("generate_assignment", A, "--force", racine=racine, capture=True)
    proc = subprocess.Popen([sys.executable, "-m", "nbgrader", "autograde", A], cwd=racine, env=environnement(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    premier, second = (racine / "autograded" / e / A / f"{A}.ipynb" for e in etudiants[:2])
    while proc.poll() is None and not (_execute(premier) and second.exists()):
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)  # nbgrader and the kernel it started
    proc.wait()
    assert second.exists() and not _execute(second)  # killed half-way: sanitized, not executed
    reprise = autograder(racine)
    assert reprise.returncode == 0
    assert f"autograde interrupted for {etudiants[1]}/{A}" in reprise.stderr
    assert lire_scores(racine, etudiants) == scores
    for etudiant in etudiants:
        assert _execute(racine / "autograded" / etudiant / A / f"{A}.ipynb"), etudiant


def _execute(chemin: Path) -> bool:
    """The autograded notebook exists and was executed (not just sanitized)."""
    try:
        nb = json.loads(chemin.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return any(c.get("execution_count") for c in nb["cells"] if c["cell_type"] == "code")


# ---------------------------------------------------------------- replies over the budget, calls hidden from the count
from tests.hostile.budget import (ENFANTS_AU_PLUS, RAISON_FILS, SOUMISSIONS_BUDGET,  # noqa: E402
                                  SOUMISSIONS_FILS)

_MESURER_NBGRADER = ("import atexit, resource, sys\n"
                     "atexit.register(lambda: sys.stderr.write('\\nPIC_NBGRADER %d\\n' % "
                     "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))\n"
                     "sys.argv[0] = 'nbgrader'\n"
                     "from nbgrader.apps.nbgraderapp import main\n"
                     "main()\n")


def autograder_et_mesurer(racine: Path, a: str = A) -> tuple[subprocess.CompletedProcess, int]:
    """``nbgrader autograde`` of the class in ``racine``, and the peak resident memory of the ``nbgrader`` process
    itself (bytes: its own ``ru_maxrss``, written when it exits; its kernels' and runners' are not in it)."""
    from pipeline.nbgrader_cli import environnement_de_commande

    with environnement_de_commande() as env:
        fin = subprocess.run([sys.executable, "-c", _MESURER_NBGRADER, "autograde", a, "--log-level=INFO"],
                             cwd=racine, env=env, text=True, capture_output=True)
    pics = re.findall(r"PIC_NBGRADER (\d+)", fin.stderr)
    assert pics, fin.stderr[-3000:]
    return fin, int(pics[-1]) * 1024


def _classe_mesuree(tmp_path_factory, nom: str, a: str, soumissions: tuple[Soumission, ...]) -> Classe:
    racine = tmp_path_factory.mktemp(nom)
    ctx = preparer_cours(racine, a)
    deposer(racine, ctx, soumissions, a)
    fin, pic = autograder_et_mesurer(racine, a)
    (racine / "autograde.log").write_text(fin.stdout + fin.stderr)
    classe = Classe(racine, ctx, fin.stdout + fin.stderr, fin.returncode,
                    lire_scores(racine, [s.nom for s in soumissions], a), tests_autogrades(ctx), a)
    classe.pic = pic  # type: ignore[attr-defined]
    return classe


@pytest.fixture(scope="session")
def classe_budget(tmp_path_factory) -> tuple[Classe, Classe]:
    """``SOUMISSIONS_BUDGET`` graded, and beside it a class of its honest notebook alone (the memory baseline)."""
    honnete = tuple(s for s in SOUMISSIONS_BUDGET if s.nom == "budget_honnete")
    return (_classe_mesuree(tmp_path_factory, "cours_budget", A, SOUMISSIONS_BUDGET),
            _classe_mesuree(tmp_path_factory, "cours_budget_honnete", A, honnete))


@pytest.mark.parametrize("soumission", SOUMISSIONS_BUDGET, ids=[s.nom for s in SOUMISSIONS_BUDGET])
def test_a_reply_over_the_budget_earns_nothing_and_the_rest_is_graded(classe_budget, soumission):
    classe, _ = classe_budget
    assert classe.code_retour == 0, classe.log[-3000:]
    score_et_raisons(classe, soumission)


def test_replies_over_the_budget_cost_the_grader_a_bounded_memory(classe_budget):
    """The ``nbgrader`` process's peak memory grading the expensive replies, against one honest notebook."""
    classe, honnete = classe_budget
    assert classe.pic - honnete.pic <= ENFANTS_AU_PLUS, (classe.pic / 2 ** 20, honnete.pic / 2 ** 20)


@pytest.fixture(scope="session")
def classe_fils(tmp_path_factory) -> Classe:
    """``attracteurs_graphe``, Q15's recursion hidden in another thread or process (``SOUMISSIONS_FILS``)."""
    return classe_a_part(tmp_path_factory, A_ATT, SOUMISSIONS_FILS)


@pytest.mark.parametrize("soumission", SOUMISSIONS_FILS, ids=[s.nom for s in SOUMISSIONS_FILS])
def test_calls_in_another_thread_or_process_never_earn_the_memoisation_share(classe_fils, soumission):
    assert classe_fils.code_retour == 0, classe_fils.log[-3000:]
    obtenus = classe_fils.scores[soumission.nom]
    for gid, points in classe_fils.maxima.items():
        if gid in soumission.reussies:
            assert obtenus.get(gid) == points, (gid, obtenus)
        elif gid == "q15_tests":  # the dict is right: the value's share, never the memoisation's
            assert obtenus.get(gid) is not None and 0 < obtenus[gid] < points, (gid, obtenus)
        else:
            assert obtenus.get(gid) == 0.0, (gid, obtenus)
    assert RAISON_FILS in classe_fils.journal(soumission.nom) + classe_fils.sortie(soumission.nom)
