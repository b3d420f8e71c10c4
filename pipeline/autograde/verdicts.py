"""The outputs a graded test cell ends with: the judge's verdict, the kernel's own outputs kept as information."""

from __future__ import annotations

import base64

from nbformat.notebooknode import NotebookNode

from awale_ref.figures import decrire_dessin
from awale_ref.grading.eleve import rendu

ENAME = "Correction"  # the error name of a failed verdict (nbgrader scores an error output 0)
CAS_DESSINE = "cas qui échoue"  # what the picture of a failing case shows, before its subject's legend


def sortie_erreur(ename: str, message: str) -> NotebookNode:
    """An error output whose traceback is the French message itself."""
    return NotebookNode(output_type="error", ename=ename, evalue=message,
                        traceback=[f"\x1b[0;31m{ename}\x1b[0m: " + ligne if i == 0 else ligne
                                   for i, ligne in enumerate(message.splitlines() or [""])])


def sorties_du_verdict(resultats: list, points: float) -> list[NotebookNode]:
    """The outputs that carry the judge's verdicts of one test cell, as nbgrader scores them.

    All passed: a ``✔`` line (full marks).  None of the points earned: the
    messages as an error output (0).  Part of the points (rule families):
    the messages as text, then an ``execute_result`` holding the points,
    which nbgrader reads as partial credit.  A failure with a smallest
    failing case adds its board, drawn once (HTML for the feedback, text in
    the notebook; a picture where its subject draws no HTML, described in
    French as its text and its ``alt``), and the call that reproduces it.
    """
    sorties = []
    for r in resultats:
        if r.ok:
            sorties.append(NotebookNode(output_type="stream", name="stdout", text=f"✔ Correction : {r.message}\n"))
    echecs = [r for r in resultats if not r.ok]
    if not echecs:
        return sorties
    part = sum(r.part for r in resultats) / len(resultats)
    obtenus = round(part * points, 2)
    texte = "\n".join(r.message for r in echecs)
    if obtenus > 0:
        sorties.append(NotebookNode(output_type="stream", name="stdout",
                                    text=f"✘ Correction : {texte}\nPoints de cette cellule : {obtenus:g} sur "
                                         f"{points:g} (la valeur ci-dessous, lue par nbgrader).\n"))
    else:
        sorties.append(sortie_erreur(ENAME, texte))
    for r in echecs:  # the failing case, drawn by its subject (awale_ref.grading.eleve.rendu)
        contre = r.contre_exemple or {}
        texte_du_cas = rendu.dessin_du_cas(contre).lstrip("\n")
        html = rendu.html_du_cas(contre)
        if html:
            sorties.append(NotebookNode(output_type="display_data", metadata={}, data={
                "text/plain": texte_du_cas, "text/html": html}))
            continue  # one drawing of the case: its picture, when the subject draws one too, would repeat it
        if texte_du_cas:
            sorties.append(NotebookNode(output_type="stream", name="stdout", text=texte_du_cas + "\n"))
        try:
            png = rendu.png_du_cas(contre)
        except rendu.DessinImpossible as exc:  # described instead of drawn
            sorties.append(NotebookNode(output_type="stream", name="stdout", text=f"{exc}\n"))
            continue
        except (ValueError, TypeError, KeyError):  # not drawable: the text above says it all
            continue
        if png is not None:  # described in French beside the picture and as its alt in the pages
            description = decrire_dessin(CAS_DESSINE, rendu.legende_du_cas(contre))
            sorties.append(NotebookNode(output_type="display_data", metadata={"image/png": {"alt": description}},
                                        data={"text/plain": description,
                                              "image/png": base64.b64encode(png).decode("ascii")}))
    if obtenus > 0:
        sorties.append(NotebookNode(output_type="execute_result", execution_count=None, metadata={},
                                    data={"text/plain": f"{obtenus:g}"}))
    return sorties


def _lignes_de_verdict() -> tuple[str, ...]:
    """What the kernel's ``tester`` and ``corriger`` print in a test cell: their verdicts
    (awale_ref.grading.registre.catalogue), and the mark of a failing example in a series (awale_ref.grading.eleve.serie)."""
    from awale_ref.grading.eleve.serie import MARQUE_ECHEC

    return ("✔ ", "Tests cachés de ", MARQUE_ECHEC)


def _flux_reunis(sorties: list) -> list:
    """``sorties`` with each run of consecutive ``stream`` outputs of one name joined into one output."""
    reunies: list = []
    for sortie in sorties:
        precedente = reunies[-1] if reunies else None
        if (sortie.get("output_type") == "stream" and precedente is not None
                and precedente.get("output_type") == "stream" and precedente.get("name") == sortie.get("name")):
            reunies[-1] = NotebookNode(output_type="stream", name=sortie.get("name"),
                                       text=str(precedente.get("text", "")) + str(sortie.get("text", "")))
        else:
            reunies.append(sortie)
    return reunies


def sorties_hors_verdict(sorties: list) -> list[NotebookNode]:
    """The kernel's outputs of a graded test cell, without any verdict of its own, unable to change the score.

    The judge's verdict is the only one (the kernel's visible tests judge the
    statement's examples alone and could contradict it).  Dropped:
    every error (a failed visible test, a name not defined: the judge says it
    too) and the ``✔``/« Tests cachés » lines.  Kept as plain text: the
    student's own prints, ``stderr`` included, and the grader's note that the
    kernel was stopped (``NoyauArrete``).  An ``execute_result`` becomes a
    display, which nbgrader does not score.  Consecutive pieces of one stream
    are read as one text first: the kernel flushes its streams on a timer,
    which may cut a verdict line from its end of line.
    """
    gardees, lignes_de_verdict = [], _lignes_de_verdict()
    for sortie in _flux_reunis(sorties):
        type_sortie = sortie.get("output_type")
        if type_sortie == "error":
            if sortie.get("ename") == "NoyauArrete":
                gardees.append(NotebookNode(output_type="stream", name="stdout",
                                            text=f"[Noyau Python : {sortie.get('evalue')}]\n"))
        elif type_sortie == "stream":
            texte = "".join(ligne for ligne in str(sortie.get("text", "")).splitlines(keepends=True)
                            if not ligne.startswith(lignes_de_verdict))
            if texte:
                gardees.append(NotebookNode(output_type="stream", name="stdout", text=texte))
        elif type_sortie == "execute_result":
            gardees.append(NotebookNode(output_type="display_data", data=sortie.get("data", {}),
                                        metadata=sortie.get("metadata", {})))
        else:
            gardees.append(sortie)
    return gardees


