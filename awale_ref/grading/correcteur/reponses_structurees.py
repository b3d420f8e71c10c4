"""Structured answers (reasoning questions answered by a value): the generic checks.

A subject gives its table ``REPONSES_ATTENDUES``:
``{name: (format check, expected value, hint[, judge(name, value, expected, hint) -> Resultat])}``;
without a judge, the answer is compared with ``==``.  ``format_reponse`` is the
visible test (the shape only, never the answer); ``verifier_reponse`` the
hidden one.  ``en_ordre`` and ``credit_par_cle`` are judges a table may use.

A question asked on a student's own data (a per-student variant, :mod:`awale_ref.grading.eleve.variantes`) has an
expected value that takes the data (``lambda donnees: …``): :func:`verifier_reponse` is then given the data of
the answer's author (``variante``: the ``Variante`` and its data), and its verdict shows them.

>>> table = {"Q0": (lambda v: None if isinstance(v, int) else "un entier", lambda: 4, "2 + 2")}
>>> format_reponse("Q0", "4", table).ok, verifier_reponse("Q0", 4, table).ok
(False, True)
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping

from awale_ref.grading.eleve.resultat import Resultat


def format_reponse(nom: str, valeur: Any, attendus: Mapping[str, tuple]) -> Resultat:
    """The visible test of a structured answer: its shape only (``attendus``: the subject's table)."""
    if valeur is ...:
        return Resultat(False, f"{nom} : réponse pas encore donnée (remplacez ... par votre réponse).")
    attendu_format = attendus[nom][0](valeur)
    if attendu_format:
        return Resultat(False, f"{nom} : la réponse doit être {attendu_format} ; reçu {valeur!r}.")
    return Resultat(True, f"{nom} : format correct (la justesse est vérifiée à la correction).")


def verifier_reponse(nom: str, valeur: Any, attendus: Mapping[str, tuple],
                     variante: tuple[Any, Any] | None = None) -> Resultat:
    """The hidden test of a structured answer: compared with the subject's expected value (on the author's
    data when the question has variants: ``variante`` is ``(Variante, data)``)."""
    forme = format_reponse(nom, valeur, attendus)
    if not forme.ok:
        return forme
    _, attendu_de, indice, *juge = attendus[nom]
    attendu = attendu_de() if variante is None else attendu_de(variante[1])
    if juge:
        resultat = juge[0](nom, valeur, attendu, indice)
    elif valeur != attendu:
        resultat = Resultat(False, f"{nom} : réponse inexacte ({valeur!r}). Rappel : {indice}.", 1)
    else:
        resultat = Resultat(True, f"{nom} : réponse exacte.", 1)
    if variante is None or variante[1] == variante[0].exemple:
        return resultat
    return dataclasses.replace(resultat, message=f"{resultat.message}\nSur {variante[0].decrire(variante[1])}.")


def en_ordre(nom: str, valeur: list, attendu: list, indice: str) -> Resultat:
    """A judge for a set of cases given as a list: the order does not count (``attendu`` sorted)."""
    return verifier_reponse(nom, sorted(valeur), {nom: (lambda v: None, lambda: sorted(attendu), indice)})


def credit_par_cle(unites: str, part: Callable[[Any, Any, Any], tuple[float, str]] | None = None
                   ) -> Callable[[str, dict, dict, str], Resultat]:
    """A judge for a dict answer that gives each key its share of the points, as a corrector does
    (``unites``: what a key stands for, in French, plural: « plateaux », « tests »).  A missing or extra
    key is an item wrong; ``part(cle, obtenu, attendu)``: the share of one item and what is wrong with it
    (by default all or nothing).

    >>> juger = credit_par_cle("tests")
    >>> juger("Q15", {1: "a", 2: "b"}, {1: "a", 2: "c"}, "rappel").part
    0.5
    """
    def juger(nom: str, valeur: dict, attendu: dict, indice: str) -> Resultat:
        cles = sorted(set(valeur) | set(attendu), key=str)
        points, faux = 0.0, []
        for cle in cles:
            if cle not in valeur or cle not in attendu:
                faux.append(f"{cle!r} ({'manquant' if cle not in valeur else 'en trop'})")
                continue
            gagne, defaut = (part(cle, valeur[cle], attendu[cle]) if part is not None
                             else (1.0 if valeur[cle] == attendu[cle] else 0.0, repr(cle)))
            points += gagne
            if gagne < 1:
                faux.append(defaut)
        fraction = points / len(cles)
        if not faux:
            return Resultat(True, f"{nom} : réponse exacte ({len(cles)} {unites}).", 1, 1.0)
        return Resultat(False, f"{nom} : {unites} inexacts : {', '.join(faux)} ; {fraction:.0%} des points. "
                               f"Rappel : {indice}.", 1, fraction)

    return juger
