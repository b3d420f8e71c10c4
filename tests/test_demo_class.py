"""The demo class, graded end to end by the main job, gets exactly the marks written down for it.

The whole main job (``pipeline.demo``: build, submissions, ``nbgrader
autograde``, ``generate_feedback``, ``export``, report) runs ONCE per session,
in a temporary course folder (never in the project itself), on a sample of the
demo class: every student, every mistake, but each student hands in only the
notebooks that hold one of their mistakes (or that they hand in late); the model
student, the blank copy and the partial one hand in all theirs.  A correct
notebook is graded like the model student's; the whole class (``bash
scripts/demo.sh``) is the README's main command and ``benchmarks/bench_grading.py``'s.

The model student hands in the course's solutions: every automatic point of every assignment; the blank copy
hands in the untouched release: nothing, and every cell of it run to the end.  The course's literal value
answers on the statement's own data are judged in ``tests/test_course.py`` (the demo draws each student's).

The feedback pages, as a student opens them in Chromium (narrow window, 640 px): in each assignment the page of a
student whose failing case the subject draws (else of a student with a mistake there) and the blank copy's, and
the teacher's report pages.  Each page must show:

- no HTML entity and no tag as text (an inline ``a < b`` of a statement, a widget's repr);
- nothing wider than the page at 640 px (images shrink to it);
- nbgrader's labels in French, and at most one drawing of each failing case;
- every picture described in French (its ``alt``), never nbconvert's English sentence.

Screenshots of every page go to $AWALE_ARTIFACTS (default: build/artefacts/retours/).
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import os
import html
import re
import shutil
from pathlib import Path

import nbformat
import pytest

import outils
from awale_ref.grading.eleve import checks, contraintes, variantes
from awale_ref.grading.registre import catalogue
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.sujets.ccinp_2024 import specs, sql
from pipeline import demo, demo_class, echange, erreurs_simulees, report, similarite
from pipeline.build import RACINE, sujet_de
from pipeline.retard import PenaliteDeRetard
from pipeline.report import lire_notes

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)



def _echantillon(e: demo_class.Eleve) -> demo_class.Eleve:
    """``e`` handing in only the notebooks holding one of their mistakes or handed in late (all, without mistakes)."""
    if not e.erreurs:
        return e
    gardes = {err.assignment for err in e.erreurs} | set(e.en_retard)
    return dataclasses.replace(e, rendus=tuple(a for a in e.rendus if a in gardes))


CLASSE = tuple(_echantillon(e) for e in demo_class.CLASSE)
"""The class graded here: see the module's docstring."""


def _eleve(identifiant: str) -> demo_class.Eleve:
    return next(e for e in CLASSE if e.identifiant == identifiant)


@pytest.fixture(autouse=True)
def _variantes_actives():
    """The demo as from a fresh clone: every student has their own figures (the test session turns them off)."""
    with _avec_variantes():
        yield


@contextlib.contextmanager
def _avec_variantes():
    avant = os.environ.get(variantes.REGLAGE)
    os.environ[variantes.REGLAGE] = "oui"
    try:
        yield
    finally:
        if avant is None:
            os.environ.pop(variantes.REGLAGE, None)
        else:
            os.environ[variantes.REGLAGE] = avant


@pytest.fixture(scope="session")
def cours(tmp_path_factory: pytest.TempPathFactory) -> Path:
    racine = tmp_path_factory.mktemp("cours_demo")
    with _avec_variantes():
        demo.main(["--racine", str(racine), "--workers", "2"], classe=CLASSE)
    return racine


@pytest.fixture(scope="session")
def notes(cours: Path) -> dict[tuple[str, str, str], float | None]:
    _, _, liste = lire_notes(cours)
    return {(n.eleve, n.assignment, n.grade_id): n.score for n in liste}


def _erreur(identifiant: str, grade_id: str) -> erreurs_simulees.Erreur:
    """The mistake the student ``identifiant`` makes in the CCINP cell ``grade_id``."""
    return next(err for err in demo_class.eleve(identifiant).erreurs
                if err.grade_id == grade_id and sujet_de(err.assignment).module_correction == exam.__package__)


