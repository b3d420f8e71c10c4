"""The light install for self-learners (pyproject.toml): what the notebooks import is declared, nothing heavy is."""

import ast
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
MODULES_DES_CARNETS = ["awale_ref.widget.vue", "awale_ref.tree", "awale_ref.grading",
                       "awale_ref.sujets.ccinp_2024.sql", "awale_ref.sujets.ccinp_2024.library", "awale_ref.notation", "awale_ref.corpus",
                       "awale_ref.sujets.olympiades_2025_images.dessins", "ipykernel"]
LOURDS = {"nbgrader", "playwright", "open-spiel", "pytest", "hypothesis", "jupytext", "faker"}


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
    epingles = {canonicalize_name(m.group(1)) for m in re.finditer(r"^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?==", (
        RACINE / "requirements.txt").read_text(), re.M)}
    declares = [e for e in PROJET["dependencies"]] + [
        e for extra in PROJET["optional-dependencies"].values() for e in extra if not e.startswith("awale-ref")]
    assert {_nom(e) for e in declares} - epingles == set()


def test_the_light_install_covers_what_the_notebooks_import_and_nothing_heavy():
    base = _cloture(PROJET["dependencies"])
    assert not LOURDS & base, LOURDS & base  # nbgrader, test tools: extras only
    # The notebooks' modules are imported as if only the light install were there: any top-level module whose
    # distribution is outside it cannot be found. An optional import (jupyter_client tries msgpack, present here
    # because the grading extra pulls it in) then falls back as it would for a self-learner; a required one fails.
    distributions = {m: sorted(canonicalize_name(d) for d in ds) for m, ds in metadata.packages_distributions().items()}
    hors_installation_legere = sorted(m for m, ds in distributions.items()
                                      if not set(ds) & (base | {"awale-ref"}))
    code = ("import importlib, importlib.abc, json, sys\n"
            f"BLOQUES = set({hors_installation_legere!r})\n"
            "class Legere(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, nom, chemin=None, cible=None):\n"
            "        if nom.split('.')[0] in BLOQUES:\n"
            "            raise ModuleNotFoundError(f'No module named {nom!r} (not in the light install)', name=nom)\n"
            "avant = set(sys.modules)\n"
            "sys.meta_path.insert(0, Legere())\n"
            f"for m in {MODULES_DES_CARNETS!r}: importlib.import_module(m)\n"
            "print(json.dumps(sorted({n.split('.')[0] for n in set(sys.modules) - avant})))")
    resultat = subprocess.run([sys.executable, "-c", code], cwd=RACINE, capture_output=True, text=True)
    assert resultat.returncode == 0, f"a notebook module needs more than pyproject's dependencies:\n{resultat.stderr}"
    tierces = {d for m in json.loads(resultat.stdout) for d in distributions.get(m, [])} - {"awale-ref"}
    assert tierces, "no third-party module found: the check would be blind"
    assert tierces <= base
    assert {"ipywidgets", "matplotlib", "jupyterlab"} <= base


def _extra(nom: str) -> set[str]:
    """The distributions an extra names, its ``awale-ref[...]`` references followed."""
    noms = set()
    for e in PROJET["optional-dependencies"][nom]:
        exigence = Requirement(e)
        if canonicalize_name(exigence.name) == "awale-ref":
            noms |= set().union(*(_extra(x) for x in exigence.extras))
        else:
            noms.add(canonicalize_name(exigence.name))
    return noms


def test_the_unit_tests_need_no_browser_hub_postgresql_nor_openspiel():
    """``pip install -e '.[tests]'`` runs the unit tests; each heavy piece has its extra, and ``tout``
    (what scripts/test.sh installs, through requirements.txt) has them all."""
    extras = PROJET["optional-dependencies"]
    assert "nbgrader" in _extra("correction") and {"pytest", "hypothesis"} <= _extra("tests")
    lourds = {"navigateur": "playwright", "hub": "jupyterhub", "postgresql": "psycopg", "oracle": "open-spiel"}
    for extra, distribution in lourds.items():
        assert distribution in _extra(extra)
        assert distribution not in _cloture([e for e in extras["tests"] if not e.startswith("awale-ref")]
                                            + extras["correction"]), distribution
    assert set().union(*(_extra(x) for x in extras if x != "tout")) == _extra("tout")


