"""The teacher's report on a graded class: CSV of marks and matplotlib plots.

Read from nbgrader's gradebook (the course's ``gradebook.db``, or its server) after
``nbgrader autograde``; written under ``report/``:

- ``notes_par_question.csv``: one row per student, assignment and graded cell;
- ``notes_eleves.csv``: one row per student: points per question (Q1…Q25)
  and per assignment, the automatic points, the manual points, the total
  and the mark out of 20, and what is still to grade by hand;
- ``reussite_par_question.png``: success rate of each question (Q1–Q25);
- ``distribution_notes.png``: histogram of the marks out of 20;
- ``rapport.md``: a summary in French, and ``rapport.html``, the same as a page (:func:`page_du_rapport`);
- ``import_moodle.csv`` and ``eleves/<id>.html``: the Moodle gradebook
  import file and one summary page per student (``pipeline/bulletins.py``);
- ``similarite/<a>__<b>.html``: the pairs of students whose answers are
  unusually alike, side by side (``pipeline/similarite.py``), ranked in a
  section of ``rapport.md`` with the answers close to a source and those right for a classmate's variant
  (``pipeline/variantes_copiees.py``), and named on those students' pages (the teacher's:
  ``eleves/a_envoyer/<id>.html`` is the same page without it, to send).

**The mark out of 20 counts every point of the paper**, automatic and
manual, over the maximum of both.  A course may hold several papers (the
CCINP's four notebooks, the Olympiades' two): each is a *series*
(``pipeline.build.serie``) with its own mark and its own report, the first
series of the course in ``report/``, each other in ``report/<series>/``.  The justification cells are graded by
hand in the formgrader (or imported from a file: ``pipeline/notes_manuelles.py``);
until then nbgrader leaves them ungraded (an untouched one scores 0
automatically), the CSV files show them ``à corriger à la main``, they count
0, and the student's mark is ``provisoire`` with the points still to grade
(``points_a_corriger``); the report lists those students.  An assignment
not handed in scores 0 in the totals; the success rate of a question is
computed over the notebooks handed in, on its automatic points.

Run ``python -m pipeline.report [--racine DIR]``: every series graded in the gradebook.
"""

from __future__ import annotations

import argparse
import csv
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import mistune
from markupsafe import Markup

from awale_ref.gabarits import rendre
from pipeline import bulletins, similarite, variantes_copiees
from pipeline.build import ASSIGNMENTS, RACINE, CourseError, question_de, sujet_de
from pipeline.nbgrader_cli import nom_du_gradebook, url_gradebook

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


def lire_notes(racine: Path, serie: tuple[str, ...] | None = None
               ) -> tuple[dict[str, tuple[str, str]], dict[str, tuple[float, float]], list[Note]]:
    """``(students {id: (first name, last name)}, {assignment: (automatic maximum, manual maximum)}, notes)``,
    for the assignments of ``serie`` only if given."""
    from nbgrader.api import Gradebook, MissingEntry

    eleves: dict[str, tuple[str, str]] = {}
    maxima: dict[str, tuple[float, float]] = {}
    notes: list[Note] = []
    with Gradebook(url_gradebook(racine)) as gb:
        for s in gb.students:
            eleves[s.id] = (s.first_name or "", s.last_name or "")
        assignments = [a.name for a in gb.assignments if serie is None or a.name in serie]
        for a in sorted(assignments, key=lambda n: ASSIGNMENTS.index(n) if n in ASSIGNMENTS else 99):
            devoir = gb.find_assignment(a)
            cellules = [c for nb in devoir.notebooks for c in nb.grade_cells]
            maxima[a] = (sum(c.max_score for c in cellules if c.cell_type == "code"),
                         sum(c.max_score for c in cellules if c.cell_type == "markdown"))
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


def penalites_de_retard(racine: Path) -> dict[tuple[str, str], float]:
    """``{(student, assignment): points off}`` for the notebooks handed in late (``pipeline/retard.py``)."""
    from nbgrader.api import Gradebook

    penalites: dict[tuple[str, str], float] = defaultdict(float)
    with Gradebook(url_gradebook(racine)) as gb:
        for devoir in gb.assignments:
            for soumission in devoir.submissions:
                for nb in soumission.notebooks:
                    if nb.late_submission_penalty:
                        penalites[(soumission.student.id, devoir.name)] += float(nb.late_submission_penalty)
    return dict(penalites)


