"""Mutation testing of the hidden tests: does each question's hidden test catch a wrong function?

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_mutation.py --sujet SUJET [--questions Q8 Q10]
[--rapport FICHIER]``, where ``SUJET`` is the subject's grading module (the module its test cells import
``corriger`` from: ``awale_ref.sujets.ccinp_2024``), the name of a subject folder under ``awale_ref.sujets``
(``attracteurs``), or an assignment of the course (``olympiades_images``).  Everything below is read from
the subject's ``Sujet`` (``awale_ref.grading.sujets``): its reference module, its specs, its Q21-like
question and its SQL questions, never from a module path written here.

Every function of the subject's reference module that a question grades is
mutated, one mutation at a time, and each mutant is graded by its question's
hidden test exactly as a student's function is: ``checks.verifier`` on the
question's hidden cases (``spec.cas()``), every other function being the
reference, the expected values the unmutated reference's.  A mutant is
*killed* when the hidden test does not give it every point (a rule family
fails, or it crashes).  A mutant still running after ``DELAI_S`` (the
reference answers a whole corpus in well under a second) is counted apart as
``délai`` and killed: those seen are endless loops (a ``while`` whose
condition never turns false, a recursion that never reaches its base case),
which the real grader stops at ``juge.DELAI_QUESTION_S`` and fails; their
diffs are listed in the report so that a reader can check it.  The CCINP's
Q21 (``awale_ia``, the subject's ``PartieEntiere`` kind of question) is graded by its own judge
(that kind's ``verifier``).  The reference SQL queries (the subject's ``QuestionsSQL`` kind,
Q22–Q25 of the CCINP) are mutated too and graded on the
hidden opening library.

Why cosmic-ray: its operators (binary, comparison, unary and boolean
operator replacement, number replacement, ``break``/``continue`` swap,
keyword replacement, zero-iteration loops, exception replacement) are
applied one occurrence at a time on a source string
(``cosmic_ray.mutating.mutate_code``), so each function is mutated on its
own and graded by our own judge, in-process and fast; mutmut 3 instead
rewrites whole modules with trampolines and drives pytest.  No maintained
Python library mutates SQL: the SQL operators below are written by hand
(sort order, a dropped clause, a changed comparison, a changed constant,
``COUNT``/``SUM``, ``DISTINCT``), and say so.

A surviving mutant is either killed by more hidden cases (added to the
specs) or listed in ``EQUIVALENTS`` (per subject) with the reason it cannot
be told apart from the reference on any input the paper allows.
``HORS_DE_PORTEE`` names the survivors that are not equivalent but that only
other data or another observation would show (they stay survivors in the figures; none today:
the last one, the prompt of the lycée awalé's Q14 naming the other player, is killed since the runner
observes what a function that reads the keyboard shows before each answer).  The
printed report (one file per subject in ``benchmarks/resultats/``:
``mutation.md`` for the CCINP, ``mutation_olympiades_images.md``,
``mutation_olympiades_awale.md``, ``mutation_attracteurs.md``) gives, per question, the mutants, the
killed, the equivalent, the survivors and the kill rate over the
non-equivalent mutants, then each survivor's diff.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import inspect
import io
import json
import os
import re
import select
import signal
import sys
import time
import types
from dataclasses import dataclass, field
from typing import Any
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
if str(RACINE) not in sys.path:
    sys.path.insert(0, str(RACINE))

from awale_ref import library  # noqa: E402
from awale_ref.grading import checks  # noqa: E402
from awale_ref.grading.sujets import Sujet, sujet_du_module  # noqa: E402
from awale_ref.grading.types_question import PartieEntiere, QuestionsSQL  # noqa: E402

DELAI_S = 5
# Operators that need arguments (variable names) or only touch decorators: not used.
SANS_ARGUMENTS = ("VariableReplacer", "VariableInserter", "RemoveDecorator")

# Every table below is keyed by the subject's name (``Sujet.nom``, the name its grades are reported under):
# it survives a move of the subject's modules.
CCINP = "Awalé — CCINP 2024 PC"
OLYMPIADES_IMAGES = "Olympiades de NSI 2025 — compression d'images"
OLYMPIADES_AWALE = "Olympiades de NSI 2025 — awalé"
ATTRACTEURS = "Théorie des jeux — attracteurs et stratégies"
OTHELLO = "Othello (EPITA PSI 2024, DS4)"

NON_NOTEES: dict[str, dict[str, str]] = {  # functions of the reference that no question grades, with the reason
    CCINP: {
        "initialisation": "given by the exam (Part II's notebooks supply it, read-only)",
        "affiche": "given by the exam (prints the board; no question grades a drawing)",
        "awale_jcj": "given by the exam (the human game loop, reads input())",
    },
    OLYMPIADES_IMAGES: {},
    OLYMPIADES_AWALE: {
        "initialisation": "given by the subject (its code is printed in the paper; no question asks for it)",
        "vers_ccinp": "not in the subject: the course's bridge to the CCINP's game dict (widget, corpus)",
        "depuis_ccinp": "not in the subject: the course's bridge from the CCINP's game dict (corpus of the specs)",
    },
    ATTRACTEURS: {},
    OTHELLO: {
        "cases_frontieres_de": "not in the paper: the course's frontier of a whole board (the corpus, the widget)",
        "evaluation_positions": "not in the paper: an evaluation function f passed to Q16–Q18 (no question asks it)",
    },
}

# Mutants that no input the paper allows can tell apart from the reference, keyed by
# (function or question, operator, mutated line without spaces): each with its reason.  "Small ints" are
# the integers -5..256, which CPython creates once: `is` and `==` agree on them.
_IS_ENTIERS = "CPython keeps one object per small int (-5..256): `is`/`is not` agree with ==/!= on these values"
_SEMIS_NATURELS = "a count of seeds is never negative, so > 0 and != 0 agree"
_PARITE = "n % 2 is 0 or 1 for every int n (Python's % takes the sign of the divisor): <= 0 is == 0"
_LONGUEUR = "a length is never negative: > 0 and != 0 agree"
_MOINS_6 = "for i 0..5 the index i - 6 (-6..-1) is the same pit of the 12-pit list as i + 6"
_CASE_6 = "pit 6 is never playable: test_case (the reference, as in grading) refuses any pit > 5"
_CASE_12 = ("the paper calls case_ramassable on a pit 0..11 (ramasser_graines walks down from the last pit sown); "
            "only pit 12, outside the board, tells them apart")
_SCORES = "reached only when the first player's score is not greater than the second's, "
_NOMS = ("gagnant returns the very object jeu['joueur1'] or jeu['joueur2'] (or the literal \"égalité\"), and "
         "the two names differ: `is` agrees with ==")
EQUIVALENTS_CCINP: dict[tuple[str, str, str], str] = {
    ("tour_joueur1", "ReplaceComparisonOperator_Eq_LtE", "returnjeu['n']%2<=0"): _PARITE,
    ("tourner_plateau", "NumberReplacer", "plateau[0:13]=plateau[6:12]+plateau[0:6]"):
        "the board has 12 pits: the slice [0:13] is the slice [0:12]",
    ("tourner_plateau", "NumberReplacer", "plateau[0:12]=plateau[6:13]+plateau[0:6]"):
        "the board has 12 pits: the slice [6:13] is the slice [6:12]",
    ("deplacer_graines", "ReplaceComparisonOperator_NotEq_IsNot", "ifindiceisnotcase:"):
        "pits are 0..11: " + _IS_ENTIERS,
    ("deplacer_graines", "ReplaceComparisonOperator_Gt_NotEq", "whilegraines!=0:"):
        "the seeds to sow start at plateau[case] >= 0 and go down by one: " + _SEMIS_NATURELS,
    ("case_ramassable", "NumberReplacer", "return6<=case<=12and(plateau[case]==2orplateau[case]==3)"): _CASE_12,
    ("test_famine", "ReplaceBinaryOperator_Add_BitOr", "total_adversaire=total_adversaire|essai[indice]"):
        "the total is only compared with 0, and an OR of counts >= 0 is 0 exactly when their sum is 0",
    ("test_famine", "ReplaceComparisonOperator_Gt_NotEq", "returntotal_adversaire!=0"): _SEMIS_NATURELS,
    ("test_case", "ReplaceComparisonOperator_Gt_NotEq", "test=0<=case<=5andplateau[case]!=0andcondition3"):
        _SEMIS_NATURELS,
    ("cases_possibles", "NumberReplacer", "forcaseinrange(7):"): _CASE_6,
    ("tour_suivant", "ReplaceComparisonOperator_Gt_NotEq", "returnlen(cases_possibles(jeu))!=0"): _LONGUEUR,
    ("gagnant", "ReplaceBinaryOperator_Add_Sub", "camp_adverse=camp_adverse+jeu['plateau'][indice-6]"): _MOINS_6,
    ("gagnant", "ReplaceBinaryOperator_Add_Sub", "jeu['plateau'][indice-6]=0"): _MOINS_6,
    ("gagnant", "ReplaceComparisonOperator_Gt_NotEq", "ifjeu['score'][1]!=jeu['score'][0]:"):
        _SCORES + "where != and > agree",
    ("gagnant", "ReplaceComparisonOperator_Gt_IsNot", "ifjeu['score'][1]isnotjeu['score'][0]:"):
        _SCORES + "and scores are 0..48: " + _IS_ENTIERS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_GtE", "elifprofondeur>=profondeur_max:#Condition2"):
        "profondeur never exceeds profondeur_max: the exam starts at 0 and the recursion stops at equality",
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "if(tour_joueur1(jeu)andgagnant(jeu)isjeu['joueur1'])or\\"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "(not(tour_joueur1(jeu))andgagnant(jeu)isjeu['joueur2']):"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "elif(tour_joueur1(jeu)andgagnant(jeu)isjeu['joueur2'])or\\"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "(not(tour_joueur1(jeu))andgagnant(jeu)isjeu['joueur1']):"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "elifprofondeurisprofondeur_max:#Condition2"):
        "depths are small: " + _IS_ENTIERS,
    ("max_vals", "ReplaceComparisonOperator_Eq_LtE", "ifprofondeur<=0:"):
        "a depth is never negative (NegaAwale passes 0, 1, 2, ...)",
    ("Q22", "DISTINCT ajouté", "SELECTDISTINCTid_JoueurFROMJoueurWHEREniveau>1900"):
        "id_Joueur is the primary key: its values are already distinct",
    ("Q23", "DISTINCT ajouté",
     "SELECTDISTINCT100.0*COUNT(*)/(SELECTCOUNT(*)FROMPartieWHEREjeuLIKE'a%')FROMPartieWHEREjeuLIKE'a%'ANDresultat=1"):
        "an aggregate without GROUP BY returns one row: DISTINCT changes nothing",
}


_RECTANGULAIRE = ("an image is a rectangle of pixels (every row as long as the first, the specs' `valide`): "
                  "len(img[-1]) is len(img[0])")
_BITS = "valeur is 0 or 1 (it starts at 0 and flips): 1 >> v and 1 ^ v are 1 - v on 0 and 1"
EQUIVALENTS_OLYMPIADES_IMAGES: dict[tuple[str, str, str], str] = {
    ("passer_en_nb", "ReplaceBinaryOperator_Div_FloorDiv", "moyenne=(pixel[0]+pixel[1]+pixel[2])//3"):
        "levels are ints 0..255, so their sum s is an int: s / 3 < 128 <=> s < 384 <=> s // 3 < 128 "
        "(noir_ou_blanc only compares the mean with 128)",
    ("image_vers_ligne", "NumberReplacer", "return(len(img[-1]),ligne01)"): _RECTANGULAIRE,
    ("compte_0_1", "ReplaceComparisonOperator_Eq_Is", "ifpixelisvaleur:"):
        "pixels and valeur are 0 or 1: " + _IS_ENTIERS,
    ("decomprime_ligne", "ReplaceBinaryOperator_Sub_RShift", "valeur=1>>valeur"): _BITS,
    ("decomprime_ligne", "ReplaceBinaryOperator_Sub_BitXor", "valeur=1^valeur"): _BITS,
    ("rectangle_max", "ReplaceComparisonOperator_Lt_NotEq", "whilei+hauteur!=len(img)andimg[i+hauteur][j]==couleur:"):
        "i < len(img) and hauteur goes up by one from 1: i + hauteur reaches len(img) exactly, where < and != "
        "first agree to stop",
    ("rectangle_max", "ReplaceComparisonOperator_Gt_GtE", "ifhauteur*largeur>=meilleur[0]*meilleur[1]:"):
        "on a tie of areas it keeps the taller rectangle, which the subject allows: Q16 accepts any largest "
        "uniform rectangle (LECTURES['egalite_des_aires'], specs_images._rectangle_accepte)",
    ("rectangle_max", "NumberReplacer", "largeur=dim_largeur_max(img,pos,len(img[-1])-1)"): _RECTANGULAIRE,
    ("rectangle_max", "NumberReplacer", "hauteur=0"):
        "the loop runs once more first, on row i itself (img[i][j] is the colour): dim_largeur_max up to "
        "j + largeur - 1 gives the same width, hauteur becomes 1 and the area 1 × largeur is not larger than "
        "the best: every later step is the reference's",
    ("compression_rectangle", "NumberReplacer", "la=len(img[-1])"): _RECTANGULAIRE,
}

_AFFICHAGE = ("the display of the board is free (LECTURES['awale_affichage']; the notebook says what is checked): "
              "only the answers read, the name of the player to move shown before each turn's first answer "
              "and the lines printed after the last answer are graded, and this line is printed before each "
              "answer and names no player")
EQUIVALENTS_OLYMPIADES_AWALE: dict[tuple[str, str, str], str] = {
    ("tour_joueur1", "ReplaceComparisonOperator_Eq_LtE", 'returnetat_jeu["nb_tours"]%2<=0'): _PARITE,
    ("tourner_plateau", "ReplaceBinaryOperator_Add_Sub", "plt[i],plt[i-6]=plt[i+6],plt[i]"): _MOINS_6,
    ("tourner_plateau", "ReplaceBinaryOperator_Add_Sub", "plt[i],plt[i+6]=plt[i-6],plt[i]"): _MOINS_6,
    ("semer_graines", "ReplaceComparisonOperator_Eq_Is", "ifcaseisc:#onsautelacased'origine"):
        "pits are 0..11: " + _IS_ENTIERS,
    ("case_ramassable", "NumberReplacer", "returnc>=6andc<=12and(plt[c]==2orplt[c]==3)"):
        _CASE_12 + ", where an honest answer may read plt[12]",
    ("test_famine", "ReplaceComparisonOperator_Eq_LtE", "returnsomme(copie,6,11)<=0"):
        "a sum of seeds is never negative: <= 0 and == 0 agree",
    ("test_case", "ReplaceComparisonOperator_Gt_NotEq", "return0<=c<=5andplt[c]!=0andnottest_famine(plt,c)"):
        _SEMIS_NATURELS,
    ("test_case", "NumberReplacer", "return-1<=c<=5andplt[c]>0andnottest_famine(plt,c)"):
        "only pit -1 tells them apart, and test_case is graded on the pits 0..11 only: the subject does not "
        "speak of negative indices (LECTURES['test_case_court_circuit'])",
    ("cases_possibles", "NumberReplacer", 'return[cforcinrange(7)iftest_case(etat_jeu["plateau"],c)]'): _CASE_6,
    ("tour_termine", "ReplaceComparisonOperator_Gt_NotEq", "returnlen(cases_possibles(etat_jeu))!=0"): _LONGUEUR,
    ("gagnant", "ReplaceComparisonOperator_Gt_NotEq", 'ifetat_jeu["score_j2"]!=etat_jeu["score_j1"]:'):
        _SCORES + "where != and > agree",
    ("gagnant", "ReplaceComparisonOperator_Gt_IsNot", 'ifetat_jeu["score_j2"]isnotetat_jeu["score_j1"]:'):
        _SCORES + "and scores are 0..48: " + _IS_ENTIERS,
    ("gagnant", "ZeroIterationForLoop", "foriin[]:"):
        "the board may be emptied or left as it is: the subject does not say (Q13's spec accepts both, "
        "LECTURES['gagnant_vide_le_plateau']); the scores are added all the same",
    **{("awale", operateur, ligne): _AFFICHAGE for operateur, ligne in (
        ("ReplaceUnaryOperator_USub_UAdd", "print(plt[11:5:+1])#lecampadverse,ludedroiteàgauche"),
        ("ReplaceUnaryOperator_USub_Invert", "print(plt[11:5:~1])#lecampadverse,ludedroiteàgauche"),
        ("ReplaceUnaryOperator_Delete_USub", "print(plt[11:5:1])#lecampadverse,ludedroiteàgauche"),
        ("NumberReplacer", "print(plt[12:5:-1])#lecampadverse,ludedroiteàgauche"),
        ("NumberReplacer", "print(plt[10:5:-1])#lecampadverse,ludedroiteàgauche"),
        ("NumberReplacer", "print(plt[11:6:-1])#lecampadverse,ludedroiteàgauche"),
        ("NumberReplacer", "print(plt[11:4:-1])#lecampadverse,ludedroiteàgauche"),
        ("NumberReplacer", "print(plt[11:5:-2])#lecampadverse,ludedroiteàgauche"),
        ("NumberReplacer", "print(plt[1:6])#lecampdujoueurcourant"),
        ("NumberReplacer", "print(plt[-1:6])#lecampdujoueurcourant"),
        ("NumberReplacer", "print(plt[0:7])#lecampdujoueurcourant"),
        ("NumberReplacer", "print(plt[0:5])#lecampdujoueurcourant"))},
}

_TRIEE = ("a position is a sorted list of piles (the practical's definition, and every hidden case) and i < j: "
          "x[i] <= x[j], so ci <= cj")
_PROFONDEUR = ("a depth is never negative: the practical calls with p >= 0 (every hidden case) and the recursion "
               "stops at 0, so p <= 0 and p == 0 agree")
_HASARD = ("index -1 is the last allowed choice: every result is still allowed and every allowed choice still "
           "comes out, only the frequencies change (the last one twice as often); the practical says « au "
           "hasard » without asking a uniform draw, and the grading judges the outcomes, not their frequencies "
           "(LECTURES['hasard'])")
_TEXTE_LIBRE = ("only the positions printed and the announcement on the first line are read (LECTURES['affichage']: "
                "the rest of the text is free); the winner is read from the number of moves, so the player numbers "
                "printed beside each move and in the last line are free text")
EQUIVALENTS_ATTRACTEURS: dict[tuple[str, str, str], str] = {
    ("empile", "ReplaceComparisonOperator_Eq_GtE", "ifci>=cjorhi==hj:"): _TRIEE + ": ci >= cj is ci == cj",
    ("empile", "ReplaceComparisonOperator_NotEq_Lt", "ifci<cj:#deuxcouleurs:x[j]poséesurx[i]donneuneautreposition"):
        _TRIEE + ": ci != cj is ci < cj",
    ("Tuple", "ReplaceComparisonOperator_NotEq_IsNot", "iftype(L)isnotlist:"):
        "types compare by identity (type's == is object's): != and `is not` agree on every value",
    ("graphe", "ReplaceComparisonOperator_NotEq_Gt", "whilelen(file)>0:"): _LONGUEUR,
    ("sommets_12", "ReplaceBinaryOperator_Mul_BitAnd", "n=C&N"):
        "only n % 2 is used, and C * N and C & N are odd exactly when C and N both are",
    ("sommets_12", "ReplaceComparisonOperator_Eq_Is", "iflen(x)%2isn%2:"): "both sides are 0 or 1: " + _IS_ENTIERS,
    ("dico_gagnant_opt", "ReplaceBreakWithContinue", "continue"):
        "the remaining successors are studied too, each once (memoised): the same dict, and the calls stay within "
        "one per vertex and per edge, the bound of LECTURES['memo']; the practical does not ask to stop at the "
        "first losing successor",
    ("init_attracteurs", "ReplaceComparisonOperator_Eq_LtE", "iflen(G[x])<=0:"): _LONGUEUR,
    ("cond_2", "ReplaceComparisonOperator_Eq_LtE", "iflen(successeurs)<=0:"): _LONGUEUR,
    ("strategie_opt", "ReplaceComparisonOperator_Eq_LtE", "iflen(successeurs)<=0:"): _LONGUEUR,
    ("strategie_opt", "ReplaceComparisonOperator_Eq_LtE", "iflen(choix)<=0:"): _LONGUEUR,
    ("strategie_opt", "NumberReplacer", "returnchoix[random.randint(-1,len(choix)-1)]"): _HASARD,
    **{(fonction, f"ReplaceBinaryOperator_Sub_{operateur}", f"joueur=3{signe}joueur"): _TEXTE_LIBRE
       for fonction in ("jeu", "jeu_h")
       for operateur, signe in (("Add", "+"), ("Mul", "*"), ("Div", "/"), ("FloorDiv", "//"), ("RShift", ">>"),
                                ("BitOr", "|"), ("BitAnd", "&"), ("BitXor", "^"))},
    **{(fonction, "NumberReplacer", ligne): _TEXTE_LIBRE for fonction in ("jeu", "jeu_h")
       for ligne in ("joueur=2", "joueur=0", "joueur=4-joueur", "joueur=2-joueur")},
    ("jeu", "ReplaceComparisonOperator_Gt_NotEq", "whilelen(G[Tuple(x)])!=0:"): _LONGUEUR,
    ("jeu_h", "ReplaceComparisonOperator_Gt_NotEq", "whilelen(coups(x))!=0:"): _LONGUEUR,
    ("h", "ReplaceComparisonOperator_Eq_LtE", "iflen(coups(x))<=0:"): _LONGUEUR,
    ("min_max", "ReplaceComparisonOperator_Eq_LtE", "iflen(Lc)<=0orp==0:"): _LONGUEUR,
    ("min_max", "ReplaceComparisonOperator_Eq_LtE", "iflen(Lc)==0orp<=0:"): _PROFONDEUR,
    ("min_max_opt", "ReplaceComparisonOperator_Eq_LtE", "iflen(Lc)<=0orp==0:"): _LONGUEUR,
    ("min_max_opt", "ReplaceComparisonOperator_Eq_LtE", "iflen(Lc)==0orp<=0:"): _PROFONDEUR,
    ("choix_ind_max", "ReplaceComparisonOperator_Eq_GtE", "ifL[i]>=maxi:"):
        "maxi is max(L): no element is greater, so >= maxi is == maxi (numbers: a total order)",
    ("choix_ind_max", "NumberReplacer", "returnindices[random.randint(-1,len(indices)-1)]"): _HASARD,
    ("strategie_h", "ReplaceComparisonOperator_Eq_LtE", "iflen(Lc)<=0:"): _LONGUEUR,
    ("strategie_h", "ReplaceComparisonOperator_Eq_LtE", "ifp<=0:"): _PROFONDEUR,
    ("strategie_h", "NumberReplacer", "returnLc[random.randint(-1,len(Lc)-1)]"): _HASARD,
}

_BORNE_8 = ("a cell's coordinates are 0..7 (every valid input) and a step moves them by -1, 0 or 1, the line is "
            "followed from inside the board and stopped at its first cell outside: a coordinate never exceeds 8, "
            "so < 8 and != 8 agree")
_CASES_VALEURS = "the cells hold 0, 1 or -1 and j is 1 or -1: " + _IS_ENTIERS
_EX_AEQUO = ("on a tie of values it keeps the last move of the best value: the paper asks one move of the best value "
             "and Q16–Q18 accept any (LECTURES['q16_l_et_ex_aequo'])")
_N_POSITIF = "a depth n is >= 1 (the paper starts at n >= 1 and the recursion stops at 1): n <= 1 is n == 1"
EQUIVALENTS_OTHELLO: dict[tuple[str, str, str], str] = {
    ("cases_voisines", "ReplaceComparisonOperator_Lt_NotEq", "if(dx,dy)!=(0,0)and0<=x+dx!=8and0<=y+dy<8:"): _BORNE_8,
    ("cases_voisines", "ReplaceComparisonOperator_Lt_NotEq", "if(dx,dy)!=(0,0)and0<=x+dx<8and0<=y+dy!=8:"): _BORNE_8,
    ("cases_frontieres", "ReplaceComparisonOperator_NotEq_IsNot",
     "ifp[v[0]][v[1]]==0andvisnotcandnotdeja[v[0]][v[1]]:"):
        "v is a neighbour of c, never c itself: v != c and v is not c are both always true",
    ("cases_frontieres", "ReplaceTrueWithFalse", "deja[v[0]][v[1]]=False"):
        "the eight neighbours of c are distinct cells: a neighbour added is never met again in this loop",
    ("cases_frontieres", "NumberReplacer", "foriinrange(9):"):
        "a larger table of marks: only its rows 0..7 are read or written (cells of the board)",
    ("cases_frontieres", "NumberReplacer", "deja.append([False]*9)"):
        "a larger table of marks: only its columns 0..7 are read or written (cells of the board)",
    ("est_direction_possible", "ReplaceComparisonOperator_Eq_Is", "while0<=h<8and0<=k<8andp[h][k]is-j:"):
        _CASES_VALEURS,
    ("est_direction_possible", "ReplaceComparisonOperator_Eq_Is", "return0<=h<8and0<=k<8andp[h][k]isj"):
        _CASES_VALEURS,
    ("est_direction_possible", "ReplaceComparisonOperator_NotEq_IsNot",
     "ifnot(0<=h<8and0<=k<8)orp[h][k]isnot-j:"): _CASES_VALEURS,
    **{("est_direction_possible", "ReplaceComparisonOperator_Lt_NotEq", ligne): _BORNE_8 for ligne in (
        "ifnot(0<=h!=8and0<=k<8)orp[h][k]!=-j:", "ifnot(0<=h<8and0<=k!=8)orp[h][k]!=-j:",
        "while0<=h!=8and0<=k<8andp[h][k]==-j:", "while0<=h<8and0<=k!=8andp[h][k]==-j:",
        "return0<=h!=8and0<=k<8andp[h][k]==j", "return0<=h<8and0<=k!=8andp[h][k]==j")},
    ("directions_possibles", "ReplaceComparisonOperator_NotEq_IsNot",
     "if(dx,dy)isnot(0,0)andest_direction_possible(p,c,(dx,dy),j):"):
        "direction (0, 0) let through is never possible: it looks at c itself, which is empty (the paper calls it "
        "on a frontier cell; every valid input, the spec's valide)",
    ("cases_jouables", "ReplaceComparisonOperator_NotEq_Gt", "iflen(directions_possibles(p,c,j))>0:"): _LONGUEUR,
    ("capturer", "ReplaceComparisonOperator_Eq_Is", "whilep[h][k]is-j:"): _CASES_VALEURS,
    ("ia_naive", "ReplaceComparisonOperator_Gt_GtE", "ifvaleurisNoneorj*v>=j*valeur:"): _EX_AEQUO,
    ("ia_minmax", "ReplaceComparisonOperator_Gt_GtE", "ifvaleurisNoneorj*v>=j*valeur:"): _EX_AEQUO,
    ("ia_minmax_tp", "ReplaceComparisonOperator_Gt_GtE", "ifvaleurisNoneorj*v>=j*valeur:"): _EX_AEQUO,
    ("ia_minmax", "ReplaceComparisonOperator_Eq_LtE", "ifn<=1:"): _N_POSITIF,
    ("ia_minmax_tp", "ReplaceComparisonOperator_Eq_LtE", "ifn<=1:"): _N_POSITIF,
    ("ia_minmax_tp", "ReplaceComparisonOperator_Gt_NotEq", "ifn!=1:"): _N_POSITIF,
    ("ia_minmax_tp", "ReplaceComparisonOperator_Eq_LtE", "iflen(cases)<=0:"): _LONGUEUR,
    ("ia_minmax_tp", "ReplaceComparisonOperator_Lt_NotEq", "ifs!=0:"):
        "reached only when s > 0 is false: there s != 0 is s < 0",
    ("ia_minmax_tp", "NumberReplacer", "ifn>2:"):
        "at n = 2 the player who passes hands over depth n - 1 = 1, which is the depth of the other branch",
    ("ia_minmax_tp", "ReplaceTrueWithFalse", "return(None,ia_minmax_tp(p,l,f,-j,n-1,False)[1])"):
        "when both players are blocked they pass in turn, down to depth 1, whose call passes tp = True: the same "
        "end of game on the same board, so the same value; when only j is blocked the opponent plays and tp is "
        "not read",
    **{("encode", f"ReplaceBinaryOperator_Add_{op}", f"e=e+(1+p[i][j])*3**(8*i{signe}j)"):
       "j is 0..7 and 8 * i has its three low bits at 0: | and ^ add j" for op, signe in (("BitOr", "|"), ("BitXor", "^"))},
    **{("decode", "NumberReplacer", f"p.append([{v}]*8)"):
       "the first value of each cell is overwritten: the loop over the 64 digits sets every cell" for v in (1, -1)},
    ("Q22", "DISTINCT ajouté",
     "SELECTDISTINCTcaseX,caseYFROMplateauxWHEREcodePlateau=3917277946ANDjoueurActif=1ANDprofondeur=(SELECTMAX("
     "profondeur)FROMplateauxWHEREcodePlateau=3917277946ANDjoueurActif=1)"):
        "the table holds each move an AI studied once per board, player and depth (the paper's reading; neither "
        "database of sql.donnees repeats a row): the cells at the deepest level are already distinct",
    ("Q23", "DISTINCT ajouté",
     "SELECTDISTINCTAVG(score)FROMpartiesASpJOINjoueursASjONj.idJoueur=p.joueurs_idJ1WHEREnomComplet='BethHarmon'"):
        "an aggregate without GROUP BY returns one row: DISTINCT changes nothing",
}

EQUIVALENTS: dict[str, dict[tuple[str, str, str], str]] = {
    CCINP: EQUIVALENTS_CCINP,
    OLYMPIADES_IMAGES: EQUIVALENTS_OLYMPIADES_IMAGES,
    OLYMPIADES_AWALE: EQUIVALENTS_OLYMPIADES_AWALE,
    ATTRACTEURS: EQUIVALENTS_ATTRACTEURS,
    OTHELLO: EQUIVALENTS_OTHELLO,
}

# Survivors that are NOT equivalent but that the hidden data cannot show: they stay survivors in the
# figures, with the data that would kill them.
HORS_DE_PORTEE: dict[str, dict[tuple[str, str, str], str]] = {
    # The CCINP has none since its libraries have namesakes (awale_ref.library._homonymes): the
    # `SELECT DISTINCT` mutants of Q24 and Q25 survived before.
}


# ---------------------------------------------------------------- the subject
def sujet_nomme(nom: str) -> Sujet:
    """The subject named on the command line: its grading module (dotted), the name of its folder under
    ``awale_ref.sujets``, or one of its assignments."""
    import importlib.util

    module = nom if "." in nom else f"awale_ref.sujets.{nom}"
    try:
        trouve = importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        trouve = False
    if trouve:
        return sujet_du_module(module)
    if "." not in nom:
        from pipeline import build

        if nom in build.ASSIGNMENTS:
            return build.sujet_de(nom)
    raise ValueError(f"{nom!r} names no subject: give its grading module (e.g. awale_ref.sujets.ccinp_2024), the name of "
                     f"its folder under awale_ref.sujets, or one of its assignments")


def equivalents(sujet: Sujet) -> dict[tuple[str, str, str], str]:
    return EQUIVALENTS.get(sujet.nom, {})


def hors_de_portee(sujet: Sujet) -> dict[tuple[str, str, str], str]:
    return HORS_DE_PORTEE.get(sujet.nom, {})


@dataclass
class Mutant:
    question: str
    cible: str          # the reference function, or the SQL question
    operateur: str
    occurrence: int
    original: str
    mute: str
    sujet: Sujet = field(repr=False, compare=False)

    def ligne(self) -> str:
        """The first line that differs, without spaces (stable across runs and reformatting)."""
        for avant, apres in zip(self.original.splitlines(), self.mute.splitlines()):
            if avant != apres:
                return re.sub(r"\s+", "", apres)
        return re.sub(r"\s+", "", self.mute)[:120]

    def cle(self) -> tuple[str, str, str]:
        return (self.cible, self.operateur, self.ligne())

    def diff(self) -> str:
        return "".join(difflib.unified_diff(self.original.splitlines(True), self.mute.splitlines(True),
                                            f"{self.cible} (référence)", f"{self.cible} (mutant)", n=1))


# ---------------------------------------------------------------- what is graded by which question
def _genre(sujet: Sujet, classe: type) -> Any:
    """The subject's kind of question of class ``classe`` (``awale_ref.grading.types_question``), or None."""
    return next((g for g in sujet.types_de_question if isinstance(g, classe)), None)


