"""Faulty and hostile submissions of ``partie2_structure``, built from the *current* notebooks.

Each ``Soumission`` builds the files of one student's submission folder from
the release notebook of the course being graded (solution cells replaced,
or the JSON edited), and states what grading must give:

- ``reussies``: the autograded test cells that earn their points; every
  other autograded test cell must score 0;
- ``raisons``: text the teacher must find, for this student, in the
  autograde log or in the autograded notebook (the feedback).

The honest part of a submission answers Q4 and Q8 with the instructor's
solution (read from the source notebook), so "every other question is graded
as usual" is checked on real points.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass
from typing import Callable

import nbformat

Q4, Q8 = "q4_tour_joueur1", "q8_deplacer_graines"
T4, T8 = "q4_tests", "q8_tests"


@dataclass
class Contexte:
    """The course being graded: its release and source notebooks."""

    release: nbformat.NotebookNode
    source: nbformat.NotebookNode

    def solution(self, grade_id: str) -> str:
        """The instructor's solution cell (the BEGIN/END SOLUTION markers are plain comments)."""
        return next(c.source for c in self.source.cells
                    if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)

    def notebook(self, cellules: dict[str, str] | None = None, honnete: bool = True) -> nbformat.NotebookNode:
        """The release notebook with the given solution cells replaced (Q4, Q8 right if ``honnete``)."""
        nb = copy.deepcopy(self.release)
        remplacements = ({Q4: self.solution(Q4), Q8: self.solution(Q8)} if honnete else {}) | (cellules or {})
        for cell in nb.cells:
            gid = cell.metadata.get("nbgrader", {}).get("grade_id")
            if gid in remplacements:
                cell.source = remplacements[gid]
        return nb


def ecrire(nb: nbformat.NotebookNode) -> bytes:
    return nbformat.writes(nb).encode("utf-8")


@dataclass(frozen=True)
class Soumission:
    """One student's submission and what grading it must give."""

    nom: str
    construire: Callable[[Contexte], dict[str, bytes]]  # file name -> content, in the submission folder
    reussies: frozenset[str]
    raisons: tuple[str, ...]


def _avec(cellules: dict[str, str], honnete: bool = True) -> Callable[[Contexte], dict[str, bytes]]:
    return lambda ctx: {"partie2_structure.ipynb": ecrire(ctx.notebook(cellules, honnete))}


def _q8(corps: str) -> dict[str, str]:
    """Q8 answered by ``corps`` (the body of ``deplacer_graines``), Q4 stays right."""
    return {Q8: "def deplacer_graines(plateau, case):\n" + "".join("    " + l + "\n" for l in corps.splitlines())}


def _q4(corps: str) -> dict[str, str]:
    return {Q4: "def tour_joueur1(jeu):\n" + "".join("    " + l + "\n" for l in corps.splitlines())}


# A wrong Q8 and a line of cheating in the Q4 cell: without the re-check, the kernel would pass everything.
_Q8_FAUX = "def deplacer_graines(plateau, case):\n    return 0\n"


def _triche(code: str) -> Callable[[Contexte], dict[str, bytes]]:
    return lambda ctx: {"partie2_structure.ipynb": ecrire(ctx.notebook({Q4: ctx.solution(Q4) + "\n" + code,
                                                                         Q8: _Q8_FAUX}))}


def _editer(modifier: Callable[[nbformat.NotebookNode], None]) -> Callable[[Contexte], dict[str, bytes]]:
    def construire(ctx: Contexte) -> dict[str, bytes]:
        nb = ctx.notebook()
        modifier(nb)
        return {"partie2_structure.ipynb": ecrire(nb)}
    return construire


