"""Move notation of the opening library (exam part III.3, table ``Partie``).

A game is stored as a string of letters, one per move, *without* the board
rotation of the exam's program: ``a``–``f`` are the pits 0–5 of joueur1's
row, ``g``–``l`` the pits 0–5 of joueur2's row (absolute indices 6–11 seen
from joueur1).  joueur1 moves at the even turns ``n`` and always writes
``a``–``f``; joueur2 always writes ``g``–``l``.

The exam's program numbers the pits from the point of view of the player to
move (``jeu['plateau']`` is turned after each move), so at turn ``n`` its
pit ``case`` (0–5) is the letter ``lettre(case, n)``:

>>> [lettre(4, 0), lettre(0, 1), lettre(0, 2), lettre(2, 3)]
['e', 'g', 'a', 'i']
>>> ecrire([4, 0, 0, 2])
'egai'
>>> rejouer('egai')['plateau']
[1, 6, 6, 5, 1, 5, 0, 6, 0, 6, 6, 6]
"""

from __future__ import annotations

from awale_ref import engine, fonctions_moteur

LETTRES = "abcdefghijkl"


def lettre(case: int, n: int) -> str:
    """The letter of pit ``case`` (0–5, the mover's view) played at turn ``n``.

    >>> lettre(4, 0), lettre(0, 1), lettre(5, 7)
    ('e', 'g', 'l')
    """
    if not isinstance(case, int) or isinstance(case, bool) or not 0 <= case <= 5:
        raise ValueError(f"pit {case!r} is not a pit of the player to move (expected 0 to 5)")
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"turn {n!r} is not a turn number (expected an int >= 0)")
    return LETTRES[case + 6 * (n % 2)]


def case(lettre: str, n: int) -> int:
    """The pit (0–5, the mover's view) that ``lettre`` means at turn ``n``.

    The inverse of :func:`lettre`.  A ValueError is raised for a letter
    outside ``a``–``l`` and for a letter of the player who is not to move.

    >>> case('e', 0), case('g', 1), case('l', 7)
    (4, 0, 5)
    >>> case('g', 0)
    Traceback (most recent call last):
    ...
    ValueError: letter 'g' is a pit of joueur2, but joueur1 moves at turn 0
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"turn {n!r} is not a turn number (expected an int >= 0)")
    if not isinstance(lettre, str) or len(lettre) != 1 or lettre not in LETTRES:
        raise ValueError(f"{lettre!r} is not a move letter (expected one of a to l)")
    indice = LETTRES.index(lettre)
    proprietaire = indice // 6  # 0: joueur1's row, 1: joueur2's row
    if proprietaire != n % 2:
        rangee = ("joueur1", "joueur2")[proprietaire]
        joueur = ("joueur1", "joueur2")[n % 2]
        raise ValueError(f"letter {lettre!r} is a pit of {rangee}, but {joueur} moves at turn {n}")
    return indice % 6


def ecrire(cases: list[int]) -> str:
    """The string of a game given as the pits the exam's program played.

    ``cases[i]`` is the pit (0–5, the mover's view) played at turn ``i``.
    Only the range of each pit is checked; :func:`rejouer` checks that the
    moves are legal.

    >>> ecrire([4, 0, 0, 2])
    'egai'
    >>> ecrire([])
    ''
    """
    return "".join(lettre(c, n) for n, c in enumerate(cases))


def rejouer(jeu_str: str, joueur1: str = "joueur1", joueur2: str = "joueur2") -> dict:
    """Replay a move string from the start with the game's functions (``fonctions_moteur``).

    Returns the ``jeu`` dict after the last move (``gagnant`` is not called,
    so the seeds left on the board are still there).  A string may stop
    before the end of the game (an opening).  A ValueError names the move
    number (from 1), its letter and the reason when a letter is unknown,
    belongs to the player who is not to move, is not an acceptable pit
    (``test_case``), or comes after the end of the game (``tour_suivant``).

    >>> jeu = rejouer('egai', 'Alice', 'Bob')
    >>> jeu['n'], jeu['score'], jeu['plateau']
    (4, [0, 0], [1, 6, 6, 5, 1, 5, 0, 6, 0, 6, 6, 6])
    >>> rejouer('egga')
    Traceback (most recent call last):
    ...
    ValueError: move 3 ('g'): letter 'g' is a pit of joueur2, but joueur1 moves at turn 2
    """
    if not isinstance(jeu_str, str):
        raise TypeError(f"the game must be a str of letters a to l, not {type(jeu_str).__name__}")
    jeu = engine.to_jeu(engine.initial_position(), joueur1, joueur2)
    for numero, lettre_jouee in enumerate(jeu_str, start=1):
        if not fonctions_moteur.tour_suivant(jeu):
            raise ValueError(f"move {numero} ({lettre_jouee!r}): the game is already over "
                             f"after {numero - 1} moves")
        try:
            case_jouee = case(lettre_jouee, jeu['n'])
        except ValueError as erreur:
            raise ValueError(f"move {numero} ({lettre_jouee!r}): {erreur}") from None
        if not fonctions_moteur.test_case(jeu['plateau'], case_jouee):
            raise ValueError(f"move {numero} ({lettre_jouee!r}): pit {case_jouee} of the player "
                             f"to move is not acceptable (empty, or it would starve the opponent)")
        fonctions_moteur.tour_jeu(jeu, case_jouee)
    return jeu
