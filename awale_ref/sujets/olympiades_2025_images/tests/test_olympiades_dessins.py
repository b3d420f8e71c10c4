"""Pictures of Exercise 1 (awale_ref.sujets.olympiades_2025_images.dessins): what the rendered pixels show.

Every figure is rendered by the Agg canvas and read back as an array
(``fig.canvas.buffer_rgba``): the colour at the centre of each pixel of an
image, the red outlines of the rectangles and of the differing pixels, where
they are and where they are not.  The marks are also checked as artists (one
patch per rectangle or differing pixel) against rules written here again.
"""

import base64
import random
import subprocess
import sys

import matplotlib
import numpy as np
import pytest

from awale_ref.sujets.olympiades_2025_images import corpus_images, dessins, images

matplotlib.use("Agg")

BLANC, NOIR, ROUGE = (255, 255, 255), (0, 0, 0), (0xE0, 0, 0)


# ------------------------------------------------------------------ reading a rendered figure
def rendu(fig) -> np.ndarray:
    """The figure drawn by Agg: rows × columns × RGB."""
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[:, :, :3].astype(int)


def point(tableau: np.ndarray, ax, x: float, y: float) -> tuple:
    """The colour of the figure at the data coordinates ``(x, y)`` of ``ax`` (x = column, y = row)."""
    px, py = ax.transData.transform((x, y))
    return tuple(int(v) for v in tableau[int(tableau.shape[0] - py), int(px)])


def proche(c1: tuple, c2: tuple, tolerance: int = 3) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(c1, c2))


def centres(fig, ax, n: int, m: int) -> list[list[tuple]]:
    tableau = rendu(fig)
    return [[point(tableau, ax, j, i) for j in range(m)] for i in range(n)]


def marques(ax, gid: str) -> list[tuple[float, float, float, float]]:
    """``(x, y, width, height)`` of the patches of ``ax`` with this gid."""
    return [(*p.get_xy(), p.get_width(), p.get_height()) for p in ax.patches if p.get_gid() == gid]


def ecarts_attendus(attendue: list, obtenue: list) -> set:
    """The places where two lists of rows differ, written again: a pixel in one only, or two pixels !=."""
    places_a = {(i, j) for i, ligne in enumerate(attendue) for j in range(len(ligne))}
    places_o = {(i, j) for i, ligne in enumerate(obtenue) for j in range(len(ligne))}
    return (places_a ^ places_o) | {(i, j) for i, j in places_a & places_o if attendue[i][j] != obtenue[i][j]}


# ------------------------------------------------------------------ colours
@pytest.mark.parametrize("img, codage, couleurs", [
    (images.IMG_A, "nb", [[NOIR if p == 0 else BLANC for p in ligne] for ligne in images.IMG_A]),
    ([[1, 0, 0], [0, 1, 1]], "nb", [[BLANC, NOIR, NOIR], [NOIR, BLANC, BLANC]]),
    (images.IMG_B, "gris", [[(round(255 * k / 7),) * 3 for k in range(8)]] * 4),
    (images.IMG_C, "rgb", [[(255, 0, 0)] * 3, [BLANC] * 3]),
    ([[(0, 0, 255), (0, 255, 0), (0, 255, 255), (250, 150, 0)]], "rgb",
     [[(0, 0, 255), (0, 255, 0), (0, 255, 255), (250, 150, 0)]]),
    ([[(1, 0, 1), [0, 1, 1]], [(0, 0, 0), (1, 1, 1)]], "8couleurs",
     [[(255, 0, 255), (0, 255, 255)], [NOIR, BLANC]]),
])
def test_each_pixel_centre_has_the_colour_of_its_value(img, codage, couleurs):
    assert dessins.codage_image(img) == codage  # guessed from the values
    fig = dessins.figure_image(img, "essai", valeurs=False)
    obtenues = centres(fig, fig.axes[0], len(img), len(img[0]))
    assert all(proche(o, c) for lo, lc in zip(obtenues, couleurs) for o, c in zip(lo, lc)), obtenues


