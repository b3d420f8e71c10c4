"""A class of faulty and hostile submissions through the real ``nbgrader autograde``, sandbox on.

The whole hostile class (``tests/hostile``) is graded once, split into groups of
about the same duration graded side by side, each by an ``nbgrader autograde``
of its own in a temporary copy of the course (``source/partie2_structure``, the
course's ``nbgrader_config.py`` with shorter limits, ``pipeline`` linked:
``tests/hostile/classe.py``).  Each submission's test then checks what it must
give: the targeted questions 0, the honest part full marks, and a clear reason
in the log or the feedback; then what must hold for the whole class: nothing
written outside the sandboxes, nothing left running, no script in the graded
notebooks or the feedback.  The judge (``awale_ref.grading.correcteur.juge``) is also
tested alone, without nbgrader.  The classes of the other assignments, the
replies over the budget and the regrade after a kill are in
``tests/test_hostile_devoirs.py`` (a file each, so that two test workers grade
them side by side).
"""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from awale_ref.grading.correcteur import bac_a_sable, juge
from awale_ref.grading.eleve.rendu import dessin_du_cas
from awale_ref.grading.eleve.resultat import EchecTest
from awale_ref.grading.executant import messages
from awale_ref.sujets.ccinp_2024 import SUJET as CCINP
from awale_ref.sujets.ccinp_2024 import library
from awale_ref.sujets.ccinp_2024 import corriger
import prerequis
from pipeline.nbgrader_cli import nbgrader
from pipeline.autograde.structure import questions_cachees
from tests.hostile import SOUMISSIONS
from tests.hostile.classe import A, ClasseEnGroupes, corriger_en_groupes, score_et_raisons

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)


def _empreintes() -> dict[str, str]:
    """What a kernel must never change: the package, the hidden library, the grader's user config."""
    import hashlib

    import awale_ref

    fichiers = sorted(Path(awale_ref.__file__).parent.rglob("*.py")) + [library.chemin_cache(1712)]
    empreintes = {str(f): hashlib.sha256(f.read_bytes()).hexdigest() for f in fichiers}
    config = Path.home() / ".jupyter" / "nbgrader_config.py"
    empreintes[str(config)] = hashlib.sha256(config.read_bytes()).hexdigest() if config.exists() else "absent"
    return empreintes


def _processus(motif: str) -> list[str]:
    sortie = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return [l for l in sortie.splitlines() if motif in l and "ps -eo" not in l]


@pytest.fixture(scope="session")
def classe(tmp_path_factory) -> ClasseEnGroupes:
    library.chemin_verifie(1712)
    avant = _empreintes()
    classe = corriger_en_groupes(tmp_path_factory, A, SOUMISSIONS)
    classe.empreintes = (avant, _empreintes())  # type: ignore[attr-defined]
    classe.processus = _processus("4242") + _processus("4243")  # type: ignore[attr-defined]
    return classe


# ---------------------------------------------------------------- each submission meets its expectation
@pytest.mark.parametrize("soumission", SOUMISSIONS, ids=[s.nom for s in SOUMISSIONS])
def test_each_submission_gets_its_expected_score_and_reason(classe, soumission):
    score_et_raisons(classe, soumission)


def test_the_class_is_graded_to_the_end_and_exported(classe):
    """A notebook nbgrader cannot read or grade costs its author only: it scores 0 with the reason (log, feedback,
    metadata read by the report); nbgrader never stops, every student sorted after it is graded, it exits 0.  Each
    group's ``nbgrader autograde`` meets some of them and grades students sorted after them; each course is
    exported."""
    from pipeline.autograde.copies_a_zero import copies_a_zero

    a_zero = {s.nom for s in SOUMISSIONS if s.illisible}
    lignes: dict[str, float] = {}
    for groupe in classe.groupes:
        assert groupe.code_retour == 0, groupe.log[-3000:]
        assert "There was an error processing" not in groupe.log
        en_erreur = set(re.findall(rf"Notebook (\w+)/{A} could not be graded", groupe.log))
        assert en_erreur == a_zero & set(groupe.scores)
        lus = set(groupe.scores) - en_erreur  # nbgrader takes the students sorted by name
        assert en_erreur and max(lus) > min(en_erreur), sorted(groupe.scores)
        nbgrader("export", racine=groupe.racine, capture=True)
        with open(groupe.racine / "grades.csv", newline="") as f:
            exportees = {l["student_id"]: float(l["raw_score"]) for l in csv.DictReader(f) if l["assignment"] == A}
        assert set(exportees) == set(groupe.scores)
        lignes |= exportees
    for s in SOUMISSIONS:
        raisons = copies_a_zero(classe.de(s.nom).racine / "autograded" / s.nom / A)
        assert (s.nom in a_zero) == bool(raisons), s.nom
        if raisons:  # the feedback says why, in French
            assert json.dumps(raisons[A], ensure_ascii=False)[1:-1] in classe.sortie(s.nom), s.nom  # (as JSON text)
            assert "Copie non corrigée" in classe.sortie(s.nom), s.nom
    assert set(lignes) == {s.nom for s in SOUMISSIONS}  # nobody lost
    for s in SOUMISSIONS:
        assert lignes[s.nom] == sum(classe.maxima[g] for g in s.reussies), s.nom


