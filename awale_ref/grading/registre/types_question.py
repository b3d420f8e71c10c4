"""Kinds of question: the one interface through which a subject's questions are graded.

A subject (:class:`awale_ref.grading.registre.catalogue.Sujet`) is made of kinds of question, each owning some of
its questions.  Two kinds come from what every subject declares: :class:`Fonctions` (its ``specs``: a
function called on cases) and :class:`Valeurs` (its structured ``reponses``: a value).  A subject adds
its own in ``Sujet(types=(...))``: :class:`PartieEntiere` (a function that plays a whole game against
spies, the CCINP's Q21) and :class:`QuestionsSQL` (queries checked by the subject's SQL module).  The
core (the judge, the clean room, the visible tests, the nbgrader glue, the students' environment) asks the
subject for a question's kind (``Sujet.type_de``) and calls its methods, its *hooks*; it names no kind.  The
judge's plan step (:mod:`awale_ref.grading.correcteur.plan`) calls ``planifier`` and its judging step
(:mod:`awale_ref.grading.eleve.familles`) calls ``juger_reponse`` on the kind the plan names.  A kind of a
subject's own subclasses one of these (or :class:`TypeDeQuestion`) and overrides the hooks it grades
differently; a reply the runner cannot give yet (a new order of :mod:`awale_ref.grading.executant.messages`) is a
change of the protocol, not of the judge.

What a kind answers, for the questions it owns (each method but ``planifier`` and ``juger_reponse`` has a
default: nothing to do):

========================  ==================================================================================
``questions``             the questions it owns (each question has one kind)
``fonction_notee(q)``     the reference function ``q`` grades (``None``: a value or a query), hidden from
                          the runner until ``q`` is judged
``espions(q)``            the functions the runner replaces by spies for ``q`` (the judge's order of release)
``tester(...)``           the visible test, in the student's kernel (one example, or the shape of a value)
``preparer(...)``         the hidden test in one clean process (self-study): a function of the student's
                          object, ready *before* that object exists
``fichier_du_juge(qs, q)`` a hidden file the judge's SQL process reads for the questions ``qs`` of a notebook
                          of the student ``q`` (mounted read-only there; never in the runner nor the kernel:
                          the hidden database, the student's own variant of it)
``preparer_donnees()``    data built once per machine before grading (``donnees_machine`` says if any)
``modules_eleves()``      its modules the students' environment gets as they are
``donnees_visibles()``    what the visible tests of the students' environment need (``visibles.json``)
``fichiers_eleves()``     the files it writes into the students' environment (path -> source), and
``noms_eleves()``         the names the subject's package forwards to them (``awale_ref.grading.registre.livraison``)
``familles(q)``           the rule families of ``q`` (the demo class, the reports)
``spec_de(q)``            the spec whose constraints the judge's parse step reads in the cells (``None``: none)
``besoins(nb, q)``        the graded functions of the notebook ``nb`` that must be judged before ``q`` (their
                          reference enters the runner only then): by default those its reference function reaches
``planifier(nb, q, ...)`` the judge's plan of ``q``: a :class:`resultat.Plan` (the order that crosses to the
                          runner, what the verdict keeps, ``genre=self``), or a verdict when nothing is to run
``juger_reponse(p, r)``   the verdict on the runner's reply ``r`` to the plan ``p`` (its common failures, a
                          runner that died or found nothing, are judged before: ``familles.verdict_generique``):
                          a :class:`resultat.Resultat`, or for a function the :class:`resultat.Bilan` that is
                          shrunk and rendered after
========================  ==================================================================================

``nb`` is the notebook being planned, seen through :class:`VueDuNotebook` (``plan.PlanDuNotebook`` is one).

>>> sql = QuestionsSQL(("Q9",), "un.module")
>>> sql.questions, sql.fonction_notee("Q9"), sql.donnees_machine, Valeurs({}).questions
(('Q9',), None, True, ())
"""

from __future__ import annotations

import importlib
import inspect
import types
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

from awale_ref.grading.correcteur import reponses_structurees
from awale_ref.grading.eleve import checks, contraintes, familles, presentations, variantes
from awale_ref.grading.eleve.resultat import Bilan, Plan, Resultat, echec
from awale_ref.grading.eleve.textes import decrire_appel, decrire_reussite
from awale_ref.grading.executant import encodage, messages, requetes

if TYPE_CHECKING:  # only for the annotations
    from awale_ref.grading.eleve.specs import Famille, Spec


