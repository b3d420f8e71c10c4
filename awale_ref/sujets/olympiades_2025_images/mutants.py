"""What ``benchmarks/bench_mutation.py`` does not count as a survivor of this subject (the tables are described in
:mod:`awale_ref.grading.correcteur.equivalences`). Read by the benchmark and its test only: never shipped."""

from __future__ import annotations

from awale_ref.grading.correcteur.equivalences import IS_ENTIERS

NON_NOTEES: dict[str, str] = {
}

_RECTANGULAIRE = ("an image is a rectangle of pixels (every row as long as the first, the specs' `valide`): "
                  "len(img[-1]) is len(img[0])")
_BITS = "valeur is 0 or 1 (it starts at 0 and flips): 1 >> v and 1 ^ v are 1 - v on 0 and 1"

EQUIVALENTS: dict[tuple[str, str, str], str] = {
    ("passer_en_nb", "ReplaceBinaryOperator_Div_FloorDiv", "moyenne=(pixel[0]+pixel[1]+pixel[2])//3"):
        "levels are ints 0..255, so their sum s is an int: s / 3 < 128 <=> s < 384 <=> s // 3 < 128 "
        "(noir_ou_blanc only compares the mean with 128)",
    ("image_vers_ligne", "NumberReplacer", "return(len(img[-1]),ligne01)"): _RECTANGULAIRE,
    ("compte_0_1", "ReplaceComparisonOperator_Eq_Is", "ifpixelisvaleur:"):
        "pixels and valeur are 0 or 1: " + IS_ENTIERS,
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

HORS_DE_PORTEE: dict[tuple[str, str, str], str] = {}

SANS_MUTANT: dict[str, str] = {"Q11": "compresse_image only calls other graded functions: no operator applies",
               "Q12": "decompresse_image only calls other graded functions: no operator applies"}

# The cases added for them: a wide row on a narrow one, a column of 300 rows, colours equal without being the
# same object (specs_images._RECTANGLES_NOMMES, an image in RGB colours).
TUES_PAR_DES_CAS_AJOUTES: tuple[tuple[str, str, str], ...] = (
    ("rectangle_max", "ReplaceBinaryOperator_Mul_Pow", "ifhauteur**largeur>meilleur[0]*meilleur[1]:"),
    ("rectangle_max", "ReplaceComparisonOperator_Lt_IsNot",
     "whilei+hauteurisnotlen(img)andimg[i+hauteur][j]==couleur:"),
    ("rectangle_max", "ReplaceComparisonOperator_Eq_Is", "whilei+hauteur<len(img)andimg[i+hauteur][j]iscouleur:"),
    ("dim_largeur_max", "ReplaceComparisonOperator_Eq_Is", "whilej+largeur<=j_maxandimg[i][j+largeur]iscouleur:"),
)
