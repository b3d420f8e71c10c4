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
# # Partie I — Les règles de l'awalé (Q1 à Q3)
#
# Avant de programmer le jeu (partie II), il faut savoir y jouer à la main. Ce notebook résume les
# règles, puis pose trois questions sur des positions de l'énoncé.
#
# **Comment travailler.**
#
# - Exécutez les cellules dans l'ordre (Maj + Entrée). La cellule « Outils » importe la fonction
#   `tester` : c'est le seul import dont vous avez besoin.
# - Une cellule de réponse contient `raise NotImplementedError()` : remplacez cette ligne par votre
#   réponse (par exemple `Q1_cases = [0, 1]`), puis exécutez la cellule.
# - La cellule de tests qui suit vérifie seulement la **forme** de votre réponse (un dictionnaire, une
#   liste de 12 entiers…). Sa **justesse** est vérifiée à la correction, par des tests cachés dans la
#   même cellule ; chaque plateau et chaque gain de Q2 compte pour sa part des points.
# - Les cellules « Justification » sont des cellules de texte : écrivez-y votre raisonnement, en
#   français, en quelques lignes. Dans la version notée, l'enseignant les corrige à la main ; en
#   autonomie, comparez avec les éléments de réponse repliés sous la cellule.
# - Si un test affiche `NameError`, c'est que la cellule de réponse au-dessus n'a pas encore été
#   exécutée sans erreur : complétez-la et exécutez-la d'abord.
#
# Le barème ci-dessous donne les points de chaque question.

# %% [markdown] tags=["bareme"]
# (barème généré)

# %% tags=["readonly"] grade_id="imports"
# Outils (ne pas modifier) : le test des réponses, et l'affichage d'un plateau.
from awale_ref.sujets.ccinp_2024 import tester
from awale_ref.sujets.ccinp_2024.exam import affiche

# %% [markdown] tags=["readonly"] grade_id="regles"
# ## Les règles en bref
#
# **Le matériel.** Un plateau de deux rangées de 6 trous (les *cases*), 4 graines par case au départ,
# soit 48 graines. Deux joueurs, Alice et Bob, assis face à face : la rangée devant un joueur est son
# *camp*. Chacun a aussi une *réserve*, à côté du plateau, où il range les graines gagnées. Alice
# commence, puis on alterne.
#
# **Numérotation.** On numérote les cases du point de vue du joueur qui doit jouer : ses cases sont
# 0 à 5, de gauche à droite devant lui, et celles de l'adversaire 6 à 11. On dessine toujours le camp
# adverse en haut, lu de droite à gauche (11, 10, …, 6) : en suivant les indices croissants on tourne
# dans le sens inverse des aiguilles d'une montre.
#
# **Un coup.**
#
# 1. Le joueur choisit une case **non vide de son camp** et prend toutes ses graines.
# 2. Il les **sème** une par une dans les cases suivantes (0 → 1 → … → 11 → 0 → …). La case de départ
#    ne reçoit jamais de graine : avec 12 graines ou plus, on fait un tour complet et on la saute.
#    Elle est donc toujours vide à la fin du coup.
# 3. Il **récolte** ensuite, en partant de la case où est tombée la dernière graine : si cette case est
#    dans le camp adverse et contient exactement 2 ou 3 graines, il les met dans sa réserve, puis il
#    regarde la case précédente (indice − 1) avec les mêmes conditions, et ainsi de suite. La récolte
#    s'arrête à la première case qui ne convient pas (au plus tard en arrivant dans son propre camp).
#
# **La famine.** On n'a pas le droit de laisser l'adversaire sans aucune graine dans son camp :
#
# - si l'adversaire n'a plus de graines, il faut jouer un coup qui lui en donne au moins une ;
# - pour une récolte qui viderait **tout** le camp adverse, l'énoncé se contredit. Dans la même phrase
#   de sa liste de règles (§ I.2), il dit d'abord qu'on ne peut pas prendre toutes les graines de
#   l'adversaire, ce qui fait de ce coup un **coup interdit** ; il ajoute aussitôt que si la récolte se
#   termine de cette façon, elle est **annulée**, ce qui suppose que le coup est joué (on sème, mais on
#   ne gagne rien).
#
# Les deux lectures se défendent. Le programme de la partie II (`test_famine`, Q11 à Q13) et le
# plateau interactif ci-dessous suivent la première : un tel coup est refusé. Pour Q1 et Q3, la
# correction accepte **l'une ou l'autre**, pourvu que votre réponse soit cohérente avec la lecture
# choisie ; nommez-la dans votre justification.
#
# **Fin de partie.** La partie s'arrête quand un joueur a au moins 25 graines dans sa réserve (plus de
# la moitié des 48), quand il reste 3 graines ou moins sur le plateau, ou quand le joueur qui doit jouer
# n'a aucun coup permis. Chacun ajoute alors à sa réserve les graines de son camp ; le plus riche gagne
# (égalité possible).
#
# Pour vous approprier ces règles, jouez quelques coups sur le plateau ci-dessous : Alice joue la
# rangée du bas (cases 0 à 5), Bob celle du haut (cases 6 à 11) ; le plateau ne tourne pas, et les
# cases jouables du joueur dont c'est le tour sont entourées de jaune. Servez-vous-en aussi pour
# **vérifier** vos réponses aux questions après les avoir cherchées : la case « Position » permet de
# placer un plateau, par exemple `[0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]`.
#
# (si le plateau disparaît)

