"""`avarium check` (issue 15, item 10): many games with every invariant checked in every state,
and a broken game reported with the command that replays exactly it.

With tests/properties/test_unusual_card_sets.py (20,000 checked games on random card sets built
by hypothesis) and test_random_games.py, CI checks over 100,000 games on every run."""

from __future__ import annotations

import os

import numpy as np
import pytest
from avarium.simulator.cards.bundled import SETS
from avarium.simulator.constants import MAX_PLAYERS
from avarium.simulator.engine.play import play_checked_games
from avarium.simulator.engine.state import allocate
from avarium.simulator.game.api import Rules, load_cards, tables_of
from avarium.workflows import check
from avarium.workflows.check import Violation, check_games, deals, replay
from typer.testing import CliRunner

from avarium.cli.main import app

COMPILED = "NUMBA_DISABLE_JIT" not in os.environ
runner = CliRunner()


@pytest.mark.skipif(not COMPILED, reason="70,000 games are for the compiled engine")
@pytest.mark.parametrize("name", sorted(SETS))
def test_thirty_five_thousand_checked_games_of_each_bundled_set_are_sound(name):
    """Every bundled set, not only version 1: a later version changes numbers a rule reads
    (a Win-Con's threshold, a starting Merit), so it can reach states the first never does."""
    result = check_games(load_cards(name), 35_000, (2, 3, 4), seed=2026, jobs=2)
    assert sum(result.games.values()) == 35_000
    assert result.violations == []


def test_a_replayed_game_is_the_game_that_was_checked(bundled):
    """The replay (Python, step by step) ends exactly as the compiled checked game did."""
    for players, game in ((2, 7), (3, 1), (4, 4)):
        idols, deal, bot = deals(bundled, players, game, 1, seed=9)
        tb = tables_of(bundled)
        bonus = np.zeros(MAX_PLAYERS, np.int32)
        bonus[:players] = Rules().seat_bonus(players)
        out = np.zeros((1, 6), np.int64)
        play_checked_games(
            allocate(tb), tb, players, idols, bonus, deal, bot, Rules().config(), out
        )
        lines, problem = replay(bundled, players, game, seed=9)
        assert problem is None
        assert f"Game over on turn {out[0, 2]}:" in lines[-1]
        winner = int(out[0, 0])
        assert f"P{winner} (" in lines[-1].split("Game over")[1].split("wins")[0]


def test_a_broken_game_is_reported_with_the_command_that_replays_it(monkeypatch):
    broken = Violation(
        3, 41, ("amyba", "kumara_raj", "hatsurugi_touka"), "a card is in no known zone"
    )

    def found(cards, games, players, seed, jobs):
        return check.CheckResult({3: games}, [broken], 0.1)

    monkeypatch.setattr(check, "check_games", found)
    result = runner.invoke(app, ["check", "--games", "50", "--players", "3", "--seed", "8"])
    assert result.exit_code == 1
    assert (
        "3 players, game 41 (amyba, kumara_raj, hatsurugi_touka): a card is in no known zone"
        in (result.output)
    )
    assert "replay: avarium check --players 3 --seed 8 --game 41" in result.output


def test_the_replay_command_prints_the_transcript(bundled):
    result = runner.invoke(app, ["check", "--players", "2", "--seed", "3", "--game", "2"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Avarium Academy, seed")
    assert "== Game over on turn" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "--players"),
        (["--players", "2,3", "--game", "1"], "one --players"),
    ],
)
def test_bad_check_requests_are_one_line(args, message):
    result = runner.invoke(app, ["check", "--games", "10", *args])
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output
