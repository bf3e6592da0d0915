"""`--backend dask` without `--scheduler` starts a local cluster whose scheduler and nannies run
in simulate's own process: what distributed logs there (a worker killed, by the OOM killer say,
is the nanny's WARNING "Restarting worker") stays off the terminal, as it does for a scheduler
at an address, and the run finishes whole."""

from __future__ import annotations

import os
import re
import signal
import socket
from pathlib import Path

import pytest
from avarium.runner import manifest

from tests.helpers import simulating, wait_for_parts
from tests.hostile_input.helpers import workers

pytest.importorskip("distributed")

#: A line of distributed's or tornado's log format: "2026-12-06 16:35:35,220 - distributed.nanny
#: - WARNING - Restarting worker".
LOG_LINE = re.compile(r"^.* - (distributed|tornado)[\w.]* - [A-Z]+ - ", re.MULTILINE)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_worker_of_the_local_cluster_killed_mid_run_leaves_no_log_line_on_the_terminal(
    tmp_path,
):
    out = tmp_path / "run"
    flags = ("--games", 1600, "--chunk-size", 100, "--bots", "random", "--backend", "dask")
    with simulating(out, *flags, "-j", 2, "-q") as driver:
        wait_for_parts(driver, out)
        killed = workers(driver.pid)
        assert killed, "no worker process found"
        os.kill(killed[0], signal.SIGKILL)  # the nanny restarts it: a WARNING in the driver
        stdout, stderr = driver.communicate(timeout=120)

    assert driver.returncode == 0, stderr
    assert not LOG_LINE.search(stderr), stderr
    assert "Traceback" not in stderr and "Restarting worker" not in stderr, stderr
    assert "simulated 1,600 games" in stdout
    assert len(manifest.read(out).parts) == 32  # every chunk's games and cards, once


def test_a_local_cluster_beside_another_on_this_machine_prints_no_port_warning(tmp_path):
    """The scheduler's HTTP routes take any free port: with port 8787 taken (by another run's
    cluster, or any Dask here), the run says nothing of it."""
    taken = socket.socket()
    try:
        taken.bind(("127.0.0.1", 8787))
    except OSError:  # already taken by someone else: the case itself
        taken.close()
        taken = None
    try:
        out = tmp_path / "run"
        flags = ("--games", 200, "--bots", "random", "--backend", "dask", "-j", 1, "-q")
        with simulating(out, *flags) as driver:
            stdout, stderr = driver.communicate(timeout=120)
    finally:
        if taken is not None:
            taken.close()
    assert driver.returncode == 0, stderr
    assert "8787" not in stderr and "Warning" not in stderr, stderr
    assert "simulated 200 games" in stdout
