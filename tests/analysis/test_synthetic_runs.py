"""The planted runs the other tests use follow docs/data-schema.md to the letter."""

from __future__ import annotations

import json

import pyarrow.parquet as pq
from avarium.analysis.dataset import CARDS_COLUMNS, part_files
from avarium.analysis.synthetic import Plan, synthetic_games

SCHEMA_TYPES = {
    "variant": "dictionary<values=string, indices=int8, ordered=0>",
    "game_id": "int64",
    "game_seed": "uint32",
    "bot_seed": "uint32",
    "players": "int8",
    "seat": "int8",
    "turn_order": "int8",
    "bonus": "int8",
    "won": "bool",
    "placement": "int8",
    "expelled_order": "int8",
    "turns": "int16",
    "rounds": "int16",
    "merit": "int16",
    "reputation": "int16",
    "recruited": "int16",
    "expelled": "int16",
    "schemes_played": "int16",
    "fights": "int16",
    "decisions": "int32",
}


def test_a_synthetic_run_has_the_documented_layout_columns_and_metadata(planted_run):
    games, cards = part_files(planted_run / "games"), part_files(planted_run / "cards")
    assert (
        [p.name for p in games]
        == [p.name for p in cards]
        == [f"part-{i:05d}.parquet" for i in range(4)]
    )
    assert (planted_run / "experiment.toml").is_file()
    schema = pq.read_schema(games[0])
    for column, kind in SCHEMA_TYPES.items():
        assert str(schema.field(column).type) == kind, column
    for column in ("idol", "bot", "reason"):
        assert str(schema.field(column).type).startswith("dictionary<values=string")
    assert set(CARDS_COLUMNS) <= set(pq.read_schema(cards[0]).names)
    meta = schema.metadata
    for key in ("avarium.experiment", "avarium.card_set", "avarium.version", "avarium.seed"):
        assert key.encode() in meta
    chunk = json.loads(meta[b"avarium.chunk"])
    assert chunk == {"index": 0, "first_game": 0, "last_game": 4_999, "variant": "main"}


def test_every_game_has_one_winner_or_none_and_placements_follow_the_rules():
    games = synthetic_games(5_000, Plan(players={2: 0.4, 3: 0.3, 4: 0.3}, stall_rate=0.1), 3)
    per_game = games.groupby("game_id")
    winners = per_game["won"].sum()
    stalled = per_game["reason"].first() == "stalled"
    assert (winners[stalled] == 0).all() and (winners[~stalled] == 1).all()
    assert (games.loc[games["won"], "placement"] == 1).all()
    assert (games["turn_order"] == games["seat"] + 1).all()
    last = games[games["reason"] == "last standing"]
    assert (last.loc[~last["won"], "expelled_order"] > 0).all()
    decided = games[games["reason"] != "stalled"]
    assert (
        decided.groupby("game_id")["placement"]
        .apply(sorted)
        .map(tuple)
        .map(lambda t: t == tuple(range(1, len(t) + 1)))
    ).all()
