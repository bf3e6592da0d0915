"""Whom the table attacks, as a page shows it: which bots of a run differ by their targeting rule
alone (read from the run's profiles), the paragraph that says how the verdict is reached, and its
table (analysis/tiers/targeting.py computes it)."""

from __future__ import annotations

import tomllib
from importlib.util import find_spec
from pathlib import Path

import pandas as pd
from avarium.analysis.tiers.targeting import standing
from avarium.analysis.verdicts import Targeting
from avarium.reports import formats
from avarium.reports.html import Table
from avarium.runner.field_table import BUNDLED
from avarium.simulator import tomlread

TEXT = (
    "<p>Whom the table attacks, three and four players: two tiers that play the same bot but "
    "for its targeting rule (the fitted weights choose among every enemy, or every attack goes "
    "to the enemy closest to winning: the most Win-Con progress, then the most Merit). An Idol "
    f"<em>{Targeting.DEPENDS}</em> when the tier table's band test puts it on different sides "
    "of the band under the two rules (outside at one and inside at the other, or outside above "
    f"at one and below at the other): its verdict is a question of whom the others attack. "
    f"<em>{Targeting.SAME}</em> when both are decided alike; <em>{Targeting.UNDECIDED}</em> "
    "when either is unsettled or has too few games. The band test says where each rule leaves "
    "the Idol, not how far it moves: the last column gives the leader rule's rate minus the "
    "fitted rule's on the deals both played, with its 95% interval (a paired difference), so a "
    "large move that stays on one side of the band shows there.</p>"
)


def bundled_profiles() -> Path:
    """The bundled profiles file, found without importing the bots (which load the engine)."""
    return Path(find_spec("avarium.strategies").submodule_search_locations[0]) / "profiles.toml"


def plays_the_leader_rule(bots: set[str], profiles: Path) -> bool:
    """Whether any of these bot specs names a profile of the file that attacks only the leader:
    read as TOML, so that a report of a run without one never loads the engine (the bots'
    import compiles or loads every kernel: seconds and hundreds of MB for nothing)."""
    try:
        doc = tomlread.loads(profiles.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False  # the bots cannot resolve it either: no pair
    leaders = {n for n, t in doc.items() if isinstance(t, dict) and t.get("targeting") == "leader"}
    return any(b.partition("/")[0].partition(".")[2] in leaders for b in bots)


def twins(experiment: dict) -> tuple[tuple[str, str], ...]:
    """The pairs of the run's tier bots (fitted, leader) that differ by their targeting rule
    alone, as the run's profiles file resolves them; none when a bot no longer resolves (a
    profiles file moved or changed since the run: the page then leaves the verdict out)."""
    by_profiles: dict[str, set[str]] = {}
    tables = experiment.get("variant")
    for table in tables if isinstance(tables, list) else ():
        if isinstance(table, dict) and isinstance(table.get("tier"), str):
            by_profiles.setdefault(str(table.get("profiles", "")), set()).add(table["tier"])
    out: list[tuple[str, str]] = []
    for profiles, bots in by_profiles.items():
        path = bundled_profiles() if profiles in ("", BUNDLED) else Path(profiles)
        if len(bots) < 2 or not path.is_file() or not plays_the_leader_rule(bots, path):
            continue
        from avarium.strategies import targeting_pairs  # the bots load the engine: lazily

        out += targeting_pairs(sorted(bots), None if profiles in ("", BUNDLED) else path)
    return tuple(dict.fromkeys(out))


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _move(r) -> str:
    """The leader rule's rate minus the fitted rule's, paired: `+12.0 pts (+10.9 to +13.1 pts)
    on 2,000 deals`."""
    if not r["paired_games"]:
        return "no shared deals"
    change, lo, hi = (formats.points(r[c]) for c in ("change", "change_lo", "change_hi"))
    return f"{change} ({lo.removesuffix(' pts')} to {hi}) on {int(r['paired_games']):,} deals"


def view(targeting: pd.DataFrame) -> pd.DataFrame:
    """One row per pair, player count and Idol: the verdict and each rule's rate, its interval,
    games and status (`38.2% (35.1%-41.4%) of 1,000, inside`)."""

    def cell(r, rule: str) -> str:
        rate = f"{_pct(r[f'rate_{rule}'])} ({_pct(r[f'lo_{rule}'])}-{_pct(r[f'hi_{rule}'])})"
        return f"{rate} of {int(r[f'games_{rule}']):,}, {standing(r, rule)}"

    rows = [
        {
            "players": r["players"],
            "idol": r["idol"],
            "verdict": r["verdict"],
            "fitted rule": f"{r['fitted']}: {cell(r, 'fitted')}",
            "leader rule": f"{r['leader']}: {cell(r, 'leader')}",
            "leader minus fitted (95%)": _move(r),
        }
        for _, r in targeting.iterrows()
    ]
    return pd.DataFrame(rows)


def tables(result_tables: dict[str, pd.DataFrame]) -> list[Table]:
    """`tier_targeting` as the page's table, when the run has a targeting pair."""
    if "tier_targeting" not in result_tables:
        return []
    targeting = result_tables["tier_targeting"]
    caption = "Whom the table attacks: each Idol under the fitted and the leader rule"
    return [Table("tier_targeting", targeting, caption, view(targeting))]
