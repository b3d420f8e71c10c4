"""Exercise 1 of the Olympiades de NSI 2025: image compression (Q1–Q18).

Every function keeps the subject's name, parameters and data structures.  An
image is a list of rows, a row a list of pixels; pixel ``(i, j)`` is on row
``i`` (from the top, 0 to n - 1) and column ``j`` (from the left, 0 to
m - 1).  A pixel is 0 or 1 (black and white), an int 0–7 (grey levels) or an
RGB triplet (a tuple of three ints 0–255).  The bodies are written to be read
by students (the subject's own Python, no tricks).

``LECTURES`` gives, once, the reading of each point the subject leaves open
(the docstrings recall its key); ``FIGURES_RECONSTRUITES`` the figures the
text lost; ``EXEMPLES`` the subject's worked examples (``(arguments,
résultat)`` pairs, reused by the tests); ``REPONSES`` the answers to the
questions that ask no function.

>>> compresse_image([[0, 1, 0], [1, 1, 1]])
(3, [1, 1, 1, 3])
>>> decompresse_image(3, [1, 1, 1, 3])
[[0, 1, 0], [1, 1, 1]]
>>> compression_rectangle([[7, 7, 7, 1], [7, 7, 7, 1], [2, 2, 1, 1]])[2][1]
{'pos': (0, 3), 'couleur': 1, 'ha': 3, 'la': 1}
"""

from __future__ import annotations

CLE_COULEUR = "couleur"
"""The colour key of a rectangle dict (LECTURES['cle_couleur'])."""

CLE_COULEUR_EXEMPLES = "coul"
"""The spelling of the subject's compression examples, also read by ``decompression_rectangle``."""

