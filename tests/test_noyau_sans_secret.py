"""The grading kernel holds no secret: nothing it can import or open holds an answer.

The kernel's sandbox is built as ``nbgrader autograde`` builds it
(``ExecutionProtegee.bac_du_noyau``), and Python inside it tries every file and module of the course that
holds a secret, derived from the subjects: a line of a graded function's reference, of a key query, or of a
hidden test or a solution of ``source/``, and every file of the grader's cache but the students' package (the
hidden databases, the questions' cases and expected answers).  The runner's and the judge's SQL process's
sandboxes are tried the same way.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import awale_ref
from awale_ref.cache import dossier_cache
from awale_ref.grading.correcteur import bac_a_sable, plan
from awale_ref.grading.registre import catalogue
from pipeline.autograde import paquet_noyau
from outils import secrets_du_cours

RACINE = Path(__file__).resolve().parent.parent


def fichiers_secrets(secrets: set[str]) -> list[Path]:
    """Every file of the course holding a secret line: of its package, of ``source/``; the hidden databases, and
    every file of the grader's cache but the students' package (``paquet_noyau.dossier``), the questions' cached
    cases and expected answers among them (one question's computed first, so that some are there)."""
    candidats = [p for p in Path(awale_ref.__file__).parent.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    candidats += sorted((RACINE / "source").rglob("*.ipynb"))
    fichiers = [p for p in candidats if any(s in p.read_text(errors="replace") for s in secrets)]
    for sujet in catalogue.tous():  # the hidden databases the judge's SQL process reads
        base = sujet.fichier_du_juge(set(sujet.questions))
        if base:
            fichiers.append(Path(base))
    sujet = next(s for s in catalogue.tous() if s.specs)
    plan.cas_et_attendus(sujet.module_correction, next(iter(sujet.specs)))
    eleves = paquet_noyau.dossier()
    fichiers += [p for p in dossier_cache().rglob("*") if p.is_file() and eleves not in p.parents]
    return list(dict.fromkeys(fichiers))


def _module(chemin: Path) -> str | None:
    paquet = Path(awale_ref.__file__).parent
    if chemin.suffix != ".py" or paquet not in chemin.parents:
        return None
    parties = chemin.relative_to(paquet.parent).with_suffix("").parts
    return ".".join(parties[:-1] if parties[-1] == "__init__" else parties)


_SONDE = r"""
import importlib, inspect, json, sys
fichiers, modules = json.loads(sys.argv[1]), json.loads(sys.argv[2])
ouverts = []
for chemin in fichiers:
    try:
        with open(chemin, "rb") as f:
            f.read(1)
        ouverts.append(chemin)
    except OSError:
        pass
importes = {}
for nom in modules:
    try:
        module = importlib.import_module(nom)
    except Exception:  # absent, or not a module (a course's jupytext source): its file is tried above
        continue
    try:
        importes[nom] = inspect.getsource(module)
    except (OSError, TypeError):
        importes[nom] = ""
try:
    vu = importlib.import_module("awale_ref").__file__
except ImportError:
    vu = None
print(json.dumps({"ouverts": ouverts, "importes": importes, "awale_ref": vu}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sandbox is Linux's")
@pytest.mark.parametrize("partie", ["noyau", "executant", "sql"])
def test_no_sandbox_can_import_or_open_any_file_holding_an_answer(partie):
    """The grading kernel's sandbox (built as ``nbgrader autograde`` builds it), the runner's and the judge's SQL
    process's (``lancement._sandbox``): none opens a file of ``fichiers_secrets`` (the SQL process its own hidden
    base aside) nor imports a module holding a secret line."""
    from awale_ref.grading.correcteur import lancement
    from pipeline.autograde.noyau import ExecutionProtegee

    bac_a_sable.verifier_disponible()
    secrets = secrets_du_cours()
    assert len(secrets) > 300  # every subject's graded functions, key queries, solutions and hidden tests
    fichiers = fichiers_secrets(secrets)
    modules = sorted({m for f in fichiers if (m := _module(f))})
    # the references of every subject, the answers, the key queries and the judge are among them
    assert {"awale_ref.sujets.ccinp_2024.library", "awale_ref.sujets.ccinp_2024.facts", "awale_ref.sujets.ccinp_2024.exam",
            "awale_ref.sujets.othello_epita_2024.sql"} <= set(modules), modules
    assert any(f.parent.parent.name == plan.DOSSIER_CAS and f.suffix == ".pickle" for f in fichiers)
    base = next(Path(b) for s in catalogue.tous() if (b := s.fichier_du_juge(set(s.questions))))  # the SQL process's
    with tempfile.TemporaryDirectory(prefix="awk", dir="/tmp") as ipc, tempfile.TemporaryDirectory() as travail:
        for prive in (ipc, travail):
            bac_a_sable.preparer_dossier_prive(prive)
        if partie == "noyau":
            bac = ExecutionProtegee().bac_du_noyau(ipc, travail)
        else:
            bac = lancement._sandbox(str(Path(travail) / "t"), partie, lancement.Limites(), 16,
                                     **({"base_cachee": str(base)} if partie == "sql" else {}))
        essayes = [str(f) for f in fichiers if partie != "sql" or f != base]
        commande = bac.commande([sys.executable, "-c", _SONDE, json.dumps(essayes), json.dumps(modules)])
        fin = subprocess.run(commande, capture_output=True, text=True, timeout=300)
    assert fin.returncode == 0, fin.stderr[-3000:]
    vu = json.loads(fin.stdout.strip().splitlines()[-1])
    if partie == "noyau":
        assert Path(vu["awale_ref"]).is_relative_to(paquet_noyau.paquet_de_correction())
    assert vu["ouverts"] == []  # no file of the course holding a secret can be opened
    for nom, source in vu["importes"].items():  # a module found is the students' package's, which holds none
        montres = sorted(s for s in secrets if s in source)
        assert not montres, f"{nom}: {montres[:3]}"
    assert not {"awale_ref.sujets.ccinp_2024.library", "awale_ref.corpus"} & set(vu["importes"])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sandbox is Linux's")
def test_the_grading_kernel_finds_the_package_compiled_and_matplotlibs_font_list_made():
    """The package is read-only in the kernel's sandbox, which writes no ``__pycache__``: its modules come
    compiled from the build (``paquet_noyau``), or every kernel would compile each one it imports; and
    matplotlib finds its font list, made with the package, instead of listing the system's fonts again."""
    from pipeline.autograde.noyau import ExecutionProtegee

    bac_a_sable.verifier_disponible()
    paquet = str(paquet_noyau.paquet_de_correction())
    modules = ["awale_ref.grading.eleve.affichage", *(s.module_correction for s in catalogue.tous())]
    with tempfile.TemporaryDirectory(prefix="awk", dir="/tmp") as ipc, tempfile.TemporaryDirectory() as travail:
        for prive in (ipc, travail):
            bac_a_sable.preparer_dossier_prive(prive)
        commande = ExecutionProtegee().bac_du_noyau(ipc, travail).commande(
            [sys.executable, "-v", "-c", f"import logging\nlogging.basicConfig(level=logging.INFO)\n"
                                         f"import {', '.join(modules)}, matplotlib.font_manager"])
        fin = subprocess.run(commande, capture_output=True, text=True, timeout=300)
    assert fin.returncode == 0, fin.stderr[-3000:]
    charges = [ligne for ligne in fin.stderr.splitlines() if ligne.startswith("# code object from") and paquet in ligne]
    assert len(charges) > 10
    assert all(".pyc" in ligne for ligne in charges), [ligne for ligne in charges if ".pyc" not in ligne][:3]
    assert "font_manager" in fin.stderr and "generated new fontManager" not in fin.stderr


def test_each_party_mounts_only_what_the_one_table_gives_it(tmp_path):
    """``bac_a_sable.MONTAGES`` is the one list: the kernel gets the students' package, the runner its folder and
    that folder's bytecode, the judge's SQL process those and the hidden base; a source a party is not given is
    refused."""
    paquet = paquet_noyau.paquet_de_correction()
    protocole = [*bac_a_sable.protocole(), *bac_a_sable.protocole_compile()]
    assert bac_a_sable.lecture("noyau", paquet_eleve=paquet) == [str(paquet)]
    assert bac_a_sable.lecture("executant") == protocole
    assert bac_a_sable.lecture("sql", base_cachee="/b.sqlite") == [*protocole, "/b.sqlite"]
    for partie, sources in (("noyau", {"paquet_eleve": paquet, "base_cachee": "/b.sqlite"}),
                            ("executant", {"base_cachee": "/b.sqlite"}), ("sql", {"paquet_eleve": paquet})):
        with pytest.raises(ValueError, match="mounts no"):
            bac_a_sable.lecture(partie, **sources)
    with pytest.raises(ValueError, match="needs its"):
        bac_a_sable.lecture("sql")


def test_the_runners_bytecode_is_its_folders_own_compiled_again_when_stale(monkeypatch, tmp_path):
    """``bac_a_sable.protocole_compile``: one ``.pyc`` per module of the runner's folder, where Python looks for it
    beside the source, valid for that source's time and size; a source changed since is compiled again, and a
    file that cannot be written is left out."""
    import importlib.util

    sources = []
    for chemin in bac_a_sable.protocole():
        sources.append(tmp_path / Path(chemin).name)
        sources[-1].write_bytes(Path(chemin).read_bytes())
    monkeypatch.setattr(bac_a_sable, "protocole", lambda: [str(s) for s in sources])
    attendus = [str(tmp_path / "__pycache__" / f"{s.stem}.{sys.implementation.cache_tag}.pyc") for s in sources]
    assert bac_a_sable.protocole_compile() == attendus
    assert all(Path(compile_).read_bytes()[:4] == importlib.util.MAGIC_NUMBER for compile_ in attendus)
    messages = sources[[s.name for s in sources].index("messages.py")]
    avant = Path(attendus[sources.index(messages)]).read_bytes()
    messages.write_text(messages.read_text() + "\nAJOUT = 1\n")
    assert bac_a_sable.protocole_compile() == attendus
    apres = Path(attendus[sources.index(messages)]).read_bytes()
    assert apres != avant and b"AJOUT" in apres
    for compile_ in attendus:
        Path(compile_).unlink()
    monkeypatch.setattr("py_compile.compile", lambda *a, **k: (_ for _ in ()).throw(PermissionError("lecture seule")))
    assert bac_a_sable.protocole_compile() == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sandbox is Linux's")
@pytest.mark.parametrize("partie", ["executant", "sql"])
def test_the_runner_and_the_sql_process_load_their_folder_compiled_in_their_sandbox(partie, tmp_path):
    """In its sandbox, as the judge starts it (``lancement.OPTIONS_PYTHON``, ``MONTAGES``), each process loads every
    module of the runner's folder it imports from the bytecode the grader compiled (it compiles none), its script
    too (``lancement.Executant`` runs the script's own); the SQL process imports neither ``site`` nor the
    observations of a case, which it never makes."""
    from awale_ref.grading.correcteur import lancement
    from awale_ref.grading.executant import boucle

    bac_a_sable.verifier_disponible()
    base = tmp_path / "base.sqlite"
    base.write_bytes(b"")
    travail = tmp_path / "travail"
    sources = {"base_cachee": str(base)} if partie == "sql" else {}
    sandbox = lancement._sandbox(str(travail), partie, lancement.Limites(), 16, **sources)
    arguments = ["--sql"] if partie == "sql" else []
    commande = sandbox.commande([sys.executable, "-v", *lancement.OPTIONS_PYTHON[partie], boucle.__file__,
                                 *arguments])
    fin = subprocess.run(commande, capture_output=True, text=True, timeout=120, input="")
    dossier = str(Path(boucle.__file__).parent)
    charges = {ligne.split("'")[1] for ligne in fin.stderr.splitlines()
               if ligne.startswith("# code object from") and dossier in ligne}
    modules = {Path(c).name.split(".")[0] for c in charges}
    assert all("/__pycache__/" in c and c.endswith(".pyc") for c in charges), charges
    attendus = {"__init__", "messages", "encodage", "requetes"} | ({"observations"} if partie == "executant" else set())
    assert modules == attendus, fin.stderr[-2000:]
    assert ("import 'site'" in fin.stderr) is (partie == "executant")
    if partie == "sql":  # the judge runs the script's bytecode itself, mounted with it
        ex = lancement.Executant(None, sandbox, lancement.Limites(), ("--sql",), partie="sql")
        try:
            assert bac_a_sable.bytecode_de(boucle.__file__) in ex.proc.args
            assert "obs" in ex.requete("SELECT 1", str(base))
        finally:
            ex.fermer()


def test_the_course_package_is_hidden_where_a_mounted_folder_holds_it(monkeypatch, tmp_path):
    """Installed in ``site-packages`` (not editable), the course's package lies inside a folder every sandbox
    mounts: an empty read-only tmpfs is mounted over it."""
    site = tmp_path / "site-packages"
    (site / "awale_ref").mkdir(parents=True)
    monkeypatch.setattr(bac_a_sable, "dossiers_python", lambda: [str(site)])
    monkeypatch.setattr(bac_a_sable, "masques", lambda: [str(site / "awale_ref")])
    args = bac_a_sable.BacASable(repertoire="/").commande(["true"])
    i = args.index(str(site / "awale_ref"))
    assert args[i - 1] == "--tmpfs" and args[args.index("--remount-ro") + 1] == str(site / "awale_ref")


def test_the_package_is_built_again_when_the_course_changes(monkeypatch, tmp_path):
    """The cache is keyed by a fingerprint of what the package is built from: a changed file, a new folder."""
    monkeypatch.setenv("AWALE_CACHE", str(tmp_path))
    monkeypatch.setattr(paquet_noyau, "RELECTURE_S", 0)  # every call reads the files' sizes and times again
    fichiers = paquet_noyau._fichiers()
    assert any(n == "awale_ref/sujets/ccinp_2024/exam.py" for n, _ in fichiers)
    assert any(n == "pipeline.paquet_eleve" for n, _ in fichiers)
    avant = paquet_noyau.empreinte()
    faux = tmp_path / "exam.py"
    faux.write_text("# changed\n")
    monkeypatch.setattr(paquet_noyau, "_fichiers", lambda: [*fichiers[:-1], (fichiers[-1][0], faux)])
    assert paquet_noyau.empreinte() != avant
    assert paquet_noyau.dossier() == tmp_path / "paquet_correction"
