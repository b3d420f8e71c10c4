"""Which functions of a set of modules answer a graded question: each is run on the question's hidden cases.

Used by ``pipeline.paquet_eleve`` twice, each time as ``python pipeline/essai_paquet.py`` in a process of its
own: on the course's package, to find what the students' environment must not ship while an assignment is
open, and on the package it wrote (with that package alone on the path: this file imports only the runner's
``executant``), to check that nothing it ships still answers.  A *charge* is one graded function's cases as
plain data (``charge``): its observation kind, the positions of the parameters that take a function (resolved
in ``module_des_fonctions``), each case's arguments and the reference's observation, encoded
(``encodage.encoder``).

A function *answers* a question when it gives the reference's observation on at least half of the cases
where a function that does nothing does not (``REUSSITE_MIN``), and more of them than a constant answer
(``TRIVIALES``): a partial version earns points too.  A graded
function that Python itself answers (``copy.deepcopy`` is a working ``copie``: ``DU_LANGAGE``) is not sought.
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import inspect
import io
import json
import signal
import sys
from typing import Any

from awale_ref.grading.executant import encodage, messages, observations

DELAI_S = 0.5
"""Seconds of CPU time allowed to one call of a function tried on one case (an engine's search, a runaway
loop): CPU time, so that a loaded machine does not make a working version look too slow to count."""

REUSSITE_MIN = 0.8
"""The share of the discriminating cases a function must get right to count as a working version."""


ATTENTE_MAX_S = 5.0
"""Seconds of wall-clock time after which a call is stopped whatever CPU time it used: a function that waits
(for the keyboard, a sleep) uses none."""


class _Attente(Exception):
    """A call stopped by :data:`ATTENTE_MAX_S`."""


def _trop_attendu(signum: int, cadre: Any) -> None:
    raise _Attente()


TROP_LONG = "trop long"
"""What :func:`observation` answers for a call that did not end in time: the function is tried no further."""


def _rien(*args: Any, **kwargs: Any) -> None:
    """What a function that does nothing answers (a case it gets right judges nothing)."""


def _constante(valeur: Any) -> Any:
    def constante(*args: Any, **kwargs: Any) -> Any:
        return valeur

    return constante


TRIVIALES = (_constante(True), _constante(False), _constante(0), _constante([]))
"""Constant answers: a function must get more cases right than the best of them (a comparison that always
answers False is no ``test_case``)."""


def observation(charge: dict, fonction: Any, args: tuple) -> Any:
    """The observation of ``fonction`` on ``args`` (encoded, the arguments' echo left out), None if it raised,
    ran too long or cannot be called so."""
    try:
        inspect.signature(fonction).bind(*args)
    except TypeError:
        return None
    except ValueError:  # a builtin without a signature
        pass
    if charge["fonctions"]:
        espace = vars(importlib.import_module(charge["module_des_fonctions"]))
        fonction = observations.avec_fonctions(fonction, charge["fonctions"], espace)
    ancien = signal.signal(signal.SIGALRM, _trop_attendu)
    signal.setitimer(signal.ITIMER_REAL, ATTENTE_MAX_S)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            # (the observation runs the function on a fresh copy of ``args``: the case is never changed)
            resultat = observations.evaluer_cas(charge["observation"], fonction, args, observations.Garde(),
                                             delai=DELAI_S, temps_cpu=True)
    except KeyboardInterrupt:
        raise
    except BaseException:  # a timer of the function's own code, a call that outlived its delay or waited too long
        return TROP_LONG
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, ancien)
    if "trop_long" in resultat or (resultat.get("exception") or [None])[0] == _Attente.__name__:
        return TROP_LONG  # (the function's own frames caught the stop and reported it as its exception)
    if "obs" not in resultat:
        return None
    obs = resultat["obs"]
    if isinstance(obs, dict):
        obs = {k: v for k, v in obs.items() if k != messages.ARGUMENTS}
    return json.dumps(obs, sort_keys=True)


def repond(charge: dict, fonction: Any) -> bool:
    """True when ``fonction`` is a working (or partly working) version of the charge's graded function."""
    if "utiles" not in charge:  # computed once per charge
        cas = [(encodage.decoder(a), attendu) for a, attendu in charge["cas"]]
        charge["utiles"] = [(args, attendu) for args, attendu in cas if observation(charge, _rien, args) != attendu]
        charge["constantes"] = max([sum(observation(charge, f, args) == attendu for args, attendu in charge["utiles"])
                                    for f in TRIVIALES] + [0])
    utiles = charge["utiles"]
    if not utiles:
        return False
    try:
        inspect.signature(fonction).bind(*utiles[0][0])
    except TypeError:  # cannot be called so: not a version of it
        return False
    except ValueError:  # a builtin without a signature: tried
        pass
    besoin, justes = max(REUSSITE_MIN * len(utiles), charge["constantes"] + 1), 0
    for rang, (args, attendu) in enumerate(utiles):
        obtenu = observation(charge, fonction, args)
        if obtenu == TROP_LONG:
            return False
        justes += obtenu == attendu
        if justes >= besoin:
            return True
        if justes + len(utiles) - rang - 1 < besoin:
            return False
    return False


NOYAU = "awale_ref.grading"
"""The grading core the visible tests share with the runner: no game in it, and its functions drive processes
and channels (not tried)."""


def fonctions_des_modules(modules: list[str]) -> dict[str, Any]:
    """``{"module.nom": function}``: every plain function defined at the top level of ``modules`` (but the
    grading core's, :data:`NOYAU`)."""
    trouvees = {}
    for nom_module in modules:
        if nom_module == NOYAU or nom_module.startswith(NOYAU + "."):
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            module = importlib.import_module(nom_module)
        for nom, objet in vars(module).items():
            if inspect.isfunction(objet) and objet.__module__ == nom_module:
                trouvees[f"{nom_module}.{nom}"] = objet
    return trouvees


DU_LANGAGE = (copy.deepcopy, copy.copy, list, sorted, len, sum, max, min, any, all)
"""Functions every student has: a graded function one of them answers is no secret of the environment."""


def reponses(modules: list[str], charges: dict[str, dict]) -> dict[str, list[str]]:
    """``{"module.nom": [graded function it answers, …]}`` over every function of ``modules`` (the graded
    functions Python answers left out: ``DU_LANGAGE``)."""
    charges = {note: charge for note, charge in charges.items()
               if not any(repond(charge, fonction) for fonction in DU_LANGAGE)}
    trouvees: dict[str, list[str]] = {}
    for nom, fonction in fonctions_des_modules(modules).items():
        for note, charge in charges.items():
            if repond(charge, fonction):
                trouvees.setdefault(nom, []).append(note)
    return trouvees


def main() -> None:
    """``essai_paquet.py DEMANDE REPONSE``: read ``{"modules": [...], "charges": {...}}`` from the file DEMANDE,
    write :func:`reponses` as JSON into the file REPONSE (the functions tried may close the standard streams)."""
    demande = json.loads(open(sys.argv[1], encoding="utf-8").read())
    resultat = reponses(demande["modules"], demande["charges"])
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(resultat, f)


if __name__ == "__main__":
    main()
