"""Verdicts a teacher can sign, through the real ``nbgrader autograde`` and ``generate_feedback`` (sandbox on).

A small class over three assignments: a model student (every solution of the
course) and a student whose answers are what a human corrector meets every
year: part of a rule right (partial credit per rule family), the other
reading of the famine rule, a correct answer built on the functions the
notebook supplies, a forbidden function reached through an alias, and a call
that the real ``affiche`` would reject.  The feedback must show the smallest
failing board and the call that reproduces it, and never the hidden tests'
source.
"""

from __future__ import annotations

import contextlib
import copy
import os
import re
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook

from outils import chromium, notebook_source, preparer_cours, solutions
from pipeline.nbgrader_cli import nbgrader

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

RACINE = Path(__file__).resolve().parent.parent
DEVOIRS = ("partie1_regles", "partie2_structure", "partie3_ia")
LIMITES_DE_TEST = """
c.Execute.timeout = 30
c.VerdictsDesTestsCaches.delai_cellule = 10
c.VerdictsDesTestsCaches.delai_question = 30
"""

# ---------------------------------------------------------------- the answers a corrector meets
REPONSES_PARTIELLES = {
    "partie1_regles": {
        # one board of three wrong (pit 4's lap), the two others right: 2/3 of the points
        "q2_reponse": ("Q2_plateaux = {\n    2: [0, 0, 0, 1, 17, 5, 2, 1, 0, 1, 0, 1],\n"
                       "    4: [1, 1, 3, 1, 1, 7, 4, 0, 0, 0, 1, 2],\n"
                       "    5: [0, 0, 2, 0, 16, 0, 3, 2, 1, 2, 1, 1],\n}\nQ2_gains = {2: 0, 4: 8, 5: 0}\n"),
        # the "forbidden move" reading of the famine rule: the board does not change
        "q3_reponse": ("Q3_situation1 = {\"plateau\": [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0], \"gain\": 0}\n"
                       "Q3_situation2 = {\"plateau\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], \"gain\": 10}\n"),
    },
    "partie2_structure": {
        "q7_copie": "from copy import deepcopy as dupliquer\n\ndef copie(jeu):\n    return dupliquer(jeu)\n",
        # forgets to skip the origin pit when the sowing laps round
        "q8_deplacer_graines": ("def deplacer_graines(plateau, case):\n    graines = plateau[case]\n"
                                "    plateau[case] = 0\n    i = case\n    while graines > 0:\n"
                                "        i = (i + 1) % 12\n        plateau[i] += 1\n        graines -= 1\n"
                                "    return i\n"),
        # right, but a loop where the exam asks for recursion
        "q10_ramasser_graines": ("def ramasser_graines(plateau, case):\n    total = 0\n"
                                 "    while case >= 6 and plateau[case] in (2, 3):\n"
                                 "        total += plateau[case]\n        plateau[case] = 0\n        case -= 1\n"
                                 "    return total\n"),
    },
    "partie3_ia": {
        # right, built on what the notebook supplies (tour_jeu on a copy)
        "q17_gain": ("def gain(jeu, case):\n    nouveau = copie(jeu)\n"
                     "    joueur = 0 if tour_joueur1(jeu) else 1\n    avant = nouveau['score'][joueur]\n"
                     "    tour_jeu(nouveau, case)\n    return nouveau['score'][joueur] - avant, nouveau\n"),
        # max reached by a helper under a computed name: the source check follows the helper and refuses the
        # computed getattr (the run-time trap would also catch the call)
        "q20_max_vals": ("import builtins\n\ndef _meilleure(valeurs):\n"
                         "    return getattr(builtins, 'm' + 'ax')(valeurs)\n\n"
                         "def max_vals(vals_jeu, profondeur):\n"
                         "    meilleure = _meilleure([v for _, v in vals_jeu])\n    if profondeur == 0:\n"
                         "        for case, v in vals_jeu:\n            if v == meilleure:\n"
                         "                return case\n    return meilleure\n"),
        # affiche takes a board: the real one fails on the whole game
        "q21_awale_ia": ("def awale_ia(nom_joueur1, nom_joueur2):\n"
                         "    jeu = initialisation(nom_joueur1, nom_joueur2)\n    jeu_continue = True\n"
                         "    while jeu_continue:\n        affiche(jeu)\n"
                         "        case_choisie = NegaAwale(jeu, 6, 0)\n"
                         "        jeu_continue = tour_jeu(jeu, case_choisie)\n    return gagnant(jeu)\n"),
    },
}
ATTENDU_PARTIEL = {  # autograded cell -> points; every other autograded cell: full marks
    "q2_tests_plateaux": 2 * 2 / 3,
    "q7_tests": 0.0,
    "q8_tests": 1.0,    # plain sowing right; the lap and the returned pit wrong
    "q10_tests": 2.0,   # the chain and the stop right; recursion missing
    "q20_tests": 0.0,
    "q21_tests": 0.0,
}