LECTURES = {
    "exemple_creer_image":
        "L'exemple de creer_image(2, 1, (0, 0, 200)) affiche [[0, 0, 200], [0, 0, 200]], "
        "ce qui serait une image de 2 lignes et 3 colonnes de nombres : c'est une coquille. "
        "Le code à compléter de la question 2 ajoute c tel quel dans chaque ligne, donc la "
        "référence renvoie [[(0, 0, 200)], [(0, 0, 200)]] (2 lignes, 1 colonne, des triplets).",
    "lignes_distinctes":
        "creer_image construit une nouvelle liste pour chaque ligne, comme le code donné. "
        "[[c] * m] * n répéterait n fois la même ligne : changer un pixel (question 3) "
        "changerait toute sa colonne. La référence et les tests exigent des lignes distinctes.",
    "drapeau":
        "Question 3 : imgD = creer_image(10, 30, (255, 255, 255)) (largeur 30 = colonnes, "
        "hauteur 10 = lignes) ; le coin en haut à droite est imgD[0][29] (la dernière colonne "
        "est 29). Le sujet demande « un drapeau français » sans fixer les nuances ni la "
        "largeur des bandes : toute image de 10 lignes et 30 colonnes faite de trois bandes "
        "verticales, bleue, blanche puis rouge (lues comme les 8 couleurs de la partie 2 : "
        "chaque niveau < 128 compte pour 0, sinon pour 1), chacune d'au moins une colonne, est "
        "juste. La référence prend trois bandes de 10 colonnes, le bleu (0, 0, 255) de "
        "l'exemple et le rouge (255, 0, 0) du pixel de l'énoncé, qui est donc conservé.",
    "moyenne":
        "passer_en_nb calcule la moyenne réelle (r + v + b) / 3 puis appelle noir_ou_blanc. "
        "Une division entière (r + v + b) // 3 donne toujours le même pixel, car les deux "
        "sont < 128 exactement quand r + v + b < 384 : les deux écritures sont justes.",
    "triplets":
        "Les pixels RVB sont des tuples (l'énoncé rappelle qu'on ne modifie pas un tuple) ; "
        "passer_en_8_couleurs renvoie donc des tuples de 0 et 1. En entrée, un pixel écrit "
        "comme une liste de trois entiers est lu de la même façon.",
    "nouvelle_image":
        "Les questions 5 et 6 interdisent de modifier l'image reçue : elles seules sont notées "
        "sur ce point. Les autres questions ne le demandent pas et ne le notent pas (la "
        "question 17 dit de travailler sur une copie pour marquer les pixels couverts, sans "
        "l'exiger). La référence ne modifie aucun de ses arguments, dans aucune fonction.",
    "image_vide":
        "Une image du sujet a au moins une ligne et une colonne : [] ne dit pas son nombre de "
        "colonnes et une ligne vide ne se découpe pas. Les fonctions qui en ont besoin "
        "(image_vers_ligne, ligne_vers_image, compresse_image, decompresse_image, "
        "compression_rectangle) ne sont définies que pour n >= 1 et m >= 1 ; les images du "
        "corpus en ont toutes. Les autres donnent le résultat naturel : creer_image(0, m, c) "
        "et passer_en_nb([]) valent []. Ces images hors du sujet ne sont jamais notées.",
    "compte_commence_par_0":
        "compte_0_1 compte toujours d'abord les 0 : si la liste commence par 1, le premier "
        "nombre est 0 (compte_0_1([1, 1]) vaut [0, 2]) ; tous les nombres suivants sont >= 1. "
        "Les lignes du sujet viennent d'images, jamais vides : la liste vide n'est pas notée "
        "(la référence renvoie [0], le nombre de 0 est toujours écrit ; [] se décomprime aussi "
        "en [] et serait aussi juste).",
    "entiers_positifs":
        "« Positifs » est pris au sens français (>= 0) : decomprime_ligne accepte un 0 à toute "
        "place, qui n'ajoute rien (decomprime_ligne([0, 2, 0, 1]) vaut [1, 1, 1]).",
    "lignes_enchainees":
        "compresse_image compte les plages sur la grande ligne de image_vers_ligne : une plage "
        "continue d'une ligne de l'image à la suivante ([[0, 1], [1, 0]] donne (2, [1, 2, 1])).",
    "decompresse_image_parametres":
        "decompresse_image prend deux paramètres, ncb (le nom de l'énoncé, le nombre de "
        "colonnes) et liste_entiers, et non le tuple de compresse_image : l'aller-retour "
        "s'écrit decompresse_image(*compresse_image(img)) ou en dépliant le tuple.",
    "ligne_incomplete":
        "ligne_vers_image suppose que la longueur de ligne01 est un multiple de nbcol (c'est "
        "le cas de tout ce que produit image_vers_ligne) ; la référence découpe par tranches "
        "de nbcol et ne vérifie rien.",
    "largeur_contigue":
        "dim_largeur_max compte les pixels consécutifs de la couleur de pos, pos compris, "
        "vers la droite, et s'arrête au premier pixel d'une autre couleur ou après j_max. Les "
        "trois exemples ne tranchent pas entre « consécutifs » et « tous ceux de la même "
        "couleur jusqu'à j_max », mais seule la première lecture donne la largeur d'un "
        "rectangle uni (dim_largeur_max([[1, 0, 1]], (0, 0), 2) vaut 1, pas 2). Si j_max est "
        "à gauche de pos, il n'y a aucun pixel à compter : 0.",
    "egalite_des_aires":
        "Plusieurs rectangles unis peuvent avoir la même aire maximale (en (0, 0) de "
        "[[5, 5], [5, 0]] : 1 x 2 et 2 x 1). rectangle_max les essaie de haut en bas, hauteur "
        "1, 2, 3… et ne garde un rectangle que si son aire est strictement plus grande, comme "
        "la définition : il renvoie le moins haut (donc le plus large) des plus grands. Toute "
        "réponse d'aire maximale est juste pour la question 16 ; mais le découpage de "
        "compression_rectangle dépend de ce choix, donc un correcteur accepte tout découpage "
        "dont chaque rectangle est un plus grand rectangle uni au moment où il est choisi.",
    "cle_couleur":
        "La description des rectangles et le premier exemple écrivent la clef \"couleur\", "
        "les exemples ic1 et ic2 écrivent \"coul\". La référence écrit \"couleur\" (la "
        "définition) ; decompression_rectangle lit l'une ou l'autre, pour que "
        "decompression_rectangle(ic1) rende img1 avec l'écriture de l'énoncé.",
    "pixels_deja_couverts":
        "compression_rectangle parcourt les pixels ligne par ligne, de gauche à droite, saute "
        "ceux qui sont déjà couverts et cherche en chaque autre pixel un plus grand rectangle "
        "uni parmi les pixels pas encore couverts : c'est pourquoi le dernier rectangle de ic1, "
        "en (2, 2), n'a qu'une colonne (le pixel (2, 3) est déjà couvert). Les rectangles ne "
        "se superposent donc jamais.",
    "ordre_des_rectangles":
        "La liste l_rect est dans l'ordre du parcours (celui de leurs coins supérieurs "
        "gauches), comme ic1. Une image compressée valide n'a pas de superposition : "
        "decompression_rectangle donne la même image quel que soit l'ordre de la liste, et "
        "ne vérifie pas la validité.",
}
"""The reading of each point the subject leaves open (key -> French explanation)."""


