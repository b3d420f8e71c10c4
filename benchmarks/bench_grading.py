"""Cost of grading the demo class, measured side by side in one run.

Run: ``.venv/bin/python benchmarks/bench_grading.py [--workers 2]``

In a throw-away copy of the course (never in the project itself):

1. the demo class's submissions are written (``pipeline.demo_class``);
2. **bare**: the same submitted notebooks are executed with nbclient, one
   after the other, with the course's cell timeout and errors allowed (what
   any grading must at least pay: a kernel start and the cells);
3. **autograde, 1 worker**: ``nbgrader autograde --force`` of every
   assignment (``pipeline.demo.autograder``);
4. **autograde, N workers**: the same with N nbgrader processes at once, each
   grading its share of the students in its own copy of the course, merged
   back into the course's gradebook (``pipeline/correction_parallele.py``;
   two processes sharing one course folder lost a notebook when measured:
   the course's crash-recovery hooks are per folder).

Autograde runs with the course's configuration: the kernel and the runner
each in a bubblewrap sandbox, every hidden verdict computed once by the
judge (docs/grading_security.md).  ``--sans-bac-a-sable`` adds a third run
with ``AWALE_BAC_A_SABLE=non`` to print the cost of the sandbox alone.

Printed: the times, the ratio autograde / bare, the speed-up of N workers,
and whether both autograde runs gave exactly the same score to every graded
cell of every student (the safety check of the parallel run; a failing
worker is reported too).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the project's pipeline package
from pipeline import demo, demo_class
from pipeline.report import lire_notes


def execution_nue(racine: Path, timeout: int = 90) -> float:
    """Execute every submitted notebook with nbclient (errors allowed); return the seconds taken."""
    debut = time.perf_counter()
    for chemin in sorted((racine / "submitted").glob("*/*/*.ipynb")):
        nb = nbformat.read(chemin, as_version=4)
        NotebookClient(nb, timeout=timeout, allow_errors=True, kernel_name="python3",
                       resources={"metadata": {"path": str(chemin.parent)}}).execute()
    return time.perf_counter() - debut


def scores(racine: Path) -> dict[tuple[str, str, str], float | None]:
    """``{(student, assignment, grade_id): score}`` of the gradebook (None: left to the teacher)."""
    _, _, notes = lire_notes(racine)
    return {(n.eleve, n.assignment, n.grade_id): n.score for n in notes}


def chronometrer_autograde(racine: Path, assignments: tuple[str, ...], travailleurs: int) -> tuple[float, str | None]:
    """Seconds taken by ``autograder`` and the error it raised, if any."""
    debut = time.perf_counter()
    try:
        demo.autograder(racine, assignments, travailleurs)
    except RuntimeError as exc:
        return time.perf_counter() - debut, str(exc)
    return time.perf_counter() - debut, None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2, help="workers of the parallel run (default 2)")
    parser.add_argument("--sans-bac-a-sable", action="store_true",
                        help="also autograde with the sandbox off (1 worker): the cost of the sandbox")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench_grading_") as tmp:
        # two identical course copies: the parallel run starts from a fresh gradebook too
        racine, racine_n = Path(tmp) / "cours_1", Path(tmp) / f"cours_{args.workers}"
        for r in (racine, racine_n):
            assignments = demo.preparer_cours(r)
            copies = demo_class.ecrire_soumissions(r, assignments=assignments)
        print(f"classe de démonstration : {len(demo_class.CLASSE)} élèves, {len(copies)} notebooks, "
              f"{', '.join(assignments)}", flush=True)

        nu = execution_nue(racine)
        print(f"exécution nue (nbclient)        : {nu:7.1f} s", flush=True)
        t1, err1 = chronometrer_autograde(racine, assignments, 1)
        s1 = scores(racine)
        print(f"autograde, 1 worker             : {t1:7.1f} s{'  ERREUR ' + err1 if err1 else ''}", flush=True)
        tn, errn = chronometrer_autograde(racine_n, assignments, args.workers)
        sn = scores(racine_n)
        print(f"autograde, {args.workers} workers            : {tn:7.1f} s{'  ERREUR ' + errn if errn else ''}",
              flush=True)

        if args.sans_bac_a_sable:
            racine_s = Path(tmp) / "cours_sans_bac"
            demo.preparer_cours(racine_s)
            demo_class.ecrire_soumissions(racine_s, assignments=assignments)
            os.environ["AWALE_BAC_A_SABLE"] = "non"
            try:
                ts, errs = chronometrer_autograde(racine_s, assignments, 1)
            finally:
                del os.environ["AWALE_BAC_A_SABLE"]
            print(f"autograde, 1 worker, sans bac   : {ts:7.1f} s{'  ERREUR ' + errs if errs else ''}", flush=True)

        print()
        print(f"ratio autograde / exécution nue : {t1 / nu:.2f}")
        if args.sans_bac_a_sable:
            print(f"coût du bac à sable (avec/sans) : {t1 / ts:.2f}")
        print(f"accélération {args.workers} workers / 1       : {t1 / tn:.2f}")
        differences = sorted(k for k in set(s1) | set(sn) if s1.get(k) != sn.get(k))
        memes = not differences and not err1 and not errn
        print(f"mêmes notes les deux fois       : {'oui' if memes else 'NON'} ({len(s1)} cellules notées)")
        for cle in differences[:10]:
            print(f"  différence {cle}: 1 worker {s1.get(cle)}, {args.workers} workers {sn.get(cle)}")
    if not memes:
        sys.exit(1)


if __name__ == "__main__":
    main()
