"""The records handed along the verdict's path (a leaf: plain data, no calls out).

:class:`Plan` is what the plan step (:mod:`plan`) hands the judging step (:mod:`familles`) beside the order,
:class:`Bilan` is what the judging step (:mod:`familles`) hands the shrinking and the rendering steps,
:class:`Contre` what the shrinking step (:mod:`retrecissement`) hands the rendering step (:mod:`rendu`), and
:class:`Resultat` what rendering hands back: the verdict of one question.
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, NamedTuple

if TYPE_CHECKING:
    from awale_ref.grading import messages
    from awale_ref.grading.specs import Famille, Spec


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


@dataclass
class Bilan:
    """Every case of a question judged per rule family: the first failing case of each family."""

    spec: Spec
    echecs: dict[str, tuple[int, str]] = field(default_factory=dict)  # family -> (case index, message)
    raisons: dict[str, str] = field(default_factory=dict)  # family -> reason from the source (static check)
    nb_cas: int = 0
    ebauche: bool = False  # it fails because every case raised NotImplementedError: still nbgrader's stub
    # what the judging step hands the shrinking step to judge a candidate without importing it
    # (``retrecissement.contre_exemple_du_bilan``'s ``attendu_de``, ``echec_de``, ``lire``)
    outils: dict = field(default_factory=dict, repr=False, compare=False)

    def echoue(self, famille: Famille) -> bool:
        return famille.nom in self.echecs or famille.nom in self.raisons


@dataclass
class Plan:
    """One question ready to run: the ``ordre`` that crosses to the runner, and what the judge keeps for it
    (never sent), by kind of question:

    - a function (``OrdreFonction``): its ``spec``, the ``cas`` and their expected observations
      (``attendus``), the ``memo`` of answers already judged (``familles.juger_familles``), the ``reasons`` read
      in the source and the verdict of a function no readable statement defines (``introuvable``), the
      subject's ``reference`` module;
    - a value (``OrdreValeur``): the subject's table of structured answers (``reponses``);
    - a game (``OrdrePartie``) or a query (``OrdreSql``): ``juger``, the verdict on the plain data the run
      step brings back (``Reponse.donnees``: the game's, or the query's run by the judge's SQL process).
    """

    ordre: messages.OrdreQuestion
    cas: list[tuple] = field(default_factory=list)
    attendus: list = field(default_factory=list)
    memo: dict | None = None
    raisons: dict[str, str] = field(default_factory=dict)
    introuvable: str | None = None
    spec: Spec | None = None
    reference: types.ModuleType | None = None
    reponses: Mapping[str, tuple] | None = None
    juger: Callable[[Any], Resultat] | None = None
    variante: tuple[Any, Any] | None = None  # a value asked on per-student data: (Variante, the author's data)
