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
# # Partie III.3 — La bibliothèque d'ouvertures en SQL (Q22 à Q25)
#
# Explorer l'arbre des coups jusqu'à une grande profondeur coûte cher, surtout en début de partie où
# tout est encore possible. Une autre idée : s'appuyer sur l'historique de milliers de parties déjà
# jouées, rangées dans une base de données relationnelle, pour savoir quels premiers coups réussissent.
#
# Ici, cette « bibliothèque d'ouvertures » est une vraie base SQLite : 240 joueurs et 20 000 parties
# jouées jusqu'au bout par des programmes de forces différentes. Vos réponses sont des **requêtes SQL**,
# écrites dans des chaînes de caractères Python.
#
# **Comment travailler.** Pour chaque question, remplacez le contenu de la cellule à compléter par une
# chaîne de caractères entre triples guillemets qui contient votre requête, par exemple
# `Q22 = """SELECT …"""`, puis exécutez la cellule de tests : elle vérifie que la
# requête s'exécute et a le bon nombre de colonnes, et vous montre ses premières lignes. Elle ne vous dit
# pas si le résultat est juste : c'est votre travail de le vérifier (ordres de grandeur, cas limites).
# Lors de la correction, votre requête est exécutée sur **une autre bibliothèque**, construite de la même
# façon mais avec d'autres joueurs et d'autres parties, et son résultat est comparé à celui de la
# requête attendue. À tout moment, `montrer_requete(requete)` affiche le résultat d'une requête de votre
# choix : servez-vous-en pour essayer des morceaux de requête.
#
# Seules les requêtes de lecture (`SELECT`) sont acceptées ; une requête qui tourne trop longtemps est
# arrêtée.

# %% [markdown] tags=["bareme"]
# (barème généré)

# %% tags=["readonly"] grade_id="imports"
# Outils de test et d'affichage (ne pas modifier).
from awale_ref.sujets.ccinp_2024 import montrer_requete, tester

# %% [markdown] tags=["readonly"] grade_id="enonce_tables"
# ## Les deux tables
#
# **`Joueur`** : une ligne par joueur.
#
# | colonne | type | contenu |
# |---|---|---|
# | `id_Joueur` | entier, clé primaire | l'identifiant du joueur |
# | `nom` | texte | son nom de famille |
# | `prenom` | texte | son prénom |
# | `niveau` | entier | le meilleur niveau (classement) qu'il a atteint pendant sa carrière |
# | `naissance` | date | sa date de naissance |
#
# **`Partie`** : une ligne par partie jouée.
#
# | colonne | type | contenu |
# |---|---|---|
# | `id_Partie` | entier, clé primaire | l'identifiant de la partie |
# | `id_joueur1` | entier | l'identifiant du joueur qui a commencé la partie (`joueur1`) |
# | `id_joueur2` | entier | l'identifiant de son adversaire (`joueur2`) |
# | `resultat` | flottant | du point de vue de `joueur1` : `1` victoire, `0.5` égalité, `0` défaite |
# | `jour` | date | le jour de la partie |
# | `jeu` | texte | les coups joués, dans l'ordre, une lettre par coup |
#
# **La colonne `jeu`.** Le plateau n'est pas retourné entre deux coups : les cases sont numérotées une
# fois pour toutes de 0 à 11, les cases 0 à 5 étant celles de `joueur1`, les cases 6 à 11 celles de
# `joueur2`. La case d'indice `i` est notée par la `i+1`-ième lettre de l'alphabet : `'a'` pour la case 0,
# `'b'` pour la case 1, …, `'f'` pour la case 5, puis `'g'` à `'l'` pour les cases 6 à 11. Les lettres
# alternent donc entre les deux joueurs : dans `'egai…'`, `joueur1` joue la case 4 (`'e'`), `joueur2`
# la case 6 (`'g'`), `joueur1` la case 0 (`'a'`), `joueur2` la case 8 (`'i'`), et ainsi de suite.
#
# *SQLite n'a pas de vrai type date : les dates sont rangées sous forme de textes `'AAAA-MM-JJ'`, qui se
# comparent et se trient comme les dates elles-mêmes.*
#
# **Vos données.** Cette bibliothèque est la vôtre : les parties sont celles de tous, mais les identifiants,
# les noms et les niveaux des joueurs changent d'un élève à l'autre (ils sont tirés de votre identifiant), et la
# bibliothèque de correction est, elle aussi, la vôtre. Un résultat recopié chez un camarade, ou écrit en dur
# dans la requête, ne donne donc pas le bon résultat : seule une requête juste le donne partout. En autonomie,
# c'est la bibliothèque de l'énoncé, et `autre_variante()` (`from awale_ref.sujets.ccinp_2024 import
# autre_variante`, puis une nouvelle exécution des cellules) en tire une autre.
#
# Voici les premières lignes de chaque table de votre bibliothèque (la première exécution construit la
# bibliothèque : cela peut prendre jusqu'à une minute, une seule fois).

# %% tags=["readonly"] grade_id="apercu_joueur"
# Vos données (ne pas modifier) : les premiers joueurs de votre bibliothèque.
montrer_requete("SELECT * FROM Joueur", limite=5)

# %% tags=["readonly"] grade_id="apercu_partie"
montrer_requete("SELECT * FROM Partie", limite=5)

