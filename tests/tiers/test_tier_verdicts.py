"""Skill tiers side by side: verdicts across tiers, paired changes and why a flagged Idol wins,
on synthetic tiers with planted strengths (no compiled games)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from avarium.analysis.paired import paired_change
from avarium.analysis.synthetic import Plan, synthetic_games
from avarium.analysis.tiers.analyse import (
    DEPENDS,
    INSIDE,
    TOO_STRONG,
    TOO_WEAK,
    UNSETTLED,
    TierVariant,
    analyse_tiers,
    tier_variants,
    tier_verdict,
)

GAMES = 8000


def tiered_run(strengths: dict[str, dict[str, float]]) -> tuple[pd.DataFrame, dict]:
    """Two or more tiers of GAMES games each (in tier order), with the planted strengths."""
    frames, tables = [], []
    for i, (tier, strength) in enumerate(strengths.items()):
        plan = Plan(strength=strength, variant=tier)
        frames.append(synthetic_games(GAMES, plan, seed=5 + i, first_game_id=i * GAMES))
        tables.append({"label": tier, "tier": tier, "games": GAMES})
    games = pd.concat(frames, ignore_index=True)
    for column in ("variant", "bot", "idol", "reason"):
        games[column] = games[column].astype(str).astype("category")
    return games, {"variant": tables}


def verdict_of(result, idol: str) -> str:
    table = result.tables["tier_verdicts"]
    return table.loc[table["idol"] == idol, "verdict"].item()


def test_an_idol_strong_at_every_tier_is_too_strong_and_a_weak_one_too_weak():
    games, experiment = tiered_run(
        {
            "heuristic.balanced": {"amyba": 1.2, "syeira_coral": -1.2},
            "mcts/40": {"amyba": 1.0, "syeira_coral": -1.0},
        }
    )
    result = analyse_tiers(games, experiment)
    assert verdict_of(result, "amyba") == TOO_STRONG
    assert verdict_of(result, "syeira_coral") == TOO_WEAK


def test_an_idol_strong_only_with_weak_players_depends_on_skill():
    games, experiment = tiered_run(
        {"heuristic.balanced": {"hatsurugi_touka": 1.5}, "mcts/40": {"hatsurugi_touka": 0.0}}
    )
    result = analyse_tiers(games, experiment)
    assert verdict_of(result, "hatsurugi_touka") == DEPENDS
    row = result.tables["tier_verdicts"].set_index("idol").loc["hatsurugi_touka"]
    # the change between the two strongest tiers is negative, and its interval says so
    assert row["change_hi"] < 0 and row["change_lo"] < row["change"] < row["change_hi"]


def test_a_fair_idol_at_every_tier_is_inside_the_band_at_every_tier():
    games, experiment = tiered_run({"heuristic.balanced": {}, "mcts/40": {}})
    result = analyse_tiers(games, experiment)
    verdicts = set(result.tables["tier_verdicts"]["verdict"])
    assert verdicts <= {INSIDE, UNSETTLED}
    assert INSIDE in verdicts


@pytest.mark.parametrize(
    ("statuses", "sides", "verdict"),
    [
        (["inside", "inside"], ["below", "above"], INSIDE),
        (["outside", "outside"], ["above", "above"], TOO_STRONG),
        (["outside", "outside"], ["below", "below"], TOO_WEAK),
        (["outside", "inside"], ["above", "above"], DEPENDS),
        (["outside", "outside"], ["above", "below"], DEPENDS),
        (["outside", "unsettled"], ["above", "above"], UNSETTLED),
        (["not enough games", "outside"], ["", "above"], TOO_STRONG),
        (["not enough games", "not enough games"], ["", ""], "not enough games"),
    ],
)
def test_a_verdict_holds_only_if_it_holds_at_every_judged_tier(statuses, sides, verdict):
    assert tier_verdict(statuses, sides) == verdict


def test_the_tiers_share_one_holm_family():
    """Three tiers of eight Idols: every Holm level is alpha over the number of untested-yet
    hypotheses among all 24, not among one tier's 8."""
    games, experiment = tiered_run({"random": {}, "heuristic.balanced": {}, "mcts/40": {}})
    flags = analyse_tiers(games, experiment).tables["tier_winrates"]
    assert len(flags) == 24
    assert flags["level"].min() == pytest.approx(0.05 / 24)