# ---------------------------------------------------------------- the subject's data
IMG_A = [[0, 1, 1, 1, 1], [1, 0, 1, 1, 1], [1, 1, 0, 1, 1], [1, 1, 1, 0, 1], [1, 1, 1, 1, 0]]
"""Black and white: a black diagonal from the top-left corner on white."""

IMG_B = [[0, 1, 2, 3, 4, 5, 6, 7] for _ in range(4)]
"""8 grey levels: four identical rows going from black (0) to white (7)."""

IMG_C = [[(255, 0, 0)] * 3, [(255, 255, 255)] * 3]
"""Colours: a red row above a white row."""

IMG1 = [[7, 7, 7, 1], [7, 7, 7, 1], [2, 2, 1, 1]]
"""The 8-colour image of Part 3 (figure 2)."""

IMG_Q13 = [[6, 3, 3, 3, 4], [6, 3, 3, 6, 4], [6, 3, 4, 6, 4]]
"""The image of question 13."""

IC1 = (3, 4, [{"pos": (0, 0), "couleur": 7, "ha": 2, "la": 3},
              {"pos": (0, 3), "couleur": 1, "ha": 3, "la": 1},
              {"pos": (2, 0), "couleur": 2, "ha": 1, "la": 2},
              {"pos": (2, 2), "couleur": 1, "ha": 1, "la": 1}])
"""``compression_rectangle(IMG1)``, with the key "couleur" (LECTURES['cle_couleur'])."""

IC2 = (3, 4, [{"pos": (0, 0), "couleur": 7, "ha": 2, "la": 3},
              {"pos": (0, 3), "couleur": 1, "ha": 2, "la": 1},
              {"pos": (2, 0), "couleur": 2, "ha": 1, "la": 2},
              {"pos": (2, 2), "couleur": 1, "ha": 1, "la": 2}])
"""Another valid compression of ``IMG1``, not the one the scan order gives."""


def _ecrit_coul(ic: tuple) -> tuple:
    """``ic`` with the key spelled "coul", as in the subject's examples."""
    ha, la, l_rect = ic
    return (ha, la, [{("coul" if cle == CLE_COULEUR else cle): valeur for cle, valeur in rect.items()}
                     for rect in l_rect])


EXEMPLES = {
    "creer_image": [((2, 1, (0, 0, 200)), [[(0, 0, 200)], [(0, 0, 200)]])],  # LECTURES['exemple_creer_image']
    "passer_en_8_couleurs": [(([[(255, 100, 129)]],), [[(1, 0, 1)]])],
    "image_vers_ligne": [(([[0, 1, 0], [1, 1, 1]],), (3, [0, 1, 0, 1, 1, 1])),
                         (([[0, 0, 0, 0], [1, 1, 1, 1]],), (4, [0, 0, 0, 0, 1, 1, 1, 1]))],
    "ligne_vers_image": [((3, [0, 1, 0, 1, 1, 1]), [[0, 1, 0], [1, 1, 1]])],
    "compte_0_1": [(([0] * 8,), [8]), (([0] * 6 + [1, 1],), [6, 2]), (([0, 1] * 4,), [1] * 8),
                   (([0, 1, 0, 0, 0, 1, 1],), [1, 1, 3, 2]), (([1, 1, 1, 0, 1, 1],), [0, 3, 1, 2])],
    "decomprime_ligne": [(([4, 2, 3, 1],), [0, 0, 0, 0, 1, 1, 0, 0, 0, 1]), (([0, 2, 2],), [1, 1, 0, 0])],
    "compresse_image": [(([[0, 1, 0], [1, 1, 1]],), (3, [1, 1, 1, 3]))],
    "decompresse_image": [((3, [1, 1, 1, 3]), [[0, 1, 0], [1, 1, 1]])],
    "dim_largeur_max": [((IMG1, (0, 0), 3), 3), ((IMG1, (2, 0), 3), 2), ((IMG1, (2, 1), 3), 1)],
    "rectangle_max": [((IMG1, (0, 0)), (2, 3)), ((IMG1, (0, 2)), (2, 1)),
                      ((IMG1, (0, 3)), (3, 1)), ((IMG1, (2, 3)), (1, 1))],
    "compression_rectangle": [((IMG1,), IC1)],
    "decompression_rectangle": [((IC1,), IMG1), ((IC2,), IMG1),
                                ((_ecrit_coul(IC1),), IMG1), ((_ecrit_coul(IC2),), IMG1)],
}
"""The subject's worked examples: function name -> ``[(arguments, résultat)]``.

The arguments are shared lists: copy them before a call that could change them."""

