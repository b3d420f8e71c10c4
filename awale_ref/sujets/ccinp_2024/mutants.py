"""What ``benchmarks/bench_mutation.py`` does not count as a survivor of this subject (the tables are described in
:mod:`awale_ref.grading.correcteur.equivalences`). Read by the benchmark and its test only: never shipped."""

from __future__ import annotations

from awale_ref.equivalences_awale import CASE_12, CASE_6, MOINS_6, SCORES, SEMIS_NATURELS
from awale_ref.grading.correcteur.equivalences import IS_ENTIERS, LONGUEUR, PARITE

NON_NOTEES: dict[str, str] = {
    "initialisation": "given by the exam (Part II's notebooks supply it, read-only)",
    "affiche": "given by the exam (prints the board; no question grades a drawing)",
    "awale_jcj": "given by the exam (the human game loop, reads input())",
}

_NOMS = ("gagnant returns the very object jeu['joueur1'] or jeu['joueur2'] (or the literal \"égalité\"), and "
         "the two names differ: `is` agrees with ==")

EQUIVALENTS: dict[tuple[str, str, str], str] = {
    ("tour_joueur1", "ReplaceComparisonOperator_Eq_LtE", "returnjeu['n']%2<=0"): PARITE,
    ("tourner_plateau", "NumberReplacer", "plateau[0:13]=plateau[6:12]+plateau[0:6]"):
        "the board has 12 pits: the slice [0:13] is the slice [0:12]",
    ("tourner_plateau", "NumberReplacer", "plateau[0:12]=plateau[6:13]+plateau[0:6]"):
        "the board has 12 pits: the slice [6:13] is the slice [6:12]",
    ("deplacer_graines", "ReplaceComparisonOperator_NotEq_IsNot", "ifindiceisnotcase:"):
        "pits are 0..11: " + IS_ENTIERS,
    ("deplacer_graines", "ReplaceComparisonOperator_Gt_NotEq", "whilegraines!=0:"):
        "the seeds to sow start at plateau[case] >= 0 and go down by one: " + SEMIS_NATURELS,
    ("case_ramassable", "NumberReplacer", "return6<=case<=12and(plateau[case]==2orplateau[case]==3)"): CASE_12,
    ("test_famine", "ReplaceBinaryOperator_Add_BitOr", "total_adversaire=total_adversaire|essai[indice]"):
        "the total is only compared with 0, and an OR of counts >= 0 is 0 exactly when their sum is 0",
    ("test_famine", "ReplaceComparisonOperator_Gt_NotEq", "returntotal_adversaire!=0"): SEMIS_NATURELS,
    ("test_case", "ReplaceComparisonOperator_Gt_NotEq", "test=0<=case<=5andplateau[case]!=0andcondition3"):
        SEMIS_NATURELS,
    ("cases_possibles", "NumberReplacer", "forcaseinrange(7):"): CASE_6,
    ("tour_suivant", "ReplaceComparisonOperator_Gt_NotEq", "returnlen(cases_possibles(jeu))!=0"): LONGUEUR,
    ("gagnant", "ReplaceBinaryOperator_Add_Sub", "camp_adverse=camp_adverse+jeu['plateau'][indice-6]"): MOINS_6,
    ("gagnant", "ReplaceBinaryOperator_Add_Sub", "jeu['plateau'][indice-6]=0"): MOINS_6,
    ("gagnant", "ReplaceComparisonOperator_Gt_NotEq", "ifjeu['score'][1]!=jeu['score'][0]:"):
        SCORES + "where != and > agree",
    ("gagnant", "ReplaceComparisonOperator_Gt_IsNot", "ifjeu['score'][1]isnotjeu['score'][0]:"):
        SCORES + "and scores are 0..48: " + IS_ENTIERS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_GtE", "elifprofondeur>=profondeur_max:#Condition2"):
        "profondeur never exceeds profondeur_max: the exam starts at 0 and the recursion stops at equality",
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "if(tour_joueur1(jeu)andgagnant(jeu)isjeu['joueur1'])or\\"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "(not(tour_joueur1(jeu))andgagnant(jeu)isjeu['joueur2']):"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "elif(tour_joueur1(jeu)andgagnant(jeu)isjeu['joueur2'])or\\"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "(not(tour_joueur1(jeu))andgagnant(jeu)isjeu['joueur1']):"): _NOMS,
    ("NegaAwale", "ReplaceComparisonOperator_Eq_Is", "elifprofondeurisprofondeur_max:#Condition2"):
        "depths are small: " + IS_ENTIERS,
    ("max_vals", "ReplaceComparisonOperator_Eq_LtE", "ifprofondeur<=0:"):
        "a depth is never negative (NegaAwale passes 0, 1, 2, ...)",
    ("Q22", "DISTINCT ajouté", "SELECTDISTINCTid_JoueurFROMJoueurWHEREniveau>1900"):
        "id_Joueur is the primary key: its values are already distinct",
    ("Q23", "DISTINCT ajouté",
     "SELECTDISTINCT100.0*COUNT(*)/(SELECTCOUNT(*)FROMPartieWHEREjeuLIKE'a%')FROMPartieWHEREjeuLIKE'a%'ANDresultat=1"):
        "an aggregate without GROUP BY returns one row: DISTINCT changes nothing",
}

HORS_DE_PORTEE: dict[tuple[str, str, str], str] = {}

SANS_MUTANT: dict[str, str] = {}
TUES_PAR_DES_CAS_AJOUTES: tuple[tuple[str, str, str], ...] = ()
