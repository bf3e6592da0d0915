"""Comparing two runs: paired on shared deals, unpaired otherwise."""

from __future__ import annotations

import numpy as np
from avarium.analysis.compare import compare_runs, is_paired
from avarium.analysis.proportions import wilson
from avarium.analysis.synthetic import Plan, synthetic_games


def test_paired_compare_on_identical_runs_shows_zero_difference_and_no_significance():
    games = synthetic_games(20_000, Plan(players={2: 0.5, 3: 0.5}), seed=1)
    result = compare_runs(games, games.copy())
    assert result["paired"]
    for table in (result["idols"], result["seats"]):
        assert (table["diff"] == 0).all()
        # No game changed: not a [0, 0] certainty, but +- the 95% Wilson bound of 0 changes.
        bound = wilson(0, table["games_a"].to_numpy())[1]
        assert np.allclose(table["hi"], bound) and np.allclose(table["lo"], -bound)
        assert (table["hi"] > 0).all()
        assert not table["significant"].any() and (table["p"] == 1).all()


def test_a_planted_patch_effect_is_detected_on_paired_runs():
    before = synthetic_games(20_000, Plan(), seed=2)
    after = synthetic_games(20_000, Plan(strength={"amyba": 0.15}), seed=2)
    result = compare_runs(before, after)
    assert result["paired"]
    row = result["idols"].set_index("idol").loc["amyba"]
    assert row["significant"] and row["lo"] > 0
    assert row["method"] == "paired"


def test_the_same_effect_needs_pairing_to_be_seen_with_few_games():
    before = synthetic_games(6_000, Plan(), seed=2)
    after = synthetic_games(6_000, Plan(strength={"amyba": 0.15}), seed=2)
    paired = compare_runs(before, after)["idols"].set_index("idol").loc["amyba"]
    unpaired = compare_runs(before, after, paired=False)["idols"].set_index("idol").loc["amyba"]
    assert paired["hi"] - paired["lo"] < (unpaired["hi"] - unpaired["lo"]) / 2
    assert paired["significant"]


def test_runs_with_different_seeds_are_compared_unpaired():
    a = synthetic_games(20_000, Plan(), seed=3)
    b = synthetic_games(20_000, Plan(strength={"kumara_raj": 0.4}), seed=4)
    assert not is_paired(a, b)
    result = compare_runs(a, b)
    idols = result["idols"].set_index("idol")
    assert (idols["method"] == "unpaired").all()
    assert idols.loc["kumara_raj", "significant"] and idols.loc["kumara_raj", "lo"] > 0
    assert idols["significant"].sum() <= 2
    # No seat effect was planted: whatever the seat rows show is chance, never overwhelming.
    assert (result["seats"]["method"] == "unpaired").all()
    assert (result["seats"]["p_holm"] > 0.001).all()
