"""The sandbox in which a submission's code runs while it is graded: bubblewrap (``bwrap``).

Both the student's kernel and the runner (``executant``) run inside one, one
per submission, built here as a command line:

- no network (``--unshare-net``), own PID, IPC and UTS namespaces (nothing
  outlives the sandbox: ``--die-with-parent`` kills its whole PID namespace);
- the system (``/usr``, ``/etc``) and Python's installation read-only; of the
  course folder only what is listed in ``lecture`` (read-only) and
  ``ecriture`` (the private copy of the submission, a private temporary
  folder) is visible: not ``source/``, other submissions, the gradebook, the
  caches or the user's home;
- the code inside runs with no capabilities, an empty bounding set and
  ``no_new_privs``: as ``nobody`` (65534) when the grader is root; otherwise
  as the user namespace's root, which maps to the grader's own account (the
  securebits ``noroot`` keep it from regaining capabilities by ``exec``);
- limits (``prlimit``): address space, file size, processes, CPU time, no
  core files; the private ``/tmp`` is a tmpfs of bounded size and file count
  (:data:`PREMIER_PROCESSUS` remounts it with ``nr_inodes`` inside the sandbox
  before the capabilities are dropped); the only writable places are that
  ``/tmp`` and the working folders, folders of it filled from read-only host
  folders (``ecriture``); the root and ``/dev`` are read-only, and a folder
  of Unix sockets (``sockets``) is writable only until :func:`sceller`;
- what each party sees read-only is :data:`MONTAGES` (one table); the
  course's own package is never mounted, and is hidden under an empty
  read-only tmpfs where a mounted folder holds it (:func:`masques`).

Where bubblewrap cannot run (not installed, macOS, a container without user
namespaces) :func:`verifier_disponible` raises :class:`BacASableIndisponible`
with a French message naming the explicit opt-out for trusted work
(``AWALE_BAC_A_SABLE=non``, or ``c.ExecutionProtegee.bac_a_sable = False``).

>>> b = BacASable(repertoire="/tmp/copie", ecriture=["/tmp/copie"])
>>> cmd = b.commande(["python3", "-c", "print(1)"])
>>> any(c.endswith("bwrap") for c in cmd), "--unshare-net" in cmd, cmd[-3:]
(True, True, ['python3', '-c', 'print(1)'])
"""

from __future__ import annotations

import functools
import os
import shutil
import site
import stat
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass, field
from pathlib import Path

UID_NOBODY = 65534
MATPLOTLIB = "/tmp/.matplotlib"  # matplotlib's configuration folder in every sandbox (``MPLCONFIGDIR``)
VARIABLE_OPT_OUT = "AWALE_BAC_A_SABLE"

MONTAGES: dict[str, tuple[str, ...]] = {
    "noyau": ("paquet_eleve",),
    "executant": ("protocole", "protocole_compile"),
    "sql": ("protocole", "protocole_compile", "base_cachee"),
}
"""What each party of the grading sees read-only, besides the system and Python's installation, by source:
``paquet_eleve`` the students' package built for grading (``pipeline.autograde.paquet_noyau``: no reference, no
answer, no key query), first on the kernel's ``sys.path``; ``protocole`` the runner's folder (every module of
``awale_ref/grading/executant/``, :func:`protocole`); ``protocole_compile`` those modules' bytecode, compiled by
the grader from the same files (:func:`protocole_compile`); ``base_cachee`` the notebook's hidden SQL database
(the judge's SQL process only).  Nothing else of the course is mounted in any sandbox (:func:`lecture`)."""


def protocole() -> list[str]:
    """Every module of the runner's folder (``awale_ref/grading/executant/``): its loop, run as a script, and
    what it loads from beside it (the protocol, the encoding, the observations, the SQL guard)."""
    from awale_ref.grading import executant

    ici = os.path.dirname(os.path.abspath(executant.__file__))
    return sorted(os.path.join(ici, nom) for nom in os.listdir(ici) if nom.endswith(".py"))


def bytecode_de(source: str) -> str:
    """Where the runner's Python (no ``pycache_prefix``, no optimisation) looks for the bytecode of ``source``."""
    dossier, nom = os.path.split(source)
    return os.path.join(dossier, "__pycache__", f"{nom.removesuffix('.py')}.{sys.implementation.cache_tag}.pyc")


