"""A Dask scheduler killed while `simulate` plays on it: one line that says what happened, what
was kept and how to go on; none of distributed's logged tracebacks; every chunk written kept."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys

import pytest
from avarium.runner import manifest

from tests.helpers import simulating, wait_for_parts

pytest.importorskip("distributed")

# A scheduler and one worker of two threads in one process, so one kill takes both away. Two
# threads, not one: joblib plays a one-thread cluster's tasks in the driver itself.
SCHEDULER = """
import sys, time
from distributed import LocalCluster
cluster = LocalCluster(
    n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1",
    scheduler_port=int(sys.argv[1]), dashboard_address=None,
)
time.sleep(600)
"""


def free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as server:
        return server.getsockname()[1]


def test_killing_the_scheduler_mid_run_prints_one_line_and_keeps_every_chunk(tmp_path):
    address = f"tcp://127.0.0.1:{free_port()}"
    out = tmp_path / "run"
    # Both start at once: simulate's connection attempts wait (up to 10 s) for the scheduler.
    scheduler = subprocess.Popen(
        [sys.executable, "-c", SCHEDULER, address.rpartition(":")[2]],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    flags = ("--games", 400000, "--chunk-size", 500, "--strategy", "random")
    try:
        with simulating(out, *flags, "--scheduler", address) as driver:
            wait_for_parts(driver, out)
            os.killpg(scheduler.pid, signal.SIGKILL)  # the scheduler and its worker, mid-run
            _, stderr = driver.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):  # whatever is left, so the suite goes on
            os.killpg(scheduler.pid, signal.SIGKILL)
        scheduler.wait()

    assert driver.returncode == 1, stderr
    assert "Traceback" not in stderr and " - ERROR - " not in stderr, stderr
    lines = stderr.splitlines()
    assert lines[-1].startswith(f"error: lost the Dask scheduler at {address} during the run")
    assert "every chunk already written is kept: run the same command again" in lines[-1]
    assert [line for line in lines if line.startswith("error: ")] == [lines[-1]]
    # Nothing written is lost: every part on disk is listed in the manifest, whole.
    record = manifest.read(out)
    on_disk = {
        f"{folder}/{path.name}"
        for folder in ("games", "cards")
        for path in manifest.part_files(out / folder)
    }
    assert len(on_disk) >= 4 and on_disk == set(record.parts)
    assert all(manifest.check_part(out, name, record.parts[name]) is None for name in on_disk)
