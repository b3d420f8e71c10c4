"""Judging by rule family: every case's answer, read as plain data, against the reference's observation.

The runner (or, in one process, :func:`checks.verifier`) sends each case's answer as plain data; this step
reads it (:func:`lire_cas`: nothing of the student's code is called here), judges it for each rule family
of the spec (:func:`echec_famille`) and keeps the first failing case of each family (:class:`Bilan`,
:func:`juger_familles`, with the memo of the answers already judged for a class).  It also words the
outcomes of the runner that need no family (:func:`verdict_generique`: a runner that died, ran out of
time, found no function...) and reads a query's data (:func:`lire_reponse_sql`).  For the judge, it is the
step that judges a runner's reply (:func:`juger_reponse`: its common failures, then the hook of the question's
kind); the :class:`Bilan` of a failing function carries what the shrinking step needs to judge a candidate
(:class:`OutilsDeLaSpec`).  It calls no other step: its words are :mod:`textes`', its records
:mod:`resultat`'s.
"""

from __future__ import annotations

import hashlib
import json
import functools
import types
from dataclasses import dataclass
from typing import Any

from awale_ref.grading.eleve.resultat import Bilan, Plan, Resultat, echec
from awale_ref.grading.eleve.specs import SANS_APPEL_RECURSIF, Famille, Spec
from awale_ref.grading.executant import encodage, messages, observations, requetes
from awale_ref.grading.executant.messages import Issue
from awale_ref.grading.eleve.textes import (_court, decrire_appel, decrire_attendu, decrire_exception_nommee,
                                            decrire_observation, decrire_trop_grande, decrire_trop_long, libelle,
                                            message_echec, NE_S_ARRETE_PAS)


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

    ``reponse`` is plain data (``observations.evaluer_cas``): nothing of the
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
        obtenu = encodage.decoder(reponse.get("obs"))
    except encodage.ObjetRefuse as exc:
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
        if obtenu is None or reponse.get("appels") != 1 or not hasattr(args[0], "__iter__"):
            return None  # (a number as first argument: nothing modified in place to count, the source is read)
        modifies = sum(1 for a, b in zip(args[0], attendu.get(messages.cle_apres(spec.observation), [])) if a != b)
        if modifies >= 2:
            action = libelle(SANS_APPEL_RECURSIF, spec.libelles).format(n=modifies)
            return (f"{spec.question} — {spec.nom} doit être récursive : pour {decrire_appel(spec, args)} elle "
                    f"{action} sans jamais s'appeler elle-même.")
        return None
    dediee = any(f.contrainte == "arguments_intacts" for f in spec.rubriques())
    if ("arguments_intacts" in spec.contraintes and not dediee and obtenu is not None and apres is not None
            and apres != tuple(args)):  # no family of its own: every family requires it
        return message_echec(spec, args, decrire_attendu(spec, args, _restreint(attendu, famille)),
                             f"les arguments ont été modifiés par l'appel (avant : {_court(tuple(args))}, après : "
                             f"{_court(apres)}) ; l'énoncé demande de ne pas les modifier", spec.regle)
    attendu_vu = _restreint(attendu, famille)
    if echec is not None:
        return message_echec(spec, args, decrire_attendu(spec, args, attendu_vu), echec, spec.regle)
    conforme = spec.conforme(_restreint(obtenu, famille), attendu_vu, args)
    if not conforme:
        regle = (spec.diagnostic and spec.diagnostic(args, obtenu, attendu)) or spec.regle
        return message_echec(spec, args, decrire_attendu(spec, args, attendu_vu),
                             decrire_observation(_restreint(obtenu, famille), spec.libelles), regle)
    return None


# What a memo of juger_familles keeps per case and answer text: whether the answer is a forbidden call,
# then each rule family's failure message (None: the family passes, or does not judge the case), filled as the
# families are asked.
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
            return message_echec(spec, args, decrire_attendu(spec, args, attendu), connu[_INTERDIT], spec.regle)
        for famille in familles:
            if famille.nom in bilan.echecs or famille.nom in bilan.raisons:
                continue
            if famille.nom not in connu:
                if famille.contrainte is None and not famille.couvre(args, attendu):
                    connu[famille.nom] = None  # a case the family does not judge: nothing to fail
                    continue
                donnee = en_donnees(reponse) if donnee is None else donnee
                lu = lu or lire_cas(spec, args, donnee)
                connu[famille.nom] = echec_famille(spec, famille, args, donnee, attendu, lu)
            if connu[famille.nom]:
                bilan.echecs[famille.nom] = (n, connu[famille.nom])
    if bilan.echecs or bilan.raisons:  # still the stub: no case is worth showing
        bilan.ebauche = all(_exception_de(r) == "NotImplementedError" for r in reponses)
    return bilan


def memo_max(cas: list) -> int:
    """How many answers a memo of :func:`juger_familles` keeps: a few versions of every case."""
    return 4 * len(cas) + 1000