def test_nothing_the_kernel_printed_counts_only_the_judge(classe):
    """The tricks fooled the kernel (its visible tests print ✔), the judge's verdict decided."""
    for nom in ("remplace_corriger", "remplace_le_module", "remplace_executer", "efface_les_cellules",
                "remplace_builtins", "cache_les_erreurs"):
        assert "Correction\", \"evalue\": \"Q8 — " in classe.sortie(nom), nom
        assert classe.scores[nom]["q8_tests"] == 0, nom


def test_a_series_of_examples_turned_off_in_the_kernel_changes_nothing(classe):
    """``serie_detournee``: the kernel's series (awale_ref.grading.eleve.serie) patched to hide every failing example
    and print a ✔, its variable overwritten, an answer cell with two tester(...) lines, a mark printed by hand:
    Q8 gets 0 with the judge's verdict, and neither the fake verdict nor the fake mark shows in the graded cell."""
    from tests.hostile import SERIE_FAUSSE_MARQUE, SERIE_FAUX_VERDICT

    assert classe.scores["serie_detournee"]["q8_tests"] == 0
    assert classe.scores["serie_detournee"]["q4_tests"] == classe.maxima["q4_tests"]
    sortie = classe.sortie("serie_detournee")
    assert "Correction\", \"evalue\": \"Q8 — " in sortie
    assert SERIE_FAUX_VERDICT not in sortie and SERIE_FAUSSE_MARQUE not in sortie


def test_no_kernel_and_no_runner_writes_outside_its_sandbox(classe):
    """The course, the gradebook, the package, the hidden library and the grader's config are out of reach:
    ``ecrit_partout`` and ``ecrit_dans_le_cours`` tried, every write was refused, nothing changed."""
    avant, apres = classe.empreintes
    assert avant == apres
    for groupe in classe.groupes:  # (each group's course)
        assert not (groupe.racine / "source" / A / "pirate.txt").exists()
        assert not list(groupe.racine.rglob("cachette.py"))
        assert "pirate" not in (groupe.racine / "nbgrader_config.py").read_text()
    sortie = classe.sortie("ecrit_partout")
    assert sortie.count("refusé") >= 6, sortie[:2000]


def test_nothing_is_left_running(classe):
    assert classe.processus == []


def _elements_actifs(page: str, marque: str) -> list[str]:
    """The live ``<script>`` elements and ``on…=`` attributes of an HTML page that mention ``marque``."""
    from html.parser import HTMLParser

    trouves: list[str] = []

    class Lecteur(HTMLParser):
        dans_script = False

        def handle_starttag(self, tag, attrs):
            self.dans_script = tag == "script"
            trouves.extend(f"{tag} {nom}" for nom, valeur in attrs if nom.startswith("on") and marque in (valeur or ""))

        def handle_data(self, data):
            if self.dans_script and marque in data:
                trouves.append("script")

        def handle_endtag(self, tag):
            self.dans_script = False

    Lecteur().feed(page)
    return trouves


