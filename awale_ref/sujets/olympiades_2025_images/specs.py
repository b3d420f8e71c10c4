"""How each question of Exercise 1 (image compression) is graded: specs and structured answers.

One ``Spec`` per function question (Q2, Q4–Q12, Q14, Q16–Q18), graded
against :mod:`awale_ref.sujets.olympiades_2025_images.images` by the same core as the CCINP
(``awale_ref.grading``), on deterministic inputs: the subject's examples
(``images.EXEMPLES``), the named edge cases and a seeded corpus of
:mod:`awale_ref.sujets.olympiades_2025_images.corpus_images` (every shape and family; a few
hundred cases per question at most; of the large images, only the named
ones; lines of at most ``LIGNE_MAX`` pixels, so that a correct recursive
``compte_0_1`` or ``decomprime_ligne`` is not stopped by the recursion
limit).

Where the subject admits several right answers the spec accepts each of
them, as a corrector would:

- ``rectangle_max`` (Q16): any uniform rectangle at ``pos`` whose area is the
  largest (``LECTURES['egalite_des_aires']``: the subject asks for "un" plus
  grand rectangle uni, and ``[[5, 5], [5, 0]]`` has two at ``(0, 0)``).
- ``compression_rectangle`` (Q17): the subject fixes the *scan* (row by row
  from the top-left corner: it rejects ``ic2``, a valid cover, for that
  reason alone) but not which largest rectangle is taken when several tie.
  So a cut is accepted when, read in order, each rectangle starts at the
  first pixel not yet covered, has that pixel's colour, covers only pixels
  not yet covered, and has the largest area among the uniform rectangles of
  uncovered pixels there (``LECTURES['pixels_deja_couverts']``: the last
  rectangle of ``ic1`` has one column because ``(2, 3)`` is covered); and
  when the rectangles end up covering the whole image, with ``(ha, la)`` its
  dimensions.  It follows that the cut is valid (inside, no overlap, full
  cover).  The colour may be written under ``"couleur"`` (the definition)
  or ``"coul"`` (the examples, ``LECTURES['cle_couleur']``).  Its rule
  families separate the images where a largest rectangle of the *whole*
  image would spill over pixels already covered (the trap of ``ic1``) from
  the others.
- ``decompression_rectangle`` (Q18) reads either key: its families are the
  two spellings.

Only what the subject asks is graded (``LECTURES['nouvelle_image']``,
``['compte_commence_par_0']``, ``['drapeau']``): the image received is
checked untouched in Q5 and Q6 only, the empty line is not a line of the
subject (Q9 is not graded on it), and Q3's flag is any flag of three
vertical bands, blue, white, red, read in the 8 colours of Part 2.

``REPONSES_ATTENDUES`` holds the reasoning questions answered by a value
(Q1, Q3 — the image the student's instructions build, checked as an
image, not the code —, Q13, Q15 — which situation each of the four tests
checks, a point per test), each beside a hand-graded justification in the
notebook.

>>> spec = SPECS["Q9"]
>>> spec.observer(spec.reference(), ([1, 1, 0],))
{'renvoie': [0, 2, 1]}
>>> _rectangle_accepte({"renvoie": (2, 1)}, {"renvoie": (1, 2)}, ([[5, 5], [5, 0]], (0, 0)))
True
>>> _rectangle_accepte({"renvoie": (1, 1)}, {"renvoie": (1, 2)}, ([[5, 5], [5, 0]], (0, 0)))
False
>>> _deborderait((images.IMG1,), {}), _deborderait(([[7, 7], [1, 1]],), {})
(True, False)
>>> verifier_reponse("Q15_situations", {1: "plusieurs colonnes", 2: "arrêts par la couleur", 3: "un seul pixel",
...                                      4: "toute la hauteur"}).part
0.5
"""

from __future__ import annotations

import copy
import functools
import itertools
from typing import Any

from awale_ref.grading.correcteur import reponses_structurees
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.grading.eleve.specs import Famille, Observation, Spec
from awale_ref.sujets.olympiades_2025_images import corpus_images, images, variantes

MODULE = "awale_ref.sujets.olympiades_2025_images.images"
_TIERS = 1 / 3

PIXELS_PETITE = 1600
"""A "small" image (40 × 40 at most): every question runs on all of them."""

GRANDES_PAR_GENRE = 0
"""Large images of the seeded corpus kept per kind: none, the named large edge cases (200 × 200, a line
and a column of 200) are enough to meet a real size, and grading stays fast."""

LIGNE_MAX = 1000
"""The longest line of Q9 and Q10 (a recursion per pixel stays under the runner's limit of 3000)."""


# ---------------------------------------------------------------- the hidden inputs (deterministic)
def _pixels(img: list) -> int:
    return len(img) * len(img[0])


