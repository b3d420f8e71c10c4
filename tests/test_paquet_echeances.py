"""What the students' environment holds depends on the deadlines (pipeline.paquet_eleve, ``fermes``).

Before an assignment's due date no shipped function answers any of its graded functions (each shipped function
is run on their hidden cases, in a process with the distribution alone); the shipped files pasted as answers
earn nothing from the judge; the boards, the tree and the AI play the student's own functions and say in French
which one is missing.  After the due date (``fermes``) its functions come back.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from awale_ref.grading.correcteur import juge
from outils import essais_hors_du_processus, paquet_construit
from pipeline import paquet_eleve
from pipeline.autograde.structure import questions_cachees
from pipeline.build import RACINE, sujet_de
from tests.hostile import coller_le_paquet

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

PARTIE2 = frozenset({"partie1_regles", "partie2_structure"})
FERMES = PARTIE2 | {"olympiades_awale"}
"""Parts I and II and the lycée awalé (whose sowing is the CCINP's deplacer_graines: open, it keeps it out)."""


@pytest.fixture(scope="module")
def ouvert() -> Path:
    """The distribution with every assignment open (the default): the one the grading kernel runs on
    (``paquet_noyau.paquet_de_correction``, built once per version of the course), built, when it is missing,
    with the tries of the shipped functions forbidden in this process (``outils.essais_hors_du_processus``)."""
    from pipeline.autograde import paquet_noyau

    with essais_hors_du_processus():
        return paquet_noyau.paquet_de_correction()


@pytest.fixture(scope="module")
def partie2_fermee(tmp_path_factory) -> Path:
    """The distribution once Parts I and II and the lycée awalé are closed."""
    return paquet_construit(tmp_path_factory, FERMES)


def test_with_every_assignment_open_no_shipped_function_answers_a_graded_question(ouvert):
    assert paquet_eleve.reponses_du_paquet(ouvert) == {}
    # the engine's moves and search are not shipped: only what the boards read (positions, constants)
    moteur = (ouvert / "awale_ref" / "engine.py").read_text(encoding="utf-8")
    for nom in ("def play(", "def legal_moves(", "def negamax(", "def sowing_order(", "class Searcher", "_SOWINGS ="):
        assert nom not in moteur, nom
    assert "def to_jeu(" in moteur and "def initial_position(" in moteur


@pytest.mark.parametrize("module", ["awale_ref.sujets.ccinp_2024.exam", "awale_ref.sujets.olympiades_2025_awale.awale_lycee"])
def test_a_working_test_famine_is_told_from_a_constant_though_nearly_every_case_is_true(module):
    # 3,454 of Q11's 3,473 cases are True: the cases tried hold the rare answers too, so a constant is refused
    import importlib

    from pipeline import essai_paquet

    reference = importlib.import_module(module)
    charge = paquet_eleve.charges({k: v for k, v in paquet_eleve.notes_ouvertes(frozenset()).items()
                                   if k == (module, "test_famine")})[f"{module}.test_famine"]
    assert len({attendu for _, attendu in charge["cas"]}) == 2
    assert essai_paquet.repond(charge, reference.test_famine)
    assert not essai_paquet.repond(dict(charge), lambda plateau, case: True)
    assert not essai_paquet.repond(dict(charge), lambda plateau, case: False)


def test_a_closed_assignments_functions_come_back_and_only_them(partie2_fermee):
    # with every graded function sought: only those of the closed assignments are answered
    reponses = paquet_eleve.reponses_du_paquet(partie2_fermee)
    closes = {f"{m}.{n}" for (m, n) in paquet_eleve.notes_ouvertes(frozenset())} - {
        f"{m}.{n}" for (m, n) in paquet_eleve.notes_ouvertes(FERMES)}
    assert "awale_ref.sujets.ccinp_2024.exam.deplacer_graines" in reponses["awale_ref.fonctions_moteur.deplacer_graines"]
    assert {n for notes in reponses.values() for n in notes} <= closes, reponses
    # so nothing answers the open ones (what reponses_du_paquet(partie2_fermee, FERMES) would try again): their
    # cases are among those just tried, each graded function tried on its own
    ouvertes = paquet_eleve.charges(paquet_eleve.notes_ouvertes(FERMES))
    assert ouvertes and ouvertes.items() <= paquet_eleve.charges(paquet_eleve.notes_ouvertes(frozenset())).items()
    texte = (partie2_fermee / "awale_ref" / "fonctions_moteur.py").read_text(encoding="utf-8")
    assert "NegaAwale = _a_la_place_de('NegaAwale', 'Q19 de partie3_ia', __name__)" in texte


def _questions(assignment: str) -> list[tuple[str, str]]:
    source = nbformat.read(RACINE / "source" / assignment / f"{assignment}.ipynb", as_version=4)
    return [qe for c in source.cells if c.cell_type == "code" for qe in questions_cachees(c.source)]


def _points(paquet: Path) -> float:
    """The share of points the pasted files earn on partie2_structure and partie3_ia (judge, sandbox on)."""
    total = 0.0
    for assignment in ("partie2_structure", "partie3_ia"):
        cellules = coller_le_paquet(paquet)
        etapes = [juge.CelluleDeCode(i, c) for i, c in enumerate(cellules)]
        etapes.append(juge.CelluleDeCode(len(cellules), questions=_questions(assignment)))
        verdicts = juge.juger_notebook(etapes, sujet=sujet_de(assignment))
        total += sum(r.part for r in verdicts.values())
    return total


def test_the_shipped_files_pasted_as_answers_earn_nothing_while_the_assignments_are_open(ouvert, tmp_path_factory):
    # the same attack on the files the distribution shipped before the deadlines counted (every assignment
    # closed: the working versions, tests/test_paquet_eleve.py's build) earns points; on today's distribution, nothing
    assert _points(paquet_construit(tmp_path_factory, paquet_eleve.ASSIGNMENTS)) >= 10
    assert _points(ouvert) == 0


_JOUER = """
from awale_ref import tree
from awale_ref.widget.partie import Partie
from awale_ref.widget.regles import ErreurEleve
try:
    Partie(position=[0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]).coup_ia(2)
except Exception as e:
    print("MANQUE", e)
"""


def _lancer(paquet: Path, code: str) -> str:
    fin = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": str(paquet)},
                         capture_output=True, text=True, cwd=paquet, timeout=300)
    assert fin.returncode == 0, fin.stderr
    return fin.stdout


