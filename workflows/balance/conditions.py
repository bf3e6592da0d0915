"""A balance search over several conditions at once: each bot of `--tier` at each player count
of `--players` (say heuristic and heuristic.tuned, at 2, 3 and 4 players: six conditions).

A balance verdict is evidence only when it holds at more than one level of play and at every
table size the set is sold for; searching one condition and checking the others afterwards
finds a set balanced where it was searched and off elsewhere (on the bundled set, Touka's
Combat 4 -> 3 gave 48% for the tuned heuristic and 76% for the plain one). So every candidate
plays every condition, and the objective (analysis/balance.py) takes the worst Idol over all
of them.

The search's rungs count games of the first condition; a condition with more players plays
proportionally fewer games (games x first players / its players, rounded to its seating
round), so that every Idol plays about as many games in each condition. Game k of every
candidate in a condition is dealt from the same seeds (common random numbers, as in
balance_play), and a candidate's games are the same whether it reached a rung in one step or
in three.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from avarium.workflows.balance.play import Counts, Step, Table, add_up, chunked, counted


@dataclass(frozen=True)
class Condition:
    tier: str  # the bot every seat plays, as given (`heuristic.tuned`, `mcts/10`)
    players: int

    @property
    def name(self) -> str:
        return f"{self.tier}, {self.players} players"


@dataclass(frozen=True)
class Joint:
    """A candidate's counts in every condition, in the order of the conditions."""

    parts: tuple[Counts, ...]

    def __add__(self, other: Joint) -> Joint:
        return Joint(tuple(a + b for a, b in zip(self.parts, other.parts, strict=True)))

    @property
    def games(self) -> int:
        return sum(p.games for p in self.parts)

    def fewest_idol_games(self) -> int:
        """The games of the Idol that played fewest, in any condition."""
        return min(p.fewest_idol_games() for p in self.parts)

    def as_dict(self) -> dict:
        return {"parts": [p.as_dict() for p in self.parts]}


def counts_from_dict(d: dict) -> Counts | Joint:
    """A journal line's counts: one condition's, or every condition's (`parts`)."""
    if "parts" in d:
        return Joint(tuple(Counts.from_dict(p) for p in d["parts"]))
    return Counts.from_dict(d)


def round_size(variant) -> int:
    """Games in one round of the variant's seating: every seating of every pair for a
    two-player `all` seating, one game per Idol for a balanced draw."""
    pool = len(variant.idols)
    return pool * (pool - 1) if variant.seating == "all" else pool


class Conditions:
    """Plays steps of candidates in every condition: the Table interface of balance_play, with
    Joint counts. `tables[i]` plays condition i; `starts[i]` is its starting variant."""

    def __init__(self, conditions: Sequence[Condition], tables: Sequence[Table], starts) -> None:
        self.conditions = tuple(conditions)
        self.tables = tuple(tables)
        self.starts = tuple(starts)

    def _stop(self, i: int, games: int) -> int:
        """Game `games` of the first condition, in condition i's games."""
        if i == 0:
            return games
        first, mine = self.conditions[0].players, self.conditions[i].players
        size = round_size(self.starts[i])
        rounds = -(-games * first // (mine * size))
        return rounds * size

    def games(self, start: int, stop: int) -> int:
        """Games played, in every condition together, by a step from `start` to `stop`."""
        return sum(self._stop(i, stop) - self._stop(i, start) for i in range(len(self.tables)))

    def _scaled(self, i: int, step: Step) -> Step:
        bonus = step.bonus
        if self.conditions[i].players != self.conditions[0].players:
            bonus = self.starts[i].bonus  # a seat bonus is searched at one player count only
        return replace(step, bonus=bonus, start=self._stop(i, step.start),
                       stop=self._stop(i, step.stop))  # fmt: skip

    def play(
        self, steps: Sequence[Step], on_games: Callable[[int], None] | None = None
    ) -> list[Joint]:
        """Each step's counts in every condition, in order; one pool of tasks for all of them,
        so that the workers stay busy across conditions."""
        if not steps:
            return []
        variants, owners, tasks = [], [], []  # owners: the step each variant plays
        for i, table in enumerate(self.tables):
            scaled = [self._scaled(i, s) for s in steps]
            mine = table.variants(scaled)
            seed = int(table.base.get("seed", 0))
            tasks += chunked(scaled, mine, seed, len(variants), len(tasks), table.jobs)
            owners += range(len(steps))
            variants += mine
        totals: list[Counts | None] = [None] * len(variants)
        for at, got in counted(tasks, variants, self.tables[0].jobs, on_games):
            add_up(totals, at, got)
        out: list[list[Counts]] = [[] for _ in steps]  # filled condition by condition
        for k, total, v in zip(owners, totals, variants, strict=True):
            # a step with no games in a condition (a rung of 0) counts zeros there
            out[k].append(total if total is not None else Counts.zero(len(v.idols), v.players))
        return [Joint(tuple(parts)) for parts in out]
