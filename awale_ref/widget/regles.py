"""The rules a board plays with: the exam's reference functions or a student's, checked.

A student watches their own code play by passing their functions to the
board.  Each call goes through :class:`Regles`, which turns an exception or a
broken invariant (seeds not conserved, origin pit not emptied, a return value
of the wrong type, a board changed when it should not be) into an
:class:`ErreurEleve` whose message, in French, says what went wrong.  The
board shows that message instead of crashing.

>>> regles = Regles()                       # the exam's reference
>>> derniere, espion = regles.semer([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 4)
>>> derniere, espion
(9, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2])
>>> def deplacer_graines(plateau, case):    # a student who forgets the return
...     plateau[case + 1] += plateau[case]
...     plateau[case] = 0
>>> Regles(deplacer_graines=deplacer_graines).semer([4] * 12, 2)
Traceback (most recent call last):
...
awale_ref.widget.regles.ErreurEleve: Votre fonction deplacer_graines(plateau, 2) doit renvoyer un entier (l'indice de la dernière case semée), elle a renvoyé None (NoneType).
"""

from __future__ import annotations

from collections.abc import Callable

from awale_ref import exam

FONCTIONS = (
    "deplacer_graines",
    "ramasser_graines",
    "test_case",
    "tourner_plateau",
    "tour_suivant",
    "gagnant",
    "NegaAwale",
)
"""The exam functions a board can take from a student (Q8, Q10, Q12, Q5, Q14, Q16, Q19)."""

ECRITURES_MAX = 10_000
"""More writes than this in one call means a runaway loop: the call is stopped."""


class ErreurEleve(Exception):
    """A student's function raised or broke an invariant (French message for the student)."""


class PlateauEspion(list):
    """A board (``list``) that records each write, to replay a sowing or a harvest step by step.

    ``ecritures`` holds ``(indice, plateau après l'écriture)``; ``indice`` is
    None for a slice assignment.

    >>> p = PlateauEspion([0, 2, 1])
    >>> p[1] = 0; p[2] += 1
    >>> p.ecritures
    [(1, (0, 0, 1)), (2, (0, 0, 2))]
    """

    def __init__(self, valeurs=()) -> None:
        super().__init__(valeurs)
        self.ecritures: list[tuple[int | None, tuple]] = []

    def __setitem__(self, indice, valeur) -> None:
        super().__setitem__(indice, valeur)
        if len(self.ecritures) >= ECRITURES_MAX:
            raise ErreurEleve(f"Plus de {ECRITURES_MAX} écritures dans le plateau pendant un seul "
                              "coup : la boucle ne s'arrête pas (une variable n'est pas mise à jour ?).")
        self.ecritures.append((indice if isinstance(indice, int) else None, tuple(self)))


def graines(nombre: int) -> str:
    """« 1 graine », « 5 graines » (French plural: 0 and 1 are singular).

    >>> graines(0), graines(1), graines(16)
    ('0 graine', '1 graine', '16 graines')
    """
    return f"{nombre} graine" + ("s" if nombre > 1 else "")


def _est_entier(valeur) -> bool:
    return isinstance(valeur, int) and not isinstance(valeur, bool)


def _nom_type(valeur) -> str:
    return type(valeur).__name__


