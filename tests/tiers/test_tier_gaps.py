"""Tiers further apart than the band is wide: an Idol whose win rates at two levels of play
differ by more than the band cannot be inside at both by a change that moves both alike."""

from __future__ import annotations

import numpy as np
import pytest
from avarium.analysis.paired import matched_gap
from avarium.analysis.tiers.analyse import analyse_tiers
from avarium.analysis.tiers.gaps import apart_sentence, wider_than

from tests.tiers.test_tier_verdicts import tiered_run


def gaps_of(strengths):
    games, experiment = tiered_run(strengths)
    return analyse_tiers(games, experiment).tables["tier_gaps"].set_index("idol")


def test_an_idol_strong_only_with_weak_players_is_further_apart_than_the_band():
    gaps = gaps_of(
        {"heuristic.balanced": {"hatsurugi_touka": 1.5}, "mcts/40": {"hatsurugi_touka": 0.0}}
    )
    touka = gaps.loc["hatsurugi_touka"]
    assert touka["apart"]
    assert touka["band_width"] == pytest.approx(0.10)  # 45-55% at two players
    # The stronger tier's rate minus the weaker's, on the deals both played, with its interval.
    assert (touka["tier_a"], touka["tier_b"]) == ("heuristic.balanced", "mcts/40")
    assert touka["gap_hi"] < -0.10 and touka["gap_lo"] < touka["gap"] < touka["gap_hi"]
    assert touka["gap"] == touka["rate_b"] - touka["rate_a"]
    # The others play alike at both tiers: none is named.
    assert not gaps.drop(index="hatsurugi_touka")["apart"].any()
    sentence = apart_sentence(gaps.reset_index().to_dict("records"))
    assert sentence.startswith("hatsurugi_touka (heuristic.balanced ")
    assert " vs mcts/40 " in sentence


def test_an_idol_strong_at_every_tier_alike_is_not_apart_however_far_out():
    gaps = gaps_of(
        {"heuristic.balanced": {"amyba": 1.5}, "mcts/40": {"amyba": 1.5}, "mcts/80": {"amyba": 1.5}}
    )
    assert not gaps["apart"].any()
    assert apart_sentence(gaps.reset_index().to_dict("records")) == ""


def test_the_widest_of_three_tiers_pairs_is_the_one_reported():
    gaps = gaps_of(
        {
            "heuristic.balanced": {"syeira_coral": -1.2},
            "heuristic.tuned": {"syeira_coral": -0.6},
            "mcts/40": {"syeira_coral": 0.0},
        }
    )
    coral = gaps.loc["syeira_coral"]
    assert (coral["tier_a"], coral["tier_b"]) == ("heuristic.balanced", "mcts/40")
    assert coral["apart"] and coral["gap"] > 0.10


def paired_tables(rng, games: int, only_a: float, only_b: float, reps: int):
    """`reps` tables of `games` paired results, each deal won at tier a only, b only, or alike."""
    draws = rng.random((reps, games))
    wa = draws < only_a
    wb = (draws >= only_a) & (draws < only_a + only_b)
    return wa, wb


def test_a_gap_exactly_the_band_wide_is_called_apart_no_more_often_than_five_percent():
    # Calibration: at the boundary of H0 (the gap exactly the band's width) the test's size is
    # its stated 5%; the gap is +10 points (15% of deals won at b only, 5% at a only).
    rng = np.random.default_rng(3)
    wa, wb = paired_tables(rng, 2000, 0.05, 0.15, reps=4000)
    p = np.array([wider_than(matched_gap(a, b), 0.10) for a, b in zip(wa, wb, strict=True)])
    size = float(np.mean(p <= 0.05))
    assert 0.03 <= size <= 0.07, size  # 4,000 replications: SE about 0.35 points


def test_a_gap_twice_the_band_is_called_apart_almost_always():
    rng = np.random.default_rng(4)
    wa, wb = paired_tables(rng, 2000, 0.05, 0.25, reps=400)
    p = np.array([wider_than(matched_gap(a, b), 0.10) for a, b in zip(wa, wb, strict=True)])
    assert np.mean(p <= 0.05) > 0.99
