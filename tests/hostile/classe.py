"""A class of submissions graded by the real ``nbgrader autograde``, sandbox on, in a private copy of the course.

What ``tests/test_hostile.py`` and ``tests/test_hostile_devoirs.py`` share: the course prepared with shorter
limits (:data:`LIMITES_DE_TEST`), the submissions dropped in ``submitted/``, the graded class read back
(:class:`Classe`: the log, the scores, the feedback's outputs) and the check of one submission against its
expectation (:func:`score_et_raisons`).

Grading a class mostly waits (for timeouts, budgets, kernels that start): the classes are graded in the background,
side by side (:func:`corriger_en_fond`), and a large class is split into groups of about the same duration, each
graded by an ``nbgrader autograde`` of its own in a course of its own (:func:`corriger_en_groupes`; never two in one
course: its gradebook and the recovery of an interrupted grading are the course's).  Each grading has a grading lock
of its own (``awale_ref.grading.correcteur.verrou``, :func:`verrou_a_part`), as each test worker has: the test
classes hold no real student's secret, and gradings that share one lock wait for each other's runners
(``tests/test_verrou.py`` tests that).  At most :data:`PLACES` of them run at once on the machine.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
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
PLACES = 4
"""How many of these gradings run at once on the machine, every test worker together: each may hold a student's
kernel of up to 1.5 GiB (:data:`LIMITES_DE_TEST`) and a runner of up to 1 GiB (the memory bombs), so four stay
within about 10 GiB.  The others wait for a place (:func:`une_place`)."""


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


def autograder(racine: Path, *options: str, a: str = A,
               variables: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return outils.autograder(racine, a, *options, variables=variables)


def tests_autogrades(ctx: Contexte) -> dict[str, float]:
    return {c.metadata["nbgrader"]["grade_id"]: float(c.metadata["nbgrader"]["points"]) for c in ctx.release.cells
            if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("grade")}


# ---------------------------------------------------------------- classes graded side by side
@contextlib.contextmanager
def une_place() -> Iterator[None]:
    """One of the machine's :data:`PLACES`, held while the block runs (``flock`` on a file of the temporary folder,
    which the test workers share); waits until one is free."""
    dossier = Path(tempfile.gettempdir()) / "awale_classes_hostiles"
    dossier.mkdir(exist_ok=True)
    while True:
        for i in range(PLACES):
            fd = os.open(dossier / f"place_{i}", os.O_RDWR | os.O_CREAT, 0o666)  # close-on-exec: no child holds it
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            try:
                yield
            finally:
                os.close(fd)
            return
        time.sleep(0.5)


_fils = ThreadPoolExecutor(max_workers=PLACES, thread_name_prefix="classe_hostile")


def en_fond(travail: Callable[..., object], *arguments: object) -> Future:
    """``travail(*arguments)`` in a thread of this process (at most :data:`PLACES` at once, in the order asked): its
    result, or its exception, from the future's ``result()``."""
    return _fils.submit(travail, *arguments)


def verrou_a_part(racine: Path) -> dict[str, str]:
    """The environment of the gradings of the course at ``racine``: a grading lock of their own (``$AWALE_VERROU``,
    a folder beside the course, which no sandbox mounts)."""
    dossier = racine.parent / f"{racine.name}.verrou"
    dossier.mkdir(exist_ok=True)
    return {"AWALE_VERROU": str(dossier)}


def corriger_en_fond(racine: Path, a: str, soumissions: tuple[Soumission, ...],
                     commande: Callable[[Path, str, dict[str, str]], subprocess.CompletedProcess] | None = None
                     ) -> Future:
    """The class ``soumissions`` of ``a`` graded in the background (:func:`en_fond`) in a private course at
    ``racine``, by ``commande(racine, a, variables)`` (:func:`autograder` by default; ``variables``: its environment's
    own, :func:`verrou_a_part`) once it holds a place (:func:`une_place`): the future of its :class:`Classe`."""
    return en_fond(_corriger, racine, a, soumissions, commande or (lambda r, a, v: autograder(r, a=a, variables=v)))


