"""Grading helpers called by the notebooks' test cells.

- ``tester(question, objet, *args)``: a visible test, run in the student's
  kernel.  For a function, the call ``objet(*args)`` (the exam's example) is
  compared with the reference, the dependencies being the reference's; for a
  structured answer, only its shape is checked.  Prints ``✔ …`` or raises
  ``AssertionError`` with a French message (input, expected, obtained, rule).
- ``montrer_requete(requete, limite=10)``: the result of an SQL query
  (Q22–Q25) on the opening library, as an HTML table (``grading.sql``).
- ``corriger(question, objet)``: the hidden test.  The object is shipped to a
  clean process (``cleanroom``) and compared with the reference on the
  seeded corpus; the first failing case is reported.

>>> def tour_joueur1(jeu):
...     return jeu['n'] % 2 == 0
>>> tour_joueur1.__module__ = "__main__"  # as if defined in a notebook
>>> tester("Q4", tour_joueur1, {'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0], 'n': 3, 'plateau': [4] * 12})
✔ tour_joueur1(jeu={'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0], 'n': 3, 'plateau': [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]}) : renvoie False
"""

from __future__ import annotations

import os
import types
from typing import Any

from awale_ref.grading import answers, checks, specs

QUESTIONS = (tuple(specs.SPECS) + ("Q21",) + answers.QUESTIONS_REPONSES + ("Q22", "Q23", "Q24", "Q25"))


class EchecTest(AssertionError):
    """A failed test, with a French message meant for the student."""


def _echec(message: str) -> None:
    __tracebackhide__ = True
    raise EchecTest(message)


def _montrer_echec(shell: Any, etype: type, valeur: BaseException, tb: Any, tb_offset: Any = None) -> list[str]:
    """How IPython shows a failed test: the French message alone, without the grader's frames."""
    lignes = str(valeur).splitlines() or [""]
    stb = [f"\x1b[0;31m{etype.__name__}\x1b[0m: {lignes[0]}", *lignes[1:]]
    shell._showtraceback(etype, valeur, stb)  # ipykernel sends it as the cell's error output
    return stb


def _installer_affichage() -> None:
    try:
        from IPython import get_ipython
    except ImportError:  # plain Python: the usual traceback
        return
    shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((EchecTest,), _montrer_echec)


_installer_affichage()


def _origine_valide(question: str, objet: Any) -> str | None:
    """The function must be the student's, defined in the notebook."""
    nom = specs.SPECS[question].nom if question in specs.SPECS else "awale_ia"
    if not isinstance(objet, types.FunctionType):
        if callable(objet):
            return f"{question} — {nom} doit être une fonction définie avec def dans le notebook."
        return f"{question} — {nom} n'est pas une fonction (c'est un objet de type {type(objet).__name__})."
    paquet = os.path.dirname(os.path.abspath(__file__)).rsplit(os.sep, 1)[0]
    if (objet.__module__ or "").startswith("awale_ref") or os.path.abspath(
            objet.__code__.co_filename).startswith(paquet + os.sep):
        return (f"{question} — {nom} vient du paquet de référence awale_ref : "
                f"écrivez votre propre fonction dans le notebook.")
    return None


def tester(question: str, objet: Any, *args: Any) -> None:
    """Visible test: one of the exam's examples (or the shape of an answer)."""
    __tracebackhide__ = True
    if question not in QUESTIONS:
        raise ValueError(f"unknown question {question!r}; known: {', '.join(QUESTIONS)}")
    if question in answers.QUESTIONS_REPONSES:
        resultat = answers.format_reponse(question, objet)
    elif question in ("Q22", "Q23", "Q24", "Q25"):
        from awale_ref.grading import sql

        resultat = sql.format_sql(question, objet)
    else:
        raison = _origine_valide(question, objet)
        if raison:
            _echec(raison)
        from awale_ref import exam

        if question == "Q21":
            resultat = answers.verifier_q21(objet, exam)
        else:
            spec = specs.SPECS[question]
            resultat = checks.verifier(spec, objet, [args], exam)
            if resultat.ok:
                obs = spec.observer(getattr(exam, spec.nom), args)
                resultat.message = f"{checks.decrire_appel(spec, args)} : {checks.decrire_observation(obs)}"
    if not resultat.ok:
        _echec(resultat.message + _dessin(resultat.contre_exemple))
    print("✔ " + resultat.message)


def corriger(question: str, objet: Any) -> None:
    """Hidden test: the whole seeded corpus, in a clean process.

    While a submission is graded (``AWALE_CORRECTION=juge``, set for the
    sandboxed kernel) nothing is checked here: the verdict is the judge's,
    computed once outside the kernel (``awale_ref.grading.juge``).
    """
    __tracebackhide__ = True
    if question not in QUESTIONS:
        raise ValueError(f"unknown question {question!r}; known: {', '.join(QUESTIONS)}")
    if os.environ.get("AWALE_CORRECTION") == "juge":
        print(f"Tests cachés de {question} : jugés par le correcteur, hors de votre noyau (verdict ci-dessous).")
        return
    if question in specs.SPECS or question == "Q21":
        raison = _origine_valide(question, objet)
        if raison:
            _echec(raison)
    from awale_ref.grading import cleanroom

    verdict = cleanroom.executer(question, objet)
    if not verdict.get("ok"):
        _echec(str(verdict.get("message")) + _dessin(verdict.get("contre_exemple")))
    print("✔ " + str(verdict.get("message")))


def _dessin(contre_exemple: Any) -> str:
    """The smallest failing case drawn as text, with the call that reproduces it ('' if none)."""
    if not isinstance(contre_exemple, dict) or "appel" not in contre_exemple:
        return ""
    from awale_ref.grading.contre_exemples import dessin_texte

    dessin = dessin_texte(contre_exemple["plateau"]) + "\n" if isinstance(contre_exemple.get("plateau"), list) else ""
    return f"\n{dessin}Pour le reproduire : {contre_exemple['appel']}"


def __getattr__(nom: str) -> Any:
    # montrer_requete (SQL notebooks) loads the opening library's code: only when asked for.
    if nom == "montrer_requete":
        from awale_ref.grading.sql import montrer_requete

        return montrer_requete
    raise AttributeError(f"module 'awale_ref.grading' has no attribute {nom!r}")


__all__ = ["EchecTest", "QUESTIONS", "corriger", "montrer_requete", "tester"]
