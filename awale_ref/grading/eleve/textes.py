"""What the student reads: the words of a verdict, built from plain data (a leaf: strings only).

Every step of the verdict's path that words something (judging by rule family, :mod:`familles`; the
generic verdicts of the runner's outcomes; rendering, :mod:`rendu`) takes its words here: a call as the
student would write it, an observation in the student's words (the core's neutral :data:`LIBELLES`, or a
subject's own, ``Spec.libelles``), an exception, a call that does not end, and the four lines of a failing
case.  Nothing here calls another step of grading.
"""

from __future__ import annotations

import contextlib
import contextvars
import types
from typing import Any, Iterator, Mapping, Sequence

from awale_ref.grading.eleve.specs import SANS_APPEL_RECURSIF, Spec
from awale_ref.grading.executant import messages

LONGUEUR_NOMMEE = 60
"""An argument whose text is longer than this is shown by the expression the test cell wrote for it (``G22``),
while :func:`arguments_nommes` holds it (a visible test); a shorter one is shown as its value."""
_NOMMES: contextvars.ContextVar[Mapping[str, str]] = contextvars.ContextVar("arguments_nommes", default={})


def pluriel(n: int, mot: str) -> str:
    """``n`` and ``mot``, plural from 2 on (``"2 lignes"``, ``"1 ligne"``, ``"0 ligne"``)."""
    return f"{n} {mot}{'s' if n > 1 else ''}"


def rendu_trop_volumineux(octets: int, fichiers: int, octets_max: int, fichiers_max: int) -> str:
    """Why no hidden test ran: the submitted folder does not fit in the runner's working space."""
    return (f"le dossier rendu est trop volumineux pour être corrigé : {octets / 1024 ** 2:.1f} Mo et "
            f"{pluriel(fichiers, 'élément')} (fichiers et dossiers), pour au plus {octets_max // 1024 ** 2} Mo et "
            f"{fichiers_max} éléments ; retirez du dossier les fichiers que le notebook n'utilise pas, puis rendez-le "
            "à nouveau.")


def _court(valeur: Any, limite: int = 300) -> str:
    texte = repr(valeur)
    return texte if len(texte) <= limite else texte[: limite - 1] + "…"


@contextlib.contextmanager
def arguments_nommes(args: Sequence, expressions: Sequence[str | None] | None) -> Iterator[None]:
    """While it holds, an argument of ``args`` longer than :data:`LONGUEUR_NOMMEE` is shown by its
    ``expressions`` (the source the test cell wrote for it, :func:`contraintes.expressions_de_l_appel`) when
    that is shorter; a value equal to none of them (a shrunk case) is still shown as its value.

    >>> G = {(i,): [[i + 1]] for i in range(20)}
    >>> with arguments_nommes((G, 2), ("G22", "2")):
    ...     montrer_argument(G), montrer_argument(2)
    ('G22', '2')
    >>> montrer_argument({(0,): []}), montrer_argument(len)
    ('{(0,): []}', 'len')
    """
    noms = {}
    for valeur, expression in zip(args, expressions or ()):
        texte = repr(valeur)
        if expression and len(texte) > LONGUEUR_NOMMEE and len(expression) < len(texte):
            noms[texte] = expression
    jeton = _NOMMES.set(noms)
    try:
        yield
    finally:
        _NOMMES.reset(jeton)


