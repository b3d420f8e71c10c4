"""The generic additions to the grading core made for the Othello subject, tested without it.

- a parameter that takes a function of the reference (``Spec.fonctions``): the case holds the function's
  name, each side resolves it in its own reference (``observations.avec_fonctions``);
- the ``copie`` observation of a list of rows (a board), not only of a dict;
- the source constraint ``sans_in_liste``: no membership test on a list the code builds;
- a kind of question of a subject's own (``types_question``): the judge plans and judges it through its
  hooks, the core unchanged.
"""

import dataclasses

import pytest

from awale_ref.grading.correcteur import juge
from awale_ref.grading.eleve import contraintes
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.grading.eleve.specs import Spec
from awale_ref.grading.executant import encodage, observations
from awale_ref.grading.registre import types_question


def _spec(**autres) -> Spec:
    return Spec("Q16", "tour_joueur1", ("jeu", "f"), "renvoie", lambda: [], "r", fonctions=("f",),
                module="awale_ref.sujets.ccinp_2024.exam", **autres)


def test_une_fonction_passe_par_son_nom_et_se_resout_dans_la_reference():
    spec = _spec()
    from awale_ref.sujets.ccinp_2024 import exam

    assert spec.nommer(({"n": 0}, exam.tour_joueur1)) == ({"n": 0}, "tour_joueur1")
    obs = spec.observer(lambda jeu, f: f(jeu), ({"n": 3}, exam.tour_joueur1))
    assert obs == {"renvoie": False}
    obs = spec.observer(lambda jeu, f: f(jeu), ({"n": 2}, "tour_joueur1"))
    assert obs == {"renvoie": True}
    # what crosses the boundary is the name: the arguments after the call stay plain data
    assert encodage.exact(observations.observer("renvoie", spec.appelable(lambda jeu, f: f(jeu)),
                                              ({"n": 2}, "tour_joueur1")))["__arguments__"] == ({"n": 2}, "tour_joueur1")


def test_un_nom_absent_de_la_reference_est_une_erreur_claire():
    appel = observations.avec_fonctions(lambda f: f(), [0], {"score": print})
    with pytest.raises(ValueError, match="no function 'inconnue'"):
        appel("inconnue")


def test_fonctions_doit_nommer_des_parametres():
    with pytest.raises(ValueError, match="not parameters"):
        Spec("Q1", "f", ("p",), "renvoie", lambda: [], "r", fonctions=("g",), module="awale_ref.sujets.ccinp_2024.exam")


def test_copie_d_une_liste_de_lignes():
    p = [[0, 1], [1, 0]]
    assert observations.observer("copie", lambda q: [list(l) for l in q], (p,))["copie_independante"]
    assert not observations.observer("copie", lambda q: list(q), (p,))["copie_independante"]
    assert not observations.observer("copie", lambda q: q, (p,))["copie_independante"]


@pytest.mark.parametrize("source, interdit", [
    ("L = []\n    for k in l:\n        if k not in L:\n            L.append(k)\n    return L", True),
    ("L = list()\n    return [k for k in l if k in L]", True),
    ("return [k for k in l if k in [c]]", True),
    ("L, vu = [], {}\n    for k in l:\n        if k not in vu:\n            L.append(k)\n            vu[k] = 1\n"
     "    return L", False),
    ("L = []\n    for k in l:\n        L.append(k)\n    return L", False),
])
def test_sans_in_liste(source, interdit):
    spec = Spec("Q7", "f", ("p", "l", "c"), "renvoie", lambda: [], "r", contraintes=("sans_in_liste",),
                module="awale_ref.sujets.ccinp_2024.exam")
    cellule = contraintes.Cellule("cellule de code n°1", f"def f(p, l, c):\n    {source}\n")
    raison = contraintes.violation(spec, [cellule])
    assert (raison is not None) == interdit
    if interdit:
        assert "test d'appartenance in" in raison


def test_une_liste_constante_n_est_pas_une_copie():
    assert not observations.observer("copie", lambda q: [], ([[0, 1]],))["copie_independante"]
    assert "copie_independante" not in observations.observer("copie", lambda q: [], ({"a": [1]},))


# ---------------------------------------------------------------- a subject's own kinds of question
@dataclasses.dataclass(frozen=True)
class ValeurApprochee(types_question.Valeurs):
    """A value judged within a tolerance: planned as a value, judged by its own hook."""

    tolerance: float = 0.01

    def juger_reponse(self, plan, reponse):
        question = plan.ordre.question
        ecart = abs(encodage.decoder(reponse.valeur) - self.reponses[question])
        return Resultat(ecart <= self.tolerance, f"{question} — écart de {ecart:.3f}", 1)


@dataclasses.dataclass(frozen=True)
class MotEcrit(types_question.TypeDeQuestion):
    """A question with nothing to run: its own plan is the verdict (a word written above its test cell)."""

    question: str
    mot: str

    @property
    def questions(self):
        return (self.question,)

    def planifier(self, notebook, question, expression, position, jusqua, lecture):
        ecrit = any(self.mot in etape.source for etape in notebook.etapes[:position])
        return Resultat(ecrit, f"{question} — {'écrit' if ecrit else 'absent'}", 1)


def _noter(genre, code: str, question: str) -> Resultat:
    from awale_ref.sujets.ccinp_2024 import SUJET

    sujet = dataclasses.replace(SUJET, types=(*SUJET.types, genre))
    etapes = [juge.CelluleDeCode(0, code), juge.CelluleDeCode(1, questions=[(question, "x")])]
    return juge.juger_notebook(etapes, bac_a_sable=False, sujet=sujet)[question]


def test_une_sorte_du_sujet_est_jugee_par_son_propre_crochet():
    genre = ValeurApprochee({"Q99": 1 / 3})
    assert _noter(genre, "x = 0.334", "Q99") == Resultat(True, "Q99 — écart de 0.001", 1)
    assert _noter(genre, "x = 0.5", "Q99") == Resultat(False, "Q99 — écart de 0.167", 1)


def test_une_sorte_du_sujet_est_planifiee_par_son_propre_crochet():
    genre = MotEcrit("Q98", "awale")
    assert _noter(genre, "x = 'awale'", "Q98") == Resultat(True, "Q98 — écrit", 1)
    assert _noter(genre, "x = 1", "Q98") == Resultat(False, "Q98 — absent", 1)
