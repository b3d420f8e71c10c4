"""The exam-faithful functions of the CCINP 2024 PC awalé paper (Q4–Q21).

Every function keeps the exam's French name, signature and ``jeu`` dict
structure (``joueur1``, ``joueur2``, ``score``, ``n``, ``plateau``).  Inside
the functions whose question restricts the language (Q7: no ``deepcopy``;
Q20: no ``max``/``min``/``sort``; the annex in general) only the annex's
commands are used.  They are written to be read by students: no tricks.

Board convention: ``plateau`` holds 12 ints; indices 0–5 are the pits of the
player to move, 6–11 the opponent's; sowing goes 0→1→…→11→0.

The readings of the points the exam leaves ambiguous are listed once in
``awale_ref/README.md`` and recalled in the docstrings below.

>>> jeu = initialisation("Alice", "Bob")
>>> cases_possibles(jeu)
[0, 1, 2, 3, 4, 5]
"""

from __future__ import annotations

NB_CASES = 12
GRAINES_VICTOIRE = 25  # more than half of the 48 seeds
TOURS_MAX = 100
GRAINES_MIN_PLATEAU = 3
VALEUR_VICTOIRE = 500
EGALITE = "égalité"


# ---------------------------------------------------------------- Q4–Q7
def initialisation(nom_joueur1: str, nom_joueur2: str) -> dict:
    """The exam's given code: the game at its start (4 seeds in each pit).

    >>> initialisation("Alice", "Bob")
    {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 0, 'plateau': [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]}
    """
    jeu = {}
    jeu['joueur1'] = nom_joueur1  # Nom du premier joueur
    jeu['joueur2'] = nom_joueur2  # Nom du second joueur
    jeu['score'] = [0, 0]         # Réserve du joueur1, puis du joueur2
    jeu['n'] = 0                  # Nombre de tours déjà effectués
    jeu['plateau'] = [4] * 12     # Plateau de jeu initial
    return jeu


def tour_joueur1(jeu: dict) -> bool:
    """Q4. ``jeu['n']`` is even exactly when joueur1 is to move.

    >>> tour_joueur1({'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0], 'n': 0, 'plateau': [4] * 12})
    True
    >>> tour_joueur1({'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0], 'n': 7, 'plateau': [4] * 12})
    False
    """
    return jeu['n'] % 2 == 0


def tourner_plateau(jeu: dict) -> None:
    """Q5. Swap pits 0–5 with pits 6–11 of ``jeu['plateau']``.

    The reference changes the list in place (so that an alias such as the
    ``plateau`` variable of ``tour_jeu`` stays valid); replacing the dict
    entry by a new list is also accepted by the grader.

    >>> jeu = {'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0], 'n': 1,
    ...        'plateau': [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}
    >>> tourner_plateau(jeu)
    >>> jeu['plateau']
    [6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5]
    """
    plateau = jeu['plateau']
    plateau[0:12] = plateau[6:12] + plateau[0:6]


def copie(jeu: dict) -> dict:
    """Q7. A deep copy of the game dict, without ``copy.deepcopy``.

    Lists are copied with ``list.copy()`` (the annex allows it); strings and
    ints are immutable and can be shared.

    >>> jeu = initialisation("Alice", "Bob")
    >>> autre = copie(jeu)
    >>> autre['plateau'][0] = 0; autre['score'][1] = 3
    >>> jeu['plateau'][0], jeu['score'][1]
    (4, 0)
    """
    nouveau = {}
    for cle, valeur in jeu.items():
        if isinstance(valeur, list):
            nouveau[cle] = valeur.copy()
        else:
            nouveau[cle] = valeur
    return nouveau


# ---------------------------------------------------------------- Q8–Q10
def deplacer_graines(plateau: list, case: int) -> int:
    """Q8. Sow the seeds of ``case`` in place; return the last pit sown.

    The origin pit is skipped when the sowing laps round (12 seeds or more),
    so it is always empty afterwards.  An empty ``case`` sows nothing and
    the function returns ``case`` itself.

    Figure 4, pit 4 (16 seeds, one full lap):

    >>> plateau = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
    >>> deplacer_graines(plateau, 4)
    9
    >>> plateau
    [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2]
    """
    graines = plateau[case]
    plateau[case] = 0
    indice = case
    while graines > 0:
        indice = (indice + 1) % 12
        if indice != case:
            plateau[indice] = plateau[indice] + 1
            graines = graines - 1
    return indice


