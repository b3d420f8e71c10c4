"""The negamax tree (awale_ref.tree): values, drawing, and the Q18 checker.

The reference image tests/data/arbre_q18.png is written by
``python -c "from tests.test_tree import dessiner_q18; dessiner_q18('tests/data/arbre_q18.png')"``
(run from the project root after an intended change of the drawing; look at it before committing).
"""

from pathlib import Path

import matplotlib
import pytest
from matplotlib.testing.compare import compare_images

from awale_ref import engine, exam, facts, tree
from awale_ref.widget import jeu_depuis
from notebooks_apparies import executer_notebook_apparie

matplotlib.use("Agg")
REFERENCE = Path(__file__).parent / "data" / "arbre_q18.png"
DPI = 80
TOLERANCE = 0.5  # RMS over 0–255: antialiasing noise passes, a single changed digit does not (see below)
POSITIONS = ["", "egai", "cjbh", "fkdlcg", "ehbkclfi"]


def dessiner_q18(chemin, montrer_valeurs=True, retouche=None) -> None:
    """The Q18 tree as a PNG; ``retouche(arbre)`` may change the tree before drawing."""
    arbre = tree.arbre_negamax(facts.Q18_JEU, 2)
    if retouche:
        retouche(arbre)
    fig = tree.dessiner_arbre(arbre, montrer_valeurs=montrer_valeurs)
    fig.savefig(chemin, dpi=DPI, metadata={"Software": None})


def test_q18_tree_matches_the_facts():
    arbre = tree.arbre_negamax(facts.Q18_JEU, 2)
    noeuds = {n.label: n for n in arbre.noeuds()}
    assert list(noeuds) == ["a"] + list(facts.Q18_ARBRE)
    for label, (parent, case, g, vj) in facts.Q18_ARBRE.items():
        noeud = noeuds[label]
        assert noeud in noeuds[parent].enfants
        assert (noeud.case, noeud.gain, noeud.valeur) == (case, g, vj), label
    assert arbre.valeur == facts.Q18_VALEUR_RACINE
    assert arbre.case_choisie == facts.Q18_CASE_CHOISIE == exam.NegaAwale(exam.copie(facts.Q18_JEU), 2, 0)
    assert [e.label for e in arbre.enfants if e.choisi] == ["e"]
    assert tree.est_reconstruction_q18(arbre.jeu)


@pytest.mark.parametrize("coups", POSITIONS)
@pytest.mark.parametrize("profondeur", [1, 2, 3])
def test_tree_values_agree_with_negaawale_and_the_engine(coups, profondeur):
    jeu = jeu_depuis(coups)
    avant = exam.copie(jeu)
    arbre = tree.arbre_negamax(jeu, profondeur)
    assert jeu == avant
    assert arbre.case_choisie == exam.NegaAwale(exam.copie(jeu), profondeur, 0)
    for noeud in arbre.noeuds():
        reste = profondeur - noeud.profondeur
        position = engine.from_jeu(noeud.jeu)
        assert noeud.terminal == engine.is_over(position)
        if noeud.profondeur > 0:  # the fast engine is an independent implementation
            assert noeud.valeur == engine.negamax(position, reste), noeud.label
        if noeud.enfants:
            assert [e.case for e in noeud.enfants] == engine.legal_moves(position)
            assert noeud.valeur == max(e.gain - e.valeur for e in noeud.enfants)
    assert (arbre.case_choisie, arbre.valeur) == engine.best_move(engine.from_jeu(jeu), profondeur)
    labels = [n.label for n in arbre.noeuds()]
    assert labels == [tree.etiquette(k) for k in range(len(labels))]


def test_tree_of_a_finished_position_is_a_single_node():
    jeu = jeu_depuis({"joueur1": "Alice", "joueur2": "Bob", "score": [26, 10], "n": 0, "plateau": [1] * 12})
    arbre = tree.arbre_negamax(jeu, 2)
    assert arbre.terminal and arbre.enfants == [] and arbre.valeur == 500 and arbre.case_choisie is None


def test_tree_with_a_student_negaawale_shows_their_values():
    def NegaAwale(jeu, profondeur_max, profondeur):  # forgets the gain: returns -p instead of g - p
        if profondeur == profondeur_max or not exam.tour_suivant(jeu):
            return 0
        vals = [[c, -NegaAwale(exam.gain(jeu, c)[1], profondeur_max, profondeur + 1)]
                for c in exam.cases_possibles(jeu)]
        return exam.max_vals(vals, profondeur)

    arbre = tree.arbre_negamax(facts.Q18_JEU, 2, {"NegaAwale": NegaAwale})
    assert arbre.case_choisie == 1 and {n.label: n.valeur for n in arbre.enfants} == {"b": 0, "e": 0, "i": 0}
    correction = tree.comparer_negamax(facts.Q18_JEU, 2, NegaAwale)
    assert not correction.juste and correction.faux == ["a", "b"]
    assert "(b) profondeur 1, plateau [0, 0, 0, 0, 5, 1, 0, 0, 1, 1, 3, 5] : VJ = 0 au lieu de 4." \
        in str(correction)
    assert "(a) profondeur 0" in str(correction) and "la case choisie = 1 au lieu de 4" in str(correction)


