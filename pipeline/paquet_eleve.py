"""The students' environment of the class server: a student distribution of ``awale_ref``.

``python -m pipeline.paquet_eleve /opt/awale-eleves`` builds, outside the course folder, a virtualenv with
the pinned requirements (``requirements.txt`` as constraints) and a *student distribution* of the package,
installed as a plain (non-editable) package.  What it holds, all derived from the subjects
(``awale_ref.grading.registre.catalogue``, the assignments of ``pipeline.build.ASSIGNMENTS``):

- each subject's reference module reduced to what the notebooks supply: its functions minus every graded
  one (``juge.reference_sans`` with the subject's ``nom_note``), and its scalar constants (no examples, no
  answers, no reconstructed figures: every other top-level value is left out);
- the visible tests as data (``awale_ref/data/visibles.json``): for each ``tester(question, f, *args)`` of a
  test cell, the reference's observation, computed here from the full reference; the student-side
  ``tester`` is ``awale_ref.grading.eleve.visibles``; the format checks of the structured answers are copied
  (``awale_ref/grading/formats/``), with the functions they call;
- the visible SQL library (a file, read-only) for the SQL questions' visible tests and ``montrer_requete``,
  or the module a subject's SQL module names in its place (``MODULE_ELEVES``: Othello's visible database),
  and a whole game's visible check: what each kind of question writes itself (``TypeDeQuestion.fichiers_eleves``,
  ``noms_eleves``; this module names none);
- the grading core the visible tests share: the kernel's side, ``awale_ref/grading/eleve/``, and what it imports of
  the runner's folder, ``awale_ref/grading/executant/`` (:func:`copies_du_grading`).

Not in it: the subjects' ``cours/``, ``source/``, the corpus, ``facts`` (the answers: only the Q18 position the notebooks
import), the hidden SQL library and the reference queries, the judge, the clean room.

What it holds depends on the deadlines (``fermes``: the assignments whose due date is past, from the gradebook's
``duedate`` or ``--fermes a,b``; by default every assignment is open).  No working version of an open
assignment's graded function is shipped, under any name or form (:func:`retenues`): every function of the shipped
modules is run on the hidden cases of every open graded function (``pipeline.essai_paquet``); each that answers
(the engine-computed game functions: ``awale_ref.fonctions_moteur``, the lycée's ``fonctions_moteur``, Othello's
``moteur``) becomes a stand-in that calls the student's function of that name (``awale_ref.fonctions_eleve``,
which says in French which one is missing), and what only those functions read is left out (of the fast engine
``awale_ref.engine``, only what the boards and the tree read: positions and constants).  The board, the Q18 tree,
the AI and Part III thus play with the student's own functions; a closed assignment's functions come back as they
are in the package.  :func:`installer` checks the result in a process with the distribution alone
(:func:`reponses_du_paquet`).  ``tests/test_paquet_eleve.py`` and ``tests/test_paquet_echeances.py`` check the
distribution.

``--paquet-seul DEST``: write the package's source tree only (``DEST/awale_ref``, ``DEST/pyproject.toml``).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import datetime
import functools
import importlib
import inspect
import io
import json
import random
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import types
from pathlib import Path
from typing import Any

from awale_ref.grading.registre.livraison import PasLivrable, chemin_du_module, imports_du_paquet, noms_du_code
from pipeline.build import _CACHES, ASSIGNMENTS, RACINE, lire_source, sujet_de

PAQUET = RACINE / "awale_ref"
GRADING = PAQUET / "grading"


def copies_du_grading() -> tuple[str, ...]:
    """The grading modules shipped as they are, derived from the grading's folders: every module of the kernel's
    side (``grading/eleve/``), and of the runner's folder (``grading/executant/``) the modules the kernel's side
    imports, transitively (the protocol, the encoding, the observations, the SQL guard; not the runner's loop);
    with their packages' ``__init__.py``.  Nothing of the judge's side (``grading/correcteur/``) nor of the
    registry (``grading/registre/``)."""
    eleve = sorted((GRADING / "eleve").glob("*.py"))
    coureur = {p.stem: p for p in (GRADING / "executant").glob("*.py") if p.stem != "__init__"}
    prefixe = "awale_ref.grading.executant."
    pris: set[str] = set()
    a_lire = list(eleve)
    while a_lire:
        for module, nom in imports_du_paquet(a_lire.pop().read_text(encoding="utf-8")):
            for cible in (f"{module}.{nom}", module):
                reste = cible[len(prefixe):] if cible.startswith(prefixe) else ""
                if reste in coureur and reste not in pris:
                    pris.add(reste)
                    a_lire.append(coureur[reste])
    fichiers = [GRADING / "__init__.py", *eleve, GRADING / "executant" / "__init__.py", *(coureur[m] for m in pris)]
    return tuple(sorted(p.relative_to(PAQUET).as_posix() for p in fichiers))


COPIES = (*copies_du_grading(), "sujets/__init__.py", "gabarits/__init__.py", "gabarits/table_requete.html",
          "engine.py", "fonctions_moteur.py", "notation.py", "tree.py", "figures.py", "widget/__init__.py",
          "widget/regles.py", "widget/partie.py", "widget/vue.py", "widget/gabarits/plateau.html",
          "fonctions_eleve.py")
"""Modules of the package copied as they are: the grading core of the visible tests (:func:`copies_du_grading`),
the HTML templates' loader, and the game the boards and the tree play (the fast engine and the exam's functions
computed by it, ``awale_ref.fonctions_moteur``); with each subject's ``modules_eleves`` (its drawings), templates
(its ``gabarits/``) and the modules its kinds of question ship (the runner's side of a whole game), none holds a
reference function, an answer or a hidden test (``tests/test_paquet_eleve.py`` checks it)."""

_MODULES_COPIES = {"awale_ref." + c[:-3].replace("/", ".") for c in COPIES if c.endswith(".py")}


class ErreurPaquet(ValueError):
    """The student distribution cannot be built as asked."""


def visibles_json() -> str:
    """The text of ``visibles.json``: :func:`donnees_visibles`, the same at each build."""
    with contextlib.redirect_stdout(io.StringIO()), _hasard_fixe():  # what the reference prints while observed
        return json.dumps(donnees_visibles(), ensure_ascii=False, indent=0)


@contextlib.contextmanager
def _hasard_fixe(graine: int = 0):
    """The same visible data at each build: a reference that draws at random (a game that picks one of several
    winning moves) draws the same moves; the caller's random state is given back afterwards."""
    etat = random.getstate()
    random.seed(graine)
    try:
        yield
    finally:
        random.setstate(etat)


def sujets() -> dict:
    """``{grading module: subject}`` of the course's assignments."""
    return {sujet_de(a).module_correction: sujet_de(a) for a in ASSIGNMENTS}


def noms_notes(sujet) -> set[str]:
    """The reference functions a subject grades (from its specs and its Q21-like question)."""
    return set(sujet.noms_notes)


def _scalaire(noeud: ast.expr) -> bool:
    if isinstance(noeud, ast.UnaryOp):
        return _scalaire(noeud.operand)
    return isinstance(noeud, ast.Constant)


@functools.lru_cache(maxsize=1)
def imports_des_notebooks() -> dict[str, frozenset[str]]:
    """``{module: names}`` that the code cells of the course's teacher notebooks import (``from module import
    names``; a cell that does not parse is skipped), read once per process (a build asks it for every module it
    reduces)."""
    importes: dict[str, set[str]] = {}
    for assignment in ASSIGNMENTS:
        for cell in lire_source(assignment).cells:
            if cell.cell_type != "code":
                continue
            with contextlib.suppress(SyntaxError):
                for noeud in ast.walk(ast.parse(_CACHES.sub("", cell.source + "\n"))):
                    if isinstance(noeud, ast.ImportFrom) and noeud.module:
                        importes.setdefault(noeud.module, set()).update(a.name for a in noeud.names)
    return {module: frozenset(noms) for module, noms in importes.items()}


def donnees_importees(module: str) -> set[str]:
    """The names the course's notebooks import from ``module`` (the statement's data a test cell builds its
    examples with: ``from <reference module> import img1``), and from the other names of that module
    (``Sujet.noms_reference``)."""
    modules = {module, *next((s.noms_reference for s in sujets().values() if s.module_reference == module), ())}
    return {nom for m, noms in imports_des_notebooks().items() if m in modules for nom in noms}


def _cibles(noeud: ast.stmt) -> set[str]:
    cibles = noeud.targets if isinstance(noeud, ast.Assign) else [noeud.target]
    return {n.id for c in cibles for n in ast.walk(c) if isinstance(n, ast.Name)}


def reference_reduite(module: str, notes: set[str]) -> str:
    """A reference module without its graded functions and without any top-level value but scalars and the
    statement's data the notebooks import (:func:`donnees_importees`, with the values they are built from)."""
    from awale_ref.grading.correcteur.juge import reference_sans

    source = reference_sans(notes, module)
    lignes = source.splitlines(keepends=True)
    valeurs = [n for n in ast.parse(source).body if isinstance(n, (ast.Assign, ast.AnnAssign))]
    gardes = donnees_importees(module)
    while True:  # the values the kept ones are computed from are kept too
        lus = {x.id for n in valeurs if _cibles(n) & gardes and n.value is not None
               for x in ast.walk(n.value) if isinstance(x, ast.Name)}
        if lus <= gardes:
            break
        gardes |= lus
    a_couper = [(n.lineno - 1, n.end_lineno) for n in valeurs
                if (n.value is None or not _scalaire(n.value)) and not _cibles(n) & gardes]
    for debut, fin in sorted(a_couper, reverse=True):
        del lignes[debut:fin]
    return "".join(lignes)


@functools.lru_cache(maxsize=1)
def modules_de_donnees() -> tuple[str, ...]:
    """The modules of the subjects' folders the course's notebooks import from and that nothing else ships (not
    a reference, not a module shipped as it is, not a file a kind of question writes): of these only the
    statement's data the notebooks import goes to the students (:func:`donnees_seules`; the CCINP's ``facts``,
    whose other values are answers)."""
    importes = imports_des_notebooks()
    ailleurs = modules_livres() | {m for s in sujets().values()
                                   for m in (s.module_correction, s.module_reference, *s.noms_reference)}
    ecrits = {relatif for s in sujets().values() for relatif in fichiers_des_genres(s)}
    dossiers = tuple(f"{s.module_correction}." for s in sujets().values())
    return tuple(sorted(m for m in importes if m.startswith(dossiers) and m not in ailleurs
                        and chemin_du_module(m) not in ecrits))


def donnees_seules(module: str) -> str:
    """``module`` reduced to the statement's data the notebooks import from it (:func:`donnees_importees`,
    with the values they are built from): no docstring, no other value (the answers)."""
    arbre = ast.parse(inspect.getsource(importlib.import_module(module)))
    valeurs = [n for n in arbre.body if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None]
    gardes = donnees_importees(module)
    while True:
        lus = {x.id for n in valeurs if _cibles(n) & gardes for x in ast.walk(n.value) if isinstance(x, ast.Name)}
        if lus <= gardes:
            break
        gardes |= lus
    manquantes = gardes - {c for n in valeurs for c in _cibles(n)}
    if manquantes:
        raise ErreurPaquet(f"{module}: the notebooks import {sorted(manquantes)}, which is not a plain value there")
    return (f'"""{module}, student distribution: only the statement\'s data the notebooks import '
            '(pipeline.paquet_eleve)."""\n\n' + "".join(ast.unparse(n) + "\n" for n in valeurs if _cibles(n) & gardes))


# ---------------------------------------------------------------- the deadlines
CAS_ESSAYES = 12
"""Hidden cases of a graded function each shipped function is tried on: spread over the cases examined (at
least ``CAS_EXAMINES``, more while one answer is nearly all of them: ``EXAMEN_MAX_S``), as many of each of the
reference's answers as can be (a boolean function: as many True as False)."""

CAS_EXAMINES = 60
"""Cases whose reference answer is always computed, spread over all the cases of the question."""

EXAMEN_MAX_S = 0.5
"""Past ``CAS_EXAMINES`` cases, how long more of them are examined while one answer outnumbers the others
(a test that is True on 3,454 of 3,473 cases): the rare answers are what tells a working version from a
constant."""


def _etales(tous: list) -> list:
    """Every case, in an order spread over the list: every ``n``-th from the first, then from the second…"""
    pas = max(1, len(tous) // CAS_EXAMINES)
    return [tous[j] for debut in range(pas) for j in range(debut, len(tous), pas)]


def _assez_varies(par_reponse: dict[str, list]) -> bool:
    """True unless one answer is nearly all of those seen so far (a constant would then get the cases tried
    right) and the others do not yet fill half of the cases tried."""
    tailles = sorted(map(len, par_reponse.values()))
    return sum(tailles[:-1]) >= CAS_ESSAYES // 2 or tailles[-1] < 0.9 * sum(tailles)


def questions_du_devoir(assignment: str) -> list[str]:
    """The questions an assignment grades: the ``corriger("QN", …)`` calls of its hidden tests."""
    from pipeline.autograde.structure import questions_cachees

    return sorted({q for c in lire_source(assignment).cells if c.cell_type == "code"
                   for q, _ in questions_cachees(c.source)})


def devoirs_fermes_du_carnet(url: str | None = None, maintenant: datetime.datetime | None = None) -> set[str]:
    """The assignments whose due date (nbgrader's gradebook, ``duedate``, UTC) is past; none without a date."""
    from nbgrader.api import Gradebook

    from pipeline.nbgrader_cli import url_gradebook

    maintenant = maintenant or datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
    with Gradebook(url or url_gradebook(RACINE)) as gb:
        return {a.name for a in gb.assignments if a.duedate is not None and a.duedate <= maintenant}


def lire_fermes(noms: str) -> frozenset[str]:
    """``--fermes a,b``: the assignments named, each one of the course's."""
    fermes = frozenset(n.strip() for n in noms.split(",") if n.strip())
    inconnus = fermes - set(ASSIGNMENTS)
    if inconnus:
        raise ErreurPaquet(f"unknown assignments {sorted(inconnus)}; known: {', '.join(ASSIGNMENTS)}")
    return fermes


def notes_ouvertes(fermes: frozenset[str] | set[str]) -> dict[tuple[str, str], tuple[Any, str, str]]:
    """``{(reference module, graded function): (subject, question, assignment)}`` of the assignments not in
    ``fermes``: what the students' environment must not answer."""
    ouvertes = {}
    for assignment in ASSIGNMENTS:
        if assignment in fermes:
            continue
        sujet = sujet_de(assignment)
        for question in questions_du_devoir(assignment):
            nom = sujet.nom_note(question) if question in sujet.questions else None
            if nom:
                ouvertes.setdefault((sujet.module_reference, nom), (sujet, question, assignment))
    return ouvertes


def charges(ouvertes: dict) -> dict[str, dict]:
    """Each open graded function's hidden cases as data (``pipeline.essai_paquet``): a few of its cases, the
    arguments and the reference's observation encoded; the graded functions without cases (a question on a
    program's text) are left out (what answers them is found by name).  Each graded function's cases are
    examined once per process (:func:`_charge`): a build and its check (:func:`installer`), or builds with other
    assignments closed, try the same cases; each call returns its own copy."""
    resultat = {}
    for (module, nom), (sujet, question, _) in ouvertes.items():
        charge = _charge(sujet, question, module, nom)
        if charge is not None:
            resultat[f"{module}.{nom}"] = copy.deepcopy(charge)
    return resultat


_CHARGES: dict[tuple[str, str, str, str], dict | None] = {}
""":func:`_charge`'s results, by subject, question, module and graded function."""


def _charge(sujet, question: str, module: str, nom: str) -> dict | None:
    """The charge of the graded function ``module.nom`` of ``sujet``'s ``question`` (:func:`charges`), computed
    once per process; None without cases."""
    cle = (sujet.module_correction, question, module, nom)
    if cle in _CHARGES:
        return _CHARGES[cle]
    from awale_ref.grading.executant import encodage

    spec = sujet.specs.get(question)
    charge = None
    if spec is not None and spec.nom == nom:
        reference = importlib.import_module(module)
        with contextlib.redirect_stdout(io.StringIO()), _hasard_fixe():
            tous = list(spec.cas())
            par_reponse: dict[str, list] = {}  # the cases grouped by the reference's answer
            debut = time.perf_counter()
            for rang, args in enumerate(_etales(tous)):
                if rang >= CAS_EXAMINES and (_assez_varies(par_reponse) or time.perf_counter() - debut > EXAMEN_MAX_S):
                    break
                attendu = json.dumps(encodage.encoder(spec.attendu(args, reference)), sort_keys=True)
                par_reponse.setdefault(attendu, []).append([encodage.encoder(spec.nommer(args)), attendu])
            groupes = list(par_reponse.values())  # taken in turn: a constant answer gets few of them right
            paires = [g[i] for i in range(max(map(len, groupes), default=0)) for g in groupes if i < len(g)]
            paires = paires[:CAS_ESSAYES]
        charge = {"observation": spec.observation, "fonctions": list(spec.positions_fonctions()),
                  "module_des_fonctions": module, "cas": paires}
    _CHARGES[cle] = charge
    return charge


def _unites(module: str) -> dict[str, tuple[ast.stmt, set[str]]]:
    """The top-level definitions of ``module`` (functions, classes, assigned names): ``{name: (node, the
    "module.name" of the package's definitions it reads)}``, a name read through an imported module
    (``engine.play``) or imported from one (``from awale_ref.engine import EGALITE``) resolved to its module."""
    import importlib.util

    source = Path(importlib.util.find_spec(module).origin).read_text(encoding="utf-8")
    arbre = ast.parse(source)
    alias: dict[str, str] = {}  # local name -> "module" (a module) or "module.name" (a name imported from one)
    paquet = module.split(".")[0]
    for noeud in arbre.body:
        if isinstance(noeud, ast.ImportFrom) and (noeud.module or "").split(".")[0] == paquet:
            for a in noeud.names:
                complet = f"{noeud.module}.{a.name}"
                est_module = importlib.util.find_spec(complet) is not None if _sous_module(complet) else False
                alias[a.asname or a.name] = complet if not est_module else "module:" + complet
        elif isinstance(noeud, ast.Import):
            for a in noeud.names:
                if a.name.split(".")[0] == paquet:
                    alias[a.asname or a.name.split(".")[0]] = "module:" + (a.name if a.asname else a.name.split(".")[0])
    unites: dict[str, tuple[ast.stmt, set[str]]] = {}
    for noeud in arbre.body:
        if isinstance(noeud, (ast.FunctionDef, ast.ClassDef)):
            noms = {noeud.name}
        elif isinstance(noeud, (ast.Assign, ast.AnnAssign)):
            noms = _cibles(noeud)
        else:
            continue
        lus: set[str] = set()
        for n in ast.walk(noeud):
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and alias.get(n.value.id, "").startswith(
                    "module:"):
                lus.add(f"{alias[n.value.id][7:]}.{n.attr}")
            elif isinstance(n, ast.Name):
                cible = alias.get(n.id)
                if cible is None:
                    lus.add(f"{module}.{n.id}")
                elif not cible.startswith("module:"):
                    lus.add(cible)
        for nom in noms:
            unites[nom] = (noeud, lus - {f"{module}.{nom}"})
    return unites


def _sous_module(nom: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(nom) is not None
    except (ModuleNotFoundError, ValueError):
        return False


def _fermeture(depart: set[str], graphe: dict[str, set[str]]) -> set[str]:
    """``depart`` and every definition of ``graphe`` it reads, transitively."""
    vus, a_voir = set(), list(depart)
    while a_voir:
        nom = a_voir.pop()
        if nom in vus or nom not in graphe:
            continue
        vus.add(nom)
        a_voir += graphe[nom]
    return vus


def retenues(fermes: frozenset[str] | set[str]) -> tuple[dict[str, str], set[str]]:
    """What the students' environment holds back while the assignments not in ``fermes`` are open:

    - ``{"module.name": "QN de assignment"}``: the shipped functions that answer an open graded question, run
      on its hidden cases (``pipeline.essai_paquet``): each becomes a stand-in calling the student's own
      (``awale_ref.fonctions_eleve``);
    - ``{"module.name"}``: the definitions those functions read (an engine's moves, search, tables),
      transitively, that nothing else shipped reads: left out.
    """
    ouvertes = notes_ouvertes(fermes)
    modules = sorted(modules_livres())
    reponses = _essayer(modules, charges(ouvertes), RACINE)
    graphe = {f"{m}.{nom}": lus for m in modules for nom, (_, lus) in _unites(m).items()}
    a_remplacer: dict[str, str] = {}
    for nom, notes in reponses.items():
        module, fonction = notes[0].rsplit(".", 1)
        _, question, assignment = ouvertes[(module, fonction)]
        a_remplacer[nom] = f"{question} de {assignment}"
    return a_remplacer, omises(a_remplacer, graphe, importees_des_miroirs())


def importees_des_miroirs() -> set[str]:
    """``"module.name"`` of what the reduced references import from the modules that mirror them
    (:func:`a_la_place`): read from outside the shipped modules."""
    importees = set()
    for sujet in sujets().values():
        moteur = _miroir(sujet.module_reference)
        if moteur is not None:
            importees |= {f"{moteur.__name__}.{n}" for n in noms_notes(sujet) if callable(getattr(moteur, n, None))}
    return importees


def omises(a_remplacer: dict[str, str] | set[str], graphe: dict[str, set[str]],
           externes: set[str] = frozenset()) -> set[str]:
    """What is left out with the functions ``a_remplacer``: the definitions they read (transitively), and every
    definition of a module they read into that holds none of them (an engine: ``awale_ref.engine`` for the
    exam's functions), but those the kept code reaches (every other definition, which reads a stand-in and no
    further, and ``externes``, read from outside the shipped modules): an engine keeps only what the boards and
    the tree read of it."""

    def module(nom: str) -> str:
        return nom.rsplit(".", 1)[0]

    lues = _fermeture({l for nom in a_remplacer for l in graphe[nom]}, graphe) - set(a_remplacer)
    moteurs = {module(n) for n in lues} - {module(n) for n in a_remplacer}
    candidates = lues | {n for n in graphe if module(n) in moteurs}
    coupe = {nom: set() if nom in a_remplacer else lus for nom, lus in graphe.items()}
    racines = {nom for nom in graphe if nom not in a_remplacer and (nom not in candidates or nom in externes)}
    gardees = _fermeture(racines, coupe)
    return candidates - gardees


def module_retenu(module: str, a_remplacer: dict[str, str], omises: set[str]) -> str:
    """The source of ``module`` with its functions in ``a_remplacer`` replaced by stand-ins and its definitions
    in ``omises`` left out."""
    import importlib.util

    lignes = Path(importlib.util.find_spec(module).origin).read_text(encoding="utf-8").splitlines(keepends=True)
    changes = {}
    for nom, (noeud, _) in _unites(module).items():
        complet = f"{module}.{nom}"
        debut = min([noeud.lineno, *(d.lineno for d in getattr(noeud, "decorator_list", []))]) - 1
        if complet in a_remplacer:
            changes[debut] = (noeud.end_lineno, (
                "from awale_ref.fonctions_eleve import a_la_place_de as _a_la_place_de  # noqa: E402\n\n"
                f"{nom} = _a_la_place_de({nom!r}, {a_remplacer[complet]!r}, __name__)  # not shipped before its due "
                "date\n"))
        elif complet in omises and changes.get(debut) is None:
            changes[debut] = (noeud.end_lineno, "")
    for debut, (fin, texte) in sorted(changes.items(), reverse=True):
        lignes[debut:fin] = [texte]
    return "".join(lignes)


def modules_du_paquet(dest: Path) -> list[str]:
    """Every module of the distribution written in ``dest``."""
    return sorted(".".join(f.relative_to(dest).with_suffix("").parts).removesuffix(".__init__")
                  for f in (dest / "awale_ref").rglob("*.py"))


def reponses_du_paquet(dest: Path, fermes: frozenset[str] | set[str] | tuple[str, ...] = frozenset()) -> dict:
    """``{"module.name": [graded function, …]}``: what the distribution in ``dest`` answers among the graded
    functions of the assignments not in ``fermes``, each of its functions run on their hidden cases in a process
    that has the distribution alone (``pipeline/essai_paquet.py``); empty when nothing answers."""
    return _essayer(modules_du_paquet(Path(dest)), charges(notes_ouvertes(frozenset(fermes))), Path(dest))


def _essayer(modules: list[str], charges_: dict[str, dict], chemin: Path) -> dict[str, list[str]]:
    """:func:`pipeline.essai_paquet.reponses` of ``modules`` (importable from ``chemin`` alone) on ``charges_``,
    run in a process of its own: the functions tried draw, loop, close streams and are stopped by a signal
    that raises in their frames, none of which may touch the process that builds the package."""
    with tempfile.TemporaryDirectory() as dossier:
        demande, reponse = Path(dossier) / "demande.json", Path(dossier) / "reponse.json"
        demande.write_text(json.dumps({"modules": modules, "charges": charges_}))
        fin = subprocess.run([sys.executable, str(Path(__file__).with_name("essai_paquet.py")), str(demande),
                              str(reponse)], env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(chemin.resolve()),
                                                  "MPLBACKEND": "Agg", "HOME": dossier},
                             cwd=dossier, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=1800)
        if fin.returncode:
            raise ErreurPaquet(f"the package in {chemin} cannot be tried: {fin.stderr[-2000:]}")
        return json.loads(reponse.read_text())


# ---------------------------------------------------------------- the visible tests as data
def _appels_tester(source: str) -> list[ast.Call]:
    return [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call) and getattr(n.func, "id", None) ==
            "tester" and n.args and isinstance(n.args[0], ast.Constant)]


def _espace(cellules: list[str], reference: types.ModuleType) -> dict:
    """Where a test cell's arguments are evaluated: the reference, and what the notebook imports from awale_ref."""
    espace = dict(vars(reference))
    for source in cellules:
        for noeud in ast.walk(ast.parse(source)):
            if isinstance(noeud, ast.ImportFrom) and (noeud.module or "").startswith("awale_ref"):
                exec(compile(ast.Module([noeud], []), "<import>", "exec"), espace)
    return espace


def exemples_des_cellules(assignment: str):
    """``(test cell, question, arguments)`` of each visible ``tester(question, f, *args)`` of the assignment's
    course source that grades a function (``Sujet.specs``), in order: the arguments evaluated with the reference
    and what the notebook imports from awale_ref (:func:`_espace`), on what the release keeps of the cell."""
    sujet = sujet_de(assignment)
    nb = lire_source(assignment)
    espace = _espace([c.source for c in nb.cells if c.cell_type == "code"], sujet.reference())
    for cell in nb.cells:
        if "tests" not in cell.metadata.get("tags", []):
            continue
        for appel in _appels_tester(_CACHES.sub("", cell.source + "\n")):  # what the release keeps
            question = appel.args[0].value
            if question not in sujet.specs:
                continue
            try:
                args = tuple(eval(compile(ast.Expression(a), "<exemple>", "eval"), dict(espace))
                             for a in appel.args[2:])
            except Exception as exc:
                raise ErreurPaquet(f"{assignment}: the arguments of {ast.unparse(appel)} cannot be computed "
                                   f"from the reference and the notebook's imports ({exc!r})") from None
            yield cell, question, args


def donnees_visibles() -> dict:
    """``{grading module: {"fonctions", "reponses", "sql"}}``: every visible example with the reference's
    observation (and the rule families it falls in), the answer and SQL questions."""
    from awale_ref.grading.eleve import checks
    from awale_ref.grading.eleve.visibles import cle_exemple
    from awale_ref.grading.executant import encodage

    donnees: dict = {}
    for assignment in ASSIGNMENTS:
        sujet = sujet_de(assignment)
        reference = sujet.reference()
        d = donnees.setdefault(sujet.module_correction, {
            "fonctions": {}, "reponses": sorted(sujet.reponses), "sql": {}, "module_sql": "", "partie": None,
            **sujet.donnees_visibles()})  # what its kinds of question add (types_question)
        for _, question, args in exemples_des_cellules(assignment):
            spec = sujet.specs[question]
            attendu = spec.attendu(args, reference)
            q = d["fonctions"].setdefault(question, {
                "nom": spec.nom, "parametres": list(spec.parametres), "observation": spec.observation,
                "libelles": dict(spec.libelles), "regle": spec.regle,
                "contraintes": list(spec.contraintes), "module": spec.module, "presentation": spec.presentation,
                "fonctions": list(spec.fonctions),
                "plusieurs_reponses": spec.accepter is not None, "module_specs": _module_des_specs(sujet),
                "familles": [{"nom": f.nom, "poids": f.poids, "cles": list(f.cles) if f.cles else None,
                              "contrainte": f.contrainte, "accessoire": f.accessoire} for f in spec.rubriques()],
                "exemples": {}})
            exemple = q["exemples"][cle_exemple(args)] = {
                "attendu": encodage.encoder(attendu),
                "couvre": [f.nom for f in spec.rubriques() if f.contrainte is None and f.couvre(args, attendu)]}
            if spec.appels_permis is not None:  # the calls the statement allows here, shown if the example fails
                exemple["appels_permis"] = spec.appels_permis(args)
            if spec.accepter is not None and _acceptation_copiee(sujet, question, {}, set()) is None:
                acceptees = reponses_acceptees(spec, args, attendu)
                if acceptees is not None:
                    exemple["acceptees"] = acceptees
                else:
                    exemple["refusees"] = reponses_refusees(spec, args, attendu, reference)
    return donnees


REPONSES_TRIVIALES = ("return None", "pass", "return {premier}", "return False", "return True", "return 0",
                      "return []", "return {{}}")
"""The bodies of the trivial answers (``{premier}``: the function's first parameter, returned unchanged): every
visible test cell fails at least one of them (``tests/test_exemples_visibles.py``), and the students' environment
fails them where it cannot judge other answers (:func:`reponses_refusees`)."""


def reponses_triviales(nom: str, parametres: tuple[str, ...]) -> dict[str, types.FunctionType]:
    """``{body: function}`` of each trivial answer, written as a student writes it in the notebook (``__main__``)."""
    reponses = {}
    for corps in REPONSES_TRIVIALES:
        if "{premier}" in corps and not parametres:
            continue
        texte = corps.format(premier=parametres[0] if parametres else "")
        espace = {"__name__": "__main__"}
        exec(compile(f"def {nom}({', '.join(parametres)}):\n    {texte}\n", "<cellule de l'élève>", "exec"), espace)
        reponses[texte] = espace[nom]
    return reponses


def reponses_refusees(spec, args: tuple, attendu: dict, reference: types.ModuleType) -> list[str]:
    """The observations of the trivial answers (:data:`REPONSES_TRIVIALES`) on one visible example that the
    subject's acceptance refuses, as each rule family hands them to it, as data (``visibles.cle``): for a question
    whose acceptance reaches a reference and has no candidates, the other answers the students' visible test can
    still fail (any other one is « jugée à la correction »)."""
    import copy

    from awale_ref.grading.eleve.familles import _restreint
    from awale_ref.grading.eleve.visibles import cle

    refusees = set()
    for fonction in reponses_triviales(spec.nom, tuple(spec.parametres)).values():
        obtenu = spec.observer(fonction, copy.deepcopy(args), reference)
        for famille in spec.rubriques():
            vu = _restreint(obtenu, famille)
            if not spec.conforme(vu, _restreint(attendu, famille), args):
                refusees.add(cle(vu))
    return sorted(refusees)


ACCEPTEES_MAX = 2_000
"""Accepted answers kept for one visible example, at most (the statement's examples are small)."""


def reponses_acceptees(spec, args: tuple, attendu: dict) -> list[str] | None:
    """The answers the subject accepts on one visible example, as data (``visibles.cle``), for a question whose
    acceptance reaches a reference (not copied into the distribution): the spec's candidates
    (``Spec.variantes``) that its acceptance admits, judged here with the reference; None without candidates."""
    from awale_ref.grading.eleve.visibles import cle

    if spec.variantes is None:
        return None
    acceptees = sorted({cle(v) for v in spec.variantes(args, attendu) if spec.conforme(v, attendu, args)})
    if cle(attendu) not in acceptees:
        raise ErreurPaquet(f"{spec.question}: the candidates of Spec.variantes miss the reference's own answer on "
                           f"{spec.nom}{args!r}")
    if len(acceptees) > ACCEPTEES_MAX:
        raise ErreurPaquet(f"{spec.question}: {len(acceptees)} accepted answers on {spec.nom}{args!r}, more than "
                           f"{ACCEPTEES_MAX}: too many to ship as data")
    return acceptees


def _module_des_specs(sujet) -> str:
    """The module that defines the subject's specs (the students' side uses its acceptances if it is shipped)."""
    return next(iter(sujet.specs.values())).cas.__module__


# ---------------------------------------------------------------- the format checks of the answers
class NonCopiable(ErreurPaquet):
    """A function that cannot be copied alone: it uses the package (a reference) or an unknown object."""


def _copier_fonctions(nom_sujet: str, racines: list, definitions: dict[str, str], imports: set[str]) -> None:
    """The sources of ``racines`` and of what they call, into ``definitions`` and ``imports``."""
    a_voir, vus = list(racines), set()
    while a_voir:
        fonction = a_voir.pop()
        if id(fonction) in vus:
            continue
        vus.add(id(fonction))
        if fonction.__name__ == "<lambda>" or fonction.__closure__:
            raise NonCopiable(f"{nom_sujet}: {fonction.__qualname__} is a lambda or a closure")
        source = textwrap.dedent(inspect.getsource(fonction))
        if definitions.get(fonction.__name__, source) != source:
            raise ErreurPaquet(f"{nom_sujet}: two copied helpers are named {fonction.__name__}")
        definitions[fonction.__name__] = source
        for nom in noms_du_code(fonction.__code__):
            if nom not in fonction.__globals__:  # a builtin, or an attribute
                continue
            valeur = fonction.__globals__[nom]
            if isinstance(valeur, types.FunctionType):
                a_voir.append(valeur)
            elif isinstance(valeur, types.ModuleType):
                if valeur.__name__.split(".")[0] == "awale_ref":
                    raise NonCopiable(f"{nom_sujet}: {fonction.__name__} uses {valeur.__name__}")
                imports.add(f"import {valeur.__name__} as {nom}" if nom != valeur.__name__ else f"import {nom}")
            elif isinstance(valeur, (int, float, str, bool, type(None), tuple, frozenset)):
                definitions[nom] = f"{nom} = {valeur!r}\n"
            elif isinstance(valeur, dict) and all(isinstance(k, (int, str)) for k in valeur):
                # a table a shape check reads (the names of Q15's situations): its keys only, never its values
                definitions[nom] = f"{nom} = dict.fromkeys({list(valeur)!r})\n"
            elif valeur is not Any:
                raise NonCopiable(f"{nom_sujet}: {fonction.__name__} uses {nom} ({type(valeur)})")


def modules_livres() -> set[str]:
    """The modules of the package the distribution ships as they are: ``COPIES`` and every subject's
    ``modules_eleves``."""
    return _MODULES_COPIES | {m for s in sujets().values() for m in s.modules_pour_les_eleves()}


def _acceptation_copiee(sujet, question: str, definitions: dict, imports: set) -> str | None:
    """How the module writes the acceptance of ``question`` (several answers admitted): a copy of the function
    and of what it calls, or a call of its factory where that is in the distribution (``grading/eleve/specs.py``);
    None when it reaches a reference (it is then judged at grading only, « jugée à la correction »)."""
    fonction = sujet.specs[question].accepter
    usine_nom = fonction.__qualname__.split(".<locals>.")[0]
    if fonction.__closure__ and ".<locals>." in fonction.__qualname__ and fonction.__module__ in modules_livres():
        usine = getattr(importlib.import_module(fonction.__module__), usine_nom)
        valeurs = dict(zip(fonction.__code__.co_freevars, (c.cell_contents for c in fonction.__closure__)))
        arguments = []
        for p in inspect.signature(usine).parameters.values():
            if p.name not in valeurs:
                return None
            arguments.append(f"*{valeurs[p.name]!r}" if p.kind is p.VAR_POSITIONAL else f"{p.name}={valeurs[p.name]!r}")
        imports.add(f"import {fonction.__module__}")
        return f"{fonction.__module__}.{usine_nom}({', '.join(arguments)})"
    essai_definitions, essai_imports = dict(definitions), set(imports)
    try:
        _copier_fonctions(sujet.nom, [fonction], essai_definitions, essai_imports)
    except NonCopiable:
        return None
    definitions.update(essai_definitions)
    imports |= essai_imports
    return fonction.__name__


def source_des_formats(sujet) -> str:
    """A module with the subject's format checks (``FORMATS = {question: check}``), the acceptances of its
    several-answer questions that hold no reference (``ACCEPTATIONS = {question: accepter}``), and what
    they call."""
    definitions: dict[str, str] = {}
    imports: set[str] = set()
    try:
        _copier_fonctions(sujet.nom, [fonction for fonction, *_ in sujet.reponses.values()], definitions, imports)
    except NonCopiable as exc:
        raise ErreurPaquet(f"a format check must be copiable alone: {exc}") from None
    acceptations = {q: _acceptation_copiee(sujet, q, definitions, imports)
                    for q, spec in sujet.specs.items() if spec.accepter is not None}
    table = ", ".join(f"{q!r}: {f.__name__}" for q, (f, *_) in sujet.reponses.items())
    acceptees = ", ".join(f"{q!r}: {code}" for q, code in acceptations.items() if code)
    return (f'"""The format checks of the structured answers of {sujet.nom}, and the acceptances of its '
            'several-answer questions (copied by pipeline.paquet_eleve)."""\n\n'
            "from __future__ import annotations\n\nfrom typing import Any\n"
            + "".join(f"{i}\n" for i in sorted(imports)) + "\n\n"
            + "\n\n".join(definitions[n] for n in sorted(definitions))
            + f"\n\nFORMATS = {{{table}}}\n\nACCEPTATIONS = {{{acceptees}}}\n")


# ---------------------------------------------------------------- the package
def _module_vers_chemin(module: str, racine: Path) -> Path:
    """Where a module of the full package goes in the distribution (a package: its ``__init__.py``)."""
    return racine / chemin_du_module(module)


def _sujet_init(sujet) -> str:
    """A subject's package in the distribution: its visible tests, and the names its kinds of question forward
    to the modules they ship (``TypeDeQuestion.noms_eleves``: the SQL questions' ``montrer_requete``)."""
    noms = {nom: module for genre in sujet.types_de_question for nom, module in genre.noms_eleves(sujet).items()}
    renvois = "".join(f"    if nom == {nom!r}:\n        from {module} import {nom}\n\n        return {nom}\n"
                      for nom, module in noms.items())
    suite = f"\n\ndef __getattr__(nom: str):\n{renvois}    raise AttributeError(nom)\n" if noms else ""
    # its data drawn per student: the modules that declare them are shipped (``Sujet.modules_pour_les_eleves``)
    modules = sorted({v.generer.__module__ for v in getattr(sujet, "variantes", ())})
    variantes = ("from awale_ref.grading.eleve.variantes import autre_variante, donnees_du_noyau  # noqa: F401\n"
                 + "".join(f"from {m} import VARIANTES as _variantes{i}\n" for i, m in enumerate(modules))
                 + f"\n_VARIANTES = ({''.join(f'*_variantes{i}, ' for i in range(len(modules)))})\n\n\n"
                 "def variante(nom: str):\n    return donnees_du_noyau(_VARIANTES, nom)\n") if modules else ""
    return (f'"""The visible tests of {sujet.nom}, student distribution."""\n\n'
            "from awale_ref.grading.eleve.visibles import EchecTest, Testeur  # noqa: F401\n"
            + variantes + "\ntester = Testeur(__name__).tester\n" + suite)


def fichiers_des_genres(sujet) -> dict[str, str]:
    """The files the subject's kinds of question write into the distribution (``TypeDeQuestion.fichiers_eleves``:
    a whole game's visible check, the SQL questions' helpers): path in the distribution -> source."""
    fichiers: dict[str, str] = {}
    for genre in sujet.types_de_question:
        try:
            propres = genre.fichiers_eleves(sujet)
        except PasLivrable as exc:
            raise ErreurPaquet(f"{sujet.nom}: {exc}") from None
        if set(propres) & set(fichiers):
            raise ErreurPaquet(f"{sujet.nom}: two kinds of question write {sorted(set(propres) & set(fichiers))}")
        fichiers.update(propres)
    return fichiers


def verifier_imports(racine: Path, chemins) -> None:
    """Every ``awale_ref`` module the files ``chemins`` (relative to ``racine``) import is in the distribution
    (``from m import n``: the module ``m.n`` if the full package has one, else ``m``)."""
    import importlib.util

    def present(module: str) -> bool:
        chemin = racine.joinpath(*module.split("."))
        return chemin.with_suffix(".py").is_file() or (chemin / "__init__.py").is_file()

    def sous_module(module: str) -> bool:
        try:
            return importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:  # a name of a module, not a module
            return False

    for relatif in chemins:
        for module, nom in imports_du_paquet((racine / relatif).read_text(encoding="utf-8")):
            requis = f"{module}.{nom}" if nom and sous_module(f"{module}.{nom}") else module
            if not present(requis):
                raise ErreurPaquet(f"{relatif} imports {requis}, which is not in the students' environment")


def _init_paquet() -> str:
    """``awale_ref/__init__.py`` of the distribution: what the notebooks import from ``awale_ref`` itself (the
    reduced reference of the subject that declares ``awale_ref`` among its ``noms_reference``)."""
    exports = "".join(f"from {s.module_reference} import *  # noqa: F401,F403 (the reduced reference: only the "
                      f"functions the notebooks supply)\n" for s in sujets().values() if "awale_ref" in s.noms_reference)
    return _INIT.replace("{EXPORTS}", exports)


_INIT = '''"""awale_ref, student distribution (pipeline.paquet_eleve): no reference of a graded function, no
answer, no hidden test. What the exam's notebooks are given is re-exported, as by the full package: the exam's
given functions (``initialisation``…), and in place of the graded ones that Part III is given (``deplacer_graines``…)
those of ``awale_ref.fonctions_moteur`` (imported by the reduced exam): computed by the fast engine once their
assignment is closed, before that stand-ins calling the student's own (``awale_ref.fonctions_eleve``)."""

{EXPORTS}
ABSENT = ("n'est pas installé sur le serveur de la classe (il contiendrait une réponse) ; les notebooks du cours "
          "n'en ont pas besoin.")


def __getattr__(nom: str):
    import importlib.util

    if nom.startswith("__") or importlib.util.find_spec(f"{__name__}.{nom}") is not None:
        raise AttributeError(nom)  # a submodule: the import system loads it
    raise ImportError(f"awale_ref.{nom} {ABSENT}")
'''

def _miroir(module: str) -> types.ModuleType | None:
    """The shipped module whose functions are ``module``'s computed by an engine (it says so: its
    ``REFERENCE``), if any: ``awale_ref.fonctions_moteur`` for the CCINP's, else a subject's own among its
    ``modules_eleves`` (the Olympiades awalé's ``fonctions_moteur``, Othello's bitboards)."""
    import importlib.util

    for nom in sorted(modules_livres()):
        arbre = ast.parse(Path(importlib.util.find_spec(nom).origin).read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Assign) and "REFERENCE" in _cibles(n) for n in arbre.body):
            copie = importlib.import_module(nom)
            if copie.REFERENCE == module:
                return copie
    return None


