"""The memory of one notebook's grading, bounded in total: the course's setting, and the notebook's cgroup
(``awale_ref.grading.correcteur.memoire``) from before its first sandbox starts to after its last has ended."""

from __future__ import annotations

import atexit
import contextlib
from typing import ClassVar, Iterator

from nbconvert.exporters.exporter import ResourcesDict
from traitlets import Integer
from traitlets.config import LoggingConfigurable

from awale_ref.grading.correcteur import memoire
from pipeline.autograde.ressources import CLE_MEMOIRE, qui


class MemoireDuNotebook(LoggingConfigurable):
    """The total memory of one notebook's sandboxed processes (its kernel, runners and the judge's SQL process,
    each placed in the notebook's cgroup as it starts: ``noyau``, ``correcteur.lancement``).

    :meth:`pendant` wraps one notebook's grading (``copies_a_zero.ExportateurPrudent``): it puts the notebook's
    cgroup in ``resources`` (:data:`CLE_MEMOIRE`), then logs the processes the cap killed, by party, and removes
    the cgroup.  Where the machine gives no memory cgroup this grader may create children in
    (``memoire.hierarchie``), the log says so once per process and each notebook's memory is bounded per process
    only (``memoire_noyau``, the runner's ``memoire``).
    """

    # the kernel's 4 GiB and the runner's 2 GiB of address space (one process each, both may run at once): a
    # single process meets its own limit (a MemoryError in the student's code) before the notebook's total
    memoire_totale = Integer(6 * 1024 ** 3, help="bytes that all the sandboxed processes of one notebook (kernel, "
                                                 "runners, the judge's SQL process, their /tmp included) may take "
                                                 "together, where a memory cgroup is available (0: no total)"
                             ).tag(config=True)

    _sans_cgroup_dit: ClassVar[bool] = False
    _a_retirer: ClassVar[list[memoire.GroupeDuNotebook]] = []  # still held processes when their notebook ended

    @contextlib.contextmanager
    def pendant(self, resources: ResourcesDict) -> Iterator[None]:
        hierarchie = memoire.hierarchie() if self.memoire_totale > 0 else None
        if hierarchie is None:
            if not MemoireDuNotebook._sans_cgroup_dit:
                MemoireDuNotebook._sans_cgroup_dit = True
                pourquoi = "no total set" if self.memoire_totale <= 0 else memoire.pourquoi_aucune()
                self.log.warning("Memory: no memory cgroup for the notebooks (%s): each notebook's memory is bounded "
                                 "per process only (kernel, runner, SQL process: docs/grading_security.md)", pourquoi)
            yield
            return
        MemoireDuNotebook._a_retirer[:] = [g for g in MemoireDuNotebook._a_retirer if not g.retirer(0)]
        groupe = memoire.GroupeDuNotebook(hierarchie, self.memoire_totale)
        resources[CLE_MEMOIRE] = groupe
        try:
            yield
        finally:
            resources.pop(CLE_MEMOIRE, None)
            if tues := groupe.tues():
                self.log.warning("Memory of %s: its processes reached the notebook's total of %d MiB (%s): the "
                                 "system killed %s", qui(resources), self.memoire_totale // memoire.MIO,
                                 hierarchie.description(), ", ".join(f"{n} process(es) of its {partie} sandbox"
                                                                     for partie, n in sorted(tues.items())))
            if not groupe.retirer():
                self.log.warning("Memory of %s: its cgroup %s could not be removed yet (processes left): tried again "
                                 "before each next notebook and at exit", qui(resources), groupe.dossier)
                MemoireDuNotebook._a_retirer.append(groupe)


atexit.register(lambda: [g.retirer(0) for g in MemoireDuNotebook._a_retirer])
