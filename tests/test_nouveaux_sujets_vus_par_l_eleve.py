"""The Othello and attractor subjects as a student meets them: verdict lines, drawings of wrong data, figures.

- a visible test's line shows a big argument by the name the test cell gave it and a function by its name,
  never the reference's call counts;
- a drawing of the attractor subject given a wrong graph says in French what is wrong, never a traceback;
- every figure of the two subjects has no text under 10 px at 100 % and fits in the notebook's width
  (``tree.LARGEUR_MAX``), and is a figure outside pyplot (a cell shows it once).

The browser side (the Othello board, the figures shown at their size) is in ``tests/test_browser.py``.
"""

from __future__ import annotations

import runpy
import textwrap

import pytest

from awale_ref import tree


def _cellule(tmp_path, source: str, capsys) -> str:
    """Run ``source`` as a notebook cell would (a file outside the package), return what it printed."""
    chemin = tmp_path / "cellule.py"
    chemin.write_text(textwrap.dedent(source), encoding="utf-8")
    runpy.run_path(str(chemin))
    return capsys.readouterr().out


def test_a_passed_example_names_the_graph_and_hides_the_reference_s_call_counts(tmp_path, capsys):
    sortie = _cellule(tmp_path, """
        from awale_ref.sujets.attracteurs import tester
        from awale_ref.sujets.attracteurs.tablettes import G22

        def dico_gagnant_opt(G):
            memo = {}

            def gagnante(x):
                if x not in memo:
                    memo[x] = any(not gagnante(tuple(tuple(p) for p in s)) for s in G[x])
                return memo[x]

            for x in G:
                gagnante(x)
            return memo

        tester("Q15", dico_gagnant_opt, G22)
        """, capsys)
    assert sortie.startswith("✔ dico_gagnant_opt(G=G22) : renvoie {"), sortie
    assert "appels" not in sortie and "'gagnante'" not in sortie, sortie
    assert len(sortie) < 250, sortie  # one or two screen lines, not five


def test_a_function_argument_is_shown_by_its_name(tmp_path, capsys):
    sortie = _cellule(tmp_path, """
        from awale_ref.sujets.othello_epita_2024 import othello as reference
        from awale_ref.sujets.othello_epita_2024 import tester
        from awale_ref.sujets.othello_epita_2024.othello import p_milieu, l_milieu, score

        def ia_minmax(p, l, f, j, n):
            return reference.ia_minmax(p, l, f, j, n)

        tester("Q17", ia_minmax, p_milieu, l_milieu, score, 1, 1)
        """, capsys)
    assert "ia_minmax(p=p_milieu, l=l_milieu, f=score, j=1, n=1) : renvoie" in sortie, sortie
    assert "<function" not in sortie


def test_a_failed_example_names_the_graph_and_reproduces_the_call_with_that_name(tmp_path, capsys):
    from awale_ref.grading.registre.catalogue import EchecTest

    with pytest.raises(EchecTest) as echec:
        _cellule(tmp_path, """
            from awale_ref.sujets.attracteurs import tester
            from awale_ref.sujets.attracteurs.tablettes import G22

            def dico_gagnant(G):
                return {}

            tester("Q14", dico_gagnant, G22)
            """, capsys)
    message = str(echec.value)
    assert "entrée  : dico_gagnant(G=G22)" in message and "Pour le reproduire : dico_gagnant(G22)" in message, message


# ---------------------------------------------------------------- the Othello board
def test_each_othello_cell_is_one_button_that_plays_it_and_the_board_marks_moves():
    from awale_ref.sujets.othello_epita_2024.plateau import PlateauOthello

    vue = PlateauOthello(vitesse=0)
    assert [[c.bouton.tooltip for c in ligne] for ligne in vue.cases][2][3] == "case (2, 3)"
    assert sum("othello-jouable" in c.dessin.value for ligne in vue.cases for c in ligne) == 4
    vue.cases[2][3].bouton.click()
    vue.attendre()
    assert vue.partie.historique == [(1, (2, 3))]
    assert "othello-dernier" in vue.cases[2][3].dessin.value and "À Blanc de jouer" in vue.message.value
    assert sum("othello-dernier" in c.dessin.value for ligne in vue.cases for c in ligne) == 1


