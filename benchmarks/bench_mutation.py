"""Mutation testing of the hidden tests: does each question's hidden test catch a wrong function?

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_mutation.py --sujet SUJET [--questions Q8 Q10]
[--rapport FICHIER]``, where ``SUJET`` is the subject's grading module (the module its test cells import
``corriger`` from: ``awale_ref.sujets.ccinp_2024``), the name of a subject folder under ``awale_ref.sujets``
(``attracteurs``), or an assignment of the course (``olympiades_images``).  Everything below is read from
the subject's ``Sujet`` (``awale_ref.grading.registre.catalogue``): its reference module, its specs, its Q21-like
question and its SQL questions, never from a module path written here.

Every function of the subject's reference module that a question grades is
mutated, one mutation at a time, and each mutant is graded by its question's
hidden test exactly as a student's function is: ``checks.verifier`` on the
question's hidden cases (``spec.cas()``), every other function being the
reference, the expected values the unmutated reference's.  A mutant is
*killed* when the hidden test does not give it every point (a rule family
fails, or it crashes).  A mutant still running after ``DELAI_S`` seconds of
CPU (the reference answers a whole corpus in well under a second) is counted apart as
``délai`` and killed: those seen are endless loops (a ``while`` whose
condition never turns false, a recursion that never reaches its base case),
which the real grader stops at ``juge.DELAI_QUESTION_S`` and fails; their
diffs are listed in the report so that a reader can check it.  The CCINP's
Q21 (``awale_ia``, the subject's ``PartieEntiere`` kind of question) is graded by its own judge
(that kind's ``verifier``).  The reference SQL queries (the subject's ``QuestionsSQL`` kind,
Q22–Q25 of the CCINP) are mutated too and graded on the
hidden opening library.

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
specs) or listed in the ``EQUIVALENTS`` of the subject's ``mutants.py`` (in its folder) with the reason it
cannot be told apart from the reference on any input the paper allows.
Its ``HORS_DE_PORTEE`` names the survivors that are not equivalent but that only
other data or another observation would show (they stay survivors in the figures; none today:
the last one, the prompt of the lycée awalé's Q14 naming the other player, is killed since the runner
observes what a function that reads the keyboard shows before each answer).  The
printed report (one file per subject in ``benchmarks/resultats/``:
``mutation.md`` for the CCINP, ``mutation_olympiades_images.md``,
``mutation_olympiades_awale.md``, ``mutation_attracteurs.md``) gives, per question, the mutants, the
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
import resource
import select
import signal
import sys
import time
import types
from dataclasses import dataclass, field
from typing import Any
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
if str(RACINE) not in sys.path:
    sys.path.insert(0, str(RACINE))

from awale_ref.grading.eleve import checks  # noqa: E402
from awale_ref.grading.registre.catalogue import Sujet, sujet_du_module  # noqa: E402
from awale_ref.grading.registre.types_question import PartieEntiere, QuestionsSQL  # noqa: E402
from awale_ref.sujets.ccinp_2024 import library  # noqa: E402

DELAI_S = 5
"""A mutant's budget, in seconds of CPU (not of the clock: a loaded machine must not turn an equivalent mutant into
a ``délai``)."""
ATTENTE_MAX_S = 12 * DELAI_S + 5
"""The parent's own deadline, in seconds of the clock, for a child that waits without computing (it never reaches
its CPU budget)."""
# Operators that need arguments (variable names) or only touch decorators: not used.
SANS_ARGUMENTS = ("VariableReplacer", "VariableInserter", "RemoveDecorator")

# ---------------------------------------------------------------- the subject
def sujet_nomme(nom: str) -> Sujet:
    """The subject named on the command line: its grading module (dotted), the name of its folder under
    ``awale_ref.sujets``, or one of its assignments."""
    import importlib.util

    module = nom if "." in nom else f"awale_ref.sujets.{nom}"
    try:
        trouve = importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        trouve = False
    if trouve:
        return sujet_du_module(module)
    if "." not in nom:
        from pipeline import build

        if nom in build.ASSIGNMENTS:
            return build.sujet_de(nom)
    raise ValueError(f"{nom!r} names no subject: give its grading module (e.g. awale_ref.sujets.ccinp_2024), the name of "
                     f"its folder under awale_ref.sujets, or one of its assignments")


def _tables(sujet: Sujet) -> types.ModuleType | None:
    """The subject's ``mutants.py`` (in its folder), which says what the benchmark must not count as a survivor;
    None when it has none."""
    import importlib
    import importlib.util

    nom = f"{sujet.module_correction}.mutants"
    return importlib.import_module(nom) if importlib.util.find_spec(nom) is not None else None


def _table(sujet: Sujet, nom: str) -> dict:
    return dict(getattr(_tables(sujet), nom, {}))


def raisons_non_notees(sujet: Sujet) -> dict[str, str]:
    """The subject's ``NON_NOTEES``: each function of its reference that no question grades, with the reason."""
    return _table(sujet, "NON_NOTEES")


