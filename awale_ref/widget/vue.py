"""The ipywidgets view of the board: it draws a ``Partie`` and sends it the clicks.

By default the board does not turn: joueur1's row is at the bottom, labelled
0 → 5 from left to right, joueur2's on top, 11 → 6, as in the exam's tree; the
labels are the only pit names the messages and the AI's table use (with the
mover's own number in brackets when it differs).  ``orientation="joueur"``
puts the player to move at the bottom instead, the board turning after each
move like ``jeu['plateau']``.  Moves are animated in a background thread
(small sleeps between the steps), so the kernel stays free for the other
buttons: « Passer l'animation » jumps to the final board at once.  The AI
also searches in that thread.  ``sujet="lycee"`` plays the rules of the
Olympiades de NSI 2025 with the student's lycée functions
(``Plateau(sujet="lycee", regles={"test_famine": test_famine})``).

>>> plateau = Plateau(vitesse=0)
>>> plateau.cliquer(2); plateau.attendre()
>>> plateau.partie.jeu['n'], plateau.partie.joueur_actif
(1, 'Bob')
>>> plateau.cliquer(8); plateau.attendre()   # Bob's pit 8 (his pit 2): labels do not move
>>> plateau.partie.coups_joues()
[2, 2]
"""

from __future__ import annotations

import ast
import functools
import html
import threading
from typing import Any

import ipywidgets as widgets
import jinja2
import markupsafe

from awale_ref import engine, fonctions_moteur, notation
from awale_ref.widget.partie import (ORIENTATIONS, PROFONDEUR_MAX, PROFONDEUR_MIN, Etape, Partie,
                                     etiquette_case)
from awale_ref.widget.regles import ErreurEleve, de, graines

MODES = ("humains", "joueur2", "joueur1", "ia")
"""Who the AI plays: nobody, joueur2, joueur1, or both (AI versus AI)."""

PAUSE_MAX = 1.5  # seconds between two animation steps, at the slowest
GRAINES_DESSINEES = 48  # all the seeds of a game; beyond (a typed board), only the number
# (most seeds, columns, dot size in px) of the dots' grid: smaller dots as a pit fills up,
# always inside the same 44 × 30 px box above the number, which fits in the round pit.
GRILLES = ((12, 4, 9), (30, 6, 5), (GRAINES_DESSINEES, 8, 4))

# Colours of a pit: (background, border) for each highlight.
COULEURS = {
    "normal": ("#a9743f", "3px solid #7a4f26"),
    "jouable": ("#a9743f", "3px solid #f1c232"),
    "semee": ("#6aa84f", "3px solid #38761d"),
    "recoltee": ("#e69138", "3px solid #b45f06"),
    "prise": ("#7a4f26", "3px dashed #3d85c6"),
}
COURANTE = "0 0 0 4px #3d85c6"  # an extra ring around the pit changed at this step

MESSAGES = {  # kind of message: (background, border)
    "info": ("#f3f3f3", "#999999"),
    "refus": ("#fff2cc", "#bf9000"),
    "erreur": ("#f4cccc", "#cc0000"),
    "ia": ("#cfe2f3", "#3d85c6"),
    "fin": ("#d9ead3", "#38761d"),
}


def _echapper(valeur: Any) -> Any:
    """Every value a template shows, escaped as the board always escaped it (``html.escape``: ``'`` is
    ``&#x27;``); a fragment already rendered (``Markup``) goes in as HTML."""
    if isinstance(valeur, str) and not isinstance(valeur, markupsafe.Markup):
        return markupsafe.Markup(html.escape(valeur))
    return valeur


@functools.cache
def gabarits() -> Any:
    """The macros of ``widget/gabarits/plateau.html`` (Jinja2, autoescape; a name not given is an error)."""
    env = jinja2.Environment(loader=jinja2.PackageLoader("awale_ref.widget", "gabarits"), autoescape=True,
                             undefined=jinja2.StrictUndefined, finalize=_echapper)
    return env.get_template("plateau.html").module


def grille_graines(nombre: int) -> tuple[int, int] | None:
    """(columns, dot size in px) to draw ``nombre`` seeds, None when only the number is shown.

    >>> grille_graines(4), grille_graines(16), grille_graines(48), grille_graines(49)
    ((4, 9), (6, 5), (8, 4), None)
    """
    for plus, colonnes, taille in GRILLES:
        if nombre <= plus:
            return colonnes, taille
    return None


