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
# # Olympiades de NSI 2025 — Exercice 2 : l'awalé (Q1 à Q14)
#
# L'awalé se joue à deux sur un plateau de 12 cases, 6 par joueur, avec 48 graines (4 par case au
# départ). À son tour, un joueur prend toutes les graines d'une case non vide de son côté et les **sème**
# une par une dans les cases suivantes, dans le sens inverse des aiguilles d'une montre, sans jamais en
# remettre dans la case de départ ; puis il **récolte** certaines graines de son adversaire. Le but : en
# récolter le plus possible.
#
# **Le plateau en Python.** Une liste `plt` de 12 entiers : `plt[i]` est le nombre de graines de la case
# `i`. Les cases 0 à 5 sont **toujours** celles du joueur dont c'est le tour (le *joueur courant*, dessiné
# en bas), de gauche à droite ; les cases 6 à 11 sont celles de son adversaire (en haut, lues de droite à
# gauche). On sème dans l'ordre 0 → 1 → … → 11 → 0. À la fin de chaque tour, on **tourne** le plateau
# pour que le joueur suivant retrouve ses cases en 0 à 5.
#
# **L'état de la partie** est un dictionnaire `etat_jeu` à six clés : les noms `"joueur1"` (celui qui
# commence) et `"joueur2"`, leurs scores `"score_j1"` et `"score_j2"` (les graines récoltées), le nombre
# de tours déjà joués `"nb_tours"` (un tour = le coup d'un seul joueur) et le `"plateau"`.
#
# **Deux pièges de ce sujet**, à garder en tête jusqu'au bout :
#
# - `test_famine` (Q8) répond `True` quand le coup **affame** l'adversaire, donc quand il faut **refuser**
#   le coup ;
# - `tour_termine` (Q11) répond `True` quand la partie **continue** : son nom dit le contraire, c'est
#   pourtant ce que demande le sujet, et `tour_jeu` (Q12) s'en sert ainsi.
#
# Si vous avez traité le sujet CCINP du cours : sa fonction `test_famine` avait le sens inverse, et sa
# partie s'arrêtait à 3 graines ou moins sur le plateau ; ici, elle s'arrête quand les deux joueurs ont
# récolté **plus de 45** graines à eux deux.
#
# **Comment travailler.**
#
# - Exécutez les cellules dans l'ordre (Maj + Entrée). La cellule « Outils » importe `tester` et
#   `affiche` (qui dessine un plateau) : n'importez rien d'autre de `awale_ref`, écrivez vos fonctions
#   (la correction refuse une fonction qui vient du paquet de référence).
# - Chaque question de code a une cellule à compléter : remplacez `raise NotImplementedError()` par votre
#   code, en gardant le nom et les paramètres de la fonction. Une réponse qui n'est pas du code se donne
#   dans une variable (une liste, un nombre…), suivie le plus souvent d'une justification en texte.
# - La cellule de tests qui suit rejoue les exemples du sujet : elle affiche un `✔` pour chaque exemple
#   réussi, sinon l'entrée, le résultat attendu, le vôtre et la règle. Pour une réponse qui n'est pas du
#   code, elle ne vérifie que sa **forme** ; sa justesse est vérifiée à la correction.
# - À la correction, la même cellule lance des **tests cachés** sur des centaines de positions de
#   parties. Les points d'une question sont répartis entre ses **règles** (pour `semer_graines` : le
#   semis simple, le tour complet qui saute la case de départ, la case renvoyée) ; pour une règle non
#   respectée, le retour montre le **plus petit plateau** où votre fonction se trompe, avec l'appel qui
#   le reproduit.
# - Chaque question est notée **seule** : si votre fonction en appelle une autre (par exemple
#   `test_case` appelle `test_famine`), c'est la version de référence de l'autre qui est utilisée
#   pendant la correction. Une erreur dans une question ne coûte donc que ses points.
# - Les cellules « Justification » sont corrigées à la main par l'enseignant ; en autonomie, comparez
#   avec les éléments de réponse repliés sous la cellule.
# - Trois plateaux du sujet (questions 6, 7 et 8) ne nous sont pas parvenus : ceux de ce notebook ont été
#   reconstitués pour respecter ce que le texte en dit.
# - **Chacun ses données.** Dans la version notée, chaque élève reçoit ses propres plateaux des questions
#   1, 6, 7 et 8, tirés de son identifiant (son compte sur le serveur de la classe, ou son identifiant
#   nbgrader) : répondez sur **vos** plateaux, ceux qu'affichent leurs cellules, et la correction vous note
#   sur eux. En autonomie, ces cellules affichent les plateaux de l'énoncé, et
#   `autre_variante()` (puis une nouvelle exécution des cellules) en tire d'autres pour vous entraîner.

