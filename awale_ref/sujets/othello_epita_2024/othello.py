"""Othello (EPITA PSI 2024, DS4): the reference of the subject, reconstructed from its answer key.

The paper is lost: only its answer key survives (OCR text, 24 numbered
answers, no statement).  The numbering, the names, the signatures and the
data below are the key's; every body is correct (the key's mistakes are
listed, with what the grading accepts, in ``LECTURES``).

The board ``p`` is a list of 8 rows of 8 ints: 0 an empty cell, 1 a disc of
player J1 (who starts), -1 a disc of player J2.  A cell is a pair
``(x, y)``: row ``x``, column ``y`` (``p[x][y]``), both from 0 to 7; a
direction is a pair ``(dx, dy)`` of -1, 0, 1, not both 0.  ``l`` is always
the list of the *frontier cells* of the board: the empty cells next to at
least one disc (the only cells a disc can be put on).

The bodies use only builtins, their parameters and the other functions of
this module (the runner gets this module as plain text; ``pipeline.build``
shows each body as the model answer).

``LECTURES`` gives, once, the reading of each point the key leaves open or
gets wrong; ``EXEMPLES`` worked examples (``(arguments, résultat)``);
``REPONSES`` the answers of the questions without code (Q2, Q6, Q15 and the
reconstructed Q21).

>>> p = plateau_depart()
>>> score(p), len(cases_jouables(p, cases_frontieres_de(p), 1))
(0, 4)
>>> q = poser_jeton(p, (2, 3), 1)
>>> score(q), q[3][3]
(3, 1)
>>> decode(encode(q)) == q
True
"""

from __future__ import annotations

