"""Games on graphs: the tablet-stacking game, its graph, winning positions, attractors, min-max (Q1–Q36).

The practical ("Théorie des jeux — jeux à deux joueurs — attracteur & stratégie",
Informatique tronc commun) plays with C colours and N tablets per colour.  A
*position* is the sorted list of the piles ``[couleur, hauteur]``; the colour
of a pile is the colour of its top tablet.  A move stacks two piles that share
their colour or their height; the player who cannot move loses.  Every move
removes one pile, so the game graph has no cycle and the depth of a position
is ``C*N - len(x)``.

Every function keeps the practical's name, parameters and data; each body is
the solution the course shows (builtins, its parameters and the other
functions of this module only: the grading sends this module, as text, to the
process that runs the student's code).  A body that needs the standard
library imports it itself (``deque``, ``random``).

``LECTURES`` gives, once, the reading of each point the practical leaves open
or gets wrong; ``FIGURES_RECONSTRUITES`` the figures the text lost;
``EXEMPLES`` the practical's examples (``(arguments, résultat)``);
``REPONSES`` the answers of the questions without code.

>>> coups([[0, 1], [0, 1], [1, 1], [1, 1]])
[[[0, 2], [1, 1], [1, 1]], [[0, 1], [0, 2], [1, 1]], [[0, 1], [1, 1], [1, 2]], [[0, 1], [0, 1], [1, 2]]]
>>> G = graphe(2, 2)
>>> len(G), sum(len(G[x]) for x in G)
(12, 16)
>>> dico_gagnant_opt(G)[Tuple(init(2, 2))]
True
"""

from __future__ import annotations


# ---------------------------------------------------------------- Partie 1 : le jeu
def empile(x, i, j):
    """Q2 — the positions reached by stacking the piles ``x[i]`` and ``x[j]`` (``i < j``), each sorted;
    ``[]`` when the two piles share neither their colour nor their height (LECTURES['empile'])."""
    LXij = []
    ci, hi = x[i]
    cj, hj = x[j]
    if ci == cj or hi == hj:
        reste = x[:i] + x[i + 1:j] + x[j + 1:]
        X = reste + [[ci, hi + hj]]  # x[i] posée sur x[j]
        X.sort()
        LXij.append(X)
        if ci != cj:  # deux couleurs : x[j] posée sur x[i] donne une autre position
            X = reste + [[cj, hi + hj]]
            X.sort()
            LXij.append(X)
    return LXij


def coups(x):
    """Q3 — every position reachable from ``x`` in one move, without repetition (LECTURES['ordre'])."""
    LX = []
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            for X in empile(x, i, j):
                if X not in LX:
                    LX.append(X)
    return LX


# ---------------------------------------------------------------- Partie 2 : le graphe du jeu
def init(C, N):
    """Q4 — the starting position: N piles of height 1 of each colour 0 … C-1, sorted."""
    x0 = []
    for c in range(C):
        for _ in range(N):
            x0.append([c, 1])
    x0.sort()
    return x0


def Tuple(L):
    """Q5 — the list of lists ``L`` (any depth) as tuples of tuples, recursively (a dict key)."""
    if type(L) != list:
        return L
    res = []
    for element in L:
        res.append(Tuple(element))
    return tuple(res)


def graphe(C, N):
    """Q6 — the game graph by a breadth-first search from ``init(C, N)``: ``{Tuple(x): coups(x)}``."""
    from collections import deque

    x0 = init(C, N)
    G = {}
    vus = {Tuple(x0)}  # les positions déjà mises dans la file (chacune n'est étudiée qu'une fois)
    file = deque()
    file.append(x0)
    while len(file) != 0:
        x = file.popleft()
        successeurs = coups(x)
        G[Tuple(x)] = successeurs
        for c in successeurs:
            if Tuple(c) not in vus:
                vus.add(Tuple(c))
                file.append(c)
    return G


def sommets_12(G, C, N):
    """Q9 — ``(S1, S2)``: the positions where J1 must play, then those of J2 (J1 plays first, from
    ``C*N`` piles; every move removes one pile)."""
    S1 = []
    S2 = []
    n = C * N
    for x in G:
        if len(x) % 2 == n % 2:
            S1.append(x)
        else:
            S2.append(x)
    return tuple(S1), tuple(S2)


