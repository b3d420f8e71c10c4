"""Per-student variants of the value questions (``awale_ref.grading.eleve.variantes``), the seed and every subject's generators.

- the seed comes from the identity (the kernel's: the grader's, the hub's, the self-study draw, the nbgrader id of a
  fetched notebook; never what the notebook says), keyed by the course's setting; one setting turns variants off;
- every declared generator draws valid inputs of its questions (in their domain, solvable, never the statement's
  own data), and the reference's answer on a variant gets full marks on it (hypothesis, many seeds);
- the judge grades a value on its author's variant (``juge.juger_notebook(auteur=...)``): a copy of a classmate's
  answer fails, and the verdict shows the author's data.
"""

from __future__ import annotations

import importlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awale_ref.grading.correcteur import juge, reponses_structurees
from awale_ref.grading.eleve import variantes
from awale_ref.grading.eleve.variantes import Variante
from awale_ref.grading.registre import catalogue

SUJETS = {s.module_correction: s for s in catalogue.tous()}
DECLAREES = [(s, v) for s in SUJETS.values() for v in s.variantes]
identites = st.text(st.characters(min_codepoint=33, max_codepoint=0x2FF), min_size=1, max_size=20)


@pytest.fixture(autouse=True)
def _actives(monkeypatch):
    """Variants on (the test session turns them off for the tests written with the statement's answers)."""
    monkeypatch.setenv(variantes.REGLAGE, "oui")
    for variable in (variantes.IDENTITE_CORRECTION, variantes.UTILISATEUR_HUB, variantes.AUTONOMIE,
                     "JPY_SESSION_NAME", variantes.SEL):
        monkeypatch.delenv(variable, raising=False)


# ---------------------------------------------------------------- the seed
def test_la_graine_depend_de_l_identite_du_jeu_de_donnees_et_de_la_cle_du_cours(monkeypatch):
    assert variantes.graine("alice", "figure4") == variantes.graine("alice", "figure4")
    assert len({variantes.graine(qui, nom) for qui in ("alice", "bob") for nom in ("figure4", "figure5")}) == 4
    avant = variantes.graine("alice", "figure4")
    monkeypatch.setenv(variantes.SEL, "lycee-2027")
    assert variantes.graine("alice", "figure4") != avant


def test_un_reglage_rend_a_tous_les_donnees_de_l_enonce(monkeypatch):
    v = Variante("x", lambda rng: rng.random(), 0.5, ())
    assert v.donnees("alice") != v.donnees("bob")
    monkeypatch.setenv(variantes.REGLAGE, "non")
    assert v.donnees("alice") == v.donnees("bob") == 0.5


def test_l_identite_du_noyau_dans_l_ordre(monkeypatch, tmp_path):
    assert variantes.identite() is None  # self-study: the statement's data
    nb = tmp_path / "partie1.ipynb"
    nb.write_text(json.dumps({"cells": [{"cell_type": "code", "metadata": {"nbgrader": {"grade": False}}}]}))
    monkeypatch.setenv("JPY_SESSION_NAME", str(nb))  # a notebook fetched with nbgrader: the nbgrader student id
    assert variantes.identite() == variantes._utilisateur_nbgrader() is not None
    monkeypatch.setenv(variantes.UTILISATEUR_HUB, "alice")
    assert variantes.identite() == "alice"
    monkeypatch.setenv(variantes.IDENTITE_CORRECTION, "bob")  # set by the grader only
    assert variantes.identite() == "bob"


def test_une_autre_variante_en_autonomie_seulement(monkeypatch, capsys):
    assert variantes.autre_variante() is not None
    tiree = variantes.identite()
    assert tiree and tiree.startswith("autonomie-")
    assert variantes.autre_variante() != tiree
    monkeypatch.setenv(variantes.UTILISATEUR_HUB, "alice")
    assert variantes.autre_variante() is None
    assert "celle de votre compte" in capsys.readouterr().out
    assert variantes.identite() == "alice"


