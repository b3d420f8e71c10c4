"""Othello's data drawn per student: the position of Q2 and the estimates of Q15.

Each generator draws, from a ``random.Random``, data of which every sentence of the notebook stays true; it
computes no answer (the expected answers are the reference's, on the judge's side:
:mod:`awale_ref.sujets.othello_epita_2024.specs`).  Shipped as it is in the students' environment.

- **p_q2** (Q2, the cells where J1 may play): a position after 2, 4, 6 or 8 legal moves from the start, J1 to
  move, with at least one legal move.  A game engine cannot be shipped (it would answer the graded functions),
  so the positions are a table, :data:`POSITIONS_Q2`, played once by the reference
  (:mod:`.positions`, which the tests check the table against); each student's seed picks one of its 256.
- **q15** (Q15, how many moves ahead): the two estimates of the statement, the mean number of moves of a player
  (6 to 10; 7 in the statement) and the seconds to examine one board (``m × 10**-e``, ``m`` 1 to 9, ``e`` 3 to
  7; 2 × 10**-4 in the statement); the time available, the age of the universe (4 × 10**17 s), is a fact and
  does not change.  Drawn away from the edge: the exact answer is never within 2 % of a move of the next one.

Not drawn: Q6 (a bound true of every position: a fact of the game) and Q21 (the largest code of an 8 × 8
board and its bits: the board's size is the game's).
"""

from __future__ import annotations

import math
import random

from awale_ref.grading.eleve.variantes import Variante

SYMBOLES = {".": 0, "x": 1, "o": -1}
P_Q2_ENONCE = [[0] * 8 for _ in range(3)] + [[0, 0, 0, -1, 1, 0, 0, 0], [0, 0, 0, 1, -1, 0, 0, 0]] + [
    [0] * 8 for _ in range(3)]
"""The statement's position of Q2: the start."""
Q15_ENONCE = {"coups": 7, "secondes": 2e-4}
BUDGET_S = 4e17
"""Q15: the age of the universe, in seconds (a fact: the same for everyone)."""

