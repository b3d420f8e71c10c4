"""Differential test: the Othello reference (EPITA 2024) against OpenSpiel's ``othello``.

How OpenSpiel represents a game (probed on open_spiel 2.0.2): player 0 is
Black (``x``), who moves first, our J1 (1); player 1 is White (``o``), our
J2 (-1).  Action ``8 * row + column`` puts a disc on ``p[row][column]`` (row
0 is OpenSpiel's "1", column 0 its "a"); action 64 is a pass, the only legal
action of a player who cannot put a disc.  ``observation_tensor(0)`` is three
8 × 8 planes: empty cells, Black's discs, White's discs.  The start has
White on d4 and e5 (our (3, 3) and (4, 4)) and Black on e4 and d5: the key's
``plateau_depart``.

Seeded random legal games are played in OpenSpiel to the end.  At every
position (at least ``POSITIONS_MIN``), for the player to move, we compare
our playable cells (``cases_jouables`` on the frontier kept move by move with
``cases_frontieres``) with OpenSpiel's legal actions, and, for every legal
move, our board after ``poser_jeton`` with OpenSpiel's after the move (the
captures).  The frontier kept incrementally is also compared with the one
computed from scratch, and a position where OpenSpiel's game is over must be
one where neither player can move.  No rule differs between the two.
"""

import random

import numpy as np
import pyspiel
import pytest

from awale_ref.sujets.othello_epita_2024 import othello as o

SEED = 2024
GAMES = 200  # about 12,000 positions
POSITIONS_MIN = 10_000
PASSE = 64


def plateau_openspiel(etat) -> list[list[int]]:
    plans = np.array(etat.observation_tensor(0)).reshape(3, 8, 8)
    return [[int(plans[1][x][y] - plans[2][x][y]) for y in range(8)] for x in range(8)]


def joueur(etat) -> int:
    return 1 if etat.current_player() == 0 else -1


@pytest.fixture(scope="module")
def bilan():
    jeu = pyspiel.load_game("othello")
    rng = random.Random(SEED)
    compte = {"positions": 0, "coups": 0, "passes": 0, "fins": 0, "captures multiples": 0}
    for _ in range(GAMES):
        etat = jeu.new_initial_state()
        p = o.plateau_depart()
        frontiere = o.cases_frontieres_de(p)
        while not etat.is_terminal():
            j = joueur(etat)
            assert plateau_openspiel(etat) == p
            assert sorted(frontiere) == o.cases_frontieres_de(p)
            legaux = [a for a in etat.legal_actions() if a != PASSE]
            nos_coups = o.cases_jouables(p, frontiere, j)
            assert sorted(nos_coups) == sorted(divmod(a, 8) for a in legaux)
            compte["positions"] += 1
            for a in legaux:
                apres = etat.child(a)
                c = divmod(a, 8)
                assert o.poser_jeton(p, c, j) == plateau_openspiel(apres), (p, c, j)
                compte["coups"] += 1
                compte["captures multiples"] += len(o.directions_possibles(p, c, j)) > 1
            if not legaux:
                assert etat.legal_actions() == [PASSE]
                compte["passes"] += 1
                etat.apply_action(PASSE)
                continue
            a = rng.choice(legaux)
            c = divmod(a, 8)
            frontiere = o.cases_frontieres(p, frontiere, c)
            p = o.poser_jeton(p, c, j)
            etat.apply_action(a)
        # the end: neither player can put a disc
        assert not o.cases_jouables(p, frontiere, 1) and not o.cases_jouables(p, frontiere, -1)
        compte["fins"] += 1
    return compte


def test_les_coups_et_les_captures_sont_ceux_d_openspiel(bilan):
    assert bilan["positions"] >= POSITIONS_MIN
    assert bilan["passes"] > 0 and bilan["captures multiples"] > 0
    assert bilan["fins"] == GAMES


def test_la_position_de_depart_est_celle_d_openspiel():
    etat = pyspiel.load_game("othello").new_initial_state()
    assert plateau_openspiel(etat) == o.plateau_depart()
    assert sorted(divmod(a, 8) for a in etat.legal_actions()) == o.REPONSES["Q2"]
