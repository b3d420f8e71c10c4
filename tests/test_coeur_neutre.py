"""The grading core and the nbgrader glue name no subject: a subject plugs in through its folder.

A core file (``awale_ref/grading/**/*.py``, ``pipeline/*.py`` and ``pipeline/autograde/*.py``,
``nbgrader_config.py``) must not import a subject (``awale_ref.sujets.<sujet>``), name a question (``"Q21"``), an assignment (found in the subjects' folders),
a board shape (``len(…) == 12``, the parameters ``profondeur``/``profondeur_max``), a graded function of a subject
(``"ramasser_graines"``) or the French words a subject declares for its observations and rule families
(``Spec.libelles``, ``Famille.nom``: « graines gagnées », « récolte {n} cases ») in its code and doctests (prose,
docstrings and comments, may cite a subject as an example).  The function names and the words are read from the
subjects themselves, not listed here.  Observation keys are program names (``messages``); the words shown for
them are ``textes.LIBELLES``.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from awale_ref.grading.eleve import textes
from awale_ref.grading.eleve.specs import SANS_APPEL_RECURSIF, Spec
from awale_ref.grading.executant import messages
from awale_ref.grading.registre import catalogue

RACINE = Path(__file__).resolve().parents[1]
COEUR = sorted([*RACINE.glob("awale_ref/grading/**/*.py"), *RACINE.glob("pipeline/*.py"), *RACINE.glob("pipeline/*/*.py"),
                RACINE / "nbgrader_config.py"])
HORS_COEUR: set[str] = set()  # no exemption: each subject's simulated students are in its folder

def _specs() -> list[Spec]:
    return [spec for sujet in catalogue.tous() for spec in sujet.specs.values()]


def _mots(texte: str) -> str:
    """A subject's words as a pattern: a ``{n}`` of a template matches a number or an f-string's field."""
    return r"(\{[^{}]*\}|\d+)".join(re.escape(morceau) for morceau in texte.split("{n}"))


def mots_des_sujets() -> set[str]:
    """The French words the subjects declare: their specs' ``libelles``, their rule families' names but a family
    named after the core's own word for the key it judges (« lignes distinctes », ``cles=("lignes_distinctes",)``:
    the core's label, not the subject's)."""
    mots = {m for spec in _specs() for m in spec.libelles.values()}
    return mots | {f.nom for spec in _specs() for f in spec.familles
                   if f.nom not in {textes.libelle(cle) for cle in f.cles or ()}}


def fonctions_des_sujets() -> set[str]:
    """The graded functions of the subjects whose name is no plain word (``ramasser_graines``, ``NegaAwale``;
    not ``gain``, ``score``, ``copie``, which the core may say in its own sense)."""
    return {spec.nom for spec in _specs() if "_" in spec.nom or spec.nom != spec.nom.lower()}


def motifs() -> dict[str, re.Pattern]:
    """What names a subject, by kind."""
    devoirs = "|".join(map(re.escape, catalogue.devoirs()))
    noms = "|".join(map(re.escape, (s.module_correction.rsplit(".", 1)[1] for s in catalogue.tous())))
    fonctions = "|".join(map(re.escape, sorted(fonctions_des_sujets())))
    mots = "|".join(map(_mots, sorted(mots_des_sujets(), key=len, reverse=True)))
    return {
        "import d'un sujet": re.compile(rf"awale_ref\.sujets\.({noms})"),
        "numéro de question": re.compile(r"[\"'][Qq]\d+"),
        "nom de devoir": re.compile(rf"\b({devoirs})\b"),
        "forme de plateau": re.compile(r"len\([^)]*\)\s*==\s*12\b|\bprofondeur(_max)?\b|[\"']plateau\b"),
        "fonction d'un sujet": re.compile(rf"[\"']({fonctions})[\"']"),
        "mots d'un sujet": re.compile(mots),
    }


def lignes_de_documentation(texte: str) -> set[int]:
    """The lines that are documentation (docstrings, comments), not doctests: prose may name an example."""
    lignes: set[int] = set()
    try:
        arbre = ast.parse(texte)
    except SyntaxError:
        return lignes
    for noeud in ast.walk(arbre):  # docstrings, and a constant's docstring (the string statement after it)
        if isinstance(noeud, ast.Expr) and isinstance(noeud.value, ast.Constant) and isinstance(noeud.value.value, str):
            lignes |= set(range(noeud.lineno, noeud.end_lineno + 1))
    for jeton in tokenize.generate_tokens(io.StringIO(texte).readline):
        if jeton.type == tokenize.COMMENT and not jeton.line[:jeton.start[1]].strip():
            lignes.add(jeton.start[0])
    return lignes


def sans_commentaires(texte: str) -> list[str]:
    """The lines of ``texte`` without their comments (a comment at the end of a line of code is prose too)."""
    lignes = texte.splitlines()
    try:
        jetons = list(tokenize.generate_tokens(io.StringIO(texte).readline))
    except (tokenize.TokenError, SyntaxError):
        return lignes
    for jeton in reversed(jetons):
        if jeton.type == tokenize.COMMENT:
            ligne = lignes[jeton.start[0] - 1]
            lignes[jeton.start[0] - 1] = ligne[:jeton.start[1]] + ligne[jeton.end[1]:]
    return lignes


def violations(texte: str, chemin: str) -> list[str]:
    """Every line of a core file that names a subject.  Code and doctests: everything is checked; a question
    label in a doctest's made-up example is allowed.  Prose (docstrings, comments): nothing is checked."""
    documentation = lignes_de_documentation(texte)
    trouvees = []
    sortes = motifs()
    for numero, ligne in enumerate(sans_commentaires(texte), 1):
        doctest = ligne.strip().startswith((">>>", "..."))
        if numero in documentation and not doctest:
            continue
        for sorte, motif in sortes.items():
            if doctest and sorte == "numéro de question":
                continue
            if motif.search(ligne):
                trouvees.append(f"{chemin}:{numero}: {sorte} : {ligne.strip()}")
    return trouvees


