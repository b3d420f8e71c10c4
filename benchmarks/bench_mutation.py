"""Mutation testing of the hidden tests: does each question's hidden test catch a wrong function?

Run: ``.venv/bin/python benchmarks/bench_mutation.py [--questions Q8 Q10] [--rapport FICHIER]``.

Every function of ``awale_ref.exam`` that a question grades is mutated, one
mutation at a time, and each mutant is graded by its question's hidden test
exactly as a student's function is: ``checks.verifier`` on the question's
hidden cases (``specs.cas_caches``), every other exam function being the
reference, the expected values the unmutated reference's.  A mutant is
*killed* when the hidden test does not give it every point (a rule family
fails, or it crashes).  A mutant still running after ``DELAI_S`` (the
reference answers a whole corpus in well under a second) is counted apart as
``délai`` and killed: those seen are endless loops (a ``while`` whose
condition never turns false, a recursion that never reaches its base case),
which the real grader stops at ``juge.DELAI_QUESTION_S`` and fails; their
diffs are listed in the report so that a reader can check it.  Q21 (``awale_ia``) is graded by its own judge
(``answers.verifier_q21``).  The reference SQL queries (Q22–Q25) are mutated
too and graded on the hidden opening library.

Why cosmic-ray: its operators (binary, comparison, unary and boolean
operator replacement, number replacement, ``break``/``continue`` swap,
keyword replacement, zero-iteration loops, exception replacement) are
applied one occurrence at a time on a source string
(``cosmic_ray.mutating.mutate_code``), so each function is mutated on its
own and graded by our own judge, in-process and fast; mutmut 3 instead
rewrites whole modules with trampolines and drives pytest.  No maintained
Python library mutates SQL: the SQL operators below are written by hand
(sort order, a dropped clause, a changed comparison, a changed constant,
``COUNT``/``SUM``, ``DISTINCT``), and say so.

A surviving mutant is either killed by more hidden cases (added to the
specs) or listed in ``EQUIVALENTS`` with the reason it cannot be told apart
from the reference on any input the exam allows.  ``HORS_DE_PORTEE`` names
the survivors that are not equivalent but that only other data would show
(they stay survivors in the figures; none today).  The printed report (and
``benchmarks/resultats/mutation.md``) gives, per question, the mutants, the
killed, the equivalent, the survivors and the kill rate over the
non-equivalent mutants, then each survivor's diff.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import inspect
import io
import json
import os
import re
import select
import signal
import sys
import time
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

RACINE = Path(__file__).resolve().parent.parent
if str(RACINE) not in sys.path:
    sys.path.insert(0, str(RACINE))

from awale_ref import exam, library  # noqa: E402
from awale_ref.grading import answers, checks, specs  # noqa: E402

DELAI_S = 5
# Operators that need arguments (variable names) or only touch decorators: not used.
SANS_ARGUMENTS = ("VariableReplacer", "VariableInserter", "RemoveDecorator")
NON_NOTEES = {  # exam functions no question grades, with the reason
    "initialisation": "given by the exam (Part II's notebooks supply it, read-only)",
    "affiche": "given by the exam (prints the board; no question grades a drawing)",
    "awale_jcj": "given by the exam (the human game loop, reads input())",
}

# Mutants that no input the exam allows can tell apart from the reference, keyed by
# (function or question, operator, mutated line without spaces): each with its reason.  "Small ints" are
# the integers -5..256, which CPython creates once: `is` and `==` agree on them.
_IS_ENTIERS = "CPython keeps one object per small int (-5..256): `is`/`is not` agree with ==/!= on these values"
_SEMIS_NATURELS = "a count of seeds is never negative, so > 0 and != 0 agree"
_NOMS = ("gagnant returns the very object jeu['joueur1'] or jeu['joueur2'] (or the literal \"égalité\"), and "
         "the two names differ: `is` agrees with ==")
EQUIVALENTS: dict[tuple[str, str, str], str] = {
    ("tour_joueur1", "ReplaceComparisonOperator_Eq_LtE", "returnjeu['n']%2<=0"):
        "n % 2 is 0 or 1 for every int n (Python's % takes the sign of the divisor): <= 0 is == 0",
    ("tourner_plateau", "NumberReplacer", "plateau[0:13]=plateau[6:12]+plateau[0:6]"):
        "the board has 12 pits: the slice [0:13] is the slice [0:12]",
    ("tourner_plateau", "NumberReplacer", "plateau[0:12]=plateau[6:13]+plateau[0:6]"):
        "the board has 12 pits: the slice [6:13] is the slice [6:12]",
    ("deplacer_graines", "ReplaceComparisonOperator_NotEq_IsNot", "ifindiceisnotcase:"):
        "pits are 0..11: " + _IS_ENTIERS,
    ("deplacer_graines", "ReplaceComparisonOperator_Gt_NotEq", "whilegraines!=0:"):
        "the seeds to sow start at plateau[case] >= 0 and go down by one: " + _SEMIS_NATURELS,
    ("case_ramassable", "NumberReplacer", "return6<=case<=12and(plateau[case]==2orplateau[case]==3)"):
        "the exam calls case_ramassable on a pit 0..11 (ramasser_graines walks down from the last pit sown); "
        "only pit 12, outside the board, tells them apart",
    ("test_famine", "ReplaceBinaryOperator_Add_BitOr", "total_adversaire=total_adversaire|essai[indice]"):
        "the total is only compared with 0, and an OR of counts >= 0 is 0 exactly when their sum is 0",
    ("test_famine", "ReplaceComparisonOperator_Gt_NotEq", "returntotal_adversaire!=0"): _SEMIS_NATURELS,
    ("test_case", "ReplaceComparisonOperator_Gt_NotEq", "test=0<=case<=5andplateau[case]!=0andcondition3"):
        _SEMIS_NATURELS,
    ("cases_possibles", "NumberReplacer", "forcaseinrange(7):"):
        "pit 6 is never playable: test_case (the reference, as in grading) refuses any case > 5",
    ("tour_suivant", "ReplaceComparisonOperator_Gt_NotEq", "returnlen(cases_possibles(jeu))!=0"):
        "a length is never negative: > 0 and != 0 agree",
    ("gagnant", "ReplaceBinaryOperator_Add_Sub", "camp_adverse=camp_adverse+jeu['plateau'][indice-6]"):
        "for indice 0..5 the index indice - 6 (-6..-1) reads the same pit of the 12-pit list as indice + 6",
    ("gagnant", "ReplaceBinaryOperator_Add_Sub", "jeu['plateau'][indice-6]=0"):
        "for indice 0..5 the index indice - 6 (-6..-1) empties the same pit of the 12-pit list as indice + 6",
    ("gagnant", "ReplaceComparisonOperator_Gt_NotEq", "ifjeu['score'][1]!=jeu['score'][0]:"):
        "reached only when score[0] > score[1] is false, where != and > agree",
    ("gagnant", "ReplaceComparisonOperator_Gt_IsNot", "ifjeu['score'][1]isnotjeu['score'][0]:"):
        "scores are 0..48 and this test is reached only when score[0] <= score[1]: " + _IS_ENTIERS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_GtE", "elifprofondeur>=profondeur_max:#Condition2"):
        "profondeur never exceeds profondeur_max: the exam starts at 0 and the recursion stops at equality",
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "if(tour_joueur1(jeu)andgagnant(jeu)isjeu['joueur1'])or\\"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "(not(tour_joueur1(jeu))andgagnant(jeu)isjeu['joueur2']):"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "elif(tour_joueur1(jeu)andgagnant(jeu)isjeu['joueur2'])or\\"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "(not(tour_joueur1(jeu))andgagnant(jeu)isjeu['joueur1']):"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "elifprofondeurisprofondeur_max:#Condition2"):
        "depths are small: " + _IS_ENTIERS,
    ("max_vals", "ReplaceComparisonOperator_Eq_LtE", "ifprofondeur<=0:"):
        "a depth is never negative (NegaAwale passes 0, 1, 2, ...)",
    ("Q22", "DISTINCT ajouté", "SELECTDISTINCTid_JoueurFROMJoueurWHEREniveau>1900"):
        "id_Joueur is the primary key: its values are already distinct",
    ("Q23", "DISTINCT ajouté",
     "SELECTDISTINCT100.0*COUNT(*)/(SELECTCOUNT(*)FROMPartieWHEREjeuLIKE'a%')FROMPartieWHEREjeuLIKE'a%'ANDresultat=1"):
        "an aggregate without GROUP BY returns one row: DISTINCT changes nothing",
}

# Survivors that are NOT equivalent but that the hidden library cannot show: they stay survivors in the
# figures, with the data that would kill them.
HORS_DE_PORTEE: dict[tuple[str, str, str], str] = {
    # Empty since the libraries have namesakes (awale_ref.library._homonymes): the `SELECT DISTINCT`
    # mutants of Q24 and Q25 survived before.
}


@dataclass
class Mutant:
    question: str
    cible: str          # the exam function, or the SQL question
    operateur: str
    occurrence: int
    original: str
    mute: str

    def ligne(self) -> str:
        """The first line that differs, without spaces (stable across runs and reformatting)."""
        for avant, apres in zip(self.original.splitlines(), self.mute.splitlines()):
            if avant != apres:
                return re.sub(r"\s+", "", apres)
        return re.sub(r"\s+", "", self.mute)[:120]

    def cle(self) -> tuple[str, str, str]:
        return (self.cible, self.operateur, self.ligne())

    def diff(self) -> str:
        return "".join(difflib.unified_diff(self.original.splitlines(True), self.mute.splitlines(True),
                                            f"{self.cible} (référence)", f"{self.cible} (mutant)", n=1))


# ---------------------------------------------------------------- what is graded by which question
def questions_des_fonctions() -> dict[str, str]:
    """Exam function -> the question that grades it (from the specs, plus Q21's awale_ia)."""
    table = {spec.nom: q for q, spec in specs.SPECS.items()}
    table["awale_ia"] = "Q21"
    return table


def source_de(nom: str) -> str:
    return inspect.getsource(getattr(exam, nom))


# ---------------------------------------------------------------- Python mutants (cosmic-ray)
def operateurs() -> list[tuple[str, object]]:
    from cosmic_ray.plugins import get_operator, operator_names

    res = []
    for nom in operator_names():
        if any(s in nom for s in SANS_ARGUMENTS):
            continue
        res.append((nom.split("/", 1)[1], get_operator(nom)()))
    return res


def mutants_python(noms: list[str], table: dict[str, str] | None = None,
                   source: Callable[[str], str] | None = None) -> list[Mutant]:
    """Every mutant of the functions ``noms`` (``table``: function -> question, ``source``: its source; by
    default the CCINP's)."""
    from cosmic_ray.mutating import mutate_code

    table = table or questions_des_fonctions()
    source_de_ = source or source_de
    res = []
    ops = operateurs()
    for nom in noms:
        source = source_de_(nom)
        for op_nom, op in ops:
            occurrence = 0
            while True:
                mute = mutate_code(source, op, occurrence)
                if mute is None:
                    break
                if _sans_effet(source, mute):  # a docstring or a comment changed: not a mutant
                    occurrence += 1
                    continue
                res.append(Mutant(table[nom], nom, op_nom, occurrence, source, mute))
                occurrence += 1
    return res


def _sans_effet(source: str, mute: str) -> bool:
    def code(texte: str) -> str:
        arbre = ast.parse(texte)
        for noeud in ast.walk(arbre):  # drop docstrings
            if isinstance(noeud, (ast.FunctionDef, ast.Module)) and noeud.body and isinstance(
                    noeud.body[0], ast.Expr) and isinstance(getattr(noeud.body[0], "value", None), ast.Constant):
                noeud.body = noeud.body[1:] or [ast.Pass()]
        return ast.dump(arbre)

    try:
        return code(source) == code(mute)
    except SyntaxError:
        return False


def fonction_mutante(mutant: Mutant) -> types.FunctionType:
    """The mutated function, its globals a copy of the exam module (every other function the reference)."""
    espace = dict(vars(exam))
    espace["__name__"] = "__main__"
    exec(compile(mutant.mute, f"<mutant {mutant.cible}>", "exec"), espace)
    return espace[mutant.cible]


# ---------------------------------------------------------------- SQL mutants (hand-written operators)
def _plus(delta: int):
    return lambda m: m.group(0).replace(m.group(1), str(int(m.group(1)) + delta))


SQL_OPERATEURS: list[tuple[str, str, object]] = [
    # name, regex, replacement (a string, or a function of the match); each occurrence mutated on its own
    ("DESC→ASC", r"\bDESC\b", "ASC"),
    ("ordre supprimé", r"\s+ORDER BY \w+(\s+(ASC|DESC))?", ""),
    ("LIMIT n+1", r"\bLIMIT (\d+)", _plus(1)),
    ("LIMIT n-1", r"\bLIMIT (\d+)", _plus(-1)),
    (">→>=", r"(?<![<>=!])>(?!=)", ">="),
    (">→<", r"(?<![<>=!])>(?!=)", "<"),
    ("=→<>", r"(?<![<>=!])=(?!=)", "<>"),
    ("constante +1", r"(?<![\w.'%])(\d+)(?![\w.'%])", _plus(1)),
    ("constante -1", r"(?<![\w.'%])(\d+)(?![\w.'%])", _plus(-1)),
    ("COUNT(*)→COUNT(*)+1", r"COUNT\(\*\)", "(COUNT(*)+1)"),
    ("DISTINCT ajouté", r"^SELECT ", "SELECT DISTINCT "),
    ("AND→OR", r"\bAND\b", "OR"),
    ("HAVING supprimé", r"\s+HAVING .*?(?=\s+ORDER|$)", ""),
    ("WHERE supprimé", r"\s+WHERE .*?(?=\s+GROUP|\s+ORDER|\)|$)", ""),
    ("LIKE 'a%'→'%a%'", r"LIKE 'a%'", "LIKE '%a%'"),
    ("jointure sur joueur2", r"id_joueur1", "id_joueur2"),
]


def _remplacer(requete: str, motif: str, remplacement: object, occurrence: int) -> str | None:
    trouves = list(re.finditer(motif, requete))
    if occurrence >= len(trouves):
        return None
    m = trouves[occurrence]
    texte = remplacement(m) if callable(remplacement) else remplacement
    return requete[:m.start()] + texte + requete[m.end():]


def mutants_sql(questions: list[str]) -> list[Mutant]:
    res = []
    for question in questions:
        requete = library.REQUETES[question]
        for op_nom, motif, remplacement in SQL_OPERATEURS:
            occurrence = 0
            while (mute := _remplacer(requete, motif, remplacement, occurrence)) is not None:
                if mute != requete:
                    res.append(Mutant(question, question, op_nom, occurrence, requete, mute))
                occurrence += 1
    return res


# ---------------------------------------------------------------- grading one mutant
def _juger(mutant: Mutant, attendus: dict) -> bool:
    """``True`` when the question's hidden test kills the mutant (not every point given)."""
    if mutant.question in ("Q22", "Q23", "Q24", "Q25"):
        from awale_ref.grading import sql

        return not sql.preparer(mutant.question)(mutant.mute).ok
    try:
        fonction = fonction_mutante(mutant)
    except Exception:
        return True  # does not even compile: a student's notebook would fail
    if mutant.question == "Q21":
        return not answers.verifier_q21(fonction, exam).ok
    spec = specs.SPECS[mutant.question]
    cas, obs = attendus[mutant.question]
    return checks.verifier(spec, fonction, cas, exam, attendus=obs).part < 1


def juger(mutant: Mutant, attendus: dict) -> str:
    """``tué``, ``survivant`` or ``délai`` (killed: the real grader fails a question that times out).

    In a forked child, in its own process group, so that a mutant that
    loops, recurses forever or corrupts the interpreter costs only itself.
    The deadline is kept by the parent (an alarm in the child cannot stop a
    long SQLite query, and anything the child starts would hold the pipe
    open): past it, the whole group is killed.
    """
    lecture, ecriture = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.setpgid(0, 0)
        os.close(lecture)
        try:
            signal.alarm(DELAI_S)
            with contextlib.redirect_stdout(io.StringIO()):
                resultat = "tué" if _juger(mutant, attendus) else "survivant"
        except BaseException:
            resultat = "tué"
        os.write(ecriture, resultat.encode())
        os._exit(0)
    os.close(ecriture)
    resultat = b""
    limite = time.monotonic() + DELAI_S + 5
    try:
        while (reste := limite - time.monotonic()) > 0:
            if not select.select([lecture], [], [], reste)[0]:
                break
            morceau = os.read(lecture, 64)
            if not morceau:
                break
            resultat += morceau
    finally:
        os.close(lecture)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    return resultat.decode() or "délai"


def attendus_de(questions: list[str]) -> dict:
    """The hidden cases and the reference's observations of each question, computed once."""
    res = {}
    with contextlib.redirect_stdout(io.StringIO()):
        if any(q in ("Q22", "Q23", "Q24", "Q25") for q in questions):
            from awale_ref.grading import sql

            sql.preparer_bibliotheques()  # built here, once, never inside a mutant's child
        for q in questions:
            if q in specs.SPECS:
                spec = specs.SPECS[q]
                cas = spec.cas()
                res[q] = (cas, [checks.attendu_de(spec, c, exam) for c in cas])
    return res


# ---------------------------------------------------------------- the run
def tous_les_mutants(questions: list[str] | None = None) -> list[Mutant]:
    table = questions_des_fonctions()
    noms = [n for n, q in table.items() if questions is None or q in questions]
    noms.sort(key=lambda n: int(table[n][1:]))
    sql_q = [q for q in ("Q22", "Q23", "Q24", "Q25") if questions is None or q in questions]
    return mutants_python(noms) + mutants_sql(sql_q)


def executer(questions: list[str] | None = None) -> tuple[list[tuple[Mutant, str]], dict[str, float]]:
    """Grade every mutant; return the verdicts and the time spent per question (seconds)."""
    mutants = tous_les_mutants(questions)
    attendus = attendus_de(sorted({m.question for m in mutants}))
    res, durees = [], {}
    for m in mutants:
        debut = time.perf_counter()
        res.append((m, "équivalent" if m.cle() in EQUIVALENTS else juger(m, attendus)))
        durees[m.question] = durees.get(m.question, 0.0) + time.perf_counter() - debut
    return res, durees


def rapport(resultats: list[tuple[Mutant, str]], durees: dict[str, float]) -> str:
    lignes = ["| question | fonction | mutants | tués | dont délai | équivalents | survivants | "
              "taux (hors équivalents) | durée |",
              "|---|---|---|---|---|---|---|---|---|"]
    par_q: dict[str, list[tuple[Mutant, str]]] = {}
    for m, r in resultats:
        par_q.setdefault(m.question, []).append((m, r))
    total = {"n": 0, "tues": 0, "eq": 0}
    for q in sorted(par_q, key=lambda q: int(q[1:])):
        liste = par_q[q]
        tues = sum(1 for _, r in liste if r in ("tué", "délai"))
        eq = sum(1 for _, r in liste if r == "équivalent")
        surv = len(liste) - tues - eq
        taux = tues / (len(liste) - eq) if len(liste) > eq else 1.0
        delais = sum(1 for _, r in liste if r == "délai")
        lignes.append(f"| {q} | {liste[0][0].cible} | {len(liste)} | {tues} | {delais} | {eq} | {surv} | {taux:.1%} "
                      f"| {durees.get(q, 0):.0f} s |")
        total["n"] += len(liste)
        total["tues"] += tues
        total["eq"] += eq
    taux = total["tues"] / (total["n"] - total["eq"]) if total["n"] > total["eq"] else 1.0
    delais = sum(1 for _, r in resultats if r == "délai")
    lignes.append(f"| **total** | | {total['n']} | {total['tues']} | {delais} | {total['eq']} | "
                  f"{total['n'] - total['tues'] - total['eq']} | **{taux:.1%}** | {sum(durees.values()):.0f} s |")
    lignes += ["", f"Durée : {sum(durees.values()):.0f} s (un processus, délai de {DELAI_S} s par mutant).", "",
               "Non notées par une question : " + "; ".join(f"`{k}` ({v})" for k, v in NON_NOTEES.items()) + "."]
    for titre, etat, explication in (
            ("Survivants", "survivant", "Not one point lost on the hidden corpus: a missing case, or an equivalent "
                                        "mutant not yet listed."),
            ("Équivalents", "équivalent", "Listed in `EQUIVALENTS` with the reason no allowed input tells them apart."),
            ("Délais", "délai", f"Still running after {DELAI_S} s: endless loops, killed by the grader's time limit.")):
        liste = [m for m, r in resultats if r == etat]
        lignes += ["", f"## {titre} ({len(liste)})", "", explication, ""]
        for m in liste:
            raison = f" — {EQUIVALENTS.get(m.cle()) or HORS_DE_PORTEE.get(m.cle()) or 'à examiner'}" \
                if etat in ("équivalent", "survivant") else ""
            lignes += [f"### {m.question} `{m.cible}` — {m.operateur} #{m.occurrence}{raison}", "", "```diff",
                       m.diff().rstrip(), "```", ""]
    return "\n".join(lignes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", nargs="*", help="only these questions (e.g. Q8 Q25)")
    parser.add_argument("--rapport", type=Path, help="also write the report (Markdown) here")
    args = parser.parse_args()
    resultats, durees = executer(args.questions)
    texte = rapport(resultats, durees)
    print(texte)
    if args.rapport:
        args.rapport.parent.mkdir(parents=True, exist_ok=True)
        args.rapport.write_text(f"# Mutation testing of the hidden tests\n\nCommand: `.venv/bin/python "
                                f"benchmarks/bench_mutation.py{' --questions ' + ' '.join(args.questions) if args.questions else ''}"
                                f" --rapport {args.rapport}`\n\n{texte}\n", encoding="utf-8")


if __name__ == "__main__":
    main()
