"""Exercise 2 of the Olympiades de NSI 2025: a lycée-level awalé (Q1–Q14).

The subject's API, to the letter: the ``etat_jeu`` dict (``joueur1``,
``joueur2``, ``score_j1``, ``score_j2``, ``nb_tours``, ``plateau``);
``tourner_plateau(plt)`` turns the board list itself; ``test_famine`` is True
when the move STARVES the opponent; ``tour_termine`` is True when the game
GOES ON; the game also ends when the two players have taken more than 45
seeds together.

The board convention is the CCINP one (``awale_ref.sujets.ccinp_2024.exam``): ``plt`` holds 12
ints, indices 0–5 are the pits of the player to move, 6–11 the opponent's,
sowing goes 0→1→…→11→0.  Each function is plain code in the subject's
style (its body is the solution the course shows, so it uses nothing but
the subject's own functions); wherever the rules coincide it agrees with
``awale_ref.sujets.ccinp_2024.exam`` and the fast engine, and ``DIFFERENCES_CCINP`` names what
differs (each checked by the differential test ``tests/test_olympiades_awale.py``).  ``LECTURES`` gives the
reading of the subject's ambiguous points, ``FIGURES_RECONSTRUITES`` the
boards the text lost, ``EXEMPLES`` and ``REPONSES`` the worked examples and
the answers to the questions that ask no function.

>>> etat_jeu = initialisation("Alice", "Bob")
>>> cases_possibles(etat_jeu), tour_termine(etat_jeu)
([0, 1, 2, 3, 4, 5], True)
"""

from __future__ import annotations

GRAINES_VICTOIRE = 25  # more than half of the 48 seeds (the CCINP's exam.GRAINES_VICTOIRE)
GRAINES_RAMASSEES_MAX = 45  # the game ends when both scores add up to more
TOURS_MAX = 100  # the CCINP's exam.TOURS_MAX