def html_case(nombre: int, etiquette: int, montrer_etiquette: bool, surlignage: str = "normal",
              courante: bool = False, en_haut: bool = False) -> str:
    """The HTML of one pit: a round cup, its seeds drawn as dots, and their number, always legible.

    >>> "case 4" in html_case(16, 4, True) and ">16<" in html_case(16, 4, False)
    True
    >>> html_case(48, 0, False).count('class="awale-graine"'), ">60<" in html_case(60, 0, False)
    (48, True)
    """
    fond, bord = COULEURS[surlignage]
    anneau = f"box-shadow:{COURANTE};" if courante else ""
    texte = f"case {etiquette}" if montrer_etiquette else ""
    return str(gabarits().case(nombre, texte, fond, bord, anneau, grille_graines(nombre), en_haut))


def html_message(texte: str, genre: str = "info") -> str:
    """A coloured message box (French text, escaped)."""
    if not texte:
        return ""
    fond, bord = MESSAGES[genre]
    return str(gabarits().message(texte, fond, bord))


class PositionIllisible(ValueError):
    """A position typed in the board's field that cannot be read (French message for the student)."""


def lire_position(texte: str, joueur1: str = "Alice", joueur2: str = "Bob", continue_=fonctions_moteur.tour_suivant):
    """A position typed in the board's text field: a move string or a board list, checked in French.

    ``continue_(jeu)`` is the subject's end-of-game test (True while the game goes on).

    >>> lire_position(" EGai "), lire_position("[1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 1]")
    ('egai', [1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 1])
    >>> lire_position("eg ai")
    Traceback (most recent call last):
    ...
    awale_ref.widget.vue.PositionIllisible: Coup n° 3 : une espace n'est pas une lettre de coup (de a à f pour les cases 0 à 5 d'Alice, de g à l pour les cases 6 à 11 de Bob).
    >>> lire_position("[1, 2, 3]")
    Traceback (most recent call last):
    ...
    awale_ref.widget.vue.PositionIllisible: Un plateau est une liste de 12 nombres entiers positifs ou nuls ; j'en lis 3.
    """
    texte = texte.strip()
    if texte.startswith(("[", "(")):
        try:
            valeurs = ast.literal_eval(texte)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise PositionIllisible("Je ne peux pas lire ce plateau : écrivez 12 nombres entre crochets, "
                                    "séparés par des virgules, par exemple [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]."
                                    ) from None
        if not isinstance(valeurs, (list, tuple)) or len(valeurs) != 12:
            combien = len(valeurs) if isinstance(valeurs, (list, tuple)) else "autre chose"
            raise PositionIllisible("Un plateau est une liste de 12 nombres entiers positifs ou nuls ; "
                                    f"j'en lis {combien}.")
        mauvais = [v for v in valeurs if not isinstance(v, int) or isinstance(v, bool) or v < 0]
        if mauvais:
            raise PositionIllisible(f"{mauvais[0]!r} n'est pas un nombre de graines : chaque case contient "
                                    "un nombre entier positif ou nul.")
        return list(valeurs)
    texte = texte.lower()  # « EGAI » is « egai »
    if not texte:
        raise PositionIllisible("La position est vide : tapez des coups comme « egai » ou un plateau "
                                "comme [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4] (« Nouvelle partie » pour recommencer).")
    jeu = engine.to_jeu(engine.initial_position(), joueur1, joueur2)
    for numero, lettre in enumerate(texte, start=1):
        if lettre not in notation.LETTRES:
            montree = "une espace" if lettre.isspace() else f"« {lettre} »"
            raise PositionIllisible(f"Coup n° {numero} : {montree} n'est pas une lettre de coup (de a à f "
                                    f"pour les cases 0 à 5 {de(joueur1)}, de g à l pour les cases 6 à 11 "
                                    f"{de(joueur2)}).")
        if not continue_(jeu):
            raise PositionIllisible(f"Coup n° {numero} : la partie est déjà finie après {numero - 1} coups.")
        joueur, autre = (joueur1, joueur2) if jeu['n'] % 2 == 0 else (joueur2, joueur1)
        proprietaire = joueur1 if notation.LETTRES.index(lettre) < 6 else joueur2
        if proprietaire != joueur:
            raise PositionIllisible(f"Coup n° {numero} : « {lettre} » est une case {de(autre)}, mais "
                                    f"c'est à {joueur} de jouer.")
        case = notation.case(lettre, jeu['n'])
        if not fonctions_moteur.test_case(jeu['plateau'], case):
            raise PositionIllisible(f"Coup n° {numero} : {joueur} ne peut pas jouer « {lettre} » (case vide, "
                                    f"ou {autre} n'aurait plus aucune graine).")
        fonctions_moteur.tour_jeu(jeu, case)
    return texte


