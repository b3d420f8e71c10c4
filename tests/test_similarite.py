"""The similarity report (pipeline/similarite.py): the demo's two copiers come first, nobody else is flagged,
renaming or reordering does not hide a copy, the short obvious answer accuses no one.

Built from the demo class's submissions written directly (``demo_class.ecrire_soumissions``), without
grading; the whole demo's report is checked in tests/test_demo_class.py.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import sys
from pathlib import Path

import nbformat
import pytest

from pipeline import demo_class, similarite
from pipeline.build import RACINE, STUB_CODE, serie

CCINP = serie("partie1_regles")


@pytest.fixture(scope="module")
def cours(tmp_path_factory: pytest.TempPathFactory) -> Path:
    racine = tmp_path_factory.mktemp("similarite")
    for dossier in ("release", "source"):
        shutil.copytree(RACINE / dossier, racine / dossier)
    demo_class.ecrire_soumissions(racine)
    return racine


@pytest.fixture(scope="module")
def analyse(cours: Path) -> similarite.Analyse:
    return similarite.analyser(cours, CCINP)


def test_les_deux_copieurs_sont_classes_en_tete_et_personne_d_autre_n_est_signale(analyse):
    copies = {tuple(sorted(paire)) for paire in demo_class.COPIEURS.items()}
    assert {(p.a, p.b) for p in analyse.paires[:2]} == copies
    assert {(p.a, p.b) for p in analyse.signalees()} == copies
    for p in analyse.paires[2:]:
        assert not p.signalee() and p.score() < analyse.reglages.seuil, p
    # Lina copied two questions only: both are flagged, on their own and over partie3_ia
    lina = next(p for p in analyse.paires if "girard_lina" in (p.a, p.b))
    assert "q20_max_vals" in {q.question[1] for q in lina.questions_signalees()}
    # Q21 differs from the course's code by one number only, which the normalisation erases: no evidence
    assert {q.question[1] for q in lina.questions} <= {"q20_max_vals", "q21_awale_ia"}
    assert lina.signalee("partie3_ia") and not lina.signalee("partie2_structure")
    assert analyse.classement("partie2_structure")[0].b == "fournier_theo"
    # Théo renamed Chloé's variables, and put her two functions of Q13 in the other order: both still show
    theo = next(p for p in analyse.paires if "fournier_theo" in (p.a, p.b))
    assert {q.question[1] for q in theo.questions_signalees()} == {"q10_ramasser_graines", "q13_cases_possibles"}


def test_les_copies_de_variante_sont_classees_avec_les_paires(analyse):
    """One ranked list: the variant-copier's answers (each weighs preuve_min) beside the pairs' shared weight;
    the demo's two copying pairs and the variant-copier are the flagged lines, first; nobody else is flagged."""
    from pipeline import variantes_copiees

    noms = {e.identifiant: f"{e.prenom} {e.nom}" for e in demo_class.CLASSE}
    copies = [variantes_copiees.CopieDeVariante(c, "partie1_regles", q, (s,))
              for c, s in demo_class.COPIEURS_DE_VARIANTE.items() for q in ("Q1_cases", "Q2_gains", "Q2_plateaux")]
    texte = "\n".join(similarite.section_du_rapport(analyse, noms,
                                                    autres=variantes_copiees.indices(copies, noms, analyse.reglages)))
    lignes = [l for l in texte.split("**Classement des copies probables**")[1].split("\n\n**")[0].splitlines()
              if l.startswith("| ") and l[2].isdigit()]
    attendus = {f"{noms[a]} et {noms[b]}" for a, b in (sorted(p) for p in demo_class.COPIEURS.items())}
    attendus |= {noms[c] for c in demo_class.COPIEURS_DE_VARIANTE}
    premieres = lignes[:len(attendus)]
    assert {l.split(" | ")[1].lstrip("[").split("]")[0] for l in premieres} == attendus, lignes
    assert all(l.endswith("| **oui** |") for l in premieres) and all(l.endswith("| non |") for l in lignes[len(attendus):])
    variante = next(l for l in premieres if "juste pour la variante de Sarah Lefebvre" in l)
    assert f"| {3 * analyse.reglages.preuve_min:.1f} |" in variante