def questions_sql(sujet: Sujet) -> tuple[str, ...]:
    """The subject's SQL questions (its ``QuestionsSQL`` kind's)."""
    genre = _genre(sujet, QuestionsSQL)
    return genre.questions if genre is not None else ()


def questions_des_fonctions(sujet: Sujet) -> dict[str, str]:
    """Reference function -> the question that grades it (its specs, and its Q21-like question)."""
    return {nom: q for q in sujet.questions if (nom := sujet.nom_note(q))}


def non_notees(sujet: Sujet) -> list[str]:
    """The public functions of the reference module that no question grades (each needs a reason in
    ``NON_NOTEES``)."""
    reference = sujet.reference()
    notees = questions_des_fonctions(sujet)
    return [nom for nom, valeur in vars(reference).items()
            if isinstance(valeur, types.FunctionType) and valeur.__module__ == reference.__name__
            and not nom.startswith("_") and nom not in notees]


def source_de(sujet: Sujet, nom: str) -> str:
    return inspect.getsource(getattr(sujet.reference(), nom))


# ---------------------------------------------------------------- Python mutants (cosmic-ray)
def operateurs() -> list[tuple[str, object]]:
    from cosmic_ray.plugins import get_operator, operator_names

    res = []
    for nom in operator_names():
        if any(s in nom for s in SANS_ARGUMENTS):
            continue
        res.append((nom.split("/", 1)[1], get_operator(nom)()))
    return res


