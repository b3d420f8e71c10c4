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
# # Partie III — Une intelligence artificielle pour l'awalé (Q17 à Q21)
#
# Jusqu'ici, c'est un humain qui choisit la case à jouer. Dans cette partie, vous programmez un joueur
# artificiel : à son tour, il regarde tous les coups possibles, puis toutes les réponses possibles de
# l'adversaire, et ainsi de suite jusqu'à une profondeur fixée, et il choisit le coup qui lui garantit
# le meilleur bilan de graines. C'est l'algorithme **MinMax**, écrit ici sous sa forme **NegaMax**.
#
# **Les fonctions de la partie II sont fournies.** Pour que cette partie ne dépende pas de vos
# réponses précédentes, la cellule d'import ci-dessous charge les versions de référence de
# `initialisation`, `copie`, `deplacer_graines`, `ramasser_graines`, `cases_possibles`,
# `tour_suivant`, `tour_jeu`, `gagnant`, etc. Vous pouvez les appeler librement. Les fonctions de
# cette partie (`gain`, `NegaAwale`, `max_vals`, `awale_ia`), elles, doivent être les vôtres.
#
# **Comment travailler.** Comme dans la partie II : complétez chaque cellule (remplacez
# `raise NotImplementedError()`), puis exécutez la cellule de tests qui suit. Lors de la correction,
# chaque question est notée seule, sur des centaines de positions : si votre fonction en appelle une
# autre de cette partie, c'est la version de référence de l'autre qui est utilisée.
#
# (règle de l'annexe)

# %% [markdown] tags=["bareme"]
# (barème généré)

# %% tags=["readonly"] grade_id="imports"
# Outils de test, et les fonctions de la partie II (versions de référence). Ne pas modifier.
from awale_ref.sujets.ccinp_2024 import tester
from awale_ref import (initialisation, tour_joueur1, tourner_plateau, copie, deplacer_graines,
                       case_ramassable, ramasser_graines, test_famine, test_case, cases_possibles,
                       tour_suivant, tour_jeu, gagnant, affiche)

# %% [markdown]
# ## III.1 — L'arbre des coups
#
# Chaque état du jeu (un dictionnaire `jeu`) est un nœud d'un arbre ; chaque coup possible mène à un
# nœud enfant. Pour explorer cet arbre, l'IA doit savoir, en chaque nœud, si la partie est finie
# (`tour_suivant`), quels coups sont permis (`cases_possibles`) et combien de graines rapporte chacun.
#
# ## Q17 — Jouer un coup sur une copie
#
# Écrivez `gain(jeu, case)` qui joue le coup `case` (supposé permis : inutile de le vérifier) et
# renvoie un couple : le nombre de graines gagnées par ce coup, et un **nouveau** dictionnaire qui décrit
# le jeu après le coup, entièrement mis à jour comme le ferait `tour_jeu` (graines semées puis
# ramassées, score du joueur qui vient de jouer, nombre de tours, plateau échangé). Le dictionnaire
# `jeu` reçu en argument ne doit pas être modifié.

# %% tags=["solution"] grade_id="q17_gain"
def gain(jeu, case):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.gain
    ### END SOLUTION


# %% tags=["tests"] grade_id="q17_tests" points=3
# Figure 4 : Alice joue la case 4 (16 graines, un tour complet) et récolte 3 + 2 + 3 graines.
tester("Q17", gain, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 0,
                     'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}, 4)
# Début de partie : joueur1 joue la case 2, rien à récolter.
tester("Q17", gain, initialisation("Alice", "Bob"), 2)
# Un coup de Bob (n impair, plateau vu par Bob) : c'est son score qui augmente.
tester("Q17", gain, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [16, 16], 'n': 29,
                     'plateau': [0, 0, 0, 0, 5, 1, 0, 0, 1, 1, 3, 5]}, 4)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q17", gain)
### END HIDDEN TESTS

