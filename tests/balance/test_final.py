"""The final: the best few of the top rung play deals no candidate has played, and the best
there is recommended (workflows/balance/search.py). Played here on a table whose results are
written in the test: one number (the second seat's bonus) moves the first Idol's rate, and
one candidate is flattered by the search's games, as the winner's curse flatters a winner."""

from __future__ import annotations

import time

from avarium.analysis.balance import Objective
from avarium.workflows.balance.candidates import Budget, Journal
from avarium.workflows.balance.play import Counts
from avarium.workflows.balance.search import Search
from avarium.workflows.balance.space import Axis, Space

TOP = 1000  # the one rung: every candidate is at the top rung
# The first Idol's rate on the search's games (0 to TOP) and on the final's (TOP on), by bonus.
SEARCH = {0: 0.70, 1: 0.58, 2: 0.54, 3: 0.53, 4: 0.50}
FRESH = SEARCH | {2: 0.57}  # bonus 2 looked inside on the games it was picked on; it is not


class WrittenTable:
    """Plays a step by looking its rate up: the same games give the same counts."""

    def __init__(self, search=SEARCH, fresh=FRESH) -> None:
        self.rates = {False: search, True: fresh}
        self.played: list[tuple[int, int, int]] = []  # (bonus, start, stop)

    def games(self, start: int, stop: int) -> int:
        return stop - start

    def play(self, steps, on_games=None) -> list[Counts]:
        out = []
        for s in steps:
            n, bonus = s.stop - s.start, s.bonus[1]
            wins = round(self.rates[s.start >= TOP][bonus] * n)
            out.append(Counts(n, (n, n), (wins, n - wins), (n, n), (n // 2, n - n // 2)))
            self.played.append((bonus, s.start, s.stop))
        return out


def search(tmp_path, finalists: int, objective=None, table=None) -> tuple[Search, WrittenTable]:
    space = Space((Axis("bonus.2", (0, 1, 2, 3, 4), 0, seat=1),))
    table = table or WrittenTable()
    objective = objective or Objective(2, field_cost=0.01, step_cost=0.005)
    journal = Journal(tmp_path / f"journal-{finalists}.jsonl")
    found = Search(space, table, (0, 0), objective.score, lambda c: False, journal, (TOP,),
                   finalists=finalists)  # fmt: skip
    return found, table


def bonus_of(candidate) -> int:
    return candidate.values[0]


def test_without_a_final_the_winner_is_the_one_the_search_games_flattered(tmp_path):
    found, _ = search(tmp_path, finalists=0)
    result = found.run(Budget(games=100_000))
    assert bonus_of(result.best) == 2 and result.finalists == []


def test_the_final_recommends_the_best_on_fresh_deals(tmp_path):
    found, table = search(tmp_path, finalists=3)
    result = found.run(Budget(games=100_000))
    # the three best of the top rung: bonus 2 (0.02 of cost), 3 (0.025) and 4 (0.03); on the
    # final's deals bonus 2 is two points out (0.02 + 0.02), so bonus 3 is the best
    assert [bonus_of(c) for c in result.finalists] == [3, 4, 2]
    assert bonus_of(result.best) == 3
    assert result.best.final_score.distance == 0
    assert sorted(b for b, start, stop in table.played if start == TOP) == [2, 3, 4]
    assert all(stop == 2 * TOP for _, start, stop in table.played if start == TOP)


def test_the_finals_games_are_set_aside_from_the_budget_and_counted(tmp_path):
    enough = 5 * TOP + 3 * TOP  # the start and a generation of four, then a final of three
    found, table = search(tmp_path, finalists=3)
    result = found.run(Budget(games=enough))
    assert result.games == sum(stop - start for _, start, stop in table.played) == enough
    assert len(result.finalists) == 3
    # A game less: the generation no longer fits beside the final's games, so it is not
    # played, rather than the final cut short or the budget overspent.
    (tmp_path / "less").mkdir()
    fewer, table = search(tmp_path / "less", finalists=3)
    squeezed = fewer.run(Budget(games=enough - 1))
    assert [c.number for c in squeezed.candidates] == [0]
    assert squeezed.games == sum(stop - start for _, start, stop in table.played) < enough


def test_the_final_is_read_back_from_the_journal_when_the_search_resumes(tmp_path):
    first, _ = search(tmp_path, finalists=3)
    before = first.run(Budget(games=100_000))
    again, table = search(tmp_path, finalists=3)
    after = again.run(Budget(games=100_000))
    assert table.played == []  # every step, the final's included, was in the journal
    assert after.best.values == before.best.values and after.games == before.games


def test_with_a_budget_in_minutes_the_final_plays_what_fits_in_the_clocks_last_quarter(tmp_path):
    found, _ = search(tmp_path, finalists=3)
    found.final_games = 4 * TOP
    found.played, started = 10_000, time.monotonic() - 10  # a pace of 1,000 games a second
    # 3.5 s left: 1,166 games for each of three finalists, in whole first rungs: 1,000
    assert found._fitting(4 * TOP, 3.5, started, 3) == TOP
    assert found._fitting(4 * TOP, 60.0, started, 3) == 4 * TOP  # never more than asked
    # 2 s left: not even the top rung's games each, so no final (the best of the top rung)
    assert found._fitting(4 * TOP, 2.0, started, 3) < TOP
    found.played = 0  # everything read back from the journal: no pace, the games asked
    assert found._fitting(4 * TOP, 2.0, started, 3) == 4 * TOP


def test_with_a_budget_in_minutes_the_final_is_played_too(tmp_path):
    found, _ = search(tmp_path, finalists=3)
    result = found.run(Budget(seconds=30.0))  # the written table plays in no time
    assert len(result.finalists) == 3 and bonus_of(result.best) == 3


def test_on_a_tie_in_the_final_the_set_nearer_the_aim_wins(tmp_path):
    # Numbers a computer adds exactly: band 25-75%, aim 37.5-62.5%, an eighth per step. In the
    # final bonus 1 is an eighth out of the aim plus one step, bonus 2 inside plus two steps:
    # a tie, which the search's games (bonus 1 inside the aim there) would have broken the
    # flattered way.
    objective = Objective(2, band=(0.25, 0.75), margin=0.125, field_cost=0, step_cost=0.125)
    on_search = {0: 1.0, 1: 0.625, 2: 0.5, 3: 0.5, 4: 0.5}
    table = WrittenTable(on_search, on_search | {1: 0.75})
    found, _ = search(tmp_path, finalists=3, objective=objective, table=table)
    result = found.run(Budget(games=100_000))
    first, second = result.finalists[:2]
    assert first.final_score.objective == second.final_score.objective == 0.25
    assert bonus_of(first) == 2 and bonus_of(second) == 1
