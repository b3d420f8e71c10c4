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
# # Partie II — La structure du jeu en Python (Q4 à Q16)
#
# Dans cette partie, vous écrivez, fonction après fonction, tout ce qu'il faut pour jouer une partie
# d'awalé en Python. Le jeu est un dictionnaire `jeu` : les noms des deux joueurs (`'joueur1'`,
# `'joueur2'`), leurs réserves (`'score'`, une liste `[réserve du joueur1, réserve du joueur2]`), le
# nombre de tours déjà joués (`'n'`) et le plateau (`'plateau'`, une liste de 12 entiers).
#
# **Convention du plateau.** Les cases 0 à 5 sont toujours celles du joueur dont c'est le tour, de
# gauche à droite devant lui ; les cases 6 à 11 sont celles de son adversaire. On sème dans l'ordre
# 0 → 1 → … → 11 → 0. À la fin de chaque tour on échange les deux moitiés du plateau.
#
# **Comment travailler.**
#
# - Exécutez les cellules dans l'ordre (Maj + Entrée). La cellule « Outils » importe `tester`, le seul
#   import nécessaire : n'importez pas les fonctions de `awale_ref`, écrivez les vôtres (la correction
#   refuse une fonction qui vient du paquet de référence).
# - Chaque question a une cellule à compléter : remplacez `raise NotImplementedError()` par votre code.
#   Gardez le nom et les paramètres de la fonction, ceux de l'énoncé.
# - La cellule de tests qui suit vérifie votre fonction sur les exemples de l'énoncé : exécutez-la. Elle
#   affiche un `✔` pour chaque exemple réussi ; sinon un message dit l'entrée, le résultat attendu, le
#   vôtre et la règle.
# - À la correction, la même cellule lance aussi des **tests cachés** qui comparent votre fonction à
#   une référence sur des centaines de positions de parties. Comme pour un correcteur humain, les
#   points d'une question sont répartis entre ses **règles** (par exemple pour Q8 : le semis simple, le
#   tour complet qui saute la case de départ, la case renvoyée) ; le retour de correction dit quelles
#   règles sont respectées et montre, pour une règle qui ne l'est pas, le **plus petit plateau** où
#   votre fonction et la référence diffèrent, avec l'appel qui le reproduit.
# - Chaque question est notée **seule** : si votre fonction en appelle une autre (par exemple
#   `test_famine` appelle `deplacer_graines`), c'est la version de référence de cette autre fonction
#   qui est utilisée pendant la correction. Une erreur dans une question ne coûte donc que ses points.
# - Les cellules « Justification » sont des cellules de texte. Dans la version notée, l'enseignant les
#   corrige à la main ; en autonomie, comparez avec les éléments de réponse repliés sous la cellule.
#
# (règle de l'annexe)

# %% [markdown] tags=["bareme"]
# (barème généré)

# %% tags=["readonly"] grade_id="imports"
# Outils de test (ne pas modifier).
from awale_ref.sujets.ccinp_2024 import tester

# %% [markdown] tags=["readonly"] grade_id="enonce_initialisation"
# La fonction `initialisation`, donnée par l'énoncé, crée le jeu au début de la partie. La fonction
# `affiche`, donnée elle aussi, dessine un plateau : le camp adverse en haut (cases 11 à 6, lues de
# droite à gauche), le camp du joueur qui doit jouer en bas (cases 0 à 5).

# %% tags=["readonly"] grade_id="code_initialisation"
def initialisation(nom_joueur1, nom_joueur2):
    jeu = {}
    jeu['joueur1'] = nom_joueur1  # Nom du premier joueur
    jeu['joueur2'] = nom_joueur2  # Nom du second joueur
    jeu['score'] = [0, 0]         # Réserve du joueur1, puis du joueur2
    jeu['n'] = 0                  # Nombre de tours déjà effectués
    jeu['plateau'] = [4] * 12     # Plateau de jeu initial
    return jeu


# %% tags=["readonly"] grade_id="code_affiche"
def affiche(plateau):
    """Dessine le plateau : le camp adverse en haut (11 … 6), le joueur actif en bas (0 … 5)."""
    print(" " + "".join(f"{i:>4}" for i in range(11, 5, -1)))
    print("[" + "".join(f"{g:>4}" for g in plateau[11:5:-1]) + " ]")
    print("[" + "".join(f"{g:>4}" for g in plateau[0:6]) + " ]")
    print(" " + "".join(f"{i:>4}" for i in range(6)))


