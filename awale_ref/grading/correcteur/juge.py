"""The judge: every hidden verdict of a submitted notebook, computed once, outside any student code.

Three parties grade a submission (docs/grading_security.md):

- the student's **kernel** runs the notebook for the student's feedback and
  nbgrader's record; nothing it does counts;
- the **runner** (:mod:`awale_ref.grading.executant`), started fresh for
  each submission in a sandbox (:mod:`awale_ref.grading.correcteur.bac_a_sable`),
  rebuilds the student's functions from the *submitted cells only*, in
  order, and evaluates them on the inputs it is sent;
- the **judge** (this module, in the grader's process) sends the cells and
  the inputs, receives plain JSON, decodes it into exact builtin types,
  compares with the reference, and returns the verdicts.  It never runs the
  student's code and never unpickles anything.

Orders and replies are the typed, versioned records of
:mod:`awale_ref.grading.executant.messages`; a reply that is not one (another version,
an unknown outcome, a mistyped field) fails its question and restarts the
runner.  What the judge keeps for a question (expected observations, memo,
reasons read in the source) is a :class:`Plan` beside the order, never in it.

A question's path is a pipeline, each step a module entered once, in order, by this module (the orchestrator,
:func:`_une_question`; ``tests/test_chemin.py`` measures it):

1. *parse*: ``contraintes.lire_question``, on the one parse of each cell (``contraintes.arbre``);
2. *plan*: :mod:`awale_ref.grading.correcteur.plan`, through the hook ``planifier`` of the question's kind
   (``types_question``): an order and a :class:`Plan` that carries what the verdict needs and the kind;
3. *run*: :mod:`awale_ref.grading.correcteur.lancement` (the runner's process; for a query, the judge's SQL process);
4. *judge*: ``familles.juger_reponse`` (the runner's common failures, then the kind's hook ``juger_reponse``; a
   function by rule family);
5. *shrink* the first failing case: ``retrecissement.contre_exemple_du_bilan``, handed the run step's
   ``lancement.evaluer_candidats`` and the judge step's typed tools (``Bilan.outils``), importing neither;
6. *render*: ``rendu.resultat_du_bilan`` (and the subject's drawing of the case).

The same steps, in one process (the student's kernel, the self-study checks), are composed by
``checks.verifier``.

What the runner is given is derived from the notebook and the reference,
not listed by hand: the functions the notebook imports from ``awale_ref``
are supplied as plain code, *minus every function the notebook grades*;
for one question, every exam function but the graded one resolves to the
reference (in a forked child that dies after the question).  Each question
is evaluated where its test cell stands, on the state the cells above it
built (a later scratch line does not change it); if the graded name does
not exist there yet (a moved cell), at the end of the notebook
(``tests/test_juge.py``, ``tests/test_cloisonnement.py``).
"""

from __future__ import annotations

import contextlib
import functools
import io
from dataclasses import dataclass, field
from typing import Callable

from awale_ref.grading.eleve import contraintes, familles, rendu, retrecissement, textes
from awale_ref.grading.executant import messages
from awale_ref.grading.registre import catalogue
from awale_ref.grading.correcteur.lancement import (BudgetEpuise, DELAI_CELLULE_S, DELAI_QUESTION_S, demarrer,
                                                    EvaluateurSql, evaluer_candidats, Executant, ExecutantBloque,
                                                    executer, Limites, MEMOIRE_OCTETS, RenduTropVolumineux)
from awale_ref.grading.executant.messages import Issue, MessageInvalide
from awale_ref.grading.correcteur.plan import (_source, atteintes, cas_et_attendus, fonctions_reference, Plan,
                                               PlanDuNotebook, reference_sans)
from awale_ref.grading.eleve.resultat import Bilan, Resultat, echec
from awale_ref.grading.eleve.textes import NE_S_ARRETE_PAS

__all__ = ["DELAI_CELLULE_S", "DELAI_QUESTION_S", "MEMOIRE_OCTETS", "Limites", "Executant", "CelluleDeCode",
           "Plan", "CorrectionDuNotebook", "juger_notebook"]