@functools.lru_cache(maxsize=None)
def _images(genre: str) -> tuple:
    """The named edge cases, then the small images of the seeded corpus, of one kind of image."""
    corpus = [img for _, img in corpus_images.corpus_images(genre, seed=2025, count=30)]
    grandes = [img for img in corpus if _pixels(img) > PIXELS_PETITE][:GRANDES_PAR_GENRE]
    petites = [img for img in corpus if _pixels(img) <= PIXELS_PETITE]
    return tuple(img for _, img in corpus_images.cas_limites(genre)) + tuple(petites + grandes)


def _petites(genre: str) -> list:
    return [img for img in _images(genre) if _pixels(img) <= PIXELS_PETITE]


def _copie(img: list) -> list:
    return [list(ligne) for ligne in img]


def _exemples(nom: str) -> list[tuple]:
    """The arguments of the subject's examples of ``nom`` (new lists: they are shared in ``EXEMPLES``)."""
    return [copy.deepcopy(args) for args, _ in images.EXEMPLES.get(nom, [])]


def _avec_exemples(nom: str, cas):
    """``cas`` preceded by the subject's examples, each case once."""
    def tous() -> list[tuple]:
        vus, res = set(), []
        for args in _exemples(nom) + cas():
            if repr(args) not in vus:
                vus.add(repr(args))
                res.append(args)
        return res

    tous.__name__ = f"cas_{nom}"
    return tous


def _cas_creer_image() -> list[tuple]:
    couleurs = [0, 1, 5, (0, 0, 200), (255, 255, 255)]
    res = [(n, m, couleurs[(n + m) % len(couleurs)]) for n in range(1, 5) for m in range(1, 5)]
    return res + [(10, 30, (255, 255, 255)), (1, 7, 3), (6, 1, 0)]  # no image without rows: LECTURES['image_vide']


def _cas_noir_ou_blanc() -> list[tuple]:
    valeurs = list(range(0, 256, 5)) + [126, 127, 128, 129, 254, 255]
    return [(x,) for x in valeurs] + [(127.9,), (128.0,), (127.5,), (383 / 3,), (384 / 3,), (0.0,), (255.0,)]


def _cas_rgb() -> list[tuple]:
    return [(_copie(img),) for img in _images("rgb")]


def _cas_nb_et_gris() -> list[tuple]:
    return [(_copie(img),) for img in _images("nb") + _images("gris")]


def _cas_nb() -> list[tuple]:
    return [(_copie(img),) for img in _images("nb")]


def _cas_ligne_vers_image() -> list[tuple]:
    return [images.image_vers_ligne(img) for img in _images("nb") + _images("gris")]