def case_ramassable(plateau: list, case: int) -> bool:
    """Q9. Can the player to move harvest ``case``? (famine not checked)

    True when the pit is on the opponent's side (6–11) and holds 2 or 3 seeds.

    >>> plateau = [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2]
    >>> [case_ramassable(plateau, c) for c in (2, 6, 7, 8, 9, 10)]
    [False, False, True, True, True, False]
    """
    return 6 <= case <= 11 and (plateau[case] == 2 or plateau[case] == 3)


def ramasser_graines(plateau: list, case: int) -> int:
    """Q10. Harvest from ``case`` backwards, recursively; return the gain.

    The board is changed in place.  The chain stops at the first pit that
    cannot be harvested, at the latest at index 5 (the player's own side).
    The famine rule is not checked here.

    >>> plateau = [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2]
    >>> ramasser_graines(plateau, 9)
    8
    >>> plateau
    [1, 1, 3, 1, 0, 7, 4, 0, 0, 0, 1, 2]
    """
    if not case_ramassable(plateau, case):
        return 0
    graines = plateau[case]
    plateau[case] = 0
    return graines + ramasser_graines(plateau, case - 1)


# ---------------------------------------------------------------- Q11–Q13
def test_famine(plateau: list, case: int) -> bool:
    """Q11. Condition 3: after playing ``case`` the opponent keeps a seed.

    Plays the move (sowing, then harvest) on a copy of the board and checks
    that pits 6–11 are not all empty.  This covers both faces of the famine
    rule: a harvest that would take every seed of the opponent, and a move
    that leaves an already starved opponent without seeds.  ``plateau`` is
    not modified.

    Figure 5, situation 1 (the harvest would take all of Bob's seeds):

    >>> test_famine([0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0], 5)
    False
    >>> test_famine([0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 1], 5)
    True
    """
    essai = plateau.copy()
    derniere = deplacer_graines(essai, case)
    ramasser_graines(essai, derniere)
    total_adversaire = 0
    for indice in range(6, 12):
        total_adversaire = total_adversaire + essai[indice]
    return total_adversaire > 0


def test_case(plateau: list, case: int) -> bool:
    """Q12. The exam's given function, with the ``test`` condition completed.

    A pit is acceptable when it is on the player's side (0–5), not empty,
    and passes ``test_famine``.

    >>> plateau = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
    >>> [c for c in range(12) if test_case(plateau, c)]
    [2, 4, 5]
    """
    condition3 = test_famine(plateau, case)
    # Case acceptable
    test = 0 <= case <= 5 and plateau[case] > 0 and condition3
    return test


def cases_possibles(jeu: dict) -> list:
    """Q13. The playable pits of the player to move, in increasing order.

    ``jeu`` and its board are left untouched.

    >>> jeu = {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 0,
    ...        'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}
    >>> cases_possibles(jeu)
    [2, 4, 5]
    """
    cases = []
    for case in range(6):
        if test_case(jeu['plateau'], case):
            cases.append(case)
    return cases


# ---------------------------------------------------------------- Q14–Q16
def tour_suivant(jeu: dict) -> bool:
    """Q14. True when the game goes on, False when it is over.

    The game is over when a player has at least 25 seeds, when
    ``jeu['n'] >= 100``, when 3 seeds or fewer are left on the board, or
    when the player to move (pits 0–5, the board is already turned) has no
    acceptable pit.

    >>> jeu = initialisation("Alice", "Bob")
    >>> tour_suivant(jeu)
    True
    >>> jeu['n'] = 100
    >>> tour_suivant(jeu)
    False
    """
    if jeu['score'][0] >= 25 or jeu['score'][1] >= 25:
        return False
    if jeu['n'] >= 100:
        return False
    total = 0
    for graines in jeu['plateau']:
        total = total + graines
    if total <= 3:
        return False
    return len(cases_possibles(jeu)) > 0