def mutants_python(sujet: Sujet, noms: list[str]) -> list[Mutant]:
    from cosmic_ray.mutating import mutate_code

    table = questions_des_fonctions(sujet)
    res = []
    ops = operateurs()
    for nom in noms:
        source = source_de(sujet, nom)
        for op_nom, op in ops:
            occurrence = 0
            while True:
                mute = mutate_code(source, op, occurrence)
                if mute is None:
                    break
                if _sans_effet(source, mute):  # a docstring or a comment changed: not a mutant
                    occurrence += 1
                    continue
                res.append(Mutant(table[nom], nom, op_nom, occurrence, source, mute, sujet))
                occurrence += 1
    return res


def _sans_effet(source: str, mute: str) -> bool:
    def code(texte: str) -> str:
        arbre = ast.parse(texte)
        for noeud in ast.walk(arbre):  # drop docstrings
            if isinstance(noeud, (ast.FunctionDef, ast.Module)) and noeud.body and isinstance(
                    noeud.body[0], ast.Expr) and isinstance(getattr(noeud.body[0], "value", None), ast.Constant):
                noeud.body = noeud.body[1:] or [ast.Pass()]
        return ast.dump(arbre)

    try:
        return code(source) == code(mute)
    except SyntaxError:
        return False


def fonction_mutante(mutant: Mutant) -> types.FunctionType:
    """The mutated function, its globals a copy of the reference module (every other function the reference)."""
    espace = dict(vars(mutant.sujet.reference()))
    espace["__name__"] = "__main__"
    exec(compile(mutant.mute, f"<mutant {mutant.cible}>", "exec"), espace)
    return espace[mutant.cible]


