"""nbgrader's cell-metadata validation, the same checks with nbgrader's schema checked once per process.

nbgrader validates the ``nbgrader`` metadata of every cell with
``jsonschema.validate(metadata, schema)`` (``nbgrader.nbgraderformat.common``),
when it reads and writes a notebook and in ``CheckCellMetadata``.  That
function first checks the *schema itself* against the JSON Schema
metaschema, on every call: about 90 % of the validation's time, 0.14 s per
graded notebook here (a third of nbgrader's own steps).  :func:`installer`
gives nbgrader the same validation (``validator_for`` of the schema, the
instance's best-matching error raised, as ``jsonschema.validate`` does), the
schema being checked once per process and per schema.  Installed by
``pipeline/autograde/__init__.py``, which every autograde of the course loads;
nothing else of ``jsonschema`` changes.
"""

from __future__ import annotations

import json
import threading
import types
from typing import Any

_VALIDEURS: dict[str, Any] = {}
_VERROU = threading.Lock()


def valider(instance: Any, schema: dict, *args: Any, **kwargs: Any) -> None:
    """``jsonschema.validate(instance, schema)``, the schema checked only the first time it is seen."""
    import jsonschema

    if args or kwargs:  # not how nbgrader calls it: the library's own function
        return jsonschema.validate(instance, schema, *args, **kwargs)
    cle = json.dumps(schema, sort_keys=True)
    valideur = _VALIDEURS.get(cle)
    if valideur is None:
        with _VERROU:
            classe = jsonschema.validators.validator_for(schema)
            classe.check_schema(schema)
            valideur = _VALIDEURS.setdefault(cle, classe(schema))
    erreur = jsonschema.exceptions.best_match(valideur.iter_errors(instance))
    if erreur is not None:
        raise erreur
    return None


def installer() -> bool:
    """Give nbgrader's metadata validation :func:`valider`; ``False`` if nbgrader no longer looks as expected."""
    import jsonschema
    from nbgrader.nbgraderformat import common

    actuel = getattr(common, "jsonschema", None)
    if getattr(actuel, "validate", None) is valider:
        return True
    if actuel is not jsonschema:  # another nbgrader: leave it as it is
        return False
    module = types.ModuleType("jsonschema", "jsonschema, its validate() checking each schema once")
    module.__dict__.update({k: v for k, v in vars(jsonschema).items() if not k.startswith("__")})
    module.validate = valider
    common.jsonschema = module
    return True
