"""What the grading kernel's own package costs: its build, finding it again, and the time of a notebook.

Run: ``.venv/bin/python benchmarks/bench_paquet_noyau.py [--copies 3] [--tours 2]``

1. **build**: the students' package for the grading kernel written from scratch
   (``pipeline.autograde.paquet_noyau``, into a throw-away folder): what the first grading of a new course
   version pays once;
2. **found again**: ``paquet_de_correction()`` once built (the fingerprint's ``stat`` of the course's files),
   the mean of 200 calls: what every notebook pays;
3. **per notebook, side by side**: in a throw-away course, the notebooks of ``partie2_structure`` and
   ``partie3_ia`` of the demo class's first ``--copies`` students (``pipeline.demo_class``), graded by
   ``nbgrader autograde`` in this process (sandbox on), after one run not counted (the process's first grading
   pays its imports), alternately with the kernel on the students' package (the course's configuration) and
   on the course's own package (its ``awale_ref`` folder mounted instead), ``--tours`` times each; printed: the
   kernel's time per notebook (nbgrader's log, ``Timing … kernel``), the wall time per notebook, their ratios.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RACINE))

import nbformat  # noqa: E402

from pipeline import demo_class  # noqa: E402
from pipeline.autograde import paquet_noyau  # noqa: E402
from pipeline.nbgrader_cli import nbgrader, nbgrader_en_processus  # noqa: E402

DEVOIRS = ("partie2_structure", "partie3_ia")
def preparer(racine: Path, copies: int) -> None:
    (racine / "nbgrader_config.py").write_text((RACINE / "nbgrader_config.py").read_text())
    (racine / "pipeline").symlink_to(RACINE / "pipeline")
    for a in DEVOIRS:
        shutil.copytree(RACINE / "source" / a, racine / "source" / a)
        nbgrader("generate_assignment", a, "--force", racine=racine, capture=True)
        release, source = (nbformat.read(racine / d / a / f"{a}.ipynb", as_version=4) for d in ("release", "source"))
        for eleve in demo_class.CLASSE[:copies]:
            dossier = racine / "submitted" / eleve.identifiant / a
            dossier.mkdir(parents=True)
            nbformat.write(demo_class.copie_rendue(eleve, release, source, a), dossier / f"{a}.ipynb")


def bac_du_cours(self, ipc: str, travail: str):
    """The kernel's sandbox on the course's own package (the assignments measured read no SQL library)."""
    import awale_ref
    from awale_ref.grading.correcteur import bac_a_sable
    from pipeline.autograde.noyau import COPIE

    lecture, environnement = [os.path.dirname(os.path.abspath(awale_ref.__file__))], {"AWALE_CORRECTION": "juge"}
    return bac_a_sable.BacASable(repertoire=COPIE, ecriture=[(travail, COPIE)], sockets=ipc, lecture=lecture,
                                 memoire=self.memoire_noyau, fichier=self.fichier_max_noyau, processus=256,
                                 stockage=self.stockage_noyau, fichiers_max=self.fichiers_max_noyau,
                                 environnement=environnement)


def corriger(racine: Path, mode: str) -> tuple[float, list[float]]:
    """Autograde every copy of every assignment; (wall seconds, the kernel's seconds per notebook)."""
    from pipeline.autograde import noyau

    original = noyau.ExecutionProtegee.bac_du_noyau
    if mode == "cours":
        noyau.ExecutionProtegee.bac_du_noyau = bac_du_cours
    try:
        debut, noyaux = time.perf_counter(), []
        for a in DEVOIRS:
            code, journal, _ = nbgrader_en_processus(racine, "autograde", a, "--force", "--log-level=INFO")
            if code != 0:
                raise RuntimeError(journal[-3000:])
            noyaux += [float(s) for s in re.findall(r"Timing \S+: kernel ([\d.]+) s", journal)]
        return time.perf_counter() - debut, noyaux
    finally:
        noyau.ExecutionProtegee.bac_du_noyau = original


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=3, help="copies of each assignment (default 3)")
    parser.add_argument("--tours", type=int, default=2, help="runs of each mode, alternated (default 2)")
    args = parser.parse_args(argv)

    paquet_noyau.paquet_de_correction()  # the course's own, so that the runs below find it
    with tempfile.TemporaryDirectory(prefix="bench_paquet_") as tmp:
        debut = time.perf_counter()
        paquet_noyau._construire(Path(tmp) / "paquet", None)
        construction = time.perf_counter() - debut
        for chemin in Path(tmp).rglob("*"):
            if chemin.is_dir():
                chemin.chmod(0o755)
    debut = time.perf_counter()
    for _ in range(200):
        paquet_noyau.paquet_de_correction()
    retrouve = (time.perf_counter() - debut) / 200
    print(f"build of the kernel's package: {construction:.1f} s (once per course version)")
    print(f"found again: {retrouve * 1000:.2f} ms per notebook")

    mesures: dict[str, list[tuple[float, list[float]]]] = {"eleves": [], "cours": []}
    with tempfile.TemporaryDirectory(prefix="bench_paquet_cours_") as tmp:
        racine = Path(tmp)
        preparer(racine, args.copies)
        n = args.copies * len(DEVOIRS)
        corriger(racine, "eleves")  # warm-up, not counted: the process's first grading pays its imports
        for tour in range(args.tours):
            for mode in ("eleves", "cours") if tour % 2 == 0 else ("cours", "eleves"):
                mesures[mode].append(corriger(racine, mode))
                mur, noyaux = mesures[mode][-1]
                paquet = "students'" if mode == "eleves" else "course's"
                print(f"  run {tour + 1}, kernel on the {paquet} package: "
                      f"{mur / n:.2f} s per notebook, kernel {statistics.mean(noyaux):.2f} s")
    par_mode = {m: (statistics.mean(mur for mur, _ in v) / n, statistics.mean(k for _, ks in v for k in ks))
                for m, v in mesures.items()}
    print(f"per notebook ({n} notebooks × {args.tours} runs each): students' package "
          f"{par_mode['eleves'][0]:.2f} s (kernel {par_mode['eleves'][1]:.2f} s), course's package "
          f"{par_mode['cours'][0]:.2f} s (kernel {par_mode['cours'][1]:.2f} s)")
    print(f"ratio students' / course's: wall {par_mode['eleves'][0] / par_mode['cours'][0]:.2f}, "
          f"kernel {par_mode['eleves'][1] / par_mode['cours'][1]:.2f}")


if __name__ == "__main__":
    main()
