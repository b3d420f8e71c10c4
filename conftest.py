"""The test session's settings, for every test of the project (``tests/``, each subject's ``awale_ref/sujets/*/tests/``,
the doctests): the order in which the test files run, so that two workers (``scripts/test.sh``: ``pytest -n 2 --dist loadfile
--no-loadscope-reorder``) stay busy until the end.

Each worker takes a whole file at a time (a file's tests share what it builds once: a graded class, a server), the
next one in collection order.  A long file started last keeps one worker busy alone at the end, so the files run
longest first: by the time each took in the last full run (recorded in pytest's cache, ``.pytest_cache``), or, on a
fresh clone, the files marked ``lourd`` (``pytestmark = pytest.mark.lourd``: they grade a class with the real
``nbgrader``, run notebooks, start a browser, a hub or a server) before the others.  The tools the test files share are in
``tests/outils.py``.

Each file's CPU time is measured too (this process's and the children it reaped, between two reports of a
test, from the end of the collection): the session ends with the files that took the most, beside their wall time,
to show where the suite's time goes (``scripts/test.sh`` runs on two cores: the suite is as long as its CPU time over
two).  What each process spent until its collection ended (its start, the imports, collecting the tests) is counted
on a line of its own, not in its first file.  A server started by a session-wide fixture and reaped at the session's
end is not counted in any file.

Each worker has its own grading lock (``$AWALE_VERROU``): the two workers are two machines, whose gradings do not
wait for each other.

Per-student variants (``awale_ref.grading.eleve.variantes``) are off for the session: the tests written with the
statement's own answers (the boards of figures 4 and 5 in their cells) grade them on the statement's data, as a
course with variants off does.  The tests of the variants turn them on themselves (``tests/test_variantes.py``,
``tests/test_variantes_echange.py``, the demo class's).
"""

from __future__ import annotations

import os
import resource
import tempfile
import time

import pytest

from awale_ref.grading.eleve.variantes import REGLAGE

os.environ[REGLAGE] = "non"
# Each worker process grades as a machine of its own: its own grading lock (awale_ref.grading.correcteur.verrou), so that the
# two workers' classes, none of which holds a real student's secret, do not wait for each other.  The tests of the
# lock start their gradings from one worker, which share it.
os.environ.setdefault("AWALE_VERROU", tempfile.mkdtemp(prefix="awale_verrou_"))

CLE_DES_DUREES = "awale/duree_par_fichier"
CPU = "cpu_s"
"""The name of a report's CPU time, in its ``user_properties``."""
CPU_COLLECTE = "cpu_collecte_s"
"""The name of the CPU time a process spent until its collection ended, in the ``user_properties`` of its first
report."""


def _cpu() -> float:
    """The CPU time of this process and of the children it reaped, in seconds."""
    soi, enfants = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return soi.ru_utime + soi.ru_stime + enfants.ru_utime + enfants.ru_stime


_cpu_au_dernier_rapport = _cpu()
_cpu_de_la_collecte: float | None = None
"""What this process spent until its collection ended, until its first report carries it."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """The count of the files' CPU time starts here."""
    global _cpu_au_dernier_rapport, _cpu_de_la_collecte
    _cpu_au_dernier_rapport = _cpu_de_la_collecte = _cpu()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> object:
    """Each report carries the CPU time spent since the previous one, the first one also the collection's
    (``user_properties``, which reach the controller from an xdist worker)."""
    global _cpu_au_dernier_rapport, _cpu_de_la_collecte
    resultat = yield
    maintenant = _cpu()
    proprietes = resultat.get_result().user_properties
    proprietes.append((CPU, round(maintenant - _cpu_au_dernier_rapport, 3)))
    if _cpu_de_la_collecte is not None:
        proprietes.append((CPU_COLLECTE, round(_cpu_de_la_collecte, 3)))
        _cpu_de_la_collecte = None
    _cpu_au_dernier_rapport = maintenant


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "lourd: a long file (it grades with the real nbgrader, runs notebooks, starts a "
                                       "browser, a hub or a server): run before the others")
    if not hasattr(config, "workerinput"):  # the workers' reports all reach the controller
        config.pluginmanager.register(DureesDesFichiers(config), "awale-durees-des-fichiers")


def _fichier(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Sort the files longest first (stable: a file's tests keep their order)."""
    cache = getattr(config, "cache", None)  # None under ``-p no:cacheprovider``
    durees: dict[str, float] = cache.get(CLE_DES_DUREES, {}) if cache else {}
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
        self.cpu: dict[str, float] = {}
        self.collectes: list[float] = []
        self.debut = time.monotonic()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        fichier = _fichier(report.nodeid)
        self.durees[fichier] = self.durees.get(fichier, 0.0) + report.duration
        self.cpu[fichier] = self.cpu.get(fichier, 0.0) + sum(v for k, v in report.user_properties if k == CPU)
        self.collectes += [v for k, v in report.user_properties if k == CPU_COLLECTE]

    def pytest_terminal_summary(self, terminalreporter: object) -> None:
        """The files that took the most CPU time, with their wall time, the processes' collection, and the
        session's totals."""
        if not self.cpu:
            return
        ecrire = terminalreporter.write_line  # type: ignore[attr-defined]
        terminalreporter.section("CPU time per file (this process and the children it reaped)")  # type: ignore[attr-defined]
        for fichier, cpu in sorted(self.cpu.items(), key=lambda fc: -fc[1])[:25]:
            ecrire(f"{cpu:8.1f} s CPU {self.durees.get(fichier, 0.0):8.1f} s wall  {fichier}")
        processus = "process" if len(self.collectes) == 1 else "processes"
        ecrire(f"{sum(self.collectes):8.1f} s CPU {'':17}collecting the tests ({len(self.collectes)} {processus}: "
               f"their start, the imports, the collection)")
        ecrire(f"{sum(self.cpu.values()):8.1f} s CPU {sum(self.durees.values()):8.1f} s wall  in all "
               f"({time.monotonic() - self.debut:.0f} s for the session)")

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        option = self.config.option
        partiel = option.keyword or option.markexpr or any("::" in a for a in self.config.args)
        if partiel or not getattr(self.config, "cache", None) or not self.durees:
            return
        durees = dict(self.config.cache.get(CLE_DES_DUREES, {}))
        durees.update({f: round(d, 1) for f, d in self.durees.items()})
        self.config.cache.set(CLE_DES_DUREES, durees)
