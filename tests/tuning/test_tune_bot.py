"""`avarium tune-bot`: CMA-ES fits a heuristic profile by self-play against the incumbent, on
the same deals for every candidate; the same seed gives the same log and the same profile, and
bad input is one line and exit code 2."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from avarium.strategies.profiles import load
from avarium.strategies.weights import NAMES
from avarium.workflows.tune_bot import LOG_COLUMNS, TUNED
from typer.testing import CliRunner

from avarium.cli.main import app

runner = CliRunner()
TINY = ["--generations", "2", "--population", "3", "--rounds", "1"]
# Every ordered pairing of the 8 bundled Idols (56), both seat orders, one game each.
GAMES_PER_CANDIDATE = 2 * 8 * 7


def tune(tmp_path, name: str, seed: int = 5):
    out, log = tmp_path / f"{name}.toml", tmp_path / f"{name}.csv"
    result = runner.invoke(
        app, ["tune-bot", *TINY, "--seed", str(seed), "--out", str(out), "--log", str(log)]
    )
    assert result.exit_code == 0, result.output
    return out, log


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    """The same tiny tuning twice with one seed, and once with another."""
    tmp = tmp_path_factory.mktemp("tune")
    return tune(tmp, "a"), tune(tmp, "b"), tune(tmp, "c", seed=6)


def test_the_same_seed_gives_the_same_log_and_the_same_profile(two_runs):
    (out_a, log_a), (out_b, log_b), _ = two_runs
    assert log_a.read_text() == log_b.read_text()
    # every line but the command that made it, which names its own --out
    a, b = (o.read_text().splitlines() for o in (out_a, out_b))
    assert a[0].replace("a.toml", "b.toml") == b[0]
    assert a[1:] == b[1:]


def test_another_seed_tries_other_candidates(two_runs):
    (_, log_a), _, (_, log_c) = two_runs
    assert log_a.read_text() != log_c.read_text()


def test_the_log_holds_every_candidate_with_its_weights_and_score(two_runs):
    (_, log), _, _ = two_runs
    rows = list(csv.DictReader(log.open()))
    assert tuple(rows[0]) == LOG_COLUMNS
    candidates = [r for r in rows if r["generation"] not in ("final", "check")]
    assert [(r["generation"], r["candidate"]) for r in candidates] == [
        (str(g), str(i)) for g in range(2) for i in range(3)
    ]
    for r in rows:
        assert int(r["games"]) == GAMES_PER_CANDIDATE
        assert float(r["score"]) == pytest.approx(int(r["wins"]) / int(r["games"]), abs=1e-6)
        assert all(float(r[w]) >= 0 for w in TUNED)
    # the first generation spreads around the start: its candidates differ
    first = {tuple(r[w] for w in TUNED) for r in candidates[:3]}
    assert len(first) == 3
    assert [r["generation"] for r in rows[-2:]] == ["final", "check"]


def test_the_profile_written_is_the_final_mean_and_loads_with_its_incumbent(two_runs):
    (out, log), _, _ = two_runs
    table = load(out)
    assert set(table) == {"tuned", "balanced"}
    final = next(r for r in csv.DictReader(log.open()) if r["generation"] == "final")
    tuned = dict(zip(NAMES, table["tuned"].tolist(), strict=True))
    assert all(tuned[w] == pytest.approx(float(final[w])) for w in TUNED)
    # the weights it does not tune are the starting profile's, and the incumbent is intact
    balanced = dict(zip(NAMES, load(None)["balanced"].tolist(), strict=True))
    assert all(tuned[w] == balanced[w] for w in NAMES if w not in TUNED)
    assert table["balanced"].tolist() == load(None)["balanced"].tolist()
    assert "avarium tune-bot --generations=2 --population=3 --rounds=1 --seed=5" in (
        out.read_text()
    )


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--generations", "0"], "--generations: expected a whole number from 1"),
        (["--population", "1"], "--population: expected a whole number from 2"),
        (["--rounds", "0"], "--rounds: expected a whole number from 1"),
        (["--seed", "-1"], "--seed: expected an integer from 0"),
        (["--start", "cautious"], '--start: no profile "cautious"'),
        (["--against", "cautious"], '--against: no profile "cautious"'),
        (["--name", "balanced"], '--name: the tuned profile needs a name other than "balanced"'),
        (["--name", "my tuned"], "--name: expected a profile name"),
        (["--players", "5"], "--players: expected a whole number from 2 to 4"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(tmp_path, flags, message):
    out = tmp_path / "out.toml"
    result = runner.invoke(app, ["tune-bot", "--out", str(out), *flags])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {message}"), result.output
    assert "Traceback" not in result.output and not out.exists()


def test_an_out_that_is_a_directory_or_the_log_itself_is_refused(tmp_path):
    for args, message in (
        (["--out", str(tmp_path)], "--out: expected a file to write"),
        (["--out", str(tmp_path / "x.csv")], "--log: the log needs a file other than --out"),
    ):
        result = runner.invoke(app, ["tune-bot", *args])
        assert result.exit_code == 2, result.output
        assert result.output.strip().startswith(f"error: {message}"), result.output


def test_the_bundled_tuned_profile_answers_threats_and_bench_times_its_cost():
    """heuristic.tuned ships in the bundled profiles with the threat weights in use, and
    `avarium bench` times it on the balanced heuristic's deals, as a ratio of their costs."""
    import json

    tuned = dict(zip(NAMES, load(None)["tuned"].tolist(), strict=True))
    assert any(tuned[w] > 0 for w in ("race", "menace", "guard", "keep_ready"))
    result = runner.invoke(
        app, ["bench", "--games", "100", "--lookahead-games", "0", "--mcts-games", "0", "--json"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["tuned_vs_tuned_games"] == 100
    assert figures["tuned_vs_tuned_stalled_games"] == 0
    ratio = (
        figures["heuristic_vs_heuristic_games_per_second_per_core"]
        / figures["tuned_vs_tuned_games_per_second_per_core"]
    )
    assert figures["tuned_cost_ratio"] == pytest.approx(ratio, abs=1e-3)


def test_an_out_it_cannot_write_is_refused_before_any_game():
    """/proc takes no new files (for root too, whom permission bits do not stop): the command
    says so in one line before it plays, not after the tuning."""
    result = runner.invoke(app, ["tune-bot", "--out", "/proc/tuned.toml"])
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "/proc/tuned" in lines[0]
    assert "generation" not in result.output and "Traceback" not in result.output


def test_at_three_players_a_candidate_plays_each_seat_and_its_wins_are_its_seats(tmp_path):
    """A candidate with the incumbent's own weights plays the very same games in each of its
    three variants (the variants share their deals), so its wins are the games someone won,
    once each: a third of its games at most."""
    from avarium.simulator.cards.loader import load_cards
    from avarium.workflows.tune_bot import _play

    import avarium

    cards = load_cards(None)
    balanced = dict(zip(NAMES, load(None)["balanced"].tolist(), strict=True))
    start = np.array([balanced[w] for w in TUNED])
    ((wins, games),) = _play(
        cards, [start], balanced, "balanced", balanced, 1, 3, 1, tmp_path, "t", players=3
    )
    seatings = 8 * 7 * 6  # every ordered seating of the 8 bundled Idols at 3 seats
    assert games == 3 * seatings
    alone = avarium.play_games(
        cards, bots="heuristic.balanced", games=seatings, players=3, seed=3, idols="all",
        seating="all",
    )  # fmt: skip
    decided = int(alone.groupby("game_id")["won"].any().sum())
    assert wins == decided and 0.8 * seatings < wins <= seatings


def test_a_three_player_tuning_says_the_fair_share_and_writes_its_command(tmp_path):
    out = tmp_path / "t3.toml"
    result = runner.invoke(
        app,
        ["tune-bot", "--players", "3", "--generations", "1", "--population", "2",
         "--rounds", "1", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "a fair share at 3 players: 33.3%" in result.output
    rows = list(csv.DictReader(out.with_suffix(".csv").open()))
    assert all(int(r["games"]) == 3 * 8 * 7 * 6 for r in rows)
    assert "--players=3" in out.read_text().splitlines()[0]


def test_an_out_or_log_that_exists_is_kept_not_overwritten(tmp_path):
    # -o naming the profiles file it reads would have kept only the two profiles it writes.
    profiles = tmp_path / "mine.toml"
    profiles.write_text((Path(__file__).parents[2] / "strategies" / "profiles.toml").read_text())
    log = tmp_path / "mine.csv"
    log.write_text("my notes\n")
    before = profiles.read_text()
    for args, flag in (
        (["--profiles", str(profiles), "--out", str(profiles)], "--out"),
        (["--out", str(tmp_path / "new.toml"), "--log", str(log)], "--log"),
    ):
        result = runner.invoke(app, ["tune-bot", *TINY, *args])
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"error: {flag}: ") and "exists" in result.output
    assert profiles.read_text() == before and log.read_text() == "my notes\n"


@pytest.mark.parametrize("whole", [0, 1])
def test_a_tuning_killed_part_way_resumes_from_its_log_to_the_same_log_and_profile(
    two_runs, tmp_path, whole
):
    """What a kill leaves: the log's header, the generations that ended, and a row cut short."""
    (out_a, log_a), _, _ = two_runs
    lines = log_a.read_text().splitlines(keepends=True)
    population = int(TINY[TINY.index("--population") + 1])
    log = tmp_path / "killed.csv"
    cut = lines[1 + whole * population]
    log.write_text("".join(lines[: 1 + whole * population]) + cut[: len(cut) // 2])
    out = tmp_path / "killed.toml"
    result = runner.invoke(
        app, ["tune-bot", *TINY, "--seed", "5", "--out", str(out), "--log", str(log)]
    )
    assert result.exit_code == 0, result.output
    assert ("resumed after 1 logged generations" in result.output) == (whole == 1)
    assert log.read_text() == log_a.read_text()
    assert out.read_text().splitlines()[1:] == out_a.read_text().splitlines()[1:]


def test_another_tunings_log_is_refused_and_kept(two_runs, tmp_path):
    _, _, (_, log_c) = two_runs  # seed 6
    log = tmp_path / "other.csv"
    log.write_text(log_c.read_text())
    result = runner.invoke(
        app,
        ["tune-bot", *TINY, "--seed", "5", "--out", str(tmp_path / "o.toml"), "--log", str(log)],
    )
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: --log: ") and "another tuning" in result.output
    assert log.read_text() == log_c.read_text()


def test_a_log_or_out_that_is_a_link_is_refused_and_its_target_never_made(tmp_path):
    for flag in ("--out", "--log"):
        dangling = tmp_path / f"link{flag}"
        dangling.symlink_to(tmp_path / f"target{flag}")
        other = "--log" if flag == "--out" else "--out"
        args = [flag, str(dangling), other, str(tmp_path / f"x{other}.csv")]
        result = runner.invoke(app, ["tune-bot", *TINY, *args])
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"error: {flag}: ") and "symbolic link" in result.output
        assert not (tmp_path / f"target{flag}").exists()