# ---------------------------------------------------------------- Partie 3 : positions gagnantes
def est_gagnante(G, x):
    """Q13 — True when the player who must play at ``x`` (list or tuple) can win: some successor is not
    winning.  A position without successor is lost."""
    for succ in G[Tuple(x)]:
        if not est_gagnante(G, succ):
            return True
    return False


def dico_gagnant(G):
    """Q14 — ``{position: est_gagnante(G, position)}`` for every position of the graph."""
    dico = {}
    for x in G:
        dico[x] = est_gagnante(G, x)
    return dico


def dico_gagnant_opt(G):
    """Q15 — the same dict, each position studied once (memoisation: the positions already known are read
    in the dict being built)."""
    dico = {}

    def gagnante(x):  # x est un tuple, une clé de G
        if x not in dico:
            resultat = False
            for succ in G[x]:
                if not gagnante(Tuple(succ)):
                    resultat = True
                    break
            dico[x] = resultat
        return dico[x]

    for x in G:
        gagnante(x)
    return dico


# ---------------------------------------------------------------- Partie 4 : attracteurs
def init_attracteurs(G, S1):
    """Q18 — ``(d1, d2)``: every position False, except the positions without successor, which are in
    the attractor of the player who does not have to play there (the one who must play has lost)."""
    d1 = {}
    d2 = {}
    for x in G:
        d1[x] = False
        d2[x] = False
    for x in G:
        if len(G[x]) == 0:
            if x in S1:  # J1 doit jouer et ne peut pas : J2 a gagné
                d2[x] = True
            else:
                d1[x] = True
    return d1, d2


def cond_1(G, di, x):
    """Q19 — condition (1), for a position of Ji: at least one successor is in the attractor ``di``."""
    for succ in G[Tuple(x)]:
        if di[Tuple(succ)]:
            return True
    return False


def cond_2(G, di, x):
    """Q20 — condition (2), for a position of the opponent: it has successors and all are in ``di``."""
    successeurs = G[Tuple(x)]
    if len(successeurs) == 0:
        return False
    for succ in successeurs:
        if not di[Tuple(succ)]:
            return False
    return True


def attracteurs_it(G, di, Si):
    """Q21 — one pass over the positions: a position not yet in ``di`` enters it when its condition holds
    (cond_1 for a position of Ji, cond_2 otherwise); ``di`` changes in place; True if one entered
    (LECTURES['une_iteration'])."""
    changement = False
    for x in G:
        if not di[x]:
            if x in Si:
                entre = cond_1(G, di, x)
            else:
                entre = cond_2(G, di, x)
            if entre:
                di[x] = True
                changement = True
    return changement


def attracteurs_Ji(G, di, Si):
    """Q22 — the whole attractor of Ji: passes of attracteurs_it until nothing changes (``di`` in place)."""
    while attracteurs_it(G, di, Si):
        pass


def attracteurs(G, C, N):
    """Q23 — ``(dA1, dA2)``, the attractors of J1 and J2."""
    S1, S2 = sommets_12(G, C, N)
    dA1, dA2 = init_attracteurs(G, S1)
    attracteurs_Ji(G, dA1, S1)
    attracteurs_Ji(G, dA2, S2)
    return dA1, dA2


def dico_gagnant_att(G, C, N):
    """Q24 — the winning positions from the attractors: a position of J1 is winning when it is in J1's
    attractor, a position of J2 when it is in J2's (LECTURES['dico_gagnant_att'])."""
    S1, S2 = sommets_12(G, C, N)
    dA1, dA2 = attracteurs(G, C, N)
    dico = {}
    for x in G:
        if x in S1:
            dico[x] = dA1[x]
        else:
            dico[x] = dA2[x]
    return dico


# ---------------------------------------------------------------- Partie 5 : stratégie optimale
def strategie_opt(G, dg, x):
    """Q25 — a successor of ``x`` that is not winning (for the opponent), drawn at random among them; any
    successor, drawn at random, when all are winning; ``[]`` without successor (LECTURES['hasard'])."""
    import random

    successeurs = G[Tuple(x)]
    if len(successeurs) == 0:
        return []
    choix = []
    for succ in successeurs:
        if not dg[Tuple(succ)]:
            choix.append(succ)
    if len(choix) == 0:
        choix = successeurs
    return choix[random.randint(0, len(choix) - 1)]


