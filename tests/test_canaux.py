"""No channel between a process that runs the student's code and one that holds a reference.

Through the judge alone (fast): nothing a question's child or a cell starts outlives its question (the runner
kills the rest of its PID namespace when each question ends), and no body of a graded function enters the
runner's sandbox before the judge's ``attendre`` (the end of the student's kernel, ``pipeline.autograde``) has
returned.  The same attacks through the real ``nbgrader autograde`` are ``tests/hostile/canaux.py``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
import pytest

from awale_ref.grading.correcteur import juge, lancement
from awale_ref.grading.correcteur.plan import fonctions_definies
from awale_ref.grading.executant import messages
from awale_ref.sujets.ccinp_2024 import SUJET as CCINP
from pipeline.autograde.jugement import VerdictsDesTestsCaches

RACINE = Path(__file__).resolve().parent.parent

# Q4 right, and its child leaves a grandchild behind (a session of its own, double fork); cells start processes
# in the background, before Q4 and just before Q8.  Q8 is right only when its child sees no other process than
# the namespace's init, the runner and itself.
LAISSE_UN_PETIT_ENFANT = '''
import os, time
def _rester(secondes):
    if os.fork():
        return
    os.setsid()
    if os.fork() == 0:
        time.sleep(secondes)
    os._exit(0)

_FAIT = []

def tour_joueur1(jeu):
    if not _FAIT:  # once: a fork per case would reach the sandbox's process limit
        _FAIT.append(1)
        _rester(30)
    return jeu["n"] % 2 == 0
'''
EN_FOND = "import os, time\nif os.fork() == 0:\n    time.sleep(30)\n    os._exit(0)\n"

def _seul() -> str:
    """Q8 right (the instructor's solution) only when its child sees no process but the namespace's init, the
    runner and itself."""
    nb = nbformat.read(RACINE / "source" / "partie2_structure" / "partie2_structure.ipynb", as_version=4)
    solution = next(c.source for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q8_deplacer_graines")
    return solution + """
import os
_deplacer_graines = deplacer_graines
def deplacer_graines(plateau, case):
    autres = [p for p in os.listdir("/proc") if p.isdigit() and int(p) not in (1, os.getppid(), os.getpid())]
    return -1 if autres else _deplacer_graines(plateau, case)
"""


def test_nothing_a_question_or_a_cell_starts_outlives_the_question():
    etapes = [juge.CelluleDeCode(0, LAISSE_UN_PETIT_ENFANT), juge.CelluleDeCode(1, questions=[("Q4", "tour_joueur1")]),
              juge.CelluleDeCode(2, EN_FOND), juge.CelluleDeCode(3, _seul()), juge.CelluleDeCode(4, EN_FOND),
              juge.CelluleDeCode(5, questions=[("Q8", "deplacer_graines")])]
    verdicts = juge.juger_notebook(etapes, bac_a_sable=True, limites=juge.Limites(delai_question=30), sujet=CCINP)
    assert verdicts["Q4"].ok, verdicts["Q4"].message
    assert verdicts["Q8"].ok, verdicts["Q8"].message  # a process left by Q4, or by the cell before, would fail it


@pytest.mark.parametrize("assignment", ["partie2_structure", "partie3_ia"])
def test_no_graded_functions_body_enters_the_sandbox_before_the_kernel_has_ended(assignment, monkeypatch):
    """Every order written to the runner before ``attendre`` returned holds no function that a question of the
    subject grades (this assignment's or another's); the grading is the same as without ``attendre``."""
    nb = nbformat.read(RACINE / "source" / assignment / f"{assignment}.ipynb", as_version=4)
    etapes, _ = VerdictsDesTestsCaches._etapes(nb)
    fini: list[bool] = []
    ecrits: list[tuple[bool, str, frozenset[str]]] = []
    vrai_ecrire = lancement.Executant._ecrire

    def espionner(self, ordre):
        texte = getattr(ordre, "reference", None) or getattr(ordre, "reference_non_notee", None) or ""
        noms = fonctions_definies(texte) & CCINP.noms_notes if texte else frozenset()
        ecrits.append((bool(fini), ordre.TYPE, noms))
        return vrai_ecrire(self, ordre)

    monkeypatch.setattr(lancement.Executant, "_ecrire", espionner)
    verdicts = juge.juger_notebook(etapes, bac_a_sable=True, sujet=CCINP, attendre=lambda: fini.append(True))
    assert fini and all(v.ok for v in verdicts.values()), {q: v.message for q, v in verdicts.items() if not v.ok}
    avant = [(genre, noms) for apres, genre, noms in ecrits if not apres]
    assert all(not noms for _, noms in avant), avant
    assert any(noms for apres, _, noms in ecrits if apres)  # the references came, after the kernel
    # the runner's first order holds functions graded elsewhere (Part III in part II, Part II in part III)
    assert ecrits[0][0] and ecrits[0][1] == messages.Demarrage.TYPE and ecrits[0][2]



def test_a_closed_assignments_functions_do_not_wait_and_an_open_ones_do(tmp_path, monkeypatch):
    """The secrets are the graded functions of an assignment still open in the gradebook: Part II closed and
    Part III open, partie3_ia's first order (Part II's functions) goes before the kernel ends, a question's
    reference holding Part III's functions still waits; with no due date, everything waits."""
    import datetime

    from nbgrader.api import Gradebook

    from pipeline.autograde.jugement import fonctions_publiques

    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")  # its alembic
    url = f"sqlite:///{tmp_path / 'gradebook.db'}"
    maintenant = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
    with Gradebook(url) as gb:
        gb.add_assignment("partie2_structure", duedate=maintenant - datetime.timedelta(hours=1))
        gb.add_assignment("partie3_ia", duedate=maintenant + datetime.timedelta(hours=1))
        gb.add_assignment("partie1_regles")
    publiques = fonctions_publiques(url, CCINP)
    assert {"deplacer_graines", "tour_joueur1", "copie"} <= publiques, publiques
    assert not publiques & {"NegaAwale", "max_vals", "valeur"}, publiques
    assert fonctions_publiques(None, CCINP) == frozenset()
    assert fonctions_publiques(f"sqlite:///{tmp_path / 'absent' / 'gradebook.db'}", CCINP) == frozenset()

    nb = nbformat.read(RACINE / "source" / "partie3_ia" / "partie3_ia.ipynb", as_version=4)
    etapes, _ = VerdictsDesTestsCaches._etapes(nb)
    attendre = lambda: None  # noqa: E731
    correction = juge.CorrectionDuNotebook(etapes, sujet=CCINP, attendre=attendre, publiques=publiques)
    assert correction.attente(correction.reference_non_notee) is None  # Part II's bodies: no secret any more
    assert juge.CorrectionDuNotebook(etapes, sujet=CCINP, attendre=attendre).attente(
        correction.reference_non_notee) is attendre
    avec_la_partie3 = juge.reference_sans(set(), correction.module)
    assert correction.attente(avec_la_partie3) is attendre  # Part III is still open

