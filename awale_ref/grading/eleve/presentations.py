"""A subject's presentation module, found by the name a spec or a counterexample gives (a leaf).

Both the shrinking step (what "smaller" means: :mod:`retrecissement`) and the rendering step (how a case
is drawn: :mod:`rendu`) ask the subject's presentation; this is where they find it, imported once per
process (one cache), without either step calling the other.
"""

from __future__ import annotations

import functools
import importlib
import types
from typing import Any

PAQUET_SUJETS = "awale_ref.sujets."


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
    """``module.fonction(*args)``, or ``defaut`` when the presentation does not define it."""
    methode = getattr(module, fonction, None)
    return methode(*args) if methode is not None else defaut
