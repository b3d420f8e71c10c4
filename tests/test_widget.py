"""The board's logic (awale_ref.widget.Partie, Regles) and its ipywidgets view, without a browser."""

import pytest

from awale_ref import engine, notation
from awale_ref.sujets.ccinp_2024 import facts
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.widget import ErreurEleve, Partie, Plateau, Regles, jeu_depuis
from notebooks_apparies import executer_notebook_apparie
from outils import FAMINE, total

FIN_PROCHE = {"joueur1": "Alice", "joueur2": "Bob", "score": [24, 12], "n": 0,
              "plateau": [0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 2]}  # pit 5 takes 2 seeds: Alice reaches 26


# ---------------------------------------------------------------- clicks and animation steps
def test_figure4_pit4_steps_follow_the_sowing_and_harvest():
    partie = Partie(position=facts.FIGURE4)
    coup = partie.cliquer(4)
    assert coup.accepte and coup.gain == facts.Q2_GAINS[4] == 8
    genres = [e.genre for e in coup.etapes]
    assert genres == ["prise"] + ["semis"] * 16 + ["recolte"] * 3 + ["tour"]
    semees = [e.case for e in coup.etapes if e.genre == "semis"]
    assert semees == [5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 5, 6, 7, 8, 9]  # the origin pit 4 skipped
    assert [e.case for e in coup.etapes if e.genre == "recolte"] == [9, 8, 7]
    derniere_recolte = [e for e in coup.etapes if e.genre == "recolte"][-1]
    assert list(derniere_recolte.plateau) == facts.Q2_PLATEAUX[4]
    assert derniere_recolte.recoltees == {7, 8, 9} and derniere_recolte.score == (8, 0)
    assert len({total(e) for e in coup.etapes}) == 1  # seeds conserved at every frame
    attendu = exam.gain(exam.copie(jeu_depuis(facts.FIGURE4)), 4)[1]
    assert partie.jeu == attendu and coup.etapes[-1].plateau == tuple(attendu["plateau"])
    assert coup.etapes[-1].n == 1 and partie.joueur_actif == "Bob"


@pytest.mark.parametrize("position, case, morceau", [
    (facts.FIGURE4, 3, "La case 3 est vide"),
    (facts.FIGURE4, 8, "La case 8 appartient à Bob"),
    (FAMINE, 5, "famine"),
    (facts.FIGURE4, 12, "les cases sont numérotées de 0 à 11"),
])
def test_refused_clicks_say_why_in_french_and_change_nothing(position, case, morceau):
    partie = Partie(position=position)
    avant = exam.copie(partie.jeu)
    coup = partie.cliquer(case)
    assert not coup.accepte and not coup.erreur and morceau in coup.raison
    assert partie.jeu == avant and partie.historique == []


def test_famine_position_has_another_playable_pit():
    assert Partie(position=FAMINE).cases_jouables() == [4]


def test_end_of_game_shows_the_winner_and_final_scores():
    partie = Partie(position=FIN_PROCHE)
    coup = partie.cliquer(5)
    assert partie.terminee and partie.vainqueur == "Alice"
    assert coup.etapes[-1].genre == "fin"
    assert partie.jeu_final["score"] == [26, 22]  # Bob's 10 seeds left go to Bob (exam.gagnant)
    assert partie.message_fin() == "Partie terminée après 1 tour : Alice gagne (Alice 26 – 22 Bob)."
    assert "La partie est terminée" in partie.cliquer(0).raison
    assert partie.annuler() == 1 and not partie.terminee


def test_undo_restores_each_previous_state():
    partie = Partie()
    etats = [exam.copie(partie.jeu)]
    for case in (2, 0, 3):
        assert partie.cliquer(case).accepte
        etats.append(exam.copie(partie.jeu))
    assert partie.coups_joues() == [2, 0, 3]
    assert partie.annuler() == 1 and partie.jeu == etats[2]
    assert partie.annuler(5) == 2 and partie.jeu == etats[0]
    assert partie.annuler() == 0


# ---------------------------------------------------------------- positions
def test_positions_from_a_list_a_dict_and_a_move_string():
    assert Partie(position=facts.FIGURE4).jeu["plateau"] == facts.FIGURE4
    partie = Partie(position=facts.Q18_JEU)
    assert partie.jeu == facts.Q18_JEU and partie.jeu is not facts.Q18_JEU
    assert Partie("Zoé", "Yann", position="egai").jeu == notation.rejouer("egai", "Zoé", "Yann")
    partie.placer("eg")
    assert partie.jeu["n"] == 2 and partie.historique == []


