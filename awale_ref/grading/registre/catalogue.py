"""A subject: what the grading core must know about one exam paper, and nothing more.

Each subject is one folder, a package of ``awale_ref.sujets`` (``docs/ajouter_un_sujet.md``):
its ``__init__.py`` defines ``SUJET = Sujet(...)`` and exports ``tester`` and ``corriger``;
its ``cours/<devoir>.py`` are its assignments.  The core (the judge, the runner,
the clean room, the visible tests) grades any subject made of:

- a **reference module** that follows the paper to the letter;
- its **grading specs**, one ``Spec`` per function question;
- its **structured answers** (reasoning questions answered by a value),
  ``{name: (format check, expected value, hint[, judge])}``;
- optionally, kinds of question of its own (``types=``, :mod:`awale_ref.grading.registre.types_question`):
  a function that plays a whole game against spies, SQL queries.

Every question belongs to one kind (:meth:`Sujet.type_de`): the core asks the kind, never a field
that names one.

A notebook names its subject by the module its test cells import ``corriger``
from: the judge reads that import in the teacher's test cells (restored from
the gradebook), never anything the student wrote.  Nothing here lists the
subjects: :func:`tous` finds them in their folders, :func:`devoirs` their
assignments.
"""

from __future__ import annotations

import ast
import functools
import importlib
import os
import pkgutil
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from awale_ref.grading.eleve import affichage, checks, contraintes, textes, variantes
from awale_ref.grading.eleve.rendu import DessinImpossible, dessin_du_cas, png_du_cas
from awale_ref.grading.eleve.resultat import EchecTest
from awale_ref.grading.eleve.specs import Spec
from awale_ref.grading.eleve.syntaxe import analyser
from awale_ref.grading.eleve.variantes import Variante
from awale_ref.grading.registre.types_question import Fonctions, TypeDeQuestion, Valeurs

PAQUET = "awale_ref.sujets"
"""The package whose subpackages are the subjects (one folder each)."""


def _echec(message: str) -> None:
    __tracebackhide__ = True
    raise EchecTest(message)


