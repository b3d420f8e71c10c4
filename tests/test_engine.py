"""Differential tests: the fast engine (awale_ref.engine) against the exam.

The exam's functions (awale_ref.sujets.ccinp_2024.exam) are the contract.  Positions come from
seeded random games played with the exam's functions (finished positions
included), from seeded positions near the end of a game (scores close to 25,
``n`` close to 100, few seeds: ±500 leaves and ties), and from
``awale_ref.corpus`` (reachable positions and labelled edge cases).
"""

from __future__ import annotations

import contextlib
import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awale_ref import corpus, engine, fonctions_moteur
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.engine import Position

NAMES = ("Alice", "Bob")


# ---------------------------------------------------------------- positions
def random_game_positions(seed: int, games: int) -> list[dict]:
    """Every position of ``games`` seeded games, the finished ones included.

    Each side plays the move of best immediate gain half of the time, a
    random move otherwise, so that harvests, scores of 25 and famines occur.
    """
    rng = random.Random(seed)
    positions = []
    for _ in range(games):
        jeu = exam.initialisation(*NAMES)
        while True:
            positions.append(exam.copie(jeu))
            if not exam.tour_suivant(jeu):
                break
            cases = exam.cases_possibles(jeu)
            if rng.random() < 0.5:
                gains = [exam.gain(jeu, case)[0] for case in cases]
                case = cases[gains.index(max(gains))]
            else:
                case = rng.choice(cases)
            exam.tour_jeu(jeu, case)
    return positions


def near_end_positions(seed: int, count: int) -> list[dict]:
    """Seeded 48-seed positions near the end: few seeds, high scores, late n."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        plateau = [0] * 12
        for _ in range(rng.randint(2, 14)):
            plateau[rng.randrange(12)] += 1
        rest = 48 - sum(plateau)
        score1 = rng.randint(rest - 25, 25)  # both scores near 24, sometimes 25
        n = rng.randint(92, 99) if rng.random() < 0.5 else rng.randint(0, 91)
        positions.append({'joueur1': NAMES[0], 'joueur2': NAMES[1], 'score': [score1, rest - score1],
                          'n': n, 'plateau': plateau})
    return positions


RULE_POSITIONS = random_game_positions(seed=1, games=50) + near_end_positions(seed=2, count=600)


def exam_leaf_value(jeu: dict) -> int:
    """The exam's leaf value for the player to move, from ``gagnant``."""
    essai = exam.copie(jeu)
    vainqueur = exam.gagnant(essai)
    joueur = jeu['joueur1'] if exam.tour_joueur1(jeu) else jeu['joueur2']
    if vainqueur == exam.EGALITE:
        return 0
    return 500 if vainqueur == joueur else -500


def exam_move_values(jeu: dict, depth: int) -> list[tuple[int, int]]:
    """The root ``vals_jeu`` of ``exam.NegaAwale(jeu, depth, 0)``."""
    values = []
    for case in exam.cases_possibles(jeu):
        g, suite = exam.gain(jeu, case)
        values.append((case, g - exam.NegaAwale(suite, depth, 1)))
    return values


# ---------------------------------------------------------------- rules
def test_rule_positions_cover_the_cases():
    over = [jeu for jeu in RULE_POSITIONS if not exam.tour_suivant(exam.copie(jeu))]
    leaves = {exam_leaf_value(jeu) for jeu in over}
    assert len(RULE_POSITIONS) > 3000
    assert leaves == {-500, 0, 500}
    assert any(jeu['n'] >= 100 for jeu in over)
    assert any(max(jeu['score']) >= 25 for jeu in over)
    assert any(sum(jeu['plateau']) > 3 and not exam.cases_possibles(jeu) for jeu in over)


def test_conversions_round_trip():
    for jeu in RULE_POSITIONS[:200]:
        pos = engine.from_jeu(jeu)
        assert engine.to_jeu(pos, *NAMES) == jeu
        assert engine.from_jeu(engine.to_jeu(pos)) == pos


def test_rules_match_the_exam():
    for jeu in RULE_POSITIONS:
        before = exam.copie(jeu)
        pos = engine.from_jeu(jeu)
        assert engine.legal_moves(pos) == exam.cases_possibles(jeu)
        assert engine.is_over(pos) == (not exam.tour_suivant(jeu))
        assert engine.leaf_value(pos) == exam_leaf_value(jeu)
        for case in exam.cases_possibles(jeu):
            g, suite = exam.gain(jeu, case)
            assert engine.play(pos, case) == (g, engine.from_jeu(suite))
        assert jeu == before


