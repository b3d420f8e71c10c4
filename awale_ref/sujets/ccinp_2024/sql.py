"""The SQL questions Q22–Q25: run a student's query on the opening library, compare it, show it.

A student's answer is a string holding one ``SELECT`` query.  It runs on the
opening library of :mod:`awale_ref.sujets.ccinp_2024.library`:

- the **visible** library (seed 2024, :data:`GRAINE_VISIBLE`) for the
  visible test (:func:`format_sql`: the query runs and has the right number
  of columns — the expected result is never shown) and for
  :func:`montrer_requete`, the HTML table a student looks at while working;
- the **hidden** library (seed 1712, :data:`GRAINE_CACHEE`, same size and
  same making) for the hidden test (:func:`preparer`), so a query that
  copies the visible answer's rows does not pass.  The seed is chosen for
  two edge cases, so that ``>=`` instead of ``>`` changes the result: a
  player sits exactly at level 1900 (Q22) and a player has exactly 100
  wins as joueur1 (Q25's "plus de cent"); checked in the tests.

Each student has their own visible and hidden libraries (:data:`VARIANTE`, a transformation of these two
drawn from their identity, :func:`.variantes.varier_bibliotheque`: other identifiers, names and levels, the
edge cases kept): the kernel opens its student's visible one (:func:`ouvrir_visible`), the judge compares a
query with the reference on its author's hidden one (``preparer_comparaison(question, variante=…)``, the file
:func:`base_cachee` of that variant).

How results are compared (:func:`comparer`): the rows as multisets (column
names do not matter, their number and order do); the order of the rows
matters only for Q25, whose statement asks for the decreasing number of
wins (ties in any order).  Q24 does not ask for an order: any order of the
three players is accepted.  Q23's single number is compared with a
tolerance of 0.006 (a percentage, 0 to 100).  Where a typical mistake can be
recognised (integer division, ``>=``, a missing ``LIMIT``, no
``ORDER BY``…) the message says so.

Every query runs under guards (:func:`executer`): a read-only connection,
``PRAGMA query_only``, an authorizer that lets through only reading
(``SELECT``, table reads, functions, recursive CTEs: no ``ATTACH``, no
``PRAGMA``, no writing), one statement only, and a budget of SQLite virtual
machine instructions (a progress handler; deterministic, unlike a clock)
that stops an endless query.

>>> base = sqlite3.connect(":memory:")
>>> _ = base.execute("CREATE TABLE Joueur (id_Joueur INTEGER, niveau INTEGER)")
>>> _ = base.executemany("INSERT INTO Joueur VALUES (?, ?)", [(1, 1900), (2, 2000), (3, 1500)])
>>> executer(base, "SELECT id_Joueur FROM Joueur WHERE niveau > 1900")
Reponse(colonnes=('id_Joueur',), lignes=[(2,)])
>>> comparer("Q22", Reponse(("id",), [(2,)]), Reponse(("id_Joueur",), [(2,)])) is None
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import os
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from awale_ref import cache
from awale_ref.grading.eleve.familles import lire_reponse_sql
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.grading.eleve.specs import Famille, payees
from awale_ref.grading.eleve.table_requete import TableRequete
from awale_ref.grading.eleve.textes import pluriel
from awale_ref.grading.executant import requetes
from awale_ref.sujets.ccinp_2024 import library
from awale_ref.sujets.ccinp_2024 import variantes

GRAINE_VISIBLE = library.GRAINE
GRAINE_CACHEE = 1712
"""The hidden library's seed: a level of exactly 1900, exactly 100 wins (see the module docstring)."""

QUESTIONS_SQL = tuple(library.REQUETES)  # the questions that have a reference query
COLONNES = {
    # what the statement asks each query to return, in this order
    "Q22": ("l'identifiant du joueur",),
    "Q23": ("le pourcentage de victoires",),
    "Q24": ("le nom", "le prénom"),
    "Q25": ("le nom", "le prénom", "le nombre de victoires"),
}
RAPPELS = {
    "Q22": "les joueurs dont le niveau est strictement supérieur à 1900 (niveau > 1900), une ligne par joueur",
    "Q23": "une seule valeur : 100 × (victoires du joueur1) / (parties), parmi les parties dont le premier "
           "coup est la case d'indice 0, c'est-à-dire dont jeu commence par 'a' (jeu LIKE 'a%')",
    "Q24": "les 3 joueurs de plus haut niveau : ORDER BY niveau DESC puis LIMIT 3",
    "Q25": "une ligne par joueur ayant plus de 100 victoires (resultat = 1) quand il est joueur1 "
           "(JOIN sur id_joueur1, GROUP BY joueur, HAVING COUNT(*) > 100), classées par nombre de "
           "victoires décroissant (ORDER BY … DESC)",
}
TOLERANCE_Q23 = 0.006
"""Q23: a percentage rounded to two decimals (off by 0.005 at most) is accepted; a denominator off by one
game (0.009 on the hidden library, found by ``benchmarks/bench_mutation.py``) is not."""

