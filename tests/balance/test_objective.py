"""The balance objective, its verdicts and its bookkeeping, on counts made up in the test."""

from __future__ import annotations

import math

import pytest
from avarium.analysis.balance import Objective, distances, outside
from avarium.simulator.run.balance import Journal, rungs_for
from avarium.simulator.run.balance_dir import parse_budget
from avarium.simulator.run.balance_play import Counts, Step


def counts(rates, games=1000, seats=(0.5, 0.5)) -> Counts:
    n = len(rates)
    return Counts(
        games,
        tuple([games] * n),
        tuple(round(r * games) for r in rates),
        tuple([games] * len(seats)),
        tuple(round(s * games) for s in seats),
    )


def test_an_idol_inside_the_band_is_at_distance_0_and_one_outside_at_its_gap():
    assert distances([500, 580, 400], [1000] * 3, 0.45, 0.55) == pytest.approx([0, 0.03, 0.05])


def test_the_objective_is_the_worst_idol_plus_a_cost_per_field_and_per_step():
    objective = Objective(2, field_cost=0.01, step_cost=0.005)
    score = objective.score(counts([0.5, 0.6, 0.44]), fields=2, steps=3)
    assert score.distance == pytest.approx(0.05)
    assert score.cost == pytest.approx(0.035)
    assert score.objective == pytest.approx(0.085)


def test_with_fair_seats_a_seat_outside_the_band_counts_too():
    unfair = counts([0.5, 0.5], seats=(0.6, 0.4))
    assert Objective(2).distance(unfair) == 0
    assert Objective(2, seats=True).distance(unfair) == pytest.approx(0.05)


def test_the_band_for_more_players_is_scaled_to_the_fair_share():
    assert Objective(4).edges == pytest.approx((0.225, 0.275))
    assert Objective(3).distance(counts([1 / 3, 0.40, 0.27])) == pytest.approx(0.40 - 1.1 / 3)


def test_an_idol_is_said_outside_only_when_the_flag_test_shows_it():
    objective = Objective(2)
    clear = outside(counts([0.5, 0.7, 0.3]), objective)
    assert clear == {"idols": [1, 2], "seats": []}
    # 56% over 100 games: outside by the estimate, not shown outside by the data
    assert outside(counts([0.5, 0.56], games=100), objective) == {"idols": [], "seats": []}


def test_the_objective_is_written_with_its_definition():
    described = Objective(2).describe()
    assert described["band"] == [0.45, 0.55] and described["field_cost"] == 0.01
    assert "max over Idols" in described["formula"]


@pytest.mark.parametrize(
    ("text", "games", "seconds"),
    [("200000", 200_000, None), ("200_000", 200_000, None), ("20m", None, 1200.0),
     ("90s", None, 90.0), ("1h", None, 3600.0)],
)  # fmt: skip
def test_a_budget_is_games_or_time(text, games, seconds):
    assert parse_budget(text) == (games, seconds)


def test_rungs_grow_by_three_and_the_top_one_fits_ten_times_in_the_budget():
    rungs = rungs_for(200_000, 240, 56)
    assert rungs == (280, 840, 2520, 7560)
    assert rungs_for(1_000, 240, 56) == (280,)
    assert all(r % 56 == 0 for r in rungs)


def test_the_journal_keeps_every_step_and_ignores_a_line_cut_short_by_a_kill(tmp_path):
    path = tmp_path / "evaluations.jsonl"
    journal = Journal(path)
    step = Step("touka.combat=2", ("touka.combat=2",), (0, 2), 0, 280)
    journal.add(step, counts([0.5, 0.5], games=280))
    with open(path, "a", encoding="utf-8") as f:
        f.write(
            '{"label": "cut',
        )
    again = Journal(path)
    assert again.get(step) == counts([0.5, 0.5], games=280)
    assert again.get(Step("other", (), (0, 2), 0, 280)) is None
    assert math.isfinite(Objective(2).distance(again.get(step)))
