"""What `avarium report` and `avarium compare` print in the terminal: the page's headline in a
few lines, read back from the tables the page was written with (and, for a comparison, from
both runs' experiment.toml), so the terminal and the page cannot disagree. Each headline is a
dict of facts first (what `--json` prints) and lines drawn from it."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

from avarium.analysis.verdicts import FLAGGED, Status, Verdict
from avarium.simulator import tomlread
from avarium.simulator.safetext import read_csv_frame

if TYPE_CHECKING:  # pandas is imported when a headline is read: every command imports this
    import pandas as pd

MAX_SEAT_LINES = 8  # a run of more variants (or tiers) gives its seats on the page only
# Every verdict across tiers, in the order the page's summary names them: the terminal and
# --json carry the same groups, the flagged first.
VERDICTS = (*FLAGGED, Verdict.UNSETTLED, Verdict.INSIDE, Verdict.NOT_ENOUGH)
# A run without tiers: each Idol's status, under the names the summary gives them.
STATUS_GROUPS = {
    Status.UNSETTLED: str(Status.UNSETTLED),
    Status.INSIDE: f"{Status.INSIDE} the band",
    Status.NOT_ENOUGH: str(Status.NOT_ENOUGH),
}
FLAG_COLUMNS = ["idol", "players", "side", "rate", "lo", "hi", "flag_lo", "flag_hi"]
SEAT_RATE_COLUMNS = ["players", "seat", "rate", "lo", "hi"]
# What two runs a comparison may hold side by side can differ in (analysis/compare.py refuses
# the rest, bots included; they are listed so a difference would never go unsaid).
EXPERIMENT_FIELDS = ("cards", "card_set", "sets", "patches", "bonus", "rules", "bots")


def _table(report: Path, name: str) -> pd.DataFrame | None:
    path = report / "tables" / f"{name}.csv"
    return read_csv_frame(path) if path.is_file() else None


def _interval(row) -> str:
    return f"{row['rate']:.1%} ({row['lo']:.1%}-{row['hi']:.1%})"


def _decided(row) -> str:
    """A flagged or unsettled Idol's rate with both its intervals, each labelled: the 95% one,
    and Holm's, on which the flag was decided."""
    return (
        f"{row['rate']:.1%} (95% interval {row['lo']:.1%}-{row['hi']:.1%}; Holm interval "
        f"{row['flag_lo']:.1%}-{row['flag_hi']:.1%}, which decides)"
    )


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
    return pd.concat([read_csv_frame(p) for p in parts], ignore_index=True) if parts else None


def report_facts(report: Path, run: Path | None = None) -> dict:
    """The headline's facts: per flagged verdict across tiers (a tiered run) or the Idols
    outside the band, the seat win rates with intervals, and the page; with the run, how a run
    played until a rule held stopped (its stopped.json), under `stopped`."""
    from avarium.runner import stopped

    facts: dict = {"page": str(report / "index.html")}
    listed = _manifest(run) if run is not None else None
    if listed is not None:
        present = sum(  # listed and on disk: what the report could read (its own checks aside)
            r.last_game - r.first_game + 1
            for name, r in listed.parts.items()
            if name.startswith("games/") and (run / name).is_file()
        )
        if present < listed.games:
            facts["unfinished"] = {"games": present, "planned": listed.games}
    record = stopped.read(run) if run is not None else None
    if record is not None:
        keys = ("rule", "stopped", "why", "round", "rounds", "games", "cap")
        facts["stopped"] = {key: record.get(key) for key in keys}
    verdicts = _verdicts(report)
    flags = _table(report, "balance_flags")
    if verdicts is not None:
        facts["groups"] = list(dict.fromkeys(verdicts["group"].astype(str)))
        facts["verdicts"] = {
            str(verdict): _rows(
                verdicts[verdicts["verdict"] == verdict], ["idol", "players", "group"]
            )
            for verdict in VERDICTS
        }
        settled = _table(report, "tier_settled")
        if settled is not None:
            columns = ["group", "idol", "players", "tier_a", "rate_a", "tier_b", "rate_b"]
            columns += ["change", "lo90", "hi90", "p_holm", "strength"]
            facts["settled"] = _rows(settled, columns)
        gaps = _table(report, "tier_gaps")
        if gaps is not None:
            apart = gaps[gaps["apart"].astype(bool)].assign(apart=True)
            columns = ["group", "idol", "players", "tier_a", "rate_a", "tier_b", "rate_b"]
            facts["tiers_apart"] = _rows(apart, [*columns, "gap", "paired_games", "apart"])
        play = _table(report, "tier_play_all")
        if play is not None:
            from avarium.analysis.tiers.play import played_differently  # pandas: lazily

            facts["played_differently"] = played_differently(play)
    per_variant = _table(report, "flags_by_variant") if _pooled(flags) else None
    by_variant = per_variant is not None
    if by_variant:
        # A run of several variants: its pooled figures answer no question (an average over
        # the points of a sweep), so the headline, like the page's summary, is per variant.
        flags = per_variant
        facts["variants"] = list(dict.fromkeys(flags["variant"].astype(str)))
    extra = ["variant"] if by_variant else []
    if verdicts is None and flags is not None:
        outside = flags[flags["status"] == Status.OUTSIDE].sort_values("rate", ascending=False)
        columns = [c for c in [*FLAG_COLUMNS, *extra] if c in flags.columns]
        facts["outside"] = _rows(outside, columns)
        for status, key in STATUS_GROUPS.items():
            facts[key.replace(" ", "_")] = _rows(flags[flags["status"] == status], columns)
    tiered = _table(report, "tier_seats") if verdicts is not None else None
    if tiered is not None:
        # A tiered run: every tier's seats, each named by its tier (and variant), not only the
        # strongest tier's that the page details: a seat rate is shown with the bots behind it.
        several = tiered["group"].nunique() > 1
        label = tiered["group"] + " · " + tiered["tier"] if several else tiered["tier"]
        facts["seats"] = _rows(tiered.assign(variant=label), [*SEAT_RATE_COLUMNS, "variant"])
    else:
        seats = _table(report, "seat_by_variant" if by_variant else "seat_win_rates")
        if seats is not None:
            facts["seats"] = _rows(seats, [*SEAT_RATE_COLUMNS, *extra])
    rushes = _table(report, "early_rushes")  # the Idols that win early far more often
    columns = ["idol", "variant", "players", "turn", "rate", "lo", "hi", "others"]
    facts["early_wins"] = [] if rushes is None else _rows(rushes, columns)
    return facts