class VueDuSujet(Protocol):
    """What a kind of question reads of its subject (:class:`awale_ref.grading.registre.catalogue.Sujet` is one; the
    subject is made of its kinds, so a kind names what it reads, never the class)."""

    module_correction: str
    module_reference: str
    modules_eleves: tuple[str, ...]

    def reference(self) -> types.ModuleType: ...

    def donnees_de(self, question: str, qui: str | None) -> tuple[variantes.Variante, Any] | None: ...


class VueDuNotebook(Protocol):
    """What a kind of question reads of the notebook the judge plans (:class:`awale_ref.grading.correcteur.plan.PlanDuNotebook`
    is one): its steps, its subject, the student it is graded for, and the reference the runner may be sent."""

    etapes: list
    sujet: Any  # a VueDuSujet with ``module_correction``
    module: str  # the subject's reference module
    toutes: list[str]  # the public functions of the reference (resolved to it while a question runs)
    auteur: str | None  # the submission's nbgrader student id
    base_sql: str | None  # the hidden database, when the notebook has one
    preparations: dict[str, Any]  # what a kind prepared for a question of this notebook (once per notebook)

    def reference_permise(self, *graded: str) -> str: ...

    def cellules_propres(self, position: int) -> list[int]: ...

    def cas_de(self, question: str, appels: tuple[tuple[str, ...], ...]) -> tuple[list, list, list, dict]: ...

    def notees_atteintes(self, nom: str, sans: frozenset[str]) -> set[str]: ...

    def notees_lues(self, question: str) -> set[str]: ...


class TypeDeQuestion:
    """A kind of question (see the module's docstring for what each method answers).

    ``planifier`` and ``juger_reponse`` have no default: a kind the judge grades defines both (or inherits
    them from one of this module's kinds)."""

    donnees_machine: bool = False
    """Whether :meth:`preparer_donnees` builds something (once per machine, before grading)."""

    @property
    def questions(self) -> tuple[str, ...]:
        raise NotImplementedError

    def fonction_notee(self, question: str) -> str | None:
        return None

    def espions(self, question: str) -> frozenset[str]:
        return frozenset()

    def tester(self, sujet: VueDuSujet, question: str, objet: Any, args: tuple, delai: float | None) -> Resultat:
        raise NotImplementedError

    def preparer(self, sujet: VueDuSujet, question: str, cellules: list | None) -> Callable[[Any], Resultat]:
        raise NotImplementedError

    def fichier_du_juge(self, questions: set[str], qui: str | None = None) -> str | None:
        return None

    def preparer_donnees(self) -> None:
        return None

    def modules_eleves(self) -> tuple[str, ...]:
        return ()

    def donnees_visibles(self, sujet: VueDuSujet) -> dict:
        return {}

    def familles(self, question: str) -> tuple[Famille, ...]:
        return ()

    def fichiers_eleves(self, sujet: VueDuSujet) -> dict[str, str]:
        """The files it writes into the students' environment: path in the distribution -> source
        (built by :mod:`awale_ref.grading.registre.livraison`)."""
        return {}

    def noms_eleves(self, sujet: VueDuSujet) -> dict[str, str]:
        """The names the subject's package forwards in the students' environment: name -> module."""
        return {}

    # ------------------------------------------------ the judge's hooks
    def spec_de(self, question: str) -> Spec | None:
        """The spec whose constraints the parse step reads in the submitted cells (``contraintes.lire_question``)."""
        return None

    def besoins(self, notebook: VueDuNotebook, question: str) -> set[str]:
        """The graded functions of ``notebook`` judged before ``question``: those its graded function's
        reference reaches (not through its spies), since that reference is sent with it."""
        nom = self.fonction_notee(question)
        return set() if nom is None else notebook.notees_atteintes(nom, self.espions(question))

    def planifier(self, notebook: VueDuNotebook, question: str, expression: str, position: int, jusqua: int,
                  lecture: contraintes.Lecture | None) -> Plan | Resultat:
        """The judge's plan of ``question`` (``expression``: the name its test cell grades; ``position``: the step
        of that test cell; ``jusqua``: the steps whose code counts; ``lecture``: what the parse step read, or
        ``None``), with ``genre=self``; or a verdict when there is nothing to run."""
        raise TypeError(f"{question}: the judge cannot plan a question of kind {type(self).__name__} (a kind "
                        f"defines the hooks planifier and juger_reponse, or inherits them from Fonctions, Valeurs, "
                        f"PartieEntiere or QuestionsSQL)")

    def juger_reponse(self, plan: Plan, reponse: messages.Reponse) -> Bilan | Resultat:
        """The verdict on the runner's reply to ``plan`` (its expected outcome: the common failures are judged
        before, ``familles.verdict_generique``)."""
        raise TypeError(f"{plan.ordre.question}: the kind {type(self).__name__} plans a question but does not "
                        f"judge it (it defines no hook juger_reponse)")


