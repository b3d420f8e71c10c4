"""The CCINP 2024 PC paper: how each code question (Q4–Q21) is graded.

One ``Spec`` (``awale_ref.grading.eleve.specs``) per code question, its hidden
inputs (the seeded corpus of positions, named edge cases) and its rule
families.  The inputs are public: the lycée awalé of the Olympiades
(``awale_ref.sujets.olympiades_2025_awale.specs``) grades the same rules on
the same inputs.

>>> spec = SPECS["Q9"]
>>> spec.observer(spec.reference(), ([1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 8))
{'renvoie': True}
"""

from __future__ import annotations

import functools
import random
from typing import Callable

from awale_ref.grading.eleve.specs import SANS_APPEL_RECURSIF, Famille, Observation, Spec
from awale_ref.grading.executant import messages
from awale_ref.cas_awale import (apres_semis, chaine_jusqua_camp, diag_deplacer, diag_ramasser, fins_de_partie,
                                  jeux, jeux_finis_et_autres, jeux_tours_varies, plateau_case, plateau_valide,
                                  plateau_vide_ou_laisse, positions)
from awale_ref.sujets.ccinp_2024 import exam

LIBELLES = {messages.PREMIER_DE_PAIRE: "graines gagnées", messages.SECOND_DE_PAIRE: "nouveau jeu",
            SANS_APPEL_RECURSIF: "récolte {n} cases"}
"""The paper's words for the parts of an observation (Q17's pair ``(graines gagnées, nouveau jeu)``) and for what
Q10 does when it never calls itself (``Spec.libelles``; the core's words are neutral)."""

_spec = functools.partial(Spec, module=exam.__name__, presentation="awale_ref.sujets.ccinp_2024.presentation",
                          libelles=LIBELLES)
"""A spec of this subject: a function of its reference, its failing cases drawn as awalé boards, its
observations in the paper's words."""


# ---------------------------------------------------------------- corpus-based inputs (awale_ref.cas_awale's, shared
# with the lycée awalé, and this paper's own)
def _jeux_et_cases() -> list[tuple]:
    res = []
    for jeu in positions():
        for case in range(6):
            res.append((jeu, case))
    return res


def _jeux_et_cases_jouables() -> list[tuple]:
    return [(jeu, case) for jeu in positions() for case in exam.cases_possibles(jeu)]


def _negamax_cas() -> list[tuple]:
    res = []
    for i, jeu in enumerate(positions()[::6]):
        profondeur_max = 1 + i % 3
        res.append((jeu, profondeur_max, 0))
        res.append((jeu, profondeur_max, profondeur_max - 1 if profondeur_max > 1 else 0))
        if i % 3 == 0:  # the depth limit itself
            res.append((jeu, profondeur_max, profondeur_max))
    for i, jeu in enumerate(fins_de_partie()[::3]):  # the leaves: finished games, at any depth
        res.append((jeu, 2, i % 3))
    # leaves whose value hangs on who is to move, on a draw, and on comparing the winner's name: names in
    # either alphabetical order, and beyond "égalité" ("Ž" sorts after "é"), so that a comparison other
    # than == cannot pass by chance
    for joueur1, joueur2 in (("Alice", "Bob"), ("Zoé", "Alice"), ("Žofie", "Zoé"), ("Alice", "Žofie")):
        for n in (40, 41):
            for score in ([23, 23], [31, 15], [15, 31]):
                jeu = {"joueur1": joueur1, "joueur2": joueur2, "score": score, "n": n,
                       "plateau": [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]}
                res += [(jeu, 2, 0), (jeu, 2, 1)]
    # small endgames whose answer the exact values pin down: a root where one pit alone wins by force
    # within the depth, a node won or lost by force, a finished game the seeds decide
    from awale_ref.sujets.ccinp_2024.finales import cas_negaawale

    return res + cas_negaawale()