def test_no_script_survives_in_the_graded_notebook_or_the_feedback(classe):
    racine = classe.de("script_dans_les_sorties").racine
    nbgrader("generate_feedback", A, "--student", "script_dans_les_sorties", "--force", racine=racine, capture=True)
    nb = json.loads((racine / "autograded" / "script_dans_les_sorties" / A / f"{A}.ipynb").read_text())
    sorties = json.dumps([o for c in nb["cells"] for o in c.get("outputs", [])] +
                         [c["source"] for c in nb["cells"] if c["cell_type"] == "markdown"])
    assert "gras" in sorties  # the harmless part of the HTML output is kept
    for actif in ("<script", "application/javascript"):
        assert actif not in sorties, actif
    assert not re.search(r"<[^>]*\son\w+\s*=", sorties)  # no live event handler (escaped text is inert)
    page = (racine / "feedback" / "script_dans_les_sorties" / A / f"{A}.html").read_text()
    assert not _elements_actifs(page, "PIRATE")  # the student's code shows as (escaped) text, never as markup
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if prerequis.run_complet() or (os.path.exists(chromium) and importlib.util.find_spec("playwright")):
        chromium = prerequis.navigateur()
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            navigateur = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            try:
                onglet = navigateur.new_page()
                onglet.goto((racine / "feedback" / "script_dans_les_sorties" / A / f"{A}.html").as_uri())
                onglet.wait_for_timeout(500)
                assert onglet.title() != "PIRATE"
            finally:
                navigateur.close()


def test_feedback_and_autograded_notebooks_stay_small(classe):
    for s in ("deluge_de_sortie", "notebook_enorme", "deluge_de_display"):
        taille = (classe.de(s).racine / "autograded" / s / A / f"{A}.ipynb").stat().st_size
        assert taille < 25 * 1024 ** 2, (s, taille)
    assert len(classe.sortie("deluge_de_sortie")) < 3 * 1024 ** 2
    assert len(classe.sortie("deluge_de_display")) < 3 * 1024 ** 2


@pytest.mark.parametrize("nom", ["erreur_et_flots_enormes", "metadonnees_enormes", "cellule_geante"])
def test_every_output_byte_and_every_source_is_bounded(classe, nom):
    """An exception of 20 MB, 40 MB on file descriptors 1 and 2, 40 MB of display metadata, a cell of 3.2 MB:
    the graded notebook stays within the output caps (8 MiB of characters) and the source caps, the
    feedback too, and the grader's log does not carry them."""
    racine = classe.de(nom).racine
    graded = (racine / "autograded" / nom / A / f"{A}.ipynb").stat().st_size
    assert graded < 10 * 1024 ** 2, graded
    nbgrader("generate_feedback", A, "--student", nom, "--force", racine=racine, capture=True)
    retour = racine / "feedback" / nom / A / f"{A}.html"
    assert retour.stat().st_size < 12 * 1024 ** 2
    for motif in ("x" * 100_000, "y" * 100_000, "z" * 100_000, "w" * 100_000, "1;" * 100_000):
        assert motif not in classe.log
    assert len(classe.log) < 20 * 1024 ** 2


# ---------------------------------------------------------------- the judge alone (no nbgrader, fast)
RAPIDE = juge.Limites(delai_cellule=2, delai_question=3)
JUSTE_Q4 = "def tour_joueur1(jeu):\n    return jeu['n'] % 2 == 0\n"


def _etapes(*cellules: str, questions: tuple[tuple[str, str], ...] = (("Q4", "tour_joueur1"),)) -> list[juge.CelluleDeCode]:
    etapes = [juge.CelluleDeCode(i, source) for i, source in enumerate(cellules)]
    return etapes + [juge.CelluleDeCode(len(cellules), questions=list(questions))]


def _forge(*lignes: bytes) -> str:
    """A Q4 answer that writes ``lignes`` on every file descriptor (the judge's channel among them), then dies."""
    texte = b"".join(ligne + b"\n" for ligne in lignes)
    return ("import os\n"
            "def tour_joueur1(jeu):\n"
            "    for fd in range(1, 30):\n"
            "        try:\n"
            f"            os.write(fd, {texte!r})\n"
            "        except OSError:\n"
            "            pass\n"
            "    os._exit(0)\n")


def test_judge_forged_messages_on_the_runner_channel_cannot_pass_a_wrong_answer():
    # well-formed replies of the current protocol, for the question's own id (the cell is order 1, Q4 order 2)
    forge = _forge(messages.ecrire(messages.Reponse(2, messages.Issue.RESULTATS, resultats=[])).strip(),
                   messages.ecrire(messages.Reponse(2, messages.Issue.FIN)).strip())
    verdict = juge.juger_notebook(_etapes(forge), bac_a_sable=True, limites=RAPIDE, sujet=CCINP)["Q4"]
    assert not verdict.ok and "réponse incomplète" in verdict.message


