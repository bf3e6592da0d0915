"""Skill tiers: one experiment played at several levels of play, on the same deals.

A balance verdict is evidence only when it holds at more than one level of play (random play
is a baseline, never a verdict), so an experiment may name tiers instead of bots:

    tiers = ["heuristic", "heuristic.tuned", "mcts=5%"]

Each tier is a bot spec played in every seat, weakest first, strongest last, optionally with
its own number of games: `BOT=GAMES` (a count) or `BOT=P%` (a share of the variant's games), or
a table `{ bots = "mcts", games = 5000 }`. Every tier becomes a variant of its own (labelled
with the tier's canonical bot, after the variant's label when it has one); game k of every
variant is dealt and seated alike, so a tier with fewer games plays the first deals of a
larger one and two tiers can be compared game for game.

A tier's own count is rounded up to whole rounds of the seating (every ordered seating of the
pool for seating "all", a block of as many games as the pool has Idols for "balanced"), so that
every Idol plays every seat equally often in every tier.

With neither `bots` nor `tiers`, an experiment plays DEFAULT_TIERS: the bots a designer can
trust, the search bot on a share of the deals; random play only when asked (`bots = "random"`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# The default tiers, weakest first: the balanced heuristic and the threat-aware tuned heuristic
# on every game, and the search bot on one game in twenty: a search game costs about 400 plain
# heuristic games (92 ms against 0.22 ms, docs/performance.md), so even at one game in twenty
# the search tier takes most of a run's time.
DEFAULT_TIERS = ("heuristic", "heuristic.tuned", "mcts=5%")

SEPARATOR = " · "  # between a variant's own label and its tier's


@dataclass(frozen=True)
class Tier:
    """One tier as written: its bot spec and, optionally, its own number of games (a count or
    a percentage of the variant's games)."""

    bots: str
    games: int | None = None
    percent: float | None = None

    def games_of(self, variant_games: int, round_size: int) -> int:
        """The tier's games: its own count, its share of the variant's, or all of them; rounded
        up to whole rounds of `round_size` games when it has a count or share of its own."""
        if self.games is None and self.percent is None:
            return variant_games
        wanted = self.games if self.games is not None else variant_games * self.percent / 100
        wanted = max(1, math.ceil(wanted))
        return -(-wanted // round_size) * round_size


def _games(text: str) -> tuple[int | None, float | None]:
    """ "5000" -> (5000, None); "5%" -> (None, 5.0); anything else raises ValueError."""
    text = text.strip().replace("_", "").replace(",", "")
    if text.endswith("%"):
        percent = float(text[:-1])
        if not 0 < percent <= 100:
            raise ValueError
        return None, percent
    games = int(text)
    if games < 1:
        raise ValueError
    return games, None


def parse_tier(entry: object) -> Tier:
    """A tier as written in a file or on the command line; ValueError saying what was expected."""
    expected = (
        'a bot spec such as "heuristic", "mcts=5000" (its own games) or "mcts=5%" (a share '
        'of the games), or a table { bots = "mcts", games = 5000 }'
    )
    try:
        if isinstance(entry, str):
            bots, eq, games = entry.partition("=")
            if not bots.strip():
                raise ValueError
            return Tier(bots.strip(), *(_games(games) if eq else (None, None)))
        if isinstance(entry, dict) and set(entry) <= {"bots", "games"} and "bots" in entry:
            bots, games = entry["bots"], entry.get("games")
            if not isinstance(bots, str) or not bots.strip():
                raise ValueError
            if games is None:
                return Tier(bots.strip())
            if isinstance(games, bool) or not isinstance(games, (int, str)):
                raise ValueError
            return Tier(bots.strip(), *_games(str(games)))
    except ValueError:
        pass
    raise ValueError(expected)


def parse_tiers(value: object) -> list[Tier]:
    """A list of tiers (a TOML list, or one comma-separated string); ValueError otherwise."""
    entries = [s for s in value.split(",") if s.strip()] if isinstance(value, str) else value
    if not isinstance(entries, list) or not entries:
        raise ValueError("a list of tiers, weakest first, e.g. heuristic,mcts=5%")
    return [parse_tier(e) for e in entries]


def tier_label(variant_label: str | None, tier: str) -> str:
    """The label of a tier's variant: the tier's bot, after the variant's own label if any."""
    return tier if variant_label in (None, "main") else f"{variant_label}{SEPARATOR}{tier}"


def split_label(label: str) -> tuple[str, str]:
    """A variant's label as (its own label, its tier) when a tier follows a label of its own
    (`bonus=0,2 · mcts/20`); (label, "") otherwise. Every reader of a label goes through here
    or `group_of`, never through the separator itself."""
    own, separator, tier = str(label).partition(SEPARATOR)
    return (own, tier) if separator else (str(label), "")


def group_of(label: str, tier: str) -> str:
    """The variant a tier's label was made from (`tier_label` undone, the tier being known):
    "main" for a variant that had no label of its own."""
    suffix = SEPARATOR + tier
    return label[: -len(suffix)] if label.endswith(suffix) else "main"


def plan_sentence(variants) -> str | None:
    """What a tiered experiment will play, and why it is more than `--games`: every tier plays
    its own games on the same deals, a tier's share rounded up to whole rounds of the seating
    (`3 tiers on the same deals: heuristic 20,000, heuristic.tuned 20,000, mcts/20 1,008`). None
    for an experiment of one tier or none."""
    tiered = [v for v in variants if v.tier]
    if len({v.tier for v in tiered}) < 2:
        return None
    total = sum(v.games for v in variants)
    groups = len({group_of(v.label, v.tier) for v in tiered})
    each = ", ".join(f"{v.label} {v.games:,}" for v in tiered)
    where = f"{groups} variants x " if groups > 1 else ""
    return (
        f"playing {total:,} games: {where}{len({v.tier for v in tiered})} skill tiers, each on "
        f"the same deals ({each}); a tier's share of --games is rounded up to whole rounds of "
        "the seating, so every Idol plays every seat alike"
    )