@dataclass(frozen=True)
class Sujet:
    """One exam paper as the grading core sees it (see the module's docstring)."""

    nom: str
    module_correction: str
    module_reference: str
    specs: Mapping[str, Spec]
    reponses: Mapping[str, tuple] = field(default_factory=dict)
    types: tuple[TypeDeQuestion, ...] = ()
    """Its own kinds of question (``types_question.PartieEntiere``, ``QuestionsSQL``, …); the kinds of its
    ``specs`` and ``reponses`` are added by the core (:attr:`types_de_question`)."""
    epreuve: str = ""  # the exam paper, when it has several subjects (its assignments make one series, one mark)
    noms_reference: tuple[str, ...] = ()  # other module names notebooks import the reference by
    modules_eleves: tuple[str, ...] = ()  # its modules the students' environment gets as they are (drawings)
    ordre: int = 0  # its place among the subjects of its paper (Exercise 1 before Exercise 2)
    variantes: tuple[Variante, ...] = ()
    """Its data sets drawn per student (:mod:`awale_ref.grading.eleve.variantes`): the value questions asked on them
    are graded on each author's own data."""
    corriges_publics: tuple[str, ...] = ()
    """The modules of its answer key published beyond its reference module (which is always one: its key as
    transcribed in its folder); the similarity report compares every answer with each (:attr:`sources_publiques`)."""

    @property
    def dossier(self) -> Path:
        """The subject's folder (its package)."""
        return Path(importlib.import_module(self.module_correction).__file__).parent

    @property
    def devoirs(self) -> tuple[str, ...]:
        """Its assignments: the stems of ``cours/<devoir>.py`` in its folder, in name order."""
        return tuple(sorted(p.stem for p in (self.dossier / "cours").glob("*.py") if p.stem != "__init__"))

    def source_du_devoir(self, devoir: str) -> Path:
        """The course source (jupytext) of one of its assignments."""
        return self.dossier / "cours" / f"{devoir}.py"

    @property
    def sources_publiques(self) -> tuple[str, ...]:
        """The modules of its public sources: its reference module (the answer key), then ``corriges_publics``."""
        return tuple(dict.fromkeys((self.module_reference, *self.corriges_publics)))

    @property
    def serie(self) -> str:
        """The name of the series the subject's assignments belong to (their points make one mark)."""
        return self.epreuve or self.nom

    def __post_init__(self) -> None:
        for question, spec in self.specs.items():
            if spec.question != question or spec.module != self.module_reference:
                raise ValueError(f"{self.nom}: spec {question} must be keyed by its question and grade a "
                                 f"function of {self.module_reference} (it names {spec.module})")
        for genre in self.types:
            if not isinstance(genre, TypeDeQuestion):
                raise TypeError(f"{self.nom}: {genre!r} is not a kind of question (types_question.TypeDeQuestion)")
        # in the course's order: the questions that grade a function, then the values, then the others
        tous_types = tuple(sorted((Fonctions(self.specs), Valeurs(self.reponses), *self.types),
                                  key=lambda g: 1 if isinstance(g, Valeurs) else
                                  0 if any(g.fonction_notee(q) for q in g.questions) else 2))
        par_question: dict[str, TypeDeQuestion] = {}
        for genre in tous_types:
            for question in genre.questions:
                if question in par_question:
                    raise ValueError(f"{self.nom}: {question} belongs to two kinds of question: "
                                     f"{type(par_question[question]).__name__} and {type(genre).__name__}")
                par_question[question] = genre
        object.__setattr__(self, "_types", tous_types)
        object.__setattr__(self, "_par_question", par_question)
        de_question: dict[str, Variante] = {}
        for variante in self.variantes:
            for question in variante.questions:
                if question not in self.reponses:
                    raise ValueError(f"{self.nom}: the variant {variante.nom} names {question}, which is not one of "
                                     f"its structured answers")
                de_question[question] = variante
        object.__setattr__(self, "_variante_de", de_question)

    # ------------------------------------------------------------ its kinds of question (the core reads these)
    @property
    def types_de_question(self) -> tuple[TypeDeQuestion, ...]:
        """Every kind of its questions: its specs', its answers', then its own."""
        return self._types

    def type_de(self, question: str) -> TypeDeQuestion | None:
        """The kind of ``question`` (``None`` for a question the subject does not have)."""
        return self._par_question.get(question)

    @property
    def questions(self) -> tuple[str, ...]:
        return tuple(q for genre in self._types for q in genre.questions)

    # ------------------------------------------------------------ its data drawn per student
    def variante_de(self, question: str) -> Variante | None:
        """The data set ``question`` is asked on, when it is drawn per student."""
        return self._variante_de.get(question)

    def donnees_de(self, question: str, qui: str | None) -> tuple[Variante, Any] | None:
        """``(Variante, the data of the student qui)`` of ``question``; ``None`` when it has no variants."""
        variante = self.variante_de(question)
        return None if variante is None else (variante, variante.donnees(qui))

    def variante(self, nom: str) -> Any:
        """The notebook's data cell: the data set ``nom`` of the student this kernel belongs to."""
        return variantes.donnees_du_noyau(self.variantes, nom)

    def fichier_du_juge(self, questions: set[str] | list[str], qui: str | None = None) -> str | None:
        """The hidden file the judge's SQL process reads for these questions of a notebook of the student ``qui``
        (mounted read-only there, never in the runner nor the kernel), if any."""
        fichiers = {f for genre in self._types if (f := genre.fichier_du_juge(set(questions), qui))}
        if len(fichiers) > 1:
            raise ValueError(f"{self.nom}: the judge reads one hidden file, these questions need {sorted(fichiers)}")
        return next(iter(fichiers), None)

    def preparer_donnees(self) -> None:
        """The data its kinds build once per machine, before grading (the SQL libraries)."""
        for genre in self._types:
            genre.preparer_donnees()

    def modules_pour_les_eleves(self) -> tuple[str, ...]:
        """Its modules the students' environment gets as they are: ``modules_eleves`` and its kinds'."""
        return tuple(dict.fromkeys([*self.modules_eleves, *(m for g in self._types for m in g.modules_eleves()),
                                    *(v.generer.__module__ for v in self.variantes)]))

    def donnees_visibles(self) -> dict:
        """What its kinds' visible tests need in the students' environment (``visibles.json``)."""
        donnees: dict = {}
        for genre in self._types:
            donnees.update(genre.donnees_visibles(self))
        return donnees

    def reference(self) -> types.ModuleType:
        return importlib.import_module(self.module_reference)

    @functools.cached_property
    def noms_notes(self) -> frozenset[str]:
        """The reference functions its questions grade (every assignment of the subject's)."""
        return frozenset(nom for q in self.questions if (nom := self.nom_note(q)))

    def nom_note(self, question: str) -> str | None:
        """The reference function a question grades (``None`` for an answer or an SQL query)."""
        genre = self.type_de(question)
        return genre.fonction_notee(question) if genre is not None else None

    def _inconnue(self, question: str) -> None:
        if question not in self.questions:
            raise ValueError(f"unknown question {question!r} for the subject {self.nom}; "
                             f"known: {', '.join(self.questions)}")

    # ------------------------------------------------------------ the notebook's helpers
    def tester(self, question: str, objet: Any, *args: Any) -> None:
        """Visible test: one of the paper's examples (or the shape of an answer), in the student's kernel.

        For a function, the call ``objet(*args)`` is compared with the
        reference, the other functions being the reference's.  Prints
        ``✔ …`` or raises ``EchecTest`` with a French message: the example's
        input, the expected and the obtained result, never rule families or
        points (one example cannot judge them; the full check does).  The
        call has ``checks.DELAI_APPEL_S`` seconds (none while a submission is
        graded: the kernel's cell limit applies, and the judge decides); an
        interruption (Ctrl-C) ends the test with a message, not a traceback.
        """
        __tracebackhide__ = True
        self._inconnue(question)
        try:
            with textes.arguments_nommes(args, contraintes.expressions_de_l_appel(question)):
                self._tester(question, objet, *args)
        except KeyboardInterrupt:
            if os.environ.get("AWALE_CORRECTION") == "juge":
                raise
            _echec(f"{question} — test interrompu (Ctrl-C ou arrêt du noyau) pendant l'appel de votre fonction.")

    def _tester(self, question: str, objet: Any, *args: Any) -> None:
        __tracebackhide__ = True
        if self.nom_note(question):
            raison = self._origine_valide(question, objet)
            if raison:
                _echec(raison)
        delai = None if os.environ.get("AWALE_CORRECTION") == "juge" else checks.DELAI_APPEL_S
        resultat = self.type_de(question).tester(self, question, objet, args, delai)
        if not resultat.ok:
            _echec(resultat.message + dessin_du_cas(resultat.contre_exemple))
        print("✔ " + resultat.message)

    def corriger(self, question: str, objet: Any) -> None:
        """Hidden test: the whole seeded corpus, in a clean process (self-study).

        While a submission is graded (``AWALE_CORRECTION=juge``, set for the
        sandboxed kernel) nothing is checked here: the verdict is the judge's,
        computed once outside the kernel (``awale_ref.grading.correcteur.juge``).
        """
        __tracebackhide__ = True
        self._inconnue(question)
        if os.environ.get("AWALE_CORRECTION") == "juge":
            print(f"Tests cachés de {question} : jugés par le correcteur, hors de votre noyau (verdict ci-dessous).")
            return
        if self.nom_note(question):
            raison = self._origine_valide(question, objet)
            if raison:
                _echec(raison)
        from awale_ref.grading.correcteur import cleanroom

        try:
            verdict = cleanroom.executer(question, objet, self.module_correction)
        except KeyboardInterrupt:  # the clean process is killed by cleanroom.executer
            _echec(f"{question} — vérification interrompue (Ctrl-C) : aucun verdict.")
        if not verdict.get("ok"):
            _montrer_images(verdict.get("contre_exemple"))
            _echec(str(verdict.get("message")) + dessin_du_cas(verdict.get("contre_exemple")))
        print("✔ " + str(verdict.get("message")))

    def _origine_valide(self, question: str, objet: Any) -> str | None:
        """The function must be the student's, defined in the notebook."""
        from awale_ref.grading.eleve.visibles import origine

        return origine(question, self.nom_note(question), objet)


