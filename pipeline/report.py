"""The teacher's report on a graded class: CSV of marks and matplotlib plots.

Read from nbgrader's gradebook (``gradebook.db`` of the course) after
``nbgrader autograde``; written under ``report/``:

- ``notes_par_question.csv``: one row per student, assignment and graded cell;
- ``notes_eleves.csv``: one row per student: automatic points per question
  (Q1…Q25) and per assignment, total, and the mark out of 20;
- ``reussite_par_question.png``: success rate of each question (Q1–Q25);
- ``distribution_notes.png``: histogram of the marks out of 20;
- ``rapport.md``: a summary in French.

**Marks out of 20 are computed on the automatic points only**: the
justification cells are graded by hand in the formgrader and nbgrader leaves
them ungraded until then (an untouched one scores 0 automatically).  The
CSV files list those cells with the status ``à corriger à la main``; they
count neither in the total nor in the maximum.  An assignment not handed in
scores 0 in the totals; the success rate of a question is computed over the
notebooks handed in.

Run ``python -m pipeline.report [--racine DIR]``.
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from pipeline.build import ASSIGNMENTS, RACINE
from pipeline.demo_class import question_de

A_LA_MAIN = "à corriger à la main"


@dataclass(frozen=True)
class Note:
    """One graded cell of one student's notebook."""

    eleve: str
    assignment: str
    grade_id: str
    score: float | None      # None: waiting for the teacher
    max_score: float
    manuel: bool

    @property
    def question(self) -> str:
        return question_de(self.grade_id)


def sur_20(points: float, maximum: float) -> float:
    """``points`` out of ``maximum``, as a mark out of 20 rounded to 0.1.

    >>> sur_20(27, 36)
    15.0
    """
    if maximum <= 0:
        raise ValueError(f"maximum must be positive, got {maximum!r}")
    return round(20 * points / maximum, 1)


def lire_notes(racine: Path) -> tuple[dict[str, tuple[str, str]], dict[str, float], list[Note]]:
    """``(students {id: (first name, last name)}, automatic maximum per assignment, notes)`` from the gradebook."""
    from nbgrader.api import Gradebook, MissingEntry

    eleves: dict[str, tuple[str, str]] = {}
    maxima: dict[str, float] = {}
    notes: list[Note] = []
    with Gradebook(f"sqlite:///{racine / 'gradebook.db'}") as gb:
        for s in gb.students:
            eleves[s.id] = (s.first_name or "", s.last_name or "")
        assignments = [a.name for a in gb.assignments]
        for a in sorted(assignments, key=lambda n: ASSIGNMENTS.index(n) if n in ASSIGNMENTS else 99):
            devoir = gb.find_assignment(a)
            maxima[a] = sum(c.max_score for nb in devoir.notebooks for c in nb.grade_cells if c.cell_type == "code")
            for eleve in sorted(eleves):
                try:
                    soumission = gb.find_submission(a, eleve)
                except MissingEntry:
                    continue
                for nb in soumission.notebooks:
                    for g in nb.grades:
                        manuel = g.cell_type == "markdown"
                        score = None if g.needs_manual_grade else float(g.score)
                        notes.append(Note(eleve, a, g.name, score, float(g.max_score), manuel))
    return eleves, maxima, notes


def totaux(eleves: dict, maxima: dict[str, float], notes: list[Note]) -> list[dict]:
    """One row per student: automatic points per question and per assignment, total, mark /20.

    An assignment not handed in shows ``non rendu`` and counts 0.
    """
    points: dict[tuple[str, str], float] = defaultdict(float)
    par_question: dict[tuple[str, str], float] = defaultdict(float)
    rendus: set[tuple[str, str]] = set()
    a_corriger: dict[str, float] = defaultdict(float)
    for n in notes:
        rendus.add((n.eleve, n.assignment))
        if n.manuel:
            if n.score is None:
                a_corriger[n.eleve] += n.max_score
        else:
            points[(n.eleve, n.assignment)] += n.score or 0
            par_question[(n.eleve, n.question)] += n.score or 0
    questions = sorted({n.question for n in notes if not n.manuel}, key=lambda q: int(q[1:]))
    maximum = sum(maxima.values())
    lignes = []
    for eleve, (prenom, nom) in sorted(eleves.items()):
        ligne = {"eleve": eleve, "prenom": prenom, "nom": nom}
        ligne.update({q: par_question[(eleve, q)] for q in questions})
        for a in maxima:
            ligne[a] = points[(eleve, a)] if (eleve, a) in rendus else "non rendu"
        total = sum(points[(eleve, a)] for a in maxima)
        ligne.update({"points_auto": total, "max_auto": maximum, "note_sur_20": sur_20(total, maximum),
                      "points_manuels_a_corriger": a_corriger[eleve]})
        lignes.append(ligne)
    return lignes


