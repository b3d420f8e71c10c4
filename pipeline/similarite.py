"""Who copied from whom: how alike the students' answers are, for the teacher's report.

nbgrader grades each notebook alone; this module compares the code of the
notebooks handed in (``submitted/<student>/<assignment>/*.ipynb``) between
students, question by question, the way MOSS does.

**What is compared.**  Every code the student wrote, found by comparing the
notebook's code cells with the release's (cells added, moved, re-labelled
included), never by the notebook's own nbgrader metadata, which the student's
notebook writes; a question's answer is the code that defines its function (the
name its spec grades, in the subject the release's test cells name) or its
value, wherever it was written, with the helpers that code uses (a helper used
by several answers goes with each) (:func:`reponses_du_notebook`).  Then:

1. **normalised code**: each answer becomes a sequence of syntax-tree tokens
   (:mod:`pipeline.normalisation_code`, on Python's :mod:`ast`): names,
   literals, comments and layout out; dead statements removed; the
   statements of each block and the functions of a cell in a canonical
   order; ``for``/``while`` on a range and ``x = x + e``/``x += e``
   folded; renaming, reordering, inserting dead code or comments, or
   switching loop forms changes nothing or little;
2. **fingerprints**: the hashes of its k-grams (``k`` tokens), winnowed (the
   smallest hash of each window, so a passage of ``garantie`` tokens always
   leaves one); a fingerprint does not depend on where the passage is, so
   what is added around a copied passage (a helper, a statement) hides only
   the k-grams across the seams: the fingerprints tolerate insertions;
3. **boilerplate**: every k-gram of what the release gives every student
   (the statement's code, the stubs of the answer cells, the visible tests:
   all the code cells of ``release/<assignment>/``, and the code shown in its
   text) is removed;
4. **an inverted index** fingerprint -> students, per question: only the
   students who share a fingerprint are ever put side by side, never every
   pair; the pairs come out of numpy arrays, not of a loop over students;
5. **weights**: a fingerprint held by ``df`` of the ``N`` students who
   answered weighs ``ln(N/df) / ln(N/2)`` (1 for a fingerprint of one or two
   students), and nothing at all once more than ``part_commune`` of them,
   or more than ``df_max``, hold it: what most of the class writes (the
   course's own solution, an obvious idiom) is no evidence.  An answer
   shorter than ``longueur_min`` tokens (``return jeu['n'] % 2 == 0``) is
   left out altogether.

**Justifications** (``analyser(..., justifications=True)``, as the teacher's report does).  The text
cells a student wrote (found like the code, against the release's text cells) are compared as words (:mod:`pipeline.normalisation_texte`: the words of each sentence sorted, so
rewording by word order changes nothing), on shingles of ``k_texte`` words, all kept; a phrase more than
``df_max_texte`` students wrote is the class's (the course's wording, a dictated sentence) and weighs nothing.
They make pairs like the code, on their own question (``q1_justification``).  SQL answers (a string holding a
query) are compared on the normalised query (:mod:`pipeline.normalisation_sql`).

**Sources beyond the class.**  Each answer is also compared with what students can read
(:func:`sources_du_devoir`): the subject's public sources (its answer key as transcribed in its folder,
``Sujet.sources_publiques``), the code the other release notebooks give, and the students' package when its
source tree is given.  A source counts as one more student who answered every question with the whole source,
with the same weights and thresholds (:func:`_proches`): the key is a correct answer, and what most of the
class writes weighs nothing even when the key writes it too.  The report lists the answers flagged « proche
de <source> » among the likely copies (:func:`classement_des_copies`), each with its side-by-side page.

Why no library does the normalisation: see :mod:`pipeline.normalisation_code`
(copydetect, used before, tokenises the text with pygments; its winnowing is
pure Python there, 0.2 ms an answer, so the winnowing is numpy's here).

**The scores.**  For a pair and a question, ``partage`` is the weight of the
fingerprints both answers hold, and the *mass* of an answer the weight of all
its own fingerprints; the question's score is ``partage / min(masse_a,
masse_b)``: the share of the smaller answer's *distinctive* code that the
other has too, from 0 to 1.  Over several questions (a notebook, the
paper), the score is ``sum(partage) / sum(min(masse_a, masse_b))`` over the
questions both answered.  A pair is flagged when a score (over the paper or
on one question) reaches ``seuil`` with at least ``preuve_min`` of shared
weight.  A high score is a reason to look at the two notebooks, not a proof.

Written by :func:`pipeline.report.ecrire_rapport`: a section of ``rapport.md`` that opens on one ranked list
of likely copies (the pairs, the answers close to a source, and the answers right for a classmate's variant
that ``pipeline.variantes_copiees`` finds, by evidence weight: :data:`POIDS_DE_PREUVE`),
one side-by-side page per pair under ``report/similarite/`` with the shared
passages highlighted, and a section of the teacher's page of each flagged
student (``report/eleves/<id>.html``; never in the students' feedback).
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import functools
import itertools
import math
import multiprocessing
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import numpy as np

from awale_ref.gabarits import rendre
from pipeline.normalisation_code import etendues, jetons
from pipeline.normalisation_sql import est_une_requete, jetons as jetons_de_la_requete
from pipeline.normalisation_texte import jetons as jetons_du_texte


@dataclass(frozen=True)
class Reglages:
    """The parameters of the comparison (the report prints them)."""

    k: int = 10                  # noise threshold: k-grams of k tokens of normalised code
    garantie: int = 14           # a shared passage of this many tokens always leaves a shared fingerprint
    longueur_min: int = 24       # shorter answers (tokens of normalised code, boilerplate included) are ignored
    part_commune: float = 0.5    # a fingerprint of more than this share of the students weighs 0
    df_max: int = 10             # ... and so does one of more than df_max students (MOSS's -m)
    seuil: float = 0.5           # a pair is flagged from this score...
    preuve_min: float = 6.0      # ... with at least this weight of shared fingerprints (a copied function of ~5 lines)
    k_texte: int = 3             # a justification: shingles of this many words (pipeline.normalisation_texte), all kept
    mots_min: int = 12           # shorter justifications (words with content) are ignored
    df_max_texte: int = 2        # a phrase of more than this many students' justifications weighs 0 (a class formula)

    def __post_init__(self) -> None:
        if not 1 <= self.k <= self.garantie:
            raise ValueError(f"need 1 <= k <= garantie, got k={self.k!r}, garantie={self.garantie!r}")
        if not 0 < self.part_commune <= 1 or not 0 < self.seuil <= 1:
            raise ValueError(f"part_commune and seuil must be in (0, 1], got {self.part_commune!r}, {self.seuil!r}")
        if self.k_texte < 1 or self.mots_min < 0 or self.df_max_texte < 2:
            raise ValueError(f"need k_texte >= 1, mots_min >= 0, df_max_texte >= 2, got {self.k_texte!r}, "
                             f"{self.mots_min!r}, {self.df_max_texte!r}")
        if self.df_max < 2 or self.preuve_min < 0 or self.longueur_min < 0:
            raise ValueError(f"need df_max >= 2, preuve_min >= 0, longueur_min >= 0, got {self.df_max!r}, "
                             f"{self.preuve_min!r}, {self.longueur_min!r}")

    @property
    def fenetre(self) -> int:
        """The winnowing window (``garantie - k + 1``)."""
        return self.garantie - self.k + 1

    @property
    def des_textes(self) -> "Reglages":
        """The settings of the justifications: shingles of ``k_texte`` words, ``df_max_texte`` students at most."""
        return dataclasses.replace(self, k=self.k_texte, garantie=max(self.garantie, self.k_texte),
                                   longueur_min=self.mots_min, df_max=self.df_max_texte)


class Texte(str):
    """A free-text answer (a justification): compared as words (:mod:`pipeline.normalisation_texte`), not code."""

    __slots__ = ()


@dataclass(frozen=True)
class Empreinte:
    """The fingerprints of one answer: the hashes kept and where each starts in the normalised code."""

    code: str
    normalise: str
    positions_jetons: np.ndarray  # (line, column, end line, end column) in the code of each token of ``normalise``
    hashes: np.ndarray           # unique fingerprints, boilerplate removed
    positions: dict[int, list[int]]
    texte: bool = False           # a justification's words (:class:`Texte`), not code


def normaliser(code: str) -> tuple[str, np.ndarray]:
    """The normalised token sequence of ``code`` (:func:`pipeline.normalisation_code.jetons`: one character
    per syntax-tree token) and the position in the code of each token (line, column, end line, end column).

    >>> a = "def f(jeu):\\n    return jeu['n'] % 2 == 0  # pair\\n"
    >>> normaliser(a)[0] == normaliser("def g(j):\\n    x = 3\\n    return j['m'] % 2 == 0\\n")[0]
    True

    A string holding a query (an SQL answer) is followed by the query's own tokens
    (:mod:`pipeline.normalisation_sql`), each at the string's place in the code:

    >>> q = normaliser('Q = "SELECT j.nom FROM Joueur AS j WHERE j.niveau > 3 AND j.pays = 1"')[0]
    >>> q == normaliser("Q = '''select NOM\\nfrom joueur\\nwhere PAYS = 2 and NIVEAU > 1900'''")[0], len(q) > 12
    (True, True)
    """
    if isinstance(code, Texte):
        return jetons_du_texte(code)
    normalise, positions = jetons(code)
    requetes = _requetes(code) if _SELECT.search(code) else []
    if not requetes:
        return normalise, positions
    return (normalise + "".join(j for j, _ in requetes),
            np.concatenate([positions.reshape(-1, 4)] + [np.tile(np.array(p, dtype=np.int32), (len(j), 1))
                                                          for j, p in requetes]))


_SELECT = re.compile(r"\b(select|with)\b", re.I)


def _requetes(code: str) -> list[tuple[str, tuple[int, int, int, int]]]:
    """``(tokens, position of the string)`` of each string of ``code`` that holds a query, in order."""
    import ast

    try:
        arbre = ast.parse(code)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return []
    trouvees = []
    for noeud in ast.walk(arbre):
        if isinstance(noeud, ast.Constant) and isinstance(noeud.value, str) and est_une_requete(noeud.value):
            jetons_sql = jetons_de_la_requete(noeud.value)
            if jetons_sql:
                trouvees.append((jetons_sql, (noeud.lineno, noeud.col_offset, noeud.end_lineno, noeud.end_col_offset)))
    return sorted(trouvees, key=lambda t: t[1])


_BASE = np.uint64(0x100000001B3)  # FNV's prime, an odd multiplier


def kgrammes(normalise: str, reglages: Reglages) -> np.ndarray:
    """Every k-gram hash of a normalised code (what a boilerplate removes).

    A polynomial hash modulo 2**64 of the k characters, computed at once for all the k-grams: the same in
    every run (Python's ``hash`` of a string changes with each process unless ``PYTHONHASHSEED`` is set,
    and so would the report's weights).

    >>> r = Reglages(k=3, garantie=3)
    >>> bool(kgrammes("abcab", r)[0] == kgrammes("xxabc", r)[-1]), len(kgrammes("abcab", r)), len(kgrammes("ab", r))
    (True, 3, 0)
    """
    k = reglages.k
    if len(normalise) < k:
        return np.array([], dtype=np.int64)
    codes = np.frombuffer(normalise.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    with np.errstate(over="ignore"):
        facteurs = np.full(k, _BASE, dtype=np.uint64)
        facteurs[0] = 1
        puissances = np.cumprod(facteurs)[::-1]   # B**(k-1), ..., B, 1 (modulo 2**64)
        fenetres = np.lib.stride_tricks.sliding_window_view(codes, k)
        return (fenetres * puissances).sum(axis=1, dtype=np.uint64).view(np.int64)


def winnow(hashes: np.ndarray, fenetre: int) -> np.ndarray:
    """The indices of the fingerprints kept by robust winnowing (Schleimer, Wilkerson and Aiken, 2003): the
    smallest hash of each window of ``fenetre`` consecutive hashes (the rightmost of equal ones), each index
    once, in order; with fewer hashes than a window, the smallest of them.

    >>> winnow(np.array([5, 3, 8, 3, 9, 1, 7]), 3).tolist()
    [1, 3, 5]
    """
    if len(hashes) == 0:
        return np.array([], dtype=np.int64)
    fenetre = min(fenetre, len(hashes))
    fenetres = np.lib.stride_tricks.sliding_window_view(hashes, fenetre)[:, ::-1]
    return np.unique(np.arange(len(fenetres)) + fenetre - 1 - fenetres.argmin(axis=1))


def empreinte(code: str, gabarit: np.ndarray, reglages: Reglages, toutes: bool = False,
              normalise: tuple[str, np.ndarray] | None = None) -> Empreinte:
    """The winnowed fingerprints of one answer, the k-grams of ``gabarit`` (the boilerplate, sorted) removed;
    every k-gram with ``toutes`` (a source: every fingerprint an answer keeps from a passage it shares with
    the source is then among them); ``normalise``: :func:`normaliser`'s result, when already known."""
    texte = isinstance(code, Texte)
    if texte:   # a justification: every shingle of k_texte words
        reglages, toutes = reglages.des_textes, True
    normalise, positions_jetons = normalise or normaliser(code)
    tous = kgrammes(normalise, reglages)
    if len(tous) == 0:
        return Empreinte(code, normalise, positions_jetons, np.array([], dtype=np.int64), {}, texte)
    indices = np.arange(len(tous)) if toutes else winnow(tous, reglages.fenetre)
    hashes = tous[indices]
    place = np.minimum(np.searchsorted(gabarit, hashes), max(len(gabarit) - 1, 0))
    garde = gabarit[place] != hashes if len(gabarit) else np.ones(len(hashes), dtype=bool)
    positions: dict[int, list[int]] = defaultdict(list)
    for h, i in zip(hashes[garde].tolist(), indices[garde].tolist()):
        positions[h].append(i)
    return Empreinte(code, normalise, positions_jetons, np.array(sorted(positions), dtype=np.int64), dict(positions),
                     texte)


def poids(df: np.ndarray, n: int, reglages: Reglages) -> np.ndarray:
    """The weight of fingerprints held by ``df`` of the ``n`` students who answered.

    >>> poids(np.array([1, 2, 3, 5, 6, 8]), 12, Reglages()).round(2).tolist()
    [1.0, 1.0, 0.77, 0.49, 0.39, 0.0]
    """
    df = np.asarray(df, dtype=float)
    limite = max(2, min(reglages.df_max, math.floor(reglages.part_commune * n)))
    w = np.log(n / df) / math.log(n / 2) if n > 2 else np.ones_like(df)
    return np.where(df <= 2, 1.0, np.where(df <= limite, np.clip(w, 0.0, 1.0), 0.0))


# ---------------------------------------------------------------- reading the notebooks
@dataclass(frozen=True)
class VersionEleve:
    """What the release of one assignment gives every student, and where its answers go.

    ``codes``: the sources of its code cells, in order; ``reponses[i]``: the ``grade_id`` of ``codes[i]`` when
    it is an answer cell (the release's own metadata: written by the build, not by a student); ``noms``: the
    name a question's answer defines (the function its spec grades, the value a structured answer names) ->
    the ``grade_id`` of that question's answer cell, from the subject the release's test cells name;
    ``textes``: the boilerplate (every code cell and every block of code shown in its text, and its text as
    :class:`Texte`); ``markdowns``: the sources of its text cells, ``justifications[i]`` the ``grade_id`` of
    ``markdowns[i]`` when it is a written answer's cell.
    """

    codes: tuple[str, ...]
    reponses: tuple[str | None, ...]
    noms: dict[str, str]
    textes: tuple[str, ...]
    markdowns: tuple[str, ...] = ()
    justifications: tuple[str | None, ...] = ()

    @classmethod
    def lire(cls, racine: Path, assignment: str) -> "VersionEleve":
        dossier = racine / "release" / assignment
        notebooks = sorted(dossier.glob("*.ipynb"))
        if not notebooks:
            raise ValueError(f"no release notebook in {dossier}: run nbgrader generate_assignment {assignment} "
                             f"first (the release is the boilerplate left out of the comparison)")
        cellules = [c for chemin in notebooks for c in nbformat.read(chemin, as_version=4).cells]
        codes = [c for c in cellules if c.cell_type == "code" and isinstance(c.get("source"), str)]
        markdowns = [c for c in cellules if c.cell_type == "markdown" and isinstance(c.get("source"), str)]

        def reponse(c: nbformat.NotebookNode) -> str | None:
            nbgrader = c.get("metadata", {}).get("nbgrader", {})
            gid = nbgrader.get("grade_id")
            return gid if nbgrader.get("solution") and isinstance(gid, str) else None

        reponses = [reponse(c) for c in codes]
        textes = [c.source for c in codes] + [bloc for c in markdowns for bloc in _BLOC_DE_CODE.findall(c.source)]
        textes += [Texte(c.source) for c in markdowns]
        return cls(tuple(c.source for c in codes), tuple(reponses),
                   _noms_des_reponses([c.source for c in codes], reponses), tuple(textes),
                   tuple(c.source for c in markdowns), tuple(reponse(c) for c in markdowns))


def _noms_des_reponses(sources: list[str], reponses: list[str | None]) -> dict[str, str]:
    """``{name: grade_id}``: what each question of the subject the test cells ``sources`` name is answered by
    (its graded function, or the value named like the question's answer), for the questions whose answer
    cell is among ``reponses``."""
    from awale_ref.grading.registre import catalogue
    from pipeline.build import CourseError, question_de

    try:
        sujet = catalogue.sujet_des_sources(sources)
    except (ValueError, LookupError):
        return {}
    cellule_de: dict[str, str] = {}
    for gid in reponses:
        try:
            cellule_de.setdefault(question_de(gid), gid) if gid else None
        except CourseError:
            continue
    noms = {}
    for q in sujet.questions:
        nom, question = sujet.nom_note(q) or q, q.split("_")[0]   # "Q4" (a function), "Q1_cases" (a value)
        if nom.isidentifier() and question in cellule_de:
            noms[nom] = cellule_de[question]
    return noms


HORS_QUESTION = "hors_question"
"""The pseudo-question of code written before any answer cell of the release and defining no answer."""


def reponses_du_notebook(chemin: Path, version: VersionEleve, justifications: bool = False) -> dict[str, str]:
    """``{grade_id: code}``: every code (and every justification) the student wrote in a notebook, by question.

    The student's code is found by comparing the notebook's code cells with the release's (``version``),
    never by the notebook's own metadata (written by the student's notebook): a code cell that is not a
    cell of the release, unchanged, is the student's. Each top-level statement of it goes to the question
    whose answer it defines (:attr:`VersionEleve.noms`: a function, a value), wherever it was written; the
    other statements to every answer that uses what they define (a helper), else to the answer written just
    before them in their cell (or just after), else to the answer cell of the release they stand at (the last
    answer cell before it in the alignment of the two notebooks' code cells), or :data:`HORS_QUESTION`.  With ``justifications``, the text cells the student wrote are found the
    same way, against the release's text cells: each goes, as a :class:`Texte`, to the written answer's cell it
    stands at (the last one before it), if any.
    """
    try:
        nb = nbformat.read(chemin, as_version=4)
    except Exception as exc:  # nbformat raises several kinds on a broken file
        raise ValueError(f"{chemin}: not a readable notebook ({exc})") from exc
    cellules = [c.source for c in nb.cells if c.get("cell_type") == "code" and isinstance(c.get("source"), str)]
    morceaux: list[_Morceau] = []
    for source, j in _cellules_ecrites(cellules, version.codes):
        avant = [gid for gid in version.reponses[:max(j, -1) + 1] if gid]
        morceaux += _morceaux(source, version.noms, avant[-1] if avant else HORS_QUESTION)
    # a helper (a definition no question names) goes with every answer that uses it, wherever it was written
    questions: dict[int, set[str]] = {i: {m.question} for i, m in enumerate(morceaux) if m.reponse}
    change = True
    while change:
        change = False
        for i, m in enumerate(morceaux):
            if m.reponse or not m.definis:
                continue
            utilisatrices = {q for j, qs in questions.items() if j != i and m.definis & morceaux[j].utilises for q in qs}
            if not utilisatrices <= questions.get(i, set()):
                questions.setdefault(i, set()).update(utilisatrices)
                change = True
    reponses: dict[str, list[str]] = defaultdict(list)
    for i, m in enumerate(morceaux):
        for question in sorted(questions.get(i, {m.question})):
            if m.texte not in reponses[question]:
                reponses[question].append(m.texte)
    ecrites = {q: "\n\n".join(textes) + "\n" for q, textes in reponses.items()}
    if not justifications:
        return ecrites
    markdowns = [c.source for c in nb.cells if c.get("cell_type") == "markdown" and isinstance(c.get("source"), str)]
    ecrits: dict[str, list[str]] = defaultdict(list)
    for source, j in _cellules_ecrites(markdowns, version.markdowns):
        avant = [gid for gid in version.justifications[:max(j, -1) + 1] if gid]
        if avant:
            ecrits[avant[-1]].append(source.strip())
    ecrites.update({q: Texte("\n\n".join(textes) + "\n") for q, textes in ecrits.items()})
    return ecrites


def _cellules_ecrites(cellules: list[str], donnees: tuple[str, ...]) -> list[tuple[str, int]]:
    """``(source, j)`` of each cell of ``cellules`` that is not a cell of the release ``donnees`` (unchanged) nor
    empty: the student's, with the release cell it stands at (or after) in the alignment of the two lists
    (``-1``: before the first)."""
    import difflib

    donnes = {s.strip() for s in donnees}
    aligne = difflib.SequenceMatcher(None, [s.strip() for s in cellules], [s.strip() for s in donnees],
                                     autojunk=False)
    place = [0] * len(cellules)
    for genre, i1, i2, j1, j2 in aligne.get_opcodes():
        for i in range(i1, i2):
            place[i] = (j1 + min(i - i1, j2 - j1 - 1)) if genre != "insert" else j1 - 1
    return [(source, j) for source, j in zip(cellules, place) if source.strip() and source.strip() not in donnes]


@dataclass(frozen=True)
class _Morceau:
    """A top-level statement of a student's cell: the question it answers (``reponse``: it defines the
    answer's name) or stands at, the names it defines and uses, its text."""

    question: str
    reponse: bool
    definis: frozenset[str]
    utilises: frozenset[str]
    texte: str


def _morceaux(source: str, noms: dict[str, str], ici: str) -> list[_Morceau]:
    """The top-level statements of ``source``, each with the question whose answer it defines, else ``ici``;
    a cell that does not parse is one piece, at ``ici``."""
    import ast

    try:
        arbre = ast.parse(source)
    except (SyntaxError, ValueError):
        return [_Morceau(ici, False, frozenset(), frozenset(), source.rstrip("\n"))]
    lignes = source.splitlines(keepends=True)
    morceaux = []
    for noeud in arbre.body:
        premiere = min([noeud.lineno] + [d.lineno for d in getattr(noeud, "decorator_list", [])])
        texte = "".join(lignes[premiere - 1:noeud.end_lineno]).rstrip("\n")
        if isinstance(noeud, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            definis = {noeud.name}
        elif isinstance(noeud, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            cibles = noeud.targets if isinstance(noeud, ast.Assign) else [noeud.target]
            definis = {n.id for c in cibles for n in ast.walk(c) if isinstance(n, ast.Name)}
        else:
            definis = set()
        utilises = frozenset(n.id for n in ast.walk(noeud) if isinstance(n, ast.Name)) - definis
        question = next((noms[n] for n in sorted(definis) if n in noms), None)
        morceaux.append(_Morceau(question or ici, question is not None, frozenset(definis), utilises, texte))
    # what defines no answer goes with the answer written just before it in the cell (else just after it): a
    # helper pasted beside an answer stays with it wherever the cell is moved
    reponses = [i for i, m in enumerate(morceaux) if m.reponse]
    return [m if m.reponse or not reponses else dataclasses.replace(
                m, question=morceaux[max([j for j in reponses if j < i] or [min(reponses)])].question)
            for i, m in enumerate(morceaux)]


_BLOC_DE_CODE = re.compile(r"```[a-zA-Z]*\n(.*?)```", re.S)


def gabarit_de_la_version_eleve(racine: Path, assignment: str) -> list[str]:
    """What the release of ``assignment`` gives every student: each code cell (stubs, statement's code,
    visible tests) and each block of code shown in its text."""
    return list(VersionEleve.lire(racine, assignment).textes)


def reponses_rendues(racine: Path, assignment: str, illisibles: list[Path] | None = None,
                     version: VersionEleve | None = None, justifications: bool = False) -> dict[str, dict[str, str]]:
    """``{student: {grade_id: code}}`` of the notebooks handed in (``submitted/``) for ``assignment``
    (:func:`reponses_du_notebook`, against ``version``, read from ``release/`` if not given).

    A notebook that cannot be read, or a symbolic link (never followed, as in grading), is skipped and
    added to ``illisibles`` if given (nbgrader's autograde reports it too); without that list, it raises
    :class:`ValueError`.
    """
    version = version or VersionEleve.lire(racine, assignment)
    reponses: dict[str, dict[str, str]] = {}
    for chemin in sorted((racine / "submitted").glob(f"*/{assignment}/*.ipynb")):
        try:
            if any(p.is_symlink() for p in (chemin, chemin.parent, chemin.parent.parent)):
                raise ValueError(f"{chemin}: a symbolic link, not followed")
            codes = reponses_du_notebook(chemin, version, justifications)
        except ValueError:
            if illisibles is None:
                raise
            illisibles.append(chemin)
            continue
        reponses.setdefault(chemin.parent.parent.name, {}).update(codes)
    return reponses


# ---------------------------------------------------------------- the comparison
@dataclass(frozen=True)
class QuestionPartagee:
    """What a pair shares on one question: ``(assignment, grade_id)``."""

    question: tuple[str, str]
    partage: float
    masse_a: float
    masse_b: float

    @property
    def score(self) -> float:
        plus_petite = min(self.masse_a, self.masse_b)
        return min(1.0, self.partage / plus_petite) if plus_petite > 0 else 0.0


@dataclass(frozen=True)
class Paire:
    """Two students (``a < b``) and what they share; ``denominateurs[assignment]`` is the sum over its
    questions both answered of ``min(masse_a, masse_b)``."""

    a: str
    b: str
    questions: tuple[QuestionPartagee, ...]
    denominateurs: dict[str, float]
    reglages: Reglages = field(repr=False, compare=False, default=Reglages())

    def partage(self, assignment: str | None = None) -> float:
        return sum(q.partage for q in self.questions if assignment in (None, q.question[0]))

    def score(self, assignment: str | None = None) -> float:
        """The score over ``assignment``'s questions, or over the paper (every assignment compared)."""
        denominateur = (sum(self.denominateurs.values()) if assignment is None
                        else self.denominateurs.get(assignment, 0.0))
        return min(1.0, self.partage(assignment) / denominateur) if denominateur > 0 else 0.0

    def questions_signalees(self) -> list[QuestionPartagee]:
        return [q for q in self.questions if q.score >= self.reglages.seuil and q.partage >= self.reglages.preuve_min]

    def signalee(self, assignment: str | None = None) -> bool:
        """Above the threshold over the paper (or ``assignment``), or on one of its questions."""
        if self.score(assignment) >= self.reglages.seuil and self.partage(assignment) >= self.reglages.preuve_min:
            return True
        return any(assignment in (None, q.question[0]) for q in self.questions_signalees())

    def cle(self, assignment: str | None = None) -> tuple:
        """The ranking: flagged pairs first, then by score, then by shared weight."""
        return (not self.signalee(assignment), -self.score(assignment), -self.partage(assignment), self.a, self.b)


@dataclass
class Analyse:
    """The comparison of a class on some assignments: every pair that shares a weighed fingerprint."""

    assignments: tuple[str, ...]
    eleves: tuple[str, ...]
    paires: list[Paire]                       # ranked over the paper
    reponses: int                             # answers compared
    ignorees: int                             # answers too short
    reglages: Reglages
    empreintes: dict[tuple[str, tuple[str, str]], Empreinte] = field(repr=False, default_factory=dict)
    illisibles: list[Path] = field(default_factory=list)   # notebooks handed in that could not be read
    proches: list[Paire] = field(default_factory=list)     # (student, source) pairs, ranked: see :func:`_proches`
    empreintes_sources: dict[tuple[str, str], Empreinte] = field(repr=False, default_factory=dict)  # (source, a)
    textes: frozenset[tuple[str, str]] = frozenset()          # the questions answered in words (justifications)

    def reglages_de(self, question: tuple[str, str]) -> Reglages:
        """The settings ``question`` is compared with (a justification's: :attr:`Reglages.des_textes`)."""
        return self.reglages.des_textes if question in self.textes else self.reglages

    def classement(self, assignment: str | None = None) -> list[Paire]:
        """The pairs that share something on ``assignment`` (or anywhere), ranked."""
        paires = [p for p in self.paires if assignment is None or p.partage(assignment) > 0]
        return sorted(paires, key=lambda p: p.cle(assignment))

    def signalees(self, assignment: str | None = None) -> list[Paire]:
        return [p for p in self.classement(assignment) if p.signalee(assignment)]

    def proches_signales(self) -> list[Paire]:
        """The answers flagged close to a source (``Paire.b`` is the source's name), ranked."""
        return [p for p in self.proches if p.signalee()]


def _empreintes_en_lot(lot: list[tuple[str, str]], gabarit: dict[str, np.ndarray], reglages: Reglages
                       ) -> list[Empreinte]:
    return [empreinte(code, gabarit[a], reglages) for a, code in lot]


def _empreintes(textes: list[tuple[str, str]], gabarit: dict[str, np.ndarray], reglages: Reglages,
                processus: int | None) -> dict[tuple[str, str], Empreinte]:
    """``{(assignment, code): its fingerprints}``, on ``processus`` processes (default: one per core) when
    there are many: the syntax-tree tokens are most of the time (the hashes do not depend on the process)."""
    processus = processus or os.cpu_count() or 1
    if processus == 1 or len(textes) < PARALLELE_DES:
        return dict(zip(textes, _empreintes_en_lot(textes, gabarit, reglages)))
    taille = -(-len(textes) // (4 * processus))
    lots = [textes[i:i + taille] for i in range(0, len(textes), taille)]
    # spawned, not forked: the caller may hold threads (a Dask client, a notebook's kernel)
    try:
        with concurrent.futures.ProcessPoolExecutor(processus, mp_context=multiprocessing.get_context("spawn")) as pool:
            resultats = pool.map(_empreintes_en_lot, lots, itertools.repeat(gabarit), itertools.repeat(reglages))
            return dict(zip(textes, itertools.chain.from_iterable(resultats)))
    except concurrent.futures.process.BrokenProcessPool:  # a __main__ the processes cannot import (python -)
        return dict(zip(textes, _empreintes_en_lot(textes, gabarit, reglages)))


PARALLELE_DES = 3000
"""From this many distinct answers, the fingerprints are computed on several processes."""


def comparer(reponses: dict[tuple[str, str], dict[str, str]], gabarits: dict[str, list[str]],
             reglages: Reglages | None = None, processus: int | None = None,
             sources: dict[str, dict[str, str]] | None = None) -> Analyse:
    """Compare the answers ``{(assignment, grade_id): {student: code}}``, the boilerplate of each assignment
    ``gabarits[assignment]`` (texts) left out, with each other and with ``sources[assignment]`` (``{name: code}``:
    what students can read, :func:`_proches`); ``processus``: see :func:`_empreintes`.

    >>> code = ("def somme(t):\\n    total = 0\\n    for x in t:\\n        if x > 0:\\n"
    ...         "            total = total + x * x\\n        else:\\n            total = total - x\\n    return total\\n")
    >>> autre = code.replace("total", "s").replace("x", "v")
    >>> honnete = ("def somme(t):\\n    r = 0\\n    i = 0\\n    while i < len(t):\\n"
    ...            "        r += max(t[i], 0) ** 2\\n        i += 1\\n    return r\\n")
    >>> analyse = comparer({("p1", "q1_somme"): {"ana": code, "bob": autre, "eve": honnete}}, {"p1": []})
    >>> [(p.a, p.b, round(p.score(), 2)) for p in analyse.paires]
    [('ana', 'bob', 1.0)]
    """
    reglages = reglages or Reglages()
    if not isinstance(reponses, dict) or not all(isinstance(q, tuple) and len(q) == 2 for q in reponses):
        raise TypeError("reponses must map (assignment, grade_id) to {student: code}")
    sans_gabarit = sorted({a for a, _ in reponses} - set(gabarits))
    if sans_gabarit:
        raise ValueError(f"no boilerplate given for assignment(s) {', '.join(sans_gabarit)} "
                         f"(pass an empty list if the release gives nothing)")
    for q, codes in reponses.items():
        for eleve, code in codes.items():
            if not isinstance(code, str):
                raise TypeError(f"answer of {eleve!r} to {q[1]!r} is {type(code).__name__}, not str")
    gabarit = {a: np.unique(np.concatenate([kgrammes(normaliser(t)[0], reglages.des_textes if isinstance(t, Texte)
                                                     else reglages) for t in textes] or
                                           [np.array([], dtype=np.int64)])) for a, textes in gabarits.items()}
    eleves = tuple(sorted({e for codes in reponses.values() for e in codes}))
    textes = frozenset(q for q, codes in reponses.items() if any(isinstance(c, Texte) for c in codes.values()))

    def reglages_de(question: tuple[str, str]) -> Reglages:
        return reglages.des_textes if question in textes else reglages

    numero = {e: i for i, e in enumerate(eleves)}
    questions = sorted(reponses)
    assignments = tuple(dict.fromkeys(a for a, _ in questions))
    memo = _empreintes(list(dict.fromkeys((q[0], code) for q in questions for code in reponses[q].values())),
                       gabarit, reglages, processus)
    empreintes: dict[tuple[str, tuple[str, str]], Empreinte] = {}
    colonnes_h, colonnes_e, colonnes_q = [], [], []
    ignorees = 0
    for iq, q in enumerate(questions):
        for eleve, code in reponses[q].items():
            e = memo[(q[0], code)]
            if len(e.normalise) < (reglages.mots_min if e.texte else reglages.longueur_min):
                ignorees += 1
                continue
            empreintes[(eleve, q)] = e
            colonnes_h.append(e.hashes)
            colonnes_e.append(np.full(len(e.hashes), numero[eleve], dtype=np.int64))
            colonnes_q.append(np.full(len(e.hashes), iq, dtype=np.int64))
    n_e, n_q = len(eleves), len(questions)
    vide = np.array([], dtype=np.int64)
    h = np.concatenate(colonnes_h) if colonnes_h else vide
    el = np.concatenate(colonnes_e) if colonnes_e else vide
    qu = np.concatenate(colonnes_q) if colonnes_q else vide
    # the inverted index: sorted by (question, fingerprint, student), one group per (question, fingerprint)
    ordre = np.lexsort((el, h, qu))
    h, el, qu = h[ordre], el[ordre], qu[ordre]
    debut = np.flatnonzero(np.r_[True, (h[1:] != h[:-1]) | (qu[1:] != qu[:-1])]) if len(h) else vide
    taille = np.diff(np.r_[debut, len(h)])
    repondants = np.zeros(n_q, dtype=np.int64)
    for iq, q in enumerate(questions):
        repondants[iq] = sum(1 for e in reponses[q] if (e, q) in empreintes)
    w_groupe = np.zeros(len(debut))
    for iq in np.unique(qu[debut]) if len(debut) else []:
        dans_q = qu[debut] == iq
        w_groupe[dans_q] = poids(taille[dans_q], int(repondants[iq]), reglages_de(questions[iq]))
    masses = np.zeros((n_e, n_q))
    np.add.at(masses, (el, qu), np.repeat(w_groupe, taille))
    # the pairs: within each group of 2..df_max students holding a weighed fingerprint, every two of them
    cles, valeurs = [vide], [np.array([])]
    for s in np.unique(taille[(taille >= 2) & (w_groupe > 0)]):
        groupes = np.flatnonzero((taille == s) & (w_groupe > 0))
        membres = el[debut[groupes][:, None] + np.arange(s)]
        for i, j in itertools.combinations(range(s), 2):
            cles.append((qu[debut[groupes]] * n_e + membres[:, i]) * n_e + membres[:, j])
            valeurs.append(w_groupe[groupes])
    cles_uniques, inverse = np.unique(np.concatenate(cles), return_inverse=True)
    partages = np.bincount(inverse, weights=np.concatenate(valeurs), minlength=len(cles_uniques))
    q_de, reste = np.divmod(cles_uniques, n_e * n_e)
    a_de, b_de = np.divmod(reste, n_e)
    paires_ab, premiere = np.unique(a_de * n_e + b_de, return_index=True)
    denominateurs = _denominateurs(masses, paires_ab // n_e, paires_ab % n_e,
                                   [np.array([q[0] == a for q in questions]) for a in assignments])
    par_paire: dict[int, list[QuestionPartagee]] = defaultdict(list)
    for cle_ab, iq, ia, ib, p in zip((a_de * n_e + b_de).tolist(), q_de.tolist(), a_de.tolist(), b_de.tolist(),
                                     partages.tolist()):
        par_paire[cle_ab].append(QuestionPartagee(questions[iq], p, float(masses[ia, iq]), float(masses[ib, iq])))
    paires = [Paire(eleves[ab // n_e], eleves[ab % n_e], tuple(par_paire[ab]),
                    {a: float(d) for a, d in zip(assignments, ligne) if d > 0}, reglages)
              for ab, ligne in zip(paires_ab.tolist(), denominateurs)]
    paires.sort(key=lambda p: p.cle())
    analyse = Analyse(assignments, eleves, paires, len(empreintes), ignorees, reglages, empreintes, textes=textes)
    for a, par_nom in (sources or {}).items():
        if a not in gabarit:
            raise ValueError(f"sources given for assignment {a!r}, which has no boilerplate")
        for nom, code in par_nom.items():
            if not isinstance(code, str):
                raise TypeError(f"source {nom!r} is {type(code).__name__}, not str")
    if sources and len(debut):
        _proches(analyse, sources, gabarit, questions, (h, el, qu, debut, taille), repondants)
    return analyse


@functools.lru_cache(maxsize=512, typed=True)
def _source_normalisee(code: str) -> tuple[str, np.ndarray]:
    """:func:`normaliser` of a source's code, once per process: every assignment, and every series of a report
    (one :func:`comparer` each), is compared with the same modules of the students' package and releases."""
    return normaliser(code)


def _proches(analyse: Analyse, sources: dict[str, dict[str, str]], gabarit: dict[str, np.ndarray],
             questions: list[tuple[str, str]], index: tuple[np.ndarray, ...], repondants: np.ndarray) -> None:
    """Each answer compared with the sources of its assignment: fills ``analyse.proches`` with a
    :class:`Paire` ``(student, source name)`` for every student whose answers hold a weighed fingerprint of a source.

    A source is scored as one more student who answered every question with the whole source (all its k-grams,
    boilerplate removed): a fingerprint held by ``df`` students and the source weighs ``poids(df + 1, N + 1)``,
    so what most of the class writes (the answer key's obvious lines) weighs nothing, as between students; the
    question's score is the shared weight over the student's own mass (the source's is the whole module), and
    a student is flagged with the same ``seuil`` and ``preuve_min`` as a pair.  The weights between students
    are left as they are (a source never counts in their ``df``)."""
    reglages = analyse.reglages
    h, el, qu, debut, taille = index
    n_e, n_q = len(analyse.eleves), len(questions)
    g_h, g_q = h[debut], qu[debut]
    base, plus = np.zeros(len(debut)), np.zeros(len(debut))
    for iq in np.unique(g_q):
        dans = g_q == iq
        base[dans] = poids(taille[dans], int(repondants[iq]) + 1, reglages)
        plus[dans] = poids(taille[dans] + 1, int(repondants[iq]) + 1, reglages)
    masse_base = np.zeros((n_e, n_q))
    np.add.at(masse_base, (el, qu), np.repeat(base, taille))
    devoir = np.array([q[0] for q in questions])
    en_mots = np.array([q in analyse.textes for q in questions], dtype=bool)
    for a, par_nom in sorted(sources.items()):
        colonnes = np.flatnonzero((devoir == a) & ~en_mots)   # a source is code: justifications aside
        du_devoir = np.flatnonzero(np.isin(g_q, colonnes) & (plus > 0))   # its weighed (question, fingerprint)s
        for nom, code in sorted(par_nom.items()):
            e = empreinte(code, gabarit[a], reglages, toutes=True, normalise=_source_normalisee(code))
            groupes = du_devoir[np.isin(g_h[du_devoir], e.hashes)]
            if not len(groupes):
                continue
            analyse.empreintes_sources[(nom, a)] = e
            tailles = taille[groupes]   # the rows of the index of those groups: one per student holding it
            lignes = np.repeat(debut[groupes] - np.cumsum(tailles) + tailles, tailles) + np.arange(tailles.sum())
            partage = np.zeros((n_e, n_q))
            np.add.at(partage, (el[lignes], qu[lignes]), np.repeat(plus[groupes], tailles))
            masse = masse_base.copy()
            np.add.at(masse, (el[lignes], qu[lignes]), np.repeat(plus[groupes] - base[groupes], tailles))
            for ie in np.unique(el[lignes]).tolist():
                questions_e = tuple(QuestionPartagee(questions[iq], float(partage[ie, iq]), float(masse[ie, iq]),
                                                     float(masse[ie, iq]))
                                    for iq in colonnes.tolist() if partage[ie, iq] > 0)
                analyse.proches.append(Paire(analyse.eleves[ie], nom, questions_e,
                                             {a: float(masse[ie, colonnes].sum())}, reglages))
    fusion: dict[tuple[str, str], Paire] = {}
    for p in analyse.proches:   # a source given to several assignments: one line per student and source
        avant = fusion.get((p.a, p.b))
        fusion[(p.a, p.b)] = p if avant is None else Paire(
            p.a, p.b, avant.questions + p.questions, {**avant.denominateurs, **p.denominateurs}, reglages)
    analyse.proches = sorted(fusion.values(), key=lambda p: p.cle())


def _denominateurs(masses: np.ndarray, a: np.ndarray, b: np.ndarray, par_assignment: list[np.ndarray],
                   tranche: int = 20000) -> np.ndarray:
    """For each pair ``(a[i], b[i])`` and assignment: the sum over its questions of ``min(masse_a, masse_b)``."""
    sortie = np.zeros((len(a), len(par_assignment)))
    for debut in range(0, len(a), tranche):
        minima = np.minimum(masses[a[debut:debut + tranche]], masses[b[debut:debut + tranche]])
        for j, colonnes in enumerate(par_assignment):
            sortie[debut:debut + tranche, j] = minima[:, colonnes].sum(axis=1)
    return sortie


def analyser(racine: Path, assignments: tuple[str, ...], reglages: Reglages | None = None,
             paquet: Path | None = None, justifications: bool = False) -> Analyse:
    """Compare the notebooks handed in (``submitted/``) for ``assignments``, their release as boilerplate, with
    each other and with what students can read (:func:`sources_du_devoir`; ``paquet``: the students' package's
    source tree, ``python -m pipeline.paquet_eleve --paquet-seul DEST``); the written justifications too with
    ``justifications`` (:func:`pipeline.report.ecrire_rapport` compares them)."""
    reponses: dict[tuple[str, str], dict[str, str]] = {}
    gabarits: dict[str, list[str]] = {}
    sources: dict[str, dict[str, str]] = {}
    illisibles: list[Path] = []
    for a in assignments:
        version = VersionEleve.lire(racine, a)
        gabarits[a] = list(version.textes)
        sources[a] = sources_du_devoir(racine, a, version, paquet)
        for eleve, codes in reponses_rendues(racine, a, illisibles, version, justifications).items():
            for gid, code in codes.items():
                reponses.setdefault((a, gid), {})[eleve] = code
    analyse = comparer(reponses, gabarits, reglages, sources=sources)
    analyse.illisibles = [chemin.relative_to(racine) for chemin in illisibles]
    return analyse


def nom_du_corrige(module: str) -> str:
    """The name of a subject's public source (the report prints it after « proche de »)."""
    return f"corrigé public {module}"


def sources_du_devoir(racine: Path, assignment: str, version: VersionEleve | None = None,
                      paquet: Path | None = None) -> dict[str, str]:
    """``{name: code}``: what a student of ``assignment`` can read besides the classmates' answers.

    - the public sources of the subject its test cells name (:attr:`awale_ref.grading.registre.catalogue.Sujet.sources_publiques`:
      its answer key as transcribed in its folder, and any other published key it declares);
    - the code every other release notebook gives (its code cells but the answer cells: the statement's code,
      the visible tests); the assignment's own is its boilerplate, left out of everything;
    - every module of the students' package: of its source tree ``paquet`` when given, else every module the
      package can ship, read from the course (:func:`pipeline.paquet_eleve.sources_du_paquet`: a superset,
      named « (source du cours) »).

    The name is what the report prints after « proche de ».
    """
    import importlib
    import inspect

    from awale_ref.grading.registre import catalogue

    version = version or VersionEleve.lire(racine, assignment)
    sources: dict[str, str] = {}
    try:
        sujet = catalogue.sujet_des_sources(list(version.codes))
    except (ValueError, LookupError):
        sujet = None
    for module in sujet.sources_publiques if sujet else ():
        sources[nom_du_corrige(module)] = inspect.getsource(importlib.import_module(module))
    for dossier in sorted(d for d in (racine / "release").iterdir() if d.is_dir() and d.name != assignment):
        try:
            autre = VersionEleve.lire(racine, dossier.name)
        except ValueError:
            continue
        sources[f"version élève de {dossier.name}"] = "\n\n".join(
            code for code, gid in zip(autre.codes, autre.reponses) if gid is None and code.strip()) + "\n"
    if paquet is not None:
        for chemin in sorted(Path(paquet).rglob("*.py")):
            sources[f"paquet des élèves {chemin.relative_to(paquet).as_posix()}"] = chemin.read_text(encoding="utf-8")
    else:
        from pipeline.paquet_eleve import sources_du_paquet

        for chemin, code in sources_du_paquet().items():
            sources[f"paquet des élèves {chemin} (source du cours)"] = code
    return sources


# ---------------------------------------------------------------- highlighting the shared passages
def passages_partages(e: Empreinte, hashes: set[int], reglages: Reglages) -> list[tuple[int, int]]:
    """The ``(start, end)`` character ranges of the original code the tokens of the fingerprints ``hashes``
    come from (merged where they overlap)."""
    indices = np.array([i for h in hashes if h in e.positions for i in e.positions[h]], dtype=np.int64)
    if len(indices) == 0 or len(e.positions_jetons) == 0:
        return []
    couverts = np.unique((indices[:, None] + np.arange(reglages.k_texte if e.texte else reglages.k)).ravel())
    passages: list[tuple[int, int]] = []
    for debut, fin in sorted(etendues(e.code, e.positions_jetons[couverts[couverts < len(e.positions_jetons)]])):
        if passages and debut <= passages[-1][1]:
            passages[-1] = (passages[-1][0], max(passages[-1][1], fin))
        else:
            passages.append((debut, fin))
    return passages


def morceaux_surlignes(code: str, passages: list[tuple[int, int]]) -> list[tuple[str, bool]]:
    """``code`` cut into ``(text, in a passage)`` pieces, in order (the page's template puts the passages in
    ``<mark>``, and escapes everything).

    >>> morceaux_surlignes("a < b and c", [(0, 5)])
    [('a < b', True), (' and c', False)]
    """
    morceaux, fin = [], 0
    for debut, arret in sorted(passages):
        debut = max(debut, fin)
        if arret <= debut:
            continue
        morceaux += [(code[fin:debut], False), (code[debut:arret], True)]
        fin = arret
    morceaux.append((code[fin:], False))
    return [(texte, commun) for texte, commun in morceaux if texte]


def hashes_comptes(analyse: Analyse, paire: Paire, question: tuple[str, str]) -> set[int]:
    """The weighed fingerprints the pair shares on ``question`` (those its score counts); for a pair of
    :attr:`Analyse.proches`, those the student shares with the source."""
    ea, eb = analyse.empreintes[(paire.a, question)], _cote_b(analyse, paire, question)
    communs = set(ea.positions) & set(eb.positions)
    detenteurs = [e for (eleve, q), e in analyse.empreintes.items() if q == question]
    source = (paire.b, question[0]) in analyse.empreintes_sources
    df = {h: sum(1 for e in detenteurs if h in e.positions) + source for h in communs}
    if not df:
        return set()
    w = poids(np.array(list(df.values())), len(detenteurs) + source, analyse.reglages_de(question))
    return {h for h, wh in zip(df, w) if wh > 0}


def _cote_b(analyse: Analyse, paire: Paire, question: tuple[str, str]) -> Empreinte:
    """The other side of a pair on ``question``: the classmate's answer, or the source's code."""
    return analyse.empreintes_sources.get((paire.b, question[0])) or analyse.empreintes[(paire.b, question)]


def definitions_copiees(e: Empreinte, hashes: set[int]) -> Empreinte:
    """``e`` (a source) with the fingerprints ``hashes`` kept only where the answer most likely came from: a
    fingerprint of common structure (two nested loops on a range) occurs in many definitions of a module, so
    the top-level definitions are taken greedily, the one holding the most of ``hashes`` not yet held first,
    while the next holds at least a quarter as many more (and two); each fingerprint keeps its places in them
    only (a fingerprint across two definitions, where the normalised module joins them, is not evidence enough
    of where the answer came from)."""
    import ast

    try:
        arbre = ast.parse(e.code)
    except (SyntaxError, ValueError):
        return e
    fins = np.array([n.end_lineno for n in arbre.body])
    lignes = e.positions_jetons[:, 0] if len(e.positions_jetons) else np.zeros(0, dtype=np.int32)
    noeud_de = np.searchsorted(fins, lignes)   # the top-level statement of each token (by its line)
    dans: dict[int, set[int]] = defaultdict(set)   # node -> the fingerprints it holds
    for h in hashes & set(e.positions):
        for i in e.positions[h]:
            dans[int(noeud_de[i])].add(h)
    choisis, restants, premier = set(), set(hashes), 0
    while dans:
        noeud = max(dans, key=lambda n: (len(dans[n] & restants), -n))
        gain = len(dans.pop(noeud) & restants)
        premier = premier or gain
        if gain == 0 or (choisis and gain < max(2, premier / 4)):
            break
        choisis.add(noeud)
        restants -= {h for h in restants if any(int(noeud_de[i]) == noeud for i in e.positions.get(h, ()))}
    positions = {h: [i for i in places if int(noeud_de[i]) in choisis] for h, places in e.positions.items()}
    return dataclasses.replace(e, positions={h: places for h, places in positions.items() if places})


def extrait_de_la_source(e: Empreinte, passages: list[tuple[int, int]]) -> tuple[str, list[tuple[int, int]]]:
    """The top-level statements of a source that hold ``passages`` (a whole module is too long to read beside
    an answer), and the passages moved into that extract; the whole code if it does not parse.

    >>> code = "x = 1\\n\\ndef f():\\n    return 2\\n"
    >>> extrait, [(d, f)] = extrait_de_la_source(Empreinte(code, "", np.zeros((0, 4)), np.array([]), {}),
    ...                                          [(code.index("return"), len(code) - 1)])
    >>> extrait, extrait[d:f]
    ('def f():\\n    return 2', 'return 2')
    """
    import ast

    try:
        arbre = ast.parse(e.code)
    except (SyntaxError, ValueError):
        return e.code, passages
    lignes = e.code.splitlines(keepends=True)
    debuts = [0, *itertools.accumulate(len(l) for l in lignes)]
    morceaux, decales = [], []
    longueur = 0
    for noeud in arbre.body:
        premiere = min([noeud.lineno] + [d.lineno for d in getattr(noeud, "decorator_list", [])])
        debut, fin = debuts[premiere - 1], debuts[min(noeud.end_lineno, len(lignes))]
        dedans = [(max(d, debut), min(f, fin)) for d, f in passages if d < fin and f > debut]
        if not dedans:
            continue
        texte = e.code[debut:fin].rstrip("\n")
        ecart = longueur + (2 if morceaux else 0) - debut
        decales += [(d + ecart, min(f, debut + len(texte)) + ecart) for d, f in dedans]
        longueur += len(texte) + (2 if morceaux else 0)
        morceaux.append(texte)
    return "\n\n".join(morceaux), decales


# ---------------------------------------------------------------- the report
AVERTISSEMENT = ("Un score élevé est une raison d'ouvrir les deux copies, pas une preuve : deux élèves peuvent "
                 "écrire le même code sans se copier (même cours, même exercice), et une copie peut échapper à "
                 "la mesure. Regardez les passages surlignés, puis parlez-en avec les élèves.")


def comment_c_est_compte(reglages: Reglages, textes: bool = False) -> str:
    """How a pair was scored, in French, for the teacher (``textes``: justifications were compared too)."""
    return (f"Tout le code écrit par l'élève est lu, où qu'il soit dans le notebook (trouvé en comparant avec "
            f"la version distribuée, pas d'après les métadonnées de la copie) ; la réponse à une question est le "
            f"code qui définit sa fonction ou sa valeur, avec les fonctions auxiliaires qu'il appelle. Ce code "
            f"est normalisé sur son arbre syntaxique : noms, valeurs, commentaires et mise en page retirés, "
            f"instructions sans effet supprimées, instructions indépendantes et fonctions remises dans un ordre "
            f"fixe, boucles for/while sur un intervalle et x = x + e / x += e confondues (renommer, réordonner "
            f"ou ajouter du code mort ne cache rien) ; une requête SQL est relue de même (casse, alias, espaces, "
            f"valeurs et ordre des conditions d'un AND sans effet) ; puis découpé en empreintes de {reglages.k} jetons "
            f"(winnowing, comme MOSS) ; tout ce que la version élève donne (énoncé, squelettes, tests visibles) "
            f"est retiré. Une empreinte que beaucoup d'élèves ont pèse peu : ln(N/df) / ln(N/2), et rien "
            f"au-delà de {100 * reglages.part_commune:.0f} % de la classe ou de {reglages.df_max} élèves ; une "
            f"réponse de moins de {reglages.longueur_min} jetons est ignorée (la réponse courte et évidente "
            f"n'accuse personne). Score d'une question : poids des empreintes communes / poids des "
            f"empreintes de la plus petite des deux réponses ; sur un devoir ou l'épreuve : somme des poids "
            f"communs / somme de ces dénominateurs. Paire signalée : score ≥ {reglages.seuil:g} (sur l'épreuve, "
            f"un devoir ou une question) avec un poids commun ≥ {reglages.preuve_min:g}."
            + (f" Les justifications écrites sont comparées comme du texte : mots sans accents ni mots vides, ceux "
               f"de chaque phrase dans un ordre fixe (changer l'ordre des mots ne cache rien), par suites de "
               f"{reglages.k_texte} mots ; une suite écrite par plus de {reglages.df_max_texte} élèves (une formule "
               f"du cours) ne compte pas, une justification de moins de {reglages.mots_min} mots est ignorée."
               if textes else ""))


def nom_de_page(paire: Paire) -> str:
    """``<a>__<b>.html``; a source's name is made a file name (``<student>__source_<name>.html``)."""
    if re.fullmatch(r"[\w.-]+", paire.b, re.A):
        return f"{paire.a}__{paire.b}.html"
    import unicodedata

    sans_accents = unicodedata.normalize("NFKD", paire.b.lower()).encode("ascii", "ignore").decode()
    return f"{paire.a}__source_{re.sub(r'[^a-z0-9]+', '_', sans_accents).strip('_')}.html"


def proche_de(source: str) -> str:
    """How the report names a source a student's answer is close to.

    >>> proche_de("corrigé public du sujet")
    '« proche de corrigé public du sujet »'
    """
    return f"« proche de {source} »"


def _libelle(question: tuple[str, str], textes: frozenset[tuple[str, str]] = frozenset()) -> str:
    """``<assignment> <question>``, and « (justification) » for a written answer (one of ``textes``)."""
    from pipeline.build import question_de

    genre = " (justification)" if question in textes else ""
    try:
        return f"{question[0]} {question_de(question[1])}{genre}"
    except ValueError:
        return f"{question[0]} {question[1]}{genre}"


def paires_a_montrer(analyse: Analyse, autres: int = 3) -> list[Paire]:
    """The flagged pairs, then the ``autres`` best below the threshold (to see where the threshold falls)."""
    signalees = analyse.signalees()
    return signalees + [p for p in analyse.paires if not p.signalee()][:autres]


def proches_a_montrer(analyse: Analyse, autres: int = 3) -> list[Paire]:
    """The answers flagged close to a source, then the ``autres`` closest below the threshold."""
    return analyse.proches_signales() + [p for p in analyse.proches if not p.signalee()][:autres]


def ecrire_pages(dossier: Path, analyse: Analyse, noms: dict[str, str], titre: str) -> list[Path]:
    """One side-by-side page per pair shown (:func:`paires_a_montrer`), under ``dossier``
    (template ``pipeline/gabarits/similarite_paire.html``, every value escaped)."""
    dossier.mkdir(parents=True, exist_ok=True)
    for vieille in dossier.glob("*__*.html"):
        vieille.unlink()
    ecrits = []
    sources = {id(p) for p in proches_a_montrer(analyse)}
    for paire in proches_a_montrer(analyse) + paires_a_montrer(analyse):
        na, nb = noms.get(paire.a) or paire.a, paire.b if id(paire) in sources else noms.get(paire.b) or paire.b
        questions = []
        for q in sorted(paire.questions, key=lambda q: -q.partage):
            comptes = hashes_comptes(analyse, paire, q.question)
            ea, eb = analyse.empreintes[(paire.a, q.question)], _cote_b(analyse, paire, q.question)
            cotes = [(na, morceaux_surlignes(ea.code, passages_partages(ea, comptes, analyse.reglages)))]
            code_b = eb.code
            if id(paire) in sources:
                eb = definitions_copiees(eb, comptes)
            passages = passages_partages(eb, comptes, analyse.reglages)
            if id(paire) in sources:
                code_b, passages = extrait_de_la_source(eb, passages)
            cotes.append((nb, morceaux_surlignes(code_b, passages)))
            questions.append({"question": q, "libelle": _libelle(q.question, analyse.textes), "cotes": cotes})
        page = rendre("similarite_paire.html", "pipeline", titre=titre, na=na, nb=nb, paire=paire,
                      source=proche_de(nb) if id(paire) in sources else "",
                      avertissement=AVERTISSEMENT, assignments=analyse.assignments, questions=questions,
                      comment=comment_c_est_compte(analyse.reglages, bool(analyse.textes)))
        ecrits.append(dossier / nom_de_page(paire))
        ecrits[-1].write_text(page, encoding="utf-8")
    return ecrits


@dataclass(frozen=True)
class Indice:
    """One line of the report's ranked list of likely copies (:func:`classement_des_copies`): who, what points to
    a copy, its evidence weight (:data:`POIDS_DE_PREUVE`), whether it is flagged, on which questions, and its page."""

    qui: str
    quoi: str
    preuve: float
    signale: bool
    questions: str = ""
    page: str = ""

    def cle(self) -> tuple:
        return (not self.signale, -self.preuve, self.qui, self.quoi)


POIDS_DE_PREUVE = (
    "Le **poids de preuve** d'une ligne est celui des passages rares en commun : chaque empreinte partagée pèse 1 "
    "quand seuls ces deux élèves (ou l'élève et la source) l'ont, moins quand d'autres l'ont aussi, rien quand "
    "beaucoup l'ont (soit, à peu près, le nombre de passages de {k} jetons ou de {k_texte} mots recopiés, code et "
    "justifications ensemble, sur toute l'épreuve). Une réponse chiffrée fausse pour les données de son auteur "
    "mais exactement juste pour celles d'un camarade (« juste pour la variante de … ») pèse {preuve_min:g}, "
    "autant que le moins qu'il faut pour signaler une paire (une fonction d'environ cinq lignes recopiée) : "
    "elle est toujours signalée.")
"""How the ranked list weighs its lines (French, for the teacher), formatted with the :class:`Reglages`."""


def indices(analyse: Analyse, noms: dict[str, str], lien: str = "similarite") -> list[Indice]:
    """The lines of the ranked list for the answers close to a source and the pairs of students shown
    (:func:`proches_a_montrer`, :func:`paires_a_montrer`): their shared weight over the paper is their evidence."""
    reglages = analyse.reglages

    def nom(e: str) -> str:
        return noms.get(e) or e

    def questions(p: Paire) -> str:
        return ", ".join(f"{_libelle(q.question, analyse.textes)} {q.score:.2f}"
                         for q in sorted(p.questions, key=lambda q: -q.partage) if q.partage >= reglages.preuve_min)

    return ([Indice(nom(p.a), proche_de(p.b), p.partage(), p.signalee(), questions(p), f"{lien}/{nom_de_page(p)}")
             for p in proches_a_montrer(analyse)]
            + [Indice(f"{nom(p.a)} et {nom(p.b)}", f"réponses semblables (score sur l'épreuve {p.score():.2f})", p.partage(),
                      p.signalee(), questions(p), f"{lien}/{nom_de_page(p)}") for p in paires_a_montrer(analyse)])


def classement_des_copies(lignes: list[Indice], reglages: Reglages) -> list[str]:
    """The ranked list of likely copies (Markdown): flagged lines first, then by evidence weight."""
    texte = ["**Classement des copies probables** (paires d'élèves, réponses proches d'une source, réponses justes "
             "pour la variante d'un camarade, ensemble) : "
             + POIDS_DE_PREUVE.format(k=reglages.k, k_texte=reglages.k_texte, preuve_min=reglages.preuve_min), "",
             "| rang | qui | quoi | poids de preuve | questions | signalé |", "|---|---|---|---|---|---|"]
    for rang, i in enumerate(sorted(lignes, key=Indice.cle), 1):
        qui = f"[{i.qui}]({i.page})" if i.page else i.qui
        texte.append(f"| {rang} | {qui} | {i.quoi} | {i.preuve:.1f} | {i.questions or '—'} | "
                     f"{'**oui**' if i.signale else 'non'} |")
    return texte + [""]


def section_du_rapport(analyse: Analyse, noms: dict[str, str], lien: str = "similarite",
                       autres: list[Indice] | tuple[Indice, ...] = ()) -> list[str]:
    """The lines of ``rapport.md``'s similarity section (pages under ``lien/``): the ranked list of likely copies
    (:func:`classement_des_copies`, with the lines ``autres``, such as ``pipeline.variantes_copiees.indices``),
    then the details of the sources and of the pairs."""
    reglages = analyse.reglages

    def nom(e: str) -> str:
        return noms.get(e) or e

    def ligne(p: Paire, assignment: str | None = None) -> str:
        details = ", ".join(f"{_libelle(q.question, analyse.textes)} {q.score:.2f}"
                            for q in sorted(p.questions, key=lambda q: -q.partage)
                            if assignment in (None, q.question[0]) and q.partage >= reglages.preuve_min)
        return (f"| [{nom(p.a)} et {nom(p.b)}]({lien}/{nom_de_page(p)}) | {p.score(assignment):.2f} | "
                f"{p.partage(assignment):.1f} | {details or '—'} | {'**oui**' if p.signalee(assignment) else 'non'} |")

    montrees = {(p.a, p.b) for p in paires_a_montrer(analyse)}
    texte = ["## Copies semblables", "",
             f"{len(analyse.eleves)} élèves, {analyse.reponses} réponses de code comparées "
             f"({analyse.ignorees} trop courtes ignorées), {len(analyse.paires)} paires ont au moins un passage "
             f"rare en commun ; **{len(analyse.signalees())} paire(s) signalée(s)** (seuil {reglages.seuil:g})."
             + (" Copies illisibles, non comparées : " + ", ".join(f"`{c}`" for c in analyse.illisibles) + "."
                if analyse.illisibles else ""),
             "", f"*{AVERTISSEMENT}*", "", comment_c_est_compte(reglages, bool(analyse.textes)), ""]
    texte += classement_des_copies(indices(analyse, noms, lien) + list(autres), reglages)
    texte += _lignes_des_sources(analyse, nom, lien)
    texte += ["Sur l'épreuve (paires signalées, puis les suivantes) :", "",
             "| paire | score | poids commun | questions (score) | signalée |", "|---|---|---|---|---|"]
    texte += [ligne(p) for p in paires_a_montrer(analyse)]
    for a in analyse.assignments:
        classement = [p for p in analyse.classement(a) if (p.a, p.b) in montrees][:5]
        texte += ["", f"**{a}** : " + ("aucune paire ne partage de passage rare." if not classement else "")]
        if classement:
            texte += ["", "| paire | score | poids commun | questions (score) | signalée |", "|---|---|---|---|---|"]
            texte += [ligne(p, a) for p in classement]
    return texte + [""]


def _lignes_des_sources(analyse: Analyse, nom, lien: str) -> list[str]:
    """The section's first table: the answers close to what students can read (flagged, then the closest)."""
    reglages = analyse.reglages
    montres = proches_a_montrer(analyse)
    texte = [f"**Proches d'une source** (corrigé public, version élève d'un autre devoir, paquet des élèves) : "
             f"{len({p.a for p in analyse.proches_signales()})} élève(s) signalé(s) ; chaque réponse est aussi comparée à ce que "
             f"les élèves peuvent lire, avec les mêmes seuils (ce que beaucoup d'élèves écrivent ne compte pas, "
             f"même si le corrigé l'écrit aussi).", ""]
    if montres:
        texte += ["| élève | source | score | poids commun | questions (score) | signalé |", "|---|---|---|---|---|---|"]
        for p in montres:
            details = ", ".join(f"{_libelle(q.question, analyse.textes)} {q.score:.2f}" for q in sorted(p.questions, key=lambda q: -q.partage)
                                if q.partage >= reglages.preuve_min)
            texte.append(f"| [{nom(p.a)}]({lien}/{nom_de_page(p)}) | {proche_de(p.b)} | {p.score():.2f} | "
                         f"{p.partage():.1f} | {details or '—'} | {'**oui**' if p.signalee() else 'non'} |")
        texte.append("")
    return texte


def sections_des_fiches(analyse: Analyse, noms: dict[str, str], lien: str = "../similarite") -> dict[str, str]:
    """``{student: HTML section}`` for the teacher's page of each student of a flagged pair."""
    par_eleve: dict[str, list[dict]] = defaultdict(list)
    for p in analyse.proches_signales():
        par_eleve[p.a].append({"autre": proche_de(p.b), "score": p.score(), "page": nom_de_page(p),
                               "questions": ", ".join(_libelle(q.question, analyse.textes) for q in p.questions_signalees())})
    for p in analyse.signalees():
        for eleve, autre in ((p.a, p.b), (p.b, p.a)):
            par_eleve[eleve].append({"autre": f"avec {noms.get(autre) or autre}", "score": p.score(), "page": nom_de_page(p),
                                     "questions": ", ".join(_libelle(q.question, analyse.textes) for q in p.questions_signalees())})
    return {eleve: rendre("section_similarite.html", "pipeline", avertissement=AVERTISSEMENT, lignes=lignes,
                          lien=lien)
            for eleve, lignes in par_eleve.items()}
