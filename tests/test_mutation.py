"""A fixed sample of the mutation benchmark (``benchmarks/bench_mutation.py``): the hidden tests still kill it.

The whole runs (about 4 minutes for the CCINP's 679 mutants on one core, a
few minutes for each Olympiades subject, two for the attractor subject's 496)
live in the benchmark; here, for each subject, one or two mutants per question, drawn once with a fixed seed,
must lose points on their question's hidden test, and the lists of each subject's folder (``mutants.py``: its
equivalent and out-of-reach mutants, the functions it does not grade) must still name real mutants that
really survive (a list that no longer matches the code, or an "equivalent"
that a new case kills, is a wrong list).

The tests are parametrized by subject: a subject's mutants (tens of seconds of CPU for them all) are built when a test
first needs them, once per process, so collecting this file builds none and only the worker that runs it builds them.
"""

from __future__ import annotations

import functools
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import bench_mutation as banc  # noqa: E402

from awale_ref.grading.registre.catalogue import tous

# Every subject of the course, by its grading module (the module its notebooks' test cells import corriger from).
SUJETS = {sujet.module_correction: sujet for sujet in tous()}
MODULES = list(SUJETS)
PAR_QUESTION = {"awale_ref.sujets.ccinp_2024": 2}
"""How many mutants of each question the sample takes (1 unless said here)."""


@functools.cache
def mutants(module: str) -> list[banc.Mutant]:
    """Every mutant of the subject graded by ``module``, built on first use."""
    return banc.tous_les_mutants(SUJETS[module])


@functools.cache
def attendus(module: str) -> dict:
    """The hidden cases and the reference's observations of each question of the subject that has mutants."""
    sujet = SUJETS[module]
    return banc.attendus_de(sujet, sorted({m.question for m in mutants(module)}))


def _nom(mutant: banc.Mutant) -> str:
    return f"{mutant.question} {mutant.cible} {mutant.operateur} #{mutant.occurrence}"


def _exclus(sujet) -> set:
    return set(banc.equivalents(sujet)) | set(banc.hors_de_portee(sujet))


def _echantillon(module: str) -> list[banc.Mutant]:
    rng = random.Random(2024)
    sujet = SUJETS[module]
    par_question: dict[str, list[banc.Mutant]] = {}
    for m in mutants(module):
        if m.cle() not in _exclus(sujet):
            par_question.setdefault(m.question, []).append(m)
    return [m for q in sorted(par_question, key=sujet.questions.index)
            for m in rng.sample(par_question[q], min(PAR_QUESTION.get(module, 1), len(par_question[q])))]


@pytest.mark.parametrize("module", MODULES)
def test_every_graded_function_and_every_query_is_mutated(module):
    sujet = SUJETS[module]
    questions = {m.question for m in mutants(module)}
    attendues = set(banc.questions_des_fonctions(sujet).values()) | set(banc.questions_sql(sujet))
    sans = banc.sans_mutant(sujet)
    assert not attendues - questions - set(sans), (
        f"{sujet.nom}: no mutant of {sorted(attendues - questions - set(sans))}; if no operator applies to their "
        f"function, give the reason in SANS_MUTANT of {module.replace('.', '/')}/mutants.py")
    assert not set(sans) & questions, f"{sujet.nom}: SANS_MUTANT names questions that have mutants: " \
                                      f"{sorted(set(sans) & questions)}"
    assert questions <= attendues, f"{sujet.nom}: mutants of questions not graded: {sorted(questions - attendues)}"
    assert len(_echantillon(module)) >= len(questions)


@pytest.mark.parametrize("module", MODULES)
def test_every_function_of_the_reference_is_mutated_or_says_why_not(module):
    sujet = SUJETS[module]
    sans_raison = set(banc.non_notees(sujet)) - set(banc.raisons_non_notees(sujet))
    de_trop = set(banc.raisons_non_notees(sujet)) - set(banc.non_notees(sujet))
    fichier = f"{module.replace('.', '/')}/mutants.py"
    assert not sans_raison, (f"{sujet.nom}: no question grades {sorted(sans_raison)} of its reference; say why in "
                             f"NON_NOTEES of {fichier}")
    assert not de_trop, f"{sujet.nom}: NON_NOTEES of {fichier} names {sorted(de_trop)}, which a question grades " \
                        f"or the reference does not define"


@pytest.mark.parametrize("module", MODULES)
def test_each_subjects_lists_are_well_formed(module):
    """The keys of a subject's lists are (function or question, operator, line), each with a reason."""
    sujet = SUJETS[module]
    for nom, table in (("EQUIVALENTS", banc.equivalents(sujet)), ("HORS_DE_PORTEE", banc.hors_de_portee(sujet)),
                       ("NON_NOTEES", banc.raisons_non_notees(sujet)), ("SANS_MUTANT", banc.sans_mutant(sujet))):
        for cle, raison in table.items():
            forme = isinstance(cle, str) or (isinstance(cle, tuple) and len(cle) == 3
                                             and all(isinstance(c, str) for c in cle))
            assert forme and isinstance(raison, str) and raison.strip(), f"{module}.mutants.{nom}: {cle!r}"


