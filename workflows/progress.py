"""How a workflow shows its progress without knowing who watches: it asks `progress.games()`
for a context that is called with the runner's Progress events while games are played, and
`progress.steps(names)` for one called with each step's name as a report is written, and
`progress.search(total)` for one with `games(n)` and `best(event)` while a balance search
spends its budget of `total` games (None: a budget in minutes). The
command line passes bars on stderr (avarium/cli/progress.py); a notebook gets `SILENT`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Protocol


class Progress(Protocol):
    def games(self) -> AbstractContextManager[Callable[[object], None]]: ...

    def steps(self, steps: Sequence[str]) -> AbstractContextManager[Callable[[str], None]]: ...

    def search(self, total: int | None) -> AbstractContextManager[SearchProgress]: ...


class SearchProgress(Protocol):
    def games(self, n: int) -> None: ...

    def best(self, event: object) -> None: ...


def _ignore(_event: object) -> None:
    return None


class Silent:
    """No progress shown."""

    def games(self) -> AbstractContextManager[Callable[[object], None]]:
        return nullcontext(_ignore)

    def steps(self, steps: Sequence[str]) -> AbstractContextManager[Callable[[str], None]]:
        return nullcontext(_ignore)

    def search(self, total: int | None) -> AbstractContextManager[SearchProgress]:
        return nullcontext(_Unwatched())


class _Unwatched:
    """A search's progress that nobody watches."""

    def games(self, n: int) -> None:
        return None

    def best(self, event: object) -> None:
        return None


SILENT = Silent()
