"""The SkillTrace of `avarium train`: each Idol's win rate at every generation, counted once per
game and seat, and its change from the generation before with an interval."""

from __future__ import annotations

import datetime
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from avarium.workflows.train.skill_trace import SkillTrace, idol_rates, with_changes


def positions(results: dict[str, list[int]], turns: int = 3) -> pd.DataFrame:
    """A self-play positions table: Idol i's seat in game g won results[idol][g], with a row at
    each of `turns` turns (as the self-play notes a position at the start of every turn)."""
    rows = []
    for seat, (idol, won) in enumerate(results.items()):
        for game, w in enumerate(won):
            rows += [(game, turn, seat, idol, w) for turn in range(1, turns + 1)]
    return pd.DataFrame(rows, columns=["game", "turn", "seat", "idol", "won"])


def test_a_seat_is_counted_once_per_game_however_many_turns_it_lasted():
    table = idol_rates(positions({"touka": [1, 1, 0, 1], "raj": [0, 0, 1, 0]}), 0, 2)
    touka = table.set_index("idol").loc["touka"]
    assert (touka["games"], touka["wins"], touka["rate"]) == (4, 3, 0.75)
    assert touka["lo"] < 0.75 < touka["hi"]


def test_the_change_is_measured_from_the_generation_before_at_the_same_player_count():
    first = idol_rates(positions({"touka": [1] * 30 + [0] * 10, "raj": [0] * 30 + [1] * 10}), 0, 2)
    second = idol_rates(positions({"touka": [1] * 20 + [0] * 20, "raj": [0] * 20 + [1] * 20}), 1, 2)
    trace = with_changes(pd.concat([second, first], ignore_index=True)).set_index(
        ["generation", "idol"]
    )
    assert np.isnan(trace.loc[(0, "touka"), "change"])
    change = trace.loc[(1, "touka")]
    assert change["change"] == pytest.approx(0.5 - 0.75)
    assert change["change_lo"] < change["change"] < change["change_hi"] < 0


def played(out, generation: int, results: dict[str, list[int]]) -> None:
    """Generation k-1's self-play positions at two players, as the run writes them."""
    folder = out / "positions"
    folder.mkdir(exist_ok=True)
    positions(results).to_parquet(folder / f"gen{generation}-2p.parquet")


def test_each_generations_positions_are_read_once_however_many_generations_follow(tmp_path):
    trace = SkillTrace(tmp_path, (2,), lambda games, date: "footer")
    played(tmp_path, 1, {"touka": [1, 1, 0, 1], "raj": [0, 0, 1, 0]})
    trace.write(1)
    # generation 1's file gone: the second drawing still has generation 0, from the first read
    (tmp_path / "positions" / "gen1-2p.parquet").unlink()
    played(tmp_path, 2, {"touka": [1, 0, 0, 0], "raj": [0, 1, 1, 1]})
    trace.write(2)
    table = pd.read_csv(tmp_path / "idols.csv")
    assert table.groupby("generation")["wins"].sum().to_dict() == {0: 4, 1: 4}
    assert table.set_index(["generation", "idol"]).loc[(1, "touka"), "change"] == -0.5


def test_the_trace_chart_carries_its_games_and_the_day_they_were_played(tmp_path):
    seen = []
    trace = SkillTrace(tmp_path, (2,), lambda games, date: seen.append((games, date)) or "f")
    played(tmp_path, 1, {"touka": [1, 1, 0, 1], "raj": [0, 0, 1, 0]})
    played(tmp_path, 2, {"touka": [1, 0, 0], "raj": [0, 1, 1]})
    written = trace.write(2)
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    assert seen == [(4 + 3, today)]
    assert tmp_path / "skill_trace_2p.png" in written


def test_a_training_runs_charts_are_signed_as_a_reports_charts_are():
    from avarium.simulator.cards.loader import load_cards
    from avarium.workflows.train.generations import Plan, footer

    cards = load_cards()
    line = footer(Plan(cards, Path("run"), seed=7, budget=20))(1_200, "2026-12-06")
    assert line == (
        "Avarium Balance Lab · avarium train, seed 7 · card set bundled prototype set "
        f"prototype-v2 ({cards.fingerprint[:12]}) · bots: mcts/20 and its generations · "
        "1,200 games · played 2026-12-06"
    )