def paired(wins_a, wins_b) -> dict:
    """paired_change on a hand-made two-tier run of one Idol (seat 0 of every game)."""
    n = len(wins_a)
    rows = []
    for tier, first, wins in (("a", 0, wins_a), ("b", n, wins_b)):
        for k, won in enumerate(wins):
            rows.append(
                {"variant": tier, "game_id": first + k, "idol": "amyba", "players": 2, "won": won}
            )
    games = pd.DataFrame(rows)
    a, b = TierVariant("a", "a", "main", 0, 0, n), TierVariant("b", "b", "main", 1, n, n)
    return paired_change(games, a, b, "amyba", 2)


def test_a_paired_change_with_no_changed_game_still_has_an_interval():
    change = paired([True, False] * 20, [True, False] * 20)
    assert change["change"] == 0 and change["paired_games"] == 40
    assert change["change_lo"] < 0 < change["change_hi"]


def test_a_paired_change_counts_only_the_games_whose_result_changed():
    wins_a = [False] * 30 + [True] * 10
    wins_b = [True] * 10 + [False] * 20 + [True] * 10
    change = paired(wins_a, wins_b)
    assert change["change"] == pytest.approx(10 / 40)
    assert change["change_lo"] > 0


def test_a_flagged_idol_gets_sample_games_with_the_command_that_replays_them():
    games, experiment = tiered_run(
        {"heuristic.balanced": {"amyba": 1.2}, "mcts/40": {"amyba": 1.2}}
    )
    result = analyse_tiers(games, experiment)
    samples = result.tables["tier_samples"]
    mine = samples[samples["idol"] == "amyba"]
    assert len(mine) == 3
    for row in mine.itertuples():
        played = games[(games["game_id"] == row.game_id) & (games["idol"] == "amyba")]
        assert played["won"].item()  # too strong: games it won at the strongest tier
        assert row.replay == f"avarium replay RUN --game {row.game_id}"
    assert (mine["tier"] == "mcts/40").all()


def test_sample_games_of_an_idol_that_depends_on_skill_come_from_the_tiers_where_it_moved():
    """Strong with the plain heuristic only: the two strongest tiers do not differ for her, so
    the samples set the plain heuristic beside the tier where she fell most, and show deals she
    won there and lost at the stronger tier."""
    games, experiment = tiered_run(
        {
            "heuristic.balanced": {"hatsurugi_touka": 1.5},
            "heuristic.tuned": {},
            "mcts/40": {},
        }
    )
    result = analyse_tiers(games, experiment)
    assert verdict_of(result, "hatsurugi_touka") == DEPENDS
    samples = result.tables["tier_samples"]
    mine = samples[samples["idol"] == "hatsurugi_touka"]
    assert len(mine) == 3
    for row in mine.itertuples():
        assert row.what.endswith("won at heuristic.balanced"), row.what
        assert row.what.startswith("lost at "), row.what
        played = games[(games["game_id"] == row.game_id) & (games["idol"] == "hatsurugi_touka")]
        assert not played["won"].item()  # the game shown is the one she lost, at row.tier
        assert row.tier in ("heuristic.tuned", "mcts/40")


def test_why_an_idol_wins_shows_how_its_games_end_at_each_tier():
    games, experiment = tiered_run({"heuristic.balanced": {}, "mcts/40": {}})
    reasons = analyse_tiers(games, experiment).tables["tier_reasons"]
    shares = reasons.groupby(["tier", "idol", "result"])["share"].sum()
    assert np.allclose(shares.to_numpy(), 1.0)
    won = reasons[(reasons["result"] == "won") & (reasons["reason"] == "wincon")]
    assert won["median_wincon_turn"].notna().all()


def test_a_run_without_tiers_has_no_tier_analysis():
    games, _ = tiered_run({"main": {}})
    assert analyse_tiers(games, {"variant": [{"label": "main", "games": GAMES}]}) is None
    assert tier_variants({"variant": [{"label": "main", "games": 10}]}) == []


def test_tier_variants_find_their_group_and_first_game():
    experiment = {
        "variant": [
            {"label": "low · random", "tier": "random", "games": 100},
            {"label": "low · heuristic.balanced", "tier": "heuristic.balanced", "games": 50},
            {"label": "high · random", "tier": "random", "games": 100},
            {"label": "high · heuristic.balanced", "tier": "heuristic.balanced", "games": 50},
        ]
    }
    tiers = tier_variants(experiment)
    assert [(t.group, t.order, t.first) for t in tiers] == [
        ("low", 0, 0),
        ("low", 1, 100),
        ("high", 0, 150),
        ("high", 1, 250),
    ]
