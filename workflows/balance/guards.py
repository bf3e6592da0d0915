"""Guards against degenerate play: limits on how the games go, beside the win rates, that a
balance search refuses every candidate breaking (`--max-early-wins`, `--turns`).

A set can have every Idol inside the band and still be broken: in version 2 Coral wins by her
Win-Con on turn 3 or earlier in 26% of her games with the search bot. A search that looks only
at win rates can make such a set, so the designer states what a healthy game is:

- **early wins** (`--max-early-wins 0.10`): no Idol wins more than this share of its games in a
  game of at most 3 turns (every player's turns counted, as the dataset's `turns` and the
  report's early-win share by turn 3, analysis/early_wins.py);
- **game length** (`--turns 8-16`): the median game lasts from 8 to 16 turns, both included
  (the middle game by its `turns`; a stalled game counts at the turn where it stopped: a set
  that stalls is not a short one).

Each is judged on the estimate, in every condition the search plays, on the games the objective
judges (a rung's, the final's); the check measures the same on its fresh deals. A candidate
that breaks one is refused: its objective and guide gain REFUSED, more than any set that keeps
them can score, plus how far it breaks them, so that the search still tells a near miss from a
wide one and optuna learns the way back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np
from avarium.workflows.balance.play import EARLY_TURN

# Added to a refused candidate's objective: more than any candidate keeping the guards scores
# (every distance is below 1 and the costs of a few dozen fields below 10).
REFUSED = 100.0
_TURNS = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")
EARLY = f"early wins by turn {EARLY_TURN}"
LENGTH = "median game length"


def parse_turns(text: str | None) -> tuple[int, int] | None:
    """`8-16` -> (8, 16); ValueError naming `turns` otherwise."""
    if text is None:
        return None
    m = _TURNS.match(str(text))
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise ValueError(
            f'turns "{text}": expected a range of turns such as 8-16 (from at least 1, the '
            "lower first)"
        )
    return int(m.group(1)), int(m.group(2))


def median_turns(lengths) -> float | None:
    """The middle game's length from games counted by length (lengths[t] games of t turns);
    with an even count, the mean of the two middle games. None with no games."""
    counts = np.asarray(lengths, dtype=np.int64)
    total = int(counts.sum())
    if total == 0:
        return None
    cumulative = np.cumsum(counts)
    low = int(np.searchsorted(cumulative, (total + 1) // 2))
    high = int(np.searchsorted(cumulative, total // 2 + 1))
    return (low + high) / 2


def guards_of(max_early_wins: float | None, turns: str | None) -> Guards:
    """The guards asked for, checked (a share from 0 to 1, a range of turns); ValueError
    naming the flag otherwise."""
    early = max_early_wins
    if early is not None and not (np.isfinite(early) and 0 <= early <= 1):
        raise ValueError(f"max_early_wins: expected a share from 0 to 1, got {early}")
    return Guards(early, parse_turns(turns))


@dataclass(frozen=True)
class Guards:
    max_early_wins: float | None = None  # the largest share of an Idol's games won early
    turns: tuple[int, int] | None = None  # the median game's length, lo to hi turns

    def __bool__(self) -> bool:
        return self.max_early_wins is not None or self.turns is not None

    def describe(self) -> dict:
        out: dict = {}
        if self.max_early_wins is not None:
            out["max_early_wins"] = self.max_early_wins
            out["early_turn"] = EARLY_TURN
        if self.turns is not None:
            out["turns"] = list(self.turns)
        return out

    def sentence(self) -> str:
        """The guards as the terminal and the page state them."""
        parts = []
        if self.max_early_wins is not None:
            parts.append(f"no Idol wins more than {self.max_early_wins:.0%} of its games by turn "
                         f"{EARLY_TURN}")  # fmt: skip
        if self.turns is not None:
            parts.append(f"the median game lasts {self.turns[0]}-{self.turns[1]} turns")
        return "; ".join(parts)

    def breaches(self, counts, idols=None, conditions=None) -> list[dict]:
        """Every guard `counts` break (one condition's Counts, or Joint counts of several), in
        each condition (`conditions`: their names, in order; else their places): which guard,
        the Idol (`idols`: their names in pool order; else their places; "" for the game
        length), the measure, the limit and how far past it."""
        parts = _parts(counts)
        idols = range(len(parts[0].idol_games)) if idols is None else idols
        conditions = range(len(parts)) if conditions is None else conditions
        found = []
        for part, condition in zip(parts, conditions, strict=True):
            where = {"condition": condition}
            if self.max_early_wins is not None and part.idol_early_wins:
                for idol, games, early in zip(idols, part.idol_games, part.idol_early_wins,
                                              strict=True):  # fmt: skip
                    share = early / games if games else 0.0
                    if share > self.max_early_wins:
                        found.append(where | {"guard": EARLY, "idol": idol, "value": share,
                                              "limit": self.max_early_wins,
                                              "by": share - self.max_early_wins})  # fmt: skip
            median = median_turns(part.lengths) if self.turns is not None else None
            if median is not None:
                lo, hi = self.turns
                by = max(lo - median, median - hi, 0.0)
                if by > 0:
                    limit = lo if median < lo else hi
                    found.append(where | {"guard": LENGTH, "idol": "", "value": median,
                                          "limit": limit, "by": by})  # fmt: skip
        return found

    def scored(self, score):
        """The objective `score` with every candidate that breaks a guard refused."""
        if not self:
            return score

        def guarded(counts, fields, steps, start=None):
            got = score(counts, fields, steps, start)
            broken = self.breaches(counts)
            if not broken:
                return got
            # Shares and turns are not one unit: a turn past the range counts as a point.
            penalty = REFUSED + sum(b["by"] if b["guard"] == EARLY else b["by"] / 100
                                    for b in broken)  # fmt: skip
            return replace(got, objective=got.objective + penalty, guide=got.guide + penalty)

        return guarded


def _parts(counts) -> tuple:
    return counts.parts if hasattr(counts, "parts") else (counts,)


def said(breach: dict, several: bool) -> str:
    """One breach as the terminal says it."""
    where = f" ({breach['condition']})" if several else ""
    if breach["guard"] == EARLY:
        return (f"{breach['idol']} wins {breach['value']:.1%} of its games by turn {EARLY_TURN}"
                f"{where}, {breach['by'] * 100:.1f} points over {breach['limit']:.0%}")  # fmt: skip
    side = "short of" if breach["value"] < breach["limit"] else "over"
    return (f"the median game lasts {breach['value']:g} turns{where}, {breach['by']:g} "
            f"{side} {breach['limit']}")  # fmt: skip


def at_check(guards: Guards, games, group: str, names: dict) -> list[dict]:
    """The guards the check run's `group` ("after", the recommended set, or "before") breaks on
    its fresh deals, at each checked tier and player count, as `breaches` says them (the
    condition is "TIER, N players")."""
    from avarium.analysis.counts import weight
    from avarium.runner.tiers import split_label

    if not guards:
        return []
    found = []
    labels = games["variant"].astype(str)
    for label in dict.fromkeys(labels):
        own, tier = split_label(label)
        if not tier or own.split(" (")[0] != group:
            continue
        mine = games[(labels == label).to_numpy()]
        w = weight(mine)
        idol = mine["idol"].astype(str).to_numpy()
        pool = list(dict.fromkeys(idol))
        at = np.array([pool.index(i) for i in idol])
        turns = mine["turns"].to_numpy(np.int64)
        early = w * (mine["won"].to_numpy(bool) & (turns <= EARLY_TURN))
        first = mine["seat"].to_numpy() == 0
        players = int(mine["players"].iloc[0])
        counts = _Measured(
            tuple(int(x) for x in np.bincount(at, w, minlength=len(pool))),
            tuple(int(x) for x in np.bincount(at, early, minlength=len(pool))),
            tuple(int(x) for x in np.bincount(turns[first], w[first])),
        )
        condition = f"{tier}, {players} players"
        found += guards.breaches(counts, [names.get(i, i) for i in pool], [condition])
    return found


@dataclass(frozen=True)
class _Measured:
    """What the guards read of a condition's counts, measured from a check run's games."""

    idol_games: tuple[int, ...]
    idol_early_wins: tuple[int, ...]
    lengths: tuple[int, ...]
