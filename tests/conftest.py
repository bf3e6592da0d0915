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

# The suite's longest files, with the seconds each took in a pytest-xdist worker of a whole
# compiled pass beside other work (load 7 to 11 on two cores, so about four times their CPU; only
# their order matters here; docs/performance.md, "CI time"), every file of 20 s or more.
# `make test` hands whole files to its two workers (`--dist loadfile --no-loadscope-reorder`) in
# the order collected, and a worker takes the next file when it is nearly done with its last; so
# these are collected first, longest first, and the short files after them fill whichever worker
# is free. Collected in the order of the folders, the table's fixture (four thousand search-bot
# games) started late, and one worker played it alone while the other had finished. A file
# missing here is only started later. A file made shorter since that pass is at its seconds then
# times its CPU after over before, each alone (docs/results.md, "CI time: the suite measured
# whole, two report tests cheaper" and "The state invariants in one pass").
LONGEST_FIRST = {
    "tests/analysis/test_report.py": 238,
    "tests/balance/test_strong_play_truth.py": 228,
    "tests/test_workflows_from_python.py": 193,
    "tests/balance/test_unvaried.py": 183,
    "tests/tuning/test_tune_bonus_and_sweep.py": 167,
    "tests/hostile_input/test_small_samples_are_honest.py": 166,
    "tests/analysis/test_report_without_charts.py": 150,
    "tests/tiers/test_tier_report.py": 145,
    "tests/balance/test_planted_truth.py": 130,
    "tests/analysis/test_populations.py": 127,
    "tests/balance/test_conditions.py": 118,
    "tests/properties/test_avarium_check.py": 115,
    "tests/analysis/test_page_and_charts.py": 88,
    "tests/train/test_train_command.py": 83,
    "tests/analysis/test_one_verdict_one_interval.py": 73,
    "tests/analysis/test_report_never_overwrites.py": 60,
    "tests/test_first_game.py": 57,
    "tests/test_shared_options.py": 55,
    "tests/analysis/test_terminal_headline.py": 50,
    "tests/hostile_input/test_a_memory_cap_is_met_with_one_line.py": 46,
    "tests/test_python_api.py": 44,
    "tests/balance/test_check_tier_play.py": 44,
    "tests/tiers/test_tier_targeting.py": 43,
    "tests/properties/test_random_games.py": 38,
    "tests/simulate/test_turns_record.py": 36,
    "tests/hostile_input/test_no_command_shows_a_traceback.py": 34,
    "tests/test_cli.py": 32,
    "tests/bots/test_hidden_information.py": 31,
    "tests/tuning/test_tune_bot.py": 31,
    "tests/balance/test_bundled_table.py": 30,
    "tests/tuning/test_sweep_page_names_its_points.py": 28,
    "tests/test_codegen_hook.py": 28,
    "tests/hostile_input/test_compare_pairs_only_like_with_like.py": 27,
    "tests/hostile_input/test_csv_cells_never_run_as_formulas.py": 27,
    "tests/hostile_input/test_names_are_shown_not_obeyed_by_terminals.py": 26,
    "tests/precision/test_sequential_compare.py": 25,
    "tests/analysis/test_compare_per_tier.py": 25,
    "tests/tiers/test_tier_gaps.py": 24,
    "tests/analysis/test_compare.py": 24,
    "tests/tiers/test_settled_at_strong_play.py": 23,
    "tests/train/test_self_play.py": 22,
    "tests/simulate/test_resume.py": 22,
    "tests/cards/test_bundled_sets_by_name.py": 21,
    "tests/simulate/test_a_new_cluster_says_its_workers_compile.py": 21,
    "tests/train/test_value_fit.py": 21,
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