SONDES = '''
import ctypes, errno, os, platform
libc = ctypes.CDLL(None, use_errno=True)
add_key, keyctl = {"x86_64": (248, 250), "aarch64": (217, 219)}[platform.machine()]
cle = libc.syscall(add_key, b"user", b"awale_test_canaux", b"x", 1, ctypes.c_int(-4))
if cle > 0:
    libc.syscall(keyctl, 15, cle, 60)  # gone in a minute
    libc.syscall(keyctl, 3, cle)       # revoked at once
print("trousseau", "refusé" if cle < 0 and ctypes.get_errno() == errno.EPERM else "accepté")
fd = os.open(os.__file__, os.O_RDONLY)
for nom, appel in (("fadvise", lambda: os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)),
                   ("nowait", lambda: os.preadv(fd, [bytearray(1)], 0, os.RWF_NOWAIT))):
    try:
        appel()
        print(nom, "accepté")
    except PermissionError:
        print(nom, "refusé")
    except BlockingIOError:
        print(nom, "accepté")
'''


def test_a_sandbox_can_neither_use_the_kernels_keyrings_nor_probe_the_page_cache():
    """What outlives a sandbox's processes and every sandbox reaches: a key of ``nobody``'s user keyring (read by
    any later sandbox), the page cache's state of a file all of them read (emptied by ``posix_fadvise``, read by
    ``preadv2``'s ``RWF_NOWAIT``): refused (seccomp, ``bac_a_sable.filtre_seccomp``)."""
    import subprocess
    import sys

    from awale_ref.grading.correcteur import bac_a_sable

    bac = bac_a_sable.BacASable(repertoire="/tmp", ecriture=[])
    sortie = subprocess.run(bac.commande([sys.executable, "-c", SONDES]), capture_output=True, text=True, timeout=60)
    assert sortie.stdout.split("\n")[:3] == ["trousseau refusé", "fadvise refusé", "nowait refusé"], sortie
