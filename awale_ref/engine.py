"""A fast awalé engine that agrees exactly with the exam's functions.

The game library owns the rules (the constants below); the CCINP paper's reference
(``awale_ref.sujets.ccinp_2024.exam``, a subject) is checked against it by the differential
tests (``tests/test_engine.py``), never imported here: the same legal moves (Part II's
``test_famine``: a move after which the opponent's six pits are all empty is
refused), the same sowing and harvest, the same end of game and the same
values as the exam's ``NegaAwale`` (a finished game worth ±500 or 0 for the
player to move, a node at the maximal depth worth 0, the finished-game test
first, ties won by the first pit).  Only the speed differs: an immutable
tuple board, table-driven sowing, alpha-beta pruning with captures searched
first, and a transposition table.

A ``Position`` is the exam's ``jeu`` without the names::

    >>> pos = initial_position()
    >>> pos
    Position(plateau=(4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4), score1=0, score2=0, n=0)
    >>> legal_moves(pos)
    [0, 1, 2, 3, 4, 5]
    >>> g, suite = play(pos, 2)
    >>> g, suite.plateau, suite.n
    (0, (5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5), 1)
    >>> best_move(pos, 4)
    (0, 0)

Depths count plies left, like the exam: ``best_move(pos, d)`` is
``NegaAwale(jeu, d, 0)`` and ``negamax(pos, d)`` is
``NegaAwale(jeu, d + 1, 1)``, the value of a node with ``d`` plies below it.
"""

from __future__ import annotations

from operator import add, itemgetter
from typing import NamedTuple

NB_CASES = 12
"""Pits on the board: six per player."""
GRAINES_VICTOIRE = 25
"""Seeds in a reserve that win the game (more than half of the 48)."""
TOURS_MAX = 100
"""Moves after which the game stops."""
GRAINES_MIN_PLATEAU = 3
"""The game stops when fewer seeds are left on the board."""
VALEUR_VICTOIRE = 500
"""The value of a won game for the player to move (NegaAwale's ±500)."""
EGALITE = "égalité"
"""What ``gagnant`` returns for a draw."""

INFINITY = 1_000_000
"""Beyond any value of NegaAwale (at most 500 + 48 per ply in absolute value)."""

TABLE_MIN_DEPTH = 3
"""Nodes with fewer plies left skip the transposition table.  Measured on
200 corpus positions at depths 6 and 8: the table saves about 10 % of the
nodes and 7 % of the time; storing the nodes 2 plies from the leaves too
saves a few more nodes but no time (most are never met twice)."""

Board = tuple[int, ...]
Move = tuple[int, int, Board]  # (pit, seeds harvested, next board turned)


class Position(NamedTuple):
    """An immutable game state, seen like the exam's ``jeu`` dict.

    ``plateau`` is in the mover's view (pits 0–5 belong to the player to
    move), ``score1``/``score2`` are the reserves of joueur1/joueur2 (the
    exam's ``jeu['score']``), ``n`` the number of moves already played
    (joueur1 moves when ``n`` is even).
    """

    plateau: Board
    score1: int
    score2: int
    n: int


def initial_position() -> Position:
    """The start of a game: 4 seeds in each pit, no score, no move played.

    >>> initial_position() == from_jeu({'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0],
    ...                                 'n': 0, 'plateau': [4] * 12})
    True
    """
    return Position((4,) * NB_CASES, 0, 0, 0)


def from_jeu(jeu: dict) -> Position:
    """The ``Position`` of an exam ``jeu`` dict (the names are dropped).

    >>> from_jeu({'joueur1': 'A', 'joueur2': 'B', 'score': [3, 5], 'n': 7,
    ...           'plateau': [1, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]})
    Position(plateau=(1, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1), score1=3, score2=5, n=7)
    """
    score1, score2 = jeu['score']
    return _checked(Position(tuple(jeu['plateau']), score1, score2, jeu['n']))