def _lignes() -> list[list]:
    """Lines of 0 and 1: the edge lines, then the black and white images read as one line (not too long).
    Never the empty line: the subject's lines come from images (LECTURES['compte_commence_par_0'])."""
    bords = [[0], [1], [0, 0], [1, 1], [0, 1], [1, 0], [1, 1, 1, 0, 1, 1], [0, 1, 0, 0, 0, 1, 1],
             [0] * 8, [0] * 6 + [1, 1], [0, 1] * 4, [1] * LIGNE_MAX, [(k // 9) % 2 for k in range(LIGNE_MAX)]]
    lues = [images.image_vers_ligne(img)[1] for img in _images("nb")]
    return bords + [ligne for ligne in lues if len(ligne) <= LIGNE_MAX]


def _cas_compte() -> list[tuple]:
    return [(ligne,) for ligne in _lignes()]


def _cas_decomprime() -> list[tuple]:
    zeros = [[0], [0, 0], [0, 2], [2, 0, 1], [0, 2, 0, 1], [4, 2, 3, 1], [3, 0, 0, 2]]
    return [(l,) for l in zeros] + [(images.compte_0_1(ligne),) for ligne in _lignes()]


def _cas_decompresse() -> list[tuple]:
    return [images.compresse_image(img) for img in _images("nb")]


def _positions(img: list, pas: int, tout: int) -> list[tuple[int, int]]:
    """Every pixel of an image of ``tout`` pixels at most, a sample of a larger one (always its corners)."""
    n, m = len(img), len(img[0])
    coins = {(0, 0), (0, m - 1), (n - 1, 0), (n - 1, m - 1)}
    if n * m <= tout:
        return sorted({(i, j) for i in range(n) for j in range(m)})
    return sorted(coins | {(i, j) for i in range(0, n, pas) for j in range((i // pas) % 3, m, pas)})


def _en_couleurs(img: list) -> list:
    """``img`` (colours 0 to 7) in the RGB colours of Part 1, each pixel a tuple of its own: two pixels of
    one colour are equal (==) without being the same object (``is``), as after any copy."""
    return [[tuple(255 * ((p % 8) >> k & 1) for k in (2, 1, 0)) for p in ligne] for ligne in img]


_RECTANGLES_NOMMES = (
    [[4] * 7 + [0], [4] * 3 + [0] * 5],  # a wide row on a narrow one: 1 × 7 beats 2 × 3 (and 2 ** 3 > 7)
    [[5] for _ in range(300)],  # a column of 300: row numbers beyond CPython's shared small ints (256)
)
"""Images the seeded corpus lacks, for Q14 and Q16 (with a small image in RGB colours)."""


def _images_de_rectangles() -> list:
    return (_petites("gris") + _petites("nb")[:10] + [_copie(img) for img in _RECTANGLES_NOMMES]
            + [_en_couleurs([[3, 3, 3, 0], [3, 3, 0, 0]])])


def _cas_dim_largeur() -> list[tuple]:
    res = []
    for img in _images_de_rectangles():
        m = len(img[0])
        for (i, j) in _positions(img, 12, 12):
            for j_max in sorted({m - 1, j, (j + m) // 2}):
                res.append((_copie(img), (i, j), j_max))
    return res + [([[1, 0, 1]], (0, 0), 2), ([[7, 7, 7, 1]], (0, 2), 1)]  # non contiguous; j_max left of pos


def _cas_rectangle() -> list[tuple]:
    return [(_copie(img), pos) for img in _images_de_rectangles() for pos in _positions(img, 7, 30)]


def _cas_compression() -> list[tuple]:
    return [(_copie(img),) for img in _petites("gris") + _petites("nb")]


def _cas_decompression() -> list[tuple]:
    res = []
    for (img,) in _cas_compression():
        ha, la, l_rect = images.compression_rectangle(img)
        res.append(((ha, la, l_rect),))
        # the spelling of the examples, and another order of the same rectangles (any valid input)
        res.append(((ha, la, [{("coul" if k == "couleur" else k): v for k, v in r.items()} for r in l_rect[::-1]]),))
    return res


# ---------------------------------------------------------------- which cases a rule family covers
def _commence_par_1(args: tuple, attendu: Observation) -> bool:
    """Q9: the line starts with a 1, so its code starts with a count of 0 zeros."""
    return args[0][0] == 1


def _premier_compte_nul(args: tuple, attendu: Observation) -> bool:
    """Q10: the code starts with 0 (the line starts with a 1), or holds a 0 further on."""
    return 0 in args[0]


def _une_ligne(args: tuple, attendu: Observation) -> bool:
    return len(args[0]) == 1


def _jusqua_j_max(args: tuple, attendu: Observation) -> bool:
    """Q14: ``j_max`` stops the count before the last column."""
    img, _, j_max = args
    return j_max < len(img[0]) - 1


def _plusieurs_lignes(args: tuple, attendu: Observation) -> bool:
    """Q16: a largest rectangle of more than one row exists at ``pos``."""
    renvoie = attendu.get("renvoie")
    img, (i, j) = args
    return isinstance(renvoie, tuple) and (renvoie[0] > 1 or (i + 1 < len(img) and img[i + 1][j] == img[i][j]))


def _deborderait(args: tuple, attendu: Observation) -> bool:
    """Q17: at some step of the scan, the largest rectangle of the *whole* image at the first pixel not
    yet covered would spill over pixels already covered (like ``(2, 2)`` of img1): the cut must leave
    them out.  Before that step, a cut that ignores the covered pixels is the reference's."""
    (img,) = args
    if not _image_valide(args):
        return False
    reste = _copie(img)
    for i in range(len(img)):
        for j in range(len(img[0])):
            if reste[i][j] is None:
                continue
            ha, la = images.rectangle_max(img, (i, j))
            if any(reste[k][l] is None for k in range(i, i + ha) for l in range(j, j + la)):
                return True
            for k in range(i, i + ha):
                for l in range(j, j + la):
                    reste[k][l] = None
    return False


def _non(selection):
    return lambda args, attendu: not selection(args, attendu)


# ---------------------------------------------------------------- several right answers
def _uni(img: list, i: int, j: int, ha: Any, la: Any) -> bool:
    """The ``ha`` × ``la`` rectangle at ``(i, j)`` is inside ``img`` and of one colour (``None``: covered)."""
    if type(ha) is not int or type(la) is not int or ha < 1 or la < 1:
        return False
    if i + ha > len(img) or j + la > len(img[0]):
        return False
    couleur = img[i][j]
    return couleur is not None and all(img[k][l] == couleur for k in range(i, i + ha) for l in range(j, j + la))


def _rectangle_accepte(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q16: any uniform rectangle at ``pos`` whose area is the largest (LECTURES['egalite_des_aires'])."""
    img, (i, j) = args
    reponse, meilleur = obtenu.get("renvoie"), attendu.get("renvoie")
    if type(reponse) is not tuple or len(reponse) != 2 or not isinstance(meilleur, tuple):
        return False
    ha, la = reponse
    return _uni(img, i, j, ha, la) and ha * la == meilleur[0] * meilleur[1]


def _couleur_de(rect: dict) -> Any:
    return rect.get("couleur", rect.get("coul"))


def _compression_acceptee(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q17: a cut in scan order, each rectangle a largest uniform one among the pixels not yet covered,
    the colour under "couleur" or "coul" (LECTURES['pixels_deja_couverts'], ['cle_couleur'])."""
    (img,) = args
    reponse = obtenu.get("renvoie")
    if type(reponse) is not tuple or len(reponse) != 3 or reponse[:2] != (len(img), len(img[0])):
        return False
    l_rect = reponse[2]
    if type(l_rect) is not list:
        return False
    reste = _copie(img)
    for rect in l_rect:
        if (type(rect) is not dict or set(rect) not in ({"pos", "couleur", "ha", "la"}, {"pos", "coul", "ha", "la"})
                or type(rect["pos"]) is not tuple or len(rect["pos"]) != 2):
            return False
        i, j = rect["pos"]
        premier = next(((a, b) for a in range(len(img)) for b in range(len(img[0])) if reste[a][b] is not None), None)
        if (i, j) != premier or _couleur_de(rect) != img[i][j] or not _uni(reste, i, j, rect["ha"], rect["la"]):
            return False
        plus_grand = images.rectangle_max(reste, (i, j))
        if rect["ha"] * rect["la"] != plus_grand[0] * plus_grand[1]:
            return False
        for k in range(i, i + rect["ha"]):
            for l in range(j, j + rect["la"]):
                reste[k][l] = None
    return all(p is None for ligne in reste for p in ligne)


def _variantes_compression(args: tuple, attendu: Observation) -> Any:
    """Q17's answers to try on a visible example (``Spec.variantes``): every cut in scan order whose rectangles
    are uniform, of pixels not yet covered, of the largest area there, each colour under "couleur" or "coul";
    the build keeps those :func:`_compression_acceptee` admits."""
    (img,) = args

    def decoupages(reste: list) -> Any:
        premier = next(((a, b) for a in range(len(img)) for b in range(len(img[0])) if reste[a][b] is not None), None)
        if premier is None:
            yield []
            return
        i, j = premier
        unis = [(ha, la) for ha in range(1, len(img) - i + 1) for la in range(1, len(img[0]) - j + 1)
                if _uni(reste, i, j, ha, la)]
        plus_grande = max(ha * la for ha, la in unis)
        for ha, la in unis:
            if ha * la == plus_grande:
                suite = _copie(reste)
                for k in range(i, i + ha):
                    suite[k][j:j + la] = [None] * la
                for reste_decoupe in decoupages(suite):
                    yield [(i, j, ha, la), *reste_decoupe]

    for rects in decoupages(_copie(img)):
        for cles in itertools.product(("couleur", "coul"), repeat=len(rects)):
            yield {"renvoie": (len(img), len(img[0]), [{"pos": (i, j), cle: img[i][j], "ha": ha, "la": la}
                                                      for (i, j, ha, la), cle in zip(rects, cles)])}


def _est_image(img: Any) -> bool:
    """« Une image du sujet a au moins une ligne et une colonne » (LECTURES['image_vide']) : une liste de
    lignes, toutes de même longueur."""
    return (type(img) is list and bool(img) and type(img[0]) is list and bool(img[0])
            and all(type(l) is list and len(l) == len(img[0]) for l in img))


def _d_creer_image(args: tuple) -> bool:
    """Q2 : creer_image(n, m, c) « renvoie une nouvelle image de n lignes et m colonnes dont tous les pixels
    valent c » : n ≥ 1 et m ≥ 1 (LECTURES['image_vide'] : creer_image(0, m, c) n'est pas noté)."""
    n, m, c = args
    return type(n) is int and type(m) is int and n >= 1 and m >= 1


def _d_niveau(args: tuple) -> bool:
    """Q4 : noir_ou_blanc(x) compare x à 128 ; « x peut être un nombre à virgule (une moyenne) » de niveaux
    de 0 à 255."""
    (x,) = args
    return type(x) in (int, float) and 0 <= x <= 255


def _d_image_rgb(args: tuple) -> bool:
    """Q5, Q6 : passer_en_nb(img) et passer_en_8_couleurs(img) reçoivent « une image en couleurs » : chaque
    pixel un triplet (r, v, b) de niveaux de 0 à 255."""
    (img,) = args
    return _est_image(img) and all(type(p) is tuple and len(p) == 3 and all(type(x) is int and 0 <= x <= 255
                                                                            for x in p)
                                   for ligne in img for p in ligne)


def _ligne_valide(args: tuple) -> bool:
    """Q8 : ligne_vers_image(nbcol, ligne01), « l'image dont les lignes sont les tranches successives de nbcol
    pixels de ligne01 (sa longueur est un multiple de nbcol) » : nbcol ≥ 1 et une ligne non vide
    (LECTURES['image_vide'])."""
    nbcol, ligne01 = args
    return type(nbcol) is int and nbcol >= 1 and bool(ligne01) and len(ligne01) % nbcol == 0


def _d_ligne01(args: tuple) -> bool:
    """Q9 : compte_0_1(ligne01) compte les plages d'une ligne de 0 et de 1 ; « les lignes du sujet viennent
    d'images, jamais vides » (LECTURES['compte_commence_par_0'])."""
    (ligne01,) = args
    return type(ligne01) is list and bool(ligne01) and all(p in (0, 1) and type(p) is int for p in ligne01)


def _d_code(args: tuple) -> bool:
    """Q10 : decomprime_ligne(liste_entiers), les longueurs des plages ; « un nombre peut valoir 0 : il
    n'ajoute aucun pixel » (LECTURES['entiers_positifs'] : des entiers ≥ 0)."""
    (liste,) = args
    return type(liste) is list and all(type(x) is int and x >= 0 for x in liste)


def _position_valide(args: tuple) -> bool:
    """Q14, Q16 : « le pixel pos » d'une image (ligne i, colonne j dans l'image) ; Q14 « sans dépasser la
    colonne j_max (incluse) », une colonne de l'image."""
    img, (i, j), *reste = args
    return _est_image(img) and 0 <= i < len(img) and 0 <= j < len(img[0]) and all(
        0 <= j_max < len(img[0]) for j_max in reste)


def _image_valide(args: tuple) -> bool:
    """Q7, Q11, Q17 : image_vers_ligne, compresse_image et compression_rectangle reçoivent une image du sujet,
    d'au moins une ligne et une colonne (LECTURES['image_vide'])."""
    return _est_image(args[0])


def _code_valide(args: tuple) -> bool:
    """Q12 : decompresse_image(ncb, liste_entiers) renvoie « l'image de ncb colonnes codée par liste_entiers » :
    ncb ≥ 1 et un code d'au moins un pixel dont le total est un multiple de ncb (LECTURES['image_vide'])."""
    ncb, liste = args
    total = sum(liste) if all(type(x) is int and x >= 0 for x in liste) else -1
    return type(ncb) is int and ncb >= 1 and total > 0 and total % ncb == 0


def _d_image_compressee(args: tuple) -> bool:
    """Q18 : decompression_rectangle reçoit « une image compressée valide » (ha, la, l_rect) : chaque pixel de
    l'image ha × la couvert par exactement un rectangle de l_rect, sa couleur sous la clef "couleur" ou "coul"
    (LECTURES['cle_couleur'])."""
    ((ha, la, l_rect),) = args
    if not (type(ha) is int and type(la) is int and ha >= 1 and la >= 1 and type(l_rect) is list):
        return False
    couverts = set()
    for r in l_rect:
        if not (type(r) is dict and len({images.CLE_COULEUR, images.CLE_COULEUR_EXEMPLES} & set(r)) == 1):
            return False
        (i, j), h, l = r.get("pos", (-1, -1)), r.get("ha", 0), r.get("la", 0)
        pixels = {(a, b) for a in range(i, i + h) for b in range(j, j + l)}
        if not (0 <= i and 0 <= j and h >= 1 and l >= 1 and i + h <= ha and j + l <= la) or pixels & couverts:
            return False
        couverts |= pixels
    return len(couverts) == ha * la


# ---------------------------------------------------------------- the specs
_INTACTE = "image reçue non modifiée (une nouvelle image est renvoyée)"
_DISTINCTES = "lignes distinctes (pas [[c] * m] * n, qui répète la même liste)"


def _spec(question: str, nom: str, parametres: tuple[str, ...], genre: str, cas, regle: str, **autres) -> Spec:
    return Spec(question, nom, parametres, genre, _avec_exemples(nom, cas), regle, module=MODULE,
                presentation="awale_ref.sujets.olympiades_2025_images.presentation", **autres)


SPECS: dict[str, Spec] = {s.question: s for s in [
    _spec("Q2", "creer_image", ("n", "m", "c"), "image", _cas_creer_image,
          "une liste de n lignes, chacune une nouvelle liste de m pixels de couleur c",
          domaine=_d_creer_image,
          familles=(Famille("n lignes de m pixels de couleur c", 2 * _TIERS, cles=("renvoie",)),
                    Famille(_DISTINCTES, _TIERS, cles=("lignes_distinctes",), accessoire=True))),
    _spec("Q4", "noir_ou_blanc", ("x",), "renvoie", _cas_noir_ou_blanc,
          "0 si x < 128 (strictement), 1 sinon", domaine=_d_niveau),
    _spec("Q5", "passer_en_nb", ("img",), "image", _cas_rgb,
          "chaque pixel devient noir_ou_blanc de la moyenne de ses trois niveaux, dans une nouvelle image",
          contraintes=("arguments_intacts",),
          familles=(Famille("pixels : seuil sur la moyenne des trois niveaux", 2 * _TIERS, cles=("renvoie",)),
                    Famille(_INTACTE, _TIERS, contrainte="arguments_intacts")), domaine=_d_image_rgb),
    _spec("Q6", "passer_en_8_couleurs", ("img",), "image", _cas_rgb,
          "chaque niveau d'un pixel devient 0 s'il est < 128, 1 sinon ; le pixel reste un triplet (tuple), "
          "dans une nouvelle image", contraintes=("arguments_intacts",),
          familles=(Famille("pixels : chaque niveau seuillé à 128", 2 * _TIERS, cles=("renvoie",)),
                    Famille(_INTACTE, _TIERS, contrainte="arguments_intacts")), domaine=_d_image_rgb),
    _spec("Q7", "image_vers_ligne", ("img",), "renvoie", _cas_nb_et_gris,
          "le couple (nombre de colonnes, liste de tous les pixels ligne après ligne)",
          domaine=_image_valide),
    _spec("Q8", "ligne_vers_image", ("nbcol", "ligne01"), "image", _cas_ligne_vers_image,
          "l'image dont les lignes sont les tranches successives de nbcol pixels de ligne01",
          domaine=_ligne_valide),
    _spec("Q9", "compte_0_1", ("ligne01",), "renvoie", _cas_compte,
          "les longueurs des plages successives, en commençant toujours par le nombre de 0 (0 si la ligne "
          "commence par 1)", familles=(Famille("lignes qui commencent par 0", 0.5, _non(_commence_par_1)),
                    Famille("lignes qui commencent par 1 : le code commence par 0", 0.5, _commence_par_1)), domaine=_d_ligne01),
    _spec("Q10", "decomprime_ligne", ("liste_entiers",), "renvoie", _cas_decomprime,
          "les plages du code, alternativement de 0 et de 1, en commençant par les 0 (un nombre 0 n'ajoute rien)",
         
          familles=(Famille("codes sans 0", 0.5, _non(_premier_compte_nul)),
                    Famille("codes avec un 0 (la ligne commence par 1)", 0.5, _premier_compte_nul)), domaine=_d_code),
    _spec("Q11", "compresse_image", ("img",), "renvoie", _cas_nb,
          "le couple (nombre de colonnes, code de toute l'image lue comme une seule ligne) : une plage continue "
          "d'une ligne à la suivante", domaine=_image_valide,
          familles=(Famille("images d'une ligne", 0.5, _une_ligne),
                    Famille("images de plusieurs lignes (plages à cheval)", 0.5, _non(_une_ligne)))),
    _spec("Q12", "decompresse_image", ("ncb", "liste_entiers"), "image", _cas_decompresse,
          "la ligne décomprimée, découpée en lignes de ncb pixels",
          domaine=_code_valide),
    _spec("Q14", "dim_largeur_max", ("img", "pos", "j_max"), "renvoie", _cas_dim_largeur,
          "le nombre de pixels consécutifs de la couleur de pos, pos compris, vers la droite jusqu'à la colonne "
          "j_max incluse", domaine=_position_valide,
          familles=(Famille("jusqu'à la dernière colonne", 0.5, _non(_jusqua_j_max)),
                    Famille("arrêt à la colonne j_max", 0.5, _jusqua_j_max))),
    _spec("Q16", "rectangle_max", ("img", "pos"), "renvoie", _cas_rectangle,
          "le couple (hauteur, largeur) d'un rectangle uni d'aire maximale dont le coin supérieur gauche est pos "
          "(en cas d'égalité des aires, n'importe lequel)",
          accepter=_rectangle_accepte, domaine=_position_valide,
          familles=(Famille("rectangles d'une seule ligne", 0.5, _non(_plusieurs_lignes)),
                    Famille("rectangles de plusieurs lignes", 0.5, _plusieurs_lignes))),
    _spec("Q17", "compression_rectangle", ("img",), "renvoie", _cas_compression,
          "(ha, la, l_rect) : en parcourant l'image ligne par ligne, à chaque pixel pas encore couvert, un plus "
          "grand rectangle uni formé de pixels pas encore couverts (en cas d'égalité des aires, n'importe lequel)",
          accepter=_compression_acceptee, variantes=_variantes_compression, domaine=_image_valide,
          familles=(Famille("découpage en plus grands rectangles unis, dans l'ordre du parcours", 2 * _TIERS,
                            _non(_deborderait)),
                    Famille("un rectangle ne déborde pas sur les pixels déjà couverts (comme (2, 2) dans ic1)",
                            _TIERS, _deborderait))),
    _spec("Q18", "decompression_rectangle", ("image_compressee",), "image", _cas_decompression,
          "l'image ha × la où chaque rectangle de l_rect est peint de sa couleur (clef \"couleur\" ou \"coul\")",
         
          familles=(Famille("clef \"couleur\"", 0.5, lambda a, o: "couleur" in a[0][2][0], ("renvoie",)),
                    Famille("clef \"coul\" des exemples", 0.5, lambda a, o: "coul" in a[0][2][0], ("renvoie",))), domaine=_d_image_compressee),
]}


# ---------------------------------------------------------------- the reasoning questions
SITUATIONS_Q15 = dict(zip(("plusieurs colonnes", "arrêts par la couleur", "toute la hauteur", "un seul pixel"),
                          images.REPONSES["Q15"].values()))
"""The four situations the tests of Q15 check, by a short name (the student gives one per test); each fits
one test only (``awale_ref/sujets/olympiades_2025_images/tests/test_olympiades_specs_images.py`` checks it on img1)."""


def _format_dimensions(valeur: Any) -> str | None:
    if not (isinstance(valeur, tuple) and len(valeur) == 2 and all(type(x) is int for x in valeur)):
        return "un couple d'entiers (len(imgB), len(imgB[0]))"
    return None


def _format_image_rgb(valeur: Any) -> str | None:
    if not (isinstance(valeur, list) and valeur and all(isinstance(l, list) and l for l in valeur)
            and all(isinstance(p, tuple) and len(p) == 3 for l in valeur for p in l)):
        return "une image en couleurs : une liste de lignes, chaque pixel un triplet (r, v, b)"
    return None


def _format_q13(valeur: Any) -> str | None:
    if not (isinstance(valeur, dict) and set(valeur) == {"ha", "la", "couleur", "unique"}
            and all(type(valeur[k]) is int for k in ("ha", "la", "couleur")) and type(valeur["unique"]) is bool):
        return "un dictionnaire {\"ha\": hauteur, \"la\": largeur, \"couleur\": couleur, \"unique\": True ou False}"
    return None


def _format_q15(valeur: Any) -> str | None:
    if not (isinstance(valeur, dict) and set(valeur) == {1, 2, 3, 4}
            and all(isinstance(v, str) and v in SITUATIONS_Q15 for v in valeur.values())):
        return ("un dictionnaire {numéro du test (1 à 4): la situation qu'il vérifie, parmi "
                + ", ".join(f'"{k}"' for k in SITUATIONS_Q15) + "}")
    return None


_BANDES = ((0, 0, 1), (1, 1, 1), (1, 0, 0))
"""The bands of a French flag, left to right, in the 8 colours of Part 2: blue, white, red."""


def bandes_du_drapeau(image: list) -> list[tuple] | None:
    """The vertical bands of ``image`` as ``[(colour in 8 colours, width), …]``, or ``None`` when its rows
    differ (then it is not made of vertical bands).  Each level < 128 counts for 0, the others for 1
    (``images.passer_en_8_couleurs``: LECTURES['drapeau']).

    >>> bandes_du_drapeau([[(0, 0, 200), (250, 250, 250), (255, 0, 0)]] * 2)
    [((0, 0, 1), 1), ((1, 1, 1), 1), ((1, 0, 0), 1)]
    """
    lignes = images.passer_en_8_couleurs(image)
    if any(ligne != lignes[0] for ligne in lignes):
        return None
    bandes: list[list] = []
    for couleur in lignes[0]:
        if bandes and bandes[-1][0] == couleur:
            bandes[-1][1] += 1
        else:
            bandes.append([couleur, 1])
    return [(couleur, largeur) for couleur, largeur in bandes]


def _drapeau_juste(nom: str, valeur: list, attendu: list, indice: str) -> Resultat:
    """Q3: the image the student's instructions built: 10 rows, 30 columns, three vertical bands, blue,
    white and red, of any shade and width (LECTURES['drapeau'])."""
    dimensions = (len(valeur), len(valeur[0]))
    if dimensions != (10, 30) or any(len(ligne) != 30 for ligne in valeur):
        return Resultat(False, f"{nom} : l'image a {dimensions[0]} lignes et {dimensions[1]} colonnes au lieu de "
                               f"10 lignes (hauteur) et 30 colonnes (largeur). Rappel : {indice}.", 1)
    bandes = bandes_du_drapeau(valeur)
    if bandes is None:
        return Resultat(False, f"{nom} : les lignes de l'image ne sont pas toutes pareilles, ce ne sont donc pas "
                               f"des bandes verticales. Rappel : {indice}.", 1)
    if [couleur for couleur, _ in bandes] != list(_BANDES):
        noms = {(0, 0, 1): "bleu", (1, 1, 1): "blanc", (1, 0, 0): "rouge", (0, 0, 0): "noir"}
        vues = ", ".join(f"{noms.get(c, 'autre couleur')} ({l} colonne{'s' if l > 1 else ''})" for c, l in bandes)
        return Resultat(False, f"{nom} : de gauche à droite, l'image a les bandes {vues} au lieu de trois bandes "
                               f"bleue, blanche, rouge. Rappel : {indice}.", 1)
    largeurs = " + ".join(str(l) for _, l in bandes)
    return Resultat(True, f"{nom} : réponse exacte (drapeau 10 × 30, bandes bleue, blanche et rouge de "
                          f"{largeurs} colonnes).", 1)


def _drapeau() -> list:
    espace: dict = {"creer_image": images.creer_image}
    exec(images.REPONSES["Q3"], espace)
    return espace["imgD"]


class RectanglesMax(dict):
    """Q13's expected answer on an image: the reference's largest uniform rectangle in ``(0, 1)``
    (``{"ha", "la", "couleur", "unique"}``), with ``admis``, the ``(ha, la)`` of every rectangle of that area
    (any of them is right when it is not the only one)."""

    admis: frozenset = frozenset()


def rectangles_max(img: list, pos: tuple = (0, 1)) -> RectanglesMax:
    """Q13 on ``img``: for each height, the widest uniform rectangle of that height in ``pos`` (the
    reference's ``dim_largeur_max``, row by row); those of the largest area are the answers.

    >>> r = rectangles_max(images.IMG_Q13); dict(r), sorted(r.admis)
    ({'ha': 2, 'la': 2, 'couleur': 3, 'unique': True}, [(2, 2)])
    """
    i, j = pos
    couleur = img[i][j]
    aires: dict[tuple[int, int], int] = {}
    largeur = len(img[0]) - j
    for hauteur in range(1, len(img) - i + 1):
        if img[i + hauteur - 1][j] != couleur:
            break
        largeur = images.dim_largeur_max(img, (i + hauteur - 1, j), j + largeur - 1)
        aires[hauteur, largeur] = hauteur * largeur
    meilleure = max(aires.values())
    admis = frozenset(forme for forme, aire in aires.items() if aire == meilleure)
    ha, la = images.rectangle_max(img, pos)
    reponse = RectanglesMax(ha=ha, la=la, couleur=couleur, unique=len(admis) == 1)
    reponse.admis = admis
    return reponse


def _rectangle_juste(nom: str, valeur: dict, attendu: RectanglesMax, indice: str) -> Resultat:
    """Q13: any largest rectangle is right, with its colour and whether it is the only one."""
    autre = {**valeur, "ha": attendu["ha"], "la": attendu["la"]}
    if (valeur["ha"], valeur["la"]) in attendu.admis and autre == attendu:
        return Resultat(True, f"{nom} : réponse exacte.", 1)
    return Resultat(False, f"{nom} : réponse inexacte ({valeur!r}). Rappel : {indice}.", 1)


REPONSES_ATTENDUES: dict[str, tuple] = {
    # Q1 and Q13 are asked on the student's own image (:mod:`.variantes`): their expected value takes it
    # (called without data: the statement's own image)
    "Q1_dimensions": (_format_dimensions, lambda img=variantes.IMG_B_ENONCE: (len(img), len(img[0])),
                      "len(imgB) est le nombre de lignes, len(imgB[0]) le nombre de pixels d'une ligne"),
    "Q3_drapeau": (_format_image_rgb, _drapeau,
                   "hauteur 10 = lignes, largeur 30 = colonnes ; le coin en haut à droite est imgD[0][29] ; "
                   "trois bandes verticales, bleue (par exemple (0, 0, 255)), blanche, rouge (255, 0, 0)",
                   _drapeau_juste),
    "Q13_rectangle": (_format_q13, lambda img=variantes.IMG_13_ENONCE: rectangles_max(img),
                      "partez de la couleur du pixel (0, 1) ; pour chaque hauteur possible, cherchez la plus grande "
                      "largeur, puis comparez les aires des rectangles unis de coin (0, 1)", _rectangle_juste),
    "Q15_situations": (_format_q15, lambda: dict(zip((1, 2, 3, 4), SITUATIONS_Q15)),
                       "comparez, pour chaque test, la position de départ, les bords de l'image et ce qui arrête "
                       "le rectangle", reponses_structurees.credit_par_cle("tests")),
}


def verifier_reponse(nom: str, valeur: Any) -> Resultat:
    """The hidden test of one structured answer of this subject (``reponses_structurees.verifier_reponse`` on its table)."""
    return reponses_structurees.verifier_reponse(nom, valeur, REPONSES_ATTENDUES)
