"""Run nbgrader's command line from Python, with this interpreter's tools on PATH.

nbgrader itself shells out to ``alembic`` (gradebook migrations), which lives
next to the interpreter in a virtualenv: a plain ``subprocess`` call from a
process whose PATH lacks ``.venv/bin`` fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def environnement() -> dict[str, str]:
    """The environment of an nbgrader command: only the course's ``nbgrader_config.py`` counts.

    ``JUPYTER_NO_CONFIG`` makes Jupyter ignore the user-level and system-level
    configuration folders (``~/.jupyter``…): a configuration written there
    cannot change how the course is graded.
    """
    bin_dir = str(Path(sys.executable).parent)
    return {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""), "JUPYTER_NO_CONFIG": "1"}


def nbgrader(*args: str, racine: Path, check: bool = True, capture: bool = False) -> subprocess.CompletedProcess:
    """``nbgrader ARGS`` in the course folder ``racine``."""
    return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=racine, env=environnement(),
                          check=check, text=True, capture_output=capture)
