"""tests/cpu_timing.py, the plugin that measures each test's CPU: a worker a test leaves running
counts while it runs and is not counted twice once waited for; a SIGINT left ignored or blocked
is named; the summary ranks files and tests by CPU."""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import sys

import pytest

from tests.cpu_timing import Descendants, sigint_state, summary

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

# Spends about 0.4 s of CPU, says so, then waits for its input to close.
BURN = "import sys, time\nt = time.process_time()\nwhile time.process_time() - t < 0.4: pass\n"
BURN += "print('spent', flush=True)\nsys.stdin.read()\n"


def _waited() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def test_a_workers_cpu_counts_while_it_runs_and_not_again_once_waited_for():
    descendants = Descendants()
    descendants.spent()
    waited = _waited()
    worker = subprocess.Popen(
        [sys.executable, "-c", BURN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert worker.stdout.readline() == "spent\n"
    running = descendants.spent()
    assert running >= 0.35
    worker.communicate("")
    # Waited for: all of its CPU is now the parent's, so what was counted is taken back off.
    assert descendants.spent() == pytest.approx(-running, abs=0.02)
    assert _waited() - waited >= running


def test_an_ignored_or_blocked_sigint_is_named():
    # From Python's own handler, whatever this process started with: a build started as a
    # background job starts with SIGINT ignored (docs/performance.md, "CI time").
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        assert sigint_state() == "Python's handler"
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        assert sigint_state() == "ignored, blocked"
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        signal.signal(signal.SIGINT, previous)


def test_the_summary_ranks_files_and_tests_by_cpu_and_lists_sigint_changes(tmp_path):
    records = [
        {"collected": 3, "cpu": 4.0},
        {"test": "tests/a.py::one", "cpu": 1.0, "wall": 2.0},
        {"test": "tests/a.py::two", "cpu": 2.5, "wall": 3.0},
        {"test": "tests/b.py::three", "cpu": 3.0, "wall": 9.0,
         "sigint": ["Python's handler", "ignored"]},
    ]  # fmt: skip
    (tmp_path / "gw0-1.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    lines = summary(tmp_path, 2)
    assert lines[0] == "3 tests, 6.5 s of CPU"
    assert [line.split()[-1] for line in lines[1:3]] == ["tests/a.py", "tests/b.py"]
    assert lines[3].endswith("tests/b.py::three (9 s wall)")
    assert lines[4].endswith("tests/a.py::two (3 s wall)")
    assert lines[-1] == "tests/b.py::three: SIGINT Python's handler -> ignored"
