"""How the attractor-game subject is graded: one ``Spec`` per function question, the structured answers.

What these functions are decides how they are judged (``LECTURES`` of the
reference says why, in French):

- lists of positions (``empile``, ``coups``, the successors in ``graphe``,
  ``sommets_12``) are compared as sets: the practical leaves their order free;
  a graph is compared as a graph (same vertices, same successors);
- ``Tuple`` must recurse (Q5): the calls are counted (observation ``appels``); ``est_gagnante`` and
  ``min_max`` (Q13, Q30) must call themselves (constraint ``recursive``);
- ``est_gagnante`` (Q13) stops at the first successor that is not winning: the calls are counted, at most
  as many as positions an answer stopping early examines in the worst order (observation ``appels``);
- ``graphe`` (Q6) takes no position out of its file twice: the calls of ``coups`` are counted, at most
  one per vertex (observation ``appels``, a rule family of its own);
- each question is graded inside its domain (``DOMAINES``: what the statement answers on);
- memoisation (Q15, Q32) is judged by counting calls, never by timing;
- ``attracteurs_it`` (Q21) changes ``di`` in place: the dict after the call is
  judged (observation ``renvoie_et_arguments``), every reading of "one
  iteration" accepted;
- functions that draw at random are called many times (``tirages``): every
  result must be allowed, and every allowed choice must come out; the
  simulated games (``affichage``) are judged on their properties: a legal game
  to its end, won by the announced player when both play optimally.

>>> spec = SPECS["Q3"]
>>> spec.conforme({"renvoie": [[[1, 2]], [[0, 2]]]}, {"renvoie": [[[0, 2]], [[1, 2]]]}, ([[0, 1], [1, 1]],))
True
>>> _partie(["Départ : [[0, 1], [1, 1]]", "Joueur 1 joue : [[1, 2]]"], [[0, 1], [1, 1]])
(1, None)
"""

from __future__ import annotations

import ast
import functools
import random
from typing import Any, Callable

from awale_ref.grading.correcteur import reponses_structurees
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.grading.eleve.specs import Famille, Observation, Spec
from awale_ref.sujets.attracteurs import tablettes as t, variantes

MODULE = "awale_ref.sujets.attracteurs.tablettes"
_INTACTS = "arguments non modifiés"
JEUX = ((1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 1))
"""(C, N) of the small games every graph question runs on (at most 92 positions)."""
JEUX_MOYENS = ((2, 4), (3, 3), (4, 2))
"""Larger games (133 to 728 positions): a function that recomputes what it knows is seen by its calls."""


# ---------------------------------------------------------------- inputs
@functools.lru_cache(maxsize=None)
def _graphe(C: int, N: int) -> dict:
    return t.graphe(C, N)


def graphe_de(C: int, N: int) -> dict:
    """A fresh copy of the reference graph of (C, N) (the cached one is never handed out)."""
    return {x: [[list(p) for p in s] for s in succ] for x, succ in _graphe(C, N).items()}


def _positions(jeux: tuple = JEUX + ((3, 3),), pas: int = 1) -> list[list]:
    """Positions (lists of piles) of the reference graphs, each once."""
    vues: dict = {}
    for C, N in jeux:
        for cle in list(_graphe(C, N))[::pas]:
            vues.setdefault(cle, [list(p) for p in cle])
    return list(vues.values())


def _grand(n: int) -> int:
    """A new int object equal to ``n``: CPython shares one object per small int (-5..256) only, so a
    function comparing numbers with ``is`` instead of ``==`` fails on two equal large ones."""
    return int(str(n))


def _cas_empile() -> list[tuple]:
    res = []
    for x in _positions(JEUX + ((3, 3),), 9):
        for i in range(len(x)):
            for j in range(i + 1, len(x)):
                res.append((x, i, j))
    # colours and heights past 256 (C = 1001, or N = 300): equal values, distinct objects
    res += [([[_grand(1000), 1], [_grand(1000), 2]], 0, 1), ([[0, _grand(300)], [1, _grand(300)]], 0, 1)]
    return res


def _cas_positions() -> list[tuple]:
    return [(x,) for x in _positions(JEUX + ((3, 3), (4, 2)), 2)] + [([[0, 1]],), ([[2, 5], [3, 7]],)]


def _cas_init() -> list[tuple]:
    return [(C, N) for C in range(1, 6) for N in range(1, 6)]


def _cas_tuple() -> list[tuple]:
    # lists of lists at any depth, each list holding lists only or numbers only (the domain, ``_d_tuple``)
    res: list[tuple] = [([],), ([[]],), ([0, 1],), ([[0, 1]],), ([[[1, 2], [3]], [4]],), ([[], [[]], [[[5]]]],),
                        ([[[[[4]]], [[3, 2]]]],)]
    res += [(x,) for x in _positions(JEUX, 4)]
    res += [([[list(p) for p in s] for s in succ],) for succ in list(_graphe(2, 2).values())[:6]]
    return res


def _cas_graphe() -> list[tuple]:
    # up to 133 positions (C = 2, N = 4): a search that puts positions back in the file takes out 7,205 there
    # (282,133 for C = N = 3, past a call's time limit once its calls are counted)
    return list(JEUX) + [(2, 4)]


def _cas_graphes(jeux: tuple = JEUX) -> Callable[[], list[tuple]]:
    return lambda: [(graphe_de(C, N),) for C, N in jeux]


def _cas_sommets() -> list[tuple]:
    return [(graphe_de(C, N), C, N) for C, N in JEUX + ((3, 3),)]


def _cas_est_gagnante() -> list[tuple]:
    res = []
    for C, N in ((1, 3), (2, 2), (2, 3), (3, 2)):
        G = graphe_de(C, N)
        for k, x in enumerate(list(G)[::1 if len(G) < 50 else 3]):
            res.append((G, list(x) if k % 2 == 0 else [list(p) for p in x]))  # a tuple, or a list
    return res


def _S(G: dict, C: int, N: int, joueur: int) -> tuple:
    return t.sommets_12(G, C, N)[joueur - 1]


def niveaux(G: dict, d: dict, Si: tuple) -> list[dict]:
    """The attractor ``d`` step by exact step (each step from the previous one alone), by the reference's
    conditions, to its fixpoint (``analyse.niveaux`` computes the same steps apart from the reference)."""
    etapes = [dict(d)]
    while True:
        avant = etapes[-1]
        suivant = dict(avant)
        for x in G:
            if not avant[x] and (t.cond_1(G, avant, x) if x in Si else t.cond_2(G, avant, x)):
                suivant[x] = True
        if suivant == avant:
            return etapes
        etapes.append(suivant)


