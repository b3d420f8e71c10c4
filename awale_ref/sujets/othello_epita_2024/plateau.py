"""The Othello board for Jupyter: the game (:class:`PartieOthello`) and its ipywidgets view (:class:`PlateauOthello`).

In the awalé board's family (``awale_ref.widget``): click a cell to play, the playable cells are shown,
the captures are animated one direction at a time (in a background thread: the kernel stays free), a
player who cannot play passes, and the AI can play one side (or both) with the reference's ``ia_minmax_tp``
or the student's own ``ia_minmax`` / ``ia_minmax_tp``, at a chosen depth, with an evaluation function.

The game uses the rules of the reference, or the student's functions given in ``regles``
(``PlateauOthello(regles={"poser_jeton": poser_jeton, "cases_jouables": cases_jouables})``): an error
of the student's function is shown in French, never a traceback.

>>> partie = PartieOthello()
>>> (2, 3) in partie.cases_jouables(), (0, 0) in partie.cases_jouables()
(True, False)
>>> etapes = partie.jouer((2, 3))
>>> len(etapes), partie.j, othello.score(partie.p)
(2, -1, 3)
>>> partie.jouer((0, 0))
Traceback (most recent call last):
...
awale_ref.sujets.othello_epita_2024.plateau.CoupRefuse: La case (0, 0) n'est pas jouable pour Blanc : jouez sur une case marquée (elle doit encadrer des jetons adverses).
"""

from __future__ import annotations

import functools
import inspect
import threading
import time
from typing import Any, Callable

from awale_ref.sujets.othello_epita_2024 import othello

NOMS = {1: "Noir", -1: "Blanc"}
"""J1 (1) plays the black discs, as in the usual game; J2 (-1) the white ones."""
PROFONDEUR_MIN, PROFONDEUR_MAX = 1, 4
REGLES = ("cases_jouables", "poser_jeton", "cases_frontieres", "directions_possibles")
"""The reference functions a student's may replace on the board."""


class CoupRefuse(ValueError):
    """A move that is not allowed (French message for the student)."""


class ErreurEleve(RuntimeError):
    """A student's function failed or answered nonsense (French message)."""