def test_int_pixels_0_to_7_are_grey_levels_by_default_and_bits_on_demand():
    """The subject defines an int 0–7 as a grey level only; "bits" reads it as R, G, B (our reading)."""
    assert dessins.codage_image(images.IMG1) == "gris"
    gris = dessins.pixels_rgb(images.IMG1).tolist()
    assert gris[0][0] == [255] * 3 and gris[0][3] == [36] * 3 and gris[2][0] == [73] * 3
    bits = dessins.pixels_rgb(list(map(list, zip(range(8)))), "bits")[:, 0].tolist()
    assert bits == [[255 * ((k >> 2) & 1), 255 * ((k >> 1) & 1), 255 * (k & 1)] for k in range(8)]
    assert bits[7] == [255] * 3 and bits[4] == [255, 0, 0] and bits[2] == [0, 255, 0] and bits[1] == [0, 0, 255]
    # the bits of an int are the levels passer_en_8_couleurs gives
    for r, g, b in [(1, 0, 1), (0, 1, 1), (1, 1, 0)]:
        assert dessins.pixels_rgb([[4 * r + 2 * g + b]], "bits").tolist() == dessins.pixels_rgb([[(r, g, b)]]).tolist()
    fig = dessins.figure_image(images.IMG1, codage="bits", valeurs=False)
    assert centres(fig, fig.axes[0], 3, 4)[2] == [(0, 255, 0), (0, 255, 0), (0, 0, 255), (0, 0, 255)]


def test_black_and_white_versus_grey_depends_on_the_values_or_the_codage():
    assert dessins.pixels_rgb([[0, 1]]).tolist() == [[[0] * 3, [255] * 3]]  # 1 is white...
    assert dessins.pixels_rgb([[0, 1]], "gris").tolist() == [[[0] * 3, [36] * 3]]  # ... or very dark grey
    assert dessins.pixels_rgb([[(1, 1, 1)]], "rgb").tolist() == [[[1, 1, 1]]]  # RGB levels 0/1: almost black


def test_values_are_written_in_small_int_images_only():
    petites = dessins.figure_images(images.IMG_A, images.IMG_B, images.IMG_C)
    ecrites = [sorted(t.get_text() for t in ax.texts if t.get_gid() == "valeur") for ax in petites.axes]
    assert ecrites[0] == sorted(str(p) for ligne in images.IMG_A for p in ligne)
    assert ecrites[1] == sorted(str(p) for ligne in images.IMG_B for p in ligne)
    assert ecrites[2] == []  # RGB: colours only
    grande = dessins.figure_image(images.creer_image(40, 40, 3))
    assert not [t for t in grande.axes[0].texts if t.get_gid() == "valeur"]
    # a value is readable on its pixel: white on dark, black on light
    couleurs = {t.get_text(): t.get_color() for t in petites.axes[1].texts}
    assert couleurs["0"] == "white" and couleurs["7"] == "black"


def test_titles_give_the_size_and_the_kind_of_image():
    fig = dessins.figure_images(images.IMG1, [[(0, 0, 200)]], titres=["img1", "bleu"])
    assert [ax.get_title() for ax in fig.axes] == ["img1\n3 lignes × 4 colonnes\n8 niveaux de gris",
                                                   "bleu\n1 ligne × 1 colonne\ncouleurs RVB"]
    fig = dessins.figure_comparaison(images.IMG_C, images.passer_en_nb(images.IMG_C),
                                     images.passer_en_8_couleurs(images.IMG_C))
    assert [ax.get_title().split("\n")[0] for ax in fig.axes] == ["originale", "→ noir et blanc", "→ 8 couleurs"]
    assert fig.get_figwidth() <= dessins.LARGEUR_MAX
    tableau = rendu(fig)  # beside the centre: the black and white image has its values written
    obtenues = [[[point(tableau, ax, j + 0.3, i + 0.3) for j in range(3)] for i in range(2)] for ax in fig.axes]
    assert obtenues[0][0][0] == (255, 0, 0) and obtenues[1][0][0] == NOIR  # red: mean 85 < 128
    assert obtenues[2][0][0] == (255, 0, 0) and obtenues[1][1][2] == obtenues[2][1][2] == BLANC


def test_grid_for_small_images_only():
    def grille(fig) -> list[float]:
        """The x of the visible vertical lines of the minor grid."""
        rendu(fig)  # the ticks are placed when drawn
        axe = fig.axes[0].xaxis
        ticks = axe.get_minor_ticks(len(axe.get_minorticklocs()))
        return [float(t.get_loc()) for t in ticks if t.gridline.get_visible()]

    petite = dessins.figure_image(images.IMG1, valeurs=False)
    assert grille(petite) == [-0.5, 0.5, 1.5, 2.5, 3.5]  # the boundaries of 4 columns
    tableau = rendu(petite)
    ax = petite.axes[0]
    assert proche(point(tableau, ax, 2.5, 1.25), (0x80,) * 3, 40)  # the line between two white pixels
    assert grille(dessins.figure_image(images.creer_image(200, 200, 1))) == []


