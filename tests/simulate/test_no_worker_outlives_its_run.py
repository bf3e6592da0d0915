"""A run's workers end with it: a driver killed with SIGKILL (a closed terminal, the OOM
killer) cannot stop them itself, and they must not play on unread for minutes."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

# Many chunks of heuristic games: the workers are busy in the compiled engine when the driver
# dies, which is when a thread could not have stopped them.
DRIVER = """
import sys
from pathlib import Path
from avarium.runner.experiment_file import from_flags
from avarium.runner.runner import run
run(
    from_flags({"games": 400000, "chunk_size": 2000, "seed": 3, "bots": "heuristic"}),
    Path(sys.argv[1]),
    jobs=2,
    backend=sys.argv[2],
)
"""


def children(pid: int) -> set[int]:
    """Every live process whose parent is `pid`."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("backend", ["loky", "dask"])
def test_the_workers_of_a_run_killed_with_sigkill_end_with_it(tmp_path, backend):
    if backend == "dask":
        pytest.importorskip("distributed")
    out = tmp_path / "run"
    driver = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(out), backend],
        start_new_session=True,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 240
        while len(list((out / "games").glob("part-*.parquet"))) < 2:
            assert driver.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline, "the run wrote nothing in four minutes"
            time.sleep(0.1)
        workers = children(driver.pid)
        assert len(workers) >= 2, workers
        os.kill(driver.pid, signal.SIGKILL)  # the driver alone: its workers are not told
        driver.wait()
        deadline = time.monotonic() + 20
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = [w for w in workers if alive(w)]
    finally:
        with contextlib.suppress(ProcessLookupError):  # whatever is left, so the suite goes on
            os.killpg(driver.pid, signal.SIGKILL)
    assert not left, f"workers {left} outlived their run by 20 seconds"
