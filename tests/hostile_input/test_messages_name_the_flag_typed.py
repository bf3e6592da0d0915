"""A count too large for a run is refused in the words the user typed: the flag, never the field
the library fills from it (`ladder --rounds` was refused as `games_per_pairing`, `sweep
--games-per-point` as `--games`, `balance --first-rung` as a step's `games` after the search had
started), in one line, before anything is written."""

from __future__ import annotations

import pytest
from avarium.workflows import ladder

from tests.hostile_input.helpers import invoke, one_line_error

HUGE = str(2**64)
INTERNAL = ("games_per_pairing", "field games", "lookahead_games", "mcts_games")


@pytest.mark.parametrize(
    ("args", "flag", "expected"),
    [
        (["ladder", "--bots", "random,heuristic", "--rounds", HUGE], "--rounds", "1 to 19,173,961"),
        (["sweep", "--set", "raj.merit=16,18", "--games-per-point", HUGE], "--games-per-point",
         "1 to 357,913,941 (2 points x 3 tier(s)"),
        (["tune-bonus", "--strategy", "heuristic", "--games-per-point", HUGE],
         "--games-per-point", "1 to 429,496,729 (5 points x 1 tier(s)"),
        (["balance", "--vary", "touka.combat=2..3", "--first-rung", HUGE], "--first-rung",
         "1 to 1,000,000"),
        (["balance", "--vary", "touka.combat=2..3", "--check-games", HUGE], "--check-games",
         "1 to 1,000,000"),
        (["bench", "--games", HUGE], "--games", "1 to 1,000,000"),
        (["bench", "--lookahead-games", HUGE], "--lookahead-games", "up to 1,000,000"),
        (["bench", "--mcts-games", HUGE], "--mcts-games", "up to 1,000,000"),
    ],
    ids=lambda v: " ".join(v[:-1]) if isinstance(v, list) else "",
)  # fmt: skip
def test_a_count_too_large_is_refused_by_the_flag_typed(args, flag, expected, tmp_path):
    out = tmp_path / "out"
    takes_out = args[0] in ("sweep", "tune-bonus", "balance")
    line = one_line_error(invoke(*args, *(["--out", out] if takes_out else [])), 2, flag, expected)
    assert line.startswith(f"error: {flag}: expected") and HUGE in line
    assert not any(name in line for name in INTERNAL), line
    assert not out.exists()


def test_the_ladder_names_its_own_bots_flag():
    line = one_line_error(invoke("ladder", "--bots", "heuristic,heuristic.balanced"), 2, "--bots")
    assert line.startswith("error: --bots: the ladder needs different bots")


def test_the_ladder_counts_a_round_as_every_pairing_of_idols_and_bots(bundled):
    n = len(bundled.idols)
    per_round = n * (n - 1) * 3 * 2
    most = 2**31 // per_round
    bots = ("random", "heuristic", "lookahead")
    ladder.ladder_experiment(bundled, bots, rounds=1, seed=0)  # the least is fine
    with pytest.raises(ValueError, match=rf"rounds: expected .* to {most:,} \(a round is"):
        ladder.ladder_experiment(bundled, bots, rounds=most + 1, seed=0)


@pytest.mark.parametrize("flag", ["--field-cost", "--step-cost"])
def test_an_infinite_balance_cost_is_refused_before_anything_is_written(flag, tmp_path):
    out = tmp_path / "out"
    result = invoke("balance", "--vary", "touka.combat=2..3", flag, "1e400", "--out", out)
    line = one_line_error(result, 2, flag)
    assert line == f"error: {flag}: expected a finite number of at least 0, got inf"
    assert not out.exists()


@pytest.mark.parametrize(
    ("tiers", "expected"),
    [("heuristic,heuristic.balanced", 'each bot once ("heuristic.balanced" is named twice'),
     ("heuristic,nonsense", 'bot names, got ["nonsense"]')],
)  # fmt: skip
def test_the_balance_check_names_its_own_check_tiers_flag(tiers, expected, tmp_path):
    out = tmp_path / "out"
    args = ["balance", "--vary", "touka.combat=2..3", "--check-tiers", tiers, "--out", out]
    line = one_line_error(invoke(*args), 2, "--check-tiers", expected)
    assert line.startswith(f"error: --check-tiers: expected {expected}"), line
    assert "balance check" not in line and "field tiers" not in line
    assert not out.exists()
