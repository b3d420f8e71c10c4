"""Every use of a private API of nbclient, nbconvert, nbgrader, jupyter_client or IPython, in one place.

The course's autograde glue relies on a few names these libraries do not
promise to keep (a leading underscore, or a module attribute).  Each use goes
through this module, and :data:`CONTRAT` lists them with the reason we need
them.  :func:`verifier_contrat` checks that each still exists with the shape
we call it with; ``tests/test_api_privee.py`` runs it, and the autograde glue
runs it when nbgrader loads it (:func:`exiger_contrat`), so that an upgrade
that breaks one fails at once with a message naming the call, never in the
middle of a class with an obscure traceback.  The exact pins in
``requirements.txt`` / ``constraints.txt`` are what keeps these working: read
this list before raising one of them.
"""

from __future__ import annotations

import importlib
import inspect
import logging
from dataclasses import dataclass
from typing import Any

from jupyter_core.utils import run_sync


@dataclass(frozen=True)
class Appel:
    """One private name we use: where it lives, what we do with it, the parameters we pass."""

    chemin: str  # "module:Class" or "module"
    nom: str
    pourquoi: str
    parametres: tuple[str, ...] | None = None  # the leading parameters we call it with (None: not a function)
    coroutine: bool = False
    essentiel: bool = True  # False: the glue works without it (slower), a warning is enough

    def objet(self) -> Any:
        module, _, classe = self.chemin.partition(":")
        cible = importlib.import_module(module)
        return getattr(cible, classe) if classe else cible

    def probleme(self) -> str | None:
        """What is wrong with this name in the installed libraries, ``None`` if it is as expected."""
        try:
            proprietaire = self.objet()
        except (ImportError, AttributeError) as exc:
            return f"{self.chemin} cannot be imported ({exc})"
        if not hasattr(proprietaire, self.nom):
            return f"{self.chemin}.{self.nom} no longer exists"
        if self.parametres is None:
            return None
        valeur = getattr(proprietaire, self.nom)
        if self.coroutine and not inspect.iscoroutinefunction(valeur):
            return f"{self.chemin}.{self.nom} is no longer a coroutine function"
        try:
            noms = list(inspect.signature(valeur).parameters)
        except (TypeError, ValueError):
            return f"{self.chemin}.{self.nom} has no readable signature"
        if noms[:len(self.parametres)] != list(self.parametres):
            return (f"{self.chemin}.{self.nom} now takes ({', '.join(noms)}), "
                    f"we call it with ({', '.join(self.parametres)})")
        return None


CONTRAT: tuple[Appel, ...] = (
    Appel("nbclient.client:NotebookClient", "__init__",
          "ExecutionProtegee (an nbgrader Execute) re-initialises its client for each notebook, as nbconvert's "
          "ExecutePreprocessor.preprocess does", ("self", "nb", "km")),
    Appel("nbconvert.preprocessors.execute:ExecutePreprocessor", "_check_assign_resources",
          "the resources given to the notebook's execution, as ExecutePreprocessor.preprocess does",
          ("self", "resources")),
    Appel("nbclient.client:NotebookClient", "_async_cleanup_kernel",
          "the kernel is killed before nbclient's polite shutdown (0.1-0.4 s per notebook saved)",
          ("self",), coroutine=True),
    Appel("nbclient.client:NotebookClient", "_cleanup_kernel",
          "the synchronous wrapper nbclient calls (a run_sync wrapper); overridden with the coroutine above"),
    Appel("jupyter_client.manager:KernelManager", "_close_control_socket",
          "a kernel started ahead and thrown away: its control socket closed", ("self",)),
    Appel("nbgrader.converters.autograde:Autograde", "_sanitizing",
          "ExportateurPrudent must know which of nbgrader's two passes it is in (sanitize, then grade)"),
    Appel("nbgrader.nbgraderformat.common", "jsonschema",
          "nbgrader's metadata validation given a schema checked once per process (schema_nbgrader)",
          essentiel=False),
    Appel("IPython.core.interactiveshell:InteractiveShell", "_showtraceback",
          "a failed test shown as its French message alone (awale_ref.grading, in the student's kernel)",
          ("self", "etype", "evalue", "stb"), essentiel=False),
    Appel("IPython.core.interactiveshell:InteractiveShell", "_format_exception_for_storage",
          "the grading kernel keeps a cell's exception for its history without formatting its traceback "
          "(ExecutionProtegee.code_demarrage: 0.1-0.4 s of CPU per exception)", ("self", "exception"),
          essentiel=False),
)


def verifier_contrat(contrat: tuple[Appel, ...] = CONTRAT) -> list[str]:
    """One message per private name that is not as we use it (empty: every use holds)."""
    return [f"{p} — used because {a.pourquoi}" for a in contrat if (p := a.probleme())]


def exiger_contrat(contrat: tuple[Appel, ...] = CONTRAT) -> None:
    """Raise ``RuntimeError`` naming each essential private call an upgrade broke; log the others."""
    essentiels = [f"{p} — used because {a.pourquoi}" for a in contrat if a.essentiel and (p := a.probleme())]
    for a in contrat:
        if not a.essentiel and (p := a.probleme()):
            logging.getLogger(__name__).warning("Private API changed (the course works without it): %s", p)
    if essentiels:
        raise RuntimeError("The installed nbclient/nbconvert/nbgrader/jupyter_client no longer offer what the "
                           "course's autograde uses (install the versions pinned in constraints.txt, or adapt "
                           "pipeline/autograde/prive.py):\n- " + "\n- ".join(essentiels))


# ---------------------------------------------------------------- the calls themselves
def reinitialiser_client(client: Any, nb: Any, km: Any) -> None:
    """Re-initialise an nbgrader ``Execute`` (an nbclient ``NotebookClient``) for one notebook."""
    from nbclient.client import NotebookClient

    NotebookClient.__init__(client, nb, km)


def assigner_ressources(client: Any, resources: Any) -> None:
    """The notebook's resources (its path…) given to an nbconvert ``ExecutePreprocessor``."""
    client._check_assign_resources(resources)


def fermer_socket_controle(km: Any) -> None:
    """Close the control socket of a kernel manager whose kernel was killed."""
    km._close_control_socket()


def en_nettoyage(autograde: Any) -> bool:
    """Whether nbgrader's ``Autograde`` is in its first pass (sanitize) rather than its second (grade)."""
    return bool(getattr(autograde, "_sanitizing", True))




class TueLeNoyauAvantNettoyage:
    """Mixin for an nbclient client: ``avant_nettoyage()`` runs before nbclient's own kernel cleanup."""

    def avant_nettoyage(self) -> None:
        """Override: what to do with the kernel before nbclient cleans up."""

    async def _async_cleanup_kernel(self) -> None:
        self.avant_nettoyage()
        await super()._async_cleanup_kernel()  # type: ignore[misc]

    _cleanup_kernel = run_sync(_async_cleanup_kernel)
