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
import html
from collections import defaultdict
from pathlib import Path

import nbformat

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


_STYLE = """body{font-family:system-ui,sans-serif;max-width:46em;margin:2em auto;color:#222}
h1{font-size:1.4em;margin-bottom:.2em}table{border-collapse:collapse;margin:.8em 0}
td,th{border:1px solid #bbb;padding:.2em .6em;text-align:left}td.n{text-align:right}
.note{font-size:1.3em;font-weight:bold}.provisoire{color:#b26a00}ul{margin:.2em 0 .8em}
pre{white-space:pre-wrap;font-size:.9em;margin:.1em 0}@media print{body{margin:0}}"""


def ecrire_fiches(dossier: Path, racine: Path, lignes: list[dict], notes: list, maxima: dict[str, tuple[float, float]],
                  commentaires: dict[tuple[str, str, str], str], titre_cours: str,
                  enseignant: dict[str, str] | None = None) -> list[Path]:
    """One HTML page per student (``<id>.html``), with the teacher's own section ``enseignant[id]`` (HTML) if
    any, and the same page without it in ``a_envoyer/<id>.html``; returns the pages written."""
    (dossier / "a_envoyer").mkdir(parents=True, exist_ok=True)
    par_eleve: dict[str, list] = defaultdict(list)
    for n in notes:
        par_eleve[n.eleve].append(n)
    ecrits = []
    for ligne in lignes:
        eleve = ligne["eleve"]
        nom = html.escape(f"{ligne['prenom']} {ligne['nom']}".strip() or eleve)
        questions: dict[str, list[float]] = {}
        for n in par_eleve[eleve]:
            q = questions.setdefault(n.question, [0.0, 0.0])
            q[0] += n.score or 0
            q[1] += n.max_score
        statut = ("<span class='provisoire'>provisoire : des justifications restent à corriger</span>"
                  if ligne["statut"] == "provisoire" else "définitive")
        corps = [f"<h1>{html.escape(titre_cours)} — {nom}</h1>",
                 f"<p>Identifiant : <code>{html.escape(eleve)}</code></p>",
                 f"<p class='note'>{ligne['note_sur_20']} / 20</p><p>Note {statut}. Points : "
                 f"{ligne['points_total']:g} sur {ligne['max_total']:g} (automatiques {ligne['points_auto']:g}, "
                 f"justifications {ligne['points_manuels']:g}"
                 + (f", retard −{ligne['penalite_retard']:g}" if ligne["penalite_retard"] else "") + ").</p>",
                 "<h2>Par devoir</h2><table><tr><th>devoir</th><th>points</th><th>sur</th></tr>"]
        for a, (auto, manuel) in maxima.items():
            valeur = ligne[a]
            corps.append(f"<tr><td>{html.escape(a)}</td><td class='n'>"
                         f"{html.escape(valeur) if isinstance(valeur, str) else f'{valeur:g}'}</td>"
                         f"<td class='n'>{auto + manuel:g}</td></tr>")
        corps.append("</table><h2>Par question</h2><table><tr><th>question</th><th>points</th><th>sur</th></tr>")
        for q in sorted(questions, key=lambda q: int(q[1:])):
            obtenus, total = questions[q]
            corps.append(f"<tr><td>{q}</td><td class='n'>{obtenus:g}</td><td class='n'>{total:g}</td></tr>")
        corps.append("</table><h2>À retenir de la correction</h2>")
        remarques = []
        for a in maxima:
            retours = _retours(racine, eleve, a)
            for n in sorted(par_eleve[eleve], key=lambda n: int(n.question[1:])):
                if n.assignment != a:
                    continue
                points = retours.get(n.grade_id) if (n.score or 0) < n.max_score else None
                commentaire = commentaires.get((eleve, a, n.grade_id))
                if points:
                    remarques.append(f"<li><b>{n.question}</b> ({n.score or 0:g} / {n.max_score:g})"
                                     + "".join(f"<pre>{html.escape(p)}</pre>" for p in points) + "</li>")
                if commentaire:
                    remarques.append(f"<li><b>{n.question}</b>, commentaire de l'enseignant : "
                                     f"{html.escape(commentaire)}</li>")
        corps.append("<ul>" + "".join(remarques) + "</ul>" if remarques else "<p>Rien à signaler : tout est juste.</p>")
        for chemin, section in ((dossier / "a_envoyer" / f"{eleve}.html", ""),
                                (dossier / f"{eleve}.html", (enseignant or {}).get(eleve, ""))):
            chemin.write_text(f"<!DOCTYPE html><html lang='fr'><head><meta charset='utf-8'><title>{nom}</title>"
                              f"<style>{_STYLE}</style></head><body>{''.join(corps)}{section}</body></html>",
                              encoding="utf-8")
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
