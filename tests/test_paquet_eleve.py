"""The student distribution of the class server (pipeline.paquet_eleve): nothing in it holds an answer, and
the graded notebooks' visible tests run with it alone.

What must be absent is derived from the subjects and the course, never listed here: the reference of every
graded function (``Sujet.nom_note``), every solution and every hidden-test block of ``source/``, every
expected value of a structured answer.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from awale_ref.grading.executant import messages
from outils import paquet_construit
from pipeline import paquet_eleve
from pipeline.build import ASSIGNMENTS, RACINE
from pipeline.client_noyau import ClientNotebook

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

_SOLUTION = re.compile(r"### BEGIN SOLUTION\n(.*?)### END SOLUTION", re.S)
_CACHES = re.compile(r"### BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", re.S)


@pytest.fixture(scope="module")
def paquet(tmp_path_factory) -> Path:
    # every assignment closed: the working versions of the graded functions (what the boards and Part III
    # play with once the deadlines are past; tests/test_paquet_echeances.py checks the open ones, and shares this
    # build)
    return paquet_construit(tmp_path_factory, ASSIGNMENTS)


def _fichiers(paquet: Path) -> dict[Path, str]:
    return {f: f.read_text(encoding="utf-8") for f in paquet.rglob("*") if f.is_file() and f.suffix in (".py", ".json",
                                                                                                        ".toml")}


def _corps(noeud: ast.FunctionDef) -> str:
    corps = noeud.body[1:] if ast.get_docstring(noeud) is not None else noeud.body
    return ast.dump(ast.Module(corps, []))


def test_no_graded_function_of_any_subject_is_defined_in_the_distribution(paquet):
    import importlib
    import inspect

    references = {}
    for sujet in paquet_eleve.sujets().values():
        module = importlib.import_module(sujet.module_reference)
        for nom in paquet_eleve.noms_notes(sujet):
            references[_corps(ast.parse(inspect.getsource(getattr(module, nom))).body[0])] = f"{module.__name__}.{nom}"
    assert len(references) >= 40  # both subjects: every graded function, one body each
    noms = {r.rsplit(".", 1)[1] for r in references.values()}
    for fichier, texte in _fichiers(paquet).items():
        if fichier.suffix != ".py":
            continue
        for noeud in ast.walk(ast.parse(texte)):
            if isinstance(noeud, ast.FunctionDef):
                assert _corps(noeud) not in references, f"{fichier}: {noeud.name} is {references[_corps(noeud)]}"
        if fichier.parent.name in ("awale_ref", "olympiades") and fichier.stem in ("exam", "awale_lycee", "images"):
            definies = {n.name for n in ast.parse(texte).body if isinstance(n, ast.FunctionDef)}
            assert not definies & noms, f"{fichier}: {sorted(definies & noms)}"


def _montre() -> str:
    """Everything the release notebooks show the students."""
    return "\n".join(c.source for a in ASSIGNMENTS
                     for c in nbformat.read(RACINE / "release" / a / f"{a}.ipynb", as_version=4).cells)


def _blocs(motif: re.Pattern) -> list[str]:
    """The lines of the solution (or hidden-test) blocks of ``source/`` that no release notebook shows (the
    exam's given code, such as ``awale_jcj`` that Q21 modifies, is the students' anyway)."""
    blocs = []
    montre = _montre()
    for assignment in ASSIGNMENTS:
        source = nbformat.read(RACINE / "source" / assignment / f"{assignment}.ipynb", as_version=4)
        for cell in source.cells:
            for bloc in motif.findall(cell.source):
                blocs += [ligne.strip() for ligne in bloc.splitlines()
                          if len(ligne.strip()) >= 25 and ligne.strip() not in montre]
    return blocs


@pytest.mark.parametrize("motif", [_SOLUTION, _CACHES], ids=["solutions", "hidden tests"])
def test_no_line_of_a_solution_or_of_a_hidden_test_is_in_the_distribution(paquet, motif):
    lignes = set(_blocs(motif))
    assert len(lignes) > 20
    for fichier, texte in _fichiers(paquet).items():
        presentes = sorted(lignes & {ligne.strip() for ligne in texte.splitlines()})
        assert not presentes, f"{fichier}: {presentes[:3]}"


def test_no_expected_answer_of_a_reasoning_question_is_in_the_distribution(paquet):
    attendus, montre = [], _montre()
    for sujet in paquet_eleve.sujets().values():
        for question, (_, attendu, *_) in sujet.reponses.items():
            valeur = attendu()
            # a dict answer: as a whole, and each of its values but the labels (Q15's situations are named in the
            # format check's message: which test is which is the answer)
            textes = [valeur, *(v for v in valeur.values() if not isinstance(v, str))] if isinstance(
                valeur, dict) else [valeur]
            attendus += [(question, repr(t)) for t in textes if len(repr(t)) >= 12 and repr(t) not in montre]
    assert len(attendus) > 8
    tout = "\n".join(_fichiers(paquet).values())
    for question, texte in attendus:
        assert texte not in tout, f"{question}: {texte[:80]}"
    assert not (paquet / "awale_ref" / "sujets" / "ccinp_2024" / "library.py").exists()
    # of the answers module, only the statement's data a notebook imports (the Q18 position and where it comes from)
    assert paquet_eleve.modules_de_donnees() == ("awale_ref.sujets.ccinp_2024.facts",)
    donnees = {c for n in ast.parse((paquet / "awale_ref" / "sujets" / "ccinp_2024" / "facts.py").read_text()).body
               if isinstance(n, ast.Assign) for c in paquet_eleve._cibles(n)}
    assert donnees == paquet_eleve.donnees_importees("awale_ref.sujets.ccinp_2024.facts") == {"Q18_JEU",
                                                                                            "NOTE_RECONSTRUCTION"}


def _avec_les_solutions(assignment: str) -> nbformat.NotebookNode:
    """The release notebook, each answer cell replaced by the instructor's (source/)."""
    source = nbformat.read(RACINE / "source" / assignment / f"{assignment}.ipynb", as_version=4)
    solutions = {c.metadata["nbgrader"]["grade_id"]: c.source for c in source.cells
                 if c.metadata.get("nbgrader", {}).get("solution")}
    release = nbformat.read(RACINE / "release" / assignment / f"{assignment}.ipynb", as_version=4)
    for cell in release.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if gid in solutions and cell.cell_type == "code":
            cell.source = re.sub(r"^[ \t]*### (BEGIN|END) SOLUTION\n", "", solutions[gid], flags=re.M)
    return release