def test_le_rapport_les_pages_et_les_fiches(analyse, cours, tmp_path):
    noms = {e.identifiant: f"{e.prenom} {e.nom}" for e in demo_class.CLASSE}
    pages = similarite.ecrire_pages(tmp_path, analyse, noms, "Awalé")
    assert tmp_path / "bernard_chloe__fournier_theo.html" in pages
    page = (tmp_path / "bernard_chloe__fournier_theo.html").read_text(encoding="utf-8")
    assert "pas une preuve" in page and "<mark>" in page and "Chloé Bernard" in page
    assert "recolte" in page and "&lt;" not in page.split("<mark>")[0][-1:]   # the code, escaped
    texte = "\n".join(similarite.section_du_rapport(analyse, noms))
    assert texte.startswith("## Copies semblables") and "**2 paire(s) signalée(s)**" in texte
    lignes = [l for l in texte.split("Sur l'épreuve")[1].splitlines() if l.startswith("| [")]
    assert {"Chloé Bernard et Théo Fournier", "Camille Durand et Lina Girard"} == {
        l.split("]")[0][3:] for l in lignes[:2]}
    # no honest answer is close to a source: nobody is flagged there
    assert analyse.proches and not analyse.proches_signales() and "0 élève(s) signalé(s)" in texte
    sections = similarite.sections_des_fiches(analyse, noms)
    assert set(sections) == {"bernard_chloe", "fournier_theo", "durand_camille", "girard_lina"}
    assert "réservé à l'enseignant" in sections["girard_lina"] and "Camille Durand" in sections["girard_lina"]


def _reponse(fonctions: list[str]) -> str:
    return "\n\n".join(fonctions) + "\n"


_F1 = """def somme_camp(plateau, debut):
    total = 0
    for i in range(debut, debut + 6):
        if plateau[i] > 0:
            total = total + plateau[i]
        else:
            total = total - 1
    return total"""
_F2 = """def meilleur(plateau):
    valeurs = []
    for debut in (0, 6):
        valeurs.append(somme_camp(plateau, debut) * 2 + debut)
    if valeurs[0] > valeurs[1]:
        return 'joueur1'
    return 'joueur2'"""


def _expression(hasard: random.Random, profondeur: int) -> str:
    """An expression of its own shape (the shape, not the names or numbers, is what the report compares)."""
    if profondeur == 0:
        return hasard.choice(["plateau[k % 12]", "k", "s[0]", "len(plateau)", "3"])
    a, b = _expression(hasard, profondeur - 1), _expression(hasard, profondeur - 1)
    return hasard.choice([f"({a} + {b})", f"({a} * {b})", f"max({a}, {b})", f"({a} if {b} > 2 else 1)",
                          f"abs({a} - {b})", f"plateau[{a} % 12]", f"sum([{a}, {b}])", f"-{a}"])


def _classe_honnete(n: int) -> dict[str, str]:
    """``n`` honest answers to the same question, each written differently (its own loops and expressions)."""
    reponses = {}
    for i in range(n):
        hasard = random.Random(i)
        boucle = [f"for k in range({i}, 12):", "for k in plateau:", "while len(s) < 12:"][i % 3]
        corps = "\n".join(f"        s.append({_expression(hasard, 3)})" for _ in range(1 + i % 2))
        reponses[f"eleve{i:02d}"] = (f"def meilleur(plateau):\n    s = [{_expression(hasard, 1)}]\n    k = 0\n"
                                     f"    {boucle}\n{corps}\n        k += 1\n"
                                     f"    if {_expression(hasard, 2)} > {_expression(hasard, 2)}:\n"
                                     f"        return {_expression(hasard, 3)}\n    return {_expression(hasard, 2)}\n")
    return reponses


def test_renommer_et_reordonner_les_fonctions_ne_cache_pas_la_copie():
    original = _reponse([_F1, _F2])
    copie = _reponse([_F2, _F1]).replace("total", "acc").replace("valeurs", "v").replace("debut", "d")
    reponses = {("p", "q1_meilleur"): {"ana": original, "bob": copie, **_classe_honnete(10)}}
    analyse = similarite.comparer(reponses, {"p": []})
    premiere = analyse.paires[0]
    assert (premiere.a, premiere.b) == ("ana", "bob") and premiere.signalee() and premiere.score() > 0.6  # the seams only are lost
    assert [p for p in analyse.paires if p.signalee()] == [premiere]


