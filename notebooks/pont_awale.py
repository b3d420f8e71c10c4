# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Retour à l'awalé : les attracteurs sur les fins de partie (autoformation, non noté)
#
# Le TP calcule, sur le graphe du jeu des tablettes, les positions gagnantes par les **attracteurs** :
# on part des fins de partie perdues, une position entre dans l'ensemble gagnant quand **un** coup
# mène à une position perdante (condition (1), `cond_1`), dans l'ensemble perdant quand elle a des
# coups et que **tous** mènent à une position gagnante (condition (2), `cond_2`), et on recommence
# jusqu'à ce que rien ne change.
#
# On fait ici le même calcul sur l'awalé de l'épreuve CCINP, pour toutes les positions qui n'ont plus
# que *k* graines sur le plateau. Deux différences avec les tablettes :
#
# - le graphe a des **cycles** (les graines tournent sans être ramassées) : les attracteurs se
#   calculent de la même façon, et une position qui n'entre dans aucun des deux ensembles est
#   **nulle** (aucun des deux joueurs ne peut forcer le gain : fin à égalité, ou partie sans fin) ;
# - le résultat dépend aussi des scores : une position est un plateau vu par le joueur qui doit jouer
#   (cases 0 à 5 les siennes, comme `jeu['plateau']`) et `e`, son score moins celui de l'adversaire.
#
# Les règles sont celles de l'épreuve (coups, prises, famine, fin à 3 graines ou moins ou sans coup
# possible, chaque camp à son propriétaire à la fin), sauf la limite des 100 coups, qu'on suppose loin
# (voir `awale_exact` pour la règle des 25 graines, qui ne change jamais le résultat).

# %%
import collections
import time

from awale_ref import awale_exact as ax
from awale_ref import engine
from awale_ref.sujets.attracteurs.pont_awale import valeurs_par_le_tp

# %% [markdown]
# ## 1. Les valeurs exactes
#
# Choisissez *k* : le calcul passe par couches (une prise enlève des graines, donc les positions à
# moins de graines sont connues d'abord). Mesuré sur une machine de développement (un cœur) :
# *k* = 7 en 1,3 s (375 972 positions), *k* = 8 en 4 s (1 056 210 positions), *k* = 9 en 12 s
# (2 735 810 positions, 0,7 Go de mémoire).

# %%
k = 8
debut = time.perf_counter()
finales = ax.Finales(k)
print(f"k = {k} : {len(finales.valeurs)} positions en {time.perf_counter() - debut:.1f} s")
noms = {ax.GAGNE: "gagnée", ax.NULLE: "nulle", ax.PERDU: "perdue"}
for b in range(4, k + 1):
    compte = collections.Counter(v for (p, e), v in finales.valeurs.items() if sum(p) == b)
    print(f"{b} graines : " + ", ".join(f"{noms[v]} {compte[v]}" for v in (ax.GAGNE, ax.NULLE, ax.PERDU)))

# %% [markdown]
# **Vérification avec les fonctions du TP.** Sur les petites couches, le même calcul écrit avec
# `cond_1` et `cond_2` du TP (des parcours complets jusqu'à ce que rien ne change, comme
# `attracteurs_Ji`) donne les mêmes valeurs — en beaucoup plus de temps : la liste de travail ne
# regarde chaque position et chaque coup qu'une fois.

# %%
debut = time.perf_counter()
par_le_tp = valeurs_par_le_tp(5)
print(f"{len(par_le_tp)} positions en {time.perf_counter() - debut:.1f} s ; mêmes valeurs :",
      all(finales.valeurs[x] == v for x, v in par_le_tp.items()))

# %% [markdown]
# ## 2. `NegaAwale` à profondeur 6 contre les valeurs exactes
#
# Pour des positions ouvertes de chaque couche, on regarde la case que choisit `NegaAwale(jeu, 6, 0)`
# (calculée par le moteur rapide du cours, qui donne exactement la même case que la fonction de
# l'épreuve) et la valeur exacte de la partie après ce coup. Un **coup perdant** fait perdre une
# position gagnée ou nulle ; un **gain perdu** fait d'une position gagnée une position nulle.
#
# `NegaAwale` compte les graines ramassées et ne voit la fin de la partie que si elle arrive dans
# les 6 coups : au-delà, une position où l'on a ramassé plus lui semble meilleure, même si elle est
# perdue.

# %%
for b in range(4, k + 1):
    total = len(ax.plateaux(b)) * (b + 1)
    r = ax.erreurs_de_negaawale(finales, 6, b, limite=300, pas=max(1, total // 300))
    print(f"{b} graines : {r['positions']} positions, {len(r['coup perdant'])} coups perdants, "
          f"{len(r['gain perdu'])} gains perdus ({r['duree']:.1f} s)")

# %% [markdown]
# Une position où la profondeur 6 joue un coup perdant alors qu'elle a un coup gagnant :

# %%
r = ax.erreurs_de_negaawale(finales, 6, 6)
pires = [c for c in r["coup perdant"] if c[3] == ax.GAGNE]
plateau, e, case, exacte, apres = pires[0]
pos = ax.position_du_moteur(plateau, e)
print("plateau (joueur qui doit jouer en bas, cases 0 à 5) :")
print("  ", list(plateau[11:5:-1]))
print("  ", list(plateau[:6]), f"  écart de score e = {e}")
print("valeur exacte :", noms[exacte])
print("NegaAwale(jeu, 6, 0) joue la case", case, "→ partie", noms[apres])
print("valeurs exactes de chaque case :", {c: noms[v] for c, v in finales.valeurs_des_coups(plateau, e).items()})
print("valeurs de NegaAwale à profondeur 6 :", dict(engine.move_values(pos, 6)))

# %% [markdown]
# **À vous.** Augmentez la profondeur (8, 10…) : combien de coups perdants restent ? Pourquoi
# `NegaAwale` ne peut-il pas se tromper sur une position où la partie finit en moins de 6 coups ?