def appels_de_la_reference(module: str) -> dict[str, list[str]]:
    """Each function defined in ``module`` -> the functions of the module its code calls (read in the full
    reference: the engine's functions call none of each other, the lycée board plugs a student's function where
    the reference calls it)."""
    reference = importlib.import_module(module)
    fonctions = {n: f for n, f in vars(reference).items() if inspect.isfunction(f) and f.__module__ == module}
    return {n: sorted((noms_du_code(f.__code__) & set(fonctions)) - {n}) for n, f in fonctions.items()}


def a_la_place(module: str, notes: set[str]) -> str:
    """What the reduced ``module`` gets in place of its graded functions: for a module the engine's functions
    mirror (:func:`_miroir`), an import of those the engine computes, so that the boards, Part III and each
    visible test (whose other functions are the module's) find them, and the reference's call graph
    (``APPELS_REFERENCE``); else nothing."""
    moteur = _miroir(module)
    if moteur is None:
        return ""
    # in the reference's order: the boards list a subject's functions in its order
    noms = [n for n in vars(importlib.import_module(module)) if n in notes and callable(getattr(moteur, n, None))]
    manquants = donnees_importees(module) & notes - set(noms)
    if manquants:
        raise ErreurPaquet(f"the notebooks import {sorted(manquants)} from {module}, which the engine does not compute")
    return ("\n\n# The graded functions, computed by the fast engine (pipeline.paquet_eleve): no reference here.\n"
            f"from {moteur.__name__} import {', '.join(noms)}  # noqa: E402,F401\n\n"
            f"APPELS_REFERENCE = {appels_de_la_reference(module)!r}\n"
            '"""Each function of the full reference -> the functions of the module its code calls."""\n')


