"""A subject: what the grading core must know about one exam paper, and nothing more.

The core (the judge, the runner, the clean room, the visible tests) grades any
subject made of:

- a **reference module** that follows the paper to the letter
  (``awale_ref.exam`` for the CCINP, ``awale_ref.olympiades.images`` …);
- its **grading specs**, one ``Spec`` per function question;
- its **structured answers** (reasoning questions answered by a value),
  ``{name: (format check, expected value, hint[, judge])}``;
- for the CCINP only, two kinds of question the core knows by their nature:
  a function that plays a whole game (Q21) and SQL queries (Q22–Q25).

A subject lives in its grading module (``awale_ref.grading`` for the CCINP,
``awale_ref.olympiades.correction_images`` …) as ``SUJET``, and that module
exports ``tester`` and ``corriger``.  A notebook names its subject by the
module its test cells import ``corriger`` from: the judge reads that import
in the teacher's test cells (restored from the gradebook), never anything the
student wrote.  Adding a subject is writing its reference, its specs and that
module; nothing here lists the subjects.

>>> sujet = sujet_du_module(module_de_correction("from awale_ref.grading import corriger\\ncorriger('Q4', f)"))
>>> sujet.module_reference, sujet.nom_note("Q8"), sujet.nom_note("Q21"), sujet.nom_note("Q6_bits")
('awale_ref.exam', 'deplacer_graines', 'awale_ia', None)
"""

from __future__ import annotations

import ast
import importlib
import os
import types
from dataclasses import dataclass, field
from typing import Any, Mapping

from awale_ref.grading import answers, checks
from awale_ref.grading.contre_exemples import dessin_du_cas
from awale_ref.grading.specs import Spec
from awale_ref.grading.syntaxe import analyser

MODULE_PAR_DEFAUT = "awale_ref.grading"
"""The CCINP's grading module: the subject of a notebook whose test cells import from nowhere else."""


class EchecTest(AssertionError):
    """A failed test, with a French message meant for the student."""


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
    question_ia: str | None = None  # the CCINP's Q21: ``awale_ia`` plays a game through NegaAwale
    questions_sql: tuple[str, ...] = ()
    epreuve: str = ""  # the exam paper, when it has several subjects (its assignments make one series, one mark)
    sql: str = "awale_ref.grading.sql"  # the module that grades ``questions_sql`` (see ``module_sql``)

    @property
    def serie(self) -> str:
        """The name of the series the subject's assignments belong to (their points make one mark)."""
        return self.epreuve or self.nom

    def __post_init__(self) -> None:
        for question, spec in self.specs.items():
            if spec.question != question or spec.module != self.module_reference:
                raise ValueError(f"{self.nom}: spec {question} must be keyed by its question and grade a "
                                 f"function of {self.module_reference} (it names {spec.module})")
        doublons = set(self.specs) & set(self.reponses)
        if doublons:
            raise ValueError(f"{self.nom}: {sorted(doublons)} are both a function question and an answer")

    @property
    def questions(self) -> tuple[str, ...]:
        ia = (self.question_ia,) if self.question_ia else ()
        return tuple(self.specs) + ia + tuple(self.reponses) + self.questions_sql

    def reference(self) -> types.ModuleType:
        return importlib.import_module(self.module_reference)

    def module_sql(self) -> types.ModuleType:
        """The module that grades the subject's SQL queries, on its own databases.

        It provides ``format_sql(question, requete)`` (the visible test),
        ``preparer_comparaison(question)`` (the judge's half: a function of the
        runner's plain data, ``executant.evaluer_sql``), ``preparer(question)``
        (the same in one process, self-study) and ``base_cachee()`` (the path of
        the hidden database the runner reads, verified).  The query itself always
        runs under the runner's guard (``executant.executer_requete``).
        """
        return importlib.import_module(self.sql)

    def nom_note(self, question: str) -> str | None:
        """The reference function a question grades (``None`` for an answer or an SQL query)."""
        if question in self.specs:
            return self.specs[question].nom
        return "awale_ia" if question == self.question_ia else None

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
            self._tester(question, objet, *args)
        except KeyboardInterrupt:
            if os.environ.get("AWALE_CORRECTION") == "juge":
                raise
            _echec(f"{question} — test interrompu (Ctrl-C ou arrêt du noyau) pendant l'appel de votre fonction.")

    def _tester(self, question: str, objet: Any, *args: Any) -> None:
        __tracebackhide__ = True
        if question in self.reponses:
            resultat = answers.format_reponse(question, objet, self.reponses)
        elif question in self.questions_sql:
            resultat = self.module_sql().format_sql(question, objet)
        else:
            raison = self._origine_valide(question, objet)
            if raison:
                _echec(raison)
            reference = self.reference()
            delai = None if os.environ.get("AWALE_CORRECTION") == "juge" else checks.DELAI_APPEL_S
            if question == self.question_ia:
                resultat = answers.verifier_q21(objet, reference, delai)
            else:
                spec = self.specs[question]
                resultat = checks.verifier(spec, objet, [args], reference, exemples=True, delai=delai)
                if resultat.ok:
                    obs = spec.observer(getattr(reference, spec.nom), args, reference)
                    resultat.message = f"{checks.decrire_appel(spec, args)} : {checks.decrire_observation(obs)}"
        if not resultat.ok:
            _echec(resultat.message + dessin_du_cas(resultat.contre_exemple))
        print("✔ " + resultat.message)

    def corriger(self, question: str, objet: Any) -> None:
        """Hidden test: the whole seeded corpus, in a clean process (self-study).

        While a submission is graded (``AWALE_CORRECTION=juge``, set for the
        sandboxed kernel) nothing is checked here: the verdict is the judge's,
        computed once outside the kernel (``awale_ref.grading.juge``).
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
        from awale_ref.grading import cleanroom

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
        from awale_ref.grading.visibles import origine  # shared with the students' environment

        return origine(question, self.nom_note(question), objet)


def _montrer_images(contre_exemple: Any) -> None:
    """In a notebook, the expected image beside the one the student's function returned (if any)."""
    images = contre_exemple.get("images") if isinstance(contre_exemple, dict) else None
    if not images:
        return
    try:
        from IPython.display import Image, display

        from awale_ref.grading.contre_exemples import ImageTropGrande, images_png

        display(Image(images_png(images["attendue"], images["obtenue"])))
    except ImageTropGrande as exc:  # described instead of drawn
        print(exc)
    except Exception:  # not in IPython, or not drawable: the message says it all
        pass


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
    """The subject of a grading module (``SUJET``); the CCINP's for ``None``."""
    module = module or MODULE_PAR_DEFAUT
    if module != "awale_ref" and not module.startswith("awale_ref."):
        raise ValueError(f"{module!r} is not a grading module of awale_ref")
    sujet = getattr(importlib.import_module(module), "SUJET", None)
    if not isinstance(sujet, Sujet):
        raise ValueError(f"{module!r} defines no SUJET: it is not a subject's grading module")
    return sujet


def sujet_des_sources(sources: list[str]) -> Sujet:
    """The one subject the test cells ``sources`` name (the CCINP's if none names one)."""
    modules = {m for s in sources if (m := module_de_correction(s))}
    if len(modules) > 1:
        raise ValueError(f"the test cells name several subjects: {sorted(modules)}")
    return sujet_du_module(next(iter(modules), None))

