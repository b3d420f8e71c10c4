"""Exercise 2 of the Olympiades NSI 2025 (awale_ref.sujets.olympiades_2025_awale.awale_lycee) against the CCINP reference.

A differential test: on seeded positions (the CCINP corpus and its edge cases,
48-seed positions near the end of a game, games played with the lycée
functions) and on hypothesis positions, every function the two subjects share
must agree with ``awale_ref.sujets.ccinp_2024.exam`` and ``awale_ref.engine``; each difference of
``awale_lycee.DIFFERENCES_CCINP`` and each reading of ``awale_lycee.LECTURES``
has its own check, asserted as such.

The exam names ``test_famine`` and ``test_case`` are always reached through
their module (pytest would collect a ``test_*`` name imported here).
"""

import builtins
import contextlib
import copy
import inspect
import io
import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from awale_ref import corpus, engine
from awale_ref.sujets.ccinp_2024 import facts
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.sujets.olympiades_2025_awale import awale_lycee as lycee
from pipeline.build import RACINE
from fin_de_partie import conditions_fin

reglages = settings(derandomize=True, database=None, deadline=None, max_examples=150)
PAGE = RACINE / "docs" / "olympiades_lectures.md"
NOMS = ("Alice", "Bob")


# ------------------------------------------------------------------ positions
def etat(plateau, score_j1, score_j2, nb_tours) -> dict:
    return {"joueur1": NOMS[0], "joueur2": NOMS[1], "score_j1": score_j1, "score_j2": score_j2,
            "nb_tours": nb_tours, "plateau": list(plateau)}


def positions_fin(seed: int, nombre: int) -> list[dict]:
    """Seeded 48-seed positions near the end: few seeds (often exactly 3), scores near 24."""
    rng = random.Random(seed)
    etats = []
    for _ in range(nombre):
        plateau = [0] * 12
        for _ in range(rng.choice([2, 3, 3, 3, 4, 5, rng.randint(0, 14)])):
            plateau[rng.randrange(12)] += 1
        reste = 48 - sum(plateau)
        score_j1 = rng.randint(max(0, reste - 25), min(25, reste))
        nb_tours = rng.randint(95, 100) if rng.random() < 0.3 else rng.randint(0, 94)
        etats.append(etat(plateau, score_j1, reste - score_j1, nb_tours))
    return etats


def gain_lycee(plt: list, c: int) -> int:
    essai = list(plt)
    return lycee.ramasser_graines(essai, lycee.semer_graines(essai, c))


def parties_lycee(seed: int, parties: int) -> list[dict]:
    """Every state of seeded games played with the lycée functions, the finished ones included."""
    rng = random.Random(seed)
    etats = []
    for _ in range(parties):
        etat_jeu = lycee.initialisation(*NOMS)
        continuer = True
        while continuer:
            etats.append(copy.deepcopy(etat_jeu))
            cases = lycee.cases_possibles(etat_jeu)
            if rng.random() < 0.6:
                gains = [gain_lycee(etat_jeu["plateau"], c) for c in cases]
                c = cases[gains.index(max(gains))]
            else:
                c = rng.choice(cases)
            continuer = lycee.tour_jeu(etat_jeu, c)
        etats.append(etat_jeu)
    return etats


POSITIONS = ([lycee.depuis_ccinp(jeu) for jeu in corpus.corpus_positions(2024, 200)]
             + [lycee.depuis_ccinp(jeu) for _, jeu in corpus.cas_limites()]
             + positions_fin(2025, 700) + parties_lycee(9, 25))


def position_moteur(etat_jeu: dict) -> engine.Position:
    return engine.from_jeu(lycee.vers_ccinp(etat_jeu))


def joue_en_silence(fonction, *arguments):
    sortie = io.StringIO()
    with contextlib.redirect_stdout(sortie):
        resultat = fonction(*arguments)
    return resultat, sortie.getvalue()


def test_les_positions_couvrent_les_cas():
    assert len(POSITIONS) > 1500
    assert all(sum(e["plateau"]) + e["score_j1"] + e["score_j2"] == 48 for e in POSITIONS)
    finies = [e for e in POSITIONS if not lycee.tour_termine(e)]
    assert len(finies) > 100 and any(e["nb_tours"] >= 100 for e in finies)
    assert any(max(e["score_j1"], e["score_j2"]) >= 25 for e in finies)
    assert any(e["score_j1"] + e["score_j2"] > 45 for e in finies)
    assert any(not lycee.cases_possibles(e) and sum(e["plateau"]) > 3 for e in finies)
    assert any(max(e["plateau"]) >= 12 for e in POSITIONS)  # laps


