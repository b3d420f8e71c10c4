# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Olympiades de NSI 2025 — Exercice 1 : compresser une image (Q1 à Q18)
#
# Une image numérique est un tableau de pixels. On la range en Python dans une **liste de lignes**,
# chaque ligne étant une liste de pixels : `img[i][j]` est le pixel de la ligne `i` (comptée depuis le
# haut, à partir de 0) et de la colonne `j` (comptée depuis la gauche, à partir de 0). Une image de
# `n` lignes et `m` colonnes a donc `len(img) == n` et `len(img[0]) == m`.
#
# Trois sortes de pixels reviennent dans l'exercice :
#
# - **noir et blanc** : `0` pour un pixel noir, `1` pour un pixel blanc ;
# - **niveaux de gris** : un entier de `0` (noir) à `7` (blanc), les valeurs entre les deux étant des
#   gris de plus en plus clairs ;
# - **couleurs** : un triplet `(r, v, b)` d'entiers de 0 à 255, les niveaux de rouge, de vert et de bleu
#   (`(0, 0, 0)` est noir, `(255, 255, 255)` blanc, `(255, 0, 0)` rouge).
#
# L'objectif : réduire le nombre de couleurs (partie 1), puis coder une image par les longueurs de ses
# plages de pixels identiques (partie 2), enfin la découper en rectangles d'une seule couleur
# (partie 3).
#
# **Comment travailler.**
#
# - Exécutez les cellules dans l'ordre (Maj + Entrée). La cellule « Outils » importe `tester` et la
#   fonction `montrer`, qui dessine des images : n'importez rien d'autre de `awale_ref`, écrivez vos
#   propres fonctions (la correction refuse une fonction qui vient du paquet de référence).
# - Chaque question de code a une cellule à compléter : remplacez `raise NotImplementedError()` par votre
#   code, en gardant le nom et les paramètres de la fonction.
# - La cellule de tests qui suit rejoue les exemples du sujet : elle affiche un `✔` pour chaque exemple
#   réussi, sinon l'entrée, le résultat attendu, le vôtre et la règle.
# - À la correction, la même cellule lance des **tests cachés** : votre fonction est comparée à une
#   référence sur des dizaines d'images de toutes formes (un seul pixel, une seule ligne, une seule
#   colonne, des damiers, des images de 200 × 200…). Les points d'une question sont répartis entre ses
#   **règles** ; pour une règle non respectée, le retour montre la **plus petite image** où votre
#   fonction se trompe, avec l'appel qui le reproduit, et, si votre fonction renvoie une image, l'image
#   attendue à côté de la vôtre.
# - Chaque question est notée **seule** : si votre fonction en appelle une autre (par exemple
#   `compresse_image` appelle `compte_0_1`), c'est la version de référence de l'autre qui est utilisée
#   pendant la correction.
# - Quand le sujet laisse un choix ouvert (plusieurs plus grands rectangles de même aire, par exemple),
#   toute réponse juste est acceptée.
# - Les cellules « Justification » sont corrigées à la main par l'enseignant ; en autonomie, comparez
#   avec les éléments de réponse repliés sous la cellule.
# - **Chacun ses données.** Dans la version notée, chaque élève reçoit ses propres images `imgB` (Q1) et
#   `img13` (Q13), tirées de son identifiant (son compte sur le serveur de la classe, ou son identifiant
#   nbgrader) : répondez sur **vos** images, celles qu'affichent leurs cellules, et la correction vous note
#   sur elles. En autonomie, ces cellules affichent les images de l'énoncé, et `autre_variante()` (puis une
#   nouvelle exécution des cellules) en tire d'autres pour vous entraîner.

# %% [markdown] tags=["bareme"]
# (barème généré)

# %% tags=["readonly"] grade_id="imports"
# Outils (ne pas modifier) : les tests, et le dessin des images.
from awale_ref.sujets.olympiades_2025_images import tester
from awale_ref.sujets.olympiades_2025_images.dessins import montrer