def strategies_opt(G, dg):
    """Q26 — ``{position: strategie_opt(G, dg, position)}`` for every position of the graph."""
    dico_s = {}
    for x in G:
        dico_s[x] = strategie_opt(G, dg, x)
    return dico_s


def jeu(C, N):
    """Q27 — a game where both players follow strategies_opt: prints who has a winning position at the
    start, the start, then each move (the player, the position) and who lost (LECTURES['affichage'])."""
    G = graphe(C, N)
    x = init(C, N)
    dg = dico_gagnant_opt(G)
    if dg[Tuple(x)]:
        print("Le joueur 1 dispose d'une position gagnante")
    else:
        print("Le joueur 2 dispose d'une position gagnante")
    st = strategies_opt(G, dg)
    print("Départ :", x)
    joueur = 1
    while len(G[Tuple(x)]) > 0:
        x = st[Tuple(x)]
        print("Joueur", joueur, "joue :", x)
        joueur = 3 - joueur
    print("Le joueur", joueur, "ne peut plus jouer : il a perdu")


# ---------------------------------------------------------------- Partie 6 : min-max et heuristique
def h(x, bool):
    """Q29 — the heuristic: -1 if ``x`` has no successor and the player plays (he lost), 1 if it has none
    and the opponent plays, 0 when the game goes on."""
    if len(coups(x)) == 0:
        if bool:
            return -1
        return 1
    return 0


def min_max(x, p, bool):
    """Q30 — the min-max value of ``x`` at depth ``p`` (``bool``: the player plays, he maximises)."""
    Lc = coups(x)
    if len(Lc) == 0 or p == 0:
        return h(x, bool)
    valeurs = []
    for c in Lc:
        valeurs.append(min_max(c, p - 1, not bool))
    if bool:
        return max(valeurs)
    return min(valeurs)


def min_max_opt(x, p, bool):
    """Q32 — min_max with memoisation: each position met is valued once (LECTURES['memo_min_max'])."""
    dico = {}

    def rec(x, p, bool):
        cle = Tuple(x)
        if cle not in dico:
            Lc = coups(x)
            if len(Lc) == 0 or p == 0:
                dico[cle] = h(x, bool)
            else:
                valeurs = []
                for c in Lc:
                    valeurs.append(rec(c, p - 1, not bool))
                if bool:
                    dico[cle] = max(valeurs)
                else:
                    dico[cle] = min(valeurs)
        return dico[cle]

    return rec(x, p, bool)


def choix_ind_max(L):
    """Q33 — the index of one of the maxima of ``L`` (not empty), drawn at random among them."""
    import random

    maxi = max(L)
    indices = []
    for i in range(len(L)):
        if L[i] == maxi:
            indices.append(i)
    return indices[random.randint(0, len(indices) - 1)]


def strategie_h(x, p):
    """Q34 — the move chosen by a look-ahead of depth ``p``: a successor of best value min_max(c, p-1,
    False), drawn at random among the best; any successor at random when ``p == 0``; ``[]`` without one."""
    import random

    Lc = coups(x)
    if len(Lc) == 0:
        return []
    if p == 0:
        return Lc[random.randint(0, len(Lc) - 1)]
    valeurs = []
    for c in Lc:
        valeurs.append(min_max(c, p - 1, False))
    return Lc[choix_ind_max(valeurs)]


def jeu_h(C, N, p):
    """Q35 — a game where both players choose with strategie_h at depth ``p``: prints the start, each move
    and who lost (same lines as jeu, without the first one)."""
    x = init(C, N)
    print("Départ :", x)
    joueur = 1
    while len(coups(x)) > 0:
        x = strategie_h(x, p)
        print("Joueur", joueur, "joue :", x)
        joueur = 3 - joueur
    print("Le joueur", joueur, "ne peut plus jouer : il a perdu")


# ---------------------------------------------------------------- the practical's data, under its names
x_situation_1 = [[0, 1], [0, 1], [1, 1], [1, 1]]
"""Q1, situation 1 (N = 2, red = 0, black = 1): the start, four tablets side by side."""
x_situation_2 = [[0, 2], [1, 1], [1, 1]]
"""Q1, situation 2: the two red tablets stacked."""
x_exemple = [[0, 2], [0, 3], [1, 1], [1, 2]]
"""Q3, the first example of coups."""

