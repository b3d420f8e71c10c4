"""The board with the lycée rules (Olympiades de NSI 2025): Partie/Plateau(sujet="lycee"), ReglesLycee.

The student's functions are named ``famine_*``, ``semis_*``… here: a module-level name starting with
``test_`` would be collected by pytest (the subject's ``test_famine`` is always used by module).
"""

import random

import pytest

from awale_ref import notation
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.sujets.olympiades_2025_awale import awale_lycee
from awale_ref.sujets.olympiades_2025_awale.plateau_awale import APPELS, FONCTIONS_LYCEE, ROLES, ReglesLycee
from awale_ref.widget import ErreurEleve, Partie, Plateau, Regles
from outils import FAMINE, total

# Alice's pit 5 takes 2 seeds: 45 collected, exactly 3 seeds left (the CCINP game ends there, the lycée one
# goes on); then Bob's pit 5 (label 11) takes 2 more: 47 > 45 ends the lycée game, nobody has 25.
AVANT_45 = {"joueur1": "Alice", "joueur2": "Bob", "score": [22, 21], "n": 0,
            "plateau": [1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1]}


def famine_inversee(plt, c):
    """The CCINP polarity: True when the opponent keeps a seed."""
    return not awale_lycee.test_famine(plt, c)


def fin_ccinp(etat_jeu):
    """A tour_termine that keeps the CCINP rule « 3 seeds or fewer on the board »."""
    return awale_lycee.tour_termine(etat_jeu) and sum(etat_jeu["plateau"]) > 3


# ---------------------------------------------------------------- the 45-seed end rule
def test_lycee_game_ends_by_the_45_seed_rule_where_the_ccinp_one_stops_at_3_seeds():
    ccinp = Plateau(position=AVANT_45, vitesse=0)
    ccinp.cliquer(5)
    ccinp.attendre(30)
    assert ccinp.partie.terminee and sum(ccinp.partie.jeu["plateau"]) == 3
    assert "Partie terminée après 1 tour" in ccinp.message.value

    lycee = Plateau(position=AVANT_45, vitesse=0, sujet="lycee")
    lycee.cliquer(5)
    lycee.attendre(30)
    jeu = lycee.partie.jeu
    assert sum(jeu["plateau"]) == 3 and sum(jeu["score"]) == 45 and not exam.tour_suivant(jeu)
    assert not lycee.partie.terminee and "À Bob de jouer" in lycee.message.value
    assert lycee.partie.cases_jouables() == [5]
    lycee.cliquer(11)  # Bob's pit 5, by its label
    lycee.attendre(30)
    partie = lycee.partie
    assert partie.terminee and partie.vainqueur == "Alice"
    fin = ("Partie terminée après 2 tours (47 graines ramassées à eux deux, plus de 45) : "
           "Alice gagne (Alice 25 – 23 Bob).")
    assert partie.message_fin() == fin and fin in lycee.message.value and fin in lycee.titre.value
    assert lycee.dernier_coup.etapes[-1].genre == "fin"
    # The same game with the subject's own functions.
    etat_jeu = awale_lycee.depuis_ccinp(AVANT_45)
    assert awale_lycee.tour_jeu(etat_jeu, 5) is True and awale_lycee.tour_jeu(etat_jeu, 5) is False
    assert awale_lycee.vers_ccinp(etat_jeu) == partie.jeu
    assert partie.jeu_final["score"] == [25, 23] and partie.jeu_final["plateau"] == [0] * 12


def test_student_tour_termine_with_the_ccinp_rule_is_warned():
    partie = Partie(position=AVANT_45, sujet="lycee", regles={"tour_termine": fin_ccinp})
    coup = partie.cliquer(5)
    assert coup.accepte and partie.terminee
    assert coup.avertissement.startswith("Attention : votre tour_termine arrête la partie, alors que d'après "
                                         "l'énoncé elle continue.")
    assert "la règle du CCINP « 3 graines ou moins » ne vaut pas ici" in coup.avertissement
    assert "plus de 45 graines ont été ramassées (il y en a 45)" in coup.avertissement