def test_la_reponse_courte_et_evidente_partagee_par_beaucoup_n_accuse_personne():
    courte = "def tour_joueur1(jeu):\n    return jeu['n'] % 2 == 0\n"
    longue_commune = _reponse([_F1])   # the course's idiom, written by most of the class
    reponses = {("p", "q4_tour_joueur1"): {f"e{i:02d}": courte for i in range(30)},
                ("p", "q5_somme_camp"): {f"e{i:02d}": longue_commune for i in range(25)}}
    reponses[("p", "q5_somme_camp")].update({f"e{i:02d}": code for i, code in
                                             zip(range(25, 30), _classe_honnete(5).values())})
    analyse = similarite.comparer(reponses, {"p": []})
    assert analyse.ignorees == 30                   # the short answers are not even compared
    assert analyse.signalees() == []                # what most of the class writes weighs nothing
    assert all(p.score() == 0 for p in analyse.paires if p.b < "e25")   # the 25 who wrote the idiom


def test_le_gabarit_de_la_version_eleve_n_est_pas_une_copie():
    gabarit = _F1
    reponses = {("p", "q5"): {"ana": _reponse([_F1, "def f(x):\n    return x + 1"]),
                              "bob": _reponse([_F1, "def g(y):\n    return [y] * 3"])}}
    avec = similarite.comparer(reponses, {"p": [gabarit]})
    sans = similarite.comparer(reponses, {"p": []})
    assert avec.signalees() == [] and sans.signalees() != []
    assert sum(p.partage() for p in avec.paires) < sans.paires[0].partage() / 2   # the seam only


def test_les_mauvaises_entrees_sont_refusees_clairement(tmp_path):
    with pytest.raises(ValueError, match="no boilerplate given for assignment"):
        similarite.comparer({("p", "q1"): {"ana": "x = 1"}}, {})
    with pytest.raises(TypeError, match="not str"):
        similarite.comparer({("p", "q1"): {"ana": None}}, {"p": []})
    with pytest.raises(TypeError, match=r"\(assignment, grade_id\)"):
        similarite.comparer({"q1": {"ana": "x = 1"}}, {"p": []})
    with pytest.raises(ValueError, match="need 1 <= k <= garantie"):
        similarite.Reglages(k=30, garantie=20)
    with pytest.raises(ValueError, match="no release notebook .*generate_assignment"):
        similarite.analyser(tmp_path, ("partie1_regles",))
    (tmp_path / "release" / "p").mkdir(parents=True)
    shutil.copy(RACINE / "release" / "partie1_regles" / "partie1_regles.ipynb", tmp_path / "release" / "p" / "p.ipynb")
    (tmp_path / "submitted" / "ana" / "p").mkdir(parents=True)
    (tmp_path / "submitted" / "ana" / "p" / "p.ipynb").write_text("{pas du json", encoding="utf-8")
    with pytest.raises(ValueError, match="not a readable notebook"):
        similarite.reponses_rendues(tmp_path, "p")
    (tmp_path / "submitted" / "bob" / "p").mkdir(parents=True)   # a link to the solutions is never followed
    (tmp_path / "submitted" / "bob" / "p" / "p.ipynb").symlink_to(RACINE / "source" / "partie1_regles" / "partie1_regles.ipynb")
    shutil.move(tmp_path / "submitted" / "ana", tmp_path / "ana")
    with pytest.raises(ValueError, match="symbolic link, not followed"):
        similarite.reponses_rendues(tmp_path, "p")
    shutil.move(tmp_path / "ana", tmp_path / "submitted" / "ana")
    # the report goes on without them, and names them (nbgrader's autograde reports them too)
    analyse = similarite.analyser(tmp_path, ("p",))
    assert analyse.illisibles == [Path("submitted/ana/p/p.ipynb"), Path("submitted/bob/p/p.ipynb")]
    assert analyse.paires == []
    assert "`submitted/ana/p/p.ipynb`" in "\n".join(similarite.section_du_rapport(analyse, {}))


