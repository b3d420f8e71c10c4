"""What the course's autograde steps pass to each other through nbconvert's ``resources`` for one notebook."""

from __future__ import annotations

from nbconvert.exporters.exporter import ResourcesDict

CLE_ECHEANCE = "awale_echeance"  # time.monotonic() by which the notebook is graded (VerdictsDesTestsCaches.budget_notebook)
CLE_ECHEC = "awale_correction"  # a notebook graded 0 for a reason (copies_a_zero.ExportateurPrudent); also the
#                                 notebook-level metadata key that carries the reason into the graded notebook
CLE_ANTICIPE = "awale_jugement_anticipe"  # the judge started before the kernel (VerdictsDesTestsCachesAnticipes)
CLE_NOYAU_FINI = "awale_noyau_fini"  # a threading.Event set once the student's kernel has ended (ExecutionProtegee)
CLE_MEMOIRE = "awale_memoire"  # the notebook's memory cgroup (memoire.MemoireDuNotebook), where one is available


def qui(resources: ResourcesDict | None) -> str:
    """``student/notebook`` of the notebook being graded, for the log."""
    return "{student}/{notebook}".format(**{"student": "?", "notebook": "?", **(resources or {}).get("nbgrader", {})})
