"""The SQL questions of the Othello subject (Q22–Q24): the key's queries, the hidden database, the grading.

The tables and the rows come from :mod:`.base` (the games database made from a seed, shippable: no query
of the key in it); here are the grading's: the key's queries (:data:`REQUETES`, corrected), the hidden
database's seed (:data:`GRAINE_CACHEE`) and its file, written once to the course's cache, read-only, its
checksum verified at each use (``cache.fichier_verifie``, the CCINP's opening library's mechanism), read
by the runner.  The hidden one holds the traps (:mod:`.base`): the deepest rows of 3917277946 for J1 tie
(two moves at the maximum depth: ``LIMIT 1`` loses one), deeper rows for J2 and for other boards (a
subquery that forgets a condition finds the wrong maximum), Beth Harmon also plays second (a join on
``joueurs_idJ2`` or on the winner is wrong), two players share a name (« Jean Martin »), a player never
plays first, the identifiers differ from the visible database (a hard-written id is wrong), draws have no
winner.  Like the opening library of the CCINP, the hidden database is made by code of the package: it is
not shown to the student (nor in the students' environment, which has :mod:`.base` but not its seed), not
secret from one who reads the whole package.  Each student has their own visible and hidden databases
(:data:`VARIANTE`: other identifiers, names, scores and studied cells, drawn from their identity; the traps
kept): the judge grades a query on its author's hidden database (``preparer_comparaison(question, variante)``,
``base_cachee(variante)``).

A query is compared with the key's (corrected: ``REQUETES``): the rows as multisets (column names do not
matter, their number and order do; no order is asked), Q23's single value within ``TOLERANCE``.

>>> base = ouvrir_visible()
>>> executer(base, REQUETES["Q23"]).colonnes
('AVG(score)',)
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.grading.executant import requetes
from awale_ref.sujets.othello_epita_2024.base import (  # noqa: F401 (the database's names, here too)
    CODE, GRAINE_VISIBLE, JAMAIS_PREMIER, NOMS, donnees, montrer_requete, ouvrir_visible, remplir)
from awale_ref.sujets.othello_epita_2024.variantes import NOM_DE_L_ENONCE, PARTIES, varier_parties

QUESTIONS = ("Q22", "Q23", "Q24")
GRAINE_CACHEE = 1712
TOLERANCE = 1e-6
executer = requetes.executer_requete

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


def parties_valide(graine: int | None) -> None:
    """Q22–Q24 as the notebook states them, on the student's visible and hidden databases: twelve players with
    distinct identifiers that every game names, Beth Harmon among them (first and second player), two players
    and two only with the same name, a player never first; a winner exactly when the score is not zero, J1 when
    it is positive; scores between -64 and 64; Q22's board with two cells at its maximum depth for J1 and deeper
    rows for J2 and another board; Q24's three smallest scores J2's wins, the second and third equal, the fourth
    larger; and, for a variant, other answers than the statement's database's to the three queries."""
    for source in (GRAINE_VISIBLE, GRAINE_CACHEE):
        reponses = []
        for variante in (None, graine):
            lignes = varier_parties(donnees(source), variante)
            ids = [i for i, _ in lignes["joueurs"]]
            noms = [nom for _, nom in lignes["joueurs"]]
            assert len(ids) == len(set(ids)) == 12 and len(set(noms)) == 11 and noms.count(NOM_DE_L_ENONCE) == 1
            beth = ids[noms.index(NOM_DE_L_ENONCE)]
            assert {beth} <= {j1 for _, j1, *_ in lignes["parties"]} & {j2 for _, _, j2, *_ in lignes["parties"]}
            assert len(set(ids) - {j1 for _, j1, *_ in lignes["parties"]}) >= 1
            for _, j1, j2, gagnant, score in lignes["parties"]:
                assert {j1, j2} <= set(ids) and j1 != j2 and -64 <= score <= 64
                assert gagnant == (j1 if score > 0 else j2 if score < 0 else None)
            scores = sorted(score for *_, score in lignes["parties"])
            assert scores[0] < scores[1] == scores[2] < scores[3] < 0
            plateaux = lignes["plateaux"]
            profondeur = max(p for c, j, p, *_ in plateaux if c == CODE and j == 1)
            assert len([1 for c, j, p, *_ in plateaux if (c, j, p) == (CODE, 1, profondeur)]) >= 2
            assert any(c == CODE and j == -1 and p > profondeur for c, j, p, *_ in plateaux)
            assert any(c != CODE and p > profondeur for c, _, p, *_ in plateaux)
            connexion = remplir(sqlite3.connect(":memory:"), source, variante)
            reponses.append({q: sorted(connexion.execute(r).fetchall()) for q, r in REQUETES.items()})
            connexion.close()
        if graine is not None:
            assert all(reponses[0][q] != reponses[1][q] for q in REQUETES), reponses


VARIANTE = dataclasses.replace(PARTIES, domaine=parties_valide)
"""Each student's own databases (``variantes.varier_parties``, drawn from their identity): the visible one in
their kernel (:mod:`.base`), the hidden one at grading."""


def preparer_bibliotheques() -> None:
    """Build, once per machine, the database the hidden test needs (the visible one is made in memory)."""
    base_cachee()


def base_cachee(variante: Any = None) -> str:
    """The hidden database's file as the student of transformation ``variante`` has it (``None``: the database
    itself), written once in the course's cache (read-only, its SHA-256 beside it, named after its rows), its
    checksum verified at each call (``cache.fichier_verifie``): a file changed behind the grader's back is
    built again, never read."""
    from awale_ref import cache

    chemin = Path(cache.dossier_cache()) / f"othello-parties-{GRAINE_CACHEE}-{_empreinte(variante)}.sqlite"
    return str(cache.fichier_verifie(chemin, lambda provisoire: remplir(sqlite3.connect(provisoire),
                                                                           GRAINE_CACHEE, variante).close()))


def ouvrir_cachee(variante: Any = None) -> sqlite3.Connection:
    """The hidden database of the student of transformation ``variante``, read-only, behind the guard."""
    return requetes.proteger(sqlite3.connect(f"file:{base_cachee(variante)}?mode=ro", uri=True))


def _empreinte(variante: Any = None) -> str:
    import hashlib

    lignes = donnees(GRAINE_CACHEE)
    return hashlib.sha256(repr(lignes if variante is None else varier_parties(lignes, variante)).encode()
                          ).hexdigest()[:12]


# ---------------------------------------------------------------- comparing
def comparer(question: str, obtenu: requetes.Reponse, attendu: requetes.Reponse) -> str | None:
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
    except requetes.ErreurRequete as exc:
        return Resultat(False, f"{question} — {exc}")
    finally:
        connexion.close()
    if not reponse.tables:
        return Resultat(False, f"{question} — {requetes.SANS_TABLE}")
    attendues = COLONNES[question]
    if len(reponse.colonnes) != len(attendues):
        return Resultat(False, f"{question} — la requête s'exécute mais doit renvoyer {len(attendues)} colonne(s) "
                               f"({', '.join(attendues)}) ; la vôtre en renvoie {len(reponse.colonnes)}.")
    return Resultat(True, f"{question} — la requête s'exécute sur la base des parties : {len(reponse.lignes)} "
                          f"ligne(s). Sa justesse est vérifiée à la correction, sur une autre base.", 1)


def preparer_comparaison(question: str, variante: Any = None) -> Callable[[dict], Resultat]:
    """The judge's half: the key's query on the hidden database as the student of transformation ``variante``
    has it (the submission's author's), compared with the runner's plain data."""
    _verifier_question(question)
    connexion = ouvrir_cachee(variante)
    try:
        attendu = executer(connexion, REQUETES[question])
    finally:
        connexion.close()

    from awale_ref.grading.eleve.familles import lire_reponse_sql as lire_reponse

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


def preparer(question: str, variante: Any = None) -> Callable[[Any], Resultat]:
    """The hidden test in one process (self-study): the same guard and comparison as the judge's, on the hidden
    database of the student of transformation ``variante``."""
    comparer_reponse = preparer_comparaison(question, variante)
    chemin = base_cachee(variante)
    return lambda requete: comparer_reponse(requetes.evaluer_sql(requete, chemin))


MODULE_ELEVES = "awale_ref.sujets.othello_epita_2024.base"
"""What the students' environment gets in this module's place (``pipeline.paquet_eleve``): the visible database
and ``montrer_requete``, never the reference queries."""
NOM_BASE = "la base des parties"