affiche(initialisation("Alice", "Bob")['plateau'])

# %% [markdown]
# ## Q4 — À qui de jouer ?
#
# Le compteur `jeu['n']` vaut 0 au début et augmente de 1 à chaque tour ; joueur1 commence.
#
# 1. Quelle est la parité de `jeu['n']` quand c'est au tour de joueur1 ? Répondez dans la cellule
#    « Justification » sous les tests.
# 2. Écrivez `tour_joueur1(jeu)` qui renvoie `True` quand c'est à joueur1 de jouer, `False` sinon.

# %% tags=["solution"] grade_id="q4_tour_joueur1"
def tour_joueur1(jeu):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.tour_joueur1
    ### END SOLUTION


# %% tags=["tests"] grade_id="q4_tests" points=1
from awale_ref import initialisation  # la fonction de l'énoncé : ce test marche seul, même après un redémarrage
tester("Q4", tour_joueur1, initialisation("Alice", "Bob"))
tester("Q4", tour_joueur1, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [3, 0], 'n': 7, 'plateau': [4] * 12})
tester("Q4", tour_joueur1, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [20, 18], 'n': 100, 'plateau': [1] * 10 + [0, 0]})
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q4", tour_joueur1)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q4_justification" points=0.5
# `jeu['n']` est **pair** quand c'est au tour de joueur1 : il joue aux tours 0, 2, 4… puisqu'il
# commence (n = 0) et que les joueurs alternent ; joueur2 joue quand `jeu['n']` est impair.

# %% [markdown]
# ## Q5 — Retourner le plateau
#
# À la fin d'un tour, le joueur suivant doit retrouver ses cases aux indices 0 à 5. Écrivez
# `tourner_plateau(jeu)` qui échange, dans `jeu['plateau']`, les cases 0 à 5 avec les cases 6 à 11 (en
# gardant leur ordre). La fonction modifie `jeu` et ne renvoie rien.

# %% tags=["solution"] grade_id="q5_tourner_plateau"
def tourner_plateau(jeu):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.tourner_plateau
    ### END SOLUTION


# %% tags=["tests"] grade_id="q5_tests" points=1
tester("Q5", tourner_plateau, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 1,
                               'plateau': [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]})
# Figure 4 après le coup d'Alice en case 4 : c'est au tour de Bob.
tester("Q5", tourner_plateau, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [8, 0], 'n': 1,
                               'plateau': [1, 1, 3, 1, 0, 7, 4, 0, 0, 0, 1, 2]})
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q5", tourner_plateau)
### END HIDDEN TESTS

# %% [markdown]
# ## Q6 — Combien de bits pour une case ?
#
# Donnez dans `Q6_max_graines` le plus grand nombre de graines qu'une case peut contenir, et dans
# `Q6_bits` le nombre de bits nécessaires pour coder le contenu d'une case (un entier positif) en
# binaire. Justifiez ensuite dans la cellule de texte.

# %% tags=["solution"] grade_id="q6_reponse"
### BEGIN SOLUTION
Q6_max_graines = 48
Q6_bits = 6
### END SOLUTION

# %% tags=["tests"] grade_id="q6_tests_max_graines" points=0.5
tester("Q6_max_graines", Q6_max_graines)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q6_max_graines", Q6_max_graines)
### END HIDDEN TESTS

# %% tags=["tests"] grade_id="q6_tests_bits" points=0.5
tester("Q6_bits", Q6_bits)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q6_bits", Q6_bits)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q6_justification" points=1
# Le jeu compte 12 × 4 = **48** graines et aucune n'est créée : une case contient au plus les 48
# graines. Avec k bits on code les entiers de 0 à 2^k − 1 : 5 bits vont jusqu'à 31 < 48, pas assez ;
# 6 bits vont jusqu'à 63 ≥ 48. Il faut donc **6 bits**.

# %% [markdown]
# ## Q7 — Copier le jeu
#
# Plus loin (partie III), on essaiera des coups sur une copie du jeu sans toucher à l'original. Écrivez
# `copie(jeu)` qui renvoie une **copie profonde** du dictionnaire : modifier la copie (son plateau, son
# score…) ne doit jamais modifier l'original.
#
# La fonction `deepcopy` du module `copy` est **interdite** ; la méthode `copy` des listes
# (`liste.copy()`) est autorisée.