def _texte_html(chemin: Path) -> str:
    """The visible text of an HTML page (tags removed, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", chemin.read_text(encoding="utf-8")))


def _spec_de(erreur: erreurs_simulees.Erreur):
    """The grading spec of the function a mistake writes (``None`` for an answer or a query)."""
    spec = sujet_de(erreur.assignment).specs.get(demo_class.question_de(erreur.grade_id))
    return spec if spec is not None and f"def {spec.nom}(" in erreur.code else None


def _fonction_de(erreur: erreurs_simulees.Erreur):
    espace: dict = {"__name__": "__main__"}
    exec(erreur.code, espace)
    return espace[_spec_de(erreur).nom]


# ---------------------------------------------------------------- the class itself (no grading)
def test_la_classe_a_au_moins_douze_eleves_aux_erreurs_distinctes():
    classe = demo_class.CLASSE
    assert len(classe) >= 12
    assert len({e.identifiant for e in classe}) == len(classe)
    assert all(re.fullmatch(r"[a-z]+_[a-z]+", e.identifiant) for e in classe)
    erreurs = [err for e in classe for err in e.erreurs]
    assert len(erreurs) == len(set(erreurs)), "two students share a mistake"
    profils = {(e.erreurs, e.rendus, e.vierge) for e in classe}
    assert len(profils) == len(classe), "two students hand in the same notebooks"


@pytest.mark.parametrize("sujet", catalogue.tous(), ids=lambda s: s.nom)
def test_chaque_sujet_a_des_eleves_simules_qui_se_trompent(sujet):
    """Each paper's simulated mistakes come from its own folder; a paper without any is named, with what to write."""
    erreurs = [err for e in demo_class.CLASSE for err in e.erreurs
               if sujet_de(err.assignment).module_correction == sujet.module_correction]
    assert erreurs, (f"le sujet {sujet.nom} n'a pas d'erreur simulée : écrivez dans son dossier un module "
                     f"{demo_class.MODULE_DES_ELEVES}.py dont erreurs(outils) donne à des élèves de la classe de "
                     f"démonstration ({', '.join(e.identifiant for e in demo_class.CLASSE[:3])}…) des erreurs "
                     "typiques de ses questions (pipeline/erreurs_simulees.py dit comment)")


def test_l_echantillon_garde_chaque_eleve_chaque_erreur_et_chaque_retard():
    """The sample graded here loses no student, no mistake, no late copy, no copier's pair; only correct notebooks."""
    assert [e.identifiant for e in CLASSE] == [e.identifiant for e in demo_class.CLASSE]
    for e, complet in zip(CLASSE, demo_class.CLASSE):
        assert dataclasses.replace(e, rendus=complet.rendus) == complet
        assert {err.assignment for err in e.erreurs} | set(e.en_retard) <= set(e.rendus) <= set(complet.rendus)
        assert e.erreurs or e.rendus == complet.rendus
    for copieur, source in demo_class.COPIEURS.items():
        assert {err.assignment for err in _eleve(copieur).erreurs} <= set(_eleve(source).rendus)
    assert set(demo_class.ASSIGNMENTS) <= set(_eleve("lefebvre_sarah").rendus) == set(_eleve("laurent_jules").rendus)


def test_les_erreurs_visent_des_cellules_des_notebooks_actuels():
    demo_class.verifier_erreurs(demo.RACINE)


def test_les_erreurs_de_code_sont_bien_fausses_pour_la_reference():
    """Each code mistake fails the hidden check of its question (outside nbgrader, same checks); a demo answer
    that loses nothing (``echecs`` empty: a right answer pasted beside a public key's function, which only the
    similarity report names) passes it."""
    for err in [err for e in CLASSE for err in e.erreurs]:
        spec = _spec_de(err)
        if spec is not None and "import" not in err.code:
            # the submitted cell's source, as the judge reads it (a source constraint, Othello's Q7 « sans in »)
            cellules = [contraintes.Cellule("cellule de l'erreur", err.code)]
            resultat = checks.verifier(spec, _fonction_de(err), spec.cas(), cellules=cellules)
            assert resultat.ok is not bool(err.echecs), err.description
            if not err.echecs:
                continue
            # the rule families the mistake is said to break are the ones the checks find broken
            assert resultat.part == pytest.approx(demo_class.part_gardee(err)), (err.description, resultat.familles)


# ---------------------------------------------------------------- graded by nbgrader
@pytest.mark.parametrize("eleve", CLASSE, ids=[e.identifiant for e in CLASSE])
def test_chaque_eleve_a_exactement_les_notes_prevues(eleve, cours, notes):
    attendues = demo_class.scores_attendus(eleve, demo_class.bareme(cours))
    obtenues = {(a, gid): score for (e, a, gid), score in notes.items() if e == eleve.identifiant}
    assert obtenues == attendues


