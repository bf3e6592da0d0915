"""The one place that decides how engine kernels are compiled.

`cache=True` keeps the machine code between runs (a warm start loads it); no fastmath (integer
game logic must give the same games compiled or not) and no parallel (parallelism is joblib's).
Set NUMBA_DISABLE_JIT=1 before Python starts to run every kernel as plain Python.

Numba's cache only notices a change to the file a function is written in, not to the functions
it calls in other files, so after an edit elsewhere it could load stale machine code. The cache
therefore lives in a directory named by a hash of every engine source file: any edit gives a
fresh cache. A kernel written outside the engine (the compiled bots in strategies/) calls into
the engine and into its own package, so its cache is named by the engine's hash and its own
folder's (a loop that calls another client's kernels, the runner's calling the bots, names
that folder too: `calls`): the engine does not list its clients, and a client's edit never
recompiles the engine. NUMBA_CACHE_DIR, when set, is respected as is.
"""

import hashlib
import inspect
import os
import sys
from functools import cache
from pathlib import Path

from avarium.simulator import address_space
from avarium.simulator.engine import _codegen, _indexing
from numba import config, types
from numba.core import event
from numba.core.registry import CPUDispatcher

ENGINE = Path(__file__).resolve().parent


@cache
def _folder_hash(folder: Path) -> str:
    """A hash of every source file of a folder (the engine's also covers constants.py, the codes
    it compiles in)."""
    h = hashlib.sha256()
    paths = [*folder.glob("*.py")]
    if folder == ENGINE:
        paths.append(ENGINE.parent / "constants.py")
    for path in sorted(paths):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    # machine code built with the game loops' private copies (_codegen) is never loaded by a
    # build without them, nor the other way round
    h.update(b"private copies" if _codegen.ACTIVE else b"plain")
    # nor machine code without Python's wraparound of negative indexes (_indexing) by a build
    # that keeps it
    if _indexing.ACTIVE:
        h.update(b"no wraparound")
    return h.hexdigest()[:16]


def cache_dir(folder: Path = ENGINE, calls: tuple[Path, ...] = ()) -> str:
    """Where the kernels written in `folder` are cached: named by the engine's sources, for a
    folder outside the engine by its own sources too, and by those of the other client folders
    its kernels `calls` (a runner loop calling the bots)."""
    base = os.environ.get("AVARIUM_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "avarium-balance-lab"
    )
    name = f"numba-{_folder_hash(ENGINE)}"
    if folder != ENGINE:
        name += f"-{folder.name}-{_folder_hash(folder)}"
    for other in calls:
        name += f"-{other.name}-{_folder_hash(other)}"
    return os.path.join(base, name)


# Set by the user: every kernel goes there, as numba does.
USER_CACHE = bool(os.environ.get("NUMBA_CACHE_DIR"))

FIRST_RUN_MESSAGE = (
    "compiling the engine (first run only: one to three minutes, longer on a busy machine)…"
)
# What this process's notice says: a command that knows what it is about to compile says so
# (runner/warmup.py, with its measured time), others say FIRST_RUN_MESSAGE.
_notice = [FIRST_RUN_MESSAGE]


def announce_as(text: str) -> None:
    """Make the first-compile notice of this process say `text` (if it has not been printed)."""
    _notice[0] = text


# Address space a cold compile adds to a process, in MB. Measured under a cap of 1,000 MB with
# an empty cache (`avarium simulate --bots heuristic`, numba 0.68, llvmlite 0.50): the first
# compile began at 572 MB and the process peaked at 805 MB (233 MB more); a cap of 750 MB
# ended in LLVM's abort and one of 800 MB compiled. Warm, the same command peaked at 632 MB.
COMPILE_ROOM_MB = 256

# Set once the message is printed, so the processes started afterwards (the run's workers, a
# helper) inherit it and stay quiet: the wait is announced once per command, not per process.
ANNOUNCED = "AVARIUM_COMPILE_ANNOUNCED"


class _FirstCompileNotice(event.Listener):
    """Prints the notice (FIRST_RUN_MESSAGE, or announce_as's) to stderr when numba starts its
    first real compile.

    Numba broadcasts "numba:compile" only after a cache miss (a kernel loaded from the cache
    broadcasts nothing), so a warm start prints nothing, and a cold one says why the first
    command sits silent for a minute before it does anything."""

    checked = False  # whether this process asked for room to compile in

    def on_start(self, event):
        if not _FirstCompileNotice.checked:
            _FirstCompileNotice.checked = True
            # Under a cap too tight for it, LLVM aborts the process mid-compile ("LLVM ERROR:
            # out of memory"), which no Python code can catch: ask for the room first, so the
            # command says in one line what it needs. Once compiled, the engine is loaded from
            # the cache in less.
            address_space.room_for(
                "compiling the engine (first run only) needs",
                COMPILE_ROOM_MB,
                "(later runs load it compiled, in less)",
                address_space.cap(),
                address_space.used(),
            )
        if os.environ.get(ANNOUNCED):
            return
        os.environ[ANNOUNCED] = "1"
        # A notice for whoever waits, on stderr: never mixed into a command's output on stdout.
        sys.stderr.write(_notice[0] + "\n")
        sys.stderr.flush()

    def on_end(self, event):
        pass


