"""The judge's side of grading, alone: exact data across the boundary, what the runner is given, the hidden library.

The whole class through the real ``nbgrader autograde`` is in ``test_hostile.py``.
"""

from __future__ import annotations

import ast
import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awale_ref.grading.correcteur import bac_a_sable
from awale_ref.grading.correcteur import juge
from awale_ref.grading.executant import encodage, messages
from awale_ref.sujets.ccinp_2024 import SUJET as CCINP
from awale_ref.sujets.ccinp_2024 import library

RACINE = Path(__file__).resolve().parent.parent

SIMPLES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda enfants: (st.lists(enfants, max_size=4) | st.tuples(enfants, enfants)
                     | st.dictionaries(st.text(max_size=8), enfants, max_size=4)
                     | st.dictionaries(st.integers(), enfants, max_size=4)),
    max_leaves=25)


@settings(max_examples=300, deadline=None)
@given(SIMPLES)
def test_plain_data_crosses_unchanged_with_its_exact_types(valeur):
    recu = encodage.decoder(json.loads(json.dumps(encodage.encoder(valeur))))
    assert recu == valeur
    assert repr(recu) == repr(valeur)  # tuples stay tuples, bools stay bools, int keys stay ints


class EntierMenteur(int):
    def __eq__(self, autre):
        return True

    __hash__ = int.__hash__


class DictMenteur(dict):
    def __eq__(self, autre):
        return True


@pytest.mark.parametrize("objet", [EntierMenteur(3), DictMenteur(a=1), [1, EntierMenteur(2)], (object(),),
                                   {"x": type("Toujours", (), {"__eq__": lambda s, o: True})()}])
def test_any_other_object_is_refused_never_compared(objet):
    with pytest.raises(encodage.ObjetRefuse) as info:
        encodage.decoder(json.loads(json.dumps(encodage.encoder(objet))))
    assert "seules des valeurs simples" in str(info.value)


@pytest.mark.parametrize("forge", [{"__objet__": "x", "y": 1}, {"__tuple__": 3}, {"__dict__": [[1]]},
                                   {"__dict__": [[[1], 2]]}])
def test_malformed_data_from_the_runner_is_refused_or_plain(forge):
    try:
        valeur = encodage.decoder(forge)
    except encodage.ObjetRefuse:
        return
    assert type(valeur) is dict  # a plain dict of plain data, nothing else


def test_the_runner_never_gets_the_graded_functions():
    etapes = [juge.CelluleDeCode(0, "x = 1"), juge.CelluleDeCode(1, questions=[("Q8", "deplacer_graines"), ("Q4", "tour_joueur1")])]
    reference_non_notee = juge.CorrectionDuNotebook(etapes, sujet=CCINP).reference_non_notee
    noms = {n.name for n in ast.parse(reference_non_notee).body if isinstance(n, ast.FunctionDef)}
    assert "deplacer_graines" not in noms and "tour_joueur1" not in noms and "initialisation" in noms
    plan = juge.CorrectionDuNotebook(etapes, sujet=CCINP).planifier("Q8", "deplacer_graines", 1)
    ordre = messages.en_donnees(plan.ordre)  # what crosses: the inputs, nothing of what is expected
    assert "def deplacer_graines" not in ordre["reference"] and "def test_famine" in ordre["reference"]
    assert encodage.deballer_cas(ordre["cas"]) == plan.cas
    assert not {"attendus", "memo", "raisons", "introuvable"} & set(ordre)


def test_a_forbidden_call_the_source_check_missed_is_still_trapped_at_run_time(monkeypatch):
    """Defence in depth: were the source check dodged (``tests/test_contraintes.py``), the runner's traps
    still refuse the call, whatever name reaches it."""
    from awale_ref.grading.eleve import contraintes

    monkeypatch.setattr(contraintes, "violation", lambda *args, **kwargs: None)
    code = "import copy\nf = getattr(copy, 'deep' + 'copy')\ndef copie(jeu):\n    return f(jeu)\n"
    verdict = juge.juger_notebook([juge.CelluleDeCode(0, code), juge.CelluleDeCode(1, questions=[("Q7", "copie")])], sujet=CCINP)["Q7"]
    assert not verdict.ok and "deepcopy, interdite par l'énoncé" in verdict.message


