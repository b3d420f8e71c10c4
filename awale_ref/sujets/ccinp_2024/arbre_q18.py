"""The CCINP's Q18: a student's depth-2 tree, node by node, against the paper's (``facts.Q18_ARBRE``).

:func:`verifier_q18` grades a student's answer (``{label: (G, VJ)}`` and the pit Alice plays);
:func:`verifier_arbre` checks the same answer for any tree :func:`awale_ref.tree.arbre_negamax` computes.
The feedback says which nodes are wrong and what to look at, never the expected values.
"""

from __future__ import annotations

from awale_ref.sujets.ccinp_2024 import facts
from awale_ref.tree import Correction, Noeud


def _lire_reponse(reponse) -> tuple[int, int] | None:
    if isinstance(reponse, (tuple, list)) and len(reponse) == 2 \
            and all(isinstance(v, int) and not isinstance(v, bool) for v in reponse):
        return reponse[0], reponse[1]
    return None


def verifier_reponses(reponses: dict, case_choisie, attendu: dict[str, tuple[int, int, int]],
                      case_attendue: int, profondeur: int) -> Correction:
    """Compare ``{label: (G, VJ)}`` and the chosen pit with ``attendu`` = ``{label: (niveau, G, VJ)}``.

    ``profondeur`` is the depth of the tree (a node at that level is worth 0).

    The feedback says which nodes are wrong and what to look at, without
    giving the expected values away.

    >>> verifier_reponses({"b": (4, 4)}, 1, {"b": (1, 4, 4)}, 1, 2).juste
    True
    >>> print(verifier_reponses({"b": (4, 0), "c": (None, None)}, 2,
    ...                         {"b": (1, 4, 4), "c": (2, 4, 0), "d": (2, 0, 0)}, 1, 2))
    (b) : G juste, VJ faux — VJ = max(G − VJ) sur les enfants du nœud.
    Pas encore de réponse : c, d.
    Case choisie : 2 est faux — à la racine, NegaAwale renvoie la case du meilleur G − VJ (la première en cas d'égalité).
    Bilan sur 3 nœuds : 0 juste(s), 1 faux (b), 2 sans réponse.
    """
    if not isinstance(reponses, dict):
        raise TypeError(f"the answers must be a dict label -> (G, VJ), got {type(reponses).__name__}")
    lignes, justes, faux, manquants = [], [], [], []
    for label, (niveau, g, vj) in attendu.items():
        reponse = reponses.get(label)
        if reponse is None or (isinstance(reponse, (tuple, list)) and None in reponse):
            manquants.append(label)
            continue
        lue = _lire_reponse(reponse)
        if lue is None:
            lignes.append(f"({label}) : réponse illisible {reponse!r} — écrivez un couple d'entiers "
                          "(G, VJ).")
            faux.append(label)
            continue
        g_juste, vj_juste = lue[0] == g, lue[1] == vj
        if g_juste and vj_juste:
            justes.append(label)
            continue
        faux.append(label)
        if g_juste:
            conseils = ["G juste"]
        else:
            conseils = ["G faux — rejouez le coup (semis puis ramassage) et comptez les graines prises"]
        if vj_juste:
            conseils.append("VJ juste")
        elif niveau == profondeur:
            conseils.append("VJ faux — à la profondeur maximale, NegaAwale renvoie 0 (sauf partie finie : "
                            "±500 ou 0)")
        else:
            conseils.append("VJ faux — VJ = max(G − VJ) sur les enfants du nœud")
        lignes.append(f"({label}) : " + ", ".join(conseils) + ".")
    if manquants:
        lignes.append(f"Pas encore de réponse : {', '.join(manquants)}.")
    case_juste = case_choisie == case_attendue
    if case_choisie is None:
        lignes.append("Case choisie : pas encore de réponse.")
    elif case_juste:
        lignes.append(f"Case choisie : {case_choisie}, juste.")
    else:
        lignes.append(f"Case choisie : {case_choisie} est faux — à la racine, NegaAwale renvoie la case "
                      "du meilleur G − VJ (la première en cas d'égalité).")
    if faux or manquants:
        detail = f" ({', '.join(faux)})" if faux else ""
        lignes.append(f"Bilan sur {len(attendu)} nœuds : {len(justes)} juste(s), {len(faux)} faux{detail}, "
                      f"{len(manquants)} sans réponse.")
    else:
        lignes.append(f"Les {len(attendu)} nœuds sont justes.")
    pas_justes = [label for label in attendu if label not in justes]
    return Correction(not pas_justes and case_juste, lignes, pas_justes)


def verifier_q18(reponses: dict, case_choisie) -> Correction:
    """Grade a student's Q18 tree: ``{label: (G, VJ)}`` for (b)…(o) and the pit Alice plays.

    The expected values are ``facts.Q18_ARBRE`` and ``facts.Q18_CASE_CHOISIE``.

    >>> juste = {l: (g, vj) for l, (_, _, g, vj) in facts.Q18_ARBRE.items()}
    >>> verifier_q18(juste, 4).juste
    True
    >>> verifier_q18({**juste, "c": (0, 0)}, 4).faux
    ['c']
    """
    attendu = {label: (1 if parent == "a" else 2, g, vj)
               for label, (parent, _, g, vj) in facts.Q18_ARBRE.items()}
    return verifier_reponses(reponses, case_choisie, attendu, facts.Q18_CASE_CHOISIE, 2)


def verifier_arbre(reponses: dict, case_choisie, arbre: Noeud) -> Correction:
    """Like :func:`verifier_q18` for any tree computed by :func:`arbre_negamax`."""
    attendu = {n.label: (n.profondeur, n.gain, n.valeur) for n in arbre.noeuds() if n.profondeur > 0}
    profondeur = max(n.profondeur for n in arbre.noeuds())
    return verifier_reponses(reponses, case_choisie, attendu, arbre.case_choisie, profondeur)