def tour_jeu(jeu: dict, case: int) -> bool:
    """Q15. The exam's given function, with its four gaps completed.

    An unacceptable pit prints ``La case choisie n'est pas valable`` and
    returns True (the same player chooses again, nothing changes).
    Otherwise the move is played: seeds sown and harvested, the gain added
    to the mover's score, ``n`` incremented, the board turned; the result is
    ``tour_suivant(jeu)``.

    >>> jeu = initialisation("Alice", "Bob")
    >>> tour_jeu(jeu, 2)
    True
    >>> jeu['n'], jeu['plateau']
    (1, [5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5])
    >>> tour_jeu(jeu, 8)
    La case choisie n'est pas valable
    True
    """
    plateau = jeu['plateau']
    if test_case(plateau, case):  # La case jouée est acceptable
        derniere_case = deplacer_graines(plateau, case)  # Instruction 1
        graines_gagnees = ramasser_graines(plateau, derniere_case)  # Instruction 2
        # Pour augmenter le score, il faut savoir qui joue grâce à la
        # parité du nombre de tours
        if tour_joueur1(jeu):  # Condition 1
            jeu['score'][0] = jeu['score'][0] + graines_gagnees
        else:
            jeu['score'][1] = jeu['score'][1] + graines_gagnees
        jeu['n'] = jeu['n'] + 1  # Instruction 3
        tourner_plateau(jeu)  # Echanger les plateaux
        return tour_suivant(jeu)
    else:
        print("La case choisie n'est pas valable")
        return True


def gagnant(jeu: dict) -> str:
    """Q16. Each player collects the seeds of their side; return the winner.

    The seeds left on each side go to that side's owner (pits 0–5 belong to
    the player to move, i.e. joueur1 when ``n`` is even).  The reference
    also empties the board, which makes a second call harmless (NegaAwale
    calls ``gagnant`` up to four times on the same leaf); the grader also
    accepts a ``gagnant`` that leaves the board as it was.  Returns the
    winner's name, or ``"égalité"`` (spelled out rather than ``EGALITE``:
    like most bodies here, this one is also the notebooks' solution, see
    ``pipeline/build.py``).

    >>> jeu = {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [20, 24], 'n': 51,
    ...        'plateau': [1, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0]}
    >>> gagnant(jeu)
    'Bob'
    >>> jeu['score'], jeu['plateau']
    ([23, 25], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    """
    camp_actif = 0
    camp_adverse = 0
    for indice in range(6):
        camp_actif = camp_actif + jeu['plateau'][indice]
        camp_adverse = camp_adverse + jeu['plateau'][indice + 6]
        jeu['plateau'][indice] = 0
        jeu['plateau'][indice + 6] = 0
    if tour_joueur1(jeu):
        jeu['score'][0] = jeu['score'][0] + camp_actif
        jeu['score'][1] = jeu['score'][1] + camp_adverse
    else:
        jeu['score'][0] = jeu['score'][0] + camp_adverse
        jeu['score'][1] = jeu['score'][1] + camp_actif
    if jeu['score'][0] > jeu['score'][1]:
        return jeu['joueur1']
    if jeu['score'][1] > jeu['score'][0]:
        return jeu['joueur2']
    return "égalité"


# ---------------------------------------------------------------- Q17–Q21
def gain(jeu: dict, case: int) -> tuple:
    """Q17. Play ``case`` on a copy: return ``(graines gagnées, nouveau jeu)``.

    Like ``tour_jeu`` without the checks: the new dict has its seeds sown
    and harvested, the mover's score increased, ``n`` incremented and its
    board turned.  ``jeu`` itself is not modified.

    Figure 4, pit 4:

    >>> jeu = {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 0,
    ...        'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}
    >>> g, suite = gain(jeu, 4)
    >>> g, suite['score'], suite['n'], suite['plateau']
    (8, [8, 0], 1, [4, 0, 0, 0, 1, 2, 1, 1, 3, 1, 0, 7])
    >>> jeu['plateau']
    [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
    """
    nouveau_jeu = copie(jeu)
    plateau = nouveau_jeu['plateau']
    derniere_case = deplacer_graines(plateau, case)
    graines_gagnees = ramasser_graines(plateau, derniere_case)
    if tour_joueur1(nouveau_jeu):
        nouveau_jeu['score'][0] = nouveau_jeu['score'][0] + graines_gagnees
    else:
        nouveau_jeu['score'][1] = nouveau_jeu['score'][1] + graines_gagnees
    nouveau_jeu['n'] = nouveau_jeu['n'] + 1
    tourner_plateau(nouveau_jeu)
    return graines_gagnees, nouveau_jeu