def test_les_empreintes_sont_les_memes_sur_plusieurs_processus(monkeypatch):
    """From PARALLELE_DES distinct answers the fingerprints are computed on several processes: same result."""
    reponses = {("p", "q1_meilleur"): {"ana": _reponse([_F1, _F2]), "bob": _reponse([_F2, _F1]),
                                       **_classe_honnete(6)}}
    seul = similarite.comparer(reponses, {"p": [_F1[:40]]}, processus=1)
    monkeypatch.setattr(similarite, "PARALLELE_DES", 0)
    deux = similarite.comparer(reponses, {"p": [_F1[:40]]}, processus=2)
    assert [(p.a, p.b, p.questions) for p in deux.paires] == [(p.a, p.b, p.questions) for p in seul.paires]
    assert seul.paires


sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import deguisements  # noqa: E402


@pytest.mark.parametrize("deguisement", [
    lambda nb: deguisements.reponses_deplacees(nb, STUB_CODE),
    deguisements.metadonnees_renommees,
    lambda nb: deguisements.tout_dans_la_premiere(nb, STUB_CODE),
], ids=["reponses_deplacees", "metadonnees_renommees", "tout_dans_la_premiere"])
def test_les_reponses_sont_lues_ou_qu_elles_soient_ecrites(cours, tmp_path, deguisement):
    """Théo's answers moved to new cells, relabelled, or all written in one cell: read all the same, each
    under its question (the function it defines), and his pair with Chloé flagged on the same questions."""
    for dossier in ("release", "submitted"):
        shutil.copytree(cours / dossier, tmp_path / dossier, symlinks=True)
    version = similarite.VersionEleve.lire(tmp_path, "partie2_structure")
    chemin = tmp_path / "submitted" / "fournier_theo" / "partie2_structure" / "partie2_structure.ipynb"
    avant = similarite.reponses_du_notebook(chemin, version)
    nbformat.write(deguisement(nbformat.read(chemin, as_version=4)), chemin)
    apres = similarite.reponses_du_notebook(chemin, version)
    assert {"q10_ramasser_graines", "q13_cases_possibles"} <= set(apres)
    for gid in ("q10_ramasser_graines", "q13_cases_possibles"):
        assert similarite.normaliser(apres[gid])[0] == similarite.normaliser(avant[gid])[0], gid
    theo = next(p for p in similarite.analyser(tmp_path, CCINP).paires if "fournier_theo" in (p.a, p.b))
    assert theo.signalee()
    assert {"q10_ramasser_graines", "q13_cases_possibles"} <= {q.question[1] for q in theo.questions_signalees()}


@pytest.mark.parametrize("deguisement", [
    lambda nb: deguisements.reponses_deplacees(nb, STUB_CODE),
    lambda nb: deguisements.tout_dans_la_premiere(nb, STUB_CODE),
], ids=["reponses_deplacees", "tout_dans_la_premiere"])
def test_une_fonction_collee_a_cote_d_une_reponse_la_suit_ou_qu_elle_aille(cours, deguisement):
    """Louise's Q7 cell holds her answer and, beside it, a function no answer uses: moved or gathered with the
    other answers, that function still goes with Q7 (the answer written just before it in its cell)."""
    version = similarite.VersionEleve.lire(cours, "othello")
    chemin = cours / "submitted" / "michel_louise" / "othello" / "othello.ipynb"
    avant = similarite.reponses_du_notebook(chemin, version)["q7_cases_frontieres"]
    with tempfile.TemporaryDirectory() as dossier:
        copie = Path(dossier) / "othello.ipynb"
        nbformat.write(deguisement(nbformat.read(chemin, as_version=4)), copie)
        apres = similarite.reponses_du_notebook(copie, version)
    assert "def frontiere_entiere" in avant and "def frontiere_entiere" in apres["q7_cases_frontieres"]
    assert similarite.normaliser(apres["q7_cases_frontieres"])[0] == similarite.normaliser(avant)[0]


