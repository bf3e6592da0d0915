"""`avarium balance --always-search`: a set whose start the flag test cannot tell from balanced
on the search's games is searched all the same, and a search that finds nothing better says
so."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from avarium.cli.main import app


def test_always_search_searches_a_set_the_flag_test_cannot_tell_from_balanced(card_sets, tmp_path):
    """Touka a little strong (Merit 22 among four identical Idols, about 54%): on the start's
    1,080 games no Idol is shown outside, so the search says "no change needed" and plays
    nothing more; with --always-search it searches, and a final on fresh deals decides."""
    command = ["balance", "--cards", "prototype-v1", "--patch", str(card_sets["symmetric"])]
    command += ["--set", "touka.merit=22", "--vary", "touka.merit=14..24..2", "--budget", "20000"]
    command += ["--field-cost", "0.002", "--step-cost", "0.001", "--check-tiers", "heuristic.tuned"]
    plain = CliRunner().invoke(app, [*command, "-j", "2", "-o", str(tmp_path / "a"), "--json"])
    assert plain.exit_code == 0, plain.output
    facts = json.loads(plain.stdout)
    assert facts["status"] == "no change needed" and facts["candidates"] == 1
    searched = CliRunner().invoke(
        app, [*command, "-j", "2", "-o", str(tmp_path / "b"), "--always-search"]
    )
    assert searched.exit_code == 0, searched.output
    record = json.loads((tmp_path / "b" / "balance.json").read_text(encoding="utf-8"))
    assert record["request"]["always_search"] is True
    assert record["result"]["candidates"] == 6  # every Merit of the range was tried
    assert record["result"]["finalists"] == 2  # the start and Merit 16 reached the top rung
    # the final kept the start: said as a search that found nothing better, not as a failure
    assert "searched 6 candidates" in searched.output
    assert "none did better than the starting set in the final" in searched.output
    assert record["result"]["status"] == "no change needed"
