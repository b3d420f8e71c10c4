"""The test session's settings: the order in which the test files run, so that two workers (``scripts/test.sh``: ``pytest -n 2 --dist loadfile
--no-loadscope-reorder``) stay busy until the end.

Each worker takes a whole file at a time (a file's tests share what it builds once: a graded class, a server), the
next one in collection order.  A long file started last keeps one worker busy alone at the end, so the files run
longest first: by the time each took in the last full run (recorded in pytest's cache, ``.pytest_cache``), or, on a
fresh clone, the files marked ``lourd`` (``pytestmark = pytest.mark.lourd``: they grade a class with the real
``nbgrader``, run notebooks, start a browser, a hub or a server) before the others.  The tools the test files share are in
``tests/outils.py``.

Per-student variants (``awale_ref.grading.variantes``) are off for the session: the tests written with the
statement's own answers (the boards of figures 4 and 5 in their cells) grade them on the statement's data, as a
course with variants off does.  The tests of the variants turn them on themselves (``tests/test_variantes.py``,
``tests/test_variantes_echange.py``, the demo class's).
"""

from __future__ import annotations

import os

import pytest

from awale_ref.grading.variantes import REGLAGE

os.environ[REGLAGE] = "non"

CLE_DES_DUREES = "awale/duree_par_fichier"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "lourd: a long file (it grades with the real nbgrader, runs notebooks, starts a "
                                       "browser, a hub or a server): run before the others")
    if not hasattr(config, "workerinput"):  # the workers' reports all reach the controller
        config.pluginmanager.register(DureesDesFichiers(config), "awale-durees-des-fichiers")


def _fichier(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Sort the files longest first (stable: a file's tests keep their order)."""
    durees: dict[str, float] = config.cache.get(CLE_DES_DUREES, {}) if config.cache else {}
    premier: dict[str, int] = {}
    lourds: set[str] = set()
    for i, item in enumerate(items):
        premier.setdefault(_fichier(item.nodeid), i)
        if item.get_closest_marker("lourd"):
            lourds.add(_fichier(item.nodeid))
    items.sort(key=lambda item: (-durees.get(_fichier(item.nodeid), 0.0), _fichier(item.nodeid) not in lourds,
                                 premier[_fichier(item.nodeid)]))


class DureesDesFichiers:
    """Each file's time (setup, calls, teardown of its tests), recorded in pytest's cache when whole files ran (not
    with ``-k``/``-m`` or a single test named)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.durees: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        fichier = _fichier(report.nodeid)
        self.durees[fichier] = self.durees.get(fichier, 0.0) + report.duration

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        option = self.config.option
        partiel = option.keyword or option.markexpr or any("::" in a for a in self.config.args)
        if partiel or not self.config.cache or not self.durees:
            return
        durees = dict(self.config.cache.get(CLE_DES_DUREES, {}))
        durees.update({f: round(d, 1) for f, d in self.durees.items()})
        self.config.cache.set(CLE_DES_DUREES, durees)
