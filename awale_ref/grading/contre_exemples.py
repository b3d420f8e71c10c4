"""The smallest failing case, and how it is shown: a drawn board and the call that reproduces it.

When a rule family fails, the first failing case of the corpus is often a
crowded mid-game board.  :func:`retrecir` shrinks it greedily (fewest seeds
on the board, then the smallest other numbers: turns, scores, depths), asking
``evaluer`` for the student's answers on each batch of smaller candidates and
keeping the smallest one on which the student's function and the reference
still disagree for the same rule.  Only valid inputs are tried (the spec's
``valide`` and the family's selection), so the smaller case tests the same
rule.  ``evaluer`` is the runner in grading (plain data back) or the
function itself in the student's kernel.

>>> print(dessin_texte([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]))
   11  10   9   8   7   6
[   1   0   1   0   1   2 ]   camp adverse
[   0   0   2   0  16   5 ]   joueur qui joue
    0   1   2   3   4   5
"""

from __future__ import annotations

import time
from typing import Any, Callable

from awale_ref import gabarits
from awale_ref.grading.specs import Famille, Spec

TOURS_MAX = 60
DUREE_MAX_S = 10.0
TOURS = ("n", "nb_tours")
"""The keys of a game dict that count the turns: made smaller two by two (the same player moves)."""


def taille(args: tuple, presentation: str = "plateau") -> tuple:
    """How big a case is: seeds on the board first, then every other number (turns, scores, depths);
    for an image, its pixels first (every element of its lists), then every other number."""
    if presentation == "image":
        return _taille_image(args)
    graines, reste = 0, 0
    for valeur in args:
        if isinstance(valeur, dict) and isinstance(valeur.get("plateau"), list):
            graines += sum(valeur["plateau"])
            reste += sum(abs(x) for cle, v in valeur.items() if cle != "plateau"
                         for x in (v if isinstance(v, list) else [v]) if type(x) is int)
        elif isinstance(valeur, list) and len(valeur) == 12 and all(type(g) is int for g in valeur):
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


def _taille_image(valeur: Any) -> tuple[int, int]:
    if isinstance(valeur, (list, tuple)) and not (isinstance(valeur, tuple) and all(type(x) is int for x in valeur)):
        parts = [_taille_image(v) for v in valeur]
        return sum(p for p, _ in parts) + (len(valeur) if isinstance(valeur, list) else 0), sum(r for _, r in parts)
    if isinstance(valeur, dict):
        parts = [_taille_image(v) for v in valeur.values()]
        return sum(p for p, _ in parts), sum(r for _, r in parts)
    if type(valeur) is int:
        return 0, abs(valeur)
    if isinstance(valeur, tuple):  # a position or a colour
        return 0, sum(abs(x) for x in valeur)
    return 0, 0


