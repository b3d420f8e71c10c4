"""Feedback that never misleads: the testers' cases, in the student's kernel and in self-study.

- a visible test states the statement's example it ran (input, expected,
  obtained) and never rule families or points it did not judge;
- the full check never shows a rule as broken when it was only not earned;
- every call of the student's function has a time limit, with a French
  message naming the call, and a Ctrl-C gives a message, not a traceback.

Student functions are compiled from source with ``__name__ == "__main__"``,
as in a notebook kernel (``tests/test_grading.notebook``).
"""

from __future__ import annotations

import copy
import inspect
import signal
import time

import pytest

from awale_ref.sujets.ccinp_2024.facts import Q18_JEU
from awale_ref.grading.eleve import checks
from awale_ref.grading.eleve.resultat import EchecTest
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.sujets import olympiades_2025_images as correction_images
from awale_ref.sujets.ccinp_2024 import SUJET as CCINP
from awale_ref.sujets.ccinp_2024 import exam
from outils import cellule

tester = CCINP.tester  # not imported by name: pytest would collect it

# The solution of Q19 as the course writes it (awale_ref/sujets/ccinp_2024/cours/partie3_ia.py), to break one line at a time.
NEGAAWALE = inspect.getsource(exam.NegaAwale).split('    """', 2)[0] + inspect.getsource(exam.NegaAwale).split(
    '    """', 2)[2]


def negaawale(remplacer: str, par: str) -> object:
    assert remplacer in NEGAAWALE
    espace = cellule("from awale_ref import tour_suivant, tour_joueur1, gagnant, cases_possibles, gain, max_vals\n"
                      + NEGAAWALE.replace(remplacer, par))
    return espace["NegaAwale"]


def echec_visible(tester_, question: str, fonction, *args) -> str:
    with pytest.raises(EchecTest) as info:
        tester_(question, fonction, *args)
    return str(info.value)


def sans_resume(message: str) -> None:
    """What a visible test never claims: rule families, points, a rule respected."""
    assert "règle(s) sur" not in message and "des points" not in message
    assert "✔" not in message and "Règle «" not in message