def protocole_compile() -> list[str]:
    """The bytecode of every module of :func:`protocole`, where the runner's Python looks for it beside each
    source (``__pycache__/<module>.<tag>.pyc``, checked against the source's time and size): written here when
    missing or stale, from the very files the sandbox mounts.  The sandbox mounts them read-only, so without
    these files each runner would compile every module of its folder again at each start; a file that cannot
    be written here (a read-only installation) is left out, and the runner compiles that module itself."""
    import importlib.util
    import py_compile

    compiles = []
    for source in protocole():
        cible = bytecode_de(source)
        st = os.stat(source)
        entete = importlib.util.MAGIC_NUMBER + b"\0\0\0\0" + (
            (int(st.st_mtime) & 0xFFFFFFFF).to_bytes(4, "little") + (st.st_size & 0xFFFFFFFF).to_bytes(4, "little"))
        try:
            with open(cible, "rb") as f:
                a_jour = f.read(16) == entete
        except OSError:
            a_jour = False
        if not a_jour:
            try:
                py_compile.compile(source, cfile=cible, doraise=True, optimize=0,
                                   invalidation_mode=py_compile.PycInvalidationMode.TIMESTAMP)
            except OSError:
                continue
        compiles.append(cible)
    return compiles


def lecture(partie: str, **sources: str | os.PathLike | None) -> list[str]:
    """The read-only paths of ``partie`` (a key of :data:`MONTAGES`), each source's path given by the caller
    (``protocole`` and ``protocole_compile`` are found here); a source the table does not give that party is refused."""
    attendues = MONTAGES[partie]
    en_trop = sorted(set(sources) - set(attendues))
    if en_trop:
        raise ValueError(f"the {partie} mounts no {en_trop} (bac_a_sable.MONTAGES)")
    chemins: list[str] = []
    for source in attendues:
        if source == "protocole":
            chemins += protocole()
        elif source == "protocole_compile":
            chemins += protocole_compile()
        elif sources.get(source) is None:
            raise ValueError(f"the {partie} needs its {source} (bac_a_sable.MONTAGES)")
        else:
            chemins.append(os.fspath(sources[source]))
    return chemins


def masques() -> list[str]:
    """What no sandbox may see even where a mounted folder holds it: the course's package (installed in
    ``site-packages``, say), the course's cache (the hidden SQL libraries) and the grading lock's folder."""
    from awale_ref.cache import dossier_cache
    from awale_ref.grading.correcteur.verrou import dossier_du_verrou

    paquet = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # awale_ref/
    return [paquet, os.path.abspath(dossier_cache()),
            os.path.abspath(dossier_du_verrou())]


class BacASableIndisponible(RuntimeError):
    """Bubblewrap cannot run here (message in French, with the opt-out)."""


def desactive_par_environnement() -> bool:
    """``AWALE_BAC_A_SABLE=non`` (or 0/off/false): the explicit opt-out for trusted work."""
    return os.environ.get(VARIABLE_OPT_OUT, "").strip().lower() in ("non", "0", "off", "false", "no")


def actif(reglage: bool) -> bool:
    """The sandbox is used when the course's setting asks for it and the environment does not opt out."""
    return reglage and not desactive_par_environnement()


def _bwrap() -> str | None:
    return shutil.which("bwrap")


def en_root() -> bool:
    return os.geteuid() == 0


@functools.lru_cache(maxsize=1)
def _raison_indisponible() -> str | None:
    """Why a sandbox cannot start here, or ``None`` when a trial sandbox ran."""
    if sys.platform != "linux":
        return f"bubblewrap n'existe que sous Linux (ce système : {sys.platform})"
    if _bwrap() is None:
        return "la commande bwrap est absente (paquet Debian « bubblewrap » : apt-get install bubblewrap)"
    for commande in ("prlimit", "nsenter"):
        if shutil.which(commande) is None:
            return f"la commande {commande} est absente (paquet Debian « util-linux »)"
    essai = BacASable(repertoire="/", ecriture=[])
    try:
        sortie = subprocess.run(essai.commande([sys.executable, "-c", "print(6 * 7)"]), capture_output=True,
                                timeout=60, text=True)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"bwrap n'a pas pu démarrer ({exc})"
    if sortie.stdout.strip() != "42":
        detail = (sortie.stderr.strip().splitlines() or ["aucun détail"])[-1]
        return f"bwrap n'a pas pu lancer Python dans un bac à sable ({detail[:300]})"
    return None


