"""The tools several test files share: a free port, a cell run as a notebook would, the course's expected answers
(solutions, secrets, visible examples), the students' distribution built once per session for each set of closed
assignments, a course prepared in a temporary folder and graded by the real ``nbgrader``, the boards and drawings
the board and tree tests measure.

A test module imports them from here (``import outils``), never from another test module.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import inspect
import os
import re
import socket
import subprocess
import textwrap
import time
import types
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook, MissingEntry

from pipeline.nbgrader_cli import nbgrader, nbgrader_ici

RACINE = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- services
def port_libre() -> int:
    """A TCP port free on 127.0.0.1 right now (for a server a test starts)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------- code run as a notebook cell
def cellule(source: str, espace: dict | None = None, nom: str = "<ipython-input-1>") -> dict:
    """Run ``source`` (dedented) as a notebook cell would, in ``espace`` (a fresh ``__main__`` namespace if
    ``None``), and return that namespace."""
    espace = {"__name__": "__main__"} if espace is None else espace
    exec(compile(textwrap.dedent(source), nom, "exec"), espace)
    return espace


def fichier_execute(chemin: Path) -> tuple[dict, str]:
    """Run the Python file ``chemin`` (a teacher's key kept in ``tests/data``) in a namespace of its own;
    return that namespace and the file's text."""
    source = chemin.read_text(encoding="utf-8")
    espace: dict = {"__name__": "corrige"}
    exec(compile(source, str(chemin), "exec"), espace)
    return espace, source


# ---------------------------------------------------------------- the course's expected answers
def lire_notebook(chemin: Path) -> nbformat.NotebookNode:
    """Read a notebook, waiting a little if another test is rewriting it right now."""
    for _ in range(20):
        try:
            return nbformat.read(chemin, as_version=4)
        except (ValueError, OSError):
            time.sleep(0.5)
    return nbformat.read(chemin, as_version=4)


def notebook_source(devoir: str, racine: Path = RACINE) -> nbformat.NotebookNode:
    """The teacher's notebook of ``devoir`` (``source/``) of the course at ``racine``."""
    return lire_notebook(racine / "source" / devoir / f"{devoir}.ipynb")


def solutions(source: nbformat.NotebookNode) -> dict[str, str]:
    """The course's answer of each solution cell of the teacher's notebook ``source``, by grade_id."""
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in source.cells
            if c.metadata.get("nbgrader", {}).get("solution")}


_BLOCS = re.compile(r"^[ \t]*### BEGIN (?:SOLUTION|HIDDEN TESTS)\n(.*?)^[ \t]*### END (?:SOLUTION|HIDDEN TESTS)",
                    re.S | re.M)


def secrets_du_cours() -> set[str]:
    """The lines no grading kernel may show, derived from the subjects: each line (25 characters or more, imports
    aside) of a graded function's reference body, of a key query (a subject's SQL module's ``REQUETES``, or those
    of a module of the course it uses) and of a solution or hidden-test block of ``source/``, that neither a
    release notebook nor the students' package holds."""
    from awale_ref.grading.registre import catalogue
    from pipeline.autograde import paquet_noyau

    textes: list[str] = []
    for sujet in catalogue.tous():
        reference = importlib.import_module(sujet.module_reference)
        for question in sujet.questions:
            nom = sujet.nom_note(question)
            if nom and callable(getattr(reference, nom, None)):
                textes.append(inspect.getsource(getattr(reference, nom)))
        for genre in sujet.types_de_question:
            if callable(getattr(genre, "sql", None)):
                module = genre.sql()
                for m in [module, *(v for v in vars(module).values() if isinstance(v, types.ModuleType)
                                    and v.__name__.startswith("awale_ref."))]:
                    textes += [str(r) for r in getattr(m, "REQUETES", {}).values()]
    for assignment in catalogue.devoirs():
        for cell in notebook_source(assignment).cells:
            textes += _BLOCS.findall(cell.source)
    release = "\n".join(c.source for a in catalogue.devoirs()
                        for c in nbformat.read(RACINE / "release" / a / f"{a}.ipynb", as_version=4).cells)
    public = "\n".join(f.read_text(errors="replace") for f in paquet_noyau.paquet_de_correction().rglob("*")
                       if f.is_file() and f.suffix in (".py", ".json")) + release
    return {ligne.strip() for texte in textes for ligne in texte.splitlines()
            if len(ligne.strip()) >= 25 and ligne.strip() not in public
            and not ligne.strip().startswith(("import ", "from "))}  # an import tells nothing


