"""Ctrl-C during a run on a Dask cluster, delivered until the run has taken it.

Python runs a signal's handler in the main thread at the next instruction, wherever that is. A
local Dask cluster's scheduler runs in this process, and hooks a callback of its own into the
garbage collector (distributed's GC diagnosis); an exception raised inside a garbage-collection
callback, like one raised in a `__del__` or a weakref callback, is printed as "Exception ignored"
and dropped. A Ctrl-C that lands there is lost, and the run goes on as if it had never been
pressed. So while the context below is open, each Ctrl-C raises KeyboardInterrupt as usual and
is sent again every RESEND seconds until a KeyboardInterrupt has left the context.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator

#: Seconds between one delivery of a Ctrl-C and the next, until one is taken.
RESEND = 0.5


@contextlib.contextmanager
def delivered_until_taken() -> Iterator[None]:
    """Within: a Ctrl-C raises KeyboardInterrupt, and is sent again until one leaves this
    context. Only in the main thread, and only where Ctrl-C has Python's own handler (a host
    that set one of its own, a notebook's kernel say, keeps it)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    pending = threading.Event()  # a Ctrl-C came, and no KeyboardInterrupt has left yet
    ended = threading.Event()
    lock = threading.Lock()  # so no Ctrl-C is sent again once the context is left

    def resend() -> None:
        while not ended.wait(RESEND):
            with lock:
                if not ended.is_set():
                    os.kill(os.getpid(), signal.SIGINT)

    def interrupted(signum, frame) -> None:
        if not pending.is_set():
            pending.set()
            threading.Thread(target=resend, name="avarium-ctrl-c", daemon=True).start()
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    finally:
        with lock:
            ended.set()
            signal.signal(signal.SIGINT, previous)