# %% tags=["solution"] grade_id="q7_copie"
def copie(jeu):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.copie
    ### END SOLUTION


# %% tags=["tests"] grade_id="q7_tests" points=2
from awale_ref import initialisation  # la fonction de l'énoncé : ce test marche seul, même après un redémarrage
tester("Q7", copie, initialisation("Alice", "Bob"))
tester("Q7", copie, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [3, 5], 'n': 12,
                     'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]})
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q7", copie)
### END HIDDEN TESTS

# %% [markdown] tags=["readonly"] grade_id="enonce_awale_jcj"
# Voici comment l'énoncé organise une partie entre deux humains. `awale_jcj` affiche le plateau, lit
# au clavier la case choisie (`input`), joue le tour avec `tour_jeu` (Q15), et recommence tant que la
# partie continue ; à la fin, `gagnant` (Q16) donne le vainqueur. Quand toutes vos fonctions seront
# écrites, vous pourrez lancer une partie dans une cellule à vous : `awale_jcj("Alice", "Bob")`.

# %% tags=["readonly"] grade_id="code_awale_jcj"
def awale_jcj(nom_joueur1, nom_joueur2):
    jeu = initialisation(nom_joueur1, nom_joueur2)
    jeu_continue = True
    while jeu_continue:
        affiche(jeu['plateau'])
        case_choisie = int(input("Choisir une case : "))
        jeu_continue = tour_jeu(jeu, case_choisie)
    return gagnant(jeu)


# %% [markdown]
# ## Q8 — Semer les graines
#
# `deplacer_graines(plateau, case)` prend toutes les graines de `case` et les sème une à une dans les
# cases suivantes (0 → 1 → … → 11 → 0). La case de départ ne reçoit jamais de graine : avec 12 graines
# ou plus, on fait le tour du plateau et on la saute. La fonction modifie `plateau` sur place et renvoie
# l'indice de la case où tombe la dernière graine.

# %% tags=["solution"] grade_id="q8_deplacer_graines"
def deplacer_graines(plateau, case):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.deplacer_graines
    ### END SOLUTION


# %% tags=["tests"] grade_id="q8_tests" points=3
# Figure 4 : la case 4 contient 16 graines (un tour complet, la case 4 est sautée).
tester("Q8", deplacer_graines, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 4)
tester("Q8", deplacer_graines, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 2)
tester("Q8", deplacer_graines, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 5)
# Plateau de départ, case 3.
tester("Q8", deplacer_graines, [4] * 12, 3)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q8", deplacer_graines)
### END HIDDEN TESTS

# %% [markdown]
# ## Q9 — Une case peut-elle être récoltée ?
#
# Écrivez `case_ramassable(plateau, case)` qui renvoie `True` si le joueur dont c'est le tour peut
# ramasser les graines de `case` : la case est dans le camp adverse (indices 6 à 11) et contient
# exactement 2 ou 3 graines. On ne s'occupe pas ici de la famine.

# %% tags=["solution"] grade_id="q9_case_ramassable"
def case_ramassable(plateau, case):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.case_ramassable
    ### END SOLUTION


# %% tags=["tests"] grade_id="q9_tests" points=1
# Figure 4 après le semis de la case 4 (avant la récolte).
tester("Q9", case_ramassable, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 8)
tester("Q9", case_ramassable, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 10)
tester("Q9", case_ramassable, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 6)
tester("Q9", case_ramassable, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q9", case_ramassable)
### END HIDDEN TESTS

# %% [markdown]
# ## Q10 — Récolter, récursivement
#
# `ramasser_graines(plateau, case)` reçoit le plateau juste après le semis et la case où est tombée la
# dernière graine. Si cette case est ramassable (utilisez `case_ramassable`), on vide la case, puis on
# continue avec la case précédente, et ainsi de suite. La fonction modifie `plateau` sur place et
# renvoie le nombre total de graines ramassées. La famine n'est pas testée ici.
#
# La fonction doit être **récursive** (elle s'appelle elle-même) : une version avec une boucle ne
# rapporte pas les points.

# %% tags=["solution"] grade_id="q10_ramasser_graines"
def ramasser_graines(plateau, case):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.ramasser_graines
    ### END SOLUTION


# %% tags=["tests"] grade_id="q10_tests" points=3
# Figure 4, case 4 : la dernière graine tombe en case 9 ; on récolte 9, 8 et 7.
tester("Q10", ramasser_graines, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 9)
# Figure 5, situation 2 : on récolte les cases 10 à 6.
tester("Q10", ramasser_graines, [0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 1], 10)
# La récolte s'arrête à la case 6 : la case 5 est dans le camp du joueur.
tester("Q10", ramasser_graines, [0, 0, 0, 0, 0, 3, 2, 3, 1, 1, 1, 1], 7)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q10", ramasser_graines)
### END HIDDEN TESTS

# %% [markdown]
# ## Q11 — La famine
#
# Une case est *acceptable* si elle est dans le camp du joueur (condition 1), non vide (condition 2), et
# si, à la fin du tour, le camp adverse n'est pas complètement vide (condition 3, la famine).
#
# Écrivez `test_famine(plateau, case)` qui renvoie `True` si jouer `case` respecte la condition 3, et
# `False` sinon ; les conditions 1 et 2 ne sont pas à tester. Vous pouvez utiliser `deplacer_graines`
# et `ramasser_graines`. **Les arguments ne doivent pas être modifiés** : travaillez sur une copie du
# plateau.

# %% tags=["solution"] grade_id="q11_test_famine"
def test_famine(plateau, case):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.test_famine
    ### END SOLUTION


# %% tags=["tests"] grade_id="q11_tests" points=2
# Figure 5, situation 1 : la récolte prendrait toutes les graines de Bob.
tester("Q11", test_famine, [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0], 5)
# Figure 5, situation 2 : Bob garde la graine de la case 11.
tester("Q11", test_famine, [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 1], 5)
# Figure 4, case 4.
tester("Q11", test_famine, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 4)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q11", test_famine)
### END HIDDEN TESTS

# %% [markdown]
# ## Q12 — Une case acceptable
#
# L'énoncé donne la fonction `test_case(plateau, case)` ci-dessous, qui doit renvoyer `True` quand la
# case vérifie les trois conditions de Q11. Complétez seulement la ligne `test = …` (une expression
# booléenne).

# %% tags=["solution"] grade_id="q12_test_case"
def test_case(plateau, case):
    """ Vérifie si la case choisie par le joueur est acceptable
    renvoie True si la case est acceptable, False sinon """
    condition3 = test_famine(plateau, case)
    # Case acceptable (à compléter : test = …)
    ### BEGIN SOLUTION
    test = 0 <= case <= 5 and plateau[case] > 0 and condition3
    ### END SOLUTION
    return test


# %% tags=["tests"] grade_id="q12_tests" points=1
tester("Q12", test_case, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 4)
tester("Q12", test_case, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 3)
tester("Q12", test_case, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 6)
tester("Q12", test_case, [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0], 5)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q12", test_case)
### END HIDDEN TESTS

# %% [markdown]
# ## Q13 — Les cases jouables
#
# Écrivez `cases_possibles(jeu)` qui renvoie la liste, dans l'ordre croissant, des indices des cases
# que le joueur actif peut jouer (celles que `test_case` accepte). Ni `jeu` ni `jeu['plateau']` ne
# doivent être modifiés.

# %% tags=["solution"] grade_id="q13_cases_possibles"
def cases_possibles(jeu):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.cases_possibles
    ### END SOLUTION


# %% tags=["tests"] grade_id="q13_tests" points=2
from awale_ref import initialisation  # la fonction de l'énoncé : ce test marche seul, même après un redémarrage
tester("Q13", cases_possibles, initialisation("Alice", "Bob"))
# Figure 4 (Q1) : Alice peut jouer les cases 2, 4 et 5.
tester("Q13", cases_possibles, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [10, 10], 'n': 24,
                                'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]})
# Figure 5, situation 1 : le seul coup affamerait Bob.
tester("Q13", cases_possibles, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [19, 19], 'n': 40,
                                'plateau': [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0]})
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q13", cases_possibles)
### END HIDDEN TESTS

# %% [markdown]
# ## Q14 — La partie continue-t-elle ?
#
# Écrivez `tour_suivant(jeu)` qui renvoie `True` si la partie peut continuer et `False` si elle est
# finie, c'est-à-dire si :
#
# - un joueur a au moins 25 graines dans sa réserve ;
# - ou `jeu['n']` vaut 100 ou plus (on évite ainsi une partie sans fin) ;
# - ou il reste 3 graines ou moins sur le plateau ;
# - ou le joueur qui doit jouer n'a aucune case jouable (le plateau a déjà été retourné : ses cases
#   sont 0 à 5).

# %% tags=["solution"] grade_id="q14_tour_suivant"
def tour_suivant(jeu):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.tour_suivant
    ### END SOLUTION


# %% tags=["tests"] grade_id="q14_tests" points=2
from awale_ref import initialisation  # la fonction de l'énoncé : ce test marche seul, même après un redémarrage
tester("Q14", tour_suivant, initialisation("Alice", "Bob"))
# Une partie arrivée au tour 100.
tester("Q14", tour_suivant, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [20, 18], 'n': 100,
                             'plateau': [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]})
# Alice a 25 graines.
tester("Q14", tour_suivant, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [25, 10], 'n': 30,
                             'plateau': [2, 1, 0, 3, 1, 0, 2, 0, 1, 1, 1, 1]})
