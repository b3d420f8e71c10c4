"""The exam's constraints read in the source, following the code (``awale_ref.grading.eleve.contraintes``).

One check for the judge and the kernel: each dodge found by hostile students
is caught with a French message naming the cell and the line; honest variants
keep their points.  The same dodges through the real ``nbgrader autograde``
are in ``tests/hostile`` (``test_hostile.py``).
"""

from __future__ import annotations

import importlib
import inspect
import sys

import pytest

from awale_ref.grading.correcteur import juge
from awale_ref.grading.eleve import checks, contraintes, familles
from awale_ref.grading.eleve.contraintes import Cellule
from awale_ref.grading.eleve.resultat import Resultat
from awale_ref.grading.executant import messages, observations
from awale_ref.grading.registre import catalogue
from awale_ref.sujets.ccinp_2024 import SUJET as CCINP
from awale_ref.sujets.ccinp_2024 import specs

Q7, Q10, Q20 = specs.SPECS["Q7"], specs.SPECS["Q10"], specs.SPECS["Q20"]
COPIE_HONNETE = ("def copie(jeu):\n    return {'joueur1': jeu['joueur1'], 'joueur2': jeu['joueur2'],\n"
                 "            'score': list(jeu['score']), 'n': jeu['n'], 'plateau': [g for g in jeu['plateau']]}\n")
MAX_HONNETE = ("def max_vals(vals_jeu, profondeur):\n    meilleure = vals_jeu[0]\n    for case, valeur in vals_jeu:\n"
               "        if valeur > meilleure[1]:\n            meilleure = (case, valeur)\n"
               "    return meilleure[0] if profondeur == 0 else meilleure[1]\n")


def _cellules(*sources: str) -> list[Cellule]:
    return [Cellule(f"cellule de code n°{i + 1}", s) for i, s in enumerate(sources)]