LECTURES = {
    "plateau":
        "Le plateau est une liste de 8 lignes de 8 entiers : 0 pour une case vide, 1 pour un jeton du "
        "joueur J1 (qui commence), -1 pour un jeton de J2. La case (x, y) est p[x][y] (ligne x, colonne y, "
        "de 0 à 7). Les quatre jetons du départ (Q1) sont ceux du corrigé : -1 en (3, 3) et (4, 4), 1 en "
        "(3, 4) et (4, 3).",
    "l_frontiere":
        "Dans toutes les fonctions qui ont un paramètre l (cases_libres, cases_frontieres, cases_jouables, "
        "ia_naive, ia_minmax), l est la liste des cases frontières du plateau : les cases vides voisines "
        "d'au moins un jeton. Une liste de cases n'a pas d'ordre imposé : toute liste qui contient les "
        "mêmes cases, chacune une seule fois, est juste.",
    "q2_position":
        "Q2 : le corrigé donne cinq cases dans une notation illisible après l'OCR (lettres et chiffres), "
        "sans doute pour une position dessinée dans l'énoncé, perdue. La question est reconstruite sur la "
        "position de départ : les coups de J1 au premier tour sont (2, 3), (3, 2), (4, 5) et (5, 4) ; "
        "un quart des points par case juste, une case en trop retire un quart.",
    "q6_borne":
        "Q6 : poser un jeton en c retire c des cases frontières et peut ajouter au plus ses 8 voisines, "
        "dont une au moins est déjà occupée (on ne pose qu'à côté d'un jeton) : au plus 8 - 1 - 1 = 6 "
        "cases frontières de plus. La réponse attendue est 6 (le corrigé écrit « -1 + 8 - 1 »).",
    "q7_sans_in":
        "Q7 : l'énoncé interdit le test d'appartenance in (x in L, x not in L) sur la liste qu'on "
        "construit. La correction refuse tout test in dont la liste testée est une liste de la fonction "
        "(créée par [], une liste en compréhension ou list(...), ou complétée par append, extend, insert) ; "
        "un dictionnaire ou un tableau de booléens, comme dans le corrigé, est accepté, et la boucle "
        "for x in l aussi. La liste l reçue ne doit pas être modifiée (ia_minmax la réutilise pour "
        "chaque coup).",
    "q9_p_h_h":
        "Q9 : le corrigé teste p[h][h] == j au lieu de p[h][k] == j après la suite de jetons adverses : "
        "c'est une erreur (elle ne se voit que si h != k). La référence teste p[h][k]. Une direction qui "
        "sort du plateau avant de trouver un jeton du joueur n'est pas possible (captures qui s'arrêtent "
        "au bord).",
    "q9_hors_plateau":
        "Q9 : l'énoncé demande de ne jamais lire une case hors du plateau. La correction le note sur une "
        "part des points à elle (un cinquième) : le plateau passé à la fonction note chaque lecture d'une "
        "ligne ou d'une case hors de ses limites, un indice négatif compris (p[h][-1] ne donne pas "
        "d'erreur en Python : il lit la dernière case de la ligne). Une fonction qui vérifie que la case "
        "est sur le plateau avant de la lire garde tous les points ; une lecture protégée par un "
        "try/except IndexError lit tout de même hors du plateau et perd cette part.",
    "q10_d":
        "Q10 : le corrigé ajoute et renvoie une variable d qui n'existe pas (NameError) ; il faut ajouter "
        "(dx, dy) et renvoyer la liste L. Les directions peuvent être dans n'importe quel ordre.",
    "q12_joueur":
        "Q12 : capturer(p, c, d) modifie p en place et ne renvoie rien. Le joueur n'est pas un paramètre : "
        "comme le corrigé, la référence le déduit du premier jeton rencontré dans la direction d (il est "
        "à l'adversaire). La correction appelle capturer comme poser_jeton le fait dans le corrigé : le "
        "jeton du joueur est déjà posé en c et d est une direction possible ; lire le joueur en p[c[0]][c[1]] "
        "est donc aussi juste. La case c et les jetons qui ne sont pas entre c et le jeton qui ferme la "
        "ligne ne changent pas.",
    "q13_copie":
        "Q13 : la copie est faite élément par élément (sans deepcopy) : chaque ligne de la copie est une "
        "nouvelle liste, modifier la copie ne change pas l'original.",
    "q14_copie":
        "Q14 : poser_jeton renvoie un nouveau plateau et ne modifie pas p (le corrigé copie d'abord). "
        "Elle n'est notée que sur des cases jouables ; elle retourne les jetons de toutes les directions "
        "possibles (un coup peut capturer dans les huit directions à la fois).",
    "q15_budget":
        "Q15 : l'exposant du temps disponible est perdu par l'OCR (« 4 x 10'' »). Il est reconstruit du "
        "calcul du corrigé, n < (ln 2 + 21 ln 10) / ln 7 : 7^n x 2 x 10^-4 < 4 x 10^17 secondes, l'âge de "
        "l'univers (environ 13,8 milliards d'années). On examine au plus 25 tours.",
    "q16_l_et_ex_aequo":
        "Q16 : le corrigé parcourt l comme si c'était la liste des cases jouables, alors que ia_minmax lui "
        "passe les cases frontières. La référence garde les cases jouables de l (cases_jouables), ce qui "
        "convient aux deux ; Q16 est notée avec l = la liste des cases jouables, donc les deux lectures "
        "sont justes. ia_naive(p, l, f, j) renvoie le couple (case, valeur) : la valeur f du plateau après "
        "le coup, la plus grande pour J1 (j = 1), la plus petite pour J2 (j = -1). Le corrigé renvoie la "
        "dernière case essayée (c) au lieu de la meilleure (case) : c'est une erreur. Quand plusieurs "
        "cases atteignent la meilleure valeur, chacune est acceptée (la référence garde la première). "
        "La valeur de départ -10001 x j du corrigé suppose |f| <= 10000 : la référence part du premier "
        "coup, la correction n'emploie que des f dans cette borne.",
    "q16_domaine":
        "Q16 : l'énoncé dit quelle case et quelle valeur renvoyer parmi les cases jouables de l pour j ; il "
        "ne dit rien quand aucune case de l n'est jouable. Q16 n'est donc notée que sur des positions où l "
        "est la liste, non vide, des cases jouables de j : aucun cas caché ni exemple visible n'en sort (le "
        "second exemple visible, pour J2, donne les cases jouables de J2, jouables_milieu_j2). Hors de ce "
        "domaine, toute réponse est acceptée, (None, 10001) comme (None, None).",
    "exigences":
        "Ce que l'énoncé exige, phrase par phrase, et comment c'est noté : Q7 « chacune une seule fois » (une "
        "liste comparée élément par élément, sans doublon), « sans test in » sur la liste construite (lu dans "
        "le code) et « ne modifiez pas l » (sa famille, un quart des points) ; Q8 « sans vérifier qu'elle est "
        "sur le plateau » (les cases du bord ont des voisines hors du plateau dans les cas cachés) ; Q9 « ne "
        "jamais lire une case hors du plateau » (la famille des lignes qui vont jusqu'au bord, 40 % des "
        "points : une lecture hors du plateau y plante ou y lit la ligne d'en face) ; Q13 « sans deepcopy » "
        "(lu dans le code, et piégé à l'exécution) et « modifier la copie ne doit jamais modifier p » (la "
        "copie indépendante, la moitié des points) ; Q14 « p ne doit pas être modifié » (30 %) ; Q17 et Q18 « récursive » (un quart "
        "chacune) et « ne l'écrasez pas » (la case du joueur : les profondeurs 2 et 3) ; Q17 « on suppose ici "
        "que le joueur qui doit jouer a toujours un coup » (son domaine). Q6 et Q15 demandent une borne « au "
        "plus » : c'est la valeur attendue. Q2 demandait de trouver les cases « sans programme », ce qu'une "
        "valeur ne montre pas : la phrase est devenue « trouvée à la main », un conseil.",
    "q17_c_ecrase":
        "Q17 : dans le corrigé, « c, val = ia_minmax(...) » écrase la case c de la boucle par la case "
        "renvoyée par l'appel récursif (un coup de l'adversaire) : la fonction renvoie alors un coup de "
        "l'adversaire, pas celui du joueur. C'est une erreur (la valeur reste juste). ia_minmax n'est "
        "notée que sur des positions où, jusqu'à la profondeur n, le joueur qui doit jouer a toujours un "
        "coup (l'hypothèse de l'énoncé). n = 1 : c'est ia_naive ; au-delà, la valeur d'un coup est celle "
        "que renvoie ia_minmax pour l'adversaire, à la profondeur n - 1, sur le plateau après le coup et "
        "ses cases frontières. Tout coup de meilleure valeur est accepté.",
    "q18_nom":
        "Q18 : le corrigé redéfinit ia_minmax avec un sixième paramètre tp. Pour que les deux versions "
        "coexistent dans le notebook et soient notées chacune, celle de Q18 s'appelle ia_minmax_tp "
        "(mêmes paramètres que le corrigé, p, l, f, j, n, tp).",
    "q18_passe":
        "Q18 : si le joueur j ne peut pas jouer : quand tp vaut True (l'autre joueur vient déjà de passer "
        "sur ce plateau), la partie est finie et la valeur est 10000 si score(p) > 0, -10000 si "
        "score(p) < 0, 0 sinon ; sinon j passe : l'adversaire joue avec tp = True, à la profondeur n - 1 "
        "si n > 1, à la profondeur 1 si n = 1 (comme le corrigé). Quand j ne peut pas jouer, seule la "
        "valeur est notée (la référence renvoie None pour la case ; le corrigé renvoie la case choisie "
        "par l'adversaire). Le corrigé ne s'arrête qu'à n = 1 quand les deux joueurs sont bloqués : la "
        "valeur est la même. Il garde l'erreur de Q17 (la case écrasée).",
    "q20_texte":
        "Q20 : le texte du corrigé dit que i et j sont le quotient et le reste de n par 3 ; son code "
        "(n // 8, n % 8) est juste : la case numéro n = 8 i + j porte le chiffre 3^n du code.",
    "q21_absente":
        "Q21 manque dans le document. Elle est reconstruite entre le codage (Q19, Q20) et la base de données "
        "(Q22), où codePlateau stocke ce code : quel est le plus grand code possible, et combien de bits "
        "faut-il pour le stocker ? Le plus grand est 3^64 - 1 (toutes les cases à 1), qui demande 102 bits : "
        "plus qu'un entier de 64 bits. Cette question n'est pas du corrigé : elle est marquée reconstruite.",
    "q22_code":
        "Q22 : le code 3917277946 de l'énoncé est plus petit que 3^21 : ce n'est le code d'aucun plateau "
        "d'une vraie partie (ses cases 21 à 63 vaudraient toutes -1). On le garde comme une donnée : la "
        "base de la correction contient des lignes de plateaux pour ce code. La requête du corrigé est "
        "mélangée par l'OCR (lignes entrelacées) ; remise en ordre, elle est juste.",
    "q22_egalites":
        "Q22 : « les cases jouées depuis le plateau 3917277946, J1 actif, à la profondeur maximale » : "
        "toutes les lignes de la profondeur maximale sont attendues (il peut y en avoir plusieurs), dans "
        "n'importe quel ordre.",
    "q23_joueuse":
        "Q23 : moyenne des scores des parties où Beth Harmon est le premier joueur (joueurs_idJ1). La "
        "requête du corrigé est juste (les guillemets typographiques de l'OCR mis à part). Une requête "
        "qui ne cherche pas le nom mais un identifiant écrit à la main n'est pas juste sur la base cachée.",
    "q24_jointure":
        "Q24 : les trois parties gagnées par J2 (les noirs, score négatif) de plus grand écart : nom du "
        "gagnant et score, par score croissant, LIMIT 3. Le corrigé a perdu la clause de jointure "
        "« ON p.joueurs_idGagnant = j.idJoueur » dans l'OCR : sans elle (JOIN sans ON), chaque partie est "
        "associée à chaque joueur ; c'est une erreur de la copie transcrite. Les parties nulles (score 0) "
        "n'ont pas de gagnant.",
}
"""The reading of each point the key leaves open or gets wrong (key -> French explanation)."""