# %% [markdown]
# ## III.2 — L'algorithme MinMax, version NegaMax
#
# L'IA explore l'arbre jusqu'à une profondeur fixée et attribue à chaque nœud une **valeur de jeu**
# (VJ) : le bilan de graines que peut espérer *le joueur dont c'est le tour en ce nœud*, si les deux
# joueurs jouent au mieux à partir de là. Comme ce bilan est « mes graines moins celles de
# l'adversaire », la valeur d'un nœud pour l'adversaire est l'opposée de sa valeur pour moi : plus
# besoin de distinguer les tours du joueur et ceux de l'adversaire. La valeur `NegaAwale(p)` d'un nœud
# `p` se calcule ainsi :
#
# - si la partie est finie en `p` : 500 si le joueur dont c'est le tour a gagné, −500 s'il a perdu,
#   0 en cas d'égalité ;
# - sinon, si `p` est à la profondeur maximale : 0 (on ne regarde pas plus loin) ;
# - sinon, pour chaque coup possible menant à un enfant `p_i` en rapportant `g_i` graines, on calcule
#   `g_i − NegaAwale(p_i)` (ce que je gagne, moins ce que l'adversaire pourra ensuite obtenir de mieux),
#   et `NegaAwale(p)` est le **maximum** de ces différences.
#
# ## Q18 — Un arbre de profondeur 2, à la main
#
# Dans la position ci-dessous, c'est à Alice de jouer (Bob vient de jouer). On construit l'arbre de
# profondeur 2 : les coups possibles d'Alice (nœuds de profondeur 1), puis les réponses possibles de
# Bob (nœuds de profondeur 2, dont la valeur de jeu est 0 puisque la profondeur maximale est atteinte).
# Sur chaque arête on note le gain **G** du coup, et en chaque nœud sa valeur de jeu **VJ**.
#
# **Attention :**
# Position reconstruite : l'arbre à compléter de la question 18 (sur le document réponse) est
# illisible dans notre copie du sujet. Cette position respecte ce que le texte de l'énoncé dit de
# l'arbre (la branche de gauche, déjà remplie) et le résultat de la solution publiée ; ce n'est pas
# une copie de la figure, dont la forme exacte nous est inconnue.
#
# La branche de gauche, donnée par l'énoncé : Alice joue sa deuxième case (case 1) et prend G = 4
# graines ; Bob peut alors répondre par un coup qui rapporte 4 (nœud c) ou par un coup qui ne rapporte
# rien (nœud d), donc la valeur de jeu de (b) vaut max(4 − 0, 0 − 0) = 4.
#
# Comme dans l'arbre de l'épreuve, le plateau **n'est pas tourné** d'un nœud à l'autre : chaque petit
# plateau montre la rangée d'Alice en bas (cases 0 à 5, de gauche à droite) et celle de Bob en haut
# (cases 6 à 11, de droite à gauche) ; la rangée en jaune est celle du joueur qui doit jouer. Sur chaque
# arête, la case jouée porte ce numéro-là : quand Bob joue la case 10, c'est sa case 4 dans
# `jeu['plateau']`. Les valeurs G et VJ sont remplacées par « ? » : c'est à vous de les trouver.

# %% tags=["readonly"] grade_id="q18_position"
import io
from IPython.display import Image
from awale_ref.sujets.ccinp_2024.facts import NOTE_RECONSTRUCTION, Q18_JEU
from awale_ref.tree import arbre_negamax, dessiner_arbre

print(f"À {Q18_JEU['joueur1']} de jouer ; scores : {Q18_JEU['joueur1']} {Q18_JEU['score'][0]}, "
      f"{Q18_JEU['joueur2']} {Q18_JEU['score'][1]} ; tours déjà joués : {Q18_JEU['n']}.")
affiche(Q18_JEU['plateau'])
dessin = io.BytesIO()
dessiner_arbre(arbre_negamax(Q18_JEU, 2), montrer_valeurs=False, note=NOTE_RECONSTRUCTION).savefig(dessin, format="png")
Image(dessin.getvalue())

# %% [markdown]
# Complétez `Q18_arbre`, un dictionnaire qui associe à l'étiquette de chaque nœud de (b) à (o) le couple
# `(G, VJ)` : le gain du coup qui y mène depuis son parent, et la valeur de jeu du nœud. Donnez aussi
# `Q18_case`, la case (un entier de 0 à 5) qu'Alice doit jouer d'après cet arbre.

# %% tags=["solution"] grade_id="q18_reponse"
### BEGIN SOLUTION
Q18_arbre = {
    "b": (4, 4), "c": (4, 0), "d": (0, 0),
    "e": (2, 0), "f": (0, 0), "g": (0, 0), "h": (0, 0),
    "i": (0, 0), "j": (0, 0), "k": (0, 0), "l": (0, 0), "m": (0, 0), "n": (0, 0), "o": (0, 0),
}
Q18_case = 4
### END SOLUTION

# %% tags=["tests"] grade_id="q18_tests_arbre" points=3
tester("Q18_arbre", Q18_arbre)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q18_arbre", Q18_arbre)
### END HIDDEN TESTS

# %% tags=["tests"] grade_id="q18_tests_case" points=1
tester("Q18_case", Q18_case)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q18_case", Q18_case)
### END HIDDEN TESTS

# %% [markdown]
# Justifiez en quelques lignes la valeur de jeu de la racine (a) et le choix de la case.

