"""What a balance search keeps: its candidates and their scores, its budget, the rungs of games a
candidate climbs, what it gives back, and the journal of every step played (so that a rerun
replays the search instead of playing it again). search.py is the search that fills them.
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from avarium.workflows.balance.conditions import counts_from_dict
from avarium.workflows.balance.play import Counts, Step

JOURNAL = "evaluations.jsonl"
ETA = 3  # each rung keeps a third of the candidates and plays them three times as many games


@dataclass
class Candidate:
    number: int  # 0 is the starting set
    values: tuple[int, ...]
    label: str
    generation: int
    counts: Counts | None = None
    rung: int = -1
    objective: float = math.inf
    guide: float = math.inf  # what steers the racing and the proposals (analysis/balance.py)
    distance: float = math.inf  # the worst Idol's from the band
    aim_distance: float = math.inf  # the same from the objective's aim (the band less a margin)
    noise: float = 1.0  # its objective's standard error in the worst rate's (Score.noise)
    cost: float = 0.0
    fields: int = 0
    steps: float = 0.0
    history: list[tuple[int, int, float]] = field(default_factory=list)  # (rung, games, obj)
    final: Counts | None = None  # its games in the final, on deals no candidate played before
    final_score: object = None  # the objective's Score on those games alone
    at_rung: dict[int, Counts] = field(default_factory=dict)  # its counts when it reached each


@dataclass(frozen=True)
class Budget:
    games: int | None = None
    seconds: float | None = None

    def allows(self, spent: int, more: int, started: float) -> bool:
        if self.games is not None and spent + more > self.games:
            return False
        return self.seconds is None or time.monotonic() - started < self.seconds


@dataclass(frozen=True)
class Progress:
    games: int  # spent so far
    budget: int | None
    best: Candidate
    candidates: int


@dataclass
class Result:
    start: Candidate
    best: Candidate
    candidates: list[Candidate]
    rungs: tuple[int, ...]
    games: int  # spent, steps read from the journal included
    settled: bool  # the starting set needs no change (nothing searched)
    exhausted: bool  # every candidate of the space was tried
    finalists: list[Candidate] = field(default_factory=list)  # in the order they placed


def rungs_for(
    budget_games: float | None, first: int, round_size: int, most: float | None = None
) -> tuple[int, ...]:
    """Games per candidate at each rung: `first`, then ETA times more, while the top rung
    stays within a tenth of the budget (so that at least ten candidates can reach it) and,
    when given, within `most` games."""
    first = -(-first // round_size) * round_size
    out = [first]
    limit = (budget_games or 200_000) / 10
    if most is not None:
        limit = min(limit, most)
    while out[-1] * ETA <= limit:
        out.append(out[-1] * ETA)
    return tuple(out)


class Journal:
    """Every step's counts, appended as played: (label, start, stop) -> Counts."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seen: dict[tuple[str, int, int], Counts] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    row = json.loads(line)
                    key = (row["label"], int(row["start"]), int(row["stop"]))
                    self.seen[key] = counts_from_dict(row["counts"])
                except (ValueError, RecursionError, KeyError, TypeError):
                    continue  # a line cut short by a kill: played again

    def get(self, step: Step) -> Counts | None:
        return self.seen.get((step.label, step.start, step.stop))

    def add(self, step: Step, counts: Counts) -> None:
        self.seen[(step.label, step.start, step.stop)] = counts
        row = {"label": step.label, "start": step.start, "stop": step.stop}
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps(row | {"counts": counts.as_dict()}) + "\n")
            f.flush()
            os.fsync(f.fileno())