JUSTE_Q7 = "def copie(jeu):\n    return {k: (list(v) if type(v) is list else v) for k, v in jeu.items()}\n"


@pytest.mark.parametrize("remplir", ["octets", "fichiers"])
def test_a_submission_too_large_for_the_runner_fails_its_hidden_tests_saying_why_in_french(tmp_path, remplir):
    """A submitted folder that would not fit in the runner's private ``/tmp`` (its size or its file count, the
    sandbox's own bounds): no runner starts, every hidden question fails saying why and what to do; the same
    answer in a small folder passes."""
    rendu = tmp_path / "rendu"
    rendu.mkdir()
    etapes = _etapes(JUSTE_Q4)
    assert juge.juger_notebook(etapes, bac_a_sable=True, limites=RAPIDE, fichiers=str(rendu), sujet=CCINP)["Q4"].ok
    if remplir == "octets":
        with open(rendu / "images.bin", "wb") as f:
            f.truncate(65 * 1024 ** 2)  # sparse: its size, not the disk's
    else:
        for i in range(4100):
            (rendu / f"f{i}").touch()
    limites = juge.Limites(delai_cellule=2, delai_question=3)
    verdict = juge.juger_notebook(etapes, bac_a_sable=True, limites=limites, fichiers=str(rendu), sujet=CCINP)["Q4"]
    assert not verdict.ok and "le dossier rendu est trop volumineux pour être corrigé" in verdict.message
    assert ("65.0 Mo" if remplir == "octets" else "4101 éléments") in verdict.message
    assert "au plus 64 Mo et 4096 éléments" in verdict.message and "rendez-le à nouveau" in verdict.message
    assert any("trop volumineux" in ligne for ligne in limites.journal)  # the teacher's log too


@pytest.mark.parametrize("ligne", [
    b'{"version": 99, "issue": "resultats", "id": 3, "resultats": []}',  # another protocol version
    b'{"id": 3, "resultats": []}',                                       # the flag dicts of before: no version
    b'{"version": 1, "issue": "reussi", "id": 3}',                       # an unknown outcome
    b'{"version": 1, "issue": "resultats", "id": 3, "resultats": "tout juste"}',  # a mistyped field
    b'{"version": 1, "issue": "resultats", "id": 3, "resultats": [], "ok": true}',  # an unknown field
    b'{"version": 1, "issue": "mort", "id": 3}',                        # the judge's own conclusion
], ids=["version", "sans_version", "issue_inconnue", "type_faux", "champ_inconnu", "mort"])
def test_judge_an_invalid_reply_fails_its_question_only(ligne):
    limites = juge.Limites(delai_cellule=2, delai_question=3)
    etapes = _etapes(_forge(ligne), JUSTE_Q7, questions=(("Q4", "tour_joueur1"), ("Q7", "copie")))
    verdicts = juge.juger_notebook(etapes, bac_a_sable=True, limites=limites, sujet=CCINP)
    assert not verdicts["Q4"].ok and "réponse invalide" in verdicts["Q4"].message, verdicts["Q4"].message
    assert verdicts["Q7"].ok, verdicts["Q7"].message  # the grading went on, the runner started again
    assert any("réponse invalide du processus d'exécution" in l for l in limites.journal), limites.journal


def test_judge_a_blocking_cell_is_skipped_and_the_rest_is_judged():
    bloque = "import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass\n"
    limites = juge.Limites(delai_cellule=1, delai_question=3)
    verdicts = juge.juger_notebook(_etapes(bloque, JUSTE_Q4, "import os\nos._exit(0)\n"), limites=limites, sujet=CCINP)
    assert verdicts["Q4"].ok
    assert limites.journal == ["la cellule de code n°1 a bloqué ou arrêté l'exécution : elle est ignorée",
                               "la cellule de code n°3 a bloqué ou arrêté l'exécution : elle est ignorée"]