LECTURES = {
    "q1_semaille_seule":
        "La question 1 demande le plateau après la semaille seulement (la récolte n'est "
        "présentée qu'à la partie 2) : la case 4 de la figure 3 donne "
        "[1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], sans retirer les graines des cases 9, 8 et 7.",
    "nb_tours":
        "Un « tour » est le coup d'un seul joueur : nb_tours augmente de 1 à chaque coup "
        "joué, comme n au CCINP. La limite de 100 tours fait donc 50 coups par joueur, et "
        "joueur1 joue quand nb_tours est pair.",
    "somme_bornes_incluses":
        "somme(plt, n, p) compte les cases n et p elles-mêmes (n <= p) : somme(plt, 0, 5) est "
        "le camp du joueur courant, somme(plt, 6, 11) celui de l'adversaire.",
    "tourner_plateau_en_place":
        "tourner_plateau modifie la liste plt elle-même (les cases 6 à 11 passent en 0 à 5, "
        "dans le même ordre) et ne renvoie rien : tour_jeu, donné, appelle "
        "tourner_plateau(etat_jeu[\"plateau\"]) sans utiliser de résultat. Une fonction qui "
        "renverrait un nouveau plateau laisserait etat_jeu inchangé.",
    "semer_case_vide":
        "semer_graines suppose la case non vide. Sur une case vide, la référence ne sème "
        "rien et renvoie c (comme deplacer_graines au CCINP).",
    "famine_apres_coup":
        "test_famine joue le coup sur une copie (semaille puis récolte) et renvoie True quand "
        "les six cases de l'adversaire sont alors toutes vides : une récolte qui prend toutes "
        "ses graines, mais aussi un coup qui laisse sans graine un adversaire déjà affamé "
        "(la règle porte sur l'état après le coup). Ce sont les coups que le CCINP refuse, "
        "avec le booléen inverse.",
    "test_case_court_circuit":
        "test_case vérifie le camp, puis la case non vide, puis la famine, en s'arrêtant au "
        "premier échec : une case hors du camp (même hors de 0 à 11) donne False sans erreur. "
        "Sur les cases 0 à 11, le résultat est celui du test_case du CCINP. Le sujet ne parle "
        "pas des indices négatifs (une saisie comme -1) : test_case n'est noté que sur les "
        "cases 0 à 11, et tour_jeu, qui s'appuie sur test_case pour refuser une case, aussi "
        "(aucun de ses cas cachés ne joue -1).",
    "cases_possibles_ordre":
        "Le sujet demande « la liste des indices des cases acceptables » sans fixer d'ordre : "
        "la référence les donne dans l'ordre croissant, et toute liste des mêmes cases, "
        "chacune une fois, est juste.",
    "tour_termine_polarite":
        "Malgré son nom, tour_termine renvoie True quand la partie peut CONTINUER et False "
        "quand elle est finie : c'est ce que demande la question 11, et tour_jeu (qui "
        "renvoie tour_termine(etat_jeu) comme « le jeu peut continuer ») et la boucle de la "
        "question 14 l'utilisent ainsi. C'est le sens de tour_suivant au CCINP.",
    "plus_de_45":
        "« Plus de 45 » est pris au sens strict : la partie s'arrête quand score_j1 + score_j2 "
        ">= 46, comme « plus de la moitié (soit au moins 25) » veut dire > 24. Avec les 48 "
        "graines du jeu, il reste alors 2 graines au plus sur le plateau.",
    "fin_sans_seuil_de_plateau":
        "Le sujet ne reprend pas la règle du CCINP « 3 graines ou moins sur le plateau » : la "
        "fin se lit sur les scores (plus de 45 ramassées), pas sur le plateau. Avec exactement "
        "3 graines sur le plateau (45 ramassées), la partie continue si le joueur courant a "
        "une case acceptable.",
    "gagnant_vide_le_plateau":
        "Dans gagnant, chaque joueur ramasse les graines de son propre camp (0 à 5 : le "
        "joueur courant, joueur1 si nb_tours est pair) ; ramasser vide les cases, donc la "
        "référence remet le plateau à zéro, comme au CCINP. Une égalité renvoie \"égalité\".",
    "message_refus":
        "tour_jeu affiche exactement le message de l'énoncé, « La case choisie n'est pas "
        "acceptable » (le CCINP dit « valable »), ne change rien et renvoie True.",
    "awale_affichage":
        "awale affiche le plateau (le format est libre : la référence écrit la liste du camp "
        "adverse lu de droite à gauche, puis celle du camp du joueur courant), lit la case "
        "avec int(input(...)) en nommant le joueur courant, laisse tour_jeu refuser une case "
        "non acceptable, puis affiche le nom du gagnant ou \"égalité\" ; la référence le "
        "renvoie aussi, pour les tests. Le nom du joueur courant est affiché entre la saisie "
        "précédente et la sienne : dans l'invite de input ou sur une ligne affichée avant, avec "
        "n'importe quels mots autour, l'autre nom pouvant y être aussi (une ligne de scores) ; "
        "une case refusée peut être redemandée sans répéter le nom. Le sujet ne dit pas où "
        "afficher le gagnant : toute ligne affichée après la "
        "dernière saisie qui nomme le gagnant (et pas l'autre joueur ni \"égalité\") est "
        "juste, avec n'importe quels mots autour et d'autres lignes avant ou après. Une saisie qui n'est pas un entier n'est pas "
        "traitée par le sujet : int lève alors ValueError.",
}
"""The reading of each point the subject leaves open (key -> French explanation)."""

