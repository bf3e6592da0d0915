"""The same seeds give the same games and the same datasets, release after release.

Each case plays a small run and compares a digest of its datasets (every column of games/, the
summed card counts of cards/) with the digest stored here. The stored digests were computed on
the build before the one-way-layers restructure (commit a06bec8, with the same flags through
`avarium simulate`), so a change of layout, names or speed that changed a single game fails here.
A change that is meant to change games (a rules fix, a new bot behaviour) updates the digest of
the cases it changes, and says so in its commit. Every case plays version 1 of the bundled set,
by name, so a new default set changes no digest here.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pandas as pd
import pytest
from avarium.runner.experiment_file import from_flags
from avarium.runner.runner import run

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
    # The tuned heuristic (its threat weights on) and the search over it, stored from commit
    # 3699123, before the bots' speed-up (issue 12): a cache that gave back other numbers than
    # the counting it replaced would change a choice, and a game, here.
    "tuned heuristic, 2 players": (
        {"games": 300, "players": 2, "bots": "heuristic.tuned", "seed": 8, "chunk_size": 100},
        "c263f8a9e42092f6",
        "eb504ea440d8ce3c",
    ),
    "tuned heuristic, 3 players": (
        {"games": 150, "players": 3, "bots": "heuristic.tuned", "seed": 9, "chunk_size": 75},
        "aa39d5c14b6f999a",
        "b6ac3f25ab7ba27d",
    ),
    "tuned heuristic, 4 players": (
        {"games": 150, "players": 4, "bots": "heuristic.tuned", "seed": 10, "chunk_size": 75},
        "786c200ead490285",
        "ec838c5c677a43e2",
    ),
    "mcts/8, 2 players": (
        {"games": 16, "players": 2, "bots": "mcts/8", "seed": 12, "chunk_size": 8},
        "408ddf7502f69e9e",
        "ec87f3aee202efeb",
    ),
    "mcts/8 against the tuned and balanced heuristics, 3 players": (
        {
            "games": 8,
            "players": 3,
            "bots": "mcts/8,heuristic.tuned,heuristic",
            "seed": 13,
            "chunk_size": 4,
        },
        "0f012b00b215e3bc",
        "b69c3284baf1acec",
    ),
    "mcts/8, 4 players": (
        {"games": 4, "players": 4, "bots": "mcts/8", "seed": 14, "chunk_size": 4},
        "1bf4e03a55aac774",
        "d8ec777cedbbab17",
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
    run(from_flags(fields | {"cards": "prototype-v1"}), tmp_path / "run", jobs=1)
    assert digest(tmp_path / "run") == (games, cards)