# ---------------------------------------------------------------- one example, no claim it did not check
def test_q10_without_the_pit_test_names_the_example_not_rules():
    sans_test = cellule("def ramasser_graines(plateau, case):\n    g = plateau[case]\n    plateau[case] = 0\n"
                         "    return g + ramasser_graines(plateau, case - 1)\n")["ramasser_graines"]
    message = echec_visible(tester, "Q10", sans_test, [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 9)
    sans_resume(message)
    assert "arrêt au camp du joueur" not in message
    assert "entrée  : ramasser_graines(plateau=[1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], case=9)" in message
    assert "attendu : renvoie 8" in message and "obtenu  : l'appel a levé IndexError" in message


def test_q19_with_the_finished_game_test_reversed_names_the_example_not_rules():
    inverse = negaawale("if not tour_suivant(jeu):", "if tour_suivant(jeu):")
    message = echec_visible(tester, "Q19", inverse, Q18_JEU, 1, 0)
    sans_resume(message)
    assert "feuilles" not in message and "limite de profondeur" not in message
    assert "entrée  : NegaAwale(jeu=" in message and "attendu : renvoie 1" in message


def test_olympiades_q5_never_blames_an_input_left_untouched():
    gris = cellule("def passer_en_nb(img):\n    return [[(0, 0, 0) for p in l] for l in img]\n")["passer_en_nb"]
    message = echec_visible(correction_images.tester, "Q5", gris, [[(255, 0, 0), (127, 128, 128), (128, 128, 128)]])
    sans_resume(message)
    assert "non modifiée" not in message
    # The full check states the rules, and the untouched image is not called broken: it only earns nothing.
    spec = correction_images.SUJET.specs["Q5"]
    complet = checks.verifier(spec, gris, spec.cas(), correction_images.SUJET.reference())
    assert "0 règle(s) sur 2" in complet.message
    assert "✘ image reçue non modifiée" not in complet.message
    assert "– image reçue non modifiée (une nouvelle image est renvoyée) : respectée, mais sans point" in complet.message
    assert complet.part == 0


def test_a_passing_example_is_one_line_with_its_result(capsys):
    tester("Q19", exam_negaawale(), Q18_JEU, 2, 0)
    sortie = capsys.readouterr().out
    assert sortie.startswith("✔ NegaAwale(jeu=") and sortie.rstrip().endswith(": renvoie 4")


def exam_negaawale():
    return negaawale("profondeur + 1", "profondeur + 1")


# ---------------------------------------------------------------- a time limit on every student call
def test_q19_without_the_depth_step_stops_in_seconds_with_a_french_message(monkeypatch):
    monkeypatch.setattr(checks, "DELAI_APPEL_S", 2.0)
    sans_pas = negaawale("profondeur + 1", "profondeur")
    debut = time.monotonic()
    message = echec_visible(tester, "Q19", sans_pas, Q18_JEU, 2, 0)
    assert time.monotonic() - debut < 10
    assert "la fonction ne s'arrête pas (récursion sans fin ?)" in message and "plus de 2 s" in message
    assert "entrée  : NegaAwale(jeu=" in message and "Pour le reproduire : NegaAwale(" in message
    assert "Traceback" not in message and "checks.py" not in message
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # the alarm is put back


def test_an_endless_loop_that_catches_everything_still_stops(monkeypatch):
    monkeypatch.setattr(checks, "DELAI_APPEL_S", 1.0)
    tetu = cellule("def tour_joueur1(jeu):\n    while True:\n        try:\n            while True:\n"
                    "                pass\n        except BaseException:\n            pass\n")["tour_joueur1"]
    debut = time.monotonic()
    message = echec_visible(tester, "Q4", tetu, exam.initialisation("A", "B"))
    assert time.monotonic() - debut < 10
    assert "la fonction ne s'arrête pas" in message


def test_q21_a_game_that_never_ends_stops_in_seconds(monkeypatch):
    monkeypatch.setattr(checks, "DELAI_APPEL_S", 1.0)
    sans_fin = cellule("from awale_ref import initialisation, tour_jeu, gagnant\n"
                        "def awale_ia(nom_joueur1, nom_joueur2):\n    jeu = initialisation(nom_joueur1, nom_joueur2)\n"
                        "    jeu_continue = True\n    while jeu_continue:\n        case_choisie = NegaAwale(jeu, 6, 0)\n"
                        "    return gagnant(jeu)\n")["awale_ia"]
    debut = time.monotonic()
    message = echec_visible(tester, "Q21", sans_fin)
    assert time.monotonic() - debut < 10
    assert "Q21 — awale_ia(\"Alice\", \"Bob\") : la fonction ne s'arrête pas (récursion sans fin ?)" in message


def test_endless_recursion_has_the_same_message():
    rec = cellule("def tour_joueur1(jeu):\n    return tour_joueur1(jeu)\n")["tour_joueur1"]
    assert "la fonction ne s'arrête pas (récursion sans fin ?)" in echec_visible(
        tester, "Q4", rec, exam.initialisation("A", "B"))


def test_a_cpu_time_limit_counts_work_not_waiting():
    """``temps_cpu``: the limit of the package's tries (``pipeline.essai_paquet``), which a loaded machine must
    not shorten: a call that waits is not stopped, a call that computes is, and both timers are put back."""
    from awale_ref.grading.executant import observations

    def attend():
        time.sleep(0.6)
        return 1

    def calcule():
        while True:
            pass

    assert observations.evaluer_cas("renvoie", attend, (), observations.Garde(), delai=0.3, temps_cpu=True)["obs"]["renvoie"] == 1
    assert observations.evaluer_cas("renvoie", calcule, (), observations.Garde(), delai=0.3, temps_cpu=True) == {
        "trop_long": 0.3}
    assert observations.evaluer_cas("renvoie", attend, (), observations.Garde(), delai=0.3) == {"trop_long": 0.3}
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0) == signal.getitimer(signal.ITIMER_REAL)
    assert signal.getsignal(signal.SIGPROF) == signal.SIG_DFL


def test_self_study_check_stops_an_endless_call_in_seconds_with_the_call(monkeypatch):
    sans_pas = negaawale("profondeur + 1", "profondeur")
    monkeypatch.setenv("AWALE_CORRECTION", "")
    debut = time.monotonic()
    with pytest.raises(EchecTest) as info:
        CCINP.corriger("Q19", sans_pas)
    assert time.monotonic() - debut < checks.DELAI_APPEL_S + 20  # the clean process's own limit is 60 s
    message = str(info.value)
    assert "la fonction ne s'arrête pas (récursion sans fin ?)" in message and "Pour le reproduire : NegaAwale(" in message