def test_a_tampered_hidden_library_is_never_used(tmp_path, monkeypatch):
    monkeypatch.setenv("AWALE_CACHE", str(tmp_path))
    construites = []

    def construire(chemin, seed):  # a small library, fast: the checksum logic is what is tested
        construites.append(seed)
        base = sqlite3.connect(chemin)
        base.execute("CREATE TABLE Joueur (id_Joueur INTEGER)")
        base.execute("INSERT INTO Joueur VALUES (?)", (seed,))
        base.commit()
        base.close()

    monkeypatch.setattr(library, "construire_bibliotheque", construire)
    chemin = library.chemin_verifie(1712)
    assert construites == [1712] and oct(chemin.stat().st_mode & 0o777) == "0o444"
    assert library.chemin_verifie(1712) == chemin and construites == [1712]  # verified, not rebuilt
    chemin.chmod(0o644)
    with sqlite3.connect(chemin) as base:  # poisoned behind the grader's back
        base.execute("UPDATE Joueur SET id_Joueur = 0")
    library.chemin_verifie(1712)
    assert construites == [1712, 1712]
    with sqlite3.connect(f"{chemin.as_uri()}?mode=ro", uri=True) as base:
        assert base.execute("SELECT id_Joueur FROM Joueur").fetchall() == [(1712,)]


def _questions_echantillon() -> list[tuple[str, str]]:
    """Two function questions of each subject, the first and the last (module, question)."""
    from awale_ref.grading.registre import catalogue

    return [(sujet.module_correction, q) for sujet in catalogue.tous() if sujet.specs
            for q in dict.fromkeys([next(iter(sujet.specs)), list(sujet.specs)[-1]])]


@pytest.mark.parametrize("module, question", _questions_echantillon())
def test_a_questions_cases_read_from_the_graders_cache_are_those_computed(module, question, tmp_path, monkeypatch):
    """``plan.cas_et_attendus`` computes a question's cases, packed cases and expected answers once for the
    machine's grader: a second process (the function without its per-process cache) reads them from the cache
    (nothing computed), equal to those computed; the memo is each process's own.  The cases and their packing are
    those of a computation of its own (a reference drawing at random, such as a game's, may expect other answers
    at each computation, which its spec accepts: the cache keeps the first)."""
    from awale_ref.grading.correcteur import plan

    monkeypatch.setenv("AWALE_CACHE", str(tmp_path))
    calcule = plan._calculer_cas(module, question, ())
    premier = plan.cas_et_attendus.__wrapped__(module, question)
    monkeypatch.setattr(plan, "_calculer_cas", lambda *a: pytest.fail("computed again, not read from the cache"))
    lu = plan.cas_et_attendus.__wrapped__(module, question)
    assert lu[:3] == premier[:3] and list(lu[:2]) == list(calcule[:2]) and calcule[0]
    assert lu[3] == {} and lu[3] is not premier[3]
    (fichier,) = (tmp_path / plan.DOSSIER_CAS).rglob("*.pickle")
    assert oct(fichier.stat().st_mode & 0o777) == "0o600" and oct(fichier.parent.stat().st_mode & 0o777) == "0o700"