# Figure 5, situation 1 : Alice n'a aucune case jouable.
tester("Q14", tour_suivant, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [19, 19], 'n': 40,
                             'plateau': [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0]})
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q14", tour_suivant)
### END HIDDEN TESTS

# %% [markdown]
# ## Q15 — Un tour de jeu
#
# L'énoncé donne l'ébauche de `tour_jeu(jeu, case)`. Si la case n'est pas acceptable, la fonction
# affiche un message et renvoie `True` (le même joueur choisit une autre case). Sinon elle joue le
# coup et renvoie `True` si la partie continue, `False` sinon.
#
# Complétez les quatre trous, chacun à sa place :
#
# - **Instruction 1** : semer les graines, en gardant la dernière case semée dans `derniere_case` ;
# - **Instruction 2** : ramasser les graines, en gardant le gain dans `graines_gagnees` ;
# - **Condition 1** : la condition du `if`, vraie quand c'est joueur1 qui vient de jouer (on la range
#   dans la variable `condition1`) ;
# - **Instruction 3** : ajouter 1 au nombre de tours.

# %% tags=["solution"] grade_id="q15_tour_jeu"
def tour_jeu(jeu, case):
    plateau = jeu['plateau']
    if test_case(plateau, case):  # La case jouée est acceptable
        # Instruction 1 : déplacer les graines (derniere_case = …)
        ### BEGIN SOLUTION
        derniere_case = deplacer_graines(plateau, case)
        ### END SOLUTION
        # Instruction 2 : ramasser les graines (graines_gagnees = …)
        ### BEGIN SOLUTION
        graines_gagnees = ramasser_graines(plateau, derniere_case)
        ### END SOLUTION
        # Pour augmenter le score, il faut savoir qui joue grâce à la parité du nombre de tours
        # Condition 1 (condition1 = …)
        ### BEGIN SOLUTION
        condition1 = tour_joueur1(jeu)
        ### END SOLUTION
        if condition1:
            jeu['score'][0] = jeu['score'][0] + graines_gagnees
        else:
            jeu['score'][1] = jeu['score'][1] + graines_gagnees
        # Instruction 3 : on incrémente le nombre de tours
        ### BEGIN SOLUTION
        jeu['n'] = jeu['n'] + 1
        ### END SOLUTION
        tourner_plateau(jeu)  # Echanger les plateaux
        return tour_suivant(jeu)
    else:
        print("La case choisie n'est pas valable")
        return True


