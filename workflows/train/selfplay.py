"""Self-play games that note their positions: the data a learned evaluation is fitted to.

Game k of a self-play run with seed s is dealt with runner.seeds' words for (s, k), as game k of
a simulate run is, and seats the Idols of every_seating's row k (every ordered seating of the set's
Idols in turn), so the positions are the same whatever the chunks or the number of workers.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from avarium.runner.batch import card_worths, engine_seeds, seat_specs
from avarium.runner.seating import every_seating
from avarium.runner.seeds import game_seeds
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import MAX_PLAYERS
from avarium.simulator.engine.play import GAME_FIELDS, SEAT_FIELDS
from avarium.simulator.engine.state import allocate
from avarium.simulator.game.api import tables_of
from avarium.simulator.game.rules import Rules
from avarium.strategies.sampling import WHERE_ALIVE, WHERE_GAME, WHERE_TURN, play_and_sample
from avarium.strategies.weights import N_VALUE_FEATURES, VALUE_FEATURES

FEATURES = tuple(VALUE_FEATURES)
# Room for the positions of a chunk's games: a turn each, and games end by turn 60 or so (the
# engine stalls a game at its turn cap); a game past the room is played but not noted further.
POSITIONS_PER_GAME = 80
# Room for the decisions kept of a chunk's games, and the most legal actions a kept decision may
# have (a decision with more is not kept: rare, and a policy fitted to it would learn little).
DECISIONS_PER_GAME = 400
MAX_ACTIONS = 64


@dataclass(frozen=True)
class Decisions:
    """Decisions a bot took: the position (the state array), the legal actions (the first
    counts[k] of legal[k]) and the action chosen."""

    states: np.ndarray
    legal: np.ndarray
    counts: np.ndarray
    chosen: np.ndarray

    def arrays(self) -> tuple[np.ndarray, ...]:
        return self.states, self.legal, self.counts, self.chosen

    @staticmethod
    def joined(parts: list[Decisions]) -> Decisions:
        columns = zip(*(part.arrays() for part in parts), strict=True)
        return Decisions(*(np.concatenate(column) for column in columns))

    def save(self) -> bytes:
        buffer = io.BytesIO()
        np.savez_compressed(buffer, *self.arrays())
        return buffer.getvalue()

    @staticmethod
    def load(path: Path) -> Decisions:
        with np.load(path) as data:
            return Decisions(*(data[f"arr_{i}"] for i in range(4)))


def seatings(cards: CardSet, players: int, first: int, stop: int) -> np.ndarray:
    """The Idols (definition indices) of self-play games first..stop-1."""
    table = every_seating(players, len(cards.idols), False)
    pool = np.array([cards.index[idol.id] for idol in cards.idols], np.int32)
    return pool[table[np.arange(first, stop) % len(table)]]


def play_positions(
    cards: CardSet,
    rules: Rules,
    players: int,
    bot: str,
    seed: int,
    first: int,
    stop: int,
    profiles: Path | None = None,
    stride: int = 0,
) -> tuple[pd.DataFrame, Decisions]:
    """Games first..stop-1 of a self-play run (every seat played by `bot`): one row per noted
    position and seat still in the game (game, turn, seat, idol, the features, won: 1 for the
    game's winner; games without a winner are left out, they teach nothing about winning), and
    every `stride`-th decision with a choice of each game (none with stride 0)."""
    specs = seat_specs([bot] * players, players, profiles)
    n = stop - first
    idols = seatings(cards, players, first, stop)
    deal_seeds, bot_seeds = game_seeds(seed, np.arange(first, stop, dtype=np.int64))
    tb = tables_of(cards)
    kinds = np.zeros(MAX_PLAYERS, np.int64)
    weights = np.zeros((MAX_PLAYERS, len(specs[0].weights)), np.float64)
    for p, spec in enumerate(specs):
        kinds[p] = spec.kind
        weights[p] = spec.weights
    bonus = np.zeros((n, MAX_PLAYERS), np.int32)
    bonus[:, :players] = np.asarray(rules.seat_bonus(players), np.int32)
    out = (
        np.zeros((n, len(GAME_FIELDS)), np.int32),
        np.zeros((n, players, len(SEAT_FIELDS)), np.int32),
        np.zeros((n, players, len(cards.cards)), np.uint8),
    )
    rows = n * POSITIONS_PER_GAME
    features = np.zeros((rows, MAX_PLAYERS, N_VALUE_FEATURES), np.float64)
    where = np.zeros((rows, 3), np.int64)
    st = allocate(tb)
    room = n * DECISIONS_PER_GAME if stride > 0 else 0
    # where each game starts counting its decisions: from the game's number alone
    offsets = (np.arange(first, stop, dtype=np.int64) * 7919) % max(stride, 1)
    states = np.zeros((room, *st.shape), st.dtype)
    legal = np.zeros((room, MAX_ACTIONS), np.int64)
    counts = np.zeros(room, np.int64)
    chosen = np.zeros(room, np.int64)
    noted, kept = play_and_sample(
        st, tb, card_worths(cards), players, idols, bonus, engine_seeds(deal_seeds),
        np.asarray(bot_seeds, np.int64) & 0xFFFFFFFF, rules.config(), kinds, weights, out,
        features, where, max(stride, 1), offsets, states, legal, counts, chosen,
    )  # fmt: skip
    decisions = Decisions(states[:kept], legal[:kept], counts[:kept], chosen[:kept])
    winner = out[0][:, GAME_FIELDS.index("winner")]
    frames = []
    for seat in range(players):
        alive = (where[:noted, WHERE_ALIVE] >> seat) & 1 == 1
        game = where[:noted, WHERE_GAME]
        frame = pd.DataFrame(features[:noted, seat], columns=list(FEATURES))
        frame.insert(0, "game", first + game)
        frame.insert(1, "turn", where[:noted, WHERE_TURN])
        frame.insert(2, "seat", seat)
        frame.insert(3, "idol", [cards.cards[d].id for d in idols[game, seat]])
        frame["won"] = (winner[game] == seat).astype(np.int8)
        frame["decided"] = winner[game] >= 0
        frames.append(frame[alive])
    table = pd.concat(frames, ignore_index=True)
    table = table[table.pop("decided")]
    table = table.sort_values(["game", "turn", "seat"], kind="stable").reset_index(drop=True)
    return table, decisions
