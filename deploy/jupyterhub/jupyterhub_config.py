"""JupyterHub for one awalé class: one or more teachers, students, a shared nbgrader exchange.

Run as root from the project's virtualenv (``sudo .venv/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py``):
every user logs in with their Unix account (PAM) and their server runs as that account
(LocalProcessSpawner), so nbgrader knows each student by their login, as its exchange requires.

- Teachers (``AWALE_ENSEIGNANTS``) start in the course folder (``AWALE_COURS``, which they own) with
  nbgrader's formgrader and the assignment list; they are the hub's admins.
- Students (``AWALE_ELEVES``, or the members of the Unix group ``AWALE_GROUPE_ELEVES``) start in their
  home folder with the assignment list only: fetch, submit, fetch the feedback.
- The exchange (``AWALE_ECHANGE``) is a folder every account can write into, created here.

Nothing a student can reach holds an answer (docs/grading_security.md, « Who can read what »), and this file
enforces it at each start rather than trusting the installation:

- the course folder belongs to a teacher and is closed to everyone else (0700; 2770 with the teachers' Unix
  group ``AWALE_GROUPE_ENSEIGNANTS``, so that several teachers grade in it): ``source/``, ``gradebook.db``, ``submitted/``, ``autograded/``,
  ``feedback/`` and the course's ``.venv`` (the full reference) are reachable only through it;
- the students' servers run from the students' environment (``AWALE_ENV_ELEVES``, built by
  ``python -m pipeline.paquet_eleve``), outside the course folder: the course's tools without any reference
  of a graded function, solution or hidden test;
- every user's home is made 0700 (at each start of the hub and of the user's server): a student's holds their
  work, a teacher's the hidden SQL library the grading builds (``~/.cache/awale_ref``).

Everything a school changes is an environment variable (README, "Un serveur pour la classe"); the
course's own settings (course_id, preprocessors, sandbox) stay in the course's ``nbgrader_config.py``.
"""

import grp
import os
import pwd
import shutil
import stat
import sys
from pathlib import Path

from traitlets.config.loader import PyFileConfigLoader

c = get_config()  # noqa: F821 (provided by JupyterHub)

ICI = Path(__file__).resolve().parent


def _liste(variable: str, defaut: str = "") -> set[str]:
    return {nom.strip() for nom in os.environ.get(variable, defaut).split(",") if nom.strip()}


COURS = Path(os.environ.get("AWALE_COURS", "/srv/awale")).resolve()
ECHANGE = Path(os.environ.get("AWALE_ECHANGE", "/srv/nbgrader/exchange"))
ETAT = Path(os.environ.get("AWALE_HUB_ETAT", "/srv/jupyterhub"))  # the hub's database and cookie secret
ENSEIGNANTS = _liste("AWALE_ENSEIGNANTS", "prof")
ELEVES = _liste("AWALE_ELEVES")
GROUPE_ELEVES = os.environ.get("AWALE_GROUPE_ELEVES", "")
GROUPE_ENSEIGNANTS = os.environ.get("AWALE_GROUPE_ENSEIGNANTS", "")
ENV_ELEVES = Path(os.environ.get("AWALE_ENV_ELEVES", "/opt/awale-eleves")).resolve()
# The course's identifier, read from the course itself: the students fetch from it.
COURSE_ID = PyFileConfigLoader("nbgrader_config.py", path=str(COURS)).load_config().CourseDirectory.course_id
if not isinstance(COURSE_ID, str) or not COURSE_ID:
    raise SystemExit(f"{COURS}/nbgrader_config.py sets no CourseDirectory.course_id (AWALE_COURS is the course folder)")



# ---------------------------------------------------------------- who can read what
def proteger_le_cours() -> None:
    """The course folder: a teacher's, closed to the others (0700, or 2770 for the teachers' group)."""
    info = COURS.stat()
    proprietaire = pwd.getpwuid(info.st_uid).pw_name
    if proprietaire not in ENSEIGNANTS:
        raise SystemExit(f"{COURS} belongs to {proprietaire}, not to a teacher ({', '.join(sorted(ENSEIGNANTS))}): "
                         f"chown -R {sorted(ENSEIGNANTS)[0]}: {COURS}")
    if ECHANGE.resolve() == COURS or COURS in ECHANGE.resolve().parents:
        raise SystemExit(f"AWALE_ECHANGE={ECHANGE} is inside the course folder {COURS}, which students cannot "
                         f"reach: put the exchange elsewhere (/srv/nbgrader/exchange)")
    if GROUPE_ENSEIGNANTS:  # several teachers: the group reads and writes, new files keep the group (setgid)
        os.chown(COURS, -1, _groupe(GROUPE_ENSEIGNANTS, "AWALE_GROUPE_ENSEIGNANTS").gr_gid)
        COURS.chmod(0o2770)
    else:
        COURS.chmod(0o700)


