"""The exam's game functions, computed by the fast engine (:mod:`awale_ref.engine`).

The board (:mod:`awale_ref.widget`), the negamax tree (:mod:`awale_ref.tree`)
and the move strings (:mod:`awale_ref.notation`) play with these, never with
the reference of a graded function: so they work where that reference is not
installed, the students' environment of the class server
(``pipeline.paquet_eleve``), which gives these functions to Part III in its
place.  Same names, same arguments, same results and the same
changes to the lists they receive as ``awale_ref.sujets.ccinp_2024.exam`` (``tests/test_engine.py``
compares them on the test corpus); a board changed in place is written pit by
pit, in the order the exam's functions write it (the board replays each write).

>>> jeu = {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 0,
...        'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}
>>> cases_possibles(jeu), NegaAwale(jeu, 1, 0)
([2, 4, 5], 4)
>>> plateau = list(jeu['plateau'])
>>> ramasser_graines(plateau, deplacer_graines(plateau, 4)), plateau
(8, [1, 1, 3, 1, 0, 7, 4, 0, 0, 0, 1, 2])
"""

from __future__ import annotations

from awale_ref import engine
from awale_ref.engine import EGALITE, NB_CASES

REFERENCE = "awale_ref.sujets.ccinp_2024.exam"
"""The module whose functions these are (``pipeline.paquet_eleve`` puts them in its place)."""


def _position(jeu: dict) -> engine.Position:
    return engine.from_jeu(jeu)


def tour_joueur1(jeu: dict) -> bool:
    """True when joueur1 is to move (``exam.tour_joueur1``)."""
    return _position(jeu).n % 2 == 0


def tourner_plateau(jeu: dict) -> None:
    """Turn ``jeu['plateau']`` in place (``exam.tourner_plateau``)."""
    moitie = NB_CASES // 2
    jeu['plateau'][:] = jeu['plateau'][moitie:] + jeu['plateau'][:moitie]


def copie(jeu: dict) -> dict:
    """A copy of ``jeu`` whose lists are new (``exam.copie``)."""
    return {cle: list(valeur) if isinstance(valeur, list) else valeur for cle, valeur in jeu.items()}


def deplacer_graines(plateau: list, case: int) -> int:
    """Sow ``case`` in place, one seed at a time; the last pit sown (``exam.deplacer_graines``)."""
    ordre = engine.sowing_order(case, plateau[case])
    plateau[case] = 0
    for indice in ordre:
        plateau[indice] += 1
    return ordre[-1] if ordre else case


def case_ramassable(plateau: list, case: int) -> bool:
    """``exam.case_ramassable``: a pit of the opponent holding a harvestable count."""
    return NB_CASES // 2 <= case < NB_CASES and plateau[case] in engine.HARVESTABLE


def ramasser_graines(plateau: list, case: int) -> int:
    """Harvest backwards from ``case`` in place; the seeds taken (``exam.ramasser_graines``)."""
    pris = 0
    while case_ramassable(plateau, case):
        pris += plateau[case]
        plateau[case] = 0
        case -= 1
    return pris


def test_famine(plateau: list, case: int) -> bool:
    """True when the opponent keeps a seed after ``case`` (``exam.test_famine``); ``plateau`` unchanged."""
    essai = list(plateau)
    ramasser_graines(essai, deplacer_graines(essai, case))
    return any(essai[NB_CASES // 2:])


def test_case(plateau: list, case: int) -> bool:
    """True when ``case`` may be played (``exam.test_case``)."""
    return case in engine.legal_moves(engine.Position(tuple(plateau), 0, 0, 0))


def cases_possibles(jeu: dict) -> list:
    """The playable pits, in increasing order (``exam.cases_possibles``)."""
    return engine.legal_moves(_position(jeu))


def tour_suivant(jeu: dict) -> bool:
    """True while the game goes on (``exam.tour_suivant``)."""
    return not engine.is_over(_position(jeu))


def tour_jeu(jeu: dict, case: int) -> bool:
    """Play ``case`` in ``jeu`` (its lists changed in place) and say whether the game goes on
    (``exam.tour_jeu``, with its message for a pit that cannot be played)."""
    if not test_case(jeu['plateau'], case):
        print("La case choisie n'est pas valable")
        return True
    _, suite = engine.play(_position(jeu), case)
    jeu['plateau'][:] = suite.plateau
    jeu['score'][:] = [suite.score1, suite.score2]
    jeu['n'] = suite.n
    return not engine.is_over(suite)


def gagnant(jeu: dict) -> str:
    """The winner once each side's seeds go to its owner, who get them (board emptied), or
    ``"égalité"`` (``exam.gagnant``)."""
    position = _position(jeu)
    valeur = engine.leaf_value(position)
    moitie = NB_CASES // 2
    actif, adverse = sum(jeu['plateau'][:moitie]), sum(jeu['plateau'][moitie:])
    joueur1_joue = position.n % 2 == 0
    jeu['score'][0] += actif if joueur1_joue else adverse
    jeu['score'][1] += adverse if joueur1_joue else actif
    jeu['plateau'][:] = [0] * NB_CASES
    if valeur == 0:
        return EGALITE
    return jeu['joueur1'] if (valeur > 0) == joueur1_joue else jeu['joueur2']


def gain(jeu: dict, case: int) -> tuple:
    """``(graines gagnées, nouveau jeu)`` of a playable ``case``; ``jeu`` unchanged (``exam.gain``)."""
    graines, suite = engine.play(_position(jeu), case)
    return graines, {**copie(jeu), **engine.to_jeu(suite, jeu['joueur1'], jeu['joueur2'])}


def NegaAwale(jeu: dict, profondeur_max: int, profondeur: int) -> int:
    """``exam.NegaAwale``: the pit to play at the root (``profondeur == 0``), the node's value below."""
    position = _position(jeu)
    if engine.is_over(position):
        gagnant(jeu)  # as the exam's, whose leaf test calls it: the seeds left go to their owners
        return engine.leaf_value(position)
    if profondeur == profondeur_max:
        return 0
    if profondeur == 0:
        return engine.best_move(position, profondeur_max)[0]
    return engine.negamax(position, profondeur_max - profondeur)


def max_vals(vals_jeu: list, profondeur: int) -> int:
    """``exam.max_vals``: the pit of the first best value at the root, the best value below."""
    case, valeur = max(vals_jeu, key=lambda paire: paire[1])  # max keeps the first of equal values
    return case if profondeur == 0 else valeur
