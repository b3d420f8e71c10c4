"""The attractors' practical brought back to awalé: the exact values of small endgames by its own conditions.

:func:`valeurs_par_le_tp` computes, with the practical's ``cond_1`` and ``cond_2``
(:mod:`awale_ref.sujets.attracteurs.tablettes`), the values the game library computes with a work list
(:mod:`awale_ref.awale_exact`); the self-study notebook ``notebooks/pont_awale.py`` and the tests compare them.
"""

from __future__ import annotations

from awale_ref import engine
from awale_ref.awale_exact import GAGNE, NULLE, PERDU, ecarts, plateaux, valeur_finale
from awale_ref.engine import GRAINES_MIN_PLATEAU
from awale_ref.sujets.attracteurs import tablettes as t


def valeurs_par_le_tp(k: int) -> dict[tuple[tuple[int, ...], int], int]:
    """The exact values (:class:`awale_ref.awale_exact.Finales`'s) with the practical's conditions (``cond_1``, ``cond_2``, a pass over the positions
    until nothing changes, as ``attracteurs_Ji``), on the positions with at most ``k`` seeds: slow, for
    small ``k``.

    Seen by the player to move, both attractors grow together: a position is won when a move reaches a
    lost one (``cond_1`` on the lost set), lost when it has moves and all reach won ones (``cond_2`` on the
    won set); the finished games start them.  A vertex is ``(plateau, e)``, ``e`` clipped to ``±(b + 1)``
    (decided)."""
    G: dict = {}
    fins: dict = {}
    for b in range(k + 1):
        for p in plateaux(b):
            for e in list(ecarts(b)) + [b + 1, -b - 1]:
                x = (p, e)
                if abs(e) > b:
                    G[x], fins[x] = [], (GAGNE if e > 0 else PERDU)
                elif b <= GRAINES_MIN_PLATEAU or not engine._moves(p):
                    G[x], fins[x] = [], valeur_finale(p, e)
                else:
                    G[x] = [(s, max(-sum(s) - 1, min(sum(s) + 1, -(e + g)))) for _, g, s in engine._moves(p)]
    gagne = {x: fins.get(x) == GAGNE for x in G}
    perdu = {x: fins.get(x) == PERDU for x in G}
    change = True
    while change:
        change = False
        for x in G:
            if not gagne[x] and t.cond_1(G, perdu, x):
                gagne[x] = change = True
            if not perdu[x] and t.cond_2(G, gagne, x):
                perdu[x] = change = True
    return {x: GAGNE if gagne[x] else PERDU if perdu[x] else NULLE for x in G if abs(x[1]) <= sum(x[0])}
