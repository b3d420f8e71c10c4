"""The Othello subject (EPITA PSI 2024, DS4): reference, specs, the key graded as a student.

- the reference passes its own specs, and every rule family covers cases;
- properties of the reference (hypothesis), on positions of random legal games;
- the answer key, transcribed faithfully (``awale_ref/sujets/othello_epita_2024/tests/data/othello_corrige_epita.py``: OCR damage repaired,
  real mistakes kept), loses exactly the rule families of its real mistakes, :data:`PERTES_DU_CORRIGE`
  (and the whole of Q24, its lost join clause),
  in-process and through the real ``nbgrader autograde`` (sandbox on);
- the readings are rendered into ``docs/othello_lectures.md``.

The differential test against OpenSpiel is ``tests/test_othello_openspiel.py``.
"""

from __future__ import annotations

import ast
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from awale_ref.grading.eleve import checks, contraintes
from awale_ref.sujets.othello_epita_2024 import SUJET, othello as o, specs, variantes
from pipeline.build import RACINE
from outils import fichier_execute

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

CORRIGE = Path(__file__).parent / "data" / "othello_corrige_epita.py"

PERTES_DU_CORRIGE = {
    # question: the rule families the key's real mistakes lose (LECTURES)
    "Q9": {"ligne fermée au milieu du plateau",
           "ligne qui va jusqu'au bord (capture impossible, ou fermée sur le bord)"},  # p[h][h]
    "Q10": {"tous les cas"},  # appends and returns an undefined d (NameError)
    "Q16": {"J1 (j = 1) : la valeur la plus grande", "J2 (j = -1) : la valeur la plus petite"},  # last cell tried
    "Q17": {"profondeur 2", "profondeur 3"},  # c overwritten by the recursive call's cell
    "Q18": {"le joueur peut jouer"},  # the same
}
"""What the key loses; every other question of the key is right (the points lost on 20 in :func:`test_la_note_du_corrige`)."""


def _corrige() -> tuple[dict, str]:
    return fichier_execute(CORRIGE)


# ---------------------------------------------------------------- the reference and the specs
@pytest.mark.parametrize("question", list(SUJET.specs))
def test_la_reference_passe_ses_specs_et_chaque_famille_a_des_cas(question):
    spec, reference = SUJET.specs[question], SUJET.reference()
    cas = spec.cas()
    resultat = checks.verifier(spec, getattr(reference, spec.nom), cas, reference)
    assert resultat.ok, resultat.message
    attendus = [spec.attendu(c, reference) for c in cas]
    for famille in spec.rubriques():
        if famille.contrainte is None:
            assert any(famille.couvre(c, a) for c, a in zip(cas, attendus)), famille.nom


def test_les_exemples_sont_ceux_de_la_reference():
    for nom, exemples in o.EXEMPLES.items():
        for args, resultat in exemples:
            args = tuple(getattr(o, a) if type(a) is str else a for a in args)
            assert getattr(o, nom)(*args) == resultat, nom
    assert o.plateau_depart() == o.p_depart and o.cases_frontieres_de(o.p_depart) == o.l_depart
    assert sorted(o.cases_frontieres_de(o.p_milieu)) == o.l_milieu
    assert o.cases_jouables(o.p_milieu, o.l_milieu, 1) == o.jouables_milieu
    assert o.cases_jouables(o.p_milieu, o.l_milieu, -1) == o.jouables_milieu_j2


