"""The awalé boards the two awalé subjects grade on, and what they say of a failing one: the game library's.

The CCINP 2024 paper (``awale_ref.sujets.ccinp_2024.specs``) and the lycée awalé of the Olympiades
(``awale_ref.sujets.olympiades_2025_awale.specs``) grade the same rules on the same inputs: the seeded corpus
of positions and its named edge cases (:mod:`awale_ref.corpus`), boards with each pit, boards right after a
sowing, games at every turn and every way a game ends.  Public data (the students' environment ships it);
the sowing that builds the boards after a sowing is the fast engine's (:mod:`awale_ref.fonctions_moteur`), no
subject's reference.
"""

from __future__ import annotations

from typing import Callable

from awale_ref.fonctions_moteur import deplacer_graines
from awale_ref.grading.eleve.specs import Observation


# ---------------------------------------------------------------- inputs
def positions() -> list[dict]:
    from awale_ref import corpus

    return corpus.corpus_positions() + [jeu for _, jeu in corpus.cas_limites()]


def jeux() -> list[tuple]:
    """The corpus positions, each as the arguments of a function of the game dict."""
    return [(jeu,) for jeu in positions()]


def plateau_case(toutes_les_cases: bool = False, non_vide: bool = True,
                  saisie_negative: bool = False) -> Callable[[], list[tuple]]:
    """Boards with the pits 0-5 (or 0-11); ``saisie_negative`` adds pit -1, a number a player may type
    (Q12 checks the player's input: a negative index reads the last pit in Python, it must be refused)."""
    def cas() -> list[tuple]:
        res = []
        for jeu in positions():
            for case in ([-1] if saisie_negative else []) + list(range(12 if toutes_les_cases else 6)):
                if non_vide and jeu["plateau"][case] == 0:
                    continue
                res.append((jeu["plateau"], case))
        return res

    return cas


def apres_semis() -> list[tuple]:
    """Q10 inputs: boards right after a reference sowing, with its last pit."""
    res = []
    for jeu in positions():
        for case in range(6):
            if jeu["plateau"][case]:
                plateau = list(jeu["plateau"])
                derniere = deplacer_graines(plateau, case)
                res.append((plateau, derniere))
    # plus a few arbitrary pits (own side, empty, long chains)
    res += [([0, 0, 0, 0, 0, 0, 2, 3, 2, 3, 2, 3], 11), ([0, 0, 0, 0, 0, 0, 2, 3, 2, 3, 2, 3], 3),
            ([1, 2, 3, 2, 3, 2, 3, 1, 2, 3, 2, 2], 9)]
    return res


def jeux_tours_varies() -> list[tuple]:
    res = jeux()
    for n in range(0, 102):
        res.append(({"joueur1": "Alice", "joueur2": "Bob", "score": [0, 0], "n": n, "plateau": [4] * 12},))
    return res


def jeux_finis_et_autres() -> list[tuple]:
    from awale_ref import corpus

    res = [(jeu,) for _, jeu in corpus.cas_limites()]
    for jeu in corpus.corpus_positions()[:120]:
        res.append((jeu,))
    # draws and near-draws
    res.append(({"joueur1": "Alice", "joueur2": "Bob", "score": [22, 23], "n": 40,
                 "plateau": [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]},))
    res.append(({"joueur1": "Alice", "joueur2": "Bob", "score": [23, 22], "n": 41,
                 "plateau": [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]},))
    res += [(jeu,) for jeu in fins_de_partie()]
    return res


def fins_de_partie() -> list[dict]:
    """Positions for each way a game ends (Q14, Q16, Q19's leaves), and near misses that go on."""
    from awale_ref import corpus

    jeux = []
    for i, jeu in enumerate(corpus.corpus_positions()[1:40:4]):
        graines = sum(jeu["plateau"])
        reste = 48 - graines
        vingt_six = [26, max(0, reste - 26)] if i % 2 else [max(0, reste - 26), 26]  # either player reaches 25
        for score in ([25, max(0, reste - 25)], [max(0, reste - 25), 25], vingt_six, [24, max(0, reste - 24)]):
            jeux.append({**jeu, "score": list(score)})
        for n in (99, 100, 101):
            jeux.append({**jeu, "n": n + jeu["n"] % 2})
    peu = [[1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1], [0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
           [0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0], [1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1],
           [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]]
    bloques = [[0, 0, 0, 0, 0, 0, 2, 3, 1, 0, 4, 2], [0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 5],
               [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0], [0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 0, 0],
               [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2], [0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0]]
    for n, plateau in enumerate(peu + bloques):
        graines = sum(plateau)
        jeux.append({"joueur1": "Alice", "joueur2": "Bob", "score": [(48 - graines) // 2, 48 - graines - (48 - graines) // 2],
                     "n": 30 + n, "plateau": plateau})
    return jeux


# ---------------------------------------------------------------- validity, acceptances and diagnostics
def plateau_valide(plateau: object) -> bool:
    """Le plateau, « une liste de 12 entiers » (Partie II) : le nombre de graines de chaque case, positif ou
    nul ; « les cases 0 à 5 sont toujours celles du joueur dont c'est le tour »."""
    return type(plateau) is list and len(plateau) == 12 and all(type(g) is int and g >= 0 for g in plateau)


def plateau_vide_ou_laisse(*cles_scores: str) -> Callable[[Observation, Observation, tuple], bool]:
    """The acceptance of ``gagnant`` (Q16; Q13 of the lycée awalé): the board may be emptied (the
    reference) or left as it was; the winner and the scores (``cles_scores`` of the game dict) must be right."""
    def accepter(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
        if "renvoie" in attendu and obtenu.get("renvoie") != attendu["renvoie"]:
            return False
        if "jeu_apres" not in attendu:
            return "renvoie" in attendu
        jeu_obtenu, jeu_attendu = obtenu.get("jeu_apres"), attendu["jeu_apres"]
        if not isinstance(jeu_obtenu, dict):
            return False
        return (all(jeu_obtenu.get(cle) == jeu_attendu[cle] for cle in cles_scores)
                and jeu_obtenu.get("plateau") in (jeu_attendu["plateau"], args[0]["plateau"]))

    return accepter


def diag_deplacer(args: tuple, obtenu: Observation, attendu: Observation) -> str | None:
    plateau, case = args
    apres = obtenu.get("plateau_apres")
    if isinstance(apres, list) and len(apres) == 12:
        if apres[case] != 0:
            return "la case de départ doit être vide à la fin : on la saute quand on fait le tour du plateau"
        if sum(apres) != sum(plateau):
            return "le nombre total de graines doit rester le même pendant le semis"
    return None


def diag_ramasser(args: tuple, obtenu: Observation, attendu: Observation) -> str | None:
    if obtenu.get("renvoie") == attendu["renvoie"] and obtenu != attendu:
        return "les cases récoltées doivent être vidées sur le plateau (modification en place)"
    return None


def chaine_jusqua_camp(args: tuple, attendu: Observation) -> bool:
    """Q10: the harvest must stop at the player's own row (it reaches pit 6, or starts in the own row)."""
    plateau, case = args
    return case < 6 or (attendu["plateau_apres"][6] == 0 and plateau[6] in (2, 3))
