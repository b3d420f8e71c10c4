"""Exact endgame values of the awalé by attractors (``awale_ref.awale_exact``): against the practical's own
conditions (``awale_ref.sujets.attracteurs.pont_awale``), against the exam's NegaAwale searched deep enough, the
CCINP's Q19 cases drawn from them (``awale_ref.sujets.ccinp_2024.finales``), and the self-study notebook runs."""

from __future__ import annotations

import contextlib
import io
import math
import random
from pathlib import Path

import pytest

from awale_ref import engine
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref import awale_exact as ax
from awale_ref.sujets.attracteurs.pont_awale import valeurs_par_le_tp
from awale_ref.sujets.ccinp_2024.finales import cas_negaawale

CARNET = Path(__file__).resolve().parent.parent / "notebooks" / "pont_awale.py"


@pytest.fixture(scope="module")
def finales() -> ax.Finales:
    return ax.Finales(6)


def test_every_board_of_b_seeds_once():
    for b in (0, 1, 4):
        boards = ax.plateaux(b)
        assert len(boards) == len(set(boards)) == math.comb(b + 11, 11)
        assert all(len(p) == 12 and sum(p) == b and min(p) >= 0 for p in boards)


def test_the_work_list_gives_the_values_of_the_practical_s_conditions(finales):
    par_le_tp = valeurs_par_le_tp(5)
    assert len(par_le_tp) == sum(len(ax.plateaux(b)) * (b + 1) for b in range(6))
    assert {x: finales.valeurs[x] for x in par_le_tp} == par_le_tp
    assert set(par_le_tp.values()) == {ax.GAGNE, ax.NULLE, ax.PERDU}


def test_a_win_or_a_loss_the_exam_s_search_sees_to_the_end_is_the_exact_value(finales):
    """NegaAwale reaching a finished game on every line (±500, plus at most the b seeds captured) found a
    forced result: the exact value must say the same."""
    rng = random.Random(26)
    vus = 0
    for b in (4, 5, 6):
        for p, e in rng.sample([(p, e) for p in ax.plateaux(b) for e in ax.ecarts(b)], 150):
            pos = ax.position_du_moteur(p, e)
            valeur = engine.negamax(pos, 10)
            if abs(valeur) >= exam.VALEUR_VICTOIRE - b:
                vus += 1
                assert finales.valeur(p, e) == (ax.GAGNE if valeur > 0 else ax.PERDU), (p, e, valeur)
    assert vus > 100


def test_the_end_of_the_game_is_the_exam_s(finales):
    for b in (2, 5):
        for p in ax.plateaux(b)[::37]:
            for e in ax.ecarts(b):
                pos = ax.position_du_moteur(p, e)
                jeu = engine.to_jeu(pos, "A", "B")
                if not exam.tour_suivant(jeu):
                    attendu = {"A": ax.GAGNE, "B": ax.PERDU, exam.EGALITE: ax.NULLE}[exam.gagnant(jeu)]
                    assert finales.valeur(p, e) == attendu


def test_depth_6_plays_a_losing_move_from_a_won_position(finales):
    bilan = ax.erreurs_de_negaawale(finales, 6, 6)
    assert bilan["positions"] > 50_000
    pires = [c for c in bilan["coup perdant"] if c[3] == ax.GAGNE]
    assert pires
    plateau, e, case, _, _ = pires[0]
    jeu = engine.to_jeu(ax.position_du_moteur(plateau, e), "A", "B")
    assert exam.NegaAwale(jeu, 6, 0) == case  # the exam's own function, not only the engine
    assert finales.valeurs_des_coups(plateau, e)[case] == ax.PERDU
    assert ax.GAGNE in finales.valeurs_des_coups(plateau, e).values()


def test_the_self_study_notebook_runs():
    source = CARNET.read_text(encoding="utf-8")
    assert "\nk = 8\n" in source
    with contextlib.redirect_stdout(io.StringIO()) as sortie:
        exec(compile(source.replace("\nk = 8\n", "\nk = 6\n"), str(CARNET), "exec"), {"__name__": "__main__"})
    texte = sortie.getvalue()
    assert "mêmes valeurs : True" in texte and "→ partie perdue" in texte


def test_the_ccinp_s_q19_endgame_cases_are_pinned_by_the_exact_values_and_the_reference_passes_them(finales):
    """The hidden cases of the CCINP's Q19 taken from the exact values (``cas_negaawale``): each one's answer
    is what the exact values say, for the reference and so for any right NegaAwale."""
    from awale_ref.sujets.ccinp_2024 import specs

    cas = cas_negaawale()
    assert cas == cas_negaawale() and len(cas) >= 30  # deterministic, fresh dicts each time
    assert cas[0][0] is not cas_negaawale()[0][0]
    assert all(c in specs.cas_caches("Q19") for c in cas)
    genres = set()
    for jeu, profondeur_max, profondeur in cas:
        pos = engine.from_jeu(jeu)
        plateau, e = pos.plateau, (pos.score1 - pos.score2) * (1 if pos.n % 2 == 0 else -1)
        assert 0 <= profondeur <= profondeur_max <= 3 and sum(plateau) <= 6
        exacte = finales.valeur(plateau, e)
        forcee = ax.force(plateau, e, profondeur_max - profondeur)
        assert forcee is not None and forcee == exacte  # a forced result is the exact one
        obtenu = exam.NegaAwale(exam.copie(jeu), profondeur_max, profondeur)
        if not exam.tour_suivant(exam.copie(jeu)):  # a finished game: its exact value, ±500 or 0
            genres.add("fin")
            assert obtenu == exam.VALEUR_VICTOIRE * exacte
            assert exacte != (e > 0) - (e < 0)  # the seeds on the board decide it, not the scores
        elif profondeur == 0:  # the one pit that wins within the depth
            genres.add("racine")
            assert exacte == ax.GAGNE and ax.coups_gagnants(plateau, e, profondeur_max) == [obtenu]
            assert finales.valeurs_des_coups(plateau, e)[obtenu] == ax.GAGNE
        else:  # ±500, less the seeds captured on the way
            genres.add("nœud")
            assert obtenu * exacte >= exam.VALEUR_VICTOIRE - sum(plateau)
    assert genres == {"fin", "racine", "nœud"}
