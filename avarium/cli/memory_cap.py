"""A memory cap met with one line: under `ulimit -v` (RLIMIT_AS, a cap on the address space) a
command either works or says that it ran out of memory and what to do, including while it loads
numpy, scipy, numba and pyarrow. Set up by avarium/cli/__init__.py before anything imports them;
nothing here imports them either.

Without this, `avarium simulate` of a few games (numba's cache warm) met a cap below the 600 MB
or so it needs in one of four ways besides the MemoryError the command line already turned into
one line (x86-64 Linux, numpy 2.4, scipy 1.17, numba 0.68, pyarrow 26; where each cap fell is in
tests/hostile_input/test_a_memory_cap_is_met_with_one_line.py):
- scipy's OpenBLAS, loaded while numba starts, was refused the 32 MB buffer it maps at load and
  retried for ever at full CPU, with no output; numpy's gave up with a line of its own
  ("OpenBLAS error: Memory allocation still failed") and exit(1);
- pyarrow's default memory pool, mimalloc, crashed the process (SIGSEGV, SIGABRT) writing a part;
- a shared library that could not be mapped (llvmlite's, pyarrow's) was an ImportError or
  OSError traceback;
- memory running out in the command line's own imports, before any command could catch it, was
  a MemoryError traceback;
- in `report`, under a cap of about 720 to 900 MB, statsmodels' first fit had an OpenBLAS map
  its 32 MB working buffer, which it maps at the first large multiplication, not at load: the
  cap refused it, and OpenBLAS printed its own line and called exit(1). Each BLAS now maps its
  buffer as it loads, with room checked first (_WithBuffer);
- in `report` under 800 MB, matplotlib drawing a chart's legend failed an allocation it does not
  check, which CPython raises as "SystemError: error return without exception set", a traceback.
Below about 15 MB Python itself cannot start: no code of ours runs there.
"""

from __future__ import annotations

import errno
import os
import sys

from avarium.simulator import address_space

#: Room the cap must leave when numpy or scipy is first imported. Each loads an OpenBLAS, which
#: maps its library and then a 32 MB buffer; when the cap refuses the buffer, scipy's retries for
#: ever and numpy's exits the process. Measured from the import's start, both failed that way
#: with 40 to 75 MB of room; with less (the library itself not mapped) or with 80 MB and more
#: they loaded or raised an error that is reported as memory running out. 128 MB keeps clear of
#: the window on a build whose library is larger.
BLAS_ROOM_MB = 128
#: Room the cap must leave, once numpy or scipy has loaded, for its OpenBLAS's working buffer
#: (32 MB, mapped at the first large multiplication) and what Python allocates meanwhile.
BUFFER_MB = 48
#: Each OpenBLAS and the packages whose first import loads it. scipy's loads with scipy.linalg
#: or scipy.special, which every scipy subpackage the toolkit uses imports first; not with scipy
#: itself, which numba imports at its start (to check its version) long before.
_BLAS_LOADERS = {"numpy": "numpy", "scipy.linalg": "scipy", "scipy.special": "scipy"}
#: A dynamic loader's words for a library it could not map: with a cap in place, the cap.
_MAPPING_REFUSED = ("failed to map segment", "cannot map zero-fill pages")
# What CPython raises when a C extension returns failure without setting an exception: under a
# cap, a malloc that returned NULL in code that does not check it (matplotlib's legend drew a
# report's chart so under 800 MB: tests/hostile_input/test_a_memory_cap_is_met_with_one_line.py).
_FAILED_WITHOUT_EXCEPTION = "error return without exception set"


address_space_cap = address_space.cap
address_space_used = address_space.used


_said = False  # whether this process said it ran out (message() was asked for)


def message(exc: BaseException | None = None) -> str:
    """What the command says when memory runs out (after `error: `); with the step that asked
    for room and found too little when `exc` (or what it was raised from) says so."""
    global _said
    _said = True
    cap = address_space_cap()
    capped = f" (its address space is capped at {cap >> 20} MB: ulimit -v)" if cap else ""
    step = next((f": {e}" for e in _chain(exc) if isinstance(e, address_space.NoRoom)), "")
    return (
        f"out of memory{step}; every file written so far is kept. Give the command more "
        f"memory{capped}, or ask it for less: fewer --jobs, a smaller --chunk-size, fewer "
        "games per report"
    )