def _executer(nb: nbformat.NotebookNode, paquet: Path, dossier: Path) -> nbformat.NotebookNode:
    """Run a notebook with the student distribution first on the path (and a check that it is the one used)."""
    nb.cells.insert(0, nbformat.v4.new_code_cell(
        "import awale_ref, pathlib\n"
        f"assert pathlib.Path(awale_ref.__file__).is_relative_to({str(paquet)!r}), awale_ref.__file__"))
    env = {**os.environ, "PYTHONPATH": str(paquet), "MPLBACKEND": "Agg"}
    client = ClientNotebook(nb, dossier, timeout=120)
    client.km = client.create_kernel_manager()
    client.start_new_kernel(env=env)
    with client.setup_kernel(env=env):
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
    return nb


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_instructors_answers_pass_every_visible_test_with_the_distribution_alone(paquet, assignment, tmp_path):
    nb = _executer(_avec_les_solutions(assignment), paquet, tmp_path)
    tests = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")
             and c.cell_type == "code"]
    assert tests
    for cell in tests:
        texte = "".join(o.get("text", "") for o in cell.outputs)
        assert "✔" in texte and not any(o.output_type == "error" for o in cell.outputs), (
            cell.metadata["nbgrader"]["grade_id"], cell.outputs)


def test_a_wrong_answer_fails_its_visible_test_with_the_example(paquet, tmp_path):
    nb = _avec_les_solutions("partie2_structure")
    q8 = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q8_deplacer_graines")
    q8.source = "def deplacer_graines(plateau, case):\n    plateau[case] = 0\n    return case\n"
    _executer(nb, paquet, tmp_path)  # test cells are tagged raises-exception: "Run all" goes on
    tests = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q8_tests")
    erreur = next(o for o in tests.outputs if o.output_type == "error")
    message = "\n".join([erreur.evalue, *erreur.traceback])
    assert "Q8 — deplacer_graines" in message and "entrée  : deplacer_graines(plateau=[0, 0, 2, 0, 16" in message
    assert "attendu :" in message and "obtenu  :" in message
    # every example of the cell reported (not only the first), one verdict block
    assert "4 exemples sur 4 échouent" in message and "Exemple n° 4 — Q8" in message, message
    assert len([o for o in tests.outputs if o.output_type == "error"]) == 1