def verifier_disponible() -> None:
    """Raise :class:`BacASableIndisponible` (French) when the sandbox cannot run here."""
    raison = _raison_indisponible()
    if raison:
        raise BacASableIndisponible(
            f"Correction refusée : le bac à sable n'est pas disponible ({raison}). Le code des élèves ne doit "
            f"pas s'exécuter hors d'un bac à sable. Pour un travail de confiance seulement (vos propres "
            f"notebooks), relancez avec {VARIABLE_OPT_OUT}=non, ou mettez "
            f"c.ExecutionProtegee.bac_a_sable = False dans nbgrader_config.py.")


def dossiers_python() -> list[str]:
    """Python's installation and the installed packages: visible, read-only, in every sandbox."""
    dossiers = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
                *(sysconfig.get_paths().get(k) for k in ("stdlib", "platstdlib", "purelib", "platlib")),
                *site.getsitepackages(), os.path.dirname(os.path.realpath(sys.executable))}
    existants = sorted({os.path.realpath(d) for d in dossiers if d and os.path.isdir(d)} |
                       {d for d in dossiers if d and os.path.isdir(d)})
    # keep only the outermost folders
    garde: list[str] = []
    for d in existants:
        if not any(d == g or d.startswith(g.rstrip("/") + "/") for g in garde):
            garde.append(d)
    return [d for d in garde if not _sous_systeme(d)]


def _dans(chemin: str, dossier: str) -> bool:
    """``chemin`` is strictly inside ``dossier``."""
    return chemin.startswith(dossier.rstrip("/") + "/")


def _sous_systeme(chemin: str) -> bool:
    return chemin == "/usr" or chemin.startswith("/usr/")


def stockage_plein(pid: int) -> str | None:
    """Whether the private ``/tmp`` of the sandbox whose ``bwrap`` is process ``pid`` reached its size or file
    limit (read from the host through a process of the sandbox, ``/proc/<child>/root/tmp``): what is used, in
    words for the teacher's log; ``None`` when it is not full or cannot be read (the sandbox ended)."""
    try:
        enfants = [int(e) for t in os.listdir(f"/proc/{pid}/task")
                   for e in Path(f"/proc/{pid}/task/{t}/children").read_text().split()]
    except (OSError, ValueError):
        return None
    for enfant in enfants:
        try:
            st = os.statvfs(f"/proc/{enfant}/root/tmp")
        except OSError:
            continue
        libre, fichiers_libres = st.f_bavail * st.f_frsize, st.f_favail
        if libre < 1024 ** 2 or fichiers_libres < 16:
            return (f"its private /tmp is full ({(st.f_blocks * st.f_frsize - libre) // 1024 ** 2} MiB of "
                    f"{st.f_blocks * st.f_frsize // 1024 ** 2} MiB, {st.f_files - st.f_ffree} files of {st.f_files}): "
                    f"the student's code filled it (its working folder is there too) and was refused more")
        return None
    return None


def preparer_dossier_prive(chemin: str | Path) -> None:
    """Make a private folder the sandbox's user's (``nobody`` when the grader is root): readable by the code it
    runs (a working folder's host copy, :attr:`BacASable.ecriture`), writable where it binds its sockets."""
    os.makedirs(chemin, exist_ok=True)
    if en_root():
        for racine, dossiers, fichiers in os.walk(chemin):
            for nom in [racine, *(os.path.join(racine, d) for d in dossiers),
                        *(os.path.join(racine, f) for f in fichiers)]:
                if not os.path.islink(nom):
                    os.chown(nom, UID_NOBODY, UID_NOBODY)


PREFIXES = ("awk", "awale_noyau_", "awale_executant_", "awale_sql_")
"""The host folders of the sandboxes (:func:`dossier_prive`): the kernel's IPC folder (short: Unix socket paths are
limited), the kernel's, the runner's and the judge's SQL process's working folders."""


