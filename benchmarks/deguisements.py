"""Ways a student may disguise a copy, for the evasion benchmark (``bench_evasion.py``) and its sample in
``tests/test_similarite.py``: each takes a notebook handed in (the cells of the answers) or one answer's
code, and returns it disguised, doing what the code did."""

from __future__ import annotations

import copy

import nbformat


def _solutions(nb: nbformat.NotebookNode) -> list[int]:
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
            and c.get("metadata", {}).get("nbgrader", {}).get("solution")]


def reponses_deplacees(nb: nbformat.NotebookNode, stub: str) -> nbformat.NotebookNode:
    """Every answer moved into a new cell at the end of the notebook, with metadata of its own (a relabelled
    ``grade_id``, not marked as an answer); the answer cells left with the release's ``stub``."""
    nb = copy.deepcopy(nb)
    for n, i in enumerate(_solutions(nb)):
        nouvelle = nbformat.v4.new_code_cell(nb.cells[i].source)
        nouvelle.metadata["nbgrader"] = {"grade_id": f"brouillon_{n}", "solution": False, "grade": False}
        nb.cells.append(nouvelle)
        nb.cells[i].source = stub
    return nb


def metadonnees_renommees(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The answers left where they are, their ``grade_id`` relabelled and their ``solution`` mark removed."""
    nb = copy.deepcopy(nb)
    for n, i in enumerate(_solutions(nb)):
        nb.cells[i].metadata["nbgrader"].update(grade_id=f"cellule_{n}", solution=False)
    return nb


def tout_dans_la_premiere(nb: nbformat.NotebookNode, stub: str) -> nbformat.NotebookNode:
    """Every answer written in the first answer cell; the others left with the release's ``stub``."""
    nb = copy.deepcopy(nb)
    indices = _solutions(nb)
    if indices:
        nb.cells[indices[0]].source = "\n\n".join(nb.cells[i].source for i in indices)
        for i in indices[1:]:
            nb.cells[i].source = stub
    return nb


# ---------------------------------------------------------------- disguising one answer's code
import ast  # noqa: E402
import builtins  # noqa: E402
import re  # noqa: E402
import zlib  # noqa: E402

_BUILTINS = frozenset(dir(builtins))


def _reecrit(code: str, transformateur: ast.NodeTransformer) -> str:
    arbre = transformateur.visit(ast.parse(code))
    return ast.unparse(ast.fix_missing_locations(arbre)) + "\n"


class _Renommage(ast.NodeTransformer):
    """Every name the code defines (functions, parameters, variables) renamed; builtins and names from
    elsewhere kept (the code must still run)."""

    def __init__(self, definis: set[str]) -> None:
        # the same new name for a name in every cell of a notebook (the notebook must still run)
        self.table = {nom: f"{nom[:1]}_{zlib.crc32(nom.encode()):08x}" for nom in definis}

    def visit_Name(self, noeud: ast.Name) -> ast.AST:
        noeud.id = self.table.get(noeud.id, noeud.id)
        return noeud

    def visit_arg(self, noeud: ast.arg) -> ast.AST:
        noeud.arg = self.table.get(noeud.arg, noeud.arg)
        return noeud

    def visit_FunctionDef(self, noeud: ast.FunctionDef) -> ast.AST:
        noeud.name = self.table.get(noeud.name, noeud.name)
        self.generic_visit(noeud)
        return noeud


def renommer(code: str, garder: frozenset[str] = frozenset()) -> str:
    """Every variable, parameter and function the code defines renamed, but the names in ``garder`` (the
    answer's own function, which the tests call)."""
    arbre = ast.parse(code)
    definis = {n.id for n in ast.walk(arbre) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    definis |= {n.arg for n in ast.walk(arbre) if isinstance(n, ast.arg)}
    definis |= {n.name for n in ast.walk(arbre) if isinstance(n, ast.FunctionDef)}
    return _reecrit(code, _Renommage(definis - garder - _BUILTINS))


def _noms(noeud: ast.AST) -> tuple[set[str], set[str], bool]:
    ecrits = {n.id for n in ast.walk(noeud) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    lus = {n.id for n in ast.walk(noeud) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    effet = any(isinstance(n, (ast.Call, ast.Return, ast.Break, ast.Continue, ast.Raise, ast.Yield))
                or isinstance(n, (ast.Subscript, ast.Attribute)) and not isinstance(n.ctx, ast.Load)
                for n in ast.walk(noeud))
    return ecrits, lus, effet


class _Reordonner(ast.NodeTransformer):
    """Two neighbouring statements swapped wherever they are independent (no name one writes and the other
    reads or writes, no call, no return); the functions of the cell in reverse order."""

    def _bloc(self, bloc: list[ast.stmt]) -> list[ast.stmt]:
        bloc = list(bloc)
        i = 0
        while i + 1 < len(bloc):
            (ea, la, fa), (eb, lb, fb) = _noms(bloc[i]), _noms(bloc[i + 1])
            if not (fa or fb or ea & lb or la & eb or ea & eb) and not any(
                    isinstance(s, (ast.FunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)) for s in bloc[i:i + 2]):
                bloc[i], bloc[i + 1] = bloc[i + 1], bloc[i]
                i += 2
            else:
                i += 1
        return bloc

    def generic_visit(self, noeud: ast.AST) -> ast.AST:
        super().generic_visit(noeud)
        for champ in ("body", "orelse", "finalbody"):
            bloc = getattr(noeud, champ, None)
            if isinstance(bloc, list) and bloc and isinstance(bloc[0], ast.stmt):
                setattr(noeud, champ, self._bloc(bloc))
        if isinstance(noeud, ast.Module):
            fonctions = [s for s in noeud.body if isinstance(s, ast.FunctionDef)]
            autres = iter(reversed(fonctions))
            noeud.body = [next(autres) if isinstance(s, ast.FunctionDef) else s for s in noeud.body]
        return noeud


def reordonner(code: str) -> str:
    return _reecrit(code, _Reordonner())


class _CodeMort(ast.NodeTransformer):
    """A dead statement after every statement of every block."""

    def generic_visit(self, noeud: ast.AST) -> ast.AST:
        super().generic_visit(noeud)
        for champ in ("body", "orelse", "finalbody"):
            bloc = getattr(noeud, champ, None)
            if isinstance(bloc, list) and bloc and isinstance(bloc[0], ast.stmt) and not isinstance(noeud, ast.Module):
                nouveau = []
                for k, s in enumerate(bloc):
                    if isinstance(s, (ast.Return, ast.Raise, ast.Break, ast.Continue)):
                        nouveau.append(ast.parse(f"_ = {k}").body[0])
                    nouveau.append(s)
                    if not isinstance(s, (ast.Return, ast.Raise, ast.Break, ast.Continue)):
                        nouveau.append(ast.parse(f"_ = {k}").body[0])
                setattr(noeud, champ, nouveau)
        return noeud


def code_mort(code: str) -> str:
    """``_ = k`` inserted next to every statement of every function."""
    return _reecrit(code, _CodeMort())


def commentaires(code: str) -> str:
    """A comment line and a blank line before every line that starts a statement, a comment at its end
    (but after a line continuation)."""
    debuts = {n.lineno for n in ast.walk(ast.parse(code)) if isinstance(n, ast.stmt)}
    sortie = []
    for numero, ligne in enumerate(code.splitlines(), 1):
        if numero in debuts:
            indentation = ligne[:len(ligne) - len(ligne.lstrip())]
            sortie += ["", f"{indentation}# étape {numero} : voir le cours"]
            ligne += "" if ligne.rstrip().endswith("\\") else f"  # ligne {numero}"
        sortie.append(ligne)
    return "\n".join(sortie) + "\n"


class _ForWhile(ast.NodeTransformer):
    """``for i in range(a, b): …`` (no ``continue``, ``break`` or ``else``) -> ``i = a`` ``while i < b: …; i += 1``."""

    def visit_For(self, noeud: ast.For) -> ast.AST:
        self.generic_visit(noeud)
        it = noeud.iter
        if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range"
                and 1 <= len(it.args) <= 2 and not it.keywords and isinstance(noeud.target, ast.Name)
                and not noeud.orelse
                and not any(isinstance(n, (ast.Continue, ast.Break)) for s in noeud.body for n in ast.walk(s))):
            return noeud
        i = noeud.target.id
        debut, fin = (it.args if len(it.args) == 2 else [ast.Constant(0), it.args[0]])
        init = ast.Assign([ast.Name(i, ast.Store())], debut)
        boucle = ast.While(ast.Compare(ast.Name(i, ast.Load()), [ast.Lt()], [fin]),
                           noeud.body + [ast.AugAssign(ast.Name(i, ast.Store()), ast.Add(), ast.Constant(1))], [])
        return [init, boucle]


def for_while(code: str) -> str:
    """Every ``for`` on a range written as a ``while``."""
    return _reecrit(code, _ForWhile())


def fonction_auxiliaire(code: str) -> str:
    """An extra helper function, which every ``return`` of the code calls on its value."""
    arbre = ast.parse(code)
    noms = {n.id for n in ast.walk(arbre) if isinstance(n, ast.Name)} | {
        n.name for n in ast.walk(arbre) if isinstance(n, ast.FunctionDef)}
    aide = next(f"resultat{i}" for i in range(100) if f"resultat{i}" not in noms)

    class _Appel(ast.NodeTransformer):
        def visit_Return(self, noeud: ast.Return) -> ast.AST:
            if noeud.value is not None:
                noeud.value = ast.Call(ast.Name(aide, ast.Load()), [noeud.value], [])
            return noeud

    corps = _reecrit(code, _Appel())
    return f"def {aide}(valeur):\n    \"\"\"La valeur rendue.\"\"\"\n    return valeur\n\n\n{corps}"


def tout(code: str, garder: frozenset[str] = frozenset()) -> str:
    """Every disguise of one answer's code, one after the other."""
    return commentaires(fonction_auxiliaire(for_while(code_mort(reordonner(renommer(code, garder))))))


DEGUISEMENTS_DU_CODE = {"renommage": renommer, "ordre": reordonner, "code mort": code_mort,
                        "commentaires": commentaires, "for/while": for_while,
                        "fonction auxiliaire": fonction_auxiliaire, "tout": tout}
"""The disguises of one answer's code, by the name the benchmark prints."""


def applicable(code: str) -> bool:
    """Whether the code parses (a disguise rewrites the syntax tree)."""
    try:
        ast.parse(code)
    except SyntaxError:
        return False
    return bool(re.search(r"\S", code))
