"""What each graded question checks: inputs, observation, comparison, constraints.

One ``Spec`` per code question (Q4–Q21).  The same spec serves the visible
tests (``tester``, the exam's examples, run in the student's kernel) and the
hidden tests (``corriger``, the seeded corpus, run in a clean process by
``awale_ref.grading.cleanroom``), so the two can never disagree.

A spec runs a function on a *fresh copy* of each input and returns an
*observation*: a dict of what is compared with the reference (the returned
value, the board after the call, …).  Dependencies named in ``dependances``
are replaced by the reference versions while the student's function runs
(design principle 2: each question is graded on its own).

>>> spec = SPECS["Q9"]
>>> spec.observer(spec.reference(), ([1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 8))
{'renvoie': True}
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from awale_ref import exam
from awale_ref.grading import executant

Observation = dict[str, Any]


@dataclass(frozen=True)
class Spec:
    """How one code question is graded."""

    question: str
    nom: str
    parametres: tuple[str, ...]
    genre: str  # observation kind, see executant.observer
    cas: Callable[[], list[tuple]]
    regle: str
    dependances: tuple[str, ...] = ()
    contraintes: tuple[str, ...] = ()
    accepter: Callable[[Observation, Observation, tuple], bool] | None = None
    diagnostic: Callable[[tuple, Observation, Observation], str | None] | None = None
    points_hint: str = ""

    def observer(self, fonction: Callable, args: tuple) -> Observation:
        """What is compared after ``fonction(*args)`` (the arguments after the call left out)."""
        obs = executant.observer(self.genre, fonction, args)
        obs.pop("__arguments__", None)
        return obs

    def reference(self) -> Callable:
        """The reference function (from the already loaded ``awale_ref.exam``)."""
        return getattr(exam, self.nom)

    def conforme(self, obtenu: Observation, attendu: Observation, args: tuple) -> bool:
        if obtenu == attendu:
            return True
        return self.accepter is not None and self.accepter(obtenu, attendu, args)


# ---------------------------------------------------------------- corpus-based inputs
def _positions() -> list[dict]:
    from awale_ref import corpus

    return corpus.corpus_positions() + [jeu for _, jeu in corpus.edge_cases()]


def _jeux() -> list[tuple]:
    return [(jeu,) for jeu in _positions()]


def _plateau_case(toutes_les_cases: bool = False, non_vide: bool = True) -> Callable[[], list[tuple]]:
    def cas() -> list[tuple]:
        res = []
        for jeu in _positions():
            for case in range(12 if toutes_les_cases else 6):
                if non_vide and jeu["plateau"][case] == 0:
                    continue
                res.append((jeu["plateau"], case))
        return res

    return cas


def _apres_semis() -> list[tuple]:
    """Q10 inputs: boards right after a reference sowing, with its last pit."""
    res = []
    for jeu in _positions():
        for case in range(6):
            if jeu["plateau"][case]:
                plateau = list(jeu["plateau"])
                derniere = exam.deplacer_graines(plateau, case)
                res.append((plateau, derniere))
    # plus a few arbitrary pits (own side, empty, long chains)
    res += [([0, 0, 0, 0, 0, 0, 2, 3, 2, 3, 2, 3], 11), ([0, 0, 0, 0, 0, 0, 2, 3, 2, 3, 2, 3], 3),
            ([1, 2, 3, 2, 3, 2, 3, 1, 2, 3, 2, 2], 9)]
    return res


def _jeux_et_cases() -> list[tuple]:
    res = []
    for jeu in _positions():
        for case in range(6):
            res.append((jeu, case))
    return res


def _jeux_et_cases_jouables() -> list[tuple]:
    return [(jeu, case) for jeu in _positions() for case in exam.cases_possibles(jeu)]


def _jeux_tours_varies() -> list[tuple]:
    res = _jeux()
    for n in range(0, 102):
        res.append(({"joueur1": "Alice", "joueur2": "Bob", "score": [0, 0], "n": n, "plateau": [4] * 12},))
    return res


def _jeux_finis_et_autres() -> list[tuple]:
    from awale_ref import corpus

    res = [(jeu,) for _, jeu in corpus.edge_cases()]
    for jeu in corpus.corpus_positions()[:120]:
        res.append((jeu,))
    # draws and near-draws
    res.append(({"joueur1": "Alice", "joueur2": "Bob", "score": [22, 23], "n": 40,
                 "plateau": [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]},))
    res.append(({"joueur1": "Alice", "joueur2": "Bob", "score": [23, 22], "n": 41,
                 "plateau": [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]},))
    return res


def _negamax_cas() -> list[tuple]:
    positions = _positions()
    res = []
    for i, jeu in enumerate(positions[::6]):
        profondeur_max = 1 + i % 3
        res.append((jeu, profondeur_max, 0))
        res.append((jeu, profondeur_max, profondeur_max - 1 if profondeur_max > 1 else 0))
    return res


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
def _gagnant_accepte(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q16: the board may be emptied (reference) or left as it was."""
    if obtenu.get("renvoie") != attendu["renvoie"]:
        return False
    jeu_obtenu, jeu_attendu = obtenu["jeu après l'appel"], attendu["jeu après l'appel"]
    if not isinstance(jeu_obtenu, dict):
        return False
    return (jeu_obtenu.get("score") == jeu_attendu["score"]
            and jeu_obtenu.get("plateau") in (jeu_attendu["plateau"], args[0]["plateau"]))


