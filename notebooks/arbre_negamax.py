# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # L'arbre de `NegaAwale` (questions 18 et 19)
#
# `NegaAwale(jeu, profondeur_max, profondeur)` essaie tous les coups du joueur qui doit jouer, puis
# toutes les réponses de l'adversaire, et ainsi de suite jusqu'à `profondeur_max` coups d'avance.
# On peut dessiner ce calcul comme un arbre, ici couché : la racine à gauche, les coups vers la droite ;
# chaque nœud est sur la ligne de son premier enfant, la racine en haut (un arbre profond se lit en
# descendant).
#
# - chaque **nœud** est une position, nommée (a), (b), (c)… dans l'ordre où `NegaAwale` la visite
#   (on descend d'abord dans la première branche, jusqu'au bout, avant de passer à la suivante) ;
# - chaque **arête** est un coup : la case jouée et **G**, le nombre de graines qu'il ramasse ;
# - **VJ** est la valeur d'un nœud *pour le joueur qui doit y jouer* : 0 quand la profondeur
#   maximale est atteinte, 500 ou −500 quand la partie est finie (gagnée ou perdue), et sinon le
#   meilleur « G − VJ de l'enfant » parmi ses coups : ce que je gagne moins ce que l'adversaire
#   pourra gagner ensuite.
#
# Comme dans l'arbre de l'épreuve, le plateau n'est pas tourné d'un nœud à l'autre : la rangée
# d'Alice est toujours en bas (cases 0 à 5), celle de Bob en haut (cases 6 à 11), et les cases des
# arêtes portent ces numéros ; la rangée en jaune est celle du joueur qui doit jouer.
# (`dessiner_arbre(..., orientation="joueur")` tourne au contraire chaque plateau pour le joueur qui
# doit y jouer, comme `jeu['plateau']`.)
#
# À la racine, `NegaAwale` ne renvoie pas une valeur mais la **case** du meilleur coup.

# %%
# %matplotlib inline
from awale_ref.sujets.ccinp_2024 import facts
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.sujets.ccinp_2024.arbre_q18 import verifier_q18
from awale_ref.tree import arbre_negamax, comparer_negamax, dessiner_arbre
from awale_ref.widget import jeu_depuis

# %% [markdown]
# ## La position de la question 18
#
# **Attention :**
# Position reconstruite : l'arbre à compléter de la question 18 (sur le document réponse) est
# illisible dans notre copie du sujet. Cette position respecte ce que le texte de l'énoncé dit de
# l'arbre (la branche de gauche, déjà remplie) et le résultat de la solution publiée ; ce n'est pas
# une copie de la figure, dont la forme exacte nous est inconnue.
#
# C'est à Alice de jouer ; la rangée du bas est la sienne (cases 0 à 5).

# %%
jeu = exam.copie(facts.Q18_JEU)
exam.affiche(jeu['plateau'])
print("Scores :", jeu['score'], "— tours déjà joués :", jeu['n'])

# %% [markdown]
# Voici l'arbre de profondeur 2, **sans les valeurs** (des « ? » à la place de G et de VJ).

# %%
arbre = arbre_negamax(jeu, 2)
dessiner_arbre(arbre, montrer_valeurs=False, note=facts.NOTE_RECONSTRUCTION)

# %% [markdown]
# ## À vous
#
# Complétez le dictionnaire : pour chaque nœud, le couple `(G, VJ)` — G sur l'arête qui arrive au
# nœud, VJ la valeur du nœud. La branche de gauche est donnée par l'énoncé. Indiquez aussi la case
# qu'Alice joue (ce que renvoie `NegaAwale(jeu, 2, 0)`). Remplacez chaque `None` puis exécutez la
# cellule suivante : elle dit quels nœuds sont faux, sans donner les bonnes valeurs.

# %%
reponses = {
    "b": (4, 4),  # donné par l'énoncé
    "c": (4, 0),  # donné par l'énoncé
    "d": (0, 0),  # donné par l'énoncé
    "e": (None, None),
    "f": (None, None),
    "g": (None, None),
    "h": (None, None),
    "i": (None, None),
    "j": (None, None),
    "k": (None, None),
    "l": (None, None),
    "m": (None, None),
    "n": (None, None),
    "o": (None, None),
}
case_choisie = None

