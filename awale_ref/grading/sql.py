"""Old import path (``from awale_ref.grading.sql import preparer_bibliotheques`` in notebooks released
before issue 24): its names come from the subject that declares it (``Sujet.anciens_modules``)."""

from awale_ref.grading.sujets import transmettre

__getattr__ = transmettre(__name__)
