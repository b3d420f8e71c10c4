"""Computations on the game graphs for the pictures, written apart from the reference (no graded function
used: the pictures also run in the students' environment, where the reference of graded functions is absent).

A graph is the practical's dict ``{Tuple(position): [successor positions as lists]}``.

>>> G = {((0, 1), (1, 1)): [[[0, 2]], [[1, 2]]], ((0, 2),): [], ((1, 2),): []}
>>> rangs(G, 2, 1, 1), rangs(G, 2, 1, 2)
({((0, 1), (1, 1)): 1, ((0, 2),): 0, ((1, 2),): 0}, {((0, 1), (1, 1)): None, ((0, 2),): None, ((1, 2),): None})
"""

from __future__ import annotations


def cle(position: list | tuple) -> tuple:
    """A position as a key of the graph (piles as tuples)."""
    return tuple(tuple(pile) for pile in position)


def joueur(x: tuple, C: int, N: int) -> int:
    """Who must play at ``x``: J1 plays from C·N piles and every move removes one."""
    return 1 if (C * N - len(x)) % 2 == 0 else 2


def niveaux(G: dict, C: int, N: int, j: int) -> list[set]:
    """The attractor of J<j> step by exact step, each computed from the previous one alone: step 0 holds the
    positions without successor where the other player must play; a position of J<j> enters when one successor
    is in, one of the other player when it has successors and all are in."""
    etapes = [{x for x in G if not G[x] and joueur(x, C, N) != j}]
    while True:
        avant = etapes[-1]
        entrent = set()
        for x in G:
            if x in avant or not G[x]:
                continue
            dedans = [cle(s) in avant for s in G[x]]
            if (any(dedans) if joueur(x, C, N) == j else all(dedans)):
                entrent.add(x)
        if not entrent:
            return etapes
        etapes.append(avant | entrent)


def rangs(G: dict, C: int, N: int, j: int) -> dict:
    """``{position: the step at which it enters the attractor of J<j>}`` (``None``: never)."""
    etapes = niveaux(G, C, N, j)
    return {x: next((k for k, e in enumerate(etapes) if x in e), None) for x in G}