def copies_non_corrigees(racine: Path, assignments) -> dict[tuple[str, str], str]:
    """``{(student, assignment): "notebook : reason"}`` of the notebooks graded 0 because they could not be
    read or graded (``pipeline.autograde.copies_a_zero.ExportateurPrudent``: the reason is in the graded notebook)."""
    from pipeline.autograde.copies_a_zero import copies_a_zero

    trouvees = {}
    for dossier in sorted((racine / "autograded").glob("*/*")):
        if dossier.name in assignments and (raisons := copies_a_zero(dossier)):
            trouvees[(dossier.parent.name, dossier.name)] = "; ".join(f"{nb} : {r}" for nb, r in raisons.items())
    return trouvees


def heures_contestees(racine: Path, assignments) -> dict[tuple[str, str], dict]:
    """``{(student, assignment): the course's record}`` of the submissions whose ``timestamp.txt`` disagrees with
    the time the exchange received them (``pipeline.echange.RamassageHorodate``), and of every submission whose
    arrival the course did not see (``pipeline.echange.constater_arrivee``: zip_collect, a copy by hand)."""
    from pipeline.echange import HORS_ECHANGE, TOLERANCE_S, lire_horodatages

    return {tuple(cle.split("/", 1)): fiche for cle, fiche in sorted(lire_horodatages(racine).items())
            if cle.count("/") == 1 and cle.split("/")[1] in assignments and isinstance(fiche, dict)
            and (fiche.get("arrivee") == HORS_ECHANGE
                 or fiche.get("ecart_s") is None or abs(fiche["ecart_s"]) > TOLERANCE_S)}


def _heure_contestee(fiche: dict) -> str:
    """One contested submission time in the report: the student's claim, the course's time, the time used."""
    from pipeline.echange import HORS_ECHANGE

    vue = ("hors de l'échange (zip_collect ou copie à la main), vue par le cours"
           if fiche.get("arrivee") == HORS_ECHANGE else "reçue par l'échange")
    return f"déclarée {fiche.get('declare') or 'illisible'}, {vue} {fiche.get('echange')}, retenue {fiche.get('retenu')}"


def totaux(eleves: dict, maxima: dict[str, tuple[float, float]], notes: list[Note],
           penalites: dict[tuple[str, str], float] | None = None) -> list[dict]:
    """One row per student: points per question and per assignment, automatic, manual, total, mark /20.

    An assignment not handed in shows ``non rendu`` and counts 0; a cell
    still to grade by hand counts 0 and makes the mark ``provisoire``; a late
    penalty (``penalites``) comes off the total.

    >>> notes = [Note("ana", "p1", "q1_tests", 1.0, 1.0, False), Note("ana", "p1", "q1_justification", None, 1.0, True),
    ...          Note("ana", "p1", "q2_tests", 2.0, 2.0, False)]
    >>> ligne = totaux({"ana": ("Ana", "Lima")}, {"p1": (3.0, 1.0)}, notes)[0]
    >>> ligne["Q1"], ligne["points_auto"], ligne["points_manuels"], ligne["note_sur_20"], ligne["statut"]
    (1.0, 3.0, 0.0, 15.0, 'provisoire')
    """
    points: dict[tuple[str, str], float] = defaultdict(float)
    par_question: dict[tuple[str, str], float] = defaultdict(float)
    auto: dict[str, float] = defaultdict(float)
    manuels: dict[str, float] = defaultdict(float)
    rendus: set[tuple[str, str]] = set()
    a_corriger: dict[str, float] = defaultdict(float)
    for n in notes:
        rendus.add((n.eleve, n.assignment))
        if n.score is None:
            a_corriger[n.eleve] += n.max_score
        (manuels if n.manuel else auto)[n.eleve] += n.score or 0
        points[(n.eleve, n.assignment)] += n.score or 0
        par_question[(n.eleve, n.question)] += n.score or 0
    questions = sorted({n.question for n in notes}, key=lambda q: int(q[1:]))
    max_auto = sum(m for m, _ in maxima.values())
    max_manuel = sum(m for _, m in maxima.values())
    lignes = []
    for eleve, (prenom, nom) in sorted(eleves.items()):
        ligne: dict = {"eleve": eleve, "prenom": prenom, "nom": nom}
        ligne.update({q: par_question[(eleve, q)] for q in questions})
        for a in maxima:
            ligne[a] = points[(eleve, a)] if (eleve, a) in rendus else "non rendu"
        retard = sum(p for (e, _), p in (penalites or {}).items() if e == eleve)
        total = max(0.0, auto[eleve] + manuels[eleve] - retard)
        ligne.update({"points_auto": auto[eleve], "max_auto": max_auto,
                      "points_manuels": manuels[eleve], "max_manuels": max_manuel, "penalite_retard": retard,
                      "points_total": total, "max_total": max_auto + max_manuel,
                      "note_sur_20": sur_20(total, max_auto + max_manuel),
                      "points_a_corriger": a_corriger[eleve],
                      "statut": "provisoire" if a_corriger[eleve] else "définitive"})
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
    ax.set_xlabel("note sur 20")
    ax.set_ylabel("nombre d'élèves")
    ax.set_title("Distribution des notes")
    ax.set_xticks(range(0, 21, 2))
    fig.tight_layout()
    chemins.append(sortie / "distribution_notes.png")
    fig.savefig(chemins[-1], dpi=100)
    plt.close(fig)
    return chemins


