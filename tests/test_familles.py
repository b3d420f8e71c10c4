"""Partial credit per rule family: what earns points, what never does (in one process, fast).

The same ``checks.verifier`` as the visible tests and the self-study checks,
and the same ``juger_familles`` as the judge of ``nbgrader autograde``.
"""

from __future__ import annotations

import contextlib
import io
import json
import types

import pytest

from awale_ref.grading.correcteur import juge
from awale_ref.grading.eleve import checks, familles, retrecissement
from awale_ref.grading.eleve.specs import Famille
from awale_ref.grading.executant import messages
from awale_ref.sujets.ccinp_2024 import facts
from awale_ref.sujets.ccinp_2024 import exam
from awale_ref.sujets.ccinp_2024 import reponses as answers
from awale_ref.sujets.ccinp_2024 import specs


def _fonction(source: str, nom: str) -> types.FunctionType:
    espace: dict = {"__name__": "__main__"}
    exec(source, espace)
    return espace[nom]


@pytest.fixture(scope="module")
def attendus():
    with contextlib.redirect_stdout(io.StringIO()):  # tour_jeu prints on a refused pit
        return {q: (s.cas(), [s.attendu(c, exam) for c in s.cas()]) for q, s in specs.SPECS.items()}


@pytest.mark.parametrize("question", sorted(specs.SPECS, key=lambda q: int(q[1:])))
def test_every_rule_family_is_tested_on_enough_cases_and_weights_add_up(question, attendus):
    spec = specs.SPECS[question]
    cas, obs = attendus[question]
    assert sum(f.poids for f in spec.rubriques()) == pytest.approx(1)
    for famille in spec.rubriques():
        if famille.contrainte is None:
            assert sum(1 for c, a in zip(cas, obs) if famille.couvre(c, a)) >= 5, famille.nom
        else:
            assert famille.contrainte in spec.contraintes, famille.nom


@pytest.mark.parametrize("question", sorted(specs.SPECS, key=lambda q: int(q[1:])))
@pytest.mark.parametrize("constante", [True, False, 0, None, "égalité", []])
def test_a_constant_answer_or_a_stub_earns_no_point(question, constante, attendus):
    spec = specs.SPECS[question]
    cas, _ = attendus[question]
    parametres = ", ".join(spec.parametres)
    constant = _fonction(f"def {spec.nom}({parametres}):\n    return {constante!r}\n", spec.nom)
    stub = _fonction(f"def {spec.nom}({parametres}):\n    raise NotImplementedError()\n", spec.nom)
    with contextlib.redirect_stdout(io.StringIO()):
        assert checks.verifier(spec, constant, cas).part == 0
        assert checks.verifier(spec, stub, cas[:20]).part == 0


def test_a_sowing_right_but_for_the_lap_gets_its_share_and_the_smallest_lap():
    sans_saut = _fonction("def deplacer_graines(plateau, case):\n    graines = plateau[case]\n"
                          "    plateau[case] = 0\n    i = case\n    while graines > 0:\n"
                          "        i = (i + 1) % 12\n        plateau[i] += 1\n        graines -= 1\n    return i\n",
                          "deplacer_graines")
    r = checks.verifier(specs.SPECS["Q8"], sans_saut, specs.cas_caches("Q8"), retrecir=True)
    assert r.part == pytest.approx(1 / 3)
    assert [ok for _, ok in r.familles] == [True, False, False]
    plateau = r.contre_exemple["plateau"]
    assert sum(plateau) == 12 and max(plateau) == 12  # one pit of 12 seeds: the smallest lap
    assert r.contre_exemple["appel"].startswith("deplacer_graines([")


def test_an_iterative_harvest_loses_only_the_recursion_share():
    boucle = _fonction("def ramasser_graines(plateau, case):\n    total = 0\n"
                       "    while case >= 6 and plateau[case] in (2, 3):\n"
                       "        total += plateau[case]\n        plateau[case] = 0\n        case -= 1\n"
                       "    return total\n", "ramasser_graines")
    r = checks.verifier(specs.SPECS["Q10"], boucle, specs.cas_caches("Q10"))
    assert r.part == pytest.approx(2 / 3) and "doit être récursive" in r.message


