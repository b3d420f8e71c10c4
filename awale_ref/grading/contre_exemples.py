"""The smallest failing case, and how it is shown: the subject's drawing and the call that reproduces it.

When a rule family fails, the first failing case of the corpus is often a
large input.  :func:`retrecir` shrinks it greedily, asking ``evaluer`` for the
student's answers on each batch of smaller candidates and keeping the
smallest one on which the student's function and the reference still
disagree for the same rule.  Only valid inputs are tried (the spec's
``valide`` and the family's selection), so the smaller case tests the same
rule.  ``evaluer`` is the runner in grading (plain data back) or the
function itself in the student's kernel.

What "smaller" means and how a case is drawn is the subject's: a spec names
its subject's *presentation* module (``Spec.presentation``), which may define

- ``taille(args) -> tuple``: how big a case is (compared as tuples);
- ``variantes(valeur, nom) -> list``: smaller versions of one argument;
- ``variantes_du_cas(args, parametres) -> list[tuple]``: smaller whole cases, where arguments depend on each
  other and must change together (a board and a list computed from it);
- ``dessin(args) -> dict``: plain data added to the counterexample (what is drawn);
- ``ecart(attendu, obtenu) -> dict | None``: plain data from the expected and the obtained
  observations of the failing case (e.g. two images to draw side by side);
- ``texte(contre) -> str``, ``html_du_cas(contre) -> str | None``, ``png(contre) -> bytes | None``
  (captioned by ``LEGENDE_PNG``): the counterexample drawn (``png`` may raise :class:`DessinImpossible`, whose French message
  describes what could not be drawn).

A spec without a presentation is not shrunk, and its counterexample is the call alone.
"""

from __future__ import annotations

import functools
import importlib
import time
import types
from typing import Any, Callable

from awale_ref.grading.specs import Famille, Spec

TOURS_MAX = 60
DUREE_MAX_S = 10.0
PAQUET_SUJETS = "awale_ref.sujets."


class DessinImpossible(ValueError):
    """A failing case the grader does not draw (its French message describes it instead)."""


@functools.cache
def presentation(nom: str | None) -> types.ModuleType | None:
    """The presentation module a spec or a counterexample names (``None`` for none); imported once (the
    clean room imports its subject's before the student's object exists, ``cleanroom._preparer``)."""
    if not nom:
        return None
    if not nom.startswith(PAQUET_SUJETS):
        raise ValueError(f"{nom!r} is not a subject's presentation module (a module of awale_ref.sujets)")
    return importlib.import_module(nom)


def _appel(module: types.ModuleType | None, fonction: str, *args: Any, defaut: Any = None) -> Any:
    methode = getattr(module, fonction, None)
    return methode(*args) if methode is not None else defaut


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
        if spec.valide is not None and not spec.valide(nouveau):
            continue
        vus.add(cle)
        res.append(nouveau)
    return res


def retrecir(spec: Spec, famille: Famille, args: tuple, message: str, evaluer: Callable[[list[tuple]], list],
             attendu_de: Callable[[tuple], dict],
             echec_de: Callable[[tuple, Any, dict], str | None]) -> tuple[tuple, str]:
    """The smallest case found from ``args`` that still fails ``famille``, and its message.

    ``attendu_de(args)``: the reference's observation; ``echec_de(args, answer, expected)``: the
    family's failure message for one answer of ``evaluer``, or ``None``.
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
                attendu = attendu_de(candidat)
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
        echecs = [(taille(spec, c), i, echec_de(c, r, a))
                  for i, (c, r, a) in enumerate(zip(lot, reponses, attendus))]
        echecs = [(t, i, m) for t, i, m in echecs if m]
        if not echecs:
            break
        _, i, message = min(echecs)
        args = lot[i]
    return args, message


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