# ---------------------------------------------------------------- SQL mutants (hand-written operators)
def _plus(delta: int):
    return lambda m: m.group(0).replace(m.group(1), str(int(m.group(1)) + delta))


SQL_OPERATEURS: list[tuple[str, str, object]] = [
    # name, regex, replacement (a string, or a function of the match); each occurrence mutated on its own
    ("DESC→ASC", r"\bDESC\b", "ASC"),
    ("ordre supprimé", r"\s+ORDER BY \w+(\s+(ASC|DESC))?", ""),
    ("LIMIT n+1", r"\bLIMIT (\d+)", _plus(1)),
    ("LIMIT n-1", r"\bLIMIT (\d+)", _plus(-1)),
    (">→>=", r"(?<![<>=!])>(?!=)", ">="),
    (">→<", r"(?<![<>=!])>(?!=)", "<"),
    ("=→<>", r"(?<![<>=!])=(?!=)", "<>"),
    ("constante +1", r"(?<![\w.'%])(\d+)(?![\w.'%])", _plus(1)),
    ("constante -1", r"(?<![\w.'%])(\d+)(?![\w.'%])", _plus(-1)),
    ("COUNT(*)→COUNT(*)+1", r"COUNT\(\*\)", "(COUNT(*)+1)"),
    ("DISTINCT ajouté", r"^SELECT ", "SELECT DISTINCT "),
    ("AND→OR", r"\bAND\b", "OR"),
    ("HAVING supprimé", r"\s+HAVING .*?(?=\s+ORDER|$)", ""),
    ("WHERE supprimé", r"\s+WHERE .*?(?=\s+GROUP|\s+ORDER|\)|$)", ""),
    ("LIKE 'a%'→'%a%'", r"LIKE 'a%'", "LIKE '%a%'"),
    ("jointure sur joueur2", r"id_joueur1", "id_joueur2"),
]


