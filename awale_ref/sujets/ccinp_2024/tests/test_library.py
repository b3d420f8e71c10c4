"""The opening library (Q22–Q25): schema, content, reference queries, determinism.

The default library (seed 2024, 240 players, 20,000 games) is built once per
session into a temporary cache by ``ouvrir_bibliotheque``; the other checks use
small libraries.  Every reference query is compared with a computation in
plain Python on the rows read with ``SELECT *``.
"""

import datetime
import hashlib
import os
import random
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from awale_ref import cache
from awale_ref.sujets.ccinp_2024 import library
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.notation import rejouer

PETITE = {"seed": 5, "n_players": 30, "n_games": 400}


@pytest.fixture(scope="session")
def grande(tmp_path_factory):
    """A read-only connection to the default library, built in a fresh cache."""
    ancien = os.environ.get("AWALE_CACHE")
    os.environ["AWALE_CACHE"] = str(tmp_path_factory.mktemp("cache_awale"))
    try:
        base = library.ouvrir_bibliotheque(2024)
        yield base
        base.close()
    finally:
        if ancien is None:
            del os.environ["AWALE_CACHE"]
        else:
            os.environ["AWALE_CACHE"] = ancien


@pytest.fixture(scope="session")
def petite(tmp_path_factory):
    chemin = library.construire_bibliotheque(tmp_path_factory.mktemp("petite") / "petite.sqlite",
                                   processes=1, **PETITE)
    base = sqlite3.connect(chemin)
    yield base
    base.close()


def joueurs_de(base):
    return {ligne[0]: ligne for ligne in base.execute("SELECT * FROM Joueur")}


def parties_de(base):
    return base.execute("SELECT * FROM Partie").fetchall()


def resultat_rejoue(jeu: str) -> float:
    """joueur1's result of a stored game, replayed with the exam's functions."""
    final = rejouer(jeu, "J1", "J2")
    assert not exam.tour_suivant(final), "the stored game is not finished"
    return {"J1": 1.0, "J2": 0.0, exam.EGALITE: 0.5}[exam.gagnant(final)]


# ---------------------------------------------------------------- schema
SCHEMA_DE_L_EXAMEN = {
    "Joueur": [("id_Joueur", "INTEGER", 1), ("nom", "TEXT", 0), ("prenom", "TEXT", 0),
               ("niveau", "INTEGER", 0), ("naissance", "DATE", 0)],
    "Partie": [("id_Partie", "INTEGER", 1), ("id_joueur1", "INTEGER", 0),
               ("id_joueur2", "INTEGER", 0), ("resultat", "REAL", 0), ("jour", "DATE", 0),
               ("jeu", "TEXT", 0)],
}