REPONSES = {
    "Q1": (4, 8),  # len(imgB), len(imgB[0]): 4 rows of 8 pixels
    "Q3": ("imgD = creer_image(10, 30, (255, 255, 255))\n"
           "imgD[0][29] = (255, 0, 0)\n"
           "for i in range(10):\n"
           "    for j in range(10):\n"
           "        imgD[i][j] = (0, 0, 255)\n"
           "        imgD[i][j + 20] = (255, 0, 0)\n"),
    "Q13": {"ha": 2, "la": 2, "couleur": 3, "unique": True},
    "Q15": {
        1: "un rectangle de plusieurs lignes et de plusieurs colonnes, arrêté en bas par une "
           "autre couleur",
        2: "un rectangle d'une seule colonne qui part au milieu d'une zone unie : une autre "
           "couleur l'arrête à droite et en bas, pas un bord",
        3: "un rectangle qui va du haut jusqu'au bas de l'image (la hauteur arrêtée par le bord "
           "bas, sans sortir du tableau)",
        4: "un rectangle d'un seul pixel, dans le coin en bas à droite",
    },
}
"""Answers to the questions that ask no function (Q3: the instructions, as code)."""


# The subject's data under the subject's own names, as the notebook defines them (the judge reads a
# visible test's arguments, such as ``tester("Q14", dim_largeur_max, img1, (0, 0), 3)``, with them).
imgA, imgB, imgC, img1 = IMG_A, IMG_B, IMG_C, IMG1
ic1, ic2 = _ecrit_coul(IC1), _ecrit_coul(IC2)


# ---------------------------------------------------------------- Q2 (Q1, Q3: REPONSES)
def creer_image(n, m, c):
    """Q2. A new n × m image (n rows, m columns) whose pixels are all ``c``.

    Each row is a new list (LECTURES['lignes_distinctes']).

    >>> creer_image(2, 1, (0, 0, 200))
    [[(0, 0, 200)], [(0, 0, 200)]]
    """
    img = []
    for i in range(n):
        nouvelle_ligne = []
        for j in range(m):
            nouvelle_ligne.append(c)
        img.append(nouvelle_ligne)
    return img


# ---------------------------------------------------------------- Part 1, Q4–Q6
def noir_ou_blanc(x):
    """Q4. 0 if ``x < 128``, 1 otherwise.

    >>> noir_ou_blanc(127.9), noir_ou_blanc(128)
    (0, 1)
    """
    if x < 128:
        return 0
    return 1


def passer_en_nb(img):
    """Q5. The black and white image of an RGB image (a new image).

    Each pixel is ``noir_ou_blanc`` of the mean of its three levels
    (LECTURES['moyenne']).

    >>> passer_en_nb([[(255, 0, 0), (127, 128, 128), (128, 128, 128)]])
    [[0, 0, 1]]
    """
    img_nb = []
    for ligne in img:
        nouvelle_ligne = []
        for pixel in ligne:
            moyenne = (pixel[0] + pixel[1] + pixel[2]) / 3
            nouvelle_ligne.append(noir_ou_blanc(moyenne))
        img_nb.append(nouvelle_ligne)
    return img_nb


