"""Per-card impact: a planted card effect is found, a neutral card is not, counts add up."""

from __future__ import annotations

import pandas as pd
from avarium.analysis.cards import card_impact
from avarium.analysis.synthetic import CardPlan, Plan, synthetic_cards, synthetic_games


def test_a_planted_card_effect_is_flagged_and_neutral_cards_are_not():
    games = synthetic_games(30_000, Plan(), seed=3)
    plan = CardPlan(effect={"student_03": 0.6, "scheme_02": -0.6}, take_rate={"scheme_05": 0.9})
    table = card_impact(synthetic_cards(games, plan, seed=4)).set_index("card")
    assert table.loc["student_03", "flagged"] and table.loc["student_03", "diff_lo"] > 0
    assert table.loc["scheme_02", "flagged"] and table.loc["scheme_02", "diff_hi"] < 0
    neutral = table.drop(index=["student_03", "scheme_02"])
    assert neutral["flagged"].sum() <= 1
    assert (neutral["diff_lo"] <= 0).mean() > 0.8 and (neutral["diff_hi"] >= 0).mean() > 0.8
    pick = table.loc["scheme_05"]
    assert pick["pick_lo"] <= 0.9 <= pick["pick_hi"]
    assert (
        table.loc["student_01", "kind"] == "student" and table.loc["scheme_01", "kind"] == "scheme"
    )


def test_left_counts_are_offered_minus_taken_summed_over_chunks_and_keys():
    games = synthetic_games(4_000, Plan(players={2: 0.5, 3: 0.5}), seed=1)
    cards = synthetic_cards(games, seed=2)
    doubled = card_impact(pd.concat([cards, cards], ignore_index=True))
    single = card_impact(cards)
    assert (doubled["offered"] == 2 * single["offered"]).all()
    assert (single["left"] == single["offered"] - single["taken"]).all()
    assert (single["left_won"] == single["offered_won"] - single["taken_won"]).all()
    assert set(single["players"]) == {2, 3}
    by_idol = card_impact(cards, by=("players", "idol"))
    assert by_idol["offered"].sum() == single["offered"].sum()