def _lancer(paquet: Path, code: str) -> subprocess.CompletedProcess:
    """Python code run with the student distribution alone (which must run to its end)."""
    fin = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": str(paquet)},
                         capture_output=True, text=True, cwd=paquet, timeout=120)
    assert fin.returncode == 0, fin.stderr
    return fin


def test_an_example_that_is_not_the_notebooks_is_refused(paquet):
    code = ("from awale_ref.sujets.ccinp_2024 import tester\n"
            "def case_ramassable(plateau, case):\n    return plateau[case] in (2, 3)\n"
            "tester('Q9', case_ramassable, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 8)\n"
            "try:\n    tester('Q9', case_ramassable, [0] * 12, 7)\nexcept AssertionError as e:\n    print(e)\n")
    fin = _lancer(paquet, code)
    assert "✔ case_ramassable" in fin.stdout and "pas un de ceux du notebook" in fin.stdout


def test_where_several_answers_are_accepted_a_wrong_one_fails_and_another_accepted_one_passes(paquet):
    """Several answers admitted: the CCINP's Q16 (its specs module is shipped) and the Olympiades' Q10 and Q13
    (their acceptance copied, it holds no reference): a wrong answer fails its visible example, an answer that
    is not the reference's but that the subject accepts passes."""
    code = ("from awale_ref.sujets.ccinp_2024 import tester\n"
            "from awale_ref.sujets.olympiades_2025_awale import tester as tester_lycee\n"
            "def essayer(t, *args):\n    try:\n        t(*args)\n    except AssertionError as e:\n"
            "        print('ÉCHEC', e)\n"
            "def gagnant(jeu):\n    return jeu['joueur1']\n"
            "essayer(tester, 'Q16', gagnant, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [22, 23], 'n': 40, "
            "'plateau': [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]})\n"
            "essayer(tester_lycee, 'Q13', gagnant, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score_j1': 23, "
            "'score_j2': 23, 'nb_tours': 40, 'plateau': [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]})\n"
            "def cases_possibles(etat_jeu):\n"
            "    return [c for c in range(5, -1, -1) if etat_jeu['plateau'][c] > 0]\n")
    fin = _lancer(paquet, code)
    assert "ÉCHEC Q16 — gagnant" in fin.stdout and "ÉCHEC Q13 — gagnant" in fin.stdout, fin.stdout
    assert "jugée qu'à la correction" not in fin.stdout
    # Q10 of the lycée, « la liste des indices des cases acceptables »: any order is accepted (LECTURES), not a
    # missing pit (the notebook's first example)
    q10 = ("from awale_ref.sujets.olympiades_2025_awale.awale_lycee import initialisation\n"
           "essayer(tester_lycee, 'Q10', cases_possibles, initialisation('Alice', 'Bob'))\n")
    fin = _lancer(paquet, code + q10)
    assert "✔ cases_possibles" in fin.stdout and "ÉCHEC Q10" not in fin.stdout, fin.stdout
    fin = _lancer(paquet, code.replace("range(5, -1, -1)", "range(5, 0, -1)") + q10)
    assert "ÉCHEC Q10 — cases_possibles" in fin.stdout, fin.stdout


