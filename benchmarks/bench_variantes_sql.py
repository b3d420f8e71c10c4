"""What each student's own SQL databases cost, measured side by side with the statement's in one run.

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_variantes_sql.py [--eleves N] [--repetitions K]``

For the CCINP's opening library (240 players, 20 000 games) and Othello's games database: opening the visible
database as a student's kernel does (``montrer_requete``, the visible test) with the statement's data and with
a student's variant (the transformation at open time, in memory: the first time in a process, then the
copy's bytes), and the judge's per-student hidden file
(transformed once, written to the course's cache, then only verified: the first use and the next).  Each figure
is the smallest of its ``K`` runs (the machine's load changes during a run), per student, over ``N`` students.
The libraries themselves are built once for everyone (``awale_ref.sujets.ccinp_2024.library``), never per student.  Nothing is
asserted about time.

What it found (``--eleves 3 --repetitions 3``, 2 cores under a load of 4-5): the CCINP's visible library, a
student's variant 205 ms the first time in a kernel (a copy in memory whose two tables are written again), then
2.4 ms (the statement's: 2-12 ms); a student's hidden library built once by the judge in 405 ms (1.45 MB in
the cache), then verified in 1.7 ms; Othello's visible database 0.9 ms (0.5 ms), a student's hidden one built
in 85 ms (20 kB), then verified in 0.6 ms.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from awale_ref import cache
from awale_ref.grading.eleve import variantes
from awale_ref.sujets.ccinp_2024 import sql as sql_ccinp
from awale_ref.sujets.othello_epita_2024 import base as base_othello, sql as sql_othello


def _plus_court(fonction, repetitions: int) -> float:
    meilleur = float("inf")
    for _ in range(repetitions):
        debut = time.perf_counter()
        fonction()
        meilleur = min(meilleur, time.perf_counter() - debut)
    return meilleur


def _ouvrir_fermer(ouvrir) -> None:
    connexion = ouvrir()
    connexion.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
    connexion.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eleves", type=int, default=5)
    parser.add_argument("--repetitions", type=int, default=3)
    options = parser.parse_args()
    sql_ccinp.preparer_bibliotheques()  # the shared libraries, built once (not measured)
    eleves = [f"eleve{i}" for i in range(options.eleves)]
    lignes = []
    for nom, sql, ouvrir_visible in (("CCINP", sql_ccinp, sql_ccinp.ouvrir_visible),
                                     ("Othello", sql_othello, base_othello.ouvrir_visible)):
        os.environ.pop(variantes.UTILISATEUR_HUB, None)
        os.environ[variantes.REGLAGE] = "non"
        enonce = _plus_court(lambda: _ouvrir_fermer(ouvrir_visible), options.repetitions)
        os.environ[variantes.REGLAGE] = "oui"
        premieres, suivantes = [], []
        for qui in eleves:
            os.environ[variantes.UTILISATEUR_HUB] = qui
            premieres.append(_plus_court(lambda: _ouvrir_fermer(ouvrir_visible), 1))  # transformed here
            suivantes.append(_plus_court(lambda: _ouvrir_fermer(ouvrir_visible), options.repetitions))
        os.environ.pop(variantes.UTILISATEUR_HUB, None)
        lignes.append(f"{nom:8} base visible ouverte (noyau)   : énoncé {1000 * enonce:7.1f} ms ; variante "
                      f"{1000 * max(premieres):7.1f} ms la première fois, puis {1000 * max(suivantes):7.1f} ms "
                      f"(x{max(suivantes) / enonce:.1f})")
        with tempfile.TemporaryDirectory() as neuf:
            # the per-student hidden files in a fresh cache folder: the shared libraries are linked, not built
            for fichier in cache.dossier_cache().glob("bibliotheque-*.sqlite*"):
                os.symlink(fichier, Path(neuf) / fichier.name)
            ancien = os.environ.get("AWALE_CACHE")
            os.environ["AWALE_CACHE"] = neuf
            try:
                premiere = max(_plus_court(lambda: sql.base_cachee(sql.VARIANTE.donnees(qui)), 1) for qui in eleves)
                suivante = max(_plus_court(lambda: sql.base_cachee(sql.VARIANTE.donnees(qui)), options.repetitions)
                               for qui in eleves)
                taille = max(Path(sql.base_cachee(sql.VARIANTE.donnees(qui))).stat().st_size for qui in eleves)
            finally:
                if ancien is None:
                    os.environ.pop("AWALE_CACHE")
                else:
                    os.environ["AWALE_CACHE"] = ancien
        lignes.append(f"{nom:8} base cachée d'un élève (juge)  : construite {1000 * premiere:7.1f} ms, puis "
                      f"vérifiée {1000 * suivante:7.1f} ms ; {taille / 1e6:.2f} Mo")
    print("\n".join(lignes))


if __name__ == "__main__":
    main()
