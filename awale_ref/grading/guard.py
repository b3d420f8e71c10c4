"""Independent re-check of a submitted notebook, outside the student's kernel.

Why: the hidden tests run ``corriger`` *inside* the student's kernel, which
the student controls: a notebook can replace ``corriger``, ``subprocess``,
builtins, IPython's input transformers or ``showtraceback``, and nbgrader,
which only looks at the outputs of a test cell, would then give the points.
The grader therefore re-derives every hidden verdict itself, from the
submitted *source*:

- one fresh Python process per notebook (``python -m awale_ref.grading.guard``)
  prepares the checks of every question (the same ``cleanroom._preparer`` as
  ``corriger``) *before* any student code exists in it;
- it replaces ``awale_ref`` by a stub (importing works, using a reference
  function fails), silences the student's prints, limits memory, CPU time and
  file sizes, then runs the notebook's code cells in order, each with a time
  limit, an error in one cell not stopping the next ones (like nbgrader);
- it then judges each question and reports, question by question, on a
  private pipe whose lines carry a random token.

The caller (``pipeline.preprocessors.ContreVerification``) uses the verdicts
only to *fail* test cells: the kernel can lose points, never gain them.

If a cell or a question kills or blocks the process, the parent notes which
one (each step is announced on the pipe first), fails what it must and
starts a new process without that cell: one process per notebook, more only
for notebooks that crash.

Limits of the approach (see docs/grading_security.md): the student's code
runs with the grader's rights, so a student who studies this module can
still forge a verdict from inside the process; only the kernel-side tricks,
which cost one line, are closed.

>>> v = contre_verifier(["def tour_joueur1(jeu):\\n    return jeu['n'] % 2 == 0"], [("Q4", "tour_joueur1")])
>>> v["Q4"]["ok"], v["Q4"]["nb_cas"] > 100
(True, True)
>>> contre_verifier(["x = 1"], [("Q4", "tour_joueur1")])["Q4"]["message"][:40]
"Q4 — `tour_joueur1` n'existe pas à la fi"
"""

from __future__ import annotations

import contextlib
import importlib.abc
import importlib.machinery
import io
import json
import os
import secrets
import select
import signal
import subprocess
import sys
import tempfile
import time
import types
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

from awale_ref.grading import cleanroom

DELAI_CELLULE_S = 30                 # one code cell of the notebook, at top level
DELAI_QUESTION_S = cleanroom.DELAI_S  # judging one question (same as a hidden test)
MEMOIRE_OCTETS = cleanroom.MEMOIRE_OCTETS
TAILLE_FICHIER_OCTETS = 16 * 1024 ** 2
_MARGE_S = 5                          # the parent waits this much longer than the child's own alarm
_PAQUET = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # awale_ref/
# Audit events refused to the student's code in the re-check process (Python's audit hooks, PEP 578).
_EVENEMENTS_INTERDITS = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
                         "os.forkpty", "os.kill", "os.killpg", "pty.spawn", "socket.connect", "socket.bind")
_EVENEMENTS_CHEMIN = ("open", "os.remove", "os.rename", "os.rmdir", "os.truncate", "os.chmod", "os.chown",
                      "os.mkdir", "os.symlink", "os.link", "os.utime", "os.listdir", "os.scandir", "shutil.rmtree",
                      "shutil.copyfile", "shutil.move")


@dataclass
class Limites:
    """Time and memory limits of a re-check (seconds, bytes)."""

    delai_cellule: float = DELAI_CELLULE_S
    delai_question: float = DELAI_QUESTION_S
    memoire: int = MEMOIRE_OCTETS
    journal: list[str] = field(default_factory=list)  # what happened, for the teacher's log


def _echec(question: str, message: str) -> dict:
    return {"ok": False, "nb_cas": 0, "message": f"{question} — {message}"}


