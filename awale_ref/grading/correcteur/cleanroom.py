"""Hidden tests run in a clean, separate Python process (self-study and the instructor's notebooks).

When a class is graded, the verdicts are the judge's (``awale_ref.grading.correcteur.juge``,
sandboxed runner, plain data only) and ``corriger`` does nothing in the
kernel; this module serves the self-study notebooks, where the student checks
their own work on their own machine.

Why: the student's kernel may have replaced anything (``awale_ref``, the
grading helpers, builtins), may loop forever, exit or eat memory.  The hidden
test only *ships* the student's object (``cloudpickle``, by value) to a fresh
interpreter that loads the pristine reference, runs the checks with limits,
and sends back a verdict.  In that process:

- a reference to ``awale_ref`` inside the student's code becomes a stub that
  fails when used: the function must be the student's own;
- the student's prints go to ``/dev/null``, the verdict to a private pipe;
- memory, CPU time and file sizes are limited, the parent enforces a timeout.

It is a guard, not a sandbox: it runs with the student's own rights, on the
student's own machine.  The verdict uses the same plain-data comparison as
the judge (``checks.verifier``, which judges every case per rule family with
``familles.juger_familles``).
"""

from __future__ import annotations

import importlib
import io
import json
import os
import pickle
import subprocess
import sys
import types
from typing import Any

from awale_ref.grading.eleve.textes import NE_S_ARRETE_PAS

DELAI_S = 60          # wall-clock limit of one hidden check (the nbgrader cell timeout is larger)
MEMOIRE_OCTETS = 2 * 1024 ** 3
TAILLE_MAX_ENVOI = 32 * 1024 ** 2


