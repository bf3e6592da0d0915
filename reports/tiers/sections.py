"""The skill-tier sections of a run's report: every Idol's win rate at every tier side by side
with a verdict across tiers, the seat rates per tier, and why each flagged Idol wins or loses.

A balance verdict is evidence only when it holds at more than one level of play; these sections
put the levels next to each other (analysis/tiers/analyse.py computes them).
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
from avarium.analysis.tiers.analyse import (
    DEPENDS,
    FLAGGED,
    INSIDE,
    TOO_STRONG,
    TOO_WEAK,
    UNSETTLED,
    TierAnalysis,
)
from avarium.analysis.tiers.gaps import APART, WHY, apart_sentence
from avarium.analysis.tiers.play import (
    PLAYED_DIFFERENTLY,
    PLAYED_WHY,
    differently_sentence,
    played_differently,
)
from avarium.analysis.tiers.settled import MARGIN, strength_sentence
from avarium.analysis.tiers.targeting import targeting_sentence
from avarium.analysis.verdicts import Status, Strength, Targeting
from avarium.reports.html import Chart, Section, Table, esc
from avarium.reports.tiers import play as tier_play_page
from avarium.reports.tiers import targeting as targeting_page
from avarium.reports.tiers.chart import tier_chart, tier_names
from avarium.reports.tuning import recommendation

# How a verdict reads in a sentence, and the order the summary names them in.
VERDICT_ORDER = (TOO_STRONG, TOO_WEAK, DEPENDS, UNSETTLED, INSIDE)


def _pct(x: float) -> str:
    return "—" if not np.isfinite(x) else f"{x:.1%}"


def _points(x: float) -> str:
    return "—" if not np.isfinite(x) else f"{x * 100:+.1f}"


def summary_items(result: TierAnalysis) -> list[str]:
    """The summary's lines about tiers: which tiers played, and the verdicts across them."""
    items = []
    verdicts = result.tables["tier_verdicts"]
    groups = result.groups
    for group in groups:
        tiers = [t for t in sorted(result.tiers, key=lambda t: t.order) if t.group == group]
        if group == groups[0]:
            played = ", ".join(f"<code>{esc(t.tier)}</code> ({t.games:,} games)" for t in tiers)
            where = "" if len(groups) == 1 else f" in each of the {len(groups)} variants"
            items.append(
                f"<li>Skill tiers{where}, weakest first: {played}, on the same deals. A "
                "verdict holds only if it holds at every tier; see Skill tiers.</li>"
            )
            # The settled verdicts lead: whether stronger play would still move the answer.
            items += [f"<li>{esc(line)}.</li>" for line in settled_lines(result)]
        part = verdicts[verdicts["group"] == group]
        for verdict in VERDICT_ORDER:
            chosen = part[part["verdict"] == verdict]
            if chosen.empty:
                continue
            several = part["players"].nunique() > 1
            names = ", ".join(
                esc(r.idol) + (f" ({r.players} players)" if several else "")
                for r in chosen.itertuples()
            )
            flag = verdict in (TOO_STRONG, TOO_WEAK, DEPENDS)
            head = f'<span class="flag">{esc(verdict)}</span>' if flag else esc(verdict)
            where = "" if len(groups) == 1 else f" ({esc(group)})"
            items.append(f"<li>{head}{where}: {names}.</li>")
        gaps = result.tables["tier_gaps"]
        apart = apart_sentence(gaps[gaps["group"] == group].to_dict("records"))
        if apart:
            where = "" if len(groups) == 1 else f" ({esc(group)})"
            items.append(
                f'<li><span class="flag">{APART}</span>{where} ({WHY}): {esc(apart)}.</li>'
            )
    pairs = result.tables.get("tier_targeting")  # a targeting pair at three or four players
    targeting = targeting_sentence(pairs.to_dict("records")) if pairs is not None else ""
    if targeting:
        head = f'<span class="flag">{esc(Targeting.DEPENDS)}</span>'
        items.append(f"<li>{head}: {esc(targeting)}.</li>")
    fairest = result.tables.get("tier_fairest")
    if fairest is not None and len(fairest):
        # The very line tune-bonus prints for every tier at once: one recommendation, one wording.
        said = recommendation(fairest, "worst seat at any tier", "recommended at every tier")
        items += [f"<li>Seats: {esc(line)}.</li>" for line in said.splitlines()]
    differently = differently_sentence(played_differently(result.tables["tier_play_all"]))
    if differently:
        items.append(
            f"<li>{PLAYED_DIFFERENTLY.capitalize()}: {esc(differently)}. {PLAYED_WHY} "
            "(Skill tiers, How each tier plays).</li>"
        )
    return items


