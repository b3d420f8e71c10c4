"""Old import path, kept for the notebooks released before issue 24: the module is now ``awale_ref.sujets.ccinp_2024.exam``."""

from awale_ref.sujets.ccinp_2024.exam import *  # noqa: F401,F403
