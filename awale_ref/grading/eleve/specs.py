"""What each graded question checks: inputs, observation, comparison, constraints.

A subject gives one ``Spec`` per code question (in its ``specs.py``).  The same spec serves the visible
tests (``tester``, the exam's examples, run in the student's kernel) and the
hidden tests (``corriger``, the seeded corpus, run in a clean process by
``awale_ref.grading.correcteur.cleanroom``), so the two can never disagree.

A spec runs a function on a *fresh copy* of each input and returns an
*observation*: a dict of what is compared with the reference (the returned
value, the board after the call, …).  Every other exam function resolves to
the reference while the student's function runs (each question is graded
on its own): that is derived from the subject's reference module, never listed here.

A spec's hidden checks are split into *rule families* (``Famille``), each
worth a share of the question's points, as a human corrector gives part of
the points for a sowing that is right except when it laps round.

"""

from __future__ import annotations

import importlib
import types
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from awale_ref.grading.executant import encodage, messages, observations

Observation = dict[str, Any]


@dataclass(frozen=True)
class Famille:
    """One rule family of a question: the cases it covers, what it compares, its share of the points.

    ``selection(args, attendu)`` picks the cases (``None``: every case);
    ``cles`` the observation keys compared (``None``: the whole observation);
    ``contrainte`` makes it the family of an exam constraint instead
    (``"recursive"``: the function calls itself; ``"arguments_intacts"``:
    the arguments are not modified).  A constraint, or a family marked
    ``accessoire`` (one that a function doing nothing would pass, like "a
    refused pit changes nothing"), earns its share only beside a main
    family that passes: a stub or a constant answer gets no point.
    """

    nom: str
    poids: float
    selection: Callable[[tuple, Observation], bool] | None = None
    cles: tuple[str, ...] | None = None
    contrainte: str | None = None
    accessoire: bool = False

    @property
    def principale(self) -> bool:
        return self.contrainte is None and not self.accessoire

    def couvre(self, args: tuple, attendu: Observation) -> bool:
        return self.contrainte is None and (self.selection is None or self.selection(args, attendu))


def payees(familles: tuple[Famille, ...] | list[Famille], reussies: list[bool]) -> list[bool]:
    """Which rule families earn their share: a family that passes, and for a constraint or an accessory
    family (one a trivial answer passes) only beside a main family that passes.  The one rule, for the
    functions' families (``checks``) and the SQL queries' (``sql``).

    >>> colonnes, lignes = Famille("colonnes", 0.5, accessoire=True), Famille("lignes", 0.5)
    >>> payees((colonnes, lignes), [True, False]), payees((colonnes, lignes), [True, True])
    ([False, False], [True, True])
    """
    utile = any(ok for f, ok in zip(familles, reussies) if f.principale)
    return [ok and (utile or f.principale) for f, ok in zip(familles, reussies)]


SANS_APPEL_RECURSIF = "recursive"
"""The key of ``Spec.libelles`` that words what a function under the ``recursive`` constraint did to its first
argument without ever calling itself (``{n}``: how many elements it changed), e.g. « récolte {n} cases »."""


