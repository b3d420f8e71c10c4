"""The CCINP paper's simulated students (``pipeline.demo_class``): their mistakes, their justifications' wordings.

:func:`erreurs` gives each student the mistakes they make in this paper (the demo class is the students of
``pipeline.demo_class``); ``ITEMS`` how many items a literal answer graded per item has; ``JUSTIFICATIONS`` the
three wordings of each hand-graded question, and ``REMARQUE`` the two sentences each student adds to them.
"""

from __future__ import annotations

import re

from awale_ref.sujets.ccinp_2024 import facts


def erreurs(outils) -> dict[str, tuple]:
    """The mistakes each student of the demo class makes in this paper (``{student id: mistakes}``), written
    with ``outils`` (``pipeline.erreurs_simulees``: ``Erreur``, ``code``, ``variante``, ``recopiee``…)."""
    _code, _recopiee, reponses_de_la_variante = outils.code, outils.recopiee, outils.reponses_de_la_variante
    valeurs_litterales = outils.valeurs_litterales

    _PARTIES = {"partie1_regles": range(1, 4), "partie2_structure": range(4, 17), "partie3_ia": range(17, 22),
                "partie3_sql": range(22, 26)}
    """Questions of each assignment (the split of COURSE.md)."""

    def assignment_de(grade_id: str) -> str:
        numero = int(outils.question_de(grade_id)[1:])
        for a, questions in _PARTIES.items():
            if numero in questions:
                return a
        raise ValueError(f"grade_id {grade_id!r}: question outside Q1-Q25")


    def Erreur(grade_id: str, *args, **kwargs):
        """A mistake of this paper, in the assignment its question belongs to."""
        return outils.Erreur(grade_id, *args, devoir=assignment_de(grade_id), **kwargs)


    def _variante(nom: str, *remplacements: tuple[str, str, int]) -> str:
        return outils.variante(nom, *remplacements, module="awale_ref.sujets.ccinp_2024.exam")


    # ---------------------------------------------------------------- the mistakes
    SANS_SAUT_ORIGINE = Erreur("q8_deplacer_graines", _variante("deplacer_graines", (
        "        if indice != case:\n            plateau[indice] = plateau[indice] + 1\n            graines = graines - 1",
        "        plateau[indice] = plateau[indice] + 1\n        graines = graines - 1", 1)),
        ("q8_tests",), "Q8 : ne saute pas la case de départ quand le semis fait le tour du plateau",
        perdues=("tour complet : la case de départ est sautée", "indice de la dernière case semée (valeur renvoyée)"))

    PARITE_INVERSEE = Erreur("q4_tour_joueur1", _code("""
        def tour_joueur1(jeu):
            return jeu['n'] % 2 == 1
        """), ("q4_tests",), "Q4 : parité inversée (joueur1 joue quand n est impair)")

    RECOLTE_ITERATIVE = Erreur("q10_ramasser_graines", _code("""
        def ramasser_graines(plateau, case):
            total = 0
            while case_ramassable(plateau, case):
                total = total + plateau[case]
                plateau[case] = 0
                case = case - 1
            return total
        """), ("q10_tests",), "Q10 : récolte écrite avec une boucle while au lieu d'une fonction récursive",
        perdues=("récursivité (la fonction s'appelle elle-même)",))

    COPIE_SUPERFICIELLE = Erreur("q7_copie", _code("""
        def copie(jeu):
            return dict(jeu)
        """), ("q7_tests",), "Q7 : copie superficielle (dict(jeu) partage les listes plateau et score)",
        # the copy is equal to the original, but that accessory family earns nothing beside a failing main one
        perdues=("copie indépendante (aucune liste partagée, original intact)",))

    FAMINE_MODIFIE_PLATEAU = Erreur("q11_test_famine", _code("""
        def test_famine(plateau, case):
            derniere = deplacer_graines(plateau, case)
            ramasser_graines(plateau, derniere)
            total = 0
            for i in range(6, 12):
                total = total + plateau[i]
            return total > 0
        """), ("q11_tests",), "Q11 : joue le coup sur le plateau reçu au lieu d'une copie (argument modifié)",
        perdues=("arguments non modifiés (le test travaille sur une copie)",))

    FIN_DECALEE = Erreur("q14_tour_suivant", _variante("tour_suivant", (">= 25", "> 25", 2), (">= 100", "> 100", 1)),
        ("q14_tests",), "Q14 : conditions de fin décalées d'un cran (n > 100 et score > 25)",
        perdues=("fin par le score (25 ou plus)", "fin après 100 tours"))

    MAX_INTERDIT = Erreur("q20_max_vals", _code("""
        def max_vals(vals_jeu, profondeur):
            meilleure_valeur = max([v for c, v in vals_jeu])
            for case, valeur in vals_jeu:
                if valeur == meilleure_valeur:
                    if profondeur == 0:
                        return case
                    return valeur
        """), ("q20_tests",), "Q20 : utilise max(), interdit par l'annexe")

    GAIN_MODIFIE_JEU = Erreur("q17_gain", _variante("gain", ("copie(jeu)", "jeu.copy()", 1)),
        ("q17_tests",), "Q17 : jeu.copy() est superficielle, le jeu reçu est modifié",
        perdues=("arguments non modifiés (gain travaille sur une copie)",))

    GAGNANT_CAMPS_INVERSES = Erreur("q16_gagnant", _code("""
        def gagnant(jeu):
            camp1 = 0
            camp2 = 0
            for i in range(6):
                camp1 = camp1 + jeu['plateau'][i]
                camp2 = camp2 + jeu['plateau'][i + 6]
            jeu['score'][0] = jeu['score'][0] + camp1
            jeu['score'][1] = jeu['score'][1] + camp2
            if jeu['score'][0] > jeu['score'][1]:
                return jeu['joueur1']
            if jeu['score'][1] > jeu['score'][0]:
                return jeu['joueur2']
            return "égalité"
        """), ("q16_tests",), "Q16 : donne toujours les cases 0 à 5 à joueur1, même quand c'est joueur2 qui a le trait")

    CASES_SANS_FAMINE = Erreur("q13_cases_possibles", _code("""
        def cases_possibles(jeu):
            plateau = jeu['plateau']
            jouables = []
            for numero in range(6):
                if case_jouable(plateau, numero):
                    jouables.append(numero)
            return jouables


        def case_jouable(plateau, numero):
            # une case de mon camp, avec des graines
            graines = plateau[numero]
            if numero < 0 or numero > 5:
                return False
            return graines > 0
        """), ("q13_tests",), "Q13 : sa propre fonction case_jouable, qui oublie la famine",
        perdues=("positions où la famine interdit une case",))

    IMPORTE_REFERENCE = Erreur("q13_cases_possibles", _code("""
        from awale_ref.sujets.ccinp_2024.exam import cases_possibles
        """), ("q13_tests",), "Q13 : importe la fonction du paquet de référence au lieu de l'écrire")

    GAIN_Q2_FAUX = Erreur("q2_reponse", _code(f"""
        Q2_plateaux = {{
            2: {facts.Q2_PLATEAUX[2]},
            4: {facts.Q2_PLATEAUX[4]},
            5: {facts.Q2_PLATEAUX[5]},
        }}
        Q2_gains = {{2: 0, 4: 7, 5: 0}}
        """), ("q2_tests_gains",), "Q2 : erreur d'addition sur le plus gros gain (7 au lieu de 3 + 2 + 3 dans l'énoncé)",
        items_faux=1, pour_l_eleve=lambda code, qui: _gain_fausse(reponses_de_la_variante(code, "partie1_regles", qui)))

    def _gain_fausse(code: str) -> str:
        """The cell ``code`` with its largest gain of ``Q2_gains`` off by one (an addition error)."""
        gains = valeurs_litterales(code)["Q2_gains"]
        case = max(gains, key=lambda c: (gains[c], c))
        gains[case] = gains[case] - 1 if gains[case] else 1
        return re.sub(r"(?m)^Q2_gains = .*$", f"Q2_gains = {gains!r}", code)


    _ARBRE_FAUX = {k: (g, vj) for k, (_, _, g, vj) in facts.Q18_ARBRE.items()}
    _ARBRE_FAUX["b"] = (4, 0)  # forgets to take the children's values into account
    ARBRE_Q18_FAUX = Erreur("q18_reponse", _code(f"""
        Q18_arbre = {_ARBRE_FAUX!r}
        Q18_case = {facts.Q18_CASE_CHOISIE!r}
        """), ("q18_tests_arbre",), "Q18 : VJ du nœud b oubliée (0 au lieu de la valeur remontée des enfants)",
        items_faux=0.5)  # b's G is right, its VJ wrong: half a node

    IA_PROFONDEUR_5 = Erreur("q21_awale_ia", _variante("awale_ia", ("NegaAwale(jeu, 6, 0)", "NegaAwale(jeu, 5, 0)", 1)),
        ("q21_tests",), "Q21 : appelle NegaAwale à la profondeur 5 au lieu de 6")

    CAMP_ADVERSE_DECALE = Erreur("q9_case_ramassable", _variante("case_ramassable", ("6 <= case <= 11", "case > 6", 1)),
        ("q9_tests",), "Q9 : le camp adverse commence à la case 7 (case > 6 au lieu de case >= 6)")

    SQL_SANS_ORDER_BY = Erreur("q25_requete", _code('''
        Q25 = """
        SELECT nom, prenom, COUNT(*) AS victoires
        FROM Joueur
        JOIN Partie ON Partie.id_joueur1 = Joueur.id_Joueur
        WHERE resultat = 1
        GROUP BY id_Joueur
        HAVING COUNT(*) > 100
        """
        '''), ("q25_tests",), "Q25 : oublie ORDER BY (les lignes ne sont pas classées)",
        perdues=("classées par victoires décroissantes",))

    SQL_GROUPE_PAR_NOM = Erreur("q25_requete", _code('''
        Q25 = """
        SELECT nom, prenom, COUNT(*) AS victoires
        FROM Joueur
        JOIN Partie ON Partie.id_joueur1 = Joueur.id_Joueur
        WHERE resultat = 1
        GROUP BY nom
        HAVING COUNT(*) > 100
        ORDER BY victoires DESC
        """
        '''), ("q25_tests",), "Q25 : GROUP BY nom regroupe les homonymes (il faut grouper par joueur)",
        perdues=("les bonnes lignes (joueurs et victoires)",))


    # ---------------------------------------------------------------- two students who copy
    # Théo copies all of Chloé Bernard's notebooks: variables renamed, her two functions of Q13 in the other order;
    # her justifications word for word (``Eleve.justifie_comme``).
    _DEUX_FONCTIONS_Q13 = CASES_SANS_FAMINE.code.split("\n\n\n")
    COPIES_DE_CHLOE = (
        _recopiee(RECOLTE_ITERATIVE, {"total": "recolte"}, copiee_sur="Chloé Bernard"),
        _recopiee(CASES_SANS_FAMINE, {"jouables": "liste", "numero": "c", "graines": "nb", "plateau": "p"},
                  ((_DEUX_FONCTIONS_Q13[0], _DEUX_FONCTIONS_Q13[1]),), copiee_sur="Chloé Bernard"),
    )
    # Lina copies two questions of Camille Durand's, as they are, a comment in front.
    COPIES_DE_CAMILLE = (
        _recopiee(MAX_INTERDIT, avant="# la plus grande valeur, puis sa case\n", copiee_sur="Camille Durand"),
        _recopiee(IA_PROFONDEUR_5, avant="# l'IA joue pour les deux joueurs\n", copiee_sur="Camille Durand"),
    )


    def _valeurs_de(camarade: str):
        """A cell of values answered right, but on the variant of ``camarade`` (a copy of their answers)."""
        return lambda code, _qui: reponses_de_la_variante(code, "partie1_regles", camarade)


    VALEURS_DE_SARAH = tuple(
        Erreur(gid, "\n".join(f"{nom} = {valeur!r}" for nom, valeur in valeurs), echecs,
               f"{gid[:2].upper()} : réponses recopiées sur Sarah Lefebvre (justes pour sa variante, pas pour la sienne)",
               pour_l_eleve=_valeurs_de("lefebvre_sarah"))
        for gid, valeurs, echecs in (
            ("q1_reponse", (("Q1_cases", facts.Q1_CASES_JOUABLES),), ("q1_tests",)),
            ("q2_reponse", (("Q2_plateaux", facts.Q2_PLATEAUX), ("Q2_gains", facts.Q2_GAINS)),
             ("q2_tests_plateaux", "q2_tests_gains")),
            ("q3_reponse", (("Q3_situation1", facts.Q3_SITUATION1_PARTIE1), ("Q3_situation2", facts.Q3_SITUATION2)),
             ("q3_tests_situation1", "q3_tests_situation2"))))
    """The value answers of Part I copied from Sarah Lefebvre's: graded on the copier's own figures, they lose what
    the two variants do not share, and the report names them (``pipeline.variantes_copiees``)."""

    return {
        "martin_hugo": (SANS_SAUT_ORIGINE, PARITE_INVERSEE),
        "bernard_chloe": (RECOLTE_ITERATIVE, CASES_SANS_FAMINE),
        "petit_lucas": (COPIE_SUPERFICIELLE, SQL_SANS_ORDER_BY),
        "robert_emma": (FAMINE_MODIFIE_PLATEAU, SQL_GROUPE_PAR_NOM),
        "richard_nathan": (FIN_DECALEE,),
        "durand_camille": (MAX_INTERDIT, IA_PROFONDEUR_5),
        "leroy_manon": (GAIN_MODIFIE_JEU, GAGNANT_CAMPS_INVERSES),
        "david_zoe": (IMPORTE_REFERENCE,),
        "michel_louise": (GAIN_Q2_FAUX,),
        "garcia_adam": (ARBRE_Q18_FAUX, CAMP_ADVERSE_DECALE),
        "fournier_theo": COPIES_DE_CHLOE,
        "girard_lina": COPIES_DE_CAMILLE,
        "roux_emma": VALEURS_DE_SARAH,
    }

