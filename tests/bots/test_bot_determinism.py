"""Bots are reproducible: the same seeds give the same games, a seat's random stream is its own
and never the deal's, the one-decision Chooser plays exactly the compiled batch games, and no
pairing of bots ever stalls a game."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from avarium.runner.batch import Chooser, new_dealt_game, play_chunk
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.invariants import check_state_invariants
from avarium.simulator.engine.play import record
from avarium.simulator.game.api import Game, Rules
from avarium.strategies import bot_spec

from tests.bots.helpers import ALL_BOTS, HEURISTICS

RULES = Rules()
FAST_BOTS = ("random", *HEURISTICS)  # thousands of games a second
LOOKAHEAD = "lookahead/1"  # tens of games a second: few games
MCTS = "mcts/8"  # a search at every decision with a choice: fewer games still


def idol_indices(cards) -> list[int]:
    return [cards.index[idol.id] for idol in cards.idols]


def deal(cards, players: int, n: int, seed: int):
    """Idols (definition indices), deal seeds and bot seeds for n games."""
    rng = np.random.default_rng(seed)
    pool = idol_indices(cards)
    idols = np.array([rng.permutation(pool)[:players] for _ in range(n)], np.int32)
    deal_seeds = rng.integers(1, 2**32, n).astype(np.int64)
    bot_seeds = rng.integers(1, 2**32, n).astype(np.int64)
    return idols, deal_seeds, bot_seeds


def chunk(cards, bots, n: int, seed: int):
    players = len(bots)
    idols, deal_seeds, bot_seeds = deal(cards, players, n, seed)
    return play_chunk(
        cards, RULES, players, idols, list(bots), deal_seeds, bot_seeds,
        RULES.seat_bonus(players),
    )  # fmt: skip


def seats(pair: tuple[str, str], players: int) -> tuple[str, ...]:
    """A pairing seated in turn: A, B, A, B."""
    return tuple(pair[i % 2] for i in range(players))


def same_chunk(a, b) -> bool:
    return all(
        np.array_equal(getattr(a, f), getattr(b, f)) for f in ("game", "seat", "offered", "taken")
    )


# -- the same seeds, the same games ------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_seeds_give_the_same_games_for_every_bot_pairing(bundled, players):
    for pair in itertools.product(ALL_BOTS, repeat=2):
        n = 2 if LOOKAHEAD in pair else 6
        bots = seats(pair, players)
        first = chunk(bundled, bots, n, seed=players)
        again = chunk(bundled, bots, n, seed=players)
        assert same_chunk(first, again), f"{bots}: the same seeds gave different games"


def test_different_bot_seeds_give_different_games(bundled):
    """The bot seed is used at all: random bots with other seeds play other games."""
    idols, deal_seeds, bot_seeds = deal(bundled, 2, 20, seed=1)
    bonus = RULES.seat_bonus(2)
    a = play_chunk(bundled, RULES, 2, idols, ["random"] * 2, deal_seeds, bot_seeds, bonus)
    b = play_chunk(bundled, RULES, 2, idols, ["random"] * 2, deal_seeds, bot_seeds + 1, bonus)
    assert not np.array_equal(a.game, b.game)


# -- a seat's stream is its own ----------------------------------------------------------------


def first_decision(cards, idols, deal_seed: int) -> tuple[np.ndarray, list[int]]:
    game = new_dealt_game(cards, RULES, idols, deal_seed, RULES.seat_bonus(len(idols)))
    while len(game.legal_actions()) == 1:
        game.step(game.legal_actions()[0])
    return game.state.copy(), game.legal_actions()


def until_another_seat_chooses(cards, idols, deal_seed: int, bot_seed: int, other: str):
    """Seat 0 (random) plays and every other seat is `other`, up to the first choice a seat
    other than 0 must make: that state and the actions taken on the way."""
    players = len(idols)
    game = new_dealt_game(cards, RULES, idols, deal_seed, RULES.seat_bonus(players))
    setup = game.state.copy()
    first_legal = None
    choose = Chooser(game, [bot_spec("random")] + [bot_spec(other)] * (players - 1), bot_seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        if len(legal) > 1:
            first_legal = legal if first_legal is None else first_legal
            if game.current_player() != 0:
                break
        game.step(choose(game, legal))
    return setup, first_legal, game.state.copy(), game.history


@pytest.mark.parametrize("players", [2, 3, 4])
def test_changing_a_seats_bot_does_not_change_the_deal(bundled, players):
    """The state right after setup, the first decision's legal actions, and everything seat 0
    does until another seat first chooses, are the same whoever sits in the other seats."""
    idols, deal_seeds, bot_seeds = deal(bundled, players, 8, seed=10 + players)
    for i in range(len(deal_seeds)):
        runs = [
            until_another_seat_chooses(
                bundled, idols[i], int(deal_seeds[i]), int(bot_seeds[i]), other
            )
            for other in ("random", "heuristic.balanced", LOOKAHEAD)
        ]
        setup, legal, state, history = runs[0]
        for other_setup, other_legal, other_state, other_history in runs[1:]:
            assert np.array_equal(other_setup, setup)
            assert other_legal == legal
            assert other_history == history
            assert np.array_equal(other_state, state)


def positions(cards, players: int, n: int, seed: int) -> list[Game]:
    """n positions with a choice, from random play."""
    rng = np.random.default_rng(seed)
    idols, deal_seeds, _ = deal(cards, players, n, seed)
    out = []
    for i in range(n):
        game = new_dealt_game(cards, RULES, idols[i], int(deal_seeds[i]),
                              RULES.seat_bonus(players))  # fmt: skip
        for _ in range(int(rng.integers(5, 200))):
            if game.is_terminal():
                break
            legal = game.legal_actions()
            game.step(legal[int(rng.integers(len(legal)))])
        while not game.is_terminal() and len(game.legal_actions()) < 2:
            game.step(game.legal_actions()[0])
        if not game.is_terminal():
            out.append(game)
    return out


@pytest.mark.parametrize("other", ["random", "heuristic.balanced", LOOKAHEAD])
def test_a_seats_random_stream_is_its_own(bundled, other):
    """A Chooser that already chose many times for other seats chooses for a seat exactly as a
    fresh one does; choosing for the seat itself does move its stream on."""
    games = positions(bundled, 3, 40, seed=70)
    moved = 0
    for i, game in enumerate(games):
        seat = game.current_player()
        specs = [bot_spec(other)] * 3
        specs[seat] = bot_spec("random")
        fresh = Chooser(game, specs, 99)(game, game.legal_actions())
        busy = Chooser(game, specs, 99)
        for elsewhere in games[i + 1 : i + 4]:
            if elsewhere.current_player() != seat:
                busy(elsewhere, elsewhere.legal_actions())
        assert busy(game, game.legal_actions()) == fresh, "another seat's choices moved its stream"
        twice = Chooser(game, specs, 99)
        picks = [twice(game, game.legal_actions()) for _ in range(6)]
        moved += len(set(picks)) > 1
    assert moved > 0, "a seat's own choices never moved its stream"


@pytest.mark.parametrize("bot", ALL_BOTS)
def test_choosing_never_draws_from_the_deal_generator(bundled, bot):
    """st[G_RNG] (and the rest of the state) is untouched by every choice of a whole game."""
    for players in (2, 3, 4):
        idols, deal_seeds, bot_seeds = deal(bundled, players, 1, seed=20 + players)
        game = new_dealt_game(bundled, RULES, idols[0], int(deal_seeds[0]),
                              RULES.seat_bonus(players))  # fmt: skip
        choose = Chooser(game, [bot_spec(bot)] * players, int(bot_seeds[0]))
        steps = 0
        while not game.is_terminal() and steps < 3000:
            legal = game.legal_actions()
            rng_before = int(game.state[L.G_RNG])
            before = game.state.copy()
            action = choose(game, legal)
            assert int(game.state[L.G_RNG]) == rng_before, f"{bot} drew from the deal generator"
            assert np.array_equal(game.state, before), f"{bot} changed the state"
            game.step(action)
            steps += 1
        assert game.is_terminal()
        assert check_state_invariants(game.state) == 0


# -- the Chooser plays the compiled games ------------------------------------------------------


def replay_with_chooser(cards, bots, idols, deal_seed: int, bot_seed: int):
    players = len(bots)
    game = new_dealt_game(cards, RULES, idols, deal_seed, RULES.seat_bonus(players))
    choose = Chooser(game, [bot_spec(b) for b in bots], bot_seed)
    while not game.is_terminal():
        game.step(choose(game, game.legal_actions()))
    return game, choose


@pytest.mark.parametrize(
    "bots",
    [
        ("heuristic.balanced", LOOKAHEAD),
        (LOOKAHEAD, "heuristic.aggressive", "random"),
        ("heuristic.scheming", "heuristic.economic", LOOKAHEAD, "heuristic.balanced"),
        ("random", "heuristic.balanced"),
    ],
    ids=lambda b: "-".join(b),
)
def test_the_chooser_plays_exactly_the_games_of_play_chunk(bundled, bots):
    players = len(bots)
    n = 3
    idols, deal_seeds, bot_seeds = deal(bundled, players, n, seed=30 + players)
    batch = play_chunk(bundled, RULES, players, idols, list(bots), deal_seeds, bot_seeds,
                       RULES.seat_bonus(players))  # fmt: skip
    n_defs = len(bundled.cards)
    out_game = np.zeros_like(batch.game)
    out_seat = np.zeros_like(batch.seat)
    out_seen = np.zeros((n, players, n_defs), np.uint8)
    for i in range(n):
        game, choose = replay_with_chooser(
            bundled, bots, idols[i], int(deal_seeds[i]), int(bot_seeds[i])
        )
        record(game.state, i, players, choose.decisions, out_game, out_seat, out_seen)
        assert game.result().winner == (None if batch.game[i, 0] < 0 else batch.game[i, 0])
    np.testing.assert_array_equal(out_game, batch.game)  # winner, reason, turns, decisions
    np.testing.assert_array_equal(out_seat, batch.seat)  # each seat's figures and decisions
    np.testing.assert_array_equal((out_seen & 1) != 0, batch.offered)
    np.testing.assert_array_equal((out_seen & 2) != 0, batch.taken)


# -- no bot stalls a game ----------------------------------------------------------------------

FINISHED = (L.R_WINCON, L.R_LAST_STANDING, L.R_SCHOOL_OUT, L.R_SCHOOL_OUT_TIE)


def assert_no_stall(result, bots) -> None:
    reasons = result.game[:, 1]
    turns = result.game[:, 2]
    stalled = np.flatnonzero(reasons == L.R_STALLED)
    assert stalled.size == 0, f"{bots}: games {stalled.tolist()} stalled"
    assert np.isin(reasons, FINISHED).all(), f"{bots}: reasons {sorted(set(reasons.tolist()))}"
    assert (result.game[:, 0] >= 0).all(), f"{bots}: a finished game without a winner"
    assert (turns < RULES.max_turns).all(), f"{bots}: a game reached the turn cap"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_pairing_of_fast_bots_stalls_a_game(bundled, players):
    for pair in itertools.product(FAST_BOTS, repeat=2):
        bots = seats(pair, players)
        assert_no_stall(chunk(bundled, bots, 36, seed=40 + players), bots)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_pairing_with_the_lookahead_stalls_a_game(bundled, players):
    pairs = {(LOOKAHEAD, other) for other in ALL_BOTS} | {(other, LOOKAHEAD) for other in ALL_BOTS}
    for pair in sorted(pairs):
        bots = seats(pair, players)
        assert_no_stall(chunk(bundled, bots, 3, seed=50 + players), bots)


def test_a_game_the_chooser_plays_is_a_game_the_api_can_replay(bundled):
    """The Chooser's actions are legal actions of the API: replaying the history from the same
    deal reaches the same final state."""
    idols, deal_seeds, bot_seeds = deal(bundled, 3, 1, seed=60)
    game, _ = replay_with_chooser(
        bundled, ("heuristic.balanced", LOOKAHEAD, "random"), idols[0], int(deal_seeds[0]),
        int(bot_seeds[0]),
    )  # fmt: skip
    again = new_dealt_game(bundled, RULES, idols[0], int(deal_seeds[0]), RULES.seat_bonus(3))
    for a in game.history:
        again.step(a)
    assert np.array_equal(again.state, game.state)
    assert again.result() == game.result()


# -- the MCTS bot ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_the_same_seeds_give_the_same_mcts_games(bundled, players):
    bots = seats((MCTS, "heuristic.balanced"), players)
    first = chunk(bundled, bots, 2, seed=90 + players)
    again = chunk(bundled, bots, 2, seed=90 + players)
    assert same_chunk(first, again), f"{bots}: the same seeds gave different games"
    other = chunk(bundled, seats((MCTS, MCTS), players), 2, seed=90 + players)
    assert not np.array_equal(other.seat, first.seat), "the MCTS seats changed nothing"


def test_the_chooser_plays_exactly_the_mcts_games_of_play_chunk(bundled):
    bots = (MCTS, "heuristic.balanced")
    idols, deal_seeds, bot_seeds = deal(bundled, 2, 2, seed=95)
    batch = play_chunk(bundled, RULES, 2, idols, list(bots), deal_seeds, bot_seeds,
                       RULES.seat_bonus(2))  # fmt: skip
    out_game = np.zeros_like(batch.game)
    out_seat = np.zeros_like(batch.seat)
    out_seen = np.zeros((2, 2, len(bundled.cards)), np.uint8)
    for i in range(2):
        game, choose = replay_with_chooser(
            bundled, bots, idols[i], int(deal_seeds[i]), int(bot_seeds[i])
        )
        record(game.state, i, 2, choose.decisions, out_game, out_seat, out_seen)
    np.testing.assert_array_equal(out_game, batch.game)
    np.testing.assert_array_equal(out_seat, batch.seat)


def test_mcts_choosing_never_draws_from_the_deal_generator(bundled):
    """st[G_RNG] and the rest of the state are untouched by every MCTS choice of a game."""
    idols, deal_seeds, bot_seeds = deal(bundled, 3, 1, seed=96)
    game = new_dealt_game(bundled, RULES, idols[0], int(deal_seeds[0]), RULES.seat_bonus(3))
    choose = Chooser(game, [bot_spec(MCTS), bot_spec("heuristic.balanced"), bot_spec(MCTS)],
                     int(bot_seeds[0]))  # fmt: skip
    while not game.is_terminal():
        legal = game.legal_actions()
        before = game.state.copy()
        action = choose(game, legal)
        assert np.array_equal(game.state, before), "the MCTS changed the state"
        game.step(action)
    assert check_state_invariants(game.state) == 0


@pytest.mark.parametrize("players", [2, 4])
def test_no_pairing_with_the_mcts_stalls_a_game(bundled, players):
    for pair in ((MCTS, "random"), (MCTS, LOOKAHEAD), ("heuristic.aggressive", MCTS)):
        bots = seats(pair, players)
        assert_no_stall(chunk(bundled, bots, 2, seed=97 + players), bots)
