"""The test-position corpus: determinism, validity, and each edge case's label."""

import hashlib
import os
import subprocess
import sys

import pytest

from awale_ref import corpus
from awale_ref.sujets.ccinp_2024 import facts
from awale_ref.sujets.ccinp_2024 import exam
from fin_de_partie import conditions_fin


def jouer(plateau, case):
    """Sow and harvest ``case`` on a copy: (last pit, gain, board after)."""
    plateau = list(plateau)
    derniere = exam.deplacer_graines(plateau, case)
    return derniere, exam.ramasser_graines(plateau, derniere), plateau


def apres_coup(jeu, case):
    """Play ``case`` with tour_jeu on a copy: (returned bool, new jeu)."""
    suite = exam.copie(jeu)
    return exam.tour_jeu(suite, case), suite


# ------------------------------------------------------------------ corpus_positions
def empreinte(positions):
    texte = repr([(p["n"], p["score"], p["plateau"]) for p in positions])
    return hashlib.sha256(texte.encode()).hexdigest()


def test_same_seed_same_list_other_seed_other_list():
    assert corpus.corpus_positions(5, 60) == corpus.corpus_positions(5, 60)
    assert corpus.corpus_positions(5, 60) != corpus.corpus_positions(6, 60)
    assert corpus.corpus_positions() == corpus.corpus_positions(2024, 400)


def test_a_shorter_count_is_a_prefix():
    assert corpus.corpus_positions(3, 50) == corpus.corpus_positions(3, 200)[:50]
    assert corpus.corpus_positions(3, 0) == []


def test_independent_of_the_hash_seed():
    code = ("import hashlib; from awale_ref.corpus import corpus_positions as c; "
            "print(hashlib.sha256(repr([(p['n'], p['score'], p['plateau']) for p in c()])"
            ".encode()).hexdigest())")
    empreintes = set()
    for hash_seed in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        sortie = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                capture_output=True, text=True).stdout.strip()
        empreintes.add(sortie)
    assert empreintes == {empreinte(corpus.corpus_positions())}


def test_each_call_returns_fresh_dicts():
    premiere = corpus.corpus_positions(count=30)
    for jeu in premiere:
        jeu["plateau"][0] += 100
        jeu["score"].append(0)
        jeu["n"] = -1
    seconde = corpus.corpus_positions(count=30)
    assert all(jeu["n"] >= 0 and len(jeu["score"]) == 2 for jeu in seconde)
    assert seconde != premiere
    assert seconde == corpus.corpus_positions(count=30)


def test_positions_are_valid_distinct_and_the_game_goes_on():
    positions = corpus.corpus_positions()
    assert len(positions) == 400
    vues = set()
    for jeu in positions:
        assert set(jeu) == {"joueur1", "joueur2", "score", "n", "plateau"}
        assert (jeu["joueur1"], jeu["joueur2"]) == ("Alice", "Bob")
        assert len(jeu["plateau"]) == 12 and all(type(g) is int and g >= 0 for g in jeu["plateau"])
        assert sum(jeu["plateau"]) + sum(jeu["score"]) == 48
        assert 0 <= jeu["n"] < 100
        assert exam.tour_suivant(jeu)
        vues.add((jeu["n"], tuple(jeu["score"]), tuple(jeu["plateau"])))
    assert len(vues) == len(positions)


def test_positions_cover_the_game():
    positions = corpus.corpus_positions()
    ns = [jeu["n"] for jeu in positions]
    assert 100 < sum(n % 2 for n in ns) < 300  # both players to move
    assert sum(n >= 50 for n in ns) >= 40 and sum(n >= 80 for n in ns) >= 10  # late game
    avec_prise = [jeu for jeu in positions
                  if any(exam.gain(jeu, c)[0] > 0 for c in exam.cases_possibles(jeu))]
    assert len(avec_prise) >= 100  # harvests are frequent
    assert any(max(jeu["plateau"]) >= 12 for jeu in positions)  # some laps
    assert any(not exam.tour_suivant(exam.gain(jeu, c)[1])
               for jeu in positions for c in exam.cases_possibles(jeu))  # endings