# %% tags=["tests"] grade_id="q15_tests" points=3
from awale_ref import initialisation  # la fonction de l'énoncé : ce test marche seul, même après un redémarrage
# Premier coup de la partie : Alice joue la case 2.
tester("Q15", tour_jeu, initialisation("Alice", "Bob"), 2)
# La case 8 est à Bob : refusée, rien ne change.
tester("Q15", tour_jeu, initialisation("Alice", "Bob"), 8)
# Figure 4 : Alice (n pair) joue la case 4 et gagne 8 graines.
tester("Q15", tour_jeu, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [10, 10], 'n': 24,
                         'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}, 4)
# La même position quand c'est Bob (n impair) qui joue : le gain va dans la réserve de joueur2.
tester("Q15", tour_jeu, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [10, 10], 'n': 25,
                         'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}, 4)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q15", tour_jeu)
### END HIDDEN TESTS

# %% [markdown]
# ## Q16 — Le vainqueur
#
# Écrivez `gagnant(jeu)`, appelée quand la partie est finie : chaque joueur ajoute à sa réserve les
# graines de son camp (attention : les cases 0 à 5 sont celles du joueur dont c'est le tour), puis la
# fonction renvoie le nom du joueur qui a le plus de graines, ou la chaîne `"égalité"` en cas de match
# nul.

# %% tags=["solution"] grade_id="q16_gagnant"
def gagnant(jeu):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.gagnant
    ### END SOLUTION


# %% tags=["tests"] grade_id="q16_tests" points=2
# C'est à Bob de jouer (n impair) : les cases 0 à 5 sont les siennes.
tester("Q16", gagnant, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [20, 24], 'n': 51,
                        'plateau': [1, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0]})
# Une partie arrivée au tour 100.
tester("Q16", gagnant, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [20, 18], 'n': 100,
                        'plateau': [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]})
