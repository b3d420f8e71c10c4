# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Le plateau d'awalé
#
# Vous jouez Alice : cliquez sur une case de votre rangée (en bas). Bob est joué par l'IA
# (le moteur rapide, qui choisit la même case que `NegaAwale`). Le plateau tourne après chaque
# coup, comme `jeu['plateau']` dans le programme de l'énoncé : le joueur qui doit jouer est
# toujours en bas.
#
# Le menu « Adversaire » change de mode (deux humains, IA contre IA), le curseur « Profondeur »
# règle la profondeur de recherche de l'IA (1 à 8), « Pause » la vitesse de l'animation.

# %%
from awale_ref.widget import Plateau

plateau = Plateau("Alice", "Bob", adversaire="joueur2", profondeur=3, vitesse=0.1, indices=True)
plateau
