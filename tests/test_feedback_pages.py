"""The feedback page of every assignment, as a student opens it in Chromium (narrow window, 640 px).

One failing copy of every assignment of the course (the list is the course's, ``pipeline.build.ASSIGNMENTS``,
found in ``awale_ref/sujets/*/cours/``): the course's solution in every answer cell, except the first function
whose failing case the subject draws, which returns ``None`` (or, in an assignment that draws none, its first
answer left as released).  The copies are graded once, by the real ``nbgrader autograde`` (sandbox on), and
given their feedback by ``nbgrader generate_feedback`` (module fixture).  Each page must show:

- no HTML entity and no tag as text (an inline ``a < b`` of a statement, a widget's repr);
- nothing wider than the page at 640 px (images shrink to it);
- nbgrader's labels in French, and at most one drawing of each failing case;
- every picture described in French (its ``alt``), never nbconvert's English sentence.

Screenshots of every page go to $AWALE_ARTIFACTS (default: build/artefacts/retours/).
"""

from __future__ import annotations

import copy
import os
import re
import time
from pathlib import Path

import nbformat
import pytest

import prerequis
from pipeline.build import ASSIGNMENTS, RACINE, question_de, sujet_de
from pipeline.nbgrader_cli import nbgrader_ici

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (tests/conftest.py)

LARGEUR = 640
ARTEFACTS = Path(os.environ.get("AWALE_ARTIFACTS") or RACINE / "build" / "artefacts") / "retours"
LIMITES_DE_TEST = """
c.Execute.timeout = 60
c.VerdictsDesTestsCaches.delai_cellule = 20
c.VerdictsDesTestsCaches.delai_question = 40
"""


def reponse_fausse(assignment: str, source: nbformat.NotebookNode) -> tuple[str, str]:
    """The answer cell a failing copy gets wrong, and its wrong code: the first function whose failing case
    the subject draws returns ``None``; without one, the first answer cell keeps its stub."""
    specs = sujet_de(assignment).specs
    reponses = [c.metadata["nbgrader"]["grade_id"] for c in source.cells
                if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("solution")]
    for grade_id in reponses:
        spec = specs.get(question_de(grade_id))
        if spec is not None and spec.presentation and grade_id == f"{spec.question.lower()}_{spec.nom}":
            return grade_id, f"def {spec.nom}(*args):\n    return None\n"
    return reponses[0], "# VOTRE CODE ICI\nraise NotImplementedError()\n"


def copie_fausse(assignment: str, racine: Path) -> nbformat.NotebookNode:
    """The release of ``assignment`` answered by the course's solutions, one answer wrong (:func:`reponse_fausse`)."""
    source = nbformat.read(racine / "source" / assignment / f"{assignment}.ipynb", as_version=4)
    solutions = {c.metadata["nbgrader"]["grade_id"]: c.source for c in source.cells
                 if c.metadata.get("nbgrader", {}).get("solution")}
    fausse, code = reponse_fausse(assignment, source)
    copie = copy.deepcopy(nbformat.read(racine / "release" / assignment / f"{assignment}.ipynb", as_version=4))
    for cellule in copie.cells:
        grade_id = cellule.metadata.get("nbgrader", {}).get("grade_id")
        if cellule.metadata.get("nbgrader", {}).get("solution"):
            cellule.source = code if grade_id == fausse else solutions[grade_id]
    return copie


@pytest.fixture(scope="module")
def retours(tmp_path_factory) -> dict[str, Path]:
    """Every assignment's failing copy graded and given feedback: the page of each assignment."""
    debut = time.monotonic()
    racine = tmp_path_factory.mktemp("cours_retours")
    (racine / "nbgrader_config.py").write_text((RACINE / "nbgrader_config.py").read_text() + LIMITES_DE_TEST)
    (racine / "pipeline").symlink_to(RACINE / "pipeline")
    for a in ASSIGNMENTS:
        (racine / "source" / a).mkdir(parents=True)
        nbformat.write(nbformat.read(RACINE / "source" / a / f"{a}.ipynb", as_version=4),
                       racine / "source" / a / f"{a}.ipynb")
        nbgrader_ici("generate_assignment", a, "--force", "--log-level=WARN", racine=racine)
        (racine / "submitted" / "eleve" / a).mkdir(parents=True)
        nbformat.write(copie_fausse(a, racine), racine / "submitted" / "eleve" / a / f"{a}.ipynb")
    # every assignment in one command each: a notebook's sandboxed kernel starts while the one before is graded
    nbgrader_ici("autograde", "*", "--log-level=WARN", racine=racine)
    nbgrader_ici("generate_feedback", "*", "--force", "--log-level=WARN", racine=racine)
    print(f"\n{len(ASSIGNMENTS)} failing copies graded and given feedback in {time.monotonic() - debut:.0f} s")
    return {a: racine / "feedback" / "eleve" / a / f"{a}.html" for a in ASSIGNMENTS}


