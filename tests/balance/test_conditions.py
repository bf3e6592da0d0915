"""A search over several conditions at once: each bot of `--tier` at each player count of
`--players`, the worst Idol over all of them deciding (workflows/balance/conditions.py).
On the planted set (tests/balance/conftest.py: Touka +1 Combat, Love -1) the way back is the
same at every tier and table size, so the search must find it while playing them all."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()
VARY = ["--vary", "touka.combat=1..4", "--vary", "love.combat=0..3"]
CHECK = ["--check-tiers", "heuristic.tuned"]
# The searches' budgets, half of what they were: at 15,000 and 20,000 games over the four
# conditions, and at 7,000, 10,000 and 14,000 at three players with fair seats, each search
# found the same changes and verdict as at 30,000 and 20,000 (docs/performance.md, "CI time").
BUDGET = 15_000
SEATS_BUDGET = 10_000


def balance(card_sets, out, *args, budget=str(BUDGET)):
    patches = ["--cards", "prototype-v1", "--patch", str(card_sets["symmetric"]),
               "--patch", str(card_sets["planted"])]  # fmt: skip
    command = ["balance", *patches, *args, "--budget", budget, "-j", "2", "-o", str(out)]
    return cli.invoke(app, [*command, *CHECK, "--json"])


@pytest.fixture(scope="module")
def joint(card_sets, tmp_path_factory):
    out = tmp_path_factory.mktemp("joint") / "search"
    result = balance(
        card_sets, out, *VARY, "--tier", "heuristic,heuristic.tuned", "--players", "2,3"
    )
    assert result.exit_code == 0, result.output
    return out, json.loads(result.stdout)


def test_every_candidate_plays_every_tier_at_every_player_count(joint):
    out, facts = joint
    assert facts["conditions"] == [
        "heuristic, 2 players",
        "heuristic, 3 players",
        "heuristic.tuned, 2 players",
        "heuristic.tuned, 3 players",
    ]
    shown = {(r["condition"], r["idol_id"]) for r in facts["start"]["rates"]}
    assert len(shown) == 4 * 4  # four Idols in each of the four conditions
    record = json.loads((out / "balance.json").read_text(encoding="utf-8"))
    assert record["objective"]["players"] == [2, 3, 2, 3]  # each condition's own band
    # the top rung is sized so that ten candidates can play it in every condition
    top = record["request"]["rungs"][-1]
    assert 10 * (2 * top + 2 * top * 2 // 3) <= BUDGET < 10 * 3 * (2 * top + 2 * top * 2 // 3)


def test_the_planted_changes_are_found_while_playing_every_condition(joint):
    _, facts = joint
    moved = {c["field"]: (c["from"], c["to"]) for c in facts["changes"]}
    assert moved == {"hatsurugi_touka.combat": (3, 2), "lourvarius_love.combat": (1, 2)}
    # no Idol shown outside its own band (0.9-1.1 x its fair share) in any condition
    assert facts["status"] == "balanced" and facts["best"]["outside"] == []


def test_the_check_plays_before_and_after_at_every_player_count_searched(joint):
    _, facts = joint
    rows = pd.DataFrame(facts["before_after"])
    assert set(rows["players"]) == {2, 3}
    for players, group in rows.groupby("players"):
        planted = group[group["idol_id"].isin(["hatsurugi_touka", "lourvarius_love"])]
        fair = 1 / players
        # each planted Idol nearer its fair share after, on the check's fresh deals
        before = (planted["rate_before"] - fair).abs()
        after = (planted["rate_after"] - fair).abs()
        assert (after < before).all(), group


def test_three_players_with_fair_seats_fixes_the_idols_and_keeps_the_seats_inside(
    card_sets, tmp_path
):
    result = balance(
        card_sets,
        tmp_path / "seats",
        *VARY,
        "--vary",
        "bonus.3=0..4",
        "--players",
        "3",
        "--fair-seats",
        "--tier",
        "heuristic.tuned",
        budget=str(SEATS_BUDGET),
    )
    assert result.exit_code == 0, result.output
    facts = json.loads(result.stdout)
    assert facts["objective"]["seats"] and "seat" in facts["objective"]["formula"]
    moved = {c["field"] for c in facts["changes"]}
    assert {"hatsurugi_touka.combat", "lourvarius_love.combat"} <= moved
    assert facts["best"]["seats_outside"] == [] and facts["best"]["outside"] == []


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "2,3", "--fair-seats"], "--fair-seats and bonus.K need one --players"),
        (["--players", "2,3", "--vary", "bonus.2=0..2"], "need one --players"),
        (
            ["--players", "2,5"],
            '--players: expected 2, 3 or 4, or a comma list of them, found "2,5"',
        ),
        (["--tier", "heuristc"], '--tier "heuristc": '),
    ],
)
def test_a_request_the_conditions_cannot_serve_is_refused_naming_the_flag(
    card_sets, tmp_path, args, said
):
    out = tmp_path / "refused"
    result = balance(card_sets, out, *VARY, *args)
    assert result.exit_code == 2, result.output
    assert said in result.stderr and "Traceback" not in result.output
    assert not out.exists()
