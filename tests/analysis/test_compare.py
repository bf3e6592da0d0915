"""Comparing two runs: paired on shared deals, unpaired otherwise."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
from avarium.analysis.compare import compare_runs, pairing_sentence, pairing_summary
from avarium.analysis.deals import deal_index
from avarium.analysis.proportions import wilson
from avarium.analysis.synthetic import Plan, shared_deal_sweep, synthetic_games
from avarium.analysis.twins import is_paired


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


def _first_deals(games: pd.DataFrame, deals: int) -> pd.DataFrame:
    """The run a smaller `avarium simulate` of the same seed writes: the first `deals` games of
    every variant, with game ids running on across the variants again (so a later variant's
    games have other ids than in the larger run, but the same deal seeds and seatings)."""
    deal = deal_index(games)
    out = games[deal < deals].copy()
    first = {v: i * deals for i, v in enumerate(out["variant"].astype(str).unique())}
    out["game_id"] = deal[deal < deals] + out["variant"].astype(str).map(first).to_numpy()
    return out.reset_index(drop=True)


def _tiers(strength: dict, n: int) -> pd.DataFrame:
    plans = [Plan(variant=tier, strength=strength) for tier in ("heuristic", "mcts")]
    return shared_deal_sweep(n, plans, seed=5)


def test_a_run_of_half_the_games_is_paired_with_its_twins_in_the_larger_run():
    # A: 40,000 games (two variants of 20,000). B: the patched run of 20,000 games on the same
    # seed, every game a twin of one of A's first 10,000 of each variant.
    a = _tiers({}, 20_000)
    b = _first_deals(_tiers({"amyba": 0.15}, 20_000), 10_000)
    result = compare_runs(a, b)
    assert result["paired"] and result["twins"] == 20_000
    assert (result["unpaired_a"], result["unpaired_b"]) == (20_000, 0)
    pairing = result["pairing"].set_index("variant")
    assert pairing["paired"].to_dict() == {"heuristic": 10_000, "mcts": 10_000}
    assert pairing["unpaired_a"].to_dict() == {"heuristic": 10_000, "mcts": 10_000}
    # The intervals are those of the paired comparison of the twins alone (A cut to the deals B
    # played, so every game id matches too), not the unpaired ones over all of A's games.
    alone = compare_runs(_first_deals(a, 10_000), b)
    unpaired = compare_runs(a, b, paired=False)
    for name in ("idols", "seats"):
        got, want = result[name], alone[name]
        assert (got["method"] == "paired").all() and (want["method"] == "paired").all()
        assert np.allclose(got[["lo", "hi", "p", "diff"]], want[["lo", "hi", "p", "diff"]])
        assert (got["games_a"] == want["games_a"]).all()
        width, wide = got["hi"] - got["lo"], unpaired[name]["hi"] - unpaired[name]["lo"]
        assert (width < wide / 2).all()
    amyba = result["idols"].set_index(["players", "idol"]).loc[(2, "amyba")]
    assert amyba["significant"] and amyba["lo"] > 0


def test_variants_labelled_differently_are_matched_by_place():
    a = _tiers({}, 2_000)
    b = _first_deals(_tiers({}, 2_000), 1_000)
    b["variant"] = b["variant"].astype(str).map({"heuristic": "after", "mcts": "after, mcts"})
    result = compare_runs(a, b)
    assert result["paired"] and result["twins"] == 2_000
    # The twins are the same games, so nothing changed in any of them.
    assert (result["idols"]["diff"] == 0).all()
    assert list(result["pairing"]["variant"]) == ["heuristic", "mcts"]


def test_the_pairing_is_plain_values_for_a_terminal_line_and_json():
    a = _tiers({}, 2_000)
    b = _first_deals(_tiers({"amyba": 0.15}, 2_000), 1_000)
    result = compare_runs(a, b)
    summary = pairing_summary(result)
    assert json.loads(json.dumps(summary)) == summary
    assert summary["method"] == "paired" and summary["paired_games"] == 2_000
    assert (summary["unpaired_a"], summary["unpaired_b"]) == (2_000, 0)
    assert summary["unpaired_games"] == "left out"
    assert summary["variants"][1] == {
        "variant": "mcts",
        "games_a": 2_000,
        "games_b": 1_000,
        "paired": 1_000,
        "unpaired_a": 1_000,
        "unpaired_b": 0,
    }
    line = pairing_sentence(result)
    assert line.startswith("Paired: 2,000 games of A have a twin in B")
    assert "2,000 of A's 4,000 games and 0 of B's 2,000" in line
