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
# # Othello (EPITA PSI 2024, DS4) — plateau, minmax avec passes, codage en base 3, SQL (Q1 à Q24)
#
# Othello se joue à deux sur un plateau de 8 × 8 cases. Chaque joueur pose à son tour un jeton de sa
# couleur sur une case vide ; le coup n'est permis que s'il **encadre** au moins une ligne de jetons
# adverses (horizontale, verticale ou diagonale) entre le jeton posé et un autre jeton du joueur : tous
# ces jetons encadrés sont alors **retournés** et changent de couleur. Un joueur qui ne peut pas jouer
# **passe** son tour ; la partie s'arrête quand aucun des deux ne peut plus jouer, et celui qui a le
# plus de jetons gagne.
#
# Conventions (celles du corrigé) :
#
# - le plateau `p` est une liste de 8 lignes de 8 entiers : `0` pour une case vide, `1` pour un jeton
#   du joueur J1 (qui commence), `-1` pour un jeton de J2 ; le joueur est noté `j` (`1` ou `-1`), son
#   adversaire est donc `-j` ;
# - une case est un couple `(x, y)` : ligne `x`, colonne `y`, de 0 à 7, et sa valeur est `p[x][y]` ;
# - une direction est un couple `(dx, dy)` de valeurs -1, 0 ou 1, pas toutes deux nulles (8 directions) ;
# - une **case frontière** est une case vide voisine d'au moins un jeton : on ne peut jouer que là.
#   Dans toutes les fonctions, le paramètre `l` est la liste des cases frontières du plateau.
#
# Le sujet original est perdu : seul son corrigé nous est parvenu. Ce carnet en garde la numérotation,
# les noms et les paramètres ; les points qu'il laisse ouverts, et les erreurs du corrigé, sont
# expliqués dans `docs/othello_lectures.md`.
#
# **Comment travailler.**
#
# - Exécutez les cellules dans l'ordre (Maj + Entrée). La cellule « Outils » importe `tester` :
#   n'importez rien d'autre de `awale_ref`, écrivez vos propres fonctions.
# - Remplacez `raise NotImplementedError()` par votre code, en gardant le nom et les paramètres.
# - La cellule de tests qui suit rejoue quelques exemples ; à la correction, des **tests cachés**
#   comparent votre fonction à une référence sur des centaines de positions tirées de vraies parties
#   (du début à la fin, passes comprises) et sur des cas limites nommés (un joueur qui passe, deux
#   joueurs bloqués, un plateau plein, une capture dans les huit directions, des lignes qui vont
#   jusqu'au bord). Les points d'une question sont répartis entre ses **règles**.
# - Chaque question est notée **seule** : si votre fonction en appelle une autre, c'est la version de
#   référence de l'autre qui est utilisée pendant la correction.
# - Une liste de cases ou de directions peut être rendue dans n'importe quel ordre ; pour les IA,
#   tout coup de meilleure valeur est accepté.
# - Les cellules « Justification » sont corrigées à la main par l'enseignant.
# - **Chacun ses données.** Dans la version notée, chaque élève reçoit sa propre position de la question 2
#   et ses propres estimations de la question 15, tirées de son identifiant (son compte sur le serveur de
#   la classe, ou son identifiant nbgrader) : répondez sur **vos** données, celles qu'affichent leurs
#   cellules, et la correction vous note sur elles. En autonomie, ces cellules affichent les données de
#   l'énoncé, et `autre_variante()` (puis une nouvelle exécution des cellules) en tire d'autres pour vous
#   entraîner.

# %% [markdown] tags=["bareme"]
# (barème généré)

# %% tags=["readonly"] grade_id="imports"
# Outils (ne pas modifier) : les tests, et l'affichage du résultat d'une requête SQL (partie 5).
from awale_ref.sujets.othello_epita_2024 import montrer_requete, tester

