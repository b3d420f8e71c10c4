"""``python -m awale_ref``: the exam's Q21, an AI-versus-AI game at depth 6.

The board is shown after each move, then the winner.  This is ``awale_ia``
(Q21) with the exam functions (a fraction of a second a move); ``--rapide``
asks the fast engine instead, which finds the same pit (tie-break included).
"""

from __future__ import annotations

import argparse

from awale_ref import engine
from awale_ref.sujets.ccinp_2024 import exam


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profondeur", type=int, default=6, help="search depth (default 6)")
    parser.add_argument("--rapide", action="store_true", help="search with the fast engine (same moves)")
    parser.add_argument("joueurs", nargs="*", default=["IA Alice", "IA Bob"])
    args = parser.parse_args(argv)
    if len(args.joueurs) != 2 or args.joueurs[0] == args.joueurs[1]:
        parser.error("give two different player names")
    jeu = exam.initialisation(*args.joueurs)
    jeu_continue = True
    while jeu_continue:
        exam.affiche(jeu["plateau"])
        if args.rapide:
            case_choisie = engine.best_move(engine.from_jeu(jeu), args.profondeur)[0]
        else:
            case_choisie = exam.NegaAwale(jeu, args.profondeur, 0)
        joueur = jeu["joueur1"] if exam.tour_joueur1(jeu) else jeu["joueur2"]
        print(f"Tour {jeu['n'] + 1} : {joueur} joue la case {case_choisie}")
        jeu_continue = exam.tour_jeu(jeu, case_choisie)
    exam.affiche(jeu["plateau"])
    vainqueur = exam.gagnant(jeu)
    print(f"Fin de la partie après {jeu['n']} tours. Scores : {jeu['joueur1']} {jeu['score'][0]}, "
          f"{jeu['joueur2']} {jeu['score'][1]}.")
    print("Match nul." if vainqueur == exam.EGALITE else f"Vainqueur : {vainqueur}")
    return vainqueur


if __name__ == "__main__":
    main()
