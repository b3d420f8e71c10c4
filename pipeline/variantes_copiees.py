"""Answers copied from another variant: a value wrong for its author's data but right for a classmate's.

The value questions asked on per-student data (``Sujet.variantes``, :mod:`awale_ref.grading.eleve.variantes`) are graded
on each author's own figures; a student who hands in a classmate's answer loses the points, and this module names
them for the teacher's report: for each answer cell handed in (``submitted/<student>/<assignment>/``), each
``Qn = <literal>`` of such a question is read without running anything (``ast.literal_eval``) and judged, as the
judge does, on the author's data, then on every classmate's.  An answer right for the author is never reported;
with variants off (every student has the statement's data) nothing is.  They are ranked with the similarity
report's pairs (:func:`indices`).
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from awale_ref.grading.correcteur.reponses_structurees import verifier_reponse
from pipeline.build import sujet_de
from pipeline.similarite import Indice, Reglages, reponses_rendues


@dataclass(frozen=True)
class CopieDeVariante:
    """``eleve``'s answer to ``question`` (of ``assignment``) is wrong on their data and right on ``pour``'s."""

    eleve: str
    assignment: str
    question: str
    pour: tuple[str, ...]


def valeurs_litterales(code: str) -> dict[str, Any]:
    """``{name: value}`` of each top-level ``name = <literal>`` of an answer cell (nothing is run).

    >>> valeurs_litterales("Q1_cases = [2, 4]\\nx = f(1)\\nQ2 = {1: 2}")
    {'Q1_cases': [2, 4], 'Q2': {1: 2}}
    """
    try:
        arbre = ast.parse(code)
    except SyntaxError:
        return {}
    valeurs = {}
    for noeud in arbre.body:
        if isinstance(noeud, ast.Assign) and len(noeud.targets) == 1 and isinstance(noeud.targets[0], ast.Name):
            try:
                valeurs[noeud.targets[0].id] = ast.literal_eval(noeud.value)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
    return valeurs


def copies_de_variante(racine: Path, assignments: tuple[str, ...]) -> list[CopieDeVariante]:
    """Every answer handed in for ``assignments`` that is wrong for its author's variant and right for a
    classmate's, the students with most such answers first."""
    trouvees: list[CopieDeVariante] = []
    for assignment in assignments:
        sujet = sujet_de(assignment)
        if not sujet.variantes:
            continue
        reponses = reponses_rendues(racine, assignment, illisibles=[])
        eleves = sorted(reponses)

        @functools.lru_cache(maxsize=None)
        def donnees(question: str, qui: str) -> tuple:
            return sujet.donnees_de(question, qui)

        def juste(question: str, valeur: Any, qui: str) -> bool:
            return verifier_reponse(question, valeur, sujet.reponses, donnees(question, qui)).part >= 1

        for eleve in eleves:
            valeurs: dict[str, Any] = {}
            for code in reponses[eleve].values():
                valeurs.update(valeurs_litterales(code))
            for question, valeur in valeurs.items():
                if sujet.variante_de(question) is None or juste(question, valeur, eleve):
                    continue
                pour = tuple(autre for autre in eleves if autre != eleve and juste(question, valeur, autre))
                if pour:
                    trouvees.append(CopieDeVariante(eleve, assignment, question, pour))
    combien: dict[str, int] = {}
    for copie in trouvees:
        combien[copie.eleve] = combien.get(copie.eleve, 0) + 1
    return sorted(trouvees, key=lambda c: (-combien[c.eleve], c.eleve, c.assignment, c.question))


def indices(copies: list[CopieDeVariante], noms: dict[str, str], reglages: Reglages | None = None) -> list[Indice]:
    """One line of the report's ranked list of likely copies (:func:`pipeline.similarite.classement_des_copies`)
    per student with answers that fit a classmate's variant: each such answer weighs ``preuve_min``, always
    flagged."""
    reglages = reglages or Reglages()
    par_eleve: dict[str, list[CopieDeVariante]] = {}
    for copie in copies:
        par_eleve.setdefault(copie.eleve, []).append(copie)
    lignes = []
    for eleve, siennes in par_eleve.items():
        camarades = ", ".join(noms.get(p) or p for p in dict.fromkeys(p for c in siennes for p in c.pour))
        questions = ", ".join(f"{c.assignment} {c.question}" for c in siennes)
        lignes.append(Indice(noms.get(eleve) or eleve, f"juste pour la variante de {camarades}",
                             reglages.preuve_min * len(siennes), True, questions))
    return lignes
