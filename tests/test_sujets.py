"""The grading core takes the subject as a parameter (``awale_ref.grading.registre.catalogue``).

A notebook's subject is named by the module its test cells import
``corriger`` from; the runner gets the subject's reference as plain,
self-contained code, without the graded functions.
"""

from __future__ import annotations

import types

import pytest

from awale_ref.grading.correcteur import juge, plan
from awale_ref.grading.eleve.specs import Spec
from awale_ref.grading.registre import catalogue, types_question
from awale_ref.sujets import ccinp_2024
from awale_ref.sujets.ccinp_2024.specs import SPECS


def test_the_subject_is_named_by_the_import_of_corriger_in_the_test_cells():
    cellule = ("tester('Q9', f, [0])\n### BEGIN HIDDEN TESTS\nfrom awale_ref.sujets.ccinp_2024 import corriger\n"
               "corriger('Q9', f)\n")
    assert catalogue.module_de_correction(cellule) == "awale_ref.sujets.ccinp_2024"
    assert catalogue.sujet_des_sources([cellule, "x = 1"]) is ccinp_2024.SUJET
    with pytest.raises(ValueError, match="names no subject"):  # no default subject: the core names none
        catalogue.sujet_des_sources([])
    assert catalogue.module_de_correction("def f(:\n") is None


def test_a_module_that_is_not_a_subject_is_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="not a grading module of awale_ref"):
        catalogue.sujet_du_module("os")
    with pytest.raises(ValueError, match="defines no SUJET"):
        catalogue.sujet_du_module("awale_ref.sujets.ccinp_2024.exam")
    with pytest.raises(ValueError, match="defines no SUJET"):  # the core is no subject's module
        catalogue.sujet_du_module("awale_ref.grading")
    with pytest.raises(ValueError, match="several subjects"):
        catalogue.sujet_des_sources(["from awale_ref.sujets.ccinp_2024 import corriger",
                                  "from awale_ref.sujets.olympiades_2025_images import corriger"])


def test_a_subject_checks_that_its_specs_grade_its_own_reference():
    with pytest.raises(ValueError, match="must be keyed by its question"):
        catalogue.Sujet("x", "m", "awale_ref.sujets.olympiades_2025_images.images", {"Q9": SPECS["Q9"]})
    autre = Spec("Q1", "noir_ou_blanc", ("x",), "renvoie", lambda: [(3,)], "règle", module="awale_ref.sujets.olympiades_2025_images.images")
    with pytest.raises(ValueError, match="Q1 belongs to two kinds of question: Fonctions and Valeurs"):
        catalogue.Sujet("x", "m", "awale_ref.sujets.olympiades_2025_images.images", {"Q1": autre}, {"Q1": (None, None, "")})
    with pytest.raises(ValueError, match="Q1 belongs to two kinds of question: Fonctions and QuestionsSQL"):
        catalogue.Sujet("x", "m", "awale_ref.sujets.olympiades_2025_images.images", {"Q1": autre},
                     types=(types_question.QuestionsSQL(("Q1",), "m.sql"),))
    with pytest.raises(TypeError, match="is not a kind of question"):
        catalogue.Sujet("x", "m", "awale_ref.sujets.olympiades_2025_images.images", {}, types=("Q1",))


def test_a_subject_declares_its_kinds():
    """The CCINP declares its game and SQL kinds, Othello its SQL kind (``types=``)."""
    from awale_ref.sujets.ccinp_2024 import PARTIE, SQL, SUJET as CCINP
    from awale_ref.sujets.othello_epita_2024 import SUJET as OTHELLO

    assert CCINP.type_de("Q21") is PARTIE and CCINP.type_de("Q25") is SQL and CCINP.type_de("Q99") is None
    assert type(CCINP.type_de("Q8")).__name__ == "Fonctions" and type(CCINP.type_de("Q6_bits")).__name__ == "Valeurs"
    assert CCINP.nom_note("Q21") == "awale_ia" and PARTIE.espions("Q21") == {"NegaAwale"}
    from awale_ref.sujets.ccinp_2024 import sql

    assert SQL.questions == sql.QUESTIONS_SQL  # the kind's questions are those the SQL module grades
    assert CCINP.questions[-4:] == ("Q22", "Q23", "Q24", "Q25") and CCINP.questions.index("Q21") < CCINP.questions.index("Q1_cases")
    assert isinstance(OTHELLO.type_de("Q23"), types_question.QuestionsSQL) and OTHELLO.type_de("Q23").module == "awale_ref.sujets.othello_epita_2024.sql"


