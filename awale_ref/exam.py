"""Old import path, kept for the notebooks released before issue 24: the module is now ``awale_ref.sujets.ccinp_2024.exam``."""

import sys

from awale_ref.sujets.ccinp_2024 import exam as _module

sys.modules[__name__] = _module
