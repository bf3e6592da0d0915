"""Per-game views of the long games table: who sat where and mirror games.

The long format has one row per game and seat. Many analyses need a game's other seats; instead
of a groupby over millions of games, each Idol code is scattered into a (game, seat) matrix once
and read back by index, which takes a fraction of a second on ten million rows.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

MAX_SEATS = 4


def game_index(games: pd.DataFrame) -> tuple[np.ndarray, int]:
    """A dense 0-based index per row's game, and the number of slots it spans."""
    ids = games["game_id"].to_numpy()
    if len(ids) == 0:
        return np.zeros(0, dtype=np.int64), 0
    low, high = int(ids.min()), int(ids.max())
    # Game ids are the run's 0-based indices, so they are dense unless a variant was picked out;
    # a sparse range falls back to factorize, which hashes instead of indexing.
    if high - low + 1 <= 2 * len(ids):
        return ids.astype(np.int64) - low, high - low + 1
    codes, uniques = pd.factorize(ids)
    return codes.astype(np.int64), len(uniques)


def seat_matrix(games: pd.DataFrame, column: str = "idol") -> tuple[np.ndarray, np.ndarray]:
    """Category codes of `column` per game and seat (-1: no such seat), and each row's game."""
    index, slots = game_index(games)
    codes = games[column].cat.codes.to_numpy().astype(np.int32)
    matrix = np.full((slots, MAX_SEATS), -1, dtype=np.int32)
    matrix[index, games["seat"].to_numpy()] = codes
    return matrix, index


def mirrors(matrix: np.ndarray) -> np.ndarray:
    """Per row of a (game, seat) code matrix: do two seats hold the same code?"""
    mirror = np.zeros(len(matrix), dtype=bool)
    for a in range(matrix.shape[1]):
        for b in range(a + 1, matrix.shape[1]):
            mirror |= (matrix[:, a] >= 0) & (matrix[:, a] == matrix[:, b])
    return mirror


def mirror_rows(games: pd.DataFrame) -> np.ndarray:
    """True on every row of a game in which two seats share an Idol."""
    if games.empty:
        return np.zeros(0, dtype=bool)
    matrix, index = seat_matrix(games)
    return mirrors(matrix)[index]


def drop_mirrors(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame without mirror games; the same frame, uncopied, when it has none.

    Count tables carry a `mirror` column; raw games rows get it computed here."""
    mirror = frame["mirror"].to_numpy() if "mirror" in frame.columns else mirror_rows(frame)
    if not mirror.any():
        return frame
    return frame[~mirror].reset_index(drop=True)


def one_row_per_game(frame: pd.DataFrame) -> pd.DataFrame:
    """Seat 0's rows: every game has exactly one, and game-level columns are the same on all."""
    return frame[frame["seat"] == 0]


STALLED = "stalled"


def stalled_rows(frame: pd.DataFrame) -> np.ndarray:
    """True on every row of a game that hit the safety cap (reason "stalled")."""
    if "reason" not in frame.columns:
        return np.zeros(len(frame), dtype=bool)
    return (frame["reason"].astype(str) == STALLED).to_numpy()


def without_stalls(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame without stalled games. A stall is the engine's safety cap, not a result of
    play: counted as a loss for everyone it pulls every rate toward 0 and every seat figure
    toward a loss (with a low cap, seat 0 read -32.9 points where the decided games said
    -11.9), so win rates are over decided games and stalls are counted apart."""
    stalled = stalled_rows(frame)
    return frame[~stalled].reset_index(drop=True) if stalled.any() else frame
