"""French names and first names for generated people: the opening library's players, the demo class.

The lists are frozen in the package data (``data/noms_fr.json``, Faker ``fr_FR``'s lists, written once
by ``scripts/noms_faker.py``); a draw of seed ``graine`` gives the names a Faker seeded with ``graine``
gave (``seed_instance``, then ``last_name()`` / ``first_name()``), without Faker.

>>> tirage = TirageDeNoms(2024)
>>> tirage.nom(), tirage.prenom()
('Lelièvre', 'Jules')
>>> TirageDeNoms(2024).nom() == 'Lelièvre'
True
"""

from __future__ import annotations

import functools
import json
import random
from importlib import resources


FICHIER = "data/noms_fr.json"
"""The frozen lists, in the package ``awale_ref``."""


@functools.cache
def _listes() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The frozen lists: (names, first names), in Faker's order, duplicates kept."""
    texte = resources.files("awale_ref").joinpath(FICHIER).read_text(encoding="utf-8")
    donnees = json.loads(texte)
    return tuple(donnees["noms"]), tuple(donnees["prenoms"])


class TirageDeNoms:
    """A seeded stream of names and first names (one random generator for both, as in Faker)."""

    def __init__(self, graine: int | str) -> None:
        self._rng = random.Random(graine)

    def nom(self) -> str:
        return self._rng.choice(_listes()[0])

    def prenom(self) -> str:
        return self._rng.choice(_listes()[1])
