"""Old import path, kept for the notebooks released before issue 24: the subject is now ``awale_ref.sujets.olympiades_2025_awale``."""

from awale_ref.sujets.olympiades_2025_awale import *  # noqa: F401,F403
