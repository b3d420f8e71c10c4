"""The visible tests from data: what the students' environment runs instead of the reference.

On the class server the students' servers run from a *student distribution* of the package
(``python -m pipeline.paquet_eleve``): every reference module reduced to the functions the notebooks
supply, no corpus, no answer, no hidden test.  The expected value of each visible example, the
reference's observation of ``tester(question, f, *args)`` in a test cell, is computed when that
distribution is built and shipped as data (``awale_ref/data/visibles.json``, :func:`donnees_visibles`);
here the student's function is run on the same arguments and compared with it by the grading's own
``checks.verifier`` (the same plain-data round trip, rule families, run-time traps and source check of
the exam's constraints as everywhere else).  A function the graded one calls is the student's own (the
reference of a graded function is not in the distribution), the functions the notebook supplies are
the reference's.

Differences with the full package's ``tester``, all on the safe side: an example that is not one of the
test cells' is refused (« cet exemple n'est pas un de ceux du notebook »); where the subject admits
several answers (``Spec.accepter``), the subject's acceptance is used when its specs module is in the
distribution (the CCINP's ``specs``), or its copy where it holds no reference, or the answers it accepts on
the example, computed by the build (``Spec.variantes``); else an answer that is not the reference's
is shown beside the reference's, « jugée à la correction », not failed (the Olympiades' specs modules hold answers); a structured answer has its shape checked by the subject's own format
check (copied into ``awale_ref/grading/formats.py``).
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import types
from pathlib import Path
from typing import Any

from awale_ref.grading.eleve import affichage, checks, contraintes, textes
from awale_ref.grading.eleve.rendu import dessin_du_cas
from awale_ref.grading.eleve.resultat import EchecTest
from awale_ref.grading.eleve.specs import Famille, Spec
from awale_ref.grading.executant import encodage, messages, requetes

DONNEES = Path(__file__).resolve().parents[2] / "data" / "visibles.json"
BIBLIOTHEQUE = Path(__file__).resolve().parents[2] / "data" / "bibliotheque_visible.sqlite"


def cle(valeur: Any) -> str:
    """Exact data as one text (dict keys sorted): how an example's arguments or an accepted answer is found again."""
    return json.dumps(encodage.encoder(valeur), sort_keys=True, ensure_ascii=False)


def cle_exemple(args: tuple) -> str:
    """How a visible example is found again: the exact data of its arguments, as JSON text."""
    return cle(tuple(args))


def module_des_formats(module_correction: str) -> str:
    """Where the student distribution keeps the format checks of a subject's structured answers."""
    return f"awale_ref.grading.formats.{module_correction.replace('.', '_')}"


def module_de_partie(module_correction: str) -> str:
    """Where the student distribution keeps the check of a subject's whole-game question (``PartieEntiere.verifier``)."""
    return f"awale_ref.grading.parties.{module_correction.replace('.', '_')}"


@functools.lru_cache(maxsize=1)
def _donnees() -> dict:
    if not DONNEES.exists():
        raise RuntimeError(f"{DONNEES} is missing: this is not a student distribution (python -m pipeline.paquet_eleve)")
    return json.loads(DONNEES.read_text(encoding="utf-8"))


def _echec(message: str) -> None:
    __tracebackhide__ = True
    raise EchecTest(message)