def _remplacer(requete: str, motif: str, remplacement: object, occurrence: int) -> str | None:
    trouves = list(re.finditer(motif, requete))
    if occurrence >= len(trouves):
        return None
    m = trouves[occurrence]
    texte = remplacement(m) if callable(remplacement) else remplacement
    return requete[:m.start()] + texte + requete[m.end():]


def mutants_sql(sujet: Sujet, questions: list[str]) -> list[Mutant]:
    """The mutants of the reference queries (the subject's SQL module's ``REQUETES``, else the CCINP's
    ``library.REQUETES``: the queries its SQL module grades against)."""
    if not questions:  # a subject without SQL has no SQL module to read
        return []
    res = []
    if not questions:
        return res
    requetes = getattr(_genre(sujet, QuestionsSQL).sql(), "REQUETES", library.REQUETES)
    for question in questions:
        requete = requetes[question]
        for op_nom, motif, remplacement in SQL_OPERATEURS:
            occurrence = 0
            while (mute := _remplacer(requete, motif, remplacement, occurrence)) is not None:
                if mute != requete:
                    res.append(Mutant(question, question, op_nom, occurrence, requete, mute, sujet))
                occurrence += 1
    return res


# ---------------------------------------------------------------- grading one mutant
def _juger(mutant: Mutant, attendus: dict) -> bool:
    """``True`` when the question's hidden test kills the mutant (not every point given)."""
    sujet = mutant.sujet
    genre = sujet.type_de(mutant.question)
    if isinstance(genre, QuestionsSQL):
        return not genre.sql().preparer(mutant.question)(mutant.mute).ok
    try:
        fonction = fonction_mutante(mutant)
    except Exception:
        return True  # does not even compile: a student's notebook would fail
    if isinstance(genre, PartieEntiere):
        return not genre.verifier(fonction, sujet.reference()).ok
    spec = sujet.specs[mutant.question]
    cas, obs = attendus[mutant.question]
    return checks.verifier(spec, fonction, cas, sujet.reference(), attendus=obs).part < 1