def passer_en_8_couleurs(img):
    """Q6. The 8-colour image of an RGB image: each level becomes 0 or 1 (a new image).

    >>> passer_en_8_couleurs([[(255, 100, 129), (0, 255, 255)]])
    [[(1, 0, 1), (0, 1, 1)]]
    """
    img_8 = []
    for ligne in img:
        nouvelle_ligne = []
        for pixel in ligne:
            nouvelle_ligne.append((noir_ou_blanc(pixel[0]), noir_ou_blanc(pixel[1]),
                                   noir_ou_blanc(pixel[2])))
        img_8.append(nouvelle_ligne)
    return img_8


# ---------------------------------------------------------------- Part 2, Q7–Q12
def image_vers_ligne(img):
    """Q7. ``(nombre de colonnes, tous les pixels à la suite)`` (LECTURES['image_vide']).

    >>> image_vers_ligne([[0, 1, 0], [1, 1, 1]])
    (3, [0, 1, 0, 1, 1, 1])
    """
    ligne01 = []
    for ligne in img:
        for pixel in ligne:
            ligne01.append(pixel)
    return (len(img[0]), ligne01)


def ligne_vers_image(nbcol, ligne01):
    """Q8. The image whose rows are the slices of ``nbcol`` pixels of ``ligne01``.

    LECTURES['ligne_incomplete'].

    >>> ligne_vers_image(3, [0, 1, 0, 1, 1, 1])
    [[0, 1, 0], [1, 1, 1]]
    """
    img = []
    for debut in range(0, len(ligne01), nbcol):
        img.append(ligne01[debut:debut + nbcol])
    return img


def compte_0_1(ligne01):
    """Q9. The lengths of the runs of ``ligne01``, a run of 0s first.

    The first count may be 0 (LECTURES['compte_commence_par_0']).

    >>> compte_0_1([1, 1, 1, 0, 1, 1])
    [0, 3, 1, 2]
    >>> compte_0_1([])
    [0]
    """
    comptes = []
    valeur = 0  # on compte toujours d'abord les 0
    compte = 0
    for pixel in ligne01:
        if pixel == valeur:
            compte = compte + 1
        else:
            comptes.append(compte)
            valeur = pixel
            compte = 1
    comptes.append(compte)
    return comptes


def decomprime_ligne(liste_entiers):
    """Q10. The list of 0s and 1s whose runs are ``liste_entiers`` (0s first).

    Zero counts are allowed anywhere (LECTURES['entiers_positifs']).

    >>> decomprime_ligne([0, 2, 2])
    [1, 1, 0, 0]
    """
    ligne01 = []
    valeur = 0
    for nombre in liste_entiers:
        for k in range(nombre):
            ligne01.append(valeur)
        valeur = 1 - valeur
    return ligne01


def compresse_image(img):
    """Q11. ``(nombre de colonnes, runs of the whole image as one line)``.

    Runs go on from one row to the next (LECTURES['lignes_enchainees']).

    >>> compresse_image([[0, 1], [1, 0]])
    (2, [1, 2, 1])
    """
    nbcol, ligne01 = image_vers_ligne(img)
    return (nbcol, compte_0_1(ligne01))


def decompresse_image(ncb, liste_entiers):
    """Q12. The image of ``ncb`` columns coded by ``liste_entiers``.

    Two parameters, not the tuple (LECTURES['decompresse_image_parametres']).

    >>> decompresse_image(2, [1, 2, 1])
    [[0, 1], [1, 0]]
    """
    return ligne_vers_image(ncb, decomprime_ligne(liste_entiers))


# ---------------------------------------------------------------- Part 3, Q14–Q18
def dim_largeur_max(img, pos, j_max):
    """Q14. How many pixels of the colour of ``pos`` follow one another from ``pos``
    to the right, up to column ``j_max`` included (LECTURES['largeur_contigue']).

    >>> dim_largeur_max([[7, 7, 7, 1]], (0, 0), 3), dim_largeur_max([[7, 7, 7, 1]], (0, 0), 1)
    (3, 2)
    """
    i, j = pos
    couleur = img[i][j]
    largeur = 0
    while j + largeur <= j_max and img[i][j + largeur] == couleur:
        largeur = largeur + 1
    return largeur


