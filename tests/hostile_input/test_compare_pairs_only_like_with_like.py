"""compare pairs only like with like: two runs of other bots, player counts, Idol pools or
seatings are refused in one line naming what differs; runs that differ in what a designer
changes (cards, patches, --set, bonus, rules) are compared, twin game with twin game, and a
game without a twin (another deal or seating) is left out and said so."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from avarium.analysis.compare import CompareError, comparable, compare_runs
from avarium.analysis.synthetic import (
    IDOLS,
    Plan,
    shared_deal_sweep,
    synthetic_cards,
    synthetic_games,
    write_run,
)
from avarium.analysis.synthetic import synthetic_run as _synthetic_run

from tests.hostile_input.helpers import invoke, one_line_error

MAY_DIFFER = "only cards, patches, --set overrides, bonus and rules may differ"


def synthetic_run(path, plan):
    return _synthetic_run(path, 2_000, plan, seed=3, chunk_games=2_000)


@pytest.fixture(scope="module")
def before(tmp_path_factory):
    return synthetic_run(tmp_path_factory.mktemp("runs") / "before", Plan())


@pytest.mark.parametrize(
    ("plan", "named"),
    [
        (Plan(bot="heuristic"), "bots (A random; B heuristic)"),
        (Plan(players={3: 1.0}), "players (A 2; B 3)"),
        (Plan(idols=IDOLS[:4]), "idols (A hatsurugi_touka"),
        (Plan(seat_weight={"amyba": (1.0, 4.0)}), "seating (A synthetic; B synthetic weighted"),
    ],
    ids=["bots", "players", "idol-pool", "seating"],
)
def test_runs_of_other_games_are_refused_naming_what_differs(before, tmp_path, plan, named):
    after = synthetic_run(tmp_path / "after", plan)
    line = one_line_error(invoke("compare", before, after), 2, named, MAY_DIFFER)
    assert line.startswith("error: the runs differ in ")
    assert not (after / "compare-before").exists()


@pytest.mark.parametrize(
    "plan",
    [Plan(strength={"amyba": 0.3}), Plan(bonus={2: (0, 1)})],
    ids=["a-card-change", "a-bonus-change"],
)
def test_a_change_a_designer_makes_is_compared_paired(before, tmp_path, plan):
    after = synthetic_run(tmp_path / "after", plan)
    result = invoke("compare", before, after)
    assert result.exit_code == 0, result.output
    page = (after / "compare-before" / "index.html").read_text(encoding="utf-8")
    assert "Comparison paired: 2,000 games of A have a twin in B" in page
    assert "Unpaired games left out" not in page


def test_without_a_recorded_experiment_the_games_show_the_bots():
    a = synthetic_games(500, Plan(), seed=1)
    b = synthetic_games(500, Plan(bot="heuristic"), seed=1)
    with pytest.raises(CompareError, match=r"bots in 2-player games \(A seat 0: random"):
        comparable(a, b, {}, {})
    comparable(a, a.copy(), {}, {})  # the same games: nothing to refuse


def test_real_runs_of_other_bots_are_refused(tmp_path):
    for name, bot in (("random", "random"), ("heuristic", "heuristic")):
        played = invoke("simulate", "--games", "10", "--strategy", bot, "--out", tmp_path / name,
                        "-q", "-j", "1")  # fmt: skip
        assert played.exit_code == 0, played.output
    result = invoke("compare", tmp_path / "random", tmp_path / "heuristic")
    one_line_error(result, 2, "bots (A random, random; B heuristic.balanced", MAY_DIFFER)


def _swap_first_seats(games: pd.DataFrame, game_ids) -> pd.DataFrame:
    """The same games with the Idols of seats 0 and 1 exchanged in the given games: the same
    deal (game_id, game_seed) but another seating."""
    out = games.copy()
    for game in game_ids:
        rows = out.index[out["game_id"] == game]
        out.loc[rows, "idol"] = out.loc[rows[::-1], "idol"].to_numpy()
    return out


def test_a_game_with_the_same_deal_but_another_seating_has_no_twin():
    a = synthetic_games(1_000, Plan(), seed=2)
    b = _swap_first_seats(a, [3, 10, 400])
    result = compare_runs(a, b)
    assert result["paired"] and result["twins"] == 997
    assert result["unpaired_a"] == result["unpaired_b"] == 3
    # The twins are identical games, so a paired comparison finds no change at all.
    assert (result["idols"]["diff"] == 0).all() and (result["seats"]["diff"] == 0).all()


def test_the_page_says_how_many_games_were_left_unpaired(tmp_path):
    a = synthetic_games(1_000, Plan(), seed=2)
    b = _swap_first_seats(a, [3, 10, 400])
    experiment = {"name": "x", "variant": [{"label": "main", "players": 2, "bots": ["random"]}]}
    runs = []
    for name, games in (("a", a), ("b", b)):
        chunks = [(games, synthetic_cards(games, seed=1))]
        runs.append(write_run(tmp_path / name, chunks, seed=2, experiment=experiment))
    result = invoke("compare", *runs)
    assert result.exit_code == 0, result.output
    page = (runs[1] / "compare-a" / "index.html").read_text(encoding="utf-8")
    assert "997 games of A have a twin in B" in page
    assert "Unpaired games left out" in page and "3 of A's and 3 of B's games have no twin" in page


def test_runs_with_a_tenth_of_the_games_reseated_are_paired_on_the_rest():
    a = synthetic_games(1_000, Plan(), seed=2)
    b = _swap_first_seats(a, np.arange(0, 1_000, 10))  # a tenth of the games reseated
    result = compare_runs(a, b)
    assert result["paired"] and result["twins"] == 900
    assert result["unpaired_a"] == result["unpaired_b"] == 100
    assert (result["idols"]["method"] == "paired").all()


def test_runs_with_too_few_twins_are_compared_unpaired_and_say_so():
    a = synthetic_games(1_000, Plan(), seed=2)
    b = _swap_first_seats(a, np.arange(600))  # fewer than half the games keep their seating
    result = compare_runs(a, b)
    assert not result["paired"] and result["twins"] == 400
    assert (result["idols"]["method"] == "unpaired").all()


def test_the_page_says_how_many_games_of_a_larger_run_were_paired(tmp_path):
    # A: two variants of 2,000 games; B: the same seed with 1,000 per variant, so B's second
    # variant has other game ids than its twins in A (ids run on across variants).
    plans = [Plan(variant="main"), Plan(variant="second")]
    a = shared_deal_sweep(2_000, plans, seed=2)
    b = shared_deal_sweep(2_000, plans, seed=2)
    deal = b["game_id"].to_numpy() % 2_000
    b = b[deal < 1_000].copy()
    b["game_id"] = deal[deal < 1_000] + np.where(b["variant"].astype(str) == "main", 0, 1_000)
    variants = [{"label": p.variant, "players": 2, "bots": ["random"]} for p in plans]
    runs = []
    for name, games in (("a", a), ("b", b)):
        chunks = [(games, synthetic_cards(games, seed=1))]
        experiment = {"name": name, "variant": variants}
        runs.append(write_run(tmp_path / name, chunks, seed=2, experiment=experiment))
    result = invoke("compare", *runs)
    assert result.exit_code == 0, result.output
    page = (runs[1] / "compare-a" / "index.html").read_text(encoding="utf-8")
    assert "Comparison paired: 2,000 games of A have a twin in B" in page
    assert "every difference below is over these 2,000 paired games" in page
    assert "2,000 of A's and 0 of B's games have no twin" in page
    pairing = pd.read_csv(runs[1] / "compare-a" / "tables" / "pairing.csv")
    assert pairing.to_dict("list") == {
        "variant": ["main", "second"],
        "games_a": [2_000, 2_000],
        "games_b": [1_000, 1_000],
        "paired": [1_000, 1_000],
        "unpaired_a": [1_000, 1_000],
        "unpaired_b": [0, 0],
    }
