"""Ctrl-C during a run on a local Dask cluster ends it: exit 130 with the line saying what was
kept, the cluster and its workers closed within a bounded wait, even when the Ctrl-C lands in a
garbage-collection callback (distributed's GC diagnosis runs one in the driver), where Python
drops the KeyboardInterrupt it raises (issue 39)."""

from __future__ import annotations

import gc
import os
import signal
import threading
import time
from pathlib import Path

import pytest
from avarium.runner import cluster, interrupts, manifest

from tests.helpers import simulating, wait_for_parts
from tests.hostile_input.helpers import workers

pytest.importorskip("distributed")


@pytest.fixture(autouse=True)
def ctrl_c_reaches_this_process():
    """Ctrl-C as a user's shell delivers it: SIGINT unblocked, with Python's own handler. A
    build started as a background job of a shell without job control (`bash .ci/run &`, as a
    CI runner or a script may start it) has SIGINT ignored from its first process on: POSIX
    shells ignore it in such jobs, and make, pytest, its workers and every command started
    from them inherit that. Python then leaves SIGINT ignored, `interrupts` rightly keeps a
    host's choice, and without this reset the garbage-collection test is not interrupted and
    the `simulate` below plays all its games and exits 0: the two failures CI showed, both
    reproduced by this file started that way."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_ctrl_c_dropped_inside_a_garbage_collection_callback_is_delivered_again():
    armed, sent = [], []

    def callback(phase, info):
        # Armed inside the context only: a collection Python starts by itself before it (any
        # allocation may start one) would send the Ctrl-C to Python's own handler, whose
        # KeyboardInterrupt is dropped there, and the one collection meant for it is spent.
        if phase == "start" and armed and not sent:
            sent.append(phase)
            os.kill(os.getpid(), signal.SIGINT)
            sum(range(1_000))  # Python runs the handler here, and drops what it raises

    gc.callbacks.append(callback)
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt), interrupts.delivered_until_taken():
            armed.append(True)
            gc.collect()
            while time.monotonic() - started < 5:
                time.sleep(0.01)
    finally:
        gc.callbacks.remove(callback)
    assert sent
    assert time.monotonic() - started < 5 * interrupts.RESEND + 1
    # Taken: Python's own handler is back, and nothing is sent again.
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    time.sleep(3 * interrupts.RESEND)


def test_a_ctrl_c_waits_a_bounded_time_for_a_local_cluster_that_does_not_close(monkeypatch):
    from distributed.deploy.spec import SpecCluster

    release = threading.Event()
    close = SpecCluster.close

    def stuck(self, timeout=None):
        release.wait(30)  # without the bound, the Ctrl-C waits all of this
        return close(self, timeout)

    monkeypatch.setattr(SpecCluster, "close", stuck)
    monkeypatch.setattr(cluster, "CLOSE_WAIT", 1.0)
    try:
        with pytest.raises(KeyboardInterrupt), cluster.dask_client(None, 1):
            pressed = time.monotonic()
            raise KeyboardInterrupt
        assert time.monotonic() - pressed < 1.0 + 5
        # and joblib no longer sends this thread's work to the closed cluster
        from joblib.parallel import get_active_backend

        assert "Dask" not in type(get_active_backend()[0]).__name__
    finally:
        release.set()
        for thread in threading.enumerate():
            if thread.name == "avarium-dask-close":
                thread.join(60)
    assert not workers(os.getpid())


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_ctrl_c_mid_run_on_a_local_cluster_exits_130_saying_the_chunks_are_kept(tmp_path):
    out = tmp_path / "run"
    flags = ("--games", 20000, "--chunk-size", 100, "--bots", "random", "--backend", "dask")
    with simulating(out, *flags, "-j", 2, "-q") as driver:
        wait_for_parts(driver, out)
        started = workers(driver.pid)
        pressed = time.monotonic()
        driver.send_signal(signal.SIGINT)
        _, stderr = driver.communicate(timeout=cluster.CLOSE_WAIT + 45)
        waited = time.monotonic() - pressed

    assert driver.returncode == 130, stderr
    assert stderr.splitlines() == [
        f"error: interrupted; every chunk written to {out} is kept: run the same command "
        "again to continue"
    ]
    assert waited < cluster.CLOSE_WAIT + 30
    assert started and not any(Path(f"/proc/{pid}").exists() for pid in started)
    listed = manifest.read(out).parts
    assert 2 <= len(listed) < 200  # stopped part way, with what it wrote listed
