"""The trusted side does bounded work on what a student sends: images, errors, sources, time.

The same cases go through the real ``nbgrader autograde`` in tests/test_hostile.py
(``erreur_et_flots_enormes``, ``metadonnees_enormes``, ``cellule_geante``,
``hors_budget``); here each bound is checked alone, where it is set.
"""

from __future__ import annotations

import time

import nbformat

from awale_ref.grading.correcteur import juge
from awale_ref.grading.eleve import contraintes
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.sujets.ccinp_2024 import SUJET as CCINP
from awale_ref.sujets.olympiades_2025_images.presentation import PIXELS_MAX_DESSIN
from pipeline.autograde.limites import ERREUR_MAX, LimiteSources, taille_sortie as _taille, borner_erreur
from pipeline.autograde.verdicts import sorties_du_verdict


IMAGES = "awale_ref.sujets.olympiades_2025_images.presentation"  # how the image subject draws a failing case


def test_an_image_too_large_is_described_not_drawn():
    enorme = [[0] * 1600 for _ in range(1600)]
    resultat = Resultat(False, "Q2 — creer_image : un cas ne donne pas le résultat attendu.", 1,
                        contre_exemple={"appel": "creer_image(1600, 1600, 0)", "presentation": IMAGES,
                                        "images": {"attendue": [[1, 0], [0, 1]], "obtenue": enorme}})
    sorties = sorties_du_verdict([resultat], 1.0)
    assert not any("image/png" in s.get("data", {}) for s in sorties)
    texte = "".join(s.get("text", "") for s in sorties)
    assert "1600 lignes, 2560000 pixels" in texte and "trop grande pour être dessinée" in texte
    petite = Resultat(False, "Q2 — …", 1, contre_exemple={"appel": "f()", "presentation": IMAGES, "images": {
        "attendue": [[1, 0], [0, 1]], "obtenue": [[0, 0], [0, 1]]}})
    assert any("image/png" in s.get("data", {}) for s in sorties_du_verdict([petite], 1.0))
    assert 1600 * 1600 > PIXELS_MAX_DESSIN > 200 * 200  # the subject's largest input (40,000 pixels) is drawn


def test_an_error_of_any_size_is_cut_and_metadata_is_counted():
    note = "[tronqué]"
    erreur = nbformat.v4.new_output("error", ename="ValueError" * 100, evalue="z" * 20_000_000,
                                    traceback=["t" * 5_000_000, "u" * 5_000_000])
    borner_erreur(erreur, note)
    assert len(erreur["evalue"]) <= ERREUR_MAX + len(note) and erreur["evalue"].endswith(note)
    assert sum(map(len, erreur["traceback"])) <= ERREUR_MAX + len(note)
    assert len(erreur["ename"]) <= 200
    affichage = nbformat.v4.new_output("display_data", data={"text/plain": "rien"}, metadata={"m": "w" * 1000})
    assert _taille(affichage) > 1000


def test_a_source_too_long_is_not_parsed_and_is_replaced_in_the_graded_copy_only():
    geante = "1;" * 200_000
    assert contraintes.arbre(geante) is None and contraintes.arbre("x = 1") is not None
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(geante),
                                         nbformat.v4.new_code_cell("def f():\n    return 1\n"),
                                         nbformat.v4.new_markdown_cell("m" * 300_000)])
    verrouillee = nbformat.v4.new_code_cell("corriger('Q4', f)\n" + "# " * 200_000)
    verrouillee.metadata["nbgrader"] = {"locked": True, "grade": True, "grade_id": "t", "points": 1}
    nb.cells.append(verrouillee)
    LimiteSources().preprocess(nb, {"nbgrader": {"student": "ana", "notebook": "n"}})
    assert nb.cells[0].source.startswith("# cellule de 400000 caractères, trop longue pour être corrigée")
    assert nb.cells[1].source == "def f():\n    return 1\n"
    assert nb.cells[2].source.startswith("cellule de 300000 caractères")
    assert nb.cells[3].source.startswith("corriger('Q4', f)") and len(nb.cells[3].source) > 400_000  # the teacher's


def test_the_notebook_budget_stops_the_runner_and_says_so():
    bloquante = ("import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass\n")
    etapes = [juge.CelluleDeCode(0, "def tour_joueur1(jeu):\n    return jeu['n'] % 2 == 0\n"),
              juge.CelluleDeCode(1, questions=[("Q4", "tour_joueur1")])]
    etapes += [juge.CelluleDeCode(2 + i, bloquante) for i in range(10)]
    etapes += [juge.CelluleDeCode(12, "def tourner_plateau(jeu):\n    pass\n"),
               juge.CelluleDeCode(13, questions=[("Q5", "tourner_plateau")])]
    limites = juge.Limites(delai_cellule=2, delai_question=5, echeance=time.monotonic() + 8, budget=8)
    verdicts = juge.juger_notebook(etapes, bac_a_sable=False, limites=limites, sujet=CCINP)
    assert verdicts["Q4"].ok
    assert not verdicts["Q5"].ok and "dépassé le temps qui lui est accordé (8 s)" in verdicts["Q5"].message
    assert "le temps accordé au notebook est épuisé : les questions restantes valent 0" in limites.journal
