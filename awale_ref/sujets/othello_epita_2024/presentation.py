"""How a failing case of an Othello board is shrunk and drawn (the presentation module of the subject).

``awale_ref.grading.eleve.retrecissement`` and ``rendu`` call it: a failing case is made
smaller by removing one disc at a time (the spec's ``domaine`` keeps only the
inputs the question is specified for), and its board is drawn as a grid with
its coordinates, ``·`` for an empty cell, ``●`` for a disc of 1 and ``○`` for
a disc of -1, in text and in HTML (styled by ``pipeline/gabarits/awale.css``),
and as a picture (:func:`png`, drawn by :func:`dessiner_plateau`, which the
minimax tree's nodes use too).  It reads nothing of the reference: the
students' environment gets it as it is (``Sujet.modules_eleves``).

>>> p = [[0] * 8 for _ in range(8)]
>>> p[3][3], p[3][4] = -1, 1
>>> print(dessin_texte(p))
x \\ y 0 1 2 3 4 5 6 7
  0   · · · · · · · ·
  1   · · · · · · · ·
  2   · · · · · · · ·
  3   · · · ○ ● · · ·
  4   · · · · · · · ·
  5   · · · · · · · ·
  6   · · · · · · · ·
  7   · · · · · · · ·
● : jeton de 1, ○ : jeton de -1, · : case vide
>>> [taille((p, (2, 3))) > taille((v, (2, 3))) for v in variantes(p, "p")]
[True, True]
"""

from __future__ import annotations

from typing import Any

COTE = 8
SYMBOLES = {0: "·", 1: "●", -1: "○"}
CLASSES = {0: "vide", 1: "noir", -1: "blanc"}
"""The class of a cell of the HTML board (``othello-noir``…), styled by ``pipeline/gabarits/awale.css``."""
LEGENDE = "● : jeton de 1, ○ : jeton de -1, · : case vide"


def est_plateau(valeur: Any) -> bool:
    """An 8×8 list of lists of 0, 1 and -1 (ints)."""
    return (type(valeur) is list and len(valeur) == COTE
            and all(type(ligne) is list and len(ligne) == COTE for ligne in valeur)
            and all(type(v) is int and v in SYMBOLES for ligne in valeur for v in ligne))


def taille(args: tuple) -> tuple:
    """How big a case is: the discs on its boards."""
    return (sum(1 for a in args if est_plateau(a) for ligne in a for v in ligne if v != 0),)


def variantes(valeur: Any, nom: str) -> list[Any]:
    """Smaller versions of a board: one disc removed (the other arguments are not made smaller)."""
    if not est_plateau(valeur):
        return []
    res = []
    for x in range(COTE):
        for y in range(COTE):
            if valeur[x][y] != 0:
                plateau = [list(ligne) for ligne in valeur]
                plateau[x][y] = 0
                res.append(plateau)
    return res


def frontiere(plateau: list) -> list[tuple[int, int]]:
    """The empty cells next to a disc, row by row (what the notebook's ``l`` holds)."""
    return [(x, y) for x in range(COTE) for y in range(COTE) if plateau[x][y] == 0 and any(
        plateau[a][b] for a in range(max(x - 1, 0), min(x + 2, COTE)) for b in range(max(y - 1, 0), min(y + 2, COTE)))]


def variantes_du_cas(args: tuple, parametres: tuple) -> list[tuple]:
    """Smaller cases of a question whose list ``l`` is the frontier of its board ``p`` (Q7, Q11, Q17, Q18): one
    disc removed, and ``l`` made the new board's frontier with it (the cells kept in ``l``'s order, the new
    ones after them, row by row); the spec's ``domaine`` keeps those the question is specified for.

    >>> p = [[0] * 8 for _ in range(8)]
    >>> p[3][3], p[3][4] = -1, 1
    >>> [(q[3][3:5], len(l)) for q, l in variantes_du_cas((p, frontiere(p)), ("p", "l"))]
    [([0, 1], 8), ([-1, 0], 8)]
    """
    if "p" not in parametres or "l" not in parametres:
        return []
    i, k = parametres.index("p"), parametres.index("l")
    p, l = args[i], args[k]
    if not est_plateau(p) or type(l) is not list or sorted(map(tuple, l)) != frontiere(p):
        return []
    cas = []
    for plus_petit in variantes(p, "p"):
        nouvelle = frontiere(plus_petit)
        gardees = [tuple(c) for c in l if tuple(c) in nouvelle]
        nouveau = list(args)
        nouveau[i], nouveau[k] = plus_petit, gardees + [c for c in nouvelle if c not in gardees]
        cas.append(tuple(nouveau))
    return cas


def est_case(valeur: Any) -> bool:
    """A cell ``(x, y)`` of the board (a tuple or a list of two ints from 0 to 7)."""
    return (type(valeur) in (tuple, list) and len(valeur) == 2
            and all(type(v) is int and 0 <= v < COTE for v in valeur))


def dessin(args: tuple) -> dict:
    """The board of a call's arguments (its first argument) and the cell played, as plain data; ``{}`` when
    it has no board.  The cell played (``joue``) is the first argument after the board that is a cell: ``c``
    in the questions that play or test a cell (``cases_frontieres(p, l, c)``, ``est_direction_possible(p, c,
    d, j)``, ``capturer(p, c, d)``, ``poser_jeton(p, c, j)``…).

    >>> p = [[0] * 8 for _ in range(8)]
    >>> dessin((p, [(2, 3)], (2, 4), 1))["joue"], "joue" in dessin((p, [(2, 3)], 1))
    ([2, 4], False)
    """
    if not args or not est_plateau(args[0]):
        return {}
    joue = next((list(a) for a in args[1:] if est_case(a)), None)
    return {"plateau": [list(ligne) for ligne in args[0]], **({"joue": joue} if joue is not None else {})}