from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from bench_similarite import solutions  # noqa: E402

_MODELES = sorted(code for code in solutions().values()   # the graded functions (a value's literals are erased)
                  if deguisements.applicable(code) and "def " in code and len(similarite.normaliser(code)[0]) >= 60)


def test_du_code_mort_apres_chaque_instruction_ne_cache_pas_la_copie():
    """The cheapest disguise (``_ = k`` after every statement cuts every k-gram of the text) scores as the copy."""
    copie = deguisements.code_mort(_reponse([_F1, _F2]))
    assert copie.count("_ = ") >= 10
    analyse = similarite.comparer({("p", "q1_meilleur"): {"ana": _reponse([_F1, _F2]), "bob": copie,
                                                          **_classe_honnete(10)}}, {"p": []})
    assert (analyse.paires[0].a, analyse.paires[0].b) == ("ana", "bob") and analyse.paires[0].score() == 1.0
    assert [p for p in analyse.paires if p.signalee()] == [analyse.paires[0]]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modele=st.sampled_from(_MODELES),
       noms=st.sets(st.sampled_from(sorted(deguisements.DEGUISEMENTS_DU_CODE)), min_size=1, max_size=3))
def test_une_copie_deguisee_reste_au_dessus_du_seuil(modele, noms):
    """A sample of the evasion benchmark (benchmarks/bench_evasion.py): a course answer disguised in one or
    several ways, in a class of answers written differently, is still flagged, and nobody else."""
    copie = modele
    for nom in sorted(noms):
        copie = deguisements.DEGUISEMENTS_DU_CODE[nom](copie)
    analyse = similarite.comparer({("p", "q1"): {"ana": modele, "bob": copie, **_classe_honnete(8)}}, {"p": []})
    assert [(p.a, p.b) for p in analyse.signalees()] == [("ana", "bob")], (noms, copie)
    assert analyse.paires[0].score() >= analyse.reglages.seuil


# ---------------------------------------------------------------- sources beyond the class
def test_une_reponse_collee_du_corrige_et_renommee_est_proche_du_corrige():
    """Ana pastes the key's two functions, renamed and reordered; the class writes its own: only Ana is « proche
    de » the key, and an honest answer is not, with the thresholds of the pairs."""
    corrige = _reponse([_F1, _F2])
    collee = _reponse([_F2, _F1]).replace("total", "acc").replace("valeurs", "v").replace("debut", "d")
    reponses = {("p", "q1_meilleur"): {"ana": collee, **_classe_honnete(10)}}
    analyse = similarite.comparer(reponses, {"p": []}, sources={"p": {"corrigé public sujet.cle": corrige}})
    assert [(p.a, p.b) for p in analyse.proches_signales()] == [("ana", "corrigé public sujet.cle")]
    assert analyse.proches[0].score() > 0.6 and analyse.signalees() == []
    texte = "\n".join(similarite.section_du_rapport(analyse, {"ana": "Ana Nom"}))
    assert texte.index("« proche de corrigé public sujet.cle »") < texte.index("Sur l'épreuve")
    sans = similarite.comparer(reponses, {"p": []})
    assert sans.proches == [] and sans.signalees() == []


def test_le_corrige_que_toute_la_classe_ecrit_n_accuse_personne():
    """The key is a correct answer: when most of the class writes it, sharing it is no evidence; the one who
    pastes a passage nobody else writes is flagged."""
    corrige = _reponse([_F1, _F2])
    reponses = {("p", "q1_meilleur"): {f"e{i:02d}": _reponse([_F1, f"def meilleur(p):\n    return somme_camp(p, {i})"])
                                       for i in range(12)}}
    reponses[("p", "q1_meilleur")]["zoe"] = _reponse([_F2.replace("valeurs", "vals"), _F1])
    analyse = similarite.comparer(reponses, {"p": []}, sources={"p": {"corrigé": corrige}})
    assert [p.a for p in analyse.proches_signales()] == ["zoe"]


