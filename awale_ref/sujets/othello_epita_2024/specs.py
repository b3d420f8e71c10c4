"""How each question of the Othello subject is graded: specs and structured answers.

One ``Spec`` per function question (Q1, Q3–Q5, Q7–Q14, Q16–Q20), graded
against :mod:`.othello` by the same core as the other subjects, on
deterministic inputs:

- a **seeded corpus of reachable positions** (:func:`positions`): random legal
  games played from the start with the reference, passes included, every
  position of every game kept with its frontier and the player to move
  (every depth, from the start to the end);
- **named edge cases** (:data:`CAS_LIMITES`): a player who must pass, both
  players blocked before the board is full, a full board, a capture in all
  eight directions at once, lines of the opponent that run to the edge (no
  capture) and that are closed on the edge (a capture).

Lists of cells and of directions are compared as multisets (any order, each
element once: ``LECTURES['l_frontiere']``); the AIs (Q16–Q18) accept any move
of the best value (``LECTURES['q16_l_et_ex_aequo']``), and when the player
must pass only the value counts (``LECTURES['q18_passe']``).  The evaluation
function ``f`` of the AIs is passed by name (``Spec.fonctions``): ``score``
or ``evaluation_positions`` of the reference.

The constraints of the paper are checked on behaviour or in the source:
Q7 builds its list without a membership test ``in`` on it
(``sans_in_liste``) and leaves ``l`` untouched, Q13 copies without
``deepcopy`` into independent rows, Q14 leaves the board untouched, Q17 and
Q18 are recursive.

>>> spec = SPECS["Q9"]
>>> spec.observer(spec.reference(), (othello.plateau_depart(), (2, 3), (1, 0), 1))
{'renvoie': True, 'hors_limites': []}
>>> len(positions()) > 1000
True
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction
from typing import Any

from awale_ref.grading.correcteur import reponses_structurees
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.grading.eleve.specs import Famille, Observation, Spec
from awale_ref.grading.executant import messages
from awale_ref.sujets.othello_epita_2024 import othello, variantes

MODULE = othello.__name__
GRAINE = 2024
PARTIES = 30
DIRECTIONS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
EVALUATIONS = ("score", "evaluation_positions")
"""The evaluation functions ``f`` of the AIs' hidden cases (functions of the reference, passed by name)."""
_TIERS = 1 / 3
PRESENTATION = "awale_ref.sujets.othello_epita_2024.presentation"
"""How a failing case is shrunk (a disc removed at a time, while the input stays valid: each spec's ``domaine``)
and its board drawn (``presentation``): the specs whose first argument is a board."""


# ---------------------------------------------------------------- the positions
def _plateau(lignes: list[str]) -> list[list[int]]:
    """A board drawn with ``x`` (1), ``o`` (-1) and ``.`` (empty)."""
    return [[{"x": 1, "o": -1, ".": 0}[c] for c in ligne] for ligne in lignes]


CAS_LIMITES: dict[str, tuple[list[list[int]], int]] = {
    # name: (board, player to move)
    "départ": (othello.plateau_depart(), 1),
    "passe (o ne peut pas jouer, x peut)": (_plateau([
        "xxxxxxxx", "xxxxxxxx", "xxxxxxxx", "xxxxxxxx", "xxxxxxxo", "xxxxxxx.", "xxxxxx..", "xxxxxx.."]), -1),
    "deux joueurs bloqués, plateau pas plein": (_plateau([
        "xxxx....", "xxxx....", "........", "........", "........", "........", "........", "........"]), 1),
    "plateau plein": (_plateau([
        "xxxxoooo", "xxxxoooo", "xxxxoooo", "xxxxoooo", "ooooxxxx", "ooooxxxx", "ooooxxxx", "ooooxxxx"]), 1),
    "capture dans les huit directions": (_plateau([
        "........", ".x.x.x..", "..ooo...", ".xo.ox..", "..ooo...", ".x.x.x..", "........", "........"]), 1),
    "lignes adverses jusqu'au bord": (_plateau([
        "...ooooo", "...ox...", "...o....", "...o....", "...o....", "...o....", "...o....", "...o...."]), 1),
    "ligne fermée sur le bord": (_plateau([
        "...oooox", "...o....", "...o....", "...o....", "...o....", "...o....", "...o....", "...x...."]), 1),
    "deux joueurs bloqués, J1 gagne d'un jeton": (_plateau([
        "xxx.....", "........", "........", "........", "........", "........", "......oo", "........"]), 1),
    "deux joueurs bloqués, J2 gagne d'un jeton": (_plateau([
        "xx......", "........", "........", "........", "........", "........", ".....ooo", "........"]), -1),
    "coin": (_plateau([
        "........", ".o......", "..x.....", "........", "........", "........", "........", "........"]), 1),
}
"""Named edge boards with the player to move: ``(3, 3)`` of "huit directions" captures in every direction;
``(0, 2)`` of "jusqu'au bord" sees lines of ``o`` reach the edge (no capture), of "fermée" closed on it."""