def _montrer_images(contre_exemple: Any) -> None:
    """In a notebook, the failing case drawn as a picture by its subject (if it draws one)."""
    try:
        png = png_du_cas(contre_exemple)
        if png is None:
            return
        from IPython.display import Image, display

        display(Image(png))
    except DessinImpossible as exc:  # described instead of drawn
        print(exc)
    except Exception:  # not in IPython, or not drawable: the message says it all
        pass


# ---------------------------------------------------------------- the subjects, found in their folders
@functools.cache
def tous() -> tuple[Sujet, ...]:
    """Every subject of the course: each package of ``awale_ref.sujets`` (its ``SUJET``), in course order
    (by series, then ``ordre``, then folder name).  The one list of subjects; nothing else writes it."""
    paquet = importlib.import_module(PAQUET)
    trouves = []
    for info in pkgutil.iter_modules(paquet.__path__, PAQUET + "."):
        if not info.ispkg:
            continue
        sujet = getattr(importlib.import_module(info.name), "SUJET", None)
        if not isinstance(sujet, Sujet):
            raise ValueError(f"{info.name} is a folder of {PAQUET} but defines no SUJET = Sujet(...) in its "
                             f"__init__.py (docs/ajouter_un_sujet.md)")
        trouves.append((info.name, sujet))
    return tuple(s for _, s in sorted(trouves, key=lambda ns: (ns[1].serie, ns[1].ordre, ns[0])))