@dataclass
class CelluleDeCode:
    """One code cell of the notebook, in order: its source, or the hidden questions of a test cell."""

    index: int
    source: str = ""
    questions: list[tuple[str, str]] = field(default_factory=list)
    exemples: str = ""  # the test cell's source (its visible ``tester`` calls), for the visible examples


def message_budget(limites: Limites) -> str:
    """What a question not judged for lack of time says (French, for the student)."""
    budget = f" ({limites.budget:g} s)" if limites.budget else ""
    return (f"la correction de ce notebook a dépassé le temps qui lui est accordé{budget} : cette question n'a "
            f"pas été jugée. Des cellules trop lentes ou qui ne s'arrêtent pas ont pris tout le temps.")


# The steps' names others import from here, kept: ``pipeline.paquet_eleve`` imports ``reference_sans``, tests and
# benchmarks ``Plan``, ``cas_et_attendus``, ``fonctions_reference``, ``atteintes``, ``exemples_visibles``.
exemples_visibles = contraintes.exemples_visibles


# ---------------------------------------------------------------- one notebook's state
class CorrectionDuNotebook(PlanDuNotebook):
    """One notebook being judged: its plan (:class:`plan.PlanDuNotebook`, built *before* any runner exists) and
    the judge's SQL process its queries are run in (``evaluateur_sql``, :func:`lancement.executer`)."""

    def __init__(self, etapes: list[CelluleDeCode], base_sql: str | None = None,
                 sujet: catalogue.Sujet | None = None, evaluateur_sql: EvaluateurSql | None = None,
                 attendre: Callable[[], None] | None = None, publiques: frozenset[str] = frozenset(),
                 auteur: str | None = None) -> None:
        super().__init__(etapes, base_sql, sujet, auteur)
        self.evaluateur_sql = evaluateur_sql
        self.attendre = attendre
        self.publiques = publiques

    def secret(self, reference: str) -> bool:
        """Whether ``reference`` holds the body of a graded function that is not one of ``publiques`` (functions
        whose every assignment is closed): an open secret."""
        return bool(self.secrets(reference) - self.publiques)

    def attente(self, reference: str) -> Callable[[], None] | None:
        """What to wait for before ``reference`` enters the runner's sandbox: ``attendre`` (the end of the
        student's kernel, ``pipeline.autograde``) when it holds an open secret (:meth:`secret`), else nothing."""
        return self.attendre if self.attendre is not None and self.secret(reference) else None

    def exclusif(self) -> bool:
        """Whether some order of this notebook may hold an open secret (the whole reference module does): its
        runner then takes the machine's grading lock exclusive (``verrou``) from its first order, after the
        student's kernel has ended."""
        return self.secret(reference_sans(set(), self.module))


# ---------------------------------------------------------------- a whole notebook
def juger_notebook(etapes: list[CelluleDeCode], bac_a_sable: bool = True, limites: Limites | None = None,
                   fichiers: str | None = None, base_sql: str | None = None,
                   sujet: catalogue.Sujet | None = None, attendre: Callable[[], None] | None = None,
                   publiques: frozenset[str] = frozenset(), auteur: str | None = None) -> dict[str, Resultat]:
    """Every hidden verdict of a notebook, ``{question: Resultat}``.

    ``etapes``: the code cells in order (test cells carry their hidden
    questions); ``fichiers``: the submission's folder (copied, without
    symbolic links, into the runner's private folder); ``base_sql``: the
    hidden database's file (mounted read-only for the judge's SQL process only, never for the runner);
    ``sujet``: the subject, when
    the caller has already read it from the test cells.  A cell that blocks or kills
    the runner is left out and the runner started again; a question that
    does, fails.  ``attendre``: blocks until no other process runs the
    student's code (``pipeline.autograde`` starts the judge beside the
    student's kernel): called before a reference holding the body of a
    function the subject grades (``secrets``) enters the runner's sandbox,
    in the first order or a question's; it may raise :class:`BudgetEpuise`.
    ``publiques``: graded functions whose bodies are no secret any more (every assignment grading them is
    past its due date, so the students' environment holds them): their references do not wait.  In a sandbox, a
    runner that may hold an open secret (:meth:`CorrectionDuNotebook.exclusif`) waits for ``attendre`` before its
    first order and takes the machine's grading lock exclusive (``verrou``): no process of another grading runs
    a student's code beside it; any other runner takes it shared.
    ``auteur``: the submission's nbgrader student id (its folder): the value questions asked on per-student
    data are graded on this student's (``None``: on the statement's own data).
    """
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # the reference's own prints (tour_jeu on a refused pit)
            return _juger_notebook(etapes, bac_a_sable, limites or Limites(), fichiers, base_sql, sujet, attendre,
                                   publiques, auteur)
    finally:
        contraintes.vider_caches()  # nothing of a student's source outlives the notebook


