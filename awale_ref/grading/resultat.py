"""The records handed along the verdict's path (a leaf: plain data, no calls out).

:class:`Bilan` is what the judging step (:mod:`familles`) hands the shrinking and the rendering steps,
:class:`Contre` what the shrinking step (:mod:`retrecissement`) hands the rendering step (:mod:`rendu`), and
:class:`Resultat` what rendering hands back: the verdict of one question.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from awale_ref.grading.specs import Famille, Spec


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
