"""Cost of grading, measured side by side in one run: where the time goes, and what scale needs.

Run: ``.venv/bin/python benchmarks/bench_grading.py [--workers 2] [--sans-bac-a-sable] [--paires-attachees 3]
[--demo 45] [--devoirs partie2_structure,partie3_ia]`` (``--devoirs``: those assignments only, a shorter run)

In throw-away copies of the course (never in the project itself), with the
demo class's submissions (``pipeline.demo_class``: every student who hands
in, every assignment of the course: the CCINP's four notebooks and the
Olympiades' two):

1. **kernel start**: a kernel started and stopped with nbclient, 5 times
   (what every notebook pays at least once);
2. **bare**: every submitted notebook executed with nbclient, one after
   the other, errors allowed (what any grading must pay: a kernel and the
   cells), the reference of the ratios;
3. **autograde, 1 Dask worker**: ``pipeline.correction_dask`` on a
   ``LocalCluster`` of one worker (the course's configuration: the kernel
   and the runner each in a bubblewrap sandbox, the judge);
4. **autograde, N Dask workers**: the same on N workers, and whether every
   graded cell got the same score both times;
   **one core per worker** (when N ≤ the cores; ``--paires-attachees K``:
   K times, the mean): 1 worker pinned to one core, then N workers pinned
   to one core each
   (``correction_dask.CoeursReserves``, ``--coeurs-par-worker 1``): a worker
   is then its core, as a one-core worker of a SLURM cluster is, and N
   workers over 1 is the scaling per core (goal ≥ 1.8 for 2).  Without the
   pinning, one worker alone already spreads over 1.3 cores (its judge and
   runner beside its kernel), so N workers over 1 on N cores is bounded by
   N / 1.3, whatever Dask does;
5. ``--sans-bac-a-sable``: 1 worker with ``AWALE_BAC_A_SABLE=non``: the
   cost of the sandbox alone;
6. ``--demo M``: the whole demo (``python -m pipeline.demo --eleves M``:
   build, exchange, autograde, manual marks, feedback, report) on the
   default workers, wall time; by default on the CCINP paper's four
   notebooks (``--devoirs``), the goal's 45 × 4 (``--demo-devoirs tous``:
   every assignment).

Printed: the times; the ratios autograde / bare (goal ≤ 1.25), N workers /
1 with one core each (goal ≥ 1.8 for 2) and not pinned, sandbox on / off; notebooks per core-minute; the wall
time extrapolated to 1,000 students × 4 notebooks on 16 and 64 cores (at the
measured parallel efficiency); and where the time of the 1-worker run goes,
summed over its tasks (logged by ``pipeline/autograde/`` and
``pipeline/correction_dask.py``): the student's kernel (start and cells),
the judge (the sandboxed runner and the verdicts), nbgrader's own work (its
process start, imports, sanitizing, writing the notebook and its gradebook
copy), the transfer (packing the course kit and the submission, unpacking on
the worker, sending the result back) and the coordinator's gradebook writes.

What it found (2 shared cores, ``benchmarks/resultats/grading.md``): the
student's kernel is most of the work (about 75 %); the judge (the sandboxed
runner running the submitted cells again, then the verdicts, about 1 s per
notebook with the Olympiades' images) runs beside the kernel, on the other
core (``pipeline.autograde.jugement.VerdictsDesTestsCachesAnticipes``), and only the wait for it
counts; nbgrader's own steps are about 15 %.  Running nbgrader inside the
Dask worker's process, instead of one ``nbgrader`` process per notebook,
removed 3 s of imports per notebook; starting the next notebook's sandboxed
kernel while the current one runs (``pipeline.autograde.noyau._NoyauDAvance``)
hides the kernel start (0.6 s, of a 1 s CCINP notebook) when a core is free.
One worker is therefore not one core (it keeps about 1.4 busy): the
throughput per core is read on the N-worker run.  Two slowdowns found and
fixed on the way: without the sandbox, the kernel ran every hidden test again
(it was not told that the judge decides): "sandbox off" was twice as slow as
"on"; and 3 notebooks of 255 failed to grade when the judge's thread and
nbgrader's parsed Python at the same moment (CPython 3.11's AST constructor
is not thread-safe: ``awale_ref.grading.eleve.syntaxe``).  Then, of what was left
around the kernel: the demo's teacher commands each paid a process start
(2–3 s, about thirty commands): they now run in the demo's process
(``pipeline.nbgrader_cli.nbgrader_ici``), and a 45-student demo is its
autograde and its feedback pages, little else; the judge decoded each answer
once per rule family (now once per case); nbgrader checked its own metadata
schema against the metaschema on every cell, 0.14 s per notebook
(``pipeline.schema_nbgrader``).  Last, the judge's own work (measured per
process, ``/proc``): a worker used 0.86 s of CPU per notebook, a quarter of
it reading the runner's answers (JSON, 4.7 MB for a part II notebook: every
case of every student).  Each case's answer now comes as its own JSON text,
and the judge keeps, per question of the class, the verdicts of the texts
it has already seen (``familles.juger_familles``' memo: the right answer is
read once per class); the inputs go to the runner packed with ``marshal``:
0.64 s per notebook.  Then the end of each notebook: nbclient shuts a
kernel down politely (interrupts it, asks it to stop, then polls its process
every 0.1 s), 0.1 to 0.4 s per notebook (0.26 s on average) on the critical
path, for a kernel with nothing left to do; the grading now kills it once
every output is in (``ExecutionProtegee._async_cleanup_kernel``, a few ms):
autograde / bare went from 1.21–1.32 to 0.90–0.99, the 45-student demo
from 3.5–3.9 to 2.7–2.9 min (the kernel client's heartbeat, unused, is no
longer started either).  The bare run keeps nbclient's polite shutdown: it
is what executing a notebook with nbclient costs.  Last, scaling: the
speed-up of 2 workers over 1 on the same 2 cores is bounded by the cores
one worker already keeps busy (2 / 1.35 ≈ 1.5): the judge and the runner
beside the kernel make one worker faster, not two.  Pinned to one core each
(a worker is then its core, as a one-core worker of a cluster is), 2
workers over 1 is 1.79–1.92 (mean 1.87 over seven): Dask adds next to
nothing per task, and the per-core throughput is what 16 or 64 cores
multiply.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the project's pipeline package
from pipeline import correction_dask, demo, demo_class, echange  # noqa: E402
from pipeline.build import ASSIGNMENTS, RACINE, serie  # noqa: E402
from pipeline.client_noyau import ClientNotebook  # noqa: E402
from pipeline.report import lire_notes  # noqa: E402

ETUDIANTS_CIBLE, NOTEBOOKS_PAR_ETUDIANT = 1000, 4


def demarrage_noyau(fois: int = 5) -> float:
    """Mean seconds to start and stop a kernel (an empty notebook executed with nbclient)."""
    debut = time.perf_counter()
    for _ in range(fois):
        ClientNotebook(nbformat.v4.new_notebook(), ".").execute()
    return (time.perf_counter() - debut) / fois


def execution_nue(racine: Path, timeout: int = 90) -> float:
    """Execute every submitted notebook with nbclient (errors allowed); return the seconds taken."""
    debut = time.perf_counter()
    for chemin in sorted((racine / "submitted").glob("*/*/*.ipynb")):
        nb = nbformat.read(chemin, as_version=4)
        ClientNotebook(nb, chemin.parent, timeout=timeout, allow_errors=True).execute()
    return time.perf_counter() - debut


def scores(racine: Path) -> dict[tuple[str, str, str], float | None]:
    """``{(student, assignment, grade_id): score}`` of the gradebook (None: left to the teacher)."""
    _, _, notes = lire_notes(racine)
    return {(n.eleve, n.assignment, n.grade_id): n.score for n in notes}


def cours(dossier: Path, devoirs: tuple[str, ...] | None = None) -> tuple[Path, tuple[str, ...], int]:
    """A course copy with the demo class's submissions (of ``devoirs`` only, when given): (folder, assignments,
    notebooks).  The submissions' arrival is recorded here (``echange.constater_arrivee``: written into
    ``submitted/``, not collected), which grading would otherwise log for each of them.  Each assignment's due date
    is set once its submissions are in, as the demo does: the class is graded after its deadlines, as a teacher
    grades it (before a due date, the judge holds a graded function's reference until the student's kernel has
    ended: docs/grading_security.md)."""
    with contextlib.redirect_stdout(io.StringIO()):
        assignments = demo.preparer_cours(dossier, devoirs=devoirs)
    copies = demo_class.ecrire_soumissions(dossier, assignments=assignments)
    with contextlib.redirect_stderr(io.StringIO()):  # written here, not collected: one line each, not measured
        for copie in copies:
            echange.constater_arrivee(dossier, copie.parent)
    echeance = datetime.datetime.now(datetime.timezone.utc)
    for assignment in assignments:
        echange.fixer_echeance(dossier, assignment, echeance)
    return dossier, assignments, len(copies)


def autograde(racine: Path, assignments: tuple[str, ...], travailleurs: int,
              coeurs_par_worker: int | None = None) -> tuple[float, correction_dask.Bilan]:
    debut = time.perf_counter()
    bilan = correction_dask.corriger(racine, assignments, travailleurs=travailleurs,
                                     coeurs_par_worker=coeurs_par_worker, suivi=lambda _: None)
    return time.perf_counter() - debut, bilan


def etapes_de_la_demo(sortie: str) -> list[tuple[str, float]]:
    """The demo's steps and their seconds, from its progress lines (``[demo  12.3 s] 2/6 échange …``).

    >>> etapes_de_la_demo("[demo 0.3 s] 1/6 construction x\\n[demo 2.0 s]   a\\n[demo 5.5 s] 2/6 échange y\\n"
    ...                   "[demo 9.0 s] terminé : z")
    [('1/6 construction', 5.2), ('2/6 échange', 3.5)]
    """
    reperes = [(float(t), nom) for t, nom in re.findall(r"^\[demo\s+([0-9.]+) s\] (\d/\d \S+|terminé)", sortie, re.M)]
    return [(nom, round(fin - debut, 1)) for (debut, nom), (fin, _) in zip(reperes, reperes[1:])]


def ligne(nom: str, secondes: float, bilan: correction_dask.Bilan | None = None) -> None:
    echecs = f"  ÉCHECS : {len(bilan.echecs)}" if bilan and bilan.echecs else ""
    resume(nom, f"{secondes:7.1f} s{echecs}")


def resume(nom: str, texte: str) -> None:
    print(f"{nom:42}: {texte}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2, help="workers of the parallel run (default 2)")
    parser.add_argument("--sans-bac-a-sable", action="store_true",
                        help="also autograde with the sandbox off (1 worker): the cost of the sandbox")
    parser.add_argument("--paires-attachees", type=int, default=1, metavar="K",
                        help="measure the pair '1 worker on 1 core, N workers on one core each' K times (the "
                             "machine's noise is of the order of the goal's margin); default 1")
    parser.add_argument("--demo", type=int, default=0, metavar="M",
                        help="also time the whole demo with a class of M students (e.g. 45)")
    parser.add_argument("--demo-devoirs", default=",".join(serie(ASSIGNMENTS[0])), metavar="A,B,…",
                        help="the assignments of that demo (default: the CCINP paper's four notebooks, the "
                             "goal's 45 × 4; 'tous': every assignment of the course)")
    parser.add_argument("--devoirs", default=None, metavar="A,B,…",
                        help="grade only these assignments of the demo class (a shorter run; default: all)")
    args = parser.parse_args(argv)
    devoirs = tuple(args.devoirs.split(",")) if args.devoirs else None
    if args.workers < 2:
        parser.error("--workers must be at least 2 (it is compared with 1 worker)")
    if args.paires_attachees < 0:
        parser.error(f"--paires-attachees must be 0 or more, got {args.paires_attachees}")
    with tempfile.TemporaryDirectory(prefix="bench_grading_") as tmp:
        racine, assignments, notebooks = cours(Path(tmp) / "cours_1", devoirs)
        racine_n, _, _ = cours(Path(tmp) / f"cours_{args.workers}", devoirs)
        print(f"classe de démonstration : {len(demo_class.CLASSE)} élèves, {notebooks} notebooks, "
              f"{', '.join(assignments)} ; {os.cpu_count()} cœurs", flush=True)

        noyau = demarrage_noyau()
        ligne("démarrage d'un noyau (moyenne)", noyau)
        nu = execution_nue(racine)
        ligne("exécution nue (nbclient)", nu)
        t1, b1 = autograde(racine, assignments, 1)
        ligne("autograde, 1 worker Dask", t1, b1)
        tn, bn = autograde(racine_n, assignments, args.workers)
        ligne(f"autograde, {args.workers} workers Dask", tn, bn)
        s1, sn = scores(racine), scores(racine_n)
        autres = {}  # the other runs' grades, compared with the 1-worker run's
        # One core per worker (correction_dask.CoeursReserves): a worker is then its core, as on a SLURM job.
        attaches = args.workers <= len(os.sched_getaffinity(0))
        accelerations_attachees = []
        for essai in range(args.paires_attachees if attaches else 0):
            suffixe = f" ({essai + 1}/{args.paires_attachees})" if args.paires_attachees > 1 else ""
            racine_c1, _, _ = cours(Path(tmp) / f"cours_1_coeur_{essai}", devoirs)
            tc1, bc1 = autograde(racine_c1, assignments, 1, coeurs_par_worker=1)
            ligne(f"autograde, 1 worker sur 1 cœur{suffixe}", tc1, bc1)
            racine_cn, _, _ = cours(Path(tmp) / f"cours_{args.workers}_coeurs_{essai}", devoirs)
            tcn, bcn = autograde(racine_cn, assignments, args.workers, coeurs_par_worker=1)
            ligne(f"autograde, {args.workers} workers, 1 cœur chacun{suffixe}", tcn, bcn)
            accelerations_attachees.append(tc1 / tcn)
            autres.update({f"1 worker sur 1 cœur{suffixe}": (scores(racine_c1), bc1),
                           f"{args.workers} workers, 1 cœur chacun{suffixe}": (scores(racine_cn), bcn)})

        if args.sans_bac_a_sable:
            racine_s, _, _ = cours(Path(tmp) / "cours_sans_bac", devoirs)
            os.environ["AWALE_BAC_A_SABLE"] = "non"
            try:
                ts, bs = autograde(racine_s, assignments, 1)
            finally:
                del os.environ["AWALE_BAC_A_SABLE"]
            ligne("autograde, 1 worker, sans bac", ts, bs)

        if args.demo:
            debut = time.perf_counter()
            devoirs = [] if args.demo_devoirs == "tous" else ["--devoirs", args.demo_devoirs]
            demo_proc = subprocess.run([sys.executable, "-m", "pipeline.demo", "--racine", str(Path(tmp) / "demo"),
                                        "--eleves", str(args.demo), *devoirs], cwd=RACINE, capture_output=True,
                                       text=True)
            td = time.perf_counter() - debut
            copies_demo = re.search(r"autograde \((\d+) notebooks\)", demo_proc.stdout)
            ligne(f"démo entière, {args.demo} élèves", td)
            print(f"  ({copies_demo.group(1) if copies_demo else '?'} notebooks : {args.demo_devoirs})", flush=True)
            for nom, secondes in etapes_de_la_demo(demo_proc.stdout):
                print(f"  {nom:40}: {secondes:7.1f} s", flush=True)
            if demo_proc.returncode != 0:
                print(demo_proc.stdout[-3000:] + demo_proc.stderr[-3000:])

        print()
        resume("ratio autograde / exécution nue", f"{t1 / nu:.2f} (objectif ≤ 1.25)")
        if args.sans_bac_a_sable:
            resume("coût du bac à sable (avec / sans)", f"{t1 / ts:.2f}")
        acceleration = t1 / tn
        # One worker is not one core: its judge runs beside its kernel (VerdictsDesTestsCachesAnticipes).
        # The cores it keeps
        # busy are its summed work over its wall time; the throughput per core is read on the N-worker run,
        # where every core is busy, and extrapolated linearly.
        occupes = (sum(b1.durees.values()) - b1.durees.get("attente_juge", 0.0)) / t1
        if accelerations_attachees:
            moyenne = sum(accelerations_attachees) / len(accelerations_attachees)
            detail = (f", moyenne de {' ; '.join(f'{a:.2f}' for a in accelerations_attachees)}"
                      if len(accelerations_attachees) > 1 else "")
            resume(f"accélération {args.workers} workers / 1, 1 cœur chacun",
                   f"{moyenne:.2f} (objectif ≥ 1.8 pour 2{detail})")
        resume(f"accélération {args.workers} workers / 1, non attachés",
               f"{acceleration:.2f} (au plus {min(args.workers, len(os.sched_getaffinity(0))) / occupes:.2f} : "
               f"1 worker seul occupe déjà {occupes:.2f} cœur)")
        par_coeur_minute = notebooks / (tn / 60 * args.workers)
        resume("notebooks par cœur-minute",
               f"{par_coeur_minute:.1f} ({args.workers} workers, tous les cœurs occupés)")
        for coeurs in (16, 64):
            minutes = ETUDIANTS_CIBLE * NOTEBOOKS_PAR_ETUDIANT / (par_coeur_minute * coeurs)
            resume(f"{ETUDIANTS_CIBLE} élèves × {NOTEBOOKS_PAR_ETUDIANT} notebooks sur {coeurs} cœurs",
                   f"{minutes:.0f} min (extrapolé linéairement)")
        if args.demo:
            resume(f"démo de {args.demo} élèves", f"{td / 60:.1f} min (objectif < 3 min)")
        # The judge runs beside the kernel (pipeline.autograde.jugement.VerdictsDesTestsCachesAnticipes): its own
        # time overlaps the kernel's; what it adds to the wall time is the wait for it once the kernel is done.
        sequentiel = {k: v for k, v in b1.durees.items() if k != "juge"}
        total = sum(sequentiel.values())
        print("\noù va le temps (1 worker, somme sur les tâches) :")
        noms = {"noyau": "noyau de l'élève (démarrage et cellules)",
                "attente_juge": "attente du juge après le noyau",
                "nbgrader": "nbgrader lui-même (processus, étapes)", "transfert": "transfert (kit, copie, retour)",
                "gradebook": "écriture du gradebook (coordinateur)"}
        for cle, nom in noms.items():
            valeur = sequentiel.get(cle, 0.0)
            print(f"  {nom:42}: {valeur:7.1f} s ({100 * valeur / total:4.1f} %, "
                  f"{valeur / max(len(b1.corriges), 1):.2f} s par notebook)")
        juge = b1.durees.get("juge", 0.0)
        print(f"  juge, en parallèle du noyau (sa durée)    : {juge:7.1f} s "
              f"({juge / max(len(b1.corriges), 1):.2f} s par notebook)")
        print(f"  démarrages de noyau (estimés)             : {noyau * notebooks:7.1f} s, dont "
              f"{b1.noyaux_d_avance} noyaux sur {len(b1.corriges)} démarrés d'avance (pendant le notebook précédent)")
        print(f"  Dask (démarrage du cluster, ordonnancement): {t1 - total:7.1f} s")

        autres[f"{args.workers} workers"] = (sn, bn)
        memes = not b1.echecs
        print()
        for nom, (sa, ba) in autres.items():
            differences = sorted(k for k in set(s1) | set(sa) if s1.get(k) != sa.get(k))
            memes = memes and not differences and not ba.echecs
            resume(f"mêmes notes, 1 worker et {nom}",
                   f"{'oui' if not differences and not ba.echecs else 'NON'} ({len(s1)} cellules notées)")
            for cle in differences[:10]:
                print(f"  différence {cle}: 1 worker {s1.get(cle)}, {nom} {sa.get(cle)}")
    if not memes:
        sys.exit(1)


if __name__ == "__main__":
    main()