# ------------------------------------------------------------------ everything the subjects share
def verifie_regles_communes(etat_jeu: dict) -> None:
    """Every shared function gives the CCINP result (engine included) on ``etat_jeu``."""
    avant = copy.deepcopy(etat_jeu)
    jeu = lycee.vers_ccinp(etat_jeu)
    pos = engine.from_jeu(jeu)
    plt = etat_jeu["plateau"]
    assert lycee.depuis_ccinp(jeu) == etat_jeu
    assert lycee.tour_joueur1(etat_jeu) == exam.tour_joueur1(jeu)
    assert lycee.somme(plt, 0, 5) == sum(plt[:6]) and lycee.somme(plt, 6, 11) == sum(plt[6:])
    for c in range(12):
        a, b = list(plt), list(plt)
        assert lycee.semer_graines(a, c) == exam.deplacer_graines(b, c) and a == b
        a, b = list(plt), list(plt)
        assert lycee.ramasser_graines(a, c) == exam.ramasser_graines(b, c) and a == b
        assert lycee.case_ramassable(plt, c) == exam.case_ramassable(plt, c)
        assert lycee.test_case(plt, c) == exam.test_case(plt, c)
    cases = lycee.cases_possibles(etat_jeu)
    assert cases == exam.cases_possibles(jeu) == engine.legal_moves(pos)
    for c in cases:
        suite_lycee, suite_ccinp = copy.deepcopy(etat_jeu), exam.copie(jeu)
        continue_lycee, sortie = joue_en_silence(lycee.tour_jeu, suite_lycee, c)
        exam.tour_jeu(suite_ccinp, c)
        assert sortie == "" and lycee.vers_ccinp(suite_lycee) == suite_ccinp
        assert engine.from_jeu(suite_ccinp) == engine.play(pos, c)[1]
        assert continue_lycee == lycee.tour_termine(suite_lycee)
    fin_lycee, fin_ccinp = copy.deepcopy(etat_jeu), exam.copie(jeu)
    assert lycee.gagnant(fin_lycee) == exam.gagnant(fin_ccinp)
    assert lycee.vers_ccinp(fin_lycee) == fin_ccinp
    assert etat_jeu == avant


def test_regles_communes_sur_les_positions_graines():
    for etat_jeu in POSITIONS:
        verifie_regles_communes(etat_jeu)


@st.composite
def etats(draw):
    """Any board (not only 48 seeds), any scores and turn count."""
    plateau = draw(st.lists(st.one_of(st.integers(0, 4), st.integers(0, 30)), min_size=12, max_size=12))
    return etat(plateau, draw(st.integers(0, 30)), draw(st.integers(0, 30)), draw(st.integers(0, 101)))


@reglages
@given(etats())
def test_regles_communes_sur_des_positions_hypothesis(etat_jeu):
    verifie_regles_communes(etat_jeu)


@reglages
@given(etats())
def test_tour_termine_suit_les_quatre_regles_du_sujet(etat_jeu):
    s1, s2 = etat_jeu["score_j1"], etat_jeu["score_j2"]
    fini = (s1 >= 25 or s2 >= 25 or s1 + s2 > 45 or etat_jeu["nb_tours"] >= 100
            or exam.cases_possibles(lycee.vers_ccinp(etat_jeu)) == [])
    assert lycee.tour_termine(etat_jeu) is (not fini)
    # against the CCINP: the same, once its "3 seeds" rule is swapped for "more than 45 taken"
    jeu = lycee.vers_ccinp(etat_jeu)
    conditions = conditions_fin(jeu) - {"3 seeds"} | ({"45"} if s1 + s2 > 45 else set())
    assert lycee.tour_termine(etat_jeu) is (not conditions)


# ------------------------------------------------------------------ the subject's examples and answers
def test_exemples_du_sujet():
    for nom, cas in lycee.EXEMPLES.items():
        for arguments, renvoie, plateau_apres in cas:
            arguments = copy.deepcopy(arguments)
            assert getattr(lycee, nom)(*arguments) == renvoie
            if plateau_apres is not None:
                assert arguments[0] == plateau_apres
    assert lycee.vers_ccinp(lycee.initialisation(*NOMS)) == exam.initialisation(*NOMS)