def test_student_tour_termine_with_the_wrong_polarity_is_warned_at_once():
    partie = Partie(sujet="lycee", regles={"tour_termine": lambda etat_jeu: not awale_lycee.tour_termine(etat_jeu)})
    assert partie.terminee
    assert "malgré son nom, tour_termine renvoie True tant que la partie continue" in partie.avertissement_fin
    assert partie.avertissement_fin in partie.cliquer(2).raison
    vue = Plateau(sujet="lycee", regles={"tour_termine": lambda etat_jeu: False}, vitesse=0)
    assert "votre tour_termine arrête la partie" in vue.message.value


# ---------------------------------------------------------------- the student's test_famine
def test_reference_lycee_refuses_the_starving_pit():
    partie = Partie(position=FAMINE, sujet="lycee")
    assert partie.cases_jouables() == [4]
    coup = partie.cliquer(5)
    assert not coup.accepte and not coup.erreur
    assert coup.raison == ("La case 5 laisserait Bob sans aucune graine dans sa rangée : pour ce coup, "
                           "test_famine renvoie True et test_case le refuse (règle de la famine).")


def test_inverted_test_famine_changes_the_refused_pits_and_the_message_says_so():
    partie = Partie(position=FAMINE, sujet="lycee", regles={"test_famine": famine_inversee})
    assert not partie.terminee  # with it, pit 5 is the only acceptable one: the game goes on
    coup = partie.cliquer(4)  # fine by the subject, refused by the student's function
    assert not coup.accepte and not coup.erreur and partie.historique == []
    assert coup.raison == ("Avec votre test_famine, la fonction test_case de référence refuse la case 4, qui "
                           "est pourtant jouable d'après l'énoncé (sur votre rangée, non vide, sans famine) : "
                           "test_famine(plt, 4) a renvoyé True au lieu de False.")
    coup = partie.cliquer(5)  # starves Bob: refused by the subject, played with the student's function
    assert coup.accepte and coup.gain == 10 and partie.jeu["n"] == 1
    assert coup.avertissement.startswith("Attention : avec votre test_famine, la fonction test_case de "
                                         "référence accepte la case 5 (test_famine(plt, 5) a renvoyé False "
                                         "au lieu de True). La case 5 laisserait Bob sans aucune graine")


def test_inverted_test_famine_in_the_view():
    vue = Plateau(position=FAMINE, sujet="lycee", regles={"test_famine": famine_inversee}, vitesse=0)
    vue.cliquer(4)
    vue.attendre(30)
    assert "Avec votre test_famine, la fonction test_case de référence refuse la case 4" in vue.message.value
    assert vue.partie.jeu["n"] == 0
    # From the start every pit would starve nobody: with the inverted function nothing is acceptable.
    vue.placer(None)
    assert vue.partie.terminee
    assert ("avec votre test_famine, la fonction tour_termine de référence arrête la partie"
            in vue.message.value.replace("&#x27;", "'"))


def test_a_student_test_case_is_used_as_is():
    partie = Partie(sujet="lycee", regles={"test_case": lambda plt, c: False})
    assert partie.terminee  # the reference tour_termine calls it too, through cases_possibles
    assert partie.avertissement_fin == (
        "Attention : avec votre test_case, la fonction tour_termine de référence arrête la partie, alors "
        "que d'après l'énoncé elle continue : test_case(plt, 0) a renvoyé False au lieu de True.")
    strict = Partie(sujet="lycee", regles={"test_case": lambda plt, c: c != 2})
    assert strict.cliquer(2).raison.startswith("Votre test_case refuse la case 2, qui est pourtant jouable")


# ---------------------------------------------------------------- a student's function that fails
def famine_qui_plante(plt, c):
    return 1 / 0


