"""The CCINP's checks that are not "compare a function with the reference on a corpus".

- the structured answers of the reasoning questions (Q1, Q2, Q3, Q6, Q18)
  (:data:`REPONSES_ATTENDUES`, the table shape of ``awale_ref.grading.correcteur.reponses_structurees``):
  Q1–Q3 computed by the reference on each student's own figures (:mod:`.variantes`), the others
  compared with ``awale_ref.sujets.ccinp_2024.facts``;
- Q21, whose contract is a call: ``awale_ia`` must play a whole game, asking
  ``NegaAwale(jeu, 6, 0)`` for every move (spied on, not searched).

Each check returns a ``Resultat`` with a French message.  ``format_*``
functions are the visible tests: they check the shape of an answer without
revealing it.

>>> from awale_ref.sujets.ccinp_2024.variantes import VARIANTES
>>> verifier_reponse("Q1_cases", [5, 4, 2], REPONSES_ATTENDUES, (VARIANTES[0], facts.FIGURE4)).ok
True
>>> verifier_reponse("Q6_bits", 5, REPONSES_ATTENDUES).ok
False
"""

from __future__ import annotations

import contextlib
import io
import json
import types
from typing import Any, Callable

from awale_ref.grading.correcteur.reponses_structurees import credit_par_cle, en_ordre, format_reponse, verifier_reponse
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.grading.eleve.textes import decrire_exception_nommee, decrire_trop_long
from awale_ref.grading.executant import observations
from awale_ref.grading.executant.encodage import ObjetRefuse, decoder
from awale_ref.grading.executant.observations import sous_delai
from awale_ref.sujets.ccinp_2024 import facts
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.sujets.ccinp_2024.partie_ia import jouer
from awale_ref.sujets.ccinp_2024.variantes import FIGURE4_ENONCE, FIGURE5_ENONCE


def _est_plateau(valeur: Any) -> bool:
    return (isinstance(valeur, list) and len(valeur) == 12
            and all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in valeur))


def _format_cases(valeur: Any) -> str | None:
    if not isinstance(valeur, list) or not valeur or not all(isinstance(c, int) and 0 <= c <= 11 for c in valeur):
        return "une liste non vide d'indices de cases (entiers de 0 à 11)"
    return None


def _format_plateaux(valeur: Any) -> str | None:
    if (not isinstance(valeur, dict) or not valeur
            or not all(isinstance(k, int) and _est_plateau(v) for k, v in valeur.items())):
        return ("un dictionnaire non vide {case jouée: plateau après le coup}, chaque plateau étant une liste de 12 "
                "entiers")
    return None


def _format_gains(valeur: Any) -> str | None:
    if (not isinstance(valeur, dict) or not valeur
            or not all(isinstance(k, int) and isinstance(v, int) for k, v in valeur.items())):
        return "un dictionnaire non vide {case jouée: nombre de graines gagnées}"
    return None


def _format_situation(valeur: Any) -> str | None:
    if (not isinstance(valeur, dict) or set(valeur) != {"plateau", "gain"} or not _est_plateau(valeur["plateau"])
            or not isinstance(valeur["gain"], int)):
        return "un dictionnaire {\"plateau\": liste de 12 entiers, \"gain\": entier}"
    return None


def _format_entier(valeur: Any) -> str | None:
    if not isinstance(valeur, int) or isinstance(valeur, bool):
        return "un entier"
    return None


def _format_arbre(valeur: Any) -> str | None:
    if not isinstance(valeur, dict) or not valeur or not all(
            isinstance(k, str) and isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, int) for x in v)
            for k, v in valeur.items()):
        return "un dictionnaire non vide {étiquette du nœud: (G, VJ)}, par exemple {\"b\": (4, 4), …}"
    return None




def _noeud(cle: str, obtenu: tuple, attendu: tuple) -> tuple[float, str]:
    """Q18: a node of the tree, its G and its VJ for half each."""
    justes = [obtenu[0] == attendu[0], obtenu[1] == attendu[1]]
    return (sum(justes) / 2, f"{cle} ({'G' if not justes[0] else ''}{' et ' if not any(justes) else ''}"
                             f"{'VJ' if not justes[1] else ''} inexact)")


