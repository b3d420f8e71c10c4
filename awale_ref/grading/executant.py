"""The runner: rebuilds a student's notebook from its submitted cells and answers with plain data.

Grading has three parties with one-way trust (docs/grading_security.md):
the student's *kernel* (untrusted, its results never count), this *runner*
(untrusted: it runs the student's code, in a sandbox) and the *judge*
(``awale_ref.grading.juge``: trusted, never runs student code).  This module
is the runner.  It is **self-contained** (standard library and IPython
only, never the ``awale_ref`` package): the judge mounts this file and
:mod:`awale_ref.grading.messages` (the protocol, standard library only)
beside it, read-only, in a sandbox where neither the package, the course nor
the expected answers exist.

What the runner does, on orders read as JSON lines on its standard input
(typed, versioned records: ``messages.Ordre``; one reply to each, a
``messages.Reponse`` whose outcome is a ``messages.Issue``):

- ``cellule``: run one code cell in an IPython shell (magics, ``display``,
  ``get_ipython`` work as in a notebook); an error ends only that cell;
- ``question``: fork, and in the child evaluate the graded name *as it is
  at this point of the notebook* on the inputs the judge sent, with every
  other exam function replaced by the plain reference code the judge sent
  (never the graded one); answer with plain data; the child then dies, so
  nothing a question installs survives it.

The inputs of a question come packed by :func:`emballer_cas` (the judge's
own data).  Everything that crosses back is encoded by :func:`encoder` into
JSON of exact builtin types (each case of a question as its own JSON text,
so that the judge recognises an answer it has already judged); the judge
decodes it with :func:`decoder`, which can
only ever build ``bool``, ``int``, ``float``, ``str``, ``None``, lists,
tuples and dicts.  An object of any other type, a subclass of ``int`` or
``dict`` included, arrives as a refusal, never as itself: there is no
``__eq__`` of the student's left to call.

The judge also uses the pure functions of this module in its own process
(encoding, observations, the SQL guard), so that both sides share one
definition.

>>> decoder(encoder({"cases": [4] * 2, "gain": (1, True)}))
{'cases': [4, 4], 'gain': (1, True)}
>>> class Menteur(int):
...     def __eq__(self, autre): return True
>>> encoder(Menteur(3))
{'__objet__': 'Menteur (sous-classe de int)'}
"""

from __future__ import annotations

import base64
import copy
import json
import marshal
import os
import pickle
import signal
import sqlite3
import sys
import types
from dataclasses import dataclass, field
from typing import Any, Callable

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

if __package__:  # the judge's process, the kernel's
    from awale_ref.grading import messages
else:  # the runner's script, in its sandbox: this file and messages.py beside it, nothing else of awale_ref
    import importlib.util

    _spec = importlib.util.spec_from_file_location(
        "_messages_du_juge", os.path.join(os.path.dirname(os.path.abspath(__file__)), "messages.py"))
    messages = importlib.util.module_from_spec(_spec)
    sys.modules[_spec.name] = messages  # dataclasses look their module up
    _spec.loader.exec_module(messages)


# ---------------------------------------------------------------- exact data across the boundary
class ObjetRefuse(ValueError):
    """Raised by :func:`decoder` for a value that was not plain data (message in French)."""


def _nom_type(valeur: Any) -> str:
    t = type(valeur)
    for base in (bool, int, float, str, list, tuple, dict):
        if isinstance(valeur, base):
            return f"{t.__qualname__} (sous-classe de {base.__name__})"
    return t.__qualname__


def encoder(valeur: Any, niveau: int = 0, reste: list[int] | None = None) -> Any:
    """``valeur`` as JSON-ready data of exact builtin types; anything else becomes a refusal marker.

    Tuples and dicts whose keys are not all ``str`` are tagged
    (``{"__tuple__": [...]}``, ``{"__dict__": [[k, v], ...]}``).  ``niveau`` counts the JSON containers
    around the value: past ``messages.IMBRICATION_MAX``, a value is refused (the reply's budget).  ``reste``:
    the values the reply's budget still allows (``messages.BUDGET.valeurs`` for a new value); each container
    takes its own and its elements' (fewer than its JSON text holds, ``messages.mesurer``), and
    ``messages.ReponseTropGrande`` is raised once they run out: nothing over the budget is ever built.
    """
    t = type(valeur)
    if valeur is None or t is bool or t is str or t is float:
        return valeur
    if t is int:
        if abs(valeur) >= 1 << 4000:  # str() of a huge int is refused by Python anyway
            return {"__objet__": "entier trop grand"}
        return valeur
    if niveau > messages.IMBRICATION_MAX:
        return {"__objet__": "structure trop profonde (ou qui se contient elle-même)"}
    if t is list or t is tuple or t is dict:
        if reste is None:
            reste = [messages.BUDGET.valeurs]
        reste[0] -= (2 if t is dict else 1) * len(valeur) + 1
        if reste[0] < 0:
            raise messages.ReponseTropGrande("valeurs", messages.BUDGET.valeurs - reste[0], messages.BUDGET.valeurs)
    if t is list:
        return [encoder(v, niveau + 1, reste) for v in valeur]
    if t is tuple:
        return {"__tuple__": [encoder(v, niveau + 2, reste) for v in valeur]}
    if t is dict:
        if all(type(k) is str for k in valeur) and not {"__tuple__", "__dict__", "__objet__"} & set(valeur):
            return {k: encoder(v, niveau + 1, reste) for k, v in valeur.items()}
        return {"__dict__": [[encoder(k, niveau + 3, reste), encoder(v, niveau + 3, reste)]
                             for k, v in valeur.items()]}
    return {"__objet__": _nom_type(valeur)}


