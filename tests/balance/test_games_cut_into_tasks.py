"""How a balance step's games are cut into tasks for the workers (workflows/balance/play.py).
The cut decides only who plays a game, never the game itself (game k of a candidate is dealt by
k alone; tests/balance/test_planted_truth.py checks the same candidates whatever --jobs)."""

from __future__ import annotations

from itertools import pairwise

from avarium.workflows.balance.play import TASK_GAMES, Step, chunked


def ranges(step, jobs):
    tasks = chunked([step], ["the candidate"], seed=0, jobs=jobs)
    return [(t.chunk.first, t.chunk.stop) for t in tasks]


def covers_once(cut, start, stop):
    return cut[0][0] == start and cut[-1][1] == stop and all(a[1] == b[0] for a, b in pairwise(cut))


def test_a_search_bots_step_keeps_both_workers_busy():
    # 1,008 games of the search bot are a minute or more of play: one task would leave a
    # worker idle all that time
    cut = ranges(Step("candidate", (), (), 0, 1008), jobs=2)
    assert cut == [(0, 504), (504, 1008)]


def test_a_later_rung_is_cut_where_it_starts_and_stops():
    cut = ranges(Step("candidate", (), (), 1008, 4032), jobs=3)
    assert len(cut) == 3 and covers_once(cut, 1008, 4032)


def test_no_task_is_larger_than_the_task_size():
    cut = ranges(Step("candidate", (), (), 0, 9 * TASK_GAMES + 1), jobs=2)
    assert covers_once(cut, 0, 9 * TASK_GAMES + 1)
    assert max(b - a for a, b in cut) <= TASK_GAMES and len(cut) == 10


def test_a_step_of_fewer_games_than_workers_plays_one_game_a_task():
    assert ranges(Step("candidate", (), (), 10, 13), jobs=8) == [(10, 11), (11, 12), (12, 13)]
