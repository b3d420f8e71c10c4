"""The opening library of the exam's part III.3 as an SQLite database (Q22–Q25).

The database has the exam's two tables, with its column names::

    Joueur(id_Joueur INTEGER PRIMARY KEY, nom TEXT, prenom TEXT,
           niveau INTEGER, naissance DATE)
    Partie(id_Partie INTEGER PRIMARY KEY, id_joueur1 INTEGER, id_joueur2 INTEGER,
           resultat REAL, jour DATE, jeu TEXT)

``resultat`` is 1, 0.5 or 0 from joueur1's side; ``jeu`` is the move string
of :mod:`awale_ref.notation` (``a``–``f`` joueur1's pits, ``g``–``l``
joueur2's, no board rotation).  SQLite has no date type: a column declared
``DATE`` gets NUMERIC affinity and the dates are stored as ISO text
``'YYYY-MM-DD'``, which sorts and compares like the dates themselves (the
exam prints them ``DD/MM/YYYY``).

How the data is made (everything derives from ``seed``; the same seed gives
the same rows, byte for byte):

- **Players.**  ``n_players`` players with French names and first names
  (:mod:`awale_ref.noms`: Faker ``fr_FR``'s lists, frozen, seeded; no two players share both, except two pairs of
  namesakes made on purpose, see below), a birth date
  (1945–2007) and a hidden talent ``t`` in [0, 1] that fixes how they play
  (:class:`awale_ref.players.Profil`): depth 0 (random) for t < 0.1, depth 1
  (greedy) for t < 0.35, then depths 2 to 6; noise ``0.25 + 5 (1 - t)²``
  seeds.  Talented players are more active: a player's weight in the
  draw of each game is ``0.2 + 4 t⁴``.
- **Games.**  ``n_games`` games, each between two different players drawn
  by those weights, on a day when both are at least 15 years old
  (2000–2024).  Every game is really played to its end by the fast engine
  (:mod:`awale_ref.engine`) with the players' profiles, from its own random
  generator (seeded by ``seed`` and the game's number), so the games can be
  played by several processes without the result depending on scheduling.
  Honest note on the depth: a depth-d player searches min(d, 6) plies
  (alpha-beta, exact NegaAwale values) for its first move, min(d, 4) for
  its second, and then plays greedily (best immediate gain) with its noise
  (:func:`awale_ref.players.profondeur_au_tour`); a depth-0 player plays at
  random throughout.  The root values of the deep searches are memoised
  per (position, depth) in each process: the opening positions repeat from
  game to game (a few hundred distinct ones), which is what makes the
  opening deep and the whole build take seconds.  Deeper search later in
  the game (even depth 2 costs about 5 times a greedy move) would turn
  seconds into minutes.
- **Levels.**  ``niveau`` is the exam's "niveau maximal atteint au cours de
  sa carrière", an Elo-like number: ``1000 + 1350 t`` plus a Gaussian
  spread of 40 points.  It is *not* computed from the library's games (a
  career is more than the games of one library, and an Elo computed on
  these games spans only a few hundred points, since every player is
  greedy after the opening); it is correlated with strength by
  construction, and the results agree: high-level players win more (see
  the tests).  If the 3rd and 4th levels are equal, the 4th (and any other
  player at that level) loses one point, so that Q24 has a single answer.
- **Namesakes.**  As in any federation, two players may share both names,
  so a query must tell players apart by ``id_Joueur``, never by name: once
  the games are played, the second-best player takes the best one's names
  (Q24's top 3 shows two namesakes), and of the players with more than 100
  wins as joueur1 (Q25), the first pair with the same number of wins gets
  the same names too (:func:`_homonymes`).  Found by mutation testing:
  without them ``SELECT DISTINCT`` in Q24 or Q25, and ``GROUP BY nom,
  prenom`` in Q25, could not be told apart from the right query.
- **Games' order.**  ``id_Partie`` numbers the games by date.

``ouvrir_bibliotheque`` builds the default library once into a cache directory
(``$AWALE_CACHE``, else ``~/.cache/awale_ref``), under a name made of the
seed and a fingerprint of the generating code, and opens it read-only.

>>> import sqlite3
>>> base = sqlite3.connect(":memory:")
>>> _ = base.executescript(SCHEMA)
>>> [ligne[1] for ligne in base.execute("PRAGMA table_info(Partie)")]
['id_Partie', 'id_joueur1', 'id_joueur2', 'resultat', 'jour', 'jeu']
"""

