"""The page's explorer: pick a tier, a card set and a player count; sort and filter the tables.

A run's page holds every population it details (each tier, each card set) one after the other,
so that with scripts off, printed or pasted, it reads top to bottom with nothing left out. The
sections, charts and tables of one population carry `data-tier`, `data-cards` and
`data-players`; a table names the columns that hold a row's tier, card set (`group`), player
count and Idol (`data-col-tier="2"`). The small script below only hides and shows what the
pickers leave out, filters rows by Idol and sorts a table by the heading clicked: it builds no
markup from text, so the page's escaping is the only escaping there is. It is inline, and the
page's Content-Security-Policy allows that one script by its hash and loads nothing else: no
server, no network.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field

# The data attributes a section, chart or table may carry, and the picker each one answers to.
MARKS = ("tier", "cards", "players")
# The column of a table that holds each mark row by row (`group`: a tiered run's card set).
COLUMNS = {"tier": "tier", "cards": "group", "players": "players", "idol": "idol"}

SCRIPT = """
(function () {
  "use strict";
  var bar = document.getElementById("explore");
  if (!bar) return;
  bar.hidden = false;
  var picks = Array.prototype.slice.call(bar.querySelectorAll("select[data-pick]"));
  var idol = document.getElementById("explore-idol");
  var marked = document.querySelectorAll("[data-tier],[data-cards],[data-players]");
  var tables = document.querySelectorAll("table");

  function choice() {
    var chosen = {};
    picks.forEach(function (select) {
      var known = Array.prototype.map.call(select.options, function (o) { return o.value; });
      chosen[select.getAttribute("data-pick")] = { value: select.value, known: known };
    });
    return chosen;
  }

  // An element is left out when it is marked for another value than the one picked.
  function fits(element, chosen) {
    for (var key in chosen) {
      var mark = element.getAttribute("data-" + key);
      if (chosen[key].value && mark !== null && mark !== chosen[key].value) return false;
    }
    return true;
  }

  // A row is left out when its cell names a known value other than the one picked (a cell
  // the picker does not list, such as a pooled row, stays), or its Idol does not match.
  function rowFits(table, row, chosen, text) {
    for (var key in chosen) {
      var column = table.getAttribute("data-col-" + key);
      if (column === null || !chosen[key].value || !row.cells[Number(column)]) continue;
      var cell = row.cells[Number(column)].textContent.trim();
      if (chosen[key].known.indexOf(cell) >= 0 && cell !== chosen[key].value) return false;
    }
    var idolColumn = table.getAttribute("data-col-idol");
    if (text && idolColumn !== null && row.cells[Number(idolColumn)]) {
      return row.cells[Number(idolColumn)].textContent.toLowerCase().indexOf(text) >= 0;
    }
    return true;
  }

  function apply() {
    var chosen = choice();
    var text = idol ? idol.value.trim().toLowerCase() : "";
    Array.prototype.forEach.call(marked, function (element) {
      element.hidden = !fits(element, chosen);
    });
    Array.prototype.forEach.call(tables, function (table) {
      if (!table.tBodies.length) return;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        row.hidden = !rowFits(table, row, chosen, text);
      });
    });
    // The contents list names only the sections still shown.
    Array.prototype.forEach.call(document.querySelectorAll("nav a[href^='#']"), function (a) {
      var target = document.getElementById(a.getAttribute("href").slice(1));
      a.parentElement.hidden = !!(target && target.closest("[hidden]"));
    });
  }

  // A cell's sort key: its leading number ("54.2% (95%: 50.1%-58.0%)" is 54.2, "1,234" is
  // 1234, "< 0.0001" is 0.0001), else its text; a dash or an empty cell sorts last.
  function key(cell) {
    var text = cell.textContent.trim().replace(/\\u2212/g, "-");
    if (text === "" || text === "\\u2014" || text === "-") return { missing: true };
    var found = /^[<>~\\u2264\\u2265]?\\s*([+-]?\\d[\\d,]*(?:\\.\\d+)?(?:e[+-]?\\d+)?)/i.exec(text);
    if (found) return { number: parseFloat(found[1].replace(/,/g, "")) };
    return { text: text.toLowerCase() };
  }

  function compare(a, b) {
    if (a.missing || b.missing) return (a.missing ? 1 : 0) - (b.missing ? 1 : 0);
    if (a.number !== undefined && b.number !== undefined) return a.number - b.number;
    if (a.number !== undefined) return -1;
    if (b.number !== undefined) return 1;
    return a.text.localeCompare(b.text);
  }

  function sortBy(table, heading) {
    var body = table.tBodies[0];
    var column = heading.cellIndex;
    var up = heading.getAttribute("aria-sort") !== "ascending";
    var rows = Array.prototype.slice.call(body.rows).map(function (row) {
      return { row: row, key: key(row.cells[column] || row) };
    });
    rows.sort(function (a, b) {
      var order = compare(a.key, b.key);
      return a.key.missing || b.key.missing || up ? order : -order;
    });
    rows.forEach(function (r) { body.appendChild(r.row); });
    Array.prototype.forEach.call(heading.parentElement.cells, function (th) {
      th.removeAttribute("aria-sort");
    });
    heading.setAttribute("aria-sort", up ? "ascending" : "descending");
  }

  Array.prototype.forEach.call(tables, function (table) {
    if (!table.tHead || !table.tBodies.length || table.classList.contains("facts")) return;
    var row = table.tHead.rows[table.tHead.rows.length - 1];
    Array.prototype.forEach.call(row.cells, function (heading) {
      heading.classList.add("sortable");
      heading.tabIndex = 0;
      heading.title = "Sort the rows by this column";
      heading.addEventListener("click", function () { sortBy(table, heading); });
      heading.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          sortBy(table, heading);
        }
      });
    });
  });
  picks.forEach(function (select) { select.addEventListener("change", apply); });
  if (idol) idol.addEventListener("input", apply);
  apply();
})();
"""

# The policy allows this one script, inline CSS (Styler writes a <style> per table) and the
# charts, which are data: URIs; anything else the page asked for would be refused.
SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
POLICY = (
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
    f"script-src '{SCRIPT_HASH}'; base-uri 'none'; form-action 'none'"
)

CSS = """
#explore { position: sticky; top: 0; z-index: 1; background: #fff; border-bottom: 1px solid #bbb;
           padding: 0.4rem 0; display: flex; flex-wrap: wrap; gap: 0.4rem 1rem;
           align-items: center; font-size: 0.9rem; }
