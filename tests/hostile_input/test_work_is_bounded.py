"""Work is bounded: the points of a sweep or a bonus tuning are counted before anything is made
and refused above a stated limit, a field is swept once, and no more workers start than there
are usable cores, whichever path asks for them."""

from __future__ import annotations

import math
import time

import pytest
from avarium.runner import runner
from avarium.runner.variants import (
    MAX_POINTS,
    MOST_POINTS,
    bonus_vectors,
    count_bonus_vectors,
    parse_sweep,
    sweep_points,
)
from avarium.workflows.balance.space import build_space

import avarium
from tests.conftest import MINI_SET, write
from tests.hostile_input.helpers import invoke, one_line_error

# -- the points are counted, not made ------------------------------------------------------------


@pytest.mark.parametrize(("players", "max_bonus"), [(2, 0), (2, 7), (3, 4), (4, 4), (4, 9)])
def test_the_bonus_vectors_are_counted_by_a_binomial_coefficient(players, max_bonus):
    count = count_bonus_vectors(players, max_bonus)
    assert count == math.comb(max_bonus + players - 1, players - 1)
    assert count == len(bonus_vectors(players, max_bonus, max_points=10_000))


def test_four_players_up_to_100_are_refused_with_the_count_and_the_limit_at_once():
    started = time.perf_counter()
    with pytest.raises(ValueError, match=r"176,851 bonus vectors.*limit of 200") as caught:
        bonus_vectors(4, 100)
    assert time.perf_counter() - started < 0.5  # counted, not enumerated
    assert str(caught.value).startswith("max_bonus:") and "`max_points`" in str(caught.value)


def test_the_limit_is_a_default_that_max_points_raises():
    assert MAX_POINTS == 200
    assert len(bonus_vectors(3, 20, max_points=231)) == 231  # C(22, 2)
    with pytest.raises(ValueError, match="limit of 230"):
        bonus_vectors(3, 20, max_points=230)


def test_a_bonus_above_what_the_rules_allow_is_one_refusal_not_one_per_point():
    result = invoke("tune-bonus", "--players", "2", "--max-bonus", "1000")
    one_line_error(result, 2, "--max-bonus", "0 to 100", "1000")


def test_tune_bonus_refuses_too_many_points_before_it_plays_or_writes(tmp_path):
    out = tmp_path / "tune"
    result = invoke("tune-bonus", "--players", "4", "--max-bonus", "100", "--out", out)
    one_line_error(result, 2, "--max-bonus", "176,851", "limit of 200", "--max-points")
    assert not out.exists()


def test_a_range_is_kept_as_a_range_so_a_million_values_cost_nothing():
    target, values = parse_sweep("raj.merit=1..1000000")
    assert target == "raj.merit" and isinstance(values, range) and len(values) == 1_000_000
    with pytest.raises(ValueError, match=r"1,000,000 points .*limit of 200"):
        sweep_points([(target, values)])


@pytest.mark.parametrize("values", [f"1..{2**63}", f"1..{2**64}", f"0..{10**6 + 1}", f"{2**64},2"])
def test_a_value_no_card_takes_is_refused_before_the_range_is_counted(values):
    with pytest.raises(ValueError, match=r"raj.merit=.*\": expected values from 0 to 1,000,000"):
        parse_sweep(f"raj.merit={values}")


@pytest.mark.parametrize(("command", "flag"), [("sweep", "--set"), ("balance", "--vary")])
def test_a_range_past_64_bits_is_one_line_at_once_and_writes_nothing(tmp_path, command, flag):
    out = tmp_path / "out"
    started = time.perf_counter()
    result = invoke(command, flag, f"touka.combat=1..{2**64}", "--out", out)
    one_line_error(result, 2, flag, "expected values from 0 to 1,000,000")
    assert time.perf_counter() - started < 1 and not out.exists()


