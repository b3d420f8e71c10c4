"""A class of faulty and hostile submissions through the real ``nbgrader autograde``.

One autograde of the whole hostile class (``tests/hostile``) runs once, in a
temporary copy of the course (``source/partie2_structure``, the course's
``nbgrader_config.py`` with shorter limits, ``pipeline`` linked).  Each
submission's test then checks what it must give: the targeted questions 0,
the honest part full marks, and a clear reason in the log or the feedback.
A small class is graded twice, the second time with ``nbgrader`` killed in
the middle and run again (determinism, no lost submission).  The re-check
(``awale_ref.grading.guard``) is also tested alone, without nbgrader.
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook, MissingEntry

from awale_ref.grading import EchecTest, corriger, guard
from pipeline.nbgrader_cli import environnement, nbgrader
from pipeline.preprocessors import questions_cachees
from tests.hostile import SOUMISSIONS, Contexte, Soumission

RACINE = Path(__file__).resolve().parent.parent
A = "partie2_structure"
# Shorter limits than the course's, so that the loops and bombs cost seconds, not minutes.
LIMITES_DE_TEST = """
c.Execute.timeout = 10
c.ExecutionProtegee.memoire_noyau = 1536 * 1024 ** 2
c.ContreVerification.delai_cellule = 5
c.ContreVerification.delai_question = 8
c.ContreVerification.memoire = 1024 ** 3
"""


@dataclass
class Classe:
    racine: Path
    ctx: Contexte
    log: str
    code_retour: int
    scores: dict[str, dict[str, float | None]]  # student -> test grade_id -> auto score
    maxima: dict[str, float]                     # test grade_id -> points

    def journal(self, etudiant: str) -> str:
        """The log lines about one student: from its "Creating/updating student" line to the next one."""
        debut = "[AutogradeApp | INFO] Creating/updating student with ID "
        blocs = re.split(r"(?m)^(?=" + re.escape(debut) + ")", self.log)
        return "".join(b for b in blocs if b.startswith(f"{debut}'{etudiant}'"))

    def sortie(self, etudiant: str) -> str:
        """The outputs of the autograded notebook (what the feedback shows), as text."""
        chemin = self.racine / "autograded" / etudiant / A / f"{A}.ipynb"
        if not chemin.exists():
            return ""
        cellules = json.loads(chemin.read_text(encoding="utf-8"))["cells"]
        return "\n".join(json.dumps(o, ensure_ascii=False) for c in cellules for o in c.get("outputs", []))


def _lire_notebook(chemin: Path) -> nbformat.NotebookNode:
    for _ in range(20):  # another helper may be rebuilding the course right now
        try:
            return nbformat.read(chemin, as_version=4)
        except (ValueError, OSError):
            time.sleep(0.5)
    return nbformat.read(chemin, as_version=4)


def preparer_cours(racine: Path) -> Contexte:
    """A private copy of the course with the current source notebook; generate the release there."""
    (racine / "source" / A).mkdir(parents=True)
    source = _lire_notebook(RACINE / "source" / A / f"{A}.ipynb")
    nbformat.write(source, racine / "source" / A / f"{A}.ipynb")
    (racine / "nbgrader_config.py").write_text((RACINE / "nbgrader_config.py").read_text() + LIMITES_DE_TEST)
    (racine / "pipeline").symlink_to(RACINE / "pipeline")
    nbgrader("generate_assignment", A, "--force", racine=racine, capture=True)
    return Contexte(release=_lire_notebook(racine / "release" / A / f"{A}.ipynb"), source=source)


def deposer(racine: Path, ctx: Contexte, soumissions: tuple[Soumission, ...]) -> None:
    for s in soumissions:
        dossier = racine / "submitted" / s.nom / A
        dossier.mkdir(parents=True)
        for nom, contenu in s.construire(ctx).items():
            (dossier / nom).write_bytes(contenu)


def lire_scores(racine: Path, etudiants: list[str]) -> dict[str, dict[str, float | None]]:
    scores = {}
    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        for etudiant in etudiants:
            try:
                sub = gb.find_submission_notebook(A, A, etudiant)
            except MissingEntry:
                scores[etudiant] = {}
                continue
            scores[etudiant] = {g.name: g.auto_score for g in sub.grades if g.cell.cell_type == "code"}
    return scores


def autograder(racine: Path, *options: str) -> subprocess.CompletedProcess:
    return nbgrader("autograde", A, "--log-level=INFO", *options, racine=racine, check=False, capture=True)


def tests_autogrades(ctx: Contexte) -> dict[str, float]:
    return {c.metadata["nbgrader"]["grade_id"]: float(c.metadata["nbgrader"]["points"]) for c in ctx.release.cells
            if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("grade")}


@pytest.fixture(scope="session")
def classe(tmp_path_factory) -> Classe:
    racine = tmp_path_factory.mktemp("cours_hostile")
    ctx = preparer_cours(racine)
    deposer(racine, ctx, SOUMISSIONS)
    fin = autograder(racine)
    (racine / "autograde.log").write_text(fin.stdout + fin.stderr)  # for a human reading a failure
    return Classe(racine, ctx, fin.stdout + fin.stderr, fin.returncode,
                  lire_scores(racine, [s.nom for s in SOUMISSIONS]), tests_autogrades(ctx))


# ---------------------------------------------------------------- each submission meets its expectation
@pytest.mark.parametrize("soumission", SOUMISSIONS, ids=[s.nom for s in SOUMISSIONS])
def test_each_submission_gets_its_expected_score_and_reason(classe, soumission):
    obtenus = classe.scores[soumission.nom]
    attendus = {gid: (pts if gid in soumission.reussies else 0.0) for gid, pts in classe.maxima.items()}
    if any(v is not None for v in obtenus.values()):
        assert {gid: obtenus.get(gid) for gid in attendus} == attendus
    else:  # a notebook nbgrader cannot read is not graded at all: 0 in the export (checked below)
        assert not soumission.reussies
    visible = classe.journal(soumission.nom) + classe.sortie(soumission.nom)
    for raison in soumission.raisons:
        assert raison in visible, f"{soumission.nom}: «{raison}» is neither in the log nor in the feedback"


def test_the_class_is_graded_to_the_end_and_exported(classe):
    # Unreadable notebooks are reported by nbgrader (exit code 1) but every other student is graded.
    illisibles = {"json_invalide", "fichier_vide", "pas_utf8"}
    assert classe.code_retour == 1
    en_erreur = set(re.findall(rf"There was an error processing assignment '{A}' for student '(\w+)'", classe.log))
    assert en_erreur == illisibles
    nbgrader("export", racine=classe.racine, capture=True)
    with open(classe.racine / "grades.csv", newline="") as f:
        lignes = {l["student_id"]: float(l["raw_score"]) for l in csv.DictReader(f) if l["assignment"] == A}
    assert set(lignes) == {s.nom for s in SOUMISSIONS}  # nobody lost
    for s in SOUMISSIONS:
        assert lignes[s.nom] == sum(classe.maxima[g] for g in s.reussies), s.nom


def test_without_the_re_check_the_kernel_tricks_would_have_won(classe):
    """The tricks did fool the kernel: the points were taken away by the re-check, and the log says so."""
    for nom in ("remplace_corriger", "remplace_le_module", "remplace_executer", "efface_les_cellules",
                "lit_le_corrige"):
        assert "the kernel passed but the re-check fails" in classe.journal(nom), nom
        assert "Contre-vérification du correcteur" in classe.sortie(nom), nom


def test_the_kernel_can_write_into_the_course_but_grades_do_not_depend_on_it(classe):
    """Not a sandbox (docs/grading_security.md): the kernel of ``ecrit_dans_le_cours`` did write into
    source/; the re-check process could not (its verdict says so) and the teacher's notebook is intact."""
    assert (classe.racine / "source" / A / "pirate.txt").exists()
    assert "lecture interdite pendant la correction" in classe.sortie("ecrit_dans_le_cours")
    assert _lire_notebook(classe.racine / "source" / A / f"{A}.ipynb") == classe.ctx.source