def _joue(contre: dict) -> tuple[int, int] | None:
    return tuple(contre["joue"]) if est_case(contre.get("joue")) else None


def texte(contre: dict) -> str:
    """The board of a failing case drawn as text, and the cell played ('' when it has no board)."""
    if not est_plateau(contre.get("plateau")):
        return ""
    joue = _joue(contre)
    return dessin_texte(contre["plateau"]) + (f"\ncase jouée : {joue}" if joue is not None else "")


def html_du_cas(contre: dict) -> str | None:
    """The board of a failing case as HTML, the cell played framed, with the call under it (``None`` when it
    has no board)."""
    return (dessin_html(contre["plateau"], contre["appel"], _joue(contre)) if est_plateau(contre.get("plateau"))
            else None)


def dessin_texte(plateau: list) -> str:
    """The board as a grid: rows x down the side, columns y across the top (``p[x][y]``), and the legend."""
    return "\n".join(["x \\ y " + " ".join(str(y) for y in range(COTE))]
                     + [f"  {x}   " + " ".join(SYMBOLES[v] for v in ligne) for x, ligne in enumerate(plateau)]
                     + [LEGENDE])


def dessin_html(plateau: list, appel: str, joue: tuple[int, int] | None = None) -> str:
    """The board as an HTML table (rows x, columns y, as :func:`dessin_texte`), the cell ``joue`` framed
    (class ``othello-joue``), with the call under it.

    Drawn by the template ``gabarits/contre_exemple_othello.html`` of this subject (every value escaped).

    >>> '<td class="othello-noir">●</td>' in dessin_html([[1] * 8] * 8, "f('<x>')"), "&lt;x&gt;" in dessin_html([[1] * 8] * 8, "f('<x>')")
    (True, True)
    >>> dessin_html([[0] * 8] * 8, "f()", (2, 3)).count('class="othello-vide othello-joue"')
    1
    """
    from awale_ref import gabarits

    return gabarits.rendre("contre_exemple_othello.html", "awale_ref.sujets.othello_epita_2024", plateau=plateau,
                           appel=appel, symboles=SYMBOLES, classes=CLASSES, legende=LEGENDE,
                           joue=tuple(joue) if joue is not None else None)


# ---------------------------------------------------------------- the board as a picture
LEGENDE_PNG = ("Le plus petit plateau qui échoue : jetons noirs de 1 (J1), blancs de -1 (J2) ; lignes x à gauche, "
               "colonnes y en haut, comme p[x][y].")
FOND, BORD = "#2e7d32", "#1b5e20"


def dessiner_plateau(ax, gauche: float, haut: float, plateau: list, case: float, bord: str = BORD,
                     epaisseur: float = 1.0, joue: tuple | None = None) -> None:
    """Draw ``plateau`` on the matplotlib axes ``ax`` (y growing downwards): its top-left corner at
    ``(gauche, haut)``, cells of side ``case``, black discs for 1, white ones for -1, the cell ``joue``
    outlined in yellow."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle, Rectangle

    ax.add_patch(Rectangle((gauche, haut), COTE * case, COTE * case, facecolor=FOND, edgecolor=bord,
                           linewidth=epaisseur))
    jetons = [Circle((gauche + (y + 0.5) * case, haut + (x + 0.5) * case), 0.42 * case,
                     facecolor="#111111" if plateau[x][y] == 1 else "#fafafa", edgecolor="#000000", linewidth=0.4)
              for x in range(COTE) for y in range(COTE) if plateau[x][y]]
    # one collection, inside the board already counted: adding each disc would recompute the axes' limits
    ax.add_collection(PatchCollection(jetons, match_original=True), autolim=False)
    if joue is not None:
        x, y = joue
        ax.add_patch(Rectangle((gauche + y * case, haut + x * case), case, case, fill=False, edgecolor="#f1c232",
                               linewidth=1.5))


def png(contre: dict) -> bytes | None:
    """The board of a failing case as a PNG, with its coordinates and the cell played outlined (``None`` when
    the case has no board).

    >>> png({"plateau": [[0] * 8] * 8})[:4], png({})
    (b'\\x89PNG', None)
    """
    plateau = contre.get("plateau")
    if not est_plateau(plateau):
        return None
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(3.0, 3.0), dpi=100)
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0.1, 0.02, 0.86, 0.86))
    dessiner_plateau(ax, 0, 0, plateau, 1.0, joue=_joue(contre))
    for i in range(COTE + 1):  # the grid
        ax.plot([0, COTE], [i, i], color=BORD, linewidth=0.6)
        ax.plot([i, i], [0, COTE], color=BORD, linewidth=0.6)
    ax.set_xlim(0, COTE)
    ax.set_ylim(COTE, 0)
    ax.set_aspect("equal")
    ax.xaxis.tick_top()
    ax.set_xticks([i + 0.5 for i in range(COTE)], [str(i) for i in range(COTE)])
    ax.set_yticks([i + 0.5 for i in range(COTE)], [str(i) for i in range(COTE)])
    ax.tick_params(length=0, labelsize=9)
    ax.set_xlabel("y")
    ax.xaxis.set_label_position("top")
    ax.set_ylabel("x", rotation=0, labelpad=8)
    sortie = io.BytesIO()
    figure.savefig(sortie, format="png")
    return sortie.getvalue()