POSITIONS_Q2 = (
    "............x......x.o....xoo.....ooox.......xx.................",
    "...........................ox......ox.....xox......o............",
    "...........................ooo.....xxo......xo..................",
    "..........................xxx......xo.......oo......o...........",
    "....................x......oxo.....xo.......xo..................",
    "...................xo.....ooo....xxoox....x.o...................",
    "...........................ooo....xxo......ox.....o.x...........",
    "..................ooo.....xxo......xo...........................",
    "..................x........xxo.....oox.....o.x.......x..........",
    "....................o.o...xxxo.....xo...........................",
    "...........................ooo.....oxx.....x......x.............",
    "...........................ooo.....oox.....oox.......x..........",
    "......................x....oox.....xxo........o.................",
    "..................ox.......ox......xo...........................",
    "....................o.....xxo......xo...........................",
    "..................x........xoo.....oxx....o.....................",
    "..........................xxx....ooooo....x.x...................",
    ".............x....x.x......xoxx....xo......oo.......o...........",
    "............o......xooo....xxo.....xo...........................",
    "..................x........xx......oooo....o....................",
    "..................o.......xox......xo...........................",
    "..........x.......x.o....xooo...x..ox......o.x..................",
    "...................x.......xx.....ooo...........................",
    "..................x........xoo.....xox.....o....................",
    "..........................xxx.....ooo...........................",
    "....................ooo...xxx......xo...........................",
    "...........................ox......xox.......o.......xox.......o",
    "...........................ox......oo......oxxx.................",
    "..................o.......xox......oxx.....o....................",
    "....................o....oooo......xxx..........................",
    "...........................ox......xox.......o..................",
    ".........x........xx.......xx......ooo.....oxxx.................",
    "...................x.......xx.....oxo......o......ooo...........",
    "....................o.....xxo.....xoo....x......................",
    "...........................ox......oxx.....o....................",
    "....................x.....oooo....xxo.......xo..................",
    ".........ox.......o.......xooo.....xxx..........................",
    "...........o......oo.......ox......xx.......x...................",
    "..................ox......xxxo.....xoo.......o..................",
    "...........................ooo.....xx.......x...................",
    "............x.....o.x.....xox......xo.......xo..................",
    "..........................xxx.....oxo......o......o.............",
    "...................xo......xo......xo......oxo.......x..........",
    "..................o.x.....ooxo....oxxx..........................",
    ".....................o....xxo.....ooox.......x.......x..........",
    "..................ox......xxx......xooo......o..................",
    "......................x....oox.....oox....o.x........x..........",
    "..................x........xx......ox......ooo..................",
    "..................ox.o....xxo.....xoxx....xo....................",
    "...........................ooo.....xxx..........................",
    "..................o.ox....xox......xox.......o..................",
    "..........o..x.....ox.....ooo......xxx..........................",
    "...................xo......xo......xo.......xo..................",
    "....................ox....xox.....ooo...........................",
    "...........o......oo......xox....xxoxx.....o....................",
    "....................x.x....oxx.....ooo.....ox...................",
    "..........................xxx....ooxo.....xo........o...........",
    "..................ox......oxx.....ooo...........................",
    "...................xo......xo......xo...........................",
    "..............x...oooxo....xo.....xxoo..........................",
    "...................x.......xx.....xox.o..x..oo......o.x.........",
    "...................o......xox......ox.....xox......o............",
    "..................o.......xox.....xxo......ooo..................",
    "...........o.......o.o.....oo.....xox....x...x..................",
    "...........................ox......oxx.....ooo..................",
    "...................x.......xx.....oxo.....x.....ooo.............",
    ".............x......x.o..ooooo....xxo.....x.....................",
    ".................o.o......oox......oxx....xo....................",
    "...................x.......xxo.....xxo.....o.o.......o..........",
    "..................x.o......xo......ooxxx...oo........o..........",
    "...........o.x.....xo......xxo.....xo.o.........................",
    "..................x........xx......ox......ox.......oo.......o..",
    "..........o........o.......ooxx...xxxo.....ox...................",
    "..........x.......x.......xox.....ooo.......xox.......o.........",
    "...................xo......xo......xox......o......xo...........",
    "....................o......oo......xo......xxxx.....o...........",
    "..o......x.o......xxo....ooxo......xo...........................",
    "..........o......xox......oxx.....ooo...........................",
    "..................ooo......oxx.....xo...........................",
    "..................ox......xxx......xo......ooo....ox............",
    "...........o.......oo.....ooxo.....xx.......x...................",
    "..................o.......xox.....xoxx....xo......xo............",
    "...........................ox......xo.......xo..................",
    ".............x......xoo...xxx......xooo......o..................",
    "..................x.oo....xxo.....ooxo......xx..................",
    "............ox...x..o....oxoo......xo...........................",
    "............xo....ooo......ox.....oxx.....x.x...................",
    "...........................ox......oo.....xoxxx....o..x.......x.",
    ".........x........xxo.....ooo.....ooo...........................",
    ".............o.....oo.x...xxox.....xxo.......o..................",
    "...........................ox.....ooo.......xxx.................",
    "...................o..x...xoxx.....oxx....o.....................",
    "...................x.o.....xo......xo......xo.....x.o...........",
    "..........o.......oo......xxo......xooo....x......x.............",
    "..........x.......x......ooox......xo...........................",
    "..........................xxx....oooo....x.o......ooo...........",
    ".............o.......ox....oxo.....xxo......x...................",
    ".........o.......o.xx....oooxo.....xxx..........................",
    "...........o......oo.......ox......xxx..........................",
    "..................oxxx....oooo....oxo.....x.....................",
    "..................oxx......oxo.....oo......ox...................",
    "..................x........xoo.....xo......ox...................",
    "..........................xxx.....ooox.......o..................",
    "...................x.......xxo.....xox.....o....................",
    "...........................ooo.....xx.....xxx...................",
    "......................x....oooo....xxx..........................",
    "..................ox......xxx......xo....ooooo..................",
    "......................o...xxxo....ooox.......x..................",
    "..................o.xox...xoox.....ox.....o.x...................",
    ".................oox.....xoxx.....ooo...........................",
    "...........................ox......ox......ox...................",
    "..................x.xo.....xx......oxo.....oo.....xo............",
    "..................o.......oxx.....oxx.......x...................",
    "................o..x.....o.xx....ooox....o..x....o..............",
    ".........o.......xox.......oxo.....xxx..........................",
    ".............o....oxox.....ox......xox......x......x............",
    ".............x....oox.o...oxxo....ooo...........................",
    ".....................x.....oooo....xxx..........................",
    "..........................xxx......xooo......o..................",
    "............o......x.o.....xxoo....xox.....x.......x............",
    "....................o.....xxo......xxo........o.................",
    "..................x.ox.....xx......xo.....ooo......x.o..........",
    "..........o........oo....x.oo.....xxox.....x.o..................",
    "....................x....o.xxo....oxox.....o......o......o......",
    "...........o.......xo......xoooo...xo.......xo..................",
    ".........o.......xo.......xooo.....xx.......x...................",
    "........xxx.......o.......oox.....ooo...........................",
    "..................x..x.....xxx.....oooo....o....................",
    "...........................ooo.....ooo....o.xox.......x.......x.",
    "...........o..x....o.xo....oxo....xoo....x......................",
    "...x.......x......ooo......xx......xx.......x...................",
    "...........................ox.....ooooo..o.x.......x............",
    "..................ox......oxx.....ooo......xoo.....x............",
    "...........o........o......oxo.....xxo......ox.....o..x.........",
    ".........x........xx.......xx......xooo....o......ox............",
    ".........o.o......oo.......oxo.....xox....xo....................",
    "...........................ooo.....oox....xox......o............",
    ".........................oxxx.....oxx......ooo....xo............",
    "..........................xxx.....oooo......x...................",
    ".................o........oxx......oxx.....o....................",
    "..........x.......xo......xoxxx....oox.....o....................",
    "..........o........ox.....ooxo...o.xx...o...x...................",
    "......................x....oox.....oxx.....o....................",
    "...................x.......xxo.....xxo.....ooo..................",
    "....................o....oooo......xx........x..................",
    "...................xo.....ooo......xo.......xxx.................",
    ".....................o.....oo......ox......xx.....x.............",
    "...................x.......xx.....oxo......o......o.............",
    "..........ox.......x.o....ooo.....xox....x..x...................",
    ".................xxx.......ox.....ooox.......o..................",
    "...........o...o..x.o.o....xxoo....xx.......x...................",
    "..................ox.x.....oxx.....xox.......o..................",
    "...................xxx....ooo.....xoo....x......................",
    "....................x.....xxxx.o...xxoox.....o..................",
    "......................x....oox....xox.....oox...................",
    "............o.....ooo.....xoxx....xoo....x......................",
    "...................x......oooo.....oxx......o.......o...........",
    "...x........x......xox.....oo.....ooo....o......o...............",
    "...........o.......o.o.....oxx....oox.......x...................",
    "..................o.......xooo.....ox......xx.....x.............",
    "............o......xox.....xo......xoo....ox.x..................",
    "..............o.....xo...o.xox....oxxx.....o....................",
    "..........o........o.......xoo.....xx......oxx..................",
    "..................o.o.....xoxx.....ox......o.......o............",
    "...........ox......ox......ooo.....xxo......xo..................",
    "...................x.......xx...o.xxo....o.o......o.............",
    "..................ooo......oo.....xxo.....x.ox...x..............",
    ".....................o....xxo.....xoo....xo.xx.......x..........",
    "..........................xxx....oooo....x......................",
    "...................x.......xoo.....ox.....o.x...................",
    "..................ox.......ox.....xooo...x...x..................",
    "...........................ooo.....xxxo.....xo.o................",
    ".........x..x.....xox......xx......oooo....o....................",
    "...................x....o..xx....oxxo.....o.......o.............",
    "....................o.....xxxo.....xo.o.........................",
    "x........xx.......xo......xox......ox......ox...................",
    "...................o..o...xxoox....xxo.......x........x.........",
    "...................xo.....xxx.....oooo......x...................",
    "..........................xxx......xx.o.....xo......oxo........o",
    "...................xo......xxo.....xxo......xox......o..........",
    "..........xo.....xxx.......oxo.....oox.....o....................",
    "...........o.......o.......ox.....oox.......x...................",
    "...........o........o......oxo.....xxo......xox......o..........",
    "..........................xxx....oooo.....x.....................",
    "..........o........oo....x.oo....xxxo....o.x....................",
    "..................x........xoo....ooo.......x.......ox..........",
    "....................o.....xoo.....oxo......oo.......o...........",
    "..................ooo......oxo.....xxx......xxx.................",
    "..................ooo.....xoo......xo........o........o.........",
    "..........................xxx.....oxo......o........o...........",
    "....x.......xx......x....ooooo.....xo.o.........................",
    ".................o..o.....oxxx.....oo.......ox..................",
    ".............x...o..x...x.oxo....xooo.....x.....................",
    "..................o.......xoxxx....xox.....ooo..................",
    "..................o.......oox.....oxo.....oo......o.............",
    "...................xo......oo....xxxox......o...................",
    "..................x........xoo....xxxo....o.o.o.....o...........",
    "...................x..x...ooox.....oo.......o.......o...........",
    "..........................xxx......xo......ooo......ox..........",
    ".x.......x......ooox.......ox......xo...........................",
    ".........ox.......o.......xooo.....xx.......x...................",
    "..................o.......xox......xo.......xo..................",
    "..................x........xoo.....xo.....xox.....o.............",
    "..........x......xx......oxooo.....xo......ox...................",
    "..................o.ox....xox......xo...........................",
    "...................x.......xx.....oxxxx...o..o....o...o.........",
    "...........o.....xxo.......ox......ox......o.x..................",
    "...................xo.....xxo.....oxxo......ooo.................",
    "..................ox.......ox.....ooxx....xo....................",
    "......................x....oox.....ox.....o.x...................",
    "...................xxx.....ox....xooxx...o.o....................",
    "..................ox.......ooo....ooox.....xx.x.................",
    "..........o..x.....ox......xo......xxo......x...................",
    ".............x......xxx...xxo......ox.....o.o........o..........",
    ".............o....x..o.....xxo.....ooox....o...x................",
    "..................o.o.....xoo.....xxo.....xxxx..................",
    "..................x........xx.....oxooo...xo.......xo...........",
    "...................xxx....xoxo....oxo....ox.....................",
    "...........o.....o.o....x.xox....xooo.....x.....................",
    "...........................ox......xo.......oxx.....o...........",
    ".....................x.....oxo.....oo......oxxx.................",
    "..................x........xoo.....xxo......oo.....o............",
    "..................o.......oox.....oxx.......x...................",
    "..........................xxx.....oooo......xx........x.........",
    "..................x........xxxx...ooo.......o.......o...........",
    "..........ooo......oo.....oxxx.....xx........x..................",
    ".....x.......x......ox.....oxo.....oooo....o....................",
    ".................x.x......xooo.....oxx....oo.x..................",
    "..................ox.......ooo....xxox.....o....................",
    ".................x..o....oxoo......ox.....o..x..................",
    ".............o....x.o....ooooo....oxx.......x...................",
    "..........x......ox.......oox......ox......ox...................",
    "...................x..x....xox.....oo.....ooo.....x.o...........",
    "..................x........xx.....oooo......xxx.................",
    ".....................o....xxo......xxo.....x..o....x............",
    "..........oo......xoo......oxo.....oo......ox...................",
    "..................x..x.....xxo.....xoo.....o.o..................",
    "..........x.......oxo......ox......ox......ox...................",
    ".............x....o.xoo...xox.....xxo.....x.....................",
    "...........o........o......oxo.....xxx..........................",
    "x.......oooo......xx......xxx......xo...........................",
    "..........x.......x.o.....xoo......xo...........................",
    "...........................ox.....ooox.......x.......x..........",
    ".............o.....x.o.....xxo.....xo.....xox.....o.............",
    "....................oo....xoo.....oxx.......xx..................",
    "..................ox.....x.ox.....oxo....o.x....................",
    "..................ooo.o....xoxx....xxo......x...................",
    "..................o.......xox.....oxo....ox.....o...............",
    "...........x......oxo......xo......oox....o.x......x............",
    "............x.....o.x.....oox.....oxxx.....o........o...........",
    "..........x.......x.......xox......oo......o....................",
    ".................o........oxx......ox.......ox......o.x.........",
    "..........x.......x.......xox.....ooo...........................",
    ".................o........oxx......ox......xoo....x.............",
    ".........ooo......o.......xox......xxx....xo....................",
    ".x........x..x.....xxx.....ooo.....oo......o....................",
)
"""Positions reached by play from the start, J1 to move (see :mod:`.positions`), row by row: ``.`` empty, ``x``
J1 (1), ``o`` J2 (-1)."""


