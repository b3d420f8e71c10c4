"""How each question of Exercise 2 (the lycée awalé) is graded: specs and structured answers.

One ``Spec`` per function question (Q2–Q14), graded against
:mod:`awale_ref.sujets.olympiades_2025_awale.awale_lycee` by the same core as the CCINP
(``awale_ref.grading``).  The hidden inputs are the CCINP's: its corpus of
game positions (``awale_ref.corpus``, turned into lycée states by
``awale_lycee.depuis_ccinp``) and its input generators wherever the rule is
the same (``awale_ref.grading.eleve.specs``); plus what only the lycée rules need:

- the 45-seed end rule, on each side: exactly 45 and 46 seeds taken, and
  exactly 3 seeds on the board (the CCINP's game stops there, the lycée's
  goes on if the player to move can play);
- boards where a move starves the opponent, by its harvest or because the
  opponent has no seed left and the move does not reach it (the corpus has
  few: ``test_famine``, ``test_case``, ``cases_possibles`` need them);
- ``awale`` (Q14), played from the keyboard with scripted answers: whole
  games, a refused answer now and then.

The subject names two booleans against their sense: ``test_famine`` is True
when the move STARVES the opponent, ``tour_termine`` True when the game GOES
ON.  Each is graded as the subject defines it; their rule families make a
constant answer worthless (each family holds both values), and a function
written with the CCINP's sense answers the opposite on every case, so it
earns nothing there.

The rule families give the partial credit a corrector would, as the CCINP's
do: a sowing right but for the lap loses the lap and the pit it returns
after a lap (1/3 left, as the CCINP's Q8); a harvest that runs on into the
player's own pits loses "stop at the own side" only; ``tour_termine`` has
one family per end rule (the 45-seed rule with ``>= 45``, or the CCINP's
"3 seeds or less" instead, fails that one alone); ``tour_jeu`` splits the
moves that take seeds from those that take none, so that a wrong
Condition1 (the gain given to the other player) loses the first only.

The reasoning questions (Q1, Q2, Q4, Q6a, Q7a, Q8a) are structured answers
(``REPONSES_ATTENDUES``), those of Q6a–Q8a on the boards the text lost,
reconstructed in ``awale_lycee.FIGURES_RECONSTRUITES``.

>>> spec = SPECS["Q8"]
>>> spec.observer(spec.reference(), ([0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0], 5))
{'renvoie': True}
>>> [f.nom for f in SPECS["Q11"].rubriques()][:2]
['fin par le score (25 ou plus)', 'fin à plus de 45 graines ramassées à eux deux']
>>> reponses_structurees.format_reponse("Q7a_graines", 8, REPONSES_ATTENDUES).ok
True
"""

from __future__ import annotations

import functools
import random
from typing import Any, Callable

from awale_ref import cas_awale
from awale_ref.cas_awale import plateau_valide
from awale_ref.grading.correcteur import reponses_structurees
from awale_ref.grading.eleve.specs import Famille, Observation, Spec
from awale_ref.sujets.olympiades_2025_awale import awale_lycee as lycee, variantes

# Every helper below runs in the clean room after the awale_ref modules are replaced by stubs (the
# case generators excepted, run before): they use the modules imported here, never a lazy import.

MODULE = "awale_ref.sujets.olympiades_2025_awale.awale_lycee"
_TIERS = 1 / 3
_INTACTS = "arguments non modifiés"


# ---------------------------------------------------------------- the hidden inputs
def _etat(score_j1: int, score_j2: int, nb_tours: int, plateau: list, noms=("Alice", "Bob")) -> dict:
    return {"joueur1": noms[0], "joueur2": noms[1], "score_j1": score_j1, "score_j2": score_j2,
            "nb_tours": nb_tours, "plateau": list(plateau)}


def _etats() -> list[dict]:
    """The CCINP's positions (its corpus and named edge cases) as lycée states."""
    return [lycee.depuis_ccinp(jeu) for jeu in cas_awale.positions()]


