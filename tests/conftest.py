"""What the whole test run shares: how the tests are split between pytest-xdist's workers.

``scripts/test.sh`` (the README's test command, and so CI) runs the suite on two
workers with ``--dist loadgroup``: each test goes to whichever worker is free,
except that the tests which use what their file builds once for several tests (a
fixture of scope ``module`` or ``session`` defined in that file: a graded class, a
course, a server) stay together on one worker, so that it is built once.
"""

from __future__ import annotations

import pytest

PARTAGEES = ("module", "session")


def _fixtures_partagees_du_fichier(item: pytest.Item) -> bool:
    """Whether ``item`` uses a fixture of scope module or session defined in its own file."""
    infos = getattr(item, "_fixtureinfo", None)
    if infos is None:  # a doctest
        return False
    fichier = item.nodeid.split("::", 1)[0]
    return any(definition.scope in PARTAGEES and definition.baseid == fichier
               for definitions in infos.name2fixturedefs.values() for definition in definitions)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _fixtures_partagees_du_fichier(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
