"""The report of one run: the analyses turned into sections, charts and tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.dataset import Provenance
from avarium.analysis.flags import MIN_IDOL_GAMES
from avarium.analysis.summary import Analysis, headline
from avarium.analysis.tiers import TierAnalysis
from avarium.reports import charts
from avarium.reports.html import Chart, Page, Section, Table, esc, facts_table
from avarium.reports.names import analysis_for_page, tiers_for_page
from avarium.reports.tiers import summary_items, tiers_section, why_section

# The sections of every report; a tiered run's report adds TIER_SECTION_IDS after the summary.
SECTION_IDS = (
    "summary",
    "provenance",
    "idol-win-rates",
    "balance-flags",
    "matchups",
    "seats",
    "idol-strength",
    "game-length",
    "win-reasons",
    "placements",
    "card-impact",
    "variants",
    "methods",
)


TIER_SECTION_IDS = ("skill-tiers", "why-idols-win")


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _points(x: float) -> str:
    return f"{x * 100:+.1f} points"


def _games(x: float) -> str:
    return "more than 100 million" if not np.isfinite(x) else f"about {x:,.0f}"


def _completeness(prov: Provenance) -> list[str]:
    """What the summary must say first about the run's files: unfinished, or unverifiable."""
    items = []
    if prov.incomplete:
        items.append(
            f'<li><span class="flag">Unfinished run</span>: {prov.games_present:,} of '
            f"{prov.games_planned:,} games; rerun <code>avarium simulate</code> with the same "
            "experiment to finish it. Every figure below is on the games played so far.</li>"
        )
    if not prov.verified:
        items.append(
            "<li>This run was written before runs recorded their checksums (manifest.json), so "
            "its part files could not be verified.</li>"
        )
    return items


def _coverage(analysis: Analysis, facts: dict) -> list[str]:
    """What the summary must say before any verdict: Idols with too few games to be judged,
    Idols of the pool that never played, Idols of the set left out of the pool."""
    items = []
    thin = facts["not_enough"]
    if thin:
        several = analysis.tables["flags"]["players"].nunique() > 1
        named = ", ".join(_thin(f, several) for f in thin)
        items.append(
            f'<li><span class="flag">Not enough games</span> to judge (fewer than '
            f"{MIN_IDOL_GAMES} each; no flag, not in the seat-and-strength model): {named}.</li>"
        )
    if analysis.never_played:
        items.append(
            f'<li><span class="flag">Never played</span>: {_names(analysis.never_played)} '
            f"(in the run's Idol pool, but in none of its games).</li>"
        )
    if analysis.left_out:
        items.append(
            f"<li>Left out of the Idol pool: {_names(analysis.left_out)} (in the card set, not "
            "in this run's experiment): nothing here is about them.</li>"
        )
    return items


def _thin(flag: dict, several_counts: bool) -> str:
    """ "amyba (3 games)", or "amyba (3 games, 4 players)" when the run mixes player counts."""
    games = f"{flag['games']:,} game" + ("" if flag["games"] == 1 else "s")
    players = f", {flag['players']} players" if several_counts else ""
    return f"{esc(flag['idol'])} ({games}{players})"


def _names(idols: list[str]) -> str:
    return ", ".join(esc(i) for i in idols)


def _who_played(bots: list[str]) -> list[str]:
    """The summary's first line: which bots played, since every verdict below depends on them;
    random play alone is a baseline, never evidence of balance."""
    if not bots:
        return []
    names = ", ".join(f"<code>{esc(b)}</code>" for b in sorted(bots))
    if set(bots) == {"random"}:
        return [
            f'<li><span class="flag">Played by {names} only</span>: random play is a baseline, '
            "not evidence of balance. The verdicts below say how the Idols fare when nobody "
            "plays well; run the same experiment with <code>--strategy heuristic</code> (or "
            "stronger bots) before judging an Idol.</li>"
        ]
    return [
        f"<li>Played by {names}. Every rate below is for these bots: an Idol's verdict can "
        "change with the skill of the players, so check it against stronger bots before "
        "acting on it.</li>"
    ]


