"""Figures that show themselves in a notebook as a PNG described in French.

A matplotlib ``Figure`` shown by IPython without more is a picture whose text is its repr
(``<Figure size 640x395 with 1 Axes>``), and whose ``alt`` in a page nbconvert writes in English (« No
description has been provided for this image »).  A :class:`FigureDecrite` gives both as the French sentence
of its titles (:func:`decrire_dessin`): what the student's notebook keeps beside the
picture, and what the feedback page and the formgrader's view say of it.
"""

from __future__ import annotations

from matplotlib.figure import Figure


def decrire_dessin(*titres: str) -> str:
    """What a picture shows, in French: « Dessin : <titres> », each title on one line (its lines joined by
    commas), the titles joined by « — »; « Dessin » alone when every title is blank.  The text a notebook keeps
    beside a picture and the picture's ``alt`` in a page (:class:`FigureDecrite`, the failing case drawn in
    the feedback).

    >>> decrire_dessin("Graphe du jeu")
    'Dessin : Graphe du jeu'
    >>> decrire_dessin("damier\\n2 lignes × 2 colonnes", " ", "rouge"), decrire_dessin("")
    ('Dessin : damier, 2 lignes × 2 colonnes — rouge', 'Dessin')
    """
    lignes = [", ".join(" ".join(ligne.split()) for ligne in titre.splitlines() if ligne.strip())
              for titre in titres if titre and titre.strip()]
    return "Dessin : " + " — ".join(lignes) if lignes else "Dessin"


class FigureDecrite(Figure):
    """A ``Figure`` shown as its PNG (``_repr_png_``, each kind of figure its own) with its description as its
    text and as the picture's ``alt``."""

    def _repr_png_(self) -> bytes:
        raise NotImplementedError("a FigureDecrite draws its own PNG")

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> tuple[dict, dict]:
        texte = self.description()
        return {"image/png": self._repr_png_(), "text/plain": texte}, {"image/png": {"alt": texte}}

    def titres(self) -> list[str]:
        """What the figure says it shows: its title, else its axes' titles, else its first text."""
        if self._suptitle is not None and self._suptitle.get_text().strip():
            return [self._suptitle.get_text()]
        titres = [ax.get_title() for ax in self.axes if ax.get_title().strip()]
        return titres or [t.get_text() for t in self.texts if t.get_text().strip()][:1]

    def description(self) -> str:
        """« Dessin : <its titles> » (:meth:`titres`).

        >>> figure = FigureDecrite()
        >>> _ = figure.suptitle("Graphe du jeu")
        >>> figure.description()
        'Dessin : Graphe du jeu'
        >>> figure = FigureDecrite()
        >>> _ = figure.add_subplot(1, 2, 1).set_title("attendue\\n2 lignes"), figure.add_subplot(1, 2, 2).set_title("obtenue")
        >>> figure.description()
        'Dessin : attendue, 2 lignes — obtenue'
        """
        return decrire_dessin(*self.titres())