if not config.DISABLE_JIT:
    event.register("numba:compile", _FirstCompileNotice())


def _widened(t):
    """The type a kernel is compiled for when called with an argument of type t.

    Numba compiles a callee once per distinct tuple of argument types, and a constant argument
    has its own type (`Literal[int](4)`), as does an int32 read from the card tables: move()
    alone was compiled eleven times, each with everything it calls. Every integer is passed as
    int64 and every constant as its plain type, so a kernel compiles once per shape of the arrays
    it is given (196 compiles of 192 kernels instead of 291; cold compile of
    the heuristic bots' games: 126 s before, measured with numba's compile events).
    """
    t = types.unliteral(t)
    if isinstance(t, types.IntEnumMember):
        return types.int64
    if isinstance(t, types.Integer) and t.bitwidth < 64:
        return types.int64
    return t


class _KernelDispatcher(CPUDispatcher):
    """A CPU dispatcher that compiles for widened argument types (see _widened)."""

    def get_call_template(self, args, kws):
        args = tuple(_widened(a) for a in args)
        kws = {k: _widened(v) for k, v in kws.items()}
        return super().get_call_template(args, kws)


def _compiled(fn, nrt: bool, inline: str = "never", cache: bool = True, calls=()):
    if config.DISABLE_JIT:
        return fn
    options = {"nopython": True, "boundscheck": None, "_nrt": nrt, "inline": inline}
    dispatcher = _KernelDispatcher(py_func=fn, locals={}, targetoptions=options)
    if cache:
        # numba's cache locator reads config.CACHE_DIR once, when caching is enabled
        if not USER_CACHE:
            folder = Path(inspect.getsourcefile(fn)).resolve().parent
            config.CACHE_DIR = cache_dir(folder, tuple(calls))
        dispatcher.enable_caching()
    return dispatcher


def njit(fn):
    """Engine kernels: compiled without numba's reference counting (`_nrt=False`).

    Measured with perf: passing the state and the tables into every call cost an atomic
    increment and decrement per array per call, about a third of the engine's time. The kernels
    allocate nothing (scratch columns of the state serve instead), so they need no counting.
    """
    return _compiled(fn, nrt=False)


def njit_driver(fn):
    """Drivers that allocate (the whole-game loops of play.py) keep reference counting."""
    _codegen.ENTRY_POINTS.add(fn.__qualname__)
    return _compiled(fn, nrt=True)


def njit_entry(fn):
    """A kernel Python calls one call at a time (the API's step, legal_actions and setup_game,
    the bots' choose_action): its own module gets numba's full optimisation. Other kernels get
    only the cheap passes, since the code that runs is the copy each caller links in and
    optimises again (_codegen): a fifth less CPU to compile the engine, the game loops as fast
    (docs/results.md, "The engine optimised in full only where it runs")."""
    _codegen.ENTRY_POINTS.add(fn.__qualname__)
    return _compiled(fn, nrt=False)


def njit_game_loop(fn=None, *, nrt: bool = True, calls: tuple[Path, ...] = ()):
    """A whole-game loop (a driver no kernel calls): the engine it links in is made private to
    it after linking (_codegen), so LLVM may drop unused arguments and inline across the
    engine; same games, cheaper calls.

    `@njit_game_loop(nrt=False)`: a loop given its scratch arrays by its caller, which then
    allocates nothing and is compiled without reference counting, like the kernels: a seat's
    row of weights or its random stream taken per decision is then a view with no atomic
    count (perf put numba's reference counting at about 5% of random players' games).

    `calls`: the client folders (outside the engine and the loop's own) whose kernels the loop
    calls, so that an edit there gives it a fresh cache too (see cache_dir)."""
    if fn is None:
        return lambda f: njit_game_loop(f, nrt=nrt, calls=calls)
    _codegen.GAME_LOOPS.add(fn.__qualname__)
    return _compiled(fn, nrt=nrt, calls=calls)


def njit_inline(fn):
    """A thin layer over kernels that reach most of the engine (advance, a driver's helpers):
    its body is pasted into its callers before typing, so it is never compiled on its own.

    Numba links into every compiled function the machine code of all it calls and optimises
    and emits that whole module again; a layer of its own over the engine costs a compile of
    the whole engine (about 3 s each, measured with numba's compile events)."""
    return _compiled(fn, nrt=False, inline="always")