def test_les_cas_limites_sont_ce_que_leur_nom_dit():
    limites = {nom: (p, o.cases_frontieres_de(p), j) for nom, (p, j) in specs.CAS_LIMITES.items()}
    p, l, j = limites["passe (o ne peut pas jouer, x peut)"]
    assert not o.cases_jouables(p, l, j) and o.cases_jouables(p, l, -j)
    p, l, j = limites["deux joueurs bloqués, plateau pas plein"]
    assert not o.cases_jouables(p, l, 1) and not o.cases_jouables(p, l, -1) and l
    p, l, _ = limites["plateau plein"]
    assert l == [] and all(v != 0 for ligne in p for v in ligne)
    assert len(o.directions_possibles(limites["capture dans les huit directions"][0], (3, 3), 1)) == 8
    bord = limites["lignes adverses jusqu'au bord"][0]
    assert not o.est_direction_possible(bord, (0, 2), (0, 1), 1) and not o.est_direction_possible(bord, (0, 2), (1, 1), 1)
    assert o.est_direction_possible(limites["ligne fermée sur le bord"][0], (0, 2), (0, 1), 1)
    for nom, ecart in (("deux joueurs bloqués, J1 gagne d'un jeton", 1), ("deux joueurs bloqués, J2 gagne d'un jeton", -1)):
        p, l, j = limites[nom]
        assert not o.cases_jouables(p, l, 1) and not o.cases_jouables(p, l, -1) and o.score(p) == ecart


def test_reponses_structurees():
    assert o.REPONSES["Q15"] == max(n for n in range(60) if 7 ** n * o.TEMPS_PLATEAU_S < o.BUDGET_S)
    assert o.REPONSES["Q21"]["code_max"] == o.encode([[1] * 8 for _ in range(8)])
    assert o.REPONSES["Q21"]["code_max"].bit_length() == o.REPONSES["Q21"]["bits"]
    assert specs.verifier_reponse("Q2_coups", [(2, 3), (3, 2), (4, 5), (5, 4)]).ok
    assert specs.verifier_reponse("Q2_coups", [(2, 3), (3, 2), (4, 5)]).part == 0.75
    assert specs.verifier_reponse("Q2_coups", [(2, 3), (3, 2), (4, 5), (4, 4)]).part == 0.5
    assert specs.verifier_reponse("Q21_code", {"code_max": 3 ** 64 - 1, "bits": 64}).part == 0.5
    assert not specs.verifier_reponse("Q6_borne", 7).ok
    # the answers on the statement's own data (the default of the data drawn per student)
    assert specs.REPONSES_ATTENDUES["Q2_coups"][1]() == o.REPONSES["Q2"]
    assert specs.REPONSES_ATTENDUES["Q15_tours"][1]() == o.REPONSES["Q15"]
    assert variantes.Q15_ENONCE == {"coups": 7, "secondes": o.TEMPS_PLATEAU_S} and variantes.BUDGET_S == o.BUDGET_S


def test_les_positions_tirees_pour_q2_sont_celles_que_joue_la_reference():
    from awale_ref.sujets.othello_epita_2024 import positions

    assert variantes.POSITIONS_Q2 == tuple(positions.positions_jouees())
    assert all(positions.coder(variantes.decoder(c)) == c for c in variantes.POSITIONS_Q2)


# ---------------------------------------------------------------- properties of the reference
@st.composite
def positions_jouees(draw):
    """A position of a random legal game (passes played), its frontier and the player to move."""
    rng = random.Random(draw(st.integers(0, 10 ** 6)))
    coups = draw(st.integers(0, 70))
    p, j = o.plateau_depart(), 1
    l = o.cases_frontieres_de(p)
    for _ in range(coups):
        jouables = o.cases_jouables(p, l, j)
        if not jouables:
            if not o.cases_jouables(p, l, -j):
                break
            j = -j
            continue
        c = rng.choice(jouables)
        p, l, j = o.poser_jeton(p, c, j), o.cases_frontieres(p, l, c), -j
    return p, l, j


@settings(max_examples=150, deadline=None)
@given(positions_jouees())
def test_un_coup_ne_retourne_que_des_lignes_fermees_par_le_joueur(position):
    p, l, j = position
    assert sorted(l) == o.cases_frontieres_de(p)
    for c in o.cases_jouables(p, l, j):
        apres = o.poser_jeton(p, c, j)
        retournes = {(x, y) for x in range(8) for y in range(8) if p[x][y] != apres[x][y] and (x, y) != c}
        attendus = set()
        for d in o.directions_possibles(p, c, j):
            h, k = o.deplacer(c, d)
            while p[h][k] == -j:
                attendus.add((h, k))
                h, k = o.deplacer((h, k), d)
            assert p[h][k] == j  # the line is closed by a disc of the player
        assert retournes == attendus and all(p[x][y] == -j and apres[x][y] == j for x, y in retournes)
        assert o.score(apres) == o.score(p) + j * (1 + 2 * len(retournes))
        assert apres[c[0]][c[1]] == j