DIFFERENCES_CCINP = {
    "cles_etat_jeu":
        "etat_jeu a deux scores séparés, score_j1 et score_j2, là où le jeu du CCINP a une "
        "liste score = [joueur1, joueur2] ; vers_ccinp et depuis_ccinp passent de l'un à "
        "l'autre.",
    "nb_tours":
        "Le nombre de coups joués s'appelle nb_tours (n au CCINP) ; même sens, même parité "
        "pour joueur1, même limite de 100.",
    "tourner_plateau_argument":
        "tourner_plateau reçoit le plateau (une liste), pas le dictionnaire du jeu. Le sens "
        "est le même : un demi-tour du plateau, la case k devient la case (k + 6) % 12, "
        "l'ordre des semailles est conservé.",
    "test_famine_inverse":
        "test_famine renvoie True quand le coup affame l'adversaire (coup refusé) ; celui du "
        "CCINP renvoie True quand l'adversaire garde une graine (coup permis). Pour chaque "
        "plateau et chaque case, l'un est la négation de l'autre.",
    "tour_termine_polarite":
        "tour_termine a le sens de tour_suivant du CCINP (True : la partie continue), "
        "l'inverse de ce que son nom suggère ; les deux ne diffèrent que par la règle des 45 "
        "graines.",
    "regle_45_graines":
        "Fin de partie : plus de 45 graines ramassées à eux deux (lycée) au lieu de 3 graines "
        "ou moins sur le plateau (CCINP). Avec les 48 graines, les deux règles ne diffèrent "
        "que lorsqu'il reste exactement 3 graines : la partie du CCINP s'arrête, celle du "
        "lycée continue (si le joueur courant peut jouer).",
    "message_refus":
        "Le message d'une case refusée : « La case choisie n'est pas acceptable » au lieu de "
        "« La case choisie n'est pas valable ».",
    "q1_semaille_seule":
        "La question 1 du lycée demande le plateau semé, sans récolte ; la question 2 du "
        "CCINP, sur le même plateau, le demande après la récolte.",
}
"""What differs from the CCINP subject (key -> French explanation); everything else agrees."""


# ---------------------------------------------------------------- Partie 1 : semaille
def initialisation(nom_joueur1, nom_joueur2):
    """The subject's given code: the state of a new game.

    >>> initialisation("Alice", "Bob")
    {'joueur1': 'Alice', 'joueur2': 'Bob', 'score_j1': 0, 'score_j2': 0, 'nb_tours': 0, 'plateau': [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]}
    """
    etat_jeu = {}
    etat_jeu["joueur1"] = nom_joueur1
    etat_jeu["joueur2"] = nom_joueur2
    etat_jeu["score_j1"] = 0
    etat_jeu["score_j2"] = 0
    etat_jeu["nb_tours"] = 0
    # ci-dessous on crée un tableau contenant 12 valeurs égales à 4
    etat_jeu["plateau"] = [4] * 12
    return etat_jeu


def tour_joueur1(etat_jeu):
    """Q2. True when joueur1 is to move: ``nb_tours`` is even (LECTURES['nb_tours'])."""
    return etat_jeu["nb_tours"] % 2 == 0


def somme(plt, n, p):
    """Q3. The seeds of pits ``n`` to ``p``, both included (``n <= p``).

    >>> somme([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 0, 5)
    23
    """
    total = 0
    for i in range(n, p + 1):
        total = total + plt[i]
    return total


def tourner_plateau(plt):
    """Q4. Swap pits 0–5 with pits 6–11 of ``plt``, in place (LECTURES['tourner_plateau_en_place']).

    The CCINP function does it on ``jeu['plateau']`` (DIFFERENCES_CCINP['tourner_plateau_argument']).

    >>> plt = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
    >>> tourner_plateau(plt)
    >>> plt
    [2, 1, 0, 1, 0, 1, 0, 0, 2, 0, 16, 5]
    """
    for i in range(6):
        plt[i], plt[i + 6] = plt[i + 6], plt[i]


def semer_graines(plt, c):
    """Q5. Sow the seeds of pit ``c`` in place, skipping ``c`` on each lap; return the last pit sown.

    The CCINP ``deplacer_graines`` under another name (LECTURES['semer_case_vide']).

    >>> plt = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
    >>> semer_graines(plt, 2), plt
    (4, [0, 0, 0, 1, 17, 5, 2, 1, 0, 1, 0, 1])
    """
    graines = plt[c]
    plt[c] = 0
    case = c
    for k in range(graines):
        case = (case + 1) % 12
        if case == c:  # on saute la case d'origine
            case = (case + 1) % 12
        plt[case] = plt[case] + 1
    return case


# ---------------------------------------------------------------- Partie 2 : récolte
def case_ramassable(plt, c):
    """Q6. True when ``c`` is an opponent's pit (6–11) holding 2 or 3 seeds (the CCINP function)."""
    return c >= 6 and c <= 11 and (plt[c] == 2 or plt[c] == 3)


