"""What ``benchmarks/bench_mutation.py`` does not count as a survivor of this subject (the tables are described in
:mod:`awale_ref.grading.correcteur.equivalences`). Read by the benchmark and its test only: never shipped."""

from __future__ import annotations

from awale_ref.equivalences_awale import CASE_12, CASE_6, MOINS_6, SCORES, SEMIS_NATURELS
from awale_ref.grading.correcteur.equivalences import IS_ENTIERS, LONGUEUR, PARITE

NON_NOTEES: dict[str, str] = {
    "initialisation": "given by the subject (its code is printed in the paper; no question asks for it)",
    "vers_ccinp": "not in the subject: the course's bridge to the CCINP's game dict (widget, corpus)",
    "depuis_ccinp": "not in the subject: the course's bridge from the CCINP's game dict (corpus of the specs)",
}

_AFFICHAGE = ("the display of the board is free (LECTURES['awale_affichage']; the notebook says what is checked): "
              "only the answers read, the name of the player to move shown before each turn's first answer "
              "and the lines printed after the last answer are graded, and this line is printed before each "
              "answer and names no player")

EQUIVALENTS: dict[tuple[str, str, str], str] = {
    ("tour_joueur1", "ReplaceComparisonOperator_Eq_LtE", 'returnetat_jeu["nb_tours"]%2<=0'): PARITE,
    ("tourner_plateau", "ReplaceBinaryOperator_Add_Sub", "plt[i],plt[i-6]=plt[i+6],plt[i]"): MOINS_6,
    ("tourner_plateau", "ReplaceBinaryOperator_Add_Sub", "plt[i],plt[i+6]=plt[i-6],plt[i]"): MOINS_6,
    ("semer_graines", "ReplaceComparisonOperator_Eq_Is", "ifcaseisc:#onsautelacased'origine"):
        "pits are 0..11: " + IS_ENTIERS,
    ("case_ramassable", "NumberReplacer", "returnc>=6andc<=12and(plt[c]==2orplt[c]==3)"):
        CASE_12 + ", where an honest answer may read plt[12]",
    ("test_famine", "ReplaceComparisonOperator_Eq_LtE", "returnsomme(copie,6,11)<=0"):
        "a sum of seeds is never negative: <= 0 and == 0 agree",
    ("test_case", "ReplaceComparisonOperator_Gt_NotEq", "return0<=c<=5andplt[c]!=0andnottest_famine(plt,c)"):
        SEMIS_NATURELS,
    ("test_case", "NumberReplacer", "return-1<=c<=5andplt[c]>0andnottest_famine(plt,c)"):
        "only pit -1 tells them apart, and test_case is graded on the pits 0..11 only: the subject does not "
        "speak of negative indices (LECTURES['test_case_court_circuit'])",
    ("cases_possibles", "NumberReplacer", 'return[cforcinrange(7)iftest_case(etat_jeu["plateau"],c)]'): CASE_6,
    ("tour_termine", "ReplaceComparisonOperator_Gt_NotEq", "returnlen(cases_possibles(etat_jeu))!=0"): LONGUEUR,
    ("gagnant", "ReplaceComparisonOperator_Gt_NotEq", 'ifetat_jeu["score_j2"]!=etat_jeu["score_j1"]:'):
        SCORES + "where != and > agree",
    ("gagnant", "ReplaceComparisonOperator_Gt_IsNot", 'ifetat_jeu["score_j2"]isnotetat_jeu["score_j1"]:'):
        SCORES + "and scores are 0..48: " + IS_ENTIERS,
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

HORS_DE_PORTEE: dict[tuple[str, str, str], str] = {}

SANS_MUTANT: dict[str, str] = {}
TUES_PAR_DES_CAS_AJOUTES: tuple[tuple[str, str, str], ...] = ()
