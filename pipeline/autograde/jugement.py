"""The judge in ``nbgrader autograde``: each hidden verdict computed once, outside the kernel, written in its cell.

The preprocessors are :class:`VerdictsDesTestsCaches` and :class:`VerdictsDesTestsCachesAnticipes` (the latter
starts judging while the student's kernel still runs); their settings are traitlets, ``c.VerdictsDesTestsCaches.x``.
"""

from __future__ import annotations

import concurrent.futures
import functools
import json
import threading
import time
from typing import Any, ClassVar

from nbconvert.exporters.exporter import ResourcesDict
from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Bool, Float, Integer

from awale_ref.grading.correcteur import bac_a_sable, juge
from pipeline.autograde.ressources import CLE_ANTICIPE, CLE_ECHEANCE, CLE_ECHEC, CLE_MEMOIRE, CLE_NOYAU_FINI, qui
from pipeline.autograde.structure import est_cellule_de_test, questions_cachees
from pipeline.autograde.verdicts import sorties_du_verdict, sorties_hors_verdict


class VerdictsDesTestsCaches(NbGraderPreprocessor):
    """The judge: the verdict of every hidden test, computed once outside the kernel, written into its cell.

    For each graded test cell, the kernel's own verdicts (the visible tests'
    ``✔`` lines and failures) are dropped: the judge's verdict, appended last
    (an error output on failure), is the only one the student reads, and
    nbgrader's score of the cell depends only on it.  What else the kernel
    printed there stays as plain text (``sorties_hors_verdict``).
    """

    delai_cellule = Float(juge.DELAI_CELLULE_S, help="seconds for one code cell in the runner").tag(config=True)
    delai_question = Float(juge.DELAI_QUESTION_S, help="seconds for judging one question").tag(config=True)
    memoire = Integer(juge.MEMOIRE_OCTETS, help="RLIMIT_AS of the runner, in bytes").tag(config=True)
    bac_a_sable = Bool(True, help="run the runner in a bubblewrap sandbox (False: trusted work only)"
                       ).tag(config=True)
    budget_notebook = Float(600.0, help="seconds for one notebook, kernel, runner and judge together (from the "
                                        "start of its grading); past it nothing more runs and the questions "
                                        "left get 0").tag(config=True)

    def _echeance(self, resources: ResourcesDict) -> float:
        """The notebook's deadline, set by the first of the course's preprocessors that asks."""
        return resources.setdefault(CLE_ECHEANCE, time.monotonic() + self.budget_notebook)

    def preprocess(self, nb: NotebookNode, resources: ResourcesDict) -> tuple[NotebookNode, ResourcesDict]:
        if resources.get(CLE_ECHEC):  # graded 0 for a reason (ExportateurPrudent): nothing to judge
            return nb, resources
        etapes, tests = self._etapes(nb)
        self._echeance(resources)
        if (fini := resources.get(CLE_NOYAU_FINI)) is not None:
            fini.set()  # listed after the kernel's step: the kernel has ended
        anticipe = resources.pop(CLE_ANTICIPE, None)
        if anticipe is not None and anticipe[0] == _empreinte(etapes):
            debut = time.perf_counter()
            verdicts = anticipe[1].result()  # computed while the kernel ran (VerdictsDesTestsCachesAnticipes)
            self.log.info("Timing %s: judge waited %.3f s", qui(resources), time.perf_counter() - debut)
        else:  # no early start, or the cells changed since: judged here, on the cells as they are now
            if anticipe is not None:  # its runner ends first: one runner at a time
                concurrent.futures.wait([anticipe[1]])
            verdicts = self._juger(etapes, tests, resources)
        self._ecrire(tests, verdicts, resources)
        return nb, resources

    @staticmethod
    def _etapes(nb: NotebookNode) -> tuple[list[juge.CelluleDeCode], list[tuple[NotebookNode, list[tuple[str, str]]]]]:
        """The code cells in order, for the runner, and the graded test cells with their hidden questions."""
        etapes: list[juge.CelluleDeCode] = []
        tests: list[tuple[NotebookNode, list[tuple[str, str]]]] = []
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            if est_cellule_de_test(cell):
                questions = questions_cachees(cell.source)
                tests.append((cell, questions))
                if questions:
                    etapes.append(juge.CelluleDeCode(index, questions=questions, exemples=cell.source))
            else:
                etapes.append(juge.CelluleDeCode(index, cell.source))
        return etapes, tests

    def _juger(self, etapes: list[juge.CelluleDeCode], tests: list, resources: ResourcesDict) -> dict[str, Any]:
        debut = time.perf_counter()
        try:
            return self._verdicts(etapes, tests, resources)
        finally:  # read by pipeline/correction_dask.py and benchmarks/bench_grading.py: where the time goes
            self.log.info("Timing %s: judge %.3f s", qui(resources), time.perf_counter() - debut)

    def _verdicts(self, etapes: list[juge.CelluleDeCode], tests: list, resources: ResourcesDict) -> dict[str, Any]:
        copie = qui(resources)
        avec_bac = bac_a_sable.actif(self.bac_a_sable)
        if avec_bac:
            bac_a_sable.verifier_disponible()
        elif tests:
            self.log.warning("Grading %s WITHOUT the sandbox (trusted work only)", copie)
        verdicts: dict[str, Any] = {}
        if etapes and any(e.questions for e in etapes):
            from awale_ref.grading.registre import catalogue

            sujet = catalogue.sujet_des_sources([e.exemples for e in etapes if e.questions])
            # the variant graded is the submission's author's: its folder submitted/<student>/, never the notebook
            auteur = resources.get("nbgrader", {}).get("student")
            # the hidden file of the judge's SQL process (never the runner's), declared by the questions' kinds:
            # the author's own variant of the hidden database
            base = sujet.fichier_du_juge({q for _, qs in tests for q, _ in qs}, auteur)
            limites = juge.Limites(self.delai_cellule, self.delai_question, self.memoire,
                                   echeance=self._echeance(resources), budget=self.budget_notebook,
                                   groupe=resources.get(CLE_MEMOIRE))
            dossier = resources.get("metadata", {}).get("path") or None
            attente = resources.get(CLE_ATTENTE)
            # (the runner's grading lock is exclusive only for an open secret: read with the sandbox too)
            publiques = (fonctions_publiques(resources.get("nbgrader", {}).get("db_url"), sujet)
                         if attente or avec_bac else frozenset())
            verdicts = juge.juger_notebook(etapes, avec_bac, limites, dossier, base, sujet, attente, publiques,
                                           auteur)
            for evenement in limites.journal:
                self.log.warning("Judge of %s: %s", copie, evenement)
            for debut, fin, exclusif, attente_verrou in limites.intervalles:
                self.log.info("Student code of %s: runner from %.6f to %.6f (monotonic), open secrets: %s, waited "
                              "%.3f s for the grading lock", copie, debut, fin, "yes" if exclusif else "no",
                              attente_verrou)
        return verdicts

    def _ecrire(self, tests: list, verdicts: dict[str, Any], resources: ResourcesDict) -> None:
        """Each graded test cell: the kernel's outputs as information, then the judge's verdicts."""
        copie = qui(resources)
        for cell, questions in tests:
            if not questions:  # no hidden test: nbgrader scores the kernel's outputs as usual
                continue
            cell.outputs = sorties_hors_verdict(cell.outputs)
            resultats = [verdicts[question] for question, _ in questions]
            cell.outputs += sorties_du_verdict(resultats, float(cell.metadata["nbgrader"].get("points", 0)))
            for resultat in resultats:
                if not resultat.ok:
                    self.log.info("Judge of %s, cell %s: %s", copie, cell.metadata["nbgrader"]["grade_id"],
                                  resultat.message.splitlines()[0])


