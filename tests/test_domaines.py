"""Every hidden case of every subject lies in its question's domain (``Spec.domaine``).

The domain of a question is what its statement says what to answer on; a case outside it would grade an
answer the statement never asked for.  The cases checked are the ones the judge plans
(``plan.cas_prevus``): the visible examples of the course's test cells, then the spec's corpus; the judge
itself keeps only those inside the domain (``plan.cas_et_attendus``), so this test fails on a source or a
corpus that would otherwise lose cases silently.
"""

from __future__ import annotations

import pytest

from awale_ref.grading.correcteur import plan
from awale_ref.grading.registre import catalogue
from awale_ref.grading.registre.types_question import Fonctions
from outils import appels_visibles


def _questions() -> list[tuple[str, str]]:
    return [(sujet.module_correction.rsplit(".", 1)[1], question) for sujet in catalogue.tous()
            for question in sujet.specs if isinstance(sujet.type_de(question), Fonctions)]


@pytest.mark.parametrize("paquet, question", _questions())
def test_chaque_cas_cache_est_dans_le_domaine_de_sa_question(paquet, question):
    sujet = catalogue.sujet_du_module(f"awale_ref.sujets.{paquet}")
    spec, reference = sujet.specs[question], sujet.reference()
    cas = plan.cas_prevus(spec, reference, appels_visibles(sujet).get(question, ()))
    dehors = [c for c in cas if not spec.dans_le_domaine(c)]
    assert not dehors, f"{paquet} {question}: {len(dehors)} case(s) outside the domain, e.g. {dehors[0]!r:.300}"


@pytest.mark.parametrize("paquet, question", [(sujet.module_correction.rsplit(".", 1)[1], question)
                                               for sujet in catalogue.tous() for question in sujet.specs])
def test_chaque_question_dit_son_domaine(paquet, question):
    """Every spec of every subject states its domain, with a docstring that quotes its statement."""
    spec = catalogue.sujet_du_module(f"awale_ref.sujets.{paquet}").specs[question]
    assert spec.domaine is not None, f"{paquet} {question} ({spec.nom}) states no domain (Spec.domaine)"
    assert (spec.domaine.__doc__ or "").strip(), f"{paquet} {question} ({spec.nom}): the domain quotes no statement"


def test_le_juge_ecarte_un_cas_hors_du_domaine():
    """A visible example outside the domain (Othello Q16 with cells J2 cannot play) is not graded."""
    sujet = catalogue.sujet_du_module("awale_ref.sujets.othello_epita_2024")
    appels = (("p_milieu", "jouables_milieu", "score", "-1"),)
    spec, reference = sujet.specs["Q16"], sujet.reference()
    assert not spec.dans_le_domaine(plan.cas_prevus(spec, reference, appels)[0])
    cas = plan.cas_et_attendus(sujet.module_correction, "Q16", appels)[0]
    assert cas == [c for c in spec.cas() if spec.dans_le_domaine(c)]
