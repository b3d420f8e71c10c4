"""The *plan* step of a verdict's path: what the runner must evaluate for each question, and what the judge keeps.

The orchestrator (:mod:`awale_ref.grading.correcteur.juge`) calls it once per question, after the parse step
(:func:`awale_ref.grading.eleve.contraintes.lire_question`) and before the run step (:mod:`awale_ref.grading.correcteur.lancement`).
It names no kind of question: :class:`PlanDuNotebook` asks the question's kind (``Sujet.type_de``) for its plan
(the hook ``planifier`` of :class:`awale_ref.grading.registre.types_question.TypeDeQuestion`), handing it the notebook
(``types_question.VueDuNotebook``: its cells, the reference it may send, the cases computed once per class).
A :class:`Plan` (a record of :mod:`awale_ref.grading.eleve.resultat`) is the typed order that crosses to the runner
(:mod:`awale_ref.grading.executant.messages`) and, beside it, never sent, what the verdict needs (for a function: the
cases and the reference's observations, the memo of answers already judged, the reasons read in the source),
with the kind that judges the reply.

What the runner is given is derived from the notebook and the reference, not listed by hand: the functions
the notebook imports from ``awale_ref`` are supplied as plain code, *minus every function the notebook grades*
(:func:`reference_sans`); a graded function's reference enters the sandbox only once its own question is judged
(:meth:`PlanDuNotebook.pret`, :meth:`PlanDuNotebook.reference_permise`).

Judge side only: the students' package (``pipeline.paquet_eleve``, ``checks``) never imports it.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib
import inspect
import types
from typing import Any

from awale_ref import cache
from awale_ref.grading.eleve import contraintes
from awale_ref.grading.eleve.resultat import Plan, Resultat, echec
from awale_ref.grading.eleve.specs import Spec
from awale_ref.grading.eleve.syntaxe import analyser, evaluer_appels
from awale_ref.grading.executant import encodage
from awale_ref.grading.registre import catalogue


# ---------------------------------------------------------------- what the runner is given
# Asked for every question of every notebook: read and parsed once per process (the sources do not change).
@functools.lru_cache(maxsize=16)
def _source(module: str) -> str:
    return inspect.getsource(importlib.import_module(module))


@functools.lru_cache(maxsize=16)
def _fonctions_reference(module: str) -> tuple[str, ...]:
    return tuple(n.name for n in analyser(_source(module)).body
                 if isinstance(n, ast.FunctionDef) and not n.name.startswith("_"))


@functools.lru_cache(maxsize=16)
def _appels_reference(module: str) -> dict[str, frozenset[str]]:
    """For each public function of a reference module, the module's functions its body names."""
    fonctions = {n.name: n for n in analyser(_source(module)).body if isinstance(n, ast.FunctionDef)}
    return {nom: frozenset(x.id for x in ast.walk(noeud) if isinstance(x, ast.Name) and x.id in fonctions
                           and x.id != nom)
            for nom, noeud in fonctions.items()}


def atteintes(nom: str, module: str, sans: frozenset[str] = frozenset()) -> set[str]:
    """The functions of a reference module that ``nom`` reaches through its calls (itself excluded), not
    going through the functions ``sans`` (the functions a game question spies on).
    """
    graphe = _appels_reference(module)
    vues: set[str] = set()
    a_voir = [nom]
    while a_voir:
        for suivant in graphe.get(a_voir.pop(), ()):
            if suivant not in vues and suivant not in sans and suivant != nom:
                vues.add(suivant)
                a_voir.append(suivant)
    return vues


def fonctions_reference(module: str) -> list[str]:
    """The names of the public functions of a reference module, in the order of the module."""
    return list(_fonctions_reference(module))


def reference_sans(noms: set[str], module: str) -> str:
    """The source of a reference module without the functions ``noms`` (plain code for the runner).

    A reference is plain code that imports nothing from ``awale_ref``: the
    runner gets it as text, and the bodies of its functions are the
    solutions the course shows (``pipeline.build``).
    """
    return _reference_sans(frozenset(noms), module)


@functools.lru_cache(maxsize=256)
def _reference_sans(noms: frozenset[str], module: str) -> str:
    source = _source(module)
    lignes = source.splitlines(keepends=True)
    a_couper = []
    for noeud in analyser(source).body:
        if isinstance(noeud, (ast.Import, ast.ImportFrom)) and any(
                (nom or "").split(".")[0] == "awale_ref"
                for nom in ([noeud.module] if isinstance(noeud, ast.ImportFrom) else [a.name for a in noeud.names])):
            raise ValueError(f"{module}, line {noeud.lineno}: a reference module must not import awale_ref "
                             f"(the runner gets it as plain code)")
        if isinstance(noeud, ast.FunctionDef) and noeud.name in noms:
            debut = min([noeud.lineno, *(d.lineno for d in noeud.decorator_list)])
            a_couper.append((debut - 1, noeud.end_lineno))
    for debut, fin in sorted(a_couper, reverse=True):
        del lignes[debut:fin]
    return "".join(lignes)