@settings(max_examples=100, deadline=None)
@given(positions_jouees())
def test_copie_codage_et_plateau_intact(position):
    p, l, j = position
    avant = [list(ligne) for ligne in p]
    copie = o.copier_plateau(p)
    assert copie == p and all(a is not b for a, b in zip(copie, p)) and o.score(copie) == o.score(p)
    assert o.decode(o.encode(p)) == p and 0 <= o.encode(p) < 3 ** 64
    for c in o.cases_jouables(p, l, j)[:3]:
        o.poser_jeton(p, c, j)
        o.cases_frontieres(p, l, c)
    assert p == avant


@settings(max_examples=40, deadline=None)
@given(positions_jouees())
def test_minmax_a_un_niveau_est_l_ia_naive(position):
    p, l, j = position
    if o.cases_jouables(p, l, j):
        naive = o.ia_naive(p, l, o.evaluation_positions, j)
        assert o.ia_minmax(p, l, o.evaluation_positions, j, 1) == naive
        assert o.ia_minmax_tp(p, l, o.evaluation_positions, j, 1, False) == naive


# ---------------------------------------------------------------- the key, graded as a student
def test_le_corrige_perd_exactement_ses_erreurs():
    espace, source = _corrige()
    reference = SUJET.reference()
    for question, spec in SUJET.specs.items():
        resultat = checks.verifier(spec, espace[spec.nom], spec.cas(), reference,
                                   cellules=[contraintes.Cellule("cellule de code n°1", source)])
        perdues = {nom for nom, ok in resultat.familles if not ok}
        principales = {f.nom for f in spec.rubriques() if f.principale}
        attendues = PERTES_DU_CORRIGE.get(question, set())
        if attendues >= principales:  # every main family lost: nothing is paid
            assert resultat.part == 0, question
        else:
            assert perdues == attendues, (question, resultat.message)
    for nom, valeur in espace["REPONSES"].items():
        assert specs.verifier_reponse(nom, valeur).ok
    from awale_ref.sujets.othello_epita_2024 import sql

    for question, requete in espace["REQUETES"].items():
        assert sql.preparer(question)(requete).ok == (question != "Q24"), question


def _points(question: str) -> float:
    from pipeline.build import lire_source, points

    return dict(points(lire_source("othello")))[f"{question.lower()}_tests"]


def test_la_note_du_corrige():
    """The points the key loses on 20, from its families' weights and the notebook's points."""
    perdus = 0.0
    for question, familles in PERTES_DU_CORRIGE.items():
        spec = SUJET.specs[question]
        principales = {f.nom for f in spec.rubriques() if f.principale}
        part = 0.0 if familles >= principales else sum(f.poids for f in spec.rubriques() if f.nom not in familles)
        perdus += (1 - part) * _points(question)
    perdus += _points("Q24")  # the lost join clause: the whole query
    assert perdus == pytest.approx(1.5 + 1 + 1.5 + 0.75 + 0.45 + 0.5)  # Q9, Q10, Q16, ½ Q17, 30 % Q18, Q24


