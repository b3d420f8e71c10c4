"""The positions of Q2 drawn per student, played by the reference from the start: :func:`positions_jouees` makes the
table :data:`.variantes.POSITIONS_Q2` holds (the students' environment gets the table, never a game engine: the
table is data; ``tests/test_variantes.py`` checks that it is this function's output).

Regenerate the table: ``python -m awale_ref.sujets.othello_epita_2024.positions`` (prints the literal).
"""

from __future__ import annotations

import random

from awale_ref.sujets.othello_epita_2024 import othello

GRAINE = 2024
"""The seed of the games played (the table is fixed: each student's seed picks one of its positions)."""
NOMBRE = 256
COUPS = (2, 4, 6, 8)
"""Moves played from the start (J1 then J2, so that J1 is to move again)."""
SYMBOLES = {0: ".", 1: "x", -1: "o"}


def coder(p: list) -> str:
    """A board as 64 characters, row by row (``.`` empty, ``x`` a disc of J1, ``o`` of J2)."""
    return "".join(SYMBOLES[v] for ligne in p for v in ligne)


def positions_jouees(nombre: int = NOMBRE, graine: int = GRAINE) -> list[str]:
    """``nombre`` distinct positions after 2, 4, 6 or 8 random legal moves from the start (J1 first, no pass),
    J1 to move with at least one legal move, coded by :func:`coder`, in the order drawn."""
    rng = random.Random(graine)
    depart = coder(othello.plateau_depart())
    vues: dict[str, None] = {}
    while len(vues) < nombre:
        p, j = othello.plateau_depart(), 1
        for _ in range(rng.choice(COUPS)):
            coups = othello.cases_jouables(p, othello.cases_frontieres_de(p), j)
            if not coups:
                break
            p, j = othello.poser_jeton(p, rng.choice(coups), j), -j
        else:
            code = coder(p)
            if code != depart and othello.cases_jouables(p, othello.cases_frontieres_de(p), 1):
                vues.setdefault(code)
    return list(vues)


if __name__ == "__main__":
    print("POSITIONS_Q2 = (\n" + "".join(f'    "{c}",\n' for c in positions_jouees()) + ")")
