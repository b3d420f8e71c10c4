"""The SQL grading (Q22–Q25): reference queries pass, typical mistakes fail for their reason, guards hold.

The libraries are the real ones (seed 2024 visible, seed 1712 hidden), built
once into the cache by ``awale_ref.sujets.ccinp_2024.library.ouvrir_bibliotheque`` (about a minute
each on a cold cache; the tests themselves take seconds).
"""

from __future__ import annotations

import math

import pytest

from awale_ref.grading.eleve.resultat import EchecTest
from awale_ref.sujets.ccinp_2024 import library
from awale_ref.sujets.ccinp_2024 import corriger, montrer_requete, sql
from awale_ref.sujets.ccinp_2024 import tester as _tester

REQUETES = library.REQUETES


@pytest.fixture(scope="module")
def juges() -> dict:
    sql.preparer_bibliotheques()
    return {question: sql.preparer(question) for question in sql.QUESTIONS_SQL}


def verdict(juges: dict, question: str, requete: str):
    return juges[question](requete)


# ---------------------------------------------------------------- the hidden library's edge cases
def test_la_bibliotheque_cachee_a_les_cas_limites():
    base = sql.ouvrir(sql.GRAINE_CACHEE)
    try:
        assert base.execute("SELECT COUNT(*) FROM Joueur WHERE niveau = 1900").fetchone()[0] >= 1
        niveaux = [n for (n,) in base.execute("SELECT niveau FROM Joueur ORDER BY niveau DESC LIMIT 4")]
        assert len(set(niveaux)) == 4  # Q24's top 3 is a single answer
        (q23,) = base.execute(REQUETES["Q23"]).fetchone()
        assert q23 - math.floor(q23) > 10 * sql.TOLERANCE_Q23  # integer division gives another answer
        victoires = [v for (_, _, v) in base.execute(REQUETES["Q25"])]
        assert len(victoires) >= 5 and len(set(victoires)) < len(victoires)  # rows, and ties in the order
        par_joueur = [v for (v,) in base.execute(
            "SELECT COUNT(*) FROM Partie WHERE resultat = 1 GROUP BY id_joueur1")]
        assert 100 in par_joueur  # "plus de cent": >= 100 gives another answer
    finally:
        base.close()


# ---------------------------------------------------------------- right answers
@pytest.mark.parametrize("question", sql.QUESTIONS_SQL)
def test_la_requete_de_reference_passe(juges, question):
    resultat = verdict(juges, question, REQUETES[question])
    assert resultat.ok, resultat.message
    assert sql.format_sql(question, REQUETES[question]).ok


@pytest.mark.parametrize("question, requete", [
    ("Q22", "select id_Joueur as id from Joueur where not niveau <= 1900 order by niveau;"),
    ("Q23", "SELECT ROUND(AVG(resultat = 1) * 100, 2) FROM Partie WHERE substr(jeu, 1, 1) = 'a'"),
    ("Q23", "SELECT (SELECT COUNT(*) FROM Partie WHERE jeu LIKE 'a%' AND resultat = 1) * 100.0 / "
            "(SELECT COUNT(*) FROM Partie WHERE jeu LIKE 'a%')"),
    ("Q24", "SELECT nom, prenom FROM Joueur WHERE niveau >= "
            "(SELECT niveau FROM Joueur ORDER BY niveau DESC LIMIT 1 OFFSET 2)"),  # any order of the three
    ("Q25", "SELECT J.nom, J.prenom, (SELECT COUNT(*) FROM Partie P WHERE P.id_joueur1 = J.id_Joueur "
            "AND P.resultat = 1) AS v FROM Joueur J WHERE v > 100 ORDER BY v DESC"),
    ("Q25", "SELECT nom, prenom, SUM(resultat) FROM Partie JOIN Joueur ON id_Joueur = id_joueur1 "
            "WHERE resultat = 1 GROUP BY id_Joueur HAVING SUM(resultat) > 100 ORDER BY 3 DESC"),
])
def test_d_autres_ecritures_justes_passent(juges, question, requete):
    resultat = verdict(juges, question, requete)
    assert resultat.ok, resultat.message


