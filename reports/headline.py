"""What `avarium report` prints in the terminal: the page's headline in a few lines, read back
from the tables the page was written with, so the terminal and the page cannot disagree. Each
headline is a dict of facts first (what `--json` prints) and lines drawn from it; a
comparison's is reports/comparison_headline.py's."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from avarium.analysis.verdicts import FLAGGED, Status, Targeting, Verdict
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


def read_table(report: Path, name: str) -> pd.DataFrame | None:
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


def rows_of(frame: pd.DataFrame, columns: list[str]) -> list[dict]:
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
    flags = read_table(report, "balance_flags")
    if verdicts is not None:
        facts["groups"] = list(dict.fromkeys(verdicts["group"].astype(str)))
        facts["verdicts"] = {
            str(verdict): rows_of(
                verdicts[verdicts["verdict"] == verdict], ["idol", "players", "group"]
            )
            for verdict in VERDICTS
        }
        settled = read_table(report, "tier_settled")
        if settled is not None:
            columns = ["group", "idol", "players", "tier_a", "rate_a", "tier_b", "rate_b"]
            columns += ["change", "lo90", "hi90", "p_holm", "strength"]
            facts["settled"] = rows_of(settled, columns)
        gaps = read_table(report, "tier_gaps")
        if gaps is not None:
            apart = gaps[gaps["apart"].astype(bool)].assign(apart=True)
            columns = ["group", "idol", "players", "tier_a", "rate_a", "tier_b", "rate_b"]
            facts["tiers_apart"] = rows_of(apart, [*columns, "gap", "paired_games", "apart"])
        targeting = read_table(report, "tier_targeting")
        if targeting is not None:
            from avarium.analysis.tiers.targeting import COLUMNS as TARGETING  # pandas: lazily

            depends = targeting[targeting["verdict"] == Targeting.DEPENDS]
            facts["targeting"] = rows_of(depends, TARGETING)
        play = read_table(report, "tier_play_all")
        if play is not None:
            from avarium.analysis.tiers.play import played_differently  # pandas: lazily

            facts["played_differently"] = played_differently(play)
    per_variant = read_table(report, "flags_by_variant") if _pooled(flags) else None
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
        facts["outside"] = rows_of(outside, columns)
        for status, key in STATUS_GROUPS.items():
            facts[key.replace(" ", "_")] = rows_of(flags[flags["status"] == status], columns)
    tiered = read_table(report, "tier_seats") if verdicts is not None else None
    if tiered is not None:
        # A tiered run: every tier's seats, each named by its tier (and variant), not only the
        # strongest tier's that the page details: a seat rate is shown with the bots behind it.
        several = tiered["group"].nunique() > 1
        label = tiered["group"] + " · " + tiered["tier"] if several else tiered["tier"]
        facts["seats"] = rows_of(tiered.assign(variant=label), [*SEAT_RATE_COLUMNS, "variant"])
    else:
        seats = read_table(report, "seat_by_variant" if by_variant else "seat_win_rates")
        if seats is not None:
            facts["seats"] = rows_of(seats, [*SEAT_RATE_COLUMNS, *extra])
    rushes = read_table(report, "early_rushes")  # the Idols that win early far more often
    columns = ["idol", "variant", "players", "turn", "rate", "lo", "hi", "others"]
    facts["early_wins"] = [] if rushes is None else rows_of(rushes, columns)
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
        from avarium.analysis.tiers.targeting import targeting_sentence

        targeting = targeting_sentence(facts.get("targeting", []))
        if targeting:
            lines.append(f"{Targeting.DEPENDS}: {targeting}")
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