def equivalents(sujet: Sujet) -> dict[tuple[str, str, str], str]:
    """The subject's ``EQUIVALENTS``: mutants no input the paper allows tells apart, with the reason."""
    return _table(sujet, "EQUIVALENTS")


def hors_de_portee(sujet: Sujet) -> dict[tuple[str, str, str], str]:
    """The subject's ``HORS_DE_PORTEE``: survivors only other data or another observation would show."""
    return _table(sujet, "HORS_DE_PORTEE")


def sans_mutant(sujet: Sujet) -> dict[str, str]:
    """The subject's ``SANS_MUTANT``: graded questions whose function no operator applies to, with the reason."""
    return _table(sujet, "SANS_MUTANT")


def tues_par_des_cas_ajoutes(sujet: Sujet) -> tuple[tuple[str, str, str], ...]:
    """The subject's ``TUES_PAR_DES_CAS_AJOUTES``: mutants that survived until hidden cases were added for them."""
    return tuple(getattr(_tables(sujet), "TUES_PAR_DES_CAS_AJOUTES", ()))


@dataclass
class Mutant:
    question: str
    cible: str          # the reference function, or the SQL question
    operateur: str
    occurrence: int
    original: str
    mute: str
    sujet: Sujet = field(repr=False, compare=False)

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
def _genre(sujet: Sujet, classe: type) -> Any:
    """The subject's kind of question of class ``classe`` (``awale_ref.grading.registre.types_question``), or None."""
    return next((g for g in sujet.types_de_question if isinstance(g, classe)), None)


def questions_sql(sujet: Sujet) -> tuple[str, ...]:
    """The subject's SQL questions (its ``QuestionsSQL`` kind's)."""
    genre = _genre(sujet, QuestionsSQL)
    return genre.questions if genre is not None else ()


def questions_des_fonctions(sujet: Sujet) -> dict[str, str]:
    """Reference function -> the question that grades it (its specs, and its Q21-like question)."""
    return {nom: q for q in sujet.questions if (nom := sujet.nom_note(q))}


def non_notees(sujet: Sujet) -> list[str]:
    """The public functions of the reference module that no question grades (each needs a reason in the
    subject's ``NON_NOTEES``)."""
    reference = sujet.reference()
    notees = questions_des_fonctions(sujet)
    return [nom for nom, valeur in vars(reference).items()
            if isinstance(valeur, types.FunctionType) and valeur.__module__ == reference.__name__
            and not nom.startswith("_") and nom not in notees]


def source_de(sujet: Sujet, nom: str) -> str:
    return inspect.getsource(getattr(sujet.reference(), nom))


# ---------------------------------------------------------------- Python mutants (cosmic-ray)
def operateurs() -> list[tuple[str, object]]:
    from cosmic_ray.plugins import get_operator, operator_names

    res = []
    for nom in operator_names():
        if any(s in nom for s in SANS_ARGUMENTS):
            continue
        res.append((nom.split("/", 1)[1], get_operator(nom)()))
    return res