# %% [markdown] tags=["readonly"] grade_id="enonce_images"
# Trois images d'exemple : `imgA` en noir et blanc (une diagonale noire), `imgB` en niveaux de gris
# (des lignes toutes pareilles, qui vont du noir au blanc) et `imgC` en couleurs (une ligne rouge sur une
# ligne blanche). Chacun a son `imgB` (dans l'énoncé, quatre lignes `[0, 1, 2, 3, 4, 5, 6, 7]`).

# %% tags=["readonly"] grade_id="code_images"
# Vos données (ne pas modifier) : imgA et imgC de l'énoncé, imgB de votre variante.
from awale_ref.sujets.olympiades_2025_images import autre_variante, variante

imgA = [[0, 1, 1, 1, 1], [1, 0, 1, 1, 1], [1, 1, 0, 1, 1], [1, 1, 1, 0, 1], [1, 1, 1, 1, 0]]
imgB = variante("imgB")
print("Votre image imgB :", imgB)
imgC = [[(255, 0, 0), (255, 0, 0), (255, 0, 0)], [(255, 255, 255), (255, 255, 255), (255, 255, 255)]]
montrer(imgA, imgB, imgC, titres=["imgA", "imgB", "imgC"])

# %% [markdown]
# ## Q1 — Les dimensions de `imgB`
#
# Donnez dans `Q1_dimensions` le couple `(len(imgB), len(imgB[0]))`, **sans exécuter** ces expressions :
# lisez-les sur la définition de `imgB`, en vous demandant ce que compte chacune : les lignes de
# l'image, ou les pixels d'une ligne ?

# %% tags=["solution"] grade_id="q1_reponse"
### BEGIN SOLUTION
# (la réponse pour l'image de l'énoncé)
Q1_dimensions = (4, 8)
### END SOLUTION

# %% tags=["tests"] grade_id="q1_tests" points=0.5
tester("Q1_dimensions", Q1_dimensions)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q1_dimensions", Q1_dimensions)
### END HIDDEN TESTS

# %% [markdown]
# ## Q2 — Créer une image unie
#
# Écrivez `creer_image(n, m, c)` qui renvoie une nouvelle image de `n` lignes et `m` colonnes dont tous
# les pixels valent `c`. Le sujet en donne le squelette : une boucle sur les lignes, et pour chacune une
# boucle qui remplit une **nouvelle** liste. Attention : `[[c] * m] * n` répète `n` fois *la même*
# liste ; modifier un pixel modifierait alors toute sa colonne.
#
# *Remarque.* L'exemple du sujet, `creer_image(2, 1, (0, 0, 200))`, affiche `[[0, 0, 200], [0, 0, 200]]` :
# c'est une coquille. Une image de 2 lignes et 1 colonne dont le pixel est le triplet `(0, 0, 200)`
# s'écrit `[[(0, 0, 200)], [(0, 0, 200)]]`, et c'est ce que renvoie le squelette du sujet.

# %% tags=["solution"] grade_id="q2_creer_image"
def creer_image(n, m, c):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.creer_image
    ### END SOLUTION


# %% tags=["tests"] grade_id="q2_tests" points=1
tester("Q2", creer_image, 2, 1, (0, 0, 200))
tester("Q2", creer_image, 3, 4, 1)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q2", creer_image)
### END HIDDEN TESTS

# %% [markdown]
# ## Q3 — Un drapeau
#
# Écrivez les instructions qui :
#
# 1. créent `imgD`, une image en couleurs **entièrement blanche**, de **largeur 30** pixels et de
#    **hauteur 10** pixels ;
# 2. mettent un pixel **rouge** `(255, 0, 0)` dans le coin **en haut à droite** (l'instruction
#    `imgD[0][30] = (255, 0, 0)` provoque une erreur : corrigez-la) ;
# 3. transforment `imgD` en drapeau français : trois bandes verticales, bleue à gauche (par exemple
#    `(0, 0, 255)`), blanche au milieu, rouge `(255, 0, 0)` à droite.
#
# Un triplet ne se modifie pas (c'est un tuple) : on remplace le pixel entier par un nouveau triplet.
# Votre `imgD` est vérifiée : 10 lignes, 30 colonnes, trois bandes verticales bleue, blanche et rouge
# (toute nuance de bleu convient, et des bandes de 10 colonnes sont les plus simples ; voir
# `docs/olympiades_lectures.md`). Elle est construite avec votre `creer_image`, mais notée avec celle de
# la référence : une erreur dans `creer_image` ne coûte que Q2. Dans la justification, dites pourquoi
# `imgD[0][30]` provoque une erreur.

