"""The reply's budget (``messages.BUDGET``: bytes, values, depth), read before anything is built, and the calls
of the kind ``appels`` counted only where they can be (no thread, no process started by the graded call).

The attacks through the real ``nbgrader autograde`` are in ``tests/hostile/budget.py`` (``tests/test_hostile.py``);
here, the reader alone, the runner's encoder, every subject's honest replies, and the judge with its sandbox.
"""

from __future__ import annotations

import json
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from awale_ref.grading.correcteur import juge
from awale_ref.grading.eleve import checks, textes
from awale_ref.grading.executant import encodage, messages, observations
from awale_ref.grading.executant.messages import BUDGET, Budget, Issue, Reponse, ReponseTropGrande
from awale_ref.grading.registre import catalogue
from awale_ref.sujets.ccinp_2024 import SUJET as CCINP

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.hostile import budget as attaques  # noqa: E402

PETIT = Budget(octets=1000, valeurs=20, imbrication=4)


# ---------------------------------------------------------------- the reader: values, depth, bytes
@pytest.mark.parametrize("texte, valeurs", [
    ("1", 1), ("[]", 2), ("[1, 2, 3]", 4), ('{"a": 1, "b": [true, null]}', 7), ('"[[[,,,:::]]]"', 1),
    ('["a\\"[,", {"\\\\": 0}]', 5), (b'[[1], [2, [3]]]', 7), ("  [ 1 ,\n 2 ]  ", 3),
])
def test_values_are_bounded_from_above_and_strings_count_only_when_it_matters(texte, valeurs):
    """``valeurs``: the bound without the strings' own punctuation, which a budget that tight gets."""
    vraies = _compter(json.loads(texte))
    assert vraies <= valeurs <= vraies + texte.count("[]" if isinstance(texte, str) else b"[]") + 1
    assert vraies <= messages.mesurer(texte)
    assert messages.mesurer(texte, Budget(octets=10 ** 6, valeurs=valeurs, imbrication=10)) == valeurs
    with pytest.raises(ReponseTropGrande):
        messages.mesurer(texte, Budget(octets=10 ** 6, valeurs=valeurs - 1, imbrication=10))


def _compter(valeur) -> int:
    if isinstance(valeur, list):
        return 1 + sum(_compter(v) for v in valeur)
    if isinstance(valeur, dict):
        return 1 + sum(1 + _compter(v) for v in valeur.values())
    return 1


def test_too_many_values_too_deep_or_too_long_is_refused_and_says_which_limit():
    with pytest.raises(ReponseTropGrande) as exc:
        messages.mesurer("[" + "0," * 20 + "0]", PETIT)
    assert exc.value.limite == "valeurs" and exc.value.maximum == 20
    with pytest.raises(ReponseTropGrande) as exc:
        messages.mesurer("[[[[[0]]]]]", PETIT)
    assert exc.value.limite == "imbrication"
    assert messages.mesurer("[[[[0]]]]", PETIT) == 5  # depth 4: allowed
    assert messages.mesurer('"' + "[" * 50 + '"', PETIT) == 1  # brackets in a string are no depth
    with pytest.raises(ReponseTropGrande) as exc:
        messages.verifier_budget(b" " * 1001, budget=PETIT)
    assert exc.value.limite == "octets"
    with pytest.raises(ReponseTropGrande) as exc:  # the values of a reply: its line and its cases' texts together
        messages.verifier_budget(b"[0, 0]", ["[0, 0, 0, 0, 0, 0, 0, 0, 0]"] * 3, PETIT)
    assert exc.value.limite == "valeurs"


def test_text_that_is_not_json_is_left_to_the_parser():
    assert messages.mesurer("[[[0]", PETIT) >= 1  # unbalanced: not too deep, the parser refuses it after
    with pytest.raises(messages.MessageInvalide) as exc:
        messages.lire_reponse(b"[[[0]")
    assert not isinstance(exc.value, ReponseTropGrande)


