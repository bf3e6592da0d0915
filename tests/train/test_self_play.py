"""Self-play with positions noted (strategies/sampling.py, workflows/train/selfplay.py) and the
learned value the search reads (strategies/value_model.py): the games are the drivers' games,
the positions the same however the games are cut, and the value a chance to win."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from avarium.runner.batch import play_chunk
from avarium.runner.field_checks import fingerprinted
from avarium.runner.seeds import game_seeds
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.engine.play import GAME_FIELDS
from avarium.simulator.game.api import Game, Rules, new_game
from avarium.strategies import bot_spec, without_learned_value
from avarium.strategies.features import SCRATCH_SIZE
from avarium.strategies.mcts import EV_POS, EV_SIZE, standings
from avarium.strategies.value_model import log_chances
from avarium.strategies.weights import (
    ADDED_LATER_GROUPS,
    N_VALUE_FEATURES,
    NAMES,
    VALUE_FEATURES,
    W_VALUE,
    W_VALUE_MODEL,
)
from avarium.workflows.train.agreement import agreement_table
from avarium.workflows.train.selfplay import Decisions, play_positions, seatings
from typer.testing import CliRunner

from avarium.cli.main import app

CARDS = load_cards()
RULES = Rules()
BOT = "heuristic.tuned"


def test_noting_positions_plays_the_same_games_as_the_drivers():
    positions, _ = play_positions(CARDS, RULES, 2, BOT, 3, 0, 8)
    deal_seeds, bot_seeds = game_seeds(3, np.arange(8))
    played = play_chunk(CARDS, RULES, 2, seatings(CARDS, 2, 0, 8), [BOT, BOT], deal_seeds,
                        bot_seeds, RULES.seat_bonus(2))  # fmt: skip
    winner = played.game[:, GAME_FIELDS.index("winner")]
    turns = played.game[:, GAME_FIELDS.index("turns")]
    for game, rows in positions.groupby("game"):
        assert rows.loc[rows["won"] == 1, "seat"].unique().tolist() == [winner[game]]
        assert rows["turn"].max() <= turns[game]
    assert set(positions["game"]) == {g for g in range(8) if winner[g] >= 0}


def test_positions_and_decisions_are_the_same_however_the_games_are_cut():
    whole, kept = play_positions(CARDS, RULES, 3, BOT, 5, 0, 6, stride=7)
    cut = [play_positions(CARDS, RULES, 3, BOT, 5, a, a + 2, stride=7) for a in (0, 2, 4)]
    pd.testing.assert_frame_equal(whole, pd.concat([t for t, _ in cut], ignore_index=True))
    joined = Decisions.joined([d for _, d in cut])
    assert len(kept.chosen) > 0
    for mine, theirs in zip(kept.arrays(), joined.arrays(), strict=True):
        assert np.array_equal(mine, theirs)


def test_a_kept_decision_is_the_position_the_bot_chose_in_and_its_choice():
    """The heuristic asked again in a kept position takes the action it took in the game."""
    _, kept = play_positions(CARDS, RULES, 2, BOT, 8, 0, 2, stride=3)
    w = bot_spec(BOT).weights
    for k in range(len(kept.chosen)):
        game = Game(CARDS, _state=kept.states[k].copy())
        legal = kept.legal[k, : kept.counts[k]].tolist()
        assert game.legal_actions() == legal and kept.chosen[k] in legal
    table = agreement_table(CARDS, kept, w)
    assert table["decisions"].iloc[-1] == len(kept.chosen)
    assert table["decisions"].iloc[:-1].sum() == len(kept.chosen)
    # the same heuristic agrees but for its ties (broken by another stream); another does not
    assert table["agrees"].iloc[-1] > 0.95
    other = agreement_table(CARDS, kept, bot_spec("heuristic.aggressive").weights)
    assert other["agrees"].iloc[-1] < 0.8


def test_a_position_is_noted_once_a_turn_for_every_seat_still_in_the_game():
    positions, none = play_positions(CARDS, RULES, 4, BOT, 2, 0, 3)
    assert len(none.chosen) == 0  # no stride: no decision kept
    per_turn = positions.groupby(["game", "turn"])["seat"]
    assert (per_turn.count() <= 4).all() and (per_turn.nunique() == per_turn.count()).all()
    assert (positions.groupby(["game", "turn"])["active"].sum() <= 1).all()


def learned(players: int, **coefficients: float) -> np.ndarray:
    w = bot_spec("mcts").weights.copy()
    w[W_VALUE_MODEL] = 1
    for feature, beta in coefficients.items():
        w[W_VALUE + (players - 2) * N_VALUE_FEATURES + list(VALUE_FEATURES).index(feature)] = beta
    return w


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_learned_value_is_each_seats_chance_to_win(players):
    """Only `active` counts, by log 3: the seat whose turn it is has three times anyone's
    chance; the chances sum to 1."""
    idols = [i.id for i in CARDS.idols[:players]]
    game = new_game(CARDS, idols, seed=1)
    out = np.zeros(4)
    log_chances(game.state, game.tables, learned(players, active=math.log(3)),
                np.zeros(SCRATCH_SIZE, np.int64), out, np.zeros(N_VALUE_FEATURES))  # fmt: skip
    chances = np.exp(out[:players])
    assert chances.sum() == pytest.approx(1)
    assert chances[game.active] == pytest.approx(3 / (players + 2))


def test_without_a_value_for_the_player_count_the_search_scores_as_before():
    """A generation trained at two players searches a three-player game with the hand
    weights: its learned value has nothing for three."""
    game = new_game(CARDS, [i.id for i in CARDS.idols[:3]], seed=1)
    deltas = np.zeros(SCRATCH_SIZE, np.int64)
    hand, trained = np.zeros(EV_SIZE), np.zeros(EV_SIZE)
    standings(game.state, game.tables, bot_spec("mcts").weights, deltas, hand)
    standings(game.state, game.tables, learned(2, active=1.0), deltas, trained)
    assert np.array_equal(hand[EV_POS : EV_POS + 3], trained[EV_POS : EV_POS + 3])


def test_a_profile_without_a_learned_value_keeps_its_fingerprint():
    """Runs recorded before the learned value existed resume: its weights, all 0, are left out
    of the fingerprint."""
    w = bot_spec("mcts").weights
    group = next(g for g in ADDED_LATER_GROUPS if "value_model" in g)
    value = [NAMES.index(name) for name in group]
    targeting = NAMES.index("targeting")  # "fitted" (0): left out as well
    assert np.array_equal(fingerprinted(w), np.delete(w, [*value, targeting]))
    assert len(fingerprinted(learned(2, active=1.0))) == len(NAMES) - 1


def test_a_stride_longer_than_a_game_still_keeps_decisions_of_short_games():
    """Each game counts its decisions from an offset of its own, so a stride of 500 keeps some
    decisions of games far shorter than that, not only of the longest ones."""
    _, kept = play_positions(CARDS, RULES, 2, BOT, 6, 0, 30, stride=500)
    assert 0 < len(kept.chosen) < 30


NOTE_TAIL = (
    "(its profile was trained at other sizes): it scores positions by the hand-weighted value "
    'there, not by what it learned (docs/bots.md, "Learned evaluation")'
)


def test_a_run_of_a_learned_value_at_a_size_it_was_not_trained_at_says_so(tmp_path):
    """The bundled `learned` profile was trained at three and four players: played at two it
    searches with the hand-weighted value, and `simulate` says so on stderr, under --quiet and
    --json too (stdout stays the JSON); at three it says nothing."""
    assert without_learned_value(bot_spec("mcts.learned/20"), 2)
    assert not without_learned_value(bot_spec("mcts.learned/20"), 3)
    assert not without_learned_value(bot_spec("mcts/20"), 2)  # the hand-weighted value itself
    told = {}
    for players, quiet in ((2, []), (3, []), (2, ["--quiet", "--json"])):
        result = CliRunner().invoke(
            app,
            ["simulate", "--bots", "mcts.learned/1", "--players", str(players), "--games", "8",
             "-j", "1", "--out", str(tmp_path / f"p{players}{len(quiet)}"), *quiet],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        said = [line for line in result.stderr.splitlines() if "learned value" in line]
        told[players, bool(quiet)] = said
        if quiet:
            assert json.loads(result.stdout)["games"] == 8
    assert told[3, False] == []
    note = f"note: mcts.learned/1 has no learned value for 2 players {NOTE_TAIL}"
    assert told[2, False] == told[2, True] == [note]


def test_the_ladder_and_a_sweep_of_a_learned_value_at_two_players_say_so_too(tmp_path):
    """The same note from the other commands that play bots by name at a table size of their
    choosing: the ladder (two players always) and sweep (tune-bonus shares its flow)."""
    ladder = ["ladder", "--bots", "mcts.learned/1,heuristic", "--rounds", "1", "-j", "1"]
    sweep = ["sweep", "--set", "kumara_raj.merit=18,20", "--bots", "mcts.learned/1",
             "--games-per-point", "100", "-j", "1", "--no-charts",
             "-o", str(tmp_path / "s")]  # fmt: skip
    for command in (ladder, sweep):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 0, result.output
        told = [line for line in result.stderr.splitlines() if "learned value" in line]
        assert told == [f"note: mcts.learned/1 has no learned value for 2 players {NOTE_TAIL}"]


def test_one_game_of_a_learned_value_at_two_players_says_so_once():
    """`play` says it too, once a bot however many seats play it, before the transcript; a
    table of three, where the value was trained, says nothing."""
    told = {}
    tables = [("touka,raj", "mcts.learned/1"),
              ("touka,raj,coral", "mcts.learned/1,heuristic,mcts.learned/1")]  # fmt: skip
    for idols, bots in tables:
        result = CliRunner().invoke(app, ["play", "--idols", idols, "--bots", bots, "--seed", "3"])
        assert result.exit_code == 0, result.output
        told[idols.count(",") + 1] = [x for x in result.stderr.splitlines() if "learned value" in x]
    assert told[2] == [f"note: mcts.learned/1 has no learned value for 2 players {NOTE_TAIL}"]
    assert told[3] == []
