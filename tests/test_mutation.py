"""A fixed sample of the mutation benchmark (``benchmarks/bench_mutation.py``): the hidden tests still kill it.

The whole runs (about 4 minutes for the CCINP's 679 mutants on one core, a
few minutes for each Olympiades subject, two for the attractor subject's 496)
live in the benchmark; here, for each subject, one or two mutants per question, drawn once with a fixed seed,
must lose points on their question's hidden test, and the lists of
equivalent and out-of-reach mutants must still name real mutants that
really survive (a list that no longer matches the code, or an "equivalent"
that a new case kills, is a wrong list).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import bench_mutation as banc  # noqa: E402

# Each subject by its grading module (the module its notebooks' test cells import corriger from), and how many
# mutants of each question the sample takes.
MODULES = {"awale_ref.sujets.ccinp_2024": 2, "awale_ref.sujets.olympiades_2025_images": 1,
           "awale_ref.sujets.olympiades_2025_awale": 1, "awale_ref.sujets.attracteurs": 1,
           "awale_ref.sujets.othello_epita_2024": 1}
SANS_MUTANT = {"awale_ref.sujets.olympiades_2025_images": {"Q11", "Q12"}, "awale_ref.sujets.attracteurs": {"Q23"}}
"""Questions whose function only calls others (compresse_image, decompresse_image, attracteurs): no operator
applies."""
SUJETS = {module: banc.sujet_nomme(module) for module in MODULES}
MUTANTS = {module: banc.tous_les_mutants(sujet) for module, sujet in SUJETS.items()}


def _exclus(sujet) -> set:
    return set(banc.equivalents(sujet)) | set(banc.hors_de_portee(sujet))


def _echantillon(module: str) -> list[banc.Mutant]:
    rng = random.Random(2024)
    sujet = SUJETS[module]
    par_question: dict[str, list[banc.Mutant]] = {}
    for m in MUTANTS[module]:
        if m.cle() not in _exclus(sujet):
            par_question.setdefault(m.question, []).append(m)
    return [m for q in sorted(par_question, key=sujet.questions.index)
            for m in rng.sample(par_question[q], min(MODULES[module], len(par_question[q])))]


ECHANTILLON = [m for module in MODULES for m in _echantillon(module)]


@pytest.fixture(scope="module")
def attendus():
    return {sujet.nom: banc.attendus_de(sujet, sorted({m.question for m in MUTANTS[module]}))
            for module, sujet in SUJETS.items()}


@pytest.mark.parametrize("module", MODULES)
def test_every_graded_function_and_every_query_is_mutated(module):
    sujet = SUJETS[module]
    questions = {m.question for m in MUTANTS[module]}
    attendues = set(banc.questions_des_fonctions(sujet).values()) | set(banc.questions_sql(sujet))
    attendues -= SANS_MUTANT.get(module, set())
    assert questions == attendues, (f"{sujet.nom}: no mutant for {sorted(attendues - questions)}, mutants of questions "
                                    f"not graded {sorted(questions - attendues)}")
    assert len(MUTANTS[module]) > 300
    assert len(_echantillon(module)) >= len(questions)


@pytest.mark.parametrize("module", MODULES)
def test_every_function_of_the_reference_is_mutated_or_says_why_not(module):
    sujet = SUJETS[module]
    raisons = banc.NON_NOTEES.get(sujet.nom, {})
    assert set(banc.non_notees(sujet)) == set(raisons), "NON_NOTEES must give a reason for exactly these"


def test_the_tables_are_keyed_by_the_names_of_real_subjects():
    noms = {sujet.nom for sujet in SUJETS.values()}
    for table in (banc.NON_NOTEES, banc.EQUIVALENTS, banc.HORS_DE_PORTEE):
        assert set(table) <= noms, (f"benchmarks/bench_mutation.py: {sorted(set(table) - noms)} is no subject's "
                                    f"display name (Sujet.nom); the tables are keyed by one of {sorted(noms)}")


def test_a_subject_is_named_by_its_grading_module_or_its_assignment_and_a_wrong_name_is_refused():
    assert banc.sujet_nomme("olympiades_images") == SUJETS["awale_ref.sujets.olympiades_2025_images"]
    with pytest.raises(ValueError, match="names no subject"):
        banc.sujet_nomme("pas_un_sujet")


@pytest.mark.parametrize("mutant", ECHANTILLON,
                         ids=[f"{m.sujet.module_reference.rsplit('.', 1)[-1]}-{m.question}-{m.operateur}-"
                              f"{m.occurrence}" for m in ECHANTILLON])
def test_the_hidden_test_kills_the_mutant(mutant, attendus):
    assert banc.juger(mutant, attendus[mutant.sujet.nom]) in ("tué", "délai"), mutant.diff()


AJOUTS = {"awale_ref.sujets.olympiades_2025_images": [
    ("rectangle_max", "ReplaceBinaryOperator_Mul_Pow", "ifhauteur**largeur>meilleur[0]*meilleur[1]:"),
    ("rectangle_max", "ReplaceComparisonOperator_Lt_IsNot",
     "whilei+hauteurisnotlen(img)andimg[i+hauteur][j]==couleur:"),
    ("rectangle_max", "ReplaceComparisonOperator_Eq_Is", "whilei+hauteur<len(img)andimg[i+hauteur][j]iscouleur:"),
    ("dim_largeur_max", "ReplaceComparisonOperator_Eq_Is", "whilej+largeur<=j_maxandimg[i][j+largeur]iscouleur:"),
], "awale_ref.sujets.attracteurs": [
    ("empile", "ReplaceComparisonOperator_Eq_Is", "ifciiscjorhi==hj:"),
    ("empile", "ReplaceComparisonOperator_Eq_Is", "ifci==cjorhiishj:"),
    ("empile", "ReplaceComparisonOperator_NotEq_IsNot",
     "ifciisnotcj:#deuxcouleurs:x[j]poséesurx[i]donneuneautreposition"),
    ("choix_ind_max", "ReplaceComparisonOperator_Eq_Is", "ifL[i]ismaxi:"),
    ("strategie_h", "ReplaceBinaryOperator_Sub_RShift", "valeurs.append(min_max(c,p>>1,False))"),
], "awale_ref.sujets.othello_epita_2024": [
    ("cases_frontieres", "ReplaceComparisonOperator_NotEq_IsNot", "ifcaseisnotc:"),
    ("ia_minmax_tp", "NumberReplacer", "ifs>1:"),
    ("ia_minmax_tp", "NumberReplacer", "ifs<-1:"),
    ("ia_naive", "ReplaceBinaryOperator_Mul_BitXor", "ifvaleurisNoneorj^v>j*valeur:"),
    ("ia_naive", "ReplaceBinaryOperator_Mul_BitXor", "ifvaleurisNoneorj*v>j^valeur:"),
    ("ia_minmax", "ReplaceBinaryOperator_Mul_BitXor", "ifvaleurisNoneorj^v>j*valeur:"),
    ("ia_minmax_tp", "ReplaceBinaryOperator_Mul_BitXor", "ifvaleurisNoneorj*v>j^valeur:"),
    ("Q24", "DISTINCT ajouté", "SELECTDISTINCTnomComplet,scoreFROMjoueursASjJOINpartiesASpONp.joueurs_idGagnant="
                               "j.idJoueurORDERBYscoreLIMIT3"),
]}
"""Mutants that survived before the hidden cases added for them (specs_images._RECTANGLES_NOMMES, an image in
RGB colours): a wide row on a narrow one, a column of 300 rows, colours equal without being the same object.
Attractor subject: colours, heights and values past 256 equal without being the same object (specs._grand), and
strategie_h at depth 3 on four piles.  Othello: Q7's cell c a tuple equal to its cell of l without being the same object,
both players blocked one disc apart (specs.CAS_LIMITES), moves whose values are one apart (specs._a_un_pres),
the two « Jean Martin » winning with the same score (sql.donnees)."""


@pytest.mark.parametrize("module, cle", [(module, cle) for module, cles in AJOUTS.items() for cle in cles],
                         ids=lambda v: v if isinstance(v, str) and "." not in v else None)
def test_the_cases_added_for_a_survivor_still_kill_it(module, cle, attendus):
    par_cle = {m.cle(): m for m in MUTANTS[module]}
    assert cle in par_cle, f"no such mutant: {cle}"
    assert banc.juger(par_cle[cle], attendus[SUJETS[module].nom]) in ("tué", "délai"), par_cle[cle].diff()


@pytest.mark.parametrize("module", MODULES)
def test_the_equivalent_and_out_of_reach_lists_name_real_mutants_that_survive(module, attendus):
    sujet = SUJETS[module]
    par_cle = {m.cle(): m for m in MUTANTS[module]}
    exclus = _exclus(sujet)
    inconnus = exclus - set(par_cle)
    assert not inconnus, f"listed mutants that no longer exist: {sorted(inconnus)}"
    assert not set(banc.equivalents(sujet)) & set(banc.hors_de_portee(sujet))
    verdicts = {cle: banc.juger(par_cle[cle], attendus[sujet.nom]) for cle in sorted(exclus)}
    tues = {cle: verdict for cle, verdict in verdicts.items() if verdict != "survivant"}
    assert not tues, f"{sujet.nom}: listed as surviving, but the hidden tests kill them (or time out): {tues}"


def test_a_mutant_that_ignores_its_alarm_and_leaves_a_child_behind_is_stopped(monkeypatch):
    """The CI once hung here: the deadline is the parent's, and the child's whole group is killed."""
    import signal
    import subprocess
    import time

    def bloque(mutant, attendus):
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        subprocess.Popen(["sleep", "60"])  # inherits the pipe: reading to EOF would wait for it
        time.sleep(60)

    monkeypatch.setattr(banc, "DELAI_S", 0)
    monkeypatch.setattr(banc, "_juger", bloque)
    assert banc.juger(MUTANTS["awale_ref.sujets.ccinp_2024"][0], {}) == "délai"
