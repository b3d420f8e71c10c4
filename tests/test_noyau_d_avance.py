"""The kernel started ahead (``pipeline.autograde.noyau._NoyauDAvance``): faster, never shared.

A grading process that grades one notebook after another starts the next
notebook's sandboxed kernel while the current one runs.  What must hold: the
next notebook does get that kernel; it sees its own submission and nothing of
the previous one (files written, variables); a kernel started with other
settings, or dead while waiting, is thrown away and a kernel started as usual;
nothing is left running or on disk once the process says goodbye.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import nbformat
import pytest

from pipeline.autograde.noyau import COPIE, ExecutionProtegee, _NoyauDAvance, sockets_absentes


@pytest.fixture(autouse=True)
def _rien_en_attente():
    _NoyauDAvance.au_revoir()
    yield
    _NoyauDAvance.au_revoir()


def soumission(dossier: Path, contenu: str) -> Path:
    dossier.mkdir(parents=True)
    (dossier / "donnee.txt").write_text(contenu, encoding="utf-8")
    return dossier


CELLULES = [
    "import os\nprint(open('donnee.txt').read(), os.getcwd(), os.path.exists('trace.txt'))",
    "print('secret' in globals())",
    "secret = 42\nopen('trace.txt', 'w').write('laissé par cette copie')",
]


def executer(dossier: Path, **reglages) -> list[str]:
    """The notebook of CELLULES run by ExecutionProtegee in ``dossier``: the text printed by each cell."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLULES],
                                  metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                           "language": "python"}})
    ep = ExecutionProtegee(timeout=60, noyau_d_avance=True, **reglages)
    nb, _ = ep.preprocess(nb, {"metadata": {"path": str(dossier)}})
    return ["".join(o.get("text", "") for o in cellule.outputs) for cellule in nb.cells]


def en_attente() -> _NoyauDAvance:
    noyau = _NoyauDAvance._en_attente
    assert noyau is not None and noyau.km.provisioner.process.poll() is None
    return noyau


def test_the_next_notebook_gets_the_kernel_started_ahead_and_sees_only_its_own_submission(tmp_path):
    premier = executer(soumission(tmp_path / "alice", "copie d'Alice"))
    assert premier[:2] == [f"copie d'Alice {COPIE} False\n", "False\n"]
    d_avance = en_attente()
    processus = d_avance.km.provisioner.process
    assert sorted(os.listdir(d_avance.prives[1])) == []  # started before its submission is known

    second = executer(soumission(tmp_path / "bruno", "copie de Bruno"))
    # Bruno's kernel is the one started during Alice's notebook: it was shut down with Bruno's notebook
    assert processus.poll() is not None
    assert not any(os.path.exists(p) for p in d_avance.prives)
    # and it saw Bruno's copy only: not Alice's file, not her variables
    assert second[:2] == [f"copie de Bruno {COPIE} False\n", "False\n"]
    assert en_attente() is not d_avance  # the next one is already booting
    # the submissions themselves were never written to (the kernel worked on a private copy)
    assert sorted(os.listdir(tmp_path / "alice")) == sorted(os.listdir(tmp_path / "bruno")) == ["donnee.txt"]


def test_a_kernel_started_with_other_settings_is_thrown_away(tmp_path):
    executer(soumission(tmp_path / "alice", "A"))
    ancien = en_attente()
    processus = ancien.km.provisioner.process
    sortie = executer(soumission(tmp_path / "bruno", "B"), memoire_noyau=3 * 1024 ** 3)
    assert sortie[0].startswith("B ")
    assert processus.poll() is not None  # killed, not used
    assert not any(os.path.exists(p) for p in ancien.prives)
    assert en_attente().cle != ancien.cle


def test_a_kernel_dead_while_waiting_is_replaced_and_the_notebook_is_graded(tmp_path):
    executer(soumission(tmp_path / "alice", "A"))
    mort = en_attente()
    mort.km.provisioner.process.kill()
    mort.km.provisioner.process.wait(10)
    assert executer(soumission(tmp_path / "bruno", "B"))[:2] == [f"B {COPIE} False\n", "False\n"]
    assert not any(os.path.exists(p) for p in mort.prives)


def test_goodbye_leaves_nothing_running_nor_on_disk(tmp_path):
    executer(soumission(tmp_path / "alice", "A"))
    noyau = en_attente()
    processus = noyau.km.provisioner.process
    _NoyauDAvance.au_revoir()
    assert processus.poll() is not None
    assert not any(os.path.exists(p) for p in noyau.prives)
    assert _NoyauDAvance._en_attente is None


def test_off_by_default_in_the_library_on_in_the_course():
    assert ExecutionProtegee().noyau_d_avance is False
    config = (Path(__file__).resolve().parent.parent / "nbgrader_config.py").read_text(encoding="utf-8")
    assert "c.ExecutionProtegee.noyau_d_avance = True" in config