_SIMPLES = frozenset((type(None), bool, int, float, str))


def emballer_cas(cas: list[tuple]) -> str:
    """The inputs of a question as the judge sends them: ``marshal`` (read many times faster than JSON by
    the runner), base64 in the JSON line.

    Only the judge's own data goes this way (the runner never sends
    ``marshal``, which is unsafe on untrusted bytes); the values are first
    made exact (:func:`exact`), and format 2 has no shared references, so
    that every case gets lists of its own, as from JSON.
    """
    return base64.b64encode(marshal.dumps([exact(c) for c in cas], 2)).decode("ascii")


def deballer_cas(texte: str) -> list[tuple]:
    """The inputs :func:`emballer_cas` packed (runner side)."""
    return [tuple(c) for c in marshal.loads(base64.b64decode(texte))]


def decoder(donnee: Any) -> Any:
    """The value that :func:`encoder` encoded, built only from exact builtin types.

    Raises :class:`ObjetRefuse` on a refusal marker or malformed data.
    """
    t = type(donnee)
    if t in _SIMPLES:
        return donnee
    if t is list:
        if all(type(v) in _SIMPLES for v in donnee):  # a board, a row of pixels: nothing inside to rebuild
            return list(donnee)
        return [decoder(v) for v in donnee]
    if t is dict:
        unique = len(donnee) == 1
        if unique and "__objet__" in donnee:
            raise ObjetRefuse(f"un objet de type {donnee['__objet__']!s:.120}, alors que seules des valeurs "
                              f"simples (int, float, bool, str, None, list, tuple, dict) sont acceptées")
        if unique and type(donnee.get("__tuple__")) is list:
            return tuple(decoder(v) for v in donnee["__tuple__"])
        if unique and type(donnee.get("__dict__")) is list:
            resultat = {}
            for paire in donnee["__dict__"]:
                if type(paire) is not list or len(paire) != 2:
                    raise ObjetRefuse("un dictionnaire mal formé")
                cle = decoder(paire[0])
                try:
                    resultat[cle] = decoder(paire[1])
                except TypeError:
                    raise ObjetRefuse(f"un dictionnaire dont une clé n'est pas hachable ({type(cle).__name__})") \
                        from None
            return resultat
        return {str(k): decoder(v) for k, v in donnee.items()}
    raise ObjetRefuse(f"une donnée illisible ({t.__name__})")


def exact(valeur: Any) -> Any:
    """``valeur`` rebuilt as exact builtin data (the round trip the runner's answers go through)."""
    return decoder(json.loads(json.dumps(encoder(valeur))))


# ---------------------------------------------------------------- running one case
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
    (:mod:`awale_ref.grading.contraintes`, which follows the code and refuses reflection).
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


def _lue(valeur: Any, chemin: tuple, lectures: list) -> Any:
    """``valeur`` with each list (and each list in it) a :class:`_ListeLue` that knows its path."""
    if type(valeur) is not list:
        return valeur
    liste = _ListeLue(_lue(v, (*chemin, i), lectures) for i, v in enumerate(valeur))
    liste._chemin, liste._lectures = chemin, lectures
    return liste


