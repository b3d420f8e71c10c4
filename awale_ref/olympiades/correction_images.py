"""Old import path, kept for the notebooks released before issue 24: the subject is now ``awale_ref.sujets.olympiades_2025_images``."""

import sys

from awale_ref.sujets import olympiades_2025_images as _module

sys.modules[__name__] = _module
