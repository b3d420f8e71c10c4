"""Run a ``Spec`` on a student's function: dependencies swapped, constraints, feedback.

Used in two places: in the student's kernel for the visible examples
(``tester``) and in the clean process for the hidden corpus (``corriger``).
The first failing case is reported in French: the input, what was
expected, what came back, and the rule it breaks.

>>> from awale_ref import exam
>>> from awale_ref.grading.specs import SPECS
>>> verifier(SPECS["Q9"], exam.case_ramassable, [([1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 8)]).ok
True
"""

from __future__ import annotations

import builtins
import copy
import json
import types
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from awale_ref.grading import executant
from awale_ref.grading.specs import Spec


ContrainteViolee = executant.ContrainteViolee


@dataclass
class Resultat:
    """Outcome of a check: ``ok``, the French message, how many cases ran."""

    ok: bool
    message: str
    nb_cas: int = 0


# ---------------------------------------------------------------- formatting
def _court(valeur: Any, limite: int = 300) -> str:
    texte = repr(valeur)
    return texte if len(texte) <= limite else texte[: limite - 1] + "…"


def decrire_appel(spec: Spec, args: tuple) -> str:
    noms = spec.parametres
    morceaux = [f"{nom}={_court(val)}" for nom, val in zip(noms, args)]
    return f"{spec.nom}({', '.join(morceaux)})"


def decrire_observation(obs: dict) -> str:
    return " ; ".join(f"{cle} {_court(val)}" for cle, val in obs.items())


def decrire_exception_nommee(nom: str, message: str) -> str:
    """What the student reads about an exception, known by its name and message (plain data from the runner)."""
    if nom == "NotImplementedError":
        return "la fonction n'est pas encore écrite (NotImplementedError)"
    if nom == "RecursionError":
        return "récursion infinie (RecursionError) : le cas de base n'est jamais atteint"
    message = _court(str(message), 200).strip("'\"") if message else ""
    return f"l'appel a levé {nom} : {message}" if message else f"l'appel a levé {nom} (sans message)"


def message_echec(spec: Spec, args: tuple, attendu: str, obtenu: str, regle: str) -> str:
    return (f"{spec.question} — {spec.nom} : un cas ne donne pas le résultat attendu.\n"
            f"  entrée  : {decrire_appel(spec, args)}\n"
            f"  attendu : {attendu}\n"
            f"  obtenu  : {obtenu}\n"
            f"  règle   : {regle}")


# ---------------------------------------------------------------- static checks
def codes_de(fonction: Callable) -> list[types.CodeType]:
    """The code object of ``fonction`` and every nested code object."""
    pile, codes = [fonction.__code__], []
    while pile:
        code = pile.pop()
        codes.append(code)
        pile.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return codes


def noms_utilises(fonction: Callable) -> set[str]:
    """Global and attribute names used by ``fonction`` and the student's helpers it calls."""
    vus: set[int] = set()
    noms: set[str] = set()
    a_voir = [fonction]
    while a_voir:
        f = a_voir.pop()
        if id(f) in vus or not isinstance(f, types.FunctionType):
            continue
        vus.add(id(f))
        for code in codes_de(f):
            noms.update(code.co_names)
            for nom in code.co_names:
                aide = f.__globals__.get(nom)
                if isinstance(aide, types.FunctionType) and aide.__module__ == f.__module__:
                    a_voir.append(aide)
    return noms


def controles_statiques(spec: Spec, fonction: Callable) -> str | None:
    """French reason when the source breaks one of the exam's constraints."""
    noms = noms_utilises(fonction)
    if "recursive" in spec.contraintes and spec.nom not in {n for c in codes_de(fonction) for n in c.co_names}:
        return (f"{spec.question} — {spec.nom} doit être récursive : elle doit s'appeler elle-même "
                f"(l'énoncé l'exige).")
    if "sans_deepcopy" in spec.contraintes and "deepcopy" in noms:
        return f"{spec.question} — {spec.nom} ne doit pas utiliser deepcopy (interdit par l'énoncé)."
    if "sans_max_min_sort" in spec.contraintes:
        interdits = sorted(noms & {"max", "min", "sort", "sorted"})
        if interdits:
            return (f"{spec.question} — {spec.nom} utilise {', '.join(interdits)} : "
                    f"l'annexe de l'épreuve interdit max, min et sort.")
    return None


# ---------------------------------------------------------------- swapping dependencies
def _interdit(nom: str) -> Callable:
    def refus(*args: Any, **kwargs: Any) -> Any:
        raise ContrainteViolee(f"utilisation de {nom}, interdite par l'énoncé")

    return refus


class _CopieSansDeepcopy(types.ModuleType):
    """Stands for the ``copy`` module inside a function that must not use deepcopy."""

    copy = staticmethod(copy.copy)
    deepcopy = staticmethod(_interdit("deepcopy"))