# ---------------------------------------------------------------- drawings of wrong data
@pytest.mark.parametrize("graphe, attendu", [
    ({((0, 1), (1, 1)): [[[0, 2]]]}, "la position [[0, 2]] (successeur de ((0, 1), (1, 1))) n'est pas une clé"),
    ({"x": []}, "la clé 'x' n'est pas une position écrite avec Tuple"),
    ([1, 2], "le graphe doit être un dictionnaire"),
    ({((0, 1), (1, 1)): 3}, "la valeur de la clé ((0, 1), (1, 1)) doit être la liste de ses successeurs"),
])
def test_a_wrong_graph_is_told_in_french_by_every_drawing(graphe, attendu):
    from awale_ref.sujets.attracteurs import dessins

    for dessin in (dessins.dessiner_graphe(graphe, 2, 1), dessins.dessiner_attracteur(graphe, 2, 1),
                   dessins.dessiner_gagnantes(graphe, 2, 1, {}), dessins.curseur_attracteur(graphe, 2, 1)):
        assert isinstance(dessin, dessins.Probleme) and attendu in repr(dessin), repr(dessin)
        assert repr(dessin).startswith("Le graphe ne peut pas être dessiné : ")


def test_a_dico_gagnant_that_misses_a_position_is_told_in_french():
    from awale_ref.sujets.attracteurs import dessins
    from awale_ref.sujets.attracteurs.tablettes import G22

    dessin = dessins.dessiner_gagnantes(G22, 2, 2, {})
    assert isinstance(dessin, dessins.Probleme) and "n'a pas de valeur dans le dictionnaire" in repr(dessin)
    assert isinstance(dessins.dessiner_tableau({"C": True}), dessins.Probleme)


# ---------------------------------------------------------------- legibility
def _figures():
    from awale_ref.sujets.attracteurs import dessins, tablettes
    from awale_ref.sujets.othello_epita_2024.arbre import P_ARBRE, arbre_minmax, dessiner_arbre

    G23 = tablettes.graphe(2, 3)
    tableau = {(c, n): (c + n) % 2 == 0 for c in range(1, 5) for n in range(1, 5) if c * n <= 9}
    return {"graphe C = N = 2": dessins.dessiner_graphe(tablettes.G22, 2, 2),
            "gagnantes C = N = 2": dessins.dessiner_gagnantes(tablettes.G22, 2, 2, tablettes.DG22),
            "attracteur C = 2, N = 3": dessins.dessiner_attracteur(G23, 2, 3, 1, 0),
            "attracteur complet C = 2, N = 3": dessins.dessiner_attracteur(G23, 2, 3, 1),
            "tableau Q32": dessins.dessiner_tableau(tableau),
            "arbre Othello": dessiner_arbre(arbre_minmax(P_ARBRE, 1, 2))}


TAILLE_MIN_PX = 10


def test_every_figure_of_the_two_subjects_has_labels_of_10_px_and_fits_the_notebook():
    """At 100 % a figure is shown at its size (``tests/test_browser.py`` checks it is never scaled down): a text
    of ``s`` points is ``s × dpi / 72`` px high."""
    import io

    import matplotlib.pyplot as plt
    from matplotlib.text import Text
    from PIL import Image

    for nom, figure in _figures().items():
        assert figure not in [plt.figure(n) for n in plt.get_fignums()], f"{nom}: a pyplot figure is drawn twice"
        largeur = Image.open(io.BytesIO(figure._repr_png_())).size[0]  # what a notebook shows
        assert largeur <= tree.LARGEUR_MAX * 100 + 1, (nom, largeur)
        tailles = [t.get_fontsize() * figure.dpi / 72 for t in figure.findobj(Text) if t.get_text().strip()]
        assert tailles and min(tailles) >= TAILLE_MIN_PX, (nom, min(tailles))


def test_a_figure_shows_its_title_as_text_never_its_repr():
    """What a notebook keeps beside the picture (``text/plain``, shown wherever the picture is not: a text
    console, a page that drops images) and the picture's ``alt`` in a feedback page: « Dessin : <title> », never
    ``<FigureArbre size 640x395 with 1 Axes>`` nor nbconvert's English « No description has been provided »."""
    from IPython.core.interactiveshell import InteractiveShell

    formateur = InteractiveShell.instance().display_formatter
    for nom, figure in _figures().items():
        donnees, meta = formateur.format(figure)
        texte = donnees["text/plain"]
        assert texte.startswith("Dessin : ") and len(texte) > len("Dessin : ") + 5, (nom, texte)
        assert "<" not in texte and "size" not in texte, (nom, texte)
        assert donnees["image/png"][:4] == b"\x89PNG" and meta["image/png"]["alt"] == texte, nom
