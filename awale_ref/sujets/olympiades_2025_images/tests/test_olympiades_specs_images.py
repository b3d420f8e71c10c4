"""The grading of Exercise 1 of the Olympiades (``awale_ref.sujets.olympiades_2025_images.specs``) and its notebook.

Every spec passes the reference on its own hidden cases; typical wrong
student versions fail the rule family they break and keep the share of the
points a corrector would give; where the subject admits several right
answers (a tie of areas in Q16, the cut of Q17, the two spellings of the
colour key in Q18) each is accepted, and nothing else; every structured
answer's expected value passes its own format check; the visible tests of
``awale_ref/sujets/olympiades_2025_images/cours/olympiades_images.py`` run on the subject's data and agree with the
reference.
"""

from __future__ import annotations

import ast
import copy
import functools
import importlib
import inspect
import re
from pathlib import Path

import pytest

from awale_ref.grading.correcteur import reponses_structurees
from awale_ref.grading.eleve.checks import verifier
from awale_ref.sujets.olympiades_2025_images import images
from awale_ref.sujets.olympiades_2025_images import specs as specs_images
from awale_ref.sujets.olympiades_2025_images.specs import REPONSES_ATTENDUES, SPECS

COURS = Path(__file__).resolve().parents[1] / "cours" / "olympiades_images.py"


def _module(spec):
    """The spec's reference module (``Spec.module_reference`` where it exists)."""
    if hasattr(spec, "module_reference"):
        return spec.module_reference()
    return importlib.import_module(spec.module)


@functools.lru_cache(maxsize=None)
def _cas(question: str) -> tuple:
    return tuple(SPECS[question].cas())


def _noter(question: str, fonction):
    spec = SPECS[question]
    return verifier(spec, fonction, list(_cas(question)), _module(spec))


def _eleve(code: str):
    """The function a student's cell defines (in a namespace of its own, as in a notebook)."""
    espace: dict = {"__name__": "__main__"}
    exec(code, espace)
    return [v for v in espace.values() if callable(v) and getattr(v, "__module__", None) == "__main__"][-1]


def _perdues(resultat) -> set[str]:
    return {nom for nom, ok in resultat.familles if not ok}


# ---------------------------------------------------------------- the reference against its own specs
@pytest.mark.parametrize("question", list(SPECS))
def test_la_reference_passe_ses_propres_cas(question):
    spec = SPECS[question]
    assert spec.module == "awale_ref.sujets.olympiades_2025_images.images" and spec.nom in vars(images)
    assert 0 < len(_cas(question)) <= 600, "a few hundred cases at most, so that grading stays fast"
    resultat = verifier(spec, spec.reference(), list(_cas(question)), _module(spec))
    assert resultat.ok and resultat.part == 1.0, resultat.message


def test_chaque_fonction_du_sujet_a_sa_spec():
    fonctions = {nom for nom, f in vars(images).items()
                 if inspect.isfunction(f) and f.__module__ == images.__name__ and not nom.startswith("_")}
    assert {spec.nom for spec in SPECS.values()} == fonctions
    assert all(re.fullmatch(r"Q\d+", q) for q in SPECS)


@pytest.mark.parametrize("question", list(SPECS))
def test_les_exemples_du_sujet_sont_dans_les_cas_caches(question):
    nom = SPECS[question].nom
    reprs = {repr(args) for args in _cas(question)}
    for args, resultat in images.EXEMPLES.get(nom, []):
        assert repr(args) in reprs
        assert getattr(images, nom)(*copy.deepcopy(args)) == resultat


def test_les_cas_caches_sont_deterministes_et_neufs():
    for question in ("Q5", "Q9", "Q16", "Q17"):
        premiers, seconds = SPECS[question].cas(), SPECS[question].cas()
        assert premiers == seconds
        assert all(a is not b for a, b in zip(premiers[0], seconds[0]) if isinstance(a, list))