@dataclass(frozen=True)
class Spec:
    """How one code question is graded."""

    question: str
    nom: str
    parametres: tuple[str, ...]
    observation: str  # observation kind (``messages.OBSERVATIONS``, ``renvoie_et_<name>``), see observations.observer
    cas: Callable[[], list[tuple]]
    regle: str
    contraintes: tuple[str, ...] = ()
    familles: tuple[Famille, ...] = ()
    accepter: Callable[[Observation, Observation, tuple], bool] | None = None
    # Where ``accepter`` reaches a reference (it is then not in the students' environment): the answers to try on
    # a visible example, ``variantes(args, attendu)``; the build keeps those ``accepter`` admits, as data
    # (``pipeline.paquet_eleve.reponses_acceptees``), and the students' visible test accepts exactly those.
    variantes: Callable[[tuple, Observation], Any] | None = None
    diagnostic: Callable[[tuple, Observation, Observation], str | None] | None = None
    # The question's *domain*: the inputs the statement says what to answer on, as a predicate over a case's
    # arguments; its docstring quotes the statement's words.  Every hidden case (the corpus and the test cell's
    # visible examples) is inside it (``tests/test_domaines.py``), and a failing case shrinks within it
    # (``retrecissement``).  ``None``: every input of the parameters' kinds.
    domaine: Callable[[tuple], bool] | None = None
    module: str = ""  # the subject's reference module, where ``nom`` is defined (required)
    presentation: str = ""  # the subject's module that shrinks and draws a failing case (retrecissement, rendu)
    fonctions: tuple[str, ...] = ()  # parameters that take a function of the reference (see ``nommer``)
    # The subject's French words for its observation's keys (``messages``: « graines gagnées » for
    # ``premier_de_paire``) and for ``SANS_APPEL_RECURSIF``; what it does not name keeps the core's neutral
    # words (``textes.LIBELLES``).
    libelles: Mapping[str, str] = field(default_factory=dict, hash=False)
    # The ``appels`` observation: what the statement allows of the calls on a case, in French, from the bound the
    # spec's ``accepter`` checks (« au plus 17 positions examinées »).  A failing case's « attendu » line shows it
    # in place of the reference's counts, which are one way to answer, not the expected one
    # (``textes.decrire_attendu``).  Required with that observation.
    appels_permis: Callable[[tuple], str] | None = None

    def __post_init__(self) -> None:
        if not messages.observation_connue(self.observation):
            raise ValueError(f"{self.question}: unknown observation kind {self.observation!r} (one of "
                             f"{sorted(messages.OBSERVATIONS)} or renvoie_et_<name>)")
        if self.observation == messages.APPELS and self.appels_permis is None:
            raise ValueError(f"{self.question}: the {messages.APPELS!r} observation needs appels_permis (what the "
                             f"statement allows of the calls on a case, shown in place of the reference's counts)")
        if not self.module.startswith("awale_ref."):
            raise ValueError(f"{self.question}: module must name the subject's reference module "
                             f"(a module of awale_ref), got {self.module!r}")
        if self.presentation and not self.presentation.startswith("awale_ref.sujets."):
            raise ValueError(f"{self.question}: presentation must be '' or a module of awale_ref.sujets "
                             f"(how the subject shrinks and draws a failing case), got {self.presentation!r}")
        if self.familles and abs(sum(f.poids for f in self.familles) - 1) > 1e-9:
            raise ValueError(f"{self.question}: the weights of the rule families must add up to 1")
        for cle, mots in self.libelles.items():
            if type(cle) is not str or not cle.isidentifier() or type(mots) is not str or not mots.strip():
                raise ValueError(f"{self.question}: libelles maps observation keys (program names) to French "
                                 f"words, got {cle!r}: {mots!r}")
        if SANS_APPEL_RECURSIF in self.libelles and "{n}" not in self.libelles[SANS_APPEL_RECURSIF]:
            raise ValueError(f"{self.question}: libelles[{SANS_APPEL_RECURSIF!r}] must hold '{{n}}' (how many "
                             f"elements of the first argument the call changed), got "
                             f"{self.libelles[SANS_APPEL_RECURSIF]!r}")
        if SANS_APPEL_RECURSIF in self.contraintes and not any(f.contrainte == SANS_APPEL_RECURSIF
                                                                for f in self.familles):
            raise ValueError(f"{self.question}: the {SANS_APPEL_RECURSIF!r} constraint needs its rule family, "
                             f"Famille(..., contrainte={SANS_APPEL_RECURSIF!r}) (its share of the points): "
                             f"without one it would not be graded")
        inconnus = set(self.fonctions) - set(self.parametres)
        if inconnus:
            raise ValueError(f"{self.question}: fonctions names {sorted(inconnus)}, which are not parameters")

    def positions_fonctions(self) -> tuple[int, ...]:
        """The indices of the parameters that take a function (``fonctions``)."""
        return tuple(i for i, nom in enumerate(self.parametres) if nom in self.fonctions)

    def nommer(self, args: tuple) -> tuple:
        """``args`` with each function passed to a ``fonctions`` parameter replaced by its name.

        Functions are not data: a case never crosses the runner's boundary
        with one.  A parameter such as the evaluation function ``f`` of an AI
        takes a function *of the reference module*, written in the cases by
        its name (a ``str``); the call resolves the name to the function
        (:func:`observations.avec_fonctions`), on each side with its own copy of
        the reference.  A visible test may pass the function itself: it is
        named here first.
        """
        positions = self.positions_fonctions()
        return tuple(getattr(a, "__name__", a) if i in positions and callable(a) else a
                     for i, a in enumerate(args))

    def appelable(self, fonction: Callable, reference: types.ModuleType | None = None) -> Callable:
        """``fonction`` called with the ``fonctions`` parameters' names resolved in ``reference``."""
        positions = self.positions_fonctions()
        if not positions:
            return fonction
        espace = vars(reference if reference is not None else self.module_reference())
        return observations.avec_fonctions(fonction, positions, espace)

    def rubriques(self) -> tuple[Famille, ...]:
        """The rule families (a single one, every case, when the spec defines none)."""
        return self.familles or (Famille("tous les cas", 1.0),)

    def observer(self, fonction: Callable, args: tuple, reference: types.ModuleType | None = None) -> Observation:
        """What is compared after ``fonction(*args)`` (the arguments after the call left out); ``reference``:
        the reference module already loaded, where a function passed by name is found (by default imported:
        not in the clean process, whose ``awale_ref`` is a stub once the student's object exists)."""
        obs = observations.observer(self.observation, self.appelable(fonction, reference), self.nommer(args))
        obs.pop(messages.ARGUMENTS, None)
        return obs

    def attendu(self, args: tuple, reference: types.ModuleType) -> Observation:
        """The reference's observation on ``args``, as exact data (what the judge expects; ``reference``: the
        subject's reference module, loaded)."""
        return encodage.exact(self.observer(getattr(reference, self.nom), args, reference))

    def module_reference(self) -> types.ModuleType:
        """The subject's reference module."""
        return importlib.import_module(self.module)

    def reference(self) -> Callable:
        """The reference function."""
        return getattr(self.module_reference(), self.nom)

    def dans_le_domaine(self, args: tuple) -> bool:
        """Whether the statement says what to answer on ``args`` (:attr:`domaine`)."""
        return self.domaine is None or bool(self.domaine(args))

    def conforme(self, obtenu: Observation, attendu: Observation, args: tuple) -> bool:
        if obtenu == attendu:
            return True
        return self.accepter is not None and self.accepter(obtenu, attendu, args)