def nom_de_serie(assignment: str) -> str:
    """The series (paper) of an assignment; an assignment that is not in a subject's ``cours/`` is a series of its own."""
    try:
        return sujet_de(assignment).serie
    except (CourseError, OSError):
        return assignment


def series_du_gradebook(racine: Path) -> dict[str, tuple[str, ...]]:
    """``{series: its assignments}`` of the assignments in the gradebook, series and assignments in course order."""
    from nbgrader.api import Gradebook

    with Gradebook(url_gradebook(racine)) as gb:
        noms = [a.name for a in gb.assignments]
    series: dict[str, list[str]] = {}
    for a in sorted(noms, key=lambda n: (ASSIGNMENTS.index(n) if n in ASSIGNMENTS else 99, n)):
        series.setdefault(nom_de_serie(a), []).append(a)
    return {nom: tuple(a) for nom, a in series.items()}


def dossier_de_serie(nom: str) -> str:
    """A folder name for a series: lower-case ASCII words joined by ``_``.

    >>> dossier_de_serie("Olympiades de NSI 2025")
    'olympiades_de_nsi_2025'
    """
    ascii_ = unicodedata.normalize("NFKD", nom).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "_", ascii_).strip("_") or "serie"


def rapports_des_series(racine: Path) -> list[tuple[Path, str, tuple[str, ...]]]:
    """``(folder of its report, series, assignments)`` of each series graded in ``racine``: the first
    series of the course in ``report/``, each other in ``report/<series>/``."""
    return [(racine / "report" if i == 0 else racine / "report" / dossier_de_serie(nom), nom, assignments)
            for i, (nom, assignments) in enumerate(series_du_gradebook(racine).items())]


def ecrire_rapports(racine: Path = RACINE, paquet: Path | None = None) -> list[Path]:
    """A report per series graded in ``racine`` (:func:`rapports_des_series`); the first links to the others.
    ``paquet``: the students' package's source tree, which the similarity section compares answers with too
    (by default, every module the package can ship, read from the course: ``paquet_eleve.sources_du_paquet``)."""
    rapports = rapports_des_series(racine)
    ecrits: list[Path] = []
    for i, (sortie, nom, assignments) in enumerate(rapports):
        autres = [(n, dossier.name) for dossier, n, _ in rapports[1:]] if i == 0 else []
        ecrits += ecrire_rapport(racine, sortie, assignments, nom, autres, paquet)
    return ecrits


