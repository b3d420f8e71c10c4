"""Test positions: a seeded corpus of reachable games and labelled edge cases.

``corpus_positions`` samples positions from games played with the game library's
functions (``awale_ref.fonctions_moteur``, which the differential tests hold equal to the CCINP
reference's) between random and greedy players (the greedy
player takes the best immediate gain, so harvests happen often); every
position is one where the game goes on (``tour_suivant`` is True).
``cas_limites`` lists handcrafted positions, each labelled with the rule
situation it exercises (checked in ``tests/test_corpus.py``).

Every position is a fresh ``jeu`` dict with the exam's structure (joueur1
``'Alice'``, joueur2 ``'Bob'``): callers may change it freely.  Board seeds
plus scores always make the game's 48 seeds.

>>> positions = corpus_positions(seed=7, count=5)
>>> len(positions), all(sum(p['plateau']) + sum(p['score']) == 48 for p in positions)
(5, True)
>>> positions == corpus_positions(seed=7, count=5)
True
>>> dict(cas_limites())['figure 4 (Q1, Q2)']['plateau']
[0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
"""

from __future__ import annotations

import functools
import random

from awale_ref import engine, fonctions_moteur

JOUEUR1 = "Alice"
JOUEUR2 = "Bob"

PROBA_GLOUTON = 0.5
"""Probability that each side of a corpus game is a greedy player."""

ECART_GLOUTON = 0.15
"""Probability that a greedy player plays a random pit anyway (more variety)."""

POSITIONS_PAR_PARTIE = 12
"""At most this many positions are sampled from each game: its last one
(the next move may end the game) and the others uniformly."""

# A position frozen for the cache: (n, score, plateau) as tuples.
Gelee = tuple[int, tuple[int, int], tuple[int, ...]]


def _jeu(plateau: list[int], n: int, score: tuple[int, int]) -> dict:
    """A fresh jeu dict with the exam's structure and the corpus' names."""
    return {"joueur1": JOUEUR1, "joueur2": JOUEUR2, "score": list(score), "n": n,
            "plateau": list(plateau)}


def _coup_glouton(jeu: dict, cases: list[int], rng: random.Random) -> int:
    """A pit of ``cases`` with the best immediate gain (ties drawn at random)."""
    gains = [fonctions_moteur.gain(jeu, case)[0] for case in cases]
    meilleur = max(gains)
    return rng.choice([case for case, g in zip(cases, gains) if g == meilleur])


def _partie(rng: random.Random) -> list[Gelee]:
    """Play one seeded game; return every position where the game goes on."""
    gloutons = (rng.random() < PROBA_GLOUTON, rng.random() < PROBA_GLOUTON)
    jeu = engine.to_jeu(engine.initial_position(), JOUEUR1, JOUEUR2)
    positions = []
    en_cours = fonctions_moteur.tour_suivant(jeu)
    while en_cours:
        positions.append((jeu["n"], tuple(jeu["score"]), tuple(jeu["plateau"])))
        cases = fonctions_moteur.cases_possibles(jeu)
        if gloutons[jeu["n"] % 2] and rng.random() >= ECART_GLOUTON:
            case = _coup_glouton(jeu, cases, rng)
        else:
            case = rng.choice(cases)
        en_cours = fonctions_moteur.tour_jeu(jeu, case)  # an acceptable pit: nothing printed
    return positions


@functools.lru_cache(maxsize=32)
def _corpus_gele(seed: int, count: int) -> tuple[Gelee, ...]:
    """The frozen corpus: distinct positions, in the order they were drawn."""
    rng = random.Random(seed)  # int seeds are reproducible across runs and hash seeds
    vues: set[Gelee] = set()
    corpus: list[Gelee] = []
    while len(corpus) < count:
        partie = _partie(rng)
        # the last position (the next move may end the game) and a uniform sample
        dernier = len(partie) - 1
        tirage = sorted(rng.sample(range(dernier), min(POSITIONS_PAR_PARTIE - 1, dernier)))
        tirage.append(dernier)
        for indice in tirage:
            position = partie[indice]
            if position not in vues and len(corpus) < count:
                vues.add(position)
                corpus.append(position)
    return tuple(corpus)