class PartieOthello:
    """A game: the board ``p``, the player ``j`` to move, the frontier ``l``, and what happened."""

    def __init__(self, p: list | None = None, j: int = 1, regles: dict[str, Callable] | None = None) -> None:
        inconnues = set(regles or {}) - set(REGLES)
        if inconnues:
            raise ValueError(f"regles: unknown functions {sorted(inconnues)}; known: {', '.join(REGLES)}")
        self.regles = {nom: (regles or {}).get(nom, getattr(othello, nom)) for nom in REGLES}
        self.p = othello.copier_plateau(p if p is not None else othello.plateau_depart())
        self.j = j
        self.l = othello.cases_frontieres_de(self.p)
        self.historique: list[tuple[int, tuple[int, int] | None]] = []  # (player, cell or None for a pass)
        self.passer_si_bloque()

    # ------------------------------------------------------------ rules (the student's when given)
    def _appel(self, nom: str, *args: Any) -> Any:
        try:
            return self.regles[nom](*args)
        except Exception as erreur:
            raise ErreurEleve(f"Votre fonction {nom} a levé {type(erreur).__name__} : {erreur}") from None

    def cases_jouables(self, j: int | None = None) -> list:
        jouables = self._appel("cases_jouables", self.p, list(self.l), self.j if j is None else j)
        if not isinstance(jouables, list):
            raise ErreurEleve(f"Votre fonction cases_jouables renvoie {jouables!r} au lieu d'une liste de cases.")
        return jouables

    @property
    def terminee(self) -> bool:
        return not self.cases_jouables(1) and not self.cases_jouables(-1)

    def gagnant(self) -> str | None:
        """« Noir », « Blanc » or « égalité » once the game is over, ``None`` before."""
        if not self.terminee:
            return None
        s = othello.score(self.p)
        return NOMS[1] if s > 0 else NOMS[-1] if s < 0 else "égalité"

    def passer_si_bloque(self) -> bool:
        """The player to move passes when they cannot play and the other can (True if they passed)."""
        if not self.cases_jouables() and self.cases_jouables(-self.j):
            self.historique.append((self.j, None))
            self.j = -self.j
            return True
        return False

    def jouer(self, c: tuple[int, int]) -> list[list]:
        """Play ``c`` for the player to move; the boards to show in turn (the disc put, then each direction's
        captures), the last being the new board.  A player left without a move then passes."""
        c = tuple(c)
        if c not in [tuple(x) for x in self.cases_jouables()]:
            raise CoupRefuse(f"La case {c} n'est pas jouable pour {NOMS[self.j]} : jouez sur une case marquée "
                             f"(elle doit encadrer des jetons adverses).")
        etapes = [othello.copier_plateau(self.p)]
        etapes[0][c[0]][c[1]] = self.j
        for d in othello.directions_possibles(self.p, c, self.j):  # the animation: one direction at a time
            suivant = othello.copier_plateau(etapes[-1])
            othello.capturer(suivant, c, d)
            etapes.append(suivant)
        nouveau = self._appel("poser_jeton", self.p, c, self.j)
        if nouveau != etapes[-1]:
            raise ErreurEleve(f"Votre fonction poser_jeton ne donne pas le plateau attendu pour {NOMS[self.j]} "
                              f"en {c} (les jetons encadrés dans chaque direction possible doivent être "
                              f"retournés) : le coup n'est pas joué.")
        self.l = self._appel("cases_frontieres", self.p, list(self.l), c)
        self.p = nouveau
        self.historique.append((self.j, c))
        self.j = -self.j
        self.passer_si_bloque()
        return etapes

    def coup_ia(self, ia: Callable, f: Callable, n: int) -> tuple[int, int]:
        """The cell ``ia`` chooses for the player to move at depth ``n`` (``ia_minmax`` or ``ia_minmax_tp``)."""
        parametres = len(inspect.signature(ia).parameters)
        args = (self.p, list(self.l), f, self.j, n) + ((False,) if parametres == 6 else ())
        try:
            choix = ia(*args)
        except Exception as erreur:
            raise ErreurEleve(f"L'IA ({ia.__name__}) a levé {type(erreur).__name__} : {erreur}") from None
        if not (isinstance(choix, tuple) and len(choix) == 2):
            raise ErreurEleve(f"L'IA ({ia.__name__}) renvoie {choix!r} au lieu d'un couple (case, valeur).")
        return tuple(choix[0])


# ---------------------------------------------------------------- the view
COULEURS = {"fond": "#2e7d32", "jouable": "#a5d6a7", "dernier": "#f1c232"}
"""The board's colours: the green cloth, the ring of a playable cell's dot, the frame of the last move."""
TAILLE_CASE = 46  # px: a cell; its disc is 10 px smaller
TAILLE_BORD = 24  # px: the row and column numbers around the board
MODES = {"humains": (), "IA joue Blanc": (-1,), "IA joue Noir": (1,), "IA contre IA": (1, -1)}


@functools.cache
def gabarits() -> Any:
    """The macros of ``gabarits/plateau_othello.html`` (Jinja2, autoescape)."""
    from awale_ref import gabarits as g

    return g.environnement(__package__).get_template("plateau_othello.html").module


def html_case(valeur: int, jouable: bool, dernier: bool, joueur: int = 1) -> str:
    """One cell as HTML: a green square, a black or white disc, a dot of ``joueur``'s colour where they may
    play, a yellow frame on the last move.

    >>> "#111" in html_case(1, False, False), "#fafafa" in html_case(-1, False, False)
    (True, True)
    >>> "othello-jouable" in html_case(0, True, False), "othello-dernier" in html_case(1, False, True)
    (True, True)
    """
    return str(gabarits().case(valeur, jouable, dernier, joueur, TAILLE_CASE, COULEURS))


def _case(x: int, y: int, cliquer: Callable[[tuple[int, int]], None]) -> Any:
    """One cell: its drawing with a transparent button laid over it (the whole square is clickable)."""
    import ipywidgets as widgets

    dessin = widgets.HTML(layout=widgets.Layout(grid_area="1 / 1", margin="0"))
    bouton = widgets.Button(description="", tooltip=f"case ({x}, {y})", style=widgets.ButtonStyle(
        button_color="transparent"), layout=widgets.Layout(grid_area="1 / 1", width="100%", height="100%",
                                                           margin="0", padding="0"))
    bouton.add_class("othello-case")
    bouton.add_class(f"othello-case-{x}-{y}")
    bouton.on_click(lambda _b: cliquer((x, y)))
    taille = f"{TAILLE_CASE}px"
    case = widgets.GridBox([dessin, bouton], layout=widgets.Layout(grid_template_columns=taille,
                                                                   grid_template_rows=taille, width=taille,
                                                                   height=taille))
    case.dessin, case.bouton = dessin, bouton
    return case


