"""The demo class: simulated students, their mistakes, and the marks they must get.

Every student hands in the *current* release notebooks with each answer cell
(found by its nbgrader ``grade_id``) filled in from the course's own solution
(the ``### BEGIN SOLUTION`` regions of the source notebooks), except for the
cells listed in their mistakes, which hold the code that student wrote
instead.  Justification cells (graded by hand) get a short French text.

For each student the test cells a mistake costs are written down next to it
(``Erreur.echecs``), with what a corrector would still give: the rule families
the mistake breaks (``Erreur.perdues``, their weights read from the specs) or,
for a literal answer graded per item, how many items are wrong
(``Erreur.items_faux``).  Every other automatic cell must get full marks.
``tests/test_demo_class.py`` autogrades the class and checks exactly that.

>>> [e.identifiant for e in CLASSE][:3]
['lefebvre_sarah', 'martin_hugo', 'bernard_chloe']
>>> sorted(echecs_attendus(eleve("martin_hugo"), "partie2_structure"))
['q4_tests', 'q8_tests']
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import inspect
import itertools
import re
import textwrap
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import nbformat

from awale_ref.sujets.ccinp_2024 import facts
from pipeline.build import _SOLUTION, ASSIGNMENTS, corps_de_reference, lire_source, question_de, sujet_de
from pipeline.variantes_copiees import valeurs_litterales

# Questions of each assignment (the split of COURSE.md).
_PARTIES = {"partie1_regles": range(1, 4), "partie2_structure": range(4, 17), "partie3_ia": range(17, 22),
            "partie3_sql": range(22, 26)}


def assignment_de(grade_id: str) -> str:
    """The CCINP assignment holding the cell ``grade_id`` (another subject's mistakes name theirs).

    >>> assignment_de("q17_gain")
    'partie3_ia'
    """
    numero = int(question_de(grade_id)[1:])
    for a, questions in _PARTIES.items():
        if numero in questions:
            return a
    raise ValueError(f"grade_id {grade_id!r}: question outside Q1-Q25")


@dataclass(frozen=True)
class Erreur:
    """One mistake: the answer cell ``grade_id`` holds ``code``; the test cells ``echecs`` lose points.

    ``perdues`` names the rule families the mistake breaks (empty: the whole
    cell is lost); ``items_faux`` counts the wrong items of a literal answer
    graded per item (a node of Q18 whose VJ alone is wrong counts 0.5).
    """

    grade_id: str
    code: str
    echecs: tuple[str, ...]
    description: str
    perdues: tuple[str, ...] = ()
    items_faux: float = 0
    devoir: str = ""  # the assignment (a CCINP one is found from the question's number)
    # values asked on per-student data: the code this student writes, from ``code`` and their id (None: ``code``);
    # what it keeps of each test cell is then judged on the student's own data (:func:`part_sur_la_variante`)
    pour_l_eleve: Callable[[str, str], str] | None = None

    @property
    def assignment(self) -> str:
        return self.devoir or assignment_de(self.grade_id)

    def code_de(self, identifiant: str) -> str:
        """The cell the student ``identifiant`` hands in."""
        return self.code if self.pour_l_eleve is None else self.pour_l_eleve(self.code, identifiant)


@dataclass(frozen=True)
class Eleve:
    """A simulated student (``identifiant`` is nbgrader's student id)."""

    identifiant: str
    prenom: str
    nom: str
    profil: str
    erreurs: tuple[Erreur, ...] = ()
    rendus: tuple[str, ...] = ASSIGNMENTS   # assignments handed in
    vierge: bool = False                    # hands in the release notebooks untouched
    en_retard: tuple[str, ...] = ()         # assignments submitted after the due date
    style: int = 0                          # which wording of the justifications
    justifie_comme: str = ""                # the classmate whose justifications this student hands in (copied)


def _code(texte: str) -> str:
    return textwrap.dedent(texte).strip("\n")


def _variante(nom: str, *remplacements: tuple[str, str, int], module: str = "awale_ref.sujets.ccinp_2024.exam") -> str:
    """The reference ``<module>.<nom>`` as a student would write it, with one mistake.

    Each ``(avant, apres, fois)`` replaces ``avant``, which must occur exactly
    ``fois`` times, so the mistake stays one precise change of the reference.

    >>> print(_variante("tour_joueur1", ("== 0", "== 1", 1)))
    def tour_joueur1(jeu):
        return jeu['n'] % 2 == 1
    """
    import importlib

    parametres = ", ".join(inspect.signature(getattr(importlib.import_module(module), nom)).parameters)
    code = f"def {nom}({parametres}):\n" + corps_de_reference(nom, "    ", module)
    for avant, apres, fois in remplacements:
        if code.count(avant) != fois:
            raise ValueError(f"{nom}: {avant!r} occurs {code.count(avant)} times in the reference, not {fois}")
        code = code.replace(avant, apres)
    return code


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


# ---------------------------------------------------------------- mistakes in the Olympiades (second subject)
_IMAGES, _LYCEE = "awale_ref.sujets.olympiades_2025_images.images", "awale_ref.sujets.olympiades_2025_awale.awale_lycee"

LIGNES_PARTAGEES = Erreur("q2_creer_image", _code("""
    def creer_image(n, m, c):
        return [[c] * m] * n
    """), ("q2_tests",), "Images Q2 : [[c] * m] * n répète la même ligne (modifier un pixel change sa colonne)",
    perdues=("lignes distinctes (pas [[c] * m] * n, qui répète la même liste)",), devoir="olympiades_images")

COMPTE_SANS_ZERO_INITIAL = Erreur("q9_compte_0_1", _variante(
    "compte_0_1", ("    valeur = 0  # on compte toujours d'abord les 0\n", "    valeur = ligne01[0] if ligne01 else 0\n", 1),
    module=_IMAGES), ("q9_tests",), "Images Q9 : commence par compter la couleur du premier pixel, pas les 0",
    perdues=("lignes qui commencent par 1 : le code commence par 0",), devoir="olympiades_images")

RECTANGLE_UNE_LIGNE = Erreur("q16_rectangle_max", _code("""
    def rectangle_max(img, pos):
        return (1, dim_largeur_max(img, pos, len(img[0]) - 1))
    """), ("q16_tests",), "Images Q16 : ne cherche jamais plus d'une ligne (le rectangle le plus large)",
    perdues=("rectangles de plusieurs lignes",), devoir="olympiades_images")

DECOMPRESSION_SANS_COUL = Erreur("q18_decompression_rectangle", _variante(
    "decompression_rectangle", ('        if "couleur" in rect:  # CLE_COULEUR, la clef de la définition\n'
                                '            couleur = rect["couleur"]\n'
                                '        else:                  # CLE_COULEUR_EXEMPLES, celle des exemples\n'
                                '            couleur = rect["coul"]\n', '        couleur = rect["couleur"]\n', 1),
    module=_IMAGES), ("q18_tests",), "Images Q18 : ne lit que la clef \"couleur\", pas \"coul\" des exemples",
    perdues=("clef \"coul\" des exemples",), devoir="olympiades_images")

NB_EN_PLACE = Erreur("q5_passer_en_nb", _code("""
    def passer_en_nb(img):
        for ligne in img:
            for j in range(len(ligne)):
                pixel = ligne[j]
                ligne[j] = noir_ou_blanc((pixel[0] + pixel[1] + pixel[2]) / 3)
        return img
    """), ("q5_tests",), "Images Q5 : transforme l'image reçue au lieu d'en créer une nouvelle",
    perdues=("image reçue non modifiée (une nouvelle image est renvoyée)",), devoir="olympiades_images")

SITUATIONS_Q15_ECHANGEES = Erreur("q15_reponse", _code("""
    Q15_situations = {1: "plusieurs colonnes", 2: "toute la hauteur", 3: "arrêts par la couleur", 4: "un seul pixel"}
    """), ("q15_tests",), "Images Q15 : confond les situations des tests 2 et 3", items_faux=2,
    devoir="olympiades_images")

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


# ---------------------------------------------------------------- the attractor subject
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

MIN_MAX_OPT_SANS_MEMO = Erreur("q32_min_max_opt", _code("""
    def min_max_opt(x, p, bool):
        return min_max(x, p, bool)
    """), ("q32_tests",), "Attracteurs Q32 : min_max_opt appelle min_max (pas de mémoïsation)",
    perdues=("mémoïsation (appels de coups comptés)",), devoir=_STRATEGIES)

CHOIX_PREMIER_MAXIMUM = Erreur("q33_choix_ind_max", _code("""
    def choix_ind_max(L):
        return L.index(max(L))
    """), ("q33_tests",), "Attracteurs Q33 : renvoie toujours le premier maximum, sans tirage au hasard",
    perdues=("tiré au hasard parmi tous les maximums",), devoir=_STRATEGIES)


# ---------------------------------------------------------------- mistakes in Othello (third subject)
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


# ---------------------------------------------------------------- two students who copy
def _recopiee(erreur: Erreur, renommages: dict[str, str] | None = None,
              echanges: tuple[tuple[str, str], ...] = (), avant: str = "", copiee_sur: str = "") -> Erreur:
    """``erreur`` copied by another student: blocks swapped (``echanges``: two blocks that each occur
    once), then names renamed (``renommages``, only the Python names, never strings or keys), ``avant``
    added in front.  The copy loses the same points (the tests call the functions by position).

    >>> print(_recopiee(PARITE_INVERSEE, echanges=(("jeu['n']", "2"),), avant="# Q4\\n").code)
    # Q4
    def tour_joueur1(jeu):
        return 2 % jeu['n'] == 1
    """
    import io
    import tokenize

    code = erreur.code
    for premier, second in echanges:
        if code.count(premier) != 1 or code.count(second) != 1:
            raise ValueError(f"{erreur.grade_id}: blocks to swap must occur once: {premier!r}, {second!r}")
        code = code.replace(premier, "\0").replace(second, premier).replace("\0", second)
    lignes = code.splitlines(keepends=True)
    debuts = [0] + list(itertools.accumulate(len(ligne) for ligne in lignes))
    noms = [(debuts[t.start[0] - 1] + t.start[1], debuts[t.end[0] - 1] + t.end[1], t.string)
            for t in tokenize.generate_tokens(io.StringIO(code).readline)
            if t.type == tokenize.NAME and t.string in (renommages or {})]
    for debut, fin, nom in reversed(noms):
        code = code[:debut] + renommages[nom] + code[fin:]
    description = f"{erreur.description} (copiée sur {copiee_sur})" if copiee_sur else erreur.description
    return dataclasses.replace(erreur, code=avant + code, description=description)


# Théo copies all of Chloé Bernard's notebooks: variables renamed, her two functions of Q13 in the other order;
# her justifications word for word (``Eleve.justifie_comme``).
_DEUX_FONCTIONS_Q13 = CASES_SANS_FAMINE.code.split("\n\n\n")
COPIES_DE_CHLOE = (
    _recopiee(RECOLTE_ITERATIVE, {"total": "recolte"}, copiee_sur="Chloé Bernard"),
    _recopiee(CASES_SANS_FAMINE, {"jouables": "liste", "numero": "c", "graines": "nb", "plateau": "p"},
              ((_DEUX_FONCTIONS_Q13[0], _DEUX_FONCTIONS_Q13[1]),), copiee_sur="Chloé Bernard"),
    _recopiee(LIGNES_PARTAGEES, avant="# une image de n lignes de m pixels\n", copiee_sur="Chloé Bernard"),
)
# Lina copies two questions of Camille Durand's, as they are, a comment in front.
COPIES_DE_CAMILLE = (
    _recopiee(MAX_INTERDIT, avant="# la plus grande valeur, puis sa case\n", copiee_sur="Camille Durand"),
    _recopiee(IA_PROFONDEUR_5, avant="# l'IA joue pour les deux joueurs\n", copiee_sur="Camille Durand"),
)


def _valeurs_de(camarade: str) -> Callable[[str, str], str]:
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


# ---------------------------------------------------------------- the class
CLASSE: tuple[Eleve, ...] = (
    Eleve("lefebvre_sarah", "Sarah", "Lefebvre", "tout juste", style=0),
    Eleve("martin_hugo", "Hugo", "Martin", "semis et parité ; plages sans 0 initial",
          (SANS_SAUT_ORIGINE, PARITE_INVERSEE, COMPTE_SANS_ZERO_INITIAL, EMPILE_COULEURS_SEULES, H_SIGNES_INVERSES, DEPART_LIGNES_PARTAGEES, NAIVE_TOUJOURS_MAX),
          style=1),
    Eleve("bernard_chloe", "Chloé", "Bernard", "récolte itérative, cases jouables sans la famine ; lignes d'image "
          "partagées", (RECOLTE_ITERATIVE, CASES_SANS_FAMINE, LIGNES_PARTAGEES), style=2),
    Eleve("petit_lucas", "Lucas", "Petit", "copie superficielle, SQL sans tri ; famine dans le sens du CCINP",
          (COPIE_SUPERFICIELLE, SQL_SANS_ORDER_BY, FAMINE_SENS_CCINP, COUPS_EN_DOUBLE, ITERATION_SUR_UNE_COPIE, COPIE_PLATEAU_SUPERFICIELLE, ENCODE_SANS_DECALAGE),
          style=0),
    Eleve("robert_emma", "Emma", "Robert", "famine qui modifie le plateau, SQL mal groupé ; sans la règle des 45",
          (FAMINE_MODIFIE_PLATEAU, SQL_GROUPE_PAR_NOM, SANS_REGLE_45, TUPLE_AUXILIAIRE, STRATEGIE_TOUJOURS_LA_PREMIERE, FRONTIERE_MODIFIE_L, MINMAX_CASE_ECRASEE),
          style=1),
    Eleve("richard_nathan", "Nathan", "Richard", "fin de partie décalée, partie II rendue en retard ; "
          "rectangles d'une ligne", (FIN_DECALEE, RECTANGLE_UNE_LIGNE, DIRECTION_SANS_BORD, SQL_PROFONDEUR_LIMIT_1), style=2, en_retard=("partie2_structure",)),
    Eleve("durand_camille", "Camille", "Durand", "max() interdit, IA à la profondeur 5 ; clef coul ignorée",
          (MAX_INTERDIT, IA_PROFONDEUR_5, DECOMPRESSION_SANS_COUL), style=0),
    Eleve("leroy_manon", "Manon", "Leroy", "gain modifie le jeu ; image modifiée en place",
          (GAIN_MODIFIE_JEU, GAGNANT_CAMPS_INVERSES, NB_EN_PLACE, SOMMETS_PARITE_FIXE, JEU_ANNONCE_J1, POSER_SUR_P, SQL_BETH_SECONDE), style=1),
    Eleve("david_zoe", "Zoé", "David", "importe la référence ; semis lycée sans saut",
          (IMPORTE_REFERENCE, SEMIS_SANS_SAUT_LYCEE, DICO_SANS_MEMO, MIN_MAX_OPT_SANS_MEMO, FRONTIERE_AVEC_IN), style=2),
    Eleve("michel_louise", "Louise", "Michel", "gain faux en Q2 ; tests de Q15 confondus ; colle le corrigé d'Othello",
          (GAIN_Q2_FAUX, SITUATIONS_Q15_ECHANGEES, N1_N2_ECHANGES, CHOIX_PREMIER_MAXIMUM, NAIVE_DERNIERE_CASE,
           FRONTIERE_ET_CORRIGE_COLLE), style=0),
    Eleve("garcia_adam", "Adam", "Garcia", "arbre faux en Q18, camp adverse décalé ; gagnant jamais affiché, parité",
          (ARBRE_Q18_FAUX, CAMP_ADVERSE_DECALE, AWALE_SANS_GAGNANT, PARITE_Q2_LYCEE, DIRECTION_P_H_H), style=1),
    Eleve("laurent_jules", "Jules", "Laurent", "copie blanche", vierge=True),
    Eleve("bertrand_ines", "Inès", "Bertrand", "n'a rendu que la partie I", rendus=("partie1_regles",), style=2),
    # the two who copy (pipeline/similarite.py must rank them first)
    Eleve("fournier_theo", "Théo", "Fournier", "copie de Chloé Bernard, variables renommées, fonctions réordonnées, "
          "et ses justifications", COPIES_DE_CHLOE, style=2, justifie_comme="bernard_chloe"),
    Eleve("girard_lina", "Lina", "Girard", "Q20 et Q21 copiées sur Camille Durand", COPIES_DE_CAMILLE, style=0),
    # copies the value answers of Part I from a classmate whose figures are not hers (the report must name her)
    Eleve("roux_emma", "Emma", "Roux", "réponses de la partie I recopiées sur Sarah Lefebvre (une autre variante)",
          VALEURS_DE_SARAH, style=1),
)

COPIEURS = {"fournier_theo": "bernard_chloe", "girard_lina": "durand_camille"}
"""Who copied from whom in the demo class (each copier's pair must come first in the similarity report)."""
COLLEURS = {"michel_louise": _OTHELLO}
"""Who pasted code from a public source (module -> « proche de corrigé public <module> » in the similarity report)."""
COPIEURS_DE_VARIANTE = {"roux_emma": "lefebvre_sarah"}
"""Who handed in a classmate's value answers (``pipeline.variantes_copiees`` must name them, with variants on)."""


def _identifiant(prenom: str, nom: str) -> str:
    """nbgrader's student id of a generated student: ``nom_prenom``, lower-case ASCII letters.

    >>> _identifiant("Inès", "Le Gall")
    'legall_ines'
    """
    def lettres(texte: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFKD", texte.lower()) if "a" <= c <= "z")

    return f"{lettres(nom)}_{lettres(prenom)}"


def classe_de(nombre: int) -> tuple[Eleve, ...]:
    """A demo class of ``nombre`` students (``python -m pipeline.demo --eleves N``).

    The first are the students of ``CLASSE``; beyond them, new students (French
    names from :mod:`awale_ref.noms`, fixed seed) take the same profiles in turn, the model
    student's included, so a class of 45 has every mistake three times or so.

    >>> [e.identifiant for e in classe_de(2)]
    ['lefebvre_sarah', 'martin_hugo']
    >>> grande = classe_de(45)
    >>> len(grande), len({e.identifiant for e in grande}), grande[len(CLASSE)].erreurs == CLASSE[0].erreurs
    (45, 45, True)
    """
    if nombre < 1:
        raise ValueError(f"a class needs at least one student, got {nombre!r}")
    if nombre <= len(CLASSE):
        return CLASSE[:nombre]
    from awale_ref.noms import TirageDeNoms

    faux = TirageDeNoms(2024)
    pris = {e.identifiant for e in CLASSE}
    classe = list(CLASSE)
    while len(classe) < nombre:
        prenom, nom = faux.prenom(), faux.nom()
        identifiant = _identifiant(prenom, nom)
        if identifiant in pris or "_" not in identifiant.strip("_"):
            continue
        pris.add(identifiant)
        modele = CLASSE[(len(classe) - len(CLASSE)) % len(CLASSE)]
        classe.append(dataclasses.replace(modele, identifiant=identifiant, prenom=prenom, nom=nom))
    return tuple(classe)


def eleve(identifiant: str) -> Eleve:
    """The student called ``identifiant``."""
    for e in CLASSE:
        if e.identifiant == identifiant:
            return e
    raise ValueError(f"no demo student {identifiant!r}; known: {', '.join(e.identifiant for e in CLASSE)}")


def echecs_attendus(e: Eleve, assignment: str | None = None) -> set[str]:
    """The test cells that lose points in the student's submitted notebooks (or in ``assignment``'s),
    blank students aside."""
    return {gid for erreur in e.erreurs for gid in erreur.echecs if assignment in (None, erreur.assignment)}


_ITEMS = {("partie1_regles", "Q2"): lambda: len(facts.Q2_GAINS), ("partie3_ia", "Q18"): lambda: len(facts.Q18_ARBRE),
          ("olympiades_images", "Q15"): lambda: 4}
"""How many items a literal answer graded per item has (per assignment: question numbers repeat across subjects)."""


@functools.lru_cache(maxsize=None)
def questions_des_tests(assignment: str) -> dict[str, tuple[str, ...]]:
    """``{test cell's grade_id: the questions its hidden tests judge}`` of an assignment (its course source)."""
    from pipeline.autograde.structure import questions_cachees

    return {c.metadata["grade_id"]: tuple(q for q, _ in questions_cachees(c.source))
            for c in lire_source(assignment).cells if "tests" in c.metadata.get("tags", ()) and c.cell_type == "code"}


def part_sur_la_variante(erreur: Erreur, grade_id: str, identifiant: str) -> float:
    """The share of the test cell ``grade_id`` a value mistake keeps for the student ``identifiant``: their cell
    judged as the judge does, on their own data (the values asked on per-student data)."""
    from awale_ref.grading.reponses_structurees import verifier_reponse

    sujet = sujet_de(erreur.assignment)
    valeurs = valeurs_litterales(erreur.code_de(identifiant))
    parts = [verifier_reponse(q, valeurs[q], sujet.reponses, sujet.donnees_de(q, identifiant)).part
             for q in questions_des_tests(erreur.assignment)[grade_id]]
    return sum(parts) / len(parts)


def part_gardee(erreur: Erreur) -> float:
    """The share of its test cell's points a mistake keeps, as the grader's rule families weigh it.

    The weights come from the question's spec (``Famille.poids``; Q25's three
    SQL families weigh the same); a constraint or accessory family earns
    nothing once every main family is lost, as in
    :func:`awale_ref.grading.rendu.resultat_du_bilan`.

    >>> [round(part_gardee(err), 3) for err in (RECOLTE_ITERATIVE, PARITE_INVERSEE, COPIE_SUPERFICIELLE, GAIN_Q2_FAUX)]
    [0.667, 0.0, 0.0, 0.667]
    """
    question = question_de(erreur.grade_id)
    if erreur.items_faux:
        return 1 - erreur.items_faux / _ITEMS[(erreur.assignment, question)]()
    if not erreur.perdues:
        return 0.0
    sujet = sujet_de(erreur.assignment)
    rubriques = sujet.type_de(question).familles(question)
    familles = [(f.nom, f.poids, f.principale) for f in rubriques]
    inconnues = set(erreur.perdues) - {nom for nom, _, _ in familles}
    if inconnues:
        raise ValueError(f"{erreur.grade_id}: {sorted(inconnues)} are not rule families of {question}; "
                         f"known: {[nom for nom, _, _ in familles]}")
    if all(nom in erreur.perdues for nom, _, principale in familles if principale):
        return 0.0
    return sum(poids for nom, poids, _ in familles if nom not in erreur.perdues)


# ---------------------------------------------------------------- justifications
# Each wording is a template: ``{a|b|c}`` is a choice of phrasing (choices may nest), made per student
# (:func:`justification`), so that two students rarely write the same phrase; the three wordings of a question
# are the three kinds of answer the simulated teacher grades (:data:`APPRECIATIONS`: complete, complete, a step
# missing), whatever the phrasing.
_JUSTIFICATIONS = {
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
_JUSTIFICATION_GENERIQUE = ("{J'applique|Je suis|J'utilise} les règles de la partie I {case par case|une case après "
                            "l'autre|pas à pas}, {dans l'ordre du semis|en suivant le semis|dans le sens du jeu}.",
                            "{Je suis l'énoncé pas à pas|Je reprends l'énoncé étape par étape|Je déroule l'énoncé} "
                            "et {je vérifie avec mon code|je contrôle avec mon programme|mon code le confirme}.",
                            "{Voir le raisonnement|Raisonnement|Explication} : {on suit les règles du jeu dans "
                            "l'ordre|les règles s'appliquent dans l'ordre|on applique les règles une à une}.")
_REMARQUE = (" {Le point délicat {est|était}|Il {faut|fallait} surtout faire attention à|Le piège {est|serait}|Ce qui "
             "demande {du soin|de l'attention}, c'est} {de bien compter les graines|l'ordre des cases|de ne rien "
             "oublier|la lecture de l'énoncé|la numérotation des cases|le sens du semis}{.|, comme en cours.| : j'ai "
             "fait un tableau.| : je l'ai écrit {au brouillon|à part}.}"
             " {J'ai|Je l'ai|Tout est} {vérifié|contrôlé|refait|recompté|relu} {sur|avec} {le plateau de l'énoncé|un "
             "{dessin|schéma} {au brouillon|du plateau|}|mes {notes|calculs}|le code {de la partie II|écrit avant}|une "
             "simulation {à la main|graine par graine|}} {avant de répondre|pour être {sûr|sûre}|à la fin|deux fois|en "
             "{recomptant|comptant} les graines|}.")
"""Two last sentences each student adds to a justification, in words of their own (made like the wordings)."""
_CHOIX = re.compile(r"\{([^{}]*)\}")


# What the simulated teacher gives each wording of a justification in the formgrader (share of the points).
APPRECIATIONS = {0: (1.0, "Justification complète et exacte."),
                 1: (1.0, "Exact et bien expliqué."),
                 2: (0.5, "Exact, mais une étape du raisonnement manque.")}


def note_manuelle(e: Eleve, points: float) -> tuple[float, str]:
    """The simulated teacher's mark and comment for one of ``e``'s written justifications."""
    part, commentaire = APPRECIATIONS[e.style % len(APPRECIATIONS)]
    return part * points, commentaire


def notes_manuelles(racine: Path, classe: tuple[Eleve, ...] = CLASSE) -> list:
    """The simulated teacher's marks for every justification the class wrote, as ``pipeline.notes_manuelles`` reads them."""
    from pipeline.notes_manuelles import NoteManuelle

    notes = []
    for a, cellules in bareme(racine).items():
        for e in classe:
            if e.vierge or a not in e.rendus:
                continue  # an untouched justification is 0, given by nbgrader itself
            for gid, pts, manuel in cellules:
                if manuel:
                    notes.append(NoteManuelle(e.identifiant, a, gid, *note_manuelle(e, pts)))
    return notes


def justification(grade_id: str, style: int, identifiant: str, assignment: str = "partie1_regles") -> str:
    """A short French justification for the manual cell ``grade_id`` of ``assignment``: the wording ``style``
    of the question (a CCINP question's own, else a general one), each of its choices of phrasing (``{a|b|c}``)
    made from a hash of the student ``identifiant``, the cell and the choice's place (the same student always
    writes the same text; two students rarely the same phrase).

    >>> justification("q1_justification", 1, "martin_hugo").startswith("Alice ")
    True
    >>> len({justification("q3_justification", 0, e.identifiant) for e in CLASSE}) == len(CLASSE)
    True
    """
    question = grade_id.split("_", 1)[0]
    propre = assignment in _PARTIES and question in _JUSTIFICATIONS
    variantes = _JUSTIFICATIONS[question] if propre else _JUSTIFICATION_GENERIQUE
    places = itertools.count()

    def choisir(choix: re.Match) -> str:
        options = choix.group(1).split("|")
        graine = hashlib.blake2b(f"{identifiant}/{grade_id}/{next(places)}".encode(), digest_size=8).digest()
        return options[int.from_bytes(graine, "big") % len(options)]

    texte = variantes[style % len(variantes)] + (_REMARQUE if propre else "")
    while _CHOIX.search(texte):   # the innermost choices first, then the choices they are part of
        texte = _CHOIX.sub(choisir, texte)
    return re.sub(r" +([.,])", r"\1", re.sub(r"  +", " ", texte))   # where an empty choice was made


# ---------------------------------------------------------------- building the submissions
def solution_propre(source: str) -> str:
    """A solution cell of the source notebook as a student who got it right would write it.

    >>> solution_propre("def f(x):\\n    ### BEGIN SOLUTION\\n    return x\\n    ### END SOLUTION")
    'def f(x):\\n    return x'
    """
    return _SOLUTION.sub(lambda m: m.group(2), source + "\n").rstrip("\n")


def _cellules_reponse(nb: nbformat.NotebookNode) -> dict[str, nbformat.NotebookNode]:
    return {c.metadata["nbgrader"]["grade_id"]: c for c in nb.cells
            if c.metadata.get("nbgrader", {}).get("solution")}


def grade_ids_reponse(racine: Path, assignment: str) -> set[str]:
    """The grade ids of the answer cells of the release notebook of ``assignment``."""
    release = nbformat.read(racine / "release" / assignment / f"{assignment}.ipynb", as_version=4)
    return set(_cellules_reponse(release))


def reponses_de_la_variante(code: str, assignment: str, identifiant: str) -> str:
    """An answer cell with each value asked on per-student data (``Sujet.variantes``) answered for the variant of
    ``identifiant``: every ``Qn = …`` of such a question becomes the reference's answer on that student's data
    (the statement's when variants are off). Other lines are kept.

    >>> print(reponses_de_la_variante("# un mot\\nQ6_bits = 6", "partie1_regles", "x"))
    # un mot
    Q6_bits = 6
    """
    import ast

    sujet = sujet_de(assignment)
    lignes = code.split("\n")
    for noeud in reversed(ast.parse(code).body):
        if (isinstance(noeud, ast.Assign) and len(noeud.targets) == 1 and isinstance(noeud.targets[0], ast.Name)
                and (variante := sujet.donnees_de(noeud.targets[0].id, identifiant)) is not None):
            nom = noeud.targets[0].id
            valeur = sujet.reponses[nom][1](variante[1])
            lignes[noeud.lineno - 1:noeud.end_lineno] = [f"{nom} = {valeur!r}"]
    return "\n".join(lignes)


def copie_rendue(e: Eleve, release: nbformat.NotebookNode, source: nbformat.NotebookNode,
                 assignment: str) -> nbformat.NotebookNode:
    """The notebook ``e`` hands in for ``assignment``: the release with the answers filled in."""
    rendu = copy.deepcopy(release)
    if e.vierge:
        return rendu
    solutions = _cellules_reponse(source)
    erreurs = {err.grade_id: err for err in e.erreurs if err.assignment == assignment}
    for gid, cell in _cellules_reponse(rendu).items():
        if gid in erreurs:
            cell.source = erreurs[gid].code_de(e.identifiant)
        elif cell.cell_type == "markdown":
            auteur = eleve(e.justifie_comme) if e.justifie_comme else e
            cell.source = justification(gid, auteur.style, auteur.identifiant, assignment)
        elif gid in solutions:  # the course's answer, on this student's own data where it is drawn per student
            cell.source = reponses_de_la_variante(solution_propre(solutions[gid].source), assignment, e.identifiant)
        else:
            raise ValueError(f"answer cell {gid!r} of the release is not in the source notebook")
    return rendu


def verifier_erreurs(racine: Path, classe: tuple[Eleve, ...] = CLASSE) -> None:
    """Every mistake names an answer cell, and every expected failure a test cell, of the current notebooks."""
    reponses: dict[str, set[str]] = {}
    tests: dict[str, set[str]] = {}
    for a in ASSIGNMENTS:
        chemin = racine / "release" / a / f"{a}.ipynb"
        if not chemin.exists():
            continue
        nb = nbformat.read(chemin, as_version=4)
        reponses[a] = set(_cellules_reponse(nb))
        tests[a] = {c.metadata["nbgrader"]["grade_id"] for c in nb.cells
                    if c.metadata.get("nbgrader", {}).get("grade") and c.cell_type == "code"}
    for e in classe:
        if e.justifie_comme and eleve(e.justifie_comme).style % len(APPRECIATIONS) != e.style % len(APPRECIATIONS):
            raise ValueError(f"{e.identifiant} copies the justifications of {e.justifie_comme}, who writes another "
                             f"kind of justification (style): the simulated teacher's mark would not fit the text")
        for err in e.erreurs:
            if err.assignment not in reponses:
                continue  # that notebook is not built (yet)
            if err.grade_id not in reponses[err.assignment]:
                raise ValueError(f"{e.identifiant}: mistake in {err.grade_id!r}, which is not an answer cell "
                                 f"of the release notebook {err.assignment}")
            inconnus = set(err.echecs) - tests[err.assignment]
            if inconnus:
                raise ValueError(f"{e.identifiant}: expected failures {sorted(inconnus)} are not test cells")


def ecrire_soumissions(racine: Path, classe: tuple[Eleve, ...] = CLASSE,
                       assignments: tuple[str, ...] | None = None) -> list[Path]:
    """Write ``submitted/<student>/<assignment>/<assignment>.ipynb`` for the class; return the paths.

    The folders of these students are rewritten from scratch (a second run gives the same files).
    """
    assignments = assignments or tuple(a for a in ASSIGNMENTS if (racine / "release" / a).exists())
    verifier_erreurs(racine, classe)
    ecrits = []
    for a in assignments:
        release = nbformat.read(racine / "release" / a / f"{a}.ipynb", as_version=4)
        source = nbformat.read(racine / "source" / a / f"{a}.ipynb", as_version=4)
        for e in classe:
            dossier = racine / "submitted" / e.identifiant / a
            if dossier.exists():
                for vieux in dossier.iterdir():
                    vieux.unlink()
            if a not in e.rendus:
                if dossier.exists():
                    dossier.rmdir()
                continue
            dossier.mkdir(parents=True, exist_ok=True)
            chemin = dossier / f"{a}.ipynb"
            nbformat.write(copie_rendue(e, release, source, a), chemin)
            ecrits.append(chemin)
    return ecrits


def scores_attendus(e: Eleve, bareme: dict[str, list[tuple[str, float, bool]]],
                    manuelles: bool = True) -> dict[tuple[str, str], float | None]:
    """``{(assignment, grade_id): expected score}`` of every graded cell of the notebooks ``e`` handed in.

    ``bareme`` maps an assignment to its graded cells ``(grade_id, points, manual)``.  A manual cell
    the student wrote in gets the simulated teacher's mark (:func:`note_manuelle`), or ``None`` (left to
    the teacher) with ``manuelles=False``; an untouched one is 0.

    >>> bareme = {"partie2_structure": [("q4_tests", 1, False), ("q8_tests", 3, False)]}
    >>> scores_attendus(eleve("martin_hugo"), bareme)
    {('partie2_structure', 'q4_tests'): 0.0, ('partie2_structure', 'q8_tests'): 1.0}
    >>> scores_attendus(eleve("bernard_chloe"), {"partie1_regles": [("q1_justification", 1, True)]})
    {('partie1_regles', 'q1_justification'): 0.5}
    """
    echecs = {(erreur.assignment, gid): part_gardee(erreur) if erreur.pour_l_eleve is None
              else part_sur_la_variante(erreur, gid, e.identifiant) for erreur in e.erreurs for gid in erreur.echecs}
    attendus: dict[tuple[str, str], float | None] = {}
    for a, cellules in bareme.items():
        if a not in e.rendus:
            continue
        for gid, pts, manuel in cellules:
            if e.vierge:
                attendus[(a, gid)] = 0
            elif manuel:
                attendus[(a, gid)] = note_manuelle(e, pts)[0] if manuelles else None
            else:
                # rounded as the feedback writes the points nbgrader reads (two decimals)
                attendus[(a, gid)] = round(echecs[(a, gid)] * pts, 2) if (a, gid) in echecs else pts
    return attendus


def bareme(racine: Path) -> dict[str, list[tuple[str, float, bool]]]:
    """The graded cells ``(grade_id, points, manual)`` of each source notebook under ``racine``."""
    res = {}
    for a in ASSIGNMENTS:
        chemin = racine / "source" / a / f"{a}.ipynb"
        if chemin.exists():
            nb = nbformat.read(chemin, as_version=4)
            res[a] = [(c.metadata["nbgrader"]["grade_id"], c.metadata["nbgrader"]["points"], c.cell_type == "markdown")
                      for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")]
    return res