# ---------------------------------------------------------------- parent side (in the kernel)
def executer(question: str, objet: Any, module: str) -> dict:
    """Ship ``objet`` to a clean process and return its verdict ``{"ok", "message", "nb_cas"}``.

    ``module``: the subject's grading module (``awale_ref.grading.registre.catalogue``).
    The cells the kernel ran go with it, as text, for the constraints read in
    the source (:func:`awale_ref.grading.eleve.contraintes.cellules_de`).
    """
    import cloudpickle

    from awale_ref.grading.eleve import contraintes

    cellules = [[c.lieu, c.source] for c in contraintes.cellules_de(objet) or []]
    try:
        charge = (f"{module} {question}".encode("utf-8") + b"\n"
                  + json.dumps(cellules, ensure_ascii=True).encode("ascii") + b"\n" + cloudpickle.dumps(objet))
    except Exception as exc:  # unpicklable globals, generators, open files…
        return {"ok": False, "nb_cas": 0,
                "message": f"{question} — impossible de transmettre votre réponse au correcteur "
                           f"({type(exc).__name__}: {exc}). Évitez de faire dépendre la fonction "
                           f"d'objets spéciaux (fichiers, widgets, générateurs)."}
    if len(charge) > TAILLE_MAX_ENVOI:
        return {"ok": False, "nb_cas": 0,
                "message": f"{question} — votre réponse (avec les variables qu'elle utilise) pèse "
                           f"{len(charge) // 1024 ** 2} Mo : trop pour le correcteur."}
    lecture, ecriture = os.pipe()
    try:
        proc = subprocess.Popen(
            # -P: the notebook's folder is not on sys.path (a submitted awale_ref.py cannot shadow the package)
            [sys.executable, "-P", "-m", "awale_ref.grading.correcteur.cleanroom", str(ecriture)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            pass_fds=(ecriture,), env={**os.environ, "PYTHONHASHSEED": "0"})
    finally:
        os.close(ecriture)
    with os.fdopen(lecture, "rb") as canal:
        try:
            _, erreurs = proc.communicate(charge, timeout=DELAI_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            return {"ok": False, "nb_cas": 0,
                    "message": f"{question} — {NE_S_ARRETE_PAS} : la correction a dépassé {DELAI_S} s "
                               f"(boucle ou récursion sans fin, ou fonction beaucoup trop lente)."}
        except KeyboardInterrupt:  # the student stops the check: the clean process goes with it
            proc.kill()
            proc.communicate()
            raise
        verdict = canal.read()
    try:
        return json.loads(verdict.decode("utf-8"))
    except ValueError:
        detail = erreurs.decode("utf-8", "replace").strip().splitlines()[-1:] or ["aucun détail"]
        return {"ok": False, "nb_cas": 0,
                "message": f"{question} — le processus de correction s'est arrêté sans verdict "
                           f"(code {proc.returncode}) : votre code a-t-il appelé exit() ou fait planter "
                           f"Python ? Détail : {detail[0][:200]}"}


# ---------------------------------------------------------------- child side (the clean process)
class _Interdit(types.ModuleType):
    """Stands for ``awale_ref`` inside the student's code: any use fails."""

    def __getattr__(self, nom: str) -> Any:
        raise ImportError(f"le code évalué utilise awale_ref.{nom} : la fonction doit être la vôtre, "
                          f"écrite dans le notebook (la référence est interdite)")


def _stub(module: str, nom: str) -> Any:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise ImportError(f"le code évalué utilise {module}.{nom}, la fonction de référence : "
                          f"la fonction doit être la vôtre, écrite dans le notebook")

    refuse.__name__ = nom
    refuse.__module__ = "awale_ref (interdit)"
    return refuse


class _Depaqueteur(pickle.Unpickler):
    """Unpickles the student's object, turning every ``awale_ref`` reference into a stub."""

    def find_class(self, module: str, nom: str) -> Any:
        if module == "awale_ref" or module.startswith("awale_ref."):
            return _stub(module, nom)
        objet = super().find_class(module, nom)
        if nom in ("subimport", "dynamic_subimport") and module.startswith("cloudpickle"):
            def sous_import(nom_module: str, *args: Any) -> Any:
                if nom_module == "awale_ref" or nom_module.startswith("awale_ref."):
                    return _Interdit(nom_module)
                return objet(nom_module, *args)
            return sous_import
        return objet


def _limiter() -> None:
    import resource

    for limite, valeur in ((resource.RLIMIT_AS, MEMOIRE_OCTETS), (resource.RLIMIT_CPU, DELAI_S + 5),
                           (resource.RLIMIT_FSIZE, 16 * 1024 ** 2)):
        try:
            resource.setrlimit(limite, (valeur, valeur))
        except (ValueError, OSError):  # a lower hard limit is already in force
            pass


def _preparer(module: str, question: str, cellules: list | None = None) -> Any:
    """Everything the check needs, loaded *before* any student code exists here.

    Returns a function of the student's object giving a ``Resultat``
    (``cellules``: the cells the kernel ran, ``contraintes.Cellule``).
    """
    sujet = getattr(importlib.import_module(module), "SUJET", None)  # the subject that asked (Sujet.corriger)
    if sujet is None:
        raise ValueError(f"{module!r} defines no SUJET: it is not a subject's grading module")
    sujet.reference()  # imported now, whatever the kind: awale_ref is closed to the student's object
    genre = sujet.type_de(question)  # its kind of question prepares the check (types_question)
    if genre is not None:
        return genre.preparer(sujet, question, cellules)
    raise ValueError(f"unknown question {question!r}")


def _principal(fd_verdict: int) -> None:
    canal = os.fdopen(fd_verdict, "w", encoding="utf-8")
    nul = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nul, 1)
    sys.stdout = io.StringIO()
    _limiter()
    sys.setrecursionlimit(3000)
    donnees = sys.stdin.buffer.read()
    question = ""
    try:
        # The question's name is read first with the plain unpickler on a
        # header, so that the check is ready before the student's object exists.
        entete, texte_cellules, corps = donnees.split(b"\n", 2)
        module, question = entete.decode("utf-8").split(" ", 1)
        from awale_ref.grading.eleve.contraintes import Cellule

        cellules = [Cellule(str(lieu), str(source)) for lieu, source in json.loads(texte_cellules)]
        juger = _preparer(module, question, cellules)
        for nom in [m for m in sys.modules if m == "awale_ref" or m.startswith("awale_ref.")]:
            sys.modules[nom] = _Interdit(nom)  # a runtime import inside the student's code gets the stub
        objet = _Depaqueteur(io.BytesIO(corps)).load()
    except Exception as exc:
        verdict = {"ok": False, "nb_cas": 0,
                   "message": f"{question} — réponse illisible par le correcteur ({type(exc).__name__}: {exc})"}
    else:
        try:
            resultat = juger(objet)
            verdict = {"ok": resultat.ok, "message": resultat.message, "nb_cas": resultat.nb_cas,
                       "part": resultat.part, "contre_exemple": resultat.contre_exemple}
        except MemoryError:
            verdict = {"ok": False, "nb_cas": 0, "message": f"{question} — mémoire épuisée pendant la correction."}
        except RecursionError:
            verdict = {"ok": False, "nb_cas": 0, "message": f"{question} — {NE_S_ARRETE_PAS} : récursion infinie pendant "
                                                        f"la correction."}
        except Exception as exc:  # a check itself failed on a strange object
            verdict = {"ok": False, "nb_cas": 0,
                       "message": f"{question} — la correction a échoué sur votre réponse "
                                  f"({type(exc).__name__}: {str(exc)[:200]})."}
    canal.write(json.dumps(verdict, ensure_ascii=False))
    canal.close()


if __name__ == "__main__":
    _principal(int(sys.argv[1]))