def dossier_prive(prefixe: str, dir: str | None = None) -> str:
    """A new private host folder for a sandbox, named after ``prefixe`` (one of :data:`PREFIXES`) and this process
    (``<prefixe><pid>.<PID namespace>-<random>``, :func:`espace_pid`), in ``dir`` (the temporary folder by
    default); the folders a dead grading process left are removed first, once per process
    (:func:`nettoyer_les_abandonnes`)."""
    import tempfile

    if prefixe not in PREFIXES:
        raise ValueError(f"{prefixe!r} is none of bac_a_sable.PREFIXES")
    nettoyer_les_abandonnes()
    return tempfile.mkdtemp(prefix=f"{prefixe}{os.getpid()}.{espace_pid()}-", dir=dir)


@functools.lru_cache(maxsize=1)
def espace_pid() -> str:
    """This process's PID namespace, as a short name (the inode of ``/proc/self/ns/pid``, in hexadecimal): a PID in
    a folder's name means a process only to a process of the same namespace."""
    return format(os.stat("/proc/self/ns/pid").st_ino, "x")


@functools.lru_cache(maxsize=1)
def nettoyer_les_abandonnes() -> list[str]:
    """Remove the folders of :func:`dossier_prive` whose grading process is gone (killed before it removed them),
    in ``/tmp`` and the temporary folder, of this account only (when root, those it gave ``nobody`` too) and of
    this PID namespace only (a grader in another one, sharing ``/tmp``, names its folders after PIDs this process
    cannot see: they are left alone); the folders removed.  Once per process."""
    import re
    import tempfile

    forme = re.compile(rf"^(?:{'|'.join(map(re.escape, PREFIXES))})(\d+)\.{espace_pid()}-[a-z0-9_]+$")
    miens = {os.geteuid(), UID_NOBODY} if en_root() else {os.geteuid()}
    enleves = []
    for dossier in sorted({"/tmp", tempfile.gettempdir()}):
        try:
            noms = os.listdir(dossier)
        except OSError:
            continue
        for nom in noms:
            if (m := forme.match(nom)) is None or os.path.exists(f"/proc/{m[1]}"):
                continue
            chemin = os.path.join(dossier, nom)
            try:
                st = os.lstat(chemin)
            except OSError:
                continue
            if stat.S_ISDIR(st.st_mode) and st.st_uid in miens:
                shutil.rmtree(chemin, ignore_errors=True)
                enleves.append(chemin)
    return enleves


def init_du_bac(pid: int) -> int | None:
    """The host PID of the init of the PID namespace of the sandbox whose ``bwrap`` process is ``pid`` (its child),
    or ``None`` (no such process, or not a sandbox)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            enfants = f.read().split()
    except OSError:
        return None
    return int(enfants[0]) if enfants else None


def attendre_la_fin(init: int | None, delai: float = 10.0) -> bool:
    """Wait until the sandbox whose namespace's init is ``init`` (:func:`init_du_bac`, read before its ``bwrap``
    was killed) has no process left: its init exits only once every process of its PID namespace is gone.
    ``True`` when gone within ``delai`` seconds."""
    if init is None:
        return True
    fin = time.monotonic() + delai
    while time.monotonic() < fin:
        try:
            with open(f"/proc/{init}/stat") as f:
                etat = f.read().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return True
        if etat in ("Z", "X"):
            return True
        time.sleep(0.002)
    return False


def copier_sans_liens(source: str | Path, destination: str | Path) -> list[str]:
    """Copy a submission's folder, never following a symbolic link; return the links left out."""
    ignores: list[str] = []
    source, destination = Path(source), Path(destination)
    destination.mkdir(parents=True, exist_ok=True)
    for racine, dossiers, fichiers in os.walk(source, followlinks=False):
        cible = destination / Path(racine).relative_to(source)
        cible.mkdir(exist_ok=True)
        for nom in [*dossiers, *fichiers]:
            chemin = Path(racine) / nom
            mode = os.lstat(chemin).st_mode
            if stat.S_ISLNK(mode):
                ignores.append(str(chemin.relative_to(source)))
                if nom in dossiers:
                    dossiers.remove(nom)
            elif stat.S_ISREG(mode):
                shutil.copyfile(chemin, cible / nom, follow_symlinks=False)
    return ignores


