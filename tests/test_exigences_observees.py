"""Requirements of a statement graded on what the runner observes, through the real ``nbgrader autograde``.

Othello Q9 « ne jamais lire une case hors du plateau » (the board handed to the function writes down each read
out of its range, negative indices included: observation ``hors_limites``) and attractors Q13 « Arrêtez-vous dès
qu'un successeur non gagnant est trouvé » (calls counted: observation ``appels``): one copy of each assignment,
the course's solutions except that answer, whose results are right; graded with the sandbox on, the cell loses
that requirement's share alone (a fifth of 1.5 points).  The in-process checks of both, on right and wrong
answers, are in ``awale_ref/sujets/othello_epita_2024/tests/test_othello.py`` and ``tests/test_attracteurs.py``.
"""

from __future__ import annotations

import shutil

import nbformat
import pytest

from outils import autograder, lire_scores, notebook_source, preparer_cours, solutions

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

FAUTES = {
    # assignment: (answer cell, an answer right in its results that breaks the requirement, its test cell)
    "othello": ("q9_est_direction_possible", """
def est_direction_possible(p, c, d, j):
    h, k = c[0] + d[0], c[1] + d[1]
    if h >= 8 or k >= 8 or p[h][k] != -j:  # h = -1 reads the last row: no error, another cell
        return False
    while 0 <= h < 8 and 0 <= k < 8 and p[h][k] == -j:
        h, k = h + d[0], k + d[1]
    return 0 <= h < 8 and 0 <= k < 8 and p[h][k] == j
""", "q9_tests"),
    "attracteurs_graphe": ("q13_est_gagnante", """
def est_gagnante(G, x):
    gagnante = False
    for s in G[Tuple(x)]:  # every successor examined, even after a losing one
        if not est_gagnante(G, s):
            gagnante = True
    return gagnante
""", "q13_tests"),
}


def test_a_requirement_the_runner_observes_costs_its_share_through_nbgrader(tmp_path):
    racine = tmp_path / "cours"
    preparer_cours(racine, tuple(FAUTES), "c.Execute.timeout = 60\n")
    for devoir, (cellule, code, _) in FAUTES.items():
        reponses = solutions(notebook_source(devoir)) | {cellule: code}
        copie = nbformat.read(racine / "release" / devoir / f"{devoir}.ipynb", as_version=4)
        for c in copie.cells:
            if c.metadata.get("nbgrader", {}).get("solution"):
                c.source = reponses[c.metadata["nbgrader"]["grade_id"]]
        (racine / "submitted" / "eleve" / devoir).mkdir(parents=True)
        nbformat.write(copie, racine / "submitted" / "eleve" / devoir / f"{devoir}.ipynb")
    fin = autograder(racine, "*")  # every assignment in one nbgrader process
    assert fin.returncode == 0, fin.stderr[-2000:]
    for devoir, (_, _, tests) in FAUTES.items():
        scores = lire_scores(racine, ["eleve"], devoir)["eleve"]
        assert scores[tests] == pytest.approx(1.2, abs=0.01), (devoir, scores[tests])
        bareme = {c.metadata["nbgrader"]["grade_id"]: c.metadata["nbgrader"]["points"]
                  for c in notebook_source(devoir).cells
                  if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("grade")}
        assert {g: s for g, s in scores.items() if g != tests} == {g: p for g, p in bareme.items() if g != tests}
    shutil.rmtree(racine, ignore_errors=True)
