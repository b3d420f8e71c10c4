"""The judge: every hidden verdict of a submitted notebook, computed once, outside any student code.

Three parties grade a submission (docs/grading_security.md):

- the student's **kernel** runs the notebook for the student's feedback and
  nbgrader's record; nothing it does counts;
- the **runner** (:mod:`awale_ref.grading.executant`), started fresh for
  each submission in a sandbox (:mod:`awale_ref.grading.bac_a_sable`),
  rebuilds the student's functions from the *submitted cells only*, in
  order, and evaluates them on the inputs it is sent;
- the **judge** (this module, in the grader's process) sends the cells and
  the inputs, receives plain JSON, decodes it into exact builtin types,
  compares with the reference, and returns the verdicts.  It never runs the
  student's code and never unpickles anything.

What the runner is given is derived from the notebook and the reference,
not listed by hand: the functions the notebook imports from ``awale_ref``
are supplied as plain code, *minus every function the notebook grades*;
for one question, every exam function but the graded one resolves to the
reference (in a forked child that dies after the question).  Each question
is evaluated where its test cell stands, on the state the cells above it
built (a later scratch line does not change it); if the graded name does
not exist there yet (a moved cell), at the end of the notebook
(``tests/test_juge.py``, ``tests/test_cloisonnement.py``).
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import inspect
import io
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import types
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping

from IPython.core.inputtransformer2 import TransformerManager

from awale_ref.grading import bac_a_sable, checks, contraintes, executant, reponses_structurees, sujets
from awale_ref.grading.checks import Resultat, attendu_de, conclure
from awale_ref.grading.specs import Spec
from awale_ref.grading.syntaxe import SOURCE_MAX, analyser, compiler

DELAI_CELLULE_S = 30.0
DELAI_QUESTION_S = 60.0
DELAI_DEMARRAGE_S = 60.0
DELAI_RETRECIR_S = 5.0  # one batch of smaller cases, when a failing case is shrunk
MEMOIRE_OCTETS = 2 * 1024 ** 3
_MARGE_S = 5.0


@dataclass
class Etape:
    """One code cell of the notebook, in order: its source, or the hidden questions of a test cell."""

    index: int
    source: str = ""
    questions: list[tuple[str, str]] = field(default_factory=list)
    exemples: str = ""  # the test cell's source (its visible ``tester`` calls), for the visible examples


@dataclass
class Limites:
    """Time and memory of the runner (seconds, bytes), and what happened, for the teacher's log.

    ``echeance``: the ``time.monotonic()`` by which the whole notebook must be judged (its budget, shared
    with the kernel: ``pipeline.autograde``); past it nothing more is run and the questions left get 0.
    """

    delai_cellule: float = DELAI_CELLULE_S
    delai_question: float = DELAI_QUESTION_S
    memoire: int = MEMOIRE_OCTETS
    journal: list[str] = field(default_factory=list)
    echeance: float | None = None
    budget: float | None = None  # the notebook's budget in seconds, for the student's message

    def reste(self) -> float:
        """Seconds left in the notebook's budget (infinite without one)."""
        return float("inf") if self.echeance is None else self.echeance - time.monotonic()

    def borne(self, delai: float) -> float:
        """``delai``, cut to what is left of the budget; :class:`BudgetEpuise` when nothing is left."""
        reste = self.reste()
        if reste <= 0:
            raise BudgetEpuise()
        return min(delai, reste)


class BudgetEpuise(Exception):
    """The notebook's time budget is spent: nothing more is run for it."""


def message_budget(limites: Limites) -> str:
    """What a question not judged for lack of time says (French, for the student)."""
    budget = f" ({limites.budget:g} s)" if limites.budget else ""
    return (f"la correction de ce notebook a dépassé le temps qui lui est accordé{budget} : cette question n'a "
            f"pas été jugée. Des cellules trop lentes ou qui ne s'arrêtent pas ont pris tout le temps.")


# ---------------------------------------------------------------- what the runner is given
# Asked for every question of every notebook: read and parsed once per process (the sources do not change).
@functools.lru_cache(maxsize=16)
def _source(module: str) -> str:
    return inspect.getsource(importlib.import_module(module))


@functools.lru_cache(maxsize=16)
def _fonctions_reference(module: str) -> tuple[str, ...]:
    return tuple(n.name for n in analyser(_source(module)).body
                 if isinstance(n, ast.FunctionDef) and not n.name.startswith("_"))


