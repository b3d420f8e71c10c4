"""The import graph of ``awale_ref`` and ``pipeline`` has no cycle, and a subject imports no other subject.

Every module of the two packages is parsed with :mod:`ast`; every ``import`` and ``from … import`` counts,
wherever it is: at the top of the file, inside a function (a lazy import) or under ``if TYPE_CHECKING:``.
``from package import name`` is an edge to the submodule ``package.name`` when there is one, to the package
otherwise; a relative import is resolved against the importing module.  A cycle is reported by the modules
it goes through.

A subject (a folder of ``awale_ref/sujets/``) imports the core and the game library, never another subject's
folder: what two subjects share is generic, and belongs to the core.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

RACINE = Path(__file__).resolve().parents[1]
PAQUETS = ("awale_ref", "pipeline")
SUJETS = "awale_ref.sujets"


def nom_du_module(chemin: Path, racine: Path) -> str:
    """``awale_ref/grading/correcteur/juge.py`` -> ``awale_ref.grading.correcteur.juge``; a package's ``__init__.py`` is the package."""
    parties = list(chemin.relative_to(racine).with_suffix("").parts)
    if parties[-1] == "__init__":
        parties.pop()
    return ".".join(parties)


def modules(racine: Path = RACINE) -> dict[str, Path]:
    """Every module of the packages, by name: the ``.py`` files whose folders are packages (a subject's
    ``cours/*.py`` are notebooks, not modules)."""
    def importable(chemin: Path) -> bool:
        dossiers = chemin.relative_to(racine).parents
        return all((racine / d / "__init__.py").exists() for d in dossiers if d != Path("."))

    return {nom_du_module(p, racine): p for paquet in PAQUETS for p in sorted((racine / paquet).rglob("*.py"))
            if importable(p)}


def _base_relative(module: str, est_paquet: bool, niveau: int, cible: str | None) -> str:
    parties = module.split(".") if est_paquet else module.split(".")[:-1]
    parties = parties[:len(parties) - (niveau - 1)] if niveau > 1 else parties
    return ".".join([*parties, *([cible] if cible else [])])


def imports(module: str, chemin: Path, connus: set[str]) -> set[str]:
    """The modules of ``connus`` that ``module`` imports, anywhere in its file."""
    est_paquet = chemin.name == "__init__.py"
    cibles: set[str] = set()
    for noeud in ast.walk(ast.parse(chemin.read_text(encoding="utf-8"), filename=str(chemin))):
        if isinstance(noeud, ast.Import):
            cibles.update(alias.name for alias in noeud.names)
        elif isinstance(noeud, ast.ImportFrom):
            base = (_base_relative(module, est_paquet, noeud.level, noeud.module) if noeud.level
                    else noeud.module or "")
            for alias in noeud.names:
                sous_module = f"{base}.{alias.name}"
                cibles.add(sous_module if sous_module in connus else base)
    return {c for c in cibles if c in connus and c != module}


def graphe(racine: Path = RACINE) -> nx.DiGraph:
    """The import graph of the packages (an edge: importer -> imported)."""
    tous = modules(racine)
    g = nx.DiGraph()
    g.add_nodes_from(tous)
    for module, chemin in tous.items():
        g.add_edges_from((module, cible) for cible in imports(module, chemin, set(tous)))
    return g


def cycles(g: nx.DiGraph) -> list[list[str]]:
    """One cycle per group of modules that import each other (a strongly connected component of more than
    one module: every cycle of the graph lies in one), the shortest of the group, shortest first."""
    res = []
    for groupe in nx.strongly_connected_components(g):
        if len(groupe) > 1:
            cycle = min(nx.simple_cycles(g.subgraph(groupe)), key=lambda c: (len(c), sorted(c)))
            debut = cycle.index(min(cycle))
            res.append(cycle[debut:] + cycle[:debut])  # from its first module in name order
    return sorted(res, key=lambda c: (len(c), c))


def sujet_de(module: str) -> str | None:
    """The subject folder a module belongs to (``awale_ref.sujets.ccinp_2024``), ``None`` outside them."""
    parties = module.split(".")
    return ".".join(parties[:3]) if module.startswith(SUJETS + ".") and len(parties) >= 3 else None


def imports_entre_sujets(g: nx.DiGraph) -> list[tuple[str, str]]:
    """``(importer, imported)`` for every import of one subject's module by another subject's."""
    return sorted((a, b) for a, b in g.edges if sujet_de(a) and sujet_de(b) and sujet_de(a) != sujet_de(b))