# %% [markdown] tags=["bareme"]
# (barème généré)

# %% tags=["readonly"] grade_id="imports"
# Outils (ne pas modifier) : les tests, et l'affichage d'un plateau (camp adverse en haut).
from awale_ref.sujets.olympiades_2025_awale import tester
from awale_ref.sujets.ccinp_2024.exam import affiche

# %% [markdown] tags=["readonly"] grade_id="enonce_plateau"
# Le plateau qui sert d'exemple (la figure 3 du sujet) : c'est à Alice de jouer, ses cases sont en bas.
# Elle peut jouer les cases 2, 4 ou 5 ; si elle joue la case 2, ses deux graines vont en 3 et en 4.

# %% tags=["readonly"] grade_id="code_figure3"
figure3 = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
affiche(figure3)

# %% [markdown]
# ## Q1 — Semer à la main
#
# Partez de votre plateau `plateau_q1` ci-dessous (dans l'énoncé, c'est `figure3`). Donnez le plateau juste
# après la **semaille** (sans récolte : elle vient plus tard) si Alice joue la case 4, puis si elle joue la
# case 5, dans `Q1_plateaux = {4: [...], 5: [...]}`. La case 4 a au moins 12 graines : plus d'un tour de
# plateau.

# %% tags=["readonly"] grade_id="code_plateau_q1"
# Vos données (ne pas modifier) : le plateau de la question 1 de votre variante.
from awale_ref.sujets.olympiades_2025_awale import autre_variante, variante

plateau_q1 = variante("plateau_q1")
print("Votre plateau :", plateau_q1)
affiche(plateau_q1)