@functools.lru_cache(maxsize=16)
def _appels_reference(module: str) -> dict[str, frozenset[str]]:
    """For each public function of a reference module, the module's functions its body names."""
    fonctions = {n.name: n for n in analyser(_source(module)).body if isinstance(n, ast.FunctionDef)}
    return {nom: frozenset(x.id for x in ast.walk(noeud) if isinstance(x, ast.Name) and x.id in fonctions
                           and x.id != nom)
            for nom, noeud in fonctions.items()}


def atteintes(nom: str, module: str, sans: frozenset[str] = frozenset()) -> set[str]:
    """The functions of a reference module that ``nom`` reaches through its calls (itself excluded), not
    going through the functions ``sans`` (the functions a game question spies on).
    """
    graphe = _appels_reference(module)
    vues: set[str] = set()
    a_voir = [nom]
    while a_voir:
        for suivant in graphe.get(a_voir.pop(), ()):
            if suivant not in vues and suivant not in sans and suivant != nom:
                vues.add(suivant)
                a_voir.append(suivant)
    return vues


def fonctions_reference(module: str) -> list[str]:
    """The names of the public functions of a reference module, in the order of the module."""
    return list(_fonctions_reference(module))


def reference_sans(noms: set[str], module: str) -> str:
    """The source of a reference module without the functions ``noms`` (plain code for the runner).

    A reference is plain code that imports nothing from ``awale_ref``: the
    runner gets it as text, and the bodies of its functions are the
    solutions the course shows (``pipeline.build``).
    """
    return _reference_sans(frozenset(noms), module)


@functools.lru_cache(maxsize=256)
def _reference_sans(noms: frozenset[str], module: str) -> str:
    source = _source(module)
    lignes = source.splitlines(keepends=True)
    a_couper = []
    for noeud in analyser(source).body:
        if isinstance(noeud, (ast.Import, ast.ImportFrom)) and any(
                (nom or "").split(".")[0] == "awale_ref"
                for nom in ([noeud.module] if isinstance(noeud, ast.ImportFrom) else [a.name for a in noeud.names])):
            raise ValueError(f"{module}, line {noeud.lineno}: a reference module must not import awale_ref "
                             f"(the runner gets it as plain code)")
        if isinstance(noeud, ast.FunctionDef) and noeud.name in noms:
            debut = min([noeud.lineno, *(d.lineno for d in noeud.decorator_list)])
            a_couper.append((debut - 1, noeud.end_lineno))
    for debut, fin in sorted(a_couper, reverse=True):
        del lignes[debut:fin]
    return "".join(lignes)


# ---------------------------------------------------------------- the submitted cells, read
# (the constraints read in the source: awale_ref.grading.contraintes, shared with the kernel's visible tests)
# Each cell is parsed once per notebook (the trees are only read); the caches are emptied after each notebook
# (``juger_notebook``), and a source too long is never parsed (``syntaxe.analyser``).
@functools.lru_cache(maxsize=512)
def _arbre(source: str) -> ast.Module | None:
    if len(source) > SOURCE_MAX:  # not even IPython's transformations
        return None
    try:
        return analyser(TransformerManager().transform_cell(source))
    except Exception:
        return None


def _noms(source: str) -> set[str]:
    """The names a cell's code reads or writes (none when it cannot be parsed)."""
    arbre = _arbre(source)
    return {n.id for n in ast.walk(arbre) if isinstance(n, ast.Name)} if arbre else set()


def exemples_visibles(question: str, source: str, reference: types.ModuleType) -> list[tuple]:
    """The arguments of the visible ``tester(question, f, *args)`` calls of a test cell (judge side)."""
    arbre = _arbre(source)
    exemples = []
    for noeud in ast.walk(arbre) if arbre else []:
        if (isinstance(noeud, ast.Call) and getattr(noeud.func, "id", None) == "tester" and len(noeud.args) >= 2
                and isinstance(noeud.args[0], ast.Constant) and noeud.args[0].value == question):
            try:  # the teacher's code (the test cell is restored from the gradebook), with the reference
                args = tuple(eval(compiler(ast.Expression(a), "<exemple>", "eval"), dict(vars(reference)))
                             for a in noeud.args[2:])
            except Exception:
                continue
            exemples.append(args)
    return exemples


