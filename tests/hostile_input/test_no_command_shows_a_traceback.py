"""No command shows a traceback: every bad input or failure found by hand (issue 15, item 5) is
one line on stderr naming the flag or the bot, with exit code 2 for bad input."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from avarium.analysis.proportions import wilson
from avarium.analysis.synthetic import CardPlan, Plan, synthetic_run
from avarium.reports import charts
from avarium.simulator.constants import MAX_SEED
from avarium.workflows import ladder

from tests.conftest import IDOLS, SCHEMES, STUDENTS, write
from tests.hostile_input.helpers import invoke, one_line_error

BOTS = "tests.hostile_input.bots"
ONE_IDOL = "[[idol]]" + IDOLS.split("[[idol]]")[1] + STUDENTS + SCHEMES


@pytest.fixture
def one_idol(tmp_path):
    return write(tmp_path, ONE_IDOL)


# -- seeds, bonuses and bots of `play` -----------------------------------------------------------


@pytest.mark.parametrize("seed", [str(2**64), str(MAX_SEED + 1), "-1"])
def test_play_refuses_a_seed_out_of_range_like_simulate(seed):
    one_line_error(invoke("play", "--seed", seed), 2, "--seed", f"0 to {MAX_SEED:,}", seed)


@pytest.mark.parametrize(
    "args",
    [
        ["tune-bonus", "--max-bonus", "1", "--out"],
        ["sweep", "--set", "raj.merit=16,18", "--out"],
        ["ladder", "--bots", "random,heuristic", "--profiles"],
    ],
    ids=lambda args: args[0],
)
def test_every_command_that_takes_a_seed_checks_it(args, tmp_path):
    where = tmp_path / "o"  # never written: the ladder's --profiles is never read either
    result = invoke(*args, where, "--seed", 2**64)
    one_line_error(result, 2, "--seed", f"0 to {MAX_SEED:,}")
    assert not where.exists()


def test_play_reads_a_profiles_file_even_when_no_bot_weighs_with_it(tmp_path):
    bad = tmp_path / "profiles.toml"
    bad.write_text("a = [1]\n", encoding="utf-8")  # a profile must be a table of weights
    result = invoke("play", "--strategy", "random", "--profiles", bad)
    one_line_error(result, 2, str(bad), "profile [a] must be a table of weights")


@pytest.mark.parametrize("game", [str(2**64), str(2**63), str(2**32), "-1"])
def test_check_refuses_a_game_index_its_seeds_cannot_hold(game):
    result = invoke("check", "--players", "2", "--game", game)
    one_line_error(result, 2, "--game", "from 0 to 4,294,967,295", game)


def test_check_refuses_more_games_than_a_run_may_play_before_it_plays(tmp_path):
    result = invoke("check", "--games", 2**64, "--cards", tmp_path / "never-read")
    one_line_error(result, 2, "--games", "from 1 to 2,147,483,648", str(2**64))


def test_play_refuses_a_function_that_is_no_bot_before_the_game():
    one_line_error(
        invoke("play", "--bots", "os:system"), 2, "--bots os:system", "(game, legal, rng)"
    )
    one_line_error(
        invoke("play", "--strategy", f"{BOTS}:too_few_arguments"), 2, "(game, legal, rng)"
    )


@pytest.mark.parametrize(
    ("bot", "says"),
    [
        ("raises", "raised RuntimeError: out of ideas"),
        ("illegal", "which is not one of the"),
        ("not_a_number", "answered 'end turn'"),
    ],
)
def test_a_python_bot_that_fails_during_the_game_is_named(bot, says):
    result = invoke("play", "--strategy", f"random,{BOTS}:{bot}")
    one_line_error(result, 1, f"bot {BOTS}:{bot}", says)


@pytest.mark.parametrize("bonus", ["-5,2", "0,101", "0,2,3", "a,b"])
def test_play_checks_the_bonus_like_simulate(bonus):
    one_line_error(invoke("play", "--bonus", bonus), 2, "--bonus")


# -- bench, ladder, simulate, replay --------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["bench", "--games", "100", "--lookahead-games", "0"],
        ["ladder", "--bots", "random,heuristic"],
    ],
)
def test_a_set_with_one_idol_is_refused_by_name(args, one_idol):
    result = invoke(*args, "--cards", one_idol)
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "the set has 1 Idol" in result.stderr


@pytest.mark.parametrize("flag", ["--lookahead-games", "--mcts-games"])
def test_bench_refuses_a_single_bot_game_it_cannot_time(flag):
    result = invoke("bench", "--games", "100", flag, "1")
    one_line_error(result, 2, flag, "0 (skip) or 2 games or more")


def test_the_ladder_itself_refuses_fewer_than_two_idols():
    one_idol = SimpleNamespace(idols=["kumara_raj"], source="one.toml")
    with pytest.raises(ValueError, match=r"cards: the ladder plays every pairing .* has 1"):
        ladder.run(one_idol, ("random", "heuristic"))


@pytest.mark.parametrize("bots", [",,", "random,", " , heuristic"])
def test_the_ladder_refuses_empty_bot_names_rather_than_playing_the_default(bots):
    one_line_error(invoke("ladder", "--bots", bots), 2, "--bots", repr(bots))


@pytest.mark.parametrize("address", ["notaurl", "tcp://host", "host:port", "http://a b:1"])
def test_simulate_refuses_a_scheduler_that_is_no_address(address, tmp_path):
    result = invoke("simulate", "--backend", "dask", "--scheduler", address, "--out", tmp_path)
    one_line_error(result, 2, "--scheduler", "tcp://", repr(address))


def test_replay_of_a_run_with_no_games_says_so(tmp_path):
    played = tmp_path / "played"
    assert invoke("simulate", "--games", "2", "--out", played, "-q", "-j", "1").exit_code == 0
    empty = tmp_path / "empty"
    (empty / "games").mkdir(parents=True)
    (empty / "experiment.toml").write_bytes((played / "experiment.toml").read_bytes())
    one_line_error(invoke("replay", empty, "--game", "0"), 1, "no games written yet")


# -- reports of tiny runs: no negative error bar -------------------------------------------------


@pytest.mark.parametrize("games", range(1, 120))
def test_a_wilson_interval_at_0_or_100_percent_holds_its_estimate(games):
    lo, hi = wilson([0, games], [games, games])
    assert lo[0] == 0.0 and hi[1] == 1.0


def test_error_bars_are_never_negative_even_when_an_interval_misses_its_estimate():
    rate, lo, hi = [0.0, 1.0, 0.5, 0.3], [2.8e-17, 0.9, np.nan, 0.4], [0.3, 1 - 1e-16, 0.6, 0.2]
    bars = charts.error_bars(rate, lo, hi)
    assert (bars >= 0).all() and bars.shape == (2, 4)
    flags = pd.DataFrame(
        {
            "players": 4,
            "idol": ["amyba", "kumara_raj"],
            "rate": [0.0, 1.0],
            "lo": [2.8e-17, 0.2],
            "hi": [0.8, 1 - 1e-16],
            "band_lo": 0.225,
            "band_hi": 0.275,
            "flagged": False,
        }
    )
    charts.png(charts.idol_winrate_chart(flags))  # matplotlib refuses a negative bar


@pytest.mark.parametrize(
    ("plan", "cards"),
    [
        (Plan(players={4: 1.0}), CardPlan()),  # 10 four-player games
        (Plan(), CardPlan(students=())),  # a set with no Students
    ],
    ids=["ten-four-player-games", "no-students"],
)
def test_the_report_of_a_tiny_run_is_written_without_a_traceback(plan, cards, tmp_path):
    run = synthetic_run(tmp_path / "tiny", 10, plan, seed=4, cards=cards)
    result = invoke("report", run)
    assert result.exit_code == 0, result.output
    assert result.stderr == "" and (run / "report" / "index.html").is_file()


# -- paths the file system cannot name (found by the fuzz: `cards docs --out` + 300 letters) ------

TOO_LONG = "x" * 300  # one part longer than any common file system's 255


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "docs", "--out", TOO_LONG],
        ["tune-bot", "--generations", "1", "--population", "2", "--out", TOO_LONG],
        ["tune-bot", "--out", "best.toml", "--log", TOO_LONG],
        ["balance", "--vary", "touka.combat=2..3", "--budget", "500", "--out", TOO_LONG],
    ],
)
def test_a_path_too_long_to_name_is_refused_as_bad_input(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    flag = args[args.index(TOO_LONG) - 1] if TOO_LONG in args else "--out"
    one_line_error(invoke(*args), 2, flag, "File name too long", "expected a path")
    assert list(tmp_path.iterdir()) == []  # nothing written