@pytest.mark.parametrize("args, erreur", [
    (("1", 10), TypeError), ((1, 2.0), TypeError), ((True, 3), TypeError), ((1, -1), ValueError),
])
def test_bad_arguments_are_rejected(args, erreur):
    with pytest.raises(erreur):
        corpus.corpus_positions(*args)


# ------------------------------------------------------------------ cas_limites
def check_12_seeds_one_lap(jeu):
    derniere, gain, plateau = jouer(jeu["plateau"], 2)
    assert jeu["plateau"][2] == 12 and derniere == 3 and gain == 0
    attendu = [g + 1 for g in jeu["plateau"]]
    attendu[2], attendu[3] = 0, jeu["plateau"][3] + 2
    assert plateau == attendu


def check_12_seeds_from_pit_5(jeu):
    assert jeu["n"] % 2 == 1  # Bob to move
    derniere, gain, plateau = jouer(jeu["plateau"], 5)
    assert jeu["plateau"][5] == 12 and derniere == 6
    assert gain == jeu["plateau"][6] + 2 == 3 and plateau[6] == 0 and plateau[5] == 0
    assert 5 in exam.cases_possibles(jeu)


def check_22_seeds(jeu):
    derniere, gain, plateau = jouer(jeu["plateau"], 3)
    assert jeu["plateau"][3] == 22 and derniere == 2 and gain == 0
    assert plateau == [0 if i == 3 else g + 2 for i, g in enumerate(jeu["plateau"])]


def check_23_seeds(jeu):
    derniere, gain, plateau = jouer(jeu["plateau"], 1)
    assert jeu["plateau"][1] == 23 and derniere == 2 and gain == 0
    assert plateau[2] == jeu["plateau"][2] + 3 and plateau[1] == 0


def check_chain_to_6(jeu):
    derniere, gain, plateau = jouer(jeu["plateau"], 4)
    assert derniere == 9 and gain == 10
    assert plateau[6:10] == [0, 0, 0, 0] and plateau[10] > 0
    assert plateau[5] == 2  # 2 seeds on the mover's side: not harvested
    assert 4 in exam.cases_possibles(jeu)


def check_chain_broken(jeu):
    avant = list(jeu["plateau"])
    exam.deplacer_graines(avant, 5)
    assert avant[6:10] == [2, 4, 2, 3]  # pit 6 looks harvestable, pit 7 breaks the chain
    derniere, gain, plateau = jouer(jeu["plateau"], 5)
    assert derniere == 9 and gain == 5 and plateau[6:10] == [2, 4, 0, 0]


def check_famine_harvest_all(jeu):
    derniere, gain, plateau = jouer(jeu["plateau"], 5)
    assert gain == sum(jeu["plateau"][6:]) + 2 and sum(plateau[6:]) == 0
    assert exam.test_famine(jeu["plateau"], 5) is False
    assert exam.cases_possibles(jeu) == [0, 4]  # non-empty pit 5 is refused
    refuse = exam.copie(jeu)
    assert exam.tour_jeu(refuse, 5) is True and refuse == jeu


def check_famine_starved(jeu):
    assert sum(jeu["plateau"][6:]) == 0
    assert [c for c in range(6) if jeu["plateau"][c] > 0] == [0, 2, 5]
    assert [exam.test_famine(jeu["plateau"], c) for c in (0, 2, 5)] == [False, False, True]
    assert exam.cases_possibles(jeu) == [5]


def check_figure4(jeu):
    assert jeu["plateau"] == facts.FIGURE4
    assert exam.cases_possibles(jeu) == facts.Q1_CASES_JOUABLES


def check_figure5_situation1(jeu):
    assert jeu["plateau"] == facts.FIGURE5_SITUATION1
    assert conditions_fin(jeu) == {"no acceptable pit"} and not exam.tour_suivant(jeu)


def check_figure5_situation2(jeu):
    assert jeu["plateau"] == facts.FIGURE5_SITUATION2
    _, gain, plateau = jouer(jeu["plateau"], 5)
    assert {"plateau": plateau, "gain": gain} == facts.Q3_SITUATION2


def check_q18(jeu):
    assert jeu == facts.Q18_JEU
    assert exam.NegaAwale(exam.copie(jeu), 2, 0) == facts.Q18_CASE_CHOISIE


