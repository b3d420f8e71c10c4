"""Run a ``Spec`` on a student's function: dependencies swapped, constraints, feedback.

Used in two places: in the student's kernel for the visible examples
(``tester``) and in the clean process for the hidden corpus (``corriger``).
The first failing case is reported in French: the input, what was
expected, what came back, and the rule it breaks (each subject's tests run it
on its specs: ``tests/test_familles.py``, ``tests/test_olympiades_specs_*.py``).
"""

from __future__ import annotations

import builtins
import copy
import hashlib
import json
import types
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from awale_ref.grading import contraintes, contre_exemples, executant, messages
from awale_ref.grading.specs import SANS_APPEL_RECURSIF, Famille, Spec, payees
from awale_ref.grading.textes import (  # noqa: F401  (the words of a verdict; imported from here too)
    LIBELLES, NE_S_ARRETE_PAS, _court, decrire_appel, decrire_exception_nommee, decrire_observation,
    decrire_trop_long, libelle, message_echec)


ContrainteViolee = executant.ContrainteViolee


@dataclass
class Resultat:
    """Outcome of a check: ``ok``, the French message, how many cases ran.

    ``fraction``: the share of the points earned (``None``: all or nothing,
    from ``ok``); ``familles``: ``(rule family, passed)`` pairs, for the
    feedback; ``contre_exemple``: the smallest failing call, as plain data
    (``{"appel": "f(…)", "plateau": [...]}``) for the drawn board.
    """

    ok: bool
    message: str
    nb_cas: int = 0
    fraction: float | None = None
    familles: list[tuple[str, bool]] = field(default_factory=list)
    contre_exemple: dict | None = None

    @property
    def part(self) -> float:
        """The share of the points earned, between 0 and 1."""
        return (1.0 if self.ok else 0.0) if self.fraction is None else self.fraction


DELAI_APPEL_S = 10.0
"""Seconds allowed to one call of the student's function in the visible tests and the self-study checks
(the grading has its own limits: ``juge.DELAI_QUESTION_S``)."""


# ---------------------------------------------------------------- swapping dependencies
def preparer(spec: Spec, fonction: Callable, reference: types.ModuleType,
             garde: executant.Garde | None = None) -> Callable:
    """A new function with the same code, whose dependencies are the reference's.

    Its own name points to itself (recursion goes through the student's
    code); the constraints of the question are trapped at run time by
    :func:`verifier` (``executant.installer_contraintes``).
    """
    espace = dict(fonction.__globals__)
    for nom, valeur in vars(reference).items():  # every other exam function is the reference's
        if isinstance(valeur, types.FunctionType) and nom != spec.nom and not nom.startswith("_"):
            espace[nom] = valeur
    nouvelle = types.FunctionType(fonction.__code__, espace, fonction.__name__,
                                  fonction.__defaults__, fonction.__closure__)
    nouvelle.__kwdefaults__ = fonction.__kwdefaults__
    appel = executant.envelopper(nouvelle, garde or executant.Garde())
    appel.espace = espace  # type: ignore[attr-defined]  # its own globals, where aliases get trapped
    espace[spec.nom] = appel
    if fonction.__name__ != spec.nom:
        espace[fonction.__name__] = appel
    return appel


def attendu_de(spec: Spec, args: tuple, reference: types.ModuleType) -> dict:
    """The reference's observation on ``args``, as exact data (judge side)."""
    return executant.exact(spec.observer(getattr(reference, spec.nom), args, reference))


def en_donnees(reponse: Any) -> Any:
    """One case's answer as plain data: the runner sends each case as its own JSON text (so that the
    judge can recognise an answer it has already judged without reading it); malformed text reads as
    ``None`` (an unreadable answer)."""
    if type(reponse) is not str:
        return reponse
    try:
        return json.loads(reponse)
    except ValueError:
        return None


