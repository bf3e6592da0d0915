"""Under a memory cap (`ulimit -v`, a cap on the address space: RLIMIT_AS) `avarium simulate`
either works or says in one line that it ran out of memory and what to do, wherever the cap
falls, including while it loads its libraries; a run already in its folder stays as it was.

Where the cap fell for `simulate --games 20 -j 1` with numba's cache warm (x86-64 Linux, Python
3.11, numpy 2.4, scipy 1.17, numba 0.68, pyarrow 26), before avarium/cli/memory_cap.py and now:
- below about 15 MB: Python itself cannot start ("Fatal Python error"), or cannot import the
  package's first module; no code of ours runs there, and nothing here tries;
- from there to the 27 MB the command line's own imports take (typer, every command's module):
  a MemoryError traceback; now the one line (an excepthook set before those imports);
- about 30 to 100 MB: numpy could not be mapped (an ImportError traceback), or its OpenBLAS gave
  up with a line of its own and exit(1); now the one line (numpy loads only with room for its
  BLAS);
- about 140 to 430 MB: a library that could not be mapped (llvmlite's, pyarrow's) was an OSError
  or ImportError traceback; now the one line;
- about 470 to 560 MB: scipy's OpenBLAS, loaded while numba starts, was refused its buffer and
  retried for ever at full CPU (the hang the issue found at `ulimit -v 600000`); now the one
  line (scipy's BLAS loads only with room);
- about 640 MB: pyarrow's allocator, mimalloc, crashed writing a part (SIGSEGV, SIGABRT);
  under a cap pyarrow now uses the system's, which raises;
- from about 680 MB on: the run works (from 600 MB without the guard on scipy's BLAS, which
  asks for room to spare, and from 640 MB before each BLAS mapped its 32 MB working buffer as
  it loads, which keeps `report` from OpenBLAS's own exit between about 720 and 900 MB).
Every cap from 16 to 630 MB was the one line, in a sweep of two runs at each of 30 caps.

The caps tried here sit in the middle of that range, where every failure is in the imports,
before the engine is loaded from numba's cache or compiled: so the cache's state does not
matter to them (CI warms it first anyway, tests/warm_cache.py). With the cache cold, a cap that
lets the imports through but not the compile (700 MB, say) ended in LLVM's own "LLVM ERROR: out
of memory" and an abort, which no Python code can catch; the engine now asks for room before
its first compile (simulator/engine/_jit.py, COMPILE_ROOM_MB), and one test here meets it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from avarium.runner import manifest
from avarium.simulator.engine._jit import COMPILE_ROOM_MB

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="reads the address space from /proc (Linux)"
)

GAMES = ["--games", "20", "--chunk-size", "10", "--bots", "heuristic", "-j", "1", "-q"]


def avarium() -> list[str]:
    """The `avarium` command as installed next to this Python (python -m where it is not)."""
    script = Path(sys.executable).with_name("avarium")
    return [str(script)] if script.exists() else [sys.executable, "-m", "avarium.cli.main"]


def capped(
    args: list[str], cap_mb: int, cwd: Path, env: dict | None = None
) -> subprocess.CompletedProcess:
    def cap() -> None:  # in the child, before it starts Python
        resource.setrlimit(resource.RLIMIT_AS, (cap_mb << 20, cap_mb << 20))

    # A minute: the hang this guards against (OpenBLAS retrying for ever) shows as a timeout.
    return subprocess.run(
        [*avarium(), *args],
        preexec_fn=cap,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def address_space_mb(code: str) -> int:
    """The address space (VmSize) of a fresh Python of this venv after running `code`."""
    report = "print(open('/proc/self/status').read().split('VmSize:')[1].split()[0])"
    done = subprocess.run(
        [sys.executable, "-c", f"{code}\n{report}"], capture_output=True, text=True, check=True
    )
    return int(done.stdout) >> 10


def files(folder: Path) -> dict[str, str]:
    """Every file under `folder`, hidden ones too, by its SHA-256."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def earlier_run(tmp_path_factory):
    """A run of the same command stopped after the first of its two chunks (as Ctrl-C leaves
    it), made without a cap: a capped rerun has a chunk to play, so it goes as far as loading
    the engine, and must leave what is there alone."""
    where = tmp_path_factory.mktemp("capped")
    done = subprocess.run(
        [*avarium(), "simulate", *GAMES, "--out", "run"],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=600,  # compiles the engine if numba's cache is cold
    )
    assert done.returncode == 0, done.stderr
    run = where / "run"
    record = manifest.read(run)
    last = {name for name, part in record.parts.items() if part.chunk == 1}
    for name in last:
        (run / name).unlink()
    kept = {name: part for name, part in record.parts.items() if name not in last}
    manifest.write(run, dataclasses.replace(record, parts=kept))
    return where, files(run)


