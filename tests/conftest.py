"""The test session's settings shared by every test module.

Per-student variants (``awale_ref.grading.variantes``) are off for the session: the tests written with the
statement's own answers (the boards of figures 4 and 5 in their cells) grade them on the statement's data, as a
course with variants off does.  The tests of the variants turn them on themselves (``tests/test_variantes.py``,
``tests/test_variantes_echange.py``, the demo class's).
"""

import os

from awale_ref.grading.variantes import REGLAGE

os.environ[REGLAGE] = "non"