LIGNES_MONTREES = 3

# The guard that runs a student's query lives with the runner (it runs there, in the sandbox): one source.
BUDGET_INSTRUCTIONS = requetes.BUDGET_INSTRUCTIONS
MAX_LIGNES = requetes.MAX_LIGNES
LONGUEUR_MAX = requetes.LONGUEUR_MAX
ErreurRequete = requetes.ErreurRequete
Reponse = requetes.Reponse
proteger = requetes.proteger
executer = requetes.executer_requete


POUR_LES_ELEVES = ("ouvrir_visible", "montrer_requete")
"""What the students' environment gets of this module, copied (``pipeline.paquet_eleve``): the functions that
show a query's result on the student's own variant of the visible library shipped with the package; never the
reference queries."""

varier = variantes.varier_bibliotheque


def bibliotheque_valide(graine: int | None) -> None:
    """Q22–Q25 as the notebook states them, on the student's visible and hidden libraries: 240 players, 20 000
    games, distinct identifiers that every game names, the same namesakes, a podium of three (the fourth level
    below the third), the edge cases of the hidden library (a level of exactly 1900, exactly 100 wins as
    joueur1); and, for a variant, other identifiers and other names in Q22's, Q24's and Q25's answers than the
    statement's library's (a classmate's hard-written answer is wrong)."""
    for source in (GRAINE_VISIBLE, GRAINE_CACHEE):
        base, variante = library.ouvrir_bibliotheque(source), varier(library.ouvrir_bibliotheque(source), graine)
        try:
            un = {q: base.execute(r).fetchall() for q, r in library.REQUETES.items()}
            autre = {q: variante.execute(r).fetchall() for q, r in library.REQUETES.items()}
            compter = ("SELECT (SELECT COUNT(*) FROM Joueur), (SELECT COUNT(DISTINCT id_Joueur) FROM Joueur), "
                       "(SELECT COUNT(DISTINCT nom || '|' || prenom) FROM Joueur), (SELECT COUNT(*) FROM Partie), "
                       "(SELECT COUNT(*) FROM Partie WHERE id_joueur1 NOT IN (SELECT id_Joueur FROM Joueur) "
                       "OR id_joueur2 NOT IN (SELECT id_Joueur FROM Joueur))")
            joueurs, distincts, paires, parties, orphelines = variante.execute(compter).fetchone()
            assert (joueurs, distincts, parties, orphelines) == (240, 240, 20000, 0)
            assert paires == base.execute(compter).fetchone()[2]  # the same namesakes
            niveaux = [n for (n,) in variante.execute("SELECT niveau FROM Joueur ORDER BY niveau DESC LIMIT 4")]
            assert niveaux[3] < niveaux[2]
            if source == GRAINE_CACHEE or graine is not None:
                assert variante.execute("SELECT COUNT(*) FROM Joueur WHERE niveau = ?",
                                        (variantes.NIVEAU_LIMITE,)).fetchone()[0]
            assert un["Q23"] == autre["Q23"]
            assert [v for _, _, v in un["Q25"]] == [v for _, _, v in autre["Q25"]]
            assert len(set(autre["Q24"])) == 2  # the two namesakes of the podium
            if source == GRAINE_CACHEE:
                assert 100 in [v for (v,) in variante.execute(
                    "SELECT COUNT(*) FROM Partie WHERE resultat = 1 GROUP BY id_joueur1")]
            if graine is not None:
                assert set(un["Q22"]) != set(autre["Q22"])
                assert un["Q24"] != autre["Q24"] and un["Q25"] != autre["Q25"]
        finally:
            base.close()
            variante.close()


VARIANTE = dataclasses.replace(variantes.BIBLIOTHEQUE, domaine=bibliotheque_valide)
"""Each student's own libraries (:func:`.variantes.varier_bibliotheque`, drawn from their identity): the visible
one in their kernel, the hidden one at grading; with its domain, run by the tests only."""