# ------------------------------------------------------------------ rectangles
def avec_coul(ic: tuple) -> tuple:
    ha, la, l_rect = ic
    return (ha, la, [{("coul" if k == "couleur" else k): v for k, v in r.items()} for r in l_rect])


@pytest.mark.parametrize("ic", [images.IC1, avec_coul(images.IC1), avec_coul(images.IC2)])
def test_every_rectangle_is_outlined_and_numbered_in_list_order(ic):
    fig = dessins.figure_rectangles(images.IMG1, ic)
    ax = fig.axes[0]
    rects = [p for p in ax.patches if (p.get_gid() or "").startswith("rectangle-")]
    assert [p.get_gid() for p in rects] == [f"rectangle-{k}" for k in range(1, len(ic[2]) + 1)]
    for p, r in zip(rects, ic[2]):
        (i, j), ha, la = r["pos"], r["ha"], r["la"]
        x, y = p.get_xy()
        assert (x - j + 0.5, y - i + 0.5) == pytest.approx((0.08, 0.08))  # inside its pixels
        assert (p.get_width(), p.get_height()) == pytest.approx((la - 0.16, ha - 0.16))
        assert not p.get_fill() and p.get_linestyle() == "-"
    numeros = [t for t in ax.texts if t.get_gid() == "numero"]
    assert [t.get_text() for t in numeros] == [str(k) for k in range(1, len(ic[2]) + 1)]
    assert [c for t in numeros for c in t.get_position()] == pytest.approx(
        [c for r in ic[2] for c in (r["pos"][1] - 0.36, r["pos"][0] - 0.36)])
    assert ax.get_xlabel() == "4 rectangles"
    # drawn: red on the outline of each rectangle, the colour of the image at the centre of its pixels
    tableau = rendu(fig)
    for r in ic[2]:
        (i, j), ha, la = r["pos"], r["ha"], r["la"]
        assert proche(point(tableau, ax, j - 0.42, i + 0.2), ROUGE, 40), r  # left side (off the grid lines)
        assert proche(point(tableau, ax, j + la - 0.58, i + 0.2), ROUGE, 40), r  # right side
    gris = dessins.pixels_rgb(images.IMG1)
    for i in range(3):
        for j in range(4):
            if not any(t.get_position() == pytest.approx((j, i)) for t in ax.texts):  # no value written there
                assert proche(point(tableau, ax, j + 0.25, i + 0.25), tuple(gris[i, j]))


def test_ic2_differs_from_ic1_where_the_subject_says():
    un = marques(dessins.figure_rectangles(images.IMG1, images.IC1).axes[0], "rectangle-2")
    deux = marques(dessins.figure_rectangles(images.IMG1, avec_coul(images.IC2)).axes[0], "rectangle-2")
    assert un[0][3] == pytest.approx(3 - 0.16) and deux[0][3] == pytest.approx(2 - 0.16)


def test_a_faulty_compression_is_drawn_and_its_faults_named():
    ic = (3, 4, [{"pos": (0, 0), "couleur": 7, "ha": 2, "la": 3},
                 {"pos": (0, 3), "couleur": 2, "ha": 4, "la": 1},  # wrong colour, leaves the image
                 {"pos": (2, 0), "couleur": 2, "ha": 1, "la": 2},
                 {"pos": (1, 2), "couleur": 7, "ha": 1, "la": 1}])  # covers (1, 2) twice
    fig = dessins.figure_rectangles(images.IMG1, ic)
    ax = fig.axes[0]
    styles = {p.get_gid(): p.get_linestyle() for p in ax.patches if p.get_gid()}
    assert styles == {"rectangle-1": "-", "rectangle-2": "--", "rectangle-3": "-", "rectangle-4": "-"}
    assert ax.get_xlabel().split("\n") == [
        "4 rectangles", "1 pixel non couvert", "1 pixel couvert plusieurs fois",
        "rectangle 2 : sort de l'image (en pointillés)", "rectangle 2 : couleur ≠ ses pixels (en pointillés)"]