# %% tags=["solution"] grade_id="q3_reponse"
### BEGIN SOLUTION
imgD = creer_image(10, 30, (255, 255, 255))
imgD[0][29] = (255, 0, 0)
for i in range(10):
    for j in range(10):
        imgD[i][j] = (0, 0, 255)
        imgD[i][j + 20] = (255, 0, 0)
### END SOLUTION
montrer(imgD, titres=["imgD"])

# %% tags=["tests"] grade_id="q3_tests" points=1
tester("Q3_drapeau", imgD)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q3_drapeau", imgD)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q3_justification" points=0.5
# L'image a 30 colonnes, numérotées de 0 à 29 : l'indice 30 n'existe pas et `imgD[0][30]` lève
# `IndexError`. Le coin en haut à droite est la ligne 0, dernière colonne : `imgD[0][29]`. Pour le
# drapeau, chaque bande fait 30 / 3 = 10 colonnes : les colonnes 0 à 9 deviennent bleues, 20 à 29
# rouges, celles du milieu restent blanches.

# %% [markdown]
# # Partie 1 — Moins de couleurs
#
# Un triplet de niveaux de 0 à 255 peut prendre 256³ valeurs. Pour trouver de grandes zones d'une même
# couleur, on réduit d'abord le nombre de couleurs : à 2 (noir et blanc), puis à 8.
#
# ## Q4 — Noir ou blanc
#
# Écrivez `noir_ou_blanc(x)` qui renvoie `0` (noir) si `x` est **strictement** inférieur à 128, et `1`
# (blanc) sinon. `x` peut être un nombre à virgule (une moyenne).

# %% tags=["solution"] grade_id="q4_noir_ou_blanc"
def noir_ou_blanc(x):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.noir_ou_blanc
    ### END SOLUTION


# %% tags=["tests"] grade_id="q4_tests" points=0.5
tester("Q4", noir_ou_blanc, 127.9)
tester("Q4", noir_ou_blanc, 128)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q4", noir_ou_blanc)
### END HIDDEN TESTS

# %% [markdown]
# ## Q5 — Passer en noir et blanc
#
# Pour chaque pixel `(r, v, b)`, on calcule la moyenne des trois niveaux et on la passe à
# `noir_ou_blanc`. Écrivez `passer_en_nb(img)` qui renvoie l'image en noir et blanc d'une image en
# couleurs. L'image reçue ne doit **pas** être modifiée : construisez une nouvelle image.

# %% tags=["solution"] grade_id="q5_passer_en_nb"
def passer_en_nb(img):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.passer_en_nb
    ### END SOLUTION


# %% tags=["tests"] grade_id="q5_tests" points=1
from awale_ref.sujets.olympiades_2025_images.images import imgC  # l'image de l'énoncé : ce test marche seul
tester("Q5", passer_en_nb, imgC)
tester("Q5", passer_en_nb, [[(255, 0, 0), (127, 128, 128), (128, 128, 128)]])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q5", passer_en_nb)
### END HIDDEN TESTS

# %% [markdown]
# ## Q6 — Passer en 8 couleurs
#
# Les 8 couleurs permises sont les triplets de 0 et de 1 (2³ = 8). Chaque niveau d'un pixel devient 0
# s'il est strictement inférieur à 128, 1 sinon : `(255, 100, 129)` devient `(1, 0, 1)`. Écrivez
# `passer_en_8_couleurs(img)` qui renvoie la nouvelle image (des triplets), sans modifier `img`.