def check_end_score_25(jeu):
    assert jeu["n"] % 2 == 1 and jeu["score"][1] == 23 and exam.tour_suivant(jeu)
    continue_, suite = apres_coup(jeu, 5)
    assert continue_ is False and suite["score"][1] == 25
    assert conditions_fin(suite) == {"score"}


def check_end_100_turns(jeu):
    assert jeu["n"] == 99 and exam.tour_suivant(jeu)
    for case in exam.cases_possibles(jeu):
        continue_, suite = apres_coup(jeu, case)
        assert continue_ is False and conditions_fin(suite) == {"100 turns"}


def check_already_100(jeu):
    assert jeu["n"] == 100 and conditions_fin(jeu) == {"100 turns"}
    assert exam.tour_suivant(dict(jeu, n=98))


def check_end_3_seeds(jeu):
    assert sum(jeu["plateau"]) == 4 and exam.tour_suivant(jeu)
    continue_, suite = apres_coup(jeu, 5)
    assert continue_ is False and conditions_fin(suite) == {"3 seeds"}


def check_end_no_acceptable_pit(jeu):
    assert exam.tour_suivant(jeu)
    continue_, suite = apres_coup(jeu, 5)
    assert continue_ is False and conditions_fin(suite) == {"no acceptable pit"}
    assert sum(suite["plateau"][:6]) > 0  # the next player has seeds, none acceptable


def check_exactly_3_seeds(jeu):
    assert sum(jeu["plateau"]) == 3 and exam.cases_possibles(jeu) != []
    assert conditions_fin(jeu) == {"3 seeds"} and exam.tour_suivant(jeu) is False


CHECKS = {
    "12 seeds: one lap skipping the origin, ends on its neighbour": check_12_seeds_one_lap,
    "12 seeds from pit 5: the lap ends on pit 6 and harvests it": check_12_seeds_from_pit_5,
    "22 seeds: two laps, ends on the pit before the origin": check_22_seeds,
    "23 seeds: two laps, ends on the origin's neighbour": check_23_seeds,
    "harvest chain down to pit 6, stops at the 6/5 boundary": check_chain_to_6,
    "harvest chain broken in the middle": check_chain_broken,
    "famine: the harvest would take all the opponent seeds": check_famine_harvest_all,
    "famine: opponent starved, only a move that feeds him is accepted": check_famine_starved,
    "figure 4 (Q1, Q2)": check_figure4,
    "figure 5 situation 1 (Q3): no acceptable pit, the game is over": check_figure5_situation1,
    "figure 5 situation 2 (Q3): pit 5 harvests ten seeds": check_figure5_situation2,
    "Q18 tree position": check_q18,
    "end: the move brings the mover's score to 25": check_end_score_25,
    "end: n = 99 before the move, the 100-turn limit": check_end_100_turns,
    "end: n = 100, the game is already over": check_already_100,
    "end: the move leaves 3 seeds or fewer on the board": check_end_3_seeds,
    "end: after the move the next player has no acceptable pit": check_end_no_acceptable_pit,
    "end: exactly 3 seeds left, a playable pit exists": check_exactly_3_seeds,
}


def test_every_edge_case_has_a_check():
    labels = [label for label, _ in corpus.cas_limites()]
    assert len(labels) == len(set(labels))
    assert set(labels) == set(CHECKS)


@pytest.mark.parametrize("label", list(CHECKS))
def test_edge_case_has_its_property(label):
    jeu = dict(corpus.cas_limites())[label]
    assert set(jeu) == {"joueur1", "joueur2", "score", "n", "plateau"}
    assert sum(jeu["plateau"]) + sum(jeu["score"]) == 48
    avant = exam.copie(jeu)
    CHECKS[label](jeu)
    assert jeu == avant  # the checks play on copies


def test_cas_limites_have_both_players_to_move_and_are_fresh():
    cas = corpus.cas_limites()
    assert {jeu["n"] % 2 for _, jeu in cas} == {0, 1}
    cas[0][1]["plateau"][0] = 99
    assert corpus.cas_limites()[0][1]["plateau"][0] != 99
    for _, jeu in corpus.cas_limites():  # facts' lists are not shared
        jeu["plateau"].append(0)
    assert facts.FIGURE4 == [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
    assert len(facts.Q18_JEU["plateau"]) == 12
