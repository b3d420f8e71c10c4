"""The answers to the reasoning questions (Q1–Q3, Q6, Q18), as data.

These are literal facts, written once here and checked in ``tests/`` against
the exam functions (so a change of rules that breaks one is caught).  The
graded notebooks compare the students' structured answers with them.

Boards follow the exam's convention (indices 0–5: the player to move).

>>> Q1_CASES_JOUABLES
[2, 4, 5]
>>> Q6_BITS
6
"""

from __future__ import annotations

# ---------------------------------------------------------------- Q1–Q2 (figure 4)
FIGURE4 = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
"""Figure 4, Alice to move (also figure 3 of the Olympiades NSI 2025 text)."""

Q1_CASES_JOUABLES = [2, 4, 5]
"""Non-empty pits of Alice's row; none of them starves Bob."""

Q2_PLATEAUX = {
    2: [0, 0, 0, 1, 17, 5, 2, 1, 0, 1, 0, 1],
    4: [1, 1, 3, 1, 0, 7, 4, 0, 0, 0, 1, 2],
    5: [0, 0, 2, 0, 16, 0, 3, 2, 1, 2, 1, 1],
}
"""Board after each playable pit (sown and harvested, not turned)."""

Q2_GAINS = {2: 0, 4: 8, 5: 0}
"""Seeds won: pit 4 (16 seeds, one lap skipping the origin) ends in pit 9
and harvests pits 9, 8, 7 (3 + 2 + 3)."""

# ---------------------------------------------------------------- Q3 (figure 5)
FIGURE5_SITUATION1 = [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0]
FIGURE5_SITUATION2 = [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 1]

Q3_SITUATION1_PARTIE1 = {"plateau": [0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 0], "gain": 0}
"""The exam states the famine rule twice, in two ways.  Reading "cancelled
harvest": the harvest would take all of Bob's seeds, so it is cancelled;
the sowing stays."""

Q3_SITUATION1_COUP_INTERDIT = {"plateau": list(FIGURE5_SITUATION1), "gain": 0}
"""Reading "forbidden move" (the one Part II's program follows): a move that
would take all of Bob's seeds may not be played, so the board does not
change; as pit 5 is Alice's only non-empty pit, she cannot play and the game
ends."""

Q3_SITUATION2 = {"plateau": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], "gain": 10}
"""Pits 6–10 reach 2 seeds and are harvested from 10 down to 6; pit 11
keeps its seed, so Bob is not starved."""

# ---------------------------------------------------------------- Q6
Q6_MAX_GRAINES = 48
"""A pit can at most hold every seed of the game: 12 pits × 4 seeds."""

Q6_BITS = 6
"""5 bits code 0–31 < 48, 6 bits code 0–63 ≥ 48: 6 bits are needed."""

# ---------------------------------------------------------------- Q18
Q18_JEU = {
    "joueur1": "Alice",
    "joueur2": "Bob",
    "score": [12, 16],
    "n": 28,
    "plateau": [0, 6, 0, 0, 2, 4, 1, 1, 0, 0, 5, 1],
}
"""A reconstruction (the answer sheet's tree is illegible): a position that
matches every fact the exam and its published answer give.  Alice to move."""

NOTE_RECONSTRUCTION = (
    "Position reconstruite : l'arbre à compléter de la question 18 (sur le document réponse) est illisible "
    "dans notre copie du sujet. Cette position respecte ce que le texte de l'énoncé dit de l'arbre (la branche "
    "de gauche, déjà remplie) et le résultat de la solution publiée ; ce n'est pas une copie de la figure, "
    "dont la forme exacte nous est inconnue.")
"""Where the Q18 position comes from, said once: the drawing and both notebooks show this sentence."""

Q18_ARBRE = {
    # label: (parent, pit played in the mover's rotated view, G, VJ)
    "b": ("a", 1, 4, 4),
    "c": ("b", 4, 4, 0),
    "d": ("b", 5, 0, 0),
    "e": ("a", 4, 2, 0),
    "f": ("e", 1, 0, 0),
    "g": ("e", 4, 0, 0),
    "h": ("e", 5, 0, 0),
    "i": ("a", 5, 0, 0),
    "j": ("i", 0, 0, 0),
    "k": ("i", 1, 0, 0),
    "l": ("i", 2, 0, 0),
    "m": ("i", 3, 0, 0),
    "n": ("i", 4, 0, 0),
    "o": ("i", 5, 0, 0),
}
"""The depth-2 tree of ``Q18_JEU``, nodes labelled depth first as the exam
labels its left branch (a → b → c, d).  Bob's pits are given in his own
rotated view (0–5); in the exam's unrotated drawing add 6."""

Q18_VALEUR_RACINE = 2
"""VJ(a) = max(4 - 4, 2 - 0, 0 - 0) = 2."""

Q18_CASE_CHOISIE = 4
"""NegaAwale at depth 2 plays Alice's fifth pit (index 4)."""
