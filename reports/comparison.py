"""The report comparing two runs: per-Idol and per-seat differences (B minus A)."""

from __future__ import annotations

from avarium.analysis.dataset import Run
from avarium.reports import charts
from avarium.reports.html import Chart, Section, Table, esc, render

SECTION_IDS = ("summary", "provenance", "idol-differences", "seat-differences", "methods")


def _facts(table, key) -> list[str]:
    out = []
    for row in table[table["significant"]].itertuples():
        name = getattr(row, key)
        label = f"seat {name}" if key == "seat" else esc(name)
        out.append(
            f'<li><span class="flag">{label}</span>, {row.players} players: '
            f"{row.rate_a:.1%} to {row.rate_b:.1%} ({row.diff * 100:+.1f} points, 95% interval "
            f"{row.lo * 100:+.1f} to {row.hi * 100:+.1f}; Holm p = {row.p_holm:.2g}).</li>"
        )
    return out


def build_sections(a: Run, b: Run, result: dict) -> list[Section]:
    idols, seats = result["idols"], result["seats"]
    how = (
        "paired: both runs played the same deals (same game ids and seeds), so each game is "
        "compared with itself"
        if result["paired"]
        else "unpaired: the runs played different deals"
    )
    items = [f"<li>Comparison {how}.</li>"]
    items += _facts(idols, "idol") + _facts(seats, "seat")
    if len(items) == 1:
        items.append("<li>No Idol or seat win rate differs significantly (Holm, 5%).</li>")
    provenance = []
    for label, run in (("A", a), ("B", b)):
        p = run.provenance
        provenance.append(
            f"<tr><th>{label}</th><td>{esc(run.path)}</td><td>{esc(p.name)}</td>"
            f"<td>{esc(', '.join(p.card_sets) or 'not recorded')}</td>"
            f"<td>{esc(', '.join(p.seeds) or 'not recorded')}</td>"
            f"<td>{int((run.games['seat'] == 0).sum()):,}</td></tr>"
        )
    head = "<tr><th></th><th>run</th><th>experiment</th><th>card set</th><th>seed</th>"
    head += "<th>games</th></tr>"
    return [
        Section("summary", "Summary", [f'<ul class="headline">{"".join(items)}</ul>']),
        Section("provenance", "Provenance", [f"<table>{head}{''.join(provenance)}</table>"]),
        Section(
            "idol-differences",
            "Idol win rates: B minus A",
            ["<p>Red: significant after Holm's correction over the Idols.</p>"],
            [
                Chart(
                    "idol_differences",
                    charts.png(charts.difference_chart(idols, "idol", "Idol win rate, B - A")),
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
                    charts.png(charts.difference_chart(seats, "seat", "seat win rate, B - A")),
                    "Seat win-rate differences",
                )
            ],
            [Table("seat_differences", seats, "Seat win rates in both runs")],
        ),
        Section(
            "methods",
            "Methods",
            [
                "<p>Paired runs: McNemar's exact test on the games whose outcome changed, and "
                "the interval of the mean per-game difference. Unpaired runs: the score test and "
                "Newcombe's interval for two independent proportions. Holm's correction over the "
                "rows of each table. Details: docs/analysis.md.</p>"
            ],
        ),
    ]


def comparison_page(a: Run, b: Run, result: dict):
    sections = build_sections(a, b, result)
    title = f"Comparison: {a.provenance.name} (A) against {b.provenance.name} (B)"
    return render(title, sections), sections
