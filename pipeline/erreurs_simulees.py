"""The tools a subject's folder writes its simulated students' mistakes with (``<subject>/eleves_simules.py``).

A subject's ``eleves_simules.py`` defines ``erreurs(outils)``, which returns ``{student id: (Erreur, …)}``: the
mistakes each student of the demo class (``pipeline.demo_class``) makes in this paper; ``outils`` is this module
(the package ``awale_ref`` imports nothing of ``pipeline``).  It may also declare ``ITEMS`` (how many items a
literal answer graded per item has), ``JUSTIFICATIONS`` and ``REMARQUE`` (the wordings of its hand-graded answers)
and ``COLLEURS`` (who pasted one of its public answer keys).  Here: the mistake (:class:`Erreur`) and the ways to
write one: :func:`code`, :func:`variante` (the reference with one change), :func:`recopiee` (a classmate's,
copied), :func:`reponses_de_la_variante` (values on a student's own data), with ``question_de`` and
``valeurs_litterales`` to read a cell.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import textwrap
from dataclasses import dataclass
from typing import Callable

from pipeline.build import corps_de_reference, question_de, sujet_de
from pipeline.variantes_copiees import valeurs_litterales

__all__ = ["Erreur", "code", "question_de", "recopiee", "reponses_de_la_variante", "valeurs_litterales", "variante"]


@dataclass(frozen=True)
class Erreur:
    """One mistake: the answer cell ``grade_id`` holds ``code``; the test cells ``echecs`` lose points.

    ``perdues`` names the rule families the mistake breaks (empty: the whole
    cell is lost); ``items_faux`` counts the wrong items of a literal answer
    graded per item (a node of Q18 whose VJ alone is wrong counts 0.5).
    """

    grade_id: str
    code: str
    echecs: tuple[str, ...]
    description: str
    perdues: tuple[str, ...] = ()
    items_faux: float = 0
    devoir: str = ""  # the assignment
    # values asked on per-student data: the code this student writes, from ``code`` and their id (None: ``code``);
    # what it keeps of each test cell is then judged on the student's own data (:func:`part_sur_la_variante`)
    pour_l_eleve: Callable[[str, str], str] | None = None

    @property
    def assignment(self) -> str:
        return self.devoir

    def code_de(self, identifiant: str) -> str:
        """The cell the student ``identifiant`` hands in."""
        return self.code if self.pour_l_eleve is None else self.pour_l_eleve(self.code, identifiant)



def code(texte: str) -> str:
    """A cell's code written indented in a module, as the student types it."""
    return textwrap.dedent(texte).strip("\n")


def variante(nom: str, *remplacements: tuple[str, str, int], module: str) -> str:
    """The reference ``<module>.<nom>`` as a student would write it, with one mistake.

    Each ``(avant, apres, fois)`` replaces ``avant``, which must occur exactly
    ``fois`` times, so the mistake stays one precise change of the reference.

    >>> print(variante("ecrire", ("enumerate(cases)", "enumerate(cases[1:])", 1), module="awale_ref.notation"))
    def ecrire(cases):
        return "".join(lettre(c, n) for n, c in enumerate(cases[1:]))
    """
    import importlib

    parametres = ", ".join(inspect.signature(getattr(importlib.import_module(module), nom)).parameters)
    code = f"def {nom}({parametres}):\n" + corps_de_reference(nom, "    ", module)
    for avant, apres, fois in remplacements:
        if code.count(avant) != fois:
            raise ValueError(f"{nom}: {avant!r} occurs {code.count(avant)} times in the reference, not {fois}")
        code = code.replace(avant, apres)
    return code


def recopiee(erreur: Erreur, renommages: dict[str, str] | None = None,
              echanges: tuple[tuple[str, str], ...] = (), avant: str = "", copiee_sur: str = "") -> Erreur:
    """``erreur`` copied by another student: blocks swapped (``echanges``: two blocks that each occur
    once), then names renamed (``renommages``, only the Python names, never strings or keys), ``avant``
    added in front.  The copy loses the same points (the tests call the functions by position).

    >>> print(recopiee(Erreur("q4_f", "def f(jeu):\\n    return jeu['n'] % 2 == 1", (), ""), echanges=(("jeu['n']", "2"),),
    ...                avant="# Q4\\n").code)
    # Q4
    def f(jeu):
        return 2 % jeu['n'] == 1
    """
    import io
    import tokenize

    code = erreur.code
    for premier, second in echanges:
        if code.count(premier) != 1 or code.count(second) != 1:
            raise ValueError(f"{erreur.grade_id}: blocks to swap must occur once: {premier!r}, {second!r}")
        code = code.replace(premier, "\0").replace(second, premier).replace("\0", second)
    lignes = code.splitlines(keepends=True)
    debuts = [0] + list(itertools.accumulate(len(ligne) for ligne in lignes))
    noms = [(debuts[t.start[0] - 1] + t.start[1], debuts[t.end[0] - 1] + t.end[1], t.string)
            for t in tokenize.generate_tokens(io.StringIO(code).readline)
            if t.type == tokenize.NAME and t.string in (renommages or {})]
    for debut, fin, nom in reversed(noms):
        code = code[:debut] + renommages[nom] + code[fin:]
    description = f"{erreur.description} (copiée sur {copiee_sur})" if copiee_sur else erreur.description
    return dataclasses.replace(erreur, code=avant + code, description=description)


def reponses_de_la_variante(code: str, assignment: str, identifiant: str) -> str:
    """An answer cell with each value asked on per-student data (``Sujet.variantes``) answered for the variant of
    ``identifiant``: every ``Qn = …`` of such a question becomes the reference's answer on that student's data
    (the statement's when variants are off). Other lines are kept.

    >>> from pipeline.build import ASSIGNMENTS
    >>> print(reponses_de_la_variante("# un mot\\nQ6_bits = 6", ASSIGNMENTS[0], "x"))
    # un mot
    Q6_bits = 6
    """
    import ast

    sujet = sujet_de(assignment)
    lignes = code.split("\n")
    for noeud in reversed(ast.parse(code).body):
        if (isinstance(noeud, ast.Assign) and len(noeud.targets) == 1 and isinstance(noeud.targets[0], ast.Name)
                and (variante := sujet.donnees_de(noeud.targets[0].id, identifiant)) is not None):
            nom = noeud.targets[0].id
            valeur = sujet.reponses[nom][1](variante[1])
            lignes[noeud.lineno - 1:noeud.end_lineno] = [f"{nom} = {valeur!r}"]
    return "\n".join(lignes)