# ---------------------------------------------------------------- every subject's kinds
@dataclass(frozen=True)
class Fonctions(TypeDeQuestion):
    """Function questions: each ``Spec`` calls the student's function on its cases (``awale_ref.grading.eleve.specs``)."""

    specs: Mapping[str, Spec]

    @property
    def questions(self) -> tuple[str, ...]:
        return tuple(self.specs)

    def fonction_notee(self, question: str) -> str | None:
        return self.specs[question].nom

    def tester(self, sujet: VueDuSujet, question: str, objet: Any, args: tuple, delai: float | None) -> Resultat:
        spec, reference = self.specs[question], sujet.reference()
        resultat = checks.verifier(spec, objet, [args], reference, exemples=True, delai=delai)
        if resultat.ok:
            obs = spec.observer(getattr(reference, spec.nom), args, reference)
            resultat.message = (f"{decrire_appel(spec, args)} : "
                                f"{decrire_reussite(obs, spec.libelles)}")
        return resultat

    def preparer(self, sujet: VueDuSujet, question: str, cellules: list | None) -> Callable[[Any], Resultat]:
        spec, reference = self.specs[question], sujet.reference()
        presentations.presentation(spec.presentation)  # imported now: awale_ref is closed to what follows
        cas = spec.cas()
        return lambda objet: checks.verifier(spec, objet, cas, reference, retrecir=True, cellules=cellules,
                                             delai=checks.DELAI_APPEL_S)

    def familles(self, question: str) -> tuple[Famille, ...]:
        return tuple(self.specs[question].rubriques())

    def spec_de(self, question: str) -> Spec | None:
        return self.specs[question]

    def planifier(self, notebook: VueDuNotebook, question: str, expression: str, position: int, jusqua: int,
                  lecture: contraintes.Lecture | None) -> Plan | Resultat:
        """The spec's cases and their expected answers (computed once per class, ``plan.cas_et_attendus``), and
        the reference without the graded functions not judged yet."""
        spec = self.specs[question]
        if lecture is None:
            lecture = contraintes.lire_question(spec, notebook.etapes, jusqua, notebook.etapes[position].exemples)
        if lecture.raison:
            return Resultat(False, lecture.raison, 0)
        cas, envoi, attendus, memo = notebook.cas_de(question, lecture.exemples)
        ordre = messages.OrdreFonction(
            question=spec.question, expression=expression, nom=spec.nom, observation=spec.observation, cas=envoi,
            reference=notebook.reference_permise(spec.nom), module=notebook.module, substituer=notebook.toutes,
            contraintes=list(spec.contraintes), fonctions=list(spec.positions_fonctions()))
        return Plan(ordre, cas, attendus, memo, {"recursive": lecture.recursion} if lecture.recursion else {},
                    lecture.introuvable, spec=spec, reference=notebook.sujet.reference(), genre=self)

    def juger_reponse(self, plan: Plan, reponse: messages.Reponse) -> Bilan | Resultat:
        """Every case's answer by rule family (``familles.juger``): the :class:`Bilan` shrunk and rendered after."""
        if len(reponse.resultats) != len(plan.cas):
            return echec(plan.ordre.question, "réponse incomplète du processus d'exécution.")
        return familles.juger(plan.spec, plan.cas, reponse.resultats, plan.attendus, plan.raisons, plan.reference,
                              plan.memo)