def test_le_corrige_rendu_et_corrige_par_nbgrader(tmp_path):
    """The key handed in as a student's notebook and graded by ``nbgrader autograde`` (sandbox on): each
    test cell gets exactly the points :data:`PERTES_DU_CORRIGE` leaves (Q2's cells, unreadable in the key,
    and Q21, missing, are the course's answers; the justifications are left to the teacher)."""
    from pipeline import demo, demo_class, erreurs_simulees
    from pipeline.nbgrader_cli import nbgrader_ici
    from pipeline.report import lire_notes

    espace, source = _corrige()
    fonctions = {n.name: ast.get_source_segment(source, n) for n in ast.parse(source).body
                 if isinstance(n, ast.FunctionDef)}
    erreurs = []
    for question, spec in SUJET.specs.items():
        gid = f"{question.lower()}_{spec.nom}"
        perdues = tuple(PERTES_DU_CORRIGE.get(question, ()))
        erreurs.append(erreurs_simulees.Erreur(gid, fonctions[spec.nom], (f"{question.lower()}_tests",) if perdues else (),
                                         f"corrigé {question}", perdues=perdues, devoir="othello"))
    for nom, valeur in espace["REPONSES"].items():
        erreurs.append(erreurs_simulees.Erreur(f"{nom.split('_')[0].lower()}_reponse", f"{nom} = {valeur!r}", (),
                                         f"corrigé {nom}", devoir="othello"))
    for question, requete in espace["REQUETES"].items():
        echecs = ("q24_tests",) if question == "Q24" else ()  # the lost join clause
        erreurs.append(erreurs_simulees.Erreur(f"{question.lower()}_requete", f"{question} = {requete!r}", echecs,
                                         f"corrigé {question}", devoir="othello"))
    eleve = demo_class.Eleve("epita_corrige", "Corrigé", "EPITA", "le corrigé transcrit", tuple(erreurs),
                             rendus=("othello",))
    racine = tmp_path / "cours"
    assert demo.preparer_cours(racine, (eleve,), ("othello",)) == ("othello",)
    demo.distribuer_et_rendre(racine, ("othello",), (eleve,))
    for devoir in ("othello",):  # in this process, whose judge has the cases already (the class's grading on Dask: the demo)
        nbgrader_ici("autograde", devoir, "--force", racine=racine)
    _, _, liste = lire_notes(racine)
    obtenues = {("othello", n.grade_id): n.score for n in liste if n.eleve == eleve.identifiant}
    attendues = demo_class.scores_attendus(eleve, demo_class.bareme(racine), manuelles=False)
    assert obtenues == attendues
    assert sum(p for _, p, manuel in demo_class.bareme(racine)["othello"] if not manuel) \
        - sum(s for s in obtenues.values() if s is not None) == pytest.approx(5.7)
    shutil.rmtree(racine, ignore_errors=True)


def test_la_page_des_lectures_suit_la_reference():
    page = (RACINE / "docs" / "othello_lectures.md").read_text(encoding="utf-8")
    for cle, texte in o.LECTURES.items():
        assert f"**`{cle}`** : {texte}" in page, cle
    for question, valeur in o.REPONSES.items():
        assert f"**{question}** : `{valeur!r}`" in page, question


@pytest.mark.parametrize("question", list(SUJET.specs))
def test_une_constante_ou_un_bouchon_ne_rapporte_rien(question):
    spec, reference = SUJET.specs[question], SUJET.reference()
    cas = spec.cas()
    attendus = [spec.attendu(c, reference) for c in cas]
    parametres = ", ".join(spec.parametres)
    for corps in ["raise NotImplementedError()", "return None", "return 0", "return True", "return False",
                  "return []", "return [[0] * 8 for i in range(8)]", "return (None, 0)", "return (0, 0)"]:
        espace: dict = {}
        exec(f"def {spec.nom}({parametres}):\n    {corps}\n", espace)
        assert checks.verifier(spec, espace[spec.nom], cas, reference, attendus=attendus).part == 0, corps


# ---------------------------------------------------------------- the board widget
def test_le_plateau_joue_une_partie_entiere_ia_contre_ia_avec_passes():
    from awale_ref.sujets.othello_epita_2024.plateau import PlateauOthello

    plateau = PlateauOthello(adversaire="IA contre IA", profondeur=1, vitesse=0)
    plateau.attendre()
    partie = plateau.partie
    assert partie.terminee and "Partie finie" in plateau.message.value
    rejoue = o.plateau_depart()
    for joueur, c in partie.historique:  # the history replays with the reference to the final board
        if c is not None:
            assert c in o.cases_jouables(rejoue, o.cases_frontieres_de(rejoue), joueur)
            rejoue = o.poser_jeton(rejoue, c, joueur)
    assert rejoue == partie.p


