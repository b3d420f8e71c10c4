"""Exercise 1 of the Olympiades NSI 2025 (awale_ref.sujets.olympiades_2025_images.images) and its image corpus.

The subject's examples, one check for each reading of ``images.LECTURES``,
hypothesis properties against independent rules (runs by ``groupby``, largest
rectangles by brute force), and the corpus: deterministic, every labelled edge
case has its property, every image goes through both compressions and back.
"""

import copy
import hashlib
import inspect
import itertools
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from awale_ref.sujets.olympiades_2025_images import corpus_images, images
from pipeline.build import RACINE

reglages = settings(derandomize=True, database=None, deadline=None, max_examples=150)
PAGE = RACINE / "docs" / "olympiades_lectures.md"


# ------------------------------------------------------------------ independent rules
def runs_attendus(ligne01: list) -> list:
    """The run lengths of ``ligne01``, with a (possibly empty) run of 0s first."""
    runs = [(valeur, len(list(groupe))) for valeur, groupe in itertools.groupby(ligne01)]
    comptes = [longueur for _, longueur in runs]
    return comptes if runs and runs[0][0] == 0 else [0] + comptes


def uni(img: list, pos: tuple, ha: int, la: int) -> bool:
    """Is the ``ha`` × ``la`` rectangle at ``pos`` inside ``img`` and of one colour (not None)?"""
    i, j = pos
    if i + ha > len(img) or j + la > len(img[0]):
        return False
    couleur = img[i][j]
    return couleur is not None and all(img[k][l] == couleur for k in range(i, i + ha)
                                       for l in range(j, j + la))


def rectangles_maximaux(img: list, pos: tuple) -> set:
    """Every ``(ha, la)`` of a uniform rectangle at ``pos`` of maximal area, by brute force."""
    i, j = pos
    tous = [(ha, la) for ha in range(1, len(img) - i + 1) for la in range(1, len(img[0]) - j + 1)
            if uni(img, pos, ha, la)]
    aire = max(ha * la for ha, la in tous)
    return {(ha, la) for ha, la in tous if ha * la == aire}


def verifie_decoupage(img: list, ic: tuple, maximalite: bool = True) -> None:
    """``ic`` is a valid compression of ``img`` made in the subject's scan order.

    Inside, no overlap, full cover, right colours; the rectangles in the order
    of their top-left corners, each at the first pixel not yet covered; with
    ``maximalite``, each a largest uniform rectangle of the pixels not yet
    covered (any tie accepted), checked by brute force.
    """
    ha, la, l_rect = ic
    assert (ha, la) == (len(img), len(img[0]))
    reste = [list(ligne) for ligne in img]  # None: covered
    parcours = iter([(k, l) for k in range(ha) for l in range(la)])  # the scan order
    for rect in l_rect:
        assert set(rect) == {"pos", "couleur", "ha", "la"}  # LECTURES['cle_couleur']
        i, j = rect["pos"]
        premier_libre = next((k, l) for k, l in parcours if reste[k][l] is not None)
        assert (i, j) == premier_libre
        assert uni(reste, (i, j), rect["ha"], rect["la"]) and rect["couleur"] == img[i][j]
        if maximalite:
            assert (rect["ha"], rect["la"]) in rectangles_maximaux(reste, (i, j))
        for k in range(i, i + rect["ha"]):
            reste[k][j:j + rect["la"]] = [None] * rect["la"]
    assert all(pixel is None for ligne in reste for pixel in ligne)


def nb_attendu(pixel) -> int:
    return 0 if sum(pixel) < 384 else 1


# ------------------------------------------------------------------ the subject's examples
@pytest.mark.parametrize("nom", list(images.EXEMPLES))
def test_exemples_du_sujet(nom):
    fonction = getattr(images, nom)
    for arguments, attendu in images.EXEMPLES[nom]:
        avant = copy.deepcopy(arguments)
        assert fonction(*copy.deepcopy(arguments)) == attendu
        fonction(*arguments)
        assert arguments == avant  # LECTURES['nouvelle_image']


def test_les_exemples_couvrent_les_fonctions_du_sujet():
    noms = {nom for nom, objet in vars(images).items()
            if inspect.isfunction(objet) and objet.__module__ == images.__name__ and not nom.startswith("_")}
    sans_exemple = {"noir_ou_blanc", "passer_en_nb"}  # the subject gives none for Q4, Q5
    assert noms == set(images.EXEMPLES) | sans_exemple


