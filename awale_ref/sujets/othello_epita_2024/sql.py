"""The SQL questions of the Othello subject (Q22–Q24): its games database, the key's queries, the grading.

The key names three tables (``LECTURES['q22_code']``…):

- ``plateaux(codePlateau, joueurActif, profondeur, caseX, caseY)``: the moves an AI studied from a board
  (its code, ``encode``), for a player, at a depth of search;
- ``joueurs(idJoueur, nomComplet)``;
- ``parties(idPartie, joueurs_idJ1, joueurs_idJ2, joueurs_idGagnant, score)``: ``score`` is the final
  score (J1's discs minus J2's: negative when J2, "les noirs", wins); a draw has no winner (NULL).

Two databases are made from code (:func:`script`): the **visible** one (seed 2024), built in memory in the
student's kernel for the visible test and ``montrer_requete``, and the **hidden** one (seed 1712), written
once to the course's cache and read by the runner.  The hidden one holds the traps: the deepest rows of
3917277946 for J1 tie (two moves at the maximum depth: ``LIMIT 1`` loses one), deeper rows for J2 and for
other boards (a subquery that forgets a condition finds the wrong maximum), Beth Harmon also plays second
(a join on ``joueurs_idJ2`` or on the winner is wrong), two players share a name (« Jean Martin »), a
player never plays first, the identifiers differ from the visible database (a hard-written id is wrong),
draws have no winner.  Like the opening library of the CCINP, the hidden database is made by code of the
package: it is not shown to the student, not secret from one who reads the package.

A query is compared with the key's (corrected: ``REQUETES``): the rows as multisets (column names do not
matter, their number and order do; no order is asked), Q23's single value within ``TOLERANCE``.

>>> base = ouvrir_visible()
>>> executer(base, REQUETES["Q23"]).colonnes
('AVG(score)',)
"""

from __future__ import annotations

import os
import random
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from awale_ref.grading import executant
from awale_ref.grading.checks import Resultat

QUESTIONS = ("Q22", "Q23", "Q24")
GRAINE_VISIBLE, GRAINE_CACHEE = 2024, 1712
CODE = 3917277946  # the board code of the statement's query (othello.CODE_Q22)
TOLERANCE = 1e-6
executer = executant.executer_requete

REQUETES = {
    "Q22": f"SELECT caseX, caseY FROM plateaux WHERE codePlateau = {CODE} AND joueurActif = 1 AND profondeur = "
           f"(SELECT MAX(profondeur) FROM plateaux WHERE codePlateau = {CODE} AND joueurActif = 1)",
    "Q23": "SELECT AVG(score) FROM parties AS p JOIN joueurs AS j ON j.idJoueur = p.joueurs_idJ1 "
           "WHERE nomComplet = 'Beth Harmon'",
    "Q24": "SELECT nomComplet, score FROM joueurs AS j JOIN parties AS p ON p.joueurs_idGagnant = j.idJoueur "
           "ORDER BY score LIMIT 3",
}
"""The key's queries, put back in order after the OCR and corrected (Q24's lost ``ON`` clause)."""

COLONNES = {"Q22": ("caseX", "caseY"), "Q23": ("la moyenne des scores",), "Q24": ("nomComplet", "score")}
RAPPELS = {
    "Q22": f"toutes les cases (caseX, caseY) étudiées pour le plateau {CODE}, joueur actif 1, à la plus grande "
           f"profondeur de ce plateau et de ce joueur (une sous-requête avec MAX, mêmes conditions)",
    "Q23": "la moyenne (AVG) des scores des parties dont le premier joueur (joueurs_idJ1) s'appelle Beth Harmon",
    "Q24": "les trois parties gagnées par J2 avec le plus grand écart : les trois plus petits scores (ORDER BY "
           "score, LIMIT 3), le nom du gagnant (jointure sur joueurs_idGagnant) et le score",
}

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


def remplir(connexion: sqlite3.Connection, graine: int) -> sqlite3.Connection:
    connexion.executescript(SCHEMA)
    for table, lignes in donnees(graine).items():
        marques = ", ".join("?" * len(lignes[0]))
        connexion.executemany(f"INSERT INTO {table} VALUES ({marques})", lignes)
    connexion.commit()
    return connexion


def ouvrir_visible() -> sqlite3.Connection:
    """The visible database, in memory, behind the runner's guard."""
    return executant.proteger(remplir(sqlite3.connect(":memory:"), GRAINE_VISIBLE))


def preparer_bibliotheques() -> None:
    """Build, once per machine, the database the hidden test needs (the visible one is made in memory)."""
    base_cachee()


def lecture_noyau() -> tuple[list[str], dict[str, str]]:
    """What the student's sandboxed kernel must read while graded: nothing (the visible database is made in
    memory by this module)."""
    return [], {}


