"""Mutation testing of the Othello subject's hidden tests (issue 25): does each question catch a wrong function?

Run: ``.venv/bin/python benchmarks/bench_mutation_othello.py [--questions Q9 Q17] [--rapport FICHIER]``.

The same mutants as ``bench_mutation.py`` (cosmic-ray's operators, one occurrence at a time, on each graded
function of :mod:`awale_ref.sujets.othello_epita_2024.othello`), judged the same way: the question's hidden
cases, every other function the reference, the expected observations the unmutated reference's, through
``checks.verifier`` (rule families, acceptances, constraints read in the source).  A mutant is *killed*
when it loses a point; a mutant still running after ``DELAI_S`` is an endless loop, counted apart
(``délai``) and killed.  ``EQUIVALENTS`` lists, with the reason, the survivors that no input the subject
allows can tell apart from the reference.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
import types
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(RACINE), str(RACINE / "benchmarks")]

import bench_mutation as banc  # noqa: E402

from awale_ref.grading import checks, contraintes  # noqa: E402
from awale_ref.sujets.othello_epita_2024 import SUJET, othello  # noqa: E402

DELAI_S = 20

_BORNES = "the loop stays inside the board: the bound is reached only where the value test already stops it"
EQUIVALENTS: dict[tuple[str, str, str], str] = {
    # (function, operator, mutated line without spaces): why no allowed input tells it apart
}


def questions_des_fonctions() -> dict[str, str]:
    return {spec.nom: q for q, spec in SUJET.specs.items()}


def tous_les_mutants(questions: list[str] | None = None) -> list[banc.Mutant]:
    table = questions_des_fonctions()
    noms = [nom for nom, question in table.items() if not questions or question in questions]
    return banc.mutants_python(noms, table, lambda nom: banc.inspect.getsource(getattr(othello, nom)))


def fonction_mutante(mutant: banc.Mutant) -> types.FunctionType:
    espace = dict(vars(othello))
    espace["__name__"] = "__main__"
    exec(compile(mutant.mute, f"<mutant {mutant.cible}>", "exec"), espace)
    return espace[mutant.cible]


class _Delai(Exception):
    pass


def _sonner(*_):
    raise _Delai()


def attendus_de(questions: list[str]) -> dict:
    reference = SUJET.reference()
    res = {}
    for q in questions:
        spec = SUJET.specs[q]
        cas = spec.cas()
        res[q] = (cas, [checks.attendu_de(spec, c, reference) for c in cas])
    return res


def juger(mutant: banc.Mutant, attendus: dict) -> str:
    """``tué``, ``délai`` or ``survivant`` (``équivalent`` when listed in :data:`EQUIVALENTS`)."""
    spec = SUJET.specs[mutant.question]
    cas, obs = attendus[mutant.question]
    try:
        fonction = fonction_mutante(mutant)
    except Exception:
        return "tué"
    ancien = signal.signal(signal.SIGALRM, _sonner)
    signal.alarm(DELAI_S)
    try:
        resultat = checks.verifier(spec, fonction, cas, SUJET.reference(), attendus=obs,
                                   cellules=[contraintes.Cellule("mutant", mutant.mute)])
        tue = resultat.part < 1
    except _Delai:
        return "délai"
    except RecursionError:
        tue = True
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, ancien)
    if tue:
        return "tué"
    return "équivalent" if mutant.cle() in EQUIVALENTS else "survivant"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", nargs="*")
    parser.add_argument("--rapport", type=Path)
    args = parser.parse_args()
    mutants = tous_les_mutants(args.questions)
    questions = sorted({m.question for m in mutants}, key=lambda q: int(q[1:]))
    attendus = attendus_de(questions)
    debut = time.monotonic()
    resultats = [(m, juger(m, attendus)) for m in mutants]
    lignes = ["| question | mutants | tués | délai | équivalents | survivants | taux (non équivalents) |",
              "|---|---|---|---|---|---|---|"]
    for q in questions:
        r = [v for m, v in resultats if m.question == q]
        non_eq = len(r) - r.count("équivalent")
        tues = r.count("tué") + r.count("délai")
        lignes.append(f"| {q} | {len(r)} | {r.count('tué')} | {r.count('délai')} | {r.count('équivalent')} | "
                      f"{r.count('survivant')} | {tues / non_eq:.0%} |" if non_eq else f"| {q} | {len(r)} | | | | | |")
    total = [v for _, v in resultats]
    non_eq = len(total) - total.count("équivalent")
    lignes.append(f"\n{len(total)} mutants, {total.count('tué') + total.count('délai')} tués "
                  f"({total.count('délai')} par le délai), {total.count('équivalent')} équivalents, "
                  f"{total.count('survivant')} survivants : "
                  f"{(total.count('tué') + total.count('délai')) / non_eq:.1%} des non équivalents tués "
                  f"en {time.monotonic() - debut:.0f} s.\n")
    for m, v in resultats:
        if v == "survivant":
            lignes.append(f"### survivant {m.cle()}\n```diff\n{m.diff()}```\n")
    for m, v in resultats:
        if v == "équivalent":
            lignes.append(f"- équivalent {m.cle()} : {EQUIVALENTS[m.cle()]}")
    texte = "\n".join(lignes)
    print(texte)
    if args.rapport:
        args.rapport.write_text(texte + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