# %% [markdown]
# ## Partie 1 — Le plateau
#
# ### Q1 — La position de départ
#
# Écrivez `plateau_depart()` qui renvoie le plateau du début de partie : toutes les cases vides, sauf
# les quatre du centre, avec `-1` en `(3, 3)` et `(4, 4)`, `1` en `(3, 4)` et `(4, 3)`. Chaque ligne doit
# être une liste à part : `[[0] * 8] * 8` répète huit fois *la même* ligne.

# %% tags=["solution"] grade_id="q1_plateau_depart"
def plateau_depart():
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.plateau_depart
    ### END SOLUTION


# %% tags=["tests"] grade_id="q1_tests" points=0.5
tester("Q1", plateau_depart)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q1", plateau_depart)
### END HIDDEN TESTS

# %% [markdown]
# ### Q2 — Les premiers coups de J1
#
# Sur le plateau `p_q2` ci-dessous, c'est à J1 de jouer. Où peut-il poser son jeton ? Donnez la liste des
# cases dans `Q2_coups`, trouvée à la main : cherchez, pour chaque case vide, une ligne de jetons `-1`
# fermée par un jeton `1`. Dans l'énoncé, `p_q2` est le plateau de départ ; chacun a le sien, atteint
# depuis le départ en quelques coups (J1 a joué autant de fois que J2).

# %% tags=["readonly"] grade_id="code_p_q2"
# Vos données (ne pas modifier) : le plateau de la question 2 de votre variante (lignes x, colonnes y).
from IPython.display import HTML, display

from awale_ref.sujets.othello_epita_2024 import autre_variante, variante
from awale_ref.sujets.othello_epita_2024.presentation import dessin_html

p_q2 = variante("p_q2")
print("Votre plateau :", p_q2)
display(HTML(dessin_html(p_q2, "p_q2")))

# %% tags=["solution"] grade_id="q2_reponse"
### BEGIN SOLUTION
# (la réponse pour le plateau de l'énoncé)
Q2_coups = [(2, 3), (3, 2), (4, 5), (5, 4)]
### END SOLUTION

# %% tags=["tests"] grade_id="q2_tests" points=0.5
tester("Q2_coups", Q2_coups)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q2_coups", Q2_coups)
### END HIDDEN TESTS

# %% [markdown]
# ### Q3 — Le score
#
# Écrivez `score(p)` qui renvoie la somme des valeurs des 64 cases : le nombre de jetons de J1 moins
# celui de J2. Un score positif donne J1 en tête.

# %% tags=["solution"] grade_id="q3_score"
def score(p):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.score
    ### END SOLUTION


# %% tags=["tests"] grade_id="q3_tests" points=0.25
from awale_ref.sujets.othello_epita_2024.othello import p_depart, p_milieu  # les plateaux des exemples
tester("Q3", score, p_depart)
tester("Q3", score, p_milieu)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q3", score)
### END HIDDEN TESTS

# %% [markdown]
# ### Q4 — Les voisines d'une case
#
# Écrivez `cases_voisines(x, y)` qui renvoie la liste des cases voisines de `(x, y)` (dans les huit
# directions) **qui sont sur le plateau** : 8 au milieu, 5 sur un bord, 3 dans un coin.

# %% tags=["solution"] grade_id="q4_cases_voisines"
def cases_voisines(x, y):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.cases_voisines
    ### END SOLUTION


# %% tags=["tests"] grade_id="q4_tests" points=0.5
tester("Q4", cases_voisines, 0, 0)
tester("Q4", cases_voisines, 3, 7)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q4", cases_voisines)
### END HIDDEN TESTS

# %% [markdown]
# ### Q5 — Les cases libres
#
# Écrivez `cases_libres(p, l)` qui renvoie la liste des cases de `l` qui sont vides sur le plateau `p`.

# %% tags=["solution"] grade_id="q5_cases_libres"
def cases_libres(p, l):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.cases_libres
    ### END SOLUTION