def test_images_q17_is_judged_in_the_students_environment_from_the_answers_the_build_accepted(paquet):
    """Images Q17 admits several cuts (ties between largest rectangles, « couleur » or « coul »); its acceptance
    calls the reference rectangle_max, so the build ships, for each of the notebook's examples, the answers it
    accepts (``exemple["acceptees"]``, judged with the reference): another accepted cut passes there, judged
    (no « jugée à la correction »), a wrong one fails."""
    donnees = json.loads((paquet / "awale_ref" / "data" / "visibles.json").read_text(encoding="utf-8"))
    q17 = donnees["awale_ref.sujets.olympiades_2025_images"]["fonctions"]["Q17"]
    assert q17["exemples"] and all(len(e["acceptees"]) > 1 for e in q17["exemples"].values())
    code = ("from awale_ref.sujets.olympiades_2025_images import tester\n"
            "def compression_rectangle(img):\n"
            "    return (2, 2, [{'pos': (0, 0), 'coul': 5, 'ha': 2, 'la': 1}, {'pos': (0, 1), 'coul': 5, 'ha': 1, "
            "'la': 1}, {'pos': (1, 1), 'couleur': 0, 'ha': 1, 'la': 1}])\n"
            "try:\n    tester('Q17', compression_rectangle, [[5, 5], [5, 0]])\n"
            "except AssertionError as e:\n    print('ÉCHEC', e)\n")
    fin = _lancer(paquet, code)  # the tall rectangle first (a tie of areas), keys spelt both ways: accepted
    assert "✔ compression_rectangle" in fin.stdout and "jugée qu'à la correction" not in fin.stdout, fin.stdout
    fin = _lancer(paquet, code.replace("'ha': 2, 'la': 1}, {'pos': (0, 1)", "'ha': 1, 'la': 1}, {'pos': (0, 1)"))
    assert "ÉCHEC Q17 — compression_rectangle" in fin.stdout, fin.stdout  # (0, 0) not a largest rectangle


def _cliquer(plateau: str, condition: str, cases: tuple[int, ...], autres: str = "") -> nbformat.NotebookNode:
    """A cell that builds the board ``vue`` (code ``plateau``), checks it is the widget and ``condition``, clicks
    Alice's ``cases`` from Python (the widget's buttons), the AI answering each, and prints the game as JSON
    (and the ``autres`` items of that dict)."""
    return nbformat.v4.new_code_cell(
        f"{plateau}\nimport json\nimport awale_ref.widget.vue as vue_module\n"
        f"assert isinstance(vue, vue_module.Plateau) and {condition}, vue\n"
        f"for case in {cases!r}:\n"
        "    vue.cases[case].bouton.click()  # Alice's pit, as a click in the page\n"
        "    vue.attendre(60)  # the animation, then the AI's answer\n"
        "print(json.dumps({'historique': [[j, c] for j, c in vue.partie.historique], 'jeu': vue.partie.jeu, "
        f"'message': vue.message.value, {autres}}}))")