# %% [markdown] tags=["readonly"] grade_id="enonce_like"
# ## Comparer des textes à un motif : `LIKE`
#
# Dans une clause `WHERE`, l'égalité `=` compare deux textes en entier. Pour savoir si un texte a une
# certaine *forme* (commence par telle lettre, contient tel mot…), on le compare à un **motif** avec
# `LIKE`. Dans le motif, deux caractères sont des jokers :
#
# - `_` remplace **exactement un** caractère, n'importe lequel ;
# - `%` remplace **n'importe quelle suite** de caractères, y compris la suite vide.
#
# Les autres caractères doivent être présents tels quels. Par exemple `nom LIKE 'M%'` retient les noms
# qui commencent par M, `nom LIKE '%ier'` ceux qui finissent par « ier », `nom LIKE '_a%'` ceux dont la
# deuxième lettre est un a, et `prenom LIKE '%an%'` ceux qui contiennent « an » quelque part (au début,
# au milieu ou à la fin). Avec SQLite, `LIKE` ne distingue pas majuscules et minuscules pour les
# lettres sans accent.
#
# Essayez : modifiez le motif ci-dessous et relancez la cellule (rien n'est noté ici).

# %%
montrer_requete("SELECT nom, prenom FROM Joueur WHERE nom LIKE '_a%'", limite=8)

# %% [markdown] tags=["readonly"] grade_id="preparation"
# La cellule suivante prépare la bibliothèque de correction (une seule fois, jusqu'à une minute) ; vous
# n'avez rien à en faire.

# %% tags=["readonly"] grade_id="preparation_code"
from awale_ref.sujets.ccinp_2024.sql import preparer_bibliotheques
preparer_bibliotheques()

# %% [markdown]
# ## Q22 — Les joueurs de haut niveau
#
# Écrivez une requête qui renvoie les identifiants (`id_Joueur`) des joueurs dont le niveau dépasse
# **strictement** 1900 (une colonne, une ligne par joueur).

# %% tags=["solution"] grade_id="q22_requete"
### BEGIN SOLUTION
Q22 = """
SELECT id_Joueur
FROM Joueur
WHERE niveau > 1900
"""
### END SOLUTION

# %% tags=["tests"] grade_id="q22_tests" points=1
tester("Q22", Q22)
display(montrer_requete(Q22))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q22", Q22)
### END HIDDEN TESTS

# %% [markdown]
# ## Q23 — Commencer par la case 0, une bonne idée ?
#
# On s'intéresse aux parties dont le tout premier coup (joué par `joueur1`) est la case d'indice 0.
# Écrivez une requête qui renvoie **une seule valeur** : le pourcentage (entre 0 et 100) de ces parties
# que `joueur1` a gagnées. Une égalité n'est pas une victoire.
#
# *Conseil : regardez le résultat affiché par le test. Un pourcentage calculé sur quelques milliers de
# parties a rarement une valeur entière…*

# %% tags=["solution"] grade_id="q23_requete"
### BEGIN SOLUTION
Q23 = """
SELECT 100.0 * SUM(resultat = 1) / COUNT(*)
FROM Partie
WHERE jeu LIKE 'a%'
"""
### END SOLUTION

# %% tags=["tests"] grade_id="q23_tests" points=2
tester("Q23", Q23)
display(montrer_requete(Q23))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q23", Q23)
### END HIDDEN TESTS

# %% [markdown]
# ## Q24 — Le podium
#
# Écrivez une requête qui renvoie le nom et le prénom (deux colonnes, dans cet ordre) des 3 joueurs
# qui ont le plus haut niveau.
#
# Un détail qui compte ici et à la question suivante : comme dans toute fédération, deux joueurs
# différents peuvent porter le même nom et le même prénom. Ce qui identifie un joueur, c'est son
# `id_Joueur` (la clé primaire de la table), jamais son nom.

# %% tags=["solution"] grade_id="q24_requete"
### BEGIN SOLUTION
Q24 = """
SELECT nom, prenom
FROM Joueur
ORDER BY niveau DESC
LIMIT 3
"""
### END SOLUTION

# %% tags=["tests"] grade_id="q24_tests" points=1
tester("Q24", Q24)
display(montrer_requete(Q24))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q24", Q24)
### END HIDDEN TESTS

# %% [markdown]
# ## Q25 — Les joueurs qui savent profiter du premier coup
#
# On compte, pour chaque joueur, ses victoires dans les parties qu'il a **commencées** (celles où il est
# `joueur1`). Écrivez une requête qui renvoie, pour chaque joueur ayant **plus de cent** telles
# victoires, son nom, son prénom et ce nombre de victoires (trois colonnes, dans cet ordre), les lignes
# étant rangées du plus grand nombre de victoires au plus petit.

# %% tags=["solution"] grade_id="q25_requete"
### BEGIN SOLUTION
Q25 = """
SELECT nom, prenom, COUNT(*) AS victoires
FROM Joueur
JOIN Partie ON Partie.id_joueur1 = Joueur.id_Joueur
WHERE resultat = 1
GROUP BY id_Joueur
HAVING COUNT(*) > 100
ORDER BY victoires DESC
"""
### END SOLUTION

# %% tags=["tests"] grade_id="q25_tests" points=3
tester("Q25", Q25)
display(montrer_requete(Q25))
### BEGIN HIDDEN TESTS
from awale_ref.sujets.ccinp_2024 import corriger
corriger("Q25", Q25)
### END HIDDEN TESTS