def test_the_ccinp_reference_goes_to_the_runner_unchanged_but_for_the_graded_functions():
    assert juge.reference_sans(set(), "awale_ref.sujets.ccinp_2024.exam") == juge._source("awale_ref.sujets.ccinp_2024.exam")
    sans = juge.reference_sans({"deplacer_graines"}, "awale_ref.sujets.ccinp_2024.exam")
    module = types.ModuleType("r")
    exec(compile(sans, "<r>", "exec"), module.__dict__)
    assert not hasattr(module, "deplacer_graines") and hasattr(module, "case_ramassable")


def test_the_lyceen_reference_goes_to_the_runner_as_plain_code_that_plays_without_the_ccinp_one():
    sans = juge.reference_sans({"semer_graines"}, "awale_ref.sujets.olympiades_2025_awale.awale_lycee")
    module = types.ModuleType("r")
    exec(compile(sans, "<r>", "exec"), module.__dict__)
    assert not hasattr(module, "semer_graines") and not hasattr(module, "exam")
    entier = types.ModuleType("r")
    exec(compile(juge.reference_sans(set(), "awale_ref.sujets.olympiades_2025_awale.awale_lycee"), "<r>", "exec"), entier.__dict__)
    etat = entier.initialisation("Alice", "Bob")
    assert entier.tour_jeu(etat, 2) and etat["plateau"] == [5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5]


def test_a_reference_that_imports_awale_ref_is_refused(monkeypatch):
    monkeypatch.setattr(plan, "_source", lambda module: "from awale_ref.sujets.ccinp_2024 import exam\n\ndef f():\n    return 1\n")
    with pytest.raises(ValueError, match="must not import awale_ref"):
        plan.reference_sans(set(), "awale_ref.autre")


def test_the_public_functions_of_a_reference_are_substituted_not_its_private_helpers():
    noms = juge.fonctions_reference("awale_ref.sujets.olympiades_2025_images.images")
    assert "compte_0_1" in noms and not any(n.startswith("_") for n in noms)


def test_every_solution_the_course_inlines_uses_only_builtins_and_the_subjects_functions():
    """A solution (``### SOLUTION: module.NAME``) is the body of a reference function: a name it uses
    that the notebook does not define (a module constant, another module) would fail in the student's kernel."""
    import ast
    import builtins
    import importlib
    import inspect
    import re
    from pathlib import Path

    vues = 0
    for source in sorted(s.source_du_devoir(d) for s in catalogue.tous() for d in s.devoirs):
        for module, nom in re.findall(r"### SOLUTION: (awale_ref(?:\.\w+)*)\.(\w+)", source.read_text(encoding="utf-8")):
            reference = importlib.import_module(module)
            fonctions = {n for n, v in vars(reference).items() if inspect.isfunction(v)}
            arbre = ast.parse(inspect.getsource(getattr(reference, nom)))
            lus = {n.id for n in ast.walk(arbre) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
            locaux = ({n.id for n in ast.walk(arbre) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
                      | {a.arg for a in ast.walk(arbre) if isinstance(a, ast.arg)}
                      | {n.name for n in ast.walk(arbre) if isinstance(n, ast.FunctionDef)}  # inner functions
                      | {(a.asname or a.name).split(".")[0] for n in ast.walk(arbre)  # the body imports it itself
                         if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names})
            assert not lus - locaux - fonctions - set(dir(builtins)), (source.name, nom)
            vues += 1
    assert vues >= 25
