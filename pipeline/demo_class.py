"""The demo class: simulated students, their mistakes, and the marks they must get.

Every student hands in the *current* release notebooks with each answer cell
(found by its nbgrader ``grade_id``) filled in from the course's own solution
(the ``### BEGIN SOLUTION`` regions of the source notebooks), except for the
cells listed in their mistakes, which hold the code that student wrote
instead.  Justification cells (graded by hand) get a short French text.

For each student the test cells a mistake costs are written down next to it
(``Erreur.echecs``), with what a corrector would still give: the rule families
the mistake breaks (``Erreur.perdues``, their weights read from the specs) or,
for a literal answer graded per item, how many items are wrong
(``Erreur.items_faux``).  Every other automatic cell must get full marks.
``tests/test_demo_class.py`` autogrades the class and checks exactly that.

>>> [e.identifiant for e in CLASSE][:3]
['lefebvre_sarah', 'martin_hugo', 'bernard_chloe']
>>> sorted(echecs_attendus(eleve("martin_hugo"), ASSIGNMENTS[1]))
['q4_tests', 'q8_tests']
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import importlib
import importlib.util
import itertools
import re
import types
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import nbformat

from awale_ref.grading.registre import catalogue
from pipeline.build import _SOLUTION, ASSIGNMENTS, lire_source, question_de, sujet_de
from pipeline import erreurs_simulees
from pipeline.erreurs_simulees import Erreur, reponses_de_la_variante
from pipeline.variantes_copiees import valeurs_litterales

@dataclass(frozen=True)
class Eleve:
    """A simulated student (``identifiant`` is nbgrader's student id)."""

    identifiant: str
    prenom: str
    nom: str
    profil: str
    erreurs: tuple[Erreur, ...] = ()
    rendus: tuple[str, ...] = ASSIGNMENTS   # assignments handed in
    vierge: bool = False                    # hands in the release notebooks untouched
    en_retard: tuple[str, ...] = ()         # assignments submitted after the due date
    style: int = 0                          # which wording of the justifications
    justifie_comme: str = ""                # the classmate whose justifications this student hands in (copied)


MODULE_DES_ELEVES = "eleves_simules"
"""The module of a subject's folder that holds its simulated students' mistakes."""

_ELEVES: tuple[Eleve, ...] = (
    Eleve("lefebvre_sarah", "Sarah", "Lefebvre", "tout juste", style=0),
    Eleve("martin_hugo", "Hugo", "Martin", "semis et parité ; plages sans 0 initial", style=1),
    Eleve("bernard_chloe", "Chloé", "Bernard", "récolte itérative, cases jouables sans la famine ; lignes d'image "
          "partagées", style=2),
    Eleve("petit_lucas", "Lucas", "Petit", "copie superficielle, SQL sans tri ; famine dans le sens du CCINP", style=0),
    Eleve("robert_emma", "Emma", "Robert", "famine qui modifie le plateau, SQL mal groupé ; sans la règle des 45",
          style=1),
    Eleve("richard_nathan", "Nathan", "Richard", "fin de partie décalée, partie II rendue en retard ; "
          "rectangles d'une ligne", style=2, en_retard=ASSIGNMENTS[1:2]),
    Eleve("durand_camille", "Camille", "Durand", "max() interdit, IA qui voit moins loin ; clef coul ignorée", style=0),
    Eleve("leroy_manon", "Manon", "Leroy", "gain modifie le jeu ; image modifiée en place", style=1),
    Eleve("david_zoe", "Zoé", "David", "importe la référence ; semis lycée sans saut", style=2),
    Eleve("michel_louise", "Louise", "Michel", "gain faux en Q2 ; tests de Q15 confondus ; colle le corrigé d'Othello",
          style=0),
    Eleve("garcia_adam", "Adam", "Garcia", "arbre faux en Q18, camp adverse décalé ; gagnant jamais affiché, parité",
          style=1),
    Eleve("laurent_jules", "Jules", "Laurent", "copie blanche", vierge=True),
    Eleve("bertrand_ines", "Inès", "Bertrand", "n'a rendu que la partie I", rendus=ASSIGNMENTS[:1], style=2),
    # the two who copy (pipeline/similarite.py must rank them first)
    Eleve("fournier_theo", "Théo", "Fournier", "copie de Chloé Bernard, variables renommées, fonctions réordonnées, "
          "et ses justifications", style=2, justifie_comme="bernard_chloe"),
    Eleve("girard_lina", "Lina", "Girard", "deux réponses copiées sur Camille Durand", style=0),
    # copies the value answers of Part I from a classmate whose figures are not hers (the report must name her)
    Eleve("roux_emma", "Emma", "Roux", "réponses de la partie I recopiées sur Sarah Lefebvre (une autre variante)",
          style=1),
)
"""The students, without their mistakes: each subject's folder says which of its mistakes each one makes."""


@functools.lru_cache(maxsize=None)
def simulations() -> tuple[types.ModuleType, ...]:
    """Each subject's simulated students, in the subjects' order: its module ``eleves_simules`` (found in its folder;
    ``pipeline.erreurs_simulees`` says what it declares); a subject without one has no mistake in the demo class."""
    trouves = []
    for sujet in catalogue.tous():
        nom = f"{sujet.module_correction}.{MODULE_DES_ELEVES}"
        if importlib.util.find_spec(nom) is not None:
            trouves.append(importlib.import_module(nom))
    return tuple(trouves)


@functools.lru_cache(maxsize=None)
def erreurs_des_sujets() -> tuple[dict[str, tuple[Erreur, ...]], ...]:
    """Each subject's ``erreurs(outils)`` (:func:`simulations`' order): ``{student id: their mistakes there}``."""
    return tuple(module.erreurs(erreurs_simulees) for module in simulations())


def _declare(nom: str) -> dict:
    """A dict each subject's module may declare (``ITEMS``, ``COLLEURS``), merged."""
    return {k: v for module in simulations() for k, v in getattr(module, nom, {}).items()}


CLASSE: tuple[Eleve, ...] = tuple(
    dataclasses.replace(e, erreurs=tuple(err for par_eleve in erreurs_des_sujets() for err in par_eleve.get(e.identifiant, ())))
    for e in _ELEVES)

COPIEURS = {"fournier_theo": "bernard_chloe", "girard_lina": "durand_camille"}
"""Who copied from whom in the demo class (each copier's pair must come first in the similarity report)."""
COLLEURS = _declare("COLLEURS")
"""Who pasted code from a public source (module -> « proche de corrigé public <module> » in the similarity report)."""
COPIEURS_DE_VARIANTE = {"roux_emma": "lefebvre_sarah"}
"""Who handed in a classmate's value answers (``pipeline.variantes_copiees`` must name them, with variants on)."""


def _identifiant(prenom: str, nom: str) -> str:
    """nbgrader's student id of a generated student: ``nom_prenom``, lower-case ASCII letters.

    >>> _identifiant("Inès", "Le Gall")
    'legall_ines'
    """
    def lettres(texte: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFKD", texte.lower()) if "a" <= c <= "z")

    return f"{lettres(nom)}_{lettres(prenom)}"


def classe_de(nombre: int) -> tuple[Eleve, ...]:
    """A demo class of ``nombre`` students (``python -m pipeline.demo --eleves N``).

    The first are the students of ``CLASSE``; beyond them, new students (French
    names from :mod:`awale_ref.noms`, fixed seed) take the same profiles in turn, the model
    student's included, so a class of 45 has every mistake three times or so.

    >>> [e.identifiant for e in classe_de(2)]
    ['lefebvre_sarah', 'martin_hugo']
    >>> grande = classe_de(45)
    >>> len(grande), len({e.identifiant for e in grande}), grande[len(CLASSE)].erreurs == CLASSE[0].erreurs
    (45, 45, True)
    """
    if nombre < 1:
        raise ValueError(f"a class needs at least one student, got {nombre!r}")
    if nombre <= len(CLASSE):
        return CLASSE[:nombre]
    from awale_ref.noms import TirageDeNoms

    faux = TirageDeNoms(2024)
    pris = {e.identifiant for e in CLASSE}
    classe = list(CLASSE)
    while len(classe) < nombre:
        prenom, nom = faux.prenom(), faux.nom()
        identifiant = _identifiant(prenom, nom)
        if identifiant in pris or "_" not in identifiant.strip("_"):
            continue
        pris.add(identifiant)
        modele = CLASSE[(len(classe) - len(CLASSE)) % len(CLASSE)]
        classe.append(dataclasses.replace(modele, identifiant=identifiant, prenom=prenom, nom=nom))
    return tuple(classe)


def eleve(identifiant: str) -> Eleve:
    """The student called ``identifiant``."""
    for e in CLASSE:
        if e.identifiant == identifiant:
            return e
    raise ValueError(f"no demo student {identifiant!r}; known: {', '.join(e.identifiant for e in CLASSE)}")


def echecs_attendus(e: Eleve, assignment: str | None = None) -> set[str]:
    """The test cells that lose points in the student's submitted notebooks (or in ``assignment``'s),
    blank students aside."""
    return {gid for erreur in e.erreurs for gid in erreur.echecs if assignment in (None, erreur.assignment)}


@functools.lru_cache(maxsize=None)
def questions_des_tests(assignment: str) -> dict[str, tuple[str, ...]]:
    """``{test cell's grade_id: the questions its hidden tests judge}`` of an assignment (its course source)."""
    from pipeline.autograde.structure import questions_cachees

    return {c.metadata["grade_id"]: tuple(q for q, _ in questions_cachees(c.source))
            for c in lire_source(assignment).cells if "tests" in c.metadata.get("tags", ()) and c.cell_type == "code"}


def part_sur_la_variante(erreur: Erreur, grade_id: str, identifiant: str) -> float:
    """The share of the test cell ``grade_id`` a value mistake keeps for the student ``identifiant``: their cell
    judged as the judge does, on their own data (the values asked on per-student data)."""
    from awale_ref.grading.correcteur.reponses_structurees import verifier_reponse

    sujet = sujet_de(erreur.assignment)
    valeurs = valeurs_litterales(erreur.code_de(identifiant))
    parts = [verifier_reponse(q, valeurs[q], sujet.reponses, sujet.donnees_de(q, identifiant)).part
             for q in questions_des_tests(erreur.assignment)[grade_id]]
    return sum(parts) / len(parts)


def part_gardee(erreur: Erreur) -> float:
    """The share of its test cell's points a mistake keeps, as the grader's rule families weigh it.

    The weights come from the question's spec (``Famille.poids``; Q25's three
    SQL families weigh the same); a constraint or accessory family earns
    nothing once every main family is lost, as in
    :func:`awale_ref.grading.eleve.rendu.resultat_du_bilan`.

    >>> [round(part_gardee(err), 3) for err in eleve("martin_hugo").erreurs[:2]]
    [0.333, 0.0]
    """
    question = question_de(erreur.grade_id)
    if erreur.items_faux:
        return 1 - erreur.items_faux / _declare("ITEMS")[(erreur.assignment, question)]()
    if not erreur.perdues:
        return 0.0
    sujet = sujet_de(erreur.assignment)
    rubriques = sujet.type_de(question).familles(question)
    familles = [(f.nom, f.poids, f.principale) for f in rubriques]
    inconnues = set(erreur.perdues) - {nom for nom, _, _ in familles}
    if inconnues:
        raise ValueError(f"{erreur.grade_id}: {sorted(inconnues)} are not rule families of {question}; "
                         f"known: {[nom for nom, _, _ in familles]}")
    if all(nom in erreur.perdues for nom, _, principale in familles if principale):
        return 0.0
    return sum(poids for nom, poids, _ in familles if nom not in erreur.perdues)


# ---------------------------------------------------------------- justifications
_JUSTIFICATION_GENERIQUE = ("{J'applique|Je suis|J'utilise} les règles de la partie I {case par case|une case après "
                            "l'autre|pas à pas}, {dans l'ordre du semis|en suivant le semis|dans le sens du jeu}.",
                            "{Je suis l'énoncé pas à pas|Je reprends l'énoncé étape par étape|Je déroule l'énoncé} "
                            "et {je vérifie avec mon code|je contrôle avec mon programme|mon code le confirme}.",
                            "{Voir le raisonnement|Raisonnement|Explication} : {on suit les règles du jeu dans "
                            "l'ordre|les règles s'appliquent dans l'ordre|on applique les règles une à une}.")
_CHOIX = re.compile(r"\{([^{}]*)\}")


# What the simulated teacher gives each wording of a justification in the formgrader (share of the points).
APPRECIATIONS = {0: (1.0, "Justification complète et exacte."),
                 1: (1.0, "Exact et bien expliqué."),
                 2: (0.5, "Exact, mais une étape du raisonnement manque.")}


def note_manuelle(e: Eleve, points: float) -> tuple[float, str]:
    """The simulated teacher's mark and comment for one of ``e``'s written justifications."""
    part, commentaire = APPRECIATIONS[e.style % len(APPRECIATIONS)]
    return part * points, commentaire


def notes_manuelles(racine: Path, classe: tuple[Eleve, ...] = CLASSE) -> list:
    """The simulated teacher's marks for every justification the class wrote, as ``pipeline.notes_manuelles`` reads them."""
    from pipeline.notes_manuelles import NoteManuelle

    notes = []
    for a, cellules in bareme(racine).items():
        for e in classe:
            if e.vierge or a not in e.rendus:
                continue  # an untouched justification is 0, given by nbgrader itself
            for gid, pts, manuel in cellules:
                if manuel:
                    notes.append(NoteManuelle(e.identifiant, a, gid, *note_manuelle(e, pts)))
    return notes


def justification(grade_id: str, style: int, identifiant: str, assignment: str) -> str:
    """A short French justification for the manual cell ``grade_id`` of ``assignment``: the wording ``style``
    of the question (its subject's own, ``JUSTIFICATIONS`` of its ``eleves_simules``, else a general one), each of its choices of phrasing (``{a|b|c}``)
    made from a hash of the student ``identifiant``, the cell and the choice's place (the same student always
    writes the same text; two students rarely the same phrase).

    >>> justification("q1_justification", 1, "martin_hugo", ASSIGNMENTS[0]).startswith("Alice ")
    True
    >>> len({justification("q3_justification", 0, e.identifiant, ASSIGNMENTS[0]) for e in CLASSE}) == len(CLASSE)
    True
    """
    question = grade_id.split("_", 1)[0]
    simulation = next((m for m in simulations() if m.__name__.startswith(sujet_de(assignment).module_correction + ".")),
                      None)
    propres = getattr(simulation, "JUSTIFICATIONS", {})
    propre = question in propres
    variantes = propres[question] if propre else _JUSTIFICATION_GENERIQUE
    places = itertools.count()

    def choisir(choix: re.Match) -> str:
        options = choix.group(1).split("|")
        graine = hashlib.blake2b(f"{identifiant}/{grade_id}/{next(places)}".encode(), digest_size=8).digest()
        return options[int.from_bytes(graine, "big") % len(options)]

    texte = variantes[style % len(variantes)] + (getattr(simulation, "REMARQUE", "") if propre else "")
    while _CHOIX.search(texte):   # the innermost choices first, then the choices they are part of
        texte = _CHOIX.sub(choisir, texte)
    return re.sub(r" +([.,])", r"\1", re.sub(r"  +", " ", texte))   # where an empty choice was made


# ---------------------------------------------------------------- building the submissions
def solution_propre(source: str) -> str:
    """A solution cell of the source notebook as a student who got it right would write it.

    >>> solution_propre("def f(x):\\n    ### BEGIN SOLUTION\\n    return x\\n    ### END SOLUTION")
    'def f(x):\\n    return x'
    """
    return _SOLUTION.sub(lambda m: m.group(2), source + "\n").rstrip("\n")


def _cellules_reponse(nb: nbformat.NotebookNode) -> dict[str, nbformat.NotebookNode]:
    return {c.metadata["nbgrader"]["grade_id"]: c for c in nb.cells
            if c.metadata.get("nbgrader", {}).get("solution")}


def grade_ids_reponse(racine: Path, assignment: str) -> set[str]:
    """The grade ids of the answer cells of the release notebook of ``assignment``."""
    release = nbformat.read(racine / "release" / assignment / f"{assignment}.ipynb", as_version=4)
    return set(_cellules_reponse(release))


def copie_rendue(e: Eleve, release: nbformat.NotebookNode, source: nbformat.NotebookNode,
                 assignment: str) -> nbformat.NotebookNode:
    """The notebook ``e`` hands in for ``assignment``: the release with the answers filled in."""
    rendu = copy.deepcopy(release)
    if e.vierge:
        return rendu
    solutions = _cellules_reponse(source)
    erreurs = {err.grade_id: err for err in e.erreurs if err.assignment == assignment}
    for gid, cell in _cellules_reponse(rendu).items():
        if gid in erreurs:
            cell.source = erreurs[gid].code_de(e.identifiant)
        elif cell.cell_type == "markdown":
            auteur = eleve(e.justifie_comme) if e.justifie_comme else e
            cell.source = justification(gid, auteur.style, auteur.identifiant, assignment)
        elif gid in solutions:  # the course's answer, on this student's own data where it is drawn per student
            cell.source = reponses_de_la_variante(solution_propre(solutions[gid].source), assignment, e.identifiant)
        else:
            raise ValueError(f"answer cell {gid!r} of the release is not in the source notebook")
    return rendu


def verifier_erreurs(racine: Path, classe: tuple[Eleve, ...] = CLASSE) -> None:
    """Every mistake names an answer cell, and every expected failure a test cell, of the current notebooks."""
    reponses: dict[str, set[str]] = {}
    tests: dict[str, set[str]] = {}
    for a in ASSIGNMENTS:
        chemin = racine / "release" / a / f"{a}.ipynb"
        if not chemin.exists():
            continue
        nb = nbformat.read(chemin, as_version=4)
        reponses[a] = set(_cellules_reponse(nb))
        tests[a] = {c.metadata["nbgrader"]["grade_id"] for c in nb.cells
                    if c.metadata.get("nbgrader", {}).get("grade") and c.cell_type == "code"}
    for e in classe:
        if e.justifie_comme and eleve(e.justifie_comme).style % len(APPRECIATIONS) != e.style % len(APPRECIATIONS):
            raise ValueError(f"{e.identifiant} copies the justifications of {e.justifie_comme}, who writes another "
                             f"kind of justification (style): the simulated teacher's mark would not fit the text")
        for err in e.erreurs:
            if err.assignment not in reponses:
                continue  # that notebook is not built (yet)
            if err.grade_id not in reponses[err.assignment]:
                raise ValueError(f"{e.identifiant}: mistake in {err.grade_id!r}, which is not an answer cell "
                                 f"of the release notebook {err.assignment}")
            inconnus = set(err.echecs) - tests[err.assignment]
            if inconnus:
                raise ValueError(f"{e.identifiant}: expected failures {sorted(inconnus)} are not test cells")


def ecrire_soumissions(racine: Path, classe: tuple[Eleve, ...] = CLASSE,
                       assignments: tuple[str, ...] | None = None) -> list[Path]:
    """Write ``submitted/<student>/<assignment>/<assignment>.ipynb`` for the class; return the paths.

    The folders of these students are rewritten from scratch (a second run gives the same files).
    """
    assignments = assignments or tuple(a for a in ASSIGNMENTS if (racine / "release" / a).exists())
    verifier_erreurs(racine, classe)
    ecrits = []
    for a in assignments:
        release = nbformat.read(racine / "release" / a / f"{a}.ipynb", as_version=4)
        source = nbformat.read(racine / "source" / a / f"{a}.ipynb", as_version=4)
        for e in classe:
            dossier = racine / "submitted" / e.identifiant / a
            if dossier.exists():
                for vieux in dossier.iterdir():
                    vieux.unlink()
            if a not in e.rendus:
                if dossier.exists():
                    dossier.rmdir()
                continue
            dossier.mkdir(parents=True, exist_ok=True)
            chemin = dossier / f"{a}.ipynb"
            nbformat.write(copie_rendue(e, release, source, a), chemin)
            ecrits.append(chemin)
    return ecrits


def scores_attendus(e: Eleve, bareme: dict[str, list[tuple[str, float, bool]]],
                    manuelles: bool = True) -> dict[tuple[str, str], float | None]:
    """``{(assignment, grade_id): expected score}`` of every graded cell of the notebooks ``e`` handed in.

    ``bareme`` maps an assignment to its graded cells ``(grade_id, points, manual)``.  A manual cell
    the student wrote in gets the simulated teacher's mark (:func:`note_manuelle`), or ``None`` (left to
    the teacher) with ``manuelles=False``; an untouched one is 0.

    >>> bareme = {ASSIGNMENTS[1]: [("q4_tests", 1, False), ("q8_tests", 3, False)]}
    >>> list(scores_attendus(eleve("martin_hugo"), bareme).values())
    [0.0, 1.0]
    >>> list(scores_attendus(eleve("bernard_chloe"), {ASSIGNMENTS[0]: [("q1_justification", 1, True)]}).values())
    [0.5]
    """
    echecs = {(erreur.assignment, gid): part_gardee(erreur) if erreur.pour_l_eleve is None
              else part_sur_la_variante(erreur, gid, e.identifiant) for erreur in e.erreurs for gid in erreur.echecs}
    attendus: dict[tuple[str, str], float | None] = {}
    for a, cellules in bareme.items():
        if a not in e.rendus:
            continue
        for gid, pts, manuel in cellules:
            if e.vierge:
                attendus[(a, gid)] = 0
            elif manuel:
                attendus[(a, gid)] = note_manuelle(e, pts)[0] if manuelles else None
            else:
                # rounded as the feedback writes the points nbgrader reads (two decimals)
                attendus[(a, gid)] = round(echecs[(a, gid)] * pts, 2) if (a, gid) in echecs else pts
    return attendus


def bareme(racine: Path) -> dict[str, list[tuple[str, float, bool]]]:
    """The graded cells ``(grade_id, points, manual)`` of each source notebook under ``racine``."""
    res = {}
    for a in ASSIGNMENTS:
        chemin = racine / "source" / a / f"{a}.ipynb"
        if chemin.exists():
            nb = nbformat.read(chemin, as_version=4)
            res[a] = [(c.metadata["nbgrader"]["grade_id"], c.metadata["nbgrader"]["points"], c.cell_type == "markdown")
                      for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")]
    return res
