"""The negamax tree of a position (Q18–Q19): computed, drawn with matplotlib, compared with a student's.

:func:`arbre_negamax` builds the tree of ``NegaAwale`` at depth 1–3 with the
exam's functions (computed by the engine, :mod:`awale_ref.fonctions_moteur`) or a student's: nodes labelled (a), (b), … depth
first as the exam labels its left branch, each with its board, the gain G on
the edge from its parent and its value VJ for the player to move there.
:func:`dessiner_arbre` draws it; :func:`comparer_negamax` compares a
student's ``NegaAwale`` with the reference on every node of a tree (the CCINP's Q18 answer is checked in its
folder, ``awale_ref.sujets.ccinp_2024.arbre_q18``).

>>> from awale_ref import corpus
>>> jeu = dict(corpus.cas_limites())['Q18 tree position']
>>> arbre = arbre_negamax(jeu, 2)
>>> arbre.valeur, arbre.case_choisie, [(e.label, e.case, e.gain, e.valeur) for e in arbre.enfants]
(2, 4, [('b', 1, 4, 4), ('e', 4, 2, 0), ('i', 5, 0, 0)])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import count
import textwrap

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from awale_ref import engine, fonctions_moteur
from awale_ref.figures import FigureDecrite
from awale_ref.widget.partie import etiquette_case
from awale_ref.widget.regles import de

PROFONDEUR_MAX_ARBRE = 3
FONCTIONS_ARBRE = ("NegaAwale", "gain", "cases_possibles", "tour_suivant")
"""The exam functions an arbre can take from a student."""

# Drawing: fixed sizes and fonts so that the PNG is the same on every machine.
STYLE = {
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "text.antialiased": True,
    "figure.dpi": 100,
    "savefig.dpi": 100,
}
VERT, GRIS, BOIS, TRAIT = "#38761d", "#888888", "#fbf3e6", "#ffd966"
# Sizes in inches (at 100 dpi, 1 inch = 100 px): a pit of a node's board, the line above a board (its
# label and VJ), a node (its board), the gap for an edge, a row (one per leaf), the margins, the narrowest
# and widest figure.
CASE, ENTETE_NOEUD, ARETE, MARGE = 0.22, 0.2, 0.65, 0.15
NOEUD = 6 * CASE
LIGNE = 2 * CASE + ENTETE_NOEUD + 0.1
# LARGEUR_MAX: JupyterLab's output area in a 1280-px-wide window with the file browser open is about
# 848 px; a wider image would be scaled down, its text with it.
LARGEUR_MIN, LARGEUR_MAX = 6.6, 8.4
TAILLE_MIN = 7.5  # points: no text of the drawing is smaller (10.4 px at 100 dpi)
TAILLE_CASE = 11  # points: the counts in the boards, 15.3 px at 100 dpi, digits 11 px tall (0.73 em)
HAUTEUR_CHIFFRE_MIN = 11  # px: the height of a digit of a board at 100 % zoom


@dataclass
class Noeud:
    """A node of the negamax tree.

    ``case`` and ``gain`` (G) describe the edge from the parent (the pit in
    the parent's mover view); ``valeur`` is VJ, the value of the node for its
    player to move; ``choisi`` marks the root's chosen move.
    """

    label: str
    jeu: dict
    profondeur: int
    case: int | None = None
    gain: int | None = None
    valeur: int | None = None
    terminal: bool = False
    choisi: bool = False
    enfants: list[Noeud] = field(default_factory=list)
    case_choisie: int | None = None  # at the root: what NegaAwale(jeu, p, 0) returned

    def noeuds(self) -> Iterator[Noeud]:
        """Every node, depth first (label order)."""
        yield self
        for enfant in self.enfants:
            yield from enfant.noeuds()

    def feuilles(self) -> list[Noeud]:
        return [n for n in self.noeuds() if not n.enfants]

    @property
    def joueur(self) -> str:
        """The name of the player to move at this node."""
        return self.jeu['joueur1'] if fonctions_moteur.tour_joueur1(self.jeu) else self.jeu['joueur2']


def etiquette(rang: int) -> str:
    """The label of the ``rang``-th node (from 0): a … z, then aa, ab, …

    >>> [etiquette(k) for k in (0, 1, 25, 26, 27)]
    ['a', 'b', 'z', 'aa', 'ab']
    """
    lettres = "abcdefghijklmnopqrstuvwxyz"
    if rang < 26:
        return lettres[rang]
    return etiquette(rang // 26 - 1) + lettres[rang % 26]


def _fonctions(fonctions: dict[str, Callable] | None) -> dict[str, Callable]:
    fonctions = dict(fonctions or {})
    for nom in fonctions:
        if nom not in FONCTIONS_ARBRE:
            raise ValueError(f"unknown tree function {nom!r} (expected one of {', '.join(FONCTIONS_ARBRE)})")
    return {nom: fonctions.get(nom, getattr(fonctions_moteur, nom)) for nom in FONCTIONS_ARBRE}


def arbre_negamax(jeu: dict, profondeur: int, fonctions: dict[str, Callable] | None = None) -> Noeud:
    """The negamax tree of ``jeu`` at depth ``profondeur`` (1 to 3).

    The children of a node are its ``cases_possibles``, reached with
    ``gain``; VJ of a node below the root is ``NegaAwale(copie, profondeur,
    depth of the node)`` and the root's chosen pit is ``NegaAwale(copie,
    profondeur, 0)``, so a student's functions (``fonctions``, names from
    :data:`FONCTIONS_ARBRE`) draw their own tree.  VJ of the root is the best
    ``G − VJ`` of its children (the exam's NegaAwale returns a pit there).
    Every function gets a copy: ``jeu`` is left untouched.

    >>> racine = arbre_negamax(engine.to_jeu(engine.initial_position(), "Alice", "Bob"), 1)
    >>> [n.label for n in racine.noeuds()], racine.case_choisie
    (['a', 'b', 'c', 'd', 'e', 'f', 'g'], 0)
    """
    if not isinstance(profondeur, int) or not 1 <= profondeur <= PROFONDEUR_MAX_ARBRE:
        raise ValueError(f"tree depth must be an int from 1 to {PROFONDEUR_MAX_ARBRE}, got {profondeur!r}")
    f = _fonctions(fonctions)
    rangs = count()

    def construire(position: dict, niveau: int, case=None, gain=None) -> Noeud:
        noeud = Noeud(etiquette(next(rangs)), fonctions_moteur.copie(position), niveau, case, gain)
        noeud.terminal = not f["tour_suivant"](fonctions_moteur.copie(position))
        if not noeud.terminal and niveau < profondeur:
            for coup in f["cases_possibles"](fonctions_moteur.copie(position)):
                g, suite = f["gain"](fonctions_moteur.copie(position), coup)
                noeud.enfants.append(construire(suite, niveau + 1, coup, g))
        if niveau > 0:
            noeud.valeur = f["NegaAwale"](fonctions_moteur.copie(position), profondeur, niveau)
        return noeud

    racine = construire(jeu, 0)
    choix = f["NegaAwale"](fonctions_moteur.copie(jeu), profondeur, 0)
    if racine.terminal:
        racine.valeur = choix  # a finished root: the exam's NegaAwale returns its value
    else:
        racine.case_choisie = choix
        racine.valeur = max(e.gain - e.valeur for e in racine.enfants)
        for enfant in racine.enfants:
            enfant.choisi = enfant.case == choix
    return racine


def position_la_plus_large(profondeur: int = PROFONDEUR_MAX_ARBRE) -> dict:
    """The position of the test corpus whose tree at ``profondeur`` has the most leaves.

    The largest tree a student can ask for from a corpus position: the drawing is checked on it.
    """
    from awale_ref import corpus
    return max(corpus.corpus_positions(), key=lambda jeu: len(arbre_negamax(jeu, profondeur).feuilles()))


# ---------------------------------------------------------------- drawing
class FigureArbre(FigureDecrite):
    """A matplotlib ``Figure`` that shows itself as a PNG at its real size (100 dpi) in any notebook,
    with or without ``%matplotlib inline``; its text (``text/plain``, and the picture's ``alt`` in a page) is
    a French sentence with its title, never the figure's repr (:class:`awale_ref.figures.FigureDecrite`)."""

    def _repr_png_(self) -> bytes:
        import io
        tampon = io.BytesIO()
        self.savefig(tampon, format="png", dpi=STYLE["figure.dpi"], metadata={"Software": None})
        return tampon.getvalue()


def _plateau_affiche(jeu: dict, orientation: str) -> tuple[list[int], bool]:
    """The 12 counts as drawn (index k = board label k) and whether the mover's row is the bottom one.

    >>> _plateau_affiche({'n': 1, 'plateau': list(range(12))}, "fixe")
    ([6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5], False)
    """
    plateau = jeu['plateau']
    affiche = [plateau[etiquette_case(k, jeu['n'], orientation)] for k in range(12)]
    return affiche, etiquette_case(0, jeu['n'], orientation) == 0


def _dessiner_plateau(ax, gauche: float, centre_y: float, jeu: dict, orientation: str, bord: str,
                      epaisseur: float) -> None:
    """A small board (inches): labels 11…6 on top, 0…5 at the bottom; the mover's row shaded."""
    affiche, trait_en_bas = _plateau_affiche(jeu, orientation)
    haut = centre_y - CASE  # y grows downwards
    for colonne in range(6):
        for rangee, indice in ((0, 11 - colonne), (1, colonne)):
            au_trait = (rangee == 1) == trait_en_bas
            ax.add_patch(Rectangle((gauche + colonne * CASE, haut + rangee * CASE), CASE, CASE,
                                   facecolor=TRAIT if au_trait else BOIS, edgecolor="#a9743f", linewidth=0.6))
            ax.text(gauche + (colonne + 0.5) * CASE, haut + (rangee + 0.5) * CASE, str(affiche[indice]),
                    ha="center", va="center_baseline", fontsize=TAILLE_CASE)
    ax.add_patch(Rectangle((gauche, haut), 6 * CASE, 2 * CASE, fill=False, edgecolor=bord, linewidth=epaisseur))


def _lignes(texte: str, largeur_pouces: float, taille: float) -> str:
    """``texte`` wrapped to a width in inches at font size ``taille`` (a DejaVu Sans character ≈ 0.6 em)."""
    return "\n".join(textwrap.wrap(texte, max(20, int(largeur_pouces * 72 / (0.6 * taille)))))


def dessiner_arbre(arbre: Noeud, montrer_valeurs: bool = True, titre: str | None = None,
                   note: str = "", orientation: str = "fixe") -> Figure:
    """Draw the tree lying on its side: the root on the left, one row per leaf, every node with its board.

    Each node shows its label and VJ above its board; each edge the pit
    played and G; the chosen move is green.  A node stands on the row of its
    first child (an outline): the root is on the first row, at the top of the
    figure, whatever the depth.  Sizes are fixed in inches and fonts never go
    below :data:`TAILLE_MIN` points, the boards' counts are
    :data:`TAILLE_CASE` points: a bigger tree makes a *taller* figure (the
    notebook scrolls), never smaller text.  At 100 dpi the width
    stays under :data:`LARGEUR_MAX` inches for depths 1–3, so the image is
    shown at its real size.  ``orientation="fixe"`` (the default) draws
    every board as the exam's tree does, joueur1's row at the bottom (labels
    0–5) and pits named by these labels; ``"joueur"`` turns each board for the
    player to move, like ``jeu['plateau']``.  ``montrer_valeurs=False`` writes
    "?" instead of G and VJ (for a quiz).  ``note``, when given, is written
    under the title in red italics (where the position comes from).
    Returns a matplotlib ``Figure`` (no pyplot state).

    >>> from awale_ref import corpus
    >>> fig = dessiner_arbre(arbre_negamax(dict(corpus.cas_limites())['Q18 tree position'], 2))
    >>> [round(float(v), 2) for v in fig.get_size_inches()]
    [6.6, 9.59]
    """
    etiquette_case(0, 0, orientation)  # checks the orientation
    profondeur = max(n.profondeur for n in arbre.noeuds())
    titre = titre or (f"Arbre de NegaAwale à la profondeur {profondeur} — à {arbre.joueur} de jouer"
                      + (f", NegaAwale choisit {_nom_case(arbre, arbre.case_choisie, orientation)}"
                         if montrer_valeurs and arbre.case_choisie is not None else ""))
    entetes = [(titre, 11, "bold", "black", "normal")]
    if note:
        entetes.append((note, 8.5, "normal", "#990000", "italic"))
    legende = ("Chaque petit plateau est vu comme dans l'arbre de l'énoncé : rangée "
               f"{de(arbre.jeu['joueur1'])} en bas (cases 0 à 5), celle {de(arbre.jeu['joueur2'])} en haut "
               "(cases 6 à 11). " if orientation == "fixe" else
               "Chaque petit plateau est tourné pour le joueur qui doit y jouer (ses cases 0 à 5 en bas). ")
    legende += ("Rangée jaune : le joueur qui doit jouer. Sur chaque arête : la case jouée et G, les graines "
                "prises ; au-dessus de chaque plateau : son nom et VJ, la valeur du nœud pour le joueur qui doit "
                "y jouer. Chaque nœud est sur la ligne de son premier enfant.")
    entetes.append((legende, TAILLE_MIN, "normal", "#444444", "normal"))

    def textes_arete(parent: Noeud, enfant: Noeud) -> tuple[str, str]:
        return (_nom_case(parent, enfant.case, orientation)[3:],
                f"G = {enfant.gain if montrer_valeurs else '?'}")

    def textes_noeud(noeud: Noeud) -> tuple[str, str]:
        fin = " fin" if noeud.terminal else ""  # a finished game
        return f"({noeud.label}){fin}", f"VJ = {noeud.valeur if montrer_valeurs else '?'}"

    return dessiner_arbre_general(
        arbre, entetes, lambda ax, x, y, noeud, bord, epaisseur: _dessiner_plateau(ax, x, y, noeud.jeu, orientation,
                                                                                   bord, epaisseur),
        textes_arete, textes_noeud, montrer_valeurs)


def dessiner_arbre_general(arbre, entetes: list[tuple[str, float, str, str, str]], dessiner_noeud: Callable,
                           textes_arete: Callable, textes_noeud: Callable, montrer_valeurs: bool = True,
                           largeur_noeud: float = NOEUD, hauteur_noeud: float = 2 * CASE) -> Figure:
    """The layout of :func:`dessiner_arbre` for any game tree: the root on the left, one row per leaf.

    ``arbre``: a node with ``enfants``, ``profondeur``, ``choisi`` (and ``noeuds()``, ``feuilles()``);
    ``entetes``: the texts above the tree, ``(text, size, weight, colour, style)``, wrapped here;
    ``dessiner_noeud(ax, left, middle_y, node, border colour, border width)`` draws a node's position
    in a ``largeur_noeud`` × ``hauteur_noeud`` box (inches); ``textes_arete(parent, child)`` the texts
    above and below an edge (the move, its gain); ``textes_noeud(node)`` those left and right above a
    node (its name, its value).  The chosen moves are green when ``montrer_valeurs``.
    """
    import matplotlib

    feuilles = arbre.feuilles()
    profondeur = max(n.profondeur for n in arbre.noeuds())
    demi, ligne = hauteur_noeud / 2, hauteur_noeud + ENTETE_NOEUD + 0.1
    # Rows: one per leaf (y: the middle of a board), a parent on the row of its first child.
    rang_y: dict[int, float] = {id(f): MARGE + ENTETE_NOEUD + demi + k * ligne for k, f in enumerate(feuilles)}

    def placer(noeud) -> float:
        if noeud.enfants:
            rang_y[id(noeud)] = [placer(e) for e in noeud.enfants][0]
        return rang_y[id(noeud)]

    placer(arbre)
    largeur = max(LARGEUR_MIN, 2 * MARGE + (profondeur + 1) * largeur_noeud + profondeur * ARETE)
    hauteur_arbre = 2 * MARGE + len(feuilles) * ligne - 0.1
    entetes = [(_lignes(texte, largeur - 2 * MARGE, taille), taille, graisse, couleur, style)
               for texte, taille, graisse, couleur, style in entetes]
    hauteur_entete = MARGE + sum((texte.count("\n") + 1) * taille * 1.35 / 72 + 0.06
                                 for texte, taille, *_ in entetes)
    hauteur = hauteur_entete + hauteur_arbre
    with matplotlib.rc_context(STYLE):
        fig = FigureArbre(figsize=(largeur, hauteur))
        y = MARGE
        for texte, taille, graisse, couleur, style in entetes:
            fig.text(MARGE / largeur, 1 - y / hauteur, texte, ha="left", va="top", fontsize=taille,
                     fontweight=graisse, color=couleur, style=style, linespacing=1.2)
            y += (texte.count("\n") + 1) * taille * 1.35 / 72 + 0.06
        ax = fig.add_axes((0, 0, 1, hauteur_arbre / hauteur))
        ax.set_xlim(0, largeur)
        ax.set_ylim(hauteur_arbre, 0)  # one unit = one inch, y downwards
        ax.axis("off")
        for noeud in arbre.noeuds():
            x, y = MARGE + noeud.profondeur * (largeur_noeud + ARETE), rang_y[id(noeud)]
            vert = noeud.choisi and montrer_valeurs
            for enfant in noeud.enfants:
                xe, ye = MARGE + enfant.profondeur * (largeur_noeud + ARETE), rang_y[id(enfant)]
                choisi = enfant.choisi and montrer_valeurs
                couleur, epaisseur = (VERT, 2.5) if choisi else (GRIS, 1.0)
                coude = x + largeur_noeud + 0.12
                ax.plot([x + largeur_noeud - 0.02, coude, coude, xe - 0.04], [y, y, ye, ye], color=couleur,
                        linewidth=epaisseur, zorder=1, solid_joinstyle="miter")
                haut, bas = textes_arete(noeud, enfant)
                milieu = (coude + xe) / 2
                couleur_texte = VERT if choisi else "black"
                ax.text(milieu, ye - 0.03, haut, ha="center", va="bottom", fontsize=TAILLE_MIN, color=couleur_texte)
                ax.text(milieu, ye + 0.03, bas, ha="center", va="top", fontsize=TAILLE_MIN + 0.5,
                        fontweight="bold", color=couleur_texte)
            bord, epaisseur = (VERT, 2.5) if vert else ("#5b3a1a", 1.0)
            dessiner_noeud(ax, x, y, noeud, bord, epaisseur)
            dessus = y - demi - 0.03
            nom, valeur = textes_noeud(noeud)
            ax.text(x, dessus, nom, ha="left", va="bottom", fontsize=9, fontweight="bold")
            ax.text(x + largeur_noeud, dessus, valeur, ha="right", va="bottom", fontsize=TAILLE_MIN + 0.5,
                    fontweight="bold", color=VERT if vert else "black")
    return fig


def _nom_case(parent: Noeud, case: int, orientation: str) -> str:
    """The pit played from ``parent``, named by its label on the drawn boards."""
    return f"la case {etiquette_case(case, parent.jeu['n'], orientation)}"


# ---------------------------------------------------------------- checking answers
@dataclass
class Correction:
    """A checked answer: ``juste`` and the French feedback lines (``str()`` joins them)."""

    juste: bool
    lignes: list[str]
    faux: list[str] = field(default_factory=list)  # the labels of the wrong nodes

    def __str__(self) -> str:
        return "\n".join(self.lignes)

    __repr__ = __str__


def comparer_negamax(jeu: dict, profondeur: int, NegaAwale: Callable) -> Correction:
    """Compare a student's ``NegaAwale`` with the reference on every node of the tree of ``jeu``.

    Each node below the root is evaluated with ``NegaAwale(copie, profondeur,
    depth of the node)``, the root with ``NegaAwale(copie, profondeur, 0)``
    (a pit); an exception is reported, not raised.

    >>> from awale_ref import corpus
    >>> print(comparer_negamax(dict(corpus.cas_limites())['Q18 tree position'], 2, fonctions_moteur.NegaAwale))
    Les 15 nœuds donnent la même valeur que la référence, et la même case à la racine (4).
    """
    reference = arbre_negamax(jeu, profondeur)
    lignes, faux = [], []
    for noeud in reference.noeuds():
        niveau = noeud.profondeur
        try:
            obtenu = NegaAwale(fonctions_moteur.copie(noeud.jeu), profondeur, niveau)
        except Exception as erreur:  # the student's bug, reported in French
            obtenu = f"exception {type(erreur).__name__} : {erreur}"
        attendu = noeud.valeur if niveau > 0 else reference.case_choisie
        if niveau == 0 and noeud.terminal:
            attendu = noeud.valeur
        if obtenu != attendu:
            faux.append(noeud.label)
            quoi = "la case choisie" if niveau == 0 and not noeud.terminal else "VJ"
            lignes.append(f"({noeud.label}) profondeur {niveau}, plateau {noeud.jeu['plateau']} : "
                          f"{quoi} = {obtenu} au lieu de {attendu}.")
    if not faux:
        lignes.append(f"Les {sum(1 for _ in reference.noeuds())} nœuds donnent la même valeur que la "
                      f"référence, et la même case à la racine ({reference.case_choisie}).")
    else:
        lignes.append(f"{len(faux)} nœud(s) différent(s) de la référence : {', '.join(faux)}.")
    return Correction(not faux, lignes, faux)
