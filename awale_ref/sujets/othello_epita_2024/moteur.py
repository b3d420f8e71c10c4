"""The Othello functions the board, the tree and the visible tests play with, computed on bitboards.

The board widget (:mod:`.plateau`), the minimax tree (:mod:`.arbre`) and the
evaluation function a visible test passes by name (``score``) play with these
where the reference of a graded function is not installed: the students'
environment of the class server (``pipeline.paquet_eleve`` puts them in the
reduced reference's place, as ``awale_ref.fonctions_moteur`` does for the
CCINP's).  A board is two 64-bit masks here (bit ``8 x + y`` for the cell
``(x, y)``), a move's captures are found by shifting masks, never by walking the
list of lists: same names, same arguments, same results and the same changes
to the lists they receive as the reference (:mod:`.othello`) on the boards of
the game (``l`` the board's frontier), ``awale_ref/sujets/othello_epita_2024/tests/test_othello.py`` compares them
on the grading corpus.

>>> p = plateau_depart()
>>> cases_jouables(p, [(2, 2), (2, 3), (3, 2)], 1), score(poser_jeton(p, (2, 3), 1))
([(2, 3), (3, 2)], 3)
"""

from __future__ import annotations

from typing import Callable

REFERENCE = "awale_ref.sujets.othello_epita_2024.othello"
"""The module whose functions these are (``pipeline.paquet_eleve`` puts them in its place)."""

PLEIN = (1 << 64) - 1
COLONNE_0 = sum(1 << (8 * x) for x in range(8))
COLONNE_7 = COLONNE_0 << 7
DIRECTIONS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))
"""The eight directions, in the reference's order (``dx`` then ``dy`` increasing)."""
GAIN = 10000
"""The value of a game won by J1 (``-GAIN``: by J2), as the reference's ``ia_minmax_tp``."""
Masques = dict  # {1: the discs of J1, -1: the discs of J2}


def _bit(c) -> int:
    return 1 << (8 * c[0] + c[1])


def _decaler(b: int, d: tuple[int, int]) -> int:
    """Every disc of ``b`` moved one cell in the direction ``d``; those that leave the board are dropped."""
    pas = 8 * d[0] + d[1]
    b = (b << pas if pas > 0 else b >> -pas) & PLEIN
    return b & ~COLONNE_0 if d[1] == 1 else b & ~COLONNE_7 if d[1] == -1 else b


def _cases(b: int) -> list[tuple[int, int]]:
    """The cells of a mask, by increasing index (row by row)."""
    return [divmod(n, 8) for n in range(64) if b >> n & 1]


def masques(p: list) -> Masques:
    return {j: sum(1 << (8 * x + y) for x in range(8) for y in range(8) if p[x][y] == j) for j in (1, -1)}


def plateau(m: Masques) -> list[list[int]]:
    return [[1 if m[1] >> (8 * x + y) & 1 else -1 if m[-1] >> (8 * x + y) & 1 else 0 for y in range(8)]
            for x in range(8)]


def _prise(m: Masques, c, d, j: int) -> int:
    """The discs of ``-j`` that a disc of ``j`` on ``c`` closes in the direction ``d`` (0: none)."""
    ligne, b = 0, _decaler(_bit(c), d)
    while b & m[-j]:
        ligne, b = ligne | b, _decaler(b, d)
    return ligne if b & m[j] else 0


def _coups(m: Masques, j: int) -> int:
    """The empty cells where ``j`` may play: a line of the opponent's discs, then one of ``j``'s (a flood of
    the opponent's discs from ``j``'s, six cells at most, in each direction)."""
    vides, coups = PLEIN & ~(m[1] | m[-1]), 0
    for d in DIRECTIONS:
        t = _decaler(m[j], d) & m[-j]
        for _ in range(5):
            t |= _decaler(t, d) & m[-j]
        coups |= _decaler(t, d) & vides
    return coups


def _jouer(m: Masques, c, j: int) -> Masques:
    prises = 0
    for d in DIRECTIONS:
        prises |= _prise(m, c, d, j)
    return {j: m[j] | prises | _bit(c), -j: m[-j] & ~prises}


def plateau_depart() -> list[list[int]]:
    return plateau({1: _bit((3, 4)) | _bit((4, 3)), -1: _bit((3, 3)) | _bit((4, 4))})


def score(p: list) -> int:
    m = masques(p)
    return m[1].bit_count() - m[-1].bit_count()


def _voisins(b: int) -> int:
    v = 0
    for d in DIRECTIONS:
        v |= _decaler(b, d)
    return v


def cases_voisines(x: int, y: int) -> list[tuple[int, int]]:
    return _cases(_voisins(_bit((x, y))))


def cases_frontieres(p: list, l: list, c) -> list:
    m = masques(p)
    c = tuple(c)
    reste = [case for case in l if tuple(case) != c]
    dans_reste = 0
    for case in reste:
        dans_reste |= _bit(case)
    return reste + _cases(_voisins(_bit(c)) & ~(m[1] | m[-1] | dans_reste))


def directions_possibles(p: list, c, j: int) -> list[tuple[int, int]]:
    m = masques(p)
    return [d for d in DIRECTIONS if _prise(m, c, d, j)]


def cases_jouables(p: list, l: list, j: int) -> list:
    coups = _coups(masques(p), j)
    return [c for c in l if coups & _bit(c)]


def capturer(p: list, c, d) -> None:
    m = masques(p)
    suivante = _decaler(_bit(c), d)
    j = -1 if suivante & m[1] else 1
    for x, y in _cases(_prise(m, c, d, j)):
        p[x][y] = j


def copier_plateau(p: list) -> list[list[int]]:
    return plateau(masques(p))


def poser_jeton(p: list, c, j: int) -> list[list[int]]:
    return plateau(_jouer(masques(p), tuple(c), j))


def _minmax(m: Masques, cases: list, f: Callable, j: int, n: int, tp: bool) -> tuple:
    if not cases:
        if tp:
            s = m[1].bit_count() - m[-1].bit_count()
            return (None, GAIN if s > 0 else -GAIN if s < 0 else 0)
        return (None, _minmax(m, _cases(_coups(m, -j)), f, -j, max(n - 1, 1), True)[1])
    suites = [_jouer(m, c, j) for c in cases]
    valeurs = [f(plateau(s)) if n == 1 else _minmax(s, _cases(_coups(s, -j)), f, -j, n - 1, False)[1] for s in suites]
    rang = max(range(len(cases)), key=lambda i: (j * valeurs[i], -i))  # the best for j, the first of the best
    return (cases[rang], valeurs[rang])


def ia_minmax_tp(p: list, l: list, f: Callable, j: int, n: int, tp: bool) -> tuple:
    m = masques(p)
    coups = _coups(m, j)
    return _minmax(m, [c for c in l if coups & _bit(c)], f, j, n, tp)
