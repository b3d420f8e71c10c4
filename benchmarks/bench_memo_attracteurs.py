"""The speed-up of memoisation in the attractor subject, side by side, as the practical asks the student to observe.

Run: ``.venv/bin/python benchmarks/bench_memo_attracteurs.py [--max 9]``

For each game (C, N) with C·N ≤ ``--max`` tablets: the winning positions of the
whole graph by ``dico_gagnant`` (Q14, plain recursion) and by
``dico_gagnant_opt`` (Q15, memoised), then the value of the start by
``min_max`` (Q30) and ``min_max_opt`` (Q32) searched to the end of the game.
Printed: the sizes, the CPU time of each (``time.process_time``: the machine
may be shared) and the ratio.  A plain version stopped after ``--plafond`` seconds
of wall-clock time prints ``> plafond``.
"""

from __future__ import annotations

import argparse
import signal
import time

from awale_ref.sujets.attracteurs import tablettes as t


class _Arret(Exception):
    pass


def _sonner(*_):
    raise _Arret()


def _chrono(f, *args, plafond: float = 0.0):
    """``(result, CPU seconds)``, or ``(None, None)`` when the call lasts more than ``plafond`` s (0: no limit)."""
    debut = time.process_time()
    if plafond:
        signal.signal(signal.SIGALRM, _sonner)
        signal.setitimer(signal.ITIMER_REAL, plafond)
    try:
        resultat = f(*args)
    except _Arret:
        return None, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return resultat, time.process_time() - debut


def _colonnes(t_simple, t_opt, plafond):
    if t_simple is None:
        return f"{'> ' + format(plafond, 'g'):>9} {t_opt:>9.4f} {'> ' + format(plafond / max(t_opt, 1e-9), '.0f'):>7}"
    return f"{t_simple:>9.4f} {t_opt:>9.4f} {t_simple / max(t_opt, 1e-9):>7.1f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max", type=int, default=9, help="largest number of tablets C*N (default 9)")
    parser.add_argument("--plafond", type=float, default=60.0, help="seconds allowed to one plain run")
    args = parser.parse_args(argv)
    print(f"{'C':>2} {'N':>2} {'sommets':>8} {'arêtes':>8} | {'Q14 (s)':>9} {'Q15 (s)':>9} {'×':>7} | "
          f"{'Q30 (s)':>9} {'Q32 (s)':>9} {'×':>7}")
    for total in range(2, args.max + 1):
        for C in range(1, total + 1):
            if total % C:
                continue
            N = total // C
            G = t.graphe(C, N)
            aretes = sum(len(s) for s in G.values())
            opt, t_opt = _chrono(t.dico_gagnant_opt, G)
            simple, t_simple = _chrono(t.dico_gagnant, G, plafond=args.plafond)
            assert simple is None or simple == opt
            x0 = t.init(C, N)
            v_opt, t_mopt = _chrono(t.min_max_opt, x0, C * N, True)
            v, t_mm = _chrono(t.min_max, x0, C * N, True, plafond=args.plafond)
            assert v is None or v == v_opt
            ligne = (f"{C:>2} {N:>2} {len(G):>8} {aretes:>8} | {_colonnes(t_simple, t_opt, args.plafond)} | "
                     f"{_colonnes(t_mm, t_mopt, args.plafond)}")
            print(ligne, flush=True)


if __name__ == "__main__":
    main()