@functools.lru_cache(maxsize=1)
def sources_du_paquet() -> dict[str, str]:
    """``{path in the distribution: source}`` of every Python module the students' package can ship, read from
    the course without writing the package nor trying its functions: each subject's reference module reduced
    (:func:`reference_reduite`), the data of :func:`modules_de_donnees`, and every module shipped as it is
    (:func:`modules_livres`).  A superset: while an assignment is open, the distribution replaces the shipped
    functions that answer one of its graded functions by stand-ins (:func:`retenues`), which this keeps whole.
    The similarity report compares every answer with them (``pipeline.similarite.sources_du_devoir``)."""
    sources = {chemin_du_module(s.module_reference): reference_reduite(s.module_reference, noms_notes(s))
               for s in sujets().values()}
    sources |= {chemin_du_module(m): donnees_seules(m) for m in modules_de_donnees()}
    for module in sorted(modules_livres()):
        sources.setdefault(chemin_du_module(module), inspect.getsource(importlib.import_module(module)))
    return sources


def modules_sql_livres() -> list:
    """The SQL modules whose helpers the students get with the visible library shipped with the package
    (``POUR_LES_ELEVES``, :func:`awale_ref.grading.registre.livraison.fichier_sql`): its file is their
    ``fichier(GRAINE_VISIBLE)``."""
    modules = [module() for s in sujets().values() for g in s.types_de_question
               if callable(module := getattr(g, "sql", None))]
    return [m for m in modules if getattr(m, "POUR_LES_ELEVES", ())]