def _acceptation(question: str, d: dict, exemple: dict, autres: list, module_correction: str) -> Any:
    """How an answer that differs from the reference's is judged, where the subject admits several.

    The subject's own acceptance when its specs module is in the distribution (the CCINP's), or its copy
    (``ACCEPTATIONS`` of the subject's formats module, copied where it holds no reference), or the answers
    it accepts on this example, computed by the build with the reference (``exemple["acceptees"]``:
    ``pipeline.paquet_eleve.reponses_acceptees``); otherwise every other answer but the trivial ones the subject
    refuses on the example (``exemple["refusees"]``: ``pipeline.paquet_eleve.reponses_refusees``: a stub,
    ``return None``, …) passes here and is kept in ``autres``: the judge decides, at grading."""
    if not d["plusieurs_reponses"]:
        return None
    try:
        return importlib.import_module(d["module_specs"]).SPECS[question].accepter
    except (ImportError, AttributeError, KeyError):
        pass
    copiees = getattr(importlib.import_module(module_des_formats(module_correction)), "ACCEPTATIONS", {})
    if question in copiees:
        return copiees[question]
    if "acceptees" in exemple:
        acceptees = frozenset(exemple["acceptees"])
        return lambda obtenu, attendu, args: cle(obtenu) in acceptees
    refusees = frozenset(exemple.get("refusees", ()))  # the trivial answers the subject refuses here
    return lambda obtenu, attendu, args: cle(obtenu) not in refusees and (autres.append(obtenu) or True)


def _spec(question: str, d: dict, exemple: dict, autres: list, module_correction: str) -> Spec:
    """The question's spec rebuilt from data, its rule families covering what the reference's covered."""
    couvertes = set(exemple["couvre"])
    familles = tuple(Famille(f["nom"], f["poids"], selection=(lambda a, o, nom=f["nom"]: nom in couvertes),
                             cles=tuple(f["cles"]) if f["cles"] is not None else None, contrainte=f["contrainte"],
                             accessoire=f["accessoire"]) for f in d["familles"])
    return Spec(question, d["nom"], tuple(d["parametres"]), d["observation"], lambda: [], d["regle"],
                contraintes=tuple(d["contraintes"]), familles=familles, module=d["module"],
                presentation=d.get("presentation", ""), fonctions=tuple(d.get("fonctions", ())),
                libelles=d.get("libelles", {}),
                accepter=_acceptation(question, d, exemple, autres, module_correction),
                appels_permis=(lambda args, texte=exemple["appels_permis"]: texte) if "appels_permis" in exemple
                else None)