def test_chaque_variante_nomme_des_reponses_structurees_de_son_sujet():
    assert DECLAREES, "no subject declares a variant"
    for sujet, v in DECLAREES:
        assert v.questions and set(v.questions) <= set(sujet.reponses), (sujet.nom, v.nom)
        assert sujet.variante_de(v.questions[0]) is v
    with pytest.raises(ValueError, match="not one of its structured answers"):
        catalogue.Sujet("essai", "m", "r", {}, {}, variantes=(Variante("x", lambda rng: 0, 0, ("Q0",)),))


# ---------------------------------------------------------------- every generator, many seeds
@pytest.mark.parametrize("sujet,variante", DECLAREES, ids=[f"{s.module_correction}:{v.nom}" for s, v in DECLAREES])
@settings(max_examples=150, deadline=None)
@given(qui=identites)
def test_chaque_variante_est_valide_et_la_reponse_de_la_reference_y_a_tous_les_points(sujet, variante, qui):
    donnees = variante.donnees(qui)
    assert donnees != variante.exemple  # never the statement's own data
    variante.domaine(donnees)  # in the domain of its questions, solvable as the notebook states them
    variante.domaine(variante.exemple)
    for question in variante.questions:
        attendu = sujet.reponses[question][1](donnees)
        resultat = reponses_structurees.verifier_reponse(question, attendu, sujet.reponses, (variante, donnees))
        assert resultat.ok and resultat.part == 1.0, (question, donnees, resultat.message)
        assert repr(donnees) in resultat.message  # the verdict shows the author's data


def test_chaque_generateur_a_sa_verification_de_validite():
    assert all(v.domaine is not None for _, v in DECLAREES), [v.nom for _, v in DECLAREES if v.domaine is None]


def test_les_variantes_different_d_un_eleve_a_l_autre():
    for _, v in DECLAREES:
        assert len({repr(v.donnees(f"eleve{i}")) for i in range(30)}) >= 20, v.nom


# ---------------------------------------------------------------- the judge: the author's variant
def _copie(sujet, reponses: dict) -> list[juge.CelluleDeCode]:
    """A notebook of ``sujet`` answering its varying questions with the literals ``reponses``."""
    module = sujet.module_correction
    return [juge.CelluleDeCode(0, f"from {module} import tester\n"),
            juge.CelluleDeCode(1, "".join(f"{q} = {v!r}\n" for q, v in reponses.items())),
            juge.CelluleDeCode(2, questions=[(q, q) for q in reponses],
                               exemples=f"from {module} import corriger\n"
                                        + "".join(f"corriger({q!r}, {q})\n" for q in reponses))]


SUJETS_VARIES = [s for s in SUJETS.values() if s.variantes]


@pytest.mark.parametrize("sujet", SUJETS_VARIES, ids=[s.module_correction for s in SUJETS_VARIES])
def test_le_juge_note_chaque_copie_sur_la_variante_de_son_auteur(sujet):
    def reponses(qui: str) -> dict:
        return {q: sujet.reponses[q][1](v.donnees(qui)) for v in sujet.variantes for q in v.questions}

    alice = reponses("alice")
    # a classmate whose every answer differs from Alice's
    bob = next(qui for qui in (f"bob{i}" for i in range(100))
               if all(reponses(qui)[q] != alice[q] for q in alice))
    limites = juge.Limites(delai_cellule=30, delai_question=60)
    sien = juge.juger_notebook(_copie(sujet, alice), bac_a_sable=False, limites=limites, auteur="alice")
    assert set(sien) == set(alice) and all(r.ok for r in sien.values()), {q: r.message for q, r in sien.items()}
    # the same cells handed in by bob: graded on bob's data, which each verdict shows
    copie = juge.juger_notebook(_copie(sujet, alice), bac_a_sable=False, limites=limites, auteur=bob)
    assert not any(r.ok for r in copie.values()), {q: r.message for q, r in copie.items()}
    for question, resultat in copie.items():
        assert repr(sujet.variante_de(question).donnees(bob)) in resultat.message