def test_schema_is_the_exams(petite):
    tables = [t for (t,) in petite.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    assert sorted(tables) == ["Joueur", "Partie"]
    for table, colonnes in SCHEMA_DE_L_EXAMEN.items():
        info = [(nom, type_, pk) for _, nom, type_, _, _, pk in petite.execute(f"PRAGMA table_info({table})")]
        assert info == colonnes
    cles = {(ligne[3], ligne[2], ligne[4]) for ligne in petite.execute("PRAGMA foreign_key_list(Partie)")}
    assert cles == {("id_joueur1", "Joueur", "id_Joueur"), ("id_joueur2", "Joueur", "id_Joueur")}


def test_stored_types_and_dates(petite):
    joueurs = joueurs_de(petite)
    for id_joueur, nom, prenom, niveau, naissance in joueurs.values():
        assert isinstance(id_joueur, int) and isinstance(niveau, int)
        assert isinstance(nom, str) and nom and isinstance(prenom, str) and prenom
        assert datetime.date.fromisoformat(naissance).isoformat() == naissance
    for id_partie, j1, j2, resultat, jour, jeu in parties_de(petite):
        assert j1 in joueurs and j2 in joueurs and j1 != j2
        assert resultat in (0.0, 0.5, 1.0) and isinstance(resultat, float)
        date = datetime.date.fromisoformat(jour)
        for j in (j1, j2):  # both players were at least 15
            naissance = datetime.date.fromisoformat(joueurs[j][4])
            assert (date.year - naissance.year, date.month, date.day) >= (15, naissance.month, naissance.day) \
                or date.year - naissance.year > 15
    jours = [jour for (jour,) in petite.execute("SELECT jour FROM Partie ORDER BY id_Partie")]
    assert jours == sorted(jours)  # id_Partie follows the dates


# ---------------------------------------------------------------- games
def test_every_game_of_a_small_library_replays_to_its_result(petite):
    for id_partie, _, _, resultat, _, jeu in parties_de(petite):
        assert resultat_rejoue(jeu) == resultat, f"game {id_partie}: {jeu}"


def test_a_sample_of_the_default_library_replays_to_its_result(grande):
    parties = parties_de(grande)
    for id_partie, _, _, resultat, _, jeu in random.Random(0).sample(parties, 500):
        assert resultat_rejoue(jeu) == resultat, f"game {id_partie}: {jeu}"


def test_default_library_size_and_variety(grande):
    joueurs = joueurs_de(grande)
    parties = parties_de(grande)
    assert len(joueurs) >= 200 and len(parties) >= 20000
    homonymes = Counter((nom, prenom) for _, nom, prenom, _, _ in joueurs.values())
    assert sorted(homonymes.values()) == [1] * (len(joueurs) - 4) + [2, 2]  # two pairs, on purpose
    niveaux = [niveau for _, _, _, niveau, _ in joueurs.values()]
    assert min(niveaux) < 1100 and max(niveaux) > 2250
    premiers = Counter(jeu[0] for *_, jeu in parties)
    assert set(premiers) == set("abcdef")
    assert len({jeu for *_, jeu in parties}) > 0.99 * len(parties)  # games really differ
    resultats = Counter(resultat for _, _, _, resultat, _, _ in parties)
    assert resultats[0.5] > 0 and resultats[1.0] > 0 and resultats[0.0] > 0


def test_the_namesakes_are_where_q24_and_q25_can_tell_a_name_from_a_player(grande):
    """Two of Q24's top 3 share both names, and two rows of Q25 (same number of wins) do too."""
    joueurs = joueurs_de(grande)
    top = sorted(joueurs.values(), key=lambda j: -j[3])[:3]
    assert (top[0][1], top[0][2]) == (top[1][1], top[1][2]) and top[0][0] != top[1][0]
    victoires = Counter(j1 for _, j1, _, resultat, _, _ in parties_de(grande) if resultat == 1)
    lignes = Counter((joueurs[j][1], joueurs[j][2], n) for j, n in victoires.items() if n > 100)
    assert max(lignes.values()) == 2, "no two players of Q25 share names and number of wins"
    for requete in (library.REQUETES["Q24"], library.REQUETES["Q25"]):
        distincte = requete.replace("SELECT ", "SELECT DISTINCT ", 1)
        assert sorted(grande.execute(requete)) != sorted(grande.execute(distincte))


def test_higher_level_players_win_more(grande):
    joueurs = joueurs_de(grande)
    points, nombre = Counter(), Counter()
    for _, j1, j2, resultat, _, _ in parties_de(grande):
        points[j1] += resultat
        points[j2] += 1 - resultat
        nombre[j1] += 1
        nombre[j2] += 1
    par_niveau = sorted(joueurs, key=lambda j: joueurs[j][3])
    quart = len(par_niveau) // 4

    def taux(groupe):
        return sum(points[j] for j in groupe) / sum(nombre[j] for j in groupe)

    assert taux(par_niveau[-quart:]) > taux(par_niveau[:quart]) + 0.2
    # and they play more games
    assert sum(nombre[j] for j in par_niveau[-quart:]) > 2 * sum(nombre[j] for j in par_niveau[:quart])


# ---------------------------------------------------------------- queries
def reponses_python(base):
    """Q22–Q25 computed in Python from the raw rows."""
    joueurs = joueurs_de(base)
    parties = parties_de(base)
    q22 = {j for j, (_, _, _, niveau, _) in joueurs.items() if niveau > 1900}
    ouvertes_a = [resultat for _, _, _, resultat, _, jeu in parties if jeu.startswith("a")]
    q23 = 100 * sum(1 for r in ouvertes_a if r == 1) / len(ouvertes_a)
    par_niveau = sorted(joueurs.values(), key=lambda ligne: -ligne[3])
    q24 = [(nom, prenom) for _, nom, prenom, _, _ in par_niveau[:3]]
    victoires = Counter(j1 for _, j1, _, resultat, _, _ in parties if resultat == 1)
    q25 = sorted(((joueurs[j][1], joueurs[j][2], v) for j, v in victoires.items() if v > 100),
                 key=lambda ligne: -ligne[2])
    return q22, q23, q24, q25, par_niveau


def test_queries_against_python_on_the_default_library(grande):
    q22, q23, q24, q25, par_niveau = reponses_python(grande)
    r = {cle: grande.execute(sql).fetchall() for cle, sql in library.REQUETES.items()}

    assert {j for (j,) in r["Q22"]} == q22 and len(r["Q22"]) == len(q22)
    assert len(q22) >= 0.15 * len(par_niveau)

    assert len(r["Q23"]) == 1 and r["Q23"][0][0] == pytest.approx(q23)
    assert 10 < q23 < 90

    assert par_niveau[2][3] > par_niveau[3][3]  # no tie between the 3rd and the 4th
    assert sorted(r["Q24"]) == sorted(q24)

    assert len(q25) >= 5
    assert [ligne[2] for ligne in r["Q25"]] == [ligne[2] for ligne in q25]  # the ORDER BY
    assert sorted(r["Q25"]) == sorted(q25)
    assert q25[0][2] > q25[1][2]  # a single leader


def test_queries_run_on_a_small_library(petite):
    q22, q23, q24, q25, _ = reponses_python(petite)
    assert {j for (j,) in petite.execute(library.REQUETES["Q22"])} == q22
    assert petite.execute(library.REQUETES["Q23"]).fetchone()[0] == pytest.approx(q23)
    assert sorted(petite.execute(library.REQUETES["Q24"]).fetchall()) == sorted(q24)
    assert petite.execute(library.REQUETES["Q25"]).fetchall() == q25 == []  # 400 games only


def test_q23_is_not_an_integer_division():
    base = sqlite3.connect(":memory:")
    base.executescript(library.SCHEMA)
    base.executemany("INSERT INTO Partie VALUES (?, 1, 2, ?, '2020-01-01', ?)",
                     [(1, 1.0, "ag"), (2, 0.0, "ag"), (3, 0.5, "ah"), (4, 1.0, "bg")])
    assert base.execute(library.REQUETES["Q23"]).fetchone()[0] == pytest.approx(100 / 3)


# ---------------------------------------------------------------- determinism and cache
def contenu(chemin):
    base = sqlite3.connect(chemin)
    try:
        return list(base.iterdump())
    finally:
        base.close()


def test_same_seed_same_bytes_other_seed_other_rows(tmp_path):
    parametres = dict(n_players=20, n_games=250)
    a = library.construire_bibliotheque(tmp_path / "a.sqlite", seed=11, processes=1, **parametres)
    b = library.construire_bibliotheque(tmp_path / "b.sqlite", seed=11, processes=2, **parametres)  # two processes
    c = library.construire_bibliotheque(tmp_path / "c.sqlite", seed=12, processes=1, **parametres)
    assert a.read_bytes() == b.read_bytes()
    assert contenu(a) == contenu(b)
    lignes_a, lignes_c = set(contenu(a)), set(contenu(c))
    assert lignes_a != lignes_c
    parties_c = [ligne for ligne in lignes_c if ligne.startswith('INSERT INTO "Partie"')]
    assert len(lignes_a & set(parties_c)) < 5  # nearly every game differs


def fichier_de(base) -> Path:
    return Path(base.execute("PRAGMA database_list").fetchone()[2])


def test_content_does_not_depend_on_the_hash_seed(tmp_path):
    # another interpreter with another PYTHONHASHSEED builds the same bytes (and never imports Faker)
    code = ("import sys; sys.modules['faker'] = None; from awale_ref.sujets.ccinp_2024 import library; "
            "library.construire_bibliotheque(sys.argv[1], seed=11, n_players=20, n_games=60, processes=1)")
    autre = tmp_path / "autre.sqlite"
    subprocess.run([sys.executable, "-c", code, str(autre)], check=True,
                   env={**os.environ, "PYTHONHASHSEED": "123"})
    ici = library.construire_bibliotheque(tmp_path / "ici.sqlite", seed=11, n_players=20, n_games=60, processes=1)
    assert autre.read_bytes() == ici.read_bytes()


# The default libraries as Faker made their names, before the names were frozen in the package data
# (awale_ref/noms.py): a digest of every row, and of the players before the namesakes.  Changing
# the generating code on purpose changes them: update them then, knowing the SQL answers change too.
CONTENU_2024 = "50ed3ecf21a1bd75940c65f58f2a33c182de17eeb046687f4239f67f171578d7"
JOUEURS = {1712: "f617f52c19fd7ebe", 2024: "34f028d5949d7475", 5: "dec617e2b6e4b982"}


def test_the_default_library_has_the_rows_faker_made(grande):
    empreinte = hashlib.sha256()
    for table in ("Joueur", "Partie"):
        for ligne in grande.execute(f"SELECT * FROM {table} ORDER BY 1"):
            empreinte.update(repr(ligne).encode())
    assert empreinte.hexdigest() == CONTENU_2024


@pytest.mark.parametrize("seed", sorted(JOUEURS))
def test_the_players_are_the_ones_faker_made(seed):
    joueurs = library._creer_joueurs(seed, library.N_JOUEURS)
    lignes = [(j['nom'], j['prenom'], j['naissance'].isoformat(), j['niveau']) for j in joueurs]
    assert hashlib.sha256(repr(lignes).encode()).hexdigest()[:16] == JOUEURS[seed]


def test_open_library_reuses_its_cache_and_is_read_only(grande):
    chemin = fichier_de(grande)
    assert chemin.parent == cache.dossier_cache()
    assert chemin.name.startswith("bibliotheque-2024-")
    avant = chemin.stat().st_mtime_ns
    autre = library.ouvrir_bibliotheque(2024)
    try:
        assert fichier_de(autre) == chemin and chemin.stat().st_mtime_ns == avant
        assert autre.execute("SELECT COUNT(*) FROM Partie").fetchone()[0] >= 20000
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            autre.execute("DELETE FROM Partie")
    finally:
        autre.close()
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        grande.execute("UPDATE Joueur SET niveau = 0")


def test_bad_arguments():
    with pytest.raises(ValueError, match="n_players"):
        library.construire_bibliotheque("inutile.sqlite", n_players=1)
    with pytest.raises(ValueError, match="n_games"):
        library.construire_bibliotheque("inutile.sqlite", n_games=-1)
