"""The one place that decides how engine kernels are compiled.

`cache=True` keeps the machine code between runs (a warm start loads it); no fastmath (integer
game logic must give the same games compiled or not) and no parallel (parallelism is joblib's).
Set NUMBA_DISABLE_JIT=1 before Python starts to run every kernel as plain Python.

Numba's cache only notices a change to the file a function is written in, not to the functions
it calls in other files, so after an edit elsewhere it could load stale machine code. The cache
therefore lives in a directory named by a hash of every engine source file and of the compiled
bots in strategies/: any edit gives a fresh cache. NUMBA_CACHE_DIR, when set, is respected as is.
"""

import hashlib
import os
from pathlib import Path

from numba import config
from numba import njit as _numba_njit

# The modules of strategies/ that hold compiled code (or constants compiled code reads).
COMPILED_BOTS = ("weights.py", "features.py", "heuristic.py", "lookahead.py", "drivers.py")


def _source_hash() -> str:
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    bots = here.parent.parent / "strategies"  # the built-in bots are compiled too
    for path in sorted(
        [*here.glob("*.py"), here.parent / "constants.py", *(bots / f for f in COMPILED_BOTS)]
    ):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def cache_dir() -> str:
    base = os.environ.get("AVARIUM_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "avarium-balance-lab"
    )
    return os.path.join(base, f"numba-{_source_hash()}")


if not os.environ.get("NUMBA_CACHE_DIR"):
    config.CACHE_DIR = cache_dir()


def njit(fn):
    """Engine kernels: compiled without numba's reference counting (`_nrt=False`).

    Measured with perf: passing the state and the tables into every call cost an atomic
    increment and decrement per array per call, about a third of the engine's time. The kernels
    allocate nothing (scratch columns of the state serve instead), so they need no counting.
    """
    return _numba_njit(cache=True, _nrt=False)(fn)


def njit_driver(fn):
    """Drivers that allocate (the whole-game loops of play.py) keep reference counting."""
    return _numba_njit(cache=True)(fn)
