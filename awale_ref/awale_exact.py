"""Exact win/draw/loss values of small awalé endgames, by attractors (the game library).

A position is seen by the player
to move, as in the exam's ``NegaAwale``: a board (``engine.Position``'s
``plateau``, pits 0–5 the mover's) and ``e``, the mover's score minus the
opponent's.  The moves, captures, famine rule and end of the game are the
exam's (computed by :mod:`awale_ref.engine`, which agrees with the exam's
functions): the game ends when the board holds 3 seeds or fewer or the
mover has no acceptable pit, and each side's seeds then go to its owner.

Two rules of the exam are left out, and why:

- the 25-seed end: with the 48 seeds of a game, a score of 25 or more wins
  whatever follows (it is more than half), so it never changes a result;
  with all 48 seeds in play, ``e`` has the parity of the board's seeds ``b``,
  and ``|e| > b`` decides the game already (``e >= b + 1``: won);
- the 100-move limit: the positions are taken far from it (a real endgame
  may be anywhere, but without it the value depends on the board alone).
  Without it a game may go on for ever; a position from which neither player
  can force a win is *nulle* here (a drawn end, or a game without end).

The values are computed as in the practical's Part 4: the losing ends are
the start (``init_attracteurs``), a position enters the winning set when one
move reaches a losing position (``cond_1``), the losing set when every move
reaches a winning one (``cond_2``), until nothing changes; here with a work
list and a count of the moves not yet known to lose (each position and each
move looked at once), layer by layer: a capture leaves fewer seeds, so the
positions with fewer seeds are known first.  The attractors' practical does
the same with its own conditions on the small layers
(``awale_ref.sujets.attracteurs.pont_awale``), and the tests check both agree;
the CCINP's Q19 takes hidden cases from these values
(``awale_ref.sujets.ccinp_2024.finales``).
"""

from __future__ import annotations

import functools
import itertools
import time
from collections import deque

from awale_ref import engine
from awale_ref.engine import GRAINES_MIN_PLATEAU, NB_CASES

GAGNE, NULLE, PERDU = 1, 0, -1
"""The value of a position for the player to move."""


def plateaux(b: int) -> list[tuple[int, ...]]:
    """Every board with exactly ``b`` seeds in its 12 pits (C(b + 11, 11) of them)."""
    res = []
    for barres in itertools.combinations(range(b + NB_CASES - 1), NB_CASES - 1):
        bornes = (-1,) + barres + (b + NB_CASES - 1,)
        res.append(tuple(bornes[i + 1] - bornes[i] - 1 for i in range(NB_CASES)))
    return res


def valeur_finale(plateau: tuple[int, ...], e: int) -> int:
    """The value of a finished game for the mover: each side's seeds to its owner."""
    total = e + sum(plateau[:6]) - sum(plateau[6:])
    return GAGNE if total > 0 else PERDU if total < 0 else NULLE


def ecarts(b: int) -> range:
    """The score differences ``e`` still open with ``b`` seeds on the board (parity of ``b``, ``|e| <= b``)."""
    return range(-b, b + 1, 2)


