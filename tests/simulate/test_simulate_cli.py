"""`avarium simulate`: a summary at the end (or JSON), quiet when not on a terminal, and clear
errors with non-zero exit codes."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from avarium.cli.main import app
from tests.simulate.conftest import games_of

cli = CliRunner()


def simulate(*args: str):
    flags = ["--games", "60", "--chunk-size", "30", "-j", "1", "--strategy", "random"]
    return cli.invoke(app, ["simulate", *flags, *args])


def test_simulate_prints_a_short_summary_and_leaves_the_dataset(tmp_path):
    out = tmp_path / "run"
    result = simulate("--out", str(out), "--strategy", "heuristic,random", "--idols", "touka,raj")
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0].startswith("simulated 60 games in ")
    assert " games/s, start-up included) with 1 job(s) (loky)" in lines[0]
    assert lines[1] == f"data: {out}/games and {out}/cards (2 parts; experiment.toml)"
    df = games_of(out)
    assert set(df["bot"]) == {"heuristic.balanced", "random"}
    assert set(df["idol"]) == {"hatsurugi_touka", "kumara_raj"}
    again = simulate("--out", str(out), "--strategy", "heuristic,random", "--idols", "touka,raj")
    assert again.output.strip() == f"nothing to do: all 60 games are already in {out}"


def test_json_prints_the_summary_as_one_object(tmp_path):
    result = simulate("--out", str(tmp_path / "run"), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 60 and summary["games_played"] == 60
    assert summary["chunks"] == 2 and summary["backend"] == "loky"
    assert summary["games_per_second"] > 0 and summary["worker_peak_mb"] > 0


def test_the_default_run_directory_is_named_after_the_label(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = simulate("--label", "duel")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "runs" / "duel" / "experiment.toml").is_file()


def test_a_different_experiment_in_the_same_directory_fails_with_exit_code_1(tmp_path):
    out = str(tmp_path / "run")
    assert simulate("--out", out).exit_code == 0
    result = simulate("--out", out, "--seed", "4")
    assert result.exit_code == 1
    assert "holds a run of a different experiment; nothing was changed" in result.output
    assert "seed (0 against 4)" in result.output


def files_under(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_set_aside_keeps_a_run_of_another_experiment_whole_and_plays_this_one(tmp_path):
    out = tmp_path / "run"
    assert simulate("--out", str(out)).exit_code == 0
    before = files_under(out)
    result = simulate("--out", str(out), "--seed", "4", "--set-aside")
    assert result.exit_code == 0, result.output
    assert f"{out} held a run of another experiment: kept whole as {out}.before-1" in (
        result.output
    )
    assert files_under(tmp_path / "run.before-1") == before
    assert "seed = 4" in (out / "experiment.toml").read_text(encoding="utf-8")
    assert len(games_of(out)) == 60 * 2  # a new run of 60 two-player games, one row a seat
    # a third experiment keeps the second run under the next free name
    assert simulate("--out", str(out), "--seed", "5", "--set-aside").exit_code == 0
    assert (tmp_path / "run.before-2" / "experiment.toml").is_file()


def test_set_aside_leaves_a_run_of_the_same_experiment_to_resume(tmp_path):
    out = tmp_path / "run"
    assert simulate("--out", str(out)).exit_code == 0
    again = simulate("--out", str(out), "--set-aside")
    assert again.output.strip() == f"nothing to do: all 60 games are already in {out}"
    assert not (tmp_path / "run.before-1").exists()


def test_set_aside_leaves_a_folder_that_holds_no_run_to_the_usual_refusal(tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    (out / "notes.md").write_text("mine", encoding="utf-8")
    result = simulate("--out", str(out), "--set-aside")
    assert result.exit_code == 1 and "holds no run" in result.output
    assert files_under(out) == {out.joinpath("notes.md").relative_to(out): b"mine"}
    assert not (tmp_path / "run.before-1").exists()


def test_the_dask_backend_without_dask_or_scheduler_flags_is_explained(tmp_path):
    result = simulate(
        "--out", str(tmp_path / "run"), "--scheduler", "tcp://x:1", "--backend", "loky"
    )
    assert result.exit_code == 1
    assert "--scheduler: a Dask scheduler's address, for the dask backend only" in result.output
    assert not (tmp_path / "run").exists()


def test_the_dask_backend_explains_how_to_install_dask_when_it_is_missing(tmp_path, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "distributed" else real(name)
    )
    result = simulate("--out", str(tmp_path / "run"), "--backend", "dask")
    assert result.exit_code == 1
    assert "pip install 'avarium-balance-lab[cluster]'" in result.output
    assert not (tmp_path / "run").exists()


def test_registering_the_commands_loads_no_engine_pyarrow_pandas_joblib_or_optuna():
    import subprocess
    import sys

    code = (
        "import sys, avarium.cli.main; "
        "heavy = ('numba', 'pyarrow', 'joblib', 'pandas', 'optuna'); "
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_tiered_run_says_how_many_games_it_will_play_and_why(tmp_path):
    """--games 200 at two tiers plays 312 games: each tier on the same deals, the heuristic's
    half rounded up to whole rounds of the seating (56 seatings of 8 Idols at two players)."""
    from tests.hostile_input.helpers import invoke

    args = ["simulate", "--tiers", "random,heuristic=50%", "--games", 200, "--out", tmp_path / "r"]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if line.startswith("note: playing")]
    assert notes == [
        "note: playing 312 games: 2 skill tiers, each on the same deals (random 200, "
        "heuristic.balanced 112); a tier's share of --games is rounded up to whole rounds of "
        "the seating, so every Idol plays every seat alike"
    ]
    assert "simulated 312 games" in result.stdout