def rectangle_max(img, pos):
    """Q16. ``(hauteur, largeur)`` of a largest uniform rectangle whose top-left corner is ``pos``.

    Heights 1, 2, 3… are tried while the pixel below keeps the colour; the
    width can only shrink (``j_max`` is the last column of the previous
    height).  A tie keeps the lowest rectangle (LECTURES['egalite_des_aires']).

    >>> rectangle_max([[5, 5], [5, 0]], (0, 0))
    (1, 2)
    """
    i, j = pos
    couleur = img[i][j]
    largeur = dim_largeur_max(img, pos, len(img[0]) - 1)
    meilleur = (1, largeur)
    hauteur = 1
    while i + hauteur < len(img) and img[i + hauteur][j] == couleur:
        largeur = dim_largeur_max(img, (i + hauteur, j), j + largeur - 1)
        hauteur = hauteur + 1
        if hauteur * largeur > meilleur[0] * meilleur[1]:
            meilleur = (hauteur, largeur)
    return meilleur


def compression_rectangle(img):
    """Q17. ``(ha, la, l_rect)``: ``img`` cut into uniform rectangles, in scan order.

    The covered pixels become ``None`` in a copy of ``img``, so that
    ``rectangle_max`` only extends over pixels not yet covered
    (LECTURES['pixels_deja_couverts'], ['ordre_des_rectangles'],
    ['cle_couleur']).  ``img`` itself is not modified.
    """
    ha = len(img)
    la = len(img[0])
    reste = []  # copie de img où les pixels déjà couverts valent None
    for ligne in img:
        reste.append(ligne.copy())
    l_rect = []
    for i in range(ha):
        for j in range(la):
            if reste[i][j] is not None:
                hauteur, largeur = rectangle_max(reste, (i, j))
                l_rect.append({"pos": (i, j), "couleur": img[i][j], "ha": hauteur, "la": largeur})
                for k in range(i, i + hauteur):
                    for l in range(j, j + largeur):
                        reste[k][l] = None
    return (ha, la, l_rect)


def decompression_rectangle(image_compressee):
    """Q18. The image of a valid compressed image ``(ha, la, l_rect)``.

    Reads the colour under "couleur" or "coul" (LECTURES['cle_couleur']).

    >>> decompression_rectangle((2, 3, [{"pos": (0, 0), "coul": 4, "ha": 2, "la": 2},
    ...                                 {"pos": (0, 2), "couleur": 5, "ha": 2, "la": 1}]))
    [[4, 4, 5], [4, 4, 5]]
    """
    ha, la, l_rect = image_compressee
    img = creer_image(ha, la, None)
    for rect in l_rect:
        if "couleur" in rect:  # CLE_COULEUR, la clef de la définition
            couleur = rect["couleur"]
        else:                  # CLE_COULEUR_EXEMPLES, celle des exemples
            couleur = rect["coul"]
        i, j = rect["pos"]
        for k in range(i, i + rect["ha"]):
            for l in range(j, j + rect["la"]):
                img[k][l] = couleur
    return img


# ---------------------------------------------------------------- lost figures
FIGURES_RECONSTRUITES = {
    "figure_1": {
        "donnees": {"imgA": IMG_A, "imgB": IMG_B, "imgC": IMG_C},
        "note": "Reconstruite : la figure dessine les trois images dont le code Python est "
                "donné juste avant elle. imgA est une diagonale noire partant du coin en haut "
                "à gauche sur fond blanc (5 x 5), imgB quatre lignes identiques de huit gris "
                "allant du noir à gauche au blanc à droite, imgC une ligne rouge au-dessus "
                "d'une ligne blanche (3 colonnes).",
    },
    "figure_2": {
        "donnees": {"img1": IMG1, "rectangles": IC1},
        "note": "Reconstruite : la figure montre le découpage de img1 en rectangles unis. On "
                "le déduit du résultat ic1 donné pour compression_rectangle(img1) et de la "
                "phrase sur le plus grand rectangle uni en (0, 0) (3 colonnes, 2 lignes, "
                "couleur 7) : un rectangle 2 x 3 de 7, une colonne de 1 sur les trois lignes "
                "à droite, un rectangle 1 x 2 de 2 et un pixel 1 en (2, 2).",
    },
}
"""Figures the text extraction lost, reconstructed: name -> ``{"donnees", "note"}``."""