def ecrire_paquet(dest: Path, fermes: frozenset[str] | set[str] | tuple[str, ...] = frozenset()) -> Path:
    """Write the student distribution's source tree in ``dest`` (``awale_ref/`` and ``pyproject.toml``).

    ``fermes``: the assignments whose due date is past; every other one is open, and no working version of its
    graded functions is written (:func:`retenues`).  By default every assignment is open."""
    from awale_ref.grading.eleve.visibles import module_des_formats

    dest = Path(dest)
    racine = dest / "awale_ref"
    if racine.exists():
        shutil.rmtree(racine)
    (racine / "data").mkdir(parents=True)
    (racine / "grading" / "formats").mkdir(parents=True)
    (racine / "__init__.py").write_text(_init_paquet())
    for chemin in COPIES:
        (racine / chemin).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(PAQUET / chemin, racine / chemin)
    for module in modules_de_donnees():
        _module_vers_chemin(module, dest).parent.mkdir(parents=True, exist_ok=True)
        _module_vers_chemin(module, dest).write_text(donnees_seules(module))
    (racine / "grading" / "formats" / "__init__.py").write_text('"""The answers\' format checks, per subject."""\n')

    def ecrire(module: str, texte: str) -> None:
        cible = _module_vers_chemin(module, dest)
        cible.parent.mkdir(parents=True, exist_ok=True)
        cible.write_text(texte)

    ecrits: list[str] = []
    for module, sujet in sujets().items():
        ecrire(sujet.module_reference, reference_reduite(sujet.module_reference, noms_notes(sujet))
               + a_la_place(sujet.module_reference, noms_notes(sujet)))
        propres = fichiers_des_genres(sujet)
        ecrire(module, _sujet_init(sujet))
        for public in sujet.modules_pour_les_eleves():  # its own and its kinds' (a game's runner side)
            ecrire(public, inspect.getsource(importlib.import_module(public)))
        for relatif, texte in propres.items():  # what its kinds write (a game's visible check, SQL helpers)
            (dest / relatif).parent.mkdir(parents=True, exist_ok=True)
            (dest / relatif).write_text(texte)
        ecrits += propres
        if (sujet.dossier / "gabarits").is_dir():
            shutil.copytree(sujet.dossier / "gabarits", _module_vers_chemin(module, dest).parent / "gabarits",
                            dirs_exist_ok=True)
        ecrire(module_des_formats(module), source_des_formats(sujet))
    a_remplacer, omises = retenues(frozenset(fermes))
    for module in sorted({n.rsplit(".", 1)[0] for n in [*a_remplacer, *omises]}):
        ecrire(module, module_retenu(module, a_remplacer, omises))
    for dossier in [d for d in racine.rglob("*") if d.is_dir()]:  # every folder of modules is a package
        if any(dossier.glob("*.py")) and not (dossier / "__init__.py").exists():
            (dossier / "__init__.py").write_text("")
    verifier_imports(dest, ecrits)
    (racine / "data" / "visibles.json").write_text(visibles_json())
    for sql in modules_sql_livres():
        shutil.copy(sql.fichier(sql.GRAINE_VISIBLE), racine / "data" / "bibliotheque_visible.sqlite")
        (racine / "data" / "bibliotheque_visible.sqlite").chmod(0o444)
    (dest / "pyproject.toml").write_text(PYPROJECT)
    return racine