def test_a_student_function_that_raises_gives_the_french_message():
    partie = Partie(sujet="lycee", regles={"test_famine": famine_qui_plante})
    assert partie.erreur_fin == ("Votre fonction test_famine(plt, 0) a levé l'exception ZeroDivisionError : "
                                 "division by zero")  # tour_termine could not decide: the game goes on
    coup = partie.cliquer(2)
    assert not coup.accepte and coup.erreur
    assert coup.raison == ("Votre fonction test_famine(plt, 2) a levé l'exception ZeroDivisionError : "
                           "division by zero")
    assert partie.jeu == exam.initialisation("Alice", "Bob")
    vue = Plateau(sujet="lycee", regles={"test_famine": famine_qui_plante}, vitesse=0)
    vue.cliquer(2)
    vue.attendre(30)
    assert "Votre fonction test_famine(plt, 2) a levé l&#x27;exception ZeroDivisionError" in vue.message.value
    vue.placer("egai")  # the board still works
    assert vue.partie.jeu["n"] == 4


def test_an_unfinished_lycee_function_says_so():
    def semis(plt, c):
        raise NotImplementedError()

    coup = Partie(sujet="lycee", position=FAMINE, regles={"semer_graines": semis}).cliquer(4)
    assert coup.erreur and coup.raison.startswith("Votre fonction semer_graines n'est pas encore écrite")


def _boucle_sans_fin(plt, c):
    while True:
        plt[c] = 0


def _modifie_plt(plt, c):
    resultat = awale_lycee.test_famine(plt, c)
    plt[c] = 0
    return resultat


@pytest.mark.parametrize("fonctions, position, case, morceau", [
    ({"semer_graines": lambda plt, c: None}, None, 2,
     "Votre fonction semer_graines(plt, 2) doit renvoyer un entier, elle a renvoyé None (NoneType)."),
    ({"semer_graines": _boucle_sans_fin}, None, 2, "la boucle ne s'arrête pas"),
    ({"ramasser_graines": lambda plt, c: 3}, awale_lycee.FIGURE_3, 2,
     "Votre fonction ramasser_graines(plt, 4) annonce un gain de 3"),
    ({"test_famine": lambda plt, c: None}, None, 2,
     "Votre fonction test_famine(plt, 2) doit renvoyer un booléen (True ou False), elle a renvoyé None"),
    ({"test_famine": _modifie_plt}, None, 2, "Votre fonction test_famine(plt, 2) a modifié plt"),
    ({"case_ramassable": lambda plt, c: "oui"}, None, 2,
     "Votre fonction case_ramassable(plt, 6) doit renvoyer un booléen (True ou False)"),
    ({"tourner_plateau": lambda plt: plt[6:] + plt[:6]}, None, 2,
     "Votre fonction tourner_plateau(plt) renvoie le plateau tourné mais laisse la liste plt telle quelle"),
    ({"tourner_plateau": lambda plt: plt.reverse()}, None, 2, "doivent être échangées, dans le même ordre"),
    ({"somme": lambda plt, n, p: "beaucoup"}, None, 2,  # called by the reference test_famine
     "Votre fonction somme(plt, 6, 11) doit renvoyer un entier, elle a renvoyé 'beaucoup' (str)."),
])
def test_broken_lycee_functions_are_reported_in_french(fonctions, position, case, morceau):
    partie = Partie(position=position, sujet="lycee", regles=fonctions)
    avant = exam.copie(partie.jeu)
    coup = partie.cliquer(case)
    assert not coup.accepte and coup.erreur and morceau in coup.raison, coup.raison
    assert partie.jeu == avant


@pytest.mark.parametrize("fonctions, morceau", [
    ({"tour_termine": lambda etat_jeu: "oui"}, "Votre fonction tour_termine(etat_jeu) doit renvoyer un booléen"),
    ({"gagnant": lambda etat_jeu: "Charlie"},
     "Votre fonction gagnant(etat_jeu) doit renvoyer 'Alice', 'Bob' ou 'égalité', elle a renvoyé 'Charlie'."),
    ({"gagnant": lambda etat_jeu: etat_jeu.clear() or "Alice"},
     "Votre fonction gagnant(etat_jeu) a abîmé etat_jeu"),
])
def test_broken_end_of_game_functions_are_reported_and_the_move_is_played(fonctions, morceau):
    partie = Partie(position=AVANT_45, sujet="lycee", regles=fonctions)
    coup = partie.cliquer(5)
    if coup.accepte:
        coup = partie.cliquer(5)
    assert coup.accepte and coup.erreur and morceau in coup.avertissement, coup.avertissement