def test_ctrl_c_during_a_visible_test_gives_a_message_not_a_traceback():
    """The Ctrl-C arrives while the student's function runs (it sends it itself, then loops: a timer could fire
    before the call on a loaded machine)."""
    boucle = cellule("import os, signal\n"
                     "def tour_joueur1(jeu):\n    os.kill(os.getpid(), signal.SIGINT)\n    while True:\n        pass\n"
                     )["tour_joueur1"]
    message = echec_visible(tester, "Q4", boucle, exam.initialisation("A", "B"))
    assert "test interrompu" in message


def test_no_time_limit_in_the_grading_kernel(monkeypatch):
    """While a submission is graded the kernel's cell limit applies (and restarts the kernel): no alarm here."""
    monkeypatch.setenv("AWALE_CORRECTION", "juge")
    vus = []
    monkeypatch.setattr(checks.observations, "evaluer_cas",
                        lambda *a, **k: vus.append(a[4] if len(a) > 4 else k.get("delai")) or {"obs": None})
    with pytest.raises(EchecTest):
        tester("Q4", cellule("def tour_joueur1(jeu):\n    return 1\n")["tour_joueur1"], exam.initialisation("A", "B"))
    assert vus == [None]


# ---------------------------------------------------------------- the board survives every HTML sanitiser
def test_the_course_config_renders_the_board_as_a_table_in_every_page():
    """The course's HTMLExporter settings (the feedback's and the formgrader's) keep the board's table; nbconvert's
    own filter escaped it. The autograde's SanitizeHTML keeps it too, and still drops a script."""
    from pathlib import Path

    import nbformat
    from nbconvert import HTMLExporter
    from nbconvert.filters.strings import clean_html
    from nbconvert.preprocessors.sanitize import SanitizeHTML
    from traitlets.config.loader import PyFileConfigLoader

    from awale_ref.sujets.ccinp_2024.presentation import dessin_html
    from pipeline.autograde.verdicts import sorties_du_verdict

    racine = Path(__file__).resolve().parent.parent
    config = PyFileConfigLoader("nbgrader_config.py", path=str(racine)).load_config()
    verdict = Resultat(False, "Q8 — deplacer_graines : un cas ne donne pas le résultat attendu.", 1, 0.0, [],
                              {"appel": "deplacer_graines([0, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0], 4)",
                               "plateau": [0, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0],
                               "presentation": "awale_ref.sujets.ccinp_2024.presentation"})
    cellule = nbformat.v4.new_code_cell("tester('Q8', deplacer_graines, [0] * 12, 4)")
    cellule.outputs = sorties_du_verdict([verdict], 3.0) + [nbformat.v4.new_output(
        "display_data", data={"text/html": "<b>gras</b><script>document.title='PIRATE'</script>"})]
    nb = nbformat.v4.new_notebook(cells=[cellule])
    nb, _ = SanitizeHTML(config=config).preprocess(nb, {})
    html = HTMLExporter(config=config).from_notebook_node(nb)[0]
    assert '<table class="awale-plateau">' in html and "<td>12</td>" in html
    assert "&lt;th&gt;" not in html and "&lt;p&gt;" not in html and "&lt;tbody&gt;" not in html
    assert "<script>document.title" not in html and "<b>gras</b>" in html
    assert "&lt;tbody&gt;" in clean_html(dessin_html([0] * 12, "f()"))  # what nbconvert's own filter did
    # the formgrader's page draws the same table
    page = _page_du_formgrader(nb, config)
    assert '<table class="awale-plateau">' in page and "<td>12</td>" in page and "&lt;th&gt;" not in page


def _page_du_formgrader(nb, config) -> str:
    """The formgrader's page of the graded notebook ``nb``: its template ("formgrade", which nbgrader's formgrader
    sets before the course's config, whose template folders come first)."""
    from nbconvert import HTMLExporter

    config = copy.deepcopy(config)
    config.HTMLExporter.template_name = "formgrade"
    ressources = {"assignment_id": "partie2_structure", "notebook_id": "partie2_structure", "submission_id": "x",
                  "index": 0, "total": 1, "base_url": "", "student": "e", "last_name": "", "first_name": "",
                  "notebook_path": "x.ipynb"}  # what nbgrader's SubmissionHandler gives
    return HTMLExporter(config=config).from_notebook_node(nb, resources=ressources)[0]


