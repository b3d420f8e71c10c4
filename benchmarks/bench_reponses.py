"""What replies built to be expensive cost the grader, next to an honest notebook (the reply's budget,
``messages.BUDGET``).

Run: ``.venv/bin/python benchmarks/bench_reponses.py [--repetitions 2]``

Each notebook of ``partie2_structure`` (Q4 attacked or right, Q7 right) is judged by the real judge
(``juge.juger_notebook``, runner in its sandbox) in a fresh Python process of its own, so that the peak
resident memory of that process (its own ``ru_maxrss``: the grader's, the runner's not in it) and its wall-clock
time belong to that notebook alone.  Printed: for each reply, the peak memory and the time, their ratios to the
honest notebook, the memory above it, and the verdict of Q4 (Q7 must stay right).  The replies:

- ``profond_et_large``: Q4 returns 150,000 times a list nested 90 deep (the reply that made the grader grow
  2.58 GB and take 86 s before the budget);
- ``valeurs``: 2 million one-element lists (10 MB of JSON, far over the values);
- ``chaines_longues``: a 15 MB string for each case (over the bytes at the second case);
- ``canal_valeurs`` and ``canal_octets``: the question's child writes its own reply on the judge's channel,
  8 MB of small lists, or 32 MB of nested ones (the forged reply that made it grow 2.78 GB, 77 s).

The median of ``--repetitions`` runs is kept (the machine may be shared).  ``--ancien DIR``: the same, with the
package of another tree first on ``sys.path`` (``git archive main | tar -x -C DIR``: the code before the
budget), for the replies named by ``--cas`` (the issue's own replies cost gigabytes there).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RACINE))

from tests.hostile import budget as attaques  # noqa: E402  (the replies of the autograde's attacks)


def _q4(corps: str) -> str:
    return "def tour_joueur1(jeu):\n" + "".join("    " + l + "\n" for l in corps.splitlines())


CELLULES = {
    "honnete": "def tour_joueur1(jeu):\n    return jeu['n'] % 2 == 0\n",
    "profond_et_large": _q4(attaques._PROFOND + "return [x] * 150_000"),
    "valeurs": _q4("return [[0]] * 2_000_000"),
    "chaines_longues": _q4("return 'x' * 15_000_000"),
    "canal_valeurs": attaques._forge_canal(attaques._VALEURS),
    "canal_octets": attaques._forge_canal(attaques._OCTETS),
}
JUSTE_Q7 = "def copie(jeu):\n    return {k: (list(v) if type(v) is list else v) for k, v in jeu.items()}\n"

_ENFANT = """
import json, resource, sys, time
from awale_ref.grading.correcteur import juge
from awale_ref.sujets.ccinp_2024 import SUJET
cellule, q7 = json.loads(sys.argv[1])
etapes = [juge.CelluleDeCode(0, cellule), juge.CelluleDeCode(1, q7),
          juge.CelluleDeCode(2, questions=[("Q4", "tour_joueur1"), ("Q7", "copie")])]
debut = time.perf_counter()
verdicts = juge.juger_notebook(etapes, bac_a_sable=True, limites=juge.Limites(delai_cellule=30, delai_question=60),
                               sujet=SUJET)
print(json.dumps({"secondes": time.perf_counter() - debut,
                  "pic": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
                  "q4": verdicts["Q4"].message, "q7": verdicts["Q7"].ok}))
"""


def mesurer(cellule: str, ancien: str | None = None) -> dict:
    """One notebook judged in a new process: its time, its peak memory (bytes), Q4's verdict, Q7's (``ancien``: the
    package of that tree instead of this one)."""
    env = {**os.environ, "PYTHONHASHSEED": "0", **({"PYTHONPATH": ancien} if ancien else {})}
    sortie = subprocess.run([sys.executable, "-c", _ENFANT, json.dumps([cellule, JUSTE_Q7])], capture_output=True,
                            text=True, cwd=ancien or RACINE, env=env, check=True)
    return json.loads(sortie.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repetitions", type=int, default=2)
    parser.add_argument("--ancien", help="another tree whose package is measured instead (the code before, with "
                                         "the same folders of awale_ref.grading)")
    parser.add_argument("--cas", default=",".join(CELLULES), help="the replies measured, by name (honnete first)")
    args = parser.parse_args()
    mesures = {}
    for nom in ["honnete"] + [n for n in args.cas.split(",") if n != "honnete"]:
        essais = [mesurer(CELLULES[nom], args.ancien) for _ in range(args.repetitions)]
        mesures[nom] = {"secondes": statistics.median(e["secondes"] for e in essais),
                        "pic": statistics.median(e["pic"] for e in essais), "q4": essais[0]["q4"],
                        "q7": all(e["q7"] for e in essais)}
    base = mesures["honnete"]
    print(f"{'réponse':<18} {'pic (Mo)':>9} {'/ honnête':>9} {'+ Mo':>6} {'temps (s)':>9} {'/ honnête':>9}  Q7  Q4")
    for nom, m in mesures.items():
        print(f"{nom:<18} {m['pic'] / 2 ** 20:9.0f} {m['pic'] / base['pic']:9.2f} "
              f"{(m['pic'] - base['pic']) / 2 ** 20:6.0f} {m['secondes']:9.1f} {m['secondes'] / base['secondes']:9.2f}"
              f"  {'ok' if m['q7'] else 'NON'} {m['q4'][:110]}")


if __name__ == "__main__":
    main()
