"""What the kinds of question ship to the students' environment, built from their modules.

A kind of question (:mod:`awale_ref.grading.registre.types_question`) says what the students' environment of the
class server (``pipeline.paquet_eleve``) gets for its questions beyond its modules shipped as they are
(``modules_eleves``): its files (``fichiers_eleves``: path in the distribution -> source) and the names
the subject's package forwards to them (``noms_eleves``).  The kinds that write such files build them
here: :func:`fichier_de_partie` (a whole game's visible check) and :func:`fichier_sql` (the SQL
questions' helpers).  ``pipeline.paquet_eleve`` writes what each kind returns, and checks that every
``awale_ref`` module such a file imports is in the distribution.

>>> chemin_du_module("awale_ref.grading.eleve.visibles"), chemin_du_module("awale_ref.grading")
('awale_ref/grading/eleve/visibles.py', 'awale_ref/grading/__init__.py')
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import types

from awale_ref.grading.eleve.syntaxe import analyser


class PasLivrable(ValueError):
    """What a kind of question would ship cannot go to the students' environment as it is declared."""


def chemin_du_module(module: str) -> str:
    """Where ``module`` goes in the distribution, relative to its root (a package: its ``__init__.py``)."""
    try:
        spec = importlib.util.find_spec(module)
    except ModuleNotFoundError:  # a module of the distribution only (the format checks)
        spec = None
    chemin = module.replace(".", "/")
    return f"{chemin}/__init__.py" if spec is not None and spec.submodule_search_locations else f"{chemin}.py"


def noms_du_code(code: types.CodeType) -> set[str]:
    """The global and attribute names ``code`` reads, nested functions and comprehensions included."""
    noms = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            noms |= noms_du_code(const)
    return noms


def imports_du_paquet(source: str) -> list[tuple[str, str]]:
    """``(module, name)`` of each ``awale_ref`` import of ``source`` (``name`` empty for ``import m``): what the
    distribution must hold for that source to load.

    >>> imports_du_paquet("import awale_ref.tree\\nfrom awale_ref.grading.executant import requetes\\nimport html")
    [('awale_ref.tree', ''), ('awale_ref.grading.executant', 'requetes')]
    """
    trouves = []
    for noeud in ast.walk(analyser(source)):
        if isinstance(noeud, ast.Import):
            trouves += [(a.name, "") for a in noeud.names if a.name.split(".")[0] == "awale_ref"]
        elif isinstance(noeud, ast.ImportFrom) and (noeud.module or "").split(".")[0] == "awale_ref":
            trouves += [(noeud.module, a.name) for a in noeud.names]
    return trouves


def fichier_de_partie(verifier, module_correction: str) -> dict[str, str]:
    """The visible check of a question whose function plays a whole game (``PartieEntiere.verifier``), in the
    module the student distribution keeps it in (``visibles.module_de_partie``): that function and the
    functions of its module it reaches, copied (the module's answers are not), with the imports they use; it
    plays on the reduced reference, whose graded functions are the engine's."""
    from awale_ref.grading.eleve.visibles import module_de_partie

    module = importlib.import_module(verifier.__module__)
    locales = {n: f for n, f in vars(module).items() if inspect.isfunction(f) and f.__module__ == module.__name__}
    gardees, a_voir = [], [verifier.__name__]
    while a_voir:
        nom = a_voir.pop()
        if nom not in gardees:
            gardees.append(nom)
            a_voir += sorted((noms_du_code(locales[nom].__code__) & set(locales)) - set(gardees))
    utilises = set().union(*(noms_du_code(locales[n].__code__) for n in gardees))
    imports = []
    for noeud in analyser(inspect.getsource(module)).body:
        if isinstance(noeud, ast.ImportFrom) and noeud.module == "__future__":
            imports.append(ast.unparse(noeud))
        elif isinstance(noeud, (ast.Import, ast.ImportFrom)):
            lies = [a for a in noeud.names if (a.asname or a.name).split(".")[0] in utilises]
            if lies:
                noeud.names = lies
                imports.append(ast.unparse(noeud))
    copies = "\n\n".join(inspect.getsource(locales[n]) for n in reversed(gardees))
    return {chemin_du_module(module_de_partie(module_correction)):
            '"""The whole-game check of the visible tests, student distribution (pipeline.paquet_eleve)."""\n\n'
            + "\n".join(imports) + "\n\n\n" + copies + f"\n\nverifier = {verifier.__name__}\n"}


