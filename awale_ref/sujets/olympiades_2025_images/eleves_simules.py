"""The Olympiades 2025's images exercise's simulated students (``pipeline.demo_class``): the mistakes each makes in this paper (:func:`erreurs`)."""

from __future__ import annotations


def erreurs(outils) -> dict[str, tuple]:
    """The mistakes each student of the demo class makes in this paper (``{student id: mistakes}``), written
    with ``outils`` (``pipeline.erreurs_simulees``: ``Erreur``, ``code``, ``variante``, ``recopiee``…)."""
    Erreur, _code, _recopiee, _variante = outils.Erreur, outils.code, outils.recopiee, outils.variante

    _IMAGES = "awale_ref.sujets.olympiades_2025_images.images"

    LIGNES_PARTAGEES = Erreur("q2_creer_image", _code("""
        def creer_image(n, m, c):
            return [[c] * m] * n
        """), ("q2_tests",), "Images Q2 : [[c] * m] * n répète la même ligne (modifier un pixel change sa colonne)",
        perdues=("lignes distinctes (pas [[c] * m] * n, qui répète la même liste)",), devoir="olympiades_images")

    COMPTE_SANS_ZERO_INITIAL = Erreur("q9_compte_0_1", _variante(
        "compte_0_1", ("    valeur = 0  # on compte toujours d'abord les 0\n", "    valeur = ligne01[0] if ligne01 else 0\n", 1),
        module=_IMAGES), ("q9_tests",), "Images Q9 : commence par compter la couleur du premier pixel, pas les 0",
        perdues=("lignes qui commencent par 1 : le code commence par 0",), devoir="olympiades_images")

    RECTANGLE_UNE_LIGNE = Erreur("q16_rectangle_max", _code("""
        def rectangle_max(img, pos):
            return (1, dim_largeur_max(img, pos, len(img[0]) - 1))
        """), ("q16_tests",), "Images Q16 : ne cherche jamais plus d'une ligne (le rectangle le plus large)",
        perdues=("rectangles de plusieurs lignes",), devoir="olympiades_images")

    DECOMPRESSION_SANS_COUL = Erreur("q18_decompression_rectangle", _variante(
        "decompression_rectangle", ('        if "couleur" in rect:  # CLE_COULEUR, la clef de la définition\n'
                                    '            couleur = rect["couleur"]\n'
                                    '        else:                  # CLE_COULEUR_EXEMPLES, celle des exemples\n'
                                    '            couleur = rect["coul"]\n', '        couleur = rect["couleur"]\n', 1),
        module=_IMAGES), ("q18_tests",), "Images Q18 : ne lit que la clef \"couleur\", pas \"coul\" des exemples",
        perdues=("clef \"coul\" des exemples",), devoir="olympiades_images")

    NB_EN_PLACE = Erreur("q5_passer_en_nb", _code("""
        def passer_en_nb(img):
            for ligne in img:
                for j in range(len(ligne)):
                    pixel = ligne[j]
                    ligne[j] = noir_ou_blanc((pixel[0] + pixel[1] + pixel[2]) / 3)
            return img
        """), ("q5_tests",), "Images Q5 : transforme l'image reçue au lieu d'en créer une nouvelle",
        perdues=("image reçue non modifiée (une nouvelle image est renvoyée)",), devoir="olympiades_images")

    SITUATIONS_Q15_ECHANGEES = Erreur("q15_reponse", _code("""
        Q15_situations = {1: "plusieurs colonnes", 2: "toute la hauteur", 3: "arrêts par la couleur", 4: "un seul pixel"}
        """), ("q15_tests",), "Images Q15 : confond les situations des tests 2 et 3", items_faux=2,
        devoir="olympiades_images")


    return {
        'martin_hugo': (COMPTE_SANS_ZERO_INITIAL,),
        'bernard_chloe': (LIGNES_PARTAGEES,),
        'richard_nathan': (RECTANGLE_UNE_LIGNE,),
        'durand_camille': (DECOMPRESSION_SANS_COUL,),
        'leroy_manon': (NB_EN_PLACE,),
        'michel_louise': (SITUATIONS_Q15_ECHANGEES,),
        'fournier_theo': (_recopiee(LIGNES_PARTAGEES, avant="# une image de n lignes de m pixels\n", copiee_sur="Chloé Bernard"),),
    }


ITEMS = {("olympiades_images", "Q15"): lambda: 4}
"""How many items a literal answer graded per item has."""