def NegaAwale(jeu: dict, profondeur_max: int, profondeur: int) -> int:
    """Q19. The exam's negamax, with its two conditions and two instructions.

    At the root (``profondeur == 0``) it returns the pit to play; below, the
    value of the node for the player to move there.  A finished game is worth
    500 if the player to move wins, -500 if they lose, 0 for a draw (the
    test comes before the depth test, so a finished root returns a value,
    not a pit, exactly as the exam's code does).  A node at
    ``profondeur_max`` is worth 0.  Ties keep the first pit (``max_vals``).
    The players' names must differ: the leaf test compares names.

    Figure 4 at depth 1 picks pit 4 (gain 8):

    >>> jeu = {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 0,
    ...        'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}
    >>> NegaAwale(jeu, 1, 0)
    4
    """
    if not tour_suivant(jeu):  # Condition 1
        if (tour_joueur1(jeu) and gagnant(jeu) == jeu['joueur1']) or \
           (not(tour_joueur1(jeu)) and gagnant(jeu) == jeu['joueur2']):
            return 500
        elif (tour_joueur1(jeu) and gagnant(jeu) == jeu['joueur2']) or \
             (not(tour_joueur1(jeu)) and gagnant(jeu) == jeu['joueur1']):
            return -500
        else:  # Egalité
            return 0
    elif profondeur == profondeur_max:  # Condition 2
        return 0
    else:
        choix_cases = cases_possibles(jeu)
        vals_jeu = []
        for case in choix_cases:
            g, nouveau_jeu = gain(jeu, case)  # Instruction 1
            p = NegaAwale(nouveau_jeu, profondeur_max, profondeur + 1)  # Instruction 2
            vals_jeu.append([case, g - p])
    return max_vals(vals_jeu, profondeur)


def max_vals(vals_jeu: list, profondeur: int) -> int:
    """Q20. The pit of the best value at the root, the best value elsewhere.

    ``vals_jeu`` is a non-empty list of ``[case, valeur]``; the first maximum
    wins a tie.  No ``max``, ``min`` or ``sort`` (the annex forbids them).

    >>> max_vals([[1, 0], [4, 2], [5, 2]], 0)
    4
    >>> max_vals([[1, 0], [4, 2], [5, 2]], 1)
    2
    """
    meilleure_case = vals_jeu[0][0]
    meilleure_valeur = vals_jeu[0][1]
    for case, valeur in vals_jeu:
        if valeur > meilleure_valeur:
            meilleure_case = case
            meilleure_valeur = valeur
    if profondeur == 0:
        return meilleure_case
    return meilleure_valeur


def affiche(plateau: list) -> None:
    """Print the board as the players see it.

    The opponent's row is on top, read right to left (11 … 6), the row of the
    player to move at the bottom (0 … 5), with the indices in the margin.

    >>> affiche([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1])
       11  10   9   8   7   6
    [   1   0   1   0   1   2 ]
    [   0   0   2   0  16   5 ]
        0   1   2   3   4   5
    """
    haut = plateau[11:5:-1]
    print(" " + "".join(f"{i:>4}" for i in range(11, 5, -1)))
    print("[" + "".join(f"{g:>4}" for g in haut) + " ]")
    print("[" + "".join(f"{g:>4}" for g in plateau[0:6]) + " ]")
    print(" " + "".join(f"{i:>4}" for i in range(6)))


def awale_jcj(nom_joueur1: str, nom_joueur2: str) -> str:
    """The exam's given game loop between two humans (pits read with input)."""
    jeu = initialisation(nom_joueur1, nom_joueur2)
    jeu_continue = True
    while jeu_continue:
        affiche(jeu['plateau'])
        case_choisie = int(input("Choisir une case : "))
        jeu_continue = tour_jeu(jeu, case_choisie)
    return gagnant(jeu)


def awale_ia(nom_joueur1: str, nom_joueur2: str) -> str:
    """Q21. ``awale_jcj`` with line 6 replaced: both players are the AI.

    Line 6 (the ``input``) becomes ``case_choisie = NegaAwale(jeu, 6, 0)``;
    nothing else changes.  ``python -m awale_ref`` plays this game in the
    terminal (``--rapide``: the same moves found by the fast engine).
    """
    jeu = initialisation(nom_joueur1, nom_joueur2)
    jeu_continue = True
    while jeu_continue:
        affiche(jeu['plateau'])
        case_choisie = NegaAwale(jeu, 6, 0)
        jeu_continue = tour_jeu(jeu, case_choisie)
    return gagnant(jeu)
