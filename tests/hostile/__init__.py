"""Faulty and hostile submissions of ``partie2_structure`` (and of ``partie3_ia``: ``SOUMISSIONS_IA``), built from the *current* notebooks.

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
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import nbformat

DELAI_NOYAU_DE_TEST = 8
"""Seconds for one cell in the test course's kernel (``c.Execute.timeout`` of ``LIMITES_DE_TEST``,
``tests/hostile/classe.py``): above the honest cells' (about 3 s at most on a loaded machine) and the kernel's
receiver of ``tests/hostile/canaux.py`` (it polls a little less)."""
BUDGET_DE_TEST = 45
"""Seconds for one notebook in the test course (``c.VerdictsDesTestsCaches.budget_notebook`` of
``LIMITES_DE_TEST``): above the kernel of the longest honest-scored submission (``boucle_qui_ignore_ctrl_c``: two
cells that ignore the interrupt, each a cell's timeout, a kill, a restart and a replay, about 35 s) and, after the
kernel, the judge's own (the same amount: ``Limites.reprendre``, ``awale_ref.grading.correcteur.lancement``)."""

Q4, Q7, Q8 = "q4_tour_joueur1", "q7_copie", "q8_deplacer_graines"
T4, T7, T8 = "q4_tests", "q7_tests", "q8_tests"


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
    """One student's submission and what grading it must give.

    What a class split into groups graded side by side reads (``tests/hostile/classe.py``, ``repartir``):
    ``duree``, about the seconds its grading takes in the test course (``LIMITES_DE_TEST``), measured in a run of
    the class in four groups side by side on a loaded machine (its student code's times in the log, plus about 4 s
    of nbgrader's own; the default: a notebook graded in one pass; the loops wait for their timeouts,
    ``hors_budget`` for its whole budget, in the kernel and in the runner); ``illisible``, a notebook nbgrader cannot read or grade (0 with
    the reason, and the students sorted after it graded all the same); ``apres``, the student whose grading, just
    before this one's in the same ``nbgrader autograde``, its expectation is about."""

    nom: str
    construire: Callable[[Contexte], dict[str, bytes | tuple[str, str]]]  # file -> content, or ("symlink", target)
    reussies: frozenset[str]
    raisons: tuple[str, ...]
    duree: float = 16.0
    illisible: bool = False
    apres: str = ""


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


# ---- Forging must be impossible, honest structure changes cost nothing
_SOLUTION_Q8_MARQUEUR = "@@Q8@@"  # replaced by the instructor's Q8 solution


def _chemins_du_correcteur() -> str:
    """Paths outside the submission, written literally in the notebook (the grader's, not the sandbox's)."""
    from pathlib import Path

    from awale_ref.sujets.ccinp_2024 import library

    return (f"CONFIG_UTILISATEUR = {str(Path.home() / '.jupyter' / 'nbgrader_config.py')!r}\n"
            f"BIBLIOTHEQUE_CACHEE = {str(library.chemin_cache(1712))!r}\n")


_CHEMINS = ("import os\nimport awale_ref\n"
            "PAQUET = os.path.dirname(awale_ref.__file__)\n")


def _avec_q7(cellules: dict[str, str], fin: str = "") -> Callable[[Contexte], dict[str, bytes]]:
    """Q4, Q7 and Q8 right, ``cellules`` replaced, and ``fin`` as a last cell of the notebook."""
    def construire(ctx: Contexte) -> dict[str, bytes]:
        nb = ctx.notebook({Q7: ctx.solution(Q7), **{gid: code.replace(_SOLUTION_Q8_MARQUEUR, ctx.solution(Q8))
                                                     for gid, code in cellules.items()}})
        if fin:
            nb.cells.append(nbformat.v4.new_code_cell(fin))
        return {"partie2_structure.ipynb": ecrire(nb)}
    return construire


def _copie_de_test(ctx: Contexte) -> dict[str, bytes]:
    """A pasted copy of the Q4 test cell (same grade_id) after the Q8 test, and one solution cell turned into
    markdown and back into code by mistake (its type changed in the file)."""
    nb = ctx.notebook()
    copie = copy.deepcopy(_cellule(nb, T4))
    nb.cells.insert(nb.cells.index(_cellule(nb, T8)) + 1, copie)
    q8 = _cellule(nb, Q8)
    q8.cell_type = "markdown"
    q8.pop("outputs", None)
    q8.pop("execution_count", None)
    return {"partie2_structure.ipynb": ecrire(nb)}


def _lien_symbolique(ctx: Contexte) -> dict[str, bytes]:
    return {"partie2_structure.ipynb": ecrire(ctx.notebook({Q8: "exec(open('lien.py').read())\n"})),
            "lien.py": ("symlink", "../../../source/partie2_structure/partie2_structure.ipynb")}


_MENTEUR = ("class Toujours:\n"
            "    def __eq__(self, autre):\n        return True\n"
            "    def __ne__(self, autre):\n        return False\n"
            "    __hash__ = object.__hash__\n")

SOUMISSIONS_ISSUE8: tuple[Soumission, ...] = (
    Soumission("objet_menteur", _avec({Q8: _MENTEUR + "def deplacer_graines(plateau, case):\n"
                                          "    plateau[:] = [Toujours()] * 12\n    return Toujours()\n"}),
               frozenset({T4}), ("un objet de type Toujours",)),
    Soumission("entier_menteur", _avec({Q4: "class Oui(int):\n    def __eq__(self, autre):\n        return True\n"
                                            "    __hash__ = int.__hash__\n"
                                            "def tour_joueur1(jeu):\n    return Oui(7)\n"}),
               frozenset({T8}), ("Oui (sous-classe de int)",)),
    Soumission("lit_la_pile", _avec(_q8("import sys\n"
                                        "for profondeur in range(1, 30):\n"
                                        "    try:\n        cadre = sys._getframe(profondeur)\n"
                                        "    except ValueError:\n        break\n"
                                        "    for nom in ('attendu', 'obs', 'reponse'):\n"
                                        "        if nom in cadre.f_locals:\n"
                                        "            return cadre.f_locals[nom]\n"
                                        "return 0")), frozenset({T4}), ("Q8 — deplacer_graines",)),
    Soumission("cherche_la_reference", _avec(_q8("import gc\n"
                                                 "for objet in gc.get_objects():\n"
                                                 "    if getattr(objet, '__name__', '') == 'deplacer_graines' and "
                                                 "getattr(objet, '__code__', None) is not deplacer_graines.__code__"
                                                 " and callable(objet):\n"
                                                 "        return objet(plateau, case)\n"
                                                 "return 0")), frozenset({T4}), ("Q8 — ",),
               duree=DELAI_NOYAU_DE_TEST + 30),  # its Q8 test cell waits out the kernel's cell limit
    Soumission("remplace_json", _avec({Q8: "import json\n_vrai = json.dumps\n"
                                           "def _faux(objet, **kw):\n"
                                           "    if isinstance(objet, dict) and 'resultats' in objet:\n"
                                           "        objet = {**objet, 'resultats': [{'obs': {'renvoie': 0}}] * "
                                           "len(objet['resultats'])}\n"
                                           "    return _vrai(objet, **kw)\n"
                                           "json.dumps = _faux\n" + _Q8_FAUX}),
               frozenset({T4}), ("Q8 — deplacer_graines",)),
    Soumission("cachette_du_noyau", _avec({Q8: _CHEMINS +
                                           "if os.path.exists('cachette.py'):\n"
                                           "    exec(open('cachette.py').read())\n"
                                           "else:\n"
                                           "    texte = open(os.path.join(PAQUET, 'exam.py')).read()\n"
                                           "    open('cachette.py', 'w').write(texte)\n"
                                           "    exec(texte)\n"}),
               frozenset({T4}), ("Q8 — `deplacer_graines` n'existe pas",)),
    Soumission("lien_symbolique", _lien_symbolique, frozenset({T4}),
               ("symbolic link removed from the submission",)),
    Soumission("processus_en_fond", _avec({Q4: "import subprocess, _posixsubprocess\n"
                                               "subprocess.Popen(['sleep', '4242'])\n"
                                               "subprocess.Popen(['python3', '-c', 'import time; time.sleep(4243)'])\n"
                                               + "def tour_joueur1(jeu):\n    return jeu['n'] % 2 == 0\n"}),
               frozenset({T4, T8}), ()),
    Soumission("deluge_de_display", _avec({Q4: "from IPython.display import HTML, display\nimport os\n"
                                               "for i in range(30):\n"
                                               "    display(HTML('<p>' + 'z' * 2_000_000 + '</p>'))\n"
                                               "os.write(1, b'w' * 30_000_000)\nos.write(2, b'e' * 30_000_000)\n"
                                               "def tour_joueur1(jeu):\n    return jeu['n'] % 2 == 0\n"}),
               frozenset({T4, T8}), ("sortie tronquée",)),
    Soumission("cellules_dupliquees", _copie_de_test, frozenset({T4, T8}),
               ("appears 2 times", "was turned into markdown")),
    Soumission("brouillon_a_la_fin", _avec_q7({}, fin="copie = copie(initialisation('A', 'B'))\n"
                                                      "tour_joueur1 = None\ndeplacer_graines = 3\n"),
               frozenset({T4, T7, T8}), ()),
    Soumission("magies_et_display", _avec_q7({Q4: "%load_ext autoreload\n%autoreload 2\n"
                                                  "display('Q4')\ndef tour_joueur1(jeu):\n"
                                                  "    return jeu['n'] % 2 == 0\n",
                                              Q8: "%%time\n" + _SOLUTION_Q8_MARQUEUR}),
               frozenset({T4, T7, T8}), ()),
    Soumission("script_dans_les_sorties", _avec({Q4: "from IPython.display import HTML, Javascript, Markdown, "
                                                     "display\n"
                                                     "display(HTML('<b>gras</b><script>document.title = "
                                                     "\"PIRATE\"</script><img src=x onerror=\"document.title="
                                                     "\\'PIRATE\\'\">'))\n"
                                                     "display(Javascript('document.title = \"PIRATE\"'))\n"
                                                     "display(Markdown('<script>document.title=\"PIRATE\"'"
                                                     "'</script>'))\n"
                                                     "def tour_joueur1(jeu):\n    return jeu['n'] % 2 == 0\n"}),
               frozenset({T4, T8}), ()),
    Soumission("ecrit_partout", lambda ctx: _avec({Q4: _CHEMINS + _chemins_du_correcteur() +
                                       "COURS = os.path.abspath(os.path.join('..', '..', '..'))\n"
                                       "for cible in [os.path.join(PAQUET, 'exam.py'), os.path.join(COURS, "
                                       "'gradebook.db'), os.path.join(COURS, 'nbgrader_config.py'), "
                                       "os.path.join(os.path.expanduser('~'), '.jupyter', 'nbgrader_config.py'),"
                                       " CONFIG_UTILISATEUR, BIBLIOTHEQUE_CACHEE]:\n"
                                       "    try:\n        open(cible, 'a').write('\\n# pirate\\n')\n"
                                       "    except OSError as exc:\n        print('refusé', cible, exc)\n"
                                       "def tour_joueur1(jeu):\n    return jeu['n'] % 2 == 0\n"})(ctx),
               frozenset({T4, T8}), ("refusé",)),
)


# ---- One question cannot help another.  A Q4 that, while it is evaluated, copies every reference it
# can reach (its own order in the stack, the objects of its process, its parent's memory) into the sandbox's /tmp;
# a Q8 cell that runs what it finds there (tests/test_cloisonnement.py runs the same pair through the judge alone).
VOLEUR = r'''
import gc, json, os, sys

def _fouiller():
    trouve = []
    def garder(objet):
        if isinstance(objet, dict) and isinstance(objet.get("reference"), str):
            trouve.append(objet["reference"])
        elif isinstance(objet, (str, bytes)) and b"def deplacer_graines(" in (
                objet if isinstance(objet, bytes) else objet.encode("utf-8", "replace")):
            texte = objet.decode("utf-8", "replace") if isinstance(objet, bytes) else objet
            try:
                trouve.append(json.loads(texte)["reference"])
            except Exception:
                trouve.append(texte)
    cadre = sys._getframe()
    while cadre is not None:
        for valeur in list(cadre.f_locals.values()):
            garder(valeur)
        cadre = cadre.f_back
    for objet in gc.get_objects():
        garder(objet)
        if isinstance(objet, dict):
            for valeur in list(objet.values()):
                garder(valeur)
    try:
        with open(f"/proc/{os.getppid()}/maps") as cartes, open(f"/proc/{os.getppid()}/mem", "rb") as memoire:
            for ligne in cartes:
                zone, droits = ligne.split()[:2]
                if not droits.startswith("rw"):
                    continue
                debut, fin = (int(x, 16) for x in zone.split("-"))
                try:
                    memoire.seek(debut)
                    donnees = memoire.read(fin - debut)
                except (OSError, OverflowError, ValueError):
                    continue
                i = donnees.find(b"def deplacer_graines(")
                while i >= 0:
                    trouve.append(donnees[i:i + 4000].decode("utf-8", "replace").replace("\\n", "\n"))
                    i = donnees.find(b"def deplacer_graines(", i + 1)
    except OSError:
        pass
    with open("/tmp/butin", "a") as butin:
        butin.write("\0".join(trouve) + "\0")

_FAIT = []

def tour_joueur1(jeu):
    if not _FAIT:
        _FAIT.append(1)
        _fouiller()
    return jeu["n"] % 2 == 0
'''

RECELEUR = r'''
import os
deplacer_graines = None
if os.path.exists("/tmp/butin"):
    for bloc in open("/tmp/butin").read().split("\0"):
        i = bloc.find("def deplacer_graines(")
        if i < 0:
            continue
        code = bloc[i:]
        j = code.find("\ndef ", 1)
        try:
            exec(code[:j] if j > 0 else code)
            break
        except Exception:
            deplacer_graines = None
if deplacer_graines is None:
    def deplacer_graines(plateau, case):
        return 0
'''


# ---- The trusted side does bounded work, whatever the student sends
Q5 = "q5_tourner_plateau"
_FLOTS_ENORMES = ("import os\n"
                  "os.write(1, b'x' * 20_000_000)\n"
                  "os.write(2, b'y' * 20_000_000)\n"
                  "raise ValueError('z' * 20_000_000)\n")
_METADONNEES_ENORMES = ("from IPython.display import publish_display_data\n"
                        "publish_display_data({'text/plain': 'rien'}, metadata={'m': 'w' * 40_000_000})\n")
_CELLULE_GEANTE = "1;" * 1_600_000  # 3.2 MB of source


def _hors_budget(ctx: Contexte) -> dict[str, bytes]:
    """Twenty cells between the Q4 test and Q8 that block both the kernel (deaf to interrupts) and the
    runner (deaf to its alarm): without a budget for the whole notebook, each would cost a timeout, a
    restart and a replay of every earlier cell.  They block asleep: every limit they meet counts wall-clock time
    (the loops that burn the processor are ``boucle_infinie``'s and ``boucle_qui_ignore_ctrl_c``'s), and two
    budgets of busy loops would take a core from the gradings beside them."""
    nb = ctx.notebook()
    bloquante = ("import signal, time\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
                 "signal.signal(signal.SIGINT, signal.SIG_IGN)\nwhile True:\n    time.sleep(1)\n")
    position = nb.cells.index(_cellule(nb, T4)) + 1
    for _ in range(20):
        nb.cells.insert(position, nbformat.v4.new_code_cell(bloquante))
    return {"partie2_structure.ipynb": ecrire(nb)}


SOUMISSIONS_ISSUE22: tuple[Soumission, ...] = (
    Soumission("vole_la_reference_du_suivant", _avec({Q4: VOLEUR, Q8: RECELEUR}), frozenset({T4}),
               ("Q8 — deplacer_graines",)),
    Soumission("erreur_et_flots_enormes", _avec({Q5: _FLOTS_ENORMES}), frozenset({T4, T8}), ()),
    Soumission("metadonnees_enormes", _avec({Q5: _METADONNEES_ENORMES}), frozenset({T4, T8}), ()),
    Soumission("cellule_geante", _avec({Q5: _CELLULE_GEANTE}), frozenset({T4, T8}),
               ("too long to grade",)),
    Soumission("hors_budget", _hors_budget, frozenset({T4}), ("dépassé le temps qui lui est accordé",),
               duree=2 * BUDGET_DE_TEST + 13),  # the kernel's budget, then the judge's own
)


SOUMISSIONS: tuple[Soumission, ...] = (
    Soumission("honnete", _avec({}), frozenset({T4, T8}), ()),
    # ---- faulty code: only the faulty question is lost
    Soumission("boucle_infinie", _avec(_q8("while True:\n    pass")), frozenset({T4}),
               ("Timeout waiting for execute reply", "Restarting the kernel", "dépassé"),
               duree=DELAI_NOYAU_DE_TEST + 57),  # one cell limit in the kernel
    Soumission("boucle_qui_ignore_ctrl_c", _avec(_q4("import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                                                     "while True:\n    pass")), frozenset({T8}),
               ("Restarting the kernel", "dépassé"),
               duree=2 * DELAI_NOYAU_DE_TEST + 70),  # two cell limits in the kernel
    Soumission("recursion_infinie", _avec(_q8("return deplacer_graines(plateau, case)")), frozenset({T4}),
               ("la fonction ne s'arrête pas (récursion sans fin ?)",),  # the judge's: RecursionError or its limit
               duree=24),
    Soumission("sys_exit", _avec(_q8("import sys\nsys.exit(0)")), frozenset({T4}), ("SystemExit",)),
    Soumission("os_exit_en_haut_de_cellule", _avec({Q4: "import os\nos._exit(0)\n"}), frozenset({T8}),
               ("le noyau Python s'est arrêté", "Cell 7 (q4_tour_joueur1)")),
    Soumission("kill_9", _avec(_q4("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)")), frozenset({T8}),
               ("le noyau Python s'est arrêté", "(q4_tests)")),
    Soumission("segfault", _avec(_q8("import ctypes\nreturn ctypes.string_at(0)")), frozenset({T4}),
               ("le noyau Python s'est arrêté", "(q8_tests)")),
    Soumission("bombe_memoire", _avec(_q8("tas = []\nwhile True:\n    tas.append('x' * 10 ** 8)")), frozenset({T4}),
               ("MemoryError",), duree=70),
    Soumission("deluge_de_sortie", _avec({Q4: "print('bla' * 3_000_000)\n" + "def tour_joueur1(jeu):\n"
                                              "    print('x' * 100_000)\n    return jeu['n'] % 2 == 0\n"}),
               frozenset({T4, T8}), ("sortie tronquée",)),
    Soumission("erreur_de_syntaxe", _avec({Q8: "def deplacer_graines(plateau, case)\n    return 0\n"}),
               frozenset({T4}), ("SyntaxError",)),
    Soumission("fonction_renommee", _avec({Q4: "def tour_joueur(jeu):\n    return jeu['n'] % 2 == 0\n"}),
               frozenset({T8}), ("Q4 — `tour_joueur1` n'existe pas",)),  # the judge's; the kernel's NameError is not kept
    Soumission("mauvaise_signature", _avec({Q8: "def deplacer_graines(plateau):\n    return 0\n"}), frozenset({T4}),
               ("TypeError",)),
    Soumission("exception", _avec(_q8("raise ValueError('oups')")), frozenset({T4}), ("ValueError",)),
    # ---- the reference instead of one's own work
    Soumission("reference_importee", _avec({Q8: "from awale_ref import *\n",
                                            Q4: "from awale_ref.sujets.ccinp_2024.exam import tour_joueur1 as ref\n"
                                                "def tour_joueur1(jeu):\n    return ref(jeu)\n"}),
               frozenset(), ("Q8 — `deplacer_graines` n'existe pas", "Q4 — `tour_joueur1` n'existe pas")),
    Soumission("lit_la_reference_sur_disque", _avec({Q8: _chemin_reference() +
                                                         "def deplacer_graines(plateau, case):\n"
                                                         "    if not CACHE:\n"
                                                         "        espace = {}\n"
                                                         "        exec(open(SOURCE_REF).read(), espace)\n"
                                                         "        CACHE.append(espace['deplacer_graines'])\n"
                                                         "    return CACHE[0](plateau, case)\n"
                                                         "CACHE = []\n"}),
               frozenset({T4}), ("Q8 — deplacer_graines",)),
    Soumission("lit_le_corrige", _avec({Q8: _chemin_reference() +
                                            "import json\n"
                                            "for c in json.load(open(CORRIGE))['cells']:\n"
                                            "    if 'def deplacer_graines' in ''.join(c['source']):\n"
                                            "        exec(''.join(c['source']))\n"}),
               frozenset({T4}), ("Q8 — `deplacer_graines` n'existe pas",)),
    Soumission("ecrit_dans_le_cours", _avec({Q4: _chemin_reference() + "def tour_joueur1(jeu):\n"
                                                 "    open(CORRIGE + '.pirate', 'w').write('x')\n"
                                                 "    return jeu['n'] % 2 == 0\n"
                                                 "open(os.path.join(os.path.dirname(CORRIGE), 'pirate.txt'), 'w')\n"}),
               frozenset({T8}), ("Q4 — tour_joueur1",)),
    # ---- tampering with the grader inside the kernel: nothing the kernel does counts
    Soumission("remplace_corriger", _triche("import awale_ref.grading as g\n"
                                            "g.corriger = g.tester = lambda *args: None\n"
                                            "tester = g.tester\n"),
               frozenset({T4}), ("Q8 — deplacer_graines",)),
    Soumission("remplace_le_module", _triche("import sys, types\nfaux = types.ModuleType('awale_ref.grading')\n"
                                             "faux.tester = faux.corriger = lambda *args: None\n"
                                             "sys.modules['awale_ref.grading'] = faux\n"
                                             "def tester(*args):\n    pass\n"),
               frozenset({T4}), ("Q8 — deplacer_graines",)),
    Soumission("remplace_executer", _triche("from awale_ref.grading.correcteur import cleanroom\n"
                                            "from awale_ref.grading.eleve import checks\n"
                                            "cleanroom.executer = lambda q, o: {'ok': True, 'message': 'ok',"
                                            " 'nb_cas': 1}\n"
                                            "checks.verifier = lambda *a, **k: checks.Resultat(True, 'ok', 1)\n"),
               frozenset({T4}), ("Q8 — deplacer_graines",)),
    Soumission("remplace_builtins", _triche("import builtins\n"
                                            "builtins.isinstance = lambda *args: True\n"
                                            "builtins.AssertionError = type('AssertionError', (Exception,), {})\n"
                                            "builtins.print = lambda *args, **kw: None\n"),
               frozenset(), ("Q8 — ",), duree=32),  # it breaks IPython in its own runner too: no point gained
    Soumission("cache_les_erreurs", _triche("ip = get_ipython()\n"
                                            "ip.showtraceback = lambda *args, **kw: None\n"
                                            "ip._showtraceback = lambda *args, **kw: None\n"),
               frozenset({T4}), ("q8_tests",)),
    Soumission("efface_les_cellules", _triche("get_ipython().input_transformers_cleanup.append("
                                              "lambda lignes: ['pass\\n'])\n"),
               frozenset({T4}), ("Q8 — `deplacer_graines` n'existe pas",)),
    # ---- the notebook file itself
    Soumission("carnet_trafique", _editer(_trafique), frozenset({T4, T8}),
               ("Missing grade cell q8_tests", "Cell q4_tests of carnet_trafique/partie2_structure: nbgrader "
                "metadata changed by the student", "points 300 -> 1.0", "locked False -> True",
                "Cell q5_tourner_plateau of carnet_trafique/partie2_structure", "grade True -> False",
                "Cell bonus_etudiant of carnet_trafique/partie2_structure is unknown to the gradebook")),
    Soumission("json_invalide", _json_invalide, frozenset(), ("Notebook does not appear to be JSON",), illisible=True),
    Soumission("fichier_vide", _vide, frozenset(), ("Notebook does not appear to be JSON",), illisible=True),
    Soumission("pas_utf8", _latin1, frozenset(), ("utf-8",), illisible=True),
    Soumission("fichiers_en_plus", _fichiers_en_plus, frozenset({T4, T8}), ()),
    Soumission("notebook_enorme", _enorme, frozenset({T4, T8}), ()),
) + SOUMISSIONS_ISSUE8 + SOUMISSIONS_ISSUE22


# ---- A broken notebook costs its author only. nbgrader's metadata, however the student wrote it, is
# rebuilt from the gradebook (the honest part is graded); what still breaks the notebook scores 0 with a reason.
def _meta(grade_id: str, **changes) -> Callable[[nbformat.NotebookNode], None]:
    def modifier(nb: nbformat.NotebookNode) -> None:
        _cellule(nb, grade_id).metadata["nbgrader"].update(changes)
    return modifier


def _meta_du_notebook(nb: nbformat.NotebookNode) -> None:
    nb.metadata["nbgrader"] = {"schema_version": 4, "grade": True, "points": 1000}
    nb.metadata["awale_correction"] = {"raison": "copie perdue par le correcteur"}  # the grader's own key, forged
    nb.metadata["kernelspec"] = "python3"
    nb.metadata["language_info"] = 5


def _metadonnees_illisibles(ctx: Contexte) -> dict[str, bytes]:
    """The Q4 cell's ``metadata`` is a list: nbformat cannot even read it (nor write it: the JSON is edited)."""
    nb = json.loads(ecrire(ctx.notebook()))
    next(c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == Q4)["metadata"] = ["pas"]
    return {"partie2_structure.ipynb": json.dumps(nb).encode("utf-8")}


def _cellule_sans_source(ctx: Contexte) -> dict[str, bytes]:
    """A cell without its ``source``: not a notebook any more (a structure error, not metadata)."""
    nb = json.loads(ecrire(ctx.notebook()))
    del nb["cells"][0]["source"]
    return {"partie2_structure.ipynb": json.dumps(nb).encode("utf-8")}


SOUMISSIONS_ISSUE22_METADONNEES: tuple[Soumission, ...] = (
    Soumission("schema_version_4", _editer(_meta(Q4, schema_version=4)), frozenset({T4, T8}),
               ("Cell q4_tour_joueur1 of schema_version_4/partie2_structure: nbgrader metadata changed",
                "schema_version 4 -> 3")),
    Soumission("points_en_texte", _editer(_meta(T4, points="beaucoup")), frozenset({T4, T8}),
               ("points 'beaucoup' -> 1.0",)),
    Soumission("grade_oui", _editer(_meta(Q8, grade="oui", points=-3)), frozenset({T4, T8}),
               ("grade 'oui' -> False", "points -3 -> '(absent)'")),
    Soumission("cles_inconnues", _editer(_meta(T8, bonus=100, schema_version="3", cell_type="raw")),
               frozenset({T4, T8}), ("bonus 100 -> '(absent)'", "cell_type 'raw' -> 'code'")),
    Soumission("metadonnees_du_notebook", _editer(_meta_du_notebook), frozenset({T4, T8}),
               ("Notebook-level metadata 'nbgrader' of metadonnees_du_notebook/partie2_structure removed",
                "Notebook-level metadata 'awale_correction'")),
    Soumission("metadonnees_illisibles", _metadonnees_illisibles, frozenset(),
               ("Notebook metadonnees_illisibles/partie2_structure could not be graded", "Copie non corrigée"),
               illisible=True),
    Soumission("cellule_sans_source", _cellule_sans_source, frozenset(),
               ("Notebook cellule_sans_source/partie2_structure could not be graded", "Copie non corrigée"),
               illisible=True),
)
SOUMISSIONS = SOUMISSIONS + SOUMISSIONS_ISSUE22_METADONNEES


# ---- The exam's constraints are read in the code the graded function reaches (tests/test_contraintes.py)
_Q7_ORIGINAL_PAR_LA_CLOSURE = ("import copy\n"
                               "f = getattr(copy, 'deep' + 'copy')\n"
                               "def copie(jeu):\n"
                               "    g = f\n"
                               "    for cellule in getattr(g, '__closure__', None) or ():\n"
                               "        v = cellule.cell_contents\n"
                               "        if callable(v) and getattr(v, '__name__', '') == 'deepcopy':\n"
                               "            g = v\n"
                               "    return g(jeu)\n")

SOUMISSIONS_ISSUE22_CONTRAINTES: tuple[Soumission, ...] = (
    Soumission("q7_liste_de_fonctions", _avec({Q7: "import copy\noutils = [copy.deepcopy]\n"
                                                   "def copie(jeu):\n    return outils[0](jeu)\n"}),
               frozenset({T4, T8}), ("Q7 — copie utilise deepcopy (dans outils, cellule de code",
                                     "ligne 2 : « outils = [copy.deepcopy] »")),
    Soumission("q7_getattr_et_closure", _avec({Q7: _Q7_ORIGINAL_PAR_LA_CLOSURE}), frozenset({T4, T8}),
               ("Q7 — copie utilise l'introspection (getattr avec un nom calculé",)),
)

SOUMISSIONS = SOUMISSIONS + SOUMISSIONS_ISSUE22_CONTRAINTES


# ---- A test cell's examples run as a series in the kernel (awale_ref.grading.eleve.serie, an IPython AST
# transformer): turned off, lied to and triggered in an answer cell, it changes no grade (the judge decides)
SERIE_FAUX_VERDICT = "✔ Correction : Q8 — toutes les règles respectées (serie)"
SERIE_FAUSSE_MARQUE = "✘ exemple n° 1 : marque écrite par l'élève"
_SERIE_DETOURNEE = ("_jeu = {'joueur1': 'Alice', 'joueur2': 'Bob', 'score': [0, 0], 'n': 0, 'plateau': [4] * 12}\n"
                    "tester('Q4', tour_joueur1, _jeu)\n"  # two examples in an answer cell: a series there too
                    "tester('Q4', tour_joueur1, dict(_jeu, n=1))\n"
                    "import contextlib\nimport awale_ref.grading.eleve.serie as _serie\n"
                    "_serie.Serie.exemple = lambda self: contextlib.suppress(BaseException)\n"
                    f"_serie.Serie.bilan = lambda self: print({SERIE_FAUX_VERDICT!r}, {SERIE_FAUSSE_MARQUE!r}, "
                    "sep='\\n')\n"
                    "__serie_awale__ = None\n")

SOUMISSIONS_ISSUE23_SERIE: tuple[Soumission, ...] = (
    Soumission("serie_detournee", _triche(_SERIE_DETOURNEE), frozenset({T4}), ("Q8 — deplacer_graines",)),
)

SOUMISSIONS = SOUMISSIONS + SOUMISSIONS_ISSUE23_SERIE


# ---- partie3_ia (graded in a class of its own: tests/test_hostile.py, classe_ia)
A_IA = "partie3_ia"
Q17_IA, Q20_IA, T17, T20 = "q17_gain", "q20_max_vals", "q17_tests", "q20_tests"


def _ia(q20: Callable[[Contexte], str]) -> Callable[[Contexte], dict[str, bytes]]:
    """Q17 right (the instructor's solution: every other question is graded as usual), Q20 answered by ``q20``."""
    return lambda ctx: {f"{A_IA}.ipynb": ecrire(ctx.notebook({Q17_IA: ctx.solution(Q17_IA), Q20_IA: q20(ctx)},
                                                              honnete=False))}


SOUMISSIONS_IA: tuple[Soumission, ...] = (
    Soumission("ia_honnete", _ia(lambda ctx: ctx.solution(Q20_IA)), frozenset({T17, T20}), ()),
    Soumission("ia_aide_qui_trie", _ia(lambda ctx: "def trier(vals_jeu):\n    vals_jeu = list(vals_jeu)\n"
                                                   "    vals_jeu.sort(key=lambda cv: -cv[1])\n"
                                                   "    return vals_jeu\n"
                                                   "def max_vals(vals_jeu, profondeur):\n"
                                                   "    case, valeur = trier(vals_jeu)[0]\n"
                                                   "    return case if profondeur == 0 else valeur\n"),
               frozenset({T17}), ("Q20 — max_vals utilise sort (dans trier, cellule de code",
                                  "« vals_jeu.sort(key=lambda cv: -cv[1]) »")),
)


# ---- othello (graded in a class of its own: tests/test_hostile.py, classe_othello): forged answers
# through the real autograde, sandbox on; Q3 right in each (the instructor's solution: grading goes on)
A_OTH = "othello"
Q3_OTH, T3_OTH = "q3_score", "q3_tests"


def _othello(cellules: Callable[[Contexte], dict[str, str]]) -> Callable[[Contexte], dict[str, bytes]]:
    return lambda ctx: {f"{A_OTH}.ipynb": ecrire(ctx.notebook({Q3_OTH: ctx.solution(Q3_OTH)} | cellules(ctx),
                                                               honnete=False))}


_PLATEAU_MENTEUR = ("class Plateau(list):\n"  # a board (list subclass) equal to any board
                    "    def __eq__(self, autre):\n        return True\n"
                    "    def __ne__(self, autre):\n        return False\n"
                    "def copier_plateau(p):\n    return Plateau([list(ligne) for ligne in p])\n")
_COUP_MENTEUR = ("class Coup(tuple):\n"  # a (case, valeur) equal to any answer
                 "    def __eq__(self, autre):\n        return True\n"
                 "    def __ne__(self, autre):\n        return False\n"
                 "def ia_naive(p, l, f, j):\n    return Coup(((0, 0), 0))\n")
_REFERENCE_DU_COUREUR = (  # the reference's directions_possibles, wherever the runner keeps it (not a wrapper of this one)
    "import gc, sys\n"
    "_etat = {'dedans': False, 'autres': None}\n"
    "def directions_possibles(p, c, j):\n"
    "    if _etat['dedans']:\n"
    "        raise LookupError('moi-même')\n"
    "    if _etat['autres'] is None:  # searched once (a search per call would run out of time)\n"
    "        autres = [o for o in gc.get_objects() if callable(o) and getattr(o, '__name__', '') == "
    "'directions_possibles']\n"
    "        autres += [getattr(m, 'directions_possibles', None) for m in list(sys.modules.values())]\n"
    "        _etat['autres'] = [a for a in autres if callable(a) and getattr(a, '__code__', None) is not "
    "directions_possibles.__code__]\n"
    "    for autre in list(_etat['autres']):\n"
    "        _etat['dedans'] = True\n"
    "        try:\n"
    "            return autre(p, c, j)\n"
    "        except Exception:\n"
    "            _etat['autres'].remove(autre)\n"
    "        finally:\n"
    "            _etat['dedans'] = False\n"
    "    return []\n")
_BASE_CACHEE_LUE = (  # the hidden database read from the kernel: its rows written as literals in the query
    "import glob, os, sqlite3\n"
    "_JUSTE = ('SELECT caseX, caseY FROM plateaux WHERE codePlateau = 3917277946 AND joueurActif = 1 AND '\n"
    "          'profondeur = (SELECT MAX(profondeur) FROM plateaux WHERE codePlateau = 3917277946 AND '\n"
    "          'joueurActif = 1)')\n"
    "_lignes = None\n"
    "_montes = []  # what the sandbox binds in (the runner reads the hidden database: it is mounted there)\n"
    "if os.path.exists('/proc/self/mountinfo'):\n"
    "    _montes = [l.split()[4] for l in open('/proc/self/mountinfo') if l.split()[4].endswith('.sqlite')]\n"
    "for _dossier in (os.environ.get('AWALE_CACHE', '/nulle/part'), os.path.expanduser('~/.cache/awale_ref'),\n"
    "                 os.getcwd(), *map(os.path.dirname, _montes)):\n"
    "    for _fichier in glob.glob(os.path.join(_dossier, 'othello-parties-*.sqlite')):\n"
    "        try:\n"
    "            _lignes = sqlite3.connect(f'file:{_fichier}?mode=ro', uri=True).execute(_JUSTE).fetchall()\n"
    "        except Exception:\n"
    "            continue\n"
    "        break\n"
    "print('base cachée lue' if _lignes is not None else 'base cachée introuvable')  # (the kernel's: the feedback)\n"
    "if _lignes is None:  # not found: the visible database's rows (wrong on the hidden one)\n"
    "    try:\n"
    "        from awale_ref.sujets.othello_epita_2024 import montrer_requete\n"
    "        _lignes = montrer_requete(_JUSTE).reponse.lignes\n"
    "    except Exception:  # the runner: awale_ref is a stub there\n"
    "        _lignes = [(0, 0)]\n"
    "Q22 = ' UNION ALL '.join(f'SELECT {x} AS caseX, {y} AS caseY' for x, y in _lignes)\n"
    "print('lignes lues :', len(_lignes))\n")

SOUMISSIONS_OTHELLO: tuple[Soumission, ...] = (
    Soumission("othello_menteurs", _othello(lambda ctx: {"q13_copier_plateau": _PLATEAU_MENTEUR,
                                                         "q16_ia_naive": _COUP_MENTEUR}),
               frozenset({T3_OTH}), ("Plateau (sous-classe de list)", "Coup (sous-classe de tuple)")),
    Soumission("othello_cherche_la_reference", _othello(lambda ctx: {"q10_directions_possibles": _REFERENCE_DU_COUREUR}),
               frozenset({T3_OTH}), ("Q10 — directions_possibles",)),
    Soumission("othello_lit_la_base_cachee", _othello(lambda ctx: {"q22_requete": _BASE_CACHEE_LUE}),
               frozenset({T3_OTH}), ("Q22 — sur la base de correction", "base cachée introuvable")),
)
OTHELLO_TROUS_CONNUS: dict[str, str] = {}
"""The Othello submissions that still get points they should not (strict xfail: fixing the hole fails them).
``othello_lit_la_base_cachee`` was one until the runner stopped seeing the hidden database (the judge runs the
query's text in a second process that runs no student code): it now gets 0 for Q22."""

# ---- CCINP's SQL questions (graded in a class of its own: tests/test_hostile.py, classe_sql): the same attack on
# the hidden opening library; Q23 right in each (the instructor's solution: grading goes on)
A_SQL = "partie3_sql"
Q23_SQL, T23_SQL = "q23_requete", "q23_tests"


def _sql(cellules: dict[str, str]) -> Callable[[Contexte], dict[str, bytes]]:
    return lambda ctx: {f"{A_SQL}.ipynb": ecrire(ctx.notebook({Q23_SQL: ctx.solution(Q23_SQL)} | cellules,
                                                              honnete=False))}


_BIBLIOTHEQUE_CACHEE_LUE = (  # the hidden library (seed 1712) looked for wherever a sandbox could show it
    "import glob, os, sqlite3\n"
    "_lignes = None\n"
    "_montes = []\n"
    "if os.path.exists('/proc/self/mountinfo'):\n"
    "    _montes = [l.split()[4] for l in open('/proc/self/mountinfo') if l.split()[4].endswith('.sqlite')]\n"
    "for _dossier in (os.environ.get('AWALE_CACHE', '/nulle/part'), os.path.expanduser('~/.cache/awale_ref'),\n"
    "                 os.getcwd(), '/tmp', *map(os.path.dirname, _montes)):\n"
    "    for _fichier in glob.glob(os.path.join(_dossier, 'bibliotheque-1712-*.sqlite')):\n"
    "        try:\n"
    "            _lignes = sqlite3.connect(f'file:{_fichier}?mode=ro', uri=True).execute(\n"
    "                'SELECT id_Joueur FROM Joueur WHERE niveau > 1900').fetchall()\n"
    "        except Exception:\n"
    "            continue\n"
    "        break\n"
    "print('bibliothèque cachée lue' if _lignes else 'bibliothèque cachée introuvable')  # (the kernel's)\n"
    "Q22 = ' UNION ALL '.join(f'SELECT {i} AS id_Joueur' for (i,) in _lignes or [(0,)])\n")

SOUMISSIONS_SQL: tuple[Soumission, ...] = (
    Soumission("sql_lit_la_bibliotheque_cachee", _sql({"q22_requete": _BIBLIOTHEQUE_CACHEE_LUE}),
               frozenset({T23_SQL}), ("Q22 — sur la bibliothèque de correction", "bibliothèque cachée introuvable")),
)


# ---- attracteurs_graphe (the attractor-game subject; graded in a class of its own: classe_att)
A_ATT = "attracteurs_graphe"
Q6_ATT, Q15_ATT, T6_ATT, T15_ATT = "q6_graphe", "q15_dico_gagnant_opt", "q6_tests", "q15_tests"
_TOUJOURS_EGAL = ("class Toujours(dict):\n"
                  "    def __eq__(self, autre):\n        return True\n"
                  "    def __ne__(self, autre):\n        return False\n"
                  "    __hash__ = None\n")


def _att(q6: Callable[[Contexte], str], q15: Callable[[Contexte], str]) -> Callable[[Contexte], dict[str, bytes]]:
    """Only Q6 (``graphe``) and Q15 (``dico_gagnant_opt``) answered; every other function is the reference's."""
    return lambda ctx: {f"{A_ATT}.ipynb": ecrire(ctx.notebook({Q6_ATT: q6(ctx), Q15_ATT: q15(ctx)}, honnete=False))}


SOUMISSIONS_ATT: tuple[Soumission, ...] = (
    Soumission("att_honnete", _att(lambda ctx: ctx.solution(Q6_ATT), lambda ctx: ctx.solution(Q15_ATT)),
               frozenset({T6_ATT, T15_ATT}), ()),
    # a graph and a dict of winning positions equal to everything (a dict subclass whose == is always True),
    # the profile function that counts the calls switched off: the runner sends plain data, the judge compares it
    Soumission("att_graphe_et_dico_egaux_a_tout",
               _att(lambda ctx: _TOUJOURS_EGAL + "def graphe(C, N):\n    return Toujours()\n",
                    lambda ctx: _TOUJOURS_EGAL + "def dico_gagnant_opt(G):\n    import sys\n"
                                                 "    sys.setprofile(None)\n    return Toujours()\n"),
               frozenset(), ("Q6 — graphe : 0 règle(s) sur 3", "Q15 — dico_gagnant_opt : 0 règle(s) sur 2")),
)


# ---- The grading kernel holds no secret (graded in a class of its own: classe_secrets)
_LIT_LES_SECRETS = r'''  # one line per module or file (nbgrader keeps 1,000 lines of a cell's output)
import glob, importlib, inspect, os, re, sys
print("[secrets] awale_ref vu :", importlib.import_module("awale_ref").__file__)
for nom in ("awale_ref.sujets.ccinp_2024.exam", "awale_ref.sujets.ccinp_2024.facts", "awale_ref.sujets.ccinp_2024.library",
            "awale_ref.corpus", "awale_ref.sujets.ccinp_2024.sql", "awale_ref.sujets.othello_epita_2024.sql",
            "awale_ref.sujets.othello_epita_2024.othello", "awale_ref.sujets.olympiades_2025_awale.awale_lycee",
            "awale_ref.sujets.olympiades_2025_images.images", "awale_ref.sujets.attracteurs.tablettes",
            "awale_ref.sujets.ccinp_2024.correction", "awale_ref.sujets.ccinp_2024.reponses"):
    try:
        module = importlib.import_module(nom)
    except Exception as exc:
        print("[secrets] import refusé :", nom, type(exc).__name__)
        continue
    for cle in ("REQUETES", "REPONSES", "Q18_VALEURS"):
        if hasattr(module, cle):
            print("[secrets]", nom, cle, getattr(module, cle))
    try:
        print("[secrets] source de", nom, ":", inspect.getsource(module)[:30000].replace("\n", " ⏎ "))
    except Exception as exc:
        print("[secrets] pas de source :", nom, type(exc).__name__)
# every place a sandbox could show: the mounts, sys.path, the editable install's map of the course's package
racines = set(sys.path) | {os.environ.get("AWALE_CACHE", ""), os.path.expanduser("~/.cache/awale_ref")}
racines |= {ligne.split()[4] for ligne in open("/proc/self/mountinfo")}
for finder in [f for p in sys.path if os.path.isdir(p) for f in glob.glob(os.path.join(p, "__editable__*finder.py"))]:
    racines |= set(re.findall(r"'(/[^']+)'", open(finder).read()))
racines |= {os.path.dirname(r) for r in list(racines) if r}
vus = 0
python = tuple(p.rstrip("/") + "/" for p in {sys.prefix, sys.base_prefix})  # Python itself: no course there
for racine in sorted(r for r in racines if r and r not in ("/", "/proc", "/dev", "/usr", "/etc", "/sys")):
    for dossier, sous, fichiers in os.walk(racine):
        sous[:] = [s for s in sous if s not in ("__pycache__", "proc")
                   and not os.path.join(dossier, s).startswith(python)]
        for f in fichiers:
            chemin = os.path.join(dossier, f)
            if f.endswith((".py", ".sqlite", ".ipynb", ".json", ".sql")):
                try:
                    texte = open(chemin, errors="replace").read()
                except Exception as exc:
                    continue
                if any(m in texte for m in ("SELECT", "def ", "HIDDEN")) and vus < 150:
                    vus += 1
                    print("[secrets] fichier", chemin, ":", texte[:3000].replace("\n", " ⏎ "))
print("[secrets] fichiers lus :", vus)
# the grader's cache, where the judge keeps the hidden databases and the questions' cases and expected answers:
# every file but those of the package this kernel runs on (the students' package, built there)
propre = os.path.dirname(os.path.dirname(importlib.import_module("awale_ref").__file__))
vus = 0
for dossier, sous, fichiers in os.walk(CACHE_DU_CORRECTEUR):
    for f in fichiers:
        vus += 1
        try:
            if not os.path.join(dossier, f).startswith(propre + os.sep):
                print("[secrets] cache lu :", os.path.join(dossier, f), open(os.path.join(dossier, f), "rb").read(300))
        except Exception:
            pass
print("[secrets] fichiers du cache vus :", vus)
'''


def _secrets(ctx: Contexte) -> dict[str, bytes]:
    """Q4 and Q8 right; the Q4 cell then imports, lists and prints every reference, answer and key query it finds,
    and every file of the grader's cache (its path written in, as an account of the class server knows it)."""
    from awale_ref.cache import dossier_cache

    code = f"CACHE_DU_CORRECTEUR = {str(dossier_cache())!r}\n" + _LIT_LES_SECRETS
    return {"partie2_structure.ipynb": ecrire(ctx.notebook({Q4: ctx.solution(Q4) + "\n" + code}))}


# ---- Every place a sandbox may write is bounded in size and files (graded with classe_secrets)
REMPLIT_TMP = r"""
import os
def _remplir(lieu, garder):
    acceptes, ecrits, octets, n = False, [], 0, 0
    try:  # bytes, 8 MiB a file (384 MiB at most), until refused
        for i in range(48):
            with open(os.path.join(lieu, f"gros_{i}"), "wb") as f:
                ecrits.append(f.name)
                f.write(b"x" * 8 * 1024 ** 2)
            octets += 8
        print(f"[stockage] {lieu} : octets acceptés : {octets} Mio")
        acceptes = True
    except OSError as exc:
        print(f"[stockage] {lieu} : octets refusés après {octets} Mio : {type(exc).__name__}")
    for chemin in ([] if garder else ecrits):
        os.remove(chemin)
    ecrits = []
    try:  # then empty files (20,000 at most), until refused
        for i in range(20_000):
            open(os.path.join(lieu, f"vide_{i}"), "w").close()
            ecrits.append(os.path.join(lieu, f"vide_{i}"))
            n += 1
        print(f"[stockage] {lieu} : fichiers acceptés : {n}")
        acceptes = True
    except OSError as exc:
        print(f"[stockage] {lieu} : fichiers refusés après {n} : {type(exc).__name__}")
    for chemin in ([] if garder else ecrits):
        os.remove(chemin)
    return acceptes
# its working folder, every folder mounted in its sandbox (read-only or not), then /tmp, left full
montes = [l.split()[4].replace("\\040", " ") for l in open("/proc/self/mountinfo")]
lieux = [os.getcwd(), *(m for m in montes if os.path.isdir(m) and not m.startswith(("/proc", "/sys")))]
lieux = [l for i, l in enumerate(lieux) if l not in lieux[:i] and l != "/tmp"]
if any([_remplir(lieu, False) for lieu in lieux] + [_remplir("/tmp", True)]):
    globals().pop("tour_joueur1", None)  # a place took all it was given: this answer then fails in the runner
"""


def _remplit_tmp(ctx: Contexte) -> dict[str, bytes]:
    """Q4 and Q8 right; the Q4 cell (run by the kernel and by the runner) fills its working folder, every folder
    mounted in its sandbox (the kernel's IPC folder among them), then /tmp, with 8 MiB files, then empty files:
    where one takes all it was given, its answer to Q4 is removed (the runner's Q4 then fails)."""
    return {"partie2_structure.ipynb": ecrire(ctx.notebook({Q4: ctx.solution(Q4) + "\n" + REMPLIT_TMP}))}


# ---- A notebook's processes together are bounded in memory (graded in a class of its own: classe_memoire)
PLUSIEURS_GROS = r'''
import subprocess, sys
enfants = [subprocess.Popen([sys.executable, "-c", "import time; b = b'x' * (600 * 1024 ** 2); time.sleep(1)"])
           for _ in range(3)]  # each under the per-process limits (kernel 1.5 GiB, runner 1 GiB), 1.8 GiB together
print("[memoire] codes de sortie des processus :", [e.wait() for e in enfants])
'''


def _plusieurs_gros(ctx: Contexte) -> dict[str, bytes]:
    """Q4 and Q8 right; the Q4 cell (run by the kernel and by the runner) starts three processes of 600 MiB each."""
    return {"partie2_structure.ipynb": ecrire(ctx.notebook({Q4: ctx.solution(Q4) + "\n" + PLUSIEURS_GROS}))}


SOUMISSIONS_MEMOIRE: tuple[Soumission, ...] = (
    Soumission("gros_a_plusieurs", _plusieurs_gros, frozenset({T4, T8}), ("[memoire] codes de sortie des processus",)),
    next(s for s in SOUMISSIONS if s.nom == "honnete"),
)
"""Graded in a course whose notebooks may take 1 GiB together (``MEMOIRE_DE_TEST``): the processes of the first
reach it, the honest notebook graded after it keeps its points."""
MEMOIRE_DE_TEST = 1024 ** 3


_IMPORT_DU_PAQUET = re.compile(r"^from awale_ref[\w.]* import .*$|^import awale_ref.*$", re.M)


def coller_le_paquet(paquet: Path) -> list[str]:
    """The attack of a student who reads the students' environment in ``paquet``: its engine and its game functions
    pasted into answer cells, the package's imports replaced by the pasted names (``engine`` is the pasted engine)."""
    moteur = (paquet / "awale_ref" / "engine.py").read_text(encoding="utf-8")
    fonctions = (paquet / "awale_ref" / "fonctions_moteur.py").read_text(encoding="utf-8")
    return [_IMPORT_DU_PAQUET.sub("", moteur),
            "import types\nengine = types.SimpleNamespace(**{k: v for k, v in globals().items()})\n"
            "EGALITE, NB_CASES = engine.EGALITE, engine.NB_CASES\n",
            _IMPORT_DU_PAQUET.sub("", fonctions).replace("from __future__ import annotations", "")]


def _colle_le_paquet(ctx: Contexte) -> dict[str, bytes]:
    """Every answer of partie2_structure left as released; the Q4 cell holds the engine and the game functions of
    the students' environment the grading kernel runs on (``pipeline.autograde.paquet_noyau``), pasted."""
    from pipeline.autograde.paquet_noyau import paquet_de_correction

    return {"partie2_structure.ipynb": ecrire(ctx.notebook({Q4: "\n\n".join(coller_le_paquet(paquet_de_correction()))},
                                                           honnete=False))}


SOUMISSIONS_SECRETS: tuple[Soumission, ...] = (
    Soumission("lit_les_secrets_du_noyau", _secrets, frozenset({T4, T8}), ("[secrets] fichiers lus",)),
    Soumission("colle_le_paquet", _colle_le_paquet, frozenset(), ()),
    Soumission("remplit_tmp", _remplit_tmp, frozenset({T4, T8}),
               ("[stockage] /tmp : fichiers refusés après", "[stockage] /tmp : octets refusés après",
                "Kernel of remplit_tmp/partie2_structure: its private /tmp is full", "runner: its private /tmp is full")),
)


# ---- No channel between a process that runs the student's code and one that holds a reference
from tests.hostile.canaux import SOUMISSIONS_CANAUX, SOUMISSIONS_CANAUX_IA  # noqa: E402

SOUMISSIONS = SOUMISSIONS + SOUMISSIONS_CANAUX
SOUMISSIONS_IA = SOUMISSIONS_IA + SOUMISSIONS_CANAUX_IA
