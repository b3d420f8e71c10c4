"""The students' environment of the class server: a student distribution of ``awale_ref`` (issue 22).

``python -m pipeline.paquet_eleve /opt/awale-eleves`` builds, outside the course folder, a virtualenv with
the pinned requirements (``requirements.txt`` as constraints) and a *student distribution* of the package,
installed as a plain (non-editable) package.  What it holds, all derived from the subjects
(``awale_ref.grading.sujets``, the assignments of ``pipeline.build.ASSIGNMENTS``):

- each subject's reference module reduced to what the notebooks supply: its functions minus every graded
  one (``juge.reference_sans`` with the subject's ``nom_note``), and its scalar constants (no examples, no
  answers, no reconstructed figures: every other top-level value is left out);
- the visible tests as data (``awale_ref/data/visibles.json``): for each ``tester(question, f, *args)`` of a
  test cell, the reference's observation, computed here from the full reference; the student-side
  ``tester`` is ``awale_ref.grading.visibles``; the format checks of the structured answers are copied
  (``awale_ref/grading/formats/``), with the functions they call;
- the visible SQL library (a file, read-only) for the SQL questions' visible tests and ``montrer_requete``;
- the grading core the visible tests share (``checks``, ``specs``, ``contraintes``, ``executant``…).

Not in it: ``course/``, ``source/``, the corpus, ``facts`` (the answers), the hidden SQL library and the
reference queries, the judge, the clean room.  The interactive board is a note saying it is not available
(``awale_ref.widget.Plateau``); the tree and the partie II functions given to ``partie3_ia`` are missing
(that notebook does not run there).  ``tests/test_paquet_eleve.py`` checks the distribution.

``--paquet-seul DEST``: write the package's source tree only (``DEST/awale_ref``, ``DEST/pyproject.toml``).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import inspect
import io
import json
import shutil
import subprocess
import sys
import textwrap
import types
from pathlib import Path

from pipeline.build import _CACHES, ASSIGNMENTS, COURS, RACINE, lire_source, sujet_de

PAQUET = RACINE / "awale_ref"
COPIES = ("grading/checks.py", "grading/specs.py", "grading/contraintes.py", "grading/contre_exemples.py",
          "grading/executant.py", "grading/syntaxe.py", "grading/visibles.py", "olympiades/__init__.py",
          "olympiades/dessins.py", "gabarits/__init__.py", "gabarits/contre_exemple_plateau.html",
          "gabarits/table_requete.html")
"""Modules of the package copied as they are: the grading core of the visible tests, the pictures and the
HTML templates; none holds a reference function, an answer or a hidden test (``tests/test_paquet_eleve.py``
checks it)."""


class ErreurPaquet(ValueError):
    """The student distribution cannot be built as asked."""


def sujets() -> dict:
    """``{grading module: subject}`` of the course's assignments."""
    return {sujet_de(a).module_correction: sujet_de(a) for a in ASSIGNMENTS if (COURS / f"{a}.py").exists()}


def noms_notes(sujet) -> set[str]:
    """The reference functions a subject grades (from its specs and its Q21-like question)."""
    return {nom for q in sujet.questions if (nom := sujet.nom_note(q))}


def _scalaire(noeud: ast.expr) -> bool:
    if isinstance(noeud, ast.UnaryOp):
        return _scalaire(noeud.operand)
    return isinstance(noeud, ast.Constant)


def donnees_importees(module: str) -> set[str]:
    """The names the course's notebooks import from ``module`` (the statement's data a test cell builds its
    examples with: ``from awale_ref.olympiades.images import img1``); for the CCINP's reference, also what they
    import from ``awale_ref`` itself, which re-exports it."""
    modules = {module} | ({"awale_ref"} if module == "awale_ref.exam" else set())
    noms: set[str] = set()
    for assignment in ASSIGNMENTS:
        if not (COURS / f"{assignment}.py").exists():
            continue
        for cell in lire_source(assignment).cells:
            if cell.cell_type != "code":
                continue
            with contextlib.suppress(SyntaxError):
                for noeud in ast.walk(ast.parse(_CACHES.sub("", cell.source + "\n"))):
                    if isinstance(noeud, ast.ImportFrom) and noeud.module in modules:
                        noms |= {a.name for a in noeud.names}
    return noms


def _cibles(noeud: ast.stmt) -> set[str]:
    cibles = noeud.targets if isinstance(noeud, ast.Assign) else [noeud.target]
    return {n.id for c in cibles for n in ast.walk(c) if isinstance(n, ast.Name)}


