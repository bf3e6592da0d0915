"""`avarium train`: generations written one step at a time to its folder, resumed by the same
command, refused when the folder holds another run, and the same model from the same seed."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from avarium.strategies import bot_spec
from avarium.strategies.profiles import load
from avarium.strategies.weights import W_ITERATIONS, W_VALUE_MODEL
from typer.testing import CliRunner

from avarium.cli.main import app

SMALL = (
    "--generations", "1", "--games-per-generation", "60", "--budget", "2", "--check-games", "2",
    "-j", "1",
)  # fmt: skip


def train(out, *more: str):
    return CliRunner().invoke(app, ["train", "--out", str(out), *SMALL, *more])


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    out = tmp_path_factory.mktemp("train") / "run"
    result = train(out, "--seed", "4")
    assert result.exit_code == 0, result.output
    return out, result


def test_a_generation_is_a_profile_with_its_learned_value_and_provenance(trained):
    out, result = trained
    profiles = out / "profiles.toml"
    gen1 = load(profiles)["gen1"]
    assert gen1[W_VALUE_MODEL] == 1 and gen1[W_ITERATIONS] == 20
    assert bot_spec("mcts.gen1/2", profiles).label == "mcts.gen1/2"
    import tomllib

    provenance = tomllib.loads(profiles.read_text())["gen1"]["provenance"]
    assert provenance["generation"] == 1 and provenance["parent"] == "mcts"
    assert provenance["games_2p"] == 60 and provenance["seed"] == 4
    assert provenance["held_out_log_loss_2p"] > 0
    assert "mcts.gen1/2" in result.stdout


def test_the_generation_table_says_how_the_generation_did_against_the_one_before(trained):
    out, _ = trained
    table = pd.read_csv(out / "generations.csv")
    row = table.iloc[0]
    assert (row["bot"], row["against"], row["players"]) == ("mcts.gen1/2", "mcts/2", 2)
    assert row["games"] == 4 and row["low"] <= row["share"] <= row["high"]
    kinds = pd.read_csv(out / "agreement" / "gen1-2p.csv")
    assert kinds["decision"].iloc[-1] == "every decision"
    assert row["heuristic_agrees"] == pytest.approx(kinds["agrees"].iloc[-1], abs=1e-4)
    h2h = json.loads((out / "head_to_head" / "gen1-2p.json").read_text())
    assert h2h["wins"] == round(row["share"] * row["games"])


def test_the_same_command_again_resumes_and_plays_nothing_twice(trained):
    out, _ = trained
    before = {p: p.stat().st_mtime_ns for p in (out / "positions").iterdir()}
    again = train(out, "--seed", "4")
    assert again.exit_code == 0, again.output
    assert "kept from before" in again.stderr
    assert {p: p.stat().st_mtime_ns for p in (out / "positions").iterdir()} == before


def test_the_same_seed_gives_the_same_model(trained, tmp_path):
    out, _ = trained
    result = train(tmp_path / "again", "--seed", "4", "-q")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "again" / "gen1.toml").read_text() == (out / "gen1.toml").read_text()


def test_a_folder_of_another_run_is_refused_in_one_line(trained):
    out, _ = trained
    before = (out / "gen1.toml").read_text()
    result = train(out, "--seed", "5")
    assert result.exit_code == 2
    assert "seed" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert (out / "gen1.toml").read_text() == before


def test_a_folder_with_other_files_is_refused(tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    result = train(tmp_path, "--seed", "4")
    assert result.exit_code == 2 and "not empty" in result.output
    assert (tmp_path / "mine.txt").read_text() == "keep me"


@pytest.mark.parametrize("players", ["5", "two", ""])
def test_player_counts_outside_two_to_four_are_refused(tmp_path, players):
    result = train(tmp_path / "x", "--players", players)
    assert result.exit_code == 2 and "--players" in result.output


def test_other_cards_in_the_folder_of_a_run_are_refused(trained):
    out, _ = trained
    result = train(out, "--seed", "4", "--set", "kumara_raj.merit=17")
    assert result.exit_code == 2 and "--cards" in result.output


def test_each_idols_rate_by_generation_is_written_with_its_chart(trained):
    out, result = trained
    trace = pd.read_csv(out / "idols.csv")
    assert set(trace["generation"]) == {0} and set(trace["players"]) == {2}
    assert (trace["wins"] / trace["games"]).round(4).tolist() == trace["rate"].tolist()
    # every decided game has one winner among its two seats
    assert trace["wins"].sum() * 2 == trace["games"].sum() <= 2 * 60
    assert (out / "skill_trace_2p.png").stat().st_size > 0
    assert "skill_trace_2p.png" in result.stdout


def test_the_games_of_every_step_are_counted_as_they_are_played(tmp_path):
    from avarium.simulator.cards.loader import load_cards
    from avarium.workflows.train.generations import Plan, run

    seen: dict[str, list[tuple[int, int]]] = {}
    plan = Plan(load_cards(), tmp_path / "run", 1, games=120, budget=2, check_games=2)
    run(plan, on_games=lambda step, done, total: seen.setdefault(step, []).append((done, total)))
    assert list(seen) == ["gen1 self-play, 2 players", "gen1 head to head, 2 players"]
    for counts in seen.values():
        done = [d for d, _ in counts]
        assert done[0] == 0 and done == sorted(done) and done[-1] == counts[-1][1]
    assert seen["gen1 self-play, 2 players"][-1] == (120, 120)
    assert len(seen["gen1 self-play, 2 players"]) == 1 + 3  # before, and after each of 3 tasks