# ---------------------------------------------------------------- parent side (the grader)
def contre_verifier(cellules: Sequence[str], questions: Sequence[tuple[str, str]],
                    repertoire: str | None = None, limites: Limites | None = None,
                    interdits: Sequence[str] = ()) -> dict[str, dict]:
    """Verdict ``{"ok", "message", "nb_cas"}`` of each ``(question, expression)``.

    ``cellules`` are the notebook's code cells in order, in plain Python
    (IPython syntax already translated); ``expression`` is what the hidden
    test passes to ``corriger`` (a name such as ``"deplacer_graines"``).
    Runs in ``repertoire`` (default: a fresh temporary folder).  The student's
    code may not touch files under ``interdits`` (e.g. the course folder),
    outside ``repertoire``, nor the ``awale_ref`` package.
    """
    limites = limites or Limites()
    for question, expression in questions:
        if not isinstance(question, str) or not isinstance(expression, str):
            raise TypeError(f"questions must be (str, str) pairs, got {(question, expression)!r}")
    verdicts: dict[str, dict] = {}
    sauter: list[int] = []
    with contextlib.ExitStack() as pile:
        if repertoire is None:
            repertoire = pile.enter_context(tempfile.TemporaryDirectory(prefix="contre_verif_"))
        for _ in range(len(cellules) + len(questions) + 1):
            restantes = [(q, e) for q, e in questions if q not in verdicts]
            if not restantes:
                break
            recus, dernier, fini = _un_processus(cellules, restantes, sauter, repertoire, limites,
                                                 [*interdits, _PAQUET])
            verdicts.update(recus)
            if fini:
                break
            if dernier is None:
                limites.journal.append("le processus de contre-vérification n'a pas démarré")
                break
            genre, valeur = dernier
            if genre == "cellule":
                limites.journal.append(f"la cellule de code n°{valeur} a arrêté ou bloqué la contre-vérification : "
                                       f"elle est ignorée")
                sauter.append(valeur)
            else:
                verdicts[valeur] = _echec(valeur, "la correction a planté ou dépassé le temps permis "
                                                  f"({limites.delai_question:g} s) : votre fonction ne se termine pas, "
                                                  "appelle exit() ou fait planter Python.")
    for question, _ in questions:
        verdicts.setdefault(question, _echec(question, "la contre-vérification n'a pas pu juger cette réponse."))
    return verdicts


def _un_processus(cellules: Sequence[str], questions: list[tuple[str, str]], sauter: list[int],
                  repertoire: str, limites: Limites,
                  interdits: list[str]) -> tuple[dict[str, dict], tuple[str, Any] | None, bool]:
    """Run one child; return the verdicts, the last step announced, whether it finished."""
    jeton = secrets.token_hex(16)
    charge = json.dumps({"jeton": jeton, "cellules": list(cellules), "questions": questions, "sauter": sauter,
                         "delai_cellule": limites.delai_cellule, "delai_question": limites.delai_question,
                         "memoire": limites.memoire, "interdits": [os.path.realpath(d) for d in interdits],
                         "autorises": [os.path.realpath(d) for d in (repertoire, *_dossiers_python())]}
                        ).encode("utf-8")
    lecture, ecriture = os.pipe()
    try:
        # -P: the notebook's folder is not put on sys.path (a student's awale_ref.py cannot shadow the package)
        proc = subprocess.Popen([sys.executable, "-P", "-m", "awale_ref.grading.guard", str(ecriture)],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                pass_fds=(ecriture,), cwd=repertoire, start_new_session=True,
                                env={**os.environ, "PYTHONHASHSEED": "0"})
    finally:
        os.close(ecriture)
    verdicts: dict[str, dict] = {}
    dernier: tuple[str, Any] | None = None
    fini = False
    try:
        try:
            proc.stdin.write(charge)
            proc.stdin.close()
        except BrokenPipeError:
            pass
        tampon = b""
        echeance = time.monotonic() + 30 + _MARGE_S  # start-up
        while not fini:
            reste = echeance - time.monotonic()
            if reste <= 0 or not select.select([lecture], [], [], reste)[0]:
                break  # blocked: the last step announced is the culprit
            morceau = os.read(lecture, 65536)
            if not morceau:
                break  # the child is gone
            tampon += morceau
            *lignes, tampon = tampon.split(b"\n")
            for ligne in lignes:
                message = _lire(ligne, jeton)
                if message is None:
                    continue
                if "cellule" in message:
                    dernier = ("cellule", int(message["cellule"]))
                    echeance = time.monotonic() + limites.delai_cellule + _MARGE_S
                elif "question" in message:
                    dernier = ("question", str(message["question"]))
                    echeance = time.monotonic() + limites.delai_question + _MARGE_S
                elif "verdict" in message and dernier == ("question", message["verdict"]):
                    verdicts[message["verdict"]] = {"ok": message.get("ok") is True,
                                                    "message": str(message.get("message")),
                                                    "nb_cas": int(message.get("nb_cas") or 0)}
                    dernier = None
                elif message.get("fin"):
                    fini = True
    finally:
        os.close(lecture)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the child and anything it started
        proc.wait()
    if dernier is None and not fini and verdicts:
        dernier = ("question", next((q for q, _ in questions if q not in verdicts), ""))
    return verdicts, dernier, fini


