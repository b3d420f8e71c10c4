"""Test images of Exercise 1 (Olympiades NSI 2025): a seeded corpus and labelled edge cases.

Three kinds of image (``GENRES``): ``"nb"`` (pixels 0/1, Part 2 and Part 3),
``"gris"`` (ints 0–7, like ``img1``, Part 3) and ``"rgb"`` (RGB tuples,
Part 1 and Part 3).  ``cas_limites(genre)`` lists handcrafted images, each
labelled (in French: a label may be shown to a student) with the situation it
exercises, checked in ``awale_ref/sujets/olympiades_2025_images/tests/test_olympiades_images.py``.
``corpus_images(genre, seed, count)`` draws labelled images of every shape:
1×1, one row, one column, small, medium and large (up to 200×200), and of
every family (random pixels, blocks, long runs, uniform, checkerboards,
stripes).  Every image has at least one row and one column
(``images.LECTURES['image_vide']``); each call returns new lists.

>>> corpus = corpus_images("nb", seed=3, count=12)
>>> corpus == corpus_images("nb", seed=3, count=12), len(corpus)
(True, 12)
>>> dict(cas_limites("nb"))["1×1 blanc : le code commence par 0 zéro"]
[[1]]
"""

from __future__ import annotations

import random

from awale_ref.corpus import verifier_graine_et_nombre
from awale_ref.sujets.olympiades_2025_images import images

GENRES = ("nb", "gris", "rgb")
TAILLE_MAX = 200

FORMES = ("1×1", "une ligne", "une colonne", "petite", "moyenne", "petite", "moyenne",
          "petite", "moyenne", "grande")
"""Shape of the image of index ``k``: ``FORMES[k % 10]`` (every shape in any 10 images)."""

FAMILLES = ("aléatoire", "blocs", "plages", "unie", "damier", "rayures")

_SEUILS = (0, 127, 128, 255)
"""RGB levels on each side of the threshold of ``noir_ou_blanc``."""


def _damier(n: int, m: int, a, b) -> list:
    return [[a if (i + j) % 2 == 0 else b for j in range(m)] for i in range(n)]


def _copie(img: list) -> list:
    return [list(ligne) for ligne in img]


