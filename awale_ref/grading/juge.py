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
not exist there yet (a moved cell), at the end of the notebook.

>>> etapes = [Etape(0, "def tour_joueur1(jeu):\\n    return jeu['n'] % 2 == 0"),
...           Etape(1, questions=[("Q4", "tour_joueur1")])]
>>> v = juger_notebook(etapes, bac_a_sable=False)
>>> v["Q4"].ok, v["Q4"].nb_cas > 100
(True, True)
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
from typing import Any, Callable, Iterator

from IPython.core.inputtransformer2 import TransformerManager

from awale_ref.grading import answers, bac_a_sable, checks, executant, specs, sujets
from awale_ref.grading.checks import Resultat, attendu_de, conclure
from awale_ref.grading.syntaxe import analyser, compiler

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
    """Time and memory of the runner (seconds, bytes), and what happened, for the teacher's log."""

    delai_cellule: float = DELAI_CELLULE_S
    delai_question: float = DELAI_QUESTION_S
    memoire: int = MEMOIRE_OCTETS
    journal: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- what the runner is given
# Asked for every question of every notebook: read and parsed once per process (the sources do not change).
@functools.lru_cache(maxsize=16)
def _source(module: str) -> str:
    return inspect.getsource(importlib.import_module(module))


@functools.lru_cache(maxsize=16)
def _fonctions_reference(module: str) -> tuple[str, ...]:
    return tuple(n.name for n in analyser(_source(module)).body
                 if isinstance(n, ast.FunctionDef) and not n.name.startswith("_"))


def fonctions_reference(module: str = "awale_ref.exam") -> list[str]:
    """The names of the public functions of a reference module, in the order of the module."""
    return list(_fonctions_reference(module))


def reference_sans(noms: set[str], module: str = "awale_ref.exam") -> str:
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


# ---------------------------------------------------------------- static checks on the submitted source
# The source checks of every question walk the same cells: each cell is parsed once (the trees are only read).
@functools.lru_cache(maxsize=512)
def _arbre(source: str) -> ast.Module | None:
    try:
        return analyser(TransformerManager().transform_cell(source))
    except Exception:
        return None


def definition(etapes: list[Etape], jusqua: int, nom: str) -> tuple[ast.FunctionDef, int] | None:
    """The last ``def nom`` at top level in the code cells before step ``jusqua`` (and the cell's index)."""
    trouvee = None
    for etape in etapes[:jusqua]:
        if etape.questions:
            continue
        arbre = _arbre(etape.source)
        for noeud in arbre.body if arbre else []:
            if isinstance(noeud, ast.FunctionDef) and noeud.name == nom:
                trouvee = (noeud, etape.index)
    return trouvee


def _alias_interdits(etapes: list[Etape], jusqua: int, interdits: set[str]) -> dict[str, str]:
    """Names bound to a forbidden function by an import (``from copy import deepcopy as dupliquer``)."""
    alias: dict[str, str] = {}
    for etape in etapes[:jusqua]:
        arbre = _arbre(etape.source) if not etape.questions else None
        for noeud in ast.walk(arbre) if arbre else []:
            if isinstance(noeud, ast.ImportFrom):
                for nom in noeud.names:
                    if nom.name in interdits:
                        alias[nom.asname or nom.name] = nom.name
    return alias


def controles_source(spec: specs.Spec, etapes: list[Etape], jusqua: int) -> str | None:
    """French reason when the submitted source of the graded function breaks an exam constraint.

    The run-time traps of the runner catch the forbidden calls whatever name
    reaches them; this check sees what run time cannot (``liste.sort()`` on a
    builtin list) and does not depend on the runner, which is untrusted.
    """
    trouvee = definition(etapes, jusqua, spec.nom)
    if trouvee is None:
        return None
    fonction, cellule = trouvee
    ou = f"(fonction {spec.nom}, cellule de code n°{cellule + 1}, ligne {{}})"
    noms = [(n.id, n.lineno) for n in ast.walk(fonction) if isinstance(n, ast.Name)]
    attributs = [(n.attr, n.lineno) for n in ast.walk(fonction) if isinstance(n, ast.Attribute)]
    regles = {nom: executant.REGLES_INTERDITS[c] for c in spec.contraintes for nom in executant.INTERDITS.get(c, ())}
    if regles:
        alias = _alias_interdits(etapes, jusqua, set(regles))
        for nom, ligne in noms + attributs:
            vrai = alias.get(nom, nom)
            if vrai in regles:
                nomme = vrai if nom == vrai else f"{vrai} (sous le nom {nom})"
                return (f"{spec.question} — {spec.nom} utilise {nomme} {ou.format(ligne - fonction.lineno + 1)} : "
                        f"{regles[vrai]}.")
    return None


