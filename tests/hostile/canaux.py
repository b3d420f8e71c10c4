"""Channels between two processes that run the student's code while a notebook is graded.

A question's child of the runner holds references (the helpers it calls); the student's kernel runs at the
same time when the judge is started beside it (``VerdictsDesTestsCachesAnticipes``), and whatever the kernel
prints reaches the feedback.  The ``canal_flock_*`` submissions try to carry a reference from the runner into
the kernel through ``flock`` on the standard library's files, which both sandboxes mount read-only, from a
process left behind (a grandchild in a session of its own, after a double fork) or started by a cell in the
background; the kernel's cells poll the locks and print what they read.  The feedback must say « canal : rien
reçu », never a reference (before the fix: tour_joueur1's reference in ``partie2_structure``'s feedback, Part
II's deplacer_graines in ``partie3_ia``'s).  The ``canal_trousseau_*`` pair uses a store that outlives its
processes, the kernel's user keyring: a student's Q9 child leaves Q8's reference there, a student graded after
takes it for Q8 (before the fix: 3 of 3 points for a Q8 never written).  ``tests/test_canaux.py`` runs the
same channels through the judge alone.
"""

from __future__ import annotations

import nbformat

from tests.hostile import A_IA, DELAI_NOYAU_DE_TEST, Q17_IA, Q8, T17, T4, T8, Contexte, Soumission, _avec, ecrire

# One bit per file (``flock`` works on a file opened read-only): a frame is a valid bit, an index byte and eight
# bytes of data; frame 0 holds the message's length.  The files are the standard library's, the same path in
# every sandbox.
CANAL = r'''
import fcntl as _fcntl, glob as _glob, os as _os, time as _time

def _fichiers_du_canal():
    return sorted(_glob.glob(_os.path.join(_os.path.dirname(_os.__file__), "*.py")))[:73]

def _emettre(texte, duree):
    donnees = texte.encode("utf-8")[:2000]
    trames = [len(donnees).to_bytes(8, "big")] + [donnees[i:i + 8].ljust(8, b"\0") for i in range(0, len(donnees), 8)]
    fds = [_os.open(f, _os.O_RDONLY) for f in _fichiers_du_canal()]
    fin = _time.monotonic() + duree
    while _time.monotonic() < fin:
        for index, trame in enumerate(trames):
            bits = [(index >> k) & 1 for k in range(8)] + [(octet >> k) & 1 for octet in trame for k in range(8)]
            for fd, bit in zip(fds[1:], bits):
                _fcntl.flock(fd, _fcntl.LOCK_EX if bit else _fcntl.LOCK_UN)
            _fcntl.flock(fds[0], _fcntl.LOCK_EX)
            _time.sleep(0.02)
            _fcntl.flock(fds[0], _fcntl.LOCK_UN)
            _time.sleep(0.005)

def _publier(texte, duree=30):
    """From a process left behind: a grandchild in a session of its own (double fork), never waited for."""
    if _os.fork():
        return
    try:
        _os.setsid()
        if _os.fork() == 0:
            _emettre(texte, duree)
    finally:
        _os._exit(0)

def _recevoir(duree):
    fds = [_os.open(f, _os.O_RDONLY) for f in _fichiers_du_canal()]
    def lu(fd):
        try:
            _fcntl.flock(fd, _fcntl.LOCK_SH | _fcntl.LOCK_NB)
        except BlockingIOError:
            return 1
        _fcntl.flock(fd, _fcntl.LOCK_UN)
        return 0
    def trame():
        if not lu(fds[0]):
            return None
        bits = [lu(fd) for fd in fds[1:]]
        if not lu(fds[0]):
            return None
        index = sum(b << k for k, b in enumerate(bits[:8]))
        return index, bytes(sum(b << k for k, b in enumerate(bits[8 + 8 * i:16 + 8 * i])) for i in range(8))
    trames = {}
    fin = _time.monotonic() + duree
    while _time.monotonic() < fin:
        t = trame()
        if t is not None and t == trame():
            trames[t[0]] = t[1]
            if 0 in trames:
                longueur = int.from_bytes(trames[0], "big")
                n = (longueur + 7) // 8
                if longueur <= 2000 and all(i in trames for i in range(1, n + 1)):
                    return b"".join(trames[i] for i in range(1, n + 1))[:longueur].decode("utf-8", "replace")
        _time.sleep(0.002)
    return None

def _dans_le_noyau():
    return _os.environ.get("AWALE_CORRECTION") == "juge"  # set in the grading kernel's sandbox only

def _une_fonction(texte, nom):
    i = texte.find("def " + nom + "(")
    if i < 0:
        return None
    j = texte.find("\ndef ", i + 1)
    return texte[i:j if j > 0 else len(texte)]

def _dans_les_cadres(variable, attribut, nom):
    """The source of the function ``nom`` in the text ``variable.attribut`` of a frame below (the runner's)."""
    import sys
    cadre = sys._getframe()
    while cadre is not None:
        texte = getattr(cadre.f_locals.get(variable), attribut, None)
        if isinstance(texte, str) and _une_fonction(texte, nom):
            return _une_fonction(texte, nom)
        cadre = cadre.f_back
    return None
'''