def test_many_rectangles_are_one_collection_and_a_200_by_200_image_renders():
    img = [[(i * 7 + j * 3) % 8 for j in range(200)] for i in range(200)]  # no two neighbours alike
    ic = images.compression_rectangle(img)
    assert len(ic[2]) > dessins.PATCHES_MAX
    fig = dessins.figure_rectangles(img, ic)
    (collection,) = [c for c in fig.axes[0].collections if c.get_gid() == "rectangles"]
    assert len(collection.get_paths()) == len(ic[2])
    assert not [t for t in fig.axes[0].texts if t.get_gid() in ("numero", "valeur")]  # too small to read
    assert rendu(fig).shape[:2] == (round(fig.get_figheight() * 100), round(fig.get_figwidth() * 100))
    bandes = dict(corpus_images.cas_limites("gris"))["grande en bandes 200×200"]  # 40 columns of each grey
    fig = dessins.figure_image(bandes)
    tableau = rendu(fig)
    for i, j in [(20, 20), (100, 60), (150, 100), (180, 140), (100, 180)]:
        assert proche(point(tableau, fig.axes[0], j, i), (round(255 * bandes[i][j] / 7),) * 3, 3)


# ------------------------------------------------------------------ expected / obtained
def test_figure_ecart_outlines_exactly_the_differing_pixels():
    attendue = images.decompresse_image(3, [1, 1, 1, 3])
    obtenue = [[0, 1, 0], [1, 0, 1]]
    fig = dessins.figure_ecart(attendue, obtenue, "Q12")
    ax_a, ax_o = fig.axes
    assert fig.ecarts == [(1, 1)] and marques(ax_o, "ecart") == [(0.5, 0.5, 1, 1)] and marques(ax_a, "ecart") == []
    assert fig.get_suptitle() == "Q12" and "1 pixel différent" in fig.get_supxlabel()
    tableau = rendu(fig)
    for i in range(2):
        for j in range(3):
            bord = point(tableau, ax_o, j - 0.48, i)  # on the left side of the pixel
            assert proche(bord, ROUGE, 40) == ((i, j) == (1, 1)), (i, j, bord)
            assert proche(point(tableau, ax_o, j + 0.25, i + 0.25), NOIR if obtenue[i][j] == 0 else BLANC)
            assert proche(point(tableau, ax_a, j + 0.25, i + 0.25), NOIR if attendue[i][j] == 0 else BLANC)


def test_figure_ecart_on_random_pairs_marks_the_rule():
    rng = random.Random(2025)
    for _ in range(15):
        n, m = rng.randint(1, 6), rng.randint(1, 6)
        attendue = [[rng.randrange(8) for _ in range(m)] for _ in range(n)]
        obtenue = [[p if rng.random() < 0.7 else rng.randrange(8) for p in ligne] for ligne in attendue]
        if rng.random() < 0.3:  # rows too short, too long, missing or extra
            obtenue = [ligne[:rng.randint(0, m + 1)] + [0] * rng.randint(0, 1) for ligne in obtenue]
            obtenue = obtenue[:rng.randint(0, n + 1)] + [[1] * rng.randint(0, m + 1)] * rng.randint(0, 1)
        fig = dessins.figure_ecart(attendue, obtenue)
        attendu = ecarts_attendus(attendue, obtenue)
        assert set(fig.ecarts) == attendu == set(dessins.pixels_differents(attendue, obtenue))
        assert {(round(y + 0.5), round(x + 0.5)) for x, y, *_ in marques(fig.axes[1], "ecart")} == attendu
        assert len(marques(fig.axes[1], "ecart")) == len(attendu)


def test_figure_ecart_shows_what_a_wrong_function_returns():
    attendue = [[(1, 0, 1), (0, 0, 0)]]
    fig = dessins.figure_ecart(attendue, [[[1, 0, 1], None], [(255, 0, 255)]])
    assert fig.ecarts == [(0, 0), (0, 1), (1, 0)]  # a list is not a tuple: the grader says so too
    notes = fig.get_supxlabel().split("\n")
    assert notes[0].startswith("3 pixels différents") and "None" in notes[1] and "liste au lieu d'un tuple" in notes[2]
    assert fig.axes[1].get_title() == "obtenue\n2 lignes de 2, 1 pixels : pas une image"
    tableau = rendu(fig)
    ax_o = fig.axes[1]
    assert proche(point(tableau, ax_o, 0, 0), (255, 0, 255))
    assert proche(point(tableau, ax_o, 0, 1), (255, 0, 255))  # an RGB triplet where 8 colours were expected
    # rows that are tuples: the pixels are right, the image is not (as == says)
    fig = dessins.figure_ecart([[0, 1], [1, 0]], [(0, 1), [1, 0]])
    assert fig.ecarts == [] and fig.get_supxlabel().split("\n") == [
        "aucun pixel différent", "ligne 0 : un tuple au lieu d'une liste"]
    # a missing row, an empty result
    fig = dessins.figure_ecart([[0, 1], [1, 0]], [])
    assert fig.ecarts == [(0, 0), (0, 1), (1, 0), (1, 1)] and len(marques(fig.axes[1], "ecart")) == 4
    rendu(fig)


