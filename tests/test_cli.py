"""The `avarium` command: clear output, clear errors, exit codes, never a traceback."""

from __future__ import annotations

import json

from avarium.simulator.cards.loader import load_cards
from typer.testing import CliRunner

from avarium.cli.main import app
from tests.conftest import MINI_SET, write

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_help_lists_every_command_with_its_purpose():
    result = run("cards", "--help")
    assert result.exit_code == 0
    for command in ("validate", "show", "describe", "export", "docs"):
        assert command in result.output


def test_validate_prints_counts_and_fingerprint():
    result = run("cards", "validate")  # the default set
    assert result.exit_code == 0, result.output
    assert "8 Idols, 60 Students, 40 Schemes" in result.output
    assert load_cards().fingerprint in result.output


def test_validate_json_is_one_object():
    result = run("cards", "validate", "--json")
    data = json.loads(result.stdout)
    assert data["fingerprint"] == load_cards().fingerprint and data["students"] == 60


def test_validate_reports_every_error_and_fails_without_a_traceback(tmp_path):
    bad = write(tmp_path, MINI_SET.replace("merit = 20", "merit = 0").replace("gain 3", "gian 3"))
    result = run("cards", "validate", str(bad))
    assert result.exit_code == 1
    assert 'card "kumara_raj", field merit' in result.output
    assert 'did you mean "gain"' in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_validate_applies_overrides(tmp_path):
    path = write(tmp_path, MINI_SET)
    plain = run("cards", "validate", str(path), "--json")
    patched = run("cards", "validate", str(path), "--set", "raj.merit=18", "--json")
    assert json.loads(plain.stdout)["fingerprint"] != json.loads(patched.stdout)["fingerprint"]


def test_show_filters_by_kind_club_and_cost(bundled):
    result = run("cards", "show", "--kind", "student", "--club", "sciences", "--cost", "0..9")
    assert result.exit_code == 0
    assert "record_o_matic" in result.output and "Idols" not in result.output
    sciences = [c for c in bundled.students if c.club_name == "Sciences"]
    assert f"Students ({len(sciences)})" in result.output


def test_show_refuses_an_unknown_kind():
    result = run("cards", "show", "--kind", "wizard")
    assert result.exit_code == 2 and "expected idol, student or scheme" in result.output


def test_describe_accepts_a_name_fragment():
    result = run("cards", "describe", "record")
    assert result.exit_code == 0
    assert "EXHAUST: gain 3 merit" in result.output and "Gain 3 Merit." in result.output


def test_describe_an_ambiguous_name_lists_candidates():
    result = run("cards", "describe", "a")
    assert result.exit_code == 1 and "write more of the name" in result.output


def test_export_then_validate_the_csv(tmp_path):
    out = tmp_path / "cards.csv"
    assert run("cards", "export", str(out)).exit_code == 0  # the default set
    result = run("cards", "validate", str(out), "--json")
    assert json.loads(result.stdout)["fingerprint"] == load_cards().fingerprint


def test_a_failed_export_leaves_the_old_file_untouched(tmp_path):
    out = tmp_path / "cards.csv"
    out.write_text("precious", encoding="utf-8")
    bad = write(tmp_path, MINI_SET.replace("merit = 20", "merit = 0"))
    result = run("cards", "export", str(out), "--cards", str(bad))
    assert result.exit_code == 1
    assert out.read_text(encoding="utf-8") == "precious"


def test_play_prints_a_transcript_to_the_end():
    result = run("play", "--idols", "touka,raj", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert "== Turn 1" in result.output and "== Game over" in result.output


def test_play_with_an_unknown_idol_is_a_clear_error():
    result = run("play", "--idols", "touka,nobody")
    assert result.exit_code == 2 and 'no idol matches "nobody"' in result.output


def test_bench_json_reports_the_figures():
    result = run("bench", "--games", "100", "--lookahead-games", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 100 and data["decisions_per_second_per_core"] > 0
    assert data["mean_decisions_per_game"] > 0 and data["warm_start_seconds"] > 0
    assert data["heuristic_vs_heuristic_games"] == 100
    assert data["heuristic_vs_heuristic_games_per_second_per_core"] > 0
    assert data["lookahead_vs_heuristic_games"] == 4
    assert data["lookahead_vs_heuristic_seconds_per_game"] > 0
    assert data["heuristic_vs_heuristic_stalled_games"] == 0


def test_bench_prints_a_table_a_designer_reads():
    """One row per matchup timed, with its figures as numbers a person reads (never `None` or
    `9e-05`), then the start-up times, the cold one said to be unmeasured without --cold."""
    result = run("bench", "--games", "100", "--lookahead-games", "2", "--mcts-games", "0", "-q")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["bots", "games", "games/s/core"]
    rows = {line.split("  ")[0]: line for line in lines[1:] if "  " in line}
    assert {"random v random", "heuristic v heuristic", "lookahead v heuristic"} <= set(rows)
    assert "mcts v mcts" not in rows  # not timed: no row
    assert "cold start (an empty cache, compiling): not measured" in result.stdout
    assert "None" not in result.stdout and "e-0" not in result.stdout


def test_bench_says_it_is_compiling_before_it_times_the_first_games():
    """A cold cache spends a minute or two before the first timed game: its bar names that
    step "compiling", not "random" (bench.STEPS, in the order run() reaches them)."""
    from avarium.workflows import bench

    steps = []
    bench.run(load_cards(), 100, lookahead_games=0, mcts_games=0, on_step=steps.append)
    assert steps == list(bench.STEPS) and steps[0] == "compiling"


def test_play_with_compiled_bots_prints_a_whole_game():
    result = run("play", "--seed", "5", "--strategy", "heuristic.aggressive,lookahead/1")
    assert result.exit_code == 0, result.output
    assert "== Game over" in result.output and "recruit" in result.output


def test_the_ladder_ranks_two_bots_with_intervals():
    result = run("ladder", "--bots", "heuristic,random", "--rounds", "1", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "| heuristic.balanced | - |" in result.output
    assert "Bradley-Terry" in result.output and "0 stalled" in result.output


def test_the_ladder_refuses_an_unknown_bot():
    result = run("ladder", "--bots", "heuristic,wizard")
    assert result.exit_code == 2 and 'unknown bot "wizard"' in result.output


def test_play_takes_one_bot_per_seat():
    result = run(
        "play", "--seed", "3", "--strategy", "avarium.strategies.examples.greedy:choose,random"
    )
    assert result.exit_code == 0, result.output
    assert "== Game over" in result.output


def test_play_with_an_unknown_bot_is_a_clear_error():
    result = run("play", "--strategy", "wizard")
    assert result.exit_code == 2 and 'unknown bot "wizard"' in result.output