def test_cached_cases_changed_behind_the_graders_back_or_of_another_code_are_computed_again(tmp_path, monkeypatch):
    """A cached question's file whose SHA-256 no longer matches is computed again (never unpickled), so is a
    question of another version of the course's package (its fingerprint names the folder); a version's folder
    not used for ``cache.GARDE_S`` is removed; a cache folder others may enter is neither read nor written."""
    from awale_ref import cache
    from awale_ref.grading.correcteur import plan

    monkeypatch.setenv("AWALE_CACHE", str(tmp_path))
    calculs = []
    monkeypatch.setattr(plan, "_calculer_cas", lambda *a: calculs.append(a) or ([(1,)], "x", [{"r": 1}]))
    assert plan.cas_et_attendus.__wrapped__("m", "Q1")[:3] == ([(1,)], "x", [{"r": 1}])
    assert plan.cas_et_attendus.__wrapped__("m", "Q1")[:3] == ([(1,)], "x", [{"r": 1}]) and len(calculs) == 1
    (fichier,) = (tmp_path / plan.DOSSIER_CAS).rglob("*.pickle")
    fichier.write_bytes(b"cos\nsystem\n(S'echo pwned'\ntR.")  # a pickle that runs a command, if loaded
    assert plan.cas_et_attendus.__wrapped__("m", "Q1")[:3] == ([(1,)], "x", [{"r": 1}]) and len(calculs) == 2
    monkeypatch.setattr(plan, "_empreinte_du_code", lambda: "une autre version")
    plan.cas_et_attendus.__wrapped__("m", "Q1")
    assert len(calculs) == 3 and len(list((tmp_path / plan.DOSSIER_CAS).rglob("*.pickle"))) == 2
    ancien = fichier.parent
    os.utime(ancien, (0, 0))  # the first version, not used for a long time: removed at the next process's start
    plan.cas_et_attendus.__wrapped__("m", "Q1")
    assert len(calculs) == 3 and not ancien.exists()
    dossier = tmp_path / plan.DOSSIER_CAS / "une autre version"
    dossier.chmod(0o755)
    assert cache.dossier_prive(f"{plan.DOSSIER_CAS}/une autre version") is None
    plan.cas_et_attendus.__wrapped__("m", "Q1")
    assert len(calculs) == 4


def test_a_query_crosses_as_text_and_runs_in_the_judges_own_process_started_once(monkeypatch):
    """The runner never sees the hidden library (nothing ``.sqlite`` is mounted in its sandbox: a cell that finds
    one would spoil Q22's query); the judge's SQL process, started once for the notebook and only when it has
    a query to run, mounts that file alone and runs each query's text; an answer that is no query keeps its
    message."""
    from awale_ref.grading.correcteur import lancement

    base = CCINP.fichier_du_juge({"Q22"})
    demarres = []
    original = lancement.Executant.__init__

    def compter(self, demarrage, sandbox, limites, arguments=(), **options):
        demarres.append((tuple(arguments), list(sandbox.lecture)))
        original(self, demarrage, sandbox, limites, arguments, **options)

    monkeypatch.setattr(lancement.Executant, "__init__", compter)
    cellule = ("montes = [l.split()[4] for l in open('/proc/self/mountinfo')]\n"
               "Q22 = 'SELECT 1' if any(m.endswith('.sqlite') for m in montes) else "
               "'SELECT id_Joueur FROM Joueur WHERE niveau > 1900'\n"
               "Q23, Q24 = 42, ...\n")
    etapes = [juge.CelluleDeCode(0, cellule),
              juge.CelluleDeCode(1, questions=[("Q22", "Q22"), ("Q23", "Q23"), ("Q24", "Q24")])]
    verdicts = juge.juger_notebook(etapes, base_sql=base, sujet=CCINP)
    assert verdicts["Q22"].ok and "requête exacte" in verdicts["Q22"].message
    assert "pas un objet de type int" in verdicts["Q23"].message
    assert "réponse pas encore donnée" in verdicts["Q24"].message
    assert [a for a, _ in demarres] == [(), ("--sql",)]  # one runner, one SQL process
    assert demarres[0][1] == bac_a_sable.lecture("executant") and demarres[1][1] == bac_a_sable.lecture(
        "sql", base_cachee=base)  # the runner: its folder and its bytecode only; the SQL process: those and the base
    demarres.clear()
    sans_sql = [juge.CelluleDeCode(0, "Q22 = 1"), juge.CelluleDeCode(1, questions=[("Q22", "Q22")])]
    assert "pas un objet de type" in juge.juger_notebook(sans_sql, base_sql=base, sujet=CCINP)["Q22"].message
    assert [a for a, _ in demarres] == [()]  # no query to run: no SQL process