# %% tags=["solution"] grade_id="q1_reponse"
### BEGIN SOLUTION
# (la réponse pour le plateau de l'énoncé)
Q1_plateaux = {4: [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 5: [0, 0, 2, 0, 16, 0, 3, 2, 1, 2, 1, 1]}
### END SOLUTION

# %% tags=["tests"] grade_id="q1_tests" points=0.5
tester("Q1_plateaux", Q1_plateaux)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q1_plateaux", Q1_plateaux)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q1_justification" points=0.5
# (Pour le plateau de l'énoncé, `figure3`.) Case 4 : 16 graines, une par case à partir de la case 5. Le premier tour sème les cases 5 à 11 puis 0
# à 3 (11 graines) ; on saute la case 4, d'où elle a été vidée, et les 5 dernières vont dans les
# cases 5 à 9. Les cases 5 à 9 reçoivent donc 2 graines, les autres 1, la case 4 reste vide.
# Case 5 : ses 5 graines vont une à une dans les cases 6 à 10, la case 5 est vidée.

# %% [markdown]
# # Partie 1 — La semaille
#
# La fonction `initialisation`, donnée par le sujet, crée l'état du début de la partie.

# %% tags=["readonly"] grade_id="code_initialisation"
def initialisation(nom_joueur1, nom_joueur2):
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.initialisation


initialisation("Alice", "Bob")

# %% [markdown]
# ## Q2 — À qui de jouer ?
#
# `joueur1` commence et `nb_tours` augmente de 1 à chaque coup. Donnez dans `Q2_parite` la parité de
# `nb_tours` quand c'est à `joueur1` de jouer (`"paire"` ou `"impaire"`), puis écrivez
# `tour_joueur1(etat_jeu)` qui renvoie `True` si c'est au tour de `joueur1`, `False` sinon.

# %% tags=["solution"] grade_id="q2_reponse"
### BEGIN SOLUTION
Q2_parite = "paire"
### END SOLUTION

# %% tags=["tests"] grade_id="q2_tests_parite" points=0.5
tester("Q2_parite", Q2_parite)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q2_parite", Q2_parite)
### END HIDDEN TESTS

# %% tags=["solution"] grade_id="q2_tour_joueur1"
def tour_joueur1(etat_jeu):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.tour_joueur1
    ### END SOLUTION


# %% tags=["tests"] grade_id="q2_tests" points=0.5
from awale_ref.sujets.olympiades_2025_awale.awale_lycee import initialisation  # celle de l'énoncé : ce test marche seul
tester("Q2", tour_joueur1, initialisation("Alice", "Bob"))
tester("Q2", tour_joueur1, {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 3, "score_j2": 0, "nb_tours": 7,
                            "plateau": [4] * 12})
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q2", tour_joueur1)
### END HIDDEN TESTS

# %% [markdown]
# ## Q3 — Compter des graines
#
# Écrivez `somme(plt, n, p)` qui renvoie le nombre de graines des cases `n` à `p`, **toutes deux
# comprises** (`n <= p`). Par exemple `somme(plt, 0, 5)` compte le camp du joueur courant. `plt` ne doit
# pas être modifié.

# %% tags=["solution"] grade_id="q3_somme"
def somme(plt, n, p):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.somme
    ### END SOLUTION


# %% tags=["tests"] grade_id="q3_tests" points=1
tester("Q3", somme, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 0, 5)
tester("Q3", somme, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 6, 11)
tester("Q3", somme, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 4, 4)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q3", somme)
### END HIDDEN TESTS

# %% [markdown]
# ## Q4 — Tourner le plateau
#
# À la fin d'un tour, on échange les cases 0 à 5 avec les cases 6 à 11 (chaque moitié garde son ordre)
# pour que le joueur suivant ait ses cases en 0 à 5.
#
# 1. Donnez dans `Q4_figure4` la liste `figure3` une fois tournée (c'est la figure 4 du sujet, où Bob
#    est en bas), et justifiez.
# 2. Écrivez `tourner_plateau(plt)` qui tourne **la liste `plt` elle-même** : c'est ce plateau-là, celui
#    de `etat_jeu`, qui doit changer (une nouvelle liste renvoyée ne servirait à rien, `tour_jeu` ne
#    l'utilise pas). Au CCINP, la même fonction recevait tout le jeu ; ici elle ne reçoit que le plateau.

# %% tags=["solution"] grade_id="q4_reponse"
### BEGIN SOLUTION
Q4_figure4 = [2, 1, 0, 1, 0, 1, 0, 0, 2, 0, 16, 5]
### END SOLUTION

# %% tags=["tests"] grade_id="q4_tests_figure4" points=0.5
tester("Q4_figure4", Q4_figure4)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q4_figure4", Q4_figure4)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q4_justification" points=0.5
# Les cases 6 à 11 de `figure3`, `[2, 1, 0, 1, 0, 1]`, deviennent les cases 0 à 5 (le camp de Bob, qui
# joue maintenant), et les cases 0 à 5, `[0, 0, 2, 0, 16, 5]`, deviennent les cases 6 à 11 : chaque
# moitié garde son ordre, seul le point de vue change (la case `k` devient la case `(k + 6) % 12`).

# %% tags=["solution"] grade_id="q4_tourner_plateau"
def tourner_plateau(plt):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.tourner_plateau
    ### END SOLUTION


# %% tags=["tests"] grade_id="q4_tests" points=1
tester("Q4", tourner_plateau, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1])
tester("Q4", tourner_plateau, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q4", tourner_plateau)
### END HIDDEN TESTS

# %% [markdown]
# ## Q5 — Semer
#
# Écrivez `semer_graines(plt, c)` : on prend toutes les graines de la case `c` (non vide), on les sème
# une par une dans les cases suivantes en **sautant la case `c`** à chaque tour de plateau ; la fonction
# modifie `plt` et renvoie l'indice de la case où tombe la dernière graine.

# %% tags=["solution"] grade_id="q5_semer_graines"
def semer_graines(plt, c):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.semer_graines
    ### END SOLUTION


# %% tags=["tests"] grade_id="q5_tests" points=1.5
# L'exemple du sujet : la case 2 de la figure 3.
tester("Q5", semer_graines, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 2)
# La question 1 sur la figure 3 de l'énoncé : 16 graines, plus d'un tour.
tester("Q5", semer_graines, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 4)
tester("Q5", semer_graines, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 5)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q5", semer_graines)
### END HIDDEN TESTS

# %% [markdown]
# # Partie 2 — La récolte
#
# Une case est **ramassable** par le joueur courant si elle est chez l'adversaire (cases 6 à 11) et
# contient exactement 2 ou 3 graines.
#
# ## Q6 — Cases ramassables
#
# Alice vient de semer ; le plateau est `plateau_q6` ci-dessous (le vôtre ; dans l'énoncé reconstitué,
# `[1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2]`). Donnez dans
# `Q6a_ramassables` la liste des cases ramassables (l'ordre ne compte pas), justifiez, puis écrivez
# `case_ramassable(plt, c)`.

# %% tags=["readonly"] grade_id="code_plateau_q6"
# Vos données (ne pas modifier) : le plateau de la question 6 de votre variante.
plateau_q6 = variante("plateau_q6")
print("Votre plateau :", plateau_q6)
affiche(plateau_q6)

# %% tags=["solution"] grade_id="q6_reponse"
### BEGIN SOLUTION
# (la réponse pour le plateau de l'énoncé)
Q6a_ramassables = [7, 8, 9, 11]
### END SOLUTION

# %% tags=["tests"] grade_id="q6_tests_ramassables" points=0.5
tester("Q6a_ramassables", Q6a_ramassables)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q6a_ramassables", Q6a_ramassables)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q6_justification" points=0.5
# (Pour le plateau de l'énoncé.) Seules les cases 6 à 11 (chez Bob) peuvent être ramassées. Parmi elles, les cases 7 (3 graines),
# 8 (2), 9 (3) et 11 (2) ont 2 ou 3 graines ; la case 6 en a 4 et la case 10 une seule. La case 2 a
# bien 3 graines, mais elle est dans le camp d'Alice.

# %% tags=["solution"] grade_id="q6_case_ramassable"
def case_ramassable(plt, c):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.case_ramassable
    ### END SOLUTION


# %% tags=["tests"] grade_id="q6_tests" points=0.5
tester("Q6", case_ramassable, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 8)
tester("Q6", case_ramassable, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 6)
tester("Q6", case_ramassable, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q6", case_ramassable)
### END HIDDEN TESTS

# %% [markdown]
# ## Q7 — Récolter
#
# Après la semaille, on récolte en partant de la dernière case semée et en **revenant en arrière**
# (indices décroissants) : on ramasse chaque case ramassable et on s'arrête à la première qui ne l'est
# pas. La récolte ne passe donc jamais dans le camp du joueur courant.
#
# 1. Alice a semé sa case 3 ; sa dernière graine est tombée dans la case 10. Le plateau après la
#    semaille est `plateau_q7` (le vôtre ; dans l'énoncé reconstitué, `[1, 0, 2, 0, 1, 2, 2, 4, 3, 2, 3, 1]`).
#    Combien de graines récolte-t-elle ? Réponse dans
#    `Q7a_graines`, puis justification.
# 2. Écrivez `ramasser_graines(plt, c)` : `c` est la dernière case semée ; la fonction vide les cases
#    récoltées **dans `plt`** (pas de nouveau plateau) et renvoie le nombre de graines ramassées.
#    Utilisez `case_ramassable`.

# %% tags=["readonly"] grade_id="code_plateau_q7"
# Vos données (ne pas modifier) : le plateau de la question 7 de votre variante.
plateau_q7 = variante("plateau_q7")
print("Votre plateau :", plateau_q7)
affiche(plateau_q7)

# %% tags=["solution"] grade_id="q7_reponse"
### BEGIN SOLUTION
# (la réponse pour le plateau de l'énoncé)
Q7a_graines = 8
### END SOLUTION

# %% tags=["tests"] grade_id="q7_tests_graines" points=0.5
tester("Q7a_graines", Q7a_graines)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q7a_graines", Q7a_graines)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q7_justification" points=0.5
# (Pour le plateau de l'énoncé.) On part de la case 10 (3 graines, ramassable), puis la case 9 (2) et la case 8 (3) : 3 + 2 + 3 = 8.
# La case 7 a 4 graines : la récolte s'arrête là, et la case 6, qui a pourtant 2 graines, n'est pas
# ramassée.

# %% tags=["solution"] grade_id="q7_ramasser_graines"
def ramasser_graines(plt, c):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.ramasser_graines
    ### END SOLUTION


# %% tags=["tests"] grade_id="q7_tests" points=1.5
tester("Q7", ramasser_graines, [1, 0, 2, 0, 1, 2, 2, 4, 3, 2, 3, 1], 10)
# La case 4 de la figure 3 : la dernière graine tombe en 9, on récolte 9, 8 et 7.
tester("Q7", ramasser_graines, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 9)
# Une dernière graine dans le camp du joueur : rien à récolter.
tester("Q7", ramasser_graines, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q7", ramasser_graines)
### END HIDDEN TESTS

# %% [markdown]
# ## Q8 — La famine
#
# Il est interdit d'**affamer** l'adversaire : après la semaille et la récolte, il doit lui rester au
# moins une graine dans ses cases 6 à 11.
#
# 1. Sur `plateau_q8` (le vôtre ; dans l'énoncé reconstitué, `[1, 0, 4, 0, 0, 2, 1, 1, 0, 0, 0, 0]`), c'est
#    à Bob de jouer. Laquelle des cases 0, 2 et 5 affamerait
#    Alice ? Réponse dans `Q8a_case`, puis justification.
# 2. Écrivez `test_famine(plt, c)` qui renvoie **`True` si jouer la case `c` affame l'adversaire** (le
#    coup est à refuser), et `False` sinon. `plt` ne doit pas être modifié : travaillez sur une copie,
#    `copie = plt.copy()`.

# %% tags=["readonly"] grade_id="code_plateau_q8"
# Vos données (ne pas modifier) : le plateau de la question 8 de votre variante.
plateau_q8 = variante("plateau_q8")
print("Votre plateau :", plateau_q8)
affiche(plateau_q8)

# %% tags=["solution"] grade_id="q8_reponse"
### BEGIN SOLUTION
# (la réponse pour le plateau de l'énoncé)
Q8a_case = 5
### END SOLUTION

# %% tags=["tests"] grade_id="q8_tests_case" points=0.5
tester("Q8a_case", Q8a_case)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q8a_case", Q8a_case)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q8_justification" points=0.5
# (Pour le plateau de l'énoncé.) Alice n'a que deux graines, dans les cases 6 et 7. La case 0 de Bob sème en 1 : rien ne change chez
# Alice. La case 2 sème en 3, 4, 5 et 6 : la case 6 passe à 2 graines et est ramassée, mais la case 7
# garde sa graine. La case 5 sème en 6 et 7, qui passent à 2 graines chacune : la récolte prend la
# case 7 puis la case 6, Alice n'a plus rien. C'est la case 5 qui l'affame.

# %% tags=["solution"] grade_id="q8_test_famine"
def test_famine(plt, c):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.test_famine
    ### END SOLUTION


# %% tags=["tests"] grade_id="q8_tests" points=1.5
tester("Q8", test_famine, [1, 0, 4, 0, 0, 2, 1, 1, 0, 0, 0, 0], 5)
tester("Q8", test_famine, [1, 0, 4, 0, 0, 2, 1, 1, 0, 0, 0, 0], 2)
# Bob a une graine en 11 : la récolte des cases 10 à 6 la lui laisse.
tester("Q8", test_famine, [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 1], 5)
# L'adversaire n'a plus rien : la case 0 ne lui donne aucune graine.
tester("Q8", test_famine, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0], 0)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q8", test_famine)
### END HIDDEN TESTS

# %% [markdown]
# # Partie 3 — Le programme principal
#
# ## Q9 — Une case acceptable
#
# Une case est **acceptable** pour le joueur courant si elle est de son côté (0 à 5), non vide, et si
# la jouer n'affame pas l'adversaire. Écrivez `test_case(plt, c)`, qui renvoie `True` si la case `c` est
# acceptable. Attention au sens de `test_famine` : `True` veut dire « coup à refuser ». La fonction est
# notée sur les cases 0 à 11 (le sujet ne parle pas d'une saisie comme `-1`, qui n'est pas notée ; en
# Python, `plt[-1]` existe, mais ce n'est pas une case du joueur).

# %% tags=["solution"] grade_id="q9_test_case"
def test_case(plt, c):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.test_case
    ### END SOLUTION


# %% tags=["tests"] grade_id="q9_tests" points=1
tester("Q9", test_case, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 2)
tester("Q9", test_case, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 0)
tester("Q9", test_case, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 7)
tester("Q9", test_case, [1, 0, 4, 0, 0, 2, 1, 1, 0, 0, 0, 0], 5)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q9", test_case)
### END HIDDEN TESTS

# %% [markdown]
# ## Q10 — Les cases possibles
#
# Écrivez `cases_possibles(etat_jeu)` qui renvoie la liste des indices des cases acceptables pour le
# joueur courant (dans n'importe quel ordre ; l'ordre croissant est le plus naturel). `etat_jeu` ne doit
# pas être modifié.

# %% tags=["solution"] grade_id="q10_cases_possibles"
def cases_possibles(etat_jeu):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.cases_possibles
    ### END SOLUTION


# %% tags=["tests"] grade_id="q10_tests" points=1
from awale_ref.sujets.olympiades_2025_awale.awale_lycee import initialisation  # celle de l'énoncé : ce test marche seul
tester("Q10", cases_possibles, initialisation("Alice", "Bob"))
tester("Q10", cases_possibles, {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 8, "score_j2": 7,
                                "nb_tours": 10, "plateau": [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]})
# Le plateau de Q8, où Bob joue : la case 5 affamerait Alice.
tester("Q10", cases_possibles, {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 21, "score_j2": 17,
                                "nb_tours": 41, "plateau": [1, 0, 4, 0, 0, 2, 1, 1, 0, 0, 0, 0]})
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q10", cases_possibles)
### END HIDDEN TESTS

# %% [markdown]
# ## Q11 — La partie continue-t-elle ?
#
# Après chaque tour (le plateau est déjà tourné), la partie **s'arrête** si :
#
# - un joueur a récolté au moins 25 graines (plus de la moitié des 48) ;
# - les deux joueurs ont récolté **plus de 45** graines à eux deux (45 tout juste ne suffit pas) ;
# - le joueur qui doit jouer n'a aucune case acceptable ;
# - ou `nb_tours` vaut 100 ou plus.
#
# Écrivez `tour_termine(etat_jeu)` qui renvoie **`True` si la partie peut continuer**, `False` si elle est
# finie : le nom de la fonction est trompeur, suivez le sujet (c'est ce que `tour_jeu` attend).
# À la correction, chacune des quatre règles de fin compte pour sa part des points.

# %% tags=["solution"] grade_id="q11_tour_termine"
def tour_termine(etat_jeu):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.tour_termine
    ### END SOLUTION


# %% tags=["tests"] grade_id="q11_tests" points=1.5
from awale_ref.sujets.olympiades_2025_awale.awale_lycee import initialisation  # celle de l'énoncé : ce test marche seul
tester("Q11", tour_termine, initialisation("Alice", "Bob"))
# Alice a 25 graines.
tester("Q11", tour_termine, {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 25, "score_j2": 3,
                             "nb_tours": 30, "plateau": [2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 0]})
# 45 graines récoltées en tout, 3 sur le plateau : Alice peut jouer sa case 0.
tester("Q11", tour_termine, {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 22, "score_j2": 23,
                             "nb_tours": 60, "plateau": [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]})
# 46 graines récoltées en tout.
tester("Q11", tour_termine, {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 23, "score_j2": 23,
                             "nb_tours": 60, "plateau": [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]})
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q11", tour_termine)
### END HIDDEN TESTS

# %% [markdown] tags=["readonly"] grade_id="enonce_tour_jeu"
# ## Q12 — Un tour de jeu
#
# Le sujet donne la fonction `tour_jeu` avec quatre trous (`...`) :
#
# ```python
# def tour_jeu(etat_jeu, c):
#     plt = etat_jeu["plateau"]
#     # si la case jouée est acceptable :
#     if test_case(plt, c):
#         # Instruction1 : semer les graines
#         ...
#         # Instruction2 : ramasser les graines
#         ...
#         if ...:  # Condition1 : c'est j1 qui joue d'après le nombre de tours
#             etat_jeu["score_j1"] = etat_jeu["score_j1"] + graines_gagnees
#         else:
#             etat_jeu["score_j2"] = etat_jeu["score_j2"] + graines_gagnees
#         # Instruction3 : incrémenter le nombre de tours
#         ...
#         tourner_plateau(etat_jeu["plateau"])
#         return tour_termine(etat_jeu)
#     else:
#         print("La case choisie n'est pas acceptable")
#         return True
# ```
#
# Une case refusée ne change rien : la fonction affiche un message et renvoie `True`, pour que le même
# joueur propose une autre case. Une case acceptable est jouée, puis la fonction dit si la partie
# continue.

# %% [markdown]
# Complétez les quatre trous de la cellule suivante, chacun à sa place :
#
# - **Instruction 1** : semer les graines de la case `c`, en gardant la dernière case semée ;
# - **Instruction 2** : ramasser les graines à partir de cette case, en gardant le gain dans
#   `graines_gagnees` ;
# - **Condition 1** : l'expression du `if`, vraie quand c'est `joueur1` qui vient de jouer (on la range
#   ici dans la variable `condition1`) ;
# - **Instruction 3** : ajouter 1 au nombre de tours.
#
# À la correction, les coups sans récolte et les coups avec récolte (le gain va-t-il au bon joueur ?)
# comptent chacun pour une part des points.

# %% tags=["solution"] grade_id="q12_tour_jeu"
def tour_jeu(etat_jeu, c):
    plt = etat_jeu["plateau"]
    # si la case jouée est acceptable :
    if test_case(plt, c):
        # Instruction1 : semer les graines
        ### BEGIN SOLUTION
        derniere_case = semer_graines(plt, c)
        ### END SOLUTION
        # Instruction2 : ramasser les graines (graines_gagnees = …)
        ### BEGIN SOLUTION
        graines_gagnees = ramasser_graines(plt, derniere_case)
        ### END SOLUTION
        # Condition1 : c'est j1 qui joue d'après le nombre de tours (condition1 = …)
        ### BEGIN SOLUTION
        condition1 = tour_joueur1(etat_jeu)
        ### END SOLUTION
        if condition1:
            etat_jeu["score_j1"] = etat_jeu["score_j1"] + graines_gagnees
        else:
            etat_jeu["score_j2"] = etat_jeu["score_j2"] + graines_gagnees
        # Instruction3 : incrémenter le nombre de tours
        ### BEGIN SOLUTION
        etat_jeu["nb_tours"] = etat_jeu["nb_tours"] + 1
        ### END SOLUTION
        tourner_plateau(etat_jeu["plateau"])
        return tour_termine(etat_jeu)
    else:
        print("La case choisie n'est pas acceptable")
        return True


# %% tags=["tests"] grade_id="q12_tests" points=1
from awale_ref.sujets.olympiades_2025_awale.awale_lycee import initialisation  # celle de l'énoncé : ce test marche seul
# Premier coup de la partie : Alice joue la case 2.
tester("Q12", tour_jeu, initialisation("Alice", "Bob"), 2)
# La case 7 est à Bob : refusée, rien ne change.
tester("Q12", tour_jeu, initialisation("Alice", "Bob"), 7)
# Figure 3 : Alice (nb_tours pair) joue la case 4 et récolte 8 graines.
tester("Q12", tour_jeu, {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 10, "score_j2": 10,
                         "nb_tours": 24, "plateau": [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}, 4)
# La même position quand c'est Bob (nb_tours impair) qui joue : le gain va à score_j2.
tester("Q12", tour_jeu, {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 10, "score_j2": 10,
                         "nb_tours": 25, "plateau": [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}, 4)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q12", tour_jeu)
### END HIDDEN TESTS

# %% [markdown]
# ## Q13 — Qui a gagné ?
#
# Quand la partie est finie, chaque joueur ajoute à son score les graines de **son** camp (les cases 0
# à 5 sont au joueur courant : `joueur1` si `nb_tours` est pair). Écrivez `gagnant(etat_jeu)` qui fait
# ce dernier ramassage, met les scores à jour et renvoie le nom du joueur qui a le plus de graines, ou
# `"égalité"`. Vider le plateau ou le laisser tel quel : les deux sont acceptés.

# %% tags=["solution"] grade_id="q13_gagnant"
def gagnant(etat_jeu):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.gagnant
    ### END SOLUTION


# %% tags=["tests"] grade_id="q13_tests" points=1.25
# C'est à Bob de jouer (nb_tours impair) : les cases 0 à 5 sont les siennes.
tester("Q13", gagnant, {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 20, "score_j2": 24,
                        "nb_tours": 51, "plateau": [1, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0]})
# Égalité.
tester("Q13", gagnant, {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 23, "score_j2": 23,
                        "nb_tours": 40, "plateau": [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]})
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q13", gagnant)
### END HIDDEN TESTS

# %% [markdown]
# ## Q14 — Jouer une partie
#
# Écrivez `awale(nom_joueur1, nom_joueur2)` : une partie entre deux personnes au clavier. Tant que la
# partie continue (`tour_termine`), afficher le plateau, demander au joueur courant, **en le nommant**,
# la case qu'il joue (`int(input(...))`), et jouer le tour avec `tour_jeu` (qui refuse une case non
# acceptable : on redemande alors). À la fin, afficher le nom du gagnant, ou `"égalité"`.
#
# À la correction, la fonction joue des parties complètes dont les réponses au clavier sont données
# d'avance (parfois une case refusée) : on vérifie qu'elle demande une case par tour jusqu'à la fin,
# pas une de plus ; qu'à chaque tour, le nom du joueur qui doit jouer est affiché avant qu'elle lise sa
# case (dans l'invite de `input` ou sur une ligne affichée depuis la saisie précédente, l'autre nom
# peut y être aussi ; une case refusée peut être redemandée sans le répéter) ; et qu'une ligne affichée
# après la dernière saisie nomme le gagnant (et pas l'autre joueur). Le test ci-dessous fait de même
# avec une suite de réponses fixée. Pour jouer vous-même, lancez `awale("Alice", "Bob")` dans une
# cellule à vous.

# %% tags=["solution"] grade_id="q14_awale"
def awale(nom_joueur1, nom_joueur2):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.olympiades_2025_awale.awale_lycee.awale
    ### END SOLUTION


# %% tags=["tests"] grade_id="q14_tests" points=1.25
# Les réponses tapées au clavier, dans l'ordre (les cases refusées sont redemandées).
tester("Q14", awale, "Alice", "Bob", [2, 7, 3, 4, 1, 0, 5, 2, 3, 4, 1, 0, 5] * 30)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.olympiades_2025_awale import corriger
corriger("Q14", awale)
### END HIDDEN TESTS

# %% [markdown]
# ## Le plateau interactif, avec vos fonctions
#
# Le plateau ci-dessous joue avec **vos** fonctions (`semer_graines`, `ramasser_graines`, `test_famine`,
# `test_case`, `tour_termine`, `gagnant`…) et les règles de ce sujet : la partie s'arrête quand plus de
# 45 graines ont été ramassées, et non quand il ne reste que 3 graines sur le plateau. Cliquez sur une
# case entourée de jaune pour la jouer (Alice en bas, Bob en haut). Quand l'une de vos fonctions se
# trompe ou lève une erreur, le plateau l'explique au lieu de jouer. Les messages nomment chaque case
# par le numéro écrit sous elle ; pour Bob, son numéro dans `etat_jeu["plateau"]` (0 à 5) suit entre
# parenthèses.
#
# (si le plateau disparaît)

# %% tags=["readonly"] grade_id="plateau_interactif"
# Le plateau interactif, joué avec vos fonctions (ne pas modifier).
from awale_ref.widget import Plateau

Plateau(indices=True, sujet="lycee",
        regles={"tour_joueur1": tour_joueur1, "somme": somme, "tourner_plateau": tourner_plateau,
                "semer_graines": semer_graines, "case_ramassable": case_ramassable,
                "ramasser_graines": ramasser_graines, "test_famine": test_famine, "test_case": test_case,
                "cases_possibles": cases_possibles, "tour_termine": tour_termine, "gagnant": gagnant})