class Regles:
    """The functions a board plays with, each call checked.

    ``fonctions`` (a dict) and keyword arguments name the student's
    functions (names from :data:`FONCTIONS`); the others are the exam's
    reference.  The functions are always given copies, except for the board
    that ``deplacer_graines`` and ``ramasser_graines`` change in place.

    >>> Regles({"test_case": exam.test_case}).eleve
    ('test_case',)
    >>> Regles(jouer=print)
    Traceback (most recent call last):
    ...
    ValueError: unknown rule function 'jouer' (expected one of deplacer_graines, ramasser_graines, test_case, tourner_plateau, tour_suivant, gagnant, NegaAwale)
    """

    def __init__(self, fonctions: dict[str, Callable] | None = None, **autres: Callable) -> None:
        donnees = {**(fonctions or {}), **autres}
        for nom, fonction in donnees.items():
            if nom not in FONCTIONS:
                raise ValueError(f"unknown rule function {nom!r} (expected one of {', '.join(FONCTIONS)})")
            if not callable(fonction):
                raise TypeError(f"rule function {nom!r} must be callable, got {fonction!r}")
        self.fonctions = {nom: donnees.get(nom, getattr(exam, nom)) for nom in FONCTIONS}
        self.eleve = tuple(nom for nom in FONCTIONS if nom in donnees)

    def est_reference(self, nom: str) -> bool:
        """True when ``nom`` is the exam's reference function (not the student's)."""
        return nom not in self.eleve

    def _qui(self, nom: str) -> str:
        return f"La fonction de référence {nom}" if self.est_reference(nom) else f"Votre fonction {nom}"

    def _appeler(self, nom: str, appel: str, *arguments):
        """Call function ``nom``; an exception becomes an ErreurEleve naming the call."""
        try:
            return self.fonctions[nom](*arguments)
        except ErreurEleve:
            raise
        except NotImplementedError:
            raise ErreurEleve(f"{self._qui(nom)} n'est pas encore écrite (elle lève NotImplementedError) : "
                              "complétez-la, exécutez sa cellule, puis celle du plateau.") from None
        except RecursionError:
            raise ErreurEleve(f"{self._qui(nom)}{appel} s'appelle sans fin (RecursionError) : "
                              "vérifiez le cas de base de la récursion.") from None
        except Exception as erreur:  # any bug of the student's code
            detail = f" : {erreur}" if str(erreur) else " (sans message)"
            raise ErreurEleve(f"{self._qui(nom)}{appel} a levé l'exception "
                              f"{_nom_type(erreur)}{detail}") from erreur

    def _verifier_plateau(self, nom: str, appel: str, plateau: list) -> None:
        if len(plateau) != 12 or not all(_est_entier(g) and g >= 0 for g in plateau):
            raise ErreurEleve(f"Après {nom}{appel}, le plateau n'est plus une liste de 12 entiers "
                              f"positifs ou nuls : {list(plateau)}.")

    # ------------------------------------------------------------ one call each
    def accepte(self, plateau: list, case: int) -> bool:
        """``test_case(plateau, case)``, which must return a bool and leave the board unchanged.

        >>> Regles().accepte([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 3)
        False
        """
        appel = f"(plateau, {case})"
        essai = list(plateau)
        reponse = self._appeler("test_case", appel, essai, case)
        if not isinstance(reponse, bool):
            raise ErreurEleve(f"{self._qui('test_case')}{appel} doit renvoyer un booléen (True ou False), "
                              f"elle a renvoyé {reponse!r} ({_nom_type(reponse)}).")
        if essai != list(plateau):
            raise ErreurEleve(f"{self._qui('test_case')}{appel} a modifié le plateau ({list(plateau)} "
                              f"est devenu {essai}) : elle doit seulement tester la case "
                              "(test_famine doit travailler sur une copie).")
        return reponse

    def semer(self, plateau: list, case: int) -> tuple[int, PlateauEspion]:
        """``deplacer_graines`` on a recording copy: ``(dernière case, plateau semé)``.

        Checks: an int in 0–11 is returned, the seeds are conserved, the
        origin pit is empty afterwards.
        """
        appel = f"(plateau, {case})"
        espion = PlateauEspion(plateau)
        derniere = self._appeler("deplacer_graines", appel, espion, case)
        qui = self._qui("deplacer_graines")
        if not _est_entier(derniere):
            raise ErreurEleve(f"{qui}{appel} doit renvoyer un entier (l'indice de la dernière case "
                              f"semée), elle a renvoyé {derniere!r} ({_nom_type(derniere)}).")
        if not 0 <= derniere <= 11:
            raise ErreurEleve(f"{qui}{appel} a renvoyé {derniere}, qui n'est pas un indice de case "
                              "(0 à 11) : pensez au modulo 12.")
        self._verifier_plateau("deplacer_graines", appel, espion)
        if plateau[case] > 0 and list(espion) == list(plateau):
            raise ErreurEleve(f"{qui}{appel} n'a pas modifié le plateau : il faut semer dans la liste "
                              "reçue en argument (en place), pas dans une copie.")
        if sum(espion) != sum(plateau):
            raise ErreurEleve(f"{qui}{appel} ne conserve pas les graines : {sum(plateau)} graines "
                              f"avant, {sum(espion)} après ({list(plateau)} → {list(espion)}).")
        if plateau[case] > 0 and espion[case] != 0:
            raise ErreurEleve(f"{qui}{appel} n'a pas vidé la case de départ {case} (elle contient "
                              f"{graines(espion[case])} après le semis) : avec 12 graines ou plus, "
                              "la case de départ est sautée.")
        return derniere, espion

    def recolter(self, plateau: list, derniere: int) -> tuple[int, PlateauEspion]:
        """``ramasser_graines`` on a recording copy: ``(gain, plateau récolté)``.

        Checks: an int is returned, no pit gains seeds, and the gain equals
        the seeds taken from the board.
        """
        appel = f"(plateau, {derniere})"
        espion = PlateauEspion(plateau)
        gain = self._appeler("ramasser_graines", appel, espion, derniere)
        qui = self._qui("ramasser_graines")
        if not _est_entier(gain) or gain < 0:
            raise ErreurEleve(f"{qui}{appel} doit renvoyer le nombre de graines ramassées (un entier "
                              f"positif ou nul), elle a renvoyé {gain!r} ({_nom_type(gain)}).")
        self._verifier_plateau("ramasser_graines", appel, espion)
        if any(apres > avant for avant, apres in zip(plateau, espion)):
            raise ErreurEleve(f"{qui}{appel} a ajouté des graines dans une case "
                              f"({list(plateau)} → {list(espion)}) : ramasser ne fait que vider des cases.")
        retirees = sum(plateau) - sum(espion)
        if gain != retirees:
            raise ErreurEleve(f"{qui}{appel} annonce un gain de {graines(gain)} mais a retiré "
                              f"{graines(retirees)} du plateau : les graines ne sont pas conservées.")
        return gain, espion

    def tourner(self, jeu: dict) -> list:
        """``tourner_plateau`` on a copy of ``jeu``: the turned board (in place or a new list)."""
        essai = exam.copie(jeu)
        self._appeler("tourner_plateau", "(jeu)", essai)
        attendu = jeu['plateau'][6:12] + jeu['plateau'][0:6]
        if list(essai['plateau']) != attendu:
            raise ErreurEleve(f"{self._qui('tourner_plateau')}(jeu) a donné le plateau "
                              f"{essai['plateau']} au lieu de {attendu} (les cases 0–5 et 6–11 "
                              "doivent être échangées).")
        return attendu

    def continue_(self, jeu: dict) -> bool:
        """``tour_suivant`` on a copy of ``jeu``: True while the game goes on."""
        reponse = self._appeler("tour_suivant", "(jeu)", exam.copie(jeu))
        if not isinstance(reponse, bool):
            raise ErreurEleve(f"{self._qui('tour_suivant')}(jeu) doit renvoyer un booléen, elle a "
                              f"renvoyé {reponse!r} ({_nom_type(reponse)}).")
        return reponse

    def vainqueur(self, jeu: dict) -> tuple[str, dict]:
        """``gagnant`` on a copy of ``jeu``: ``(nom du gagnant ou "égalité", jeu après l'appel)``."""
        essai = exam.copie(jeu)
        nom = self._appeler("gagnant", "(jeu)", essai)
        possibles = (jeu['joueur1'], jeu['joueur2'], exam.EGALITE)
        if nom not in possibles:
            raise ErreurEleve(f"{self._qui('gagnant')}(jeu) doit renvoyer {possibles[0]!r}, "
                              f"{possibles[1]!r} ou {possibles[2]!r}, elle a renvoyé {nom!r}.")
        return nom, essai

    def choix_ia(self, jeu: dict, profondeur: int) -> int:
        """``NegaAwale(jeu, profondeur, 0)`` on a copy: the pit the AI plays."""
        appel = f"(jeu, {profondeur}, 0)"
        case = self._appeler("NegaAwale", appel, exam.copie(jeu), profondeur, 0)
        if not _est_entier(case) or not 0 <= case <= 5:
            raise ErreurEleve(f"{self._qui('NegaAwale')}{appel} doit renvoyer à la racine la case à "
                              f"jouer (0 à 5), elle a renvoyé {case!r}.")
        return case