# dessin_html([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], "f('<x>' & 1)") as string concatenation drew it, before the
# template
PLATEAU_AVANT_LES_GABARITS = (
    '<div class="awale-contre-exemple"><p><strong>Plus petit cas qui échoue</strong> (camp adverse en haut, joueur '
    'qui joue en bas, numéros des cases autour)</p><table class="awale-plateau"><thead><tr><th>11</th><th>10</th>'
    '<th>9</th><th>8</th><th>7</th><th>6</th><th></th></tr></thead><tbody><tr><td>1</td><td>0</td><td>1</td>'
    '<td>0</td><td>1</td><td>2</td><td class="awale-rangee">camp adverse</td></tr><tr><td>0</td><td>0</td>'
    '<td>2</td><td>0</td><td>16</td><td>5</td><td class="awale-rangee">joueur qui joue</td></tr></tbody><tfoot>'
    '<tr><th>0</th><th>1</th><th>2</th><th>3</th><th>4</th><th>5</th><th></th></tr></tfoot></table><p>Pour le '
    'reproduire : <code>f(&#x27;&lt;x&gt;&#x27; &amp; 1)</code></p></div>')


def test_the_board_from_its_template_is_the_one_drawn_before_and_escapes_every_value():
    """The same tags and text as before (whitespace between tags and the spelling of an entity aside),
    and now a value of the board is escaped too (it was written as it came)."""
    import html
    import re

    from awale_ref.sujets.ccinp_2024.presentation import dessin_html

    def lu(page: str) -> str:
        return html.unescape(re.sub(r">\s+<", "><", page))

    assert lu(dessin_html([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], "f('<x>' & 1)")) == lu(PLATEAU_AVANT_LES_GABARITS)
    assert "<td>&lt;b&gt;</td>" in dessin_html(["<b>"] * 12, "f()")


def test_the_summary_page_keeps_a_rule_that_earned_nothing_as_such():
    import nbformat

    from pipeline.bulletins import points_du_retour
    from pipeline.autograde.verdicts import sorties_du_verdict

    gris = cellule("def passer_en_nb(img):\n    return [[(0, 0, 0) for p in l] for l in img]\n")["passer_en_nb"]
    spec = correction_images.SUJET.specs["Q5"]
    notee = nbformat.v4.new_code_cell("")
    notee.outputs = sorties_du_verdict([checks.verifier(spec, gris, spec.cas()[:30])], 1.0)
    points = points_du_retour(notee)
    assert "✘ pixels : seuil sur la moyenne des trois niveaux" in points
    assert any(p.startswith("– image reçue non modifiée") for p in points)
    assert not any(p.startswith("✘ image reçue") for p in points)


def test_the_summary_pages_escape_names_comments_and_verdicts(tmp_path, monkeypatch):
    """The students' pages come from a template with autoescape; a name, a comment or a verdict line
    holding markup shows as text, the teacher's section only on the teacher's page."""
    from types import SimpleNamespace

    from pipeline import bulletins

    monkeypatch.setattr(bulletins, "_retours", lambda racine, eleve, a: {"q8_tests": ["✘ <b>règle</b>"]})
    ligne = dict(eleve="dupont_zoe", prenom="Zoé <i>", nom="D'Argent & fils", statut="provisoire", note_sur_20=12.5,
                 points_total=25.5, max_total=40, points_auto=20, points_manuels=5.5, penalite_retard=1.0,
                 partie2="non rendu")
    notes = [SimpleNamespace(eleve="dupont_zoe", question=q, score=s, max_score=3, assignment="partie2",
                             grade_id=f"{q.lower()}_tests") for q, s in (("Q8", 1), ("Q10", None))]
    pages = bulletins.ecrire_fiches(tmp_path, tmp_path, [ligne], notes, {"partie2": (18.0, 2.0)},
                                    {("dupont_zoe", "partie2", "q10_tests"): "<script>x()</script>"}, "Awalé",
                                    {"dupont_zoe": "<h2>Section de l'enseignant</h2>"})
    enseignant, a_envoyer = (p.read_text(encoding="utf-8") for p in sorted(pages, key=lambda p: "a_envoyer" in str(p)))
    for page in (enseignant, a_envoyer):
        assert "Zoé &lt;i&gt; D&#39;Argent &amp; fils" in page and "<pre>✘ &lt;b&gt;règle&lt;/b&gt;</pre>" in page
        assert "&lt;script&gt;x()&lt;/script&gt;" in page and "<script>" not in page
        assert '<td class="n">non rendu</td><td class="n">20</td>' in page and "retard −1)" in page
    assert "<h2>Section de l'enseignant</h2>" in enseignant and "Section" not in a_envoyer


