"""Computations on the game graphs that the practical does not ask for, shared by the specs and the pictures.

>>> from awale_ref.sujets.attracteurs import tablettes as t
>>> G = t.graphe(2, 2)
>>> S1, S2 = t.sommets_12(G, 2, 2)
>>> [sum(d.values()) for d in niveaux(G, t.init_attracteurs(G, S1)[0], S1)]
[2, 5, 7, 8]
"""

from __future__ import annotations

from awale_ref.sujets.attracteurs import tablettes as t


def niveaux(G: dict, d: dict, Si: tuple) -> list[dict]:
    """The attractor ``d`` of the player whose positions are ``Si``, step by exact step (each step computed
    from the previous one alone, as the definition reads), from ``d`` to its fixpoint."""
    etapes = [dict(d)]
    while True:
        avant = etapes[-1]
        suivant = dict(avant)
        for x in G:
            if not avant[x] and (t.cond_1(G, avant, x) if x in Si else t.cond_2(G, avant, x)):
                suivant[x] = True
        if suivant == avant:
            return etapes
        etapes.append(suivant)


def rangs(G: dict, C: int, N: int, joueur: int) -> dict:
    """``{position: the step at which it enters the attractor of J<joueur>}`` (``None``: never)."""
    S1, S2 = t.sommets_12(G, C, N)
    d1, d2 = t.init_attracteurs(G, S1)
    etapes = niveaux(G, d1 if joueur == 1 else d2, S1 if joueur == 1 else S2)
    return {x: next((k for k, e in enumerate(etapes) if e[x]), None) for x in G}


def gagnants_au_depart(cmax: int = 4, nmax: int = 4) -> dict:
    """Q32's table: ``{(C, N): True when J1 has a winning position at the start}`` (memoised min-max to the
    end of the game)."""
    return {(C, N): t.min_max_opt(t.init(C, N), C * N, True) == 1
            for C in range(1, cmax + 1) for N in range(1, nmax + 1)}