def test_figure_ecart_on_a_200_by_200_image():
    attendue = [[(i + j) % 2 for j in range(200)] for i in range(200)]
    une = [ligne[:] for ligne in attendue]
    une[150][3] = 1 - une[150][3]
    fig = dessins.figure_ecart(attendue, une)
    assert fig.ecarts == [(150, 3)] and marques(fig.axes[1], "ecart") == [(2.5, 149.5, 1, 1)]
    (reperes,) = [c for c in fig.axes[1].collections if c.get_gid() == "reperes"]  # a ring: visible
    assert reperes.get_offsets().tolist() == [[3, 150]]
    beaucoup = [[1 - p if (i * j) % 3 == 0 else p for j, p in enumerate(ligne)] for i, ligne in enumerate(attendue)]
    fig = dessins.figure_ecart(attendue, beaucoup)
    (collection,) = [c for c in fig.axes[1].collections if c.get_gid() == "ecarts"]
    assert len(collection.get_paths()) == len(fig.ecarts) == len(ecarts_attendus(attendue, beaucoup)) > 10000
    rendu(fig)


def test_png_base64_is_a_data_uri_and_closes_the_figure():
    import matplotlib.pyplot as plt

    uri = dessins.png_base64(dessins.figure_rectangles(images.IMG1, images.IC1))
    assert uri.startswith("data:image/png;base64,")
    png = base64.b64decode(uri.split(",", 1)[1])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    fig = plt.figure()
    dessins.figure_image(images.IMG_A, ax=fig.add_subplot(1, 1, 1))
    assert fig.number in plt.get_fignums()
    assert dessins.png_base64(fig).startswith("data:image/png;base64,")
    assert fig.number not in plt.get_fignums()


def test_montrer_displays_one_figure_and_closes_it(monkeypatch):
    import IPython.display

    montrees = []
    monkeypatch.setattr(IPython.display, "display", montrees.append)
    dessins.montrer(images.IMG_A, images.IMG_B, images.IMG_C, titres=["imgA", "imgB", "imgC"])
    dessins.montrer(images.IMG1, rectangles=avec_coul(images.IC1))
    fig = dessins.figure_ecart([[0]], [[1]])
    dessins.montrer(fig)
    assert [len(f.axes) for f in montrees] == [3, 1, 2] and montrees[2] is fig
    assert montrees[1].axes[0].patches[0].get_gid() == "rectangle-1"
    assert all(f._repr_png_()[:4] == b"\x89PNG" for f in montrees)


def test_the_module_leaves_pyplot_and_the_backend_alone():
    # the raw rcParams value: matplotlib.get_backend() would itself import pyplot to resolve it
    code = ("import matplotlib, sys; backend = lambda: dict.__getitem__(matplotlib.rcParams, 'backend'); "
            "avant = backend(); from awale_ref.sujets.olympiades_2025_images import dessins; "
            "dessins.png_base64(dessins.figure_rectangles([[0, 1]], (1, 2, []))); "
            "print('matplotlib.pyplot' in sys.modules, backend() == avant)")
    sortie = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert sortie.split() == ["False", "True"]


# ------------------------------------------------------------------ compression ratios
@pytest.mark.parametrize("img, longueurs, rectangles", [
    ([[0, 1, 0], [1, 1, 1]], 1 + 4, 5),            # (3, [1, 1, 1, 3])
    ([[0, 0, 0, 0], [1, 1, 1, 1]], 1 + 2, 2),      # (4, [4, 4])
    (images.IMG_A, 1 + 9, 13),                     # (5, [1, 5, 1, 5, 1, 5, 1, 5, 1])
    (images.IMG1, None, 4),                        # ic1: 4 rectangles
    (images.IMG_Q13, None, 7),
    (images.IMG_C, None, 2),
])
def test_compression_ratios_on_the_subjects_images(img, longueurs, rectangles):
    t = dessins.taux_compression(img)
    pixels = len(img) * len(img[0])
    assert t["pixels"] == pixels and t["valeurs_longueurs"] == longueurs and t["rectangles"] == rectangles
    assert t["taux_longueurs"] == (longueurs / pixels if longueurs else None)
    assert t["valeurs_rectangles"] == 2 + 5 * rectangles and t["taux_rectangles"] == (2 + 5 * rectangles) / pixels
    texte = dessins.texte_compression(img)
    assert texte.startswith(f"{pixels} pixels.") and f"{rectangles} rectangle" in texte
    assert ("Code par plages" in texte) == (longueurs is not None)


