"""CPU time of the grading kernel and of the whole autograde per notebook, on a sample of the demo class.

Run: ``.venv/bin/python benchmarks/bench_cpu_noyau.py [--eleves 3] [--devoirs A,B] [--arbres nom=/chemin,…]
[--json resultats.json]``

CPU time, not wall time: on a shared machine the wall time of a notebook moves with the other work, its CPU
time much less.  In a throw-away course (``pipeline.demo``) with the first ``--eleves`` students of the demo
class who hand in each assignment (``pipeline.demo_class``), every assignment is graded by ``nbgrader autograde``
in this process (sandbox on, after one grading not counted: the process's first pays its imports), and:

- **the kernel**: the CPU time of the kernel's sandbox (its processes, read in ``/proc`` just before it is
  killed), its start (before the first cell: the kernel started ahead boots during the previous notebook)
  and each cell;
- **the whole autograde**: this process's CPU time (nbgrader, the judge) and that of every process it started
  (kernels, runners, the judge's SQL processes: polled in ``/proc`` every 20 ms, the last value seen of each);
- **what it gave**: each grade cell's score in the gradebook and a digest of the graded test cells' outputs (the
  judge's verdicts), compared between the trees at the end.

``--arbres nom=/chemin,…``: the same measure in several worktrees of the project (each with its ``.venv``: an
older commit checked out with ``git worktree add``), side by side: each tree grades in its own process and
course, and they take turns, assignment by assignment, so that the machine's load falls on each alike.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

TIC = os.sysconf("SC_CLK_TCK")


def cpu(pid: int) -> float | None:
    """Seconds of CPU of process ``pid`` (every thread), ``None`` if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            champs = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(champs[11]) + int(champs[12])) / TIC


def descendants(pid: int) -> list[int]:
    trouves, pile = [], [pid]
    while pile:
        p = pile.pop()
        try:
            taches = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for t in taches:
            try:
                with open(f"/proc/{p}/task/{t}/children") as f:
                    enfants = [int(e) for e in f.read().split()]
            except OSError:
                continue
            trouves += enfants
            pile += enfants
    return trouves


def cpu_arbre(pid: int) -> float:
    return sum(c for p in [pid, *descendants(pid)] if (c := cpu(p)) is not None)


class Sondeur(threading.Thread):
    """Polls every process this one started; keeps the last CPU time seen of each (and its own cost)."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.vu: dict[int, float] = {}
        self.propre = 0.0
        self.fin = threading.Event()

    def noter(self, pids: list[int]) -> None:
        for p in pids:
            if (c := cpu(p)) is not None:
                self.vu[p] = max(self.vu.get(p, 0.0), c)

    def run(self) -> None:
        while not self.fin.wait(0.02):
            debut = time.thread_time()
            self.noter(descendants(os.getpid()))
            self.propre += time.thread_time() - debut


def instrumenter(sondeur: Sondeur, notebooks: list[dict]) -> None:
    """Wrap the kernel's preprocessor of the tree imported: each notebook, each cell, the kernel before its end."""
    from pipeline.autograde import noyau

    classe = noyau.ExecutionProtegee
    preprocess, preprocess_cell, avant_nettoyage = classe.preprocess, classe.preprocess_cell, classe.avant_nettoyage

    def pid(self) -> int | None:
        return getattr(getattr(getattr(self, "km", None), "provisioner", None), "pid", None)

    def _preprocess(self, nb, resources=None, km=None):
        nbg = (resources or {}).get("nbgrader") or {}
        notebooks.append({"eleve": nbg.get("student"), "devoir": nbg.get("assignment"), "cellules": [],
                          "noyau": 0.0, "demarrage": None})
        return preprocess(self, nb, resources, km)

    def _preprocess_cell(self, cell, resources, index):
        p, fiche = pid(self), notebooks[-1]
        avant = cpu_arbre(p) if p else 0.0
        if fiche["demarrage"] is None:
            fiche["demarrage"] = avant
        resultat = preprocess_cell(self, cell, resources, index)
        meta = cell.metadata.get("nbgrader", {})
        fiche["cellules"].append({"index": index, "grade_id": meta.get("grade_id"),
                                  "cpu": (cpu_arbre(p) if p else 0.0) - avant})
        return resultat

    def _avant_nettoyage(self):
        if p := pid(self):
            sondeur.noter([p, *descendants(p)])
            notebooks[-1]["noyau"] += cpu_arbre(p)
        return avant_nettoyage(self)

    classe.preprocess, classe.preprocess_cell, classe.avant_nettoyage = (_preprocess, _preprocess_cell,
                                                                         _avant_nettoyage)