@functools.lru_cache(maxsize=None)
def positions() -> tuple[tuple[list, list, int], ...]:
    """Every position of ``PARTIES`` seeded random legal games: ``(board, frontier, player to move)``,
    from the start to the end (passes played), then the named edge cases."""
    rng = random.Random(GRAINE)
    res = []
    for _ in range(PARTIES):
        p, j = othello.plateau_depart(), 1
        l = othello.cases_frontieres_de(p)
        passes = 0
        while passes < 2:
            res.append((othello.copier_plateau(p), list(l), j))
            jouables = othello.cases_jouables(p, l, j)
            if not jouables:
                passes, j = passes + 1, -j
                continue
            c = rng.choice(jouables)
            p, l, j, passes = othello.poser_jeton(p, c, j), othello.cases_frontieres(p, l, c), -j, 0
    for p, j in CAS_LIMITES.values():
        res.append((othello.copier_plateau(p), othello.cases_frontieres_de(p), j))
    return tuple(res)


def _echantillon(pas: int) -> list[tuple[list, list, int]]:
    """One position in ``pas`` of the corpus (every depth), and every edge case."""
    tout = positions()
    return list(tout[:-len(CAS_LIMITES)][::pas]) + list(tout[-len(CAS_LIMITES):])


def _copie(p: list) -> list:
    return [list(ligne) for ligne in p]


# ---------------------------------------------------------------- the hidden inputs, per question
def _cas_plateaux() -> list[tuple]:
    return [(_copie(p),) for p, _, _ in _echantillon(5)]


def _cas_voisines() -> list[tuple]:
    return [(x, y) for x in range(8) for y in range(8)]


def _cas_libres() -> list[tuple]:
    res = []
    for n, (p, l, _) in enumerate(_echantillon(7)):
        occupees = [(x, y) for x in range(8) for y in range(8) if p[x][y] != 0][n % 5::5]
        res.append((_copie(p), list(l) + occupees + [(0, 0), (7, 7)]))
        res.append((_copie(p), list(occupees)))
    return res