def test_le_plateau_contre_l_ia_de_l_eleve_et_ses_erreurs_en_francais():
    from awale_ref.sujets.othello_epita_2024.plateau import PartieOthello, PlateauOthello

    plateau = PlateauOthello(adversaire="IA joue Blanc", profondeur=2, vitesse=0, ia=o.ia_minmax)
    plateau.cliquer((2, 3))
    plateau.attendre()
    assert [j for j, _ in plateau.partie.historique] == [1, -1] and plateau.partie.j == 1
    plateau.cliquer((0, 0))
    plateau.attendre()
    assert "pas jouable pour Noir" in plateau.message.value

    def poser_jeton(p, c, j):  # forgets the captures
        q = [list(ligne) for ligne in p]
        q[c[0]][c[1]] = j
        return q

    plateau = PlateauOthello(vitesse=0, regles={"poser_jeton": poser_jeton})
    plateau.cliquer((2, 3))
    plateau.attendre()
    assert "poser_jeton ne donne pas le plateau attendu" in plateau.message.value
    assert plateau.partie.p == o.p_depart  # the move was not played
    partie = PartieOthello(o.p_passe, -1)  # White cannot play: passes at once
    assert partie.j == 1 and partie.historique == [(-1, None)]


# ---------------------------------------------------------------- the minimax tree, drawn like the awalé's
def test_l_arbre_minmax_suit_ia_minmax_tp_et_se_dessine():
    from awale_ref.sujets.othello_epita_2024 import arbre

    for n in (1, 2):
        racine = arbre.arbre_minmax(arbre.P_ARBRE, 1, n)
        assert (racine.case_choisie, racine.valeur) == o.ia_minmax(
            arbre.P_ARBRE, o.cases_frontieres_de(arbre.P_ARBRE), o.evaluation_positions, 1, n)
        for noeud in racine.noeuds():  # every value is the max (Noir) or min (Blanc) of its children's
            if noeud.enfants:
                valeurs = [e.valeur for e in noeud.enfants]
                assert noeud.valeur == (max(valeurs) if noeud.j == 1 else min(valeurs))
    figure = arbre.dessiner_arbre(arbre.arbre_minmax(arbre.P_ARBRE, 1, 2))
    assert figure._repr_png_().startswith(b"\x89PNG") and figure.get_size_inches()[0] <= 8.4
    # a pass and an end in the tree: the position where Blanc must pass, then the game is over
    racine = arbre.arbre_minmax(o.p_passe, -1, 3)
    assert racine.enfants[0].case is None and racine.enfants[0].j == 1
    assert racine.valeur == o.ia_minmax_tp(o.p_passe, o.l_passe, o.evaluation_positions, -1, 3, False)[1]


# ---------------------------------------------------------------- the smallest failing board, drawn
def _fonction(source: str, nom: str):
    espace: dict = {"deplacer": o.deplacer}
    exec(compile(source, "<eleve>", "exec"), espace)
    return espace[nom]


