"""How much the seats of one game cluster in card impact, and what recording it would cost.

    .venv/bin/python benchmarks/card_clustering.py [--games N] [--players P] [--chunk G]

Plays N heuristic games (one process, seed 1) through the workers' own code, keeping each
game's card rows (which seat saw and took which card) that the cards/ table adds up. For every
card it then computes the pooled within-stratum gap as analysis/cards.py does (strata: Idol,
seat, length band; the same inverse-variance weights), and three variances of it:

- 1/W, the variance the report starts from (seats taken as independent),
- the independent sandwich (the empirical residuals, each seat its own cluster),
- the game-clustered sandwich (the seats of a game one cluster), which is the honest one,

and prints how the report's bound (1/W times N, docs/analysis.md, *Card impact*) compares with
the clustered variance. Then the bytes, as zstd Parquet in chunks of G games, of three ways to
keep what the clustered variance needs: today's cards/ table (for scale), per-game card rows
(game id, seat, card, taken), and a within-game pairs table (per length band, card and pair of
seats: each seat's Idol and whether it took the card; games and each seat's wins).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402
from avarium.runner import runner, worker  # noqa: E402
from avarium.runner.experiment_file import from_flags  # noqa: E402
from avarium.simulator import schema  # noqa: E402


def play(games: int, players: int) -> dict[str, np.ndarray]:
    """Per-game arrays: seats (Idol index per seat), won, offered and taken (game, seat, card),
    turns."""
    experiment = from_flags(
        {"bots": "heuristic", "games": games, "chunk_size": 2500, "seed": 1, "players": players}
    )
    kept = []
    real = worker.card_columns

    def spy(label, cards, idols, seats, bots, won, offered, taken, turns):
        kept.append((seats, won, offered, taken, turns))
        return real(label, cards, idols, seats, bots, won, offered, taken, turns)

    worker.card_columns = spy
    try:
        for task in runner.plan_tasks(experiment, runner.plan(experiment), set()):
            worker.play(task)
    finally:
        worker.card_columns = real
    names = ("seats", "won", "offered", "taken", "turns")
    return {name: np.concatenate([k[i] for k in kept]) for i, name in enumerate(names)}


def variances(g: dict[str, np.ndarray]) -> np.ndarray:
    """Per card: 1/W, the independent sandwich and the game-clustered sandwich of the gap."""
    seats, won, offered, taken = g["seats"], g["won"], g["offered"], g["taken"]
    n, p, d = offered.shape
    band = g["turns"] // schema.TURNS_BAND
    out = []
    for c in range(d):
        game, seat = np.nonzero(offered[:, :, c])
        took = taken[game, seat, c]
        _, k = np.unique((seats[game, seat] * p + seat) * 1000 + band[game], return_inverse=True)
        k = k.ravel()
        w = won[game, seat].astype(float)
        t, tw = np.bincount(k, took), np.bincount(k, took * w)
        lft, lw = np.bincount(k, ~took), np.bincount(k, ~took * w)
        use = (t > 0) & (lft > 0)
        if not use.any():
            continue
        t1, l1 = np.maximum(t, 1), np.maximum(lft, 1)
        pt, pl = (tw + 0.5) / (t + 1), (lw + 0.5) / (lft + 1)
        weight = np.where(use, 1 / (pt * (1 - pt) / t1 + pl * (1 - pl) / l1), 0.0)
        total = weight.sum()
        a = np.where(took, weight[k] / total / t1[k], -weight[k] / total / l1[k])
        e = a * (w - np.where(took, tw[k] / t1[k], lw[k] / l1[k]))
        clustered = (np.bincount(game, e, minlength=n) ** 2).sum()
        out.append((1 / total, (e**2).sum(), clustered))
    return np.array(out)


def _bytes(columns: dict[str, np.ndarray]) -> int:
    buffer = io.BytesIO()
    pq.write_table(pa.table(columns), buffer, compression="zstd")
    return buffer.tell()


def _counted(keys: np.ndarray, *weights: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    unique, inverse = np.unique(keys, axis=0, return_inverse=True)
    inverse = inverse.ravel()
    return unique, [np.bincount(inverse, x, len(unique)).astype(np.int32) for x in weights]


def chunk_bytes(g: dict[str, np.ndarray], size: int) -> dict[str, float]:
    """Bytes a game of each way of keeping the card rows, in chunks of `size` games."""
    n, p, _ = g["offered"].shape
    totals = {"cards/ today": 0, "per-game card rows": 0, "within-game pairs": 0}
    for start in range(0, n, size):
        part = slice(start, start + size)
        offered, taken, won = g["offered"][part], g["taken"][part], g["won"][part]
        seats, band = g["seats"][part], (g["turns"][part] // 5 * 5)
        game, seat, card = np.nonzero(offered)
        took, w = taken[game, seat, card], won[game, seat]
        keys = np.stack([seats[game, seat], seat, band[game], card], 1)
        unique, counts = _counted(keys, np.ones(len(w)), w, took, took & w)
        names = ["idol", "seat", "turns_band", "card"]
        columns = {name: unique[:, i].astype(np.int32) for i, name in enumerate(names)}
        counted = ["offered", "offered_won", "taken", "taken_won"]
        totals["cards/ today"] += _bytes(columns | dict(zip(counted, counts, strict=True)))
        totals["per-game card rows"] += _bytes(
            {
                "game_id": (game + start).astype(np.int64),
                "seat": seat.astype(np.int8),
                "card": card.astype(np.int16),
                "taken": took,
            }
        )
        rows = []
        for i in range(p):
            for j in range(i + 1, p):
                gg, cc = np.nonzero(offered[:, i, :] & offered[:, j, :])
                keys = np.stack(
                    [band[gg], cc, seats[gg, i], np.full(len(gg), i), taken[gg, i, cc],
                     seats[gg, j], np.full(len(gg), j), taken[gg, j, cc]], 1,
                )  # fmt: skip
                rows.append((keys, won[gg, i], won[gg, j]))
        keys = np.concatenate([r[0] for r in rows])
        unique, counts = _counted(
            keys, np.ones(len(keys)), *(np.concatenate([r[k] for r in rows]) for k in (1, 2))
        )
        names = ["turns_band", "card", "idol_i", "seat_i", "taken_i", "idol_j", "seat_j"]
        columns = {name: unique[:, i].astype(np.int16) for i, name in enumerate(names)}
        columns["taken_j"] = unique[:, 7].astype(np.int8)
        counted = ["games", "won_i", "won_j"]
        totals["within-game pairs"] += _bytes(columns | dict(zip(counted, counts, strict=True)))
    return {name: value / n for name, value in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=2_500)
    args = parser.parse_args()
    games = play(args.games, args.players)
    v = variances(games)
    p = args.players
    # On few games a card's residuals can all be zero (every seat that saw it won, say): its
    # ratios are 0/0. Such cards say nothing about clustering, so they are left out by name.
    measured = (v > 0).all(axis=1)
    if not measured.all():
        print(f"{(~measured).sum()} cards left out: on {args.games:,} games their variance is 0")
    v = v[measured]
    if not len(v):
        sys.exit("no card has a variance to compare: play more games (--games)")

    def spread(x: np.ndarray) -> str:
        lo, mid, hi = np.quantile(x, [0.1, 0.5, 0.9])
        return f"median {mid:.2f}, 10%-90% {lo:.2f}-{hi:.2f}, max {x.max():.2f}"

    print(f"{args.games:,} heuristic games, {p} players, {len(v)} cards")
    print(f"clustered / independent sandwich (the design effect): {spread(v[:, 2] / v[:, 1])}")
    print(f"clustered / 1/W: {spread(v[:, 2] / v[:, 0])}")
    wider = np.sqrt(p * v[:, 0] / v[:, 2])
    print(f"the bound's interval over the clustered one: {spread(wider)}, min {wider.min():.2f}")
    for name, per_game in chunk_bytes(games, args.chunk).items():
        print(f"{name}: {per_game:.0f} bytes a game (chunks of {args.chunk:,} games)")


if __name__ == "__main__":
    main()