def test_balance_checks_a_long_range_against_the_card_before_listing_it(bundled):
    started = time.perf_counter()  # listed, 30,000 values were seconds of looking for repeats
    with pytest.raises(ValueError, match=r"takes values from 0 to 20; got 0..30000"):
        build_space(["touka.combat=0..30000"], None, bundled, (0, 2))
    assert time.perf_counter() - started < 0.1


def test_the_limit_on_points_is_raised_at_most_to_a_stated_ceiling(tmp_path):
    assert MOST_POINTS == 100_000
    assert len(sweep_points([parse_sweep("raj.merit=1..2")], max_points=MOST_POINTS)) == 2
    with pytest.raises(ValueError, match=r"max_points: expected a whole number from 1 to 100,000"):
        sweep_points([parse_sweep("raj.merit=1..2")], max_points=MOST_POINTS + 1)
    args = ["sweep", "--set", "raj.merit=16,18", "--max-points", 2**64]
    result = invoke(*args, "--cards", tmp_path / "never-read", "--out", tmp_path / "out")
    one_line_error(result, 2, "--max-points", "from 1 to 100,000", str(2**64))


def test_two_axes_are_counted_as_their_product():
    axes = [parse_sweep("raj.merit=1..20"), parse_sweep("touka.combat=1..11")]
    with pytest.raises(ValueError, match=r"220 points \(20 x 11 values\)"):
        sweep_points(axes)
    assert len(sweep_points(axes, max_points=220)) == 220


def test_sweep_refuses_a_million_points_at_once_and_writes_nothing(tmp_path):
    out = tmp_path / "sweep"
    started = time.perf_counter()
    result = invoke("sweep", "--set", "raj.merit=1..1000000", "--out", out)
    one_line_error(result, 2, "--set", "1,000,000 points", "limit of 200", "--max-points")
    assert time.perf_counter() - started < 5 and not out.exists()


@pytest.mark.parametrize(
    "second", ["raj.merit=16..18", "RAJ.merit=20,22", "kumara_raj.merit=16..18"]
)
def test_the_same_field_twice_is_refused(tmp_path, second):
    out = tmp_path / "sweep"
    result = invoke("sweep", "--set", "raj.merit=16..18", "--set", second, "--out", out)
    one_line_error(result, 2, "--set", "the same field")
    assert not out.exists()


# -- jobs ----------------------------------------------------------------------------------------


@pytest.fixture
def two_cores(monkeypatch):
    monkeypatch.setattr(runner.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    return 2


def test_jobs_are_capped_at_the_usable_cores(two_cores):
    assert runner.usable_cores() == two_cores
    assert runner.check_jobs(999) == two_cores and runner.check_jobs(1) == 1
    assert runner.jobs_note(999, 2) == "jobs: 999 is more than the 2 usable core(s) here; using 2"
    assert runner.jobs_note(2, 2) is None
    with pytest.raises(runner.RunError, match="jobs: expected a whole number of at least 1"):
        runner.check_jobs(0)


def test_simulate_says_when_it_caps_jobs(tmp_path, two_cores):
    result = invoke("simulate", "--games", "10", "--jobs", "999", "--out", tmp_path / "r", "-q")
    assert result.exit_code == 0, result.output
    assert "note: --jobs: 999 is more than the 2 usable core(s) here; using 2" in result.stderr
    assert "with 2 job(s)" in result.stdout


def test_the_ladder_says_when_it_caps_jobs(tmp_path, two_cores):
    cards = write(tmp_path, MINI_SET)
    result = invoke(
        "ladder", "--bots", "random,heuristic", "--rounds", "1", "--jobs", "64", "--cards", cards
    )
    assert result.exit_code == 0, result.output
    assert "note: --jobs: 64 is more than the 2 usable core(s) here; using 2" in result.stderr


def test_the_python_api_goes_through_the_same_cap(monkeypatch, two_cores):
    asked = []
    real = runner._backend

    def spy(backend, scheduler, jobs):
        asked.append(jobs)
        return real(backend, scheduler, jobs)

    monkeypatch.setattr(runner, "_backend", spy)
    games = avarium.play_games(games=4, jobs=999)
    assert len(games) == 8 and asked == [two_cores]
