"""Pictures of the attractor subject: game graphs laid out by depth, the attractor step by step, Q32's table.

A graph is laid out in layers, the depth of a position being the number of moves played (``C*N - len(x)``):
the start on top and one row per layer when no layer holds more than :data:`PAR_RANGEE` positions, else the
start on the left and one column per layer, so that the figure stays within the notebook's width
(``tree.LARGEUR_MAX``).  Each position is drawn as its label in a box, round where J1 must play, square
where J2 must, coloured by whether it is winning for the player who must play there, or by the step at
which it enters an attractor; no text is smaller than ``tree.TAILLE_MIN`` (10 px at 100 %).  The figures
are ``tree.FigureArbre`` objects, outside pyplot: a cell shows each once, as a PNG at its size.  A graph the drawing
cannot read (a successor that is not a key, a key that is not a position) gives a French sentence
(:class:`Probleme`), never a library traceback.  In a graded notebook the runner replaces this module by a
stub: the pictures cost nothing to the grading.  Nothing here uses the reference (``analyse`` has its own
attractor steps): the module is shipped as it is in the students' environment.

>>> dessiner_graphe({((0, 1), (1, 1)): [[[0, 2]]]}, 2, 1)
Le graphe ne peut pas être dessiné : la position [[0, 2]] (successeur de ((0, 1), (1, 1))) n'est pas une clé du graphe ; chaque position atteinte doit avoir sa clé Tuple(position).
"""

from __future__ import annotations

from typing import Any

from awale_ref import tree
from awale_ref.sujets.attracteurs import analyse

COULEUR_GAGNANTE = "#2e8b57"
COULEUR_PERDANTE = "#d9534f"
COULEUR_NEUTRE = "#d0d0d0"
PAR_RANGEE = 6  # positions of a layer drawn side by side at most; beyond, the layers are columns
TAILLE = 8.0  # points: the labels and the legend (11 px at 100 dpi), never under tree.TAILLE_MIN
TAILLE_TITRE = 10.0


class Probleme:
    """Why a drawing cannot be made from the student's data: shown in a notebook as a French sentence."""

    def __init__(self, texte: str) -> None:
        self.texte = f"Le graphe ne peut pas être dessiné : {texte}"

    def __repr__(self) -> str:
        return self.texte


def etiquette(x: tuple) -> str:
    """A position in a few characters: each pile as colour:height (``0:2 1:1``), three piles a line."""
    return "\n".join(" ".join(f"{c}:{h}" for c, h in x[i:i + 3]) for i in range(0, len(x), 3)) or "∅"


def _est_position(x: Any) -> bool:
    return (isinstance(x, (list, tuple)) and len(x) > 0
            and all(isinstance(pile, (list, tuple)) and len(pile) == 2 for pile in x))


def probleme_du_graphe(G: Any, C: int, N: int) -> str | None:
    """What makes ``G`` impossible to draw as the game graph of (C, N), in French; ``None`` if it can be."""
    if not isinstance(G, dict):
        return (f"le graphe doit être un dictionnaire {{Tuple(position): liste des successeurs}} ; "
                f"c'est un objet de type {type(G).__name__}.")
    if not G:
        return "le graphe est un dictionnaire vide."
    for x, successeurs in G.items():
        if not isinstance(x, tuple) or not _est_position(x) or any(not isinstance(p, tuple) for p in x):
            return (f"la clé {x!r} n'est pas une position écrite avec Tuple (un tuple de piles, chacune un "
                    f"tuple (couleur, hauteur)).")
        if not 1 <= len(x) <= C * N:
            return f"la position {x!r} a {len(x)} piles ; pour C = {C}, N = {N}, une position en a de 1 à {C * N}."
        if not isinstance(successeurs, (list, tuple)):
            return (f"la valeur de la clé {x!r} doit être la liste de ses successeurs ; c'est un objet de type "
                    f"{type(successeurs).__name__}.")
        for s in successeurs:
            if not _est_position(s):
                return f"{s!r} (successeur de {x!r}) n'est pas une position : une liste de piles [couleur, hauteur]."
            if analyse.cle(s) not in G:
                return (f"la position {s!r} (successeur de {x!r}) n'est pas une clé du graphe ; chaque position "
                        f"atteinte doit avoir sa clé Tuple(position).")
    return None