def _verdicts(facts: dict, band: tuple[float, float]) -> list[str]:
    """The Idols outside the band, or that none is; the Idols not yet settled."""
    items = []
    if facts["flagged"]:
        for f in facts["flagged"]:
            items.append(
                f'<li><span class="flag">{esc(f["idol"])}</span> is {esc(f["side"])} the band in '
                f"{f['players']}-player games: {_pct(f['rate'])} "
                f"(95% interval {_pct(f['lo'])}-{_pct(f['hi'])}; band "
                f"{_pct(f['band_lo'])}-{_pct(f['band_hi'])}; {f['games']:,} games).</li>"
            )
    elif facts["judged"]:
        among = f" among the {facts['judged']} judged" if facts["not_enough"] else ""
        items.append(
            f"<li>No Idol is outside the band ({_pct(band[0])}-{_pct(band[1])} for two players, "
            f"scaled to the fair share for more){among} after Holm's correction.</li>"
        )
    if facts["unsettled"]:
        worst = max(facts["unsettled"], key=lambda f: f["more_games"])
        names = ", ".join(esc(f["idol"]) for f in facts["unsettled"])
        items.append(
            f"<li>Not yet settled (interval still straddles the band): {names}. The hardest, "
            f"{esc(worst['idol'])}, needs {_games(worst['more_games'])} more of its games.</li>"
        )
    return items


def _seat_lines(facts: dict) -> list[str]:
    """The seat answer, per player count: every seat's raw win rate with its 95% interval over
    the decided games; the model's even-table figure only where the model fits its games."""
    items = []
    first = {f["players"]: f for f in facts["first_player"]}
    for players, seats in facts["seats"].items():
        rates = "; ".join(
            f"seat {int(r['seat'])} {_pct(r['rate'])} ({_pct(r['lo'])}-{_pct(r['hi'])})"
            for r in seats
        )
        text = (
            f"<li>Seats, {players} players (seat 0 plays first; fair {_pct(1 / players)}, "
            f"{seats[0]['games']:,} decided games): {rates}"
        )
        f = first.get(players, {})
        if "model" in f:
            text += (
                f". With Idol strengths taken out, seat 0 is {_points(f['model'])} "
                f"({_points(f['model_lo'])} to {_points(f['model_hi'])}; the seat model fits "
                f"these games, Pearson dispersion {f['dispersion']:.2f}, intervals widened by "
                "it when above 1)"
            )
        items.append(text + ".</li>")
    return items


def _gap(x: float) -> str:
    """A distance between two rates, in points (a difference, not a share)."""
    return f"{x * 100:.1f} points"


def _variant_lines(facts: dict, band: tuple[float, float]) -> list[str]:
    """A sweep's summary: per variant its own flags, the fairest variant and the swept Idol's
    best value; never a figure pooled over the variants."""
    items = []
    for row in facts["swept"]:
        items.append(
            f"<li>{esc(row['idol'])} ({row['players']} players) is closest to its fair "
            f"{_pct(1 / row['players'])} at <strong>{esc(row['variant'])}</strong>: about "
            f"{_gap(row['gap'])} from it (95% interval {_gap(row['gap_lo'])} to "
            f"{_gap(row['gap_hi'])}, corrected for its being picked), the closest of the values "
            f"tried with probability {row['prob_best']:.0%} (bootstrap over the shared deals)."
            "</li>"
        )
    for row in facts["fairest"]:
        items.append(
            f"<li>Seats, {row['players']} players: fairest at <strong>{esc(row['variant'])}"
            f"</strong>, worst seat about {_gap(row['gap'])} from fair (95% interval "
            f"{_gap(row['gap_lo'])} to {_gap(row['gap_hi'])}), the fairest tried with "
            f"probability {row['prob_best']:.0%}. Every variant's seats are under Variants.</li>"
        )
    flagged = [
        f"{esc(v)}: "
        + ", ".join(f"{esc(f['idol'])} {esc(f['side'])} ({_pct(f['rate'])})" for f in fs)
        for v, fs in facts["flagged"].items()
        if fs
    ]
    clean = [esc(v) for v, fs in facts["flagged"].items() if not fs]
    if flagged:
        items.append(
            '<li><span class="flag">Outside the band</span>, variant by variant (each its own '
            f"Holm family): {'; '.join(flagged)}.</li>"
        )
    if clean:
        items.append(f"<li>No Idol outside the band at: {', '.join(clean)}.</li>")
    return items