def lire_cas(spec: Spec, args: tuple, reponse: Any) -> tuple[dict | None, Any, str | None]:
    """One case as the runner sent it: ``(observation, arguments after the call, failure text)``.

    ``reponse`` is plain data (``executant.evaluer_cas``): nothing of the
    student's code is called here; its values are rebuilt from exact builtin
    types before any comparison.  The failure text says what came back
    instead of an observation (an exception, a refused object).
    """
    reponse = en_donnees(reponse)
    if not isinstance(reponse, dict):
        return None, None, "réponse illisible"
    if "contrainte" in reponse:
        return None, None, str(reponse["contrainte"])
    if "trop_long" in reponse:
        return None, None, decrire_trop_long(reponse["trop_long"])
    if "exception" in reponse:
        nom, message = (list(reponse["exception"]) + ["", ""])[:2]
        return None, None, decrire_exception_nommee(str(nom), str(message))
    try:
        obtenu = executant.decoder(reponse.get("obs"))
    except executant.ObjetRefuse as exc:
        return None, None, f"la fonction renvoie {exc}"
    if type(obtenu) is not dict:
        return None, None, "réponse illisible"
    apres = obtenu.pop(messages.ARGUMENTS, None)
    return obtenu, apres, None


def _restreint(obs: dict, famille: Famille) -> dict:
    return obs if famille.cles is None else {k: obs.get(k) for k in famille.cles}


def echec_famille(spec: Spec, famille: Famille, args: tuple, reponse: Any, attendu: dict,
                  lu: tuple[dict | None, Any, str | None] | None = None) -> str | None:
    """The French failure message of one case for one rule family, or ``None``.

    ``lu``: the case already read (:func:`lire_cas`), shared by the families
    of the case: nothing here or in a spec's ``accepter``, ``diagnostic`` or
    ``couvre`` modifies it (``tests/test_familles.py`` checks it on right and
    wrong versions of every function of both subjects).
    """
    reponse = en_donnees(reponse)
    obtenu, apres, echec = lu if lu is not None else lire_cas(spec, args, reponse)
    if famille.contrainte == "arguments_intacts":
        if obtenu is None or apres is None or apres == tuple(args):
            return None
        return message_echec(spec, args, f"les arguments inchangés ({_court(tuple(args))})",
                             f"les arguments ont été modifiés par l'appel : {_court(apres)}",
                             "l'énoncé demande de ne pas modifier les arguments (travaillez sur une copie)")
    if famille.contrainte == "recursive":
        if obtenu is None or reponse.get("appels") != 1:
            return None
        modifies = sum(1 for a, b in zip(args[0], attendu.get(messages.cle_apres(spec.observation), [])) if a != b)
        if modifies >= 2:
            action = libelle(SANS_APPEL_RECURSIF, spec.libelles).format(n=modifies)
            return (f"{spec.question} — {spec.nom} doit être récursive : pour {decrire_appel(spec, args)} elle "
                    f"{action} sans jamais s'appeler elle-même.")
        return None
    dediee = any(f.contrainte == "arguments_intacts" for f in spec.rubriques())
    if ("arguments_intacts" in spec.contraintes and not dediee and obtenu is not None and apres is not None
            and apres != tuple(args)):  # no family of its own: every family requires it
        return message_echec(spec, args, decrire_observation(_restreint(attendu, famille), spec.libelles),
                             f"les arguments ont été modifiés par l'appel (avant : {_court(tuple(args))}, après : "
                             f"{_court(apres)}) ; l'énoncé demande de ne pas les modifier", spec.regle)
    attendu_vu = _restreint(attendu, famille)
    if echec is not None:
        return message_echec(spec, args, decrire_observation(attendu_vu, spec.libelles), echec, spec.regle)
    conforme = spec.conforme(_restreint(obtenu, famille), attendu_vu, args)
    if not conforme:
        regle = (spec.diagnostic and spec.diagnostic(args, obtenu, attendu)) or spec.regle
        return message_echec(spec, args, decrire_observation(attendu_vu, spec.libelles),
                             decrire_observation(_restreint(obtenu, famille), spec.libelles), regle)
    return None


@dataclass
class Bilan:
    """Every case of a question judged per rule family: the first failing case of each family."""

    spec: Spec
    echecs: dict[str, tuple[int, str]] = field(default_factory=dict)  # family -> (case index, message)
    raisons: dict[str, str] = field(default_factory=dict)  # family -> reason from the source (static check)
    nb_cas: int = 0

    def echoue(self, famille: Famille) -> bool:
        return famille.nom in self.echecs or famille.nom in self.raisons