# ---------------------------------------------------------------- the report: an answer of another variant
def _rendu(racine, eleve: str, reponses: str) -> None:
    import nbformat

    dossier = racine / "submitted" / eleve / "partie1_regles"
    dossier.mkdir(parents=True)
    version = racine / "release" / "partie1_regles" / "partie1_regles.ipynb"  # what every student was given
    if not version.exists():
        version.parent.mkdir(parents=True)
        nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Partie I")]), version)
    cellule = nbformat.v4.new_code_cell(reponses, metadata={"nbgrader": {"solution": True, "grade_id": "q2_reponse"}})
    nbformat.write(nbformat.v4.new_notebook(cells=[cellule]), dossier / "partie1_regles.ipynb")


def test_une_reponse_juste_pour_la_variante_d_un_camarade_est_nommee(tmp_path, monkeypatch):
    from pipeline.erreurs_simulees import reponses_de_la_variante
    from pipeline.similarite import Reglages, classement_des_copies
    from pipeline.variantes_copiees import copies_de_variante, indices

    modele = "Q2_plateaux = {}\nQ2_gains = {}\n"
    _rendu(tmp_path, "alice", reponses_de_la_variante(modele, "partie1_regles", "alice"))
    _rendu(tmp_path, "bob", reponses_de_la_variante(modele, "partie1_regles", "alice"))  # Alice's answers
    _rendu(tmp_path, "chloe", "Q2_plateaux = {2: [0] * 12}\nQ2_gains = {2: 0}\n")  # wrong for everyone
    copies = copies_de_variante(tmp_path, ("partie1_regles",))
    assert {(c.eleve, c.question, c.pour) for c in copies} == {("bob", "Q2_plateaux", ("alice",)),
                                                               ("bob", "Q2_gains", ("alice",))}
    noms = {"alice": "Alice Martin", "bob": "Bob Durand"}
    section = "\n".join(classement_des_copies(indices(copies, noms), Reglages()))
    assert "| 1 | Bob Durand | juste pour la variante de Alice Martin | 12.0 |" in section
    assert "partie1_regles Q2_plateaux" in section and "partie1_regles Q2_gains" in section
    # with variants off every student has the statement's data: nothing to name
    monkeypatch.setenv(variantes.REGLAGE, "non")
    assert copies_de_variante(tmp_path, ("partie1_regles",)) == []


# ---------------------------------------------------------------- the SQL databases: each student's own
def _genres_sql() -> list:
    from awale_ref.grading.registre.types_question import QuestionsSQL

    return [(s, g) for s in SUJETS.values() for g in s.types_de_question if isinstance(g, QuestionsSQL)]


GENRES_SQL = _genres_sql()
IDS_SQL = [s.module_correction for s, _ in GENRES_SQL]


def test_chaque_sujet_a_requetes_a_des_bases_par_eleve():
    assert {s.module_correction for s, _ in GENRES_SQL} >= {"awale_ref.sujets.ccinp_2024",
                                                           "awale_ref.sujets.othello_epita_2024"}
    for _, genre in GENRES_SQL:
        assert genre.sql().VARIANTE.domaine is not None and set(genre.sql().VARIANTE.questions) == set(genre.requetes)


def _references(sql) -> dict:
    """The key's queries of an SQL module (the CCINP's are its library's)."""
    return getattr(sql, "REQUETES", None) or importlib.import_module("awale_ref.sujets.ccinp_2024.library").REQUETES


def _plain(sql, variante, requete: str) -> dict:
    """What the judge's SQL process sends for ``requete`` on the hidden database of the variant ``variante``,
    computed in memory (the same guard, the same plain data as ``requetes.evaluer_sql``)."""
    from awale_ref.grading.executant import encodage, requetes

    connexion = sql.ouvrir_cachee(variante)
    try:
        reponse = requetes.executer_requete(connexion, requete)
    finally:
        connexion.close()
    return {"obs": encodage.encoder({"colonnes": list(reponse.colonnes), "lignes": [list(l) for l in reponse.lignes]})}


@pytest.mark.parametrize("sujet,genre", GENRES_SQL, ids=IDS_SQL)
@settings(max_examples=12, deadline=None)
@given(qui=identites)
def test_chaque_base_d_eleve_est_valide_et_les_requetes_de_reference_y_ont_tous_les_points(sujet, genre, qui):
    sql = genre.sql()
    donnees = genre.donnees(qui)
    assert donnees != sql.VARIANTE.exemple
    sql.VARIANTE.domaine(donnees)  # the statement's sentences about the data stay true, its edge cases too
    for question, requete in _references(sql).items():
        resultat = sql.preparer_comparaison(question, variante=donnees)(_plain(sql, donnees, requete))
        assert resultat.ok and resultat.part == 1.0, (question, resultat.message)