def _diag_deplacer(args: tuple, obtenu: Observation, attendu: Observation) -> str | None:
    plateau, case = args
    apres = obtenu.get("plateau après l'appel")
    if isinstance(apres, list) and len(apres) == 12:
        if apres[case] != 0:
            return "la case de départ doit être vide à la fin : on la saute quand on fait le tour du plateau"
        if sum(apres) != sum(plateau):
            return "le nombre total de graines doit rester le même pendant le semis"
    return None


def _diag_ramasser(args: tuple, obtenu: Observation, attendu: Observation) -> str | None:
    if obtenu.get("renvoie") == attendu["renvoie"] and obtenu != attendu:
        return "les cases récoltées doivent être vidées sur le plateau (modification en place)"
    return None


# ---------------------------------------------------------------- the specs
_R_PARITE = "joueur1 joue quand jeu['n'] est pair (n commence à 0 et joueur1 commence)"
SPECS: dict[str, Spec] = {s.question: s for s in [
    Spec("Q4", "tour_joueur1", ("jeu",), "renvoie", _jeux_tours_varies, _R_PARITE),
    Spec("Q5", "tourner_plateau", ("jeu",), "renvoie_et_jeu", _jeux,
         "les cases 0 à 5 et 6 à 11 sont échangées (dans l'ordre), le reste du jeu ne change pas, rien n'est renvoyé"),
    Spec("Q7", "copie", ("jeu",), "copie", _jeux,
         "la copie est égale à l'original et ne partage aucune liste avec lui (copie profonde, sans deepcopy)",
         contraintes=("sans_deepcopy", "arguments_intacts")),
    Spec("Q8", "deplacer_graines", ("plateau", "case"), "renvoie_et_plateau", _plateau_case(toutes_les_cases=True),
         "on sème une graine par case dans le sens 0→1→…→11→0 en sautant la case de départ ; "
         "la fonction renvoie l'indice de la dernière case semée", diagnostic=_diag_deplacer),
    Spec("Q9", "case_ramassable", ("plateau", "case"), "renvoie", _plateau_case(toutes_les_cases=True, non_vide=False),
         "une case est ramassable si elle est dans le camp adverse (indices 6 à 11) et contient 2 ou 3 graines"),
    Spec("Q10", "ramasser_graines", ("plateau", "case"), "renvoie_et_plateau", _apres_semis,
         "on ramasse la case puis les précédentes tant qu'elles sont ramassables (camp adverse, 2 ou 3 graines) ; "
         "les cases ramassées sont vidées et la fonction renvoie le total",
         dependances=("case_ramassable",), contraintes=("recursive",), diagnostic=_diag_ramasser),
    Spec("Q11", "test_famine", ("plateau", "case"), "renvoie", _plateau_case(toutes_les_cases=True),
         "après le semis et la récolte (sur une copie), le camp adverse (cases 6 à 11) ne doit pas être vide",
         dependances=("deplacer_graines", "ramasser_graines", "case_ramassable"),
         contraintes=("arguments_intacts",)),
    Spec("Q12", "test_case", ("plateau", "case"), "renvoie", _plateau_case(toutes_les_cases=True, non_vide=False),
         "une case est acceptable si elle est dans le camp du joueur (0 à 5), non vide, et ne provoque pas la famine",
         dependances=("test_famine", "deplacer_graines", "ramasser_graines", "case_ramassable")),
    Spec("Q13", "cases_possibles", ("jeu",), "renvoie", _jeux,
         "la liste, dans l'ordre croissant, des cases 0 à 5 acceptables selon test_case",
         dependances=("test_case", "test_famine", "deplacer_graines", "ramasser_graines", "case_ramassable"),
         contraintes=("arguments_intacts",)),
    Spec("Q14", "tour_suivant", ("jeu",), "renvoie", _jeux_finis_et_autres,
         "la partie s'arrête si un score atteint 25, si n ≥ 100, s'il reste 3 graines ou moins, "
         "ou si le joueur qui doit jouer n'a aucune case possible",
         dependances=("cases_possibles", "test_case", "test_famine", "deplacer_graines", "ramasser_graines",
                      "case_ramassable", "tour_joueur1")),
    Spec("Q15", "tour_jeu", ("jeu", "case"), "renvoie_et_jeu", _jeux_et_cases,
         "une case refusée ne change rien et renvoie True ; sinon on sème, on récolte, on ajoute le gain au score "
         "du joueur qui vient de jouer, on incrémente n, on tourne le plateau et on renvoie tour_suivant(jeu)",
         dependances=("test_case", "test_famine", "deplacer_graines", "ramasser_graines", "case_ramassable",
                      "tour_joueur1", "tourner_plateau", "tour_suivant", "cases_possibles")),
    Spec("Q16", "gagnant", ("jeu",), "renvoie_et_jeu", _jeux_finis_et_autres,
         "chaque joueur ajoute à son score les graines de son camp (cases 0 à 5 : le joueur dont c'est le tour), "
         "puis on renvoie le nom du joueur qui a le plus de graines, ou \"égalité\"",
         dependances=("tour_joueur1",), accepter=_gagnant_accepte),
    Spec("Q17", "gain", ("jeu", "case"), "gain", _jeux_et_cases_jouables,
         "gain renvoie (graines gagnées, nouveau jeu) ; le nouveau jeu a son score, n et son plateau (tourné) "
         "mis à jour, et le jeu passé en argument n'est pas modifié",
         dependances=("copie", "deplacer_graines", "ramasser_graines", "case_ramassable", "tour_joueur1",
                      "tourner_plateau"),
         contraintes=("arguments_intacts",)),
    Spec("Q19", "NegaAwale", ("jeu", "profondeur_max", "profondeur"), "renvoie", _negamax_cas,
         "NegaAwale renvoie ±500 ou 0 sur une partie finie, 0 à la profondeur maximale, sinon le maximum des "
         "g - NegaAwale(enfant) (la case à jouer à la racine, via max_vals)",
         dependances=("tour_suivant", "gagnant", "tour_joueur1", "cases_possibles", "gain", "max_vals", "copie",
                      "test_case", "test_famine", "deplacer_graines", "ramasser_graines", "case_ramassable",
                      "tourner_plateau")),
    Spec("Q20", "max_vals", ("vals_jeu", "profondeur"), "renvoie", _max_vals_cas,
         "à la racine (profondeur 0) la case du premier maximum, sinon la valeur maximale ; "
         "sans max, min ni sort (interdits par l'annexe)",
         contraintes=("sans_max_min_sort", "arguments_intacts")),
]}


def cas_caches(question: str) -> list[tuple]:
    """The hidden inputs of a question, deterministic."""
    return SPECS[question].cas()