# ---------------------------------------------------------------- the functions plugged in
def test_the_pluggable_functions_are_derived_from_the_lycee_module():
    fonctions = {nom for nom, objet in vars(awale_lycee).items()
                 if callable(objet) and getattr(objet, "__module__", "") == awale_lycee.__name__}
    assert set(FONCTIONS_LYCEE) <= fonctions
    assert set(ROLES.values()) <= set(FONCTIONS_LYCEE)
    assert ROLES["deplacer_graines"] == "semer_graines" and ROLES["tour_suivant"] == "tour_termine"
    assert "NegaAwale" not in ROLES  # the subject has no AI
    # Every function a role's reference code calls is pluggable; nothing else is.
    atteintes, a_voir = set(ROLES.values()), list(ROLES.values())
    while a_voir:
        for autre in APPELS[a_voir.pop()] - atteintes:
            atteintes.add(autre)
            a_voir.append(autre)
    assert set(FONCTIONS_LYCEE) == atteintes
    assert {"test_famine", "cases_possibles"} <= atteintes
    assert not {"tour_jeu", "awale", "initialisation", "vers_ccinp", "depuis_ccinp"} & atteintes
    regles = ReglesLycee()
    assert regles.eleve == () and all(regles.est_reference(role) for role in ROLES)
    for nom in FONCTIONS_LYCEE:  # the fallbacks: the module's own code
        assert regles.lycee[nom].__code__ is getattr(awale_lycee, nom).__code__


def test_reference_lycee_board_plays_the_subject_tour_jeu():
    hasard = random.Random(2025)
    for _ in range(10):
        partie = Partie(sujet="lycee")
        etat_jeu = awale_lycee.initialisation("Alice", "Bob")
        continue_ = True
        while continue_:
            case = hasard.choice(partie.cases_jouables())
            coup = partie.cliquer(case)
            assert coup.accepte and not coup.avertissement
            assert len({total(e) for e in coup.etapes if e.genre != "fin"}) == 1
            continue_ = awale_lycee.tour_jeu(etat_jeu, case)
            assert awale_lycee.vers_ccinp(etat_jeu) == partie.jeu
            assert partie.terminee is not continue_
        fin = awale_lycee.gagnant(etat_jeu)
        assert partie.vainqueur == fin and partie.jeu_final == awale_lycee.vers_ccinp(etat_jeu)


def test_student_lycee_functions_equal_to_the_reference_play_the_same_game():
    def semis(plt, c):  # another correct way of writing semer_graines
        graines, plt[c], i = plt[c], 0, c
        while graines > 0:
            i = (i + 1) % 12
            if i != c:
                plt[i] += 1
                graines -= 1
        return i

    def famine(plt, c):
        copie = list(plt)
        awale_lycee.ramasser_graines(copie, semis(copie, c))
        return sum(copie[6:]) == 0

    def tourner(plt):
        plt[:] = plt[6:] + plt[:6]

    regles = {"semer_graines": semis, "test_famine": famine, "tourner_plateau": tourner}
    eleve = Partie(position=awale_lycee.FIGURE_3, sujet="lycee", regles=regles)
    reference = Partie(position=awale_lycee.FIGURE_3, sujet="lycee")
    assert eleve.regles.eleve == ("tourner_plateau", "semer_graines", "test_famine")
    for case in (4, 0, 2, 1):
        coup = eleve.cliquer(case)
        assert coup == reference.cliquer(case) and not coup.avertissement
    assert eleve.jeu == reference.jeu