def test_reponses():
    assert images.REPONSES["Q1"] == (len(images.IMG_B), len(images.IMG_B[0])) == (4, 8)
    q13 = images.REPONSES["Q13"]
    maximaux = rectangles_maximaux(images.IMG_Q13, (0, 1))
    assert maximaux == {(q13["ha"], q13["la"])} and q13["unique"]
    assert images.IMG_Q13[0][1] == q13["couleur"]
    assert images.rectangle_max(images.IMG_Q13, (0, 1)) == (2, 2)
    assert set(images.REPONSES["Q15"]) == {1, 2, 3, 4}
    for (arguments, attendu) in images.EXEMPLES["rectangle_max"]:  # the four asserts of Q15
        assert rectangles_maximaux(*arguments) == {attendu}


def drapeau_de_q3() -> list:
    espace = {"creer_image": images.creer_image}
    exec(images.REPONSES["Q3"], espace)
    return espace["imgD"]


# ------------------------------------------------------------------ one check per reading
def lecture_exemple_creer_image():
    assert images.creer_image(2, 1, (0, 0, 200)) == [[(0, 0, 200)], [(0, 0, 200)]]
    assert images.creer_image(2, 1, (0, 0, 200)) != [[0, 0, 200], [0, 0, 200]]  # the typo


def lecture_lignes_distinctes():
    img = images.creer_image(3, 2, 0)
    img[0][1] = 1
    assert img == [[0, 1], [0, 0], [0, 0]]