def ouvrir(graine: int, variante: Any = None) -> sqlite3.Connection:
    """A protected read-only connection to the library of ``graine`` (built the first time), as the student
    of transformation ``variante`` sees it (``None``: the library itself)."""
    return proteger(varier(_bibliotheque(graine), variante))


def ouvrir_cachee(variante: Any = None) -> sqlite3.Connection:
    """The hidden library of the student of transformation ``variante``, protected (the judge's side only)."""
    return ouvrir(GRAINE_CACHEE, variante)


def ouvrir_visible() -> sqlite3.Connection:
    """The visible library of the student this kernel belongs to (their variant), protected."""
    from awale_ref.grading.eleve.variantes import identite
    from awale_ref.sujets.ccinp_2024.variantes import BIBLIOTHEQUE, varier_bibliotheque

    return proteger(varier_bibliotheque(_bibliotheque(GRAINE_VISIBLE), BIBLIOTHEQUE.donnees(identite())))


def _bibliotheque(graine: int) -> sqlite3.Connection:
    """``library.ouvrir_bibliotheque(graine)``, saying so when it is built (on first use: the light install,
    scripts/autonomie.sh, leaves it to the SQL notebook)."""
    if not library.chemin_cache(graine).exists():
        # measured: 114 s for the two libraries on two busy cores, about a minute each
        print(f"Construction de la bibliothèque d'ouvertures {graine} : une seule fois, environ une minute "
              f"sur deux cœurs…", flush=True)
    return library.ouvrir_bibliotheque(graine)


def fichier(graine: int, variante: Any = None) -> str:
    """The file of the library of ``graine`` as the student of transformation ``variante`` sees it: the
    library's own (``None``), else a copy transformed once into the course's cache (its folder ``variantes``:
    1.4 MB a student), read-only, its checksum
    verified at each use (``cache.fichier_verifie``), named after the transformation and its code."""
    if variante is None:
        return str(library.chemin_verifie(graine))
    code = hashlib.sha256(Path(variantes.__file__).read_bytes()).hexdigest()[:8]
    chemin = cache.dossier_cache() / "variantes" / f"{library.chemin_cache(graine).stem}-{code}-{variante}.sqlite"

    def construire(provisoire: str) -> None:
        copie, destination = varier(_bibliotheque(graine), variante), sqlite3.connect(provisoire)
        try:
            copie.backup(destination)
        finally:
            copie.close()
            destination.close()

    return str(cache.fichier_verifie(chemin, construire))


def base_cachee(variante: Any = None) -> str:
    """The hidden library of the student of transformation ``variante``, the file the sandboxed SQL process
    must see to grade the queries (the core mounts it)."""
    return fichier(GRAINE_CACHEE, variante)


def preparer_bibliotheques(graines: tuple[int, ...] | None = None) -> None:
    """Build (once) the libraries the SQL questions use, so that no test has to wait for it.

    While a notebook is graded (``AWALE_CORRECTION=juge``, set for the
    sandboxed kernel) only the visible library is prepared: the hidden one
    is the judge's, out of the kernel's reach.
    """
    if graines is None:
        en_correction = os.environ.get("AWALE_CORRECTION") == "juge"
        graines = (GRAINE_VISIBLE,) if en_correction else (GRAINE_VISIBLE, GRAINE_CACHEE)
    for graine in graines:
        _bibliotheque(graine).close()


# ---------------------------------------------------------------- comparing
def _court(lignes: list[tuple]) -> str:
    montrees = ", ".join(repr(tuple(ligne)) for ligne in lignes[:LIGNES_MONTREES])
    return montrees + (", …" if len(lignes) > LIGNES_MONTREES else "")


def _nombre(valeur: Any) -> bool:
    return isinstance(valeur, (int, float)) and not isinstance(valeur, bool)