def test_compression_ratios_on_the_corpus_agree_with_the_references():
    for genre in corpus_images.GENRES:
        for _, img in corpus_images.corpus_images(genre, seed=7, count=10):
            t = dessins.taux_compression(img)
            if genre == "nb":
                assert t["valeurs_longueurs"] == 1 + len(images.compresse_image(img)[1])
            assert t["rectangles"] == len(images.compression_rectangle(img)[2])
    assert dessins.taux_compression(images.creer_image(200, 200, 1))["taux_longueurs"] == 3 / 40000  # (200, [0, 40000])


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("img, message", [
    (None, "must be a list of rows"),
    ((([0, 1],)), "must be a list of rows"),
    ([(0, 1)], "row 0 must be a list of pixels"),
    ([0, 1], "row 0 must be a list of pixels"),
    ([], "has no row"),
    ([[]], "row 0 is empty"),
    ([[0, 1], [1]], "not rectangular: row 1 has 1 pixel, row 0 has 2"),
    ([[0, 8]], "row 0, column 1 is 8: an int pixel is 0–7"),
    ([[-1]], "an int pixel is 0–7"),
    ([[(0, 0, 256)]], "the levels of an RGB triplet are 0–255"),
    ([[(0, 0)]], "row 0, column 0 is (0, 0), not a pixel"),
    ([[0.5]], "not a pixel"),
    ([[True]], "not a pixel"),
    ([[None, 0]], "not a pixel"),
    ([["rouge"]], "not a pixel"),
    ([[1, (0, 0, 0)]], "mixes int pixels and RGB triplets"),
])
def test_bad_images_raise_a_clear_error(img, message):
    for dessiner in (dessins.figure_image, dessins.figure_images, dessins.taux_compression,
                     lambda img: dessins.figure_ecart(img, [[0]]),
                     lambda img: dessins.figure_rectangles(img, (1, 1, []))):
        with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
            dessiner(img)


def test_bad_arguments_raise_a_clear_error():
    with pytest.raises(ValueError, match="unknown codage 'couleur'"):
        dessins.figure_image([[0]], codage="couleur")
    with pytest.raises(ValueError, match="row 0, column 1 is 2, not a pixel of codage 'nb'"):
        dessins.figure_image([[0, 2]], codage="nb")
    with pytest.raises(ValueError, match="2 titles for 3 images"):
        dessins.figure_images([[0]], [[1]], [[0]], titres=["a", "b"])
    with pytest.raises(ValueError, match="at least one image"):
        dessins.figure_images()
    with pytest.raises(ValueError, match="at least one transformed image"):
        dessins.figure_comparaison(images.IMG_C)
    with pytest.raises(ValueError, match="obtenue must be a list of rows"):
        dessins.figure_ecart([[0]], (1, [1]))
    with pytest.raises(ValueError, match="obtenue: row 0 must be a list"):
        dessins.figure_ecart([[0]], [0])
    for ic, message in [
        ([{"pos": (0, 0)}], "a compressed image is a tuple"),
        ((3, 4, "rectangles"), "a compressed image is a tuple"),
        ((4, 3, []), "the compressed image is 4 × 3"),
        ((3, 4, [{"pos": (0, 0), "ha": 1, "la": 1}]), "rectangle 1 must be a dict with the keys"),
        ((3, 4, [{"pos": 0, "coul": 7, "ha": 1, "la": 1}]), "rectangle 1: pos must be a pair"),
        ((3, 4, [{"pos": (0, 0), "coul": 7, "ha": 0, "la": 1}]), "rectangle 1: ha and la must be ints >= 1"),
    ]:
        with pytest.raises(ValueError, match=message):
            dessins.figure_rectangles(images.IMG1, ic)
    with pytest.raises(ValueError, match="draws one image"):
        dessins.montrer(images.IMG1, images.IMG1, rectangles=images.IC1)
