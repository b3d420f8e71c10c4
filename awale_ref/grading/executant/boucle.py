"""The runner's process: rebuilds a student's notebook from its submitted cells and answers with plain data.

Grading has three parties with one-way trust (docs/grading_security.md): the student's *kernel* (untrusted,
its results never count), the *runner* (untrusted: it runs the student's code, in a sandbox) and the *judge*
(``awale_ref.grading.correcteur.juge``: trusted, never runs student code).  This module is the runner's main
loop, run as a script (``python -I boucle.py``, or its bytecode: ``lancement.Executant``).  It is **self-contained**: standard library and IPython,
and the other modules of its folder (the protocol, :mod:`messages`; the encoding, :mod:`encodage`; the
observations, :mod:`observations`; the SQL guard, :mod:`requetes`), which the judge mounts read-only in a
sandbox where neither the rest of the package, the course nor the expected answers exist
(``bac_a_sable.protocole``), with their bytecode (``bac_a_sable.protocole_compile``).  Run as a script, it
loads them from its own folder under their names in the package.

What the runner does, on orders read as JSON lines on its standard input (typed, versioned records:
``messages.Ordre``; one reply to each, a ``messages.Reponse`` whose outcome is a ``messages.Issue``):

- ``cellule``: run one code cell in an IPython shell (magics, ``display``, ``get_ipython`` work as in a
  notebook); an error ends only that cell;
- ``question``: fork, and in the child evaluate the graded name *as it is at this point of the notebook* on
  the inputs the judge sent, with every other exam function replaced by the plain reference code the judge
  sent (never the graded one); answer with plain data; the child then dies, so nothing a question installs
  survives it.

With ``--sql`` it is the judge's SQL process instead (:func:`principal_sql`): no student code, queries only;
it loads the protocol and the SQL guard, not the observations of a case.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import types
from typing import Any, Callable

PAQUET = "awale_ref.grading.executant"

_SCRIPT = not __package__  # the runner's script, in its sandbox: this folder's files, nothing else of awale_ref
_SQL = _SCRIPT and sys.argv[1:] == ["--sql"]  # the judge's SQL process: the protocol and the SQL guard only
_PARENTS = ("awale_ref", "awale_ref.grading")
if _SCRIPT:
    # its siblings load under their names in the package; the parents exist only while they load (an import
    # returns its top package), then the student's ``import awale_ref…`` is answered by :class:`_Importeur`
    import importlib.util

    for _nom in _PARENTS:
        sys.modules[_nom] = types.ModuleType(_nom)
    _dossier = os.path.dirname(os.path.abspath(__file__))
    if os.path.basename(_dossier) == "__pycache__":  # run from its bytecode, beside its source
        _dossier = os.path.dirname(_dossier)
    _spec = importlib.util.spec_from_file_location(PAQUET, os.path.join(_dossier, "__init__.py"),
                                                   submodule_search_locations=[_dossier])
    sys.modules[PAQUET] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules[PAQUET])

from awale_ref.grading.executant import messages  # noqa: E402
from awale_ref.grading.executant.requetes import evaluer_sql, texte_de_requete  # noqa: E402

if not _SQL:
    from awale_ref.grading.executant.encodage import deballer_cas, encoder, nom_type
    from awale_ref.grading.executant.observations import (OUTILS_DE_PARTIE, Delai, Garde, avec_fonctions,
                                                          envelopper, evaluer_cas, installer_contraintes,
                                                          noter_espace_pid)

if _SCRIPT:
    for _nom in _PARENTS:
        del sys.modules[_nom]


# ---------------------------------------------------------------- a subject's own kind: a game played with spies
def jouer_partie(code: str, fonction: Callable, espace: dict, reference: dict) -> dict:
    """Run a subject's game question: ``code`` is the source of its runner side (a module defining
    ``jouer(fonction, espace, reference, outils)``, sent by the judge as text, as the reference is), run here
    with the runner's tools (``observations.OUTILS_DE_PARTIE``); its answer is plain data."""
    module = types.ModuleType("partie")
    exec(compile(code, "<partie du sujet>", "exec"), module.__dict__)
    return module.jouer(fonction, espace, reference, OUTILS_DE_PARTIE)  # not sys.modules: IPython's __main__



# ---------------------------------------------------------------- the runner process
def _sonner(*_: Any) -> None:
    raise Delai()


def _module_reference(nom: str, source: str) -> types.ModuleType:
    module = types.ModuleType(nom)
    exec(compile(source, f"<référence {nom}>", "exec"), module.__dict__)
    return module


