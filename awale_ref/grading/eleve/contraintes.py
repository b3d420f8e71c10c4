"""The exam's constraints read in the submitted source, following the code: one check for the judge and the kernel.

Q7 must copy without ``deepcopy``, Q20 find a maximum without ``max``, ``min``
or ``sort``, Q10 be recursive.  What is checked is not the graded function
alone but **every piece of the submission it can reach**: starting from the
graded name, every global name its code loads (a helper, a lambda, a list of
functions built at top level, a default argument, a decorator), transitively,
over the code cells up to the point where it is graded.  A name is followed
to the statements that bind it (the last unconditional binding before the
point where it is read, and every later statement that may change it:
``outils.append(…)``, ``outils[0] = …``, ``f(outils)``); calling a name
(``copie(jeu)`` in a test line) does not change it.

In the code reached:

- a forbidden function (``observations.INTERDITS``, the traps' list) under any
  spelling the source shows: a global name (``max``), an attribute on any
  object (``liste.sort``, ``copy.deepcopy``, ``c.deepcopy`` after ``import
  copy as c``), an import (``from copy import deepcopy as d``), a constant
  ``getattr(copy, "deepcopy")``, or a private spelling of it
  (``copy._deepcopy_dispatch``);
- reflection, which would hide one: ``exec``, ``eval``, ``compile``,
  ``__import__``, ``globals``, ``vars``, a computed ``getattr``, any dunder
  attribute (``__closure__``, ``__globals__``, ``__dict__``, …), frames and
  ``sys.modules``, the modules ``gc``, ``ctypes``, ``importlib``, ``inspect``,
  ``operator.attrgetter``/``methodcaller``, and code the check cannot read
  (a module of the submission's folder);

costs the constraint, with a French message naming the cell and the line.
A local variable named ``max``, the word ``sort`` in a string or a comment, a
helper named ``trier`` that does not sort cost nothing.  The exam functions
the graded one calls are the reference's while it is graded: they are not
followed.

The judge calls it on the submitted cells (:func:`awale_ref.grading.correcteur.juge`),
the kernel's ``tester`` and the self-study ``corriger`` on the cells the
kernel ran (:func:`cellules_de`): the same code, the same message.

>>> q = specs.Spec("Qn", "plus_grand", ("valeurs",), "renvoie", list, "le plus grand", module="awale_ref.engine",
...                contraintes=("sans_max_min_sort",))
>>> cellules = [Cellule("cellule de code n°1", "def trier(v):\\n    v.sort()\\n"),
...             Cellule("cellule de code n°2", "def plus_grand(valeurs):\\n    trier(valeurs)\\n")]
>>> print(violation(q, cellules, "plus_grand"))
Qn — plus_grand utilise sort (dans trier, cellule de code n°1, ligne 2 : « v.sort() ») : l'annexe de l'épreuve interdit max, min et sort.
"""

from __future__ import annotations

import ast
import functools
import importlib.metadata
import linecache
import os
import sys
import symtable
import types
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from awale_ref.grading.eleve import specs
from awale_ref.grading.eleve.syntaxe import SOURCE_MAX, analyser, evaluer_appels
from awale_ref.grading.executant import observations

# Reflection: what would let reached code get a forbidden function without naming it.
NOMS_REFLEXION = frozenset({"exec", "eval", "compile", "__import__", "globals", "locals", "vars", "__builtins__",
                            "get_ipython", "breakpoint", "attrgetter", "methodcaller", "__loader__", "__spec__"})
ACCES_PAR_NOM = frozenset({"getattr", "setattr", "delattr", "hasattr"})  # reflection unless the name is constant
ATTRIBUTS_REFLEXION = frozenset({"modules", "_getframe", "f_globals", "f_locals", "f_builtins", "f_back", "f_code",
                                 "gi_frame", "cr_frame", "tb_frame", "co_consts", "attrgetter", "methodcaller"})
