"""The negamax tree (awale_ref.tree): values, drawing, and the Q18 checker.

The reference image tests/data/arbre_q18.png is written by
``python -c "from tests.test_tree import dessiner_q18; dessiner_q18('tests/data/arbre_q18.png')"``
(run from the project root after an intended change of the drawing; look at it before committing).
"""

from pathlib import Path

import matplotlib
import pytest
from matplotlib.testing.compare import compare_images

from awale_ref import engine, tree
from awale_ref.sujets.ccinp_2024 import arbre_q18, facts
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.widget import jeu_depuis
from notebooks_apparies import executer_notebook_apparie
from outils import engine_initial, mesurer_arbre

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
    fig = tree.dessiner_arbre(arbre, montrer_valeurs=montrer_valeurs, note=facts.NOTE_RECONSTRUCTION)
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
    assert arbre.jeu == facts.Q18_JEU


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
    correction = arbre_q18.verifier_q18(JUSTE, 4)
    assert correction.juste and correction.faux == []
    assert str(correction).endswith("Les 14 nœuds sont justes.")


def test_q18_checker_names_the_wrong_nodes_without_giving_the_values():
    reponses = {**JUSTE, "c": (0, 0), "b": (4, 0), "f": "zéro"}
    del reponses["o"]
    correction = arbre_q18.verifier_q18(reponses, 1)
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
    assert arbre_q18.verifier_arbre(reponses, arbre.case_choisie, arbre).juste
    with pytest.raises(TypeError):
        arbre_q18.verifier_q18([(4, 4)], 4)


# ---------------------------------------------------------------- the drawing
def test_q18_drawing_matches_the_reference_image(tmp_path):
    obtenu = tmp_path / "arbre_q18.png"
    dessiner_q18(obtenu)
    assert compare_images(str(REFERENCE), str(obtenu), tol=TOLERANCE) is None
    # The comparison is not blind: hiding the values, or one wrong VJ, is seen as a difference.
    quiz = tmp_path / "arbre_q18_quiz.png"
    dessiner_q18(quiz, montrer_valeurs=False)
    assert _differe(REFERENCE, quiz)
    faux = tmp_path / "arbre_q18_faux.png"
    dessiner_q18(faux, retouche=lambda arbre: setattr(list(arbre.noeuds())[2], "valeur", 4))
    assert _differe(REFERENCE, faux)


def _differe(attendu, obtenu) -> bool:
    """True when the two PNGs differ beyond TOLERANCE (a different size is a difference)."""
    from matplotlib.testing.exceptions import ImageComparisonFailure
    try:
        return compare_images(str(attendu), str(obtenu), tol=TOLERANCE) is not None
    except ImageComparisonFailure:
        return True


def test_drawing_says_when_the_position_is_the_reconstruction():
    def textes(fig):
        return [t.get_text().replace("\n", " ") for t in fig.texts]

    note = facts.NOTE_RECONSTRUCTION
    assert note in textes(tree.dessiner_arbre(tree.arbre_negamax(facts.Q18_JEU, 1), note=note))
    assert note not in textes(tree.dessiner_arbre(tree.arbre_negamax(facts.Q18_JEU, 1)))


@pytest.fixture(scope="module")
def plus_large():
    return tree.position_la_plus_large(3)


@pytest.mark.parametrize("profondeur", [1, 2, 3])
def test_every_tree_is_readable_at_its_real_size(plus_large, profondeur):
    """Every node has its label, board and VJ, every edge its pit and G; no text below TAILLE_MIN; none overlap."""
    import numpy as np
    arbre = tree.arbre_negamax(plus_large, profondeur)
    noeuds = list(arbre.noeuds())
    fig = tree.dessiner_arbre(arbre)
    largeur, _ = fig.get_size_inches()
    assert largeur <= tree.LARGEUR_MAX  # shown at 100 % in a notebook: text is never shrunk
    textes = fig.axes[0].texts
    contenus = [t.get_text() for t in textes]
    assert [c for c in contenus if c.startswith("(")] == [f"({n.label})" + (" fin" if n.terminal else "")
                                                           for n in noeuds]
    assert len([c for c in contenus if c.startswith("VJ = ")]) == len(noeuds)
    assert len([c for c in contenus if c.startswith("G = ")]) == len(noeuds) - 1
    assert len([c for c in contenus if c.startswith("case ")]) == len(noeuds) - 1
    assert len([c for c in contenus if c.isdigit()]) == 12 * len(noeuds)  # a board per node
    assert min(t.get_fontsize() for t in fig.texts + textes) >= tree.TAILLE_MIN
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    rendu = FigureCanvasAgg(fig).get_renderer()
    boites = np.array([t.get_window_extent(rendu).extents for t in fig.texts + textes])
    x0, y0, x1, y1 = (boites[:, k] for k in range(4))
    chevauche = ((x0[:, None] < x1[None, :] - 0.5) & (x0[None, :] < x1[:, None] - 0.5)
                 & (y0[:, None] < y1[None, :] - 0.5) & (y0[None, :] < y1[:, None] - 0.5))
    np.fill_diagonal(chevauche, False)
    assert not chevauche.any(), [contenus[k] for k in np.argwhere(chevauche)[0]]


