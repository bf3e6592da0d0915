"""A played chunk as dataset columns (docs/data-schema.md), computed with numpy alone.

This runs in the workers, which import neither pyarrow nor pandas (that keeps a worker near the
250 MB that numba and the compiled engine take); the driver turns the columns into Arrow tables
(dataset). Every column is cast here to its type in the dataset (checked to fit: a
silent wrap would corrupt the data), so what a worker sends back is already compact. A name
column (`idol`, `bot`, ...) is an int32 index array plus its list of names, i.e. a
dictionary-encoded column already.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from avarium.simulator import schema
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import REASON_NAMES, CardKind
from avarium.simulator.schema import CARD_KINDS, NAME

COUNT_COLUMNS = ("offered", "offered_won", "taken", "taken_won")

# Every column of the two tables, in their order, with its type (simulator/schema.py).
GAME_TYPES: dict[str, str] = schema.types(schema.GAMES)
CARD_TYPES: dict[str, str] = schema.types(schema.CARDS)
TURN_TYPES: dict[str, str] = schema.types(schema.TURNS)


@dataclass(frozen=True)
class Columns:
    """Equal-length numpy columns; `names[c]` lists the names column c's indices stand for."""

    values: dict[str, np.ndarray]
    names: dict[str, list[str]]

    @property
    def rows(self) -> int:
        return len(next(iter(self.values.values())))


def typed(values: dict[str, np.ndarray], types: dict[str, str]) -> dict[str, np.ndarray]:
    """The columns in table order, each cast to its type after checking that it fits."""
    out = {}
    for name, kind in types.items():
        dtype = np.dtype(np.int32 if kind == NAME else kind)
        column = np.asarray(values[name])
        if dtype.kind in "iu" and column.size:
            info = np.iinfo(dtype)
            low, high = column.min(), column.max()
            if low < info.min or high > info.max:
                raise OverflowError(f"column {name}: values {low}..{high} do not fit {dtype}")
        out[name] = column.astype(dtype, copy=False)
    return out


def placements(winner: np.ndarray, alive: np.ndarray, merit: np.ndarray, out_order: np.ndarray):
    """Final standing per game and seat (the `placement` column): the winner first; players
    still in the game by Merit, ties by turn order (all sharing place 1 when nobody won); then
    the expelled, the last one expelled first. Equal standing shares a place, and the next place
    counts everyone above it (1, 1, 3)."""
    p = alive.shape[1]
    seat = np.arange(p)[None, :]
    rank = np.where(seat == winner[:, None], 0, np.where(alive == 1, 1, 2))
    nobody_won = (winner < 0)[:, None]
    within = np.where(
        rank == 1,
        np.where(nobody_won, 0, -merit.astype(np.int64) * 8 + seat),
        np.where(rank == 2, -out_order.astype(np.int64), 0),
    )
    ahead = (rank[:, None, :] < rank[:, :, None]) | (
        (rank[:, None, :] == rank[:, :, None]) & (within[:, None, :] < within[:, :, None])
    )
    return 1 + ahead.sum(axis=2)


def _bot_index(bots: Sequence[str]) -> tuple[np.ndarray, list[str]]:
    names = sorted(set(bots))
    return np.array([names.index(b) for b in bots], np.int32), names


def game_columns(
    label: str,
    first_game: int,
    deal_seeds: np.ndarray,
    bot_seeds: np.ndarray,
    idols: Sequence[str],
    seats: np.ndarray,
    bots: Sequence[str],
    bonus: Sequence[int],
    result,
    game_fields: Sequence[str],
    seat_fields: Sequence[str],
) -> Columns:
    """One row per game and seat, game by game. `seats` (games, players) are positions in
    `idols`; `result` is the engine's ChunkResult, its columns named by game_fields and
    seat_fields."""
    n, p = seats.shape
    g = {name: result.game[:, i] for i, name in enumerate(game_fields)}
    s = {name: result.seat[:, :, i] for i, name in enumerate(seat_fields)}
    seat = np.tile(np.arange(p), n)
    bot_index, bot_names = _bot_index(bots)

    def per_game(values: np.ndarray) -> np.ndarray:  # one value per game, on every seat's row
        return np.repeat(values, p)

    values = {
        "variant": np.zeros(n * p, np.int32),
        "game_id": per_game(np.arange(first_game, first_game + n, dtype=np.int64)),
        "game_seed": per_game(deal_seeds),
        "bot_seed": per_game(bot_seeds),
        "players": np.full(n * p, p),
        "seat": seat,
        "turn_order": seat + 1,
        "idol": seats.ravel(),
        "bot": np.tile(bot_index, n),
        "bonus": np.tile(np.asarray(bonus), n),
        "won": seat == per_game(g["winner"]),
        "placement": placements(g["winner"], s["alive"], s["merit"], s["expelled_order"]).ravel(),
        "reason": per_game(g["reason"]),
    }
    # Every other column the dataset has (simulator/schema.py) that the engine records, taken
    # as it is: a seat's own figure where the engine keeps one per seat (its `decisions`), else
    # the game's. A column added to both the schema and the engine's record needs nothing here.
    copied = [name for name in seat_fields if name in GAME_TYPES and name not in values]
    values |= {name: s[name].ravel() for name in copied}
    values |= {
        name: per_game(g[name]) for name in game_fields if name in GAME_TYPES and name not in values
    }
    names = {
        "variant": [label],
        "idol": list(idols),
        "bot": bot_names,
        "reason": list(REASON_NAMES),
    }
    return Columns(typed(values, GAME_TYPES), names)