# %% tags=["tests"] grade_id="q5_tests" points=0.5
from awale_ref.sujets.othello_epita_2024.othello import p_depart
tester("Q5", cases_libres, p_depart, [(3, 3), (2, 3), (0, 0)])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q5", cases_libres)
### END HIDDEN TESTS

# %% [markdown]
# ### Q6 — Combien de cases frontières un coup ajoute-t-il ?
#
# Plutôt que de recalculer toutes les cases frontières après chaque coup, on met la liste à jour.
# Quand un jeton est posé, combien de nouvelles cases frontières peuvent apparaître **au plus** ?
# Donnez ce nombre dans `Q6_borne`, puis justifiez-le.

# %% tags=["solution"] grade_id="q6_reponse"
### BEGIN SOLUTION
Q6_borne = 6
### END SOLUTION

# %% tags=["tests"] grade_id="q6_tests" points=0.5
tester("Q6_borne", Q6_borne)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q6_borne", Q6_borne)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q6_justification" points=0.5
# Le jeton est posé sur une case frontière, qui cesse d'en être une. Les nouvelles cases frontières sont
# des voisines de la case jouée : 8 au plus. Mais on ne joue qu'à côté d'un jeton déjà posé, donc une de
# ces voisines au moins est occupée et ne devient pas frontière : au plus 8 - 1 = 7 cases ajoutées, une
# retirée, soit au plus 6 cases frontières de plus.

# %% [markdown]
# ### Q7 — Mettre à jour les cases frontières
#
# Écrivez `cases_frontieres(p, l, c)` qui renvoie la liste des cases frontières une fois un jeton posé
# en `c` (une case de `l`, la liste des cases frontières de `p`) : `c` n'en fait plus partie, et ses
# voisines vides qui n'y étaient pas encore s'y ajoutent, **chacune une seule fois**.
#
# Contraintes : **pas de test `in`** (`x in L`, `x not in L`) sur la liste que vous construisez — il
# parcourt toute la liste ; gardez plutôt, dans un dictionnaire ou un tableau de booléens 8 × 8, les
# cases déjà ajoutées. Et ne modifiez pas `l` : l'IA la réutilise pour chaque coup essayé.

# %% tags=["solution"] grade_id="q7_cases_frontieres"
def cases_frontieres(p, l, c):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.cases_frontieres
    ### END SOLUTION


# %% tags=["tests"] grade_id="q7_tests" points=1.5
from awale_ref.sujets.othello_epita_2024.othello import p_depart, l_depart
tester("Q7", cases_frontieres, p_depart, l_depart, (2, 3))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q7", cases_frontieres)
### END HIDDEN TESTS

# %% [markdown]
# ### Q8 — Un pas dans une direction
#
# Écrivez `deplacer(c, d)` qui renvoie la case atteinte depuis `c` en faisant un pas dans la direction
# `d` (sans vérifier qu'elle est sur le plateau).

# %% tags=["solution"] grade_id="q8_deplacer"
def deplacer(c, d):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.deplacer
    ### END SOLUTION


# %% tags=["tests"] grade_id="q8_tests" points=0.25
tester("Q8", deplacer, (3, 4), (-1, 1))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q8", deplacer)
### END HIDDEN TESTS

# %% [markdown]
# ## Partie 2 — Jouer un coup
#
# ### Q9 — Une direction qui capture
#
# Écrivez `est_direction_possible(p, c, d, j)` : vrai si un jeton de `j` posé en `c` encadre des jetons
# adverses dans la direction `d`, c'est-à-dire si la case suivante porte un jeton de `-j`, et si, après
# un ou plusieurs jetons de `-j`, on trouve un jeton de `j`. Attention à ne jamais lire une case hors du
# plateau : une ligne de jetons adverses qui va jusqu'au bord ne capture rien.

# %% tags=["solution"] grade_id="q9_est_direction_possible"
def est_direction_possible(p, c, d, j):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.est_direction_possible
    ### END SOLUTION


