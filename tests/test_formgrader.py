"""Manual grading in the real formgrader, in a real browser (Playwright with Debian Chromium).

A small class on ``partie1_regles``, autograded by the real ``nbgrader
autograde``: an honest student, and a student whose outputs and
justification carry scripts (``<script>``, an ``onerror`` handler, a
``Javascript`` output) that try to raise their own grades through the
formgrader's API once a logged-in teacher opens the copy.  A Jupyter server
with nbgrader's formgrader extension is started on 127.0.0.1 (a free port,
a token) in the course folder and stopped at the end.

- Opening the hostile copy runs nothing: the page title is untouched, the
  page sends no write request, and every grade of the gradebook is the same
  afterwards.
- On the honest copy the teacher types points and a comment for one
  justification cell, as in class: both reach the gradebook, and the report
  then shows the manual points, the total on 20, and the students still to
  grade by hand.
"""

from __future__ import annotations

import copy
import csv
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook

import prerequis
from outils import notebook_source, port_libre, preparer_cours, solutions
from pipeline import report
from pipeline.nbgrader_cli import environnement, nbgrader

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

RACINE = Path(__file__).resolve().parent.parent
A = "partie1_regles"
JETON = "jeton-de-test-formgrader"
CHROMIUM = prerequis.CHROMIUM
# Every way a submission can carry a script into a page: an HTML output, an event handler, a Javascript
# output, raw HTML in a Markdown output and in the justification itself.  Each would rename the page and
# try to give its author the maximum through the formgrader's API.
_ATTAQUE_JS = ("document.title='PIRATE';fetch('/formgrader/api/grades?submission_id=x')"
               ".then(()=>fetch('/formgrader/api/grade/x',{method:'PUT',body:'{\"manual_score\": 99}'}))")
CODE_PIRATE = ("from IPython.display import HTML, SVG, Javascript, Markdown, display\n"
               f"display(HTML({'<b>gras</b><script>' + _ATTAQUE_JS + '</script>'!r}))\n"
               f"display(HTML({'<img src=x onerror=' + chr(34) + _ATTAQUE_JS + chr(34) + '>'!r}))\n"
               f"display(Javascript({_ATTAQUE_JS!r}))\n"
               f"display(Markdown({'<script>' + _ATTAQUE_JS + '</script>'!r}))\n"
               f"display(SVG({'<svg xmlns=' + chr(34) + 'http://www.w3.org/2000/svg' + chr(34) + ' onload=' + chr(34) + _ATTAQUE_JS + chr(34) + '/>'!r}))\n")
JUSTIFICATION_PIRATE = (f"Les cases 2, 4 et 5.<script>{_ATTAQUE_JS}</script>\n\n"
                        f"<img src=x onerror=\"{_ATTAQUE_JS}\">")


def _copie(release, source, pirate: bool):
    nb = copy.deepcopy(release)
    reponses = solutions(source)
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if not meta.get("solution"):
            continue
        if cell.cell_type == "markdown":
            cell.source = JUSTIFICATION_PIRATE if pirate else "Alice peut jouer les cases 2, 4 et 5."
        else:
            cell.source = (CODE_PIRATE if pirate and meta["grade_id"] == "q1_reponse" else "") + reponses[meta["grade_id"]]
    return nb


# A board drawn as the judge draws a smallest failing case (partie1_regles grades values: no function, no
# counterexample board of the judge's here), shown by the copy itself: it goes through the same sanitiser and page.
PLATEAU_DESSINE = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]


def _copie_distraite(release, source):
    """Honest answers but Q2's boards and gains wrong: the judge's verdicts are long lines; a drawn board."""
    nb = _copie(release, source, False)
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == "q2_reponse":
            cell.source = ("Q2_plateaux = {2: [0] * 12, 4: [1, 1, 3, 1, 0, 7, 4, 0, 0, 0, 1, 3], 5: [9] * 12}\n"
                           "Q2_gains = {2: 1, 4: 7, 5: 2}\n"
                           "from IPython.display import HTML, display\n"
                           "from awale_ref.sujets.ccinp_2024.presentation import dessin_html\n"
                           f"display(HTML(dessin_html({PLATEAU_DESSINE}, 'deplacer_graines(plateau, 4)')))\n")
    return nb