def test_le_code_donne_par_la_version_eleve_n_est_pas_une_source():
    gabarit = _F1
    reponses = {("p", "q5"): {"ana": _reponse([_F1, "def f(x):\n    return x + 1"]),
                              "bob": _reponse(["def g(y):\n    return [y] * 3"])}}
    analyse = similarite.comparer(reponses, {"p": [gabarit]}, sources={"p": {"corrigé": _reponse([_F1, _F2])}})
    assert analyse.proches_signales() == []


def test_la_demo_nomme_la_source_d_une_reponse_collee(cours, tmp_path):
    """Louise pasted, renamed, the Othello key's own helper beside her answer to Q7: the report lists her first,
    « proche de » the Othello key, with a side-by-side page showing the key's function; nobody else."""
    import inspect

    from awale_ref.sujets.othello_epita_2024 import othello

    analyse = similarite.analyser(cours, ("othello",))
    attendus = [(e, similarite.nom_du_corrige(module)) for e, module in demo_class.COLLEURS.items()]
    # the key first; the helper she pasted is in the students' package too (the reduced key ships it)
    assert [(p.a, p.b) for p in analyse.proches_signales()][:1] == attendus and analyse.signalees() == []
    assert {p.a for p in analyse.proches_signales()} == set(demo_class.COLLEURS)
    noms = {e.identifiant: f"{e.prenom} {e.nom}" for e in demo_class.CLASSE}
    texte = "\n".join(similarite.section_du_rapport(analyse, noms))
    source = attendus[0][1]
    assert f"| [Louise Michel](similarite/michel_louise__source_" in texte
    assert texte.index(similarite.proche_de(source)) < texte.index("Sur l'épreuve")
    pages = similarite.ecrire_pages(tmp_path, analyse, noms, "Othello")
    page = next(p for p in pages if p.name.startswith("michel_louise__source_")).read_text(encoding="utf-8")
    assert "proche de" in page and "<mark>" in page and "def cases_frontieres_de" in page
    assert len(page) < len(inspect.getsource(othello)) / 2   # only the source's definitions that hold a passage
    fiches = similarite.sections_des_fiches(analyse, noms)
    assert set(fiches) == {"michel_louise"} and "proche de" in fiches["michel_louise"]


def test_une_reponse_collee_d_un_module_du_paquet_des_eleves_est_proche_du_paquet(cours, tmp_path):
    """The students' package is compared by default (its modules read from the course): Hugo's Q16 pasted from
    the package's engine-backed ``gagnant``, renamed, is listed « proche de » that module; nobody else is."""
    import inspect

    from awale_ref import fonctions_moteur

    a = "partie2_structure"
    shutil.copytree(cours / "release" / a, tmp_path / "release" / a)
    for dossier in (cours / "submitted").glob(f"*/{a}"):
        shutil.copytree(dossier, tmp_path / "submitted" / dossier.parent.name / a)
    chemin = tmp_path / "submitted" / "martin_hugo" / a / f"{a}.ipynb"
    nb = nbformat.read(chemin, as_version=4)
    cellule = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "q16_gagnant")
    cellule.source = inspect.getsource(fonctions_moteur.gagnant).replace("valeur", "v").replace("moitie", "m")
    nbformat.write(nb, chemin)
    analyse = similarite.analyser(tmp_path, (a,))
    source = "paquet des élèves awale_ref/fonctions_moteur.py (source du cours)"
    assert [(p.a, p.b) for p in analyse.proches_signales()] == [("martin_hugo", source)]
    noms = {e.identifiant: f"{e.prenom} {e.nom}" for e in demo_class.CLASSE}
    assert similarite.proche_de(source) in "\n".join(similarite.section_du_rapport(analyse, noms))


def test_un_dictionnaire_deplie_se_normalise():
    """``{**d, "k": v}`` (a dict's key left empty by the unpacking) is read like any code, not an error."""
    assert similarite.normaliser('d = {"a": 1, **b}\n')[0] == similarite.normaliser('e = {"z": 2, **c}\n')[0]
    assert similarite.normaliser("d = {**b}\n")[0]