def _plateaux_de_famine() -> list[tuple[list, int]]:
    """Boards and pits (0–5, non empty) around the famine: the corpus has few.

    A pit whose last seed lands in pit ``5 + m`` of an opponent holding 1 or
    2 seeds in each of its pits 6 to ``5 + m``: the harvest takes them all
    (famine), unless the opponent keeps a seed beyond (no famine); and an
    opponent with no seed at all, fed by some pits of the player, not by
    others.
    """
    rng = random.Random(2025)
    res = []
    for m in range(1, 7):
        for _ in range(6):
            adverse = [rng.choice((1, 2)) for _ in range(m)] + [0] * (6 - m)
            if m < 6 and rng.random() < 0.4:
                adverse[rng.randrange(m, 6)] = rng.choice((1, 4))  # a seed out of reach: no famine
            case = rng.randrange(6)
            joueur = [rng.choice((0, 0, 1, 3)) for _ in range(6)]
            joueur[case] = 5 - case + m
            res.append((joueur + adverse, case))
    for _ in range(24):
        joueur = [rng.choice((0, 0, 1, 2, 3, 5, 7)) for _ in range(6)]
        if not any(joueur):
            joueur[rng.randrange(6)] = 1
        res += [(joueur + [0] * 6, case) for case in range(6) if joueur[case]]
    return res


