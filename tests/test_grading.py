"""The grading core: reference passes, each typical mistake fails for its reason, the clean room holds.

Student functions are compiled from source with ``__name__ == "__main__"``, as in
a notebook kernel, so that cloudpickle ships them by value like in real grading.
"""

from __future__ import annotations

import importlib
import inspect
import re

import pytest

from awale_ref.grading.correcteur import cleanroom
from awale_ref.grading.eleve.resultat import EchecTest
from awale_ref.sujets import ccinp_2024
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.sujets.ccinp_2024 import QUESTIONS, corriger, specs
from outils import cellule

tester = ccinp_2024.tester  # not imported by name: pytest would collect it

CODE_QUESTIONS = [(q, s.nom) for q, s in specs.SPECS.items()] + [("Q21", "awale_ia")]


def reference_notebook() -> dict:
    noms = ["initialisation", "affiche", "tour_joueur1", "tourner_plateau", "copie", "deplacer_graines",
            "case_ramassable", "ramasser_graines", "test_famine", "test_case", "cases_possibles", "tour_suivant",
            "tour_jeu", "gagnant", "gain", "NegaAwale", "max_vals", "awale_ia"]
    source = "\n\n".join(inspect.getsource(getattr(exam, nom)) for nom in noms)
    return cellule("from __future__ import annotations\nEGALITE = 'égalité'\n" + source)


@pytest.fixture(scope="module")
def ref_nb() -> dict:
    return reference_notebook()


def echec(question: str, fonction) -> str:
    with pytest.raises(EchecTest) as info:
        corriger(question, fonction)
    return str(info.value)


@pytest.mark.parametrize("question,nom", CODE_QUESTIONS)
def test_reference_written_in_a_notebook_passes_every_hidden_test(ref_nb, question, nom, capsys):
    corriger(question, ref_nb[nom])
    assert capsys.readouterr().out.startswith(f"✔ {question}")


def test_every_question_has_a_check():
    attendues = {f"Q{i}" for i in range(4, 26)} - {"Q6", "Q18"}
    assert attendues <= set(QUESTIONS)
    assert {"Q1_cases", "Q2_plateaux", "Q2_gains", "Q3_situation1", "Q3_situation2", "Q6_max_graines",
            "Q6_bits", "Q18_arbre", "Q18_case"} <= set(QUESTIONS)


def test_hidden_corpus_is_large_and_deterministic():
    for question in specs.SPECS:
        cas = specs.cas_caches(question)
        assert len(cas) >= 100, question
        assert cas == specs.cas_caches(question)


# ---------------------------------------------------------------- typical mistakes
def test_q8_forgetting_to_skip_the_origin_pit():
    nb = cellule("""
        def deplacer_graines(plateau, case):
            graines = plateau[case]
            plateau[case] = 0
            i = case
            while graines > 0:
                i = (i + 1) % 12
                plateau[i] += 1
                graines -= 1
            return i
    """)
    message = echec("Q8", nb["deplacer_graines"])
    assert "la case de départ doit être vide" in message
    assert "entrée  : deplacer_graines(plateau=" in message and "attendu :" in message and "obtenu  :" in message


def test_q10_iterative_harvest_is_refused_even_if_correct():
    nb = cellule("""
        def ramasser_graines(plateau, case):
            total = 0
            while case_ramassable(plateau, case):
                total += plateau[case]
                plateau[case] = 0
                case -= 1
            return total
    """)
    assert "doit être récursive" in echec("Q10", nb["ramasser_graines"])


def test_q10_uses_the_reference_case_ramassable_even_if_the_student_one_is_wrong(ref_nb):
    nb = cellule("""
        def case_ramassable(plateau, case):
            return False
        def ramasser_graines(plateau, case):
            if not case_ramassable(plateau, case):
                return 0
            g = plateau[case]
            plateau[case] = 0
            return g + ramasser_graines(plateau, case - 1)
    """)
    corriger("Q10", nb["ramasser_graines"])  # graded on its own (principle 2)


