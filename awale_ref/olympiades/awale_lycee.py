"""Old import path, kept for the notebooks released before issue 24: the module is now ``awale_ref.sujets.olympiades_2025_awale.awale_lycee``."""

import sys

from awale_ref.sujets.olympiades_2025_awale import awale_lycee as _module

sys.modules[__name__] = _module
