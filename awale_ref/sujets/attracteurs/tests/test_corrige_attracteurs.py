"""The attractor practical's own answer key, graded as a student: it loses exactly its real mistakes.

The key (``awale_ref/sujets/attracteurs/tests/data/attracteurs_corrige_tp.py``, transcribed as a student writes it in the notebooks) is
graded in-process on every hidden case the judge plans, then once through the real ``nbgrader autograde``
(sandbox on) as a student's two notebooks.  Its mistakes against the release statements, each named in the
reference's ``LECTURES`` (``docs/attracteurs_lectures.md``), are :data:`PERTES_DU_CORRIGE`; every other
question gets full marks (Q5 included: no hidden case leaves its domain, a list of lists).
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from awale_ref.grading.correcteur import plan
from awale_ref.grading.eleve import checks, contraintes
from awale_ref.sujets.attracteurs import SUJET
from outils import appels_visibles, fichier_execute

pytestmark = pytest.mark.lourd  # a long file: run before the short ones (conftest.py)

CORRIGE = Path(__file__).parent / "data" / "attracteurs_corrige_tp.py"

PERTES_DU_CORRIGE = {
    # question: the rule families its real mistakes lose (LECTURES)
    "Q2": {"ni même couleur ni même hauteur : []"},  # adds the second position whenever colours differ
    "Q6": {"chaque position ne sort qu'une fois de la file (coups appelée une fois par position)"},  # file again
    "Q24": {"tous les cas"},  # reads init_attracteurs' dictionaries, not the attractors
}


def _corrige() -> tuple[dict, str]:
    return fichier_execute(CORRIGE)


def test_le_corrige_du_tp_perd_exactement_ses_erreurs():
    espace, source = _corrige()
    reference, appels = SUJET.reference(), appels_visibles(SUJET)
    for question, spec in SUJET.specs.items():
        cas = plan.cas_et_attendus(SUJET.module_correction, question, appels.get(question, ()))[0]
        resultat = checks.verifier(spec, espace[spec.nom], cas, reference,
                                   cellules=[contraintes.Cellule("cellule de code n°1", source)])
        perdues = {nom for nom, ok in resultat.familles if not ok}
        principales = {f.nom for f in spec.rubriques() if f.principale}
        attendues = PERTES_DU_CORRIGE.get(question, set())
        if attendues >= principales:
            assert resultat.part == 0, question
        else:
            assert perdues == attendues, (question, resultat.message)


def test_le_tuple_du_corrige_perdait_q5_sur_une_liste_melangee():
    """The case the domain left out (numbers and lists in one list): the key's Tuple, which looks at the first
    element only, answers it otherwise than the reference; no hidden case of Q5 is of that kind."""
    espace, _ = _corrige()
    melange = [[1, [2, [3, [4]]]]]
    assert espace["Tuple"](melange) != SUJET.reference().Tuple(melange)
    assert not SUJET.specs["Q5"].dans_le_domaine((melange,))


def _cellules_du_corrige(source: str) -> dict[str, str]:
    """The key's code per graded function, as a student's answer cell: the key's imports, then the function
    (with the helpers the key writes just before it, such as ``est_Gagnante_rec``)."""
    arbre = ast.parse(source)
    imports = "\n".join(ast.get_source_segment(source, n) for n in arbre.body
                        if isinstance(n, (ast.Import, ast.ImportFrom)))
    notees = {spec.nom for spec in SUJET.specs.values()}
    cellules, en_attente = {}, []
    for noeud in arbre.body:
        if isinstance(noeud, ast.FunctionDef):
            en_attente.append(ast.get_source_segment(source, noeud))
            if noeud.name in notees:
                cellules[noeud.name] = imports + "\n\n\n" + "\n\n\n".join(en_attente)
                en_attente = []
    return cellules


def test_le_corrige_du_tp_rendu_et_corrige_par_nbgrader(tmp_path):
    """The key handed in as a student's two notebooks and graded by ``nbgrader autograde`` (sandbox on): each
    test cell gets exactly the points :data:`PERTES_DU_CORRIGE` leaves (the structured answers, which the key
    prints rather than stores, are the course's; the justifications are left to the teacher)."""
    from pipeline import demo, demo_class, erreurs_simulees
    from pipeline.nbgrader_cli import nbgrader_ici
    from pipeline.report import lire_notes

    _, source = _corrige()
    cellules = _cellules_du_corrige(source)
    devoirs = SUJET.devoirs
    devoir_de = {}
    for devoir in devoirs:
        texte = SUJET.source_du_devoir(devoir).read_text(encoding="utf-8")
        for question in SUJET.specs:
            if f'grade_id="{question.lower()}_tests"' in texte:
                devoir_de[question] = devoir
    erreurs = []
    for question, spec in SUJET.specs.items():
        perdues = tuple(PERTES_DU_CORRIGE.get(question, ()))
        erreurs.append(erreurs_simulees.Erreur(f"{question.lower()}_{spec.nom}", cellules[spec.nom],
                                         (f"{question.lower()}_tests",) if perdues else (), f"corrigé {question}",
                                         perdues=perdues, devoir=devoir_de[question]))
    eleve = demo_class.Eleve("tp_corrige", "Corrigé", "TP", "le corrigé du TP transcrit", tuple(erreurs),
                             rendus=devoirs)
    racine = tmp_path / "cours"
    assert demo.preparer_cours(racine, (eleve,), devoirs) == devoirs
    demo.distribuer_et_rendre(racine, devoirs, (eleve,))
    for devoir in devoirs:  # in this process, whose judge has the cases already (the class's grading on Dask: the demo)
        nbgrader_ici("autograde", devoir, "--force", racine=racine)
    _, _, liste = lire_notes(racine)
    obtenues = {(n.assignment, n.grade_id): n.score for n in liste if n.eleve == eleve.identifiant}
    attendues = demo_class.scores_attendus(eleve, demo_class.bareme(racine), manuelles=False)
    assert obtenues == attendues
    perdus = sum(p for d in devoirs for _, p, manuel in demo_class.bareme(racine)[d] if not manuel) \
        - sum(s for s in obtenues.values() if s is not None)
    # 20 % of Q2, 25 % of Q6, Q24 (nbgrader keeps two decimals of each cell: 1.125 is written 1.12 or 1.13)
    assert perdus == pytest.approx(0.2 * 1.5 + 0.25 * 1.5 + 1, abs=0.01)
    shutil.rmtree(racine, ignore_errors=True)
