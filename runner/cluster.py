"""A Dask cluster for the runner (`--backend dask`): a local one, or the scheduler at an address,
reached within a stated time or refused in one line.

Every wait is bounded: connecting, and each reply of the scheduler's handshake, within
`TIMEOUT` (a peer that accepts the connection and never answers, or an HTTP server, would
otherwise hold the run for ever). An address is checked before any connection: only the
protocols `distributed` speaks, with a host and a port.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import re
import threading
from collections.abc import Iterator

from avarium.runner import interrupts

#: How long a scheduler has to accept the connection and answer the handshake (distributed's
#: connect timeout, and our own bound on the handshake, which distributed leaves unbounded).
TIMEOUT = "10s"
#: How long a Ctrl-C waits for the client and the local cluster to close before it goes on.
CLOSE_WAIT = 15.0
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


class ClusterLost(ClusterError):
    """The scheduler went away during the run (killed, its machine down, the network cut)."""


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


def _handshake(scheduler: str) -> None:
    """Connect to `scheduler` and exchange distributed's handshake, within TIMEOUT, then hang
    up. Client itself waits for the handshake's reply for ever: a peer that accepts the
    connection and never answers would hold the run until it is killed."""
    if _IN_PROCESS.match(scheduler):  # this process's own scheduler, on this very event loop
        return
    from dask.utils import parse_timedelta
    from distributed.comm import connect
    from distributed.security import Security

    async def shake() -> None:
        args = Security().get_connection_args("client")  # tls:// takes dask's security config
        comm = await asyncio.wait_for(
            connect(scheduler, timeout=TIMEOUT, **args), parse_timedelta(TIMEOUT)
        )
        await comm.close()

    # On a thread of its own: asyncio.run refuses to start inside a running event loop, which
    # is where a notebook's cell runs.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, shake()).result()


def _detail(exc: BaseException) -> str:
    """An exception as `Type: message`, the message cut short (a peer's junk can be long)."""
    text = str(exc).strip()
    text = text.splitlines()[0][:200] if text else ""
    reason = getattr(exc, "reason", None)  # FutureCancelledError: why, not the task's key
    if isinstance(reason, str):
        text = reason
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _innermost(exc: BaseException) -> BaseException:
    """The exception at the bottom of a chain of `raise ... from` (what went wrong first)."""
    while exc.__cause__ is not None:
        exc = exc.__cause__
    return exc


def _lost_errors() -> tuple[type[BaseException], ...]:
    from distributed.client import FutureCancelledError
    from distributed.comm.core import CommClosedError

    return (FutureCancelledError, CommClosedError)


#: The loggers distributed writes to the terminal through (its config gives tornado's its handler).
_NOISY = ("distributed", "tornado")


@contextlib.contextmanager
def _quiet_distributed() -> Iterator[None]:
    """Keep distributed's own log records off the terminal while the run talks to the
    cluster: the run says what happened itself, in one line. A lost scheduler is an ERROR with
    two tracebacks, then tornado's ERROR with a third, then "Failed to reconnect"; a worker of
    the local cluster killed (by the OOM killer, say) is the nanny's WARNING "Restarting worker"
    and the scheduler's about the tasks it lost. The local cluster's scheduler and nannies run
    in this process, so these loggers are theirs too. Every logger under them with a level of
    its own is raised too (distributed.client and tornado.application have one, so the
    parents' levels alone would not do); all are put back afterwards."""
    loggers = [logging.getLogger(name) for name in _NOISY] + [
        logger
        for name, logger in list(logging.Logger.manager.loggerDict.items())
        if name.startswith(tuple(f"{top}." for top in _NOISY))
        and isinstance(logger, logging.Logger)
    ]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        if logger.level or logger.name in _NOISY:
            logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _start(stack: contextlib.ExitStack, scheduler: str | None, jobs: int):
    """Connect to `scheduler`, or start a local cluster of `jobs` worker processes, each entered
    into `stack`; returns the client and how many threads its workers have in all."""
    import dask
    from dask.distributed import Client, LocalCluster  # the runner checked it is installed

    # Not distributed.comm.timeouts.tcp: it is the kernel's keepalive on a live connection,
    # which distributed refuses below 11 s with an AssertionError on every TCP connection.
    timeouts = {"distributed.comm.timeouts.connect": TIMEOUT}
    # Entered first, so left last: closing the client logs a lost scheduler too, and closing
    # the local cluster its workers.
    stack.enter_context(_quiet_distributed())
    if scheduler:
        check_address(scheduler)
        try:
            with dask.config.set(timeouts):
                _handshake(scheduler)
                client = stack.enter_context(Client(scheduler, timeout=TIMEOUT))
                threads = sum(client.nthreads().values())
        except Exception as exc:
            # A peer that is no scheduler answers with anything: garbage decoded as a
            # message of exabytes (a MemoryError), an HTTP page, a reset connection.
            raise ClusterError(
                f"cannot use the Dask scheduler at {scheduler}: no scheduler answered "
                f"within {TIMEOUT} ({_detail(exc)})"
            ) from None
    else:
        try:
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=jobs,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    # Without a dashboard the scheduler still serves its HTTP routes (health,
                    # metrics), on port 8787 unless told: with another run's cluster, or any
                    # Dask, on this machine it printed distributed's "Port 8787 is already in
                    # use" warning. Any free port of the loopback instead.
                    scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                    host="127.0.0.1",
                    # Each worker is a process of its own that logs through its own copy of
                    # distributed's handler, out of _quiet_distributed's reach: quieted there.
                    silence_logs=logging.CRITICAL,
                )
            )
            client = stack.enter_context(Client(cluster))
            threads = sum(client.nthreads().values())
        except MemoryError:
            raise  # the command line's own line: what to ask for less of
        except Exception as exc:
            # A worker process that ends while it starts (killed by the OOM killer, a memory
            # cap or a signal) is distributed's "Nanny failed to start." RuntimeError, its
            # cause at the bottom of the chain.
            raise ClusterError(
                f"cannot start a local Dask cluster of {jobs} worker process"
                f"{'es' if jobs != 1 else ''} ({_detail(_innermost(exc))}); nothing was "
                "played: run the same command again, with fewer --jobs if a worker was "
                "killed for memory, or with --backend joblib"
            ) from None
    return client, threads