def corpus_positions(seed: int = 2024, count: int = 400) -> list[dict]:
    """``count`` distinct reachable positions where the game goes on.

    Deterministic: the same ``seed`` gives the same list (and a shorter
    ``count`` gives a prefix of it); another seed gives another list.  The
    positions are sampled at every stage of the games (``n`` from 0 up to
    99), with both players to move.  The result is computed once per
    ``(seed, count)`` and each call returns new dicts.

    >>> from awale_ref.fonctions_moteur import tour_suivant
    >>> all(tour_suivant(jeu) for jeu in corpus_positions(seed=1, count=20))
    True
    >>> corpus_positions(count=-1)
    Traceback (most recent call last):
    ...
    ValueError: count must be >= 0, got -1
    """
    verifier_graine_et_nombre(seed, count)
    return [_jeu(list(plateau), n, score) for n, score, plateau in _corpus_gele(seed, count)]


def verifier_graine_et_nombre(seed: object, count: object) -> None:
    """The arguments of a seeded corpus (this one, the Olympiades images): an int seed and a count >= 0."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, got {seed!r}")
    if not isinstance(count, int) or isinstance(count, bool):
        raise TypeError(f"count must be an int, got {count!r}")
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")


def cas_limites() -> list[tuple[str, dict]]:
    """Handcrafted positions, each labelled with the situation it exercises.

    Boards use the exam's convention (pits 0–5: the player to move, who is
    joueur2 when ``n`` is odd).  Every label's property is checked in
    ``tests/test_corpus.py``; the scores are chosen so that board and scores
    hold the 48 seeds.

    >>> labels = [label for label, _ in cas_limites()]
    >>> 'famine: the harvest would take all the opponent seeds' in labels
    True
    """
    cas = [
        # --- sowing laps
        ("12 seeds: one lap skipping the origin, ends on its neighbour",
         _jeu([0, 0, 12, 1, 2, 0, 3, 1, 0, 2, 1, 0], 14, (13, 13))),
        ("12 seeds from pit 5: the lap ends on pit 6 and harvests it",
         _jeu([1, 0, 2, 0, 0, 12, 1, 4, 0, 3, 0, 1], 33, (11, 13))),
        ("22 seeds: two laps, ends on the pit before the origin",
         _jeu([1, 0, 0, 22, 0, 1, 0, 1, 2, 0, 1, 0], 46, (10, 10))),
        ("23 seeds: two laps, ends on the origin's neighbour",
         _jeu([0, 23, 0, 1, 0, 0, 1, 0, 0, 2, 0, 1], 51, (10, 10))),
        # --- harvest chains
        ("harvest chain down to pit 6, stops at the 6/5 boundary",
         _jeu([0, 0, 0, 0, 5, 1, 1, 2, 1, 2, 4, 0], 40, (16, 16))),
        ("harvest chain broken in the middle",
         _jeu([0, 2, 0, 1, 0, 4, 1, 3, 1, 2, 3, 1], 27, (14, 16))),
        # --- famine, both faces
        ("famine: the harvest would take all the opponent seeds",
         _jeu([2, 0, 0, 0, 2, 2, 1, 1, 0, 0, 0, 0], 61, (20, 20))),
        ("famine: opponent starved, only a move that feeds him is accepted",
         _jeu([1, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0], 66, (18, 24))),
        # --- the boards of the awalé papers' statements (the CCINP's facts; tests/test_corpus.py holds them equal)
        ("figure 4 (Q1, Q2)", _jeu([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 40, (10, 10))),
        ("figure 5 situation 1 (Q3): no acceptable pit, the game is over",
         _jeu([0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0], 70, (19, 19))),
        ("figure 5 situation 2 (Q3): pit 5 harvests ten seeds",
         _jeu([0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 1], 70, (18, 19))),
        ("Q18 tree position", _jeu([0, 6, 0, 0, 2, 4, 1, 1, 0, 0, 5, 1], 28, (12, 16))),
        # --- end of the game
        ("end: the move brings the mover's score to 25",
         _jeu([0, 3, 0, 1, 0, 1, 1, 2, 0, 1, 2, 2], 57, (12, 23))),
        ("end: n = 99 before the move, the 100-turn limit",
         _jeu([2, 1, 0, 3, 1, 0, 2, 0, 1, 1, 4, 1], 99, (15, 17))),
        ("end: n = 100, the game is already over",
         _jeu([1, 2, 0, 3, 1, 0, 2, 0, 1, 1, 4, 1], 100, (15, 17))),
        ("end: the move leaves 3 seeds or fewer on the board",
         _jeu([0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1], 72, (22, 22))),
        ("end: after the move the next player has no acceptable pit",
         _jeu([0, 0, 0, 0, 0, 1, 0, 2, 1, 1, 0, 0], 81, (21, 22))),
        # exactly 3 seeds is already the end, though a move exists (catches `< 3` for `<= 3`)
        ("end: exactly 3 seeds left, a playable pit exists",
         _jeu([1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0], 60, (22, 23))),
    ]
    return cas