@pytest.mark.parametrize("position, erreur", [
    ([4] * 11, ValueError), ([4] * 11 + [-1], ValueError), (3.5, TypeError),
    ({"plateau": [4] * 12}, ValueError), ("ez", ValueError),
    ({"joueur1": "A", "joueur2": "A", "score": [0, 0], "n": 0, "plateau": [4] * 12}, ValueError),
])
def test_bad_positions_raise(position, erreur):
    with pytest.raises(erreur):
        Partie(position=position)


# ---------------------------------------------------------------- the student's functions
def test_student_functions_equal_to_the_reference_play_the_same_game():
    def deplacer_graines(plateau, case):  # another correct way of writing it
        graines, plateau[case], i = plateau[case], 0, case
        for _ in range(graines):
            i = (i + 1) % 12
            if i == case:
                i = (i + 1) % 12
            plateau[i] += 1
        return i

    partie = Partie(position=facts.FIGURE4, regles={"deplacer_graines": deplacer_graines})
    reference = Partie(position=facts.FIGURE4)
    for case in (4, 0, 2):
        assert partie.cliquer(case).etapes == reference.cliquer(case).etapes
    assert partie.jeu == reference.jeu


def test_a_student_function_that_raises_is_reported_and_nothing_crashes():
    def deplacer_graines(plateau, case):
        return 1 / 0

    partie = Partie(regles={"deplacer_graines": deplacer_graines})
    coup = partie.cliquer(2)
    assert not coup.accepte and coup.erreur
    assert coup.raison == ("Votre fonction deplacer_graines(plateau, 2) a levé l'exception "
                           "ZeroDivisionError : division by zero")
    assert partie.jeu == exam.initialisation("Alice", "Bob")


def _sans_saut(plateau, case):
    """A classic mistake: the origin pit is not skipped."""
    graines, plateau[case], i = plateau[case], 0, case
    while graines > 0:
        i = (i + 1) % 12
        plateau[i] += 1
        graines -= 1
    return i


def _une_de_trop(plateau, case):
    derniere = exam.deplacer_graines(plateau, case)
    plateau[derniere] += 1
    return derniere