def out_of_memory_line(done: subprocess.CompletedProcess, cap_mb: int) -> str:
    """Check `done` ended in the one line saying so, and what to do; returns it."""
    assert done.returncode == 1, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-2000:]
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr[-2000:]
    line = lines[0]
    # the step that asked for room and found too little, when one did, is named before the ";"
    assert re.match(r"error: out of memory(: [^;]+)?; every file written so far is kept", line)
    assert f"capped at {cap_mb} MB: ulimit -v" in line, line  # the cap the user set, named
    assert "fewer --jobs, a smaller --chunk-size" in line, line  # and what to ask for instead
    return line


@pytest.mark.parametrize(
    "cap_mb",
    [
        # llvmlite's library (numba's compiler) cannot be mapped: was an OSError traceback.
        pytest.param(250, id="a library that cannot be mapped"),
        # Room for numba and pyarrow but not scipy's BLAS after them: was a hang at 100% CPU.
        pytest.param(500, id="scipy's BLAS while numba starts"),
    ],
)
def test_a_run_under_a_cap_too_low_says_out_of_memory_in_one_line_and_keeps_the_run_whole(
    earlier_run, cap_mb
):
    where, before = earlier_run
    out_of_memory_line(capped(["simulate", *GAMES, "--out", "run"], cap_mb, where), cap_mb)
    assert files(where / "run") == before