class Testeur:
    """``tester`` of one subject (its grading module), from the data of the student distribution."""

    def __init__(self, module_correction: str) -> None:
        self.module_correction = module_correction

    def _sujet(self) -> dict:
        return _donnees()[self.module_correction]

    def tester(self, question: str, objet: Any, *args: Any) -> None:
        """Visible test: one of the notebook's examples (or the shape of an answer). Prints ``✔ …`` or
        raises :class:`EchecTest` with a French message."""
        __tracebackhide__ = True
        sujet = self._sujet()
        if question in sujet["fonctions"]:
            with textes.arguments_nommes(args, contraintes.expressions_de_l_appel(question)):
                message = self._fonction(question, sujet["fonctions"][question], objet, args)
        elif question in sujet["reponses"]:
            message = self._reponse(question, objet)
        elif question in sujet["sql"]:
            message = self._sql(question, objet, sujet["sql"][question])
        elif sujet.get("partie") and question == sujet["partie"]["question"]:
            message = self._partie(question, sujet["partie"], objet)
        else:
            known = [*sujet["fonctions"], *sujet["reponses"], *sujet["sql"], *([sujet["partie"]["question"]]
                                                                              if sujet.get("partie") else [])]
            raise ValueError(f"unknown question {question!r} for this subject; known: {', '.join(known)}")
        print("✔ " + message)

    def _fonction(self, question: str, d: dict, objet: Any, args: tuple) -> str:
        __tracebackhide__ = True
        raison = origine(question, d["nom"], objet)
        if raison:
            _echec(raison)
        exemple = d["exemples"].get(cle_exemple(args))
        if exemple is None:
            _echec(f"{question} — cet exemple n'est pas un de ceux du notebook : sur le serveur de la classe, les "
                   f"tests visibles connaissent les exemples de l'énoncé, pas d'autres (appel : "
                   f"{d['nom']}{tuple(args)!r}).")
        autres: list = []
        spec = _spec(question, d, exemple, autres, self.module_correction)
        attendu = encodage.decoder(exemple["attendu"])
        # as the full package's ``tester``: the example alone (never rule families or points), each call timed
        resultat = checks.verifier(spec, objet, [tuple(args)], importlib.import_module(d["module"]),
                                   attendus=[attendu], exemples=True, delai=checks.DELAI_APPEL_S)
        if not resultat.ok:
            _echec(resultat.message + dessin_du_cas(resultat.contre_exemple))
        appel, reference = textes.decrire_appel(spec, tuple(args)), textes.decrire_reussite(attendu, spec.libelles)
        if autres:
            return (f"{appel} : {textes.decrire_reussite(autres[0], spec.libelles)}. La référence donne "
                    f"{reference} ; l'énoncé admet d'autres réponses, la vôtre n'est jugée qu'à la correction.")
        return f"{appel} : {reference}"

    def _partie(self, question: str, d: dict, objet: Any) -> str:
        """A function that plays a whole game through a spied search, on the reduced reference (whose
        graded functions are the engine's): the subject's check, copied (:func:`module_de_partie`)."""
        __tracebackhide__ = True
        raison = origine(question, d["nom"], objet)
        if raison:
            _echec(raison)
        partie = importlib.import_module(module_de_partie(self.module_correction))
        resultat = partie.verifier(objet, importlib.import_module(d["module"]), checks.DELAI_APPEL_S)
        if not resultat.ok:
            _echec(resultat.message)
        return resultat.message

    def _reponse(self, question: str, valeur: Any) -> str:
        __tracebackhide__ = True
        if valeur is ...:
            _echec(f"{question} : réponse pas encore donnée (remplacez ... par votre réponse).")
        formats = importlib.import_module(module_des_formats(self.module_correction)).FORMATS
        attendu_format = formats[question](valeur)
        if attendu_format:
            _echec(f"{question} : la réponse doit être {attendu_format} ; reçu {valeur!r}.")
        return f"{question} : format correct (la justesse est vérifiée à la correction)."

    def _sql(self, question: str, requete: Any, colonnes: list[str]) -> str:
        __tracebackhide__ = True
        table = importlib.import_module(self._sujet()["module_sql"]).montrer_requete(requete, 0)
        if table.erreur is not None:
            _echec(f"{question} — {table.erreur}")
        reponse = table.reponse
        if not reponse.tables:
            _echec(f"{question} — {requetes.SANS_TABLE}")
        if len(reponse.colonnes) != len(colonnes):
            _echec(f"{question} — la requête s'exécute mais doit renvoyer {len(colonnes)} colonne(s) "
                   f"({', '.join(colonnes)}, dans cet ordre) ; la vôtre en renvoie {len(reponse.colonnes)} "
                   f"({', '.join(reponse.colonnes)}).")
        base = self._sujet().get("nom_base") or "la bibliothèque d'ouvertures"  # the subject's SQL module's NOM_BASE
        return (f"{question} — la requête s'exécute sans erreur sur {base} : {len(reponse.lignes)} ligne(s), "
                f"{len(reponse.colonnes)} colonne(s). Sa justesse est vérifiée à la correction, sur une autre base.")


def origine(question: str, nom: str | None, objet: Any) -> str | None:
    """The function must be the student's, defined in the notebook (``Sujet._origine_valide`` too)."""
    if not isinstance(objet, types.FunctionType):
        if callable(objet):
            return f"{question} — {nom} doit être une fonction définie avec def dans le notebook."
        return f"{question} — {nom} n'est pas une fonction (c'est un objet de type {type(objet).__name__})."
    paquet = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # awale_ref/
    if (objet.__module__ or "").startswith("awale_ref") or os.path.abspath(
            objet.__code__.co_filename).startswith(paquet + os.sep):
        return (f"{question} — {nom} vient du paquet de référence awale_ref : "
                f"écrivez votre propre fonction dans le notebook.")
    return None


affichage.installer()  # a notebook that imports its tests shows their failures in French