REPONSES = {
    "Q2": [(2, 3), (3, 2), (4, 5), (5, 4)],
    "Q6": 6,
    "Q15": 25,
    "Q21": {"code_max": 3 ** 64 - 1, "bits": 102},
}
"""Answers of the questions without code (LECTURES['q2_position'], ['q6_borne'], ['q15_budget'],
['q21_absente'])."""

TEMPS_PLATEAU_S = 2e-4
"""Q15: seconds to examine one board."""
BUDGET_S = 4e17
"""Q15: the time available, in seconds (LECTURES['q15_budget'])."""
CODE_Q22 = 3917277946
"""Q22: the board code of the statement's query (LECTURES['q22_code'])."""


# ---------------------------------------------------------------- the examples' data, under the names the notebook uses
# Literals (the runner gets this module as text, without the functions not graded yet: no call here).
p_depart = [[0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, -1, 1, 0, 0, 0], [0, 0, 0, 1, -1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]]
"""The board at the start (Q1)."""
l_depart = [(2, 2), (2, 3), (2, 4), (2, 5), (3, 2), (3, 5), (4, 2), (4, 5), (5, 2), (5, 3), (5, 4), (5, 5)]
"""Its frontier cells."""
p_milieu = [[0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 1, 0, 0],
            [0, 0, 1, -1, -1, -1, -1, 0], [0, 0, -1, 1, 1, 1, 0, 0], [0, -1, 1, 0, 0, 0, 0, 0],
            [0, 1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]]