def test_finished_positions_have_the_exam_value():
    for jeu in RULE_POSITIONS:
        pos = engine.from_jeu(jeu)
        if engine.is_over(pos):
            for depth in (0, 2):
                assert engine.negamax(pos, depth) == exam.NegaAwale(exam.copie(jeu), depth + 1, 1)
            assert engine.negamax(pos, 0) == engine.leaf_value(pos)


def test_no_move_when_every_move_starves_the_opponent():
    # pit 4 sows into pits 5 and 6, pit 5 into pit 6: both harvest Bob's only seeds
    jeu = {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [22, 22], 'n': 60,
           'plateau': [0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0]}
    pos = engine.from_jeu(jeu)
    assert exam.cases_possibles(jeu) == engine.legal_moves(pos) == []
    assert engine.is_over(pos) and not exam.tour_suivant(exam.copie(jeu))
    assert engine.negamax(pos, 3) == exam.NegaAwale(exam.copie(jeu), 4, 1) == 500


def test_illegal_pits_raise():
    for jeu in RULE_POSITIONS[::10]:
        pos = engine.from_jeu(jeu)
        legal = engine.legal_moves(pos)
        for case in [-1, *range(12), 12]:
            if case not in legal:
                with pytest.raises(ValueError, match=f"pit {case} is not a legal move"):
                    engine.play(pos, case)


def test_bad_arguments_raise():
    pos = engine.initial_position()
    with pytest.raises(TypeError, match="expected a Position"):
        engine.legal_moves(exam.initialisation(*NAMES))
    with pytest.raises(ValueError, match="a board is a tuple of 12 ints"):
        engine.play(Position([4] * 12, 0, 0, 0), 0)
    with pytest.raises(ValueError, match="a board is a tuple of 12 ints"):
        engine.from_jeu({'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0], 'n': 0, 'plateau': [4] * 11})
    with pytest.raises(ValueError, match="a board is a tuple of 12 ints"):
        engine.is_over(Position((4,) * 11 + (-1,), 0, 0, 0))
    with pytest.raises(ValueError, match="depth must be an int >= 0"):
        engine.negamax(pos, -1)
    for bad in (0, 2.0, True):
        with pytest.raises(ValueError, match="depth must be an int >= 1"):
            engine.best_move(pos, bad)
        with pytest.raises(ValueError, match="depth must be an int >= 1"):
            engine.move_values(pos, bad)
    finished = Position((4,) * 12, 12, 25, 11)
    for search in (engine.best_move, engine.move_values):
        with pytest.raises(ValueError, match="the game is over"):
            search(finished, 2)


# ---------------------------------------------------------------- search
def search_positions() -> list[dict]:
    """About 200 positions where the game goes on, for the search tests."""
    ongoing_near_end = [jeu for jeu in near_end_positions(seed=3, count=200)
                        if exam.tour_suivant(exam.copie(jeu))]
    edge = [jeu for _, jeu in corpus.cas_limites()]
    return corpus.corpus_positions(seed=2024, count=150) + edge + ongoing_near_end[:40]


SEARCH_POSITIONS = search_positions()


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_search_matches_negaawale(depth):
    shared = engine.Searcher()  # one table for every search: must not leak between positions
    ties = wins_or_losses = 0
    for jeu in SEARCH_POSITIONS:
        pos = engine.from_jeu(jeu)
        if engine.is_over(pos):
            continue
        expected = exam_move_values(jeu, depth)
        best = exam.max_vals([list(pair) for pair in expected], 1)
        assert engine.move_values(pos, depth) == expected
        assert engine.best_move(pos, depth) == (exam.NegaAwale(exam.copie(jeu), depth, 0), best)
        assert engine.negamax(pos, depth) == best
        assert shared.best_move(pos, depth) == engine.best_move(pos, depth)
        assert shared.negamax(pos, depth - 1) == engine.negamax(pos, depth - 1)
        ties += [value for _, value in expected].count(best) > 1
        wins_or_losses += any(abs(value) >= 400 for _, value in expected)
    # the exam's tie-break and its ±500 leaves were really exercised
    assert ties >= 10 and wins_or_losses >= 10


def test_negamax_is_negaawale_below_the_root():
    for jeu in SEARCH_POSITIONS[::4]:
        pos = engine.from_jeu(jeu)
        for depth in (0, 1, 3):
            assert engine.negamax(pos, depth) == exam.NegaAwale(exam.copie(jeu), depth + 1, 1)


@pytest.mark.parametrize("index", range(6))
def test_depth_6_matches_negaawale(index):
    jeu = [exam.initialisation(*NAMES), *SEARCH_POSITIONS[60:200:28]][index]
    pos = engine.from_jeu(jeu)
    expected = exam_move_values(jeu, 6)
    assert engine.move_values(pos, 6) == expected
    assert engine.best_move(pos, 6) == (exam.NegaAwale(exam.copie(jeu), 6, 0),
                                        exam.max_vals([list(pair) for pair in expected], 1))


def test_a_shared_table_gives_the_values_of_fresh_searches():
    """A Searcher kept along a game meets the same positions at other depths."""
    shared = engine.Searcher()
    pos = engine.initial_position()
    for _ in range(12):
        for depth in (7, 5, 4, 6):
            assert shared.best_move(pos, depth) == engine.best_move(pos, depth)
            assert shared.negamax(pos, depth) == engine.negamax(pos, depth)
        pos = engine.play(pos, shared.best_move(pos, 6)[0])[1]
    assert len(shared.table) > 100  # the table was filled, hence consulted


def test_searcher_visits_fewer_nodes_than_the_exam():
    counts = []

    def counting(jeu, profondeur_max, profondeur):
        counts.append(1)
        return original(jeu, profondeur_max, profondeur)

    original = exam.NegaAwale
    exam.NegaAwale = counting  # the recursion looks NegaAwale up in the module
    try:
        pit = exam.NegaAwale(exam.initialisation(*NAMES), 5, 0)
    finally:
        exam.NegaAwale = original
    searcher = engine.Searcher()
    assert searcher.best_move(engine.initial_position(), 5)[0] == pit
    assert 0 < searcher.nodes < len(counts) / 5


# ---------------------------------------------------------------- properties of play
@st.composite
def positions_of_48_seeds(draw) -> Position:
    """A position whose board and scores hold 48 seeds (reachable or not)."""
    seeds = draw(st.integers(min_value=0, max_value=48))
    pits = draw(st.lists(st.integers(min_value=0, max_value=11), min_size=seeds, max_size=seeds))
    plateau = [0] * 12
    for pit in pits:
        plateau[pit] += 1
    score1 = draw(st.integers(min_value=0, max_value=48 - seeds))
    return Position(tuple(plateau), score1, 48 - seeds - score1, draw(st.integers(0, 120)))


@settings(max_examples=400, derandomize=True, deadline=None)
@given(positions_of_48_seeds())
def test_play_conserves_seeds_and_turns_the_board(pos):
    jeu = engine.to_jeu(pos)
    assert engine.legal_moves(pos) == exam.cases_possibles(jeu)
    assert engine.is_over(pos) == (not exam.tour_suivant(exam.copie(jeu)))
    for case in engine.legal_moves(pos):
        g, suite = engine.play(pos, case)
        assert sum(suite.plateau) + suite.score1 + suite.score2 == 48
        assert suite.plateau[case + 6] == 0  # the origin pit, now on the opponent's side
        assert any(suite.plateau[:6])  # famine: the new mover keeps a seed
        assert suite.n == pos.n + 1
        mover = 1 if pos.n % 2 == 0 else 2
        assert (suite.score1 - pos.score1, suite.score2 - pos.score2) == ((g, 0) if mover == 1 else (0, g))
        # the board turned: the mover's untouched pits are found 6 places on
        if g == 0 and pos.plateau[case] < 12 - case:
            sown = range(case + 1, case + pos.plateau[case] + 1)
            for pit in range(12):
                if pit != case:
                    assert suite.plateau[(pit + 6) % 12] == pos.plateau[pit] + (pit in sown)
        assert (g, engine.to_jeu(suite)) == exam.gain(jeu, case)


@settings(max_examples=100, derandomize=True, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=70), min_size=12, max_size=12),
       st.integers(min_value=0, max_value=99))