def ran_out(exc: BaseException) -> bool:
    """Whether `exc`, or an exception it was raised from or during, is memory running out: a
    MemoryError, an OSError of ENOMEM, or, under a cap, a library the loader could not map (an
    ImportError, or llvmlite's OSError raised while handling the loader's) or a C extension that
    failed without saying why (a SystemError). Without a cap neither is taken for memory: a
    noexec mount says the loader's words too, and a SystemError is then a bug to show."""
    capped = address_space_cap() is not None
    for e in _chain(exc):
        if isinstance(e, MemoryError):
            return True
        if isinstance(e, OSError) and e.errno == errno.ENOMEM:
            return True
        if capped and isinstance(e, ImportError | OSError):
            text = str(e).lower()
            if any(words in text for words in _MAPPING_REFUSED):
                return True
        if capped and isinstance(e, SystemError) and _FAILED_WITHOUT_EXCEPTION in str(e):
            return True
    return False


def _chain(exc: BaseException | None):
    """`exc` and what it was raised from or during, as a traceback would show them: `raise ...
    from None` hides what it was raised during."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        exc = exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)


class _RoomForBlas:
    """A finder that loads nothing itself: it raises MemoryError before the import that loads
    numpy's or scipy's OpenBLAS when the cap leaves less than BLAS_ROOM_MB, so the command says
    it ran out of memory instead of OpenBLAS spinning or exiting; and it has that import, once
    done, map the BLAS's working buffer at once (_with_buffer). Each BLAS is checked once."""

    def __init__(self) -> None:
        self.loading: set[str] = set()

    def find_spec(self, name, path=None, target=None):
        blas = _BLAS_LOADERS.get(name)
        if blas is None or blas in self.loading:
            return None
        _room_for(f"{name} needs", BLAS_ROOM_MB, "to load its BLAS")
        self.loading.add(blas)
        for finder in sys.meta_path:  # the spec the usual finders give, its loader wrapped
            found = getattr(finder, "find_spec", None)
            spec = None if finder is self or found is None else found(name, path, target)
            if spec is not None:
                if spec.loader is not None:
                    spec.loader = _WithBuffer(spec.loader, blas)
                return spec
        return None


def _room_for(who: str, megabytes: int, why: str) -> None:
    """MemoryError (NoRoom) unless the cap leaves `megabytes` of address space."""
    address_space.room_for(who, megabytes, why, address_space_cap(), address_space_used())


class _WithBuffer:
    """A module's loader, which then maps its OpenBLAS's working buffer (BUFFER_MB), with room
    checked first. OpenBLAS maps the buffer at its first multiplication of 128 rows or more,
    not at load: left to then (statsmodels' first fit, in `report`), a cap that refuses it
    ends the process with OpenBLAS's own line and exit(1), which no Python code can catch.
    Mapped now, it is reused by every later call (one BLAS thread: one buffer)."""

    def __init__(self, loader, blas: str) -> None:
        self.loader, self.blas = loader, blas

    def __getattr__(self, name):  # every other question a loader answers: the real one's
        return getattr(self.loader, name)

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module) -> None:
        self.loader.exec_module(module)
        _room_for(f"{self.blas}'s BLAS needs", BUFFER_MB, "for its working buffer")
        import numpy as np

        square = np.ones((128, 128))
        if self.blas == "numpy":
            np.dot(square, square)
        else:
            from scipy.linalg import blas

            blas.dgemm(1.0, square, square)


def _one_line_hook(previous):
    def hook(kind, exc, traceback):
        if ran_out(exc):
            try:
                sys.stderr.write(f"error: {message(exc)}\n")
                end_now(1)
            except Exception:  # printing itself failed: Python's own report, then
                pass
        previous(kind, exc, traceback)

    return hook


def end_now(code: int) -> None:
    """End the process now, once it has said it ran out of memory: a library the cap left
    half-loaded (llvmlite's under a few hundred MB) can crash Python's own shutdown with a
    SIGSEGV after the line was said, and the exit code with it. Every file the toolkit writes
    is whole and closed by then, and the OS releases its locks."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def ran_out_and_said() -> bool:
    """Whether this process said that memory ran out."""
    return _said


def meet_the_cap() -> None:
    """Under an address-space cap: guard numpy's and scipy's BLAS, give pyarrow the system's
    allocator, and make memory running out while the command line itself loads (its own
    imports, before any command can catch it) one line. Without a cap it does nothing."""
    if address_space_cap() is None:
        return
    # mimalloc, pyarrow's default, crashed the process when the cap refused it more address
    # space; the system's malloc returns NULL, which pyarrow raises as ArrowMemoryError (a
    # MemoryError). Set before pyarrow loads, and inherited by the worker processes.
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    # pyarrow's jemalloc still starts as pyarrow loads, with a background thread whose stack
    # the cap can refuse: it then prints a line of its own ("<jemalloc>: arena 0 background
    # thread creation failed") beside ours. Nothing here needs that thread.
    os.environ.setdefault("JE_ARROW_MALLOC_CONF", "background_thread:false")
    if not any(isinstance(finder, _RoomForBlas) for finder in sys.meta_path):
        sys.meta_path.insert(0, _RoomForBlas())
        sys.excepthook = _one_line_hook(sys.excepthook)