def test_the_judge_refuses_a_reply_over_the_budget_before_parsing_it():
    profond = b'{"version": 2, "issue": "valeur", "id": 1, "valeur": ' + b"[" * 300 + b"]" * 300 + b"}"
    with pytest.raises(ReponseTropGrande, match="imbrication"):
        messages.lire_reponse(profond)
    cas = "[" + "[0]," * 600_000 + "0]"  # one case's text: a string in the line, counted all the same
    with pytest.raises(ReponseTropGrande, match="valeurs"):
        messages.lire_reponse(messages.ecrire(Reponse(1, Issue.RESULTATS, resultats=['{"obs": 1}', cas])))
    with pytest.raises(ReponseTropGrande, match="octets"):
        messages.lire_reponse(b" " * (BUDGET.octets + 1))


def test_refusing_a_reply_costs_little_memory_and_builds_nothing():
    """A reply of 80,000 lists nested 90 deep (14 MB): refused with at most three copies of its text,
    where parsing it took gigabytes."""
    x = "[" * 90 + "0" + "]" * 90
    ligne = ('{"version": 2, "issue": "valeur", "id": 1, "valeur": [' + ",".join([x] * 80_000) + "]}").encode()
    assert len(ligne) < BUDGET.octets
    tracemalloc.start()
    try:
        with pytest.raises(ReponseTropGrande, match="valeurs"):
            messages.lire_reponse(ligne)
        _, pic = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert pic < 3 * len(ligne), (pic, len(ligne))


def test_the_trop_gros_outcome_names_a_limit_of_the_budget():
    assert set(textes.LIMITES_EN_CLAIR) == set(messages.LIMITES_DU_BUDGET)
    with pytest.raises(messages.MessageInvalide, match="limit of the budget"):
        messages.lire_reponse(b'{"version": 2, "issue": "trop_gros", "id": 2, "taille": 3, "texte": "lignes"}')
    for limite in messages.LIMITES_DU_BUDGET:
        assert textes.decrire_trop_grande(limite).startswith("réponse trop grande : plus de ")