# What a memo of juger_familles keeps per case and answer text: whether the answer is a forbidden call,
# then each rule family's failure message (None: the family passes), filled as the families are asked.
_INTERDIT = None


def juger_familles(spec: Spec, cas: list[tuple], reponses: list, attendus: list[dict],
                   raisons: dict[str, str] | None = None, memo: dict | None = None) -> Bilan | str:
    """Judge every case per rule family; a forbidden call anywhere fails the whole question (a string).

    ``memo``: what was found for the answers already judged on these cases and
    expectations, ``{(case index, digest of the answer text): {family: failure or None}}``,
    shared by every notebook graded against them (:func:`juge.cas_et_attendus`):
    the same text on the same case gets the same verdicts, so an answer seen
    before (the right one, most of the time) is neither read nor compared again.
    At most ``memo_max(cas)`` answers are kept.
    """
    bilan = Bilan(spec, nb_cas=len(cas))
    familles = spec.rubriques()
    for famille in familles:
        if famille.contrainte and raisons and famille.contrainte in raisons:
            bilan.raisons[famille.nom] = raisons[famille.contrainte]
    garder = memo is not None and len(memo) < memo_max(cas)
    for n, (args, reponse, attendu) in enumerate(zip(cas, reponses, attendus)):
        cle = (n, _empreinte(reponse)) if memo is not None and type(reponse) is str else None
        connu = memo.get(cle) if cle is not None else None
        if connu is None:
            connu = {}
            if garder and cle is not None:
                memo[cle] = connu
                garder = len(memo) < memo_max(cas)
        donnee = lu = None  # the answer read once for all the families (most of the judge's own time)
        if _INTERDIT not in connu:
            donnee = en_donnees(reponse)
            connu[_INTERDIT] = (str(donnee["contrainte"]) if isinstance(donnee, dict) and "contrainte" in donnee
                                else None)
        if connu[_INTERDIT] is not None:
            return message_echec(spec, args, decrire_observation(attendu, spec.libelles), connu[_INTERDIT], spec.regle)
        for famille in familles:
            if famille.nom in bilan.echecs or famille.nom in bilan.raisons:
                continue
            if famille.contrainte is None and not famille.couvre(args, attendu):
                continue
            if famille.nom not in connu:
                donnee = en_donnees(reponse) if donnee is None else donnee
                lu = lu or lire_cas(spec, args, donnee)
                connu[famille.nom] = echec_famille(spec, famille, args, donnee, attendu, lu)
            if connu[famille.nom]:
                bilan.echecs[famille.nom] = (n, connu[famille.nom])
    return bilan


def memo_max(cas: list) -> int:
    """How many answers a memo of :func:`juger_familles` keeps: a few versions of every case."""
    return 4 * len(cas) + 1000