"""A board after ten moves (J1 to play)."""
l_milieu = [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 1), (2, 3), (2, 4), (2, 6), (2, 7), (3, 1),
            (3, 7), (4, 0), (4, 1), (4, 6), (4, 7), (5, 0), (5, 3), (5, 4), (5, 5), (5, 6), (6, 0), (6, 2),
            (6, 3), (7, 0), (7, 1), (7, 2)]
"""Its frontier cells."""
jouables_milieu = [(2, 3), (2, 4), (2, 6), (2, 7), (3, 7), (4, 1), (4, 7), (5, 0)]
"""The cells of ``l_milieu`` where J1 may play."""
jouables_milieu_j2 = [(1, 1), (1, 2), (1, 4), (1, 5), (1, 6), (3, 1), (4, 6), (5, 3), (5, 4), (5, 5), (5, 6), (6, 2),
                      (7, 0), (7, 1)]
"""The cells of ``l_milieu`` where J2 may play (were it J2's turn)."""
p_huit = [[0, 0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 1, 0, 1, 0, 0], [0, 0, -1, -1, -1, 0, 0, 0],
          [0, 1, -1, 0, -1, 1, 0, 0], [0, 0, -1, -1, -1, 0, 0, 0], [0, 1, 0, 1, 0, 1, 0, 0],
          [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]]
"""J1 on (3, 3) captures in all eight directions."""
p_passe = [[1] * 8, [1] * 8, [1] * 8, [1] * 8, [1, 1, 1, 1, 1, 1, 1, -1], [1, 1, 1, 1, 1, 1, 1, 0],
           [1, 1, 1, 1, 1, 1, 0, 0], [1, 1, 1, 1, 1, 1, 0, 0]]
"""J2 (-1) cannot play, J1 can: J2 passes."""
l_passe = [(5, 7), (6, 6), (6, 7), (7, 6)]
"""Its frontier cells."""

