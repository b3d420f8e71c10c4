"""Exact data across the trust boundary: what the runner sends back, encoded as JSON of builtin types, and
the judge's inputs, packed.

Everything that crosses back from the runner is encoded by :func:`encoder` into JSON of exact builtin types
(each case of a question as its own JSON text, so that the judge recognises an answer it has already judged);
the judge decodes it with :func:`decoder`, which can only ever build ``bool``, ``int``, ``float``, ``str``,
``None``, lists, tuples and dicts.  An object of any other type, a subclass of ``int`` or ``dict`` included,
arrives as a refusal, never as itself: there is no ``__eq__`` of the student's left to call.  The inputs of a
question come packed by :func:`emballer_cas` (the judge's own data).  The judge, the runner and the student's
kernel share these functions: one definition on both sides.

>>> decoder(encoder({"cases": [4] * 2, "coups": (1, True)}))
{'cases': [4, 4], 'coups': (1, True)}
>>> class Menteur(int):
...     def __eq__(self, autre): return True
>>> encoder(Menteur(3))
{'__objet__': 'Menteur (sous-classe de int)'}
"""

from __future__ import annotations

import base64
import itertools
import json
import marshal
from typing import Any

from awale_ref.grading.executant import messages


class ObjetRefuse(ValueError):
    """Raised by :func:`decoder` for a value that was not plain data (message in French)."""


def nom_type(valeur: Any) -> str:
    t = type(valeur)
    for base in (bool, int, float, str, list, tuple, dict):
        if isinstance(valeur, base):
            return f"{t.__qualname__} (sous-classe de {base.__name__})"
    return t.__qualname__


_MARQUEURS = frozenset({"__tuple__", "__dict__", "__objet__"})  # the keys :func:`encoder` tags a dict for
_ENTIER_MAX = 1 << 4000  # an int this large or larger is refused (``str`` of a huge int is refused by Python anyway)


TYPES_SCALAIRES = frozenset((type(None), bool, str, float, int))  # the exact types of the scalars kept as they are
_SEQUENCES = frozenset((list, tuple))
_LIGNES_MIN = 4  # below, encoding element by element costs less than the one-pass checks (a pair of cells)


def _scalaires(valeurs: Any) -> bool:
    """Whether every one of ``valeurs`` is a scalar that :func:`encoder` and :func:`exact` keep as it is (``None``,
    ``bool``, ``str``, ``float``, an ``int`` under :data:`_ENTIER_MAX`): a container of them (a board's row, a
    row of pixels) is copied whole, without a call per element."""
    for v in valeurs:
        t = type(v)
        if t is int:
            if not -_ENTIER_MAX < v < _ENTIER_MAX:
                return False
        elif not (t is str or t is float or t is bool or v is None):
            return False
    return True


def _lignes_scalaires(valeur: list | tuple, niveau: int, reste: list[int]) -> list | None:
    """The encoded elements of a list or a tuple whose elements are all lists or all tuples of scalars (a board,
    an image, a list of cells, a position), at level ``niveau`` (the elements' own), in one pass: each element
    copied whole, the budget ``reste`` taken as :func:`encoder` takes it; ``None`` for any other container, or
    one whose elements would be refused (too deep) or run out of the budget (the general path then refuses
    it where :func:`encoder` does)."""
    if len(valeur) < _LIGNES_MIN or niveau > messages.IMBRICATION_MAX:
        return None
    types = set(map(type, valeur))
    if len(types) != 1 or not types <= _SEQUENCES or not _scalaires(valeur[0]):
        return None
    taille = len(valeur) + sum(map(len, valeur))
    if taille > reste[0] or not _scalaires(list(itertools.chain.from_iterable(valeur))):
        return None
    reste[0] -= taille
    if list in types:
        return list(map(list, valeur))
    return [{"__tuple__": list(element)} for element in valeur]