def _copie(release: nbformat.NotebookNode, source: nbformat.NotebookNode, remplacements: dict[str, str]):
    """The release with every solution cell answered by the course's solution, except ``remplacements``."""
    nb, reponses = copy.deepcopy(release), solutions(source)
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution"):
            cell.source = remplacements.get(meta["grade_id"], reponses[meta["grade_id"]])
    return nb


def _copie_othello(racine: Path) -> nbformat.NotebookNode:
    """One Othello student: Q3 right, Q9 the key's (``p[h][h]``, :data:`Q9_DU_CORRIGE`), nothing else."""
    source = notebook_source("othello", racine)
    copie = nbformat.read(racine / "release" / "othello" / "othello.ipynb", as_version=4)
    for cell in copie.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if gid in ("q3_score", "q9_est_direction_possible"):
            cell.source = solutions(source)[gid] if gid == "q3_score" else Q9_DU_CORRIGE
    return copie


@pytest.fixture(scope="module")
def classe(tmp_path_factory):
    """The class of :data:`DEVOIRS` (``modele``, ``partiel``) and the Othello student (``partiel``), graded and
    given feedback by one ``nbgrader autograde`` and one ``generate_feedback`` for every assignment."""
    racine = tmp_path_factory.mktemp("cours_verdicts")
    preparer_cours(racine, (*DEVOIRS, "othello"), LIMITES_DE_TEST)
    for devoir in DEVOIRS:
        source = notebook_source(devoir, racine)
        release = nbformat.read(racine / "release" / devoir / f"{devoir}.ipynb", as_version=4)
        for eleve, remplacements in (("modele", {}), ("partiel", REPONSES_PARTIELLES[devoir])):
            dossier = racine / "submitted" / eleve / devoir
            dossier.mkdir(parents=True)
            nbformat.write(_copie(release, source, remplacements), dossier / f"{devoir}.ipynb")
    (racine / "submitted" / "partiel" / "othello").mkdir(parents=True)
    nbformat.write(_copie_othello(racine), racine / "submitted" / "partiel" / "othello" / "othello.ipynb")
    # nbgrader reads the assignment id as a pattern of submitted/<student>/: "*" is every assignment
    fin = nbgrader("autograde", "*", "--log-level=INFO", racine=racine, check=False, capture=True)
    assert fin.returncode == 0, fin.stdout + fin.stderr
    assert {p.relative_to(racine / "autograded").as_posix() for p in racine.glob("autograded/*/*")} == {
        *(f"{e}/{d}" for e in ("modele", "partiel") for d in DEVOIRS), "partiel/othello"}
    nbgrader("generate_feedback", "*", racine=racine, capture=True)
    scores = {}
    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        for devoir in DEVOIRS:
            for eleve in ("modele", "partiel"):
                sub = gb.find_submission_notebook(devoir, devoir, eleve)
                for g in sub.grades:
                    if g.cell.cell_type == "code":
                        scores[(eleve, g.name)] = (g.auto_score, g.max_score)
    return racine, scores, fin.stdout + fin.stderr