@functools.lru_cache(maxsize=64)
def cas_et_attendus(module_correction: str, question: str,
                    source_exemples: str) -> tuple[list[tuple], list, list[dict], dict]:
    """The inputs of a question (the test cell's visible examples, then the corpus), packed for the
    runner, the reference's observations, and the memo of the answers judged on them
    (``checks.juger_familles``): computed once for a whole class (the test cell's source is the
    teacher's, restored from the gradebook, so it is the same for every student)."""
    sujet = sujets.sujet_du_module(module_correction)
    spec, reference = sujet.specs[question], sujet.reference()
    exemples = [spec.nommer(args) for args in exemples_visibles(question, source_exemples, reference)]
    cas = exemples + [c for c in spec.cas() if c not in exemples]
    attendus = [attendu_de(spec, c, reference) for c in cas]
    return cas, executant.emballer_cas(cas), attendus, {}


# ---------------------------------------------------------------- the runner's process
class ExecutantBloque(Exception):
    """The runner did not answer in time, or died: it must be started again."""


class Executant:
    """The runner, started in its sandbox; talks JSON lines over its stdin/stdout."""

    def __init__(self, reference_non_notee: str, sandbox: bac_a_sable.BacASable | None, limites: Limites,
                 module: str, alias: tuple[str, ...] = (), factices: tuple[str, ...] = ()) -> None:
        self.limites = limites
        self.prive: str | None = None
        delai_demarrage = limites.borne(DELAI_DEMARRAGE_S)
        script = os.path.abspath(executant.__file__)
        argv = [sys.executable, "-I", script]
        env = {"PYTHONHASHSEED": "0", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": "/tmp",
               "LANG": "C.UTF-8", "MPLBACKEND": "Agg", "JUPYTER_NO_CONFIG": "1"}
        if sandbox is not None:
            sandbox.lecture = [*sandbox.lecture, script]
            commande = sandbox.commande(argv)
        else:
            import resource

            def limiter() -> None:
                with contextlib.suppress(ValueError, OSError):
                    resource.setrlimit(resource.RLIMIT_AS, (limites.memoire, limites.memoire))

            commande = argv
            # its own temporary folder (IPython's, and the blank configuration JUPYTER_NO_CONFIG makes),
            # removed when it stops: the sandbox's /tmp is a tmpfs, this one is the host's
            self.prive = tempfile.mkdtemp(prefix="executant_")
            env.update(IPYTHONDIR=os.path.join(self.prive, ".ipython"), TMPDIR=self.prive)
        self.proc = subprocess.Popen(commande, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, start_new_session=True, env=env,
                                     cwd=sandbox.repertoire if sandbox else self.prive,
                                     preexec_fn=None if sandbox is not None else limiter)
        self.tampon = b""
        self.compteur = 0
        try:
            self._ecrire({"reference_non_notee": reference_non_notee, "module": module, "alias": list(alias),
                          "factices": list(factices)})
            if not self._lire(delai_demarrage).get("pret"):
                raise ExecutantBloque("le processus d'exécution n'a pas démarré")
        except BaseException:  # never leave a runner behind
            self.fermer()
            raise

    def _ecrire(self, message: dict) -> None:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise ExecutantBloque("le processus d'exécution s'est arrêté") from None

    def _lire(self, delai: float) -> dict:
        """The next message, within ``delai`` seconds; a message too big or malformed stops the runner."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        echeance = time.monotonic() + delai
        while b"\n" not in self.tampon:
            reste = echeance - time.monotonic()
            if reste <= 0 or not select.select([fd], [], [], reste)[0]:
                raise ExecutantBloque("délai dépassé")
            morceau = os.read(fd, 1 << 20)
            if not morceau:
                raise ExecutantBloque("le processus d'exécution s'est arrêté")
            self.tampon += morceau
            if len(self.tampon) > executant.TAILLE_MAX_REPONSE + (1 << 20):
                raise ExecutantBloque("réponse trop volumineuse")
        ligne, self.tampon = self.tampon.split(b"\n", 1)
        try:
            message = json.loads(ligne.decode("utf-8"))
        except ValueError:
            raise ExecutantBloque("réponse illisible") from None
        if not isinstance(message, dict):
            raise ExecutantBloque("réponse illisible")
        return message

    def _attendre(self, ident: int, delai: float) -> dict:
        echeance = time.monotonic() + delai
        while True:
            message = self._lire(max(0.0, echeance - time.monotonic()))
            if message.get("id") == ident:
                return message

    def cellule(self, source: str) -> None:
        self.compteur += 1
        delai = self.limites.borne(self.limites.delai_cellule)
        self._ecrire({"op": "cellule", "id": self.compteur, "source": source, "delai": delai})
        self._attendre(self.compteur, delai + _MARGE_S)

    def question(self, ordre: dict, delai: float | None = None) -> dict:
        self.compteur += 1
        ident = self.compteur
        delai = self.limites.borne(self.limites.delai_question if delai is None else delai)
        self._ecrire({**ordre, "op": "question", "id": ident, "delai": delai})
        reponse = self._attendre(ident, delai + _MARGE_S)
        if reponse.get("fin"):  # the child died without answering
            return {"mort": True}
        self._attendre(ident, _MARGE_S)  # the parent's "fin"
        if reponse.get("delai"):  # the limit the student reads is the judge's own number, not the runner's word
            vue = reponse.get("exception")
            vue = [str(x)[:300] for x in vue[:2]] if type(vue) is list and len(vue) == 2 else None
            return {"delai": delai, **({"exception": vue} if vue else {})}
        return reponse

    def fermer(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # bwrap, and with it the sandbox's PID namespace
        with contextlib.suppress(Exception):
            self.proc.kill()
        self.proc.wait()
        for flux in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(Exception):
                flux.close()
        if self.prive:
            shutil.rmtree(self.prive, ignore_errors=True)


# ---------------------------------------------------------------- one question
def _echec(question: str, message: str) -> Resultat:
    return Resultat(False, f"{question} — {message}", 0)


class Juge:
    """Prepares every check of a notebook *before* any runner exists, then judges the runner's answers."""

    def __init__(self, etapes: list[Etape], base_sql: str | None = None, sujet: sujets.Sujet | None = None) -> None:
        self.etapes = etapes
        # the subject is named by the teacher's test cells (their ``from … import corriger``)
        self.sujet = sujet or sujets.sujet_des_sources([e.exemples for e in etapes if e.questions])
        self.module = self.sujet.module_reference
        # graded function -> its question(s) in this notebook
        self.question_de: dict[str, set[str]] = {}
        for e in etapes:
            for q, _ in e.questions:
                if nom := self.sujet.nom_note(q):
                    self.question_de.setdefault(nom, set()).add(q)
        self.notes = set(self.question_de)
        self.toutes = fonctions_reference(self.module)
        self.reference_non_notee = reference_sans(self.notes, self.module)  # the reference minus the graded functions
        self.jugees: set[str] = set()  # the questions whose verdict is final (see ``ordre``)
        self.base_sql = base_sql
        self.preparations: dict[str, Any] = {}  # what a kind of question prepared for a question (its SQL check)

    # ------------------------------------------------ which references may enter the sandbox, and when
    # The runner, its children and anything they leave behind are the student's: a reference that enters the
    # sandbox can be copied (a file in /tmp, another process's memory, the parent's stack) into any later
    # question.  So the reference of a graded function enters only once its own question is judged: copying
    # it then changes no grade.  A question whose function calls another graded function (Q19's NegaAwale
    # calls max_vals, Q20) waits for that question's verdict (``pret``), at the end of the notebook if needed.
    def non_jugees(self) -> set[str]:
        """The graded functions of this notebook whose question has no final verdict yet."""
        return {nom for nom, questions in self.question_de.items() if not questions <= self.jugees}

    def besoins(self, question: str) -> set[str]:
        """The graded functions that the reference of ``question`` reaches (they must be judged first); for
        a question answered by a value, the graded functions its own cells name (``cellules_propres``)."""
        nom = self.sujet.nom_note(question)
        if nom is None:
            if question not in self.sujet.reponses:
                return set()
            position = next(p for p, e in enumerate(self.etapes) if question in dict(e.questions))
            return set().union(*(_noms(self.etapes[p].source) for p in self.cellules_propres(position))) & self.notes
        return atteintes(nom, self.module, self.sujet.type_de(question).espions(question)) & self.notes - {nom}

    def pret(self, question: str) -> bool:
        """Whether every graded function ``question`` needs is judged (its reference may be sent)."""
        return not self.besoins(question) & self.non_jugees()

    def cellules_propres(self, position: int) -> list[int]:
        """The steps of the code cells that belong to the test cell at ``position``: those after the
        previous test cell (a question's own answer cells)."""
        debut = max((p for p in range(position) if self.etapes[p].questions), default=-1) + 1
        return [p for p in range(debut, position) if not self.etapes[p].questions]

    def reference_permise(self, *graded: str) -> str:
        """The reference without the functions ``graded`` and without every graded function not judged yet."""
        return reference_sans(self.non_jugees() | set(graded), self.module)

    def ordre(self, question: str, expression: str, position: int, jusqua: int | None = None) -> dict | Resultat:
        """What the runner must evaluate for ``question`` (or a verdict when there is nothing to run).

        ``position``: the step of its test cell; ``jusqua``: the steps whose code counts (the cells
        above the test cell, or the whole notebook when the function is defined further down).  The
        reference it carries holds no function whose question is not judged yet (``reference_permise``).
        """
        jusqua = position if jusqua is None else jusqua
        genre = self.sujet.type_de(question)  # its kind of question builds the order (types_question)
        if genre is None:
            return _echec(question, "question inconnue du correcteur.")
        return genre.ordre(self, question, expression, position, jusqua)

    def ordre_fonction(self, spec: Spec, expression: str, position: int, jusqua: int) -> dict | Resultat:
        """The order of a function question (``types_question.Fonctions``): its cases and their expected answers."""
        question, sujet = spec.question, self.sujet
        cellules = contraintes.cellules_du_notebook(self.etapes, jusqua)
        introuvable = None
        if contraintes.verifiees(spec) and not contraintes.definie(cellules, spec.nom):
            # bound by exec or a file: lost if the runner finds it here (absent, it is looked for at the end)
            introuvable = contraintes.introuvable(spec)
        raison = contraintes.violation(spec, cellules)
        if raison:
            return Resultat(False, raison, 0)
        cas, envoi, attendus, memo = cas_et_attendus(sujet.module_correction, question,
                                                     self.etapes[position].exemples)
        recursion = contraintes.recursion_absente(spec, cellules)
        return {"question": question, "genre": "fonction", "expression": expression, "nom": spec.nom,
                "observation": spec.genre, "cas": envoi, "reference": self.reference_permise(spec.nom),
                "module": self.module, "substituer": self.toutes, "contraintes": list(spec.contraintes),
                "fonctions": list(spec.positions_fonctions()), "_cas": cas, "_attendus": attendus, "_memo": memo,
                "_raisons": {"recursive": recursion} if recursion else {}, "_introuvable": introuvable}

    def ordre_valeur(self, question: str, expression: str, position: int) -> dict:
        """The order of a structured answer (``types_question.Valeurs``)."""
        # Each question is graded on its own, a value too: the cells that build it are run again (in the
        # runner's child) with every function of the subject resolved to the reference, so that a
        # mistake in an earlier function (Q2's creer_image for Q3's flag) costs that question only.
        # ``pret`` has waited for the questions of the graded functions they name.
        return {"question": question, "genre": "valeur", "expression": expression,
                "reference": self.reference_permise(), "module": self.module, "substituer": self.toutes,
                "cellules": [self.etapes[p].source for p in self.cellules_propres(position)]}

    def verdict(self, ordre: dict, reponse: dict,
                evaluer: Callable[[list[tuple]], list] | None = None) -> Resultat:
        """Compare the runner's plain data with the reference (``evaluer``: more cases, to shrink a failure)."""
        question, expression = ordre["question"], ordre["expression"]
        if reponse.get("mort"):
            return _echec(question, "la correction s'est arrêtée sans réponse : votre code appelle exit(), "
                                    "fait planter Python ou épuise la mémoire.")
        if reponse.get("delai"):
            duree = reponse["delai"] if type(reponse["delai"]) in (int, float) else DELAI_QUESTION_S
            vue = reponse.get("exception")
            if type(vue) is list and len(vue) == 2:  # an error seen before: it is what the student reads first
                return _echec(question, f"la correction a dépassé {duree:g} s (fonction sans fin ou beaucoup trop "
                                        f"lente) ; un cas déjà évalué : {checks.decrire_exception_nommee(*vue)}.")
            return _echec(question, f"{checks.NE_S_ARRETE_PAS} : la correction a dépassé {duree:g} s "
                                    f"(boucle ou récursion sans fin, ou fonction beaucoup trop lente).")
        if reponse.get("trop_gros"):
            return _echec(question, "votre fonction renvoie des données beaucoup trop volumineuses.")
        if reponse.get("absent"):
            return _echec(question, f"`{expression}` n'existe pas : fonction ou variable absente, renommée, ou "
                                    f"définie dans une cellule qui produit une erreur.")
        if ordre.get("_introuvable"):
            return Resultat(False, ordre["_introuvable"], 0)
        if "illisible" in reponse:
            return _echec(question, f"`{expression}` illisible ({str(reponse['illisible'])[:80]}).")
        if "pas_une_fonction" in reponse:
            nom = ordre.get("nom", expression)
            if reponse.get("appelable"):
                return _echec(question, f"{nom} doit être une fonction définie avec def dans le notebook.")
            return _echec(question, f"{nom} n'est pas une fonction (c'est un objet de type "
                                    f"{str(reponse['pas_une_fonction'])[:80]}).")
        return self.sujet.type_de(question).verdict(self, ordre, reponse, evaluer)  # by its kind of question

    def verdict_valeur(self, ordre: dict, reponse: dict, reponses: Mapping[str, tuple]) -> Resultat:
        """The runner's value for a structured answer, judged against the subject's table ``reponses``."""
        question = ordre["question"]
        try:
            valeur = executant.decoder(reponse.get("obs"))
        except executant.ObjetRefuse as exc:
            return _echec(question, f"votre réponse est {exc}.")
        return reponses_structurees.verifier_reponse(question, valeur, reponses)

    def verdict_fonction(self, spec: Spec, ordre: dict, reponse: dict,
                         evaluer: Callable[[list[tuple]], list] | None) -> Resultat:
        """The runner's results on a function question's cases, judged by the spec's rule families."""
        question = ordre["question"]
        resultats = reponse.get("resultats")
        cas, attendus = ordre["_cas"], ordre["_attendus"]
        if not isinstance(resultats, list) or len(resultats) != len(cas):
            return _echec(question, "réponse incomplète du processus d'exécution.")
        return conclure(spec, cas, resultats, attendus, ordre["_raisons"], evaluer, self.sujet.reference(),
                        ordre.get("_memo"))