def test_q7_shallow_copy_and_deepcopy_are_refused():
    superficielle = cellule("def copie(jeu):\n    return dict(jeu)\n")["copie"]
    assert "copie indépendante de l'original False" in echec("Q7", superficielle)
    profonde = cellule("import copy\ndef copie(jeu):\n    return copy.deepcopy(jeu)\n")["copie"]
    assert "deepcopy" in echec("Q7", profonde)


def test_q11_modifying_the_argument_is_refused():
    nb = cellule("""
        def test_famine(plateau, case):
            d = deplacer_graines(plateau, case)
            ramasser_graines(plateau, d)
            return sum(plateau[6:]) > 0
    """)
    assert "les arguments ont été modifiés" in echec("Q11", nb["test_famine"])


def test_q14_off_by_one_in_the_end_conditions():
    nb = cellule("""
        def tour_suivant(jeu):
            if jeu['score'][0] > 25 or jeu['score'][1] > 25 or jeu['n'] > 100:
                return False
            if sum(jeu['plateau']) <= 3:
                return False
            return len(cases_possibles(jeu)) > 0
    """)
    assert "Q14 — tour_suivant" in echec("Q14", nb["tour_suivant"])


def test_q14_strict_inequality_on_the_three_seeds_rule():
    nb = cellule("""
        def tour_suivant(jeu):
            if jeu['score'][0] >= 25 or jeu['score'][1] >= 25 or jeu['n'] >= 100:
                return False
            if sum(jeu['plateau']) < 3:
                return False
            return len(cases_possibles(jeu)) > 0
    """)
    assert "Q14 — tour_suivant" in echec("Q14", nb["tour_suivant"])


def test_q16_board_emptied_or_left_are_both_accepted(ref_nb):
    sans_vider = cellule("""
        def gagnant(jeu):
            p = jeu['plateau']
            actif, adverse = sum(p[:6]), sum(p[6:])
            if tour_joueur1(jeu):
                jeu['score'][0] += actif; jeu['score'][1] += adverse
            else:
                jeu['score'][0] += adverse; jeu['score'][1] += actif
            if jeu['score'][0] > jeu['score'][1]:
                return jeu['joueur1']
            if jeu['score'][1] > jeu['score'][0]:
                return jeu['joueur2']
            return "égalité"
    """)
    corriger("Q16", sans_vider["gagnant"])
    corriger("Q16", ref_nb["gagnant"])


def test_q17_gain_that_modifies_its_input():
    nb = cellule("""
        def gain(jeu, case):
            d = deplacer_graines(jeu['plateau'], case)
            g = ramasser_graines(jeu['plateau'], d)
            nouveau = copie(jeu)
            nouveau['score'][0 if tour_joueur1(jeu) else 1] += g
            nouveau['n'] += 1
            tourner_plateau(nouveau)
            return g, nouveau
    """)
    assert "les arguments ont été modifiés" in echec("Q17", nb["gain"])


def test_q20_max_is_forbidden_even_when_hidden_in_a_helper():
    nb = cellule("""
        def plus_grand(valeurs):
            return max(valeurs)
        def max_vals(vals_jeu, profondeur):
            m = plus_grand([v for _, v in vals_jeu])
            for c, v in vals_jeu:
                if v == m:
                    return c if profondeur == 0 else v
    """)
    assert "max" in echec("Q20", nb["max_vals"])


def test_q20_last_maximum_instead_of_first():
    nb = cellule("""
        def max_vals(vals_jeu, profondeur):
            meilleur = vals_jeu[0]
            for paire in vals_jeu:
                if paire[1] >= meilleur[1]:
                    meilleur = paire
            return meilleur[0] if profondeur == 0 else meilleur[1]
    """)
    assert "Q20 — max_vals" in echec("Q20", nb["max_vals"])


def test_q21_wrong_depth_and_keyboard_input():
    nb = cellule("""
        def awale_ia(nom_joueur1, nom_joueur2):
            jeu = initialisation(nom_joueur1, nom_joueur2)
            jeu_continue = True
            while jeu_continue:
                affiche(jeu['plateau'])
                case_choisie = NegaAwale(jeu, 4, 0)
                jeu_continue = tour_jeu(jeu, case_choisie)
            return gagnant(jeu)
    """)
    assert "profondeur_max=4" in echec("Q21", nb["awale_ia"])
    clavier = cellule(inspect.getsource(exam.awale_jcj).replace("awale_jcj", "awale_ia"))
    assert "input" in echec("Q21", clavier["awale_ia"])


