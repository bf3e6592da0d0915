"""One self-contained HTML page: inline CSS, charts as base64 PNG, one inline script, no network.

Sections are plain data (id, title, paragraphs, charts, tables) so that the report and the
comparison share one renderer, and tests can check the page by section id. The page is a Jinja2
template; each table is a pandas Styler whose cells are formatted by the kind its columns are
declared to hold (reports/columns.py, reports/formats.py). Charts are matplotlib figures until
the page is written: then each gets the page's footer (card set, bots, games, date) and is saved
as a 200 dpi PNG, embedded, and an SVG beside it (a page written without charts builds none
of them, charts.without_figures, and says so in their place). A section, chart or table may be
marked with the tier, card set and player count it shows (`marks`): the page's explorer
(reports/explore.py) lets a reader pick among them, and sort and filter the tables; with
scripts off every one shows.
"""

from __future__ import annotations

import base64
import html
import struct
from dataclasses import dataclass, field

import jinja2
import pandas as pd
from avarium.reports import charts, columns, explore, formats
from avarium.simulator.safetext import csv_frame, visible_lines
from markupsafe import Markup
from matplotlib.figure import Figure
from pandas.io.formats.style import Styler

CSS = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; line-height: 1.45; overflow-wrap: anywhere; }
h1 { font-size: 1.7rem; border-bottom: 2px solid #2c3e50; overflow-wrap: anywhere; }
h2 { font-size: 1.3rem; margin-top: 2.2rem; border-bottom: 1px solid #bbb; }
h3 { font-size: 1.05rem; margin-bottom: 0.2rem; }
.table-wrap { max-width: 100%; overflow-x: auto; margin: 0.4rem 0 1rem; }
table { border-collapse: collapse; font-size: 0.82rem; }
th, td { border: 1px solid #ccc; padding: 0.15rem 0.45rem; text-align: right;
         overflow-wrap: normal; white-space: nowrap; }
th { background: #f2f2f2; }
td.text, th.text, td:first-child, th:first-child { text-align: left; }
table.facts td, table.facts th { text-align: left; overflow-wrap: anywhere; white-space: normal; }
figure { margin: 0.8rem 0; }
figure img { max-width: 100%; height: auto; }
figcaption, .note { font-size: 0.85rem; color: #555; }
.flag { color: #c0392b; font-weight: bold; }
.headline li { margin-bottom: 0.35rem; }
pre { background: #f7f7f7; padding: 0.6rem; font-size: 0.8rem; white-space: pre-wrap;
      overflow-wrap: anywhere; }
nav ol { columns: 2; font-size: 0.9rem; }
@media (max-width: 40rem) { nav ol { columns: 1; } }
@media print {
  body { max-width: none; margin: 0; font-size: 10pt; }
  nav { display: none; }
  h2 { page-break-before: auto; page-break-after: avoid; }
  figure, table { page-break-inside: avoid; }
  .table-wrap { overflow: visible; }
  a { color: inherit; text-decoration: none; }
  details > pre { display: block; }
}
"""


def _shown_text(value):
    """What the template writes of a value: text in visible form (safetext.visible, line by
    line), which autoescape then escapes; markup the page built (`| safe`, which has __html__)
    was made of text that went through `esc` already."""
    return value if hasattr(value, "__html__") else visible_lines(value)


_ENVIRONMENT = jinja2.Environment(
    autoescape=True, trim_blocks=True, lstrip_blocks=True, finalize=_shown_text
)
TEMPLATE = _ENVIRONMENT.from_string(
    """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{{ policy }}">
<title>{{ title }}</title><style>{{ css | safe }}</style></head><body>
<h1>{{ title }}</h1>
<div id="explore" role="search" aria-label="Pick what the page shows" hidden>
{% for mark, label, every, values in pickers %}
<label>{{ label }} <select data-pick="{{ mark }}">
<option value="">{{ every }}</option>
{% for value in values %}
<option value="{{ value }}">{{ value }}</option>
{% endfor %}
</select></label>
{% endfor %}
{% if idols %}
<label>Idol <input id="explore-idol" type="search" list="explore-idols" \
placeholder="filter the rows by name"></label>
<datalist id="explore-idols">
{% for idol in idols %}
<option value="{{ idol }}">
{% endfor %}
</datalist>
{% endif %}
<span class="note">Click a column's heading to sort the rows shown.</span>
</div>
<nav><ol>
{% for s in sections %}
<li><a href="#{{ s.id }}">{{ s.title }}</a></li>
{% endfor %}
</ol></nav>
{% for s in sections %}
{% if s.marks %}<div class="population"{{ marked(s.marks) }}>{% endif %}
<section id="{{ s.id }}"><h2>{{ s.title }}</h2>
{% for p in s.paragraphs %}
{{ p | safe }}
{% endfor %}
{% if s.undrawn %}
<p class="note no-charts">{{ without }}</p>
{% endif %}
{% for c in s.charts %}
<figure{{ marked(c.marks) }}>
<img alt="{{ c.caption }}" width="{{ c.width }}" height="{{ c.height }}" \
src="data:image/png;base64,{{ c.data }}">
<figcaption>{{ c.caption }} (<a href="charts/{{ c.name }}.png">charts/{{ c.name }}.png</a>, \
<a href="charts/{{ c.name }}.svg">SVG</a>)</figcaption></figure>
{% endfor %}
{% for t in s.tables %}
<div class="exhibit"{{ marked(t.marks) }}>
<h3>{{ t.caption }}</h3>
<p class="note">CSV: <a href="tables/{{ t.name }}.csv">tables/{{ t.name }}.csv</a>\
{% if t.more %} ({{ t.more }}){% endif %}</p>
<div class="table-wrap">{{ t.html | safe }}</div>
{% if t.footer %}<p class="note footer">{{ t.footer }}</p>{% endif %}
</div>
{% endfor %}
</section>
{% if s.marks %}</div>{% endif %}
{% endfor %}
<script>{{ script | safe }}</script>
</body></html>
"""
)


# Where a page written with --no-charts would show a section's charts.
WITHOUT_CHARTS = (
    "This report was written without charts (--no-charts); its tables and verdicts are those a "
    "report with charts shows. To draw the charts, run the same command again without "
    "--no-charts."
)


@dataclass
class Chart:
    name: str  # file name stem: charts/<name>.png and charts/<name>.svg
    # None: nothing to draw, and the page shows no placeholder; UNDRAWN (charts.without_figures):
    # a chart the page, written without charts, says it left out.
    figure: Figure | charts.Undrawn | None
    caption: str
    # Whose games it plots (reports/population.py), above the chart; and its own footer, when it
    # plots fewer games than the page's footer counts.
    heading: str = ""
    footer: str = ""
    marks: dict[str, str] = field(default_factory=dict)  # explore.MARKS: what it shows


@dataclass
class Table:
    name: str  # file name stem: tables/<name>.csv (the CSV holds every row and column)
    frame: pd.DataFrame
    caption: str
    shown: pd.DataFrame | None = None  # what the page shows, if not the whole frame
    # The kind of each column (reports/formats.py); columns.TYPES[name] when not given here.
    types: dict[str, str] | None = None
    max_rows: int | None = 60  # None: every row
    marks: dict[str, str] = field(default_factory=dict)  # explore.MARKS: what it shows
    # Under the table, as a chart's footer under a chart: whose games it counts (its card set
    # and changes, bots, games, seed, date), so a table pasted elsewhere keeps its context.
    footer: str = ""

    @property
    def view(self) -> pd.DataFrame:
        return self.frame if self.shown is None else self.shown

    def kinds(self) -> dict[str, str]:
        declared = columns.TYPES.get(self.name, {}) if self.types is None else self.types
        return {
            str(c): declared.get(str(c)) or formats.guessed(self.view[c].dtype)
            for c in self.view.columns
        }


@dataclass
class Section:
    id: str
    title: str
    paragraphs: list[str] = field(default_factory=list)  # HTML fragments, already escaped
    charts: list[Chart] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    marks: dict[str, str] = field(default_factory=dict)  # explore.MARKS: whose games it shows


def _marked(marks: dict[str, str]) -> Markup:
    """` data-tier="..." data-players="2"`: an element's marks as attributes, values escaped."""
    shown = explore.marks_of(marks)
    return Markup("".join(f' data-{k}="{esc(v)}"' for k, v in shown.items()))


def esc(text) -> str:
    """Text for the page: escaped, and with every control character and bidirectional control
    shown as a terminal is sent it (safetext.visible, line by line). A name from a run whose
    cards or data were edited after they were checked can hold NUL, ESC or a right-to-left
    override; a browser would reorder the text around them, and `cat index.html` obey them."""
    return html.escape(visible_lines(text))


def table_html(
    frame: pd.DataFrame, kinds: dict[str, str], max_rows: int | None = 60, uuid: str = "t"
) -> str:
    """A table with each column written as its declared kind (hidden columns left out) and
    text columns aligned left, rendered by pandas' Styler. `uuid` keeps the Styler's element
    ids unique on the page and the same from one page to the next."""
    visible = [c for c in frame.columns if kinds.get(str(c)) != formats.HIDDEN]
    # A tier's order and a run's lone variant group `main` say nothing on a page: left out.
    visible = [c for c in visible if str(c) != "order" and not _only_main(frame, c)]
    shown = frame[visible] if max_rows is None else frame[visible].head(max_rows)
    shown = shown.reset_index(drop=True)
    kind = {c: kinds.get(str(c)) or formats.guessed(shown[c].dtype) for c in shown.columns}
    styler = Styler(shown, uuid=uuid, cell_ids=False)
    # Each cell is formatted by its column's kind, then escaped ("< 0.0001" is text, not markup).
    styler = styler.format({c: (lambda v, k=k: esc(formats.cell(k, v))) for c, k in kind.items()})
    styler = styler.format_index(lambda c: esc(columns.heading(c)), axis=1).hide(axis="index")
    left = [c for c in shown.columns if kind[c] in (formats.TEXT, formats.FLAG)]
    styler = styler.set_table_styles(
        {c: [{"selector": "td, th", "props": "text-align: left"}] for c in left}, overwrite=False
    )
    styler = styler.set_table_attributes(explore.column_marks(list(shown.columns)))
    return styler.to_html(doctype_html=False).strip()


def _only_main(frame: pd.DataFrame, column) -> bool:
    """A `group` column whose every row is the one variant of a run with no labels (`main`)."""
    return str(column) == "group" and set(frame[column].astype(str)) == {"main"}


def facts_table(rows: list[tuple[str, str]] | pd.DataFrame, uuid: str, header: bool = False):
    """A small table of facts (label, value ...) for provenance: every cell is text, escaped."""
    frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(rows, columns=["", " "])
    styler = Styler(frame.astype(str), uuid=uuid, cell_ids=False).format(esc)
    styler = styler.format_index(esc, axis=1)
    styler = styler.hide(axis="index").set_table_attributes('class="facts"')
    if not header:
        styler = styler.hide(axis="columns")
    return styler.to_html(doctype_html=False).strip()


@dataclass
class _Drawn:
    name: str
    caption: str
    png: bytes
    svg: bytes
    marks: dict[str, str] = field(default_factory=dict)

    @property
    def data(self) -> str:
        return base64.b64encode(self.png).decode("ascii")

    def _size(self) -> tuple[int, int]:
        return struct.unpack(">II", self.png[16:24])  # the PNG's IHDR: width, height

    # The page shows a 200 dpi chart at half its pixels, the size it has at 100 dpi.
    @property
    def width(self) -> int:
        return self._size()[0] // 2

    @property
    def height(self) -> int:
        return self._size()[1] // 2


@dataclass
class _Shown:
    name: str
    caption: str
    html: str
    more: str
    marks: dict[str, str] = field(default_factory=dict)
    footer: str = ""


@dataclass
class Page:
    """A whole page: its sections, and the footer every chart of it carries. With `charts`
    False no chart is drawn (rendering them is most of a report's CPU; their sections are best
    built inside charts.without_figures(), so that no figure is built either): each section
    that had any says so where they would be, and charts/ is not written."""

    title: str
    sections: list[Section]
    footer: str = ""
    charts: bool = True
    _drawn: dict[str, _Drawn] = field(default_factory=dict, repr=False)

    def __post_init__(self):
        # A section that does not apply is left out, as are its empty tables: a page never shows
        # "no rows" or a placeholder chart, nor a heading over nothing (a section made for its
        # charts and tables, none of which has anything to show). A section that leads with a
        # headline list is its headline: kept with no table (a balance search that recommends
        # no change, a comparison compared tier by tier).
        kept = []
        for s in self.sections:
            made_for = bool(s.tables or s.charts)
            s.tables = [t for t in s.tables if len(t.view)]
            s.charts = [c for c in s.charts if c.figure is not None]
            headline = any('class="headline"' in p for p in s.paragraphs)
            if s.tables or s.charts or headline or not made_for:
                kept.append(s)
        self.sections = kept
        for s in self.sections:
            for c in s.charts:
                if not self.charts:
                    if c.figure is not charts.UNDRAWN:
                        charts.close(c.figure)
                    continue
                png, svg = charts.finish(c.figure, c.footer or self.footer, c.heading)
                self._drawn[c.name] = _Drawn(c.name, c.caption, png, svg, c.marks)
            for t in s.tables:  # a table of every game the page counts: the page's footer
                t.footer = t.footer or self.footer

    def html(self) -> str:
        view = [
            {
                "id": s.id,
                "title": s.title,
                "paragraphs": s.paragraphs,
                "charts": [self._drawn[c.name] for c in s.charts if self.charts],
                "undrawn": bool(s.charts) and not self.charts,
                "tables": [_shown(t) for t in s.tables],
                "marks": s.marks,
            }
            for s in self.sections
        ]
        chosen = explore.choices(self.sections)
        return TEMPLATE.render(
            title=self.title,
            css=CSS + explore.CSS,
            policy=explore.POLICY,
            sections=view,
            pickers=chosen.pickers(),
            idols=chosen.idols,
            marked=_marked,
            script=explore.SCRIPT,
            without=WITHOUT_CHARTS,
        )

    def files(self) -> dict[str, bytes]:
        """Every file of a page directory: index.html, charts/*.png and *.svg, tables/*.csv."""
        out = {"index.html": self.html().encode("utf-8")}
        for drawn in self._drawn.values():
            out[f"charts/{drawn.name}.png"] = drawn.png
            out[f"charts/{drawn.name}.svg"] = drawn.svg
        for s in self.sections:
            for table in s.tables:
                out[f"tables/{table.name}.csv"] = csv_frame(table.frame).encode("utf-8")
        return out


def _shown(table: Table) -> _Shown:
    view = table.view
    more = ""
    if table.max_rows is not None and len(view) > table.max_rows:
        more = f"the first {table.max_rows} of {len(view):,} rows shown; the CSV has all"
    markup = table_html(view, table.kinds(), table.max_rows, uuid=table.name)
    return _Shown(table.name, table.caption, markup, more, table.marks, table.footer)
