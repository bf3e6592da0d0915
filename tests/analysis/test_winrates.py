"""Win rates per Idol and matchups: intervals that cover, counts that add up, mirrors left out."""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.counts import row_counts, seatings
from avarium.analysis.proportions import wilson
from avarium.analysis.synthetic import Plan, synthetic_games
from avarium.analysis.winrates import idol_winrates, matchup_matrix, matchups


def test_95_percent_wilson_intervals_cover_the_truth_between_93_5_and_96_5_percent():
    rng = np.random.default_rng(2024)
    truth = rng.uniform(0.2, 0.8, size=2_000)
    games = rng.integers(200, 3_000, size=2_000)
    wins = rng.binomial(games, truth)
    lo, hi = wilson(wins, games)
    coverage = np.mean((lo <= truth) & (truth <= hi))
    assert 0.935 <= coverage <= 0.965, coverage


def test_win_rates_carry_games_wins_interval_and_the_fair_share(planted_games):
    table = idol_winrates(planted_games)
    assert list(table.columns) == ["players", "idol", "games", "wins", "rate", "lo", "hi", "fair"]
    assert (table["lo"] <= table["rate"]).all() and (table["rate"] <= table["hi"]).all()
    assert set(zip(table["players"], table["fair"], strict=True)) == {
        (2, 0.5),
        (3, 1 / 3),
        (4, 0.25),
    }
    seats_played = planted_games.groupby("players")["game_id"].count()
    assert (table.groupby("players")["games"].sum() == seats_played).all()


def test_a_planted_strong_idol_has_the_highest_rate_and_a_weak_one_the_lowest(planted_games):
    two = idol_winrates(planted_games).query("players == 2").set_index("idol")["rate"]
    assert two.idxmax() == "kumara_raj" and two.idxmin() == "amyba"


def test_mirror_games_are_left_out_of_idol_win_rates_by_default():
    games = synthetic_games(4_000, Plan(mirror_rate=0.25), seed=4)
    mirrors = (games.groupby("game_id")["idol"].nunique() == 1).sum()
    assert mirrors > 800
    default = idol_winrates(games)["games"].sum()
    everything = idol_winrates(games, include_mirrors=True)["games"].sum()
    assert everything == len(games) and default == len(games) - 2 * mirrors


def test_matchups_are_head_to_head_records_in_two_player_games():
    games = synthetic_games(6_000, Plan(strength={"amyba": 1.0}), seed=9)
    table = matchups(games)
    pair = table[(table["idol"] == "amyba") & (table["opponent"] == "kumara_raj")].iloc[0]
    back = table[(table["idol"] == "kumara_raj") & (table["opponent"] == "amyba")].iloc[0]
    assert pair["games"] == back["games"]
    assert pair["wins"] + back["wins"] == pair["games"]  # no stalls planted here
    assert pair["rate"] > 0.6
    square = matchup_matrix(table, 2)
    assert square.shape == (8, 8) and np.isnan(square.loc["amyba", "amyba"])


def test_in_four_player_games_each_row_counts_its_three_opponents():
    games = synthetic_games(2_000, Plan(players={4: 1.0}), seed=5)
    table = matchups(games)
    assert table["games"].sum() == 3 * len(games)
    assert table["wins"].sum() == 3 * games["won"].sum()


def test_analyses_give_the_same_tables_from_rows_and_from_counts(planted_games):
    rows, seats = row_counts(planted_games), seatings(planted_games)
    assert len(rows) < len(planted_games) / 2
    pd.testing.assert_frame_equal(idol_winrates(planted_games), idol_winrates(rows))
    a = matchups(planted_games).sort_values(["players", "idol", "opponent"], ignore_index=True)
    b = matchups(seats).sort_values(["players", "idol", "opponent"], ignore_index=True)
    pd.testing.assert_frame_equal(a, b)
