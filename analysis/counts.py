"""Millions of rows to a few thousand counts, once, before any statistics.

Two compact tables carry everything the report needs:

- `row_counts`: one row per distinct (variant, players, seat, Idol, bonus, won, placement,
  expulsion order, reason, turns, rounds, mirror) with the number `n` of game-seat rows like it;
- `seatings`: one row per distinct game seating (the Idol in each seat) and winner seat, with
  the number `n` of games like it (optionally also split by reason, turns and rounds).

Every analysis accepts raw rows too (a missing `n` means 1), so small frames in tests and
notebooks need no preparation. The grouping packs the key columns into one integer per row and
counts with a hash (pandas.factorize) and numpy.bincount: one pass, instead of one pandas groupby
per table, which is what keeps a 5-million-game report well under a minute.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.games import MAX_SEATS, mirrors, seat_matrix

ROW_KEYS = (
    "variant",
    "players",
    "seat",
    "idol",
    "bonus",
    "won",
    "placement",
    "expelled_order",
    "reason",
    "turns",
    "rounds",
)
# The columns of a seating table (`seatings`): the Idol at seat 0, 1, ... of each game.
IDOL_BY_SEAT = tuple(f"idol_{s}" for s in range(MAX_SEATS))


def weight(frame: pd.DataFrame) -> np.ndarray:
    """How many game-seat rows (or games) each row stands for."""
    if "n" in frame.columns:
        return frame["n"].to_numpy(dtype=np.int64)
    return np.ones(len(frame), dtype=np.int64)


def totals(frame: pd.DataFrame, keys: list[str], won: str = "won") -> pd.DataFrame:
    """Per `keys`: games (weighted rows) and wins (weighted rows with `won` true)."""
    w = weight(frame)
    data = frame[keys].assign(games=w, wins=np.where(frame[won].to_numpy(), w, 0))
    return data.groupby(keys, observed=True)[["games", "wins"]].sum().reset_index()


def _codes(series: pd.Series) -> tuple[np.ndarray, int, callable]:
    """Small non-negative integer codes for a column, their range, and the way back."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        cats = series.cat.categories
        codes = series.cat.codes.to_numpy().astype(np.int64) + 1  # NaN (-1) becomes 0

        def back(c, cats=cats):
            return pd.Categorical.from_codes(c - 1, cats)

        return codes, len(cats) + 1, back
    values = series.to_numpy()
    if values.dtype == bool:
        return values.astype(np.int64), 2, lambda c: c.astype(bool)
    low = int(values.min()) if len(values) else 0
    high = int(values.max()) if len(values) else 0
    dtype = values.dtype

    def back_int(c, low=low, dtype=dtype):
        return (c + low).astype(dtype)

    return values.astype(np.int64) - low, high - low + 1, back_int


def count_distinct(columns: dict[str, pd.Series]) -> pd.DataFrame:
    """The distinct combinations of equally long columns and how often each occurs (`n`)."""
    packed = np.zeros(len(next(iter(columns.values()))), dtype=np.int64)
    radices, backs = [], []
    for series in columns.values():
        codes, radix, back = _codes(series)
        packed = packed * radix + codes
        radices.append(radix)
        backs.append(back)
    if np.prod([float(r) for r in radices]) >= 2.0**62:
        raise ValueError("too many distinct values to pack the keys into one integer")
    ids, uniques = pd.factorize(packed)
    n = np.bincount(ids, minlength=len(uniques))
    out = {}
    rest = np.asarray(uniques, dtype=np.int64)
    for name, radix, back in reversed(list(zip(columns, radices, backs, strict=True))):
        rest, code = np.divmod(rest, radix)
        out[name] = back(code)
    frame = pd.DataFrame({name: out[name] for name in columns})
    frame["n"] = n
    return frame


def row_counts(games: pd.DataFrame, view=None) -> pd.DataFrame:
    """The games table as counts of distinct rows, with a `mirror` flag per row's game.

    `view` is seat_matrix(games) when the caller has it already (it is the costly part)."""
    matrix, index = view if view is not None else seat_matrix(games)
    columns = {k: games[k] for k in ROW_KEYS if k in games.columns}
    columns["mirror"] = pd.Series(mirrors(matrix)[index])
    return count_distinct(columns)


def seatings(games: pd.DataFrame, extra: tuple[str, ...] = (), view=None) -> pd.DataFrame:
    """Games as counts of distinct (variant, players, Idol per seat, winner seat, *extra*).

    `winner` is the winning seat, -1 when no seat won (stalled, draw); `idol_s` is empty for
    seats beyond the player count; `mirror` says whether two seats share an Idol.
    """
    if "idol_0" in games.columns:
        return games
    matrix, index = view if view is not None else seat_matrix(games)
    first = (games["seat"] == 0).to_numpy()
    game = index[first]
    winner = np.full(len(matrix), -1, dtype=np.int64)
    won = games["won"].to_numpy()
    winner[index[won]] = games["seat"].to_numpy()[won]
    cats = games["idol"].cat.categories
    columns = {
        "variant": games["variant"][first].reset_index(drop=True),
        "players": games["players"][first].reset_index(drop=True),
    }
    for s, name in enumerate(IDOL_BY_SEAT):
        columns[name] = pd.Series(pd.Categorical.from_codes(matrix[game, s], cats))
    columns["winner"] = pd.Series(winner[game])
    for key in extra:
        columns[key] = games[key][first].reset_index(drop=True)
    out = count_distinct(columns)
    out["mirror"] = _mirror(out)
    return out


def _mirror(table: pd.DataFrame) -> np.ndarray:
    return mirrors(np.column_stack([table[c].cat.codes.to_numpy() for c in IDOL_BY_SEAT]))