# %% tags=["readonly"] grade_id="plateau_interactif"
# Un plateau d'awalé interactif (ne pas modifier).
from awale_ref.widget import Plateau

Plateau(indices=True)

# %% [markdown]
# ## La position de la figure 4
#
# C'est à Alice de jouer. Son camp est la rangée du bas (cases 0 à 5), celui de Bob la rangée du haut
# (cases 6 à 11). Dans la liste Python `plateau`, la case d'indice `i` contient `plateau[i]` graines.
#
# **Chacun ses données.** Dans la version notée, chaque élève reçoit sa propre variante des figures 4
# et 5, tirée de son identifiant (son compte sur le serveur de la classe, ou son identifiant nbgrader) :
# répondez sur **votre** plateau, celui qu'affiche la cellule ci-dessous, et la correction vous note sur
# lui. La figure de l'énoncé est `[0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]` ; en autonomie, la cellule
# l'affiche, et `autre_variante()` (puis une nouvelle exécution des cellules) en tire une autre pour
# vous entraîner.

# %% tags=["readonly"] grade_id="figure4"
# Vos données (ne pas modifier) : la figure 4 de votre variante.
from awale_ref.sujets.ccinp_2024 import autre_variante, variante

figure4 = variante("figure4")
print("Votre plateau :", figure4)
affiche(figure4)

# %% [markdown]
# ## Q1 — Les cases qu'Alice peut jouer
#
# Donnez dans `Q1_cases` la liste des indices des cases qu'Alice a le droit de jouer dans la figure 4
# (l'ordre n'importe pas), puis justifiez dans la cellule de texte qui suit les tests.

# %% tags=["solution"] grade_id="q1_reponse"
### BEGIN SOLUTION
# (les réponses pour les figures de l'énoncé)
Q1_cases = [2, 4, 5]
### END SOLUTION

# %% tags=["tests"] grade_id="q1_tests" points=1
tester("Q1_cases", Q1_cases)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q1_cases", Q1_cases)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q1_justification" points=1
# (Pour la figure de l'énoncé.) Alice ne peut prendre des graines que dans son camp, les cases 0 à 5, et seulement dans une case non
# vide : les cases 0, 1 et 3 sont vides, il reste donc 2, 4 et 5. Aucun de ces trois coups ne vide le
# camp de Bob : la case 2 ne sème que dans le camp d'Alice (cases 3 et 4) ; la case 5 ajoute des
# graines chez Bob sans récolte ; la case 4 récolte les cases 9, 8 et 7 mais Bob garde des graines en
# 6, 10 et 11. La famine n'entre donc pas en jeu ici, quelle que soit la lecture de la règle : Alice
# peut jouer les cases **2, 4 et 5**.

# %% [markdown]
# ## Q2 — Le plateau après chaque coup possible
#
# Pour chaque case que peut jouer Alice, donnez le plateau **après le semis et la récolte**, vu par
# Alice (ses cases restent 0 à 5 : on n'échange pas encore les deux camps), et le nombre de graines
# gagnées.
#
# - `Q2_plateaux` : un dictionnaire `{case jouée: plateau après le coup}` (listes de 12 entiers) ;
# - `Q2_gains` : un dictionnaire `{case jouée: graines gagnées}`.
#
# Exemple de forme (valeurs fausses) : `Q2_plateaux = {0: [4] * 12}` et `Q2_gains = {0: 0}`.
#
# Attention à la case qui contient 12 graines ou plus : le semis fait un tour complet et saute la case
# de départ.

