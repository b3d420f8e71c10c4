"""The grading code's ``ast`` parses go through ``awale_ref.grading.eleve.syntaxe`` (python/cpython#106905).

The judge's thread and nbgrader's parse submitted cells at the same time; in
CPython 3.11 two conversions at once can fail with ``SystemError: AST
constructor recursion depth mismatch`` (3 notebooks of 255 failed to grade
in a 45-student demo).  What must hold: parses are serialized, the spurious
error is retried, any other error is not hidden, and no grading module
running in the grader's threads calls ``ast.parse`` itself.
"""

from __future__ import annotations

import ast
import re
import threading
import time
from pathlib import Path

import pytest

from awale_ref.grading.eleve import syntaxe

RACINE = Path(__file__).resolve().parent.parent


def test_two_threads_never_parse_at_the_same_time(monkeypatch):
    en_cours, chevauchements = [], []
    vrai_parse = ast.parse

    def parse_lent(source, nom="<unknown>"):
        if en_cours:
            chevauchements.append(source)
        en_cours.append(source)
        time.sleep(0.005)  # the window in which another thread could enter
        try:
            return vrai_parse(source, nom)
        finally:
            en_cours.pop()

    monkeypatch.setattr(syntaxe.ast, "parse", parse_lent)
    fils = [threading.Thread(target=lambda i=i: [syntaxe.analyser(f"x{i} = {k}") for k in range(20)])
            for i in range(3)]
    for fil in fils:
        fil.start()
    for fil in fils:
        fil.join()
    assert chevauchements == []


def test_the_spurious_error_is_retried_and_any_other_error_is_not(monkeypatch):
    vrai_parse, appels = ast.parse, []

    def parse_capricieux(source, nom="<unknown>"):
        appels.append(source)
        if len(appels) == 1:
            raise SystemError("AST constructor recursion depth mismatch (before=42, after=89)")
        return vrai_parse(source, nom)

    monkeypatch.setattr(syntaxe.ast, "parse", parse_capricieux)
    assert isinstance(syntaxe.analyser("y = 2").body[0], ast.Assign) and len(appels) == 2

    monkeypatch.setattr(syntaxe.ast, "parse", lambda *a: (_ for _ in ()).throw(SystemError("autre chose")))
    with pytest.raises(SystemError, match="autre chose"):
        syntaxe.analyser("y = 2")
    with pytest.raises(SyntaxError):
        monkeypatch.setattr(syntaxe.ast, "parse", vrai_parse)
        syntaxe.analyser("def (:")


def test_no_grading_module_parses_without_the_lock():
    """What runs in the grader's threads: the grading package (but the runner, its own process) and the
    preprocessors."""
    modules = [p for p in (RACINE / "awale_ref" / "grading").rglob("*.py")
               # the runner (its own process) and the kernel's test-cell transformer (in the student's kernel,
               # never in the grader's threads; it parses constant snippets only)
               if p.name not in ("syntaxe.py", "boucle.py", "serie.py")]
    modules += sorted((RACINE / "pipeline" / "autograde").glob("*.py"))
    directs = [f"{p.relative_to(RACINE)}:{n}" for p in modules
               for n, ligne in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
               if re.search(r"\bast\.parse\(|(?<![.\w])compile\(", ligne)]
    assert directs == []
