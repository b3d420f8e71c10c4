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


def url_gradebook(racine: Path) -> str:
    """The gradebook of the course in ``racine``, as nbgrader itself finds it.

    Read from the course's ``nbgrader_config.py`` (``CourseDirectory.db_url``,
    which the course sets from ``$AWALE_GRADEBOOK`` for a PostgreSQL server),
    else nbgrader's default, ``sqlite:///<racine>/gradebook.db``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "nbgrader_config.py").write_text("c = get_config()\\nc.CourseDirectory.db_url = 'postgresql://h/x'")
    ...     url_gradebook(Path(d))
    'postgresql://h/x'
    """
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config
    from traitlets.config.loader import PyFileConfigLoader

    config = Config()
    fichier = Path(racine) / "nbgrader_config.py"
    if fichier.exists():
        config = PyFileConfigLoader(fichier.name, path=str(fichier.parent)).load_config()
    return CourseDirectory(config=config, root=str(Path(racine).resolve())).db_url


def nom_du_gradebook(url: str) -> str:
    """The gradebook's URL fit for a message: the password hidden.

    >>> nom_du_gradebook("postgresql+psycopg://prof:secret@127.0.0.1:5432/awale")
    'postgresql+psycopg://prof:***@127.0.0.1:5432/awale'
    """
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
