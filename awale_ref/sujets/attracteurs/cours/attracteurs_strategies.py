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
# # Jeux à deux joueurs — 2. Attracteurs, stratégies et min-max (Q16 à Q36)
#
# Suite du carnet `attracteurs_graphe` : le même jeu des tablettes (`C` couleurs, `N` tablettes par
# couleur ; on empile deux piles de même couleur ou de même hauteur ; qui ne peut plus jouer a perdu).
# Les fonctions de la première partie sont rappelées dans la cellule « Outils » ci-dessous : exécutez-la,
# elle ne compte pas dans la note.
#
# On calcule ici les positions gagnantes d'une autre façon, **en remontant depuis la fin de la partie**
# (les *attracteurs*, partie 4), on en tire une **stratégie optimale** (partie 5), puis on revient à ce que
# fait une IA quand le jeu est trop grand pour être résolu : un **min-max à profondeur limitée** avec une
# heuristique (partie 6), comme la negamax de l'awalé.
#
# Mêmes règles de travail que le premier carnet : gardez noms et paramètres, chaque question est notée
# seule (les autres fonctions sont celles de la référence pendant la correction), l'ordre des listes est
# libre quand l'énoncé ne le fixe pas. Les fonctions qui **tirent au hasard** sont appelées de nombreuses
# fois à la correction : chaque résultat doit être permis, et chaque choix permis doit pouvoir sortir.
#
# **Chacun ses données.** Dans la version notée, chaque élève reçoit ses propres jeux de la question 28,
# tirés de son identifiant (son compte sur le serveur de la classe, ou son identifiant nbgrader) :
# répondez sur **vos** jeux, ceux qu'affiche leur cellule, et la correction vous note sur eux. En
# autonomie, la cellule affiche les jeux de l'énoncé, et `autre_variante()` (puis une nouvelle exécution
# des cellules) en tire d'autres pour vous entraîner.

# %% [markdown] tags=["bareme"]
# (barème généré)

# %% tags=["readonly"] grade_id="imports"
# Outils (ne pas modifier) : les tests, les dessins, et le jeu de la première partie (non noté ici) :
# empile, coups, init, Tuple, graphe, sommets_12, dico_gagnant_opt.
from awale_ref.sujets.attracteurs import tester
from awale_ref.sujets.attracteurs.dessins import curseur_attracteur, dessiner_attracteur, dessiner_tableau


def empile(x, i, j):
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.empile


def coups(x):
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.coups


def init(C, N):
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.init


def Tuple(L):
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.Tuple


def graphe(C, N):
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.graphe


def sommets_12(G, C, N):
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.sommets_12


def dico_gagnant_opt(G):
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.dico_gagnant_opt


# %% [markdown]
# # Partie 4 — Les attracteurs
#
# ## Q16 et Q17 — Définitions *(questions reconstruites : leur texte est perdu)*
#
# Notons `S1` les positions où J1 doit jouer et `S2` celles de J2. L'**attracteur** de J1 est l'ensemble
# des positions depuis lesquelles J1 peut **forcer** la partie à finir sur une position sans successeur
# où **J2** doit jouer (J2 a alors perdu). On le construit en remontant :
#
# - au départ, il contient exactement ces positions finales où J2 doit jouer ;
# - une position de **J1** y entre dès qu'**au moins un** de ses successeurs y est (condition (1) : J1 y
#   joue ce coup) ;
# - une position de **J2** y entre quand elle a des successeurs et qu'ils y sont **tous** (condition (2) :
#   quoi que joue J2, il y reste) ;
# - on recommence jusqu'à ce que plus rien n'entre.
#
# L'attracteur de J2 se construit de même en échangeant les rôles. On le range dans un dictionnaire
# `{position: booléen}`. Une position de J1 est gagnante exactement quand elle est dans l'attracteur de
# J1 : c'est une seconde façon de calculer `dico_gagnant`, par itérations successives.
#
# Le curseur ci-dessous montre l'attracteur de J1 pour `C = 2, N = 3`, étape par étape (la couleur dit à
# quelle étape chaque position entre ; gris : pas encore, ou jamais).