# %%
verifier_q18(reponses, case_choisie)

# %% [markdown]
# ## La solution, quand vous la demandez
#
# Cherchez d'abord ! Quand vous voulez la voir, mettez `voir_la_solution = True` et exécutez la
# cellule : l'arbre complet s'affiche, le coup choisi par `NegaAwale` en vert. L'explication est
# repliée juste en dessous.

# %%
voir_la_solution = False
if voir_la_solution:
    display(dessiner_arbre(arbre, note=facts.NOTE_RECONSTRUCTION))
else:
    print("Solution cachée : mettez voir_la_solution = True puis réexécutez cette cellule.")

# %% [markdown]
# <details><summary>💡 Voir l'explication de la solution</summary>
#
# VJ(a) = max(4 − 4, 2 − 0, 0 − 0) = 2, obtenu en jouant la case 4 : Alice gagne 2 graines et Bob
# ne peut rien reprendre au coup suivant, alors que la case 1 rapporte 4 graines mais en rend 4.
#
# </details>

# %% [markdown]
# ## L'arbre de n'importe quelle position
#
# Changez `position` : une liste de 12 entiers (`plateau`, Alice à jouer), un dictionnaire `jeu`,
# ou une suite de coups comme dans la base de parties (`'egai'` : une lettre par coup, `a` à `f`
# pour les cases 0 à 5 d'Alice, `g` à `l` pour celles de Bob). La profondeur va de 1 à 3. Un arbre
# plus grand donne une image plus haute, jamais un texte plus petit : à la profondeur 3, faites
# défiler (près de 200 feuilles depuis la position de départ).

# %%
position = "egaibk"
profondeur = 2
autre = jeu_depuis(position, "Alice", "Bob")
exam.affiche(autre['plateau'])
dessiner_arbre(arbre_negamax(autre, profondeur))

# %% [markdown]
# ## Comparer votre `NegaAwale` avec la référence
#
# Collez dans la cellule suivante votre `NegaAwale` (et les fonctions qu'elle appelle :
# `max_vals`, `gain`…). Telle quelle, la cellule reprend la fonction de référence, pour que le
# carnet s'exécute en entier. La comparaison appelle votre fonction sur chaque nœud de l'arbre,
# avec la profondeur du nœud, et signale les nœuds où elle ne donne pas la valeur attendue.

# %%
from awale_ref.sujets.ccinp_2024.exam import NegaAwale  # à remplacer par votre fonction

# %%
comparer_negamax(autre, profondeur, NegaAwale)

# %% [markdown]
# Vous pouvez aussi dessiner l'arbre calculé avec votre fonction et le comparer à celui du dessus.

# %%
dessiner_arbre(arbre_negamax(autre, profondeur, {"NegaAwale": NegaAwale}),
               titre="L'arbre calculé avec votre NegaAwale")

# %% [markdown]
# ### Une erreur classique
#
# Cette version oublie de soustraire la valeur de l'adversaire : elle ajoute les gains des deux
# joueurs comme s'ils jouaient dans le même camp. Regardez ce que dit la comparaison : sur l'arbre
# de la question 18, seule la case choisie à la racine change ; à la profondeur 3, des valeurs VJ
# deviennent fausses aussi.

# %%
def NegaAwale_sans_signe(jeu, profondeur_max, profondeur):
    if not exam.tour_suivant(jeu) or profondeur == profondeur_max:
        return 0
    vals_jeu = []
    for case in exam.cases_possibles(jeu):
        g, nouveau_jeu = exam.gain(jeu, case)
        vals_jeu.append([case, g + NegaAwale_sans_signe(nouveau_jeu, profondeur_max, profondeur + 1)])
    return exam.max_vals(vals_jeu, profondeur)


comparer_negamax(jeu, 2, NegaAwale_sans_signe)

# %%
comparer_negamax(autre, 3, NegaAwale_sans_signe)
