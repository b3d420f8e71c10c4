"""The attractor subject: its reference against an independent solver, its properties, its grading.

The independent solver enumerates the positions as multisets of piles
(``collections.Counter``, not the reference's sorted lists), and solves the
game by a retrograde analysis by number of piles (a move removes exactly one):
no recursion, no attractor, no min-max.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awale_ref.grading.eleve import checks
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.sujets.attracteurs import SUJET, analyse, specs
from awale_ref.sujets.attracteurs import tablettes as t
from pipeline.build import RACINE


# ---------------------------------------------------------------- an independent solver
def _successeurs(position: frozenset) -> set[frozenset]:
    """Moves on a position given as a multiset ``{(colour, height): count}`` (frozen items)."""
    piles = Counter(dict(position))
    resultat = set()
    liste = sorted(piles.elements())
    for a, b in combinations(range(len(liste)), 2):
        (ca, ha), (cb, hb) = liste[a], liste[b]
        if ca != cb and ha != hb:
            continue
        for dessus in {ca, cb}:
            reste = piles.copy()
            reste[(ca, ha)] -= 1
            reste[(cb, hb)] -= 1
            reste[(dessus, ha + hb)] += 1
            resultat.add(frozenset((k, v) for k, v in reste.items() if v))
    return resultat


def resoudre(C: int, N: int) -> tuple[set, set]:
    """(every reachable position, the winning ones), by retrograde analysis by number of piles."""
    depart = frozenset({((c, 1), N) for c in range(C)})
    vues, pile = {depart}, [depart]
    while pile:
        for s in _successeurs(pile.pop()):
            if s not in vues:
                vues.add(s)
                pile.append(s)
    gagnantes: set = set()
    for p in sorted(vues, key=lambda q: sum(n for _, n in q)):  # fewest piles first: children known
        if any(s not in gagnantes for s in _successeurs(p)):
            gagnantes.add(p)
    return vues, gagnantes


def _multiset(cle: tuple) -> frozenset:
    return frozenset(Counter(cle).items())


@pytest.mark.parametrize("C,N", [(1, 4), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (4, 2)])
def test_the_reference_agrees_with_an_independent_retrograde_analysis(C, N):
    vues, gagnantes = resoudre(C, N)
    G = t.graphe(C, N)
    assert {_multiset(x) for x in G} == vues and len(G) == len(vues)
    assert (len(G), sum(len(s) for s in G.values())) == t.TAILLES_PRATIQUE[(C, N)]
    attendu = {x: _multiset(x) in gagnantes for x in G}
    assert t.dico_gagnant_opt(G) == attendu == t.dico_gagnant_att(G, C, N)
    if len(G) < 200:
        assert t.dico_gagnant(G) == attendu
    assert (t.min_max_opt(t.init(C, N), C * N, True) == 1) == attendu[t.Tuple(t.init(C, N))]
    assert t.REPONSES["Q32"][(C, N)] == attendu[t.Tuple(t.init(C, N))]


def test_q32_table_up_to_twelve_tablets():
    for (C, N), j1 in t.REPONSES["Q32"].items():
        if C * N <= 12:
            assert (t.min_max_opt(t.init(C, N), C * N, True) == 1) == j1 == (_multiset(t.Tuple(t.init(C, N)))
                                                                              in resoudre(C, N)[1])


def test_the_written_out_data_is_the_reference_s():
    assert t.G22 == t.graphe(2, 2) and t.DG22 == t.dico_gagnant(t.G22)
    S1, S2 = t.sommets_12(t.G22, 2, 2)
    assert set(S1) == set(t.S1_22) and set(S2) == set(t.S2_22)
    for nom, exemples in t.EXEMPLES.items():
        for args, resultat in exemples:
            assert getattr(t, nom)(*args) == resultat


# ---------------------------------------------------------------- properties
positions = st.lists(st.tuples(st.integers(0, 3), st.integers(1, 6)), min_size=0, max_size=7).map(
    lambda piles: sorted([c, h] for c, h in piles))


@settings(max_examples=150, deadline=None)
@given(positions)
def test_every_move_stacks_two_piles_and_keeps_the_tablets(x):
    avant = [list(p) for p in x]
    suivantes = t.coups(x)
    assert x == avant
    assert len({t.Tuple(s) for s in suivantes}) == len(suivantes)
    for s in suivantes:
        assert s == sorted(s) and len(s) == len(x) - 1 and sum(h for _, h in s) == sum(h for _, h in x)
    assert {t.Tuple(s) for s in suivantes} == {tuple(sorted(Counter(dict(m)).elements()))
                                              for m in _successeurs(frozenset(Counter(map(tuple, x)).items()))}


@settings(max_examples=100, deadline=None)
@given(st.recursive(st.integers(0, 9), lambda enfants: st.lists(enfants, max_size=4), max_leaves=12))
def test_tuple_turns_every_list_into_a_tuple(L):
    def liste(v):
        return [liste(e) for e in v] if isinstance(v, tuple) else v

    if isinstance(L, list):
        T = t.Tuple(L)
        hash(T)
        assert liste(T) == L


@pytest.mark.parametrize("C,N", specs.JEUX + ((3, 3),))
def test_the_two_attractors_split_the_positions_and_the_strategy_keeps_winning(C, N):
    G = t.graphe(C, N)
    dA1, dA2 = t.attracteurs(G, C, N)
    assert all(dA1[x] != dA2[x] for x in G)  # no draw: every position is in exactly one attractor
    dg = t.dico_gagnant_opt(G)
    for x in G:
        choix = t.strategie_opt(G, dg, x)
        assert choix == [] if not G[x] else choix in G[x]
        if dg[x]:
            assert not dg[t.Tuple(choix)]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-2, 2), min_size=1, max_size=8))
def test_choix_ind_max_picks_a_maximum(L):
    assert L[t.choix_ind_max(L)] == max(L)


# ---------------------------------------------------------------- the grading
def _verdict(question: str, fonction) -> Resultat:
    spec = SUJET.specs[question]
    return checks.verifier(spec, fonction, spec.cas())


def test_a_graph_is_compared_as_a_graph():
    spec = SUJET.specs["Q6"]
    G = t.graphe(2, 2)
    inverse = {x: list(reversed(s)) for x, s in reversed(list(G.items()))}
    assert spec.conforme({"renvoie": inverse}, {"renvoie": G}, (2, 2))
    manque = dict(G)
    manque.pop(((0, 4),))
    double = {x: s + s[:1] for x, s in G.items()}
    for faux in (manque, double):
        assert not spec.conforme({"renvoie": faux}, {"renvoie": G}, (2, 2))


def test_one_iteration_is_accepted_under_every_reading_and_in_place_only():
    G = t.graphe(2, 3)
    S1, _ = t.sommets_12(G, 2, 3)
    d1, _ = t.init_attracteurs(G, S1)

    def jacobi(G, di, Si):
        avant = dict(di)
        change = False
        for x in G:
            if not avant[x] and (t.cond_1(G, avant, x) if x in Si else t.cond_2(G, avant, x)):
                di[x] = change = True
        return change

    def a_rebours(G, di, Si):  # in place, in the reverse order of the keys: more enter in one pass
        change = False
        for x in reversed(list(G)):
            if not di[x] and (t.cond_1(G, di, x) if x in Si else t.cond_2(G, di, x)):
                di[x] = change = True
        return change

    def trop(G, di, Si):  # adds a position whose condition does not hold
        change = jacobi(G, di, Si)
        x = next(x for x in G if not di[x])
        di[x] = True
        return True

    for variante in (jacobi, a_rebours):
        assert _verdict("Q21", variante).ok
    assert not _verdict("Q21", trop).ok
    spec = SUJET.specs["Q21"]
    assert spec.conforme(spec.observer(a_rebours, (G, dict(d1), S1)), spec.observer(t.attracteurs_it, (G, d1, S1)),
                         (G, d1, S1))


def test_memoisation_is_judged_by_counting_calls():
    def sans_memo(G):
        return {x: est_gagnante(G, x) for x in G}  # noqa: F821 (the reference's, during the check)

    def memo_qui_lit_avant(G):  # reads G[x] before looking in the memo: still linear
        dico = {}

        def f(x):
            succ = G[x]
            if x in dico:
                return dico[x]
            dico[x] = any(not f(Tuple(s)) for s in succ)  # noqa: F821
            return dico[x]

        for x in G:
            f(x)
        return dico

    def sans_memo_en_lambda(G):  # the recursion as a lambda: counted too (it once hid from the count)
        gagnante = lambda x: any(not gagnante(Tuple(s)) for s in G[x])  # noqa: E731, F821
        return {x: gagnante(x) for x in G}

    def memo_en_lambda(G):
        d = {}
        gagnante = lambda x: d[x] if x in d else d.setdefault(x, any(not gagnante(Tuple(s)) for s in G[x]))  # noqa
        return {x: gagnante(x) for x in G}

    memo = SUJET.specs["Q15"].familles[1].nom
    for faute in (sans_memo, sans_memo_en_lambda):
        sans = _verdict("Q15", faute)
        assert sans.part == pytest.approx(0.6) and not dict(sans.familles)[memo]
    assert _verdict("Q15", memo_qui_lit_avant).ok and _verdict("Q15", memo_en_lambda).ok

    def min_max_sans_memo(x, p, bool):
        return min_max(x, p, bool)  # noqa: F821

    def min_max_a_soi(x, p, bool):  # no memo, and coups and h of its own: coups is never called
        def successeurs(x):
            return [c for i in range(len(x)) for j in range(i + 1, len(x)) for c in empile(x, i, j)]  # noqa: F821

        def valeur(x, bool):
            return (-1 if bool else 1) if not successeurs(x) else 0

        def rec(x, p, bool):
            Lc = successeurs(x)
            if not Lc or p == 0:
                return valeur(x, bool)
            valeurs = [rec(c, p - 1, not bool) for c in Lc]
            return max(valeurs) if bool else min(valeurs)

        return rec(x, p, bool)

    def min_max_opt_a_soi(x, p, bool):  # memoised, with the same helpers of its own: right
        dico = {}

        def successeurs(x):
            return [c for i in range(len(x)) for j in range(i + 1, len(x)) for c in empile(x, i, j)]  # noqa: F821

        def rec(x, p, bool):
            cle = Tuple(x)  # noqa: F821
            if cle not in dico:
                Lc = successeurs(x)
                valeurs = [rec(c, p - 1, not bool) for c in Lc] if p > 0 else []
                dico[cle] = ((-1 if bool else 1) if not Lc else 0) if not valeurs else \
                    (max(valeurs) if bool else min(valeurs))
            return dico[cle]

        return rec(x, p, bool)

    assert _verdict("Q32", min_max_sans_memo).part == pytest.approx(0.6)
    spec = SUJET.specs["Q32"]
    peu_profonds = [c for c in spec.cas() if c[1] <= 3]  # a search without memo to the end is slow: p <= 3 shows it
    assert checks.verifier(spec, min_max_a_soi, peu_profonds).part == pytest.approx(0.6)
    assert checks.verifier(spec, min_max_opt_a_soi, spec.cas()).ok


def test_est_gagnante_must_stop_at_the_first_successor_that_is_not_winning():
    """Q13 « Arrêtez-vous dès qu'un successeur non gagnant est trouvé »: answers that stop early, in any order of
    the successors and in any shape, keep every point; answers that examine every successor lose that share
    alone, with a French reason."""
    def boucle_et_return(G, x):
        for s in G[t.Tuple(x)]:
            if not boucle_et_return(G, s):
                return True
        return False

    def generateur(G, x):
        return any(not generateur(G, s) for s in G[t.Tuple(x)])

    def a_rebours(G, x):  # the successors in the other order
        return not all(a_rebours(G, s) for s in reversed(G[t.Tuple(x)]))

    def avec_coups(G, x):  # the successors recomputed by coups, a lambda for the test
        perdante = lambda s: not avec_coups(G, s)  # noqa: E731
        return any(perdante(s) for s in t.coups([list(p) for p in x]))

    def avec_auxiliaire(G, x):  # the recursion in a helper, called once per position examined
        def aux(cle):
            for s in G[cle]:
                if not aux(t.Tuple(s)):
                    return True
            return False
        return aux(t.Tuple(x))

    def liste_puis_any(G, x):
        return any([not liste_puis_any(G, s) for s in G[t.Tuple(x)]])

    def drapeau_sans_break(G, x):
        gagnante = False
        for s in G[t.Tuple(x)]:
            if not drapeau_sans_break(G, s):
                gagnante = True
        return gagnante

    arret = SUJET.specs["Q13"].familles[2].nom
    assert "arrêt" in arret
    for juste in (boucle_et_return, generateur, a_rebours, avec_coups, t.est_gagnante):
        assert _verdict("Q13", juste).ok, juste.__name__
    assert dict(_verdict("Q13", avec_auxiliaire).familles)[arret]
    for faute in (liste_puis_any, drapeau_sans_break):
        verdict = _verdict("Q13", faute)
        assert [nom for nom, ok in verdict.familles if not ok] == [arret], faute.__name__
        assert verdict.part == pytest.approx(0.8)
        assert "s'arrêter dès qu'un successeur non gagnant est trouvé" in verdict.message


def test_random_functions_are_judged_on_every_allowed_outcome():
    def toujours_le_premier(L):
        return L.index(max(L))

    def un_indice_au_hasard(L):
        return random.randrange(len(L))

    premier = _verdict("Q33", toujours_le_premier)
    assert premier.part == pytest.approx(0.75)
    assert _verdict("Q33", un_indice_au_hasard).part == 0
    assert specs.assez_de_tirages(3, 3) and not specs.assez_de_tirages(2, 3) and specs.assez_de_tirages(2, 9)


def test_a_printed_game_is_read_from_its_positions():
    x0 = t.init(2, 2)
    lignes = ["Le joueur 1 dispose d'une position gagnante", f"Départ: {x0}", "Joueur: 1",
              "[[0, 2], [1, 1], [1, 1]]", "Joueur: 2", "[[0, 2], [1, 2]]", "Joueur: 1", "[[0, 4]]", "Joueur: 2", "[]",
              "a perdu"]  # the practical's own format, with its final []
    assert specs._partie(lignes, x0) == (1, None)
    assert specs._partie(lignes[:6], x0)[1] == "la partie s'arrête sur [[0, 2], [1, 2]], où l'on peut encore jouer"
    assert "ne suit pas" in specs._partie([f": {x0}", ": [[0, 4]]"], x0)[1]


@pytest.mark.parametrize("question", sorted(SUJET.specs, key=lambda q: int(q[1:])))
def test_the_reference_passes_its_own_grading(question):
    assert _verdict(question, getattr(t, SUJET.specs[question].nom)).ok


def test_structured_answers():
    assert specs.verifier_reponse("Q7_N1_N2", {"N1": "Sommets", "N2": "arcs"}).ok
    assert specs.verifier_reponse("Q7_N1_N2", {"N1": "arêtes", "N2": "sommets"}).part == 0
    tableau = {k: v for k, v in t.REPONSES["Q32"].items() if k[0] * k[1] <= 9}
    assert specs.verifier_reponse("Q32_tableau", tableau).ok
    assert specs.verifier_reponse("Q32_tableau", dict(t.REPONSES["Q32"])).ok
    assert not specs.verifier_reponse("Q32_tableau", {**tableau, (4, 4): False}).ok
    partie = [t.init(2, 2), [[0, 2], [1, 1], [1, 1]], [[0, 2], [1, 2]], [[0, 4]]]
    assert specs.verifier_reponse("Q11_partie", {"partie": partie, "gagnant": 1}).ok
    assert specs.verifier_reponse("Q11_partie", {"partie": partie, "gagnant": 2}).part == 0.5
    assert specs.verifier_reponse("Q10_S1_S2", (tuple(reversed(t.S1_22)), t.S2_22)).ok


@pytest.mark.parametrize("C,N", [(2, 2), (2, 3), (3, 2), (1, 4)])
def test_the_pictures_attractor_steps_agree_with_the_reference(C, N):
    """analyse (the pictures', written apart from the reference) and the specs' steps (the reference's
    conditions) give the same steps, ending on the reference's attractors."""
    G = t.graphe(C, N)
    S1, S2 = t.sommets_12(G, C, N)
    for j, d, Si in ((1, t.init_attracteurs(G, S1)[0], S1), (2, t.init_attracteurs(G, S1)[1], S2)):
        par_specs = [{x for x, v in e.items() if v} for e in specs.niveaux(G, d, Si)]
        assert analyse.niveaux(G, C, N, j) == par_specs
        final = t.attracteurs(G, C, N)[j - 1]
        assert par_specs[-1] == {x for x, v in final.items() if v}


def test_the_readings_page_follows_the_reference():
    page = (RACINE / "docs" / "attracteurs_lectures.md").read_text(encoding="utf-8")
    for dictionnaire in (t.LECTURES, t.FIGURES_RECONSTRUITES):
        for cle, texte in dictionnaire.items():
            assert f"`{cle}`" in page and texte in page, cle
    for (C, N), (sommets, aretes) in t.TAILLES_PRATIQUE.items():
        assert f"{sommets} sommets, {aretes} arêtes" in page


def test_a_dict_left_unchanged_is_told_so():
    def sur_une_copie(G, di, Si):
        di = dict(di)
        return t.attracteurs_it(G, di, Si)

    resultat = _verdict("Q21", sur_une_copie)
    assert resultat.part == pytest.approx(0.4) and "di n'a pas changé" in resultat.message


def test_a_failure_on_counted_calls_shows_the_students_count_and_the_bound_never_the_references():
    """Q13 and Q15 fail on their calls counted: the « attendu » line states the bound the statement implies on
    that case (``Spec.appels_permis``), the « obtenu » line the student's own counts; the reference's counts
    (one way to answer) are never shown as the expected answer.  Every spec with the ``appels`` observation
    words its bound."""
    import re

    def liste_puis_any(G, x):
        return any([not liste_puis_any(G, s) for s in G[t.Tuple(x)]])

    def sans_memo(G):
        return {x: t.est_gagnante(G, x) for x in G}

    for question, faute, borne in (("Q13", liste_puis_any, r"au plus (\d+) positions examinées"),
                                   ("Q15", sans_memo, r"appelée au plus (\d+) fois")):
        message = _verdict(question, faute).message
        attendu = next(l for l in message.splitlines() if l.strip().startswith("attendu :"))
        obtenu = next(l for l in message.splitlines() if l.strip().startswith("obtenu  :"))
        assert "{" not in attendu and re.search(borne, attendu), attendu  # a bound, no dictionary of counts
        assert faute.__name__ in obtenu, obtenu  # the student's own function, counted
    avec_appels = [s for s in SUJET.specs.values() if s.observation == "appels"]
    assert len(avec_appels) >= 4 and all(s.appels_permis is not None for s in avec_appels)
    for spec in avec_appels:
        texte = spec.appels_permis(spec.cas()[0])
        assert texte.strip() and "{" not in texte, (spec.question, texte)
