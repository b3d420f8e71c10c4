"""Per-student variants through nbgrader's exchange and the real ``nbgrader autograde`` (sandbox on), for every
assignment with data drawn per student (found from the subjects' declarations and the notebooks' data cells).

Two students fetch the same assignment (``pipeline.echange``): each one's kernel, on the class server
(``JUPYTERHUB_USER``), shows their own data.  Alice answers on hers; Bob hands in a copy of Alice's notebook
whose answer cell even claims Alice's identity: the judge grades Bob on Bob's data (his folder
``submitted/bob/``), his graded notebook shows them, Alice gets every point, and the teacher's report names
Bob's answers as right for Alice's variant.
"""

from __future__ import annotations

import os
import re

import nbformat
import pytest
from nbgrader.api import Gradebook

from awale_ref.grading.eleve import variantes
from awale_ref.grading.registre import catalogue
from pipeline import echange
from pipeline.build import lire_source
from pipeline.client_noyau import ClientNotebook
from pipeline.erreurs_simulees import reponses_de_la_variante
from pipeline.nbgrader_cli import nbgrader
from pipeline.variantes_copiees import valeurs_litterales
from tests.hostile.classe import preparer_cours


def _gid(cell) -> str | None:
    return cell.metadata.get("nbgrader", {}).get("grade_id")


def _avec_variantes() -> list[str]:
    """The assignments whose notebook draws data per student (a data cell calls ``variante(…)``)."""
    return [a for a, sujet in catalogue.devoirs().items() if sujet.variantes
            and any("variante(" in c.source for c in lire_source(a).cells if c.cell_type == "code")]


DEVOIRS = _avec_variantes()


@pytest.fixture
def actives(monkeypatch):
    monkeypatch.setenv(variantes.REGLAGE, "oui")
    for variable in (variantes.IDENTITE_CORRECTION, variantes.UTILISATEUR_HUB, variantes.AUTONOMIE):
        monkeypatch.delenv(variable, raising=False)


def _morceaux(donnees) -> list[str]:
    """How a data cell prints the data (a pair of boards: one line each)."""
    return [str(d) for d in donnees] if isinstance(donnees, tuple) else [str(donnees)]


def _donnees_affichees(chemin, utilisateur: str, dossier, cellules: set[str]) -> str:
    """What the data cells print in the kernel of ``utilisateur`` on the class server (its outputs' text)."""
    nb = nbformat.read(chemin, as_version=4)
    nb.cells = [c for c in nb.cells if _gid(c) in cellules]
    ClientNotebook(nb, dossier, timeout=120).execute(
        env={**os.environ, variantes.UTILISATEUR_HUB: utilisateur})
    return "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))


def test_l_echange_couvre_chaque_sujet_qui_tire_des_donnees():
    assert {catalogue.devoirs()[a].module_correction for a in DEVOIRS} == {
        s.module_correction for s in catalogue.tous() if s.variantes}