# %% tags=["readonly"] grade_id="curseur"
curseur_attracteur(graphe(2, 3), 2, 3, joueur=1)

# %% [markdown]
# ## Q18 — Le départ
#
# Écrivez `init_attracteurs(G, S1)` qui renvoie les deux dictionnaires `(d1, d2)` de départ : toutes les
# positions à `False`, sauf les positions sans successeur, qui sont à `True` dans `d2` si J1 doit y jouer
# (elle est dans `S1` : J1 a perdu) et dans `d1` sinon.

# %% tags=["solution"] grade_id="q18_init_attracteurs"
def init_attracteurs(G, S1):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.init_attracteurs
    ### END SOLUTION


# %% tags=["tests"] grade_id="q18_tests" points=1
from awale_ref.sujets.attracteurs.tablettes import G22, S1_22  # le graphe de C = N = 2 et les positions de J1
tester("Q18", init_attracteurs, G22, S1_22)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q18", init_attracteurs)
### END HIDDEN TESTS

# %% [markdown]
# ## Q19 et Q20 — Les deux conditions
#
# Écrivez `cond_1(G, di, x)`, vraie quand **au moins un** successeur de `x` est à `True` dans `di`, et
# `cond_2(G, di, x)`, vraie quand `x` **a des successeurs** et qu'ils sont **tous** à `True` dans `di`
# (`x` est une liste ou un tuple ; les clés de `di` sont des tuples).

# %% tags=["solution"] grade_id="q19_cond_1"
def cond_1(G, di, x):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.cond_1
    ### END SOLUTION


# %% tags=["tests"] grade_id="q19_tests" points=0.5
from awale_ref.sujets.attracteurs.tablettes import G22
tester("Q19", cond_1, G22, {x: len(x) == 1 for x in G22}, [[0, 2], [1, 2]])
tester("Q19", cond_1, G22, {x: len(x) == 1 for x in G22}, [[0, 2], [1, 1], [1, 1]])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q19", cond_1)
### END HIDDEN TESTS

# %% tags=["solution"] grade_id="q20_cond_2"
def cond_2(G, di, x):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.cond_2
    ### END SOLUTION


# %% tags=["tests"] grade_id="q20_tests" points=0.5
from awale_ref.sujets.attracteurs.tablettes import G22
tester("Q20", cond_2, G22, {x: len(x) == 1 for x in G22}, [[0, 2], [1, 2]])
tester("Q20", cond_2, G22, {x: len(x) == 1 for x in G22}, [[0, 4]])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q20", cond_2)
### END HIDDEN TESTS

# %% [markdown]
# ## Q21 — Une itération
#
# Écrivez `attracteurs_it(G, di, Si)` : un parcours de toutes les positions ; une position qui n'est pas
# encore dans `di` y entre si sa condition est vraie (`cond_1` pour une position de `Si`, `cond_2`
# sinon). La fonction **modifie `di` en place** (elle ne renvoie pas de nouveau dictionnaire) et renvoie
# `True` si au moins une position est entrée, `False` sinon.
#
# *Ce qui est accepté* : qu'une position entrée pendant le parcours serve déjà aux positions suivantes du
# même parcours, ou seulement au parcours suivant ; l'ordre du parcours est libre.

# %% tags=["solution"] grade_id="q21_attracteurs_it"
def attracteurs_it(G, di, Si):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.attracteurs_it
    ### END SOLUTION


# %% tags=["tests"] grade_id="q21_tests" points=1.5
from awale_ref.sujets.attracteurs.tablettes import G22, S2_22
# l'attracteur de départ de J2 (Q18) : les deux positions où J1 doit jouer sans le pouvoir ; S2_22 : celles de J2
tester("Q21", attracteurs_it, G22, {x: x in (((0, 1), (1, 3)), ((0, 3), (1, 1))) for x in G22}, S2_22)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q21", attracteurs_it)
### END HIDDEN TESTS

