"""Reference of the second subject of the course: Olympiades de NSI 2025.

The subject (académies de Toulouse, Versailles et Montpellier, 9 April 2025)
has two independent exercises: ``images`` (Exercise 1, image compression:
colours, run-length coding of black-and-white images, covering rectangles)
and ``awale_lycee`` (Exercise 2, a lycée-level awalé with its own ``etat_jeu``
dict and end rule).  ``corpus_images`` holds the seeded images of the hidden
tests.  The readings of the subject's ambiguous points and the figures the
text lost are in each module's ``LECTURES`` and ``FIGURES_RECONSTRUITES``,
gathered in ``docs/olympiades_lectures.md``.
"""

from awale_ref.sujets.olympiades_2025_images import EPREUVE  # noqa: F401 (kept for old imports)
