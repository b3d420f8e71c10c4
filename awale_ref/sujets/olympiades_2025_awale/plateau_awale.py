"""The board with the rules of the Olympiades de NSI 2025 (lycée awalé), a student's functions plugged in.

The awalé board (:mod:`awale_ref.widget`) plays these rules for ``Plateau(sujet="lycee", …)``: it finds
them here, in the subject's folder (:data:`REGLES`, ``widget.partie.regles_des_sujets``), the game library
importing no subject (this module was ``awale_ref.widget.lycee``).

The lycée subject plays the CCINP game with other names and three other
rules (``awale_lycee.DIFFERENCES_CCINP``): ``semer_graines`` sows,
``test_famine`` is True when a move STARVES the opponent,
``tour_termine(etat_jeu)`` is True while the game GOES ON and ends it once
more than 45 seeds have been collected (not when 3 seeds are left on the
board), ``tourner_plateau(plt)`` turns the list itself.

Everything is derived from :mod:`awale_ref.sujets.olympiades_2025_awale.awale_lycee`:

* :data:`ROLES`, the lycée function that does each operation of the board
  (only the two renamed ones are written here, :data:`RENOMMEES`);
* :data:`FONCTIONS_LYCEE`, the functions a student may plug in: the roles
  and every function of the module their reference code calls, found in
  the code itself (``test_case`` calls ``test_famine``, ``tour_termine``
  calls ``cases_possibles``…);
* their fallbacks: the module's own functions, re-bound so that a reference
  function calls the student's functions where it calls a module function
  (the reference ``test_case`` with the student's ``test_famine``), as the
  student's own code does in the notebook.

A student's function called by reference code is checked against the
reference on the same arguments: same type of result, arguments left
unchanged when the reference leaves them so, and a different result is
recorded to explain a refusal or an end of game.  The board's state stays
the CCINP ``jeu`` dict; ``vers_ccinp`` and ``depuis_ccinp`` convert at the
boundary.

>>> regles = ReglesLycee(test_famine=lambda plt, c: not awale_lycee.test_famine(plt, c))
>>> regles.eleve, regles.accepte([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 2)
(('test_famine',), False)
>>> regles.decideur("test_case")
('avec votre test_famine, la fonction test_case de référence', 'test_famine(plt, 2) a renvoyé True au lieu de False')
"""

from __future__ import annotations

import copy
import dis
import inspect
import types
from collections.abc import Callable
from dataclasses import dataclass

from awale_ref import engine, fonctions_moteur, notation
from awale_ref.fonctions_eleve import est_a_la_place
from awale_ref.sujets.olympiades_2025_awale import awale_lycee
from awale_ref.sujets.olympiades_2025_awale import fonctions_moteur as fonctions_moteur_lycee
from awale_ref.widget.regles import (FONCTIONS, ErreurEleve, PlateauEspion, Regles, appel_protege,
                                     fonctions_eleve, graines)

RENOMMEES = {"deplacer_graines": "semer_graines", "tour_suivant": "tour_termine"}
"""The CCINP functions the lycée subject renames; the others keep their CCINP name."""


def _fonctions_du_module() -> dict[str, types.FunctionType]:
    """The functions of ``awale_lycee``, in their order in the module: its own, and in the students' environment
    (``pipeline.paquet_eleve``) the engine's in place of the graded ones (this subject's ``fonctions_moteur``)."""
    return {nom: objet for nom, objet in vars(awale_lycee).items()
            if inspect.isfunction(objet) and objet.__module__ in (awale_lycee.__name__, fonctions_moteur_lycee.__name__)}