from __future__ import annotations

import datetime
import hashlib
import math
import os
import random
import sqlite3
from concurrent.futures import ProcessPoolExecutor
from importlib import resources
from pathlib import Path

from awale_ref import engine, notation, noms, players
from awale_ref.cache import dossier_cache, fichier_verifie
from awale_ref.players import Profil

SCHEMA = """
CREATE TABLE Joueur (
    id_Joueur INTEGER PRIMARY KEY,
    nom TEXT,
    prenom TEXT,
    niveau INTEGER,
    naissance DATE
);
CREATE TABLE Partie (
    id_Partie INTEGER PRIMARY KEY,
    id_joueur1 INTEGER REFERENCES Joueur(id_Joueur),
    id_joueur2 INTEGER REFERENCES Joueur(id_Joueur),
    resultat REAL,
    jour DATE,
    jeu TEXT
);
"""

# The reference answers, written as a student would on the exam.
REQUETES = {
    # Q22: identifiers of the players whose level is strictly above 1900.
    "Q22": "SELECT id_Joueur FROM Joueur WHERE niveau > 1900",
    # Q23: percentage (0–100) of joueur1's wins among the games opened with
    # pit 0 (letter 'a'; a draw is not a win); 100.0 avoids SQLite's integer
    # division (100 * 3 / 7 is 42 there).
    "Q23": ("SELECT 100.0 * COUNT(*) / "
            "(SELECT COUNT(*) FROM Partie WHERE jeu LIKE 'a%') "
            "FROM Partie WHERE jeu LIKE 'a%' AND resultat = 1"),
    # Q24: name and first name of the 3 players with the highest level.
    "Q24": "SELECT nom, prenom FROM Joueur ORDER BY niveau DESC LIMIT 3",
    # Q25: players with more than 100 wins as joueur1, most wins first.
    "Q25": ("SELECT nom, prenom, COUNT(*) AS victoires "
            "FROM Joueur JOIN Partie ON Partie.id_joueur1 = Joueur.id_Joueur "
            "WHERE resultat = 1 "
            "GROUP BY id_Joueur "
            "HAVING COUNT(*) > 100 "
            "ORDER BY victoires DESC"),
}

GRAINE = 2024
N_JOUEURS = 240
N_PARTIES = 20000

NAISSANCE_MIN = datetime.date(1945, 1, 1)
NAISSANCE_MAX = datetime.date(2007, 12, 31)
JOUR_MIN = datetime.date(2000, 1, 1)
JOUR_MAX = datetime.date(2024, 12, 31)
AGE_MIN = 15

NIVEAU_MIN = 1000
NIVEAU_PENTE = 1350
NIVEAU_ECART = 40


# ---------------------------------------------------------------- players
def profil_du_talent(talent: float) -> Profil:
    """How a player of hidden ``talent`` (0 to 1) plays.

    >>> profil_du_talent(0.05), profil_du_talent(0.2)
    (Profil(profondeur=0, bruit=4.7625), Profil(profondeur=1, bruit=3.4500000000000006))
    >>> profil_du_talent(1.0)
    Profil(profondeur=6, bruit=0.25)
    """
    if talent < 0.1:
        profondeur = 0
    elif talent < 0.35:
        profondeur = 1
    else:
        profondeur = min(6, 2 + int((talent - 0.35) / 0.65 * 5))
    return Profil(profondeur, 0.25 + 5 * (1 - talent) ** 2)


