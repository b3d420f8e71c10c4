"""Per-student variants of the questions answered by a value: each student's own data, drawn from a seed.

A subject declares, in its folder, one :class:`Variante` per data set its value questions are asked on
(``Sujet(variantes=...)``): the name of the notebook's variable that holds it (``figure4``), a generator
``generer(random.Random) -> data``, the statement's own data (``exemple``) and the questions computed on it.
The expected answers of those questions take the data (``REPONSES_ATTENDUES``: ``lambda donnees: …``).

Where the seed comes from (never from anything the student writes):

- in a student's kernel (:func:`identite`): the grader's choice for a submission (``AWALE_VARIANTE_DE``, set
  for the grading kernel only), else the JupyterHub user of the class server (``JUPYTERHUB_USER``), else
  the seed the learner drew in self-study (:func:`autre_variante`), else, in a notebook fetched with
  nbgrader, the nbgrader student id (the system user name, as ``nbgrader submit`` records it), else (a
  self-study notebook) none: the statement's own data;
- at grading, the judge reads the submission's nbgrader student id (its folder ``submitted/<student>/``),
  never the notebook: a notebook that claims another identity is graded on its author's variant.

The seed is a keyed hash of the identity (HMAC-SHA256, key: the course's ``AWALE_VARIANTES_SEL``, so
that another course, or another year, draws other variants).  The key is no secret, and need not be: the
student's kernel must draw their data, so whatever draws it is theirs to read; what the variants protect is
that each student is *graded* on their own data, which the judge alone derives, from the submission's
folder.  ``AWALE_VARIANTES=non`` turns variants off: every student gets the statement's data.

Shipped as it is in the students' environment (it imports nothing of the course).
"""

from __future__ import annotations

import copy
import getpass
import hashlib
import hmac
import json
import os
import random
import secrets
from dataclasses import dataclass
from typing import Any, Callable

REGLAGE = "AWALE_VARIANTES"
"""The setting: ``non`` (or ``0``, ``off``) gives every student the statement's own data."""
SEL = "AWALE_VARIANTES_SEL"
"""The course's key of the seeds (default :data:`SEL_PAR_DEFAUT`): another key, other variants."""
SEL_PAR_DEFAUT = "awale"
IDENTITE_CORRECTION = "AWALE_VARIANTE_DE"
"""Set by the grader for the kernel of a submission: the submission's nbgrader student id."""
AUTONOMIE = "AWALE_VARIANTE_AUTONOMIE"
"""The seed a learner drew in self-study (:func:`autre_variante`), inherited by the clean process."""
UTILISATEUR_HUB = "JUPYTERHUB_USER"


def actives() -> bool:
    """Whether variants are on (the course's setting :data:`REGLAGE`; on by default)."""
    return os.environ.get(REGLAGE, "oui").strip().lower() not in {"non", "0", "off", "false", "no"}


def graine(identite: str, nom: str) -> int:
    """The seed of the data set ``nom`` for the student ``identite`` (a keyed hash of both).

    >>> graine("alice", "figure4") == graine("alice", "figure4") != graine("bob", "figure4")
    True
    """
    cle = os.environ.get(SEL, SEL_PAR_DEFAUT).encode()
    return int.from_bytes(hmac.new(cle, f"{nom}\0{identite}".encode(), hashlib.sha256).digest()[:8], "big")


def _utilisateur_nbgrader() -> str | None:
    """The student id ``nbgrader submit`` records: the system user (``jovyan`` stands for the hub's user)."""
    try:
        nom = getpass.getuser()
    except Exception:  # noqa: BLE001  (no user name in this process: no identity)
        return None
    return os.environ.get(UTILISATEUR_HUB, nom) if nom == "jovyan" else nom


def _notebook_nbgrader() -> bool:
    """Whether this kernel runs an nbgrader notebook (fetched with ``nbgrader fetch_assignment``: its cells carry
    nbgrader's metadata), read from the notebook Jupyter names (``JPY_SESSION_NAME``); a self-study notebook has
    none."""
    chemin = os.environ.get("JPY_SESSION_NAME", "")
    if not chemin.endswith(".ipynb") or not os.path.isfile(chemin):
        return False
    try:
        with open(chemin, encoding="utf-8") as fichier:
            cellules = json.load(fichier).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return False
    return any(isinstance(c, dict) and "nbgrader" in (c.get("metadata") or {}) for c in cellules)


def identite() -> str | None:
    """The identity the kernel draws its variants from (see the module's docstring for the order); ``None`` in
    self-study before :func:`autre_variante`: the statement's own data."""
    for variable in (IDENTITE_CORRECTION, UTILISATEUR_HUB, AUTONOMIE):
        if valeur := os.environ.get(variable, "").strip():
            return valeur
    return _utilisateur_nbgrader() if _notebook_nbgrader() else None


def autre_variante() -> str | None:
    """Self-study: draw another variant (the data cells must be run again); refused on the class server and
    while a submission is graded, where the variant is the account's."""
    if os.environ.get(IDENTITE_CORRECTION) or os.environ.get(UTILISATEUR_HUB):
        print("Votre variante est celle de votre compte : elle ne change pas (c'est aussi celle de la correction).")
        return None
    os.environ[AUTONOMIE] = f"autonomie-{secrets.token_hex(4)}"
    print("Nouvelle variante tirée. Exécutez de nouveau les cellules « Vos données » et vos réponses. "
          "(Un devoir récupéré avec nbgrader est corrigé sur la variante de votre identifiant, pas sur celle-ci.)")
    return os.environ[AUTONOMIE]


@dataclass(frozen=True)
class Variante:
    """A data set of a subject drawn per student: the value questions ``questions`` are asked on it.

    ``nom``: the notebook's variable that holds it (also the seed's salt); ``generer(rng)``: the data of one
    variant (valid inputs of its questions: ``tests/test_variantes.py`` checks it on many seeds);
    ``exemple``: the statement's own data (variants off); ``libelle``: what the data is, in French, for the
    student (« plateau »); ``domaine(data)``: raises ``AssertionError`` when the data are not valid inputs of
    its questions as the notebook states them (in their domain, solvable); it may call the reference (imported
    inside it), so it is run by the tests only (``tests/test_variantes.py``, on many seeds), never in a kernel."""

    nom: str
    generer: Callable[[random.Random], Any]
    exemple: Any
    questions: tuple[str, ...]
    libelle: str = "données"
    domaine: Callable[[Any], None] | None = None

    def donnees(self, qui: str | None) -> Any:
        """The data of the student ``qui`` (the statement's when variants are off or nobody is named)."""
        if qui is None or not actives():
            return copy.deepcopy(self.exemple)
        return self.generer(random.Random(graine(qui, self.nom)))

    def decrire(self, donnees: Any) -> str:
        """One French line that shows the student's data in a verdict."""
        return f"votre {self.libelle} ({self.nom}) : {donnees!r}"


def donnees_du_noyau(declarees: tuple[Variante, ...], nom: str) -> Any:
    """A notebook's data cell: the data set ``nom`` (one of a subject's ``declarees``) of the student this kernel
    belongs to (:func:`identite`), saying whose variant it is."""
    choix = next((v for v in declarees if v.nom == nom), None)
    if choix is None:
        raise ValueError(f"no data set named {nom!r} is drawn per student; drawn: "
                         f"{', '.join(v.nom for v in declarees) or 'none'}")
    qui = identite()
    if not actives() or qui is None:
        print("Les données de l'énoncé (en autonomie, autre_variante() en tire d'autres).")
    else:
        print(f"Vos données : la variante de « {qui} ».")
    return choix.donnees(qui)