def reference_reduite(module: str, notes: set[str]) -> str:
    """A reference module without its graded functions and without any top-level value but scalars and the
    statement's data the notebooks import (:func:`donnees_importees`, with the values they are built from)."""
    from awale_ref.grading.juge import reference_sans

    source = reference_sans(notes, module)
    lignes = source.splitlines(keepends=True)
    valeurs = [n for n in ast.parse(source).body if isinstance(n, (ast.Assign, ast.AnnAssign))]
    gardes = donnees_importees(module)
    while True:  # the values the kept ones are computed from are kept too
        lus = {x.id for n in valeurs if _cibles(n) & gardes and n.value is not None
               for x in ast.walk(n.value) if isinstance(x, ast.Name)}
        if lus <= gardes:
            break
        gardes |= lus
    a_couper = [(n.lineno - 1, n.end_lineno) for n in valeurs
                if (n.value is None or not _scalaire(n.value)) and not _cibles(n) & gardes]
    for debut, fin in sorted(a_couper, reverse=True):
        del lignes[debut:fin]
    return "".join(lignes)


# ---------------------------------------------------------------- the visible tests as data
def _appels_tester(source: str) -> list[ast.Call]:
    return [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call) and getattr(n.func, "id", None) ==
            "tester" and n.args and isinstance(n.args[0], ast.Constant)]


def _espace(cellules: list[str], reference: types.ModuleType) -> dict:
    """Where a test cell's arguments are evaluated: the reference, and what the notebook imports from awale_ref."""
    espace = dict(vars(reference))
    for source in cellules:
        for noeud in ast.walk(ast.parse(source)):
            if isinstance(noeud, ast.ImportFrom) and (noeud.module or "").startswith("awale_ref"):
                exec(compile(ast.Module([noeud], []), "<import>", "exec"), espace)
    return espace


def donnees_visibles() -> dict:
    """``{grading module: {"fonctions", "reponses", "sql"}}``: every visible example with the reference's
    observation (and the rule families it falls in), the answer and SQL questions."""
    from awale_ref.grading import checks, executant
    from awale_ref.grading.visibles import cle_exemple

    donnees: dict = {}
    for assignment in ASSIGNMENTS:
        if not (COURS / f"{assignment}.py").exists():
            continue
        sujet = sujet_de(assignment)
        reference = sujet.reference()
        d = donnees.setdefault(sujet.module_correction, {
            "fonctions": {}, "reponses": sorted(sujet.reponses),
            "sql": {q: list(_colonnes_sql()[q]) for q in sujet.questions_sql}})
        nb = lire_source(assignment)
        code = [c.source for c in nb.cells if c.cell_type == "code"]
        espace = _espace(code, reference)
        for cell in nb.cells:
            if "tests" not in cell.metadata.get("tags", []):
                continue
            for appel in _appels_tester(_CACHES.sub("", cell.source + "\n")):  # what the release keeps
                question = appel.args[0].value
                if question not in sujet.specs:
                    continue
                spec = sujet.specs[question]
                try:
                    args = tuple(eval(compile(ast.Expression(a), "<exemple>", "eval"), dict(espace))
                                 for a in appel.args[2:])
                except Exception as exc:
                    raise ErreurPaquet(f"{assignment}: the arguments of {ast.unparse(appel)} cannot be computed "
                                       f"from the reference and the notebook's imports ({exc!r})") from None
                attendu = checks.attendu_de(spec, args, reference)
                q = d["fonctions"].setdefault(question, {
                    "nom": spec.nom, "parametres": list(spec.parametres), "genre": spec.genre, "regle": spec.regle,
                    "contraintes": list(spec.contraintes), "module": spec.module,
                    "plusieurs_reponses": spec.accepter is not None, "module_specs": _module_des_specs(sujet),
                    "familles": [{"nom": f.nom, "poids": f.poids, "cles": list(f.cles) if f.cles else None,
                                  "contrainte": f.contrainte, "accessoire": f.accessoire} for f in spec.rubriques()],
                    "exemples": {}})
                q["exemples"][cle_exemple(args)] = {
                    "attendu": executant.encoder(attendu),
                    "couvre": [f.nom for f in spec.rubriques() if f.contrainte is None and f.couvre(args, attendu)]}
    return donnees


def _module_des_specs(sujet) -> str:
    """The module that defines the subject's specs (the students' side uses its acceptances if it is shipped)."""
    return next(iter(sujet.specs.values())).cas.__module__


