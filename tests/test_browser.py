"""The board in a real browser: JupyterLab on localhost, headless Debian Chromium driven by Playwright.

The test opens a copy of notebooks/plateau_demo.ipynb, runs all its cells, clicks Alice's pit 2 and
checks that the board shows the position after her move and the AI's answer (computed here with the
same engine), then saves a screenshot in $AWALE_ARTIFACTS (default: the test's tmp dir).

Needs /usr/bin/chromium (``scripts/setup.sh --browser``): in CI (CI=true) its absence is a failure,
elsewhere a skip.
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from awale_ref.widget import Partie

CHROMIUM = "/usr/bin/chromium"
NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "plateau_demo.ipynb"
TOKEN = "awale-test-token"
ATTENTE_MS = 90_000  # generous: 2 shared cores, JupyterLab's first load is slow
ARGUMENTS_CHROMIUM = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                      "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _chromium_present() -> None:
    if os.path.exists(CHROMIUM):
        return
    raison = f"{CHROMIUM} is missing: install it with scripts/setup.sh --browser"
    if os.environ.get("CI") == "true":
        pytest.fail(raison)
    pytest.skip(raison)


def _port_libre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def jupyterlab(tmp_path):
    """A JupyterLab server on a free localhost port, serving a copy of the demo notebook."""
    _chromium_present()  # before starting anything
    racine = tmp_path / "racine"
    racine.mkdir()
    shutil.copy(NOTEBOOK, racine / NOTEBOOK.name)
    # User settings: start the notebook's kernel without asking, no news or update checks.
    reglages = tmp_path / "config" / "lab" / "user-settings" / "@jupyterlab"
    for extension, valeurs in {"notebook-extension/tracker": {"autoStartDefaultKernel": True},
                               "apputils-extension/notification": {"checkForUpdates": False,
                                                                   "fetchNews": "false"}}.items():
        fichier = reglages / f"{extension}.jupyterlab-settings"
        fichier.parent.mkdir(parents=True, exist_ok=True)
        fichier.write_text(json.dumps(valeurs))
    env = dict(os.environ,
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"), JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
               JUPYTER_DATA_DIR=str(tmp_path / "data"), JUPYTER_PLATFORM_DIRS="1", HOME=str(tmp_path))
    port = _port_libre()
    journal = open(tmp_path / "jupyterlab.log", "w")
    serveur = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={racine}", "--allow-root",
         "--ServerApp.port_retries=0", "--LabApp.news_url=",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        cwd=racine, env=env, stdout=journal, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        limite = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=5) as reponse:
                    if reponse.status == 200:
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


def _attendre_noyau(url: str) -> None:
    """Wait until the notebook's kernel is started, idle and connected to the page."""
    limite = time.monotonic() + ATTENTE_MS / 1000
    while time.monotonic() < limite:
        with urllib.request.urlopen(f"{url}/api/sessions?token={TOKEN}", timeout=5) as reponse:
            sessions = json.loads(reponse.read())
        noyaux = [s["kernel"] for s in sessions if s.get("kernel")]
        if noyaux and noyaux[0]["execution_state"] == "idle" and noyaux[0]["connections"] >= 1:
            return
        time.sleep(0.5)
    pytest.fail(f"the notebook's kernel was not ready after {ATTENTE_MS // 1000} s")


def _attendu_apres(case: int, profondeur: int) -> list[int]:
    """The board (Alice to move again) after Alice plays ``case`` and the AI answers."""
    partie = Partie("Alice", "Bob")
    assert partie.cliquer(case).accepte
    reponse, _ = partie.coup_ia(profondeur)
    assert partie.cliquer(reponse).accepte
    return partie.jeu["plateau"]


def _lire_plateau(page) -> list[int]:
    """The seed counts drawn in the 12 pits, by index."""
    return [int(page.locator(f".awale-coupe-{i} .awale-graines").inner_text()) for i in range(12)]


def test_board_in_jupyterlab_plays_against_the_ai(jupyterlab, tmp_path):
    from playwright.sync_api import sync_playwright

    artefacts = Path(os.environ.get("AWALE_ARTIFACTS", tmp_path / "artifacts"))
    artefacts.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        contexte = p.chromium.launch_persistent_context(
            str(tmp_path / "profil-chromium"), executable_path=CHROMIUM, headless=True,
            args=ARGUMENTS_CHROMIUM, viewport={"width": 1200, "height": 1000})
        page = contexte.new_page()
        try:
            page.set_default_timeout(ATTENTE_MS)
            page.goto(f"{jupyterlab}/lab/tree/{NOTEBOOK.name}?token={TOKEN}")
            page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
            _attendre_noyau(jupyterlab)  # « Run All » before the kernel is connected does nothing
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
            page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
            titre = page.locator(".awale-titre")
            titre.filter(has_text="Tour 1 · à Alice de jouer").wait_for()
            assert _lire_plateau(page) == [4] * 12

            page.locator(".awale-case-2").click()
            # The AI (Bob, depth 3) answers: Alice is to move again at turn 3.
            titre.filter(has_text="Tour 3 · à Alice de jouer").wait_for()
            page.locator(".awale-evaluation", has_text="Évaluation de Bob à la profondeur 3").wait_for()
            page.locator(".awale-message", has_text="À Alice de jouer").wait_for()
            assert _lire_plateau(page) == _attendu_apres(2, 3)

            page.locator(".awale-case-8").click()  # a pit of Bob's row: refused, in French
            page.locator(".awale-message", has_text="La case 8 appartient à Bob").wait_for()
            page.locator(".awale-plateau").scroll_into_view_if_needed()
            page.screenshot(path=str(artefacts / "plateau_jupyterlab.png"), full_page=True)
        except Exception:
            page.screenshot(path=str(artefacts / "echec_jupyterlab.png"), full_page=True)
            raise
        finally:
            contexte.close()
