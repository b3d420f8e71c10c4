"""Running one case of a graded function and observing it: what is compared with the reference.

The runner (:mod:`boucle`) evaluates each case of a question with :func:`evaluer_cas`: the student's function,
wrapped (:func:`envelopper`: its calls counted) with the exam's forbidden calls trapped
(:func:`installer_contraintes`), runs on a fresh copy of the case within its time (:func:`sous_delai`), and
:func:`observer` returns what the question's observation kind compares (``messages.OBSERVATIONS``: the
returned value, the arguments after the call, the calls made, what was printed...) as plain data
(:func:`encodage.encoder`).  The student's kernel (the visible tests, ``checks.verifier``) and the judge's
own process use the same functions, so that the three observe alike.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import signal
import sys
import types
from dataclasses import dataclass
from typing import Any, Callable

from awale_ref.grading.executant import messages
from awale_ref.grading.executant.encodage import TYPES_SCALAIRES, encoder, exact

_COPIE, _DUMPS, _LOADS, _PROTOCOLE = copy.deepcopy, pickle.dumps, pickle.loads, pickle.HIGHEST_PROTOCOL  # captured
# before any student code exists


def _DEEPCOPY(valeur: Any) -> Any:
    """The observations' own deep copy: a pickle round trip for the judge's plain data (the cases: builtin
    values, shared and nested lists kept as they are, as ``copy.deepcopy`` does, about ten times faster on
    the graphs that ``tirages`` copies 100 times per case), ``copy.deepcopy`` for what pickle cannot take.

    >>> x = [1, 2]
    >>> y = _DEEPCOPY({(0, 1): [x, x]})
    >>> y, y[(0, 1)][0] is y[(0, 1)][1], y[(0, 1)][0] is x
    ({(0, 1): [[1, 2], [1, 2]]}, True, False)
    """
    try:
        return _LOADS(_DUMPS(valeur, _PROTOCOLE))
    except Exception:
        return _COPIE(valeur)


class ContrainteViolee(Exception):
    """An exam constraint broken at run time (message in French)."""


@dataclass
class Garde:
    """What watches the graded function while it runs: calls counted, forbidden calls trapped."""

    actif: bool = False
    appels: int = 0


def _piege(nom: str, original: Callable, garde: Garde) -> Callable:
    def piege(*args: Any, **kwargs: Any) -> Any:
        if garde.actif:
            appelant = sys._getframe(1)  # the student's code that reached the forbidden call, whatever its name
            raise ContrainteViolee(f"utilisation de {nom}, interdite par l'énoncé (appel dans "
                                   f"{appelant.f_code.co_name}, ligne {appelant.f_lineno} de sa cellule)")
        return original(*args, **kwargs)

    piege.__name__ = getattr(original, "__name__", nom)
    return piege


# The exam's forbidden functions, per constraint of a grading spec, and the rule the student reads:
# the one source of the run-time traps (here), the judge's static check and the visible tests'.
INTERDITS: dict[str, tuple[str, ...]] = {"sans_deepcopy": ("deepcopy",),
                                         "sans_max_min_sort": ("max", "min", "sorted", "sort")}
REGLES_INTERDITS = {"sans_deepcopy": "l'énoncé interdit deepcopy",
                    "sans_max_min_sort": "l'annexe de l'épreuve interdit max, min et sort"}


def installer_contraintes(contraintes: list[str], espace: dict, garde: Garde) -> None:
    """Trap the forbidden calls *whatever name reaches them* (module attribute, alias, builtin).

    ``list.sort`` is a method of a builtin type: no trap reaches it, the source check does
    (:mod:`awale_ref.grading.eleve.contraintes`, which follows the code and refuses reflection).
    """
    import builtins

    interdits: dict[str, Callable] = {}
    for contrainte in contraintes:
        for nom in INTERDITS.get(contrainte, ()):
            original = copy.deepcopy if nom == "deepcopy" else getattr(builtins, nom, None)
            if original is not None:
                interdits[nom] = original
    for nom, original in interdits.items():
        piege = _piege(nom, original, garde)
        if nom == "deepcopy":
            copy.deepcopy = piege
        else:
            setattr(builtins, nom, piege)
        for cle, valeur in list(espace.items()):  # aliases: from copy import deepcopy as dupliquer
            if valeur is original:
                espace[cle] = piege


def envelopper(fonction: Callable, garde: Garde) -> Callable:
    """The graded function, counting its calls and marking the time it runs (for the traps)."""
    def graded(*args: Any, **kwargs: Any) -> Any:
        garde.appels += 1
        avant, garde.actif = garde.actif, True
        try:
            return fonction(*args, **kwargs)
        finally:
            garde.actif = avant

    return graded


def avec_fonctions(fonction: Callable, positions: Any, espace: dict) -> Callable:
    """``fonction`` whose arguments at ``positions`` that are names (``str``) are first resolved to the
    functions of that name in ``espace`` (the reference): how a case passes a function, which is not
    data (``specs.Spec.nommer``).  The observation keeps the names, so the arguments after the call stay
    plain data.
    """
    positions = frozenset(positions)

    def appel(*args: Any) -> Any:
        resolus = []
        for i, a in enumerate(args):
            if i in positions and type(a) is str:
                trouvee = espace.get(a)
                if not isinstance(trouvee, types.FunctionType):
                    raise ValueError(f"no function {a!r} in the reference for argument {i}")
                a = trouvee
            resolus.append(a)
        return fonction(*resolus)

    return appel


# ---------------------------------------------------------------- observations (shared with the specs)
def observer(observation: str, fonction: Callable, args: tuple) -> dict:
    """What is compared with the reference after ``fonction(*args)`` on a fresh copy of ``args``.

    ``observation`` (a kind of ``messages.OBSERVATIONS``): ``saisies`` (a function that reads the
    keyboard, :func:`_observer_saisies`), ``renvoie`` (the value), ``image`` (the value, and whether the rows
    of a returned list of lists are distinct lists), ``renvoie_et_<name>`` (and the first argument, named
    ``<name>``, after the call: ``messages.cle_apres``), ``copie`` (equal and
    independent: a dict whose values are lists, or a list of rows), ``paire`` (a returned pair split), and four
    kinds for functions whose value alone does not say enough: ``renvoie_et_arguments`` (the value and
    every argument after the call: a function that changes any of them in place),
    ``affichage`` (the value and the non-blank lines printed), ``appels`` (the value
    and how many times each Python function was called during the call, by name:
    recursion, memoisation), ``hors_limites`` (the value and the indices read out of
    the range of the arguments' lists, :func:`_observer_hors_limites`) and ``tirages``
    (a function that draws at random, called :data:`TIRAGES` times on fresh copies:
    its distinct results).  The keys are the program names
    of ``messages`` (the student reads ``textes.LIBELLES``).  Every observation also holds
    ``messages.ARGUMENTS``, the arguments after the call, for the constraint "arguments untouched" (checked by
    the judge).
    """
    m = messages
    if observation == "tirages":
        return _observer_tirages(fonction, args)
    args = _DEEPCOPY(args)
    if observation == "copie":
        (source,) = args
        avant = _DEEPCOPY(source)
        resultat = fonction(source)
        obs: dict = {m.RENVOIE: resultat}
        # the lists of the copy: a dict's values (a game), or, copying a list of rows (a board), the list and
        # its rows, and then only an equal copy counts (a new constant list is no copy)
        lignes = type(source) is list and type(resultat) is list
        listes = (list(resultat.values()) if type(resultat) is dict else [resultat, *resultat] if lignes else None)
        if listes is not None:
            egale = not lignes or exact(resultat) == exact(avant)
            listes = [v for v in listes if type(v) is list]
            for valeur in listes:
                valeur.append("marqueur")  # mutate the copy: the source must not see it
            independant = egale and exact(source) == exact(avant)
            for valeur in listes:
                if valeur and valeur[-1] == "marqueur":
                    valeur.pop()
            obs[m.COPIE_INDEPENDANTE] = independant
        obs[m.ARGUMENTS] = (source,)
        return obs
    if observation == "saisies":
        return _observer_saisies(fonction, args)
    if observation == "affichage":
        return _observer_affichage(fonction, args)
    if observation == "appels":
        return _observer_appels(fonction, args)
    if observation == "hors_limites":
        return _observer_hors_limites(fonction, args)
    if not m.observation_connue(observation):
        raise ValueError(f"unknown observation kind {observation!r}")
    resultat = fonction(*args)
    if observation == "renvoie":
        obs = {m.RENVOIE: resultat}
    elif observation == "renvoie_et_arguments":
        obs = {m.RENVOIE: resultat, m.ARGUMENTS_APRES: list(args)}
    elif observation == "image":  # a new image: its rows must be distinct lists ([[c] * m] * n shares one row)
        obs = {m.RENVOIE: resultat}
        if type(resultat) is list and all(type(ligne) is list for ligne in resultat):
            obs[m.LIGNES_DISTINCTES] = len({id(ligne) for ligne in resultat}) == len(resultat)
    elif observation == "paire":  # a returned pair: each element under its own key
        if type(resultat) is tuple and len(resultat) == 2:
            obs = {m.PREMIER_DE_PAIRE: resultat[0], m.SECOND_DE_PAIRE: resultat[1]}
        else:
            obs = {m.RENVOIE: resultat}
    else:  # renvoie_et_<name>
        obs = {m.RENVOIE: resultat, m.cle_apres(observation): args[0]}
    obs[m.ARGUMENTS] = args
    return obs


TIRAGES = 100
"""How many times the kind ``tirages`` calls a function that draws at random, on the same case: an honest
draw among k ≤ 6 equally likely choices misses one with probability k·(1 - 1/k)^100 < 10⁻⁷."""


def _observer_tirages(fonction: Callable, args: tuple) -> dict:
    """``fonction`` called :data:`TIRAGES` times, each on a fresh copy of ``args``: its distinct results,
    in the order of their encoded text (so that the same results give the same observation), and how many
    there are (a rule family can judge each result allowed, and another that every allowed one came out)."""
    issues: dict[str, Any] = {}
    apres = args
    for _ in range(TIRAGES):
        copie = _DEEPCOPY(args)
        resultat = fonction(*copie)
        issues.setdefault(json.dumps(encoder(resultat), sort_keys=True), resultat)
        apres = copie
    return {messages.ISSUES: [issues[texte] for texte in sorted(issues)], messages.NOMBRE_ISSUES: len(issues),
            messages.ARGUMENTS: apres}


def _observer_affichage(fonction: Callable, args: tuple) -> dict:
    """The value, and the non-blank lines the call printed (stripped), in order; ``input`` gets EOF."""
    import contextlib
    import io

    sortie = io.StringIO()
    with contextlib.redirect_stdout(sortie):
        resultat = fonction(*args)
    lignes = [ligne.strip() for ligne in sortie.getvalue().splitlines() if ligne.strip()]
    return {messages.RENVOIE: resultat, messages.AFFICHE: lignes, messages.ARGUMENTS: args}


LECTURES_HORS_LIMITES_MAX = 20
"""How many reads out of range the kind ``hors_limites`` writes down for one call (the first ones)."""


class _ListeLue(list):
    """A list of an argument under the kind ``hors_limites``: an index read out of its range is written down
    (a negative index included, which Python counts from the end without a word), then read as a list
    does (the same value, or the same ``IndexError``)."""

    __slots__ = ("_chemin", "_lectures")

    def __getitem__(self, indice: Any) -> Any:
        if not isinstance(indice, slice):
            try:
                i = indice.__index__()
            except (AttributeError, TypeError):
                i = None
            if i is not None and not 0 <= i < len(self) and len(self._lectures) < LECTURES_HORS_LIMITES_MAX:
                self._lectures.append([*self._chemin, i])
        return list.__getitem__(self, indice)


def _scalaires_seuls(liste: list) -> bool:
    """Whether the list ``liste`` (a :class:`_ListeLue` or not) holds scalars of exact builtin types only
    (``encodage.TYPES_SCALAIRES``): :func:`_lue` and :func:`_sans_lecture` then copy it whole, its elements as
    they are."""
    return set(map(type, list.__iter__(liste))) <= TYPES_SCALAIRES


def _lue(valeur: Any, chemin: tuple, lectures: list) -> Any:
    """``valeur`` with each list (and each list in it) a :class:`_ListeLue` that knows its path."""
    if type(valeur) is not list:
        return valeur
    if _scalaires_seuls(valeur):  # a board's row: its elements as they are, without a call per element
        liste = _ListeLue(valeur)
    else:
        liste = _ListeLue(_lue(v, (*chemin, i), lectures) for i, v in enumerate(valeur))
    liste._chemin, liste._lectures = chemin, lectures
    return liste


def _sans_lecture(valeur: Any, niveau: int = 0) -> Any:
    """``valeur`` with every :class:`_ListeLue` a plain list again (the data that crosses the boundary); past
    ``messages.IMBRICATION_MAX`` levels (a list put inside itself) left as it is, for :func:`encoder` to refuse."""
    if niveau > messages.IMBRICATION_MAX:
        return valeur
    if isinstance(valeur, list):  # a _ListeLue or any other list
        if _scalaires_seuls(valeur):  # a board's row: copied whole
            return list(list.__iter__(valeur))
        return [_sans_lecture(v, niveau + 1) for v in list.__iter__(valeur)]
    if type(valeur) is tuple:
        return tuple(_sans_lecture(v, niveau + 1) for v in valeur)
    if type(valeur) is dict:
        return {k: _sans_lecture(v, niveau + 1) for k, v in valeur.items()}
    return valeur


def _observer_hors_limites(fonction: Callable, args: tuple) -> dict:
    """The value, and the index reads out of range on the lists of the arguments (``messages.HORS_LIMITES``):
    each one the path of the list read (the argument's position, then the indices down to it) and the index,
    ``[0, 3, -1]`` for ``p[3][-1]`` on the first argument; :data:`LECTURES_HORS_LIMITES_MAX` at most, in the
    order of the reads.  Slices are not reads of one element and are not watched."""
    lectures: list = []
    lus = tuple(_lue(a, (n,), lectures) for n, a in enumerate(args))
    resultat = fonction(*lus)
    return {messages.RENVOIE: _sans_lecture(resultat), messages.HORS_LIMITES: list(lectures),
            messages.ARGUMENTS: _sans_lecture(lus)}


_FICHIERS_DU_COUREUR = frozenset(os.path.join(os.path.dirname(__file__), nom)
                                  for nom in os.listdir(os.path.dirname(__file__) or ".") if nom.endswith(".py"))
"""The files of the runner's folder, as its frames name them: the runner's own frames, never the student's (not
counted as calls, never stopped by the alarm)."""

_COMPREHENSIONS = frozenset({"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"})


def _comprehension(cadre: Any) -> bool:
    """A comprehension's own frame: its name, and its code a constant of the code that made it (a recursive
    function renamed ``<listcomp>`` is not one)."""
    code, appelant = cadre.f_code, cadre.f_back
    return code.co_name in _COMPREHENSIONS and appelant is not None and code in appelant.f_code.co_consts


def _observer_appels(fonction: Callable, args: tuple) -> dict:
    """The value, and ``{name: calls}`` for every Python function called during the call, lambdas under
    ``<lambda>`` (a recursion written as a lambda is counted too); the runner's own frames and the
    comprehensions are left out.  A call that changes the profile function (``sys.setprofile``) makes the
    count ``None``: it cannot be trusted.  A call that starts a thread or a process (:class:`_Demarrages`),
    whose calls this process cannot count, makes it the French reason why it was not counted."""
    import threading

    compte: dict[str, int] = {}

    def profil(cadre: Any, evenement: str, arg: Any) -> None:
        if evenement == "call" and cadre.f_code.co_filename not in _FICHIERS_DU_COUREUR and not _comprehension(cadre):
            nom = cadre.f_code.co_name
            compte[nom] = compte.get(nom, 0) + 1
        elif evenement == "c_call" and arg in demarrages.fonctions:
            demarrages.vus.append(getattr(arg, "__name__", "?"))

    def profil_fil(cadre: Any, evenement: str, arg: Any) -> None:  # the first event of a thread started
        demarrages.vus.append("thread")
        sys.setprofile(None)

    demarrages = _Demarrages()
    avant, avant_fils = sys.getprofile(), threading.getprofile()
    threading.setprofile(profil_fil)
    sys.setprofile(profil)
    try:
        resultat = fonction(*args)
    finally:
        fidele = sys.getprofile() is profil
        sys.setprofile(avant)
        threading.setprofile(avant_fils)
        raison = demarrages.raison()
    appels: Any = dict(sorted(compte.items())) if fidele else None
    if raison is not None:
        appels = raison
    return {messages.RENVOIE: resultat, messages.APPELS: appels, messages.ARGUMENTS: args}


_EVENEMENTS_PROCESSUS = frozenset({"os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.system", "os.exec",
                                   "subprocess.Popen"})
"""The audit events (``sys.addaudithook``) of a process being started, whatever code reached them."""
_TEMOINS: list[list] = []  # the lists of the calls being watched (:class:`_Demarrages`), for the audit hook


def _audit(evenement: str, arguments: Any) -> None:
    if _TEMOINS and evenement in _EVENEMENTS_PROCESSUS:
        for vus in _TEMOINS:
            vus.append(evenement)


def _espace_pid_propre() -> bool:
    """Whether this process runs in a PID namespace of its sandbox's own (``bac_a_sable``: bwrap is its
    process 1): there, any thread or process started changes the namespace's last PID."""
    try:
        with _OUVRIR("/proc/1/comm", encoding="ascii", errors="replace") as f:
            return f.read().strip() == "bwrap"
    except OSError:
        return False


