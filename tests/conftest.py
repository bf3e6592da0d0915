"""Shared fixtures: the bundled set (loaded once) and small hand-written card files."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from avarium.simulator.cards.loader import load_cards

IDOLS = """
[[idol]]
id = "kumara_raj"
name = "Kumara RAJ"
title = "The Collector"
club = "Council"
level = "basic"
reputation = 3
combat = 2
merit = 20
wincon = "at start of turn: count(ally students) >= 2"

[[idol]]
id = "hatsurugi_touka"
name = "Hatsurugi TOUKA"
title = "The Blade"
club = "Martial Arts"
level = "basic"
reputation = 2
combat = 3
merit = 18
wincon = "instant: your expelled >= 2"
"""

STUDENTS = """
[[student]]
id = "record_o_matic"
name = "Record-O-Matic"
title = "Student"
cost = 3
colour = "neutral"
gender = "unknown"
club = "Sciences"
combat = 1
defense = 2
text = "EXHAUST: Gain +3 Merit."
abilities = ["EXHAUST: gain 3 merit"]

[[student]]
id = "cheer_captain"
name = "Cheer Captain"
title = "Student"
cost = 2
colour = "paragon"
gender = "female"
club = "Cheerleader"
combat = 2
defense = 2
copies = 5
"""

SCHEMES = """
[[scheme]]
id = "pep_talk"
name = "Pep Talk"
title = "Surprise"
cost = 1
surprise = true
number = "T-01"
text = "During a fight: target ally Student gets +2 Combat until end of fight."
abilities = ["play, in a fight: target ally student gets +2 combat until end of fight"]
"""

MINI_SET = IDOLS + STUDENTS + SCHEMES

# The suite's longest files, with the seconds each took in a pytest-xdist worker during a build
# beside other work (load about 4 on two cores; only their order matters here; docs/performance.md,
# "CI time"). `make test` hands whole files to its two workers (`--dist loadfile
# --no-loadscope-reorder`) in the order collected, and a worker takes the next file when it is
# nearly done with its last; so these are collected first, longest first, and the short files
# after them fill whichever worker is free. Collected in the order of the folders, the table's
# fixture (four thousand search-bot games) started late, and one worker played it alone while
# the other had finished. A file missing here is only started later. A file made shorter since
# that timeline is at its seconds then times its CPU after over before, each alone
# (docs/results.md: "CI time: the slowest tests", "CI time: reports without charts", "CI time:
# no figure without charts" and "CI time: the browser tests on pages other tests build"). Two
# files added since are at their seconds each alone on a busy machine: the planted truth at the
# search tier (a balance search of mcts/5 games on both cores) and the head-to-head command's.
LONGEST_FIRST = {
    "tests/balance/test_strong_play_truth.py": 90,
    "tests/balance/test_unvaried.py": 53,
    "tests/analysis/test_report.py": 46,
    "tests/analysis/test_populations.py": 40,
    "tests/test_workflows_from_python.py": 38,
    "tests/analysis/test_page_and_charts.py": 38,
    "tests/train/test_train_command.py": 34,
    "tests/properties/test_avarium_check.py": 34,
    "tests/balance/test_conditions.py": 31,
    "tests/tiers/test_tier_report.py": 29,
    "tests/hostile_input/test_small_samples_are_honest.py": 28,
    "tests/tuning/test_tune_bonus_and_sweep.py": 27,
    "tests/balance/test_planted_truth.py": 25,
    "tests/analysis/test_report_never_overwrites.py": 24,
    "tests/hostile_input/test_a_memory_cap_is_met_with_one_line.py": 22,
    "tests/balance/test_bundled_table.py": 22,
    "tests/test_first_game.py": 21,
    "tests/balance/test_check_tier_play.py": 21,
    "tests/properties/test_random_games.py": 20,
    "tests/analysis/test_one_verdict_one_interval.py": 20,
    "tests/hostile_input/test_no_command_shows_a_traceback.py": 20,
    "tests/simulate/test_turns_record.py": 20,
    "tests/tuning/test_sweep_page_names_its_points.py": 19,
    "tests/simulate/test_runs_verify_themselves.py": 18,
    "tests/balance/test_every_idol_it_can_reach.py": 18,
    "tests/tiers/test_tier_expelled_first.py": 15,
    "tests/precision/test_run_until_precise.py": 14,
    "tests/bots/test_head_to_head.py": 14,
    "tests/tiers/test_tier_verdicts.py": 14,
    "tests/test_shared_options.py": 12,
    "tests/hostile_input/test_ctrl_c_ends_a_dask_run_within_a_bounded_wait.py": 12,
    "tests/simulate/test_no_worker_outlives_its_run.py": 12,
    "tests/hostile_input/test_fuzz_every_command.py": 12,
    "tests/analysis/test_early_wins_on_the_page.py": 11,
    "tests/analysis/test_compare.py": 11,
    "tests/tuning/test_tune_bot.py": 11,
    "tests/precision/test_sequential_compare.py": 11,
    "tests/analysis/test_sweeps.py": 11,
    "tests/hostile_input/test_every_wait_for_a_cluster_is_bounded.py": 11,
    "tests/simulate/test_resume.py": 11,
    "tests/tuning/test_seat_levers_in_tune_bonus.py": 11,
    "tests/hostile_input/test_compare_pairs_only_like_with_like.py": 10,
    "tests/test_example_notebook.py": 10,
    "tests/analysis/test_terminal_headline.py": 9,
    "tests/hostile_input/test_csv_cells_never_run_as_formulas.py": 9,
    "tests/train/test_value_fit.py": 9,
    "tests/analysis/test_compare_per_tier.py": 9,
    "tests/test_cli.py": 9,
    "tests/analysis/test_compare_says_what_changed.py": 9,
    "tests/tiers/test_tier_play.py": 8,
    "tests/test_python_api.py": 8,
    "tests/bots/test_bot_determinism.py": 8,
    "tests/hostile_input/test_a_local_cluster_keeps_distributeds_logs_to_itself.py": 8,
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first, longest first; every other file after them as collected. The
    sort is stable, so each file's tests keep their order and stay together."""
    items.sort(key=lambda item: -LONGEST_FIRST.get(item.nodeid.split("::", 1)[0], 0))


def write(directory: Path, text: str, name: str = "cards.toml") -> Path:
    path = directory / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def bundled():
    """Version 1 of the prototype set, by name: the rules, card and bot tests are worked
    examples on its numbers (Touka's six expulsions, Hojo's tenth Scheme), so a new default
    set changes none of them."""
    return load_cards("prototype-v1")


@pytest.fixture
def mini_path(tmp_path: Path) -> Path:
    return write(tmp_path, MINI_SET)