def comparer(question: str, obtenu: Reponse, attendu: Reponse, indices: dict | None = None) -> str | None:
    """``None`` when ``obtenu`` answers ``question`` like ``attendu``, else the French explanation.

    ``indices`` holds facts of the library that let the message name a
    typical mistake (see :func:`preparer`).

    >>> attendu = Reponse(("nom", "prenom", "v"), [("A", "a", 150), ("B", "b", 120)])
    >>> comparer("Q25", Reponse(("n", "p", "c"), [("A", "a", 150), ("B", "b", 120)]), attendu) is None
    True
    >>> print(comparer("Q25", Reponse(("n", "p", "c"), [("B", "b", 120), ("A", "a", 150)]), attendu)[:45])
    les bonnes lignes, mais pas dans le bon ordre
    """
    indices = indices or {}
    n_attendu, n_obtenu = len(attendu.colonnes), len(obtenu.colonnes)
    if n_obtenu != n_attendu:
        return (f"la requête doit renvoyer {pluriel(n_attendu, 'colonne')} ({', '.join(COLONNES[question])}, "
                f"dans cet ordre) ; la vôtre en renvoie {n_obtenu} ({', '.join(obtenu.colonnes)}).")
    if question == "Q23":
        return _comparer_q23(obtenu, attendu, indices)
    en_trop = Counter(obtenu.lignes) - Counter(attendu.lignes)
    manquantes = Counter(attendu.lignes) - Counter(obtenu.lignes)
    if en_trop or manquantes:
        lignes = [f"votre requête renvoie {pluriel(len(obtenu.lignes), 'ligne')}, "
                  f"{len(attendu.lignes)} sont attendues."]
        if en_trop:
            lignes.append(f"lignes en trop : {_court(list(en_trop.elements()))}")
        if manquantes:
            lignes.append(f"lignes manquantes : {_court(list(manquantes.elements()))}")
        indice = _indice(question, obtenu, en_trop, manquantes, indices)
        lignes.append(f"rappel : {indice or RAPPELS[question]}.")
        return "\n  ".join(lignes)
    if question == "Q25":
        victoires = [ligne[2] for ligne in obtenu.lignes]
        if any(a < b for a, b in zip(victoires, victoires[1:])):
            return ("les bonnes lignes, mais pas dans le bon ordre : elles doivent être classées par nombre "
                    "de victoires décroissant (ORDER BY … DESC).")
    return None


FAMILLES_SQL = {"Q25": (Famille("trois colonnes : nom, prénom, victoires", 1 / 3, accessoire=True),
                         Famille("les bonnes lignes (joueurs et victoires)", 1 / 3),
                         Famille("classées par victoires décroissantes", 1 / 3))}
"""The rule families of the SQL queries graded in parts.  The columns are accessory: a query that
returns nothing has the right columns, so they pay only beside rows or an order that pass
(``specs.payees``, the functions' rule)."""


def familles_sql(question: str, obtenu: Reponse, attendu: Reponse) -> list[tuple[str, bool]]:
    """The rule families of a query worth several points (Q25: columns, rows, order), judged apart, each
    ``(name, earns its share)``.

    The other queries are worth one point or return one value: all or nothing (``[]``).  The order is
    judged on victories that differ (a constant column is sorted by nothing).

    >>> attendu = Reponse(("nom", "prenom", "v"), [("A", "a", 150), ("B", "b", 120)])
    >>> familles_sql("Q25", Reponse(("nom", "prenom", "0"), []), attendu)
    [('trois colonnes : nom, prénom, victoires', False), ('les bonnes lignes (joueurs et victoires)', False), \
('classées par victoires décroissantes', False)]
    """
    if question not in FAMILLES_SQL:
        return []
    familles = FAMILLES_SQL[question]
    colonnes = len(obtenu.colonnes) == len(attendu.colonnes)
    lignes = colonnes and Counter(obtenu.lignes) == Counter(attendu.lignes)
    victoires = [ligne[2] for ligne in obtenu.lignes if len(ligne) >= 3]
    ordre = (len(victoires) == len(obtenu.lignes) and len(set(victoires)) > 1 and all(_nombre(v) for v in victoires)
             and all(a >= b for a, b in zip(victoires, victoires[1:])))
    return list(zip((f.nom for f in familles), payees(familles, [colonnes, lignes, ordre])))


