"""Reference package of the awalé course (CCINP 2024 PC, Q1–Q25).

The exam-faithful functions are importable by their exam names::

    >>> from awale_ref import initialisation, cases_possibles
    >>> cases_possibles(initialisation("Alice", "Bob"))
    [0, 1, 2, 3, 4, 5]

Modules: ``sujets`` (one folder per exam paper; the CCINP's Q4–Q21, as the
exam writes them, in ``sujets.ccinp_2024.exam``; its ``facts``, the answers to the
reasoning questions, and its ``library``, the opening library of Q22–Q25), ``engine`` (fast search),
``awale_exact`` (exact endgame values), ``corpus`` (test positions), ``notation``,
``cache`` (the grader's cache folder), ``grading`` (the notebooks' tests),
``widget`` and ``tree`` (pictures).
``awale_ref/README.md`` lists the readings of the exam's ambiguous points.

The exam's names are served on first use (:func:`__getattr__`): importing the game library
(``awale_ref.engine``, ``awale_ref.widget``…) does not load the CCINP reference, a subject.
"""

import importlib

__all__ = [
    "NegaAwale", "affiche", "awale_ia", "awale_jcj", "case_ramassable",
    "cases_possibles", "copie", "deplacer_graines", "gagnant", "gain",
    "initialisation", "max_vals", "ramasser_graines", "test_case",
    "test_famine", "tour_jeu", "tour_joueur1", "tour_suivant",
    "tourner_plateau",
]


def __getattr__(nom: str):
    """An exam name (``from awale_ref import initialisation``): the CCINP reference's, loaded now."""
    if nom in __all__:
        return getattr(importlib.import_module("awale_ref.sujets.ccinp_2024.exam"), nom)
    raise AttributeError(f"module {__name__!r} has no attribute {nom!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