@dataclass(frozen=True)
class Valeurs(TypeDeQuestion):
    """Structured answers: a value, ``{name: (format check, expected value, hint[, judge])}``
    (:mod:`awale_ref.grading.correcteur.reponses_structurees`)."""

    reponses: Mapping[str, tuple]

    @property
    def questions(self) -> tuple[str, ...]:
        return tuple(self.reponses)

    def tester(self, sujet: VueDuSujet, question: str, objet: Any, args: tuple, delai: float | None) -> Resultat:
        return reponses_structurees.format_reponse(question, objet, self.reponses)

    def preparer(self, sujet: VueDuSujet, question: str, cellules: list | None) -> Callable[[Any], Resultat]:
        # in one process (self-study, the clean room): the data of the kernel's own student
        variante = sujet.donnees_de(question, variantes.identite())
        return lambda objet: reponses_structurees.verifier_reponse(question, objet, self.reponses, variante)

    def besoins(self, notebook: VueDuNotebook, question: str) -> set[str]:
        """The graded functions its own cells name: they are run again with those resolved to the reference."""
        return notebook.notees_lues(question)

    def planifier(self, notebook: VueDuNotebook, question: str, expression: str, position: int, jusqua: int,
                  lecture: contraintes.Lecture | None) -> Plan | Resultat:
        """The cells that build the value, run again with every function of the subject resolved to the
        reference, and the data the question is asked on for the notebook's author."""
        # Each question is graded on its own, a value too: the cells that build it are run again (in the
        # runner's child) with every function of the subject resolved to the reference, so that a
        # mistake in an earlier function (Q2's creer_image for Q3's flag) costs that question only.
        # ``besoins`` has made it wait for the questions of the graded functions they name.
        ordre = messages.OrdreValeur(
            question=question, expression=expression, reference=notebook.reference_permise(),
            module=notebook.module, substituer=notebook.toutes,
            cellules=[notebook.etapes[p].source for p in notebook.cellules_propres(position)])
        return Plan(ordre, variante=notebook.sujet.donnees_de(question, notebook.auteur), genre=self)

    def juger_reponse(self, plan: Plan, reponse: messages.Reponse) -> Bilan | Resultat:
        """The value, decoded into exact builtin types, against the subject's table (``reponses``)."""
        question = plan.ordre.question
        try:
            valeur = encodage.decoder(reponse.valeur)
        except encodage.ObjetRefuse as exc:
            return echec(question, f"votre réponse est {exc}.")
        return reponses_structurees.verifier_reponse(question, valeur, self.reponses, plan.variante)



# ---------------------------------------------------------------- a subject's own kinds
@dataclass(frozen=True)
class PartieEntiere(TypeDeQuestion):
    """A question whose function plays a whole game, some functions replaced by spies (the CCINP's Q21).

    ``fonction``: the function graded; ``espions``: those the runner replaces by spies (their reference is
    not sent before ``question`` is judged); ``verifier(fonction, reference, delai) -> Resultat``: the game
    in one process (visible and self-study tests); ``juger(runner's plain data, reference) -> Resultat``:
    the judge's verdict; ``code``: the module of the runner's side, sent as text, as the reference is
    (``jouer(fonction, espace, reference, outils)``), shipped to the students' environment as it is.
    """

    question: str
    fonction: str
    verifier: Callable[..., Resultat]
    juger: Callable[[dict, types.ModuleType], Resultat]
    code: str
    fonctions_espionnees: frozenset[str] = frozenset()

    @property
    def questions(self) -> tuple[str, ...]:
        return (self.question,)

    def fonction_notee(self, question: str) -> str | None:
        return self.fonction

    def espions(self, question: str) -> frozenset[str]:
        return self.fonctions_espionnees

    def source(self) -> str:
        """The source of the runner's side (sent as text, as the reference is)."""
        return inspect.getsource(importlib.import_module(self.code))

    def tester(self, sujet: VueDuSujet, question: str, objet: Any, args: tuple, delai: float | None) -> Resultat:
        return self.verifier(objet, sujet.reference(), delai)

    def preparer(self, sujet: VueDuSujet, question: str, cellules: list | None) -> Callable[[Any], Resultat]:
        reference = sujet.reference()
        return lambda objet: self.verifier(objet, reference, checks.DELAI_APPEL_S)

    def modules_eleves(self) -> tuple[str, ...]:
        return (self.code,)

    def donnees_visibles(self, sujet: VueDuSujet) -> dict:
        return {"partie": {"question": self.question, "nom": self.fonction, "module": sujet.module_reference}}

    def fichiers_eleves(self, sujet: VueDuSujet) -> dict[str, str]:
        from awale_ref.grading.registre import livraison

        return livraison.fichier_de_partie(self.verifier, sujet.module_correction)

    def planifier(self, notebook: VueDuNotebook, question: str, expression: str, position: int, jusqua: int,
                  lecture: contraintes.Lecture | None) -> Plan | Resultat:
        """The runner's side sent as text, the spied functions' references kept out."""
        ordre = messages.OrdrePartie(
            question=question, expression=expression, nom=self.fonction, code=self.source(),
            reference=notebook.reference_permise(self.fonction, *self.fonctions_espionnees), module=notebook.module,
            substituer=notebook.toutes)
        return Plan(ordre, reference=notebook.sujet.reference(), genre=self)

    def juger_reponse(self, plan: Plan, reponse: messages.Reponse) -> Bilan | Resultat:
        """The game's plain data, judged by the subject's ``juger``."""
        return self.juger(reponse.donnees, plan.reference)