def _litteral(valeur) -> str:
    if isinstance(valeur, str):
        return "'" + valeur.replace("'", "''") + "'"
    return "NULL" if valeur is None else repr(valeur)


def _recopies(sql, qui) -> dict[str, str]:
    """Queries that hard-write the answers of ``qui``'s hidden database (its rows as literals): what a student
    would hand in with a classmate's results."""
    from awale_ref.grading.executant import encodage, requetes

    recopiees = {}
    connexion = sql.ouvrir_cachee(sql.VARIANTE.donnees(qui))
    try:
        for question, requete in _references(sql).items():
            lignes = requetes.executer_requete(connexion, requete).lignes
            valeurs = " UNION ALL ".join("SELECT " + ", ".join(_litteral(v) for v in ligne) for ligne in lignes)
            # a FROM names a table (a query must read one); the literal rows, in the key's order
            recopiees[question] = f"SELECT * FROM ({valeurs}) WHERE EXISTS (SELECT 1 FROM sqlite_master)"
    finally:
        connexion.close()
    return recopiees


@pytest.mark.parametrize("sujet,genre", GENRES_SQL, ids=IDS_SQL)
def test_le_juge_note_les_requetes_sur_la_base_cachee_de_leur_auteur(sujet, genre):
    sql = genre.sql()
    alice = _recopies(sql, "alice")
    # varies: a value of Q23 is a fact of the games for the CCINP (the same for everyone), see its module
    varient = [q for q in alice if alice[q] != _recopies(sql, "bob")[q]]
    assert len(varient) >= len(alice) - 1, varient
    cellule = "".join(f"{q} = {r!r}\n" for q, r in alice.items())
    etapes = [juge.CelluleDeCode(0, cellule), juge.CelluleDeCode(1, questions=[(q, q) for q in alice],
                                                                  exemples=f"from {sujet.module_correction} import "
                                                                           "corriger\n")]
    limites = juge.Limites(delai_cellule=30, delai_question=60)
    for auteur, justes in (("alice", set(alice)), ("bob", set(alice) - set(varient))):
        base = sujet.fichier_du_juge(set(alice), auteur)
        verdicts = juge.juger_notebook(etapes, bac_a_sable=False, limites=limites, base_sql=base, sujet=sujet,
                                       auteur=auteur)
        assert {q for q, r in verdicts.items() if r.ok} == justes, {q: r.message for q, r in verdicts.items()}
    # the key's own queries: every point for both
    cles = "".join(f"{q} = {r!r}\n" for q, r in _references(sql).items())
    for auteur in ("alice", "bob"):
        verdicts = juge.juger_notebook([juge.CelluleDeCode(0, cles), etapes[1]], bac_a_sable=False, limites=limites,
                                       base_sql=sujet.fichier_du_juge(set(alice), auteur), sujet=sujet, auteur=auteur)
        assert all(r.ok and r.part == 1.0 for r in verdicts.values()), {q: r.message for q, r in verdicts.items()}


@pytest.mark.parametrize("sujet,genre", GENRES_SQL, ids=IDS_SQL)
def test_chaque_eleve_voit_sa_propre_base_visible(sujet, genre, monkeypatch):
    sql = genre.sql()
    requete = next(iter(_references(sql).values()))
    vues = {}
    for qui in ("alice", "bob"):
        monkeypatch.setenv(variantes.UTILISATEUR_HUB, qui)
        vues[qui] = sql.montrer_requete(requete, 1000).reponse.lignes
        assert sql.format_sql(next(iter(_references(sql))), requete).ok
    monkeypatch.setenv(variantes.REGLAGE, "non")
    enonce = sql.montrer_requete(requete, 1000).reponse.lignes
    assert len({repr(v) for v in (*vues.values(), enonce)}) == 3
