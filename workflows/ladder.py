"""The bot ladder, an experiment whose variants are ordered pairs of bots: every pair plays both
seat orders over every ordered pairing of Idols, and every variant plays the same deals (the
runner's variants share their seeds and seatings game for game), so the table says which bot is
stronger and by how much, with luck shared out evenly.

It is played by the same runner and compiled drivers as `avarium simulate` (in memory, nothing
written); this module tabulates the games per ordered pair, and analysis/ladder.py fits the
statistics (win rates with Wilson intervals, Bradley-Terry strengths with a first-seat term). A
stalled game or a draw counts as a game neither bot won, and is reported.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
from avarium.runner import runner
from avarium.runner.experiment import Experiment, card_fields, check_seed
from avarium.runner.experiment_file import resolve
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import MAX_GAMES, REASON_NAMES

DEFAULT_BOTS = (
    "random",
    "heuristic.balanced",
    "heuristic.aggressive",
    "heuristic.economic",
    "heuristic.scheming",
    "lookahead",
)
SEPARATOR = " v "  # a variant's label: "<first seat's bot> v <second seat's bot>"


@dataclass(frozen=True)
class LadderGames:
    """A ladder's games, one row per ordered pair of bots: first, second, games, first_wins,
    second_wins, stalled, longest (turns)."""

    pairs: pd.DataFrame
    labels: list[str]  # the bots' canonical names, in the order given
    seconds: float
    # a search bot with a learned value for other table sizes only (runner.unlearned_notes)
    unlearned: tuple[str, ...] = ()

    @property
    def games(self) -> int:
        return int(self.pairs["games"].sum())

    @property
    def stalled(self) -> int:
        return int(self.pairs["stalled"].sum())

    @property
    def longest_game(self) -> int:
        return int(self.pairs["longest"].max())


def _check(cards: CardSet, bots: tuple[str, ...], rounds: int, seed: int) -> None:
    """The ladder's input, each problem a ValueError naming the field: two bots or more, two
    Idols or more (it plays every ordered pairing of them), as many rounds as a run may play (a
    round is a game per ordered Idol pairing and ordered pair of bots), a seed in range."""
    if len(bots) < 2 or not all(isinstance(b, str) and b.strip() for b in bots):
        raise ValueError(f"bots: expected two bot names or more, got {list(bots)}")
    if len(cards.idols) < 2:
        raise ValueError(
            f"cards: the ladder plays every pairing of the set's Idols; {cards.source} has "
            f"{len(cards.idols)}"
        )
    n, b = len(cards.idols), len(bots)
    per_round = n * (n - 1) * b * (b - 1)
    most = MAX_GAMES // per_round
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= most:
        raise ValueError(
            f"rounds: expected a whole number from 1 to {most:,} (a round is {per_round:,} games "
            f"and a run plays at most {MAX_GAMES:,}), got {rounds!r}"
        )
    check_seed(seed)


def ladder_experiment(
    cards: CardSet,
    bots: tuple[str, ...],
    rounds: int,
    seed: int,
    profiles: Path | None = None,
) -> tuple[Experiment, list[str]]:
    """The ladder as an experiment (one variant per ordered pair of bots, `rounds` games per
    ordered Idol pairing in each) and the bots' canonical names."""
    from avarium.strategies import canonical

    _check(cards, bots, rounds, seed)
    labels = [canonical(b, profiles) for b in bots]
    if len(set(labels)) != len(labels):
        raise ValueError("bots: the ladder needs different bots, got " + ", ".join(labels))
    doc: dict[str, object] = {
        "seed": seed,
        "players": 2,
        "seating": "all",
        "games_per_pairing": rounds,
        **card_fields(cards),
    }
    if profiles is not None:
        doc["profiles"] = str(profiles)
    doc["variant"] = [
        {"label": f"{a}{SEPARATOR}{b}", "bots": [a, b]}
        for x, y in itertools.combinations(labels, 2)
        for a, b in ((x, y), (y, x))
    ]
    return resolve(doc, "ladder", Path.cwd()), labels


