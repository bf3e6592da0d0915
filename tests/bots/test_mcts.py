"""The MCTS bot (strategies/mcts.py): named by a spec like the other bots, it takes a move that
wins on the spot, plays whole games to their end in every seat count, and plays the same moves
compiled or as plain Python. (That it never peeks is checked with the other bots in
test_hidden_information.py; that its games are reproducible in test_bot_determinism.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from avarium.runner.batch import play_chunk
from avarium.simulator.engine import layout as L
from avarium.simulator.game.api import Rules
from avarium.simulator.game.scenario import scenario
from avarium.strategies import BotError, bot_spec, canonical
from avarium.strategies.weights import KIND_MCTS, W_EXPLORATION, W_ITERATIONS, W_MERIT

from tests.bots.helpers import choose
from tests.bots.test_bot_determinism import assert_no_stall, deal

ROOT = Path(__file__).resolve().parents[2]
RULES = Rules()
SEEDS = (0, 1, 2)
DEAR = "courtyard: gang boss, host club prince, team captain, band leader, council vice-president"


# -- the spec ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "label"),
    [
        ("mcts", "mcts/20"),
        ("mcts/8", "mcts/8"),
        ("mcts.mcts/8", "mcts/8"),
        ("mcts.balanced/12", "mcts.balanced/12"),
        ("mcts.aggressive", "mcts.aggressive/20"),
    ],
)
def test_every_mcts_spec_has_one_canonical_label(spec, label):
    assert canonical(spec) == label
    assert bot_spec(spec).kind == KIND_MCTS


def test_mcts_profile_weights_play_out_and_the_mcts_profile_searches():
    """`mcts.aggressive/8` scores and plays out with the aggressive weights and searches with
    the `mcts` profile's settings (the aggressive profile has none)."""
    aggressive = bot_spec("heuristic.aggressive").weights
    mcts = bot_spec("mcts").weights
    w = bot_spec("mcts.aggressive/8").weights
    assert w[W_MERIT] == aggressive[W_MERIT]
    assert w[W_ITERATIONS] == 8 and w[W_EXPLORATION] == mcts[W_EXPLORATION] > 0


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts/0", "whole number from 1 to 100,000"),
        ("mcts/many", "whole number from 1 to 100,000"),
        ("mcts.reckless", 'no profile "reckless"'),
    ],
)
def test_a_wrong_mcts_spec_is_a_clear_error(spec, message):
    with pytest.raises(BotError, match=message):
        bot_spec(spec)


def test_an_mcts_profile_file_without_search_settings_is_a_clear_error(tmp_path):
    from avarium.strategies.profiles import BUNDLED

    text = BUNDLED.read_text()
    path = tmp_path / "mine.toml"
    path.write_text(text[: text.index("\n[mcts]")] + "\n")
    with pytest.raises(BotError, match='no "mcts" profile'):
        bot_spec("mcts.balanced", path)


# -- it takes a move that wins -----------------------------------------------------------------


def play_turn(game, bot: str, seed: int) -> None:
    """Play on until the turn ends or the game is over: seat 0 by `bot`, seat 1 by the
    heuristic."""
    turn = game.turn
    while not game.is_terminal() and game.turn == turn:
        legal = game.legal_actions()
        who = bot if game.current_player() == 0 else "heuristic.balanced"
        game.step(legal[0] if len(legal) == 1 else choose(game, who, seed, legal))


@pytest.mark.parametrize("seed", SEEDS)
def test_mcts_takes_the_attack_that_expels_the_last_enemy(bundled, seed):
    """RAJ at 4 Merit with no ready Student: Sculptor (4) attacking RAJ wins the game now, a
    two-step move (declare the fight, then pick RAJ as its target)."""
    text = f"""
    p0: idol amyba | rep 0 | class sculptor
    p1: idol raj | merit 4 | class kendo novice(exhausted)
    {DEAR}, dojo senpai
    """
    game = scenario(text, bundled)
    turn = game.turn
    play_turn(game, "mcts", seed)
    assert game.is_terminal() and game.result().winner == 0
    assert game.turn == turn


@pytest.mark.parametrize("seed", SEEDS)
def test_mcts_plays_the_tenth_scheme_that_wins_for_hojo(bundled, seed):
    """HOJO's Win-Con is 10 Schemes played (instant): at 9, any Scheme wins."""
    text = f"""
    p0: idol hojo | rep 2 | class sculptor | hand school festival | first
    p1: idol raj
    {DEAR}, dojo senpai
    """
    game = scenario(text, bundled)
    game.state[L.ROW_SEAT + 0, L.P_N_SCHEMES] = 9
    assert game.action_name(choose(game, "mcts", seed)).startswith("play School Festival")
    play_turn(game, "mcts", seed)
    assert game.is_terminal() and game.result().winner == 0
    assert game.result().reason == "wincon"


# -- whole games -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_with_mcts_seats_plays_to_its_end(bundled, players):
    """MCTS against the heuristic in every seat order: every game finishes with a winner, none
    hits a safety cap."""
    bots = tuple("mcts/8" if i % 2 == 0 else "heuristic.balanced" for i in range(players))
    for seats in (bots, bots[::-1]):
        idols, deal_seeds, bot_seeds = deal(bundled, players, 1, seed=80 + players)
        result = play_chunk(bundled, RULES, players, idols, list(seats), deal_seeds, bot_seeds,
                            RULES.seat_bonus(players))  # fmt: skip
        assert_no_stall(result, seats)
        assert result.seat[:, :, -1].sum() > 0  # decisions were made


# -- compiled and plain Python -----------------------------------------------------------------

SCRIPT = """
import json
import numpy as np
from avarium.simulator.game.api import Rules
from avarium.simulator.cards.loader import load_cards
from avarium.runner.batch import Chooser, new_dealt_game
from avarium.strategies import bot_spec

cards = load_cards("prototype-v1")  # the worked examples' numbers (tests/conftest.py)
rules = Rules()
idols = [cards.index[i] for i in ("hatsurugi_touka", "kumara_raj")]
game = new_dealt_game(cards, rules, idols, 7, rules.seat_bonus(2))
choose = Chooser(game, [bot_spec("mcts/6"), bot_spec("heuristic")], 5)
while not game.is_terminal() and game.turn <= 3:
    game.step(choose(game, game.legal_actions()))
print(json.dumps([game.history, choose.rngs.tolist()]))
"""


def play_some_turns(jit: bool) -> list:
    env = dict(os.environ)
    env.pop("NUMBA_DISABLE_JIT", None)
    if not jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=True, timeout=1800)  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_mcts_plays_the_same_moves_compiled_and_as_plain_python():
    """Three turns of MCTS (6 iterations a decision) against the heuristic: the same actions
    and the same bot streams afterwards, compiled and with NUMBA_DISABLE_JIT=1."""
    compiled = play_some_turns(jit=True)
    assert len(compiled[0]) > 10
    assert compiled == play_some_turns(jit=False)


def test_mcts_leaves_the_position_it_searched_untouched(bundled):
    text = """
    p0: idol raj | rep 0 | class sculptor
    p1: idol amyba | class kendo novice
    """
    game = scenario(text, bundled)
    before = game.state.copy()
    choose(game, "mcts", 3)  # helpers.choose asserts the state is unchanged
    assert np.array_equal(before, game.state)
