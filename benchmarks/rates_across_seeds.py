"""Do an Idol's win rates vary across runs as much as their intervals say, and no more?

    .venv/bin/python benchmarks/rates_across_seeds.py [--runs R] [--games G | --per-pairing K]
        [--bots BOT] [--first-seed S] [--jobs J]

Plays R runs of the bundled set at two players, seeds S to S+R-1, each of G games (or every
ordered pairing K times), and for each Idol tests whether its rate is the same in every run:
the chi-squared test of homogeneity on the runs x (won, lost) table
(`scipy.stats.chi2_contingency`). Every interval in a report treats a run's games as
independent draws; if they were not (a deal seed reused, bots sharing a stream across games),
the rates would vary between runs more than that, and the statistic would sit well above its
degrees of freedom. Seating "all" balances each run's opponents and seats, which makes runs
vary a little less than independent draws would: a statistic somewhat under its degrees of
freedom is expected. docs/analysis.md ("Are a run's games independent?") gives the figures.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import avarium


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--games", type=int, default=16_000)
    parser.add_argument("--per-pairing", type=int, default=None)
    parser.add_argument("--bots", default="heuristic.tuned")
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    size = (
        {"games_per_pairing": args.per_pairing}
        if args.per_pairing is not None
        else {"games": args.games}
    )
    rows = []
    for seed in range(args.first_seed, args.first_seed + args.runs):
        games = avarium.play_games(bots=args.bots, seed=seed, jobs=args.jobs, **size)
        counts = games.groupby("idol", observed=True)["won"].agg(wins="sum", games="count")
        rows.append(counts.reset_index().assign(seed=seed))
    table = pd.concat(rows, ignore_index=True)
    total, freedom = 0.0, 0
    print(f"{args.runs} runs of {size}, {args.bots}, seeds from {args.first_seed}")
    head = ("Idol", "rate", "lowest", "highest", "chi2", "df", "p")
    print("{:22s} {:>6s} {:>7s} {:>7s} {:>7s} {:>4s} {:>6s}".format(*head))
    for idol, runs in table.groupby("idol"):
        cells = runs[["wins"]].assign(lost=runs["games"] - runs["wins"]).to_numpy()
        chi2, p, df, _ = stats.chi2_contingency(cells, correction=False)
        rate = runs["wins"] / runs["games"]
        total, freedom = total + chi2, freedom + df
        print(
            f"{idol:22s} {runs['wins'].sum() / runs['games'].sum():6.1%} {rate.min():7.1%} "
            f"{rate.max():7.1%} {chi2:7.1f} {df:4d} {p:6.3f}"
        )
    p = stats.chi2.sf(total, freedom)
    print(f"{'every Idol':22s} {'':22s} {total:7.1f} {freedom:4d} {p:6.3f}")


if __name__ == "__main__":
    main()