def _cas_frontieres() -> list[tuple]:
    res = []
    for p, l, _ in _echantillon(11):
        for c in l[::max(1, len(l) // 4)]:
            res.append((_copie(p), list(l), (c[0], c[1])))  # c a new tuple, equal to its cell of l: not the same object
    return res


def _cas_deplacer() -> list[tuple]:
    return [((x, y), d) for x in range(8) for y in range(8) for d in DIRECTIONS]


def _cas_direction() -> list[tuple]:
    res = []
    for p, l, _ in _echantillon(30):
        for c in l[::max(1, len(l) // 3)]:
            for d in DIRECTIONS:
                for j in (1, -1):
                    res.append((_copie(p), c, d, j))
    for nom in ("capture dans les huit directions", "lignes adverses jusqu'au bord", "ligne fermée sur le bord"):
        p, _ = CAS_LIMITES[nom]
        for c in ((3, 3), (0, 2), (1, 2), (7, 2)):
            if p[c[0]][c[1]] == 0:
                res += [(_copie(p), c, d, j) for d in DIRECTIONS for j in (1, -1)]
    return res


def _cas_directions() -> list[tuple]:
    return [(_copie(p), c, j) for p, l, _ in _echantillon(15) for c in l[::3] for j in (1, -1)]


def _cas_jouables() -> list[tuple]:
    return [(_copie(p), list(l), j) for p, l, _ in _echantillon(3) for j in (1, -1)]


def _coups(pas: int) -> list[tuple[list, list, int, tuple]]:
    """Positions with a playable cell of the player to move: ``(board, frontier, player, cell)``."""
    res = []
    for p, l, j in _echantillon(pas):
        for c in othello.cases_jouables(p, l, j)[::2]:
            res.append((p, l, j, c))
    return res


def _cas_capturer() -> list[tuple]:
    res = []
    for p, _, j, c in _coups(9):
        for d in othello.directions_possibles(p, c, j):
            pose = _copie(p)
            pose[c[0]][c[1]] = j  # as poser_jeton calls it (LECTURES['q12_joueur'])
            res.append((pose, c, d))
    return res


def _cas_poser() -> list[tuple]:
    return [(_copie(p), c, j) for p, _, j, c in _coups(7)]


A_UN_PRES = 12
"""How many positions of the corpus whose best move's value is one away from another move's, per AI question."""


@functools.lru_cache(maxsize=None)
def _a_un_pres(n: int) -> tuple[tuple[list, list, int], ...]:
    """Positions where two moves of the player have minimax values (depth ``n``, ``evaluation_positions``) one
    apart, the best one among them: a comparison off by one (``j * v + 1 > j * valeur``, ``j ^ v``) picks the
    other.  The first :data:`A_UN_PRES` of the corpus (one position in three), the player able to play down to
    depth ``n``."""
    f, res = othello.evaluation_positions, []
    for p, l, j in positions()[::3]:
        jouables = othello.cases_jouables(p, l, j)
        if len(jouables) < 2 or not _toujours_jouable(p, l, j, n):
            continue
        valeurs = sorted({othello.ia_minmax(othello.poser_jeton(p, c, j), othello.cases_frontieres(p, l, c), f, -j,
                                            n - 1)[1] if n > 1 else f(othello.poser_jeton(p, c, j))
                          for c in jouables}, reverse=j == 1)
        if len(valeurs) > 1 and abs(valeurs[0] - valeurs[1]) == 1:
            res.append((p, l, j))
            if len(res) == A_UN_PRES:
                break
    return tuple(res)


def _cas_ia_naive() -> list[tuple]:
    res = []
    for n, (p, l, j) in enumerate(_echantillon(7)):
        jouables = othello.cases_jouables(p, l, j)
        if jouables:  # l: the playable cells (LECTURES['q16_l_et_ex_aequo'])
            res.append((_copie(p), jouables, EVALUATIONS[n % 2], j))
    res += [(_copie(p), othello.cases_jouables(p, l, j), "evaluation_positions", j) for p, l, j in _a_un_pres(1)]
    return res


def _toujours_jouable(p: list, l: list, j: int, n: int) -> bool:
    """The player to move can play at every node down to depth ``n`` (the assumption of Q17)."""
    jouables = othello.cases_jouables(p, l, j)
    if not jouables:
        return False
    return n == 1 or all(_toujours_jouable(othello.poser_jeton(p, c, j), othello.cases_frontieres(p, l, c), -j, n - 1)
                         for c in jouables)


def _profondeur(n: int, jouables: int) -> int:
    """A depth the corpus can afford: 3 only where few moves are playable."""
    return n if n < 3 or jouables <= 6 else 2


def _cas_ia_minmax() -> list[tuple]:
    res = []
    for k, (p, l, j) in enumerate(_echantillon(11)):
        n = _profondeur(1 + k % 3, len(othello.cases_jouables(p, l, j)))
        if _toujours_jouable(p, l, j, n):
            res.append((_copie(p), list(l), EVALUATIONS[k % 2], j, n))
    return res + [(_copie(p), list(l), "evaluation_positions", j, 2) for p, l, j in _a_un_pres(2)]


def _cas_ia_minmax_tp() -> list[tuple]:
    res = []
    for k, (p, l, j) in enumerate(_echantillon(11)):
        n = _profondeur(1 + k % 3, len(othello.cases_jouables(p, l, j)))
        res.append((_copie(p), list(l), EVALUATIONS[k % 2], j, n, False))
    fins = [pos for pos in positions() if not othello.cases_jouables(pos[0], pos[1], pos[2])]
    for k, (p, l, j) in enumerate(fins):  # passes and ends: every depth
        res.append((_copie(p), list(l), EVALUATIONS[k % 2], j, 1 + k % 3, False))
        if not othello.cases_jouables(p, l, -j):  # tp = True: the other player has just passed, so cannot play
            res.append((_copie(p), list(l), EVALUATIONS[k % 2], j, 1 + (k + 1) % 3, True))
    return res + [(_copie(p), list(l), "evaluation_positions", j, 2, False) for p, l, j in _a_un_pres(2)]


def _cas_encode() -> list[tuple]:
    return _cas_plateaux() + [([[-1] * 8 for _ in range(8)],), ([[1] * 8 for _ in range(8)],),
                              ([[0] * 8 for _ in range(8)],)]


def _cas_decode() -> list[tuple]:
    return [(othello.encode(p),) for (p,) in _cas_encode()] + [(0,), (1,), (3 ** 64 - 1,), (othello.CODE_Q22,)]


# ---------------------------------------------------------------- several right answers
def _meme_multiensemble(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """A list with the same elements, each as many times, in any order (LECTURES['l_frontiere'])."""
    reponse, juste = obtenu.get("renvoie"), attendu.get("renvoie")
    if type(reponse) is not list or type(juste) is not list or len(reponse) != len(juste):
        return False
    try:
        return sorted(reponse) == sorted(juste)
    except TypeError:
        return False


def _fonction(nom: Any):
    return getattr(othello, nom) if type(nom) is str else nom


def _coup_et_valeur(obtenu: Observation, attendu: Observation) -> tuple[Any, Any] | None:
    reponse, juste = obtenu.get("renvoie"), attendu.get("renvoie")
    if type(reponse) is not tuple or len(reponse) != 2 or not isinstance(juste, tuple):
        return None
    if reponse[1] != juste[1] or type(reponse[1]) is not type(juste[1]):
        return None
    return reponse


def _naive_acceptee(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q16: any playable cell whose board after the move has the best value."""
    p, l, f, j = args
    reponse = _coup_et_valeur(obtenu, attendu)
    if reponse is None:
        return False
    c, v = reponse
    return (c in othello.cases_jouables(p, l, j)
            and _fonction(f)(othello.poser_jeton(p, c, j)) == v)


def _minmax_acceptee(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q17, Q18: any playable cell whose minimax value is the best; when the player must pass, the value
    alone (LECTURES['q18_passe'])."""
    p, l, f, j, n, *tp = args
    reponse = _coup_et_valeur(obtenu, attendu)
    if reponse is None:
        return False
    c, v = reponse
    jouables = othello.cases_jouables(p, l, j)
    if not jouables:
        return bool(tp)
    if c not in jouables:
        return False
    if n == 1:
        return _fonction(f)(othello.poser_jeton(p, c, j)) == v
    suite = (othello.poser_jeton(p, c, j), othello.cases_frontieres(p, l, c), _fonction(f), -j, n - 1)
    valeur = othello.ia_minmax_tp(*suite, False) if tp else othello.ia_minmax(*suite)
    return valeur[1] == v


# ---------------------------------------------------------------- which cases a rule family covers
def _ligne(args: tuple) -> str:
    """Q9: what the line from ``c`` in ``d`` shows: ``voisin`` (no opponent's disc next to c), ``bord`` (the
    opponent's discs run to the edge, or are closed on the edge cell), ``milieu`` (closed inside)."""
    p, c, d, j = args
    h, k = othello.deplacer(c, d)
    if not (0 <= h < 8 and 0 <= k < 8) or p[h][k] != -j:
        return "voisin"
    while 0 <= h < 8 and 0 <= k < 8 and p[h][k] == -j:
        h, k = othello.deplacer((h, k), d)
    suivante = othello.deplacer((h, k), d)
    if not (0 <= h < 8 and 0 <= k < 8) or not (0 <= suivante[0] < 8 and 0 <= suivante[1] < 8):
        return "bord"
    return "milieu"


def _case_lue_hors_du_plateau(args: tuple, obtenu: Observation, attendu: Observation) -> str | None:
    """Q9 (LECTURES['q9_hors_plateau']): the first cell read off the board (the board is the only list of the
    arguments: each read is ``[0, row]`` or ``[0, row, column]``)."""
    lues = obtenu.get(messages.HORS_LIMITES)
    if not lues or type(lues) is not list or type(lues[0]) is not list:
        return None
    indices = lues[0][1:]
    quoi = "une ligne" if len(indices) == 1 else "une case"
    negatif = (" ; en Python, un indice négatif ne donne pas d'erreur : il compte depuis la fin, et la fonction "
               "lit alors une autre partie du plateau, sans le voir") if indices[-1] < 0 else ""
    return (f"la fonction lit p{''.join(f'[{i}]' for i in indices)}, {quoi} hors du plateau (lectures hors du "
            f"plateau sur ce cas : {len(lues)}){negatif}. L'énoncé demande de ne jamais lire hors du plateau : "
            f"vérifiez que la case est sur le plateau (0 <= h < 8 et 0 <= k < 8) avant de la lire")


def _selon_ligne(genre: str):
    return lambda args, attendu: _ligne(args) == genre


def _capture_longue(args: tuple, attendu: Observation) -> bool:
    """Q12: more than one disc turned over."""
    p, c, d = args
    apres = attendu.get("plateau_apres")
    return isinstance(apres, list) and sum(a != b for la, lb in zip(p, apres) for a, b in zip(la, lb)) > 1


def _plusieurs_directions(args: tuple, attendu: Observation) -> bool:
    p, c, j = args
    return len(othello.directions_possibles(p, c, j)) > 1


def _joueur(j: int):
    return lambda args, attendu: args[3] == j


def _profondeur_n(*valeurs: int):
    return lambda args, attendu: args[4] in valeurs


def _etat_tp(args: tuple) -> str:
    p, l, f, j, n, tp = args
    if othello.cases_jouables(p, l, j):
        return "joue"
    return "passe" if othello.cases_jouables(p, l, -j) else "bloques"


def _tp_coherent(args: tuple) -> bool:
    """Q18: ``l`` is the frontier of the board, and ``tp`` is True only when the other player has just passed on
    this board (so cannot play)."""
    p, l, f, j, n, tp = args
    return (_plateau_valide(p) and _frontiere_de(p, l) and type(n) is int and n >= 1
            and not (tp and othello.cases_jouables(p, l, -j)))


def _selon_tp(etat: str):
    return lambda args, attendu: _etat_tp(args) == etat


# ---------------------------------------------------------------- the domains: what the statement answers on
def _plateau_valide(p: Any) -> bool:
    return (type(p) is list and len(p) == 8 and all(type(l) is list and len(l) == 8 for l in p)
            and all(v in (-1, 0, 1) for l in p for v in l))


def _case_valide(c: Any) -> bool:
    return type(c) is tuple and len(c) == 2 and all(type(v) is int and 0 <= v < 8 for v in c)


def _vide(p: list, c: Any) -> bool:
    """``c`` is a cell of the board, and empty (where the key's functions are called: a frontier cell)."""
    return _case_valide(c) and p[c[0]][c[1]] == 0


def _frontiere_de(p: list, l: Any) -> bool:
    """``l`` is the frontier of ``p`` (each empty cell next to a disc, once), as ia_minmax keeps it."""
    return type(l) is list and sorted(l) == sorted(othello.cases_frontieres_de(p))


def _valide_case_vide(args: tuple) -> bool:
    """Q9, Q10: the cell looked from is an empty cell of the board."""
    return _plateau_valide(args[0]) and _vide(args[0], args[1])


def _valide_frontiere(args: tuple) -> bool:
    """Q7, Q11, Q17: ``l`` is the frontier of the board (Q7: ``c`` one of its cells; Q17: the player can play
    at every node down to depth n, the assumption of the question)."""
    p, l = args[0], args[1]
    if not (_plateau_valide(p) and _frontiere_de(p, l)):
        return False
    if len(args) == 3 and type(args[2]) is tuple:  # Q7
        return args[2] in l
    if len(args) == 5:  # Q17
        p, l, f, j, n = args
        return type(n) is int and 1 <= n <= 3 and _toujours_jouable(p, l, j, n)
    return True


def _valide_capture(args: tuple) -> bool:
    """Q12: as poser_jeton calls capturer: the player's disc on ``c``, and ``d`` a possible direction for it."""
    p, c, d = args
    if not (_plateau_valide(p) and _case_valide(c) and d in DIRECTIONS):
        return False
    j = p[c[0]][c[1]]
    return j != 0 and othello.est_direction_possible(p, c, d, j)


def _valide_coup(args: tuple) -> bool:
    """Q14: ``c`` is a playable cell of ``j`` (empty, at least one possible direction)."""
    p, c, j = args
    return _plateau_valide(p) and _vide(p, c) and j in (1, -1) and bool(othello.directions_possibles(p, c, j))


def _valide_naive(args: tuple) -> bool:
    """Q16, « parmi les cases jouables de l pour j, celle dont le plateau après le coup a la meilleure valeur » :
    ``l`` is the playable cells of ``j`` on the board (LECTURES['q16_l_et_ex_aequo']), not empty (the statement
    says nothing when no cell is playable: LECTURES['q16_domaine'])."""
    p, l, f, j = args
    return (_plateau_valide(p) and type(l) is list and bool(l)
            and sorted(l) == sorted(othello.cases_jouables(p, othello.cases_frontieres_de(p), j)))


# ---------------------------------------------------------------- the specs
_INTACT = "plateau reçu non modifié (un nouveau plateau est renvoyé)"
_RECURSIVE = "récursivité (la fonction s'appelle elle-même)"


DOMAINES = {"Q7": _valide_frontiere, "Q9": _valide_case_vide, "Q10": _valide_case_vide, "Q11": _valide_frontiere,
           "Q12": _valide_capture, "Q14": _valide_coup, "Q16": _valide_naive, "Q17": _valide_frontiere,
           "Q18": _tp_coherent}
"""The domain of each question beyond a valid board (``Spec.domaine``: its hidden cases and the smaller cases
tried keep to it)."""


def _code_de_plateau(args: tuple) -> bool:
    """Q20, « le plateau dont le code est e » : ``e`` is the code of a board, an int from 0 to 3^64 - 1."""
    return type(args[0]) is int and 0 <= args[0] < 3 ** 64


def _plateau_si_plateau(args: tuple) -> bool:
    """« Le plateau p est une liste de 8 lignes de 8 entiers » (LECTURES['plateau']): any input whose first
    argument, if a list, is a valid board (the questions without a ``DOMAINES`` entry)."""
    return not args or not isinstance(args[0], list) or _plateau_valide(args[0])


def _spec(question: str, nom: str, parametres: tuple[str, ...], genre: str, cas, regle: str, **autres) -> Spec:
    return Spec(question, nom, parametres, genre, cas, regle, module=MODULE,
                presentation=PRESENTATION if parametres[:1] == ("p",) else "",
                domaine=autres.pop("domaine", DOMAINES.get(question, _plateau_si_plateau)), **autres)


SPECS: dict[str, Spec] = {s.question: s for s in [
    _spec("Q1", "plateau_depart", (), "image", lambda: [()],
          "8 lignes de 8 cases, toutes à 0 sauf -1 en (3, 3) et (4, 4), 1 en (3, 4) et (4, 3)",
          familles=(Famille("les quatre jetons du départ", 2 * _TIERS, cles=("renvoie",)),
                    Famille("lignes distinctes (pas [[0] * 8] * 8, qui répète la même liste)", _TIERS,
                            cles=("lignes_distinctes",), accessoire=True))),
    _spec("Q3", "score", ("p",), "renvoie", _cas_plateaux, "la somme des 64 cases du plateau"),
    _spec("Q4", "cases_voisines", ("x", "y"), "renvoie", _cas_voisines,
          "les cases (x + dx, y + dy) du plateau pour les 8 directions, sans (x, y) ; dans n'importe quel ordre",
          accepter=_meme_multiensemble,
          familles=(Famille("cases du milieu (8 voisines)", 0.5, lambda a, o: 0 < a[0] < 7 and 0 < a[1] < 7),
                    Famille("cases du bord et des coins", 0.5, lambda a, o: not (0 < a[0] < 7 and 0 < a[1] < 7)))),
    _spec("Q5", "cases_libres", ("p", "l"), "renvoie", _cas_libres,
          "les cases de l dont la valeur est 0 sur p", accepter=_meme_multiensemble),
    _spec("Q7", "cases_frontieres", ("p", "l", "c"), "renvoie", _cas_frontieres,
          "l sans c, plus les voisines vides de c qui n'y étaient pas (chacune une fois), sans test in sur la liste "
          "construite et sans modifier l", contraintes=("sans_in_liste", "arguments_intacts"),
          accepter=_meme_multiensemble,
          familles=(Famille("nouvelles cases frontières, sans doublon", 0.75),
                    Famille("l n'est pas modifiée (ia_minmax la réutilise)", 0.25, contrainte="arguments_intacts"))),
    _spec("Q8", "deplacer", ("c", "d"), "renvoie", _cas_deplacer, "la case (c[0] + d[0], c[1] + d[1])"),
    _spec("Q9", "est_direction_possible", ("p", "c", "d", "j"), "hors_limites", _cas_direction,
          "la case suivante dans la direction d porte un jeton de -j, et après ces jetons de -j vient un jeton de "
          "j, sans sortir du plateau ni lire une case hors du plateau", diagnostic=_case_lue_hors_du_plateau,
          libelles={messages.HORS_LIMITES: "cases lues hors du plateau (ligne et colonne)"},
          familles=(Famille("pas de jeton adverse à côté", 0.2, _selon_ligne("voisin"), cles=(messages.RENVOIE,),
                            accessoire=True),
                    Famille("ligne fermée au milieu du plateau", 0.35, _selon_ligne("milieu"),
                            cles=(messages.RENVOIE,)),
                    Famille("ligne qui va jusqu'au bord (capture impossible, ou fermée sur le bord)", 0.25,
                            _selon_ligne("bord"), cles=(messages.RENVOIE,)),
                    Famille("aucune case lue hors du plateau (indices négatifs compris)", 0.2,
                            cles=(messages.HORS_LIMITES,), accessoire=True))),
    _spec("Q10", "directions_possibles", ("p", "c", "j"), "renvoie", _cas_directions,
          "la liste des 8 directions (dx, dy) pour lesquelles est_direction_possible est vrai, dans n'importe "
          "quel ordre", accepter=_meme_multiensemble),
    _spec("Q11", "cases_jouables", ("p", "l", "j"), "renvoie", _cas_jouables,
          "les cases de l où j a au moins une direction possible, dans n'importe quel ordre",
          accepter=_meme_multiensemble),
    _spec("Q12", "capturer", ("p", "c", "d"), "renvoie_et_plateau", _cas_capturer,
          "les jetons adverses depuis c dans la direction d sont retournés, jusqu'au jeton du joueur qui ferme la "
          "ligne ; p est modifié en place",
          familles=(Famille("un seul jeton retourné", 0.5, lambda a, o: not _capture_longue(a, o),
                            ("plateau_apres",)),
                    Famille("plusieurs jetons retournés", 0.5, _capture_longue, ("plateau_apres",)))),
    _spec("Q13", "copier_plateau", ("p",), "copie", _cas_plateaux,
          "une copie égale au plateau, chaque ligne une nouvelle liste (élément par élément, sans deepcopy)",
          contraintes=("sans_deepcopy",),
          familles=(Famille("copie égale au plateau", 0.5, cles=("renvoie",), accessoire=True),
                    Famille("copie indépendante (aucune ligne partagée)", 0.5,
                            cles=("copie_independante",)))),
    _spec("Q14", "poser_jeton", ("p", "c", "j"), "renvoie", _cas_poser,
          "un nouveau plateau : le jeton de j en c et les captures de toutes les directions possibles ; p n'est pas "
          "modifié", contraintes=("arguments_intacts",),
          familles=(Famille("captures dans une direction", 0.35, lambda a, o: not _plusieurs_directions(a, o)),
                    Famille("captures dans plusieurs directions", 0.35, _plusieurs_directions),
                    Famille(_INTACT, 0.3, contrainte="arguments_intacts"))),
    _spec("Q16", "ia_naive", ("p", "l", "f", "j"), "renvoie", _cas_ia_naive,
          "(case, valeur) : parmi les cases jouables de l, une dont le plateau après le coup a la meilleure valeur "
          "f, la plus grande pour j = 1, la plus petite pour j = -1", fonctions=("f",),
          accepter=_naive_acceptee, contraintes=("arguments_intacts",),
          familles=(Famille("J1 (j = 1) : la valeur la plus grande", 0.5, _joueur(1)),
                    Famille("J2 (j = -1) : la valeur la plus petite", 0.5, _joueur(-1)))),
    _spec("Q17", "ia_minmax", ("p", "l", "f", "j", "n"), "renvoie", _cas_ia_minmax,
          "(case, valeur) par minmax à la profondeur n : n = 1, ia_naive ; sinon, pour chaque coup, la valeur que "
          "renvoie ia_minmax pour l'adversaire à la profondeur n - 1 ; la case est celle du joueur, pas une réponse "
          "de l'adversaire", fonctions=("f",), accepter=_minmax_acceptee, contraintes=("recursive",),
          familles=(Famille("profondeur 1", 0.25, _profondeur_n(1)),
                    Famille("profondeur 2", 0.25, _profondeur_n(2)),
                    Famille("profondeur 3", 0.25, _profondeur_n(3)),
                    Famille(_RECURSIVE, 0.25, contrainte="recursive"))),
    _spec("Q18", "ia_minmax_tp", ("p", "l", "f", "j", "n", "tp"), "renvoie", _cas_ia_minmax_tp,
          "comme ia_minmax ; si j ne peut pas jouer : partie finie si tp (±10000 selon le signe du score, 0 si "
          "égalité), sinon l'adversaire joue avec tp = True, à la profondeur n - 1 (ou 1 si n = 1)",
          fonctions=("f",), accepter=_minmax_acceptee, contraintes=("recursive",),
          familles=(Famille("le joueur peut jouer", 0.3, _selon_tp("joue")),
                    Famille("le joueur passe", 0.25, _selon_tp("passe")),
                    Famille("les deux joueurs sont bloqués : partie finie", 0.2, _selon_tp("bloques")),
                    Famille(_RECURSIVE, 0.25, contrainte="recursive"))),
    _spec("Q19", "encode", ("p",), "renvoie", _cas_encode,
          "la somme des (1 + p[i][j]) × 3^(8i + j) sur les 64 cases"),
    _spec("Q20", "decode", ("e",), "image", _cas_decode,
          "le plateau dont la case n = 8i + j vaut le chiffre n de e en base 3, moins 1",
          domaine=_code_de_plateau,
          familles=(Famille("le plateau du code", 0.75, cles=("renvoie",)),
                    Famille("lignes distinctes", 0.25, cles=("lignes_distinctes",), accessoire=True))),
]}


# ---------------------------------------------------------------- the questions without code
def _format_cases(valeur: Any) -> str | None:
    if not (isinstance(valeur, list) and valeur
            and all(type(c) is tuple and len(c) == 2 and all(type(x) is int for x in c) for c in valeur)):
        return "une liste non vide de cases (x, y), par exemple [(0, 0), (7, 7)]"
    return None


def _format_entier(valeur: Any) -> str | None:
    return None if type(valeur) is int else "un entier"


def _format_q21(valeur: Any) -> str | None:
    if not (isinstance(valeur, dict) and set(valeur) == {"code_max", "bits"}
            and all(type(v) is int for v in valeur.values())):
        return "un dictionnaire {\"code_max\": le plus grand code, \"bits\": le nombre de bits pour le stocker}"
    return None


def _cases_q2(nom: str, valeur: list, attendu: list, indice: str) -> Resultat:
    """Q2: a quarter of the points per right cell, a quarter less per wrong one (at least 0)."""
    justes, fausses = set(valeur) & set(attendu), set(valeur) - set(attendu)
    fraction = max(0.0, (len(justes) - len(fausses)) / len(attendu))
    if fraction == 1:
        return Resultat(True, f"{nom} : réponse exacte ({len(attendu)} cases).", 1, 1.0)
    return Resultat(False, f"{nom} : {len(justes)} case(s) juste(s) sur {len(attendu)}, {len(fausses)} en trop ; "
                           f"{fraction:.0%} des points. Rappel : {indice}.", 1, fraction)


def _tours(estimation: dict) -> int:
    """Q15 on its estimates: the most moves ``n`` ahead with ``coups**n`` boards examined, ``secondes`` each, within
    the age of the universe (exact arithmetic: the decimal ``secondes`` as written)."""
    par_plateau, budget = Fraction(repr(estimation["secondes"])), Fraction(othello.BUDGET_S)
    n = 0
    while Fraction(estimation["coups"]) ** (n + 1) * par_plateau < budget:
        n += 1
    return n


REPONSES_ATTENDUES: dict[str, tuple] = {
    # Q2 and Q15 are asked on the student's own data (:mod:`.variantes`): their expected value takes them
    # (called without data: the statement's)
    "Q2_coups": (_format_cases,
                 lambda p=variantes.P_Q2_ENONCE: othello.cases_jouables(p, othello.cases_frontieres_de(p), 1),
                 "J1 (les jetons 1) joue sur une case vide d'où une ligne de jetons -1 est fermée par un jeton 1",
                 _cases_q2),
    "Q6_borne": (_format_entier, lambda: othello.REPONSES["Q6"],
                 "la case jouée quitte la frontière, et l'une de ses 8 voisines au moins est occupée"),
    "Q15_tours": (_format_entier, lambda estimation=variantes.Q15_ENONCE: _tours(estimation),
                  "coups^n × (secondes par plateau) doit rester sous 4 × 10^17 s : passez au logarithme"),
    "Q21_code": (_format_q21, lambda: othello.REPONSES["Q21"],
                 "toutes les cases à 1 donnent le chiffre 2 partout ; avec k bits on code jusqu'à 2^k - 1",
                 reponses_structurees.credit_par_cle("valeurs")),
}


def verifier_reponse(nom: str, valeur: Any) -> Resultat:
    """The hidden test of one structured answer of this subject."""
    return reponses_structurees.verifier_reponse(nom, valeur, REPONSES_ATTENDUES)
