"""How long the similarity report takes (pipeline/similarite.py): synthetic classes of 45 and 1,000 students.

Each synthetic student answers every code question of the release notebooks: the course's own
solution (``source/``) with names of their own (so no two answers are the same text and no fingerprint
is cached), one question in five with a statement of a shape of its own (the report compares shapes, not
names or numbers); a few students copy another's
notebooks (each copying pair must be flagged, and no other).  Times the whole comparison (tokenizing, fingerprints, inverted index, scores, and the
comparison with the sources students can read, timed beside the same comparison without them), not the
writing of the pages.  ``python benchmarks/bench_similarite.py [--eleves 45 1000]``; results in
``benchmarks/resultats/similarite.md``.
"""

from __future__ import annotations

import argparse
import itertools
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


def solutions(devoirs: tuple[str, ...] = ASSIGNMENTS) -> dict[tuple[str, str], str]:
    """``{(assignment, grade_id): the course's solution}`` of every code answer cell of ``devoirs``."""
    res = {}
    for a in devoirs:
        for c in nbformat.read(RACINE / "source" / a / f"{a}.ipynb", as_version=4).cells:
            if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("solution"):
                res[(a, c.metadata["nbgrader"]["grade_id"])] = solution_propre(c.source)
    return res


def _expression(hasard: random.Random, profondeur: int) -> str:
    """An expression of a random shape (the shape, not its names or numbers, is what the report compares)."""
    if profondeur == 0:
        return hasard.choice(["x", "3", "[1]", "len(x)"])
    a, b = _expression(hasard, profondeur - 1), _expression(hasard, profondeur - 1)
    return hasard.choice([f"({a} + {b})", f"({a} * {b})", f"max({a}, {b})", f"({a} if {b} else 1)",
                          f"abs({a} - {b})", f"x[{a}]", f"[{a}, {b}]", f"-{a}"])