# %% [markdown]
# ## Q22, Q23, Q24 — L'attracteur complet, les deux joueurs, les positions gagnantes
#
# - `attracteurs_Ji(G, di, Si)` répète `attracteurs_it` jusqu'à ce que rien ne change (`di` complété en
#   place, rien à renvoyer) ;
# - `attracteurs(G, C, N)` renvoie `(dA1, dA2)`, les attracteurs complets de J1 et de J2 ;
# - `dico_gagnant_att(G, C, N)` renvoie le dictionnaire des positions gagnantes : une position de J1 est
#   gagnante si elle est dans `dA1`, une position de J2 si elle est dans `dA2`. Il doit être égal à celui
#   de `dico_gagnant`.

# %% tags=["solution"] grade_id="q22_attracteurs_Ji"
def attracteurs_Ji(G, di, Si):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.attracteurs_Ji
    ### END SOLUTION


# %% tags=["tests"] grade_id="q22_tests" points=1
from awale_ref.sujets.attracteurs.tablettes import G22, S1_22, S2_22
# depuis l'attracteur de départ (Q18) : celui de J2 avec ses positions S2_22, puis celui de J1 avec S1_22
tester("Q22", attracteurs_Ji, G22, {x: x in (((0, 1), (1, 3)), ((0, 3), (1, 1))) for x in G22}, S2_22)
tester("Q22", attracteurs_Ji, G22, {x: x in (((0, 4),), ((1, 4),)) for x in G22}, S1_22)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q22", attracteurs_Ji)
### END HIDDEN TESTS

# %% tags=["solution"] grade_id="q23_attracteurs"
def attracteurs(G, C, N):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.attracteurs
    ### END SOLUTION


