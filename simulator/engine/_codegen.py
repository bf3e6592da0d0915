"""A code-generation hook: the kernels linked into a game loop become private to it, and a
kernel deep in the engine is optimised in full only where it runs.

Numba compiles each kernel into a library of its own and links the libraries of everything a
kernel calls into its module, marked `linkonce_odr` (any copy may be chosen at run time, so LLVM
must keep each function's signature as it is). Every call that LLVM does not inline then passes
the state and the tables field by field: 21 machine arguments, 15 of them on the stack, about
6.8 ns a call, at about 50 calls a decision (measured when this hook was written:
docs/results.md, "The game loops' private copies of the engine").

Marked `private` after linking, those copies belong to the one module: LLVM may drop the
arguments a callee never reads, pass constants in and inline more. No kernel changes and the
same machine operations in the same order, so the very same games
(tests/test_same_games_as_before.py). The functions a module defines itself stay as they are.

`private`, not `internal`: an internal function is a local symbol of the object file, and LLVM's
run-time linker (RuntimeDyld, which loads numba's machine code) enters local symbols in its one
table of names too. A kernel loaded afterwards (from numba's cache, say) whose own copy of a
callee is a weak definition then binds to the game loop's copy, whose arguments LLVM has
changed: the call crashes (tests/engine/test_codegen.py shows it). A private function has no
symbol in the object at all, so nothing outside its module can find it.

Only the game loops get it (`_jit.njit_game_loop`: libraries that no other kernel links in). A
library's module is what its callers link in; with its linked copies made private, every caller
would carry a private copy of all it reaches besides the shared ones, so the engine would be
copied once per layer of calls (a cold `avarium play` measured at over four times its CPU time,
unfinished). A game loop links the whole engine once, and that one copy is made private.

The same hook makes the engine cheaper to compile. Numba optimises each kernel's module in full
after linking its callees in, so the code of a kernel deep in the engine is optimised again in
every layer of callers above it, though the only copies that ever run are those inside the
game loops and the kernels Python calls one at a time. Those (`GAME_LOOPS` and
`ENTRY_POINTS`: the drivers, `step`, `legal_actions`, `setup_game` and the bots' one-decision
`choose_action`) keep numba's full optimisation; every other kernel gets only its cheap first
stage (inlining, simplification and reference-count pruning), which its callers' full passes
then finish. A cold compile of `avarium bench`'s kernels took 20% less CPU (213.6 s -> 170.8 s),
the game loops ran as fast and the Python API within 3% (docs/results.md, "The engine optimised
in full only where it runs").

The hook also builds numba's passes without LLVM's loop vectorizer and loop unrolling
(`_short_loops_hook`): the engine's loops are short, and the copies those passes made of them
only made the game loops larger and slower.

It reaches into numba's private code generator (`CPUCodeLibrary._optimize_final_module`), so it
is installed only on the numba versions it was written against, and only when that method is
there; otherwise kernels compile as numba does by itself (slower, the same games). This file is
one of the engine sources hashed into the cache directory's name (`_jit.cache_dir`), and whether
the hook is active is hashed too, so machine code built with it is never loaded without it.
"""

from __future__ import annotations

import os

import numba

# Written and measured against numba 0.68.1; the method it wraps is unchanged from 0.60 to 0.68.
SUPPORTED = ((0, 60), (0, 69))  # [from, to)
# AVARIUM_PLAIN_CODEGEN=1 turns the hook off (to measure what it gives).
OFF = "AVARIUM_PLAIN_CODEGEN"

# Qualified names of the game loops (numba names a function's library after it).
GAME_LOOPS: set[str] = set()
# Kernels called from Python one call at a time (the drivers, the Python API's step,
# legal_actions and setup_game, the bots' choose_action): their own machine code is what runs,
# so it is optimised in full.
ENTRY_POINTS: set[str] = set()


def _numba_version() -> tuple[int, int]:
    major, minor = numba.__version__.split(".")[:2]
    return int(major), int(minor)


def _optimize_hook(original):
    import llvmlite.binding as ll
    from numba.core import config
    from numba.core.codegen import remove_redundant_nrt_refct

    def cheap_passes(self):
        # numba's own first stage of _optimize_final_module (inlining and simplification, then
        # reference-count pruning), without the full optimisation that follows it there.
        mpm, mpb = self._codegen._module_pass_manager(
            loop_vectorize=self._codegen._loopvect,
            slp_vectorize=False,
            opt=self._codegen._opt_level,
            cost="cheap",
        )
        mpm.run(self._final_module, mpb)
        if not config.LLVM_REFPRUNE_PASS:
            self._final_module = remove_redundant_nrt_refct(self._final_module)

    linked = ll.Linkage.linkonce_odr
    private = ll.Linkage.private

    def optimize_final_module(self):
        # finalize() calls this right after linking the callees' modules in and before LLVM's
        # module passes: the one moment a linked-in copy can be made private to this module.
        if self.name in GAME_LOOPS:
            for fn in self._final_module.functions:
                if not fn.is_declaration and fn.linkage == linked:
                    fn.linkage = private
        if self.name in GAME_LOOPS or self.name in ENTRY_POINTS:
            original(self)
        else:
            # A kernel inside the engine: what runs is the copy its caller links in and
            # optimises again in full, so its own module gets only the cheap passes.
            cheap_passes(self)

    return optimize_final_module


def _short_loops_hook(original):
    """Every pass builder numba makes, with LLVM's loop vectorizer and loop unrolling off.

    The engine's loops run a few times each (a seat's cards, the clauses of a Win-Con) and
    most stop early; the vectorized and unrolled copies LLVM made of them beside the plain
    ones only made the game loops' machine code larger (one function of about 140 KB).
    Without them, side by side with the build before: heuristic decisions a second 1.02x to
    1.04x, random 1.02x to 1.03x, for each of the two (docs/performance.md). Integer code, and
    float code without fast-math, is the same operations in the same order either way: the
    very same games."""
    import llvmlite.binding as ll

    def create_pass_builder(tm, opt=2, loop_vectorize=False, slp_vectorize=False):
        pto = ll.create_pipeline_tuning_options()
        pto.speed_level = opt
        pto.slp_vectorization = slp_vectorize
        pto.loop_vectorization = False
        pto.loop_unrolling = False
        return ll.create_pass_builder(tm, pto)

    return create_pass_builder


def replace_in_numba(owner, name: str, make) -> bool:
    """Replace numba's `owner.name` by `make(original)`, once per process, on the numba versions
    this was written against (SUPPORTED) and when it is there; returns whether it is replaced."""
    if numba.config.DISABLE_JIT:
        return False
    low, high = SUPPORTED
    if not low <= _numba_version() < high:
        return False
    original = getattr(owner, name, None)
    if original is None:
        return False
    if getattr(original, "_avarium_hook", False):
        return True  # already installed in this process
    hook = make(original)
    hook._avarium_hook = True
    setattr(owner, name, hook)
    return True


def _install() -> bool:
    if os.environ.get(OFF):
        return False
    try:
        from numba.core.codegen import CPUCodeLibrary, remove_redundant_nrt_refct  # noqa: F401
    except ImportError:
        return False
    if not replace_in_numba(CPUCodeLibrary, "_optimize_final_module", _optimize_hook):
        return False
    # the passes without loop vectorizing and unrolling, where numba builds them so (without
    # it: slower, the same games)
    from numba.core import codegen

    replace_in_numba(codegen, "create_pass_builder", _short_loops_hook)
    return True


ACTIVE = _install()
