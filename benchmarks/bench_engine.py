"""Speed of the fast engine against the exam's NegaAwale, side by side.

Run: ``.venv/bin/python benchmarks/bench_engine.py [--depth 6] [--positions 50]``

Both search the same positions at the same depth in one run: the initial
position, then seeded reachable positions of ``awale_ref.corpus`` (games
played with the exam's functions, sampled at every stage).  Printed: nodes (positions visited) and
nodes per second of each, the ratio of their times, and the share of
positions where both choose the same pit (it must be 100 %).

Counting the exam's nodes without editing ``exam.py``: ``NegaAwale`` calls
itself through the global name ``NegaAwale`` of the module ``exam``, so
replacing that name by a counting wrapper (and putting the original back
afterwards) counts every call, i.e. every node.  The wrapper adds one
Python call per node (about 10-20 % of the exam's time; ``sys.setprofile``
would slow down every one of the dozens of calls a node makes), so each
exam search runs twice: once plain, timed, once wrapped, counted.

Times are CPU times of this process (``time.process_time``): the machine
may be shared, and both searches are single-threaded.
"""

from __future__ import annotations

import argparse
import time

from awale_ref import engine
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.corpus import corpus_positions

NAMES = ("Alice", "Bob")


def exam_search(jeu: dict, depth: int) -> tuple[int, int, float]:
    """(pit, nodes, seconds) of ``exam.NegaAwale(jeu, depth, 0)``.

    Timed without the counting wrapper, counted in a second, untimed run.
    """
    start = time.process_time()
    # a copy: gagnant empties the board of a finished root
    pit = exam.NegaAwale(exam.copie(jeu), depth, 0)
    seconds = time.process_time() - start

    nodes = 0
    original = exam.NegaAwale

    def counting_nega_awale(jeu: dict, profondeur_max: int, profondeur: int) -> int:
        nonlocal nodes
        nodes += 1
        return original(jeu, profondeur_max, profondeur)

    exam.NegaAwale = counting_nega_awale
    try:
        counted_pit = exam.NegaAwale(exam.copie(jeu), depth, 0)
    finally:
        exam.NegaAwale = original
    assert counted_pit == pit
    return pit, nodes, seconds


def engine_search(jeu: dict, depth: int) -> tuple[int, int, float]:
    """(pit, nodes, seconds) of the fast engine's ``best_move`` (fresh table)."""
    pos = engine.from_jeu(jeu)
    searcher = engine.Searcher()
    start = time.process_time()
    pit, _ = searcher.best_move(pos, depth)
    seconds = time.process_time() - start
    return pit, searcher.nodes, seconds


def compare(label: str, positions: list[dict], depth: int) -> tuple[float, float, int, int]:
    """Search every position with both; print one line; return the totals."""
    exam_nodes = engine_nodes = same = 0
    exam_time = engine_time = 0.0
    for jeu in positions:
        exam_pit, nodes, seconds = exam_search(jeu, depth)
        exam_nodes += nodes
        exam_time += seconds
        engine_pit, nodes, seconds = engine_search(jeu, depth)
        engine_nodes += nodes
        engine_time += seconds
        same += exam_pit == engine_pit
    print(f"{label:<22}{exam_nodes:>10,}{exam_time:>9.3f}{exam_nodes / exam_time:>11,.0f}"
         f"{engine_nodes:>10,}{engine_time:>9.3f}{engine_nodes / engine_time:>11,.0f}"
         f"{exam_time / engine_time:>9.1f}x{100 * same / len(positions):>8.0f} %")
    return exam_time, engine_time, same, len(positions)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=6, help="search depth (default 6, like Q21)")
    parser.add_argument("--positions", type=int, default=50, help="reachable positions (default 50)")
    args = parser.parse_args(argv)
    began = time.perf_counter()

    initial = exam.initialisation(*NAMES)
    positions = corpus_positions(seed=2024, count=args.positions)
    print(f"Depth {args.depth}: exam.NegaAwale(jeu, {args.depth}, 0) against "
          f"engine.best_move(pos, {args.depth}), in the same run.\n")
    print(f"{'':<22}{' exam NegaAwale ':-^30}{' fast engine ':-^30}")
    print(f"{'positions':<22}{'nodes':>10}{'seconds':>9}{'nodes/s':>11}"
          f"{'nodes':>10}{'seconds':>9}{'nodes/s':>11}{'speed-up':>10}{'same pit':>10}")
    totals = [compare("initial position", [initial], args.depth),
              compare(f"{len(positions)} reachable positions", positions, args.depth)]

    exam_time = sum(total[0] for total in totals)
    engine_time = sum(total[1] for total in totals)
    same = sum(total[2] for total in totals)
    searched = sum(total[3] for total in totals)
    print(f"\nRatio of total times (exam / engine): {exam_time / engine_time:.1f}x "
          f"({exam_time:.2f} s against {engine_time:.3f} s of CPU)")
    print(f"Identical choices (pit): {same}/{searched} = {100 * same / searched:.0f} %")

    print(f"Total time of the benchmark: {time.perf_counter() - began:.1f} s (wall clock)")


if __name__ == "__main__":
    main()