def ecrire_rapport(racine: Path = RACINE, sortie: Path | None = None, serie: tuple[str, ...] | None = None,
                   titre: str = "Awalé — CCINP 2024", autres: list[tuple[str, str]] | None = None,
                   paquet: Path | None = None) -> list[Path]:
    """Write the report of the class graded in ``racine`` (the assignments of ``serie``, or all);
    return the files written.  ``autres``: the other series' reports, linked from this one."""
    sortie = sortie or racine / "report"
    sortie.mkdir(parents=True, exist_ok=True)
    eleves, maxima, notes = lire_notes(racine, serie)
    if not notes:
        raise ValueError(f"no graded submission in {nom_du_gradebook(url_gradebook(racine))}: run nbgrader autograde first")
    noms = {e: f"{p} {n}".strip() for e, (p, n) in eleves.items()}
    par_question = [{"eleve": n.eleve, "nom": noms[n.eleve], "assignment": n.assignment, "question": n.question,
                     "cellule": n.grade_id, "points": A_LA_MAIN if n.score is None else n.score,
                     "max": n.max_score, "correction": "manuelle" if n.manuel else "automatique"} for n in notes]
    penalites = {cle: p for cle, p in penalites_de_retard(racine).items() if cle[1] in maxima}
    lignes = totaux(eleves, maxima, notes, penalites)
    reussite = reussite_par_question(notes)
    ecrits = [sortie / "notes_par_question.csv", sortie / "notes_eleves.csv"]
    _ecrire_csv(ecrits[0], par_question)
    _ecrire_csv(ecrits[1], lignes)
    ecrits += _graphiques(sortie, reussite, [ligne["note_sur_20"] for ligne in lignes])
    commentaires, courriels = bulletins.commentaires_du_gradebook(racine)
    ecrits.append(bulletins.ecrire_import_moodle(sortie / "import_moodle.csv", lignes, list(maxima), courriels, penalites))
    analyse = similarite.analyser(racine, tuple(a for a in maxima if (racine / "release" / a).is_dir()), paquet=paquet,
                                  justifications=True)
    ecrits += similarite.ecrire_pages(sortie / "similarite", analyse, noms, titre)
    ecrits += bulletins.ecrire_fiches(sortie / "eleves", racine, lignes, notes, maxima, commentaires,
                                      titre, similarite.sections_des_fiches(analyse, noms))
    moyenne = sum(ligne["note_sur_20"] for ligne in lignes) / len(lignes)
    max_auto = sum(m for m, _ in maxima.values())
    max_manuel = sum(m for _, m in maxima.values())
    en_attente = [ligne for ligne in lignes if ligne["statut"] == "provisoire"]
    texte = [f"# Rapport de correction — {titre}", "",
             f"{len(lignes)} élèves, {len(maxima)} notebooks : {max_auto:g} points automatiques et "
             f"{max_manuel:g} points corrigés à la main (justifications), {max_auto + max_manuel:g} en tout.",
             f"Moyenne : {moyenne:.1f} / 20.", "",
             "La note sur 20 compte les points automatiques (tests des cellules de code) et les points des "
             "justifications, corrigées à la main dans le formgrader de nbgrader (ou importées avec "
             "`python -m pipeline.notes_manuelles`). Tant qu'une justification n'est pas corrigée, elle "
             "compte 0 et la note est **provisoire**. Un notebook non rendu compte 0 point.", ""]
    if autres:
        texte += ["Les autres épreuves du cours ont chacune leur rapport et leur note sur 20 : "
                  + ", ".join(f"[{n}]({d}/rapport.md)" for n, d in autres) + ".", ""]
    if en_attente:
        texte += [f"**Encore à corriger à la main** ({len(en_attente)} élève(s)) : "
                  + ", ".join(f"{noms[l['eleve']] or l['eleve']} ({l['points_a_corriger']:g} pt)" for l in en_attente)
                  + ".", ""]
    else:
        texte += ["Toutes les justifications sont corrigées : les notes sont définitives.", ""]
    non_corrigees = copies_non_corrigees(racine, maxima)
    if non_corrigees:
        texte += ["**Copies notées 0 faute d'avoir pu être corrigées** (notebook illisible ou cassé ; la copie "
                  "rendue est dans `submitted/`, la raison dans le journal de `nbgrader autograde` et dans le "
                  "retour de l'élève) : "
                  + ", ".join(f"{noms.get(e) or e} ({a} — {r})" for (e, a), r in sorted(non_corrigees.items())) + ".",
                  ""]
    contestees = heures_contestees(racine, maxima)
    if contestees:
        texte += ["**Heures de rendu contestées** (le `timestamp.txt` écrit par l'élève ne dit pas l'heure à "
                  "laquelle l'échange a reçu la copie, ou la copie n'est pas passée par l'échange ; c'est la plus "
                  "tardive des deux heures qui compte pour le retard, `pipeline/echange.py`) : "
                  + ", ".join(f"{noms.get(e) or e} ({a} : {_heure_contestee(f)})"
                              for (e, a), f in sorted(contestees.items()))
                  + ".", ""]
    if penalites:
        texte += ["Rendus en retard (pénalité de `pipeline/retard.py`, retirée du total) : "
                  + ", ".join(f"{noms[e] or e} ({a}, −{p:g} pt)" for (e, a), p in sorted(penalites.items())) + ".", ""]
    texte += ["| élève | " + " | ".join(maxima) + " | automatiques | à la main | retard | total | sur 20 |",
              "|---|" + "---|" * (len(maxima) + 5)]
    for ligne in lignes:
        provisoire = " (provisoire)" if ligne["statut"] == "provisoire" else ""
        texte.append(f"| {noms[ligne['eleve']] or ligne['eleve']} | "
                     + " | ".join(f"{ligne[a]:g}" if isinstance(ligne[a], float) else str(ligne[a]) for a in maxima)
                     + f" | {ligne['points_auto']:g} / {ligne['max_auto']:g}"
                     + f" | {ligne['points_manuels']:g} / {ligne['max_manuels']:g}"
                     + (f" | −{ligne['penalite_retard']:g}" if ligne["penalite_retard"] else " | ")
                     + f" | {ligne['points_total']:g} / {ligne['max_total']:g} | {ligne['note_sur_20']}{provisoire} |")
    texte += ["", "Réussite par question (copies rendues) : "
              + ", ".join(f"{q} {100 * t:.0f} %" for q, t in reussite.items()) + ".", ""]
    copies = variantes_copiees.copies_de_variante(racine, tuple(a for a in maxima if a in ASSIGNMENTS))
    texte += similarite.section_du_rapport(analyse, noms,
                                           autres=variantes_copiees.indices(copies, noms, analyse.reglages))
    texte += ["![réussite](reussite_par_question.png)", "", "![notes](distribution_notes.png)", ""]
    ecrits.append(sortie / "rapport.md")
    ecrits[-1].write_text("\n".join(texte), encoding="utf-8")
    ecrits.append(sortie / "rapport.html")
    ecrits[-1].write_text(page_du_rapport("\n".join(texte), f"Rapport de correction — {titre}"), encoding="utf-8")
    return ecrits