class _Importeur:
    """Answers ``import awale_ref…`` in the runner: the supplied functions as plain code, nothing else.

    The subject's reference module (and the other names notebooks import it by,
    ``Sujet.noms_reference``) holds the functions
    the notebook supplies; its parent packages are empty; every other
    submodule is a stub whose names fail when used (drawings, widgets and
    test helpers do nothing here).
    """

    def __init__(self, reference_non_notee: types.ModuleType, module: str, alias: tuple[str, ...] = (),
                 factices: tuple[str, ...] = ()) -> None:
        self.reference_non_notee = reference_non_notee
        self.module = module
        self.alias = {module, *alias}
        self.factices = set(factices)  # the subject's own package (tester, corriger): names that do nothing
        self.parents = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)}

    def find_spec(self, nom: str, chemin: Any = None, cible: Any = None) -> Any:
        import importlib.machinery

        if any(nom.startswith(m + ".") for m in self.alias if "." in m):
            return None  # ``from <reference module> import absent`` must fail, not give a stub (the top package,
            # when it is a name of the reference too, keeps its other submodules as stubs)
        if nom == "awale_ref" or nom.startswith("awale_ref."):
            return importlib.machinery.ModuleSpec(nom, self, is_package=True)
        return None

    def create_module(self, spec: Any) -> types.ModuleType:
        if spec.name in self.alias:
            module = types.ModuleType(spec.name)
            module.__dict__.update({k: v for k, v in vars(self.reference_non_notee).items() if not k.startswith("__")})
            module.__path__ = []
        elif spec.name in self.parents and spec.name not in self.factices:
            module = types.ModuleType(spec.name)
            module.__path__ = []
        else:
            module = _ModuleFactice(spec.name)
        module.__file__ = f"<{spec.name} : absent pendant la correction>"
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        pass


class _ModuleFactice(types.ModuleType):
    """A part of ``awale_ref`` that the runner does not have: importing works, using a name does nothing."""

    __path__: list = []

    def __getattr__(self, nom: str) -> Any:
        if nom.startswith("__"):
            raise AttributeError(nom)

        def rien(*args: Any, **kwargs: Any) -> None:
            return None

        rien.__name__ = nom
        return rien


def _substituer(ordre: Any, espace: dict, sauf: str | None = None) -> types.ModuleType:
    """Every exam function the judge sent the reference of (all but ``sauf``) resolves to it in ``espace``."""
    reference = _module_reference(ordre.module, ordre.reference)
    for autre in ordre.substituer:
        if autre != sauf and autre in vars(reference):
            espace[autre] = getattr(reference, autre)
    return reference


def _question(ordre: Any, espace: dict, vu: dict | None = None,
              rejouer: Callable[[str], Any] | None = None) -> Any:
    """Evaluate one question (a ``messages.OrdreQuestion``) in this (forked, disposable) process: its
    ``messages.Reponse`` (``rejouer``: runs a cell's source again).

    ``vu`` gets ``"exception"``, the first exception a case raised, so that a
    question stopped by its time limit can still say it (a memory bomb raises
    ``MemoryError`` at every case, slowly).
    """
    Issue, Reponse = messages.Issue, messages.Reponse
    if isinstance(ordre, messages.OrdreValeur) and ordre.cellules and rejouer is not None:
        # the cells that build the value, again, with the reference of every function judged before
        _substituer(ordre, espace)
        for source in ordre.cellules:
            rejouer(source)
    try:
        objet = eval(ordre.expression, espace)  # the expression is the teacher's (restored test cell)
    except NameError:
        return Reponse(ordre.id, Issue.ABSENT)
    except BaseException as exc:
        return Reponse(ordre.id, Issue.ILLISIBLE, texte=type(exc).__name__)
    if isinstance(ordre, messages.OrdreValeur):
        return Reponse(ordre.id, Issue.VALEUR, valeur=encoder(objet))
    if isinstance(ordre, messages.OrdreSql):
        return texte_de_requete(ordre.id, objet)
    if type(objet) is not types.FunctionType:
        return Reponse(ordre.id, Issue.PAS_UNE_FONCTION, texte=nom_type(objet), appelable=callable(objet))
    # Every other exam function resolves to the reference (design principle 2), the graded one stays the
    # student's; the reference code never contains the graded function.
    nom = ordre.nom
    reference = _substituer(ordre, espace, sauf=nom)
    if isinstance(ordre, messages.OrdrePartie):
        espace[nom] = objet
        return Reponse(ordre.id, Issue.PARTIE, donnees=jouer_partie(ordre.code, objet, espace, vars(reference)))
    garde = Garde()
    graded = envelopper(objet, garde)
    espace[nom] = graded  # recursion goes through the wrapper (calls counted)
    if objet.__name__ != nom and espace.get(objet.__name__) is objet:
        espace[objet.__name__] = graded
    installer_contraintes(ordre.contraintes, espace, garde)
    appel = avec_fonctions(graded, ordre.fonctions, vars(reference)) if ordre.fonctions else graded
    # each case as its own JSON text: the judge recognises a text it has already judged without reading it;
    # the reply's budget counted as the texts are made (their values a megabyte at a time), so that a reply over
    # it stops soon after the case that passes it
    resultats: list[str] = []
    octets = debut = lus = valeurs = 0  # bytes so far; the first text not counted yet, the bytes before it; values
    for args in deballer_cas(ordre.cas):
        cas = evaluer_cas(ordre.observation, appel, args, garde)
        if vu is not None and "exception" in cas:
            vu.setdefault("exception", cas["exception"])
        resultats.append(json.dumps(cas, ensure_ascii=False, allow_nan=True))
        octets += len(resultats[-1])
        if octets > messages.BUDGET.octets:
            raise messages.ReponseTropGrande("octets", octets, messages.BUDGET.octets)
        if octets - lus > 1 << 20:
            valeurs = messages.mesurer_textes(resultats[debut:], deja=valeurs)
            debut, lus = len(resultats), octets
    messages.mesurer_textes(resultats[debut:], deja=valeurs)
    return Reponse(ordre.id, Issue.RESULTATS, resultats=resultats)