def test_un_score_faux_montre_le_plus_petit_plateau_dessine():
    """A score that counts every disc as 1 fails on any disc of -1: shrunk disc by disc to one disc of -1, drawn."""
    from awale_ref.grading.eleve import rendu
    from awale_ref.sujets.othello_epita_2024 import presentation

    faux = _fonction("def score(p):\n    return sum(abs(v) for ligne in p for v in ligne)\n", "score")
    r = checks.verifier(SUJET.specs["Q3"], faux, SUJET.specs["Q3"].cas(), SUJET.reference(), retrecir=True)
    assert not r.ok and r.contre_exemple["presentation"] == presentation.__name__
    plateau = r.contre_exemple["plateau"]
    assert sorted(v for ligne in plateau for v in ligne if v) == [-1]  # one disc of -1: the smallest failing board
    texte = rendu.dessin_du_cas(r.contre_exemple)
    assert texte.count("○") == 2 and "●" not in texte.split("\n")[3]  # the disc, and the legend
    assert "x \\ y 0 1 2 3 4 5 6 7" in texte and f"Pour le reproduire : score({plateau!r})" in texte
    html = rendu.html_du_cas(r.contre_exemple)
    assert html.count("<td ") == 64 and html.count('<td class="othello-blanc">○</td>') == 1
    assert '<table class="othello-plateau">' in html
    image = rendu.png_du_cas(r.contre_exemple)  # the board as a picture too
    assert image[:4] == b"\x89PNG" and "jetons noirs de 1" in rendu.legende_du_cas(r.contre_exemple)


def test_q9_ne_lit_jamais_hors_du_plateau():
    """Q9 « Attention à ne jamais lire une case hors du plateau »: the board given to the function writes down
    each read off the board; a function that checks the cell first keeps every point, one whose index -1 wraps
    around (right results all the same) or that catches IndexError loses that share alone, told why in French."""
    spec, reference = SUJET.specs["Q9"], SUJET.reference()
    cas = spec.cas()
    hors = spec.familles[-1].nom
    assert "hors du plateau" in hors
    avec_range = _fonction("def est_direction_possible(p, c, d, j):\n"
                           "    def sur(h, k):\n        return h in range(len(p)) and k in range(len(p[h]))\n"
                           "    h, k = c[0] + d[0], c[1] + d[1]\n    vus = 0\n"
                           "    while sur(h, k) and p[h][k] == -j:\n        h, k, vus = h + d[0], k + d[1], vus + 1\n"
                           "    return vus > 0 and sur(h, k) and p[h][k] == j\n", "est_direction_possible")
    for juste in (reference.est_direction_possible, avec_range):
        assert checks.verifier(spec, juste, cas, reference).ok
    bornes_hautes = _fonction("def est_direction_possible(p, c, d, j):\n    h, k = c[0] + d[0], c[1] + d[1]\n"
                              "    if h >= 8 or k >= 8 or p[h][k] != -j:\n        return False\n"
                              "    while 0 <= h < 8 and 0 <= k < 8 and p[h][k] == -j:\n"
                              "        h, k = h + d[0], k + d[1]\n"
                              "    return 0 <= h < 8 and 0 <= k < 8 and p[h][k] == j\n", "est_direction_possible")
    rattrape = _fonction("def est_direction_possible(p, c, d, j):\n    h, k = c[0] + d[0], c[1] + d[1]\n"
                         "    try:\n        if min(h, k) < 0 or p[h][k] != -j:\n            return False\n"
                         "        while p[h][k] == -j:\n            h, k = h + d[0], k + d[1]\n"
                         "            if min(h, k) < 0:\n                return False\n"
                         "        return p[h][k] == j\n    except IndexError:\n        return False\n",
                         "est_direction_possible")
    for faute, lue in ((bornes_hautes, "une ligne hors du plateau"), (rattrape, "une case hors du plateau")):
        r = checks.verifier(spec, faute, cas, reference)
        assert [nom for nom, ok in r.familles if not ok] == [hors] and r.part == pytest.approx(0.8)
        assert lue in r.message and "L'énoncé demande de ne jamais lire hors du plateau" in r.message
    assert "un indice négatif ne donne pas d'erreur" in checks.verifier(spec, bornes_hautes, cas, reference).message