def occurrences(source: str, ops: list[tuple[str, object]]) -> list[int]:
    """How many times each operator of ``ops`` applies to ``source``: the number of occurrences for which
    ``cosmic_ray.mutating.mutate_code`` returns a mutant, counted in one parse and one walk (the nodes in
    cosmic-ray's walking order, each operator's ``mutation_positions`` of each node, as its mutating visitor
    counts them before it mutates)."""
    from cosmic_ray.ast import ast_nodes, get_ast

    noeuds = list(ast_nodes(get_ast(source)))
    return [sum(1 for noeud in noeuds for _ in op.mutation_positions(noeud)) for _, op in ops]


def mutants_python(sujet: Sujet, noms: list[str]) -> list[Mutant]:
    """The mutants of the functions ``noms`` of the reference, function by function, operator by operator, occurrence
    by occurrence: each occurrence that :func:`occurrences` counts is mutated by ``mutate_code`` (one parse each, as
    cosmic-ray mutates its tree in place), an operator that does not apply costs no parse, and a mutation that only
    changes a docstring or a comment is dropped."""
    from cosmic_ray.mutating import mutate_code

    table = questions_des_fonctions(sujet)
    res = []
    ops = operateurs()
    for nom in noms:
        source = source_de(sujet, nom)
        code = _code(source)
        for (op_nom, op), n in zip(ops, occurrences(source, ops)):
            for occurrence in range(n):
                mute = mutate_code(source, op, occurrence)
                if code is not None and _code(mute) == code:  # a docstring or a comment changed: not a mutant
                    continue
                res.append(Mutant(table[nom], nom, op_nom, occurrence, source, mute, sujet))
    return res


def _code(texte: str) -> str | None:
    """The code of ``texte`` without its docstrings (its syntax tree, dumped); None when it does not parse."""
    try:
        arbre = ast.parse(texte)
    except SyntaxError:
        return None
    for noeud in ast.walk(arbre):  # drop docstrings
        if isinstance(noeud, (ast.FunctionDef, ast.Module)) and noeud.body and isinstance(
                noeud.body[0], ast.Expr) and isinstance(getattr(noeud.body[0], "value", None), ast.Constant):
            noeud.body = noeud.body[1:] or [ast.Pass()]
    return ast.dump(arbre)


def fonction_mutante(mutant: Mutant) -> types.FunctionType:
    """The mutated function, its globals a copy of the reference module (every other function the reference)."""
    espace = dict(vars(mutant.sujet.reference()))
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


def mutants_sql(sujet: Sujet, questions: list[str]) -> list[Mutant]:
    """The mutants of the reference queries (the subject's SQL module's ``REQUETES``, else the CCINP's
    ``library.REQUETES``: the queries its SQL module grades against)."""
    if not questions:  # a subject without SQL has no SQL module to read
        return []
    res = []
    requetes = getattr(_genre(sujet, QuestionsSQL).sql(), "REQUETES", library.REQUETES)
    for question in questions:
        requete = requetes[question]
        for op_nom, motif, remplacement in SQL_OPERATEURS:
            occurrence = 0
            while (mute := _remplacer(requete, motif, remplacement, occurrence)) is not None:
                if mute != requete:
                    res.append(Mutant(question, question, op_nom, occurrence, requete, mute, sujet))
                occurrence += 1
    return res


# ---------------------------------------------------------------- grading one mutant
def _juger(mutant: Mutant, attendus: dict) -> bool:
    """``True`` when the question's hidden test kills the mutant (not every point given)."""
    sujet = mutant.sujet
    genre = sujet.type_de(mutant.question)
    if isinstance(genre, QuestionsSQL):
        return not genre.sql().preparer(mutant.question)(mutant.mute).ok
    try:
        fonction = fonction_mutante(mutant)
    except Exception:
        return True  # does not even compile: a student's notebook would fail
    if isinstance(genre, PartieEntiere):
        return not genre.verifier(fonction, sujet.reference()).ok
    spec = sujet.specs[mutant.question]
    cas, obs = attendus[mutant.question]
    return checks.verifier(spec, fonction, cas, sujet.reference(), attendus=obs).part < 1