# %% tags=["solution"] grade_id="q6_passer_en_8_couleurs"
def passer_en_8_couleurs(img):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.passer_en_8_couleurs
    ### END SOLUTION


# %% tags=["tests"] grade_id="q6_tests" points=1
from awale_ref.sujets.olympiades_2025_images.images import imgC  # l'image de l'énoncé : ce test marche seul
tester("Q6", passer_en_8_couleurs, [[(255, 100, 129)]])
tester("Q6", passer_en_8_couleurs, imgC)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q6", passer_en_8_couleurs)
### END HIDDEN TESTS

# %% [markdown]
# Une photo de 40 × 60 pixels, puis ses versions en noir et blanc et en 8 couleurs (avec vos
# fonctions : exécutez cette cellule quand Q5 et Q6 sont écrites).

# %% tags=["readonly"] grade_id="photo"
photo = [[((7 * i + 3 * j) % 256, (2 * i * j) % 256, (255 - 4 * i) % 256) for j in range(60)] for i in range(40)]
try:
    montrer(photo, passer_en_nb(photo), passer_en_8_couleurs(photo),
            titres=["originale", "noir et blanc (Q5)", "8 couleurs (Q6)"])
except NotImplementedError:
    print("Écrivez d'abord passer_en_nb (Q5) et passer_en_8_couleurs (Q6).")

# %% [markdown]
# # Partie 2 — Coder les plages d'une image en noir et blanc
#
# On lit l'image ligne après ligne comme une seule longue ligne de 0 et de 1, puis on ne garde que les
# **longueurs des plages** de pixels identiques.
#
# ## Q7 — De l'image à la ligne
#
# Écrivez `image_vers_ligne(img)` qui renvoie le couple `(nombre de colonnes de img, liste de tous les
# pixels de img, ligne après ligne)`. Par exemple `image_vers_ligne([[0, 1, 0], [1, 1, 1]])` vaut
# `(3, [0, 1, 0, 1, 1, 1])`.

# %% tags=["solution"] grade_id="q7_image_vers_ligne"
def image_vers_ligne(img):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.image_vers_ligne
    ### END SOLUTION


# %% tags=["tests"] grade_id="q7_tests" points=1
tester("Q7", image_vers_ligne, [[0, 1, 0], [1, 1, 1]])
tester("Q7", image_vers_ligne, [[0, 0, 0, 0], [1, 1, 1, 1]])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q7", image_vers_ligne)
### END HIDDEN TESTS

# %% [markdown]
# ## Q8 — De la ligne à l'image
#
# Écrivez `ligne_vers_image(nbcol, ligne01)`, l'opération inverse : l'image dont les lignes sont les
# tranches successives de `nbcol` pixels de `ligne01` (sa longueur est un multiple de `nbcol`).

# %% tags=["solution"] grade_id="q8_ligne_vers_image"
def ligne_vers_image(nbcol, ligne01):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.ligne_vers_image
    ### END SOLUTION


# %% tags=["tests"] grade_id="q8_tests" points=1
tester("Q8", ligne_vers_image, 3, [0, 1, 0, 1, 1, 1])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q8", ligne_vers_image)
### END HIDDEN TESTS

# %% [markdown]
# ## Q9 — Compter les plages
#
# Écrivez `compte_0_1(ligne01)` qui renvoie la liste des longueurs des plages successives de
# `ligne01`, en commençant **toujours** par le nombre de 0 : si la ligne commence par un 1, le premier
# nombre est 0. Ainsi `compte_0_1([0, 1, 0, 0, 0, 1, 1])` vaut `[1, 1, 3, 2]` et
# `compte_0_1([1, 1, 1, 0, 1, 1])` vaut `[0, 3, 1, 2]`.

# %% tags=["solution"] grade_id="q9_compte_0_1"
def compte_0_1(ligne01):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.compte_0_1
    ### END SOLUTION