class Finales:
    """The exact values of every position with at most ``k`` seeds on the board: ``valeur(plateau, e)``."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.valeurs: dict[tuple[tuple[int, ...], int], int] = {}
        self.durees: dict[int, float] = {}
        for b in range(k + 1):
            debut = time.perf_counter()
            self._couche(b)
            self.durees[b] = time.perf_counter() - debut

    def valeur(self, plateau: tuple[int, ...], e: int) -> int:
        b = sum(plateau)
        if e > b:
            return GAGNE
        if e < -b:
            return PERDU
        return self.valeurs[(plateau, e)]

    def _couche(self, b: int) -> None:
        boards = plateaux(b)
        if b <= GRAINES_MIN_PLATEAU:  # the game is over
            for p in boards:
                for e in ecarts(b):
                    self.valeurs[(p, e)] = valeur_finale(p, e)
            return
        coups = {p: engine._moves(p) for p in boards}
        predecesseurs: dict[tuple[int, ...], list[tuple[int, ...]]] = {p: [] for p in boards}
        for p, liste in coups.items():
            for _, gain, suivant in liste:
                if gain == 0:
                    predecesseurs[suivant].append(p)
        restants: dict[tuple[tuple[int, ...], int], int] = {}
        file: deque = deque()
        val = self.valeurs
        for p in boards:
            for e in ecarts(b):
                if not coups[p]:
                    val[(p, e)] = valeur_finale(p, e)
                    file.append((p, e))
                    continue
                n, gagne = 0, False
                for _, gain, suivant in coups[p]:
                    if gain == 0:
                        n += 1  # same layer: not known yet
                        continue
                    v = self.valeur(suivant, -(e + gain))
                    if v == PERDU:
                        gagne = True
                        break
                    if v == NULLE:
                        n += 1  # never becomes a winning move for the opponent
                if gagne:
                    val[(p, e)] = GAGNE
                    file.append((p, e))
                elif n == 0:
                    val[(p, e)] = PERDU
                    file.append((p, e))
                else:
                    restants[(p, e)] = n
        while file:  # the attractors: cond_1 (a move to a lost position), cond_2 (every move to a won one)
            p, e = file.popleft()
            v = val[(p, e)]
            for q in predecesseurs[p]:
                cle = (q, -e)
                if cle in val:
                    continue
                if v == PERDU:
                    val[cle] = GAGNE
                    file.append(cle)
                elif v == GAGNE:
                    restants[cle] -= 1
                    if restants[cle] == 0:
                        val[cle] = PERDU
                        file.append(cle)
        for cle in restants:
            val.setdefault(cle, NULLE)  # neither player can force a win

    def valeurs_des_coups(self, plateau: tuple[int, ...], e: int) -> dict[int, int]:
        """Each legal pit -> the exact value of the game for the mover after playing it."""
        return {case: -self.valeur(suivant, -(e + gain)) for case, gain, suivant in engine._moves(plateau)}


def position_du_moteur(plateau: tuple[int, ...], e: int, n: int = 0) -> engine.Position:
    """The engine's (and the exam's ``jeu``) position of the mover's board and score difference, with the
    48 seeds of a game (J1 moves when ``n`` is even)."""
    b = sum(plateau)
    mine = (48 - b + e) // 2
    theirs = 48 - b - mine
    if n % 2 == 0:
        return engine.Position(tuple(plateau), mine, theirs, n)
    return engine.Position(tuple(plateau), theirs, mine, n)


def erreurs_de_negaawale(finales: Finales, profondeur: int, b: int, limite: int | None = None,
                         pas: int = 1) -> dict:
    """Compare the pit the exam's ``NegaAwale(jeu, profondeur, 0)`` plays (the engine's ``best_move``,
    which is it) with the exact values, on the open positions with ``b`` seeds (every ``pas``-th one):
    how many, and those where it throws away a win or plays a losing move."""
    bilan = {"positions": 0, "gain perdu": [], "coup perdant": [], "duree": 0.0}
    debut = time.perf_counter()
    cles = [(p, e) for p in plateaux(b) for e in ecarts(b)]
    for p, e in cles[::pas][:limite]:
        pos = position_du_moteur(p, e)
        if engine.is_over(pos):
            continue
        bilan["positions"] += 1
        exacte = finales.valeur(p, e)
        case, _ = engine.best_move(pos, profondeur)
        apres = finales.valeurs_des_coups(p, e)[case]
        if apres < exacte:
            bilan["coup perdant" if apres == PERDU else "gain perdu"].append((p, e, case, exacte, apres))
    bilan["duree"] = time.perf_counter() - debut
    return bilan


@functools.lru_cache(maxsize=None)
def force(plateau: tuple[int, ...], e: int, h: int) -> int | None:
    """What the player to move forces within ``h`` plies: the attractors' levels up to ``h`` (the practical's
    ``attracteurs_it`` run ``h`` times from the finished games).

    A finished game (the exam's ends: 3 seeds or fewer, no acceptable pit, a score past half the seeds) is
    worth its value, ``NULLE`` for a drawn end; otherwise ``GAGNE`` when a move reaches a position lost
    within ``h - 1`` plies (``cond_1``), ``PERDU`` when every move reaches one won within ``h - 1``
    (``cond_2``), ``None`` when ``h`` plies decide nothing.  A forced result is the exact one
    (:class:`Finales` says the same: the tests check it).
    """
    b = sum(plateau)
    if e > b:
        return GAGNE
    if e < -b:
        return PERDU
    coups = engine._moves(plateau)
    if b <= GRAINES_MIN_PLATEAU or not coups:
        return valeur_finale(plateau, e)
    if h == 0:
        return None
    suivants = [force(suivant, -(e + gain), h - 1) for _, gain, suivant in coups]
    if PERDU in suivants:
        return GAGNE
    return PERDU if all(v == GAGNE for v in suivants) else None


def coups_gagnants(plateau: tuple[int, ...], e: int, h: int) -> list[int]:
    """The pits that win by force within ``h`` plies (the position after them is lost within ``h - 1``)."""
    return [case for case, gain, suivant in engine._moves(plateau) if force(suivant, -(e + gain), h - 1) == PERDU]
