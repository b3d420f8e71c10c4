"""Hidden cases of the CCINP's Q19 (``NegaAwale``) whose answer the exact endgame values pin down.

The exact win/draw/loss values of small endgames (:mod:`awale_ref.awale_exact`) say which pit any right
``NegaAwale`` must play at a root, and which nodes are won or lost by force within the depth left:
those positions become hidden cases of Q19 (:mod:`awale_ref.sujets.ccinp_2024.specs`).
"""

from __future__ import annotations

import functools

from awale_ref import engine
from awale_ref.awale_exact import (GAGNE, PERDU, coups_gagnants, ecarts, force, plateaux, position_du_moteur,
                                   valeur_finale)
from awale_ref.engine import GRAINES_MIN_PLATEAU


_NOMS = (("Alice", "Bob"), ("Zoé", "Alice"))


def _jeu(plateau: tuple[int, ...], e: int, i: int) -> dict:
    """The exam's ``jeu`` of a position (either player to move, either order of the names, by ``i``)."""
    return engine.to_jeu(position_du_moteur(plateau, e, 30 + i % 2), *_NOMS[i // 2 % 2])


@functools.lru_cache(maxsize=1)
def _cas_negaawale() -> tuple[tuple[tuple[int, ...], int, int, int], ...]:
    cas: list[tuple[tuple[int, ...], int, int, int]] = []
    # the root: one pit, and one only, wins by force within the searched depth, so that any right
    # NegaAwale(jeu, d, 0) must play it (±500 outweighs the few seeds captured on the way); kept when a
    # search one ply shorter plays another pit, or when every other pit loses by force
    for b, d, pas, quota in ((4, 2, 1, 4), (4, 3, 1, 2), (5, 2, 3, 4), (5, 3, 1, 2), (6, 2, 7, 4)):
        gardes = 0
        for p in plateaux(b)[::pas]:
            for e in ecarts(b):
                if gardes == quota or not engine._moves(p):
                    continue
                gagnants = coups_gagnants(p, e, d)
                if len(gagnants) != 1:
                    continue
                autres_perdent = all(force(s, -(e + g), d - 1) == GAGNE for c, g, s in engine._moves(p)
                                     if c != gagnants[0])
                plus_court = engine.best_move(position_du_moteur(p, e), d - 1)[0] if d > 1 else None
                if autres_perdent or plus_court != gagnants[0]:
                    cas.append((p, e, d, 0))
                    gardes += 1
    # below the root: a position won or lost by force within the depth left, valued ±500 less the seeds
    # captured on the way
    for b, quota in ((4, 3), (5, 3)):
        gardes = {GAGNE: 0, PERDU: 0}
        for p in plateaux(b)[::11]:
            for e in ecarts(b):
                v = force(p, e, 2) if engine._moves(p) and b > GRAINES_MIN_PLATEAU else None
                if v in gardes and gardes[v] < quota:
                    cas.append((p, e, 3, 1))
                    gardes[v] += 1
    # finished games the seeds left on the board decide (the score difference alone says otherwise)
    gardes = 0
    for b in (2, 3, 5):
        for p in plateaux(b)[::5]:
            for e in ecarts(b):
                fini = b <= GRAINES_MIN_PLATEAU or not engine._moves(p)
                if fini and gardes < 9 and valeur_finale(p, e) != (e > 0) - (e < 0):
                    cas.append((p, e, 2, gardes % 3))
                    gardes += 1
    return tuple(cas)


def cas_negaawale() -> list[tuple[dict, int, int]]:
    """Hidden cases of the CCINP's Q19 (``NegaAwale(jeu, profondeur_max, profondeur)``) whose answer the
    exact values pin down, fresh dicts: a root where one pit alone wins by force within the depth, a node
    won or lost by force within the depth left, a finished game the board's seeds decide.  Deterministic,
    computed in a fraction of a second (depth 3 at most, boards of 6 seeds at most)."""
    return [(_jeu(p, e, i), d, k) for i, (p, e, d, k) in enumerate(_cas_negaawale())]