def test_le_p_h_h_du_corrige_montre_un_plateau_plus_petit_encore_valide():
    """Q9 with the key's p[h][h]: the failing board is shrunk while the cell looked from stays empty (``domaine``),
    and every smaller board tried is a valid input with fewer discs."""
    from awale_ref.grading.eleve import retrecissement

    spec = SUJET.specs["Q9"]
    faux = _fonction("def est_direction_possible(p, c, d, j):\n    h, k = deplacer(c, d)\n"
                     "    if not (0 <= h < 8 and 0 <= k < 8) or p[h][h] != -j:\n        return False\n"
                     "    while 0 <= h < 8 and 0 <= k < 8 and p[h][h] == -j:\n        h, k = deplacer((h, k), d)\n"
                     "    return 0 <= h < 8 and 0 <= k < 8 and p[h][k] == j\n", "est_direction_possible")
    cas = spec.cas()
    r = checks.verifier(spec, faux, cas, SUJET.reference(), retrecir=True)
    assert not r.ok
    p, c = r.contre_exemple["plateau"], eval(r.contre_exemple["appel"].split("(", 1)[1].rsplit(")", 1)[0])[1]
    premier = next(a for a in cas if not checks.verifier(spec, faux, [a], SUJET.reference()).ok)
    assert sum(v != 0 for ligne in p for v in ligne) < sum(v != 0 for ligne in premier[0] for v in ligne)
    assert p[c[0]][c[1]] == 0
    for candidat in retrecissement.candidats(spec, premier):
        assert spec.domaine(candidat) and retrecissement.taille(spec, candidat) < retrecissement.taille(spec, premier)


def test_le_plateau_html_passe_le_nettoyeur_et_echappe_l_appel():
    """The drawn board is a table that the feedback's sanitiser keeps, and the call is escaped."""
    from awale_ref.sujets.othello_epita_2024.presentation import dessin_html
    from pipeline.html_permis import nettoyer_html

    html = dessin_html(o.plateau_depart(), "score('<script>')")
    assert nettoyer_html(html) == html  # every tag and attribute kept: nothing shown as escaped markup
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert [html.count(s) for s in ("<tr>", '<td class="othello-noir">●</td>', '<td class="othello-blanc">○</td>',
                                    '<td class="othello-vide">·</td>')] == [9, 2, 2, 60]


def test_seules_les_questions_dont_le_premier_argument_est_un_plateau_ont_la_presentation():
    from awale_ref.sujets.othello_epita_2024 import presentation

    avec = {q for q, s in SUJET.specs.items() if s.presentation == presentation.__name__}
    assert avec == {"Q3", "Q5", "Q7", "Q9", "Q10", "Q11", "Q12", "Q13", "Q14", "Q16", "Q17", "Q18", "Q19"}
    assert presentation.__name__ in SUJET.modules_eleves  # the students' environment draws it too


def test_le_moteur_du_serveur_de_la_classe_calcule_ce_que_calcule_la_reference():
    """The bitboard functions the students' environment plays with in place of the graded ones (``moteur``,
    ``pipeline.paquet_eleve``) observe as the reference on every grading case the question is specified for
    (``Spec.domaine``): same results, same changes to the lists they receive (``tests/test_paquet_eleve.py``: no reference's body is shipped)."""
    from awale_ref.sujets.othello_epita_2024 import moteur

    noms = {n for n in vars(moteur) if not n.startswith("_") and callable(getattr(o, n, None))}
    assert {"cases_jouables", "poser_jeton", "cases_frontieres", "capturer", "ia_minmax_tp", "score"} <= noms
    vus = set()
    for question, spec in SUJET.specs.items():
        if spec.nom not in noms:
            continue
        cas = [args for args in spec.cas() if spec.domaine is None or spec.domaine(args)]
        assert len(cas) >= (1 if question == "Q1" else 20), question
        for args in cas:
            attendu = spec.observer(getattr(o, spec.nom), args, o)
            assert spec.observer(getattr(moteur, spec.nom), args, o) == attendu, (question, args)
        vus.add(spec.nom)
    assert vus == noms