def _apres_coup(plateau: list, case: int, recolte: bool = True) -> tuple[list, int]:
    """The board after Alice plays ``case`` (sown, then harvested unless ``recolte`` is false; not turned) and
    her gain, as the reference plays it, on a copy."""
    apres = list(plateau)
    derniere = exam.deplacer_graines(apres, case)
    return apres, exam.ramasser_graines(apres, derniere) if recolte else 0


def _cases_jouables(plateau: list) -> list:
    """Q1 on a board of figure 4 (which no move can starve: the famine plays no part)."""
    return [case for case in range(6) if exam.test_case(plateau, case)]


def _situation(plateau: list, recolte: bool = True) -> dict:
    """Q3: Alice plays pit 5 (her only non-empty pit in figure 5)."""
    apres, gain = _apres_coup(plateau, 5, recolte)
    return {"plateau": apres, "gain": gain}


def _q3_deux_lectures(nom: str, valeur: dict, attendu: dict, indice: str) -> Resultat:
    """Q3, situation 1: the exam states the famine rule two ways; each reading is judged on its own terms.

    ``attendu`` is the reading "cancelled harvest" (the sowing stays); the reading "forbidden move" is the
    board before it: Alice's pit 5 gets back the seed sown in each of Bob's non-empty pits (in figure 5
    she sows into Bob's row only, and a starved row is empty past the last pit sown)."""
    semees = [case for case in range(6, 12) if attendu["plateau"][case]]
    avant = [g - (case in semees) for case, g in enumerate(attendu["plateau"])]
    avant[5] = len(semees)
    lectures = {"récolte annulée": attendu, "coup interdit": {"plateau": avant, "gain": 0}}
    for lecture, admise in lectures.items():
        if valeur == admise:
            return Resultat(True, f"Q3_situation1 : réponse exacte (lecture « {lecture} » de la règle de la "
                                  f"famine ; dites dans la justification ce qui suit).", 1)
    return Resultat(False, f"Q3_situation1 : réponse inexacte ({valeur!r}) pour chacune des deux lectures. "
                           f"Rappel : {indice}.", 1)


REPONSES_ATTENDUES: dict[str, tuple] = {
    # name: (format check, expected value, hint[, judge(value, expected, hint) -> Resultat]); without a
    # judge, the answer is compared with == (a subject's own answers use the same table shape)
    # Q1–Q3 are asked on the student's own figures 4 and 5 (:mod:`.variantes`): their expected value takes them
    # (called without data: the statement's own figures)
    "Q1_cases": (_format_cases, lambda plateau=FIGURE4_ENONCE: _cases_jouables(plateau),
                 "les cases jouables sont non vides, dans le camp d'Alice, et n'affament pas Bob", en_ordre),
    "Q2_plateaux": (_format_plateaux,
                    lambda plateau=FIGURE4_ENONCE: {c: _apres_coup(plateau, c)[0] for c in _cases_jouables(plateau)},
                    "un plateau par case jouable, après le semis (case de départ sautée) et la récolte",
                    credit_par_cle("plateaux")),
    "Q2_gains": (_format_gains,
                 lambda plateau=FIGURE4_ENONCE: {c: _apres_coup(plateau, c)[1] for c in _cases_jouables(plateau)},
                 "le gain d'un coup est le total des cases récoltées (2 ou 3 graines, camp adverse, en remontant)",
                 credit_par_cle("gains")),
    "Q3_situation1": (_format_situation, lambda figure5=FIGURE5_ENONCE: _situation(figure5[0], recolte=False),
                      "deux lectures de la famine sont admises : récolte annulée (le semis a lieu, gain 0) ou "
                      "coup interdit (le plateau ne change pas, gain 0)", _q3_deux_lectures),
    "Q3_situation2": (_format_situation, lambda figure5=FIGURE5_ENONCE: _situation(figure5[1]),
                      "la récolte remonte tant que les cases du camp adverse ont 2 ou 3 graines"),
    "Q6_max_graines": (_format_entier, lambda: facts.Q6_MAX_GRAINES,
                       "une case peut contenir au plus toutes les graines du jeu"),
    "Q6_bits": (_format_entier, lambda: facts.Q6_BITS,
                "avec k bits on code les entiers de 0 à 2**k - 1"),
    "Q18_arbre": (_format_arbre, lambda: {k: (g, vj) for k, (_, _, g, vj) in facts.Q18_ARBRE.items()},
                  "G est le gain du coup ; VJ = max(G_i - VJ_i) sur les enfants, 0 à la profondeur 2",
                  credit_par_cle("nœuds", _noeud)),
    "Q18_case": (_format_entier, lambda: facts.Q18_CASE_CHOISIE,
                 "la case de la racine dont la valeur g - VJ est la plus grande"),
}