def _manifest(run: Path):
    """The run's manifest, or None when it has none or it cannot be read (the report that was
    just written has said so already)."""
    from avarium.runner import manifest

    try:
        return manifest.read(run)
    except manifest.ManifestError:
        return None


def _pooled(flags: pd.DataFrame | None) -> bool:
    """Whether a run's flags were pooled over several variants (analysis/summary.py)."""
    return flags is not None and "pooled" in flags and bool(flags["pooled"].astype(bool).any())


def report_lines(facts: dict) -> list[str]:
    """The facts of report_facts as the terminal shows them."""
    lines = []
    unfinished = facts.get("unfinished")
    if unfinished:  # the page opens on it too: every figure below is on part of the run
        lines.append(
            f"unfinished run: {unfinished['games']:,} of {unfinished['planned']:,} games; every "
            "figure is on the games played so far (rerun avarium simulate with the same "
            "experiment to finish it)"
        )
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
        from avarium.analysis.tiers.settled import strength_sentence  # numpy: lazily

        # The settled verdicts lead: whether stronger play would still move each answer.
        lines += strength_sentence(facts.get("settled", []))
        groups = facts.get("groups", [])
        flagged = [v for v, chosen in facts["verdicts"].items() if chosen and v in FLAGGED]
        if not flagged:
            lines.append("no Idol is outside the band at every tier, and none depends on skill")
        for verdict, chosen in facts["verdicts"].items():
            if chosen:
                lines.append(f"{verdict}: {', '.join(_named(chosen, several, groups))}")
        from avarium.analysis.tiers.gaps import APART, WHY, apart_sentence  # numpy: lazily

        apart = apart_sentence(facts.get("tiers_apart", []), facts.get("groups"))
        if apart:
            lines.append(f"{APART} ({WHY}): {apart}")
        from avarium.analysis.tiers.play import PLAYED_DIFFERENTLY, differently_sentence

        differently = differently_sentence(facts.get("played_differently", []))
        if differently:
            lines.append(f"{PLAYED_DIFFERENTLY}: {differently}")
    elif "variants" in facts:
        lines += _outside_per_variant(facts["outside"], facts["variants"], several)
    elif "outside" in facts:
        for r in facts["outside"]:
            players = f", {r['players']} players" if several else ""
            lines.append(f"{r['idol']} is {r['side']} the band{players}: {_decided(r)}")
        if not facts["outside"]:
            lines.append("no Idol is outside the band")
        lines += _status_lines(facts, several)
    for r in facts.get("early_wins", []):
        lines.append(
            f"{r['idol']} wins early ({r['variant']}, {r['players']} players): by turn "
            f"{r['turn']} in {_interval(r)} of its games, the other Idols {r['others']:.1%}"
        )
    labels = {r["variant"] for r in facts.get("seats", []) if "variant" in r}
    if len(labels) > MAX_SEAT_LINES:
        lines.append(f"win rate by seat: per variant on the page ({len(labels)} variants)")
    else:
        lines += _seat_lines(facts.get("seats", []))
    lines.append(f"report: {facts['page']}")
    return lines


