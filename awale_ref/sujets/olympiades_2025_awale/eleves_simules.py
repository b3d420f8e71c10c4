"""The Olympiades 2025's awalé exercise's simulated students (``pipeline.demo_class``): the mistakes each makes in this paper (:func:`erreurs`)."""

from __future__ import annotations


def erreurs(outils) -> dict[str, tuple]:
    """The mistakes each student of the demo class makes in this paper (``{student id: mistakes}``), written
    with ``outils`` (``pipeline.erreurs_simulees``: ``Erreur``, ``code``, ``variante``, ``recopiee``…)."""
    Erreur, _code, _variante = outils.Erreur, outils.code, outils.variante

    _LYCEE = "awale_ref.sujets.olympiades_2025_awale.awale_lycee"

    FAMINE_SENS_CCINP = Erreur("q8_test_famine", _variante(
        "test_famine", ("    return somme(copie, 6, 11) == 0", "    return somme(copie, 6, 11) > 0", 1), module=_LYCEE),
        ("q8_tests",), "Awalé lycée Q8 : test_famine dans le sens du CCINP (True quand le coup est permis)",
        devoir="olympiades_awale")

    SANS_REGLE_45 = Erreur("q11_tour_termine", _variante(
        "tour_termine", ("    if score_j1 + score_j2 > 45:  # GRAINES_RAMASSEES_MAX\n        return False\n", "", 1),
        module=_LYCEE), ("q11_tests",), "Awalé lycée Q11 : oublie la fin à plus de 45 graines ramassées",
        perdues=("fin à plus de 45 graines ramassées à eux deux",), devoir="olympiades_awale")

    SEMIS_SANS_SAUT_LYCEE = Erreur("q5_semer_graines", _variante(
        "semer_graines", ("        if case == c:  # on saute la case d'origine\n            case = (case + 1) % 12\n", "", 1),
        module=_LYCEE), ("q5_tests",), "Awalé lycée Q5 : ne saute pas la case de départ quand on fait le tour",
        perdues=("tour complet : la case de départ est sautée", "indice de la dernière case semée (valeur renvoyée)"),
        devoir="olympiades_awale")

    AWALE_SANS_GAGNANT = Erreur("q14_awale", _variante(
        "awale", ("    resultat = gagnant(etat_jeu)\n    print(resultat)\n", "    resultat = gagnant(etat_jeu)\n"
                  "    print(\"Partie terminée\")\n", 1), module=_LYCEE),
        ("q14_tests",), "Awalé lycée Q14 : n'affiche pas le nom du gagnant à la fin",
        perdues=("le gagnant affiché à la fin",), devoir="olympiades_awale")

    PARITE_Q2_LYCEE = Erreur("q2_reponse", _code("""
        Q2_parite = "impaire"
        """), ("q2_tests_parite",), "Awalé lycée Q2 : parité de nb_tours inversée", devoir="olympiades_awale")

    return {
        'petit_lucas': (FAMINE_SENS_CCINP,),
        'robert_emma': (SANS_REGLE_45,),
        'david_zoe': (SEMIS_SANS_SAUT_LYCEE,),
        'garcia_adam': (AWALE_SANS_GAGNANT, PARITE_Q2_LYCEE),
    }
