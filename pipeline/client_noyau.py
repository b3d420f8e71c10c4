"""A kernel client that reads each reply as soon as it arrives, for every notebook the project runs.

nbclient waits for a cell's ``execute_reply`` with one poll of the shell
socket lasting the whole cell timeout, and for its outputs with polls of the
IOPub socket without a timeout.  After a cell that opens a widget
(the awalé board, the attractor slider), ZeroMQ's edge-triggered wake-up of
that poll is sometimes lost: the reply sits in the socket until the poll
times out, and the next cell starts only then (jupyter/nbclient#312, open);
an output could likewise stay unread until nbclient gives up on it.
With a 120 s timeout, a notebook that runs in 5 s took 125 s about one run in
two.  :class:`CanalEnTranches` polls in slices of at most
:data:`TRANCHE_S` seconds, each starting with an immediate check of the
socket, so such a reply is read within a slice; the caller's timeout is
unchanged.

:class:`ClientNotebook` also gives its kernel Unix sockets in a private
folder, not TCP ports that another process may take first.

Used by the grading's kernel client (``pipeline.autograde.noyau``) and by
every notebook the tests and benchmarks execute (:class:`ClientNotebook`).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
import weakref
from pathlib import Path
from queue import Empty
from typing import Any

from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from nbclient import NotebookClient
from traitlets import Type

TRANCHE_S = 0.5


class CanalEnTranches(AsyncZMQSocketChannel):
    """A channel whose ``get_msg`` polls in slices of at most :data:`TRANCHE_S` seconds."""

    async def get_msg(self, timeout: float | None = None) -> dict[str, Any]:  # type: ignore[override]
        fin = None if timeout is None else time.monotonic() + timeout
        while True:
            reste = TRANCHE_S if fin is None else max(0.0, min(TRANCHE_S, fin - time.monotonic()))
            try:
                return await super().get_msg(timeout=reste)
            except Empty:
                if fin is not None and time.monotonic() >= fin:
                    raise


class ClientEnTranches(AsyncKernelClient):
    """An asynchronous kernel client whose shell, IOPub, stdin and control channels are :class:`CanalEnTranches`
    (a cell's outputs come on IOPub: a lost wake-up there would drop them after nbclient's ``iopub_timeout``)."""

    shell_channel_class = Type(CanalEnTranches)  # type: ignore[assignment]
    iopub_channel_class = Type(CanalEnTranches)  # type: ignore[assignment]
    stdin_channel_class = Type(CanalEnTranches)  # type: ignore[assignment]
    control_channel_class = Type(CanalEnTranches)  # type: ignore[assignment]


class ClientNotebook(NotebookClient):
    """``nbclient.NotebookClient`` whose kernel client is a :class:`ClientEnTranches` (it starts and stops its own
    kernel, as nbclient's does).  ``ClientNotebook(nb, dossier, timeout=…, allow_errors=…)`` runs ``nb`` in
    ``dossier`` with the ``python3`` kernel."""

    def __init__(self, nb: Any, dossier: Path | str, **options: Any) -> None:
        options.setdefault("kernel_name", "python3")
        super().__init__(nb, resources={"metadata": {"path": str(dossier)}}, **options)

    def create_kernel_manager(self) -> Any:
        """The kernel talks over Unix sockets in a private folder (removed with the client): TCP ports are picked
        free by the client, then bound by the kernel, and another process may take one in between (« Address
        already in use », then « Kernel didn't respond in 60 seconds »)."""
        gestionnaire = super().create_kernel_manager()
        gestionnaire.client_factory = ClientEnTranches
        dossier = tempfile.mkdtemp(prefix="awk")
        weakref.finalize(self, shutil.rmtree, dossier, True)
        gestionnaire.transport = "ipc"
        gestionnaire.ip = os.path.join(dossier, "k")
        return gestionnaire
