"""The CCINP's data drawn per student: the positions of figures 4 (Q1, Q2) and 5 (Q3).

Each generator draws, from a ``random.Random``, a position of which every sentence of the notebook stays
true; it computes no answer (the expected answers are the reference's, on the judge's side:
:mod:`awale_ref.sujets.ccinp_2024.reponses`).  Shipped as it is in the students' environment.

- **Figure 4** (Alice to move): three non-empty pits in Alice's row, one of them with 12 to 17 seeds (its
  sowing laps round and skips its own pit, as pit 4 does in the paper), the others 1 to 6; Bob's row holds
  0 to 2 seeds a pit, except one pit with 4 to 6 seeds: whatever Alice plays, that pit keeps more than 3
  seeds, so no move can starve Bob (the famine plays no part in Q1 and Q2, as in the paper) and the
  position is never the paper's own (whose row of Bob has at most 2 seeds a pit).  At most 45 seeds.
- **Figure 5** (Alice has seeds in pit 5 only, ``n`` of them, 2 to 5): Bob's pits 6 to ``5 + n`` hold 1 or
  2 seeds (2 or 3 once sown: harvested from the last down to 6).  Situation 1: Bob's other pits are empty,
  so the harvest would take all his seeds (the famine); situation 2: the same, with seeds in at least one
  of Bob's pits past the last one sown (the same sowing, and Bob keeps seeds).  The paper's own pair is
  drawn again.
"""

from __future__ import annotations

import hashlib
import random
import sqlite3

from awale_ref.grading.eleve.variantes import Variante

FIGURE4_ENONCE = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
FIGURE5_ENONCE = ([0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0], [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 1])


def figure4(rng: random.Random) -> list[int]:
    """A position like the paper's figure 4 (see the module's docstring)."""
    plateau = [0] * 12
    jouables = rng.sample(range(6), 3)
    grande = rng.choice(jouables)
    for case in jouables:
        plateau[case] = rng.randint(12, 17) if case == grande else rng.randint(1, 6)
    garde = rng.randrange(6, 12)
    for case in range(6, 12):
        plateau[case] = rng.randint(4, 6) if case == garde else rng.choice((0, 1, 1, 2))
    return plateau


def figure5(rng: random.Random) -> tuple[list[int], list[int]]:
    """The two situations of the paper's figure 5 (see the module's docstring)."""
    while True:
        n = rng.randint(2, 5)
        situation1 = [0] * 5 + [n] + [rng.randint(1, 2) for _ in range(n)] + [0] * (6 - n)
        situation2 = list(situation1)
        apres = range(6 + n, 12)
        for case in apres:
            situation2[case] = rng.randint(0, 3)
        if not any(situation2[6 + n:]):
            situation2[rng.choice(apres)] = rng.randint(1, 3)
        if (situation1, situation2) != FIGURE5_ENONCE:
            return situation1, situation2


def figure4_valide(plateau: list) -> None:
    """In the domain of Q1–Q2 (a position of the game, Alice to move) and solvable as the notebook says: some
    pits of Alice's row are empty, others not, one laps round, and no move starves Bob."""
    from awale_ref.sujets.ccinp_2024 import exam

    assert len(plateau) == 12 and all(isinstance(g, int) and g >= 0 for g in plateau) and 3 < sum(plateau) <= 48
    assert 0 in plateau[:6] and any(plateau[:6]) and max(plateau[:6]) >= 12
    for case in range(6):
        if plateau[case]:
            assert exam.test_famine(plateau, case), (plateau, case)


def figure5_valide(situations: tuple) -> None:
    """Q3 as the notebook states it: Alice has seeds in pit 5 only; situation 1 starves Bob, situation 2 does
    not, with the same sowing."""
    from awale_ref.sujets.ccinp_2024 import exam

    un, deux = situations
    for plateau in situations:
        assert len(plateau) == 12 and not any(plateau[:5]) and plateau[5] > 0 and sum(plateau) <= 48
    assert not exam.test_famine(un, 5) and exam.test_famine(deux, 5)
    assert un[:6 + un[5]] == deux[:6 + deux[5]]


VARIANTES = (
    Variante("figure4", figure4, FIGURE4_ENONCE, ("Q1_cases", "Q2_plateaux", "Q2_gains"), "plateau",
             figure4_valide),
    Variante("figure5", figure5, FIGURE5_ENONCE, ("Q3_situation1", "Q3_situation2"), "figure 5 (situations 1 et 2)",
             figure5_valide),
)
"""The CCINP's data sets drawn per student (``Sujet(variantes=...)``)."""