def appels_visibles(sujet) -> dict[str, tuple[tuple[str, ...], ...]]:
    """For each question of ``sujet`` (a :class:`awale_ref.grading.registre.catalogue.Sujet`), the arguments (as source) of
    the visible examples of its test cell."""
    import jupytext

    from awale_ref.grading.eleve import contraintes

    res: dict[str, tuple[tuple[str, ...], ...]] = {}
    for devoir in sujet.devoirs:
        for cellule in jupytext.read(sujet.source_du_devoir(devoir)).cells:
            if "tests" in cellule.metadata.get("tags", []):
                for question in sujet.specs:
                    res[question] = res.get(question, ()) + contraintes.appels_visibles(question, cellule.source)
    return res


# ---------------------------------------------------------------- a browser
@contextlib.contextmanager
def chromium(*options: str):
    """Debian's Chromium driven by Playwright (``prerequis.navigateur``: the test is skipped, or fails in the full
    run, without them), closed when the block ends; ``options`` added to its command line."""
    import prerequis

    chemin = prerequis.navigateur()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=chemin, args=["--no-sandbox", "--disable-gpu", *options])
        try:
            yield navigateur
        finally:
            navigateur.close()


# ---------------------------------------------------------------- the students' distribution
@contextlib.contextmanager
def essais_hors_du_processus():
    """While it lasts, the tries of the shipped functions (``pipeline.essai_paquet.reponses``) raise in this
    process: a build of the students' distribution must run them in one of their own (a function stopped by its
    timer in the middle of a drawing once left the builder's exception state broken for the tests that
    followed)."""
    from pipeline import essai_paquet

    def ici(*args, **kwargs):
        raise AssertionError("the shipped functions are tried in the process that builds the package")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(essai_paquet, "reponses", ici)
        yield


def paquet_construit(tmp_path_factory: pytest.TempPathFactory, fermes=frozenset()) -> Path:
    """The students' distribution (``pipeline.paquet_eleve.ecrire_paquet``) with the assignments ``fermes``
    closed, built once per test session by whichever test (of any file, on any xdist worker) asks first and
    shared, read-only by convention, with the others.

    It is kept in the folder the session's workers share (the parent of each worker's base temporary folder,
    pytest-xdist's documented pattern; the base folder itself without xdist), named by the hash of what it is
    built from: the fingerprint of the course's package and of the builder (``paquet_noyau.empreinte``) and the
    closed assignments; built under :func:`essais_hors_du_processus` by ``paquet_noyau.construit_une_fois`` (a
    lock, the tree published by renaming it: no test sees half a package)."""
    from pipeline import paquet_eleve as constructeur
    from pipeline.autograde import paquet_noyau

    base = tmp_path_factory.getbasetemp()
    commun = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    fermes = frozenset(fermes)
    cle = hashlib.sha256(f"{paquet_noyau.empreinte()}\n{','.join(sorted(fermes))}".encode()).hexdigest()[:16]
    cible = commun / "paquets_eleves" / cle

    def construire(dossier: Path) -> None:
        with essais_hors_du_processus():
            constructeur.ecrire_paquet(dossier, fermes=fermes)

    return paquet_noyau.construit_une_fois(cible, construire)


