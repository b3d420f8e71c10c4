"""The kernel client that reads a reply as soon as it arrives (``pipeline/client_noyau.py``).

A socket that behaves like ZeroMQ after a lost wake-up: a poll sees a message that arrived during an earlier poll
only when it starts again.  The shell channel must then poll in short slices, so that such a reply is read within a
slice instead of at the end of the cell's timeout (jupyter/nbclient#312).
"""

from __future__ import annotations

import asyncio
from queue import Empty

import nbformat
import pytest
import zmq

from pipeline.client_noyau import TRANCHE_S, CanalEnTranches, ClientEnTranches, ClientNotebook


class SocketSansReveil:
    """A socket whose message arrives after ``arrivee`` polls, and whose polls never wake up early: each lasts
    its whole timeout (recorded), then reports what is there."""

    def __init__(self, arrivee: int | None) -> None:
        self.arrivee = arrivee
        self.attentes_ms: list[int | None] = []

    async def poll(self, timeout: int | None = None) -> int:
        self.attentes_ms.append(timeout)
        if self.arrivee is not None and len(self.attentes_ms) > self.arrivee:
            return zmq.POLLIN
        await asyncio.sleep(min(timeout if timeout is not None else 10 ** 9, 50) / 1000)
        return 0


def _canal(socket: SocketSansReveil) -> CanalEnTranches:
    canal = CanalEnTranches.__new__(CanalEnTranches)
    canal.socket = socket  # type: ignore[assignment]

    async def recevoir() -> dict:
        return {"msg_type": "execute_reply"}

    canal._recv = recevoir  # type: ignore[method-assign]
    return canal


def test_a_reply_is_read_within_a_slice_never_after_the_whole_timeout():
    socket = SocketSansReveil(arrivee=3)
    assert asyncio.run(_canal(socket).get_msg(timeout=120)) == {"msg_type": "execute_reply"}
    assert len(socket.attentes_ms) == 4
    assert all(t is not None and t <= TRANCHE_S * 1000 for t in socket.attentes_ms), socket.attentes_ms


def test_without_a_reply_the_callers_timeout_still_ends_the_wait():
    socket = SocketSansReveil(arrivee=None)
    with pytest.raises(Empty):
        asyncio.run(_canal(socket).get_msg(timeout=0.3))
    assert all(t is not None and t <= TRANCHE_S * 1000 for t in socket.attentes_ms)


def test_no_timeout_waits_in_slices_until_the_reply():
    socket = SocketSansReveil(arrivee=2)
    assert asyncio.run(_canal(socket).get_msg()) == {"msg_type": "execute_reply"}
    assert all(t == TRANCHE_S * 1000 for t in socket.attentes_ms)


def test_a_notebook_runs_with_this_client_over_unix_sockets_and_both_channels_in_slices(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.IntSlider()"),
                                         nbformat.v4.new_code_cell("print(6 * 7)")])
    client = ClientNotebook(nb, tmp_path, timeout=60)
    vus = []
    client.on_cell_executed = lambda **_: vus.append((type(client.kc), client.km.transport, type(client.kc.shell_channel),
                                                      type(client.kc.iopub_channel)))
    client.execute()
    assert set(vus) == {(ClientEnTranches, "ipc", CanalEnTranches, CanalEnTranches)}
    assert nb.cells[1].outputs[0]["text"] == "42\n"
