"""Game health beside balance: early wins (analysis/early_wins.py), per Idol, variant (each tier
of a tiered run is one) and player count, and the Idols that win early far more often than the
others (a rush), said in the summary and flagged in their section."""

from __future__ import annotations

import pandas as pd
from avarium.analysis.early_wins import ANY, EARLY_TURNS, FAR_RATIO
from avarium.reports import formats
from avarium.reports.formats import COUNT, INTEGER, NUMBER, P_VALUE, TEXT
from avarium.reports.html import Section, Table, esc

KEYS = ["variant", "players", "idol"]
# How the flagged rows (analysis.early_wins.rushes) are shown: each share with its interval.
RUSH_TYPES = {
    "variant": TEXT,
    "players": INTEGER,
    "idol": TEXT,
    "by turn": INTEGER,
    "games": COUNT,
    "won by then": TEXT,
    "the other Idols": TEXT,
    "times as often": NUMBER,
    "Holm p": P_VALUE,
}


def _share(rate, lo, hi) -> str:
    return f"{formats.percent(rate)} ({formats.percent(lo)}-{formats.percent(hi)})"


def _rush_line(row) -> str:
    times = "" if row.others == 0 else f" ({row.ratio:.1f} times as often)"
    return (
        f'<li><span class="flag">{esc(row.idol)}</span> wins early ({esc(row.variant)}, '
        f"{row.players} players): by turn {row.turn} in {_share(row.rate, row.lo, row.hi)} of "
        f"its games, against {_share(row.others, row.others_lo, row.others_hi)} of the other "
        f"Idols'{times}.</li>"
    )


def _rush_view(rushes: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "variant": rushes["variant"],
            "players": rushes["players"],
            "idol": rushes["idol"],
            "by turn": rushes["turn"],
            "games": rushes["games"],
            "won by then": [_share(r.rate, r.lo, r.hi) for r in rushes.itertuples()],
            "the other Idols": [
                _share(r.others, r.others_lo, r.others_hi) for r in rushes.itertuples()
            ],
            "times as often": rushes["ratio"],
            "Holm p": rushes["p_holm"],
        }
    )


def early_win_items(t: dict) -> list[str]:
    """The summary's lines: each Idol flagged as a rush (none when none is)."""
    rushes = t.get("early_rushes")
    return [] if rushes is None else [_rush_line(row) for row in rushes.itertuples()]


def _view(table: pd.DataFrame) -> pd.DataFrame:
    """One row per variant, player count and Idol: its games, the share won by each turn in any
    way, and by turn 5 each win type that has any, each with its interval."""
    rows = []
    # Each variant's (tier's) rows together, in the run's order; Idols strongest first within.
    order = {v: i for i, v in enumerate(dict.fromkeys(table["variant"]))}
    table = table.sort_values("variant", key=lambda v: v.map(order), kind="stable")
    for key, part in table.groupby(KEYS, observed=True, sort=False):
        at = part.set_index(["turn", "win_type"])
        row = dict(zip(KEYS, key, strict=True)) | {"games": int(part["games"].iloc[0])}
        for turn in EARLY_TURNS:
            r = at.loc[(turn, ANY)]
            row[f"won by turn {turn}"] = _share(r["rate"], r["lo"], r["hi"])
        last = part[(part["turn"] == max(EARLY_TURNS)) & (part["win_type"] != ANY)]
        row[f"by turn {max(EARLY_TURNS)}, by win type"] = ", ".join(
            f"{r.win_type} {formats.percent(r.rate)}" for r in last.itertuples() if r.wins
        )
        rows.append(row)
    return pd.DataFrame(rows)


def early_wins_section(t: dict) -> Section | None:
    table = t.get("early_wins")
    if table is None or table.empty:
        return None
    rushes = t.get("early_rushes", pd.DataFrame())
    flagged = [_rush_line(row) for row in rushes.itertuples()] or [
        "<li>No Idol wins early far more often than the others.</li>"
    ]
    view = _view(table)
    return Section(
        "early-wins",
        "Early wins",
        [
            "<p>The share of an Idol's games it won by turn 3, 4 and 5 (every player's turns "
            "counted: turn 3 of a two-player game is the first player's second turn), in all "
            "and by win type, with 95% Wilson intervals; per variant (each skill tier is one) "
            "and player count. An Idol is flagged when its share by one of these turns is at "
            f"least {FAR_RATIO:g} times the other Idols' together and above it by more than "
            "chance (Fisher's exact test, Holm's correction over every Idol, player count, "
            "variant and turn): a game it can end before the others have played is one they cannot "
            "answer, whatever its win rate says. Definitions and sources: docs/analysis.md, "
            '"Early wins".</p>',
            f'<ul class="headline">{"".join(flagged)}</ul>',
        ],
        tables=[
            Table(
                "early_wins",
                table,
                "Games won by turn 3, 4 and 5, per Idol",
                view,
                {c: (COUNT if c == "games" else TEXT) for c in view.columns}
                | {"players": INTEGER},  # the shares are written with their intervals
                max_rows=None,
            ),
            Table(
                "early_rushes",
                rushes,
                "Idols that win early far more often than the others",
                _rush_view(rushes),
                RUSH_TYPES,
            ),
        ],
    )