PYPROJECT = ('[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n\n'
             '[project]\nname = "awale-ref"\nversion = "0.1.0+eleve"\n'
             'description = "awale_ref, student distribution (no reference, no answer, no hidden test)"\n'
             'requires-python = ">=3.11"\n\n[tool.setuptools.packages.find]\ninclude = ["awale_ref*"]\n\n'
             '[tool.setuptools.package-data]\nawale_ref = ["data/*", "gabarits/*", "widget/gabarits/*", '
             '"sujets/*/gabarits/*"]\n')
"""The distribution's ``pyproject.toml`` (:func:`ecrire_paquet`, :func:`installer`)."""


ROLE_ELEVE = ("jupyterhub", "jupyterlab", "notebook", "nbgrader", "ipykernel", "ipywidgets", "matplotlib", "numpy",
              "Jinja2")
"""What a student's server needs besides the package: the single-user server, JupyterLab and nbgrader's
assignment list, the kernel, the pictures and the HTML templates; versions from ``requirements.txt``."""


def contraintes_epinglees() -> str:
    """``requirements.txt`` as pip constraints (the same versions; pip refuses extras in a constraint)."""
    from packaging.requirements import Requirement

    lignes = []
    for ligne in (RACINE / "requirements.txt").read_text().splitlines():
        ligne = ligne.split("#", 1)[0].strip()
        if ligne and not ligne.startswith("-"):
            exigence = Requirement(ligne)
            lignes.append(f"{exigence.name}{exigence.specifier}" + (f"; {exigence.marker}" if exigence.marker else ""))
    return "\n".join(lignes) + "\n"