def test_reponses_et_figures():
    figures, reponses = lycee.FIGURES_RECONSTRUITES, lycee.REPONSES
    assert all("Reconstrui" in f["note"] for f in figures.values())
    assert lycee.FIGURE_3 == facts.FIGURE4 and figures["figure_3"]["donnees"] == lycee.FIGURE_3
    assert figures["plateau_initial"]["donnees"] == lycee.initialisation(*NOMS)["plateau"]
    assert [c for c in range(6) if lycee.FIGURE_3[c] > 0] == lycee.cases_possibles(etat(lycee.FIGURE_3, 0, 0, 0))
    illustration = figures["plateau_illustration"]["donnees"]
    plt = list(illustration["plateau"])
    assert lycee.semer_graines(plt, illustration["case"]) == 4 and plt == illustration["apres"]
    tourne = list(lycee.FIGURE_3)
    lycee.tourner_plateau(tourne)
    assert tourne == reponses["Q4"] == figures["figure_4"]["donnees"]
    q6a = figures["q6a"]["donnees"]
    ramassables = [c for c in range(12) if lycee.case_ramassable(q6a["plateau"], c)]
    assert ramassables == q6a["ramassables"] == reponses["Q6a"]
    assert q6a["plateau"] == reponses["Q1"][4]
    q7a = figures["q7a"]["donnees"]
    plt = list(q7a["avant_semaille"])
    assert lycee.semer_graines(plt, 3) == q7a["derniere_case"] == 10 and plt == q7a["plateau"]
    assert lycee.ramasser_graines(plt, 10) == q7a["graines"] == reponses["Q7a"]
    q8a = figures["q8a"]["donnees"]
    assert {c: lycee.test_famine(q8a["plateau"], c) for c in (0, 2, 5)} == q8a["famine"]
    assert [c for c, affame in q8a["famine"].items() if affame] == [reponses["Q8a"]]
    assert gain_lycee(q8a["plateau"], 2) == 2  # the distractor harvests, without famine
    assert reponses["Q2"] == "paire" and lycee.tour_joueur1(etat([4] * 12, 0, 0, 10))
    source = inspect.getsource(lycee.tour_jeu)
    assert all(ligne in source for ligne in reponses["Q12"].values())


# ------------------------------------------------------------------ each difference, each reading
def verifie_cles_etat_jeu():
    cles_lycee, cles_ccinp = set(lycee.initialisation(*NOMS)), set(exam.initialisation(*NOMS))
    assert cles_lycee - cles_ccinp == {"score_j1", "score_j2", "nb_tours"}
    assert cles_ccinp - cles_lycee == {"score", "n"}
    for etat_jeu in POSITIONS[::7]:
        assert lycee.depuis_ccinp(lycee.vers_ccinp(etat_jeu)) == etat_jeu


def verifie_nb_tours():
    etat_jeu, jeu = lycee.initialisation(*NOMS), exam.initialisation(*NOMS)
    rng = random.Random(1)
    for _ in range(40):
        c = rng.randrange(12)  # some pits are refused: nb_tours does not move then
        avant, acceptee = etat_jeu["nb_tours"], lycee.test_case(etat_jeu["plateau"], c)
        joue_en_silence(lycee.tour_jeu, etat_jeu, c)
        joue_en_silence(exam.tour_jeu, jeu, c)
        assert etat_jeu["nb_tours"] == jeu["n"] == avant + acceptee
        assert lycee.tour_joueur1(etat_jeu) is (etat_jeu["nb_tours"] % 2 == 0)
    assert 10 < etat_jeu["nb_tours"] < 40
    assert not lycee.tour_termine(etat([4] * 12, 0, 0, 100)) and lycee.tour_termine(etat([4] * 12, 0, 0, 99))


def verifie_somme_bornes_incluses():
    assert lycee.somme(lycee.FIGURE_3, 4, 4) == 16 and lycee.somme(lycee.FIGURE_3, 4, 5) == 21
    assert lycee.somme(lycee.FIGURE_3, 0, 11) == 28


def verifie_tourner_plateau_en_place():
    plt = list(lycee.FIGURE_3)
    alias = plt
    assert lycee.tourner_plateau(plt) is None and alias == lycee.FIGURE_4


