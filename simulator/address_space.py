"""This process's address space and its cap (`ulimit -v`, RLIMIT_AS): what a memory cap counts.

A library that runs out of address space under a cap does not always raise MemoryError: an
OpenBLAS retries for ever or exits, LLVM aborts the process. So the toolkit asks for room
before such a step and raises MemoryError itself, which the command line says in one line.
Imports nothing but the standard library: the command line reads it before numpy loads.
"""

from __future__ import annotations


def cap() -> int | None:
    """The soft cap on this process's address space in bytes (`ulimit -v`), or None."""
    try:
        import resource
    except ImportError:  # not a Unix
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    return None if soft == resource.RLIM_INFINITY else soft


def used() -> int | None:
    """This process's address space in bytes (Linux's VmSize: what the cap counts), or None
    where /proc does not say."""
    try:
        with open("/proc/self/status", "rb") as status:
            for line in status:
                if line.startswith(b"VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


class NoRoom(MemoryError):
    """The cap leaves too little address space for a step that cannot fail gracefully; its
    text says which step, how much it needs and what the cap leaves."""


def room_for(who: str, megabytes: int, why: str, limit: int | None, size: int | None) -> None:
    """NoRoom unless a cap of `limit` bytes leaves `megabytes` beside `size` bytes used. Its
    text holds no ";", which ends the step's words in the command line's one line."""
    if limit is not None and size is not None and limit - size < megabytes << 20:
        raise NoRoom(
            f"{who} about {megabytes} MB more address space {why}, and the cap of "
            f"{limit >> 20} MB leaves {max(limit - size, 0) >> 20} MB"
        )
