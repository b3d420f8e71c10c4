"""The grading core takes the subject as a parameter (``awale_ref.grading.sujets``).

A notebook's subject is named by the module its test cells import
``corriger`` from; the runner gets the subject's reference as plain,
self-contained code, without the graded functions nor anything they reach in
another reference module.
"""

from __future__ import annotations

import types

import pytest

from awale_ref import grading
from awale_ref.grading import juge, sujets
from awale_ref.grading.specs import SPECS, Spec


def test_the_subject_is_named_by_the_import_of_corriger_in_the_test_cells():
    cellule = "tester('Q9', f, [0])\n### BEGIN HIDDEN TESTS\nfrom awale_ref.grading import corriger\ncorriger('Q9', f)\n"
    assert sujets.module_de_correction(cellule) == "awale_ref.grading"
    assert sujets.sujet_des_sources([cellule, "x = 1"]) is grading.SUJET
    assert sujets.sujet_des_sources([]) is grading.SUJET  # no import at all: the CCINP, as before
    assert sujets.module_de_correction("def f(:\n") is None


def test_a_module_that_is_not_a_subject_is_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="not a grading module of awale_ref"):
        sujets.sujet_du_module("os")
    with pytest.raises(ValueError, match="defines no SUJET"):
        sujets.sujet_du_module("awale_ref.exam")
    with pytest.raises(ValueError, match="several subjects"):
        sujets.sujet_des_sources(["from awale_ref.grading import corriger",
                                  "from awale_ref.olympiades.correction_images import corriger"])


def test_a_subject_checks_that_its_specs_grade_its_own_reference():
    with pytest.raises(ValueError, match="must be keyed by its question"):
        sujets.Sujet("x", "m", "awale_ref.olympiades.images", {"Q9": SPECS["Q9"]})
    autre = Spec("Q1", "noir_ou_blanc", ("x",), "renvoie", lambda: [(3,)], "règle", module="awale_ref.olympiades.images")
    with pytest.raises(ValueError, match="both a function question and an answer"):
        sujets.Sujet("x", "m", "awale_ref.olympiades.images", {"Q1": autre}, {"Q1": (None, None, "")})


def test_the_ccinp_reference_goes_to_the_runner_unchanged_but_for_the_graded_functions():
    assert juge.reference_sans(set()) == juge._source("awale_ref.exam")
    sans = juge.reference_sans({"deplacer_graines"})
    module = types.ModuleType("r")
    exec(compile(sans, "<r>", "exec"), module.__dict__)
    assert not hasattr(module, "deplacer_graines") and hasattr(module, "case_ramassable")


def test_a_reference_built_on_another_one_is_inlined_without_what_the_graded_function_reaches():
    """The lycée awalé delegates to the CCINP's: grading semer_graines must not leave exam.deplacer_graines."""
    sans = juge.reference_sans({"semer_graines"}, "awale_ref.olympiades.awale_lycee")
    assert "from awale_ref import" not in sans
    module = types.ModuleType("r")
    exec(compile(sans, "<r>", "exec"), module.__dict__)
    assert not hasattr(module, "semer_graines")
    assert not hasattr(module.exam, "deplacer_graines")  # what semer_graines calls in the CCINP reference
    assert module.exam.case_ramassable([0] * 6 + [2] * 6, 7)  # the rest of the CCINP reference is there
    entier = types.ModuleType("r")
    exec(compile(juge.reference_sans(set(), "awale_ref.olympiades.awale_lycee"), "<r>", "exec"), entier.__dict__)
    etat = entier.initialisation("Alice", "Bob")
    assert entier.tour_jeu(etat, 2) and etat["plateau"] == [5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5]


def test_the_public_functions_of_a_reference_are_substituted_not_its_private_helpers():
    noms = juge.fonctions_reference("awale_ref.olympiades.images")
    assert "compte_0_1" in noms and not any(n.startswith("_") for n in noms)
