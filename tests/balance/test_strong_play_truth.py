"""A planted truth that only strong play shows: the four identical Idols of the planted-truth
sets, and Love given an option she may always decline, "1 Merit, once per turn: gain 1
Reputation" (so she is at least as strong as the others by construction). The heuristics
misjudge it: the tuned heuristic's Love wins about half her games, as the others do, while five
search iterations (`mcts/5`, the fast strong tier at two players) win about nine in ten.
`avarium balance` searched at `mcts/5` must find her, raise the option's price until she is
back inside the band and leave the decoy alone; its check, at the tuned heuristic too, must
find her inside the band there and name the two tiers as disagreeing on her (docs/balance.md,
"Measured: a truth only strong play shows")."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()
LOVE = "lourvarius_love"
OPTION = f"{LOVE}.abilities.2.1"  # the Merit the option costs
VARY = ["--vary", "love.abilities.2.1=1..5", "--vary", "raj.merit=16..20"]  # Raj's: a decoy


@pytest.fixture(scope="module")
def at_strong_play(card_sets, tmp_path_factory):
    out = tmp_path_factory.mktemp("strong") / "search"
    command = ["balance", "--cards", "prototype-v1", "--patch", str(card_sets["symmetric"]),
               "--patch", str(card_sets["strong_only"]), *VARY, "--tier", "mcts/5",
               "--check-tiers", "heuristic.tuned,mcts/5", "--budget", "4000", "-j", "2",
               "-o", str(out), "--json"]  # fmt: skip
    result = cli.invoke(app, command)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _love(facts, tier):
    return next(r for r in facts["before_after"] if r["tier"] == tier and r["idol_id"] == LOVE)


def test_the_tuned_heuristic_finds_her_inside_the_band(at_strong_play):
    tuned = _love(at_strong_play, "heuristic.tuned")
    assert tuned["inside_before"] and 0.45 <= tuned["rate_before"] <= 0.55


def test_the_fast_strong_tier_finds_her_far_above_the_band(at_strong_play):
    start = at_strong_play["start"]
    rates = {r["idol_id"]: r["rate"] for r in start["rates"]}
    assert "Lourvarius LOVE" in start["outside"] and rates[LOVE] > 0.75
    # the others are below it only because she wins their games: none is above
    assert max(rates, key=rates.get) == LOVE and sorted(rates.values())[-2] < 0.5


def test_it_raises_the_options_price_and_leaves_the_decoy_alone(at_strong_play):
    assert at_strong_play["status"] == "balanced"
    moved = {c["field"]: (c["from"], c["to"]) for c in at_strong_play["changes"]}
    assert list(moved) == [OPTION]
    assert moved[OPTION][0] == 1 and moved[OPTION][1] >= 3


def test_the_check_on_fresh_deals_finds_her_back_inside(at_strong_play):
    strong = _love(at_strong_play, "mcts/5")
    assert not strong["inside_before"] and strong["rate_before"] > 0.75
    assert strong["rate_after"] < strong["rate_before"] - 0.2
    assert not any(r["shown"] for r in at_strong_play["check_outside"])


def test_the_check_names_her_as_the_idol_the_two_tiers_disagree_on(at_strong_play):
    before = [r for r in at_strong_play["tiers_apart"] if r["group"] == "before" and r["apart"]]
    assert [r["idol_id"] for r in before] == [LOVE]
    assert (before[0]["tier_a"], before[0]["tier_b"]) == ("heuristic.tuned", "mcts/5")
    assert before[0]["rate_b"] - before[0]["rate_a"] > before[0]["band_width"]