def montrer_argument(valeur: Any, limite: int | None = 300) -> str:
    """An argument as a verdict shows it: a function by its name, a big value by the name the test cell gave it
    (:func:`arguments_nommes`), anything else as its value (cut at ``limite`` characters; ``None``: whole, as
    a call that reproduces the case writes it)."""
    if isinstance(valeur, (types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
        return valeur.__name__
    texte = repr(valeur)
    if len(texte) > LONGUEUR_NOMMEE and texte in _NOMMES.get():
        return _NOMMES.get()[texte]
    return texte if limite is None else _court(valeur, limite)


def decrire_appel(spec: Spec, args: tuple) -> str:
    noms = spec.parametres
    morceaux = [f"{nom}={val if nom in spec.fonctions and type(val) is str else montrer_argument(val)}"
                for nom, val in zip(noms, args)]
    return f"{spec.nom}({', '.join(morceaux)})"


LIBELLES = {messages.RENVOIE: "renvoie", messages.ARGUMENTS_APRES: "arguments après l'appel",
            messages.LIGNES_DISTINCTES: "lignes distinctes",
            messages.COPIE_INDEPENDANTE: "copie indépendante de l'original",
            messages.PREMIER_DE_PAIRE: "premier élément renvoyé", messages.SECOND_DE_PAIRE: "second élément renvoyé",
            messages.AFFICHE: "affiché",
            messages.APPELS: "appels", messages.ISSUES: "issues", messages.NOMBRE_ISSUES: "nombre d'issues",
            messages.SAISIES_LUES: "saisies lues", messages.AFFICHE_FIN: "affiché à la fin",
            messages.AFFICHE_AVANT: "affiché avant chaque saisie",
            messages.HORS_LIMITES: "lectures hors des listes (chemin et indice)",
            SANS_APPEL_RECURSIF: "modifie {n} éléments de son premier argument"}
"""What the student reads for each key of an observation (the keys are program names: ``messages``), in the
core's neutral words; a spec names its own (``Spec.libelles``: the CCINP's « graines gagnées »), and words
what a ``recursive`` function that never calls itself does to its first argument (``SANS_APPEL_RECURSIF``,
``{n}``: how many elements it changed)."""


def libelle(cle: str, libelles: Mapping[str, str] | None = None) -> str:
    """The French words for an observation's key: the spec's ``libelles``, then :data:`LIBELLES`,
    ``<name> après l'appel`` for the first argument after the call (``messages.cle_apres``), the key itself
    otherwise.

    >>> libelle("nombre_issues"), libelle("grille_apres"), libelle("premier_de_paire")
    ("nombre d'issues", "grille après l'appel", 'premier élément renvoyé')
    >>> libelle("premier_de_paire", {"premier_de_paire": "points"})
    'points'
    >>> libelle("inconnue")
    'inconnue'
    """
    if libelles and cle in libelles:
        return libelles[cle]
    if cle in LIBELLES:
        return LIBELLES[cle]
    if cle.endswith("_apres"):
        return f"{cle[:-len('_apres')]} après l'appel"
    return cle


def decrire_observation(obs: dict, libelles: Mapping[str, str] | None = None) -> str:
    """An observation in the student's words (``libelles``: the spec's own, ``Spec.libelles``)."""
    return " ; ".join(f"{libelle(cle, libelles)} {_court(val)}" for cle, val in obs.items())


def decrire_attendu(spec: Spec, args: tuple, attendu: dict) -> str:
    """The « attendu » line of a failing case: the reference's observation in the student's words
    (:func:`decrire_observation`), except its calls counted (``messages.APPELS``), which are one way to answer:
    what the statement allows of them on this case stands there instead (``Spec.appels_permis``).

    >>> from awale_ref.grading.eleve.specs import Spec
    >>> spec = Spec("Q1", "f", ("n",), "appels", list, "", module="awale_ref.engine",
    ...             appels_permis=lambda args: f"f appelée au plus {args[0] + 1} fois")
    >>> decrire_attendu(spec, (3,), {"renvoie": 6, "appels": {"f": 4}})
    'renvoie 6 ; appels : f appelée au plus 4 fois'
    """
    return " ; ".join(f"{libelle(cle, spec.libelles)} : {spec.appels_permis(args)}"
                      if cle == messages.APPELS and spec.appels_permis is not None
                      else f"{libelle(cle, spec.libelles)} {_court(val)}" for cle, val in attendu.items())


def decrire_reussite(obs: dict, libelles: Mapping[str, str] | None = None) -> str:
    """What a passed example's line shows of the reference's observation: its results, never how the reference
    got them (:data:`CLES_DU_CALCUL`: its calls counted by function, the student's functions are others; its reads,
    never out of range).

    >>> decrire_reussite({"renvoie": 3, "appels": {"gagnante": 22}, "hors_limites": []})
    'renvoie 3'
    """
    return " ; ".join(f"{libelle(cle, libelles)} {_court(val, LONGUEUR_REUSSITE)}" for cle, val in obs.items()
                      if cle not in CLES_DU_CALCUL)


CLES_DU_CALCUL = frozenset({messages.APPELS, messages.HORS_LIMITES})
"""The keys of an observation that say how a result was computed, not what it is."""


LONGUEUR_REUSSITE = 160
"""A passed example's line cuts each value it shows here: one or two screen lines per example."""


NE_S_ARRETE_PAS = "la fonction ne s'arrête pas (récursion sans fin ?)"
"""What the student reads about a call that does not end: in the visible tests, the self-study checks and
the grading alike."""


def decrire_exception_nommee(nom: str, message: str) -> str:
    """What the student reads about an exception, known by its name and message (plain data from the runner)."""
    if nom == "NotImplementedError":
        return "la fonction n'est pas encore écrite (NotImplementedError)"
    if nom == "RecursionError":
        return f"{NE_S_ARRETE_PAS} : récursion infinie (RecursionError), le cas de base n'est jamais atteint"
    message = _court(str(message), 200).strip("'\"") if message else ""
    return f"l'appel a levé {nom} : {message}" if message else f"l'appel a levé {nom} (sans message)"


def decrire_trop_long(secondes: Any) -> str:
    """What the student reads about a call stopped by its time limit."""
    duree = f"{secondes:g} s" if type(secondes) in (int, float) else "le temps permis"
    return f"{NE_S_ARRETE_PAS} : l'appel dure plus de {duree} (boucle ou récursion sans fin, ou calcul bien trop long)"


def decrire_memoire_totale(octets: int) -> str:
    """What the student reads when the processes of a notebook's grading together reached the memory it is given
    (``correcteur.memoire``, ``octets``): the system then ends the largest of them.

    >>> decrire_memoire_totale(2 * 1024 ** 3)
    'les processus de ce notebook ont dépassé ensemble la mémoire accordée à sa correction (2048 Mio) : le système a arrêté le plus gros'
    """
    return (f"les processus de ce notebook ont dépassé ensemble la mémoire accordée à sa correction "
            f"({octets // 1024 ** 2} Mio) : le système a arrêté le plus gros")


LIMITES_EN_CLAIR = {"octets": "octets de texte", "valeurs": "valeurs (nombres, chaînes, listes, clés…)",
                   "imbrication": "niveaux de listes ou de dictionnaires imbriqués"}
"""Each limit of the reply's budget (``messages.LIMITES_DU_BUDGET``), as the student reads it."""


def decrire_trop_grande(limite: str, budget: messages.Budget = messages.BUDGET) -> str:
    """Why a reply over the budget fails its question (``limite``: a name of ``messages.LIMITES_DU_BUDGET``).

    >>> decrire_trop_grande("imbrication")
    'réponse trop grande : plus de 208 niveaux de listes ou de dictionnaires imbriqués (la limite de la correction)'
    """
    return (f"réponse trop grande : plus de {getattr(budget, limite):_} {LIMITES_EN_CLAIR[limite]} "
            f"(la limite de la correction)").replace("_", "\u202f")


def message_echec(spec: Spec, args: tuple, attendu: str, obtenu: str, regle: str) -> str:
    """The four lines of a failing case: the call, what was expected, what came back, the rule it breaks."""
    return (f"{spec.question} — {spec.nom} : un cas ne donne pas le résultat attendu.\n"
            f"  entrée  : {decrire_appel(spec, args)}\n"
            f"  attendu : {attendu}\n"
            f"  obtenu  : {obtenu}\n"
            f"  règle   : {regle}")