def encoder(valeur: Any, niveau: int = 0, reste: list[int] | None = None) -> Any:
    """``valeur`` as JSON-ready data of exact builtin types; anything else becomes a refusal marker.

    Tuples and dicts whose keys are not all ``str`` are tagged
    (``{"__tuple__": [...]}``, ``{"__dict__": [[k, v], ...]}``).  ``niveau`` counts the JSON containers
    around the value: past ``messages.IMBRICATION_MAX``, a value is refused (the reply's budget).  ``reste``:
    the values the reply's budget still allows (``messages.BUDGET.valeurs`` for a new value); each container
    takes its own and its elements' (fewer than its JSON text holds, ``messages.mesurer``), and
    ``messages.ReponseTropGrande`` is raised once they run out: nothing over the budget is ever built.
    """
    t = type(valeur)
    if valeur is None or t is bool or t is str or t is float:
        return valeur
    if t is int:
        if abs(valeur) >= _ENTIER_MAX:
            return {"__objet__": "entier trop grand"}
        return valeur
    if niveau > messages.IMBRICATION_MAX:
        return {"__objet__": "structure trop profonde (ou qui se contient elle-même)"}
    if t is list or t is tuple or t is dict:
        if reste is None:
            reste = [messages.BUDGET.valeurs]
        reste[0] -= (2 if t is dict else 1) * len(valeur) + 1
        if reste[0] < 0:
            raise messages.ReponseTropGrande("valeurs", messages.BUDGET.valeurs - reste[0], messages.BUDGET.valeurs)
    if t is list:
        if _scalaires(valeur):
            return list(valeur)
        lignes = _lignes_scalaires(valeur, niveau + 1, reste)
        return lignes if lignes is not None else [encoder(v, niveau + 1, reste) for v in valeur]
    if t is tuple:
        if _scalaires(valeur):
            return {"__tuple__": list(valeur)}
        lignes = _lignes_scalaires(valeur, niveau + 2, reste)
        return {"__tuple__": lignes if lignes is not None else [encoder(v, niveau + 2, reste) for v in valeur]}
    if t is dict:
        if all(type(k) is str for k in valeur) and not _MARQUEURS.intersection(valeur):
            if _scalaires(valeur.values()):
                return dict(valeur)
            return {k: encoder(v, niveau + 1, reste) for k, v in valeur.items()}
        return {"__dict__": [[encoder(k, niveau + 3, reste), encoder(v, niveau + 3, reste)]
                             for k, v in valeur.items()]}
    return {"__objet__": nom_type(valeur)}


def emballer_cas(cas: list[tuple]) -> str:
    """The inputs of a question as the judge sends them: ``marshal`` (read many times faster than JSON by
    the runner), base64 in the JSON line.

    Only the judge's own data goes this way (the runner never sends
    ``marshal``, which is unsafe on untrusted bytes); the values are first
    made exact (:func:`exact`), and format 2 has no shared references, so
    that every case gets lists of its own, as from JSON.
    """
    return base64.b64encode(marshal.dumps([exact(c) for c in cas], 2)).decode("ascii")


def deballer_cas(texte: str) -> list[tuple]:
    """The inputs :func:`emballer_cas` packed (runner side)."""
    return [tuple(c) for c in marshal.loads(base64.b64decode(texte))]


def decoder(donnee: Any) -> Any:
    """The value that :func:`encoder` encoded, built only from exact builtin types.

    Raises :class:`ObjetRefuse` on a refusal marker or malformed data.
    """
    t = type(donnee)
    if t in TYPES_SCALAIRES:
        return donnee
    if t is list:
        lignes = _lignes_decodees(donnee)
        return lignes if lignes is not None else [decoder(v) for v in donnee]
    if t is dict:
        unique = len(donnee) == 1
        if unique and "__objet__" in donnee:
            raise ObjetRefuse(f"un objet de type {donnee['__objet__']!s:.120}, alors que seules des valeurs "
                              f"simples (int, float, bool, str, None, list, tuple, dict) sont acceptées")
        if unique and type(donnee.get("__tuple__")) is list:
            return tuple(decoder(v) for v in donnee["__tuple__"])
        if unique and type(donnee.get("__dict__")) is list:
            resultat = {}
            for paire in donnee["__dict__"]:
                if type(paire) is not list or len(paire) != 2:
                    raise ObjetRefuse("un dictionnaire mal formé")
                cle = decoder(paire[0])
                try:
                    resultat[cle] = decoder(paire[1])
                except TypeError:
                    raise ObjetRefuse(f"un dictionnaire dont une clé n'est pas hachable ({type(cle).__name__})") \
                        from None
            return resultat
        return {str(k): decoder(v) for k, v in donnee.items()}
    raise ObjetRefuse(f"une donnée illisible ({t.__name__})")