@pytest.mark.parametrize("fonctions, position, case, morceau", [
    ({"deplacer_graines": _sans_saut}, [12, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 0,
     "n'a pas vidé la case de départ 0"),
    ({"deplacer_graines": _une_de_trop}, None, 2,
     "ne conserve pas les graines : 48 graines avant, 49 après"),
    ({"deplacer_graines": lambda p, c: None}, None, 2, "doit renvoyer un entier"),
    ({"deplacer_graines": lambda p, c: exam.deplacer_graines(p.copy(), c)}, None, 2, "pas dans une copie"),
    ({"deplacer_graines": lambda p, c: 12}, None, 2, "pensez au modulo 12"),
    ({"ramasser_graines": lambda p, c: 3}, facts.FIGURE4, 2, "annonce un gain de 3"),
    ({"test_case": lambda p, c: 1}, None, 2, "doit renvoyer un booléen"),
    ({"test_case": lambda p, c: p.clear() or True}, None, 2, "a modifié le plateau"),
    ({"tourner_plateau": lambda jeu: None}, None, 2, "doivent être échangées"),
])
def test_broken_invariants_are_reported_in_french(fonctions, position, case, morceau):
    partie = Partie(position=position, regles=fonctions)
    avant = exam.copie(partie.jeu)
    coup = partie.cliquer(case)
    assert not coup.accepte and coup.erreur and morceau in coup.raison, coup.raison
    assert partie.jeu == avant


def test_a_runaway_loop_is_stopped():
    def deplacer_graines(plateau, case):
        while True:
            plateau[case] = 0

    coup = Partie(regles={"deplacer_graines": deplacer_graines}).cliquer(0)
    assert coup.erreur and "la boucle ne s'arrête pas" in coup.raison


def test_student_test_case_too_strict_or_too_lax():
    strict = Partie(regles={"test_case": lambda p, c: False})
    assert "Votre test_case refuse la case 2" in strict.cliquer(2).raison
    laxiste = Partie(position=facts.FIGURE4, regles={"test_case": lambda p, c: True})
    coup = laxiste.cliquer(3)
    assert coup.accepte and "Attention : votre test_case accepte la case 3" in coup.avertissement


def test_a_broken_gagnant_is_reported_at_the_end():
    partie = Partie(position=FIN_PROCHE, regles={"gagnant": lambda jeu: "Charlie"})
    coup = partie.cliquer(5)
    assert coup.accepte and coup.erreur and "gagnant(jeu) doit renvoyer 'Alice', 'Bob' ou 'égalité'" \
        in coup.avertissement


def test_regles_reject_unknown_or_uncallable_functions():
    with pytest.raises(ValueError):
        Regles(jouer=print)
    with pytest.raises(TypeError):
        Regles(test_case=3)


# ---------------------------------------------------------------- AI
@pytest.mark.parametrize("coups", ["", "egai", "cjbh", "fkdlcg"])
def test_ai_plays_the_pit_of_the_exam_negamax(coups):
    partie = Partie(position=coups)
    for profondeur in (1, 2, 3):
        case, valeurs = partie.coup_ia(profondeur)
        assert case == exam.NegaAwale(exam.copie(partie.jeu), profondeur, 0)
        assert valeurs == engine.move_values(engine.from_jeu(partie.jeu), profondeur)


def test_ai_uses_the_student_negamax_when_given():
    partie = Partie(regles={"NegaAwale": lambda jeu, p, d: 5})
    assert partie.coup_ia(3) == (5, None)
    with pytest.raises(ErreurEleve, match="doit renvoyer à la racine la case"):
        Partie(regles={"NegaAwale": lambda jeu, p, d: 9}).coup_ia(2)
    with pytest.raises(ValueError):
        partie.coup_ia(9)


# ---------------------------------------------------------------- the view (no browser)
def test_view_click_animates_then_shows_the_new_board():
    vue = Plateau(vitesse=0)
    vue.cases[2].bouton.click()
    vue.attendre(30)
    assert vue.partie.jeu["n"] == 1
    assert "Tour 2 · à Bob de jouer" in vue.titre.value
    assert ">5<" in vue.cases[6].dessin.value  # Bob's first pit (label 6) received a seed
    assert ">0<" in vue.cases[2].dessin.value  # Alice's pit 2 stays where it was, now empty
    vue.cliquer(2)  # the label of Alice's pit: refused for Bob, named by its label only
    vue.attendre(30)
    assert "La case 2 (case 8 pour Bob) appartient à Alice" in vue.message.value
    assert "(en haut, cases 6 à 11)" in vue.message.value


def test_view_against_the_ai_answers_and_undo_goes_back_to_the_human():
    vue = Plateau(adversaire="joueur2", profondeur=3, vitesse=0)
    vue.cliquer(2)
    vue.attendre(30)
    assert vue.partie.jeu["n"] == 2 and vue.partie.joueur_actif == "Alice"
    assert "Évaluation de Bob, profondeur 3" in vue.evaluation.value
    vue.annuler()
    assert vue.partie.jeu == exam.initialisation("Alice", "Bob")
    assert "Rien à annuler" in (vue.annuler() or vue.message.value)
    vue.placer({"joueur1": "Zoé", "joueur2": "Yann", "score": [0, 0], "n": 1, "plateau": [4] * 12})
    vue.attendre(30)  # Yann (the AI) was to move: he has played
    assert vue.menu_mode.value == "joueur2" and "Yann est l'IA" in vue.menu_mode.options[1][0]
    assert vue.partie.jeu["n"] == 2 and vue.partie.joueur_actif == "Zoé"


def test_view_ai_versus_ai_plays_to_the_end():
    vue = Plateau(adversaire="ia", profondeur=1, vitesse=0)
    vue.attendre(120)
    assert vue.partie.terminee
    assert vue.titre.value.count("Partie terminée") == 1
    jeu = exam.initialisation("Alice", "Bob")  # the same game with the exam's functions
    for case in vue.partie.coups_joues():
        assert case == exam.NegaAwale(exam.copie(jeu), 1, 0)
        exam.tour_jeu(jeu, case)


def test_view_skip_cuts_a_slow_animation_short():
    vue = Plateau(vitesse=1.5)  # the slowest pause: the 6 steps would take 9 s
    dessinees = []
    dessiner = vue._dessiner
    vue._dessiner = lambda etape: (dessinees.append(etape.genre), dessiner(etape))
    vue.cliquer(2)
    vue.bouton_passer.click()
    vue.attendre(30)
    assert vue._fil is not None and not vue._fil.is_alive()
    assert len([g for g in dessinees if g != "etat"]) <= 1  # at most the first step was shown
    assert dessinees[-1] == "etat" and vue.partie.jeu["n"] == 1 and "Tour 2" in vue.titre.value


def test_view_shows_a_student_error_and_keeps_working():
    vue = Plateau(regles={"ramasser_graines": lambda p, c: "rien"}, vitesse=0)
    vue.cliquer(2)
    vue.attendre(30)
    assert "Votre fonction ramasser_graines(plateau, 6) doit renvoyer" in vue.message.value
    vue.placer("egai")
    assert vue.partie.jeu["n"] == 4
    vue.champ_position.value = "[0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]"
    vue.bouton_placer.click()
    assert vue.partie.jeu["plateau"] == facts.FIGURE4
    vue.champ_position.value = "ezz"
    vue.bouton_placer.click()
    assert "Position illisible" in vue.message.value


def test_notebook_plateau_demo_runs_and_shows_the_board(tmp_path):
    sorties = executer_notebook_apparie("plateau_demo", tmp_path, timeout=60)
    assert not [o for o in sorties if o.output_type == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in sorties)


@pytest.mark.parametrize("options", [{"adversaire": "ordinateur"}, {"profondeur": 9}, {"vitesse": 2},
                                     {"orientation": "tournante"}])
def test_view_options_are_checked(options):
    with pytest.raises(ValueError):
        Plateau(**options)


# ---------------------------------------------------------------- one name per pit, fixed orientation
def _cases_affichees(vue):
    """The seed count drawn in each pit, by board label."""
    import re
    return [int(re.search(r'class="awale-graines"[^>]*>(\d+)<', vue.cases[k].dessin.value).group(1))
            for k in range(12)]


def test_fixed_orientation_keeps_alice_at_the_bottom_and_names_pits_by_their_label():
    vue = Plateau(adversaire="joueur2", profondeur=2, vitesse=0)
    dessins = []
    dessiner = vue._dessiner
    vue._dessiner = lambda etape: (dessiner(etape), dessins.append(vue.nom_bas.value))
    vue.cliquer(2)
    vue.attendre(30)
    assert vue.partie.jeu["n"] == 2 and dessins
    assert all("<b>Alice</b>" in bas for bas in dessins)  # never turned, in any frame
    # The board seen from Alice (label k = index k of her view) at every moment.
    assert _cases_affichees(vue) == vue.partie.jeu["plateau"]
    (bob,) = [c for c in vue.partie.coups_joues()[1:]]
    label = bob + 6
    assert f"Bob a joué la case {label} (case {bob} pour Bob)" in "".join(
        e.texte for e in vue.dernier_coup.etapes)
    assert f"l'IA joue la case {label} (case {bob} pour Bob)" in vue.evaluation.value
    import re
    entetes = [int(k) for k in re.findall(r"<th[^>]*>case (\d+)", vue.evaluation.value)]
    assert entetes and all(6 <= k <= 11 for k in entetes)  # Bob's pits, by their labels
    assert re.findall(r"\(sa case (\d)\)", vue.evaluation.value) == [str(k - 6) for k in entetes]


def test_player_orientation_turns_the_board_once_per_move():
    vue = Plateau(vitesse=0, orientation="joueur")
    bas = []
    dessiner = vue._dessiner
    vue._dessiner = lambda etape: (dessiner(etape),  # what the frame shows, once drawn
                                   bas.append((etape.genre, "<b>Alice</b>" in vue.nom_bas.value)))
    vue.cliquer(2)
    vue.attendre(30)
    # Alice at the bottom for every frame of her move; the board turns at the last step only.
    changements = [k for k in range(1, len(bas)) if bas[k][1] != bas[k - 1][1]]
    assert len(changements) == 1 and bas[changements[0]][0] == "tour"  # the step that turns the board
    assert ">5<" in vue.cases[0].dessin.value  # Bob at the bottom now: his pit 0 got a seed
    assert vue.dernier_coup.etapes[-1].texte.startswith(
        "Alice a joué la case 2 (la case 8 une fois le plateau tourné).")
    vue.cliquer(8)
    vue.attendre(30)
    assert "La case 8 appartient à Alice" in vue.message.value


def test_pits_are_drawn_legibly_from_0_to_48_seeds():
    from awale_ref.widget.vue import GRAINES_DESSINEES, grille_graines, html_case
    assert GRAINES_DESSINEES == 48
    for nombre in range(0, 49):
        code = html_case(nombre, 3, True)
        assert f">{nombre}</div>" in code and code.count('class="awale-graine"') == nombre
        colonnes, taille = grille_graines(nombre)
        lignes = -(-nombre // colonnes)
        assert colonnes * taille + colonnes - 1 <= 44 and lignes * (taille + 1) - 1 <= 30  # the dots' box
    assert 'class="awale-graine"' not in html_case(60, 3, True) and ">60</div>" in html_case(60, 3, True)


@pytest.mark.parametrize("texte, morceau", [
    ("[1, 2, 3]", "12 nombres entiers positifs ou nuls ; j'en lis 3"),
    ("[1, 2", "Je ne peux pas lire ce plateau"),
    ("[4] * 12", "Je ne peux pas lire ce plateau"),
    ("[4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, -1]", "-1 n'est pas un nombre de graines"),
    ("x", "« x » n'est pas une lettre de coup"),
    ("eg", ""),
    ("ee", "« e » est une case d'Alice, mais c'est à Bob de jouer"),
    ("", "La position est vide"),
    ("eg ai", "Coup n° 3 : une espace n'est pas une lettre de coup (de a à f pour les cases 0 à 5 d'Alice"),
    ("EGAI", ""),  # capitals read as the letters
])
def test_positions_typed_by_a_student_are_refused_in_french(texte, morceau):
    vue = Plateau(vitesse=0)
    vue.champ_position.value = texte
    vue.bouton_placer.click()
    if not morceau:
        assert vue.partie.jeu["n"] == len(texte) and "Position illisible" not in vue.message.value
        return
    assert "Position illisible" in vue.message.value and morceau in vue.message.value.replace("&#x27;", "'")
    assert vue.partie.jeu["n"] == 0  # nothing changed
    for anglais in ("got", "expected", "never closed", "line 1", "move letter"):
        assert anglais not in vue.message.value


def test_singular_and_plural_of_seeds_and_undone_moves():
    partie = Partie(position=[0, 0, 0, 0, 0, 1, 4, 4, 4, 4, 4, 4])
    textes = [e.texte for e in partie.cliquer(5).etapes]
    assert "Alice prend 1 graine dans la case 5." in textes
    assert not [t for t in textes if "graine(s)" in t or "les 1 " in t]
    vue = Plateau(adversaire="joueur2", profondeur=1, vitesse=0)
    vue.cliquer(2)
    vue.attendre(30)
    vue.annuler()
    assert "2 coups annulés. À Alice de jouer." in vue.message.value
    vue.menu_mode.value = "humains"
    vue.cliquer(2)
    vue.attendre(30)
    vue.annuler()
    assert "Coup annulé. À Alice de jouer." in vue.message.value


def test_switching_to_two_humans_clears_the_ai_table():
    vue = Plateau(adversaire="joueur2", profondeur=1, vitesse=0)
    vue.cliquer(2)
    vue.attendre(30)
    assert "Évaluation de Bob" in vue.evaluation.value
    vue.menu_mode.value = "humains"
    assert vue.evaluation.value == ""


def test_ai_versus_ai_keeps_each_move_message_while_the_next_one_is_searched():
    vue = Plateau(adversaire="ia", profondeur=1, vitesse=0)
    messages = []
    montrer = vue._message
    vue._message = lambda texte, genre="info": (messages.append(texte), montrer(texte, genre))
    vue.attendre(120)
    assert vue.partie.terminee
    reflexions = [k for k, m in enumerate(messages) if "réfléchit" in m]
    assert len(reflexions) > 5
    for k in reflexions[1:]:  # each search message still shows the move just played
        assert " a joué la case " in messages[k]


def test_an_unfinished_student_function_says_so_in_french():
    def deplacer_graines(plateau, case):
        raise NotImplementedError()

    coup = Partie(regles={"deplacer_graines": deplacer_graines}).cliquer(2)
    assert coup.erreur and coup.raison == ("Votre fonction deplacer_graines n'est pas encore écrite (elle lève "
                                           "NotImplementedError) : complétez-la, exécutez sa cellule, puis "
                                           "celle du plateau.")

    def ramasser_graines(plateau, derniere):
        raise ValueError()

    coup = Partie(regles={"ramasser_graines": ramasser_graines}).cliquer(2)
    assert coup.raison.endswith("a levé l'exception ValueError (sans message)")


def test_wording_of_issue_23():
    """« d'Alice », the last seed sown, the Position field emptied by « Nouvelle partie »."""
    vue = Plateau(vitesse=0)
    vue.champ_position.value = "egai"
    vue.bouton_placer.click()
    vue.nouvelle_partie()
    assert vue.champ_position.value == ""
    from awale_ref.widget.partie import Partie

    partie = Partie()
    textes = [e.texte for e in partie.cliquer(2).etapes]
    assert any(t.startswith("Une graine dans") and t.endswith("(la dernière).") for t in textes), textes
    assert not any("encore 0 en main" in t for t in textes)