# (spec, cells, the words of the message: what is used, the cell and line, the line's text)
DETOURS = {
    "liste_de_fonctions": (Q7, ("import copy\noutils = [copy.deepcopy]\n", "def copie(jeu):\n    return outils[0](jeu)\n"),
                           ("deepcopy", "dans outils, cellule de code n°1, ligne 2", "outils = [copy.deepcopy]")),
    "getattr_calcule_et_closure": (Q7, ("import copy\nf = getattr(copy, 'deep' + 'copy')\n"
                                        "def copie(jeu):\n    return f.__closure__[0].cell_contents(jeu)\n",),
                                   ("introspection", "getattr avec un nom calculé", "ligne 2")),
    "closure_seule": (Q7, ("def copie(jeu):\n    vrai = copie.__closure__\n    return vrai(jeu)\n",),
                      ("introspection (__closure__", "ligne 2")),
    "aide_qui_trie": (Q20, ("def trier(v):\n    v.sort()\n    return v\n",
                            "def max_vals(vals_jeu, profondeur):\n    return trier(list(vals_jeu))[-1][1]\n"),
                      ("utilise sort", "dans trier, cellule de code n°1, ligne 2", "« v.sort() »")),
    "import_as": (Q7, ("import copy as c\ndef copie(jeu):\n    return c.deepcopy(jeu)\n",), ("deepcopy", "ligne 3")),
    "from_import_as": (Q7, ("from copy import deepcopy as d\ndef copie(jeu):\n    return d(jeu)\n",),
                       ("deepcopy", "dans d", "ligne 1")),
    "partial": (Q7, ("import copy, functools\ncp = functools.partial(copy.deepcopy)\n"
                     "def copie(jeu):\n    return cp(jeu)\n",), ("deepcopy", "dans cp", "ligne 2")),
    "argument_par_defaut": (Q7, ("import copy\ndef copie(jeu, f=copy.deepcopy):\n    return f(jeu)\n",),
                            ("deepcopy", "ligne 2")),
    "decorateur": (Q7, ("import copy\ndef deco(g):\n    return lambda j: copy.deepcopy(j)\n"
                        "@deco\ndef copie(jeu):\n    return jeu\n",), ("deepcopy", "dans deco", "ligne 3")),
    "liste_remplie_par_un_alias": (Q7, ("import copy\noutils = []\nautre = outils\nautre.append(copy.deepcopy)\n"
                                        "def copie(jeu):\n    return outils[0](jeu)\n",), ("deepcopy", "ligne 4")),
    "lambda_qui_trie": (Q20, ("plus_grand = lambda l: sorted(l)[-1][1]\n"
                              "def max_vals(vals_jeu, profondeur):\n    return plus_grand(vals_jeu)\n",),
                        ("sorted", "dans plus_grand", "ligne 1")),
    "orthographe_privee": (Q7, ("import copy\ndef copie(jeu):\n    return copy._deepcopy_dispatch[dict](jeu, {})\n",),
                           ("deepcopy sous le nom _deepcopy_dispatch", "ligne 3")),
    "eval": (Q20, ("def max_vals(vals_jeu, profondeur):\n    return eval('ma' + 'x')(vals_jeu)\n",),
             ("introspection (eval", "ligne 2")),
    "globals": (Q20, ("def max_vals(vals_jeu, profondeur):\n    return globals()['__builtins__']\n",),
                ("introspection (globals", "ligne 2")),
    "getattr_passe_en_valeur": (Q7, ("import copy, functools\nlire = functools.partial(getattr, copy)\n"
                                     "def copie(jeu):\n    return lire('deep' + 'copy')(jeu)\n",),
                                ("introspection (getattr", "ligne 2")),
    "gc": (Q7, ("import gc\ndef copie(jeu):\n    return [o for o in gc.get_objects()][0](jeu)\n",),
           ("introspection (le module gc", "ligne 1")),
    "module_du_dossier": (Q7, ("from aide import dupliquer\ndef copie(jeu):\n    return dupliquer(jeu)\n",),
                          ("le module aide, que le correcteur ne peut pas lire", "ligne 1")),
    "magie_de_cellule": (Q7, ("%%time\nimport copy\ndef copie(jeu):\n    return copy.deepcopy(jeu)\n",),
                         ("deepcopy", "ligne 4", "return copy.deepcopy(jeu)")),
    "code_modifie_par_ailleurs": (Q7, (COPIE_HONNETE, "import copy\ndef pirate(f):\n"
                                       "    f.__code__ = (lambda j: copy.deepcopy(j)).__code__\npirate(copie)\n"),
                                  ("cellule de code n°2",)),
    "local_qui_cache_un_global": (Q20, ("def max_vals(vals_jeu, profondeur):\n    def aide():\n        max = 1\n"
                                        "    return max(vals_jeu)\n",), ("utilise max", "ligne 4")),
}


@pytest.mark.parametrize("nom", DETOURS)
def test_each_dodge_costs_the_constraint_with_a_french_message_naming_the_line(nom):
    spec, sources, mots = DETOURS[nom]
    raison = contraintes.violation(spec, _cellules(*sources))
    assert raison is not None, nom
    assert raison.startswith(f"{spec.question} — {spec.nom} utilise ")
    for mot in mots:
        assert mot in raison, (mot, raison)


HONNETES = {
    "copie_par_listes": (Q7, (COPIE_HONNETE,)),
    "copie_par_comprehension_et_list": (Q7, ("def copie(jeu):\n    return {c: (list(v) if isinstance(v, list) else v)"
                                             " for c, v in jeu.items()}\n",)),
    "deepcopy_dans_une_ligne_de_test": (Q7, ("import copy\n", COPIE_HONNETE,
                                             "jeu = {'joueur1': 'A', 'joueur2': 'B', 'score': [0, 0], 'n': 0, "
                                             "'plateau': [4] * 12}\nprint(copie(jeu) == copy.deepcopy(jeu))\n"
                                             "autre = copie(jeu)\n")),
    "premier_essai_remplace": (Q7, ("import copy\ndef copie(jeu):\n    return copy.deepcopy(jeu)\n", COPIE_HONNETE)),
    "max_par_une_boucle": (Q20, (MAX_HONNETE,)),
    "aide_trier_qui_ne_trie_pas": (Q20, ("def trier(v):\n    # pas de sort ici : 'sort' n'est qu'un mot\n    return v\n",
                                         MAX_HONNETE.replace("for case, valeur in vals_jeu", "for case, valeur in "
                                                             "trier(vals_jeu)"))),
    "variable_locale_nommee_max": (Q20, ("def max_vals(vals_jeu, profondeur):\n    max = vals_jeu[0]\n"
                                         "    for c, v in vals_jeu:\n        if v > max[1]:\n            max = (c, v)\n"
                                         "    return max[0] if profondeur == 0 else max[1]\n",)),
    "tri_ailleurs_dans_le_notebook": (Q20, (MAX_HONNETE, "l = sorted([3, 1])\nprint(max(l), max_vals([[0, 1]], 0))\n")),
    "fonction_de_l_examen_appelee": (Q20, ("def NegaAwale(jeu, pmax, p):\n    return max([0])\n",
                                           MAX_HONNETE.replace("    return", "    NegaAwale(None, 0, 0)\n    return"))),
}


