"""Per-card impact: a planted card effect is found, a neutral card is not, counts add up."""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.cards import (
    card_impact,
    card_impact_by_idol,
    length_adjusted,
    stratified_gap,
)
from avarium.analysis.synthetic import IDOLS, CardPlan, Plan, synthetic_cards, synthetic_games
from statsmodels.stats.meta_analysis import combine_effects


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


def test_a_card_taken_by_a_strong_idol_is_not_credited_with_its_strength():
    """Kumara RAJ is planted strong and takes student_05 nine times in ten, other Idols one in
    ten; the card itself does nothing. Compared raw, its takers win far more and it is flagged
    (the old screen flagged 95 cards of 100 so); within Idol and seat it is not. student_03,
    made strong, is flagged in both, and for RAJ's games alone too."""
    games = synthetic_games(40_000, Plan(strength={"kumara_raj": 1.0}), seed=12)
    others = {i: 0.1 for i in IDOLS if i != "kumara_raj"}
    plan = CardPlan(
        effect={"student_03": 0.6},
        take_by_idol={"student_05": {"kumara_raj": 0.9, **others}},
    )
    cards = synthetic_cards(games, plan, seed=13)
    table = card_impact(cards).set_index("card")
    confounded = table.loc["student_05"]
    assert confounded["raw_diff"] > 0.1  # the raw comparison credits the Idol's strength
    assert not confounded["flagged"] and confounded["diff_lo"] <= 0 <= confounded["diff_hi"]
    assert table.loc["student_03", "flagged"] and table.loc["student_03", "diff_lo"] > 0
    neutral = table.drop(index=["student_03"])
    assert neutral["flagged"].sum() == 0
    by_idol = card_impact_by_idol(cards).set_index(["idol", "card"])
    assert by_idol.loc[("kumara_raj", "student_03"), "diff"] > 0.05
    assert not by_idol.xs("student_05", level="card")["flagged"].any()


def test_a_card_taken_only_in_long_games_is_not_credited_with_who_wins_them():
    """Kumara RAJ is strong late: it wins about 80% of its games of 20 turns or more, half of
    the shorter ones. student_04 does nothing and is taken in such long games only. Within
    RAJ's seats alone its takers win far more and it is flagged (the screen before length
    bands); within games of like length it is not. student_03, made strong, is flagged for RAJ
    still, and no neutral card is."""
    games = synthetic_games(30_000, Plan(), seed=21)
    game = games["game_id"]
    raj = games["idol"] == "kumara_raj"
    late = (games["turns"] >= 20) & (games["reason"] != "stalled")
    swung = game[raj & late]
    swung = swung[np.random.default_rng(0).random(len(swung)) < 0.6]  # RAJ wins these
    games["won"] = np.where(game.isin(swung), raj, games["won"])
    plan = CardPlan(effect={"student_03": 0.6}, taken_from_turns={"student_04": 20})
    cards = synthetic_cards(games, plan, seed=22)
    unbanded = card_impact_by_idol(cards.assign(turns_band=-1)).set_index(["idol", "card"])
    confounded = unbanded.loc[("kumara_raj", "student_04")]
    assert confounded["flagged"] and confounded["diff"] > 0.2
    assert not length_adjusted(cards.assign(turns_band=-1)) and length_adjusted(cards)
    by_idol = card_impact_by_idol(cards).set_index(["idol", "card"])
    late_card = by_idol.loc[("kumara_raj", "student_04")]
    assert not late_card["flagged"] and late_card["diff"] < confounded["diff"] / 4
    assert by_idol.loc[("kumara_raj", "student_03"), "flagged"]
    assert by_idol.drop(index="student_03", level="card")["flagged"].sum() == 0
    table = card_impact(cards).set_index("card")
    assert table.loc["student_03", "flagged"] and not table.loc["student_04", "flagged"]


def test_the_pooled_interval_allows_for_both_seats_of_a_game():
    """With two players a game can put both seats into one card's figure: the pooled interval
    is sqrt(2) wider than the strata alone would make it (the bound on the clustering)."""
    games = synthetic_games(10_000, Plan(), seed=14)
    cards = synthetic_cards(games, seed=15)
    table = card_impact(cards).set_index("card")
    strata = stratified_gap(
        cards, ["players", "card", "kind"], ["idol", "variant", "seat", "bot", "turns_band"]
    )
    one = strata.set_index("card").loc["student_01"]
    width = table.loc["student_01", "diff_hi"] - table.loc["student_01", "diff_lo"]
    assert np.isclose(width, 2 * 1.959963984540054 * np.sqrt(2 * one["variance"]))