def summary_section(
    analysis: Analysis, prov: Provenance, bots: list[str] = (), tiers: list[str] = ()
) -> Section:
    """The headline; `tiers` holds the lines about skill tiers (reports/tiers.py), said before
    the verdicts of the one tier the rest of the page details."""
    facts = headline(analysis)
    band = analysis.band
    items = _who_played(list(bots)) + list(tiers) + _completeness(prov)
    items += _coverage(analysis, facts)
    if facts["variants"]:
        # A sweep's variants play other cards or bonuses: pooled verdicts would average them.
        items += _variant_lines(facts["variants"], band)
    else:
        if not tiers:  # a tiered run's verdicts are the tiers' (above), in one Holm family
            items += _verdicts(facts, band)
        items += _seat_lines(facts)
    rounds = {r["players"]: r for r in facts["rounds"]}
    stalled = {s["players"]: s for s in facts["stalled"]}
    for f in facts["length"]:
        r = rounds.get(f["players"])
        s = stalled.get(f["players"], {"games": 0, "share": 0.0})
        items.append(
            f"<li>{f['players']}-player games last a median of {f['median']:.0f} turns"
            + (f" ({r['median']:.0f} rounds)" if r else "")
            + f"; 90% end between {f['q05']:.0f} and {f['q95']:.0f} turns; "
            f"{s['games']:,} stalled at the safety cap ({_pct(s['share'])}): an outcome of "
            "their own, left out of every win rate and of these lengths.</li>"
        )
    if analysis.mirror_games and not analysis.include_mirrors:
        items.append(
            f"<li>{analysis.mirror_games:,} mirror games are left out (--include-mirrors).</li>"
        )
    if len(analysis.variants) > 1:
        items.append(
            f"<li>The run has {len(analysis.variants)} variants, which share their deals. The "
            "figures above are per variant; the sections below pool them and say so, with "
            "intervals clustered on the deal (pick one variant with --variant).</li>"
        )
    items += [f'<li><span class="note">Note</span>: {esc(n)}</li>' for n in analysis.notes]
    return Section(
        "summary",
        "Summary",
        [f'<ul class="headline">{"".join(items)}</ul>'],
    )


def provenance_section(prov: Provenance, analysis: Analysis, bots: list[str]) -> Section:
    def listed(values):
        return ", ".join(str(v) for v in values) if values else "not recorded"

    rows = [
        ("run", str(prov.run)),
        ("experiment", prov.name),
        ("games analysed", f"{analysis.games:,}"),
        (
            "games planned",
            "not recorded" if prov.games_planned is None else f"{prov.games_planned:,}",
        ),
        ("part files verified", "yes (checksums match)" if prov.verified else "no manifest"),
        ("variants", listed(analysis.variants)),
        ("card-set fingerprint", listed(prov.card_sets)),
        ("run seed", listed(prov.seeds)),
        ("bots", listed(bots)),
        ("toolkit version", listed(prov.versions)),
        ("chunk files", f"{prov.files:,}"),
    ]
    paragraphs = [f'<div class="table-wrap">{facts_table(rows, "provenance")}</div>']
    # A sweep's variants play different card sets on purpose; only a variant whose own chunks
    # disagree mixes two games.
    for variant in prov.mixed_card_sets:
        named = f" of variant {esc(variant)}" if variant else ""
        paragraphs.append(
            f'<p class="flag">The chunks{named} were played with different card sets; the run '
            "mixes them.</p>"
        )
    if prov.experiment_toml:
        paragraphs.append(
            f"<details open><summary>experiment.toml</summary><pre>{esc(prov.experiment_toml)}"
            "</pre></details>"
        )
    else:
        paragraphs.append('<p class="note">The run has no experiment.toml.</p>')
    return Section("provenance", "Provenance", paragraphs)