# %% tags=["tests"] grade_id="q9_tests" points=1.5
tester("Q9", compte_0_1, [0, 0, 0, 0, 0, 0, 0, 0])
tester("Q9", compte_0_1, [0, 0, 0, 0, 0, 0, 1, 1])
tester("Q9", compte_0_1, [0, 1, 0, 1, 0, 1, 0, 1])
tester("Q9", compte_0_1, [0, 1, 0, 0, 0, 1, 1])
tester("Q9", compte_0_1, [1, 1, 1, 0, 1, 1])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q9", compte_0_1)
### END HIDDEN TESTS

# %% [markdown]
# ## Q10 — Décomprimer une ligne
#
# Écrivez `decomprime_ligne(liste_entiers)` qui renvoie la ligne de 0 et de 1 dont les plages ont les
# longueurs de `liste_entiers`, en commençant par des 0. Un nombre peut valoir 0 : il n'ajoute aucun
# pixel (c'est ce qui permet de commencer par des 1).

# %% tags=["solution"] grade_id="q10_decomprime_ligne"
def decomprime_ligne(liste_entiers):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.decomprime_ligne
    ### END SOLUTION


# %% tags=["tests"] grade_id="q10_tests" points=1
tester("Q10", decomprime_ligne, [4, 2, 3, 1])
tester("Q10", decomprime_ligne, [0, 2, 2])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q10", decomprime_ligne)
### END HIDDEN TESTS

# %% [markdown]
# ## Q11 — Compresser une image
#
# Écrivez `compresse_image(img)` qui renvoie le couple `(nombre de colonnes, code des plages de l'image
# lue comme une seule ligne)`. Une plage peut continuer d'une ligne de l'image à la suivante. Utilisez
# `image_vers_ligne` et `compte_0_1`.

# %% tags=["solution"] grade_id="q11_compresse_image"
def compresse_image(img):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.compresse_image
    ### END SOLUTION


# %% tags=["tests"] grade_id="q11_tests" points=1
tester("Q11", compresse_image, [[0, 1, 0], [1, 1, 1]])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q11", compresse_image)
### END HIDDEN TESTS

# %% [markdown]
# ## Q12 — Décompresser une image
#
# Écrivez `decompresse_image(ncb, liste_entiers)` qui renvoie l'image de `ncb` colonnes codée par
# `liste_entiers`. Attention : la fonction a **deux** paramètres ; pour décompresser le couple renvoyé
# par `compresse_image`, on écrit `ncb, code = compresse_image(img)` puis `decompresse_image(ncb, code)`.

# %% tags=["solution"] grade_id="q12_decompresse_image"
def decompresse_image(ncb, liste_entiers):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.decompresse_image
    ### END SOLUTION


# %% tags=["tests"] grade_id="q12_tests" points=0.5
tester("Q12", decompresse_image, 3, [1, 1, 1, 3])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q12", decompresse_image)
### END HIDDEN TESTS

# %% [markdown]
# Combien de nombres le code garde-t-il, par pixel ? Pour `imgA`, la cellule suivante compare l'image
# et son code (avec vos fonctions).

# %% tags=["readonly"] grade_id="taux_plages"
try:
    ncb, code = compresse_image(imgA)
    print(f"imgA : {len(imgA) * len(imgA[0])} pixels, code de {1 + len(code)} nombres : {(ncb, code)}")
    montrer(imgA, decompresse_image(ncb, code), titres=["imgA", "décompressée (Q12)"])
except NotImplementedError:
    print("Écrivez d'abord les fonctions de Q7 à Q12.")

