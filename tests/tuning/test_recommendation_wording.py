"""How tune-bonus words its recommendation (reports/tuning.py): the probability that the chosen
bonus is truly the fairest is calibrated within 5 points at two players, and cannot be at three
or more (docs/analysis.md, "P(fairest)"), so there the line says how to read it."""

from __future__ import annotations

import pandas as pd
from avarium.reports.tuning import recommendation


def _chosen(players: int) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "chosen": True, "players": players, "variant": "bonus=0,1", "gap": 0.01,
                "gap_lo": 0.0, "gap_hi": 0.03, "worst_gap": 0.008, "prob_best": 0.62,
                "deals": 2000, "stalled": 0,
            }
        ]
    )  # fmt: skip


def test_a_three_player_probability_is_read_as_how_clear_the_choice_is():
    line = recommendation(_chosen(3))
    assert "probability 62% (with three or more players read it as how clear" in line
    assert "docs/analysis.md" in line


def test_a_two_player_probability_is_stated_plainly():
    line = recommendation(_chosen(2))
    assert "probability 62%, from 2,000 deals" in line
    assert "how clear" not in line


def test_a_gap_from_fair_is_written_in_points_never_as_a_share():
    line = recommendation(_chosen(2))
    assert "about 1.0 points from the fair 50%, 95% interval 0.0 points to 3.0 points" in line
    assert "correcting the 0.8 points measured" in line
