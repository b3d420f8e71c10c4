"""Per-student variants through nbgrader's exchange and the real ``nbgrader autograde`` (sandbox on).

Two students fetch the same assignment (``pipeline.echange``): each one's kernel, on the class server
(``JUPYTERHUB_USER``), shows their own figures.  Alice answers on hers; Bob hands in a copy of Alice's notebook
whose answer cell even claims Alice's identity: the judge grades Bob on Bob's figures (his folder
``submitted/bob/``), his graded notebook shows them, Alice gets every point, and the teacher's report names
Bob's answers as right for Alice's variant.
"""

from __future__ import annotations

import os

import nbformat
import pytest
from nbgrader.api import Gradebook

from awale_ref.grading import variantes
from awale_ref.sujets.ccinp_2024 import SUJET
from pipeline import echange
from pipeline.client_noyau import ClientNotebook
from pipeline.demo_class import reponses_de_la_variante
from pipeline.nbgrader_cli import nbgrader
from tests.hostile.classe import preparer_cours

A = "partie1_regles"
TESTS_DES_VALEURS = ("q1_tests", "q2_tests_plateaux", "q2_tests_gains", "q3_tests_situation1", "q3_tests_situation2")


@pytest.fixture
def actives(monkeypatch):
    monkeypatch.setenv(variantes.REGLAGE, "oui")
    for variable in (variantes.IDENTITE_CORRECTION, variantes.UTILISATEUR_HUB, variantes.AUTONOMIE):
        monkeypatch.delenv(variable, raising=False)


def _gid(cell) -> str | None:
    return cell.metadata.get("nbgrader", {}).get("grade_id")


def _donnees_affichees(chemin, utilisateur: str, dossier) -> str:
    """What the figure cells print in the kernel of ``utilisateur`` on the class server (its outputs' text)."""
    nb = nbformat.read(chemin, as_version=4)
    nb.cells = [c for c in nb.cells if _gid(c) in ("imports", "figure4", "figure5")]
    ClientNotebook(nb, dossier, timeout=120).execute(
        env={**os.environ, variantes.UTILISATEUR_HUB: utilisateur})
    return "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))


def test_deux_eleves_recuperent_des_donnees_differentes_et_chacun_est_note_sur_les_siennes(actives, tmp_path):
    racine = tmp_path / "cours"
    racine.mkdir()
    ctx = preparer_cours(racine, A)
    echange.publier(racine, A)
    chemins = {eleve: echange.recuperer(racine, eleve, A) for eleve in ("alice", "bob")}
    figure4 = SUJET.variante_de("Q1_cases")
    vues = {eleve: _donnees_affichees(chemin, eleve, tmp_path) for eleve, chemin in chemins.items()}
    for eleve, vue in vues.items():
        assert f"Votre plateau : {figure4.donnees(eleve)}" in vue, vue
        assert f"la variante de « {eleve} »" in vue
    assert figure4.donnees("alice") != figure4.donnees("bob")

    # Alice answers right on her figures; Bob hands in her notebook, claiming to be her
    nb = nbformat.read(chemins["alice"], as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code" and _gid(cell) in ("q1_reponse", "q2_reponse", "q3_reponse"):
            cell.source = reponses_de_la_variante(ctx.solution(_gid(cell)), A, "alice")
            if _gid(cell) == "q1_reponse":
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
                         if g.name in TESTS_DES_VALEURS} for eleve in ("alice", "bob")}
    assert set(notes["alice"]) == set(TESTS_DES_VALEURS)
    assert all(score == maximum for score, maximum in notes["alice"].values()), notes["alice"]
    assert sum(s for s, _ in notes["bob"].values()) < sum(m for _, m in notes["bob"].values()), notes["bob"]

    # Bob's graded notebook shows his own figures, in the kernel's cell and in the judge's verdict
    corrige = nbformat.read(racine / "autograded" / "bob" / A / f"{A}.ipynb", as_version=4)
    textes = {_gid(c): "".join(o.get("text", "") + str(o.get("evalue", "")) for o in c.get("outputs", []))
              for c in corrige.cells if c.cell_type == "code"}
    assert f"Votre plateau : {figure4.donnees('bob')}" in textes["figure4"]
    perdus = [g for g, (s, m) in notes["bob"].items() if s < m]
    donnees = {g: SUJET.variante_de(q).donnees("bob") for g, q in
               zip(TESTS_DES_VALEURS, ("Q1_cases", "Q2_plateaux", "Q2_gains", "Q3_situation1", "Q3_situation2"))}
    for gid in perdus:
        assert repr(donnees[gid]) in textes[gid], textes[gid]

    # the teacher's report names the answers that fit Alice's figures and not Bob's
    from pipeline.report import ecrire_rapport

    ecrire_rapport(racine, racine / "rapport", (A,))
    rapport = (racine / "rapport" / "rapport.md").read_text(encoding="utf-8")
    section = rapport.split("## Réponses justes pour la variante d'un autre élève")[1]
    assert "juste pour la variante de alice" in section and "- bob — partie1_regles" in section
    assert "- alice —" not in section
