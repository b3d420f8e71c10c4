"""The tools the test files share (``tests/outils.py``), and the rule that keeps them shared: a test module imports
no other test module (what two files need goes to ``tests/outils.py``)."""

from __future__ import annotations

import ast
import socket
from pathlib import Path

import outils

DOSSIER = Path(__file__).resolve().parent


def _modules_importes(chemin: Path) -> set[str]:
    """Every module ``chemin`` imports, at the top or inside a function."""
    noms: set[str] = set()
    for noeud in ast.walk(ast.parse(chemin.read_text(encoding="utf-8"))):
        if isinstance(noeud, ast.Import):
            noms |= {alias.name for alias in noeud.names}
        elif isinstance(noeud, ast.ImportFrom) and noeud.module and not noeud.level:
            noms.add(noeud.module)
            noms |= {f"{noeud.module}.{alias.name}" for alias in noeud.names}
    return noms


def test_no_test_module_imports_another_test_module():
    modules_de_test = {p.stem for p in DOSSIER.glob("test_*.py")}
    fautes = {}
    for chemin in sorted(DOSSIER.rglob("*.py")):
        importes = {nom for nom in _modules_importes(chemin)
                    if nom.removeprefix("tests.") in modules_de_test}
        if importes:
            fautes[str(chemin.relative_to(DOSSIER))] = sorted(importes)
    assert not fautes, f"test modules imported by other modules (move what they share to tests/outils.py): {fautes}"


def test_a_free_port_can_be_listened_on():
    port = outils.port_libre()
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))
        s.listen()
        assert s.getsockname()[1] == port


def test_a_cell_runs_dedented_as_main_in_its_own_namespace_or_the_one_given():
    espace = outils.cellule("""
        import sys
        def f(x):
            return x + 1
        nom = __name__
        ligne = sys._getframe().f_code.co_filename
    """)
    assert espace["f"](1) == 2 and espace["nom"] == "__main__" and espace["ligne"] == "<ipython-input-1>"
    donne = {"__name__": "__main__", "deplacer": lambda c, d: c + d}
    assert outils.cellule("y = deplacer(1, 2)\n", donne) is donne and donne["y"] == 3
