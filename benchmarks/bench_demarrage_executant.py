"""CPU time of a runner's start and of the judge's SQL process's start, as the judge starts them (sandbox on).

Run: ``.venv/bin/python benchmarks/bench_demarrage_executant.py [-n 10] [--arbres nom=/chemin,…]``

Each start is one ``lancement.Executant`` in its sandbox (``bac_a_sable``), the way the judge makes it:

- **runner**: ``lancement.demarrer`` with a small ``Demarrage``; its CPU time when its ``pret`` reply is read
  (``démarrage``), then once its first order is answered (``+ 1re cellule``: a one-line cell);
- **SQL process**: the sandbox of ``lancement.EvaluateurSql`` on a small database; its CPU time at ``pret``,
  then once its first query is answered (``+ 1re requête``).

The CPU time is that of the sandbox's whole process tree (``sh`` become ``bwrap``, the namespace's init, the
Python process), read in ``/proc`` while it still runs: a sandboxed process killed with its PID namespace is
never waited for by this process, so ``RUSAGE_CHILDREN`` misses it.

``--arbres nom=/chemin,…``: the same measure in several trees of the project side by side (each run by its
``.venv``'s Python when it has one, else by this one, with the tree first on ``sys.path``: an older commit
extracted with ``git archive <commit> awale_ref | tar -x -C /chemin`` is enough); the trees take turns, start
by start, so that the machine's load falls on each alike.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

TIC = os.sysconf("SC_CLK_TCK")
GENRES = ("executant", "sql")


def cpu_arbre(pid: int) -> float:
    """Seconds of CPU of process ``pid`` and of every process under it (every thread), as ``/proc`` shows them."""
    total, pile = 0.0, [pid]
    while pile:
        p = pile.pop()
        try:
            with open(f"/proc/{p}/stat") as f:
                champs = f.read().rsplit(")", 1)[1].split()
            total += (int(champs[11]) + int(champs[12])) / TIC
            for t in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{t}/children") as f:
                    pile += [int(e) for e in f.read().split()]
        except OSError:
            continue
    return total


def un_demarrage(genre: str, base: str) -> dict[str, float]:
    """One start of a runner (``genre`` ``executant``) or of the SQL process (``sql``): its CPU seconds at
    ``pret`` and once its first order is answered."""
    from awale_ref.grading.correcteur import lancement
    from awale_ref.grading.executant import messages

    limites = lancement.Limites()
    if genre == "executant":
        demarrage = messages.Demarrage("awale_ref.ref", "def g():\n    return 1\n")
        with lancement.demarrer(demarrage, True, limites, None) as ex:
            assert ex is not None, limites.journal
            pret = cpu_arbre(ex.proc.pid)
            ex.cellule("x = 1")
            return {"pret": pret, "premier": cpu_arbre(ex.proc.pid)}
    prive = tempfile.mkdtemp(prefix="bench_sql_")
    sandbox = lancement._sandbox(prive, "sql", limites, 16, base_cachee=base)
    ex = lancement.Executant(None, sandbox, limites, ("--sql",), partie="sql")
    try:
        pret = cpu_arbre(ex.proc.pid)
        donnees = ex.requete("SELECT count(*) FROM t", base)
        assert "erreur_sql" not in donnees, donnees
        return {"pret": pret, "premier": cpu_arbre(ex.proc.pid)}
    finally:
        ex.fermer()
        os.rmdir(prive) if not os.listdir(prive) else None


def serveur() -> None:
    """One tree's process: a start per line read (its genre), one ``RESULTAT`` line each."""
    sys.path.insert(0, os.getcwd())
    from awale_ref.grading.correcteur import bac_a_sable

    bac_a_sable.verifier_disponible()
    with tempfile.TemporaryDirectory(prefix="bench_base_") as dossier:
        base = os.path.join(dossier, "base.sqlite")
        with sqlite3.connect(base) as connexion:
            connexion.executescript("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1), (2);")
        os.chmod(dossier, 0o755)
        for genre in GENRES:  # not counted: the first start pays this process's imports and the seccomp file
            un_demarrage(genre, base)
        print("PRET", flush=True)
        for ligne in sys.stdin:
            if not ligne.strip():
                break
            print("RESULTAT", json.dumps(un_demarrage(ligne.strip(), base)), flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10, help="starts of each kind per tree (default 10)")
    parser.add_argument("--arbres", default=None, metavar="nom=/chemin,…",
                        help="trees measured side by side (default: this one)")
    parser.add_argument("--serveur", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serveur:
        serveur()
        return
    arbres = dict(a.split("=", 1) for a in args.arbres.split(",")) if args.arbres else {
        "ici": str(Path(__file__).resolve().parent.parent)}

    def python(chemin: str) -> str:
        propre = Path(chemin) / ".venv" / "bin" / "python"
        return str(propre) if propre.exists() else sys.executable

    processus = {nom: subprocess.Popen([python(chemin), os.path.abspath(__file__), "--serveur"], cwd=chemin,
                                       text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
                 for nom, chemin in arbres.items()}

    def lire(nom: str) -> dict | None:
        for ligne in processus[nom].stdout:
            if ligne.startswith("PRET"):
                return None
            if ligne.startswith("RESULTAT "):
                return json.loads(ligne.partition(" ")[2])
        raise RuntimeError(f"the measure in {arbres[nom]} ended early")

    for nom in processus:
        lire(nom)
    charge = os.getloadavg()[0]
    print(f"{len(arbres)} arbre(s), {args.n} démarrages de chaque sorte ; charge {charge:.1f}", flush=True)
    mesures: dict[str, dict[str, list[dict]]] = {nom: {g: [] for g in GENRES} for nom in processus}
    noms = list(processus)
    for i in range(args.n):
        for genre in GENRES:
            for nom in noms[i % len(noms):] + noms[:i % len(noms)]:  # each tree first in turn
                processus[nom].stdin.write(genre + "\n")
                processus[nom].stdin.flush()
                mesures[nom][genre].append(lire(nom))
    for p in processus.values():
        p.stdin.write("\n")
        p.stdin.flush()
        p.wait()
    print(f"\nsecondes de CPU par démarrage (moyenne de {args.n} ; médiane entre crochets ; charge "
          f"{charge:.1f} au début, {os.getloadavg()[0]:.1f} à la fin) :")
    print(f"  {'arbre':10} {'exécutant':>16} {'+ 1re cellule':>16} {'processus SQL':>16} {'+ 1re requête':>16}")
    for nom, par_genre in mesures.items():
        cases = []
        for genre in GENRES:
            for cle in ("pret", "premier"):
                valeurs = sorted(m[cle] for m in par_genre[genre])
                cases.append(f"{sum(valeurs) / len(valeurs):.3f} [{valeurs[len(valeurs) // 2]:.3f}]")
        print(f"  {nom:10} " + " ".join(f"{c:>16}" for c in cases))


if __name__ == "__main__":
    main()
