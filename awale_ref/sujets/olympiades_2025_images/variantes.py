"""Exercise 1's data drawn per student: the image ``imgB`` of Q1 and the image ``img13`` of Q13.

Each generator draws, from a ``random.Random``, an image of which every sentence of the notebook stays true;
it computes no answer (the expected answers are the reference's, on the judge's side:
:mod:`awale_ref.sujets.olympiades_2025_images.specs`).  Shipped as it is in the students' environment.

- **imgB** (Q1, its dimensions): 8 grey levels, identical rows that go from black (0) to white (7) without
  going back, 2 to 7 rows of 3 to 10 pixels, never as many rows as columns (so that the couple
  ``(len(imgB), len(imgB[0]))`` cannot be read the wrong way round) and never the statement's 4 × 8.
- **img13** (Q13, a largest uniform rectangle in ``(0, 1)``): 3 or 4 rows of 4 to 6 pixels in 8 colours (ints
  0–7).  A block of the colour of ``(0, 1)`` is laid from that corner (1 to 3 rows, 1 to 4 columns) and
  stretched at random by pixels of the same colour below or to its right, the other pixels of other colours;
  or (about one image in three) two blocks of the same area are laid from that corner, one higher, one wider
  (:data:`EGALITES`): then there is no single largest rectangle (``"unique": False``), as the question allows.
  The largest rectangle has an area of at least 2.
"""

from __future__ import annotations

import random

from awale_ref.grading.eleve.variantes import Variante

IMG_B_ENONCE = [[0, 1, 2, 3, 4, 5, 6, 7] for _ in range(4)]
IMG_13_ENONCE = [[6, 3, 3, 3, 4], [6, 3, 3, 6, 4], [6, 3, 4, 6, 4]]
EGALITES = (((1, 2), (2, 1)), ((1, 3), (3, 1)), ((1, 4), (2, 2)), ((2, 2), (4, 1)), ((2, 3), (3, 2)),
            ((1, 4), (4, 1)))
"""Pairs of rectangles ``(rows, columns)`` of the same area, the first wider, laid together from ``(0, 1)``: their
union holds no larger one."""


def img_b(rng: random.Random) -> list[list[int]]:
    """An image like the statement's ``imgB`` (see the module's docstring)."""
    while True:
        lignes, colonnes = rng.randint(2, 7), rng.randint(3, 10)
        if lignes != colonnes and (lignes, colonnes) != (4, 8):
            break
    ligne = [0, *sorted(rng.choices(range(8), k=colonnes - 2)), 7]
    return [list(ligne) for _ in range(lignes)]


def img_13(rng: random.Random) -> list[list[int]]:
    """An image for Q13 (see the module's docstring)."""
    while True:
        lignes, colonnes = rng.randint(3, 4), rng.randint(4, 6)
        couleur = rng.randrange(8)
        autres = [c for c in range(8) if c != couleur]
        image = [[rng.choice(autres) for _ in range(colonnes)] for _ in range(lignes)]
        if rng.random() < 0.3:  # two rectangles of the same area, one higher, one wider
            blocs = [b for b in EGALITES if b[1][0] <= lignes and b[0][1] < colonnes]
            blocs = list(rng.choice(blocs))
        else:
            blocs = [(rng.randint(1, min(3, lignes)), rng.randint(1, min(4, colonnes - 1)))]
        for hauteur, largeur in blocs:
            for i in range(hauteur):
                for j in range(1, 1 + largeur):
                    image[i][j] = couleur
        for i in range(lignes if len(blocs) == 1 else 0):  # stretch the block here and there
            for j in range(1, colonnes):
                voisin = (i > 0 and image[i - 1][j] == couleur) or image[i][j - 1] == couleur
                if voisin and rng.random() < 0.25:
                    image[i][j] = couleur
        if blocs[0][0] * blocs[0][1] >= 2 and image != IMG_13_ENONCE:
            return image


def img_b_valide(image: list) -> None:
    """Q1 as the notebook states it: a grey image (ints 0–7), rows from black to white, not square."""
    assert image and all(isinstance(ligne, list) and len(ligne) == len(image[0]) for ligne in image)
    assert all(type(p) is int and 0 <= p <= 7 for ligne in image for p in ligne)
    assert all(ligne[0] == 0 and ligne[-1] == 7 and ligne == sorted(ligne) for ligne in image)
    assert len(image) != len(image[0])


def img_13_valide(image: list) -> None:
    """Q13 as the notebook states it: an image in 8 colours with a column 1, whose largest uniform rectangle in
    ``(0, 1)`` is worth looking for (at least 2 pixels)."""
    from awale_ref.sujets.olympiades_2025_images import images

    assert image and len(image[0]) >= 2 and all(len(ligne) == len(image[0]) for ligne in image)
    assert all(type(p) is int and 0 <= p <= 7 for ligne in image for p in ligne)
    hauteur, largeur = images.rectangle_max(image, (0, 1))
    assert hauteur * largeur >= 2, image


VARIANTES = (
    Variante("imgB", img_b, IMG_B_ENONCE, ("Q1_dimensions",), "image", img_b_valide),
    Variante("img13", img_13, IMG_13_ENONCE, ("Q13_rectangle",), "image", img_13_valide),
)
"""Exercise 1's data sets drawn per student (``Sujet(variantes=...)``)."""
