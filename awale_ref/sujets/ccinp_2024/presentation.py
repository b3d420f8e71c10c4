"""How a failing case of an awalé board is shrunk and drawn (the CCINP's, and the lycée awalé's).

The presentation module of a subject (``awale_ref.grading.eleve.retrecissement`` and
``rendu`` call it): a case is made smaller by emptying or halving pits and lowering
turns, scores and depths; it is drawn as ``affiche`` draws the board, in text
and in HTML.

>>> print(dessin_texte([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]))
   11  10   9   8   7   6
[   1   0   1   0   1   2 ]   camp adverse
[   0   0   2   0  16   5 ]   joueur qui joue
    0   1   2   3   4   5
"""

from __future__ import annotations

from typing import Any

TOURS = ("n", "nb_tours")
"""The keys of a game dict that count the turns: made smaller two by two (the same player moves)."""
CASES = 12


def taille(args: tuple) -> tuple:
    """How big a case is: seeds on the board first, then every other number (turns, scores, depths)."""
    graines, reste = 0, 0
    for valeur in args:
        if isinstance(valeur, dict) and isinstance(valeur.get("plateau"), list):
            graines += sum(valeur["plateau"])
            reste += sum(abs(x) for cle, v in valeur.items() if cle != "plateau"
                         for x in (v if isinstance(v, list) else [v]) if type(x) is int)
        elif isinstance(valeur, list) and len(valeur) == CASES and all(type(g) is int for g in valeur):
            graines += sum(valeur)
        elif isinstance(valeur, list):  # Q20's [case, value] pairs
            reste += len(valeur) * 100 + sum(abs(x) for paire in valeur for x in paire)
        elif type(valeur) is int:
            reste += abs(valeur)
    return graines, reste


def _plateaux_plus_petits(plateau: list) -> list[list]:
    """Boards with fewer seeds: a pit emptied, halved, or one seed less."""
    res = []
    for i, g in enumerate(plateau):
        for nouveau in sorted({0, g // 2, g - 1}):
            if 0 <= nouveau < g:
                res.append(plateau[:i] + [nouveau] + plateau[i + 1:])
    return res


def variantes(valeur: Any, nom: str) -> list[Any]:
    """Smaller versions of one argument (the others unchanged)."""
    if isinstance(valeur, dict) and isinstance(valeur.get("plateau"), list):
        res = [{**valeur, "plateau": p} for p in _plateaux_plus_petits(valeur["plateau"])]
        for cle, v in valeur.items():
            if cle in TOURS and type(v) is int and v >= 2:  # keep the parity: the same player moves
                res += [{**valeur, cle: v % 2}, {**valeur, cle: v - 2}]
            elif cle not in TOURS and type(v) is int and v > 0:  # a score of the lycée's dict
                res += [{**valeur, cle: nouveau} for nouveau in (0, v // 2, v - 1)]
            elif isinstance(v, list) and len(v) == 2 and cle != "plateau":  # the CCINP's score list
                for j in range(2):
                    if type(v[j]) is int and v[j] > 0:
                        for nouveau in (0, v[j] // 2, v[j] - 1):
                            res.append({**valeur, cle: v[:j] + [nouveau] + v[j + 1:]})
        return res
    if isinstance(valeur, list) and len(valeur) == CASES and all(type(g) is int for g in valeur):
        return _plateaux_plus_petits(valeur)
    if isinstance(valeur, list) and valeur and all(isinstance(p, list) and len(p) == 2 for p in valeur):
        res = [valeur[:i] + valeur[i + 1:] for i in range(len(valeur)) if len(valeur) > 1]
        for i, (case, val) in enumerate(valeur):
            for nouveau in (0, val // 2, val - 1 if val > 0 else val + 1):
                if abs(nouveau) < abs(val):
                    res.append(valeur[:i] + [[case, nouveau]] + valeur[i + 1:])
        return res
    if type(valeur) is int and nom in ("profondeur_max", "profondeur") and valeur > 0:
        return [valeur - 1, 0]
    return []


def dessin(args: tuple) -> dict:
    """The board of a call's arguments, if it has one (a board, or a game's board), as plain data."""
    premier = args[0] if args else None
    if isinstance(premier, dict) and isinstance(premier.get("plateau"), list):
        return {"plateau": list(premier["plateau"])}
    if isinstance(premier, list) and len(premier) == CASES and all(type(g) is int for g in premier):
        return {"plateau": list(premier)}
    return {}


def texte(contre: dict) -> str:
    """The board of a failing case drawn as text ('' when it has none)."""
    return dessin_texte(contre["plateau"]) if isinstance(contre.get("plateau"), list) else ""


def html_du_cas(contre: dict) -> str | None:
    """The board of a failing case as HTML, with the call under it (``None`` when it has none)."""
    return dessin_html(contre["plateau"], contre["appel"]) if isinstance(contre.get("plateau"), list) else None


def dessin_texte(plateau: list) -> str:
    """The board as ``affiche`` draws it (the opponent's row on top, read from 11 to 6), with the rows named."""
    return "\n".join([
        " " + "".join(f"{i:>4}" for i in range(11, 5, -1)),
        "[" + "".join(f"{g:>4}" for g in plateau[11:5:-1]) + " ]   camp adverse",
        "[" + "".join(f"{g:>4}" for g in plateau[0:6]) + " ]   joueur qui joue",
        " " + "".join(f"{i:>4}" for i in range(6)),
    ])


def dessin_html(plateau: list, appel: str) -> str:
    """The board as an HTML table, with the call under it.

    Drawn by the template ``gabarits/contre_exemple_plateau.html`` of this
    subject (everything escaped): only tags and attributes that every reader of
    the feedback keeps (``pipeline/html_permis.py``: the autograde's sanitiser,
    the feedback page, the formgrader; JupyterLab): no ``style``, a ``class``
    for the page's CSS.  The opponent's row on top, read from 11 to 6, the
    pits' numbers above and below, each row named, as :func:`dessin_texte`
    draws it.

    >>> "<td>16</td>" in dessin_html([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], "f()")
    True
    """
    from awale_ref import gabarits

    return gabarits.rendre("contre_exemple_plateau.html", "awale_ref.sujets.ccinp_2024", plateau=plateau, appel=appel)
