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
# # Jeux à deux joueurs — 1. Le jeu des tablettes et son graphe (Q1 à Q15)
#
# Ce TP étudie un petit jeu à deux joueurs **sans hasard ni match nul**, puis le programme de CPGE sur les
# *jeux d'accessibilité* : graphe du jeu, positions gagnantes, attracteurs, stratégie gagnante. C'est la
# suite naturelle de l'IA negamax de l'awalé : ici le jeu est assez petit pour être **résolu exactement**.
#
# **Le jeu.** On dispose de `C` couleurs et de `N` tablettes de chaque couleur, toutes de hauteur 1 au
# départ, posées côte à côte. Chacun son tour, un joueur prend deux piles et pose l'une sur l'autre, à
# condition qu'elles aient **la même couleur** (celle de la tablette du dessus) **ou la même hauteur**.
# La nouvelle pile prend la couleur de la pile posée dessus et la somme des deux hauteurs. Le joueur qui
# **ne peut plus jouer a perdu**. J1 commence.
#
# **En Python.** Une pile est une liste `[couleur, hauteur]` (les couleurs sont numérotées 0, 1, …,
# `C - 1`) ; une *position* du jeu est la liste de ses piles, **triée** (`x.sort()`), pour qu'une même
# position s'écrive toujours de la même façon. Chaque coup remplace deux piles par une : une partie dure
# au plus `C*N - 1` coups.
#
# Ce premier carnet construit le jeu (partie 1), son graphe (partie 2) et cherche les positions gagnantes
# (partie 3). Le second, `attracteurs_strategies`, calcule les attracteurs et les stratégies.
#
# **Comment travailler.**
#
# - Exécutez les cellules dans l'ordre (Maj + Entrée). Gardez le nom et les paramètres de chaque
#   fonction : remplacez seulement `raise NotImplementedError()` par votre code.
# - La cellule de tests qui suit chaque question rejoue les exemples de l'énoncé ; à la correction, elle
#   lance aussi des **tests cachés** sur des centaines de positions et des graphes jusqu'à 728 positions.
# - **Ce qui est libre est accepté.** L'ordre des positions renvoyées par `empile` et `coups`, l'ordre
#   des successeurs dans le graphe et l'ordre des clés ne comptent pas : on compare des ensembles, et un
#   graphe comme un graphe.
# - Chaque question est notée **seule** : si votre fonction en appelle une autre, c'est la version de
#   référence de l'autre qui est utilisée à la correction.
# - Les cellules « Justification » sont corrigées à la main par l'enseignant ; en autonomie, comparez
#   avec les éléments de réponse repliés sous la cellule.

# %% [markdown] tags=["bareme"]
# (barème généré)

# %% tags=["readonly"] grade_id="imports"
# Outils (ne pas modifier) : les tests, et le dessin des graphes.
from awale_ref.sujets.attracteurs import tester
from awale_ref.sujets.attracteurs.dessins import dessiner_graphe, dessiner_gagnantes

# %% [markdown]
# # Partie 1 — Les positions et les coups
#
# ## Q1 — Deux positions
#
# Prenons `N = 2` tablettes par couleur, rouge (couleur 0) et noire (couleur 1). Écrivez dans
# `Q1_situations` le couple `(x1, x2)` des deux positions suivantes :
#
# - situation 1 : le début de la partie, les quatre tablettes posées côte à côte ;
# - situation 2 : la position obtenue quand J1 a posé une tablette rouge sur l'autre.

# %% tags=["solution"] grade_id="q1_reponse"
### BEGIN SOLUTION
Q1_situations = ([[0, 1], [0, 1], [1, 1], [1, 1]], [[0, 2], [1, 1], [1, 1]])
### END SOLUTION

# %% tags=["tests"] grade_id="q1_tests" points=0.5
tester("Q1_situations", Q1_situations)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q1_situations", Q1_situations)
### END HIDDEN TESTS