def encombrement(dossier: str | Path) -> tuple[int, int]:
    """What copying ``dossier`` into a sandbox's ``/tmp`` takes (:data:`COPIER`): the bytes of its regular files,
    and its folders and regular files counted (``dossier`` itself included), links not followed."""
    octets, elements = 0, 1
    for racine, dossiers, fichiers in os.walk(dossier, followlinks=False):
        for nom in [*dossiers, *fichiers]:
            st = os.lstat(os.path.join(racine, nom))
            if stat.S_ISDIR(st.st_mode) or stat.S_ISREG(st.st_mode):
                elements += 1
                octets += st.st_size if stat.S_ISREG(st.st_mode) else 0
    return octets, elements


# ---------------------------------------------------------------- system calls refused in every sandbox (seccomp)
# What one sandbox could leave for a later one, or read of another's, beside the files it may write: the kernel's
# keyrings (a key added to the user keyring of ``nobody`` stays after its process and is read by any later
# sandbox) and the page cache's state of a file all sandboxes read (``posix_fadvise`` empties it, ``preadv2``'s
# ``RWF_NOWAIT``, ``mincore`` and ``cachestat`` read it without changing it).  Refused with EPERM; nothing the
# notebooks, IPython or the kernel need.  Per architecture: the audit number of the ABI, then the calls' numbers.
APPELS_REFUSES = {
    "x86_64": (0xC000003E, {"add_key": 248, "request_key": 249, "keyctl": 250, "fadvise64": 221, "mincore": 27,
                            "preadv2": 327, "pwritev2": 328, "cachestat": 451}),
    "aarch64": (0xC00000B7, {"add_key": 217, "request_key": 218, "keyctl": 219, "fadvise64": 223, "mincore": 232,
                             "preadv2": 286, "pwritev2": 287, "cachestat": 451}),
}
FD_SECCOMP = 9  # the descriptor bubblewrap reads the filter from (``--seccomp``)

COPIER = (
    "def _copier(source, destination, uid):\n"
    "    import os, stat\n"
    "    for racine, dossiers, fichiers in os.walk(source):\n"  # a link to a folder is never walked
    "        cible = os.path.join(destination, os.path.relpath(racine, source))\n"
    "        os.makedirs(cible, exist_ok=True)\n"
    "        for nom in [None, *fichiers]:\n"
    "            de, vers = (racine, cible) if nom is None else (os.path.join(racine, nom), os.path.join(cible, nom))\n"
    "            if nom is not None:\n"
    "                if not stat.S_ISREG(os.lstat(de).st_mode):\n"
    "                    continue\n"
    "                with open(de, 'rb') as f, open(vers, 'wb') as g:\n"
    "                    g.write(f.read())\n"
    "            if uid >= 0:\n"
    "                os.chown(vers, uid, uid)\n")
"""Copy a read-only host folder (a working folder's, :attr:`BacASable.ecriture`) into the sandbox's ``/tmp``: its
folders and regular files only (no link is followed or copied), given to ``uid`` (-1: the copier's own)."""

PREMIER_PROCESSUS = COPIER + (
    "import ctypes, os, sys\n"
    "taille, fichiers, uid, n = sys.argv[1:5]\n"
    "travail, commande = sys.argv[5:5 + 2 * int(n)], sys.argv[5 + 2 * int(n):]\n"
    "libc = ctypes.CDLL(None, use_errno=True)\n"
    "if libc.mount(b'tmpfs', b'/tmp', b'tmpfs', ctypes.c_ulong(32 | 2 | 4),\n"  # MS_REMOUNT | MS_NOSUID | MS_NODEV
    "              f'size={taille},nr_inodes={fichiers},mode=1777'.encode()) != 0:\n"
    "    sys.exit(f'sandbox: /tmp could not be remounted ({os.strerror(ctypes.get_errno())})')\n"
    "for i in range(0, len(travail), 2):\n"
    "    depot, chemin = travail[i:i + 2]\n"
    "    lieu = chemin if chemin.startswith('/tmp/') else f'/tmp/.travail{i // 2}'\n"
    "    try:\n"
    "        _copier(depot, lieu, int(uid))\n"
    "    except OSError as exc:\n"
    "        sys.exit(f'sandbox: {depot} does not fit in its private /tmp ({exc})')\n"
    "    if lieu != chemin and libc.mount(lieu.encode(), chemin.encode(), None, ctypes.c_ulong(4096), None) != 0:\n"
    "        sys.exit(f'sandbox: {chemin} could not be mounted ({os.strerror(ctypes.get_errno())})')\n"  # MS_BIND
    "os.chdir(os.getcwd())\n"  # the working folder mounted over the folder bubblewrap went into
    "os.execvp(commande[0], commande)\n")
