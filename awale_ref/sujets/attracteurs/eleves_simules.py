"""The attractors paper's simulated students (``pipeline.demo_class``): the mistakes each makes in this paper (:func:`erreurs`)."""

from __future__ import annotations


def erreurs(outils) -> dict[str, tuple]:
    """The mistakes each student of the demo class makes in this paper (``{student id: mistakes}``), written
    with ``outils`` (``pipeline.erreurs_simulees``: ``Erreur``, ``code``, ``variante``, ``recopiee``…)."""
    Erreur, _code, _variante = outils.Erreur, outils.code, outils.variante

    _ATTRACTEURS = "awale_ref.sujets.attracteurs.tablettes"
    _GRAPHE, _STRATEGIES = "attracteurs_graphe", "attracteurs_strategies"

    EMPILE_COULEURS_SEULES = Erreur("q2_empile", _code("""
        def empile(x, i, j):
            LXij = []
            ci, hi = x[i]
            cj, hj = x[j]
            reste = x[:i] + x[i + 1:j] + x[j + 1:]
            if ci == cj or hi == hj:
                X = reste + [[ci, hi + hj]]
                X.sort()
                LXij.append(X)
            if ci != cj:
                X = reste + [[cj, hi + hj]]
                X.sort()
                LXij.append(X)
            return LXij
        """), ("q2_tests",), "Attracteurs Q2 : comme le corrigé de l'énoncé, empile deux couleurs différentes même "
        "quand les hauteurs diffèrent", perdues=("ni même couleur ni même hauteur : []",), devoir=_GRAPHE)

    COUPS_EN_DOUBLE = Erreur("q3_coups", _variante("coups", ("                if X not in LX:\n                    LX.append(X)",
                                                               "                LX.append(X)", 1), module=_ATTRACTEURS),
                             ("q3_tests",), "Attracteurs Q3 : garde en double une position atteinte par deux empilements",
                             devoir=_GRAPHE)

    TUPLE_AUXILIAIRE = Erreur("q5_tuple", _code("""
        def Tuple(L):
            def convertir(e):
                if type(e) == list:
                    return tuple(convertir(f) for f in e)
                return e
            return convertir(L)
        """), ("q5_tests",), "Attracteurs Q5 : Tuple confie la récursion à une fonction intérieure et ne s'appelle pas",
        perdues=("récursive : Tuple s'appelle sur les listes qu'elle contient",), devoir=_GRAPHE)

    SOMMETS_PARITE_FIXE = Erreur("q9_sommets_12", _variante("sommets_12", ("len(x) % 2 == n % 2", "len(x) % 2 == 0", 1),
                                                             module=_ATTRACTEURS),
                                 ("q9_tests",), "Attracteurs Q9 : J1 joue toujours sur un nombre pair de piles, "
                                 "quel que soit C*N", devoir=_GRAPHE)

    DICO_SANS_MEMO = Erreur("q15_dico_gagnant_opt", _code("""
        def dico_gagnant_opt(G):
            dico = {}
            for x in G:
                dico[x] = est_gagnante(G, x)
            return dico
        """), ("q15_tests",), "Attracteurs Q15 : dico_gagnant_opt recalcule tout avec est_gagnante (pas de mémoïsation)",
        perdues=("mémoïsation (appels comptés sur les graphes de 133 à 728 positions)",), devoir=_GRAPHE)

    N1_N2_ECHANGES = Erreur("q7_reponse", _code("""
        Q7_N1_N2 = {"N1": "arêtes", "N2": "sommets"}
        """), ("q7_tests",), "Attracteurs Q7 : confond sommets et arêtes (les deux mots faux : rien)", devoir=_GRAPHE)

    ITERATION_SUR_UNE_COPIE = Erreur("q21_attracteurs_it", _code("""
        def attracteurs_it(G, di, Si):
            nouveau = dict(di)
            changement = False
            for x in G:
                if not di[x]:
                    if x in Si:
                        entre = cond_1(G, di, x)
                    else:
                        entre = cond_2(G, di, x)
                    if entre:
                        nouveau[x] = True
                        changement = True
            di = nouveau
            return changement
        """), ("q21_tests",), "Attracteurs Q21 : complète une copie de di, pas di lui-même (rien n'est modifié en place)",
        perdues=("di complété en place",), devoir=_STRATEGIES)

    # Lucas's attracteurs_it never changes di and always answers True: under a « while » loop his attracteurs_Ji
    # would never end, and his visible tests of Q22 to Q24 would each wait for their time limit (the judge passes
    # the reference's attracteurs_it to them). A loop bounded by the number of positions, right, ends.
    JI_PARCOURS_BORNES = Erreur("q22_attracteurs_Ji", _code("""
        def attracteurs_Ji(G, di, Si):
            # chaque parcours qui change di y fait entrer au moins une position : len(G) parcours suffisent
            for k in range(len(G)):
                if not attracteurs_it(G, di, Si):
                    return
        """), (), "Attracteurs Q22 : juste, au plus len(G) parcours au lieu d'une boucle « tant que »",
        devoir=_STRATEGIES)

    STRATEGIE_TOUJOURS_LA_PREMIERE = Erreur("q25_strategie_opt", _code("""
        def strategie_opt(G, dg, x):
            successeurs = G[Tuple(x)]
            if len(successeurs) == 0:
                return []
            for succ in successeurs:
                if not dg[Tuple(succ)]:
                    return succ
            return successeurs[0]
        """), ("q25_tests",), "Attracteurs Q25 : joue toujours le premier bon coup, sans tirage au hasard",
        perdues=("tiré au hasard parmi tous les meilleurs coups",), devoir=_STRATEGIES)

    JEU_ANNONCE_J1 = Erreur("q27_jeu", _variante("jeu", ("    if dg[Tuple(x)]:\n", "    if True:\n", 1), module=_ATTRACTEURS),
                            ("q27_tests",), "Attracteurs Q27 : annonce toujours que J1 a une position gagnante",
                            perdues=("jeux où J2 a une position gagnante",), devoir=_STRATEGIES)

    H_SIGNES_INVERSES = Erreur("q29_h", _variante("h", ("            return -1\n        return 1", "            return 1\n        return -1", 1),
                                                  module=_ATTRACTEURS),
                               ("q29_tests",), "Attracteurs Q29 : h vaut 1 quand le joueur qui doit jouer a perdu",
                               devoir=_STRATEGIES)

    COUPS_AVANT_LE_MEMO = Erreur("q32_min_max_opt", _variante(
        "min_max_opt", ("        if cle not in dico:\n            Lc = coups(x)\n",
                        "        Lc = coups(x)\n        if cle not in dico:\n", 1), module=_ATTRACTEURS),
        ("q32_tests",), "Attracteurs Q32 : appelle coups avant de regarder le dictionnaire (une position déjà "
        "évaluée recalcule ses coups à chaque visite)", perdues=("mémoïsation (appels de coups comptés)",),
        devoir=_STRATEGIES)

    CHOIX_PREMIER_MAXIMUM = Erreur("q33_choix_ind_max", _code("""
        def choix_ind_max(L):
            return L.index(max(L))
        """), ("q33_tests",), "Attracteurs Q33 : renvoie toujours le premier maximum, sans tirage au hasard",
        perdues=("tiré au hasard parmi tous les maximums",), devoir=_STRATEGIES)

    return {
        'martin_hugo': (EMPILE_COULEURS_SEULES, H_SIGNES_INVERSES),
        'petit_lucas': (COUPS_EN_DOUBLE, ITERATION_SUR_UNE_COPIE, JI_PARCOURS_BORNES),
        'robert_emma': (TUPLE_AUXILIAIRE, STRATEGIE_TOUJOURS_LA_PREMIERE),
        'leroy_manon': (SOMMETS_PARITE_FIXE, JEU_ANNONCE_J1),
        'david_zoe': (DICO_SANS_MEMO, COUPS_AVANT_LE_MEMO),
        'michel_louise': (N1_N2_ECHANGES, CHOIX_PREMIER_MAXIMUM),
    }
