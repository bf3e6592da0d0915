"""The one place that decides how engine kernels are compiled.

`cache=True` keeps the machine code between runs (a warm start loads it); no fastmath (integer
game logic must give the same games compiled or not) and no parallel (parallelism is joblib's).
Set NUMBA_DISABLE_JIT=1 before Python starts to run every kernel as plain Python.
"""

from numba import njit as _numba_njit


def njit(fn):
    return _numba_njit(cache=True)(fn)