def verifie_tourner_plateau_argument():
    with pytest.raises(TypeError):
        exam.tourner_plateau(list(lycee.FIGURE_3))  # the CCINP function wants the jeu dict
    for etat_jeu in POSITIONS[::5]:
        plt, jeu = list(etat_jeu["plateau"]), lycee.vers_ccinp(etat_jeu)
        lycee.tourner_plateau(plt)
        exam.tourner_plateau(jeu)
        assert plt == jeu["plateau"] == [etat_jeu["plateau"][(k + 6) % 12] for k in range(12)]
        for c in range(12):  # a half-turn, not a mirror: sowing commutes with it
            seme_puis_tourne, tourne_puis_seme = list(etat_jeu["plateau"]), list(plt)
            derniere = lycee.semer_graines(seme_puis_tourne, c)
            lycee.tourner_plateau(seme_puis_tourne)
            assert lycee.semer_graines(tourne_puis_seme, (c + 6) % 12) == (derniere + 6) % 12
            assert seme_puis_tourne == tourne_puis_seme


def verifie_semer_case_vide():
    plt = list(lycee.FIGURE_3)
    assert lycee.semer_graines(plt, 0) == 0 and plt == lycee.FIGURE_3


def verifie_test_famine_inverse():
    for etat_jeu in POSITIONS[::3]:
        plt = list(etat_jeu["plateau"])
        for c in range(12):
            assert lycee.test_famine(plt, c) is (not exam.test_famine(plt, c))
        assert plt == etat_jeu["plateau"]
    figure5 = facts.FIGURE5_SITUATION1  # the harvest would take all of Bob's seeds
    assert lycee.test_famine(figure5, 5) is True and exam.test_famine(figure5, 5) is False


def verifie_famine_apres_coup():
    affame = [1, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0]  # the opponent has no seed yet
    assert [lycee.test_famine(affame, c) for c in (0, 2, 5)] == [True, True, False]
    assert lycee.cases_possibles(etat(affame, 20, 22, 10)) == [5]


def verifie_test_case_court_circuit():
    for c in (-1, 6, 11, 12, 40):
        assert lycee.test_case(lycee.FIGURE_3, c) is False
    with pytest.raises(IndexError):
        exam.test_case(lycee.FIGURE_3, 12)


def verifie_tour_termine_polarite():
    assert lycee.tour_termine(lycee.initialisation(*NOMS)) is True
    assert lycee.tour_termine(etat([4] * 12, 25, 0, 10)) is False
    accords = {(lycee.tour_termine(e), exam.tour_suivant(lycee.vers_ccinp(e))) for e in POSITIONS}
    assert accords == {(True, True), (False, False), (True, False)}  # never inverted


def verifie_regle_45_graines():
    ecarts = 0
    for etat_jeu in POSITIONS:
        jeu = lycee.vers_ccinp(etat_jeu)
        lycee_continue, ccinp_continue = lycee.tour_termine(etat_jeu), exam.tour_suivant(jeu)
        assert ccinp_continue is (not engine.is_over(engine.from_jeu(jeu)))
        seule_fin_ccinp = conditions_fin(jeu) == {"3 seeds"} and sum(jeu["plateau"]) == 3
        assert (lycee_continue != ccinp_continue) is seule_fin_ccinp
        if seule_fin_ccinp:
            ecarts += 1
            assert lycee_continue and etat_jeu["score_j1"] + etat_jeu["score_j2"] == 45
    assert ecarts >= 20
    reste_2 = etat([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], 23, 23, 40)  # 46 taken
    assert not lycee.tour_termine(reste_2) and not exam.tour_suivant(lycee.vers_ccinp(reste_2))


def verifie_plus_de_45():
    base = [1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0]
    assert lycee.tour_termine(etat(base, 22, 23, 40)) and not lycee.tour_termine(etat(base, 23, 23, 40))


def verifie_fin_sans_seuil_de_plateau():
    peu = etat([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], 0, 0, 40)  # 2 seeds, nothing taken
    assert lycee.tour_termine(peu) and not exam.tour_suivant(lycee.vers_ccinp(peu))


def verifie_gagnant_vide_le_plateau():
    fin = etat([1, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0], 20, 24, 51)  # Bob to move: 1 seed for Bob
    assert lycee.gagnant(fin) == "Bob" and fin["plateau"] == [0] * 12
    assert (fin["score_j1"], fin["score_j2"]) == (23, 25)
    assert lycee.gagnant(etat([0] * 12, 24, 24, 60)) == "égalité"