ECOUTE_S = DELAI_NOYAU_DE_TEST - 2
"""How long the kernel's receiver polls: a cell of the test course's kernel, less a margin for a loaded machine."""

# The kernel's side, in a cell of its own at the end of the notebook: poll, print what came (the feedback).
RECEPTEUR = CANAL + rf'''
if _dans_le_noyau():
    _recu = _recevoir({ECOUTE_S})
    print("canal : rien reçu" if _recu is None else "canal : reçu « " + _recu + " »")
'''

# Q8's child: the reference of tour_joueur1 (Q4, judged: its order carries it) published from a grandchild; the
# child itself takes its time, so that its runner lives on beside the kernel.  The answer is the instructor's.
EMETTEUR_Q8 = CANAL + r'''
_PUBLIE = []
_deplacer_graines = deplacer_graines

def deplacer_graines(plateau, case):
    if not _PUBLIE and not _dans_le_noyau():
        _PUBLIE.append(1)
        texte = _dans_les_cadres("ordre", "reference", "tour_joueur1")
        if texte:
            _publier(texte)
            _time.sleep(4)
    return _deplacer_graines(plateau, case)
'''

# partie3_ia: the runner starts with the reference of Part II's functions (graded by another assignment, never in
# the students' environment); a cell publishes deplacer_graines from a process started in the background.
EMETTEUR_CELLULE = CANAL + r'''
if not _dans_le_noyau():
    _texte = _dans_les_cadres("demarrage", "reference_non_notee", "deplacer_graines")
    if _texte:
        _publier(_texte)
'''


# A store every sandbox shares and that outlives its processes: the kernel's user keyring (the sandboxes run as
# ``nobody`` when the grader is root).  A student's Q9 child (Q8 judged: its order carries deplacer_graines) leaves
# the reference there; a second student, graded after, reads it in a cell and answers Q8 with it.
CLE = r'''
import ctypes as _ctypes, platform as _platform
_APPELS = {"x86_64": (248, 249, 250), "aarch64": (217, 218, 219)}.get(_platform.machine(), (-1, -1, -1))
_libc = _ctypes.CDLL(None, use_errno=True)

def _deposer_cle(texte):
    donnees = texte.encode("utf-8")
    cle = _libc.syscall(_APPELS[0], b"user", b"awale_canal", donnees, len(donnees), _ctypes.c_int(-4))
    if cle > 0:
        _libc.syscall(_APPELS[2], 15, cle, 300)  # KEYCTL_SET_TIMEOUT: gone in 5 minutes, whatever happens

def _lire_cle():
    cle = _libc.syscall(_APPELS[1], b"user", b"awale_canal", None, 0)
    if cle <= 0:
        return None
    tampon = _ctypes.create_string_buffer(20000)
    n = _libc.syscall(_APPELS[2], 11, cle, tampon, 20000)  # KEYCTL_READ
    return tampon.raw[:n].decode("utf-8", "replace") if n > 0 else None
'''