# %% [markdown]
# ## Q2 — Empiler deux piles
#
# Écrivez `empile(x, i, j)` : `x` est une position, `i < j` les indices de deux de ses piles. La fonction
# renvoie la **liste des positions** que l'on obtient en empilant ces deux piles (chacune triée) :
#
# - si les deux piles ont la même couleur, il y a une seule position possible ;
# - si elles ont des couleurs différentes mais la même hauteur, il y en a **deux** : la pile du dessus
#   peut être l'une ou l'autre, et c'est elle qui donne sa couleur ;
# - sinon on ne peut pas les empiler : la fonction renvoie `[]`.
#
# La position `x` ne doit **pas** être modifiée (elle servira encore : construisez de nouvelles listes,
# par exemple avec des tranches `x[:i]`). *Remarque : le corrigé distribué avec l'énoncé ajoute la
# seconde position dès que les couleurs diffèrent ; c'est une erreur, suivez la règle du jeu.*

# %% tags=["solution"] grade_id="q2_empile"
def empile(x, i, j):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.empile
    ### END SOLUTION


# %% tags=["tests"] grade_id="q2_tests" points=1.5
tester("Q2", empile, [[0, 2], [0, 3], [1, 1], [1, 2]], 0, 1)
tester("Q2", empile, [[0, 2], [0, 3], [1, 1], [1, 2]], 0, 3)
tester("Q2", empile, [[0, 2], [0, 3], [1, 1], [1, 2]], 1, 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q2", empile)
### END HIDDEN TESTS

# %% [markdown]
# ## Q3 — Tous les coups
#
# Écrivez `coups(x)` qui renvoie la liste de **toutes** les positions atteignables depuis `x` en un coup,
# chacune **une seule fois** (deux empilements différents peuvent donner la même position : ne la
# gardez qu'une fois). Parcourez tous les couples d'indices `i < j` et utilisez `empile`.

# %% tags=["solution"] grade_id="q3_coups"
def coups(x):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.coups
    ### END SOLUTION


# %% tags=["tests"] grade_id="q3_tests" points=1
from awale_ref.sujets.attracteurs.tablettes import x_exemple, x_situation_1  # les positions de l'énoncé
tester("Q3", coups, x_exemple)
tester("Q3", coups, x_situation_1)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q3", coups)
### END HIDDEN TESTS

# %% [markdown]
# # Partie 2 — Le graphe du jeu
#
# ## Q4 — La position de départ
#
# Écrivez `init(C, N)` qui renvoie la position de départ : `N` piles `[c, 1]` pour chaque couleur `c`,
# la liste triée. Par exemple `init(2, 2)` vaut `[[0, 1], [0, 1], [1, 1], [1, 1]]`.

# %% tags=["solution"] grade_id="q4_init"
def init(C, N):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.init
    ### END SOLUTION


# %% tags=["tests"] grade_id="q4_tests" points=0.5
tester("Q4", init, 3, 4)
tester("Q4", init, 2, 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q4", init)
### END HIDDEN TESTS

# %% [markdown]
# ## Q5 — Une position comme clé de dictionnaire
#
# Le graphe sera un dictionnaire dont les clés sont les positions. Une liste ne peut pas être une clé
# (elle est modifiable) : on la transforme en **tuple**, et chaque pile aussi. Écrivez la fonction
# **récursive** `Tuple(L)` qui transforme une liste de listes, à toute profondeur, en tuple de tuples :
# `Tuple([[0, 1], [1, 2]])` vaut `((0, 1), (1, 2))`, `Tuple([])` vaut `()`.
#
# La correction vérifie que `Tuple` s'appelle bien elle-même sur les listes qu'elle contient (à
# l'exécution).

# %% tags=["solution"] grade_id="q5_tuple"
def Tuple(L):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.Tuple
    ### END SOLUTION


# %% tags=["tests"] grade_id="q5_tests" points=1
tester("Q5", Tuple, [[0, 1], [0, 1], [1, 2]])
tester("Q5", Tuple, [])
tester("Q5", Tuple, [[[1, 2], [3]], [4]])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q5", Tuple)
### END HIDDEN TESTS

# %% [markdown]
# ## Q6 — Le graphe, par un parcours en largeur
#
# Écrivez `graphe(C, N)` qui renvoie le graphe du jeu : un dictionnaire dont chaque clé est
# `Tuple(x)` pour une position `x` atteignable depuis `init(C, N)`, et la valeur associée `coups(x)`,
# la liste (de listes) de ses successeurs. Faites un **parcours en largeur** avec une file
# (`from collections import deque`, `file.append(...)`, `file.popleft()`), en partant de `init(C, N)`.
#
# Attention aux positions déjà rencontrées : une position peut être atteinte par plusieurs chemins. Ne
# la remettez pas dans la file si elle y est déjà passée (sinon le résultat est juste, mais le calcul
# devient très long dès `C = 3`). La correction compte les positions qui sortent de la file (les appels
# de `coups`) : chaque position du graphe doit en sortir une seule fois.

# %% tags=["solution"] grade_id="q6_graphe"
def graphe(C, N):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.graphe
    ### END SOLUTION


# %% tags=["tests"] grade_id="q6_tests" points=1.5
tester("Q6", graphe, 2, 2)
tester("Q6", graphe, 1, 3)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q6", graphe)
### END HIDDEN TESTS

# %% [markdown]
# Le graphe de `C = N = 2`, dessiné avec votre fonction : J1 joue sur les ronds, J2 sur les carrés ;
# chaque niveau est un coup de plus.

# %% tags=["readonly"] grade_id="dessin_g22"
try:
    display(dessiner_graphe(graphe(2, 2), 2, 2))
except NotImplementedError:  # Q6 pas encore écrite : le graphe de l'énoncé
    from awale_ref.sujets.attracteurs.tablettes import G22
    display(dessiner_graphe(G22, 2, 2))

# %% [markdown]
# ## Q7 — Que comptent N1 et N2 ?
#
# Sans les exécuter, dites ce que comptent ces deux expressions, en un mot chacune, dans `Q7_N1_N2`
# (`{"N1": "...", "N2": "..."}`) :
#
# ```python
# N1 = len(G)
# N2 = sum([len(G[x]) for x in G])
# ```

# %% tags=["solution"] grade_id="q7_reponse"
### BEGIN SOLUTION
Q7_N1_N2 = {"N1": "sommets", "N2": "arêtes"}
### END SOLUTION

# %% tags=["tests"] grade_id="q7_tests" points=0.5
tester("Q7_N1_N2", Q7_N1_N2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q7_N1_N2", Q7_N1_N2)
### END HIDDEN TESTS

# %% [markdown]
# ## Q8 — La taille du graphe
#
# Mesurez, pour `C` de 1 à 3 et `N` de 1 à 4, puis pour `C = 4` et `N` de 1 à 2, le nombre de sommets,
# le nombre d'arêtes et le temps de calcul de `graphe(C, N)` (`from time import perf_counter`). Rangez
# les deux nombres dans `Q8_tableau` : `{(C, N): (sommets, arêtes)}` (le temps n'est pas noté : il dépend
# de la machine). `C = 3, N = 4` demande environ une seconde si votre parcours ne repasse pas deux fois
# par la même position.

# %% tags=["solution"] grade_id="q8_reponse"
from time import perf_counter
Q8_tableau = {}
### BEGIN SOLUTION
for C in range(1, 5):
    for N in range(1, 5):
        if C < 4 or N <= 2:
            debut = perf_counter()
            G = graphe(C, N)
            duree = perf_counter() - debut
            Q8_tableau[(C, N)] = (len(G), sum(len(G[x]) for x in G))
            print(f"C = {C}, N = {N} : {len(G)} sommets, {Q8_tableau[(C, N)][1]} arêtes, {duree:.2g} s")
### END SOLUTION

# %% tags=["tests"] grade_id="q8_tests" points=1
tester("Q8_tableau", Q8_tableau)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q8_tableau", Q8_tableau)
### END HIDDEN TESTS

# %% [markdown]
# ## Q9 — Les positions de chaque joueur
#
# J1 joue en premier, depuis `C*N` piles, et chaque coup retire une pile : le nombre de piles dit qui doit
# jouer. Écrivez `sommets_12(G, C, N)` qui renvoie le couple `(S1, S2)` de deux **tuples** : les clés de
# `G` où J1 doit jouer, puis celles où J2 doit jouer (dans l'ordre que vous voulez).

# %% tags=["solution"] grade_id="q9_sommets_12"
def sommets_12(G, C, N):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.sommets_12
    ### END SOLUTION


# %% tags=["tests"] grade_id="q9_tests" points=1
from awale_ref.sujets.attracteurs.tablettes import G22  # le graphe de C = N = 2
tester("Q9", sommets_12, G22, 2, 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q9", sommets_12)
### END HIDDEN TESTS

# %% [markdown]
# ## Q10 — S1 et S2 pour C = N = 2
#
# Calculez `Q10_S1_S2 = sommets_12(graphe(2, 2), 2, 2)` avec vos fonctions et vérifiez sur le dessin : J1 joue
# sur les positions à 4 et à 2 piles.

# %% tags=["solution"] grade_id="q10_reponse"
### BEGIN SOLUTION
Q10_S1_S2 = sommets_12(graphe(2, 2), 2, 2)
### END SOLUTION

# %% tags=["tests"] grade_id="q10_tests" points=0.5
tester("Q10_S1_S2", Q10_S1_S2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q10_S1_S2", Q10_S1_S2)
### END HIDDEN TESTS

# %% [markdown]
# ## Q11 — Une partie
#
# Pour `C = N = 2`, jouez une partie en prenant à chaque coup le **premier** successeur de la liste
# `G[Tuple(x)]` du graphe `G = graphe(2, 2)`, jusqu'à une position sans successeur. Rangez dans
# `Q11_partie` un dictionnaire `{"partie": [x0, x1, ...], "gagnant": 1 ou 2}` : la liste des positions,
# de `init(2, 2)` à la dernière, et le joueur qui gagne. (L'ordre de vos successeurs peut différer de
# celui d'un camarade : toute partie permise, jouée jusqu'au bout, avec son vrai gagnant, est juste.)

# %% tags=["solution"] grade_id="q11_reponse"
### BEGIN SOLUTION
G = graphe(2, 2)
x = init(2, 2)
partie = [x]
while len(G[Tuple(x)]) > 0:
    x = G[Tuple(x)][0]
    partie.append(x)
Q11_partie = {"partie": partie, "gagnant": 1 if len(partie) % 2 == 0 else 2}
print(Q11_partie)
### END SOLUTION

# %% tags=["tests"] grade_id="q11_tests" points=0.5
tester("Q11_partie", Q11_partie)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q11_partie", Q11_partie)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q11_justification" points=0.5
# Chaque coup retire une pile : depuis 4 piles, la partie s'arrête au plus tard à 1 pile. Si `k` coups
# ont été joués, J1 a joué les coups 1, 3, 5… : si `k` est impair, c'est J2 qui doit jouer sur la
# dernière position et ne peut pas, donc J1 gagne. Avec l'ordre de la référence, la partie est
# `[[0, 1], [0, 1], [1, 1], [1, 1]] → [[0, 2], [1, 1], [1, 1]] → [[0, 2], [1, 2]] → [[0, 4]]` : trois coups,
# J1 gagne.

# %% [markdown]
# # Partie 3 — Les positions gagnantes
#
# ## Q12 — Sur le dessin *(figure reconstruite)*
#
# Une position est **gagnante** quand le joueur qui doit y jouer peut gagner quoi que fasse l'autre :
#
# - une position **sans successeur** n'est pas gagnante (le joueur ne peut plus jouer : il a perdu) ;
# - une position est gagnante si **au moins un** de ses successeurs n'est pas gagnant (on y envoie
#   l'adversaire) ;
# - sinon (tous ses successeurs sont gagnants) elle n'est pas gagnante.
#
# Sur le graphe de `C = N = 2` dessiné plus haut, trouvez à la main les positions gagnantes, en partant
# du bas. Vous vérifierez avec la Q14.
#
# ## Q13 — Une position est-elle gagnante ?
#
# Écrivez la fonction **récursive** `est_gagnante(G, x)` qui renvoie `True` si la position `x` (une
# liste ou un tuple) est gagnante pour le joueur qui doit y jouer, `False` sinon. Arrêtez-vous dès qu'un
# successeur non gagnant est trouvé.

# %% tags=["solution"] grade_id="q13_est_gagnante"
def est_gagnante(G, x):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.est_gagnante
    ### END SOLUTION


# %% tags=["tests"] grade_id="q13_tests" points=1.5
from awale_ref.sujets.attracteurs.tablettes import G22
tester("Q13", est_gagnante, G22, [[0, 1], [0, 1], [1, 1], [1, 1]])
tester("Q13", est_gagnante, G22, [[0, 1], [0, 1], [1, 2]])
tester("Q13", est_gagnante, G22, ((0, 4),))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q13", est_gagnante)
### END HIDDEN TESTS

# %% [markdown]
# ## Q14 — Le dictionnaire des positions gagnantes
#
# Écrivez `dico_gagnant(G)` qui renvoie le dictionnaire `{position: est_gagnante(G, position)}` pour
# toutes les clés de `G`. Le dessin colore alors chaque position : vert si elle est gagnante pour le
# joueur qui doit y jouer, rouge sinon. J1 a-t-il une position gagnante au départ ?

# %% tags=["solution"] grade_id="q14_dico_gagnant"
def dico_gagnant(G):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.dico_gagnant
    ### END SOLUTION


# %% tags=["tests"] grade_id="q14_tests" points=0.5
from awale_ref.sujets.attracteurs.tablettes import G22
tester("Q14", dico_gagnant, G22)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q14", dico_gagnant)
### END HIDDEN TESTS

# %% tags=["readonly"] grade_id="dessin_gagnantes"
try:
    G = graphe(2, 2)
    display(dessiner_gagnantes(G, 2, 2, dico_gagnant(G)))
except NotImplementedError:
    print("Écrivez dico_gagnant (Q14) pour colorer le graphe.")

# %% [markdown]
# ## Q15 — Ne pas refaire ce qu'on sait déjà : la mémoïsation
#
# `dico_gagnant` étudie de nombreuses fois les mêmes positions : une position atteinte par plusieurs
# chemins est recalculée à chaque fois. Écrivez `dico_gagnant_opt(G)` qui renvoie le même dictionnaire en
# étudiant **chaque position une seule fois** : par exemple, une fonction récursive auxiliaire (à vous de
# la nommer, définie dans `dico_gagnant_opt` ou à côté) commence par regarder si la position est déjà dans le
# dictionnaire en construction, et y range son résultat avant de le renvoyer. Utilisez `Tuple` pour
# les clés.
#
# La correction ne mesure pas le temps : elle **compte les appels** de vos fonctions, qui ne doivent pas
# dépasser le nombre de sommets plus deux fois le nombre d'arêtes. Comparez ensuite les temps de
# `dico_gagnant` et de `dico_gagnant_opt` pour `C = 3, N = 3`.

# %% tags=["solution"] grade_id="q15_dico_gagnant_opt"
def dico_gagnant_opt(G):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.attracteurs.tablettes.dico_gagnant_opt
    ### END SOLUTION


# %% tags=["tests"] grade_id="q15_tests" points=1.5
from awale_ref.sujets.attracteurs.tablettes import G22
tester("Q15", dico_gagnant_opt, G22)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.attracteurs import corriger
corriger("Q15", dico_gagnant_opt)
### END HIDDEN TESTS

# %% [markdown]
# Les deux versions côte à côte (la différence grandit très vite avec `C` et `N`) :

# %% tags=["readonly"] grade_id="mesure_memo"
from time import perf_counter
try:
    G33 = graphe(3, 3)
    for f in (dico_gagnant, dico_gagnant_opt):
        debut = perf_counter()
        f(G33)
        print(f"{f.__name__} : {perf_counter() - debut:.3f} s")
except NotImplementedError as erreur:
    print("Une des fonctions graphe, dico_gagnant, dico_gagnant_opt n'est pas encore écrite.")
