"""Run nbgrader's command line from Python, with this interpreter's tools on PATH.

Two ways, the same command line and the same course configuration:

- :func:`nbgrader`: a new ``python -m nbgrader`` process, exactly the
  teacher's command (tests, one-off steps);
- :func:`nbgrader_ici` / :func:`nbgrader_en_processus`: nbgrader's app run
  inside this process, as nbgrader's own test suite and its formgrader run
  it (``nbgrader.tests.run_nbgrader``, ``NbGraderAPI``): a process pays
  nbgrader's imports (2–3 s) each time, more than most steps themselves
  (the demo of 45 students runs about thirty teacher's commands; a Dask
  worker grades one notebook after another).

nbgrader itself shells out to ``alembic`` (gradebook migrations), which lives
next to the interpreter in a virtualenv: a plain ``subprocess`` call from a
process whose PATH lacks ``.venv/bin`` fails.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path


def environnement() -> dict[str, str]:
    """The environment of an nbgrader command: only the course's ``nbgrader_config.py`` counts.

    ``JUPYTER_NO_CONFIG`` makes Jupyter ignore the user-level and system-level
    configuration folders (``~/.jupyter``…): a configuration written there
    cannot change how the course is graded.
    """
    bin_dir = str(Path(sys.executable).parent)
    return {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""), "JUPYTER_NO_CONFIG": "1"}


@contextlib.contextmanager
def environnement_de_commande() -> Iterator[dict[str, str]]:
    """:func:`environnement` for one nbgrader process, with its own temporary folder, removed afterwards.

    Under ``JUPYTER_NO_CONFIG`` every Jupyter process makes a blank
    configuration folder in the temporary folder and never removes it
    (``jupyter_core.paths.jupyter_config_dir``): thousands of
    ``/tmp/jupyter-clean-cfg-*`` after a few classes.
    """
    with tempfile.TemporaryDirectory(prefix="nbgrader_") as tmp:
        yield {**environnement(), "TMPDIR": tmp}


def nbgrader(*args: str, racine: Path, check: bool = True, capture: bool = False,
             variables: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``nbgrader ARGS`` in the course folder ``racine``, a new process; ``variables`` added to its environment."""
    with environnement_de_commande() as env:
        return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=racine, env={**env, **(variables or {})},
                              check=check, text=True, capture_output=capture)


# The working folder, the environment, sys.path and the file descriptors are process-wide: one app at a time.
_UN_A_LA_FOIS = threading.Lock()


def nbgrader_en_processus(racine: Path, *args: str) -> tuple[int, str, str]:
    """``nbgrader ARGS`` in the course folder ``racine``, inside this process: (exit code, log, printed).

    Only the course's ``nbgrader_config.py`` counts (``JUPYTER_NO_CONFIG``, as
    for the command).  The working folder, the environment and ``sys.path``
    are restored afterwards, and what nbgrader or a kernel prints on the
    process's stdout/stderr (its file descriptors and ``sys.stdout``) is
    captured and returned.  ``sys.argv`` is left alone: the
    course's configuration installs the autograde's crash-recovery hooks only
    for an ``nbgrader autograde`` command line, which a Dask worker grading
    in a throw-away course does not want (its coordinator resumes instead).
    """
    import logging

    from jupyter_core.application import NoStart
    from nbgrader.apps import NbGraderApp

    with _UN_A_LA_FOIS:
        ancien_dossier, ancien_env, ancien_path = os.getcwd(), os.environ.copy(), list(sys.path)
        journal = io.StringIO()
        os.chdir(racine)
        os.environ.update(environnement())
        app = NbGraderApp.instance()
        sorties = tempfile.TemporaryFile()
        anciens_fd = [os.dup(1), os.dup(2)]
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(sorties.fileno(), 1)
        os.dup2(sorties.fileno(), 2)
        # print() goes to sys.stdout, which is not always file descriptor 1 (pytest, Jupyter)
        anciens_sys = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = imprime_python = io.StringIO()
        try:
            app.initialize(list(args))
            app.init_logging(logging.StreamHandler, [journal], color=False, subapps=True)
            app.start()
            code = 0
        except NoStart:  # how nbgrader's apps end normally (nbgrader.tests.run_nbgrader)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except Exception as exc:  # noqa: BLE001 (reported with the log, as the command line would)
            journal.write(f"{type(exc).__name__}: {exc}\n")
            code = 1
        finally:
            app.reset()
            sys.stdout, sys.stderr = anciens_sys
            sys.stdout.flush()
            sys.stderr.flush()
            for fd, ancien in zip((1, 2), anciens_fd):
                os.dup2(ancien, fd)
                os.close(ancien)
            sorties.seek(0)
            imprime = imprime_python.getvalue() + sorties.read().decode(errors="replace")
            sorties.close()
            os.chdir(ancien_dossier)
            os.environ.clear()
            os.environ.update(ancien_env)
            sys.path[:] = ancien_path
            _oublier_la_configuration_vide()
    return code, journal.getvalue(), imprime


def _oublier_la_configuration_vide() -> None:
    """Remove the blank configuration folder ``JUPYTER_NO_CONFIG`` made in this process (made again if needed)."""
    from jupyter_core import paths

    dossier = getattr(paths, "_dtemps", {}).pop("jupyter-clean-cfg", None)  # jupyter_core's cache of it
    if dossier:
        shutil.rmtree(dossier, ignore_errors=True)


def nbgrader_ici(*args: str, racine: Path) -> str:
    """``nbgrader ARGS`` in ``racine``, inside this process; returns what it logged and printed.

    A failure raises ``RuntimeError`` with the end of the log, as the command
    line would have shown it; what a successful command logged (its warnings)
    is passed on to this process's stderr.
    """
    code, journal, imprime = nbgrader_en_processus(racine, *args)
    sortie = journal + imprime
    if code != 0:
        raise RuntimeError(f"nbgrader {' '.join(args)} failed (exit code {code}) in {racine}:\n"
                           + "\n".join(sortie.splitlines()[-60:]))
    if sortie.strip():
        sys.stderr.write(sortie if sortie.endswith("\n") else sortie + "\n")
    return sortie


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