def test_a_graded_test_cell_keeps_the_students_prints_and_no_kernel_verdict():
    import nbformat

    from pipeline.autograde.verdicts import sorties_hors_verdict

    sorties = [nbformat.v4.new_output("stream", name="stdout", text="✔ tour_joueur1(jeu=…) : renvoie True\ncoucou\n"),
               nbformat.v4.new_output("stream", name="stderr", text="attention\n"),
               nbformat.v4.new_output("error", ename="EchecTest", evalue="Q8 — …", traceback=[]),
               nbformat.v4.new_output("stream", name="stdout", text="Tests cachés de Q8 : jugés par le correcteur\n"),
               nbformat.v4.new_output("error", ename="NoyauArrete", evalue="cellule interrompue", traceback=[]),
               nbformat.v4.new_output("execute_result", data={"text/plain": "3"}, execution_count=1)]
    gardees = sorties_hors_verdict(sorties)
    assert [o.output_type for o in gardees] == ["stream", "stream", "stream", "display_data"]
    assert [o.get("text") for o in gardees[:3]] == ["coucou\n", "attention\n", "[Noyau Python : cellule interrompue]\n"]


def test_a_verdict_line_cut_from_its_end_of_line_by_the_kernels_flush_leaves_nothing_behind():
    """The kernel flushes its streams on a timer: ``print`` may reach the notebook as the line, then its end of line,
    in two outputs.  Read as one text, the verdict line goes whole, and no lone end of line is kept."""
    import nbformat

    from pipeline.autograde.verdicts import sorties_hors_verdict

    coupees = [nbformat.v4.new_output("stream", name="stdout", text="coucou\n✔ tour_joueur1(jeu=…) : renvoie True"),
               nbformat.v4.new_output("stream", name="stdout", text="\n"),
               nbformat.v4.new_output("stream", name="stderr", text="Tests cachés de Q8"),
               nbformat.v4.new_output("stream", name="stderr", text=" : jugés par le correcteur\nfin\n")]
    assert [(o.name, o.text) for o in sorties_hors_verdict(coupees)] == [("stdout", "coucou\n"), ("stdout", "fin\n")]


def test_the_judge_names_the_error_seen_before_its_time_limit():
    """A memory bomb raises MemoryError at every case, slowly: the question's time limit ends it, and the
    verdict says what the cases already raised (sandbox on, as in grading)."""
    from awale_ref.grading.correcteur import juge

    bombe = "def deplacer_graines(plateau, case):\n    tas = []\n    while True:\n        tas.append('x' * 10 ** 8)\n"
    limites = juge.Limites(5, 4, 512 * 1024 ** 2)  # MemoryError comes sooner: seen before the limit even under load
    verdict = juge.juger_notebook([juge.CelluleDeCode(0, bombe), juge.CelluleDeCode(1, questions=[("Q8", "deplacer_graines")])],
                                  True, limites, sujet=CCINP)["Q8"]
    assert not verdict.ok
    assert "MemoryError" in verdict.message and ("dépassé 4 s" in verdict.message or "règle(s)" in verdict.message)


def _cellule_de_tests(assignment: str, grade_id: str) -> str:
    import nbformat

    from pipeline.build import RACINE

    nb = nbformat.read(RACINE / "release" / assignment / f"{assignment}.ipynb", as_version=4)
    return next(c.source for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def test_a_failing_example_does_not_hide_the_next_ones_and_the_cell_still_fails(tmp_path):
    """Q8's test cell (four examples) with a sowing that does not skip the origin pit: only the first example
    (16 seeds, one lap) fails; the three after it are still run and reported ✔, and the cell ends with one
    verdict block naming the failing example (the cell raises: nbgrader's self-check gives it 0)."""
    import nbformat
    from pipeline.client_noyau import ClientNotebook
    from nbclient.exceptions import CellExecutionError

    cellule = _cellule_de_tests("partie2_structure", "q8_tests")
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("from awale_ref.sujets.ccinp_2024 import tester"),
        nbformat.v4.new_code_cell("def deplacer_graines(plateau, case):\n    graines = plateau[case]\n"
                                  "    plateau[case] = 0\n    for k in range(1, graines + 1):\n"
                                  "        plateau[(case + k) % 12] += 1\n    return (case + graines) % 12\n"),
        nbformat.v4.new_code_cell(cellule)])
    client = ClientNotebook(nb, tmp_path, timeout=120)
    with pytest.raises(CellExecutionError):
        client.execute()
    sorties = nb.cells[2].outputs
    texte = "".join(o.get("text", "") for o in sorties if o.output_type == "stream")
    erreurs = [o for o in sorties if o.output_type == "error"]
    assert cellule.count("tester(") == 4
    assert texte.count("✔ deplacer_graines") == 3 and "✘ exemple n° 1" in texte, texte
    assert len(erreurs) == 1 and erreurs[0].ename == "EchecTest", sorties
    message = "\n".join(erreurs[0].traceback)
    assert "1 exemple sur 4 échoue ; 3 réussis." in message
    assert "Exemple n° 1 — Q8 — deplacer_graines" in message and "[0, 0, 2, 0, 16" in message
    assert "corriger" not in message and "Traceback" not in message  # the French verdict only