def moi() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def serveur(eleves: int, devoirs: tuple[str, ...] | None) -> None:
    """In a tree (its folder the working folder): build the course, then grade each assignment read on stdin and
    print its measure as one JSON line (``RESULTAT {…}``)."""
    sys.path.insert(0, os.getcwd())
    sondeur, notebooks = Sondeur(), []
    instrumenter(sondeur, notebooks)
    with tempfile.TemporaryDirectory(prefix="bench_cpu_noyau_") as dossier:
        mesurer(Path(dossier), eleves, devoirs, sondeur, notebooks)


def mesurer(racine: Path, eleves: int, devoirs: tuple[str, ...] | None, sondeur: Sondeur,
            notebooks: list[dict]) -> None:
    from pipeline import demo, demo_class, echange
    from pipeline.nbgrader_cli import nbgrader_en_processus

    with contextlib.redirect_stdout(io.StringIO()):
        assignments = demo.preparer_cours(racine, devoirs=devoirs)
    for a in assignments:
        demo_class.ecrire_soumissions(racine, classe=tuple(e for e in demo_class.CLASSE if a in e.rendus)[:eleves],
                                      assignments=(a,))
        echange.fixer_echeance(racine, a, datetime.datetime.now(datetime.timezone.utc))  # graded after its deadline
    nbgrader_en_processus(racine, "autograde", assignments[0], "--force", "--log-level=INFO")  # not counted
    notebooks.clear()
    sondeur.start()
    print("PRET " + json.dumps(list(assignments)), flush=True)
    for ligne in sys.stdin:
        if not (a := ligne.strip()):
            break
        premier, propre, vus, soi = len(notebooks), sondeur.propre, dict(sondeur.vu), moi()
        debut = time.perf_counter()
        code, journal, _ = nbgrader_en_processus(racine, "autograde", a, "--force", "--log-level=INFO")
        mur = time.perf_counter() - debut
        time.sleep(0.1)
        print("RESULTAT " + json.dumps({
            "devoir": a, "code": code, "notebooks": notebooks[premier:], "mur": mur,
            "processus": moi() - soi - (sondeur.propre - propre),
            "descendants": sum(c - vus.get(p, 0.0) for p, c in sondeur.vu.items()),
            "noyau_mur": [float(x) for x in re.findall(r"Timing \S+: kernel ([\d.]+) s", journal)],
            "notes": notes_du_devoir(racine, a),
            "erreur": journal[-3000:] if code else ""}), flush=True)
    sondeur.fin.set()


def notes_du_devoir(racine: Path, assignment: str) -> dict[str, object]:
    """What the autograde of ``assignment`` gave, to compare trees: per student, each grade cell's score in the
    gradebook, and a digest of the outputs of each graded test cell of the autograded notebooks (the judge's
    verdicts and messages), stream outputs of blanks only left out."""
    import hashlib

    import nbformat
    from nbgrader.api import Gradebook

    from pipeline.nbgrader_cli import url_gradebook

    def blanc(sortie: dict) -> bool:  # a stream output of blanks only: where the kernel's kept output puts a
        # lone "\n" of a test cell varies from one run to the next (seen on main at 07aaa92)
        return sortie.get("output_type") == "stream" and not str(sortie.get("text", "")).strip()

    notes: dict[str, object] = {}
    with Gradebook(url_gradebook(racine)) as gb:
        for soumission in gb.assignment_submissions(assignment):
            notes[soumission.student.id] = {f"{nb.name}/{g.name}": g.score for nb in soumission.notebooks
                                            for g in nb.grades}
    for chemin in sorted((racine / "autograded").glob(f"*/{assignment}/*.ipynb")):
        nb = nbformat.read(chemin, as_version=4)
        sorties = [json.dumps([o for o in c.get("outputs", []) if not blanc(o)], sort_keys=True) for c in nb.cells
                   if c.get("metadata", {}).get("nbgrader", {}).get("grade") and c.cell_type == "code"]
        notes[f"{chemin.parent.parent.name}/{chemin.stem} (sorties)"] = hashlib.sha256(
            "\n".join(sorties).encode()).hexdigest()[:16]
    return notes