# ---------------------------------------------------------------- the opening library (Q22–Q25)
NIVEAU_LIMITE = 1900
"""Q22's level: every variant keeps a player at exactly this level (``>=`` instead of ``>`` is then wrong)."""
ECART_NIVEAU = 60
ID_JOUEUR_MAX = 9999


def bibliotheque(rng: random.Random) -> int:
    """The seed of a student's transformation of the opening libraries (:func:`varier_bibliotheque`)."""
    return rng.randrange(1, 2 ** 31)


_COPIES: dict[str, bytes] = {}
"""The libraries this process has transformed (``sqlite3.Connection.serialize``): a kernel opens its student's
visible library at each ``montrer_requete``, transformed once."""
COPIES_MAX = 4


def varier_bibliotheque(connexion: sqlite3.Connection, graine: int | None) -> sqlite3.Connection:
    """The library of ``connexion`` as the student of transformation ``graine`` sees it: ``connexion`` itself
    when ``graine`` is ``None`` (the statement's library), else a copy in memory (``connexion`` is closed) where

    - the players' identifiers are other distinct numbers (1 to 9999), in ``Joueur`` and in ``Partie``;
    - the family names are permuted among themselves, and the first names among themselves: two players share
      both names exactly when they did (the namesakes of Q24 and Q25 stay namesakes), no other pair does;
    - every level moves by the same amount (at most 60 points), chosen so that a player lands on exactly 1900:
      the order of the levels, and the unique podium of Q24, do not change;
    - the games' identifiers move by the same amount (they still number the games by date).

    The games themselves (their players, moves, results and days) do not change: the 240 players and the
    20 000 games of the statement stay, and so does Q23's percentage (a fact of the games' moves and results).
    The transformation is a bijection drawn from ``graine`` and the library's own levels (two libraries give
    two transformations), cheap: a copy in memory whose two tables are written again, once a process (then a
    copy of its bytes; ``benchmarks/bench_variantes_sql.py``).
    """
    if graine is None:
        return connexion
    niveaux = [n for (n,) in connexion.execute("SELECT niveau FROM Joueur ORDER BY id_Joueur")]
    cle = f"bibliotheque:{graine}:{hashlib.sha256(repr(niveaux).encode()).hexdigest()}"
    copie = sqlite3.connect(":memory:")
    if cle in _COPIES:  # made already by this process: its bytes
        connexion.close()
        copie.deserialize(_COPIES[cle])
        return copie
    connexion.backup(copie)
    connexion.close()
    rng = random.Random(cle)
    ids = [i for (i,) in copie.execute("SELECT id_Joueur FROM Joueur ORDER BY id_Joueur")]
    nouveaux = dict(zip(ids, rng.sample(range(1, ID_JOUEUR_MAX + 1), len(ids))))
    correspondances = {}
    for colonne in ("nom", "prenom"):
        anciens = sorted({v for (v,) in copie.execute(f"SELECT {colonne} FROM Joueur")})
        correspondances[colonne] = dict(zip(anciens, rng.sample(anciens, len(anciens))))
    proches = sorted({n for n in niveaux if abs(n - NIVEAU_LIMITE) <= ECART_NIVEAU})
    decalage = NIVEAU_LIMITE - rng.choice(proches) if proches else 0
    premiere_partie = rng.randrange(1, 100_000)
    joueurs = [(nouveaux[i], correspondances["nom"][nom], correspondances["prenom"][prenom], niveau + decalage, ne)
               for i, nom, prenom, niveau, ne in copie.execute("SELECT * FROM Joueur")]
    parties = [(premiere_partie + rang, nouveaux[j1], nouveaux[j2], *reste) for rang, (j1, j2, *reste) in
               enumerate(copie.execute("SELECT id_joueur1, id_joueur2, resultat, jour, jeu FROM Partie "
                                       "ORDER BY id_Partie"))]
    with copie:  # the tables emptied and filled again: one pass, whatever the new numbers meet
        for table, lignes in (("Joueur", joueurs), ("Partie", parties)):
            copie.execute(f"DELETE FROM {table}")
            copie.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(lignes[0]))})", lignes)
    if len(_COPIES) >= COPIES_MAX:
        _COPIES.clear()
    _COPIES[cle] = copie.serialize()
    return copie


BIBLIOTHEQUE = Variante("bibliotheque", bibliotheque, None, ("Q22", "Q23", "Q24", "Q25"), "bibliothèque d'ouvertures")
"""The opening libraries drawn per student: the data is the seed of :func:`varier_bibliotheque`, ``None`` the
statement's libraries.  Its domain (which opens both libraries) is the SQL module's, on the judge's side:
``sql.VARIANTE``."""
