"""The records handed along the verdict's path (a leaf: plain data, no calls out), and the two interfaces
through which a step calls what it was handed.

:class:`Plan` is what the plan step (:mod:`plan`, through the question's kind) hands the judging step
(:mod:`familles`) beside the order, with the kind that judges the reply (:class:`JugeDuPlan`);
:class:`Bilan` is what the judging step hands the shrinking and the rendering steps, with what judges a smaller
candidate (:class:`OutilsDuRetrecissement`); :class:`Contre` what the shrinking step (:mod:`retrecissement`)
hands the rendering step (:mod:`rendu`), and :class:`Resultat` what rendering hands back: the verdict of one
question.
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Protocol

if TYPE_CHECKING:
    from awale_ref.grading.eleve.specs import Famille, Spec
    from awale_ref.grading.executant import messages


class EchecTest(AssertionError):
    """A failed test, with a French message meant for the student."""


@dataclass
class Resultat:
    """Outcome of a check: ``ok``, the French message, how many cases ran.

    ``fraction``: the share of the points earned (``None``: all or nothing,
    from ``ok``); ``familles``: ``(rule family, passed)`` pairs, for the
    feedback; ``contre_exemple``: the smallest failing call, as plain data
    (``{"appel": "f(…)", "plateau": [...]}``) for the drawn board.
    """

    ok: bool
    message: str
    nb_cas: int = 0
    fraction: float | None = None
    familles: list[tuple[str, bool]] = field(default_factory=list)
    contre_exemple: dict | None = None

    @property
    def part(self) -> float:
        """The share of the points earned, between 0 and 1."""
        return (1.0 if self.ok else 0.0) if self.fraction is None else self.fraction


def echec(question: str, message: str) -> Resultat:
    """A failed verdict worth nothing, ``« Qn — message »``."""
    return Resultat(False, f"{question} — {message}", 0)


class Contre(NamedTuple):
    """The counterexample of a failing question: the first failing rule ``famille``, its smallest case
    ``args`` (``None``: the rule is broken in the source, no case shows it) and its French ``message``;
    ``ecart``: the expected and the obtained observation of that case, when its subject draws them."""

    famille: str
    args: tuple | None
    message: str
    ecart: tuple[dict, dict] | None = None


class OutilsDuRetrecissement(Protocol):
    """What the shrinking step (:func:`retrecissement.contre_exemple_du_bilan`) needs to judge a candidate,
    handed in :attr:`Bilan.outils` by the judging step (``familles.OutilsDeLaSpec`` is one)."""

    def attendu_de(self, args: tuple) -> dict:
        """The reference's observation of the case ``args``."""
        ...

    def echec_de(self, famille: Famille, args: tuple, reponse: Any, attendu: dict) -> str | None:
        """The failure message of ``famille`` for one answer (plain data) on ``args``, or ``None``."""
        ...

    def lire(self, args: tuple, reponse: Any) -> tuple[dict | None, Any, str | None]:
        """One answer read: ``(observation, arguments after the call, failure text)``."""
        ...


@dataclass
class Bilan:
    """Every case of a question judged per rule family: the first failing case of each family."""

    spec: Spec
    echecs: dict[str, tuple[int, str]] = field(default_factory=dict)  # family -> (case index, message)
    raisons: dict[str, str] = field(default_factory=dict)  # family -> reason from the source (static check)
    nb_cas: int = 0
    ebauche: bool = False  # it fails because every case raised NotImplementedError: still nbgrader's stub
    # what judges a smaller candidate, handed by the judging step to the shrinking step, which imports it not
    outils: OutilsDuRetrecissement | None = field(default=None, repr=False, compare=False)

    def echoue(self, famille: Famille) -> bool:
        return famille.nom in self.echecs or famille.nom in self.raisons


class JugeDuPlan(Protocol):
    """What judges the runner's reply to a :class:`Plan`: the question's kind
    (``types_question.TypeDeQuestion.juger_reponse``), called by the judging step (``familles.juger_reponse``)."""

    def juger_reponse(self, plan: Plan, reponse: messages.Reponse) -> Bilan | Resultat: ...


@dataclass
class Plan:
    """One question ready to run: the ``ordre`` that crosses to the runner, the kind that judges its reply
    (``genre``), and what that kind keeps for the verdict (never sent); each kind fills what it reads:

    - a function: its ``spec``, the ``cas`` and their expected observations (``attendus``), the ``memo`` of
      answers already judged (``familles.juger_familles``), the ``raisons`` read in the source and the verdict
      of a function no readable statement defines (``introuvable``), the subject's ``reference`` module;
    - a value: the data it is asked on (``variante``);
    - a game: the subject's ``reference``; a query: ``juger``, the verdict on the plain data the run step
      brings back (``Reponse.donnees``: the query's run by the judge's SQL process).
    """

    ordre: messages.OrdreQuestion
    cas: list[tuple] = field(default_factory=list)
    attendus: list = field(default_factory=list)
    memo: dict | None = None
    raisons: dict[str, str] = field(default_factory=dict)
    introuvable: str | None = None
    spec: Spec | None = None
    reference: types.ModuleType | None = None
    juger: Callable[[Any], Resultat] | None = None
    variante: tuple[Any, Any] | None = None  # a value asked on per-student data: (Variante, the author's data)
    genre: JugeDuPlan | None = None