def _sans_lecture(valeur: Any, niveau: int = 0) -> Any:
    """``valeur`` with every :class:`_ListeLue` a plain list again (the data that crosses the boundary); past
    ``messages.IMBRICATION_MAX`` levels (a list put inside itself) left as it is, for :func:`encoder` to refuse."""
    if niveau > messages.IMBRICATION_MAX:
        return valeur
    if isinstance(valeur, list):  # a _ListeLue or any other list
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
        if evenement == "call" and cadre.f_code.co_filename != __file__ and not _comprehension(cadre):
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
    line run by a frame that is not this module's raises again, until the
    call has unwound.  It never raises in this module's own frames: the
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
                if haut.f_code.co_filename != __file__:
                    self.cadres.append((haut, haut.f_trace))
                    haut.f_trace = self.tracer
                haut = haut.f_back
        if cadre is not None and cadre.f_code.co_filename != __file__:
            raise AppelTropLong()

    def tracer(self, cadre: Any, evenement: str, arg: Any) -> Any:
        if cadre.f_code.co_filename == __file__:
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
    finally:  # in this module: the alarm never raises here
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
        if isinstance(exc, (_Delai, KeyboardInterrupt, AppelTropLong, messages.ReponseTropGrande)):
            raise  # (the reply's budget: the whole question is over it)
        try:
            message = str(exc)[:300]
        except BaseException:
            message = ""
        return {"exception": [type(exc).__name__[:80], message]}
    return {"obs": encoder(obs), "appels": garde.appels}


# ---------------------------------------------------------------- a subject's own kind: a game played with spies
def jouer_partie(code: str, fonction: Callable, espace: dict, reference: dict) -> dict:
    """Run a subject's game question: ``code`` is the source of its runner side (a module defining
    ``jouer(fonction, espace, reference, outils)``, sent by the judge as text, as the reference is), run here
    with this module's tools (``encoder``, ``INTERRUPTIONS``); its answer is plain data."""
    module = types.ModuleType("partie")
    exec(compile(code, "<partie du sujet>", "exec"), module.__dict__)
    outils = types.SimpleNamespace(encoder=encoder, INTERRUPTIONS=INTERRUPTIONS)  # not sys.modules: IPython's __main__
    return module.jouer(fonction, espace, reference, outils)


# ---------------------------------------------------------------- SQL: the student's query, guarded
BUDGET_INSTRUCTIONS = 200_000_000
PAS_PROGRESSION = 10_000
MAX_LIGNES = 100_000
LONGUEUR_MAX = 10_000_000
_ACTIONS_PERMISES = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION,
                     getattr(sqlite3, "SQLITE_RECURSIVE", 33)}


class ErreurRequete(Exception):
    """A query that cannot be run or was stopped (message in French, for the student)."""


@dataclass
class Reponse:
    """What a query returned: its column names and its rows; and the tables it read (SQLite's authorizer: a
    table whose rows were read, even with no column, ``SELECT COUNT(*) FROM t``)."""

    colonnes: tuple[str, ...]
    lignes: list[tuple]
    tables: frozenset[str] = field(default=frozenset(), repr=False, compare=False)


SANS_TABLE = ("la requête ne lit aucune table de la base : elle renverrait la même chose sur n'importe quelle base. "
              "La réponse doit se calculer à partir des tables (FROM …).")
"""What a visible test says of a query that reads no table (``SELECT 1``): it cannot answer a question on the
data (French, for the student)."""


def _autoriser(action: int, *details: Any) -> int:
    return sqlite3.SQLITE_OK if action in _ACTIONS_PERMISES else sqlite3.SQLITE_DENY


ELLIPSE = "..."
"""What the runner sends as the type of a query answer left as ``...`` (the notebook's blank)."""


def pas_une_requete(nom_type: str) -> str:
    """Why an answer of type ``nom_type`` (:data:`ELLIPSE` for ``...``) is no query (French, for the student)."""
    if nom_type == ELLIPSE:
        return "réponse pas encore donnée : écrivez votre requête entre les triples guillemets."
    return (f"la réponse doit être une chaîne de caractères contenant la requête SQL (entre triples guillemets), "
            f"pas un objet de type {nom_type[:80]}.")


def texte_de_requete(id: int, objet: Any) -> Any:
    """The runner's reply to a query question: the query's text only (at most one character more than
    ``messages.LONGUEUR_MAX_REQUETE``), or the type of a value that is not a ``str``.  The runner never runs
    the query: the judge does, in a process of its own that runs no student code (:func:`principal_sql`)."""
    if type(objet) is str:
        return messages.Reponse(id, messages.Issue.REQUETE, requete=objet[:messages.LONGUEUR_MAX_REQUETE + 1])
    return messages.Reponse(id, messages.Issue.REQUETE, texte=ELLIPSE if objet is ... else _nom_type(objet))


def proteger(connexion: sqlite3.Connection) -> sqlite3.Connection:
    """Make ``connexion`` refuse any change: ``query_only`` and a reading-only authorizer.

    >>> base = proteger(sqlite3.connect(":memory:"))
    >>> base.execute("CREATE TABLE t (x)")
    Traceback (most recent call last):
    ...
    sqlite3.DatabaseError: not authorized
    """
    connexion.set_authorizer(None)  # protecting twice: our own PRAGMA must get through
    connexion.execute("PRAGMA query_only = ON")
    connexion.set_authorizer(_autoriser)
    connexion.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, LONGUEUR_MAX)  # no zeroblob(10**9) eating the memory
    return connexion