# %% [markdown] tags=["manual"] grade_id="q18_justification" points=1
# Les nœuds de profondeur 2 (c, d, f, g, h, j à o) sont à la profondeur maximale : leur VJ vaut 0.
# Un nœud de profondeur 1 vaut donc le plus grand gain que Bob peut y obtenir : VJ(b) = max(4 − 0, 0 − 0)
# = 4, VJ(e) = max(0, 0, 0) = 0, VJ(i) = 0 (aucune réponse de Bob ne rapporte de graine).
# À la racine, Alice compare ses gains diminués de la meilleure réponse de Bob :
# case 1 (b) : 4 − 4 = 0 ; case 4 (e) : 2 − 0 = 2 ; case 5 (i) : 0 − 0 = 0.
# VJ(a) = max(0, 2, 0) = 2 : Alice joue la **case 4**. La case 1 rapporte plus tout de suite (4 graines),
# mais Bob reprend aussitôt 4 graines ; la case 4 rapporte 2 graines sans rien laisser à prendre.

# %% [markdown]
# ## Q19 — La fonction `NegaAwale`
#
# `NegaAwale(jeu, profondeur_max, profondeur)` applique la méthode ci-dessus au nœud `jeu`, situé à la
# profondeur `profondeur` (0 pour la position de départ) d'une exploration limitée à `profondeur_max`.
# Le cas d'une partie finie et la boucle sur les enfants sont écrits ; complétez les quatre morceaux
# manquants, qui sont ici des instructions Python :
#
# - **Condition 1** : `condition1` doit valoir `True` quand la partie est finie en ce nœud ;
# - **Condition 2** : `condition2` doit valoir `True` quand la profondeur maximale est atteinte ;
# - **Instruction 1** : calculer `g`, le gain du coup `case`, et `nouveau_jeu`, le jeu après ce coup ;
# - **Instruction 2** : calculer `p`, la valeur de jeu du nœud enfant `nouveau_jeu`.
#
# La fonction `max_vals` (question suivante) choisit dans la liste `vals_jeu` des couples
# `[case, valeur]` : à la racine elle renvoie la **case** de plus grande valeur, ailleurs la **valeur**
# maximale. Ainsi `NegaAwale(jeu, profondeur_max, 0)` renvoie la case que l'IA doit jouer.

# %% tags=["solution"] grade_id="q19_NegaAwale"
def NegaAwale(jeu, profondeur_max, profondeur):
    # Condition 1
    ### BEGIN SOLUTION
    condition1 = not tour_suivant(jeu)
    ### END SOLUTION
    # Condition 2
    ### BEGIN SOLUTION
    condition2 = profondeur == profondeur_max
    ### END SOLUTION
    if condition1:
        if (tour_joueur1(jeu) and gagnant(jeu) == jeu['joueur1']) or \
           (not(tour_joueur1(jeu)) and gagnant(jeu) == jeu['joueur2']):
            return 500
        elif (tour_joueur1(jeu) and gagnant(jeu) == jeu['joueur2']) or \
             (not(tour_joueur1(jeu)) and gagnant(jeu) == jeu['joueur1']):
            return -500
        else:  # Egalité
            return 0
    elif condition2:
        return 0
    else:
        choix_cases = cases_possibles(jeu)
        vals_jeu = []
        for case in choix_cases:
            # Instruction 1 : détermination du gain et du nouveau jeu
            ### BEGIN SOLUTION
            g, nouveau_jeu = gain(jeu, case)
            ### END SOLUTION
            # Instruction 2 : remontée de la valeur de jeu du nœud enfant
            ### BEGIN SOLUTION
            p = NegaAwale(nouveau_jeu, profondeur_max, profondeur + 1)
            ### END SOLUTION
            vals_jeu.append([case, g - p])
    return max_vals(vals_jeu, profondeur)


# %% tags=["tests"] grade_id="q19_tests" points=3
from awale_ref.sujets.ccinp_2024.facts import Q18_JEU  # la position de Q18 : ce test marche seul, même après un redémarrage
# Figure 4, profondeur 1 : la case 4 rapporte 8 graines.
tester("Q19", NegaAwale, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 0,
                          'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}, 1, 0)
# La position de Q18 : à la profondeur 1, Alice prendrait les 4 graines de la case 1…
tester("Q19", NegaAwale, Q18_JEU, 1, 0)
# … mais à la profondeur 2 elle voit la réponse de Bob et joue la case 4.
tester("Q19", NegaAwale, Q18_JEU, 2, 0)
# La valeur du nœud (b) de Q18 (profondeur 1, Bob à jouer), puis celle d'une partie finie.
tester("Q19", NegaAwale, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [16, 16], 'n': 29,
                          'plateau': [0, 0, 0, 0, 5, 1, 0, 0, 1, 1, 3, 5]}, 2, 1)