@functools.lru_cache(maxsize=256)
def fonctions_definies(texte: str) -> frozenset[str]:
    """The functions a reference text sent to the runner defines (its top-level ``def``)."""
    return frozenset(n.name for n in analyser(texte).body if isinstance(n, ast.FunctionDef))


# ---------------------------------------------------------------- a question's cases, computed once per class
DOSSIER_CAS = "cas"
"""The folder of the grader's cache (``cache.dossier_de_version``) where :func:`cas_et_attendus` keeps each question's
cases and expected answers: secrets, which every sandbox masks with the whole cache (``bac_a_sable.masques``)."""


@functools.lru_cache(maxsize=64)
def cas_et_attendus(module_correction: str, question: str,
                    appels: tuple[tuple[str, ...], ...] = ()) -> tuple[list[tuple], str, list[dict], dict]:
    """The inputs of a question inside its domain (the test cell's visible examples, ``appels``: their arguments
    as source, ``contraintes.Lecture.exemples``; then the corpus: :func:`cas_prevus`), packed for the runner,
    the reference's observations, and the memo of the answers judged on them (``familles.juger_familles``).

    They depend on no student (the test cell is the teacher's, restored from the gradebook, the same for every
    student): the first three are computed once per version of the code for the machine's grader, kept in its
    cache (``<cache>/cas/<version>/<key>.pickle``, :func:`cache.valeur_verifiee`): the version is the course
    package's fingerprint as this process loaded it (:func:`_empreinte_du_code`, the Python version in it), the
    key a digest of the module, the question and ``appels``; the memo is this process's own, empty at first."""
    cle = hashlib.sha256(repr((module_correction, question, appels)).encode()).hexdigest()[:32]
    dossier = cache.dossier_de_version(DOSSIER_CAS, _empreinte_du_code())
    cas, envoi, attendus = cache.valeur_verifiee(dossier / f"{cle}.pickle" if dossier else None,
                                                 lambda: _calculer_cas(module_correction, question, appels))
    return cas, envoi, attendus, {}


@functools.cache
def _empreinte_du_code() -> str:
    """The fingerprint of the course's package (``cache.empreinte_des_fichiers``), taken once per process, at its
    first question: the code it computes the cases with, loaded then."""
    return cache.empreinte_des_fichiers(cache.fichiers_du_paquet())


def _calculer_cas(module_correction: str, question: str,
                  appels: tuple[tuple[str, ...], ...]) -> tuple[list[tuple], str, list[dict]]:
    sujet = catalogue.sujet_du_module(module_correction)
    spec, reference = sujet.specs[question], sujet.reference()
    cas = [c for c in cas_prevus(spec, reference, appels) if spec.dans_le_domaine(c)]
    return cas, encodage.emballer_cas(cas), [spec.attendu(c, reference) for c in cas]


def cas_prevus(spec: Spec, reference: types.ModuleType, appels: tuple[tuple[str, ...], ...] = ()) -> list[tuple]:
    """Every case the judge would grade ``spec`` on, before the domain is applied: the test cell's visible
    examples (``appels``, their arguments as source, evaluated with the ``reference`` module), then the
    corpus.  :func:`cas_et_attendus` keeps those inside the spec's domain (``Spec.domaine``)."""
    exemples = [spec.nommer(args) for args in evaluer_appels(appels, vars(reference))]
    return exemples + [c for c in spec.cas() if c not in exemples]


