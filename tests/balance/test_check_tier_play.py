"""`avarium balance` shows how each checked tier plays, as `avarium report` does for a tiered
run: beside the verdicts, since two tiers that disagree on an Idol often play it differently.
On version 1 the plain heuristic plays about six Schemes a game and the tuned one under one
(docs/bots.md, "What the tuned heuristic leaves out"): the check must say so."""

from __future__ import annotations

import json

import pandas as pd
from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()


def search(out, check_tiers: str):
    command = ["balance", "--cards", "prototype-v1", "--vary", "touka.combat=2..4",
               "--tier", "heuristic", "--budget", "3000", "--check-tiers", check_tiers,
               "--check-games", "400", "-j", "1", "-o", str(out)]  # fmt: skip
    return cli.invoke(app, [*command, "--json"]), cli.invoke(app, command)


def test_the_check_says_how_each_tier_plays_and_names_schemes_played_a_factor_apart(tmp_path):
    out = tmp_path / "search"
    as_json, terminal = search(out, "heuristic,heuristic.tuned")
    assert as_json.exit_code == 0, as_json.output
    assert terminal.exit_code == 0, terminal.output  # the same command again: read back
    facts = json.loads(as_json.stdout)
    group = "after" if facts["best"] else "before"
    named = {f["measure"]: f for f in facts["tiers_play_differently"][group]}
    schemes = named["Schemes played"]
    assert (schemes["low_tier"], schemes["high_tier"]) == ("heuristic.tuned", "heuristic.balanced")
    assert schemes["high"] >= 2 * schemes["low"] and schemes["high"] >= 1
    assert "at the check, the tiers play differently: Schemes played" in terminal.output
    # The page's tables are the check run's own: `avarium report` of it says the same.
    tables = out / "report" / "tables"
    page = pd.read_csv(tables / "tier_play_all.csv")
    assert set(zip(page["group"], page["tier"], strict=True)) == {
        (g, t) for g in ("before", "after") for t in ("heuristic.balanced", "heuristic.tuned")
    }
    assert (page["seats"] == 800).all()  # 400 games of two seats, per set and tier
    reported = cli.invoke(
        app, ["report", str(out / "check"), "--out", str(tmp_path / "r"), "--no-charts"]
    )
    assert reported.exit_code == 0, reported.output
    again = pd.read_csv(tmp_path / "r" / "tables" / "tier_play_all.csv")
    keys = ["group", "tier", "players"]
    pd.testing.assert_frame_equal(
        page.sort_values(keys).reset_index(drop=True),
        again.sort_values(keys).reset_index(drop=True),
    )
    per_idol = pd.read_csv(tables / "tier_play.csv")
    assert {"idol", "idol_id", "wincon_wins"} <= set(per_idol.columns)
    assert per_idol.groupby(["group", "tier"])["games"].sum().eq(800).all()
    assert "How each checked tier plays" in (out / "report" / "index.html").read_text()


def test_a_check_at_one_tier_has_no_tiers_to_set_side_by_side(tmp_path):
    out = tmp_path / "search"
    as_json, _ = search(out, "heuristic")
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.stdout)["tiers_play_differently"] == {}
    assert not (out / "report" / "tables" / "tier_play_all.csv").exists()
    assert "How each checked tier plays" not in (out / "report" / "index.html").read_text()
