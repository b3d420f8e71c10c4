"""The board's logic, without any display: a game, its history, and the steps of each move.

:class:`Partie` holds an exam ``jeu`` dict.  ``cliquer(case)`` plays the pit
the player to move clicked, with the exam's reference rules or a student's
(:class:`~awale_ref.widget.regles.Regles`), and returns a :class:`Coup`: either
a refusal with its reason in French, or the list of :class:`Etape` (pit
emptied, each seed sown, each pit harvested, board turned, end of game) that
the widget animates.  ``annuler`` undoes, ``coup_ia`` asks the fast engine.
``Partie(sujet="lycee")`` plays the rules of the Olympiades de NSI 2025, which that subject's folder gives
(:func:`regles_des_sujets`): the game ends when more than 45 seeds are collected, not when 3 seeds are left on
the board.

>>> partie = Partie("Alice", "Bob", position=[0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1])
>>> partie.cliquer(3).raison
'La case 3 est vide : choisissez une case qui contient des graines.'
>>> coup = partie.cliquer(4)
>>> coup.gain, [e.genre for e in coup.etapes].count("semis"), coup.etapes[-1].genre
(8, 16, 'tour')
>>> partie.jeu['score'], partie.joueur_actif
([8, 0], 'Bob')
>>> partie.annuler()
1
>>> partie.jeu['plateau']
[0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from dataclasses import dataclass, field
from pathlib import Path

from awale_ref import engine, fonctions_moteur, notation
from awale_ref.widget.regles import ErreurEleve, Regles, graines

PROFONDEUR_MIN, PROFONDEUR_MAX = 1, 8

ORIENTATIONS = ("fixe", "joueur")
"""How the board is drawn and its pits named.  ``fixe`` (the default): joueur1's row
always at the bottom, labelled 0–5, joueur2's row on top, 6–11, as in the exam's
tree; ``joueur``: the player to move at the bottom, the board turning after each
move like ``jeu['plateau']``."""


PAQUET_DES_SUJETS = "awale_ref.sujets"
"""The package of the subjects' folders (``docs/ajouter_un_sujet.md``)."""

MODULE_DES_REGLES = "plateau_awale"
"""A subject whose folder holds a module of this name gives the board its rules: its ``REGLES``, a subclass of
:class:`Regles` whose ``SUJET`` is the name a board asks for (``Partie(sujet=...)``)."""


@functools.cache
def regles_des_sujets() -> dict[str, type[Regles]]:
    """The rules a board plays, by name: the library's own (:class:`Regles`, the CCINP 2024 exam's game) and
    those a subject's folder gives (:data:`MODULE_DES_REGLES`: the Olympiades de NSI 2025's lycée rules).  Found
    in the folders, not listed; their modules are imported only when a board asks for a subject other than the
    library's (the game library imports no subject).

    >>> sorted(regles_des_sujets())
    ['ccinp', 'lycee']
    """
    regles: dict[str, type[Regles]] = {Regles.SUJET: Regles}
    paquet = importlib.util.find_spec(PAQUET_DES_SUJETS)  # found, not imported
    dossiers = sorted(d for racine in (paquet.submodule_search_locations if paquet else ())
                      for d in Path(racine).iterdir() if (d / f"{MODULE_DES_REGLES}.py").is_file())
    for dossier in dossiers:
        module = importlib.import_module(f"{PAQUET_DES_SUJETS}.{dossier.name}.{MODULE_DES_REGLES}")
        classe = getattr(module, "REGLES", None)
        if not (isinstance(classe, type) and issubclass(classe, Regles)) or classe.SUJET in regles:
            raise ValueError(f"{module.__name__}.REGLES must be a subclass of awale_ref.widget.Regles with a SUJET "
                             f"of its own, got {classe!r}")
        regles[classe.SUJET] = classe
    return regles


def regles_du_sujet(regles=None, sujet: str | None = None) -> Regles:
    """The :class:`Regles` of ``sujet`` with the student's functions ``regles`` (a dict, or a Regles kept).

    >>> type(regles_du_sujet(None, "lycee")).__name__, regles_du_sujet().SUJET
    ('ReglesLycee', 'ccinp')
    >>> regles_du_sujet(None, "bac")
    Traceback (most recent call last):
    ...
    ValueError: sujet must be one of ('ccinp', 'lycee'), got 'bac'
    """
    if isinstance(regles, Regles):
        if sujet is not None and sujet != regles.SUJET:
            raise ValueError(f"these rules are the {regles.SUJET!r} ones, not {sujet!r}")
        return regles
    if sujet is None or sujet == Regles.SUJET:  # the library's own: no subject's module is loaded
        return Regles(regles)
    connues = regles_des_sujets()
    if sujet not in connues:
        raise ValueError(f"sujet must be one of {tuple(connues)}, got {sujet!r}")
    return connues[sujet](regles)


