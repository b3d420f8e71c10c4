"""The rules a board plays with: the exam's functions (computed by the engine, ``awale_ref.fonctions_moteur``) or a
student's, checked.

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

from awale_ref import engine, fonctions_moteur
from awale_ref.fonctions_eleve import est_a_la_place

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


def de(nom: str) -> str:
    """« de Bob », « d'Alice » (French elision before a vowel; a name starting with h is left as it is).

    >>> de("Alice"), de("Bob"), de("Émile")
    ("d'Alice", 'de Bob', "d'Émile")
    """
    return f"d'{nom}" if nom[:1].lower() in "aeiouyàâäéèêëîïôöùûüœæ" and nom[:1] else f"de {nom}"


def _est_entier(valeur) -> bool:
    return isinstance(valeur, int) and not isinstance(valeur, bool)


def _nom_type(valeur) -> str:
    return type(valeur).__name__


def appel_protege(qui: str, appel: str, fonction: Callable, *arguments):
    """``fonction(*arguments)``; an exception becomes an ErreurEleve that names ``qui`` and ``appel``.

    ``qui`` starts the French sentence (« Votre fonction test_case »).

    >>> appel_protege("Votre fonction f", "(plateau, 2)", lambda p, c: p[c], [], 2)
    Traceback (most recent call last):
    ...
    awale_ref.widget.regles.ErreurEleve: Votre fonction f(plateau, 2) a levé l'exception IndexError : list index out of range
    """
    try:
        return fonction(*arguments)
    except ErreurEleve:
        raise
    except NotImplementedError:
        raise ErreurEleve(f"{qui} n'est pas encore écrite (elle lève NotImplementedError) : "
                          "complétez-la, exécutez sa cellule, puis celle du plateau.") from None
    except RecursionError:
        raise ErreurEleve(f"{qui}{appel} s'appelle sans fin (RecursionError) : "
                          "vérifiez le cas de base de la récursion.") from None
    except Exception as erreur:  # any bug of the student's code
        detail = f" : {erreur}" if str(erreur) else " (sans message)"
        raise ErreurEleve(f"{qui}{appel} a levé l'exception {_nom_type(erreur)}{detail}") from erreur


def fonctions_eleve(fonctions: dict | None, autres: dict, permises: tuple[str, ...], inconnue: str) -> dict:
    """The student's functions given as a dict and as keyword arguments, checked against ``permises``.

    ``inconnue`` starts the error for a name outside ``permises``.
    """
    donnees = {**(fonctions or {}), **autres}
    for nom, fonction in donnees.items():
        if nom not in permises:
            raise ValueError(f"{inconnue} {nom!r} (expected one of {', '.join(permises)})")
        if not callable(fonction):
            raise TypeError(f"rule function {nom!r} must be callable, got {fonction!r}")
    return donnees


class Regles:
    """The functions a board plays with, each call checked.

    ``fonctions`` (a dict) and keyword arguments name the student's
    functions (names from :data:`FONCTIONS`); the others are the exam's,
    computed by the engine (:mod:`awale_ref.fonctions_moteur`).  The
    functions are always given copies, except for the board that
    ``deplacer_graines`` and ``ramasser_graines`` change in place.

    The board's operations are keyed by the CCINP names (``fonctions``,
    ``eleve``, ``est_reference``); another subject (its folder's ``REGLES``,
    ``partie.regles_des_sujets``: the lycée's ``ReglesLycee``) maps them to its own
    functions and names through the hooks below (``_nom``, ``_etat``,
    ``_jeu``, ``jeu_du_sujet``, ``PLATEAU``, ``JEU``), so that every check and message is shared.

    >>> Regles({"test_case": fonctions_moteur.test_case}).eleve
    ('test_case',)
    >>> Regles(jouer=print)
    Traceback (most recent call last):
    ...
    ValueError: unknown rule function 'jouer' (expected one of deplacer_graines, ramasser_graines, test_case, tourner_plateau, tour_suivant, gagnant, NegaAwale)
    """

    SUJET = "ccinp"
    """The subject whose rules the board plays (see ``Partie``'s ``sujet``)."""
    PLATEAU, JEU = "plateau", "jeu"
    """How the subject names the board and the game dict in its signatures (for the messages)."""
    EXPLIQUER_FIN = False
    """True: the end-of-game message says which rule ended the game."""

    def __init__(self, fonctions: dict[str, Callable] | None = None, **autres: Callable) -> None:
        donnees = fonctions_eleve(fonctions, autres, FONCTIONS, "unknown rule function")
        # a stand-in (the students' environment before the due date) plays the student's function of that name
        donnees = {**{nom: getattr(fonctions_moteur, nom) for nom in FONCTIONS
                      if est_a_la_place(getattr(fonctions_moteur, nom))}, **donnees}
        self.fonctions = {nom: donnees.get(nom, getattr(fonctions_moteur, nom)) for nom in FONCTIONS}
        self.eleve = tuple(nom for nom in FONCTIONS if nom in donnees)

    # ------------------------------------------------------------ hooks of a subject
    def _nom(self, role: str) -> str:
        """The subject's name of the function that does ``role`` (a name of :data:`FONCTIONS`)."""
        return role

    def _etat(self, jeu: dict) -> dict:
        """What the subject's functions take for ``jeu``: here a copy of the exam dict."""
        return fonctions_moteur.copie(jeu)

    def _jeu(self, etat: dict, role: str) -> dict:
        """The exam dict of ``etat`` after the student's ``role`` changed it."""
        return etat

    def est_reference(self, nom: str) -> bool:
        """True when ``nom`` is the exam's reference function (not the student's)."""
        return nom not in self.eleve

    def _qui(self, nom: str) -> str:
        nom_sujet = self._nom(nom)
        if self.est_reference(nom):
            return f"La fonction de référence {nom_sujet}"
        return f"Votre fonction {nom_sujet}"

    def _appeler(self, nom: str, appel: str, *arguments):
        """Call function ``nom``; an exception becomes an ErreurEleve naming the call."""
        return appel_protege(self._qui(nom), appel, self.fonctions[nom], *arguments)

    def _verifier_plateau(self, nom: str, appel: str, plateau: list) -> None:
        if len(plateau) != 12 or not all(_est_entier(g) and g >= 0 for g in plateau):
            raise ErreurEleve(f"Après {self._nom(nom)}{appel}, le plateau n'est plus une liste de 12 entiers "
                              f"positifs ou nuls : {list(plateau)}.")

    # ------------------------------------------------------------ the reference's judgement, in French
    def decideur(self, role: str) -> tuple[str, str]:
        """Who decided ``role`` when it disagrees with the reference: (sentence subject, detail).

        ``detail`` (maybe "") names the student's call that answered differently, without a final period.

        >>> Regles(test_case=fonctions_moteur.test_case).decideur("test_case")
        ('votre test_case', '')
        """
        return f"votre {self._nom(role)}", ""

    def raison_famine(self, nom_case: str, adversaire: str) -> str:
        """Why the reference refuses a pit that starves ``adversaire`` (``nom_case`` capitalised)."""
        return (f"{nom_case} laisserait {adversaire} sans aucune graine dans sa rangée : ce plateau suit "
                "le programme de la partie II, pour qui un tel coup est interdit (règle de la famine ; "
                "l'autre lecture de l'énoncé jouerait le coup en annulant la récolte).")

    def continue_reference(self, jeu: dict) -> bool:
        """The subject's reference verdict on ``jeu``: True while the game goes on."""
        return fonctions_moteur.tour_suivant(jeu)

    def _petite_fin(self, jeu: dict) -> str:
        """The subject's own end rule, in French, when it ends ``jeu`` ("" otherwise)."""
        reste = sum(jeu['plateau'])
        if reste <= 3:
            return f"il ne reste que {graines(reste)} sur le plateau, 3 ou moins"
        return ""

    def raison_fin(self, jeu: dict) -> str:
        """Why the reference ends ``jeu``, in French ("" when the game goes on).

        >>> Regles().raison_fin({'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [25, 0], 'n': 9,
        ...                      'plateau': [4] * 12})
        'Alice a 25 graines dans sa réserve, 25 suffisent pour gagner'
        """
        if self.continue_reference(jeu):
            return ""
        for nom, score in zip((jeu['joueur1'], jeu['joueur2']), jeu['score']):
            if score >= engine.GRAINES_VICTOIRE:
                return (f"{nom} a {graines(score)} dans sa réserve, "
                        f"{engine.GRAINES_VICTOIRE} suffisent pour gagner")
        petite_fin = self._petite_fin(jeu)
        if petite_fin:
            return petite_fin
        if jeu['n'] >= engine.TOURS_MAX:
            return f"{jeu['n']} tours ont été joués, {engine.TOURS_MAX} au plus"
        joueur = jeu['joueur1'] if fonctions_moteur.tour_joueur1(jeu) else jeu['joueur2']
        return f"{joueur} ne peut jouer aucune case"

    def _conseil_fin(self, continue_eleve: bool, jeu: dict) -> str:
        """A hint added when the student's end of game disagrees with the reference."""
        return ""

    def ecart_fin(self, jeu: dict, continue_eleve: bool) -> str:
        """A French warning when the student's end-of-game verdict differs from the reference ("" if not).

        Call it just after :meth:`continue_`, before any other rule call.
        """
        if self.continue_reference(jeu) == continue_eleve:
            return ""
        sujet, detail = self.decideur("tour_suivant")
        if continue_eleve:
            texte = (f"Attention : {sujet} laisse la partie continuer, alors que d'après l'énoncé elle est "
                     f"finie ({self.raison_fin(jeu)}).")
        else:
            texte = f"Attention : {sujet} arrête la partie, alors que d'après l'énoncé elle continue."
        if detail:
            texte = f"{texte[:-1]} : {detail}."
        return " ".join(t for t in (texte, self._conseil_fin(continue_eleve, jeu)) if t)

    def rejouer(self, coups: str, joueur1: str, joueur2: str) -> dict:
        """The exam dict after the move string ``coups`` (letters a–l), replayed by the subject's rules."""
        from awale_ref import notation
        return notation.rejouer(coups, joueur1, joueur2)

    def jeu_du_sujet(self, position: dict) -> dict:
        """The exam dict of a position given as a dict in the subject's own shape: here it is one already."""
        return position

    def valeurs_ia(self, jeu: dict, profondeur: int) -> list[tuple[int, int]]:
        """``[(case, valeur)]`` of the reference AI for each playable pit: the exam's root list ``vals_jeu``,
        each pit's gain minus the value of the position it leads to (``fonctions_moteur``'s ``gain`` and
        ``NegaAwale``, the fast engine; in the students' environment before the due date, stand-ins).

        >>> Regles().valeurs_ia({'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 0,
        ...                      'plateau': [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]}, 1)
        [(2, 0), (4, 8), (5, 0)]
        """
        valeurs = []
        for case in fonctions_moteur.cases_possibles(fonctions_moteur.copie(jeu)):
            gain, suite = fonctions_moteur.gain(fonctions_moteur.copie(jeu), case)
            valeurs.append((case, gain - fonctions_moteur.NegaAwale(suite, profondeur, 1)))
        return valeurs

    # ------------------------------------------------------------ one call each
    def accepte(self, plateau: list, case: int) -> bool:
        """``test_case(plateau, case)``, which must return a bool and leave the board unchanged.

        >>> Regles().accepte([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 3)
        False
        """
        appel = f"({self.PLATEAU}, {case})"
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
        appel = f"({self.PLATEAU}, {case})"
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
        appel = f"({self.PLATEAU}, {derniere})"
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
        essai = fonctions_moteur.copie(jeu)
        self._appeler("tourner_plateau", "(jeu)", essai)
        attendu = jeu['plateau'][6:12] + jeu['plateau'][0:6]
        if list(essai['plateau']) != attendu:
            raise ErreurEleve(f"{self._qui('tourner_plateau')}(jeu) a donné le plateau "
                              f"{essai['plateau']} au lieu de {attendu} (les cases 0–5 et 6–11 "
                              "doivent être échangées).")
        return attendu

    def continue_(self, jeu: dict) -> bool:
        """``tour_suivant`` on a copy of ``jeu``: True while the game goes on."""
        appel = f"({self.JEU})"
        reponse = self._appeler("tour_suivant", appel, self._etat(jeu))
        if not isinstance(reponse, bool):
            raise ErreurEleve(f"{self._qui('tour_suivant')}{appel} doit renvoyer un booléen, elle a "
                              f"renvoyé {reponse!r} ({_nom_type(reponse)}).")
        return reponse

    def vainqueur(self, jeu: dict) -> tuple[str, dict]:
        """``gagnant`` on a copy of ``jeu``: ``(nom du gagnant ou "égalité", jeu après l'appel)``."""
        appel = f"({self.JEU})"
        essai = self._etat(jeu)
        nom = self._appeler("gagnant", appel, essai)
        possibles = (jeu['joueur1'], jeu['joueur2'], engine.EGALITE)
        if nom not in possibles:
            raise ErreurEleve(f"{self._qui('gagnant')}{appel} doit renvoyer {possibles[0]!r}, "
                              f"{possibles[1]!r} ou {possibles[2]!r}, elle a renvoyé {nom!r}.")
        return nom, self._jeu(essai, "gagnant")

    def choix_ia(self, jeu: dict, profondeur: int) -> int:
        """``NegaAwale(jeu, profondeur, 0)`` on a copy: the pit the AI plays."""
        appel = f"(jeu, {profondeur}, 0)"
        case = self._appeler("NegaAwale", appel, fonctions_moteur.copie(jeu), profondeur, 0)
        if not _est_entier(case) or not 0 <= case <= 5:
            raise ErreurEleve(f"{self._qui('NegaAwale')}{appel} doit renvoyer à la racine la case à "
                              f"jouer (0 à 5), elle a renvoyé {case!r}.")
        return case