G22 = {((0, 1), (0, 1), (1, 1), (1, 1)): [[[0, 2], [1, 1], [1, 1]], [[0, 1], [0, 2], [1, 1]],
                                          [[0, 1], [1, 1], [1, 2]], [[0, 1], [0, 1], [1, 2]]],
       ((0, 1), (0, 1), (1, 2)): [[[0, 2], [1, 2]]],
       ((0, 1), (0, 2), (1, 1)): [[[0, 3], [1, 1]], [[0, 2], [0, 2]], [[0, 2], [1, 2]]],
       ((0, 1), (1, 1), (1, 2)): [[[0, 2], [1, 2]], [[1, 2], [1, 2]], [[0, 1], [1, 3]]],
       ((0, 1), (1, 3)): [],
       ((0, 2), (0, 2)): [[[0, 4]]],
       ((0, 2), (1, 1), (1, 1)): [[[0, 2], [1, 2]]],
       ((0, 2), (1, 2)): [[[0, 4]], [[1, 4]]],
       ((0, 3), (1, 1)): [],
       ((0, 4),): [],
       ((1, 2), (1, 2)): [[[1, 4]]],
       ((1, 4),): []}
"""The game graph for C = N = 2 (Q6), written out: the data of the tests of Q9 to Q26."""
S1_22 = (((0, 1), (0, 1), (1, 1), (1, 1)), ((0, 2), (1, 2)), ((0, 3), (1, 1)), ((0, 2), (0, 2)), ((1, 2), (1, 2)),
          ((0, 1), (1, 3)))
"""Q10: the positions of J1 for C = N = 2 (4 or 2 piles)."""
S2_22 = (((0, 2), (1, 1), (1, 1)), ((0, 1), (0, 2), (1, 1)), ((0, 1), (1, 1), (1, 2)), ((0, 1), (0, 1), (1, 2)),
          ((0, 4),), ((1, 4),))
"""Q10: the positions of J2 for C = N = 2 (3 piles or 1)."""
DG22 = {((0, 1), (0, 1), (1, 1), (1, 1)): True,
        ((0, 1), (0, 1), (1, 2)): False,
        ((0, 1), (0, 2), (1, 1)): True,
        ((0, 1), (1, 1), (1, 2)): True,
        ((0, 1), (1, 3)): False,
        ((0, 2), (0, 2)): True,
        ((0, 2), (1, 1), (1, 1)): False,
        ((0, 2), (1, 2)): True,
        ((0, 3), (1, 1)): False,
        ((0, 4),): False,
        ((1, 2), (1, 2)): True,
        ((1, 4),): False}
"""Q14: the winning positions of C = N = 2 (the data of the tests of Q25 and Q26)."""

EXEMPLES = {
    "coups": [((x_exemple,), [[[0, 5], [1, 1], [1, 2]], [[0, 3], [0, 4], [1, 1]], [[0, 3], [1, 1], [1, 4]],
                              [[0, 2], [0, 3], [1, 3]]]),
              ((x_situation_1,), [[[0, 2], [1, 1], [1, 1]], [[0, 1], [0, 2], [1, 1]], [[0, 1], [1, 1], [1, 2]],
                                  [[0, 1], [0, 1], [1, 2]]])],
    "init": [((3, 4), [[0, 1]] * 4 + [[1, 1]] * 4 + [[2, 1]] * 4)],
}

TAILLES_PRATIQUE = {
    # Q8, the practical's table: (C, N) -> (vertices, edges).  C=3, N=4 and C=4, N=1/2 agree with the
    # reference; C=4, N=3 and N=4 were left empty (too long with the practical's graphe).
    (1, 1): (1, 0), (1, 2): (2, 1), (1, 3): (3, 2), (1, 4): (5, 5),
    (2, 1): (3, 2), (2, 2): (12, 16), (2, 3): (43, 90), (2, 4): (133, 386),
    (3, 1): (7, 6), (3, 2): (92, 234), (3, 3): (696, 2832), (3, 4): (4220, 23487),
    (4, 1): (23, 48), (4, 2): (728, 3040),
}

