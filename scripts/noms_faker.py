"""Regenerate awale_ref/data/noms_fr.json from Faker (a developer's tool; Faker is not a dependency).

The file freezes the two lists Faker's ``fr_FR`` person provider draws from (``last_names``,
``first_names``), in Faker's order, duplicates kept: :class:`awale_ref.noms.TirageDeNoms` draws from
them exactly as a Faker seeded with the same seed does, so the opening libraries and the demo class
keep the names they had when Faker made them.  Run it only to change the names on purpose (every
library's content changes then)::

    .venv/bin/python -m pip install Faker==40.54.0
    .venv/bin/python scripts/noms_faker.py
"""

import json
from pathlib import Path

import faker
from faker.providers.person.fr_FR import Provider

CIBLE = Path(__file__).resolve().parents[1] / "awale_ref" / "data" / "noms_fr.json"


def main() -> None:
    donnees = {
        "source": f"Faker {faker.VERSION}, locale fr_FR: Provider.last_names and Provider.first_names",
        "noms": list(Provider.last_names),
        "prenoms": list(Provider.first_names),
    }
    CIBLE.write_text(json.dumps(donnees, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{CIBLE}: {len(donnees['noms'])} names, {len(donnees['prenoms'])} first names")


if __name__ == "__main__":
    main()