def page_du_rapport(markdown: str, titre: str) -> str:
    """``rapport.md`` as an HTML page (template ``pipeline/gabarits/rapport.html``): the Markdown rendered by
    mistune with its raw HTML escaped, tables kept, a link to another report's ``rapport.md`` made a link to
    its page.

    >>> page = page_du_rapport("# R\\n\\n| a <b> |\\n|---|\\n| [x](autre/rapport.md) |", "R & co")
    >>> "<title>R &amp; co</title>" in page, "a &lt;b&gt;" in page, 'href="autre/rapport.html"' in page
    (True, True, True)
    """
    corps = mistune.create_markdown(renderer=_RenduDuRapport(escape=True), plugins=["table"])(markdown)
    return rendre("rapport.html", "pipeline", titre=titre, corps=Markup(corps))


class _RenduDuRapport(mistune.HTMLRenderer):
    """mistune's HTML, a link to a report's ``rapport.md`` leading to its page ``rapport.html``."""

    def link(self, text: str, url: str, title: str | None = None) -> str:
        return super().link(text, re.sub(r"(^|/)rapport\.md$", r"\1rapport.html", url), title)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write the report (CSV, PNG plots) of a graded class.")
    parser.add_argument("--racine", type=Path, default=RACINE, help="course folder (default: this project)")
    parser.add_argument("--paquet", type=Path, default=None,
                        help="the students' package's source tree (python -m pipeline.paquet_eleve --paquet-seul "
                             "DEST), compared with every answer (default: every module the package can ship, "
                             "read from the course)")
    args = parser.parse_args(argv)
    for chemin in ecrire_rapports(args.racine.resolve(), args.paquet):
        print(f"écrit {chemin}")


if __name__ == "__main__":
    main()