def settled_lines(result: TierAnalysis) -> list[str]:
    """The lines naming the Idols settled at strong play and those still moving with skill."""
    settled = result.tables.get("tier_settled")
    if settled is None or settled.empty:
        return []
    return strength_sentence(settled.to_dict("records"))


SETTLED_TEXT = (
    f"<p>Settled at strong play: per Idol, the strongest tier's win rate minus the next "
    f"strongest's on the deals both played, with its 90% interval. The Idol's answer is "
    f"<em>{Strength.SETTLED}</em> when an equivalence test (two one-sided tests at 5%, Holm "
    f"over the Idols of the player count) shows the two tiers within {MARGIN * 100:.1f} points "
    f"of each other: stronger play is no longer moving it. It is <em>{Strength.MOVING}</em> "
    f"when the two tiers are shown apart (a two-sided test at 5%, Holm over the same Idols): a "
    f"stronger tier may still change the verdict. Neither is <em>{Strength.UNDECIDED}</em>: "
    f"the interval holds both no change and more than {MARGIN * 100:.1f} points.</p>"
)


def _settled_view(settled: pd.DataFrame) -> pd.DataFrame:
    """One row per group, player count and Idol: the two tiers, the change with its 90%
    interval and deals, the Holm-adjusted p and the answer."""
    several = settled["group"].nunique() > 1
    rows = []
    for r in settled.itertuples():
        row = ({"variant": r.group} if several else {}) | {"players": r.players, "idol": r.idol}
        row["tiers"] = f"{r.tier_a} {_pct(r.rate_a)} vs {r.tier_b} {_pct(r.rate_b)}"
        row["change (points)"] = (
            f"{_points(r.change)} (90%: {_points(r.lo90)} to {_points(r.hi90)}; "
            f"{int(r.paired_games):,} deals)"
        )
        row["p (Holm)"] = "< 0.0001" if r.p_holm < 1e-4 else f"{r.p_holm:.4f}"
        row["answer"] = r.strength
        rows.append(row)
    return pd.DataFrame(rows)


def rate_cell(r) -> str:
    """A tier's rate, its 95% interval and its status, with the interval the status was decided
    on: `inside` on the 95% interval, `outside` and `unsettled` on Holm's (wider, and labelled),
    so a 95% interval clear of the band beside `unsettled` says why."""
    cell = f"{_pct(r['rate'])} (95%: {_pct(r['lo'])}-{_pct(r['hi'])}"
    if r["status"] in (Status.OUTSIDE, Status.UNSETTLED):
        cell += f"; Holm: {_pct(r['flag_lo'])}-{_pct(r['flag_hi'])}"
    return f"{cell}) {r['status']}"


def _verdict_view(result: TierAnalysis, group: str) -> pd.DataFrame:
    """One row per Idol: its rate with interval and status at every tier, the verdict, and the
    change between the two strongest tiers."""
    rates = result.tables["tier_winrates"]
    rates = rates[rates["group"] == group]
    verdicts = result.tables["tier_verdicts"]
    verdicts = verdicts[verdicts["group"] == group]
    rows = []
    for v in verdicts.itertuples():
        row = {"players": v.players, "idol": v.idol}
        for tier in tier_names(result, group):
            r = rates[(rates["tier"] == tier) & (rates["idol"] == v.idol)]
            r = r[r["players"] == v.players]
            if r.empty:
                row[tier] = "—"
                continue
            row[tier] = rate_cell(r.iloc[0])
        row["verdict"] = v.verdict
        if "change" in verdicts.columns:
            row["change (points)"] = (
                f"{_points(v.change)} ({_points(v.change_lo)} to {_points(v.change_hi)}; "
                f"{int(v.paired_games):,} deals)"
            )
        rows.append(row)
    return pd.DataFrame(rows)


EXPELLED_FIRST_TEXT = (
    "<p>Expelled first, three and four players: per tier, the share of each Idol's games in "
    "which its seat was the first expelled (the earliest moment anyone was; players expelled "
    "at that same moment all count), with its 95% interval and the games played. Whom the "
    "table turns on first decides many multiplayer verdicts, and each tier turns on different "
    "Idols: a share that moves with the tier is the tier's targeting as much as the Idol.</p>"
)


