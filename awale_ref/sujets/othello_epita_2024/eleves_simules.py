"""The EPITA 2024 Othello paper's simulated students (``pipeline.demo_class``): the mistakes each makes in this paper (:func:`erreurs`)."""

from __future__ import annotations


def erreurs(outils) -> dict[str, tuple]:
    """The mistakes each student of the demo class makes in this paper (``{student id: mistakes}``), written
    with ``outils`` (``pipeline.erreurs_simulees``: ``Erreur``, ``code``, ``variante``, ``recopiee``…)."""
    Erreur, _code, _variante = outils.Erreur, outils.code, outils.variante

    _OTHELLO = "awale_ref.sujets.othello_epita_2024.othello"
    _PLEINE, _BORD = "ligne fermée au milieu du plateau", "ligne qui va jusqu'au bord (capture impossible, ou fermée sur le bord)"

    DEPART_LIGNES_PARTAGEES = Erreur("q1_plateau_depart", _variante(
        "plateau_depart", ("    p = []\n    for i in range(8):\n        p.append([0] * 8)\n", "    p = [[0] * 8] * 8\n", 1),
        module=_OTHELLO), ("q1_tests",), "Othello Q1 : [[0] * 8] * 8 répète la même ligne (les jetons du centre "
        "se retrouvent sur toutes les lignes)", perdues=("les quatre jetons du départ",
        "lignes distinctes (pas [[0] * 8] * 8, qui répète la même liste)"), devoir="othello")

    FRONTIERE_AVEC_IN = Erreur("q7_cases_frontieres", _code("""
        def cases_frontieres(p, l, c):
            nouvelle = []
            for case in l:
                if case != c:
                    nouvelle.append(case)
            for v in cases_voisines(c[0], c[1]):
                if p[v[0]][v[1]] == 0 and v not in nouvelle:
                    nouvelle.append(v)
            return nouvelle
        """), ("q7_tests",), "Othello Q7 : teste v not in nouvelle, que l'énoncé interdit (toute la question)",
        devoir="othello")

    FRONTIERE_MODIFIE_L = Erreur("q7_cases_frontieres", _code("""
        def cases_frontieres(p, l, c):
            deja = [[False] * 8 for i in range(8)]
            for case in l:
                deja[case[0]][case[1]] = True
            l.remove(c)
            for v in cases_voisines(c[0], c[1]):
                if p[v[0]][v[1]] == 0 and not deja[v[0]][v[1]]:
                    l.append(v)
                    deja[v[0]][v[1]] = True
            return l
        """), ("q7_tests",), "Othello Q7 : met à jour la liste l reçue au lieu d'en construire une nouvelle",
        perdues=("l n'est pas modifiée (ia_minmax la réutilise)",), devoir="othello")

    DIRECTION_P_H_H = Erreur("q9_est_direction_possible", _variante(
        "est_direction_possible", ("and p[h][k] == j", "and p[h][h] == j", 1), module=_OTHELLO),
        ("q9_tests",), "Othello Q9 : p[h][h] au lieu de p[h][k] (l'erreur du corrigé)",
        perdues=(_PLEINE, _BORD), devoir="othello")

    DIRECTION_SANS_BORD = Erreur("q9_est_direction_possible", _variante(
        "est_direction_possible", ("    while 0 <= h < 8 and 0 <= k < 8 and p[h][k] == -j:",
                                   "    while p[h][k] == -j:", 1), module=_OTHELLO),
        ("q9_tests",), "Othello Q9 : ne vérifie pas le bord en suivant la ligne adverse (IndexError, ou p[-1] qui "
        "relit l'autre bord)", perdues=(_BORD, "aucune case lue hors du plateau (indices négatifs compris)"),
        devoir="othello")

    COPIE_PLATEAU_SUPERFICIELLE = Erreur("q13_copier_plateau", _code("""
        def copier_plateau(p):
            return list(p)
        """), ("q13_tests",), "Othello Q13 : list(p) partage les lignes avec p",
        perdues=("copie indépendante (aucune ligne partagée)",), devoir="othello")

    POSER_SUR_P = Erreur("q14_poser_jeton", _variante(
        "poser_jeton", ("    nouveau = copier_plateau(p)\n", "    nouveau = p\n", 1), module=_OTHELLO),
        ("q14_tests",), "Othello Q14 : pose le jeton et capture sur p lui-même (sans copie)",
        perdues=("plateau reçu non modifié (un nouveau plateau est renvoyé)",), devoir="othello")

    NAIVE_DERNIERE_CASE = Erreur("q16_ia_naive", _variante(
        "ia_naive", ("    return (meilleure, valeur)", "    return (c, valeur)", 1), module=_OTHELLO),
        ("q16_tests",), "Othello Q16 : renvoie la dernière case essayée, pas la meilleure (l'erreur du corrigé)",
        perdues=("J1 (j = 1) : la valeur la plus grande", "J2 (j = -1) : la valeur la plus petite"), devoir="othello")

    NAIVE_TOUJOURS_MAX = Erreur("q16_ia_naive", _variante(
        "ia_naive", ("j * v > j * valeur", "v > valeur", 1), module=_OTHELLO),
        ("q16_tests",), "Othello Q16 : cherche toujours le maximum, même pour J2",
        perdues=("J2 (j = -1) : la valeur la plus petite",), devoir="othello")

    MINMAX_CASE_ECRASEE = Erreur("q17_ia_minmax", _variante(
        "ia_minmax", ("        v = ia_minmax(nouveau, frontiere, f, -j, n - 1)[1]\n",
                      "        c, v = ia_minmax(nouveau, frontiere, f, -j, n - 1)\n", 1), module=_OTHELLO),
        ("q17_tests",), "Othello Q17 : « c, v = ia_minmax(...) » écrase la case jouée par la réponse de "
        "l'adversaire (l'erreur du corrigé)", perdues=("profondeur 2", "profondeur 3"), devoir="othello")

    ENCODE_SANS_DECALAGE = Erreur("q19_encode", _variante(
        "encode", ("(1 + p[i][j])", "p[i][j]", 1), module=_OTHELLO),
        ("q19_tests",), "Othello Q19 : code p[i][j] au lieu de 1 + p[i][j] (des chiffres -1 en base 3)", devoir="othello")

    SQL_PROFONDEUR_LIMIT_1 = Erreur("q22_requete", _code('''
        Q22 = """
        SELECT caseX, caseY FROM plateaux WHERE codePlateau = 3917277946 AND joueurActif = 1
        ORDER BY profondeur DESC LIMIT 1
        """
        '''), ("q22_tests",), "Othello Q22 : LIMIT 1 ne garde qu'une des cases ex aequo à la profondeur maximale",
        devoir="othello")

    FRONTIERE_ET_CORRIGE_COLLE = Erreur(
        "q7_cases_frontieres",
        _variante("cases_frontieres", module=_OTHELLO) + "\n\n\n# pour vérifier : la frontière recalculée en entier\n"
        + _variante("cases_frontieres_de", module=_OTHELLO).replace("cases_frontieres_de", "frontiere_entiere")
        .replace("voisin_occupe", "occupe").replace("frontiere =", "bord =").replace("frontiere.", "bord.")
        .replace("return frontiere", "return bord"),
        (), "Othello Q7 : juste, mais colle à côté, renommée, la fonction du corrigé public qui recalcule la frontière",
        devoir="othello")

    SQL_BETH_SECONDE = Erreur("q23_requete", _code('''
        Q23 = """
        SELECT AVG(score) FROM parties JOIN joueurs ON idJoueur = joueurs_idJ1 OR idJoueur = joueurs_idJ2
        WHERE nomComplet = 'Beth Harmon'
        """
        '''), ("q23_tests",), "Othello Q23 : compte aussi les parties où Beth Harmon joue en second", devoir="othello")


    return {
        'martin_hugo': (DEPART_LIGNES_PARTAGEES, NAIVE_TOUJOURS_MAX),
        'petit_lucas': (COPIE_PLATEAU_SUPERFICIELLE, ENCODE_SANS_DECALAGE),
        'robert_emma': (FRONTIERE_MODIFIE_L, MINMAX_CASE_ECRASEE),
        'richard_nathan': (DIRECTION_SANS_BORD, SQL_PROFONDEUR_LIMIT_1),
        'leroy_manon': (POSER_SUR_P, SQL_BETH_SECONDE),
        'david_zoe': (FRONTIERE_AVEC_IN,),
        'michel_louise': (NAIVE_DERNIERE_CASE, FRONTIERE_ET_CORRIGE_COLLE),
        'garcia_adam': (DIRECTION_P_H_H,),
    }


COLLEURS = {"michel_louise": "awale_ref.sujets.othello_epita_2024.othello"}
"""Who pasted code from a public source of this paper (its module: « proche de corrigé public »)."""