# ---------------------------------------------------------------- a whole notebook
def juger_notebook(etapes: list[Etape], bac_a_sable: bool = True, limites: Limites | None = None,
                   fichiers: str | None = None, base_sql: str | None = None,
                   sujet: sujets.Sujet | None = None) -> dict[str, Resultat]:
    """Every hidden verdict of a notebook, ``{question: Resultat}``.

    ``etapes``: the code cells in order (test cells carry their hidden
    questions); ``fichiers``: the submission's folder (copied, without
    symbolic links, into the runner's private folder); ``base_sql``: the
    hidden library's file (mounted read-only); ``sujet``: the subject, when
    the caller has already read it from the test cells.  A cell that blocks or kills
    the runner is left out and the runner started again; a question that
    does, fails.
    """
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # the reference's own prints (tour_jeu on a refused pit)
            return _juger_notebook(etapes, bac_a_sable, limites or Limites(), fichiers, base_sql, sujet)
    finally:
        _arbre.cache_clear()  # nothing of a student's source outlives the notebook
        contraintes.vider_caches()


def _juger_notebook(etapes: list[Etape], bac_a_sable: bool, limites: Limites, fichiers: str | None,
                    base_sql: str | None, sujet: sujets.Sujet | None) -> dict[str, Resultat]:
    juge = Juge(etapes, base_sql, sujet)
    verdicts: dict[str, Resultat] = {}
    sauter: set[int] = set()
    for _ in range(len(etapes) + 2):
        try:
            with _executant(juge, bac_a_sable, limites, fichiers, base_sql) as ex:
                bloque = _derouler(ex, juge, etapes, verdicts, sauter, limites)
        except BudgetEpuise:
            limites.journal.append("le temps accordé au notebook est épuisé : les questions restantes valent 0")
            break
        if not bloque:
            break
    epuise = limites.reste() <= 0
    for etape in etapes:
        for question, _ in etape.questions:
            verdicts.setdefault(question, _echec(question, message_budget(limites) if epuise
                                                 else "la correction n'a pas pu juger cette réponse."))
    return verdicts