# ---------------------------------------------------------------- the feedback page as written
def _page_de_retour(nb, formgrader: bool = False) -> str:
    """``nb`` through the course's autograde sanitiser, then rendered by the exporter of nbgrader's
    ``GenerateFeedback`` with the course's config, without a gradebook (the scores given in ``resources``);
    ``formgrader``: the formgrader's page instead."""
    from pathlib import Path

    from nbconvert.preprocessors.sanitize import SanitizeHTML
    from traitlets.config.loader import PyFileConfigLoader
    from traitlets.utils.importstring import import_item

    config = PyFileConfigLoader("nbgrader_config.py", path=str(Path(__file__).resolve().parent.parent)).load_config()
    nettoyeurs = [import_item(nom) for nom in config.Autograde.autograde_preprocessors if isinstance(nom, str)]
    nettoyeur = next(classe for classe in nettoyeurs if issubclass(classe, SanitizeHTML))
    nb, _ = nettoyeur(config=config).preprocess(nb, {})
    if formgrader:
        return _page_du_formgrader(nb, config)
    from nbgrader.converters import GenerateFeedback

    generer = GenerateFeedback(config=config)  # sets the template "feedback" and its stylesheet's folder
    exportateur = generer.exporter_class(parent=generer, config=generer.config)
    ressources = {"nbgrader": {"notebook": "othello", "score": 1.0, "max_score": 2.0, "late_penalty": 0}}
    return exportateur.from_notebook_node(nb, resources=ressources)[0]


def test_the_feedback_shows_a_statements_inline_code_as_written_and_a_script_as_text():
    """The autograde's sanitiser cleaned the Markdown's source as HTML (``n >= 1`` became ``n &gt;= 1``), then the
    page's Markdown renderer escaped the code span again: the student read ``&gt;``.  Now the Markdown is cleaned
    once, rendered; a script in it is still shown as text, never run."""
    import nbformat

    enonce = nbformat.v4.new_markdown_cell("Pour `n >= 1` et `a < b` : `p[x][y] & 1`. <script>document.title='X'</script>")
    for formgrader in (False, True):  # the student's page, the teacher's
        page = _page_de_retour(nbformat.v4.new_notebook(cells=[copy.deepcopy(enonce)]), formgrader)
        assert "<code>n &gt;= 1</code>" in page and "<code>a &lt; b</code>" in page
        assert "<code>p[x][y] &amp; 1</code>" in page
        assert "&amp;gt;" not in page and "&amp;lt;" not in page and "&amp;amp;" not in page
        assert "<script>document.title" not in page and "&lt;script&gt;document.title" in page