def to_jeu(pos: Position, joueur1: str = "joueur1", joueur2: str = "joueur2") -> dict:
    """The exam ``jeu`` dict of ``pos`` (fresh lists, safe to modify).

    The names must differ for the exam's ``NegaAwale`` (it compares names).

    >>> to_jeu(initial_position(), "Alice", "Bob")
    {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 0, 'plateau': [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]}
    """
    _checked(pos)
    return {
        'joueur1': joueur1,
        'joueur2': joueur2,
        'score': [pos.score1, pos.score2],
        'n': pos.n,
        'plateau': list(pos.plateau),
    }


def _checked(pos: Position) -> Position:
    """``pos`` itself, after checking its types and its board."""
    if not isinstance(pos, Position):
        raise TypeError(f"expected a Position, got {type(pos).__name__}: {pos!r}")
    board = pos.plateau
    if (not isinstance(board, tuple) or len(board) != NB_CASES
            or not all(isinstance(seeds, int) and seeds >= 0 for seeds in board)):
        raise ValueError(f"a board is a tuple of {NB_CASES} ints >= 0, got {board!r}")
    return pos


# ---------------------------------------------------------------- moves
HARVESTABLE = (2, 3)
"""The counts a pit of the opponent must hold, once sown, to be harvested (``exam.case_ramassable``)."""


def sowing_order(case: int, seeds: int) -> list[int]:
    """The pit each of the ``seeds`` seeds of ``case`` falls in, in order (``exam.deplacer_graines``).

    The origin pit is skipped on each lap (12 seeds or more).

    >>> sowing_order(2, 3), sowing_order(10, 12)[-2:]
    ([3, 4, 5], [9, 11])
    """
    others = [(case + k) % NB_CASES for k in range(1, NB_CASES)]
    return [others[k % (NB_CASES - 1)] for k in range(seeds)]


def _sowing(case: int, seeds: int) -> tuple[Board, int]:
    """What sowing ``seeds`` seeds from ``case`` does, in the turned view.

    Returns the change of each pit and the last pit sown, both already in
    the opponent's view (index ``k`` of the mover's board is ``(k + 6) % 12``
    there), since every move ends by turning the board (:func:`sowing_order`).

    >>> _sowing(2, 3)  # pits 3, 4, 5 get a seed: 9, 10, 11 once turned
    ((0, 0, 0, 0, 0, 0, 0, 0, -3, 1, 1, 1), 11)
    """
    change = [0] * NB_CASES
    change[case] = -seeds
    order = sowing_order(case, seeds)
    for pit in order:
        change[pit] += 1
    return tuple(change[6:] + change[:6]), (order[-1] + 6) % NB_CASES


# _SOWINGS[case][seeds] for every pit of the mover and up to the 48 seeds of
# a game (a board from elsewhere may hold more: _sowing is then called).
_MAX_TABULATED = 48
_SOWINGS = [[_sowing(case, seeds) if seeds else ((0,) * NB_CASES, case)
             for seeds in range(_MAX_TABULATED + 1)] for case in range(6)]


def _moves(board: Board) -> list[Move]:
    """Every legal move of ``board`` as ``(pit, gain, next board turned)``.

    Pits in increasing order, like ``exam.cases_possibles``.  The next board
    is computed directly in the opponent's view (``exam.tourner_plateau``),
    where the pits that can be harvested are 0–5.

    >>> _moves((0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1))[1]
    (4, 8, (4, 0, 0, 0, 1, 2, 1, 1, 3, 1, 0, 7))
    """
    turned = board[6:] + board[:6]
    moves = []
    for case in range(6):
        seeds = board[case]
        if seeds == 0:
            continue
        if seeds <= _MAX_TABULATED:
            change, last = _SOWINGS[case][seeds]
        else:
            change, last = _sowing(case, seeds)
        new = list(map(add, turned, change))
        gained = 0
        # exam.ramasser_graines: backwards from the last pit while it is on
        # the opponent's side (0–5 once turned) and holds 2 or 3 seeds.
        while 0 <= last < 6 and new[last] in HARVESTABLE:
            gained += new[last]
            new[last] = 0
            last -= 1
        # exam.test_famine: the opponent must keep at least one seed.
        if new[0] or new[1] or new[2] or new[3] or new[4] or new[5]:
            moves.append((case, gained, tuple(new)))
    return moves


