"""The ladder is an experiment like any other (issue 13, item 3): its variants are the ordered
pairs of bots, played by the same runner on the same deals; its statistics come from analysis."""

from __future__ import annotations

import pandas as pd
from avarium.analysis.ladder import ladder_tables
from avarium.workflows.ladder import SEPARATOR, ladder_experiment, run


def test_every_ordered_pair_of_bots_is_a_variant_on_the_same_deals(bundled):
    experiment, labels = ladder_experiment(bundled, ("random", "heuristic"), rounds=1, seed=4)
    assert labels == ["random", "heuristic.balanced"]
    assert [v.label for v in experiment.variants] == [
        f"random{SEPARATOR}heuristic.balanced",
        f"heuristic.balanced{SEPARATOR}random",
    ]
    pairings = len(bundled.idols) * (len(bundled.idols) - 1)
    assert [v.games for v in experiment.variants] == [pairings, pairings]
    assert [v.bots for v in experiment.variants] == [
        ("random", "heuristic.balanced"),
        ("heuristic.balanced", "random"),
    ]


def test_a_ladder_counts_each_pairs_games_and_wins(bundled):
    games = run(bundled, ("random", "heuristic"), rounds=1, seed=4)
    pairs = games.pairs
    assert list(pairs["first"]) == ["random", "heuristic.balanced"]
    assert (pairs["games"] == 56).all()
    assert (pairs["first_wins"] + pairs["second_wins"] + pairs["stalled"] <= pairs["games"]).all()
    tables = ladder_tables(pairs, games.labels)
    strongest = tables.ratings.iloc[0]
    assert strongest["bot"] == "heuristic.balanced" and strongest["low"] > 0


def test_the_ratings_recover_a_planted_order():
    pairs = pd.DataFrame(
        [
            {"first": "a", "second": "b", "games": 400, "first_wins": 300, "second_wins": 100},
            {"first": "b", "second": "a", "games": 400, "first_wins": 100, "second_wins": 300},
        ]
    )
    tables = ladder_tables(pairs, ["b", "a"])
    assert list(tables.ratings["bot"]) == ["a", "b"]
    matches = tables.matches.set_index(["bot", "opponent"])
    assert matches.loc[("a", "b"), "rate"] == 0.75
    assert matches.loc[("a", "b"), "low"] < 0.75 < matches.loc[("a", "b"), "high"]