"""The sandbox's first process, still holding ``CAP_SYS_ADMIN`` in its mount namespace: remounts the private
``/tmp`` with its size and file count (bubblewrap sets only the size; ``mount(8)`` refuses to remount inside a
user namespace, the system call does not); makes each working folder a folder of that ``/tmp`` (bound at its path
when it lies elsewhere), holding a copy of its host folder (:data:`COPIER`, given to ``nobody`` when the grader is
root); then becomes the command that drops the capabilities."""

SCELLER = (
    "import ctypes, os, sys\n"
    "chemin = sys.argv[1]\n"
    "f = os.statvfs(chemin).f_flag\n"  # the flags kept (a user namespace may not drop those of the host's mount)
    "drapeaux = 32 | 4096 | 1 | (f & (2 | 4 | 8 | 1024 | 2048)) | (1 << 21 if f & 4096 else 0)\n"
    "if ctypes.CDLL(None, use_errno=True).mount(None, chemin.encode(), None, ctypes.c_ulong(drapeaux), None) != 0:\n"
    "    sys.exit(f'sandbox: {chemin} could not be made read-only ({os.strerror(ctypes.get_errno())})')\n"
    "if not os.statvfs(chemin).f_flag & 1:\n"
    "    sys.exit(f'sandbox: {chemin} is still writable')\n")
"""Run in a sandbox's mount namespace (:func:`sceller`): remount the bind mount ``argv[1]`` read-only
(``MS_REMOUNT | MS_BIND | MS_RDONLY``, its other flags kept), and check it is."""


class ScellementImpossible(RuntimeError):
    """A sandbox's folder of sockets could not be made read-only: nothing of the student's may run in it."""


def sceller(pid: int, chemin: str) -> None:
    """Make ``chemin`` (:attr:`BacASable.sockets`, bound writable) read-only inside the sandbox whose ``bwrap`` is
    process ``pid``, from outside: ``nsenter`` enters its mount namespace (and its user namespace, which the
    grader's account owns, when the grader is not root: its uid there is 0, with every capability of that namespace)
    and runs :data:`SCELLER` there.  The sockets already bound
    in it still answer; nothing more can be created there.  :class:`ScellementImpossible` when it failed."""
    init = init_du_bac(pid)
    if init is None:
        raise ScellementImpossible(f"no sandbox under process {pid}")
    entrer = ["nsenter", "-t", str(init), "-m", "-r"] + ([] if en_root() else ["-U", "--preserve-credentials"])
    fin = subprocess.run([*entrer, "--", sys.executable, "-I", "-S", "-c", SCELLER, chemin],
                         capture_output=True, text=True, timeout=60)
    if fin.returncode != 0:
        raise ScellementImpossible(f"{chemin} is still writable in its sandbox "
                                   f"({(fin.stderr.strip() or f'exit code {fin.returncode}')[-300:]})")


def filtre_seccomp(machine: str | None = None) -> bytes | None:
    """The classic BPF program bubblewrap installs (``--seccomp``): EPERM for :data:`APPELS_REFUSES`, any other
    call allowed; ``None`` on an architecture without a list (no filter: the channels stay, see the docs).
    A call of another ABI of the same machine (x86_64's x32) is refused as a whole."""
    import platform
    import struct

    arch, numeros = APPELS_REFUSES.get(machine or platform.machine(), (None, None))
    if arch is None:
        return None
    LD_W_ABS, JEQ_K, JGE_K, RET_K = 0x20, 0x15, 0x35, 0x06
    AUTORISER, REFUSER = 0x7FFF0000, 0x00050000 | 1  # SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO | EPERM
    appels = sorted(numeros.values())
    n = len(appels)
    # 0: arch; 1: another arch -> refuse; 2: nr; 3: x32 -> refuse; 4..4+n-1: each call -> refuse; allow; refuse
    programme = [(LD_W_ABS, 0, 0, 4), (JEQ_K, 1, 0, arch), (RET_K, 0, 0, REFUSER), (LD_W_ABS, 0, 0, 0),
                 (JGE_K, n + 1, 0, 0x40000000)]
    programme += [(JEQ_K, n - i, 0, numero) for i, numero in enumerate(appels)]
    programme += [(RET_K, 0, 0, AUTORISER), (RET_K, 0, 0, REFUSER)]
    return b"".join(struct.pack("=HBBI", *instruction) for instruction in programme)


