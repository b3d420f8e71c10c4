"""How well the similarity report (pipeline/similarite.py) sees through disguised copies: the evasion benchmark.

The class is the demo class (``pipeline.demo_class.CLASSE``: its correct and wrong answers, written in three
styles, its two copiers), every notebook of every subject.  For each disguise
(``benchmarks/deguisements.py``), each student of the class who handed work in gets a copier, who hands in
that student's notebooks disguised that one way (the code of every answer: names, order, dead statements,
comments, ``for``/``while``, an extra helper; or the notebook: answers moved to new cells, relabelled
metadata; or all of them at once); the copiers are then compared with the whole class, through the report's
own reading of ``submitted/`` (:func:`pipeline.similarite.analyser`).  Printed, per disguise:

- the share of copying pairs (copier, model) flagged, among those the exact copy flags (most of the demo's
  students write the course's solution in one of three styles: a copy of what several others wrote alike is
  no evidence, disguised or not);
- the share of copied function answers flagged on their own, among those the exact copy flags;
- the number of honest pairs flagged (two students of the demo class, not one of its two copying pairs).

Then, for every graded function of every subject (the course's answer, from ``source/``), the share of its
disguised copies flagged in the class of the demo's answers written differently from the course's, and the
number of those honest answers flagged.  And, for functions of what students can read (the public keys, the
students' package), pasted with each disguise beside an honest student's answer, the share listed « proche
de » their source, and the number of students who pasted nothing flagged (:func:`depuis_les_sources`).

Goal: every disguise >= 90 % of pairs flagged, all of them combined >= 80 %, no honest pair flagged.
``python benchmarks/bench_evasion.py``; results in ``benchmarks/resultats/evasion.md``.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import deguisements  # noqa: E402
from pipeline import demo_class, similarite  # noqa: E402
from pipeline.build import ASSIGNMENTS, RACINE, STUB_CODE  # noqa: E402


PREFIXE = "zz_copie_"
"""The copiers' ids: the copied student's, prefixed."""


def _code_deguise(nb: nbformat.NotebookNode, deguisement, garder: frozenset[str]) -> nbformat.NotebookNode:
    """Every answer cell of ``nb`` (a notebook the demo wrote: its metadata is the release's) disguised."""
    nb = nbformat.from_dict(nb)
    for c in nb.cells:
        if (c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution")
                and c.source.strip() != STUB_CODE and deguisements.applicable(c.source)):
            try:
                c.source = (deguisement(c.source, garder) if deguisement in (deguisements.renommer, deguisements.tout)
                            else deguisement(c.source))
            except (SyntaxError, ValueError, RecursionError):
                continue
    return nb


def _deguisements() -> dict[str, object]:
    """``{name: notebook -> notebook disguised}`` (``garder``: the names the tests call, kept)."""
    def du_code(f):
        return lambda nb, garder: _code_deguise(nb, f, garder)

    tous = {nom: du_code(f) for nom, f in deguisements.DEGUISEMENTS_DU_CODE.items() if nom != "tout"}
    tous["réponses déplacées"] = lambda nb, garder: deguisements.reponses_deplacees(nb, STUB_CODE)
    tous["métadonnées renommées"] = lambda nb, garder: deguisements.metadonnees_renommees(nb)
    tous["tout dans une cellule"] = lambda nb, garder: deguisements.tout_dans_la_premiere(nb, STUB_CODE)
    tous["tout à la fois"] = lambda nb, garder: deguisements.reponses_deplacees(
        _code_deguise(nb, deguisements.tout, garder), STUB_CODE)
    return tous


def mesurer(racine: Path, assignments: tuple[str, ...]) -> list[tuple[str, int, int, int, int, int, float]]:
    """Per disguise: ``(name, copies to find, found, questions to find, found, honest pairs flagged, seconds)``.

    What there is to find is what the exact copy (first line) finds: a copy of an answer most of the class
    writes alike is no evidence, disguised or not; each disguise is measured on the pairs and the questions
    its exact copy flags."""
    versions = {a: similarite.VersionEleve.lire(racine, a) for a in assignments}
    garder = frozenset(n for v in versions.values() for n in v.noms)
    modeles = [e for e in demo_class.CLASSE if e.rendus and not e.vierge and e.identifiant not in demo_class.COPIEURS]
    copies_du_demo = {tuple(sorted(p)) for p in demo_class.COPIEURS.items()}
    lignes, a_trouver, questions_a_trouver = [], None, None
    for nom, deguiser in {"copie exacte": lambda nb, garder: nb, **_deguisements()}.items():
        copieurs = {}
        for e in modeles:
            copieur = f"{PREFIXE}{e.identifiant}"
            copieurs[copieur] = e.identifiant
            for a in assignments:
                chemin = racine / "submitted" / e.identifiant / a / f"{a}.ipynb"
                if chemin.exists():
                    (racine / "submitted" / copieur / a).mkdir(parents=True, exist_ok=True)
                    nbformat.write(deguiser(nbformat.read(chemin, as_version=4), garder),
                                   racine / "submitted" / copieur / a / f"{a}.ipynb")
        debut = time.perf_counter()
        analyse = similarite.analyser(racine, assignments)
        duree = time.perf_counter() - debut
        signalees = {(p.a, p.b) for p in analyse.signalees()}
        paires = {cle for cle in (tuple(sorted(c)) for c in copieurs.items()) if cle in signalees}
        questions = {(p.a, p.b, q.question) for p in analyse.paires if (p.a, p.b) in paires or not paires
                     for q in p.questions_signalees()}
        questions = {(a, b, q) for a, b, q in questions if _fonction(analyse, a, b, q)}
        if a_trouver is None:
            a_trouver, questions_a_trouver = paires, questions
        honnetes = {p for p in signalees if not any(e in copieurs for e in p) and p not in copies_du_demo}
        t, qt = len(paires & a_trouver), len(questions & questions_a_trouver)
        lignes.append((nom, len(a_trouver), t, len(questions_a_trouver), qt, len(honnetes), duree))
        print(f"{nom:24s} paires signalées {t:3d}/{len(a_trouver)} ({100 * t / max(len(a_trouver), 1):5.1f} %), "
              f"questions signalées {qt:4d}/{len(questions_a_trouver)} "
              f"({100 * qt / max(len(questions_a_trouver), 1):5.1f} %), paires honnêtes signalées {len(honnetes)} "
              f"[{duree:.1f} s]" + (f" : {sorted(honnetes)}" if honnetes else ""), flush=True)
        for copieur in copieurs:
            shutil.rmtree(racine / "submitted" / copieur)
    return lignes


def _fonction(analyse: similarite.Analyse, a: str, b: str, question: tuple[str, str]) -> bool:
    """Whether the copied answer (the model's) to ``question`` defines a function."""
    modele = b if a.startswith(PREFIXE) else a
    return "def " in analyse.empreintes[(modele, question)].code


def par_fonction(racine: Path, assignments: tuple[str, ...]) -> list[tuple[str, int, int, int, int]]:
    """Per disguise of the code: ``(name, functions, flagged when copied exactly, flagged among those, honest
    answers flagged)``, for every graded function of every subject: the course's answer and its disguised
    copy, in the class of the demo's answers to that question written differently from the course's (other
    styles, wrong answers).  A function too short, or written alike by the class, is not flagged even when
    copied exactly: each disguise is measured on those its exact copy flags."""
    from bench_similarite import solutions

    modeles = {q: code for q, code in solutions().items() if q[0] in assignments and "def " in code
               and deguisements.applicable(code)}
    demo = {a: similarite.reponses_rendues(racine, a) for a in assignments}
    gabarits = {a: similarite.gabarit_de_la_version_eleve(racine, a) for a in assignments}
    garder = frozenset(n for a in assignments for n in similarite.VersionEleve.lire(racine, a).noms)
    lignes, reference = [], None
    for nom, deguisement in {"copie exacte": None, **deguisements.DEGUISEMENTS_DU_CODE}.items():
        reponses = {}
        for (a, gid), code in modeles.items():
            propre = similarite.normaliser(code)[0]
            classe = {e: c for e, codes in demo[a].items() if e not in demo_class.COPIEURS
                      and (c := codes.get(gid)) and similarite.normaliser(c)[0] != propre}
            copie = (code if deguisement is None else deguisement(code, garder)
                     if deguisement in (deguisements.renommer, deguisements.tout) else deguisement(code))
            reponses[(a, gid)] = {"modele": code, "copie": copie, **classe}
        analyse = similarite.comparer(reponses, gabarits)
        trouvees = {q.question for p in analyse.paires if (p.a, p.b) == ("copie", "modele")
                    for q in p.questions_signalees()}
        reference = trouvees if reference is None else reference
        honnetes = sum(1 for p in analyse.paires for q in p.questions_signalees()
                       if not {"copie", "modele"} & {p.a, p.b})
        lignes.append((nom, len(modeles), len(reference), len(trouvees & reference), honnetes))
        print(f"{nom:24s} fonctions notées signalées {len(trouvees & reference):3d}/{len(reference)} "
              f"({100 * len(trouvees & reference) / max(len(reference), 1):5.1f} %; {len(trouvees)} des "
              f"{len(modeles)} fonctions), réponses honnêtes signalées {honnetes}", flush=True)
    return lignes


def _deguiser(code: str, deguisement, garder: frozenset[str]) -> str:
    """``code`` disguised one way (``None``: as it is)."""
    if deguisement is None:
        return code
    if deguisement in (deguisements.renommer, deguisements.tout):
        return deguisement(code, garder)
    return deguisement(code)


def _fonctions_collables(sources: dict[str, str], par_genre: int = 6) -> list[tuple[str, str]]:
    """``(source name, function)``: up to ``par_genre`` top-level functions of the public keys, and as many of
    the students' package, long enough to be evidence (twice ``longueur_min`` normalised tokens), one per
    source in turn, in a fixed order."""
    import ast

    genres: dict[str, list[list[tuple[str, str]]]] = {"corrigé public": [], "paquet des élèves": []}
    for nom, code in sorted(sources.items()):
        genre = next((g for g in genres if nom.startswith(g)), None)
        if genre is None:
            continue
        lignes = code.splitlines(keepends=True)
        fonctions = [(nom, "".join(lignes[n.lineno - 1:n.end_lineno])) for n in ast.parse(code).body
                     if isinstance(n, ast.FunctionDef) and not n.decorator_list]
        fonctions = [(n, f) for n, f in fonctions if deguisements.applicable(f)
                     and len(similarite.normaliser(f)[0]) >= 2 * similarite.Reglages().longueur_min]
        if fonctions:
            genres[genre].append(fonctions)
    choisies = []
    for par_source in genres.values():
        tour = [f for rang in range(max(map(len, par_source), default=0)) for fs in par_source if rang < len(fs)
                for f in [fs[rang]]]
        choisies += tour[:par_genre]
    return choisies


def depuis_les_sources(racine: Path, assignments: tuple[str, ...]) -> list[tuple[str, int, int, int, int]]:
    """Per disguise of the code: ``(name, pastes, flagged when pasted exactly, flagged among those, honest
    students flagged)``: functions of what students can read (the subject's public key, the students' package:
    :func:`_fonctions_collables`), each pasted, disguised, beside one answer of one honest student of the demo
    class (a different student for each function of an assignment); flagged when that student is listed « proche
    de » that source.  An honest student is one who pasted nothing."""
    demo = {a: similarite.reponses_rendues(racine, a) for a in assignments}
    gabarits = {a: similarite.gabarit_de_la_version_eleve(racine, a) for a in assignments}
    sources = {a: similarite.sources_du_devoir(racine, a) for a in assignments}
    garder = frozenset(n for a in assignments for n in similarite.VersionEleve.lire(racine, a).noms)
    collages = {}   # (assignment, student) -> (source, function, question)
    for a in assignments:
        eleves = {e: questions for e in sorted(demo[a]) if e not in demo_class.COPIEURS and e not in demo_class.COLLEURS
                  and (questions := [q for q, code in sorted(demo[a][e].items())
                                     if q != similarite.HORS_QUESTION and not isinstance(code, similarite.Texte)])}
        for (e, questions), (nom, fonction) in zip(eleves.items(), _fonctions_collables(sources[a])):
            collages[(a, e)] = (nom, fonction, questions[0])
    lignes, reference = [], None
    for nom, deguisement in {"copie exacte": None, **deguisements.DEGUISEMENTS_DU_CODE}.items():
        reponses: dict[tuple[str, str], dict[str, str]] = {}
        for a in assignments:
            for e, codes in demo[a].items():
                for q, code in codes.items():
                    reponses.setdefault((a, q), {})[e] = code
        for (a, e), (source, fonction, q) in collages.items():
            reponses[(a, q)][e] = reponses[(a, q)][e] + "\n\n" + _deguiser(fonction, deguisement, garder)
        analyse = similarite.comparer(reponses, gabarits, sources=sources)
        signales = {(p.a, p.b) for p in analyse.proches_signales()}
        trouves = {(a, e) for (a, e), (source, _, _) in collages.items() if (e, source) in signales}
        reference = trouves if reference is None else reference
        colleurs = {e for _, e in collages}
        honnetes = {e for e, _ in signales if e not in colleurs and e not in demo_class.COLLEURS}
        lignes.append((nom, len(collages), len(reference), len(trouves & reference), len(honnetes)))
        print(f"{nom:24s} collages signalés « proche de » leur source "
              f"{len(trouves & reference):3d}/{len(reference)} "
              f"({100 * len(trouves & reference) / max(len(reference), 1):5.1f} %; {len(trouves)} des "
              f"{len(collages)} collages), élèves honnêtes signalés {len(honnetes)}", flush=True)
    return lignes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignments", nargs="+", default=list(ASSIGNMENTS))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as dossier:
        racine = Path(dossier)
        for d in ("release", "source"):
            shutil.copytree(RACINE / d, racine / d)
        demo_class.ecrire_soumissions(racine, assignments=tuple(args.assignments))
        collages = depuis_les_sources(racine, tuple(args.assignments))
        fonctions = par_fonction(racine, tuple(args.assignments))
        lignes = mesurer(racine, tuple(args.assignments))
    print("\n| déguisement | paires signalées | questions signalées | paires honnêtes signalées |\n|---|---|---|---|")
    for nom, n, t, q, qt, h, _ in lignes:
        print(f"| {nom} | {t}/{n} ({100 * t / n:.0f} %) | {qt}/{q} ({100 * qt / max(q, 1):.0f} %) | {h} |")
    print("\n| déguisement du code | fonctions notées signalées (parmi celles que la copie exacte signale) "
          "| réponses honnêtes signalées |\n|---|---|---|")
    for nom, n, r, t, h in fonctions:
        print(f"| {nom} | {t}/{r} ({100 * t / max(r, 1):.0f} %) ; {n} fonctions notées | {h} |")
    print("\n| déguisement du code collé | collages signalés « proche de » leur source (parmi ceux que le collage "
          "exact signale) | élèves honnêtes signalés |\n|---|---|---|")
    for nom, n, r, t, h in collages:
        print(f"| {nom} | {t}/{r} ({100 * t / max(r, 1):.0f} %) ; {n} fonctions collées | {h} |")


if __name__ == "__main__":
    main()
