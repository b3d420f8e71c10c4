"""Time the build of the default opening library (seed 2024, 240 players, 20,000 games).

Run: ``.venv/bin/python benchmarks/bench_library.py [--processes 1 2]``.
Prints, for each number of processes, the wall-clock and CPU time of the
build (CPU includes the worker processes: on a loaded machine the wall
clock says more about the neighbours than about the build), the cost per game and per move, and the size of what was built.
Each build starts from a fresh process pool, and the first one from an
empty cache of opening values in the main process (``processes=1`` plays
in the main process), so the opening searches are counted every time.
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import tempfile
import time
from pathlib import Path

from awale_ref.sujets.ccinp_2024 import library


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers)."""
    moi = resource.getrusage(resource.RUSAGE_SELF)
    enfants = resource.getrusage(resource.RUSAGE_CHILDREN)
    return moi.ru_utime + moi.ru_stime + enfants.ru_utime + enfants.ru_stime


def mesurer(processes: int, dossier: Path) -> None:
    library._CACHE_RACINES.clear()  # count the opening searches in every run
    chemin = dossier / f"bibliotheque-{processes}.sqlite"
    debut, debut_cpu = time.perf_counter(), _cpu()
    library.construire_bibliotheque(chemin, processes=processes)
    duree, cpu = time.perf_counter() - debut, _cpu() - debut_cpu
    base = sqlite3.connect(chemin)
    parties, coups = base.execute("SELECT COUNT(*), SUM(LENGTH(jeu)) FROM Partie").fetchone()
    joueurs = base.execute("SELECT COUNT(*) FROM Joueur").fetchone()[0]
    base.close()
    print(f"processes={processes}: {duree:6.2f} s wall ({cpu:6.2f} s CPU, workers included), "
          f"{1000 * duree / parties:.3f} ms/game, {1e6 * duree / coups:.1f} µs/move "
          f"[{joueurs} players, {parties} games, {coups} moves, "
          f"{chemin.stat().st_size / 1e6:.1f} MB]")
    if processes == 1:
        print(f"  opening searches memoised in the main process: {len(library._CACHE_RACINES)} "
              "(position, depth) pairs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[min(2, os.cpu_count() or 1)])
    args = parser.parse_args()
    print(f"CPUs: {os.cpu_count()}, load average: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as dossier:
        for processes in args.processes:
            mesurer(processes, Path(dossier))


if __name__ == "__main__":
    main()
