"""A run on a cluster `simulate` did not start says, before its first chunk, that a worker on a
new machine compiles first and for about how long: longer when the run has searching seats,
whose game loop is a second compile of the engine (runner/warmup.py, worker_compile_note)."""

from __future__ import annotations

import socket

import pytest
from avarium.runner import cluster

from tests.hostile_input.helpers import invoke

pytest.importorskip("distributed")


@pytest.fixture(autouse=True)
def _short_connect_timeout(monkeypatch):
    # distributed retries a refused connection until its connect timeout (a scheduler may be
    # starting): the note comes before it, so the refusal need not wait the 10 s a user gets.
    monkeypatch.setattr(cluster, "TIMEOUT", "1s")


def _closed_port() -> int:
    # a port nobody listens on: the run is refused within the connect timeout, after the note
    with socket.create_server(("127.0.0.1", 0)) as server:
        return server.getsockname()[1]


def _note_for(bots: str, tmp_path) -> str:
    result = invoke(
        "simulate", "--games", 20, "--strategy", bots, "--backend", "dask",
        "--scheduler", f"tcp://127.0.0.1:{_closed_port()}", "--out", tmp_path / "run",
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    notes = [line for line in result.stderr.splitlines() if "during its first chunk" in line]
    assert len(notes) == 1, result.stderr
    return notes[0]


def test_heuristic_workers_are_said_to_compile_for_about_a_minute(tmp_path):
    note = _note_for("heuristic", tmp_path)
    assert "compiles the engine during its first chunk (about a minute" in note
    assert "search" not in note


def test_search_workers_are_said_to_compile_the_search_bots_for_about_two_minutes(tmp_path):
    note = _note_for("mcts", tmp_path)
    assert "compiles the engine and the search bots during its first chunk" in note
    assert "(about 2 minutes" in note