# ---------------------------------------------------------------- typical mistakes
@pytest.mark.parametrize("question, requete, raison", [
    ("Q22", "SELECT id_Joueur FROM Joueur WHERE niveau >= 1900", "niveau > 1900, pas >="),
    ("Q22", "SELECT id_Joueur, niveau FROM Joueur WHERE niveau > 1900", "1 colonne"),
    ("Q23", "SELECT 100 * SUM(resultat = 1) / COUNT(*) FROM Partie WHERE jeu LIKE 'a%'", "division entière"),
    ("Q23", "SELECT SUM(resultat = 1) / COUNT(*) FROM Partie WHERE jeu LIKE 'a%'", "division entière"),
    ("Q23", "SELECT 1.0 * SUM(resultat = 1) / COUNT(*) FROM Partie WHERE jeu LIKE 'a%'", "entre 0 et 1"),
    ("Q23", "SELECT 100.0 * SUM(resultat) / COUNT(*) FROM Partie WHERE jeu LIKE 'a%'", "parties nulles"),
    ("Q23", "SELECT 100.0 * SUM(resultat = 1) / COUNT(*) FROM Partie WHERE jeu LIKE '%a%'", "jeu LIKE 'a%'"),
    ("Q23", "SELECT 100.0 * SUM(resultat = 1) / COUNT(*) FROM Partie GROUP BY substr(jeu, 1, 1)",
     "une seule ligne"),
    ("Q24", "SELECT nom, prenom FROM Joueur ORDER BY niveau DESC", "exactement 3 joueurs"),
    ("Q24", "SELECT nom, prenom FROM Joueur ORDER BY niveau LIMIT 3", "lignes manquantes"),
    ("Q24", "SELECT prenom, nom FROM Joueur ORDER BY niveau DESC LIMIT 3", "lignes en trop"),
    ("Q25", "SELECT nom, prenom, COUNT(*) FROM Joueur JOIN Partie ON id_joueur1 = id_Joueur "
            "WHERE resultat = 1 GROUP BY id_Joueur HAVING COUNT(*) > 100", "pas dans le bon ordre"),
    ("Q25", "SELECT nom, prenom, COUNT(*) AS v FROM Joueur JOIN Partie ON id_joueur1 = id_Joueur "
            "WHERE resultat = 1 GROUP BY id_Joueur HAVING COUNT(*) > 100 ORDER BY v", "pas dans le bon ordre"),
    ("Q25", "SELECT nom, prenom, COUNT(*) AS v FROM Joueur JOIN Partie ON id_joueur1 = id_Joueur "
            "GROUP BY id_Joueur HAVING v > 100 ORDER BY v DESC", "lignes en trop"),  # games, not wins
    ("Q25", "SELECT nom, prenom, COUNT(*) AS v FROM Joueur JOIN Partie ON id_joueur1 = id_Joueur "
            "WHERE resultat = 1 GROUP BY id_Joueur HAVING v >= 100 ORDER BY v DESC", "pas >="),
    ("Q25", "SELECT nom, prenom, COUNT(*) AS v FROM Joueur JOIN Partie ON id_joueur1 = id_Joueur "
            "WHERE resultat = 1 GROUP BY nom HAVING v > 100 ORDER BY v DESC", "lignes"),  # wrong grouping
    ("Q25", "SELECT nom, prenom, COUNT(*) AS v FROM Joueur JOIN Partie ON id_joueur2 = id_Joueur "
            "WHERE resultat = 0 GROUP BY id_Joueur HAVING v > 100 ORDER BY v DESC", "lignes"),  # joueur2's wins
    # namesakes (the libraries have some, as real federations do): a player is an id, not a name
    ("Q24", "SELECT DISTINCT nom, prenom FROM Joueur ORDER BY niveau DESC LIMIT 3", "homonymes"),
    ("Q25", "SELECT nom, prenom, COUNT(*) AS v FROM Joueur JOIN Partie ON id_joueur1 = id_Joueur "
            "WHERE resultat = 1 GROUP BY nom, prenom HAVING v > 100 ORDER BY v DESC", "homonymes"),
    ("Q25", "SELECT DISTINCT nom, prenom, COUNT(*) AS v FROM Joueur JOIN Partie ON id_joueur1 = id_Joueur "
            "WHERE resultat = 1 GROUP BY id_Joueur HAVING v > 100 ORDER BY v DESC", "homonymes"),
    ("Q25", "SELECT COUNT(*) AS v, nom, prenom FROM Joueur JOIN Partie ON id_joueur1 = id_Joueur "
            "WHERE resultat = 1 GROUP BY id_Joueur HAVING v > 100 ORDER BY v DESC", "lignes"),  # column order
])
def test_une_erreur_typique_echoue_pour_sa_raison(juges, question, requete, raison):
    resultat = verdict(juges, question, requete)
    assert not resultat.ok
    assert resultat.message.startswith(question + " — ")
    assert raison in resultat.message, resultat.message


