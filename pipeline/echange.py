"""The classroom loop through nbgrader's exchange: release, fetch, submit, collect, feedback.

The teacher's steps are nbgrader's commands in the course folder
(``release_assignment``, ``collect``, ``release_feedback``, with
``--Exchange.root``), run inside this process as the formgrader runs them
(:func:`pipeline.nbgrader_cli.nbgrader_ici`: the same command line and
configuration, without a process start per command).  Each student is a
distinct nbgrader identity working in their own folder (``eleves/<id>/``):
nbgrader's own exchange classes fetch the assignment there, the student's
notebook is written, and ``submit`` and ``fetch_feedback`` run with that
student's id, exactly what
``nbgrader fetch_assignment / submit / fetch_feedback --student=<id>`` does
from the student's folder (in one process: ~50 copies would otherwise pay
nbgrader's start-up a hundred times).

The exchange folder is ``echange/`` in the work folder (a school sets
``c.Exchange.root`` to a shared folder instead, see the README).
"""

from __future__ import annotations

import datetime
from pathlib import Path

from pipeline.nbgrader_cli import nbgrader_ici



def identifiant_du_cours(racine: Path) -> str:
    """``CourseDirectory.course_id`` of the course's ``nbgrader_config.py`` (the students fetch from it)."""
    from traitlets.config.loader import PyFileConfigLoader

    return PyFileConfigLoader("nbgrader_config.py", path=str(racine)).load_config().CourseDirectory.course_id


def racine_echange(racine: Path) -> Path:
    return racine / "echange"


def dossier_eleve(racine: Path, eleve: str) -> Path:
    """Where a simulated student works (their home folder)."""
    return racine / "eleves" / eleve


def _options(racine: Path) -> list[str]:
    return [f"--Exchange.root={racine_echange(racine)}", "--log-level=WARN"]


# ---------------------------------------------------------------- the teacher (nbgrader's commands)
def publier(racine: Path, assignment: str) -> None:
    """``nbgrader release_assignment``: the release notebook goes to the exchange's outbound folder."""
    racine_echange(racine).mkdir(parents=True, exist_ok=True)
    racine_echange(racine).chmod(0o777)  # shared by the teacher and every student, as nbgrader requires
    nbgrader_ici("release_assignment", assignment, "--force", *_options(racine), racine=racine)


def fixer_echeance(racine: Path, assignment: str, echeance: datetime.datetime) -> None:
    """The assignment's due date in the gradebook (``nbgrader db assignment add --duedate``)."""
    nbgrader_ici("db", "assignment", "add", assignment, f"--duedate={echeance.isoformat()}", "--log-level=WARN",
                 racine=racine)


def ramasser(racine: Path, assignment: str) -> None:
    """``nbgrader collect``: every submission of the exchange's inbound folder into ``submitted/``.

    The owner check is off: in the demo one system user plays every student
    (on a real server each student owns their submission).
    """
    nbgrader_ici("collect", assignment, "--update", "--ExchangeCollect.check_owner=False", *_options(racine),
                 racine=racine)


def rendre_retours(racine: Path, assignment: str) -> None:
    """``nbgrader release_feedback``: the feedback HTML goes to the exchange, for the students to fetch."""
    nbgrader_ici("release_feedback", assignment, *_options(racine), racine=racine)


# ---------------------------------------------------------------- a student (nbgrader's exchange classes)
def _lancer(classe: type, racine: Path, eleve: str, assignment: str) -> None:
    from nbgrader.auth import Authenticator
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config

    dossier = dossier_eleve(racine, eleve)
    dossier.mkdir(parents=True, exist_ok=True)
    config = Config()
    config.Exchange.root = str(racine_echange(racine))
    config.Exchange.assignment_dir = str(dossier)
    # Each student's own submission cache (nbgrader keeps it in the user's home: one home per student),
    # which fetch_feedback reads to find that student's feedback.
    config.Exchange.cache = str(dossier / ".nbgrader_cache")
    config.CourseDirectory.course_id = identifiant_du_cours(racine)
    config.CourseDirectory.root = str(dossier)
    repertoire = CourseDirectory(config=config)
    repertoire.assignment_id = assignment
    repertoire.student_id = eleve
    application = classe(coursedir=repertoire, authenticator=Authenticator(config=config), config=config)
    application.start()


def recuperer(racine: Path, eleve: str, assignment: str) -> Path:
    """``nbgrader fetch_assignment``; returns the fetched notebook, in the student's folder."""
    from nbgrader.exchange.default import ExchangeFetchAssignment

    chemin = dossier_eleve(racine, eleve) / assignment / f"{assignment}.ipynb"
    if not chemin.exists():  # nbgrader refuses to fetch over the student's work, and so do we
        _lancer(ExchangeFetchAssignment, racine, eleve, assignment)
    return chemin


def soumettre(racine: Path, eleve: str, assignment: str) -> None:
    """``nbgrader submit --student=<eleve>``: the student's folder goes to the exchange, timestamped."""
    from nbgrader.exchange.default import ExchangeSubmit

    _lancer(ExchangeSubmit, racine, eleve, assignment)


def recuperer_retours(racine: Path, eleve: str, assignment: str) -> list[Path]:
    """``nbgrader fetch_feedback --student=<eleve>``; returns the feedback pages now in the student's folder."""
    from nbgrader.exchange.default import ExchangeFetchFeedback

    _lancer(ExchangeFetchFeedback, racine, eleve, assignment)
    return sorted((dossier_eleve(racine, eleve) / assignment / "feedback").glob(f"*/{assignment}.html"))