def _etats_de_famine() -> list[dict]:
    """The boards of ``_plateaux_de_famine`` as states (the seeds taken make 48 in all, shared out)."""
    res, vus = [], set()
    for n, (plateau, _) in enumerate(_plateaux_de_famine()):
        if tuple(plateau) in vus:
            continue
        vus.add(tuple(plateau))
        pris = max(0, 48 - sum(plateau))
        res.append(_etat(pris // 2, pris - pris // 2, 20 + n, plateau))
    return res


def _fins_lyceennes() -> list[dict]:
    """States on each side of the lycée end rules: the CCINP's (turned into lycée states), and the
    45 seeds taken — 44, 45 (3 seeds left, the game goes on), 46 —, a player blocked with 3 seeds."""
    etats = [lycee.depuis_ccinp(jeu) for jeu in cas_awale.fins_de_partie()]
    jouable = [1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0]  # 4 seeds, the player to move can play
    trois = [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]    # exactly 3 seeds: the CCINP stops, the lycée goes on
    trois_bis = [0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0]
    deux = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]
    bloque = [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]    # 3 seeds, no pit reaches the starved opponent
    for nb_tours in (40, 41):  # each state near one rule at most: a mistake on one rule fails its family alone
        etats += [_etat(22, 22, nb_tours, jouable), _etat(23, 22, nb_tours, trois), _etat(22, 23, nb_tours, trois),
                  _etat(23, 22, nb_tours, trois_bis), _etat(23, 23, nb_tours, deux), _etat(24, 22, nb_tours, deux),
                  _etat(20, 25, nb_tours, trois), _etat(22, 23, nb_tours, bloque),
                  _etat(9, 24, nb_tours, [2, 2, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1])]
    beaucoup = [3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
    etats += [_etat(22, 23, 100, trois), _etat(23, 22, 101, trois),  # 45 taken: only the 100 turns end these
              _etat(12, 10, 100, beaucoup), _etat(12, 10, 99, beaucoup)]
    return etats


def _cas_tour_joueur1() -> list[tuple]:
    return [(lycee.depuis_ccinp(jeu),) for (jeu,) in cas_awale.jeux_tours_varies()]


def _cas_somme() -> list[tuple]:
    res = []
    for etat in _etats()[::3]:
        plt = etat["plateau"]
        for n, p in ((0, 5), (6, 11), (0, 11), (3, 3), (2, 9), (11, 11), (0, 0), (5, 6)):
            res.append((plt, n, p))
    return res


def _cas_plateau() -> list[tuple]:
    return [(etat["plateau"],) for etat in _etats()]


def _cas_famine() -> list[tuple]:
    """Q8: the pits 0–5 (non empty) of the corpus, and the boards around the famine."""
    return cas_awale.plateau_case()() + _plateaux_de_famine()


def _cas_test_case() -> list[tuple]:
    """Q9: every pit from 0 to 11, empty or not (a negative pit is not graded: LECTURES['test_case_court_circuit'])."""
    plateaux = [plt for plt, _ in _plateaux_de_famine()]
    plateaux = [p for i, p in enumerate(plateaux) if p not in plateaux[:i]]
    return (cas_awale.plateau_case(toutes_les_cases=True, non_vide=False)()
            + [(plt, case) for plt in plateaux for case in range(12)])


def _cas_etats() -> list[tuple]:
    return [(etat,) for etat in _etats() + _etats_de_famine()]


def _cas_tour_termine() -> list[tuple]:
    return [(etat,) for etat in _etats()[:160] + _etats_de_famine()[::2] + _fins_lyceennes()]


def _cas_tour_jeu() -> list[tuple]:
    etats = _etats() + _etats_de_famine() + _fins_lyceennes()
    return [(etat, case) for etat in etats for case in range(6)] + [(etats[0], 7)]


def _cas_gagnant() -> list[tuple]:
    return ([(lycee.depuis_ccinp(jeu),) for (jeu,) in cas_awale.jeux_finis_et_autres()]
            + [(etat,) for etat in _fins_lyceennes()])


def _coups(noms: tuple[str, str], politique: str, erreurs: bool) -> list[int]:
    """The answers typed during a whole game where each player takes the first, the last or the middle
    acceptable pit (``politique``), with, if ``erreurs``, a refused answer before every fifth move."""
    etat = lycee.initialisation(*noms)
    saisies: list[int] = []
    continuer = lycee.tour_termine(etat)
    while continuer:
        possibles = lycee.cases_possibles(etat)
        if erreurs and etat["nb_tours"] % 5 == 0:
            saisies.append(next((c for c in range(6) if c not in possibles), 7))
        saisies.append({"premiere": possibles[0], "derniere": possibles[-1],
                        "milieu": possibles[len(possibles) // 2]}[politique])
        continuer = lycee.tour_jeu(etat, saisies[-1])
    return saisies


@functools.lru_cache(maxsize=None)
def _parties() -> tuple:
    return tuple((noms[0], noms[1], tuple(_coups(noms, politique, erreurs)))
                 for noms in (("Alice", "Bob"), ("Zoé", "Yanis"))
                 for politique in ("premiere", "derniere", "milieu") for erreurs in (False, True))


def _cas_awale() -> list[tuple]:
    return [(j1, j2, list(saisies)) for j1, j2, saisies in _parties()]


# ---------------------------------------------------------------- rule families
def _tour_complet(args: tuple, attendu: Observation) -> bool:
    """Q5: the pit holds 12 seeds or more, so the sowing laps round and skips its origin."""
    plt, c = args
    return plt[c] >= 12


def _non(selection: Callable[[tuple, Observation], bool]) -> Callable[[tuple, Observation], bool]:
    return lambda args, attendu: not selection(args, attendu)


def _adversaire_pourvu(args: tuple, attendu: Observation) -> bool:
    """Q8: the opponent has seeds before the move (a famine can only come from the harvest)."""
    plt, c = args
    return any(plt[6:12])


def _famine_possible(args: tuple, attendu: Observation) -> bool:
    """Q10: a position where a non-empty pit of the player is refused because of the famine."""
    plt = args[0]["plateau"]
    return any(plt[c] and lycee.test_famine(plt, c) for c in range(6))


def _regles_q11(etat: dict) -> tuple[set[str], set[str]]:
    """Q11: the end rules that end the game here (active), and those a step from it (near: a score of 24,
    44 or 45 seeds taken, turn 99)."""
    j1, j2, tours = etat["score_j1"], etat["score_j2"], etat["nb_tours"]
    possibles = len(lycee.cases_possibles(etat))
    actives = {nom for nom, vrai in (("score", max(j1, j2) >= 25), ("45", j1 + j2 > 45), ("tours", tours >= 100),
                                     ("bloque", possibles == 0)) if vrai}
    proches = {nom for nom, vrai in (("score", max(j1, j2) == 24), ("45", j1 + j2 in (44, 45)), ("tours", tours == 99))
               if vrai}  # a blocked player has no near miss: one acceptable pit is an ordinary position
    return actives, proches


def _limite(nom: str) -> Callable[[tuple, Observation], bool]:
    """Q11: the positions one end rule decides (alone or with others), its near misses where no rule
    ends the game, and the ordinary positions (near none) as contrast: a function that forgets one rule
    loses that rule's family only, and a constant answer fails every family."""
    def selection(args: tuple, attendu: Observation) -> bool:
        actives, proches = _regles_q11(args[0])
        return nom in actives or (not actives and (nom in proches or not proches))

    return selection


def _case_refusee(args: tuple, attendu: Observation) -> bool:
    etat, c = args
    return not lycee.test_case(etat["plateau"], c)


def _gain(etat: dict, c: int) -> int:
    plt = list(etat["plateau"])
    return lycee.ramasser_graines(plt, lycee.semer_graines(plt, c))


def _coup_sans_recolte(args: tuple, attendu: Observation) -> bool:
    """Q12: an acceptable pit whose move takes nothing: whoever the gain goes to, the scores stay."""
    return not _case_refusee(args, attendu) and _gain(*args) == 0


def _coup_avec_recolte(args: tuple, attendu: Observation) -> bool:
    """Q12: an acceptable pit whose move takes seeds: the gain must go to the player who moved
    (Condition1), so this family is the one a wrong condition fails."""
    return not _case_refusee(args, attendu) and _gain(*args) > 0


def _awale_accepte(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q14: what each rule family admits besides the reference's exact output, by the key it compares."""
    if set(attendu) == {"affiche_fin"}:
        return _gagnant_affiche(obtenu, attendu, args)
    if set(attendu) == {"affiche_avant"}:
        return _joueur_non_nomme(obtenu, attendu, args) is None
    return False


def _joueur_non_nomme(obtenu: Observation, attendu: Observation, args: tuple) -> tuple[int, str] | None:
    """Q14: the first answer read (its number from 1, and the player to move) before which the player to move
    is not named, or None.  Checked at each turn's first answer (a refused pit asked again may be asked
    without the name): what was shown since the answer before (printed lines, then the prompt passed to
    input) names the player to move, whom the reference names there; any wording, any case (« ALICE »), the
    other name beside it (a line of scores) (LECTURES['awale_affichage']).  Answers past the reference's last are the other
    family's concern; a function that reads none names nobody."""
    references, textes = attendu.get("affiche_avant"), obtenu.get("affiche_avant")
    if not isinstance(references, list) or not isinstance(textes, list) or not textes:
        return (1, "")
    precedent = None
    for numero, (reference, texte) in enumerate(zip(references, textes), start=1):
        nommes = [nom for nom in args[:2] if nom in reference]
        joueur = nommes[0] if len(nommes) == 1 else None
        if (joueur is not None and joueur != precedent
                and not (isinstance(texte, str) and joueur.casefold() in texte.casefold())):
            return (numero, joueur)
        precedent = joueur
    return None


def _awale_diagnostic(args: tuple, obtenu: Observation, attendu: Observation) -> str | None:
    """Q14: which answer was read without naming the player to move, when that is the only rule broken."""
    manque = _joueur_non_nomme(obtenu, attendu, args)
    if (manque is None or not manque[1] or obtenu.get("saisies_lues") != attendu.get("saisies_lues")
            or not _gagnant_affiche(obtenu, attendu, args)):
        return None
    numero, joueur = manque
    return (f"avant la saisie n° {numero}, c'est à {joueur} de jouer : ce qui est affiché depuis la saisie "
            f"précédente (lignes affichées et invite de input) doit le nommer")


def _gagnant_affiche(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q14: a line printed once the last answer is read names the winner (or "égalité"), and not the other
    possible result; any wording around it, any other line (LECTURES['awale_affichage'])."""
    if "affiche_fin" not in attendu:
        return False
    gagnant = attendu["affiche_fin"][-1] if attendu["affiche_fin"] else ""
    autres = {args[0], args[1], "égalité"} - {gagnant}
    lignes = obtenu.get("affiche_fin")
    return bool(gagnant) and isinstance(lignes, list) and any(
        isinstance(l, str) and gagnant in l and not any(autre in l for autre in autres) for l in lignes)


def _meme_ensemble(obtenu: Observation, attendu: Observation, args: tuple) -> bool:
    """Q10: the acceptable pits in any order, each once (LECTURES['cases_possibles_ordre'])."""
    liste = obtenu.get("renvoie")
    return (set(obtenu) == set(attendu) == {"renvoie"} and type(liste) is list
            and all(type(c) is int for c in liste) and sorted(liste) == attendu["renvoie"])


def etat_valide(etat_jeu: object) -> bool:
    """« L'état de la partie est un dictionnaire etat_jeu à six clés : les noms "joueur1" (celui qui commence)
    et "joueur2", leurs scores "score_j1" et "score_j2" (les graines récoltées), le nombre de tours déjà joués
    "nb_tours" […] et le "plateau" » (le plateau du CCINP : 12 nombres de graines)."""
    return (type(etat_jeu) is dict and set(etat_jeu) == {"joueur1", "joueur2", "score_j1", "score_j2",
                                                          "nb_tours", "plateau"}
            and type(etat_jeu["joueur1"]) is str and type(etat_jeu["joueur2"]) is str
            and all(type(etat_jeu[k]) is int and etat_jeu[k] >= 0 for k in ("score_j1", "score_j2", "nb_tours"))
            and cas_awale.plateau_valide(etat_jeu["plateau"]))


def _d_etat(args: tuple) -> bool:
    """Q2, Q10, Q11, Q13 : la fonction reçoit etat_jeu, l'état d'une partie (à n'importe quel tour, finie ou
    non : Q11 et Q13 ont justement à le dire)."""
    return len(args) == 1 and etat_valide(args[0])


def _d_plateau(args: tuple) -> bool:
    """Q4 : tourner_plateau(plt) « tourne la liste plt elle-même » : un plateau de 12 cases."""
    return len(args) == 1 and cas_awale.plateau_valide(args[0])


def _d_somme(args: tuple) -> bool:
    """Q3 : somme(plt, n, p) « renvoie le nombre de graines des cases n à p, toutes deux comprises
    (n <= p) » : deux cases du plateau, n avant p."""
    plt, n, p = args
    return cas_awale.plateau_valide(plt) and type(n) is int and type(p) is int and 0 <= n <= p <= 11


def _d_case(args: tuple) -> bool:
    """Q6, Q7, Q9 : un plateau et une case c de 0 à 11 (Q7 : « c est la dernière case semée » ; Q9 : « la
    fonction est notée sur les cases 0 à 11 », le sujet ne parle pas d'une saisie comme -1)."""
    plt, c = args
    return cas_awale.plateau_valide(plt) and type(c) is int and 0 <= c <= 11


def _coup_du_joueur(args: tuple) -> bool:
    """Q8 : test_famine(plt, c) dit si « jouer la case c » affame l'adversaire : une case du joueur courant
    (0 à 5) qui a des graines à semer."""
    plt, c = args
    return _d_case(args) and c <= 5 and plt[c] > 0


def _case_du_plateau(args: tuple) -> bool:
    """Q5 : semer_graines(plt, c) : « on prend toutes les graines de la case c (non vide), on les sème » :
    une case non vide de 0 à 11."""
    plt, c = args
    return _d_case(args) and plt[c] > 0


def _case_jouee(args: tuple) -> bool:
    """Q12 : tour_jeu(etat_jeu, c) joue la case c si test_case l'accepte, sinon ne change rien : toute case
    de 0 à 11 (comme test_case, le sujet ne parle pas d'une saisie négative : LECTURES['test_case_court_circuit'])."""
    etat, c = args
    return etat_valide(etat) and type(c) is int and 0 <= c <= 11


def _d_partie(args: tuple) -> bool:
    """Q14 : awale(nom_joueur1, nom_joueur2), « une partie entre deux personnes au clavier » : deux noms
    différents, et les cases tapées au clavier (des entiers, lus par int(input(...)))."""
    nom_joueur1, nom_joueur2, saisies = args
    return (type(nom_joueur1) is str and type(nom_joueur2) is str and nom_joueur1 != nom_joueur2
            and all(type(c) is int for c in saisies))


def _spec(question: str, nom: str, parametres: tuple[str, ...], genre: str, cas: Callable[[], list[tuple]],
          regle: str, **autres: Any) -> Spec:
    return Spec(question, nom, parametres, genre, cas, regle, module=MODULE,
                presentation="awale_ref.sujets.ccinp_2024.presentation", **autres)


# ---------------------------------------------------------------- the specs
SPECS: dict[str, Spec] = {s.question: s for s in [
    _spec("Q2", "tour_joueur1", ("etat_jeu",), "renvoie", _cas_tour_joueur1,
          "joueur1 joue quand etat_jeu['nb_tours'] est pair (il commence, au tour 0)", domaine=_d_etat),
    _spec("Q3", "somme", ("plt", "n", "p"), "renvoie", _cas_somme,
          "le total des graines des cases n à p, toutes deux comprises", contraintes=("arguments_intacts",), domaine=_d_somme),
    _spec("Q4", "tourner_plateau", ("plt",), "renvoie_et_plateau", _cas_plateau,
          "la liste plt elle-même est modifiée : ses cases 0 à 5 et 6 à 11 sont échangées, chaque moitié "
          "dans son ordre (un nouveau plateau renvoyé laisserait etat_jeu inchangé)",
          familles=(Famille("le plateau lui-même est tourné", 1.0, cles=("plateau_apres",)),), domaine=_d_plateau),
    _spec("Q5", "semer_graines", ("plt", "c"), "renvoie_et_plateau", cas_awale.plateau_case(toutes_les_cases=True),
          "on sème une graine par case dans le sens 0 → 1 → … → 11 → 0 en sautant la case de départ ; "
          "la fonction renvoie l'indice de la dernière case semée", domaine=_case_du_plateau,
          diagnostic=cas_awale.diag_deplacer,
          familles=(Famille("semis sans faire le tour du plateau", _TIERS, _non(_tour_complet),
                            ("plateau_apres",)),
                    Famille("tour complet : la case de départ est sautée", _TIERS, _tour_complet,
                            ("plateau_apres",)),
                    Famille("indice de la dernière case semée (valeur renvoyée)", _TIERS, cles=("renvoie",)))),
    _spec("Q6", "case_ramassable", ("plt", "c"), "renvoie",
          cas_awale.plateau_case(toutes_les_cases=True, non_vide=False),
          "une case est ramassable si elle est dans le camp adverse (6 à 11) et contient 2 ou 3 graines", domaine=_d_case),
    _spec("Q7", "ramasser_graines", ("plt", "c"), "renvoie_et_plateau", cas_awale.apres_semis,
          "on ramasse la case c puis les précédentes tant qu'elles sont ramassables ; les cases ramassées sont "
          "vidées dans plt et la fonction renvoie le total", diagnostic=cas_awale.diag_ramasser,
          familles=(Famille("la chaîne de récolte dans le camp adverse", 0.5, _non(cas_awale.chaine_jusqua_camp)),
                    Famille("arrêt au camp du joueur (cases 0 à 5 jamais récoltées)", 0.5,
                            cas_awale.chaine_jusqua_camp)), domaine=_d_case),
    _spec("Q8", "test_famine", ("plt", "c"), "renvoie", _cas_famine,
          "True quand le coup AFFAME l'adversaire : après le semis et la récolte (sur une copie), ses cases 6 à 11 "
          "sont toutes vides ; False sinon", contraintes=("arguments_intacts",), domaine=_coup_du_joueur,
          familles=(Famille("famine par la récolte (l'adversaire avait des graines)", 0.45, _adversaire_pourvu),
                    Famille("adversaire déjà sans graine : affamé si le coup ne lui en donne pas", 0.25,
                            _non(_adversaire_pourvu)),
                    Famille(_INTACTS + " (le test travaille sur une copie)", 0.3, contrainte="arguments_intacts"))),
    _spec("Q9", "test_case", ("plt", "c"), "renvoie", _cas_test_case,
          "une case est acceptable si elle est dans le camp du joueur (0 à 5), non vide, et si test_famine "
          "est False (le coup n'affame pas)", contraintes=("arguments_intacts",), domaine=_d_case),
    _spec("Q10", "cases_possibles", ("etat_jeu",), "renvoie", _cas_etats,
          "la liste des indices des cases 0 à 5 acceptables selon test_case (dans n'importe quel ordre)",
          contraintes=("arguments_intacts",), accepter=_meme_ensemble,
          familles=(Famille("positions sans coup affamant", 0.4, _non(_famine_possible)),
                    Famille("positions où la famine interdit une case", 0.4, _famine_possible),
                    Famille(_INTACTS, 0.2, contrainte="arguments_intacts")), domaine=_d_etat),
    _spec("Q11", "tour_termine", ("etat_jeu",), "renvoie", _cas_tour_termine,
          "True quand la partie CONTINUE ; False dès qu'un joueur a 25 graines, que les deux en ont plus de 45 "
          "à eux deux, que le joueur qui doit jouer n'a aucune case acceptable, ou que nb_tours >= 100",
          contraintes=("arguments_intacts",),
          familles=(Famille("fin par le score (25 ou plus)", 0.2, _limite("score")),
                    Famille("fin à plus de 45 graines ramassées à eux deux", 0.2, _limite("45")),
                    Famille("fin après 100 tours", 0.2, _limite("tours")),
                    Famille("fin quand le joueur n'a aucune case acceptable", 0.2, _limite("bloque")),
                    Famille(_INTACTS, 0.2, contrainte="arguments_intacts")), domaine=_d_etat),
    _spec("Q12", "tour_jeu", ("etat_jeu", "c"), "renvoie_et_jeu", _cas_tour_jeu,
          "une case refusée ne change rien et renvoie True ; sinon on sème, on récolte, on ajoute le gain au "
          "score du joueur qui vient de jouer, on ajoute 1 à nb_tours, on tourne le plateau et on renvoie "
          "tour_termine(etat_jeu)", domaine=_case_jouee,
          familles=(Famille("case refusée : rien ne change, renvoie True", 0.2, _case_refusee, accessoire=True),
                    Famille("coup sans récolte : semis, nb_tours, plateau tourné, valeur renvoyée", 0.4,
                            _coup_sans_recolte),
                    Famille("coup avec récolte : le gain ajouté au score du joueur qui a joué", 0.4,
                            _coup_avec_recolte))),
    _spec("Q13", "gagnant", ("etat_jeu",), "renvoie_et_jeu", _cas_gagnant,
          "chaque joueur ajoute à son score les graines de son camp (cases 0 à 5 : le joueur dont c'est le tour, "
          "joueur1 si nb_tours est pair), puis on renvoie le nom du joueur qui a le plus de graines, ou "
          "\"égalité\" (le plateau peut être vidé ou laissé)",
          accepter=cas_awale.plateau_vide_ou_laisse("score_j1", "score_j2"),
          familles=(Famille("graines du camp ajoutées aux scores", 0.5, cles=("jeu_apres",)),
                    Famille("nom du gagnant ou \"égalité\"", 0.5, cles=("renvoie",))), domaine=_d_etat),
    _spec("Q14", "awale", ("nom_joueur1", "nom_joueur2", "saisies"), "saisies", _cas_awale,
          "tant que tour_termine dit que la partie continue : afficher le plateau, demander une case au joueur "
          "courant en le nommant (int(input(...))) et jouer tour_jeu ; à la fin, afficher le nom du gagnant "
          "(ou \"égalité\")",
          accepter=_awale_accepte, diagnostic=_awale_diagnostic,
          familles=(Famille("une case demandée par coup, jusqu'à la fin de la partie", 0.4, cles=("saisies_lues",)),
                    Famille("le joueur qui doit jouer nommé avant de lire sa case", 0.2, cles=("affiche_avant",),
                            accessoire=True),
                    Famille("le gagnant affiché à la fin", 0.4, cles=("affiche_fin",))), domaine=_d_partie),
]}


def cas_caches(question: str) -> list[tuple]:
    """The hidden inputs of a question, deterministic."""
    return SPECS[question].cas()


# ---------------------------------------------------------------- the reasoning questions


def _seme(plt: list, c: int) -> list:
    """Q1: the board after the sowing of ``c`` alone (no harvest), on a copy."""
    apres = list(plt)
    lycee.semer_graines(apres, c)
    return apres


def _format_plateaux_q1(valeur: Any) -> str | None:
    if not (isinstance(valeur, dict) and set(valeur) == {4, 5} and all(plateau_valide(p) for p in valeur.values())):
        return "un dictionnaire {4: plateau après la semaille de la case 4, 5: plateau après celle de la case 5}"
    return None


def _format_parite(valeur: Any) -> str | None:
    return None if valeur in ("paire", "impaire") else "la chaîne \"paire\" ou \"impaire\""


def _format_plateau(valeur: Any) -> str | None:
    return None if plateau_valide(valeur) else "une liste de 12 entiers positifs ou nuls"


def _format_cases(valeur: Any) -> str | None:
    if not (isinstance(valeur, list) and valeur and all(type(c) is int and 0 <= c <= 11 for c in valeur)):
        return "une liste non vide d'indices de cases (entiers de 0 à 11)"
    return None


def _format_entier(valeur: Any) -> str | None:
    return None if type(valeur) is int else "un entier"


def _format_case_joueur(valeur: Any) -> str | None:
    return None if type(valeur) is int and 0 <= valeur <= 5 else "un indice de case entre 0 et 5 (un entier)"


REPONSES_ATTENDUES: dict[str, tuple] = {
    # name: (format check, expected value, hint[, judge]) as a subject's REPONSES_ATTENDUES
    # Q1 and Q6a–Q8a are asked on the student's own boards (:mod:`.variantes`): their expected value takes the
    # board (called without one: the statement's)
    "Q1_plateaux": (_format_plateaux_q1, lambda plt=variantes.PLATEAU_Q1_ENONCE: {c: _seme(plt, c) for c in (4, 5)},
                    "on sème seulement (pas de récolte à cette question), une graine par case à partir de la "
                    "suivante, en sautant la case jouée, qui reste vide", reponses_structurees.credit_par_cle("plateaux")),
    "Q2_parite": (_format_parite, lambda: lycee.REPONSES["Q2"],
                  "nb_tours vaut 0 au premier coup de joueur1 et augmente de 1 à chaque coup"),
    "Q4_figure4": (_format_plateau, lambda: lycee.REPONSES["Q4"],
                   "les cases 6 à 11 passent en 0 à 5, dans le même ordre, et inversement"),
    "Q6a_ramassables": (_format_cases, lambda plt=variantes.PLATEAU_Q6_ENONCE: [c for c in range(12)
                                                                                if lycee.case_ramassable(plt, c)],
                        "une case ramassable est dans le camp adverse (6 à 11) et a exactement 2 ou 3 graines",
                        reponses_structurees.en_ordre),
    "Q7a_graines": (_format_entier, lambda plt=variantes.PLATEAU_Q7_ENONCE: lycee.ramasser_graines(list(plt), 10),
                    "on part de la dernière case semée et on remonte tant que les cases sont ramassables"),
    "Q8a_case": (_format_case_joueur, lambda plt=variantes.PLATEAU_Q8_ENONCE: next(
        c for c in variantes.CASES_Q8 if lycee.test_famine(plt, c)),
                 "un coup affame l'adversaire si, après le semis et la récolte, ses six cases sont vides"),
}
"""The reasoning questions answered by a value (their justification is graded by hand)."""