def _expelled_view(result: TierAnalysis, expelled: pd.DataFrame) -> pd.DataFrame:
    """One row per group, player count and Idol: at each tier, the share expelled first with
    its interval and the games (`49.0% (45.1%-52.9%) of 1,234`)."""
    several = expelled["group"].nunique() > 1
    rows = []
    for (group, players, idol), part in expelled.groupby(["group", "players", "idol"], sort=False):
        row = ({"variant": group} if several else {}) | {"players": players, "idol": idol}
        by_tier = part.set_index("tier")
        for tier in tier_names(result, group):
            if tier not in by_tier.index:
                row[tier] = "—"
                continue
            r = by_tier.loc[tier]
            row[tier] = f"{_pct(r['share'])} ({_pct(r['lo'])}-{_pct(r['hi'])}) of {r['games']:,}"
        rows.append(row)
    return pd.DataFrame(rows).fillna("—")  # a tier of another variant's group


def tiers_section(result: TierAnalysis, marks: dict[str, tuple[str, str]] | None = None) -> Section:
    """The tiers side by side; `marks` give each group's charts their heading and footer (whose
    games they plot: reports/population.py)."""
    paragraphs = [
        "<p>The same deals and seatings played at every tier, weakest first. Each cell: the "
        "Idol's win rate at that tier, its 95% interval and its status: <em>inside</em> when the "
        "95% interval lies within the band; <em>outside</em> when the Holm interval (wider: "
        "Holm's correction over every Idol, player count and tier, shown beside it) lies wholly "
        "outside; else <em>unsettled</em>. The verdict holds across tiers: <em>"
        f"{INSIDE}</em>, <em>{TOO_STRONG}</em> or <em>{TOO_WEAK}</em> (outside on the same "
        f"side at every tier), <em>{DEPENDS}</em> (outside at one tier, inside or on the other "
        f"side at another: the Idol's balance is a question of how well it is played), or "
        f"<em>{UNSETTLED}</em> (a tier needs more games). The change is the strongest tier's "
        "rate minus the next one's on the deals both played, game for game, with a 95% "
        "interval for matched pairs (Agresti-Min).</p>"
    ]
    figures, tables = [], []
    for group in result.groups:
        suffix = "" if group == "main" else "_" + re.sub(r"[^A-Za-z0-9.]+", "_", group)
        title = "" if group == "main" else f" ({group})"
        rates = result.tables["tier_winrates"]
        for players in sorted(rates[rates["group"] == group]["players"].unique()):
            figures.append(
                Chart(
                    f"tier_win_rates_{players}p{suffix}",
                    tier_chart(result, group, int(players)),
                    f"Win rate per skill tier, {players} players{title}",
                    *(marks or {}).get(group, ("", "")),
                    marks={"players": str(players)} | ({} if group == "main" else {"cards": group}),
                )
            )
        tables.append(
            Table(
                f"tier_verdicts{suffix}",
                result.tables["tier_verdicts"][result.tables["tier_verdicts"]["group"] == group],
                f"Verdicts across skill tiers{title}",
                _verdict_view(result, group),
                marks={} if group == "main" else {"cards": group},
            )
        )
    settled = result.tables.get("tier_settled")
    if settled is not None and not settled.empty:
        paragraphs.append(SETTLED_TEXT)
        tables.append(
            Table(
                "tier_settled",
                settled,
                "Settled at strong play: the two strongest tiers",
                _settled_view(settled),
            )
        )
    gaps = result.tables["tier_gaps"]
    if not gaps.empty:
        paragraphs.append(
            "<p>Tiers apart: each Idol's widest gap between two tiers, on the deals both played, "
            "against the band's width. An Idol is inside the band at two tiers only if its rates "
            "there differ by no more than the band is wide, so where the gap is shown wider "
            "(<em>apart</em>; Holm over every Idol and pair of tiers), no card change that moves "
            "both tiers alike can bring it inside at both: only one that moves one tier more than "
            "the other can.</p>"
        )
        tables.append(Table("tier_gaps", gaps, "Tiers apart: each Idol's widest gap"))
    paragraphs.append(tier_play_page.TEXT)
    tables += tier_play_page.tables(result.tables)
    if "tier_expelled_first" in result.tables:  # three or four players only
        paragraphs.append(EXPELLED_FIRST_TEXT)
        expelled = result.tables["tier_expelled_first"]
        tables.append(
            Table(
                "tier_expelled_first",
                expelled,
                "Expelled first: share of each Idol's games per tier, 3 and 4 players",
                _expelled_view(result, expelled),
            )
        )
    if "tier_targeting" in result.tables:  # a targeting pair at three or four players
        paragraphs.append(targeting_page.TEXT)
        tables += targeting_page.tables(result.tables)
    tables.append(
        Table("tier_win_rates", result.tables["tier_winrates"], "Every tier's flags (all rows)")
    )
    seats = result.tables["tier_seats"]
    tables.append(
        Table(
            "tier_seats",
            seats,
            "Seat win rates per tier",
            seats[["group", "tier", "players", "seat", "games", "rate", "lo", "hi", "fair"]],
        )
    )
    if "tier_fairest" in result.tables:
        paragraphs.append(
            "<p>Seats closest to fair at every tier at once: a point's worst gap is its worst "
            "seat at any tier, and the point chosen is the one whose worst seat, whichever tier "
            "plays, is nearest fair (the probability and the corrected gap from one bootstrap "
            "over the deals every tier played).</p>"
        )
        tables.append(
            Table(
                "tier_fairest",
                result.tables["tier_fairest"],
                "Seats closest to fair at every tier at once",
            )
        )
    return Section("skill-tiers", "Skill tiers", paragraphs, figures, tables)


