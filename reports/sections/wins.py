"""The sections on who wins: Idol win rates, balance flags, matchups, seats and the model's Idol
strengths."""

from __future__ import annotations

import pandas as pd
from avarium.reports import charts
from avarium.reports.html import Chart, Section, Table


def flag_view(flags: pd.DataFrame) -> pd.DataFrame:
    cols = [
        "players",
        "idol",
        "games",
        "rate",
        "lo",
        "hi",
        "band_lo",
        "band_hi",
        "status",
        "p_holm",
        "flag_lo",
        "flag_hi",
        "stalled",
        "more_games",
        "more_run_games",
    ]
    # The rows stay in the page's order: Idols strongest first (reports/names.py).
    return flags[[c for c in cols if c in flags.columns]]


def pooled_note(t: dict) -> list[str]:
    """The label a section pooled over a run's variants carries (none for one variant)."""
    if "flags_by_variant" not in t:
        return []
    return [
        '<p class="note">Pooled over the variants, which play other cards or bonuses: read the '
        "per-variant figures under Variants first. Intervals and flags here are clustered on "
        "the deal (each deal's games in every variant count as one sample of luck).</p>"
    ]


def idol_win_rates_section(t: dict) -> Section:
    """Each Idol's win rate per player count, against the band."""
    flags = t["flags"]
    return Section(
        "idol-win-rates",
        "Idol win rates",
        [
            "<p>Share of its decided games each Idol won, per player count, with the 95% "
            "Wilson interval. Games stalled at the safety cap are left out (counted in the "
            "flags' <code>stalled</code>); draws count as games not won. The green band is "
            "the designer's band; the dashed line the fair share (1/N).</p>",
            *pooled_note(t),
        ],
        [
            Chart(
                "idol_win_rates",
                charts.idol_winrate_chart(flags),
                "Idol win rates against the band",
            )
        ],
        [Table("idol_win_rates", t["idol_winrates"], "Win rate per Idol")],
    )


def balance_flags_section(t: dict) -> Section:
    """Which Idols are outside, inside or not yet settled, after Holm's correction."""
    flags = t["flags"]
    return Section(
        "balance-flags",
        "Balance flags",
        [
            '<p>An Idol is <em>outside</em> when a one-sided score test rejects "its true '
            "rate is inside the band\" after Holm's correction over every Idol and player "
            "count (family-wise error 5%). <code>flag_lo</code>-<code>flag_hi</code> is the "
            "Wilson interval at the level Holm used for that Idol: it lies outside the band "
            "exactly when the Idol is flagged. <em>inside</em>: the 95% interval lies within "
            "the band. <em>unsettled</em>: neither yet; <code>more_games</code> is about how "
            "many more games of that Idol would settle it at its current rate.</p>",
            *pooled_note(t),
        ],
        tables=[Table("balance_flags", flags, "Flags per Idol", flag_view(flags))],
    )


def matchups_section(t: dict) -> Section:
    """How often each Idol beat each other Idol."""
    match = t["matchups"]
    match_charts = (
        [
            Chart(
                f"matchups_{p}p",
                charts.matchup_heatmap(match, int(p)),
                f"Matchups, {p} players",
                marks={"players": str(p)},
            )
            for p in sorted(match["players"].unique())
        ]
        if len(match)
        else []
    )
    two = match[match["players"] == 2]
    return Section(
        "matchups",
        "Matchups",
        [
            "<p>Each cell: how often the row Idol beat the column Idol, and the games behind "
            'it. With more than two players, "against" means "at the same table".</p>'
        ],
        match_charts,
        [Table("matchups", match, "Matchups with 95% intervals", two if len(two) else None)],
    )


def seats_section(t: dict) -> Section:
    """Win rate by seat, raw and from the seat model."""
    return Section(
        "seats",
        "Seats and the first player",
        [
            "<p>The seat answer is the raw win rate per seat over the decided games, with its "
            "95% interval, for every seat. The seat model's rate at an even table (every Idol "
            "equally strong), which an unbalanced mix of pairings cannot bias, is shown only "
            "where the model fits the games: <code>pearson_chi2</code> on <code>df</code> "
            "degrees of freedom, <code>dispersion</code> their ratio, and its intervals widened "
            "by <code>scale</code> (the dispersion when above 1, quasi-likelihood). Where it "
            "does not fit, or a seat won all or none of the games, it is left out and the "
            "Summary's notes say why.</p>",
            *pooled_note(t),
        ],
        [
            Chart(
                "seat_win_rates",
                charts.seat_chart(t["seat_winrates"], t["seat_model"]),
                "Win rate by seat",
            )
        ],
        [
            Table(
                "first_player_advantage",
                t["first_player_advantage"],
                "First-player advantage (raw)",
            ),
            Table("seat_win_rates", t["seat_winrates"], "Win rate by seat (raw)"),
            Table("seat_model", t["seat_model"], "Seat model: win rate at an even table"),
        ],
    )


def idol_strength_section(t: dict) -> Section:
    """Idol strengths with the seat terms taken out."""
    return Section(
        "idol-strength",
        "Idol strength with seats taken out",
        [
            "<p>Strength on the log-odds scale (0 = average Idol), estimated together with "
            "the seat terms. <code>vs_field</code> is the implied win rate against average "
            "opponents at an even table.</p>"
        ],
        [
            Chart(
                "idol_strength",
                charts.strength_chart(t["idol_strength"]),
                "Idol strength",
            )
        ],
        [Table("idol_strength", t["idol_strength"], "Idol strength")],
    )