def test_partie3_ia_plays_on_the_board_with_the_students_negaawale_in_the_students_environment(paquet, tmp_path):
    """Part III in the students' environment: its given functions, the Q18 tree and the board come from the engine
    (awale_ref.fonctions_moteur), the AI is the student's own NegaAwale; a few moves are played by clicking the
    board's pits from Python (the widget's buttons), the AI answering with the pit the exam's NegaAwale plays."""
    from awale_ref.sujets.ccinp_2024 import exam

    nb = _avec_les_solutions("partie3_ia")
    nb.cells.append(_cliquer("vue = Plateau(adversaire='joueur2', profondeur=3, vitesse=0, regles={'NegaAwale': NegaAwale})",
                             "not vue.partie.regles.est_reference('NegaAwale')", (2, 4)))
    nb = _executer(nb, paquet, tmp_path)
    assert not [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
    arbre = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q18_position")
    assert any("image/png" in o.get("data", {}) for o in arbre.outputs)  # the Q18 tree, drawn
    partie = json.loads(nb.cells[-1].outputs[-1]["text"])
    jeux = [jeu for jeu, _ in partie["historique"]] + [partie["jeu"]]
    assert [c for _, c in partie["historique"]][::2] == [2, 4] and partie["jeu"]["n"] == 4, partie
    for jeu, (_, case) in zip(jeux[1::2], partie["historique"][1::2]):
        assert case == exam.NegaAwale(exam.copie(jeu), 3, 0), (jeu, case)  # Bob, the AI, played the exam's pit
    for avant, apres, (_, case) in zip(jeux, jeux[1:], partie["historique"]):
        suite = exam.copie(avant)
        exam.tour_jeu(suite, case)
        assert suite == apres  # every move by the exam's rules


def test_the_lycee_board_plays_with_the_students_functions_in_the_students_environment(paquet, tmp_path):
    """The Olympiades' awalé in the students' environment: the lycée board is no note, its rules come from the
    engine (the subject's fonctions_moteur) and the student's functions, the notebook's own board cell builds
    it; a few moves are clicked from Python (the widget's buttons), the AI answering; every move is legal and
    played as the lycée reference plays it, and the lycée end rule holds (3 seeds left: the game goes on)."""
    from awale_ref.sujets.olympiades_2025_awale import awale_lycee
    from awale_ref.sujets.olympiades_2025_awale import plateau_awale as lycee

    nb = _avec_les_solutions("olympiades_awale")
    cellule = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "plateau_interactif")
    assert "\nPlateau(" in cellule.source and 'sujet="lycee"' in cellule.source
    nb.cells.append(_cliquer(
        cellule.source.replace("\nPlateau(", "\nvue = Plateau(adversaire='joueur2', profondeur=2, vitesse=0, ")
        + "\nfrom awale_ref.sujets.olympiades_2025_awale import plateau_awale as lycee"
        + "\nfrom awale_ref.widget import Partie", "vue.partie.regles.SUJET == 'lycee'", (2, 5),
        "'eleve': list(vue.partie.regles.eleve), 'fonctions': list(lycee.FONCTIONS_LYCEE), "
        "'trois': Partie(sujet='lycee', position=[1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0]).terminee"))
    nb = _executer(nb, paquet, tmp_path)
    assert not [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
    partie = json.loads(nb.cells[-1].outputs[-1]["text"])
    assert partie["fonctions"] == list(lycee.FONCTIONS_LYCEE)  # the same functions pluggable as in the full package
    assert set(partie["eleve"]) >= {"semer_graines", "test_famine", "tour_termine", "gagnant"}, partie["eleve"]
    assert partie["trois"] is False  # the lycée game goes on with 3 seeds left (the CCINP's would end)
    jeux = [jeu for jeu, _ in partie["historique"]] + [partie["jeu"]]
    assert [c for _, c in partie["historique"]][::2] == [2, 5] and partie["jeu"]["n"] == 4, partie
    for avant, apres, (_, case) in zip(jeux, jeux[1:], partie["historique"]):
        etat = awale_lycee.depuis_ccinp(avant)
        assert awale_lycee.test_case(etat["plateau"], case), (avant, case)  # a legal move by the lycée reference
        awale_lycee.tour_jeu(etat, case)
        assert awale_lycee.vers_ccinp(etat) == apres  # played as the lycée reference plays it


def test_othello_plays_its_board_and_draws_its_tree_in_the_students_environment(paquet, tmp_path):
    """Othello in the students' environment: its reduced reference takes the graded functions from the
    subject's bitboard engine (``moteur``, no reference body); the notebook's own board-and-tree cell runs with the
    student's ``ia_minmax_tp``, and a board against the reference's AI (the engine's) plays a few clicked moves
    and a whole AI-against-AI game: every move legal and played as the full reference plays it, every AI move
    the full reference's ``ia_minmax_tp`` choice."""
    from awale_ref.sujets.othello_epita_2024 import othello as o

    reduite = (paquet / "awale_ref" / "sujets" / "othello_epita_2024" / "othello.py").read_text(encoding="utf-8")
    assert "from awale_ref.sujets.othello_epita_2024.moteur import" in reduite
    nb = _avec_les_solutions("othello")
    cellule = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "arbre_et_plateau")
    nb.cells.append(nbformat.v4.new_code_cell(
        "import json\nfrom awale_ref.sujets.othello_epita_2024.plateau import PlateauOthello\n"
        "vue = PlateauOthello(adversaire='IA joue Blanc', profondeur=2, vitesse=0)\n"
        "for _ in range(2):  # Noir clicks its first playable cell, the AI answers\n"
        "    vue.cliquer(vue.partie.cases_jouables()[0]); vue.attendre()\n"
        "fin = PlateauOthello(adversaire='IA contre IA', profondeur=1, vitesse=0); fin.attendre()\n"
        "print(json.dumps({'contre': vue.partie.historique, 'fin': fin.partie.historique, 'p': fin.partie.p, "
        "'message': fin.message.value, 'ia': vue.ia.__module__}))"))
    nb = _executer(nb, paquet, tmp_path)
    assert not [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
    dessins = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "arbre_et_plateau")
    assert cellule.source == dessins.source and any("image/png" in s.get("data", {}) for s in dessins.outputs)
    partie = json.loads(nb.cells[-1].outputs[-1]["text"])
    assert partie["ia"].endswith("othello_epita_2024.moteur") and "Partie finie" in partie["message"]
    assert [j for j, _ in partie["contre"]] == [1, -1, 1, -1], partie
    for historique, n in ((partie["contre"], 2), (partie["fin"], 1)):
        p, ia = o.plateau_depart(), historique is partie["fin"]
        l = o.cases_frontieres_de(p)  # then kept up to date by cases_frontieres, as the board does
        for rang, (j, c) in enumerate(historique):
            if c is None:
                assert not o.cases_jouables(p, l, j)
                continue
            if ia or rang % 2:  # the AI's move: the full reference's choice
                assert tuple(c) == o.ia_minmax_tp(p, l, o.evaluation_positions, j, n, False)[0], (rang, c)
            assert tuple(c) in o.cases_jouables(p, l, j)
            p, l = o.poser_jeton(p, tuple(c), j), o.cases_frontieres(p, l, tuple(c))
        if ia:
            assert p == partie["p"] and not o.cases_jouables(p, o.cases_frontieres_de(p), 1)