@pytest.mark.parametrize("nom", HONNETES)
def test_honest_variants_keep_the_constraint(nom):
    spec, sources = HONNETES[nom]
    assert contraintes.violation(spec, _cellules(*sources)) is None


def test_recursion_is_read_through_the_helpers():
    directe = "def ramasser_graines(p, c):\n    return 0 if c < 6 else p[c] + ramasser_graines(p, c - 1)\n"
    croisee = ("def aide(p, c):\n    return ramasser_graines(p, c - 1)\n",
               "def ramasser_graines(p, c):\n    return 0 if c < 6 else p[c] + aide(p, c)\n")
    boucle = "def ramasser_graines(p, c):\n    total = 0\n    while c >= 6:\n        total += p[c]\n        c -= 1\n" \
             "    return total\n"
    assert contraintes.recursion_absente(Q10, _cellules(directe)) is None
    assert contraintes.recursion_absente(Q10, _cellules(*croisee)) is None
    raison = contraintes.recursion_absente(Q10, _cellules(boucle))
    assert raison and "doit être récursive" in raison and "cellule de code n°1" in raison


@pytest.mark.parametrize("module", ["awale_ref.sujets.ccinp_2024", "awale_ref.sujets.olympiades_2025_images",
                                    "awale_ref.sujets.olympiades_2025_awale"])
def test_every_reference_keeps_the_constraints_of_its_subject(module):
    """Both subjects' constraint families go through the same check: each reference passes its own."""
    sujet = catalogue.sujet_du_module(module)
    source = inspect.getsource(importlib.import_module(sujet.module_reference))
    for spec in sujet.specs.values():
        cellules = [Cellule("référence", source)]
        assert contraintes.violation(spec, cellules) is None, spec.question
        assert contraintes.recursion_absente(spec, cellules) is None, spec.question


def test_the_kernel_and_the_judge_give_the_same_message():
    sources = DETOURS["aide_qui_trie"][1]
    cellules = _cellules(*sources)
    etapes = [juge.CelluleDeCode(i, s) for i, s in enumerate(sources)] + [juge.CelluleDeCode(2, questions=[("Q20", "max_vals")])]
    verdict_juge = juge.CorrectionDuNotebook(etapes, sujet=CCINP).planifier("Q20", "max_vals", 2)
    espace: dict = {"__name__": "__main__"}
    for source in sources:
        exec(source, espace)
    noyau = checks.verifier(Q20, espace["max_vals"], [([[1, 0], [4, 2]], 0)], cellules=cellules)
    assert isinstance(verdict_juge, Resultat) and not verdict_juge.ok and not noyau.ok
    assert noyau.message == verdict_juge.message


def test_the_kernel_reads_the_cells_it_ran():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        for source in DETOURS["aide_qui_trie"][1]:
            shell.run_cell(source, store_history=True)
        shell.run_cell("from awale_ref.grading.eleve import checks\nfrom awale_ref.grading.eleve.resultat import EchecTest\n"
                       "from awale_ref.sujets.ccinp_2024 import corriger, specs\n"
                       "visible = checks.verifier(specs.SPECS['Q20'], max_vals, [([[1, 0], [4, 2]], 0)])\n"
                       "try:\n    corriger('Q20', max_vals)\nexcept EchecTest as exc:\n    cache = str(exc)\n",
                       store_history=True)
        visible, cache = shell.user_ns["visible"].message, shell.user_ns.get("cache", "")
    finally:
        InteractiveShell.clear_instance()
    attendu = "utilise sort (dans trier, cellule In [1], ligne 2 : « v.sort() »)"
    assert attendu in visible
    assert attendu in cache  # the self-study hidden test: the cells go with the function to the clean process