def activite_du_talent(talent: float) -> float:
    """The weight of a player in the draw of each game's players.

    >>> activite_du_talent(0.0), activite_du_talent(1.0)
    (0.2, 4.2)
    """
    return 0.2 + 4 * talent ** 4


def _date_au_hasard(rng: random.Random, debut: datetime.date, fin: datetime.date) -> datetime.date:
    return debut + datetime.timedelta(days=rng.randint(0, (fin - debut).days))


def _anniversaire(naissance: datetime.date, age: int) -> datetime.date:
    try:
        return naissance.replace(year=naissance.year + age)
    except ValueError:  # born on 29 February
        return naissance.replace(year=naissance.year + age, day=28)


def _creer_joueurs(seed: int, n_players: int) -> list[dict]:
    """The players: id, nom, prenom, naissance, talent, niveau."""
    rng = random.Random(f"joueurs:{seed}")
    faux = noms.TirageDeNoms(seed)
    deja_vus = set()
    joueurs = []
    for id_joueur in range(1, n_players + 1):
        nom, prenom = faux.nom(), faux.prenom()
        while (nom, prenom) in deja_vus:
            nom, prenom = faux.nom(), faux.prenom()
        deja_vus.add((nom, prenom))
        joueurs.append({
            'id': id_joueur, 'nom': nom, 'prenom': prenom,
            'naissance': _date_au_hasard(rng, NAISSANCE_MIN, NAISSANCE_MAX),
            'talent': rng.random(),
        })
    for joueur in joueurs:
        joueur['niveau'] = niveau_du_talent(joueur['talent'], rng)
    return joueurs


def _programme(seed: int, joueurs: list[dict], n_games: int) -> list[tuple[int, int, datetime.date]]:
    """``(index of joueur1, index of joueur2, day)`` of every game, not yet sorted."""
    rng = random.Random(f"programme:{seed}")
    poids = [activite_du_talent(j['talent']) for j in joueurs]
    indices = range(len(joueurs))
    programme = []
    for _ in range(n_games):
        premier = rng.choices(indices, poids)[0]
        second = premier
        while second == premier:
            second = rng.choices(indices, poids)[0]
        plus_jeune = max(joueurs[premier]['naissance'], joueurs[second]['naissance'])
        debut = max(JOUR_MIN, _anniversaire(plus_jeune, AGE_MIN))
        programme.append((premier, second, _date_au_hasard(rng, debut, JOUR_MAX)))
    return programme


# ---------------------------------------------------------------- games
# Root move values of deep searches, shared by the games a process plays.
# Values depend only on (position, depth), so sharing never changes a game.
_CACHE_RACINES: dict = {}
_CACHE_MAX = 200_000
# Below this many games per process, starting processes costs more than it saves.
PARTIES_MIN_PAR_PROCESSUS = 100


def jouer_partie(profil1: Profil, profil2: Profil, graine: str,
                 cache: dict | None = None) -> tuple[str, float]:
    """Play one whole game; return its move string and joueur1's result.

    >>> jeu, resultat = jouer_partie(Profil(1, 0.5), Profil(0, 0.0), "exemple")
    >>> len(jeu) > 0, resultat in (0, 0.5, 1)
    (True, True)
    >>> jouer_partie(Profil(1, 0.5), Profil(0, 0.0), "exemple") == (jeu, resultat)
    True
    """
    rng = random.Random(graine)
    pos = engine.initial_position()
    cases = []
    while not engine.is_over(pos):
        profil = profil1 if pos.n % 2 == 0 else profil2
        case, pos = players.choisir_coup(pos, profil, rng, cache)
        cases.append(case)
    valeur = engine.leaf_value(pos)  # for the player to move at the end
    if pos.n % 2 == 1:
        valeur = -valeur
    resultat = 1.0 if valeur > 0 else (0.0 if valeur < 0 else 0.5)
    return notation.ecrire(cases), resultat