@contextlib.contextmanager
def _executant(juge: Juge, avec_bac: bool, limites: Limites, fichiers: str | None,
               base_sql: str | None) -> Iterator[Executant | None]:
    prive = tempfile.mkdtemp(prefix="awale_executant_")
    ex = None
    try:
        travail = os.path.join(prive, "copie")
        if fichiers and os.path.isdir(fichiers):
            ignores = bac_a_sable.copier_sans_liens(fichiers, travail)
            for lien in ignores:
                limites.journal.append(f"lien symbolique ignoré (jamais suivi) : {lien}")
        os.makedirs(travail, exist_ok=True)
        sandbox = None
        if avec_bac:
            bac_a_sable.preparer_dossier_prive(travail)
            sandbox = bac_a_sable.BacASable(repertoire=travail, ecriture=[travail],
                                            lecture=[base_sql] if base_sql else [], memoire=limites.memoire,
                                            fichier=16 * 1024 ** 2, processus=256)
        try:
            ex = Executant(juge.reference_non_notee, sandbox, limites, juge.module, juge.sujet.noms_reference,
                           (juge.sujet.module_correction,))
        except ExecutantBloque as exc:
            if limites.reste() <= 0:  # its start was cut by the budget (a loaded machine): the budget's reason
                raise BudgetEpuise() from None
            limites.journal.append(f"le processus d'exécution n'a pas démarré ({exc})")
            ex = None
        yield ex
    finally:
        if ex is not None:
            ex.fermer()
        shutil.rmtree(prive, ignore_errors=True)


