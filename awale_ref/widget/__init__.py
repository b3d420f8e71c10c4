"""The awalé board for Jupyter: the game logic (:class:`Partie`) and its ipywidgets view (:class:`Plateau`).

>>> from awale_ref.widget import Partie
>>> Partie().cases_jouables()
[0, 1, 2, 3, 4, 5]

In a notebook, ``Plateau()`` as the last line of a cell shows the board;
``Plateau(adversaire="joueur2", profondeur=4)`` plays against the AI,
``Plateau(regles={"deplacer_graines": deplacer_graines})`` with a student's
function; ``Plateau(sujet="lycee", regles={"test_famine": test_famine})``
plays the lycée rules of the Olympiades de NSI 2025 with a student's lycée
function: rules a subject's folder gives (``partie.regles_des_sujets``; the
lycée's are ``awale_ref.sujets.olympiades_2025_awale.plateau_awale``).

>>> Partie(sujet="lycee", position=[1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0]).terminee  # 3 seeds: the lycée game goes on
False
"""

from awale_ref.widget.partie import Coup, Etape, Partie, jeu_depuis, regles_des_sujets
from awale_ref.widget.regles import ErreurEleve, Regles

__all__ = ["Coup", "ErreurEleve", "Etape", "Partie", "Plateau", "Regles", "SUJETS", "jeu_depuis",
           "regles_des_sujets"]


def __getattr__(nom: str):
    # The view imports ipywidgets: loaded only when asked for, so the logic
    # stays usable (and testable) without it.  The subjects' rules (SUJETS, their names) are found in
    # their folders when asked for, so the game library imports no subject.
    if nom == "Plateau":
        from awale_ref.widget.vue import Plateau
        return Plateau
    if nom == "SUJETS":
        return tuple(regles_des_sujets())
    if nom.startswith("Regles"):  # a subject's rules by their class's name (from awale_ref.widget import ReglesLycee)
        for classe in regles_des_sujets().values():
            if classe.__name__ == nom:
                return classe
    raise AttributeError(f"module 'awale_ref.widget' has no attribute {nom!r}")