def test_without_the_sandbox_the_kernel_still_leaves_the_hidden_tests_to_the_judge(tmp_path):
    """Trusted mode (no bubblewrap): the kernel must not run the hidden tests again (the judge decides; it did,
    and grading without the sandbox took twice as long as with it): it runs on the students' package too, which
    has no ``corriger``."""
    from pipeline.autograde import paquet_noyau

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import os\nprint(os.environ.get('AWALE_CORRECTION'))\n"
        "try:\n    from awale_ref.sujets.ccinp_2024 import corriger\nexcept ImportError:\n    print('pas de corriger')\n"
        "import awale_ref\nprint(awale_ref.__file__)")])
    dossier = soumission(tmp_path / "alice", "A")
    nb, _ = ExecutionProtegee(timeout=60, bac_a_sable=False).preprocess(nb, {"metadata": {"path": str(dossier)}})
    texte = "".join(o.get("text", "") for o in nb.cells[0].outputs)
    assert texte.startswith("juge\npas de corriger\n"), texte
    assert str(paquet_noyau.paquet_de_correction()) in texte


def test_once_its_notebook_is_done_the_kernel_is_killed_and_reaped_not_asked_to_stop(tmp_path):
    """Every output is in when the notebook ends: a polite shutdown (interrupt, ask, poll every 0.1 s) only
    cost the grading 0.1 to 0.4 s per notebook.  A kernel asked to stop runs its exit handlers: this one's
    would leave a mark; a killed kernel leaves none, and its process is already reaped."""
    marque = tmp_path / "sortie_polie.txt"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        f"import atexit, os\natexit.register(lambda: open({str(marque)!r}, 'w').write('arrêt poli'))\n"
        "print(os.getpid())")])
    dossier = soumission(tmp_path / "alice", "A")
    nb, _ = ExecutionProtegee(timeout=60, bac_a_sable=False).preprocess(nb, {"metadata": {"path": str(dossier)}})
    pid = int("".join(o.get("text", "") for o in nb.cells[0].outputs))
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert not marque.exists()


def test_the_grading_asks_its_kernel_manager_whether_the_kernel_lives_and_starts_no_heartbeat(tmp_path, monkeypatch):
    """The heartbeat's thread and event loop cost 0.04 s per notebook for an answer the kernel manager gives."""
    from jupyter_client.channels import HBChannel

    battements = []
    monkeypatch.setattr(HBChannel, "start", lambda canal: battements.append(canal))
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)"),
                                         nbformat.v4.new_code_cell("import os\nos._exit(1)"),
                                         nbformat.v4.new_code_cell("print('relancé')")])
    dossier = soumission(tmp_path / "alice", "A")
    nb, _ = ExecutionProtegee(timeout=60).preprocess(nb, {"metadata": {"path": str(dossier)}})
    textes = ["".join(o.get("text", "") + o.get("evalue", "") for o in c.outputs) for c in nb.cells]
    assert textes[0] == "42\n" and "s'est arrêté" in textes[1] and textes[2] == "relancé\n", textes
    assert battements == []


def test_a_cells_exception_is_shown_in_full_and_kept_for_the_history_without_its_traceback(tmp_path):
    """IPython formats every cell's exception a second time for its history (``stack_data``: 0.1 to 0.4 s of CPU
    each); the grading kernel keeps only its name there, and the notebook still shows the full traceback."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in (
        "def f():\n    return 1 / 0\nf()",
        "print(get_ipython().history_manager.exceptions[1])")])
    nb, _ = ExecutionProtegee(timeout=60).preprocess(nb, {"metadata": {"path": str(soumission(tmp_path / "a", ""))}})
    erreur = nb.cells[0].outputs[-1]
    trace = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(erreur["traceback"]))
    assert erreur["ename"] == "ZeroDivisionError" and "return 1 / 0" in trace, trace
    assert nb.cells[1].outputs[0]["text"] == "{'ename': 'ZeroDivisionError', 'evalue': '', 'traceback': []}\n"


def test_the_ipc_folder_is_sealed_once_every_socket_is_bound_heartbeat_included(tmp_path, monkeypatch):
    """ipykernel binds its heartbeat's socket in a thread of its own, possibly after the kernel's first answer: the
    sealing waits for every socket of the connection file (a bind after it would fail), within a bound."""
    import threading
    from types import SimpleNamespace

    from jupyter_client.connect import port_names

    from awale_ref.grading.correcteur import bac_a_sable

    km = SimpleNamespace(ip=str(tmp_path / "k"), **{nom: port for port, nom in enumerate(port_names, 1)})
    for nom in port_names:
        if nom != "hb_port":
            (tmp_path / f"k-{getattr(km, nom)}").touch()
    assert sockets_absentes(km, delai=0.05) == ["hb_port"]
    threading.Timer(0.2, (tmp_path / f"k-{km.hb_port}").touch).start()  # the heartbeat's thread, late
    assert sockets_absentes(km) == []

    vus = []  # what the real grading's kernel had bound in its IPC folder when it was sealed
    sceller = bac_a_sable.sceller
    monkeypatch.setattr(bac_a_sable, "sceller", lambda pid, chemin: (vus.append(sorted(os.listdir(chemin))),
                                                                      sceller(pid, chemin)))
    assert executer(soumission(tmp_path / "alice", "A"))[0].startswith("A ")
    assert vus and all(sum(nom.startswith("k-") for nom in dossier) == len(port_names) for dossier in vus), vus
