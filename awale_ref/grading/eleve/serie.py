"""Every example of a test cell reported, the cell failing once at its end.

A test cell runs several visible examples, one ``tester(...)`` line each.
In a notebook (IPython), a cell with two or more such top-level lines is run
as a *series* (:class:`SerieExemples`, an IPython AST transformer installed
when the grading helpers are imported): an example that fails no longer
stops the cell; it is marked in its place (« ✘ exemple n° 2 ») and the cell
goes on to the next example; after the last ``tester(...)`` line, the cell
raises one :class:`~awale_ref.grading.eleve.resultat.EchecTest` (one verdict block,
every failing example with its input, expected and obtained), so that the
cell still fails (nbgrader's self-check gives it 0) and what follows the
examples (the full check) runs only when they all pass, as before.

Only failed visible tests (``AssertionError``, which ``EchecTest`` is) are
collected; any other error (a function not yet defined) stops the cell as
usual.  Which lines are examples is derived from the cell's code: a
top-level call of the name ``tester`` (:data:`NOM`).

>>> source = "tester('Q4', f, 1)\\nx = 2\\ntester('Q4', f, 3)\\ncorriger('Q4', f)"
>>> print(ast.unparse(SerieExemples().visit(ast.parse(source))))  # doctest: +NORMALIZE_WHITESPACE
__serie_awale__ = __import__('awale_ref.grading.eleve.serie', fromlist=['Serie']).Serie()
with __serie_awale__.exemple():
    tester('Q4', f, 1)
x = 2
with __serie_awale__.exemple():
    tester('Q4', f, 3)
__serie_awale__.bilan()
corriger('Q4', f)
"""

from __future__ import annotations

import ast
import contextlib
from collections.abc import Iterator
from typing import Any

NOM = "tester"
"""The notebooks' visible-test helper (``Sujet.tester``, and the students' environment's): its top-level calls
are a cell's examples."""

_VARIABLE = "__serie_awale__"

MARQUE_ECHEC = "✘ exemple n° "
"""How a failing example is marked in its place (the graded feedback drops these lines: the judge's verdict
is the only one)."""


class Serie:
    """The examples of one cell: each one's failure kept, one verdict at the end."""

    def __init__(self) -> None:
        self.nombre = 0
        self.echecs: list[tuple[int, AssertionError]] = []

    @contextlib.contextmanager
    def exemple(self) -> Iterator[None]:
        self.nombre += 1
        try:
            yield
        except AssertionError as echec:  # a failed visible test: reported in its place, the cell goes on
            self.echecs.append((self.nombre, echec))
            premiere = (str(echec).splitlines() or [""])[0]
            print(f"{MARQUE_ECHEC}{self.nombre} : {premiere} (détail ci-dessous)")

    def bilan(self) -> None:
        """Raise one failure naming every failing example (the first one's class), if any failed."""
        __tracebackhide__ = True
        if not self.echecs:
            return
        total, echoues = self.nombre, len(self.echecs)
        entete = (f"{echoues} exemple{'s' if echoues > 1 else ''} sur {total} "
                  f"{'échouent' if echoues > 1 else 'échoue'} ; {total - echoues} réussi"
                  f"{'s' if total - echoues > 1 else ''}.")
        blocs = [f"Exemple n° {numero} — {echec}" for numero, echec in self.echecs]
        raise type(self.echecs[0][1])("\n\n".join([entete, *blocs]))


def _est_exemple(noeud: ast.stmt) -> bool:
    return (isinstance(noeud, ast.Expr) and isinstance(noeud.value, ast.Call)
            and isinstance(noeud.value.func, ast.Name) and noeud.value.func.id == NOM)


class SerieExemples(ast.NodeTransformer):
    """IPython AST transformer: a cell with two or more examples runs them as a :class:`Serie`."""

    def visit_Module(self, module: ast.Module) -> ast.Module:
        indices = [i for i, noeud in enumerate(module.body) if _est_exemple(noeud)]
        if len(indices) < 2:
            return module
        debut = ast.parse(f"{_VARIABLE} = __import__('awale_ref.grading.eleve.serie', fromlist=['Serie']).Serie()").body
        corps: list[ast.stmt] = []
        for i, noeud in enumerate(module.body):
            if i == indices[0]:
                corps += debut
            if i in indices:
                avec = ast.With([ast.withitem(ast.parse(f"{_VARIABLE}.exemple()", mode="eval").body)], [noeud])
                corps.append(ast.copy_location(avec, noeud))
            else:
                corps.append(noeud)
            if i == indices[-1]:
                corps.append(ast.copy_location(ast.parse(f"{_VARIABLE}.bilan()").body[0], noeud))
        module.body = corps
        return ast.fix_missing_locations(module)


def installer(shell: Any) -> None:
    """Add the transformer to an IPython shell (once)."""
    if not any(isinstance(t, SerieExemples) for t in shell.ast_transformers):
        shell.ast_transformers.append(SerieExemples())
