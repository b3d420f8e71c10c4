"""Grades out to the school's tools: a Moodle gradebook import file and one summary page per student.

Written by :func:`pipeline.report.ecrire_rapport` under ``report/``:

- ``import_moodle.csv``: Moodle's CSV grade import (*Notes → Importer →
  Fichier CSV*): UTF-8, comma-separated, one row per student, identified
  by their nbgrader id (map it to Moodle's *Numéro d'identification*, or
  the e-mail column to the e-mail address), one column per assignment
  (its points, late penalty deducted) and the mark out of 20.  Points use
  a decimal point, as Moodle reads them whatever the site's language;
- ``eleves/<id>.html``: a one-page summary for the student (print it or
  send it): the marks per question and per assignment, the mark out of 20,
  and the main points of the feedback: which rules failed, the smallest
  failing call, the teacher's comments.  It is the teacher's page: a
  student of a pair whose answers are unusually alike
  (``pipeline/similarite.py``) has a section on it; ``eleves/a_envoyer/<id>.html``
  is the same page without that section, the one to print or send.  The
  students' own feedback (nbgrader's ``feedback/``) never shows it.

Names and ids stay exactly as nbgrader has them; accents survive (UTF-8).
"""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

import nbformat

from awale_ref.gabarits import rendre
from pipeline.nbgrader_cli import url_gradebook

ENTETE_MOODLE_ID = "Numéro d'identification"


def ecrire_import_moodle(chemin: Path, lignes: list[dict], assignments: list[str], courriels: dict[str, str],
                         penalites: dict[tuple[str, str], float]) -> Path:
    """The Moodle import file from the report's rows (``report.totaux``), late penalties deducted."""
    with open(chemin, "w", newline="", encoding="utf-8") as f:
        ecrivain = csv.writer(f)
        ecrivain.writerow([ENTETE_MOODLE_ID, "Adresse de courriel", "Prénom", "Nom", *assignments, "Note sur 20"])
        for ligne in lignes:
            points = [_nombre(ligne[a] if isinstance(ligne[a], str)
                              else max(0.0, ligne[a] - penalites.get((ligne["eleve"], a), 0.0))) for a in assignments]
            ecrivain.writerow([ligne["eleve"], courriels.get(ligne["eleve"], ""), ligne["prenom"], ligne["nom"],
                               *points, _nombre(ligne["note_sur_20"])])
    return chemin


def _nombre(valeur: float | str) -> str:
    """A grade as Moodle reads it: a decimal point, no trailing zeros; a missing notebook counts 0.

    >>> _nombre(12.5), _nombre(3.0), _nombre("non rendu")
    ('12.5', '3', '0')
    """
    if isinstance(valeur, str):
        return "0"
    return f"{round(valeur, 2):g}"


def points_du_retour(cellule: nbformat.NotebookNode) -> list[str]:
    """The main points of a graded cell's verdict: its first line, the rule families, the call to reproduce.

    Read from the autograded notebook's outputs written by the judge
    (``pipeline.autograde.verdicts.sorties_du_verdict``), the only verdict of a
    graded test cell (``sorties_hors_verdict`` drops the kernel's).
    """
    lignes: list[str] = []
    for sortie in cellule.get("outputs", []):
        if sortie.output_type == "error":
            texte = sortie.get("evalue", "")
        elif sortie.output_type == "stream" and sortie.get("text", "").startswith("✘ Correction"):
            texte = sortie["text"].split(":", 1)[1].strip()
        elif sortie.output_type == "display_data":
            texte = "\n".join(l for l in str(sortie.get("data", {}).get("text/plain", "")).splitlines()
                              if l.startswith("Pour le reproduire"))
        else:
            continue
        for numero, ligne in enumerate(texte.splitlines()):
            if numero == 0 or ligne.lstrip().startswith(("✔", "✘", "– ", "Pour le reproduire")):
                lignes.append(ligne.strip())
    return lignes


def _retours(racine: Path, eleve: str, assignment: str) -> dict[str, list[str]]:
    """``{grade_id: main points}`` of the cells of a student's notebook that lost points."""
    chemin = racine / "autograded" / eleve / assignment / f"{assignment}.ipynb"
    if not chemin.exists():
        return {}
    nb = nbformat.read(chemin, as_version=4)
    return {c.metadata["nbgrader"]["grade_id"]: points_du_retour(c) for c in nb.cells
            if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("grade")}


def ecrire_fiches(dossier: Path, racine: Path, lignes: list[dict], notes: list, maxima: dict[str, tuple[float, float]],
                  commentaires: dict[tuple[str, str, str], str], titre_cours: str,
                  enseignant: dict[str, str] | None = None) -> list[Path]:
    """One HTML page per student (``<id>.html``), with the teacher's own section ``enseignant[id]`` (HTML) if
    any, and the same page without it in ``a_envoyer/<id>.html``; returns the pages written.

    Drawn by the template ``pipeline/gabarits/fiche_eleve.html`` (every value escaped)."""
    (dossier / "a_envoyer").mkdir(parents=True, exist_ok=True)
    par_eleve: dict[str, list] = defaultdict(list)
    for n in notes:
        par_eleve[n.eleve].append(n)
    ecrits = []
    for ligne in lignes:
        eleve = ligne["eleve"]
        questions: dict[str, list[float]] = {}
        for n in par_eleve[eleve]:
            q = questions.setdefault(n.question, [0.0, 0.0])
            q[0] += n.score or 0
            q[1] += n.max_score
        remarques = []
        for a in maxima:
            retours = _retours(racine, eleve, a)
            for n in sorted(par_eleve[eleve], key=lambda n: int(n.question[1:])):
                if n.assignment == a:
                    remarques.append({"question": n.question, "score": n.score or 0, "max_score": n.max_score,
                                      "points": retours.get(n.grade_id) if (n.score or 0) < n.max_score else None,
                                      "commentaire": commentaires.get((eleve, a, n.grade_id))})
        valeurs = {
            "nom": f"{ligne['prenom']} {ligne['nom']}".strip() or eleve, "eleve": eleve, "titre_cours": titre_cours,
            "ligne": ligne, "devoirs": [(a, ligne[a], auto + manuel) for a, (auto, manuel) in maxima.items()],
            "questions": [(q, *questions[q]) for q in sorted(questions, key=lambda q: int(q[1:]))],
            "remarques": [r for r in remarques if r["points"] or r["commentaire"]]}
        for chemin, section in ((dossier / "a_envoyer" / f"{eleve}.html", ""),
                                (dossier / f"{eleve}.html", (enseignant or {}).get(eleve, ""))):
            chemin.write_text(rendre("fiche_eleve.html", "pipeline", section=section, **valeurs), encoding="utf-8")
            ecrits.append(chemin)
    return ecrits


def commentaires_du_gradebook(racine: Path) -> tuple[dict[tuple[str, str, str], str], dict[str, str]]:
    """``({(student, assignment, grade_id): teacher's comment}, {student: e-mail})`` from the gradebook."""
    from nbgrader.api import Gradebook

    commentaires: dict[tuple[str, str, str], str] = {}
    courriels: dict[str, str] = {}
    with Gradebook(url_gradebook(racine)) as gb:
        for s in gb.students:
            courriels[s.id] = s.email or ""
        for devoir in gb.assignments:
            for soumission in devoir.submissions:
                for nb in soumission.notebooks:
                    for c in nb.comments:
                        if c.manual_comment:
                            commentaires[(soumission.student.id, devoir.name, c.name)] = c.manual_comment
    return commentaires, courriels