def noter_espace_pid() -> None:
    """Called by the runner (``boucle.principal``) before any student code exists: whether it runs in a PID
    namespace of its sandbox's own, where :class:`_Demarrages` then watches every new PID."""
    _ETAT_DEMARRAGES["espace_propre"] = _espace_pid_propre()


def _dernier_pid() -> int | None:
    """The last PID given in this sandbox's PID namespace (``None`` outside the runner in a sandbox of its own)."""
    if not _ETAT_DEMARRAGES.get("espace_propre"):  # set by the runner only (``principal``): nowhere else is the
        return None  # namespace known to hold nothing but the runner
    try:
        with _OUVRIR("/proc/sys/kernel/ns_last_pid", encoding="ascii") as f:
            return int(f.read())
    except (OSError, ValueError):
        return None


_FILS = frozenset({"thread", "start_new_thread"})  # what :class:`_Demarrages` notes for a thread started
_ETAT_DEMARRAGES: dict[str, Any] = {}  # per process: the audit hook added, the runner in a PID namespace of its own
_OUVRIR = open  # captured before any student code exists (it may replace open)


class _Demarrages:
    """Watches one call of the kind ``appels`` for a thread or a process it starts: the audit events of a new
    process (a hook added once per process), a C call that starts a thread seen by the profile, a thread of
    ``threading`` (its profile hook), more threads alive after the call than before and, in a sandbox of its
    own, any new PID in its namespace (every thread and process, however started)."""

    def __init__(self) -> None:
        import _thread
        import threading

        if "audit" not in _ETAT_DEMARRAGES:
            sys.addaudithook(_audit)
            _ETAT_DEMARRAGES["audit"] = True
        self.vus: list[str] = []
        self.fonctions = frozenset({_thread.start_new_thread, threading._start_new_thread, os.fork})
        self.fils = _thread._count()
        _TEMOINS.append(self.vus)
        self.pid = _dernier_pid()

    def raison(self) -> str | None:
        """Stop watching; the French reason why the calls were not counted, or ``None``."""
        import _thread

        pid = _dernier_pid()
        if self.vus in _TEMOINS:
            _TEMOINS.remove(self.vus)
        if _thread._count() > self.fils:
            self.vus.append("thread")
        if self.pid is not None and pid != self.pid:
            self.vus.append("pid")
        if not self.vus:
            return None
        vus = set(self.vus)
        fils, autres = vus & _FILS, vus - _FILS - {"pid"}
        quoi = ("un fil d'exécution (thread)" if fils and not autres else "un autre processus" if autres and not fils
                else "un fil d'exécution (thread) ou un processus")
        return (f"non comptés : la fonction a démarré {quoi} pendant l'appel, où ses appels ne peuvent pas être "
                f"comptés ; la récursion et la mémoïsation sont jugées sur les appels faits par la fonction "
                f"elle-même, sans thread ni processus")


