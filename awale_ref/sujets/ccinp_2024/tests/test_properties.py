"""Property tests (hypothesis) of the exam functions, against independent rules.

The expected results are computed here without the exam functions: sowing in
closed form (each of the 11 other pits gets ``graines // 11`` seeds, the first
``graines % 11`` one more), the harvest as a plain loop.  Runs are
deterministic (``derandomize``) and leave no example database behind.
"""

import contextlib
import copy
import io

from hypothesis import assume, given, settings, strategies as st

from awale_ref.sujets.ccinp_2024 import exam

reglages = settings(derandomize=True, database=None, deadline=None, max_examples=300)
"""Applied to each test (a global profile would also change other modules' tests)."""


# ------------------------------------------------------------------ strategies
@st.composite
def plateaux_48(draw):
    """12 pits holding together at most the game's 48 seeds (the rest is in the scores)."""
    total = draw(st.integers(0, 48))
    coupures = sorted(draw(st.lists(st.integers(0, total), min_size=11, max_size=11)))
    bornes = [0] + coupures + [total]
    return [bornes[i + 1] - bornes[i] for i in range(12)]


plateaux = st.one_of(plateaux_48(), st.lists(st.integers(0, 6), min_size=12, max_size=12),
                     st.lists(st.integers(0, 30), min_size=12, max_size=12))
"""Realistic boards, boards of small counts (many 2s and 3s), arbitrary boards."""


@st.composite
def jeux(draw):
    """A jeu dict; its scores complete the board to 48 seeds when they can."""
    plateau = draw(plateaux)
    reste = max(0, 48 - sum(plateau))
    score1 = draw(st.integers(0, reste))
    return {"joueur1": "Alice", "joueur2": "Bob", "score": [score1, reste - score1],
            "n": draw(st.integers(0, 99)), "plateau": plateau}


cases_joueur = st.integers(0, 5)
toutes_cases = st.integers(0, 11)


# ------------------------------------------------------------------ independent rules
def semer_attendu(plateau: list, case: int) -> tuple[list, int]:
    """Sowing in closed form: (board after, last pit sown)."""
    graines = plateau[case]
    apres = list(plateau)
    if graines == 0:
        return apres, case
    apres[case] = 0
    ordre = [(case + k) % 12 for k in range(1, 12)]  # the origin is skipped
    for rang, indice in enumerate(ordre):
        apres[indice] += graines // 11 + (1 if rang < graines % 11 else 0)
    return apres, ordre[(graines - 1) % 11]


def recolter_attendu(plateau: list, derniere: int) -> tuple[list, int]:
    """Harvest backwards from ``derniere`` while on pits 6–11 holding 2 or 3."""
    apres = list(plateau)
    gain = 0
    indice = derniere
    while 6 <= indice and apres[indice] in (2, 3):
        gain += apres[indice]
        apres[indice] = 0
        indice -= 1
    return apres, gain


def jouer_attendu(plateau: list, case: int) -> tuple[list, int]:
    """Sowing then harvest, independently of the exam functions."""
    seme, derniere = semer_attendu(plateau, case)
    return recolter_attendu(seme, derniere)


# ------------------------------------------------------------------ Q8 deplacer_graines
@reglages
@given(plateaux, toutes_cases)
def test_sowing_conserves_seeds_and_empties_the_origin(plateau, case):
    apres = list(plateau)
    derniere = exam.deplacer_graines(apres, case)
    assert sum(apres) == sum(plateau)
    assert apres[case] == 0  # emptied, and never refilled on a lap
    assert (apres, derniere) == semer_attendu(plateau, case)


@reglages
@given(plateaux, toutes_cases)
def test_last_pit_is_where_the_last_seed_fell(plateau, case):
    apres = list(plateau)
    derniere = exam.deplacer_graines(apres, case)
    if plateau[case] == 0:
        assert (apres, derniere) == (plateau, case)
        return
    # sowing one seed fewer leaves exactly that pit one seed short
    moins_un = list(plateau)
    moins_un[case] -= 1
    exam.deplacer_graines(moins_un, case)
    moins_un[case] = 0
    difference = [a - b for a, b in zip(apres, moins_un)]
    assert difference == [1 if i == derniere else 0 for i in range(12)]


# ------------------------------------------------------------------ Q9–Q10 harvest
@reglages
@given(plateaux, toutes_cases)
def test_harvest_moves_seeds_to_the_gain(plateau, case):
    apres = list(plateau)
    gain = exam.ramasser_graines(apres, case)
    assert sum(apres) + gain == sum(plateau)
    assert (apres, gain) == recolter_attendu(plateau, case)