EXEMPLES = {
    "plateau_depart": [((), p_depart)],
    "score": [((p_depart,), 0), ((p_milieu,), 2), ((p_passe,), 57)],
    "cases_voisines": [((0, 0), [(0, 1), (1, 0), (1, 1)]), ((3, 7), [(2, 6), (2, 7), (3, 6), (4, 6), (4, 7)])],
    "cases_frontieres": [((p_depart, l_depart, (2, 3)), l_depart[:1] + l_depart[2:] + [(1, 2), (1, 3), (1, 4)])],
    "est_direction_possible": [((p_depart, (2, 3), (1, 0), 1), True), ((p_depart, (2, 3), (1, 1), 1), False)],
    "directions_possibles": [((p_huit, (3, 3), 1), [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1),
                                                    (1, 0), (1, 1)])],
    "cases_jouables": [((p_depart, l_depart, 1), [(2, 3), (3, 2), (4, 5), (5, 4)]),
                       ((p_milieu, l_milieu, 1), jouables_milieu)],
    "ia_naive": [((p_milieu, jouables_milieu, "score", 1), ((3, 7), 11)),
                 ((p_milieu, jouables_milieu_j2, "score", -1), ((4, 6), -5))],
    "ia_minmax": [((p_milieu, l_milieu, "score", 1, 2), ((3, 7), 4))],
    "ia_minmax_tp": [((p_passe, l_passe, "score", -1, 2, False), (None, 60))],
}
"""Worked examples: function name -> ``[(arguments, résultat)]`` (an evaluation function by its name)."""


# ---------------------------------------------------------------- Q1–Q8: the board
def plateau_depart():
    """Q1. The board at the start: four discs in the middle.

    >>> plateau_depart()[3][3:5], plateau_depart()[4][3:5]
    ([-1, 1], [1, -1])
    """
    p = []
    for i in range(8):
        p.append([0] * 8)
    p[3][3] = -1
    p[4][4] = -1
    p[3][4] = 1
    p[4][3] = 1
    return p


def score(p):
    """Q3. The sum of the cells: J1's discs minus J2's.

    >>> score(plateau_depart())
    0
    """
    s = 0
    for ligne in p:
        for v in ligne:
            s = s + v
    return s


def cases_voisines(x, y):
    """Q4. The cells next to ``(x, y)`` (8 directions) that are on the board.

    >>> cases_voisines(0, 0)
    [(0, 1), (1, 0), (1, 1)]
    """
    voisines = []
    for dx in [-1, 0, 1]:
        for dy in [-1, 0, 1]:
            if (dx, dy) != (0, 0) and 0 <= x + dx < 8 and 0 <= y + dy < 8:
                voisines.append((x + dx, y + dy))
    return voisines


def cases_libres(p, l):
    """Q5. The cells of ``l`` that are empty on ``p``, in the order of ``l``.

    >>> cases_libres(plateau_depart(), [(3, 3), (2, 3), (0, 0)])
    [(2, 3), (0, 0)]
    """
    libres = []
    for c in l:
        if p[c[0]][c[1]] == 0:
            libres.append(c)
    return libres


def cases_frontieres(p, l, c):
    """Q7. The frontier cells after a disc is put on ``c`` (a cell of ``l``, the frontier of ``p``).

    ``c`` leaves the list; its empty neighbours not already in it join it.
    No membership test ``in`` on the list being built: a table of 8 × 8
    booleans says which cells are already in it (LECTURES['q7_sans_in']).
    ``l`` is not modified.

    >>> p = plateau_depart()
    >>> len(cases_frontieres(p, cases_frontieres_de(p), (2, 3)))
    14
    """
    deja = []
    for i in range(8):
        deja.append([False] * 8)
    nouvelle = []
    for case in l:
        if case != c:
            nouvelle.append(case)
            deja[case[0]][case[1]] = True
    for v in cases_voisines(c[0], c[1]):
        if p[v[0]][v[1]] == 0 and v != c and not deja[v[0]][v[1]]:
            nouvelle.append(v)
            deja[v[0]][v[1]] = True
    return nouvelle


def deplacer(c, d):
    """Q8. The cell one step from ``c`` in the direction ``d``.

    >>> deplacer((3, 4), (-1, 1))
    (2, 5)
    """
    return (c[0] + d[0], c[1] + d[1])


