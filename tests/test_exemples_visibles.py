"""Every visible example can fail: in each visible test cell, a trivial answer fails at least one example.

The cells, their examples and the graded functions come from the course sources, as the students'
environment derives them (``pipeline.paquet_eleve.exemples_des_cellules``).  Each trivial answer (``return
None``, ``pass``, its first argument unchanged, ``False``, ``True``, ``0``, an empty list or dict) is written
as a student's function and run on the cell's examples by both visible tests: the full package's ``tester``
(the instructor and self-study notebooks) and the students' environment's (``awale_ref.grading.eleve.visibles``, on
the data ``visibles.json`` ships, with only the modules the distribution ships: where the subject's acceptance
is not there, the trivial answers it refuses are, ``paquet_eleve.reponses_refusees``).  A cell where one of them
gives ✔ on every example, or only « jugée à la correction », tells the student nothing.

Every other visible check of every test cell too (:data:`AUTRES`, from the same cells): a structured answer
(the trivial values: ``None``, ``False``, ``True``, an empty text, list, dict or tuple; a number is no trivial
answer, its format cannot refuse one without telling the answer), an SQL query (empty, or a constant of the
asked number of columns: ``SELECT 1``, ``SELECT NULL, NULL``) and a function that plays a whole game (the
trivial functions above).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
import io
import types

import pytest

from awale_ref.grading.eleve import visibles
from awale_ref.grading.registre import types_question
from awale_ref.grading.registre.livraison import chemin_du_module
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


def _autres() -> dict[tuple[str, str, str], types_question.TypeDeQuestion]:
    """``{(assignment, grade_id, question): its kind}`` of every other visible ``tester(question, answer)`` of a
    test cell (a structured answer, a query, a whole game), as the release keeps the cell."""
    autres = {}
    for assignment in ASSIGNMENTS:
        sujet = sujet_de(assignment)
        for cell in paquet_eleve.lire_source(assignment).cells:
            if "tests" not in cell.metadata.get("tags", []):
                continue
            for appel in paquet_eleve._appels_tester(paquet_eleve._CACHES.sub("", cell.source + "\n")):
                question = appel.args[0].value
                if question not in sujet.specs:
                    autres[(assignment, cell.metadata["grade_id"], question)] = sujet.type_de(question)
    return autres


AUTRES = _autres()
VALEURS_TRIVIALES = {"None": None, "False": False, "True": True, "''": "", "[]": [], "{}": {}, "()": ()}


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


@functools.cache
def _partie(nom: str) -> types.ModuleType:
    """The whole-game check the distribution writes for a subject (``livraison.fichier_de_partie``)."""
    for assignment in ASSIGNMENTS:
        sujet = sujet_de(assignment)
        for genre in {type(g): g for g in AUTRES.values() if isinstance(g, types_question.PartieEntiere)}.values():
            source = genre.fichiers_eleves(sujet).get(chemin_du_module(nom))
            if source is not None:
                module = types.ModuleType(nom)
                exec(compile(source, nom, "exec"), module.__dict__)
                return module
    raise ImportError(nom)


def _import_eleve(nom: str) -> types.ModuleType:
    """``importlib.import_module`` as in the students' environment: a subject's module it does not ship (the
    specs of most subjects hold answers) cannot be imported; the formats modules are the ones it writes."""
    prefixe = visibles.module_des_formats("")
    if nom.startswith(prefixe):
        return _formats(next(m for m in _donnees_eleves() if visibles.module_des_formats(m) == nom))
    if nom.startswith(visibles.module_de_partie("")):
        return _partie(nom)
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
    # every other question of every subject (a structured answer, a query, a whole game) has its visible check
    autres = {(sujet_de(a).nom, q) for a, _, q in AUTRES}
    assert autres == {(sujet_de(a).nom, q) for a in ASSIGNMENTS for q in set(sujet_de(a).questions)
                      - set(sujet_de(a).specs)}
    assert {type(g) for g in AUTRES.values()} == {types_question.Valeurs, types_question.QuestionsSQL,
                                                  types_question.PartieEntiere}


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


def _triviales(sujet, question: str, genre: types_question.TypeDeQuestion) -> dict[str, object]:
    """``{name: answer}`` of the trivial answers to the visible check of ``question`` (see the module)."""
    if isinstance(genre, types_question.QuestionsSQL):
        colonnes = len(genre.sql().COLONNES[question])
        return {r: r for r in ("", "SELECT 1", "SELECT NULL", "SELECT " + ", ".join(["1"] * colonnes),
                               "SELECT " + ", ".join(["NULL"] * colonnes))}
    if isinstance(genre, types_question.PartieEntiere):
        nom = genre.fonction_notee(question)
        parametres = tuple(inspect.signature(getattr(sujet.reference(), nom)).parameters)
        return dict(paquet_eleve.reponses_triviales(nom, parametres))
    return dict(VALEURS_TRIVIALES)


@pytest.mark.parametrize("cle", sorted(AUTRES), ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_a_trivial_answer_fails_every_other_visible_check(cle, monkeypatch):
    assignment, _, question = cle
    sujet = sujet_de(assignment)
    monkeypatch.setattr(visibles, "_donnees", _donnees_eleves)
    monkeypatch.setattr(visibles, "importlib", types.SimpleNamespace(import_module=_import_eleve))
    eleves = visibles.Testeur(sujet.module_correction)
    reussies = [f"{nom} ({quel})" for nom, reponse in _triviales(sujet, question, AUTRES[cle]).items()
                for quel, tester in (("tester du notebook", sujet.tester), ("tester des élèves", eleves.tester))
                if not _echoue(tester, question, reponse, [()])]
    assert not reussies, f"{cle}: the visible check passes with {reussies}"
