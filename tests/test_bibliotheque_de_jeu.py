"""The awalé game library imports no subject (issue 24): it owns the rules, the subjects are checked against it.

The game library (``awale_ref/engine.py``, ``fonctions_moteur.py``, ``players.py``, ``corpus.py``,
``notation.py``, ``tree.py``, ``facts.py``, ``library.py``, ``noms.py``, ``widget/``) must not import a
subject's module (``awale_ref.sujets.<sujet>``, the old paths ``awale_ref.exam`` and ``awale_ref.olympiades``,
nor an exam name through ``from awale_ref import …``), at the top of a file or inside a function: the CCINP
reference is held equal to the library by the differential tests (``tests/test_engine.py``, and
:func:`test_les_regles_sont_celles_du_sujet` below), never used by it.  ``EN_ATTENTE`` lists, line by line,
what is not cut yet, with why: it may only shrink.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parents[1]
BIBLIOTHEQUE = sorted([*(RACINE / "awale_ref").glob("widget/*.py"),
                       *(RACINE / "awale_ref" / n for n in ("engine.py", "fonctions_moteur.py", "fonctions_moteur_lycee.py",
                                                            "players.py", "corpus.py", "notation.py", "tree.py",
                                                            "facts.py", "library.py", "noms.py"))])

EN_ATTENTE = {
    # The lycée board plays the lycée subject's reference (its rules are that module's, as the notebook
    # shows them); the lycée rules are not in the game library yet.  Imported only when the lycée is asked for.
    ("awale_ref/widget/lycee.py", "awale_ref.sujets.olympiades_2025_awale"),
    ("awale_ref/widget/partie.py", "awale_ref.sujets.olympiades_2025_awale.awale_lycee"),
    ("awale_ref/fonctions_moteur_lycee.py", "awale_ref.sujets.olympiades_2025_awale"),
}

SUJET = ("awale_ref.sujets.", "awale_ref.exam", "awale_ref.olympiades")


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
                modules += [f"awale_ref.exam.{a.name}" for a in noeud.names if a.name not in _sous_modules()]
        elif (isinstance(noeud, ast.Call) and isinstance(noeud.func, (ast.Attribute, ast.Name))
              and getattr(noeud.func, "attr", getattr(noeud.func, "id", "")) == "import_module"
              and noeud.args and isinstance(noeud.args[0], ast.Constant)):
            modules = [str(noeud.args[0].value)]
        for module in modules:
            if module.startswith(SUJET) or module in ("awale_ref.sujets", "awale_ref.exam"):
                trouves.append((chemin, module))
                break
    return trouves


@pytest.mark.parametrize("chemin", BIBLIOTHEQUE, ids=lambda p: str(p.relative_to(RACINE)))
def test_la_bibliotheque_de_jeu_n_importe_aucun_sujet(chemin: Path) -> None:
    relatif = str(chemin.relative_to(RACINE))
    assert [t for t in imports_de_sujets(chemin.read_text(encoding="utf-8"), relatif) if t not in EN_ATTENTE] == []


def test_chaque_exception_en_attente_sert_encore() -> None:
    """An entry of ``EN_ATTENTE`` whose import is gone must go too: the list only shrinks."""
    for chemin, module in EN_ATTENTE:
        assert (chemin, module) in imports_de_sujets((RACINE / chemin).read_text(encoding="utf-8"), chemin), \
            f"{chemin} no longer imports {module}: remove it from EN_ATTENTE"


@pytest.mark.parametrize("ligne", ["from awale_ref.sujets.ccinp_2024 import exam",
                                   "from awale_ref.sujets.ccinp_2024.exam import NB_CASES", "import awale_ref.exam",
                                   "from awale_ref import initialisation", "from awale_ref import exam",
                                   "def f():\n    from awale_ref.olympiades import images",
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
               .removesuffix(".__init__") for p in BIBLIOTHEQUE
               if str(p.relative_to(RACINE)) != "awale_ref/widget/lycee.py"]  # its import is at the top (EN_ATTENTE)
    code = ("import importlib, sys\n"
            f"for m in {modules!r}:\n    importlib.import_module(m)\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith(('awale_ref.sujets', 'awale_ref.exam', "
            "'awale_ref.olympiades', 'awale_ref.grading')))))")
    sortie = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=RACINE)
    assert sortie.stdout.split() == []


def test_les_regles_sont_celles_du_sujet() -> None:
    """The library's rules (its constants) are the CCINP paper's: the reference is checked against them."""
    from awale_ref import engine
    from awale_ref.sujets.ccinp_2024 import exam

    for nom in ("NB_CASES", "GRAINES_VICTOIRE", "TOURS_MAX", "GRAINES_MIN_PLATEAU", "VALEUR_VICTOIRE", "EGALITE"):
        assert getattr(engine, nom) == getattr(exam, nom), nom
    assert engine.to_jeu(engine.initial_position(), "A", "B") == exam.initialisation("A", "B")
