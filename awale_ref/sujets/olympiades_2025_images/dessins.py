"""Pictures of Exercise 1 (image compression), drawn with matplotlib, where people look rather than read.

- :func:`figure_image`, :func:`figure_images`, :func:`figure_comparaison`:
  one image, several side by side, an image beside what a transformation
  made of it (black and white, 8 colours);
- :func:`figure_rectangles`: an image with the rectangles of a compressed
  image ``(ha, la, l_rect)`` outlined and numbered in list order;
- :func:`figure_ecart`: an expected image beside the one a function
  returned, the pixels that differ outlined in red (the feedback of a failed
  hidden test), with :func:`pixels_differents`;
- :func:`taux_compression`, :func:`texte_compression`: what each code keeps
  against the pixels it replaces;
- :func:`png_base64`: a figure as a ``data:`` URI; :func:`montrer`: the same
  pictures in a notebook (displayed, then closed).

**How a pixel is read** (``codage``, one per image; :data:`CODAGES`).  The
subject gives three kinds of pixel: ``0``/``1`` (black and white: 0 black,
1 white), an int 0–7 (8 grey levels: 0 black … 7 white) and an RGB triplet
of ints 0–255; Part 1 adds the "8 colours", triplets of 0 and 1 (each level
0 or 255).  Part 3 calls ``img1`` (ints 0–7) an "image en 8 couleurs" but
never says which colour an int stands for; the only reading of an int 0–7
the subject gives is a grey level, so that is the default here (as in
``corpus_images``, where such images are the ``"gris"`` kind).  Whoever wants
colours may pass ``codage="bits"``: the int is then read as three bits
``4·r + 2·g + b`` in the order of the triplets (R, G, B), so that 0 is black,
7 white, 4 red, 2 green and 1 blue, the colours ``passer_en_8_couleurs``
makes; it is our reading, not the subject's.  Without ``codage`` the kind is
guessed from the values: ints all 0 or 1 → ``"nb"``, other ints 0–7 →
``"gris"``, triplets whose levels are all 0 or 1 → ``"8couleurs"``, other
triplets → ``"rgb"`` (a grey image that only uses 0 and 1, or an RGB image
that only uses levels 0 and 1, needs its ``codage``).

An image is a non-empty list of rows of the same length, a row a non-empty
list of pixels (a triplet may be a tuple or a list, ``images.LECTURES
['triplets']``); anything else raises ``ValueError`` with the row and column
of the first fault.  Every ``figure_*`` function returns a :class:`FigureImages` (a
matplotlib ``Figure`` drawn by the Agg canvas, without pyplot: no global
state, no window, the backend of the notebook is left alone) that shows
itself as a PNG in any notebook (``figure_image(img, ax=ax)`` draws on a
given axes and returns its figure).  Small images get their pixel grid, row
and column numbers and, for int pixels, their values; large ones (up to
200 × 200) only the colours.

>>> fig = figure_images([[0, 1], [1, 0]], [[(255, 0, 0)]], titres=["damier", "rouge"])
>>> len(fig.axes), [codage_image(img) for img in ([[0, 1]], [[0, 7]], [[(1, 0, 1)]], [[(9, 0, 1)]])]
(2, ['nb', 'gris', '8couleurs', 'rgb'])
>>> pixels_rgb([[7, 4, 2, 1]], "bits").tolist()
[[[255, 255, 255], [255, 0, 0], [0, 255, 0], [0, 0, 255]]]
>>> taux_compression([[0, 0, 0, 0], [1, 1, 1, 1]])["taux_longueurs"]
0.375
"""

from __future__ import annotations

import base64
import io
import numbers
import sys
from collections.abc import Sequence
from typing import Any

import matplotlib
import numpy as np
from matplotlib import patheffects
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from awale_ref.figures import FigureDecrite
from awale_ref.sujets.olympiades_2025_images import images

CODAGES = {
    "nb": "noir et blanc",
    "gris": "8 niveaux de gris",
    "bits": "8 couleurs (entiers)",
    "8couleurs": "8 couleurs",
    "rgb": "couleurs RVB",
}
"""How a pixel is read (key) and its name in a title (French, shown to students)."""

STYLE = {"font.family": "DejaVu Sans", "font.size": 9, "figure.dpi": 100, "savefig.dpi": 100}
"""Fixed fonts and resolution (1 inch = 100 px), so that a picture is the same on every machine."""

PANNEAU = 3.2
"""Largest side of one image, inches."""
LARGEUR_MAX = 8.4
"""Widest figure, inches: JupyterLab shows it at its real size (as ``awale_ref.tree``)."""
ALLONGEMENT_MAX = 10
"""A longer side more than this many times the shorter one is drawn only this many times longer."""
GRILLE_MAX = 50
"""The pixel grid is drawn up to this many rows and columns (row and column numbers: where they fit)."""
PATCHES_MAX = 400
"""Up to this many marks (rectangles, differing pixels), each is its own patch; beyond, one collection."""
ROUGE = "#e00000"
"""The outlines: rectangles of a compressed image and differing pixels."""
ABSENT = "#c8c8c8"
"""The hatching of a place where an image has no pixel (:func:`figure_ecart`)."""