def test_le_parfait_a_tout_et_le_vierge_rien(cours, notes):
    """The course's solutions (the model student's copy) get every automatic point of every assignment; the
    untouched release (the blank copy) gets nothing, and the grading ran each of its code cells, the last one
    last (the kernel survived every failure before it)."""
    bareme = demo_class.bareme(cours)
    automatiques = {(a, gid): points for a, cellules in bareme.items() for gid, points, manuel in cellules if not manuel}
    assert {a for a, _ in automatiques} == set(demo_class.ASSIGNMENTS)
    manques = {cle: (notes[("lefebvre_sarah", *cle)], points) for cle, points in automatiques.items()
               if notes[("lefebvre_sarah", *cle)] != points}
    assert not manques, f"the reference answers lose points: {manques}"
    vierge = {(a, gid): score for (e, a, gid), score in notes.items() if e == "laurent_jules"}
    assert set(automatiques) <= set(vierge) and all(score == 0 for score in vierge.values()), vierge
    for a in demo_class.ASSIGNMENTS:
        nb = nbformat.read(cours / "autograded" / "laurent_jules" / a / f"{a}.ipynb", as_version=4)
        codes = [c for c in nb.cells if c.cell_type == "code"]
        assert all(c.execution_count is not None for c in codes), f"{a}: a cell was not executed"
        assert codes[-1].execution_count == max(c.execution_count for c in codes), a


def test_un_retour_html_par_eleve_et_par_notebook_rendu(cours):
    for e in CLASSE:
        for a in demo_class.ASSIGNMENTS:
            chemin = cours / "feedback" / e.identifiant / a / f"{a}.html"
            assert chemin.exists() == (a in e.rendus and (cours / "source" / a).exists()), chemin


def test_le_retour_donne_le_premier_cas_cache_qui_echoue_en_francais(cours):
    # Q9 "case > 6": the exam's examples pass, only the hidden corpus catches it
    err = _erreur("garcia_adam", "q9_case_ramassable")
    attendu = checks.verifier(specs.SPECS["Q9"], _fonction_de(err), specs.cas_caches("Q9"), exam, retrecir=True)
    assert not attendu.ok and "entrée" in attendu.message
    texte = _texte_html(cours / "feedback" / "garcia_adam" / "partie2_structure" / "partie2_structure.html")
    assert attendu.message in texte
    # Q25 without ORDER BY: the right rows, in the wrong order, on the hidden library
    requete = _erreur("petit_lucas", "q25_requete").code.split('"""')[1]
    attendu = sql.preparer("Q25")(requete)
    assert not attendu.ok and "ORDER BY" in attendu.message
    texte = _texte_html(cours / "feedback" / "petit_lucas" / "partie3_sql" / "partie3_sql.html")
    assert attendu.message in texte


def test_l_export_csv_a_une_ligne_par_eleve_et_par_notebook(cours):
    bareme = demo_class.bareme(cours)
    with open(cours / "report" / "export_nbgrader.csv", encoding="utf-8") as f:
        lignes = list(csv.DictReader(f))
    assert sorted((l["student_id"], l["assignment"]) for l in lignes) == sorted(
        (e.identifiant, a) for e in CLASSE for a in bareme)
    for ligne in lignes:
        attendues = demo_class.scores_attendus(_eleve(ligne["student_id"]), bareme)
        total = sum(s or 0 for (a, _), s in attendues.items() if a == ligne["assignment"])
        assert float(ligne["raw_score"]) == pytest.approx(total), ligne
        assert float(ligne["max_score"]) == pytest.approx(sum(p for _, p, _ in bareme[ligne["assignment"]]))


def test_le_rapport_donne_les_notes_sur_20_et_les_graphiques(cours):
    """One report per series (the first in report/, each other in report/<series>/, linked from the first), each
    on 20; the series are the subjects' (their folders), in course order."""
    from awale_ref.grading.registre import catalogue

    series = report.rapports_des_series(cours)
    assert [nom for _, nom, _ in series] == list(dict.fromkeys(s.serie for s in catalogue.tous()))
    assert len(series) >= 4  # the CCINP, the Olympiades, Othello, the attractors
    assert sorted(a for _, _, assignments in series for a in assignments) == sorted(demo_class.ASSIGNMENTS)
    for dossier, _, assignments in series:
        _verifier_rapport(cours, dossier, {a: c for a, c in demo_class.bareme(cours).items() if a in assignments})
    principal = (cours / "report" / "rapport.md").read_text(encoding="utf-8")
    for dossier, _, _ in series[1:]:
        assert f"{dossier.name}/rapport.md" in principal


