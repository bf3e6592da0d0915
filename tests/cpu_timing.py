"""Each test's CPU time, for finding where a build's time goes on a machine shared with other work.

On a busy machine a test's wall time says more about the load than about the test; its CPU time
does not. This pytest plugin writes, for every test, the CPU seconds of the process that ran it,
of the processes it started and waited for, and of the processes it started that still run (the
loky and Dask workers a test leaves for the next one: read from /proc, so a worker's CPU counts
for the test during which it was spent), with its wall time; one JSON line per test, one file per
pytest process (each pytest-xdist worker writes its own). It also notes any test after which
SIGINT's handler or mask in that process changed, since a later test, or a command it starts,
inherits them.

    pytest -n 2 --dist loadfile --no-loadscope-reorder -p tests.cpu_timing   # writes cpu-timing/
    python -m tests.cpu_timing cpu-timing 40                                 # the 40 costliest

`CPU_TIMING_DIR` names another folder to write to. Linux only (/proc).
"""

from __future__ import annotations

import collections
import json
import os
import resource
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

FOLDER = Path(os.environ.get("CPU_TIMING_DIR", "cpu-timing"))
_TICKS = os.sysconf("SC_CLK_TCK")


def _cpu_by_process() -> dict[int, tuple[int, float]]:
    """Every process's parent and CPU seconds, with those of its children it has waited for."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            text = Path(f"/proc/{name}/stat").read_text()
        except OSError:  # ended meanwhile
            continue
        # After the command's name (in parentheses, which may hold spaces): state, ppid, ... and
        # utime, stime, cutime, cstime as fields 14-17 of proc(5).
        fields = text[text.rindex(")") + 2 :].split()
        found[int(name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]) / _TICKS)
    return found


class Descendants:
    """The CPU spent by this process's live descendants since the last reading. A descendant's
    CPU is counted while it runs; once its parent waits for it, the parent's count (or, for a
    child of this process, RUSAGE_CHILDREN) holds all of it, so what was already counted is
    taken off. (A descendant whose parent ended first is no longer found: what it spends after
    that is not counted.)"""

    def __init__(self, root: int | None = None) -> None:
        self.root = root or os.getpid()
        self.counted: dict[int, float] = {}

    def spent(self) -> float:
        processes = _cpu_by_process()
        children = collections.defaultdict(list)
        for pid, (parent, _) in processes.items():
            children[parent].append(pid)
        live, waiting = {}, list(children[self.root])
        while waiting:
            pid = waiting.pop()
            live[pid] = processes[pid][1]
            waiting.extend(children[pid])
        spent = sum(cpu - self.counted.get(pid, 0.0) for pid, cpu in live.items())
        spent -= sum(cpu for pid, cpu in self.counted.items() if pid not in live)
        self.counted = live
        return spent


def _own_and_waited() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    waited = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + waited.ru_utime + waited.ru_stime


def sigint_state() -> str:
    """SIGINT's handler and whether it is blocked, in the main thread."""
    if threading.current_thread() is not threading.main_thread():
        return "not the main thread"
    handler = signal.getsignal(signal.SIGINT)
    named = {
        signal.SIG_IGN: "ignored",
        signal.SIG_DFL: "the default action",
        signal.default_int_handler: "Python's handler",
    }
    blocked = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    return named.get(handler, repr(handler)) + (", blocked" if blocked else "")


class _Recorder:
    def __init__(self) -> None:
        FOLDER.mkdir(parents=True, exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self.out = (FOLDER / f"{worker}-{os.getpid()}.jsonl").open("a", encoding="utf-8")
        self.descendants = Descendants()
        self.sigint = sigint_state()

    def write(self, record: dict) -> None:
        self.out.write(json.dumps(record) + "\n")
        self.out.flush()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.descendants.spent()  # what ran between tests is not this test's
        cpu, wall = _own_and_waited(), time.monotonic()
        yield
        record = {
            "test": item.nodeid,
            "cpu": _own_and_waited() - cpu + self.descendants.spent(),
            "wall": time.monotonic() - wall,
        }
        now = sigint_state()
        if now != self.sigint:
            record["sigint"] = [self.sigint, now]
            self.sigint = now
        self.write(record)

    def pytest_collection_finish(self, session) -> None:
        self.write({"collected": len(session.items), "cpu": _own_and_waited()})


def pytest_configure(config) -> None:
    if sys.platform.startswith("linux"):
        config.pluginmanager.register(_Recorder(), "cpu-timing-recorder")


def summary(folder: Path, shown: int) -> list[str]:
    """The files and the tests that took the most CPU, and every SIGINT change, as lines."""
    tests, changes = [], []
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if "test" in record:
                tests.append(record)
                if "sigint" in record:
                    changes.append(f"{record['test']}: SIGINT {' -> '.join(record['sigint'])}")
    by_file = collections.Counter()
    for record in tests:
        by_file[record["test"].split("::")[0]] += record["cpu"]
    lines = [f"{len(tests)} tests, {sum(r['cpu'] for r in tests):.1f} s of CPU"]
    lines += [f"{cpu:8.1f} s  {name}" for name, cpu in by_file.most_common(shown)]
    costliest = sorted(tests, key=lambda r: -r["cpu"])[:shown]
    lines += [f"{r['cpu']:8.1f} s  {r['test']} ({r['wall']:.0f} s wall)" for r in costliest]
    return lines + (changes or ["SIGINT: no test changed its handler or mask"])


if __name__ == "__main__":
    print(*summary(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 30), sep="\n")
