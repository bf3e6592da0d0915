"""Playing an experiment in rounds until a rule says stop: `simulate --precision` and
`--until settled`, and each side of `compare --sequential`.

The experiment's games are the cap. Its chunk plan (runner.plan) is played in rounds: round k
holds the first c_k chunks of every variant (scaled to each variant's own chunk count, so a tier
of fewer games grows in step), c_1 = 1, each next c_k a fixed factor larger (next_count), or
larger still when the rule says how much of the cap it expects to need; the last round is the
whole plan. After each round the caller's rule looks at the games of the rounds so far, and only
those, and says whether to stop. A round's size depends only on the rounds before it (their
games, through the rule's answer), never on timing; and a round is looked at only once every
chunk of it is written. So the same seed gives the same rounds and the same stop whatever the
number of workers or the order in which chunks finish; a killed run, rerun, finds its whole
rounds again, looks at each in turn and reaches the same stop.

The runner plays; the rule is passed in (the analysis decides, see analysis/stopping.py and
analysis/sequential.py). When it stops, the run gets a stop record (runner/stopped.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from avarium.runner import runner, stopped
from avarium.runner.experiment import Experiment
from avarium.runner.worker import Chunk

# Each round holds about GROWTH times the chunks of the one before. A look that tests (until
# settled, a sequential comparison) costs error rate, so those take few looks (1.5: about 10 up
# to a cap of 50 chunks); a look at an interval's width costs nothing, so precision looks often.
GROWTH = 1.5
GROWTH_PRECISION = 1.2
# A rule may say how much of the cap it expects to need (the precision rule does, from the rates
# so far); the next round then goes straight there, but never beyond JUMP times this round's
# chunks, since an estimate from the first few games can be far off.
JUMP = 4.0


@dataclass(frozen=True)
class Look:
    """What the rule sees after a round: which round of at most how many, and the games of each
    variant played so far (game k of a variant, for k below its count: deal indices)."""

    round: int  # 1 for the first
    rounds: int  # the most looks the run can take (the schedule without the rule's hints)
    games: tuple[int, ...]  # per variant, in the experiment's order
    labels: tuple[str, ...]  # the variants' labels, in the same order
    firsts: tuple[int, ...]  # each variant's first game id
    cap: int  # the experiment's games: the most the run can play
    caps: tuple[int, ...] = ()  # per variant, its games in the experiment

    @property
    def total(self) -> int:
        return sum(self.games)

    @property
    def last(self) -> bool:
        return self.total == self.cap


# What a rule answers: stop or not, why, and optionally the share of the cap (0 to 1) it
# expects to need, a hint for the next round's size.
Answer = tuple[bool, str] | tuple[bool, str, float | None]


def next_count(c: int, most: int, growth: float, wanted: float | None = None) -> int:
    """The chunks per variant (of the variant with most) the round after a round of c holds:
    about `growth` times c, or what the rule wants if more (at most JUMP times c)."""
    step = max(c + 1, math.ceil(c * growth))
    if wanted is not None and wanted == wanted:  # not NaN
        step = max(step, min(math.ceil(wanted * most), math.ceil(c * JUMP)))
    return min(step, most)


class Schedule:
    """The rounds of an experiment: round k holds the first c_k chunks of every variant (a
    variant with C chunks holds ceil(c_k x C / C_max) of them), c_1 = 1, each next c from
    next_count, the last round every chunk."""

    def __init__(self, experiment: Experiment, growth: float = GROWTH) -> None:
        self.chunks = runner.plan(experiment)
        self.growth = growth
        self.per_variant: dict[int, list[Chunk]] = {}
        for c in self.chunks:
            self.per_variant.setdefault(c.variant, []).append(c)
        self.most = max(len(cs) for cs in self.per_variant.values())
        self.labels = tuple(v.label for v in experiment.variants)
        self.firsts = tuple(experiment.first_games())
        self.caps = tuple(v.games for v in experiment.variants)
        self.cap = experiment.total_games
        self.rounds, c = 1, 1
        while c < self.most:
            c, self.rounds = next_count(c, self.most, growth), self.rounds + 1

    def round(self, k: int, c: int) -> tuple[frozenset[int], Look]:
        """Round k, holding c chunks of the variant with most: its chunks and its look."""
        held = [
            x for cs in self.per_variant.values() for x in cs[: math.ceil(c * len(cs) / self.most)]
        ]
        games = [0] * len(self.caps)
        for x in held:
            games[x.variant] += x.games
        look = Look(k, self.rounds, tuple(games), self.labels, self.firsts, self.cap, self.caps)
        return frozenset(x.index for x in held), look


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
    """The stop record written into the run (runner/stopped.py)."""
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
    rule: Callable[[Look], Answer],
    rule_name: str,
    jobs: int = 1,
    backend: str = "loky",
    scheduler: str | None = None,
    on_progress: Callable[[runner.Progress], None] | None = None,
    growth: float = GROWTH,
) -> Until:
    """Play `experiment` into `out` round by round until `rule(look)` returns (True, why), or
    the cap (a third value, when given, hints at the share of the cap the rule expects to need:
    next_count). `rule` is called once per round, in order, on whole rounds only (and again on the
    rounds a resumed run finds already written). The stop record says `rule_name` and `why`.
    Raises runner.RunError as runner.run does."""
    return run_together(
        [(experiment, out)], rule, rule_name, jobs, backend, scheduler, on_progress, growth
    )


def run_together(
    runs: Sequence[tuple[Experiment, Path]],
    rule: Callable[[Look], Answer],
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
    # Each run's games left per variant: its whole plan until its first event says otherwise.
    left = [
        tuple(sum(c.games for c in p if c.variant == v) for v in range(len(e.variants)))
        for p, (e, _) in zip(plans, runs, strict=True)
    ]
    cap = sum(e.total_games for e, _ in runs)

    def progress(i: int) -> Callable[[runner.Progress], None] | None:
        """The runs' progress as one: games done in all of them, of all their caps, and each
        variant's games left in all of them (their variants are cut alike)."""
        if on_progress is None:
            return None

        def report(event: runner.Progress) -> None:
            done[i], left[i] = event.games_done, event.left
            together = tuple(map(sum, zip(*left, strict=True)))
            on_progress(
                runner.Progress(event.chunk, sum(done), cap, event.seconds, together, event.guessed)
            )

        return report

    plan = Schedule(runs[0][0], growth)
    k, c = 1, 1
    while True:
        held, look = plan.round(k, c)
        for i, (experiment, out) in enumerate(runs):
            summaries.append(
                runner.run(experiment, out, jobs, backend, scheduler, progress(i), only=held)
            )
        answer = rule(look)
        stop, why = answer[0], answer[1]
        if stop or look.last:
            for _, out in runs:
                stopped.write(out, record(look, stop, rule_name, why))
            return Until(look, stop, tuple(s for s in summaries if s.games_played))
        k, c = k + 1, next_count(c, plan.most, growth, answer[2] if len(answer) > 2 else None)