def _lignes_decodees(donnee: list) -> list | None:
    """:func:`decoder` of a list of scalars (a row of a board, of pixels) or of lists of scalars (a board, an
    image), in one pass: nothing inside to rebuild; ``None`` for any other list."""
    types = set(map(type, donnee))
    if types <= TYPES_SCALAIRES:
        return list(donnee)
    if types == {list} and set(map(type, itertools.chain.from_iterable(donnee))) <= TYPES_SCALAIRES:
        return list(map(list, donnee))
    return None


def exact(valeur: Any) -> Any:
    """``valeur`` rebuilt as exact builtin data: what the round trip the runner's answers go through,
    ``decoder(json.loads(json.dumps(encoder(valeur))))``, gives.

    Plain data of exact types within the reply's budget (the judge's cases and expected observations, nearly
    always) is copied in one pass (:func:`_copie_exacte`); anything else (an object refused, an integer too
    large, a structure too deep, a value over the budget) takes the round trip itself, which refuses it as a
    reply would be refused.

    >>> exact({(0, 1): [(2, "x")], "a": None}) == {(0, 1): [(2, "x")], "a": None}
    True
    >>> copie = exact([[1.5]] * 2)  # a list shared twice: two lists, as from JSON
    >>> copie, copie[0] is copie[1]
    ([[1.5], [1.5]], False)
    """
    compte = [0]
    try:
        copie = _copie_exacte(valeur, 0, compte)
    except _HorsDuCheminSimple:
        pass
    else:
        if compte[0] <= messages.BUDGET.valeurs:
            return copie
    return decoder(json.loads(json.dumps(encoder(valeur))))


class _HorsDuCheminSimple(Exception):
    """A value :func:`_copie_exacte` leaves to the round trip of :func:`exact`."""


def _copie_exacte(valeur: Any, niveau: int, compte: list[int]) -> Any:
    """:func:`exact` of plain data, in one pass: the levels (``niveau``) and the budget's values (``compte``)
    counted as :func:`encoder` counts them; :class:`_HorsDuCheminSimple` for whatever :func:`encoder` would
    refuse."""
    t = type(valeur)
    if valeur is None or t is bool or t is str or t is float:
        return valeur
    if t is int:
        if abs(valeur) >= _ENTIER_MAX:
            raise _HorsDuCheminSimple
        return valeur
    if niveau > messages.IMBRICATION_MAX:
        raise _HorsDuCheminSimple
    if t is list:
        compte[0] += len(valeur) + 1
        return list(valeur) if _scalaires(valeur) else [_copie_exacte(v, niveau + 1, compte) for v in valeur]
    if t is tuple:
        compte[0] += len(valeur) + 1
        return valeur if _scalaires(valeur) else tuple([_copie_exacte(v, niveau + 2, compte) for v in valeur])
    if t is dict:
        compte[0] += 2 * len(valeur) + 1
        if all(type(k) is str for k in valeur) and not _MARQUEURS.intersection(valeur):
            return {k: _copie_exacte(v, niveau + 1, compte) for k, v in valeur.items()}
        return {_copie_exacte(k, niveau + 3, compte): _copie_exacte(v, niveau + 3, compte)
                for k, v in valeur.items()}
    raise _HorsDuCheminSimple