def test_the_strata_are_combined_as_statsmodels_combines_fixed_effects():
    games = synthetic_games(6_000, Plan(), seed=16)
    cards = synthetic_cards(games, seed=17)
    mine = stratified_gap(cards, ["players", "card", "kind"], ["idol", "seat"]).set_index("card")
    per = (
        cards[cards["card"] == "student_02"]
        .groupby(["idol", "seat"], observed=True)[["offered", "offered_won", "taken", "taken_won"]]
        .sum()
    )
    t, tw = per["taken"].to_numpy(float), per["taken_won"].to_numpy(float)
    lft, lw = per["offered"].to_numpy(float) - t, per["offered_won"].to_numpy(float) - tw
    use = (t > 0) & (lft > 0)
    t, tw, lft, lw = t[use], tw[use], lft[use], lw[use]
    pt, pl = (tw + 0.5) / (t + 1), (lw + 0.5) / (lft + 1)
    combined = combine_effects(tw / t - lw / lft, pt * (1 - pt) / t + pl * (1 - pl) / lft)
    assert np.isclose(mine.loc["student_02", "diff"], combined.mean_effect_fe)
    assert np.isclose(mine.loc["student_02", "variance"], combined.var_eff_w_fe)


def test_the_pooled_interval_is_never_narrower_than_the_game_clustered_one():
    """The hardest case for the bound: in every two-player game both seats see the card and
    exactly one takes it, so the taker's win is the leaver's loss and the game's two entries
    move together. The exact game-clustered (sandwich) variance, computed here from the
    per-game rows the cards/ table adds up, is then about twice the one that takes the seats
    apart; the report's interval (the bound, variance times the players) is not narrower."""
    rng = np.random.default_rng(21)
    n = 20_000
    took0 = rng.random(n) < 0.5  # seat 0 takes it, else seat 1 does
    won0 = rng.random(n) < np.where(took0, 0.6, 0.4)  # taking it is worth 10 points
    seat, game = np.tile([0, 1], n), np.repeat(np.arange(n), 2)
    took = np.column_stack([took0, ~took0]).ravel()
    won = np.column_stack([won0, ~won0]).ravel()
    idol = np.where(seat == 0, "kumara_raj", "syeira_coral")
    rows = pd.DataFrame({"idol": idol, "seat": seat, "took": took, "won": won})
    cards = (
        rows.assign(offered=1, offered_won=won, taken=took, taken_won=took & won)
        .groupby(["idol", "seat"])[["offered", "offered_won", "taken", "taken_won"]]
        .sum()
        .reset_index()
        .assign(variant="main", players=2, bot="heuristic", turns_band=10, card="student_01")
        .assign(kind="student")
    )
    table = card_impact(cards).set_index("card").loc["student_01"]
    report_se = (table["diff_hi"] - table["diff_lo"]) / (2 * 1.959963984540054)
    # The same estimator, its residuals summed per game (one cluster) or per seat.
    per = rows.groupby(["seat", "took"])["won"].agg(["size", "sum"])
    t, tw = per.xs(True, level="took")["size"], per.xs(True, level="took")["sum"]
    lft, lw = per.xs(False, level="took")["size"], per.xs(False, level="took")["sum"]
    pt, pl = (tw + 0.5) / (t + 1), (lw + 0.5) / (lft + 1)
    weight = 1 / (pt * (1 - pt) / t + pl * (1 - pl) / lft)
    w = weight.to_numpy()[seat] / weight.sum()
    size = np.where(took, t.to_numpy()[seat], lft.to_numpy()[seat])
    mean = np.where(took, (tw / t).to_numpy()[seat], (lw / lft).to_numpy()[seat])
    e = np.where(took, 1, -1) * w / size * (won - mean)
    clustered = (np.bincount(game, e) ** 2).sum()
    apart = (e**2).sum()
    assert clustered > 1.8 * apart  # the seats of a game really do move together here
    assert report_se**2 >= 0.98 * clustered  # and the bound covers it


def test_a_cards_interval_never_reaches_past_a_gap_of_100_points():
    # On a few games the gap's Wald interval would run past +-1; a gap of win rates cannot.
    games = synthetic_games(20, Plan(), seed=0)
    table = card_impact(synthetic_cards(games, seed=1))
    assert ((table["diff_lo"] == -1) | (table["diff_hi"] == 1)).any()  # cut there: the case
    assert not ((table["diff_lo"] < -1) | (table["diff_hi"] > 1)).any()
