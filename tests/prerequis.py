"""What a test needs beyond the ``tests`` extra, and what happens when it is missing.

The unit tests need only ``pip install -e '.[tests]'``.  A test that needs a browser (extra
``navigateur`` and Debian's chromium), the class's hub (``hub`` and its npm proxy), a PostgreSQL server
(``postgresql`` and Debian's postgresql) or OpenSpiel (``oracle``) asks for it here: where it is missing,
the test is skipped with the reason and what to install.  Except in the full run: ``scripts/test.sh``
(the README's test command, and so CI) installs everything and sets ``AWALE_TESTS_COMPLETS=1``; there,
a missing piece FAILS the test instead of hiding it behind a skip.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import NoReturn

import pytest

VARIABLE = "AWALE_TESTS_COMPLETS"
CHROMIUM = "/usr/bin/chromium"


def run_complet() -> bool:
    """True in the full run (``scripts/test.sh``), where nothing may be missing."""
    return os.environ.get(VARIABLE) == "1"


def manque(raison: str) -> NoReturn:
    """Skip the test (or the module) because ``raison``; fail it in the full run."""
    if run_complet():
        pytest.fail(f"{raison} (the full run, {VARIABLE}=1, must have everything: scripts/setup.sh --browser)",
                    pytrace=False)
    pytest.skip(raison, allow_module_level=True)


def module(nom: str, extra: str) -> ModuleType:
    """The module ``nom``, which the extra ``extra`` installs."""
    try:
        return importlib.import_module(nom)
    except ImportError:
        manque(f"{nom} is missing: pip install -e '.[{extra}]'")


def navigateur() -> str:
    """Playwright and Debian's Chromium; returns Chromium's path."""
    module("playwright.sync_api", "navigateur")
    if not os.path.exists(CHROMIUM):
        manque(f"{CHROMIUM} is missing: scripts/setup.sh --browser installs it")
    return CHROMIUM