def test_la_base_cachee_modifiee_n_est_jamais_lue(tmp_path, monkeypatch):
    """The hidden games database goes through the opening library's checksum (``cache.fichier_verifie``):
    read-only, its SHA-256 beside it, verified at each use; a file changed behind the grader's back is built
    again before the key's query runs on it."""
    import sqlite3

    from awale_ref.sujets.othello_epita_2024 import sql

    monkeypatch.setenv("AWALE_CACHE", str(tmp_path))
    chemin = Path(sql.base_cachee())
    temoin = chemin.with_name(chemin.name + ".sha256")
    assert oct(chemin.stat().st_mode & 0o777) == oct(temoin.stat().st_mode & 0o777) == "0o444"
    avant = chemin.stat().st_mtime_ns
    assert sql.base_cachee() == str(chemin) and chemin.stat().st_mtime_ns == avant  # verified, not rebuilt
    juste = sql.preparer("Q24")(sql.REQUETES["Q24"])
    chemin.chmod(0o644)
    with sqlite3.connect(chemin) as base:  # poisoned: every game a draw
        base.execute("UPDATE parties SET score = 0, joueurs_idGagnant = NULL")
    base.close()
    assert sql.preparer("Q24")("SELECT 'x', 0 FROM parties LIMIT 0").ok is False  # judged on the rebuilt file
    with sqlite3.connect(f"{chemin.as_uri()}?mode=ro", uri=True) as base:
        assert base.execute("SELECT COUNT(*) FROM parties WHERE score <> 0").fetchone()[0] > 50
    base.close()
    assert juste.ok and sql.preparer("Q24")(sql.REQUETES["Q24"]).ok


_FAUSSES_FRONTIERES = {  # a mistake of each question whose list l is the board's frontier
    "Q7": ("def cases_frontieres(p, l, c):\n    deja = [[False] * 8 for i in range(8)]\n    nouvelle = []\n"
           "    for case in l:\n        if case != c:\n            nouvelle.append(case)\n"
           "            deja[case[0]][case[1]] = True\n"
           "    for dx, dy in [(-1, 0), (1, 0), (0, -1), (0, 1)]:  # forgets the diagonals\n"
           "        v = (c[0] + dx, c[1] + dy)\n"
           "        if 0 <= v[0] < 8 and 0 <= v[1] < 8 and p[v[0]][v[1]] == 0 and not deja[v[0]][v[1]]:\n"
           "            nouvelle.append(v)\n            deja[v[0]][v[1]] = True\n    return nouvelle\n",
           "cases_frontieres"),
    "Q11": ("def cases_jouables(p, l, j):\n    return [c for c in l if any(est_direction_possible(p, c, d, j)\n"
            "                                 for d in [(-1, 0), (1, 0), (0, -1), (0, 1)])]  # no diagonal\n",
            "cases_jouables"),
}


@pytest.mark.parametrize("question", ["Q7", "Q11", "Q17", "Q18"])
def test_une_question_dont_l_est_la_frontiere_retrecit_avec_son_plateau(question):
    """Q7, Q11, Q17, Q18 (``l`` must stay the board's frontier): the failing case is shrunk a disc at a time with
    ``l`` recomputed from the smaller board (``presentation.variantes_du_cas``, the core's generic hook); the
    smallest case found has fewer discs than the first failing one and is still a valid input."""
    spec = SUJET.specs[question]
    if question in _FAUSSES_FRONTIERES:
        source, nom = _FAUSSES_FRONTIERES[question]
        faux = _fonction(source, nom)
        faux.__globals__.update(est_direction_possible=o.est_direction_possible)
    else:  # the key's c, val = ia_minmax(...) (its real mistake)
        faux = _corrige()[0][spec.nom]
    cas = spec.cas()
    r = checks.verifier(spec, faux, cas, SUJET.reference(), retrecir=True)
    assert not r.ok
    appel = r.contre_exemple["appel"]
    args = eval(appel[appel.index("("):], {"score": "score", "evaluation_positions": "evaluation_positions"})
    premier = next(a for a in cas if not checks.verifier(spec, faux, [a], SUJET.reference()).ok)
    disques = [sum(v != 0 for ligne in a[0] for v in ligne) for a in (args, premier)]
    assert disques[0] < disques[1], disques
    assert spec.domaine(args) and args[1] == [c for c in args[1]] and sorted(args[1]) == o.cases_frontieres_de(args[0])