def _flag_view(flags: pd.DataFrame) -> pd.DataFrame:
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


def _pooled(t: dict) -> list[str]:
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
            *_pooled(t),
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
            *_pooled(t),
        ],
        tables=[Table("balance_flags", flags, "Flags per Idol", _flag_view(flags))],
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
            *_pooled(t),
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


def game_length_section(t: dict) -> Section:
    """Turns and rounds, per Idol, win reason and matchup."""
    return Section(
        "game-length",
        "Game length",
        [
            "<p>Turns and rounds of games that ended (stalled games are counted apart). "
            "Boxes: middle half of the games; whiskers: 5% to 95%; line: median; "
            "triangle: mean.</p>"
        ],
        [
            Chart(
                "length_by_idol",
                charts.length_chart(t["length_by_idol"]),
                "Game length per Idol",
            ),
            Chart(
                "length_distribution",
                charts.length_histogram(t["length_distribution"]),
                "Distribution of game length per Idol",
            ),
        ],
        [
            Table("length", t["length"], "Game length"),
            Table("length_by_idol", t["length_by_idol"], "Game length per Idol"),
            Table("length_by_reason", t["length_by_reason"], "Game length per win reason"),
            Table(
                "length_by_matchup",
                t["length_by_matchup"],
                "Game length per matchup (2 players)",
            ),
            Table(
                "length_distribution",
                t["length_distribution"],
                "Games per length (turns) per Idol",
                _length_grid(t["length_distribution"]),
                max_rows=None,
            ),
        ],
    )


def win_reasons_section(t: dict) -> Section:
    """How each Idol's games ended."""
    return Section(
        "win-reasons",
        "Win reasons",
        [
            "<p>How each Idol's games ended: Win-Con, expelling everyone, most Merit when the "
            "School ran out, the turn-order tie-break, stalled.</p>"
        ],
        [
            Chart(
                "win_reasons",
                charts.reasons_chart(t["win_reasons"]),
                "Win reasons per Idol",
            )
        ],
        [
            Table("reasons", t["reasons"], "How games ended"),
            Table("win_reasons", t["win_reasons"], "Win reasons per Idol"),
        ],
    )


def placements_section(t: dict) -> Section | None:
    """Placements and expulsion order for 3 and 4 players; left out of a two-player run."""
    place = t["placements_by_idol"]
    if place.empty:
        return None
    return Section(
        "placements",
        "Placements and expulsions (3 and 4 players)",
        ["<p>Final placement and expulsion order per Idol and seat.</p>"],
        [Chart("placements", charts.placements_chart(place), "Placements per Idol")],
        [
            Table("mean_placement_by_idol", t["mean_placement_by_idol"], "Mean placement per Idol"),
            Table("mean_placement_by_seat", t["mean_placement_by_seat"], "Mean placement per seat"),
            Table("placements_by_idol", place, "Placements per Idol"),
            Table("placements_by_seat", t["placements_by_seat"], "Placements per seat"),
            Table("eliminations_by_idol", t["eliminations_by_idol"], "Expulsion order per Idol"),
            Table("eliminations_by_seat", t["eliminations_by_seat"], "Expulsion order per seat"),
        ],
    )


