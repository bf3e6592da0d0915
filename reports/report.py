"""The report of one run: its sections, in the page's order.

The sections live by topic: summary.py (the headline), sections/wins.py (Idols, flags,
matchups, seats, strength), sections/games.py (length, reasons, placements), sections/cards.py,
sections/variants.py and tiers/sections.py (skill tiers, why an Idol wins); this module orders
them and adds provenance and methods.
"""

from __future__ import annotations

from contextlib import nullcontext

import pandas as pd
from avarium.analysis.dataset import Provenance
from avarium.analysis.summary import Analysis
from avarium.analysis.tiers.analyse import TierAnalysis
from avarium.reports import columns
from avarium.reports.charts import without_figures
from avarium.reports.html import Page, Section, esc, facts_table
from avarium.reports.names import analysis_for_page, for_page, tiers_for_page
from avarium.reports.population import Population, card_set_name, table_changes
from avarium.reports.sections.cards import card_impact_section
from avarium.reports.sections.games import (
    game_length_section,
    placements_section,
    win_reasons_section,
)
from avarium.reports.sections.health import early_win_items, early_wins_section
from avarium.reports.sections.lead import lead_section
from avarium.reports.sections.variants import variants_section
from avarium.reports.sections.wins import (
    balance_flags_section,
    idol_strength_section,
    idol_win_rates_section,
    matchups_section,
    seats_section,
)
from avarium.reports.summary import summary_section
from avarium.reports.tiers.sections import summary_items, tiers_section, why_section
from avarium.simulator.constants import SEAT_LEVERS

__all__ = ["SECTION_IDS", "TIER_SECTION_IDS", "build_sections", "report_page", "summary_section"]


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
    "early-wins",
    "methods",
)

TIER_SECTION_IDS = ("skill-tiers", "why-idols-win")


def _stopped_by(stop: dict | None) -> str:
    """The provenance line of a run's stop record (stopped.json)."""
    if stop is None:
        return "its planned games (no stopping rule)"
    where = f"round {stop.get('round', '?')} of {stop.get('rounds', '?')}"
    if stop.get("stopped"):
        return f"{stop.get('rule', 'a rule')}, after {where}: {stop.get('why', '')}"
    return f"the cap of {stop.get('cap', 0):,} games, before {stop.get('rule', 'its rule')} held"


def _tables(experiment: dict) -> list[dict]:
    return [t for t in experiment.get("variant") or [] if isinstance(t, dict)]


def _card_sets(experiment: dict) -> list[str]:
    """Each card set the run's variants played, by name and fingerprint, once."""
    return list(dict.fromkeys(card_set_name(t) for t in _tables(experiment) if t.get("cards")))


def _changes(experiment: dict) -> list[str]:
    """What each variant's patches and --set overrides changed, field by field, once."""
    return list(dict.fromkeys(c for t in _tables(experiment) for c in table_changes(t)))


def _levers(experiment: dict) -> str:
    """The seat levers the variants play (docs/rulings.md, ruling 25), each once, as their
    experiment.toml writes them; a run at the rulebook's first turns records none."""
    played = [
        f"{name} = {rules[name]}"
        for rules in (t.get("rules") for t in _tables(experiment))
        if isinstance(rules, dict)
        for name, (rulebook, _) in SEAT_LEVERS.items()
        if name in rules and rules[name] != rulebook
    ]
    return ", ".join(dict.fromkeys(played)) or "none (the rulebook's first turns)"


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
        ("stopped by", _stopped_by(prov.stop)),
        ("variants", listed(analysis.variants)),
        ("card set", listed(_card_sets(prov.experiment))),
        ("card-set fingerprint", listed(prov.card_sets)),
        ("card changes (patches, --set)", ", ".join(_changes(prov.experiment)) or "none"),
        ("seat levers", _levers(prov.experiment)),
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


def scoped(section: Section, who: Population, run: str, apart: bool) -> Section:
    """A section of one population's figures: its title, each chart's heading and footer and
    each table's caption name whose games they show; with `apart` (a page of several
    populations), its id and file names carry the population too."""
    suffix = f"-{who.slug}" if apart else ""
    if section.id == "variants":  # each variant's own rates: pooled in no figure
        who = who.side_by_side()
    section.id += suffix
    section.marks = who.marks
    section.title += f" · {who.heading}"
    for chart in section.charts:
        chart.name += suffix.replace("-", "_")
        chart.heading, chart.footer = who.heading, who.footer(run)
        chart.caption += f" ({who.heading})"
    for table in section.tables:
        if table.types is None:  # the kinds are declared by the table's own name
            table.types = columns.TYPES.get(table.name, {})
        table.name += suffix.replace("-", "_")
        table.caption += f" ({who.heading})"
        table.footer = who.footer(run)
    return section