def _empreinte(etapes: list[juge.CelluleDeCode]) -> str:
    """What the judge is given: the same fingerprint means the same verdicts."""
    return json.dumps([(e.index, e.source, e.questions, e.exemples) for e in etapes])


def fonctions_publiques(db_url: str | None, sujet) -> frozenset[str]:
    """The graded functions of ``sujet`` that are no secret any more: every assignment of the course grading one
    is past its due date in the gradebook at ``db_url`` (the one source ``pipeline.paquet_eleve`` rebuilds the
    students' environment from, with these functions' working versions).  A function graded by an assignment
    still open, or without a due date, stays secret; so does everything when the gradebook cannot be read."""
    if not db_url:
        return frozenset()
    from pipeline.paquet_eleve import devoirs_fermes_du_carnet

    try:
        fermes = devoirs_fermes_du_carnet(db_url)
    except Exception:  # noqa: BLE001  (no readable gradebook: nothing is public)
        return frozenset()
    publiques: set[str] = set()
    secretes: set[str] = set()
    for devoir, questions in _questions_des_devoirs(sujet.module_correction).items():
        noms = {nom for q in questions if (nom := sujet.nom_note(q))}
        (publiques if devoir in fermes else secretes).update(noms)
    return frozenset(publiques - secretes)


@functools.lru_cache(maxsize=None)
def _questions_des_devoirs(module_correction: str) -> dict[str, list[str]]:
    """``{assignment: its hidden questions}`` of the course's assignments of one subject (read from the sources)."""
    from pipeline.build import ASSIGNMENTS, sujet_de
    from pipeline.paquet_eleve import questions_du_devoir

    return {a: questions_du_devoir(a) for a in ASSIGNMENTS if sujet_de(a).module_correction == module_correction}


