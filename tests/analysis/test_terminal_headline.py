"""`avarium report` prints the page's headline in the terminal, and `avarium --version` the
toolkit's version."""

from __future__ import annotations

import json
from importlib import metadata

from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports import comparison_headline
from avarium.runner import stopped
from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()


def report_lines(run) -> list[str]:
    """What `avarium report RUN` prints, line by line (it must succeed)."""
    result = report(run)
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def report(run, *flags):
    """`avarium report RUN`: these tests read its terminal and --json only, so it draws no
    chart (--no-charts prints the same headline)."""
    return cli.invoke(app, ["report", str(run), "--no-charts", *flags])


def seat_labels(lines: list[str]) -> list[str]:
    """What names each seat-rate line: its tier or variant, before the first colon."""
    return [line.split(":")[0] for line in lines if "win rate by seat" in line]


def test_report_prints_the_flagged_idols_the_seat_rates_and_where_the_page_is(tmp_path):
    plan = Plan(bot="heuristic.balanced", strength={"hatsurugi_touka": 1.5})
    run = synthetic_run(tmp_path / "run", 6_000, plan, seed=2)
    result = report(run)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    # By name, as on the page (read from the same CSV; a synthetic set's names come from ids).
    assert lines[0].startswith("Hatsurugi Touka is above the band: ")
    assert any(line.startswith("2 players, win rate by seat (fair 50%): seat 0 ") for line in lines)
    assert lines[-1] == f"report: {run / 'report' / 'index.html'}"


def test_a_tiered_report_prints_the_verdicts_across_tiers(tmp_path):
    plans = [
        Plan(variant=t, tier=t, bot=t, strength={"syeira_coral": -1.5})
        for t in ("heuristic.balanced", "mcts/40")
    ]
    lines = report_lines(synthetic_run(tmp_path / "run", 6_000, plans, seed=3))
    assert "too weak at every tier: Syeira Coral" in lines
    # Every tier's seat rates, each named by the tier whose bots produced them.
    assert seat_labels(lines) == ["heuristic.balanced", "mcts/40"]


def test_version_prints_the_installed_version():
    result = cli.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"avarium-balance-lab {metadata.version('avarium-balance-lab')}\n"


def test_a_run_stopped_by_its_rule_says_so_first(tmp_path):
    run = synthetic_run(tmp_path / "run", 2_000, Plan(), seed=3)
    stopped.write(
        run,
        {"rule": "until settled, band 0.45-0.55", "stopped": True, "round": 2, "rounds": 6,
         "why": "every Idol's band verdict is decided", "games": 2_000, "cap": 50_000},
    )  # fmt: skip
    result = report(run)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        "stopped early by its rule (until settled, band 0.45-0.55) after round 2 of 6, at 2,000 "
        "of 50,000 games: every Idol's band verdict is decided"
    )
    facts = json.loads(report(run, "--json").stdout)
    assert facts["stopped"]["stopped"] and facts["stopped"]["round"] == 2
    (run / stopped.STOPPED).unlink()
    facts = json.loads(report(run, "--json").stdout)
    assert "stopped" not in facts


def test_a_run_of_several_variants_headlines_each_variant_not_their_pool(tmp_path):
    # Touka strong in one variant only: pooled she would be "above the band" with rates that
    # belong to no variant; the headline says in which variant she is, as the page's summary.
    plans = [
        Plan(variant="touka.combat=4", strength={"hatsurugi_touka": 1.5}),
        Plan(variant="touka.combat=2", strength={}),
    ]
    run = synthetic_run(tmp_path / "run", 6_000, plans, seed=4)
    lines = report_lines(run)
    assert "Hatsurugi Touka is above the band in 1 of 2 variants: touka.combat=4" in lines
    # The seats per variant, in sweep order (2 before 4), each line named by its variant.
    seats = seat_labels(lines)
    assert seats == ["touka.combat=2", "touka.combat=4"]
    facts = json.loads(report(run, "--json").stdout)
    assert facts["variants"] == seats
    assert {r["variant"] for r in facts["outside"]} == {"touka.combat=4"}


def test_a_runs_experiment_file_that_is_not_utf8_gives_no_experiment_changes(tmp_path):
    for run in ("a", "b"):
        (tmp_path / run).mkdir()
    (tmp_path / "a" / "experiment.toml").write_bytes(b"seed = 1\n\xff\xfe\n")
    (tmp_path / "b" / "experiment.toml").write_text("seed = 2\n", encoding="utf-8")
    assert comparison_headline.experiment_changes(tmp_path / "a", tmp_path / "b") == []


def test_a_rules_option_one_run_left_out_is_compared_as_the_rulebooks_default(tmp_path):
    """A run records only the rules options it changed; the other played the rulebook's."""
    for run, rules in (("a", '[variant.rules]\nfirst_turn_draw = "not the first seat"\n'),
                       ("b", "")):  # fmt: skip
        (tmp_path / run).mkdir()
        text = f'[[variant]]\nlabel = "main"\n{rules}'
        (tmp_path / run / "experiment.toml").write_text(text, encoding="utf-8")
    changes = comparison_headline.experiment_changes(tmp_path / "a", tmp_path / "b")
    assert changes == [
        {"field": "rules.first_turn_draw", "a": "not the first seat", "b": "every seat"}
    ]