def _has_move(board: Board) -> bool:
    """``bool(_moves(board))``, usually without generating the moves.

    A move that stays on the mover's side harvests nothing, so it is legal
    as soon as the opponent has a seed.
    """
    if board[6] or board[7] or board[8] or board[9] or board[10] or board[11]:
        for case in range(6):
            if 0 < board[case] <= 5 - case:
                return True
    return bool(_moves(board))


def legal_moves(pos: Position) -> list[int]:
    """The playable pits, in increasing order (``exam.cases_possibles``).

    Figure 5, situation 1: pit 5 would take all of Bob's seeds.

    >>> legal_moves(Position((0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0), 0, 0, 0))
    []
    >>> legal_moves(Position((0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1), 0, 0, 0))
    [2, 4, 5]
    """
    return [case for case, _, _ in _moves(_checked(pos).plateau)]


def play(pos: Position, case: int) -> tuple[int, Position]:
    """Play ``case``: ``(gain, next position)`` like ``exam.gain``.

    The gain goes to the mover's score, ``n`` grows by one and the board is
    turned.  Raises ``ValueError`` if ``case`` is not a legal move (the exam's
    ``gain`` does not check; ``tour_jeu`` refuses such a pit).  Like
    ``exam.gain``, a finished game is not refused: only the pit is checked.

    Figure 4, pit 4:

    >>> play(Position((0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1), 0, 0, 0), 4)
    (8, Position(plateau=(4, 0, 0, 0, 1, 2, 1, 1, 3, 1, 0, 7), score1=8, score2=0, n=1))
    >>> play(initial_position(), 6)
    Traceback (most recent call last):
    ...
    ValueError: pit 6 is not a legal move here (legal: [0, 1, 2, 3, 4, 5])
    """
    moves = _moves(_checked(pos).plateau)
    for move, gained, board in moves:
        if move == case:
            if pos.n % 2 == 0:
                return gained, Position(board, pos.score1 + gained, pos.score2, pos.n + 1)
            return gained, Position(board, pos.score1, pos.score2 + gained, pos.n + 1)
    legal = [move for move, _, _ in moves]
    raise ValueError(f"pit {case!r} is not a legal move here (legal: {legal})")


# ---------------------------------------------------------------- end of game
def _mover_scores(pos: Position) -> tuple[int, int]:
    """(score of the player to move, score of the opponent)."""
    if pos.n % 2 == 0:
        return pos.score1, pos.score2
    return pos.score2, pos.score1


def _over_before_moves(board: Board, mine: int, theirs: int, n: int) -> bool:
    """The end tests of ``exam.tour_suivant`` that need no move generation."""
    return (mine >= GRAINES_VICTOIRE or theirs >= GRAINES_VICTOIRE or n >= TOURS_MAX
            or sum(board) <= GRAINES_MIN_PLATEAU)


def _leaf(board: Board, mine: int, theirs: int) -> int:
    """``exam.gagnant`` seen by the mover: each side's seeds to its owner."""
    mine += board[0] + board[1] + board[2] + board[3] + board[4] + board[5]
    theirs += board[6] + board[7] + board[8] + board[9] + board[10] + board[11]
    if mine > theirs:
        return VALEUR_VICTOIRE
    if mine < theirs:
        return -VALEUR_VICTOIRE
    return 0


def is_over(pos: Position) -> bool:
    """True when the game is over (``not exam.tour_suivant``).

    >>> is_over(initial_position())
    False
    >>> is_over(Position((4,) * 12, 25, 0, 10))
    True
    """
    mine, theirs = _mover_scores(_checked(pos))
    return _over_before_moves(pos.plateau, mine, theirs, pos.n) or not _has_move(pos.plateau)