def test_lycee_rules_are_checked_like_the_ccinp_ones():
    with pytest.raises(ValueError, match="does not call 'deplacer_graines'"):
        ReglesLycee(deplacer_graines=exam.deplacer_graines)  # the CCINP name
    with pytest.raises(ValueError, match="does not call 'tour_jeu'"):
        Partie(sujet="lycee", regles={"tour_jeu": awale_lycee.tour_jeu})
    with pytest.raises(TypeError):
        ReglesLycee(test_famine=True)
    with pytest.raises(ValueError, match="sujet must be one of"):
        Plateau(sujet="bac")
    with pytest.raises(ValueError, match="not 'lycee'"):
        Partie(regles=Regles(), sujet="lycee")
    assert Partie(regles=ReglesLycee()).regles.SUJET == "lycee"


# ---------------------------------------------------------------- positions and the AI
def test_positions_of_a_lycee_board():
    etat_jeu = awale_lycee.depuis_ccinp(AVANT_45)
    partie = Partie(position=etat_jeu, sujet="lycee")  # an etat_jeu dict, converted by vers_ccinp
    assert partie.jeu == AVANT_45
    cases = [notation.case(lettre, n) for n, lettre in enumerate("egai")]  # replayed by the lycée rules
    assert Partie(position="egai", sujet="lycee").jeu == awale_lycee.vers_ccinp(
        _rejoue(awale_lycee.initialisation("Alice", "Bob"), cases))
    vue = Plateau(sujet="lycee", vitesse=0)
    vue.champ_position.value = "egai"
    vue.bouton_placer.click()
    assert vue.partie.jeu["n"] == 4


def _rejoue(etat_jeu, cases):
    for case in cases:
        awale_lycee.tour_jeu(etat_jeu, case)
    return etat_jeu


def test_the_ai_plays_on_when_3_seeds_are_left():
    partie = Partie(position=AVANT_45, sujet="lycee")
    partie.cliquer(5)
    assert not exam.tour_suivant(partie.jeu)  # the CCINP engine would refuse this position
    for profondeur in (1, 4, 8):
        assert partie.coup_ia(profondeur) == (5, [(5, 2 - 500)])  # Bob takes 2, then loses 23 – 25
    rare = Partie(position=[1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], sujet="lycee")  # 2 seeds, nothing collected
    assert not rare.terminee and rare.coup_ia(3)[0] == 0


def test_view_lycee_ai_versus_ai_plays_a_whole_lycee_game():
    vue = Plateau(sujet="lycee", adversaire="ia", profondeur=1, vitesse=0)
    vue.attendre(120)
    partie = vue.partie
    assert partie.terminee and "Partie terminée" in vue.titre.value
    etat_jeu = awale_lycee.initialisation("Alice", "Bob")
    coups = partie.coups_joues()
    for k, case in enumerate(coups):
        assert awale_lycee.tour_jeu(etat_jeu, case) is (k < len(coups) - 1)
    assert awale_lycee.vers_ccinp(etat_jeu) == partie.jeu


def test_a_guarded_call_outside_a_board_raises_erreur_eleve():
    regles = ReglesLycee(test_famine=famine_qui_plante)
    with pytest.raises(ErreurEleve, match=r"test_famine\(plt, 3\) a levé"):
        regles.accepte([4] * 12, 3)


def test_the_board_cell_of_the_course_plugs_only_functions_the_lyceen_board_accepts():
    """The course's board cell names the student's functions by hand: each must be pluggable."""
    import ast
    from pathlib import Path

    import jupytext

    cellules = jupytext.read(Path(__file__).resolve().parents[1] / "awale_ref/sujets/olympiades_2025_awale/cours/olympiades_awale.py").cells
    source = "\n".join(c.source for c in cellules if c.cell_type == "code" and "Plateau(" in c.source)
    appels = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)
              and getattr(n.func, "id", None) == "Plateau"]
    cles = [k.value for appel in appels for mot in appel.keywords if mot.arg == "regles" for k in mot.value.keys]
    assert cles and set(cles) <= set(FONCTIONS_LYCEE), set(cles) - set(FONCTIONS_LYCEE)
