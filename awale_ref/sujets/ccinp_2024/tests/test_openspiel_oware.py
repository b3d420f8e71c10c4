"""Differential test: the exam functions against OpenSpiel's ``oware``.

OpenSpiel cannot be put in an arbitrary position (its states are built only
by playing moves from the start), so both implementations are driven along
the same seeded games: at each turn a pit acceptable for the exam (hence
legal for OpenSpiel too, see ``GRAND_SLAM``) is chosen, at random or
greedily, and played in both.  At every position where both games go on we
compare the playable set and, for every move acceptable in both, the board
and scores after sowing and capture, and whether the game goes on.

How OpenSpiel represents a game (probed on open_spiel 2.0.2): the board is
never turned; ``seeds[0:6]`` are player 0's houses (our joueur1), and
``seeds[6:12]`` player 1's, sown 0 → 11 → 0 like ours; player p's action k
is house ``6 * p + k``, i.e. our pit k once the board is turned towards the
mover.  ``observation_string`` reads ``"player | score0 score1 | 12 seeds"``.
Its rules (probed on that version, consistent with its ``oware.cc``): a move is legal when its pit is not empty, and when
the opponent has no seed it must reach the opponent's row; the game ends
when a score exceeds 24 (or both are 24), when the player to move has no
legal move, or when a board repeats since the last capture, and then every
seed left on the board goes to the owner of its row.

Rules in common, compared: sowing (the origin skipped on a lap), the capture
chain of 2s and 3s on the opponent's row, the must-feed rule (a starved
opponent must receive seeds), the end at 25 seeds, the end when the player to
move has no move, and the seeds left on the board going to their row's owner.
The rules that differ are named in ``RULE_DIFFERENCES``; where one applies
the comparison is skipped *and counted* under that name, and the test checks
that the difference is exactly the named one.
"""

from collections import Counter
import random

import pytest

import prerequis
from awale_ref.sujets.ccinp_2024 import exam
from fin_de_partie import conditions_fin

pyspiel = prerequis.module("pyspiel", "oracle")

SEED = 2024
GAMES = 500  # about 26,000 positions
POSITIONS_MIN = 10_000
PROBA_GLOUTON = 0.5  # greedy moves make captures (and grand slams) frequent

RULE_DIFFERENCES = {
    "grand slam": (
        "A move whose capture would take every seed of the opponent (a grand slam) "
        "is refused by the exam (test_famine is False) but legal in OpenSpiel, which "
        "plays the sowing and forfeits the whole capture.  Such a position's playable "
        "sets differ by exactly those moves: the position is excluded from the "
        "playable-set equality and the move from the sowing comparison."),
    "grand slam only": (
        "When every non-empty pit of the player to move is a grand slam, the exam's "
        "game is over (no acceptable pit) while OpenSpiel's goes on."),
    "repetition": (
        "OpenSpiel ends the game when a board (with the player to move) repeats "
        "since the last capture, and collects the seeds; the exam has no such rule."),
    "100 turns": (
        "The exam ends the game when n reaches 100 (Q14); OpenSpiel has no turn "
        "limit (its 1000-move bound is never reached thanks to the repetition rule)."),
    "3 seeds": (
        "The exam ends the game when 3 seeds or fewer are left on the board (Q14); "
        "OpenSpiel plays on."),
}
"""Each named difference, why the two rule sets disagree there."""


# ------------------------------------------------------------------ board mapping
def lire(state) -> tuple[int, tuple[int, int], tuple[int, ...]]:
    """OpenSpiel's (player to move, scores, absolute board), from its observation."""
    joueur, scores, graines = state.observation_string(0).split("|")
    return int(joueur), tuple(map(int, scores.split())), tuple(map(int, graines.split()))


def absolu(plateau: list, n: int) -> tuple[int, ...]:
    """The exam's board (turned towards the mover) in OpenSpiel's fixed layout."""
    if n % 2 == 0:
        return tuple(plateau)
    return tuple(plateau[6:12] + plateau[0:6])


def est_grand_chelem(jeu: dict, state, case: int) -> bool:
    """Is ``case`` a grand slam, treated as the exam and OpenSpiel each do?

    The exam refuses it (non-empty pit, test_famine False) and OpenSpiel plays
    the sowing alone: its next board is the sown board, scores unchanged (or,
    if that ends its game, the sown seeds collected by each row's owner).
    """
    seme = list(jeu["plateau"])
    exam.deplacer_graines(seme, case)
    if jeu["plateau"][case] == 0 or exam.test_famine(jeu["plateau"], case):
        return False
    enfant = state.child(case)
    _, scores, graines = lire(enfant)
    seme_absolu = absolu(seme, jeu["n"])
    if not enfant.is_terminal():
        return graines == seme_absolu and scores == tuple(jeu["score"])
    return scores == (jeu["score"][0] + sum(seme_absolu[:6]), jeu["score"][1] + sum(seme_absolu[6:]))