def _verifier_rapport(cours: Path, dossier: Path, bareme: dict) -> None:
    maximum = sum(p for cellules in bareme.values() for _, p, _ in cellules)
    manuelles = {(a, gid) for a, cellules in bareme.items() for gid, _, manuel in cellules if manuel}
    with open(dossier / "notes_eleves.csv", encoding="utf-8") as f:
        lignes = {l["eleve"]: l for l in csv.DictReader(f)}
    assert set(lignes) == {e.identifiant for e in CLASSE}
    for e in CLASSE:
        attendues = demo_class.scores_attendus(e, bareme)
        ligne = lignes[e.identifiant]
        auto = sum(s for cle, s in attendues.items() if cle not in manuelles)
        manuels = sum(s for cle, s in attendues.items() if cle in manuelles)
        retard = PenaliteDeRetard().points_par_heure * len([a for a in e.en_retard if a in bareme])  # one hour
        assert float(ligne["points_auto"]) == pytest.approx(auto)
        assert float(ligne["points_manuels"]) == pytest.approx(manuels)
        assert float(ligne["penalite_retard"]) == pytest.approx(retard)
        assert float(ligne["max_total"]) == pytest.approx(maximum)
        assert float(ligne["note_sur_20"]) == pytest.approx(round(20 * (auto + manuels - retard) / maximum, 1))
        assert ligne["statut"] == "définitive"  # the simulated teacher graded every justification
        for question in {demo_class.question_de(gid) for cellules in bareme.values() for gid, _, _ in cellules}:
            attendu = sum(s for (a, gid), s in attendues.items() if demo_class.question_de(gid) == question)
            assert float(ligne[question]) == pytest.approx(attendu), (e.identifiant, question)
    assert lignes["lefebvre_sarah"]["note_sur_20"] == "20.0"
    # half marks: the students whose justifications get half, wherever they handed one in (Chloé Bernard, …)
    demis = [e.identifiant for e in CLASSE if not e.vierge and demo_class.note_manuelle(e, 1.0)[0] == 0.5
             and any(manuel for a in e.rendus if a in bareme for _, _, manuel in bareme[a])]
    assert demis, (f"the series {dossier.name!r} has no hand-graded cell that a student of the simulated class "
                   "(pipeline/demo_class.py) hands in and gets half marks on: give its paper a hand-graded answer "
                   "cell (a justification) and the class a copy of it")
    assert all(0 < float(lignes[e]["points_manuels"]) < float(lignes[e]["max_manuels"]) for e in demis), demis
    rapport = (dossier / "rapport.md").read_text(encoding="utf-8")
    assert "à la main" in rapport and "les notes sont définitives" in rapport
    for nom in ("reussite_par_question.png", "distribution_notes.png"):
        assert (dossier / nom).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with open(dossier / "notes_par_question.csv", encoding="utf-8") as f:
        par_question = list(csv.DictReader(f))
    assert len(par_question) == sum(len(bareme[a]) for e in CLASSE for a in e.rendus if a in bareme)


def test_notes_manuelles_importees_tout_ou_rien_avec_la_ligne_fautive(cours, tmp_path):
    from nbgrader.api import Gradebook

    from pipeline import notes_manuelles

    shutil.copy(cours / "gradebook.db", tmp_path / "gradebook.db")
    bonne = notes_manuelles.NoteManuelle("michel_louise", "partie1_regles", "q1_justification", 0.0, "Trop vague.")
    for fautive, motif in ((notes_manuelles.NoteManuelle("michel_louise", "partie1_regles", "q1_justification", 9.0),
                            "outside"),
                           (notes_manuelles.NoteManuelle("inconnu", "partie1_regles", "q1_justification", 1.0),
                            "no submitted cell"),
                           (notes_manuelles.NoteManuelle("michel_louise", "partie1_regles", "q1_tests", 1.0),
                            "automatically")):
        with pytest.raises(ValueError, match=motif):
            notes_manuelles.importer(tmp_path, [bonne, fautive])
    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:  # nothing written by a refused file
        assert gb.find_grade("q1_justification", "partie1_regles", "partie1_regles", "michel_louise").score > 0
    chemin = tmp_path / "notes.csv"
    chemin.write_text("eleve,assignment,cellule,points,commentaire\nmichel_louise,partie1_regles,q1_justification,"
                      "\"0,5\",Réponse juste mais incomplète — à revoir\n", encoding="utf-8")
    assert notes_manuelles.importer(tmp_path, notes_manuelles.lire(chemin)) == 1
    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:
        assert gb.find_grade("q1_justification", "partie1_regles", "partie1_regles", "michel_louise").score == 0.5
        assert gb.find_comment("q1_justification", "partie1_regles", "partie1_regles",
                               "michel_louise").manual_comment == "Réponse juste mais incomplète — à revoir"
    chemin.write_text("eleve,cellule,points\n", encoding="utf-8")
    with pytest.raises(ValueError, match="missing column"):
        notes_manuelles.lire(chemin)