_Q17 = """
import json
from awale_ref.grading.eleve.visibles import _donnees
from awale_ref.grading.executant import encodage
from awale_ref.sujets.ccinp_2024 import tester
d = next(s["fonctions"]["Q17"] for s in _donnees().values() if "Q17" in s["fonctions"])
args = encodage.decoder(json.loads(next(iter(d["exemples"]))))
def gain(jeu, case):
    return -1, jeu
try:
    tester("Q17", gain, *args)
except AssertionError as e:
    print(e)
"""


def test_the_package_names_the_observation_kind_and_the_subjects_words(paquet):
    """Each visible question carries its observation kind (``observation``) and its subject's words
    (``Spec.libelles``): Q17's pair is read in the CCINP's words on the students' side too."""
    from awale_ref.sujets.ccinp_2024 import specs as ccinp

    fichier = Path("awale_ref") / "data" / "visibles.json"
    q17 = next(s["fonctions"]["Q17"] for s in json.loads((paquet / fichier).read_text(encoding="utf-8")).values()
               if "Q17" in s["fonctions"])
    assert q17["observation"] == ccinp.SPECS["Q17"].observation and "genre" not in q17
    assert q17["libelles"] == dict(ccinp.LIBELLES)
    texte = _lancer(paquet, _Q17).stdout
    assert f"obtenu  : {ccinp.LIBELLES[messages.PREMIER_DE_PAIRE]} -1" in texte and "premier élément" not in texte, texte


class _Dessins:
    """A kind of question the package builder has never heard of, shipping one module of its own."""

    def fichiers_eleves(self, sujet) -> dict[str, str]:
        return {"awale_ref/sujets/neuf/dessins_eleves.py": "from awale_ref.grading.eleve import visibles  # noqa: F401\n"}

    def noms_eleves(self, sujet) -> dict[str, str]:
        return {"dessiner": "awale_ref.sujets.neuf.dessins_eleves"}


def test_a_new_kind_of_question_ships_its_files_through_its_own_methods():
    """The builder writes what each kind returns (``TypeDeQuestion.fichiers_eleves``/``noms_eleves``): a kind it
    does not know ships its module and has the subject's package forward its name."""
    from types import SimpleNamespace

    from awale_ref.grading.registre import types_question

    genre = type("Dessins", (_Dessins, types_question.TypeDeQuestion), {})()
    sujet = SimpleNamespace(nom="neuf", types_de_question=(types_question.Valeurs({}), genre))
    assert paquet_eleve.fichiers_des_genres(sujet) == _Dessins().fichiers_eleves(sujet)
    espace: dict = {}
    exec(compile(paquet_eleve._sujet_init(sujet).replace("from awale_ref.grading.eleve.visibles import EchecTest, Testeur",
                                                          "Testeur = EchecTest = None").replace(
        "tester = Testeur(__name__).tester", ""), "<init>", "exec"), espace)
    with pytest.raises(ModuleNotFoundError, match="awale_ref.sujets.neuf"):
        espace["__getattr__"]("dessiner")
    with pytest.raises(AttributeError):
        espace["__getattr__"]("autre")
    doublon = SimpleNamespace(nom="neuf", types_de_question=(genre, genre))
    with pytest.raises(paquet_eleve.ErreurPaquet, match="two kinds of question write"):
        paquet_eleve.fichiers_des_genres(doublon)