def card_columns(
    label: str,
    cards: CardSet,
    idols: Sequence[str],
    seats: np.ndarray,
    bots: Sequence[str],
    won: np.ndarray,
    offered: np.ndarray,
    taken: np.ndarray,
    turns: np.ndarray,
) -> Columns:
    """Per (Idol, seat, length band, card): the games the card was offered to / taken by the
    seat, and of those the games won; all-zero rows are left out. `won` is (games, players)
    bool, `offered` and `taken` are (games, players, card definitions) bool, `turns` (games,)
    each game's length, counted in bands of schema.TURNS_BAND turns."""
    n, p = seats.shape
    d = len(cards.cards)
    band = np.asarray(turns, np.int64) // schema.TURNS_BAND
    bands = int(band.max()) + 1 if n else 1
    keys = len(idols) * p * bands
    # The (Idol, seat, band) key of each row.
    key = ((seats * p + np.arange(p)[None, :]) * bands + band[:, None]).ravel()
    won = won.ravel()
    counts = []
    for seen in (offered, taken):
        rows, defs = np.nonzero(seen.reshape(n * p, d))
        flat = key[rows] * d + defs
        counts.append(np.bincount(flat, minlength=keys * d))
        counts.append(np.bincount(flat[won[rows]], minlength=keys * d))
    table = np.stack(counts, axis=1).reshape(keys, d, len(COUNT_COLUMNS))
    kinds = np.array([c.kind for c in cards.cards])
    counted = np.isin(kinds, (CardKind.STUDENT, CardKind.SCHEME))
    key_of_row, card_of_row = np.nonzero(counted[None, :] & (table.sum(axis=2) > 0))
    seat = (key_of_row // bands) % p
    bot_index, bot_names = _bot_index(bots)
    values = {
        "variant": np.zeros(len(seat), np.int32),
        "players": np.full(len(seat), p),
        "idol": key_of_row // (p * bands),
        "seat": seat,
        "bot": bot_index[seat],
        "turns_band": (key_of_row % bands) * schema.TURNS_BAND,
        "card": card_of_row,
        "kind": kinds[card_of_row] - CardKind.STUDENT,
    }
    found = table[key_of_row, card_of_row]
    values |= {name: found[:, i] for i, name in enumerate(COUNT_COLUMNS)}
    names = {
        "variant": [label],
        "idol": list(idols),
        "bot": bot_names,
        "card": [c.id for c in cards.cards],
        "kind": list(CARD_KINDS),
    }
    return Columns(typed(values, CARD_TYPES), names)


# What turns/ keeps of each seat on every turn: Merit, Reputation, Win-Con progress.
FIGURES = 3


class Kept(NamedTuple):
    """Each seat's figures on every turn played: row r is game `game[r]` (its index in the
    chunk), turn `turn[r]` (0 for the first), `figures[r]` (players, FIGURES) Merit, Reputation
    and Win-Con progress (runner/turns.py)."""

    game: np.ndarray
    turn: np.ndarray
    figures: np.ndarray


def played_turns(kept: np.ndarray, turns: np.ndarray, first: int = 0) -> Kept:
    """The rows of kept (games, turn cap, players, FIGURES) that are turns played (turns: each
    game's length), their games counted from `first`."""
    game, turn = np.nonzero(np.arange(kept.shape[1])[None, :] < np.asarray(turns)[:, None])
    return Kept(game + first, turn, kept[game, turn])


def turn_columns(label: str, first_game: int, kept: Kept) -> Columns:
    """One row per game, turn played and seat, game by game."""
    rows, p, _ = kept.figures.shape
    values = {
        "variant": np.zeros(rows * p, np.int32),
        "game_id": np.repeat(first_game + kept.game.astype(np.int64), p),
        "turn": np.repeat(kept.turn + 1, p),
        "seat": np.tile(np.arange(p), rows),
        "merit": kept.figures[:, :, 0].ravel(),
        "reputation": kept.figures[:, :, 1].ravel(),
        "wincon_progress": kept.figures[:, :, 2].ravel(),
    }
    return Columns(typed(values, TURN_TYPES), {"variant": [label]})