def ramasser_graines(plt, c):
    """Q7. Harvest from the last pit sown ``c`` backwards, in place; return the seeds taken.

    The chain stops at the first pit that is not ``case_ramassable`` (the
    CCINP function, written there as a recursion; the subject asks for none).

    >>> plt = [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2]
    >>> ramasser_graines(plt, 9), plt
    (8, [1, 1, 3, 1, 0, 7, 4, 0, 0, 0, 1, 2])
    """
    total = 0
    while case_ramassable(plt, c):
        total = total + plt[c]
        plt[c] = 0
        c = c - 1
    return total


def test_famine(plt, c):
    """Q8. True when playing ``c`` leaves the opponent without a seed (``plt`` unchanged).

    The negation of the CCINP ``test_famine`` (LECTURES['famine_apres_coup']).

    >>> test_famine([0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0], 5)
    True
    """
    copie = plt.copy()
    derniere_case = semer_graines(copie, c)
    ramasser_graines(copie, derniere_case)
    return somme(copie, 6, 11) == 0


# ---------------------------------------------------------------- Partie 3 : programme principal
def test_case(plt, c):
    """Q9. True when ``c`` is acceptable: the mover's side, not empty, no famine.

    LECTURES['test_case_court_circuit'].
    """
    return 0 <= c <= 5 and plt[c] > 0 and not test_famine(plt, c)


def cases_possibles(etat_jeu):
    """Q10. The acceptable pits of the player to move, in increasing order (``etat_jeu`` unchanged)."""
    return [c for c in range(6) if test_case(etat_jeu["plateau"], c)]


def tour_termine(etat_jeu):
    """Q11. True when the game GOES ON, False when it is over (LECTURES['tour_termine_polarite']).

    Over when a player has at least 25 seeds, when both have more than 45
    together (LECTURES['plus_de_45']), when the player to move has no
    acceptable pit (the board is already turned) or when ``nb_tours >= 100``.

    >>> etat_jeu = initialisation("Alice", "Bob")
    >>> etat_jeu["score_j1"], etat_jeu["score_j2"] = 22, 23
    >>> etat_jeu["plateau"] = [1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0]
    >>> tour_termine(etat_jeu)
    True
    >>> etat_jeu["score_j1"] = 23
    >>> tour_termine(etat_jeu)
    False
    """
    score_j1 = etat_jeu["score_j1"]
    score_j2 = etat_jeu["score_j2"]
    if score_j1 >= 25 or score_j2 >= 25:  # GRAINES_VICTOIRE
        return False
    if score_j1 + score_j2 > 45:  # GRAINES_RAMASSEES_MAX
        return False
    if etat_jeu["nb_tours"] >= 100:  # TOURS_MAX
        return False
    return len(cases_possibles(etat_jeu)) > 0


def tour_jeu(etat_jeu, c):
    """Q12. The subject's given function, with its four gaps completed.

    An acceptable ``c`` is played (sown, harvested, the gain added to the
    mover's score, ``nb_tours`` incremented, the board turned) and the result
    is ``tour_termine(etat_jeu)``; otherwise the message is printed and True
    returned, nothing changed (LECTURES['message_refus']).

    >>> etat_jeu = initialisation("Alice", "Bob")
    >>> tour_jeu(etat_jeu, 2), etat_jeu["nb_tours"], etat_jeu["plateau"]
    (True, 1, [5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5])
    >>> tour_jeu(etat_jeu, 7)
    La case choisie n'est pas acceptable
    True
    """
    plt = etat_jeu["plateau"]
    # si la case jouée est acceptable :
    if test_case(plt, c):
        # Instruction1 : semer les graines
        derniere_case = semer_graines(plt, c)
        # Instruction2 : ramasser les graines
        graines_gagnees = ramasser_graines(plt, derniere_case)
        if tour_joueur1(etat_jeu):  # Condition1 : c'est j1 qui joue d'après le nombre de tours
            etat_jeu["score_j1"] = etat_jeu["score_j1"] + graines_gagnees
        else:
            etat_jeu["score_j2"] = etat_jeu["score_j2"] + graines_gagnees
        # Instruction3 : incrémenter le nombre de tours
        etat_jeu["nb_tours"] = etat_jeu["nb_tours"] + 1
        tourner_plateau(etat_jeu["plateau"])
        return tour_termine(etat_jeu)
    else:
        print("La case choisie n'est pas acceptable")
        return True


