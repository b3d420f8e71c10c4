"""Cost of the re-check outside the kernel, next to the kernel's own execution, per source notebook.

Run: ``.venv/bin/python -m benchmarks.bench_guard``.  For each instructor
notebook (full marks), it times the kernel execution (``ExecutionProtegee``,
hidden tests included) and the re-check (``guard.contre_verifier``) side by
side, in one run, and prints the ratio.
"""

from __future__ import annotations

import copy
import tempfile
import time
from pathlib import Path

import nbformat
from IPython.core.inputtransformer2 import TransformerManager

from awale_ref.grading import guard
from pipeline.preprocessors import ExecutionProtegee, est_cellule_de_test, questions_cachees

RACINE = Path(__file__).resolve().parent.parent


def main() -> None:
    transformer = TransformerManager()
    for chemin in sorted((RACINE / "source").glob("*/*.ipynb")):
        nb = nbformat.read(chemin, as_version=4)
        cellules = [transformer.transform_cell(c.source) for c in nb.cells
                    if c.cell_type == "code" and not est_cellule_de_test(c)]
        questions = list(dict.fromkeys(q for c in nb.cells if c.cell_type == "code" and est_cellule_de_test(c)
                                       for q in questions_cachees(c.source)))
        with tempfile.TemporaryDirectory() as dossier:
            debut = time.perf_counter()
            ExecutionProtegee(timeout=90).preprocess(copy.deepcopy(nb), {"metadata": {"path": dossier}})
            noyau = time.perf_counter() - debut
            debut = time.perf_counter()
            verdicts = guard.contre_verifier(cellules, questions, dossier)
            recheck = time.perf_counter() - debut
        reussies = sum(v["ok"] for v in verdicts.values())
        print(f"{chemin.stem:20s} kernel {noyau:6.2f} s   re-check {recheck:5.2f} s   "
              f"ratio {recheck / noyau:4.2f}   ({reussies}/{len(questions)} questions pass the re-check)")


if __name__ == "__main__":
    main()