def __getattr__(nom: str):
    if nom == "SUJETS":  # the names of every rules a board plays, found when asked for (regles_des_sujets)
        return tuple(regles_des_sujets())
    raise AttributeError(f"module {__name__!r} has no attribute {nom!r}")


def etiquette_case(case: int, n: int, orientation: str = "fixe") -> int:
    """The label the board shows for pit ``case`` (0–11 in the mover's view at turn ``n``).

    With the fixed orientation joueur2's view (odd ``n``) is shifted by six
    pits; the map is its own inverse, so it also turns a label back into the
    mover's index.

    >>> etiquette_case(2, 1), etiquette_case(8, 1), etiquette_case(2, 0), etiquette_case(2, 1, "joueur")
    (8, 2, 2, 2)
    """
    if orientation not in ORIENTATIONS:
        raise ValueError(f"orientation must be one of {ORIENTATIONS}, got {orientation!r}")
    if orientation == "fixe" and n % 2 and isinstance(case, int) and 0 <= case <= 11:
        return (case + 6) % 12
    return case


@dataclass(frozen=True)
class Etape:
    """One frame of a move's animation (or the still board).

    ``plateau`` is seen by the player to move at turn ``n`` (their pits are
    0–5); ``semees`` and ``recoltees`` are the pits sown and harvested so far
    in this move, ``case`` the pit changed at this step.  The seeds of the
    board, the hand and the two reserves always add up to the same total.
    """

    plateau: tuple[int, ...]
    score: tuple[int, int]
    n: int
    genre: str  # "etat", "prise", "semis", "recolte", "tour" or "fin"
    texte: str = ""
    case: int | None = None
    semees: frozenset[int] = frozenset()
    recoltees: frozenset[int] = frozenset()
    en_main: int = 0  # seeds taken from the origin pit and not sown yet


@dataclass
class Coup:
    """What a click did: refused (``raison``, maybe ``erreur``) or played (``etapes``)."""

    case: int
    accepte: bool
    raison: str = ""
    erreur: bool = False  # True when a student's function raised or broke an invariant
    gain: int = 0
    etapes: list[Etape] = field(default_factory=list)
    avertissement: str = ""


def _valider_plateau(plateau) -> list[int]:
    plateau = list(plateau)
    if len(plateau) != 12 or not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0
                                     for g in plateau):
        raise ValueError(f"a board is a list of 12 ints >= 0, got {plateau!r}")
    return plateau


def jeu_depuis(position, joueur1: str = "Alice", joueur2: str = "Bob", rejouer=notation.rejouer,
               jeu_du_sujet=None) -> dict:
    """A fresh exam ``jeu`` dict from a position given in any of the usual forms.

    ``position`` is None (the start of a game), a ``plateau`` list of 12 ints
    (joueur1 to move, no score), a ``jeu`` dict (copied; its names win), a
    subject's own dict (converted by ``jeu_du_sujet``, its rules' :meth:`Regles.jeu_du_sujet`:
    the lycée ``etat_jeu``) or a move string of the opening library (``'egai'``, replayed from
    the start by ``rejouer(coups, joueur1, joueur2)``, the CCINP rules by default).

    >>> jeu_depuis('egai')['plateau']
    [1, 6, 6, 5, 1, 5, 0, 6, 0, 6, 6, 6]
    >>> jeu_depuis([1] * 12, "Zoé", "Yann")['joueur1']
    'Zoé'
    >>> jeu_depuis(7)
    Traceback (most recent call last):
    ...
    TypeError: a position is None, a board list, a jeu dict or a move string, got int
    """
    if position is None:
        jeu = engine.to_jeu(engine.initial_position(), joueur1, joueur2)
    elif isinstance(position, str):
        jeu = rejouer(position, joueur1, joueur2)
    elif isinstance(position, dict):
        if jeu_du_sujet is not None:  # a subject's own dict (the lycée etat_jeu)
            position = jeu_du_sujet(position)
        manquantes = {'joueur1', 'joueur2', 'score', 'n', 'plateau'} - set(position)
        if manquantes:
            raise ValueError(f"a jeu dict needs the keys {sorted(manquantes)}")
        jeu = fonctions_moteur.copie(position)
        jeu['plateau'] = _valider_plateau(jeu['plateau'])
        score = list(jeu['score'])
        if len(score) != 2 or not all(isinstance(s, int) and s >= 0 for s in score):
            raise ValueError(f"a score is two ints >= 0, got {jeu['score']!r}")
        if not isinstance(jeu['n'], int) or jeu['n'] < 0:
            raise ValueError(f"n is an int >= 0, got {jeu['n']!r}")
        jeu['score'] = score
    elif isinstance(position, (list, tuple)):
        jeu = engine.to_jeu(engine.initial_position(), joueur1, joueur2)
        jeu['plateau'] = _valider_plateau(position)
    else:
        raise TypeError(f"a position is None, a board list, a jeu dict or a move string, "
                        f"got {type(position).__name__}")
    if jeu['joueur1'] == jeu['joueur2']:
        raise ValueError(f"the two players need different names (the exam compares names), "
                         f"got {jeu['joueur1']!r} twice")
    return jeu