def decoder(code: str) -> list[list[int]]:
    """A board of :data:`POSITIONS_Q2`."""
    return [[SYMBOLES[c] for c in code[8 * x:8 * x + 8]] for x in range(8)]


def p_q2(rng: random.Random) -> list[list[int]]:
    """A position for Q2 (see the module's docstring)."""
    return decoder(rng.choice(POSITIONS_Q2))


def q15(rng: random.Random) -> dict:
    """Estimates for Q15 (see the module's docstring)."""
    while True:
        coups, secondes = rng.randint(6, 10), float(f"{rng.randint(1, 9)}e-{rng.randint(3, 7)}")
        tours = math.log(BUDGET_S / secondes, coups)
        if 0.02 < tours % 1 < 0.98 and {"coups": coups, "secondes": secondes} != Q15_ENONCE:
            return {"coups": coups, "secondes": secondes}


def p_q2_valide(p: list) -> None:
    """Q2 as the notebook states it: a position of the table reached by play (or the start), J1 to move and
    able to."""
    from awale_ref.sujets.othello_epita_2024 import othello

    assert len(p) == 8 and all(len(ligne) == 8 and set(ligne) <= {-1, 0, 1} for ligne in p)
    codes = {v: c for c, v in SYMBOLES.items()}
    assert p == P_Q2_ENONCE or "".join(codes[v] for ligne in p for v in ligne) in POSITIONS_Q2
    assert othello.cases_jouables(p, othello.cases_frontieres_de(p), 1)