def test_le_graphe_des_imports_n_a_pas_de_cycle() -> None:
    trouves = cycles(graphe())
    assert not trouves, "import cycles:\n" + "\n".join(" -> ".join([*c, c[0]]) for c in trouves)


SUJETS_DU_DEPOT = sorted(p.parent.name for p in (RACINE / "awale_ref" / "sujets").glob("*/__init__.py"))


@pytest.mark.parametrize("sujet", SUJETS_DU_DEPOT)
def test_un_sujet_n_importe_aucun_autre_sujet(sujet: str) -> None:
    assert len(SUJETS_DU_DEPOT) >= 2, "fewer than two subjects found: the test reads nothing"
    trouves = [(a, b) for a, b in imports_entre_sujets(graphe()) if sujet_de(a) == f"{SUJETS}.{sujet}"]
    assert not trouves, f"the subject {sujet} imports another subject:\n" + "\n".join(
        f"{a} imports {b}" for a, b in trouves)


# ---------------------------------------------------------------- the tests see what they look for
def _paquet(racine: Path, fichiers: dict[str, str]) -> Path:
    for relatif, texte in fichiers.items():
        (racine / relatif).parent.mkdir(parents=True, exist_ok=True)
        (racine / relatif).write_text(texte, encoding="utf-8")
    return racine


@pytest.mark.parametrize("importe_b", [
    "from awale_ref import b\n",
    "def f():\n    from awale_ref.b import g\n",
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from awale_ref.b import g\n",
    "from . import b\n",
    "from .b import g\n",
    "import awale_ref.b\n",
])
def test_le_test_voit_un_cycle(tmp_path: Path, importe_b: str) -> None:
    racine = _paquet(tmp_path, {"awale_ref/__init__.py": "", "awale_ref/a.py": importe_b,
                                "awale_ref/b.py": "def g():\n    from awale_ref.a import h\n",
                                "pipeline/__init__.py": ""})
    assert cycles(graphe(racine)) == [["awale_ref.a", "awale_ref.b"]]


def test_le_test_laisse_un_graphe_sans_cycle(tmp_path: Path) -> None:
    racine = _paquet(tmp_path, {"awale_ref/__init__.py": "", "awale_ref/a.py": "from awale_ref.b import g\n",
                                "awale_ref/b.py": "import os\nfrom awale_ref import c\n", "awale_ref/c.py": "",
                                "pipeline/__init__.py": "from awale_ref import a\n"})
    assert cycles(graphe(racine)) == []


def test_le_test_voit_un_sujet_qui_en_importe_un_autre(tmp_path: Path) -> None:
    racine = _paquet(tmp_path, {"awale_ref/__init__.py": "", "awale_ref/sujets/__init__.py": "",
                                "awale_ref/sujets/x/__init__.py": "", "awale_ref/sujets/y/__init__.py": "",
                                "awale_ref/sujets/x/specs.py": "def f():\n    from awale_ref.sujets.y import g\n",
                                "awale_ref/sujets/y/g.py": "from awale_ref.sujets.y import h\n"
                                                           "from awale_ref import c\n",
                                "awale_ref/c.py": "", "pipeline/__init__.py": ""})
    assert imports_entre_sujets(graphe(racine)) == [("awale_ref.sujets.x.specs", "awale_ref.sujets.y.g")]


def test_la_table_d_awale_ref_readme_nomme_chaque_module() -> None:
    """``awale_ref/README.md`` says what each module and folder of the package holds: none is left out."""
    table = (RACINE / "awale_ref" / "README.md").read_text(encoding="utf-8").split("\n\n", 2)[1]
    noms = {p.stem for p in (RACINE / "awale_ref").glob("*.py") if not p.stem.startswith("__")}
    noms |= {f"{p.name}/" for p in (RACINE / "awale_ref").iterdir()
             if p.is_dir() and not p.name.startswith("__") and not p.name.startswith(".")}
    absents = sorted(nom for nom in noms if f"`{nom}`" not in table)
    assert not absents, f"awale_ref/README.md: the table does not say what {absents} hold"


def _charges(importe: str) -> list[str]:
    """The modules outside the standard library that ``importe`` loads in a fresh interpreter."""
    import subprocess
    import sys

    code = (f"import sys\navant = set(sys.modules)\n{importe}\n"
            "print('\\n'.join(sorted(m for m in set(sys.modules) - avant if m.split('.')[0] not in "
            "sys.stdlib_module_names)))")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=RACINE).stdout.split()


