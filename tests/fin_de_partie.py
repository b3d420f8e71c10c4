"""Shared by the tests: the exam's end conditions (Q14), computed independently of ``tour_suivant``."""

from awale_ref.sujets.ccinp_2024 import exam


def conditions_fin(jeu: dict) -> set:
    """The names of the end conditions of Q14 that hold for ``jeu``."""
    noms = set()
    if max(jeu["score"]) >= 25:
        noms.add("score")
    if jeu["n"] >= 100:
        noms.add("100 turns")
    if sum(jeu["plateau"]) <= 3:
        noms.add("3 seeds")
    if not exam.cases_possibles(jeu):
        noms.add("no acceptable pit")
    return noms
