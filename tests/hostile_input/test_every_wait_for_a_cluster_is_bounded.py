"""A Dask scheduler address is checked before any connection, and a peer that is no scheduler
(silent, junk, a web server) is one line within the stated time, never a hang or a traceback."""

from __future__ import annotations

import os
import socket
import threading
import time

import pytest
from avarium.runner import cluster
from avarium.runner.experiment_file import from_flags
from avarium.runner.runner import RunError, run

from tests.hostile_input.helpers import invoke, one_line_error

pytest.importorskip("distributed")
# The bound under test is the module's TIMEOUT, whatever it is: 2 s here rather than a user's 10,
# so that the silent peer holds the suite for 2 s.
SECONDS = 2.0


@pytest.fixture(autouse=True)
def _short_timeout(monkeypatch):
    monkeypatch.setattr(cluster, "TIMEOUT", f"{SECONDS:g}s")


class Peer:
    """A TCP server on localhost that accepts every connection and answers with `reply` (or
    nothing at all), then keeps the connection open."""

    def __init__(self, reply: bytes) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.reply = reply
        self.held: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.held.append(conn)
            if self.reply:
                conn.sendall(self.reply)

    def close(self) -> None:
        for conn in self.held:
            conn.close()
        self.server.close()


def simulate_on(scheduler: str, out):
    return invoke(
        "simulate", "--games", 20, "--strategy", "random", "--backend", "dask",
        "--scheduler", scheduler, "--out", out,
    )  # fmt: skip


@pytest.mark.parametrize(
    "reply",
    [b"", os.urandom(64) + b"\xff" * 64, b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"],
    ids=["silent", "junk", "web server"],
)
def test_a_peer_that_is_no_scheduler_is_one_line_within_the_timeout(tmp_path, reply):
    peer = Peer(reply)
    try:
        started = time.monotonic()
        result = simulate_on(f"tcp://127.0.0.1:{peer.port}", tmp_path / "run")
        took = time.monotonic() - started
    finally:
        peer.close()
    line = one_line_error(result, 1, f"127.0.0.1:{peer.port}", "no scheduler answered")
    if not reply:  # refused by the bound on the handshake, not by anything that came first
        assert "(TimeoutError)" in line, line
    # a cluster it did not start: it says first that new workers compile before they play
    assert "compiles the engine during its first chunk" in result.stderr
    assert took < 4 * SECONDS + 10, f"waited {took:.0f} s"
    assert not (tmp_path / "run" / "experiment.toml").exists()  # nothing written


@pytest.mark.parametrize(
    "address, expected",
    [
        ("http://127.0.0.1:8787", "http:// is not a protocol Dask speaks"),
        ("tcp://127.0.0.1", "expected a Dask scheduler's address"),
        ("tcp://127.0.0.1:99999", "PORT 1 to 65535"),
        ("tcp://user@host:8786", "expected a Dask scheduler's address"),
    ],
)
def test_an_address_dask_cannot_use_is_refused_before_any_connection(tmp_path, address, expected):
    one_line_error(simulate_on(address, tmp_path / "run"), 2, "--scheduler", expected)
    with pytest.raises(RunError, match="scheduler: "):
        experiment = from_flags({"games": 20, "bots": "random"})
        run(experiment, tmp_path / "lib", backend="dask", scheduler=address)