def tabulate(experiment: Experiment, played: list) -> pd.DataFrame:
    """One row per variant (ordered pair of bots) from the chunks the runner played."""
    stalled_code = REASON_NAMES.index("stalled")
    rows: dict[int, dict[str, object]] = {}
    for p in played:
        variant = experiment.variants[p.chunk.variant]
        first, second = variant.label.split(SEPARATOR)
        g = p.games.values
        seat, won = g["seat"], g["won"].astype(bool)
        row = rows.setdefault(
            p.chunk.variant,
            {
                "first": first,
                "second": second,
                "games": 0,
                "first_wins": 0,
                "second_wins": 0,
                "stalled": 0,
                "longest": 0,
            },
        )
        on_seat0 = seat == 0
        row["games"] += int(on_seat0.sum())
        row["first_wins"] += int((won & on_seat0).sum())
        row["second_wins"] += int((won & (seat == 1)).sum())
        row["stalled"] += int((on_seat0 & (g["reason"] == stalled_code)).sum())
        row["longest"] = max(int(row["longest"]), int(g["turns"].max()))
    return pd.DataFrame([rows[k] for k in sorted(rows)])


def run(
    cards: CardSet,
    bots: tuple[str, ...] = DEFAULT_BOTS,
    rounds: int = 5,
    seed: int = 0,
    jobs: int = 1,
    profiles: Path | None = None,
    on_progress: Callable[[runner.Progress], None] | None = None,
) -> LadderGames:
    """Play the ladder: `rounds` games per ordered Idol pairing and seat order for each pair
    (`on_progress` as for runner.run)."""
    experiment, labels = ladder_experiment(cards, bots, rounds, seed, profiles)
    started = time.perf_counter()
    played = runner.play_in_memory(experiment, runner.check_jobs(jobs), on_progress)
    seconds = time.perf_counter() - started
    unlearned = tuple(runner.unlearned_notes(experiment))
    return LadderGames(tabulate(experiment, played), labels, seconds, unlearned)


@dataclass(frozen=True)
class Ranking:
    """What the ladder found: the games it played and the statistics fitted to them (win rate
    of each bot against each other, with 95% intervals; Bradley-Terry ratings with the
    first seat's advantage; the fit's notes), as `avarium ladder` prints them and
    `avarium.ladder` returns them."""

    played: LadderGames
    tables: object  # analysis.ladder.LadderTables

    @property
    def matches(self) -> pd.DataFrame:
        return self.tables.matches

    @property
    def ratings(self) -> pd.DataFrame:
        return self.tables.ratings

    @property
    def first_seat(self) -> tuple[float, float, float]:
        """The first seat's advantage in log-odds, with its 95% interval."""
        return self.tables.seat_advantage

    @property
    def notes(self) -> list[str]:
        """The rating fit's notes, then one per bot playing by a value it has not learned for
        two players."""
        return [*self.tables.notes, *self.played.unlearned]

    def as_dict(self) -> dict:
        """The ranking as `avarium ladder --json` prints it."""
        import json

        seat, low, high = self.first_seat
        return {
            "bots": self.played.labels,
            "matches": json.loads(self.matches.to_json(orient="records")),
            "ratings": json.loads(self.ratings.to_json(orient="records")),
            "first_seat": {"log_odds": seat, "low": low, "high": high},
            "games": self.played.games,
            "stalled": self.played.stalled,
            "longest_game": self.played.longest_game,
            "seconds": round(self.played.seconds, 3),
            "notes": self.notes,
        }


def rank(
    cards: CardSet,
    bots: tuple[str, ...] = DEFAULT_BOTS,
    rounds: int = 5,
    seed: int = 0,
    jobs: int = 1,
    profiles: Path | None = None,
    on_progress: Callable[[runner.Progress], None] | None = None,
) -> Ranking:
    """The ladder workflow: play it (`run`) and fit its statistics. The command line and
    `avarium.ladder` both call this; ValueError (and strategies.BotError) name the field."""
    from avarium.analysis.ladder import ladder_tables

    played = run(cards, bots, rounds, seed, jobs, profiles, on_progress)
    return Ranking(played, ladder_tables(played.pairs, played.labels))