def test_the_builder_names_no_kind_of_question():
    """No kind of question is named by the builder (no import, no isinstance): each says what it ships."""
    from awale_ref.grading.registre import types_question

    genres = {n for n, c in vars(types_question).items()
              if isinstance(c, type) and issubclass(c, types_question.TypeDeQuestion) and c is not types_question.TypeDeQuestion}
    assert {"PartieEntiere", "QuestionsSQL"} <= genres
    noms = {n.id for n in ast.walk(ast.parse(Path(paquet_eleve.__file__).read_text(encoding="utf-8")))
            if isinstance(n, ast.Name)} | {a.name for n in ast.walk(ast.parse(Path(paquet_eleve.__file__).read_text(
                encoding="utf-8"))) if isinstance(n, ast.ImportFrom) for a in n.names}
    assert noms & genres == set()


def test_a_file_of_a_kind_that_imports_what_the_distribution_lacks_is_refused(paquet, tmp_path):
    shutil.copytree(paquet / "awale_ref", tmp_path / "awale_ref")
    (tmp_path / "awale_ref" / "neuf.py").write_text("from awale_ref.grading.eleve import visibles\nimport awale_ref.tree\n")
    paquet_eleve.verifier_imports(tmp_path, ["awale_ref/neuf.py"])
    (tmp_path / "awale_ref" / "neuf.py").write_text("from awale_ref.grading.correcteur import juge\n")
    with pytest.raises(paquet_eleve.ErreurPaquet, match="imports awale_ref.grading.correcteur.juge, which is not in the students"):
        paquet_eleve.verifier_imports(tmp_path, ["awale_ref/neuf.py"])


def test_an_sql_module_that_says_nothing_of_the_students_environment_is_refused():
    import types
    from types import SimpleNamespace

    from awale_ref.grading.registre.types_question import QuestionsSQL

    muet = types.ModuleType("un_module_sql_muet")
    sys.modules["un_module_sql_muet"] = muet
    try:
        sujet = SimpleNamespace(nom="muet", modules_eleves=(),
                                             types_de_question=(QuestionsSQL(("Q1",), "un_module_sql_muet"),))
        with pytest.raises(paquet_eleve.ErreurPaquet, match="muet: un_module_sql_muet declares neither"):
            paquet_eleve.fichiers_des_genres(sujet)
        muet.MODULE_ELEVES = "ailleurs"
        with pytest.raises(paquet_eleve.ErreurPaquet, match="not among the subject's modules_eleves"):
            paquet_eleve.fichiers_des_genres(sujet)
    finally:
        del sys.modules["un_module_sql_muet"]



def test_the_visible_data_is_the_same_at_each_build_even_where_the_reference_draws_at_random():
    """The attractors' Q27 plays a game whose moves the reference draws at random (its results are cached for
    the process, so two builds are two processes): whatever the random state before, ``visibles.json`` is the
    same; and the caller's random state is given back."""
    import random

    from pipeline.paquet_eleve import _hasard_fixe

    script = ("import hashlib, random, sys; random.seed(int(sys.argv[1])); "
              "from pipeline.paquet_eleve import visibles_json; "
              "print(hashlib.sha256(visibles_json().encode()).hexdigest())")
    empreintes = {subprocess.run([sys.executable, "-c", script, str(graine)], capture_output=True, text=True,
                                 check=True, cwd=RACINE).stdout for graine in (1, 3)}  # 1 and 3 drew apart
    assert len(empreintes) == 1
    random.seed(5)
    with _hasard_fixe():
        random.random()
    assert random.random() == random.Random(5).random()
