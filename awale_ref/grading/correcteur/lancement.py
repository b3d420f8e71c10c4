"""The runner's process, seen from the judge: the *run* step of a verdict's path.

The judge (:mod:`awale_ref.grading.correcteur.juge`) plans each question and judges the
reply; this module only starts the runner (:mod:`awale_ref.grading.executant`)
in its sandbox (:mod:`awale_ref.grading.correcteur.bac_a_sable`), sends it the orders and
reads its replies (:mod:`awale_ref.grading.executant.messages`: typed, versioned, read
strictly), within the time and memory the teacher configured (:class:`Limites`).
It knows no subject and no verdict.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator

from awale_ref.grading.correcteur import bac_a_sable, memoire, verrou
from awale_ref.grading.eleve import textes
from awale_ref.grading.executant import boucle, encodage, messages, requetes
from awale_ref.grading.executant.messages import Issue, MessageInvalide

DELAI_CELLULE_S = 30.0
DELAI_QUESTION_S = 60.0
DELAI_DEMARRAGE_S = 60.0
DELAI_RETRECIR_S = 5.0  # one batch of smaller cases, when a failing case is shrunk
MEMOIRE_OCTETS = 2 * 1024 ** 3
_MARGE_S = 5.0
OPTIONS_PYTHON: dict[str, tuple[str, ...]] = {"executant": ("-I",), "sql": ("-I", "-S")}
"""The interpreter's options of each process the judge starts (by ``partie``): isolated (``-I``: no environment
variable, no user site, not the script's folder on ``sys.path``); the SQL process without ``site`` (``-S``: it
needs the standard library only, so its start reads no installed package nor ``.pth`` file); the runner keeps
it, for IPython and whatever the student's cells import."""


@dataclass
class Limites:
    """Time and memory of the runner (seconds, bytes), and what happened, for the teacher's log.

    ``echeance``: the ``time.monotonic()`` by which the whole notebook must be judged (its budget, shared
    with the kernel: ``pipeline.autograde``); past it nothing more is run and the questions left get 0.
    """

    delai_cellule: float = DELAI_CELLULE_S
    delai_question: float = DELAI_QUESTION_S
    memoire: int = MEMOIRE_OCTETS
    journal: list[str] = field(default_factory=list)
    echeance: float | None = None
    budget: float | None = None  # the notebook's budget in seconds, for the student's message
    # when each runner ran the student's code: (start, end) in ``time.monotonic()``, whether it held an open
    # secret (the grading lock exclusive), seconds it waited for that lock; for the teacher's log
    intervalles: list[tuple[float, float, bool, float]] = field(default_factory=list)
    # the notebook's memory cgroup, in which each sandbox's processes are placed before they run anything of the
    # student's (``memoire``); None: the memory is bounded per process only
    groupe: memoire.GroupeDuNotebook | None = None

    def reste(self) -> float:
        """Seconds left in the notebook's budget (infinite without one)."""
        return float("inf") if self.echeance is None else self.echeance - time.monotonic()

    def reprendre(self) -> None:
        """The judge waited for the student's kernel, which had the notebook's budget: the judge's own time starts
        now, as long again (the notebook then takes at most twice its budget)."""
        if self.budget:
            self.echeance = max(self.echeance or 0.0, time.monotonic() + self.budget)

    def decaler(self, secondes: float) -> None:
        """``secondes`` spent waiting for the grading lock (other gradings): not taken from the notebook's budget."""
        if self.echeance is not None:
            self.echeance += secondes

    def borne(self, delai: float) -> float:
        """``delai``, cut to what is left of the budget; :class:`BudgetEpuise` when nothing is left."""
        reste = self.reste()
        if reste <= 0:
            raise BudgetEpuise()
        return min(delai, reste)


class BudgetEpuise(Exception):
    """The notebook's time budget is spent: nothing more is run for it."""


class RenduTropVolumineux(Exception):
    """The submitted folder does not fit in the runner's private ``/tmp``: no runner can start for it.  The
    message, in French, is the student's."""


# ---------------------------------------------------------------- the runner's process
class ExecutantBloque(Exception):
    """The runner did not answer in time, or died: it must be started again."""