def juger(mutant: Mutant, attendus: dict) -> str:
    """``tué``, ``survivant`` or ``délai`` (killed: the real grader fails a question that times out).

    In a forked child, in its own process group, so that a mutant that
    loops, recurses forever or corrupts the interpreter costs only itself.
    The deadline is kept by the parent (an alarm in the child cannot stop a
    long SQLite query, and anything the child starts would hold the pipe
    open): past it, the whole group is killed.
    """
    lecture, ecriture = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.setpgid(0, 0)
        os.close(lecture)
        try:
            signal.alarm(DELAI_S)
            with contextlib.redirect_stdout(io.StringIO()):
                resultat = "tué" if _juger(mutant, attendus) else "survivant"
        except BaseException:
            resultat = "tué"
        os.write(ecriture, resultat.encode())
        os._exit(0)
    os.close(ecriture)
    resultat = b""
    limite = time.monotonic() + DELAI_S + 5
    try:
        while (reste := limite - time.monotonic()) > 0:
            if not select.select([lecture], [], [], reste)[0]:
                break
            morceau = os.read(lecture, 64)
            if not morceau:
                break
            resultat += morceau
    finally:
        os.close(lecture)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    return resultat.decode() or "délai"


def attendus_de(sujet: Sujet, questions: list[str]) -> dict:
    """The hidden cases and the reference's observations of each question, computed once."""
    res = {}
    reference = sujet.reference()
    with contextlib.redirect_stdout(io.StringIO()):
        if any(q in questions_sql(sujet) for q in questions):
            _genre(sujet, QuestionsSQL).sql().base_cachee()  # the hidden database built here, once, never inside a mutant's child
        for q in questions:
            if q in sujet.specs:
                spec = sujet.specs[q]
                cas = spec.cas()
                res[q] = (cas, [spec.attendu(c, reference) for c in cas])
    return res


