"""The awalé board for Jupyter: the game logic (:class:`Partie`) and its ipywidgets view (:class:`Plateau`).

>>> from awale_ref.widget import Partie
>>> Partie().cases_jouables()
[0, 1, 2, 3, 4, 5]

In a notebook, ``Plateau()`` as the last line of a cell shows the board;
``Plateau(adversaire="joueur2", profondeur=4)`` plays against the AI,
``Plateau(regles={"deplacer_graines": deplacer_graines})`` with a student's
function.
"""

from awale_ref.widget.partie import Coup, Etape, Partie, jeu_depuis
from awale_ref.widget.regles import ErreurEleve, Regles

__all__ = ["Coup", "ErreurEleve", "Etape", "Partie", "Plateau", "Regles", "jeu_depuis"]


def __getattr__(nom: str):
    # The view imports ipywidgets: loaded only when asked for, so the logic
    # stays usable (and testable) without it.
    if nom == "Plateau":
        from awale_ref.widget.vue import Plateau
        return Plateau
    raise AttributeError(f"module 'awale_ref.widget' has no attribute {nom!r}")