LECTURES = {
    "empile":
        "Q2 : on peut empiler deux piles de même couleur ou de même hauteur. Même couleur : une seule "
        "position (la pile garde sa couleur). Couleurs différentes et même hauteur : deux positions, selon "
        "la pile posée dessus (la couleur d'une pile est celle de sa tablette du haut). Ni l'un ni l'autre : "
        "empile renvoie []. Le corrigé de l'énoncé ajoute la seconde position dès que les couleurs "
        "diffèrent, même quand les hauteurs diffèrent aussi (et plante alors, `reste` n'étant pas défini) : "
        "c'est une erreur, la référence et les tests suivent la règle du jeu.",
    "ordre":
        "L'énoncé ne fixe l'ordre ni des positions renvoyées par empile et coups, ni des successeurs dans "
        "le graphe, ni des clés du dictionnaire : la correction compare ces listes comme des ensembles "
        "(chaque position triée, sans doublon), et un graphe comme un graphe (mêmes sommets, mêmes "
        "successeurs). Les exemples de coups donnent l'ordre de la boucle i < j de l'énoncé ; un autre "
        "ordre est juste.",
    "tuple":
        "Q5 : Tuple transforme une liste de listes, à toute profondeur, en tuple de tuples (Tuple([]) vaut "
        "()). La question demande une fonction récursive : la correction vérifie qu'elle s'appelle "
        "elle-même sur une liste imbriquée (à l'exécution, pas seulement dans le texte du code). « Une "
        "liste de listes » (l'exemple de l'énoncé est une position) : Tuple n'est notée que sur des listes "
        "dont chaque liste contient soit des listes, soit des nombres, à toute profondeur. Une liste qui "
        "mélange nombres et listes, comme [[1, [2, [3, [4]]]]], n'est pas dans l'énoncé : ce cas caché est "
        "retiré, et le corrigé de l'énoncé, qui ne regarde que le type du premier élément, a tous les "
        "points.",
    "graphe":
        "Q6 : les clés du graphe sont les Tuple des positions, les valeurs les listes (de listes) renvoyées "
        "par coups. L'énoncé demande de ne pas remettre dans la file une position qui y est déjà passée : "
        "la correction le note, sur sa propre part des points (un quart), en comptant les positions qui "
        "sortent de la file, c'est-à-dire les appels de coups (jamais le temps) : au plus un par position "
        "du graphe. Le corrigé de l'énoncé remet dans la file une position déjà en file mais pas encore "
        "traitée : le graphe obtenu est le même, mais chaque position est recalculée autant de fois qu'elle "
        "a de prédécesseurs (7 205 sorties de file pour les 133 positions de C = 2, N = 4 ; 282 133 pour "
        "les 696 de C = N = 3 ; d'où ses 6 560 s pour C = 3, N = 4) : il perd ce quart. Les jeux notés vont "
        "jusqu'à C = 2, N = 4 (133 positions).",
    "recursives":
        "Q5, Q13 et Q30 demandent une fonction récursive : la correction le note sur une part des points à "
        "elle (Q13 et Q30 : un cinquième, perdu par une fonction qui ne s'appelle jamais elle-même ; Q5 : "
        "ses appels comptés à l'exécution). Q15 et Q32 proposent une fonction récursive auxiliaire sans "
        "l'exiger : seuls leurs appels comptés sont notés (une position étudiée une seule fois), et Q32 sur "
        "un dictionnaire neuf à chaque appel (une mémoire gardée d'un appel à l'autre donne de fausses "
        "valeurs sur les cas cachés, qui reprennent les mêmes positions à d'autres profondeurs).",
    "arret":
        "Q13 demande de s'arrêter dès qu'un successeur non gagnant est trouvé : la correction le note sur "
        "une part des points à elle (un cinquième), en comptant les appels (jamais le temps). Sur chaque "
        "position notée, elle calcule combien de positions examine au plus une fonction qui s'arrête au "
        "premier successeur non gagnant, quel que soit l'ordre dans lequel elle lit les successeurs (le pire : "
        "les successeurs gagnants d'abord) ; la fonction récursive de l'élève (ou son auxiliaire) ne doit pas "
        "être appelée plus souvent. Une fonction qui examine tous les successeurs (une liste de tous les "
        "résultats, puis any ou all ; une boucle sans return ni break) perd cette part sur les positions où "
        "cela se voit (où tout examiner demande au moins deux appels de plus que le pire arrêt au premier). "
        "Le corrigé de l'énoncé s'arrête (break) : il garde tous les points.",
    "domaines":
        "Chaque question n'est notée que sur les entrées dont l'énoncé dit quoi faire (son domaine, écrit à "
        "côté de sa spécification : une position triée de piles [couleur, hauteur], deux indices i < j de "
        "ses piles, un graphe du jeu et ses positions, une profondeur p positive, une liste L non vide pour "
        "choix_ind_max…). Un test vérifie que chaque cas caché et chaque exemple visible est dans le "
        "domaine de sa question ; le correcteur écarte tout cas qui en sortirait.",
    "corrige":
        "Le corrigé de l'énoncé, transcrit comme un élève l'écrit dans les carnets "
        "(awale_ref/sujets/attracteurs/tests/data/attracteurs_corrige_tp.py) et corrigé comme une copie, jusqu'à nbgrader autograde, "
        "perd exactement ses trois erreurs : Q2 (empile, la règle « ni même couleur ni même hauteur », un "
        "cinquième des points), Q6 (la file, un quart des points) et Q24 (dico_gagnant_att, toute la "
        "question) ; toutes ses autres réponses ont tous les points.",
    "sommets":
        "Q9 : J1 joue en premier, depuis C*N piles ; chaque coup retire une pile, donc J1 joue sur les "
        "positions dont le nombre de piles a la parité de C*N. S1 et S2 sont des tuples de positions "
        "(clés du graphe) ; leur ordre est libre.",
    "gagnante":
        "« Gagnante » veut dire : le joueur qui doit jouer sur cette position peut gagner quoi que fasse "
        "l'autre. Une position sans successeur est perdante (qui ne peut plus jouer a perdu).",
    "memo":
        "Q15 : la mémoïsation se juge en comptant les appels : une position déjà étudiée n'est jamais "
        "étudiée de nouveau, donc aucune fonction n'est appelée plus de fois qu'il n'y a de sommets et "
        "d'arêtes (Tuple, appelée pour chaque successeur, n'est pas comptée ; une fonction écrite avec "
        "lambda est comptée comme les autres). Le temps n'est pas mesuré.",
    "attracteurs":
        "Q18–Q24 : dA1[x] vaut True quand J1 peut forcer la partie à finir sur une position sans "
        "successeur où J2 doit jouer (J2 a perdu). Au départ (Q18) ce sont exactement ces positions-là ; "
        "une position de J1 entre dans dA1 si un successeur y est (condition (1), cond_1), une position de "
        "J2 si elle a des successeurs et qu'ils y sont tous (condition (2), cond_2). Même chose pour dA2 en "
        "échangeant les joueurs.",
    "une_iteration":
        "Q21 : « une itération » parcourt les positions et modifie di en place. L'énoncé ne dit pas si une "
        "position qui vient d'entrer dans di compte déjà pour les positions suivantes du même parcours "
        "(son corrigé : oui, dans l'ordre des clés du graphe) ou seulement au parcours suivant (une étape "
        "exacte de la définition). La correction accepte les deux, et tout ordre de parcours : après "
        "l'appel, di contient tout ce qu'une étape exacte ajoute, rien n'en est sorti, chaque position "
        "ajoutée vérifie sa condition, et la fonction renvoie True exactement quand di a changé.",
    "dico_gagnant_att":
        "Q24 : une position de J1 est gagnante quand elle est dans dA1, une position de J2 quand elle est "
        "dans dA2. Le corrigé de l'énoncé calcule les attracteurs sans garder le résultat (il lit les "
        "dictionnaires de départ de init_attracteurs) : seules les positions finales y seraient "
        "comptées. La référence lit les attracteurs ; dico_gagnant_att et dico_gagnant donnent le même "
        "dictionnaire.",
    "hasard":
        "Q25, Q26, Q33, Q34 tirent au hasard parmi plusieurs bons choix : la correction appelle la fonction "
        "de nombreuses fois sur le même cas et vérifie que chaque résultat est permis et que chaque choix "
        "permis sort (avec 100 tirages, un tirage honnête en oublie un avec une probabilité inférieure à "
        "10⁻⁹ sur les cas notés). Aucune graine n'est fixée. Le tirage n'a pas à être uniforme (l'énoncé dit « au "
        "hasard », sans plus) : les issues sont jugées, pas leurs fréquences.",
    "affichage":
        "Q27 et Q35 affichent une partie. Seules les positions affichées (une liste par ligne, après "
        "« : ») et l'annonce du début (« Le joueur 1 … » ou « Le joueur 2 … ») sont lues : la partie "
        "doit partir de init(C, N), chaque position doit suivre la précédente par un coup permis, la "
        "dernière ne doit plus avoir de successeur (une liste vide [] ajoutée à la fin, comme dans le "
        "corrigé de l'énoncé, est tolérée). Avec les deux joueurs optimaux (Q27), le joueur annoncé doit "
        "gagner. Le reste du texte est libre.",
    "heuristique":
        "Q29 : bool vaut True quand c'est au joueur (celui dont on calcule la valeur) de jouer sur x. "
        "h(x, True) vaut -1 sur une position finale (il ne peut plus jouer : perdu), h(x, False) vaut 1, "
        "et h vaut 0 tant que la partie continue.",
    "memo_min_max":
        "Q32 : mémoriser la valeur d'une position par sa seule clé Tuple(x), comme le corrigé, est juste "
        "dans un même appel : chaque coup retire une pile, donc la profondeur restante p et le joueur "
        "bool d'une position sont fixés par son nombre de piles. Le dictionnaire doit être neuf à chaque "
        "appel de min_max_opt (la profondeur de départ change). La correction compte les appels de coups : "
        "au plus un par position différente rencontrée ; et aucune autre fonction (une copie de coups ou de "
        "h sous un autre nom comprise) n'est appelée plus de deux fois par position et par coup rencontrés.",
    "min_max_profondeur":
        "Q30 : min_max(c, p-1, not bool) sur chaque successeur ; à la profondeur 0 ou sur une position sans "
        "successeur, h(x, bool). Avec p au moins égal au nombre de piles, min_max(x0, p, True) vaut 1 "
        "exactement quand x0 est gagnante pour J1, -1 sinon (pas de match nul).",
    "numeros_perdus":
        "Le texte de l'énoncé a perdu la figure du graphe C = N = 2 (Q12) et les questions 16, 17 et 31 "
        "(les définitions des attracteurs et un test de min_max) : le cours les reformule, marquées comme "
        "reconstruites.",
}

