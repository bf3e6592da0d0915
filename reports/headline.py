"""What `avarium report` and `avarium compare` print in the terminal: the page's headline in a
few lines, read back from the tables the page was written with (and, for a comparison, from
both runs' experiment.toml), so the terminal and the page cannot disagree. Each headline is a
dict of facts first (what `--json` prints) and lines drawn from it."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pandas is imported when a headline is read: every command imports this
    import pandas as pd

FLAGGED_VERDICTS = ("too strong at every tier", "too weak at every tier", "depends on skill")
# What two runs a comparison may hold side by side can differ in (analysis/compare.py refuses
# the rest, bots included; they are listed so a difference would never go unsaid).
EXPERIMENT_FIELDS = ("cards", "card_set", "sets", "patches", "bonus", "rules", "bots")


def _table(report: Path, name: str) -> pd.DataFrame | None:
    import pandas as pd

    path = report / "tables" / f"{name}.csv"
    return pd.read_csv(path) if path.is_file() else None


def _interval(row) -> str:
    return f"{row['rate']:.1%} ({row['lo']:.1%}-{row['hi']:.1%})"


def _rows(frame: pd.DataFrame, columns: list[str]) -> list[dict]:
    """The rows as plain Python values (numpy's are not JSON)."""
    return [
        {c: (v.item() if hasattr(v, "item") else v) for c, v in row.items()}
        for row in frame[columns].to_dict("records")
    ]


def _verdicts(report: Path) -> pd.DataFrame | None:
    """The verdicts across tiers of every tiered variant: one table (`tier_verdicts`) for a run
    of one variant, one per variant (`tier_verdicts_LABEL`, each with its `group`) otherwise."""
    import pandas as pd

    parts = sorted((report / "tables").glob("tier_verdicts*.csv"))
    return pd.concat([pd.read_csv(p) for p in parts], ignore_index=True) if parts else None


def report_facts(report: Path, run: Path | None = None) -> dict:
    """The headline's facts: per flagged verdict across tiers (a tiered run) or the Idols
    outside the band, the seat win rates with intervals, and the page; with the run, how a run
    played until a rule held stopped (its stopped.json), under `stopped`."""
    from avarium.simulator import stopped

    facts: dict = {"page": str(report / "index.html")}
    record = stopped.read(run) if run is not None else None
    if record is not None:
        keys = ("rule", "stopped", "why", "round", "rounds", "games", "cap")
        facts["stopped"] = {key: record.get(key) for key in keys}
    verdicts = _verdicts(report)
    flags = _table(report, "balance_flags")
    if verdicts is not None:
        facts["groups"] = list(dict.fromkeys(verdicts["group"].astype(str)))
        facts["verdicts"] = {
            verdict: _rows(verdicts[verdicts["verdict"] == verdict], ["idol", "players", "group"])
            for verdict in FLAGGED_VERDICTS
        }
        gaps = _table(report, "tier_gaps")
        if gaps is not None:
            apart = gaps[gaps["apart"].astype(bool)].assign(apart=True)
            columns = ["group", "idol", "players", "tier_a", "rate_a", "tier_b", "rate_b"]
            facts["tiers_apart"] = _rows(apart, [*columns, "gap", "apart"])
    elif flags is not None:
        outside = flags[flags["status"] == "outside"].sort_values("rate", ascending=False)
        facts["outside"] = _rows(outside, ["idol", "players", "side", "rate", "lo", "hi"])
    seats = _table(report, "seat_win_rates")
    if seats is not None:
        facts["seats"] = _rows(
            seats.sort_values(["players", "seat"]), ["players", "seat", "rate", "lo", "hi"]
        )
    return facts


def report_lines(facts: dict) -> list[str]:
    """The facts of report_facts as the terminal shows them."""
    lines = []
    stop = facts.get("stopped")
    if stop:
        lines.append(
            f"stopped early by its rule ({stop['rule']}) after round {stop['round']} of "
            f"{stop['rounds']}, at {stop['games']:,} of {stop['cap']:,} games: {stop['why']}"
            if stop["stopped"]
            else f"played to its cap of {stop['cap']:,} games before its rule ({stop['rule']}) "
            f"was met: {stop['why']}"
        )
    rows = [r for found in facts.get("verdicts", {}).values() for r in found]
    rows += facts.get("outside", [])
    several = len({r["players"] for r in rows}) > 1
    if "verdicts" in facts:
        groups = facts.get("groups", [])
        for verdict, chosen in facts["verdicts"].items():
            if chosen:
                names = ", ".join(_named(chosen, several, groups))
                lines.append(f"{verdict}: {names}")
        if not lines:
            lines.append("no Idol is outside the band at every tier, and none depends on skill")
        from avarium.analysis.tier_gaps import apart_sentence  # numpy and scipy: lazily

        apart = apart_sentence(facts.get("tiers_apart", []), facts.get("groups"))
        if apart:
            lines.append(
                "tiers further apart than the band (no change that moves every tier alike can "
                f"bring these inside at all): {apart}"
            )
    elif "outside" in facts:
        for r in facts["outside"]:
            players = f", {r['players']} players" if several else ""
            lines.append(f"{r['idol']} is {r['side']} the band{players}: {_interval(r)}")
        if not facts["outside"]:
            lines.append("no Idol is outside the band")
    by_players: dict[int, list[dict]] = {}
    for r in facts.get("seats", []):
        by_players.setdefault(r["players"], []).append(r)
    for players, part in by_players.items():
        rates = ", ".join(f"seat {int(r['seat'])} {_interval(r)}" for r in part)
        lines.append(f"{players} players, win rate by seat (fair {1 / players:.0%}): {rates}")
    lines.append(f"report: {facts['page']}")
    return lines


def _named(rows: list[dict], several: bool, groups: list[str]) -> list[str]:
    """Each Idol once, with its player count when the run has several, and, when the run has
    several tiered variants, the variants it has the verdict in ("in every variant" if all)."""
    where: dict[tuple, list[str]] = {}
    for r in rows:
        where.setdefault((r["idol"], r["players"]), []).append(str(r.get("group", "")))
    names = []
    for (idol, players), found in where.items():
        parts = [f"{players}p"] if several else []
        if len(groups) > 1:
            every = set(found) >= set(groups)
            parts.append("in every variant" if every else "in " + ", ".join(found))
        names.append(idol + (f" ({'; '.join(parts)})" if parts else ""))
    return names


def headline(report: Path) -> list[str]:
    """The flagged Idols (across tiers when the run has tiers), the seat win rates per player
    count, and where the page is."""
    return report_lines(report_facts(report))


# -- a comparison ---------------------------------------------------------------------------------


def _variants(run: Path) -> list[dict]:
    """The variant tables of a run's experiment.toml (none when it has no readable one)."""
    try:
        experiment = tomllib.loads((run / "experiment.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return []
    tables = experiment.get("variant")
    return [t for t in tables if isinstance(t, dict)] if isinstance(tables, list) else []


def _shown(value) -> str:
    if isinstance(value, list | tuple):
        return ",".join(map(str, value)) or "none"
    return "not recorded" if value is None else str(value)


def experiment_changes(run_a: Path, run_b: Path, variant: str | None = None) -> list[dict]:
    """What differs between the two runs' experiments, one dict per field (and rules option):
    field, a, b, and the variant when the runs have several."""
    va = [t for t in _variants(run_a) if variant is None or t.get("label") == variant]
    vb = [t for t in _variants(run_b) if variant is None or t.get("label") == variant]
    changes = []
    for x, y in zip(va, vb, strict=False):  # compare refused runs with other variant counts
        where = {"variant": x.get("label")} if len(va) > 1 else {}
        for name in EXPERIMENT_FIELDS:
            a, b = x.get(name), y.get(name)
            if name == "rules" and isinstance(a, dict) and isinstance(b, dict):
                changes += [
                    {"field": f"rules.{k}", "a": a.get(k), "b": b.get(k), **where}
                    for k in sorted(set(a) | set(b))
                    if a.get(k) != b.get(k)
                ]
            elif a != b:
                changes.append({"field": name, "a": a, "b": b, **where})
    return changes


def comparison_facts(target: Path, run_a: Path, run_b: Path, variant: str | None = None) -> dict:
    """The comparison's headline facts: what differs between the experiments, the Idols and
    seats whose win rate changed significantly (as the page marks them), and the page."""
    facts: dict = {
        "a": str(run_a),
        "b": str(run_b),
        "differences": experiment_changes(run_a, run_b, variant),
        "page": str(target / "index.html"),
    }
    for key, name in (("idol", "idol_differences"), ("seat", "seat_differences")):
        table = _table(target, name)
        columns = [key, "players", "rate_a", "rate_b", "diff", "lo", "hi", "p_holm"]
        changed = [] if table is None else _rows(table[table["significant"]], columns)
        # the largest move first, whichever way
        facts[f"{key}s_changed"] = sorted(changed, key=lambda r: -abs(r["diff"]))
    return facts


def comparison_lines(facts: dict) -> list[str]:
    """The facts of comparison_facts as the terminal shows them."""
    lines = []
    if facts["differences"]:
        lines.append("B differs from A in:")
        for d in facts["differences"]:
            where = f" (variant {d['variant']})" if "variant" in d else ""
            lines.append(f"  {d['field']}{where}: A {_shown(d['a'])}; B {_shown(d['b'])}")
    else:
        lines.append(
            "A and B record the same cards, patches, bonus, rules and bots (or do not record them)"
        )
    for key in ("idol", "seat"):
        for r in facts[f"{key}s_changed"]:
            name = f"seat {r['seat']}" if key == "seat" else r["idol"]
            lines.append(
                f"{name}, {r['players']} players: {r['rate_a']:.1%} to {r['rate_b']:.1%} "
                f"({r['diff'] * 100:+.1f} points, 95% interval {r['lo'] * 100:+.1f} to "
                f"{r['hi'] * 100:+.1f})"
            )
    if not facts["idols_changed"] and not facts["seats_changed"]:
        lines.append("no Idol or seat win rate changed significantly (Holm, 5%)")
    lines.append(f"comparison: {facts['page']}")
    return lines