# ---------------------------------------------------------------- structured answers
def test_structured_answers_right_and_wrong(capsys):
    corriger("Q1_cases", [5, 2, 4])
    corriger("Q18_case", 4)
    assert "inexacte" in echec("Q1_cases", [2, 4])
    arbre = {k: (g, vj) for k, (_, _, g, vj) in importlib.import_module("awale_ref.sujets.ccinp_2024.facts").Q18_ARBRE.items()}
    corriger("Q18_arbre", arbre)
    arbre["e"] = (2, 2)
    assert "e" in echec("Q18_arbre", arbre)


def test_visible_test_of_an_answer_checks_only_its_shape(capsys):
    tester("Q1_cases", [0, 1])  # wrong but well-formed: the visible test does not reveal the answer
    with pytest.raises(EchecTest, match="pas encore donnée"):
        tester("Q1_cases", ...)


# ---------------------------------------------------------------- the reference and the clean room
def test_reference_imported_from_awale_ref_is_refused():
    assert "awale_ref" in echec("Q8", exam.deplacer_graines)
    alias = cellule("from awale_ref import deplacer_graines as ref\n"
                     "def deplacer_graines(plateau, case):\n    return ref(plateau, case)\n")
    assert "awale_ref" in echec("Q8", alias["deplacer_graines"])
    dedans = cellule("def deplacer_graines(plateau, case):\n"
                      "    import awale_ref\n    return awale_ref.deplacer_graines(plateau, case)\n")
    assert "awale_ref" in echec("Q8", dedans["deplacer_graines"])


def test_patching_the_reference_in_the_kernel_does_not_change_the_verdict(monkeypatch):
    faux = cellule("def deplacer_graines(plateau, case):\n    return 0\n")["deplacer_graines"]
    monkeypatch.setattr(exam, "deplacer_graines", faux)  # the kernel's reference now agrees with the student
    assert "Q8 — deplacer_graines" in echec("Q8", faux)


def test_infinite_loop_is_stopped_with_a_clear_message(monkeypatch):
    monkeypatch.setattr(cleanroom, "DELAI_S", 3)
    boucle = cellule("def tour_joueur1(jeu):\n    while True:\n        pass\n")["tour_joueur1"]
    assert "dépassé 3 s" in echec("Q4", boucle)


@pytest.mark.parametrize("corps", ["import sys\n    sys.exit(0)", "import os\n    os._exit(3)"])
def test_exit_in_student_code_gives_zero_not_a_crash(corps):
    sortie = cellule(f"def tour_joueur1(jeu):\n    {corps}\n")["tour_joueur1"]
    message = echec("Q4", sortie)
    assert "Q4" in message


def test_unbounded_recursion_is_reported():
    rec = cellule("def tour_joueur1(jeu):\n    return tour_joueur1(jeu)\n")["tour_joueur1"]
    assert "récursion infinie" in echec("Q4", rec)


def test_prints_of_student_code_do_not_reach_the_verdict(capfd):
    """A right answer that prints 100,000 characters passes with the usual verdict line and nothing else; a wrong
    one fails with the usual message: none of its prints in the verdict or in the output."""
    bavard = "def tour_joueur1(jeu):\n    print('x' * 100000)\n    return jeu['n'] % 2 == {}\n"
    corriger("Q4", cellule(bavard.format(0))["tour_joueur1"])  # raises EchecTest if the prints cost the answer
    sortie = capfd.readouterr()
    assert sortie.out.startswith("✔ Q4 — tour_joueur1 :") and "x" * 100 not in sortie.out + sortie.err, sortie.out[:300]
    message = echec("Q4", cellule(bavard.format(1))["tour_joueur1"])
    assert message.startswith("Q4 — tour_joueur1 : un cas ne donne pas le résultat attendu.") and "x" * 100 not in message
    sortie = capfd.readouterr()
    assert "x" * 100 not in sortie.out + sortie.err, sortie.out[:300]


