"""Invariants in every state of many random games, with 2, 3 and 4 players (compiled)."""

from __future__ import annotations

import os

import numpy as np
import pytest
from avarium.simulator.constants import MAX_PLAYERS
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.invariants import INVARIANTS
from avarium.simulator.engine.play import play_checked_games
from avarium.simulator.engine.state import allocate
from avarium.simulator.game.api import Rules, new_game, tables_of
from hypothesis import given, settings
from hypothesis import strategies as st

COMPILED = "NUMBA_DISABLE_JIT" not in os.environ


def run_games(cards, players: int, n: int, seed: int, rules: Rules | None = None):
    rules = rules or Rules()
    tb = tables_of(cards)
    state = allocate(tb)
    rng = np.random.default_rng(seed)
    n_idols = len(cards.idols)
    idols = np.array([rng.permutation(n_idols)[:players] for _ in range(n)], np.int32)
    seeds = rng.integers(1, 2**32, n).astype(np.int64)
    bots = rng.integers(1, 2**32, n).astype(np.int64)
    bonus = np.zeros(MAX_PLAYERS, np.int32)
    bonus[:players] = rules.seat_bonus(players)
    out = np.zeros((n, 6), np.int64)
    play_checked_games(state, tb, players, idols, bonus, seeds, bots, rules.config(), out)
    return out


def assert_sound(out):
    broken = out[:, 3]
    assert not broken.any(), [INVARIANTS[b] for b in broken[broken > 0][:3]]
    assert not out[:, 4].any(), "a Class or hand held more than 5 after an End Phase"
    assert not out[:, 5].any(), "a running game had no legal action"


@pytest.mark.skipif(not COMPILED, reason="10,000 games are for the compiled engine")
@pytest.mark.parametrize(("players", "games"), [(2, 6000), (3, 2500), (4, 1500)])
def test_every_state_of_many_random_games_is_sound(bundled, players, games):
    out = run_games(bundled, players, games, seed=players)
    assert_sound(out)
    reasons = set(out[:, 1].tolist())
    assert reasons <= {L.R_WINCON, L.R_LAST_STANDING, L.R_SCHOOL_OUT, L.R_SCHOOL_OUT_TIE}
    assert L.R_WINCON in reasons and L.R_LAST_STANDING in reasons
    winners = out[:, 0]
    assert ((winners >= 0) & (winners < players)).all(), "every finished game has a winner"


@pytest.mark.skipif(not COMPILED, reason="many games are for the compiled engine")
def test_every_way_a_game_ends_is_seen(bundled):
    """Win-Con, last standing and the School running out (with and without a tie) in play;
    the safety cap with a tiny turn limit (a stalled game has no winner). 500 games of each
    player count: in the first 1,500 of these seeds the School first runs out in game 55, 6 and
    9, and with a tie in game 398 at four players."""
    out = np.concatenate([run_games(bundled, p, 500, seed=10 + p) for p in (2, 3, 4)])
    seen = set(out[:, 1].tolist())
    assert {L.R_WINCON, L.R_LAST_STANDING, L.R_SCHOOL_OUT} <= seen
    capped = run_games(bundled, 2, 50, seed=5, rules=Rules(max_turns=4))
    assert (capped[:, 1] == L.R_STALLED).all() and (capped[:, 0] == -1).all()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_random_games_stay_sound_for_any_seed(bundled, seed, players):
    assert_sound(run_games(bundled, players, 3 if COMPILED else 1, seed))


def test_the_same_seed_gives_the_same_game(bundled):
    def final(seed: int) -> str:
        g = new_game(bundled, ["touka", "raj"], seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_terminal():
            legal = g.legal_actions()
            g.step(legal[int(rng.integers(len(legal)))])
        return g.hash()

    assert final(11) == final(11)
    assert final(11) != final(12)


def test_a_clone_is_independent(bundled):
    g = new_game(bundled, ["touka", "raj"], seed=3)
    for _ in range(5):
        g.step(g.legal_actions()[-1])
    before = g.hash()
    c = g.clone()
    while not c.is_terminal():
        c.step(c.legal_actions()[0])
    assert g.hash() == before
    assert not g.is_terminal()


def test_fighting_stats_are_combat_of_and_defense_of_in_every_state(bundled):
    """The bots' one-pass read of a card's Combat and Defense (query.fighting_stats) gives what
    combat_of and defense_of give, for every card of every state of random games, statics in
    force included."""
    from avarium.simulator.engine.effective import combat_of, defense_of, fighting_stats

    with_statics = 0
    for seed in range(8 if COMPILED else 1):
        g = new_game(bundled, ["touka", "raj", "amyba", "kitty"], seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_terminal():
            s, tb = g.state, g.tables
            with_statics += any(s[L.ROW_SEAT + q, L.P_N_STATIC_MOD] for q in range(MAX_PLAYERS))
            for c in range(g.n_cards):
                assert fighting_stats(s, tb, c) == (combat_of(s, tb, c), defense_of(s, tb, c))
            legal = g.legal_actions()
            g.step(legal[int(rng.integers(len(legal)))])
    assert with_statics > 0, "no state had a static Combat/Defense change in force"


@pytest.mark.skipif(not COMPILED, reason="many games are for the compiled engine")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_every_seat_lever_are_sound(bundled, players):
    levers = Rules(
        first_turn_draw="not the first seat",
        first_turn_recruit="not the first seat",
        last_seat_first_draw="two",
    )
    out = run_games(bundled, players, 800, seed=20 + players, rules=levers)
    assert_sound(out)
    assert not np.array_equal(out, run_games(bundled, players, 800, seed=20 + players))