# %% tags=["tests"] grade_id="q9_tests" points=1.5
from awale_ref.sujets.othello_epita_2024.othello import p_depart
tester("Q9", est_direction_possible, p_depart, (2, 3), (1, 0), 1)
tester("Q9", est_direction_possible, p_depart, (2, 3), (1, 1), 1)
tester("Q9", est_direction_possible, p_depart, (3, 2), (0, 1), 1)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q9", est_direction_possible)
### END HIDDEN TESTS

# %% [markdown]
# ### Q10 — Toutes les directions qui capturent
#
# Écrivez `directions_possibles(p, c, j)` qui renvoie la liste des directions dans lesquelles un jeton
# de `j` posé en `c` capture. Sur `p_huit`, J1 jouant en `(3, 3)` capture dans les huit directions.

# %% tags=["solution"] grade_id="q10_directions_possibles"
def directions_possibles(p, c, j):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.directions_possibles
    ### END SOLUTION


# %% tags=["tests"] grade_id="q10_tests" points=1
from awale_ref.sujets.othello_epita_2024.othello import p_depart, p_huit
tester("Q10", directions_possibles, p_depart, (2, 3), 1)
tester("Q10", directions_possibles, p_huit, (3, 3), 1)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q10", directions_possibles)
### END HIDDEN TESTS

# %% [markdown]
# ### Q11 — Les cases jouables
#
# Écrivez `cases_jouables(p, l, j)` qui renvoie la liste des cases de `l` où `j` peut jouer (au moins
# une direction capture).

# %% tags=["solution"] grade_id="q11_cases_jouables"
def cases_jouables(p, l, j):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.cases_jouables
    ### END SOLUTION


# %% tags=["tests"] grade_id="q11_tests" points=0.5
from awale_ref.sujets.othello_epita_2024.othello import p_depart, l_depart, p_milieu, l_milieu
tester("Q11", cases_jouables, p_depart, l_depart, 1)
tester("Q11", cases_jouables, p_milieu, l_milieu, 1)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q11", cases_jouables)
### END HIDDEN TESTS

# %% [markdown]
# ### Q12 — Retourner les jetons d'une direction
#
# Écrivez `capturer(p, c, d)` qui retourne **sur place** (elle modifie `p` et ne renvoie rien) les jetons
# adverses rencontrés depuis `c` dans la direction `d`, jusqu'au jeton du joueur qui ferme la ligne. On
# l'appelle après avoir posé le jeton du joueur en `c`, pour une direction `d` possible. Le joueur n'est
# pas un paramètre : c'est l'adversaire du premier jeton rencontré (ou celui du jeton posé en `c`).

# %% tags=["solution"] grade_id="q12_capturer"
def capturer(p, c, d):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.capturer
    ### END SOLUTION


# %% tags=["tests"] grade_id="q12_tests" points=1
tester("Q12", capturer, [[0] * 8, [0] * 8, [0, 0, 0, 1, 0, 0, 0, 0], [0, 0, 0, -1, 1, 0, 0, 0],
                         [0, 0, 0, 1, -1, 0, 0, 0], [0] * 8, [0] * 8, [0] * 8], (2, 3), (1, 0))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q12", capturer)
### END HIDDEN TESTS

# %% [markdown]
# ### Q13 — Copier un plateau
#
# Écrivez `copier_plateau(p)` qui renvoie une copie de `p` construite **élément par élément** (sans
# `deepcopy`) : modifier la copie ne doit jamais modifier `p`. `list(p)` ou `p[:]` ne suffisent pas :
# les lignes seraient partagées.

# %% tags=["solution"] grade_id="q13_copier_plateau"
def copier_plateau(p):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.copier_plateau
    ### END SOLUTION