def _coordonnee(texte: str) -> Any:
    import ipywidgets as widgets

    return widgets.HTML(str(gabarits().coordonnee(texte)), layout=widgets.Layout(margin="0"))


class PlateauOthello:
    """The board in a notebook: ``PlateauOthello()`` as the last line of a cell.

    Each of the 64 cells is one clickable square (a transparent button over its drawing), the row numbers
    ``x`` down the left side and the column numbers ``y`` across the top, as ``p[x][y]`` reads the board;
    small dots mark where the player to move may play, a yellow frame the last move.
    ``adversaire``: a key of :data:`MODES`; ``ia``: the AI function (default the reference's
    ``ia_minmax_tp``; the student's ``ia_minmax`` or ``ia_minmax_tp`` works too); ``evaluation``: its ``f``
    (default ``othello.evaluation_positions``); ``vitesse``: seconds between two steps of a capture.

    >>> plateau = PlateauOthello(vitesse=0)
    >>> plateau.cliquer((2, 3)); plateau.attendre()
    >>> plateau.partie.j, plateau.partie.historique
    (-1, [(1, (2, 3))])
    """

    def __init__(self, p: list | None = None, j: int = 1, adversaire: str = "humains", profondeur: int = 2,
                 ia: Callable | None = None, evaluation: Callable | None = None, vitesse: float = 0.25,
                 regles: dict[str, Callable] | None = None) -> None:
        import ipywidgets as widgets

        if adversaire not in MODES:
            raise ValueError(f"adversaire must be one of {list(MODES)}, got {adversaire!r}")
        if not PROFONDEUR_MIN <= profondeur <= PROFONDEUR_MAX:
            raise ValueError(f"profondeur must be between {PROFONDEUR_MIN} and {PROFONDEUR_MAX}, got {profondeur!r}")
        self.partie = PartieOthello(p, j, regles)
        self._depart = (p, j, regles)
        self.ia = ia or othello.ia_minmax_tp
        self.evaluation = evaluation or othello.evaluation_positions
        self.vitesse = vitesse
        self.dernier: tuple[int, int] | None = None
        self._fil: threading.Thread | None = None
        self._verrou = threading.Lock()
        self._dessins: dict[tuple[int, int], str] = {}  # what each cell shows: only a change is sent
        self.cases = [[_case(x, y, self.cliquer) for y in range(8)] for x in range(8)]
        enfants = [_coordonnee(""), *(_coordonnee(str(y)) for y in range(8))]
        for x in range(8):
            enfants += [_coordonnee(str(x)), *self.cases[x]]
        pistes = f"{TAILLE_BORD}px repeat(8, {TAILLE_CASE}px)"
        self.grille = widgets.GridBox(enfants, layout=widgets.Layout(
            grid_template_columns=pistes, grid_template_rows=pistes, grid_gap="0", width="max-content",
            border="4px solid #1b5e20", padding="2px 6px 6px 2px"))
        self.grille.add_class("othello-plateau")
        self.mode = widgets.Dropdown(options=list(MODES), value=adversaire, description="Adversaire")
        self.profondeur = widgets.IntSlider(value=profondeur, min=PROFONDEUR_MIN, max=PROFONDEUR_MAX,
                                            description="Profondeur")
        self.nouvelle = widgets.Button(description="Nouvelle partie", icon="refresh",
                                       layout=widgets.Layout(width="auto"))
        self.nouvelle.on_click(lambda _b: self.recommencer())
        self.message = widgets.HTML(layout=widgets.Layout(min_height="40px"))
        self.message.add_class("othello-message")
        self.legende = widgets.HTML()
        self.mode.observe(lambda _c: self._lancer(self._suite_ia), names="value")
        self.vue = widgets.VBox([widgets.HTML(str(gabarits().style())),
                                 widgets.HBox([self.mode, self.profondeur, self.nouvelle]), self.grille,
                                 self.message, self.legende])
        self.vue.add_class("othello")
        self._dessiner(self.partie.p)
        self._annoncer()
        self._lancer(self._suite_ia)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.vue)

    # ------------------------------------------------------------ drawing
    def _dessiner(self, p: list, jouables: list | None = None) -> None:
        jouables = {tuple(c) for c in (jouables if jouables is not None else self._jouables())}
        for x in range(8):
            for y in range(8):
                dessin = html_case(p[x][y], (x, y) in jouables, (x, y) == self.dernier, self.partie.j)
                if self._dessins.get((x, y)) != dessin:
                    self._dessins[(x, y)] = dessin
                    self.cases[x][y].dessin.value = dessin
        self.legende.value = str(gabarits().legende(NOMS[self.partie.j]))

    def _jouables(self) -> list:
        try:
            return [] if self.partie.terminee else self.partie.cases_jouables()
        except ErreurEleve:
            return []

    def _ecrire(self, texte: str) -> None:
        self.message.value = str(gabarits().message(texte))

    def _annoncer(self) -> None:
        partie = self.partie
        noirs = sum(v == 1 for ligne in partie.p for v in ligne)
        blancs = sum(v == -1 for ligne in partie.p for v in ligne)
        passe = [NOMS[j] for j, c in partie.historique[-1:] if c is None]
        debut = f"{passe[0]} ne peut pas jouer et passe. " if passe else ""
        if partie.terminee:
            gagnant = partie.gagnant()
            fin = "Égalité." if gagnant == "égalité" else f"{gagnant} gagne."
            self._ecrire(f"{debut}Partie finie : Noir {noirs}, Blanc {blancs}. {fin}")
        else:
            self._ecrire(f"{debut}Noir {noirs}, Blanc {blancs}. À {NOMS[partie.j]} de jouer "
                         f"(petits points : les cases jouables ; cliquez sur une case).")

    # ------------------------------------------------------------ moves
    def _lancer(self, tache: Callable[[], None]) -> None:
        with self._verrou:
            if self._fil is not None and self._fil.is_alive():
                return
            self._fil = threading.Thread(target=self._executer, args=(tache,), daemon=True)
            self._fil.start()

    def _executer(self, tache: Callable[[], None]) -> None:
        try:
            tache()
        except (CoupRefuse, ErreurEleve) as erreur:
            self._ecrire(str(erreur))
        except Exception as erreur:  # never let the thread die silently
            self._ecrire(f"Erreur inattendue du plateau : {erreur!r}")

    def attendre(self, delai: float | None = None) -> None:
        """Wait until the current move (animation, AI) is over — for tests and scripts."""
        while self._fil is not None and self._fil.is_alive():
            self._fil.join(delai)

    def _jouer(self, c: tuple[int, int]) -> None:
        etapes = self.partie.jouer(c)
        self.dernier = tuple(c)
        for etape in etapes[:-1]:  # the disc, then each direction's captures
            self._dessiner(etape, [])
            time.sleep(self.vitesse)
        self._dessiner(self.partie.p)
        self._annoncer()

    def _tour_de_ia(self) -> bool:
        return not self.partie.terminee and self.partie.j in MODES[self.mode.value]

    def _suite_ia(self) -> None:
        while self._tour_de_ia():
            self._ecrire(f"L'IA réfléchit pour {NOMS[self.partie.j]} (profondeur {self.profondeur.value})…")
            self._jouer(self.partie.coup_ia(self.ia, self.evaluation, self.profondeur.value))

    def cliquer(self, c: tuple[int, int]) -> None:
        """What a click on the cell ``c`` does (also callable from Python)."""
        if self._tour_de_ia():
            self._ecrire(f"C'est au tour de l'IA ({NOMS[self.partie.j]}) : patientez.")
            return

        def tache() -> None:
            self._jouer(c)
            self._suite_ia()

        self._lancer(tache)

    def recommencer(self) -> None:
        self.attendre()
        self.partie = PartieOthello(*self._depart)
        self.dernier = None
        self._dessiner(self.partie.p)
        self._annoncer()
        self._lancer(self._suite_ia)