def _empreinte(texte: str) -> bytes:
    """What a memo keeps of an answer text (an image of the Olympiades is 240 kB of text): its 128-bit
    BLAKE2b digest; another text with the same digest cannot be found (nor built from a right one)."""
    return hashlib.blake2b(texte.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def resultat_du_bilan(bilan: Bilan, contre_exemple: tuple[str, tuple | None, str] | None = None,
                      ecart: tuple[dict, dict] | None = None, resume: bool = True) -> Resultat:
    """The verdict of a question from its rule families (``contre_exemple``: family, smallest case, message;
    ``ecart``: the expected and the obtained observation of that case, for the subject to draw).

    ``resume``: the rule families and the share of the points are stated (the
    full check, on the whole corpus); without it (a visible test: one example
    of the statement, which cannot judge every rule), only the failing case is.
    """
    spec = bilan.spec
    familles = spec.rubriques()
    # A constraint (arguments untouched, recursion) or an accessory family earns its share only beside a
    # main rule the function gets right: a function that does nothing useful modifies nothing, and that
    # is worth no point.
    etats = list(zip((f.nom for f in familles), payees(familles, [not bilan.echoue(f) for f in familles])))
    fraction = sum(f.poids for f, (_, ok) in zip(familles, etats) if ok)
    if all(ok for _, ok in etats):
        return Resultat(True, f"{spec.question} — {spec.nom} : {bilan.nb_cas} cas vérifiés, tous corrects.",
                        bilan.nb_cas, 1.0 if resume else None, etats if resume else [])
    assert contre_exemple is not None, "a failing question needs its counterexample"
    nom_famille, args, detail = contre_exemple
    lignes = []
    if len(familles) > 1 and resume:
        lignes.append(f"{spec.question} — {spec.nom} : {sum(ok for _, ok in etats)} règle(s) sur {len(familles)} "
                      f"respectée(s), {fraction:.0%} des points.")
        for f, (nom, ok) in zip(familles, etats):
            if ok or bilan.echoue(f):
                lignes.append(f"  {'✔' if ok else '✘'} {nom}")
            else:  # respected, but worth nothing beside no main rule: never shown as broken
                lignes.append(f"  – {nom} : respectée, mais sans point tant qu'aucune règle principale ne l'est")
        lignes.append(f"Règle « {nom_famille} » : "
                      + ("plus petit cas où votre fonction et la référence diffèrent." if args is not None
                         else "non respectée."))
    lignes.append(detail)
    dessin = (contre_exemples.contre_exemple(spec, appel_reproductible(spec, args), args, ecart)
              if args is not None else None)
    if not resume:
        return Resultat(False, "\n".join(lignes), bilan.nb_cas, None, [], dessin)
    return Resultat(False, "\n".join(lignes), bilan.nb_cas, fraction, etats, dessin)


def appel_reproductible(spec: Spec, args: tuple) -> str:
    """The one-line call that reproduces a case, e.g. ``deplacer_graines([0, 0, 2, …], 4)`` (for a
    function that reads the keyboard, the call and the answers typed, in order)."""
    if spec.observation == "saisies":
        *arguments, saisies = args
        return (f"{spec.nom}({', '.join(repr(a) for a in arguments)}), en tapant au clavier, dans l'ordre : "
                f"{', '.join(str(s) for s in saisies)}")
    fonctions = spec.positions_fonctions()  # a function passed by its name is written as the name
    return f"{spec.nom}({', '.join(a if i in fonctions and type(a) is str else repr(a) for i, a in enumerate(args))})"


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
    (:mod:`awale_ref.grading.contraintes`), on ``cellules``: by default the
    cells the kernel ran (:func:`contraintes.cellules_de`); a function whose
    source is nowhere (``exec`` of a string) is only watched by the run-time traps.
    ``exemples``: ``cas`` are only the statement's examples (a visible test),
    which cannot judge every rule: the verdict states the failing example,
    never rule families or points.  ``delai``: seconds allowed to each call
    of ``fonction`` (:func:`executant.evaluer_cas`), when the process can
    set an alarm.
    """
    if reference is None:
        reference = spec.module_reference()
    if not callable(fonction):
        return Resultat(False, f"{spec.question} — {spec.nom} devrait être une fonction, "
                               f"pas un objet de type {type(fonction).__name__}.")
    garde = executant.Garde()
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
        etudiant = executant.envelopper(fonction, garde)

    appel = spec.appelable(etudiant, reference)

    def evaluer(lot: list[tuple]) -> list:
        reponses = []
        for args in lot:
            reponse = json.loads(json.dumps(executant.evaluer_cas(spec.observation, appel, args, garde, delai)))
            if "trop_long" in reponse:  # no further case: each would wait as long
                raise _SansFin(args, reponse["trop_long"])
            reponses.append(reponse)
        return reponses

    cas = [spec.nommer(args) for args in cas]
    if attendus is None:  # the reference's observations (given when already computed for many functions)
        attendus = [attendu_de(spec, args, reference) for args in cas]
    originaux = (copy.deepcopy, builtins.max, builtins.min, builtins.sorted)
    try:  # the run-time traps, as in the runner: a forbidden call fails whatever name or helper reaches it
        executant.installer_contraintes(list(spec.contraintes), getattr(etudiant, "espace", {}), garde)
        try:
            reponses = evaluer(cas)
        except _SansFin as arret:
            attendu = attendus[cas.index(arret.cas)]
            return Resultat(False, message_echec(spec, arret.cas, decrire_observation(attendu, spec.libelles),
                                                 decrire_trop_long(arret.secondes), spec.regle),
                            cas.index(arret.cas) + 1, None if exemples else 0.0, [],
                            contre_exemples.contre_exemple(spec, appel_reproductible(spec, arret.cas), arret.cas))
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
    """The verdict of a question from the answers to its cases, the failing case shrunk with ``evaluer``
    (``memo``: see :func:`juger_familles`; ``resume``: see :func:`resultat_du_bilan`)."""
    bilan = juger_familles(spec, cas, reponses, attendus, raisons, memo)
    if isinstance(bilan, str):
        return Resultat(False, bilan, len(cas), 0.0)
    if not bilan.echecs and not bilan.raisons:
        return resultat_du_bilan(bilan, resume=resume)
    if all(_exception_de(r) == "NotImplementedError" for r in reponses):
        return Resultat(False, f"{spec.question} — {spec.nom} : "  # still the stub: no case worth showing
                               f"{decrire_exception_nommee('NotImplementedError', '')}.", len(cas),
                        0.0 if resume else None, [(f.nom, False) for f in spec.rubriques()] if resume else [])
    premiere = next(f for f in spec.rubriques() if bilan.echoue(f))
    if premiere.nom in bilan.raisons:
        contre = (premiere.nom, None, bilan.raisons[premiere.nom])
    else:
        n, message = bilan.echecs[premiere.nom]
        args = cas[n]
        if evaluer is not None:
            args, message = contre_exemples.retrecir(
                spec, premiere, args, message, evaluer, lambda c: attendu_de(spec, c, reference),
                lambda c, r, a: echec_famille(spec, premiere, c, r, a))
        contre = (premiere.nom, args, message)
    ecart = None if premiere.contrainte else _ecart_du_cas(spec, contre[1], cas, reponses, attendus, evaluer,
                                                           reference)
    return resultat_du_bilan(bilan, contre, ecart, resume)


def _exception_de(reponse: Any) -> str | None:
    """The name of the exception a case's answer reports, if it reports one."""
    donnee = en_donnees(reponse)
    return (donnee.get("exception") or [""])[0] if isinstance(donnee, dict) else None


def _ecart_du_cas(spec: Spec, args: tuple | None, cas: list[tuple], reponses: list, attendus: list,
                  evaluer: Callable[[list[tuple]], list] | None, reference: types.ModuleType) -> tuple | None:
    """The expected and the obtained observation of the failing case, when the spec's presentation draws
    them (``ecart``: two images side by side in the feedback)."""
    if args is None or not hasattr(contre_exemples.presentation(spec.presentation), "ecart"):
        return None
    # a case of the list: its known observation (in the students' environment the reference lacks the function)
    attendu = attendus[cas.index(args)] if args in cas else attendu_de(spec, args, reference)
    try:
        reponse = reponses[cas.index(args)] if args in cas else (evaluer([args])[0] if evaluer else None)
    except Exception:  # the runner stopped: no picture
        return None
    obtenu, _, echec = lire_cas(spec, args, reponse)
    if echec or obtenu is None:
        return None
    return attendu, obtenu


def lire_reponse_sql(question: str, reponse: Any) -> Any:
    """The runner's plain data for a query (``executant.evaluer_sql``) as an ``executant.Reponse``, or the
    failed verdict (the SQL error, an unreadable answer): for every subject's SQL questions."""
    if not isinstance(reponse, dict):
        return Resultat(False, f"{question} — réponse illisible.", 1)
    if "erreur_sql" in reponse:
        return Resultat(False, f"{question} — {str(reponse['erreur_sql'])[:2000]}", 1)
    try:
        donnees = executant.decoder(reponse.get("obs"))
        return executant.Reponse(tuple(str(c) for c in donnees["colonnes"]), [tuple(l) for l in donnees["lignes"]])
    except (executant.ObjetRefuse, KeyError, TypeError):
        return Resultat(False, f"{question} — réponse illisible.", 1)