@dataclass(frozen=True)
class QuestionsSQL(TypeDeQuestion):
    """SQL queries, checked by the subject's module ``module`` on a hidden database the runner never sees.

    That module provides ``COLONNES``, ``format_sql(question, requete)`` (the visible test),
    ``preparer_comparaison(question)`` (the judge's half: a function of the runner's plain data,
    ``requetes.evaluer_sql``), ``preparer(question)`` (the same in one process, self-study),
    ``base_cachee()`` (the path of the hidden database), ``preparer_bibliotheques()`` (built once per machine), and
    optionally ``FAMILLES_SQL`` (rule families per question), ``POUR_LES_ELEVES`` (its helpers the
    students' environment may get) and ``VARIANTE`` (each student's own databases: a
    :class:`~awale_ref.grading.eleve.variantes.Variante` whose data, :meth:`donnees`, the module's ``preparer``,
    ``preparer_comparaison`` and ``base_cachee`` take as ``variante``; its visible test and ``montrer_requete``
    draw it from the kernel's identity).  The query always runs under the same guard
    (``requetes.executer_requete``); while graded, the runner only sends its text, and the judge runs it
    in a second sandboxed process that runs no student code and alone sees the hidden database
    (``lancement.executer_sql``).
    """

    requetes: tuple[str, ...]
    module: str
    donnees_machine = True

    @property
    def questions(self) -> tuple[str, ...]:
        return self.requetes

    def sql(self) -> types.ModuleType:
        """The subject's SQL module, imported only when an SQL question needs it."""
        return importlib.import_module(self.module)

    def tester(self, sujet: VueDuSujet, question: str, objet: Any, args: tuple, delai: float | None) -> Resultat:
        return self.sql().format_sql(question, objet)

    def donnees(self, qui: str | None) -> Any:
        """The data of the student ``qui``'s databases (the module's ``VARIANTE``; ``None``: the statement's)."""
        variante = getattr(self.sql(), "VARIANTE", None)
        return None if variante is None else variante.donnees(qui)

    def preparer(self, sujet: VueDuSujet, question: str, cellules: list | None) -> Callable[[Any], Resultat]:
        return self.sql().preparer(question, variante=self.donnees(variantes.identite()))

    def fichier_du_juge(self, questions: set[str], qui: str | None = None) -> str | None:
        return self.sql().base_cachee(self.donnees(qui)) if questions & set(self.requetes) else None

    def preparer_donnees(self) -> None:
        self.sql().preparer_bibliotheques()

    def donnees_visibles(self, sujet: VueDuSujet) -> dict:
        return {"sql": {q: list(self.sql().COLONNES[q]) for q in self.requetes}, "module_sql": self.module,
                "nom_base": getattr(self.sql(), "NOM_BASE", None)}  # how the visible test names its database

    def familles(self, question: str) -> tuple[Famille, ...]:
        return tuple(getattr(self.sql(), "FAMILLES_SQL", {}).get(question, ()))

    def fichiers_eleves(self, sujet: VueDuSujet) -> dict[str, str]:
        from awale_ref.grading.registre import livraison

        return livraison.fichier_sql(self.sql(), sujet.modules_eleves)

    def noms_eleves(self, sujet: VueDuSujet) -> dict[str, str]:
        return {"montrer_requete": self.module}

    def planifier(self, notebook: VueDuNotebook, question: str, expression: str, position: int, jusqua: int,
                  lecture: contraintes.Lecture | None) -> Plan | Resultat:
        """The runner sends the query's text; the subject's comparison (prepared once per notebook: it runs the
        reference query) judges what the judge's SQL process makes of it."""
        if notebook.base_sql is None:
            return echec(question, "la bibliothèque de correction n'est pas disponible.")
        if question not in notebook.preparations:
            # the reference query on the author's own hidden database (the one ``base_sql`` is)
            notebook.preparations[question] = self.sql().preparer_comparaison(
                question, variante=self.donnees(notebook.auteur))
        return Plan(messages.OrdreSql(question=question, expression=expression),
                    juger=notebook.preparations[question], genre=self)

    def juger_reponse(self, plan: Plan, reponse: messages.Reponse) -> Bilan | Resultat:
        """The query as the judge's SQL process ran it, judged by the prepared comparison."""
        return plan.juger(reponse.donnees)
