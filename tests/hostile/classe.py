"""A class of submissions graded by the real ``nbgrader autograde``, sandbox on, in a private copy of the course.

What ``tests/test_hostile.py`` and ``tests/test_hostile_devoirs.py`` share: the course prepared with shorter
limits (:data:`LIMITES_DE_TEST`), the submissions dropped in ``submitted/``, the graded class read back
(:class:`Classe`: the log, the scores, the feedback's outputs) and the check of one submission against its
expectation (:func:`score_et_raisons`).
"""

from __future__ import annotations

import json
import re
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import outils
from tests.hostile import Contexte, Soumission

A = "partie2_structure"
# Shorter limits than the course's, so that the loops and bombs cost seconds, not minutes.
LIMITES_DE_TEST = """
c.Execute.timeout = 10
c.ExecutionProtegee.memoire_noyau = 1536 * 1024 ** 2
c.VerdictsDesTestsCaches.delai_cellule = 5
c.VerdictsDesTestsCaches.delai_question = 8
c.VerdictsDesTestsCaches.memoire = 1024 ** 3
c.VerdictsDesTestsCaches.budget_notebook = 60
"""


@dataclass
class Classe:
    racine: Path
    ctx: Contexte
    log: str
    code_retour: int
    scores: dict[str, dict[str, float | None]]  # student -> test grade_id -> auto score
    maxima: dict[str, float]                     # test grade_id -> points
    assignment: str = A

    def journal(self, etudiant: str) -> str:
        """The log lines about one student: from its "Creating/updating student" line to the next one."""
        debut = "[AutogradeApp | INFO] Creating/updating student with ID "
        blocs = re.split(r"(?m)^(?=" + re.escape(debut) + ")", self.log)
        return "".join(b for b in blocs if b.startswith(f"{debut}'{etudiant}'"))

    def sortie(self, etudiant: str) -> str:
        """The outputs of the autograded notebook (what the feedback shows), as text."""
        chemin = self.racine / "autograded" / etudiant / self.assignment / f"{self.assignment}.ipynb"
        if not chemin.exists():
            return ""
        cellules = json.loads(chemin.read_text(encoding="utf-8"))["cells"]
        return "\n".join(json.dumps(o, ensure_ascii=False) for c in cellules for o in c.get("outputs", []))


def preparer_cours(racine: Path, a: str = A) -> Contexte:
    """A private copy of the course with the current source notebook of ``a`` and :data:`LIMITES_DE_TEST`;
    the release generated there."""
    outils.preparer_cours(racine, (a,), LIMITES_DE_TEST)
    return Contexte(release=outils.lire_notebook(racine / "release" / a / f"{a}.ipynb"),
                    source=outils.notebook_source(a, racine))


def deposer(racine: Path, ctx: Contexte, soumissions: tuple[Soumission, ...], a: str = A) -> None:
    for s in soumissions:
        dossier = racine / "submitted" / s.nom / a
        dossier.mkdir(parents=True)
        for nom, contenu in s.construire(ctx).items():
            if isinstance(contenu, tuple):  # ("symlink", target)
                os.symlink(contenu[1], dossier / nom)
            else:
                (dossier / nom).write_bytes(contenu)


def lire_scores(racine: Path, etudiants: list[str], a: str = A) -> dict[str, dict[str, float | None]]:
    return outils.lire_scores(racine, etudiants, a)


def autograder(racine: Path, *options: str, a: str = A) -> subprocess.CompletedProcess:
    return outils.autograder(racine, a, *options)


def tests_autogrades(ctx: Contexte) -> dict[str, float]:
    return {c.metadata["nbgrader"]["grade_id"]: float(c.metadata["nbgrader"]["points"]) for c in ctx.release.cells
            if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("grade")}


def classe_a_part(tmp_path_factory, a: str, soumissions: tuple[Soumission, ...]) -> Classe:
    """A small class of assignment ``a``, graded apart: one autograde more, tens of seconds."""
    racine = tmp_path_factory.mktemp(f"cours_hostile_{a}")
    ctx = preparer_cours(racine, a)
    deposer(racine, ctx, soumissions, a)
    fin = autograder(racine, a=a)
    (racine / "autograde.log").write_text(fin.stdout + fin.stderr)
    return Classe(racine, ctx, fin.stdout + fin.stderr, fin.returncode,
                  lire_scores(racine, [s.nom for s in soumissions], a), tests_autogrades(ctx), a)


def score_et_raisons(classe: Classe, soumission: Soumission) -> None:
    """``soumission`` got its expected scores (its ``reussies`` full marks, 0 elsewhere) and each of its reasons
    is in the log or the feedback."""
    obtenus = classe.scores[soumission.nom]
    attendus = {gid: (pts if gid in soumission.reussies else 0.0) for gid, pts in classe.maxima.items()}
    assert {gid: obtenus.get(gid) for gid in attendus} == attendus  # a notebook nbgrader cannot read: 0 everywhere
    visible = classe.journal(soumission.nom) + classe.sortie(soumission.nom)
    for raison in soumission.raisons:  # (the convert hooks log before nbgrader names the student: any line naming it)
        assert raison in visible or any(raison in l and f"/{soumission.nom}/" in l for l in classe.log.splitlines()), \
            f"{soumission.nom}: «{raison}» is neither in the log nor in the feedback"