def _cellule(nb: nbformat.NotebookNode, grade_id: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def _json_invalide(ctx: Contexte) -> dict[str, bytes]:
    return {"partie2_structure.ipynb": ecrire(ctx.notebook())[:-200]}


def _vide(ctx: Contexte) -> dict[str, bytes]:
    return {"partie2_structure.ipynb": b""}


def _latin1(ctx: Contexte) -> dict[str, bytes]:
    texte = json.dumps(json.loads(ecrire(ctx.notebook()).decode("utf-8")), ensure_ascii=False)
    return {"partie2_structure.ipynb": texte.encode("latin-1", "replace")}


def _fichiers_en_plus(ctx: Contexte) -> dict[str, bytes]:
    return {"partie2_structure.ipynb": ecrire(ctx.notebook()),
            "awale_ref.py": b"def corriger(*args):\n    pass\ndef tester(*args):\n    pass\n",
            "notes.txt": "r\u00e9sum\u00e9".encode("utf-8"),
            "autre.ipynb": b"{}"}


def _enorme(ctx: Contexte) -> dict[str, bytes]:
    nb = ctx.notebook()
    for i in range(300):  # about 20 MB of saved outputs and markdown
        cell = nbformat.v4.new_markdown_cell("remplissage " * 5000)
        nb.cells.insert(5, cell)
    _cellule(nb, Q4).outputs = [nbformat.v4.new_output("stream", name="stdout", text="y" * 5_000_000)]
    return {"partie2_structure.ipynb": ecrire(nb)}


def _chemin_reference() -> str:
    import awale_ref  # the path is written literally in the notebook: no import of awale_ref needed there

    chemin = os.path.join(os.path.dirname(awale_ref.__file__), "exam.py")
    return ("import os\n"
            f"SOURCE_REF = {chemin!r}\n"
            "CORRIGE = os.path.abspath(os.path.join('..', '..', '..', 'source', 'partie2_structure', "
            "'partie2_structure.ipynb'))\n")


def _trafique(nb: nbformat.NotebookNode) -> None:
    """Test cells deleted, edited, unlocked; points and metadata changed; a bonus cell added."""
    nb.cells.remove(_cellule(nb, T8))
    test4 = _cellule(nb, T4)
    test4.source = "print('tous les tests passent')\n"
    test4.metadata["nbgrader"]["locked"] = False
    test4.metadata["nbgrader"]["points"] = 300
    test4.metadata["editable"] = True
    reponse = _cellule(nb, "q5_tourner_plateau")  # a solution cell turned into a 50-point "test" that passes
    reponse.metadata["nbgrader"].update({"grade": True, "points": 50})
    reponse.source = "x = 1\n"
    bonus = nbformat.v4.new_code_cell("print('bonus')")
    bonus.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": True, "points": 100,
                                  "grade_id": "bonus_etudiant", "schema_version": 3, "task": False}
    nb.cells.append(bonus)