def _envoyer(canal: Any, reponse: Any) -> None:
    """One ``messages.Reponse`` on the judge's channel; over the reply's budget (``messages.BUDGET``, which
    the judge enforces too), ``Issue.TROP_GROS`` instead: the limit exceeded and what was counted."""
    ligne = messages.ecrire(reponse)
    try:
        messages.verifier_budget(ligne)  # the texts of ``resultats``: counted as they are made (``_question``)
    except messages.ReponseTropGrande as exc:
        ligne = messages.ecrire(messages.Reponse(reponse.id, messages.Issue.TROP_GROS, taille=exc.mesure,
                                                 texte=exc.limite))
    canal.write(ligne)
    canal.flush()


def _canaux() -> tuple[Any, Any]:
    """The judge's channel (stdin, stdout, kept on their own descriptors); 0, 1 and 2 then lead nowhere."""
    entree = os.fdopen(os.dup(0), "rb")
    sortie = os.fdopen(os.dup(1), "wb")
    nul = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(nul, fd)
    return entree, sortie


def _autres_processus() -> list[int]:
    """The processes of this PID namespace but its init (1) and this one."""
    moi = os.getpid()
    return [int(n) for n in os.listdir("/proc") if n.isdigit() and int(n) not in (1, moi)]


def _tuer_les_restes(delai: float = 5.0) -> None:
    """Kill every other process of the runner's PID namespace and wait until they are gone.

    Called in the runner alone in its sandbox's PID namespace (its parent, the namespace's init, is bubblewrap's),
    before and after each question: whatever a cell started in the background does not run beside the question's
    child, and whatever that child left behind (a grandchild in a session of its own, a double fork) ends with
    the question.  ``kill(-1)`` reaches
    every process the runner may signal but the namespace's init and itself, atomically with respect to
    ``fork`` (a fork bomb cannot outrun it); bubblewrap's init reaps them, this process its own children (a
    cell's).  A process still there after
    ``delai`` (in an uninterruptible wait) stops the runner: the judge then kills the whole sandbox.
    """
    import time

    fin = time.monotonic() + delai
    while True:
        try:
            os.kill(-1, signal.SIGKILL)
        except ProcessLookupError:  # nothing else to kill
            pass
        try:  # its own children (forked by a cell, then gone): reaped here, the others by the namespace's init
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            pass
        if not _autres_processus():
            return
        if time.monotonic() > fin:
            os._exit(3)
        time.sleep(0.001)


def _coquille() -> Any:
    """The IPython shell the cells run in (one per process; ``get_ipython()`` returns it), without history nor
    colours.  Its completion machinery (``Completer``, a sizeable part of the shell's start; no cell of a notebook
    being graded completes anything) is made the first time something asks for it."""
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    class Coquille(InteractiveShell):
        def init_completer(self) -> None:
            pass

        def __getattr__(self, nom: str) -> Any:  # an attribute the shell does not have
            if nom != "Completer" or "_completion_en_cours" in vars(self):  # none, while the completer is made
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {nom!r}")
            self._completion_en_cours = True
            try:
                InteractiveShell.init_completer(self)
            finally:
                del self._completion_en_cours
            return vars(self)["Completer"]

    config = Config()
    config.HistoryManager.enabled = False
    config.InteractiveShell.colors = "nocolor"
    return Coquille.instance(config=config)