def test_a_cap_with_room_for_the_run_lets_it_finish(earlier_run, tmp_path):
    """1,000 MB, about 360 more than the run needs: the guards ask for room, not for much more
    than the run would take anyway. The engine is in numba's cache by now (the earlier run put
    it there), so nothing is compiled under the cap."""
    where, _ = earlier_run
    shutil.copytree(where / "run", tmp_path / "run")
    done = capped(["simulate", *GAMES, "--out", "run"], 1000, tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert len(manifest.read(tmp_path / "run").parts) == 4  # both chunks' games and cards


def test_a_cold_compile_under_a_cap_too_tight_for_it_is_one_line_not_llvms_abort(tmp_path):
    """With numba's cache empty, a cap that lets the imports through but not the compile (the
    first compile starts at about 570 MB and adds about 230) ended in "LLVM ERROR: out of
    memory" and an abort (exit 134), which no Python code can catch. The engine now asks for
    the room before it compiles, and the command says what it needs in the one line."""
    env = {**os.environ, "AVARIUM_CACHE_DIR": str(tmp_path / "empty cache")}
    env.pop("NUMBA_CACHE_DIR", None)
    done = capped(["simulate", *GAMES, "--out", "run"], 700, tmp_path, env)
    line = out_of_memory_line(done, 700)
    assert "LLVM" not in done.stderr
    assert f"compiling the engine (first run only) needs about {COMPILE_ROOM_MB} MB" in line


def test_a_cap_met_while_the_command_line_itself_loads_is_the_same_one_line(earlier_run):
    """Halfway between what Python and the package take and what the command line's own imports
    (typer, every command's module) take: the cap is met before any command could catch it.
    Measured, not fixed, so another Python's start-up does not move the cap out of the range."""
    where, before = earlier_run
    package = address_space_mb("import avarium.cli")
    command_line = address_space_mb("import avarium.cli.main")
    assert command_line - package >= 4, (package, command_line)  # room to fall between them
    cap_mb = (package + command_line) // 2
    out_of_memory_line(capped(["simulate", *GAMES, "--out", "run"], cap_mb, where), cap_mb)
    assert files(where / "run") == before


def test_numpy_needing_more_than_the_cap_leaves_is_the_same_one_line(tmp_path):
    """Was numpy's OpenBLAS giving up with a line of its own ("OpenBLAS error: Memory allocation
    still failed after 10 retries, giving up.") and exit(1)."""
    out_of_memory_line(capped(["cards", "validate"], 100, tmp_path), 100)


def test_a_library_the_loader_could_not_map_is_memory_only_under_a_cap(monkeypatch):
    from avarium.cli import memory_cap

    loader = OSError("libllvmlite.so: failed to map segment from shared object")
    llvmlite = OSError("Could not find/load shared object file 'libllvmlite.so'")
    llvmlite.__context__ = loader  # raised while handling the loader's, as llvmlite does
    hidden = RuntimeError("a command's own message")
    hidden.__context__, hidden.__suppress_context__ = loader, True  # `raise ... from None`
    mapping = ImportError("libarrow.so.2600: failed to map segment from shared object")

    monkeypatch.setattr(memory_cap, "address_space_cap", lambda: 400 << 20)
    assert memory_cap.ran_out(mapping) and memory_cap.ran_out(llvmlite)
    assert not memory_cap.ran_out(hidden)
    assert not memory_cap.ran_out(ImportError("No module named 'scipy'"))
    monkeypatch.setattr(memory_cap, "address_space_cap", lambda: None)
    assert not memory_cap.ran_out(mapping)  # a noexec mount says the same
    assert memory_cap.ran_out(MemoryError()) and memory_cap.ran_out(OSError(12, "no memory"))


def test_a_c_extension_failing_without_an_exception_is_memory_only_under_a_cap(monkeypatch):
    """Under an 800 MB cap, a report's chart failed in matplotlib's legend with "SystemError:
    error return without exception set" (an allocation that returned NULL, unchecked), and the
    command showed a traceback."""
    from avarium.cli import memory_cap

    failed = SystemError("error return without exception set")
    monkeypatch.setattr(memory_cap, "address_space_cap", lambda: 800 << 20)
    assert memory_cap.ran_out(failed)
    assert not memory_cap.ran_out(SystemError("a bug of another kind"))
    monkeypatch.setattr(memory_cap, "address_space_cap", lambda: None)
    assert not memory_cap.ran_out(failed)  # without a cap, a bug to show


def test_a_blas_loads_only_with_room_and_is_checked_once(monkeypatch):
    from avarium.cli import memory_cap

    monkeypatch.setattr(memory_cap, "address_space_cap", lambda: 600 << 20)
    monkeypatch.setattr(memory_cap, "address_space_used", lambda: 500 << 20)
    guard = memory_cap._RoomForBlas()
    with pytest.raises(
        MemoryError, match=rf"scipy\.linalg needs about {memory_cap.BLAS_ROOM_MB} MB"
    ):
        guard.find_spec("scipy.linalg")
    assert guard.find_spec("scipy") is None  # scipy itself loads no BLAS (numba imports it)
    monkeypatch.setattr(memory_cap, "address_space_used", lambda: 400 << 20)
    import scipy

    spec = guard.find_spec("scipy.linalg", scipy.__path__)  # the usual spec, and then the buffer
    assert spec.name == "scipy.linalg" and isinstance(spec.loader, memory_cap._WithBuffer)
    monkeypatch.setattr(memory_cap, "address_space_used", lambda: 590 << 20)
    assert guard.find_spec("scipy.special") is None  # the same BLAS, loaded by then
    with pytest.raises(MemoryError, match="numpy"):
        guard.find_spec("numpy")


def test_each_blas_maps_its_working_buffer_as_it_loads_under_a_cap(tmp_path):
    """OpenBLAS maps its 32 MB buffer at its first large multiplication, not at load: under a
    cap that then refuses it, `report` (statsmodels' first fit) ended in OpenBLAS's own line and
    exit(1). Under a cap the buffer is mapped as each BLAS loads, where room is checked, so a
    later multiplication maps nothing."""
    code = (
        "import avarium.cli, numpy as np, scipy.linalg.blas as blas\n"
        "def size():\n"
        "    return int(open('/proc/self/status').read().split('VmSize:')[1].split()[0])\n"
        "before = size()\n"
        "square = np.ones((256, 256))\n"
        "np.dot(square, square), blas.dgemm(1.0, square, square)\n"
        "print(size() - before)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], preexec_fn=lambda: resource.setrlimit(
            resource.RLIMIT_AS, (4000 << 20, 4000 << 20)
        ), capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) < 8 << 10, done.stdout  # kB: no 32 MB buffer mapped now


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    from avarium.analysis.synthetic import Plan, synthetic_run

    where = tmp_path_factory.mktemp("report")
    synthetic_run(where / "run", 6_000, Plan(bot="heuristic.balanced"), seed=2)
    return where


def test_a_report_under_a_cap_works_or_says_out_of_memory_in_one_line(small_run):
    """Under caps of about 720 to 900 MB (760, 800 and 820 here; not 780), `report` ended in
    OpenBLAS's own line ("OpenBLAS error: Memory allocation still failed after 10 retries,
    giving up.") and exit(1): its first fit had OpenBLAS map its buffer, which the cap refused."""
    cap_mb = 800
    done = capped(["report", "run"], cap_mb, small_run)
    assert "OpenBLAS" not in done.stdout + done.stderr, done.stderr[-2000:]
    if done.returncode != 0:
        out_of_memory_line(done, cap_mb)
