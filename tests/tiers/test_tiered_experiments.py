"""An experiment may name skill tiers instead of bots: each tier becomes a variant played by
its bot in every seat, on the same deals; with neither bots nor tiers the default tiers play."""

from __future__ import annotations

import pytest
from avarium.runner.experiment import ExperimentError
from avarium.runner.experiment_file import from_flags, load, resolve
from avarium.runner.tiers import DEFAULT_TIERS, Tier, parse_tier

PAIRINGS = 56  # ordered seatings of the 8 bundled Idols, 2 players


def test_each_tier_is_a_variant_played_by_its_bot_in_every_seat():
    exp = from_flags({"games": 1120, "tiers": "random,heuristic"})
    assert [(v.label, v.tier, v.bots, v.games) for v in exp.variants] == [
        ("random", "random", ("random", "random"), 1120),
        (
            "heuristic.balanced",
            "heuristic.balanced",
            ("heuristic.balanced", "heuristic.balanced"),
            1120,
        ),
    ]


def test_a_tier_with_fewer_games_plays_whole_rounds_of_the_seatings():
    exp = from_flags({"games": 1120, "tiers": "random,heuristic=50,mcts/10=5%"})
    # 50 games and 5% of 1,120 (56) become one round of the 56 ordered seatings each
    assert [v.games for v in exp.variants] == [1120, PAIRINGS, PAIRINGS]
    exp = from_flags({"games": 1120, "tiers": "random,heuristic=57"})
    assert exp.variants[1].games == 2 * PAIRINGS


def test_an_experiment_without_bots_plays_the_default_tiers_and_random_only_when_asked():
    exp = from_flags({"games": 1120})
    assert [v.tier for v in exp.variants] == ["heuristic.balanced", "heuristic.tuned", "mcts/20"]
    assert len(exp.variants) == len(DEFAULT_TIERS)
    asked = from_flags({"games": 1120, "bots": "random"})
    assert [(v.tier, v.bots) for v in asked.variants] == [("", ("random", "random"))]


def test_bots_and_tiers_together_are_refused_naming_both_flags():
    with pytest.raises(ExperimentError) as err:
        from_flags({"games": 100, "bots": "random", "tiers": "random,heuristic"})
    assert err.value.problems == [
        '--tiers: expected bots or tiers, not both, got "random,heuristic"'
    ]


def test_an_unknown_tier_bot_is_named_under_tiers(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text('tiers = ["random", "heuristik"]\ngames = 100\n', encoding="utf-8")
    with pytest.raises(ExperimentError) as err:
        load(path)
    (problem,) = err.value.problems
    assert problem.startswith(f'{path}, variant "main", field tiers: expected bot names')
    assert "heuristik" in problem


@pytest.mark.parametrize("entry", ["", "=5", "mcts=0", "mcts=x", "mcts=120%", {"games": 5}, 3])
def test_a_malformed_tier_says_what_a_tier_looks_like(entry):
    with pytest.raises(ValueError, match="a bot spec such as"):
        parse_tier(entry)


def test_a_tier_may_be_a_table_in_a_file(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text(
        'label = "touka"\ngames = 560\ntiers = ["random", { bots = "heuristic", games = "10%" }]\n',
        encoding="utf-8",
    )
    exp = load(path)
    assert [(v.label, v.games) for v in exp.variants] == [
        ("touka · random", 560),
        ("touka · heuristic.balanced", PAIRINGS),
    ]
    assert parse_tier({"bots": "mcts", "games": 5000}) == Tier("mcts", 5000)


def test_a_tiered_experiment_reads_back_as_itself():
    exp = from_flags({"games": 1120, "tiers": "random,heuristic=5%", "seed": 4})
    again = resolve(exp.to_dict(), "experiment.toml", exp_base())
    assert again.to_dict() == exp.to_dict()
    assert [v.tier for v in again.variants] == ["random", "heuristic.balanced"]


def exp_base():
    from pathlib import Path

    return Path.cwd()


def test_variants_of_a_sweep_each_play_every_tier():
    doc = {
        "games": 112,
        "tiers": ["random", "heuristic"],
        "variant": [
            {"label": "low", "sets": ["kumara_raj.merit=16"]},
            {"label": "high", "sets": ["kumara_raj.merit=20"]},
        ],
    }
    exp = resolve(doc, "sweep.toml", exp_base())
    assert [v.label for v in exp.variants] == [
        "low · random",
        "low · heuristic.balanced",
        "high · random",
        "high · heuristic.balanced",
    ]


def test_a_problem_of_a_tiered_table_is_said_once_not_once_per_tier():
    with pytest.raises(ExperimentError) as err:
        resolve({"idols": ["touka"], "games": 100}, "e.toml", exp_base())
    assert len(err.value.problems) == 1
    assert "at least 2 Idols for 2 players" in err.value.problems[0]


def test_two_tables_with_one_label_are_named_as_written():
    doc = {"games": 100, "variant": [{"label": "a"}, {"label": "a"}]}
    with pytest.raises(ExperimentError) as err:
        resolve(doc, "e.toml", exp_base())
    assert err.value.problems == [
        'e.toml, field variant: expected a different label for each variant ("a" is repeated)'
    ]


def test_a_search_tier_is_cut_in_chunks_that_every_worker_can_share():
    from avarium.runner.experiment import CHUNKS_WANTED
    from avarium.runner.runner import plan

    exp = from_flags({"games_per_pairing": 1000, "tiers": "heuristic,mcts=5%", "seed": 1})
    search = exp.variants[1]
    chunks = plan(exp)
    mine = [c for c in chunks if c.variant == 1]
    assert len(mine) >= CHUNKS_WANTED  # not one chunk of 2,800 search games for one worker
    assert sum(c.stop - c.first for c in mine) == search.games
    assert all(c.stop - c.first <= exp.chunk_size for c in chunks if c.variant == 0)


def test_a_bot_named_twice_in_the_tiers_is_said_to_be_named_twice():
    with pytest.raises(ExperimentError) as err:
        resolve({"games": 100, "tiers": "heuristic,heuristic.balanced"}, "e.toml", exp_base())
    assert err.value.problems == [
        'e.toml, field tiers: expected each bot once ("heuristic.balanced" is named twice, as it '
        "resolves)"
    ]