FIGURES_RECONSTRUITES = {
    "Q1": "Reconstruite : deux tablettes rouges (0) et deux noires (1). Situation 1 : les quatre tablettes "
          "côte à côte ; situation 2 : les deux rouges empilées (l'état donné par le corrigé).",
    "Q12": "Reconstruite : le graphe du jeu pour C = N = 2, 12 positions sur quatre niveaux (0 ; 1a–1d ; "
           "2a–2e ; 3a–3b), tiré par le cours. Les noms des positions suivent l'ordre du "
           "parcours en largeur de la référence ; le corrigé (2b, 2e, 3a, 3b sans successeur ; 0, 1b, 1c, "
           "2a, 2c, 2d gagnantes) se retrouve sur ce dessin à un renommage près.",
}

REPONSES = {
    "Q1": (x_situation_1, x_situation_2),
    "Q7": {"N1": "sommets", "N2": "arêtes"},
    "Q8": TAILLES_PRATIQUE,
    "Q32": {(1, 1): False, (1, 2): True, (1, 3): False, (1, 4): True, (2, 1): True, (2, 2): True, (2, 3): False,
            (2, 4): False, (3, 1): True, (3, 2): False, (3, 3): True, (3, 4): True, (4, 1): True, (4, 2): True,
            (4, 3): False, (4, 4): True},  # J1 wins from init(C, N); C = N = 4 took 21 s (memoised min-max)
    "Q11": "J1 gagne : en prenant toujours le premier successeur de la référence, la partie est "
           "[[0, 1], [0, 1], [1, 1], [1, 1]] → [[0, 2], [1, 1], [1, 1]] → [[0, 2], [1, 2]] → [[0, 4]], "
           "et J2 ne peut plus jouer.",
    "Q28": "Le joueur annoncé au départ gagne toujours, quels que soient les tirages : J1 pour (3, 3), J2 "
           "pour (2, 3) et (3, 2).",
    "Q36": "À faible profondeur, les choix sont presque au hasard (h vaut 0 tant que la partie continue) "
           "et le perdant n'est pas prévisible ; dès que p atteint le nombre de coups restants, min_max "
           "est exact et le joueur qui a une position gagnante gagne toujours.",
}
