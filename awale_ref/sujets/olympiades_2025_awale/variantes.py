"""Exercise 2's data drawn per student: the board of question 1, and those of questions 6, 7 and 8 (the three the
text lost, whose reconstruction is ours: only what the text says of each must stay true).

Each generator draws, from a ``random.Random``, a board of which every sentence of the notebook stays true; it
computes no answer (the expected answers are the reference's, on the judge's side:
:mod:`awale_ref.sujets.olympiades_2025_awale.specs`).  Shipped as it is in the students' environment.

- **plateau_q1** (Q1, the boards after sowing pit 4, then pit 5; the statement's is figure 3, which stays shown
  as the statement's example): Alice's pit 4 holds 12 to 17 seeds (its sowing laps round and skips it, as
  in figure 3), pit 5 holds 1 to 6; every other pit 0 to 3 seeds, at most 48 in all.
- **plateau_q6** (Q6, the pits Alice may harvest after sowing): 0 to 6 seeds a pit, at most 48 in all; Bob's row holds at least
  one pit of 2 or 3 seeds and at least one of another count, Alice's row at least one pit of 2 or 3 seeds (in
  her own row: not harvested).
- **plateau_q7** (Q7, the seeds harvested): Alice sowed her pit 3 and her last seed fell in pit 10, so pit 3
  is empty and pits 4 to 10 hold at least one seed; pit 10 mostly 2 or 3 seeds, so that something is
  harvested; the pits before it are often 2 or 3 too (longer harvests).
- **plateau_q8** (Q8, Bob to move: which of his pits 0, 2 and 5 starves Alice): Alice's seeds lie in her
  first ``m`` pits (6 to ``5 + m``), 1 or 2 each; one of Bob's pits 0, 2, 5 ends its sowing in pit ``5 + m``
  (all of them then hold 2 or 3 and are harvested: Alice starves); each other of the three ends its sowing
  elsewhere (in Bob's row, before pit ``5 + m``, or past it, where a pit holds one seed: Alice keeps hers).
  No sowing laps round the board.
"""

from __future__ import annotations

import random

from awale_ref.grading.eleve.variantes import Variante

PLATEAU_Q1_ENONCE = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
PLATEAU_Q6_ENONCE = [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2]
PLATEAU_Q7_ENONCE = [1, 0, 2, 0, 1, 2, 2, 4, 3, 2, 3, 1]
PLATEAU_Q8_ENONCE = [1, 0, 4, 0, 0, 2, 1, 1, 0, 0, 0, 0]
CASES_Q8 = (0, 2, 5)
"""Bob's pits question 8 asks about."""


def plateau_q1(rng: random.Random) -> list[int]:
    """A board for Q1 (see the module's docstring)."""
    while True:
        plateau = [rng.randint(0, 3) for _ in range(12)]
        plateau[4], plateau[5] = rng.randint(12, 17), rng.randint(1, 6)
        if sum(plateau) <= 48 and plateau != PLATEAU_Q1_ENONCE:
            return plateau


def plateau_q6(rng: random.Random) -> list[int]:
    """A board for Q6 (see the module's docstring)."""
    while True:
        plateau = [rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5, 6)) for _ in range(12)]
        bob = plateau[6:]
        if (any(g in (2, 3) for g in bob) and any(g not in (2, 3) for g in bob)
                and any(g in (2, 3) for g in plateau[:6]) and sum(plateau) <= 48 and plateau != PLATEAU_Q6_ENONCE):
            return plateau


def plateau_q7(rng: random.Random) -> list[int]:
    """A board for Q7 (see the module's docstring)."""
    while True:
        plateau = [rng.randint(0, 4) for _ in range(12)]
        plateau[3] = 0
        for case in range(4, 11):
            plateau[case] = rng.choice((1, 2, 2, 3, 3, 4, 5))
        if rng.random() < 0.85:
            plateau[10] = rng.randint(2, 3)
        if sum(plateau) <= 48 and plateau != PLATEAU_Q7_ENONCE:
            return plateau


def plateau_q8(rng: random.Random) -> list[int]:
    """A board for Q8 (see the module's docstring)."""
    while True:
        m = rng.randint(1, 3)
        derniere = 5 + m
        plateau = [rng.randint(0, 3) for _ in range(6)] + [rng.randint(1, 2) for _ in range(m)] + [0] * (6 - m)
        affame = rng.choice(CASES_Q8)
        plateau[affame] = derniere - affame
        for case in CASES_Q8:
            if case != affame:
                fin = rng.choice([p for p in range(case + 1, 12) if p != derniere])
                plateau[case] = fin - case
        if plateau != PLATEAU_Q8_ENONCE:
            return plateau


def plateau_q1_valide(plateau: list) -> None:
    """Q1 as the notebook states it: Alice may play pits 4 and 5, and pit 4's sowing laps round."""
    assert len(plateau) == 12 and all(type(g) is int and g >= 0 for g in plateau) and sum(plateau) <= 48
    assert plateau[4] >= 12 and plateau[5] >= 1


def plateau_q6_valide(plateau: list) -> None:
    """Q6 as the notebook states it: a board, with pits to harvest and pits not to."""
    from awale_ref.sujets.olympiades_2025_awale import awale_lycee as lycee

    assert len(plateau) == 12 and all(type(g) is int and g >= 0 for g in plateau) and sum(plateau) <= 48
    ramassables = [c for c in range(12) if lycee.case_ramassable(plateau, c)]
    assert ramassables and len(ramassables) < 6 and any(plateau[c] in (2, 3) for c in range(6))


def plateau_q7_valide(plateau: list) -> None:
    """Q7 as the notebook states it: Alice sowed pit 3 (7 seeds) and her last seed fell in pit 10."""
    from awale_ref.sujets.olympiades_2025_awale import awale_lycee as lycee

    assert len(plateau) == 12 and all(type(g) is int and g >= 0 for g in plateau) and sum(plateau) <= 48
    avant = [g - (4 <= c <= 10) for c, g in enumerate(plateau)]
    avant[3] = 7
    assert min(avant) >= 0 and lycee.semer_graines(avant, 3) == 10 and avant == plateau


def plateau_q8_valide(plateau: list) -> None:
    """Q8 as the notebook states it: Bob to move, his pits 0, 2 and 5 hold seeds, exactly one starves Alice."""
    from awale_ref.sujets.olympiades_2025_awale import awale_lycee as lycee

    assert len(plateau) == 12 and all(type(g) is int and g >= 0 for g in plateau) and sum(plateau) <= 48
    assert all(plateau[c] > 0 for c in CASES_Q8) and any(plateau[6:])
    assert sum(lycee.test_famine(plateau, c) for c in CASES_Q8) == 1, plateau


VARIANTES = (
    Variante("plateau_q1", plateau_q1, PLATEAU_Q1_ENONCE, ("Q1_plateaux",), "plateau", plateau_q1_valide),
    Variante("plateau_q6", plateau_q6, PLATEAU_Q6_ENONCE, ("Q6a_ramassables",), "plateau", plateau_q6_valide),
    Variante("plateau_q7", plateau_q7, PLATEAU_Q7_ENONCE, ("Q7a_graines",), "plateau", plateau_q7_valide),
    Variante("plateau_q8", plateau_q8, PLATEAU_Q8_ENONCE, ("Q8a_case",), "plateau", plateau_q8_valide),
)
"""Exercise 2's data sets drawn per student (``Sujet(variantes=...)``)."""
