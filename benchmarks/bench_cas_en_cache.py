"""CPU time of a grading process's hidden cases, computed or read from the grader's disk cache, side by side.

Run: ``.venv/bin/python benchmarks/bench_cas_en_cache.py [--sujets othello,attracteurs] [--eleves 2]
[--devoir othello]``

``plan.cas_et_attendus`` keeps each question's cases, packed cases and expected answers in the grader's cache
(``<cache>/cas/``, ``cache.valeur_verifiee``).  In a private cache (``$AWALE_CACHE``, a temporary folder):

- **each subject's cases**: a fresh Python process asks ``cas_et_attendus`` for every function question of the
  subject (no visible calls) and prints the CPU it took; once with the disk cache bypassed (computed, as every
  grading process did before the cache), once with it warm (read);
- **one ``nbgrader autograde``** of ``--eleves`` students of the demo class (``pipeline.demo_class``) on
  ``--devoir``, a fresh process each time (sandbox on): with the folder ``<cache>/cas`` emptied first (the first
  grading of a version of the code: computed and written), then again (read).  CPU of the ``nbgrader`` process
  and of the children it reaped (``RUSAGE_CHILDREN``; a sandboxed process killed with its PID namespace escapes
  it: the kernels' and runners' CPU is not all there, the judge's is).  A first grading, not counted, builds the
  cache's databases and the kernel's package.

Nothing is asserted: the figures are for reading.

What it found (2 shared cores, load 3-9): othello's 17 questions 5.65 s of CPU computed, 0.23 s read;
attracteurs' 25 questions 5.46 s computed, 0.43 s read; ``nbgrader autograde othello`` of 2 students in a fresh
process 15.6 s of CPU with the cases computed (and written), 10.0 s with them read.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent

_CAS = r"""
import json, sys, time
from awale_ref.grading.correcteur import plan
from awale_ref.grading.registre import catalogue
if sys.argv[2] == "calcul":
    plan.cache.dossier_prive = lambda nom: None
sujet = next(s for s in catalogue.tous() if s.module_correction.rsplit(".", 1)[1].startswith(sys.argv[1]))
debut = time.process_time()
plan.cas_et_attendus(sujet.module_correction, next(iter(sujet.specs)))
premier = time.process_time() - debut
for question in sujet.specs:
    plan.cas_et_attendus(sujet.module_correction, question)
print("MESURE " + json.dumps({"premier": premier, "tous": time.process_time() - debut, "questions": len(sujet.specs)}))
"""


def cas(sujet: str, mode: str) -> dict:
    fin = subprocess.run([sys.executable, "-c", _CAS, sujet, mode], capture_output=True, text=True, cwd=RACINE,
                         check=True)
    return json.loads(next(ligne for ligne in fin.stdout.splitlines() if ligne.startswith("MESURE "))[7:])


def autograde(racine: Path, devoir: str) -> float:
    """CPU seconds of one ``nbgrader autograde`` in a fresh process and of the children it reaped."""
    from pipeline.nbgrader_cli import environnement

    avant = resource.getrusage(resource.RUSAGE_CHILDREN)
    fin = subprocess.run([str(Path(sys.executable).parent / "nbgrader"), "autograde", devoir, "--force",
                          "--log-level=INFO"], cwd=racine, env=environnement(), capture_output=True, text=True)
    apres = resource.getrusage(resource.RUSAGE_CHILDREN)
    if fin.returncode:
        raise RuntimeError(fin.stderr[-3000:])
    return apres.ru_utime + apres.ru_stime - avant.ru_utime - avant.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sujets", default="othello,attracteurs")
    parser.add_argument("--eleves", type=int, default=2)
    parser.add_argument("--devoir", default="othello")
    args = parser.parse_args()
    sys.path.insert(0, str(RACINE))
    with tempfile.TemporaryDirectory(prefix="bench_cas_") as dossier:
        os.environ["AWALE_CACHE"] = str(Path(dossier) / "cache")
        print(f"charge {os.getloadavg()[0]:.1f}")
        for sujet in filter(None, args.sujets.split(",")):
            calcule = cas(sujet, "calcul")
            cas(sujet, "disque")  # written
            lu = cas(sujet, "disque")
            print(f"  {sujet:12} {calcule['questions']:3} questions : première question {calcule['premier']:5.2f} s CPU "
                  f"calculée, {lu['premier']:5.2f} s lue ; toutes {calcule['tous']:5.2f} s calculées, "
                  f"{lu['tous']:5.2f} s lues")
        if args.eleves:
            from pipeline import demo, demo_class, echange

            racine = Path(dossier) / "cours"
            with contextlib.redirect_stdout(io.StringIO()):
                demo.preparer_cours(racine, devoirs=(args.devoir,))
            demo_class.ecrire_soumissions(racine, classe=tuple(e for e in demo_class.CLASSE
                                                               if args.devoir in e.rendus)[:args.eleves],
                                          assignments=(args.devoir,))
            echange.fixer_echeance(racine, args.devoir, datetime.datetime.now(datetime.timezone.utc))
            autograde(racine, args.devoir)  # not counted: the databases, the kernel's package
            shutil.rmtree(Path(os.environ["AWALE_CACHE"]) / "cas")
            froid = autograde(racine, args.devoir)
            chaud = autograde(racine, args.devoir)
            print(f"  nbgrader autograde {args.devoir}, {args.eleves} élèves, processus neuf : {froid:5.2f} s CPU "
                  f"cas calculés (cache vide), {chaud:5.2f} s CPU cas lus (charge {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