# %% [markdown]
# # Partie 3 — Découper une image en rectangles unis
#
# On découpe maintenant une image en **rectangles unis** (d'une seule couleur), les plus grands
# possibles. On l'illustre sur l'image en 8 couleurs `img1`, de 3 lignes et 4 colonnes, dessinée
# ci-dessous avec son découpage `ic1`.
#
# Un rectangle uni est un dictionnaire : `"pos"` (la position `(i, j)` de son coin supérieur gauche),
# `"couleur"` (la couleur de ses pixels), `"ha"` (sa hauteur) et `"la"` (sa largeur), en pixels. Une
# **image compressée** est un triplet `(ha, la, l_rect)` : la hauteur et la largeur de l'image, puis la
# liste des rectangles. Elle est **valide** si les rectangles sont dans l'image, ne se superposent pas et
# couvrent tous ses pixels.
#
# *Remarque.* La définition écrit la clef `"couleur"`, les exemples du sujet `"coul"` : les deux sont
# acceptées partout.

# %% tags=["readonly"] grade_id="code_img1"
img1 = [[7, 7, 7, 1], [7, 7, 7, 1], [2, 2, 1, 1]]
ic1 = (3, 4, [{"pos": (0, 0), "coul": 7, "ha": 2, "la": 3},
              {"pos": (0, 3), "coul": 1, "ha": 3, "la": 1},
              {"pos": (2, 0), "coul": 2, "ha": 1, "la": 2},
              {"pos": (2, 2), "coul": 1, "ha": 1, "la": 1}])
ic2 = (3, 4, [{"pos": (0, 0), "coul": 7, "ha": 2, "la": 3},
              {"pos": (0, 3), "coul": 1, "ha": 2, "la": 1},
              {"pos": (2, 0), "coul": 2, "ha": 1, "la": 2},
              {"pos": (2, 2), "coul": 1, "ha": 1, "la": 2}])
montrer(img1, rectangles=ic1)

# %% [markdown]
# Un **plus grand rectangle uni** en `pos` est un rectangle uni dont le coin supérieur gauche est `pos`
# et dont l'aire (hauteur × largeur) est la plus grande possible. Dans `img1`, celui de `(0, 0)` a
# 2 lignes et 3 colonnes (aire 6).
#
# ## Q13 — Un plus grand rectangle uni
#
# Dans votre image `img13` ci-dessous, cherchez un plus grand rectangle uni en `(0, 1)`. Donnez dans
# `Q13_rectangle` un dictionnaire `{"ha": …, "la": …, "couleur": …, "unique": …}` : sa hauteur, sa
# largeur, sa couleur, et `True` s'il est le seul d'aire maximale, `False` sinon. Justifiez en
# comparant les aires possibles. (Dans l'énoncé, `img13` vaut
# `[[6, 3, 3, 3, 4], [6, 3, 3, 6, 4], [6, 3, 4, 6, 4]]` ; chacun a la sienne.)

# %% tags=["readonly"] grade_id="code_img13"
# Vos données (ne pas modifier) : l'image img13 de votre variante.
img13 = variante("img13")
print("Votre image img13 :", img13)
montrer(img13, titres=["img13"])

# %% tags=["solution"] grade_id="q13_reponse"
### BEGIN SOLUTION
# (la réponse pour l'image de l'énoncé)
Q13_rectangle = {"ha": 2, "la": 2, "couleur": 3, "unique": True}
### END SOLUTION

# %% tags=["tests"] grade_id="q13_tests" points=0.5
tester("Q13_rectangle", Q13_rectangle)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q13_rectangle", Q13_rectangle)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q13_justification" points=0.5
# (Pour l'image de l'énoncé.) En (0, 1) la couleur est 3. Sur une ligne, on va jusqu'à la colonne 3 (largeur 3, aire 3) ; sur deux
# lignes, la ligne 1 s'arrête à la colonne 2 (largeur 2, aire 4) ; sur trois lignes, la ligne 2
# s'arrête dès la colonne 1 (largeur 1, aire 3). Le maximum, 4, n'est atteint que par le carré de
# 2 lignes et 2 colonnes de couleur 3 : il est unique.

