"""The lycée awalé's game functions (Olympiades de NSI 2025), computed by the fast engine.

The lycée board (:mod:`awale_ref.sujets.olympiades_2025_awale.plateau_awale`) plays with these where the
lycée reference (``awale_ref.sujets.olympiades_2025_awale.awale_lycee``) is not installed: the
students' environment of the class server (``pipeline.paquet_eleve``), whose
reduced lycée module imports them in place of its graded functions.
Same names, arguments, results and changes to the lists they receive as the
lycée reference (``tests/test_engine.py`` compares them on the test corpus);
they call none of each other, so a student's function replaces only its own.

The lycée game is the CCINP one (:mod:`awale_ref.fonctions_moteur`) under the
lycée names, with the differences that the lycée module states in
``DIFFERENCES_CCINP``: ``etat_jeu`` with ``score_j1``/``score_j2``/``nb_tours``,
``tourner_plateau(plt)``, ``test_famine`` inverted, ``tour_termine`` ending the
game on the scores (more than ``GRAINES_RAMASSEES_MAX`` collected) instead of
3 seeds left on the board, and the refusal's message.

>>> etat_jeu = {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 22, "score_j2": 23, "nb_tours": 0,
...             "plateau": [1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0]}
>>> tour_termine(etat_jeu), fonctions_moteur.tour_suivant(_lycee().vers_ccinp(etat_jeu))
(True, False)
>>> test_famine([0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0], 5), cases_possibles(etat_jeu)
(True, [0])
"""

from __future__ import annotations

import types

from awale_ref import engine, fonctions_moteur

REFERENCE = "awale_ref.sujets.olympiades_2025_awale.awale_lycee"
"""The module whose functions these are (``pipeline.paquet_eleve`` puts them in its place)."""

MESSAGE_REFUS = "La case choisie n'est pas acceptable"
"""What ``tour_jeu`` prints for a pit it refuses (the subject's words; the CCINP says « valable »)."""

MOITIE = 6


def _lycee() -> types.ModuleType:
    """The lycée module, for its constants and its conversions to the CCINP dict; imported when first used:
    in the students' environment, that module imports this one at its end (circular at import time)."""
    from awale_ref.sujets.olympiades_2025_awale import awale_lycee

    return awale_lycee


def tour_joueur1(etat_jeu: dict) -> bool:
    """True when joueur1 is to move (Q2): the CCINP's, ``nb_tours`` being its ``n``."""
    return fonctions_moteur.tour_joueur1(_lycee().vers_ccinp(etat_jeu))


def somme(plt: list, n: int, p: int) -> int:
    """The seeds of pits ``n`` to ``p``, both included (Q3)."""
    return sum(plt[n:p + 1])


def tourner_plateau(plt: list) -> None:
    """Turn the list ``plt`` itself (Q4)."""
    plt[:] = plt[MOITIE:] + plt[:MOITIE]


def semer_graines(plt: list, c: int) -> int:
    """Sow ``c`` in place; the last pit sown (Q5, the CCINP ``deplacer_graines``)."""
    return fonctions_moteur.deplacer_graines(plt, c)


def case_ramassable(plt: list, c: int) -> bool:
    """An opponent's pit holding a harvestable count (Q6)."""
    return fonctions_moteur.case_ramassable(plt, c)


def ramasser_graines(plt: list, c: int) -> int:
    """Harvest backwards from ``c`` in place; the seeds taken (Q7)."""
    return fonctions_moteur.ramasser_graines(plt, c)


def test_famine(plt: list, c: int) -> bool:
    """True when playing ``c`` starves the opponent (Q8): the CCINP's, inverted; ``plt`` unchanged."""
    return not fonctions_moteur.test_famine(plt, c)


def test_case(plt: list, c: int) -> bool:
    """True when ``c`` is acceptable (Q9): the CCINP's ``test_case``."""
    return fonctions_moteur.test_case(plt, c)


def cases_possibles(etat_jeu: dict) -> list:
    """The acceptable pits of the player to move, in increasing order (Q10)."""
    return fonctions_moteur.cases_possibles(_lycee().vers_ccinp(etat_jeu))


def tour_termine(etat_jeu: dict) -> bool:
    """True while the game goes on (Q11): the CCINP's end without its 3-seed rule, with the lycée's."""
    lycee, score_j1, score_j2 = _lycee(), etat_jeu["score_j1"], etat_jeu["score_j2"]
    if max(score_j1, score_j2) >= lycee.GRAINES_VICTOIRE or score_j1 + score_j2 > lycee.GRAINES_RAMASSEES_MAX:
        return False
    return etat_jeu["nb_tours"] < lycee.TOURS_MAX and bool(cases_possibles(etat_jeu))


def tour_jeu(etat_jeu: dict, c: int) -> bool:
    """Play an acceptable ``c`` in ``etat_jeu`` (its lists changed in place) and return ``tour_termine``;
    otherwise print :data:`MESSAGE_REFUS` and return True (Q12)."""
    if not test_case(etat_jeu["plateau"], c):
        print(MESSAGE_REFUS)
        return True
    _, suite = engine.play(engine.from_jeu(_lycee().vers_ccinp(etat_jeu)), c)
    etat_jeu["plateau"][:] = suite.plateau
    etat_jeu["score_j1"], etat_jeu["score_j2"], etat_jeu["nb_tours"] = suite.score1, suite.score2, suite.n
    return tour_termine(etat_jeu)


def gagnant(etat_jeu: dict) -> str:
    """Each side's seeds to its owner (the board emptied); the winner's name or « égalité » (Q13)."""
    jeu = _lycee().vers_ccinp(etat_jeu)
    nom = fonctions_moteur.gagnant(jeu)
    etat_jeu["plateau"][:] = jeu["plateau"]
    etat_jeu["score_j1"], etat_jeu["score_j2"] = jeu["score"]
    return nom
