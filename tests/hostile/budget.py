"""Replies built to cost the grader (the reply's budget, ``messages.BUDGET``) and calls hidden from the counter in
another thread or process (the observation ``appels``).

``SOUMISSIONS_BUDGET`` (``partie2_structure``): Q4 answers that return, or write on the judge's channel, a
reply over the budget; Q8 stays right.  They earn nothing for Q4, the rest is graded, the student reads
« réponse trop grande », and the ``nbgrader`` process grows no more than with an honest notebook plus a fixed
amount (``tests/test_hostile.py`` measures its peak memory against a class of one honest notebook).

``SOUMISSIONS_FILS`` (``attracteurs_graphe``): a ``dico_gagnant_opt`` without memoisation whose recursion runs
in another thread or process, where the profile of the graded call does not count its calls.  Its values are
right, so it keeps the value's share of Q15, never the memoisation's.
"""

from __future__ import annotations

from tests.hostile import Q4, Q6_ATT, T4, T6_ATT, T8, Soumission, _att, _avec, _q4

ENFANTS_AU_PLUS = 256 * 1024 ** 2
"""How much more the ``nbgrader`` process may grow grading ``SOUMISSIONS_BUDGET`` than one honest notebook."""

RAISON = "réponse trop grande"


def _forge_canal(ligne: str) -> str:
    """A Q4 answer whose question's child writes the text ``ligne`` (an expression of ``ident`` and ``n``, the
    question's id and number of cases, read in the runner's frames: a reply the judge takes for its own) and an
    end of line on every file descriptor (the judge's channel among them), then dies."""
    return ("import base64, marshal, os, sys\n"
            "def tour_joueur1(jeu):\n"
            "    cadre, ident, n = sys._getframe(), 0, 1\n"
            "    while cadre is not None:\n"
            "        if hasattr(cadre.f_locals.get('ordre'), 'id'):\n"
            "            ident = cadre.f_locals['ordre'].id\n"
            "            n = len(marshal.loads(base64.b64decode(cadre.f_locals['ordre'].cas)))\n"
            "            break\n"
            "        cadre = cadre.f_back\n"
            f"    ligne = ({ligne}).encode() + b'\\n'\n"
            "    for fd in range(1, 30):\n"
            "        try:\n"
            "            os.write(fd, ligne)\n"
            "        except OSError:\n"
            "            pass\n"
            "    os._exit(0)\n")


# ---- partie2_structure: replies over the budget
_PROFOND = "x = [0]\nfor _ in range(89):\n    x = [x]\n"
# a reply of 2 million one-element lists written by hand, 8 MB (under the bytes of the budget, far over its values)
_VALEURS = ("'{\"version\": 2, \"issue\": \"resultats\", \"id\": ' + str(ident) + ', \"resultats\": [\"[' "
            "+ '[0],' * 2_000_000 + '0]\"' + ', \"{}\"' * (n - 1) + ']}'")
# the forged reply: 32 MB of nested lists, more bytes than the budget
_OCTETS = ("'{\"version\": 2, \"issue\": \"valeur\", \"id\": ' + str(ident) + ', \"valeur\": [' "
           "+ '[[[[[0]]]]],' * 2_700_000 + '0]}'")

SOUMISSIONS_BUDGET: tuple[Soumission, ...] = (
    Soumission("budget_honnete", _avec({}), frozenset({T4, T8}), ()),
    # 150,000 times a list nested 90 deep (the reply, 27 MB of JSON): the runner's encoder stops at the
    # budget's values
    Soumission("budget_q4_profond_et_large", _avec(_q4(_PROFOND + "return [x] * 150_000")), frozenset({T8}),
               (RAISON, "valeurs")),
    # 2 million small lists, 10 MB: fewer bytes than the budget, far more values
    Soumission("budget_q4_valeurs", _avec(_q4("return [[0]] * 2_000_000")), frozenset({T8}), (RAISON, "valeurs")),
    # the question's child writes its own replies on the judge's channel
    Soumission("budget_canal_trop_de_valeurs", _avec({Q4: _forge_canal(_VALEURS)}), frozenset({T8}),
               (RAISON, "valeurs")),
    Soumission("budget_canal_trop_d_octets", _avec({Q4: _forge_canal(_OCTETS)}), frozenset({T8}), (RAISON, "octets")),
)

# ---- attracteurs_graphe: the recursion hidden in another thread or process
_SANS_MEMO = ("def _gagnante(G, x):\n"
              "    for s in G[x]:\n"
              "        if not _gagnante(G, Tuple(s)):\n"
              "            return True\n"
              "    return False\n\n")
_FIL = (_SANS_MEMO + "import threading\n\n"
        "def dico_gagnant_opt(G):\n"
        "    dico = {}\n"
        "    fil = threading.Thread(target=lambda: dico.update({x: _gagnante(G, x) for x in G}))\n"
        "    fil.start()\n"
        "    fil.join()\n"
        "    return dico\n")
_PROCESSUS = (_SANS_MEMO + "import multiprocessing\n\n"
              "def _tout(G, canal):\n"
              "    canal.send({x: _gagnante(G, x) for x in G})\n\n"
              "def dico_gagnant_opt(G):\n"
              "    contexte = multiprocessing.get_context('fork')\n"
              "    recu, envoi = contexte.Pipe(duplex=False)\n"
              "    processus = contexte.Process(target=_tout, args=(G, envoi))\n"
              "    processus.start()\n"
              "    dico = recu.recv()\n"
              "    processus.join()\n"
              "    return dico\n")
_FOURCHE = (_SANS_MEMO + "import os, pickle\n\n"
            "def dico_gagnant_opt(G):\n"
            "    lecture, ecriture = os.pipe()\n"
            "    if os.fork() == 0:\n"
            "        os.write(ecriture, pickle.dumps({x: _gagnante(G, x) for x in G}))\n"
            "        os._exit(0)\n"
            "    os.close(ecriture)\n"
            "    with os.fdopen(lecture, 'rb') as f:\n"
            "        return pickle.loads(f.read())\n")
_FIL_BAS = (_SANS_MEMO + "import _thread, functools, time\n\n"
            "def dico_gagnant_opt(G):\n"
            "    dico, fait = {}, _thread.allocate_lock()\n"
            "    fait.acquire()\n"
            "    def travail():\n"
            "        dico.update({x: _gagnante(G, x) for x in G})\n"
            "        fait.release()\n"
            "    functools.partial(_thread.start_new_thread, travail, ())()  # no Python frame starts it\n"
            "    fait.acquire()\n"
            "    time.sleep(0.01)\n"
            "    return dico\n")

RAISON_FILS = "non comptés : la fonction a démarré"
SOUMISSIONS_FILS: tuple[Soumission, ...] = tuple(
    Soumission(nom, _att(lambda ctx: ctx.solution(Q6_ATT), lambda ctx, code=code: code), frozenset({T6_ATT}),
               (RAISON_FILS,))
    for nom, code in (("att_recursion_dans_un_thread", _FIL), ("att_recursion_dans_un_processus", _PROCESSUS),
                      ("att_recursion_dans_un_fork", _FOURCHE), ("att_recursion_dans_un_thread_bas", _FIL_BAS)))
"""Q6 right; Q15 right in value, its calls out of the counter's sight: Q15 earns its value's share only."""