def verifie_message_refus():
    for plt, c in ((lycee.FIGURE_3, 0), (lycee.FIGURE_3, 7), (facts.FIGURE5_SITUATION1, 5)):
        etat_jeu = etat(plt, 10, 10, 30)
        avant = copy.deepcopy(etat_jeu)
        assert joue_en_silence(lycee.tour_jeu, etat_jeu, c) == (True, "La case choisie n'est pas acceptable\n")
        assert etat_jeu == avant
        assert joue_en_silence(exam.tour_jeu, lycee.vers_ccinp(etat_jeu), c) == (
            True, "La case choisie n'est pas valable\n")


def verifie_q1_semaille_seule():
    for c, attendu in lycee.REPONSES["Q1"].items():
        plt = list(lycee.FIGURE_3)
        lycee.semer_graines(plt, c)
        assert plt == attendu
        lycee.ramasser_graines(plt, 9 if c == 4 else 10)
        assert plt == facts.Q2_PLATEAUX[c]  # the CCINP answer includes the harvest
    assert lycee.REPONSES["Q1"][4] != facts.Q2_PLATEAUX[4]


def partie_scriptee(saisies):
    """Play ``saisies`` (pit strings) on the engine with the lycée end rules: (refusals, winner)."""
    pos, refus = engine.initial_position(), 0
    def finie(p):
        return (max(p.score1, p.score2) >= 25 or p.score1 + p.score2 > 45 or p.n >= 100
                or not engine.legal_moves(p))
    while not finie(pos):
        c = int(next(saisies))
        if c in engine.legal_moves(pos):
            pos = engine.play(pos, c)[1]
        else:
            refus += 1
    valeur = engine.leaf_value(pos)
    mover = NOMS[pos.n % 2]
    return refus, {500: mover, -500: NOMS[1 - pos.n % 2], 0: "égalité"}[valeur]


def verifie_awale_affichage():
    script = ["0", "1", "2", "3", "4", "5", "8", "5", "2", "4"]
    invites = []
    saisies = itertools.cycle(script)
    def saisie(invite):
        invites.append(invite)
        return next(saisies)
    ancien = builtins.input
    builtins.input = saisie
    try:
        vainqueur, sortie = joue_en_silence(lycee.awale, *NOMS)
    finally:
        builtins.input = ancien
    refus, attendu = partie_scriptee(itertools.cycle(script))
    assert vainqueur == attendu and sortie.splitlines()[-1] == attendu
    assert sortie.count("La case choisie n'est pas acceptable") == refus > 0
    assert invites[0] == "Alice, choisissez une case (0 à 5) : " and any(i.startswith("Bob") for i in invites)
    assert sortie.count("\n[") + 1 == 2 * len(invites)  # both rows of the board printed before each input
    builtins.input = lambda invite: "deux"
    try:
        with pytest.raises(ValueError):
            joue_en_silence(lycee.awale, *NOMS)
    finally:
        builtins.input = ancien


def verifie_cases_possibles_ordre():
    from awale_ref.sujets.olympiades_2025_awale.specs import SPECS

    spec = SPECS["Q10"]
    for etat_jeu in parties_lycee(7, 2)[::5]:
        attendu = spec.observer(lycee.cases_possibles, (etat_jeu,))
        assert attendu["renvoie"] == sorted(attendu["renvoie"])  # the reference: increasing order
        desordre = {"renvoie": attendu["renvoie"][::-1]}
        assert spec.conforme(desordre, attendu, (etat_jeu,))
        if attendu["renvoie"]:
            assert not spec.conforme({"renvoie": attendu["renvoie"] * 2}, attendu, (etat_jeu,))  # each pit once
            assert not spec.conforme({"renvoie": attendu["renvoie"][1:]}, attendu, (etat_jeu,))


VERIFICATIONS = {nom.removeprefix("verifie_"): fonction for nom, fonction in globals().items()
                 if nom.startswith("verifie_") and nom != "verifie_regles_communes"}


def test_chaque_difference_et_chaque_lecture_a_sa_verification():
    assert set(VERIFICATIONS) == set(lycee.LECTURES) | set(lycee.DIFFERENCES_CCINP)


@pytest.mark.parametrize("cle", sorted(VERIFICATIONS))
def test_difference_ou_lecture(cle):
    VERIFICATIONS[cle]()


def test_la_page_des_lectures_suit_les_constantes():
    page = PAGE.read_text(encoding="utf-8")
    notes = {cle: f["note"] for cle, f in lycee.FIGURES_RECONSTRUITES.items()}
    for dictionnaire in (lycee.LECTURES, lycee.DIFFERENCES_CCINP, notes):
        for cle, texte in dictionnaire.items():
            assert f"`{cle}`" in page and texte in page, cle