# %% tags=["tests"] grade_id="q13_tests" points=0.5
from awale_ref.sujets.othello_epita_2024.othello import p_milieu
tester("Q13", copier_plateau, p_milieu)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q13", copier_plateau)
### END HIDDEN TESTS

# %% [markdown]
# ### Q14 — Poser un jeton
#
# Écrivez `poser_jeton(p, c, j)` qui renvoie le **nouveau** plateau après que `j` a joué en `c` (une case
# jouable) : le jeton posé, et les jetons retournés dans **toutes** les directions possibles. Le plateau
# `p` ne doit pas être modifié.

# %% tags=["solution"] grade_id="q14_poser_jeton"
def poser_jeton(p, c, j):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.poser_jeton
    ### END SOLUTION


# %% tags=["tests"] grade_id="q14_tests" points=1
from awale_ref.sujets.othello_epita_2024.othello import p_depart, p_huit
tester("Q14", poser_jeton, p_depart, (2, 3), 1)
tester("Q14", poser_jeton, p_huit, (3, 3), 1)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q14", poser_jeton)
### END HIDDEN TESTS

# %% [markdown]
# ## Partie 3 — Une intelligence artificielle
#
# ### Q15 — Jusqu'où regarder ?
#
# On estime qu'un joueur a en moyenne `c` coups possibles : pour prévoir `n` tours, il faut examiner
# environ `c**n` plateaux, chacun en `t` seconde. En disposant de l'âge de l'univers, environ
# `4 × 10**17` secondes, combien de tours au plus peut-on prévoir ? Donnez l'entier `Q15_tours` et
# justifiez le calcul. Dans l'énoncé, `c = 7` et `t = 2 × 10**-4` ; chacun a ses estimations, celles de la
# cellule ci-dessous.

# %% tags=["readonly"] grade_id="code_q15"
# Vos données (ne pas modifier) : les estimations de la question 15 de votre variante.
q15 = variante("q15")
print("Vos estimations :", q15)
mantisse, exposant = f"{q15['secondes']:.0e}".split("e")
print(f"c = {q15['coups']} coups en moyenne, t = {mantisse} × 10**{int(exposant)} seconde par plateau.")

# %% tags=["solution"] grade_id="q15_reponse"
### BEGIN SOLUTION
# (la réponse pour les estimations de l'énoncé)
Q15_tours = 25
### END SOLUTION

# %% tags=["tests"] grade_id="q15_tests" points=0.5
tester("Q15_tours", Q15_tours)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q15_tours", Q15_tours)
### END HIDDEN TESTS

# %% [markdown] tags=["manual"] grade_id="q15_justification" points=0.5
# (Pour les estimations de l'énoncé.) Il faut 7^n × 2 × 10^-4 < 4 × 10^17, soit 7^n < 2 × 10^21, donc n < (ln 2 + 21 ln 10) / ln 7 ≈ 25,2 :
# on peut prévoir au plus 25 tours — à peine la moitié d'une partie, qui en compte une soixantaine.

# %% [markdown]
# ### Q16 — L'IA naïve
#
# Une **fonction d'évaluation** `f` donne une valeur à un plateau : grande s'il est bon pour J1, petite
# s'il est bon pour J2 (`score` en est une). Écrivez `ia_naive(p, l, f, j)` qui renvoie le couple
# `(case, valeur)` : parmi les cases jouables de `l` pour `j`, celle dont le plateau après le coup a la
# **meilleure** valeur par `f` — la plus grande pour J1 (`j = 1`), la plus petite pour J2 (`j = -1`) —
# et cette valeur. Renvoyez bien la meilleure case, pas la dernière essayée.

# %% tags=["solution"] grade_id="q16_ia_naive"
def ia_naive(p, l, f, j):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.ia_naive
    ### END SOLUTION


# %% tags=["tests"] grade_id="q16_tests" points=1.5
from awale_ref.sujets.othello_epita_2024.othello import p_milieu, jouables_milieu, jouables_milieu_j2
tester("Q16", ia_naive, p_milieu, jouables_milieu, score, 1)
tester("Q16", ia_naive, p_milieu, jouables_milieu_j2, score, -1)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q16", ia_naive)
### END HIDDEN TESTS

