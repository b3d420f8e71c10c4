"""How a failing case of an Othello board is shrunk and drawn (the presentation module of the subject).

``awale_ref.grading.contre_exemples`` calls it: a failing case is made
smaller by removing one disc at a time (the spec's ``valide`` keeps only the
inputs the question is specified for), and its board is drawn as a grid with
its coordinates, ``·`` for an empty cell, ``●`` for a disc of 1 and ``○`` for
a disc of -1, in text and in HTML.  It reads nothing of the reference: the
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


def dessin(args: tuple) -> dict:
    """The board of a call's arguments (its first argument), as plain data; ``{}`` when it has none."""
    return {"plateau": [list(ligne) for ligne in args[0]]} if args and est_plateau(args[0]) else {}


def texte(contre: dict) -> str:
    """The board of a failing case drawn as text ('' when it has none)."""
    return dessin_texte(contre["plateau"]) if est_plateau(contre.get("plateau")) else ""


def html_du_cas(contre: dict) -> str | None:
    """The board of a failing case as HTML, with the call under it (``None`` when it has none)."""
    return dessin_html(contre["plateau"], contre["appel"]) if est_plateau(contre.get("plateau")) else None


def dessin_texte(plateau: list) -> str:
    """The board as a grid: rows x down the side, columns y across the top (``p[x][y]``), and the legend."""
    return "\n".join(["x \\ y " + " ".join(str(y) for y in range(COTE))]
                     + [f"  {x}   " + " ".join(SYMBOLES[v] for v in ligne) for x, ligne in enumerate(plateau)]
                     + [LEGENDE])


def dessin_html(plateau: list, appel: str) -> str:
    """The board as an HTML table (rows x, columns y, as :func:`dessin_texte`), with the call under it.

    Drawn by the template ``gabarits/contre_exemple_othello.html`` of this subject (every value escaped).

    >>> "<td>●</td>" in dessin_html([[1] * 8] * 8, "f('<x>')"), "&lt;x&gt;" in dessin_html([[1] * 8] * 8, "f('<x>')")
    (True, True)
    """
    from awale_ref import gabarits

    return gabarits.rendre("contre_exemple_othello.html", "awale_ref.sujets.othello_epita_2024", plateau=plateau,
                           appel=appel, symboles=SYMBOLES, legende=LEGENDE)