def _cas_attracteurs_dicos() -> list[tuple]:
    """(G, di, Si) with di a level of the attractor of J1 or J2 (its start, each step, its fixpoint)."""
    res = []
    for C, N in ((1, 2), (1, 4), (2, 1), (2, 2), (2, 3), (3, 2)):
        G = graphe_de(C, N)
        S1, S2 = t.sommets_12(G, C, N)
        d1, d2 = t.init_attracteurs(G, S1)
        for d, Si in ((d1, S1), (d2, S2)):
            for niveau in niveaux(G, d, Si):
                res.append((G, niveau, Si))
    return res


def _cas_init_attracteurs() -> list[tuple]:
    return [(graphe_de(C, N), _S(_graphe(C, N), C, N, 1)) for C, N in JEUX + ((3, 3),)]


def _voisinage(G: dict, d: dict, x: tuple) -> tuple[dict, dict]:
    """The part of ``G`` and of ``d`` that a function looking at ``x`` and its successors reads (small
    inputs: a case is copied for each call)."""
    cles = [x] + [t.Tuple(s) for s in G[x]]
    return ({c: [[list(p) for p in s] for s in G[c]] for c in cles}, {c: d[c] for c in cles})


def _cas_cond() -> list[tuple]:
    res = []
    for k, (G, di, Si) in enumerate(_cas_attracteurs_dicos()):
        for x in list(G)[k % 3::3]:
            sous_G, sous_d = _voisinage(G, di, x)
            res.append((sous_G, sous_d, list(x)))
    return res


def _cas_jeux_graphes() -> list[tuple]:
    return [(graphe_de(C, N), C, N) for C, N in JEUX + ((3, 3),)]


def _cas_strategie_opt() -> list[tuple]:
    res = []
    for C, N in ((1, 3), (2, 2), (2, 3), (3, 2)):
        G = graphe_de(C, N)
        dg = t.dico_gagnant_opt(G)
        for x in list(G)[::1 if len(G) < 50 else 4]:
            res.append((*_voisinage(G, dg, x), [list(p) for p in x]))
    return res


def _cas_strategies_opt() -> list[tuple]:
    res = []
    for C, N in ((1, 3), (1, 4), (2, 1), (2, 2), (2, 3), (3, 1)):
        G = graphe_de(C, N)
        res.append((G, t.dico_gagnant_opt(G)))
    return res


def _cas_jeu() -> list[tuple]:
    return list(JEUX) + [(3, 3), (4, 2)]


def _cas_h() -> list[tuple]:
    return [(x, b) for (x,) in _cas_positions()[::2] for b in (True, False)]


def _cas_min_max() -> list[tuple]:
    res = []
    for k, x in enumerate(_positions(((2, 2), (2, 3), (3, 2), (1, 4)), 1)):
        for p in (0, 1, 2, 3, len(x)):
            res.append((x, p, k % 2 == 0))
    return res


def _cas_min_max_opt() -> list[tuple]:
    res = _cas_min_max()[::3]
    for C, N in ((2, 3), (3, 2), (2, 4), (3, 3)):
        x0 = t.init(C, N)
        res += [(x0, C * N, True), (x0, 4, False)]
    return res


def _cas_choix() -> list[tuple]:
    rng = random.Random(33)
    res: list[tuple] = [([5],), ([1, 3, 3],), ([-1, 0, 1],), ([1, 1, 1, 1],), ([0, -1, 0, 1, 1],),
                        ([300, _grand(1000), _grand(1000)],)]
    for _ in range(60):
        n = rng.randint(1, 8)
        L = [rng.choice([-1, 0, 1, rng.randint(-5, 5)]) for _ in range(n)]
        if L.count(max(L)) <= 5:
            res.append((L,))
    return res


def _cas_strategie_h() -> list[tuple]:
    res = []
    for x in _positions(((1, 3), (2, 2), (2, 3), (3, 2)), 5):
        # to the end of the game (p = len(x)) up to five piles: on six, 100 draws of a search to the end cost
        # a third of the question's time for no mutant more killed (benchmarks/resultats/mutation_attracteurs.md)
        for p in sorted({0, 1, 2, len(x) if len(x) <= 5 else 2}):  # each case once (len(x) may be 1 or 2)
            res.append((x, p))
    # depth 3 on four piles (C = 3, N = 2): the successors valued at depth 2 and at depth 1 give other best moves
    res += [([[0, 3], [1, 1], [2, 1], [2, 1]], 3), ([[0, 1], [0, 1], [1, 1], [2, 3]], 3)]
    return res


def _cas_jeu_h() -> list[tuple]:
    return [(C, N, p) for C, N in ((1, 3), (2, 2), (2, 3), (3, 2), (3, 1)) for p in (0, 1, 2, C * N)]


# ---------------------------------------------------------------- comparisons
def _cle(valeur: Any) -> str:
    return repr(valeur)


def _comme_ensemble(obtenu: Any, attendu: list) -> bool:
    """``obtenu`` is a list holding the positions of ``attendu``, in any order, each once."""
    return (type(obtenu) is list and len(obtenu) == len(attendu)
            and sorted(map(_cle, obtenu)) == sorted(map(_cle, attendu)))


