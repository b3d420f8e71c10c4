"""Where a sandbox may write (``awale_ref.grading.correcteur.bac_a_sable``): every place bounded in bytes and in files,
the host folders read-only inside, the folder of sockets made read-only once they are bound, the folders of a dead
grading process removed by the next one."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from awale_ref.grading.correcteur import bac_a_sable

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sandbox is Linux's")

REMPLIR = r"""
import json, os, sys
vu = {"cwd": os.getcwd(), "fichiers": sorted(os.listdir(".")), "a": open("a.txt").read(),
      "sous": open("sous/b.txt").read()}
for lieu in ("/", "/dev", "/dev/shm", "/depots/0"):
    try:
        open(os.path.join(lieu, "x"), "w").close()
        vu[lieu] = "écrit"
    except OSError as exc:
        vu[lieu] = type(exc).__name__
octets = 0
try:
    while True:
        with open(f"gros_{octets}", "wb") as f:
            f.write(b"x" * 1024 ** 2)
        octets += 1
except OSError:
    pass
for n in range(octets):
    os.remove(f"gros_{n}")
n = 0
try:
    while n < 10_000:
        open(f"vide_{n}", "w").close()
        n += 1
except OSError:
    pass
vu.update(octets=octets, vides=n)
print(json.dumps(vu))
"""


def _hote(racine: Path) -> Path:
    """A host folder holding a file, a subfolder and a link to a file of the grader's."""
    hote = racine / "hote"
    (hote / "sous").mkdir(parents=True)
    (hote / "a.txt").write_text("la copie")
    (hote / "sous" / "b.txt").write_text("plus bas")
    (hote / "lien").symlink_to("/etc/hostname")
    bac_a_sable.preparer_dossier_prive(hote)
    return hote


def test_the_working_folder_is_a_copy_in_the_bounded_tmp_and_nothing_else_is_writable(tmp_path):
    """The working folder (the code's cwd, here ``/copie``) holds a copy of its host folder (no link), writable by the
    code, within the bounds of the sandbox's /tmp (bytes, then files); the host folder is read-only inside and nothing
    written reaches it; the root, ``/dev`` and ``/dev/shm`` take nothing."""
    bac_a_sable.verifier_disponible()
    hote = _hote(tmp_path)
    avant = sorted(p.name for p in hote.rglob("*"))
    bac = bac_a_sable.BacASable(repertoire="/copie", ecriture=[(str(hote), "/copie")], stockage=8 * 1024 ** 2,
                                fichiers_max=256)
    fin = subprocess.run(bac.commande([sys.executable, "-c", REMPLIR]), capture_output=True, text=True, timeout=120)
    assert fin.returncode == 0, fin.stderr[-3000:]
    vu = json.loads(fin.stdout)
    assert (vu["cwd"], vu["fichiers"], vu["a"], vu["sous"]) == ("/copie", ["a.txt", "sous"], "la copie", "plus bas")
    assert {vu[lieu] for lieu in ("/", "/dev", "/dev/shm", "/depots/0")} <= {"OSError", "PermissionError"}, vu
    assert 4 <= vu["octets"] < 8 and 200 <= vu["vides"] < 256, vu  # the /tmp's 8 MiB and 256 files, shared
    assert sorted(p.name for p in hote.rglob("*")) == avant


