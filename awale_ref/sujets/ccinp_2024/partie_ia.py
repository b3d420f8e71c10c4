"""Q21, the runner's side: ``awale_ia("Alice", "Bob")`` plays a whole game, ``NegaAwale`` spied on.

The judge sends this module's source to the runner as text (``PartieEntiere.code``), as it sends the
reference: the runner imports nothing of the subject.  It runs there with the runner's tools
(``outils``: ``awale_ref.grading.executant.observations.OUTILS_DE_PARTIE``), and in one process for the visible and self-study
tests (:func:`awale_ref.sujets.ccinp_2024.reponses.verifier_q21`).  Plain code only: no import of
``awale_ref``.
"""

from __future__ import annotations

from typing import Any, Callable


def jouer(fonction: Callable, espace: dict, reference: dict, outils: Any) -> dict:
    """Run ``awale_ia("Alice", "Bob")`` with ``NegaAwale`` spied on; the calls and the winner, as data.

    The spy is as strict as the real ``NegaAwale``: a call the real function
    would reject fails here too.  It plays the last playable pit (instant,
    deterministic).  ``affiche`` is the real one (its output discarded);
    ``input`` is refused.
    """
    appels: list = []
    cases_possibles = reference["cases_possibles"]

    def NegaAwale(jeu: Any, profondeur_max: Any, profondeur: Any) -> int:
        if (type(jeu) is not dict or type(jeu.get("plateau")) is not list or len(jeu["plateau"]) != 12
                or type(jeu.get("n")) is not int or type(jeu.get("score")) is not list):
            raise TypeError("NegaAwale(jeu, profondeur_max, profondeur) : jeu doit être le dictionnaire du jeu "
                            f"(reçu {type(jeu).__name__})")
        if type(profondeur_max) is not int or type(profondeur) is not int:
            raise TypeError("NegaAwale(jeu, profondeur_max, profondeur) : les profondeurs sont des entiers")
        appels.append([profondeur_max, profondeur, list(jeu["plateau"]), jeu["n"]])
        return cases_possibles(jeu)[-1]

    def refus_input(*args: Any) -> str:
        raise RuntimeError("awale_ia ne doit pas lire le clavier (input) : c'est l'IA qui choisit")

    espace["NegaAwale"] = NegaAwale
    espace["input"] = refus_input
    try:
        vainqueur = fonction("Alice", "Bob")
    except BaseException as exc:
        if isinstance(exc, outils.INTERRUPTIONS):
            raise
        return {"exception": [type(exc).__name__[:80], str(exc)[:300]], "appels": len(appels)}
    return {"obs": outils.encoder({"appels": appels, "renvoie": vainqueur})}
