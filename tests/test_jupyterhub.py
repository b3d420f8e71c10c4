"""The class's server, deployed as deploy/jupyterhub/ says, and used in a real browser by a student and a teacher.

JupyterHub is started on 127.0.0.1 (free ports) with ``deploy/jupyterhub/jupyterhub_config.py``, as root,
with two temporary Unix accounts (a teacher and a student, PAM passwords), the npm proxy and a course
folder owned by the teacher. In Chromium (Playwright):

- the student logs in, sees the assignment list but no formgrader, fetches ``partie2_structure``,
  answers Q7 in the notebook, saves and submits;
- the teacher logs in and, in the formgrader, collects, autogrades, generates and releases the feedback
  (with the course's settings: the kernel and the judge in their sandboxes, as in class);
- the student fetches the feedback and reads their Q7 points in it;
- then, as the student (the commands of a terminal of their server, in the students' environment), every
  attempt to read, list or import what holds an answer is refused: the course folder, ``source/``,
  ``gradebook.db``, ``submitted/``, ``autograded/``, ``feedback/``, the reference in the course's ``awale_ref``,
  another student's home, the teacher's home (the hidden SQL library's cache), and the graded functions from
  the students' environment; their server runs
  from that environment.

The students' environment is built as ``python -m pipeline.paquet_eleve`` builds it (``paquet_eleve.installer``: a
virtualenv outside the course folder, the pinned stack, the distribution checked and installed; kept in
``AWALE_ENV_ELEVES_TEST`` if set, else in a temporary folder), with every assignment open: the distribution it
installs is the one the grading kernel runs on (``paquet_noyau.paquet_de_correction``, built once per version of
the course and shared with the grading tests), not written again (``tests/test_paquet_eleve.py`` and
``tests/test_paquet_echeances.py`` check what ``ecrire_paquet`` writes).

Releasing the assignment is done in the teacher's terminal (``nbgrader release_assignment``, as the teacher's
account), the other way the README gives.

Everything is stopped and removed at the end (the hub, the users' servers, the accounts). Root is needed to
create accounts and to run servers as them: CI runs as root; elsewhere the test is skipped.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook

import prerequis
from hostile import REMPLIT_TMP
from outils import chromium, essais_hors_du_processus, notebook_source, port_libre, solutions
from pipeline import html_permis
from pipeline.echange import identifiant_du_cours

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

RACINE = Path(__file__).resolve().parent.parent
DEPLOY = RACINE / "deploy" / "jupyterhub"
A = "partie2_structure"
PROXY = DEPLOY / "node_modules" / ".bin" / "configurable-http-proxy"
BIN = Path(sys.executable).parent


def _ouvrir_aux_autres(chemins: list[Path]) -> list[tuple[Path, int]]:
    """Let other accounts reach the interpreter and the project (o+x on the folders on the way).

    CI's Python lives under /root (mode 700): the students' servers could not start. Only the missing
    traverse bit is added, and it is taken back at the end (the returned list).
    """
    changes = []
    for chemin in chemins:
        for dossier in [chemin, *chemin.parents]:
            if dossier.is_dir():
                mode = dossier.stat().st_mode
                if not mode & stat.S_IXOTH and all(d != dossier for d, _ in changes):
                    os.chmod(dossier, stat.S_IMODE(mode) | stat.S_IXOTH)
                    changes.append((dossier, stat.S_IMODE(mode)))
    return changes


class Salle:
    """The class's server: accounts, course, hub; ``en_tant_que`` runs a command as one account."""

    def __init__(self, base: Path):
        self.base = base
        suffixe = secrets.token_hex(3)
        self.prof, self.eleve, self.autre = f"awprof{suffixe}", f"aweleve{suffixe}", f"awautre{suffixe}"
        self.comptes = (self.prof, self.eleve, self.autre)
        self.mots_de_passe = {compte: secrets.token_urlsafe(12) for compte in self.comptes}
        self.cours = base / "cours"
        self.echange = base / "echange"
        self.env_eleves = Path(os.environ.get("AWALE_ENV_ELEVES_TEST") or base / "env-eleves")
        self.port = port_libre()
        self.url = f"http://127.0.0.1:{self.port}"
        self.hub: subprocess.Popen | None = None

    def home(self, compte: str) -> Path:
        return self.base / "home" / compte

    def environnement(self, compte: str, role: str) -> dict[str, str]:
        """What the hub gives a user's server (and so its terminals): deploy/jupyterhub/jupyterhub_config.py."""
        binaires = BIN if role == "enseignant" else self.env_eleves / "bin"
        return {"HOME": str(self.home(compte)), "USER": compte, "LANG": "C.UTF-8",
                "PATH": f"{binaires}:/usr/local/bin:/usr/bin:/bin",
                "JUPYTER_CONFIG_PATH": f"{DEPLOY / 'jupyter' / role}:{DEPLOY / 'jupyter' / 'commun'}",
                "AWALE_COURSE_ID": identifiant_du_cours(RACINE), "AWALE_ECHANGE": str(self.echange),
                "AWALE_COURS": str(self.cours)}

    def en_tant_que(self, compte: str, *commande: str, cwd: Path, env: dict[str, str]):
        variables = [f"{k}={v}" for k, v in env.items()]
        return subprocess.run(["runuser", "-u", compte, "--", "env", "-i", *variables, *commande], cwd=cwd,
                              text=True, capture_output=True, timeout=900)

    def nbgrader_prof(self, *args: str) -> str:
        """A teacher's nbgrader command in a terminal of their server (course folder)."""
        env = {**self.environnement(self.prof, "enseignant"), "JUPYTER_NO_CONFIG": "1"}  # as pipeline/ runs it
        fin = self.en_tant_que(self.prof, str(BIN / "python"), "-m", "nbgrader", *args, cwd=self.cours, env=env)
        assert fin.returncode == 0, f"nbgrader {' '.join(args)}:\n{fin.stdout}\n{fin.stderr}"
        return fin.stdout + fin.stderr


