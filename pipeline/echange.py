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
import hashlib
import json
import os
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from nbgrader.exchange.default import ExchangeCollect

from pipeline.nbgrader_cli import nbgrader_ici

# The course's record of when each submission arrived (the course folder: students cannot write there): written by
# the teacher's collect (RamassageHorodate) and, for a submission collect never saw, when autograde first meets it
# (constater_arrivee).  Read by pipeline/report.py.
HORODATAGES = "horodatages_collect.json"
PAR_L_ECHANGE = "collect"  # how a submission arrived: through the exchange's collect ...
HORS_ECHANGE = "hors échange"  # ... or off it (nbgrader zip_collect, a copy by hand into submitted/)
TOLERANCE_S = 60.0  # a student's clock this far from the exchange's is not reported
FORMAT = "%Y-%m-%d %H:%M:%S.%f %Z"  # nbgrader's (ExchangeSubmit.timestamp_format), read by its parse_utc


def heure_du_depot(dossier: Path) -> tuple[datetime.datetime | None, str]:
    """When the submitted folder was last changed in the exchange, by the kernel's clock, or why it cannot be said.

    The latest *change time* (``st_ctime``) of the folder and of everything
    in it.  No user can set a ctime (``touch`` and ``utime`` set only the
    access and modification times; any write, rename, link or ``chmod`` sets
    the ctime to *now*): the content as collected was in the exchange at
    that time at the latest.  Not usable, and ``None``: a symbolic link
    (its target may change later, elsewhere), or a file on another
    filesystem than the exchange's inbound folder (a FUSE filesystem mounted
    by the student reports any time it likes).
    """
    appareil = os.stat(dossier.parent).st_dev
    plus_tard = 0.0
    chemins = [dossier]
    for racine, dossiers, fichiers in os.walk(dossier):
        chemins += [Path(racine) / nom for nom in [*dossiers, *fichiers]]
    for chemin in chemins:
        etat = os.lstat(chemin)
        if stat.S_ISLNK(etat.st_mode):
            return None, f"symbolic link in the submission: {chemin.name}"
        if etat.st_dev != appareil:
            return None, f"on another filesystem than the exchange: {chemin.name}"
        plus_tard = max(plus_tard, etat.st_ctime)
    return datetime.datetime.fromtimestamp(plus_tard, datetime.timezone.utc), "change time in the exchange"


class RamassageHorodate(ExchangeCollect):
    """nbgrader's ``collect`` (``c.ExchangeFactory.collect``), the submission time taken from the exchange.

    nbgrader's own collect keeps the ``timestamp.txt`` the student's process
    wrote (and the inbound folder's name, also the student's): a late
    student can claim any time.  Here, as each submission is copied into
    ``submitted/``, the time the exchange can vouch for is the earlier of
    :func:`heure_du_depot` (when the content last changed in the exchange)
    and *now* (this collect sees it: it was there); the time kept, written
    into ``submitted/<student>/<assignment>/timestamp.txt`` where nbgrader's
    autograde reads it, is the later of that time and the student's claim:
    the claim can only make the submission later, never earlier.  Every
    copy is recorded in the course folder (:data:`HORODATAGES`: the
    student's claim, the exchange's time, the time kept, the content's
    fingerprint for :func:`constater_arrivee`); a claim more than
    :data:`TOLERANCE_S` away from the exchange's time is logged as a warning
    and listed by the report.
    """

    def do_copy(self, src: str, dest: str, log=None) -> None:
        super().do_copy(src, dest, log)
        vu = datetime.datetime.now(datetime.timezone.utc)
        depot, comment = heure_du_depot(Path(src))
        fiable = min(depot, vu) if depot else vu
        declare = _lire_heure(Path(dest) / "timestamp.txt")
        retenu = max(fiable, declare) if declare else fiable
        (Path(dest) / "timestamp.txt").write_text(retenu.strftime(FORMAT), encoding="utf-8")
        eleve, assignment = Path(dest).parts[-2:]
        ecart = (declare - fiable).total_seconds() if declare else None
        fiche = {"dossier": os.path.basename(src), "declare": declare.isoformat() if declare else None,
                 "echange": fiable.isoformat(), "source": comment if depot else f"collect time ({comment})",
                 "retenu": retenu.isoformat(), "ecart_s": ecart, "arrivee": PAR_L_ECHANGE,
                 "empreinte": empreinte_copie(Path(dest))}
        if ecart is None or abs(ecart) > TOLERANCE_S:
            self.log.warning("Submission %s/%s: the student's timestamp.txt says %s, the exchange %s (%s); "
                             "the time kept is %s", eleve, assignment, fiche["declare"] or "nothing readable",
                             fiche["echange"], fiche["source"], fiche["retenu"])
        _noter(Path(self.coursedir.root), f"{eleve}/{assignment}", fiche)