def _colonnes_sql() -> dict:
    from awale_ref.grading import sql

    return sql.COLONNES


# ---------------------------------------------------------------- the format checks of the answers
def _noms_du_code(code: types.CodeType) -> set[str]:
    noms = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            noms |= _noms_du_code(const)
    return noms


def source_des_formats(sujet) -> str:
    """A module with the subject's format checks (``FORMATS = {question: check}``) and what they call."""
    definitions: dict[str, str] = {}
    imports: set[str] = set()
    a_voir = [fonction for fonction, *_ in sujet.reponses.values()]
    vus: set[int] = set()
    while a_voir:
        fonction = a_voir.pop()
        if id(fonction) in vus:
            continue
        vus.add(id(fonction))
        if fonction.__name__ == "<lambda>":
            raise ErreurPaquet(f"{sujet.nom}: a format check must be a named function, not a lambda")
        source = textwrap.dedent(inspect.getsource(fonction))
        if definitions.get(fonction.__name__, source) != source:
            raise ErreurPaquet(f"{sujet.nom}: two format helpers are named {fonction.__name__}")
        definitions[fonction.__name__] = source
        for nom in _noms_du_code(fonction.__code__):
            if nom not in fonction.__globals__:  # a builtin, or an attribute
                continue
            valeur = fonction.__globals__[nom]
            if isinstance(valeur, types.FunctionType):
                a_voir.append(valeur)
            elif isinstance(valeur, types.ModuleType):
                if valeur.__name__.split(".")[0] == "awale_ref":
                    raise ErreurPaquet(f"{sujet.nom}: the format check {fonction.__name__} uses {valeur.__name__}")
                imports.add(f"import {valeur.__name__} as {nom}" if nom != valeur.__name__ else f"import {nom}")
            elif isinstance(valeur, (int, float, str, bool, type(None), tuple, frozenset)):
                definitions[nom] = f"{nom} = {valeur!r}\n"
            elif isinstance(valeur, dict) and all(isinstance(k, (int, str)) for k in valeur):
                # a table a shape check reads (the names of Q15's situations): its keys only, never its values
                definitions[nom] = f"{nom} = dict.fromkeys({list(valeur)!r})\n"
            else:
                raise ErreurPaquet(f"{sujet.nom}: the format check {fonction.__name__} uses {nom} ({type(valeur)})")
    table = ", ".join(f"{q!r}: {f.__name__}" for q, (f, *_) in sujet.reponses.items())
    return (f'"""The format checks of the structured answers of {sujet.nom} (copied by pipeline.paquet_eleve)."""\n\n'
            "from __future__ import annotations\n\nfrom typing import Any\n"
            + "".join(f"{i}\n" for i in sorted(imports)) + "\n\n"
            + "\n\n".join(definitions[n] for n in sorted(definitions)) + f"\n\nFORMATS = {{{table}}}\n")


# ---------------------------------------------------------------- the package
def _module_vers_chemin(module: str, racine: Path) -> Path:
    """Where ``module`` goes in the distribution: a package's ``__init__.py`` when it is a package in the full
    install (a subject's folder), else ``<name>.py``."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(module) if module.startswith("awale_ref") else None
    except ModuleNotFoundError:  # a module of the distribution only (the format checks)
        spec = None
    if spec is not None and spec.submodule_search_locations is not None:
        return racine.joinpath(*module.split("."), "__init__.py")
    return racine.joinpath(*module.split(".")).with_suffix(".py")


def _grading_init() -> str:
    import awale_ref.grading as grading

    affichage = "\n\n".join(inspect.getsource(getattr(grading, n)) for n in ("_montrer_echec", "_installer_affichage"))
    return ('"""The notebooks\' test helpers, student distribution: the visible tests from data '
            '(awale_ref.grading.visibles)."""\n\nfrom __future__ import annotations\n\nfrom typing import Any\n\n'
            "from awale_ref.grading.sql import montrer_requete\nfrom awale_ref.grading.visibles import EchecTest, Testeur\n\n"
            'tester = Testeur("awale_ref.grading").tester\n\n\n' + affichage + "\n\n_installer_affichage()\n\n"
            '__all__ = ["EchecTest", "montrer_requete", "tester"]\n')