def recursion_absente(spec: specs.Spec, etapes: list[Etape], jusqua: int) -> str | None:
    """French reason when the graded function must be recursive and its source never calls itself.

    Only that rule family is lost (partial credit); at run time the judge
    also checks that a harvest of several pits went through several calls.
    """
    if "recursive" not in spec.contraintes:
        return None
    trouvee = definition(etapes, jusqua, spec.nom)
    if trouvee is None:
        return None
    fonction, cellule = trouvee
    if any(isinstance(n, ast.Call) and getattr(n.func, "id", None) == spec.nom for n in ast.walk(fonction)):
        return None
    return (f"{spec.question} — {spec.nom} (cellule de code n°{cellule + 1}) doit être récursive : elle doit "
            f"s'appeler elle-même (l'énoncé l'exige), or elle ne le fait jamais.")


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
    exemples = exemples_visibles(question, source_exemples, reference)
    cas = exemples + [c for c in spec.cas() if c not in exemples]
    attendus = [attendu_de(spec, c, reference) for c in cas]
    return cas, executant.emballer_cas(cas), attendus, {}


# ---------------------------------------------------------------- the runner's process
class ExecutantBloque(Exception):
    """The runner did not answer in time, or died: it must be started again."""


class Executant:
    """The runner, started in its sandbox; talks JSON lines over its stdin/stdout."""

    def __init__(self, fournies: str, sandbox: bac_a_sable.BacASable | None, limites: Limites,
                 module: str = "awale_ref.exam") -> None:
        self.limites = limites
        self.prive: str | None = None
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
        self._ecrire({"fournies": fournies, "module": module})
        reponse = self._lire(DELAI_DEMARRAGE_S)
        if not reponse.get("pret"):
            raise ExecutantBloque("le processus d'exécution n'a pas démarré")

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
        self._ecrire({"op": "cellule", "id": self.compteur, "source": source, "delai": self.limites.delai_cellule})
        self._attendre(self.compteur, self.limites.delai_cellule + _MARGE_S)

    def question(self, ordre: dict, delai: float | None = None) -> dict:
        self.compteur += 1
        ident = self.compteur
        delai = self.limites.delai_question if delai is None else delai
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
        self.notes = {nom for e in etapes for q, _ in e.questions if (nom := self.sujet.nom_note(q))}
        self.toutes = fonctions_reference(self.module)
        self.fournies = reference_sans(self.notes, self.module)
        self.base_sql = base_sql
        self._sql: dict[str, Any] = {}

    def ordre(self, question: str, expression: str, position: int, jusqua: int | None = None) -> dict | Resultat:
        """What the runner must evaluate for ``question`` (or a verdict when there is nothing to run).

        ``position``: the step of its test cell; ``jusqua``: the steps whose code counts (the cells
        above the test cell, or the whole notebook when the function is defined further down).
        """
        jusqua = position if jusqua is None else jusqua
        sujet = self.sujet
        if question in sujet.specs:
            spec = sujet.specs[question]
            raison = controles_source(spec, self.etapes, jusqua)
            if raison:
                return Resultat(False, raison, 0)
            cas, envoi, attendus, memo = cas_et_attendus(sujet.module_correction, question,
                                                         self.etapes[position].exemples)
            recursion = recursion_absente(spec, self.etapes, jusqua)
            return {"question": question, "genre": "fonction", "expression": expression, "nom": spec.nom,
                    "observation": spec.genre, "cas": envoi, "reference": reference_sans({spec.nom}, self.module),
                    "module": self.module, "substituer": self.toutes, "contraintes": list(spec.contraintes),
                    "_cas": cas, "_attendus": attendus, "_memo": memo,
                    "_raisons": {"recursive": recursion} if recursion else {}}
        if question == sujet.question_ia:
            return {"question": question, "genre": "q21", "expression": expression, "nom": "awale_ia",
                    "reference": reference_sans({"awale_ia", "NegaAwale"}, self.module), "module": self.module,
                    "substituer": self.toutes}
        if question in sujet.reponses:
            return {"question": question, "genre": "valeur", "expression": expression}
        if question in sujet.questions_sql:
            if self.base_sql is None:
                return _echec(question, "la bibliothèque de correction n'est pas disponible.")
            if question not in self._sql:
                from awale_ref.grading import sql

                self._sql[question] = sql.preparer_comparaison(question)
            return {"question": question, "genre": "sql", "expression": expression, "base": self.base_sql}
        return _echec(question, "question inconnue du correcteur.")

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
        if "illisible" in reponse:
            return _echec(question, f"`{expression}` illisible ({str(reponse['illisible'])[:80]}).")
        if "pas_une_fonction" in reponse:
            nom = ordre.get("nom", expression)
            if reponse.get("appelable"):
                return _echec(question, f"{nom} doit être une fonction définie avec def dans le notebook.")
            return _echec(question, f"{nom} n'est pas une fonction (c'est un objet de type "
                                    f"{str(reponse['pas_une_fonction'])[:80]}).")
        genre = ordre["genre"]
        if genre == "valeur":
            try:
                valeur = executant.decoder(reponse.get("obs"))
            except executant.ObjetRefuse as exc:
                return _echec(question, f"votre réponse est {exc}.")
            return answers.verifier_reponse(question, valeur, self.sujet.reponses)
        if genre == "sql":
            return self._sql[question](reponse)
        if genre == "q21":
            return answers.juger_q21(reponse, self.sujet.reference())
        spec = self.sujet.specs[question]
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
    with contextlib.redirect_stdout(io.StringIO()):  # the reference's own prints (tour_jeu on a refused pit)
        return _juger_notebook(etapes, bac_a_sable, limites or Limites(), fichiers, base_sql, sujet)