# %% [markdown]
# ## Q14 — La largeur d'une plage
#
# Écrivez `dim_largeur_max(img, pos, j_max)` qui renvoie le nombre de pixels **consécutifs** de la
# couleur du pixel `pos`, en partant de `pos` (compris) vers la droite, sans dépasser la colonne
# `j_max` (incluse). Le compte s'arrête au premier pixel d'une autre couleur. Sur `img1` :
# `dim_largeur_max(img1, (0, 0), 3)` vaut 3, `dim_largeur_max(img1, (2, 0), 3)` vaut 2 et
# `dim_largeur_max(img1, (2, 1), 3)` vaut 1.

# %% tags=["solution"] grade_id="q14_dim_largeur_max"
def dim_largeur_max(img, pos, j_max):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.dim_largeur_max
    ### END SOLUTION


# %% tags=["tests"] grade_id="q14_tests" points=1
from awale_ref.sujets.olympiades_2025_images.images import img1  # l'image de l'énoncé : ce test marche seul
tester("Q14", dim_largeur_max, img1, (0, 0), 3)
tester("Q14", dim_largeur_max, img1, (2, 0), 3)
tester("Q14", dim_largeur_max, img1, (2, 1), 3)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q14", dim_largeur_max)
### END HIDDEN TESTS

# %% [markdown]
# ## Q15 — À quoi servent ces tests ?
#
# On prépare quatre tests pour la fonction `rectangle_max` de Q16 (qui renvoie `(hauteur, largeur)`
# d'un plus grand rectangle uni en `pos`) :
#
# ```python
# assert rectangle_max(img1, (0, 0)) == (2, 3)   # test 1
# assert rectangle_max(img1, (0, 2)) == (2, 1)   # test 2
# assert rectangle_max(img1, (0, 3)) == (3, 1)   # test 3
# assert rectangle_max(img1, (2, 3)) == (1, 1)   # test 4
# ```
#
# Pour chaque test, choisissez la situation qu'il vérifie parmi ces quatre (une par test) :
#
# - `"plusieurs colonnes"` : un rectangle de plusieurs lignes et de plusieurs colonnes, arrêté en bas par
#   une autre couleur ;
# - `"arrêts par la couleur"` : un rectangle d'une seule colonne qui part au milieu d'une zone unie : une
#   autre couleur l'arrête à droite et en bas, pas un bord ;
# - `"toute la hauteur"` : un rectangle qui va du haut jusqu'au bas de l'image (la hauteur arrêtée par le
#   bord bas, sans sortir du tableau) ;
# - `"un seul pixel"` : un rectangle d'un seul pixel, dans le coin en bas à droite.
#
# Chaque description ne convient qu'à un seul des quatre tests.
#
# Donnez `Q15_situations = {1: …, 2: …, 3: …, 4: …}`, puis expliquez en une phrase par test pourquoi
# ce cas mérite d'être testé.

# %% tags=["solution"] grade_id="q15_reponse"
### BEGIN SOLUTION
Q15_situations = {1: "plusieurs colonnes", 2: "arrêts par la couleur", 3: "toute la hauteur", 4: "un seul pixel"}
### END SOLUTION

# %% tags=["tests"] grade_id="q15_tests" points=1
tester("Q15_situations", Q15_situations)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q15_situations", Q15_situations)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q15_justification" points=0.5
# Test 1 : le cas général, un rectangle de 2 lignes et 3 colonnes dont la hauteur s'arrête sur les
# pixels 2 de la dernière ligne. Test 2 : on part au milieu de la zone de 7, il faut compter depuis
# `pos` et non depuis le bord gauche, et la largeur s'arrête sur le 1 de la colonne 3. Test 3 : la
# dernière colonne, le rectangle touche les bords droit et bas, la fonction ne doit pas sortir de
# l'image. Test 4 : le coin en bas à droite, bloqué par les deux bords, donne un seul pixel.

# %% [markdown]
# ## Q16 — Un plus grand rectangle uni
#
# Écrivez `rectangle_max(img, pos)` qui renvoie le couple `(hauteur, largeur)` d'un plus grand rectangle
# uni en `pos`. Une méthode : essayer les hauteurs 1, 2, 3… tant que le pixel en dessous a la même
# couleur ; à chaque hauteur, la largeur ne peut que diminuer (`dim_largeur_max` avec `j_max` égal à la
# dernière colonne de la hauteur précédente) ; garder le rectangle de plus grande aire. Si plusieurs
# rectangles ont la même aire maximale, n'importe lequel est accepté.