ITEMS = {("partie1_regles", "Q2"): lambda: len(facts.Q2_GAINS), ("partie3_ia", "Q18"): lambda: len(facts.Q18_ARBRE)}
"""How many items a literal answer graded per item has."""


# Each wording is a template: ``{a|b|c}`` is a choice of phrasing (choices may nest), made per student
# (``pipeline.demo_class.justification``), so that two students rarely write the same phrase; the three wordings of a question
# are the three kinds of answer the simulated teacher grades (``pipeline.demo_class.APPRECIATIONS``: complete, complete, a step
# missing), whatever the phrasing.
JUSTIFICATIONS = {
    "q1": ("{Les cases 0, 1 et 3 sont vides|Alice n'a {aucune graine|rien} dans les cases 0, 1 et 3|Les cases 0, 1 "
           "et 3 {n'ont pas de graines|ne contiennent rien}|Impossible de jouer 0, 1 ou 3, {elles sont vides|faute de "
           "graines}} et {les cases 6 à 11 {sont|appartiennent} à Bob|Alice ne {joue|sème} jamais {depuis|dans} le "
           "camp de Bob (6 à 11)|le camp adverse (6 à 11) {lui est interdit|n'est pas le sien}}. {Il reste|Restent "
           "donc|Les seuls candidats sont|On garde|Il ne reste que} 2, 4 et 5, et {aucun de ces coups|aucun de ces "
           "{trois|} semis|aucune de ces {trois|} cases {jouée|semée}|pas un de ces coups} ne {prend|retire|enlève|"
           "vide|récolte} {toutes les graines de Bob|tout le camp de Bob|la totalité des graines {adverses|de "
           "l'adversaire}|tout ce qu'a Bob}{.| : pas de famine.| (vérifié {coup par coup|à la main|sur le "
           "plateau}).| : {ils sont|les trois sont} {permis|autorisés}.}",
           "Alice {joue|sème|doit jouer|prend ses graines} dans son {propre|} camp (0 à 5) {une case non vide|une "
           "case qui {contient|a} des graines|une case garnie|là où il y a des graines} : 2, 4 ou 5. {Bob garde des "
           "graines|Bob conserve {au moins une graine|des graines}|Il reste {des graines|toujours une graine} à "
           "Bob|Le camp de Bob n'est jamais vidé} {après chacun de ces coups|quel que soit le coup {choisi|joué}|pour "
           "{les|ces} trois coups|dans {chaque|tous les} cas}, {donc pas de famine|la famine n'arrive jamais|aucune "
           "famine n'est possible|la règle de la famine ne {bloque|interdit} rien}{.| et les trois coups sont "
           "{permis|valides}.| : les trois {coups|cases} sont {jouables|autorisés}.}",
           "{Cases non vides d'Alice|Cases d'Alice {qui ont|avec} des graines|Les cases jouables {a priori|au "
           "départ}|Les cases {pleines|garnies} {d'Alice|du camp d'Alice}} : 2, 4, 5. {J'ai vérifié la famine|J'ai "
           "testé la famine|La famine a été contrôlée|J'ai regardé la famine} {pour chacune|sur chaque case|pour les "
           "trois|une case après l'autre}, {Bob garde toujours au moins une graine|Bob n'est jamais affamé|le camp de "
           "Bob n'est jamais {vidé|vide}|Bob a {toujours|encore} des graines}{.| ici.| dans ces {trois|} cas.}"),
    "q3": ("{Situation 1|Dans la première situation|Pour la situation 1|Premier cas} : {les cases 6 à 10 "
           "{passent|arrivent} à 2 graines|chaque case de 6 à 10 {finit|se retrouve} avec 2 graines|de 6 à 10 on "
           "{obtient|a} 2 graines par case}, {la récolte {prendrait|enlèverait} tout à Bob|récolter {viderait|"
           "affamerait} le camp de Bob|ramasser laisserait Bob sans {graine|rien}}{ :|, donc} {elle est annulée|la "
           "récolte n'a pas lieu|le coup ne rapporte rien|Alice ne prend rien}. {Situation 2|Dans la seconde "
           "situation|Pour la situation 2|Second cas} : {la case 11 {garde|conserve} sa graine|il reste une graine "
           "{en|dans la case} 11|Bob {garde|a encore} la case 11}, {Alice récolte|Alice ramasse|Alice {prend|gagne}} "
           "10 graines{.| sans famine.| (2 par case de 6 à 10).}",
           "{Dans la situation 1|Pour la première situation|En situation 1|Au premier cas} Bob {serait affamé|"
           "n'aurait plus {aucune graine|rien}|perdrait tout son camp|finirait sans graine}, donc {pas de récolte|la "
           "récolte est {interdite|annulée}|aucune prise|rien n'est ramassé} (gain 0). {Dans la situation 2|Pour la "
           "deuxième|En situation 2|Au second cas} {il lui reste la case 11|la case 11 lui reste|Bob {garde|conserve} "
           "la case 11}, {la récolte remonte de 10 à 6|on ramasse en remontant de la case 10 à la case 6|la prise va "
           "de 10 jusqu'à 6|on récolte les cases 10, 9, 8, 7 et 6}{.| et Alice gagne 10 graines.| : 10 graines "
           "{pour Alice|gagnées}.}",
           "{La différence vient de la case 11|Tout se joue sur la case 11|C'est la case 11 qui change tout|Ce qui "
           "compte, c'est la case 11} : {vide dans la situation 1|sans graine en situation 1|vide la première fois|"
           "vide au premier cas} ({famine, récolte annulée|Bob affamé, pas de prise|la famine annule la récolte|donc "
           "{famine|rien à prendre}}), {une graine dans la situation 2|une graine en situation 2|garnie la seconde "
           "fois|occupée au second cas} ({récolte de 10 graines|Alice prend 10 graines|10 graines récoltées|gain de "
           "10})."),
    "q4": ("{Le compteur jeu['n']|La valeur de jeu['n']|jeu['n']} {vaut 0 au début|part de 0|commence à 0} et "
           "{joueur1 commence|c'est joueur1 qui joue en premier|le premier coup est celui de joueur1}. {Les joueurs "
           "alternent|Chacun joue à son tour|Les tours alternent}{, donc|: ainsi|et par conséquent} joueur1 joue "
           "{aux tours 0, 2, 4|quand n vaut 0, 2, 4|aux tours de numéro pair} : jeu['n'] est {pair|de parité paire|"
           "un nombre pair} {à son tour|quand c'est à lui|pour joueur1}, {impair pour joueur2|et impair quand joue "
           "joueur2|joueur2 ayant les tours impairs}.",
           "{Au départ|Au début de la partie|Au premier tour} n = 0 et {c'est joueur1 qui joue|joueur1 a la main|"
           "joueur1 commence} ; {chaque tour ajoute 1|n augmente de 1 à chaque coup|on ajoute 1 après chaque coup}. "
           "{Donc|Ainsi|Par conséquent} {n est pair|la parité de n est paire|n a un reste nul modulo 2} {quand c'est "
           "au tour de joueur1|au tour de joueur1|pour joueur1} {et impair pour joueur2|, impair sinon|et joueur2 a "
           "les valeurs impaires}.",
           "{Parité paire|C'est pair|jeu['n'] pair} : {joueur1 commence à n = 0|n = 0 au premier coup de joueur1|"
           "joueur1 joue en premier, à n = 0}{.| et les tours alternent.}"),
    "q6": ("{Le jeu compte|Il y a en tout|Au total on a} 12 × 4 = 48 graines et {aucune n'est créée|on n'en crée "
           "jamais|leur nombre ne fait que baisser} : {une case contient au plus 48 graines|une case ne peut pas "
           "dépasser 48|48 est le maximum d'une case}. {Avec k bits on code|k bits représentent|Sur k bits on écrit} "
           "les entiers de 0 à 2^k − 1 : {5 bits vont jusqu'à 31|avec 5 bits on s'arrête à 31|5 bits donnent au plus "
           "31}, {pas assez|c'est trop peu|insuffisant} ; {6 bits vont jusqu'à 63|6 bits montent à 63|avec 6 bits on "
           "atteint 63}, {assez pour 48|ce qui couvre 48|et 63 ≥ 48}. {Il faut donc 6 bits|Donc 6 bits|La réponse est "
           "6 bits}.",
           "{Toutes les graines|Les 48 graines (12 cases de 4)|Les 48 graines du départ} {peuvent finir|pourraient se "
           "retrouver|peuvent s'accumuler} dans {une seule case|la même case|un seul trou}, {d'où|ce qui donne|donc} "
           "{un maximum de 48|au plus 48 graines|48 au maximum}. {Comme|Puisque|Vu que} 2^5 = 32 ≤ 48 < 64 = 2^6, "
           "{il faut 6 bits|6 bits sont nécessaires|on a besoin de 6 bits} {et 5 ne suffisent pas|(5 ne suffisent "
           "pas)|, pas 5}.",
           "{48 graines au plus|Au plus 48 graines|Maximum 48} {dans une case|par case}, {donc 6 bits|il faut 6 bits|"
           "6 bits suffisent} {car 2^6 = 64|puisque 64 > 48|(64 valeurs)}."),
    "q18": ("{Au niveau 2 les VJ valent 0|Les feuilles du niveau 2 ont une VJ nulle|Au dernier niveau {toutes les|"
            "les} VJ sont nulles|En bas de l'arbre, VJ = 0}. VJ(b) = 4, VJ(e) = 0, VJ(i) = 0 ; {à la racine|pour la "
            "racine|au sommet|pour a} {4 - 4 = 0, 2 - 0 = 2, 0 - 0 = 0|les trois coups valent 0, 2 et 0|g - VJ vaut "
            "0, puis 2, puis 0}, {donc VJ(a) = 2|d'où VJ(a) = 2|ce qui donne VJ(a) = 2|le maximum est 2} et {Alice "
            "joue la case 4|le meilleur coup d'Alice est la case 4|Alice choisit la case 4|la case 4 est "
            "{choisie|retenue}}{.| (gain 2).| : c'est le coup de valeur maximale.}",
            "{La case 1 gagne 4 graines|Jouer la case 1 rapporte 4 graines|La case 1 prend 4 graines|Avec la case 1 "
            "Alice {gagne|ramasse} 4} {mais Bob en reprend 4|mais Bob récupère ensuite 4 graines|puis Bob en regagne "
            "autant|et Bob répond en reprenant 4} ; {la case 4 en gagne 2|la case 4 rapporte 2 graines|avec la case 4 "
            "Alice {gagne|prend} 2|jouer 4 donne 2 graines} {sans rien rendre|et Bob ne reprend rien|sans que Bob ne "
            "regagne quoi que ce soit|et Bob ne peut rien reprendre} : {c'est le meilleur g - VJ|g - VJ y est "
            "maximal|la valeur g - VJ la plus grande|le meilleur bilan}, {Alice joue la case 4|Alice choisit donc la "
            "case 4|le coup retenu est la case 4|la case 4 l'emporte}.",
            "{On remonte l'arbre|On part des feuilles et on remonte|Calcul de bas en haut|Je remonte {l'arbre|depuis "
            "les feuilles}} : VJ = max(G - VJ des enfants). {La racine vaut 2|On obtient 2 à la racine|VJ(a) vaut 2|"
            "Le sommet vaut 2}, {atteint par la case 4|avec la case 4|grâce à la case 4|pour la case 4}{.| pour "
            "Alice.| (coup d'Alice).}"),
    "q21": ("{Seule la ligne 6 change|Il suffit de modifier la ligne 6|Je ne change que la ligne 6|Une seule ligne "
            "bouge, la 6e} : case_choisie = NegaAwale(jeu, 6, 0) {au lieu du input|à la place du input|remplace "
            "l'appel à input|et non plus input}{.| ; le reste de la boucle est {inchangé|identique}.| et tout le reste "
            "est {gardé|conservé}.}",
            "{J'ai remplacé|On remplace|Il faut remplacer|Je remplace} {la lecture au clavier|le input de la ligne 6|"
            "la saisie du joueur|la demande au joueur} par l'appel NegaAwale(jeu, 6, 0), {le reste est identique|"
            "rien d'autre ne bouge|le reste du programme ne change pas|tout le reste reste pareil}{.| : l'IA joue à "
            "la place d'un humain.| : c'est {l'ordinateur|la machine} qui {choisit|joue}.}",
            "{La ligne 6|C'est la ligne 6|Ligne 6|À la ligne 6} : {c'est l'IA qui choisit la case|l'ordinateur "
            "choisit la case|la case vient de l'IA|NegaAwale {décide|choisit}} {avec NegaAwale|par NegaAwale|"
            "grâce à NegaAwale|} {à la profondeur 6|en profondeur 6|(profondeur 6)|avec 6 coups d'avance}{.| au lieu "
            "du joueur.}"),
}
REMARQUE = (" {Le point délicat {est|était}|Il {faut|fallait} surtout faire attention à|Le piège {est|serait}|Ce qui "
             "demande {du soin|de l'attention}, c'est} {de bien compter les graines|l'ordre des cases|de ne rien "
             "oublier|la lecture de l'énoncé|la numérotation des cases|le sens du semis}{.|, comme en cours.| : j'ai "
             "fait un tableau.| : je l'ai écrit {au brouillon|à part}.}"
             " {J'ai|Je l'ai|Tout est} {vérifié|contrôlé|refait|recompté|relu} {sur|avec} {le plateau de l'énoncé|un "
             "{dessin|schéma} {au brouillon|du plateau|}|mes {notes|calculs}|le code {de la partie II|écrit avant}|une "
             "simulation {à la main|graine par graine|}} {avant de répondre|pour être {sûr|sûre}|à la fin|deux fois|en "
             "{recomptant|comptant} les graines|}.")
"""Two last sentences each student adds to a justification, in words of their own (made like the wordings)."""