def test_the_judge_started_beside_the_kernel_gives_the_same_verdicts_and_judges_again_if_the_cells_changed(
        tmp_path, monkeypatch):
    """VerdictsDesTestsCachesAnticipes (before the kernel) then VerdictsDesTestsCaches (after it): one judging,
    the same outputs as judging after the kernel; a notebook whose cells changed in between is judged again, on
    its new cells."""
    import copy

    import nbformat

    from pipeline.autograde import jugement as preprocessors
    from pipeline.autograde.ressources import CLE_ANTICIPE

    source = nbformat.read(RACINE / "source" / "partie2_structure" / "partie2_structure.ipynb", as_version=4)
    appels = []
    vrai = juge.juger_notebook
    monkeypatch.setattr(juge, "juger_notebook", lambda *a, **k: appels.append(1) or vrai(*a, **k))

    def ressources():
        return {"nbgrader": {"student": "eleve", "notebook": "partie2_structure"}, "metadata": {"path": str(tmp_path)}}

    def sorties(nb):
        return [c.outputs for c in nb.cells if c.cell_type == "code"]

    apres, _ = preprocessors.VerdictsDesTestsCaches(bac_a_sable=False).preprocess(copy.deepcopy(source), ressources())
    assert len(appels) == 1 and any("Correction" in str(o) for o in sorties(apres))

    nb, res = copy.deepcopy(source), ressources()
    preprocessors.VerdictsDesTestsCachesAnticipes(bac_a_sable=False).preprocess(nb, res)
    assert CLE_ANTICIPE in res  # judging has started, in its thread
    anticipe, _ = preprocessors.VerdictsDesTestsCaches(bac_a_sable=False).preprocess(nb, res)
    assert len(appels) == 2 and sorties(anticipe) == sorties(apres)

    nb, res = copy.deepcopy(source), ressources()
    preprocessors.VerdictsDesTestsCachesAnticipes(bac_a_sable=False).preprocess(nb, res)
    q7 = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q7_copie")
    q7.source = "def copie(jeu):\n    return jeu\n"  # no copy at all: Q7 fails
    change, _ = preprocessors.VerdictsDesTestsCaches(bac_a_sable=False).preprocess(nb, res)
    assert len(appels) == 4
    test_q7 = next(c for c in change.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q7_tests")
    avant_q7 = next(c for c in apres.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q7_tests")
    assert "✔ Correction" in str(avant_q7.outputs)
    assert "✔ Correction" not in str(test_q7.outputs) and "error" in str(test_q7.outputs)


def test_the_run_step_runs_a_query_reply_and_only_that():
    """``lancement.executer_sql`` fills a query reply's ``donnees``: an answer that is no query or a query too long
    never reaches the SQL process (none is needed), a query does; any other reply is refused."""
    from awale_ref.grading.correcteur import lancement

    class Processus:  # stands for the judge's SQL process
        limites = juge.Limites()
        requetes: list[str] = []

        def evaluer(self, requete):
            self.requetes.append(requete)
            if requete == "bloque":
                raise lancement.ExecutantBloque("délai dépassé")
            return {"obs": requete}

    sql = Processus()
    pas_une = messages.Reponse(1, messages.Issue.REQUETE, texte="int")
    assert "pas un objet de type int" in lancement.executer_sql(None, pas_une).donnees["erreur_sql"]
    longue = messages.Reponse(1, messages.Issue.REQUETE, requete="x" * (messages.LONGUEUR_MAX_REQUETE + 1))
    assert "trop longue" in lancement.executer_sql(sql, longue).donnees["erreur_sql"] and not sql.requetes
    lue = lancement.executer_sql(sql, messages.Reponse(2, messages.Issue.REQUETE, requete="SELECT 1"))
    assert lue.donnees == {"obs": "SELECT 1"} and lue.id == 2 and lue.requete == "SELECT 1"
    bloquee = lancement.executer_sql(sql, messages.Reponse(3, messages.Issue.REQUETE, requete="bloque"))
    assert "pas pu être évaluée" in bloquee.donnees["erreur_sql"] and sql.limites.journal
    with pytest.raises(RuntimeError, match="no SQL process"):
        lancement.executer_sql(None, messages.Reponse(4, messages.Issue.REQUETE, requete="SELECT 1"))
    with pytest.raises(ValueError, match="only a query"):
        lancement.executer_sql(sql, messages.Reponse(5, messages.Issue.VALEUR, valeur=1))


def test_a_runner_leaves_the_sandbox_it_is_handed_as_it_was_and_waits_for_a_query_with_the_margin(tmp_path,
                                                                                                  monkeypatch):
    """``Executant`` leaves the sandbox it is handed as it was (what it mounts, the runner's folder, its bytecode
    and the hidden database, comes from ``bac_a_sable.MONTAGES``); the SQL process's reply is waited for the
    question's delay plus the same margin as a cell's or a question's reply."""
    from awale_ref.grading.correcteur import lancement

    limites = juge.Limites(delai_question=7)
    base = tmp_path / "base.sqlite"
    sqlite3.connect(base).close()
    prive = tmp_path / "prive"
    prive.mkdir()
    sandbox = lancement._sandbox(str(prive), "sql", limites, 16, base_cachee=str(base))
    attentes = []
    attendre = lancement.Executant._attendre

    def noter(self, ident, delai):
        attentes.append(delai)
        return attendre(self, ident, delai)

    monkeypatch.setattr(lancement.Executant, "_attendre", noter)
    ex = lancement.Executant(None, sandbox, limites, ("--sql",))
    try:
        assert sandbox.lecture == [*bac_a_sable.protocole(), *bac_a_sable.protocole_compile(), str(base)]
        attentes.clear()
        assert "obs" in ex.requete("SELECT 1", str(base))
        assert attentes and attentes[0] == pytest.approx(7 + lancement._MARGE_S, abs=0.5)
    finally:
        ex.fermer()


def test_the_students_grading_modules_never_import_the_plan():
    """``plan`` holds the reference helpers (the reference minus the graded functions, the expected observations):
    the modules of the visible tests (shipped to the students, ``pipeline.paquet_eleve.COPIES``) never import it."""
    import subprocess
    import sys

    from pipeline.paquet_eleve import COPIES

    modules = ["awale_ref." + c[:-3].replace("/", ".") for c in COPIES if c.startswith("grading/") and c.endswith(".py")]
    code = (f"import importlib, sys\nfor m in {modules!r}: importlib.import_module(m)\n"
            "print(sorted(m for m in ('awale_ref.grading.correcteur.plan', 'awale_ref.grading.correcteur.juge')"
            " if m in sys.modules))")
    sortie = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).resolve().parents[1])
    assert "awale_ref.grading.eleve.checks" in modules and sortie.stdout.strip() == "[]"


