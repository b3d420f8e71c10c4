"""What students see, in a real browser: JupyterLab on localhost, headless Debian Chromium driven by Playwright.

One JupyterLab server (module-scoped) serves the project folder itself, so that opening the committed
notebooks is checked on the real files; the scratch notebooks the tests write go to ``build/navigateur/``
(ignored by git).  The tests check:

- the board against the AI: the position after a move and the AI's answer (computed here with the same
  engine), Alice kept at the bottom during the whole exchange, pits named by their labels, no focus ring
  left on the clicked pit;
- every pit's count legible from 0 to 48 seeds: number and dots inside the round pit;
- the negamax tree at depths 1–3 from the widest corpus position shown at its real size; from the
  start, at depth 3, the root's board in view as the tree's output comes into view, its digits measured
  on the screen at least 11 px tall;
- opening every notebook of ``notebooks/`` and ``release/`` changes no tracked file;
- the Othello board: 64 clickable cells, their coordinates on the edges, the playable cells and the last
  move marked; the figures of the Othello and attractor subjects shown once, at their size.

Screenshots go to $AWALE_ARTIFACTS (default: build/artefacts/, kept and ignored by git).  Needs /usr/bin/chromium
(``scripts/setup.sh --browser``): in CI (CI=true) its absence is a failure, elsewhere a skip.
"""

import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

import prerequis
from outils import port_libre
from awale_ref.widget import Partie

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