@pytest.mark.parametrize("A", DEVOIRS)
def test_deux_eleves_recuperent_des_donnees_differentes_et_chacun_est_note_sur_les_siennes(actives, tmp_path, A):
    racine = tmp_path / "cours"
    racine.mkdir()
    ctx = preparer_cours(racine, A)
    sujet = catalogue.devoirs()[A]
    variees = {q for v in sujet.variantes for q in v.questions}
    cellules_donnees = {"imports"} | {_gid(c) for c in ctx.release.cells
                                      if c.cell_type == "code" and "variante(" in c.source}
    reponses = [_gid(c) for c in ctx.source.cells
                if c.cell_type == "code" and set(valeurs_litterales(c.source)) & variees]
    tests_des_valeurs = {_gid(c): q for c in ctx.release.cells if c.cell_type == "code"
                         for q in re.findall(r'tester\("(\w+)"', c.source) if q in variees}
    assert reponses and set(tests_des_valeurs.values()) == variees

    echange.publier(racine, A)
    chemins = {eleve: echange.recuperer(racine, eleve, A) for eleve in ("alice", "bob")}
    for eleve, chemin in chemins.items():
        vue = _donnees_affichees(chemin, eleve, tmp_path, cellules_donnees)
        for v in sujet.variantes:
            assert all(m in vue for m in _morceaux(v.donnees(eleve))), (v.nom, vue)
        assert f"la variante de « {eleve} »" in vue
    assert all(v.donnees("alice") != v.donnees("bob") for v in sujet.variantes)

    # Alice answers right on her data; Bob hands in her notebook, claiming to be her
    nb = nbformat.read(chemins["alice"], as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code" and _gid(cell) in reponses:
            cell.source = reponses_de_la_variante(ctx.solution(_gid(cell)), A, "alice")
            # the claim sits in the last answer cell: cells run after it in the student's own kernel would show
            # Alice's data (the kernel is the student's); the grade never depends on it
            if _gid(cell) == reponses[-1]:
                cell.source = ("import os\nos.environ['JUPYTERHUB_USER'] = os.environ['AWALE_VARIANTE_DE'] = 'alice'\n"
                               + cell.source)
    for eleve in ("alice", "bob"):
        nbformat.write(nb, chemins[eleve])
        echange.soumettre(racine, eleve, A)
    echange.ramasser(racine, A)
    fin = nbgrader("autograde", A, racine=racine, check=False, capture=True)
    assert fin.returncode == 0, fin.stderr[-3000:]

    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        notes = {eleve: {g.name: (g.score, g.max_score) for g in gb.find_submission_notebook(A, A, eleve).grades
                         if g.name in tests_des_valeurs} for eleve in ("alice", "bob")}
    assert set(notes["alice"]) == set(tests_des_valeurs)
    assert all(score == maximum for score, maximum in notes["alice"].values()), notes["alice"]
    assert sum(s for s, _ in notes["bob"].values()) < sum(m for _, m in notes["bob"].values()), notes["bob"]

    # Bob's graded notebook shows his own data, in the kernel's cells and in the judge's verdicts
    corrige = nbformat.read(racine / "autograded" / "bob" / A / f"{A}.ipynb", as_version=4)
    textes = {_gid(c): "".join(o.get("text", "") + str(o.get("evalue", "")) for o in c.get("outputs", []))
              for c in corrige.cells if c.cell_type == "code"}
    affiche = "".join(textes[g] for g in cellules_donnees)
    for v in sujet.variantes:
        assert all(m in affiche for m in _morceaux(v.donnees("bob"))), v.nom
    for gid, (score, maximum) in notes["bob"].items():
        if score < maximum:
            assert repr(sujet.variante_de(tests_des_valeurs[gid]).donnees("bob")) in textes[gid], textes[gid]

    # the teacher's report names the answers that fit Alice's data and not Bob's
    from pipeline.report import ecrire_rapport

    ecrire_rapport(racine, racine / "rapport", (A,))
    rapport = (racine / "rapport" / "rapport.md").read_text(encoding="utf-8")
    section = rapport.split("**Classement des copies probables**")[1]
    assert "| bob | juste pour la variante de alice |" in section and f"{A} Q" in section
    assert "| alice | juste" not in section


def _affiche(cellule) -> str:
    """What a code cell shows: its streams, its displays' plain text and HTML, its errors."""
    return "".join(o.get("text", "") + str(o.get("evalue", "")) + "".join(
        str(v) for k, v in (o.get("data") or {}).items() if k in ("text/plain", "text/html"))
        for o in cellule.get("outputs", []))


def _litteral_sql(valeur) -> str:
    if isinstance(valeur, str):
        return "'" + valeur.replace("'", "''") + "'"
    return "NULL" if valeur is None else repr(valeur)


_CHERCHE_LES_BIBLIOTHEQUES_CACHEES = (
    "import glob, os\n"
    "_montes = [l.split()[4] for l in open('/proc/self/mountinfo')] if os.path.exists('/proc/self/mountinfo') else []\n"
    "_trouvees = [f for d in (os.environ.get('AWALE_CACHE', '/nulle/part'), os.path.expanduser('~/.cache/awale_ref'),\n"
    "                         os.getcwd(), '/tmp')\n"
    "             for f in glob.glob(os.path.join(d, '**', '*1712*.sqlite'), recursive=True)]\n"
    "_trouvees += [m for m in _montes if m.endswith('.sqlite') and '1712' in m]\n"
    "print('bibliothèques cachées lues' if _trouvees else 'bibliothèques cachées introuvables')\n")
"""What Bob's answer cell runs in his kernel: it looks for the hidden libraries (the shared one, any student's)."""


def test_deux_eleves_recuperent_des_bibliotheques_differentes_et_chacun_est_note_sur_la_sienne(actives, tmp_path):
    """partie3_sql through the exchange and the real ``nbgrader autograde`` (sandbox on): Alice's and Bob's
    kernels show their own players; Alice hands in queries that hard-write her hidden library's answers, Bob the
    same notebook: the judge grades each on their author's hidden library (Alice's pass, Bob's fail where the
    answers vary; his kernel finds no hidden library), and the key's queries pass (Chloé's)."""
    from awale_ref.grading.executant import requetes
    from awale_ref.sujets.ccinp_2024 import sql

    A = "partie3_sql"
    racine = tmp_path / "cours"
    racine.mkdir()
    ctx = preparer_cours(racine, A)
    echange.publier(racine, A)
    chemins = {eleve: echange.recuperer(racine, eleve, A) for eleve in ("alice", "bob", "chloe")}
    vues = {}
    for eleve in ("alice", "bob"):  # the players each one's kernel shows
        nb = nbformat.read(chemins[eleve], as_version=4)
        nb.cells = [c for c in nb.cells if _gid(c) in {"imports", "apercu_joueur"}]
        ClientNotebook(nb, tmp_path, timeout=120).execute(env={**os.environ, variantes.UTILISATEUR_HUB: eleve})
        vues[eleve] = _affiche(next(c for c in nb.cells if _gid(c) == "apercu_joueur"))
        premier = sql.ouvrir(sql.GRAINE_VISIBLE, sql.VARIANTE.donnees(eleve)).execute(
            "SELECT nom, prenom FROM Joueur ORDER BY id_Joueur LIMIT 1").fetchone()
        assert all(n in vues[eleve] for n in premier), (premier, vues[eleve][:500])
    assert vues["alice"] != vues["bob"]

    # Alice's answers: her hidden library's rows, hard-written; Chloé: the key's queries
    connexion = sql.ouvrir_cachee(sql.VARIANTE.donnees("alice"))
    recopiees = {}
    for q, requete in sql.library.REQUETES.items():
        lignes = requetes.executer_requete(connexion, requete).lignes
        valeurs = " UNION ALL ".join("SELECT " + ", ".join(_litteral_sql(v) for v in ligne) for ligne in lignes)
        recopiees[q] = f"SELECT * FROM ({valeurs}) WHERE EXISTS (SELECT 1 FROM Joueur)"
    connexion.close()
    for eleve, reponses in (("alice", recopiees), ("bob", recopiees), ("chloe", sql.library.REQUETES)):
        nb = nbformat.read(chemins["alice" if eleve == "bob" else eleve], as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code" and (m := re.fullmatch(r"q(\d+)_requete", _gid(cell) or "")):
                cell.source = f"Q{m[1]} = {reponses[f'Q{m[1]}']!r}\n"
                if eleve == "bob" and m[1] == "22":  # and looks for any hidden library, his own or Alice's
                    cell.source += _CHERCHE_LES_BIBLIOTHEQUES_CACHEES
        nbformat.write(nb, chemins[eleve])
        echange.soumettre(racine, eleve, A)
    echange.ramasser(racine, A)
    fin = nbgrader("autograde", A, racine=racine, check=False, capture=True)
    assert fin.returncode == 0, fin.stderr[-3000:]
    tests = {_gid(c) for c in ctx.release.cells if re.fullmatch(r"q\d+_tests", _gid(c) or "")}
    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        notes = {eleve: {g.name: (g.score, g.max_score) for g in gb.find_submission_notebook(A, A, eleve).grades
                         if g.name in tests} for eleve in ("alice", "bob", "chloe")}
    assert set(notes["alice"]) == tests == {"q22_tests", "q23_tests", "q24_tests", "q25_tests"}
    for eleve in ("alice", "chloe"):
        assert all(s == m for s, m in notes[eleve].values()), (eleve, notes[eleve])
    # Q23's percentage is a fact of the games (the same for every student): the others vary
    assert all(notes["bob"][g][0] < notes["bob"][g][1] for g in ("q22_tests", "q24_tests", "q25_tests")), notes["bob"]
    corrige = nbformat.read(racine / "autograded" / "bob" / A / f"{A}.ipynb", as_version=4)
    assert "bibliothèques cachées introuvables" in _affiche(next(c for c in corrige.cells
                                                                  if _gid(c) == "q22_requete"))