# ---------------------------------------------------------------- Q9–Q14: playing a move
def est_direction_possible(p, c, d, j):
    """Q9. Putting a disc of ``j`` on ``c`` captures in direction ``d``: the next cell holds a disc of
    the opponent, and after the opponent's discs comes a disc of ``j``, inside the board.

    >>> est_direction_possible(plateau_depart(), (2, 3), (1, 0), 1)
    True
    >>> est_direction_possible(plateau_depart(), (2, 3), (1, 1), 1)
    False
    """
    h, k = deplacer(c, d)
    if not (0 <= h < 8 and 0 <= k < 8) or p[h][k] != -j:
        return False
    while 0 <= h < 8 and 0 <= k < 8 and p[h][k] == -j:
        h, k = deplacer((h, k), d)
    return 0 <= h < 8 and 0 <= k < 8 and p[h][k] == j


def directions_possibles(p, c, j):
    """Q10. The directions in which a disc of ``j`` on ``c`` captures.

    >>> directions_possibles(plateau_depart(), (2, 3), 1)
    [(1, 0)]
    """
    directions = []
    for dx in [-1, 0, 1]:
        for dy in [-1, 0, 1]:
            if (dx, dy) != (0, 0) and est_direction_possible(p, c, (dx, dy), j):
                directions.append((dx, dy))
    return directions


def cases_jouables(p, l, j):
    """Q11. The cells of ``l`` where ``j`` may play (at least one direction captures), in the order of ``l``.

    >>> cases_jouables(plateau_depart(), [(2, 2), (2, 3)], 1)
    [(2, 3)]
    """
    jouables = []
    for c in l:
        if len(directions_possibles(p, c, j)) != 0:
            jouables.append(c)
    return jouables


def capturer(p, c, d):
    """Q12. Turn over, in place, the opponent's discs from ``c`` in direction ``d`` (a possible direction),
    up to the disc of the player that closes the line.  Returns nothing.

    The player is the opponent of the first disc met (LECTURES['q12_joueur']).

    >>> p = plateau_depart(); p[2][3] = 1; capturer(p, (2, 3), (1, 0)); p[3][3]
    1
    """
    h, k = deplacer(c, d)
    j = -p[h][k]
    while p[h][k] == -j:
        p[h][k] = j
        h, k = deplacer((h, k), d)


def copier_plateau(p):
    """Q13. A copy of ``p`` made element by element (each row a new list).

    >>> p = plateau_depart(); q = copier_plateau(p); q[0][0] = 1; p[0][0]
    0
    """
    copie = []
    for ligne in p:
        nouvelle = []
        for v in ligne:
            nouvelle.append(v)
        copie.append(nouvelle)
    return copie


def poser_jeton(p, c, j):
    """Q14. The new board after ``j`` plays on ``c`` (a playable cell): the disc, and every capture.
    ``p`` is not modified.

    >>> poser_jeton(plateau_depart(), (2, 3), 1)[2:5]
    [[0, 0, 0, 1, 0, 0, 0, 0], [0, 0, 0, 1, 1, 0, 0, 0], [0, 0, 0, 1, -1, 0, 0, 0]]
    """
    nouveau = copier_plateau(p)
    nouveau[c[0]][c[1]] = j
    for d in directions_possibles(p, c, j):
        capturer(nouveau, c, d)
    return nouveau


# ---------------------------------------------------------------- Q16–Q18: the AI
def ia_naive(p, l, f, j):
    """Q16. ``(case, valeur)``: the playable cell of ``l`` whose board after the move is the best for ``j``
    according to ``f`` (the largest value for J1, the smallest for J2), and that value.

    The first best cell (LECTURES['q16_l_et_ex_aequo']).

    >>> ia_naive(plateau_depart(), [(2, 3), (3, 2), (4, 5), (5, 4)], score, 1)
    ((2, 3), 3)
    """
    meilleure = None
    valeur = None
    for c in cases_jouables(p, l, j):
        v = f(poser_jeton(p, c, j))
        if valeur is None or j * v > j * valeur:
            meilleure = c
            valeur = v
    return (meilleure, valeur)


