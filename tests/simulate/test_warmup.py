"""A cold start compiles on two cores (warmup): the kernels it compiles ahead must be
the very ones the game loop calls, argument types included, or the work is thrown away and the
game loop compiles them again (the run stays right, only slower, so only these tests notice)."""

from __future__ import annotations

import numpy as np
import pytest
from avarium.runner.batch import play_chunk
from avarium.runner.warmup import bot_kernels, compile_side_by_side, rules_cached
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.game.api import Rules
from numba import config

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="nothing is compiled")


@pytest.fixture(scope="module")
def cards_after_a_heuristic_game():
    """The bundled set, once a heuristic game has been played: numba's cache then holds every
    kernel the game loop compiled (it saves each kernel as it compiles it), or held them
    already."""
    cards = load_cards()
    idols = np.array([[cards.index[c.id] for c in cards.idols[:2]]], np.int32)
    seeds = np.array([7], np.uint32)
    play_chunk(cards, Rules(), 2, idols, ["heuristic", "heuristic"], seeds, seeds, (0, 2))
    return cards


def _cached(kernel, signature) -> bool:
    return kernel._cache.load_overload(signature, kernel.targetctx) is not None


def test_the_helper_compiles_step_as_the_game_loop_calls_it(cards_after_a_heuristic_game):
    assert rules_cached()


def test_the_kernels_compiled_ahead_are_those_the_game_loop_calls(cards_after_a_heuristic_game):
    kernels = bot_kernels(cards_after_a_heuristic_game, heuristic=True)
    assert len(kernels) == 4
    for kernel, signature in kernels:
        assert _cached(kernel, signature), kernel.py_func.__name__


def test_random_players_need_no_heuristic_compiled_ahead(cards_after_a_heuristic_game):
    kernels = bot_kernels(cards_after_a_heuristic_game, heuristic=False)
    names = [k.py_func.__name__ for k, _ in kernels]
    assert names == ["legal_actions", "deal_game", "record"]


def test_a_warm_cache_starts_no_helper(cards_after_a_heuristic_game, monkeypatch):
    started = []
    monkeypatch.setattr("avarium.runner.warmup.subprocess.Popen", lambda *a, **k: started.append(a))
    compile_side_by_side(cards_after_a_heuristic_game, ["heuristic", "heuristic"], None)
    assert started == []


class _Helper:
    def __init__(self, command, **kwargs):
        self.command = command
        self.waited = False
        helpers.append(self)

    def wait(self):
        self.waited = True


helpers: list[_Helper] = []


def test_a_cold_cache_compiles_the_rules_in_a_helper_while_compiling_the_bots(
    cards_after_a_heuristic_game, monkeypatch
):
    compiled = []
    monkeypatch.setattr("avarium.runner.warmup.rules_cached", lambda: False)
    monkeypatch.setattr("avarium.runner.warmup.subprocess.Popen", _Helper)
    monkeypatch.setattr(
        "avarium.runner.warmup.bot_kernels",
        lambda cards, heuristic: [(type("K", (), {"compile": compiled.append})(), ("sig",))],
    )
    helpers.clear()
    compile_side_by_side(cards_after_a_heuristic_game, ["heuristic", "random"], None)
    assert len(helpers) == 1 and "compile_rules()" in helpers[0].command[-1]
    assert compiled == [("sig",)]
    assert helpers[0].waited  # the game loop starts once the rules are in the cache


def _warmed(tmp_path, monkeypatch, **options):
    """What runner._warm plays (each task, nothing compiled) and the notices it sets, as
    (games played before it, text), for a run of a heuristic and a search tier."""
    from avarium.runner import runner
    from avarium.runner.experiment_file import load

    path = tmp_path / "tiers.toml"
    path.write_text('tiers = ["heuristic", "mcts=5%"]\ngames = 400\n', encoding="utf-8")
    experiment = load(path)
    tasks = runner.plan_tasks(experiment, runner.plan(experiment), set())
    played, said = [], []
    monkeypatch.setattr(runner, "compile_side_by_side", lambda *args, **kwargs: None)
    monkeypatch.setattr(runner, "play", played.append)
    monkeypatch.setattr(runner, "announce_as", lambda text: said.append((len(played), text)))
    runner._warm(tasks, **options)
    return tasks, played, said


def test_a_tiered_run_compiles_the_search_loop_before_its_workers_start(tmp_path, monkeypatch):
    """One game of each game loop the run plays, here in the parent, heuristic's first: left to
    the workers, each would compile the searching seats' loop at its first search chunk, side
    by side, writing numba's cache at once."""
    from avarium.runner.runner import searching
    from avarium.runner.warmup import search_loop_notice

    tasks, played, said = _warmed(tmp_path, monkeypatch)
    assert [searching(t.variant.bots) for t in played] == [False, True]
    assert [t.chunk.games for t in played] == [1, 1]
    first_search = next(t for t in tasks if searching(t.variant.bots))
    assert played[1].chunk.first == first_search.chunk.first
    # what the first compile would say as the search game starts: the searching loop's notice
    assert said == [(1, search_loop_notice())]


def test_a_run_on_a_cluster_it_did_not_start_leaves_the_search_loop_to_its_workers(
    tmp_path, monkeypatch
):
    from avarium.runner.runner import searching

    _, played, said = _warmed(tmp_path, monkeypatch, search_loop=False)
    assert [searching(t.variant.bots) for t in played] == [False] and said == []