# %% [markdown]
# ### Q17 — Minmax
#
# On suppose ici que le joueur qui doit jouer a toujours un coup. Écrivez la fonction **récursive**
# `ia_minmax(p, l, f, j, n)` qui renvoie le couple `(case, valeur)` choisi en regardant `n` coups à
# l'avance (`n >= 1`) :
#
# - pour `n = 1`, c'est la réponse de `ia_naive` ;
# - sinon, pour chaque case jouable `c`, on pose le jeton (nouveau plateau et nouvelles cases
#   frontières), et la valeur du coup est celle que renvoie `ia_minmax` pour l'adversaire, à la
#   profondeur `n - 1` ; J1 garde la plus grande, J2 la plus petite.
#
# Attention : la case renvoyée est un coup **du joueur `j`** ; ne l'écrasez pas avec celle que renvoie
# l'appel récursif (qui est un coup de l'adversaire).

# %% tags=["solution"] grade_id="q17_ia_minmax"
def ia_minmax(p, l, f, j, n):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.ia_minmax
    ### END SOLUTION


# %% tags=["tests"] grade_id="q17_tests" points=1.5
from awale_ref.sujets.othello_epita_2024.othello import p_milieu, l_milieu
tester("Q17", ia_minmax, p_milieu, l_milieu, score, 1, 1)
tester("Q17", ia_minmax, p_milieu, l_milieu, score, 1, 2)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q17", ia_minmax)
### END HIDDEN TESTS

# %% [markdown]
# ### Q18 — Minmax avec passes
#
# En vrai, un joueur peut être bloqué. Écrivez `ia_minmax_tp(p, l, f, j, n, tp)`, une version de
# `ia_minmax` où le booléen `tp` vaut `True` quand l'adversaire vient de passer son tour sur ce même
# plateau (on l'appelle avec `tp = False`). Si `j` peut jouer, rien ne change (les appels récursifs
# passent `tp = False`). Sinon :
#
# - si `tp` vaut `True`, personne ne peut jouer : la partie est finie, et la valeur est `10000` si
#   `score(p) > 0`, `-10000` si `score(p) < 0`, `0` en cas d'égalité ;
# - sinon `j` passe : l'adversaire joue sur le même plateau avec `tp = True`, à la profondeur `n - 1` si
#   `n > 1`, et encore à la profondeur 1 si `n = 1`.
#
# Quand `j` ne peut pas jouer, seule la valeur est notée (renvoyez par exemple `None` pour la case).
# La fonction s'appelle `ia_minmax_tp` pour que les deux versions coexistent dans ce carnet.

# %% tags=["solution"] grade_id="q18_ia_minmax_tp"
def ia_minmax_tp(p, l, f, j, n, tp):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.ia_minmax_tp
    ### END SOLUTION


# %% tags=["tests"] grade_id="q18_tests" points=1.5
from awale_ref.sujets.othello_epita_2024.othello import p_milieu, l_milieu, p_passe, l_passe
tester("Q18", ia_minmax_tp, p_milieu, l_milieu, score, 1, 2, False)
tester("Q18", ia_minmax_tp, p_passe, l_passe, score, -1, 2, False)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q18", ia_minmax_tp)
### END HIDDEN TESTS

# %% [markdown]
# ### L'arbre de votre IA, et une partie contre elle
#
# La cellule suivante dessine l'arbre que votre `ia_minmax_tp` explore à la profondeur 2 sur une fin de
# partie (Noir joue) : chaque nœud porte son plateau et sa valeur, le maximum de ses enfants quand Noir
# joue, le minimum quand Blanc joue ; le coup choisi est en vert. Comparez avec ce que vous attendez.
# Puis jouez Noir contre votre IA : cliquez sur une case marquée d'un petit point (une case où Noir peut
# jouer) ; la case `(x, y)` est à la ligne `x` (numéros à gauche) et à la colonne `y` (numéros en haut),
# le dernier coup est encadré de jaune, et la profondeur se règle au-dessus du plateau.