@functools.lru_cache(maxsize=1)
def fichier_seccomp() -> str | None:
    """A read-only file holding :func:`filtre_seccomp`'s program (written once per process, removed at exit)."""
    import atexit
    import tempfile

    programme = filtre_seccomp()
    if programme is None:
        return None
    fd, chemin = tempfile.mkstemp(prefix="awale_seccomp_", suffix=".bpf")
    with os.fdopen(fd, "wb") as f:
        f.write(programme)
    os.chmod(chemin, 0o444)
    atexit.register(lambda: os.path.exists(chemin) and os.unlink(chemin))
    return chemin


@dataclass
class BacASable:
    """One sandbox: what it sees, what it may write, its limits.

    Where it may write, every place is bounded in bytes and in files: its private ``/tmp`` (``stockage``,
    ``fichiers_max``) and its working folders (``ecriture``), which are folders of that ``/tmp``, holding at start a
    copy of their host folder (:data:`PREMIER_PROCESSUS`), which the sandbox sees read-only at :meth:`depot`;
    :meth:`recopie` copies again what the grader added there later.  The root and ``/dev`` are read-only.
    ``sockets`` (the kernel's IPC folder) is the one host folder bound writable: the grader makes it read-only
    (:func:`sceller`) once the sockets are bound there, before anything of the student's runs.
    """

    repertoire: str                                     # working directory inside
    ecriture: list = field(default_factory=list)        # working folders: a path (the same inside) or a pair
                                                        # (host folder, path inside), see above
    lecture: list[str] = field(default_factory=list)    # extra read-only paths (same path inside)
    sockets: str | None = None                          # a host folder bound writable until ``sceller``
    memoire: int = 2 * 1024 ** 3                        # RLIMIT_AS, bytes
    fichier: int = 64 * 1024 ** 2                       # RLIMIT_FSIZE, bytes
    processus: int = 256                                # RLIMIT_NPROC
    cpu: int = 0                                        # RLIMIT_CPU, seconds (0: none)
    stockage: int = 64 * 1024 ** 2                      # size of the private /tmp (tmpfs), bytes
    fichiers_max: int = 4096                            # files and folders in the private /tmp
    environnement: dict[str, str] = field(default_factory=dict)

    def _points_de_montage(self) -> list[str]:
        args: list[str] = []
        crees: set[str] = {"/", "/tmp", "/proc", "/dev", "/usr", "/etc"}

        def parents(chemin: str) -> None:
            courant = ""
            for partie in Path(chemin).parts[1:-1]:
                courant += "/" + partie
                if courant not in crees:
                    crees.add(courant)
                    args.extend(["--perms", "0755", "--dir", courant])

        args += ["--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"]
        for nom in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
            chemin = "/" + nom
            if os.path.islink(chemin):
                args += ["--symlink", os.readlink(chemin), chemin]
            elif os.path.isdir(chemin):
                args += ["--ro-bind", chemin, chemin]
            crees.add(chemin)
        # /tmp writable by the sandbox's user (the tmpfs is made before the switch to ``nobody``): else
        # IPython, matplotlib and ``tempfile`` fall back to the working folder and litter the student's copy.
        args += ["--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--size", str(self.stockage), "--tmpfs", "/tmp"]
        montes = ["/usr", "/etc"]
        for chemin in dossiers_python():
            if os.path.exists(chemin) and not _sous_systeme(chemin):
                parents(chemin)
                args += ["--ro-bind", chemin, chemin]
                montes.append(chemin)
        caches = [m for m in masques() if os.path.isdir(m) and any(_dans(m, d) for d in montes)]
        for masque in caches:  # an empty folder in its place, read-only once everything is mounted
            args += ["--perms", "0555", "--size", "4096", "--tmpfs", masque]
        for chemin in self.lecture:
            if os.path.exists(chemin) and not _sous_systeme(chemin):
                parents(chemin)
                args += ["--ro-bind", chemin, chemin]
        for i, (source, chemin) in enumerate(self.travail()):
            for dossier in (self.depot(i), chemin):
                parents(dossier)
                crees.add(dossier)
            args += ["--ro-bind", source, self.depot(i), "--dir", chemin]
        if self.sockets is not None:
            parents(self.sockets)
            args += ["--bind", self.sockets, self.sockets]
        for masque in caches:
            args += ["--remount-ro", masque]
        return args + ["--remount-ro", "/", "--remount-ro", "/dev"]

    def travail(self) -> list[tuple[str, str]]:
        """The working folders: (host folder, path inside)."""
        return [(entree, entree) if isinstance(entree, str) else tuple(entree) for entree in self.ecriture]

    @staticmethod
    def depot(i: int) -> str:
        """Where the sandbox sees the host folder of its ``i``-th working folder, read-only."""
        return f"/depots/{i}"

    def recopie(self) -> str:
        """Python code copying each working folder's host folder into it again, run by the sandbox's user (in a
        namespace of its own): what the grader added to a host folder after the sandbox started (a kernel started
        before its submission was known) reaches the working folder, within its bounds (``OSError`` past them)."""
        appels = "".join(f"_copier({self.depot(i)!r}, {chemin!r}, -1)\n"
                         for i, (_, chemin) in enumerate(self.travail()))
        return f"exec({COPIER + appels!r}, {{}})"

    def commande(self, argv: list[str]) -> list[str]:
        """The command line running ``argv`` in this sandbox (through ``sh``, which opens the seccomp filter's
        file on the descriptor bubblewrap reads, then becomes bubblewrap: the same process)."""
        bwrap = _bwrap() or "bwrap"
        cmd = [bwrap, "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
               "--die-with-parent", "--new-session"]
        filtre = fichier_seccomp()
        if filtre is not None:
            cmd = ["/bin/sh", "-c", f'f=$1; shift; exec "$@" {FD_SECCOMP}<"$f"', "sh", filtre, *cmd,
                   "--seccomp", str(FD_SECCOMP)]
        if not en_root():
            # root of its own user namespace, so that the first process may remount /tmp (bubblewrap's default,
            # the grader's uid inside, would put the sandbox in a nested namespace that does not own the mounts)
            cmd += ["--unshare-user", "--uid", "0", "--gid", "0", "--cap-add", "CAP_SYS_ADMIN", "--cap-add",
                    "CAP_SETPCAP"]
        cmd += self._points_de_montage()
        venv_bin = os.path.dirname(os.path.abspath(sys.executable))
        env = {"PATH": f"{venv_bin}:/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8",
               "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1",
               "MPLCONFIGDIR": MATPLOTLIB, "IPYTHONDIR": "/tmp/.ipython", "JUPYTER_CONFIG_DIR":
               "/tmp/.jupyter", "JUPYTER_DATA_DIR": "/tmp/.jupyter-data", "JUPYTER_RUNTIME_DIR":
               "/tmp/.jupyter-runtime", "JUPYTER_NO_CONFIG": "1", "MPLBACKEND": "Agg", **self.environnement}
        cmd += ["--clearenv"]
        for cle, valeur in env.items():
            cmd += ["--setenv", cle, valeur]
        cmd += ["--chdir", self.repertoire, "--"]
        travail = [dossier for i, (_, chemin) in enumerate(self.travail()) for dossier in (self.depot(i), chemin)]
        cmd += [sys.executable, "-I", "-S", "-c", PREMIER_PROCESSUS, str(self.stockage), str(self.fichiers_max),
                str(UID_NOBODY if en_root() else -1), str(len(travail) // 2), *travail]
        if en_root():
            cmd += ["setpriv", f"--reuid={UID_NOBODY}", f"--regid={UID_NOBODY}", "--clear-groups"]
        else:
            cmd += ["setpriv", "--securebits=+noroot,+noroot_locked,+no_setuid_fixup,+no_setuid_fixup_locked,"
                               "+keep_caps_locked"]
        cmd += ["--inh-caps=-all", "--bounding-set=-all", "--no-new-privs"]
        limites = [f"--as={self.memoire}", f"--fsize={self.fichier}", f"--nproc={self.processus}", "--core=0"]
        if self.cpu:
            limites.append(f"--cpu={self.cpu}")
        cmd += ["prlimit", *limites, "--"]
        return cmd + list(argv)