# %% tags=["solution"] grade_id="q2_reponse"
### BEGIN SOLUTION
# (les réponses pour les figures de l'énoncé)
Q2_plateaux = {
    2: [0, 0, 0, 1, 17, 5, 2, 1, 0, 1, 0, 1],
    4: [1, 1, 3, 1, 0, 7, 4, 0, 0, 0, 1, 2],
    5: [0, 0, 2, 0, 16, 0, 3, 2, 1, 2, 1, 1],
}
Q2_gains = {2: 0, 4: 8, 5: 0}
### END SOLUTION

# %% tags=["tests"] grade_id="q2_tests_plateaux" points=2
tester("Q2_plateaux", Q2_plateaux)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q2_plateaux", Q2_plateaux)
### END HIDDEN TESTS

# %% tags=["tests"] grade_id="q2_tests_gains" points=1
tester("Q2_gains", Q2_gains)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q2_gains", Q2_gains)
### END HIDDEN TESTS

# %% [markdown]
# ## La figure 5 : deux coups qui menacent de vider la rangée de Bob
#
# C'est encore à Alice de jouer ; dans les deux cas, elle n'a de graines que dans la case 5. Ici aussi,
# chacun a sa variante (dans l'énoncé, `[0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0]` et
# `[0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 1]`).

# %% tags=["readonly"] grade_id="figure5"
# Vos données (ne pas modifier) : les deux situations de la figure 5 de votre variante.
figure5_situation1, figure5_situation2 = variante("figure5")
print("Votre situation 1 :", figure5_situation1)
print("Votre situation 2 :", figure5_situation2)
print("Situation 1")
affiche(figure5_situation1)
print()
print("Situation 2")
affiche(figure5_situation2)

# %% [markdown]
# ## Q3 — Le plateau après le coup d'Alice
#
# Pour chacune des deux situations, donnez le plateau après le tour d'Alice (semis puis récolte, vu
# par Alice, sans échanger les camps) et les graines qu'elle gagne, sous la forme
# `{"plateau": liste de 12 entiers, "gain": entier}`.
#
# **La famine, deux lectures.** Dans la situation 1, la récolte viderait le camp de Bob. Répondez selon
# la lecture de la règle que vous choisissez (voir « La famine » plus haut), la correction accepte les
# deux :
#
# - **récolte annulée** : le semis a lieu, la récolte non ; donnez le plateau après le semis et un gain
#   nul ;
# - **coup interdit** : Alice n'a pas le droit de jouer cette case ; le plateau ne change pas et le gain
#   est nul. Dites dans la justification ce qui en découle pour la partie (Alice a-t-elle un autre coup ?).
#
# La situation 2 ne dépend pas de la lecture choisie.

# %% tags=["solution"] grade_id="q3_reponse"
### BEGIN SOLUTION
# (les réponses pour les figures de l'énoncé)
Q3_situation1 = {"plateau": [0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 0], "gain": 0}
Q3_situation2 = {"plateau": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], "gain": 10}
### END SOLUTION

# %% tags=["tests"] grade_id="q3_tests_situation1" points=1
tester("Q3_situation1", Q3_situation1)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q3_situation1", Q3_situation1)
### END HIDDEN TESTS

# %% tags=["tests"] grade_id="q3_tests_situation2" points=1
tester("Q3_situation2", Q3_situation2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q3_situation2", Q3_situation2)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q3_justification" points=2
# (Pour la figure de l'énoncé.)
#
# **Situation 1.** Alice sème les 5 graines de la case 5 dans les cases 6 à 10, qui passent à 2 graines
# chacune ; la dernière graine tombe en case 10. Les cases 10, 9, 8, 7 et 6 sont dans le camp de Bob et
# ont 2 graines : la récolte les prendrait toutes, et Bob, dont la case 11 est vide, n'aurait plus
# rien. C'est la famine, et l'énoncé en donne deux lectures :
#
# - *récolte annulée* : le semis a lieu, la récolte non ; le plateau devient
#   `[0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 0]` et Alice ne gagne rien ;
# - *coup interdit* (la lecture du programme de la partie II) : Alice ne peut pas jouer la case 5 ; le
#   plateau reste `[0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0]`, gain 0. Comme c'est sa seule case non vide,
#   elle n'a aucun coup permis : la partie s'arrête, et chacun ajoute à sa réserve les graines de son
#   camp.
#
# **Situation 2.** Le semis est le même, mais la case 11 de Bob garde sa graine. Alice récolte les
# cases 10 à 6 (2 graines chacune), soit **10 graines**, et Bob n'est pas affamé puisqu'il lui reste
# la graine de la case 11 : plateau `[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]`.