def installer(env: Path, paquet: Path, pip_args: tuple[str, ...] = (),
              fermes: frozenset[str] | set[str] = frozenset()) -> Path:
    """Create the virtualenv ``env`` with the students' stack (pinned) and the student distribution written in
    ``paquet`` (a folder holding its ``awale_ref/``: :func:`ecrire_paquet`'s, or the grading kernel's,
    ``pipeline.autograde.paquet_noyau.paquet_de_correction()``, when no assignment is closed), copied without its
    compiled files and checked first: nothing it ships answers an assignment not in ``fermes``."""
    env = Path(env).resolve()
    if RACINE in env.parents or env == RACINE:
        raise ErreurPaquet(f"{env} is inside the course folder {RACINE}: the students could not use it once the "
                           f"course is closed to them; choose a folder outside it (/opt/awale-eleves)")
    with tempfile.TemporaryDirectory() as dossier:
        source = Path(dossier) / "paquet"
        shutil.copytree(Path(paquet) / "awale_ref", source / "awale_ref", copy_function=shutil.copyfile,
                        ignore=shutil.ignore_patterns("__pycache__"))
        for chemin in [source, *source.rglob("*")]:  # the grading kernel's tree is read-only: pip builds in this one
            if chemin.is_dir():
                chemin.chmod(0o755)
        (source / "pyproject.toml").write_text(PYPROJECT)
        verifier_retenue(source, fermes)
        if not (env / "bin" / "python").exists():
            subprocess.run([sys.executable, "-m", "venv", str(env)], check=True)
        pip = [str(env / "bin" / "python"), "-m", "pip", "install", "-q", *pip_args]
        contraintes = env / "contraintes.txt"
        contraintes.write_text(contraintes_epinglees())
        subprocess.run([*pip, "-c", str(contraintes), *ROLE_ELEVE], check=True)
        subprocess.run([*pip, "--no-deps", "--force-reinstall", str(source)], check=True)
    for chemin in [env, *env.rglob("*")]:  # readable by every account, writable by none but the installer
        if not chemin.is_symlink():
            chemin.chmod((chemin.stat().st_mode | 0o444 | (0o111 if chemin.is_dir() else 0)) & ~0o022)
    return env