class FigureImages(FigureDecrite):
    """A matplotlib ``Figure`` drawn by the Agg canvas that shows itself as a PNG (100 dpi, cut to what is
    drawn) in any notebook, described in French by its titles (:class:`awale_ref.figures.FigureDecrite`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        FigureCanvasAgg(self)

    def _repr_png_(self) -> bytes:
        tampon = io.BytesIO()
        self.savefig(tampon, format="png", dpi=STYLE["figure.dpi"], metadata={"Software": None},
                     bbox_inches="tight", pad_inches=0.05)
        return tampon.getvalue()


# ---------------------------------------------------------------- reading the pixels
def _est_entier(x: Any) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def _est_triplet(p: Any) -> bool:
    return isinstance(p, (tuple, list)) and len(p) == 3 and all(_est_entier(x) for x in p)


def _rgb_pixel(p: Any, codage: str) -> tuple[int, int, int] | None:
    """The RGB levels (0–255) of ``p`` read as ``codage``, None if ``p`` is no pixel of ``codage``."""
    if codage in ("nb", "gris", "bits"):
        if not _est_entier(p) or not 0 <= p <= (1 if codage == "nb" else 7):
            return None
        if codage == "bits":
            return (255 * ((p >> 2) & 1), 255 * ((p >> 1) & 1), 255 * (p & 1))
        g = 255 * int(p) if codage == "nb" else round(255 * int(p) / 7)
        return (g, g, g)
    if not _est_triplet(p) or not all(0 <= x <= (1 if codage == "8couleurs" else 255) for x in p):
        return None
    return tuple(int(x) * (255 if codage == "8couleurs" else 1) for x in p)  # type: ignore[return-value]


_ATTENDU = {
    "nb": "0 (black) or 1 (white)",
    "gris": "an int 0–7 (grey level)",
    "bits": "an int 0–7 (bits R, G, B)",
    "8couleurs": "a triplet of 0 and 1",
    "rgb": "a triplet of ints 0–255",
}


def _verifier_forme(img: Any, nom: str, stricte: bool = True) -> None:
    """``img`` is a list of lists; ``stricte``: non-empty, every row non-empty and of the same length;
    else rows may also be tuples (what a function returned)."""
    if not isinstance(img, list):
        raise ValueError(f"{nom} must be a list of rows (lists of pixels), got {type(img).__name__}: {img!r:.80}")
    for i, ligne in enumerate(img):
        if not isinstance(ligne, list) and (stricte or not isinstance(ligne, tuple)):
            raise ValueError(f"{nom}: row {i} must be a list of pixels, got {type(ligne).__name__}: {ligne!r:.80}")
    if not stricte:
        return
    if not img:
        raise ValueError(f"{nom} has no row: an image has at least one row and one column")
    if not img[0]:
        raise ValueError(f"{nom}: row 0 is empty: an image has at least one row and one column")
    for i, ligne in enumerate(img):
        if len(ligne) != len(img[0]):
            raise ValueError(f"{nom} is not rectangular: row {i} has {len(ligne)} pixel{'s' * (len(ligne) != 1)}, "
                             f"row 0 has {len(img[0])}")


def codage_image(img: Any, codage: str | None = None, nom: str = "image") -> str:
    """Check ``img`` and return how its pixels are read: ``codage`` if given, else guessed (module docstring).

    >>> codage_image([[0, 2], [7, 1]])
    'gris'
    >>> codage_image([[0, 1], [2]])
    Traceback (most recent call last):
    ...
    ValueError: image is not rectangular: row 1 has 1 pixel, row 0 has 2
    >>> codage_image([[(0, 0, 0), 1]])
    Traceback (most recent call last):
    ...
    ValueError: image mixes RGB triplets and int pixels: row 0, column 1 is 1, row 0, column 0 is (0, 0, 0)
    """
    _verifier_forme(img, nom)
    if codage is not None:
        if codage not in CODAGES:
            raise ValueError(f"unknown codage {codage!r}: one of {', '.join(map(repr, CODAGES))}")
        for i, ligne in enumerate(img):
            for j, p in enumerate(ligne):
                if _rgb_pixel(p, codage) is None:
                    raise ValueError(f"{nom}: row {i}, column {j} is {p!r:.40}, not a pixel of codage "
                                     f"{codage!r} ({_ATTENDU[codage]})")
        return codage
    premier: tuple[int, int, Any] | None = None
    entiers, max_niveau = None, 0
    for i, ligne in enumerate(img):
        for j, p in enumerate(ligne):
            if _est_entier(p):
                if not 0 <= p <= 7:
                    raise ValueError(f"{nom}: row {i}, column {j} is {p}: an int pixel is 0–7 "
                                     f"(0/1 black and white, 0–7 grey levels)")
                genre = True
            elif _est_triplet(p):
                if not all(0 <= x <= 255 for x in p):
                    raise ValueError(f"{nom}: row {i}, column {j} is {tuple(p)}: "
                                     f"the levels of an RGB triplet are 0–255")
                genre = False
            else:
                raise ValueError(f"{nom}: row {i}, column {j} is {p!r:.40}, not a pixel "
                                 f"(an int 0–7, or an RGB triplet of ints 0–255)")
            if premier is None:
                premier, entiers = (i, j, p), genre
            elif genre != entiers:
                i0, j0, p0 = premier
                noms = ("int pixels", "RGB triplets") if entiers else ("RGB triplets", "int pixels")
                raise ValueError(f"{nom} mixes {noms[0]} and {noms[1]}: row {i}, column {j} is {p!r:.40}, "
                                 f"row {i0}, column {j0} is {p0!r:.40}")
            max_niveau = max(max_niveau, p if genre else max(p))
    if entiers:
        return "nb" if max_niveau <= 1 else "gris"
    return "8couleurs" if max_niveau <= 1 else "rgb"


def pixels_rgb(img: Any, codage: str | None = None) -> np.ndarray:
    """``img`` as an ``n × m × 3`` array of RGB levels 0–255 (``uint8``), read as ``codage`` (or guessed).

    >>> pixels_rgb([[0, 1]]).tolist(), pixels_rgb([[0, 7]])[0, 1].tolist(), pixels_rgb([[(1, 0, 1)]]).tolist()
    ([[[0, 0, 0], [255, 255, 255]]], [255, 255, 255], [[[255, 0, 255]]])
    """
    codage = codage_image(img, codage)
    return np.array([[_rgb_pixel(p, codage) for p in ligne] for ligne in img], dtype=np.uint8)


def _rgba(img: list, codage: str) -> np.ndarray:
    """A valid image as an opaque RGBA array."""
    rgb = pixels_rgb(img, codage)
    return np.dstack([rgb, np.full(rgb.shape[:2], 255, np.uint8)])


def _rgba_tolerant(img: list, codage: str) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """A possibly ragged ``img`` as an RGBA array over its widest row (transparent where there is no
    pixel), and the places of the values that are not pixels (transparent too).

    A value that is no pixel of ``codage`` but one of another kind (a grey 5 in a black and white
    image, an RGB triplet where 8 colours were expected) is drawn as that kind reads it."""
    n, m = len(img), max((len(ligne) for ligne in img), default=0)
    rgba = np.zeros((n, m, 4), dtype=np.uint8)
    invalides = []
    for i, ligne in enumerate(img):
        for j, p in enumerate(ligne):
            rgb = _rgb_pixel(p, codage)
            if rgb is None:
                rgb = _rgb_pixel(p, "gris") if _est_entier(p) else _rgb_pixel(p, "rgb")
            if rgb is None:
                invalides.append((i, j))
            else:
                rgba[i, j] = (*rgb, 255)
    return rgba, invalides


# ---------------------------------------------------------------- drawing
def _taille_pixel(ax: Any, lignes: int, colonnes: int) -> float:
    """The side of a pixel in points when ``lignes × colonnes`` pixels fill ``ax`` (as laid out before
    the constrained layout, which only makes it a little larger)."""
    boite = ax.get_position()
    largeur, hauteur = ax.figure.get_size_inches()
    return 72 * min(boite.width * largeur / max(1, colonnes), boite.height * hauteur / max(1, lignes))


def _hauteur(imgs_dims: list[tuple[int, int]], largeur: float) -> float:
    """The height (inches) of images of these dimensions each ``largeur`` wide at most, with room for titles."""
    return min(PANNEAU, max(0.6, max(largeur * n / m for n, m in imgs_dims))) + 0.95


def _nouvelle_figure(largeur: float, hauteur: float) -> FigureImages:
    return FigureImages(figsize=(largeur, hauteur), layout="constrained")


def _dessiner(ax: Any, rgba: np.ndarray, codage: str, titre: str | None, img: list | None = None,
              valeurs: bool | None = None, dims: tuple[int, int] | None = None, nom_codage: bool = True) -> None:
    """``rgba`` on ``ax``: one unit per pixel, row 0 on top; grid, numbers and values when they are visible.

    ``img`` (the pixels, for their values and the lengths of ragged rows) and ``dims`` (the rows and
    columns to show, when larger than the image) are optional; ``nom_codage``: name the kind of pixel
    in the title.
    """
    n, m = rgba.shape[:2]
    lignes, colonnes = dims or (n, m)
    if n and m:
        ax.imshow(rgba, interpolation="nearest", extent=(-0.5, m - 0.5, n - 0.5, -0.5))
    ax.set_xlim(-0.5, colonnes - 0.5)
    ax.set_ylim(lignes - 0.5, -0.5)
    allongement = max(lignes, colonnes) / max(1, min(lignes, colonnes))
    if allongement <= ALLONGEMENT_MAX:
        ax.set_aspect("equal")
    else:  # a long thin image: its pixels are stretched across, else it would be a hairline
        ax.set_aspect(allongement / ALLONGEMENT_MAX if colonnes > lignes else ALLONGEMENT_MAX / allongement)
    ax.xaxis.tick_top()
    taille = _taille_pixel(ax, lignes, colonnes)
    for axe, nombre in ((ax.xaxis, colonnes), (ax.yaxis, lignes)):
        # every row and column numbered where the numbers fit, else every 2, 5, 10, 20, 25 or 50
        pas = next(p for p in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if p * taille >= 18 or p >= nombre)
        axe.set_ticks(range(0, nombre, pas))
    ax.tick_params(labelsize=7.5, length=2, pad=1)
    if max(lignes, colonnes) <= GRILLE_MAX:
        ax.set_xticks([j - 0.5 for j in range(colonnes + 1)], minor=True)
        ax.set_yticks([i - 0.5 for i in range(lignes + 1)], minor=True)
        ax.grid(which="minor", color="#808080", linewidth=0.6)
        ax.tick_params(which="minor", length=0)
    if valeurs is None:
        valeurs = img is not None and codage in ("nb", "gris", "bits") and taille >= 16
    if valeurs and img is not None:
        for i, ligne in enumerate(img):
            for j, p in enumerate(ligne):
                if _est_entier(p) and rgba[i, j, 3]:
                    clair = 0.299 * rgba[i, j, 0] + 0.587 * rgba[i, j, 1] + 0.114 * rgba[i, j, 2] > 128
                    ax.text(j, i, str(p), ha="center", va="center", fontsize=min(11.0, max(7.5, taille / 3)),
                            color="black" if clair else "white", gid="valeur")
    longueurs = [len(ligne) for ligne in img] if img is not None else [m] * n
    if len(set(longueurs)) > 1:  # a ragged list (what a function returned)
        entete = (f"{n} lignes de {', '.join(map(str, longueurs[:6]))}{', …' if n > 6 else ''} pixels : "
                  f"pas une image")
    else:
        entete = f"{_pluriel(n, 'ligne')} × {_pluriel(m, 'colonne')}" + (f"\n{CODAGES[codage]}" if nom_codage else "")
    ax.set_title(f"{titre}\n{entete}" if titre else entete, fontsize=9)


def _pluriel(nombre: int, nom: str) -> str:
    """``nombre`` and ``nom``, plural from 2 (French).

    >>> _pluriel(1, "pixel"), _pluriel(3, "rectangle")
    ('1 pixel', '3 rectangles')
    """
    return f"{nombre} {nom}{'s' * (nombre > 1)}"


def _liste(valeur: Any, nombre: int, nom: str) -> list:
    """``valeur`` for each of ``nombre`` images: a list of that length, or one value for all."""
    if isinstance(valeur, (list, tuple)):
        if len(valeur) != nombre:
            raise ValueError(f"{len(valeur)} {nom} for {nombre} images")
        return list(valeur)
    return [valeur] * nombre


def _codages(imgs: Sequence[list], codage: str | Sequence | None) -> list[str]:
    """The ``codage`` of each image, checked (one for all, one per image, or guessed)."""
    return [codage_image(img, c, f"image {k + 1}")
            for k, (img, c) in enumerate(zip(imgs, _liste(codage, len(imgs), "codages")))]


def figure_image(img: list, titre: str | None = None, ax: Any = None, codage: str | None = None,
                 valeurs: bool | None = None) -> Figure:
    """One image (any kind of the subject), returned as a figure, or drawn on ``ax`` (its figure returned).

    ``valeurs``: write each pixel's value in it (default: for int pixels, when a pixel is big enough).

    >>> fig = figure_image(images.IMG_B, "imgB")
    >>> fig.axes[0].get_title()
    'imgB\\n4 lignes × 8 colonnes\\n8 niveaux de gris'
    """
    codage = codage_image(img, codage)
    rgba = _rgba(img, codage)
    with matplotlib.rc_context(STYLE):
        if ax is None:
            fig = _nouvelle_figure(4.2, _hauteur([(len(img), len(img[0]))], 4.2))
            ax = fig.add_subplot(1, 1, 1)
        _dessiner(ax, rgba, codage, titre, img, valeurs)
    return ax.figure


def figure_images(*imgs: list, titres: Sequence[str] | None = None, codage: str | Sequence | None = None,
                  valeurs: bool | None = None) -> FigureImages:
    """The images side by side (each read by its own ``codage``, or by the one given, or one per image).

    >>> for ax in figure_images(images.IMG_A, images.IMG_B, images.IMG_C).axes:
    ...     print(ax.get_title().replace("\\n", " : "))
    5 lignes × 5 colonnes : noir et blanc
    4 lignes × 8 colonnes : 8 niveaux de gris
    2 lignes × 3 colonnes : couleurs RVB
    """
    if not imgs:
        raise ValueError("figure_images needs at least one image")
    titres = _liste(list(titres) if titres is not None else None, len(imgs), "titles")
    codages = _codages(imgs, codage)
    largeur = min(4.2 if len(imgs) == 1 else PANNEAU, LARGEUR_MAX / len(imgs))
    with matplotlib.rc_context(STYLE):
        fig = _nouvelle_figure(largeur * len(imgs), _hauteur([(len(i), len(i[0])) for i in imgs], largeur))
        for k, (img, c, titre) in enumerate(zip(imgs, codages, titres)):
            figure_image(img, titre, fig.add_subplot(1, len(imgs), k + 1), c, valeurs)
    return fig


def figure_comparaison(original: list, *transformees: list, titres: Sequence[str] | None = None,
                       codage: str | Sequence | None = None) -> FigureImages:
    """An image beside what transformations made of it (say ``passer_en_nb``, ``passer_en_8_couleurs``).

    Default titles: "originale", then "→ " and the kind of each transformed image.  ``titres`` is a
    keyword argument (a list of titles is not taken for an image).

    >>> photo = [[(250, 150, 0), (0, 0, 200)]]
    >>> fig = figure_comparaison(photo, images.passer_en_nb(photo), images.passer_en_8_couleurs(photo))
    >>> [ax.get_title().split("\\n")[0] for ax in fig.axes]
    ['originale', '→ noir et blanc', '→ 8 couleurs']
    """
    if not transformees:
        raise ValueError("figure_comparaison needs the original image and at least one transformed image")
    tous = (original, *transformees)
    codages = _codages(tous, codage)
    if titres is None:
        titres = ["originale"] + [f"→ {CODAGES[c]}" for c in codages[1:]]
    return figure_images(*tous, titres=titres, codage=codages)


def _contourer(ax: Any, boites: list[tuple[float, float, float, float]], epaisseur: float, gids: list[str],
               styles: list[str], gid_collection: str) -> None:
    """Red outlines of boxes ``(x, y, width, height)``: one patch each (gid from ``gids``, a white halo so
    that they show on red too), or beyond :data:`PATCHES_MAX` one polygon collection (``gid_collection``)."""
    if len(boites) <= PATCHES_MAX:
        halo = [patheffects.withStroke(linewidth=epaisseur + 2, foreground="white")]
        for (x, y, largeur, hauteur), gid, style in zip(boites, gids, styles):
            ax.add_patch(Rectangle((x, y), largeur, hauteur, fill=False, edgecolor=ROUGE, linewidth=epaisseur,
                                   linestyle=style, gid=gid, path_effects=halo))
        return
    x, y, largeur, hauteur = np.array(boites, dtype=float).T
    sommets = np.stack([np.c_[x, y], np.c_[x + largeur, y], np.c_[x + largeur, y + hauteur], np.c_[x, y + hauteur]],
                       axis=1)
    ax.add_collection(PolyCollection(sommets, closed=True, facecolors="none", edgecolors=ROUGE,
                                     linewidths=epaisseur, linestyles=styles, gid=gid_collection), autolim=False)


# ---------------------------------------------------------------- rectangles (Part 3)
def _rectangles(ic: Any, n: int, m: int) -> list[tuple[int, int, int, int, Any]]:
    """The rectangles of ``ic`` as ``(i, j, ha, la, couleur)``, checked (``ValueError``)."""
    if not (isinstance(ic, (tuple, list)) and len(ic) == 3 and isinstance(ic[2], list)):
        raise ValueError(f"a compressed image is a tuple (ha, la, l_rect) with l_rect a list of dicts, got {ic!r:.80}")
    ha, la, l_rect = ic
    if (ha, la) != (n, m):
        raise ValueError(f"the compressed image is {ha!r} × {la!r} (ha × la), the image {n} × {m}")
    rects = []
    for k, rect in enumerate(l_rect, start=1):
        if not (isinstance(rect, dict) and {"pos", "ha", "la"} <= set(rect) and ("couleur" in rect or "coul" in rect)):
            raise ValueError(f"rectangle {k} must be a dict with the keys pos, couleur (or coul), ha, la: "
                             f"{rect!r:.100}")
        pos = rect["pos"]
        if not (isinstance(pos, (tuple, list)) and len(pos) == 2 and all(_est_entier(x) for x in pos)):
            raise ValueError(f"rectangle {k}: pos must be a pair of ints (row, column), got {pos!r:.40}")
        if not all(_est_entier(rect[c]) and rect[c] >= 1 for c in ("ha", "la")):
            raise ValueError(f"rectangle {k}: ha and la must be ints >= 1, "
                             f"got ha={rect['ha']!r:.20}, la={rect['la']!r:.20}")
        couleur = rect["couleur"] if "couleur" in rect else rect["coul"]  # images.LECTURES['cle_couleur']
        rects.append((int(pos[0]), int(pos[1]), int(rect["ha"]), int(rect["la"]), couleur))
    return rects


def _egal(a: Any, b: Any) -> bool:
    """Pixel equality as the grader checks it (``==``), a triplet written as a list or a tuple aside."""
    return a == b or (_est_triplet(a) and _est_triplet(b) and tuple(a) == tuple(b))


def figure_rectangles(img: list, ic: tuple, codage: str | None = None, numeros: bool | None = None,
                      valeurs: bool | None = None, titre: str | None = None) -> FigureImages:
    """``img`` with each rectangle of the compressed image ``ic = (ha, la, l_rect)`` outlined in red and
    numbered 1, 2, … in list order (the colour under the key "couleur" or "coul").

    The numbers are written when they fit (``numeros`` forces them); each rectangle is one patch
    (gid ``rectangle-k``), beyond :data:`PATCHES_MAX` they are one collection (gid ``rectangles``).
    A rectangle that leaves the image or whose colour is not that of its pixels is dashed; those,
    the pixels no rectangle covers and those two rectangles cover are named under the picture.

    >>> fig = figure_rectangles(images.IMG1, images.IC1)
    >>> [p.get_gid() for p in fig.axes[0].patches]
    ['rectangle-1', 'rectangle-2', 'rectangle-3', 'rectangle-4']
    """
    codage = codage_image(img, codage)
    n, m = len(img), len(img[0])
    rects = _rectangles(ic, n, m)
    couverture = np.zeros((n, m), dtype=int)
    hors, mauvaise_couleur = [], []
    for k, (i, j, ha, la, couleur) in enumerate(rects, start=1):
        if i < 0 or j < 0 or i + ha > n or j + la > m:
            hors.append(k)
        dedans = [(a, b) for a in range(max(0, i), min(n, i + ha)) for b in range(max(0, j), min(m, j + la))]
        for a, b in dedans:
            couverture[a, b] += 1
        if any(not _egal(img[a][b], couleur) for a, b in dedans):
            mauvaise_couleur.append(k)
    notes = [_pluriel(len(rects), "rectangle")]
    for nombre, texte in ((int((couverture == 0).sum()), "non couvert"),
                          (int((couverture > 1).sum()), "couvert plusieurs fois")):
        if nombre:
            notes.append(f"{_pluriel(nombre, 'pixel')} {texte}{'s' * (nombre > 1 and texte == 'non couvert')}")
    for liste, texte in ((hors, "sort de l'image"), (mauvaise_couleur, "couleur ≠ ses pixels")):
        if liste:
            numeros_txt = ", ".join(map(str, liste[:8])) + (", …" if len(liste) > 8 else "")
            notes.append(f"rectangle{'s' * (len(liste) > 1)} {numeros_txt} : {texte} (en pointillés)")
    largeur = 4.6
    with matplotlib.rc_context(STYLE):
        fig = _nouvelle_figure(largeur, _hauteur([(n, m)], largeur) + 0.18 * len(notes))
        ax = fig.add_subplot(1, 1, 1)
        taille = _taille_pixel(ax, n, m)
        if valeurs is None:
            valeurs = codage in ("nb", "gris", "bits") and taille >= 36
        figure_image(img, titre, ax, codage, valeurs)
        ax.set_xlabel("\n".join(notes), fontsize=8.5)
        if numeros is None:
            numeros = len(rects) <= 60 and taille >= 14
        retrait = 0.08 if taille >= 20 else 0.0  # two rectangles side by side: two lines
        epaisseur = 2.2 if taille >= 20 else 1.0
        _contourer(ax, [(j - 0.5 + retrait, i - 0.5 + retrait, la - 2 * retrait, ha - 2 * retrait)
                        for i, j, ha, la, _ in rects], epaisseur,
                   [f"rectangle-{k}" for k in range(1, len(rects) + 1)],
                   ["--" if k in hors or k in mauvaise_couleur else "-" for k in range(1, len(rects) + 1)],
                   "rectangles")
        if numeros:
            for k, (i, j, *_) in enumerate(rects, start=1):
                ax.text(j - 0.5 + retrait + 0.06, i - 0.5 + retrait + 0.06, str(k), ha="left", va="top",
                        fontsize=8, fontweight="bold", color=ROUGE, gid="numero",
                        bbox={"boxstyle": "round,pad=0.12", "facecolor": "white", "edgecolor": "none", "alpha": 0.85})
    return fig


# ---------------------------------------------------------------- compression ratios
def taux_compression(img: list, codage: str | None = None) -> dict[str, Any]:
    """What each code of ``img`` keeps, counted in values, against its pixels (the reference functions).

    What is counted:

    - the image: one value per pixel, ``n × m`` (a colour is one value, even a triplet);
    - the run-length code of Part 2 (black and white images only, else ``None``):
      ``compresse_image(img) = (ncb, liste_entiers)`` keeps ``1 + len(liste_entiers)`` values
      (the number of columns and each run length);
    - the rectangle code of Part 3 (any image): ``compression_rectangle(img) = (ha, la, l_rect)``
      keeps ``2 + 5 × len(l_rect)`` values (the two dimensions; for each rectangle the two
      numbers of ``pos``, its colour, ``ha`` and ``la``).

    A ratio (``taux_*``) is the code's values over the pixels: below 1 the code is shorter than
    the image.  The size of each value in memory (a run length may need more bits than a pixel)
    is not counted.

    >>> t = taux_compression(images.IMG1)
    >>> t["valeurs_longueurs"], t["rectangles"], t["valeurs_rectangles"], round(t["taux_rectangles"], 3)
    (None, 4, 22, 1.833)
    >>> taux_compression([[0, 1, 0], [1, 1, 1]])["valeurs_longueurs"]
    5
    """
    codage = codage_image(img, codage)
    pixels = len(img) * len(img[0])
    taux: dict[str, Any] = {"pixels": pixels, "valeurs_longueurs": None, "taux_longueurs": None}
    if codage == "nb":
        _, liste_entiers = images.compresse_image(img)
        taux["valeurs_longueurs"] = 1 + len(liste_entiers)
        taux["taux_longueurs"] = taux["valeurs_longueurs"] / pixels
    _, _, l_rect = images.compression_rectangle(img)
    taux["rectangles"] = len(l_rect)
    taux["valeurs_rectangles"] = 2 + 5 * len(l_rect)
    taux["taux_rectangles"] = taux["valeurs_rectangles"] / pixels
    return taux


def texte_compression(img: list, codage: str | None = None) -> str:
    """:func:`taux_compression` in French sentences (what each code keeps per pixel).

    >>> print(texte_compression([[0, 0, 0, 0], [1, 1, 1, 1]]))
    8 pixels.
    Code par plages (partie 2) : 3 valeurs, soit 0,38 valeur par pixel.
    Code par rectangles (partie 3) : 2 rectangles, 12 valeurs, soit 1,5 valeur par pixel.
    """
    t = taux_compression(img, codage)

    def nombre(x: float) -> str:
        return f"{x:.2f}".rstrip("0").rstrip(".").replace(".", ",")

    lignes = [f"{t['pixels']} pixel{'s' * (t['pixels'] > 1)}."]
    if t["valeurs_longueurs"] is not None:
        lignes.append(f"Code par plages (partie 2) : {t['valeurs_longueurs']} valeurs, "
                      f"soit {nombre(t['taux_longueurs'])} valeur par pixel.")
    lignes.append(f"Code par rectangles (partie 3) : {t['rectangles']} rectangle{'s' * (t['rectangles'] > 1)}, "
                  f"{t['valeurs_rectangles']} valeurs, soit {nombre(t['taux_rectangles'])} valeur par pixel.")
    return "\n".join(lignes)


# ---------------------------------------------------------------- expected / obtained (feedback)
def pixels_differents(attendue: list, obtenue: Any) -> list[tuple[int, int]]:
    """The places ``(i, j)``, row by row, where ``obtenue`` differs from ``attendue``: a different
    value (``==``, as the grader compares), or a pixel that only one of the two images has.

    ``obtenue`` may be ragged or empty, its rows tuples (it is what a function returned); it must be a
    list of rows.

    >>> pixels_differents([[0, 1], [1, 1]], [[0, 0], [1], [1]])
    [(0, 1), (1, 1), (2, 0)]
    """
    _verifier_forme(attendue, "attendue")
    _verifier_forme(obtenue, "obtenue", stricte=False)
    lignes = max(len(attendue), len(obtenue))
    ecarts = []
    for i in range(lignes):
        a = attendue[i] if i < len(attendue) else []
        o = obtenue[i] if i < len(obtenue) else []
        for j in range(max(len(a), len(o))):
            if j >= len(a) or j >= len(o) or _different(a[j], o[j]):
                ecarts.append((i, j))
    return ecarts


def _different(a: Any, b: Any) -> bool:
    """``a != b``, and True when the comparison itself fails (an array, a strange object)."""
    try:
        return bool(a != b)
    except Exception:
        return True


def _hachurer(ax: Any, lignes: int, colonnes: int) -> None:
    """Hatching under an image, seen where it has no pixel (a short row, a missing row, not a pixel)."""
    ax.add_patch(Rectangle((-0.5, -0.5), colonnes, lignes, facecolor="white", edgecolor=ABSENT, hatch="///",
                           linewidth=0, zorder=0, gid="absent"))


def figure_ecart(attendue: list, obtenue: Any, titre: str | None = None, codage: str | None = None) -> FigureImages:
    """The expected image (left) beside the obtained one (right), each pixel that differs outlined in
    red on the obtained image (:func:`pixels_differents`; one patch each, gid ``ecart``, or one
    collection gid ``ecarts`` beyond :data:`PATCHES_MAX`); where pixels are too small to see an
    outline, a ring around each of a few too (gid ``reperes``).

    ``attendue`` must be a valid image (it sets the ``codage``); ``obtenue`` may be ragged or empty
    and hold values that are not pixels: where it has no pixel, or a value that is no pixel, the
    place is hatched.  Both are drawn on the same grid of rows and columns.  A pixel of the same
    colour written another way (a list for a tuple) is outlined too, and said under the picture, as
    rows that are tuples (their pixels may all be right: the image is still not the expected one).
    The figure keeps the differing places in ``fig.ecarts``.

    >>> fig = figure_ecart([[0, 1, 0], [1, 1, 1]], [[0, 1, 0], [1, 0, 1]])
    >>> fig.ecarts, [p.get_xy() for p in fig.axes[1].patches if p.get_gid() == "ecart"]
    ([(1, 1)], [(0.5, 0.5)])
    """
    codage = codage_image(attendue, codage, "attendue")
    ecarts = pixels_differents(attendue, obtenue)
    rgba_a = _rgba(attendue, codage)
    rgba_o, invalides = _rgba_tolerant(obtenue, codage)
    lignes = max(len(attendue), len(obtenue))
    colonnes = max(len(attendue[0]), rgba_o.shape[1])
    ecrits_autrement = sum(1 for i, j in ecarts if i < len(attendue) and i < len(obtenue) and j < len(attendue[i])
                           and j < len(obtenue[i]) and _egal(attendue[i][j], obtenue[i][j]))
    pluriel = "s" * (len(ecarts) > 1)
    notes = [f"{len(ecarts)} pixel{pluriel} différent{pluriel}, entouré{pluriel} en rouge sur l'image obtenue"
             if ecarts else "aucun pixel différent"]
    if invalides:
        notes.append(f"{len(invalides)} valeur{'s' * (len(invalides) > 1)} qui ne "
                     f"{'sont' if len(invalides) > 1 else 'est'} pas un pixel (hachurée{'s' * (len(invalides) > 1)}), "
                     f"par exemple {obtenue[invalides[0][0]][invalides[0][1]]!r:.30}")
    tuples = [i for i, ligne in enumerate(obtenue) if isinstance(ligne, tuple)]
    if tuples:
        liste = ", ".join(map(str, tuples[:6])) + (", …" if len(tuples) > 6 else "")
        notes.append(f"ligne{'s' * (len(tuples) > 1)} {liste} : un tuple au lieu d'une liste")
    if ecrits_autrement:
        notes.append(f"{ecrits_autrement} pixel{'s' * (ecrits_autrement > 1)} de la bonne couleur mais écrit"
                     f"{'s' * (ecrits_autrement > 1)} autrement (une liste au lieu d'un tuple ?)")
    largeur = min(PANNEAU, LARGEUR_MAX / 2)
    with matplotlib.rc_context(STYLE):
        fig = _nouvelle_figure(2 * largeur, _hauteur([(lignes, colonnes)], largeur) + 0.3 * bool(titre)
                               + 0.18 * len(notes))
        if titre:
            fig.suptitle(titre, fontsize=10, fontweight="bold")
        ax_a, ax_o = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
        for ax, rgba, img, nom in ((ax_a, rgba_a, attendue, "attendue"), (ax_o, rgba_o, obtenue, "obtenue")):
            _hachurer(ax, lignes, colonnes)
            _dessiner(ax, rgba, codage, nom, img, dims=(lignes, colonnes), nom_codage=img is attendue)
        fig.supxlabel("\n".join(notes), fontsize=8.5, color=ROUGE if ecarts else "black")
        taille = _taille_pixel(ax_o, lignes, colonnes)
        epaisseur = 3.0 if taille >= 20 else 2.0 if taille >= 8 else max(0.4, taille / 8)  # the image still shows
        if ecarts and taille < 8 and len(ecarts) <= 20:  # a few pixels too small to see: a ring around each too
            i_s, j_s = zip(*ecarts)
            ax_o.scatter(j_s, i_s, s=120, marker="o", facecolors="none", edgecolors=ROUGE, linewidths=1.5,
                         gid="reperes")
        _contourer(ax_o, [(j - 0.5, i - 0.5, 1, 1) for i, j in ecarts], epaisseur, ["ecart"] * len(ecarts),
                   ["-"] * len(ecarts), "ecarts")
    fig.ecarts = ecarts  # type: ignore[attr-defined]
    return fig


# ---------------------------------------------------------------- output
def _fermer(fig: Figure) -> None:
    """Forget ``fig`` in pyplot if pyplot made it (pyplot is never imported here)."""
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close(fig)


def png_base64(fig: Figure, dpi: float = STYLE["figure.dpi"]) -> str:
    """``fig`` as a ``data:image/png;base64,…`` URI (for an ``<img src>``), then closed.

    >>> png_base64(figure_image([[0, 1]]))[:22]
    'data:image/png;base64,'
    """
    tampon = io.BytesIO()
    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    fig.savefig(tampon, format="png", dpi=dpi, metadata={"Software": None}, bbox_inches="tight", pad_inches=0.05)
    _fermer(fig)
    return "data:image/png;base64," + base64.b64encode(tampon.getvalue()).decode("ascii")


def montrer(*args: Any, titres: Sequence[str] | None = None, rectangles: tuple | None = None,
            codage: str | Sequence | None = None) -> None:
    """In a notebook: show a figure, or draw and show images, then close the figure.

    ``montrer(fig)`` shows a figure made here (or anywhere); ``montrer(img1, img2, …, titres=[…])``
    the images side by side (:func:`figure_images`); ``montrer(img, rectangles=ic)`` an image and the
    rectangles of ``ic`` (:func:`figure_rectangles`).
    """
    from IPython.display import display

    if len(args) == 1 and isinstance(args[0], Figure):
        fig = args[0]
    elif rectangles is not None:
        if len(args) != 1:
            raise ValueError(f"montrer(img, rectangles=ic) draws one image, got {len(args)}")
        titre = _liste(list(titres) if titres is not None else None, 1, "titles")[0]
        fig = figure_rectangles(args[0], rectangles, codage=codage, titre=titre)  # type: ignore[arg-type]
    else:
        fig = figure_images(*args, titres=titres, codage=codage)
    display(fig)
    _fermer(fig)