# ---------------------------------------------------------------- SQL answers
_Q25 = '''Q25 = """
SELECT nom, prenom, COUNT(*) AS victoires
FROM Joueur
JOIN Partie ON Partie.id_joueur1 = Joueur.id_Joueur
WHERE resultat = 1 AND jeu LIKE 'a%'
GROUP BY id_Joueur
HAVING COUNT(*) > 100
ORDER BY victoires DESC
"""
'''
_Q25_DEGUISEE = '''Q25 = "select J.NOM, J.PRENOM, count(*) as nb from joueur as J join partie as P on J.id_joueur = P.id_joueur1 where P.jeu like 'a%' and P.resultat = 1 group by J.id_joueur having count(*) > 100 order by nb desc"
'''


def _requetes_honnetes(n: int) -> dict[str, str]:
    """``n`` SQL answers of the same question, each of its own shape (its own joins, filters and groups)."""
    reponses = {}
    for i in range(n):
        hasard = random.Random(100 + i)
        colonnes = hasard.sample(["nom", "prenom", "niveau", "pays", "id_Joueur", "MAX(niveau)", "AVG(duree)"], 3)
        conditions = hasard.sample(["niveau > 1500", "pays = 'FR'", "duree < 40", "resultat = 2", "jeu LIKE 'b%'",
                                    "id_joueur2 <> id_joueur1", "niveau BETWEEN 1000 AND 2000"], 1 + i % 3)
        jointure = hasard.choice(["", "JOIN Partie ON Partie.id_joueur2 = Joueur.id_Joueur",
                                  "LEFT JOIN Partie ON id_joueur1 = id_Joueur"])
        fin = hasard.choice(["ORDER BY 1", "GROUP BY pays HAVING COUNT(*) >= 3", "LIMIT 5", "ORDER BY niveau, nom"])
        reponses[f"eleve{i:02d}"] = (f'Q25 = """SELECT {", ".join(colonnes)} FROM Joueur {jointure} '
                                     f'WHERE {" AND ".join(conditions)} {fin}"""\n')
    return reponses


def test_une_requete_sql_deguisee_reste_une_copie():
    """Case, aliases (tables and columns), layout and the order of a conjunction's conditions or of an equality's
    sides do not hide a copied query; the honest queries of the class are not flagged."""
    reponses = {("p", "q25_requete"): {"ana": _Q25, "bob": _Q25_DEGUISEE, **_requetes_honnetes(10)}}
    analyse = similarite.comparer(reponses, {"p": []})
    assert similarite.normaliser(_Q25)[0] == similarite.normaliser(_Q25_DEGUISEE)[0]
    assert {("ana", ("p", "q25_requete")), ("bob", ("p", "q25_requete"))} <= set(analyse.empreintes)   # compared
    assert [(p.a, p.b) for p in analyse.signalees()] == [("ana", "bob")] and analyse.paires[0].score() == 1.0
    page = similarite.ecrire_pages(Path(tempfile.mkdtemp()), analyse, {}, "SQL")[0].read_text(encoding="utf-8")
    assert "<mark>" in page and "GROUP BY" in page


def test_une_requete_collee_du_corrige_est_proche_du_corrige():
    from awale_ref.sujets.ccinp_2024.library import REQUETES

    corrige = 'REQUETES = {"Q25": """' + REQUETES["Q25"] + '"""}\n'
    collee = "Q25 = " + repr(REQUETES["Q25"].lower()) + "\n"
    reponses = {("p", "q25_requete"): {"ana": collee, **_requetes_honnetes(10)}}
    analyse = similarite.comparer(reponses, {"p": []}, sources={"p": {"corrigé public awale_ref.sujets.ccinp_2024.library": corrige}})
    assert [(p.a, p.b) for p in analyse.proches_signales()] == [("ana", "corrigé public awale_ref.sujets.ccinp_2024.library")]


# ---------------------------------------------------------------- justifications
_JUSTIFICATION = ("Pour trouver les coups permis, on regarde d'abord les cases vides du camp d'Alice, qui ne se "
                  "jouent pas. Sur les cases restantes, on simule le semis puis la récolte éventuelle. Si Bob "
                  "perdait alors toutes ses graines, le coup serait interdit par la règle de la famine.")