def test_feedback_and_autograded_notebooks_stay_small(classe):
    for s in ("deluge_de_sortie", "notebook_enorme"):
        taille = (classe.racine / "autograded" / s / A / f"{A}.ipynb").stat().st_size
        assert taille < 25 * 1024 ** 2, (s, taille)
    assert len(classe.sortie("deluge_de_sortie")) < 3 * 1024 ** 2


# ---------------------------------------------------------------- determinism and recovery
PETITE_CLASSE = tuple(s for s in SOUMISSIONS if s.nom in ("honnete", "kill_9", "remplace_corriger"))


def test_grading_again_after_a_kill_gives_the_same_scores_and_loses_no_one(tmp_path):
    """Graded once; then graded again from scratch, nbgrader being killed in the middle of the second
    student and simply run again: every student is graded twice and the scores are identical."""
    racine = tmp_path / "cours"
    racine.mkdir()
    ctx = preparer_cours(racine)
    deposer(racine, ctx, PETITE_CLASSE)
    etudiants = sorted(s.nom for s in PETITE_CLASSE)
    assert autograder(racine).returncode == 0
    scores = lire_scores(racine, etudiants)
    assert scores["honnete"]["q8_tests"] == tests_autogrades(ctx)["q8_tests"] > 0 == scores["kill_9"]["q4_tests"]

    shutil.rmtree(racine / "autograded")
    (racine / "gradebook.db").unlink()
    nbgrader("generate_assignment", A, "--force", racine=racine, capture=True)
    proc = subprocess.Popen([sys.executable, "-m", "nbgrader", "autograde", A], cwd=racine, env=environnement(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    premier, second = (racine / "autograded" / e / A / f"{A}.ipynb" for e in etudiants[:2])
    while proc.poll() is None and not (_execute(premier) and second.exists()):
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)  # nbgrader and the kernel it started
    proc.wait()
    assert second.exists() and not _execute(second)  # killed half-way: sanitized, not executed
    reprise = autograder(racine)
    assert reprise.returncode == 0
    assert f"autograde interrupted for {etudiants[1]}/{A}" in reprise.stderr
    assert lire_scores(racine, etudiants) == scores
    for etudiant in etudiants:
        assert _execute(racine / "autograded" / etudiant / A / f"{A}.ipynb"), etudiant


def _execute(chemin: Path) -> bool:
    """The autograded notebook exists and was executed (not just sanitized)."""
    try:
        nb = json.loads(chemin.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return any(c.get("execution_count") for c in nb["cells"] if c["cell_type"] == "code")


# ---------------------------------------------------------------- the re-check alone (no nbgrader, fast)
RAPIDE = guard.Limites(delai_cellule=2, delai_question=3)
JUSTE_Q4 = "def tour_joueur1(jeu):\n    return jeu['n'] % 2 == 0\n"


def test_recheck_forged_verdicts_without_the_token_are_ignored():
    forge = ("import os\n"
             "def tour_joueur1(jeu):\n"
             "    for fd in range(3, 30):\n"
             "        try:\n"
             "            os.write(fd, b'{\"verdict\": \"Q4\", \"ok\": true, \"message\": \"ok\"}\\n{\"fin\": true}\\n')\n"
             "        except OSError:\n"
             "            pass\n"
             "    os._exit(0)\n")
    verdict = guard.contre_verifier([forge], [("Q4", "tour_joueur1")], limites=RAPIDE)["Q4"]
    assert not verdict["ok"] and "planté" in verdict["message"]


def test_recheck_a_blocking_cell_is_skipped_and_the_rest_is_judged():
    bloque = "import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass\n"
    limites = guard.Limites(delai_cellule=1, delai_question=3)
    verdicts = guard.contre_verifier([bloque, JUSTE_Q4, "import os\nos._exit(0)\n"],
                                     [("Q4", "tour_joueur1")], limites=limites)
    assert verdicts["Q4"]["ok"]
    assert limites.journal == ["la cellule de code n°0 a arrêté ou bloqué la contre-vérification : elle est ignorée",
                               "la cellule de code n°2 a arrêté ou bloqué la contre-vérification : elle est ignorée"]


def test_recheck_refuses_the_reference_processes_and_course_files(tmp_path):
    cours = tmp_path / "cours"
    (cours / "source").mkdir(parents=True)
    (cours / "source" / "corrige.py").write_text("x = 1\n")
    copie = cours / "autograded" / "ana"
    copie.mkdir(parents=True)
    (copie / "donnees.txt").write_text("4\n")
    cellules = [
        "from awale_ref import *\nfrom awale_ref.exam import case_ramassable\n",
        f"def tour_joueur1(jeu):\n    open({str(cours / 'source' / 'corrige.py')!r}).read()\n    return True\n",
        "def deplacer_graines(plateau, case):\n    import subprocess\n    subprocess.run(['true'])\n",
        "def copie(jeu):\n    import ctypes\n    return ctypes.string_at(0)\n",
        "N = int(open('donnees.txt').read())\n",  # the notebook's own folder stays readable
    ]
    verdicts = guard.contre_verifier(cellules + [f"assert N == 4\n{JUSTE_Q4.replace('tour_joueur1', 'tourner')}"],
                                     [("Q4", "tour_joueur1"), ("Q8", "deplacer_graines"), ("Q7", "copie"),
                                      ("Q9", "case_ramassable"), ("Q5", "tourner_plateau")],
                                     repertoire=str(copie), limites=RAPIDE, interdits=[str(cours)])
    assert "lecture interdite pendant la correction" in verdicts["Q4"]["message"]
    assert "subprocess.Popen interdit" in verdicts["Q8"]["message"]
    assert "ctypes" in verdicts["Q7"]["message"]
    assert "vient du paquet de référence awale_ref" in verdicts["Q9"]["message"]
    assert "n'existe pas" in verdicts["Q5"]["message"]
    assert not any(v["ok"] for v in verdicts.values())


def test_recheck_is_deterministic_and_agrees_with_corriger():
    faux = "def case_ramassable(plateau, case):\n    return plateau[case] in (2, 3)\n"
    premier = guard.contre_verifier([faux, JUSTE_Q4], [("Q9", "case_ramassable"), ("Q4", "tour_joueur1")])
    assert premier == guard.contre_verifier([faux, JUSTE_Q4], [("Q9", "case_ramassable"), ("Q4", "tour_joueur1")])
    espace = {"__name__": "__main__"}
    exec(faux, espace)
    with pytest.raises(EchecTest) as info:
        corriger("Q9", espace["case_ramassable"])
    assert premier["Q9"]["message"] == str(info.value) and premier["Q4"]["ok"]


def test_hidden_test_calls_are_read_from_the_restored_test_cells():
    cellule = ('tester("Q8", deplacer_graines, [0] * 12, 4)\n### BEGIN HIDDEN TESTS\n'
               'from awale_ref.grading import corriger\ncorriger("Q8", deplacer_graines)\n### END HIDDEN TESTS\n')
    assert questions_cachees(cellule) == [("Q8", "deplacer_graines")]
    assert questions_cachees("tester('Q4', f, 1)\n") == [] and questions_cachees("def (") == []