def preparer(spec: Spec, fonction: Callable, reference: types.ModuleType,
             garde: executant.Garde | None = None) -> Callable:
    """A new function with the same code, whose dependencies are the reference's.

    Its own name points to itself (recursion goes through the student's
    code); the constraints of the question are enforced at run time.
    """
    espace = dict(fonction.__globals__)
    for nom in spec.dependances:
        espace[nom] = getattr(reference, nom)
    if "sans_max_min_sort" in spec.contraintes:
        espace["__builtins__"] = {**vars(builtins), **{n: _interdit(n) for n in ("max", "min", "sorted")}}
    if "sans_deepcopy" in spec.contraintes:
        espace["deepcopy"] = _interdit("deepcopy")
        if isinstance(espace.get("copy"), types.ModuleType):
            espace["copy"] = _CopieSansDeepcopy("copy")
    nouvelle = types.FunctionType(fonction.__code__, espace, fonction.__name__,
                                  fonction.__defaults__, fonction.__closure__)
    nouvelle.__kwdefaults__ = fonction.__kwdefaults__
    appel = executant.envelopper(nouvelle, garde or executant.Garde())
    espace[spec.nom] = appel
    if fonction.__name__ != spec.nom:
        espace[fonction.__name__] = appel
    return appel


def attendu_de(spec: Spec, args: tuple, reference: types.ModuleType) -> dict:
    """The reference's observation on ``args``, as exact data (judge side)."""
    return executant.exact(spec.observer(getattr(reference, spec.nom), args))


def juger_cas(spec: Spec, args: tuple, reponse: dict, attendu: dict) -> str | None:
    """The French failure message of one case, or ``None``.

    ``reponse`` is plain data as the runner sends it (``executant.evaluer_cas``):
    nothing of the student's code is called here; its values are rebuilt
    from exact builtin types before any comparison.
    """
    if not isinstance(reponse, dict):
        return message_echec(spec, args, decrire_observation(attendu), "réponse illisible", spec.regle)
    if "contrainte" in reponse:
        return message_echec(spec, args, decrire_observation(attendu), str(reponse["contrainte"]), spec.regle)
    if "exception" in reponse:
        nom, message = (list(reponse["exception"]) + ["", ""])[:2]
        return message_echec(spec, args, decrire_observation(attendu),
                             decrire_exception_nommee(str(nom), str(message)), spec.regle)
    try:
        obtenu = executant.decoder(reponse.get("obs"))
    except executant.ObjetRefuse as exc:
        return message_echec(spec, args, decrire_observation(attendu), f"la fonction renvoie {exc}", spec.regle)
    if type(obtenu) is not dict:
        return message_echec(spec, args, decrire_observation(attendu), "réponse illisible", spec.regle)
    apres = obtenu.pop("__arguments__", None)
    if "arguments_intacts" in spec.contraintes and apres is not None and apres != tuple(args):
        return message_echec(spec, args, decrire_observation(attendu),
                             f"les arguments ont été modifiés par l'appel (avant : {_court(tuple(args))}, après : "
                             f"{_court(apres)}) ; l'énoncé demande de ne pas les modifier", spec.regle)
    if not spec.conforme(obtenu, attendu, args):
        regle = (spec.diagnostic and spec.diagnostic(args, obtenu, attendu)) or spec.regle
        return message_echec(spec, args, decrire_observation(attendu), decrire_observation(obtenu), regle)
    if "recursive" in spec.contraintes and reponse.get("appels") == 1:
        recoltees = sum(1 for a, b in zip(args[0], attendu.get("plateau après l'appel", [])) if a != b)
        if recoltees >= 2:
            return (f"{spec.question} — {spec.nom} doit être récursive : pour {decrire_appel(spec, args)} elle "
                    f"récolte {recoltees} cases sans jamais s'appeler elle-même.")
    return None


# ---------------------------------------------------------------- the check itself (in one process)
def verifier(spec: Spec, fonction: Callable, cas: Iterable[tuple],
             reference: types.ModuleType | None = None) -> Resultat:
    """Compare ``fonction`` with the reference on every case; stop at the first failure.

    In one process (the visible tests in the student's kernel, the
    self-study checks): each case goes through the same plain-data round
    trip and the same :func:`juger_cas` as the judge's hidden tests.
    """
    if reference is None:
        from awale_ref import exam as reference
    if not callable(fonction):
        return Resultat(False, f"{spec.question} — {spec.nom} devrait être une fonction, "
                               f"pas un objet de type {type(fonction).__name__}.")
    garde = executant.Garde()
    if isinstance(fonction, types.FunctionType):
        raison = controles_statiques(spec, fonction)
        if raison:
            if "NotImplementedError" in fonction.__code__.co_names:  # still nbgrader's stub
                return Resultat(False, f"{spec.question} — {spec.nom} : "
                                       f"{decrire_exception_nommee('NotImplementedError', '')}.")
            return Resultat(False, raison)
        etudiant = preparer(spec, fonction, reference, garde)
    else:
        etudiant = executant.envelopper(fonction, garde)
    n = 0
    for args in cas:
        n += 1
        attendu = attendu_de(spec, args, reference)
        reponse = json.loads(json.dumps(executant.evaluer_cas(spec.genre, etudiant, args, garde)))
        echec = juger_cas(spec, args, reponse, attendu)
        if echec:
            return Resultat(False, echec, n)
    return Resultat(True, f"{spec.question} — {spec.nom} : {n} cas vérifiés, tous corrects.", n)