@reglages
@given(plateaux, toutes_cases)
def test_harvest_is_a_maximal_chain_of_2s_and_3s_ending_at_the_last_pit(plateau, case):
    apres = list(plateau)
    exam.ramasser_graines(apres, case)
    pris = [i for i in range(12) if apres[i] != plateau[i]]
    assert all(6 <= i <= 11 and plateau[i] in (2, 3) and apres[i] == 0 for i in pris)
    if pris:
        assert pris == list(range(pris[0], case + 1))  # contiguous, ends at ``case``
        debut = pris[0]
    else:
        debut = case + 1
    assert debut - 1 < 6 or plateau[debut - 1] not in (2, 3)  # the chain could not go on


@reglages
@given(plateaux, cases_joueur)
def test_sowing_then_harvest_matches_the_rules(plateau, case):
    apres = list(plateau)
    gain = exam.ramasser_graines(apres, exam.deplacer_graines(apres, case))
    assert (apres, gain) == jouer_attendu(plateau, case)


# ------------------------------------------------------------------ Q5, Q7
@reglages
@given(jeux())
def test_tourner_plateau_swaps_halves_and_is_an_involution(jeu):
    avant = list(jeu["plateau"])
    exam.tourner_plateau(jeu)
    assert jeu["plateau"] == avant[6:] + avant[:6]
    exam.tourner_plateau(jeu)
    assert jeu["plateau"] == avant


@reglages
@given(jeux(), toutes_cases, st.integers(-5, 5))
def test_copie_is_equal_and_independent(jeu, indice, delta):
    source = copy.deepcopy(jeu)
    autre = exam.copie(jeu)
    assert autre == jeu
    autre["plateau"][indice] += delta + 100
    autre["score"][indice % 2] += 1
    autre["n"] += 1
    assert jeu == source  # changing the copy leaves the source alone
    autre_avant = copy.deepcopy(autre)
    jeu["plateau"][indice] -= 7
    jeu["score"].append(0)
    assert autre == autre_avant  # and the other way round


# ------------------------------------------------------------------ Q11–Q13
@reglages
@given(jeux())
def test_cases_possibles_is_the_three_conditions(jeu):
    attendu = [case for case in range(6)
               if jeu["plateau"][case] > 0 and sum(jouer_attendu(jeu["plateau"], case)[0][6:]) > 0]
    avant = copy.deepcopy(jeu)
    assert exam.cases_possibles(jeu) == attendu
    assert jeu == avant
    assert [c for c in range(12) if exam.test_case(jeu["plateau"], c)] == attendu


# ------------------------------------------------------------------ Q15, Q17
@reglages
@given(jeux(), cases_joueur)
def test_gain_leaves_its_input_untouched_and_is_consistent(jeu, case):
    avant = copy.deepcopy(jeu)
    gagne, suite = exam.gain(jeu, case)
    assert jeu == avant
    plateau, attendu = jouer_attendu(avant["plateau"], case)
    mover = avant["n"] % 2
    score = list(avant["score"])
    score[mover] += attendu
    assert gagne == attendu
    assert suite == dict(avant, score=score, n=avant["n"] + 1, plateau=plateau[6:] + plateau[:6])
    suite["plateau"][0] += 1
    suite["score"][0] += 1
    assert jeu == avant  # the new game shares no list with its source


@reglages
@given(jeux(), toutes_cases)
def test_tour_jeu_on_a_refused_pit_changes_nothing(jeu, case):
    if exam.test_case(jeu["plateau"], case):
        case = 6 + case % 6  # the opponent's pits are always refused
    avant = copy.deepcopy(jeu)
    sortie = io.StringIO()
    with contextlib.redirect_stdout(sortie):
        resultat = exam.tour_jeu(jeu, case)
    assert resultat is True and jeu == avant
    assert sortie.getvalue() == "La case choisie n'est pas valable\n"


@reglages
@given(jeux(), cases_joueur)
def test_tour_jeu_on_an_accepted_pit_plays_like_gain(jeu, case):
    assume(exam.test_case(jeu["plateau"], case))
    _, attendu = exam.gain(jeu, case)
    resultat = exam.tour_jeu(jeu, case)
    assert jeu == attendu and resultat == exam.tour_suivant(attendu)