# %% tags=["solution"] grade_id="q16_rectangle_max"
def rectangle_max(img, pos):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.rectangle_max
    ### END SOLUTION


# %% tags=["tests"] grade_id="q16_tests" points=2
from awale_ref.sujets.olympiades_2025_images.images import img1  # l'image de l'énoncé : ce test marche seul
tester("Q16", rectangle_max, img1, (0, 0))
tester("Q16", rectangle_max, img1, (0, 2))
tester("Q16", rectangle_max, img1, (0, 3))
tester("Q16", rectangle_max, img1, (2, 3))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q16", rectangle_max)
### END HIDDEN TESTS

# %% [markdown]
# ## Q17 — Compresser en rectangles
#
# Écrivez `compression_rectangle(img)` qui renvoie l'image compressée `(ha, la, l_rect)` de `img`. On
# parcourt les pixels ligne par ligne, de gauche à droite ; à chaque pixel **pas encore couvert**, on
# ajoute à `l_rect` un plus grand rectangle uni formé de pixels pas encore couverts, puis on marque ses
# pixels comme couverts. C'est pourquoi, dans `ic1`, le dernier rectangle n'a qu'une colonne : le pixel
# `(2, 3)` est déjà couvert par le deuxième. Quand plusieurs plus grands rectangles ont la même aire,
# n'importe lequel convient. Pour marquer les pixels couverts, le plus simple est de travailler sur une
# copie de `img` (le sujet ne note ce point qu'aux questions 5 et 6).

# %% tags=["solution"] grade_id="q17_compression_rectangle"
def compression_rectangle(img):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.compression_rectangle
    ### END SOLUTION


# %% tags=["tests"] grade_id="q17_tests" points=2
from awale_ref.sujets.olympiades_2025_images.images import img1  # l'image de l'énoncé : ce test marche seul
tester("Q17", compression_rectangle, img1)
tester("Q17", compression_rectangle, [[5, 5], [5, 0]])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q17", compression_rectangle)
### END HIDDEN TESTS

# %% [markdown]
# ## Q18 — Décompresser
#
# Écrivez `decompression_rectangle(image_compressee)` qui renvoie l'image d'une image compressée
# valide : une image `ha × la` où chaque rectangle est peint de sa couleur (lue sous la clef
# `"couleur"` ou, comme dans les exemples, `"coul"`). `ic1` et `ic2` donnent toutes deux `img1`.

# %% tags=["solution"] grade_id="q18_decompression_rectangle"
def decompression_rectangle(image_compressee):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_images.images.decompression_rectangle
    ### END SOLUTION


# %% tags=["tests"] grade_id="q18_tests" points=1
from awale_ref.sujets.olympiades_2025_images.images import ic1, ic2  # les découpages de l'énoncé : ce test marche seul
tester("Q18", decompression_rectangle, ic1)
tester("Q18", decompression_rectangle, ic2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_images import corriger
corriger("Q18", decompression_rectangle)
### END HIDDEN TESTS

# %% [markdown]
# Pour finir, la photo en 8 couleurs découpée en rectangles (avec vos fonctions) : combien de nombres
# chaque code garde-t-il par pixel ?

# %% tags=["readonly"] grade_id="taux_rectangles"
try:
    photo8 = passer_en_8_couleurs(photo)
    ic_photo = compression_rectangle(photo8)
    print(f"{len(photo8) * len(photo8[0])} pixels, {len(ic_photo[2])} rectangles, "
          f"soit {2 + 5 * len(ic_photo[2])} nombres à garder")
    montrer(photo8, rectangles=ic_photo)
except NotImplementedError:
    print("Écrivez d'abord passer_en_8_couleurs (Q6) et compression_rectangle (Q17).")
