"""Every visible example can fail: in each visible test cell, a trivial answer fails at least one example.

The cells, their examples and the graded functions come from the course sources, as the students'
environment derives them (``pipeline.paquet_eleve.exemples_des_cellules``).  Each trivial answer (``return
None``, ``pass``, its first argument unchanged, ``False``, ``True``, ``0``, an empty list or dict) is written
as a student's function and run on the cell's examples by both visible tests: the full package's ``tester``
(the instructor and self-study notebooks) and the students' environment's (``awale_ref.grading.visibles``, on
the data ``visibles.json`` ships, with only the modules the distribution ships: where the subject's acceptance
is not there, the trivial answers it refuses are, ``paquet_eleve.reponses_refusees``).  A cell where one of them
gives ✔ on every example, or only « jugée à la correction », tells the student nothing.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import types

import pytest

from awale_ref.grading import visibles
from pipeline import paquet_eleve
from pipeline.build import ASSIGNMENTS, sujet_de


def _cellules() -> dict[tuple[str, str, str], list[tuple]]:
    """``{(assignment, grade_id, question): [the cell's examples]}`` of every visible test of a graded function."""
    cellules: dict[tuple[str, str, str], list[tuple]] = {}
    for assignment in ASSIGNMENTS:
        for cell, question, args in paquet_eleve.exemples_des_cellules(assignment):
            cellules.setdefault((assignment, cell.metadata["grade_id"], question), []).append(args)
    return cellules


CELLULES = _cellules()


@functools.cache
def _donnees_eleves() -> dict:
    return paquet_eleve.donnees_visibles()


@functools.cache
def _formats(module_correction: str) -> types.ModuleType:
    """The format and acceptance module the distribution writes for a subject (``paquet_eleve.source_des_formats``)."""
    sujet = next(s for a in ASSIGNMENTS if (s := sujet_de(a)).module_correction == module_correction)
    module = types.ModuleType(visibles.module_des_formats(module_correction))
    exec(compile(paquet_eleve.source_des_formats(sujet), module.__name__, "exec"), module.__dict__)
    return module


def _import_eleve(nom: str) -> types.ModuleType:
    """``importlib.import_module`` as in the students' environment: a subject's module it does not ship (the
    specs of most subjects hold answers) cannot be imported; the formats modules are the ones it writes."""
    prefixe = visibles.module_des_formats("")
    if nom.startswith(prefixe):
        return _formats(next(m for m in _donnees_eleves() if visibles.module_des_formats(m) == nom))
    if nom.startswith("awale_ref.sujets.") and nom.endswith(".specs") and nom not in paquet_eleve.modules_livres():
        raise ImportError(f"{nom} is not in the students' environment")
    return importlib.import_module(nom)


def _echoue(tester, question: str, fonction, exemples: list[tuple]) -> bool:
    """Whether the visible test ``tester`` gives ✘ on at least one of the cell's examples (an answer only shown
    beside the reference, « jugée à la correction », is not failed)."""
    for args in exemples:
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                tester(question, fonction, *args)
        except AssertionError:  # EchecTest, of either environment
            return True
    return False


def test_the_cells_are_derived_from_every_subject():
    assert {sujet_de(a).nom for a, _, _ in CELLULES} == {sujet_de(a).nom for a in ASSIGNMENTS
                                                         if sujet_de(a).specs}
    assert all(CELLULES.values())


@pytest.mark.parametrize("cle", sorted(CELLULES), ids=lambda c: f"{c[0]}-{c[1]}")
def test_a_trivial_answer_fails_an_example_of_every_visible_test_cell(cle, monkeypatch):
    assignment, _, question = cle
    sujet = sujet_de(assignment)
    spec = sujet.specs[question]
    monkeypatch.setattr(visibles, "_donnees", _donnees_eleves)
    monkeypatch.setattr(visibles, "importlib", types.SimpleNamespace(import_module=_import_eleve))
    eleves = visibles.Testeur(sujet.module_correction)
    reussies = [f"{corps} ({nom})" for corps, fonction in paquet_eleve.reponses_triviales(spec.nom, spec.parametres).items()
                for nom, tester in (("tester du notebook", sujet.tester), ("tester des élèves", eleves.tester))
                if not _echoue(tester, question, fonction, CELLULES[cle])]
    assert not reussies, f"{cle}: every example of the cell passes with {reussies}"