def base_cachee() -> str:
    """The hidden database's file, written once (atomically, read-only) in the course's cache."""
    from awale_ref import library

    chemin = Path(library.dossier_cache()) / f"othello-parties-{GRAINE_CACHEE}-{_empreinte()}.sqlite"
    if not chemin.exists():
        chemin.parent.mkdir(parents=True, exist_ok=True)
        provisoire = chemin.with_suffix(f".{os.getpid()}.tmp")
        remplir(sqlite3.connect(provisoire), GRAINE_CACHEE).close()
        os.chmod(provisoire, 0o444)
        os.replace(provisoire, chemin)
    return str(chemin)


def _empreinte() -> str:
    import hashlib

    return hashlib.sha256(repr(donnees(GRAINE_CACHEE)).encode()).hexdigest()[:12]


# ---------------------------------------------------------------- comparing
def comparer(question: str, obtenu: executant.Reponse, attendu: executant.Reponse) -> str | None:
    """``None`` when ``obtenu`` answers ``question`` like ``attendu``, else the French explanation."""
    if len(obtenu.colonnes) != len(attendu.colonnes):
        return (f"la requête doit renvoyer {len(attendu.colonnes)} colonne(s) ({', '.join(COLONNES[question])}) ; "
                f"la vôtre en renvoie {len(obtenu.colonnes)} ({', '.join(obtenu.colonnes)}).")
    if question == "Q23":
        valeur = obtenu.lignes[0][0] if len(obtenu.lignes) == 1 and len(obtenu.lignes[0]) == 1 else None
        if isinstance(valeur, (int, float)) and not isinstance(valeur, bool) and \
                abs(valeur - attendu.lignes[0][0]) <= TOLERANCE:
            return None
        return f"la requête renvoie {obtenu.lignes[:3]!r}, pas la moyenne attendue. Rappel : {RAPPELS[question]}."
    en_trop = Counter(obtenu.lignes) - Counter(attendu.lignes)
    manquantes = Counter(attendu.lignes) - Counter(obtenu.lignes)
    if not en_trop and not manquantes:
        return None
    return (f"votre requête renvoie {len(obtenu.lignes)} ligne(s), {len(attendu.lignes)} sont attendues"
            + (f" ; {sum(en_trop.values())} en trop" if en_trop else "")
            + (f" ; {sum(manquantes.values())} manquante(s)" if manquantes else "")
            + f". Rappel : {RAPPELS[question]}.")


def _verifier_question(question: str) -> None:
    if question not in QUESTIONS:
        raise ValueError(f"unknown SQL question {question!r}; expected one of {', '.join(QUESTIONS)}")


def format_sql(question: str, requete: Any) -> Resultat:
    """The visible test: the query runs on the visible database and has the asked number of columns."""
    _verifier_question(question)
    connexion = ouvrir_visible()
    try:
        reponse = executer(connexion, requete)
    except executant.ErreurRequete as exc:
        return Resultat(False, f"{question} — {exc}")
    finally:
        connexion.close()
    attendues = COLONNES[question]
    if len(reponse.colonnes) != len(attendues):
        return Resultat(False, f"{question} — la requête s'exécute mais doit renvoyer {len(attendues)} colonne(s) "
                               f"({', '.join(attendues)}) ; la vôtre en renvoie {len(reponse.colonnes)}.")
    return Resultat(True, f"{question} — la requête s'exécute sur la base des parties : {len(reponse.lignes)} "
                          f"ligne(s). Sa justesse est vérifiée à la correction, sur une autre base.", 1)


def preparer_comparaison(question: str) -> Callable[[dict], Resultat]:
    """The judge's half: the key's query on the hidden database, compared with the runner's plain data."""
    _verifier_question(question)
    connexion = executant.proteger(sqlite3.connect(f"file:{base_cachee()}?mode=ro", uri=True))
    try:
        attendu = executer(connexion, REQUETES[question])
    finally:
        connexion.close()

    from awale_ref.grading.checks import lire_reponse_sql as lire_reponse

    def juger(reponse: dict) -> Resultat:
        obtenu = lire_reponse(question, reponse)
        if isinstance(obtenu, Resultat):
            return obtenu
        ecart = comparer(question, obtenu, attendu)
        if ecart:
            return Resultat(False, f"{question} — sur la base de correction, {ecart}", 1)
        return Resultat(True, f"{question} — requête exacte sur la base de correction ({len(obtenu.lignes)} "
                              f"ligne(s)).", 1)

    return juger


def preparer(question: str) -> Callable[[Any], Resultat]:
    """The hidden test in one process (self-study): the same guard and comparison as the judge's."""
    comparer_reponse = preparer_comparaison(question)
    chemin = base_cachee()
    return lambda requete: comparer_reponse(executant.evaluer_sql(requete, chemin))


def montrer_requete(requete: str, limite: int = 10):
    """Run ``requete`` on the visible database and show its first rows (put it last in a cell)."""
    from awale_ref.grading.sql import TableRequete

    connexion = ouvrir_visible()
    try:
        return TableRequete(str(requete), executer(connexion, requete), limite)
    except executant.ErreurRequete as exc:
        return TableRequete(str(requete), None, limite, str(exc))
    finally:
        connexion.close()
