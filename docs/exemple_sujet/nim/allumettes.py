"""The game of Nim with matches, a five-question example paper (``docs/ajouter_un_sujet.md``).

``n`` matches lie on the table; each player in turn takes 1, 2 or 3 of them, and the player who takes the
last one wins.  A position is the number ``n`` of matches left; it is *winning* for the player about to move
when some move leaves the other player a losing position (0 matches is lost: the other player took the last
one).

Every function keeps the paper's name and parameters; each body is the solution the course shows (builtins,
its parameters and the other functions of this module only: the grading sends this module, as text, to the
process that runs the student's code).  ``LECTURES`` gives the reading of each point the paper leaves open,
``REPONSES`` the answer of the question without code.

>>> coups_possibles(2)
[1, 2]
>>> [n for n in range(13) if not gagnante(n)]
[0, 4, 8, 12]
>>> gagnante_memo(30), coup_gagnant(10), coup_gagnant(8)
(True, 2, 1)
"""

from __future__ import annotations


def coups_possibles(n):
    """Q2 — the numbers of matches the player may take from ``n``, in increasing order."""
    return [k for k in [1, 2, 3] if k <= n]


def gagnante(n):
    """Q3 — whether ``n`` matches is a winning position, by recursion on the positions one move away."""
    for k in coups_possibles(n):
        if not gagnante(n - k):
            return True
    return False


def gagnante_memo(n):
    """Q4 — the same answer, each position computed once (memoisation in a dictionary)."""
    memo = {}

    def aux(m):
        if m not in memo:
            memo[m] = False
            for k in coups_possibles(m):
                if not aux(m - k):
                    memo[m] = True
        return memo[m]

    return aux(n)


def coup_gagnant(n):
    """Q5 — the matches to take from ``n`` (at least one): leave a multiple of 4 when possible, else take one
    match (LECTURES['perdante'])."""
    for k in coups_possibles(n):
        if not gagnante_memo(n - k):
            return k
    return 1


LECTURES = {
    "perdante":
        "Q5 : depuis une position perdante, tout coup perd contre un adversaire qui joue bien ; l'énoncé demande "
        "alors de prendre une seule allumette, pour faire durer la partie.",
    "memo":
        "Q4 : mémoïser, c'est calculer chaque position une fois ; chaque fonction est donc appelée au plus une "
        "fois par position et par coup examiné, plus l'appel de départ (3n + 1 appels au plus pour n "
        "allumettes) ; elle n'est jamais jugée au chronomètre.",
}

REPONSES = {"Q1": [0, 4, 8, 12]}