def principal(seul_dans_son_espace: bool = False) -> None:
    """The runner's loop: orders on stdin, answers on stdout, the student's output nowhere.

    IPython is started before the first order is read, so that the judge may start the runner before it can send
    the reference (``execution.Executant``'s ``attendre``).  ``seul_dans_son_espace`` (``--espace-pid``: the
    judge's sandbox, where this process's parent is the PID namespace's init): before and after each question,
    every other process of the namespace is killed (:func:`_tuer_les_restes`), so that a question's child runs
    beside no other process of the student's and nothing it started outlives its question.
    """
    entree, sortie = _canaux()
    import io

    sys.stdin = io.StringIO()  # input() gets EOF instead of waiting
    import builtins
    Issue, Reponse = messages.Issue, messages.Reponse
    seul_dans_son_espace = seul_dans_son_espace and (os.getpid(), os.getppid()) == (2, 1)  # a fresh namespace
    sys.setrecursionlimit(3000)
    noter_espace_pid()  # before any student code exists
    shell = _coquille()
    shell.user_ns["__name__"] = "__main__"
    demarrage = messages.lire_ordre(entree.readline())
    if not isinstance(demarrage, messages.Demarrage):
        raise SystemExit("the first order must be 'demarrage'")
    reference_non_notee = _module_reference(demarrage.module, demarrage.reference_non_notee)
    sys.meta_path.insert(0, _Importeur(reference_non_notee, demarrage.module, tuple(demarrage.alias),
                                       tuple(demarrage.factices)))
    dictionnaire = vars(builtins)
    originaux = dict(dictionnaire)  # put back in each question's child: the student's changes do not count
    signal.signal(signal.SIGALRM, _sonner)
    _envoyer(sortie, Reponse(0, Issue.PRET))
    for ligne in entree:
        ordre = messages.lire_ordre(ligne)
        if isinstance(ordre, messages.OrdreCellule):
            sys.stdout, sys.stderr = open(os.devnull, "w"), open(os.devnull, "w")
            signal.setitimer(signal.ITIMER_REAL, float(ordre.delai))
            try:
                shell.run_cell(ordre.source, store_history=False, silent=False)
            except BaseException:  # the alarm outside IPython's own handler
                pass
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            _envoyer(sortie, Reponse(ordre.id, Issue.FAITE))
        elif ordre.TYPE in messages.QUESTIONS:
            sortie.flush()
            if seul_dans_son_espace:  # what the cells started in the background: not beside the question's child
                _tuer_les_restes()
            pid = os.fork()
            if pid == 0:  # the child: answers once, then dies without running any clean-up code
                try:
                    dictionnaire.clear()
                    dictionnaire.update(originaux)
                    signal.signal(signal.SIGALRM, _sonner)
                    signal.setitimer(signal.ITIMER_REAL, float(ordre.delai))
                    vu: dict = {}
                    try:
                        reponse = _question(ordre, shell.user_ns, vu, lambda source: shell.run_cell(
                            source, store_history=False, silent=False))
                    except Delai:
                        reponse = Reponse(ordre.id, Issue.DELAI, exception=vu.get("exception"))
                    except messages.ReponseTropGrande as exc:  # the reply would be over the budget
                        reponse = Reponse(ordre.id, Issue.TROP_GROS, taille=exc.mesure, texte=exc.limite)
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    _envoyer(sortie, reponse)
                finally:
                    os._exit(0)
            os.waitpid(pid, 0)
            if seul_dans_son_espace:
                _tuer_les_restes()
            _envoyer(sortie, Reponse(ordre.id, Issue.FIN))
        elif isinstance(ordre, messages.Fin):
            break
    sortie.close()
    os._exit(0)


def principal_sql() -> None:
    """The judge's SQL process (``execution.EvaluateurSql``): no student code, only queries received as data
    (``messages.OrdreRequete``), each run by :func:`evaluer_sql` on the read-only database it names; the only
    file of the course its sandbox sees is that database."""
    entree, sortie = _canaux()
    _envoyer(sortie, messages.Reponse(0, messages.Issue.PRET))
    for ligne in entree:
        ordre = messages.lire_ordre(ligne)
        if isinstance(ordre, messages.Fin):
            break
        if not isinstance(ordre, messages.OrdreRequete):
            raise SystemExit(f"the SQL process runs queries only, not {ordre.TYPE!r}")
        _envoyer(sortie, messages.Reponse(ordre.id, messages.Issue.SQL,
                                          donnees=evaluer_sql(ordre.requete, ordre.base)))
    sortie.close()
    os._exit(0)


if __name__ == "__main__":
    principal_sql() if _SQL else principal(seul_dans_son_espace="--espace-pid" in sys.argv[1:])