# ---------------------------------------------------------------- the classroom loop through the exchange
def test_the_roster_is_imported_from_the_class_csv(cours):
    from nbgrader.api import Gradebook

    with open(cours / "classe.csv", encoding="utf-8") as f:
        roster = {l["id"]: l for l in csv.DictReader(f)}
    assert set(roster) == {e.identifiant for e in CLASSE}
    with Gradebook(f"sqlite:///{cours / 'gradebook.db'}") as gb:
        for e in CLASSE:
            eleve = gb.find_student(e.identifiant)
            assert (eleve.first_name, eleve.last_name, eleve.email) == (e.prenom, e.nom, roster[e.identifiant]["email"])


def test_every_copy_went_through_the_exchange_and_every_student_fetched_their_feedback(cours):
    entrants = sorted(p.name.split("+")[:2] for p in (echange.racine_echange(cours) / echange.identifiant_du_cours(cours)
                                                       / "inbound").iterdir())
    attendus = sorted([e.identifiant, a] for e in CLASSE for a in e.rendus)
    assert entrants == attendus  # one submission each, under the student's own id
    for e in CLASSE:
        for a in e.rendus:
            assert (cours / "submitted" / e.identifiant / a / "timestamp.txt").exists()
            retours = echange.recuperer_retours(cours, e.identifiant, a)  # fetching again changes nothing
            assert len(retours) == 1, retours
            assert retours[0].read_bytes() == (cours / "feedback" / e.identifiant / a / f"{a}.html").read_bytes()


def test_the_late_student_is_late_and_only_they_lose_points_for_it(cours):
    from nbgrader.api import Gradebook

    en_retard = {(e.identifiant, a) for e in CLASSE for a in e.en_retard}
    assert en_retard, "the demo class needs a late student"
    with Gradebook(f"sqlite:///{cours / 'gradebook.db'}") as gb:
        for e in CLASSE:
            for a in e.rendus:
                nb = gb.find_submission_notebook(a, a, e.identifiant)
                en_retard_ici = (e.identifiant, a) in en_retard
                assert (nb.assignment.total_seconds_late > 0) == en_retard_ici, (e.identifiant, a)
                assert nb.late_submission_penalty == (PenaliteDeRetard().points_par_heure if en_retard_ici else None)
    rapport = (cours / "report" / "rapport.md").read_text(encoding="utf-8")
    assert "Rendus en retard" in rapport


def test_grades_leave_for_moodle_and_each_student_gets_a_summary_page(cours):
    for dossier, _, assignments in report.rapports_des_series(cours):
        with open(dossier / "notes_eleves.csv", encoding="utf-8") as f:
            notes = {l["eleve"]: l for l in csv.DictReader(f)}
        with open(dossier / "import_moodle.csv", encoding="utf-8") as f:
            moodle = list(csv.DictReader(f))
        assert [l["Numéro d'identification"] for l in moodle] == sorted(e.identifiant for e in CLASSE)
        for ligne in moodle:
            e = _eleve(ligne["Numéro d'identification"])
            assert (ligne["Prénom"], ligne["Nom"]) == (e.prenom, e.nom)  # accents kept: Chloé, Inès, Zoé
            assert float(ligne["Note sur 20"]) == float(notes[e.identifiant]["note_sur_20"])
            parties = [float(ligne[a]) for a in assignments]
            assert sum(parties) == pytest.approx(float(notes[e.identifiant]["points_total"]))
        assert {"Chloé", "Inès", "Zoé"} <= {l["Prénom"] for l in moodle}
        assert len(list((dossier / "eleves").glob("*.html"))) == len(CLASSE)
    fiche = _texte_html(cours / "report" / "eleves" / "martin_hugo.html")
    assert "Hugo Martin" in fiche and "/ 20" in fiche
    assert "✘ tour complet : la case de départ est sautée" in fiche
    assert "Pour le reproduire : deplacer_graines(" in fiche
    assert "Dans votre noyau" not in fiche  # the judge's verdict only
    assert "Rien à signaler" not in fiche
    fiche = _texte_html(cours / "report" / "olympiades_de_nsi_2025" / "eleves" / "martin_hugo.html")
    assert "Olympiades de NSI 2025" in fiche and "lignes qui commencent par 1" in fiche