def _comparer_q23(obtenu: Reponse, attendu: Reponse, indices: dict) -> str | None:
    reference = attendu.lignes[0][0]
    if len(obtenu.lignes) != 1:
        return (f"la requête doit renvoyer une seule ligne (une seule valeur, le pourcentage) ; la vôtre en "
                f"renvoie {len(obtenu.lignes)}. Rappel : {RAPPELS['Q23']}.")
    valeur = obtenu.lignes[0][0]
    if not _nombre(valeur):
        return f"la requête renvoie {valeur!r}, pas un nombre. Rappel : {RAPPELS['Q23']}."
    if abs(valeur - reference) <= TOLERANCE_Q23:
        return None
    debut = f"la requête renvoie {valeur!r}, ce n'est pas le pourcentage attendu"
    if isinstance(valeur, int) and valeur == math.floor(reference):
        return (f"{debut} : c'est un entier, la partie entière du bon résultat. Entre deux entiers, SQLite "
                f"fait une division entière (7 / 2 vaut 3) : multipliez par 100.0 (un flottant) avant de "
                f"diviser.")
    if valeur == 0:
        return (f"{debut} : 0 vient souvent d'une division entière (SQLite calcule 3 / 8 = 0 entre deux "
                f"entiers) : multipliez par 100.0 (un flottant) avant de diviser.")
    if abs(100 * valeur - reference) <= TOLERANCE_Q23:
        return f"{debut} : c'est une proportion entre 0 et 1 ; un pourcentage va de 0 à 100 (multipliez par 100)."
    if abs(valeur - indices.get("q23_avec_nuls", math.inf)) <= TOLERANCE_Q23:
        return (f"{debut} : il compte les parties nulles (resultat = 0.5) comme des demi-victoires ; seules "
                f"les parties où resultat = 1 sont des victoires du joueur1.")
    return f"{debut}. Rappel : {RAPPELS['Q23']}."


def _indice(question: str, obtenu: Reponse, en_trop: Counter, manquantes: Counter, indices: dict) -> str | None:
    """A hint naming the typical mistake, when it is recognisable."""
    if question == "Q22" and not manquantes and en_trop and all(
            ligne[0] in indices.get("q22_niveau_1900", ()) for ligne in en_trop):
        return ("les joueurs en trop ont un niveau égal à 1900 exactement : « strictement supérieur » "
                "s'écrit niveau > 1900, pas >=")
    if question == "Q24" and len(obtenu.lignes) != 3:
        return "exactement 3 joueurs, les 3 de plus haut niveau : ORDER BY niveau DESC puis LIMIT 3"
    if question == "Q25" and not manquantes and all(ligne[2] == 100 for ligne in en_trop):
        return "« plus de cent victoires » : strictement plus de 100, HAVING COUNT(*) > 100, pas >="
    if question in ("Q24", "Q25"):
        noms_obtenus = Counter(tuple(ligne[:2]) for ligne in obtenu.lignes)
        noms_attendus = (noms_obtenus - Counter(tuple(ligne[:2]) for ligne in en_trop.elements())
                         + Counter(tuple(ligne[:2]) for ligne in manquantes.elements()))
        # the mistake is merging two homonyms: one of them is there, not both (a query missing both, or
        # returning nothing, makes another mistake)
        if any(n >= 2 and 0 < noms_obtenus[nom] < n for nom, n in noms_attendus.items()):
            return ("deux joueurs différents portent le même nom et le même prénom (des homonymes) et votre "
                    "requête les confond : un joueur se reconnaît à son id_Joueur (GROUP BY id_Joueur), pas à "
                    "son nom ; et pas de DISTINCT, qui fusionne deux lignes identiques")
    if question == "Q25" and {ligne[:2] for ligne in en_trop} == {ligne[:2] for ligne in manquantes}:
        return ("les bons joueurs, mais pas le bon nombre de victoires : ne comptez que les parties gagnées "
                "(resultat = 1) où le joueur commence (id_joueur1), une ligne par joueur")
    return None


# ---------------------------------------------------------------- the visible and the hidden test
def format_sql(question: str, requete: Any) -> Resultat:
    """The visible test: the query runs on the visible library and has the asked columns.

    The expected result is not shown: students look at their own result
    with :func:`montrer_requete`.
    """
    _verifier_question(question)
    connexion = ouvrir_visible()
    try:
        reponse = executer(connexion, requete)
    except ErreurRequete as exc:
        return Resultat(False, f"{question} — {exc}")
    finally:
        connexion.close()
    if not reponse.tables:
        return Resultat(False, f"{question} — {requetes.SANS_TABLE}")
    attendues = COLONNES[question]
    if len(reponse.colonnes) != len(attendues):
        return Resultat(False, f"{question} — la requête s'exécute mais doit renvoyer "
                               f"{pluriel(len(attendues), 'colonne')} ({', '.join(attendues)}, dans cet ordre) ; "
                               f"la vôtre en renvoie {len(reponse.colonnes)} ({', '.join(reponse.colonnes)}).")
    return Resultat(True, f"{question} — la requête s'exécute sans erreur sur la bibliothèque d'ouvertures : "
                          f"{pluriel(len(reponse.lignes), 'ligne')}, {pluriel(len(reponse.colonnes), 'colonne')}. "
                          f"Sa justesse est vérifiée à la correction, sur une autre bibliothèque.", 1)


