"""Hostile submissions of the other assignments, replies over the budget, a regrade after a kill: through the real
``nbgrader autograde``, sandbox on (the class of ``partie2_structure`` is in ``tests/test_hostile.py``).

Each small class (``partie3_ia``, ``attracteurs_graphe`` with its calls hidden in another thread or process,
``othello``, ``partie3_sql``, the secrets of the course, the budget of the replies) is graded once, in a private copy
of the course (``tests/hostile/classe.py``); each submission's test checks its scores and its reasons.  A small
class is graded with ``nbgrader`` killed in the middle and run again (the scores of a grading never interrupted, no
lost submission).  All of them are started together in the background when the first test needs one
(``corrections``, at most ``PLACES`` at once): their waits overlap, each test waits for its own.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

import pytest

from pipeline.nbgrader_cli import environnement
from outils import lire_notebook, secrets_du_cours
from tests.hostile import (A_ATT, A_IA, A_OTH, A_SQL, MEMOIRE_DE_TEST, OTHELLO_TROUS_CONNUS, SOUMISSIONS,
                           SOUMISSIONS_ATT, SOUMISSIONS_IA, SOUMISSIONS_MEMOIRE, SOUMISSIONS_OTHELLO,
                           SOUMISSIONS_SECRETS, SOUMISSIONS_SQL, Contexte)
from tests.hostile.classe import (A, Classe, autograder, corriger_en_fond, en_fond, lire_scores,
                                  preparer, score_et_raisons, tests_autogrades, une_place, verrou_a_part)

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)


@pytest.fixture(scope="session")
def corrections(request, tmp_path_factory) -> dict[str, Future | tuple[Future, ...]]:
    """Each background work of :data:`EN_FOND` that a test of the session uses (the fixture of its name), started
    now, all together: the futures, by name."""
    voulues = {nom for item in request.session.items for nom in item.fixturenames}
    return {nom: lancer(tmp_path_factory.mktemp(nom)) for nom, lancer in EN_FOND.items() if nom in voulues}


@pytest.fixture(scope="session")
def classe_ia(corrections) -> Classe:
    """``partie3_ia`` (the constraint of Q20)."""
    return corrections["classe_ia"].result()


@pytest.fixture(scope="session")
def classe_att(corrections) -> Classe:
    """``attracteurs_graphe``: forged graphs and dicts (``SOUMISSIONS_ATT``), Q15's recursion hidden in another
    thread or process (``SOUMISSIONS_FILS``), one class."""
    return corrections["classe_att"].result()


@pytest.fixture(scope="session")
def classe_othello(corrections) -> Classe:
    """``othello`` (forged answers, the reference and the hidden games database looked for in the runner):
    about a minute."""
    return corrections["classe_othello"].result()


@pytest.fixture(scope="session")
def classe_secrets(corrections) -> Classe:
    """``partie2_structure``: a notebook that looks for every secret of the course from the grading kernel."""
    return corrections["classe_secrets"].result()


def test_the_grading_kernel_finds_no_secret_to_print_into_the_feedback(classe_secrets):
    """A notebook imports every reference, answer and key query it can name and prints every course file its
    kernel can list: it earns only its honest points, and its graded notebook (the feedback) holds no line of a
    graded function's reference, of a key query, of a solution or of a hidden test, of this assignment or any
    other (``secrets_du_cours``); of the grader's cache, where the judge keeps the questions' cases and expected
    answers (``plan.cas_et_attendus``: the class's are there), it reads only the students' package it runs on."""
    from awale_ref.cache import dossier_cache
    from awale_ref.grading.correcteur import plan

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
    assert list((dossier_cache() / plan.DOSSIER_CAS).rglob("*.pickle"))
    assert int(re.search(r"\[secrets\] fichiers du cache vus : (\d+)", sortie)[1]) > 0  # its own package's
    assert "[secrets] cache lu" not in sortie


def test_a_notebook_that_fills_every_place_it_may_write_is_stopped_at_the_limit_and_the_log_says_why(classe_secrets):
    """``remplit_tmp`` writes files of 8 MiB, then empty files, into its working folder, every folder mounted in its
    sandbox (the kernel's IPC folder among them) and its /tmp, in the kernel and in the runner: every place is
    refused at its sandbox's limits, size then file count (the working folder shares its /tmp's), the honest
    answers keep their points (where the runner found a place that took all it was given, its Q4 would fail), and
    the teacher's log says which sandbox's /tmp was full."""
    assert classe_secrets.code_retour == 0, classe_secrets.log[-3000:]
    score_et_raisons(classe_secrets, next(s for s in SOUMISSIONS_SECRETS if s.nom == "remplit_tmp"))
    sortie = classe_secrets.sortie("remplit_tmp")
    assert "acceptés" not in sortie, re.findall(r"\[stockage\] [^\n]* acceptés[^\n]*", sortie)
    octets = {l: int(m) for l, m in re.findall(r"\[stockage\] (\S+) : octets refusés après (\d+) Mio", sortie)}
    fichiers = {l: int(m) for l, m in re.findall(r"\[stockage\] (\S+) : fichiers refusés après (\d+)", sortie)}
    assert set(octets) == set(fichiers) and {"/copie", "/tmp"} <= set(octets), sortie[-3000:]
    assert [l for l in fichiers if l.startswith("/tmp/awk")], sorted(fichiers)  # the kernel's IPC folder was tried
    assert max(octets.values()) <= 256 and max(fichiers.values()) <= 4096, (octets, fichiers)
    assert 0 < fichiers["/copie"] and 0 < octets["/copie"], (octets, fichiers)  # honest files still go there


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


def autograder_avec_un_total(racine: Path, a: str, variables: dict[str, str]) -> subprocess.CompletedProcess:
    """``nbgrader autograde`` of the class in ``racine``, its notebooks' processes bounded to
    ``MEMOIRE_DE_TEST`` bytes together."""
    with open(racine / "nbgrader_config.py", "a") as config:
        config.write(f"\nc.MemoireDuNotebook.memoire_totale = {MEMOIRE_DE_TEST}\n")
    return autograder(racine, a=a, variables=variables)


@pytest.fixture(scope="session")
def classe_memoire(corrections) -> Classe:
    """``partie2_structure``: a notebook whose processes together take more memory than its total
    (``SOUMISSIONS_MEMOIRE``), then an honest one."""
    return corrections["classe_memoire"].result()


def test_a_notebook_whose_processes_together_exceed_its_memory_is_bounded_and_the_log_says_why(classe_memoire):
    """``gros_a_plusieurs`` starts three processes of 600 MiB, each under its sandbox's per-process limit, 1.8 GiB
    together, in the kernel and in the runner, in a course whose notebooks may take 1 GiB together.  Where a memory
    cgroup is available (``memoire.hierarchie``): the system kills some of them, the kernel's cell says why in
    French, the log says which sandboxes lost processes, and every notebook's cgroup is removed.  Where none is: the
    log says once that the memory is bounded per process only, and the processes all end (no total to reach).
    Either way the grading ends, nbgrader exits 0 and the honest notebook graded after it keeps its points."""
    from awale_ref.grading.correcteur import memoire
    from awale_ref.grading.eleve.textes import decrire_memoire_totale

    assert classe_memoire.code_retour == 0, classe_memoire.log[-3000:]
    for soumission in SOUMISSIONS_MEMOIRE:
        score_et_raisons(classe_memoire, soumission)
    sortie = classe_memoire.sortie("gros_a_plusieurs")
    codes = re.findall(r"\[memoire\] codes de sortie des processus : \[([^]]*)\]", sortie)
    assert codes, sortie[-3000:]
    hierarchie = memoire.hierarchie()
    if hierarchie is None:
        assert classe_memoire.log.count("Memory: no memory cgroup for the notebooks") == 1, classe_memoire.log[-3000:]
        assert "bounded per process only" in classe_memoire.log
        assert all(c.replace(" ", "") == "0,0,0" for c in codes), codes
        return
    assert "Memory: no memory cgroup" not in classe_memoire.log
    assert any("-9" in c for c in codes), codes  # killed by the system, the others went on
    journal = classe_memoire.journal("gros_a_plusieurs")
    assert (f"Memory of gros_a_plusieurs/{A}: its processes reached the notebook's total of "
            f"{MEMOIRE_DE_TEST // 2 ** 20} MiB ({hierarchie.description()}): the system killed "
            ) in journal, journal[-3000:]
    assert "of its noyau sandbox" in journal and "of its executant sandbox" in journal, journal[-3000:]
    assert decrire_memoire_totale(MEMOIRE_DE_TEST) in sortie
    assert "Memory of honnete" not in classe_memoire.log
    assert "could not be removed" not in classe_memoire.log
    restes = [d.name for d in hierarchie.dossier.iterdir() if re.fullmatch(r"awale_\d+_\d+", d.name)
              and not Path(f"/proc/{d.name.split('_')[1]}").exists()]
    assert not restes, restes  # the cgroups of the finished grading are gone


@pytest.fixture(scope="session")
def classe_sql(corrections) -> Classe:
    """``partie3_sql`` (the hidden opening library looked for in the runner and the kernel)."""
    return corrections["classe_sql"].result()


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


def test_grading_again_after_a_kill_gives_the_same_scores_and_loses_no_one(apres_un_arret):
    """nbgrader killed in the middle of the second student and simply run again: every student is graded, with
    the scores and reasons of a grading never interrupted (each submission's expectation, which the class of
    ``tests/test_hostile.py`` gets too; the two gradings in the background, beside the other classes:
    ``apres_un_arret``)."""
    etudiants, racine = apres_un_arret.etudiants, apres_un_arret.racine
    assert apres_un_arret.tue_a_mi_chemin  # killed half-way: sanitized, not executed
    reprise = apres_un_arret.reprise
    assert reprise.returncode == 0
    assert f"autograde interrupted for {etudiants[1]}/{A}" in reprise.stderr
    classe = Classe(racine, apres_un_arret.ctx, reprise.stdout + reprise.stderr, reprise.returncode,
                    lire_scores(racine, etudiants), tests_autogrades(apres_un_arret.ctx))
    for soumission in PETITE_CLASSE:
        score_et_raisons(classe, soumission)
    for etudiant in etudiants:
        assert _execute(racine / "autograded" / etudiant / A / f"{A}.ipynb"), etudiant


@dataclass
class ApresUnArret:
    """What :func:`noter_tuer_et_reprendre` saw."""

    racine: Path
    ctx: Contexte
    etudiants: list[str]
    tue_a_mi_chemin: bool  # the second student's notebook there after the kill, and not executed
    reprise: subprocess.CompletedProcess


def noter_tuer_et_reprendre(racine: Path) -> ApresUnArret:
    """``PETITE_CLASSE`` graded in a course at ``racine``, nbgrader killed once the first student is executed and the
    second one's notebook written, and run again: what each step left."""
    ctx = preparer(racine, A, PETITE_CLASSE)
    etudiants = sorted(s.nom for s in PETITE_CLASSE)
    variables = verrou_a_part(racine)
    with une_place():
        proc = subprocess.Popen([sys.executable, "-m", "nbgrader", "autograde", A], cwd=racine,
                                env={**environnement(), **variables}, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        premier, second = (racine / "autograded" / e / A / f"{A}.ipynb" for e in etudiants[:2])
        while proc.poll() is None and not (_execute(premier) and second.exists()):
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGKILL)  # nbgrader and the kernel it started
        proc.wait()
        tue_a_mi_chemin = second.exists() and not _execute(second)
        reprise = autograder(racine, variables=variables)
    (racine / "autograde.log").write_text(reprise.stdout + reprise.stderr)  # for a human reading a failure
    return ApresUnArret(racine, ctx, etudiants, tue_a_mi_chemin, reprise)


@pytest.fixture(scope="session")
def apres_un_arret(corrections) -> ApresUnArret:
    return corrections["apres_un_arret"].result()


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


def autograder_et_mesurer(racine: Path, a: str, variables: dict[str, str]) -> subprocess.CompletedProcess:
    """``nbgrader autograde`` of the class in ``racine`` (``variables`` added to its environment), its log ending
    with the peak resident memory of the ``nbgrader`` process itself (kiB: its own ``ru_maxrss``, written when it
    exits; its kernels' and runners' are not in it; :func:`pic_de_nbgrader`)."""
    from pipeline.nbgrader_cli import environnement_de_commande

    with environnement_de_commande() as env:
        return subprocess.run([sys.executable, "-c", _MESURER_NBGRADER, "autograde", a, "--log-level=INFO"],
                              cwd=racine, env={**env, **variables}, text=True, capture_output=True)


def pic_de_nbgrader(classe: Classe) -> int:
    """The peak resident memory of the ``nbgrader`` process that graded ``classe`` (:func:`autograder_et_mesurer`)."""
    pics = re.findall(r"PIC_NBGRADER (\d+)", classe.log)
    assert pics, classe.log[-3000:]
    return int(pics[-1]) * 1024


@pytest.fixture(scope="session")
def classe_budget(corrections) -> tuple[Classe, Classe]:
    """``SOUMISSIONS_BUDGET`` graded, and beside it a class of its honest notebook alone (the memory baseline),
    each by :func:`autograder_et_mesurer`."""
    classe, honnete = corrections["classe_budget"]
    return classe.result(), honnete.result()


@pytest.mark.parametrize("soumission", SOUMISSIONS_BUDGET, ids=[s.nom for s in SOUMISSIONS_BUDGET])
def test_a_reply_over_the_budget_earns_nothing_and_the_rest_is_graded(classe_budget, soumission):
    classe, _ = classe_budget
    assert classe.code_retour == 0, classe.log[-3000:]
    score_et_raisons(classe, soumission)


def test_replies_over_the_budget_cost_the_grader_a_bounded_memory(classe_budget):
    """The ``nbgrader`` process's peak memory grading the expensive replies, against one honest notebook."""
    classe, honnete = (pic_de_nbgrader(c) for c in classe_budget)
    assert classe - honnete <= ENFANTS_AU_PLUS, (classe / 2 ** 20, honnete / 2 ** 20)


@pytest.mark.parametrize("soumission", SOUMISSIONS_FILS, ids=[s.nom for s in SOUMISSIONS_FILS])
def test_calls_in_another_thread_or_process_never_earn_the_memoisation_share(classe_att, soumission):
    assert classe_att.code_retour == 0, classe_att.log[-3000:]
    obtenus = classe_att.scores[soumission.nom]
    for gid, points in classe_att.maxima.items():
        if gid in soumission.reussies:
            assert obtenus.get(gid) == points, (gid, obtenus)
        elif gid == "q15_tests":  # the dict is right: the value's share, never the memoisation's
            assert obtenus.get(gid) is not None and 0 < obtenus[gid] < points, (gid, obtenus)
        else:
            assert obtenus.get(gid) == 0.0, (gid, obtenus)
    assert RAISON_FILS in classe_att.journal(soumission.nom) + classe_att.sortie(soumission.nom)


EN_FOND: dict[str, Callable[[Path], Future | tuple[Future, ...]]] = {  # the longest first: the first to get a place
    "apres_un_arret": lambda racine: en_fond(noter_tuer_et_reprendre, racine),
    "classe_othello": lambda racine: corriger_en_fond(racine, A_OTH, SOUMISSIONS_OTHELLO),
    "classe_budget": lambda racine: (  # and beside it, its honest notebook alone
        corriger_en_fond(racine / "classe", A, SOUMISSIONS_BUDGET, autograder_et_mesurer),
        corriger_en_fond(racine / "honnete", A, tuple(s for s in SOUMISSIONS_BUDGET if s.nom == "budget_honnete"),
                         autograder_et_mesurer)),
    "classe_secrets": lambda racine: corriger_en_fond(racine, A, SOUMISSIONS_SECRETS),
    "classe_memoire": lambda racine: corriger_en_fond(racine, A, SOUMISSIONS_MEMOIRE, autograder_avec_un_total),
    "classe_ia": lambda racine: corriger_en_fond(racine, A_IA, SOUMISSIONS_IA),
    "classe_sql": lambda racine: corriger_en_fond(racine, A_SQL, SOUMISSIONS_SQL),
    "classe_att": lambda racine: corriger_en_fond(racine, A_ATT, SOUMISSIONS_ATT + SOUMISSIONS_FILS),
}
"""What the fixtures of this file grade in the background (``corrections``), by fixture name, each in a private
course made for it (its folder, given)."""
