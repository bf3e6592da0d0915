"""A worker of the local Dask cluster that ends while the cluster starts (killed by the OOM
killer, a memory cap or a signal) is distributed's "Nanny failed to start." RuntimeError: the
command says so in one line, exits 1, plays nothing and leaves no worker behind (issue 39)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tests.hostile_input.helpers import invoke, one_line_error, workers

pytest.importorskip("distributed")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_worker_killed_while_the_local_cluster_starts_is_one_line_and_plays_nothing(
    tmp_path, monkeypatch
):
    from distributed.process import AsyncProcess

    started = AsyncProcess.start
    killed: list[int] = []

    async def start_then_kill_the_first(self):
        # The first worker process is killed the moment it exists, as the OOM killer would.
        await started(self)
        if not killed:
            killed.append(self.pid)
            os.kill(self.pid, signal.SIGKILL)

    monkeypatch.setattr(AsyncProcess, "start", start_then_kill_the_first)
    out = tmp_path / "run"
    result = invoke(
        "simulate", "--games", "40", "--bots", "random", "--backend", "dask", "-j", "2",
        "-q", "--out", out,
    )  # fmt: skip

    assert killed
    one_line_error(
        result, 1, "cannot start a local Dask cluster of 2 worker processes",
        "Nanny failed to start", "nothing was played", "--backend joblib",
    )  # fmt: skip
    assert not list(out.glob("games/*.parquet"))
    # The worker that did start was closed with the cluster.
    assert not workers(os.getpid())
