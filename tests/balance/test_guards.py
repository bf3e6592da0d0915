"""Guards against degenerate play (workflows/balance/guards.py): a candidate in which an Idol
wins too often by turn 3, or whose median game is too short or too long, is refused, and the
output says which guard and by how much. On a written table first (no games played), then on
the engine."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from avarium.analysis.balance import Objective
from avarium.runner.tiers import tier_label
from avarium.workflows.balance.candidates import Budget, Journal
from avarium.workflows.balance.guards import Guards, at_check, guards_of, median_turns
from avarium.workflows.balance.play import Counts
from avarium.workflows.balance.search import Search
from avarium.workflows.balance.space import Axis, Space
from avarium.workflows.balance.verdict import BALANCED, CANNOT, status
from typer.testing import CliRunner

from avarium.cli.main import app

TOP = 1000
# By the second seat's bonus (a written table's one lever): the first Idol's rate, the share of
# its games it wins by turn 3, and how many turns every game lasts. Bonus 2 is nearest the band
# and a rush; bonus 3 the next nearest and a long game.
RATE = {0: 0.70, 1: 0.60, 2: 0.50, 3: 0.52, 4: 0.54}
EARLY = {0: 0.02, 1: 0.02, 2: 0.30, 3: 0.02, 4: 0.02}
TURNS = {0: 10, 1: 10, 2: 10, 3: 20, 4: 10}


def written(bonus: int, n: int = TOP) -> Counts:
    wins = round(RATE[bonus] * n)
    early = round(EARLY[bonus] * n)
    lengths = (0,) * TURNS[bonus] + (n,)
    return Counts(n, (n, n), (wins, n - wins), (n, n), (n // 2, n - n // 2), (early, 0), lengths)


class WrittenTable:
    def games(self, start: int, stop: int) -> int:
        return stop - start

    def play(self, steps, on_games=None) -> list[Counts]:
        return [written(s.bonus[1], s.stop - s.start) for s in steps]


def _search(tmp_path, guards: Guards):
    space = Space((Axis("bonus.2", tuple(RATE), 0, seat=1),))
    objective = Objective(2, field_cost=0.01, step_cost=0.001)
    journal = Journal(tmp_path / f"journal-{guards.describe()}.jsonl")
    search = Search(space, WrittenTable(), (0, 0), guards.scored(objective.score),
                    lambda c: False, journal, (TOP,))  # fmt: skip
    result = search.run(Budget(games=100_000))
    return result, status(result, objective, guards)


def test_a_candidate_in_which_an_idol_wins_too_often_by_turn_3_is_refused(tmp_path):
    unguarded, verdict = _search(tmp_path, Guards())
    assert unguarded.best.values == (2,) and verdict == BALANCED  # the rush, 50%
    guarded, verdict = _search(tmp_path, Guards(max_early_wins=0.10))
    assert guarded.best.values == (3,) and verdict == BALANCED  # 52%, and 2% early


def test_a_candidate_whose_median_game_is_outside_the_range_of_turns_is_refused(tmp_path):
    result, _ = _search(tmp_path, Guards(max_early_wins=0.10, turns=(8, 16)))
    assert result.best.values == (4,)  # 54%: bonus 3's games last 20 turns


def test_when_every_candidate_breaks_a_guard_the_search_cannot(tmp_path):
    # bonus 2 is 50%, balanced but for the guard; every game lasts 10 or 20 turns
    _, verdict = _search(tmp_path, Guards(turns=(30, 40)))
    assert verdict == CANNOT


def test_a_breach_says_which_guard_which_idol_and_by_how_much():
    broken = Guards(max_early_wins=0.10, turns=(12, 16)).breaches(
        written(2), ["Coral", "Raj"], ["heuristic.tuned, 2 players"]
    )
    early, length = broken
    assert (early["guard"], early["idol"]) == ("early wins by turn 3", "Coral")
    assert early["value"] == pytest.approx(0.30) and early["by"] == pytest.approx(0.20)
    assert (length["guard"], length["value"], length["limit"], length["by"]) == (
        "median game length",
        10,
        12,
        2,
    )
    assert Guards(max_early_wins=0.30, turns=(10, 10)).breaches(written(2)) == []


def test_the_median_game_is_the_middle_one_of_the_games_counted_by_length():
    assert median_turns([0, 0, 1, 1, 1]) == 3  # games of 2, 3 and 4 turns
    assert median_turns([0, 0, 1, 1]) == 2.5
    assert median_turns([0, 0, 0]) is None


def test_a_guard_it_cannot_read_is_one_line_naming_its_field():
    """The field as avarium.balance takes it; the command shows it as its flag (its own test)."""
    with pytest.raises(ValueError, match=r'^turns "16-8": expected a range of turns'):
        guards_of(None, "16-8")
    with pytest.raises(ValueError, match=r"^max_early_wins: expected a share from 0 to 1"):
        guards_of(1.5, None)


def test_the_check_measures_the_guards_on_its_own_games():
    label = tier_label("after", "heuristic.tuned")
    rows = []
    for game in range(10):  # Coral wins the first three in 3 turns, the rest last 12
        turns, coral_won = (3, True) if game < 3 else (12, game % 2 == 0)
        rows += [
            (label, 2, 0, "coral", coral_won, turns),
            (label, 2, 1, "raj", not coral_won, turns),
        ]
    games = pd.DataFrame(rows, columns=["variant", "players", "seat", "idol", "won", "turns"])
    (found,) = at_check(Guards(max_early_wins=0.10), games, "after", {"coral": "Coral"})
    assert (found["idol"], found["condition"]) == ("Coral", "heuristic.tuned, 2 players")
    assert found["value"] == pytest.approx(0.3) and found["by"] == pytest.approx(0.2)
    assert at_check(Guards(turns=(12, 16)), games, "after", {}) == []  # median 12
    assert at_check(Guards(max_early_wins=0.10), games, "before", {}) == []


def test_balance_refuses_candidates_that_break_a_guard_and_says_which(card_sets, tmp_path):
    # Games of the symmetric set last about 11 turns: no candidate keeps a median of 30-40.
    command = ["balance", "--cards", "prototype-v1", "--patch", str(card_sets["symmetric"]),
               "--patch", str(card_sets["planted"]), "--vary", "touka.combat=2..3",
               "--budget", "3000", "--check-tiers", "heuristic.tuned", "--check-games", "240",
               "--turns", "30-40", "-j", "2", "-o", str(tmp_path / "s"), "--json"]  # fmt: skip
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 0, result.output
    facts = json.loads(result.stdout)
    assert facts["status"] == "cannot within the allowed ranges"
    guards = facts["guards"]
    assert guards["asked"] == {"turns": [30, 40]}
    for rows in (guards["start"], guards["check"]):
        (row,) = rows
        assert row["guard"] == "median game length" and row["limit"] == 30
        assert row["by"] == 30 - row["value"] and 5 < row["value"] < 20
    page = (tmp_path / "s" / "report" / "index.html").read_text(encoding="utf-8")
    assert "at the check on fresh deals, the " in page and "short of 30" in page


def test_a_guard_it_cannot_read_stops_balance_before_it_plays(tmp_path):
    command = ["balance", "--cards", "prototype-v1", "--vary", "touka.combat=2..3",
               "--turns", "16-8", "-o", str(tmp_path / "s")]  # fmt: skip
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1].startswith('error: --turns "16-8"')
    assert not (tmp_path / "s").exists()


def test_the_guards_are_taken_from_python_as_from_the_command(tmp_path):
    from avarium.workflows.balance.request import BalanceInputError

    import avarium

    with pytest.raises(BalanceInputError, match=r'^turns "16-8"'):
        avarium.balance("touka.combat=2..3", cards="prototype-v1", turns=(16, 8), out=tmp_path)
    with pytest.raises(BalanceInputError, match=r"^max_early_wins"):
        avarium.balance("touka.combat=2..3", cards="prototype-v1", max_early_wins=2, out=tmp_path)
