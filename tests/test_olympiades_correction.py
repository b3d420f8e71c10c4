"""The Olympiades de NSI 2025 graded by the same core as the CCINP: specs, judge, runner, feedback.

Each subject's specs are checked against their own reference, the answers the
subject admits are accepted (any largest rectangle, any valid cut in scan
order, the "coul" spelling), and a notebook of each subject goes through the
judge and the sandboxed runner: the verdicts, the smallest failing image drawn
beside the expected one in the feedback, and ``awale`` (Q14) played from the
keyboard with scripted answers.
"""

from __future__ import annotations

import base64

import pytest

from awale_ref.grading.correcteur import juge
from awale_ref.grading.eleve import checks, rendu
from awale_ref.grading.registre import catalogue
from awale_ref.sujets import olympiades_2025_awale as correction_awale
from awale_ref.sujets import olympiades_2025_images as correction_images
from awale_ref.sujets.olympiades_2025_awale import awale_lycee
from awale_ref.sujets.olympiades_2025_awale import specs as specs_awale
from awale_ref.sujets.olympiades_2025_images import images
from awale_ref.sujets.olympiades_2025_images import specs as specs_images
from pipeline.autograde.verdicts import sorties_du_verdict

IMAGES, AWALE = correction_images.SUJET, correction_awale.SUJET


def _fonction(code: str, nom: str, module=images):
    espace = {"__name__": "__main__", **{k: v for k, v in vars(module).items() if callable(v) and not k.startswith("_")}}
    exec(code, espace)
    return espace[nom]


@pytest.mark.parametrize("sujet", [IMAGES, AWALE], ids=["images", "awale"])
def test_each_reference_passes_its_own_hidden_tests_and_every_answer_its_own_check(sujet):
    for question, spec in sujet.specs.items():
        resultat = checks.verifier(spec, spec.reference(), spec.cas())
        assert resultat.ok, (question, resultat.message)
    from awale_ref.grading.correcteur import reponses_structurees

    for nom, (forme, attendu, *_) in sujet.reponses.items():
        assert forme(attendu()) is None, nom
        assert reponses_structurees.verifier_reponse(nom, attendu(), sujet.reponses).ok, nom


def test_the_subject_is_read_from_the_test_cells_import():
    assert catalogue.sujet_des_sources(["from awale_ref.sujets.olympiades_2025_images import corriger"]) is IMAGES
    assert catalogue.sujet_des_sources(["from awale_ref.sujets.olympiades_2025_awale import corriger"]) is AWALE
    assert IMAGES.serie == AWALE.serie == "Olympiades de NSI 2025"


# ---------------------------------------------------------------- several right answers
def test_any_largest_rectangle_is_accepted_and_a_smaller_one_is_not():
    plus_haut = _fonction("""
def rectangle_max(img, pos):
    i, j = pos
    meilleur, largeur, hauteur = (0, 0), len(img[0]) - j, 0
    while i + hauteur < len(img) and img[i + hauteur][j] == img[i][j]:
        largeur = dim_largeur_max(img, (i + hauteur, j), j + largeur - 1)
        hauteur += 1
        if hauteur * largeur >= meilleur[0] * meilleur[1]:   # >= : the tallest of the largest
            meilleur = (hauteur, largeur)
    return meilleur
""", "rectangle_max")
    spec = specs_images.SPECS["Q16"]
    assert plus_haut([[5, 5], [5, 0]], (0, 0)) == (2, 1) != images.rectangle_max([[5, 5], [5, 0]], (0, 0))
    assert checks.verifier(spec, plus_haut, spec.cas()).ok
    trop_petit = _fonction("def rectangle_max(img, pos):\n    return (1, 1)\n", "rectangle_max")
    assert not checks.verifier(spec, trop_petit, spec.cas()).ok


def test_a_cut_spelled_like_the_examples_is_accepted_a_cut_into_pixels_is_not():
    spec = specs_images.SPECS["Q17"]
    coul = _fonction("""
def compression_rectangle(img):
    ha, la, l_rect = reference(img)
    return (ha, la, [{"pos": r["pos"], "coul": r["couleur"], "ha": r["ha"], "la": r["la"]} for r in l_rect])
""".replace("reference", "compression_rectangle_ref"), "compression_rectangle")
    coul.__globals__["compression_rectangle_ref"] = images.compression_rectangle
    assert checks.verifier(spec, coul, spec.cas()).ok
    pixels = _fonction("""
def compression_rectangle(img):
    return (len(img), len(img[0]), [{"pos": (i, j), "couleur": img[i][j], "ha": 1, "la": 1}
                                    for i in range(len(img)) for j in range(len(img[0]))])
""", "compression_rectangle")
    resultat = checks.verifier(spec, pixels, spec.cas(), retrecir=True)
    assert not resultat.ok and resultat.part == 0
    assert resultat.contre_exemple["appel"] == "compression_rectangle([[3, 3]])"  # the smallest image