def verifier_retenue(dest: Path, fermes: frozenset[str] | set[str] = frozenset()) -> None:
    """Refuse a distribution in ``dest`` where a shipped function still answers an open graded function."""
    restes = reponses_du_paquet(dest, fermes)
    if restes:
        raise ErreurPaquet(f"the students' environment still answers open questions: {restes}")


def fermes_par_defaut(url: str | None = None) -> frozenset[str]:
    """The assignments closed by their due date in the course's gradebook; none when there is no gradebook."""
    from pipeline.nbgrader_cli import url_gradebook

    url = url or url_gradebook(RACINE)
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).is_file():
        return frozenset()
    return frozenset(devoirs_fermes_du_carnet(url))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Build the students' environment of the class server.")
    parser.add_argument("dest", type=Path, help="the virtualenv to create, outside the course folder")
    parser.add_argument("--paquet-seul", action="store_true", help="write only the package's source tree in DEST")
    parser.add_argument("--fermes", help="comma-separated assignments whose due date is past (their graded "
                                         "functions are shipped); default: the due dates of the course's gradebook")
    parser.add_argument("--gradebook", help="the gradebook's URL (default: the course's)")
    args = parser.parse_args(argv)
    try:
        fermes = lire_fermes(args.fermes) if args.fermes is not None else fermes_par_defaut(args.gradebook)
    except ErreurPaquet as exc:
        parser.error(str(exc))
    print("devoirs fermés (leurs fonctions sont livrées) : " + (", ".join(sorted(fermes)) or "aucun"))
    if args.paquet_seul:
        print(f"écrit {ecrire_paquet(args.dest, fermes)}")
    else:
        with tempfile.TemporaryDirectory() as dossier:
            ecrire_paquet(Path(dossier), fermes)
            print(f"environnement des élèves prêt : {installer(args.dest, Path(dossier), fermes=fermes)}")


if __name__ == "__main__":
    main()