@pytest.fixture(scope="module")
def cours(tmp_path_factory) -> Path:
    prerequis.navigateur()
    racine = tmp_path_factory.mktemp("cours_formgrader")
    preparer_cours(racine, (A,))
    source = notebook_source(A, racine)
    release = nbformat.read(racine / "release" / A / f"{A}.ipynb", as_version=4)
    for eleve, pirate in (("honnete", False), ("pirate", True)):
        (racine / "submitted" / eleve / A).mkdir(parents=True)
        nbformat.write(_copie(release, source, pirate), racine / "submitted" / eleve / A / f"{A}.ipynb")
    (racine / "submitted" / "distrait" / A).mkdir(parents=True)
    nbformat.write(_copie_distraite(release, source), racine / "submitted" / "distrait" / A / f"{A}.ipynb")
    fin = nbgrader("autograde", A, racine=racine, check=False, capture=True)
    assert fin.returncode == 0, fin.stdout + fin.stderr
    return racine


@pytest.fixture(scope="module")
def serveur(cours: Path):
    """A Jupyter server with the formgrader on 127.0.0.1, in the course folder; stopped at the end."""
    port = port_libre()
    env = {k: v for k, v in environnement().items() if k != "JUPYTER_NO_CONFIG"}  # the extension's own config
    journal = open(cours / "serveur.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "jupyter", "server", "--no-browser", "--ip=127.0.0.1",
                             f"--port={port}", "--port-retries=0", f"--IdentityProvider.token={JETON}", "--allow-root",
                             f"--ServerApp.root_dir={cours}"], cwd=cours, env=env, stdout=journal,
                            stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{url}/formgrader/api/status?token={JETON}", timeout=2)
                break
            except OSError:
                if proc.poll() is not None:
                    break
                time.sleep(0.5)
        else:
            pytest.fail("the Jupyter server did not answer within 60 s:\n" + (cours / "serveur.log").read_text())
        assert proc.poll() is None, (cours / "serveur.log").read_text()
        yield url
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        journal.close()


def _notes(cours: Path) -> dict[tuple[str, str], tuple]:
    with Gradebook(f"sqlite:///{cours / 'gradebook.db'}") as gb:
        res = {}
        for eleve in ("honnete", "pirate"):
            sub = gb.find_submission_notebook(A, A, eleve)
            for g in sub.grades:
                res[(eleve, g.name)] = (g.auto_score, g.manual_score, g.extra_credit, g.needs_manual_grade)
            for c in sub.comments:
                res[(eleve, "commentaire " + c.name)] = (c.manual_comment,)
        return res


def _id_soumission(cours: Path, eleve: str) -> str:
    with Gradebook(f"sqlite:///{cours / 'gradebook.db'}") as gb:
        return gb.find_submission_notebook(A, A, eleve).id


@pytest.fixture(scope="module")
def navigateur():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def enseignant(navigateur, serveur):
    """A browser session logged in to the server as the teacher does it: the token typed in the login page."""
    contexte = navigateur.new_context()
    onglet = contexte.new_page()
    onglet.goto(f"{serveur}/login")
    onglet.fill("input[name=password]", JETON)
    onglet.click("#login_submit")
    onglet.wait_for_load_state()
    onglet.close()
    yield contexte
    contexte.close()