def test_devoirs_inconnus_refuses_avant_tout_travail(tmp_path, capsys):
    """``--devoirs`` names assignments of the course; a typo is refused before anything is built."""
    with pytest.raises(SystemExit):
        demo.main(["--racine", str(tmp_path / "cours"), "--devoirs", "partie1_regles,partie9"])
    assert "partie9" in capsys.readouterr().err
    assert not (tmp_path / "cours").exists()


def test_le_rapport_signale_les_copieurs_en_tete_et_les_fiches_de_l_enseignant_seules(cours):
    """pipeline/similarite.py in the demo's report: the two who copy code ranked first, nobody else flagged (the
    one who copies a classmate's literal answers is named by its own section, below: literals are no evidence of
    copied code); a page per pair; the teacher's page of a copier names it, the page to send and the feedback
    never do."""
    rapport = (cours / "report" / "rapport.md").read_text(encoding="utf-8")
    section = rapport.split("## Copies semblables", 1)[1]
    copieurs = demo_class.COPIEURS
    noms = {e.identifiant: f"{e.prenom} {e.nom}" for e in CLASSE}
    assert f"**{len(copieurs)} paire(s) signalée(s)**" in section and "pas une preuve" in section
    sur_l_epreuve = section.split("Sur l'épreuve", 1)[1].split("\n**", 1)[0]   # before the tables per assignment
    lignes = [l for l in sur_l_epreuve.splitlines() if l.startswith("| [")]
    assert {l.split("]")[0][3:] for l in lignes[:len(copieurs)]} == {
        " et ".join(noms[x] for x in sorted((a, b))) for a, b in copieurs.items()}
    assert all(l.endswith("| **oui** |") for l in lignes[:len(copieurs)])
    assert all(l.endswith("| non |") for l in lignes[len(copieurs):])
    for copieur, source in copieurs.items():
        a, b = sorted((copieur, source))
        assert (cours / "report" / "similarite" / f"{a}__{b}.html").exists()
        assert "Copies semblables" in _texte_html(cours / "report" / "eleves" / f"{copieur}.html")
        assert "Copies semblables" not in _texte_html(cours / "report" / "eleves" / "a_envoyer" / f"{copieur}.html")
        for retour in (cours / "feedback" / copieur).glob("*/*.html"):
            assert "Copies semblables" not in retour.read_text(encoding="utf-8")
    assert "Copies semblables" not in _texte_html(cours / "report" / "eleves" / "martin_hugo.html")
    assert "**Proches d'une source** (corrigé public, version élève d'un autre devoir, paquet des élèves) : 0 " in section


def test_le_rapport_nomme_la_source_d_un_code_colle(cours):
    """Louise pasted a function of the Othello key beside her answer: Othello's report lists her first in its
    similarity section, « proche de » that key, with its page; nobody else is flagged."""
    noms = {e.identifiant: f"{e.prenom} {e.nom}" for e in CLASSE}
    for colleur, module in demo_class.COLLEURS.items():
        source = similarite.nom_du_corrige(module)
        sortie = next(d for d, _, assignments in report.rapports_des_series(cours) if "othello" in assignments)
        section = (sortie / "rapport.md").read_text(encoding="utf-8").split("## Copies semblables", 1)[1]
        assert "**0 paire(s) signalée(s)**" in section and ": 1 élève(s) signalé(s)" in section
        premiere = next(l for l in section.splitlines() if l.startswith("| ["))
        assert premiere.startswith(f"| [{noms[colleur]}](similarite/{colleur}__source_")
        assert similarite.proche_de(source) in premiere and premiere.endswith("| **oui** |")
        assert list((sortie / "similarite").glob(f"{colleur}__source_*.html"))