# The rules `simulate` stops by: every Idol's band verdict decided, or every interval narrow.
SETTLED, PRECISION = "settled", "precision"


def check_precision(precision: object) -> float:
    """The half-width `--precision` asks for, a fraction between 0 and 0.5; ValueError naming
    the field otherwise."""
    if isinstance(precision, bool) or not isinstance(precision, int | float):
        precision = None
    if precision is None or not 0 < precision < 0.5:
        raise ValueError(
            "precision: expected the half-width of the 95% interval as a fraction between 0 "
            f"and 0.5 (0.01 is +/-1 point), got {precision!r:.60}"
        )
    return float(precision)


@dataclass(frozen=True)
class UntilResult:
    """A run played until its rule stopped it (or its games, the cap, were played): the Until,
    the rule's last Decision (analysis/stopping.py) and the run directory."""

    until: Until
    decision: object
    out: Path

    def as_dict(self) -> dict:
        """The stop as plain values: what `simulate --json` prints."""
        look = self.until.look
        return {
            "stopped": self.until.stopped,
            "why": self.decision.why,
            "round": look.round,
            "rounds": look.rounds,
            "games": look.total,
            "cap": look.cap,
            "games_played_now": self.until.games_played,
            "fixed_size_games": self.decision.fixed,
            "out": str(self.out),
        }

    def lines(self) -> list[str]:
        """What `simulate` says on the terminal."""
        facts = self.as_dict()
        head = (
            f"stopped after round {facts['round']} of {facts['rounds']}, at "
            f"{facts['games']:,} games (cap {facts['cap']:,}): {facts['why']}"
            if facts["stopped"]
            else f"reached the cap of {facts['cap']:,} games (`games`) before stopping: "
            f"{facts['why']}; raise `games` to go on"
        )
        sized = "; ".join(
            f"{games:,} games sized for the {how}" if games >= 0 else f"no fixed size ({how})"
            for how, games in facts["fixed_size_games"].items()
        )
        lines = [head, f"a fixed-size run with the same guarantee: {sized}"]
        if facts["games_played_now"] == 0:
            lines.insert(0, "nothing to play: the rounds already written reach this stop")
        return [*lines, f"data: {data_folders(self.out)} (stopped.json says why)"]


def data_folders(out) -> str:
    """A run's data folders as a command's last line names them (turns/ when the run keeps
    them)."""
    if (Path(out) / "turns").is_dir():
        return f"{out}/games, {out}/cards and {out}/turns"
    return f"{out}/games and {out}/cards"


def play_until(experiment: Experiment, out: Path, rule: str, precision: float | None, band,
               jobs: int, backend: str = "loky", scheduler: str | None = None,
               on_progress: Callable | None = None):  # fmt: skip
    """Play the experiment in rounds until `rule` (SETTLED, with the two-player `band`, or
    PRECISION, every 95% interval within +/-`precision`) stops it, or its games, the cap, are
    played; returns the Until and the last Decision (analysis/stopping.py)."""
    from avarium.analysis import stopping
    from avarium.analysis.dataset import load_run

    decisions = []
    plan = experiment.to_dict()

    def decide(look):
        games = load_run(out, seeds=False).games
        counts = {
            label: (first, n)
            for label, first, n in zip(look.labels, look.firsts, look.games, strict=True)
        }
        games = stopping.games_so_far(games, counts)
        if rule == SETTLED:
            decision = stopping.settled(games, plan, look.rounds, band)
        else:
            decision = stopping.precision(games, precision, plan)
        decisions.append(decision)
        return decision.stop, decision.why, decision.wanted

    name = (
        f"precision {precision:g}"
        if rule != SETTLED
        else f"until settled, band {band[0]:g}-{band[1]:g}"
    )
    growth = GROWTH if rule == SETTLED else GROWTH_PRECISION
    until = run_until(experiment, out, decide, name, jobs, backend, scheduler, on_progress, growth)
    return until, decisions[-1]