def test_verdict_is_deterministic():
    faux = cellule("def case_ramassable(plateau, case):\n    return plateau[case] in (2, 3)\n")["case_ramassable"]
    assert echec("Q9", faux) == echec("Q9", faux)


def test_visible_test_reports_input_expected_obtained_and_rule():
    faux = cellule("def case_ramassable(plateau, case):\n    return plateau[case] in (2, 3)\n")["case_ramassable"]
    with pytest.raises(EchecTest) as info:
        tester("Q9", faux, [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 2)
    message = str(info.value)
    for morceau in ("entrée  : case_ramassable(plateau=[0, 0, 2", "attendu : renvoie False", "obtenu  : renvoie True",
                    "règle   : une case est ramassable si elle est dans le camp adverse"):
        assert morceau in message


def test_unknown_question_is_an_english_api_error():
    with pytest.raises(ValueError, match="unknown question"):
        corriger("Q99", lambda: None)


def test_unwritten_stub_says_not_written_rather_than_not_recursive():
    stub = cellule("def ramasser_graines(plateau, case):\n    # VOTRE CODE ICI\n    raise NotImplementedError()\n")
    assert "pas encore écrite" in echec("Q10", stub["ramasser_graines"])


@pytest.mark.parametrize("cellule, pile, message", [
    # a value's test cell run before its answer (after a restart): the traceback, then what to do
    ("tester = print\ntester('Q10_S1_S2', Q10_S1_S2)", True,
     "« Q10_S1_S2 » n'est pas défini dans ce noyau. Exécutez d'abord la cellule qui le définit"),
    # UnboundLocalError: a bug of the student's, shown as usual
    ("def f():\n    x += 1\n    return x\nf()", True, "UnboundLocalError"),
    # a board calling a graded function not written yet: its French message alone, no frame of the package's
    ("from awale_ref.fonctions_eleve import a_la_place_de\na_la_place_de('cases_possibles', 'Q13')([])", False,
     "la fonction cases_possibles n'est pas encore définie"),
])
def test_a_name_not_defined_in_the_kernel_says_in_french_what_to_do(cellule, pile, message, capsys):
    from IPython.core.interactiveshell import InteractiveShell

    from awale_ref.grading.eleve import affichage

    shell = InteractiveShell.instance()
    try:
        affichage.installer()
        capsys.readouterr()
        resultat = shell.run_cell(cellule)
        sortie = capsys.readouterr().out
    finally:
        InteractiveShell.clear_instance()
    assert isinstance(resultat.error_in_exec, NameError)
    assert ("Traceback" in sortie) is pile and "<locals>" not in sortie
    assert message in sortie
    assert ("Nom inconnu" in sortie) is (type(resultat.error_in_exec) is NameError)


def test_a_student_error_raised_through_a_stand_in_shows_the_student_frame_not_the_package(capsys):
    """A board calls the student's function through its stand-in, and that function raises: the traceback shows
    the student's cell and line, not the stand-in's frame (the package's path, ``a_la_place_de.<locals>``)."""
    from IPython.core.interactiveshell import InteractiveShell

    from awale_ref.grading.eleve import affichage

    shell = InteractiveShell.instance()
    try:
        affichage.installer()
        shell.run_cell("def cases_possibles(plateau):\n    return 1 // len(plateau)\n")
        capsys.readouterr()
        resultat = shell.run_cell("from awale_ref.fonctions_eleve import a_la_place_de\n"
                                  "a_la_place_de('cases_possibles', 'Q13')([])")
        sortie = re.sub(r"\x1b\[[0-9;]*m", "", capsys.readouterr().out)  # IPython's colours
    finally:
        InteractiveShell.clear_instance()
    assert isinstance(resultat.error_in_exec, ZeroDivisionError)
    assert "in cases_possibles" in sortie and "return 1 // len(plateau)" in sortie
    assert "fonctions_eleve.py" not in sortie and "<locals>" not in sortie
