# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Le plateau d'awalé
#
# Vous jouez Alice : cliquez sur une case de votre rangée, celle du bas (cases 0 à 5). Bob est joué
# par l'IA (le moteur rapide, qui choisit la même case que `NegaAwale`). Le plateau ne tourne pas :
# Alice reste en bas et Bob en haut (cases 6 à 11), comme dans l'arbre de la question 18. Les
# messages et le tableau de l'IA nomment chaque case par le numéro écrit sous elle ; quand c'est Bob
# qui joue, son propre numéro (de 0 à 5, celui de `jeu['plateau']` à son tour) est ajouté entre
# parenthèses.
#
# Le menu « Adversaire » change de mode (deux humains, IA contre IA), le curseur « Profondeur »
# règle la profondeur de recherche de l'IA (1 à 8), « Pause » la vitesse de l'animation. Le champ
# « Position » accepte une suite de coups (`egai`) ou un plateau (`[0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]`).
#
# (si le plateau disparaît)

# %%
from awale_ref.widget import Plateau

plateau = Plateau("Alice", "Bob", adversaire="joueur2", profondeur=3, vitesse=0.3)
plateau

# %% [markdown]
# ## Le plateau qui tourne, comme dans le programme
#
# Dans le programme de l'énoncé, `tourner_plateau` échange les deux rangées après chaque coup : le
# joueur qui doit jouer a toujours ses cases en bas, numérotées de 0 à 5. Avec
# `orientation="joueur"`, le plateau ci-dessous se comporte ainsi ; les numéros affichés sont alors
# ceux de `jeu['plateau']` au tour en cours.

# %%
Plateau("Alice", "Bob", orientation="joueur", vitesse=0.3)