def test_the_runner_sees_neither_the_course_nor_the_package_nor_the_network(tmp_path):
    cours = tmp_path / "cours"
    (cours / "source").mkdir(parents=True)
    (cours / "source" / "corrige.py").write_text("x = 1\n")
    copie = cours / "autograded" / "ana"
    copie.mkdir(parents=True)
    (copie / "donnees.txt").write_text("4\n")
    import awale_ref

    cellules = [
        "from awale_ref import *\nfrom awale_ref.sujets.ccinp_2024.exam import case_ramassable\n",
        f"def tour_joueur1(jeu):\n    open({str(cours / 'source' / 'corrige.py')!r}).read()\n    return True\n",
        f"def deplacer_graines(plateau, case):\n    return len(open({awale_ref.__file__!r}).read())\n",
        "def copie(jeu):\n    import socket\n    socket.create_connection(('127.0.0.1', 22), timeout=1)\n",
        "N = int(open('donnees.txt').read())\n",  # the submission's own files are there (a private copy)
    ]
    etapes = _etapes(*cellules, f"assert N == 4\n{JUSTE_Q4.replace('tour_joueur1', 'tourner_plateau')}",
                     questions=(("Q4", "tour_joueur1"), ("Q8", "deplacer_graines"), ("Q7", "copie"),
                                ("Q9", "case_ramassable"), ("Q5", "tourner_plateau")))
    verdicts = juge.juger_notebook(etapes, limites=RAPIDE, fichiers=str(copie), sujet=CCINP)
    assert "FileNotFoundError" in verdicts["Q4"].message
    assert "FileNotFoundError" in verdicts["Q8"].message
    assert "OSError" in verdicts["Q7"].message or "Error" in verdicts["Q7"].message
    assert "n'existe pas" in verdicts["Q9"].message
    assert "n'existe pas" not in verdicts["Q5"].message  # N == 4: the cell ran, tourner_plateau exists
    assert not any(v.ok for v in verdicts.values())


def test_judge_is_deterministic_and_agrees_with_corriger():
    faux = "def case_ramassable(plateau, case):\n    return plateau[case] in (2, 3)\n"
    etapes = _etapes(faux, JUSTE_Q4, questions=(("Q9", "case_ramassable"), ("Q4", "tour_joueur1")))
    premier = juge.juger_notebook(etapes, sujet=CCINP)
    assert premier == juge.juger_notebook(etapes, sujet=CCINP)
    espace = {"__name__": "__main__"}
    exec(faux, espace)
    with pytest.raises(EchecTest) as info:
        corriger("Q9", espace["case_ramassable"])
    # the same verdict and the same smallest failing board, drawn after the message in the kernel
    assert str(info.value) == premier["Q9"].message + dessin_du_cas(premier["Q9"].contre_exemple)
    assert premier["Q9"].contre_exemple and premier["Q4"].ok


def test_a_late_redefinition_does_not_change_the_verdict_and_a_moved_test_cell_still_finds_its_function():
    etapes = [juge.CelluleDeCode(0, JUSTE_Q4), juge.CelluleDeCode(1, questions=[("Q4", "tour_joueur1")]),
              juge.CelluleDeCode(2, "tour_joueur1 = tour_joueur1({'n': 0})\n"),
              juge.CelluleDeCode(3, questions=[("Q9", "case_ramassable")]),
              juge.CelluleDeCode(4, "def case_ramassable(plateau, case):\n    return case >= 6 and plateau[case] in (2, 3)\n")]
    verdicts = juge.juger_notebook(etapes, limites=RAPIDE, sujet=CCINP)
    assert verdicts["Q4"].ok and verdicts["Q9"].ok


def test_the_sandbox_is_there_or_grading_refuses_in_french(monkeypatch):
    bac_a_sable.verifier_disponible()  # CI installs bubblewrap: the sandbox must work there
    monkeypatch.setattr(bac_a_sable, "_raison_indisponible", lambda: "la commande bwrap est absente")
    with pytest.raises(bac_a_sable.BacASableIndisponible) as info:
        bac_a_sable.verifier_disponible()
    assert "AWALE_BAC_A_SABLE=non" in str(info.value) and "Correction refusée" in str(info.value)


def test_hidden_test_calls_are_read_from_the_restored_test_cells():
    cellule = ('tester("Q8", deplacer_graines, [0] * 12, 4)\n### BEGIN HIDDEN TESTS\n'
               'from awale_ref.sujets.ccinp_2024 import corriger\ncorriger("Q8", deplacer_graines)\n### END HIDDEN TESTS\n')
    assert questions_cachees(cellule) == [("Q8", "deplacer_graines")]
    assert questions_cachees("tester('Q4', f, 1)\n") == [] and questions_cachees("def (") == []