def test_the_feedback_names_a_widget_and_speaks_french():
    """A widget's output (its view needs a kernel) shows a French sentence, never its repr (``VBox(children=(…``
    with its markup); nbgrader's labels are French, its structure kept (the panels, the table of contents)."""
    import nbformat

    from pipeline.html_permis import PHRASE_WIDGET

    widget = nbformat.v4.new_code_cell("Plateau()", metadata={"nbgrader": {
        "grade": False, "solution": False, "locked": True, "grade_id": "plateau", "schema_version": 3}})
    widget.outputs = [nbformat.v4.new_output("display_data", data={
        "text/plain": "VBox(children=(HTML(value='<style>.awale{}</style>'),))",
        "application/vnd.jupyter.widget-view+json": {"model_id": "1", "version_major": 2, "version_minor": 0}})]
    reponse = nbformat.v4.new_code_cell("x = 1", metadata={"nbgrader": {
        "grade": True, "solution": True, "locked": False, "grade_id": "q1_x", "points": 2, "score": 1.0,
        "comment": "No response.", "schema_version": 3}})
    page = _page_de_retour(nbformat.v4.new_notebook(cells=[widget, reponse]))
    assert "VBox(" not in page and "&lt;style&gt;" not in page and PHRASE_WIDGET in page
    assert "Votre réponse" in page and "Note : 1.0 / 2.0" in page and "Pas de réponse." in page
    assert 'class="panel panel-primary nbgrader_cell"' in page and 'id="toc"' in page and '<html lang="fr">' in page
    for anglais in ("Student's answer", "Grade cell", "Score:", "(Top)", "No response.", "Comments:"):
        assert anglais not in page, anglais


@pytest.mark.parametrize("formgrader", [False, True], ids=["retour", "formgrader"])
def test_the_feedback_prompts_are_french(formgrader):
    """nbconvert's « In [3]: » and « Out[3]: » beside a code cell and its value read « Entrée [3] : » and
    « Sortie [3] : » on the student's page and on the formgrader's view of the copy."""
    import nbformat

    calcul = nbformat.v4.new_code_cell("1 + 1", execution_count=3)
    calcul.outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": "2"}, execution_count=3)]
    jamais = nbformat.v4.new_code_cell("x = 2")  # never run: no count
    page = _page_de_retour(nbformat.v4.new_notebook(cells=[calcul, jamais]), formgrader).replace("&nbsp;", "\xa0")
    assert "Entrée\xa0[3]\xa0:" in page and "Sortie\xa0[3]\xa0:" in page and "Entrée\xa0[\xa0]\xa0:" in page
    assert "In\xa0[" not in page and "Out[" not in page


def test_every_picture_of_a_feedback_page_is_described_in_french():
    """A failing case drawn as a picture (the Olympiades' expected image beside the obtained one) and the figures a
    student's notebook shows (the Olympiades' images, a game tree) are described in French on the feedback page,
    as their ``alt``: « Dessin : … », never nbconvert's English « No description has been provided »."""
    import base64
    import html
    import re

    import nbformat
    from IPython.core.interactiveshell import InteractiveShell

    from awale_ref import tree
    from awale_ref.sujets.olympiades_2025_images.dessins import figure_images
    from pipeline.autograde.verdicts import sorties_du_verdict

    cas = {"appel": "decompresse_image(2, [0, 2, 2])", "images": {"attendue": [[0, 1], [1, 0]], "obtenue": [[0, 1]]},
           "presentation": "awale_ref.sujets.olympiades_2025_images.presentation"}
    verdict = nbformat.v4.new_code_cell("tester('Q12', decompresse_image)")
    verdict.outputs = sorties_du_verdict([Resultat(False, "Q12 — decompresse_image : un cas ne donne pas le résultat "
                                                          "attendu.", 1, 0.0, [], cas)], 1.0)
    formateur = InteractiveShell.instance().display_formatter
    figures = nbformat.v4.new_code_cell("montrer(img1, img2, titres=['img1', 'img2'])")
    arbre = tree.FigureArbre(figsize=(2, 1))
    arbre.suptitle("Graphe du jeu")
    for figure in (figure_images([[0, 1], [1, 0]], [[(255, 0, 0)]], titres=["img1", "img2"]), arbre):
        donnees, meta = formateur.format(figure)  # as the kernel shows it, then encodes the picture
        figures.outputs.append(nbformat.v4.new_output("display_data", metadata=meta, data={
            **donnees, "image/png": base64.b64encode(donnees["image/png"]).decode("ascii")}))
    page = _page_de_retour(nbformat.v4.new_notebook(cells=[verdict, figures]))
    alts = [html.unescape(a) for a in re.findall(r'<img[^>]*\salt="([^"]*)"', page)]
    assert len(re.findall(r"<img\b", page)) == len(alts) == 3, alts
    assert all(a.startswith("Dessin : ") for a in alts) and "No description" not in page, alts
    assert alts[0].startswith("Dessin : cas qui échoue — Image attendue"), alts
    assert "img1" in alts[1] and "img2" in alts[1] and alts[2] == "Dessin : Graphe du jeu", alts
