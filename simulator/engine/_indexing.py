"""The engine's array indexes are never negative, so its kernels are compiled without Python's
wraparound.

Numba compiles every integer index `a[i]` as Python reads it: a negative `i` counts from the
end, so each index of every access gets a compare, an add and a select before the address is
formed, and LLVM can then seldom fold an address or keep it across a loop. The engine never
indexes from the end (rows and columns are named offsets, cards and seats count from 0), so
its kernels and the bots' are compiled with the index as it is: about 1.14x the decisions per
CPU second, random and heuristic alike, the very same games (docs/results.md, "The decision's
speed against OpenSpiel").

Only functions of this package lose the wraparound (numba's own implementations, a test's or a
user's kernels keep it), recognised by the mangled name of the function being compiled. A
negative index in a kernel would now read outside its array, as a too large one always could
(bounds are not checked): tests/properties/test_no_negative_index.py plays games in plain
Python with arrays that refuse a negative index, and NUMBA_BOUNDSCHECK=1 (with a cache of its
own) makes numba check every index of the compiled kernels, negative ones included.

It replaces numba's `arrayobj.fix_integer_index` (written and measured against numba 0.68.1),
so it is installed only on the numba versions the code-generation hook is (`_codegen.SUPPORTED`);
otherwise kernels keep the wraparound (slower, the same games). Whether it is installed is
hashed into the cache directory's name (`_jit.cache_dir`).
"""

from __future__ import annotations

from avarium.simulator.engine import _codegen

# The prefix of the mangled name of every function of this package (numba mangles
# `avarium.simulator.engine.step.step` to `_ZN7avarium9simulator6engine4step4step...`).
OURS = "_ZN7avarium"


def _without_wraparound(original):
    from numba.core import types

    def fix_integer_index(context, builder, idxty, idx, size):
        if idxty.signed and builder.function.name.startswith(OURS):
            # an engine index, never negative: converted, not wrapped around
            return context.cast(builder, idx, idxty, types.intp)
        return original(context, builder, idxty, idx, size)

    return fix_integer_index


def _install() -> bool:
    try:
        from numba.np import arrayobj
    except ImportError:
        return False
    return _codegen.replace_in_numba(arrayobj, "fix_integer_index", _without_wraparound)


ACTIVE = _install()