def _noms_appeles(code: types.CodeType) -> set[str]:
    """The global names a function's code reads (nested code too: comprehensions, lambdas).

    Only global loads count: ``fonctions_moteur.test_famine`` reads ``exam``, not ``test_famine``.
    """
    noms = {instruction.argval for instruction in dis.get_instructions(code)
            if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME")}
    for constante in code.co_consts:
        if isinstance(constante, types.CodeType):
            noms |= _noms_appeles(constante)
    return noms


_MODULE = _fonctions_du_module()

ROLES = {role: RENOMMEES.get(role, role) for role in FONCTIONS if RENOMMEES.get(role, role) in _MODULE}
"""Each board operation (its CCINP name, as in :data:`~awale_ref.widget.regles.FONCTIONS`) -> the
lycée function doing it.  ``NegaAwale`` has none: the lycée subject has no AI."""

APPELS = ({nom: set(autres) for nom, autres in awale_lycee.APPELS_REFERENCE.items()}
          if hasattr(awale_lycee, "APPELS_REFERENCE") else
          {nom: {autre for autre in _noms_appeles(fonction.__code__) if autre in _MODULE and autre != nom}
           for nom, fonction in _MODULE.items()})
"""Each function of ``awale_lycee`` -> the functions of the module its code calls directly (read in the
reference's code; in the students' environment, where the engine's functions call none of each other, as
the build read it there: ``APPELS_REFERENCE``)."""


def _appelees(nom: str) -> set[str]:
    """The functions of the module that ``nom`` calls, directly or not."""
    vues, a_voir = set(), [nom]
    while a_voir:
        for autre in APPELS[a_voir.pop()]:
            if autre not in vues:
                vues.add(autre)
                a_voir.append(autre)
    return vues


FONCTIONS_LYCEE = tuple(nom for nom in _MODULE
                        if nom in ROLES.values() or any(nom in _appelees(r) for r in ROLES.values()))
"""The lycée functions a student can plug into the board: the roles and what they call, in module order."""

_TYPES = {bool: "un booléen (True ou False)", int: "un entier", list: "une liste",
          str: "une chaîne de caractères", dict: "un dictionnaire"}


def _decrire_type(valeur) -> str:
    return _TYPES.get(type(valeur), f"une valeur de type {type(valeur).__name__}")


def _meme_genre(obtenu, attendu) -> bool:
    """True when ``obtenu`` is of the kind of ``attendu`` (a bool is not an int here, nor an int a bool)."""
    if isinstance(attendu, bool) or isinstance(obtenu, bool):
        return isinstance(attendu, bool) and isinstance(obtenu, bool)
    return isinstance(obtenu, type(attendu))


def _copier(valeur):
    """A plain deep copy (a recording board becomes a plain list)."""
    return [_copier(v) for v in valeur] if isinstance(valeur, list) else copy.deepcopy(valeur)


@dataclass(frozen=True)
class Ecart:
    """A student's function, called by reference code, answered differently from the reference."""

    nom: str
    appel: str
    obtenu: object
    attendu: object

    def __str__(self) -> str:
        return f"{self.nom}{self.appel} a renvoyé {self.obtenu!r} au lieu de {self.attendu!r}"


class ReglesLycee(Regles):
    """The lycée rules: the reference of ``awale_lycee``, or a student's functions, each call checked.

    ``fonctions`` (a dict) and keyword arguments name the student's
    functions (names from :data:`FONCTIONS_LYCEE`), exactly like the CCINP
    :class:`~awale_ref.widget.regles.Regles`; the others are the module's
    reference, calling the student's where the reference calls them.

    >>> ReglesLycee(tour_jeu=print)  # the board plays each step itself  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the lycée board does not call 'tour_jeu' (expected one of tour_joueur1, somme, ...)
    """

    SUJET = "lycee"
    PLATEAU, JEU = "plt", "etat_jeu"
    EXPLIQUER_FIN = True

    def __init__(self, fonctions: dict[str, Callable] | None = None, **autres: Callable) -> None:
        donnees = fonctions_eleve(fonctions, autres, FONCTIONS_LYCEE, "the lycée board does not call")
        # a stand-in (the students' environment before the due date) plays the student's function of that name
        donnees = {**{nom: _MODULE[nom] for nom in FONCTIONS_LYCEE if est_a_la_place(_MODULE[nom])}, **donnees}
        self.eleve = tuple(nom for nom in FONCTIONS_LYCEE if nom in donnees)
        self.ecarts: list[Ecart] = []
        # The module's globals, where each student function replaces (checked) the reference's.
        espace = dict(vars(awale_lycee))
        self.lycee: dict[str, Callable] = {}
        for nom in FONCTIONS_LYCEE:
            if nom in donnees:
                self.lycee[nom] = donnees[nom]
                espace[nom] = self._garde(nom, donnees[nom])
            elif _MODULE[nom].__module__ != awale_lycee.__name__:  # the engine's: it calls no lycée function
                espace[nom] = self.lycee[nom] = _MODULE[nom]
            else:
                reference = _MODULE[nom]
                espace[nom] = self.lycee[nom] = types.FunctionType(
                    reference.__code__, espace, reference.__name__, reference.__defaults__,
                    reference.__closure__)
        self.fonctions = {role: self.lycee[nom] for role, nom in ROLES.items()}
        self.fonctions["NegaAwale"] = fonctions_moteur.NegaAwale  # not pluggable: the subject has no AI

    # ------------------------------------------------------------ hooks
    def _nom(self, role: str) -> str:
        return ROLES.get(role, role)

    def est_reference(self, nom: str) -> bool:
        return self._nom(nom) not in self.eleve

    def _etat(self, jeu: dict) -> dict:
        return awale_lycee.depuis_ccinp(jeu)

    def _jeu(self, etat: dict, role: str) -> dict:
        try:
            return awale_lycee.vers_ccinp(etat)
        except (KeyError, TypeError, IndexError):
            raise ErreurEleve(f"{self._qui(role)}({self.JEU}) a abîmé etat_jeu : il faut garder ses clés "
                              f"joueur1, joueur2, score_j1, score_j2, nb_tours et plateau ({etat!r}).") from None

    def _appeler(self, nom: str, appel: str, *arguments):
        self.ecarts = []  # the differences of this call only
        return super()._appeler(nom, appel, *arguments)

    # ------------------------------------------------------------ a student's function called by the reference
    def _garde(self, nom: str, fonction: Callable) -> Callable:
        """``fonction`` as reference code calls it: errors in French, result compared with the reference."""
        reference = _MODULE[nom]
        parametres = list(inspect.signature(reference).parameters)

        def garde(*arguments):
            appel = "(" + ", ".join(
                repr(a) if isinstance(a, int) else (parametres[i] if i < len(parametres) else "…")
                for i, a in enumerate(arguments)) + ")"
            qui = f"Votre fonction {nom}"
            avant = [_copier(a) for a in arguments]
            # A list is given as a recording copy, so that a runaway loop is stopped, then written back.
            recus = [PlateauEspion(a) if isinstance(a, list) else a for a in arguments]
            obtenu = appel_protege(qui, appel, fonction, *recus)
            for argument, recu in zip(arguments, recus):
                if recu is not argument and list(recu) != list(argument):
                    argument[:] = recu
            apres_reference = [_copier(a) for a in avant]
            try:
                attendu = reference(*apres_reference)
            except Exception:  # arguments the reference cannot take: nothing to compare with
                return obtenu
            if attendu is not None and not _meme_genre(obtenu, attendu):
                raise ErreurEleve(f"{qui}{appel} doit renvoyer {_decrire_type(attendu)}, elle a renvoyé "
                                  f"{obtenu!r} ({type(obtenu).__name__}).")
            for i, (argument, initial, modele) in enumerate(zip(arguments, avant, apres_reference)):
                if isinstance(initial, (list, dict)) and modele == initial and _copier(argument) != initial:
                    parametre = parametres[i] if i < len(parametres) else f"son argument n° {i + 1}"
                    raise ErreurEleve(f"{qui}{appel} a modifié {parametre} ({initial!r} est devenu "
                                      f"{_copier(argument)!r}) : elle ne doit pas le changer (travaillez "
                                      "sur une copie).")
            if attendu is not None and obtenu != attendu:
                self.ecarts.append(Ecart(nom, appel, obtenu, attendu))
            return obtenu

        garde.__name__ = garde.__qualname__ = nom
        return garde

    def decideur(self, role: str) -> tuple[str, str]:
        nom = self._nom(role)
        if nom in self.eleve:
            return f"votre {nom}", ""
        if self.ecarts:
            return f"avec votre {self.ecarts[0].nom}, la fonction {nom} de référence", str(self.ecarts[0])
        eleves = [autre for autre in self.eleve if autre in _appelees(nom)]
        vos = f"votre {eleves[0]}" if len(eleves) == 1 else "vos fonctions " + ", ".join(eleves)
        return f"avec {vos}, la fonction {nom} de référence", ""

    # ------------------------------------------------------------ the operations that differ
    def tourner(self, jeu: dict) -> list:
        """``tourner_plateau(plt)`` on a copy of the board, which it must turn in place."""
        plt = list(jeu['plateau'])
        appel = f"({self.PLATEAU})"
        reponse = self._appeler("tourner_plateau", appel, plt)
        attendu = jeu['plateau'][6:12] + jeu['plateau'][0:6]
        if plt == attendu:
            return attendu
        qui = self._qui("tourner_plateau")
        if isinstance(reponse, list) and list(reponse) == attendu:
            raise ErreurEleve(f"{qui}{appel} renvoie le plateau tourné mais laisse la liste plt telle "
                              "quelle : tour_jeu n'utilise pas ce qu'elle renvoie, elle doit modifier plt "
                              "elle-même (plt[i] = …).")
        raise ErreurEleve(f"{qui}{appel} a donné le plateau {plt} au lieu de {attendu} (les cases 0–5 et "
                          "6–11 doivent être échangées, dans le même ordre).")

    def raison_famine(self, nom_case: str, adversaire: str) -> str:
        return (f"{nom_case} laisserait {adversaire} sans aucune graine dans sa rangée : pour ce coup, "
                "test_famine renvoie True et test_case le refuse (règle de la famine).")

    def continue_reference(self, jeu: dict) -> bool:
        return awale_lycee.tour_termine(awale_lycee.depuis_ccinp(jeu))

    def _petite_fin(self, jeu: dict) -> str:
        total = sum(jeu['score'])
        if total > awale_lycee.GRAINES_RAMASSEES_MAX:
            return (f"{total} graines ramassées à eux deux, plus de "
                    f"{awale_lycee.GRAINES_RAMASSEES_MAX}")
        return ""

    def _conseil_fin(self, continue_eleve: bool, jeu: dict) -> str:
        conseils = []
        if not continue_eleve and sum(jeu['score']) <= awale_lycee.GRAINES_RAMASSEES_MAX \
                and sum(jeu['plateau']) <= 3:
            conseils.append(f"Il reste {graines(sum(jeu['plateau']))} sur le plateau, mais la règle du "
                            "CCINP « 3 graines ou moins » ne vaut pas ici : la partie s'arrête quand plus de "
                            f"{awale_lycee.GRAINES_RAMASSEES_MAX} graines ont été ramassées (il y en a "
                            f"{sum(jeu['score'])}).")
        if "tour_termine" in self.eleve:
            conseils.append("Rappel : malgré son nom, tour_termine renvoie True tant que la partie "
                            "continue.")
        return " ".join(conseils)

    def rejouer(self, coups: str, joueur1: str, joueur2: str) -> dict:
        """The exam dict after ``coups``, replayed with the lycée reference (``tour_jeu``).

        >>> ReglesLycee().rejouer("egai", "Alice", "Bob")["plateau"]
        [1, 6, 6, 5, 1, 5, 0, 6, 0, 6, 6, 6]
        """
        etat_jeu = awale_lycee.initialisation(joueur1, joueur2)
        for numero, lettre in enumerate(coups, start=1):
            # notation.case checks the letter and its owner (ValueError).
            case = notation.case(lettre, etat_jeu["nb_tours"]) if awale_lycee.tour_termine(etat_jeu) else None
            if case is None or not awale_lycee.test_case(etat_jeu["plateau"], case):
                raise ValueError(f"move {numero} ({lettre!r}) cannot be played in the lycée game "
                                 f"after {numero - 1} moves (game over or pit not acceptable)")
            awale_lycee.tour_jeu(etat_jeu, case)
        return awale_lycee.vers_ccinp(etat_jeu)

    def jeu_du_sujet(self, position: dict) -> dict:
        """The exam dict of the lycée ``etat_jeu`` (converted by ``vers_ccinp``), or of the exam dict itself.

        >>> ReglesLycee().jeu_du_sujet(awale_lycee.initialisation("Alice", "Bob"))["score"]
        [0, 0]
        """
        return awale_lycee.vers_ccinp(position) if {"score_j1", "score_j2", "nb_tours"} <= set(position) else position

    def valeurs_ia(self, jeu: dict, profondeur: int) -> list[tuple[int, int]]:
        """The AI's ``[(case, valeur)]``: the CCINP engine, or a lycée negamax where the CCINP game is over.

        The lycée subject has no AI: the board's is the CCINP one, whose search
        ends a game with 3 seeds or fewer on the board.  When the CCINP game
        is over but the lycée one goes on (3 seeds left, 45 collected, or a
        typed board with few seeds), a negamax on the lycée reference
        (``tour_termine``, ``tour_jeu``, ``gagnant``) answers instead: with so
        few seeds its tree is small.
        """
        if fonctions_moteur.tour_suivant(jeu):
            return super().valeurs_ia(jeu, profondeur)
        etat_jeu = awale_lycee.depuis_ccinp(jeu)
        return [(case, gain - _valeur_lycee(suite, profondeur - 1))
                for case, gain, suite in _coups_lycee(etat_jeu)]


def _coups_lycee(etat_jeu: dict):
    """``(case, graines gagnées, etat_jeu après le coup)`` for each acceptable pit (lycée reference)."""
    indice = "score_j1" if awale_lycee.tour_joueur1(etat_jeu) else "score_j2"
    for case in awale_lycee.cases_possibles(etat_jeu):
        suite = _copier(etat_jeu)
        awale_lycee.tour_jeu(suite, case)
        yield case, suite[indice] - etat_jeu[indice], suite


def _valeur_lycee(etat_jeu: dict, profondeur: int) -> int:
    """``fonctions_moteur.NegaAwale``'s value of a node for the player to move, with the lycée rules."""
    if not awale_lycee.tour_termine(etat_jeu):
        nom = awale_lycee.gagnant(_copier(etat_jeu))
        if nom == engine.EGALITE:
            return 0
        courant = etat_jeu["joueur1"] if awale_lycee.tour_joueur1(etat_jeu) else etat_jeu["joueur2"]
        return 500 if nom == courant else -500
    if profondeur == 0:
        return 0
    meilleure = None
    for _, gain, suite in _coups_lycee(etat_jeu):
        valeur = gain - _valeur_lycee(suite, profondeur - 1)
        if meilleure is None or valeur > meilleure:
            meilleure = valeur
    return meilleure


REGLES = ReglesLycee
"""The rules this subject gives the awalé board (``Plateau(sujet=ReglesLycee.SUJET)``)."""