def _max_vals_cas() -> list[tuple]:
    rng = random.Random(20)
    res = [([[1, 0], [4, 2], [5, 2]], 0), ([[1, 0], [4, 2], [5, 2]], 1), ([[3, -500]], 0),
           ([[0, -3], [2, -3]], 0), ([[0, -3], [2, -1]], 2)]
    for _ in range(150):
        cases = sorted(rng.sample(range(6), rng.randint(1, 6)))
        vals = [[c, rng.choice([-500, 500, 0, rng.randint(-12, 12)])] for c in cases]
        res.append((vals, rng.choice([0, 0, 1, 2, 5])))
    return res


# ---------------------------------------------------------------- acceptances and diagnostics
# ---------------------------------------------------------------- rule families: which cases they cover
def _plateau_de(args: tuple) -> list:
    return args[0]["plateau"] if isinstance(args[0], dict) else args[0]


def _tour_complet(args: tuple, attendu: Observation) -> bool:
    """Q8: the pit holds 12 seeds or more, so the sowing laps round and skips its origin."""
    plateau, case = args
    return plateau[case] >= 12


def _fin_de_partie(jeu: dict) -> bool:
    return not exam.tour_suivant(exam.copie(jeu))


_LIMITES_Q14: dict[str, Callable[[dict], bool]] = {
    # each end condition with its near misses on the other side (a constant answer fails every family)
    "score": lambda jeu: max(jeu["score"]) >= 24,
    "tours": lambda jeu: jeu["n"] >= 99,
    "graines": lambda jeu: sum(jeu["plateau"]) <= 4,
    "bloque": lambda jeu: sum(1 for g in jeu["plateau"][:6] if g) <= 1,
}


def _limite_q14(nom: str) -> Callable[[tuple, Observation], bool]:
    """Q14: the positions near one end condition, and the ordinary positions (near none) as contrast."""
    def selection(args: tuple, attendu: Observation) -> bool:
        pres = {cle for cle, test in _LIMITES_Q14.items() if test(args[0])}
        return nom in pres or not pres

    return selection


def _case_refusee(args: tuple, attendu: Observation) -> bool:
    jeu, case = args
    return not exam.test_case(jeu["plateau"], case)


def _feuille(args: tuple, attendu: Observation) -> bool:
    """Q19: a finished game (the leaves valued ±500 or 0)."""
    return _fin_de_partie(args[0])


def _limite(args: tuple, attendu: Observation) -> bool:
    """Q19: at the depth limit (0) and one level above it (the gains alone): a constant 0 fails."""
    jeu, profondeur_max, profondeur = args
    return profondeur >= profondeur_max - 1 and not _fin_de_partie(jeu)


def _recursion(args: tuple, attendu: Observation) -> bool:
    jeu, profondeur_max, profondeur = args
    return profondeur < profondeur_max - 1 and not _fin_de_partie(jeu)


def _famine_possible(args: tuple, attendu: Observation) -> bool:
    """Q13: a position where a non-empty pit of the player is refused because of the famine."""
    plateau = args[0]["plateau"]
    return any(plateau[c] and not exam.test_famine(plateau, c) for c in range(6))


def _racine(args: tuple, attendu: Observation) -> bool:
    return args[1] == 0


def _non(selection: Callable[[tuple, Observation], bool]) -> Callable[[tuple, Observation], bool]:
    return lambda args, attendu: not selection(args, attendu)


def jeu_valide(jeu: object) -> bool:
    """« Le jeu est un dictionnaire jeu : les noms des deux joueurs ('joueur1', 'joueur2'), leurs réserves
    ('score', une liste [réserve du joueur1, réserve du joueur2]), le nombre de tours déjà joués ('n') et le
    plateau ('plateau', une liste de 12 entiers) » (Partie II)."""
    return (type(jeu) is dict and type(jeu.get("joueur1")) is str and type(jeu.get("joueur2")) is str
            and type(jeu.get("score")) is list and len(jeu["score"]) == 2
            and all(type(s) is int and s >= 0 for s in jeu["score"])
            and type(jeu.get("n")) is int and jeu["n"] >= 0 and plateau_valide(jeu.get("plateau")))