def test_les_lignes_restent_sous_la_limite_de_recursion():
    """A correct recursive compte_0_1 is not stopped by Python's recursion limit (3000 in the runner)."""
    assert max(len(args[0]) for args in _cas("Q9")) == specs_images.LIGNE_MAX
    recursive = _eleve("""
def compte_0_1(ligne01, valeur=0):
    if not ligne01:
        return [0]
    k = 0
    while k < len(ligne01) and ligne01[k] == valeur:
        k = k + 1
    if k == len(ligne01):
        return [k]
    return [k] + compte_0_1(ligne01[k:], 1 - valeur)
""")
    assert _noter("Q9", recursive).ok


# ---------------------------------------------------------------- typical mistakes, and the credit they keep
ERREURS = {
    # question: (student code, families lost, share of the points kept)
    "lignes partagées": ("Q2", """
def creer_image(n, m, c):
    return [[c] * m] * n
""", {specs_images._DISTINCTES}, 2 / 3),
    "seuil <= 128": ("Q4", """
def noir_ou_blanc(x):
    if x <= 128:
        return 0
    return 1
""", None, 0.0),
    "nb en place": ("Q5", """
def passer_en_nb(img):
    for ligne in img:
        for j in range(len(ligne)):
            p = ligne[j]
            ligne[j] = noir_ou_blanc((p[0] + p[1] + p[2]) / 3)
    return img
""", {specs_images._INTACTE}, 2 / 3),
    "8 couleurs en listes": ("Q6", """
def passer_en_8_couleurs(img):
    return [[[noir_ou_blanc(x) for x in p] for p in ligne] for ligne in img]
""", {"pixels : chaque niveau seuillé à 128", specs_images._INTACTE}, 0.0),
    "compte sans zéro initial": ("Q9", """
def compte_0_1(ligne01):
    if not ligne01:
        return [0]
    comptes, valeur, compte = [], ligne01[0], 0
    for pixel in ligne01:
        if pixel == valeur:
            compte += 1
        else:
            comptes.append(compte)
            valeur, compte = pixel, 1
    comptes.append(compte)
    return comptes
""", {"lignes qui commencent par 1 : le code commence par 0"}, 0.5),
    "un nombre nul saute l'alternance": ("Q10", """
def decomprime_ligne(liste_entiers):
    ligne, valeur = [], 0
    for nombre in liste_entiers:
        if nombre == 0:
            continue
        ligne += [valeur] * nombre
        valeur = 1 - valeur
    return ligne
""", {"codes avec un 0 (la ligne commence par 1)"}, 0.5),
    "plages ligne par ligne": ("Q11", """
def compresse_image(img):
    code = []
    for ligne in img:
        code += compte_0_1(ligne)
    return (len(img[0]), code)
""", {"images de plusieurs lignes (plages à cheval)"}, 0.5),
    "j_max ignoré": ("Q14", """
def dim_largeur_max(img, pos, j_max):
    i, j = pos
    largeur = 0
    while j + largeur < len(img[0]) and img[i][j + largeur] == img[i][j]:
        largeur += 1
    return largeur
""", {"arrêt à la colonne j_max"}, 0.5),
    "le plus large plutôt que le plus grand": ("Q16", """
def rectangle_max(img, pos):
    return (1, dim_largeur_max(img, pos, len(img[0]) - 1))
""", {"rectangles de plusieurs lignes"}, 0.5),
    "rectangles sur l'image entière": ("Q17", """
def compression_rectangle(img):
    couvert = [[False] * len(img[0]) for _ in img]
    l_rect = []
    for i in range(len(img)):
        for j in range(len(img[0])):
            if not couvert[i][j]:
                ha, la = rectangle_max(img, (i, j))
                l_rect.append({"pos": (i, j), "couleur": img[i][j], "ha": ha, "la": la})
                for k in range(i, i + ha):
                    for l in range(j, j + la):
                        couvert[k][l] = True
    return (len(img), len(img[0]), l_rect)
""", {"un rectangle ne déborde pas sur les pixels déjà couverts (comme (2, 2) dans ic1)"}, 2 / 3),
    "décompression qui ne lit que couleur": ("Q18", """
def decompression_rectangle(image_compressee):
    ha, la, l_rect = image_compressee
    img = [[None] * la for _ in range(ha)]
    for r in l_rect:
        i, j = r["pos"]
        for k in range(i, i + r["ha"]):
            for l in range(j, j + r["la"]):
                img[k][l] = r["couleur"]
    return img
""", {"clef \"coul\" des exemples"}, 0.5),
    "décompression qui ne lit que coul": ("Q18", """
def decompression_rectangle(image_compressee):
    ha, la, l_rect = image_compressee
    img = [[None] * la for _ in range(ha)]
    for r in l_rect:
        i, j = r["pos"]
        for k in range(i, i + r["ha"]):
            for l in range(j, j + r["la"]):
                img[k][l] = r["coul"]
    return img
""", {"clef \"couleur\""}, 0.5),
}