DUNDERS_PERMIS = frozenset({"__init__", "__name__", "__doc__"})
MODULES_REFLEXION = frozenset({"gc", "ctypes", "importlib", "inspect", "_ctypes", "_imp", "imp"})
APPARTENANCE = "in"
"""The name under which a membership test on a list being built is found (``_examiner``)."""
REGLES_SOURCE: dict[str, tuple[str, str]] = {
    # constraints about how the code is written, checked in the source only: {constraint: (what, the rule)}
    "sans_in_liste": (APPARTENANCE, "l'énoncé interdit le test d'appartenance in sur la liste qu'on construit "
                                    "(utilisez un dictionnaire ou un tableau de booléens)"),
}
_METHODES_DE_LISTE = frozenset({"append", "extend", "insert"})
_PORTEES = {ast.FunctionDef: None, ast.AsyncFunctionDef: None, ast.ClassDef: None, ast.Lambda: "lambda",
            ast.ListComp: "listcomp", ast.SetComp: "setcomp", ast.DictComp: "dictcomp",
            ast.GeneratorExp: "genexpr"}


@dataclass(frozen=True)
class Cellule:
    """One code cell, in the order it ran: where it is, for the student (« cellule de code n°3 »), and its source."""

    lieu: str
    source: str


@dataclass
class _Instruction:
    """One top-level statement of a cell, and what the check needs of it."""

    lieu: str
    lignes: list[str]
    decalage: int  # lines before the statement's cell text (a cell magic's first line)
    lie: set[str] = field(default_factory=set)          # names it (re)binds unconditionally
    modifie: set[str] = field(default_factory=set)      # global names it binds or may change (not a mere call)
    bases: set[str] = field(default_factory=set)        # global names whose attribute it reads (``x.append(…)``)
    importe: set[str] = field(default_factory=set)      # names it binds to a module (``import copy as c``)
    differes: set[str] = field(default_factory=set)     # global names read when a function it defines runs
    immediats: set[str] = field(default_factory=set)    # global names read when the statement runs
    trouvailles: list[tuple[str, str, int]] = field(default_factory=list)  # (kind, what, line): see _examiner

    def ligne(self, numero: int) -> str:
        texte = self.lignes[numero - 1].strip() if 0 < numero <= len(self.lignes) else ""
        return texte if len(texte) <= 80 else texte[:79] + "…"


# ---------------------------------------------------------------- reading the cells
def vider_caches() -> None:
    """Forget every cell read (the judge calls it after each notebook: nothing of a student's source
    outlives it)."""
    _lire.cache_clear()
    _instructions_cellule.cache_clear()


@functools.lru_cache(maxsize=512)
def _lire(source: str) -> tuple[ast.Module, symtable.SymbolTable, int] | None:
    """The tree and the symbol table of a cell's Python (IPython syntax turned into Python; the body of a
    cell magic such as ``%%time`` is read as the cell's code), and how many lines come before it."""
    from IPython.core.inputtransformer2 import TransformerManager

    if len(source) > SOURCE_MAX:  # never parsed (syntaxe.analyser), not even transformed
        return None
    decalage = 0
    if source.startswith("%%"):
        source, decalage = source.partition("\n")[2], 1
    try:
        code = TransformerManager().transform_cell(source)
        return analyser(code), symtable.symtable(code, "<cellule>", "exec"), decalage
    except Exception:  # not Python: nothing of it can run
        return None


def arbre(source: str) -> ast.Module | None:
    """The tree of a cell's Python (see :func:`_lire`), ``None`` when it is not Python or too long: the one
    parse of a submitted cell, shared by the constraints and the judge's plan (``juge``), cached until
    :func:`vider_caches`."""
    lu = _lire(source)
    return lu[0] if lu is not None else None


def _nom_portee(noeud: ast.AST) -> str:
    return _PORTEES[type(noeud)] or noeud.name  # type: ignore[attr-defined]


