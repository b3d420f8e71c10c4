"""The awalé game library imports no subject: it owns the rules, the subjects are checked against it.

The game library (``awale_ref/engine.py``, ``awale_exact.py``, ``fonctions_moteur.py``, ``players.py``,
``corpus.py``, ``notation.py``, ``tree.py``, ``noms.py``, ``widget/``) must not
import a subject's module (``awale_ref.sujets.<sujet>``, nor an exam name through ``from awale_ref import …``),
at the top of a file or inside a function: the CCINP reference is held equal to the library by the differential
tests (``tests/test_engine.py``, and :func:`test_les_regles_sont_celles_du_sujet` below), never used by it. A
subject's own board rules (the lycée's) live in its folder, where the board finds them when asked
(``widget.partie.regles_des_sujets``).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parents[1]
BIBLIOTHEQUE = sorted([*(RACINE / "awale_ref").glob("widget/*.py"),
                       *(RACINE / "awale_ref" / n for n in ("engine.py", "awale_exact.py", "fonctions_moteur.py",
                                                            "players.py", "corpus.py", "notation.py", "tree.py",
                                                            "noms.py"))])

SUJET = "awale_ref.sujets."


def _sous_modules() -> set[str]:
    return {p.stem for p in (RACINE / "awale_ref").iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}


def imports_de_sujets(texte: str, chemin: str) -> list[tuple[str, str]]:
    """``(chemin, module)`` for every import of a subject in ``texte``, wherever it is (a lazy import too)."""
    trouves = []
    for noeud in ast.walk(ast.parse(texte)):
        modules: list[str] = []
        if isinstance(noeud, ast.Import):
            modules = [a.name for a in noeud.names]
        elif isinstance(noeud, ast.ImportFrom) and noeud.module:
            modules = [noeud.module] + [f"{noeud.module}.{a.name}" for a in noeud.names]
            if noeud.module == "awale_ref":  # an exam name re-exported by the package, not a submodule
                modules += [f"awale_ref.sujets.ccinp_2024.exam.{a.name}" for a in noeud.names
                            if a.name not in _sous_modules()]
        elif (isinstance(noeud, ast.Call) and isinstance(noeud.func, (ast.Attribute, ast.Name))
              and getattr(noeud.func, "attr", getattr(noeud.func, "id", "")) == "import_module"
              and noeud.args and isinstance(noeud.args[0], ast.Constant)):
            modules = [str(noeud.args[0].value)]
        for module in modules:
            if module.startswith(SUJET) or module == "awale_ref.sujets":
                trouves.append((chemin, module))
                break
    return trouves


@pytest.mark.parametrize("chemin", BIBLIOTHEQUE, ids=lambda p: str(p.relative_to(RACINE)))
def test_la_bibliotheque_de_jeu_n_importe_aucun_sujet(chemin: Path) -> None:
    relatif = str(chemin.relative_to(RACINE))
    assert imports_de_sujets(chemin.read_text(encoding="utf-8"), relatif) == []


@pytest.mark.parametrize("ligne", ["from awale_ref.sujets.ccinp_2024 import exam",
                                   "from awale_ref.sujets.ccinp_2024.exam import NB_CASES",
                                   "import awale_ref.sujets.ccinp_2024.exam",
                                   "from awale_ref import initialisation", "from awale_ref.sujets import ccinp_2024",
                                   "def f():\n    from awale_ref.sujets.olympiades_2025_images import images",
                                   "importlib.import_module('awale_ref.sujets.ccinp_2024.exam')"])
def test_le_test_voit_un_import_de_sujet(ligne: str) -> None:
    assert imports_de_sujets(ligne, "awale_ref/engine.py")


@pytest.mark.parametrize("ligne", ["from awale_ref import engine, fonctions_moteur", "import awale_ref.notation",
                                   "from awale_ref.widget.regles import Regles"])
def test_le_test_laisse_la_bibliotheque(ligne: str) -> None:
    assert imports_de_sujets(ligne, "awale_ref/engine.py") == []


def test_importer_la_bibliotheque_ne_charge_aucun_sujet() -> None:
    """At run time too (a package's ``__init__`` counts): the game library loads no subject's module."""
    modules = ["awale_ref." + str(p.relative_to(RACINE / "awale_ref").with_suffix("")).replace("/", ".")
               .removesuffix(".__init__") for p in BIBLIOTHEQUE]
    code = ("import importlib, sys\n"
            f"for m in {modules!r}:\n    importlib.import_module(m)\n"
            "from awale_ref.widget import Partie\nPartie().cliquer(2)\n"  # a game with the library's own rules
            "print(' '.join(sorted(m for m in sys.modules\n"
            "                      if m.startswith(('awale_ref.sujets', 'awale_ref.grading')))))")
    sortie = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=RACINE)
    assert sortie.stdout.split() == []


def test_les_regles_sont_celles_du_sujet() -> None:
    """The library's rules (its constants) are the CCINP paper's: the reference is checked against them."""
    from awale_ref import engine
    from awale_ref.sujets.ccinp_2024 import exam

    for nom in ("NB_CASES", "GRAINES_VICTOIRE", "TOURS_MAX", "GRAINES_MIN_PLATEAU", "VALEUR_VICTOIRE", "EGALITE"):
        assert getattr(engine, nom) == getattr(exam, nom), nom
    assert engine.to_jeu(engine.initial_position(), "A", "B") == exam.initialisation("A", "B")


def test_le_plateau_trouve_les_regles_d_un_sujet_dans_son_dossier(tmp_path) -> None:
    """The board's rules other than the library's come from the subjects' folders (a module
    ``plateau_awale`` and its ``REGLES``), loaded when a board asks for them; a wrong ``REGLES`` is refused."""
    from awale_ref.widget import Regles, partie

    assert set(partie.regles_des_sujets()) == {"ccinp", "lycee"}
    classe = partie.regles_des_sujets()["lycee"]
    assert classe.__module__ == f"awale_ref.sujets.olympiades_2025_awale.{partie.MODULE_DES_REGLES}"
    assert issubclass(classe, Regles) and type(partie.regles_du_sujet(None, "lycee")) is classe
    code = ("import sys\nfrom awale_ref.widget import Partie\nPartie(sujet='lycee').cliquer(2)\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('awale_ref.sujets.'))))")
    sortie = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=RACINE)
    assert "awale_ref.sujets.olympiades_2025_awale.plateau_awale" in sortie.stdout.split()
    faux = tmp_path / "awale_ref" / "sujets" / "faux"
    faux.mkdir(parents=True)
    (faux / "__init__.py").write_text("")
    (faux / f"{partie.MODULE_DES_REGLES}.py").write_text("REGLES = dict\n")
    code = (f"import awale_ref.sujets as s\ns.__path__.append({str(faux.parent)!r})\n"
            "from awale_ref.widget import partie\npartie.regles_des_sujets()")
    sortie = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=RACINE)
    assert "awale_ref.sujets.faux.plateau_awale.REGLES must be a subclass" in sortie.stderr, sortie.stderr[-2000:]