def test_every_distribution_awale_ref_imports_is_a_direct_dependency():
    """A module of the package may import only what pyproject's ``dependencies`` name (not what they happen to
    pull in): numpy, which the Olympiades' drawings import, is one of them."""
    distributions = metadata.packages_distributions()
    importees: dict[str, set[str]] = {}
    for fichier in (RACINE / "awale_ref").rglob("*.py"):
        if fichier.parent.name == "cours" and fichier.parent.parent.parent.name == "sujets":
            continue  # a subject's notebook sources (jupytext), not modules of the package
        if "tests" in fichier.relative_to(RACINE / "awale_ref").parts:
            continue  # a subject's own tests: they import the test tools, not what the package's users install
        for noeud in ast.walk(ast.parse(fichier.read_text(encoding="utf-8"))):
            if isinstance(noeud, ast.Import):
                modules = [alias.name for alias in noeud.names]
            elif isinstance(noeud, ast.ImportFrom) and noeud.level == 0 and noeud.module:
                modules = [noeud.module]
            else:
                continue
            for module in modules:
                haut = module.split(".")[0]
                if haut not in sys.stdlib_module_names and haut != "awale_ref":
                    for d in distributions.get(haut, [haut]):
                        importees.setdefault(canonicalize_name(d), set()).add(fichier.name)
    assert "numpy" in importees  # the check sees the package's imports
    directes = {_nom(e) for e in PROJET["dependencies"]}
    assert {d: sorted(f) for d, f in importees.items() if d not in directes} == {}


# ---------------------------------------------------------------- the light install
def _epingles(fichier: str) -> dict[str, str]:
    """``{distribution: version}`` of the ``name[extras]==version`` lines of a requirements file."""
    return {canonicalize_name(m.group(1)): m.group(2) for m in re.finditer(
        r"^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?==([^\s#;]+)", (RACINE / fichier).read_text(), re.M)}


def test_both_installs_take_every_version_from_constraints_txt():
    """The full install (setup.sh) and the light one (autonomie.sh) install with the same constraints file,
    which pins every requirement at the version of requirements.txt and every other distribution of the full
    install: the light install gets the same versions, so the same library cache name."""
    contraintes, exigences = _epingles("constraints.txt"), _epingles("requirements.txt")
    assert {nom: contraintes.get(nom) for nom in exigences} == exigences
    assert _cloture(PROJET["dependencies"]) - {"awale-ref"} <= set(contraintes)  # the light install, all pinned
    assert "-c constraints.txt" in (RACINE / "scripts" / "setup.sh").read_text()
    autonomie = (RACINE / "scripts" / "autonomie.sh").read_text()
    assert "-c constraints.txt" in autonomie
    assert "preparer_bibliotheques" not in autonomie  # built by the SQL notebook on first use


def test_the_sql_notebook_builds_a_missing_library_on_first_use_and_says_so(tmp_path, monkeypatch, capsys):
    from awale_ref.sujets.ccinp_2024 import library
    from awale_ref.sujets.ccinp_2024 import sql

    construites, vraie = [], library.construire_bibliotheque

    def construire(chemin, seed):  # a small library: what is checked is when it is built
        construites.append(seed)
        return vraie(chemin, seed=seed, n_players=6, n_games=10)

    monkeypatch.setenv("AWALE_CACHE", str(tmp_path))
    monkeypatch.setattr(library, "construire_bibliotheque", construire)
    sql.ouvrir(sql.GRAINE_VISIBLE).close()
    assert construites == [sql.GRAINE_VISIBLE]
    assert "Construction de la bibliothèque d'ouvertures" in capsys.readouterr().out
    sql.ouvrir(sql.GRAINE_VISIBLE).close()  # built once
    assert construites == [sql.GRAINE_VISIBLE] and capsys.readouterr().out == ""