def card_impact_section(t: dict) -> Section | None:
    """Win rate with a card taken against left, per card; left out when the run has no card
    counts."""
    impact = t["card_impact"]
    if impact.empty:
        return None
    shown = None
    if len(impact):
        shown = impact.reindex(impact["diff"].abs().sort_values(ascending=False).index)[
            [
                "players",
                "card",
                "kind",
                "offered",
                "pick_rate",
                "win_taken",
                "win_left",
                "raw_diff",
                "diff",
                "diff_lo",
                "diff_hi",
                "flagged",
            ]
        ]
    by_idol = t.get("card_impact_by_idol", pd.DataFrame())
    idol_tables = []
    if len(by_idol):
        flagged = by_idol[by_idol["flagged"]]
        idol_tables = [
            Table(
                "card_impact_by_idol",
                by_idol,
                "Per card and Idol: the cards flagged for one Idol",
                flagged.reindex(flagged["diff"].abs().sort_values(ascending=False).index)[
                    [
                        "players",
                        "idol",
                        "card",
                        "kind",
                        "offered",
                        "pick_rate",
                        "diff",
                        "diff_lo",
                        "diff_hi",
                        "p_adjusted",
                    ]
                ],
            )
        ]
    return Section(
        "card-impact",
        "Card impact",
        [
            "<p>Students: win rate of seats that recruited the card against seats that saw it "
            "in the Courtyard and left it. Schemes: played against drawn and not played. "
            "Pick (play) rate: taken / offered. <code>raw_diff</code> compares every seat at "
            "once; <code>diff</code>, its interval and the flag compare seats of the same Idol "
            "in the same seat (a card strong Idols take is not credited with their strength), "
            "the interval widened for the seats of one game sharing its outcome. Per Idol: "
            "<code>card_impact_by_idol</code>. In the chart, blue: flagged by a "
            "Benjamini-Hochberg screening at 5% false discovery rate and winning more when "
            "taken; orange: flagged and winning less; grey: not flagged. Not adjusted for game "
            "length, which the card counts do not record. These are associations, not "
            "causes.</p>"
        ],
        [Chart("card_impact", charts.card_impact_chart(impact), "Card impact")],
        [Table("card_impact", impact, "Per-card impact, largest gaps first", shown), *idol_tables],
    )


def variants_section(t: dict) -> Section | None:
    """Per-variant seat and Idol rates; left out when the run has one variant."""
    if "seat_by_variant" not in t:
        return None
    return Section(
        "variants",
        "Variants",
        [
            "<p>Each variant's own figures: seat and Idol win rates, balance flags (one Holm "
            "family per variant), which variant's seats are closest to fair and, for a sweep "
            "of an Idol's field, which value brings that Idol closest to its fair share. The "
            "variants share their deals, so the probabilities (<code>prob_best</code>) and the "
            "chosen variant's gap (<code>gap</code>, corrected for its having been picked, "
            "with <code>gap_lo</code>-<code>gap_hi</code>) come from a bootstrap that resamples "
            "deals with their games in every variant. <code>worst_gap</code> is as measured."
            "</p>"
        ],
        [
            Chart(
                "seat_by_variant",
                charts.seat_sweep_chart(t["seat_by_variant"]),
                "Seat win rate per variant",
            ),
            Chart(
                "idol_by_variant",
                charts.idol_sweep_chart(t["idol_by_variant"], _bands(t["flags"])),
                "Idol win rate per variant",
            ),
        ],
        [
            Table("fairest_variant", t["fairest_variant"], "Seats closest to fair"),
            *(
                [Table("swept_idol", t["swept_idol"], "The swept Idol closest to its fair share")]
                if len(t.get("swept_idol", ()))
                else []
            ),
            *(
                [
                    Table(
                        "flags_by_variant",
                        t["flags_by_variant"],
                        "Balance flags per variant",
                        t["flags_by_variant"][
                            ["variant", *_flag_view(t["flags_by_variant"]).columns]
                        ],
                    )
                ]
                if "flags_by_variant" in t
                else []
            ),
            Table("seat_by_variant", t["seat_by_variant"], "Seat win rate per variant"),
            Table("idol_by_variant", t["idol_by_variant"], "Idol win rate per variant"),
        ],
    )


