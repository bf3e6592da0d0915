"""The report comparing two runs: per-Idol and per-seat differences (B minus A)."""

from __future__ import annotations

import pandas as pd
from avarium.analysis.dataset import Run
from avarium.reports import charts, formats
from avarium.reports.html import Chart, Page, Section, Table, esc, facts_table
from avarium.reports.names import for_page

SECTION_IDS = ("summary", "provenance", "idol-differences", "seat-differences", "methods")


def _facts(table, key) -> list[str]:
    out = []
    for row in table[table["significant"]].itertuples():
        name = getattr(row, key)
        label = f"seat {name}" if key == "seat" else esc(name)
        out.append(
            f'<li><span class="flag">{label}</span>, {row.players} players: '
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


def build_sections(
    a: Run, b: Run, result: dict, names: dict[str, str] | None = None
) -> list[Section]:
    # Idols by name, strongest (in run B) first; the CSVs keep the ids (reports/names.py).
    shown = for_page(
        {"idol_winrates": _rates_b(result["idols"]), "idols": result["idols"]}, names or {}
    )
    idols, seats = shown["idols"], result["seats"]
    items = [f"<li>{_pairing(result)}</li>"]
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
        Section("summary", "Summary", [f'<ul class="headline">{"".join(items)}</ul>']),
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
        Section(
            "idol-differences",
            "Idol win rates: B minus A",
            ["<p>Red: significant after Holm's correction over the Idols.</p>"],
            [
                Chart(
                    "idol_differences",
                    charts.difference_chart(idols, "idol", "Idol win rate, B - A"),
                    "Idol win-rate differences",
                )
            ],
            [Table("idol_differences", idols, "Idol win rates in both runs")],
        ),
        Section(
            "seat-differences",
            "Seat win rates: B minus A",
            ["<p>Red: significant after Holm's correction over the seats.</p>"],
            [
                Chart(
                    "seat_differences",
                    charts.difference_chart(seats, "seat", "seat win rate, B - A"),
                    "Seat win-rate differences",
                )
            ],
            [Table("seat_differences", seats, "Seat win rates in both runs")],
        ),
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
    a: Run, b: Run, result: dict, names: dict[str, str] | None = None, footer: str = ""
) -> Page:
    sections = build_sections(a, b, result, names)
    title = f"Comparison: {a.provenance.name} (A) against {b.provenance.name} (B)"
    return Page(title, sections, footer)