def gagnant(etat_jeu):
    """Q13. Each player takes the seeds of their side; return the winner's name or "égalité".

    LECTURES['gagnant_vide_le_plateau'].

    >>> etat_jeu = {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 20, "score_j2": 24,
    ...             "nb_tours": 51, "plateau": [1, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0]}
    >>> gagnant(etat_jeu), etat_jeu["score_j1"], etat_jeu["score_j2"]
    ('Bob', 23, 25)
    """
    plt = etat_jeu["plateau"]
    graines_courant = somme(plt, 0, 5)
    graines_adversaire = somme(plt, 6, 11)
    for i in range(12):
        plt[i] = 0
    if tour_joueur1(etat_jeu):
        etat_jeu["score_j1"] = etat_jeu["score_j1"] + graines_courant
        etat_jeu["score_j2"] = etat_jeu["score_j2"] + graines_adversaire
    else:
        etat_jeu["score_j1"] = etat_jeu["score_j1"] + graines_adversaire
        etat_jeu["score_j2"] = etat_jeu["score_j2"] + graines_courant
    if etat_jeu["score_j1"] > etat_jeu["score_j2"]:
        return etat_jeu["joueur1"]
    if etat_jeu["score_j2"] > etat_jeu["score_j1"]:
        return etat_jeu["joueur2"]
    return "égalité"


def awale(nom_joueur1, nom_joueur2):
    """Q14. A game between two people at the keyboard (LECTURES['awale_affichage'])."""
    etat_jeu = initialisation(nom_joueur1, nom_joueur2)
    partie_continue = tour_termine(etat_jeu)
    while partie_continue:
        plt = etat_jeu["plateau"]
        print(plt[11:5:-1])  # le camp adverse, lu de droite à gauche
        print(plt[0:6])      # le camp du joueur courant
        if tour_joueur1(etat_jeu):
            nom = etat_jeu["joueur1"]
        else:
            nom = etat_jeu["joueur2"]
        c = int(input(nom + ", choisissez une case (0 à 5) : "))
        partie_continue = tour_jeu(etat_jeu, c)
    resultat = gagnant(etat_jeu)
    print(resultat)
    return resultat


# ---------------------------------------------------------------- the CCINP dict
def vers_ccinp(etat_jeu: dict) -> dict:
    """The CCINP ``jeu`` dict of ``etat_jeu`` (fresh lists).

    >>> vers_ccinp(initialisation("Alice", "Bob"))["score"]
    [0, 0]
    """
    return {"joueur1": etat_jeu["joueur1"], "joueur2": etat_jeu["joueur2"],
            "score": [etat_jeu["score_j1"], etat_jeu["score_j2"]], "n": etat_jeu["nb_tours"],
            "plateau": list(etat_jeu["plateau"])}


def depuis_ccinp(jeu: dict) -> dict:
    """The ``etat_jeu`` dict of a CCINP ``jeu`` (fresh lists): the inverse of ``vers_ccinp``."""
    return {"joueur1": jeu["joueur1"], "joueur2": jeu["joueur2"], "score_j1": jeu["score"][0],
            "score_j2": jeu["score"][1], "nb_tours": jeu["n"], "plateau": list(jeu["plateau"])}


# ---------------------------------------------------------------- the subject's data
FIGURE_3 = [0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1]
"""Alice to move; the same board as figure 4 of the CCINP subject (``facts.FIGURE4``)."""

FIGURE_4 = [2, 1, 0, 1, 0, 1, 0, 0, 2, 0, 16, 5]
"""Figure 3 turned: Bob at the bottom (the answer to Q4)."""