def test_le_protocole_n_importe_que_la_bibliotheque_standard_et_le_paquet_n_installe_rien() -> None:
    """``import awale_ref.grading.executant.messages`` (the protocol between the judge and the runner) loads no
    other module of the project and nothing outside the standard library; importing ``awale_ref.grading`` and
    its four folders installs no hook (IPython is not even imported)."""
    assert _charges("import awale_ref.grading.executant.messages") == [
        "awale_ref", "awale_ref.grading", "awale_ref.grading.executant", "awale_ref.grading.executant.messages"]
    dossiers = ("eleve", "executant", "correcteur", "registre")
    assert _charges("import " + ", ".join(f"awale_ref.grading.{d}" for d in dossiers)) == sorted(
        ["awale_ref", "awale_ref.grading", *(f"awale_ref.grading.{d}" for d in dossiers)])


GRADING = "awale_ref.grading"


def _dossier(module: str) -> str | None:
    """The grading folder a module belongs to (``eleve``, ``executant``, ``correcteur``, ``registre``)."""
    parties = module.split(".")
    return parties[2] if module.startswith(GRADING + ".") and len(parties) >= 3 else None


def test_le_paquet_des_eleves_livre_tout_le_cote_eleve_et_rien_du_correcteur() -> None:
    """The students' package (``pipeline.paquet_eleve.COPIES``) ships every module of ``grading/eleve/``, of the
    runner's folder exactly what those import (transitively, in this file's import graph), and nothing of the
    judge's side (``correcteur``) nor of the registry (``registre``); the kernel's side imports neither."""
    from pipeline.paquet_eleve import COPIES

    g = graphe()
    livres = {"awale_ref." + c[:-3].replace("/", ".").removesuffix(".__init__")
              for c in COPIES if c.startswith("grading/") and c.endswith(".py")}
    eleve = {m for m in g if _dossier(m) == "eleve"}
    assert len(eleve) > 10, "the kernel's side was not found: the test reads nothing"
    assert eleve <= livres, f"not shipped: {sorted(eleve - livres)}"
    atteints = set().union(*(nx.descendants(g, m) for m in eleve)) | eleve
    attendus = {m for m in atteints if m.startswith(GRADING + ".")} | {GRADING, f"{GRADING}.executant"}
    assert livres == attendus, (f"shipped but not needed by the kernel's side: {sorted(livres - attendus)}; "
                                f"needed but not shipped: {sorted(attendus - livres)}")
    interdits = sorted((m, c) for m in eleve for c in nx.descendants(g, m) if _dossier(c) in ("correcteur", "registre"))
    assert not interdits, f"the kernel's side imports the judge's side or the registry: {interdits}"
    assert f"{GRADING}.executant.boucle" not in livres


def test_le_bac_a_sable_de_l_executant_monte_tout_son_dossier_et_rien_d_autre() -> None:
    """What the runner's sandbox mounts of the course (``bac_a_sable.protocole``) is every module of its folder."""
    from awale_ref.grading.correcteur import bac_a_sable

    dossier = RACINE / "awale_ref" / "grading" / "executant"
    assert sorted(map(Path, bac_a_sable.protocole())) == sorted(dossier.glob("*.py"))
    assert {Path(p).name for p in bac_a_sable.lecture("executant")} >= {"boucle.py", "messages.py"}


def test_le_guide_d_un_sujet_explique_chaque_champ_d_une_spec_et_chaque_observation() -> None:
    """``docs/ajouter_un_sujet.md`` has a row for each field of ``Spec`` and each observation kind the runner
    knows: a field or a kind added to the code without its explanation fails here."""
    import dataclasses

    from awale_ref.grading.eleve.specs import Spec
    from awale_ref.grading.executant import messages

    lignes = [l for l in (RACINE / "docs" / "ajouter_un_sujet.md").read_text(encoding="utf-8").splitlines()
              if l.startswith("| `")]
    premiers = {l.split("|")[1].strip() for l in lignes}
    attendus = {f"`{f.name}`" for f in dataclasses.fields(Spec)} | {f"`{o}`" for o in messages.OBSERVATIONS}
    attendus.add("`renvoie_et_<nom>`")
    assert not attendus - premiers, f"docs/ajouter_un_sujet.md explains none of {sorted(attendus - premiers)}"