DEPOSE_LA_CLE = CLE + CANAL + r'''
def case_ramassable(plateau, case):
    texte = _dans_les_cadres("ordre", "reference", "deplacer_graines")
    if texte:
        _deposer_cle(texte)
    return False
'''

REPREND_LA_CLE = CLE + r'''
_texte = _lire_cle()
print("clé :", "lue" if _texte else "rien")
deplacer_graines = None
if _texte:
    try:
        exec(_texte)
    except Exception:
        deplacer_graines = None
if deplacer_graines is None:
    def deplacer_graines(plateau, case):
        return 0
'''
Q9 = "q9_case_ramassable"


def _avec_recepteur(nb: nbformat.NotebookNode, cellules: dict[str, str], apres: str | None = None) -> None:
    """``cellules`` replaced, and the kernel's receiver as a cell of its own after the cell ``apres`` (or last)."""
    position = len(nb.cells)
    for i, cell in enumerate(nb.cells):
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if gid in cellules:
            cell.source = cellules[gid]
        if gid == apres:
            position = i + 1
    nb.cells.insert(position, nbformat.v4.new_code_cell(RECEPTEUR))


def _par_un_petit_enfant(ctx: Contexte) -> dict[str, bytes]:
    nb = ctx.notebook()
    _avec_recepteur(nb, {Q8: ctx.solution(Q8) + "\n" + EMETTEUR_Q8})
    return {"partie2_structure.ipynb": ecrire(nb)}


def _par_une_cellule(ctx: Contexte) -> dict[str, bytes]:
    """The receiver just after the sending cell: the kernel polls while the runner (about 5 s) still lives."""
    nb = ctx.notebook({Q17_IA: ctx.solution(Q17_IA) + "\n" + EMETTEUR_CELLULE}, honnete=False)
    _avec_recepteur(nb, {}, apres=Q17_IA)
    return {f"{A_IA}.ipynb": ecrire(nb)}


SOUMISSIONS_CANAUX: tuple[Soumission, ...] = (
    Soumission("canal_flock_petit_enfant", _par_un_petit_enfant, frozenset({T4, T8}), ("canal : rien reçu",),
               duree=ECOUTE_S + 24),
    # graded in this order (nbgrader takes the students sorted by name): the first leaves, the second takes
    Soumission("canal_trousseau_1_depose", _avec({Q9: DEPOSE_LA_CLE}), frozenset({T4, T8}), ()),
    Soumission("canal_trousseau_2_reprend", _avec({Q8: REPREND_LA_CLE}), frozenset({T4}), ("Q8 — deplacer_graines",),
               apres="canal_trousseau_1_depose"),
)
SOUMISSIONS_CANAUX_IA: tuple[Soumission, ...] = (
    Soumission("canal_flock_cellule", _par_une_cellule, frozenset({T17}), ("canal : rien reçu",)),
)


# Two gradings at once (two ``nbgrader autograde``, two Dask workers): the first submission of one grading is
# ``canal_flock_petit_enfant``'s (Q8's child publishes tour_joueur1's reference); the first of the other grading
# polls the same locks in its kernel, cell after cell, for most of its budget, and prints what came.  Graded side by
# side by ``tests/test_verrou.py``: before the machine's grading lock, the reference reached the second one's
# feedback; now « canal : rien reçu » (the runner holding the reference waits until the kernel has ended).
def _a_l_ecoute(ctx: Contexte) -> dict[str, bytes]:
    nb = ctx.notebook()
    for _ in range(5):  # ECOUTE_S each, under the cell's time limit of the test course
        nb.cells.append(nbformat.v4.new_code_cell(RECEPTEUR))
    return {"partie2_structure.ipynb": ecrire(nb)}


SOUMISSIONS_DEUX_CORRECTIONS: tuple[tuple[Soumission, ...], tuple[Soumission, ...]] = (
    (Soumission("canal_deux_1_emetteur", _par_un_petit_enfant, frozenset({T4, T8}), ("canal : rien reçu",)),),
    (Soumission("canal_deux_2_a_l_ecoute", _a_l_ecoute, frozenset({T4, T8}), ("canal : rien reçu",)),),
)