FIGURES_RECONSTRUITES = {
    "plateau_initial": {
        "donnees": [4] * 12,
        "note": "Reconstruit : les deux dessins du plateau de départ (les graines, puis les "
                "indices 0 à 11) suivent du texte, qui met 4 graines dans chacune des 12 "
                "cases et donne les cases 0 à 5 au joueur du bas.",
    },
    "plateau_illustration": {
        "donnees": {"plateau": FIGURE_3, "case": 2, "apres": [0, 0, 0, 1, 17, 5, 2, 1, 0, 1, 0, 1]},
        "note": "Reconstruit : le plateau qui illustre un tour est celui de la figure 3. Le "
                "texte dit qu'Alice peut y jouer les cases 2, 4 et 5 et que les deux graines de "
                "la case 2 vont en 3 et 4 ; la question 1 y revient (« la case 2 était non "
                "vide »). Le tableau de la figure 3, donné à la question 4, vérifie tout cela.",
    },
    "figure_3": {
        "donnees": FIGURE_3,
        "note": "Reconstruite depuis le tableau que la question 4 donne pour elle ; Alice joue.",
    },
    "figure_4": {
        "donnees": FIGURE_4,
        "note": "Reconstruite : c'est la figure 3 après retournement (la réponse à la "
                "question 4) ; Bob est en bas.",
    },
    "q6a": {
        "donnees": {"plateau": [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], "ramassables": [7, 8, 9, 11]},
        "note": "Reconstruit : le texte ne donne aucun nombre de ce plateau, seulement qu'Alice "
                "vient de semer. On prend le plateau que donne la case 4 de la figure 3 (la "
                "réponse à la question 1) : il a 3 graines dans une case d'Alice (pas "
                "ramassable, mauvais camp) et 4 et 1 graines dans deux cases de Bob.",
    },
    "q7a": {
        "donnees": {"avant_semaille": [1, 0, 2, 7, 0, 1, 1, 3, 2, 1, 2, 1],
                    "plateau": [1, 0, 2, 0, 1, 2, 2, 4, 3, 2, 3, 1],
                    "derniere_case": 10, "graines": 8},
        "note": "Reconstruit : le texte dit seulement qu'Alice a semé sa case 3 et que la "
                "dernière graine est tombée en 10 (donc 7 graines semées, de 4 à 10). On choisit "
                "un plateau où la récolte prend les cases 10, 9 et 8 (3 + 2 + 3 = 8 graines) et "
                "s'arrête sur la case 7 (4 graines) : la case 6, qui a 2 graines, n'est pas "
                "ramassée.",
    },
    "q8a": {
        "donnees": {"plateau": [1, 0, 4, 0, 0, 2, 1, 1, 0, 0, 0, 0], "famine": {0: False, 2: False, 5: True}},
        "note": "Reconstruit : le texte dit seulement que Bob joue et qu'une seule des cases 0, "
                "2 et 5 affame son adversaire. Sur le plateau choisi, la case 5 prend les cases "
                "7 et 6 (les seules graines d'Alice) : famine ; la case 2 ramasse la case 6 mais "
                "laisse la case 7 ; la case 0 reste dans le camp de Bob.",
    },
}
"""Boards the text extraction lost, reconstructed: name -> ``{"donnees", "note"}``."""

EXEMPLES = {
    # name -> [(arguments, value returned, board after the call or None)]
    "initialisation": [(("Alice", "Bob"), {"joueur1": "Alice", "joueur2": "Bob", "score_j1": 0,
                                           "score_j2": 0, "nb_tours": 0, "plateau": [4] * 12}, None)],
    "semer_graines": [((FIGURE_3, 2), 4, [0, 0, 0, 1, 17, 5, 2, 1, 0, 1, 0, 1])],
    "tourner_plateau": [((FIGURE_3,), None, FIGURE_4)],
}
"""The subject's worked examples.  The arguments are shared lists: copy them before a call."""

REPONSES = {
    "Q1": {4: [1, 1, 3, 1, 0, 7, 4, 3, 2, 3, 1, 2], 5: [0, 0, 2, 0, 16, 0, 3, 2, 1, 2, 1, 1]},
    "Q2": "paire",  # nb_tours is even when joueur1 is to move
    "Q4": FIGURE_4,
    "Q6a": [7, 8, 9, 11],  # on the reconstructed board FIGURES_RECONSTRUITES["q6a"]
    "Q7a": 8,  # FIGURES_RECONSTRUITES["q7a"]
    "Q8a": 5,  # FIGURES_RECONSTRUITES["q8a"]
    "Q12": {
        "instruction1": "derniere_case = semer_graines(plt, c)",
        "instruction2": "graines_gagnees = ramasser_graines(plt, derniere_case)",
        "condition1": "tour_joueur1(etat_jeu)",
        "instruction3": 'etat_jeu["nb_tours"] = etat_jeu["nb_tours"] + 1',
    },
}
"""Answers to the questions that ask no function (Q6a–Q8a on reconstructed boards)."""
