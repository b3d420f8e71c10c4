"""The memory of a notebook's grading bounded in total (``awale_ref.grading.correcteur.memoire``): which cgroup, read
from ``/proc``; on this machine, a notebook's cgroup that kills a process over its cap and says which sandbox lost
it, or, where there is none, the reason the teacher's log gives.  Through the real ``nbgrader autograde``:
``tests/test_hostile_devoirs.py -k memory``."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from awale_ref.grading.correcteur import memoire

MOUNTINFO = ("31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
             "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
             "36 31 0:33 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids\n"
             "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n")


def test_the_candidates_are_read_from_the_mounts_and_the_process_s_cgroups():
    # v2 at its root (the root may have processes and children), v1's own memory cgroup
    assert memoire.candidats(MOUNTINFO, "8:pids:/a\n4:memory:/api/98de\n0::/\n") == [
        memoire.Hierarchie(Path("/sys/fs/cgroup/unified"), True),
        memoire.Hierarchie(Path("/sys/fs/cgroup/memory/api/98de"), False)]
    # v2 only (a class server): the parent of the grader's own cgroup, which holds the grader
    seul_v2 = "60 1 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw,nsdelegate\n"
    assert memoire.candidats(seul_v2, "0::/user.slice/user-1000.slice/user@1000.service/app.slice/a.scope\n") == [
        memoire.Hierarchie(Path("/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice"), True)]
    # no memory controller in v1, a mount whose root does not hold the grader's cgroup: nothing
    assert memoire.candidats(MOUNTINFO.replace("rw,memory", "rw,cpu"), "4:cpu:/x\n") == []
    assert memoire.candidats("41 31 0:38 /autre /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n", "0::/moi\n") == []
    # a space in a mount point is escaped in mountinfo
    assert memoire.candidats(r"35 31 0:32 / /mnt/cg\040m rw - cgroup cgroup rw,memory", "4:memory:/g\n") == [
        memoire.Hierarchie(Path("/mnt/cg m/g"), False)]


def test_a_notebook_s_cgroup_kills_a_process_over_its_cap_and_is_removed_or_the_log_says_why_there_is_none():
    hierarchie = memoire.hierarchie()
    if hierarchie is None:  # the documented fallback: the reason for the teacher's log
        assert memoire.pourquoi_aucune()
        return
    assert memoire.pourquoi_aucune() == ""
    groupe = memoire.GroupeDuNotebook(hierarchie, 64 * memoire.MIO)
    # a process that has already started a child: both are moved, the child is over the cap
    parent = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time\n"
                               "enfant = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(0.5); "
                               "b = b\"x\" * (200 * 1024 ** 2)'])\nprint(enfant.wait(), flush=True)"],
                              stdout=subprocess.PIPE, text=True)
    time.sleep(0.3)  # the child is running
    place = groupe.placer(parent.pid, "noyau")
    sobre = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.5)"])
    place_sobre = groupe.placer(sobre.pid, "executant")
    assert parent.communicate(timeout=60)[0].strip() == "-9"
    assert sobre.wait(timeout=60) == 0
    assert groupe.tues() == {"noyau": 1} and place.nouveaux() == 1 and place.nouveaux() == 0
    assert place_sobre.nouveaux() == 0
    assert groupe.dossier is not None and groupe.dossier.parent == hierarchie.dossier
    assert groupe.retirer() and not groupe.dossier.exists()


def test_the_notebook_s_grading_runs_in_its_cgroup_or_the_log_says_once_that_there_is_none(monkeypatch, caplog):
    """``MemoireDuNotebook.pendant`` (what ``ExportateurPrudent`` wraps each notebook's grading in): with a cgroup,
    the notebook's group is in ``resources`` while it is graded, the log names the sandboxes that lost processes
    and the cgroup is gone after; without one (``memoire.hierarchie`` is ``None``), nothing is in ``resources`` and
    the log says why once per process, not once per notebook."""
    import logging

    from pipeline.autograde.memoire import MemoireDuNotebook
    from pipeline.autograde.ressources import CLE_MEMOIRE

    ressources = {"nbgrader": {"student": "ana", "notebook": "tp"}}
    reglage = MemoireDuNotebook(memoire_totale=64 * memoire.MIO)
    reglage.log = logging.getLogger("test_memoire")
    hierarchie = memoire.hierarchie()
    if hierarchie is not None:
        with caplog.at_level(logging.WARNING, "test_memoire"), reglage.pendant(ressources):
            groupe = ressources[CLE_MEMOIRE]
            gros = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.3); b = b'x' * (200 * 2 ** 20)"])
            groupe.placer(gros.pid, "executant")
            assert gros.wait(timeout=60) == -9
        assert CLE_MEMOIRE not in ressources and not groupe.dossier.exists()
        assert ("Memory of ana/tp: its processes reached the notebook's total of 64 MiB "
                f"({hierarchie.description()}): the system killed 1 process(es) of its executant sandbox") in caplog.text
    caplog.clear()
    monkeypatch.setattr(memoire, "_choix", lambda: (None, ("cgroup v2 /sys/fs/cgroup: not writable by this account",)))
    monkeypatch.setattr(MemoireDuNotebook, "_sans_cgroup_dit", False)
    with caplog.at_level(logging.WARNING, "test_memoire"):
        for _ in range(2):
            with reglage.pendant(ressources):
                assert CLE_MEMOIRE not in ressources
    assert caplog.text.count("Memory: no memory cgroup for the notebooks (cgroup v2 /sys/fs/cgroup: not writable by "
                             "this account): each notebook's memory is bounded per process only") == 1