def _detailed_line(detail: list[Population], more: list[Population]) -> str:
    """The summary's line saying which tiers the sections after the tiers detail."""
    if len(detail) == 1 and detail[0].pooled:
        return (
            "<li>The sections after Skill tiers and Why an Idol wins pool the strongest tier of "
            f"each of the {len(detail[0].variants)} variants, and each title says so; each "
            "variant's own figures are under Variants (pick one with --variant).</li>"
        )
    shown = ", ".join(f"<code>{esc(who.name)}</code>" for who in detail)
    if len(detail) > 1:
        shown += " (and all of them side by side under Variants)"
    if more:
        others = ", ".join(f"<code>{esc(who.name)}</code>" for who in more)
        return (
            "<li>The sections after Skill tiers and Why an Idol wins detail the strongest tier "
            f"of each variant, one at a time: {shown}; then every other tier: {others}. Each "
            "title names its tier; in a browser with scripts on, the pickers at the top of the "
            "page show one tier, card set or player count at a time.</li>"
        )
    return (
        "<li>The sections after Skill tiers and Why an Idol wins detail the strongest tier of "
        f"each variant, one at a time: {shown}; each title names it (pick another tier with "
        "--variant).</li>"
    )


def build_sections(
    analysis: Analysis,
    prov: Provenance,
    bots: list[str],
    names: dict[str, str] | None = None,
    tiers: TierAnalysis | None = None,
    detail: list[tuple[Analysis, Population]] | None = None,
    sides: dict[str, Population] | None = None,
    health: dict[str, pd.DataFrame] | None = None,
    more: list[tuple[Analysis, Population]] | None = None,
    compared: Population | None = None,
) -> list[Section]:
    """Every section of a run's report that applies to it, in the page's order, cards by name
    and Idols strongest first (reports/names.py); a tiered run's tier sections come first after
    the summary, each group's tier charts marked by its population in `sides`. The sections
    after them are drawn once per population of `detail` (each its analysis; default the whole
    `analysis`, unnamed), each titled by whose games it shows. `health`, the game health tables
    of every tier (analysis.early_wins.game_health), comes after them. `more` are the other
    tiers of a tiered run, each detailed after `detail` under its own ids and file names.
    `compared`, the games of every population of `detail` when there are several: their
    Variants section, which sets them side by side (drawn from `analysis`, which holds them
    all), since a section per variant never compares them."""
    health = for_page(health or {}, names or {}, analysis.tables.get("idol_winrates"))
    tiers = None if tiers is None else tiers_for_page(tiers, analysis, names or {})
    summary = analysis_for_page(analysis, names or {})
    lines, tier_sections = [], []
    if tiers is not None:
        lines = summary_items(tiers)
        if detail:
            lines.append(_detailed_line([w for _, w in detail], [w for _, w in more or []]))
        marks = {g: (who.heading, who.footer(prov.name)) for g, who in (sides or {}).items()}
        tier_sections = [tiers_section(tiers, marks), why_section(tiers, str(prov.run))]
    detailed = []
    # A tier past the strongest is always apart: the strongest keeps its ids and file names.
    several = len(detail or ()) > 1
    populations = [(a, w, several) for a, w in detail or [(analysis, None)]]
    for part, who, apart in populations + [(a, w, True) for a, w in more or []]:
        t = analysis_for_page(part, names or {}).tables
        for section in TABLE_SECTIONS:
            made = section(t)
            if made is not None and who is not None:
                made = scoped(made, who, prov.name, apart=apart)
            detailed.append(made)
    if compared is not None and "seat_by_variant" in analysis.tables:
        side = variants_section(analysis_for_page(analysis, names or {}).tables)
        detailed.append(scoped(side, compared, prov.name, apart=False))
    lines += early_win_items(health)  # a rush Idol is said before any table
    sections = [
        summary_section(summary, prov, bots, lines, several),
        *tier_sections,
        provenance_section(prov, summary, bots),
        *detailed,
        early_wins_section(health),
        lead_section(health),
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
    detail: list[tuple[Analysis, Population]] | None = None,
    sides: dict[str, Population] | None = None,
    health: dict[str, pd.DataFrame] | None = None,
    more: list[tuple[Analysis, Population]] | None = None,
    compared: Population | None = None,
    charts: bool = True,
) -> Page:
    """The report page: its HTML, and the charts and tables written beside it (with `charts`
    False, none, and no figure built: html.Page)."""
    with nullcontext() if charts else without_figures():
        sections = build_sections(
            analysis, prov, bots, names, tiers, detail, sides, health, more, compared
        )
    return Page(f"Balance report: {prov.name}", sections, footer, charts)