def ia_minmax(p, l, f, j, n):
    """Q17. ``(case, valeur)`` by minimax at depth ``n`` (n >= 1), assuming the player to move can always
    play (LECTURES['q17_c_ecrase']).

    >>> p = plateau_depart()
    >>> ia_minmax(p, cases_frontieres_de(p), score, 1, 2)
    ((2, 3), 0)
    """
    if n == 1:
        return ia_naive(p, l, f, j)
    meilleure = None
    valeur = None
    for c in cases_jouables(p, l, j):
        nouveau = poser_jeton(p, c, j)
        frontiere = cases_frontieres(p, l, c)
        v = ia_minmax(nouveau, frontiere, f, -j, n - 1)[1]
        if valeur is None or j * v > j * valeur:
            meilleure = c
            valeur = v
    return (meilleure, valeur)


def ia_minmax_tp(p, l, f, j, n, tp):
    """Q18. ``ia_minmax`` when a player may have to pass: ``tp`` is True when the other player has just
    passed on this board (LECTURES['q18_nom'], ['q18_passe']).  First call with ``tp = False``.

    >>> ia_minmax_tp([[1] * 8 for i in range(8)], [], score, -1, 3, False)
    (None, 10000)
    """
    cases = cases_jouables(p, l, j)
    if len(cases) == 0:
        if tp:
            s = score(p)
            if s > 0:
                return (None, 10000)
            if s < 0:
                return (None, -10000)
            return (None, 0)
        if n > 1:
            return (None, ia_minmax_tp(p, l, f, -j, n - 1, True)[1])
        return (None, ia_minmax_tp(p, l, f, -j, 1, True)[1])
    if n == 1:
        return ia_naive(p, l, f, j)
    meilleure = None
    valeur = None
    for c in cases:
        nouveau = poser_jeton(p, c, j)
        frontiere = cases_frontieres(p, l, c)
        v = ia_minmax_tp(nouveau, frontiere, f, -j, n - 1, False)[1]
        if valeur is None or j * v > j * valeur:
            meilleure = c
            valeur = v
    return (meilleure, valeur)


# ---------------------------------------------------------------- Q19, Q20: a board as a number
def encode(p):
    """Q19. The board as a number in base 3: the cell ``(i, j)`` gives the digit ``1 + p[i][j]`` of ``3^(8i + j)``.

    >>> encode([[-1] * 8 for i in range(8)]), encode([[1] * 8 for i in range(8)]) == 3 ** 64 - 1
    (0, True)
    """
    e = 0
    for i in range(8):
        for j in range(8):
            e = e + (1 + p[i][j]) * 3 ** (8 * i + j)
    return e


def decode(e):
    """Q20. The board whose code is ``e`` (0 <= e < 3^64).

    >>> decode(encode(plateau_depart())) == plateau_depart()
    True
    """
    p = []
    for i in range(8):
        p.append([0] * 8)
    for n in range(64):
        p[n // 8][n % 8] = e % 3 - 1
        e = e // 3
    return p


# ---------------------------------------------------------------- not graded: evaluations and the frontier
def cases_frontieres_de(p):
    """The frontier cells of ``p`` computed from scratch (empty cells next to a disc), row by row.

    Not a question of the paper: the examples and the notebook build ``l`` with it.

    >>> cases_frontieres_de(plateau_depart())[:3]
    [(2, 2), (2, 3), (2, 4)]
    """
    frontiere = []
    for x in range(8):
        for y in range(8):
            if p[x][y] == 0:
                voisin_occupe = False
                for v in cases_voisines(x, y):
                    if p[v[0]][v[1]] != 0:
                        voisin_occupe = True
                if voisin_occupe:
                    frontiere.append((x, y))
    return frontiere


def evaluation_positions(p):
    """An evaluation function for the AIs: each disc weighted by its cell (corners are worth most, the cells
    next to a corner cost), J1's counted positively.  Not a question: an ``f`` for Q16–Q18.

    >>> evaluation_positions(plateau_depart())
    0
    """
    poids = [[20, -3, 11, 8, 8, 11, -3, 20],
             [-3, -7, -4, 1, 1, -4, -7, -3],
             [11, -4, 2, 2, 2, 2, -4, 11],
             [8, 1, 2, -3, -3, 2, 1, 8],
             [8, 1, 2, -3, -3, 2, 1, 8],
             [11, -4, 2, 2, 2, 2, -4, 11],
             [-3, -7, -4, 1, 1, -4, -7, -3],
             [20, -3, 11, 8, 8, 11, -3, 20]]
    total = 0
    for x in range(8):
        for y in range(8):
            total = total + poids[x][y] * p[x][y]
    return total
