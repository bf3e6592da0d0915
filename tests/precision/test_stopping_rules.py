"""The stopping rules on planted data (analysis/stopping.py): precise means every Idol's 95%
interval, the report's, within the target, every Idol of the pool having played; settled means
every verdict decided at the stricter level each look is held to."""

from __future__ import annotations

import pandas as pd
from avarium.analysis.flags import balance_flags
from avarium.analysis.stopping import fixed_size_games, games_so_far, precision, settled
from avarium.analysis.synthetic import IDOLS, Plan, synthetic_games

FOUR = IDOLS[:4]
POOL = {"variant": [{"label": "main", "idols": list(FOUR)}]}


def games(n: int, **plan) -> pd.DataFrame:
    return synthetic_games(n, Plan(idols=FOUR, **plan), seed=4)


def test_precise_when_every_interval_is_within_the_target_and_not_before():
    played = games(4000)
    wide = precision(played, 0.05, POOL)
    assert wide.stop and (wide.table["within"] <= 0.05).all()
    narrow = precision(played, 0.01, POOL)
    assert not narrow.stop and "not yet within +/-1.00 points" in narrow.why


def test_an_idol_of_the_pool_that_has_not_played_keeps_the_run_going():
    pool = {"variant": [{"label": "main", "idols": [*FOUR, "syeira_coral"]}]}
    decision = precision(games(4000), 0.05, pool)
    assert not decision.stop and "syeira_coral (main)" in decision.why


def test_the_fixed_size_run_is_sized_for_the_idol_that_needs_most_over_its_share():
    table = pd.DataFrame(
        {"variant": ["v", "v"], "games": [500, 250], "variant_games": [1000, 1000]}
    )
    # the second Idol plays a quarter of the games: 100 games of its own need 400 in all
    assert fixed_size_games(pd.Series([100, 100]), table) == 400


def test_settled_once_a_planted_strong_idol_is_flagged_and_the_rest_decided():
    played = games(6000, strength={FOUR[0]: 2.0})
    decision = settled(played, POOL, looks=8)
    assert decision.stop, decision.why
    strong = decision.table[decision.table["idol"] == FOUR[0]].iloc[0]
    assert strong["status"] == "outside" and strong["side"] == "above"


def test_each_look_is_held_to_alpha_over_the_looks():
    played = games(6000, strength={FOUR[0]: 2.0})
    one, many = settled(played, POOL, looks=1), settled(played, POOL, looks=100)
    assert (
        many.table["look_hi"] - many.table["look_lo"] > one.table["look_hi"] - one.table["look_lo"]
    ).all()
    # at one look the level is the report's: the same statuses as balance_flags
    report = balance_flags(one.table[["players", "idol", "games", "wins"]])
    assert list(one.table["status"]) == list(report["status"])


def test_a_look_keeps_only_the_games_of_its_rounds():
    played = games(1000)
    kept = games_so_far(played, {"main": (0, 300)})
    assert kept["game_id"].max() == 299 and kept["game_id"].nunique() == 300
