"""The course build: reference solutions are expanded from awale_ref.sujets.ccinp_2024.exam, bad markers are refused."""

import pytest

from awale_ref.sujets.ccinp_2024 import exam
from pipeline import build


def test_marker_expands_to_the_reference_body_which_behaves_like_the_reference():
    source = "def deplacer_graines(plateau, case):\n    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.deplacer_graines\n"
    espace: dict = {}
    exec(build.developper_references(source), espace)
    plateau, attendu = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
    assert espace["deplacer_graines"](plateau, 4) == exam.deplacer_graines(attendu, 4)
    assert plateau == attendu
    assert '"""' not in build.developper_references(source)  # the docstring stays in the package


def test_unknown_reference_is_a_clear_error():
    with pytest.raises(build.CourseError, match="no such reference function"):
        build.developper_references("def f():\n    ### SOLUTION: awale_ref.sujets.ccinp_2024.exam.inexistante\n")


def test_every_course_solution_of_a_plain_function_comes_from_the_package():
    # the course sources keep no copy of these bodies (duplication between notebooks and package)
    for assignment, noms in (("partie2_structure", ("deplacer_graines", "gagnant", "tour_suivant")),
                             ("partie3_ia", ("gain", "max_vals"))):
        texte = build.source_du_devoir(assignment).read_text(encoding="utf-8")
        for nom in noms:
            assert f"### SOLUTION: awale_ref.sujets.ccinp_2024.exam.{nom}\n" in texte
