"""Playing an experiment in rounds until a rule says stop: `simulate --precision` and
`--until settled`, and each side of `compare --sequential`.

The experiment's games are the cap. Its chunk plan (runner.plan) is cut once, before anything
is played, into rounds: round k holds the first c_k chunks of every variant (c_k grows by about
half each round, scaled to each variant's own chunk count, so a tier of fewer games grows in
step), and the last round is the whole plan. After each round the caller's rule looks at the
games of the rounds so far, and only those, and says whether to stop. Since the rounds are fixed
by chunk index and a round is looked at only once every chunk of it is written, the same seed
gives the same stop whatever the number of workers or the order in which chunks finish; a killed
run, rerun, finds its whole rounds again, looks at each in turn and reaches the same stop.

The runner plays; the rule is passed in (the analysis decides, see analysis/stopping.py and
analysis/sequential.py). When it stops, the run gets a stop record (simulator/stopped.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from avarium.simulator import stopped
from avarium.simulator.run import runner
from avarium.simulator.run.experiment import Experiment
from avarium.simulator.run.worker import Chunk

# Each round holds about GROWTH times the chunks of the one before. A look that tests (until
# settled, a sequential comparison) costs error rate, so those take few looks (1.5: about 10 up
# to a cap of 50 chunks); a look at an interval's width costs nothing, so precision looks often.
GROWTH = 1.5
GROWTH_PRECISION = 1.2


@dataclass(frozen=True)
class Look:
    """What the rule sees after a round: which round of how many, and the games of each
    variant played so far (game k of a variant, for k below its count: deal indices)."""

    round: int  # 1 for the first
    rounds: int  # in the schedule: the most looks the run can take
    games: tuple[int, ...]  # per variant, in the experiment's order
    labels: tuple[str, ...]  # the variants' labels, in the same order
    firsts: tuple[int, ...]  # each variant's first game id
    cap: int  # the experiment's games: the most the run can play

    @property
    def total(self) -> int:
        return sum(self.games)

    @property
    def last(self) -> bool:
        return self.round == self.rounds


def schedule(
    experiment: Experiment, chunks: Sequence[Chunk], growth: float = GROWTH
) -> list[frozenset[int]]:
    """The chunk indices played by the end of each round (cumulative), the last being every
    chunk. A variant with C chunks holds its first ceil(c_k x C / C_max) in round k, where
    c_1 = 1 and c_k+1 = max(c_k + 1, ceil(c_k x growth))."""
    per_variant: dict[int, list[Chunk]] = {}
    for c in chunks:
        per_variant.setdefault(c.variant, []).append(c)
    most = max(len(cs) for cs in per_variant.values())
    counts, c = [], 1
    while c < most:
        counts.append(c)
        c = max(c + 1, math.ceil(c * growth))
    counts.append(most)
    return [
        frozenset(
            x.index for cs in per_variant.values() for x in cs[: math.ceil(k * len(cs) / most)]
        )
        for k in counts
    ]


def looks(experiment: Experiment, growth: float = GROWTH) -> list[tuple[frozenset[int], Look]]:
    """Every round of the experiment's schedule with what its rule will see."""
    chunks = runner.plan(experiment)
    rounds = schedule(experiment, chunks, growth)
    labels = tuple(v.label for v in experiment.variants)
    firsts = tuple(experiment.first_games())
    out = []
    for k, held in enumerate(rounds, 1):
        games = [0] * len(experiment.variants)
        for c in chunks:
            if c.index in held:
                games[c.variant] += c.games
        out.append(
            (held, Look(k, len(rounds), tuple(games), labels, firsts, experiment.total_games))
        )
    return out


@dataclass(frozen=True)
class Until:
    """How a run that plays until its rule stops it ended."""

    look: Look  # the last round looked at
    stopped: bool  # the rule said stop (False: the cap was reached first)
    summaries: tuple[runner.Summary, ...]  # one per round played by this invocation

    @property
    def games_played(self) -> int:
        return sum(s.games_played for s in self.summaries)

    @property
    def games_before(self) -> int:
        return self.summaries[0].games_before if self.summaries else self.look.total


def record(look: Look, stopped_by_rule: bool, rule: str, why: str) -> dict:
    """The stop record written into the run (simulator/stopped.py)."""
    return {
        "rule": rule,
        "stopped": stopped_by_rule,
        "why": why,
        "round": look.round,
        "rounds": look.rounds,
        "games": look.total,
        "games_by_variant": dict(zip(look.labels, look.games, strict=True)),
        "cap": look.cap,
    }


def run_until(
    experiment: Experiment,
    out: Path,
    rule: Callable[[Look], tuple[bool, str]],
    rule_name: str,
    jobs: int = 1,
    backend: str = "loky",
    scheduler: str | None = None,
    on_progress: Callable[[runner.Progress], None] | None = None,
    growth: float = GROWTH,
) -> Until:
    """Play `experiment` into `out` round by round until `rule(look)` returns (True, why), or
    the cap. `rule` is called once per round, in order, on whole rounds only (and again on the
    rounds a resumed run finds already written). The stop record says `rule_name` and `why`.
    Raises runner.RunError as runner.run does."""
    return run_together(
        [(experiment, out)], rule, rule_name, jobs, backend, scheduler, on_progress, growth
    )


def run_together(
    runs: Sequence[tuple[Experiment, Path]],
    rule: Callable[[Look], tuple[bool, str]],
    rule_name: str,
    jobs: int = 1,
    backend: str = "loky",
    scheduler: str | None = None,
    on_progress: Callable[[runner.Progress], None] | None = None,
    growth: float = GROWTH,
) -> Until:
    """run_until for several experiments cut into the same chunks (a comparison's two sides,
    which differ only in their cards): round k of each is played, then the rule looks at
    them all. Raises runner.RunError when their chunks differ."""
    plans = [runner.plan(e) for e, _ in runs]
    if any(p != plans[0] for p in plans[1:]):
        raise runner.RunError(
            "games: the experiments compared must play as many games per variant, in chunks "
            "of the same size, to be played round by round on the same deals"
        )
    summaries = []
    done = [0] * len(runs)
    cap = sum(e.total_games for e, _ in runs)

    def progress(i: int) -> Callable[[runner.Progress], None] | None:
        """The runs' progress as one: games done in all of them, of all their caps."""
        if on_progress is None:
            return None

        def report(event: runner.Progress) -> None:
            done[i] = event.games_done
            on_progress(runner.Progress(event.chunk, sum(done), cap))

        return report

    for held, look in looks(runs[0][0], growth):
        for i, (experiment, out) in enumerate(runs):
            summaries.append(
                runner.run(experiment, out, jobs, backend, scheduler, progress(i), only=held)
            )
        stop, why = rule(look)
        if stop or look.last:
            for _, out in runs:
                stopped.write(out, record(look, stop, rule_name, why))
            return Until(look, stop, tuple(s for s in summaries if s.games_played))
    raise AssertionError("a schedule ends with a round holding every chunk")  # pragma: no cover
