"""The verdict's path is a pipeline: each step in one module, entered once, in order.

The judge's path (``juge._une_question``, grading a submitted notebook): parse (``contraintes``), plan
(``plan``), run (``lancement``), judge by rule family (``familles``), shrink (``retrecissement``), render
(``rendu``); and the back half as ``checks.conclure`` composes it in one process (the visible tests, the
self-study checks, the clean room).  Measured by a profile of one failing question, graded in-process:
the calls that enter another file of ``awale_ref/grading`` as a call tree (the same callee from the same
node merged, so a loop counts once), the leaf modules (words, records, messages, specs, the codec) left
out.  Shrinking is the one deliberate loop: it calls back what it was handed (running and judging a
candidate), never a module it imports.
"""

from __future__ import annotations

import ast
import contextlib
import io
import sys
from pathlib import Path

from awale_ref.grading.eleve import checks

GRADING = Path(checks.__file__).resolve().parents[1]
FEUILLES = {"messages", "specs", "encodage", "observations", "requetes", "syntaxe", "textes", "resultat",
            "presentations", "reponses_structurees"}
ETAPES = ("familles", "retrecissement", "rendu")
DECLARATIONS = {"catalogue", "types_question", "reponses_structurees", "variantes"}
"""What the judge's steps read or call, never a step: the subject and its kinds of question (a kind's hook runs
inside the step that calls it: ``planifier`` in the plan step, ``juger_reponse`` in the judge step), the table
of structured answers, the author's own data (``variantes``: the hidden database a query is compared on)."""
ETAPES_DU_JUGE = ("contraintes", "plan", "lancement") + ETAPES
OUTILS_DU_LANCEMENT = {"bac_a_sable"}
"""What the run step (``lancement``) calls to make its processes' private folders and sandboxes: part of that step."""

_FAUTIVE = '''
def deplacer_graines(plateau, case):
    n, plateau[case], i = plateau[case], 0, case
    while n:
        i = (i + 1) % len(plateau)
        plateau[i] += 1
        n -= 1
    return i
'''


class _Noeud:
    def __init__(self, module: str) -> None:
        self.module, self.enfants = module, {}


def _arbre(appel, module: str, fonction: str, feuilles: set[str]) -> _Noeud:
    """The call tree below ``module.fonction`` while ``appel()`` runs, one node per call that enters another
    module of grading (``feuilles`` left out)."""
    racine = _Noeud(module)
    pile, marques, actif = [racine], [], [False]

    def entree(code) -> bool:
        return code.co_name == fonction and Path(code.co_filename).stem == module

    def profil(frame, evenement, arg):
        if evenement not in ("call", "return"):
            return
        code = frame.f_code
        if evenement == "call":
            actif[0] = actif[0] or entree(code)
            if not actif[0]:
                return
            chemin = Path(code.co_filename)
            nom = chemin.stem
            if chemin.parent.parent == GRADING and nom not in feuilles and nom != pile[-1].module:
                pile.append(pile[-1].enfants.setdefault(code, _Noeud(nom)))
                marques.append(True)
            else:
                marques.append(False)
        elif actif[0]:
            if marques and marques.pop():
                pile.pop()
            if entree(code):
                actif[0] = False

    with contextlib.redirect_stdout(io.StringIO()):
        sys.setprofile(profil)
        try:
            appel()
        finally:
            sys.setprofile(None)
    return racine


def _arbre_de_conclure(spec, fonction, cas, reference) -> _Noeud:
    """The call tree below ``checks.conclure``."""
    resultats = []
    arbre = _arbre(lambda: resultats.append(checks.verifier(spec, fonction, cas, reference, retrecir=True)),
                   "checks", "conclure", FEUILLES)
    assert not resultats[0].ok and resultats[0].contre_exemple, resultats  # it failed, was shrunk and drawn
    return arbre


def _sejours(noeud: _Noeud, boucle: str) -> list[str]:
    """The files entered and returned to, depth first, runs collapsed; ``boucle``'s subtree counts once."""
    suite = [noeud.module]
    if noeud.module != boucle:
        for enfant in noeud.enfants.values():
            suite += _sejours(enfant, boucle) + [noeud.module]
    return [m for i, m in enumerate(suite) if i == 0 or suite[i - 1] != m]


def _appeles(noeud: _Noeud) -> set[str]:
    return {e.module for e in noeud.enfants.values()} | {m for e in noeud.enfants.values() for m in _appeles(e)}


