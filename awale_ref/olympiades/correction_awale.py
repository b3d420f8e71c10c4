"""Old import path, kept for the notebooks released before issue 24: the subject is now ``awale_ref.sujets.olympiades_2025_awale``."""

import sys

from awale_ref.sujets import olympiades_2025_awale as _module

sys.modules[__name__] = _module
