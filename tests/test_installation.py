"""The light install for self-learners (pyproject.toml): what the notebooks import is declared, nothing heavy is."""

import json
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

RACINE = Path(__file__).resolve().parent.parent
PROJET = tomllib.loads((RACINE / "pyproject.toml").read_text())["project"]
# What the notebooks of notebooks/ (and the self-study checks they run) import.
MODULES_DES_CARNETS = ["awale_ref.widget.vue", "awale_ref.tree", "awale_ref.grading", "awale_ref.grading.sql",
                       "awale_ref.library", "awale_ref.notation", "awale_ref.corpus", "ipykernel"]
LOURDS = {"nbgrader", "playwright", "open-spiel", "pytest", "hypothesis", "jupytext"}


def _nom(exigence: str) -> str:
    return canonicalize_name(Requirement(exigence).name)


def _cloture(exigences: list[str]) -> set[str]:
    """Every installed distribution the requirements pull in (markers evaluated, no extras)."""
    vues, pile = set(), [Requirement(e) for e in exigences]
    while pile:
        exigence = pile.pop()
        nom = canonicalize_name(exigence.name)
        if nom in vues or (exigence.marker and not exigence.marker.evaluate({"extra": ""})):
            continue
        vues.add(nom)
        pile += [Requirement(e) for e in (metadata.requires(exigence.name) or [])]
    return vues


def test_every_declared_dependency_is_pinned_in_requirements_txt():
    epingles = {canonicalize_name(m.group(1)) for m in re.finditer(r"^([A-Za-z0-9_.-]+)==", (
        RACINE / "requirements.txt").read_text(), re.M)}
    declares = [e for e in PROJET["dependencies"]] + [
        e for extra in PROJET["optional-dependencies"].values() for e in extra if not e.startswith("awale-ref")]
    assert {_nom(e) for e in declares} - epingles == set()


def test_the_light_install_covers_what_the_notebooks_import_and_nothing_heavy():
    base = _cloture(PROJET["dependencies"])
    assert not LOURDS & base, LOURDS & base  # nbgrader, test tools: extras only
    def modules_charges(a_importer: list[str]) -> set[str]:
        code = ("import importlib, json, sys\n"
                f"for m in {a_importer!r}: importlib.import_module(m)\n"
                "print(json.dumps(sorted({n.split('.')[0] for n in sys.modules})))")
        return set(json.loads(subprocess.run([sys.executable, "-c", code], cwd=RACINE, capture_output=True,
                                             text=True, check=True).stdout))

    modules = modules_charges(MODULES_DES_CARNETS) - modules_charges([])  # not what the interpreter loads itself
    distributions = metadata.packages_distributions()
    tierces = {canonicalize_name(d) for m in modules for d in distributions.get(m, [])} - {"awale-ref"}
    assert tierces, "no third-party module found: the check would be blind"
    assert tierces - base == set(), f"imported by the notebooks but not in pyproject's dependencies: {tierces - base}"
    assert {"ipywidgets", "matplotlib", "jupyterlab"} <= base


def test_extras_hold_grading_and_tests():
    extras = PROJET["optional-dependencies"]
    assert "nbgrader" in {_nom(e) for e in extras["correction"]}
    assert {"pytest", "playwright", "open-spiel"} <= {_nom(e) for e in extras["tests"]}