# Égalité.
tester("Q16", gagnant, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [22, 23], 'n': 40,
                        'plateau': [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]})
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q16", gagnant)
### END HIDDEN TESTS

# %% [markdown] tags=["readonly"] grade_id="enonce_jouez"
# ## Jouez avec vos fonctions
#
# La cellule suivante joue le début d'une partie avec **vos** fonctions (`tour_jeu`, `cases_possibles`,
# `copie`, `gagnant`…), en suivant une liste de coups où des récoltes arrivent vite (si un coup de la
# liste ne fait pas partie de vos cases possibles, c'est la case jouable la plus à droite qui est
# jouée). Si une fonction n'est pas encore écrite, la cellule le dit sans s'arrêter sur une erreur.
#
# Le plateau interactif d'après utilise lui aussi vos fonctions `deplacer_graines`, `ramasser_graines`,
# `test_case`, `tourner_plateau`, `tour_suivant` et `gagnant` : cliquez sur une case entourée de jaune
# pour la jouer (Alice en bas, Bob en haut). Quand l'une d'elles se trompe (graines perdues, case de
# départ non vidée…), le plateau l'explique au lieu de jouer. Les messages nomment chaque case par le
# numéro écrit sous elle ; pour Bob, son numéro dans `jeu['plateau']` (0 à 5) suit entre parenthèses.
#
# (si le plateau disparaît)

# %% tags=["readonly"] grade_id="code_jouez"
def jouer_quelques_coups(coups):
    """Joue les coups donnés (vus par le joueur actif) avec vos fonctions et affiche chaque tour."""
    jeu = initialisation("Alice", "Bob")
    for coup in coups:
        joueur = jeu['joueur1'] if tour_joueur1(jeu) else jeu['joueur2']
        cases = cases_possibles(jeu)
        affiche(jeu['plateau'])
        if not cases:
            print(f"Tour {jeu['n']} : {joueur} n'a aucune case jouable.")
            break
        case = coup if coup in cases else cases[-1]
        print(f"Tour {jeu['n']} : {joueur} peut jouer {cases} et joue la case {case}.")
        continuer = tour_jeu(jeu, case)
        print(f"Réserves : {jeu['joueur1']} {jeu['score'][0]}, {jeu['joueur2']} {jeu['score'][1]}\n")
        if not continuer:
            print("La partie est finie.")
            break
    affiche(jeu['plateau'])
    print("Si la partie s'arrêtait ici, le vainqueur serait :", gagnant(copie(jeu)))


try:
    jouer_quelques_coups([4, 5, 3, 1, 5, 4, 0, 3])
except NotImplementedError:
    print("Une des fonctions utilisées n'est pas encore écrite (NotImplementedError) : "
          "complétez-la, exécutez sa cellule, puis relancez celle-ci.")
except Exception as erreur:  # a bug in one of the student's functions: say it, do not stop
    print(f"Une de vos fonctions a levé l'erreur {type(erreur).__name__} : {erreur}. "
          "Vérifiez les tests des questions, puis relancez cette cellule.")

# %% tags=["readonly"] grade_id="plateau_interactif"
# Le plateau interactif, joué avec vos fonctions (ne pas modifier).
from awale_ref.widget import Plateau

Plateau(indices=True, regles={"deplacer_graines": deplacer_graines, "ramasser_graines": ramasser_graines,
                              "test_case": test_case, "tourner_plateau": tourner_plateau,
                              "tour_suivant": tour_suivant, "gagnant": gagnant})