def _solutions(assignment: str) -> str:
    source = nbformat.read(RACINE / "source" / assignment / f"{assignment}.ipynb", as_version=4)
    return "\n".join(re.sub(r"^[ \t]*### (BEGIN|END) SOLUTION\n", "", c.source, flags=re.M) for c in source.cells
                     if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("solution"))


def test_the_board_the_tree_and_the_ai_play_the_students_functions_and_name_a_missing_one(ouvert):
    from awale_ref.sujets.ccinp_2024 import exam

    sortie = _lancer(ouvert, _JOUER)
    assert re.search(r"MANQUE .*la fonction \w+ n'est pas encore définie : écrivez-la dans votre notebook", sortie), sortie
    # with the student's functions (here the instructor's answers) defined in the notebook, the board, the AI
    # and the Q18 tree play them
    code = (_solutions("partie2_structure") + "\n" + _solutions("partie3_ia") + "\n" + _JOUER.replace(
        "except Exception", "    print('IA', Partie(position=[0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]).coup_ia(2)[0])\n"
        "    racine = tree.arbre_negamax(Partie().jeu, 2)\n    print('ARBRE', racine.valeur)\nexcept Exception"))
    sortie = _lancer(ouvert, code)
    jeu = {"joueur1": "Alice", "joueur2": "Bob", "score": [0, 0], "n": 0, "plateau": [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}
    assert f"IA {exam.NegaAwale(exam.copie(jeu), 2, 0)}" in sortie and "ARBRE" in sortie and "MANQUE" not in sortie, sortie


def test_the_closed_assignments_come_from_the_gradebooks_due_dates_or_the_option(tmp_path, capsys, monkeypatch):
    import datetime

    from nbgrader.api import Gradebook

    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")  # its alembic
    url = f"sqlite:///{tmp_path / 'gradebook.db'}"
    maintenant = datetime.datetime(2026, 3, 1, 12, 0)
    with Gradebook(url) as gb:
        gb.add_assignment("partie2_structure", duedate=maintenant - datetime.timedelta(hours=1))
        gb.add_assignment("partie3_ia", duedate=maintenant + datetime.timedelta(hours=1))
        gb.add_assignment("othello")  # no due date: open
    assert paquet_eleve.devoirs_fermes_du_carnet(url, maintenant) == {"partie2_structure"}
    assert paquet_eleve.fermes_par_defaut(f"sqlite:///{tmp_path / 'absent.db'}") == frozenset()
    assert paquet_eleve.lire_fermes("partie2_structure, partie1_regles") == PARTIE2
    with pytest.raises(SystemExit):
        paquet_eleve.main([str(tmp_path / "x"), "--paquet-seul", "--fermes", "partie9"])
    assert "unknown assignments ['partie9']" in capsys.readouterr().err


def test_a_shipped_function_that_waits_is_stopped_though_it_uses_no_cpu(monkeypatch):
    """The tries' limit is CPU time (a loaded machine cannot make a working version look too slow); a function
    that waits (a sleep, the keyboard) uses none, and is stopped by the wall-clock limit instead."""
    import time

    from pipeline import essai_paquet

    monkeypatch.setattr(essai_paquet, "ATTENTE_MAX_S", 0.5)
    charge = {"observation": "renvoie", "fonctions": [], "cas": []}
    debut = time.monotonic()
    assert essai_paquet.observation(charge, lambda x: time.sleep(30), (1,)) == essai_paquet.TROP_LONG
    assert time.monotonic() - debut < 20
    assert essai_paquet.observation(charge, lambda x: x + 1, (1,)) == '{"renvoie": 2}'
