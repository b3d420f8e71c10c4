"""The slow given cells of the Othello and attractor notebooks, measured side by side in one run.

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_cellules_lentes.py [--avant REV] [--repetitions K]``

Each cell runs in a fresh Python process (as after a kernel restart: the tools cell's imports done before the
clock starts, the cell's own imports counted), with a
non-interactive matplotlib backend and the PNG a notebook would show rendered: the Othello cell « L'arbre de
votre IA, et une partie contre elle » (the depth-2 tree of ``ia_minmax_tp``, then the board against the AI),
and the first drawing of the attractor slider (C = 2, N = 3), with the reference's functions standing for the
student's.  With ``--avant REV`` the same cells run first on the tree of commit ``REV`` (``git archive`` in a
temporary folder, first on ``PYTHONPATH``), then on the working tree, in turn ``K`` times; each figure is the
smallest of its ``K`` (the machine's load changes during a run).  Nothing is asserted about time.

What it found (``--avant aa91e00 --repetitions 3``, 2 cores under a load of 12-16): the Othello cell
2.31 s -> 0.95 s (2.4x), the slider's first drawing 1.59 s -> 0.78 s (2.0x).  The causes: each disc of the
tree's boards added with ``add_patch`` recomputed the axes' limits (bezier extrema: 4.7 s of a warm 4.8 s),
now one ``PatchCollection``; the graph's arrows clipped at the nodes by bezier splitting and networkx's
import, now clipped by hand without networkx.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent

OUTILS = {  # what the notebook's tools cell imports, before the cell: not counted
    "othello : arbre et plateau": "from awale_ref.sujets.othello_epita_2024 import montrer_requete, tester",
    "attracteurs : premier dessin du curseur": "from awale_ref.sujets.attracteurs import tester\n"
                                               "from awale_ref.sujets.attracteurs.dessins import curseur_attracteur",
}
CELLULES = {
    "othello : arbre et plateau": """
        from awale_ref.sujets.othello_epita_2024.arbre import P_ARBRE, arbre_minmax, dessiner_arbre
        from awale_ref.sujets.othello_epita_2024.othello import ia_minmax_tp
        from awale_ref.sujets.othello_epita_2024.plateau import PlateauOthello
        figure = dessiner_arbre(arbre_minmax(P_ARBRE, 1, 2, ia=ia_minmax_tp))
        png(figure)
        PlateauOthello(adversaire="IA joue Blanc", profondeur=2, ia=ia_minmax_tp)
    """,
    "attracteurs : premier dessin du curseur": """
        from awale_ref.sujets.attracteurs import dessins
        from awale_ref.sujets.attracteurs.tablettes import graphe
        png(dessins.dessiner_attracteur(graphe(2, 3), 2, 3, 1, 0))
    """,
}
PREAMBULE = """
import io, time
import matplotlib
matplotlib.use("agg")

def png(figure):
    if hasattr(figure, "_repr_png_"):
        return figure._repr_png_()
    tampon = io.BytesIO()
    figure.savefig(tampon, format="png", bbox_inches="tight")
    return tampon.getvalue()
"""


def mesurer(outils: str, code: str, chemin: Path | None) -> float:
    """Seconds of one cell in a fresh process (``chemin``: a tree put first on ``PYTHONPATH``)."""
    env = dict(os.environ, MPLBACKEND="agg")
    if chemin is not None:
        env["PYTHONPATH"] = f"{chemin}{os.pathsep}{env.get('PYTHONPATH', '')}"
    source = (PREAMBULE + outils + "\ndebut = time.perf_counter()\n" + textwrap.dedent(code)
              + "\nprint(time.perf_counter() - debut)\n")
    sortie = subprocess.run([sys.executable, "-c", source], env=env, cwd=tempfile.gettempdir(), check=True,
                            capture_output=True, text=True).stdout
    return float(sortie.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--avant", help="a commit to measure first, side by side")
    parser.add_argument("--repetitions", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as dossier:
        arbres: dict[str, Path | None] = {}
        if options.avant:
            archive = subprocess.run(["git", "archive", options.avant, "awale_ref"], cwd=RACINE, check=True,
                                     capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", dossier], input=archive, check=True)
            arbres[options.avant] = Path(dossier)
        arbres["arbre de travail"] = None
        temps = {(nom, arbre): [] for nom in CELLULES for arbre in arbres}
        for _ in range(options.repetitions):
            for nom, code in CELLULES.items():
                for arbre, chemin in arbres.items():
                    temps[(nom, arbre)].append(mesurer(OUTILS[nom], code, chemin))
    for nom in CELLULES:
        ligne = "  ".join(f"{arbre} {min(temps[(nom, arbre)]):.2f} s" for arbre in arbres)
        if options.avant:
            ligne += f"  (rapport {min(temps[(nom, options.avant)]) / min(temps[(nom, 'arbre de travail')]):.1f})"
        print(f"{nom} : {ligne}")


if __name__ == "__main__":
    main()
