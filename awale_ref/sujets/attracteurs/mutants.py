"""What ``benchmarks/bench_mutation.py`` does not count as a survivor of this subject (the tables are described in
:mod:`awale_ref.grading.correcteur.equivalences`). Read by the benchmark and its test only: never shipped."""

from __future__ import annotations

from awale_ref.grading.correcteur.equivalences import IS_ENTIERS, LONGUEUR

NON_NOTEES: dict[str, str] = {
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

EQUIVALENTS: dict[tuple[str, str, str], str] = {
    ("empile", "ReplaceComparisonOperator_Eq_GtE", "ifci>=cjorhi==hj:"): _TRIEE + ": ci >= cj is ci == cj",
    ("empile", "ReplaceComparisonOperator_NotEq_Lt", "ifci<cj:#deuxcouleurs:x[j]poséesurx[i]donneuneautreposition"):
        _TRIEE + ": ci != cj is ci < cj",
    ("Tuple", "ReplaceComparisonOperator_NotEq_IsNot", "iftype(L)isnotlist:"):
        "types compare by identity (type's == is object's): != and `is not` agree on every value",
    ("graphe", "ReplaceComparisonOperator_NotEq_Gt", "whilelen(file)>0:"): LONGUEUR,
    ("sommets_12", "ReplaceBinaryOperator_Mul_BitAnd", "n=C&N"):
        "only n % 2 is used, and C * N and C & N are odd exactly when C and N both are",
    ("sommets_12", "ReplaceComparisonOperator_Eq_Is", "iflen(x)%2isn%2:"): "both sides are 0 or 1: " + IS_ENTIERS,
    ("dico_gagnant_opt", "ReplaceBreakWithContinue", "continue"):
        "the remaining successors are studied too, each once (memoised): the same dict, and the calls stay within "
        "one per vertex and per edge, the bound of LECTURES['memo']; the practical does not ask to stop at the "
        "first losing successor",
    ("init_attracteurs", "ReplaceComparisonOperator_Eq_LtE", "iflen(G[x])<=0:"): LONGUEUR,
    ("cond_2", "ReplaceComparisonOperator_Eq_LtE", "iflen(successeurs)<=0:"): LONGUEUR,
    ("strategie_opt", "ReplaceComparisonOperator_Eq_LtE", "iflen(successeurs)<=0:"): LONGUEUR,
    ("strategie_opt", "ReplaceComparisonOperator_Eq_LtE", "iflen(choix)<=0:"): LONGUEUR,
    ("strategie_opt", "NumberReplacer", "returnchoix[random.randint(-1,len(choix)-1)]"): _HASARD,
    **{(fonction, f"ReplaceBinaryOperator_Sub_{operateur}", f"joueur=3{signe}joueur"): _TEXTE_LIBRE
       for fonction in ("jeu", "jeu_h")
       for operateur, signe in (("Add", "+"), ("Mul", "*"), ("Div", "/"), ("FloorDiv", "//"), ("RShift", ">>"),
                                ("BitOr", "|"), ("BitAnd", "&"), ("BitXor", "^"))},
    **{(fonction, "NumberReplacer", ligne): _TEXTE_LIBRE for fonction in ("jeu", "jeu_h")
       for ligne in ("joueur=2", "joueur=0", "joueur=4-joueur", "joueur=2-joueur")},
    ("jeu", "ReplaceComparisonOperator_Gt_NotEq", "whilelen(G[Tuple(x)])!=0:"): LONGUEUR,
    ("jeu_h", "ReplaceComparisonOperator_Gt_NotEq", "whilelen(coups(x))!=0:"): LONGUEUR,
    ("h", "ReplaceComparisonOperator_Eq_LtE", "iflen(coups(x))<=0:"): LONGUEUR,
    ("min_max", "ReplaceComparisonOperator_Eq_LtE", "iflen(Lc)<=0orp==0:"): LONGUEUR,
    ("min_max", "ReplaceComparisonOperator_Eq_LtE", "iflen(Lc)==0orp<=0:"): _PROFONDEUR,
    ("min_max_opt", "ReplaceComparisonOperator_Eq_LtE", "iflen(Lc)<=0orp==0:"): LONGUEUR,
    ("min_max_opt", "ReplaceComparisonOperator_Eq_LtE", "iflen(Lc)==0orp<=0:"): _PROFONDEUR,
    ("choix_ind_max", "ReplaceComparisonOperator_Eq_GtE", "ifL[i]>=maxi:"):
        "maxi is max(L): no element is greater, so >= maxi is == maxi (numbers: a total order)",
    ("choix_ind_max", "NumberReplacer", "returnindices[random.randint(-1,len(indices)-1)]"): _HASARD,
    ("strategie_h", "ReplaceComparisonOperator_Eq_LtE", "iflen(Lc)<=0:"): LONGUEUR,
    ("strategie_h", "ReplaceComparisonOperator_Eq_LtE", "ifp<=0:"): _PROFONDEUR,
    ("strategie_h", "NumberReplacer", "returnLc[random.randint(-1,len(Lc)-1)]"): _HASARD,
}

HORS_DE_PORTEE: dict[tuple[str, str, str], str] = {}

SANS_MUTANT: dict[str, str] = {"Q23": "attracteurs only calls other graded functions: no operator applies"}

# The cases added for them: colours, heights and values past 256 equal without being the same object
# (specs._grand), and strategie_h at depth 3 on four piles.
TUES_PAR_DES_CAS_AJOUTES: tuple[tuple[str, str, str], ...] = (
    ("empile", "ReplaceComparisonOperator_Eq_Is", "ifciiscjorhi==hj:"),
    ("empile", "ReplaceComparisonOperator_Eq_Is", "ifci==cjorhiishj:"),
    ("empile", "ReplaceComparisonOperator_NotEq_IsNot",
     "ifciisnotcj:#deuxcouleurs:x[j]poséesurx[i]donneuneautreposition"),
    ("choix_ind_max", "ReplaceComparisonOperator_Eq_Is", "ifL[i]ismaxi:"),
    ("strategie_h", "ReplaceBinaryOperator_Sub_RShift", "valeurs.append(min_max(c,p>>1,False))"),
)