def _status_lines(facts: dict, several: bool) -> list[str]:
    """The Idols of a run without tiers that are not outside the band, group by group as the
    summary names them: unsettled (with the interval that keeps each so), inside, too few
    games to judge (no verdict)."""
    lines = []
    for status, key in STATUS_GROUPS.items():
        rows = facts.get(key.replace(" ", "_"), [])
        if not rows:
            continue
        players = [f", {r['players']} players" if several else "" for r in rows]
        if status is Status.UNSETTLED:  # each with the intervals that keep it so
            named = [f"{r['idol']}{p}: {_decided(r)}" for r, p in zip(rows, players, strict=True)]
            lines.append(f"{key}: {'; '.join(named)}")
        else:
            named = [f"{r['idol']}{p}" for r, p in zip(rows, players, strict=True)]
            lines.append(f"{key}: {', '.join(named)}")
    return lines


def _seat_lines(seats: list[dict]) -> list[str]:
    """One line per player count (and variant, in a run of several) with every seat's rate."""
    by_players: dict[tuple, list[dict]] = {}
    for r in sorted(seats, key=lambda r: (r["players"], r["seat"])):
        by_players.setdefault((r.get("variant", ""), r["players"]), []).append(r)
    lines = []
    for (variant, players), part in by_players.items():
        rates = ", ".join(f"seat {int(r['seat'])} {_interval(r)}" for r in part)
        head = f"{variant}: " if variant else ""
        lines.append(f"{head}{players} players, win rate by seat (fair {1 / players:.0%}): {rates}")
    return lines


def _outside_per_variant(rows: list[dict], variants: list[str], several: bool) -> list[str]:
    """Each Idol outside the band in some variant of a run of several, once per side, with the
    variants it is outside in (the page's summary has their rates and intervals)."""
    where: dict[tuple, list[str]] = {}
    for r in rows:
        where.setdefault((r["idol"], r["players"], r["side"]), []).append(str(r["variant"]))
    lines = []
    for (idol, players, side), found in where.items():
        at = f", {players} players" if several else ""
        found = [v for v in variants if v in found]
        if len(found) == len(variants):
            lines.append(f"{idol} is {side} the band{at} in every variant ({len(variants)})")
        else:
            lines.append(
                f"{idol} is {side} the band{at} in {len(found)} of {len(variants)} variants: "
                + ", ".join(found)
            )
    return lines or ["no Idol is outside the band in any variant"]


def _named(rows: list[dict], several: bool, groups: list[str]) -> list[str]:
    """Each Idol once, with its player count when the run has several, and, when the run has
    several tiered variants, the variants it has the verdict in ("in every variant" if all)."""
    from avarium.analysis.tiers.gaps import held_in  # numpy: lazily

    where: dict[tuple, list[str]] = {}
    for r in rows:
        where.setdefault((r["idol"], r["players"]), []).append(str(r.get("group", "")))
    names = []
    for (idol, players), found in where.items():
        parts = [f"{players}p"] if several else []
        if len(groups) > 1:
            parts.append("in " + held_in(found, groups))
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
        experiment = tomlread.loads((run / "experiment.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
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
    changes = _table(target, "card_changes")
    # A blank variant (every variant changed alike) reads back as a missing value.
    facts["card_changes"] = [
        {"change": str(row["change"]), "variant": v if isinstance(v := row["variant"], str) else ""}
        for row in ([] if changes is None else changes.to_dict("records"))
    ]
    pooled = _table(target, "tiers_pooled")
    facts["tiers_pooled"] = [] if pooled is None else [str(t) for t in pooled["tier"]]
    idols = _table(target, "idol_differences")
    per_tier = idols is not None and "tier" in idols.columns
    facts["tiers"] = list(dict.fromkeys(idols["tier"].astype(str))) if per_tier else []
    for key, name in (("idol", "idol_differences"), ("seat", "seat_differences")):
        table = _table(target, name)
        columns = [key, "players", "rate_a", "rate_b", "diff", "lo", "hi", "p_holm"]
        if table is not None and "tier" in table.columns:  # both runs tiered: per tier
            columns.insert(1, "tier")
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
    if facts["card_changes"]:
        lines.append("B changed these card fields:")
    for change in facts["card_changes"]:
        where = f" (variant {change['variant']})" if change["variant"] else ""
        lines.append(f"  {change['change']}{where}")
    if facts["tiers"]:
        lines.append(
            f"compared tier by tier: {', '.join(facts['tiers'])} (each on its own twin games; "
            "--pool-tiers counts them together)"
        )
    if facts["tiers_pooled"]:
        lines.append(
            f"tiers pooled on request (--pool-tiers): {', '.join(facts['tiers_pooled'])}; "
            "every number below mixes them"
        )
    for key in ("idol", "seat"):
        for r in facts[f"{key}s_changed"]:
            name = f"seat {r['seat']}" if key == "seat" else r["idol"]
            name += f", tier {r['tier']}" if "tier" in r else ""
            lines.append(
                f"{name}, {r['players']} players: {r['rate_a']:.1%} to {r['rate_b']:.1%} "
                f"({r['diff'] * 100:+.1f} points, 95% interval {r['lo'] * 100:+.1f} to "
                f"{r['hi'] * 100:+.1f})"
            )
    if not facts["idols_changed"] and not facts["seats_changed"]:
        lines.append("no Idol or seat win rate changed significantly (Holm, 5%)")
    lines.append(f"comparison: {facts['page']}")
    return lines