def classe_synthetique(nombre: int, graine: int = 0, devoirs: tuple[str, ...] = ASSIGNMENTS
                       ) -> tuple[dict[tuple[str, str], dict[str, str]], set[tuple[str, str]]]:
    """``nombre`` students' answers (the solution renamed per student, a fifth with a statement of its own), 2 % copiers;
    and the copying pairs."""
    hasard = random.Random(graine)
    modeles = solutions(devoirs)
    eleves = [f"eleve{i:04d}" for i in range(nombre)]
    reponses: dict[tuple[str, str], dict[str, str]] = {q: {} for q in modeles}
    for i, eleve in enumerate(eleves):
        for q, code in modeles.items():
            code = re.sub(r"\b(total|case|plateau|graines|valeur|i|j|ligne|img)\b",
                          lambda m: f"{m.group(1)}_{i}", code)
            if hasard.random() < 0.2:   # their own way: a statement of a shape of their own
                ligne = f"print({_expression(hasard, 3)})"
                code, fait = re.subn(r"^(def \w+\(.*\):\n)", lambda m: f"{m.group(1)}    {ligne}\n", code, count=1,
                                     flags=re.M)
                code += "" if fait else f"\n{ligne}\n"
            reponses[q][eleve] = code
    copies = set()
    copieurs = hasard.sample(eleves, max(1, nombre // 50))
    copies_de = []
    for copieur in copieurs:
        modele = hasard.choice([e for e in eleves if e not in copieurs])
        copies_de.append(modele)
        copies.add(tuple(sorted((copieur, modele))))
        for q in reponses:
            reponses[q][copieur] = reponses[q][modele].replace(f"_{eleves.index(modele)}", "_copie")
    modele_de = {copieur: modele for copieur, modele in zip(copieurs, copies_de)}
    copies |= {tuple(sorted((a, b))) for a, b in itertools.combinations(copieurs, 2)
               if modele_de[a] == modele_de[b]}   # two copiers of the same student copy each other too
    return reponses, copies


def jetons_du_texte(code: str, _lexer=[]) -> str:
    """The text tokens the report compared before its syntax-tree tokens: copydetect's rules
    (``copydetect.utils.filter_code``) on pygments' Python lexer, made once (as the report did)."""
    from pygments import lexers, token

    if not _lexer:
        _lexer.append(lexers.get_lexer_by_name("python"))
    sortie = []
    for genre, texte in _lexer[0].get_tokens(code):
        if genre in (token.Name, token.Name.Variable, token.Name.Attribute):
            sortie.append("V")
        elif genre in token.Name.Function:
            sortie.append("F")
        elif genre in token.Literal.String and texte not in ("'", '"'):
            sortie.append("S")
        elif not (genre in token.Text or genre in token.Comment):
            sortie.append(texte)
    return "".join(sortie)


def tokeniseurs_cote_a_cote(reponses: dict[tuple[str, str], dict[str, str]], nombre: int = 2000) -> None:
    """Time the syntax-tree tokens (``normaliser``) and the text tokens the report used before
    (:func:`jetons_du_texte`) on the same ``nombre`` answers, interleaved in rounds (a busy machine slows both
    alike)."""
    codes = [code for par_eleve in reponses.values() for code in par_eleve.values()][:nombre]
    temps = {"arbre": 0.0, "texte": 0.0}
    for tour in range(0, len(codes), 100):
        lot = codes[tour:tour + 100]
        debut = time.process_time()
        for code in lot:
            similarite.normaliser(code)
        temps["arbre"] += time.process_time() - debut
        debut = time.process_time()
        for code in lot:
            jetons_du_texte(code)
        temps["texte"] += time.process_time() - debut
    print(f"jetons de {len(codes)} réponses (temps CPU) : arbre syntaxique {temps['arbre']:.2f} s, "
          f"texte (pygments, règles de copydetect) {temps['texte']:.2f} s ; rapport {temps['arbre'] / temps['texte']:.2f}",
          flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eleves", type=int, nargs="+", default=[45, 1000])
    parser.add_argument("--processus", type=int, nargs="+", default=[1, 2],
                        help="processes that fingerprint (from 3,000 distinct answers; default: 1 then 2)")
    parser.add_argument("--notebooks", type=int, default=len(ASSIGNMENTS),
                        help=f"compare the first N notebooks of the course only (default: all {len(ASSIGNMENTS)})")
    args = parser.parse_args(argv)
    devoirs = ASSIGNMENTS[:args.notebooks]
    gabarits = {a: similarite.gabarit_de_la_version_eleve(RACINE, a) for a in devoirs}
    sources = {a: similarite.sources_du_devoir(RACINE, a) for a in devoirs}
    for nombre in args.eleves:
        reponses, copies = classe_synthetique(nombre, devoirs=devoirs)
        tokeniseurs_cote_a_cote(reponses)
        sans_sources, avec_sources = [], []
        for _ in range(2):   # interleaved, the best of two each, in CPU time (one process: all of the work)
            debut = time.process_time()
            similarite.comparer(reponses, gabarits, processus=1)
            sans_sources.append(time.process_time() - debut)
            debut = time.process_time()
            similarite.comparer(reponses, gabarits, processus=1, sources=sources)
            avec_sources.append(time.process_time() - debut)
        print(f"  comparé aussi aux sources ({sum(map(len, sources.values()))} : corrigés publics, paquet des "
              f"élèves, versions élèves des autres devoirs), temps CPU sur un processus : {min(avec_sources):.1f} s contre "
              f"{min(sans_sources):.1f} s sans (rapport {min(avec_sources) / min(sans_sources):.2f})", flush=True)
        for processus in args.processus:
            debut, cpu = time.perf_counter(), time.process_time()
            analyse = similarite.comparer(reponses, gabarits, processus=processus, sources=sources)
            duree, cpu = time.perf_counter() - debut, time.process_time() - cpu
            signalees = {(p.a, p.b) for p in analyse.signalees()}
            print(f"{nombre:5d} élèves × {len(devoirs)} notebooks, {processus} processus "
                  f"({analyse.reponses} réponses comparées, {analyse.ignorees} trop courtes) : {duree:6.1f} s "
                  f"(CPU du processus principal {cpu:.1f} s) ; "
                  f"{len(analyse.paires)} paires partagent un passage rare ; {len(signalees)} signalées : "
                  f"{len(signalees & copies)} des {len(copies)} copies, {len(signalees - copies)} autres ; "
                  f"{len(analyse.proches_signales())} élève(s) « proche de » une source", flush=True)


if __name__ == "__main__":
    main()
