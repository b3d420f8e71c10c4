"""Shrinking: the smallest failing case of a question, found from the first failing rule family.

When a rule family fails, the first failing case of the corpus is often a
large input.  :func:`retrecir` shrinks it greedily, asking ``evaluer`` for the
student's answers on each batch of smaller candidates and keeping the
smallest one on which the student's function and the reference still
disagree for the same rule.  Only valid inputs are tried (the spec's
``domaine`` and the family's selection), so the smaller case tests the same
rule.  ``evaluer`` is the runner in grading (plain data back) or the
function itself in the student's kernel.  :func:`contre_exemple_du_bilan` chooses the case to shrink (the
first failing family of the judged :class:`resultat.Bilan`; none for nbgrader's stub) and hands a
:class:`resultat.Contre` to rendering.

This step is the one deliberate loop of the verdict's path: it must run candidates and judge them, so it is
handed what does it, and imports neither: ``evaluer`` (run) by its caller (:func:`checks.conclure`, the
judge), and the judging step's :class:`resultat.OutilsDuRetrecissement` in the :class:`resultat.Bilan` (the
reference's observation ``attendu_de``, a family's failure ``echec_de``, an answer read ``lire``).

What "smaller" means and how a case is drawn is the subject's: a spec names
its subject's *presentation* module (``Spec.presentation``, found by :mod:`presentations`), which may define

- ``taille(args) -> tuple``: how big a case is (compared as tuples);
- ``variantes(valeur, nom) -> list``: smaller versions of one argument;
- ``variantes_du_cas(args, parametres) -> list[tuple]``: smaller whole cases, where arguments depend on each
  other and must change together (a board and a list computed from it);
- ``dessin(args) -> dict``: plain data added to the counterexample (what is drawn);
- ``ecart(attendu, obtenu) -> dict | None``: plain data from the expected and the obtained
  observations of the failing case (e.g. two images to draw side by side);
- ``texte(contre) -> str``, ``html_du_cas(contre) -> str | None``, ``png(contre) -> bytes | None``
  (captioned by ``LEGENDE_PNG``): the counterexample drawn (``png`` may raise :class:`rendu.DessinImpossible`,
  whose French message describes what could not be drawn); these are :mod:`rendu`'s.

A spec without a presentation is not shrunk, and its counterexample is the call alone.
"""

from __future__ import annotations

import time
from typing import Callable

from awale_ref.grading.eleve.presentations import _appel, presentation
from awale_ref.grading.eleve.resultat import Bilan, Contre, OutilsDuRetrecissement
from awale_ref.grading.eleve.specs import Famille, Spec

TOURS_MAX = 60
DUREE_MAX_S = 10.0


def taille(spec: Spec, args: tuple) -> tuple:
    """How big a case is, as the spec's subject measures it."""
    return _appel(presentation(spec.presentation), "taille", args, defaut=())


def candidats(spec: Spec, args: tuple) -> list[tuple]:
    """Valid inputs smaller than ``args`` (one argument made smaller at a time, then the subject's whole
    smaller cases), without duplicates."""
    vus, res = set(), []
    module = presentation(spec.presentation)
    un_a_un = [args[:i] + (variante,) + args[i + 1:] for i, nom in enumerate(spec.parametres)
               for variante in _appel(module, "variantes", args[i], nom, defaut=[])]
    for nouveau in un_a_un + list(_appel(module, "variantes_du_cas", args, spec.parametres, defaut=[])):
        cle = repr(nouveau)
        if cle in vus or taille(spec, nouveau) >= taille(spec, args):
            continue
        if not spec.dans_le_domaine(nouveau):
            continue
        vus.add(cle)
        res.append(nouveau)
    return res


def retrecir(spec: Spec, famille: Famille, args: tuple, message: str, evaluer: Callable[[list[tuple]], list],
             outils: OutilsDuRetrecissement) -> tuple[tuple, str]:
    """The smallest case found from ``args`` that still fails ``famille``, and its message.

    ``outils``: the reference's observation of a candidate (``attendu_de``) and the family's failure message
    for one answer of ``evaluer`` (``echec_de``).
    """
    if famille.contrainte == "recursive":
        return args, message
    debut = time.monotonic()
    for _ in range(TOURS_MAX):
        if time.monotonic() - debut > DUREE_MAX_S:
            break
        lot, attendus = [], []
        for candidat in candidats(spec, args):
            try:
                attendu = outils.attendu_de(candidat)
            except Exception:  # an input the reference itself does not take: not a valid case
                continue
            if famille.contrainte is None and not famille.couvre(candidat, attendu):
                continue
            lot.append(candidat)
            attendus.append(attendu)
        if not lot:
            break
        try:
            reponses = evaluer(lot)
        except Exception:  # the runner stopped: keep the case found so far
            break
        echecs = [(taille(spec, c), i, outils.echec_de(famille, c, r, a))
                  for i, (c, r, a) in enumerate(zip(lot, reponses, attendus))]
        echecs = [(t, i, m) for t, i, m in echecs if m]
        if not echecs:
            break
        _, i, message = min(echecs)
        args = lot[i]
    return args, message


def contre_exemple_du_bilan(bilan: Bilan, cas: list[tuple], reponses: list, attendus: list[dict], *,
                            evaluer: Callable[[list[tuple]], list] | None) -> Contre | None:
    """The counterexample of a judged question: its first failing rule family, that family's first failing
    case shrunk (with ``evaluer``, when given) and, when the subject draws them, the expected and the obtained
    observation of that case; ``None`` when no family fails or when the function is still nbgrader's stub
    (``Bilan.ebauche``: no case is worth showing).

    A candidate is judged with ``bilan.outils`` (:class:`resultat.OutilsDuRetrecissement`, set by the judging
    step).
    """
    spec = bilan.spec
    if bilan.ebauche or not (bilan.echecs or bilan.raisons):
        return None
    premiere = next(f for f in spec.rubriques() if bilan.echoue(f))
    if premiere.nom in bilan.raisons:  # read in the source: no case shows it
        return Contre(premiere.nom, None, bilan.raisons[premiere.nom])
    outils = bilan.outils
    if outils is None:
        raise ValueError(f"{spec.question}: a failing Bilan must carry the tools that judge a candidate (outils)")
    n, message = bilan.echecs[premiere.nom]
    args = cas[n]
    if evaluer is not None:
        args, message = retrecir(spec, premiere, args, message, evaluer, outils)
    ecart = None if premiere.contrainte else _ecart_du_cas(spec, args, cas, reponses, attendus, evaluer, outils)
    return Contre(premiere.nom, args, message, ecart)


def _ecart_du_cas(spec: Spec, args: tuple, cas: list[tuple], reponses: list, attendus: list,
                  evaluer: Callable[[list[tuple]], list] | None, outils: OutilsDuRetrecissement) -> tuple | None:
    """The expected and the obtained observation of the failing case, when the spec's presentation draws
    them (``ecart``: two images side by side in the feedback)."""
    if not hasattr(presentation(spec.presentation), "ecart"):
        return None
    # a case of the list: its known observation (in the students' environment the reference lacks the function)
    attendu = attendus[cas.index(args)] if args in cas else outils.attendu_de(args)
    try:
        reponse = reponses[cas.index(args)] if args in cas else (evaluer([args])[0] if evaluer else None)
    except Exception:  # the runner stopped: no picture
        return None
    obtenu, _, echec = outils.lire(args, reponse)
    if echec or obtenu is None:
        return None
    return attendu, obtenu