# No dotted focus ring on the pit last clicked with the mouse; a keyboard user still sees one.
STYLE_CSS = str(gabarits().style())


class _Case(widgets.GridBox):
    """One pit, by its board label: the cup drawn in HTML with a transparent button laid over it."""

    def __init__(self, indice: int, en_haut: bool) -> None:
        self.indice, self.en_haut = indice, en_haut
        self.dessin = widgets.HTML(layout=widgets.Layout(grid_area="1 / 1", margin="0"))
        self.dessin.add_class(f"awale-coupe-{indice}")
        self.bouton = widgets.Button(
            description="", tooltip=f"case {indice}",
            layout=widgets.Layout(grid_area="1 / 1", width="100%", height="100%", margin="0"),
            style=widgets.ButtonStyle(button_color="transparent"))
        self.bouton.add_class("awale-case")
        self.bouton.add_class(f"awale-case-{indice}")
        super().__init__([self.dessin, self.bouton], layout=widgets.Layout(
            grid_template_columns="86px", grid_template_rows="98px", width="86px", height="98px"))


class Plateau(widgets.VBox):
    """The awalé board widget: play, watch the AI, undo, set up a position.

    ``adversaire`` is one of :data:`MODES`; ``regles`` the student's
    functions (see :class:`~awale_ref.widget.regles.Regles`); ``vitesse`` the
    pause between two animation steps in seconds; ``orientation`` one of
    :data:`~awale_ref.widget.partie.ORIENTATIONS`; ``sujet`` one of
    :func:`~awale_ref.widget.partie.regles_des_sujets`: ``"lycee"`` plays the rules of
    the Olympiades de NSI 2025, ``regles`` then naming the student's lycée
    functions (``ReglesLycee``, in ``awale_ref/sujets/olympiades_2025_awale/plateau_awale.py``)::

        Plateau(sujet="lycee", regles={"semer_graines": semer_graines, "test_famine": test_famine})
    """

    def __init__(self, joueur1: str = "Alice", joueur2: str = "Bob", position=None, regles=None,
                 adversaire: str = "humains", profondeur: int = 3, vitesse: float = 0.3,
                 indices: bool = True, evaluation: bool = True, orientation: str = "fixe",
                 sujet: str | None = None) -> None:
        if orientation not in ORIENTATIONS:
            raise ValueError(f"orientation must be one of {ORIENTATIONS}, got {orientation!r}")
        if adversaire not in MODES:
            raise ValueError(f"adversaire must be one of {MODES}, got {adversaire!r}")
        if not PROFONDEUR_MIN <= profondeur <= PROFONDEUR_MAX:
            raise ValueError(f"profondeur must be from {PROFONDEUR_MIN} to {PROFONDEUR_MAX}, "
                             f"got {profondeur!r}")
        if not 0 <= vitesse <= PAUSE_MAX:
            raise ValueError(f"vitesse (a pause in seconds) must be from 0 to {PAUSE_MAX}, got {vitesse!r}")
        self.partie = Partie(joueur1, joueur2, position, regles, orientation, sujet)
        self._verrou = threading.Lock()
        self._occupe = False
        self._fil: threading.Thread | None = None
        self._passer = threading.Event()  # « Passer l'animation »
        self._arret = threading.Event()  # stop the AI loop (mode changed, new game…)
        self._texte_message = ""
        self.dernier_coup = None
        self._construire(adversaire, profondeur, vitesse, indices, evaluation)
        self._dessiner(self.partie.etat())
        self._message(self.partie.erreur_fin or self.partie.avertissement_fin, "erreur")
        if self._tour_de_ia():
            self._lancer(self._suite_ia)

    # ------------------------------------------------------------ layout
    def _construire(self, adversaire, profondeur, vitesse, indices, evaluation) -> None:
        self.titre = widgets.HTML()
        self.nom_haut, self.nom_bas = widgets.HTML(), widgets.HTML()
        self.cases = {i: _Case(i, en_haut=i >= 6) for i in range(12)}
        for case in self.cases.values():
            case.bouton.on_click(lambda _, i=case.indice: self.cliquer(i))
        rangee_haut = widgets.HBox([self.cases[i] for i in range(11, 5, -1)])
        rangee_bas = widgets.HBox([self.cases[i] for i in range(6)])
        # two lines kept for the message (the AI's « réfléchit » takes two): the controls under it never move
        self.message = widgets.HTML(layout=widgets.Layout(min_height="50px"))
        self.message.add_class("awale-message")
        self.evaluation = widgets.HTML()
        self.evaluation.add_class("awale-evaluation")
        auto = widgets.Layout(width="auto")
        self.bouton_annuler = widgets.Button(description="Annuler", icon="undo", layout=auto)
        self.bouton_nouvelle = widgets.Button(description="Nouvelle partie", icon="refresh", layout=auto)
        self.bouton_passer = widgets.Button(description="Passer l'animation", icon="forward", layout=auto)
        self.curseur_vitesse = widgets.FloatSlider(value=vitesse, min=0, max=PAUSE_MAX, step=0.05,
                                                   description="Pause (s)", readout_format=".2f")
        self.case_indices = widgets.Checkbox(value=indices, description="Montrer les numéros des cases",
                                             indent=False)
        self.menu_mode = widgets.Dropdown(options=self._options_mode(), value=adversaire,
                                          description="Adversaire")
        self.curseur_profondeur = widgets.IntSlider(value=profondeur, min=PROFONDEUR_MIN,
                                                    max=PROFONDEUR_MAX, description="Profondeur")
        self.case_evaluation = widgets.Checkbox(value=evaluation, indent=False,
                                                description="Montrer l'évaluation de l'IA")
        self.champ_position = widgets.Text(placeholder="coups 'egai' ou plateau [0, 0, 2, …]",
                                           description="Position")
        self.bouton_placer = widgets.Button(description="Placer")
        self.bouton_annuler.on_click(lambda _: self.annuler())
        self.bouton_nouvelle.on_click(lambda _: self.nouvelle_partie())
        self.bouton_passer.on_click(lambda _: self._passer.set())
        self.bouton_placer.on_click(lambda _: self._placer_texte())
        self.case_indices.observe(lambda _: self._dessiner(self.partie.etat()), "value")
        self.case_evaluation.observe(self._basculer_evaluation, "value")
        self.menu_mode.observe(self._changer_mode, "value")
        plateau = widgets.VBox([self.nom_haut, rangee_haut, rangee_bas, self.nom_bas], layout=widgets.Layout(
            border="4px solid #5b3a1a", padding="6px", width="max-content"))
        controles = widgets.HBox([self.bouton_annuler, self.bouton_nouvelle, self.bouton_passer])
        controles.add_class("awale-controles")
        super().__init__([
            widgets.HTML(STYLE_CSS), self.titre, plateau, self.message, controles,
            widgets.HBox([self.curseur_vitesse, self.case_indices]),
            widgets.HBox([self.menu_mode, self.curseur_profondeur]),
            self.case_evaluation, self.evaluation,
            widgets.HBox([self.champ_position, self.bouton_placer]),
        ])
        self.add_class("awale-plateau")

    def _options_mode(self) -> list[tuple[str, str]]:
        j1, j2 = self.partie.joueur1, self.partie.joueur2
        return [("Deux joueurs humains", "humains"), (f"Contre l'IA ({j2} est l'IA)", "joueur2"),
                (f"Contre l'IA ({j1} est l'IA)", "joueur1"), ("IA contre IA", "ia")]

    # ------------------------------------------------------------ drawing
    def _dessiner(self, etape: Etape) -> None:
        """Show one frame: the pits, names, scores, whose turn."""
        with self._verrou:
            partie, jeu = self.partie, self.partie.jeu
            orientation = partie.orientation
            joueur1_en_bas = orientation == "fixe" or etape.n % 2 == 0
            bas, haut = ((jeu['joueur1'], jeu['joueur2']) if joueur1_en_bas
                         else (jeu['joueur2'], jeu['joueur1']))
            score_bas, score_haut = etape.score if joueur1_en_bas else etape.score[::-1]
            trait_en_bas = etape.n % 2 == 0 or orientation == "joueur"
            jouables = (set(partie.cases_jouables())
                        if etape.genre == "etat" and not self._tour_de_ia() else set())
            for label, case in self.cases.items():
                i = etiquette_case(label, etape.n, orientation)  # the pit in the mover's view
                if i in etape.recoltees:
                    surlignage = "recoltee"
                elif etape.genre == "prise" and i == etape.case:
                    surlignage = "prise"
                elif i in etape.semees:
                    surlignage = "semee"
                elif i in jouables:
                    surlignage = "jouable"
                else:
                    surlignage = "normal"
                case.dessin.value = html_case(etape.plateau[i], label, self.case_indices.value, surlignage,
                                              courante=i == etape.case, en_haut=case.en_haut)
                case.bouton.tooltip = f"case {label} : {graines(etape.plateau[i])}"
            fin = etape.genre == "fin"
            self.nom_haut.value = str(gabarits().nom("awale-nom-haut", haut, score_haut, not fin and not trait_en_bas))
            self.nom_bas.value = str(gabarits().nom("awale-nom-bas", bas, score_bas, not fin and trait_en_bas))
            if fin:
                titre = etape.texte
            else:
                au_trait = jeu['joueur1'] if etape.n % 2 == 0 else jeu['joueur2']
                titre = f"Tour {etape.n + 1} · à {au_trait} de jouer"
            self.titre.value = str(gabarits().titre(titre))

    def _message(self, texte: str, genre: str = "info") -> None:
        self._texte_message = texte if genre in ("info", "fin") else ""
        self.message.value = html_message(texte, genre)

    def _basculer_evaluation(self, _=None) -> None:
        self.evaluation.layout.display = None if self.case_evaluation.value else "none"

    def _montrer_evaluation(self, joueur: str, profondeur: int, case: int, valeurs) -> None:
        nom = self.partie.nom_case(case)
        if valeurs is None:
            texte = f"{joueur} (votre NegaAwale, profondeur {profondeur}) joue {nom}."
            self.evaluation.value = html_message(texte, "ia")
            return
        n = self.partie.jeu['n']
        colonnes = []  # per pit: its board label, its own number when it differs, its value, whether chosen
        for c, v in valeurs:
            label = etiquette_case(c, n, self.partie.orientation)
            colonnes.append((label, None if label == c else c, v, c == case))
        self.evaluation.value = str(gabarits().evaluation(de(joueur), profondeur, nom, colonnes))
        self._basculer_evaluation()

    # ------------------------------------------------------------ background work
    def _lancer(self, tache) -> bool:
        """Run ``tache`` in the background thread; False if a move is already running."""
        with self._verrou:
            if self._occupe:
                return False
            self._occupe = True
        self._arret.clear()
        self._passer.clear()  # here, not in the thread: a « Passer » clicked just after is not lost
        self._fil = threading.Thread(target=self._executer, args=(tache,), daemon=True)
        self._fil.start()
        return True

    def _executer(self, tache) -> None:
        try:
            tache()
        except Exception as erreur:  # never let the thread die silently
            self._message(f"Erreur inattendue du plateau : {erreur!r}", "erreur")
        finally:
            with self._verrou:
                self._occupe = False
            if not self._arret.is_set():
                self._dessiner(self.partie.etat())

    def attendre(self, delai: float | None = None) -> None:
        """Wait until the current move (animation, AI) is over — for tests and scripts."""
        fil = self._fil
        if fil is not None:
            fil.join(delai)

    def _tour_de_ia(self) -> bool:
        mode = self.menu_mode.value
        if self.partie.terminee or mode == "humains":
            return False
        return mode == "ia" or self.partie.joueur_actif == self.partie.jeu[mode]

    def _montrer_coup(self, coup) -> None:
        """Animate a played move step by step (or say why it was refused)."""
        if not coup.accepte:
            self._message(coup.raison, "erreur" if coup.erreur else "refus")
            return
        for etape in coup.etapes:
            if self._passer.is_set() or self._arret.is_set():
                break
            self._dessiner(etape)
            self._message(etape.texte)
            self._passer.wait(self.curseur_vitesse.value)  # a pause that « Passer » cuts short
        self._dessiner(self.partie.etat())
        self.dernier_coup = coup
        if coup.erreur or coup.avertissement:
            self._message(coup.avertissement, "erreur")
        elif self.partie.terminee:
            self._message(self.partie.message_fin(), "fin")
        else:
            self._message(coup.etapes[-1].texte if coup.etapes else coup.raison)

    def _suite_ia(self) -> None:
        """Let the AI play as long as it is its turn."""
        premier = True
        while self._tour_de_ia() and not self._arret.is_set():
            if not premier:  # AI against AI: the last move's message stays on screen for one pause
                self._arret.wait(self.curseur_vitesse.value)
                if self._arret.is_set():
                    return
            premier = False
            self._passer.clear()  # « Passer » skips one move's animation, not the whole game
            joueur = self.partie.joueur_actif
            profondeur = self.curseur_profondeur.value
            # Added to the last move's message, which stays readable while the AI searches.
            precedent = self._texte_message + " " if self._texte_message else ""
            self._message(f"{precedent}{joueur} (IA) réfléchit à la profondeur {profondeur}…", "ia")
            try:
                case, valeurs = self.partie.coup_ia(profondeur)
            except ErreurEleve as erreur:
                self._message(str(erreur), "erreur")
                return
            if self._arret.is_set():
                return
            self._montrer_evaluation(joueur, profondeur, case, valeurs)
            coup = self.partie.cliquer(case)
            self._montrer_coup(coup)
            if not coup.accepte:
                return

    # ------------------------------------------------------------ actions
    def cliquer(self, case: int) -> None:
        """What a click on the pit labelled ``case`` on the board does (also callable from Python)."""
        if self._tour_de_ia():
            self._message(f"C'est au tour de l'IA ({self.partie.joueur_actif}) : patientez.", "refus")
            return
        # A board label, turned into the pit of the mover's view when the move starts.

        def tache() -> None:
            coup = self.partie.cliquer(etiquette_case(case, self.partie.jeu['n'], self.partie.orientation))
            self._montrer_coup(coup)
            if coup.accepte:
                self._suite_ia()

        # The last message of a move ("À Alice de jouer") is shown just before its thread ends: a click
        # in that instant waits for the end instead of being refused.
        if not self._lancer(tache) and not (self.attendre(0.5) or self._lancer(tache)):
            self._message("Un coup est en cours : patientez, ou cliquez sur « Passer l'animation ».",
                          "refus")

    def _arreter(self) -> None:
        """Stop the running move or AI loop and wait for it (animations are cut short)."""
        self._arret.set()
        self._passer.set()
        self.attendre()

    def annuler(self) -> None:
        """Undo the last move; against the AI, back to the human's last turn."""
        self._arreter()
        annules = self.partie.annuler()
        if not annules:
            self._dessiner(self.partie.etat())
            self._message("Rien à annuler.", "refus")
            return
        while self.menu_mode.value in ("joueur1", "joueur2") and self._tour_de_ia() \
                and self.partie.annuler():
            annules += 1
        self._dessiner(self.partie.etat())
        quoi = "Coup annulé" if annules == 1 else f"{annules} coups annulés"
        self._message(f"{quoi}. À {self.partie.joueur_actif} de jouer.")
        self.evaluation.value = ""
        if self._tour_de_ia():
            self._lancer(self._suite_ia)

    def nouvelle_partie(self) -> None:
        """Start again from the initial position (the Position field emptied)."""
        self.champ_position.value = ""
        self.placer(None)

    def placer(self, position) -> None:
        """Set up a position: a ``plateau`` list, a ``jeu`` dict, a move string, or None."""
        self._arreter()
        self.partie.placer(position)
        if self.menu_mode.options != tuple(self._options_mode()):  # the names changed
            mode = self.menu_mode.value
            self.menu_mode.unobserve(self._changer_mode, "value")
            self.menu_mode.options = self._options_mode()  # this resets the value
            self.menu_mode.value = mode
            self.menu_mode.observe(self._changer_mode, "value")
        self.evaluation.value = ""
        self._dessiner(self.partie.etat())
        self._message(self.partie.erreur_fin or self.partie.avertissement_fin, "erreur")
        if self._tour_de_ia():
            self._lancer(self._suite_ia)

    def _placer_texte(self) -> None:
        try:
            position = lire_position(self.champ_position.value, self.partie.joueur1, self.partie.joueur2,
                                     self.partie.regles.continue_reference)
        except PositionIllisible as erreur:
            self._message(f"Position illisible : {erreur}", "refus")
            return
        self.placer(position)

    def _changer_mode(self, _=None) -> None:
        self._arreter()
        self.evaluation.value = ""  # an old table would describe a move of the previous mode
        self._dessiner(self.partie.etat())
        if self._tour_de_ia():
            self._lancer(self._suite_ia)