def constater_arrivee(racine: Path, dossier: Path) -> dict:
    """Set ``dossier``'s ``timestamp.txt`` (``submitted/<student>/<assignment>``) to the time the course saw it
    arrive, from the course's record (:data:`HORODATAGES`); return that record.

    A submission collect recorded with this content (its files but
    ``timestamp.txt``) keeps collect's time.  Any other arrived off the
    exchange: nbgrader's ``zip_collect``, a copy by hand into ``submitted/``,
    or a collected copy changed since.  The time the course can vouch for is
    then the earlier of when its files last changed in ``submitted/``
    (:func:`heure_du_depot`: the import or the copy, a change time no one
    can set back) and *now* (the course sees it); it is recorded the first
    time, so that grading again keeps it.  Either way the student's claim
    (``timestamp.txt``, which ``zip_collect`` also writes from the file's
    name) only ever makes the submission later.  An off-exchange arrival is
    logged and listed by the report (« Heures de rendu contestées »).
    Run before nbgrader reads the time: by autograde's pre-convert hook
    (``nbgrader_config.py``: :func:`crochet_arrivee`, or the crash-recovery
    hook of an ``nbgrader autograde`` command line) and by
    ``pipeline.correction_dask`` before it sends a submission away (with
    this record, which its worker's hook then finds).
    """
    dossier = Path(dossier)
    eleve, assignment = dossier.parts[-2:]
    cle = f"{eleve}/{assignment}"
    empreinte = empreinte_copie(dossier)
    horodatage = dossier / "timestamp.txt"
    declare = None if horodatage.is_symlink() else _lire_heure(horodatage)  # a link is no claim, never followed
    fiche = lire_horodatages(racine).get(cle)
    # a record written before collect kept the content's fingerprint vouches for what is there now
    connue = isinstance(fiche, dict) and fiche.get("empreinte", empreinte) == empreinte
    retenu_avant = _lire_iso(fiche.get("retenu")) if connue else None
    if retenu_avant is not None:
        retenu = max(retenu_avant, declare) if declare else retenu_avant
        if retenu != retenu_avant or "empreinte" not in fiche:
            fiche = {**fiche, "retenu": retenu.isoformat(), "empreinte": empreinte}
            _noter(racine, cle, fiche)
    else:
        vu = datetime.datetime.now(datetime.timezone.utc)
        try:
            depot, comment = heure_du_depot(dossier)
        except OSError as exc:
            depot, comment = None, f"unreadable: {exc}"
        observe = min(depot, vu) if depot else vu
        retenu = max(observe, declare) if declare else observe
        fiche = {"dossier": str(dossier.relative_to(racine)) if dossier.is_relative_to(racine) else str(dossier),
                 "declare": declare.isoformat() if declare else None, "echange": observe.isoformat(),
                 "source": f"off the exchange: {comment if depot else f'first seen by the course ({comment})'}",
                 "retenu": retenu.isoformat(), "ecart_s": (declare - observe).total_seconds() if declare else None,
                 "arrivee": HORS_ECHANGE, "empreinte": empreinte}
        print(f"[pipeline.echange] submission {cle} did not come through the exchange's collect: its timestamp.txt "
              f"says {fiche['declare'] or 'nothing readable'}, the course saw it at {fiche['echange']} "
              f"({fiche['source']}); the time kept is {fiche['retenu']}", file=sys.stderr)
        _noter(racine, cle, fiche)
    texte = retenu.strftime(FORMAT)
    if horodatage.is_symlink() or _lire_texte(horodatage) != texte:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=dossier, delete=False) as provisoire:  # O_EXCL
            provisoire.write(texte)
        os.replace(provisoire.name, horodatage)  # replaces a link itself, never writes where it points
    return fiche


def crochet_arrivee(racine: Path):
    """``Autograde.pre_convert_hook`` where nbgrader runs without the crash-recovery hooks (the formgrader's
    button, a Dask worker's course): each submission's time set by :func:`constater_arrivee`."""
    def avant(notebooks=(), **_) -> None:
        for dossier in {Path(nb).parent for nb in notebooks}:  # submitted/<student>/<assignment>
            constater_arrivee(racine, dossier)
    return avant


def empreinte_fichiers(fichiers: Iterable[Path], base: Path) -> str:
    """One hash of the files' paths (relative to ``base``) and contents, ``__pycache__`` aside."""
    h = hashlib.sha256()
    for f in sorted(p for p in fichiers if p.is_file() and "__pycache__" not in p.parts):
        h.update(str(f.relative_to(base)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def empreinte_copie(dossier: Path) -> str:
    """A submitted folder's content, its ``timestamp.txt`` aside (the one file the course rewrites)."""
    return empreinte_fichiers((p for p in Path(dossier).rglob("*") if p != Path(dossier) / "timestamp.txt"), dossier)


def _noter(racine: Path, cle: str, fiche: dict) -> None:
    """``fiche`` as the record of submission ``cle`` in :data:`HORODATAGES`, replaced atomically."""
    chemin = Path(racine) / HORODATAGES
    tout = lire_horodatages(Path(racine))
    tout[cle] = fiche
    provisoire = chemin.with_suffix(".tmp")
    provisoire.write_text(json.dumps(tout, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(provisoire, chemin)


def _lire_texte(chemin: Path) -> str | None:
    try:
        return chemin.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _lire_iso(texte) -> datetime.datetime | None:
    try:
        heure = datetime.datetime.fromisoformat(texte)
    except (TypeError, ValueError):
        return None
    return heure if heure.tzinfo else heure.replace(tzinfo=datetime.timezone.utc)


def _lire_heure(chemin: Path) -> datetime.datetime | None:
    from nbgrader.utils import parse_utc

    try:
        heure = parse_utc((_lire_texte(chemin) or "").strip())
    except (OSError, ValueError, UnicodeDecodeError, OverflowError):
        return None
    return heure.replace(tzinfo=datetime.timezone.utc) if heure.tzinfo is None else heure  # parse_utc: naive UTC


def lire_horodatages(racine: Path) -> dict[str, dict]:
    """The course's record of each submission's arrival (:class:`RamassageHorodate`, :func:`constater_arrivee`),
    ``{}`` if none."""
    try:
        tout = json.loads((Path(racine) / HORODATAGES).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return tout if isinstance(tout, dict) else {}



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