def _sql() -> str:
    """The SQL questions' helpers: ``montrer_requete`` and its table, copied from ``awale_ref.grading.sql``, on
    the visible library shipped with the package."""
    from awale_ref.grading import sql

    copies = "\n\n".join(inspect.getsource(getattr(sql, n)) for n in ("_texte", "_pluriel", "TableRequete",
                                                                      "montrer_requete"))
    return ('"""The SQL questions\' helpers, student distribution: the visible library is shipped with the '
            'package (pipeline.paquet_eleve)."""\n\nfrom __future__ import annotations\n\nimport html\n'
            "import sqlite3\nfrom dataclasses import dataclass\nfrom typing import Any\n\n"
            "from awale_ref.grading import executant\nfrom awale_ref.grading.visibles import BIBLIOTHEQUE\n\n"
            "ErreurRequete = executant.ErreurRequete\nReponse = executant.Reponse\nexecuter = executant.executer_requete\n"
            f"GRAINE_VISIBLE = {sql.GRAINE_VISIBLE!r}\n\n\n"
            "def ouvrir(graine: int) -> sqlite3.Connection:\n"
            "    if graine != GRAINE_VISIBLE:\n"
            "        raise ValueError(f'only the visible library ({GRAINE_VISIBLE}) is here, not {graine}')\n"
            "    return executant.proteger(sqlite3.connect(f'file:{BIBLIOTHEQUE}?mode=ro', uri=True))\n\n\n"
            "def preparer_bibliotheques(graines=None) -> None:\n"
            '    """Nothing to prepare: the visible library is part of the students\' environment."""\n\n\n'
            + copies + '\n\n__all__ = ["montrer_requete", "preparer_bibliotheques"]\n')


_INIT = '''"""awale_ref, student distribution (pipeline.paquet_eleve): no reference of a graded function, no
answer, no hidden test. What the exam's notebooks are given (``initialisation``…) is re-exported, as by the full
package; a notebook that imports anything else from here (partie3_ia) reads why it does not run."""

from awale_ref.exam import *  # noqa: F401,F403 (the reduced reference: only the functions the notebooks supply)

ABSENT = ("Ce notebook ne fonctionne pas encore sur le serveur de la classe : il utilise les fonctions de référence "
          "de la partie II, l'arbre de la question 18 ou le plateau, qui n'y sont pas installés (ils contiennent des "
          "réponses). Travaillez-le en autonomie (bash scripts/autonomie.sh) ou demandez à votre enseignant.")


def __getattr__(nom: str):
    import importlib.util

    if nom.startswith("__") or importlib.util.find_spec(f"{__name__}.{nom}") is not None:
        raise AttributeError(nom)  # a submodule: the import system loads it
    raise ImportError(f"awale_ref.{nom} : {ABSENT}")
'''

_WIDGET = '''"""The interactive board is not part of the students' environment of the class server (it plays with the
reference of the graded functions). ``Plateau(...)`` shows a note instead."""

NOTE = ("Le plateau interactif n'est pas disponible sur le serveur de la classe. Vos fonctions se testent avec "
        "les cellules de tests ; le plateau se joue en autonomie (bash scripts/autonomie.sh).")


class Plateau:
    def __init__(self, *args, **kwargs) -> None:
        pass

    def _repr_markdown_(self) -> str:
        return f"*{NOTE}*"

    def __repr__(self) -> str:
        return NOTE
'''