@pytest.mark.parametrize("chemin", [p for p in COEUR if str(p.relative_to(RACINE)) not in HORS_COEUR],
                         ids=lambda p: str(p.relative_to(RACINE)))
def test_le_coeur_ne_nomme_aucun_sujet(chemin: Path) -> None:
    relatif = str(chemin.relative_to(RACINE))
    assert violations(chemin.read_text(encoding="utf-8"), relatif) == []


@pytest.mark.parametrize("ligne", ["from awale_ref.sujets.ccinp_2024 import exam", "import awale_ref.sujets.ccinp_2024.exam",
                                   'if question == "Q21":', 'if assignment == "partie3_sql":',
                                   "if len(plateau) == 12:", "def f(jeu, profondeur):",
                                   "obs = {\"renvoie\": r, \"plateau après l'appel\": args[0]}",
                                   'LIBELLES = {messages.PREMIER_DE_PAIRE: "graines gagnées", '
                                   'messages.SECOND_DE_PAIRE: "nouveau jeu"}',
                                   'return f"{spec.nom} récolte {recoltees} cases sans jamais s\'appeler elle-même"',
                                   "    >>> libelle('gain') == 'graines gagnées'  # doctests are code",
                                   'if spec.nom == "ramasser_graines":'])
def test_le_test_voit_un_sujet_nomme(ligne: str) -> None:
    assert violations(ligne, "awale_ref/grading/correcteur/juge.py")


def test_les_mots_interdits_viennent_des_sujets() -> None:
    """The words and functions the core may not say are read from the subjects (here: the CCINP's)."""
    from awale_ref.sujets.ccinp_2024 import specs as ccinp
    assert set(ccinp.LIBELLES.values()) <= mots_des_sujets()
    assert {spec.nom for spec in ccinp.SPECS.values() if "_" in spec.nom} <= fonctions_des_sujets()
    assert not mots_des_sujets() & set(textes.LIBELLES.values())  # the core's words are not the subjects'


def test_le_coeur_a_ses_propres_mots() -> None:
    """A spec that names none of its words reads the core's neutral ones."""
    assert textes.libelle(messages.PREMIER_DE_PAIRE) == "premier élément renvoyé"
    assert "{n}" in textes.libelle(SANS_APPEL_RECURSIF) and not violations(
        f"X = {textes.libelle(SANS_APPEL_RECURSIF)!r}", "awale_ref/grading/eleve/checks.py")


# ---------------------------------------------------------------- kinds of question, not the subject's fields
CHAMPS_DES_GENRES = re.compile(r"\b(sujet|s)\.(question_ia|fonction_partie|espions|verifier_partie|juger_partie|"
                               r"code_partie|source_partie|questions_sql|module_sql|sql)\b")
"""Fields that would name a kind of question (a whole game, SQL queries) on the subject: the core reads only the
kinds (``Sujet.type_de``, ``Sujet.types_de_question``: ``awale_ref/grading/registre/types_question.py``)."""


def champs_des_genres(texte: str, chemin: str) -> list[str]:
    documentation = lignes_de_documentation(texte)
    return [f"{chemin}:{n}: {ligne.strip()}" for n, ligne in enumerate(texte.splitlines(), 1)
            if n not in documentation and CHAMPS_DES_GENRES.search(ligne)]


@pytest.mark.parametrize("chemin", COEUR, ids=lambda p: str(p.relative_to(RACINE)))
def test_le_coeur_demande_le_genre_de_la_question(chemin: Path) -> None:
    relatif = str(chemin.relative_to(RACINE))
    assert champs_des_genres(chemin.read_text(encoding="utf-8"), relatif) == []


@pytest.mark.parametrize("ligne", ["if question == sujet.question_ia:", "base = self.sujet.sql().base_cachee()",
                                   "if question in sujet.questions_sql:", "espion = juge.sujet.espions",
                                   "modules = {s.module_sql for s in tous()}"])
def test_le_test_voit_un_champ_de_genre(ligne: str) -> None:
    assert champs_des_genres(ligne, "awale_ref/grading/correcteur/juge.py")
