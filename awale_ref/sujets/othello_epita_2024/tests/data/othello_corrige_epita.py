# The answer key of the EPITA PSI 2024 DS4 (Othello), transcribed faithfully: the OCR damage repaired
# (— for -, 1 for l, ¢ for c, lost colons and indentation, p[i][]j], h k, plh][k], 4 for +, "=" for "=="),
# its real mistakes kept (LECTURES of awale_ref/sujets/othello_epita_2024/othello.py):
#   Q9  p[h][h] instead of p[h][k];   Q10 appends and returns an undefined d;
#   Q16 returns the last cell tried (c) instead of the best one (case);
#   Q17, Q18 "c, val = ia_minmax(...)" overwrites the cell c of the loop;
#   Q24 the join clause lost (JOIN without ON).
# Q18 redefines ia_minmax with a sixth parameter: here ia_minmax_tp (LECTURES['q18_nom']), calls renamed.


def plateau_depart():
    p = [[0 for j in range(8)] for i in range(8)]
    p[3][3], p[4][4], p[3][4], p[4][3] = -1, -1, 1, 1
    return p


def score(p):
    s = 0
    for l in p:
        for k in l:
            s += k
    return s


def cases_voisines(x, y):
    L = []
    for i in [-1, 0, 1]:
        for j in [-1, 0, 1]:
            if (i, j) != (0, 0) and 0 <= x + i < 8 and 0 <= y + j < 8:
                L.append((x + i, y + j))
    return L


def cases_libres(p, l):
    L = []
    for c in l:
        if p[c[0]][c[1]] == 0:
            L.append(c)
    return L


def cases_frontieres(p, l, c):
    dico = {(i, j): False for i in range(8) for j in range(8)}
    L = []
    for k in l:
        if k != c:
            L.append(k)
            dico[k] = True
    for d in cases_voisines(c[0], c[1]):
        if p[d[0]][d[1]] == 0 and not dico[d]:
            L.append(d)
            dico[d] = True
    return L


def deplacer(c, d):
    return (c[0] + d[0], c[1] + d[1])


def est_direction_possible(p, c, d, j):
    h, k = deplacer(c, d)
    possible = (0 <= h < 8 and 0 <= k < 8 and p[h][k] == -j)
    while 0 <= h < 8 and 0 <= k < 8 and p[h][k] == -j:
        h, k = deplacer((h, k), d)
    if 0 <= h < 8 and 0 <= k < 8 and p[h][h] == j:
        return possible
    else:
        return False


def directions_possibles(p, c, j):
    L = []
    for dx in [-1, 0, 1]:
        for dy in [-1, 0, 1]:
            if (dx, dy) != (0, 0) and est_direction_possible(p, c, (dx, dy), j):
                L.append(d)
    return d


def cases_jouables(p, l, j):
    L = []
    for c in l:
        if len(directions_possibles(p, c, j)) != 0:
            L.append(c)
    return L


def capturer(p, c, d):
    h, k = deplacer(c, d)
    j = -p[h][k]
    while p[h][k] == -j:
        p[h][k] = j
        h, k = deplacer((h, k), d)


def copier_plateau(p):
    P = [[p[i][j] for j in range(8)] for i in range(8)]
    return P


def poser_jeton(p, c, j):
    P = copier_plateau(p)
    h, k = c
    P[h][k] = j
    for d in directions_possibles(p, c, j):
        capturer(P, c, d)
    return P


def ia_naive(p, l, f, j):
    val = -10001 * j
    for c in l:
        next = f(poser_jeton(p, c, j))
        if j * next > j * val:
            val = next
            case = c
    return (c, val)


def ia_minmax(p, l, f, j, n):
    if n == 1:
        return ia_naive(p, l, f, j)
    else:
        cases = cases_jouables(p, l, j)
        if j == 1:
            V = -10001
            for c in cases:
                P = poser_jeton(p, c, j)
                L = cases_frontieres(p, l, c)
                c, val = ia_minmax(P, L, f, -1, n - 1)
                if val > V:
                    next, V = c, val
            return next, V
        else:
            V = 10001
            for c in cases:
                P = poser_jeton(p, c, j)
                L = cases_frontieres(p, l, c)
                c, val = ia_minmax(P, L, f, 1, n - 1)
                if val < V:
                    next, V = c, val
            return next, V


def ia_minmax_tp(p, l, f, j, n, tp):
    cases = cases_jouables(p, l, j)
    if len(cases) != 0:
        if n == 1:
            return ia_naive(p, l, f, j)
        else:
            if j == 1:
                V = -10001
                for c in cases:
                    P = poser_jeton(p, c, j)
                    L = cases_frontieres(p, l, c)
                    c, val = ia_minmax_tp(P, L, f, -1, n - 1, False)
                    if val > V:
                        next, V = c, val
                return next, V
            else:
                V = 10001
                for c in cases:
                    P = poser_jeton(p, c, j)
                    L = cases_frontieres(p, l, c)
                    c, val = ia_minmax_tp(P, L, f, 1, n - 1, False)
                    if val < V:
                        next, V = c, val
                return next, V
    else:
        if n > 1:
            return ia_minmax_tp(p, l, f, -j, n - 1, True)
        else:
            if tp:
                s = score(p)
                if s > 0:
                    return None, 10000
                elif s < 0:
                    return None, -10000
                else:
                    return None, 0
            else:
                return ia_minmax_tp(p, l, f, -j, 1, True)


def encode(p):
    s = 0
    for i in range(8):
        for j in range(8):
            s += (1 + p[i][j]) * 3 ** (8 * i + j)
    return s


def decode(e):
    p = [[0 for j in range(8)] for i in range(8)]
    for n in range(64):
        i, j = n // 8, n % 8
        p[i][j] = e % 3 - 1
        e = e // 3
    return p


REPONSES = {"Q6_borne": 6, "Q15_tours": 25}

REQUETES = {
    "Q22": "SELECT caseX, caseY FROM plateaux WHERE codePlateau = 3917277946 AND joueurActif = 1 AND profondeur = "
           "(SELECT MAX(profondeur) FROM plateaux WHERE codePlateau = 3917277946 AND joueurActif = 1)",
    "Q23": "SELECT AVG(score) FROM parties AS p JOIN joueurs AS j ON j.idJoueur = p.joueurs_idJ1 "
           "WHERE nomComplet = 'Beth Harmon'",
    "Q24": "SELECT nomComplet, score FROM joueurs AS j JOIN parties AS p ORDER BY score LIMIT 3",
}