_PARAPHRASE = ("Pour trouver les coups permis, les cases vides du camp d'Alice, qui ne se jouent pas, sont regardées "
               "d'abord. On simule, sur les cases restantes, la récolte éventuelle puis le semis. Le coup serait "
               "interdit par la règle de la famine si Bob perdait alors toutes ses graines.")


def _justifications_honnetes() -> dict[str, similarite.Texte]:
    """Justifications written independently: the demo class's own of Q1, each student in their own words."""
    return {e.identifiant: similarite.Texte(demo_class.justification("q1_justification", e.style, e.identifiant, "partie1_regles"))
            for e in demo_class.CLASSE if not e.vierge and not e.justifie_comme}


def test_une_justification_reformulee_par_l_ordre_des_mots_reste_une_copie():
    reponses = {("p", "q1_justification"): {"ana": similarite.Texte(_JUSTIFICATION),
                                            "bob": similarite.Texte(_PARAPHRASE), **_justifications_honnetes()}}
    analyse = similarite.comparer(reponses, {"p": []})
    assert ("p", "q1_justification") in analyse.textes
    assert [(p.a, p.b) for p in analyse.signalees()] == [("ana", "bob")] and analyse.paires[0].score() > 0.6
    page = similarite.ecrire_pages(Path(tempfile.mkdtemp()), analyse, {}, "Textes")[0].read_text(encoding="utf-8")
    assert "<mark>" in page and "famine" in page


def test_des_justifications_differentes_ne_sont_pas_des_copies():
    """Two students' own wordings of the same reasoning share words, not phrases; and a phrase many students
    write (the course's) accuses no one."""
    autre = ("Alice peut jouer 2, 4 ou 5 puisque ses autres cases sont vides. J'ai simulé chaque semis : Bob "
             "conserve au moins une graine, le coup reste donc autorisé dans les trois cas étudiés.")
    formule = " Une case vide ne se joue jamais, et affamer l'adversaire est interdit par la règle du jeu."
    reponses = {("p", "q1_justification"): {"ana": similarite.Texte(_JUSTIFICATION), "bob": similarite.Texte(autre),
                                            **_justifications_honnetes()}}
    assert similarite.comparer(reponses, {"p": []}).signalees() == []
    dictee = {e: similarite.Texte(t + formule) for e, t in _justifications_honnetes().items()}
    assert similarite.comparer({("p", "q1_justification"): dictee}, {"p": []}).signalees() == []


def test_les_justifications_sont_lues_dans_le_notebook(cours):
    version = similarite.VersionEleve.lire(cours, "partie1_regles")
    chemin = cours / "submitted" / "martin_hugo" / "partie1_regles" / "partie1_regles.ipynb"
    assert "q1_justification" not in similarite.reponses_du_notebook(chemin, version)
    reponses = similarite.reponses_du_notebook(chemin, version, justifications=True)
    assert isinstance(reponses["q1_justification"], similarite.Texte)
    assert reponses["q1_justification"].strip() == demo_class.justification("q1_justification", 1, "martin_hugo", "partie1_regles")


def test_la_demo_signale_la_justification_recopiee_et_aucun_eleve_honnete(cours):
    """Each demo student writes their justifications in their own words; Théo hands in Chloé's word for word:
    with the justifications compared (as the report does), their pair is flagged on them too, and nobody else."""
    analyse = similarite.analyser(cours, CCINP, justifications=True)
    copies = {tuple(sorted(paire)) for paire in demo_class.COPIEURS.items()}
    assert {(p.a, p.b) for p in analyse.signalees()} == copies
    theo = next(p for p in analyse.paires if (p.a, p.b) == ("bernard_chloe", "fournier_theo"))
    ecrites = {q.question[1] for q in theo.questions_signalees() if q.question in analyse.textes}
    assert {"q1_justification", "q3_justification", "q6_justification"} <= ecrites
    for p in analyse.paires:
        if (p.a, p.b) not in copies:
            assert all(q.score < analyse.reglages.seuil for q in p.questions if q.question in analyse.textes), p
    textes = {demo_class.justification("q3_justification", e.style, e.identifiant, "partie1_regles") for e in demo_class.CLASSE}
    assert len(textes) == len(demo_class.CLASSE)   # nobody else shares a wording
