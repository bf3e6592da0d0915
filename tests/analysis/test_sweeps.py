"""Sweeps: win rates per variant and the variant closest to fair, with its certainty."""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.sweeps import (
    closest_to_fair,
    idol_winrates_by_variant,
    parse_variant,
    seat_winrates_by_variant,
    variant_order,
)
from avarium.analysis.synthetic import Plan, synthetic_games


def _bonus_sweep(games_per_point: int, edges=(0.3, 0.15, 0.0, -0.15)) -> pd.DataFrame:
    parts, first = [], 0
    for bonus, edge in enumerate(edges):
        plan = Plan(variant=f"bonus=0,{bonus}", seat_effect={2: (edge, 0.0)}, bonus={2: (0, bonus)})
        parts.append(synthetic_games(games_per_point, plan, seed=bonus, first_game_id=first))
        first += games_per_point
    games = pd.concat(parts, ignore_index=True)
    games["variant"] = games["variant"].astype("category")
    return games


def test_variant_labels_parse_and_sort_in_sweep_order():
    assert parse_variant("bonus=0,2") == ("bonus", (0.0, 2.0))
    assert parse_variant("kumara_raj.merit=18") == ("kumara_raj.merit", (18.0,))
    assert parse_variant("main") == ("main", ())
    assert variant_order(["bonus=0,10", "bonus=0,2", "bonus=0,1"]) == [
        "bonus=0,1",
        "bonus=0,2",
        "bonus=0,10",
    ]


def test_the_variant_planted_fair_is_picked_and_the_choice_is_sure():
    games = _bonus_sweep(20_000)
    seats = seat_winrates_by_variant(games)
    assert seats["variant"].tolist()[::2] == ["bonus=0,0", "bonus=0,1", "bonus=0,2", "bonus=0,3"]
    assert np.allclose(seats.groupby("variant")["rate"].sum(), 1.0)
    choice = closest_to_fair(seats).set_index("variant")
    assert choice["chosen"].idxmax() == "bonus=0,2"
    assert choice.loc["bonus=0,2", "prob_best"] > 0.95
    assert np.isclose(choice["prob_best"].sum(), 1.0)


def test_close_variants_share_the_probability_of_being_best():
    games = _bonus_sweep(3_000, edges=(0.02, 0.0, -0.02, 0.5))
    choice = closest_to_fair(seat_winrates_by_variant(games)).set_index("variant")
    assert choice.loc["bonus=0,3", "prob_best"] < 0.01
    assert choice.loc[["bonus=0,0", "bonus=0,1", "bonus=0,2"], "prob_best"].max() < 0.9


def test_idol_win_rates_per_variant_carry_the_swept_value():
    games = _bonus_sweep(2_000)
    idols = idol_winrates_by_variant(games)
    assert set(idols["value"]) == {0.0, 1.0, 2.0, 3.0}
    assert (idols.groupby("variant")["games"].sum() == 4_000).all()