@pytest.mark.parametrize("profondeur", [1, 2, 3])
def test_the_boards_digits_are_11_px_tall_and_the_root_is_at_the_top(profondeur):
    """At 100 % zoom the digits of every board are at least 11 px tall, and the root is
    on the first row of the tree, under the title (within the first 300 px), whatever the depth."""
    fig = tree.dessiner_arbre(tree.arbre_negamax(engine_initial(), profondeur))
    mesure = mesurer_arbre(fig)
    assert min(mesure["chiffres"]) >= tree.HAUTEUR_CHIFFRE_MIN, mesure["chiffres"][:12]
    assert mesure["haut_racine"] < 300, mesure["haut_racine"]


def test_boards_are_drawn_as_in_the_exam_alice_at_the_bottom():
    arbre = tree.arbre_negamax(facts.Q18_JEU, 2)
    b = arbre.enfants[0]  # Bob to move at (b): his view is turned back for the drawing
    assert b.jeu["n"] % 2 == 1
    affiche, trait_en_bas = tree._plateau_affiche(b.jeu, "fixe")
    assert affiche == b.jeu["plateau"][6:] + b.jeu["plateau"][:6] and not trait_en_bas
    assert tree._plateau_affiche(b.jeu, "joueur") == (b.jeu["plateau"], True)
    textes = [t.get_text() for t in tree.dessiner_arbre(arbre).axes[0].texts]
    # Bob's replies from (b) are his pits 4 and 5, drawn at labels 10 and 11 (as in the exam's tree).
    assert textes.count("case 10") >= 1 and "case 11" in textes
    tournes = [t.get_text() for t in tree.dessiner_arbre(arbre, orientation="joueur").axes[0].texts]
    assert "case 10" not in tournes and "case 11" not in tournes
    with pytest.raises(ValueError):
        tree.dessiner_arbre(arbre, orientation="tournée")


def test_the_reconstruction_is_described_the_same_way_everywhere():
    """One sentence, in the drawing and in both notebooks that use the Q18 position."""
    racine = Path(__file__).resolve().parent.parent
    note = facts.NOTE_RECONSTRUCTION
    for chemin in (racine / "notebooks" / "arbre_negamax.py", racine / "awale_ref/sujets/ccinp_2024/cours/partie3_ia.py"):
        texte = " ".join(ligne.lstrip("# ").strip() for ligne in chemin.read_text().splitlines())
        assert note in texte, chemin
        for ancien in ("corrigé", "la même forme et les mêmes valeurs"):
            assert ancien not in texte, (chemin, ancien)


# ---------------------------------------------------------------- the final notebook
def test_notebook_arbre_negamax_runs_end_to_end(tmp_path):
    sorties = executer_notebook_apparie("arbre_negamax", tmp_path, timeout=120)
    assert not [o for o in sorties if o.output_type == "error"]
    images = [o for o in sorties if "image/png" in o.get("data", {})]
    assert len(images) == 3  # quiz, any position, the student's NegaAwale: the solution waits to be asked for
    textes = "\n".join(o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in sorties)
    assert "Pas encore de réponse : e, f, g, h, i, j, k, l, m, n, o." in textes  # the checker ran
    assert "Solution cachée : mettez voir_la_solution = True" in textes
    assert "la même case à la racine" in textes  # the reference compared with itself
    assert "la case choisie = 1 au lieu de 4" in textes  # the classic mistake is caught