# ------------------------------------------------------------------ comparisons
def comparer_coup(jeu: dict, state, case: int, vus: set, stats: Counter) -> None:
    """Compare one move acceptable in both implementations."""
    gagne, suite = exam.gain(jeu, case)
    enfant = state.child(case)
    _, scores, graines = lire(enfant)
    fin_examen = conditions_fin(suite)
    if enfant.is_terminal() and not fin_examen:
        # OpenSpiel collected the board: only its repetition rule does that
        # while the exam goes on.
        assert gagne == 0 and (absolu(suite["plateau"], suite["n"]), suite["n"] % 2) in vus
        stats["excluded move: repetition"] += 1
        return
    if not enfant.is_terminal():
        # sowing and capture
        assert graines == absolu(suite["plateau"], suite["n"]), (jeu, case)
        assert scores == tuple(suite["score"]), (jeu, case)
        stats["moves compared: sowing and capture"] += 1
        if not fin_examen:
            stats["moves compared: game goes on"] += 1
            return
        # the exam ends its game, OpenSpiel does not: a named difference
        assert "score" not in fin_examen
        if "no acceptable pit" in fin_examen:
            legales = enfant.legal_actions()
            assert legales and all(est_grand_chelem(suite, enfant, a) for a in legales)
            fin_examen = (fin_examen - {"no acceptable pit"}) | {"grand slam only"}
        assert fin_examen <= {"100 turns", "3 seeds", "grand slam only"}
        for nom in sorted(fin_examen):
            stats[f"excluded end of game: {nom}"] += 1
        return
    # both games are over: OpenSpiel collected the seeds, the exam's gagnant does too
    fin = exam.copie(suite)
    vainqueur = exam.gagnant(fin)
    assert scores == tuple(fin["score"]) and graines == (0,) * 12, (jeu, case)
    retours = {"Alice": [1.0, -1.0], "Bob": [-1.0, 1.0], exam.EGALITE: [0.0, 0.0]}
    assert enfant.returns() == retours[vainqueur]
    stats["moves compared: sowing and capture"] += 1
    stats["moves compared: game over, seeds collected"] += 1


def comparer_position(jeu: dict, state, vus: set, stats: Counter) -> list:
    """Compare one position where both games go on; return the common moves."""
    assert lire(state) == (jeu["n"] % 2, tuple(jeu["score"]), absolu(jeu["plateau"], jeu["n"]))
    assert state.current_player() == jeu["n"] % 2
    cases = exam.cases_possibles(jeu)
    legales = state.legal_actions()
    en_plus = sorted(set(legales) - set(cases))
    assert set(cases) <= set(legales)
    if en_plus:
        assert all(est_grand_chelem(jeu, state, case) for case in en_plus), (jeu, en_plus)
        stats["excluded position: grand slam"] += 1
        stats["excluded move: grand slam"] += len(en_plus)
    else:
        stats["positions compared: playable set"] += 1
        if sum(jeu["plateau"][6:]) == 0:
            stats["positions compared: opponent starved (must feed)"] += 1
    for case in cases:
        comparer_coup(jeu, state, case, vus, stats)
    return cases


def jouer_partie(rng: random.Random, game, stats: Counter) -> None:
    """Drive both implementations along one seeded game, comparing each position."""
    jeu = exam.initialisation("Alice", "Bob")
    state = game.new_initial_state()
    vus = {(absolu(jeu["plateau"], 0), 0)}  # boards since the last capture
    while True:
        cases = comparer_position(jeu, state, vus, stats)
        stats["positions"] += 1
        if rng.random() < PROBA_GLOUTON:
            gains = [exam.gain(jeu, case)[0] for case in cases]
            case = rng.choice([c for c, g in zip(cases, gains) if g == max(gains)])
        else:
            case = rng.choice(cases)
        score_avant = list(jeu["score"])
        continue_ = exam.tour_jeu(jeu, case)
        state.apply_action(case)
        if jeu["score"] != score_avant:
            vus.clear()
        vus.add((absolu(jeu["plateau"], jeu["n"]), jeu["n"] % 2))
        if not continue_ or state.is_terminal():  # the end was compared in comparer_coup
            stats["games"] += 1
            return


@pytest.fixture(scope="module")
def stats() -> Counter:
    rng = random.Random(SEED)
    game = pyspiel.load_game("oware")
    compte = Counter()
    for _ in range(GAMES):
        jouer_partie(rng, game, compte)
    print("\nOpenSpiel oware differential test:")
    for nom, valeur in sorted(compte.items()):
        print(f"  {nom}: {valeur}")
    return compte


def test_at_least_10000_positions_compared(stats):
    assert stats["positions compared: playable set"] >= POSITIONS_MIN
    assert stats["moves compared: sowing and capture"] >= 3 * POSITIONS_MIN
    assert stats["moves compared: game over, seeds collected"] > 0
    assert stats["positions compared: opponent starved (must feed)"] > 0


def test_every_exclusion_is_a_named_difference(stats):
    exclusions = {nom.split(": ", 1)[1] for nom in stats if nom.startswith("excluded")}
    assert exclusions <= set(RULE_DIFFERENCES)
    comptees = stats["positions compared: playable set"] + stats["excluded position: grand slam"]
    assert comptees == stats["positions"]  # no position skipped silently


def test_named_differences_do_occur(stats):
    # the differences are not hypothetical: the seeded games meet each of them
    for nom in RULE_DIFFERENCES:
        assert sum(v for k, v in stats.items() if k.endswith(f": {nom}")) > 0, nom


def test_mapping_of_the_initial_position():
    state = pyspiel.load_game("oware").new_initial_state()
    assert lire(state) == (0, (0, 0), (4,) * 12)
    state.apply_action(2)
    jeu = exam.initialisation("Alice", "Bob")
    exam.tour_jeu(jeu, 2)
    assert lire(state) == (1, (0, 0), absolu(jeu["plateau"], jeu["n"]))
