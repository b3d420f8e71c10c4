"""Where the time of grading one ``attracteurs_strategies`` notebook goes, measured side by side in one run.

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_correction_attracteurs.py [--avant REV] [--devoir NOM]
[--repetitions K]``

The instructor's solution notebook (``source/<devoir>/<devoir>.ipynb``) is graded by the judge
(``juge.juger_notebook``, sandbox on) twice in one process: *cold* (the hidden cases and the reference's
observations, ``plan.cas_et_attendus``, computed, the grader's disk cache of them bypassed: the first notebook
graded with a new version of the code) and *warm* (they are cached: every later notebook), with the runner's time
per question; then the student's kernel alone (``nbclient``, ``AWALE_CORRECTION=juge`` as in grading: the hidden
tests are the judge's).  With ``--avant REV`` the same measures run first on the tree of commit ``REV`` (``git
archive``, in a temporary folder, this project's venv), then on the working tree, in turn ``K`` times (each figure
is the smallest of its ``K``: the machine's load changes during a run), and the two are printed side by side.
Nothing is asserted about time: the figures are for reading.

What it found (``--avant 4b71d32 --repetitions 2``, 2 shared cores): the judge's time is
the runner answering (about 80 % of a warm notebook), then decoding its answers; the kernel runs the visible
tests only (2.7-3 s, the pictures included).  The first notebook of a process also computes the reference's
observations (4-5 s, then cached: ``plan.cas_et_attendus``), most of it the 100 draws of Q34, Q26 and Q25.
Copies by pickle (``observations._DEEPCOPY``) and Q34's cases each once (and to the end of the game up to five
piles) took the runner's Q25 from 0.6-0.7 s to 0.24-0.29 s and Q34 from 0.55-1.1 s to 0.3-0.6 s; a whole
notebook gained 10-20 % cold (9.7 -> 8.4 s on a quiet machine) and, warm, 3.4 -> 3.1 s on a quiet machine,
within the noise under a load of 7 (4.1 vs 4.7 s, the unchanged questions varying as much).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent


def mesurer(devoir: str, racine: Path) -> dict:
    """The measures, with the code and the notebook of the tree ``racine`` (first on ``sys.path``): judge cold
    and warm, per question, kernel."""
    sys.path.insert(0, str(racine))
    import nbformat
    from pipeline.client_noyau import ClientNotebook

    from awale_ref.grading.correcteur import juge, plan
    from pipeline.autograde.jugement import VerdictsDesTestsCaches

    chemin = racine / "source" / devoir / f"{devoir}.ipynb"
    nb = nbformat.read(chemin, as_version=4)
    etapes, _ = VerdictsDesTestsCaches._etapes(nb)
    temps: dict[str, float] = {}
    origines = plan.cas_et_attendus, juge.Executant.question

    def attendus(*args):
        debut = time.perf_counter()
        try:
            return origines[0](*args)
        finally:
            temps["attendus"] = temps.get("attendus", 0.0) + time.perf_counter() - debut

    def question(self, ordre, delai=None):
        debut = time.perf_counter()
        try:
            return origines[1](self, ordre, delai)
        finally:
            cle = "runner " + ordre.question
            temps[cle] = temps.get(cle, 0.0) + time.perf_counter() - debut

    plan.cas_et_attendus, juge.Executant.question = attendus, question
    if hasattr(plan, "cache"):  # computed, not read from the disk cache (cache.valeur_verifiee; older trees: none)
        plan.cache.dossier_prive = lambda nom: None
    res: dict = {}
    for passe in ("froid", "chaud"):
        temps.clear()
        debut = time.perf_counter()
        verdicts = juge.juger_notebook(etapes, True, juge.Limites())
        res[passe] = {"total": time.perf_counter() - debut, **temps,
                      "points": sum(v.fraction if v.fraction is not None else float(v.ok) for v in verdicts.values())}
    os.environ["AWALE_CORRECTION"] = "juge"
    client = ClientNotebook(nbformat.read(chemin, as_version=4), chemin.parent, timeout=600, allow_errors=True)
    debut = time.perf_counter()
    client.execute()
    res["noyau"] = {"total": time.perf_counter() - debut}
    return res


def _arbre_de(rev: str, dossier: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(RACINE), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dossier)], input=archive, check=True)
    (dossier / ".venv").symlink_to(RACINE / ".venv")
    return dossier


def _dans(arbre: Path, devoir: str) -> dict:
    """The measures of one tree, in a process of its own (this script, the tree's code first)."""
    sortie = subprocess.run([sys.executable, __file__, "--interne", devoir, "--racine", str(arbre)],
                            cwd=arbre, env={**os.environ, "PYTHONPATH": str(arbre)}, check=True,
                            capture_output=True, text=True).stdout
    return json.loads(sortie.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--avant", help="a commit to measure first, side by side")
    parser.add_argument("--devoir", default="attracteurs_strategies")
    parser.add_argument("--repetitions", type=int, default=1)
    parser.add_argument("--interne", help=argparse.SUPPRESS)
    parser.add_argument("--racine", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.interne:
        print(json.dumps(mesurer(args.interne, Path(args.racine))))
        return
    colonnes: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        arbres = {args.avant: _arbre_de(args.avant, Path(tmp))} if args.avant else {}
        arbres["arbre de travail"] = RACINE
        for _ in range(args.repetitions):
            for nom, arbre in arbres.items():
                mesure = _dans(arbre, args.devoir)
                ancienne = colonnes.setdefault(nom, mesure)
                for passe, valeurs in mesure.items():
                    for cle, valeur in valeurs.items():
                        ancienne[passe][cle] = min(ancienne[passe].get(cle, valeur), valeur)
    lignes = sorted({(p, k) for c in colonnes.values() for p in ("froid", "chaud", "noyau") for k in c[p]},
                    key=lambda pk: (("froid", "chaud", "noyau").index(pk[0]), pk[1] != "total", pk[1]))
    print(f"{args.devoir}: seconds (points = the judge's, out of the graded questions)")
    print(f"{'':32}" + "".join(f"{nom:>20}" for nom in colonnes))
    for passe, cle in lignes:
        print(f"{passe + ' ' + cle:32}" + "".join(f"{c[passe].get(cle, float('nan')):>20.2f}" for c in colonnes.values()))


if __name__ == "__main__":
    main()