AFFICHE_AVANT_MAX = 10_000
"""How many characters of what a function that reads the keyboard shows before each answer are kept (the last
ones, nearest the question): the observation stays bounded however much the function prints."""


def _observer_saisies(fonction: Callable, args: tuple) -> dict:
    """A function that reads the keyboard: ``args`` = its arguments, then the answers typed, in order.

    ``input`` gives the answers one by one (``EOFError`` once they are all
    read); what the function prints is captured, the prompts passed to
    ``input`` with it.  Observed: how many answers it read, what it showed
    before each one (the text printed since the previous answer, or the
    start, then the prompt: its last :data:`AFFICHE_AVANT_MAX` characters),
    and the lines it printed after the last one (the end of the game).
    """
    import builtins
    import contextlib
    import io

    *arguments, saisies = args
    sortie = io.StringIO()
    fins: list[int] = []  # where the output stood when each answer was read, its prompt printed

    def lire(invite: Any = "") -> str:
        print(invite, end="")
        if len(fins) >= len(saisies):
            raise EOFError("plus aucune saisie au clavier : la partie aurait dû s'arrêter")
        fins.append(len(sortie.getvalue()))
        return str(saisies[len(fins) - 1])

    ancien = builtins.input
    builtins.input = lire
    try:
        with contextlib.redirect_stdout(sortie):
            fonction(*arguments)
    finally:
        builtins.input = ancien
    texte = sortie.getvalue()
    avant = [texte[debut:fin][-AFFICHE_AVANT_MAX:] for debut, fin in zip([0, *fins], fins)]
    lignes = [l.strip() for l in texte[(fins or [0])[-1]:].splitlines() if l.strip()]
    return {messages.SAISIES_LUES: len(fins), messages.AFFICHE_AVANT: avant, messages.AFFICHE_FIN: lignes,
            messages.ARGUMENTS: tuple(args)}


