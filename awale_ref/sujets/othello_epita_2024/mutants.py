"""What ``benchmarks/bench_mutation.py`` does not count as a survivor of this subject (the tables are described in
:mod:`awale_ref.grading.correcteur.equivalences`). Read by the benchmark and its test only: never shipped."""

from __future__ import annotations

from awale_ref.grading.correcteur.equivalences import IS_ENTIERS, LONGUEUR

NON_NOTEES: dict[str, str] = {
    "cases_frontieres_de": "not in the paper: the course's frontier of a whole board (the corpus, the widget)",
    "evaluation_positions": "not in the paper: an evaluation function f passed to Q16–Q18 (no question asks it)",
}

_BORNE_8 = ("a cell's coordinates are 0..7 (every valid input) and a step moves them by -1, 0 or 1, the line is "
            "followed from inside the board and stopped at its first cell outside: a coordinate never exceeds 8, "
            "so < 8 and != 8 agree")
_CASES_VALEURS = "the cells hold 0, 1 or -1 and j is 1 or -1: " + IS_ENTIERS
_EX_AEQUO = ("on a tie of values it keeps the last move of the best value: the paper asks one move of the best value "
             "and Q16–Q18 accept any (LECTURES['q16_l_et_ex_aequo'])")
_N_POSITIF = "a depth n is >= 1 (the paper starts at n >= 1 and the recursion stops at 1): n <= 1 is n == 1"

EQUIVALENTS: dict[tuple[str, str, str], str] = {
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
    ("cases_jouables", "ReplaceComparisonOperator_NotEq_Gt", "iflen(directions_possibles(p,c,j))>0:"): LONGUEUR,
    ("capturer", "ReplaceComparisonOperator_Eq_Is", "whilep[h][k]is-j:"): _CASES_VALEURS,
    ("ia_naive", "ReplaceComparisonOperator_Gt_GtE", "ifvaleurisNoneorj*v>=j*valeur:"): _EX_AEQUO,
    ("ia_minmax", "ReplaceComparisonOperator_Gt_GtE", "ifvaleurisNoneorj*v>=j*valeur:"): _EX_AEQUO,
    ("ia_minmax_tp", "ReplaceComparisonOperator_Gt_GtE", "ifvaleurisNoneorj*v>=j*valeur:"): _EX_AEQUO,
    ("ia_minmax", "ReplaceComparisonOperator_Eq_LtE", "ifn<=1:"): _N_POSITIF,
    ("ia_minmax_tp", "ReplaceComparisonOperator_Eq_LtE", "ifn<=1:"): _N_POSITIF,
    ("ia_minmax_tp", "ReplaceComparisonOperator_Gt_NotEq", "ifn!=1:"): _N_POSITIF,
    ("ia_minmax_tp", "ReplaceComparisonOperator_Eq_LtE", "iflen(cases)<=0:"): LONGUEUR,
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

HORS_DE_PORTEE: dict[tuple[str, str, str], str] = {}

SANS_MUTANT: dict[str, str] = {}

# The cases added for them: Q7's cell c a tuple equal to its cell of l without being the same object, both
# players blocked one disc apart (specs.CAS_LIMITES), moves whose values are one apart (specs._a_un_pres), the
# two « Jean Martin » winning with the same score (sql.donnees).
TUES_PAR_DES_CAS_AJOUTES: tuple[tuple[str, str, str], ...] = (
    ("cases_frontieres", "ReplaceComparisonOperator_NotEq_IsNot", "ifcaseisnotc:"),
    ("ia_minmax_tp", "NumberReplacer", "ifs>1:"),
    ("ia_minmax_tp", "NumberReplacer", "ifs<-1:"),
    ("ia_naive", "ReplaceBinaryOperator_Mul_BitXor", "ifvaleurisNoneorj^v>j*valeur:"),
    ("ia_naive", "ReplaceBinaryOperator_Mul_BitXor", "ifvaleurisNoneorj*v>j^valeur:"),
    ("ia_minmax", "ReplaceBinaryOperator_Mul_BitXor", "ifvaleurisNoneorj^v>j*valeur:"),
    ("ia_minmax_tp", "ReplaceBinaryOperator_Mul_BitXor", "ifvaleurisNoneorj*v>j^valeur:"),
    ("Q24", "DISTINCT ajouté", "SELECTDISTINCTnomComplet,scoreFROMjoueursASjJOINpartiesASpONp.joueurs_idGagnant="
                               "j.idJoueurORDERBYscoreLIMIT3"),
)
