"""Early wins: the share of an Idol's games it won by turn 3, 4 and 5, by win type, with Wilson
intervals; an Idol whose early-win share is far above the others' is flagged as a rush, and
none is flagged where none was planted."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from avarium.analysis.early_wins import ANY, EARLY_TURNS, early_wins, rushes
from avarium.analysis.proportions import wilson
from avarium.analysis.synthetic import IDOLS, Plan, synthetic_games

# Short games for every Idol, so that every Idol wins some games by turn 5.
SHORT = {idol: -10.0 for idol in IDOLS}
# Coral wins a fifth of her wins by her Win-Con on turn 3; no Idol stronger than another.
RUSH = Plan(players={2: 0.5, 3: 0.5}, turns=SHORT, rush={"syeira_coral": 0.2})
# Coral far stronger (about 68% of her two-player games), with no rush.
STRONG = Plan(players={2: 0.5, 3: 0.5}, turns=SHORT, strength={"syeira_coral": 0.8})


@pytest.fixture(scope="module")
def rush_games():
    return synthetic_games(20_000, RUSH, seed=21)


def test_a_planted_rush_idol_is_flagged_at_turn_3_in_every_player_count(rush_games):
    flagged = rushes(early_wins(rush_games))
    assert set(flagged["idol"]) == {"syeira_coral"}
    assert sorted(flagged["players"]) == [2, 3]
    assert (flagged["turn"] == 3).all()  # the earliest turn it holds at
    assert (flagged["lo"] > flagged["others_hi"]).all() and (flagged["ratio"] >= 2).all()


def test_a_planted_rush_is_also_far_above_the_others_by_turn_5(rush_games):
    table = rushes(early_wins(rush_games[rush_games["turns"] > 3]))  # no turn-3 win left
    assert table.empty  # without its turn-3 wins Coral is like the others...
    by_five = early_wins(rush_games).query("turn == 5 and win_type == 'any' and players == 2")
    coral = by_five.set_index("idol").loc["syeira_coral"]
    others = by_five[by_five["idol"] != "syeira_coral"]
    assert coral["lo"] > others["hi"].max()  # ...and with them far above each of the others


def test_without_a_rush_no_idol_is_flagged_even_a_much_stronger_one():
    table = early_wins(synthetic_games(20_000, STRONG, seed=21))
    assert rushes(table).empty
    # Coral wins more of the short games too (she wins more of every game), clearly more than
    # the others but not twice as often: strength, not a rush.
    by_five = table.query("turn == 5 and win_type == 'any' and players == 2").set_index("idol")
    assert by_five["wins"].min() > 0
    others = by_five.drop(index="syeira_coral")
    coral = by_five.loc["syeira_coral", "rate"]
    ratio = coral / (others["wins"].sum() / others["games"].sum())
    assert 1.2 < ratio < 2


def test_the_shares_count_the_idols_games_won_by_each_turn_by_win_type(rush_games):
    table = early_wins(rush_games).set_index(["variant", "players", "idol", "turn", "win_type"])
    games = rush_games[(rush_games["players"] == 2) & (rush_games["idol"] == "syeira_coral")]
    for turn in EARLY_TURNS:
        early = games[games["won"] & (games["turns"] <= turn)]
        row = table.loc[("main", 2, "syeira_coral", turn, ANY)]
        assert row["games"] == len(games) and row["wins"] == len(early)
        assert row["rate"] == pytest.approx(len(early) / len(games))
        lo, hi = wilson(len(early), len(games))
        assert (row["lo"], row["hi"]) == pytest.approx((float(lo), float(hi)))
        by_wincon = table.loc[("main", 2, "syeira_coral", turn, "wincon"), "wins"]
        assert by_wincon == (early["reason"] == "wincon").sum()
    # A later turn counts every earlier win too.
    shares = [table.loc[("main", 2, "syeira_coral", t, ANY), "rate"] for t in EARLY_TURNS]
    assert np.all(np.diff(shares) >= 0) and shares[0] > 0.1


def test_every_idol_has_a_row_per_turn_and_win_type_even_with_no_early_win():
    table = early_wins(synthetic_games(2_000, STRONG, seed=3))
    types = table["win_type"].unique()
    assert ANY in types and "wincon" in types
    cells = table.groupby(["players", "idol"]).size()
    assert (cells == len(EARLY_TURNS) * len(types)).all()


def _seats(coral_early: int, games_each: int):
    """Each Idol's games as one row each: Coral won `coral_early` of hers on turn 3 by her
    Win-Con, every other game went past turn 5."""
    rows = []
    for idol in IDOLS:
        early = coral_early if idol == "syeira_coral" else 0
        for g in range(games_each):
            rows.append(
                {"variant": "main", "players": 2, "idol": idol, "won": g < early or g % 2 == 1,
                 "turns": 3 if g < early else 14, "reason": "wincon" if g < early else "school out"}
            )  # fmt: skip
    return pd.DataFrame(rows)


def test_two_early_wins_in_ten_games_are_not_called_a_rush_but_the_same_share_over_more_are():
    # 2 in 10 against 0 in 70: twice as often, and a normal test would call it significant;
    # Fisher's exact test with Holm's correction does not, as chance gives it easily enough.
    assert rushes(early_wins(_seats(2, 10))).empty
    flagged = rushes(early_wins(_seats(12, 60)))
    assert list(flagged["idol"]) == ["syeira_coral"] and flagged["p_holm"].iloc[0] < 0.05