@pytest.mark.parametrize("erreur", list(ERREURS))
def test_une_erreur_typique_perd_la_bonne_regle(erreur):
    question, code, perdues, part = ERREURS[erreur]
    resultat = _noter(question, _eleve(code))
    assert not resultat.ok, erreur
    assert resultat.part == pytest.approx(part), (erreur, resultat.familles)
    if perdues is not None:
        assert _perdues(resultat) == perdues, (erreur, resultat.familles)
    assert resultat.contre_exemple is not None and resultat.contre_exemple["appel"].startswith(SPECS[question].nom)


JUSTES = {
    # other right answers the subject allows: each gets every point
    "compression qui efface l'image reçue (LECTURES['nouvelle_image'] : notée en Q5 et Q6 seulement)": ("Q17", """
def compression_rectangle(img):
    ha, la = len(img), len(img[0])
    l_rect = []
    for i in range(ha):
        for j in range(la):
            if img[i][j] is not None:
                h, l = rectangle_max(img, (i, j))
                l_rect.append({"pos": (i, j), "couleur": img[i][j], "ha": h, "la": l})
                for k in range(i, i + h):
                    for c in range(j, j + l):
                        img[k][c] = None
    return (ha, la, l_rect)
"""),
    "ligne vide non traitée (LECTURES['compte_commence_par_0'] : hors du sujet)": ("Q9", """
def compte_0_1(ligne01):
    comptes = [0] if ligne01[0] == 1 else []
    valeur, compte = ligne01[0], 0
    for pixel in ligne01:
        if pixel == valeur:
            compte += 1
        else:
            comptes.append(compte)
            valeur, compte = pixel, 1
    return comptes + [compte]
"""),
    "division entière (LECTURES['moyenne'])": ("Q5", """
def passer_en_nb(img):
    nouvelle = []
    for ligne in img:
        nouvelle.append([noir_ou_blanc((p[0] + p[1] + p[2]) // 3) for p in ligne])
    return nouvelle
"""),
    "ligne vide codée []": ("Q9", """
def compte_0_1(ligne01):
    if ligne01 == []:
        return []
    comptes, valeur, compte = [], 0, 0
    for pixel in ligne01:
        if pixel == valeur:
            compte += 1
        else:
            comptes.append(compte)
            valeur, compte = pixel, 1
    comptes.append(compte)
    return comptes
"""),
    "égalité des aires : le plus haut": ("Q16", """
def rectangle_max(img, pos):
    i, j = pos
    largeur = dim_largeur_max(img, pos, len(img[0]) - 1)
    meilleur, hauteur = (1, largeur), 1
    while i + hauteur < len(img) and img[i + hauteur][j] == img[i][j]:
        largeur = dim_largeur_max(img, (i + hauteur, j), j + largeur - 1)
        hauteur += 1
        if hauteur * largeur >= meilleur[0] * meilleur[1]:
            meilleur = (hauteur, largeur)
    return meilleur
"""),
    "rectangle par force brute": ("Q16", """
def rectangle_max(img, pos):
    i, j = pos
    meilleur = (0, 0)
    for ha in range(1, len(img) - i + 1):
        for la in range(1, len(img[0]) - j + 1):
            if all(img[k][l] == img[i][j] for k in range(i, i + ha) for l in range(j, j + la)):
                if ha * la > meilleur[0] * meilleur[1]:
                    meilleur = (ha, la)
    return meilleur
"""),
    "découpage : égalités tranchées vers le plus haut, clef coul": ("Q17", """
def compression_rectangle(img):
    reste = [list(ligne) for ligne in img]
    l_rect = []
    for i in range(len(img)):
        for j in range(len(img[0])):
            if reste[i][j] is None:
                continue
            meilleur = (0, 0)
            for ha in range(1, len(img) - i + 1):
                for la in range(1, len(img[0]) - j + 1):
                    if all(reste[k][l] == img[i][j] for k in range(i, i + ha) for l in range(j, j + la)):
                        if ha * la >= meilleur[0] * meilleur[1]:
                            meilleur = (ha, la)
            l_rect.append({"pos": (i, j), "coul": img[i][j], "ha": meilleur[0], "la": meilleur[1]})
            for k in range(i, i + meilleur[0]):
                for l in range(j, j + meilleur[1]):
                    reste[k][l] = None
    return (len(img), len(img[0]), l_rect)
"""),
}