def q15_valide(donnees: dict) -> None:
    """Q15 as the notebook states it: a mean number of moves and a time per board, as the statement's."""
    assert set(donnees) == {"coups", "secondes"} and type(donnees["coups"]) is int and 6 <= donnees["coups"] <= 10
    assert 1e-7 <= donnees["secondes"] <= 9e-3


VARIANTES = (
    Variante("p_q2", p_q2, P_Q2_ENONCE, ("Q2_coups",), "plateau", p_q2_valide),
    Variante("q15", q15, Q15_ENONCE, ("Q15_tours",), "estimation", q15_valide),
)
"""Othello's data sets drawn per student (``Sujet(variantes=...)``)."""


# ---------------------------------------------------------------- the games database (Q22–Q24)
NOM_DE_L_ENONCE = "Beth Harmon"
"""Q23 names her: her name stays in every variant (her identifier does not)."""
ECART_SCORE = 10
"""How far an ordinary game's score moves (an even number, at most this many discs, its sign kept)."""


def parties(rng: random.Random) -> int:
    """The seed of a student's transformation of the games databases (:func:`varier_parties`)."""
    return rng.randrange(1, 2 ** 31)


def varier_parties(lignes: dict[str, list[tuple]], graine: int | None) -> dict[str, list[tuple]]:
    """The rows of a games database (``base.donnees``) as the student of transformation ``graine`` sees them:
    the rows themselves for ``None`` (the statement's), else, drawn from ``graine`` and the rows' own content
    (two databases give two transformations):

    - the players' identifiers are other distinct numbers (10 to 999), in ``joueurs`` and in ``parties``, and
      the games' identifiers move by the same amount;
    - the players' names are permuted among themselves, Beth Harmon's excepted (Q23 names her): the two
      players who share a name still do, no other two;
    - every score of a game moves by an even number of discs (at most 10), keeping its sign (the winner does
      not change, a draw stays a draw), and Beth Harmon's mean as first player changes; the three largest wins
      of J2 (Q24) move together, by 2 to 6, and stay the three smallest scores, the second and third equal;
    - the cells ``(caseX, caseY)`` of ``plateaux`` go through a permutation of the rows and one of the
      columns: the two cells at the maximum depth of Q22's board stay two cells, at that depth.
    """
    if graine is None:
        return lignes
    rng = random.Random(f"parties:{graine}:{repr(sorted(lignes.items()))}")
    joueurs, anciennes = lignes["joueurs"], lignes["parties"]
    ids = {i: n for i, n in zip((i for i, _ in joueurs), rng.sample(range(10, 1000), len(joueurs)))}
    autres = sorted({nom for _, nom in joueurs} - {NOM_DE_L_ENONCE})
    noms = {**dict(zip(autres, rng.sample(autres, len(autres)))), NOM_DE_L_ENONCE: NOM_DE_L_ENONCE}
    beth = next(i for i, nom in joueurs if nom == NOM_DE_L_ENONCE)
    seuil = sorted(score for *_, score in anciennes)[3]  # the three largest wins of J2 are below it
    decalage_j2 = rng.choice((2, 4, 6))

    def varier_score(ancien: int) -> int:
        if ancien < seuil:
            return ancien + decalage_j2
        nouveau = ancien + rng.choice(range(-ECART_SCORE, ECART_SCORE + 1, 2))
        return 0 if ancien == 0 else max(2, nouveau) if ancien > 0 else min(-2, nouveau)

    while True:
        scores = [varier_score(ancien) for *_, ancien in anciennes]
        if sum(n - a for (_, j1, *_, a), n in zip(anciennes, scores) if j1 == beth):
            break  # Beth Harmon's mean as first player changes
    premiere = rng.randrange(1, 10_000)
    lignes_x, lignes_y = rng.sample(range(8), 8), rng.sample(range(8), 8)
    return {
        "joueurs": [(ids[i], noms[nom]) for i, nom in joueurs],
        "parties": [(premiere + id_partie, ids[j1], ids[j2], None if gagnant is None else ids[gagnant],
                     nouveau)
                    for (id_partie, j1, j2, gagnant, _), nouveau in zip(anciennes, scores)],
        "plateaux": [(code, joueur, profondeur, lignes_x[x], lignes_y[y])
                     for code, joueur, profondeur, x, y in lignes["plateaux"]],
    }


PARTIES = Variante("parties", parties, None, ("Q22", "Q23", "Q24"), "base des parties")
"""The games databases drawn per student: the data is the seed of :func:`varier_parties`, ``None`` the statement's
databases.  Its domain (which builds both databases) is the SQL module's, on the judge's side: ``sql.VARIANTE``."""