def reussite_par_question(notes: list[Note]) -> dict[str, float]:
    """Share of the automatic points obtained on each question, over the notebooks handed in (0 to 1)."""
    obtenus: dict[str, float] = defaultdict(float)
    possibles: dict[str, float] = defaultdict(float)
    for n in notes:
        if not n.manuel:
            obtenus[n.question] += n.score or 0
            possibles[n.question] += n.max_score
    return {q: obtenus[q] / possibles[q] for q in sorted(possibles, key=lambda q: int(q[1:])) if possibles[q]}


def _ecrire_csv(chemin: Path, lignes: list[dict]) -> None:
    with open(chemin, "w", newline="", encoding="utf-8") as f:
        ecrivain = csv.DictWriter(f, fieldnames=list(lignes[0]) if lignes else ["eleve"])
        ecrivain.writeheader()
        ecrivain.writerows(lignes)


def _graphiques(sortie: Path, reussite: dict[str, float], notes20: list[float]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    chemins = []
    fig, ax = plt.subplots(figsize=(10, 4))
    questions = list(reussite)
    taux = [100 * reussite[q] for q in questions]
    ax.bar(questions, taux, color=["#2e7d32" if t >= 75 else "#f9a825" if t >= 50 else "#c62828" for t in taux])
    ax.set_ylim(0, 100)
    ax.set_ylabel("réussite (% des points automatiques)")
    ax.set_title("Réussite par question (copies rendues)")
    ax.tick_params(axis="x", labelrotation=60)
    fig.tight_layout()
    chemins.append(sortie / "reussite_par_question.png")
    fig.savefig(chemins[-1], dpi=100)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 4))
    ax.hist(notes20, bins=list(range(0, 22, 2)), color="#1565c0", edgecolor="white")
    ax.set_xlabel("note sur 20 (points automatiques)")
    ax.set_ylabel("nombre d'élèves")
    ax.set_title("Distribution des notes")
    ax.set_xticks(range(0, 21, 2))
    fig.tight_layout()
    chemins.append(sortie / "distribution_notes.png")
    fig.savefig(chemins[-1], dpi=100)
    plt.close(fig)
    return chemins


def ecrire_rapport(racine: Path = RACINE, sortie: Path | None = None) -> list[Path]:
    """Write the report of the class graded in ``racine``; return the files written."""
    sortie = sortie or racine / "report"
    sortie.mkdir(parents=True, exist_ok=True)
    eleves, maxima, notes = lire_notes(racine)
    if not notes:
        raise ValueError(f"no graded submission in {racine / 'gradebook.db'}: run nbgrader autograde first")
    noms = {e: f"{p} {n}".strip() for e, (p, n) in eleves.items()}
    par_question = [{"eleve": n.eleve, "nom": noms[n.eleve], "assignment": n.assignment, "question": n.question,
                     "cellule": n.grade_id, "points": A_LA_MAIN if n.score is None else n.score,
                     "max": n.max_score, "correction": "manuelle" if n.manuel else "automatique"} for n in notes]
    lignes = totaux(eleves, maxima, notes)
    reussite = reussite_par_question(notes)
    ecrits = [sortie / "notes_par_question.csv", sortie / "notes_eleves.csv"]
    _ecrire_csv(ecrits[0], par_question)
    _ecrire_csv(ecrits[1], lignes)
    ecrits += _graphiques(sortie, reussite, [ligne["note_sur_20"] for ligne in lignes])
    moyenne = sum(ligne["note_sur_20"] for ligne in lignes) / len(lignes)
    texte = ["# Rapport de correction", "",
             f"{len(lignes)} élèves, {len(maxima)} notebooks, {sum(maxima.values()):g} points automatiques.",
             f"Moyenne : {moyenne:.1f} / 20.", "",
             "Les notes sur 20 ne comptent que les **points automatiques** (tests des cellules de code). "
             "Les justifications sont corrigées à la main dans le formgrader de nbgrader : elles ne sont "
             "comptées ni dans les points ni dans le maximum (colonne `points_manuels_a_corriger`). "
             "Un notebook non rendu compte 0 point.", "",
             "| élève | " + " | ".join(maxima) + " | points | sur 20 |",
             "|---|" + "---|" * (len(maxima) + 2)]
    for ligne in lignes:
        texte.append(f"| {noms[ligne['eleve']] or ligne['eleve']} | "
                     + " | ".join(str(ligne[a]) for a in maxima)
                     + f" | {ligne['points_auto']:g} / {ligne['max_auto']:g} | {ligne['note_sur_20']} |")
    texte += ["", "Réussite par question (copies rendues) : "
              + ", ".join(f"{q} {100 * t:.0f} %" for q, t in reussite.items()) + ".",
              "", "![réussite](reussite_par_question.png)", "", "![notes](distribution_notes.png)", ""]
    ecrits.append(sortie / "rapport.md")
    ecrits[-1].write_text("\n".join(texte), encoding="utf-8")
    return ecrits


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write the report (CSV, PNG plots) of a graded class.")
    parser.add_argument("--racine", type=Path, default=RACINE, help="course folder (default: this project)")
    args = parser.parse_args(argv)
    for chemin in ecrire_rapport(args.racine.resolve()):
        print(f"écrit {chemin}")


if __name__ == "__main__":
    main()