@pytest.mark.parametrize("nom", list(JUSTES))
def test_une_autre_bonne_reponse_a_tous_les_points(nom):
    question, code = JUSTES[nom]
    resultat = _noter(question, _eleve(code))
    assert resultat.ok and resultat.part == 1.0, resultat.message


def test_les_egalites_de_la_q16_et_de_la_q17_arrivent_dans_les_cas_caches():
    """The alternative right answers above differ from the reference on some hidden cases."""
    haut = _eleve(JUSTES["égalité des aires : le plus haut"][1])
    haut = _avec_reference(haut)
    assert any(images.rectangle_max(*copy.deepcopy(a)) != haut(*copy.deepcopy(a)) for a in _cas("Q16"))
    cut = _avec_reference(_eleve(JUSTES["découpage : égalités tranchées vers le plus haut, clef coul"][1]))
    assert any([r["ha"] for r in cut(*copy.deepcopy(a))[2]] != [r["ha"] for r in images.compression_rectangle(*a)[2]]
               for a in _cas("Q17"))


def _avec_reference(fonction):
    """``fonction`` run with the reference's functions for the names it calls."""
    fonction.__globals__.update({nom: f for nom, f in vars(images).items() if callable(f) and nom != fonction.__name__})
    return fonction


# ---------------------------------------------------------------- the acceptances themselves
def test_q16_accepte_tout_rectangle_d_aire_maximale_et_rien_d_autre():
    accepter = SPECS["Q16"].accepter
    args = ([[5, 5], [5, 0]], (0, 0))
    assert images.rectangle_max(*args) == (1, 2)
    assert accepter({"renvoie": (2, 1)}, {"renvoie": (1, 2)}, args)
    assert not accepter({"renvoie": (1, 1)}, {"renvoie": (1, 2)}, args)  # smaller
    assert not accepter({"renvoie": (2, 2)}, {"renvoie": (1, 2)}, args)  # not uniform
    assert not accepter({"renvoie": [2, 1]}, {"renvoie": (1, 2)}, args)  # a list, not a tuple
    assert not accepter({"renvoie": (3, 1)}, {"renvoie": (1, 2)}, args)  # outside the image
    escalier = ([[3, 3, 3, 3], [3, 3, 3, 0], [3, 3, 0, 0], [3, 0, 0, 0]], (0, 0))
    assert images.rectangle_max(*escalier) == (2, 3)
    assert accepter({"renvoie": (3, 2)}, {"renvoie": (2, 3)}, escalier)
    assert not accepter({"renvoie": (4, 1)}, {"renvoie": (2, 3)}, escalier)