def _corriger(racine: Path, a: str, soumissions: tuple[Soumission, ...],
              commande: Callable[[Path, str, dict[str, str]], subprocess.CompletedProcess]) -> Classe:
    from pipeline.autograde import paquet_noyau

    ctx = preparer_cours(racine, a)
    deposer(racine, ctx, soumissions, a)
    paquet_noyau.paquet_de_correction()  # built before the class, as a Dask worker does: no notebook's budget pays it
    with une_place():
        fin = commande(racine, a, verrou_a_part(racine))
    (racine / "autograde.log").write_text(fin.stdout + fin.stderr)  # for a human reading a failure
    return Classe(racine, ctx, fin.stdout + fin.stderr, fin.returncode,
                  lire_scores(racine, [s.nom for s in soumissions], a), tests_autogrades(ctx), a)


def repartir(soumissions: tuple[Soumission, ...], n: int) -> list[tuple[Soumission, ...]]:
    """``soumissions`` in ``n`` groups of about the same expected duration (the sum of their ``duree``), each kept
    in the class's order: the unreadable notebooks (``illisible``) dealt first, one to each group in turn, so that
    every grading meets some; a submission stays in the group of the one it comes ``apres``; then the longest
    first, each to the group expected to end first."""
    tete = {s.nom: s.apres or s.nom for s in soumissions}
    blocs: dict[str, list[Soumission]] = {}
    for s in soumissions:
        nom = s.nom
        while tete[nom] != nom:
            nom = tete[nom]
        blocs.setdefault(nom, []).append(s)
    groupes: list[list[Soumission]] = [[] for _ in range(n)]
    illisibles = [b for b in blocs.values() if any(s.illisible for s in b)]
    for i, bloc in enumerate(illisibles):
        groupes[i % n] += bloc
    for bloc in sorted((b for b in blocs.values() if b not in illisibles), key=lambda b: -sum(s.duree for s in b)):
        min(groupes, key=lambda g: sum(s.duree for s in g)).extend(bloc)
    return [tuple(s for s in soumissions if s in g) for g in groupes]


@dataclass
class ClasseEnGroupes:
    """A class graded in groups side by side (:func:`corriger_en_groupes`), each in a course of its own, read as one
    class: per student through the group that graded it (:meth:`de`)."""

    groupes: tuple[Classe, ...]

    def de(self, etudiant: str) -> Classe:
        """The group that graded ``etudiant``."""
        return next(g for g in self.groupes if etudiant in g.scores)

    @property
    def scores(self) -> dict[str, dict[str, float | None]]:
        return {e: s for g in self.groupes for e, s in g.scores.items()}

    @property
    def maxima(self) -> dict[str, float]:
        return self.groupes[0].maxima

    @property
    def log(self) -> str:
        """Every group's log, one after the other."""
        return "".join(g.log for g in self.groupes)

    def journal(self, etudiant: str) -> str:
        return self.de(etudiant).journal(etudiant)

    def sortie(self, etudiant: str) -> str:
        return self.de(etudiant).sortie(etudiant)


def corriger_en_groupes(tmp_path_factory, a: str, soumissions: tuple[Soumission, ...]) -> ClasseEnGroupes:
    """The class ``soumissions`` of ``a`` in :data:`PLACES` groups (:func:`repartir`) graded side by side, each by an
    ``nbgrader autograde`` of its own in a private course."""
    futurs = [corriger_en_fond(tmp_path_factory.mktemp(f"cours_hostile_{a}_groupe"), a, groupe)
              for groupe in repartir(soumissions, PLACES)]
    return ClasseEnGroupes(tuple(f.result() for f in futurs))


def score_et_raisons(classe: Classe | ClasseEnGroupes, soumission: Soumission) -> None:
    """``soumission`` got its expected scores (its ``reussies`` full marks, 0 elsewhere) and each of its reasons
    is in the log or the feedback."""
    obtenus = classe.scores[soumission.nom]
    attendus = {gid: (pts if gid in soumission.reussies else 0.0) for gid, pts in classe.maxima.items()}
    assert {gid: obtenus.get(gid) for gid in attendus} == attendus  # a notebook nbgrader cannot read: 0 everywhere
    visible = classe.journal(soumission.nom) + classe.sortie(soumission.nom)
    for raison in soumission.raisons:  # (the convert hooks log before nbgrader names the student: any line naming it)
        assert raison in visible or any(raison in l and f"/{soumission.nom}/" in l for l in classe.log.splitlines()), \
            f"{soumission.nom}: «{raison}» is neither in the log nor in the feedback"
