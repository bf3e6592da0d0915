"""The SkillTrace of `avarium train`: each Idol's win rate at every generation, counted once per
game and seat, and its change from the generation before with an interval."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from avarium.workflows.train.skill_trace import idol_rates, with_changes


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