class AppelTropLong(BaseException):
    """Raised by the alarm of :func:`evaluer_cas` in a call that takes more than its time (not an
    ``Exception``: ``except Exception`` in the student's code does not swallow it)."""


class _Minuterie:
    """The alarm of one call: raises :class:`AppelTropLong` in the call, then at each line of it.

    A student's loop that catches everything (``while True: try: … except:
    pass``, a keyboard loop with a bare ``except``) would swallow a single
    exception: once the alarm has rung (it rings again every 0.2 s), every
    line run by a frame that is not the runner folder's raises again, until the
    call has unwound.  It never raises in the runner folder's own frames: the
    clean-up of :func:`evaluer_cas` cannot be cut short.
    """

    def __init__(self) -> None:
        self.sonne = False
        self.cadres: list[tuple[Any, Any]] = []  # (frame, its trace function before the alarm)

    def sonner(self, signum: int, cadre: Any) -> None:
        if not self.sonne:
            self.sonne = True
            sys.settrace(self.tracer)
            haut = cadre
            while haut is not None:
                if haut.f_code.co_filename not in _FICHIERS_DU_COUREUR:
                    self.cadres.append((haut, haut.f_trace))
                    haut.f_trace = self.tracer
                haut = haut.f_back
        if cadre is not None and cadre.f_code.co_filename not in _FICHIERS_DU_COUREUR:
            raise AppelTropLong()

    def tracer(self, cadre: Any, evenement: str, arg: Any) -> Any:
        if cadre.f_code.co_filename in _FICHIERS_DU_COUREUR:
            return None
        if self.sonne and evenement == "line":
            raise AppelTropLong()
        return self.tracer

    def arreter(self, trace: Any) -> None:
        """After the call: no more raising, the trace functions as they were."""
        self.sonne = False
        sys.settrace(trace)
        for cadre, avant in self.cadres:
            cadre.f_trace = avant
        self.cadres.clear()