def _close_within(stack: contextlib.ExitStack, seconds: float) -> None:
    """Close the client and the local cluster, waiting `seconds` at most.
    Closing waits on the cluster's workers and its event loop, which a Ctrl-C can leave
    stuck; a worker left running then dies with this process (runner/worker.py binds each to
    its driver), and distributed's own close at exit waits 10 s at most."""

    def close() -> None:
        with contextlib.suppress(Exception):  # it was interrupted: the Ctrl-C is the news
            stack.close()

    closing = threading.Thread(target=close, name="avarium-dask-close", daemon=True)
    closing.start()
    closing.join(seconds)


@contextlib.contextmanager
def dask_client(scheduler: str | None, jobs: int) -> Iterator[int]:
    """A Dask client for joblib (connected to `scheduler`, or to a local cluster of `jobs`
    worker processes); yields how many threads its workers have in all. Ctrl-C, wherever it
    lands (interrupts.py), closes the client and the cluster within CLOSE_WAIT seconds and
    goes on as KeyboardInterrupt."""
    from joblib import parallel_config

    stack = contextlib.ExitStack()
    interrupted = False
    try:
        with interrupts.delivered_until_taken():
            client, threads = _start(stack, scheduler, jobs)
            # joblib's backend is this thread's own: set and reset here, never in the thread
            # that may close the cluster after a Ctrl-C (the backend would stay Dask, on a
            # closed client, for everything this process runs next).
            try:
                with parallel_config(backend="dask", wait_for_workers_timeout=60):
                    yield threads  # joblib finds the client itself
            except Exception as exc:
                # The scheduler gone, the client cancels every task in flight
                # (FutureCancelledError, "scheduler-connection-lost") or a message fails on the
                # closed comm; anything else (a bot that failed, a disk that is full) is the
                # run's to report.
                if client.status == "running" and not isinstance(exc, _lost_errors()):
                    raise
                where = (
                    f"the Dask scheduler at {scheduler}" if scheduler else "the local Dask cluster"
                )
                raise ClusterLost(f"lost {where} during the run ({_detail(exc)})") from None
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        if interrupted:
            _close_within(stack, CLOSE_WAIT)
        else:
            stack.close()