CLE_ATTENTE = "awale_attente_du_noyau"  # VerdictsDesTestsCachesAnticipes: the judge's ``attendre`` (juge.juger_notebook)


MARGE_NOYAU_S = 120.0  # how long past the budget the kernel may take to stop (its last cell cut, killed)


class _AttenteDuNoyau:
    """``juge.juger_notebook``'s ``attendre`` for a judge started beside the student's kernel: returns once the
    kernel has ended (``CLE_NOYAU_FINI``, set by ``ExecutionProtegee``, or by :class:`VerdictsDesTestsCaches` after
    it); raises ``juge.BudgetEpuise`` when the kernel outlives the notebook's budget by :data:`MARGE_NOYAU_S`, when
    the judge is abandoned (the next notebook starts: :meth:`VerdictsDesTestsCachesAnticipes.abandonner`) or when
    the process is ending."""

    def __init__(self, fini: threading.Event, resources: ResourcesDict) -> None:
        self.fini, self.resources, self.abandonne = fini, resources, False

    def __call__(self) -> None:
        while not self.fini.wait(0.1):  # the deadline read each time: the kernel's wait for the lock moves it
            trop_tard = time.monotonic() > self.resources[CLE_ECHEANCE] + MARGE_NOYAU_S
            if trop_tard or not threading.main_thread().is_alive():
                raise juge.BudgetEpuise()
        if self.abandonne:
            raise juge.BudgetEpuise()


class VerdictsDesTestsCachesAnticipes(VerdictsDesTestsCaches):
    """Starts the judge before the student's kernel runs, so that both run at once (on two cores).

    The judge never reads what the kernel does: it takes the submitted cells and the submission's
    folder as nbgrader prepared them (the kernel works in a private copy), so starting it first changes
    no verdict. :class:`VerdictsDesTestsCaches`, after the kernel, takes the result if the cells are still
    the same (else it judges again) and writes it. Listed before ``ExecutionProtegee`` in nbgrader_config.py.

    While the kernel runs, the runner gets no body of a graded function (``juge.juger_notebook``'s
    ``attendre``: the first order or a question's waits for the kernel's end when its reference holds one), so
    that no channel between the two sandboxes can carry one into the kernel, whose outputs reach the feedback.
    One judge at a time: a judge still running when the next notebook starts is abandoned and waited for,
    before that notebook's kernel runs anything (docs/grading_security.md).
    """

    _precedents: ClassVar[dict[int, tuple[concurrent.futures.Future, _AttenteDuNoyau]]] = {}  # by grading thread

    @classmethod
    def abandonner(cls) -> None:
        """End the judge of the previous notebook this thread graded (its kernel is gone: the verdicts were not
        taken) and wait for it."""
        precedent = cls._precedents.pop(threading.get_ident(), None)
        if precedent is not None and not precedent[0].done():
            precedent[1].abandonne = True
            precedent[1].fini.set()
            concurrent.futures.wait([precedent[0]])

    def preprocess(self, nb: NotebookNode, resources: ResourcesDict) -> tuple[NotebookNode, ResourcesDict]:
        self.abandonner()
        if resources.get(CLE_ECHEC):
            return nb, resources
        etapes, tests = self._etapes(nb)
        self._echeance(resources)  # the budget starts now, for the kernel too
        if any(e.questions for e in etapes):
            fini = resources.setdefault(CLE_NOYAU_FINI, threading.Event())
            attente = resources[CLE_ATTENTE] = _AttenteDuNoyau(fini, resources)
            fil = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="juge")
            futur = fil.submit(self._juger, etapes, tests, resources)
            resources[CLE_ANTICIPE] = (_empreinte(etapes), futur)
            type(self)._precedents[threading.get_ident()] = (futur, attente)
            fil.shutdown(wait=False)  # the thread ends with its verdicts
        return nb, resources