def test_compare_reports_an_exception_without_raising():
    correction = tree.comparer_negamax(facts.Q18_JEU, 1, lambda jeu, p, d: jeu["inconnu"])
    assert not correction.juste and "exception KeyError : 'inconnu'" in str(correction)


@pytest.mark.parametrize("profondeur", [0, 4, "2"])
def test_tree_depth_is_checked(profondeur):
    with pytest.raises(ValueError):
        tree.arbre_negamax(facts.Q18_JEU, profondeur)


# ---------------------------------------------------------------- the Q18 checker
JUSTE = {label: (g, vj) for label, (_, _, g, vj) in facts.Q18_ARBRE.items()}


def test_q18_checker_accepts_the_right_answer():
    correction = tree.verifier_q18(JUSTE, 4)
    assert correction.juste and correction.faux == []
    assert str(correction).endswith("Les 14 nœuds sont justes.")


def test_q18_checker_names_the_wrong_nodes_without_giving_the_values():
    reponses = {**JUSTE, "c": (0, 0), "b": (4, 0), "f": "zéro"}
    del reponses["o"]
    correction = tree.verifier_q18(reponses, 1)
    assert not correction.juste and correction.faux == ["b", "c", "f", "o"]
    texte = str(correction)
    assert "(b) : G juste, VJ faux — VJ = max(G − VJ) sur les enfants du nœud." in texte
    assert "(c) : G faux — rejouez le coup" in texte
    assert "(f) : réponse illisible 'zéro'" in texte
    assert "Pas encore de réponse : o." in texte
    assert "Case choisie : 1 est faux" in texte
    assert "Bilan sur 14 nœuds : 10 juste(s), 3 faux (b, c, f), 1 sans réponse." in texte
    assert [ligne[:3] for ligne in texte.splitlines() if ligne.startswith("(")] == ["(b)", "(c)", "(f)"]


def test_tree_checker_for_any_position():
    arbre = tree.arbre_negamax(jeu_depuis("egai"), 1)
    reponses = {e.label: (e.gain, e.valeur) for e in arbre.enfants}
    assert tree.verifier_arbre(reponses, arbre.case_choisie, arbre).juste
    with pytest.raises(TypeError):
        tree.verifier_q18([(4, 4)], 4)


# ---------------------------------------------------------------- the drawing
def test_q18_drawing_matches_the_reference_image(tmp_path):
    obtenu = tmp_path / "arbre_q18.png"
    dessiner_q18(obtenu)
    assert compare_images(str(REFERENCE), str(obtenu), tol=TOLERANCE) is None
    # The comparison is not blind: hiding the values, or one wrong VJ, is seen as a difference.
    quiz = tmp_path / "arbre_q18_quiz.png"
    dessiner_q18(quiz, montrer_valeurs=False)
    assert compare_images(str(REFERENCE), str(quiz), tol=TOLERANCE) is not None
    faux = tmp_path / "arbre_q18_faux.png"
    dessiner_q18(faux, retouche=lambda arbre: setattr(list(arbre.noeuds())[2], "valeur", 4))
    assert compare_images(str(REFERENCE), str(faux), tol=TOLERANCE) is not None


def test_drawing_says_when_the_position_is_the_reconstruction():
    textes = [t.get_text() for t in tree.dessiner_arbre(tree.arbre_negamax(facts.Q18_JEU, 1)).texts]
    assert tree.NOTE_RECONSTRUCTION in textes
    autre = tree.dessiner_arbre(tree.arbre_negamax(jeu_depuis("egai"), 1))
    assert tree.NOTE_RECONSTRUCTION not in [t.get_text() for t in autre.texts]


def test_large_trees_are_drawn_without_boards():
    arbre = tree.arbre_negamax(jeu_depuis(""), 3)
    noeuds = list(arbre.noeuds())
    assert len(arbre.feuilles()) > tree.FEUILLES_AVEC_PLATEAUX
    fig = tree.dessiner_arbre(arbre)
    textes = [t.get_text() for t in fig.axes[0].texts]
    assert textes.count(f"(a)\n{arbre.valeur}") == 1
    assert f"({noeuds[-1].label})\n{noeuds[-1].valeur}" in textes
    assert len([t for t in textes if t.startswith("G=")]) == len(noeuds) - 1


# ---------------------------------------------------------------- the final notebook
def test_notebook_arbre_negamax_runs_end_to_end(tmp_path):
    sorties = executer_notebook_apparie("arbre_negamax", tmp_path, timeout=120)
    assert not [o for o in sorties if o.output_type == "error"]
    images = [o for o in sorties if "image/png" in o.get("data", {})]
    assert len(images) == 4  # quiz, solution, any position, the student's NegaAwale
    textes = "\n".join(o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in sorties)
    assert "Pas encore de réponse : e, f, g, h, i, j, k, l, m, n, o." in textes  # the checker ran
    assert "la même case à la racine" in textes  # the reference compared with itself
    assert "la case choisie = 1 au lieu de 4" in textes  # the classic mistake is caught