CHROMIUM = "/usr/bin/chromium"
RACINE = Path(__file__).resolve().parent.parent
BROUILLONS = RACINE / "build" / "navigateur"  # scratch notebooks: ignored by git
TOKEN = "awale-test-token"
ATTENTE_MS = 90_000  # generous: 2 shared cores, JupyterLab's first load is slow
ARGUMENTS_CHROMIUM = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                      "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LARGEUR_FENETRE = 1280
# The students' notebooks; source/ (the teacher's) is built the same way and checked without a browser
# (tests/test_textes_eleves.py: every tracked notebook carries the kernel metadata JupyterLab writes).
NOTEBOOKS_OUVERTS = sorted(str(p.relative_to(RACINE)) for dossier in ("notebooks", "release")
                           for p in (RACINE / dossier).rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _chromium_present() -> None:
    prerequis.navigateur()


def _api(url: str, chemin: str, methode: str = "GET"):
    requete = urllib.request.Request(f"{url}/api/{chemin}?token={TOKEN}", method=methode)
    with urllib.request.urlopen(requete, timeout=10) as reponse:
        corps = reponse.read()
    return json.loads(corps) if corps else None


def _etat_git() -> str:
    """The tracked files that differ from HEAD (``git status --porcelain``, untracked files left out)."""
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=RACINE,
                          capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory) -> Path:
    dossier = Path(os.environ.get("AWALE_ARTIFACTS") or RACINE / "build" / "artefacts")  # kept, ignored by git
    dossier.mkdir(parents=True, exist_ok=True)
    return dossier


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    """A JupyterLab server on a free localhost port whose root is the project folder."""
    _chromium_present()  # before starting anything
    tmp_path = tmp_path_factory.mktemp("jupyterlab")
    shutil.rmtree(BROUILLONS, ignore_errors=True)
    BROUILLONS.mkdir(parents=True)
    # User settings: start the notebook's kernel without asking, no news or update checks.
    reglages = tmp_path / "config" / "lab" / "user-settings" / "@jupyterlab"
    for extension, valeurs in {"notebook-extension/tracker": {"autoStartDefaultKernel": True,
                                                               "windowingMode": "none"},  # every cell drawn
                               "apputils-extension/notification": {"checkForUpdates": False,
                                                                   "fetchNews": "false"}}.items():
        fichier = reglages / f"{extension}.jupyterlab-settings"
        fichier.parent.mkdir(parents=True, exist_ok=True)
        fichier.write_text(json.dumps(valeurs))
    # No build check at each page's load (two node processes and a scan of the extensions on the server, for a
    # build that a pip-installed JupyterLab never needs)
    (tmp_path / "config" / "labconfig").mkdir()
    (tmp_path / "config" / "labconfig" / "page_config.json").write_text(json.dumps({"buildCheck": False,
                                                                                    "buildAvailable": False}))
    env = dict(os.environ,
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"), JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
               JUPYTER_DATA_DIR=str(tmp_path / "data"), JUPYTER_PLATFORM_DIRS="1", HOME=str(tmp_path))
    port = port_libre()
    journal = open(tmp_path / "jupyterlab.log", "w")
    serveur = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={RACINE}", "--allow-root",
         "--ServerApp.port_retries=0", "--LabApp.news_url=",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--LabApp.expose_app_in_browser=True"],  # window.jupyterapp: the notebooks opened by its commands
        cwd=RACINE, env=env, stdout=journal, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        limite = time.monotonic() + 120
        while True:
            try:
                if _api(url, "status") is not None:
                    break
            except OSError:
                pass
            if serveur.poll() is not None or time.monotonic() > limite:
                journal.flush()
                pytest.fail("JupyterLab did not start:\n" + (tmp_path / "jupyterlab.log").read_text()[-3000:])
            time.sleep(0.5)
        yield url
    finally:
        # The whole process group: the server and the kernels it started.
        try:
            os.killpg(serveur.pid, signal.SIGTERM)
            serveur.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(serveur.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            serveur.wait(timeout=10)
        journal.close()
        shutil.rmtree(BROUILLONS, ignore_errors=True)


@pytest.fixture(scope="module")
def navigateur(jupyterlab, tmp_path_factory):
    """One headless Chromium for the module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        contexte = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("profil-chromium")), executable_path=CHROMIUM, headless=True,
            args=ARGUMENTS_CHROMIUM, viewport={"width": LARGEUR_FENETRE, "height": 1000})
        try:
            yield contexte
        finally:
            contexte.close()


@pytest.fixture
def page(navigateur, jupyterlab, artefacts, request):
    """A fresh page; its last state is saved as a screenshot; every kernel is shut down after."""
    page = navigateur.new_page()
    page.set_default_timeout(ATTENTE_MS)
    yield page
    page.screenshot(path=str(artefacts / f"fin_{request.node.name}.png"))
    page.close()
    for session in _api(jupyterlab, "sessions"):
        _api(jupyterlab, f"sessions/{session['id']}", "DELETE")


def _attendre_noyau(url: str, chemin: str) -> None:
    """Wait until the kernel of notebook ``chemin`` is started, idle and connected to the page."""
    limite = time.monotonic() + ATTENTE_MS / 1000
    while time.monotonic() < limite:
        noyaux = [s["kernel"] for s in _api(url, "sessions") if s.get("path") == chemin and s.get("kernel")]
        if noyaux and noyaux[0]["execution_state"] == "idle" and noyaux[0]["connections"] >= 1:
            return
        time.sleep(0.5)
    pytest.fail(f"the kernel of {chemin} was not ready after {ATTENTE_MS // 1000} s")


def _ouvrir(page, url: str, chemin: str) -> None:
    """Open ``chemin`` (relative to the project) in a fresh JupyterLab workspace, kernel ready."""
    page.goto(f"{url}/lab/tree/{chemin}?reset&token={TOKEN}")
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
    _attendre_noyau(url, chemin)  # « Run All » before the kernel is connected does nothing


def _tout_executer(page) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
    page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()


def _brouillon(nom: str, *cellules: str) -> str:
    """Write a scratch notebook of code cells in build/navigateur/; return its path for JupyterLab."""
    carnet = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cellules])
    carnet.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                     "name": "python3"}
    nbformat.write(carnet, BROUILLONS / nom)
    return str((BROUILLONS / nom).relative_to(RACINE))


def _executer_brouillon(page, url: str, nom: str, *cellules: str) -> None:
    """Write a scratch notebook of ``cellules``, open it in JupyterLab and run all its cells."""
    _ouvrir(page, url, _brouillon(nom, *cellules))
    _tout_executer(page)


def _lire_plateau(page) -> list[int]:
    """The seed counts drawn in the 12 pits, by board label."""
    return [int(page.locator(f".awale-coupe-{i} .awale-graines").inner_text()) for i in range(12)]


def _attendu_apres(case: int, profondeur: int) -> list[int]:
    """The board (Alice to move again) after Alice plays ``case`` and the AI answers."""
    partie = Partie("Alice", "Bob")
    assert partie.cliquer(case).accepte
    reponse, _ = partie.coup_ia(profondeur)
    assert partie.cliquer(reponse).accepte
    return partie.jeu["plateau"]


# ---------------------------------------------------------------- the board
ENREGISTRER_BAS = """() => {
    window.nomsEnBas = [];
    window.hautControles = [];  // where the buttons under the board stand, at every frame
    const noter = () => {
        const nom = document.querySelector('.awale-nom-bas b');
        if (nom) window.nomsEnBas.push(nom.textContent);
        const controles = document.querySelector('.awale-controles');
        if (controles) window.hautControles.push(controles.getBoundingClientRect().top);
    };
    new MutationObserver(noter).observe(document.querySelector('.awale-plateau'),
                                        {subtree: true, childList: true, characterData: true});
}"""


def test_board_in_jupyterlab_plays_against_the_ai(page, jupyterlab, artefacts):
    chemin = _brouillon("plateau_ia.ipynb", "from awale_ref.widget import Plateau\n"
                        "Plateau('Alice', 'Bob', adversaire='joueur2', profondeur=3, vitesse=0.3)")
    _ouvrir(page, jupyterlab, chemin)
    _tout_executer(page)
    titre = page.locator(".awale-titre")
    titre.filter(has_text="Tour 1 · à Alice de jouer").wait_for()
    assert _lire_plateau(page) == [4] * 12
    page.evaluate(ENREGISTRER_BAS)

    page.locator(".awale-case-2").click()
    # The AI (Bob, depth 3) answers: Alice is to move again at turn 3.
    titre.filter(has_text="Tour 3 · à Alice de jouer").wait_for()
    page.locator(".awale-evaluation", has_text="Évaluation de Bob, profondeur 3").wait_for()
    page.locator(".awale-message", has_text="À Alice de jouer").wait_for()
    assert _lire_plateau(page) == _attendu_apres(2, 3)
    noms = page.evaluate("window.nomsEnBas")
    assert len(noms) > 10 and set(noms) == {"Alice"}  # every frame of both moves: the board never turned
    hauts = page.evaluate("window.hautControles")  # the controls do not jump while the AI thinks
    assert len(hauts) > 10 and max(hauts) - min(hauts) <= 0.5, sorted(set(hauts))
    # Bob's move is named by its label (6–11), his own number in brackets, in the message and the table.
    message = page.locator(".awale-message").inner_text()
    assert "Bob a joué la case " in message and "pour Bob)" in message
    entetes = page.locator(".awale-evaluation th").all_inner_texts()
    assert entetes and all(int(e.split()[1]) >= 6 and "sa case" in e for e in entetes)
    # No focus ring left on the pit clicked with the mouse.
    assert page.locator(".awale-case-2").evaluate("b => getComputedStyle(b).outlineStyle") == "none"

    page.locator(".awale-case-8").click()  # a pit of Bob's row: refused, in French
    page.locator(".awale-message", has_text="La case 8 appartient à Bob").wait_for()
    page.locator(".awale-plateau").scroll_into_view_if_needed()
    page.locator(".awale-plateau").screenshot(path=str(artefacts / "plateau_jupyterlab.png"))


LISIBILITE = """coupe => {
    const cercle = coupe.querySelector('.awale-coupe');
    const c = cercle.getBoundingClientRect();
    const bord = parseFloat(getComputedStyle(cercle).borderTopWidth);
    const cx = c.left + c.width / 2, cy = c.top + c.height / 2, r = c.width / 2 - bord;
    const dedans = el => {
        const b = el.getBoundingClientRect();
        return [[b.left, b.top], [b.right, b.top], [b.left, b.bottom], [b.right, b.bottom]]
            .every(([x, y]) => Math.hypot(x - cx, y - cy) <= r + 0.5);
    };
    const nombre = coupe.querySelector('.awale-graines');
    const points = coupe.querySelector('.awale-points');
    const graines = [...coupe.querySelectorAll('.awale-graine')];
    return {texte: nombre.innerText, taille: parseFloat(getComputedStyle(nombre).fontSize),
            nombre_dedans: dedans(nombre), points_dedans: points === null || dedans(points),
            graines: graines.length, graines_visibles: graines.every(g => g.getBoundingClientRect().width >= 3)};
}"""


def test_every_pit_count_is_legible_from_0_to_48_seeds(page, jupyterlab, artefacts):
    plateaux = {"a": [0, 1, 12, 16, 24, 30, 0, 0, 0, 0, 0, 1], "b": [48] + [0] * 11}
    chemin = _brouillon("plateau_graines.ipynb", "from awale_ref.widget import Plateau\n"
                        f"Plateau(position={plateaux['a']}, vitesse=0)")
    _ouvrir(page, jupyterlab, chemin)
    _tout_executer(page)
    page.locator(".awale-titre", has_text="Tour 1").wait_for()
    vus = {}
    for nom, plateau in plateaux.items():
        if nom == "b":  # typed in the Position field, as a student would
            page.locator(".awale-plateau input[type='text']").fill(str(plateau))
            page.locator(".awale-plateau button", has_text="Placer").click()
            page.locator(".awale-coupe-0 .awale-graines", has_text="48").wait_for()
        page.locator(".awale-plateau").scroll_into_view_if_needed()
        page.locator(".awale-plateau").screenshot(path=str(artefacts / f"plateau_graines_{nom}.png"))
        for case, graines in enumerate(plateau):
            mesure = page.locator(f".awale-coupe-{case}").evaluate(LISIBILITE)
            assert mesure["texte"] == str(graines) and mesure["taille"] >= 14, (graines, mesure)
            assert mesure["nombre_dedans"] and mesure["points_dedans"], (graines, mesure)
            assert mesure["graines"] == graines and mesure["graines_visibles"], (graines, mesure)
            if graines not in vus:
                vus[graines] = mesure
                page.locator(f".awale-coupe-{case}").screenshot(path=str(artefacts / f"case_{graines}_graines.png"))
    assert sorted(vus) == [0, 1, 12, 16, 24, 30, 48]


# ---------------------------------------------------------------- the tree
def test_negamax_trees_are_shown_at_their_real_size(page, jupyterlab, artefacts):
    chemin = _brouillon("arbres.ipynb", "from awale_ref.tree import arbre_negamax, dessiner_arbre, "
                        "position_la_plus_large\njeu = position_la_plus_large(3)",
                        *[f"dessiner_arbre(arbre_negamax(jeu, {p}))" for p in (1, 2, 3)])
    _ouvrir(page, jupyterlab, chemin)
    _tout_executer(page)
    images = page.locator(".jp-OutputArea-output img")
    images.nth(2).wait_for()
    for profondeur in (1, 2, 3):
        image = images.nth(profondeur - 1)
        image.scroll_into_view_if_needed()
        taille = image.evaluate("i => ({vue: i.getBoundingClientRect().width, vraie: i.naturalWidth})")
        assert taille["vraie"] > 0 and taille["vue"] >= taille["vraie"] - 1, taille  # never scaled down
        # The page as the student sees it, the top of the tree in view, and the whole image as shown.
        image.evaluate("i => i.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(artefacts / f"arbre_profondeur_{profondeur}_jupyterlab.png"))
        donnees = image.get_attribute("src").split(",", 1)[1]
        (artefacts / f"arbre_profondeur_{profondeur}.png").write_bytes(base64.b64decode(donnees))


def test_the_depth_3_tree_from_the_start_shows_its_root_with_digits_11_px_tall(page, jupyterlab, artefacts):
    """The tree's output scrolled into view, the root's board is on the screen without
    scrolling further, and its digits, measured on a screenshot of the page at 100 % zoom, are 11 px tall."""
    import io

    import numpy as np
    from PIL import Image

    from awale_ref import tree
    from outils import engine_initial, mesurer_arbre

    mesure = mesurer_arbre(tree.dessiner_arbre(tree.arbre_negamax(engine_initial(), 3)))
    chemin = _brouillon("arbre_depart.ipynb", "from awale_ref.tree import arbre_negamax, dessiner_arbre",
                        "dessiner_arbre(arbre_negamax({'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], "
                        "'n': 0, 'plateau': [4] * 12}, 3))")
    _ouvrir(page, jupyterlab, chemin)
    _tout_executer(page)
    image = page.locator(".jp-OutputArea-output img").first
    image.wait_for()
    image.evaluate("i => i.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    boite = image.evaluate("i => { const r = i.getBoundingClientRect(); return {x: r.x, y: r.y, largeur: r.width, "
                           "naturelle: i.naturalWidth, hauteur_naturelle: i.naturalHeight, "
                           "fenetre: window.innerHeight}; }")
    assert (boite["naturelle"], boite["hauteur_naturelle"]) == tuple(mesure["taille"])
    assert abs(boite["largeur"] - boite["naturelle"]) <= 1, boite  # shown at its real size
    x, y, l, h = mesure["premier_chiffre"]
    haut = boite["y"] + y
    assert boite["y"] + mesure["haut_racine"] >= 0 and haut + h <= boite["fenetre"], (boite, mesure)  # in view
    page.screenshot(path=str(artefacts / "arbre_depart_profondeur_3_jupyterlab.png"))
    capture = page.screenshot(clip={"x": boite["x"] + x, "y": haut, "width": l, "height": h})
    (artefacts / "arbre_depart_chiffre_racine.png").write_bytes(capture)
    pixels = np.asarray(Image.open(io.BytesIO(capture)).convert("L"))
    sombres = np.where((pixels < 100).any(axis=1))[0]
    assert sombres.max() - sombres.min() + 1 >= tree.HAUTEUR_CHIFFRE_MIN, pixels.shape


# ---------------------------------------------------------------- the Othello and attractor subjects
MESURE_OTHELLO = """plateau => {
    const boite = e => e.getBoundingClientRect();
    const centre = r => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
    return {
        cases: [...plateau.querySelectorAll('.othello-case')].map(c => {
            const r = boite(c);
            return {nom: [...c.classList].find(n => /^othello-case-[0-7]-[0-7]$/.test(n)), gauche: r.left,
                    haut: r.top, largeur: r.width, hauteur: r.height, centre: centre(r),
                    devant: document.elementFromPoint(...centre(r)) === c};
        }),
        coordonnees: [...plateau.querySelectorAll('.othello-coordonnee')].filter(c => c.innerText.trim()).map(c => (
            {texte: c.innerText.trim(), centre: centre(boite(c)), taille: parseFloat(getComputedStyle(c).fontSize)})),
        largeur: boite(plateau).width, sortie: boite(plateau.closest('.jp-OutputArea-output')).width,
        jouables: plateau.querySelectorAll('.othello-jouable').length,
        derniers: [...plateau.querySelectorAll('.othello-dernier')].length,
    };
}"""


def test_the_othello_board_has_64_clickable_cells_with_their_coordinates(page, jupyterlab, artefacts):
    """One clickable square per cell (a transparent button over its drawing, the button in front),
    ``(x, y)`` at row x and column y as ``p[x][y]``, the row and column numbers on the edges (≥ 10 px), the
    playable cells and the last move marked, the board within the notebook's width; a click plays, in French."""
    _executer_brouillon(page, jupyterlab, "othello.ipynb",
                        "from awale_ref.sujets.othello_epita_2024.plateau import PlateauOthello\n"
                        "PlateauOthello(adversaire='IA joue Blanc', profondeur=1, vitesse=0)")
    message = page.locator(".othello-message")
    message.filter(has_text="Noir 2, Blanc 2. À Noir de jouer").wait_for()
    plateau = page.locator(".othello-plateau")
    plateau.scroll_into_view_if_needed()
    mesure = plateau.evaluate(MESURE_OTHELLO)
    cases = {tuple(int(v) for v in c["nom"].split("-")[2:]): c for c in mesure["cases"]}
    assert len(mesure["cases"]) == 64 and len(cases) == 64
    assert all(c["largeur"] >= 40 and c["hauteur"] >= 40 and c["devant"] for c in cases.values()), mesure["cases"]
    for (x, y), c in cases.items():  # row x downwards, column y rightwards, on a regular grid
        assert abs(c["haut"] - cases[(x, 0)]["haut"]) < 1 and abs(c["gauche"] - cases[(0, y)]["gauche"]) < 1
        if x and y:
            assert c["haut"] > cases[(x - 1, y)]["haut"] and c["gauche"] > cases[(x, y - 1)]["gauche"]
    colonnes = [c for c in mesure["coordonnees"] if c["centre"][1] < cases[(0, 0)]["haut"]]
    lignes = [c for c in mesure["coordonnees"] if c["centre"][0] < cases[(0, 0)]["gauche"]]
    assert [c["texte"] for c in colonnes] == [str(i) for i in range(8)] == [c["texte"] for c in lignes], mesure
    for i in range(8):
        assert abs(colonnes[i]["centre"][0] - cases[(0, i)]["centre"][0]) < 2
        assert abs(lignes[i]["centre"][1] - cases[(i, 0)]["centre"][1]) < 2
    assert min(c["taille"] for c in mesure["coordonnees"]) >= 10
    assert mesure["jouables"] == 4 and mesure["derniers"] == 0, mesure
    assert mesure["largeur"] <= mesure["sortie"], mesure
    page.locator(".othello-case-0-0").click()
    message.filter(has_text="La case (0, 0) n'est pas jouable pour Noir").wait_for()
    page.locator(".othello-case-2-3").click()  # Noir plays, the AI (Blanc) answers: one disc each way
    message.filter(has_text="Noir 3, Blanc 3. À Noir de jouer").wait_for()
    apres = plateau.evaluate(MESURE_OTHELLO)
    assert apres["derniers"] == 1 and apres["jouables"] > 0, apres
    plateau.screenshot(path=str(artefacts / "othello_plateau_jupyterlab.png"))


def test_the_figures_of_the_new_subjects_are_shown_once_at_their_size(page, jupyterlab, artefacts):
    """Each figure of the attractor and Othello subjects, drawn as their notebooks draw it, is shown
    once, never scaled down, within the notebook's width (its texts are ≥ 10 px at the figure's size:
    ``tests/test_nouveaux_sujets_vus_par_l_eleve.py``)."""
    _executer_brouillon(
        page, jupyterlab, "figures_nouveaux_sujets.ipynb",
        "from awale_ref.sujets.attracteurs import tablettes\nfrom awale_ref.sujets.attracteurs.dessins import "
        "curseur_attracteur, dessiner_gagnantes, dessiner_graphe, dessiner_tableau\n"
        "from awale_ref.sujets.othello_epita_2024.arbre import P_ARBRE, arbre_minmax, dessiner_arbre",
        "dessiner_graphe(tablettes.G22, 2, 2)",
        "dessiner_gagnantes(tablettes.G22, 2, 2, tablettes.DG22)",
        "curseur_attracteur(tablettes.graphe(2, 3), 2, 3, joueur=1)",
        "dessiner_tableau({(c, n): (c + n) % 2 == 0 for c in range(1, 5) for n in range(1, 5) if c * n <= 9})",
        "display(dessiner_arbre(arbre_minmax(P_ARBRE, 1, 2)))")
    images = page.locator(".jp-OutputArea-output img")
    images.nth(4).wait_for()
    page.wait_for_timeout(1000)  # nothing more comes
    assert images.count() == 5  # each drawn once
    for i in range(5):
        image = images.nth(i)
        image.scroll_into_view_if_needed()
        taille = image.evaluate("i => ({vue: i.getBoundingClientRect().width, vraie: i.naturalWidth, "
                                "sortie: i.closest('.jp-OutputArea-output').getBoundingClientRect().width})")
        assert taille["vraie"] > 0 and taille["vue"] >= taille["vraie"] - 1, taille  # never scaled down
        assert taille["vue"] <= taille["sortie"], taille
        image.screenshot(path=str(artefacts / f"figure_nouveaux_sujets_{i}.png"))


# ---------------------------------------------------------------- opening notebooks
OUVERTS_ENSEMBLE = 3
"""How many notebooks are opened side by side (a tab each): their kernels start together."""

OUVRIR = """async chemins => {
    // what JupyterLab does for a /lab/tree/<path> address (its tree resolver), without loading the page again
    for (const chemin of chemins)
        await window.jupyterapp.commands.execute('filebrowser:open-path', {path: chemin, dontShowBrowser: true});
}"""
CARNETS = """chemins => chemins.map(chemin => [...window.jupyterapp.shell.widgets('main')]
    .find(w => w.context && w.context.path === chemin))"""
PRETS = f"""chemins => ({CARNETS})(chemins).every(w => w && w.context.isReady && w.sessionContext.session
    && w.sessionContext.session.kernel && w.sessionContext.session.kernel.connectionStatus === 'connected'
    && w.sessionContext.session.kernel.status === 'idle')"""
MONTRER_ET_LIRE = f"""async chemins => {{
    const carnets = ({CARNETS})(chemins);
    for (const w of carnets) {{  // each shown in turn, as when it is the tab in front
        window.jupyterapp.shell.activateById(w.id);
        await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    }}
    await new Promise(r => setTimeout(r, 1500));  // the kernels' info and any late metadata
    const modifies = carnets.filter(w => w.context.model.dirty || w.title.className.includes('jp-mod-dirty'))
        .map(w => w.context.path);
    for (const w of carnets) w.dispose();
    return modifies;
}}"""


def test_opening_the_notebooks_changes_no_tracked_file(page, jupyterlab):
    """Each notebook opened as its address opens it (the route ``/lab/tree/<path>`` runs ``filebrowser:open-path``),
    in one JupyterLab page, a few at a time: its kernel started and idle, it is shown, and neither marked modified
    nor written."""
    avant = _etat_git()
    assert NOTEBOOKS_OUVERTS
    page.goto(f"{jupyterlab}/lab/workspaces/ouverture?reset&token={TOKEN}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands.hasCommand('filebrowser:open-path')")
    page.evaluate("() => window.jupyterapp.restored")
    for debut in range(0, len(NOTEBOOKS_OUVERTS), OUVERTS_ENSEMBLE):
        lot = NOTEBOOKS_OUVERTS[debut:debut + OUVERTS_ENSEMBLE]
        page.evaluate(OUVRIR, lot)
        page.wait_for_function(PRETS, arg=lot, polling=250)
        for chemin in lot:
            _attendre_noyau(jupyterlab, chemin)
        assert page.evaluate(MONTRER_ET_LIRE, lot) == [], "marked modified"
        for session in _api(jupyterlab, "sessions"):
            _api(jupyterlab, f"sessions/{session['id']}", "DELETE")
    assert _etat_git() == avant
