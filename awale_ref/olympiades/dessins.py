"""Old import path, kept for the notebooks released before issue 24: the module is now ``awale_ref.sujets.olympiades_2025_images.dessins``."""

import sys

from awale_ref.sujets.olympiades_2025_images import dessins as _module

sys.modules[__name__] = _module