QUESTIONS_REPONSES = tuple(REPONSES_ATTENDUES)


# ---------------------------------------------------------------- Q21
def parties_attendues_q21(reference: types.ModuleType) -> tuple[list, Any]:
    """The calls ``NegaAwale(jeu, 6, 0)`` of a whole game where the spy plays the last playable pit,
    and its winner, with the reference rules (judge side)."""
    jeu = reference.initialisation("Alice", "Bob")
    attendus = []
    continuer = True
    while continuer:
        case = reference.cases_possibles(jeu)[-1]
        attendus.append([6, 0, list(jeu["plateau"]), jeu["n"]])
        continuer = reference.tour_jeu(jeu, case)
    return attendus, reference.gagnant(jeu)


def juger_q21(reponse: dict, reference: types.ModuleType) -> Resultat:
    """The verdict of Q21 from the runner's plain data (``partie_ia.jouer``)."""
    if "trop_long" in reponse:
        return Resultat(False, f"Q21 — awale_ia(\"Alice\", \"Bob\") : {decrire_trop_long(reponse['trop_long'])}.")
    if "exception" in reponse:
        nom, message = (list(reponse["exception"]) + ["", ""])[:2]
        return Resultat(False, f"Q21 — awale_ia(\"Alice\", \"Bob\") : "
                               f"{decrire_exception_nommee(str(nom), str(message))}.")
    try:
        obs = decoder(reponse.get("obs"))
        appels, vainqueur = obs["appels"], obs["renvoie"]
    except (ObjetRefuse, KeyError, TypeError) as exc:
        return Resultat(False, f"Q21 — awale_ia renvoie {exc}." if isinstance(exc, ObjetRefuse)
                        else "Q21 — réponse illisible.")
    attendus, attendu_vainqueur = parties_attendues_q21(reference)
    if not appels:
        return Resultat(False, "Q21 — awale_ia n'appelle jamais NegaAwale : la ligne 6 doit devenir "
                               "case_choisie = NegaAwale(jeu, 6, 0).")
    mauvais = [a for a in appels if a[:2] != [6, 0]]
    if mauvais:
        return Resultat(False, f"Q21 — NegaAwale est appelée avec profondeur_max={mauvais[0][0]}, "
                               f"profondeur={mauvais[0][1]} ; attendu NegaAwale(jeu, 6, 0).")
    if appels != attendus:
        return Resultat(False, f"Q21 — awale_ia a demandé {len(appels)} coups à NegaAwale au lieu de "
                               f"{len(attendus)} pour une partie complète, ou sur un autre état du jeu : "
                               f"un coup par tour, sur le jeu courant, jusqu'à la fin.")
    if vainqueur != attendu_vainqueur:
        return Resultat(False, f"Q21 — awale_ia renvoie {vainqueur!r} au lieu du vainqueur "
                               f"{attendu_vainqueur!r} (gagnant(jeu) en fin de partie).")
    return Resultat(True, f"Q21 — awale_ia : une partie complète, {len(appels)} appels NegaAwale(jeu, 6, 0).", 1)


def verifier_q21(fonction: Callable, reference: types.ModuleType, delai: float | None = None) -> Resultat:
    """``awale_ia`` plays a full game and asks ``NegaAwale(jeu, 6, 0)`` each move (in one process).

    The search is replaced by a spy as strict as the real function
    (``partie_ia.jouer``); every other exam function is the reference's,
    ``affiche`` the real one.  The same plain-data verdict as the judge's.
    ``delai``: seconds allowed to the game (``observations.sous_delai``).
    """
    espace = dict(fonction.__globals__)
    for nom, valeur in vars(reference).items():
        if isinstance(valeur, types.FunctionType) and nom != "awale_ia":
            espace[nom] = valeur
    joue = types.FunctionType(fonction.__code__, espace, fonction.__name__, fonction.__defaults__,
                              fonction.__closure__)
    with contextlib.redirect_stdout(io.StringIO()):
        reponse = sous_delai(delai, lambda: jouer(joue, espace, vars(reference), observations.OUTILS_DE_PARTIE))
    return juger_q21(json.loads(json.dumps(reponse)), reference)
