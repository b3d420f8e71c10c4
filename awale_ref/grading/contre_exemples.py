"""How a failing case is shown: the subject's drawing and the call that reproduces it.

The smallest failing case is found by :mod:`awale_ref.grading.retrecissement` (whose names are imported
from here too); a spec names its subject's *presentation* module (``Spec.presentation``), which may define
``dessin``, ``ecart``, ``texte``, ``html_du_cas``, ``png`` and ``LEGENDE_PNG`` (see :mod:`retrecissement`).
"""

from __future__ import annotations

import types
from typing import Any

from awale_ref.grading.presentations import PAQUET_SUJETS, _appel, presentation  # noqa: F401
from awale_ref.grading.retrecissement import (  # noqa: F401  (the shrinking step; imported from here too)
    DUREE_MAX_S, TOURS_MAX, candidats, retrecir, taille)


class DessinImpossible(ValueError):
    """A failing case the grader does not draw (its French message describes it instead)."""


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
