"""`avarium replay RUN --game ID` plays a recorded game again, exactly."""

from __future__ import annotations

import pytest
from avarium.runner.replay import outcome_of, replay_game
from avarium.runner.runner import run
from typer.testing import CliRunner

from avarium.cli.main import app
from tests.simulate.conftest import games_of, small

cli = CliRunner()


@pytest.fixture(scope="module")
def bots_run(tmp_path_factory):
    """A small run between the heuristic bot and the random one."""
    out = tmp_path_factory.mktemp("replay") / "run"
    run(small(games=12, chunk_size=6, bots="heuristic,random"), out, jobs=1)
    return out


@pytest.mark.parametrize("game_id", [0, 7, 11])
def test_replay_reproduces_the_recorded_winner_and_turns(bots_run, game_id):
    lines, recorded, replayed = replay_game(bots_run, game_id)
    assert replayed == recorded
    rows = games_of(bots_run).query("game_id == @game_id")
    winners = rows.loc[rows["won"], "seat"].tolist()
    assert recorded.winner == (winners[0] if winners else None)
    assert recorded.turns == rows["turns"].iloc[0]
    assert outcome_of(lines) == recorded


def test_the_replay_command_prints_the_transcript_and_the_recorded_outcome(bots_run):
    result = cli.invoke(app, ["replay", str(bots_run), "--game", "3"])
    assert result.exit_code == 0, result.output
    assert "== Turn 1" in result.output and "Game over on turn" in result.output
    assert f"recorded in {bots_run}:" in result.output.splitlines()[-1]


def test_replaying_a_game_outside_the_run_is_a_clear_error(bots_run):
    result = cli.invoke(app, ["replay", str(bots_run), "--game", "12"])
    assert result.exit_code == 1
    assert "game 12 is not in this run (games 0 to 11)" in result.output


def test_replaying_from_a_directory_that_is_no_run_is_a_clear_error(tmp_path):
    result = cli.invoke(app, ["replay", str(tmp_path), "--game", "0"])
    assert result.exit_code == 1
    assert "is not a run directory" in result.output


def test_replaying_a_game_not_yet_written_is_a_clear_error(bots_run, tmp_path):
    import shutil

    partial = tmp_path / "partial"
    shutil.copytree(bots_run, partial)
    (partial / "games" / "part-00001.parquet").unlink()
    result = cli.invoke(app, ["replay", str(partial), "--game", "8"])
    assert result.exit_code == 1
    assert "game 8 is not written yet" in result.output


def test_replay_refuses_a_stray_copy_of_a_part_by_name(bots_run, tmp_path):
    import shutil

    copied = tmp_path / "copied"
    shutil.copytree(bots_run, copied)
    games = copied / "games"
    shutil.copy(games / "part-00000.parquet", games / "part-00000 copy.parquet")
    result = cli.invoke(app, ["replay", str(copied), "--game", "3"])
    assert result.exit_code == 1
    assert "part-00000 copy.parquet: not a part of this run" in result.output
    assert "Traceback" not in result.output


def test_replay_refuses_a_damaged_part_as_the_report_does(bots_run, tmp_path):
    import shutil

    cut = tmp_path / "cut"
    shutil.copytree(bots_run, cut)
    part = cut / "games" / "part-00001.parquet"
    part.write_bytes(part.read_bytes()[:1000])
    result = cli.invoke(app, ["replay", str(cut), "--game", "3"])  # a game of another part
    assert result.exit_code == 1
    assert "part-00001.parquet: has 1,000 bytes where" in result.output
    assert "run the same `avarium simulate` again" in result.output