def test_what_the_grader_adds_later_reaches_the_working_folder_through_recopie(tmp_path):
    """A sandbox started before its host folder was filled (a kernel started ahead): ``recopie``, run by the code's
    user, brings the files in; past the bounds it raises ``OSError``."""
    bac_a_sable.verifier_disponible()
    hote = tmp_path / "hote"
    hote.mkdir()
    bac_a_sable.preparer_dossier_prive(hote)
    bac = bac_a_sable.BacASable(repertoire="/copie", ecriture=[(str(hote), "/copie")], stockage=4 * 1024 ** 2)
    code = ("import os, sys\nprint(sorted(os.listdir('.')), flush=True)\nsys.stdin.readline()\n"
            f"{bac.recopie()}\nprint(sorted(os.listdir('.')), open('a.txt').read(), flush=True)\nsys.stdin.readline()\n"
            f"try:\n    {bac.recopie()}\nexcept OSError as exc:\n    print(type(exc).__name__)\n")
    proc = subprocess.Popen(bac.commande([sys.executable, "-c", code]), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().strip() == "[]"
        (hote / "a.txt").write_text("rendu après")
        bac_a_sable.preparer_dossier_prive(hote)
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "['a.txt'] rendu après"
        (hote / "gros").write_bytes(b"x" * 5 * 1024 ** 2)  # more than the 4 MiB of its /tmp
        bac_a_sable.preparer_dossier_prive(hote)
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "OSError"
    finally:
        proc.kill()
        proc.wait()


def test_the_folder_of_sockets_is_read_only_inside_once_sealed_and_its_socket_still_answers(tmp_path):
    """``sockets``: writable while the sandbox binds its socket there; after ``sceller`` nothing more is created
    there from inside, and the grader still connects to the socket from outside."""
    bac_a_sable.verifier_disponible()
    ipc = tempfile.mkdtemp(prefix="awk", dir="/tmp")  # short: a Unix socket's path is limited
    try:
        bac_a_sable.preparer_dossier_prive(ipc)
        code = ("import os, socket, sys\ns = socket.socket(socket.AF_UNIX)\n"
                f"s.bind({ipc + '/s'!r})\ns.listen()\nprint('lié', flush=True)\nsys.stdin.readline()\n"
                f"try:\n    open({ipc + '/x'!r}, 'w').close()\n    print('écrit', flush=True)\n"
                "except OSError as exc:\n    print(type(exc).__name__, flush=True)\n"
                "c, _ = s.accept()\nprint(c.recv(10).decode(), flush=True)\n")
        bac = bac_a_sable.BacASable(repertoire="/tmp", sockets=ipc)
        proc = subprocess.Popen(bac.commande([sys.executable, "-c", code]), stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout.readline().strip() == "lié"
            bac_a_sable.sceller(proc.pid, ipc)
            proc.stdin.write("\n")
            proc.stdin.flush()
            assert proc.stdout.readline().strip() == "OSError"  # EROFS
            with socket.socket(socket.AF_UNIX) as client:
                client.connect(ipc + "/s")
                client.sendall(b"bonjour")
            assert proc.stdout.readline().strip() == "bonjour"
        finally:
            proc.kill()
            proc.wait()
        assert os.listdir(ipc) == ["s"]
        with pytest.raises(bac_a_sable.ScellementImpossible):
            bac_a_sable.sceller(proc.pid, ipc)  # no sandbox any more
    finally:
        subprocess.run(["rm", "-rf", ipc], check=True)


def test_the_folders_of_a_dead_grading_process_are_removed_by_the_next_one():
    """``nettoyer_les_abandonnes``: a folder of ``dossier_prive`` whose process is gone is removed; one of a living
    process, one of another account, one of a grader in another PID namespace (its PID means nothing here) and any
    other name are kept."""
    mort = subprocess.Popen(["true"])
    mort.wait()
    ici, ailleurs = bac_a_sable.espace_pid(), format(int(bac_a_sable.espace_pid(), 16) + 1, "x")
    dossiers = {nom: tempfile.mkdtemp(prefix=prefixe, dir="/tmp") for nom, prefixe in (
        ("mort", f"awale_sql_{mort.pid}.{ici}-"), ("mort_ipc", f"awk{mort.pid}.{ici}-"),
        ("vivant", f"awale_noyau_{os.getpid()}.{ici}-"), ("autre_espace", f"awale_sql_{mort.pid}.{ailleurs}-"),
        ("autre_nom", f"awale_autre_{mort.pid}.{ici}-"), ("autre_compte", f"awale_executant_{mort.pid}.{ici}-"))}
    try:
        os.chown(dossiers["autre_compte"], 4321, 4321) if os.geteuid() == 0 else None
        enleves = bac_a_sable.nettoyer_les_abandonnes.__wrapped__()
        assert {dossiers["mort"], dossiers["mort_ipc"]} <= set(enleves)
        restent = {nom for nom, chemin in dossiers.items() if os.path.exists(chemin)}
        assert restent == {"vivant", "autre_espace", "autre_nom"} | ({"autre_compte"} if os.geteuid() == 0 else set())
    finally:
        for chemin in dossiers.values():
            subprocess.run(["rm", "-rf", chemin], check=True)
    with pytest.raises(ValueError):
        bac_a_sable.dossier_prive("awale_autre_")
    cree = bac_a_sable.dossier_prive("awale_sql_")  # the name the cleanup reads
    try:
        assert os.path.basename(cree).startswith(f"awale_sql_{os.getpid()}.{ici}-")
    finally:
        os.rmdir(cree)