def _derouler(ex: Executant | None, juge: Juge, etapes: list[Etape], verdicts: dict[str, Resultat],
              sauter: set[int], limites: Limites) -> bool:
    """Run the steps in order; ``True`` when the runner must be started again (a cell or question blocked)."""
    if ex is None:
        return False
    differees: list[tuple[str, str, int]] = []
    for position, etape in enumerate(etapes):
        if not etape.questions:
            if position in sauter:
                continue
            try:
                ex.cellule(etape.source)
            except ExecutantBloque:
                limites.journal.append(f"la cellule de code n°{etape.index + 1} a bloqué ou arrêté l'exécution : "
                                       f"elle est ignorée")
                sauter.add(position)
                return True
            continue
        for question, expression in etape.questions:
            if question in verdicts:
                continue
            if not juge.pret(question):  # it calls a graded function judged further down (Juge.pret)
                differees.append((question, expression, position))
                continue
            resultat = _une_question(ex, juge, question, expression, position, verdicts)
            if resultat == "absent":
                differees.append((question, expression, position))
            elif resultat == "bloque":
                return True
    # Not defined where its test stands, or waiting for another question's verdict: the end state, each
    # question once the questions it needs are judged (in the notebook's order when none is ready: a cycle).
    differees = [d for d in differees if d[0] not in verdicts]
    while differees:
        suivante = next((d for d in differees if juge.pret(d[0])), differees[0])
        differees.remove(suivante)
        question, expression, position = suivante
        if _une_question(ex, juge, question, expression, position, verdicts, fin=True) == "bloque":
            return True
    return False