def borner_le_cpu() -> None:
    """This process may use ``DELAI_S`` seconds of CPU (at least 1), then the kernel ends it with ``SIGXCPU`` (no core
    file: ``SIGXCPU`` would write one)."""
    budget = max(DELAI_S, 1)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CPU, (budget, budget + 1))


def juger(mutant: Mutant, attendus: dict) -> str:
    """``tué``, ``survivant`` or ``délai`` (killed: the real grader fails a question that times out).

    In a forked child, in its own process group, so that a mutant that
    loops, recurses forever or corrupts the interpreter costs only itself.
    The child may use ``DELAI_S`` seconds of CPU (``RLIMIT_CPU``: the kernel
    ends it with ``SIGXCPU``, a long SQLite query included); the parent
    also waits at most ``ATTENTE_MAX_S`` of the clock for a child that waits
    without computing (anything the child starts would hold the pipe open):
    past either, the whole group is killed.
    """
    lecture, ecriture = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.setpgid(0, 0)
        os.close(lecture)
        try:
            borner_le_cpu()
            with contextlib.redirect_stdout(io.StringIO()):
                resultat = "tué" if _juger(mutant, attendus) else "survivant"
        except BaseException:
            resultat = "tué"
        os.write(ecriture, resultat.encode())
        os._exit(0)
    os.close(ecriture)
    resultat = b""
    limite = time.monotonic() + ATTENTE_MAX_S
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


def attendus_de(sujet: Sujet, questions: list[str]) -> dict:
    """The hidden cases and the reference's observations of each question, computed once."""
    res = {}
    reference = sujet.reference()
    with contextlib.redirect_stdout(io.StringIO()):
        if any(q in questions_sql(sujet) for q in questions):
            _genre(sujet, QuestionsSQL).sql().base_cachee()  # the hidden database built here, once, never inside a mutant's child
        for q in questions:
            if q in sujet.specs:
                spec = sujet.specs[q]
                cas = spec.cas()
                res[q] = (cas, [spec.attendu(c, reference) for c in cas])
    return res


# ---------------------------------------------------------------- the run
def _rang(sujet: Sujet, question: str) -> int:
    return sujet.questions.index(question)


def tous_les_mutants(sujet: Sujet, questions: list[str] | None = None) -> list[Mutant]:
    table = questions_des_fonctions(sujet)
    noms = [n for n, q in table.items() if questions is None or q in questions]
    noms.sort(key=lambda n: _rang(sujet, table[n]))
    sql_q = [q for q in questions_sql(sujet) if questions is None or q in questions]
    return mutants_python(sujet, noms) + mutants_sql(sujet, sql_q)


def verdict(mutant: Mutant, attendus: dict) -> str:
    """``équivalent`` for a mutant listed in ``EQUIVALENTS``, else its grading (:func:`juger`)."""
    return "équivalent" if mutant.cle() in equivalents(mutant.sujet) else juger(mutant, attendus)


def executer(sujet: Sujet, questions: list[str] | None = None
             ) -> tuple[list[tuple[Mutant, str]], dict[str, float]]:
    """Grade every mutant; return the verdicts and the time spent per question (seconds)."""
    mutants = tous_les_mutants(sujet, questions)
    attendus = attendus_de(sujet, sorted({m.question for m in mutants}))
    res, durees = [], {}
    for n, m in enumerate(mutants, 1):
        if n % 50 == 0:
            print(f"{n}/{len(mutants)} mutants", file=sys.stderr, flush=True)
        debut = time.perf_counter()
        res.append((m, verdict(m, attendus)))
        durees[m.question] = durees.get(m.question, 0.0) + time.perf_counter() - debut
    return res, durees


