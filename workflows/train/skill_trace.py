"""Each Idol's win rate at every generation of `avarium train` (a SkillTrace: Browne's Ludii
measures how results move as the players get stronger): `idols.csv` and one chart per player
count. A curve that is flat at its end says the verdict has stopped moving with strength.

Generation k's rates are read from the self-play games generation k+1 was fitted to
(`positions/gen<k+1>-<n>p.parquet`: generation k in every seat), so the trace reaches the
generation before the last: the last one's games are played by a run with one generation more.
Games without a winner are left out of the self-play positions, so a rate is a share of the
decided games.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
from avarium.analysis.flags import DEFAULT_BAND, band_for
from avarium.analysis.proportions import wilson
from avarium.reports.charts.skill_trace import skill_trace_chart
from avarium.reports.charts.style import finish
from avarium.simulator.fileio import write_atomically, write_bytes_atomically
from statsmodels.stats.proportion import confint_proportions_2indep

COLUMNS = (
    "generation", "players", "idol", "games", "wins", "rate", "lo", "hi",
    "change", "change_lo", "change_hi",
)  # fmt: skip


def idol_rates(positions: pd.DataFrame, generation: int, players: int) -> pd.DataFrame:
    """Each Idol's decided self-play games, wins and rate (95% Wilson interval) in one
    generation's positions table (one row per position and seat still in the game)."""
    seats = positions.drop_duplicates(["game", "seat"])[["idol", "won"]]
    table = seats.groupby("idol", sort=True)["won"].agg(games="count", wins="sum").reset_index()
    table["rate"] = table["wins"] / table["games"]
    table["lo"], table["hi"] = wilson(table["wins"], table["games"])
    table.insert(0, "players", players)
    table.insert(0, "generation", generation)
    return table


def with_changes(rates: pd.DataFrame) -> pd.DataFrame:
    """rates with each Idol's change from the generation before at the same player count, with a
    95% interval for two independent proportions (Newcombe's; each generation's self-play games
    are dealt from seeds of their own, so they are not paired)."""
    rates = rates.sort_values(["players", "idol", "generation"], kind="stable").reset_index(
        drop=True
    )
    before = rates.groupby(["players", "idol"])[["wins", "games", "rate"]].shift(1)
    rates["change"] = rates["rate"] - before["rate"]
    lo = np.full(len(rates), np.nan)
    hi = np.full(len(rates), np.nan)
    has = before["games"].notna().to_numpy()
    if has.any():
        lo[has], hi[has] = confint_proportions_2indep(
            rates.loc[has, "wins"].to_numpy(float), rates.loc[has, "games"].to_numpy(float),
            before.loc[has, "wins"].to_numpy(float), before.loc[has, "games"].to_numpy(float),
            method="newcomb",
        )  # fmt: skip
    rates["change_lo"], rates["change_hi"] = lo, hi
    return rates[list(COLUMNS)].sort_values(["players", "generation", "idol"], kind="stable")


class SkillTrace:
    """idols.csv and skill_trace_<n>p.png (and .svg) in a run's folder, written again as each
    generation ends. Each generation's self-play positions are read once and their rates kept:
    a run of many generations would otherwise read every earlier one again at every generation.

    `footer(games, date)` is the line a chart carries, given the chart's decided self-play games
    and the day they were last written."""

    def __init__(
        self, out: Path, players: tuple[int, ...], footer: Callable[[int, str], str]
    ) -> None:
        self.out, self.players, self.footer = out, players, footer
        # per generation and player count: the Idols' rates, and when the positions were written
        self._rates: dict[tuple[int, int], tuple[pd.DataFrame, float]] = {}

    def write(self, generations: int) -> list[Path]:
        """The trace of the positions played so far for generations 0..generations-1; returns
        the paths written."""
        parts, times = [], []
        for k in range(1, generations + 1):
            for n in self.players:
                path = self.out / "positions" / f"gen{k}-{n}p.parquet"
                if (k, n) not in self._rates and path.exists():
                    table = pd.read_parquet(path, columns=["game", "seat", "idol", "won"])
                    self._rates[(k, n)] = idol_rates(table, k - 1, n), path.stat().st_mtime
                if (k, n) in self._rates:
                    rates, written_at = self._rates[(k, n)]
                    parts.append(rates)
                    times.append(written_at)
        if not parts:
            return []
        rates = with_changes(pd.concat(parts, ignore_index=True))
        written = [self.out / "idols.csv"]
        write_atomically(written[0], rates.round(4).to_csv(index=False))
        for n in self.players:
            part = rates[rates["players"] == n]
            if part["generation"].nunique() == 0:
                continue
            lo, hi = band_for(n, DEFAULT_BAND)
            fig = skill_trace_chart(part, n, (float(lo), float(hi)))
            games = int(part["games"].sum() / n)  # each decided game has n seats
            png, svg = finish(fig, self.footer(games, played_on(max(times))))
            for suffix, data in ((".png", png), (".svg", svg)):
                path = self.out / f"skill_trace_{n}p{suffix}"
                write_bytes_atomically(path, data)
                written.append(path)
        return written


def played_on(timestamp: float) -> str:
    """The day of a file's time, as YYYY-MM-DD (UTC): a report dates a run's charts by the day
    its games were last written, and a training run's by its newest self-play positions."""
    return datetime.datetime.fromtimestamp(timestamp, datetime.UTC).strftime("%Y-%m-%d")