@pytest.fixture(scope="module")
def rapports(retours) -> list[Path]:
    """The teacher's reports of that class (one per series), as pages."""
    from pipeline.report import ecrire_rapports

    racine = next(iter(retours.values())).parents[3]
    return [chemin for chemin in ecrire_rapports(racine) if chemin.name == "rapport.html"]


@pytest.fixture(scope="module")
def onglet():
    """One Chromium tab, 640 px wide."""
    chromium = prerequis.navigateur()
    from playwright.sync_api import sync_playwright

    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        try:
            yield navigateur.new_page(viewport={"width": LARGEUR, "height": 900})
        finally:
            navigateur.close()


ENTITE = re.compile(r"&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);")
BALISE = re.compile(r"</?[a-z][a-z0-9]*(?:\s+[a-z-]+(?:=(?:\"[^\"]*\"|'[^']*'|[^\s>]+))?)*\s*/?>")
"""An HTML tag (``<style>``, ``</td>``, ``<td class="x">``), not a repr such as ``<Figure size 630x440 with 1 Axes>``."""
TROP_LARGES = f"""() => [...document.querySelectorAll('body *')].filter(e => {{
    if (e.getBoundingClientRect().right <= {LARGEUR} + 1) return false;
    for (let a = e.parentElement; a; a = a.parentElement) {{  // inside a box that scrolls and fits: not the page
        if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)
            && a.getBoundingClientRect().right <= {LARGEUR} + 1) return false;
    }}
    return true;
}}).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().width))"""
"""What sticks out of a window of LARGEUR px, except inside a box of the page that scrolls (a long line of code)."""


def _sans_balise_ni_debordement(onglet) -> str:
    """The page's text, once checked: no entity or tag shown as text, nothing wider than the window."""
    texte = onglet.evaluate("() => document.body.innerText")
    assert not ENTITE.findall(texte), sorted(set(ENTITE.findall(texte)))
    assert not BALISE.findall(texte), BALISE.findall(texte)[:5]
    assert onglet.evaluate("() => document.documentElement.scrollWidth") <= LARGEUR
    assert not onglet.evaluate(TROP_LARGES)
    images = onglet.evaluate("() => [...document.images].map(i => [i.naturalWidth, i.getBoundingClientRect().width])")
    assert all(vue <= LARGEUR for _, vue in images), images
    return texte


def test_the_teachers_reports_are_pages_beside_their_markdown(rapports, onglet):
    """``rapport.html`` beside each ``rapport.md``: its tables and pictures within 640 px, no markup as text, the
    other series' reports linked by their pages."""
    assert len(rapports) == len({sujet_de(a).serie for a in ASSIGNMENTS}) >= 2
    for page in rapports:
        assert (page.parent / "rapport.md").is_file()
        onglet.goto(page.as_uri())
        texte = _sans_balise_ni_debordement(onglet)
        assert texte.startswith("Rapport de correction") and onglet.locator("table").count() >= 1
        assert all(i > 0 for i in onglet.evaluate("() => [...document.images].map(i => i.naturalWidth)"))
        onglet.screenshot(path=str(ARTEFACTS / f"rapport_{page.parent.name}.png"), full_page=True)
    premier = rapports[0]
    onglet.goto(premier.as_uri())
    liens = onglet.evaluate("() => [...document.links].map(a => a.getAttribute('href'))")
    autres = sorted(f"{p.parent.name}/rapport.html" for p in rapports[1:])
    assert sorted(l for l in liens if l.endswith("rapport.html")) == autres, liens
    assert all((premier.parent / lien).is_file() for lien in autres)


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_a_feedback_page_shows_no_markup_as_text_and_fits_640_px(retours, onglet, assignment):
    onglet.goto(retours[assignment].as_uri())
    texte = _sans_balise_ni_debordement(onglet)
    assert "children=(" not in texte  # a widget's repr
    for anglais in ("Student's answer", "Grade cell", "Test cell", "Score:", "(Top)", "No response.", "In\xa0[", "Out["):
        assert anglais not in texte, anglais
    # one drawing of each failing case: a cell's outputs hold a drawn board or pictures of cases, never both
    deux_dessins = onglet.evaluate("""() => [...document.querySelectorAll('div.output')]
        .filter(o => o.querySelector('div[class$="-contre-exemple"]') && o.querySelector('img'))
        .map(o => o.innerText.slice(0, 80))""")
    assert not deux_dessins, deux_dessins
    # every picture says what it shows, in French (« Dessin : … » for a figure or a failing case drawn)
    alts = onglet.evaluate("() => [...document.images].map(i => i.alt)")
    assert all(alt.strip() and "No description" not in alt for alt in alts), alts
    onglet.screenshot(path=str(ARTEFACTS / f"{assignment}.png"), full_page=True)