def leaf_value(pos: Position) -> int:
    """The value of ``pos`` as a finished game, for the player to move.

    The seeds left on each side go to the side's owner (``exam.gagnant``);
    500 if the player to move then has more seeds, -500 if fewer, 0 if equal.
    Computed whether or not the game is over.

    >>> leaf_value(Position((1, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0), 20, 24, 51))
    500
    >>> leaf_value(Position((1, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0), 20, 24, 50))
    -500
    """
    mine, theirs = _mover_scores(_checked(pos))
    return _leaf(pos.plateau, mine, theirs)


# ---------------------------------------------------------------- search
_EXACT, _LOWER, _UPPER = 0, 1, 2  # what a stored value is: exact, or a bound
_GAIN = itemgetter(1)


class Searcher:
    """Searches sharing one transposition table, with a count of nodes.

    ``nodes`` counts the positions visited, one per call of the recursive
    search, as one call of the exam's ``NegaAwale`` is one node: the root,
    each child searched, each leaf.  The table only speeds up: every result
    is the exam's exact value.

    >>> searcher = Searcher()
    >>> searcher.best_move(initial_position(), 6)
    (0, 0)
    >>> 0 < searcher.nodes < 33_798  # the nodes of the exam's NegaAwale here
    True
    """

    def __init__(self) -> None:
        self.nodes = 0
        # (board, mover's score, opponent's score, n) ->
        #     (plies left, value, _EXACT/_LOWER/_UPPER, best pit)
        self.table: dict[tuple[Board, int, int, int], tuple[int, int, int, int]] = {}

    def negamax(self, pos: Position, depth: int) -> int:
        """The exact value of ``pos`` with ``depth`` plies left (see ``negamax``)."""
        _check_depth(depth, 0)
        mine, theirs = _mover_scores(_checked(pos))
        return self._search(pos.plateau, mine, theirs, pos.n, depth, -INFINITY, INFINITY)

    def move_values(self, pos: Position, depth: int) -> list[tuple[int, int]]:
        """Exact ``(pit, gain - value of the child)`` of each move (see ``move_values``)."""
        mine, theirs = self._root(pos, depth)
        return [(case, gained - self._search(child, theirs, mine + gained, pos.n + 1, depth - 1,
                                             -INFINITY, INFINITY))
                for case, gained, child in _moves(pos.plateau)]

    def best_move(self, pos: Position, depth: int) -> tuple[int, int]:
        """The exam's pit and the root value (see ``best_move``)."""
        mine, theirs = self._root(pos, depth)
        n = pos.n + 1

        def value(move: Move, alpha: int, beta: int) -> int:
            """The root value of ``move`` (fail-soft outside ``alpha``..``beta``)."""
            case, gained, child = move
            return gained - self._search(child, theirs, mine + gained, n, depth - 1,
                                         gained - beta, gained - alpha)

        # Captures first (the stable sort keeps pit order among equal gains).
        # The exam keeps the FIRST maximum in pit order, so the window each
        # later move is searched with depends on its pit: a higher pit must
        # beat the best value strictly (value > best: window best..best+1),
        # a lower pit only has to equal it (value >= best, i.e. > best - 1:
        # window best-1..best).  Values are integers, so these null windows
        # answer the question; only a move that wins is searched again with
        # an open upper bound to get its exact value.
        moves = sorted(_moves(pos.plateau), key=_GAIN, reverse=True)
        best_case = moves[0][0]
        best_value = value(moves[0], -INFINITY, INFINITY)
        for move in moves[1:]:
            floor = best_value if move[0] > best_case else best_value - 1
            if value(move, floor, floor + 1) > floor:
                best_case, best_value = move[0], value(move, floor, INFINITY)
        return best_case, best_value

    def _root(self, pos: Position, depth: int) -> tuple[int, int]:
        """Check a root position and depth; return the mover's and opponent's scores."""
        _check_depth(depth, 1)
        if is_over(pos):
            raise ValueError(f"the game is over in {pos!r}: there is no move to choose "
                             "(the exam's NegaAwale returns the leaf value there)")
        return _mover_scores(pos)

    def _search(self, board: Board, mine: int, theirs: int, n: int,
                depth: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta negamax with the exam's values.

        Returns the exact value when it lies strictly between ``alpha`` and
        ``beta``, else a bound on the same side of the window: a value
        ``<= alpha`` is an upper bound, a value ``>= beta`` a lower bound.
        """
        self.nodes += 1
        # The finished-game test comes first, even at depth 0 (as in the exam).
        if _over_before_moves(board, mine, theirs, n):
            return _leaf(board, mine, theirs)
        if depth == 0:
            return 0 if _has_move(board) else _leaf(board, mine, theirs)
        use_table = depth >= TABLE_MIN_DEPTH
        stored_case = None
        if use_table:
            key = (board, mine, theirs, n)
            entry = self.table.get(key)
            if entry is not None:
                stored_depth, stored, kind, stored_case = entry
                # A value is only valid for the same number of plies left:
                # a deeper search is not "better" here, it is another value.
                if stored_depth == depth and (kind == _EXACT
                                              or (kind == _LOWER and stored >= beta)
                                              or (kind == _UPPER and stored <= alpha)):
                    return stored

        moves = _moves(board)
        if not moves:
            return _leaf(board, mine, theirs)
        moves.sort(key=_GAIN, reverse=True)  # captures first, else pit order
        if stored_case is not None:
            # the best move found at this node before, whatever the depth, first
            for index, move in enumerate(moves):
                if move[0] == stored_case:
                    moves.insert(0, moves.pop(index))
                    break

        original_alpha = alpha
        best, best_case = -INFINITY, moves[0][0]
        for case, gained, child in moves:
            # gained - v > alpha  <=>  v < gained - alpha: the child's window
            # is the parent's, negated and shifted by the gain.
            value = gained - self._search(child, theirs, mine + gained, n + 1, depth - 1,
                                          gained - beta, gained - alpha)
            if value > best:
                best, best_case = value, case
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break

        if use_table:
            if best >= beta:
                kind = _LOWER
            elif best <= original_alpha:
                kind = _UPPER
            else:
                kind = _EXACT
            self.table[key] = (depth, best, kind, best_case)
        return best


def _check_depth(depth: int, minimum: int) -> None:
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < minimum:
        raise ValueError(f"depth must be an int >= {minimum}, got {depth!r}")


# ---------------------------------------------------------------- public search
def negamax(pos: Position, depth: int) -> int:
    """The value the exam's ``NegaAwale`` gives ``pos`` with ``depth`` plies left.

    That is ``exam.NegaAwale(jeu, depth + 1, 1)``: a finished game is worth
    its ``leaf_value`` (even at depth 0), otherwise depth 0 is worth 0.

    >>> figure4 = Position((0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1), 0, 0, 0)
    >>> negamax(figure4, 1), negamax(figure4, 0)
    (8, 0)
    >>> negamax(Position((0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0), 21, 22, 40), 3)  # no move left
    -500
    """
    return Searcher().negamax(pos, depth)


def move_values(pos: Position, depth: int) -> list[tuple[int, int]]:
    """``[(pit, gain - value of the child)]`` for each legal move, exactly.

    The root list ``vals_jeu`` of ``exam.NegaAwale(jeu, depth, 0)``, in
    increasing pit order.  ``depth >= 1``; a finished position raises
    ``ValueError``.

    >>> move_values(Position((0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1), 0, 0, 0), 1)
    [(2, 0), (4, 8), (5, 0)]
    """
    return Searcher().move_values(pos, depth)


def best_move(pos: Position, depth: int) -> tuple[int, int]:
    """``(pit, value)``: the pit ``exam.NegaAwale(jeu, depth, 0)`` plays.

    ``value`` is the best root value; a tie goes to the lowest pit, like
    ``exam.max_vals``.  ``depth >= 1``.  A finished position raises
    ``ValueError`` (the exam's ``NegaAwale`` returns ±500 or 0 there, a value
    and not a pit).

    >>> best_move(Position((0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1), 0, 0, 0), 1)
    (4, 8)
    >>> best_move(Position((4,) * 12, 25, 0, 10), 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the game is over in Position(...): there is no move to choose (...)
    """
    return Searcher().best_move(pos, depth)
