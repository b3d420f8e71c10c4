"""``ast.parse`` for grading processes whose threads parse at once.

The judge runs in a thread beside nbgrader's (``pipeline.autograde.jugement.VerdictsDesTestsCachesAnticipes``),
and both read the submitted cells with ``ast``.  CPython 3.11 keeps the AST
constructor's recursion counter in the interpreter's state, shared by threads:
two conversions at once can fail with ``SystemError: AST constructor recursion
depth mismatch`` (python/cpython#106905).  Seen in a 45-student demo: 3
notebooks of 255 failed to grade.  Every parse of the grading code goes
through one lock, and the spurious error, should a parse outside our code
cross ours, is retried.  A source longer than :data:`SOURCE_MAX` is never
parsed (a student's cell of megabytes would cost the grader gigabytes).

>>> analyser("x = 1").body[0].targets[0].id
'x'
"""

from __future__ import annotations

import ast
import contextlib
import threading
from typing import Iterable

_VERROU = threading.RLock()
_ESSAIS = 3
SOURCE_MAX = 256 * 1024  # characters of one cell; pipeline.autograde.limites.LimiteSources cuts a longer one


class SourceTropLongue(ValueError):
    """A source longer than :data:`SOURCE_MAX`: not parsed."""


def analyser(source: str, nom: str = "<unknown>") -> ast.Module:
    """``ast.parse(source, nom)``, one thread at a time (SyntaxError propagates as usual;
    :class:`SourceTropLongue` for a source too long to be parsed)."""
    if len(source) > SOURCE_MAX:
        raise SourceTropLongue(f"{nom}: {len(source)} characters of source, more than {SOURCE_MAX}")
    for essai in range(_ESSAIS):
        try:
            with _VERROU:
                return ast.parse(source, nom)
        except SystemError as exc:
            if "recursion depth mismatch" not in str(exc) or essai == _ESSAIS - 1:
                raise
    raise AssertionError("unreachable")


def compiler(arbre: ast.AST, nom: str, mode: str):
    """``compile`` of an AST (the same shared counter, converting the other way), one thread at a time."""
    with _VERROU:
        return compile(arbre, nom, mode)


def evaluer_arguments(expressions: tuple[str, ...], espace: dict) -> tuple:
    """The values of the arguments ``expressions`` (Python source, one per argument) in a copy of ``espace``
    (exceptions propagate as usual)."""
    return tuple(eval(compiler(ast.Expression(analyser(e, "<exemple>").body[0].value), "<exemple>", "eval"),
                      dict(espace)) for e in expressions)


def evaluer_appels(appels: Iterable[tuple[str, ...]], espace: dict) -> list[tuple]:
    """The arguments of each call of ``appels`` (:func:`evaluer_arguments`), a call whose arguments do not
    evaluate left out (the visible examples of a test cell, evaluated with a subject's reference)."""
    valeurs = []
    for appel in appels:
        with contextlib.suppress(Exception):
            valeurs.append(evaluer_arguments(appel, espace))
    return valeurs