def test_big_pits_sow_like_the_exam(plateau, n):
    """Pits with more seeds than a game holds (the engine's tables stop at 48)."""
    jeu = {'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0], 'n': n, 'plateau': plateau}
    pos = engine.from_jeu(jeu)
    assert engine.legal_moves(pos) == exam.cases_possibles(jeu)
    for case in engine.legal_moves(pos):
        g, suite = exam.gain(jeu, case)
        assert engine.play(pos, case) == (g, engine.from_jeu(suite))


# ---------------------------------------------------------------- the exam's functions on the engine
class _Ecritures(list):
    """A board recording each write (index, board after): the widget replays them."""

    def __init__(self, valeurs):
        super().__init__(valeurs)
        self.ecritures = []

    def __setitem__(self, indice, valeur):
        super().__setitem__(indice, valeur)
        self.ecritures.append((indice, tuple(self)))


def _appel(fonction, *arguments):
    """``(result or exception type, arguments after the call)``; a board records its writes."""
    arguments = [_Ecritures(a) if isinstance(a, list) else exam.copie(a) if isinstance(a, dict) else a
                 for a in arguments]
    sortie = io.StringIO()
    try:
        with contextlib.redirect_stdout(sortie):
            resultat = fonction(*arguments)
    except Exception as erreur:  # noqa: BLE001 - the same failure is expected of both
        resultat = type(erreur)
    return resultat, [(list(a), a.ecritures) if isinstance(a, _Ecritures) else a for a in arguments], sortie.getvalue()


def test_the_engines_exam_functions_are_the_exams():
    """``awale_ref.fonctions_moteur`` (what the board, the tree and the students' environment play with)
    gives the exam's results, leaves the same arguments, writes the boards in the same order."""
    noms = [nom for nom in vars(fonctions_moteur) if not nom.startswith("_") and callable(getattr(exam, nom, None))
            and getattr(fonctions_moteur, nom).__module__ == fonctions_moteur.__name__]
    assert len(noms) == 15, noms
    essais = 0
    for jeu in RULE_POSITIONS[::7] + [jeu for _, jeu in corpus.cas_limites()]:
        for nom in noms:
            if nom in ("tour_joueur1", "tourner_plateau", "copie", "cases_possibles", "tour_suivant", "gagnant"):
                appels = [(jeu,)]
            elif nom == "NegaAwale":
                appels = [(jeu, 2, 0), (jeu, 2, 1), (jeu, 1, 1)]
            elif nom == "max_vals":
                valeurs = [] if engine.is_over(engine.from_jeu(jeu)) else engine.move_values(engine.from_jeu(jeu), 1)
                appels = [([list(v) for v in valeurs], profondeur) for profondeur in (0, 1, 2)] if valeurs else []
            elif nom in ("gain", "tour_jeu"):
                appels = [(jeu, case) for case in exam.cases_possibles(jeu)] + ([(jeu, 6)] if nom == "tour_jeu" else [])
            else:
                appels = [(list(jeu['plateau']), case) for case in range(12)]
            for arguments in appels:
                essais += 1
                vu = _appel(getattr(fonctions_moteur, nom), *arguments)
                assert vu == _appel(getattr(exam, nom), *arguments), (nom, arguments)
    assert essais > 20_000


def test_the_engines_lycee_functions_are_the_lycee_references():
    """The Olympiades awalé's ``fonctions_moteur`` (what the lycée board plays with in the students' environment)
    gives the lycée reference's results, leaves the same arguments, writes a sown or harvested board in the same order;
    on the CCINP rule positions and where the lycée rules differ (3 seeds left, more than 45 collected)."""
    from awale_ref.sujets.olympiades_2025_awale import fonctions_moteur as moteur_lycee
    from awale_ref.sujets.olympiades_2025_awale import awale_lycee

    noms = [nom for nom, f in vars(moteur_lycee).items() if callable(f) and getattr(f, "__module__", "") ==
            moteur_lycee.__name__ and not nom.startswith("_")]
    assert sorted(noms) == sorted(n for n in noms if callable(getattr(awale_lycee, n, None))) and len(noms) == 12, noms
    differences = [{"joueur1": "Alice", "joueur2": "Bob", "score_j1": s1, "score_j2": s2, "nb_tours": n, "plateau": p}
                   for s1, s2 in ((22, 23), (23, 23), (20, 24), (24, 24)) for n in (50, 51, 99, 100)
                   for p in ([1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0],
                             [0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0])]
    etats = [awale_lycee.depuis_ccinp(jeu) for jeu in RULE_POSITIONS[::7] + [j for _, j in corpus.cas_limites()]]
    essais = finies_ici = 0
    for etat in etats + differences:
        finies_ici += awale_lycee.tour_termine(etat) != fonctions_moteur.tour_suivant(awale_lycee.vers_ccinp(etat))
        for nom in noms:
            if nom in ("tour_joueur1", "cases_possibles", "tour_termine", "gagnant"):
                appels = [(etat,)]
            elif nom == "tourner_plateau":
                appels = [(list(etat["plateau"]),)]
            elif nom == "somme":
                appels = [(list(etat["plateau"]), n, p) for n, p in ((0, 5), (6, 11), (3, 3), (2, 9))]
            elif nom == "tour_jeu":
                appels = [(etat, case) for case in range(-1, 12)]
            else:
                appels = [(list(etat["plateau"]), case) for case in range(12)]
            for arguments in appels:
                essais += 1
                vu, attendu = _appel(getattr(moteur_lycee, nom), *arguments), _appel(getattr(awale_lycee, nom), *arguments)
                if nom == "tourner_plateau":  # the board turns a plain list: only the list after counts
                    vu, attendu = [(a[0] if isinstance(a, tuple) else a) for a in vu[1]], [
                        (a[0] if isinstance(a, tuple) else a) for a in attendu[1]]
                assert vu == attendu, (nom, arguments)
    assert essais > 10_000 and finies_ici > 0, (essais, finies_ici)