def _jouer_lot(lot: list[tuple[Profil, Profil, str]]) -> list[tuple[str, float]]:
    """Play a batch of games (the unit of work of a process)."""
    if len(_CACHE_RACINES) > _CACHE_MAX:
        _CACHE_RACINES.clear()
    return [jouer_partie(p1, p2, graine, _CACHE_RACINES) for p1, p2, graine in lot]


def _jouer_tout(taches: list[tuple[Profil, Profil, str]], processes: int) -> list[tuple[str, float]]:
    """Play every game, in ``processes`` processes when it is worth it."""
    if processes <= 1 or len(taches) < PARTIES_MIN_PAR_PROCESSUS * processes:
        return _jouer_lot(taches)
    # contiguous batches, results gathered in order: independent of scheduling
    taille = math.ceil(len(taches) / (4 * processes))
    lots = [taches[i:i + taille] for i in range(0, len(taches), taille)]
    with ProcessPoolExecutor(max_workers=processes) as pool:
        resultats = []
        for morceau in pool.map(_jouer_lot, lots):
            resultats.extend(morceau)
    return resultats


# ---------------------------------------------------------------- levels
def niveau_du_talent(talent: float, rng: random.Random) -> int:
    """A career-best level (Elo-like) for a player of hidden ``talent``.

    ``1000 + 1350 t`` plus a Gaussian spread of 40 points, rounded.

    >>> niveau_du_talent(0.5, random.Random(0))
    1713
    """
    return round(NIVEAU_MIN + NIVEAU_PENTE * talent + rng.gauss(0.0, NIVEAU_ECART))


def _departager_top3(niveaux: list[int]) -> None:
    """Lower by one the players tied with the 3rd level below the top 3."""
    if len(niveaux) < 4:
        return
    ordre = sorted(range(len(niveaux)), key=lambda j: (-niveaux[j], j))
    troisieme = niveaux[ordre[2]]
    for j in ordre[3:]:
        if niveaux[j] == troisieme:
            niveaux[j] -= 1


def _homonymes(joueurs: list[dict], niveaux: list[int], programme: list[tuple], resultats: list) -> None:
    """Give two pairs of players the same names (see the module's docstring); nothing if none fits.

    >>> joueurs = [{'nom': n, 'prenom': p} for n, p in [("A", "a"), ("B", "b"), ("C", "c"), ("D", "d"), ("E", "e")]]
    >>> programme = [(3, 0, None)] * 101 + [(4, 0, None)] * 101 + [(2, 0, None)] * 101
    >>> resultats = [("a", 1)] * 303
    >>> _homonymes(joueurs, [1900, 2000, 1500, 1200, 1100], programme, resultats)
    >>> [(j['nom'], j['prenom']) for j in joueurs]
    [('B', 'b'), ('B', 'b'), ('C', 'c'), ('C', 'c'), ('E', 'e')]
    """
    ordre = sorted(range(len(joueurs)), key=lambda j: (-niveaux[j], j))
    pris = set()
    if len(ordre) >= 3:
        premier, second = ordre[0], ordre[1]
        joueurs[second]['nom'], joueurs[second]['prenom'] = joueurs[premier]['nom'], joueurs[premier]['prenom']
        pris = {premier, second}
    victoires = [0] * len(joueurs)
    for (joueur1, _, _), (_, resultat) in zip(programme, resultats):
        if resultat == 1:
            victoires[joueur1] += 1
    candidats = sorted((j for j in range(len(joueurs)) if victoires[j] > 100 and j not in pris),
                       key=lambda j: (-victoires[j], j))
    for a, b in zip(candidats, candidats[1:]):
        if victoires[a] == victoires[b]:
            joueurs[b]['nom'], joueurs[b]['prenom'] = joueurs[a]['nom'], joueurs[a]['prenom']
            return