def cas_limites(genre: str) -> list[tuple[str, list]]:
    """The labelled edge cases of ``genre`` (new lists at each call)."""
    _verifie_genre(genre)
    if genre == "nb":
        cas = [
            ("1×1 noir", [[0]]),
            ("1×1 blanc : le code commence par 0 zéro", [[1]]),
            ("une ligne commençant par 1", [[1, 1, 0, 1, 0, 0, 0]]),
            ("une colonne", [[0], [1], [1], [0], [1]]),
            ("unie noire", images.creer_image(4, 6, 0)),
            ("unie blanche", images.creer_image(5, 3, 1)),
            ("damier de largeur impaire commençant par 0 : tout alterne", _damier(5, 5, 0, 1)),
            ("damier de largeur paire commençant par 1 : plages de 2 d'une ligne à l'autre",
             _damier(5, 4, 1, 0)),
            ("rayures verticales", [[j % 2 for j in range(6)] for _ in range(4)]),
            ("rayures horizontales : des plages d'une ligne entière",
             [[i % 2] * 5 for i in range(4)]),
            ("plage à cheval sur deux lignes", [[0, 0, 1, 1], [1, 1, 0, 0], [0, 1, 1, 1]]),
            ("imgA du sujet", images.IMG_A),
            ("exemple [[0,1,0],[1,1,1]] du sujet", [[0, 1, 0], [1, 1, 1]]),
            ("exemple [[0,0,0,0],[1,1,1,1]] du sujet", [[0, 0, 0, 0], [1, 1, 1, 1]]),
            ("une ligne de 200", [[(j // 7) % 2 for j in range(200)]]),
            ("une colonne de 200", [[(i // 3) % 2] for i in range(200)]),
            ("grande unie 200×200", images.creer_image(200, 200, 1)),
            ("grand damier 200×200", _damier(200, 200, 0, 1)),
        ]
    elif genre == "gris":
        cas = [
            ("1×1", [[5]]),
            ("une ligne", [[3, 3, 7, 7, 7, 0]]),
            ("une colonne", [[2], [2], [6], [6]]),
            ("unie", images.creer_image(3, 4, 6)),
            ("damier de deux gris", _damier(4, 5, 2, 7)),
            ("img1 du sujet : un pixel déjà couvert à droite", images.IMG1),
            ("image de la question 13", images.IMG_Q13),
            ("imgB du sujet : huit colonnes de gris", images.IMG_B),
            ("égalité d'aires : 1 x 2 ou 2 x 1", [[5, 5], [5, 0]]),
            ("escalier : égalité d'aires 2 x 3 ou 3 x 2",
             [[3, 3, 3, 3], [3, 3, 3, 0], [3, 3, 0, 0], [3, 0, 0, 0]]),
            ("rectangle plus large en bas qu'en haut", [[1, 1, 0], [1, 1, 1], [1, 1, 1]]),
            ("grande en bandes 200×200", [[(j // 40) % 8 for j in range(200)] for _ in range(200)]),
        ]
    else:
        drapeau = images.creer_image(10, 30, (255, 255, 255))
        for ligne in drapeau:
            ligne[0:10] = [(0, 0, 255)] * 10
            ligne[20:30] = [(255, 0, 0)] * 10
        cas = [
            ("1×1 de l'exemple de creer_image", [[(0, 0, 200)]]),
            ("exemple (255, 100, 129) du sujet", [[(255, 100, 129)]]),
            ("imgC du sujet", images.IMG_C),
            ("seuil : sommes 383 et 384 des trois niveaux",
             [[(127, 128, 128), (128, 128, 128), (127, 127, 127), (128, 127, 129)]]),
            ("seuil : niveaux 127 et 128", [[(127, 128, 0)], [(128, 127, 255)]]),
            ("noir et blanc purs", _damier(3, 3, (0, 0, 0), (255, 255, 255))),
            ("drapeau français 10×30", drapeau),
            ("une ligne", [[(255, 0, 0), (0, 255, 0), (0, 0, 255), (0, 255, 255), (250, 150, 0)]]),
            ("une colonne", [[(10, 20, 30)], [(200, 200, 200)], [(10, 20, 30)]]),
        ]
    return [(etiquette, _copie(img)) for etiquette, img in cas]


def _verifie_genre(genre: str) -> None:
    if genre not in GENRES:
        raise ValueError(f"genre must be one of {GENRES}, got {genre!r}")


def _couleur(genre: str, rng: random.Random, proportion: float):
    """A random pixel of ``genre`` (``proportion``: the chance of a 1 in black and white)."""
    if genre == "nb":
        return 1 if rng.random() < proportion else 0
    if genre == "gris":
        return rng.randrange(8)
    if rng.random() < 0.5:  # levels around the threshold, or any level
        return tuple(rng.choice(_SEUILS) for _ in range(3))
    return tuple(rng.randrange(256) for _ in range(3))


def _dimensions(forme: str, rng: random.Random) -> tuple[int, int]:
    if forme == "1×1":
        return 1, 1
    if forme == "une ligne":
        return 1, rng.randint(2, TAILLE_MAX)
    if forme == "une colonne":
        return rng.randint(2, TAILLE_MAX), 1
    haut = {"petite": 8, "moyenne": 40, "grande": TAILLE_MAX}[forme]
    bas = {"petite": 2, "moyenne": 9, "grande": 100}[forme]
    return rng.randint(bas, haut), rng.randint(bas, haut)


def _image(genre: str, famille: str, n: int, m: int, rng: random.Random) -> list:
    """A random ``n`` × ``m`` image of ``famille``."""
    proportion = rng.random()
    couleurs = [_couleur(genre, rng, 0.5) for _ in range(2)]
    if genre == "nb":
        couleurs = [0, 1] if rng.random() < 0.5 else [1, 0]
    if famille == "aléatoire":
        return [[_couleur(genre, rng, proportion) for _ in range(m)] for _ in range(n)]
    if famille == "unie":
        return images.creer_image(n, m, couleurs[0])
    if famille == "damier":
        return _damier(n, m, *couleurs)
    if famille == "rayures":
        pas = rng.randint(1, 3)
        if rng.random() < 0.5:
            return [[couleurs[(j // pas) % 2] for j in range(m)] for _ in range(n)]
        return [[couleurs[(i // pas) % 2]] * m for i in range(n)]
    if famille == "plages":  # long runs along the whole line, across rows
        ligne, valeur = [], rng.randrange(2)
        while len(ligne) < n * m:
            ligne += [couleurs[valeur]] * rng.randint(1, 2 * m)
            valeur = 1 - valeur
        return [ligne[i * m:(i + 1) * m] for i in range(n)]
    # "blocs": rectangles painted on a uniform background
    img = images.creer_image(n, m, couleurs[0])
    for _ in range(rng.randint(1, 6)):
        i, j = rng.randrange(n), rng.randrange(m)
        ha, la = rng.randint(1, n - i), rng.randint(1, m - j)
        couleur = _couleur(genre, rng, 0.5)
        for k in range(i, i + ha):
            img[k][j:j + la] = [couleur] * la
    return img


def corpus_images(genre: str, seed: int = 2025, count: int = 40) -> list[tuple[str, list]]:
    """``count`` labelled random images of ``genre``, label ``"famille n×m"``.

    Deterministic: the same ``(genre, seed)`` gives the same list (a shorter
    ``count`` a prefix of it), independently of the hash seed; another seed
    gives another list.  The shape of image ``k`` is ``FORMES[k % 10]``, its
    family is drawn.

    >>> [etiquette.split()[0] for etiquette, _ in corpus_images("gris", seed=1, count=3)]
    ['damier', 'damier', 'unie']
    >>> corpus_images("nb", count=-1)
    Traceback (most recent call last):
    ...
    ValueError: count must be >= 0, got -1
    """
    _verifie_genre(genre)
    verifier_graine_et_nombre(seed, count)
    rng = random.Random(f"olympiades-{genre}-{seed}")  # str seeds are hashed with sha512: stable
    corpus = []
    for k in range(count):
        n, m = _dimensions(FORMES[k % len(FORMES)], rng)
        famille = rng.choice(FAMILLES)
        corpus.append((f"{famille} {n}×{m}", _image(genre, famille, n, m, rng)))
    return corpus