def test_q17_accepte_les_decoupages_du_parcours_et_rien_d_autre():
    accepter = SPECS["Q17"].accepter

    def accepte(ic, img=images.IMG1):
        return accepter({"renvoie": ic}, {"renvoie": images.compression_rectangle(img)}, (img,))

    assert accepte(images.IC1)
    assert accepte(images._ecrit_coul(images.IC1))  # the spelling of the subject's examples
    assert not accepte(images.IC2)  # valid, but not the scan's (the subject rejects it)
    assert not accepte((3, 4, images.IC1[2][::-1]))  # another order
    assert not accepte((4, 3, images.IC1[2]))  # dimensions swapped
    assert not accepte((3, 4, images.IC1[2][:-1]))  # a pixel left uncovered
    mauvaise_couleur = copy.deepcopy(images.IC1)
    mauvaise_couleur[2][3]["couleur"] = 7
    assert not accepte(mauvaise_couleur)
    img = [[5, 5], [5, 0]]
    autre = (2, 2, [{"pos": (0, 0), "couleur": 5, "ha": 2, "la": 1}, {"pos": (0, 1), "couleur": 5, "ha": 1, "la": 1},
                    {"pos": (1, 1), "couleur": 0, "ha": 1, "la": 1}])
    assert images.compression_rectangle(img) != autre and accepte(autre, img)  # the other tie of (0, 0)
    petit = (2, 2, [{"pos": (0, 0), "couleur": 5, "ha": 1, "la": 1}, {"pos": (0, 1), "couleur": 5, "ha": 1, "la": 1},
                    {"pos": (1, 0), "couleur": 5, "ha": 1, "la": 1}, {"pos": (1, 1), "couleur": 0, "ha": 1, "la": 1}])
    assert not accepte(petit, img)  # valid, but (0, 0) is not a largest rectangle


def test_q17_le_piege_des_pixels_deja_couverts_est_dans_les_cas():
    assert specs_images._deborderait((images.IMG1,), {})
    assert not specs_images._deborderait(([[1, 1, 0, 0]],), {})
    couverts = [args for args in _cas("Q17") if specs_images._deborderait(args, {})]
    assert 5 <= len(couverts) < len(_cas("Q17"))


def test_q9_n_est_pas_note_sur_la_ligne_vide_et_ses_familles_disent_vrai():
    """The subject's lines come from images, never empty; « lignes qui commencent par 0 » is true
    of every case of its family."""
    assert ([],) not in _cas("Q9")
    famille = SPECS["Q9"].rubriques()[0]
    assert famille.nom == "lignes qui commencent par 0"
    assert all(args[0][0] == 0 for args in _cas("Q9") if famille.couvre(args, {}))


def test_aucune_image_sans_ligne_n_est_notee():
    """An image of the subject has a row and a column (LECTURES['image_vide'])."""
    assert all(n >= 1 and m >= 1 for n, m, _ in _cas("Q2"))


def test_seules_q5_et_q6_notent_l_image_recue_intacte():
    """The subject asks it in Q5 and Q6 only (LECTURES['nouvelle_image'])."""
    assert {q for q, spec in SPECS.items() if "arguments_intacts" in spec.contraintes} == {"Q5", "Q6"}


# ---------------------------------------------------------------- structured answers
@pytest.mark.parametrize("nom", list(REPONSES_ATTENDUES))
def test_la_reponse_attendue_passe_son_propre_controle_de_forme(nom):
    forme, attendu, indice, *_ = REPONSES_ATTENDUES[nom]
    assert forme(attendu()) is None
    assert indice and re.fullmatch(r"Q\d+_\w+", nom)
    assert specs_images.verifier_reponse(nom, attendu()).ok
    assert not reponses_structurees.format_reponse(nom, ..., REPONSES_ATTENDUES).ok
    assert forme("une chaîne") is not None