# ---------------------------------------------------------------- the run
def _rang(sujet: Sujet, question: str) -> int:
    return sujet.questions.index(question)


def tous_les_mutants(sujet: Sujet, questions: list[str] | None = None) -> list[Mutant]:
    table = questions_des_fonctions(sujet)
    noms = [n for n, q in table.items() if questions is None or q in questions]
    noms.sort(key=lambda n: _rang(sujet, table[n]))
    sql_q = [q for q in questions_sql(sujet) if questions is None or q in questions]
    return mutants_python(sujet, noms) + mutants_sql(sujet, sql_q)


def verdict(mutant: Mutant, attendus: dict) -> str:
    """``équivalent`` for a mutant listed in ``EQUIVALENTS``, else its grading (:func:`juger`)."""
    return "équivalent" if mutant.cle() in equivalents(mutant.sujet) else juger(mutant, attendus)


def executer(sujet: Sujet, questions: list[str] | None = None
             ) -> tuple[list[tuple[Mutant, str]], dict[str, float]]:
    """Grade every mutant; return the verdicts and the time spent per question (seconds)."""
    mutants = tous_les_mutants(sujet, questions)
    attendus = attendus_de(sujet, sorted({m.question for m in mutants}))
    res, durees = [], {}
    for n, m in enumerate(mutants, 1):
        if n % 50 == 0:
            print(f"{n}/{len(mutants)} mutants", file=sys.stderr, flush=True)
        debut = time.perf_counter()
        res.append((m, verdict(m, attendus)))
        durees[m.question] = durees.get(m.question, 0.0) + time.perf_counter() - debut
    return res, durees


