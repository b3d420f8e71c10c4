"""The grading core and the nbgrader glue name no subject (issue 24): a subject plugs in through its folder.

A core file (``awale_ref/grading/*.py``, ``pipeline/*.py`` but the demo class's student data,
``nbgrader_config.py``) must not import a subject (``awale_ref.sujets.<sujet>``, ``awale_ref.exam``,
``awale_ref.olympiades``), name a question (``"Q21"``), an assignment (found in the subjects' folders),
or a board shape (``len(…) == 12``, the parameters ``profondeur``/``profondeur_max``).  ``EN_ATTENTE`` lists,
line by line, what is not moved yet (the reason beside it): it may only shrink.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from awale_ref.grading import sujets

RACINE = Path(__file__).resolve().parents[1]
COEUR = sorted([*RACINE.glob("awale_ref/grading/*.py"), *RACINE.glob("pipeline/*.py"), RACINE / "nbgrader_config.py"])
HORS_COEUR = {"pipeline/demo_class.py"}  # the demo class's student data: typical mistakes, question by question

EN_ATTENTE = {
    # pipeline/preprocessors.py is being split (item 6, another engineer): not edited here until it lands
    ("pipeline/preprocessors.py", "sql"),
    # the runner's Q21 game and the recursion check of Q10 still live in the core (next step: a kind hook)
    ("awale_ref/grading/executant.py", "q21"),
    ("awale_ref/grading/executant.py", "profondeur"),
    ("awale_ref/grading/checks.py", "plateau après l'appel"),
}


def motifs() -> dict[str, re.Pattern]:
    """What names a subject, by kind."""
    devoirs = "|".join(map(re.escape, sujets.devoirs()))
    noms = "|".join(map(re.escape, (s.module_correction.rsplit(".", 1)[1] for s in sujets.tous())))
    return {
        "import d'un sujet": re.compile(rf"awale_ref\.(sujets\.({noms})|exam\b|olympiades\b)"),
        "numéro de question": re.compile(r"[\"']Q\d+"),
        "nom de devoir": re.compile(rf"\b({devoirs})\b"),
        "forme de plateau": re.compile(r"len\([^)]*\)\s*==\s*12\b|\bprofondeur(_max)?\b"),
    }


def violations(texte: str, chemin: str) -> list[str]:
    trouvees = []
    for numero, ligne in enumerate(texte.splitlines(), 1):
        for genre, motif in motifs().items():
            if motif.search(ligne) and not any(c == chemin and m in ligne.lower() for c, m in EN_ATTENTE):
                trouvees.append(f"{chemin}:{numero}: {genre} : {ligne.strip()}")
    return trouvees


@pytest.mark.parametrize("chemin", [p for p in COEUR if str(p.relative_to(RACINE)) not in HORS_COEUR],
                         ids=lambda p: str(p.relative_to(RACINE)))
def test_le_coeur_ne_nomme_aucun_sujet(chemin: Path) -> None:
    relatif = str(chemin.relative_to(RACINE))
    assert violations(chemin.read_text(encoding="utf-8"), relatif) == []


@pytest.mark.parametrize("ligne", ["from awale_ref.sujets.ccinp_2024 import exam", "import awale_ref.exam",
                                   'if question == "Q21":', 'if assignment == "partie3_sql":',
                                   "if len(plateau) == 12:", "def f(jeu, profondeur):"])
def test_le_test_voit_un_sujet_nomme(ligne: str) -> None:
    assert violations(ligne, "awale_ref/grading/juge.py")
