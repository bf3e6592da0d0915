"""`simulate --precision` and `simulate --until settled`: the flags checked, the rounds played
(workflows/until.py) with the rule the analysis gives (analysis/stopping.py), and what the
stop says. Heavy imports stay inside the functions (`avarium --help` must start fast)."""

from __future__ import annotations

from pathlib import Path

from avarium.cli.common import run_errors
from avarium.cli.errors import fail, say
from avarium.cli.progress import ProgressBar

SETTLED = "settled"


def check_rule(precision: float | None, until: str | None) -> str | None:
    """Which rule the flags ask for (None: play every game), or a one-line error naming the
    flag."""
    if precision is not None and until is not None:
        raise fail("--precision and --until: give one of them, not both", 2)
    if until is not None and until != SETTLED:
        raise fail(
            f"--until: expected {SETTLED!r} (every Idol's verdict decided), got {until!r}", 2
        )
    if precision is not None and not 0 < precision < 0.5:
        raise fail(
            f"--precision: expected the half-width of the 95% interval as a fraction between 0 "
            f"and 0.5 (0.01 is +/-1 point), got {precision!r}",
            2,
        )
    if precision is not None:
        return "precision"
    return SETTLED if until is not None else None


def play_until(experiment, out: Path, rule: str, precision: float | None, band, jobs: int,
               backend: str, scheduler: str | None, quiet: bool):  # fmt: skip
    """Play the experiment in rounds until the rule stops it (or its games, the cap, are
    played); returns the runner's Until and the last Decision."""
    from avarium.analysis import stopping
    from avarium.analysis.dataset import load_run
    from avarium.workflows.until import GROWTH, GROWTH_PRECISION, run_until

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
    with ProgressBar(quiet) as bar, run_errors(out, "it reaches the same stop", datasets=True):
        until = run_until(experiment, out, decide, name, jobs, backend, scheduler, bar, growth)
    return until, decisions[-1]


def stop_facts(until, decision) -> dict:
    """The stop as plain values, for --json and the terminal lines."""
    look = until.look
    return {
        "stopped": until.stopped,
        "why": decision.why,
        "round": look.round,
        "rounds": look.rounds,
        "games": look.total,
        "cap": look.cap,
        "games_played_now": until.games_played,
        "fixed_size_games": decision.fixed,
    }


def stop_lines(facts: dict) -> list[str]:
    head = (
        f"stopped after round {facts['round']} of {facts['rounds']}, at {facts['games']:,} "
        f"games (cap {facts['cap']:,}): {facts['why']}"
        if facts["stopped"]
        else f"reached the cap of {facts['cap']:,} games (--games) before stopping: "
        f"{facts['why']}; raise --games to go on"
    )
    sized = "; ".join(
        f"{games:,} games sized for the {how}" if games >= 0 else f"no fixed size ({how})"
        for how, games in facts["fixed_size_games"].items()
    )
    lines = [head, f"a fixed-size run with the same guarantee: {sized}"]
    if facts["games_played_now"] == 0:
        lines.insert(0, "nothing to play: the rounds already written reach this stop")
    return lines


def echo(lines: list[str]) -> None:
    for line in lines:
        say(line)
