"""The same seeds give the same games and the same datasets, release after release.

Each case plays a small run and compares a digest of its datasets (every column of games/, the
summed card counts of cards/) with the digest stored here. The stored digests were computed on
the build before the one-way-layers restructure (commit a06bec8, with the same flags through
`avarium simulate`), so a change of layout, names or speed that changed a single game fails here.
A change that is meant to change games (a rules fix, a new bot behaviour) updates the digest of
the cases it changes, and says so in its commit.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pandas as pd
import pytest
from avarium.simulator.run.experiment_file import from_flags
from avarium.simulator.run.runner import run

CASES = {
    # name: (experiment fields, games digest, cards digest)
    "random, 2 players": (
        {"games": 300, "players": 2, "bots": "random", "seed": 3, "chunk_size": 100},
        "2f944c4af2393335",
        "49a1ad026f06ec99",
    ),
    "random, 3 players": (
        {"games": 300, "players": 3, "bots": "random", "seed": 4, "chunk_size": 100},
        "780f7883c19a0213",
        "2d72a2638b7c9842",
    ),
    "random, 4 players": (
        {"games": 300, "players": 4, "bots": "random", "seed": 5, "chunk_size": 100},
        "7800ccd4d5ab053a",
        "d022b3e523b33f2e",
    ),
    "heuristic, 2 players": (
        {"games": 300, "players": 2, "bots": "heuristic", "seed": 6, "chunk_size": 100},
        "9ab21e9b77cf3888",
        "c7387a4e6c85476e",
    ),
    "lookahead against a heuristic style": (
        {
            "games": 40,
            "players": 2,
            "bots": "lookahead/2,heuristic.aggressive",
            "seed": 7,
            "chunk_size": 20,
        },
        "bf928fad505c4751",
        "eb2a49a6cf8a106a",
    ),
}


def digest(run_dir: Path) -> tuple[str, str]:
    """The run's datasets as canonical CSV (strings for categories, sorted rows), hashed."""

    def text(frame: pd.DataFrame) -> str:
        return hashlib.sha256(frame.to_csv(index=False).encode()).hexdigest()[:16]

    games = pd.read_parquet(run_dir / "games")
    for column in games.select_dtypes("category"):
        games[column] = games[column].astype(str)
    games = games.sort_values(["game_id", "seat"]).reset_index(drop=True)
    cards = pd.read_parquet(run_dir / "cards")
    for column in cards.select_dtypes("category"):
        cards[column] = cards[column].astype(str)
    keys = ["variant", "players", "idol", "seat", "bot", "card", "kind"]
    counts = ["offered", "offered_won", "taken", "taken_won"]
    cards = cards.groupby(keys, as_index=False)[counts].sum().sort_values(keys)
    return text(games), text(cards.reset_index(drop=True))


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_small_run_plays_the_very_same_games_as_before(case, tmp_path):
    fields, games, cards = CASES[case]
    run(from_flags(fields), tmp_path / "run", jobs=1)
    assert digest(tmp_path / "run") == (games, cards)
