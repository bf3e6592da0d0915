"""Many games at once, for `avarium simulate`, the ladder and the benchmarks: one call plays a
chunk of games between the same bots and returns compact arrays.

Every game is fixed by its Idols, seat bonuses, deal seed and bot seed: the same inputs give
the same games, compiled or not, in any process, in any order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from avarium.runner.python_bots import watched
from avarium.runner.tabulate import FIGURES
from avarium.runner.turns import TURNS_FIELD, Kept, keep_turn, play_keeping_turns, played_turns
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import MAX_PLAYERS
from avarium.simulator.engine.play import (
    GAME_FIELDS,
    SEAT_FIELDS,
    SEEN_OFFERED_BIT,
    SEEN_TAKEN_BIT,
    action_buffer_size,
    record,
)
from avarium.simulator.engine.state import allocate
from avarium.simulator.game.api import Game, Rules, tables_of
from avarium.strategies import BotSpec, bot_spec
from avarium.strategies.drivers import choose_action, play_games, seat_stream
from avarium.strategies.features import SCRATCH_SIZE
from avarium.strategies.values import estimate

__all__ = [
    "GAME_FIELDS",
    "SEAT_FIELDS",
    "Chooser",
    "ChunkResult",
    "canonical_bot",
    "play_chunk",
    "replay_transcript",
]


@dataclass(frozen=True)
class ChunkResult:
    game: np.ndarray  # (n, len(GAME_FIELDS)) int32
    seat: np.ndarray  # (n, players, len(SEAT_FIELDS)) int32
    offered: np.ndarray  # (n, players, definitions) bool
    taken: np.ndarray  # (n, players, definitions) bool
    # each seat's Merit and Reputation on every turn (runner/turns.py), or None when the games
    # were played without keeping them
    turns: Kept | None = None


def card_worths(cards: CardSet) -> np.ndarray:
    """The bots' estimate of every card and ability of a set (kept on the set, like tables)."""
    vals = cards.__dict__.get("_bot_worths")
    if vals is None:
        vals = estimate(tables_of(cards))
        cards.__dict__["_bot_worths"] = vals
    return vals


def canonical_bot(spec: str, profiles: Path | None = None) -> str:
    """The label of a bot spec in datasets (`heuristic` -> `heuristic.balanced`)."""
    return bot_spec(spec, profiles).label


def engine_seeds(seeds: np.ndarray) -> np.ndarray:
    """32-bit deal seeds as the engine's generator takes them (0 would stall xorshift)."""
    s = np.asarray(seeds, np.int64) & 0xFFFFFFFF
    return np.where(s == 0, 0x9E3779B9, s)


class Chooser:
    """Chooses for every seat of one game as play_chunk would, one decision at a time: for
    transcripts, replays and tests. Call it with (game, legal)."""

    def __init__(self, game: Game, specs: Sequence[BotSpec], bot_seed: int) -> None:
        self.specs = [watched(s) for s in specs]  # a broken Python bot: one line, not a trace
        self.tables = game.tables
        self.vals = card_worths(game.cards)
        self.rngs = np.array([seat_stream(int(bot_seed), p) for p in range(MAX_PLAYERS)])
        self.py_rngs = [np.random.default_rng([int(bot_seed), p]) for p in range(MAX_PLAYERS)]
        size = int(action_buffer_size(game.state, game.tables))
        self.buf = np.zeros(size, np.int64)
        self.buf2 = np.zeros(size, np.int64)
        self.acc = np.zeros(size, np.float64)
        self.deltas = np.zeros(SCRATCH_SIZE, np.int64)
        self.base = np.empty_like(game.state)
        self.work = np.empty_like(game.state)
        self.prng = np.ones(1, np.int64)
        self.decisions = np.zeros(MAX_PLAYERS, np.int64)

    def __call__(self, game: Game, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        p = game.current_player()
        self.decisions[p] += 1
        spec = self.specs[p]
        if not spec.compiled:
            return int(spec.function(game, legal, self.py_rngs[p]))
        m = len(legal)
        self.buf[:m] = legal
        return int(
            choose_action(
                game.state, self.tables, self.vals, spec.kind, spec.weights,
                self.rngs[p : p + 1], self.buf, m, self.deltas, self.base, self.work,
                self.buf2, self.acc, self.prng,
            )
        )  # fmt: skip


def seat_specs(bots: Sequence[str], players: int, profiles: Path | None) -> list[BotSpec]:
    """One resolved bot per seat (ValueError when the count is not the players')."""
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(bots)}")
    return [bot_spec(b, profiles) for b in bots]


