"""The minimax tree of a small Othello position, drawn with the awalé tree's layout (``awale_ref.tree``).

:func:`arbre_minmax` builds the tree that ``ia_minmax_tp`` explores (the reference's, or a student's given
as ``ia``): one child per playable cell, a single « passe » child when the player to move must pass, the
leaves at depth ``n`` valued by the evaluation ``f``; the value of every other node is what ``ia_minmax_tp``
returns there, the maximum of its children for J1 (Noir), the minimum for J2 (Blanc).  :func:`dessiner_arbre`
draws it with :func:`awale_ref.tree.dessiner_arbre_general`, each node as a small 8 × 8 board.

>>> racine = arbre_minmax(P_ARBRE, 1, 2)
>>> [n.label for n in racine.noeuds()], racine.valeur, racine.case_choisie
(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], -83, (3, 1))
>>> [e.valeur for e in racine.enfants]
[-90, -83]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count
from typing import Callable, Iterator

from awale_ref.sujets.othello_epita_2024 import othello, presentation

P_ARBRE = [[-1, -1, -1, -1, -1, -1, -1, -1], [0, -1, -1, 1, -1, -1, 1, -1], [0, 1, -1, 1, 1, 1, 1, -1],
           [0, 0, 1, -1, -1, -1, 1, -1], [1, 1, -1, 1, -1, 1, 1, -1], [1, 1, 1, -1, 1, -1, 1, -1],
           [1, 1, 1, 1, 1, 1, -1, -1], [1, 1, 1, 1, 1, -1, -1, -1]]
"""An end of game from the seeded corpus, Noir (1) to play: two moves, six leaves at depth 2."""
NOMS = {1: "Noir", -1: "Blanc"}
PROFONDEUR_MAX = 3
CASE = 0.13  # inches: a cell of a node's board (8 cells: 1.04 in)


@dataclass
class NoeudOthello:
    """A node: its board ``p`` and frontier ``l``, the player ``j`` to move, the cell played from the parent
    (``None`` for a pass), and ``valeur``, the minimax value (J1's point of view)."""

    label: str
    p: list
    l: list
    j: int
    profondeur: int
    case: tuple | None = None
    valeur: int | None = None
    terminal: bool = False
    choisi: bool = False
    enfants: list[NoeudOthello] = field(default_factory=list)
    case_choisie: tuple | None = None

    def noeuds(self) -> Iterator[NoeudOthello]:
        yield self
        for enfant in self.enfants:
            yield from enfant.noeuds()

    def feuilles(self) -> list[NoeudOthello]:
        return [n for n in self.noeuds() if not n.enfants]


def _etiquette(rang: int) -> str:
    lettres = "abcdefghijklmnopqrstuvwxyz"
    return lettres[rang] if rang < 26 else _etiquette(rang // 26 - 1) + lettres[rang % 26]


def arbre_minmax(p: list, j: int, n: int, f: Callable = othello.evaluation_positions,
                 ia: Callable = othello.ia_minmax_tp) -> NoeudOthello:
    """The tree of ``ia(p, l, f, j, n, False)`` (``ia``: ``ia_minmax_tp``'s signature), ``n`` from 1 to 3."""
    if not isinstance(n, int) or not 1 <= n <= PROFONDEUR_MAX:
        raise ValueError(f"tree depth must be an int from 1 to {PROFONDEUR_MAX}, got {n!r}")
    rangs = count()

    def construire(p: list, l: list, j: int, d: int, tp: bool, case) -> NoeudOthello:
        noeud = NoeudOthello(_etiquette(next(rangs)), p, l, j, d, case)
        jouables = othello.cases_jouables(p, l, j)
        noeud.terminal = not jouables and not othello.cases_jouables(p, l, -j)
        if d == n:  # a leaf: the value ia_naive gives it from its parent
            noeud.valeur = f(p) if case is not None else ia(p, l, f, j, 1, tp)[1]
            return noeud
        noeud.valeur = ia(p, list(l), f, j, n - d, tp)[1]
        if noeud.terminal:
            return noeud
        if not jouables:  # the player passes
            noeud.enfants.append(construire(p, l, -j, d + 1, True, None))
        for c in jouables:
            noeud.enfants.append(construire(othello.poser_jeton(p, c, j), othello.cases_frontieres(p, l, c), -j,
                                            d + 1, False, c))
        return noeud

    racine = construire(othello.copier_plateau(p), othello.cases_frontieres_de(p), j, 0, False, None)
    racine.case_choisie = ia(p, othello.cases_frontieres_de(p), f, j, n, False)[0]
    for enfant in racine.enfants:
        enfant.choisi = enfant.case == racine.case_choisie
    return racine


def _dessiner_plateau(ax, gauche: float, centre_y: float, noeud: NoeudOthello, bord: str, epaisseur: float) -> None:
    presentation.dessiner_plateau(ax, gauche, centre_y - 4 * CASE, noeud.p, CASE, bord, epaisseur, noeud.case)


def dessiner_arbre(arbre: NoeudOthello, montrer_valeurs: bool = True, titre: str | None = None):
    """Draw the tree: the root on the left, one row per leaf, every node with its board; a matplotlib
    ``Figure`` shown as a PNG in a notebook.  ``montrer_valeurs=False`` writes « ? » for the values (a quiz).

    >>> fig = dessiner_arbre(arbre_minmax(P_ARBRE, 1, 2))
    >>> [round(float(v), 2) for v in fig.get_size_inches()][0] <= 8.4
    True
    """
    from awale_ref import tree

    profondeur = max(n.profondeur for n in arbre.noeuds())
    choix = arbre.case_choisie
    titre = titre or (f"Arbre de ia_minmax à la profondeur {profondeur} — {NOMS[arbre.j]} ({arbre.j}) joue"
                      + (f", ia_minmax choisit {choix}" if montrer_valeurs and choix is not None else ""))
    legende = ("Chaque nœud : le plateau (jetons noirs : J1, 1 ; blancs : J2, -1), la case jouée entourée de jaune. "
               "Sur chaque arête, la case jouée et le joueur ; au-dessus de chaque plateau, son nom et sa valeur v, "
               "qui vaut f pour une feuille, le maximum des enfants quand Noir joue, le minimum quand Blanc joue "
               "(±10000 ou 0 pour une partie finie).")
    entetes = [(titre, 11, "bold", "black", "normal"), (legende, tree.TAILLE_MIN, "normal", "#444444", "normal")]

    def textes_arete(parent: NoeudOthello, enfant: NoeudOthello) -> tuple[str, str]:
        return ("passe" if enfant.case is None else f"{enfant.case}"), NOMS[parent.j]

    def textes_noeud(noeud: NoeudOthello) -> tuple[str, str]:
        return f"({noeud.label}){' fin' if noeud.terminal else ''}", f"v = {noeud.valeur if montrer_valeurs else '?'}"

    return tree.dessiner_arbre_general(arbre, entetes, _dessiner_plateau, textes_arete, textes_noeud,
                                       montrer_valeurs, largeur_noeud=8 * CASE, hauteur_noeud=8 * CASE)