def _ouvrir(contexte, url: str):
    """A tab of the teacher's session, recording every write request the page sends."""
    onglet = contexte.new_page()
    ecritures: list[str] = []
    onglet.on("request", lambda r: ecritures.append(f"{r.method} {r.url}") if r.method not in ("GET", "HEAD") else None)
    if url.startswith("file:"):
        onglet.goto(url)
        return onglet, ecritures
    # the page loads the copy's grades and comments through the API, with the teacher's rights
    with onglet.expect_response(lambda r: "/formgrader/api/grades" in r.url) as notes, \
            onglet.expect_response(lambda r: "/formgrader/api/comments" in r.url) as commentaires:
        onglet.goto(url)
    assert notes.value.ok and commentaires.value.ok
    onglet.wait_for_selector("input.score#q1_justification")
    return onglet, ecritures


def test_a_script_in_a_copy_runs_neither_in_the_formgrader_nor_in_the_feedback(cours, serveur, enseignant):
    nb = nbformat.read(cours / "autograded" / "pirate" / A / f"{A}.ipynb", as_version=4)
    q1 = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q1_reponse")
    assert [o.output_type for o in q1.outputs].count("display_data") >= 4, q1.outputs  # the attack did run
    avant = _notes(cours)
    onglet, ecritures = _ouvrir(enseignant, f"{serveur}/formgrader/submissions/{_id_soumission(cours, 'pirate')}/")
    onglet.wait_for_timeout(1500)  # time for any script or image handler to run
    assert onglet.title() != "PIRATE"
    assert ecritures == []
    texte = onglet.inner_text("body")
    assert "Les cases 2, 4 et 5." in texte  # the justification is shown, its markup inert
    assert onglet.locator("b", has_text="gras").count() >= 1  # the copy's harmless HTML output is rendered
    onglet.close()
    assert _notes(cours) == avant
    nbgrader("generate_feedback", A, "--student", "pirate", "--force", racine=cours, capture=True)
    onglet, ecritures = _ouvrir(enseignant, (cours / "feedback" / "pirate" / A / f"{A}.html").as_uri())
    onglet.wait_for_timeout(1000)
    assert onglet.title() != "PIRATE" and ecritures == []
    onglet.close()


def test_points_and_a_comment_given_in_the_formgrader_reach_the_gradebook_and_the_report(cours, serveur, enseignant):
    avant = _notes(cours)
    assert avant[("honnete", "q1_justification")][3]  # waiting for the teacher
    onglet, _ = _ouvrir(enseignant, f"{serveur}/formgrader/submissions/{_id_soumission(cours, 'honnete')}/")
    note = onglet.locator("input.score#q1_justification")
    with onglet.expect_response(lambda r: "/formgrader/api/grade/" in r.url and r.request.method == "PUT") as rep:
        note.fill("1")
        note.press("Tab")
    assert rep.value.ok
    commentaire = onglet.locator("textarea#q1_justification-comment")
    with onglet.expect_response(lambda r: "/formgrader/api/comment/" in r.url and r.request.method == "PUT") as rep:
        commentaire.fill("Bonne justification : les trois cases non vides, sans famine.")
        commentaire.press("Tab")
    assert rep.value.ok
    onglet.close()
    apres = _notes(cours)
    assert apres[("honnete", "q1_justification")][1:] == (1.0, None, False)
    assert apres[("honnete", "commentaire q1_justification")] == (
        "Bonne justification : les trois cases non vides, sans famine.",)
    changees = {k for k in apres if apres[k] != avant[k]}
    assert changees == {("honnete", "q1_justification"), ("honnete", "commentaire q1_justification")}

    report.ecrire_rapport(cours)
    with open(cours / "report" / "notes_eleves.csv", encoding="utf-8") as f:
        lignes = {l["eleve"]: l for l in csv.DictReader(f)}
    honnete = lignes["honnete"]
    assert float(honnete["points_manuels"]) == 1.0
    assert float(honnete["points_total"]) == float(honnete["points_auto"]) + 1.0
    assert float(honnete["note_sur_20"]) == round(20 * float(honnete["points_total"]) / float(honnete["max_total"]), 1)
    # q3's justification is still to grade by hand: the mark is provisional, and both students are listed
    assert honnete["statut"] == "provisoire" and float(honnete["points_a_corriger"]) > 0
    rapport = (cours / "report" / "rapport.md").read_text(encoding="utf-8")
    en_attente = next(l for l in rapport.splitlines() if l.startswith("**Encore à corriger à la main**"))
    assert "honnete" in en_attente and "pirate" in en_attente