class Partie:
    """A game the board shows: state, history for undo, clicks, AI moves.

    ``regles`` (a :class:`Regles`, a dict of the student's functions, or
    None for the exam's reference) decides how moves are played.  ``sujet``
    is one of :func:`regles_des_sujets`: ``"ccinp"`` (the default) takes the CCINP
    functions, ``"lycee"`` the lycée ones (``{"test_famine": test_famine}``, names from
    ``FONCTIONS_LYCEE`` of ``awale_ref.sujets.olympiades_2025_awale.plateau_awale``).

    >>> Partie(sujet="lycee", regles={"test_famine": lambda plt, c: False}).regles.eleve
    ('test_famine',)
    """

    def __init__(self, joueur1: str = "Alice", joueur2: str = "Bob", position=None,
                 regles: Regles | dict | None = None, orientation: str = "fixe",
                 sujet: str | None = None) -> None:
        etiquette_case(0, 0, orientation)  # checks the orientation
        self.orientation = orientation
        self.regles = regles_du_sujet(regles, sujet)
        self.joueur1, self.joueur2 = joueur1, joueur2
        self.placer(position)

    # ------------------------------------------------------------ state
    def placer(self, position=None) -> None:
        """Start from ``position`` (see :func:`jeu_depuis`); the history is cleared."""
        jeu = jeu_depuis(position, self.joueur1, self.joueur2, rejouer=self.regles.rejouer,
                         jeu_du_sujet=self.regles.jeu_du_sujet)
        self.joueur1, self.joueur2 = jeu['joueur1'], jeu['joueur2']
        self.depart = fonctions_moteur.copie(jeu)
        self.jeu = jeu
        self.historique: list[tuple[dict, int]] = []  # (jeu before the move, pit played)
        self._fin_de_partie()

    def nouvelle_partie(self) -> None:
        """Back to the start of a game (4 seeds per pit)."""
        self.placer(None)

    @property
    def joueur_actif(self) -> str:
        """The name of the player to move (their pits are 0–5, at the bottom)."""
        return self.jeu['joueur1'] if fonctions_moteur.tour_joueur1(self.jeu) else self.jeu['joueur2']

    @property
    def adversaire(self) -> str:
        return self.jeu['joueur2'] if fonctions_moteur.tour_joueur1(self.jeu) else self.jeu['joueur1']

    def nom_case(self, case, n: int | None = None) -> str:
        """« la case 8 (case 2 pour Bob) »: pit ``case`` of the mover at turn ``n``, by its board label.

        The mover's own number is added in brackets when it differs from the label.

        >>> partie = Partie(position="e")
        >>> partie.nom_case(2), partie.nom_case(2, n=0), Partie(position="e", orientation="joueur").nom_case(2)
        ('la case 8 (case 2 pour Bob)', 'la case 2', 'la case 2')
        """
        n = self.jeu['n'] if n is None else n
        label = etiquette_case(case, n, self.orientation)
        if label == case:
            return f"la case {label}"
        joueur = self.jeu['joueur2'] if n % 2 else self.jeu['joueur1']
        return f"la case {label} (case {case} pour {joueur})"

    def rangee(self, n: int | None = None) -> str:
        """Where the mover's row is on the board and its labels, in French."""
        n = self.jeu['n'] if n is None else n
        if etiquette_case(0, n, self.orientation) == 6:
            return "en haut, cases 6 à 11"
        return "en bas, cases 0 à 5"

    def etat(self, texte: str = "") -> Etape:
        """The still board as an Etape (the final board once the game is over)."""
        if self.terminee and self.jeu_final is not None:
            jeu = self.jeu_final
            return Etape(tuple(jeu['plateau']), tuple(jeu['score']), jeu['n'], "fin",
                         texte or self.message_fin())
        return Etape(tuple(self.jeu['plateau']), tuple(self.jeu['score']), self.jeu['n'], "etat", texte)

    def _fin_de_partie(self) -> None:
        """Compute ``terminee``, ``vainqueur`` and ``jeu_final`` (after ``gagnant``).

        ``erreur_fin`` holds the French message of a student's function that
        failed; ``avertissement_fin`` says when the student's end of game
        differs from the subject's.
        """
        self.terminee, self.vainqueur, self.jeu_final, self.erreur_fin = False, None, None, ""
        self.avertissement_fin = ""
        try:
            continue_ = self.regles.continue_(self.jeu)
            self.avertissement_fin = self.regles.ecart_fin(self.jeu, continue_)
            if continue_:
                return
            self.terminee = True
            self.vainqueur, self.jeu_final = self.regles.vainqueur(self.jeu)
        except ErreurEleve as erreur:
            self.erreur_fin = str(erreur)

    def message_fin(self) -> str:
        """The end of game in French: winner and final scores (and, for the lycée, the rule that ended it)."""
        jeu = self.jeu_final
        scores = f"{jeu['joueur1']} {jeu['score'][0]} – {jeu['score'][1]} {jeu['joueur2']}"
        tours = f"{jeu['n']} tour" + ("s" if jeu['n'] > 1 else "")
        raison = self.regles.raison_fin(self.jeu) if self.regles.EXPLIQUER_FIN else ""
        if raison:
            tours += f" ({raison})"
        if self.vainqueur == engine.EGALITE:
            return f"Partie terminée après {tours} : égalité ({scores})."
        return f"Partie terminée après {tours} : {self.vainqueur} gagne ({scores})."

    # ------------------------------------------------------------ moves
    def raison_refus(self, case) -> str:
        """Why ``case`` cannot be played now, in French ("" if it can, by the exam's rules)."""
        if self.terminee:
            texte = "La partie est terminée : cliquez sur « Nouvelle partie » ou « Annuler »."
            return f"{texte} {self.avertissement_fin}" if self.avertissement_fin else texte
        if not isinstance(case, int) or isinstance(case, bool) or not 0 <= case <= 11:
            return f"{case!r} n'est pas une case : les cases sont numérotées de 0 à 11."
        nom = self.nom_case(case)
        nom = nom[0].upper() + nom[1:]
        if case >= 6:
            return (f"{nom} appartient à {self.adversaire} : {self.joueur_actif}, "
                    f"choisissez une case de votre rangée ({self.rangee()}).")
        if self.jeu['plateau'][case] == 0:
            return f"{nom} est vide : choisissez une case qui contient des graines."
        if not fonctions_moteur.test_famine(self.jeu['plateau'], case):  # the two subjects refuse the same pits
            return self.regles.raison_famine(nom, self.adversaire)
        return ""

    def cases_jouables(self) -> list[int]:
        """The pits the player to move may click (exam rules), [] when the game is over."""
        if self.terminee:
            return []
        return fonctions_moteur.cases_possibles(self.jeu)

    def cliquer(self, case: int) -> Coup:
        """Play ``case`` for the player to move, or say why not (the state is unchanged then)."""
        if self.terminee:
            return Coup(case, False, self.raison_refus(case))
        if not isinstance(case, int) or isinstance(case, bool) or not 0 <= case <= 11:
            return Coup(case, False, self.raison_refus(case))
        try:
            accepte = self.regles.accepte(self.jeu['plateau'], case)
        except ErreurEleve as erreur:
            return Coup(case, False, str(erreur), erreur=True)
        raison = self.raison_refus(case)
        if not accepte:
            if not raison:  # only the student's test_case refuses it
                qui, detail = self.regles.decideur("test_case")
                raison = (f"{qui[0].upper()}{qui[1:]} refuse {self.nom_case(case)}, qui est pourtant jouable "
                          "d'après l'énoncé (sur votre rangée, non vide, sans famine)")
                raison += f" : {detail}." if detail else "."
            return Coup(case, False, raison)
        avertissement = ""
        if raison:  # only the student's test_case accepts it
            qui, detail = self.regles.decideur("test_case")
            detail = f" ({detail})" if detail else ""
            avertissement = f"Attention : {qui} accepte {self.nom_case(case)}{detail}. {raison}"
        try:
            coup = self._jouer(case)
        except ErreurEleve as erreur:
            return Coup(case, False, str(erreur), erreur=True)
        coup.avertissement = " ".join(t for t in (avertissement, coup.avertissement) if t)
        return coup

    def _jouer(self, case: int) -> Coup:
        """Play an accepted pit (like ``fonctions_moteur.tour_jeu``) and record its steps."""
        jeu = self.jeu
        joueur, n, score = self.joueur_actif, jeu['n'], list(jeu['score'])
        derniere, seme = self.regles.semer(jeu['plateau'], case)
        gain, recolte = self.regles.recolter(seme, derniere)
        etapes, semees, total = [], set(), sum(jeu['plateau'])
        for indice, plateau in seme.ecritures:
            en_main = total - sum(plateau)
            if indice == case and plateau[case] == 0 and not semees:
                texte = f"{joueur} prend {graines(en_main)} dans {self.nom_case(case, n)}."
                etapes.append(Etape(plateau, tuple(score), n, "prise", texte, case, en_main=en_main))
                continue
            semees.add(indice)
            etapes.append(Etape(plateau, tuple(score), n, "semis",
                                f"Une graine dans {self.nom_case(indice, n)} "
                                + (f"(encore {en_main} en main)." if en_main else "(la dernière)."),
                                indice, frozenset(semees), en_main=en_main))
        recoltees, precedent = set(), tuple(seme)
        indice_score = 0 if fonctions_moteur.tour_joueur1(jeu) else 1  # whose reserve grows
        for indice, plateau in recolte.ecritures:
            prises = sum(precedent) - sum(plateau)
            precedent = plateau
            score[indice_score] += prises
            recoltees.add(indice)
            etapes.append(Etape(plateau, tuple(score), n, "recolte",
                                f"{joueur} ramasse {graines(prises)} dans {self.nom_case(indice, n)}.",
                                indice, frozenset(semees), frozenset(recoltees)))
        score[indice_score] = jeu['score'][indice_score] + gain
        suite = {'joueur1': jeu['joueur1'], 'joueur2': jeu['joueur2'], 'score': score,
                 'n': n + 1, 'plateau': list(recolte)}
        suite['plateau'] = self.regles.tourner(suite)
        self.historique.append((fonctions_moteur.copie(jeu), case))
        self.jeu = suite
        self._fin_de_partie()
        bilan = f"{joueur} a joué {self.nom_case(case, n)}"
        if self.orientation == "joueur":  # the board has turned: say where that pit is now
            bilan += f" (la case {(case + 6) % 12} une fois le plateau tourné)"
        bilan += f" et gagné {graines(gain)}." if gain else "."
        etapes.append(Etape(tuple(suite['plateau']), tuple(score), n + 1, "tour",
                            f"{bilan} À {self.joueur_actif} de jouer."))
        if self.terminee:
            etapes.append(self.etat())
        # A broken tour_suivant or gagnant: the move is played, the error shown.
        return Coup(case, True, bilan, erreur=bool(self.erreur_fin), gain=gain, etapes=etapes,
                    avertissement=self.erreur_fin or self.avertissement_fin)

    def annuler(self, nombre: int = 1) -> int:
        """Undo up to ``nombre`` moves; return how many were undone."""
        annules = 0
        while annules < nombre and self.historique:
            self.jeu, _ = self.historique.pop()
            annules += 1
        if annules:
            self._fin_de_partie()
        return annules

    def coups_joues(self) -> list[int]:
        """The pits played since the position was set up (the mover's view)."""
        return [case for _, case in self.historique]

    # ------------------------------------------------------------ AI
    def coup_ia(self, profondeur: int) -> tuple[int, list[tuple[int, int]] | None]:
        """The pit the AI plays for the player to move, and its value for each pit.

        With the reference rules the fast engine answers (the same pit as
        ``fonctions_moteur.NegaAwale(jeu, profondeur, 0)``) with ``[(case, valeur)]``
        (:meth:`Regles.valeurs_ia`; the lycée board's is the same AI, see
        ``ReglesLycee.valeurs_ia``); when the
        student gave ``NegaAwale``, it decides and the values are None.

        >>> Partie(position=[0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]).coup_ia(1)
        (4, [(2, 0), (4, 8), (5, 0)])
        """
        if not isinstance(profondeur, int) or not PROFONDEUR_MIN <= profondeur <= PROFONDEUR_MAX:
            raise ValueError(f"depth must be an int from {PROFONDEUR_MIN} to {PROFONDEUR_MAX}, "
                             f"got {profondeur!r}")
        if self.terminee:
            raise ValueError("the game is over: the AI has no move to play")
        if not self.regles.est_reference("NegaAwale"):
            return self.regles.choix_ia(self.jeu, profondeur), None
        valeurs = self.regles.valeurs_ia(self.jeu, profondeur)
        return fonctions_moteur.max_vals(valeurs, 0), valeurs  # the first best pit