def alarme_possible(minuteur: int = signal.ITIMER_REAL) -> bool:
    """Whether this process can time a call with ``minuteur`` (``ITIMER_REAL``: ``SIGALRM``): the main thread
    of a POSIX process where that timer is free (the runner's question timer is never overridden)."""
    import threading

    return (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
            and signal.getitimer(minuteur) == (0.0, 0.0))


def evaluer_cas(observation: str, fonction: Callable, args: tuple, garde: Garde, delai: float | None = None,
                temps_cpu: bool = False) -> dict:
    """One case as plain data: ``{"obs": …, "appels": n}``, ``{"exception": [type, message]}``,
    ``{"contrainte": message}`` or ``{"trop_long": seconds}``.

    ``delai``: seconds allowed to the call (``SIGALRM``, when :func:`alarme_possible`); a call that
    does not end in time (an endless loop or recursion) answers ``{"trop_long": delai}``.  ``temps_cpu``:
    those seconds are the process's CPU time (``SIGPROF``), not the wall clock's: a loaded machine does
    not shorten them.
    """
    garde.appels = 0
    return sous_delai(delai, lambda: _evaluer_cas(observation, fonction, args, garde), temps_cpu)


def sous_delai(delai: float | None, calcul: Callable[[], dict], temps_cpu: bool = False) -> dict:
    """``calcul()`` (a call of the student's code answering plain data) within ``delai`` seconds (of CPU
    time with ``temps_cpu``), when :func:`alarme_possible`; ``{"trop_long": delai}`` when it does not end
    in time."""
    minuteur, signe = (signal.ITIMER_PROF, signal.SIGPROF) if temps_cpu else (signal.ITIMER_REAL, signal.SIGALRM)
    if not delai or not alarme_possible(minuteur):
        return calcul()
    minuterie = _Minuterie()
    ancien, trace = signal.signal(signe, minuterie.sonner), sys.gettrace()
    signal.setitimer(minuteur, delai, 0.2)
    try:
        return calcul()
    except AppelTropLong:
        return {"trop_long": delai}
    finally:  # in the runner's folder: the alarm never raises here
        signal.setitimer(minuteur, 0)
        minuterie.arreter(trace)
        signal.signal(signe, ancien)


def _evaluer_cas(observation: str, fonction: Callable, args: tuple, garde: Garde) -> dict:
    try:
        obs = observer(observation, fonction, args)
    except ContrainteViolee as exc:
        return {"contrainte": str(exc)}
    except RecursionError:
        return {"exception": ["RecursionError", ""]}
    except BaseException as exc:  # the student's code may raise anything, SystemExit included
        if isinstance(exc, (Delai, KeyboardInterrupt, AppelTropLong, messages.ReponseTropGrande)):
            raise  # (the reply's budget: the whole question is over it)
        try:
            message = str(exc)[:300]
        except BaseException:
            message = ""
        return {"exception": [type(exc).__name__[:80], message]}
    return {"obs": encoder(obs), "appels": garde.appels}



class Delai(BaseException):
    """Raised by the alarm when a cell or a question takes too long."""


INTERRUPTIONS = (Delai, AppelTropLong)
"""What stops a student's call from outside (the time limits): never caught as the student's error."""

OUTILS_DE_PARTIE = types.SimpleNamespace(encoder=encoder, INTERRUPTIONS=INTERRUPTIONS)
"""What a subject's game question is run with (``jouer(fonction, espace, reference, outils)``): the runner's
encoding and what stops a call from outside."""

