"""The progress bar's time left weighs each variant's games left by what a game of it costs:
measured from its own chunks once they come back, guessed from its bots' kind until then. A
tiered run plays its cheap tiers first; counting its search games as heuristic ones would show
seconds left while the search tier's minutes are ahead."""

from __future__ import annotations

import itertools

import pytest
import rich.console
from avarium.runner.runner import Progress, run
from avarium.runner.time_left import GAME_COST, TimeLeft, clock, guessed_cost, seconds_left
from avarium.runner.worker import Chunk

from avarium.cli.progress import ProgressBar
from tests.simulate.conftest import small

# Two tiers on the same deals: 1,000 heuristic games (1 ms each, measured below) and 100
# search games (0.5 s each); the guess from GAME_COST puts a search game at 420 heuristic ones.
GUESSED = (GAME_COST["heuristic"], GAME_COST["mcts"])


def events_of_a_tiered_run():
    """(event, wall clock) as one worker would report them: two heuristic chunks of 500 games,
    then one search chunk of 10 games."""
    heuristic = [Chunk(0, 0, 0, 500), Chunk(1, 0, 500, 1000)]
    search = Chunk(2, 1, 1000, 1010)
    yield Progress(None, 0, 1100, 0.0, (1000, 100), GUESSED), 0.0
    yield Progress(heuristic[0], 500, 1100, 0.5, (500, 100), GUESSED), 0.5
    yield Progress(heuristic[1], 1000, 1100, 0.5, (0, 100), GUESSED), 1.0
    yield Progress(search, 1010, 1100, 5.0, (0, 90), GUESSED), 6.0


def test_a_cheap_tier_finished_first_leaves_the_search_tiers_games_in_the_time_left():
    estimate = TimeLeft()
    shown = [estimate(event, now) for event, now in events_of_a_tiered_run()]
    assert shown[0] is None  # nothing timed yet: not known
    # The heuristic tier done in 1 s: the 100 search games left are guessed at 420 heuristic
    # games each (42 s), not at the 0.1 s that 1,000 games a second would give them.
    assert shown[2] == pytest.approx(100 * 420 * 0.001)
    # A search chunk timed at 0.5 s a game: its own cost replaces the guess.
    assert shown[3] == pytest.approx(90 * 0.5)


def test_the_warm_up_before_the_first_chunk_is_not_counted_as_time_spent_playing():
    # The engine warmed up for 18 s before any game; the first chunk of 500 games took 0.5 s.
    estimate = TimeLeft()
    assert estimate(Progress(None, 0, 1000, 0.0, (1000,), (1.0,)), 0.0) is None
    chunk = Progress(Chunk(0, 0, 0, 500), 500, 1000, 0.5, (500,), (1.0,))
    assert estimate(chunk, 18.5) == pytest.approx(0.5)  # not 500 x 18.5 s / 500


def test_workers_playing_side_by_side_shorten_the_time_left():
    # Two workers: 2 worker-seconds of chunks in 1 s of wall clock, so 10 s of work takes 5 s.
    one = seconds_left(left=[10], guessed=[1.0], spent=[1.0], timed=[1], elapsed=1.0)
    two = seconds_left(left=[10], guessed=[1.0], spent=[2.0], timed=[2], elapsed=1.0)
    assert one == pytest.approx(10.0) and two == pytest.approx(5.0)


def test_a_variant_not_yet_timed_is_weighed_by_the_guess_scaled_to_this_machine():
    # Heuristic games take 2 ms here (twice the table's unit): a search game is guessed at
    # 420 x 2 ms.
    left = seconds_left(
        left=[0, 10], guessed=GUESSED, spent=[2.0, 0.0], timed=[1000, 0], elapsed=2.0
    )
    assert left == pytest.approx(10 * 420 * 0.002)


def test_steps_without_chunk_timings_are_estimated_by_their_games():
    estimate = TimeLeft()
    assert estimate(Progress(None, 100, 1100), 0.0) is None  # 100 written before: not timed
    assert estimate(Progress(None, 600, 1100), 5.0) == pytest.approx(5.0)


def test_the_guess_of_a_game_is_the_mean_of_its_seats_kinds():
    assert guessed_cost(["mcts/20", "mcts/20"]) == GAME_COST["mcts"]
    mixed = (GAME_COST["heuristic"] + GAME_COST["mcts"]) / 2
    assert guessed_cost(["heuristic.tuned", "mcts"]) == mixed
    assert guessed_cost(["random"]) < guessed_cost(["heuristic"]) < guessed_cost(["lookahead"])


def test_a_search_games_guess_grows_with_its_iterations():
    # mcts/5 costs about a quarter of mcts/20 (docs/bots.md); a budget not given is the
    # profile's, guessed as the measured one.
    assert guessed_cost(["mcts/20"]) == guessed_cost(["mcts"]) == GAME_COST["mcts"]
    quarter = guessed_cost(["mcts/5"]) / guessed_cost(["mcts/20"])
    assert 0.24 < quarter < 0.27
    assert guessed_cost(["mcts/80"]) > 3.9 * guessed_cost(["mcts/20"])
    assert guessed_cost(["mcts.deep/40", "heuristic"]) > guessed_cost(["mcts/20", "heuristic"])


def test_the_clock_reads_hours_minutes_and_seconds():
    assert clock(None) == "-:--:--"
    assert clock(3723.4) == "1:02:03"


def test_the_bar_shows_the_weighed_time_left(monkeypatch):
    monkeypatch.setattr(rich.console.Console, "is_terminal", property(lambda self: True))
    events = list(events_of_a_tiered_run())
    times = iter(now for _, now in events)
    with ProgressBar(quiet=False, clock=lambda: next(times)) as bar:
        for event, _ in events[:3]:
            bar(event)
        assert bar.progress.tasks[0].fields["left"] == "0:00:42"
        bar(events[3][0])
        assert bar.progress.tasks[0].fields["left"] == "0:00:45"


def test_a_run_reports_each_variants_games_left_and_the_seconds_of_each_chunk(tmp_path):
    seen: list[Progress] = []
    experiment = small(games=240, chunk_size=60, bots=None, tiers="random,heuristic")
    run(experiment, tmp_path / "run", jobs=1, on_progress=seen.append)
    assert seen[0].chunk is None and seen[0].left == (240, 240)
    assert seen[0].guessed == (GAME_COST["random"], GAME_COST["heuristic"])
    assert [e.left for e in seen[1:]][-1] == (0, 0)
    for before, after in itertools.pairwise(seen):
        assert sum(before.left) - sum(after.left) == after.chunk.games
        assert after.seconds > 0