def _juger_notebook(etapes: list[CelluleDeCode], bac_a_sable: bool, limites: Limites, fichiers: str | None,
                    base_sql: str | None, sujet: catalogue.Sujet | None,
                    attendre: Callable[[], None] | None, publiques: frozenset[str],
                    auteur: str | None = None) -> dict[str, Resultat]:
    if attendre is not None:  # once the kernel has ended, the judge's time starts again (``Limites.reprendre``)
        attendre = _puis_reprendre(attendre, limites)
    # the query questions' second process: started on the first query only, stopped with the notebook
    evaluateur = EvaluateurSql(base_sql, bac_a_sable, limites) if base_sql else None
    correction = CorrectionDuNotebook(etapes, base_sql, sujet, evaluateur, attendre, publiques, auteur)
    verdicts: dict[str, Resultat] = {}
    sauter: set[int] = set()
    raison = None  # why no question could be judged, when it is the submission's own (RenduTropVolumineux)
    try:
        for _ in range(len(etapes) + 2):
            try:
                demarrage = messages.Demarrage(correction.module, correction.reference_non_notee,
                                               list(correction.sujet.noms_reference),
                                               [correction.sujet.module_correction])
                exclusif = bac_a_sable and correction.exclusif()
                attente = correction.attendre if exclusif else correction.attente(demarrage.reference_non_notee)
                with demarrer(demarrage, bac_a_sable, limites, fichiers, attente, exclusif) as ex:
                    bloque = _derouler(ex, correction, etapes, verdicts, sauter, limites)
            except BudgetEpuise:
                limites.journal.append("le temps accordé au notebook est épuisé : les questions restantes valent 0")
                break
            except RenduTropVolumineux as exc:
                limites.journal.append(str(exc))
                raison = str(exc)
                break
            if not bloque:
                break
    finally:
        if evaluateur is not None:
            evaluateur.fermer()
    epuise = limites.reste() <= 0
    for etape in etapes:
        for question, _ in etape.questions:
            verdicts.setdefault(question, echec(question, raison or (message_budget(limites) if epuise else
                                                                     "la correction n'a pas pu juger cette réponse.")))
    return verdicts


def _puis_reprendre(attendre: Callable[[], None], limites: Limites) -> Callable[[], None]:
    """``attendre``, then, the first time, a budget of the judge's own (``Limites.reprendre``): the student's kernel
    it waited for had the notebook's."""
    repris: list[bool] = []

    def attendre_puis_reprendre() -> None:
        attendre()
        if not repris:
            repris.append(True)
            limites.reprendre()
    return attendre_puis_reprendre