def _empreinte(texte: str) -> bytes:
    """What a memo keeps of an answer text (an image of the Olympiades is 240 kB of text): its 128-bit
    BLAKE2b digest; another text with the same digest cannot be found (nor built from a right one)."""
    return hashlib.blake2b(texte.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _exception_de(reponse: Any) -> str | None:
    """The name of the exception a case's answer reports, if it reports one."""
    donnee = en_donnees(reponse)
    return (donnee.get("exception") or [""])[0] if isinstance(donnee, dict) else None



def lire_reponse_sql(question: str, reponse: Any) -> Any:
    """The runner's plain data for a query (``requetes.evaluer_sql``) as an ``requetes.Reponse``, or the
    failed verdict (the SQL error, an unreadable answer): for every subject's SQL questions."""
    if not isinstance(reponse, dict):
        return Resultat(False, f"{question} — réponse illisible.", 1)
    if "erreur_sql" in reponse:
        return Resultat(False, f"{question} — {str(reponse['erreur_sql'])[:2000]}", 1)
    try:
        donnees = encodage.decoder(reponse.get("obs"))
        return requetes.Reponse(tuple(str(c) for c in donnees["colonnes"]), [tuple(l) for l in donnees["lignes"]])
    except (encodage.ObjetRefuse, KeyError, TypeError):
        return Resultat(False, f"{question} — réponse illisible.", 1)


def verdict_generique(ordre: messages.OrdreQuestion, reponse: messages.Reponse, introuvable: str | None,
                      delai_par_defaut: float) -> Resultat | None:
    """The verdict of a reply that no rule family judges: the runner died, ran out of time or space, found
    no graded name, or found something else than what the question's kind expects; ``None`` when the reply
    is the expected outcome (``messages.REPONSE_ATTENDUE``: the question's kind judges it).

    ``introuvable``: the verdict of a function no readable statement defines (given when the graded name
    exists but its source was read nowhere); ``delai_par_defaut``: the question's time limit, said when the
    runner's reply does not give it.  The judge step, :func:`juger_reponse`, starts with it.
    """
    question, expression, issue = ordre.question, ordre.expression, reponse.issue
    echec_ = functools.partial(echec, question)
    if issue is Issue.MORT:
        return echec_("la correction s'est arrêtée sans réponse : votre code appelle exit(), "
                      "fait planter Python ou épuise la mémoire.")
    if issue is Issue.DELAI:
        duree = reponse.secondes if type(reponse.secondes) in (int, float) else delai_par_defaut
        if reponse.exception:  # an error seen before: it is what the student reads first
            return echec_(f"la correction a dépassé {duree:g} s (fonction sans fin ou beaucoup trop lente) ; "
                          f"un cas déjà évalué : {decrire_exception_nommee(*reponse.exception)}.")
        return echec_(f"{NE_S_ARRETE_PAS} : la correction a dépassé {duree:g} s "
                      f"(boucle ou récursion sans fin, ou fonction beaucoup trop lente).")
    if issue is Issue.TROP_GROS:
        return echec_(f"{decrire_trop_grande(str(reponse.texte))} ; votre réponse contient beaucoup trop de "
                      f"données.")
    if issue is Issue.ABSENT:
        return echec_(f"`{expression}` n'existe pas : fonction ou variable absente, renommée, ou "
                      f"définie dans une cellule qui produit une erreur.")
    if introuvable:
        return Resultat(False, introuvable, 0)
    if issue is Issue.ILLISIBLE:
        return echec_(f"`{expression}` illisible ({str(reponse.texte)[:80]}).")
    if issue is Issue.PAS_UNE_FONCTION:
        nom = getattr(ordre, "nom", expression)
        if reponse.appelable:
            return echec_(f"{nom} doit être une fonction définie avec def dans le notebook.")
        return echec_(f"{nom} n'est pas une fonction (c'est un objet de type {str(reponse.texte)[:80]}).")
    if issue is not messages.REPONSE_ATTENDUE[ordre.TYPE]:
        return echec_("réponse inattendue du processus d'exécution.")
    return None


# ---------------------------------------------------------------- the judge step of the grading
def juger(spec: Spec, cas: list[tuple], reponses: list, attendus: list[dict], raisons: dict[str, str],
          reference: types.ModuleType, memo: dict | None = None) -> Bilan | Resultat:
    """A function question's answers judged by rule family: the :class:`Bilan` the shrinking and the rendering
    steps take (with what judges a smaller candidate, :class:`OutilsDeLaSpec`), or the final verdict when a
    forbidden call fails the whole question."""
    bilan = juger_familles(spec, cas, reponses, attendus, raisons, memo)
    if isinstance(bilan, str):
        return Resultat(False, bilan, len(cas), 0.0)
    bilan.outils = OutilsDeLaSpec(spec, reference)
    return bilan


@dataclass(frozen=True)
class OutilsDeLaSpec:
    """What the shrinking step is handed (:attr:`Bilan.outils`, a :class:`resultat.OutilsDuRetrecissement`) to
    judge a candidate of ``spec`` without importing this step: the ``reference``'s observation, a rule family's
    failure (:func:`echec_famille`), an answer read (:func:`lire_cas`)."""

    spec: Spec
    reference: types.ModuleType

    def attendu_de(self, args: tuple) -> dict:
        return self.spec.attendu(args, self.reference)

    def echec_de(self, famille: Famille, args: tuple, reponse: Any, attendu: dict) -> str | None:
        return echec_famille(self.spec, famille, args, reponse, attendu)

    def lire(self, args: tuple, reponse: Any) -> tuple[dict | None, Any, str | None]:
        return lire_cas(self.spec, args, reponse)


def juger_reponse(plan: Plan, reponse: messages.Reponse, delai_par_defaut: float) -> Bilan | Resultat:
    """The judge step of the grading (``juge._une_question``): the runner's reply to ``plan``'s order, its
    common failures first (:func:`verdict_generique`), then by the kind of question that made the plan
    (``plan.genre.juger_reponse``, a hook of ``types_question.TypeDeQuestion``): a :class:`Bilan` for a
    function (shrunk and rendered after), a final verdict otherwise."""
    generique = verdict_generique(plan.ordre, reponse, plan.introuvable, delai_par_defaut)
    if generique is not None:
        return generique
    if plan.genre is None:
        raise ValueError(f"{plan.ordre.question}: a plan must name the kind of question that judges its reply")
    return plan.genre.juger_reponse(plan, reponse)
