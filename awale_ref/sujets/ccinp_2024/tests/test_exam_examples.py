"""The exam's worked examples and the FIGURES facts, on the exam functions."""

from awale_ref.sujets.ccinp_2024 import facts
from awale_ref.sujets.ccinp_2024 import exam


def jeu_de(plateau, n=0, score=(0, 0)):
    return {"joueur1": "Alice", "joueur2": "Bob", "score": list(score), "n": n, "plateau": list(plateau)}


def test_q1_playable_pits_of_figure4():
    assert exam.cases_possibles(jeu_de(facts.FIGURE4)) == facts.Q1_CASES_JOUABLES


def test_q2_boards_and_gains_of_figure4():
    for case in facts.Q1_CASES_JOUABLES:
        plateau = list(facts.FIGURE4)
        gain = exam.ramasser_graines(plateau, exam.deplacer_graines(plateau, case))
        assert (plateau, gain) == (facts.Q2_PLATEAUX[case], facts.Q2_GAINS[case])


def test_q3_situation1_part1_cancels_the_harvest_part2_refuses_the_move():
    plateau = list(facts.FIGURE5_SITUATION1)
    exam.deplacer_graines(plateau, 5)
    assert plateau == facts.Q3_SITUATION1_PARTIE1["plateau"]  # the sowing, harvest cancelled
    assert exam.test_famine(facts.FIGURE5_SITUATION1, 5) is False
    assert exam.cases_possibles(jeu_de(facts.FIGURE5_SITUATION1)) == []


def test_q3_situation2_harvests_ten():
    plateau = list(facts.FIGURE5_SITUATION2)
    gain = exam.ramasser_graines(plateau, exam.deplacer_graines(plateau, 5))
    assert {"plateau": plateau, "gain": gain} == facts.Q3_SITUATION2


def test_q6_bits_cover_the_largest_pit():
    assert 2 ** (facts.Q6_BITS - 1) <= facts.Q6_MAX_GRAINES < 2 ** facts.Q6_BITS
    assert facts.Q6_MAX_GRAINES == 12 * 4


def test_q18_tree_values_and_choice():
    jeu = exam.copie(facts.Q18_JEU)
    noeuds = {"a": jeu}
    for label, (parent, case, g, vj) in facts.Q18_ARBRE.items():  # depth-first order
        assert case in exam.cases_possibles(noeuds[parent])
        gagne, noeuds[label] = exam.gain(noeuds[parent], case)
        profondeur = 1 if parent == "a" else 2
        assert gagne == g, label
        assert exam.NegaAwale(exam.copie(noeuds[label]), 2, profondeur) == vj, label
    assert exam.NegaAwale(exam.copie(facts.Q18_JEU), 2, 0) == facts.Q18_CASE_CHOISIE
    children = [(facts.Q18_ARBRE[l][2] - facts.Q18_ARBRE[l][3]) for l, v in facts.Q18_ARBRE.items() if v[0] == "a"]
    assert max(children) == facts.Q18_VALEUR_RACINE
    # every child of every node is listed
    for label, jeu_noeud in noeuds.items():
        kids = [l for l, v in facts.Q18_ARBRE.items() if v[0] == label]
        if label == "a" or facts.Q18_ARBRE[label][0] == "a":
            assert [facts.Q18_ARBRE[k][1] for k in kids] == exam.cases_possibles(jeu_noeud)


def test_q21_demo_game_runs_to_a_winner(capsys):
    from awale_ref.__main__ import main
    vainqueur = main(["--profondeur", "1", "Alice", "Bob"])
    out = capsys.readouterr().out
    assert vainqueur in ("Alice", "Bob", "égalité")
    assert "Fin de la partie" in out


def test_q21_demo_with_the_fast_engine_plays_the_same_game(capsys):
    from awale_ref.__main__ import main
    main(["--profondeur", "3", "Alice", "Bob"])
    exam_out = capsys.readouterr().out
    main(["--profondeur", "3", "--rapide", "Alice", "Bob"])
    assert capsys.readouterr().out == exam_out