# %% tags=["tests"] grade_id="q23_tests" points=0.5
from awale_ref.sujets.attracteurs.tablettes import G22
tester("Q23", attracteurs, G22, 2, 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q23", attracteurs)
### END HIDDEN TESTS

# %% tags=["solution"] grade_id="q24_dico_gagnant_att"
def dico_gagnant_att(G, C, N):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.dico_gagnant_att
    ### END SOLUTION


# %% tags=["tests"] grade_id="q24_tests" points=1
from awale_ref.sujets.attracteurs.tablettes import G22
tester("Q24", dico_gagnant_att, G22, 2, 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q24", dico_gagnant_att)
### END HIDDEN TESTS

# %% [markdown]
# # Partie 5 — La stratégie optimale
#
# ## Q25 — Le meilleur coup
#
# Écrivez `strategie_opt(G, dg, x)` (`dg` : le dictionnaire des positions gagnantes) qui renvoie le coup à
# jouer depuis `x` : un successeur **non gagnant** (l'adversaire y perdra), **tiré au hasard** parmi eux
# s'il y en a plusieurs ; si tous les successeurs sont gagnants, n'importe lequel, au hasard ; `[]` si `x`
# n'a pas de successeur. (`from random import randint` ou `random.choice`.)

# %% tags=["solution"] grade_id="q25_strategie_opt"
def strategie_opt(G, dg, x):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.strategie_opt
    ### END SOLUTION


# %% tags=["tests"] grade_id="q25_tests" points=1
from awale_ref.sujets.attracteurs.tablettes import G22, DG22  # le graphe et ses positions gagnantes
tester("Q25", strategie_opt, G22, DG22, [[0, 1], [0, 1], [1, 1], [1, 1]])
tester("Q25", strategie_opt, G22, DG22, [[0, 1], [0, 2], [1, 1]])
tester("Q25", strategie_opt, G22, DG22, [[0, 4]])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q25", strategie_opt)
### END HIDDEN TESTS

# %% [markdown]
# ## Q26 — Une stratégie pour chaque position
#
# Écrivez `strategies_opt(G, dg)` qui renvoie le dictionnaire `{position: strategie_opt(G, dg, position)}`
# pour toutes les clés de `G`.

# %% tags=["solution"] grade_id="q26_strategies_opt"
def strategies_opt(G, dg):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.strategies_opt
    ### END SOLUTION


# %% tags=["tests"] grade_id="q26_tests" points=0.5
from awale_ref.sujets.attracteurs.tablettes import G22, DG22
tester("Q26", strategies_opt, G22, DG22)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q26", strategies_opt)
### END HIDDEN TESTS

# %% [markdown]
# ## Q27 — Simuler une partie
#
# Écrivez `jeu(C, N)` qui :
#
# 1. affiche sur la première ligne le joueur qui a une position gagnante au départ
#    (`Le joueur 1 dispose d'une position gagnante` ou `Le joueur 2 …`) ;
# 2. affiche la position de départ, puis, à chaque coup, **une ligne** avec le joueur et la nouvelle
#    position (par exemple `Joueur 1 joue : [[0, 2], [1, 1], [1, 1]]`), les deux joueurs suivant
#    `strategies_opt`, jusqu'à une position sans successeur ;
# 3. affiche qui a perdu.
#
# La correction lit seulement l'annonce et les positions (la liste écrite après le dernier « : » de chaque
# ligne) : la partie doit partir de `init(C, N)`, chaque position suivre la précédente par un coup permis,
# la dernière n'avoir plus de successeur, et le joueur annoncé doit gagner.

# %% tags=["solution"] grade_id="q27_jeu"
def jeu(C, N):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.jeu
    ### END SOLUTION


# %% tags=["tests"] grade_id="q27_tests" points=1
tester("Q27", jeu, 2, 2)
tester("Q27", jeu, 2, 3)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q27", jeu)
### END HIDDEN TESTS

# %% [markdown]
# ## Q28 — Qui gagne ?
#
# Lancez `jeu(C, N)` plusieurs fois pour chacun des trois jeux `(C, N)` de `jeux_q28` ci-dessous. Rangez
# dans `Q28_gagnants` le joueur qui gagne chaque fois, `{(C, N): …}` pour chacun de vos trois jeux, et
# expliquez dans la justification pourquoi c'est toujours le même malgré le hasard. Dans l'énoncé, les
# trois jeux sont `(3, 3)`, `(2, 3)` et `(3, 2)` ; chacun a les siens.

# %% tags=["readonly"] grade_id="code_jeux_q28"
# Vos données (ne pas modifier) : les trois jeux (C, N) de la question 28 de votre variante.
from awale_ref.sujets.attracteurs import autre_variante, variante

jeux_q28 = variante("jeux_q28")
print("Vos jeux :", jeux_q28)

# %% tags=["solution"] grade_id="q28_reponse"
### BEGIN SOLUTION
# (la réponse pour les jeux de l'énoncé)
Q28_gagnants = {(3, 3): 1, (2, 3): 2, (3, 2): 2}
### END SOLUTION

# %% tags=["tests"] grade_id="q28_tests" points=0.5
tester("Q28_gagnants", Q28_gagnants)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q28_gagnants", Q28_gagnants)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q28_justification" points=0.5
# Le joueur qui a une position gagnante choisit toujours un successeur non gagnant : l'adversaire reçoit
# une position perdante, dont tous les successeurs sont gagnants, et lui rend donc une position
# gagnante. Le hasard ne choisit qu'entre de bons coups (ou, pour le perdant, entre des coups tous
# mauvais) : la partie change, pas son gagnant, jusqu'à ce que le perdant reçoive une position sans
# successeur.

# %% [markdown]
# # Partie 6 — Min-max et heuristique
#
# Quand le graphe est trop grand, on ne regarde que `p` coups en avance et on estime les positions
# atteintes avec une **heuristique**. Ici elle est très simple : on ne sait rien tant que la partie
# continue.
#
# ## Q29 — L'heuristique
#
# Écrivez `h(x, bool)` : `bool` vaut `True` si c'est au joueur (celui dont on calcule la valeur) de jouer
# sur `x`, `False` si c'est à son adversaire. Si `x` n'a pas de successeur, `h` vaut `-1` quand le joueur
# doit jouer (il a perdu) et `1` sinon ; si la partie continue, `h` vaut `0`.

# %% tags=["solution"] grade_id="q29_h"
def h(x, bool):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.h
    ### END SOLUTION


# %% tags=["tests"] grade_id="q29_tests" points=0.5
tester("Q29", h, [[0, 1], [0, 1], [1, 1], [1, 1]], True)
tester("Q29", h, [[0, 4]], True)
tester("Q29", h, [[0, 1], [1, 3]], False)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q29", h)
### END HIDDEN TESTS

# %% [markdown]
# ## Q30 — Min-max à profondeur `p`
#
# Écrivez la fonction récursive `min_max(x, p, bool)` : à la profondeur `0` ou sur une position sans
# successeur, elle vaut `h(x, bool)` ; sinon, c'est le **maximum** des `min_max(c, p - 1, False)` sur les
# successeurs `c` si `bool` vaut `True` (le joueur choisit son meilleur coup), le **minimum** des
# `min_max(c, p - 1, True)` sinon (l'adversaire choisit le pire pour lui).
#
# *Q31 (reconstruite)* : vérifiez que `min_max(init(C, N), C * N, True)` vaut `1` exactement quand
# `dico_gagnant_opt` dit la position de départ gagnante.

# %% tags=["solution"] grade_id="q30_min_max"
def min_max(x, p, bool):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.min_max
    ### END SOLUTION


# %% tags=["tests"] grade_id="q30_tests" points=1.5
tester("Q30", min_max, [[0, 1], [0, 1], [1, 1], [1, 1]], 4, True)
tester("Q30", min_max, [[0, 1], [0, 1], [1, 1], [1, 1]], 1, True)
tester("Q30", min_max, [[0, 1], [0, 1], [1, 2]], 3, False)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q30", min_max)
### END HIDDEN TESTS

# %% [markdown]
# ## Q32 — Min-max avec mémoïsation, et le tableau des gagnants
#
# Écrivez `min_max_opt(x, p, bool)` qui renvoie la même valeur que `min_max` en évaluant **chaque position
# rencontrée une seule fois** (par exemple avec une fonction récursive intérieure), dans un dictionnaire
# **neuf à chaque appel** de `min_max_opt`. *Pourquoi la clé `Tuple(x)` suffit-elle, sans `p` ni `bool` ?* Chaque coup
# retire une pile : dans un même appel, le nombre de piles de `x` fixe la profondeur restante et le
# joueur. La correction compte les appels de `coups` : au plus deux par position différente.
#
# Puis remplissez `Q32_tableau` : `{(C, N): True si J1 a une position gagnante au départ}` pour `C` et
# `N` de 1 à 4 (au moins tous les couples avec `C * N <= 9` ; `C = N = 4` demande une vingtaine de
# secondes).

# %% tags=["solution"] grade_id="q32_min_max_opt"
def min_max_opt(x, p, bool):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.min_max_opt
    ### END SOLUTION


# %% tags=["tests"] grade_id="q32_tests" points=1.5
tester("Q32", min_max_opt, [[0, 1], [0, 1], [1, 1], [1, 1]], 4, True)
tester("Q32", min_max_opt, [[0, 1], [0, 1], [0, 1], [1, 1], [1, 1], [1, 1]], 6, True)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q32", min_max_opt)
### END HIDDEN TESTS

# %% tags=["solution"] grade_id="q32_reponse"
Q32_tableau = {}
### BEGIN SOLUTION
for C in range(1, 5):
    for N in range(1, 5):
        if C * N <= 9:
            depart = [[c, 1] for c in range(C) for _ in range(N)]  # init(C, N)
            Q32_tableau[(C, N)] = min_max_opt(depart, C * N, True) == 1
### END SOLUTION

# %% tags=["tests"] grade_id="q32_tableau_tests" points=1
tester("Q32_tableau", Q32_tableau)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q32_tableau", Q32_tableau)
### END HIDDEN TESTS

# %% tags=["readonly"] grade_id="dessin_tableau"
dessiner_tableau(Q32_tableau)

# %% [markdown]
# ## Q33 — Un des maximums, au hasard
#
# Écrivez `choix_ind_max(L)` qui renvoie l'indice d'un maximum de la liste `L` (non vide), **tiré au
# hasard** parmi les indices de tous les maximums. `L` ne doit pas être modifiée.

# %% tags=["solution"] grade_id="q33_choix_ind_max"
def choix_ind_max(L):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.choix_ind_max
    ### END SOLUTION


# %% tags=["tests"] grade_id="q33_tests" points=1
tester("Q33", choix_ind_max, [0, 1, -1, 1])
tester("Q33", choix_ind_max, [5])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q33", choix_ind_max)
### END HIDDEN TESTS

# %% [markdown]
# ## Q34 — Choisir un coup en regardant `p` coups en avance
#
# Écrivez `strategie_h(x, p)` : `[]` si `x` n'a pas de successeur ; si `p` vaut `0`, un successeur au
# hasard ; sinon un successeur `c` dont la valeur `min_max(c, p - 1, False)` est la plus grande (`False` :
# sur `c`, c'est à l'adversaire de jouer), tiré au hasard parmi les meilleurs avec `choix_ind_max`.

# %% tags=["solution"] grade_id="q34_strategie_h"
def strategie_h(x, p):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.strategie_h
    ### END SOLUTION


# %% tags=["tests"] grade_id="q34_tests" points=1
tester("Q34", strategie_h, [[0, 1], [0, 1], [1, 1], [1, 1]], 3)
tester("Q34", strategie_h, [[0, 1], [0, 1], [1, 1], [1, 1]], 0)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q34", strategie_h)
### END HIDDEN TESTS

# %% [markdown]
# ## Q35 — Une partie entre deux IA de profondeur `p`
#
# Écrivez `jeu_h(C, N, p)` qui affiche une partie où les deux joueurs choisissent avec
# `strategie_h(x, p)` : la position de départ, puis une ligne par coup (le joueur et la nouvelle position,
# comme dans `jeu`), jusqu'à une position sans successeur, et qui a perdu.

# %% tags=["solution"] grade_id="q35_jeu_h"
def jeu_h(C, N, p):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.jeu_h
    ### END SOLUTION


# %% tags=["tests"] grade_id="q35_tests" points=1
tester("Q35", jeu_h, 2, 2, 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q35", jeu_h)
### END HIDDEN TESTS

# %% [markdown]
# ## Q36 — Observer
#
# Lancez `jeu_h` plusieurs fois pour `(2, 3)` et `(3, 2)` avec `p = 0, 1, 2`, puis `p = C * N`.
# Qui gagne ? Expliquez dans la justification ce que vous observez et pourquoi.

# %% [markdown] tags=["manual"] grade_id="q36_justification" points=1
# Tant que la partie continue, `h` vaut 0 : à faible profondeur, `min_max` ne distingue que les coups
# qui finissent la partie dans les `p` coups ; les autres sont à égalité et `choix_ind_max` tire au
# hasard. Le gagnant varie donc d'une partie à l'autre, même quand un joueur a une position gagnante.
# Quand `p` atteint le nombre de coups restants, `min_max` voit toutes les fins de partie : il est exact
# (c'est `dico_gagnant` calculé autrement) et le joueur qui a une position gagnante au départ gagne
# toujours (J2 pour `(2, 3)` et `(3, 2)`).
