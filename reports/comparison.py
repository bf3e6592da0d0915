"""The report comparing two runs: per-Idol and per-seat differences (B minus A)."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pandas as pd
from avarium.analysis.dataset import Run
from avarium.reports import charts, formats
from avarium.reports.card_changes import changes_section
from avarium.reports.charts import without_figures
from avarium.reports.html import Chart, Page, Section, Table, esc, facts_table
from avarium.reports.names import for_page

SECTION_IDS = (
    "summary",
    "cards-changed",
    "provenance",
    "idol-differences",
    "seat-differences",
    "methods",
)


def _facts(table, key) -> list[str]:
    out = []
    for row in table[table["significant"]].itertuples():
        name = getattr(row, key)
        label = f"seat {name}" if key == "seat" else esc(name)
        tier = f", tier {esc(row.tier)}" if "tier" in table.columns else ""
        out.append(
            f'<li><span class="flag">{label}</span>{tier}, {row.players} players: '
            f"{row.rate_a:.1%} to {row.rate_b:.1%} ({row.diff * 100:+.1f} points, 95% interval "
            f"{row.lo * 100:+.1f} to {row.hi * 100:+.1f}; Holm p "
            f"{_p(row.p_holm)}).</li>"
        )
    return out


def _pairing(result: dict) -> str:
    """How the games were matched: how many were paired, and what became of those without a
    twin (the plain-text form, for the terminal, is analysis.compare.pairing_sentence)."""
    shared, left_a, left_b = result["twins"], result["unpaired_a"], result["unpaired_b"]
    if not result["paired"]:
        return (
            "Comparison unpaired: the runs played different deals or seatings "
            f"({shared:,} of A's {result['games_a']:,} games have a twin in B with the same "
            "deal and the same Idol in every seat), so their win rates are compared as two "
            "independent samples over all their games."
        )
    text = (
        f"Comparison paired: {shared:,} games of A have a twin in B (the same deal and the "
        "same Idol in every seat), and each is compared with its twin: every difference below "
        f"is over these {shared:,} paired games."
    )
    if left_a or left_b:
        text += (
            f' <span class="flag">Unpaired games left out</span>: {left_a:,} of A\'s and '
            f"{left_b:,} of B's games have no twin in the other run (a run of more games, or "
            "other deals or seatings); they are in none of the differences, and Provenance "
            "counts them per variant."
        )
    return text


def _p(value: float) -> str:
    """ "= 0.012", or "< 0.0001" where a p-value is too small to print (never "= 0")."""
    text = formats.p_value(value)
    return text if text.startswith("<") else f"= {text}"


def _tiers_line(result: dict) -> list[str]:
    """What the differences are per: each tier on its own, or the tiers pooled on request."""
    if result.get("pooled"):
        return [f'<li><span class="flag">Tiers pooled</span>: {esc(result["pooled"])}</li>']
    tiers = result.get("tiers")
    if not tiers:
        return []
    return [
        f"<li>Per tier: each tier ({esc(', '.join(tiers))}) is compared on its own, on its own "
        "twin games; every row, chart and line below names its tier.</li>"
    ]


def _pooled_table(result: dict) -> Table:
    """The tiers a pooled comparison counted together (none when it is per tier or untiered),
    so the page and the terminal headline read the same list."""
    tiers = result.get("tiers", []) if result.get("pooled") else []
    return Table("tiers_pooled", pd.DataFrame({"tier": tiers}), "Tiers pooled on request")


def _differences(key: str, table: pd.DataFrame, title: str, over: str) -> Section:
    """An Idol's or seat's differences: one chart per tier (one in all when untiered)."""
    noun = "Idol" if key == "idol" else "seat"
    parts = [("", table)]
    if "tier" in table.columns:
        parts = [(str(t), part) for t, part in table.groupby("tier", observed=True, sort=True)]
    charts_ = [
        Chart(
            f"{key}_differences" + (f"_{re.sub(r'[^A-Za-z0-9.]+', '_', tier)}" if tier else ""),
            charts.difference_chart(
                part, key, f"{noun} win rate, B - A" + (f", tier {tier}" if tier else "")
            ),
            f"{noun} win-rate differences" + (f", tier {tier}" if tier else ""),
        )
        for tier, part in parts
    ]
    return Section(
        f"{key}-differences",
        title,
        [f"<p>Red: significant after Holm's correction over {over}"
         + (" of every tier" if len(parts) > 1 else "") + ".</p>"],
        charts_,
        [Table(f"{key}_differences", table, f"{noun} win rates in both runs")],
    )  # fmt: skip


def build_sections(
    a: Run,
    b: Run,
    result: dict,
    names: dict[str, str] | None = None,
    cards: pd.DataFrame | None = None,
    card_notes: tuple[str, ...] = (),
) -> list[Section]:
    # Idols by name, strongest (in run B) first; the CSVs keep the ids (reports/names.py).
    shown = for_page(
        {"idol_winrates": _rates_b(result["idols"]), "idols": result["idols"]}, names or {}
    )
    idols, seats = shown["idols"], result["seats"]
    if "tier" in idols.columns:  # each tier's rows together, weakest tier first
        idols = idols.sort_values("tier", kind="stable")
    items = [f"<li>{_pairing(result)}</li>", *_tiers_line(result)]
    facts = _facts(idols, "idol") + _facts(seats, "seat")
    items += facts or ["<li>No Idol or seat win rate differs significantly (Holm, 5%).</li>"]
    items += [f'<li><span class="note">Note</span>: {esc(n)}</li>' for n in result["notes"]]
    provenance = pd.DataFrame(
        [
            {
                "": label,
                "run": str(run.path),
                "experiment": run.provenance.name,
                "card set": ", ".join(run.provenance.card_sets) or "not recorded",
                "seed": ", ".join(run.provenance.seeds) or "not recorded",
                "games": f"{int((run.games['seat'] == 0).sum()):,}",
            }
            for label, run in (("A", a), ("B", b))
        ]
    )
    facts = facts_table(provenance, "provenance", header=True)
    return [
        Section(
            "summary",
            "Summary",
            [f'<ul class="headline">{"".join(items)}</ul>'],
            tables=[_pooled_table(result)] if result.get("pooled") else [],
        ),
        changes_section(cards if cards is not None else pd.DataFrame(), card_notes),
        Section(
            "provenance",
            "Provenance",
            [f'<div class="table-wrap">{facts}</div>'],
            tables=[
                Table(
                    "pairing",
                    result["pairing"],
                    "Games per variant: in each run, paired with a twin, and left without one",
                )
            ],
        ),
        _differences("idol", idols, "Idol win rates: B minus A", "the Idols"),
        _differences("seat", seats, "Seat win rates: B minus A", "the seats"),
        Section(
            "methods",
            "Methods",
            [
                "<p>Paired runs: each game of A is matched with its twin in B by its deal key "
                "(variant, index within the variant, deal seed and seating), whatever the runs' "
                "sizes; McNemar's exact test on the twins whose outcome changed, and the "
                "interval of the mean per-game difference. Unpaired runs (fewer than half of "
                "the smaller run's games have a twin): the score test and "
                "Newcombe's interval for two independent proportions. Holm's correction over the "
                "rows of each table. Details: docs/analysis.md.</p>"
            ],
        ),
    ]


def _rates_b(idols: pd.DataFrame) -> pd.DataFrame:
    """Run B's win rate per Idol, the order the page lists them in."""
    if idols.empty:
        return idols
    return idols[["players", "idol"]].assign(rate=idols["rate_b"])


def comparison_page(
    a: Run,
    b: Run,
    result: dict,
    names: dict[str, str] | None = None,
    footer: str = "",
    cards: pd.DataFrame | None = None,
    card_notes: tuple[str, ...] = (),
    charts: bool = True,
) -> Page:
    """The comparison page (with `charts` False, no chart and no figure built, as
    report.report_page)."""
    with nullcontext() if charts else without_figures():
        sections = build_sections(a, b, result, names, cards, card_notes)
    title = f"Comparison: {a.provenance.name} (A) against {b.provenance.name} (B)"
    return Page(title, sections, footer, charts)