def test_les_reponses_attendues_viennent_de_la_reference():
    assert REPONSES_ATTENDUES["Q1_dimensions"][1]() == images.REPONSES["Q1"]
    assert images.REPONSES["Q1"] == (len(images.IMG_B), len(images.IMG_B[0]))
    assert REPONSES_ATTENDUES["Q13_rectangle"][1]() == images.REPONSES["Q13"]
    q13 = images.REPONSES["Q13"]
    assert images.rectangle_max(images.IMG_Q13, (0, 1)) == (q13["ha"], q13["la"])
    assert images.IMG_Q13[0][1] == q13["couleur"]
    drapeau = REPONSES_ATTENDUES["Q3_drapeau"][1]()
    assert len(drapeau) == 10 and all(len(ligne) == 30 for ligne in drapeau)
    assert {ligne[j] for ligne in drapeau for j in range(10)} == {(0, 0, 255)}
    assert {ligne[j] for ligne in drapeau for j in range(10, 20)} == {(255, 255, 255)}
    assert {ligne[j] for ligne in drapeau for j in range(20, 30)} == {(255, 0, 0)}
    assert list(specs_images.SITUATIONS_Q15.values()) == list(images.REPONSES["Q15"].values())


def test_q15_un_point_par_test_et_des_situations_nommees():
    verifier_reponse = specs_images.verifier_reponse
    juste = {1: "plusieurs colonnes", 2: "arrêts par la couleur", 3: "toute la hauteur", 4: "un seul pixel"}
    assert verifier_reponse("Q15_situations", juste).ok
    echange = verifier_reponse("Q15_situations", {**juste, 2: "toute la hauteur", 3: "arrêts par la couleur"})
    assert not echange.ok and echange.part == 0.5
    inconnue = verifier_reponse("Q15_situations", {**juste, 3: "bord droit"})
    assert not inconnue.ok and inconnue.part == 0 and '"toute la hauteur"' in inconnue.message


# Each label of Q15 describes a property of the rectangle (its position, its size, what stops it)
# that only one of the four tests has, so that the graded answer needs no elimination.
def _arrets(img, pos, taille):
    (i, j), (ha, la) = pos, taille
    couleur = img[i][j]
    bas = "bord" if i + ha == len(img) else ("couleur" if img[i + ha][j] != couleur else "rien")
    droite = "bord" if j + la == len(img[0]) else ("couleur" if img[i][j + la] != couleur else "rien")
    return bas, droite


PROPRIETES_Q15 = {
    "plusieurs colonnes": lambda img, pos, t: t[0] > 1 and t[1] > 1 and _arrets(img, pos, t)[0] == "couleur",
    "arrêts par la couleur": lambda img, pos, t: t[1] == 1 and pos[1] > 0 and img[pos[0]][pos[1] - 1] == img[
        pos[0]][pos[1]] and _arrets(img, pos, t) == ("couleur", "couleur"),
    "toute la hauteur": lambda img, pos, t: pos[0] == 0 and t[0] == len(img),
    "un seul pixel": lambda img, pos, t: t == (1, 1) and pos == (len(img) - 1, len(img[0]) - 1),
}


def test_q15_chaque_situation_ne_convient_qu_a_un_test():
    tests = {1: (0, 0), 2: (0, 2), 3: (0, 3), 4: (2, 3)}  # the four asserts of the notebook, on img1
    assert set(PROPRIETES_Q15) == set(specs_images.SITUATIONS_Q15)
    attendu = specs_images.REPONSES_ATTENDUES["Q15_situations"][1]()
    for nom, propriete in PROPRIETES_Q15.items():
        conviennent = [k for k, pos in tests.items()
                       if propriete(images.IMG1, pos, images.rectangle_max(images.IMG1, pos))]
        assert conviennent == [k for k, v in attendu.items() if v == nom], nom
    cours = COURS.read_text(encoding="utf-8")
    assert all(f'`"{nom}"`' in cours for nom in specs_images.SITUATIONS_Q15)


