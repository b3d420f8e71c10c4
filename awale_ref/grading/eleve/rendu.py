"""Rendering: a question's verdict as the student reads it, and its counterexample drawn by its subject.

The last step of the verdict's path: from the judged rule families (:class:`resultat.Bilan`) and the
counterexample chosen and shrunk (:class:`resultat.Contre`, :mod:`retrecissement`), the :class:`Resultat`:
its French message, its share of the points, its families and the failing case as plain data
(:func:`contre_exemple`: the call that reproduces it, :func:`appel_reproductible`, and what the subject's
presentation draws).  The feedback draws that data later (:func:`dessin_du_cas` as text in the visible tests
and self-study checks; :func:`html_du_cas`, :func:`png_du_cas` and :func:`legende_du_cas` in the graded
notebook's feedback) with the same presentation module (:mod:`presentations`).  Nothing here runs or judges.
"""

from __future__ import annotations

import types
from typing import Any

from awale_ref.grading.eleve.presentations import _appel, presentation
from awale_ref.grading.eleve.resultat import Bilan, Contre, Resultat
from awale_ref.grading.eleve.specs import Spec, payees
from awale_ref.grading.eleve.textes import (decrire_attendu, decrire_exception_nommee, decrire_trop_long, message_echec,
                                            montrer_argument)


class DessinImpossible(ValueError):
    """A failing case the grader does not draw (its French message describes it instead)."""


def resultat_du_bilan(bilan: Bilan, contre: Contre | None = None, resume: bool = True) -> Resultat:
    """The verdict of a question from its rule families (``contre``: the first failing family, its smallest
    case, its message, and the expected and the obtained observation of that case for the subject to draw).

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
    if bilan.ebauche:  # still the stub: no case worth showing
        return Resultat(False, f"{spec.question} — {spec.nom} : "
                               f"{decrire_exception_nommee('NotImplementedError', '')}.", bilan.nb_cas,
                        0.0 if resume else None, [(f.nom, False) for f in familles] if resume else [])
    assert contre is not None, "a failing question needs its counterexample"
    lignes = []
    if len(familles) > 1 and resume:
        lignes.append(f"{spec.question} — {spec.nom} : {sum(ok for _, ok in etats)} règle(s) sur {len(familles)} "
                      f"respectée(s), {fraction:.0%} des points.")
        for f, (nom, ok) in zip(familles, etats):
            if ok or bilan.echoue(f):
                lignes.append(f"  {'✔' if ok else '✘'} {nom}")
            else:  # respected, but worth nothing beside no main rule: never shown as broken
                lignes.append(f"  – {nom} : respectée, mais sans point tant qu'aucune règle principale ne l'est")
        lignes.append(f"Règle « {contre.famille} » : "
                      + ("plus petit cas où votre fonction et la référence diffèrent." if contre.args is not None
                         else "non respectée."))
    lignes.append(contre.message)
    dessin = (contre_exemple(spec, appel_reproductible(spec, contre.args), contre.args, contre.ecart)
              if contre.args is not None else None)
    if not resume:
        return Resultat(False, "\n".join(lignes), bilan.nb_cas, None, [], dessin)
    return Resultat(False, "\n".join(lignes), bilan.nb_cas, fraction, etats, dessin)


def resultat_trop_long(spec: Spec, args: tuple, attendu: dict, secondes: float, nb_cas: int,
                       resume: bool = True) -> Resultat:
    """The verdict of a question whose function did not end on ``args`` (the ``nb_cas``-th case) within
    ``secondes`` (in one process: no further case is tried, each would wait as long)."""
    return Resultat(False, message_echec(spec, args, decrire_attendu(spec, args, attendu),
                                         decrire_trop_long(secondes), spec.regle),
                    nb_cas, 0.0 if resume else None, [],
                    contre_exemple(spec, appel_reproductible(spec, args), args))


def appel_reproductible(spec: Spec, args: tuple) -> str:
    """The one-line call that reproduces a case, e.g. ``deplacer_graines([0, 0, 2, …], 4)`` (for a
    function that reads the keyboard, the call and the answers typed, in order)."""
    if spec.observation == "saisies":
        *arguments, saisies = args
        return (f"{spec.nom}({', '.join(repr(a) for a in arguments)}), en tapant au clavier, dans l'ordre : "
                f"{', '.join(str(s) for s in saisies)}")
    fonctions = spec.positions_fonctions()  # a function passed by its name is written as the name
    ecrits = [a if i in fonctions and type(a) is str else montrer_argument(a, None) for i, a in enumerate(args)]
    return f"{spec.nom}({', '.join(ecrits)})"


# ---------------------------------------------------------------- the counterexample, drawn by its subject
def contre_exemple(spec: Spec, appel: str, args: tuple, ecart: tuple[dict, dict] | None = None) -> dict:
    """A failing case as plain data for the feedback: the call that reproduces it, and what the spec's
    presentation draws (``ecart``: the expected and the obtained observations, when known)."""
    module = presentation(spec.presentation)
    dessin: dict[str, Any] = {"appel": appel, **_appel(module, "dessin", args, defaut={})}
    if ecart is not None:
        dessin.update(_appel(module, "ecart", *ecart, defaut=None) or {})
    if module is not None:
        dessin["presentation"] = spec.presentation
    return dessin


def _module_du_cas(contre: Any) -> types.ModuleType | None:
    return presentation(contre.get("presentation")) if isinstance(contre, dict) else None


def dessin_du_cas(contre_exemple: Any) -> str:
    """The smallest failing case drawn as text, with the call that reproduces it ('' if none): what a visible
    test or a self-study check adds to its message (full package and student distribution alike)."""
    if not isinstance(contre_exemple, dict) or "appel" not in contre_exemple:
        return ""
    dessin = _appel(_module_du_cas(contre_exemple), "texte", contre_exemple, defaut="")
    return f"\n{dessin + chr(10) if dessin else ''}Pour le reproduire : {contre_exemple['appel']}"


def html_du_cas(contre_exemple: Any) -> str | None:
    """The failing case drawn as HTML by its subject (``None`` if it draws none)."""
    if not isinstance(contre_exemple, dict) or "appel" not in contre_exemple:
        return None
    return _appel(_module_du_cas(contre_exemple), "html_du_cas", contre_exemple)


def legende_du_cas(contre_exemple: Any) -> str:
    """What the picture of a failing case shows, in French (the presentation's ``LEGENDE_PNG``)."""
    return str(getattr(_module_du_cas(contre_exemple), "LEGENDE_PNG", ""))


def png_du_cas(contre_exemple: Any) -> bytes | None:
    """The failing case drawn as a PNG by its subject (``None`` if it draws none; :class:`DessinImpossible`)."""
    if not isinstance(contre_exemple, dict):
        return None
    return _appel(_module_du_cas(contre_exemple), "png", contre_exemple)