def _d_jeu(args: tuple) -> bool:
    """Q4, Q5, Q7, Q13, Q14, Q16 : la fonction reçoit le dictionnaire jeu de la Partie II (à n'importe quel
    tour, partie finie ou non : Q14 et Q16 ont justement à le dire)."""
    return len(args) == 1 and jeu_valide(args[0])


def _d_case_du_plateau(args: tuple) -> bool:
    """Q9, Q10 : un plateau et l'indice d'une de ses cases (0 à 11) ; Q10 « reçoit le plateau juste après le
    semis et la case où est tombée la dernière graine », qui peut être dans l'un ou l'autre camp."""
    plateau, case = args
    return plateau_valide(plateau) and type(case) is int and 0 <= case < 12


def _pit_non_vide(args: tuple) -> bool:
    """Q8, Q11 : deplacer_graines « prend toutes les graines de case et les sème une à une dans les cases
    suivantes » : une case du plateau (0 à 11) qui a au moins une graine (rien à semer sinon)."""
    return _d_case_du_plateau(args) and args[0][args[1]] > 0


def _d_saisie(args: tuple) -> bool:
    """Q12 : test_case(plateau, case) « doit renvoyer True quand la case vérifie les trois conditions de
    Q11 », et False sinon : toute case que le joueur peut saisir (un entier, négatif ou au-delà de 11 compris)."""
    plateau, case = args
    return plateau_valide(plateau) and type(case) is int


def _d_tour_jeu(args: tuple) -> bool:
    """Q15 : « Si la case n'est pas acceptable, la fonction affiche un message et renvoie True » ; sinon elle
    joue le coup : le jeu de la Partie II et toute case saisie (un entier)."""
    jeu, case = args
    return jeu_valide(jeu) and type(case) is int


def _coup_jouable(args: tuple) -> bool:
    """Q17 : gain(jeu, case) « joue le coup case (supposé permis : inutile de le vérifier) » : une des
    cases_possibles(jeu)."""
    jeu, case = args
    return jeu_valide(jeu) and case in exam.cases_possibles(jeu)


def _profondeurs(args: tuple) -> bool:
    """Q19 : NegaAwale « applique la méthode ci-dessus au nœud jeu, situé à la profondeur profondeur (0 pour
    la position de départ) d'une exploration limitée à profondeur_max » : 0 ≤ profondeur ≤ profondeur_max
    (au plus 3, ce que le correcteur calcule)."""
    jeu, profondeur_max, profondeur = args
    return jeu_valide(jeu) and type(profondeur) is int and type(profondeur_max) is int and (
        0 <= profondeur <= profondeur_max <= 3)


def _d_max_vals(args: tuple) -> bool:
    """Q20 : max_vals « reçoit une liste non vide de couples [case, valeur] » (une case de 0 à 5 et la
    valeur du coup) et la profondeur du nœud, « 0 (on est à la racine de l'arbre) » ou plus."""
    vals_jeu, profondeur = args
    return (type(vals_jeu) is list and bool(vals_jeu) and type(profondeur) is int and profondeur >= 0
            and all(type(v) is list and len(v) == 2 and type(v[0]) is int and 0 <= v[0] < 6
                    and type(v[1]) is int for v in vals_jeu))


_INTACTS = "arguments non modifiés"
_TIERS = 1 / 3