SOUMISSIONS: tuple[Soumission, ...] = (
    Soumission("honnete", _avec({}), frozenset({T4, T8}), ()),
    # ---- faulty code: only the faulty question is lost
    Soumission("boucle_infinie", _avec(_q8("while True:\n    pass")), frozenset({T4}),
               ("Timeout waiting for execute reply", "Restarting the kernel", "dépassé")),
    Soumission("boucle_qui_ignore_ctrl_c", _avec(_q4("import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                                                     "while True:\n    pass")), frozenset({T8}),
               ("Restarting the kernel", "dépassé")),
    Soumission("recursion_infinie", _avec(_q8("return deplacer_graines(plateau, case)")), frozenset({T4}),
               ("récursion infinie",)),
    Soumission("sys_exit", _avec(_q8("import sys\nsys.exit(0)")), frozenset({T4}), ("SystemExit",)),
    Soumission("os_exit_en_haut_de_cellule", _avec({Q4: "import os\nos._exit(0)\n"}), frozenset({T8}),
               ("le noyau Python s'est arrêté", "Cell 7 (q4_tour_joueur1)")),
    Soumission("kill_9", _avec(_q4("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)")), frozenset({T8}),
               ("le noyau Python s'est arrêté", "(q4_tests)")),
    Soumission("segfault", _avec(_q8("import ctypes\nreturn ctypes.string_at(0)")), frozenset({T4}),
               ("le noyau Python s'est arrêté", "(q8_tests)")),
    Soumission("bombe_memoire", _avec(_q8("tas = []\nwhile True:\n    tas.append('x' * 10 ** 8)")), frozenset({T4}),
               ("MemoryError",)),
    Soumission("deluge_de_sortie", _avec({Q4: "print('bla' * 3_000_000)\n" + "def tour_joueur1(jeu):\n"
                                              "    print('x' * 100_000)\n    return jeu['n'] % 2 == 0\n"}),
               frozenset({T4, T8}), ("sortie tronquée",)),
    Soumission("erreur_de_syntaxe", _avec({Q8: "def deplacer_graines(plateau, case)\n    return 0\n"}),
               frozenset({T4}), ("SyntaxError",)),
    Soumission("fonction_renommee", _avec({Q4: "def tour_joueur(jeu):\n    return jeu['n'] % 2 == 0\n"}),
               frozenset({T8}), ("NameError",)),
    Soumission("mauvaise_signature", _avec({Q8: "def deplacer_graines(plateau):\n    return 0\n"}), frozenset({T4}),
               ("TypeError",)),
    Soumission("exception", _avec(_q8("raise ValueError('oups')")), frozenset({T4}), ("ValueError",)),
    # ---- the reference instead of one's own work
    Soumission("reference_importee", _avec({Q8: "from awale_ref import *\n",
                                            Q4: "from awale_ref.exam import tour_joueur1 as ref\n"
                                                "def tour_joueur1(jeu):\n    return ref(jeu)\n"}),
               frozenset(), ("vient du paquet de référence awale_ref", "la fonction de référence")),
    Soumission("lit_la_reference_sur_disque", _avec({Q8: _chemin_reference() +
                                                         "def deplacer_graines(plateau, case):\n"
                                                         "    if not CACHE:\n"
                                                         "        espace = {}\n"
                                                         "        exec(open(SOURCE_REF).read(), espace)\n"
                                                         "        CACHE.append(espace['deplacer_graines'])\n"
                                                         "    return CACHE[0](plateau, case)\n"
                                                         "CACHE = []\n"}),
               frozenset({T4}), ("lecture interdite", "the kernel passed but the re-check fails")),
    Soumission("lit_le_corrige", _avec({Q8: _chemin_reference() +
                                            "import json\n"
                                            "for c in json.load(open(CORRIGE))['cells']:\n"
                                            "    if 'def deplacer_graines' in ''.join(c['source']):\n"
                                            "        exec(''.join(c['source']))\n"}),
               frozenset({T4}), ("the kernel passed but the re-check fails",)),
    Soumission("ecrit_dans_le_cours", _avec({Q4: _chemin_reference() + "def tour_joueur1(jeu):\n"
                                                 "    open(CORRIGE + '.pirate', 'w').write('x')\n"
                                                 "    return jeu['n'] % 2 == 0\n"
                                                 "open(os.path.join(os.path.dirname(CORRIGE), 'pirate.txt'), 'w')\n"}),
               frozenset({T8}), ("lecture interdite", "the kernel passed but the re-check fails")),
    # ---- tampering with the grader inside the kernel (without the re-check, all of these pass)
    Soumission("remplace_corriger", _triche("import awale_ref.grading as g\n"
                                            "g.corriger = g.tester = lambda *args: None\n"
                                            "tester = g.tester\n"),
               frozenset({T4}), ("the kernel passed but the re-check fails",)),
    Soumission("remplace_le_module", _triche("import sys, types\nfaux = types.ModuleType('awale_ref.grading')\n"
                                             "faux.tester = faux.corriger = lambda *args: None\n"
                                             "sys.modules['awale_ref.grading'] = faux\n"
                                             "def tester(*args):\n    pass\n"),
               frozenset({T4}), ("the kernel passed but the re-check fails",)),
    Soumission("remplace_executer", _triche("from awale_ref.grading import cleanroom, checks\n"
                                            "cleanroom.executer = lambda q, o: {'ok': True, 'message': 'ok',"
                                            " 'nb_cas': 1}\n"
                                            "checks.verifier = lambda *a, **k: checks.Resultat(True, 'ok', 1)\n"),
               frozenset({T4}), ("the kernel passed but the re-check fails",)),
    Soumission("remplace_builtins", _triche("import builtins\n"
                                            "builtins.isinstance = lambda *args: True\n"
                                            "builtins.AssertionError = type('AssertionError', (Exception,), {})\n"
                                            "builtins.print = lambda *args, **kw: None\n"),
               frozenset(), ("q8_tests",)),  # the kernel's own checks break: Q4 is lost too
    Soumission("cache_les_erreurs", _triche("ip = get_ipython()\n"
                                            "ip.showtraceback = lambda *args, **kw: None\n"
                                            "ip._showtraceback = lambda *args, **kw: None\n"),
               frozenset({T4}), ("q8_tests",)),
    Soumission("efface_les_cellules", _triche("get_ipython().input_transformers_cleanup.append("
                                              "lambda lignes: ['pass\\n'])\n"),
               frozenset({T4}), ("the kernel passed but the re-check fails",)),
    # ---- the notebook file itself
    Soumission("carnet_trafique", _editer(_trafique), frozenset({T4, T8}),
               ("Missing grade cell q8_tests", "Cell q4_tests of carnet_trafique/partie2_structure: nbgrader "
                "metadata changed by the student", "points 300 -> 1.0", "locked False -> True",
                "Cell q5_tourner_plateau of carnet_trafique/partie2_structure", "grade True -> False",
                "Cell bonus_etudiant of carnet_trafique/partie2_structure is unknown to the gradebook")),
    Soumission("json_invalide", _json_invalide, frozenset(), ("Notebook does not appear to be JSON",)),
    Soumission("fichier_vide", _vide, frozenset(), ("Notebook does not appear to be JSON",)),
    Soumission("pas_utf8", _latin1, frozenset(), ("utf-8",)),
    Soumission("fichiers_en_plus", _fichiers_en_plus, frozenset({T4, T8}), ()),
    Soumission("notebook_enorme", _enorme, frozenset({T4, T8}), ()),
)