def test_a_failing_question_goes_through_each_step_once_in_order():
    from awale_ref.sujets.ccinp_2024 import specs

    spec = specs.SPECS["Q8"]
    espace: dict = {"__name__": "__main__"}
    exec(_FAUTIVE, espace)
    arbre = _arbre_de_conclure(spec, espace[spec.nom], spec.cas()[:60], spec.module_reference())
    assert _sejours(arbre, "retrecissement") == ["checks", "familles", "checks", "retrecissement", "checks",
                                                 "rendu", "checks"]
    boucle = next(n for n in arbre.enfants.values() if n.module == "retrecissement")
    # the loop calls back what it was handed: running a candidate and the reference (checks' closures),
    # judging and reading an answer (familles' functions, handed as partials)
    assert _appeles(boucle) == {"checks", "familles"}


def _imports(module: str) -> set[str]:
    """The grading modules ``module`` imports when it runs (an import for the type checker only is none)."""
    arbre = ast.parse(next(GRADING.glob(f"*/{module}.py")).read_text(encoding="utf-8"))
    for noeud in list(ast.walk(arbre)):
        if isinstance(noeud, ast.If) and getattr(noeud.test, "id", None) == "TYPE_CHECKING":
            noeud.body = []
    noms = set()
    for noeud in ast.walk(arbre):
        if isinstance(noeud, ast.ImportFrom) and noeud.module:
            noms.add(noeud.module)
            noms |= {f"{noeud.module}.{a.name}" for a in noeud.names}
        elif isinstance(noeud, ast.Import):
            noms |= {a.name for a in noeud.names}
    return {n.split(".")[3] for n in noms if n.startswith("awale_ref.grading.") and len(n.split(".")) > 3}


def test_a_step_imports_no_other_step_and_checks_no_judge():
    """A step imports only leaf modules (words, records, messages, specs, the codec); the one-process
    composition imports the steps, never the judge nor its plan (they would ship the reference helpers to
    the students, ``pipeline/paquet_eleve.COPIES``)."""
    for etape in ETAPES:
        assert _imports(etape) <= FEUILLES, (etape, _imports(etape) - FEUILLES)
    assert set(ETAPES) <= _imports("checks") and not {"juge", "plan", "lancement"} & _imports("checks")


def _arbre_du_juge(etapes, question: str, **options):
    """The call tree below ``juge._une_question`` for the one question of ``etapes``, and its verdict."""
    from awale_ref.grading.correcteur import juge
    from awale_ref.sujets.ccinp_2024 import SUJET

    verdicts = {}
    arbre = _arbre(lambda: verdicts.update(juge.juger_notebook(etapes, bac_a_sable=False, sujet=SUJET, **options)),
                   "juge", "_une_question", FEUILLES | DECLARATIONS | OUTILS_DU_LANCEMENT)
    return arbre, verdicts[question]


def test_the_judge_takes_a_failing_function_through_each_step_once_in_order():
    from awale_ref.grading.correcteur import juge

    etapes = [juge.CelluleDeCode(0, _FAUTIVE), juge.CelluleDeCode(1, questions=[("Q8", "deplacer_graines")])]
    arbre, verdict = _arbre_du_juge(etapes, "Q8")
    assert not verdict.ok and 0 < verdict.part < 1 and verdict.contre_exemple, verdict  # judged, shrunk, drawn
    assert _sejours(arbre, "retrecissement") == [
        "juge", "contraintes", "juge", "plan", "juge", "lancement", "juge", "familles", "juge", "retrecissement",
        "juge", "rendu", "juge"]
    boucle = next(n for n in arbre.enfants.values() if n.module == "retrecissement")
    # the loop calls back what the orchestrator handed it: running candidates (the run step's evaluator),
    # the reference's observation (specs, a leaf) and judging an answer (the judge step's functions)
    assert _appeles(boucle) == {"lancement", "familles"}


def test_the_judge_takes_a_query_through_its_steps_once_in_order():
    from awale_ref.grading.correcteur import juge
    from awale_ref.sujets.ccinp_2024 import SUJET

    requete = "Q22 = 'SELECT id_Joueur FROM Joueur WHERE niveau >= 1900'"  # one row too many: >= for >
    etapes = [juge.CelluleDeCode(0, requete), juge.CelluleDeCode(1, questions=[("Q22", "Q22")])]
    arbre, verdict = _arbre_du_juge(etapes, "Q22", base_sql=SUJET.fichier_du_juge({"Q22"}))
    assert not verdict.ok and "lignes en trop" in verdict.message, verdict
    # the parse step reads nothing for a query (no spec: an empty reading), the run step runs its text too
    assert _sejours(arbre, "retrecissement") == ["juge", "contraintes", "juge", "plan", "juge", "lancement", "juge",
                                                 "familles", "juge"]
