"""A ladder as Markdown text: each bot's win rate against each opponent, then the ratings."""

from __future__ import annotations

from avarium.analysis.ladder import LadderTables
from avarium.reports import formats


def _pct(value: float) -> str:
    return formats.cell(formats.PERCENT, value)


def render(tables: LadderTables, games: int, stalled: int, longest: int, seconds: float) -> str:
    m = tables.matches
    bots = list(tables.ratings["bot"])
    head = "| bot \\ opponent | " + " | ".join(bots) + " |"
    lines = [head, "|---" * (len(bots) + 1) + "|"]
    for bot in bots:
        cells = []
        for opp in bots:
            row = m[(m["bot"] == bot) & (m["opponent"] == opp)]
            if row.empty:
                cells.append("-")
            else:
                r = row.iloc[0]
                cells.append(f"{_pct(r.rate)} ({_pct(r.low)}-{_pct(r.high)})")
        lines.append(f"| {bot} | " + " | ".join(cells) + " |")
    lines += ["", "| bot | rating (Bradley-Terry, log-odds) | 95% interval |", "|---|---|---|"]
    for r in tables.ratings.itertuples():
        lines.append(f"| {r.bot} | {r.rating:+.2f} | {r.low:+.2f} to {r.high:+.2f} |")
    adv, lo, hi = tables.seat_advantage
    lines += [
        "",
        f"First seat: {adv:+.2f} log-odds (95% {lo:+.2f} to {hi:+.2f}). "
        f"{games} games, {stalled} stalled (hit a safety cap), longest {longest} turns, "
        f"{seconds:.0f} s.",
    ]
    return "\n".join(lines)