def fichier_sql(sql: types.ModuleType, modules_eleves: tuple[str, ...]) -> dict[str, str]:
    """The SQL questions' helpers, in the place of the SQL module (``QuestionsSQL.sql()``), which names what
    goes there: the module shipped in its place (``MODULE_ELEVES``: one of the subject's ``modules_eleves``,
    its visible database and ``montrer_requete``, no reference query), or the helpers copied from it
    (``POUR_LES_ELEVES``: ``montrer_requete``, its table from :mod:`awale_ref.grading.eleve.table_requete`, on the
    visible library shipped with the package).
    It must say one or the other (:class:`PasLivrable`)."""
    if getattr(sql, "MODULE_ELEVES", None):
        if sql.MODULE_ELEVES not in modules_eleves:
            raise PasLivrable(f"MODULE_ELEVES of {sql.__name__} is {sql.MODULE_ELEVES}, which is not among the "
                              f"subject's modules_eleves")
        return {chemin_du_module(sql.__name__):
                f'"""{sql.__name__}, student distribution: the module shipped in its place, '
                f'``{sql.MODULE_ELEVES}`` (its visible database, no reference query)."""\n\nimport importlib\n'
                f"import sys\n\nsys.modules[__name__] = importlib.import_module({sql.MODULE_ELEVES!r})\n"}
    if not getattr(sql, "POUR_LES_ELEVES", ()):
        raise PasLivrable(f"{sql.__name__} declares neither POUR_LES_ELEVES nor MODULE_ELEVES: what of its SQL "
                          f"questions goes to the students' environment?")
    copies = "\n\n".join(inspect.getsource(getattr(sql, n)) for n in sql.POUR_LES_ELEVES)
    return {chemin_du_module(sql.__name__):
            '"""The SQL questions\' helpers, student distribution: the visible library is shipped with the '
            'package (pipeline.paquet_eleve)."""\n\nfrom __future__ import annotations\n\nimport html\n'
            "import sqlite3\nfrom dataclasses import dataclass\nfrom typing import Any\n\n"
            "from awale_ref.grading.executant import requetes\nfrom awale_ref.grading.eleve.table_requete import TableRequete\n"
            "from awale_ref.grading.eleve.visibles import BIBLIOTHEQUE\n\n"
            "ErreurRequete = requetes.ErreurRequete\nReponse = requetes.Reponse\nexecuter = requetes.executer_requete\n"
            f"GRAINE_VISIBLE = {sql.GRAINE_VISIBLE!r}\n\n\n"
            "proteger = requetes.proteger\n\n\n"
            "def _bibliotheque(graine: int) -> sqlite3.Connection:\n"
            "    if graine != GRAINE_VISIBLE:\n"
            "        raise ValueError(f'only the visible library ({GRAINE_VISIBLE}) is here, not {graine}')\n"
            "    return sqlite3.connect(f'file:{BIBLIOTHEQUE}?mode=ro', uri=True)\n\n\n"
            "def ouvrir(graine: int) -> sqlite3.Connection:\n"
            "    return proteger(_bibliotheque(graine))\n\n\n"
            "def preparer_bibliotheques(graines=None) -> None:\n"
            '    """Nothing to prepare: the visible library is part of the students\' environment."""\n\n\n'
            + copies + '\n\n__all__ = ["montrer_requete", "preparer_bibliotheques"]\n'}
