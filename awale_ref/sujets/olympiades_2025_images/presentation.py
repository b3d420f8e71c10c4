"""How a failing case of an image question is shrunk and drawn (the Olympiades' Exercise 1).

The presentation module of the subject (``awale_ref.grading.eleve.retrecissement`` and
``rendu`` call it): a case is made smaller by a row or a column less; when the
function returns an image, the expected one is drawn beside the student's.
"""

from __future__ import annotations

from typing import Any

from awale_ref.grading.eleve.rendu import DessinImpossible


def taille(args: tuple) -> tuple:
    """How big a case is: its pixels first (every element of its lists), then every other number."""
    return _taille_image(args)


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


def variantes(valeur: Any, nom: str) -> list[Any]:
    """Smaller versions of one argument (the others unchanged)."""
    return _variantes_image(valeur, nom)


def est_image(valeur: Any) -> bool:
    """A non-empty list of rows of the same length (an image of the subject)."""
    return (isinstance(valeur, list) and bool(valeur) and all(isinstance(l, list) and l for l in valeur)
            and len({len(l) for l in valeur}) == 1)


def ecart(attendu: dict, obtenu: dict) -> dict | None:
    """The expected and the obtained image of a failing case, to draw side by side (``None``: not images)."""
    if not est_image(attendu.get("renvoie")) or not est_image(obtenu.get("renvoie")) \
            or obtenu["renvoie"] == attendu["renvoie"]:
        return None
    return {"images": {"attendue": attendu["renvoie"], "obtenue": obtenu["renvoie"]}}


LEGENDE_PNG = "Image attendue (à gauche) et image obtenue (à droite), pixels différents en rouge."


def png(contre: dict) -> bytes | None:
    """The expected image beside the student's (PNG), if the failing case has both."""
    images = contre.get("images")
    return images_png(images["attendue"], images["obtenue"]) if isinstance(images, dict) else None


# ---------------------------------------------------------------- drawing two images (a function that returns one)
PIXELS_MAX_DESSIN = 250_000  # 500 × 500: the subject's largest input has 40,000 pixels


class ImageTropGrande(DessinImpossible):
    """An image too large to be drawn by the grader (its message, in French, describes it instead)."""


def _pixels(image: Any) -> int:
    return sum(len(ligne) if isinstance(ligne, (list, tuple)) else 1 for ligne in image) \
        if isinstance(image, (list, tuple)) else 0


def images_png(attendue: list, obtenue: Any) -> bytes:
    """The expected image beside the student's, the pixels that differ outlined in red (PNG bytes).

    Drawn by :func:`awale_ref.sujets.olympiades_2025_images.dessins.figure_ecart`, which reads
    every kind of pixel of the subject and copes with what a wrong function
    returns (short rows, ``None``…).  An image of more than
    :data:`PIXELS_MAX_DESSIN` pixels is not drawn (the grader's memory and
    time are bounded whatever the student returns): :class:`ImageTropGrande`.

    >>> images_png([[0]], [[0] * 1000] * 1000)
    Traceback (most recent call last):
    ...
    awale_ref.sujets.olympiades_2025_images.presentation.ImageTropGrande: Image obtenue : 1000 lignes, 1000000 pixels en tout, trop grande pour être dessinée (au-delà de 250000 pixels).
    """
    import base64

    for nom, image in (("attendue", attendue), ("obtenue", obtenue)):
        if _pixels(image) > PIXELS_MAX_DESSIN:
            raise ImageTropGrande(f"Image {nom} : {len(image)} lignes, {_pixels(image)} pixels en tout, trop "
                                  f"grande pour être dessinée (au-delà de {PIXELS_MAX_DESSIN} pixels).")

    from awale_ref.sujets.olympiades_2025_images.dessins import figure_ecart, png_base64

    return base64.b64decode(png_base64(figure_ecart(attendue, obtenue)).split(",", 1)[1])