def rapport(sujet: Sujet, resultats: list[tuple[Mutant, str]], durees: dict[str, float],
            questions: list[str] | None = None) -> str:
    lignes = ["| question | fonction | mutants | tués | dont délai | équivalents | survivants | "
              "taux (hors équivalents) | durée |",
              "|---|---|---|---|---|---|---|---|---|"]
    par_q: dict[str, list[tuple[Mutant, str]]] = {}
    for m, r in resultats:
        par_q.setdefault(m.question, []).append((m, r))
    total = {"n": 0, "tues": 0, "eq": 0}
    for q in sorted(par_q, key=lambda q: _rang(sujet, q)):
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
    table = questions_des_fonctions(sujet)
    sans = ", ".join(f"{q} `{nom}`" for nom, q in table.items()
                     if q not in par_q and (questions is None or q in questions)) or "aucune"
    raisons = raisons_non_notees(sujet)
    autres = "; ".join(f"`{n}` ({raisons.get(n, 'à examiner')})" for n in non_notees(sujet)) or "aucune"
    lignes += ["", f"Durée : {sum(durees.values()):.0f} s (un processus, délai de {DELAI_S} s de CPU par mutant).", "",
               f"Fonctions notées sans mutant (aucun opérateur ne s'applique à leur code) : {sans}.", "",
               f"Fonctions de la référence non notées par une question : {autres}."]
    for titre, etat, explication in (
            ("Survivants", "survivant", "Not one point lost on the hidden corpus: a missing case, or an equivalent "
                                        "mutant not yet listed."),
            ("Équivalents", "équivalent", "Listed in `EQUIVALENTS` with the reason no allowed input tells them apart."),
            ("Délais", "délai", f"Still running after {DELAI_S} s of CPU: endless loops, killed by the grader's time limit.")):
        liste = [m for m, r in resultats if r == etat]
        lignes += ["", f"## {titre} ({len(liste)})", "", explication, ""]
        for m in liste:
            raison = f" — {equivalents(sujet).get(m.cle()) or hors_de_portee(sujet).get(m.cle()) or 'à examiner'}" \
                if etat in ("équivalent", "survivant") else ""
            lignes += [f"### {m.question} `{m.cible}` — {m.operateur} #{m.occurrence}{raison}", "", "```diff",
                       m.diff().rstrip(), "```", ""]
    return "\n".join(lignes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sujet", required=True,
                        help="the subject: its grading module (e.g. awale_ref.sujets.olympiades_2025_images), "
                             "its folder's name under awale_ref.sujets, or one of its assignments")
    parser.add_argument("--questions", nargs="*", help="only these questions (e.g. Q8 Q25)")
    parser.add_argument("--rapport", type=Path, help="also write the report (Markdown) here")
    args = parser.parse_args()
    try:
        sujet = sujet_nomme(args.sujet)
    except ValueError as exc:
        parser.error(str(exc))
    inconnues = set(args.questions or ()) - set(questions_des_fonctions(sujet).values()) - set(questions_sql(sujet))
    if inconnues:
        parser.error(f"no mutated question {sorted(inconnues)} in {sujet.nom}")
    resultats, durees = executer(sujet, args.questions)
    texte = rapport(sujet, resultats, durees, args.questions)
    print(texte)
    if args.rapport:
        args.rapport.parent.mkdir(parents=True, exist_ok=True)
        questions = " --questions " + " ".join(args.questions) if args.questions else ""
        args.rapport.write_text(f"# Mutation testing of the hidden tests — {sujet.nom}\n\nCommand: `nice -n 10 "
                                f".venv/bin/python benchmarks/bench_mutation.py --sujet {args.sujet}{questions}"
                                f" --rapport {args.rapport}`\n\n{texte}\n", encoding="utf-8")


if __name__ == "__main__":
    main()