def rapport(sujet: Sujet, resultats: list[tuple[Mutant, str]], durees: dict[str, float],
            questions: list[str] | None = None) -> str:
    lignes = ["| question | fonction | mutants | tués | dont délai | équivalents | survivants | "
              "taux (hors équivalents) | durée |",
              "|---|---|---|---|---|---|---|---|---|"]
    par_q: dict[str, list[tuple[Mutant, str]]] = {}
    for m, r in resultats:
        par_q.setdefault(m.question, []).append((m, r))
    total = {"n": 0, "tues": 0, "eq": 0}
    for q in sorted(par_q, key=lambda q: _rang(sujet, q)):
        liste = par_q[q]
        tues = sum(1 for _, r in liste if r in ("tué", "délai"))
        eq = sum(1 for _, r in liste if r == "équivalent")
        surv = len(liste) - tues - eq
        taux = tues / (len(liste) - eq) if len(liste) > eq else 1.0
        delais = sum(1 for _, r in liste if r == "délai")
        lignes.append(f"| {q} | {liste[0][0].cible} | {len(liste)} | {tues} | {delais} | {eq} | {surv} | {taux:.1%} "
                      f"| {durees.get(q, 0):.0f} s |")
        total["n"] += len(liste)
        total["tues"] += tues
        total["eq"] += eq
    taux = total["tues"] / (total["n"] - total["eq"]) if total["n"] > total["eq"] else 1.0
    delais = sum(1 for _, r in resultats if r == "délai")
    lignes.append(f"| **total** | | {total['n']} | {total['tues']} | {delais} | {total['eq']} | "
                  f"{total['n'] - total['tues'] - total['eq']} | **{taux:.1%}** | {sum(durees.values()):.0f} s |")
    table = questions_des_fonctions(sujet)
    sans = ", ".join(f"{q} `{nom}`" for nom, q in table.items()
                     if q not in par_q and (questions is None or q in questions)) or "aucune"
    raisons = NON_NOTEES.get(sujet.nom, {})
    autres = "; ".join(f"`{n}` ({raisons.get(n, 'à examiner')})" for n in non_notees(sujet)) or "aucune"
    lignes += ["", f"Durée : {sum(durees.values()):.0f} s (un processus, délai de {DELAI_S} s par mutant).", "",
               f"Fonctions notées sans mutant (aucun opérateur ne s'applique à leur code) : {sans}.", "",
               f"Fonctions de la référence non notées par une question : {autres}."]
    for titre, etat, explication in (
            ("Survivants", "survivant", "Not one point lost on the hidden corpus: a missing case, or an equivalent "
                                        "mutant not yet listed."),
            ("Équivalents", "équivalent", "Listed in `EQUIVALENTS` with the reason no allowed input tells them apart."),
            ("Délais", "délai", f"Still running after {DELAI_S} s: endless loops, killed by the grader's time limit.")):
        liste = [m for m, r in resultats if r == etat]
        lignes += ["", f"## {titre} ({len(liste)})", "", explication, ""]
        for m in liste:
            raison = f" — {equivalents(sujet).get(m.cle()) or hors_de_portee(sujet).get(m.cle()) or 'à examiner'}" \
                if etat in ("équivalent", "survivant") else ""
            lignes += [f"### {m.question} `{m.cible}` — {m.operateur} #{m.occurrence}{raison}", "", "```diff",
                       m.diff().rstrip(), "```", ""]
    return "\n".join(lignes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sujet", required=True,
                        help="the subject: its grading module (e.g. awale_ref.sujets.olympiades_2025_images), "
                             "its folder's name under awale_ref.sujets, or one of its assignments")
    parser.add_argument("--questions", nargs="*", help="only these questions (e.g. Q8 Q25)")
    parser.add_argument("--rapport", type=Path, help="also write the report (Markdown) here")
    args = parser.parse_args()
    try:
        sujet = sujet_nomme(args.sujet)
    except ValueError as exc:
        parser.error(str(exc))
    inconnues = set(args.questions or ()) - set(questions_des_fonctions(sujet).values()) - set(questions_sql(sujet))
    if inconnues:
        parser.error(f"no mutated question {sorted(inconnues)} in {sujet.nom}")
    resultats, durees = executer(sujet, args.questions)
    texte = rapport(sujet, resultats, durees, args.questions)
    print(texte)
    if args.rapport:
        args.rapport.parent.mkdir(parents=True, exist_ok=True)
        questions = " --questions " + " ".join(args.questions) if args.questions else ""
        args.rapport.write_text(f"# Mutation testing of the hidden tests — {sujet.nom}\n\nCommand: `nice -n 10 "
                                f".venv/bin/python benchmarks/bench_mutation.py --sujet {args.sujet}{questions}"
                                f" --rapport {args.rapport}`\n\n{texte}\n", encoding="utf-8")


if __name__ == "__main__":
    main()
