"""How the Nim paper is graded: one ``Spec`` per function question (``SPECS``), the structured answer
(``REPONSES_ATTENDUES``).

- ``coups_possibles`` (Q2) is a plain function: its value is compared on every hidden case;
- ``gagnante`` (Q3) must call itself (constraint ``recursive``, graded by a family of its own);
- ``gagnante_memo`` (Q4) is judged by counting calls (observation ``appels``), never by timing;
- ``coup_gagnant`` (Q5) has two rule families: winning positions (the main one) and losing ones (an
  accessory rule: ``return 1`` passes it, so it pays only beside the main one).

>>> SPECS["Q4"].appels_permis((5,))
'chaque fonction appelée au plus 16 fois (une par position et par coup examiné, plus l’appel de départ)'
"""

from __future__ import annotations

from typing import Any

from awale_ref.grading.correcteur import reponses_structurees
from awale_ref.grading.eleve.specs import Famille, Observation, Spec
from awale_ref.sujets.nim import allumettes as a

MODULE = "awale_ref.sujets.nim.allumettes"


# ---------------------------------------------------------------- domains: what the paper answers on
def allumettes(args: tuple) -> bool:
    """Q2, Q3, Q4 « n allumettes sont posées sur la table »: n is an int, 0 included (no match left)."""
    (n,) = args
    return type(n) is int and n >= 0


def reste_des_allumettes(args: tuple) -> bool:
    """Q5 « il reste n allumettes et c'est à vous de jouer »: at least one match to take."""
    (n,) = args
    return type(n) is int and n >= 1


# ---------------------------------------------------------------- hidden cases: the same list every time
def cas_petits() -> list[tuple]:
    return [(n,) for n in range(0, 16)]


def cas_memo() -> list[tuple]:
    return [(n,) for n in range(0, 19)]


def cas_coup() -> list[tuple]:
    return [(n,) for n in range(1, 41)]


# ---------------------------------------------------------------- Q4: memoisation, by counting calls
def _au_plus(args: tuple) -> int:
    return 3 * args[0] + 1


def appels_q4(args: tuple) -> str:
    """What the paper allows of the calls on one case (shown as « attendu » when the count is too high)."""
    return f"chaque fonction appelée au plus {_au_plus(args)} fois (une par position et par coup examiné, " \
           f"plus l’appel de départ)"


def memoisee(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q4 (LECTURES['memo']): the same value, and no function called more than 3n + 1 times."""
    valeur_juste = "renvoie" not in attendu or obtenu.get("renvoie") == attendu["renvoie"]
    appels = obtenu.get("appels")
    appels_permis = "appels" not in attendu or (type(appels) is dict
                                                and all(k <= _au_plus(args) for k in appels.values()))
    return valeur_juste and appels_permis


# ---------------------------------------------------------------- Q5: which cases a family covers
def position_gagnante(args: tuple, attendu: Observation) -> bool:
    return args[0] % 4 != 0


def position_perdante(args: tuple, attendu: Observation) -> bool:
    return args[0] % 4 == 0


# ---------------------------------------------------------------- the specs
SPECS: dict[str, Spec] = {s.question: s for s in [
    Spec("Q2", "coups_possibles", ("n",), "renvoie", cas_petits,
         "les nombres d'allumettes qu'on peut prendre (1, 2 ou 3, sans dépasser n), dans l'ordre croissant",
         domaine=allumettes, module=MODULE),
    Spec("Q3", "gagnante", ("n",), "renvoie", cas_petits,
         "True si un coup laisse à l'adversaire une position perdante ; 0 allumette est perdante ; "
         "la fonction est récursive",
         contraintes=("recursive",), domaine=allumettes, module=MODULE,
         familles=(Famille("la valeur de chaque position", 0.8),
                   Famille("récursive : gagnante s'appelle elle-même", 0.2, contrainte="recursive"))),
    Spec("Q4", "gagnante_memo", ("n",), "appels", cas_memo,
         "la même valeur que gagnante, chaque position calculée une seule fois (mémoïsation)",
         accepter=memoisee, appels_permis=appels_q4, domaine=allumettes, module=MODULE,
         familles=(Famille("la valeur de gagnante", 0.6, cles=("renvoie",)),
                   Famille("mémoïsation (appels comptés)", 0.4, cles=("appels",), accessoire=True))),
    Spec("Q5", "coup_gagnant", ("n",), "renvoie", cas_coup,
         "depuis une position gagnante, prendre de quoi laisser un multiple de 4 ; depuis une position "
         "perdante, prendre une seule allumette",
         domaine=reste_des_allumettes, module=MODULE,
         familles=(Famille("position gagnante : laisser un multiple de 4", 0.7, position_gagnante),
                   Famille("position perdante : une seule allumette", 0.3, position_perdante, accessoire=True))),
]}


# ---------------------------------------------------------------- the structured answer
def forme_q1(v: Any) -> str | None:
    """The shape a Q1 answer must have (``None``: right shape), in French."""
    if not (isinstance(v, list) and all(type(n) is int for n in v)):
        return "une liste de nombres entiers d'allumettes, par exemple [1, 2]"
    return None


REPONSES_ATTENDUES: dict[str, tuple] = {
    "Q1_perdantes": (forme_q1, lambda: a.REPONSES["Q1"],
                     "une position est perdante quand tous ses coups laissent une position gagnante ; "
                     "0 allumette est perdante",
                     reponses_structurees.en_ordre),
}