def _derouler(ex: Executant | None, correction: CorrectionDuNotebook, etapes: list[CelluleDeCode],
              verdicts: dict[str, Resultat], sauter: set[int], limites: Limites) -> bool:
    """Run the steps in order; ``True`` when the runner must be started again (a cell or question blocked)."""
    if ex is None:
        return False
    differees: list[tuple[str, str, int]] = []
    for position, etape in enumerate(etapes):
        if not etape.questions:
            if position in sauter:
                continue
            try:
                ex.cellule(etape.source)
            except ExecutantBloque:
                memoire = ex.memoire_depassee()
                limites.journal.append(f"la cellule de code n°{etape.index + 1} a bloqué ou arrêté l'exécution"
                                       f"{f' ({memoire})' if memoire else ''} : elle est ignorée")
                sauter.add(position)
                return True
            if memoire := ex.memoire_depassee():
                limites.journal.append(f"la cellule de code n°{etape.index + 1} : {memoire}")
            continue
        for question, expression in etape.questions:
            if question in verdicts:
                continue
            if not correction.pret(question):  # it calls a graded function judged further down (``pret``)
                differees.append((question, expression, position))
                continue
            resultat = _une_question(ex, correction, question, expression, position, verdicts)
            if resultat == "absent":
                differees.append((question, expression, position))
            elif resultat == "bloque":
                return True
    # Not defined where its test stands, or waiting for another question's verdict: the end state, each
    # question once the questions it needs are judged (in the notebook's order when none is ready: a cycle).
    differees = [d for d in differees if d[0] not in verdicts]
    while differees:
        suivante = next((d for d in differees if correction.pret(d[0])), differees[0])
        differees.remove(suivante)
        question, expression, position = suivante
        if _une_question(ex, correction, question, expression, position, verdicts, fin=True) == "bloque":
            return True
    return False


def _une_question(ex: Executant, correction: CorrectionDuNotebook, question: str, expression: str, position: int,
                  verdicts: dict[str, Resultat], fin: bool = False) -> str:
    jusqua = len(correction.etapes) if fin else position
    lecture = contraintes.lire_question(correction.specs.get(question), correction.etapes, jusqua,  # parse
                                        correction.etapes[position].exemples)
    plan = correction.planifier(question, expression, position, jusqua, lecture)  # plan
    if isinstance(plan, Resultat):
        verdicts[question] = plan
        correction.jugees.add(question)
        return "juge"
    if attente := correction.attente(getattr(plan.ordre, "reference", "")):
        attente()  # no graded function's body in the sandbox while another process runs the student's code
    try:
        reponse, memoire = executer(ex, plan.ordre, correction.evaluateur_sql)  # run (a query: by the SQL process)
    except messages.ReponseTropGrande as exc:  # refused before it was parsed; the runner is started again
        ex.limites.journal.append(f"{question} : réponse du processus d'exécution au-delà du budget ({exc}) ; "
                                  f"il est relancé")
        verdicts[question] = echec(question, f"{textes.decrire_trop_grande(exc.limite)} : la question est comptée "
                                             f"fausse (votre code produit-il des données énormes, ou écrit-il sur "
                                             f"le canal de la correction ?).")
        correction.jugees.add(question)
        return "bloque"
    except MessageInvalide as exc:  # forged or broken: never a pass, and the channel is not trusted any more
        ex.limites.journal.append(f"{question} : réponse invalide du processus d'exécution ({exc}) ; il est relancé")
        verdicts[question] = echec(question, "le processus d'exécution a renvoyé une réponse invalide (votre code "
                                             "écrit-il sur le canal de la correction ?) : la question est comptée "
                                             "fausse.")
        correction.jugees.add(question)
        return "bloque"
    except ExecutantBloque:
        memoire = ex.memoire_depassee()
        verdicts[question] = echec(question, f"{memoire} pendant cette question : elle est comptée fausse." if memoire
                                   else f"la correction a dépassé {ex.limites.delai_question:g} s ou "
                                        f"s'est arrêtée : {NE_S_ARRETE_PAS}, ou elle appelle exit() "
                                        f"ou fait planter Python.")
        correction.jugees.add(question)
        return "bloque"
    if reponse.issue is Issue.ABSENT and not fin:
        return "absent"
    verdict = familles.juger_reponse(plan, reponse, ex.limites.delai_question)  # judge (by rule family)
    if isinstance(verdict, Bilan):  # a function that fails a family: its first failing case shrunk, then rendered
        contre = retrecissement.contre_exemple_du_bilan(verdict, plan.cas, reponse.resultats, plan.attendus,
                                                        evaluer=functools.partial(evaluer_candidats, ex, plan.ordre))
        verdict = rendu.resultat_du_bilan(verdict, contre)
    if memoire and not verdict.ok:  # the cap, not the answer, is why it failed
        verdict = echec(question, f"{memoire} pendant cette question : elle est comptée fausse.")
    verdicts[question] = verdict
    correction.jugees.add(question)  # from now on, its reference may be sent with the next questions (pret)
    return "juge"