# %% tags=["readonly"] grade_id="arbre_et_plateau"
from awale_ref.sujets.othello_epita_2024.arbre import P_ARBRE, arbre_minmax, dessiner_arbre
from awale_ref.sujets.othello_epita_2024.plateau import PlateauOthello

try:
    display(dessiner_arbre(arbre_minmax(P_ARBRE, 1, 2, ia=ia_minmax_tp)))
    display(PlateauOthello(adversaire="IA joue Blanc", profondeur=2, ia=ia_minmax_tp))
except NotImplementedError:
    print("Écrivez d'abord ia_minmax_tp (Q18) : l'arbre et le plateau utilisent votre fonction.")
except Exception as erreur:
    print(f"Votre ia_minmax_tp a levé {type(erreur).__name__} : {erreur}")

# %% [markdown]
# ## Partie 4 — Un plateau en un seul nombre
#
# Pour ranger des plateaux dans une base de données, on code chacun par un entier : la case `(i, j)`
# porte le numéro `n = 8 i + j` (de 0 à 63) et donne le chiffre `1 + p[i][j]` (0, 1 ou 2) de rang `n`
# en base 3. Le code est donc la somme des `(1 + p[i][j]) × 3**(8 i + j)`.
#
# ### Q19 — Coder

# %% tags=["solution"] grade_id="q19_encode"
def encode(p):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.encode
    ### END SOLUTION


# %% tags=["tests"] grade_id="q19_tests" points=1
from awale_ref.sujets.othello_epita_2024.othello import p_depart
tester("Q19", encode, p_depart)
tester("Q19", encode, [[-1] * 8 for i in range(8)])
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q19", encode)
### END HIDDEN TESTS

# %% [markdown]
# ### Q20 — Décoder
#
# Écrivez `decode(e)` qui renvoie le plateau dont le code est `e` : les chiffres de `e` en base 3 se
# lisent un par un avec `e % 3` et `e // 3`.

# %% tags=["solution"] grade_id="q20_decode"
def decode(e):
    ### BEGIN SOLUTION
    ### SOLUTION: awale_ref.sujets.othello_epita_2024.othello.decode
    ### END SOLUTION


# %% tags=["tests"] grade_id="q20_tests" points=1
tester("Q20", decode, 0)
tester("Q20", decode, 12345)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q20", decode)
### END HIDDEN TESTS

# %% [markdown]
# ### Q21 — La taille d'un code (question reconstruite)
#
# La question 21 manque dans le document d'origine ; celle-ci la remplace, entre le codage et la base
# de données. Quel est le plus grand code possible, et combien de bits faut-il pour le stocker ? Un
# entier de 64 bits suffit-il ? Donnez `Q21_code = {"code_max": ..., "bits": ...}`.

# %% tags=["solution"] grade_id="q21_reponse"
### BEGIN SOLUTION
Q21_code = {"code_max": 3 ** 64 - 1, "bits": 102}
### END SOLUTION

# %% tags=["tests"] grade_id="q21_tests" points=0.5
tester("Q21_code", Q21_code)
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q21_code", Q21_code)
### END HIDDEN TESTS

