"""The games database of the Othello subject (Q22–Q24): its tables, the rows made from a seed, and the
visible database a student's query is shown on.

The key names three tables (``LECTURES['q22_code']``…):

- ``plateaux(codePlateau, joueurActif, profondeur, caseX, caseY)``: the moves an AI studied from a board
  (its code, ``encode``), for a player, at a depth of search;
- ``joueurs(idJoueur, nomComplet)``;
- ``parties(idPartie, joueurs_idJ1, joueurs_idJ2, joueurs_idGagnant, score)``: ``score`` is the final
  score (J1's discs minus J2's: negative when J2, "les noirs", wins); a draw has no winner (NULL).

A database is made by code from a seed (:func:`donnees`), then transformed per student (``variantes.PARTIES``:
other identifiers, names, scores and cells, drawn from the student's identity): the **visible** one
(:data:`GRAINE_VISIBLE`), built in memory in the student's kernel for the visible test and
:func:`montrer_requete`, the student's own; the hidden one, whose
seed, file and reference queries are the grading's (:mod:`.sql`).  This module holds no reference query
and no hidden seed: the students' environment of the class server gets it as it is
(``Sujet.modules_eleves``, ``pipeline.paquet_eleve``).  The traps of the hidden database are made here for
any seed (a tie at the maximum depth of the statement's board, deeper rows for the other player and
another board, Beth Harmon also second, two « Jean Martin », a player never first, draws): the visible
database has them too, with other identifiers and other rows.

>>> base = ouvrir_visible()
>>> sorted(t for (t,) in base.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
['joueurs', 'parties', 'plateaux']
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any

from awale_ref.grading.eleve.table_requete import TableRequete
from awale_ref.grading.eleve.variantes import identite
from awale_ref.grading.executant import requetes
from awale_ref.sujets.othello_epita_2024.variantes import PARTIES, varier_parties

GRAINE_VISIBLE = 2024
CODE = 3917277946
"""The board code of the statement's query (``othello.CODE_Q22``)."""
NOMS = ["Beth Harmon", "Vasily Borgov", "Benny Watts", "Harry Beltik", "Jean Martin", "Jean Martin",
        "Alma Wheatley", "Luis Cleveland", "Hilario Cardenas", "William Shaibel", "Jolene Baker", "Georgi Girev"]
JAMAIS_PREMIER = "William Shaibel"
"""The player who never plays first (a trap for a join that should not keep him)."""

SCHEMA = """
CREATE TABLE joueurs (idJoueur INTEGER PRIMARY KEY, nomComplet TEXT NOT NULL);
CREATE TABLE parties (idPartie INTEGER PRIMARY KEY, joueurs_idJ1 INTEGER NOT NULL, joueurs_idJ2 INTEGER NOT NULL,
                      joueurs_idGagnant INTEGER, score INTEGER NOT NULL);
CREATE TABLE plateaux (codePlateau INTEGER NOT NULL, joueurActif INTEGER NOT NULL, profondeur INTEGER NOT NULL,
                       caseX INTEGER NOT NULL, caseY INTEGER NOT NULL);
"""


def donnees(graine: int) -> dict[str, list[tuple]]:
    """The rows of the database of ``graine`` (deterministic), table by table."""
    rng = random.Random(graine)
    ids = rng.sample(range(10, 100), len(NOMS))  # identifiers that differ from one database to the other
    joueurs = list(zip(ids, NOMS))
    premiers = [i for i, nom in joueurs if nom != JAMAIS_PREMIER]
    beth = ids[0]
    parties = []
    for n in range(60):
        j1 = beth if n % 5 == 0 else rng.choice(premiers)
        j2 = rng.choice([i for i in ids if i != j1])
        if n % 7 == 3:
            j2, j1 = beth, rng.choice([i for i in premiers if i != beth])  # Beth also plays second
        score = rng.choice([0] + list(range(-40, 41, 2)))
        gagnant = j1 if score > 0 else j2 if score < 0 else None
        parties.append((100 + n, j1, j2, gagnant, score))
    # the three largest wins of J2, the second and the third by the two « Jean Martin » with the same score:
    # two equal rows (nomComplet, score) that a SELECT DISTINCT would merge; no tie with a fourth game
    jean = ids[NOMS.index("Jean Martin")]
    for k, score in enumerate((-64, -58, -58)):
        j1 = rng.choice([i for i in premiers if i != jean])
        parties.append((200 + k, j1, jean if k == 1 else ids[3 + k], jean if k == 1 else ids[3 + k], score))
    plateaux = []
    profondeur_max = 4 + graine % 3
    for profondeur in range(1, profondeur_max + 1):
        for _ in range(rng.randint(1, 3)):
            plateaux.append((CODE, 1, profondeur, rng.randrange(8), rng.randrange(8)))
    plateaux += [(CODE, 1, profondeur_max, 0, 0), (CODE, 1, profondeur_max, 7, 7)]  # a tie at the maximum depth
    plateaux += [(CODE, -1, profondeur_max + 2, 2, 3), (CODE + 1, 1, profondeur_max + 3, 4, 5)]  # deeper elsewhere
    for _ in range(30):
        plateaux.append((rng.randrange(3 ** 20), rng.choice((1, -1)), rng.randint(1, 9), rng.randrange(8),
                         rng.randrange(8)))
    return {"joueurs": joueurs, "parties": parties, "plateaux": plateaux}


def remplir(connexion: sqlite3.Connection, graine: int, variante: Any = None) -> sqlite3.Connection:
    """Fill ``connexion`` with the database of ``graine`` as the student of transformation ``variante`` sees it
    (``variantes.varier_parties``; ``None``: the database itself)."""
    connexion.executescript(SCHEMA)
    for table, lignes in varier_parties(donnees(graine), variante).items():
        marques = ", ".join("?" * len(lignes[0]))
        connexion.executemany(f"INSERT INTO {table} VALUES ({marques})", lignes)
    connexion.commit()
    return connexion


def ouvrir_visible() -> sqlite3.Connection:
    """The visible database of the student this kernel belongs to (their variant), in memory, behind the runner's
    guard."""
    return requetes.proteger(remplir(sqlite3.connect(":memory:"), GRAINE_VISIBLE, PARTIES.donnees(identite())))


def montrer_requete(requete: str, limite: int = 10):
    """Run ``requete`` on the student's own visible database and show its first rows (put it last in a cell)."""
    connexion = ouvrir_visible()
    try:
        return TableRequete(str(requete), requetes.executer_requete(connexion, requete), limite)
    except requetes.ErreurRequete as exc:
        return TableRequete(str(requete), None, limite, str(exc))
    finally:
        connexion.close()


__all__ = ["CODE", "GRAINE_VISIBLE", "donnees", "montrer_requete", "ouvrir_visible", "remplir"]
