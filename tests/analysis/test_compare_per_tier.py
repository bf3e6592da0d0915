"""`compare` of two tiered runs: each tier on its own by default, the tiers pooled only on
request and then said, in the page and in the terminal."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from typer.testing import CliRunner

from avarium.cli.main import app


def run(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def tiered(path, amyba_at_search: float):
    """A heuristic tier and a search tier on the same seed; Amyba moved at the search tier
    only, so a pooled comparison would halve (and hide) what a patch did there."""
    plans = [
        Plan(variant="heuristic", tier="heuristic", bot="heuristic"),
        Plan(variant="mcts/40", tier="mcts/40", bot="mcts/40", strength={"amyba": amyba_at_search}),
    ]
    return synthetic_run(path, 6_000, plans, seed=7, chunk_games=6_000)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("tiered")
    return tiered(root / "before", 0.0), tiered(root / "after", 0.6)


def test_two_tiered_runs_are_compared_tier_by_tier(runs):
    before, after = runs
    result = run("compare", before, after, "--out", after / "per-tier")
    assert result.exit_code == 0, result.output
    idols = pd.read_csv(after / "per-tier" / "tables" / "idol_differences.csv")
    assert list(dict.fromkeys(idols["tier"])) == ["heuristic", "mcts/40"]  # weakest first
    amyba = idols[idols["idol_id"] == "amyba"].set_index("tier")
    assert amyba.loc["mcts/40", "significant"] and amyba.loc["mcts/40", "lo"] > 0
    assert not amyba.loc["heuristic", "significant"]
    # Each tier's rows are over that tier's games alone.
    assert (idols.groupby("tier")["games_a"].sum() == 2 * 6_000).all()
    page = (after / "per-tier" / "index.html").read_text(encoding="utf-8")
    assert "each tier (heuristic, mcts/40) is compared on its own" in page
    assert "idol_differences_mcts_40.png" in page and "idol_differences_heuristic.png" in page
    assert '<span class="flag">Amyba</span>, tier mcts/40, 2 players' in page
    assert "Amyba, tier mcts/40, 2 players" in result.output
    assert "Amyba, tier heuristic" not in result.output
    assert "compared tier by tier: heuristic, mcts/40 (each on its own twin games" in result.output
    assert "tiers pooled" not in result.output


def test_the_tiers_are_pooled_only_on_request_and_the_page_and_terminal_say_so(runs):
    before, after = runs
    result = run("compare", before, after, "--pool-tiers", "--out", after / "pooled")
    assert result.exit_code == 0, result.output
    idols = pd.read_csv(after / "pooled" / "tables" / "idol_differences.csv")
    assert "tier" not in idols.columns
    page = (after / "pooled" / "index.html").read_text(encoding="utf-8")
    assert "Tiers pooled</span>: Pooled on request (--pool-tiers)" in page
    assert "tiers pooled on request (--pool-tiers): heuristic, mcts/40" in result.output
    as_json = json.loads(run("compare", before, after, "--pool-tiers", "--json",
                             "--out", after / "pooled").output)  # fmt: skip
    assert as_json["tiers_pooled"] == ["heuristic", "mcts/40"] and as_json["tiers"] == []
    assert "compared tier by tier" not in result.output


def test_untiered_runs_are_compared_as_before_without_a_tier_line(tmp_path):
    before = synthetic_run(tmp_path / "a", 2_000, Plan(), seed=3, chunk_games=2_000)
    after = synthetic_run(tmp_path / "b", 2_000, Plan(), seed=3, chunk_games=2_000)
    result = run("compare", before, after)
    assert result.exit_code == 0, result.output
    idols = pd.read_csv(after / "compare-a" / "tables" / "idol_differences.csv")
    assert "tier" not in idols.columns
    page = (after / "compare-a" / "index.html").read_text(encoding="utf-8")
    assert "compared on its own" not in page and "Tiers pooled" not in page
