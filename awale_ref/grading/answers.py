"""Old name of :mod:`awale_ref.grading.reponses_structurees` (the checks of the structured answers), kept for
the code that imports it by this name."""

from awale_ref.grading.reponses_structurees import (  # noqa: F401
    Resultat, credit_par_cle, en_ordre, format_reponse, verifier_reponse)

__all__ = ["credit_par_cle", "en_ordre", "format_reponse", "verifier_reponse"]