def _dossiers_python() -> list[str]:
    """Where Python and the installed packages live: readable by the student's code (imports)."""
    import site
    import sysconfig

    dossiers = {sys.prefix, sys.base_prefix, sys.exec_prefix, *sysconfig.get_paths().values(), *site.getsitepackages()}
    return sorted(d for d in dossiers if d and os.path.isdir(d))


def _lire(ligne: bytes, jeton: str) -> dict | None:
    """A message of the child, or ``None`` if it does not carry the token."""
    if not ligne.startswith(jeton.encode("ascii") + b" "):
        return None
    try:
        message = json.loads(ligne[len(jeton) + 1:].decode("utf-8"))
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


# ---------------------------------------------------------------- child side (the clean process)
class _ModuleInterdit(types.ModuleType):
    """Stands for ``awale_ref`` and its submodules: importing works, using a name fails."""

    __all__: list[str] = []   # ``from awale_ref import *`` brings nothing
    __path__: list[str] = []  # a package: ``import awale_ref.exam`` goes through the finder

    def __getattr__(self, nom: str) -> Any:
        if nom.startswith("__"):
            raise AttributeError(nom)
        return cleanroom._stub(self.__name__, nom)


class _ChercheurInterdit(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers every import of ``awale_ref…`` with a ``_ModuleInterdit``."""

    def find_spec(self, nom: str, chemin: Any = None, cible: Any = None) -> importlib.machinery.ModuleSpec | None:
        if nom == "awale_ref" or nom.startswith("awale_ref."):
            return importlib.machinery.ModuleSpec(nom, self, is_package=True)
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return _ModuleInterdit(spec.name)

    def exec_module(self, module: types.ModuleType) -> None:
        pass


class _Bouclier:
    """Audit hook (PEP 578): no processes, signals, ctypes or sockets; no files of the course.

    A path is judged by the longest folder of ``interdits`` or ``autorises``
    containing it: the course folder is refused, but the notebook's own
    folder and Python's installation inside it (a ``.venv``) are not.  An
    audit hook cannot be removed from Python code; it is a guard rail, not a
    sandbox (ctypes is refused for that reason; native code can bypass it).
    """

    def __init__(self, interdits: list[str], autorises: list[str]) -> None:
        self.dossiers = sorted([(d.rstrip(os.sep) + os.sep, False) for d in interdits] +
                               [(d.rstrip(os.sep) + os.sep, True) for d in autorises],
                               key=lambda paire: len(paire[0]), reverse=True)

    def __call__(self, evenement: str, args: tuple) -> None:
        if evenement.startswith("ctypes.") or evenement.startswith(_EVENEMENTS_INTERDITS):
            raise PermissionError(f"{evenement} interdit pendant la correction")
        if evenement in _EVENEMENTS_CHEMIN:
            for chemin in args[:2]:
                if isinstance(chemin, (str, bytes, os.PathLike)):
                    self._verifier(chemin)

    def _verifier(self, chemin: Any) -> None:
        complet = os.path.realpath(os.fsdecode(chemin))
        for dossier, permis in self.dossiers:  # the longest first
            if (complet + os.sep).startswith(dossier):
                if not permis:
                    raise PermissionError(f"lecture interdite pendant la correction : {complet} "
                                          f"(dossier du cours ou de la référence)")
                return


class _Delai(BaseException):
    """Raised by the alarm when a cell or a question takes too long."""


@contextlib.contextmanager
def _alarme(secondes: float) -> Iterator[None]:
    def sonne(*_: Any) -> None:
        raise _Delai()

    signal.signal(signal.SIGALRM, sonne)
    signal.setitimer(signal.ITIMER_REAL, secondes)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _limiter(memoire: int, cpu: int) -> None:
    import resource

    for limite, valeur in ((resource.RLIMIT_AS, memoire), (resource.RLIMIT_CPU, cpu),
                           (resource.RLIMIT_FSIZE, TAILLE_FICHIER_OCTETS)):
        with contextlib.suppress(ValueError, OSError):  # a lower hard limit is already in force
            resource.setrlimit(limite, (valeur, valeur))


def _juger(question: str, expression: str, espace: dict, juge: Any, origine: Any) -> dict:
    """The verdict of one question, with the checks of ``corriger`` (``origine``: ``_origine_valide``)."""
    if isinstance(juge, BaseException):
        return _echec(question, f"question inconnue du correcteur ({juge}).")
    try:
        objet = eval(expression, espace)  # the expression is the teacher's (test cell restored by nbgrader)
    except NameError:
        return _echec(question, f"`{expression}` n'existe pas à la fin du notebook : fonction ou variable "
                                f"absente, renommée, ou définie dans une cellule qui produit une erreur.")
    except _Delai:
        raise
    except BaseException as exc:
        return _echec(question, f"`{expression}` illisible ({type(exc).__name__}).")
    if origine is not None:
        raison = origine(question, objet)
        if raison:
            return {"ok": False, "nb_cas": 0, "message": raison}
    try:
        resultat = juge(objet)
    except MemoryError:
        return _echec(question, "mémoire épuisée pendant la correction.")
    except RecursionError:
        return _echec(question, "récursion infinie pendant la correction.")
    except Exception as exc:
        return _echec(question, f"la correction a échoué sur votre réponse ({type(exc).__name__}: "
                                f"{str(exc)[:200]}).")
    return {"ok": resultat.ok is True, "message": str(resultat.message), "nb_cas": int(resultat.nb_cas)}


def _principal(fd_verdicts: int) -> None:
    donnees = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    canal = os.fdopen(fd_verdicts, "w", encoding="utf-8")
    jeton = donnees["jeton"]

    def envoyer(message: dict) -> None:
        canal.write(f"{jeton} {json.dumps(message, ensure_ascii=False)}\n")
        canal.flush()

    # 1. Every check is ready before any student code exists in this process.
    from awale_ref.grading import _origine_valide, specs

    juges: dict[str, Any] = {}
    origines: dict[str, Any] = {}
    for question, _ in donnees["questions"]:
        try:
            juges[question] = cleanroom._preparer(question)
        except ValueError as exc:
            juges[question] = exc
        origines[question] = _origine_valide if question in specs.SPECS or question == "Q21" else None
    # 2. The reference is out of reach, prints go nowhere, resources are bounded.
    for nom in [m for m in sys.modules if m == "awale_ref" or m.startswith("awale_ref.")]:
        sys.modules[nom] = _ModuleInterdit(nom)
    sys.meta_path.insert(0, _ChercheurInterdit())
    nul = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nul, 1)
    os.dup2(nul, 2)
    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    sys.stdin = io.StringIO()  # ``input()`` gets EOF instead of waiting
    delai_c, delai_q = float(donnees["delai_cellule"]), float(donnees["delai_question"])
    cellules, questions = donnees["cellules"], donnees["questions"]
    _limiter(int(donnees["memoire"]), int(delai_c * len(cellules) + delai_q * len(questions)) + 10)
    sys.setrecursionlimit(3000)
    import posixpath  # noqa: F401  (os.path.realpath, used by the hook, is ready before the hook exists)

    sys.addaudithook(_Bouclier(donnees["interdits"], donnees["autorises"]))
    import builtins

    originaux = dict(vars(builtins))
    # 3. The notebook, cell after cell; an error stops only its cell.
    espace: dict[str, Any] = {"__name__": "__main__"}
    for i, source in enumerate(cellules):
        if i in donnees["sauter"]:
            continue
        envoyer({"cellule": i})
        try:
            with _alarme(delai_c):
                exec(compile(source, f"<cellule {i}>", "exec"), espace)
        except BaseException:  # SystemExit and KeyboardInterrupt included, as in a kernel
            pass
    # 4. The hidden checks, question by question, with the real builtins back.
    dictionnaire = vars(builtins)
    dictionnaire.clear()
    dictionnaire.update(originaux)
    for question, expression in questions:
        envoyer({"question": question})
        try:
            with _alarme(delai_q):
                verdict = _juger(question, expression, espace, juges[question], origines[question])
        except _Delai:
            verdict = _echec(question, f"la correction a dépassé {delai_q:g} s : votre fonction ne se termine "
                                       f"pas (boucle infinie ?) ou est beaucoup trop lente.")
        except BaseException as exc:  # SystemExit raised by the student's function…
            verdict = _echec(question, f"la correction s'est arrêtée ({type(exc).__name__}).")
        envoyer({"verdict": question, **verdict})
    envoyer({"fin": True})
    canal.close()
    os._exit(0)  # no clean-up code of the student (atexit, __del__) runs after the verdicts


if __name__ == "__main__":
    _principal(int(sys.argv[1]))
