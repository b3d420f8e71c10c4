"""The mutants of this subject's reference that ``benchmarks/bench_mutation.py`` does not count as survivors.

- ``NON_NOTEES``: the reference's functions that no question grades, each with the reason (they are not mutated);
- ``EQUIVALENTS``: mutants that no input the paper allows tells apart from the reference, keyed by (function or
  question, operator, mutated line without spaces), each with its reason;
- ``HORS_DE_PORTEE``: survivors that are not equivalent but that only other data or another observation would
  show (they stay survivors in the figures), with the data that would kill them;
- ``SANS_MUTANT``: graded questions whose function no operator applies to, with the reason;
- ``TUES_PAR_DES_CAS_AJOUTES``: mutants that survived until hidden cases were added for them (the test keeps
  checking that those cases still kill them).

Read by the benchmark and ``tests/test_mutation.py`` only: never imported by the course, never shipped.
"""

from __future__ import annotations

from awale_ref.grading.equivalences import IS_ENTIERS, LONGUEUR, PARITE

NON_NOTEES: dict[str, str] = {
    "initialisation": "given by the exam (Part II's notebooks supply it, read-only)",
    "affiche": "given by the exam (prints the board; no question grades a drawing)",
    "awale_jcj": "given by the exam (the human game loop, reads input())",
}

_SEMIS_NATURELS = "a count of seeds is never negative, so > 0 and != 0 agree"
_MOINS_6 = "for i 0..5 the index i - 6 (-6..-1) is the same pit of the 12-pit list as i + 6"
_CASE_6 = "pit 6 is never playable: test_case (the reference, as in grading) refuses any pit > 5"
_CASE_12 = ("the paper calls case_ramassable on a pit 0..11 (ramasser_graines walks down from the last pit sown); "
            "only pit 12, outside the board, tells them apart")
_SCORES = "reached only when the first player's score is not greater than the second's, "
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
        "the seeds to sow start at plateau[case] >= 0 and go down by one: " + _SEMIS_NATURELS,
    ("case_ramassable", "NumberReplacer", "return6<=case<=12and(plateau[case]==2orplateau[case]==3)"): _CASE_12,
    ("test_famine", "ReplaceBinaryOperator_Add_BitOr", "total_adversaire=total_adversaire|essai[indice]"):
        "the total is only compared with 0, and an OR of counts >= 0 is 0 exactly when their sum is 0",
    ("test_famine", "ReplaceComparisonOperator_Gt_NotEq", "returntotal_adversaire!=0"): _SEMIS_NATURELS,
    ("test_case", "ReplaceComparisonOperator_Gt_NotEq", "test=0<=case<=5andplateau[case]!=0andcondition3"):
        _SEMIS_NATURELS,
    ("cases_possibles", "NumberReplacer", "forcaseinrange(7):"): _CASE_6,
    ("tour_suivant", "ReplaceComparisonOperator_Gt_NotEq", "returnlen(cases_possibles(jeu))!=0"): LONGUEUR,
    ("gagnant", "ReplaceBinaryOperator_Add_Sub", "camp_adverse=camp_adverse+jeu['plateau'][indice-6]"): _MOINS_6,
    ("gagnant", "ReplaceBinaryOperator_Add_Sub", "jeu['plateau'][indice-6]=0"): _MOINS_6,
    ("gagnant", "ReplaceComparisonOperator_Gt_NotEq", "ifjeu['score'][1]!=jeu['score'][0]:"):
        _SCORES + "where != and > agree",
    ("gagnant", "ReplaceComparisonOperator_Gt_IsNot", "ifjeu['score'][1]isnotjeu['score'][0]:"):
        _SCORES + "and scores are 0..48: " + IS_ENTIERS,
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
