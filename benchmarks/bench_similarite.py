"""How long the similarity report takes (pipeline/similarite.py): synthetic classes of 45 and 1,000 students.

Each synthetic student answers every code question of the six release notebooks: the course's own
solution (``source/``) with names of their own (so no two answers are the same text and no fingerprint
is cached), one question in five rewritten in a way of their own; a few students copy another's
notebooks (each copying pair must be flagged, and no other).  Times the whole comparison (tokenizing, fingerprints, inverted index, scores), not the
writing of the pages.  ``python benchmarks/bench_similarite.py [--eleves 45 1000]``; results in
``benchmarks/resultats/similarite.md``.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline import similarite  # noqa: E402
from pipeline.build import ASSIGNMENTS, RACINE  # noqa: E402
from pipeline.demo_class import solution_propre  # noqa: E402


def solutions() -> dict[tuple[str, str], str]:
    """``{(assignment, grade_id): the course's solution}`` of every code answer cell."""
    res = {}
    for a in ASSIGNMENTS:
        for c in nbformat.read(RACINE / "source" / a / f"{a}.ipynb", as_version=4).cells:
            if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("solution"):
                res[(a, c.metadata["nbgrader"]["grade_id"])] = solution_propre(c.source)
    return res


def classe_synthetique(nombre: int, graine: int = 0
                       ) -> tuple[dict[tuple[str, str], dict[str, str]], set[tuple[str, str]]]:
    """``nombre`` students' answers (the solution renamed per student, a fifth rewritten), 2 % copiers;
    and the copying pairs."""
    hasard = random.Random(graine)
    modeles = solutions()
    eleves = [f"eleve{i:04d}" for i in range(nombre)]
    reponses: dict[tuple[str, str], dict[str, str]] = {q: {} for q in modeles}
    for i, eleve in enumerate(eleves):
        for q, code in modeles.items():
            code = re.sub(r"\b(total|case|plateau|graines|valeur|i|j|ligne|img)\b",
                          lambda m: f"{m.group(1)}_{i}", code)
            if hasard.random() < 0.2:   # their own way: other constants and an extra line
                code = code.replace("0", str(hasard.randint(10, 10**6))) + f"\n    trace_{i} = [{i}, {hasard.random():.6f}]\n"
            reponses[q][eleve] = code
    copies = set()
    copieurs = hasard.sample(eleves, max(1, nombre // 50))
    for copieur in copieurs:
        modele = hasard.choice([e for e in eleves if e not in copieurs])
        copies.add(tuple(sorted((copieur, modele))))
        for q in reponses:
            reponses[q][copieur] = reponses[q][modele].replace(f"_{eleves.index(modele)}", "_copie")
    return reponses, copies


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eleves", type=int, nargs="+", default=[45, 1000])
    parser.add_argument("--processus", type=int, nargs="+", default=[1, 2],
                        help="processes that fingerprint (from 3,000 distinct answers; default: 1 then 2)")
    args = parser.parse_args(argv)
    gabarits = {a: similarite.gabarit_de_la_version_eleve(RACINE, a) for a in ASSIGNMENTS}
    for nombre in args.eleves:
        reponses, copies = classe_synthetique(nombre)
        for processus in args.processus:
            debut = time.perf_counter()
            analyse = similarite.comparer(reponses, gabarits, processus=processus)
            duree = time.perf_counter() - debut
            signalees = {(p.a, p.b) for p in analyse.signalees()}
            print(f"{nombre:5d} élèves × {len(ASSIGNMENTS)} notebooks, {processus} processus "
                  f"({analyse.reponses} réponses comparées, {analyse.ignorees} trop courtes) : {duree:6.1f} s ; "
                  f"{len(analyse.paires)} paires partagent un passage rare ; {len(signalees)} signalées : "
                  f"{len(signalees & copies)} des {len(copies)} copies, {len(signalees - copies)} autres", flush=True)


if __name__ == "__main__":
    main()
