"""Old import path, kept for the notebooks released before issue 24: the module is now ``awale_ref.sujets.olympiades_2025_images.dessins``."""

from awale_ref.sujets.olympiades_2025_images.dessins import *  # noqa: F401,F403