def test_the_judge_names_no_kind_of_question():
    """The plan, judging and orchestrating steps (``plan``, ``familles``, ``juge``) name no kind of question (no
    import, no ``isinstance``, no table keyed by kind): they call the hooks of the kind the subject gives."""
    from awale_ref.grading.correcteur import plan
    from awale_ref.grading.eleve import familles
    from awale_ref.grading.registre import types_question

    genres = {n for n, c in vars(types_question).items()
              if isinstance(c, type) and issubclass(c, types_question.TypeDeQuestion)}
    for module in (plan, familles, juge):
        arbre = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        noms = ({n.id for n in ast.walk(arbre) if isinstance(n, ast.Name)}
                | {n.attr for n in ast.walk(arbre) if isinstance(n, ast.Attribute)}
                | {a.name for n in ast.walk(arbre) if isinstance(n, ast.ImportFrom) for a in n.names})
        assert not noms & genres, (module.__name__, sorted(noms & genres))


def test_the_plan_calls_the_kinds_hook_and_refuses_a_kind_without_one():
    """A question is planned by its kind's hook ``planifier`` (a subclass inherits its parent's): a kind that
    defines none is a clear error, not a silent zero."""
    import types

    from awale_ref.grading.correcteur import plan
    from awale_ref.grading.registre import types_question

    etapes = [juge.CelluleDeCode(0, "x = 1"), juge.CelluleDeCode(1, questions=[("Q8", "deplacer_graines")])]
    correction = juge.CorrectionDuNotebook(etapes, sujet=CCINP)
    spec = correction.specs["Q8"]
    assert correction.planifier("Q8", "deplacer_graines", 1).spec is spec

    class Sorte(types_question.Fonctions):  # a subject's own kind of function question
        pass

    class Inconnue(types_question.TypeDeQuestion):
        questions = ("Q8",)

    vrai = correction.sujet
    correction.sujet = types.SimpleNamespace(type_de=lambda q: Sorte({"Q8": spec}), module_correction=vrai.module_correction,
                                             reference=vrai.reference)
    assert isinstance(correction.planifier("Q8", "deplacer_graines", 1), plan.Plan)
    correction.sujet = types.SimpleNamespace(type_de=lambda q: Inconnue())
    with pytest.raises(TypeError, match="cannot plan a question of kind Inconnue.*planifier and juger_reponse"):
        correction.planifier("Q8", "deplacer_graines", 1)