def why_section(result: TierAnalysis, run: str) -> Section:
    """For each flagged Idol: how its games end at each tier, the
    median turn its Win-Con was reached, and sample games to replay."""
    reasons = result.tables["tier_reasons"]
    play = result.tables["tier_play"]
    samples = result.tables["tier_samples"].copy()
    samples["replay"] = samples["replay"].str.replace("RUN", run, regex=False)
    verdicts = result.tables["tier_verdicts"]
    flagged = verdicts[verdicts["verdict"].isin(FLAGGED)]
    paragraphs = [
        "<p>For every Idol too strong or too weak at every tier, or whose verdict depends on "
        "skill: how "
        "its games end at each tier (share of its wins and of its losses by reason), the "
        "median turn at which it won by its Win-Con, and games to watch with "
        "<code>avarium replay</code>: games it won (too strong) or lost (too weak) at the "
        "strongest tier, or deals whose result changed between the two strongest tiers; and "
        "how each tier plays it, a mean per game (How each tier plays).</p>"
    ]
    if flagged.empty:
        paragraphs.append(
            "<p>No Idol is too strong or too weak at every tier, and none depends on skill.</p>"
        )
        return Section("why-idols-win", "Why an Idol wins", paragraphs)
    for v in flagged.itertuples():
        mine = reasons[
            (reasons["group"] == v.group)
            & (reasons["players"] == v.players)
            & (reasons["idol"] == v.idol)
        ]
        lines = []
        for tier, part in mine.groupby("tier", sort=False):
            ends = []
            for result_name in ("won", "lost"):
                rows = part[part["result"] == result_name].sort_values("share", ascending=False)
                if rows.empty:
                    continue
                shares = ", ".join(f"{esc(r.reason)} {r.share:.0%}" for r in rows.itertuples())
                ends.append(f"{result_name}: {shares}")
            median = part["median_wincon_turn"].dropna()
            turn = f"; Win-Con reached at turn {median.iloc[0]:.0f} (median)" if len(median) else ""
            habits = _habits(play, v, tier)
            lines.append(f"<li><code>{esc(tier)}</code>: {'; '.join(ends)}{turn}{habits}</li>")
        games = samples[
            (samples["group"] == v.group)
            & (samples["players"] == v.players)
            & (samples["idol"] == v.idol)
        ]
        watch = "".join(
            f"<li>{esc(g.what)}: <code>{esc(g.replay)}</code></li>" for g in games.itertuples()
        )
        players = f", {v.players} players" if verdicts["players"].nunique() > 1 else ""
        paragraphs.append(
            f"<h3>{esc(v.idol)}{players}: {esc(v.verdict)}</h3><ul>{''.join(lines)}</ul>"
            + (f"<p>Games to watch:</p><ul>{watch}</ul>" if watch else "")
        )
    return Section(
        "why-idols-win",
        "Why an Idol wins",
        paragraphs,
        tables=[
            Table("tier_reasons", reasons, "How games end, per tier"),
            Table("tier_samples", samples, "Sample games per verdict"),
        ],
    )


def _habits(play: pd.DataFrame, v, tier: str) -> str:
    """`; a game: 0.3 Schemes played, 1.4 fights declared, 5.2 Students recruited` for one
    Idol (a row of the verdicts) at one tier, from `tier_play`; "" when it has no row."""
    row = play[
        (play["group"] == v.group)
        & (play["players"] == v.players)
        & (play["idol"] == v.idol)
        & (play["tier"] == tier)
    ]
    if row.empty:
        return ""
    r = row.iloc[0]
    return (
        f"; a game: {r['schemes_played']:.1f} Schemes played, {r['fights']:.1f} fights "
        f"declared, {r['recruited']:.1f} Students recruited"
    )