# %% [markdown]
# ## Partie 5 — Une base de parties en SQL
#
# Les parties et les analyses de l'IA sont rangées dans une base de données à trois tables :
#
# - `plateaux(codePlateau, joueurActif, profondeur, caseX, caseY)` : les cases `(caseX, caseY)` que l'IA
#   a étudiées depuis le plateau de code `codePlateau` (le code de Q19), pour le joueur `joueurActif`,
#   à la profondeur de recherche `profondeur` ;
# - `joueurs(idJoueur, nomComplet)` ;
# - `parties(idPartie, joueurs_idJ1, joueurs_idJ2, joueurs_idGagnant, score)` : le premier joueur, le
#   second, le gagnant (`NULL` pour une partie nulle) et le score final, jetons de J1 moins jetons de J2
#   (négatif quand J2 gagne).
#
# Chaque réponse est une requête SQL dans une chaîne de caractères. La cellule de tests vérifie qu'elle
# s'exécute et a le bon nombre de colonnes, et `montrer_requete` affiche ses premières lignes ; à la
# correction, elle est exécutée sur **une autre base**, construite de la même façon (d'autres joueurs,
# d'autres parties, d'autres identifiants), et comparée au résultat attendu. L'ordre des lignes ne
# compte pas. Les deux bases sont les vôtres : identifiants, noms (sauf celui de Beth Harmon), scores et cases
# étudiées changent d'un élève à l'autre (tirés de votre identifiant) ; un résultat recopié chez un camarade,
# ou écrit en dur, ne donne donc pas le bon résultat. Le code 3917277946 de Q22 est celui de l'énoncé : ce n'est pas le code d'un plateau d'une
# vraie partie, c'est une simple donnée de la base.

# %% [markdown]
# ### Q22 — Les coups étudiés le plus loin
#
# Écrivez une requête qui renvoie les cases `caseX, caseY` étudiées depuis le plateau 3917277946 pour le
# joueur actif 1, à la **plus grande** profondeur atteinte pour ce plateau et ce joueur (toutes les cases
# de cette profondeur s'il y en a plusieurs).

# %% tags=["solution"] grade_id="q22_requete"
### BEGIN SOLUTION
Q22 = """
SELECT caseX, caseY FROM plateaux
WHERE codePlateau = 3917277946 AND joueurActif = 1
  AND profondeur = (SELECT MAX(profondeur) FROM plateaux WHERE codePlateau = 3917277946 AND joueurActif = 1)
"""
### END SOLUTION

# %% tags=["tests"] grade_id="q22_tests" points=0.5
tester("Q22", Q22)
display(montrer_requete(Q22))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q22", Q22)
### END HIDDEN TESTS

# %% [markdown]
# ### Q23 — Le score moyen de Beth Harmon
#
# Écrivez une requête qui renvoie la moyenne des scores des parties où **Beth Harmon** joue en premier
# (une seule valeur). Cherchez-la par son nom : son identifiant n'est pas le même dans la base de
# correction.

# %% tags=["solution"] grade_id="q23_requete"
### BEGIN SOLUTION
Q23 = """
SELECT AVG(score) FROM parties AS p JOIN joueurs AS j ON j.idJoueur = p.joueurs_idJ1
WHERE nomComplet = 'Beth Harmon'
"""
### END SOLUTION

# %% tags=["tests"] grade_id="q23_tests" points=0.5
tester("Q23", Q23)
display(montrer_requete(Q23))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q23", Q23)
### END HIDDEN TESTS

# %% [markdown]
# ### Q24 — Les plus larges victoires de J2
#
# Écrivez une requête qui renvoie, pour les trois parties gagnées par J2 avec le plus grand écart (les
# trois plus petits scores), le nom du gagnant et le score. Deux joueurs différents peuvent porter le
# même nom : un joueur se reconnaît à son identifiant.

# %% tags=["solution"] grade_id="q24_requete"
### BEGIN SOLUTION
Q24 = """
SELECT nomComplet, score FROM joueurs AS j JOIN parties AS p ON p.joueurs_idGagnant = j.idJoueur
ORDER BY score LIMIT 3
"""
### END SOLUTION

# %% tags=["tests"] grade_id="q24_tests" points=0.5
tester("Q24", Q24)
display(montrer_requete(Q24))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.othello_epita_2024 import corriger
corriger("Q24", Q24)
### END HIDDEN TESTS