def _liste_libre(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    return set(obtenu) == set(attendu) == {"renvoie"} and _comme_ensemble(obtenu["renvoie"], attendu["renvoie"])


def meme_graphe(obtenu: Any, attendu: dict) -> bool:
    """The same graph: the same vertices, and for each one the same successors in any order, each once."""
    return (type(obtenu) is dict and set(obtenu) == set(attendu)
            and all(_comme_ensemble(obtenu[x], attendu[x]) for x in attendu))


def _graphe_accepte(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q6: the same graph (``renvoie``); and (``appels``) no position taken out of the file twice
    (LECTURES['graphe']): ``coups`` is called on each position the search takes out of the file, so at most
    once per vertex of the graph."""
    if "renvoie" in attendu and not meme_graphe(obtenu.get("renvoie"), attendu["renvoie"]):
        return False
    if "appels" not in attendu:
        return True
    appels = obtenu.get("appels")
    return type(appels) is dict and appels.get("coups", 0) <= len(_graphe(*args))


def _sorties_permises(args: tuple) -> str:
    """Q6: what the statement allows of the calls (``_graphe_accepte``): coups once per position of the graph."""
    return f"coups appelée au plus {len(_graphe(*args))} fois, une fois par position du graphe"


def _sorties_de_file(args: tuple, obtenu: Observation, attendu: Observation) -> str | None:
    """Q6: how many positions the search took out of the file (``coups`` called), against the vertices."""
    appels = obtenu.get("appels")
    if type(appels) is dict and appels.get("coups", 0) > len(_graphe(*args)):
        return (f"{appels['coups']} positions sont sorties de la file (coups appelée {appels['coups']} fois) pour "
                f"{len(_graphe(*args))} positions dans le graphe : une position déjà passée par la file ne doit pas "
                f"y être remise")
    return None


def _sommets_acceptes(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    v = obtenu.get("renvoie")
    return (type(v) is tuple and len(v) == 2 and all(type(s) is tuple for s in v)
            and all(sorted(map(_cle, s)) == sorted(map(_cle, a)) for s, a in zip(v, attendu["renvoie"])))


def _condition(G: dict, di: dict, Si: tuple, x: tuple) -> bool:
    return t.cond_1(G, di, x) if x in Si else t.cond_2(G, di, x)


def _iteration_acceptee(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q21 (LECTURES['une_iteration']): di after the call holds one exact step, keeps what it had, and every
    position added meets its condition; the value is True exactly when di changed."""
    G, di, Si = args
    if "renvoie" in attendu and obtenu.get("renvoie") != attendu["renvoie"]:
        return False
    if "arguments_apres" not in attendu:
        return "renvoie" in attendu
    apres = obtenu.get("arguments_apres")
    if type(apres) is not list or len(apres) != 3 or apres[0] != G or apres[2] != Si:
        return False
    d = apres[1]
    if type(d) is not dict or set(d) != set(di) or any(type(v) is not bool for v in d.values()):
        return False
    etape = niveaux(G, di, Si)[1:2] or [di]
    return all((not di[x] or d[x]) and (not etape[0][x] or d[x]) and (not d[x] or di[x] or _condition(G, d, Si, x))
               for x in G)


def _diagnostic_en_place(args: tuple, obtenu: Observation, attendu: Observation) -> str | None:
    """Q21, Q22: di left as it was while positions had to enter it (a new dict built, or ``di = ...``)."""
    apres = obtenu.get("arguments_apres")
    if (type(apres) is list and len(apres) == 3 and apres[1] == args[1]
            and attendu["arguments_apres"][1] != args[1]):
        return ("di n'a pas changé : la fonction doit modifier le dictionnaire reçu (di[x] = True), pas en "
                "construire un autre ni réaffecter le nom di")
    return None


def _choix_permis(args: tuple) -> list:
    """Every result a function drawing at random may give on ``args`` (by the question's reference)."""
    nom = len(args)
    if nom == 1:  # choix_ind_max(L)
        (L,) = args
        return [i for i, v in enumerate(L) if v == max(L)]
    if nom == 3:  # strategie_opt(G, dg, x)
        G, dg, x = args
        succ = G[t.Tuple(x)]
        if not succ:
            return [[]]
        bons = [s for s in succ if not dg[t.Tuple(s)]]
        return bons or succ
    x, p = args  # strategie_h(x, p)
    Lc = t.coups(x)
    if not Lc:
        return [[]]
    if p == 0:
        return Lc
    valeurs = [t.min_max(c, p - 1, False) for c in Lc]
    return [c for c, v in zip(Lc, valeurs) if v == max(valeurs)]


def assez_de_tirages(nombre: Any, permis: int) -> bool:
    """Every allowed choice came out, when there are at most 5 of them; at least two otherwise (100 honest
    draws miss one of 5 with probability 5·0.8^100 < 10⁻⁹)."""
    return type(nombre) is int and (nombre == permis if permis <= 5 else nombre >= 2)


def _tirages_acceptes(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    permis = _choix_permis(args)
    if "issues" in attendu:
        issues = obtenu.get("issues")
        if type(issues) is not list or not issues:
            return False
        cles = {_cle(c) for c in permis}
        if any(_cle(i) not in cles for i in issues):
            return False
    if "nombre_issues" in attendu:
        return assez_de_tirages(obtenu.get("nombre_issues"), len({_cle(c) for c in permis}))
    return True


def _strategies_acceptees(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    G, dg = args
    issues = obtenu.get("issues")
    if type(issues) is not list or not issues:
        return False
    permis = {x: {_cle(c) for c in _choix_permis((G, dg, list(x)))} for x in G}
    return all(type(d) is dict and set(d) == set(G) and all(_cle(d[x]) in permis[x] for x in G) for d in issues)


# ---------------------------------------------------------------- the simulated games, read from their lines
def _partie(lignes: Any, x0: list) -> tuple[int | None, str | None]:
    """The winner (1 or 2) of the game printed in ``lignes`` from ``x0``, or ``None`` and what is wrong.

    A position is the list written after the last « : » of a line (LECTURES['affichage']); a final ``[]``
    (the practical's way of ending) is dropped."""
    if type(lignes) is not list:
        return None, "rien n'est affiché"
    parties = []
    for ligne in lignes:
        if type(ligne) is not str or "[" not in ligne:
            continue
        texte = ligne[ligne.index("["):]
        try:
            parties.append(ast.literal_eval(texte))
        except (ValueError, SyntaxError):
            return None, f"la ligne {ligne!r} ne se lit pas comme une position"
    if parties and parties[-1] == []:
        parties.pop()
    if not parties or parties[0] != x0:
        return None, f"la partie doit commencer par init(C, N) = {x0}"
    for avant, apres in zip(parties, parties[1:]):
        if not isinstance(apres, list) or apres not in t.coups(avant):
            return None, f"{apres} ne suit pas {avant} par un coup permis"
    if t.coups(parties[-1]):
        return None, f"la partie s'arrête sur {parties[-1]}, où l'on peut encore jouer"
    coups_joues = len(parties) - 1
    return (1 if coups_joues % 2 == 1 else 2), None


def _annonce(lignes: list) -> int | None:
    for ligne in lignes:
        if type(ligne) is str:
            bas = ligne.lower()
            if "joueur 1" in bas or "j1" in bas:
                return 1
            if "joueur 2" in bas or "j2" in bas:
                return 2
    return None


@functools.lru_cache(maxsize=None)
def _gagnant_theorique(C: int, N: int) -> int:
    """Who wins (C, N) from the start when both play optimally (asked for every case of Q27 and Q35, for each
    student: computed once per process)."""
    return 1 if t.dico_gagnant_opt(_graphe(C, N))[t.Tuple(t.init(C, N))] else 2


def _jeu_accepte(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    C, N = args[0], args[1]
    lignes = obtenu.get("affiche")
    gagnant, faute = _partie(lignes, t.init(C, N))
    if faute:
        return False
    if len(args) == 2:  # jeu: the announcement, and the announced player wins
        return _annonce(lignes) == gagnant == _gagnant_theorique(C, N)
    p = args[2]  # jeu_h: deep enough, min_max is exact and the winning player wins
    return p < C * N or gagnant == _gagnant_theorique(C, N)


def _diagnostic_jeu(args: tuple, obtenu: Observation, attendu: Observation) -> str | None:
    lignes = obtenu.get("affiche")
    gagnant, faute = _partie(lignes, t.init(args[0], args[1]))
    if faute:
        return faute
    attendu_gagnant = _gagnant_theorique(args[0], args[1])
    if len(args) == 2 and _annonce(lignes) != attendu_gagnant:
        return f"la première ligne doit annoncer le joueur {attendu_gagnant}, qui a une position gagnante"
    return f"avec deux joueurs optimaux, le joueur {attendu_gagnant} doit gagner ; ici c'est le joueur {gagnant}"


# ---------------------------------------------------------------- memoisation and recursion, by calls
def _taille(G: dict) -> int:
    return len(G) + 2 * sum(len(s) for s in G.values()) + 1


def _memo_permis(args: tuple) -> str:
    """Q15: what the statement allows of the calls (:func:`_memo_graphe`)."""
    G = args[0]
    return (f"chaque fonction, Tuple mise à part, appelée au plus {_taille(G)} fois ({len(G)} sommets, deux fois "
            f"{sum(len(s) for s in G.values())} arêtes, et l'appel lui-même)")


def _memo_graphe(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q15 (LECTURES['memo']): no function called more often than the graph has vertices and twice its edges."""
    if "renvoie" in attendu and obtenu.get("renvoie") != attendu["renvoie"]:
        return False
    if "appels" not in attendu:
        return True
    appels = obtenu.get("appels")
    return type(appels) is dict and all(n <= _taille(args[0]) for nom, n in appels.items() if nom != "Tuple")


@functools.lru_cache(maxsize=None)
def _atteint(x: tuple, p: int) -> tuple[int, int]:
    """The distinct positions within ``p`` moves of ``x`` (a ``Tuple``), and the moves played from those
    within ``p - 1`` (each position expanded once)."""
    niveau, vues, aretes = {x: [list(pile) for pile in x]}, {x}, 0
    for _ in range(p):
        suivant = {}
        for y in niveau.values():
            for c in t.coups(y):
                aretes += 1
                if t.Tuple(c) not in vues:
                    vues.add(t.Tuple(c))
                    suivant[t.Tuple(c)] = c
        niveau = suivant
    return len(vues), aretes


def _memo_min_max(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q32 (LECTURES['memo_min_max']): coups called at most twice per distinct position (once to expand it,
    once through h at a leaf), and no function (a copy of coups or h of the student's own, a recursive helper)
    more often than twice the positions and moves met (each position expanded once, each move looked at once;
    ``Tuple`` and ``empile`` apart: :data:`_PAR_PAIRE`)."""
    if "renvoie" in attendu and obtenu.get("renvoie") != attendu["renvoie"]:
        return False
    if "appels" not in attendu:
        return True
    appels = obtenu.get("appels")
    if type(appels) is not dict:
        return False
    coups_au_plus, autres_au_plus = _bornes_min_max(args)
    return (appels.get("coups", 0) <= coups_au_plus
            and all(n <= autres_au_plus for nom, n in appels.items() if nom not in _PAR_PAIRE))


def _bornes_min_max(args: tuple) -> tuple[int, int]:
    """Q32: the most calls of ``coups``, and of any other function (``Tuple`` and ``empile`` apart), of a
    memoised search from ``args`` (:func:`_memo_min_max`)."""
    sommets, aretes = _atteint(t.Tuple(args[0]), args[1])
    return 2 * sommets + 1, 2 * (sommets + aretes) + 1


def _min_max_permis(args: tuple) -> str:
    """Q32: what the statement allows of the calls (:func:`_memo_min_max`)."""
    coups_au_plus, autres_au_plus = _bornes_min_max(args)
    return (f"coups appelée au plus {coups_au_plus} fois, toute autre fonction ({' et '.join(_PAR_PAIRE)} mises à "
            f"part) au plus {autres_au_plus} fois (chaque position rencontrée évaluée une fois)")


_PAR_PAIRE = ("Tuple", "empile")
"""Functions of the practical called by ``coups`` (or ``h``) for each pile or each pair of piles of a position:
counted through ``coups``, bounded above, not on their own."""


def _imbriquee(args: tuple, attendu: Observation) -> bool:
    return any(type(e) is list for e in args[0])


def _recursive(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q5: on a list holding lists, Tuple calls itself (its calls counted while it runs)."""
    if "renvoie" in attendu and obtenu.get("renvoie") != attendu["renvoie"]:
        return False
    if "appels" not in attendu:
        return True
    appels = obtenu.get("appels")
    return type(appels) is dict and appels.get("Tuple", 0) >= 2


def _recursion_permise(args: tuple) -> str:
    """Q5: what the statement asks of the calls (:func:`_recursive`, on a list holding lists)."""
    if _imbriquee(args, {}):
        return "Tuple appelée au moins 2 fois : elle s'appelle elle-même sur les listes qu'elle contient"
    return "libres (la liste ne contient pas de liste)"


def _sans_successeur(args: tuple, attendu: Observation) -> bool:
    G, x = args[0], args[-1]
    return len(G[t.Tuple(x)]) == 0


def _cle_de_position(x: Any) -> tuple:
    """A position (list or tuple of piles) as a key of the graph: a tuple of tuples."""
    return tuple(tuple(p) for p in x)


def _examens(G: dict, x: Any) -> tuple[int, int]:
    """Q13 (LECTURES['arret']): how many positions ``est_gagnante(G, x)`` examines (itself and every call below
    it) when it stops at the first successor that is not winning, whatever the order it reads the successors
    in (the most: a winning position's winning successors first), and when it examines every successor.

    The statement's rule, computed here on ``G`` alone (the acceptance goes into the students' environment,
    which holds no reference): no successor, lost; winning when some successor is not."""
    connus: dict = {}

    def examens(cle: tuple) -> tuple[bool, int, int]:
        if cle not in connus:
            fils = [examens(_cle_de_position(s)) for s in G[cle]]
            gagnante = any(not g for g, _, _ in fils)
            tous = 1 + sum(f for _, _, f in fils)
            if gagnante:
                au_plus = 1 + sum(m for g, m, _ in fils if g) + max(m for g, m, _ in fils if not g)
            else:
                au_plus = tous
            connus[cle] = (gagnante, au_plus, tous)
        return connus[cle]

    _, au_plus, tous = examens(_cle_de_position(x))
    return au_plus, tous


def _moins_appelee(appels: dict) -> int | None:
    """Q13: the fewest calls of a function called more than once (``Tuple`` and ``empile`` apart: called per
    pile or per pair of piles), ``None`` when none is: the recursion is one of them, so an answer that stops
    early has one called at most as often as positions it examined."""
    repetees = [n for nom, n in appels.items() if n >= 2 and nom not in _PAR_PAIRE]
    return min(repetees) if repetees else None


def _arret_au_premier(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q13 (LECTURES['arret']): the same value (``renvoie``); and (``appels``) no more positions examined than
    an answer that stops at the first successor that is not winning, in the worst order of the successors."""
    if "renvoie" in attendu and obtenu.get("renvoie") != attendu["renvoie"]:
        return False
    appels = obtenu.get("appels")
    return "appels" not in attendu or (type(appels) is dict and _examine_au_plus(appels, args))


def _arret_permis(args: tuple) -> str:
    """Q13: what the statement allows of the calls (:func:`_examine_au_plus`)."""
    return (f"au plus {_examens(args[0], args[1])[0]} positions examinées (appels de la fonction récursive), en "
            f"s'arrêtant au premier successeur non gagnant")


def _examine_au_plus(appels: dict, args: tuple) -> bool:
    """Q13: the calls of a function that stops at the first successor that is not winning."""
    vus = _moins_appelee(appels)
    return vus is None or vus <= _examens(args[0], args[1])[0]


def _examen_complet_se_voit(args: tuple, attendu: Observation) -> bool:
    """Q13: the cases where an answer that examines every successor makes more calls than any answer that stops
    early (one more call at least: a helper called once per position but the first is counted too)."""
    au_plus, tous = _examens(args[0], args[1])
    return tous >= au_plus + 2


def _successeurs_en_trop(args: tuple, obtenu: Observation, attendu: Observation) -> str | None:
    """Q13: how many positions the answer examined, against the most an answer that stops early examines."""
    appels = obtenu.get("appels")
    vus = _moins_appelee(appels) if type(appels) is dict else None
    au_plus = _examens(args[0], args[1])[0]
    if vus is not None and vus > au_plus:
        return (f"{vus} positions examinées (appels comptés) là où {au_plus} au plus suffisent : l'énoncé demande "
                f"de s'arrêter dès qu'un successeur non gagnant est trouvé, sans examiner les suivants")
    return None


def _non(selection: Callable[[tuple, Observation], bool]) -> Callable[[tuple, Observation], bool]:
    return lambda args, attendu: not selection(args, attendu)


def _gagne_j1(args: tuple, attendu: Observation) -> bool:
    return _gagnant_theorique(args[0], args[1]) == 1


def _finale(args: tuple, attendu: Observation) -> bool:
    return not t.coups(args[0])


def _profondeur_0_ou_finale(args: tuple, attendu: Observation) -> bool:
    return args[1] == 0 or not t.coups(args[0])


def _assez_profond(args: tuple, attendu: Observation) -> bool:
    return args[2] >= args[0] * args[1]


def _meme_couleur(args: tuple, attendu: Observation) -> bool:
    x, i, j = args
    return x[i][0] == x[j][0]


def _meme_hauteur_seule(args: tuple, attendu: Observation) -> bool:
    x, i, j = args
    return x[i][0] != x[j][0] and x[i][1] == x[j][1]


def _rien_de_commun(args: tuple, attendu: Observation) -> bool:
    x, i, j = args
    return x[i][0] != x[j][0] and x[i][1] != x[j][1]


def _petit(args: tuple, attendu: Observation) -> bool:
    return args[0] * args[1] <= 4



# ---------------------------------------------------------------- the domains: what the statement answers on
def _piles(x: Any) -> bool:
    """« une position est la liste triée des piles [couleur, hauteur] » (a tuple of piles too: a key of the
    graph): piles of two ints, a colour from 0 and a height from 1."""
    return (isinstance(x, (list, tuple))
            and all(isinstance(p, (list, tuple)) and len(p) == 2 and all(type(v) is int for v in p)
                    and p[0] >= 0 and p[1] >= 1 for p in x))


def _d_position(args: tuple) -> bool:
    """Q3, Q29 « coups(x) », « h(x, bool) » : x is a position (and bool a bool)."""
    return _piles(args[0]) and all(type(b) is bool for b in args[1:])


def _d_empile(args: tuple) -> bool:
    """Q2 « x est une position, i < j les indices de deux de ses piles »."""
    x, i, j = args
    return _piles(x) and type(i) is int and type(j) is int and 0 <= i < j < len(x)


def _d_jeu(args: tuple) -> bool:
    """Q4, Q6, Q27, Q35 « C couleurs, N tablettes par couleur » (and Q35's depth p, « p coups en avance »):
    C, N at least 1, p at least 0."""
    C, N, *p = args
    return type(C) is int and type(N) is int and C >= 1 and N >= 1 and all(type(v) is int and v >= 0 for v in p)


def _liste_de_listes(L: Any) -> bool:
    """« une liste de listes, à toute profondeur » : every element of a list is a list, or none is (a pile of
    numbers); the same at every depth."""
    if type(L) is not list:
        return True
    listes = [type(e) is list for e in L]
    return (all(listes) or not any(listes)) and all(_liste_de_listes(e) for e in L)


def _d_tuple(args: tuple) -> bool:
    """Q5 « Tuple(L) qui transforme une liste de listes, à toute profondeur, en tuple de tuples » (its example
    a position): a list whose lists hold either lists only or numbers only, at every depth
    (LECTURES['tuple'])."""
    return type(args[0]) is list and _liste_de_listes(args[0])


def _est_graphe(G: Any) -> bool:
    """« le graphe du jeu : un dictionnaire dont chaque clé est Tuple(x) … et la valeur coups(x) »: each key a
    position (a tuple), each successor a position of the graph."""
    return (type(G) is dict and all(type(x) is tuple and _piles(x) for x in G)
            and all(type(s) is list and all(_piles(c) and t.Tuple(list(map(list, c))) in G for c in s)
                    for s in G.values()))


def _d_graphe(args: tuple) -> bool:
    """Q14, Q15 « le dictionnaire {position: …} pour toutes les positions du graphe G »: G a graph of the game."""
    return _est_graphe(args[0])


def _d_graphe_du_jeu(args: tuple) -> bool:
    """Q9, Q23, Q24 « G le graphe de (C, N) »: G is the graph of the game (C, N)."""
    G, C, N = args
    return _d_jeu((C, N)) and _est_graphe(G) and set(G) == set(_graphe(C, N))


def _d_position_du_graphe(args: tuple) -> bool:
    """Q13 « la position x (une liste ou un tuple) » of the graph G."""
    G, x = args
    return _est_graphe(G) and _piles(x) and t.Tuple([list(p) for p in x]) in G


def _d_init_attracteurs(args: tuple) -> bool:
    """Q18 « init_attracteurs(G, S1) », S1 the positions of G where J1 plays (Q9)."""
    G, S1 = args
    return _est_graphe(G) and type(S1) is tuple and all(x in G for x in S1)


def _d_cond(args: tuple) -> bool:
    """Q19, Q20, Q25 « x » a position of G, and « di » (or « dg ») a dictionary over x and its successors."""
    G, d, x = args
    cle = t.Tuple([list(p) for p in x]) if _piles(x) else None
    return (type(G) is dict and cle in G and type(d) is dict
            and all(t.Tuple([list(p) for p in c]) in d for c in G[cle]) and cle in d)


def _d_attracteurs(args: tuple) -> bool:
    """Q21, Q22 « di » a dictionary over every position of G, « Si » the positions of G of the player i."""
    G, di, Si = args
    return _est_graphe(G) and type(di) is dict and set(di) == set(G) and all(x in G for x in Si)


def _d_strategies(args: tuple) -> bool:
    """Q26 « dg : le dictionnaire des positions gagnantes » of G."""
    G, dg = args
    return _est_graphe(G) and type(dg) is dict and set(dg) == set(G)


def _d_min_max(args: tuple) -> bool:
    """Q30, Q32, Q34 « à la profondeur p » from the position x (p from 0; bool a bool)."""
    x, p, *b = args
    return _piles(x) and type(p) is int and p >= 0 and all(type(v) is bool for v in b)


def _d_choix(args: tuple) -> bool:
    """Q33 « la liste L (non vide) »: a non-empty list of numbers."""
    (L,) = args
    return type(L) is list and bool(L) and all(type(v) in (int, float) for v in L)


DOMAINES: dict[str, Callable[[tuple], bool]] = {
    "Q2": _d_empile, "Q3": _d_position, "Q4": _d_jeu, "Q5": _d_tuple, "Q6": _d_jeu, "Q9": _d_graphe_du_jeu,
    "Q13": _d_position_du_graphe, "Q14": _d_graphe, "Q15": _d_graphe, "Q18": _d_init_attracteurs,
    "Q19": _d_cond, "Q20": _d_cond, "Q21": _d_attracteurs, "Q22": _d_attracteurs, "Q23": _d_graphe_du_jeu,
    "Q24": _d_graphe_du_jeu, "Q25": _d_cond, "Q26": _d_strategies, "Q27": _d_jeu, "Q29": _d_position,
    "Q30": _d_min_max, "Q32": _d_min_max, "Q33": _d_choix, "Q34": _d_min_max, "Q35": _d_jeu}
"""The domain of each question (``Spec.domaine``): every hidden case lies in it (``tests/test_domaines.py``)."""


# ---------------------------------------------------------------- the specs
def _s(question: str, nom: str, parametres: tuple, genre: str, cas: Callable, regle: str, **kw: Any) -> Spec:
    return Spec(question, nom, parametres, genre, cas, regle, module=MODULE, domaine=DOMAINES[question], **kw)


_RECURSIVE = "récursive : la fonction s'appelle elle-même"
_R_TIRAGES = "chaque résultat doit être permis, et chaque choix permis doit pouvoir sortir (tirage au hasard)"
SPECS: dict[str, Spec] = {s.question: s for s in [
    _s("Q2", "empile", ("x", "i", "j"), "renvoie", _cas_empile,
       "même couleur : une position ; couleurs différentes et même hauteur : deux positions (chaque pile peut "
       "aller dessus) ; sinon [] ; chaque position est triée, l'ordre des positions est libre",
       contraintes=("arguments_intacts",), accepter=_liste_libre,
       familles=(Famille("même couleur : une position", 0.3, _meme_couleur),
                 Famille("couleurs différentes, même hauteur : deux positions", 0.3, _meme_hauteur_seule),
                 Famille("ni même couleur ni même hauteur : []", 0.2, _rien_de_commun, accessoire=True),
                 Famille(_INTACTS, 0.2, contrainte="arguments_intacts"))),
    _s("Q3", "coups", ("x",), "renvoie", _cas_positions,
       "toutes les positions atteignables en un coup, chacune triée et une seule fois (ordre libre)",
       contraintes=("arguments_intacts",), accepter=_liste_libre,
       familles=(Famille("les positions atteignables, chacune une fois", 0.8),
                 Famille(_INTACTS, 0.2, contrainte="arguments_intacts"))),
    _s("Q4", "init", ("C", "N"), "renvoie", _cas_init,
       "N piles [c, 1] de chaque couleur c de 0 à C-1, la liste triée"),
    _s("Q5", "Tuple", ("L",), "appels", _cas_tuple,
       "chaque liste, à toute profondeur, devient un tuple ; la fonction est récursive", accepter=_recursive,
       appels_permis=_recursion_permise,
       familles=(Famille("listes imbriquées devenues tuples", 0.75, cles=("renvoie",)),
                 Famille("récursive : Tuple s'appelle sur les listes qu'elle contient", 0.25, _imbriquee,
                         cles=("appels",), accessoire=True))),
    _s("Q6", "graphe", ("C", "N"), "appels", _cas_graphe,
       "clés : les Tuple de toutes les positions atteignables depuis init(C, N) ; valeurs : coups(position) "
       "(l'ordre des successeurs est libre) ; une position déjà passée par la file n'y est pas remise",
       accepter=_graphe_accepte, diagnostic=_sorties_de_file, appels_permis=_sorties_permises,
       familles=(Famille("petits jeux (C·N ≤ 4)", 0.4, _petit, cles=("renvoie",)),
                 Famille("jeux plus grands (jusqu'à 133 positions)", 0.35, _non(_petit), cles=("renvoie",)),
                 Famille("chaque position ne sort qu'une fois de la file (coups appelée une fois par position)",
                         0.25, cles=("appels",), accessoire=True))),
    _s("Q9", "sommets_12", ("G", "C", "N"), "renvoie", _cas_sommets,
       "S1 : les positions dont le nombre de piles a la parité de C*N (J1 y joue), S2 les autres ; deux tuples, "
       "ordre libre", accepter=_sommets_acceptes),
    _s("Q13", "est_gagnante", ("G", "x"), "appels", _cas_est_gagnante,
       "une position est gagnante si au moins un successeur ne l'est pas ; sans successeur, elle est perdante ; "
       "l'examen s'arrête au premier successeur non gagnant",
       contraintes=("recursive",), accepter=_arret_au_premier, diagnostic=_successeurs_en_trop,
       appels_permis=_arret_permis,
       familles=(Famille("position sans successeur : perdante", 0.2, _sans_successeur, cles=("renvoie",),
                         accessoire=True),
                 Famille("position avec successeurs", 0.4, _non(_sans_successeur), cles=("renvoie",)),
                 Famille("arrêt au premier successeur non gagnant (appels comptés)", 0.2, _examen_complet_se_voit,
                         cles=("appels",), accessoire=True),
                 Famille(_RECURSIVE, 0.2, contrainte="recursive"))),
    _s("Q14", "dico_gagnant", ("G",), "renvoie", _cas_graphes(JEUX + ((2, 4),)),
       "le dictionnaire {position: est_gagnante(G, position)} pour toutes les positions du graphe"),
    _s("Q15", "dico_gagnant_opt", ("G",), "appels", _cas_graphes(JEUX + JEUX_MOYENS), "le même dictionnaire que "
       "dico_gagnant, chaque position étudiée une seule fois (mémoïsation : pas plus d'appels que de sommets et "
       "de deux fois les arêtes, Tuple mise à part)", accepter=_memo_graphe, appels_permis=_memo_permis,
       familles=(Famille("le dictionnaire des positions gagnantes", 0.6, cles=("renvoie",)),
                 Famille("mémoïsation (appels comptés sur les graphes de 133 à 728 positions)", 0.4,
                         lambda args, attendu: len(args[0]) > 100, cles=("appels",), accessoire=True))),
    _s("Q18", "init_attracteurs", ("G", "S1"), "renvoie", _cas_init_attracteurs,
       "deux dictionnaires à False, sauf les positions sans successeur : dans d2 si J1 doit y jouer (x dans S1), "
       "dans d1 sinon"),
    _s("Q19", "cond_1", ("G", "di", "x"), "renvoie", _cas_cond,
       "True si au moins un successeur de x est à True dans di"),
    _s("Q20", "cond_2", ("G", "di", "x"), "renvoie", _cas_cond,
       "True si x a des successeurs et qu'ils sont tous à True dans di",
       familles=(Famille("position sans successeur : False", 0.3, _sans_successeur, accessoire=True),
                 Famille("position avec successeurs : tous dans di", 0.7, _non(_sans_successeur)))),
    _s("Q21", "attracteurs_it", ("G", "di", "Si"), "renvoie_et_arguments", _cas_attracteurs_dicos,
       "un parcours : une position hors de di y entre si sa condition est vraie (cond_1 pour une position de Si, "
       "cond_2 sinon) ; di est modifié en place ; True si di a changé", accepter=_iteration_acceptee,
       diagnostic=_diagnostic_en_place,
       familles=(Famille("di complété en place", 0.6, cles=("arguments_apres",)),
                 Famille("valeur renvoyée : True exactement si di a changé", 0.4, cles=("renvoie",)))),
    _s("Q22", "attracteurs_Ji", ("G", "di", "Si"), "renvoie_et_arguments", _cas_attracteurs_dicos,
       "des itérations jusqu'à ce que rien ne change : di devient l'attracteur complet (en place)",
       diagnostic=_diagnostic_en_place,
       familles=(Famille("di devient l'attracteur complet", 1.0, cles=("arguments_apres",)),)),
    _s("Q23", "attracteurs", ("G", "C", "N"), "renvoie", _cas_jeux_graphes,
       "(dA1, dA2) : les attracteurs complets de J1 et de J2"),
    _s("Q24", "dico_gagnant_att", ("G", "C", "N"), "renvoie", _cas_jeux_graphes,
       "une position de J1 est gagnante si elle est dans dA1, une position de J2 si elle est dans dA2"),
    _s("Q25", "strategie_opt", ("G", "dg", "x"), "tirages", _cas_strategie_opt,
       "un successeur perdant (pour l'adversaire) tiré au hasard s'il en existe, sinon un successeur au hasard ; "
       "[] sans successeur ; " + _R_TIRAGES, accepter=_tirages_acceptes,
       familles=(Famille("un meilleur coup (successeur non gagnant s'il en existe)", 0.7, cles=("issues",)),
                 Famille("tiré au hasard parmi tous les meilleurs coups", 0.3, cles=("nombre_issues",),
                         accessoire=True))),
    _s("Q26", "strategies_opt", ("G", "dg"), "tirages", _cas_strategies_opt,
       "pour chaque position du graphe, un coup que strategie_opt pourrait choisir", accepter=_strategies_acceptees,
       familles=(Famille("un meilleur coup pour chaque position", 1.0, cles=("issues",)),)),
    _s("Q27", "jeu", ("C", "N"), "affichage", _cas_jeu,
       "annoncer le joueur qui a une position gagnante, puis afficher chaque position d'une partie où les deux "
       "joueurs suivent strategies_opt, jusqu'à une position sans successeur : le joueur annoncé gagne",
       accepter=_jeu_accepte, diagnostic=_diagnostic_jeu,
       familles=(Famille("jeux où J1 a une position gagnante", 0.5, _gagne_j1, cles=("affiche",)),
                 Famille("jeux où J2 a une position gagnante", 0.5, _non(_gagne_j1), cles=("affiche",)))),
    _s("Q29", "h", ("x", "bool"), "renvoie", _cas_h,
       "sans successeur : -1 si bool (le joueur doit jouer et a perdu), 1 sinon ; 0 si la partie continue",
       familles=(Famille("position finale : -1 ou 1", 0.6, _finale),
                 Famille("partie en cours : 0", 0.4, _non(_finale), accessoire=True))),
    _s("Q30", "min_max", ("x", "p", "bool"), "renvoie", _cas_min_max,
       "h(x, bool) à la profondeur 0 ou sans successeur ; sinon le max (bool) ou le min (not bool) des "
       "min_max(c, p-1, not bool) sur les successeurs c",
       contraintes=("recursive",),
       familles=(Famille("profondeur 0 ou position finale : h", 0.25, _profondeur_0_ou_finale, accessoire=True),
                 Famille("max pour le joueur, min pour l'adversaire", 0.55, _non(_profondeur_0_ou_finale)),
                 Famille(_RECURSIVE, 0.2, contrainte="recursive"))),
    _s("Q32", "min_max_opt", ("x", "p", "bool"), "appels", _cas_min_max_opt,
       "la même valeur que min_max, chaque position rencontrée évaluée une fois (coups appelée au plus deux "
       "fois par position différente)", accepter=_memo_min_max, appels_permis=_min_max_permis,
       familles=(Famille("la valeur de min_max", 0.6, cles=("renvoie",)),
                 Famille("mémoïsation (appels de coups comptés)", 0.4, cles=("appels",), accessoire=True))),
    _s("Q33", "choix_ind_max", ("L",), "tirages", _cas_choix,
       "l'indice d'un maximum de L, tiré au hasard parmi les indices des maximums ; " + _R_TIRAGES,
       contraintes=("arguments_intacts",), accepter=_tirages_acceptes,
       familles=(Famille("un indice d'un maximum", 0.6, cles=("issues",)),
                 Famille("tiré au hasard parmi tous les maximums", 0.25, cles=("nombre_issues",), accessoire=True),
                 Famille(_INTACTS, 0.15, contrainte="arguments_intacts"))),
    _s("Q34", "strategie_h", ("x", "p"), "tirages", _cas_strategie_h,
       "un successeur c de meilleure valeur min_max(c, p-1, False), au hasard parmi les meilleurs ; un successeur "
       "au hasard si p vaut 0 ; [] sans successeur ; " + _R_TIRAGES, accepter=_tirages_acceptes,
       familles=(Famille("un meilleur coup à la profondeur p", 0.7, cles=("issues",)),
                 Famille("tiré au hasard parmi tous les meilleurs coups", 0.3, cles=("nombre_issues",),
                         accessoire=True))),
    _s("Q35", "jeu_h", ("C", "N", "p"), "affichage", _cas_jeu_h,
       "afficher chaque position d'une partie où les deux joueurs choisissent avec strategie_h(x, p), depuis "
       "init(C, N) jusqu'à une position sans successeur", accepter=_jeu_accepte, diagnostic=_diagnostic_jeu,
       familles=(Famille("une partie permise jusqu'au bout", 0.6, _non(_assez_profond), cles=("affiche",)),
                 Famille("assez profond (p ≥ C·N) : le joueur qui a une position gagnante gagne", 0.4,
                         _assez_profond, cles=("affiche",)))),
]}


# ---------------------------------------------------------------- structured answers
def _est_position(v: Any) -> bool:
    return (isinstance(v, list) and all(isinstance(p, list) and len(p) == 2 and all(type(k) is int for k in p)
                                        for p in v))


def _format_q1(v: Any) -> str | None:
    if not (isinstance(v, tuple) and len(v) == 2 and all(_est_position(x) for x in v)):
        return "un couple (x1, x2) de deux positions, chacune une liste de piles [couleur, hauteur]"
    return None


def _format_q7(v: Any) -> str | None:
    if not (isinstance(v, dict) and set(v) == {"N1", "N2"} and all(isinstance(s, str) for s in v.values())):
        return "un dictionnaire {\"N1\": \"...\", \"N2\": \"...\"} (un mot chacun)"
    return None


def _mot(texte: str) -> str:
    texte = texte.strip().lower().replace("ê", "e").replace("é", "e")
    return texte[:-1] if texte.endswith("s") else texte


def _juger_q7(nom: str, valeur: dict, attendu: dict, indice: str) -> Resultat:
    synonymes = {"N1": {"sommet", "noeud", "nœud", "position", "nombre de sommet"},
                 "N2": {"arete", "arc", "nombre d'arete", "nombre d'arc", "coup"}}
    justes = [cle for cle in ("N1", "N2") if _mot(valeur[cle]) in synonymes[cle]]
    if len(justes) == 2:
        return Resultat(True, f"{nom} : réponse exacte.", 1, 1.0)
    return Resultat(False, f"{nom} : {2 - len(justes)} réponse(s) inexacte(s). Rappel : {indice}.", 1, len(justes) / 2)


def _format_tableau(v: Any) -> str | None:
    if not (isinstance(v, dict) and v and all(isinstance(k, tuple) and len(k) == 2 for k in v)):
        return "un dictionnaire non vide {(C, N): ...} pour chaque case du tableau"
    return None


def _tableau_q8() -> dict:
    return {cle: valeur for cle, valeur in t.TAILLES_PRATIQUE.items()}


def _juger_q32(nom: str, valeur: dict, attendu: dict, indice: str) -> Resultat:
    """Q32's table: every cell with C·N ≤ 9 is required, the larger ones (up to C = N = 4) are optional but
    judged when given; a point per cell."""
    cles = [cle for cle in attendu if cle[0] * cle[1] <= 9 or cle in valeur]
    faux = [cle for cle in cles if valeur.get(cle) != attendu[cle]] + [cle for cle in valeur if cle not in attendu]
    fraction = 1 - len(faux) / (len(cles) + len([c for c in valeur if c not in attendu]))
    if not faux:
        return Resultat(True, f"{nom} : réponse exacte ({len(cles)} cases du tableau).", 1, 1.0)
    return Resultat(False, f"{nom} : cases inexactes ou manquantes : {', '.join(map(str, sorted(faux)))} ; "
                           f"{fraction:.0%} des points. Rappel : {indice}.", 1, fraction)


def _format_s12(v: Any) -> str | None:
    if not (isinstance(v, tuple) and len(v) == 2 and all(isinstance(s, tuple) for s in v)):
        return "un couple (S1, S2) de deux tuples de positions"
    return None


def _juger_s12(nom: str, valeur: tuple, attendu: tuple, indice: str) -> Resultat:
    if _sommets_acceptes({"renvoie": valeur}, {"renvoie": attendu}, ()):
        return Resultat(True, f"{nom} : réponse exacte.", 1)
    return Resultat(False, f"{nom} : réponse inexacte. Rappel : {indice}.", 1)


def _format_q11(v: Any) -> str | None:
    if not (isinstance(v, dict) and set(v) == {"partie", "gagnant"} and isinstance(v["partie"], list)
            and v["gagnant"] in (1, 2)):
        return "un dictionnaire {\"partie\": [positions, de init(2, 2) à la fin], \"gagnant\": 1 ou 2}"
    return None


def _juger_q11(nom: str, valeur: dict, attendu: Any, indice: str) -> Resultat:
    lignes = [f": {x}" for x in valeur["partie"]]
    gagnant, faute = _partie(lignes, t.init(2, 2))
    if faute:
        return Resultat(False, f"{nom} : {faute}. Rappel : {indice}.", 1)
    if gagnant != valeur["gagnant"]:
        return Resultat(False, f"{nom} : la partie est permise, mais c'est le joueur {gagnant} qui la gagne. "
                               f"Rappel : {indice}.", 1, 0.5)
    return Resultat(True, f"{nom} : une partie permise, et son gagnant.", 1)


def _format_q28(v: Any) -> str | None:
    if not (isinstance(v, dict) and v and all(isinstance(k, tuple) and w in (1, 2) for k, w in v.items())):
        return "un dictionnaire non vide {(C, N): 1 ou 2}"
    return None


REPONSES_ATTENDUES: dict[str, tuple] = {
    "Q1_situations": (_format_q1, lambda: t.REPONSES["Q1"],
                      "une position est la liste triée des piles [couleur, hauteur] ; rouge 0, noir 1"),
    "Q7_N1_N2": (_format_q7, lambda: t.REPONSES["Q7"],
                 "len(Graphe) compte les clés du dictionnaire ; la somme compte tous les successeurs", _juger_q7),
    "Q8_tableau": (_format_tableau, _tableau_q8,
                   "pour chaque (C, N), (nombre de sommets, nombre d'arêtes) du graphe ; le temps n'est pas noté",
                   reponses_structurees.credit_par_cle("cases du tableau")),
    "Q10_S1_S2": (_format_s12, lambda: t.sommets_12(_graphe(2, 2), 2, 2),
                  "S1 : les positions à 4 et à 2 piles (J1 y joue), S2 celles à 3 et à 1 pile", _juger_s12),
    "Q11_partie": (_format_q11, lambda: None,
                   "chaque position suit la précédente par un coup ; le joueur qui ne peut plus jouer a perdu",
                   _juger_q11),
    # Q28 is asked on each student's own three games (:mod:`.variantes`; without them: the statement's)
    "Q28_gagnants": (_format_q28, lambda jeux=variantes.JEUX_Q28_ENONCE: {cle: _gagnant_theorique(*cle) for cle in jeux},
                     "le joueur qui a une position gagnante au départ gagne toujours", reponses_structurees.credit_par_cle("jeux")),
    "Q32_tableau": (_format_tableau, lambda: t.REPONSES["Q32"],
                    "min_max_opt(init(C, N), C*N, True) vaut 1 exactement quand J1 a une position gagnante",
                    _juger_q32),
}


def verifier_reponse(nom: str, valeur: Any) -> Resultat:
    """The hidden test of one structured answer of this subject."""
    return reponses_structurees.verifier_reponse(nom, valeur, REPONSES_ATTENDUES)