# The sections drawn from the analysis' tables alone, in the page's order.
TABLE_SECTIONS = (
    idol_win_rates_section,
    balance_flags_section,
    matchups_section,
    seats_section,
    idol_strength_section,
    game_length_section,
    win_reasons_section,
    placements_section,
    card_impact_section,
    variants_section,
)


def build_sections(
    analysis: Analysis,
    prov: Provenance,
    bots: list[str],
    names: dict[str, str] | None = None,
    tiers: TierAnalysis | None = None,
) -> list[Section]:
    """Every section of a run's report that applies to it, in the page's order, cards by name
    and Idols strongest first (reports/names.py); a tiered run's tier sections come first after
    the summary, and the sections after them detail its strongest tier."""
    tiers = None if tiers is None else tiers_for_page(tiers, analysis, names or {})
    analysis = analysis_for_page(analysis, names or {})
    t = analysis.tables
    lines, tier_sections = [], []
    if tiers is not None:
        lines = summary_items(tiers)
        shown = ", ".join(f"<code>{esc(v)}</code>" for v in analysis.variants)
        lines.append(
            "<li>The sections after Skill tiers and Why an Idol wins detail the strongest tier "
            f"only: {shown} (pick another variant with --variant).</li>"
        )
        tier_sections = [tiers_section(tiers), why_section(tiers, str(prov.run))]
    sections = [
        summary_section(analysis, prov, bots, lines),
        *tier_sections,
        provenance_section(prov, analysis, bots),
        *(section(t) for section in TABLE_SECTIONS),
        methods_section(),
    ]
    return [s for s in sections if s is not None]


def methods_section() -> Section:
    return Section(
        "methods",
        "Methods",
        [
            "<p>Intervals: 95% Wilson score intervals (statsmodels). Flags: one-sided score "
            "tests against the band edge, Holm-corrected. Seats and strengths: Bradley-Terry "
            "with a seat term (binomial GLM) for two players, conditional logit for three and "
            "four. Card screening: score test, Benjamini-Hochberg. Games needed: the normal "
            "approximation's sample size for the half-width that would clear the nearer band "
            "edge. Details for designers: docs/analysis.md in the toolkit.</p>"
        ],
    )


def report_page(
    analysis: Analysis,
    prov: Provenance,
    bots: list[str],
    names: dict[str, str] | None = None,
    footer: str = "",
    tiers: TierAnalysis | None = None,
) -> Page:
    """The report page: its HTML, and the charts and tables written beside it."""
    sections = build_sections(analysis, prov, bots, names, tiers)
    return Page(f"Balance report: {prov.name}", sections, footer)


def _length_grid(distribution: pd.DataFrame) -> pd.DataFrame:
    """Games per length as a grid a designer can read: one row per player count and length in
    turns, one column per Idol (strongest first), the games that lasted that long."""
    if distribution.empty:
        return distribution
    grid = distribution.pivot_table(
        index=["players", "turns"], columns="idol", values="games", aggfunc="sum", sort=False
    )
    idols = list(dict.fromkeys(distribution["idol"]))
    grid = grid.reindex(columns=idols).sort_index().fillna(0).astype("int64")
    grid.columns = [str(c) for c in grid.columns]
    return grid.reset_index()


def _bands(flags: pd.DataFrame) -> dict[int, tuple[float, float]]:
    """The band at each player count, as the flags used it."""
    first = flags.groupby("players")[["band_lo", "band_hi"]].first()
    return {int(p): (float(r.band_lo), float(r.band_hi)) for p, r in first.iterrows()}
