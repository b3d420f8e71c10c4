"""The practical's data drawn per student: the three games of Q28 (who wins ``jeu(C, N)``).

The generator draws, from a ``random.Random``, data of which every sentence of the notebook stays true; it
computes no answer (the expected answers are the reference's, on the judge's side:
:mod:`awale_ref.sujets.attracteurs.specs`).  Shipped as it is in the students' environment.

- **jeux_q28** (Q28): three distinct games ``(C, N)`` of 2 to 9 tablets (``C`` colours, ``N`` tablets a colour,
  each at most 4), small enough for ``jeu`` to be run several times each (the largest, ``(3, 3)``, has 696
  positions); never the statement's three.

Not drawn: Q1 (the statement describes its two situations in words: the answer is their encoding), Q7 (what
``len(Graphe)`` counts: a fact), Q8 and Q32 (tables over every small game: the same for all), Q10 (computed
by the student's own ``sommets_12``), Q11 (any allowed game is accepted: nothing to copy).
"""

from __future__ import annotations

import random

from awale_ref.grading.eleve.variantes import Variante

JEUX_Q28_ENONCE = ((3, 3), (2, 3), (3, 2))
JEUX = tuple((c, n) for c in range(1, 5) for n in range(1, 5) if 2 <= c * n <= 9)
"""The games a student may be asked about (``C * N`` tablets, 2 to 9)."""


def jeux_q28(rng: random.Random) -> tuple[tuple[int, int], ...]:
    """Three games for Q28 (see the module's docstring)."""
    while True:
        jeux = tuple(rng.sample(JEUX, 3))
        if set(jeux) != set(JEUX_Q28_ENONCE):
            return jeux


def jeux_q28_valide(jeux: tuple) -> None:
    """Q28 as the notebook states it: three distinct small games, each with a winner from the start."""
    from awale_ref.sujets.attracteurs import tablettes as t

    assert len(jeux) == 3 == len(set(jeux)) and all(jeu in JEUX or jeu in JEUX_Q28_ENONCE for jeu in jeux)
    for c, n in jeux:
        assert t.coups(t.init(c, n)), (c, n)  # J1 has a move: the game is played


VARIANTES = (
    Variante("jeux_q28", jeux_q28, JEUX_Q28_ENONCE, ("Q28_gagnants",), "jeux (C, N)", jeux_q28_valide),
)
"""The practical's data sets drawn per student (``Sujet(variantes=...)``)."""