def _juger_notebook(etapes: list[Etape], bac_a_sable: bool, limites: Limites, fichiers: str | None,
                    base_sql: str | None, sujet: sujets.Sujet | None) -> dict[str, Resultat]:
    juge = Juge(etapes, base_sql, sujet)
    verdicts: dict[str, Resultat] = {}
    sauter: set[int] = set()
    for _ in range(len(etapes) + 2):
        with _executant(juge, bac_a_sable, limites, fichiers, base_sql) as ex:
            bloque = _derouler(ex, juge, etapes, verdicts, sauter, limites)
        if not bloque:
            break
    for etape in etapes:
        for question, _ in etape.questions:
            verdicts.setdefault(question, _echec(question, "la correction n'a pas pu juger cette réponse."))
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
            ex = Executant(juge.fournies, sandbox, limites, juge.module)
        except ExecutantBloque as exc:
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
            resultat = _une_question(ex, juge, question, expression, position, verdicts)
            if resultat == "absent":
                differees.append((question, expression, position))
            elif resultat == "bloque":
                return True
    for question, expression, position in differees:  # not defined where its test stands: the end state
        if question not in verdicts and _une_question(ex, juge, question, expression, position, verdicts,
                                                      fin=True) == "bloque":
            return True
    return False


def _une_question(ex: Executant, juge: Juge, question: str, expression: str, position: int,
                  verdicts: dict[str, Resultat], fin: bool = False) -> str:
    ordre = juge.ordre(question, expression, position, len(juge.etapes) if fin else position)
    if isinstance(ordre, Resultat):
        verdicts[question] = ordre
        return "juge"
    envoi = {k: v for k, v in ordre.items() if not k.startswith("_")}
    try:
        reponse = ex.question(envoi)
    except ExecutantBloque:
        verdicts[question] = _echec(question, f"la correction a dépassé {ex.limites.delai_question:g} s ou "
                                              f"s'est arrêtée : {checks.NE_S_ARRETE_PAS}, ou elle appelle exit() "
                                              f"ou fait planter Python.")
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
    return "juge"
