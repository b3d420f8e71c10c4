"""Old import path, kept for the notebooks released before issue 24: the module is now ``awale_ref.sujets.olympiades_2025_images.images``."""

import sys

from awale_ref.sujets.olympiades_2025_images import images as _module

sys.modules[__name__] = _module