def _creer_compte(salle: Salle, compte: str) -> None:
    home = salle.home(compte)
    subprocess.run(["useradd", "--no-create-home", "--home-dir", str(home), "--shell", "/bin/bash", compte],
                   check=True)
    home.mkdir(parents=True)
    shutil.chown(home, compte, compte)
    home.chmod(0o755)  # as useradd -m may leave it: the hub closes it
    (home / "mes_notes.txt").write_text("Q8 : ma réponse\n")
    subprocess.run(["chpasswd"], input=f"{compte}:{salle.mots_de_passe[compte]}\n", text=True, check=True)


def _preparer_cours(salle: Salle) -> None:
    salle.cours.mkdir()
    shutil.copy(RACINE / "nbgrader_config.py", salle.cours)
    shutil.copytree(RACINE / "pipeline", salle.cours / "pipeline", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(RACINE / "source" / A, salle.cours / "source" / A)
    # the course's own copy of the package, as a clone has it (its reference, read by the teachers' servers)
    shutil.copytree(RACINE / "awale_ref", salle.cours / "awale_ref", ignore=shutil.ignore_patterns("__pycache__"))
    salle.cours.chmod(0o755)  # as a clone may leave it: the hub closes it
    subprocess.run(["chown", "-R", f"{salle.prof}:{salle.prof}", str(salle.cours)], check=True)


def _demarrer_hub(salle: Salle) -> None:
    etat = salle.base / "hub"
    etat.mkdir(mode=0o700)
    env = {**os.environ, "AWALE_COURS": str(salle.cours), "AWALE_ECHANGE": str(salle.echange),
           "AWALE_HUB_ETAT": str(etat), "AWALE_ENSEIGNANTS": salle.prof,
           "AWALE_ELEVES": f"{salle.eleve},{salle.autre}", "AWALE_ENV_ELEVES": str(salle.env_eleves),
           "AWALE_HUB_URL": salle.url, "AWALE_HUB_API_URL": f"http://127.0.0.1:{port_libre()}",
           "AWALE_PROXY_API_URL": f"http://127.0.0.1:{port_libre()}"}
    env.pop("JUPYTER_NO_CONFIG", None)
    journal = open(salle.base / "hub.log", "w")
    salle.hub = subprocess.Popen([str(BIN / "jupyterhub"), "-f", str(DEPLOY / "jupyterhub_config.py")], cwd=etat,
                                 env=env, stdout=journal, stderr=subprocess.STDOUT, start_new_session=True)
    for _ in range(240):
        try:
            urllib.request.urlopen(f"{salle.url}/hub/api", timeout=2)
            return
        except OSError:
            if salle.hub.poll() is not None:
                break
            time.sleep(0.5)
    pytest.fail("JupyterHub did not start:\n" + (salle.base / "hub.log").read_text())


def _arreter(salle: Salle) -> None:
    if salle.hub is not None and salle.hub.poll() is None:
        os.killpg(salle.hub.pid, signal.SIGTERM)  # the hub stops the users' servers and its proxy
        try:
            salle.hub.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(salle.hub.pid, signal.SIGKILL)
            salle.hub.wait()
    for compte in salle.comptes:
        subprocess.run(["pkill", "-KILL", "-u", compte], check=False)  # a server the hub could not stop
        subprocess.run(["userdel", compte], check=False, capture_output=True)


@pytest.fixture(scope="module")
def salle():
    if os.geteuid() != 0:
        if os.environ.get("CI"):
            pytest.fail("CI runs as root: the JupyterHub test needs it to create accounts")
        pytest.skip("needs root (Unix accounts and servers run as them); CI runs it")
    prerequis.module("jupyterhub", "hub")
    prerequis.navigateur()
    if not os.path.exists(PROXY):
        prerequis.manque(f"{PROXY} is missing: scripts/setup.sh --browser (npm ci)")
    base = Path(tempfile.mkdtemp(prefix="awale-hub-", dir="/tmp"))
    base.chmod(0o755)
    salle = Salle(base)
    changes = _ouvrir_aux_autres([Path(os.path.realpath(sys.executable)), Path(sys.base_prefix) / "lib", RACINE])
    try:
        for compte in salle.comptes:
            _creer_compte(salle, compte)
        _preparer_cours(salle)
        if not (salle.env_eleves / "bin" / "jupyterhub-singleuser").exists():
            from pipeline import paquet_eleve
            from pipeline.autograde import paquet_noyau

            with essais_hors_du_processus():  # every assignment open: the grading kernel's distribution
                paquet = paquet_noyau.paquet_de_correction()
            paquet_eleve.installer(salle.env_eleves, paquet)
        _demarrer_hub(salle)  # it creates the shared exchange
        salle.nbgrader_prof("generate_assignment", A, "--force")
        salle.nbgrader_prof("release_assignment", A, "--force")
        yield salle
    finally:
        _arreter(salle)
        for dossier, mode in reversed(changes):
            os.chmod(dossier, mode)
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def navigateur():
    with chromium("--disable-background-networking", "--disable-component-update") as lance:
        yield lance


def _connexion(navigateur, salle: Salle, compte: str):
    """Log in on the hub's page; the hub starts the account's server and opens JupyterLab."""
    contexte = navigateur.new_context()
    contexte.set_default_timeout(120_000)  # a server's first start on a loaded machine
    onglet = contexte.new_page()
    onglet.goto(f"{salle.url}/hub/login")
    onglet.fill("#username_input", compte)
    onglet.fill("#password_input", salle.mots_de_passe[compte])
    onglet.click("#login_submit")
    onglet.wait_for_url(re.compile(rf"/user/{compte}/lab"))
    onglet.wait_for_selector("#jp-main-dock-panel")
    return contexte, onglet


def _liste_des_devoirs(onglet):
    onglet.locator('#jp-menu-panel div.lm-MenuBar-itemLabel:text("Nbgrader")').click()
    onglet.locator('#jp-mainmenu-nbgrader li[data-command="nbgrader:open-assignment-list"]').click()
    onglet.wait_for_selector("#released_assignments_list")


def _lignes(onglet, etat: str, nombre: int):
    lignes = onglet.locator(f"#{etat}_assignments_list > .list_item")
    onglet.wait_for_function(f"document.querySelectorAll('#{etat}_assignments_list > .list_item').length == {nombre}")
    return lignes


def _bouton_du_formgrader(onglet, page: str, ligne: str, colonne: str, succes: str) -> None:
    """Click a formgrader button (the column ``colonne`` of the row holding ``ligne``) and wait for its success."""
    onglet.goto(page)
    onglet.locator("tr", has=onglet.locator("td", has_text=ligne)).locator(f"td.{colonne} a").first.click()
    fenetre = onglet.locator(".modal.in")
    fenetre.wait_for(timeout=600_000)  # autograde: the kernel and the judge, each in its sandbox
    assert succes in fenetre.inner_text(), fenetre.inner_text()


def test_a_student_fetches_answers_submits_and_reads_the_feedback_the_teacher_graded(salle, navigateur):
    debut = time.monotonic()
    contexte, onglet = _connexion(navigateur, salle, salle.eleve)
    # no build check at each JupyterLab page (deploy/jupyterhub/jupyter/commun/labconfig/page_config.json)
    reglages = json.loads(onglet.locator("#jupyter-config-data").text_content())
    assert reglages["buildCheck"] is False and reglages["buildAvailable"] is False, reglages
    # a student's Nbgrader menu has the assignment list and nothing of the teacher's
    onglet.locator('#jp-menu-panel div.lm-MenuBar-itemLabel:text("Nbgrader")').click()
    assert onglet.locator('#jp-mainmenu-nbgrader li[data-command="nbgrader:open-assignment-list"]').count() == 1
    # (nbgrader's menu keeps an empty entry for a disabled plugin's command: its label is what shows)
    assert "Assignment List" in onglet.locator("#jp-mainmenu-nbgrader").inner_text()
    assert "Formgrader" not in onglet.locator("#jp-mainmenu-nbgrader").inner_text()
    onglet.keyboard.press("Escape")
    assert contexte.request.get(f"{salle.url}/user/{salle.eleve}/formgrader").status == 404

    _liste_des_devoirs(onglet)
    publies = _lignes(onglet, "released", 1)
    assert publies.first.locator(".item_name").inner_text() == A
    publies.first.locator(".item_status button").click()  # Fetch
    _lignes(onglet, "fetched", 1)
    assert (salle.home(salle.eleve) / A / f"{A}.ipynb").exists()

    # Q7 answered in the notebook, as a student types it
    carnet = contexte.new_page()
    carnet.goto(f"{salle.url}/user/{salle.eleve}/lab/tree/{A}/{A}.ipynb")
    cellule = carnet.locator(".jp-Cell", has=carnet.locator(".cm-content", has_text="def copie(jeu):"))
    cellule.locator(".cm-content").click()
    carnet.keyboard.press("ControlOrMeta+a")
    carnet.keyboard.insert_text(solutions(notebook_source(A))["q7_copie"])
    carnet.keyboard.press("ControlOrMeta+s")
    carnet.wait_for_function("() => !document.querySelector('.jp-mod-current.jp-mod-dirty')")
    carnet.wait_for_timeout(1000)
    rendu = nbformat.read(salle.home(salle.eleve) / A / f"{A}.ipynb", as_version=4)
    q7 = next(c for c in rendu.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q7_copie")
    assert "NotImplementedError" not in q7.source and "def copie(jeu):" in q7.source
    carnet.close()

    _lignes(onglet, "fetched", 1).first.locator('.item_status button:text("Submit")').click()
    _lignes(onglet, "submitted", 1)

    # the teacher, in the formgrader of their server: collect, autograde, feedback out
    contexte_prof, onglet_prof = _connexion(navigateur, salle, salle.prof)
    formgrader = f"{salle.url}/user/{salle.prof}/formgrader"
    _bouton_du_formgrader(onglet_prof, f"{formgrader}/manage_assignments", A, "collect", "Successfully collected")
    assert (salle.cours / "submitted" / salle.eleve / A / f"{A}.ipynb").exists()
    _bouton_du_formgrader(onglet_prof, f"{formgrader}/manage_submissions/{A}", salle.eleve, "autograde",
                          "Successfully autograded")
    _bouton_du_formgrader(onglet_prof, f"{formgrader}/manage_assignments", A, "generate-feedback",
                          "Successfully generated feedback")
    _bouton_du_formgrader(onglet_prof, f"{formgrader}/manage_assignments", A, "release-feedback",
                          "Successfully released feedback")
    with Gradebook(f"sqlite:///{salle.cours / 'gradebook.db'}") as gb:
        copie = gb.find_submission_notebook(A, A, salle.eleve)
        points = {g.name: g.auto_score for g in copie.grades if g.auto_score is not None}
        ident = copie.id
    assert points["q7_tests"] == 2 and points["q4_tests"] == 0 and sum(points.values()) == 2, points
    # the teacher's formgrader renders a graded copy with the course's template (pipeline/gabarits: the pages'
    # stylesheet, verdict lines wrapped), as the README's steps start it
    page = contexte_prof.request.get(f"{formgrader}/submissions/{ident}/")
    assert page.status == 200 and html_permis.STYLE.strip().splitlines()[0] in page.text(), page.status
    # graded as in class: the judge's verdict is in the autograded copy
    corrige = nbformat.read(salle.cours / "autograded" / salle.eleve / A / f"{A}.ipynb", as_version=4)
    q7 = next(c for c in corrige.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q7_tests")
    assert "✔ Correction" in str(q7.outputs)

    # the student fetches the feedback and reads it
    onglet.locator("#refresh_assignments_list").click()
    soumis = _lignes(onglet, "submitted", 1)
    soumis.first.locator('.item_status button:text("Fetch Feedback")').click()
    onglet.locator("#submitted_assignments_list a", has_text="view feedback").wait_for()
    retours = list((salle.home(salle.eleve) / A / "feedback").rglob(f"{A}.html"))
    assert len(retours) == 1
    page_retour = contexte.new_page()
    page_retour.goto(f"{salle.url}/user/{salle.eleve}/files/{retours[0].relative_to(salle.home(salle.eleve))}")
    texte = page_retour.inner_text("body")
    assert "q7_tests" in texte or "Q7" in texte
    assert re.search(r"note\s*:\s*2(\.0)?\s*/\s*\d", texte, re.IGNORECASE), texte[:500]  # the page in French
    contexte.close()

    contexte_prof.close()
    print(f"\nthe whole loop on the hub, two logins included: {time.monotonic() - debut:.0f} s")


def _refuse(salle: Salle, *commande: str) -> subprocess.CompletedProcess:
    """A command of the student's terminal (their server's environment), which must fail."""
    fin = salle.en_tant_que(salle.eleve, *commande, cwd=salle.home(salle.eleve),
                            env=salle.environnement(salle.eleve, "eleve"))
    assert fin.returncode != 0, f"{commande} was allowed:\n{fin.stdout[:500]}"
    return fin


def _processus(compte: str) -> list[str]:
    """The command lines of an account's processes."""
    pids = subprocess.run(["pgrep", "-u", compte], capture_output=True, text=True).stdout.split()
    lignes = []
    for pid in pids:
        try:
            lignes.append(Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip())
        except OSError:
            pass
    return lignes


def test_nothing_a_student_can_reach_holds_an_answer(salle):
    """After the loop (submitted/, autograded/, feedback/ and the gradebook exist), as the student."""
    cours = salle.cours
    for chemin in (cours / "submitted", cours / "autograded", cours / "feedback", cours / "gradebook.db"):
        assert chemin.exists(), chemin  # the test above made them: what is refused below is real
    refus = []
    for chemin in (cours, cours / "source", cours / "source" / A, cours / "submitted", cours / "autograded",
                   cours / "feedback", salle.home(salle.autre), cours / "awale_ref", salle.home(salle.prof)):
        refus.append(_refuse(salle, "ls", str(chemin)))
    for fichier in (cours / "source" / A / f"{A}.ipynb", cours / "gradebook.db", cours / "awale_ref" / "exam.py",
                    cours / "nbgrader_config.py", salle.home(salle.autre) / "mes_notes.txt",
                    *cours.glob(f"*/{salle.eleve}/{A}/{A}.ipynb"), *cours.glob(f"feedback/{salle.eleve}/{A}/*.html")):
        refus.append(_refuse(salle, "cat", str(fichier)))
    assert all("Permission denied" in fin.stderr for fin in refus), [fin.stderr for fin in refus]
    assert len(refus) >= 9 + 8
    # the graded functions, from the students' environment (its python is the one of their kernels)
    python = str(salle.env_eleves / "bin" / "python")
    # (the board and Part III play there with the exam's functions computed by the engine, imported by the reduced
    # exam in place of its graded ones: never the reference's; a graded function the engine does not compute is
    # not there at all)
    moteur = salle.en_tant_que(salle.eleve, python, "-c", "import awale_ref.sujets.ccinp_2024.exam as e\nprint(sorted({getattr(e, n)"
                               ".__module__ for n in ('deplacer_graines', 'tour_jeu', 'NegaAwale', 'max_vals', "
                               "'copie')}))", cwd=salle.home(salle.eleve), env=salle.environnement(salle.eleve, "eleve"))
    assert moteur.returncode == 0 and moteur.stdout.strip() == "['awale_ref.fonctions_moteur']", moteur
    fin = _refuse(salle, python, "-c", "from awale_ref.sujets.ccinp_2024.exam import awale_ia")
    assert "ImportError" in fin.stderr, fin.stderr
    # the course's package first on the path: unreadable, so the students' environment's is imported, without it
    fin = salle.en_tant_que(salle.eleve, python, "-c", f"import sys; sys.path.insert(0, {str(cours)!r}); "
                            "import awale_ref.sujets.ccinp_2024.exam as e; print(e.__file__); print(e.deplacer_graines.__module__)",
                            cwd=salle.home(salle.eleve), env=salle.environnement(salle.eleve, "eleve"))
    fichier, module = fin.stdout.split()
    assert fin.returncode == 0 and Path(fichier).is_relative_to(salle.env_eleves), fin
    assert module == "awale_ref.fonctions_moteur", fin
    # the visible tests run there, from data
    ok = salle.en_tant_que(salle.eleve, python, "-c", "from awale_ref.sujets.ccinp_2024 import tester\n"
                           "def tour_joueur1(jeu):\n    return jeu['n'] % 2 == 0\n"
                           "tester('Q4', tour_joueur1, {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [3, 0], "
                           "'n': 7, 'plateau': [4] * 12})", cwd=salle.home(salle.eleve),
                           env=salle.environnement(salle.eleve, "eleve"))
    assert ok.returncode == 0 and "✔ tour_joueur1" in ok.stdout, ok.stderr
    # the student's server really runs from the students' environment, the teacher's from the course's
    serveurs = {compte: _processus(compte) for compte in (salle.eleve, salle.prof)}
    eleve = [c for c in serveurs[salle.eleve] if "jupyterhub-singleuser" in c]
    prof = [c for c in serveurs[salle.prof] if "jupyterhub-singleuser" in c]
    assert eleve and all(c.startswith(str(salle.env_eleves / "bin")) for c in eleve), serveurs
    assert prof and all(c.startswith(str(BIN)) for c in prof), serveurs
    assert stat.S_IMODE(salle.home(salle.eleve).stat().st_mode) == 0o700
    assert stat.S_IMODE(salle.home(salle.autre).stat().st_mode) == 0o700
    assert stat.S_IMODE(cours.stat().st_mode) == 0o700
    assert stat.S_IMODE(salle.home(salle.prof).stat().st_mode) == 0o700  # the hidden SQL library's cache


def test_the_teachers_grading_bounds_the_files_a_submission_writes_in_tmp(salle):
    """The teacher grades as an ordinary account (no root): a submission whose extra cell fills its kernel's working
    folder, every folder mounted in its sandbox and its /tmp with 8 MiB files, then empty files, is refused at its
    sandbox's limits, size and file count, everywhere, through the real ``nbgrader autograde`` run in the teacher's
    terminal; the teacher's log says why."""
    soumis = salle.cours / "submitted" / salle.eleve / A
    assert (soumis / f"{A}.ipynb").exists()  # the loop above made it: a real submission, a real gradebook
    eleve = "remplit" + salle.eleve[-6:]
    copie = salle.cours / "submitted" / eleve / A
    shutil.copytree(soumis, copie)
    carnet = nbformat.read(copie / f"{A}.ipynb", as_version=4)
    carnet.cells.append(nbformat.v4.new_code_cell(REMPLIT_TMP))
    nbformat.write(carnet, copie / f"{A}.ipynb")
    subprocess.run(["chown", "-R", f"{salle.prof}:{salle.prof}", str(copie.parent)], check=True)
    sortie = salle.nbgrader_prof("autograde", A, "--student", eleve)
    corrige = nbformat.read(salle.cours / "autograded" / eleve / A / f"{A}.ipynb", as_version=4)
    texte = str(corrige.cells[-1].outputs)
    fichiers = re.search(r"fichiers refusés après (\d+)", texte)
    octets = re.search(r"octets refusés après (\d+) Mio", texte)
    assert fichiers and octets, texte[:2000]
    assert int(octets.group(1)) <= 256 and 0 < int(fichiers.group(1)) <= 4096, texte[:2000]
    assert "acceptés" not in texte, texte[:2000]  # its working folder, the root, /dev, the IPC folder: all bounded
    assert re.search(rf"Kernel of {eleve}/{A}: its private /tmp is full \(.* files of 4096\)", sortie), sortie[-3000:]


CHARGER = """import json, os, stat, sys, traceback
from traitlets.config import Config
chemin, cas = sys.argv[1], json.loads(sys.argv[2])
depart = dict(os.environ)
resultats = {}
for nom, variables in cas.items():
    os.environ.clear()
    os.environ.update({**depart, **variables})
    c = Config()
    try:
        exec(compile(open(chemin).read(), chemin, 'exec'), {'get_config': lambda: c, '__file__': chemin})
        resultat = {'refus': None, 'crochet': c.Spawner.pre_spawn_hook is not None}
    except SystemExit as exc:
        resultat = {'refus': str(exc.code)}
    except Exception:
        resultat = {'refus': traceback.format_exc()}
    cours = os.stat(os.environ['AWALE_COURS'])
    resultats[nom] = {**resultat, 'mode': stat.S_IMODE(cours.st_mode), 'gid': cours.st_gid}
print(json.dumps(resultats))
"""


def _charger_la_configuration(tmp_path: Path, cas: dict[str, dict[str, str]]) -> dict[str, dict]:
    """Load deploy/jupyterhub/jupyterhub_config.py as JupyterHub does (without starting a hub), once per case
    (``{name: environment variables}``), in order, in one process: each case's refusal (the ``SystemExit`` that
    stops the hub, or any error; ``None`` when the hub would start), whether the spawner's hook is set, and the
    course folder's mode and group after it."""
    env = {**os.environ, "AWALE_HUB_ETAT": str(tmp_path / "hub"), "AWALE_ECHANGE": str(tmp_path / "echange")}
    fin = subprocess.run([sys.executable, "-c", CHARGER, str(DEPLOY / "jupyterhub_config.py"), json.dumps(cas)],
                         env=env, capture_output=True, text=True, timeout=120)
    assert fin.returncode == 0, fin.stderr
    return json.loads(fin.stdout.splitlines()[-1])


def test_the_hub_closes_the_course_and_refuses_what_would_open_it(tmp_path):
    """No accounts needed: the course belongs to whoever runs the test, who is its teacher here."""
    import grp

    moi = pwd.getpwuid(os.getuid()).pw_name
    cours = tmp_path / "cours"
    cours.mkdir(mode=0o755)
    shutil.copy(RACINE / "nbgrader_config.py", cours)
    env_eleves = tmp_path / "eleves"
    (env_eleves / "bin").mkdir(parents=True)
    (env_eleves / "bin" / "jupyterhub-singleuser").touch()
    base = {"AWALE_COURS": str(cours), "AWALE_ENSEIGNANTS": moi, "AWALE_ENV_ELEVES": str(env_eleves)}
    refus = {
        "not a teacher's": ({"AWALE_ENSEIGNANTS": "personne_d_autre"}, f"belongs to {moi}, not to a teacher"),
        "environment inside the course": ({"AWALE_ENV_ELEVES": str(cours / ".venv-eleves")},
                                          "is inside the course folder"),
        "environment not built": ({"AWALE_ENV_ELEVES": str(tmp_path / "rien")}, "is not built"),
        "exchange inside the course": ({"AWALE_ECHANGE": str(cours / "echange")}, "is inside the course folder"),
        "unknown teachers' group": ({"AWALE_GROUPE_ENSEIGNANTS": "pas_de_tel_groupe"}, "no such Unix group"),
    }
    groupe = grp.getgrgid(os.getgid()).gr_name  # several teachers: their group reads and writes, no one else
    resultats = _charger_la_configuration(tmp_path, {
        "base": base, **{cas: {**base, **variables} for cas, (variables, _) in refus.items()},
        "group": {**base, "AWALE_GROUPE_ENSEIGNANTS": groupe}})

    assert resultats["base"]["refus"] is None and resultats["base"]["crochet"], resultats["base"]
    assert resultats["base"]["mode"] == 0o700  # closed by the hub, whatever the clone left
    for cas, (_, message) in refus.items():
        assert resultats[cas]["refus"] and message in resultats[cas]["refus"], (cas, resultats[cas])
    assert resultats["group"]["refus"] is None, resultats["group"]
    assert resultats["group"]["mode"] == 0o2770 and resultats["group"]["gid"] == os.getgid()
