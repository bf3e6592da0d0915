"""When the objective's costs prefer fewer changes to a balanced set, `avarium balance` says so:
the cheapest top-rung candidate that shows no Idol outside the band is named beside "cannot",
with the flags that would prefer it (workflows/balance/headline.py)."""

from __future__ import annotations

from types import SimpleNamespace

from avarium.analysis.balance import Objective
from avarium.workflows.balance.headline import headline
from avarium.workflows.balance.outputs import _inside_but_costlier
from avarium.workflows.balance.play import Counts

CANNOT = "cannot within the allowed ranges"


def _counts(*rates: float, games: int = 2000) -> Counts:
    wins = tuple(int(r * games) for r in rates)
    return Counts(games, (games,) * len(rates), wins, (games, games), (games // 2, games // 2))


def _candidate(label, rung, counts, objective, distance, cost, values):
    return SimpleNamespace(label=label, rung=rung, counts=counts, objective=objective,
                           distance=distance, cost=cost, values=values, final=None)  # fmt: skip


class _Space:
    axis = SimpleNamespace(name="raj.merit", start=20)

    def changes(self, values):
        return [(self.axis, v) for v in values if v != 20]


def _result():
    start = _candidate("start", 1, _counts(0.62, 0.38), 0.12, 0.12, 0.0, (20,))
    balanced = _candidate("raj.merit=26", 1, _counts(0.51, 0.49), 0.15, 0.0, 0.15, (26,))
    early = _candidate("raj.merit=24", 0, _counts(0.5, 0.5), 0.10, 0.0, 0.10, (24,))
    return SimpleNamespace(rungs=(1008, 3024), candidates=[start, balanced, early], best=start)


def test_a_balanced_candidate_the_costs_passed_over_is_found_at_the_top_rung_only():
    found = _inside_but_costlier(_result(), _Space(), Objective(2))
    assert found["label"] == "raj.merit=26"  # not the one that never reached the top rung
    assert found["changes"] == [{"field": "raj.merit", "from": 20, "to": 26}]


def test_a_candidate_that_lost_on_its_distance_is_not_said_to_have_lost_on_its_costs():
    # Not shown outside on its games, yet further from the band than the recommended set
    # before any cost (here nothing costs anything): lowering the costs would not prefer it.
    result = _result()
    further = _candidate("raj.merit=22", 1, _counts(0.56, 0.44), 0.13, 0.13, 0.0, (22,))
    result.candidates = [result.candidates[0], further]
    assert _inside_but_costlier(result, _Space(), Objective(2)) is None


def test_none_when_no_top_rung_candidate_is_inside():
    result = _result()
    result.candidates = result.candidates[:1] + result.candidates[2:]
    assert _inside_but_costlier(result, _Space(), Objective(2)) is None


def test_none_when_the_recommended_set_shows_none_outside_on_the_top_rungs_games_either():
    # "cannot" came from the final's larger sample (an Idol shown outside there): on the top
    # rung's games the recommended set passes the flag test as the other does, so naming the
    # other as "inside" would be a difference of sample size, not of balance
    result = _result()
    recommended = _candidate("raj.merit=25", 1, _counts(0.52, 0.48), 0.13, 0.0, 0.13, (25,))
    result.candidates.append(recommended)
    result.best = recommended
    assert _inside_but_costlier(result, _Space(), Objective(2)) is None


def test_cannot_is_followed_by_the_balanced_candidate_and_the_flags_to_prefer_it():
    rates = [{"condition": "c", "fair": 0.5, "idol": "Kumara RAJ", "idol_id": "raj",
              "games": 2000, "rate": 0.38}]  # fmt: skip
    facts = {
        "status": CANNOT, "conditions": ["heuristic.tuned, 2 players"],
        "search_tier": "heuristic.tuned", "candidates": 3, "games": 9072, "seconds": 10,
        "changes": [], "patch": "p", "report": "r", "best": None, "check_tiers": ["heuristic"],
        "start": {"rates": rates, "games": 2000, "outside": ["Kumara RAJ"], "distance": 0.07},
        "inside_but_costlier": _inside_but_costlier(_result(), _Space(), Objective(2)),
    }  # fmt: skip
    text = headline(facts)
    assert "cannot bring every Idol inside the band" in text
    assert "but raj.merit=26 shows no Idol outside the band" in text
    assert "lower --field-cost and --step-cost to prefer it" in text


def test_cannot_names_the_idols_outside_whose_cards_no_vary_touches():
    rates = [{"condition": "c", "fair": 0.5, "idol": i, "idol_id": i, "games": 2000,
              "rate": 0.38} for i in ("Kumara RAJ", "AMYBA")]  # fmt: skip
    facts = {
        "status": CANNOT, "conditions": ["heuristic.tuned, 2 players"],
        "search_tier": "heuristic.tuned", "candidates": 3, "games": 9072, "seconds": 10,
        "changes": [], "patch": "p", "report": "r", "best": None, "check_tiers": ["heuristic"],
        "start": {"rates": rates, "games": 2000, "outside": ["Kumara RAJ", "AMYBA"],
                  "distance": 0.07},
        "unvaried": ["AMYBA", "Hatsurugi TOUKA"],  # Touka is not outside: not named
    }  # fmt: skip
    (line,) = [x for x in headline(facts).splitlines() if x.startswith("no --vary")]
    assert line.startswith("no --vary changes a number of AMYBA: vary one of theirs")
    assert "no Idol a --vary reaches" not in line  # Raj is out, and a --vary reaches him
    only = facts | {"unvaried": ["Kumara RAJ", "AMYBA"]}
    (line,) = [x for x in headline(only).splitlines() if x.startswith("no --vary")]
    assert line.endswith(
        "(docs/balance.md, What may vary); no Idol a --vary reaches is shown outside"
    )
    # every Idol outside has a number the search may change: nothing to add
    assert "no --vary" not in headline(facts | {"unvaried": ["Hatsurugi TOUKA"]})


def _no_change(distance: float) -> dict:
    rates = [{"condition": "c", "fair": 0.5, "idol": "AMYBA", "idol_id": "amyba",
              "games": 2268, "rate": 0.5 + 0.05 + distance}]  # fmt: skip
    return {
        "status": "no change needed", "conditions": ["heuristic.tuned, 2 players"],
        "search_tier": "heuristic.tuned", "changes": [], "patch": "p", "report": "r",
        "best": None, "rungs": [1008, 3024, 9072], "check_tiers": ["heuristic.tuned"],
        "start": {"rates": rates, "games": 18144, "outside": [], "distance": distance},
    }  # fmt: skip


def test_no_change_needed_says_when_an_estimate_is_outside_but_not_shown_to_be():
    text = headline(_no_change(0.016))
    assert "no change needed" in text
    assert "the worst is estimated 1.6 points out, within the noise of its 18,144 games" in text
    # The starting set played the top rung, 9,072 games a condition: a first rung three times
    # that is what plays it on more, whatever the budget.
    assert "--first-rung 27216 plays it on 3 times as many" in text
    assert "estimated" not in headline(_no_change(0.0))


def _apart(group: str, idol: str, players: int = 2) -> dict:
    return {"group": group, "players": players, "idol": idol, "tier_a": "heuristic.balanced",
            "rate_a": 0.281, "tier_b": "mcts/20", "rate_b": 0.51, "apart": True}  # fmt: skip


def test_the_check_names_the_idols_whose_tiers_are_further_apart_than_the_band():
    # No change: the starting set's check (`before`) is the one a designer has in hand.
    facts = _no_change(0.0) | {"tiers_apart": [_apart("before", "Love"), _apart("after", "Raj")]}
    (line,) = [x for x in headline(facts).splitlines() if "further apart" in x]
    assert line.startswith("at the check, the starting set has tiers further apart")
    assert line.endswith("inside at all): Love (heuristic.balanced 28.1% vs mcts/20 51.0%)")
    # None apart: no line.
    assert "further apart" not in headline(_no_change(0.0) | {"tiers_apart": []})


def test_after_a_search_the_recommended_sets_idols_apart_are_named_at_every_player_count():
    facts = _no_change(0.0) | {
        "status": "balanced", "best": {"objective": 0.01, "distance": 0.0}, "candidates": 3,
        "games": 9072, "seconds": 10,
        "tiers_apart": [_apart("before", "Love"), _apart("after", "Raj"),
                        _apart("after (3 players)", "Love", players=3)],
    }  # fmt: skip
    (line,) = [x for x in headline(facts).splitlines() if "further apart" in x]
    assert "the recommended set has tiers further apart" in line
    assert line.endswith(
        "Raj at 2 players (heuristic.balanced 28.1% vs mcts/20 51.0%), "
        "Love at 3 players (heuristic.balanced 28.1% vs mcts/20 51.0%)"
    )


def test_the_check_on_fresh_deals_is_said_and_a_disagreement_with_the_search_explained():
    facts = _no_change(0.0) | {"check_tiers": ["heuristic", "heuristic.tuned"]}
    text = headline(facts)
    assert (
        "at the check on fresh deals (heuristic, heuristic.tuned): no Idol of the starting "
        "set shown outside the band" in text
    )
    shown = {"idol": "Raj", "players": 2, "tier": "heuristic.tuned", "rate": 0.601, "lo": 0.577,
             "hi": 0.624, "games": 1620}  # fmt: skip
    text = headline(facts | {"check_outside": [shown]})
    assert (
        "at the check on fresh deals, the starting set has Idols shown outside the band: Raj "
        "60.1% (57.7%-62.4%) at heuristic.tuned, 1,620 games (the search judged on its own "
        "games" in text
    )


def test_when_nothing_beats_the_start_the_verdict_is_what_the_start_shows():
    from avarium.workflows.balance.verdict import status as _status

    # the start shown outside on the search's games and nothing better found: cannot
    out = _candidate("start", 1, _counts(0.62, 0.38), 0.12, 0.12, 0.0, (20,))
    assert _status(SimpleNamespace(settled=False, start=out, best=out), Objective(2)) == CANNOT
    # --always-search on a start shown inside (no Idol outside) that no candidate beat
    fine = _candidate("start", 1, _counts(0.52, 0.48), 0.02, 0.0, 0.0, (20,))
    result = SimpleNamespace(settled=False, start=fine, best=fine)
    assert _status(result, Objective(2)) == "no change needed"
    # a better candidate shown inside: balanced
    better = _candidate("raj.merit=22", 1, _counts(0.5, 0.5), 0.01, 0.0, 0.01, (22,))
    assert _status(SimpleNamespace(settled=False, start=out, best=better), Objective(2)) == (
        "balanced"
    )