# ---------------------------------------------------------------- build
def construire_bibliotheque(path: str | os.PathLike, seed: int = GRAINE, n_players: int = N_JOUEURS,
                             n_games: int = N_PARTIES, processes: int | None = None) -> Path:
    """Build the opening library at ``path`` (replaced if it exists); return it.

    ``processes`` (default: up to 2, the CPUs available) only changes the
    speed, never the content.

    >>> import tempfile, sqlite3
    >>> with tempfile.TemporaryDirectory() as dossier:
    ...     chemin = construire_bibliotheque(Path(dossier) / "mini.sqlite", seed=1, n_players=6, n_games=20)
    ...     base = sqlite3.connect(chemin)
    ...     base.execute("SELECT COUNT(*) FROM Partie").fetchone()[0]
    ...     base.close()
    20
    """
    if n_players < 2:
        raise ValueError(f"a library needs at least 2 players, got n_players={n_players!r}")
    if n_games < 0:
        raise ValueError(f"n_games must be >= 0, got {n_games!r}")
    if processes is None:
        processes = min(2, os.cpu_count() or 1)
    path = Path(path)
    joueurs = _creer_joueurs(seed, n_players)
    programme = _programme(seed, joueurs, n_games)
    taches = [(profil_du_talent(joueurs[p]['talent']), profil_du_talent(joueurs[s]['talent']),
               f"partie:{seed}:{numero}")
              for numero, (p, s, _) in enumerate(programme)]
    resultats = _jouer_tout(taches, processes)

    niveaux = [joueur['niveau'] for joueur in joueurs]
    _departager_top3(niveaux)
    _homonymes(joueurs, niveaux, programme, resultats)
    # games in date order (ties: the order they were drawn in)
    ordre = sorted(range(n_games), key=lambda i: (programme[i][2], i))

    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    base = sqlite3.connect(path)
    try:
        base.executescript(SCHEMA)
        base.executemany(
            "INSERT INTO Joueur VALUES (?, ?, ?, ?, ?)",
            [(j['id'], j['nom'], j['prenom'], niveaux[k], j['naissance'].isoformat())
             for k, j in enumerate(joueurs)])
        base.executemany(
            "INSERT INTO Partie VALUES (?, ?, ?, ?, ?, ?)",
            [(id_partie, joueurs[programme[i][0]]['id'], joueurs[programme[i][1]]['id'],
              resultats[i][1], programme[i][2].isoformat(), resultats[i][0])
             for id_partie, i in enumerate(ordre, start=1)])
        base.commit()
    finally:
        base.close()
    return path


def empreinte_du_code() -> str:
    """A short fingerprint of the code the content depends on.

    The library module, the players, the engine, the notation and the frozen
    names (:mod:`awale_ref.noms`): any change gives a new cache file name.

    >>> len(empreinte_du_code())
    12
    """
    h = hashlib.sha256()
    for fichier in (__file__, players.__file__, engine.__file__, notation.__file__, noms.__file__):
        h.update(Path(fichier).read_bytes())
    h.update(resources.files("awale_ref").joinpath(noms.FICHIER).read_bytes())
    return h.hexdigest()[:12]


def chemin_cache(seed: int = GRAINE) -> Path:
    """Where ``ouvrir_bibliotheque(seed)`` keeps its database."""
    return dossier_cache() / f"bibliotheque-{seed}-{empreinte_du_code()}.sqlite"


def chemin_verifie(seed: int = GRAINE) -> Path:
    """The library file of ``seed``, built if needed, its checksum verified (rebuilt if it changed)
    (:func:`fichier_verifie`)."""
    return fichier_verifie(chemin_cache(seed), lambda chemin: construire_bibliotheque(chemin, seed=seed))


def ouvrir_bibliotheque(seed: int = GRAINE) -> sqlite3.Connection:
    """A read-only connection to the default library of ``seed``.

    Built on first use (seconds) into :func:`chemin_cache`, reused afterwards
    once its checksum is verified (:func:`chemin_verifie`).  The database is
    written to a temporary file and renamed, so concurrent first uses never
    see a half-written file.
    """
    chemin = chemin_verifie(seed)
    return sqlite3.connect(f"{chemin.as_uri()}?mode=ro", uri=True)