# ---------------------------------------------------------------- one question
class PlanDuNotebook:
    """Plans every question of a notebook *before* any runner exists (``juge.CorrectionDuNotebook`` is this
    plan and the judge's SQL process); it holds what a plan depends on across questions: which questions are
    judged already (``jugees``, set by the orchestrator), what a kind prepared once per notebook
    (``preparations``: an SQL comparison).  It is the :class:`types_question.VueDuNotebook` the kinds plan with."""

    def __init__(self, etapes: list, base_sql: str | None = None, sujet: catalogue.Sujet | None = None,
                 auteur: str | None = None) -> None:
        self.etapes = etapes
        # the submission's nbgrader student id (its folder), never read in the notebook: the variant graded
        self.auteur = auteur
        # the subject is named by the teacher's test cells (their ``from … import corriger``)
        self.sujet = sujet or catalogue.sujet_des_sources([e.exemples for e in etapes if e.questions])
        self.module = self.sujet.module_reference
        # graded function -> its question(s) in this notebook
        self.question_de: dict[str, set[str]] = {}
        for e in etapes:
            for q, _ in e.questions:
                if nom := self.sujet.nom_note(q):
                    self.question_de.setdefault(nom, set()).add(q)
        self.notes = set(self.question_de)
        # the spec of each question of the notebook that has one (what the parse step reads the cells for)
        self.specs: dict[str, Spec] = {q: spec for e in etapes for q, _ in e.questions
                                       if (genre := self.sujet.type_de(q)) is not None
                                       and (spec := genre.spec_de(q)) is not None}
        self.toutes = fonctions_reference(self.module)
        self.reference_non_notee = reference_sans(self.notes, self.module)  # the reference minus the graded functions
        self.jugees: set[str] = set()  # the questions whose verdict is final (see ``pret``)
        self.base_sql = base_sql  # the hidden database: only the judge's SQL process sees it (``execution``)
        self.preparations: dict[str, Any] = {}  # what a kind of question prepared for a question (its SQL check)

    # ------------------------------------------------ which references may enter the sandbox, and when
    # The runner, its children and anything they leave behind are the student's: a reference that enters the
    # sandbox can be copied (a file in /tmp, another process's memory, the parent's stack) into any later
    # question.  So the reference of a graded function enters only once its own question is judged: copying
    # it then changes no grade.  A question whose function calls another graded function (Q19's NegaAwale
    # calls max_vals, Q20) waits for that question's verdict (``pret``), at the end of the notebook if needed.
    def non_jugees(self) -> set[str]:
        """The graded functions of this notebook whose question has no final verdict yet."""
        return {nom for nom, questions in self.question_de.items() if not questions <= self.jugees}

    def besoins(self, question: str) -> set[str]:
        """The graded functions that must be judged before ``question``, as its kind says (its hook ``besoins``:
        those the reference of its graded function reaches; for a value, those its own cells name)."""
        genre = self.sujet.type_de(question)
        return set() if genre is None else genre.besoins(self, question)

    def pret(self, question: str) -> bool:
        """Whether every graded function ``question`` needs is judged (its reference may be sent)."""
        return not self.besoins(question) & self.non_jugees()

    def cellules_propres(self, position: int) -> list[int]:
        """The steps of the code cells that belong to the test cell at ``position``: those after the
        previous test cell (a question's own answer cells)."""
        debut = max((p for p in range(position) if self.etapes[p].questions), default=-1) + 1
        return [p for p in range(debut, position) if not self.etapes[p].questions]

    def secrets(self, reference: str) -> frozenset[str]:
        """The functions of ``reference`` (a text sent to the runner) that a question of the subject grades, in
        this notebook's assignment or another: what the student's kernel never holds (the students' environment
        has no body of a graded function), so what must not be in the runner's sandbox while the kernel runs."""
        return fonctions_definies(reference) & self.sujet.noms_notes

    def reference_permise(self, *graded: str) -> str:
        """The reference without the functions ``graded`` and without every graded function not judged yet."""
        return reference_sans(self.non_jugees() | set(graded), self.module)

    def planifier(self, question: str, expression: str, position: int, jusqua: int | None = None,
                  lecture: contraintes.Lecture | None = None) -> Plan | Resultat:
        """What the runner must evaluate for ``question`` (or a verdict when there is nothing to run): the plan
        of its kind of question (its hook ``planifier``, ``types_question.TypeDeQuestion``).

        ``position``: the step of its test cell; ``jusqua``: the steps whose code counts (the cells
        above the test cell, or the whole notebook when the function is defined further down);
        ``lecture``: what the parse step read in those cells (``contraintes.lire_question``; read by the kind
        when not given).  The reference a plan carries holds no function whose question is not judged yet
        (``reference_permise``).
        """
        jusqua = position if jusqua is None else jusqua
        genre = self.sujet.type_de(question)
        if genre is None:
            return echec(question, "question inconnue du correcteur.")
        return genre.planifier(self, question, expression, position, jusqua, lecture)

    # ------------------------------------------------ what a kind reads of the notebook (types_question.VueDuNotebook)
    def cas_de(self, question: str,
               appels: tuple[tuple[str, ...], ...]) -> tuple[list[tuple], list, list[dict], dict]:
        """The cases of a function question and their expected answers, once per class (:func:`cas_et_attendus`)."""
        return cas_et_attendus(self.sujet.module_correction, question, appels)

    def notees_atteintes(self, nom: str, sans: frozenset[str]) -> set[str]:
        """The graded functions of this notebook but ``nom`` that the reference of ``nom`` reaches, not going
        through ``sans`` (:func:`atteintes`)."""
        return atteintes(nom, self.module, sans) & self.notes - {nom}

    def notees_lues(self, question: str) -> set[str]:
        """The graded functions of this notebook that the cells answering ``question`` name (its test cell's
        own cells, :meth:`cellules_propres`)."""
        position = next(p for p, e in enumerate(self.etapes) if question in dict(e.questions))
        propres = self.cellules_propres(position)
        return set().union(*(contraintes.noms_lus(self.etapes[p].source) for p in propres)) & self.notes