def test_q3_verifie_l_image_construite_pas_le_code():
    verifier_reponse = specs_images.verifier_reponse
    blanc = [[(255, 255, 255)] * 30 for _ in range(10)]
    assert not verifier_reponse("Q3_drapeau", blanc).ok
    inversee = [[(255, 255, 255)] * 10 for _ in range(30)]  # width and height swapped
    assert "30 lignes et 10 colonnes" in verifier_reponse("Q3_drapeau", inversee).message
    partagees = [[(0, 0, 255)] * 10 + [(255, 255, 255)] * 10 + [(255, 0, 0)] * 10] * 10  # one shared row: same image
    assert verifier_reponse("Q3_drapeau", partagees).ok
    # « un drapeau français », the shade and the widths are not the subject's
    autre_bleu = [[(0, 35, 149)] * 11 + [(255, 255, 255)] * 9 + [(237, 41, 57)] * 10 for _ in range(10)]
    assert verifier_reponse("Q3_drapeau", autre_bleu).ok
    a_l_envers = [ligne[::-1] for ligne in autre_bleu]
    faux = verifier_reponse("Q3_drapeau", a_l_envers)
    assert not faux.ok and "rouge (10 colonnes), blanc (9 colonnes), bleu (11 colonnes)" in faux.message
    horizontales = [[(0, 0, 255)] * 30] * 3 + [[(255, 255, 255)] * 30] * 4 + [[(255, 0, 0)] * 30] * 3
    assert "pas des bandes verticales" in verifier_reponse("Q3_drapeau", horizontales).message


def test_q13_chaque_champ_compte():
    verifier_reponse = specs_images.verifier_reponse
    assert verifier_reponse("Q13_rectangle", {"ha": 2, "la": 2, "couleur": 3, "unique": True}).ok
    assert not verifier_reponse("Q13_rectangle", {"ha": 2, "la": 2, "couleur": 3, "unique": False}).ok
    assert not verifier_reponse("Q13_rectangle", {"ha": 1, "la": 3, "couleur": 3, "unique": True}).ok
    assert not verifier_reponse("Q13_rectangle", {"ha": 2, "la": 2, "couleur": 3}).ok  # shape


def test_q13_sur_une_image_a_plusieurs_plus_grands_rectangles_chacun_est_juste():
    from awale_ref.grading.correcteur import reponses_structurees
    from awale_ref.sujets.olympiades_2025_images import SUJET

    image = [[1, 5, 5, 2], [1, 5, 0, 2], [3, 4, 0, 2]]  # in (0, 1): 1 x 2 and 2 x 1, area 2 each
    variante = (SUJET.variante_de("Q13_rectangle"), image)
    assert sorted(specs_images.rectangles_max(image).admis) == [(1, 2), (2, 1)]

    def juste(valeur: dict) -> bool:
        return reponses_structurees.verifier_reponse("Q13_rectangle", valeur, specs_images.REPONSES_ATTENDUES,
                                                     variante).ok

    assert juste({"ha": 1, "la": 2, "couleur": 5, "unique": False})
    assert juste({"ha": 2, "la": 1, "couleur": 5, "unique": False})
    assert not juste({"ha": 2, "la": 1, "couleur": 5, "unique": True})
    assert not juste({"ha": 1, "la": 1, "couleur": 5, "unique": False})
    assert not juste({"ha": 2, "la": 2, "couleur": 5, "unique": False})


# ---------------------------------------------------------------- the notebook
def _cellules() -> list[tuple[str, str]]:
    """The notebook's cells: ``(header line, source)``."""
    morceaux = re.split(r"^(# %%.*)$", COURS.read_text(encoding="utf-8"), flags=re.M)
    return [(morceaux[k], morceaux[k + 1]) for k in range(1, len(morceaux), 2)]


def _arbres() -> list[ast.Module]:
    """The cells that parse alone (a solution cell's body is a build marker, a comment: not those)."""
    arbres = []
    for _, source in _cellules():
        try:
            arbres.append(ast.parse(source))
        except SyntaxError:
            assert "### SOLUTION: awale_ref.sujets.olympiades_2025_images.images." in source
    return arbres