def test_le_rapport_classe_ensemble_les_copieurs_de_code_et_de_variante(cours):
    """One ranked list in the demo's report (pipeline/similarite.py with pipeline/variantes_copiees.py): the
    variant-copier, named « juste pour la variante de » her classmate, and the two code copiers are its first
    lines, flagged; nobody else is flagged; Théo's copied justifications are among his pair's questions."""
    rapport = (cours / "report" / "rapport.md").read_text(encoding="utf-8")
    section = rapport.split("**Classement des copies probables**", 1)[1].split("\n\n**", 1)[0]
    assert "## Réponses justes pour la variante" not in rapport   # no section of their own
    noms = {e.identifiant: f"{e.prenom} {e.nom}" for e in CLASSE}
    lignes = [l for l in section.splitlines() if l.startswith("| ") and l[2].isdigit()]
    attendus = {" et ".join(noms[x] for x in sorted(p)) for p in demo_class.COPIEURS.items()}
    attendus |= {noms[c] for c in demo_class.COPIEURS_DE_VARIANTE}
    premieres = lignes[:len(attendus)]
    assert {l.split(" | ")[1].lstrip("[").split("]")[0] for l in premieres} == attendus, lignes
    assert all(l.endswith("| **oui** |") for l in premieres) and all(l.endswith("| non |") for l in lignes[len(attendus):])
    for copieur, source in demo_class.COPIEURS_DE_VARIANTE.items():
        assert any(f"| {noms[copieur]} | juste pour la variante de {noms[source]} |" in l for l in premieres)
    theo = next(l for l in premieres if noms["fournier_theo"] in l)
    assert "Q6 (justification)" in theo and "Q4 (justification)" in theo


# ---------------------------------------------------------------- the pages, in a browser
LARGEUR = 640
ARTEFACTS = Path(os.environ.get("AWALE_ARTIFACTS") or RACINE / "build" / "artefacts") / "retours"
VIERGE = next(e.identifiant for e in CLASSE if e.vierge)


def _dessinee(erreur: erreurs_simulees.Erreur) -> bool:
    """Whether the feedback draws the failing case of a mistake: a function that loses points, whose spec has a
    drawing (``presentation``)."""
    spec = _spec_de(erreur)
    return bool(erreur.echecs) and spec is not None and bool(spec.presentation)


def _copie_qui_echoue(assignment: str) -> str:
    """The student whose failing page of ``assignment`` the browser reads: the first of the class with a drawn
    failing case there, else the first with a mistake there that loses points."""
    fautifs = [(not any(_dessinee(err) for err in erreurs), i, e.identifiant) for i, e in enumerate(CLASSE)
               if (erreurs := [err for err in e.erreurs if err.assignment == assignment and err.echecs])]
    return min(fautifs)[2] if fautifs else VIERGE


PAGES = [(a, eleve) for a in demo_class.ASSIGNMENTS for eleve in dict.fromkeys((_copie_qui_echoue(a), VIERGE))]
"""The feedback pages read in the browser: in each assignment, a page with a mistake (drawn where the subject draws
one), and the blank copy's."""


def test_chaque_devoir_qui_dessine_un_cas_a_une_page_lue_qui_le_dessine():
    """Where the subject draws the failing case of one of the assignment's answers, the page read in the browser
    is of a student whose mistake there is drawn."""
    for a in demo_class.ASSIGNMENTS:
        specs = sujet_de(a).specs
        dessinees = [gid for gid in outils.solutions(outils.notebook_source(a))
                     if (spec := specs.get(demo_class.question_de(gid))) is not None
                     and spec.presentation and gid == f"{spec.question.lower()}_{spec.nom}"]
        if dessinees:
            eleve = _copie_qui_echoue(a)
            assert any(_dessinee(err) for err in _eleve(eleve).erreurs if err.assignment == a), (
                f"{a} draws the failing case of {dessinees}, and no student of the demo class "
                f"(pipeline/demo_class.py) has a drawn mistake there: give one of them a mistake in one of these "
                f"functions (its subject's {demo_class.MODULE_DES_ELEVES}.py)")


