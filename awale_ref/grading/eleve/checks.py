"""Run a ``Spec`` on a student's function in one process: the verdict's path, composed.

Used in the student's kernel for the visible examples (``tester``), by the self-study checks and in the
clean process for the hidden corpus (``corriger``).  :func:`verifier` reads the constraints in the source
(:mod:`contraintes`), runs every case through the same plain-data round trip as the runner
(:mod:`executant`), then :func:`conclure` chains the steps the judge (:mod:`juge`) chains too, each
entered once and in order: judging by rule family (:mod:`familles`), shrinking the first failing case
(:mod:`retrecissement`, handed the callables that run and judge a candidate) and rendering
(:mod:`rendu`).  The first failing case is reported in French: the input, what was expected, what came
back, and the rule it breaks (:mod:`textes`; each subject's tests run it on its specs:
``tests/test_familles.py``, ``awale_ref/sujets/olympiades_2025_*/tests/test_olympiades_specs_*.py``).
"""

from __future__ import annotations

import builtins
import copy
import json
import types
from typing import Callable, Iterable

from awale_ref.grading.eleve import contraintes, familles, rendu, retrecissement
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.grading.eleve.specs import Spec
from awale_ref.grading.eleve.textes import decrire_trop_grande
from awale_ref.grading.executant import messages, observations


DELAI_APPEL_S = 10.0
"""Seconds allowed to one call of the student's function in the visible tests and the self-study checks
(the grading has its own limits: ``juge.DELAI_QUESTION_S``)."""


# ---------------------------------------------------------------- swapping dependencies
def preparer(spec: Spec, fonction: Callable, reference: types.ModuleType,
             garde: observations.Garde | None = None) -> Callable:
    """A new function with the same code, whose dependencies are the reference's.

    Its own name points to itself (recursion goes through the student's
    code); the constraints of the question are trapped at run time by
    :func:`verifier` (``observations.installer_contraintes``).
    """
    espace = dict(fonction.__globals__)
    for nom, valeur in vars(reference).items():  # every other exam function is the reference's
        if isinstance(valeur, types.FunctionType) and nom != spec.nom and not nom.startswith("_"):
            espace[nom] = valeur
    nouvelle = types.FunctionType(fonction.__code__, espace, fonction.__name__,
                                  fonction.__defaults__, fonction.__closure__)
    nouvelle.__kwdefaults__ = fonction.__kwdefaults__
    appel = observations.envelopper(nouvelle, garde or observations.Garde())
    appel.espace = espace  # type: ignore[attr-defined]  # its own globals, where aliases get trapped
    espace[spec.nom] = appel
    if fonction.__name__ != spec.nom:
        espace[fonction.__name__] = appel
    return appel


# ---------------------------------------------------------------- the check itself (in one process)
def verifier(spec: Spec, fonction: Callable, cas: Iterable[tuple],
             reference: types.ModuleType | None = None, retrecir: bool = False,
             attendus: list[dict] | None = None, exemples: bool = False,
             delai: float | None = None, cellules: list[contraintes.Cellule] | None = None) -> Resultat:
    """Compare ``fonction`` with the reference on every case, per rule family.

    In one process (the visible tests in the student's kernel, the
    self-study checks): each case goes through the same plain-data round
    trip and the same :func:`juger_familles` as the judge's hidden tests;
    with ``retrecir``, a failing case is shrunk to the smallest one.  The
    exam's constraints are read in the source by the judge's own check
    (:mod:`awale_ref.grading.eleve.contraintes`), on ``cellules``: by default the
    cells the kernel ran (:func:`contraintes.cellules_de`); a function whose
    source is nowhere (``exec`` of a string) is only watched by the run-time traps.
    ``exemples``: ``cas`` are only the statement's examples (a visible test),
    which cannot judge every rule: the verdict states the failing example,
    never rule families or points.  ``delai``: seconds allowed to each call
    of ``fonction`` (:func:`observations.evaluer_cas`), when the process can
    set an alarm.
    """
    if reference is None:
        reference = spec.module_reference()
    if not callable(fonction):
        return Resultat(False, f"{spec.question} — {spec.nom} devrait être une fonction, "
                               f"pas un objet de type {type(fonction).__name__}.")
    garde = observations.Garde()
    raisons: dict[str, str] = {}
    if isinstance(fonction, types.FunctionType):
        cellules = contraintes.cellules_de(fonction) if cellules is None else cellules
        raison = contraintes.violation(spec, cellules or [], fonction.__name__)
        if raison:
            return Resultat(False, raison)
        recursion = contraintes.recursion_absente(spec, cellules or [], fonction.__name__)
        if recursion and "NotImplementedError" not in fonction.__code__.co_names:  # not nbgrader's stub
            raisons["recursive"] = recursion
        etudiant = preparer(spec, fonction, reference, garde)
    else:
        etudiant = observations.envelopper(fonction, garde)

    appel = spec.appelable(etudiant, reference)

    def evaluer(lot: list[tuple]) -> list:
        reponses = []
        for args in lot:
            reponse = json.loads(json.dumps(observations.evaluer_cas(spec.observation, appel, args, garde, delai)))
            if "trop_long" in reponse:  # no further case: each would wait as long
                raise _SansFin(args, reponse["trop_long"])
            reponses.append(reponse)
        return reponses

    cas = [spec.nommer(args) for args in cas]
    if attendus is None:  # the reference's observations (given when already computed for many functions)
        attendus = [spec.attendu(args, reference) for args in cas]
    originaux = (copy.deepcopy, builtins.max, builtins.min, builtins.sorted)
    try:  # the run-time traps, as in the runner: a forbidden call fails whatever name or helper reaches it
        observations.installer_contraintes(list(spec.contraintes), getattr(etudiant, "espace", {}), garde)
        try:
            reponses = evaluer(cas)
        except _SansFin as arret:
            n = cas.index(arret.cas)
            return rendu.resultat_trop_long(spec, arret.cas, attendus[n], arret.secondes, n + 1, resume=not exemples)
        except messages.ReponseTropGrande as exc:  # an answer over the reply's budget, as the judge would refuse it
            return Resultat(False, f"{spec.question} — {decrire_trop_grande(exc.limite)}.")
        return conclure(spec, cas, reponses, attendus, raisons, evaluer if retrecir else None, reference,
                        resume=not exemples)
    finally:
        copy.deepcopy, builtins.max, builtins.min, builtins.sorted = originaux


class _SansFin(Exception):
    """A call of the student's function stopped by its time limit (in :func:`verifier`)."""

    def __init__(self, cas: tuple, secondes: float) -> None:
        super().__init__(cas, secondes)
        self.cas, self.secondes = cas, secondes


def conclure(spec: Spec, cas: list[tuple], reponses: list, attendus: list[dict], raisons: dict[str, str],
             evaluer: Callable[[list[tuple]], list] | None, reference: types.ModuleType,
             memo: dict | None = None, resume: bool = True) -> Resultat:
    """The verdict of a question from the answers to its cases: judged by rule family
    (:func:`familles.juger_familles`; ``memo``: see there), the first failing case shrunk with ``evaluer``
    (:func:`retrecissement.contre_exemple_du_bilan`), rendered (:func:`rendu.resultat_du_bilan`; ``resume``: see there)."""
    bilan = familles.juger(spec, cas, reponses, attendus, raisons, reference, memo)
    if isinstance(bilan, Resultat):  # a forbidden call: the whole question fails
        return bilan
    contre = retrecissement.contre_exemple_du_bilan(bilan, cas, reponses, attendus, evaluer=evaluer)
    return rendu.resultat_du_bilan(bilan, contre, resume)