def play_chunk(
    cards: CardSet,
    rules: Rules,
    players: int,
    idols: np.ndarray,
    bots: Sequence[str],
    deal_seeds: np.ndarray,
    bot_seeds: np.ndarray,
    bonus: Sequence[int],
    profiles: Path | None = None,
    keep_turns: bool = False,
) -> ChunkResult:
    """Play n games: idols (n, players) definition indices, one bot spec per seat, (n,) deal
    and bot seeds (32-bit), one starting bonus per seat; `keep_turns` also keeps each seat's
    Merit and Reputation turn by turn (the same games, played through runner/turns.py)."""
    specs = seat_specs(bots, players, profiles)
    idols = np.ascontiguousarray(idols, np.int32)
    n = len(deal_seeds)
    if idols.shape != (n, players):
        raise ValueError(f"idols must be shaped ({n}, {players}), got {idols.shape}")
    if len(bonus) != players:
        raise ValueError(f"{players} players need {players} seat bonuses, got {len(bonus)}")
    tb = tables_of(cards)
    n_defs = len(cards.cards)
    out_game = np.zeros((n, len(GAME_FIELDS)), np.int32)
    out_seat = np.zeros((n, players, len(SEAT_FIELDS)), np.int32)
    out_seen = np.zeros((n, players, n_defs), np.uint8)
    seeds = engine_seeds(deal_seeds)
    bseeds = np.asarray(bot_seeds, np.int64) & 0xFFFFFFFF
    outs = (out_game, out_seat, out_seen)
    kept = None
    if all(s.compiled for s in specs):
        kinds = np.zeros(MAX_PLAYERS, np.int64)
        weights = np.zeros((MAX_PLAYERS, max(len(s.weights) for s in specs)), np.float64)
        for p, s in enumerate(specs):
            kinds[p] = s.kind
            weights[p, : len(s.weights)] = s.weights
        b = np.zeros((n, MAX_PLAYERS), np.int32)
        b[:, :players] = np.asarray(bonus, np.int32)
        args = (allocate(tb), tb, card_worths(cards), players, idols, b, seeds, bseeds)
        args += (rules.config(), kinds, weights, outs)
        if keep_turns:
            kept = play_keeping_turns(*args, rules.max_turns)
        else:  # drivers.play_games picks the compiled loop for these bots (searching or not)
            play_games(*args)
    else:
        kept = _play_in_python(cards, rules, players, idols, specs, seeds, bseeds, bonus, outs,
                               keep_turns)  # fmt: skip
    return ChunkResult(
        game=out_game,
        seat=out_seat,
        offered=(out_seen & SEEN_OFFERED_BIT) != 0,
        taken=(out_seen & SEEN_TAKEN_BIT) != 0,
        turns=kept,
    )


def _play_in_python(cards, rules, players, idols, specs, seeds, bseeds, bonus, outs, keep_turns):
    """The same games when a seat's bot is written in Python: one step at a time (with
    keep_turns, each seat's figures kept after every step, as runner/turns.py's loop does)."""
    shape = (len(seeds), rules.max_turns, players, FIGURES)
    kept = np.zeros(shape, np.int16) if keep_turns else None
    for i in range(len(seeds)):
        game = new_dealt_game(cards, rules, idols[i], int(seeds[i]), bonus)
        choose = Chooser(game, specs, int(bseeds[i]))
        if kept is not None:
            keep_turn(game.state, game.tables, i, players, kept)
        while not game.is_terminal():
            game.step(choose(game, game.legal_actions()))
            if kept is not None:
                keep_turn(game.state, game.tables, i, players, kept)
        record(game.state, i, players, choose.decisions, *outs)
    return None if kept is None else played_turns(kept, outs[0][:, TURNS_FIELD])


def new_dealt_game(
    cards: CardSet, rules: Rules, idols: Sequence[int], deal_seed: int, bonus: Sequence[int]
) -> Game:
    """A game as play_chunk deals it (Idols by definition index, the raw deal seed)."""
    ids = [cards.cards[int(d)].id for d in idols]
    return Game(cards, ids, rules=rules, bonus=list(bonus), deal_state=int(deal_seed))


def replay_transcript(
    cards: CardSet,
    rules: Rules,
    idols: Sequence[str],
    bots: Sequence[str],
    deal_seed: int,
    bot_seed: int,
    bonus: Sequence[int],
    profiles: Path | None = None,
) -> list[str]:
    """The readable transcript of exactly the game play_chunk plays with these inputs."""
    from avarium.simulator.game.transcript import play_logged

    specs = seat_specs(bots, len(idols), profiles)
    game = Game(cards, list(idols), rules=rules, bonus=list(bonus), deal_state=int(deal_seed))
    return play_logged(game, Chooser(game, specs, bot_seed))