@pytest.fixture(scope="module")
def onglet():
    """One Chromium tab, 640 px wide."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    with outils.chromium() as navigateur:
        yield navigateur.new_page(viewport={"width": LARGEUR, "height": 900})


ENTITE = re.compile(r"&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);")
BALISE = re.compile(r"</?(?!(?:locals|module|lambda|listcomp|dictcomp|setcomp|genexpr)>)[a-z][a-z0-9]*"
                    r"(?:\s+[a-z-]+(?:=(?:\"[^\"]*\"|'[^']*'|[^\s>]+))?)*\s*/?>")
"""An HTML tag (``<style>``, ``</td>``, ``<td class="x">``), not a repr such as ``<Figure size 630x440 with 1 Axes>``
nor a name Python gives in a traceback (``a_la_place_de.<locals>.appel``, ``<module>``)."""
TROP_LARGES = f"""() => [...document.querySelectorAll('body *')].filter(e => {{
    if (e.getBoundingClientRect().right <= {LARGEUR} + 1) return false;
    for (let a = e.parentElement; a; a = a.parentElement) {{  // inside a box that scrolls and fits: not the page
        if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)
            && a.getBoundingClientRect().right <= {LARGEUR} + 1) return false;
    }}
    return true;
}}).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().width))"""
"""What sticks out of a window of LARGEUR px, except inside a box of the page that scrolls (a long line of code)."""


def _sans_balise_ni_debordement(onglet) -> str:
    """The page's text, once checked: no entity or tag shown as text, nothing wider than the window."""
    texte = onglet.evaluate("() => document.body.innerText")
    assert not ENTITE.findall(texte), sorted(set(ENTITE.findall(texte)))
    assert not BALISE.findall(texte), BALISE.findall(texte)[:5]
    assert onglet.evaluate("() => document.documentElement.scrollWidth") <= LARGEUR
    assert not onglet.evaluate(TROP_LARGES)
    images = onglet.evaluate("() => [...document.images].map(i => [i.naturalWidth, i.getBoundingClientRect().width])")
    assert all(vue <= LARGEUR for _, vue in images), images
    return texte


def test_the_teachers_reports_are_pages_beside_their_markdown(cours, onglet):
    """``rapport.html`` beside each ``rapport.md``: its tables and pictures within 640 px, no markup as text, the
    other series' reports linked by their pages."""
    rapports = [dossier / "rapport.html" for dossier, _, _ in report.rapports_des_series(cours)]
    assert len(rapports) == len({sujet_de(a).serie for a in demo_class.ASSIGNMENTS}) >= 2
    for page in rapports:
        assert (page.parent / "rapport.md").is_file()
        onglet.goto(page.as_uri())
        texte = _sans_balise_ni_debordement(onglet)
        assert texte.startswith("Rapport de correction") and onglet.locator("table").count() >= 1
        assert all(i > 0 for i in onglet.evaluate("() => [...document.images].map(i => i.naturalWidth)"))
        onglet.screenshot(path=str(ARTEFACTS / f"rapport_{page.parent.name}.png"), full_page=True)
    premier = rapports[0]
    onglet.goto(premier.as_uri())
    liens = onglet.evaluate("() => [...document.links].map(a => a.getAttribute('href'))")
    autres = sorted(f"{p.parent.name}/rapport.html" for p in rapports[1:])
    assert sorted(l for l in liens if l.endswith("rapport.html")) == autres, liens
    assert all((premier.parent / lien).is_file() for lien in autres)


@pytest.mark.parametrize(("assignment", "eleve"), PAGES, ids=[f"{a}-{e}" for a, e in PAGES])
def test_a_feedback_page_shows_no_markup_as_text_and_fits_640_px(cours, onglet, assignment, eleve):
    onglet.goto((cours / "feedback" / eleve / assignment / f"{assignment}.html").as_uri())
    texte = _sans_balise_ni_debordement(onglet)
    assert "children=(" not in texte  # a widget's repr
    for anglais in ("Student's answer", "Grade cell", "Test cell", "Score:", "(Top)", "No response.", "In\xa0[", "Out["):
        assert anglais not in texte, anglais
    # one drawing of each failing case: a cell's outputs hold a drawn board or pictures of cases, never both
    deux_dessins = onglet.evaluate("""() => [...document.querySelectorAll('div.output')]
        .filter(o => o.querySelector('div[class$="-contre-exemple"]') && o.querySelector('img'))
        .map(o => o.innerText.slice(0, 80))""")
    assert not deux_dessins, deux_dessins
    # every picture says what it shows, in French (« Dessin : … » for a figure or a failing case drawn)
    alts = onglet.evaluate("() => [...document.images].map(i => i.alt)")
    assert all(alt.strip() and "No description" not in alt for alt in alts), alts
    onglet.screenshot(path=str(ARTEFACTS / f"{assignment}_{eleve}.png"), full_page=True)