def _couleur_du_texte(fond: str) -> str:
    """Black or white, whichever reads better on ``fond``."""
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(fond)
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "white"


def _disposition(G: dict, C: int, N: int) -> tuple[dict, bool, int, int]:
    """``({position: (x, y)}, in rows, widest layer, number of layers)``: layer by depth, sorted within."""
    couches: dict[int, list] = {}
    for x in sorted(G):
        couches.setdefault(C * N - len(x), []).append(x)
    large = max(len(c) for c in couches.values())
    en_rangees = large <= PAR_RANGEE
    pos = {}
    for rang, profondeur in enumerate(sorted(couches)):
        couche = couches[profondeur]
        for i, x in enumerate(couche):
            le_long = i - (len(couche) - 1) / 2
            pos[x] = (le_long, -rang) if en_rangees else (rang, -le_long)
    return pos, en_rangees, large, len(couches)


def _demi_boites(fig: Any, ax: Any, boites: dict) -> dict:
    """``{position: (half width, half height)}`` of each label's box, in data units (measured once)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    rendu = FigureCanvasAgg(fig).get_renderer()
    (x0, y0), (x1, y1) = ax.transData.transform([(0, 0), (1, 1)])
    demi = {}
    for x, texte in boites.items():
        etendue = texte.get_window_extent(rendu)
        marge = 0.35 * TAILLE * fig.dpi / 72 + 1  # the box's pad, its edge
        demi[x] = ((etendue.width / 2 + marge) / (x1 - x0), (etendue.height / 2 + marge) / (y1 - y0))
    return demi


def _bord(depart: tuple, vers: tuple, demi: tuple) -> tuple:
    """Where the segment from the centre ``depart`` towards ``vers`` leaves the box of half sizes ``demi``."""
    dx, dy = vers[0] - depart[0], vers[1] - depart[1]
    t = min(demi[0] / abs(dx) if dx else float("inf"), demi[1] / abs(dy) if dy else float("inf"), 1.0)
    return depart[0] + t * dx, depart[1] + t * dy


def dessiner_graphe(G: dict, C: int, N: int, couleurs: dict | None = None, titre: str = "",
                    legende: dict | None = None) -> Any:
    """Draw the game graph ``G`` of (C, N); ``couleurs``: ``{position: colour}`` (grey by default).

    Returns the matplotlib figure (shown once by Jupyter), or a :class:`Probleme` saying in French why
    ``G`` cannot be drawn."""
    from matplotlib.lines import Line2D

    probleme = probleme_du_graphe(G, C, N)
    if probleme:
        return Probleme(probleme)
    pos, en_rangees, large, nb_couches = _disposition(G, C, N)
    pas_le_long, pas_entre = (1.0, 0.8) if en_rangees else (0.42, 1.25)  # inches between two positions
    le_long, entre = large * pas_le_long, nb_couches * pas_entre
    largeur, hauteur = (le_long, entre) if en_rangees else (entre, le_long)
    largeur = min(max(largeur + 0.4, 6.4), tree.LARGEUR_MAX)
    bas = 0.25 + 0.2 * -(-(2 + len(legende or {})) // 3)  # inches: the legend's rows, three entries a row
    total = hauteur + bas + 0.3  # and the title's line
    fig = tree.FigureArbre(figsize=(largeur, total), dpi=100)  # shown as a PNG at its size
    ax = fig.add_axes((0, bas / total, 1, hauteur / total))
    ax.axis("off")
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
    ax.set_ylim(min(ys) - 0.5, max(ys) + 0.5)
    couleurs = couleurs or {}
    boites = {}
    for x, (px, py) in pos.items():
        fond = couleurs.get(x, COULEUR_NEUTRE)
        forme = "round,pad=0.35" if analyse.joueur(x, C, N) == 1 else "square,pad=0.35"
        boites[x] = ax.text(px, py, etiquette(x), ha="center", va="center", fontsize=TAILLE, zorder=2,
                            color=_couleur_du_texte(fond), family="DejaVu Sans",
                            bbox={"boxstyle": forme, "facecolor": fond, "edgecolor": "black", "linewidth": 0.8})
    demi = _demi_boites(fig, ax, boites)
    aretes = 0
    for x, successeurs in G.items():
        for s in successeurs:
            y = analyse.cle(s)
            aretes += 1
            ax.annotate("", xy=_bord(pos[y], pos[x], demi[y]), xytext=_bord(pos[x], pos[y], demi[x]), zorder=1,
                        arrowprops={"arrowstyle": "-|>", "color": "#777777", "lw": 0.8, "shrinkA": 0, "shrinkB": 0})
    poignees = [Line2D([], [], marker="o", ls="", color="white", markeredgecolor="black", markersize=9,
                       label="J1 doit jouer (arrondi)"),
                Line2D([], [], marker="s", ls="", color="white", markeredgecolor="black", markersize=9,
                       label="J2 doit jouer (carré)")]
    for texte, couleur in (legende or {}).items():
        poignees.append(Line2D([], [], marker="s", ls="", color=couleur, markersize=9, label=texte))
    fig.legend(handles=poignees, loc="lower center", fontsize=TAILLE, ncol=min(3, len(poignees)), frameon=False)
    fig.suptitle(titre or f"Graphe du jeu, C = {C}, N = {N} : {len(G)} positions, {aretes} coups",
                 fontsize=TAILLE_TITRE, y=0.995, va="top")
    return fig


def dessiner_gagnantes(G: dict, C: int, N: int, dg: dict) -> Any:
    """The graph, each position green when it is winning (``dg``, the dict of Q14) for the player who must play
    there, red otherwise."""
    probleme = probleme_du_graphe(G, C, N)
    if probleme is None and not isinstance(dg, dict):
        probleme = f"dico_gagnant doit renvoyer un dictionnaire {{position: booléen}} ; il renvoie {dg!r:.200}."
    manquante = next((x for x in G if x not in dg), None) if probleme is None else None
    if manquante is not None:
        probleme = (f"la position {manquante!r} n'a pas de valeur dans le dictionnaire de dico_gagnant (il doit "
                    f"avoir une clé pour chaque position du graphe).")
    if probleme:
        return Probleme(probleme)
    couleurs = {x: COULEUR_GAGNANTE if dg[x] else COULEUR_PERDANTE for x in G}
    return dessiner_graphe(G, C, N, couleurs, legende={"gagnante (pour qui doit jouer)": COULEUR_GAGNANTE,
                                                       "perdante": COULEUR_PERDANTE})


def couleur_etape(etape: int, fin: int) -> str:
    """The colour of attractor step ``etape`` of ``fin`` (light: entered early, dark: late)."""
    import matplotlib

    return matplotlib.colors.to_hex(matplotlib.colormaps["viridis"](1 - etape / max(fin, 1) * 0.85))


def couleurs_niveaux(rangs: dict, jusqua: int | None = None) -> dict:
    """``{position: colour}``: one colour per attractor step, grey if not (yet) in."""
    fin = max([r for r in rangs.values() if r is not None] + [1])
    return {x: (COULEUR_NEUTRE if r is None or (jusqua is not None and r > jusqua) else couleur_etape(r, fin))
            for x, r in rangs.items()}


def _fin_attracteur(rangs: dict) -> int:
    return max([r for r in rangs.values() if r is not None] + [0])


def dessiner_attracteur(G: dict, C: int, N: int, joueur: int = 1, etape: int | None = None) -> Any:
    """The attractor of J<joueur>, each position coloured by the step at which it enters it (up to ``etape``)."""
    probleme = probleme_du_graphe(G, C, N)
    if probleme:
        return Probleme(probleme)
    rangs = analyse.rangs(G, C, N, joueur)
    fin = _fin_attracteur(rangs)
    k = fin if etape is None else etape
    titre = (f"Attracteur de J{joueur} (C = {C}, N = {N}) après {k} étape(s) sur {fin} : "
             f"{sum(1 for r in rangs.values() if r is not None and r <= k)} positions")
    legende = {f"entrée à l'étape {i}": couleur_etape(i, fin) for i in range(k + 1)}
    return dessiner_graphe(G, C, N, couleurs_niveaux(rangs, k), titre, legende=legende)


def curseur_attracteur(G: dict, C: int, N: int, joueur: int = 1) -> Any:
    """A slider over the steps of the attractor of J<joueur>: each step redraws the graph (ipywidgets); a
    :class:`Probleme` when ``G`` cannot be drawn."""
    probleme = probleme_du_graphe(G, C, N)
    if probleme:
        return Probleme(probleme)
    import ipywidgets as widgets
    from IPython.display import display

    fin = _fin_attracteur(analyse.rangs(G, C, N, joueur))
    sortie = widgets.Output()

    def montrer(etape: int) -> None:
        with sortie:
            sortie.clear_output(wait=True)
            display(dessiner_attracteur(G, C, N, joueur, etape))

    curseur = widgets.IntSlider(value=0, min=0, max=fin, step=1, description="étape",
                                continuous_update=False)
    curseur.observe(lambda change: montrer(change["new"]), names="value")
    montrer(0)
    return widgets.VBox([curseur, sortie])


def dessiner_tableau(tableau: dict) -> Any:
    """Q32's table: ``{(C, N): True when J1 wins}`` as a grid (green: J1 wins, red: J2 wins); a
    :class:`Probleme` when ``tableau`` is not such a dict."""
    from matplotlib.patches import Rectangle

    def entier(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if not isinstance(tableau, dict) or not tableau:
        recu = f"{tableau!r}"[:200]
        return Probleme(f"Q32_tableau doit être un dictionnaire non vide {{(C, N): booléen}} ; reçu {recu}.")
    mauvaise = next((k for k in tableau if not (isinstance(k, tuple) and len(k) == 2 and all(map(entier, k)))), None)
    if mauvaise is not None:
        return Probleme(f"la clé {mauvaise!r} de Q32_tableau n'est pas un couple d'entiers (C, N).")
    Cs = sorted({c for c, _ in tableau})
    Ns = sorted({n for _, n in tableau})
    fig = tree.FigureArbre(figsize=(min(1.0 * len(Ns) + 1.4, tree.LARGEUR_MAX), 0.6 * len(Cs) + 0.9), dpi=100)
    ax = fig.add_subplot()
    for i, C in enumerate(Cs):
        for j, N in enumerate(Ns):
            if (C, N) not in tableau:
                continue
            j1 = bool(tableau[(C, N)])
            ax.add_patch(Rectangle((j, i), 1, 1, color=COULEUR_GAGNANTE if j1 else COULEUR_PERDANTE))
            ax.text(j + 0.5, i + 0.5, "J1" if j1 else "J2", ha="center", va="center", color="white",
                    fontsize=11, fontweight="bold")
    ax.set_xlim(0, len(Ns))
    ax.set_ylim(len(Cs), 0)
    ax.set_xticks([j + 0.5 for j in range(len(Ns))], [f"N = {n}" for n in Ns], fontsize=TAILLE + 1)
    ax.set_yticks([i + 0.5 for i in range(len(Cs))], [f"C = {c}" for c in Cs], fontsize=TAILLE + 1)
    ax.set_title("Qui gagne en jouant bien, depuis init(C, N)", fontsize=TAILLE_TITRE)
    ax.tick_params(length=0)
    fig.tight_layout()
    return fig