def test_a_subject_is_named_by_its_grading_module_or_its_assignment_and_a_wrong_name_is_refused():
    assert banc.sujet_nomme("olympiades_images") == SUJETS["awale_ref.sujets.olympiades_2025_images"]
    with pytest.raises(ValueError, match="names no subject"):
        banc.sujet_nomme("pas_un_sujet")


@pytest.mark.parametrize("module", MODULES)
def test_the_hidden_test_kills_each_mutant_of_the_sample(module):
    verdicts = [(m, banc.juger(m, attendus(module))) for m in _echantillon(module)]
    survivants = [m for m, verdict in verdicts if verdict not in ("tué", "délai")]
    assert not survivants, f"{SUJETS[module].nom}: {len(survivants)} mutants of the sample survive:\n" + "\n".join(
        f"{_nom(m)}\n{m.diff()}" for m in survivants)


@pytest.mark.parametrize("module, cle", [(module, cle) for module, sujet in SUJETS.items()
                                         for cle in banc.tues_par_des_cas_ajoutes(sujet)],
                         ids=lambda v: v if isinstance(v, str) and "." not in v else None)
def test_the_cases_added_for_a_survivor_still_kill_it(module, cle):
    par_cle = {m.cle(): m for m in mutants(module)}
    assert cle in par_cle, f"no such mutant: {cle} (TUES_PAR_DES_CAS_AJOUTES of {module}.mutants)"
    assert banc.juger(par_cle[cle], attendus(module)) in ("tué", "délai"), f"{_nom(par_cle[cle])}\n{par_cle[cle].diff()}"


@pytest.mark.parametrize("module", MODULES)
def test_the_equivalent_and_out_of_reach_lists_name_real_mutants_that_survive(module):
    sujet = SUJETS[module]
    par_cle = {m.cle(): m for m in mutants(module)}
    exclus = _exclus(sujet)
    inconnus = exclus - set(par_cle)
    assert not inconnus, f"listed mutants that no longer exist: {sorted(inconnus)}"
    assert not set(banc.equivalents(sujet)) & set(banc.hors_de_portee(sujet))
    verdicts = {cle: banc.juger(par_cle[cle], attendus(module)) for cle in sorted(exclus)}
    tues = {cle: verdict for cle, verdict in verdicts.items() if verdict != "survivant"}
    assert not tues, f"{sujet.nom}: listed as surviving, but the hidden tests kill them (or time out): {tues}"


def test_a_mutant_that_waits_without_computing_and_leaves_a_child_behind_is_stopped(monkeypatch):
    """The CI once hung here: the parent keeps a deadline of the clock too, and the child's whole group is killed."""
    import signal
    import subprocess
    import time

    def bloque(mutant, attendus):
        signal.signal(signal.SIGXCPU, signal.SIG_IGN)
        subprocess.Popen(["sleep", "60"])  # inherits the pipe: reading to EOF would wait for it
        time.sleep(60)

    monkeypatch.setattr(banc, "ATTENTE_MAX_S", 1)
    monkeypatch.setattr(banc, "_juger", bloque)
    assert banc.juger(mutants("awale_ref.sujets.ccinp_2024")[0], {}) == "délai"


def test_a_mutant_that_computes_forever_is_ended_by_its_cpu_budget_not_by_the_clock(monkeypatch):
    """``DELAI_S`` counts seconds of CPU: a loaded machine slows a mutant down without making it a ``délai``.  The
    child ends by ``SIGXCPU`` (the kernel's, at its budget), not by the parent's ``SIGKILL`` of the clock."""
    import os
    import signal
    import time

    monkeypatch.setattr(banc, "DELAI_S", 1)
    pid = os.fork()
    if pid == 0:
        try:
            banc.borner_le_cpu()
            while True:
                pass
        finally:
            os._exit(1)
    limite = time.monotonic() + 120  # far past one second of CPU, even on a loaded machine
    while (fin := os.waitpid(pid, os.WNOHANG)) == (0, 0) and time.monotonic() < limite:
        time.sleep(0.05)
    if fin == (0, 0):
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    assert fin != (0, 0) and os.WIFSIGNALED(fin[1]) and os.WTERMSIG(fin[1]) == signal.SIGXCPU, fin


def test_the_mutants_are_cosmic_rays_mutations_one_occurrence_at_a_time():
    """The occurrences counted in one walk are those for which cosmic-ray's ``mutate_code``, tried occurrence after
    occurrence until it returns None, mutates (on three of the CCINP's functions: loops, tests, a recursion)."""
    from cosmic_ray.mutating import mutate_code

    sujet = SUJETS["awale_ref.sujets.ccinp_2024"]
    noms = ["deplacer_graines", "test_famine", "NegaAwale"]
    attendus = []
    for nom in noms:
        source = banc.source_de(sujet, nom)
        for op_nom, op in banc.operateurs():
            occurrence = 0
            while (mute := mutate_code(source, op, occurrence)) is not None:
                if banc._code(mute) != banc._code(source):
                    attendus.append((nom, op_nom, occurrence, mute))
                occurrence += 1
    assert [(m.cible, m.operateur, m.occurrence, m.mute) for m in banc.mutants_python(sujet, noms)] == attendus
    assert len(attendus) > 50