def devoirs() -> dict[str, Sujet]:
    """Every assignment of the course and its subject, in course order (from the subjects' folders)."""
    res: dict[str, Sujet] = {}
    for sujet in tous():
        for devoir in sujet.devoirs:
            if devoir in res:
                raise ValueError(f"the assignment {devoir!r} is in two subjects' folders: "
                                 f"{res[devoir].module_correction} and {sujet.module_correction}")
            res[devoir] = sujet
    return res


# ---------------------------------------------------------------- which subject a notebook grades
def module_de_correction(source: str) -> str | None:
    """The module a test cell imports ``corriger`` (or ``tester``) from, ``None`` if it imports neither."""
    try:
        arbre = analyser(source)
    except SyntaxError:
        return None
    for noeud in ast.walk(arbre):
        if isinstance(noeud, ast.ImportFrom) and noeud.module and any(
                alias.name in ("corriger", "tester") for alias in noeud.names):
            return noeud.module
    return None


def sujet_du_module(module: str | None) -> Sujet:
    """The subject of a grading module (``SUJET``)."""
    if module is None:
        raise ValueError("no test cell imports corriger or tester from a subject: the notebook names no subject")
    if module != "awale_ref" and not module.startswith("awale_ref."):
        raise ValueError(f"{module!r} is not a grading module of awale_ref")
    sujet = getattr(importlib.import_module(module), "SUJET", None)
    if not isinstance(sujet, Sujet):
        raise ValueError(f"{module!r} defines no SUJET: it is not a subject's grading module")
    return sujet


def sujet_des_sources(sources: list[str]) -> Sujet:
    """The one subject the test cells ``sources`` name."""
    modules = {m for s in sources if (m := module_de_correction(s))}
    if len(modules) > 1:
        raise ValueError(f"the test cells name several subjects: {sorted(modules)}")
    return sujet_du_module(next(iter(modules), None))


affichage.installer()  # a notebook that imports its tests shows their failures in French
