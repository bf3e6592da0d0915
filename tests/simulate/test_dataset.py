"""The dataset is what docs/data-schema.md says: columns and types, metadata, placements and
card counts, small on disk, and readable without this package."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pyarrow.parquet as pq
import pytest
from avarium.runner import dataset
from avarium.runner.batch import GAME_FIELDS, SEAT_FIELDS
from avarium.runner.experiment import MIN_CHUNK
from avarium.runner.field_table import DEFAULT_CHUNK
from avarium.runner.runner import plan
from avarium.runner.tabulate import game_columns, placements
from avarium.runner.worker import Task, play

from tests.simulate.conftest import games_of, small

ROOT = Path(__file__).resolve().parents[2]

READ_WITHOUT_THE_PACKAGE = """
import json, sys
import pandas as pd
import pyarrow.parquet as pq
run = sys.argv[1]
games, cards = pd.read_parquet(run + "/games"), pd.read_parquet(run + "/cards")
print(json.dumps({
    "games": {f.name: str(f.type) for f in pq.read_table(run + "/games").schema},
    "cards": {f.name: str(f.type) for f in pq.read_table(run + "/cards").schema},
    "rows": len(games),
    "card_rows": len(cards),
    "metadata": {k.decode(): v.decode()
                 for k, v in pq.read_schema(run + "/games/part-00000.parquet").metadata.items()
                 if k.startswith(b"avarium.")},
    "package_loaded": any(m.split(".")[0] in ("simulator", "strategies") for m in sys.modules),
}))
"""


def documented_columns(table: str) -> dict[str, str]:
    """Column name to documented type, from the markdown table under `## \\`table/\\``."""
    text = (ROOT / "docs" / "data-schema.md").read_text(encoding="utf-8")
    section = text.split(f"## `{table}/`", 1)[1].split("\n## ", 1)[0]
    columns = {}
    for names, kind in re.findall(r"^\| (`[^|]+) \| ([^|]+) \|", section, re.M):
        for name in re.findall(r"`(\w+)`", names):
            columns[name] = kind.strip()
    if table == "cards":  # "as in `games/`"
        games = documented_columns("games")
        columns = {k: games[k] if v.startswith("as in") else v for k, v in columns.items()}
    return columns


def matches(documented: str, arrow: str) -> bool:
    if documented == "dictionary string":
        return arrow.startswith("dictionary<values=string")
    return arrow == documented


def test_the_dataset_opens_with_plain_pandas_and_has_the_documented_columns(reference_run):
    done = subprocess.run(
        [sys.executable, "-c", READ_WITHOUT_THE_PACKAGE, str(reference_run)],
        capture_output=True,
        text=True,
        check=True,
        cwd=reference_run,
    )
    found = json.loads(done.stdout)
    assert not found["package_loaded"]
    for table in ("games", "cards"):
        documented = documented_columns(table)
        assert list(found[table]) == list(documented), table
        for name, kind in found[table].items():
            assert matches(documented[name], kind), (table, name, kind, documented[name])
    assert found["rows"] == 240 * 2 and found["card_rows"] > 0
    meta = found["metadata"]
    assert set(meta) == {
        "avarium.experiment",
        "avarium.card_set",
        "avarium.version",
        "avarium.seed",
        "avarium.chunk",
    }
    assert meta["avarium.seed"] == "11"
    assert json.loads(meta["avarium.chunk"]) == {
        "index": 0,
        "first_game": 0,
        "last_game": 59,
        "variant": "main",
    }
    assert json.loads(meta["avarium.experiment"])["variant"][0]["games"] == 240


def test_rows_follow_the_schema_rules(reference_run):
    df = games_of(reference_run)
    assert (df["turn_order"] == df["seat"] + 1).all()
    per_game = df.groupby("game_id")
    assert (per_game["won"].sum() <= 1).all()
    assert (per_game["reason"].nunique() == 1).all() and (per_game["turns"].nunique() == 1).all()
    assert (df.loc[df["won"], "placement"] == 1).all()
    assert sorted(df["idol"].unique()) == sorted(small().variants[0].idols)
    assert set(df["bonus"]) == {0, 2}
    assert df["game_id"].tolist() == np.repeat(np.arange(240), 2).tolist()


def test_each_game_is_seeded_from_its_id_as_documented(reference_run):
    df = games_of(reference_run).drop_duplicates("game_id")
    for game_id in (0, 77, 239):
        words = np.random.SeedSequence(11, spawn_key=(game_id,)).generate_state(2, np.uint32)
        row = df[df["game_id"] == game_id].iloc[0]
        assert (row["game_seed"], row["bot_seed"]) == (words[0], words[1])


def test_card_counts_agree_with_the_games(reference_run):
    cards = dataset.pq.read_table(reference_run / "cards").to_pandas()
    games = games_of(reference_run)
    assert (cards["taken"] <= cards["offered"]).all()
    assert (cards["offered_won"] <= cards["offered"]).all()
    assert (cards["taken_won"] <= cards["taken"]).all()
    assert set(cards["kind"].astype(str)) == {"student", "scheme"}
    seat_games = games.groupby(["idol", "seat"]).size()
    most = cards.groupby(["idol", "seat"], observed=True)["offered"].max()
    assert (most <= seat_games.reindex(most.index)).all()


@pytest.mark.parametrize(
    ("winner", "alive", "merit", "out", "expected"),
    [
        (1, [1, 1], [10, 30], [0, 0], [2, 1]),  # winner first
        (0, [1, 1, 1], [5, 9, 9], [0, 0, 0], [1, 2, 3]),  # then Merit, ties by turn order
        (2, [0, 1, 1, 0], [0, 7, 9, 0], [1, 0, 0, 2], [4, 2, 1, 3]),  # then last expelled first
        (-1, [1, 1, 0], [4, 9, 0], [0, 0, 1], [1, 1, 3]),  # stalled: the remaining share 1
        (0, [0, 0, 0], [0, 0, 0], [2, 1, 3], [1, 3, 2]),  # all out at once, turn order wins
    ],
)
def test_placement_follows_the_documented_rule(winner, alive, merit, out, expected):
    got = placements(np.array([winner]), np.array([alive]), np.array([merit]), np.array([out]))
    assert got.tolist() == [expected]


@pytest.mark.parametrize("chunk", [DEFAULT_CHUNK, MIN_CHUNK])
def test_a_chunk_file_takes_under_64_bytes_per_game_seat_row(tmp_path, chunk):
    exp = small(games=chunk, chunk_size=chunk)
    played = play(Task(plan(exp)[0], exp.variants[0], 0, exp.seed))
    meta = dataset.chunk_metadata(exp.to_json(), "x" * 16, "0", 11, {"index": 0})
    dataset.write_part(
        tmp_path, "games", 0, dataset.to_table(played.games, dataset.GAMES_SCHEMA), meta
    )
    path = dataset.part_path(tmp_path, "games", 0)
    rows = pq.read_metadata(path).num_rows
    assert rows == chunk * 2
    assert path.stat().st_size / rows < 64


def test_a_value_that_does_not_fit_its_column_is_an_error_not_a_wrap():
    v = small(games=10, chunk_size=10).variants[0]
    seats = np.tile([0, 1], (3, 1))
    game = np.zeros((3, len(GAME_FIELDS)), np.int32)
    seat = np.zeros((3, 2, len(SEAT_FIELDS)), np.int32)
    seat[0, 0, SEAT_FIELDS.index("merit")] = 40_000  # more than int16 holds
    result = SimpleNamespace(game=game, seat=seat)
    seeds = np.zeros(3, np.uint32)
    with pytest.raises(OverflowError, match=r"column merit: values 0\.\.40000 do not fit int16"):
        game_columns(
            "main", 0, seeds, seeds, v.idols, seats, v.bots, v.bonus, result,
            GAME_FIELDS, SEAT_FIELDS,
        )  # fmt: skip