def test_shrinking_keeps_the_rule_and_the_validity_of_the_input():
    spec = specs.SPECS["Q8"]
    famille = spec.rubriques()[1]
    for candidat in retrecissement.candidats(spec, ([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 4)):
        assert retrecissement.taille(spec, candidat) < retrecissement.taille(spec, ([0, 0, 2, 0, 16, 5, 2, 1, 0, 1, 0, 1], 4))
        assert candidat[0][candidat[1]] > 0
    assert famille.couvre(([0] * 4 + [12] + [0] * 7, 4), {}) and not famille.couvre(([0] * 4 + [11] + [0] * 7, 4), {})


def test_literal_answers_get_credit_per_item():
    plateaux = dict(facts.Q2_PLATEAUX)
    plateaux[4] = [4] * 12
    assert answers.verifier_reponse("Q2_plateaux", plateaux, answers.REPONSES_ATTENDUES).part == pytest.approx(2 / 3)
    arbre = {k: (g, vj) for k, (_, _, g, vj) in facts.Q18_ARBRE.items()}
    arbre["b"] = (4, 0)  # VJ wrong, G right: half of one node of 14
    assert answers.verifier_reponse("Q18_arbre", arbre, answers.REPONSES_ATTENDUES).part == pytest.approx(1 - 0.5 / 14)
    assert answers.verifier_reponse("Q2_gains", {2: 0, 4: 8, 5: 0, 1: 0}, answers.REPONSES_ATTENDUES).part == pytest.approx(3 / 4)


def test_both_readings_of_the_famine_rule_are_accepted_each_consistent_with_itself():
    annulee = {"plateau": [0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 0], "gain": 0}
    interdit = {"plateau": list(facts.FIGURE5_SITUATION1), "gain": 0}
    assert answers.verifier_reponse("Q3_situation1", annulee, answers.REPONSES_ATTENDUES).ok
    assert "coup interdit" in answers.verifier_reponse("Q3_situation1", interdit, answers.REPONSES_ATTENDUES).message
    # the forbidden-move reading is exactly what Part II's program does: the move is refused
    assert not exam.test_case(list(facts.FIGURE5_SITUATION1), 5)
    for incoherent in ({**annulee, "gain": 10}, {**interdit, "gain": 10},
                       {"plateau": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "gain": 10}):
        assert not answers.verifier_reponse("Q3_situation1", incoherent, answers.REPONSES_ATTENDUES).ok


def test_the_sql_families_of_q25():
    from awale_ref.sujets.ccinp_2024.sql import Reponse, familles_sql

    attendu = Reponse(("nom", "prenom", "v"), [("A", "a", 150), ("B", "b", 120)])
    desordre = Reponse(("nom", "prenom", "v"), [("B", "b", 120), ("A", "a", 150)])
    assert [ok for _, ok in familles_sql("Q25", desordre, attendu)] == [True, True, False]
    deux_colonnes = Reponse(("nom", "v"), [("A", 150), ("B", 120)])
    assert [ok for _, ok in familles_sql("Q25", deux_colonnes, attendu)] == [False, False, False]
    # the columns of a query that returns nothing, or of a constant column, pay nothing alone
    for rien in (Reponse(("nom", "prenom", "0"), []), Reponse(("nom", "prenom", "0"), [("A", "a", 0), ("C", "c", 0)])):
        assert [ok for _, ok in familles_sql("Q25", rien, attendu)] == [False, False, False]
    mauvais_comptes = Reponse(("nom", "prenom", "v"), [("A", "a", 151), ("B", "b", 121)])
    assert [ok for _, ok in familles_sql("Q25", mauvais_comptes, attendu)] == [True, False, True]


# ---------------------------------------------------------------- each answer decoded once, for every family
def _fautives(spec) -> list:
    """The reference and two generic wrong versions: one that also changes its first argument, one whose
    result is off (reversed, plus one, negated)."""
    reference = spec.reference()

    def modifie_son_argument(*args):
        resultat = reference(*args)
        if args and isinstance(args[0], list) and args[0]:
            args[0][0] = args[0][-1] if isinstance(args[0][-1], list) else 7
        elif args and isinstance(args[0], dict) and isinstance(args[0].get("plateau"), list):
            args[0]["plateau"][0] += 1
        return resultat

    def resultat_decale(*args):
        resultat = reference(*args)
        if isinstance(resultat, (list, tuple)):
            return type(resultat)(reversed(resultat))
        if isinstance(resultat, bool):
            return not resultat
        return resultat + 1 if isinstance(resultat, int) else resultat

    for f in (modifie_son_argument, resultat_decale):
        f.__name__ = spec.nom
    return [reference, modifie_son_argument, resultat_decale]


def _toutes_les_specs() -> list:
    from awale_ref.sujets.olympiades_2025_awale import specs as specs_awale
    from awale_ref.sujets.olympiades_2025_images import specs as specs_images

    return [s for module in (specs, specs_awale, specs_images) for s in module.SPECS.values()]


def _juger_toutes_les_fautives(monkeypatch, lire, juger) -> None:
    """``checks.verifier`` of right and wrong versions of every function of both subjects (150 cases each),
    with ``familles.lire_cas`` and ``familles.juger_familles`` replaced by the test's ``lire`` and ``juger``."""
    monkeypatch.setattr(familles, "lire_cas", lire)
    monkeypatch.setattr(familles, "juger_familles", juger)
    with contextlib.redirect_stdout(io.StringIO()):
        for spec in _toutes_les_specs():
            cas = spec.cas()[:150]
            attendus = [spec.attendu(c, spec.module_reference()) for c in cas]
            for fonction in _fautives(spec):
                checks.verifier(spec, fonction, cas, attendus=attendus)


def _resume(bilan) -> object:
    return bilan if isinstance(bilan, str) else (bilan.echecs, bilan.raisons, bilan.nb_cas)


def test_an_answer_text_judged_before_gets_the_verdicts_it_got_then(monkeypatch):
    """The judge keeps, per question of a class, what each answer text got on each case
    (``juger_familles``' memo): an answer seen before is neither read nor compared again. On right and
    wrong versions of every function of both subjects, plus answers that report a forbidden call, are
    not JSON or are another case's answer, judged one after the other with one memo per question (as a
    class is): the same verdicts as without the memo, the first time and again, and the second time
    nothing is read and no family's coverage rule is asked again."""
    vrai_juger, vrai_lire, vrai_couvre = familles.juger_familles, familles.lire_cas, Famille.couvre
    memos: dict[tuple, dict] = {}
    lectures = {"n": 0, "couvertures": 0}
    compares = {"bilans": 0, "interdits": 0}

    def lire(spec, args, reponse):
        lectures["n"] += 1
        return vrai_lire(spec, args, reponse)

    def couvre(famille, args, attendu):
        lectures["couvertures"] += 1
        return vrai_couvre(famille, args, attendu)

    monkeypatch.setattr(Famille, "couvre", couvre)

    def juger(spec, cas, reponses, attendus, raisons=None, memo=None):
        textes = [json.dumps(r, ensure_ascii=False, allow_nan=True) for r in reponses]
        memo = memos.setdefault((spec.module, spec.question), {})  # one per question of a subject
        # a forbidden call, texts that are not JSON (one with a lone surrogate, as JSON escapes can give),
        # and another case's answer (right there, wrong here)
        for k, remplacement in ((len(textes) // 2, '{"contrainte": "appel interdit"}'), (1, "pas du JSON"),
                                (3, '{"obs": "\ud800"'), (2, textes[-1])):
            variante = textes[:k] + [remplacement] + textes[k + 1:]
            for essai in (textes, variante):
                attendu = _resume(vrai_juger(spec, cas, [familles.en_donnees(t) for t in essai], attendus, raisons))
                assert _resume(vrai_juger(spec, cas, essai, attendus, raisons, memo)) == attendu, spec.question
                lectures["n"] = lectures["couvertures"] = 0
                assert _resume(vrai_juger(spec, cas, essai, attendus, raisons, memo)) == attendu, spec.question
                assert lectures["n"] == lectures["couvertures"] == 0, spec.question  # all from the memo
                compares["bilans"] += 1
                compares["interdits"] += isinstance(attendu, str)
        assert 0 < len(memo) <= familles.memo_max(cas)
        return vrai_juger(spec, cas, reponses, attendus, raisons)

    _juger_toutes_les_fautives(monkeypatch, lire, juger)
    assert compares["bilans"] > 600 and compares["interdits"] > 100, compares


def test_decoding_each_answer_once_gives_every_family_the_verdict_of_its_own_decoding(monkeypatch):
    """The judge decodes a case's answer once and shows it to each rule family in turn: no family (nor a
    spec's accepter, diagnostic or coverage rule) may change it. Checked against each family decoding its own
    copy, on right and wrong versions of every function of both subjects (the wrong ones fail each kind of
    rule: a changed argument, a wrong result)."""
    vrai_juger, vrai_lire = familles.juger_familles, familles.lire_cas
    lus: list[tuple] = []
    compares = {"familles": 0, "echecs": 0}

    def lire(spec, args, reponse):
        lu = vrai_lire(spec, args, reponse)
        lus.append((lu, vrai_lire(spec, args, reponse)))  # the shared one, and a pristine copy
        return lu

    def juger(spec, cas, reponses, attendus, raisons=None, memo=None):
        lus.clear()
        bilan = vrai_juger(spec, cas, reponses, attendus, raisons, memo)
        if isinstance(bilan, str):
            return bilan
        for famille in spec.rubriques():
            if famille.nom in bilan.raisons:
                continue
            premier = None
            for n, (args, reponse, attendu) in enumerate(zip(cas, reponses, attendus)):
                if famille.contrainte is None and not famille.couvre(args, attendu):
                    continue
                message = familles.echec_famille(spec, famille, args, reponse, attendu)  # its own decoding
                if message:
                    premier = (n, message)
                    break
            assert bilan.echecs.get(famille.nom) == premier, (spec.question, famille.nom)
            compares["familles"] += 1
            compares["echecs"] += premier is not None
        assert all(partage == intact for partage, intact in lus), spec.question
        return bilan

    _juger_toutes_les_fautives(monkeypatch, lire, juger)
    assert compares["familles"] > 200 and compares["echecs"] > 80, compares


def _reponses_sans_famille() -> list[messages.Reponse]:
    """One reply of each outcome that no rule family judges, with its variants (a time-out with and without
    the error seen before, a reply without its time, a callable object that is no function...)."""
    r = messages.Reponse
    return [r(1, messages.Issue.MORT), r(1, messages.Issue.DELAI, secondes=3.5),
            r(1, messages.Issue.DELAI, exception=["ZeroDivisionError", "division by zero"], secondes=2),
            r(1, messages.Issue.DELAI), r(1, messages.Issue.TROP_GROS, taille=10 ** 9, texte="valeurs"), r(1, messages.Issue.ABSENT),
            r(1, messages.Issue.ILLISIBLE, texte="NameError" * 20),
            r(1, messages.Issue.PAS_UNE_FONCTION, texte="int", appelable=False),
            r(1, messages.Issue.PAS_UNE_FONCTION, texte="functools.partial", appelable=True),
            r(1, messages.Issue.VALEUR, valeur=3), r(1, messages.Issue.RESULTATS, resultats=[])]


@pytest.mark.parametrize("introuvable", [None, "Q1 — f est définie par exec : introuvable."])
def test_the_generic_verdicts_say_what_the_judge_says(introuvable):
    """``familles.verdict_generique`` words the runner's outcomes that no rule family judges (each its own
    words, ``Qn — …``, worth nothing) and hands the expected outcome back (``None``) to the order's type;
    the judge step (``familles.juger_reponse``) says exactly that for them."""
    ordre = messages.OrdreFonction(question="Q1", expression="f", reference="", module="m", substituer=[], nom="f",
                                   observation="renvoie", cas="[]")
    plan = juge.Plan(ordre, introuvable=introuvable)
    vus = set()
    for reponse in _reponses_sans_famille():
        verdict = familles.verdict_generique(ordre, reponse, introuvable, juge.DELAI_QUESTION_S)
        if reponse.issue is messages.Issue.RESULTATS and not introuvable:
            assert verdict is None
            continue
        assert verdict == familles.juger_reponse(plan, reponse, juge.DELAI_QUESTION_S), reponse
        assert not verdict.ok and verdict.part == 0 and verdict.message.startswith("Q1 — "), verdict
        vus.add(verdict.message)
    assert len(vus) == (7 if introuvable else 10)  # the reply's own words, or the function found nowhere

def test_a_recursive_constraint_without_its_family_is_refused_when_the_spec_is_declared():
    """``recursive`` is graded by the rule family that carries it: a spec asking for it without that family would
    give a formula without recursion every point, so it is refused where the subject declares it."""
    from awale_ref.grading.eleve.specs import Famille, Spec

    avec = dict(question="Q3", nom="f", parametres=("n",), observation="renvoie", cas=lambda: [], regle="r",
                contraintes=("recursive",), module="awale_ref.x")
    with pytest.raises(ValueError, match="contrainte='recursive'"):
        Spec(**avec, familles=(Famille("valeur", 1.0),))
    with pytest.raises(ValueError, match="contrainte='recursive'"):
        Spec(**avec)
    Spec(**avec, familles=(Famille("valeur", 0.8), Famille("récursive", 0.2, contrainte="recursive")))