def _sorties(racine: Path, eleve: str, devoir: str, grade_id: str) -> str:
    nb = nbformat.read(racine / "autograded" / eleve / devoir / f"{devoir}.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)
    morceaux = []
    for o in cell.outputs:
        morceaux += [o.get("text", ""), o.get("evalue", ""), *o.get("data", {}).values()]
    return "\n".join(str(m) for m in morceaux)


def _feedback(racine: Path, eleve: str, devoir: str) -> str:
    return (racine / "feedback" / eleve / devoir / f"{devoir}.html").read_text(encoding="utf-8")


def test_the_model_student_gets_every_automatic_point(classe):
    _, scores, _ = classe
    manques = {k: v for k, v in scores.items() if k[0] == "modele" and v[0] != v[1]}
    assert not manques


def test_points_are_those_a_human_corrector_gives(classe):
    _, scores, _ = classe
    for (eleve, cellule), (obtenu, maximum) in scores.items():
        if eleve != "partiel":
            continue
        attendu = ATTENDU_PARTIEL.get(cellule, maximum)
        assert obtenu == pytest.approx(attendu, abs=0.01), (cellule, obtenu, attendu)


def test_the_other_reading_of_the_famine_rule_is_accepted_and_named(classe):
    racine, scores, _ = classe
    assert scores[("partiel", "q3_tests_situation1")] == (1.0, 1.0)
    assert "coup interdit" in _sorties(racine, "partiel", "partie1_regles", "q3_tests_situation1")


def test_partial_credit_names_the_rule_families_and_shows_the_smallest_failing_board(classe):
    racine, _, _ = classe
    sorties = _sorties(racine, "partiel", "partie2_structure", "q8_tests")
    assert "✔ semis sans faire le tour du plateau" in sorties
    assert "✘ tour complet : la case de départ est sautée" in sorties
    juge = sorties[sorties.index("✘ Correction"):]  # the judge's outputs, after the kernel's (information)
    appel = re.search(r"Pour le reproduire : deplacer_graines\((\[[\d, ]+\]), (\d+)\)", juge)
    assert appel, juge
    plateau, case = eval(appel.group(1)), int(appel.group(2))
    # shrunk from a crowded corpus board to the smallest lap: 12 seeds in the pit played, nothing else
    assert plateau[case] == 12 and sum(plateau) == 12, (plateau, case)
    assert "joueur qui joue" in sorties  # the board drawn as text in the notebook
    recursion = _sorties(racine, "partiel", "partie2_structure", "q10_tests")
    assert "✘ récursivité" in recursion and "doit être récursive" in recursion


def test_constraints_are_enforced_on_behaviour_whatever_the_name(classe):
    racine, _, _ = classe
    q7 = _sorties(racine, "partiel", "partie2_structure", "q7_tests")
    assert "deepcopy" in q7 and "dupliquer" in q7
    q20 = _sorties(racine, "partiel", "partie3_ia", "q20_tests")
    assert "introspection (getattr avec un nom calculé, dans _meilleure, cellule de code" in q20
    assert "ligne 4 : « return getattr(builtins, 'm' + 'ax')(valeurs) »" in q20


def test_a_stand_in_is_as_strict_as_the_real_function(classe):
    racine, _, _ = classe
    q21 = _sorties(racine, "partiel", "partie3_ia", "q21_tests")
    assert "TypeError" in q21


def test_the_feedback_shows_the_drawn_board_and_never_the_hidden_tests(classe):
    racine, _, _ = classe
    for eleve in ("modele", "partiel"):
        for devoir in DEVOIRS:
            page = _feedback(racine, eleve, devoir)
            assert "HIDDEN TESTS" not in page and "corriger(" not in page, (eleve, devoir)
            assert "awale_ref/grading" not in page and "__tracebackhide__" not in page
    page = _feedback(racine, "partiel", "partie2_structure")
    assert 'class="awale-plateau"' in page and "Pour le reproduire" in page
    assert "✘ tour complet" in page  # the hidden verdict's message stays


def test_one_verdict_per_test_cell_the_judges(classe):
    """The kernel's visible tests judged the statement's examples alone: none of their verdicts is kept."""
    racine, _, _ = classe
    for devoir in DEVOIRS:
        nb = nbformat.read(racine / "autograded" / "partiel" / devoir / f"{devoir}.ipynb", as_version=4)
        for cell in nb.cells:
            if not cell.metadata.get("nbgrader", {}).get("grade") or cell.cell_type != "code":
                continue
            texte = "\n".join(str(o.get("text", "")) + str(o.get("ename", "")) + str(o.get("evalue", ""))
                              for o in cell.outputs)
            assert "Dans votre noyau" not in texte and "Tests cachés de" not in texte, texte
            assert texte.count("Correction") >= 1 and not re.search(r"(?m)^✔ (?!Correction)", texte), texte
            assert sum(o.get("output_type") == "error" for o in cell.outputs) <= 1
    page = _feedback(racine, "partiel", "partie2_structure")
    assert "Dans votre noyau" not in page


ARTEFACTS = Path(os.environ.get("AWALE_ARTIFACTS") or RACINE / "build" / "artefacts")  # ignored by git


@contextlib.contextmanager
def _onglet(page: Path):
    """A Chromium tab (900 × 1000) on the feedback page ``page``."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    with chromium() as navigateur:
        onglet = navigateur.new_page(viewport={"width": 900, "height": 1000})
        onglet.goto(page.as_uri())
        yield onglet


def test_the_feedback_page_draws_the_board_in_a_browser(classe):
    """Opened in Chromium: the board is a real table with the seeds where they belong, no tag is shown as
    text, and the verdict's long lines wrap inside the page (screenshot in ``build/artefacts/``)."""
    racine, _, _ = classe
    juge = _sorties(racine, "partiel", "partie2_structure", "q8_tests")
    appel = re.search(r"Pour le reproduire : deplacer_graines\((\[[\d, ]+\]), (\d+)\)", juge)
    plateau = eval(appel.group(1))
    with _onglet(racine / "feedback" / "partiel" / "partie2_structure" / "partie2_structure.html") as onglet:
        table = onglet.locator("table.awale-plateau").first
        table.scroll_into_view_if_needed()
        lignes = table.evaluate("t => [...t.rows].map(r => [...r.cells].map(c => c.innerText.trim()))")
        assert lignes[0][:6] == [str(i) for i in range(11, 5, -1)]       # pit numbers above
        assert lignes[1][:6] == [str(g) for g in plateau[11:5:-1]]        # the opponent's seeds, 11 to 6
        assert lignes[2][:6] == [str(g) for g in plateau[0:6]]            # the mover's seeds, 0 to 5
        assert lignes[3][:6] == [str(i) for i in range(6)]                # pit numbers below
        cellule = table.locator("tbody td").first.bounding_box()
        assert cellule["width"] > 20 and cellule["height"] > 20           # drawn as boxes, not run together
        texte = onglet.evaluate("() => document.body.innerText")
        balises = re.findall(r"</?(?:p|th|td|tr|thead|tbody|tfoot|table|div|strong|code)\b[^>]*>", texte)
        assert not balises, balises[:5]                                   # no markup shown as text
        trop_larges = onglet.evaluate("""() => [...document.querySelectorAll('.output_area pre')]
            .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText.slice(0, 80))""")
        assert not trop_larges                                            # long verdict lines wrap
        verdict = onglet.locator(".output_error pre", has_text="Correction").first
        assert verdict.evaluate("e => getComputedStyle(e).whiteSpace") == "pre-wrap"
        onglet.locator("div.awale-contre-exemple").first.screenshot(path=str(ARTEFACTS / "retour_plateau_q8.png"))
        onglet.locator("div.output_area", has_text="tour complet").first.screenshot(
            path=str(ARTEFACTS / "retour_verdict_q8.png"))
    assert (ARTEFACTS / "retour_plateau_q8.png").stat().st_size > 1000


# ---------------------------------------------------------------- Othello's failing board
Q9_DU_CORRIGE = ("def est_direction_possible(p, c, d, j):\n    h, k = deplacer(c, d)\n"  # the key's p[h][h]
                 "    if not (0 <= h < 8 and 0 <= k < 8) or p[h][h] != -j:\n        return False\n"
                 "    while 0 <= h < 8 and 0 <= k < 8 and p[h][h] == -j:\n        h, k = deplacer((h, k), d)\n"
                 "    return 0 <= h < 8 and 0 <= k < 8 and p[h][k] == j\n")


@pytest.fixture(scope="module")
def retour_othello(classe) -> Path:
    """The Othello student (:func:`_copie_othello`) of the class, graded and given feedback."""
    return classe[0]


def test_the_othello_feedback_draws_its_failing_board_styled_in_a_browser(retour_othello):
    """Opened in Chromium: Othello's smallest failing board (Q9, the key's p[h][h]) is a styled table, each disc
    in its cell with its colour on the green board, the coordinates around it, the cell played (``c``) framed;
    it is drawn once, no PNG of the same board after it (screenshot in ``build/artefacts/``)."""
    juge = _sorties(retour_othello, "partiel", "othello", "q9_tests")
    appel = re.search(r"Pour le reproduire : est_direction_possible\((\[\[[-\d, \[\]]+\]\]), \((\d), (\d)\), ",
                      juge)
    plateau, joue = eval(appel.group(1)), (int(appel.group(2)), int(appel.group(3)))
    assert "image/png" not in _sorties(retour_othello, "partiel", "othello", "q9_tests")
    with _onglet(retour_othello / "feedback" / "partiel" / "othello" / "othello.html") as onglet:
        # Q9's drawing: the one whose legend names its cell (other questions draw boards too)
        dessin = onglet.locator("div.othello-contre-exemple", has_text=f"la case jouée, {joue}, est encadrée").first
        table = dessin.locator("table.othello-plateau")
        table.scroll_into_view_if_needed()
        lignes = table.evaluate("t => [...t.rows].map(r => [...r.cells].map(c => c.innerText.trim()))")
        assert lignes[0] == ["x \\ y"] + [str(y) for y in range(8)]  # the columns y across the top
        symboles = {0: "·", 1: "●", -1: "○"}
        assert lignes[1:] == [[str(x)] + [symboles[v] for v in ligne] for x, ligne in enumerate(plateau)]
        style = table.evaluate("""t => [...t.querySelectorAll('tbody td')].map(c => {
            const s = getComputedStyle(c), b = c.getBoundingClientRect();
            return [c.className, s.backgroundColor, s.color, b.width, b.height]; })""")
        couleurs = {"othello-noir": "rgb(17, 17, 17)", "othello-blanc": "rgb(250, 250, 250)",
                    "othello-vide": "rgb(102, 187, 106)"}
        assert len(style) == 64 and {c.split()[0] for c, *_ in style} >= {"othello-vide", "othello-noir"}
        for classe, fond, couleur, largeur, hauteur in style:
            assert fond == "rgb(46, 125, 50)" and couleur == couleurs[classe.split()[0]]  # the board, the discs
            assert largeur > 20 and hauteur > 20  # drawn as boxes, not run together
        jouees = [i for i, (classe, *_) in enumerate(style) if "othello-joue" in classe.split()]
        assert jouees == [8 * joue[0] + joue[1]]  # the cell played, framed
        cadre = table.locator("td.othello-joue").evaluate("c => getComputedStyle(c).boxShadow")
        assert "241, 194, 50" in cadre, cadre
        assert "la case jouée, " + str(joue) + ", est encadrée" in table.locator("xpath=..").inner_text()
        sortie = onglet.locator("div.output_area", has=onglet.locator("div.othello-contre-exemple")).first
        assert sortie.locator("xpath=..").locator("img").count() == 0  # one drawing: no PNG of the same board
        onglet.locator("div.othello-contre-exemple").first.screenshot(path=str(ARTEFACTS / "retour_othello_q9.png"))
    assert (ARTEFACTS / "retour_othello_q9.png").stat().st_size > 1000