def preparer_comparaison(question: str, graine: int = GRAINE_CACHEE, variante: Any = None
                         ) -> Callable[[dict], Resultat]:
    """The judge's half of the hidden test: compare the runner's plain data with the reference query.

    The reference query runs here, on the hidden library (checksum verified) as the student of transformation
    ``variante`` has it (the submission's author's: ``QuestionsSQL.donnees``);
    the returned function receives what the student's query gave in the
    sandbox (``{"obs": {"colonnes", "lignes"}}`` or ``{"erreur_sql": …}``) and
    never runs anything of the student's.
    """
    _verifier_question(question)
    connexion = ouvrir(graine, variante)
    try:
        attendu = executer(connexion, library.REQUETES[question])
        indices = {
            "q22_niveau_1900": {ligne[0] for ligne in executer(
                connexion, "SELECT id_Joueur FROM Joueur WHERE niveau = 1900").lignes},
            "q23_avec_nuls": executer(
                connexion, "SELECT 100.0 * SUM(resultat) / COUNT(*) FROM Partie WHERE jeu LIKE 'a%'").lignes[0][0],
        }
    finally:
        connexion.close()

    def juger(reponse: dict) -> Resultat:
        obtenu = lire_reponse_sql(question, reponse)  # the query's rows, or the failed verdict
        if isinstance(obtenu, Resultat):
            return obtenu
        ecart = comparer(question, obtenu, attendu, indices)
        if ecart:
            familles = familles_sql(question, obtenu, attendu)
            fraction = sum(f.poids for f, (_, ok) in zip(FAMILLES_SQL.get(question, ()), familles) if ok)
            resume = "".join(f"\n  {'✔' if ok else '✘'} {nom}" for nom, ok in familles)
            return Resultat(False, f"{question} — sur la bibliothèque de correction, {ecart}{resume}", 1,
                            fraction, familles)
        return Resultat(True, f"{question} — requête exacte sur la bibliothèque de correction "
                              f"({pluriel(len(obtenu.lignes), 'ligne')}).", 1)

    return juger


def preparer(question: str, graine: int = GRAINE_CACHEE, variante: Any = None) -> Callable[[Any], Resultat]:
    """The hidden test of ``question`` in one process (self-study): run the query, then compare, on the library
    of ``graine`` as the student of transformation ``variante`` has it.

    Everything is ready before the student's query exists: the hidden
    library is verified, the reference query has run.  The query goes
    through the same guard and the same plain-data comparison as in the
    judge (:func:`preparer_comparaison`).
    """
    comparer_reponse = preparer_comparaison(question, graine, variante)
    chemin = fichier(graine, variante)

    def juger(requete: Any) -> Resultat:
        return comparer_reponse(requetes.evaluer_sql(requete, chemin))

    return juger


def _verifier_question(question: str) -> None:
    if question not in QUESTIONS_SQL:
        raise ValueError(f"unknown SQL question {question!r}; expected one of {', '.join(QUESTIONS_SQL)}")


# ---------------------------------------------------------------- showing a result
def montrer_requete(requete: str, limite: int = 10) -> TableRequete:
    """Run ``requete`` on the student's own visible library and show its first ``limite`` rows and its row count.

    Put it last in a cell: the notebook displays the table.  A refused query
    shows the French reason instead.
    """
    if not isinstance(limite, int) or limite < 0:
        raise ValueError(f"limite must be a non-negative int, got {limite!r}")
    connexion = ouvrir_visible()
    try:
        return TableRequete(str(requete), executer(connexion, requete), limite)
    except ErreurRequete as exc:
        return TableRequete(str(requete), None, limite, str(exc))
    finally:
        connexion.close()


__all__ = ["GRAINE_CACHEE", "GRAINE_VISIBLE", "ErreurRequete", "Reponse", "TableRequete", "comparer",
           "executer", "format_sql", "montrer_requete", "preparer", "preparer_bibliotheques"]
