"""The grading of Exercise 2 of the Olympiades (the lycée awalé): its specs and structured answers.

In one process, with the same ``checks.verifier`` as the visible tests and the
self-study checks: each reference passes its own hidden cases; a constant or
a stub earns nothing; the mistakes this subject invites — its two booleans
read with the CCINP's sense, the 45-seed rule missing or off by one — and
the usual ones (sowing into the start pit on a lap, a harvest running on into
the player's own pits) fail the family they should, with the partial credit
a corrector would give.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import types

import pytest

from awale_ref.grading.correcteur import reponses_structurees
from awale_ref.grading.eleve import checks
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.sujets.olympiades_2025_awale import awale_lycee as lycee
from awale_ref.sujets.olympiades_2025_awale.specs import REPONSES_ATTENDUES, SPECS, cas_caches

QUESTIONS = sorted(SPECS, key=lambda q: int(q[1:]))


def _fonction(source: str, nom: str) -> types.FunctionType:
    """A function defined as in a notebook (not in awale_ref)."""
    espace: dict = {"__name__": "__main__"}
    exec(source, espace)
    return espace[nom]


@pytest.fixture(scope="module")
def attendus() -> dict[str, tuple[list, list]]:
    """Each question's hidden cases and the reference's observations, computed once."""
    res = {}
    with contextlib.redirect_stdout(io.StringIO()):  # tour_jeu prints on a refused pit
        for question, spec in SPECS.items():
            cas = spec.cas()
            res[question] = (cas, [spec.attendu(c, importlib.import_module(spec.module)) for c in cas])
    return res


def _verifier(question: str, fonction, attendus, retrecir: bool = False) -> Resultat:
    spec = SPECS[question]
    cas, obs = attendus[question]
    with contextlib.redirect_stdout(io.StringIO()):
        return checks.verifier(spec, fonction, cas, importlib.import_module(spec.module), retrecir=retrecir,
                               attendus=obs)


def _familles(resultat: Resultat) -> dict[str, bool]:
    return dict(resultat.familles)


# ---------------------------------------------------------------- the specs themselves
def test_every_function_question_of_the_subject_has_its_spec():
    assert QUESTIONS == [f"Q{n}" for n in range(2, 15)]
    for spec in SPECS.values():
        assert spec.module == "awale_ref.sujets.olympiades_2025_awale.awale_lycee"
        assert callable(spec.reference()) and spec.reference() is getattr(lycee, spec.nom)
    assert {SPECS[q].observation for q in ("Q4", "Q5", "Q7")} == {"renvoie_et_plateau"}
    assert {SPECS[q].observation for q in ("Q12", "Q13")} == {"renvoie_et_jeu"}
    for q in ("Q8", "Q9", "Q10"):
        assert "arguments_intacts" in SPECS[q].contraintes, q


def test_the_hidden_cases_are_deterministic():
    for question in QUESTIONS:
        assert cas_caches(question) == cas_caches(question), question


@pytest.mark.parametrize("question", QUESTIONS)
def test_each_reference_passes_its_own_hidden_cases(question):
    spec = SPECS[question]
    module = importlib.import_module(spec.module)
    with contextlib.redirect_stdout(io.StringIO()):
        resultat = checks.verifier(spec, spec.reference(), spec.cas(), module)
    assert resultat.ok and resultat.part == 1, resultat.message


@pytest.mark.parametrize("question", QUESTIONS)
def test_every_rule_family_covers_enough_cases_and_weights_add_up(question, attendus):
    spec = SPECS[question]
    cas, obs = attendus[question]
    assert sum(f.poids for f in spec.rubriques()) == pytest.approx(1)
    minimum = 5 if question != "Q14" else 12
    for famille in spec.rubriques():
        if famille.contrainte is None:
            assert sum(1 for c, a in zip(cas, obs) if famille.couvre(c, a)) >= minimum, famille.nom
        else:
            assert famille.contrainte in spec.contraintes, famille.nom


@pytest.mark.parametrize("question", QUESTIONS)
@pytest.mark.parametrize("constante", [True, False, 0, None, "égalité", []])
def test_a_constant_answer_or_a_stub_earns_no_point(question, constante, attendus):
    spec = SPECS[question]
    parametres = ", ".join(p for p in spec.parametres if p != "saisies")  # awale reads its answers with input
    constant = _fonction(f"def {spec.nom}({parametres}):\n    return {constante!r}\n", spec.nom)
    stub = _fonction(f"def {spec.nom}({parametres}):\n    raise NotImplementedError()\n", spec.nom)
    assert _verifier(question, constant, attendus).part == 0
    assert _verifier(question, stub, attendus).part == 0


def test_the_hidden_cases_hold_the_lycee_end_rules_on_each_side():
    etats = [args[0] for args in cas_caches("Q11")]
    pris = {e["score_j1"] + e["score_j2"] for e in etats}
    assert {44, 45, 46} <= pris
    trois = [e for e in etats if sum(e["plateau"]) == 3 and e["score_j1"] + e["score_j2"] == 45]
    assert any(lycee.tour_termine(e) for e in trois) and any(not lycee.tour_termine(e) for e in trois)
    assert {99, 100} <= {e["nb_tours"] for e in etats}
    bloques = [e for e in etats if not lycee.cases_possibles(e)]
    assert any(max(e["score_j1"], e["score_j2"]) < 25 and e["score_j1"] + e["score_j2"] <= 45
               and e["nb_tours"] < 100 for e in bloques), "a game ended by a blocked player alone"


def test_the_famine_cases_hold_both_kinds_of_famine():
    cas = cas_caches("Q8")
    affame = [(plt, c) for plt, c in cas if lycee.test_famine(plt, c)]
    assert sum(1 for plt, _ in affame if any(plt[6:])) >= 10  # the harvest takes every seed
    assert sum(1 for plt, _ in affame if not any(plt[6:])) >= 10  # the move does not feed a starved opponent
    assert all(0 <= c <= 5 and plt[c] for plt, c in cas)


def test_awale_plays_whole_games_with_refused_answers():
    parties = cas_caches("Q14")
    assert len(parties) == 12
    refus = 0
    for j1, j2, saisies in parties:
        etat = lycee.initialisation(j1, j2)
        with contextlib.redirect_stdout(io.StringIO()):
            for case in saisies:
                refus += case not in lycee.cases_possibles(etat)
                assert lycee.tour_termine(etat)
                lycee.tour_jeu(etat, case)
        assert not lycee.tour_termine(etat)  # the answers end the game, not one more
    assert refus > 20


# ---------------------------------------------------------------- the subject's traps
FAMINE = ("def test_famine(plt, c):\n    copie = plt.copy()\n    derniere = semer_graines(copie, c)\n"
          "    ramasser_graines(copie, derniere)\n    return {}\n")


def test_famine_with_the_ccinp_sense_earns_nothing(attendus):
    ccinp = _fonction(FAMINE.format("somme(copie, 6, 11) > 0"), "test_famine")
    resultat = _verifier("Q8", ccinp, attendus)
    assert resultat.part == 0
    assert _familles(resultat) == {"famine par la récolte (l'adversaire avait des graines)": False,
                                   "adversaire déjà sans graine : affamé si le coup ne lui en donne pas": False,
                                   "arguments non modifiés (le test travaille sur une copie)": False}


def test_famine_on_the_board_itself_loses_the_copy_share(attendus):
    en_place = _fonction(FAMINE.format("somme(copie, 6, 11) == 0").replace("plt.copy()", "plt"), "test_famine")
    resultat = _verifier("Q8", en_place, attendus)
    assert resultat.part == pytest.approx(0.7)
    assert not _familles(resultat)["arguments non modifiés (le test travaille sur une copie)"]


def test_famine_seen_only_in_the_harvest_loses_the_starved_opponent(attendus):
    recolte = _fonction("def test_famine(plt, c):\n    copie = plt.copy()\n    avant = somme(copie, 6, 11)\n"
                        "    gain = ramasser_graines(copie, semer_graines(copie, c))\n"
                        "    return gain > 0 and somme(copie, 6, 11) == 0\n", "test_famine")
    resultat = _verifier("Q8", recolte, attendus)
    assert resultat.part == pytest.approx(0.75)
    assert not _familles(resultat)["adversaire déjà sans graine : affamé si le coup ne lui en donne pas"]


def test_test_case_with_the_ccinp_sense_of_famine_earns_nothing(attendus):
    ccinp = _fonction("def test_case(plt, c):\n    return 0 <= c <= 5 and plt[c] > 0 and test_famine(plt, c)\n",
                      "test_case")
    assert _verifier("Q9", ccinp, attendus).part == 0


def test_test_case_taking_a_negative_pit_loses_nothing(attendus):
    """The subject does not ask to refuse -1 (LECTURES['test_case_court_circuit'])."""
    sans_zero = _fonction("def test_case(plt, c):\n    return c <= 5 and plt[c] > 0 and not test_famine(plt, c)\n",
                          "test_case")
    assert _verifier("Q9", sans_zero, attendus).ok


TOUR_TERMINE = ("def tour_termine(etat_jeu):\n    j1, j2 = etat_jeu['score_j1'], etat_jeu['score_j2']\n"
                "    fini = (j1 >= 25 or j2 >= 25 or {} or etat_jeu['nb_tours'] >= 100\n"
                "            or len(cases_possibles(etat_jeu)) == 0)\n    return {}\n")


def test_tour_termine_read_as_its_name_earns_nothing(attendus):
    inverse = _fonction(TOUR_TERMINE.format("j1 + j2 > 45", "fini"), "tour_termine")
    assert _verifier("Q11", inverse, attendus).part == 0


@pytest.mark.parametrize("regle", ["False", "j1 + j2 >= 45", "sum(etat_jeu['plateau']) <= 3"],
                         ids=["sans la règle des 45", ">= 45", "la règle du CCINP (3 graines)"])
def test_a_wrong_45_seed_rule_fails_that_family_alone(regle, attendus):
    fausse = _fonction(TOUR_TERMINE.format(regle, "not fini"), "tour_termine")
    resultat = _verifier("Q11", fausse, attendus, retrecir=True)
    assert resultat.part == pytest.approx(0.8)
    assert [nom for nom, ok in resultat.familles if not ok] == ["fin à plus de 45 graines ramassées à eux deux"]


def test_tour_termine_forgetting_the_100_turns_fails_that_family_alone(attendus):
    sans_tours = _fonction(TOUR_TERMINE.format("j1 + j2 > 45", "not fini").replace(
        "etat_jeu['nb_tours'] >= 100", "False"), "tour_termine")
    resultat = _verifier("Q11", sans_tours, attendus)
    assert [nom for nom, ok in resultat.familles if not ok] == ["fin après 100 tours"]


# ---------------------------------------------------------------- the usual mistakes
def test_sowing_into_the_start_pit_loses_the_lap_and_its_last_pit(attendus):
    sans_saut = _fonction("def semer_graines(plt, c):\n    graines = plt[c]\n    plt[c] = 0\n    i = c\n"
                          "    for _ in range(graines):\n        i = (i + 1) % 12\n        plt[i] += 1\n"
                          "    return i\n", "semer_graines")
    resultat = _verifier("Q5", sans_saut, attendus, retrecir=True)
    assert resultat.part == pytest.approx(1 / 3)  # as the CCINP's Q8: the pit returned after a lap is wrong too
    assert [ok for _, ok in resultat.familles] == [True, False, False]
    assert max(resultat.contre_exemple["plateau"]) >= 12


def test_sowing_that_returns_the_wrong_pit_loses_that_share(attendus):
    mauvais_indice = _fonction("def semer_graines(plt, c):\n    graines = plt[c]\n    plt[c] = 0\n    i = c\n"
                               "    while graines > 0:\n        i = (i + 1) % 12\n        if i != c:\n"
                               "            plt[i] += 1\n            graines -= 1\n    return c + plt[c]\n",
                               "semer_graines")
    resultat = _verifier("Q5", mauvais_indice, attendus)
    assert [ok for _, ok in resultat.familles] == [True, True, False]


def test_a_harvest_into_the_own_side_loses_the_stop_only(attendus):
    sans_camp = _fonction("def ramasser_graines(plt, c):\n    total = 0\n"
                          "    while c >= 0 and plt[c] in (2, 3):\n        total += plt[c]\n        plt[c] = 0\n"
                          "        c -= 1\n    return total\n", "ramasser_graines")
    resultat = _verifier("Q7", sans_camp, attendus, retrecir=True)
    assert resultat.part == pytest.approx(0.5)
    assert _familles(resultat) == {"la chaîne de récolte dans le camp adverse": True,
                                   "arrêt au camp du joueur (cases 0 à 5 jamais récoltées)": False}


def test_a_turned_copy_of_the_board_earns_nothing(attendus):
    copie = _fonction("def tourner_plateau(plt):\n    return plt[6:] + plt[:6]\n", "tourner_plateau")
    assert _verifier("Q4", copie, attendus).part == 0
    renvoie_aussi = _fonction("def tourner_plateau(plt):\n    plt[:] = plt[6:] + plt[:6]\n    return plt\n",
                              "tourner_plateau")
    assert _verifier("Q4", renvoie_aussi, attendus).ok


TOUR_JEU = ("def tour_jeu(etat_jeu, c):\n    plt = etat_jeu['plateau']\n    if test_case(plt, c):\n"
            "        derniere_case = semer_graines(plt, c)\n"
            "        graines_gagnees = ramasser_graines(plt, derniere_case)\n"
            "        if {}:\n            etat_jeu['score_j1'] = etat_jeu['score_j1'] + graines_gagnees\n"
            "        else:\n            etat_jeu['score_j2'] = etat_jeu['score_j2'] + graines_gagnees\n"
            "        etat_jeu['nb_tours'] = etat_jeu['nb_tours'] + 1\n"
            "        tourner_plateau(etat_jeu['plateau'])\n        return tour_termine(etat_jeu)\n"
            "    else:\n        print(\"La case choisie n'est pas acceptable\")\n        return True\n")


def test_tour_jeu_with_the_gaps_filled_passes_and_a_wrong_condition_loses_the_move(attendus):
    assert _verifier("Q12", _fonction(TOUR_JEU.format("tour_joueur1(etat_jeu)"), "tour_jeu"), attendus).ok
    inverse = _verifier("Q12", _fonction(TOUR_JEU.format("not tour_joueur1(etat_jeu)"), "tour_jeu"), attendus)
    assert inverse.part == pytest.approx(0.6)  # the gain to the wrong player: only the moves that take seeds
    assert [ok for _, ok in inverse.familles] == [True, True, False]


GAGNANT = ("def gagnant(etat_jeu):\n    plt = etat_jeu['plateau']\n    courant, autre = sum(plt[:6]), sum(plt[6:])\n"
           "    if {}:\n        etat_jeu['score_j1'] += courant\n        etat_jeu['score_j2'] += autre\n    else:\n"
           "        etat_jeu['score_j1'] += autre\n        etat_jeu['score_j2'] += courant\n"
           "    if etat_jeu['score_j1'] == etat_jeu['score_j2']:\n        return 'égalité'\n"
           "    return etat_jeu['joueur1'] if etat_jeu['score_j1'] > etat_jeu['score_j2'] else etat_jeu['joueur2']\n")


def test_gagnant_may_leave_the_board_but_must_give_each_side_to_its_owner(attendus):
    laisse = _fonction(GAGNANT.format("tour_joueur1(etat_jeu)"), "gagnant")  # the board is not emptied
    assert _verifier("Q13", laisse, attendus).ok
    toujours_j1 = _fonction(GAGNANT.format("True"), "gagnant")  # pits 0-5 counted for joueur1 even on joueur2's turn
    assert not _familles(_verifier("Q13", toujours_j1, attendus))["graines du camp ajoutées aux scores"]


AWALE = ("def awale(nom_joueur1, nom_joueur2):\n    etat_jeu = initialisation(nom_joueur1, nom_joueur2)\n"
         "    continuer = tour_termine(etat_jeu)\n    while continuer:\n        print(etat_jeu['plateau'])\n"
         "        nom = etat_jeu['joueur1'] if tour_joueur1(etat_jeu) else etat_jeu['joueur2']\n"
         "        c = int(input(nom + ' : quelle case ? '))\n        continuer = tour_jeu(etat_jeu, c)\n"
         "    vainqueur = gagnant(etat_jeu)\n    {}\n    return vainqueur\n")


def test_awale_is_graded_on_whole_games(attendus):
    assert _verifier("Q14", _fonction(AWALE.format("print('Vainqueur :', vainqueur)"), "awale"), attendus).ok
    muet = _verifier("Q14", _fonction(AWALE.format("pass"), "awale"), attendus)
    assert muet.part == pytest.approx(0.6)
    assert not _familles(muet)["le gagnant affiché à la fin"]


def test_awale_may_name_the_winner_on_any_line_after_the_last_answer(attendus):
    """The subject asks to show the winner, not on the last line (LECTURES['awale_affichage'])."""
    suivi = AWALE.format("print('Le gagnant est', vainqueur)\n    print('Merci d\\'avoir joué !')")
    assert _verifier("Q14", _fonction(suivi, "awale"), attendus).ok
    les_deux = AWALE.format("print(nom_joueur1, nom_joueur2, 'égalité', vainqueur)")  # names every result
    assert not _familles(_verifier("Q14", _fonction(les_deux, "awale"), attendus))["le gagnant affiché à la fin"]


NOMME = "le joueur qui doit jouer nommé avant de lire sa case"
DEMANDE = "        c = int(input(nom + ' : quelle case ? '))\n"


@pytest.mark.parametrize("demande", [
    "        c = int(input('Case de ' + nom + ' ? '))\n",  # the name inside the prompt
    "        c = int(input(nom.upper() + ', À VOUS : '))\n",  # in capitals
    "        print('Au tour de', nom)\n        c = int(input())\n",  # on the line before, no prompt
    "        print(etat_jeu['joueur1'], etat_jeu['score_j1'], '-', etat_jeu['score_j2'], etat_jeu['joueur2'])\n"
    "        c = int(input(nom + ', votre case : '))\n",  # a line of scores names both players
    "        autre = etat_jeu['joueur2'] if nom == etat_jeu['joueur1'] else etat_jeu['joueur1']\n"
    "        c = int(input(nom + ' joue, ' + autre + ' attend : '))\n",  # the other one named after
    "        c = int(input(nom + ' ? '))\n        while c not in cases_possibles(etat_jeu):\n"
    "            c = int(input('Refusée, une autre : '))\n",  # a refused pit asked again without the name
])
def test_awale_names_the_player_to_move_in_any_honest_way(demande, attendus):
    """The paper asks for the pit « au joueur courant, en le nommant »: before each turn's first answer, what
    was shown since the answer before names him (LECTURES['awale_affichage']); where and how is free."""
    source = AWALE.format("print('Vainqueur :', vainqueur)")
    assert DEMANDE in source
    resultat = _verifier("Q14", _fonction(source.replace(DEMANDE, demande), "awale"), attendus)
    assert resultat.ok and resultat.part == 1, resultat.message


@pytest.mark.parametrize("demande", [
    "        c = int(input(('Bob' if nom == 'Alice' else 'Alice') + ' : quelle case ? '))\n",
    "        c = int(input('Quelle case ? '))\n",
    "        c = int(input('Case ? '))\n        print(nom, 'a choisi', c)\n",
])
def test_awale_that_names_the_other_player_or_nobody_loses_that_family(demande, attendus):
    """The mutant of the benchmark (``if not tour_joueur1``: the other player's name), a prompt without a name,
    a name given after the answer is read."""
    source = AWALE.format("print('Vainqueur :', vainqueur)").replace(DEMANDE, demande)
    resultat = _verifier("Q14", _fonction(source, "awale"), attendus)
    assert [f for f, ok in resultat.familles if not ok] == [NOMME]
    assert resultat.part == pytest.approx(0.8)


def test_awale_names_the_player_to_move_per_the_reference_mutant(attendus):
    import inspect

    mutant = inspect.getsource(lycee.awale).replace("if tour_joueur1(etat_jeu):", "if not tour_joueur1(etat_jeu):")
    resultat = _verifier("Q14", _fonction(mutant, "awale"), attendus)
    assert [f for f, ok in resultat.familles if not ok] == [NOMME]
    assert "avant la saisie n° 1, c'est à Alice de jouer" in resultat.message


def test_test_case_is_graded_on_pits_0_to_11_only():
    assert all(0 <= c <= 11 for _, c in cas_caches("Q9"))
    assert [f.nom for f in SPECS["Q9"].rubriques()] == ["tous les cas"]


def test_the_notebook_visible_examples_reach_the_judge():
    """The judge adds each visible example to the hidden cases when it can evaluate its arguments with the
    reference module: the notebook writes them as literals (no name of the notebook's own cells)."""
    import ast

    import jupytext

    from awale_ref.grading.correcteur import juge
    from pipeline.build import source_du_devoir

    nb = jupytext.read(source_du_devoir("olympiades_awale"))
    vus = set()
    for cellule in nb.cells:
        if "tests" not in cellule.metadata.get("tags", []):
            continue
        appels = [n for n in ast.walk(ast.parse(cellule.source)) if isinstance(n, ast.Call)
                  and getattr(n.func, "id", None) == "tester" and len(n.args) > 2]
        for question in {n.args[0].value for n in appels}:
            exemples = juge.exemples_visibles(question, cellule.source, lycee)
            assert len(exemples) == sum(1 for n in appels if n.args[0].value == question), question
            with contextlib.redirect_stdout(io.StringIO()):
                assert checks.verifier(SPECS[question], SPECS[question].reference(), exemples, lycee).ok
            vus.add(question)
    assert vus == set(SPECS)


# ---------------------------------------------------------------- the reasoning questions
def test_the_expected_answers_pass_their_own_format_checks_and_the_hidden_test():
    assert set(REPONSES_ATTENDUES) == {"Q1_plateaux", "Q2_parite", "Q4_figure4", "Q6a_ramassables", "Q7a_graines",
                                       "Q8a_case"}
    for nom, (forme, attendu, indice, *_) in REPONSES_ATTENDUES.items():
        assert forme(attendu()) is None, nom
        assert reponses_structurees.format_reponse(nom, attendu(), REPONSES_ATTENDUES).ok, nom
        assert reponses_structurees.verifier_reponse(nom, attendu(), REPONSES_ATTENDUES).ok, nom
        assert indice and isinstance(indice, str)
        assert not reponses_structurees.format_reponse(nom, "?", REPONSES_ATTENDUES).ok, nom


def test_the_expected_answers_agree_with_the_reference_functions():
    figure3 = lycee.FIGURE_3
    for case, plateau in lycee.REPONSES["Q1"].items():
        plt = list(figure3)
        lycee.semer_graines(plt, case)
        assert plt == plateau
    plt = list(figure3)
    lycee.tourner_plateau(plt)
    assert REPONSES_ATTENDUES["Q4_figure4"][1]() == plt
    q6 = lycee.FIGURES_RECONSTRUITES["q6a"]["donnees"]["plateau"]
    assert [c for c in range(12) if lycee.case_ramassable(q6, c)] == REPONSES_ATTENDUES["Q6a_ramassables"][1]()
    q7 = lycee.FIGURES_RECONSTRUITES["q7a"]["donnees"]
    assert lycee.ramasser_graines(list(q7["plateau"]), q7["derniere_case"]) == REPONSES_ATTENDUES["Q7a_graines"][1]()
    q8 = lycee.FIGURES_RECONSTRUITES["q8a"]["donnees"]["plateau"]
    assert [c for c in (0, 2, 5) if lycee.test_famine(q8, c)] == [REPONSES_ATTENDUES["Q8a_case"][1]()]


def test_the_boards_drawn_per_student_default_to_the_reconstructed_ones():
    from awale_ref.sujets.olympiades_2025_awale import SUJET

    exemples = {v.nom: v.exemple for v in SUJET.variantes}
    assert exemples == {"plateau_q1": lycee.FIGURE_3, **{f"plateau_q{n}": lycee.FIGURES_RECONSTRUITES[f"q{n}a"]["donnees"]
                                                         ["plateau"] for n in (6, 7, 8)}}
    assert REPONSES_ATTENDUES["Q1_plateaux"][1]() == lycee.REPONSES["Q1"]
    for n in (6, 7, 8):
        assert REPONSES_ATTENDUES[f"Q{n}a" + {6: "_ramassables", 7: "_graines", 8: "_case"}[n]][1]() == lycee.REPONSES[f"Q{n}a"]


def test_partial_answers_get_partial_credit_and_order_does_not_count():
    q1 = dict(lycee.REPONSES["Q1"])
    q1[5] = [0] * 12
    assert reponses_structurees.verifier_reponse("Q1_plateaux", q1, REPONSES_ATTENDUES).part == pytest.approx(0.5)
    assert reponses_structurees.verifier_reponse("Q6a_ramassables", [11, 9, 8, 7], REPONSES_ATTENDUES).ok
    assert not reponses_structurees.verifier_reponse("Q6a_ramassables", [2, 7, 8, 9, 11], REPONSES_ATTENDUES).ok
    assert not reponses_structurees.format_reponse("Q2_parite", "pair", REPONSES_ATTENDUES).ok
    assert not reponses_structurees.format_reponse("Q8a_case", 7, REPONSES_ATTENDUES).ok