ARTEFACTS = Path(os.environ.get("AWALE_ARTIFACTS") or RACINE / "build" / "artefacts")  # ignored by git


def test_long_verdict_lines_wrap_in_the_formgraders_page_of_a_graded_copy(cours, serveur, enseignant):
    """The formgrader's view of a graded copy (its own page, not the feedback) on a narrow window: every output
    line of the copy, the judge's long verdicts included, wraps inside its box (scrollWidth <= clientWidth),
    as in the feedback page, and a drawn board is a table styled by the course's stylesheet
    (pipeline/gabarits: the formgrader's template is the course's); screenshot in build/artefacts/."""
    onglet, ecritures = _ouvrir(enseignant, f"{serveur}/formgrader/submissions/{_id_soumission(cours, 'distrait')}/")
    onglet.set_viewport_size({"width": 640, "height": 900})
    onglet.wait_for_timeout(300)
    mesures = onglet.evaluate("""() => [...document.querySelectorAll('div.output_subarea pre')].map(p => ({
        texte: p.innerText.slice(0, 80), large: p.scrollWidth, visible: p.clientWidth,
        ligne_la_plus_longue: Math.max(...p.innerText.split('\\n').map(l => l.length))}))""")
    verdicts = [m for m in mesures if "Q2_" in m["texte"] or "Correction" in m["texte"]]
    assert verdicts and max(m["ligne_la_plus_longue"] for m in verdicts) > 100, mesures  # long lines to wrap
    debordent = [m for m in mesures if m["large"] > m["visible"]]
    plateau = onglet.evaluate("""() => { const t = document.querySelector('table.awale-plateau');
        if (!t) return null;
        const cases = [...t.querySelectorAll('td')].filter(td => !td.classList.contains('awale-rangee'));
        return {cases: cases.map(td => td.innerText.trim()), bord: getComputedStyle(cases[0]).borderTopStyle,
                texte_de_balises: /<\\/?(t[dhr]|thead|tbody|p)\\b/.test(document.body.innerText)}; }""")
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    onglet.locator("div.output_subarea pre", has_text="Q2_plateaux").first.scroll_into_view_if_needed()
    onglet.screenshot(path=str(ARTEFACTS / "formgrader_verdict_q2.png"))
    onglet.close()
    assert not debordent, debordent
    assert plateau is not None, "no drawn board in the formgrader's page"
    haut, bas = range(11, 5, -1), range(0, 6)  # the opponent's row on top, read from 11 to 6
    assert plateau["cases"] == [str(PLATEAU_DESSINE[i]) for i in (*haut, *bas)], plateau
    assert plateau["bord"] == "solid" and not plateau["texte_de_balises"], plateau  # awale.css applies, no markup
    assert ecritures == []


def test_the_formgraders_view_of_a_copy_has_french_prompts(cours, serveur, enseignant):
    """The teacher reads a copy in the formgrader with nbconvert's prompts in French, as the student's feedback
    page: « Entrée [n] : » beside each code cell, never « In [n]: » (the course's formgrade template)."""
    onglet, ecritures = _ouvrir(enseignant, f"{serveur}/formgrader/submissions/{_id_soumission(cours, 'honnete')}/")
    invites = onglet.evaluate("() => [...document.querySelectorAll('div.input_prompt')].map(d => d.innerText.trim())")
    texte = onglet.evaluate("() => document.body.innerText")
    onglet.close()
    ecrites = [i for i in invites if i]
    assert ecrites and all(i.startswith("Entrée\xa0[") and i.endswith("\xa0:") for i in ecrites), invites
    assert "In [" not in texte.replace("\xa0", " ") and "Out[" not in texte, texte[:2000]
    assert ecritures == []
