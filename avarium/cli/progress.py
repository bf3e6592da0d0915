"""Progress on stderr for every command that takes a while: a bar of games (simulate,
tune-bonus, sweep, ladder: anything the runner plays) and a bar of steps (report, compare,
bench). Both are silent under --quiet or when stderr is not a terminal (CI logs, pipes), and
vanish when done, so stdout and a log keep only the command's result."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence


class _Bar:
    """A transient rich progress display on stderr; subclasses give its `_columns()`."""

    def __init__(self, quiet: bool) -> None:
        from rich.console import Console

        self.console = Console(stderr=True)
        self.enabled = not quiet and self.console.is_terminal
        self.progress = None
        self.task = None

    def __enter__(self):
        if self.enabled:
            from rich.progress import Progress

            self.progress = Progress(*self._columns(), console=self.console, transient=True)
            self.progress.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        if self.progress is not None:
            self.progress.__exit__(*exc)


class ProgressBar(_Bar):
    """Games done, games per second, time elapsed and left; called with the runner's Progress
    events (avarium.runner.runner.Progress). The time left weighs each variant's games left by
    its cost a game (avarium.runner.time_left), not by the games per second so far: a tiered
    run's cheap tiers finish first."""

    def __init__(self, quiet: bool, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(quiet)
        from avarium.runner.time_left import TimeLeft

        self.clock = clock
        self.time_left = TimeLeft()

    def _columns(self) -> tuple:
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

        return (
            TextColumn("games"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("elapsed,"),
            TextColumn("{task.fields[left]}", style="progress.remaining"),
            TextColumn("left"),
        )

    def __call__(self, event) -> None:
        if self.progress is None:
            return
        from avarium.runner.time_left import clock

        left = clock(self.time_left(event, self.clock()))
        if self.task is None:  # the first event: games already written when the run started
            self.task = self.progress.add_task(
                "games", total=event.games_total, completed=event.games_done, rate="", left=left
            )
            return
        self.progress.update(self.task, completed=event.games_done, left=left)
        speed = self.progress.tasks[0].speed
        self.progress.update(self.task, rate=f"{speed:,.0f} games/s" if speed else "")


class StepBar(_Bar):
    """The step a command is at, of the steps it takes (for example loading, analysing, charts,
    writing), and the time so far; called with each step's name as it starts."""

    def __init__(self, quiet: bool, steps: Sequence[str]) -> None:
        super().__init__(quiet)
        self.steps = list(steps)

    def _columns(self) -> tuple:
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

        return (
            TextColumn("{task.description:<12}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("steps"),
            TimeElapsedColumn(),
        )

    def __call__(self, step: str) -> None:
        if self.progress is None:
            return
        done = self.steps.index(step)  # an unknown step is a bug in the command: say so
        if self.task is None:
            self.task = self.progress.add_task(step, total=len(self.steps), completed=done)
        self.progress.update(self.task, description=step, completed=done)


class SearchBar(_Bar):
    """A balance search: games spent of the budget (a clock when the budget is in minutes) and
    the best candidate so far; called with games as they are played (`games(n)`) and with the
    search's Progress events (`best(event)`)."""

    def __init__(self, quiet: bool, total: int | None) -> None:
        super().__init__(quiet)
        self.total = total

    def _columns(self) -> tuple:
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

        return (
            TextColumn("games"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("{task.fields[best]}"),
        )

    def _task(self):
        if self.task is None and self.progress is not None:
            self.task = self.progress.add_task("games", total=self.total, best="")
        return self.task

    def games(self, n: int) -> None:
        if self._task() is not None:
            self.progress.advance(self.task, n)

    def best(self, event) -> None:
        if self._task() is None:
            return
        text = f"best: {event.best.label} ({event.best.objective:.3f}), {event.candidates} tried"
        self.progress.update(self.task, completed=event.games, best=text)


class GamesOfSteps:
    """A bar of games for each step of a command that plays its games in several steps (train:
    self-play, then head to head, per generation): called with the step, the games done and
    the step's games; a new step closes the bar of the one before. `close()` before printing a
    line, so the line is not drawn over."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.step: str | None = None
        self.bar: ProgressBar | None = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
        self.bar, self.step = None, None

    def __call__(self, step: str, done: int, total: int) -> None:
        from avarium.runner.runner import Progress  # loaded already: the steps play through it

        if step != self.step:
            self.close()
            self.bar = ProgressBar(self.quiet).__enter__()
            self.step = step
        self.bar(Progress(None, done, total))


class Bars:
    """A workflow's progress (avarium.workflows.progress) as the bars above: games while it
    plays, steps while it writes a report, a balance search's budget while it searches."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet

    def games(self) -> ProgressBar:
        return ProgressBar(self.quiet)

    def steps(self, steps: Sequence[str]) -> StepBar:
        return StepBar(self.quiet, steps)

    def search(self, total: int | None) -> SearchBar:
        return SearchBar(self.quiet, total)
