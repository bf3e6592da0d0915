"""One bot against another at any table size, on shared deals (`avarium head-to-head`, and each
generation of `avarium train` against the one before it): the new bot takes each seat in turn
(one variant per seat, the others played by the old bot), and every variant plays the same
deals and seatings (the runner's variants share them), so each deal is played with the new bot
in every seat and the luck of the deal and of the seat is shared out evenly. The new bot's share
of the wins is compared with a fair seat's (1/players), with a Wilson interval. `avarium
ladder` ranks several bots at two players; this is how two are compared at three and four.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the runner loads the engine: imported where a head to head is played, so
    # that the command line can read GAMES_PER_SEAT without it (`avarium --help` starts fast)
    from avarium.runner import runner
    from avarium.runner.experiment import Experiment
    from avarium.simulator.cards.model import CardSet

# Games with the new bot in each seat unless told: about +-5 points on its share at 3 players.
GAMES_PER_SEAT = 300


@dataclass(frozen=True)
class HeadToHead:
    new: str
    old: str
    players: int
    games: int  # games played (each with the new bot in one seat)
    wins: int  # games the new bot won
    low: float  # 95% Wilson interval of its share of the wins
    high: float

    @property
    def share(self) -> float:
        return self.wins / self.games

    @property
    def stronger(self) -> bool:
        """Whether the new bot wins more than a fair seat's share, the interval's lower end
        above 1/players."""
        return self.low > 1 / self.players

    @property
    def verdict(self) -> str:
        """ "stronger" or "weaker" when the interval lies wholly above or below a fair seat's
        share, "level" when it holds it."""
        if self.stronger:
            return "stronger"
        return "weaker" if self.high < 1 / self.players else "level"

    def as_dict(self) -> dict:
        return {
            "new": self.new,
            "old": self.old,
            "players": self.players,
            "games": self.games,
            "wins": self.wins,
            "share": self.share,
            "low": self.low,
            "high": self.high,
            "fair": 1 / self.players,
            "verdict": self.verdict,
        }


def head_to_head_experiment(
    cards: CardSet, new: str, old: str, players: int, games: int, seed: int, profiles: Path | None
) -> Experiment:
    """The head to head as an experiment: a variant per seat, the new bot in it and the old bot
    in every other, `games` games each on the same deals (ValueError names the field)."""
    from avarium.runner.experiment import card_fields
    from avarium.runner.experiment_file import resolve

    doc: dict[str, object] = {
        "seed": seed,
        "players": players,
        "seating": "all" if players == 2 else "balanced",
        "games": games,
        **card_fields(cards),
        "variant": [
            {"label": f"seat {s}", "bots": [new if q == s else old for q in range(players)]}
            for s in range(players)
        ],
    }
    if profiles is not None:
        doc["profiles"] = str(profiles)
    return resolve(doc, "head to head", Path.cwd())


def play(
    experiment: Experiment,
    new: str,
    old: str,
    jobs: int = 1,
    on_progress: Callable[[runner.Progress], None] | None = None,
) -> HeadToHead:
    """Play a head to head's experiment and count the new bot's wins (a stalled game or a draw
    is not a win)."""
    from avarium.analysis.proportions import wilson
    from avarium.runner import runner

    played = runner.play_in_memory(experiment, runner.check_jobs(jobs), on_progress)
    total = wins = 0
    for p in played:
        g = p.games.values
        mine = g["seat"] == p.chunk.variant
        total += int(mine.sum())
        wins += int((g["won"].astype(bool) & mine).sum())
    low, high = wilson(wins, total)
    players = experiment.variants[0].players
    return HeadToHead(new, old, players, total, wins, float(low), float(high))


def head_to_head(
    cards: CardSet,
    new: str,
    old: str,
    players: int,
    games: int,
    seed: int,
    profiles: Path | None = None,
    jobs: int = 1,
    on_progress: Callable[[runner.Progress], None] | None = None,
) -> HeadToHead:
    """Play `games` games per seat (the new bot in that seat, the old one in the others) on
    shared deals and count the new bot's wins."""
    experiment = head_to_head_experiment(cards, new, old, players, games, seed, profiles)
    return play(experiment, new, old, jobs, on_progress)