def executer_requete(connexion: sqlite3.Connection, requete: Any, budget: int = BUDGET_INSTRUCTIONS) -> Reponse:
    """Run the student's ``requete`` on ``connexion`` under the guards; raise ``ErreurRequete`` in French.

    >>> executer_requete(sqlite3.connect(":memory:"), "SELEC 1")
    Traceback (most recent call last):
    ...
    awale_ref.grading.executant.ErreurRequete: SQLite refuse la requête : near "SELEC": syntax error.
    """
    if type(requete) is not str:
        raise ErreurRequete(pas_une_requete(ELLIPSE if requete is ... else _nom_type(requete)))
    requete = requete.strip().rstrip("; \t\n")  # "SELECT …;;" is still one query
    if not requete:
        raise ErreurRequete("la requête est vide.")
    proteger(connexion)
    tables: set[str] = set()

    def autoriser(action: int, *details: Any) -> int:
        if action == sqlite3.SQLITE_READ and details[0]:
            tables.add(details[0])
        return _autoriser(action, *details)

    connexion.set_authorizer(autoriser)
    compteur = [0]

    def progression() -> int:
        compteur[0] += PAS_PROGRESSION
        return 1 if compteur[0] > budget else 0

    connexion.set_progress_handler(progression, PAS_PROGRESSION)
    try:
        curseur = connexion.execute(requete)
        lignes = curseur.fetchmany(MAX_LIGNES + 1)
    except (sqlite3.Error, sqlite3.Warning) as exc:
        if "one statement at a time" in str(exc):
            raise ErreurRequete("une seule requête à la fois : un seul SELECT, sans second ordre après "
                                "un point-virgule.") from None
        if compteur[0] > budget:
            raise ErreurRequete(
                f"la requête a été arrêtée : elle dépasse le budget de calcul ({budget // 1_000_000} millions "
                f"d'instructions SQLite). Requête récursive sans fin, ou produit de tables sans condition "
                f"de jointure ?") from None
        if isinstance(exc, sqlite3.DataError) or "too big" in str(exc):
            raise ErreurRequete(f"la requête construit une valeur trop grande (plus de {LONGUEUR_MAX // 1_000_000} "
                                f"millions d'octets).") from None
        if str(exc) == "not authorized":
            raise ErreurRequete("seules les requêtes de lecture (SELECT) sont acceptées : votre requête "
                                "essaie de modifier la base ou d'en changer les réglages (INSERT, UPDATE, "
                                "DELETE, CREATE, DROP, ATTACH, PRAGMA…).") from None
        raise ErreurRequete(f"SQLite refuse la requête : {str(exc).rstrip('.')}.") from None
    finally:
        connexion.set_progress_handler(None, 0)
    if curseur.description is None:
        raise ErreurRequete("la requête ne renvoie aucune table : une requête SELECT est attendue.")
    if len(lignes) > MAX_LIGNES:
        raise ErreurRequete(f"la requête renvoie plus de {MAX_LIGNES} lignes : produit de tables sans "
                            f"condition de jointure ?")
    return Reponse(tuple(d[0] for d in curseur.description), lignes, frozenset(tables))


def evaluer_sql(requete: Any, base: str) -> dict:
    """The student's query on the read-only library file ``base``, as plain data."""
    try:
        connexion = sqlite3.connect(f"file:{base}?mode=ro&immutable=1", uri=True)
        try:
            reponse = executer_requete(connexion, requete)
        finally:
            connexion.close()
    except ErreurRequete as exc:
        return {"erreur_sql": str(exc)}
    return {"obs": encoder({"colonnes": list(reponse.colonnes), "lignes": [list(l) for l in reponse.lignes]})}


# ---------------------------------------------------------------- the runner process
class _Delai(BaseException):
    """Raised by the alarm when a cell or a question takes too long."""


INTERRUPTIONS = (_Delai, AppelTropLong)
"""What stops a student's call from outside (the time limits): never caught as the student's error."""


def _sonner(*_: Any) -> None:
    raise _Delai()


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
        return Reponse(ordre.id, Issue.PAS_UNE_FONCTION, texte=_nom_type(objet), appelable=callable(objet))
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
    _ETAT_DEMARRAGES["espace_propre"] = _espace_pid_propre()  # before any student code exists
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.enabled = False
    config.InteractiveShell.colors = "nocolor"
    shell = InteractiveShell.instance(config=config)
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
                    except _Delai:
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
    principal_sql() if sys.argv[1:] == ["--sql"] else principal(seul_dans_son_espace="--espace-pid" in sys.argv[1:])