# ---------------------------------------------------------------- the runner's encoder enforces the same budget
def test_the_encoder_stops_at_the_budget_s_values_and_never_builds_what_the_judge_refuses():
    with pytest.raises(ReponseTropGrande, match="valeurs"):
        encodage.encoder([[0]] * (BUDGET.valeurs // 2))
    assert encodage.encoder([[0]] * (BUDGET.valeurs // 3))  # under it: encoded
    # the deepest values the encoder lets through, in every tagged form, stay under the judge's depth
    for emballer in (lambda v: [v], lambda v: (v,), lambda v: {(0,): v}, lambda v: {"a": v}):
        valeur = 0
        for _ in range(messages.IMBRICATION_MAX + 5):
            valeur = emballer(valeur)
        texte = json.dumps({"obs": encodage.encoder({messages.RENVOIE: valeur})})
        ligne = messages.ecrire(Reponse(1, Issue.RESULTATS, resultats=[texte]))
        assert messages.lire_reponse(ligne).resultats == [texte]
        try:  # and the judge's decoder reads it (a refusal marker past the encoder's depth), never too deep for it
            encodage.decoder(json.loads(texte)["obs"])
        except encodage.ObjetRefuse:
            pass


class _Entier(int):
    pass


def _au_bout(emballer, profondeur: int) -> object:
    valeur: object = 0
    for _ in range(profondeur):
        valeur = emballer(valeur)
    return valeur


_CONTIENT_SOI: list = []
_CONTIENT_SOI.append(_CONTIENT_SOI)


@pytest.mark.parametrize("valeur", [
    None, True, -0.0, float("inf"), "é\ud800", [[0] * 8] * 8, (1, (2, [3, (4,)])), {(0, 1): [(2, "x")], "a": None},
    {1: "un", (2, 3.5): {None: True}}, {"__tuple__": [1], "b": 2}, {"__objet__": 0}, 2 ** 200, 10 ** 1300,
    _Entier(3), [1, _Entier(3)], {"k": object()}, {frozenset(): 1}, b"x", _CONTIENT_SOI,
    _au_bout(lambda v: [v], messages.IMBRICATION_MAX + 1), _au_bout(lambda v: (v,), messages.IMBRICATION_MAX // 2 + 1),
    _au_bout(lambda v: {(0,): v}, 80), [[0]] * (BUDGET.valeurs // 2), [[0]] * (BUDGET.valeurs // 3),
], ids=lambda v: type(v).__name__)
def test_exact_gives_what_the_round_trip_of_a_reply_gives_refusals_included(valeur):
    """``encodage.exact`` (the judge's cases and expected observations, the kind ``copie``'s comparison) copies
    plain data in one pass: the value, or the refusal, of ``decoder(json.loads(json.dumps(encoder(valeur))))``."""
    def issue(faire):
        try:
            resultat = faire(valeur)
        except (encodage.ObjetRefuse, ReponseTropGrande) as exc:
            return type(exc), str(exc)
        return json.dumps(encodage.encoder(resultat)), repr(resultat)

    assert issue(encodage.exact) == issue(lambda v: encodage.decoder(json.loads(json.dumps(encodage.encoder(v)))))


# ---------------------------------------------------------------- the one-pass copies give what the recursion gives
_GRAND = 1 << 4000  # encodage's largest integer kept (excluded)
_SCALAIRES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3),
                       st.sampled_from([_GRAND - 1, -_GRAND + 1, _GRAND, -_GRAND]), st.floats(allow_nan=True),
                       st.text(max_size=3), st.builds(_Entier, st.integers(0, 3)))
_RANGEES = st.lists(_SCALAIRES, max_size=4)
_VALEURS = st.recursive(
    _SCALAIRES | st.lists(_RANGEES, max_size=6) | st.lists(_RANGEES.map(tuple), max_size=6),
    lambda dedans: st.lists(dedans, max_size=4) | st.lists(dedans, max_size=3).map(tuple)
    | st.dictionaries(st.sampled_from(["a", "b", "__tuple__", "__objet__"]), dedans, max_size=3)
    | st.dictionaries(st.tuples(st.integers(0, 2)), dedans, max_size=2),
    max_leaves=30)


def _issue(faire, *args):
    try:
        return "valeur", repr(faire(*args))
    except (encodage.ObjetRefuse, ReponseTropGrande) as exc:
        return type(exc), str(exc)


@settings(max_examples=400, deadline=None)
@given(valeur=_VALEURS, niveau=st.sampled_from([0, 1, messages.IMBRICATION_MAX - 3, messages.IMBRICATION_MAX - 1,
                                                messages.IMBRICATION_MAX]),
       reste=st.one_of(st.none(), st.integers(0, 60)))
def test_the_encoder_s_one_pass_copies_give_what_its_recursion_gives_refusals_and_budget_included(
        valeur, niveau, reste):
    """``encoder`` copies a container of scalars, a list of lists or of tuples of scalars (a board, a list of
    cells) whole, and ``decoder`` a board or a row: the same value, refusal, budget left and the same point where
    the budget runs out as the element-by-element recursion (those shortcuts turned off)."""
    def coder(v):
        compte = None if reste is None else [reste]
        return encodage.encoder(v, niveau, compte), compte

    def decoder_texte(v):
        return encodage.decoder(json.loads(json.dumps(encodage.encoder(v))))

    rapides = _issue(coder, valeur), _issue(decoder_texte, valeur)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(encodage, "_scalaires", lambda valeurs: False)
        m.setattr(encodage, "_lignes_scalaires", lambda *args: None)
        m.setattr(encodage, "_lignes_decodees", lambda donnee: None)
        assert (_issue(coder, valeur), _issue(decoder_texte, valeur)) == rapides


_PLATEAUX = st.recursive(st.lists(_SCALAIRES | st.tuples(st.integers(0, 2)), max_size=4),
                         lambda dedans: st.lists(dedans | _SCALAIRES, max_size=4), max_leaves=25)


@settings(max_examples=300, deadline=None)
@given(arguments=st.lists(_PLATEAUX | _SCALAIRES, min_size=1, max_size=3),
       chemins=st.lists(st.lists(st.integers(-5, 5), min_size=1, max_size=3), max_size=6),
       modifier=st.booleans())
def test_the_kind_hors_limites_copies_a_row_of_scalars_whole_and_observes_what_it_observed_element_by_element(
        arguments, chemins, modifier):
    """``hors_limites`` wraps the lists of the arguments and unwraps them after the call; a list of scalars is
    wrapped and unwrapped whole: the same reads out of range, value and arguments after the call as the wrapping
    element by element (the shortcut turned off), on a function that reads paths and may change its arguments."""
    def fonction(*args):
        lus = []
        for chemin in chemins:
            valeur = args[chemin[0] % len(args)]
            try:
                for i in chemin[1:]:
                    valeur = valeur[i]
            except (IndexError, TypeError, KeyError):
                valeur = "erreur"
            lus.append(valeur)
        if modifier and type(args[0]) is list and args[0]:
            args[0][0] = lus
            args[0].append(args[0][-1])
        return lus

    def observer():
        cas = observations.evaluer_cas("hors_limites", fonction, tuple(arguments), observations.Garde())
        return json.dumps(cas)

    rapide = observer()
    with pytest.MonkeyPatch.context() as m:
        m.setattr(observations, "_scalaires_seuls", lambda liste: False)
        assert observer() == rapide


def test_in_the_kernel_an_answer_over_the_budget_fails_with_the_same_words():
    spec = CCINP.specs["Q4"]
    verdict = checks.verifier(spec, lambda jeu: [[0]] * BUDGET.valeurs, spec.cas()[:3], cellules=[])
    assert not verdict.ok and "réponse trop grande" in verdict.message, verdict.message


# ---------------------------------------------------------------- every subject's honest replies fit, with room
def _plus_grandes_reponses() -> dict[str, tuple[int, int, int]]:
    """For each subject, the largest honest reply of its function questions on their hidden cases: (bytes,
    values, depth)."""
    large = Budget(octets=10 ** 12, valeurs=10 ** 12, imbrication=10 ** 6)
    resultat = {}
    for sujet in catalogue.tous():
        reference, plus = sujet.reference(), (0, 0, 0)
        for spec in sujet.specs.values():
            garde = observations.Garde()
            appel = spec.appelable(observations.envelopper(getattr(reference, spec.nom), garde), reference)
            textes_ = [json.dumps(observations.evaluer_cas(spec.observation, appel, spec.nommer(args), garde),
                                  ensure_ascii=False, allow_nan=True) for args in spec.cas()]
            ligne = messages.ecrire(Reponse(1, Issue.RESULTATS, resultats=textes_))
            imbrication = next(p for p in range(1, 100) if _sous(textes_, Budget(10 ** 12, 10 ** 12, p)))
            valeurs = max(messages.mesurer(ligne, large), messages.mesurer_textes(textes_, large))
            plus = tuple(max(a, b) for a, b in zip(plus, (len(ligne), valeurs, imbrication)))
        resultat[sujet.nom] = plus
    return resultat


def _sous(textes_: list[str], budget: Budget) -> bool:
    try:
        for texte in textes_:
            messages.mesurer(texte, budget)
        return True
    except ReponseTropGrande:
        return False


def test_every_subject_s_largest_honest_reply_fits_the_budget_twice():
    """The attractor graphs, Othello's boards, the Olympiades' images: each subject's largest reply (printed) is
    at most half of each limit of the budget."""
    for nom, (octets, valeurs, imbrication) in _plus_grandes_reponses().items():
        print(f"{nom}: {octets} bytes, {valeurs} values, depth {imbrication}")
        assert 2 * octets <= BUDGET.octets and 2 * valeurs <= BUDGET.valeurs and 2 * imbrication <= BUDGET.imbrication, \
            nom


# ---------------------------------------------------------------- the judge, its runner in its sandbox
RAPIDE = juge.Limites(delai_cellule=10, delai_question=20)
JUSTE_Q7 = "def copie(jeu):\n    return {k: (list(v) if type(v) is list else v) for k, v in jeu.items()}\n"


def _q4(corps: str) -> str:
    return "def tour_joueur1(jeu):\n" + "".join("    " + l + "\n" for l in corps.splitlines())


@pytest.mark.parametrize("cellule, limite", [
    (_q4(attaques._PROFOND + "return [x] * 150_000"), "valeurs"),
    (_q4("return [[0]] * 2_000_000"), "valeurs"),
    (attaques._forge_canal(attaques._VALEURS), "valeurs"),
    (attaques._forge_canal(attaques._OCTETS), "octets"),
], ids=["profond_et_large", "valeurs", "canal_valeurs", "canal_octets"])
def test_judge_a_reply_over_the_budget_fails_its_question_only(cellule, limite):
    limites = juge.Limites(delai_cellule=10, delai_question=20)
    etapes = [juge.CelluleDeCode(0, cellule), juge.CelluleDeCode(1, JUSTE_Q7),
              juge.CelluleDeCode(2, questions=[("Q4", "tour_joueur1"), ("Q7", "copie")])]
    verdicts = juge.juger_notebook(etapes, bac_a_sable=True, limites=limites, sujet=CCINP)
    attendu = textes.decrire_trop_grande(limite)
    assert not verdicts["Q4"].ok and attendu in verdicts["Q4"].message, verdicts["Q4"].message
    assert verdicts["Q7"].ok, verdicts["Q7"].message


ATTRACTEURS = next(s for s in catalogue.tous() if s.module_correction.startswith("awale_ref.sujets.attracteurs"))


@pytest.mark.parametrize("code", [attaques._FIL, attaques._PROCESSUS, attaques._FOURCHE, attaques._FIL_BAS],
                         ids=["thread", "multiprocessing", "fork", "thread_de_bas_niveau"])
def test_judge_calls_made_in_another_thread_or_process_are_not_counted(code):
    etapes = [juge.CelluleDeCode(0, code), juge.CelluleDeCode(1, questions=[("Q15", "dico_gagnant_opt")])]
    verdict = juge.juger_notebook(etapes, bac_a_sable=True, limites=juge.Limites(delai_question=60),
                                  sujet=ATTRACTEURS)["Q15"]
    assert not verdict.ok and "60% des points" in verdict.message, verdict.message
    assert attaques.RAISON_FILS in verdict.message


@pytest.mark.parametrize("code, quoi", [(attaques._FIL, "un fil d'exécution (thread)"),
                                        (attaques._FOURCHE, "un autre processus")], ids=["thread", "fork"])
def test_outside_a_sandbox_the_observation_says_why_it_did_not_count(code, quoi):
    espace: dict = {"Tuple": ATTRACTEURS.reference().Tuple}
    exec(compile(code, "<cellule>", "exec"), espace)
    G = ATTRACTEURS.reference().G22
    obs = observations.observer("appels", espace["dico_gagnant_opt"], (G,))
    assert obs[messages.RENVOIE] == ATTRACTEURS.reference().dico_gagnant_opt(G)
    assert type(obs[messages.APPELS]) is str and quoi in obs[messages.APPELS], obs[messages.APPELS]
    honnete = observations.observer("appels", ATTRACTEURS.reference().dico_gagnant_opt, (G,))
    assert type(honnete[messages.APPELS]) is dict