def _variantes_image(valeur: Any, nom: str) -> list[Any]:
    """Smaller versions of an image (a row or a column less, halved), of a line of pixels or of run
    lengths (an element less, halved), of a number or a position (nearer 0)."""
    if isinstance(valeur, list) and valeur and all(isinstance(l, list) for l in valeur):
        res = []
        if len(valeur) > 1:
            res += [valeur[:-1], valeur[1:], valeur[:(len(valeur) + 1) // 2]]
        if all(len(l) > 1 and len(l) == len(valeur[0]) for l in valeur):
            res += [[l[:-1] for l in valeur], [l[1:] for l in valeur], [l[:(len(l) + 1) // 2] for l in valeur]]
        return res
    if isinstance(valeur, list) and len(valeur) > 1:
        return [valeur[:-1], valeur[1:], valeur[:(len(valeur) + 1) // 2]]
    if type(valeur) is int and valeur > 0:
        return [valeur - 1, valeur // 2, 0]
    if isinstance(valeur, tuple) and len(valeur) == 2 and all(type(x) is int for x in valeur):
        return [(max(0, valeur[0] - 1), valeur[1]), (valeur[0], max(0, valeur[1] - 1))]
    return []


def _variantes(valeur: Any, nom: str, presentation: str = "plateau") -> list[Any]:
    """Smaller versions of one argument (the others unchanged)."""
    if presentation == "image":
        return _variantes_image(valeur, nom)
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
    if isinstance(valeur, list) and len(valeur) == 12 and all(type(g) is int for g in valeur):
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


def candidats(spec: Spec, args: tuple) -> list[tuple]:
    """Valid inputs smaller than ``args`` (one argument made smaller at a time), without duplicates."""
    vus, res = set(), []
    for i, nom in enumerate(spec.parametres):
        for variante in _variantes(args[i], nom, spec.presentation):
            nouveau = args[:i] + (variante,) + args[i + 1:]
            cle = repr(nouveau)
            if cle in vus or taille(nouveau, spec.presentation) >= taille(args, spec.presentation):
                continue
            if spec.valide is not None and not spec.valide(nouveau):
                continue
            vus.add(cle)
            res.append(nouveau)
    return res


def retrecir(spec: Spec, famille: Famille, args: tuple, message: str, evaluer: Callable[[list[tuple]], list],
             attendu_de: Callable[[tuple], dict],
             echec_de: Callable[[tuple, Any, dict], str | None]) -> tuple[tuple, str]:
    """The smallest case found from ``args`` that still fails ``famille``, and its message.

    ``attendu_de(args)``: the reference's observation; ``echec_de(args, answer, expected)``: the
    family's failure message for one answer of ``evaluer``, or ``None``.
    """
    if famille.contrainte == "recursive":
        return args, message
    debut = time.monotonic()
    for _ in range(TOURS_MAX):
        if time.monotonic() - debut > DUREE_MAX_S:
            break
        lot, attendus = [], []
        for candidat in candidats(spec, args):
            try:
                attendu = attendu_de(candidat)
            except Exception:  # an input the reference itself does not take: not a valid case
                continue
            if famille.contrainte is None and not famille.couvre(candidat, attendu):
                continue
            lot.append(candidat)
            attendus.append(attendu)
        if not lot:
            break
        try:
            reponses = evaluer(lot)
        except Exception:  # the runner stopped: keep the case found so far
            break
        echecs = [(taille(c, spec.presentation), i, echec_de(c, r, a))
                  for i, (c, r, a) in enumerate(zip(lot, reponses, attendus))]
        echecs = [(t, i, m) for t, i, m in echecs if m]
        if not echecs:
            break
        _, i, message = min(echecs)
        args = lot[i]
    return args, message


# ---------------------------------------------------------------- drawing the board
def dessin_texte(plateau: list) -> str:
    """The board as ``affiche`` draws it (the opponent's row on top, read from 11 to 6), with the rows named."""
    return "\n".join([
        " " + "".join(f"{i:>4}" for i in range(11, 5, -1)),
        "[" + "".join(f"{g:>4}" for g in plateau[11:5:-1]) + " ]   camp adverse",
        "[" + "".join(f"{g:>4}" for g in plateau[0:6]) + " ]   joueur qui joue",
        " " + "".join(f"{i:>4}" for i in range(6)),
    ])


def dessin_du_cas(contre_exemple: Any) -> str:
    """The smallest failing case drawn as text, with the call that reproduces it ('' if none): what a visible
    test or a self-study check adds to its message (full package and student distribution alike)."""
    if not isinstance(contre_exemple, dict) or "appel" not in contre_exemple:
        return ""
    dessin = dessin_texte(contre_exemple["plateau"]) + "\n" if isinstance(contre_exemple.get("plateau"), list) else ""
    return f"\n{dessin}Pour le reproduire : {contre_exemple['appel']}"


def dessin_html(plateau: list, appel: str) -> str:
    """The board as an HTML table, with the call under it.

    Drawn by the template ``awale_ref/gabarits/contre_exemple_plateau.html``
    (everything escaped): only tags and attributes that every reader of the
    feedback keeps (``pipeline/html_permis.py``: the autograde's sanitiser, the
    feedback page, the formgrader; JupyterLab): no ``style``, a ``class`` for
    the page's CSS.  The opponent's row on top, read from 11 to 6, the pits'
    numbers above and below, each row named, as :func:`dessin_texte` draws it.

    >>> "<td>16</td>" in dessin_html([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], "f()")
    True
    """
    return gabarits.rendre("contre_exemple_plateau.html", plateau=plateau, appel=appel)


# ---------------------------------------------------------------- drawing two images (a function that returns one)
PIXELS_MAX_DESSIN = 250_000  # 500 × 500: the subject's largest input has 40,000 pixels


class ImageTropGrande(ValueError):
    """An image too large to be drawn by the grader (its message, in French, describes it instead)."""


def _pixels(image: Any) -> int:
    return sum(len(ligne) if isinstance(ligne, (list, tuple)) else 1 for ligne in image) \
        if isinstance(image, (list, tuple)) else 0


def images_png(attendue: list, obtenue: Any) -> bytes:
    """The expected image beside the student's, the pixels that differ outlined in red (PNG bytes).

    Drawn by :func:`awale_ref.olympiades.dessins.figure_ecart`, which reads
    every kind of pixel of the subject and copes with what a wrong function
    returns (short rows, ``None``…).  An image of more than
    :data:`PIXELS_MAX_DESSIN` pixels is not drawn (the grader's memory and
    time are bounded whatever the student returns): :class:`ImageTropGrande`.

    >>> images_png([[0]], [[0] * 1000] * 1000)
    Traceback (most recent call last):
    ...
    awale_ref.grading.contre_exemples.ImageTropGrande: Image obtenue : 1000 lignes, 1000000 pixels en tout, trop grande pour être dessinée (au-delà de 250000 pixels).
    """
    import base64

    for nom, image in (("attendue", attendue), ("obtenue", obtenue)):
        if _pixels(image) > PIXELS_MAX_DESSIN:
            raise ImageTropGrande(f"Image {nom} : {len(image)} lignes, {_pixels(image)} pixels en tout, trop "
                                  f"grande pour être dessinée (au-delà de {PIXELS_MAX_DESSIN} pixels).")

    from awale_ref.olympiades.dessins import figure_ecart, png_base64

    return base64.b64decode(png_base64(figure_ecart(attendue, obtenue)).split(",", 1)[1])
