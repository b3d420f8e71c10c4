"""Computer players of varied strength, built on the fast engine.

A player is a :class:`Profil`: a search depth (0 = random, 1 = greedy, 2–6 =
negamax) and a noise level.  To choose a move, the player adds to each legal
move's value a Gaussian noise of standard deviation ``bruit`` seeds (drawn
from the game's own ``random.Random``, so a game is reproducible) and plays
the best noisy value: small noise, strong player; large noise, weaker.

- depth 0: a legal move chosen uniformly at random;
- depth 1 (greedy): the value of a move is its immediate gain (plus or
  minus 500 if it ends the game, as ``NegaAwale(jeu, 1, 0)`` values it);
- depth d >= 2: the value is the exam's negamax value at depth d
  (``engine.move_values``), i.e. what ``NegaAwale(jeu, d, 0)`` compares.

Deep search costs milliseconds a move in pure Python (10–30 ms at depth 6
with alpha-beta), while the 20,000 games of the opening library must be
played in seconds.  So the depth really searched is capped by the turn
(:func:`profondeur_au_tour`): up to 6 plies for the first move of each
player (turns 0 and 1), up to 4 for the second (turns 2 and 3), where the
positions repeat from game to game and the caller can share a cache of
root values (``cache``, keyed by position and depth); from turn 4 on every
player of depth >= 1 plays greedily.  Strength in the middle game
therefore comes from the noise level only (and depth 0 stays random):
documented, not hidden.

>>> import random
>>> from awale_ref import engine
>>> choisir_coup(engine.initial_position(), Profil(1, 0.0), random.Random(0))[0]
0
"""

from __future__ import annotations

import random
from typing import NamedTuple

from awale_ref import engine
from awale_ref.engine import Position

# (turn limit, depth cap): the depth really searched is at most 6 at turns
# 0 and 1, at most 4 at turns 2 and 3; from turn 4 on, every player with a
# depth >= 1 plays greedily (depth 1).
PALIERS = ((2, 6), (4, 4))


class Profil(NamedTuple):
    """How a player chooses: ``profondeur`` 0–6 and ``bruit`` (seeds, >= 0)."""

    profondeur: int
    bruit: float


def profondeur_au_tour(profondeur: int, n: int) -> int:
    """The depth a ``profondeur`` player really searches at turn ``n``.

    >>> [profondeur_au_tour(6, n) for n in (0, 1, 2, 3, 4, 50)]
    [6, 6, 4, 4, 1, 1]
    >>> [profondeur_au_tour(3, n) for n in (0, 2, 4)], [profondeur_au_tour(0, n) for n in (0, 20)]
    ([3, 3, 1], [0, 0])
    """
    if profondeur <= 1:
        return profondeur
    for tour_limite, plafond in PALIERS:
        if n < tour_limite:
            return min(profondeur, plafond)
    return 1


def valeurs_des_coups(pos: Position, profondeur: int, cache: dict | None = None
                      ) -> list[tuple[int, int]]:
    """``[(pit, value)]`` for each legal move of ``pos``, in pit order.

    Depth 0 values every move 0; depth d >= 1 gives the exam's root values
    ``engine.move_values(pos, d)``: at depth 1 the immediate gain (a move
    that ends the game is worth its gain ±500, as in ``NegaAwale``).  Values
    of depth >= 2 are memoised in ``cache`` when given: they depend only on
    the position and the depth.

    >>> pos = Position((0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1), 0, 0, 0)
    >>> valeurs_des_coups(pos, 1)
    [(2, 0), (4, 8), (5, 0)]
    >>> valeurs_des_coups(pos, 2)
    [(2, 0), (4, 4), (5, 0)]
    """
    if profondeur == 0:
        return [(case, 0) for case in engine.legal_moves(pos)]
    if profondeur == 1 or cache is None:
        return engine.move_values(pos, profondeur)
    cle = (pos, profondeur)
    valeurs = cache.get(cle)
    if valeurs is None:
        valeurs = cache[cle] = engine.move_values(pos, profondeur)
    return valeurs


def choisir_coup(pos: Position, profil: Profil, rng: random.Random,
                 cache: dict | None = None) -> tuple[int, Position]:
    """The pit ``profil`` plays in ``pos`` (not finished) and the next position.

    >>> pos = Position((0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1), 0, 0, 0)
    >>> choisir_coup(pos, Profil(2, 0.5), random.Random(1))[0]
    4
    """
    profondeur = profondeur_au_tour(profil.profondeur, pos.n)
    coups = valeurs_des_coups(pos, profondeur, cache)
    if not coups:
        raise ValueError(f"no legal move in {pos!r}: the game is over")
    if profondeur == 0:
        case = rng.choice(coups)[0]
    else:
        # the first best noisy value wins (exam.max_vals keeps the first maximum)
        case, meilleure_note = None, None
        for candidat, valeur in coups:
            note = valeur + rng.gauss(0.0, profil.bruit) if profil.bruit > 0 else valeur
            if meilleure_note is None or note > meilleure_note:
                case, meilleure_note = candidat, note
    return case, engine.play(pos, case)[1]