def _une_question(ex: Executant, juge: Juge, question: str, expression: str, position: int,
                  verdicts: dict[str, Resultat], fin: bool = False) -> str:
    ordre = juge.ordre(question, expression, position, len(juge.etapes) if fin else position)
    if isinstance(ordre, Resultat):
        verdicts[question] = ordre
        juge.jugees.add(question)
        return "juge"
    envoi = {k: v for k, v in ordre.items() if not k.startswith("_")}
    try:
        reponse = ex.question(envoi)
    except ExecutantBloque:
        verdicts[question] = _echec(question, f"la correction a dépassé {ex.limites.delai_question:g} s ou "
                                              f"s'est arrêtée : {checks.NE_S_ARRETE_PAS}, ou elle appelle exit() "
                                              f"ou fait planter Python.")
        juge.jugees.add(question)
        return "bloque"
    if reponse.get("absent") and not fin:
        return "absent"

    def evaluer(lot: list[tuple]) -> list:
        """The student's answers on more cases (to shrink a failing one), from a new child of the runner."""
        suite = ex.question({**envoi, "cas": executant.emballer_cas(lot)}, delai=DELAI_RETRECIR_S)
        resultats = suite.get("resultats")
        if not isinstance(resultats, list) or len(resultats) != len(lot):
            raise ExecutantBloque("réponse incomplète")
        return resultats

    verdicts[question] = juge.verdict(ordre, reponse, evaluer)
    juge.jugees.add(question)  # from now on, its reference may be sent with the next questions (Juge.pret)
    return "juge"