def test_a_function_the_check_cannot_read_loses_the_constraint():
    code = "exec('def copie(jeu):\\n    import copy\\n    return copy.deepcopy(jeu)')\n"
    etapes = [juge.CelluleDeCode(0, code), juge.CelluleDeCode(1, questions=[("Q7", "copie")])]
    j = juge.CorrectionDuNotebook(etapes, sujet=CCINP)
    plan = j.planifier("Q7", "copie", 1)
    assert isinstance(plan, juge.Plan) and plan.introuvable
    verdict = familles.juger_reponse(plan, messages.Reponse(1, messages.Issue.RESULTATS, resultats=[]), 60)
    assert not verdict.ok and "n'est défini par aucune instruction lisible" in verdict.message
    # defined later in the notebook (a moved cell): looked for at the end, as any absent function
    assert familles.juger_reponse(plan, messages.Reponse(1, messages.Issue.ABSENT), 60).message.endswith(
        "définie dans une cellule qui produit une erreur.")
    honnete = [juge.CelluleDeCode(0, COPIE_HONNETE), juge.CelluleDeCode(1, questions=[("Q7", "copie")])]
    assert juge.CorrectionDuNotebook(honnete, sujet=CCINP).planifier("Q7", "copie", 1).introuvable is None


def test_the_forbidden_names_have_one_source():
    assert contraintes.verifiees(Q20) == {n: observations.REGLES_INTERDITS["sans_max_min_sort"]
                                          for n in observations.INTERDITS["sans_max_min_sort"]}
    assert contraintes.verifiees(Q10) == {}


def test_what_changes_a_module_or_a_builtin_elsewhere_is_followed():
    autre_alias = ("import copy\nimport copy as c2\nc2.copy = c2.deepcopy\n"
                   "def copie(jeu):\n    return copy.copy(jeu)\n")
    raison = contraintes.violation(Q7, _cellules(autre_alias))
    assert raison and "ligne 3" in raison
    builtin = ("import builtins\nbuiltins.trier = sorted\n"
               "def max_vals(vals_jeu, profondeur):\n    return trier(vals_jeu)[-1][1]\n")
    raison = contraintes.violation(Q20, _cellules(builtin))
    assert raison and "sorted" in raison and "ligne 2" in raison
    # an honest shallow copy of a list beside a test line using copy.deepcopy: a module is not changed by a call
    honnete = ("import copy\n", "def copie(jeu):\n    j = dict(jeu)\n    j['plateau'] = jeu['plateau'].copy()\n"
               "    j['score'] = copy.copy(jeu['score'])\n    return j\n", "jeu2 = copy.deepcopy({'plateau': []})\n")
    assert contraintes.violation(Q7, _cellules(*honnete)) is None


def test_a_module_already_loaded_from_the_submissions_folder_stays_unreadable(tmp_path, monkeypatch):
    """A module the notebook's folder holds stays one the grader cannot read even once it is imported; a package
    already loaded from elsewhere is known without listing the installed distributions (a fifth of a second)."""
    (tmp_path / "aide.py").write_text("import copy\ndupliquer = copy.deepcopy\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "aide", raising=False)
    importlib.import_module("aide")
    raison = contraintes.violation(Q7, _cellules(*DETOURS["module_du_dossier"][1]))
    assert raison is not None and "le module aide, que le correcteur ne peut pas lire" in raison, raison
    sys.modules.pop("aide")

    def liste_interdite():
        raise AssertionError("the installed distributions were listed")

    monkeypatch.setattr(contraintes, "_modules_installes", liste_interdite)
    source = "from awale_ref.grading.eleve import specs\ndef copie(jeu):\n    return {c: v for c, v in jeu.items()}\n"
    assert contraintes.violation(Q7, _cellules(source)) is None