def lecture_drapeau():
    img = drapeau_de_q3()
    assert (len(img), len(img[0])) == (10, 30)
    bandes = [(0, 0, 255), (255, 255, 255), (255, 0, 0)]
    assert all(img[i][j] == bandes[j // 10] for i in range(10) for j in range(30))
    assert images.compression_rectangle(img)[2] == [
        {"pos": (0, 10 * k), "couleur": bandes[k], "ha": 10, "la": 10} for k in range(3)]
    with pytest.raises(IndexError):
        images.creer_image(10, 30, (255, 255, 255))[0][30] = (255, 0, 0)


def lecture_moyenne():
    for total in range(3 * 255 + 1):
        assert images.noir_ou_blanc(total / 3) == images.noir_ou_blanc(total // 3) == (total >= 384)


def lecture_triplets():
    assert images.passer_en_8_couleurs([[(127, 128, 255)]]) == [[(0, 1, 1)]]
    assert type(images.passer_en_8_couleurs([[[0, 200, 0]]])[0][0]) is tuple
    assert images.passer_en_nb([[[200, 200, 0]], [(0, 0, 0)]]) == [[1], [0]]


def lecture_nouvelle_image():
    for genre in corpus_images.GENRES:
        for _, img in corpus_images.cas_limites(genre)[:8]:
            avant = copy.deepcopy(img)
            images.compression_rectangle(img)
            if genre == "rgb":
                images.passer_en_nb(img), images.passer_en_8_couleurs(img)
            if genre == "nb":
                images.compresse_image(img), images.image_vers_ligne(img)
            assert img == avant


def lecture_image_vide():
    assert images.creer_image(0, 5, 1) == [] and images.passer_en_nb([]) == []
    with pytest.raises(IndexError):
        images.image_vers_ligne([])
    for genre in corpus_images.GENRES:
        for _, img in corpus_images.cas_limites(genre) + corpus_images.corpus_images(genre):
            assert len(img) >= 1 and all(len(ligne) == len(img[0]) >= 1 for ligne in img)


def lecture_compte_commence_par_0():
    assert images.compte_0_1([1, 1]) == [0, 2]
    assert images.compte_0_1([]) == [0] and images.decomprime_ligne([0]) == images.decomprime_ligne([]) == []
    assert images.compresse_image([[1]]) == (1, [0, 1])


def lecture_entiers_positifs():
    assert images.decomprime_ligne([0, 2, 0, 1]) == [1, 1, 1]
    assert images.decomprime_ligne([3, 0]) == [0, 0, 0]


def lecture_lignes_enchainees():
    assert images.compresse_image([[0, 1], [1, 0]]) == (2, [1, 2, 1])
    assert images.compresse_image([[0, 0, 1], [1, 1, 1], [1, 0, 0]]) == (3, [2, 5, 2])


def lecture_decompresse_image_parametres():
    assert list(inspect.signature(images.decompresse_image).parameters) == ["ncb", "liste_entiers"]
    assert images.decompresse_image(*images.compresse_image(images.IMG_A)) == images.IMG_A


def lecture_ligne_incomplete():
    assert images.ligne_vers_image(2, [0, 1, 1, 0, 1]) == [[0, 1], [1, 0], [1]]  # not checked
    assert images.ligne_vers_image(3, []) == []


def lecture_largeur_contigue():
    assert images.dim_largeur_max([[1, 0, 1]], (0, 0), 2) == 1
    assert images.dim_largeur_max([[1, 1, 0, 1, 1]], (0, 3), 4) == 2
    assert images.dim_largeur_max(images.IMG1, (0, 2), 1) == 0


def lecture_egalite_des_aires():
    for img, pos, attendu in (([[5, 5], [5, 0]], (0, 0), (1, 2)),
                              (dict(corpus_images.cas_limites("gris"))
                               ["escalier : égalité d'aires 2 x 3 ou 3 x 2"], (0, 0), (2, 3))):
        assert len(rectangles_maximaux(img, pos)) == 2
        assert images.rectangle_max(img, pos) == attendu
        assert images.rectangle_max(img, pos) == min(rectangles_maximaux(img, pos))


def lecture_cle_couleur():
    assert images.IC1[2][0] == {"pos": (0, 0), "couleur": 7, "ha": 2, "la": 3}  # the definition
    assert all(set(rect) == {"pos", "couleur", "ha", "la"}
               for rect in images.compression_rectangle(images.IMG_Q13)[2])
    subject_ic1 = images.EXEMPLES["decompression_rectangle"][2][0][0]
    assert all("coul" in rect and "couleur" not in rect for rect in subject_ic1[2])
    assert images.decompression_rectangle(subject_ic1) == images.IMG1


def lecture_pixels_deja_couverts():
    dernier = images.compression_rectangle(images.IMG1)[2][-1]
    assert dernier == {"pos": (2, 2), "couleur": 1, "ha": 1, "la": 1}
    assert images.rectangle_max(images.IMG1, (2, 2)) == (1, 2)  # on the whole image it would overlap


def lecture_ordre_des_rectangles():
    ha, la, l_rect = images.compression_rectangle(images.IMG_Q13)
    assert [rect["pos"] for rect in l_rect] == sorted(rect["pos"] for rect in l_rect)
    assert images.decompression_rectangle((ha, la, l_rect[::-1])) == images.IMG_Q13
    assert images.decompression_rectangle(images.IC2) == images.IMG1
    assert images.compression_rectangle(images.IMG1) == images.IC1 != images.IC2


LECTURES_VERIFIEES = {nom.removeprefix("lecture_"): fonction for nom, fonction in globals().items()
                      if nom.startswith("lecture_")}


def test_chaque_lecture_a_sa_verification():
    assert set(LECTURES_VERIFIEES) == set(images.LECTURES)


@pytest.mark.parametrize("cle", sorted(images.LECTURES))
def test_lecture(cle):
    LECTURES_VERIFIEES[cle]()


def test_figures_reconstruites():
    figures = images.FIGURES_RECONSTRUITES
    assert set(figures) == {"figure_1", "figure_2"}
    assert all("Reconstruite" in figure["note"] for figure in figures.values())
    assert figures["figure_1"]["donnees"] == {"imgA": images.IMG_A, "imgB": images.IMG_B, "imgC": images.IMG_C}
    img1, decoupage = figures["figure_2"]["donnees"]["img1"], figures["figure_2"]["donnees"]["rectangles"]
    assert images.decompression_rectangle(decoupage) == img1 == images.IMG1
    verifie_decoupage(img1, decoupage)


def test_la_page_des_lectures_suit_les_constantes():
    page = PAGE.read_text(encoding="utf-8")
    for dictionnaire in (images.LECTURES, {cle: f["note"] for cle, f in images.FIGURES_RECONSTRUITES.items()}):
        for cle, texte in dictionnaire.items():
            assert f"`{cle}`" in page and texte in page, cle


# ------------------------------------------------------------------ properties
def images_de(pixels, n_max=8, m_max=8):
    @st.composite
    def dessin(draw):
        n, m = draw(st.integers(1, n_max)), draw(st.integers(1, m_max))
        return [draw(st.lists(pixels, min_size=m, max_size=m)) for _ in range(n)]
    return dessin()


images_01 = images_de(st.integers(0, 1), 12, 12)
images_3_couleurs = images_de(st.integers(0, 2), 6, 6)
niveaux = st.one_of(st.sampled_from([0, 127, 128, 255]), st.integers(0, 255))
images_rgb = images_de(st.tuples(niveaux, niveaux, niveaux), 5, 5)


@reglages
@given(st.lists(st.integers(0, 1), max_size=40))
def test_compte_0_1_suit_les_plages(ligne01):
    comptes = images.compte_0_1(ligne01)
    assert comptes == runs_attendus(ligne01)
    assert all(nombre >= 1 for nombre in comptes[1:])
    assert images.decomprime_ligne(comptes) == ligne01


@reglages
@given(st.lists(st.integers(0, 4), max_size=12))
def test_decomprime_ligne_alterne_en_commencant_par_0(liste_entiers):
    attendu = [k % 2 for k, nombre in enumerate(liste_entiers) for _ in range(nombre)]
    assert images.decomprime_ligne(liste_entiers) == attendu


@reglages
@given(images_01)
def test_compression_en_ligne_aller_retour(img):
    avant = copy.deepcopy(img)
    nbcol, ligne01 = images.image_vers_ligne(img)
    assert nbcol == len(img[0]) and ligne01 == [p for ligne in img for p in ligne]
    assert images.ligne_vers_image(nbcol, ligne01) == img
    compressee = images.compresse_image(img)
    assert compressee == (nbcol, runs_attendus(ligne01))
    assert compressee[1][0] == (ligne01 + [1]).index(1)  # the zeros first, even none
    assert images.decompresse_image(*compressee) == img
    assert img == avant


@reglages
@given(images_3_couleurs)
def test_rectangle_max_est_un_plus_grand_rectangle_uni(img):
    for i in range(len(img)):
        for j in range(len(img[0])):
            assert images.rectangle_max(img, (i, j)) == min(rectangles_maximaux(img, (i, j)))
            largeur = len(list(itertools.takewhile(lambda p: p == img[i][j], img[i][j:])))
            assert images.dim_largeur_max(img, (i, j), len(img[0]) - 1) == largeur


@reglages
@given(images_3_couleurs)
def test_compression_rectangle_couvre_exactement_l_image(img):
    avant = copy.deepcopy(img)
    compressee = images.compression_rectangle(img)
    verifie_decoupage(img, compressee)
    assert images.decompression_rectangle(compressee) == img == avant


@reglages
@given(images_rgb)
def test_passages_en_nb_et_en_8_couleurs(img):
    avant = copy.deepcopy(img)
    assert images.passer_en_nb(img) == [[nb_attendu(p) for p in ligne] for ligne in img]
    assert images.passer_en_8_couleurs(img) == [[tuple(int(v >= 128) for v in p) for p in ligne]
                                                for ligne in img]
    assert img == avant


# ------------------------------------------------------------------ the corpus
def cas(genre):
    return dict(corpus_images.cas_limites(genre))


CHECKS = {
    "nb": {
        "1×1 noir": lambda img: images.compresse_image(img) == (1, [1]),
        "1×1 blanc : le code commence par 0 zéro": lambda img: images.compresse_image(img) == (1, [0, 1]),
        "une ligne commençant par 1": lambda img: len(img) == 1 and images.compresse_image(img)[1][:2] == [0, 2],
        "une colonne": lambda img: len(img) > 1 and images.compresse_image(img) == (1, [1, 2, 1, 1]),
        "unie noire": lambda img: images.compresse_image(img) == (6, [24]),
        "unie blanche": lambda img: images.compresse_image(img) == (3, [0, 15]),
        "damier de largeur impaire commençant par 0 : tout alterne":
            lambda img: images.compresse_image(img) == (5, [1] * 25),
        "damier de largeur paire commençant par 1 : plages de 2 d'une ligne à l'autre":
            lambda img: images.compresse_image(img) == (4, [0, 1, 1] + [1, 2, 1] * 4 + [1, 1]),
        "rayures verticales": lambda img: [(r["ha"], r["la"]) for r in images.compression_rectangle(img)[2]]
        == [(4, 1)] * 6,
        "rayures horizontales : des plages d'une ligne entière":
            lambda img: images.compresse_image(img) == (5, [5] * 4),
        "plage à cheval sur deux lignes": lambda img: images.compresse_image(img) == (4, [2, 4, 3, 3]),
        "imgA du sujet": lambda img: img == images.IMG_A,
        "exemple [[0,1,0],[1,1,1]] du sujet": lambda img: images.compresse_image(img) == (3, [1, 1, 1, 3]),
        "exemple [[0,0,0,0],[1,1,1,1]] du sujet": lambda img: images.compresse_image(img) == (4, [4, 4]),
        "une ligne de 200": lambda img: (len(img), len(img[0])) == (1, 200),
        "une colonne de 200": lambda img: (len(img), len(img[0])) == (200, 1),
        "grande unie 200×200": lambda img: images.compresse_image(img) == (200, [0, 40000])
        and len(images.compression_rectangle(img)[2]) == 1,
        "grand damier 200×200": lambda img: images.compresse_image(img)
        == (200, [1] * 199 + [2] + ([1] * 198 + [2]) * 198 + [1] * 199)
        and len(images.compression_rectangle(img)[2]) == 40000,
    },
    "gris": {
        "1×1": lambda img: images.compression_rectangle(img)
        == (1, 1, [{"pos": (0, 0), "couleur": 5, "ha": 1, "la": 1}]),
        "une ligne": lambda img: [r["la"] for r in images.compression_rectangle(img)[2]] == [2, 3, 1],
        "une colonne": lambda img: [r["ha"] for r in images.compression_rectangle(img)[2]] == [2, 2],
        "unie": lambda img: len(images.compression_rectangle(img)[2]) == 1,
        "damier de deux gris": lambda img: len(images.compression_rectangle(img)[2]) == 20,
        "img1 du sujet : un pixel déjà couvert à droite":
            lambda img: images.compression_rectangle(img) == images.IC1,
        "image de la question 13": lambda img: images.rectangle_max(img, (0, 1)) == (2, 2),
        "imgB du sujet : huit colonnes de gris":
            lambda img: [(r["ha"], r["la"]) for r in images.compression_rectangle(img)[2]] == [(4, 1)] * 8,
        "égalité d'aires : 1 x 2 ou 2 x 1": lambda img: rectangles_maximaux(img, (0, 0)) == {(1, 2), (2, 1)},
        "escalier : égalité d'aires 2 x 3 ou 3 x 2":
            lambda img: rectangles_maximaux(img, (0, 0)) == {(2, 3), (3, 2)},
        "rectangle plus large en bas qu'en haut": lambda img: images.rectangle_max(img, (0, 0)) == (3, 2),
        "grande en bandes 200×200":
            lambda img: [(r["ha"], r["la"]) for r in images.compression_rectangle(img)[2]] == [(200, 40)] * 5,
    },
    "rgb": {
        "1×1 de l'exemple de creer_image": lambda img: images.passer_en_nb(img) == [[0]],
        "exemple (255, 100, 129) du sujet": lambda img: images.passer_en_8_couleurs(img) == [[(1, 0, 1)]],
        "imgC du sujet": lambda img: images.passer_en_nb(img) == [[0, 0, 0], [1, 1, 1]],
        "seuil : sommes 383 et 384 des trois niveaux": lambda img: images.passer_en_nb(img) == [[0, 1, 0, 1]],
        "seuil : niveaux 127 et 128": lambda img: images.passer_en_8_couleurs(img) == [[(0, 1, 0)], [(1, 0, 1)]],
        "noir et blanc purs":
            lambda img: images.passer_en_nb(img) == [[(i + j) % 2 for j in range(3)] for i in range(3)],
        "drapeau français 10×30": lambda img: img == drapeau_de_q3(),
        "une ligne": lambda img: images.passer_en_nb(img) == [[0, 0, 0, 1, 1]],
        "une colonne": lambda img: len(images.compression_rectangle(img)[2]) == 3
        and images.passer_en_8_couleurs(img) == [[(0, 0, 0)], [(1, 1, 1)], [(0, 0, 0)]],
    },
}


@pytest.mark.parametrize("genre", corpus_images.GENRES)
def test_chaque_cas_limite_a_sa_propriete(genre):
    etiquettes = [etiquette for etiquette, _ in corpus_images.cas_limites(genre)]
    assert len(etiquettes) == len(set(etiquettes)) and set(etiquettes) == set(CHECKS[genre])
    for etiquette, img in corpus_images.cas_limites(genre):
        assert CHECKS[genre][etiquette](img), etiquette


def test_cas_limites_neufs_a_chaque_appel():
    premier = corpus_images.cas_limites("gris")
    premier[5][1][0][0] = 99
    assert images.IMG1[0][0] == 7 and corpus_images.cas_limites("gris")[5][1][0][0] == 7


def empreinte(genre, seed=2025):
    return hashlib.sha256(repr(corpus_images.corpus_images(genre, seed)).encode()).hexdigest()


def test_corpus_deterministe():
    for genre in corpus_images.GENRES:
        assert corpus_images.corpus_images(genre, 5, 30) == corpus_images.corpus_images(genre, 5, 30)
        assert corpus_images.corpus_images(genre, 5, 30) != corpus_images.corpus_images(genre, 6, 30)
        assert corpus_images.corpus_images(genre, 5, 12) == corpus_images.corpus_images(genre, 5, 30)[:12]
    assert corpus_images.corpus_images("nb", 5, 0) == []
    code = ("import hashlib; from awale_ref.sujets.olympiades_2025_images.corpus_images import corpus_images as c; "
            "print(hashlib.sha256(repr(c('rgb', 2025)).encode()).hexdigest())")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    sortie = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                            capture_output=True, text=True).stdout.strip()
    assert sortie == empreinte("rgb")


@pytest.mark.parametrize("args, erreur", [
    (("couleur", 1, 3), ValueError), (("nb", "1", 3), TypeError), (("nb", 1, 2.0), TypeError),
    (("nb", True, 3), TypeError), (("nb", 1, -1), ValueError),
])
def test_arguments_refuses(args, erreur):
    with pytest.raises(erreur):
        corpus_images.corpus_images(*args)


@pytest.mark.parametrize("genre", corpus_images.GENRES)
def test_corpus_couvre_formes_et_familles(genre):
    corpus = corpus_images.corpus_images(genre)
    assert len(corpus) == 40
    familles = {etiquette.split()[0] for etiquette, _ in corpus}
    assert familles == set(corpus_images.FAMILLES)
    dimensions = [(len(img), len(img[0])) for _, img in corpus]
    assert (1, 1) in dimensions
    assert any(n == 1 < m for n, m in dimensions) and any(m == 1 < n for n, m in dimensions)
    assert any(n >= 100 and m >= 100 for n, m in dimensions)
    assert all(n <= 200 and m <= 200 for n, m in dimensions)
    for etiquette, img in corpus:
        assert etiquette.endswith(f" {len(img)}×{len(img[0])}")
        pixels = {p for ligne in img for p in ligne}
        if genre == "nb":
            assert pixels <= {0, 1}
        elif genre == "gris":
            assert pixels <= set(range(8))
        else:
            assert all(type(p) is tuple and len(p) == 3 and all(0 <= v <= 255 for v in p) for p in pixels)


@pytest.mark.parametrize("genre", corpus_images.GENRES)
def test_chaque_image_du_corpus_passe_par_les_compressions(genre):
    for etiquette, img in corpus_images.corpus_images(genre) + corpus_images.cas_limites(genre):
        compressee = images.compression_rectangle(img)
        verifie_decoupage(img, compressee, maximalite=len(img) * len(img[0]) <= 64)
        assert images.decompression_rectangle(compressee) == img, etiquette
        if genre == "nb":
            assert images.decompresse_image(*images.compresse_image(img)) == img, etiquette
        if genre == "rgb":
            assert images.passer_en_nb(img) == [[nb_attendu(p) for p in ligne] for ligne in img]
