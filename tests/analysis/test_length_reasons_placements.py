"""Game length, win reasons and placements: planted differences come back out."""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.counts import row_counts, seatings
from avarium.analysis.length import length_distribution, length_summary
from avarium.analysis.placements import eliminations, mean_placement, placements
from avarium.analysis.reasons import reason_totals, win_reasons
from avarium.analysis.synthetic import STALL_TURNS, Plan, synthetic_games


def test_an_idol_that_slows_games_shows_longer_games_and_stalls_stay_out(planted_games):
    by_idol = length_summary(planted_games, "idol").query("players == 2 and measure == 'turns'")
    by_idol = by_idol.set_index("idol")
    others = by_idol.drop(index="amyba")["median"]
    assert (by_idol.loc["amyba", "median"] > others + 2).all()
    assert by_idol["max"].max() < STALL_TURNS
    assert by_idol["stalled"].sum() > 0


def test_length_quantiles_match_the_rows_they_summarise():
    games = synthetic_games(5_000, Plan(), seed=6)
    summary = length_summary(games).query("measure == 'turns'").iloc[0]
    turns = games[games["seat"] == 0]["turns"]
    assert summary["games"] == len(turns)
    assert np.isclose(summary["mean"], turns.mean())
    assert summary["median"] == turns.median()
    assert summary["q95"] == np.quantile(turns, 0.95, method="inverted_cdf")


def test_length_by_matchup_and_reason_and_the_distribution_add_up(planted_games):
    two = planted_games[planted_games["players"] == 2]
    matchup = length_summary(
        seatings(planted_games, extra=("turns", "rounds", "reason")), "matchup"
    ).query("measure == 'turns'")
    assert matchup["games"].sum() + matchup["stalled"].sum() == two["game_id"].nunique()
    assert matchup["matchup"].str.contains(" v ").all() and len(matchup) == 28
    reason = length_summary(planted_games, "reason").query("measure == 'rounds'")
    assert reason["games"].sum() == planted_games["game_id"].nunique()
    dist = length_distribution(planted_games)
    finished = planted_games[planted_games["reason"] != "stalled"]
    assert dist["games"].sum() == len(finished)


def test_a_planted_win_reason_shows_in_the_idols_wins():
    plan = Plan(reasons={"kumara_raj": {"wincon": 1.0}}, stall_rate=0.05)
    table = win_reasons(synthetic_games(10_000, plan, seed=1))
    raj = table[(table["idol"] == "kumara_raj")].set_index("reason")
    assert raj.loc["wincon", "share_of_wins"] == 1.0
    assert raj.loc["stalled", "wins"] == 0 and raj.loc["stalled", "games"] > 0
    others = table[(table["idol"] == "amyba") & (table["reason"] == "wincon")].iloc[0]
    assert 0.3 < others["share_of_wins"] < 0.5


def test_reason_totals_share_all_games():
    games = synthetic_games(8_000, Plan(stall_rate=0.1), seed=2)
    totals = reason_totals(games)
    assert np.isclose(totals["share"].sum(), 1.0)
    stalled = totals.set_index("reason").loc["stalled"]
    assert stalled["lo"] <= 0.1 <= stalled["hi"]
    assert stalled["label"] == "stalled at the turn cap"


def test_placements_and_expulsions_per_idol_and_seat_for_three_and_four_players():
    plan = Plan(players={2: 0.3, 3: 0.35, 4: 0.35}, strength={"kumara_raj": 1.0})
    games = synthetic_games(12_000, plan, seed=3)
    by_idol = placements(games, "idol")
    assert set(by_idol["players"]) == {3, 4}
    shares = by_idol.groupby(["players", "idol"], observed=True)["share"].sum()
    assert np.allclose(shares, 1.0)
    first = by_idol[by_idol["placement"] == 1].set_index(["players", "idol"])["share"]
    assert first.loc[(4, "kumara_raj")] > first.loc[(4, "amyba")]
    means = mean_placement(games, "idol").set_index(["players", "idol"])
    assert (
        means.loc[(3, "kumara_raj"), "mean_placement"] < means.loc[(3, "amyba"), "mean_placement"]
    )
    out = eliminations(games, "seat")
    assert set(out["expelled_order"]) <= {0, 1, 2, 3}
    never = out[out["expelled_order"] == 0].set_index(["players", "seat"])["share"]
    seat_means = mean_placement(games, "seat").set_index(["players", "seat"])["never_out"]
    assert np.allclose(never.sort_index(), seat_means.sort_index())


def test_placement_tables_give_the_same_answer_from_counts():
    games = synthetic_games(3_000, Plan(players={3: 1.0}, stall_rate=0.1), seed=4)
    rows = row_counts(games)
    pd.testing.assert_frame_equal(mean_placement(games), mean_placement(rows))
    pd.testing.assert_frame_equal(eliminations(games, "seat"), eliminations(rows, "seat"))