class _Lecteur:
    """Walks the top-level statements of one cell with their scopes (``symtable``): which names are global."""

    def __init__(self, table: symtable.SymbolTable) -> None:
        self.table = table
        self.enfants: dict[int, list[symtable.SymbolTable]] = {}
        self.sauter: set[int] = set()  # parts of a scope node already read in the enclosing scope
        self.ins = _Instruction("", [], 0)

    def lire(self, noeud: ast.stmt, instruction: _Instruction) -> None:
        self.ins = instruction
        self._visiter(noeud, self.table, None)

    def _table_de(self, parent: symtable.SymbolTable, noeud: ast.AST) -> symtable.SymbolTable | None:
        restants = self.enfants.setdefault(id(parent), list(parent.get_children()))
        for i, enfant in enumerate(restants):
            if enfant.get_name() == _nom_portee(noeud) and enfant.get_lineno() == noeud.lineno:
                return restants.pop(i)
        return None

    @staticmethod
    def _globale(nom: str, table: symtable.SymbolTable | None) -> bool:
        """``nom`` read in ``table``'s scope is a global (or builtin) one; ``None``: a scope that could not be
        matched, where every name counts as global."""
        if table is None or table.get_type() == "module":
            return True
        try:
            return table.lookup(nom).is_global()
        except KeyError:
            return True

    def _visiter(self, noeud: ast.AST, table: symtable.SymbolTable | None, parent: ast.AST | None) -> None:
        if id(noeud) in self.sauter or isinstance(noeud, ast.expr_context):  # (Load, Store: shared singletons)
            return
        noeud._parent_contrainte = parent  # type: ignore[attr-defined]  # for _appele, up a chain
        if isinstance(noeud, tuple(_PORTEES)):
            self._portee(noeud, table)
            return
        differe = table is not None and table.get_type() != "module"
        lus = self.ins.differes if differe else self.ins.immediats
        if isinstance(noeud, ast.Name) and self._globale(noeud.id, table):
            lus.add(noeud.id)
            if isinstance(noeud.ctx, ast.Load) and isinstance(parent, ast.Attribute) and parent.value is noeud \
                    and isinstance(parent.ctx, ast.Load):
                self.ins.bases.add(noeud.id)  # ``copy.deepcopy(…)`` does not change a module, ``l.append(…)`` a list
            elif not isinstance(noeud.ctx, ast.Load) or not _appele(noeud, parent):
                self.ins.modifie.add(noeud.id)
        elif isinstance(noeud, ast.Attribute):
            # an attribute is followed as a name, and setting one may set a global (``builtins.trier = sorted``,
            # ``c.copy = c.deepcopy`` for every ``import copy``)
            lus.add(noeud.attr)
            if not isinstance(noeud.ctx, ast.Load):
                self.ins.modifie.add(noeud.attr)
        elif (isinstance(noeud, ast.Call) and isinstance(noeud.func, ast.Name) and noeud.func.id in ("setattr", "delattr")
              and len(noeud.args) > 1 and isinstance(noeud.args[1], ast.Constant) and isinstance(noeud.args[1].value, str)):
            self.ins.modifie.add(noeud.args[1].value)
        elif isinstance(noeud, (ast.Global, ast.Nonlocal)):
            self.ins.modifie.update(noeud.names)
        elif isinstance(noeud, (ast.Import, ast.ImportFrom)):
            lies = {n for a in noeud.names if a.name != "*"
                    and self._globale(n := (a.asname or a.name).split(".")[0], table)}
            self.ins.modifie.update(lies)
            if isinstance(noeud, ast.Import):
                self.ins.importe.update(lies)
        self._examiner(noeud, table, parent)
        for enfant in ast.iter_child_nodes(noeud):
            self._visiter(enfant, table, noeud)

    def _portee(self, noeud: ast.AST, table: symtable.SymbolTable | None) -> None:
        """A new scope: what runs in the enclosing one (decorators, defaults, bases, the first iterable), then
        the rest in its own table."""
        if isinstance(noeud, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and self._globale(noeud.name, table):
            self.ins.modifie.add(noeud.name)
        dehors: list[ast.AST] = list(getattr(noeud, "decorator_list", []))
        if isinstance(noeud, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            arguments = noeud.args
            dehors += [d for d in arguments.defaults + arguments.kw_defaults if d is not None]
            dehors += [a.annotation for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs
                       + [arguments.vararg, arguments.kwarg] if a is not None and a.annotation is not None]
            dehors += [noeud.returns] if getattr(noeud, "returns", None) is not None else []
        elif isinstance(noeud, ast.ClassDef):
            dehors += noeud.bases + [k.value for k in noeud.keywords]
        else:  # a comprehension
            dehors.append(noeud.generators[0].iter)  # type: ignore[attr-defined]
        for enfant in dehors:
            self._visiter(enfant, table, noeud)
        self.sauter.update(id(d) for d in dehors)
        interieure = self._table_de(table, noeud) if table is not None else None
        for enfant in ast.iter_child_nodes(noeud):
            self._visiter(enfant, interieure, noeud)

    def _examiner(self, noeud: ast.AST, table: symtable.SymbolTable | None, parent: ast.AST | None) -> None:
        """What a node shows of a forbidden function (``nom``: a global name; ``attribut``: an attribute, an
        imported name) or of reflection, and at which line."""
        ligne = getattr(noeud, "lineno", 0) or getattr(parent, "lineno", 0)
        trouver = self.ins.trouvailles.append
        if isinstance(noeud, ast.Compare):
            for operateur, droite in zip(noeud.ops, noeud.comparators):
                if isinstance(operateur, (ast.In, ast.NotIn)) and _liste_construite(droite, parent):
                    trouver(("appartenance", APPARTENANCE, ligne))
        if isinstance(noeud, ast.Name) and self._globale(noeud.id, table):
            trouver(("nom", noeud.id, ligne))
            if noeud.id in NOMS_REFLEXION or (noeud.id in ACCES_PAR_NOM and not _appele(noeud, parent)):
                trouver(("reflexion", noeud.id, ligne))
        elif isinstance(noeud, ast.Attribute):
            trouver(("attribut", noeud.attr, ligne))
            if (noeud.attr in ATTRIBUTS_REFLEXION | NOMS_REFLEXION | ACCES_PAR_NOM
                    or (_dunder(noeud.attr) and noeud.attr not in DUNDERS_PERMIS)):
                trouver(("reflexion", noeud.attr, ligne))
        elif isinstance(noeud, (ast.Import, ast.ImportFrom)):
            niveau = getattr(noeud, "level", 0) or 0
            modules = [noeud.module or ""] if isinstance(noeud, ast.ImportFrom) else [a.name for a in noeud.names]
            for module in modules:
                racine = module.split(".")[0]
                if racine in MODULES_REFLEXION:
                    trouver(("reflexion", f"le module {racine}", ligne))
                elif niveau or not _module_connu(racine):
                    trouver(("invisible", "." * niveau + module, ligne))
            if isinstance(noeud, ast.ImportFrom):
                for alias in noeud.names:
                    trouver(("attribut", alias.name, ligne))
        elif (isinstance(noeud, ast.Call) and isinstance(noeud.func, ast.Name) and noeud.func.id in ACCES_PAR_NOM
              and self._globale(noeud.func.id, table)):
            nom = noeud.args[1] if len(noeud.args) > 1 else None
            if isinstance(nom, ast.Constant) and isinstance(nom.value, str):
                trouver(("attribut", nom.value, ligne))
                if _dunder(nom.value) and nom.value not in DUNDERS_PERMIS:
                    trouver(("reflexion", nom.value, ligne))
            else:
                trouver(("reflexion", f"{noeud.func.id} avec un nom calculé", ligne))


def _liste_construite(noeud: ast.AST, parent: ast.AST | None) -> bool:
    """``noeud``, the right side of ``x in …``, is a list the code builds: a list display or comprehension,
    ``list(…)``, or a name that the enclosing function (or statement) binds to one or appends to."""
    def liste(valeur: ast.AST) -> bool:
        return isinstance(valeur, (ast.List, ast.ListComp)) or (
            isinstance(valeur, ast.Call) and isinstance(valeur.func, ast.Name) and valeur.func.id == "list")

    if liste(noeud):
        return True
    if not isinstance(noeud, ast.Name):
        return False
    portee = parent
    while portee is not None and not isinstance(portee, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        suivant = getattr(portee, "_parent_contrainte", None)
        if suivant is None:
            break
        portee = suivant
    for n in ast.walk(portee) if portee is not None else ():
        if isinstance(n, ast.Assign) and liste(n.value) and any(
                isinstance(c, ast.Name) and c.id == noeud.id for c in n.targets):
            return True
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _METHODES_DE_LISTE
                and isinstance(n.func.value, ast.Name) and n.func.value.id == noeud.id):
            return True
    return False


def _dunder(nom: str) -> bool:
    return len(nom) > 4 and nom.startswith("__") and nom.endswith("__")


def _appele(noeud: ast.AST, parent: ast.AST | None) -> bool:
    """``noeud`` is only called (``copie(jeu)``, ``outils[0](jeu)``): the call cannot change what it names."""
    while isinstance(parent, ast.Subscript) and parent.value is noeud:
        noeud, parent = parent, getattr(parent, "_parent_contrainte", None)
    return isinstance(parent, ast.Call) and parent.func is noeud


@functools.lru_cache(maxsize=1)
def _modules_installes() -> frozenset[str]:
    return frozenset(importlib.metadata.packages_distributions())


def _charge_hors_du_dossier(racine: str) -> bool:
    """``racine`` is already imported in this process, from files outside the current folder (where a
    submission's own files are): the package a notebook imports first, for instance."""
    spec = getattr(sys.modules.get(racine), "__spec__", None)
    if spec is None:
        return False
    lieux = [spec.origin] if spec.has_location and spec.origin else list(spec.submodule_search_locations or ())
    ici = os.path.join(os.path.realpath(os.getcwd()), "")
    return bool(lieux) and not any(os.path.realpath(lieu).startswith(ici) for lieu in lieux)


def _module_connu(racine: str) -> bool:
    """A module of the standard library or of an installed distribution (not a file of the submission).

    A module already loaded from outside the current folder is known without listing the installed
    distributions (``importlib.metadata.packages_distributions`` reads every one: a fifth of a second)."""
    return (racine in sys.stdlib_module_names or _charge_hors_du_dossier(racine)
            or racine in _modules_installes())


def _lies(noeud: ast.stmt) -> set[str]:
    """The names a top-level statement binds whatever happens (a def, a class, an assignment, an import)."""
    if isinstance(noeud, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {noeud.name}
    if isinstance(noeud, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in noeud.names if a.name != "*"}
    cibles = list(noeud.targets) if isinstance(noeud, ast.Assign) else (
        [noeud.target] if isinstance(noeud, ast.AnnAssign) and noeud.value is not None else [])
    noms: set[str] = set()
    while cibles:
        cible = cibles.pop()
        if isinstance(cible, ast.Name):
            noms.add(cible.id)
        elif isinstance(cible, (ast.Tuple, ast.List)):
            cibles.extend(cible.elts)
    return noms


@functools.lru_cache(maxsize=512)
def _instructions_cellule(lieu: str, source: str) -> tuple[_Instruction, ...]:
    lu = _lire(source)
    if lu is None:
        return ()
    arbre, table, decalage = lu
    lignes = source.splitlines()
    lecteur = _Lecteur(table)
    instructions = []
    for noeud in arbre.body:
        instructions.append(_Instruction(lieu, lignes, decalage, lie=_lies(noeud)))
        lecteur.lire(noeud, instructions[-1])
    return tuple(instructions)


def _instructions(cellules: Sequence[Cellule]) -> list[_Instruction]:
    return [ins for c in cellules for ins in _instructions_cellule(c.lieu, c.source)]


# ---------------------------------------------------------------- following the graded function
def _atteintes(instructions: list[_Instruction], nom: str, remplacees: set[str]) -> list[tuple[int, str]]:
    """The statements the code of ``nom`` can reach, in order, each with the name it was reached by."""
    atteintes: dict[int, str] = {}
    a_suivre = [(nom, len(instructions))]
    vus: set[tuple[str, int]] = set()
    while a_suivre:
        suivi, position = a_suivre.pop()
        if (suivi, position) in vus or (suivi in remplacees and suivi != nom):
            continue
        vus.add((suivi, position))
        debut = max((i for i in range(min(position, len(instructions))) if suivi in instructions[i].lie), default=0)
        module = suivi in instructions[debut].importe if instructions else False
        for i in range(debut, len(instructions)):
            ins = instructions[i]
            if i in atteintes or not (suivi in ins.modifie or (suivi in ins.bases and not module)):
                continue
            atteintes[i] = suivi
            a_suivre += [(n, len(instructions)) for n in ins.differes]  # read when the function runs: at the end
            a_suivre += [(n, i) for n in ins.immediats]                 # read when the statement runs
    return sorted(atteintes.items())


def _remplacees(spec: specs.Spec) -> set[str]:
    """The exam functions that are the reference's while ``spec``'s function is graded (never followed)."""
    module = spec.module_reference()
    return {n for n, v in vars(module).items() if isinstance(v, types.FunctionType)
            and v.__module__ == module.__name__ and not n.startswith("_")} - {spec.nom}


def _correspond(sorte: str, trouve: str, interdit: str) -> bool:
    """A global name is forbidden under its own name; an attribute or an imported name also under a private
    spelling of it (``copy._deepcopy_dispatch``)."""
    return trouve == interdit or (sorte == "attribut" and trouve.startswith("_")
                                  and trouve.lstrip("_").startswith(interdit))


def definie(cellules: Sequence[Cellule], nom: str) -> bool:
    """Some statement of the cells binds ``nom`` where the check can read it (not through ``exec``)."""
    return any(nom in ins.modifie for ins in _instructions(cellules))


def verifiees(spec: specs.Spec) -> dict[str, str]:
    """``{forbidden name: the rule, in French}`` of the constraints of ``spec`` checked in the source."""
    regles = {nom: observations.REGLES_INTERDITS[c] for c in spec.contraintes for nom in observations.INTERDITS.get(c, ())}
    return regles | {REGLES_SOURCE[c][0]: REGLES_SOURCE[c][1] for c in spec.contraintes if c in REGLES_SOURCE}


def violation(spec: specs.Spec, cellules: Sequence[Cellule], nom: str | None = None) -> str | None:
    """French reason when the code ``nom`` (the graded function, ``spec.nom`` by default) can reach in
    ``cellules`` uses a function the exam forbids, or reflection; ``None`` when it keeps the constraints
    (or when the question has none of these, or ``nom`` is bound nowhere the check can read)."""
    regles = verifiees(spec)
    if not regles:
        return None
    nom = nom or spec.nom
    instructions = _instructions(cellules)
    atteintes = _atteintes(instructions, nom, _remplacees(spec))
    regle = " ; ".join(dict.fromkeys(regles.values()))
    for i, par in atteintes:
        ins = instructions[i]
        for sorte, quoi, ligne in ins.trouvailles:
            interdit = next((n for n in regles if sorte in ("nom", "attribut") and _correspond(sorte, quoi, n)), None)
            if sorte == "appartenance":
                if quoi not in regles:
                    continue
                interdit = quoi
            if interdit is None and sorte in ("nom", "attribut"):
                continue
            ou = (f"{'dans ' + par + ', ' if par != nom else ''}{ins.lieu}, ligne {ligne + ins.decalage} : "
                  f"« {ins.ligne(ligne + ins.decalage)} »")
            if interdit is not None:
                nomme = interdit if quoi == interdit else f"{interdit} sous le nom {quoi}"
                return f"{spec.question} — {spec.nom} utilise {nomme} ({ou}) : {regles[interdit]}."
            if sorte == "invisible":
                return (f"{spec.question} — {spec.nom} utilise le module {quoi}, que le correcteur ne peut pas lire "
                        f"({ou}) : la contrainte « {regle} » ne peut pas être vérifiée, ses points sont perdus.")
            return (f"{spec.question} — {spec.nom} utilise l'introspection ({quoi}, {ou}) : le correcteur ne peut "
                    f"pas vérifier la contrainte « {regle} » dans un tel code, ses points sont perdus.")
    return None


def introuvable(spec: specs.Spec, nom: str | None = None) -> str:
    """French reason when the graded function is bound nowhere the check can read (``exec``, a file)."""
    regle = " ; ".join(dict.fromkeys(verifiees(spec).values()))
    return (f"{spec.question} — {nom or spec.nom} n'est défini par aucune instruction lisible des cellules de code "
            f"(exec, fichier, magie) : le correcteur ne peut pas vérifier la contrainte « {regle} », ses points "
            f"sont perdus.")


def recursion_absente(spec: specs.Spec, cellules: Sequence[Cellule], nom: str | None = None) -> str | None:
    """French reason when the function must be recursive and no code it reaches ever calls it again.

    ``None`` when the question does not ask for recursion or the function is
    bound nowhere the check can read.  Only that rule family is lost
    (partial credit); at run time the judge also checks that a harvest of
    several pits went through several calls.
    """
    if "recursive" not in spec.contraintes:
        return None
    nom = nom or spec.nom
    instructions = _instructions(cellules)
    atteintes = _atteintes(instructions, nom, _remplacees(spec))
    if not atteintes or any(nom in instructions[i].differes for i, _ in atteintes):
        return None
    lieu = instructions[atteintes[-1][0]].lieu if atteintes else ""
    return (f"{spec.question} — {nom} ({lieu}) doit être récursive : elle doit s'appeler elle-même "
            f"(l'énoncé l'exige), or elle ne le fait jamais.")


# ---------------------------------------------------------------- the cells, kernel side
def cellules_de(fonction: Callable) -> list[Cellule] | None:
    """The cells a function of the kernel comes from: every cell the IPython kernel ran, in order, for a
    function of the notebook; the file of a function defined in a file; ``None`` when its source is nowhere
    (``exec`` of a string): then only the run-time traps watch it."""
    if not isinstance(fonction, types.FunctionType):
        return None
    try:
        from IPython import get_ipython

        ip = get_ipython()
    except Exception:
        ip = None
    historique = getattr(getattr(ip, "history_manager", None), "input_hist_raw", None)
    if historique and fonction.__module__ == "__main__":
        return [Cellule(f"cellule In [{n}]", source) for n, source in enumerate(historique) if n and source]
    lignes = linecache.getlines(fonction.__code__.co_filename)
    if lignes:
        return [Cellule(f"fichier {fonction.__code__.co_filename}", "".join(lignes))]
    return None


def cellules_du_notebook(etapes: Iterable, jusqua: int) -> list[Cellule]:
    """The judge's cells: the submitted code cells before step ``jusqua`` (``juge.CelluleDeCode``; test cells left out)."""
    return [Cellule(f"cellule de code n°{e.index + 1}", e.source) for e in list(etapes)[:jusqua] if not e.questions]


# ---------------------------------------------------------------- the judge's parse step
@dataclass(frozen=True)
class Lecture:
    """What the submitted cells say of one function question, read in the source before anything runs (the
    *parse* step of a verdict's path, ``juge._une_question``), as plain French strings:

    ``raison``: the constraint the code breaks (the question fails, nothing is run); ``recursion``: why the
    ``recursive`` family is lost (no code the function reaches calls it again); ``introuvable``: the verdict
    of a function no readable statement defines (``exec``, a file), given if the runner finds it;
    ``exemples``: the arguments, as source, of the test cell's visible calls (:func:`appels_visibles`: its
    cases are run first).
    """

    raison: str | None = None
    recursion: str | None = None
    introuvable: str | None = None
    exemples: tuple[tuple[str, ...], ...] = ()


def lire_question(spec: specs.Spec | None, etapes: Iterable, jusqua: int, source_exemples: str = "") -> Lecture:
    """Read the submitted code cells before step ``jusqua`` (``juge.CelluleDeCode``) for ``spec``'s constraints, and
    the test cell's visible calls in ``source_exemples``; an empty :class:`Lecture` for a question that has no
    spec (a value, a query, a game)."""
    if spec is None:
        return Lecture()
    cellules = cellules_du_notebook(etapes, jusqua)
    # bound by exec or a file: lost if the runner finds it here (absent, it is looked for at the end)
    perdue = introuvable(spec) if verifiees(spec) and not definie(cellules, spec.nom) else None
    exemples = appels_visibles(spec.question, source_exemples)
    raison = violation(spec, cellules)
    if raison:
        return Lecture(raison=raison, introuvable=perdue, exemples=exemples)
    return Lecture(recursion=recursion_absente(spec, cellules), introuvable=perdue, exemples=exemples)


def noms_lus(source: str) -> set[str]:
    """The names a cell's code reads or writes (none when it cannot be parsed): read on the one parse of the
    cell (:func:`arbre`)."""
    lu = arbre(source)
    return {n.id for n in ast.walk(lu) if isinstance(n, ast.Name)} if lu else set()


def appels_visibles(question: str, source: str) -> tuple[tuple[str, ...], ...]:
    """The arguments, as Python source, of the visible ``tester(question, f, *args)`` calls of a test cell
    (the teacher's, restored from the gradebook), read on the one parse of that cell (:func:`arbre`)."""
    lu = arbre(source)
    return tuple(tuple(ast.unparse(a) for a in noeud.args[2:]) for noeud in (ast.walk(lu) if lu else ())
                 if isinstance(noeud, ast.Call) and getattr(noeud.func, "id", None) == "tester"
                 and len(noeud.args) >= 2 and isinstance(noeud.args[0], ast.Constant)
                 and noeud.args[0].value == question)


def expressions_de_l_appel(question: str) -> tuple[str, ...] | None:
    """The arguments, as the test cell wrote them, of the ``tester(question, f, *args)`` call running now:
    read in the source of the first calling frame outside ``awale_ref`` (a notebook cell: IPython keeps its
    source in ``linecache``), on the lines of that frame's current call; ``None`` when it cannot be read."""
    paquet = __file__.rsplit("/grading/", 1)[0]
    cadre = sys._getframe(1)
    while cadre is not None and cadre.f_code.co_filename.startswith(paquet):
        cadre = cadre.f_back
    if cadre is None:
        return None
    source = "".join(linecache.getlines(cadre.f_code.co_filename))
    try:
        lu = analyser(source)
    except (SyntaxError, ValueError):  # SourceTropLongue is a ValueError
        lu = None
    for noeud in ast.walk(lu) if lu else ():
        fonction = getattr(noeud, "func", None)
        nom = getattr(fonction, "id", None) or getattr(fonction, "attr", None)
        if (isinstance(noeud, ast.Call) and nom == "tester"
                and noeud.lineno <= cadre.f_lineno <= (noeud.end_lineno or noeud.lineno) and len(noeud.args) >= 2
                and isinstance(noeud.args[0], ast.Constant) and noeud.args[0].value == question
                and not any(isinstance(a, ast.Starred) for a in noeud.args)):
            return tuple(ast.unparse(a) for a in noeud.args[2:])
    return None


def exemples_visibles(question: str, source: str, reference: types.ModuleType) -> list[tuple]:
    """The arguments of the visible ``tester(question, f, *args)`` calls of a test cell, evaluated with the
    reference (an example that does not evaluate is left out)."""
    return evaluer_appels(appels_visibles(question, source), vars(reference))