#explore input { width: 12rem; max-width: 100%; }
[hidden] { display: none !important; }
th.sortable { cursor: pointer; }
th[aria-sort="ascending"]::after { content: " \\25B2"; }
th[aria-sort="descending"]::after { content: " \\25BC"; }
@media print { #explore { display: none; } }
"""


@dataclass
class Choices:
    """What the pickers offer, each in the order the page first shows it."""

    tier: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    idols: list[str] = field(default_factory=list)

    def add(self, key: str, value) -> None:
        values = self.idols if key == "idol" else getattr(self, key)
        text = str(int(value)) if key == "players" else str(value)
        if text and text not in values:
            values.append(text)

    def pickers(self) -> list[tuple[str, str, str, list[str]]]:
        """(mark, label, every-value wording, values) of each picker with a choice to make."""
        offered = [
            ("tier", "Tier", "every tier", self.tier),
            ("cards", "Card set", "every card set", self.cards),
            ("players", "Players", "any number", self.players),
        ]
        return [p for p in offered if len(p[3]) > 1]


def marks_of(values: dict[str, object]) -> dict[str, str]:
    """The data attributes of an element: only the known marks, and none left empty."""
    unknown = set(values) - set(MARKS)
    if unknown:
        raise ValueError(f"marks: expected some of {', '.join(MARKS)}, got {sorted(unknown)}")
    return {k: str(v) for k, v in values.items() if str(v)}


def column_marks(columns: list) -> str:
    """The table attribute naming, by position, the columns that hold a row's marks."""
    names = [str(c) for c in columns]
    found = {key: names.index(name) for key, name in COLUMNS.items() if name in names}
    return " ".join(f'data-col-{key}="{index}"' for key, index in found.items())


def choices(sections) -> Choices:
    """Every tier, card set, player count and Idol the page's sections mark or list."""
    chosen = Choices()
    for section in sections:
        for key, value in section.marks.items():
            chosen.add(key, value)
        for chart in section.charts:
            for key, value in chart.marks.items():
                chosen.add(key, value)
        for table in section.tables:
            view = table.view
            for key in ("tier", "players", "idol"):
                if COLUMNS[key] in view.columns:
                    for value in view[COLUMNS[key]].dropna().unique():
                        chosen.add(key, value)
    chosen.players.sort(key=int)
    return chosen