def test_grouper_par_nom_et_prenom_garde_les_colonnes_et_l_ordre(juges):
    """Two of three rule families: a corrector takes off the rows, not the whole question."""
    requete = ("SELECT nom, prenom, COUNT(*) AS v FROM Joueur JOIN Partie ON id_joueur1 = id_Joueur "
               "WHERE resultat = 1 GROUP BY nom, prenom HAVING v > 100 ORDER BY v DESC")
    resultat = verdict(juges, "Q25", requete)
    assert not resultat.ok and resultat.part == pytest.approx(2 / 3)


def test_une_requete_qui_ne_renvoie_rien_ne_gagne_rien_et_ne_parle_pas_d_homonymes(juges):
    """The right columns of an empty answer pay nothing, and the homonyms hint is only for
    a query that merges two homonyms."""
    resultat = verdict(juges, "Q25", "SELECT nom, prenom, 0 FROM Joueur WHERE 0")
    assert not resultat.ok and resultat.part == 0, resultat.message
    assert "homonymes" not in resultat.message
    constante = verdict(juges, "Q25", "SELECT nom, prenom, 0 FROM Joueur")
    assert constante.part == 0 and "homonymes" not in constante.message


def test_les_bonnes_lignes_mal_comptees_sont_signalees(juges):
    # The right players with wrong counts: the hint names the counts.
    requete = ("SELECT nom, prenom, COUNT(*) + 1 AS v FROM Joueur JOIN Partie ON id_joueur1 = id_Joueur "
               "WHERE resultat = 1 GROUP BY id_Joueur HAVING COUNT(*) > 100 ORDER BY v DESC")
    message = verdict(juges, "Q25", requete).message
    assert "pas le bon nombre de victoires" in message


def test_copier_le_resultat_visible_ne_passe_pas(juges):
    visible = sql.ouvrir(sql.GRAINE_VISIBLE)
    try:
        lignes = visible.execute(REQUETES["Q24"]).fetchall()
    finally:
        visible.close()
    triche = " UNION ALL ".join(f"SELECT '{nom}', '{prenom}'" for nom, prenom in lignes)
    visible = sql.format_sql("Q24", triche)  # it reads no table: the visible test says so already
    assert not visible.ok and "ne lit aucune table" in visible.message
    assert not verdict(juges, "Q24", triche).ok


# ---------------------------------------------------------------- guards
@pytest.mark.parametrize("requete", [
    "DELETE FROM Partie",
    "UPDATE Joueur SET niveau = 3000",
    "DROP TABLE Joueur",
    "INSERT INTO Joueur VALUES (999, 'X', 'Y', 3000, '2000-01-01')",
    "PRAGMA query_only = OFF",
    "ATTACH DATABASE ':memory:' AS autre",
    "CREATE TEMP TABLE t AS SELECT * FROM Joueur",
])
def test_une_requete_qui_modifie_est_refusee(juges, requete):
    resultat = verdict(juges, "Q22", requete)
    assert not resultat.ok and "seules les requêtes de lecture" in resultat.message
    assert verdict(juges, "Q22", REQUETES["Q22"]).ok  # the library is intact afterwards