def home_ferme(compte: str) -> None:
    """A user's home folder: theirs alone (useradd may create it 0755)."""
    try:
        home = Path(pwd.getpwnam(compte).pw_dir)
    except KeyError:
        return
    if home.is_dir() and home != Path("/") and stat.S_IMODE(home.stat().st_mode) & 0o077:
        home.chmod(stat.S_IMODE(home.stat().st_mode) & 0o700)


def _groupe(nom: str, variable: str) -> grp.struct_group:
    try:
        return grp.getgrnam(nom)
    except KeyError:
        raise SystemExit(f"{variable}={nom}: no such Unix group") from None


def eleves_connus() -> set[str]:
    membres = set(_groupe(GROUPE_ELEVES, "AWALE_GROUPE_ELEVES").gr_mem) if GROUPE_ELEVES else set()
    return (ELEVES | membres) - ENSEIGNANTS


def verifier_env_eleves() -> Path:
    """The students' environment: built (its singleuser server is there) and outside the course folder."""
    if ENV_ELEVES == COURS or COURS in ENV_ELEVES.parents:
        raise SystemExit(f"AWALE_ENV_ELEVES={ENV_ELEVES} is inside the course folder {COURS}, which students "
                         f"cannot read: build it elsewhere (python -m pipeline.paquet_eleve /opt/awale-eleves)")
    serveur = ENV_ELEVES / "bin" / "jupyterhub-singleuser"
    if not serveur.exists():
        raise SystemExit(f"the students' environment {ENV_ELEVES} is not built ({serveur} is missing): "
                         f"python -m pipeline.paquet_eleve {ENV_ELEVES}")
    return ENV_ELEVES / "bin"


proteger_le_cours()
for _compte in eleves_connus() | ENSEIGNANTS:
    home_ferme(_compte)
_bin_eleves = verifier_env_eleves()

# ---------------------------------------------------------------- addresses
c.JupyterHub.bind_url = os.environ.get("AWALE_HUB_URL", "http://127.0.0.1:8000")
c.JupyterHub.hub_bind_url = os.environ.get("AWALE_HUB_API_URL", "http://127.0.0.1:8081")
c.ConfigurableHTTPProxy.api_url = os.environ.get("AWALE_PROXY_API_URL", "http://127.0.0.1:8001")
_chp = ICI / "node_modules" / ".bin" / "configurable-http-proxy"  # npm ci --prefix deploy/jupyterhub
c.ConfigurableHTTPProxy.command = [str(_chp) if _chp.exists() else "configurable-http-proxy"]
ETAT.mkdir(parents=True, exist_ok=True, mode=0o700)
c.JupyterHub.db_url = f"sqlite:///{ETAT / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(ETAT / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(ETAT / "jupyterhub-proxy.pid")

# ---------------------------------------------------------------- who may log in
c.JupyterHub.authenticator_class = "pam"
c.Authenticator.admin_users = ENSEIGNANTS
c.Authenticator.allowed_users = ENSEIGNANTS | ELEVES
if GROUPE_ELEVES:
    c.PAMAuthenticator.allowed_groups = {GROUPE_ELEVES}

# ---------------------------------------------------------------- each user's server, as their own account
c.JupyterHub.spawner_class = "localprocess"
_bin = Path(sys.executable).parent  # the hub's virtualenv (the course's): the teachers' servers
c.Spawner.default_url = "/lab"
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 120
ECHANGE.mkdir(parents=True, exist_ok=True)
ECHANGE.chmod(0o1777)  # every account writes its submissions here; the sticky bit keeps them apart (nbgrader)


def preparer(spawner) -> None:
    """Teacher or student: the settings folder (JUPYTER_CONFIG_PATH) and the start folder of the server."""
    role = "enseignant" if spawner.user.name in ENSEIGNANTS else "eleve"
    binaires = _bin if role == "enseignant" else _bin_eleves  # a student's server: the students' environment
    spawner.environment = {**spawner.environment,  # a copy: the configured dict is shared by every spawner
        "JUPYTER_CONFIG_PATH": os.pathsep.join([str(ICI / "jupyter" / role), str(ICI / "jupyter" / "commun")]),
        "AWALE_COURSE_ID": COURSE_ID,
        "AWALE_ECHANGE": str(ECHANGE),
        "PATH": os.pathsep.join([str(binaires), "/usr/local/bin", "/usr/bin", "/bin"]),
    }
    spawner.cmd = [str(binaires / "jupyterhub-singleuser")]
    if role == "enseignant":
        spawner.environment["AWALE_COURS"] = str(COURS)  # the formgrader's CourseDirectory.root
        spawner.notebook_dir = str(COURS)
    else:
        spawner.notebook_dir = "~"
    home_ferme(spawner.user.name)


c.Spawner.pre_spawn_hook = preparer
if shutil.which("bwrap") is None:
    print("[awalé] bubblewrap is missing: grading in the sandbox will fail (apt-get install bubblewrap)",
          file=sys.stderr)