# ---------------------------------------------------------------- a course graded by the real nbgrader
def preparer_cours(racine: Path, devoirs: tuple[str, ...] | list[str], config_en_plus: str = "") -> None:
    """A private copy of the course at ``racine``: the current teacher's notebooks of ``devoirs``, the course's
    ``nbgrader_config.py`` followed by ``config_en_plus`` (shorter limits, for instance), ``pipeline`` linked;
    the release of each assignment generated there by ``nbgrader generate_assignment``, in this process (the
    grading itself, :func:`autograder`, runs the command line)."""
    racine.mkdir(parents=True, exist_ok=True)
    (racine / "nbgrader_config.py").write_text((RACINE / "nbgrader_config.py").read_text() + config_en_plus)
    (racine / "pipeline").symlink_to(RACINE / "pipeline")
    for devoir in devoirs:
        (racine / "source" / devoir).mkdir(parents=True)
        nbformat.write(notebook_source(devoir), racine / "source" / devoir / f"{devoir}.ipynb")
        nbgrader_ici("generate_assignment", devoir, "--force", racine=racine)


def autograder(racine: Path, devoir: str, *options: str,
               variables: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``nbgrader autograde devoir`` in the course at ``racine``, its log at INFO, without raising; ``variables``
    added to its environment."""
    return nbgrader("autograde", devoir, "--log-level=INFO", *options, racine=racine, check=False, capture=True,
                    variables=variables)


def lire_scores(racine: Path, etudiants: list[str], devoir: str) -> dict[str, dict[str, float | None]]:
    """The automatic score of each graded code cell of each student's ``devoir`` in the course's gradebook
    (``{}`` for a student the gradebook lacks)."""
    scores = {}
    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        for etudiant in etudiants:
            try:
                sub = gb.find_submission_notebook(devoir, devoir, etudiant)
            except MissingEntry:
                scores[etudiant] = {}
                continue
            scores[etudiant] = {g.name: g.auto_score for g in sub.grades if g.cell.cell_type == "code"}
    return scores


# ---------------------------------------------------------------- boards and drawings
FAMINE = [0, 0, 0, 0, 1, 5, 1, 1, 1, 1, 1, 0]  # pit 5 would take all of Bob's seeds, pit 4 is fine


def total(etape) -> int:
    """The seeds of an animation step of the board widget: on the board, in the stores and in hand."""
    return sum(etape.plateau) + sum(etape.score) + etape.en_main


def engine_initial() -> dict:
    """The CCINP's opening position (the exam's ``jeu`` dictionary)."""
    return {"joueur1": "Alice", "joueur2": "Bob", "score": [0, 0], "n": 0, "plateau": [4] * 12}


def mesurer_arbre(fig) -> dict:
    """Measured on the PNG the notebook shows (1 px of the PNG = 1 CSS px at 100 % zoom, never scaled):
    the height in pixels of every digit of the boards (its dark pixels), the box of the root's board's
    first pit and the top of the root's label."""
    import io

    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from PIL import Image

    image = np.asarray(Image.open(io.BytesIO(fig._repr_png_())).convert("L"))
    rendu = FigureCanvasAgg(fig).get_renderer()
    hauteur = image.shape[0]
    chiffres = []
    for texte in fig.axes[0].texts:
        if texte.get_text().isdigit():
            x0, y0, x1, y1 = texte.get_window_extent(rendu).extents
            boite = image[int(hauteur - y1):int(hauteur - y0) + 1, int(x0):int(x1) + 1]
            sombres = np.where((boite < 100).any(axis=1))[0]
            chiffres.append(int(sombres.max() - sombres.min() + 1))
    racine = next(t for t in fig.axes[0].texts if t.get_text().startswith("(a)"))
    premier = next(t for t in fig.axes[0].texts if t.get_text().isdigit())
    x0, y0, x1, y1 = premier.get_window_extent(rendu).extents
    return {"chiffres": chiffres, "haut_racine": hauteur - racine.get_window_extent(rendu).extents[3],
            "premier_chiffre": (x0, hauteur - y1, x1 - x0, y1 - y0), "taille": image.shape[::-1]}
