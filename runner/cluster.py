"""A Dask cluster for the runner (`--backend dask`): a local one, or the scheduler at an address,
reached within a stated time or refused in one line.

Every wait is bounded: connecting, and each reply of the scheduler's handshake, within
`TIMEOUT` (a peer that accepts the connection and never answers, or an HTTP server, would
otherwise hold the run for ever). An address is checked before any connection: only the
protocols `distributed` speaks, with a host and a port.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

#: How long a scheduler has to accept the connection and to answer each message of the
#: handshake (distributed's connect and comm timeouts).
TIMEOUT = "10s"
#: The network protocols of distributed's own address form, PROTOCOL://HOST:PORT.
PROTOCOLS = ("tcp", "tls", "ws", "wss", "ucx")
_ADDRESS = re.compile(
    r"^(?:(?P<protocol>[a-z][a-z0-9+]*)://)?(?:\[[0-9a-fA-F:.]+\]|[^\s:/\[\]@?#]+):"
    r"(?P<port>\d{1,5})$"
)


#: distributed's in-process address, inproc://HOST/PID/N: a scheduler started in this process.
_IN_PROCESS = re.compile(r"^inproc://[^\s/]+/\d+/\d+$")


class ClusterError(RuntimeError):
    """The cluster cannot be used; the message says why in one line."""


def check_address(scheduler: str) -> None:
    """Refuse, before any connection, an address `distributed` cannot use (ValueError)."""
    if _IN_PROCESS.match(scheduler):  # a scheduler in this very process (tests, notebooks)
        return
    m = _ADDRESS.match(scheduler)
    if m is None or not 0 < int(m["port"]) < 65536:
        raise ValueError(
            "scheduler: expected a Dask scheduler's address such as tcp://10.0.0.5:8786 "
            f"([PROTOCOL://]HOST:PORT, PORT 1 to 65535), got {scheduler!r}"
        )
    if m["protocol"] is not None and m["protocol"] not in PROTOCOLS:
        raise ValueError(
            f"scheduler: {m['protocol']}:// is not a protocol Dask speaks (one of "
            f"{', '.join(PROTOCOLS)}; a dashboard's http:// address is not the scheduler's), "
            f"got {scheduler!r}"
        )


@contextlib.contextmanager
def dask_client(scheduler: str | None, jobs: int) -> Iterator[int]:
    """A Dask client for joblib (connected to `scheduler`, or to a local cluster of `jobs`
    worker processes); yields how many threads its workers have in all."""
    import dask
    from dask.distributed import Client, LocalCluster  # the runner checked it is installed
    from joblib import parallel_config

    timeouts = {
        "distributed.comm.timeouts.connect": TIMEOUT,
        "distributed.comm.timeouts.tcp": TIMEOUT,
    }
    with contextlib.ExitStack() as stack:
        if scheduler:
            check_address(scheduler)
            try:
                with dask.config.set(timeouts):
                    client = stack.enter_context(Client(scheduler, timeout=TIMEOUT))
                    threads = sum(client.nthreads().values())
            except Exception as exc:
                # A peer that is no scheduler answers with anything: garbage decoded as a
                # message of exabytes (a MemoryError), an HTTP page, a reset connection.
                raise ClusterError(
                    f"cannot use the Dask scheduler at {scheduler}: no scheduler answered "
                    f"within {TIMEOUT} ({type(exc).__name__}: {str(exc)[:200]})"
                ) from None
        else:
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=jobs,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    host="127.0.0.1",
                )
            )
            client = stack.enter_context(Client(cluster))
            threads = sum(client.nthreads().values())
        stack.enter_context(parallel_config(backend="dask", wait_for_workers_timeout=60))
        yield threads  # joblib finds the client itself