# ---------------------------------------------------------------- the judge and the sandboxed runner
def _etapes(imports: str, code: str, questions: list[tuple[str, str]], module: str) -> list[juge.CelluleDeCode]:
    test = "\n".join(f"from {module} import corriger\ncorriger({q!r}, {e})" for q, e in questions)
    return [juge.CelluleDeCode(0, imports), juge.CelluleDeCode(1, code), juge.CelluleDeCode(2, questions=questions, exemples=test)]


def test_a_wrong_image_is_judged_in_the_sandbox_and_shown_beside_the_expected_one():
    code = ("def decompresse_image(ncb, liste_entiers):\n"
            "    ligne = decomprime_ligne(liste_entiers)\n"
            "    return [ligne[i:i + ncb] for i in range(0, len(ligne) - ncb, ncb)] or [ligne]\n")
    etapes = _etapes("from awale_ref.sujets.olympiades_2025_images import tester", code,
                     [("Q12", "decompresse_image")], "awale_ref.sujets.olympiades_2025_images")
    verdict = juge.juger_notebook(etapes)["Q12"]
    assert not verdict.ok
    images_du_cas = verdict.contre_exemple["images"]
    assert images_du_cas["attendue"] != images_du_cas["obtenue"]
    assert len(images_du_cas["attendue"]) == 2  # shrunk: the last row forgotten needs two rows
    sorties = sorties_du_verdict([verdict], 1)
    png = [s for s in sorties if "image/png" in s.get("data", {})]
    assert len(png) == 1 and base64.b64decode(png[0]["data"]["image/png"])[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_reference_is_out_of_reach_of_the_student_in_the_runner():
    code = "from awale_ref.sujets.olympiades_2025_images.images import compte_0_1\n"
    etapes = _etapes("from awale_ref.sujets.olympiades_2025_images import tester", code,
                     [("Q9", "compte_0_1")], "awale_ref.sujets.olympiades_2025_images")
    verdict = juge.juger_notebook(etapes)["Q9"]
    assert not verdict.ok and "n'existe pas" in verdict.message


def test_awale_is_played_from_the_keyboard_with_scripted_answers():
    juste = (
        "def awale(nom_joueur1, nom_joueur2):\n"
        "    etat_jeu = initialisation(nom_joueur1, nom_joueur2)\n"
        "    while tour_termine(etat_jeu):\n"
        "        print(etat_jeu['plateau'])\n"
        "        nom = etat_jeu['joueur1'] if tour_joueur1(etat_jeu) else etat_jeu['joueur2']\n"
        "        tour_jeu(etat_jeu, int(input(nom + ' ? ')))\n"
        "    print('Le gagnant est :', gagnant(etat_jeu))\n")
    sans_fin = juste.replace("    while tour_termine(etat_jeu):\n", "    for k in range(100):\n")  # reads on
    for code, attendu in ((juste, True), (sans_fin, False)):
        etapes = _etapes("from awale_ref.sujets.olympiades_2025_awale import tester", code,
                         [("Q14", "awale")], "awale_ref.sujets.olympiades_2025_awale")
        verdict = juge.juger_notebook(etapes)["Q14"]
        assert verdict.ok is attendu, verdict.message
    assert dict(verdict.familles)["une case demandée par coup, jusqu'à la fin de la partie"] is False


def test_a_lyceen_function_is_graded_with_the_lyceen_reference_for_the_others():
    """tour_jeu (Q12) calls semer_graines, ramasser_graines… : during its grading they are the reference's,
    so a wrong semer_graines in the notebook costs Q5 only."""
    code = (awale_lycee_source("tour_jeu")
            + "\ndef semer_graines(plt, c):\n    return 0\n")
    etapes = _etapes("from awale_ref.sujets.olympiades_2025_awale import tester", code,
                     [("Q12", "tour_jeu"), ("Q5", "semer_graines")], "awale_ref.sujets.olympiades_2025_awale")
    verdicts = juge.juger_notebook(etapes)
    assert verdicts["Q12"].ok, verdicts["Q12"].message
    assert not verdicts["Q5"].ok


def awale_lycee_source(nom: str) -> str:
    import inspect

    return inspect.getsource(getattr(awale_lycee, nom))


def test_the_lyceen_end_rule_families_each_lose_only_their_own_points():
    sans_45 = _fonction(awale_lycee_source("tour_termine").replace(
        "    if score_j1 + score_j2 > 45:  # GRAINES_RAMASSEES_MAX\n        return False\n", ""),
        "tour_termine", awale_lycee)
    spec = specs_awale.SPECS["Q11"]
    resultat = checks.verifier(spec, sans_45, spec.cas())
    assert [f for f, ok in resultat.familles if not ok] == ["fin à plus de 45 graines ramassées à eux deux"]
    sens_ccinp = _fonction(awale_lycee_source("tour_termine").replace("return False", "return None"),
                           "tour_termine", awale_lycee)
    assert checks.verifier(spec, sens_ccinp, spec.cas()).part < 0.5


def test_a_visible_example_written_with_the_subjects_names_reaches_the_judge():
    """The notebook writes ``tester("Q14", dim_largeur_max, img1, (0, 0), 3)``: the judge reads ``img1``
    in the reference (the subject's names for its data), so the example is among the hidden cases too."""
    for source, attendu in (('tester("Q14", dim_largeur_max, img1, (0, 0), 3)', [(images.IMG1, (0, 0), 3)]),
                            ('tester("Q18", decompression_rectangle, ic1)', [(images.ic1,)])):
        assert juge.exemples_visibles(source.split('"')[1], source, images) == attendu
    assert images.ic1[2][0]["coul"] == 7  # spelled as in the subject's example


def test_a_failing_game_from_the_keyboard_is_shown_as_a_call_and_the_answers_typed():
    spec = specs_awale.SPECS["Q14"]
    appel = rendu.appel_reproductible(spec, ("Alice", "Bob", [2, 7, 3]))
    assert appel == "awale('Alice', 'Bob'), en tapant au clavier, dans l'ordre : 2, 7, 3"


def test_a_lyceen_state_is_shrunk_on_its_own_keys():
    from awale_ref.grading.eleve import retrecissement

    spec = specs_awale.SPECS["Q11"]
    etat = {"joueur1": "A", "joueur2": "B", "score_j1": 20, "score_j2": 22, "nb_tours": 41,
            "plateau": [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]}
    plus_petits = retrecissement.candidats(spec, (etat,))
    assert any(c[0]["nb_tours"] == 1 for c in plus_petits)  # the same player moves
    assert any(c[0]["score_j1"] == 0 for c in plus_petits) and any(c[0]["score_j2"] == 11 for c in plus_petits)
    assert all(c[0]["nb_tours"] % 2 == 1 for c in plus_petits)


def test_a_value_built_with_an_earlier_function_is_graded_on_its_own():
    """A creer_image that swaps rows and columns costs Q2 only; Q3's flag, built by the
    student's instructions, is graded with the reference creer_image (its cell run again in the runner)."""
    module = "awale_ref.sujets.olympiades_2025_images"
    creer = ("def creer_image(n, m, c):\n"
             "    return [[c for j in range(n)] for i in range(m)]\n")
    drapeau = images.REPONSES["Q3"]
    test_q2 = f"from {module} import corriger\ncorriger('Q2', creer_image)"
    test_q3 = f"from {module} import corriger\ncorriger('Q3_drapeau', imgD)"
    etapes = [juge.CelluleDeCode(0, f"from {module} import tester"), juge.CelluleDeCode(1, creer),
              juge.CelluleDeCode(2, questions=[("Q2", "creer_image")], exemples=test_q2),
              juge.CelluleDeCode(3, drapeau), juge.CelluleDeCode(4, questions=[("Q3_drapeau", "imgD")], exemples=test_q3)]
    verdicts = juge.juger_notebook(etapes)
    assert not verdicts["Q2"].ok
    assert verdicts["Q3_drapeau"].ok, verdicts["Q3_drapeau"].message
    # the flag's own mistake still costs Q3 (the cells are the student's, only creer_image is the reference)
    etapes[3] = juge.CelluleDeCode(3, drapeau.replace("(0, 0, 255)", "(0, 255, 0)"))
    assert not juge.juger_notebook(etapes)["Q3_drapeau"].ok
