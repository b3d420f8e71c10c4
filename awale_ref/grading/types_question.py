"""Kinds of question: the one interface through which a subject's questions are graded.

A subject (:class:`awale_ref.grading.sujets.Sujet`) is made of kinds of question, each owning some of
its questions.  Two kinds come from what every subject declares: :class:`Fonctions` (its ``specs``: a
function called on cases) and :class:`Valeurs` (its structured ``reponses``: a value).  A subject adds
its own in ``Sujet(types=(...))``: :class:`PartieEntiere` (a function that plays a whole game against
spies, the CCINP's Q21) and :class:`QuestionsSQL` (queries checked by the subject's SQL module).  The
core (the clean room, the visible tests, the nbgrader glue, the students' environment) asks the subject
for a question's kind (``Sujet.type_de``) and calls its methods.  The judge reads a kind as *data*: its
planning step (:mod:`awale_ref.grading.plan`) plans each of these four kinds from its fields (a spec, the
table of answers, the game's ``juger``, the SQL module's comparison) and the verdict follows the order's
type; a kind of a subject's own is a subclass of one of them, a new kind of grading a change of the core.

What a kind answers, for the questions it owns (each method has a default: nothing to do):

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
``noms_eleves()``         the names the subject's package forwards to them (``awale_ref.grading.livraison``)
``familles(q)``           the rule families of ``q`` (the demo class, the reports)
========================  ==================================================================================

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

from awale_ref.grading import checks, presentations, reponses_structurees, variantes
from awale_ref.grading.resultat import Resultat
from awale_ref.grading.textes import decrire_appel, decrire_reussite

if TYPE_CHECKING:  # only for the annotations
    from awale_ref.grading.specs import Famille, Spec


class VueDuSujet(Protocol):
    """What a kind of question reads of its subject (:class:`awale_ref.grading.sujets.Sujet` is one; the
    subject is made of its kinds, so a kind names what it reads, never the class)."""

    module_correction: str
    module_reference: str
    modules_eleves: tuple[str, ...]

    def reference(self) -> types.ModuleType: ...

    def donnees_de(self, question: str, qui: str | None) -> tuple[variantes.Variante, Any] | None: ...


class TypeDeQuestion:
    """A kind of question (see the module's docstring for what each method answers)."""

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
        (built by :mod:`awale_ref.grading.livraison`)."""
        return {}

    def noms_eleves(self, sujet: VueDuSujet) -> dict[str, str]:
        """The names the subject's package forwards in the students' environment: name -> module."""
        return {}


# ---------------------------------------------------------------- every subject's kinds
@dataclass(frozen=True)
class Fonctions(TypeDeQuestion):
    """Function questions: each ``Spec`` calls the student's function on its cases (``awale_ref.grading.specs``)."""

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


@dataclass(frozen=True)
class Valeurs(TypeDeQuestion):
    """Structured answers: a value, ``{name: (format check, expected value, hint[, judge])}``
    (:mod:`awale_ref.grading.reponses_structurees`)."""

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
        from awale_ref.grading import livraison

        return livraison.fichier_de_partie(self.verifier, sujet.module_correction)


@dataclass(frozen=True)
class QuestionsSQL(TypeDeQuestion):
    """SQL queries, checked by the subject's module ``module`` on a hidden database the runner never sees.

    That module provides ``COLONNES``, ``format_sql(question, requete)`` (the visible test),
    ``preparer_comparaison(question)`` (the judge's half: a function of the runner's plain data,
    ``executant.evaluer_sql``), ``preparer(question)`` (the same in one process, self-study),
    ``base_cachee()`` (the path of the hidden database), ``preparer_bibliotheques()`` (built once per machine), and
    optionally ``FAMILLES_SQL`` (rule families per question), ``POUR_LES_ELEVES`` (its helpers the
    students' environment may get) and ``VARIANTE`` (each student's own databases: a
    :class:`~awale_ref.grading.variantes.Variante` whose data, :meth:`donnees`, the module's ``preparer``,
    ``preparer_comparaison`` and ``base_cachee`` take as ``variante``; its visible test and ``montrer_requete``
    draw it from the kernel's identity).  The query always runs under the same guard
    (``executant.executer_requete``); while graded, the runner only sends its text, and the judge runs it
    in a second sandboxed process that runs no student code and alone sees the hidden database
    (``execution.executer_sql``).
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
        from awale_ref.grading import livraison

        return livraison.fichier_sql(self.sql(), sujet.modules_eleves)

    def noms_eleves(self, sujet: VueDuSujet) -> dict[str, str]:
        return {"montrer_requete": self.module}
