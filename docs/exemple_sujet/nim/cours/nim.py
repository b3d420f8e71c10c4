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
# # Le jeu de Nim (exemple de sujet, Q1 à Q5)
#
# **Le jeu.** `n` allumettes sont posées sur la table. Chacun son tour, un joueur en retire 1, 2 ou 3 ;
# celui qui prend **la dernière allumette gagne**. Une *position* est le nombre d'allumettes qui restent.
# Elle est **gagnante** pour le joueur qui doit jouer s'il a un coup qui laisse à l'autre une position
# perdante ; avec 0 allumette, le joueur qui doit jouer a perdu (l'autre vient de prendre la dernière).
#
# Exécutez les cellules dans l'ordre ; remplacez seulement `raise NotImplementedError()` par votre code.
# La cellule de tests qui suit chaque question rejoue un exemple ; à la correction, des tests cachés
# essaient bien d'autres nombres d'allumettes.

# %% [markdown] tags=["bareme"]
# (barème généré)

# %% tags=["readonly"] grade_id="imports"
# Outils (ne pas modifier) : les tests.
from awale_ref.sujets.nim import tester

# %% [markdown]
# ## Q1 — Les positions perdantes
#
# Jouez quelques parties à la main. Écrivez dans `Q1_perdantes` la liste des positions **perdantes**
# entre 0 et 12 allumettes (l'ordre ne compte pas).

# %% tags=["solution"] grade_id="q1_reponse"
### BEGIN SOLUTION
Q1_perdantes = [0, 4, 8, 12]
### END SOLUTION

# %% tags=["tests"] grade_id="q1_tests" points=1
tester("Q1_perdantes", Q1_perdantes)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.nim import corriger
corriger("Q1_perdantes", Q1_perdantes)
### END HIDDEN TESTS

# %% [markdown]
# ## Q2 — Les coups possibles
#
# Écrivez `coups_possibles(n)` qui renvoie la liste, dans l'ordre croissant, des nombres d'allumettes
# qu'on peut prendre quand il en reste `n` : 1, 2 ou 3, sans en prendre plus qu'il n'y en a.

# %% tags=["solution"] grade_id="q2_coups_possibles"
def coups_possibles(n):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.nim.allumettes.coups_possibles
    ### END SOLUTION


# %% tags=["tests"] grade_id="q2_tests" points=1
tester("Q2", coups_possibles, 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.nim import corriger
corriger("Q2", coups_possibles)
### END HIDDEN TESTS

# %% [markdown]
# ## Q3 — Gagnante ou perdante ?
#
# Écrivez `gagnante(n)`, **récursive**, qui renvoie `True` si la position `n` est gagnante : un des coups
# possibles laisse à l'adversaire une position perdante.

# %% tags=["solution"] grade_id="q3_gagnante"
def gagnante(n):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.nim.allumettes.gagnante
    ### END SOLUTION


# %% tags=["tests"] grade_id="q3_tests" points=2
tester("Q3", gagnante, 5)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.nim import corriger
corriger("Q3", gagnante)
### END HIDDEN TESTS

# %% [markdown]
# ## Q4 — Ne pas recalculer : la mémoïsation
#
# `gagnante(30)` recalcule des millions de fois les mêmes positions. Écrivez `gagnante_memo(n)`, qui
# renvoie la même valeur en calculant **chaque position une seule fois** : gardez les positions déjà
# calculées dans un dictionnaire. La correction compte les appels de fonctions, pas le temps.

# %% tags=["solution"] grade_id="q4_gagnante_memo"
def gagnante_memo(n):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.nim.allumettes.gagnante_memo
    ### END SOLUTION


# %% tags=["tests"] grade_id="q4_tests" points=2
tester("Q4", gagnante_memo, 10)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.nim import corriger
corriger("Q4", gagnante_memo)
### END HIDDEN TESTS

# %% [markdown]
# ## Q5 — Le coup à jouer
#
# Écrivez `coup_gagnant(n)` (`n ≥ 1`) qui renvoie le nombre d'allumettes à prendre : depuis une position
# gagnante, de quoi laisser à l'adversaire une position perdante ; depuis une position perdante, tous
# les coups perdent contre un bon joueur : prenez **une seule** allumette, pour faire durer la partie.

# %% tags=["solution"] grade_id="q5_coup_gagnant"
def coup_gagnant(n):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.nim.allumettes.coup_gagnant
    ### END SOLUTION


# %% tags=["tests"] grade_id="q5_tests" points=2
tester("Q5", coup_gagnant, 10)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.nim import corriger
corriger("Q5", coup_gagnant)
### END HIDDEN TESTS
