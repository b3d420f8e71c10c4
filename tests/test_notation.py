"""Move notation of the opening library: letters, strings, replay."""

import random

import pytest

from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.notation import case, ecrire, lettre, rejouer


def partie_au_hasard(graine: int) -> tuple[list[int], dict]:
    """A whole game played at random with the exam's functions: (pits, final jeu)."""
    rng = random.Random(graine)
    jeu = exam.initialisation("joueur1", "joueur2")
    cases = []
    continuer = True
    while continuer:
        choix = rng.choice(exam.cases_possibles(jeu))
        cases.append(choix)
        continuer = exam.tour_jeu(jeu, choix)
    return cases, jeu


def test_exam_example_egai():
    # joueur1 pit 4, joueur2 his pit 0 (absolute 6), joueur1 pit 0, joueur2 pit 2 (absolute 8)
    assert [lettre(4, 0), lettre(0, 1), lettre(0, 2), lettre(2, 3)] == list("egai")
    assert [case(c, n) for n, c in enumerate("egai")] == [4, 0, 0, 2]
    jeu = exam.initialisation("joueur1", "joueur2")
    for choix in (4, 0, 0, 2):
        exam.tour_jeu(jeu, choix)
    assert rejouer("egai") == jeu


def test_joueur1_writes_a_to_f_and_joueur2_g_to_l():
    for n in range(10):
        lettres = [lettre(c, n) for c in range(6)]
        assert lettres == (list("abcdef") if n % 2 == 0 else list("ghijkl"))
        assert [case(x, n) for x in lettres] == list(range(6))


@pytest.mark.parametrize("mauvaise", [-1, 6, 11, 2.0, True, "a"])
def test_lettre_rejects_a_pit_outside_0_to_5(mauvaise):
    with pytest.raises(ValueError, match="pit"):
        lettre(mauvaise, 0)


@pytest.mark.parametrize("mauvaise", ["m", "A", "", "ab", 3, "é"])
def test_case_rejects_an_unknown_letter(mauvaise):
    with pytest.raises(ValueError, match="not a move letter"):
        case(mauvaise, 0)


def test_case_rejects_the_letter_of_the_player_not_to_move():
    with pytest.raises(ValueError, match="'g' is a pit of joueur2, but joueur1 moves at turn 4"):
        case("g", 4)
    with pytest.raises(ValueError, match="'a' is a pit of joueur1, but joueur2 moves at turn 1"):
        case("a", 1)


def test_negative_turn_is_refused():
    with pytest.raises(ValueError, match="turn"):
        lettre(0, -1)
    with pytest.raises(ValueError, match="turn"):
        case("a", -1)


@pytest.mark.parametrize("graine", range(25))
def test_written_random_games_replay_to_the_same_final_state(graine, capsys):
    cases, jeu_final = partie_au_hasard(graine)
    texte = ecrire(cases)
    assert len(texte) == len(cases) == jeu_final["n"]
    assert set(texte[0::2]) <= set("abcdef") and set(texte[1::2]) <= set("ghijkl")
    assert rejouer(texte) == jeu_final
    assert not exam.tour_suivant(rejouer(texte))
    assert capsys.readouterr().out == ""  # no "La case choisie n'est pas valable"


def test_names_are_kept():
    jeu = rejouer("eg", "Alice", "Bob")
    assert (jeu["joueur1"], jeu["joueur2"], jeu["n"]) == ("Alice", "Bob", 2)


def test_an_empty_string_is_the_start():
    assert rejouer("") == exam.initialisation("joueur1", "joueur2")


def test_replay_error_unknown_letter():
    with pytest.raises(ValueError, match=r"move 3 \('z'\): 'z' is not a move letter"):
        rejouer("egz")


def test_replay_error_wrong_player():
    with pytest.raises(ValueError, match=r"move 2 \('a'\): letter 'a' is a pit of joueur1, but joueur2"):
        rejouer("ea")


def test_replay_error_empty_pit():
    # after 'eg' joueur1's pit 4 (letter e) is empty
    with pytest.raises(ValueError, match=r"move 3 \('e'\): pit 4 of the player to move is not acceptable"):
        rejouer("ege")


def test_replay_error_famine():
    # find, in random games, a move refused only by test_famine, and replay it
    for graine in range(400):
        cases, _ = partie_au_hasard(graine)
        jeu = exam.initialisation("joueur1", "joueur2")
        for numero, choix in enumerate(cases, start=1):
            affames = [c for c in range(6) if jeu["plateau"][c] > 0 and not exam.test_case(jeu["plateau"], c)]
            if affames:
                texte = ecrire(cases[:numero - 1]) + lettre(affames[0], jeu["n"])
                with pytest.raises(ValueError, match=rf"move {numero} .*not acceptable"):
                    rejouer(texte)
                return
            exam.tour_jeu(jeu, choix)
    pytest.fail("no famine-refused move found in 400 random games")


def test_replay_error_move_after_the_end():
    cases, jeu_final = partie_au_hasard(7)
    texte = ecrire(cases) + "a"
    numero = len(cases) + 1
    with pytest.raises(ValueError, match=rf"move {numero} \('a'\): the game is already over"):
        rejouer(texte)


def test_replay_rejects_a_non_string():
    with pytest.raises(TypeError):
        rejouer(["e", "g"])