def _donnees() -> dict:
    """The subject's data and the model answers, as the notebook defines them (literal assignments)."""
    espace: dict = {}
    for node in [n for arbre in _arbres() for n in arbre.body]:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                espace[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return espace


def _appels(nom: str) -> list[ast.Call]:
    return [n for arbre in _arbres() for n in ast.walk(arbre)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == nom]


def test_le_notebook_donne_les_donnees_du_sujet():
    d = _donnees()
    assert (d["imgA"], d["imgC"], d["img1"]) == (images.IMG_A, images.IMG_C, images.IMG1)
    # imgB and img13 are each student's own (the statement's when variants are off)
    tirees = {ast.literal_eval(a.args[0]) for a in _appels("variante")}
    assert tirees == {"imgB", "img13"}
    from awale_ref.sujets.olympiades_2025_images import SUJET

    exemples = {v.nom: v.exemple for v in SUJET.variantes}
    assert exemples == {"imgB": images.IMG_B, "img13": images.IMG_Q13}
    assert (d["ic1"], d["ic2"]) == (images._ecrit_coul(images.IC1), images._ecrit_coul(images.IC2))


def test_les_tests_visibles_du_notebook_passent_avec_la_reference():
    d = _donnees()
    vus = set()
    for appel in _appels("tester"):
        question = ast.literal_eval(appel.args[0])
        vus.add(question)
        objet, *args = [d[a.id] if isinstance(a, ast.Name) and a.id in d else a for a in appel.args[1:]]
        if question in REPONSES_ATTENDUES:
            if question == "Q3_drapeau":
                continue  # built by instructions: checked below
            assert specs_images.verifier_reponse(question, objet).ok, question
            continue
        spec = SPECS[question]
        assert isinstance(objet, ast.Name) and objet.id == spec.nom, question
        args = tuple(ast.literal_eval(a) if isinstance(a, ast.AST) else copy.deepcopy(a) for a in args)
        resultat = verifier(spec, spec.reference(), [args], _module(spec))
        assert resultat.ok, resultat.message
    assert vus == set(SPECS) | set(REPONSES_ATTENDUES)


def test_les_instructions_du_drapeau_donnent_le_drapeau():
    cellule = next(source for entete, source in _cellules() if 'grade_id="q3_reponse"' in entete)
    code = cellule.split("### BEGIN SOLUTION")[1].split("### END SOLUTION")[0]
    espace = {"creer_image": images.creer_image}
    exec(code, espace)
    assert specs_images.verifier_reponse("Q3_drapeau", espace["imgD"]).ok


def test_chaque_question_est_corrigee_une_fois_dans_la_cellule_de_ses_tests():
    corrections = []
    for entete, source in _cellules():
        if 'tags=["tests"]' not in entete:
            continue
        identifiant = re.search(r'grade_id="([^"]+)"', entete).group(1)
        assert "from awale_ref.sujets.olympiades_2025_images import corriger" in source
        questions = re.findall(r'corriger\("([^"]+)"', source)
        assert len(questions) == 1 and re.findall(r'tester\("([^"]+)"', source) == questions * len(
            re.findall(r"tester\(", source)), identifiant
        assert identifiant.startswith(re.match(r"Q\d+", questions[0]).group(0).lower() + "_"), identifiant
        corrections += questions
    assert sorted(corrections) == sorted(set(SPECS) | set(REPONSES_ATTENDUES))


def test_les_solutions_viennent_de_la_reference():
    for spec in SPECS.values():
        assert f"### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.{spec.nom}\n" in COURS.read_text(encoding="utf-8")


def test_le_bareme_fait_20_points():
    points = [float(p) for entete, _ in _cellules() for p in re.findall(r"points=([\d.]+)", entete)]
    assert sum(points) == 20
    entetes = [entete for entete, _ in _cellules()]
    assert all("points=" in e for e in entetes if 'tags=["tests"]' in e or 'tags=["manual"]' in e)
    assert any('tags=["bareme"]' in e for e in entetes)