def test_deux_requetes_a_la_fois_sont_refusees(juges):
    resultat = verdict(juges, "Q22", REQUETES["Q22"] + "; DELETE FROM Joueur")
    assert not resultat.ok and "une seule requête à la fois" in resultat.message


def test_une_requete_sans_fin_est_arretee(juges):
    sans_fin = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT COUNT(*) FROM n"
    resultat = verdict(juges, "Q23", sans_fin)
    assert not resultat.ok and "budget de calcul" in resultat.message
    assert verdict(juges, "Q23", REQUETES["Q23"]).ok  # the judge still works afterwards


def test_une_valeur_geante_est_refusee(juges):
    resultat = verdict(juges, "Q22", "SELECT zeroblob(1000000000)")
    assert not resultat.ok and "valeur trop grande" in resultat.message


@pytest.mark.parametrize("reponse, raison", [
    ("", "vide"), ("   \n", "vide"), (..., "pas encore donnée"), (1900, "chaîne de caractères"),
    ("SELEC id_Joueur FROM Joueur", 'near "SELEC": syntax error'),
    ("SELECT id FROM Joueur", "no such column: id"),
])
def test_une_reponse_mal_formee_a_un_message_francais(juges, reponse, raison):
    for resultat in (verdict(juges, "Q22", reponse), sql.format_sql("Q22", reponse)):
        assert not resultat.ok and raison in resultat.message, resultat.message


# ---------------------------------------------------------------- visible test, display, clean room
def test_le_test_visible_ne_revele_pas_la_reponse():
    message = sql.format_sql("Q24", "SELECT nom, prenom FROM Joueur LIMIT 3").message
    visible = sql.ouvrir(sql.GRAINE_VISIBLE)
    attendu = visible.execute(REQUETES["Q24"]).fetchall()
    visible.close()
    assert sql.format_sql("Q24", "SELECT nom, prenom FROM Joueur LIMIT 3").ok  # wrong, but it runs
    assert not any(nom in message or prenom in message for nom, prenom in attendu)


def test_tester_affiche_ou_leve_en_francais(capsys):
    _tester("Q22", REQUETES["Q22"])
    assert capsys.readouterr().out.startswith("✔ Q22 — la requête s'exécute sans erreur")
    with pytest.raises(EchecTest, match="doit renvoyer 3 colonnes"):
        _tester("Q25", "SELECT nom, prenom FROM Joueur")


def test_montrer_requete_echappe_et_compte():
    table = montrer_requete("SELECT '<b>&</b>' AS \"x<y\", NULL UNION ALL SELECT 'z', 2", limite=1)
    page = table._repr_html_()
    assert "&lt;b&gt;&amp;&lt;/b&gt;" in page and "<th>x&lt;y</th>" in page and "<b>&" not in page
    assert "<td>NULL</td>" in page and "2 lignes (les 1 premières affichées)" in page
    assert "'z'" not in page and "<td>z</td>" not in page  # only the first row is shown
    refus = montrer_requete("DROP TABLE Joueur")._repr_html_()
    assert "Requête refusée" in refus and "seules les requêtes de lecture" in refus
    assert "240 lignes" in repr(montrer_requete("SELECT * FROM Joueur", 3))


def test_corriger_passe_par_la_salle_blanche(capsys):
    corriger("Q25", REQUETES["Q25"])
    assert "requête exacte" in capsys.readouterr().out
    with pytest.raises(EchecTest, match="division entière"):
        corriger("Q23", "SELECT 100 * SUM(resultat = 1) / COUNT(*) FROM Partie WHERE jeu LIKE 'a%'")
