"""One self-contained HTML page: inline CSS, charts as base64 PNG, no scripts, no network.

Sections are plain data (id, title, paragraphs, charts, tables) so that the report and the
comparison share one renderer, and tests can check the page by section id.
"""

from __future__ import annotations

import base64
import html
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

CSS = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { font-size: 1.7rem; border-bottom: 2px solid #2c3e50; }
h2 { font-size: 1.3rem; margin-top: 2.2rem; border-bottom: 1px solid #bbb; }
h3 { font-size: 1.05rem; }
table { border-collapse: collapse; font-size: 0.82rem; margin: 0.6rem 0 1rem; }
th, td { border: 1px solid #ccc; padding: 0.15rem 0.45rem; text-align: right; }
th { background: #f2f2f2; }
td:first-child, th:first-child { text-align: left; }
figure { margin: 0.8rem 0; }
figure img { max-width: 100%; }
figcaption, .note { font-size: 0.85rem; color: #555; }
.flag { color: #c0392b; font-weight: bold; }
.headline li { margin-bottom: 0.35rem; }
pre { background: #f7f7f7; padding: 0.6rem; overflow-x: auto; font-size: 0.8rem; }
nav ol { columns: 2; font-size: 0.9rem; }
@media print {
  body { max-width: none; margin: 0; font-size: 10pt; }
  nav { display: none; }
  h2 { page-break-before: auto; page-break-after: avoid; }
  figure, table { page-break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
  details > pre { display: block; }
}
"""

# Columns shown as percentages; everything else numeric is shown as a number.
PERCENT_HINTS = (
    "rate",
    "lo",
    "hi",
    "share",
    "fair",
    "advantage",
    "diff",
    "band",
    "out",
    "vs_field",
    "gap",
    "prob",
)


@dataclass
class Chart:
    name: str  # file name stem: charts/<name>.png
    png: bytes
    caption: str


@dataclass
class Table:
    name: str  # file name stem: tables/<name>.csv (the CSV holds every row and column)
    frame: pd.DataFrame
    caption: str
    shown: pd.DataFrame | None = None  # what the page shows, if not the whole frame


@dataclass
class Section:
    id: str
    title: str
    paragraphs: list[str] = field(default_factory=list)  # HTML fragments, already escaped
    charts: list[Chart] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)


def esc(text) -> str:
    return html.escape(str(text))


def _is_percent(column: str) -> bool:
    name = column.lower()
    if name in ("p", "p_holm", "p_adjusted", "level", "se", "strength", "log_odds_vs_seat0"):
        return False
    return any(h in name for h in PERCENT_HINTS)


def _cell(value, percent: bool) -> str:
    if isinstance(value, bool | np.bool_):
        return "yes" if value else ""
    if isinstance(value, int | np.integer):
        return f"{int(value):,}"
    if isinstance(value, float | np.floating):
        if not np.isfinite(value):
            return "—" if np.isnan(value) else "more than 100M"
        if percent:
            return f"{value:.1%}"
        if abs(value) >= 1000:
            return f"{value:,.0f}"
        if value != 0 and abs(value) < 0.001:
            return f"{value:.1e}"
        return f"{value:.3g}" if abs(value) < 10 else f"{value:.1f}"
    return esc(value)


def table_html(frame: pd.DataFrame, max_rows: int = 60) -> str:
    """A readable table: percentages where the column is a rate, thousands separators."""
    if frame.empty:
        return '<p class="note">No rows.</p>'
    shown = frame.head(max_rows)
    percent = {c: _is_percent(str(c)) for c in shown.columns}
    head = "".join(f"<th>{esc(c)}</th>" for c in shown.columns)
    body = []
    for row in shown.itertuples(index=False):
        cells = "".join(
            f"<td>{_cell(v, percent[c])}</td>" for c, v in zip(shown.columns, row, strict=True)
        )
        body.append(f"<tr>{cells}</tr>")
    more = ""
    if len(frame) > max_rows:
        more = f'<p class="note">First {max_rows} of {len(frame):,} rows; the CSV has all.</p>'
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{more}"


def render(title: str, sections: list[Section]) -> str:
    """The whole page."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(title)}</title><style>{CSS}</style></head><body>",
        f"<h1>{esc(title)}</h1>",
        "<nav><ol>",
        *(f'<li><a href="#{s.id}">{esc(s.title)}</a></li>' for s in sections),
        "</ol></nav>",
    ]
    for s in sections:
        parts.append(f'<section id="{s.id}"><h2>{esc(s.title)}</h2>')
        parts.extend(s.paragraphs)
        for chart in s.charts:
            data = base64.b64encode(chart.png).decode("ascii")
            parts.append(
                f'<figure><img alt="{esc(chart.caption)}" src="data:image/png;base64,{data}">'
                f"<figcaption>{esc(chart.caption)} (charts/{esc(chart.name)}.png)</figcaption>"
                "</figure>"
            )
        for table in s.tables:
            parts.append(
                f"<h3>{esc(table.caption)}</h3>"
                f'<p class="note">CSV: tables/{esc(table.name)}.csv</p>'
            )
            parts.append(table_html(table.shown if table.shown is not None else table.frame))
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts)


def files(page: str, sections: list[Section]) -> dict[str, bytes]:
    """Every file of a report directory: index.html, charts/*.png, tables/*.csv."""
    out = {"index.html": page.encode("utf-8")}
    for s in sections:
        for chart in s.charts:
            out[f"charts/{chart.name}.png"] = chart.png
        for table in s.tables:
            out[f"tables/{table.name}.csv"] = table.frame.to_csv(index=False).encode("utf-8")
    return out