def ecrire_paquet(dest: Path) -> Path:
    """Write the student distribution's source tree in ``dest`` (``awale_ref/`` and ``pyproject.toml``)."""
    from awale_ref.grading.visibles import module_des_formats
    from awale_ref.library import GRAINE, chemin_verifie

    dest = Path(dest)
    racine = dest / "awale_ref"
    if racine.exists():
        shutil.rmtree(racine)
    (racine / "data").mkdir(parents=True)
    (racine / "grading" / "formats").mkdir(parents=True)
    (racine / "widget").mkdir(parents=True)
    (racine / "__init__.py").write_text(_INIT)
    for chemin in COPIES:
        (racine / chemin).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(PAQUET / chemin, racine / chemin)
    (racine / "grading" / "__init__.py").write_text(_grading_init())
    (racine / "grading" / "sql.py").write_text(_sql())
    (racine / "widget" / "__init__.py").write_text(_WIDGET)
    (racine / "grading" / "formats" / "__init__.py").write_text('"""The answers\' format checks, per subject."""\n')
    for module, sujet in sujets().items():
        cible = _module_vers_chemin(sujet.module_reference, dest)
        cible.parent.mkdir(parents=True, exist_ok=True)
        cible.write_text(reference_reduite(sujet.module_reference, noms_notes(sujet)))
        if module != "awale_ref.grading":
            # any other name the notebook imports from here (a SQL helper, a board…) is not in the distribution:
            # the notebook says why, as partie3_ia does (_INIT)
            _module_vers_chemin(module, dest).write_text(
                f'"""The visible tests of {sujet.nom}, student distribution."""\n\n'
                "from awale_ref.grading.visibles import EchecTest, Testeur\n\n"
                "tester = Testeur(__name__).tester\n\n\n"
                "def __getattr__(nom: str):\n"
                "    import importlib.util\n\n"
                "    from awale_ref import ABSENT\n\n"
                "    if nom.startswith('__') or importlib.util.find_spec(f'{__name__}.{nom}') is not None:\n"
                "        raise AttributeError(nom)\n"
                "    raise ImportError(f'{__name__}.{nom} : {ABSENT}')\n")
        _module_vers_chemin(module_des_formats(module), dest).write_text(source_des_formats(sujet))
    with contextlib.redirect_stdout(io.StringIO()):  # what the reference prints while observed
        donnees = donnees_visibles()
    (racine / "data" / "visibles.json").write_text(json.dumps(donnees, ensure_ascii=False, indent=0))
    shutil.copy(chemin_verifie(GRAINE), racine / "data" / "bibliotheque_visible.sqlite")
    (racine / "data" / "bibliotheque_visible.sqlite").chmod(0o444)
    (dest / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n\n'
        '[project]\nname = "awale-ref"\nversion = "0.1.0+eleve"\n'
        'description = "awale_ref, student distribution (no reference, no answer, no hidden test)"\n'
        'requires-python = ">=3.11"\n\n[tool.setuptools.packages.find]\ninclude = ["awale_ref*"]\n\n'
        '[tool.setuptools.package-data]\nawale_ref = ["data/*", "gabarits/*"]\n')
    return racine


ROLE_ELEVE = ("jupyterhub", "jupyterlab", "notebook", "nbgrader", "ipykernel", "ipywidgets", "matplotlib", "numpy",
              "Jinja2")
"""What a student's server needs besides the package: the single-user server, JupyterLab and nbgrader's
assignment list, the kernel, the pictures and the HTML templates; versions from ``requirements.txt``."""


def contraintes_epinglees() -> str:
    """``requirements.txt`` as pip constraints (the same versions; pip refuses extras in a constraint)."""
    from packaging.requirements import Requirement

    lignes = []
    for ligne in (RACINE / "requirements.txt").read_text().splitlines():
        ligne = ligne.split("#", 1)[0].strip()
        if ligne and not ligne.startswith("-"):
            exigence = Requirement(ligne)
            lignes.append(f"{exigence.name}{exigence.specifier}" + (f"; {exigence.marker}" if exigence.marker else ""))
    return "\n".join(lignes) + "\n"


def installer(env: Path, pip_args: tuple[str, ...] = ()) -> Path:
    """Create the virtualenv ``env`` with the students' stack (pinned) and the student distribution."""
    env = Path(env).resolve()
    if RACINE in env.parents or env == RACINE:
        raise ErreurPaquet(f"{env} is inside the course folder {RACINE}: the students could not use it once the "
                           f"course is closed to them; choose a folder outside it (/opt/awale-eleves)")
    if not (env / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(env)], check=True)
    source = env / "paquet"
    ecrire_paquet(source)
    pip = [str(env / "bin" / "python"), "-m", "pip", "install", "-q", *pip_args]
    contraintes = env / "contraintes.txt"
    contraintes.write_text(contraintes_epinglees())
    subprocess.run([*pip, "-c", str(contraintes), *ROLE_ELEVE], check=True)
    subprocess.run([*pip, "--no-deps", "--force-reinstall", str(source)], check=True)
    shutil.rmtree(source)
    for chemin in [env, *env.rglob("*")]:  # readable by every account, writable by none but the installer
        if not chemin.is_symlink():
            chemin.chmod((chemin.stat().st_mode | 0o444 | (0o111 if chemin.is_dir() else 0)) & ~0o022)
    return env


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Build the students' environment of the class server.")
    parser.add_argument("dest", type=Path, help="the virtualenv to create, outside the course folder")
    parser.add_argument("--paquet-seul", action="store_true", help="write only the package's source tree in DEST")
    args = parser.parse_args(argv)
    if args.paquet_seul:
        print(f"écrit {ecrire_paquet(args.dest)}")
    else:
        print(f"environnement des élèves prêt : {installer(args.dest)}")


if __name__ == "__main__":
    main()