def resume(resultats: list[dict]) -> dict[str, float]:
    """Per notebook: the kernel (its start, its cells), this process, the other processes, the whole, wall."""
    notebooks = [n for r in resultats for n in r["notebooks"]]
    n = max(len(notebooks), 1)
    noyau = sum(x["noyau"] for x in notebooks)
    return {"notebooks": len(notebooks), "noyau": noyau / n,
            "demarrage": sum(x["demarrage"] or 0.0 for x in notebooks) / n,
            "cellules": sum(c["cpu"] for x in notebooks for c in x["cellules"]) / n,
            "processus": sum(r["processus"] for r in resultats) / n,
            "autres": (sum(r["descendants"] for r in resultats) - noyau) / n,
            "total": sum(r["processus"] + r["descendants"] for r in resultats) / n,
            "mur": sum(r["mur"] for r in resultats) / n}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eleves", type=int, default=3, help="students per assignment (default 3)")
    parser.add_argument("--devoirs", default=None, metavar="A,B,…", help="these assignments only (default: all)")
    parser.add_argument("--arbres", default=None, metavar="nom=/chemin,…",
                        help="worktrees measured side by side (default: this one)")
    parser.add_argument("--json", default=None, help="write every measure (per notebook and cell) there")
    parser.add_argument("--serveur", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    devoirs = tuple(args.devoirs.split(",")) if args.devoirs else None
    if args.serveur:
        serveur(args.eleves, devoirs)
        return
    arbres = dict(a.split("=", 1) for a in args.arbres.split(",")) if args.arbres else {
        "ici": str(Path(__file__).resolve().parent.parent)}
    commande = [__file__, "--serveur", "--eleves", str(args.eleves), *(["--devoirs", args.devoirs] if devoirs else [])]
    processus = {nom: subprocess.Popen([f"{chemin}/.venv/bin/python", *commande], cwd=chemin, text=True,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE) for nom, chemin in arbres.items()}

    def lire(nom: str) -> tuple[str, object]:
        for ligne in processus[nom].stdout:
            if ligne.startswith(("PRET ", "RESULTAT ")):
                cle, _, valeur = ligne.partition(" ")
                return cle, json.loads(valeur)
        raise RuntimeError(f"the measure in {arbres[nom]} ended early")

    assignments = [lire(nom)[1] for nom in processus][0]
    print(f"{len(arbres)} arbre(s), {args.eleves} élèves par devoir : {', '.join(assignments)} ; "
          f"charge {os.getloadavg()[0]:.1f}", flush=True)
    mesures: dict[str, list[dict]] = {nom: [] for nom in processus}
    noms = list(processus)
    for i, a in enumerate(assignments):
        for nom in noms[i % len(noms):] + noms[:i % len(noms)]:  # each tree first in turn
            processus[nom].stdin.write(a + "\n")
            processus[nom].stdin.flush()
            mesure = lire(nom)[1]
            mesures[nom].append(mesure)
            r = resume([mesure])
            echec = f"  ÉCHEC : {mesure['erreur'][-500:]}" if mesure["code"] else ""
            print(f"  {a:24} {nom:10} noyau {r['noyau']:5.2f} s CPU, autograde {r['total']:5.2f} s CPU, "
                  f"mur {r['mur']:5.2f} s par notebook{echec}", flush=True)
    for p in processus.values():
        p.stdin.write("\n")
        p.stdin.flush()
        p.wait()
    print(f"\npar notebook (secondes de CPU ; charge {os.getloadavg()[0]:.1f}) :")
    print(f"  {'arbre':10} {'nb':>3} {'noyau':>6} {'dont démarrage':>15} {'cellules':>9} {'nbgrader+juge':>14} "
          f"{'autres processus':>17} {'autograde':>10} {'mur':>6}")
    for nom, resultats in mesures.items():
        r = resume(resultats)
        print(f"  {nom:10} {r['notebooks']:3} {r['noyau']:6.2f} {r['demarrage']:15.2f} {r['cellules']:9.2f} "
              f"{r['processus']:14.2f} {r['autres']:17.2f} {r['total']:10.2f} {r['mur']:6.2f}")
    print()
    for a in assignments:  # the same grades and verdicts in every tree
        notes = {nom: next(m["notes"] for m in mesures[nom] if m["devoir"] == a) for nom in mesures}
        differentes = {nom: sorted(c for c in {*notes[nom], *notes[noms[0]]}
                                   if notes[nom].get(c) != notes[noms[0]].get(c)) for nom in notes}
        differentes = {nom: cles for nom, cles in differentes.items() if cles}
        ecarts = "; ".join(f"{nom} diffère ({', '.join(cles)})" for nom, cles in differentes.items())
        print(f"  {a:24} notes et sorties des cellules de test : {ecarts or 'identiques'} "
              f"({sum(1 for c in notes[noms[0]] if not c.endswith('(sorties)'))} copies)")
    if args.json:
        Path(args.json).write_text(json.dumps(mesures))


if __name__ == "__main__":
    main()