# ---------------------------------------------------------------- the specs
_R_PARITE = "joueur1 joue quand jeu['n'] est pair (n commence à 0 et joueur1 commence)"
SPECS: dict[str, Spec] = {s.question: s for s in [
    _spec("Q4", "tour_joueur1", ("jeu",), "renvoie", jeux_tours_varies, _R_PARITE, domaine=_d_jeu),
    _spec("Q5", "tourner_plateau", ("jeu",), "renvoie_et_jeu", jeux,
         "les cases 0 à 5 et 6 à 11 sont échangées (dans l'ordre), le reste du jeu ne change pas, rien n'est renvoyé", domaine=_d_jeu),
    _spec("Q7", "copie", ("jeu",), "copie", jeux,
         "la copie est égale à l'original et ne partage aucune liste avec lui (copie profonde, sans deepcopy)",
         contraintes=("sans_deepcopy", "arguments_intacts"),
         familles=(Famille("copie égale à l'original", 0.5, cles=("renvoie",), accessoire=True),
                   Famille("copie indépendante (aucune liste partagée, original intact)", 0.5,
                           cles=("copie_independante",))), domaine=_d_jeu),
    _spec("Q8", "deplacer_graines", ("plateau", "case"), "renvoie_et_plateau", plateau_case(toutes_les_cases=True),
         "on sème une graine par case dans le sens 0→1→…→11→0 en sautant la case de départ ; "
         "la fonction renvoie l'indice de la dernière case semée", diagnostic=diag_deplacer, domaine=_pit_non_vide,
         familles=(Famille("semis sans faire le tour du plateau", _TIERS, _non(_tour_complet), ("plateau_apres",)),
                   Famille("tour complet : la case de départ est sautée", _TIERS, _tour_complet,
                           ("plateau_apres",)),
                   Famille("indice de la dernière case semée (valeur renvoyée)", _TIERS, cles=("renvoie",)))),
    _spec("Q9", "case_ramassable", ("plateau", "case"), "renvoie", plateau_case(toutes_les_cases=True, non_vide=False),
         "une case est ramassable si elle est dans le camp adverse (indices 6 à 11) et contient 2 ou 3 graines", domaine=_d_case_du_plateau),
    _spec("Q10", "ramasser_graines", ("plateau", "case"), "renvoie_et_plateau", apres_semis,
         "on ramasse la case puis les précédentes tant qu'elles sont ramassables (camp adverse, 2 ou 3 graines) ; "
         "les cases ramassées sont vidées et la fonction renvoie le total", contraintes=("recursive",), diagnostic=diag_ramasser,
         familles=(Famille("la chaîne de récolte dans le camp adverse", _TIERS, _non(chaine_jusqua_camp)),
                   Famille("arrêt au camp du joueur (cases 0 à 5 jamais récoltées)", _TIERS, chaine_jusqua_camp),
                   Famille("récursivité (la fonction s'appelle elle-même)", _TIERS, contrainte="recursive")), domaine=_d_case_du_plateau),
    _spec("Q11", "test_famine", ("plateau", "case"), "renvoie", plateau_case(toutes_les_cases=True),
         "après le semis et la récolte (sur une copie), le camp adverse (cases 6 à 11) ne doit pas être vide",
         contraintes=("arguments_intacts",), domaine=_pit_non_vide,
         familles=(Famille("famine détectée après le semis et la récolte", 2 * _TIERS),
                   Famille(_INTACTS + " (le test travaille sur une copie)", _TIERS, contrainte="arguments_intacts"))),
    _spec("Q12", "test_case", ("plateau", "case"), "renvoie",
         plateau_case(toutes_les_cases=True, non_vide=False, saisie_negative=True),
         "une case est acceptable si elle est dans le camp du joueur (0 à 5), non vide, et ne provoque pas la famine", domaine=_d_saisie),
    _spec("Q13", "cases_possibles", ("jeu",), "renvoie", jeux,
         "la liste, dans l'ordre croissant, des cases 0 à 5 acceptables selon test_case",
         contraintes=("arguments_intacts",),
         familles=(Famille("positions sans coup affamant", 0.4, _non(_famine_possible)),
                   Famille("positions où la famine interdit une case", 0.4, _famine_possible),
                   Famille(_INTACTS, 0.2, contrainte="arguments_intacts")), domaine=_d_jeu),
    _spec("Q14", "tour_suivant", ("jeu",), "renvoie", jeux_finis_et_autres,
         "la partie s'arrête si un score atteint 25, si n ≥ 100, s'il reste 3 graines ou moins, "
         "ou si le joueur qui doit jouer n'a aucune case possible",
         familles=(Famille("fin par le score (25 ou plus)", 0.25, _limite_q14("score")),
                   Famille("fin après 100 tours", 0.25, _limite_q14("tours")),
                   Famille("fin à 3 graines ou moins", 0.25, _limite_q14("graines")),
                   Famille("fin quand le joueur n'a aucune case possible", 0.25, _limite_q14("bloque"))), domaine=_d_jeu),
    _spec("Q15", "tour_jeu", ("jeu", "case"), "renvoie_et_jeu", _jeux_et_cases,
         "une case refusée ne change rien et renvoie True ; sinon on sème, on récolte, on ajoute le gain au score "
         "du joueur qui vient de jouer, on incrémente n, on tourne le plateau et on renvoie tour_suivant(jeu)",
         familles=(Famille("case refusée : rien ne change, renvoie True", _TIERS, _case_refusee, accessoire=True),
                   Famille("coup joué : semis, récolte, score, n et plateau tourné", _TIERS, _non(_case_refusee),
                           ("jeu_apres",)),
                   Famille("valeur renvoyée après un coup joué (tour_suivant)", _TIERS, _non(_case_refusee),
                           ("renvoie",))), domaine=_d_tour_jeu),
    _spec("Q16", "gagnant", ("jeu",), "renvoie_et_jeu", jeux_finis_et_autres,
         "chaque joueur ajoute à son score les graines de son camp (cases 0 à 5 : le joueur dont c'est le tour), "
         "puis on renvoie le nom du joueur qui a le plus de graines, ou \"égalité\"", accepter=plateau_vide_ou_laisse("score"),
         familles=(Famille("graines du camp ajoutées aux scores", 0.5, cles=("jeu_apres",)),
                   Famille("nom du gagnant ou \"égalité\"", 0.5, cles=("renvoie",))), domaine=_d_jeu),
    _spec("Q17", "gain", ("jeu", "case"), "paire", _jeux_et_cases_jouables,
         f"gain renvoie ({LIBELLES[messages.PREMIER_DE_PAIRE]}, {LIBELLES[messages.SECOND_DE_PAIRE]}) ; "
         "le nouveau jeu a son score, "
         "n et son plateau (tourné) mis à jour, et le jeu passé en argument n'est pas modifié",
         contraintes=("arguments_intacts",), domaine=_coup_jouable,
         familles=(Famille(LIBELLES[messages.PREMIER_DE_PAIRE], _TIERS, cles=(messages.PREMIER_DE_PAIRE,)),
                   Famille(f"{LIBELLES[messages.SECOND_DE_PAIRE]} (score, n, plateau tourné)", _TIERS,
                           cles=(messages.SECOND_DE_PAIRE,)),
                   Famille(_INTACTS + " (gain travaille sur une copie)", _TIERS, contrainte="arguments_intacts"))),
    _spec("Q19", "NegaAwale", ("jeu", "profondeur_max", "profondeur"), "renvoie", _negamax_cas,
         "NegaAwale renvoie ±500 ou 0 sur une partie finie, 0 à la profondeur maximale, sinon le maximum des "
         "g - NegaAwale(enfant) (la case à jouer à la racine, via max_vals)", domaine=_profondeurs,
         familles=(Famille("feuilles : partie finie (±500 ou 0)", _TIERS, _feuille),
                   Famille("limite de profondeur (0, et les seuls gains juste au-dessus)", _TIERS, _limite),
                   Famille("récursion sur plusieurs niveaux : max des g - NegaAwale(enfant)", _TIERS, _recursion))),
    _spec("Q20", "max_vals", ("vals_jeu", "profondeur"), "renvoie", _max_vals_cas,
         "à la racine (profondeur 0) la case du premier maximum, sinon la valeur maximale ; "
         "sans max, min ni sort (interdits par l'annexe)",
         contraintes=("sans_max_min_sort", "arguments_intacts"),
         familles=(Famille("à la racine : la case du premier maximum", 0.4, _racine),
                   Famille("ailleurs : la valeur maximale", 0.4, _non(_racine)),
                   Famille(_INTACTS, 0.2, contrainte="arguments_intacts")), domaine=_d_max_vals),
]}


def cas_caches(question: str) -> list[tuple]:
    """The hidden inputs of a question, deterministic."""
    return SPECS[question].cas()

