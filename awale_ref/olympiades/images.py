"""Old import path, kept for the notebooks released before issue 24: the module is now ``awale_ref.sujets.olympiades_2025_images.images``."""

from awale_ref.sujets.olympiades_2025_images.images import *  # noqa: F401,F403