class Executant:
    """The runner, started in its sandbox; talks JSON lines over its stdin/stdout.

    ``attendre``, when given, is called after the process is started and before ``demarrage`` is sent: the runner
    boots meanwhile, holding nothing of the reference (``juge``: until the student's kernel has ended, when the
    reference holds a secret the kernel lacks).  In a sandbox the runner is told it is alone in its PID namespace
    (``--espace-pid``): it kills whatever a question left running when the question ends.  In a sandbox, before
    ``demarrage`` (its first order: nothing of the student's runs before it), the grader takes the machine's
    grading lock (:mod:`verrou`), ``exclusif`` when the runner will hold an open secret, else shared, and
    releases it once the sandbox is gone (:meth:`fermer`).  In a sandbox, its processes are placed in the
    notebook's memory cgroup (``limites.groupe``, a cgroup named after ``partie``) as soon as it is started:
    :meth:`memoire_depassee` says when the notebook's cap killed one of them.  Its interpreter's options are
    ``partie``'s (:data:`OPTIONS_PYTHON`).
    """

    def __init__(self, demarrage: messages.Demarrage | None, sandbox: bac_a_sable.BacASable | None,
                 limites: Limites, arguments: tuple[str, ...] = (),
                 attendre: Callable[[], None] | None = None, exclusif: bool = False,
                 partie: str = "executant") -> None:
        self.limites = limites
        self.prive: str | None = None
        self.place: memoire.Place | None = None
        self.exclusif = exclusif
        self.verrou: verrou.Prise | None = None
        self.debut: float | None = None  # when the student's code may first run here (its first order)
        script = os.path.abspath(boucle.__file__)  # mounted with the protocol beside it (MONTAGES' "protocole")
        if sandbox is not None and bac_a_sable.bytecode_de(script) in sandbox.lecture:
            script = bac_a_sable.bytecode_de(script)  # its bytecode, mounted with it: run without compiling it
        if sandbox is not None and demarrage is not None:
            arguments = (*arguments, "--espace-pid")
        argv = [sys.executable, *OPTIONS_PYTHON[partie], script, *arguments]
        env = {"PYTHONHASHSEED": "0", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": "/tmp",
               "LANG": "C.UTF-8", "MPLBACKEND": "Agg", "JUPYTER_NO_CONFIG": "1"}
        if sandbox is not None:
            commande = sandbox.commande(argv)
        else:
            import resource

            def limiter() -> None:
                with contextlib.suppress(ValueError, OSError):
                    resource.setrlimit(resource.RLIMIT_AS, (limites.memoire, limites.memoire))

            commande = argv
            # its own temporary folder (IPython's, and the blank configuration JUPYTER_NO_CONFIG makes),
            # removed when it stops: the sandbox's /tmp is a tmpfs, this one is the host's
            self.prive = tempfile.mkdtemp(prefix="executant_")
            env.update(IPYTHONDIR=os.path.join(self.prive, ".ipython"), TMPDIR=self.prive)
        self.proc = subprocess.Popen(commande, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, start_new_session=True, env=env,
                                     cwd=sandbox.repertoire if sandbox else self.prive,
                                     preexec_fn=None if sandbox is not None else limiter)
        self.tampon = bytearray()
        self.compteur = 0
        try:
            if sandbox is not None and limites.groupe is not None:
                self.place = limites.groupe.placer(self.proc.pid, partie)
            if attendre is not None:
                attendre()
            if sandbox is not None and demarrage is not None:
                self.verrou = verrou.prendre(exclusif, "a runner" + (" holding open secrets" if exclusif else ""))
                limites.decaler(self.verrou.attente)
            delai_demarrage = limites.borne(DELAI_DEMARRAGE_S)
            if demarrage is not None:
                self.debut = time.monotonic()
                self._ecrire(demarrage)
            try:
                pret = self._lire(delai_demarrage).issue is Issue.PRET
            except MessageInvalide as exc:
                raise ExecutantBloque(f"message de démarrage invalide ({exc})") from None
            if not pret:
                raise ExecutantBloque("le processus d'exécution n'a pas démarré")
        except BaseException:  # never leave a runner behind
            self.fermer()
            raise

    def _ecrire(self, ordre: messages.Ordre) -> None:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(messages.ecrire(ordre))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise ExecutantBloque("le processus d'exécution s'est arrêté") from None

    def _lire(self, delai: float) -> messages.Reponse:
        """The next reply, within ``delai`` seconds (:class:`ExecutantBloque` when none comes); a line that is
        not a valid reply raises ``messages.MessageInvalide``, one over the reply's budget (``messages.BUDGET``:
        bytes, values, depth) ``messages.ReponseTropGrande``, before anything is built from it."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        echeance = time.monotonic() + delai
        lu = 0  # what was already searched for the end of the line
        while (fin := self.tampon.find(b"\n", lu)) < 0:
            if len(self.tampon) > messages.BUDGET.octets:  # the rest of the line is never read
                raise messages.ReponseTropGrande("octets", len(self.tampon), messages.BUDGET.octets)
            lu = len(self.tampon)
            reste = echeance - time.monotonic()
            if reste <= 0 or not select.select([fd], [], [], reste)[0]:
                raise ExecutantBloque("délai dépassé")
            morceau = os.read(fd, 1 << 20)
            if not morceau:
                raise ExecutantBloque("le processus d'exécution s'est arrêté")
            self.tampon += morceau
        ligne = bytes(memoryview(self.tampon)[:fin])
        del self.tampon[:fin + 1]
        return messages.lire_reponse(ligne)

    def _attendre(self, ident: int, delai: float) -> messages.Reponse:
        echeance = time.monotonic() + delai
        while True:
            reponse = self._lire(max(0.0, echeance - time.monotonic()))
            if reponse.id == ident:
                return reponse

    def cellule(self, source: str) -> None:
        """Run one cell; a cell that blocks, kills the runner or writes on its channel: :class:`ExecutantBloque`."""
        self.compteur += 1
        delai = self.limites.borne(self.limites.delai_cellule)
        self._ecrire(messages.OrdreCellule(self.compteur, source, delai))
        try:
            self._attendre(self.compteur, delai + _MARGE_S)
        except MessageInvalide as exc:
            raise ExecutantBloque(f"réponse invalide ({exc})") from None

    def question(self, ordre: messages.OrdreQuestion, delai: float | None = None) -> messages.Reponse:
        """The runner's reply to one question (``Issue.MORT`` when its child died without one); a reply that
        is not valid, or a second one: ``messages.MessageInvalide``."""
        self.compteur += 1
        ident = self.compteur
        delai = self.limites.borne(self.limites.delai_question if delai is None else delai)
        self._ecrire(replace(ordre, id=ident, delai=delai))
        reponse = self._attendre(ident, delai + _MARGE_S)
        if reponse.issue is Issue.FIN:  # the child died without answering
            return messages.Reponse(ident, Issue.MORT)
        if self._attendre(ident, _MARGE_S).issue is not Issue.FIN:  # the parent's end of the question
            raise MessageInvalide("a second reply to one question")
        if reponse.issue is Issue.DELAI:  # the limit the student reads is the judge's own number, not the runner's
            vue = [x[:300] for x in reponse.exception] if reponse.exception else None
            return messages.Reponse(ident, Issue.DELAI, exception=vue, secondes=delai)
        return reponse

    def memoire_depassee(self) -> str | None:
        """What the student reads when the notebook's memory cap killed a process of this sandbox since the last
        call (``memoire.Place.depassement``), else ``None``."""
        return self.place.depassement() if self.place is not None else None

    def fermer(self) -> None:
        """Kill the runner and wait until nothing of its sandbox runs any more (its whole PID namespace)."""
        if self.prive is None:  # in its sandbox: the teacher's log says if the student's code filled its /tmp
            plein = bac_a_sable.stockage_plein(self.proc.pid)
            if plein:
                self.limites.journal.append(f"runner: {plein}")
        init = bac_a_sable.init_du_bac(self.proc.pid)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # bwrap, and with it the sandbox's PID namespace
        with contextlib.suppress(Exception):
            self.proc.kill()
        self.proc.wait()
        bac_a_sable.attendre_la_fin(init)
        if self.debut is not None:
            self.limites.intervalles.append((self.debut, time.monotonic(), self.exclusif,
                                             self.verrou.attente if self.verrou else 0.0))
            self.debut = None
        if self.verrou is not None:  # nothing of the sandbox runs any more
            self.verrou.rendre()
        for flux in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(Exception):
                flux.close()
        if self.prive:
            shutil.rmtree(self.prive, ignore_errors=True)

    def requete(self, requete: str, base: str) -> dict:
        """The SQL process's plain data for ``requete`` on ``base`` (``requetes.evaluer_sql``): a reply that is
        not valid raises ``messages.MessageInvalide``, none in time :class:`ExecutantBloque`."""
        self.compteur += 1
        delai = self.limites.borne(self.limites.delai_question)
        self._ecrire(messages.OrdreRequete(self.compteur, requete, base))
        reponse = self._attendre(self.compteur, delai + _MARGE_S)  # the same margin as every other order
        if reponse.issue is Issue.TROP_GROS:  # rows over the reply's budget: the query's own failure
            return {"erreur_sql": textes.decrire_trop_grande(reponse.texte) + " : la requête renvoie beaucoup trop "
                                                                             "de données."}
        if reponse.issue is not Issue.SQL:
            raise MessageInvalide(f"outcome {reponse.issue.value!r} from the SQL process")
        return reponse.donnees


def _sandbox(travail: str, partie: str, limites: Limites, processus: int, **sources: str) -> bac_a_sable.BacASable:
    """The sandbox of the runner or of the judge's SQL process: what it mounts is ``bac_a_sable.MONTAGES[partie]``;
    its working folder, at ``travail``, a folder of its bounded ``/tmp`` holding a copy of the host's ``travail``
    (made when missing)."""
    os.makedirs(travail, exist_ok=True)
    return bac_a_sable.BacASable(repertoire=travail, ecriture=[travail], lecture=bac_a_sable.lecture(partie, **sources),
                                 memoire=limites.memoire, fichier=16 * 1024 ** 2, processus=processus,
                                 stockage=64 * 1024 ** 2)


@contextlib.contextmanager
def demarrer(demarrage: messages.Demarrage, avec_bac: bool, limites: Limites,
             fichiers: str | None, attendre: Callable[[], None] | None = None,
             exclusif: bool = False) -> Iterator[Executant | None]:
    """A runner for one notebook, in its sandbox (``avec_bac``), working in a private copy of ``fichiers``
    (the submission's folder, symbolic links left out); ``None`` when it did not start (the teacher's log
    says why), :class:`RenduTropVolumineux` when that copy would not fit in its sandbox; stopped and its folder
    removed on exit.  It sees no hidden file (``EvaluateurSql`` does).
    ``attendre``: called before ``demarrage`` is sent; ``exclusif``: the runner will hold an open secret
    (:class:`Executant`)."""
    prive = bac_a_sable.dossier_prive("awale_executant_")
    ex = None
    try:
        travail = os.path.join(prive, "copie")
        if fichiers and os.path.isdir(fichiers):
            ignores = bac_a_sable.copier_sans_liens(fichiers, travail)
            for lien in ignores:
                limites.journal.append(f"lien symbolique ignoré (jamais suivi) : {lien}")
        os.makedirs(travail, exist_ok=True)
        sandbox = _sandbox(travail, "executant", limites, 256) if avec_bac else None
        if sandbox is not None:  # its first process would refuse it (PREMIER_PROCESSUS): the student is told why
            octets, elements = bac_a_sable.encombrement(travail)
            if octets > sandbox.stockage or elements > sandbox.fichiers_max:
                raise RenduTropVolumineux(textes.rendu_trop_volumineux(octets, elements, sandbox.stockage,
                                                                       sandbox.fichiers_max))
        try:
            ex = Executant(demarrage, sandbox, limites, attendre=attendre, exclusif=exclusif)
        except ExecutantBloque as exc:
            if limites.reste() <= 0:  # its start was cut by the budget (a loaded machine): the budget's reason
                raise BudgetEpuise() from None
            limites.journal.append(f"le processus d'exécution n'a pas démarré ({exc})")
            ex = None
        yield ex
    finally:
        if ex is not None:
            ex.fermer()
        shutil.rmtree(prive, ignore_errors=True)


class EvaluateurSql:
    """The judge's second process for the query questions of one notebook: it runs **no student code**, only
    ``requetes.evaluer_sql`` (its read-only authorizer, instruction budget and length limits) on the query
    texts the runner sent as data.  Its sandbox (the same as the runner's) sees one file of the course, the
    hidden database ``base``, read-only; the runner never sees it.  Started on the first query (never for a
    notebook without one), started again after a failure, stopped by :meth:`fermer`."""

    def __init__(self, base: str, avec_bac: bool, limites: Limites) -> None:
        self.base, self.avec_bac, self.limites = base, avec_bac, limites
        self.processus: Executant | None = None
        self.prive: str | None = None

    def evaluer(self, requete: str) -> dict:
        """``evaluer_sql``'s plain data for ``requete`` (:class:`ExecutantBloque`, ``MessageInvalide``, or
        :class:`BudgetEpuise` when it fails: the process is stopped, and started again for the next query)."""
        if type(requete) is not str:
            raise TypeError(f"a query is a str, not {type(requete).__name__}")
        try:
            if self.processus is None:
                self.prive = bac_a_sable.dossier_prive("awale_sql_")
                sandbox = _sandbox(self.prive, "sql", self.limites, 16, base_cachee=self.base) if self.avec_bac else None
                self.processus = Executant(None, sandbox, self.limites, ("--sql",), partie="sql")
            return self.processus.requete(requete, self.base)
        except BaseException:
            self.fermer()
            raise

    def fermer(self) -> None:
        if self.processus is not None:
            self.processus.fermer()
            self.processus = None
        if self.prive:
            shutil.rmtree(self.prive, ignore_errors=True)
            self.prive = None


# ---------------------------------------------------------------- the run step, for the orchestrator (``juge``)
def executer(ex: Executant, ordre: messages.OrdreQuestion,
             evaluateur: EvaluateurSql | None) -> tuple[messages.Reponse, str | None]:
    """The run step of one question: the runner's reply to ``ordre`` and, for a query (``Issue.REQUETE``), its
    text run by the judge's SQL process (:func:`executer_sql`); with what the student reads when the notebook's
    memory cap killed a process of the runner's sandbox meanwhile (``Executant.memoire_depassee``).  What ``Executant.question``
    raises propagates."""
    reponse = ex.question(ordre)
    return (executer_sql(evaluateur, reponse) if reponse.issue is Issue.REQUETE else reponse), ex.memoire_depassee()


def executer_sql(evaluateur: EvaluateurSql | None, reponse: messages.Reponse) -> messages.Reponse:
    """A query question's reply (``Issue.REQUETE``: the query's text, or the type of a value that is none) with
    its ``donnees`` filled: ``requetes.evaluer_sql``'s plain data from the judge's SQL process (no student code,
    the hidden database), or ``{"erreur_sql": …}`` (French, for the student) for an answer that is no query, a
    query too long, or a process that failed (it is started again for the next query)."""
    if reponse.issue is not Issue.REQUETE:
        raise ValueError(f"only a query question's reply is run by the SQL process, not {reponse.issue.value!r}")
    if reponse.texte is not None:
        donnees = {"erreur_sql": requetes.pas_une_requete(reponse.texte)}
    elif len(reponse.requete) > messages.LONGUEUR_MAX_REQUETE:
        donnees = {"erreur_sql": f"la requête est beaucoup trop longue (plus de {messages.LONGUEUR_MAX_REQUETE} "
                                 f"caractères)."}
    elif evaluateur is None:
        raise RuntimeError("no SQL process for this notebook (juge.juger_notebook starts one with base_sql)")
    else:
        try:
            donnees = evaluateur.evaluer(reponse.requete)
        except (ExecutantBloque, MessageInvalide) as exc:
            evaluateur.limites.journal.append(f"le processus SQL du juge a échoué ({exc}) ; il est relancé")
            donnees = {"erreur_sql": "la requête n'a pas pu être évaluée dans le temps accordé."}
    return replace(reponse, donnees=donnees)


def evaluer_candidats(ex: Executant, ordre: messages.OrdreQuestion, lot: list[tuple]) -> list:
    """The student's answers to ``ordre`` (a function question's) on the cases ``lot``, from a new child of the
    runner within :data:`DELAI_RETRECIR_S`: what the shrinking of a failing case is handed (with ``ex`` and
    ``ordre`` bound); a batch the runner does not answer in full raises :class:`ExecutantBloque`."""
    try:
        suite = ex.question(replace(ordre, cas=encodage.emballer_cas(lot)), delai=DELAI_RETRECIR_S)
    except MessageInvalide:
        raise ExecutantBloque("réponse invalide") from None
    if suite.issue is not Issue.RESULTATS or len(suite.resultats) != len(lot):
        raise ExecutantBloque("réponse incomplète")
    return suite.resultats
