"""SQL: the student's query run under guards (read only, an instruction budget, bounded rows and lengths).

The judge's SQL process (:func:`boucle.principal_sql`) runs each query it is sent with :func:`evaluer_sql`
on the read-only database it names; the runner answers a query question with the query's text only
(:func:`texte_de_requete`); the student's kernel runs its visible SQL tests with :func:`executer_requete`.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import Any

from awale_ref.grading.executant import messages
from awale_ref.grading.executant.encodage import encoder, nom_type

BUDGET_INSTRUCTIONS = 200_000_000
PAS_PROGRESSION = 10_000
MAX_LIGNES = 100_000
LONGUEUR_MAX = 10_000_000
_ACTIONS_PERMISES = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION,
                     getattr(sqlite3, "SQLITE_RECURSIVE", 33)}


class ErreurRequete(Exception):
    """A query that cannot be run or was stopped (message in French, for the student)."""


@dataclass
class Reponse:
    """What a query returned: its column names and its rows; and the tables it read (SQLite's authorizer: a
    table whose rows were read, even with no column, ``SELECT COUNT(*) FROM t``)."""

    colonnes: tuple[str, ...]
    lignes: list[tuple]
    tables: frozenset[str] = field(default=frozenset(), repr=False, compare=False)


SANS_TABLE = ("la requête ne lit aucune table de la base : elle renverrait la même chose sur n'importe quelle base. "
              "La réponse doit se calculer à partir des tables (FROM …).")
"""What a visible test says of a query that reads no table (``SELECT 1``): it cannot answer a question on the
data (French, for the student)."""


def _autoriser(action: int, *details: Any) -> int:
    return sqlite3.SQLITE_OK if action in _ACTIONS_PERMISES else sqlite3.SQLITE_DENY


ELLIPSE = "..."
"""What the runner sends as the type of a query answer left as ``...`` (the notebook's blank)."""


def pas_une_requete(nom_type: str) -> str:
    """Why an answer of type ``nom_type`` (:data:`ELLIPSE` for ``...``) is no query (French, for the student)."""
    if nom_type == ELLIPSE:
        return "réponse pas encore donnée : écrivez votre requête entre les triples guillemets."
    return (f"la réponse doit être une chaîne de caractères contenant la requête SQL (entre triples guillemets), "
            f"pas un objet de type {nom_type[:80]}.")


def texte_de_requete(id: int, objet: Any) -> Any:
    """The runner's reply to a query question: the query's text only (at most one character more than
    ``messages.LONGUEUR_MAX_REQUETE``), or the type of a value that is not a ``str``.  The runner never runs
    the query: the judge does, in a process of its own that runs no student code (:func:`principal_sql`)."""
    if type(objet) is str:
        return messages.Reponse(id, messages.Issue.REQUETE, requete=objet[:messages.LONGUEUR_MAX_REQUETE + 1])
    return messages.Reponse(id, messages.Issue.REQUETE, texte=ELLIPSE if objet is ... else nom_type(objet))


def proteger(connexion: sqlite3.Connection) -> sqlite3.Connection:
    """Make ``connexion`` refuse any change: ``query_only`` and a reading-only authorizer.

    >>> base = proteger(sqlite3.connect(":memory:"))
    >>> base.execute("CREATE TABLE t (x)")
    Traceback (most recent call last):
    ...
    sqlite3.DatabaseError: not authorized
    """
    connexion.set_authorizer(None)  # protecting twice: our own PRAGMA must get through
    connexion.execute("PRAGMA query_only = ON")
    connexion.set_authorizer(_autoriser)
    connexion.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, LONGUEUR_MAX)  # no zeroblob(10**9) eating the memory
    return connexion


def executer_requete(connexion: sqlite3.Connection, requete: Any, budget: int = BUDGET_INSTRUCTIONS) -> Reponse:
    """Run the student's ``requete`` on ``connexion`` under the guards; raise ``ErreurRequete`` in French.

    >>> executer_requete(sqlite3.connect(":memory:"), "SELEC 1")
    Traceback (most recent call last):
    ...
    awale_ref.grading.executant.requetes.ErreurRequete: SQLite refuse la requête : near "SELEC": syntax error.
    """
    if type(requete) is not str:
        raise ErreurRequete(pas_une_requete(ELLIPSE if requete is ... else nom_type(requete)))
    requete = requete.strip().rstrip("; \t\n")  # "SELECT …;;" is still one query
    if not requete:
        raise ErreurRequete("la requête est vide.")
    proteger(connexion)
    tables: set[str] = set()

    def autoriser(action: int, *details: Any) -> int:
        if action == sqlite3.SQLITE_READ and details[0]:
            tables.add(details[0])
        return _autoriser(action, *details)

    connexion.set_authorizer(autoriser)
    compteur = [0]

    def progression() -> int:
        compteur[0] += PAS_PROGRESSION
        return 1 if compteur[0] > budget else 0

    connexion.set_progress_handler(progression, PAS_PROGRESSION)
    try:
        curseur = connexion.execute(requete)
        lignes = curseur.fetchmany(MAX_LIGNES + 1)
    except (sqlite3.Error, sqlite3.Warning) as exc:
        if "one statement at a time" in str(exc):
            raise ErreurRequete("une seule requête à la fois : un seul SELECT, sans second ordre après "
                                "un point-virgule.") from None
        if compteur[0] > budget:
            raise ErreurRequete(
                f"la requête a été arrêtée : elle dépasse le budget de calcul ({budget // 1_000_000} millions "
                f"d'instructions SQLite). Requête récursive sans fin, ou produit de tables sans condition "
                f"de jointure ?") from None
        if isinstance(exc, sqlite3.DataError) or "too big" in str(exc):
            raise ErreurRequete(f"la requête construit une valeur trop grande (plus de {LONGUEUR_MAX // 1_000_000} "
                                f"millions d'octets).") from None
        if str(exc) == "not authorized":
            raise ErreurRequete("seules les requêtes de lecture (SELECT) sont acceptées : votre requête "
                                "essaie de modifier la base ou d'en changer les réglages (INSERT, UPDATE, "
                                "DELETE, CREATE, DROP, ATTACH, PRAGMA…).") from None
        raise ErreurRequete(f"SQLite refuse la requête : {str(exc).rstrip('.')}.") from None
    finally:
        connexion.set_progress_handler(None, 0)
    if curseur.description is None:
        raise ErreurRequete("la requête ne renvoie aucune table : une requête SELECT est attendue.")
    if len(lignes) > MAX_LIGNES:
        raise ErreurRequete(f"la requête renvoie plus de {MAX_LIGNES} lignes : produit de tables sans "
                            f"condition de jointure ?")
    return Reponse(tuple(d[0] for d in curseur.description), lignes, frozenset(tables))


def evaluer_sql(requete: Any, base: str) -> dict:
    """The student's query on the read-only library file ``base``, as plain data."""
    try:
        connexion = sqlite3.connect(f"file:{base}?mode=ro&immutable=1", uri=True)
        try:
            reponse = executer_requete(connexion, requete)
        finally:
            connexion.close()
    except ErreurRequete as exc:
        return {"erreur_sql": str(exc)}
    return {"obs": encoder({"colonnes": list(reponse.colonnes), "lignes": [list(l) for l in reponse.lignes]})}