tester("Q19", NegaAwale, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [25, 20], 'n': 40,
                          'plateau': [0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0]}, 3, 0)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q19", NegaAwale)
### END HIDDEN TESTS

# %% [markdown]
# ## Q20 — Choisir le meilleur coup : `max_vals`
#
# `max_vals(vals_jeu, profondeur)` reçoit une liste non vide de couples `[case, valeur]`. Si
# `profondeur` vaut 0 (on est à la racine de l'arbre), elle renvoie la **case** associée à la plus
# grande valeur ; sinon, elle renvoie cette **plus grande valeur**. En cas d'égalité, c'est le premier
# maximum rencontré dans la liste qui compte. **Sans `max`, `min`, `sort` ni `sorted`** (l'annexe les
# interdit) : parcourez la liste vous-même.

# %% tags=["solution"] grade_id="q20_max_vals"
def max_vals(vals_jeu, profondeur):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.max_vals
    ### END SOLUTION


# %% tags=["tests"] grade_id="q20_tests" points=2
tester("Q20", max_vals, [[1, 0], [4, 2], [5, 2]], 0)   # à la racine : la case 4 (premier maximum)
tester("Q20", max_vals, [[1, 0], [4, 2], [5, 2]], 1)   # ailleurs : la valeur 2
tester("Q20", max_vals, [[0, -3], [2, -1], [3, -500]], 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q20", max_vals)
### END HIDDEN TESTS

# %% [markdown]
# ## Q21 — Une partie entre deux IA
#
# L'énoncé donne la boucle de jeu d'une partie entre deux humains (les numéros de ligne sont ceux de
# l'énoncé) :
#
# ```text
# 1 | def awale_jcj(nom_joueur1, nom_joueur2):
# 2 |     jeu = initialisation(nom_joueur1, nom_joueur2)
# 3 |     jeu_continue = True
# 4 |     while jeu_continue:
# 5 |         affiche(jeu['plateau'])
# 6 |         case_choisie = int(input("Choisir une case : "))
# 7 |         jeu_continue = tour_jeu(jeu, case_choisie)
# 8 |     return gagnant(jeu)
# ```
#
# On veut maintenant que les deux joueurs soient l'IA, qui explore l'arbre jusqu'à la **profondeur 6**.
# Écrivez `awale_ia(nom_joueur1, nom_joueur2)` : la même boucle, avec le minimum de modifications.
# Elle joue une partie entière et renvoie le nom du vainqueur (ou `"égalité"`).
#
# *La vérification remplace votre `NegaAwale` par un espion instantané qui note comment elle est
# appelée : vous n'attendrez pas la fin d'une vraie partie à la profondeur 6.*

# %% tags=["solution"] grade_id="q21_awale_ia"
def awale_ia(nom_joueur1, nom_joueur2):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.awale_ia
    ### END SOLUTION


# %% tags=["tests"] grade_id="q21_tests" points=2
tester("Q21", awale_ia)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q21", awale_ia)
### END HIDDEN TESTS

# %% [markdown]
# Quelle(s) ligne(s) de `awale_jcj` avez-vous modifiée(s), et comment ? Répondez en une phrase.

# %% [markdown] tags=["manual"] grade_id="q21_justification" points=1
# Seule la ligne 6 change : au lieu de demander la case au clavier, on la fait choisir par l'IA avec
# `case_choisie = NegaAwale(jeu, 6, 0)` (profondeur maximale 6, exploration partant de la profondeur 0,
# ce qui fait renvoyer une case par `max_vals`). Le reste de la boucle (affichage, `tour_jeu`,
# `gagnant`) est inchangé.

# %% [markdown] tags=["readonly"] grade_id="jouer_enonce"
# ## Pour finir : jouez contre votre IA
#
# Le plateau ci-dessous fait jouer Bob par **votre** fonction `NegaAwale` (profondeur 4), qui appelle
# vos fonctions `gain` et `max_vals` ; les règles du jeu (semis, récolte, fin de partie) sont celles de
# la référence. Vous êtes Alice : cliquez sur une case de votre rangée (en bas) pour jouer. Si votre
# fonction lève une erreur ou renvoie une case impossible, le plateau l'affiche. Rien n'est noté ici.
#
# (si le plateau disparaît)

# %% tags=["readonly"] grade_id="jouer_plateau"
from awale_ref.widget import Plateau
Plateau(adversaire="joueur2", profondeur=4, regles={"NegaAwale": NegaAwale})
