"""What `avarium compare` prints in the terminal: the comparison page's headline, read back
from the tables the page was written with and from both runs' experiment.toml, as facts (what
`--json` prints) and the lines drawn from them (reports/headline.py does the same for a
report)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from avarium.reports.headline import read_table, rows_of
from avarium.reports.population import rulebook_default
from avarium.runner.field_table import FIELDS
from avarium.simulator import tomlread

# What two runs a comparison may hold side by side can differ in, as the field table marks them
# (analysis/compare.py refuses the rest, bots included; they are listed so a difference would
# never go unsaid).
EXPERIMENT_FIELDS = tuple(f.name for f in FIELDS if f.compared)


def _variants(run: Path) -> list[dict]:
    """The variant tables of a run's experiment.toml (none when it has no readable one)."""
    try:
        experiment = tomlread.loads((run / "experiment.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    tables = experiment.get("variant")
    return [t for t in tables if isinstance(t, dict)] if isinstance(tables, list) else []


def _shown(value) -> str:
    if isinstance(value, list | tuple):
        return ",".join(map(str, value)) or "none"
    return "not recorded" if value is None else str(value)


def _rule(rules: dict, name: str):
    """A rules option as a run played it: its own value, else the rulebook's default."""
    return rules[name] if name in rules else rulebook_default(name)


def experiment_changes(run_a: Path, run_b: Path, variant: str | None = None) -> list[dict]:
    """What differs between the two runs' experiments, one dict per field (and rules option):
    field, a, b, and the variant when the runs have several."""
    va = [t for t in _variants(run_a) if variant is None or t.get("label") == variant]
    vb = [t for t in _variants(run_b) if variant is None or t.get("label") == variant]
    changes = []
    for x, y in zip(va, vb, strict=False):  # compare refused runs with other variant counts
        where = {"variant": x.get("label")} if len(va) > 1 else {}
        for name in EXPERIMENT_FIELDS:
            a, b = x.get(name), y.get(name)
            if name == "rules" and (isinstance(a, dict) or isinstance(b, dict)):
                # a run records only the options it changed: one it left out plays the rulebook's
                a, b = (r if isinstance(r, dict) else {} for r in (a, b))
                changes += [
                    {"field": f"rules.{k}", "a": _rule(a, k), "b": _rule(b, k), **where}
                    for k in sorted(set(a) | set(b))
                    if _rule(a, k) != _rule(b, k)
                ]
            elif a != b:
                changes.append({"field": name, "a": a, "b": b, **where})
    return changes


def comparison_facts(target: Path, run_a: Path, run_b: Path, variant: str | None = None) -> dict:
    """The comparison's headline facts: what differs between the experiments, the Idols and
    seats whose win rate changed significantly (as the page marks them), and the page."""
    facts: dict = {
        "a": str(run_a),
        "b": str(run_b),
        "differences": experiment_changes(run_a, run_b, variant),
        "page": str(target / "index.html"),
    }
    changes = read_table(target, "card_changes")
    # A blank variant (every variant changed alike) reads back as a missing value.
    facts["card_changes"] = [
        {"change": str(row["change"]), "variant": v if isinstance(v := row["variant"], str) else ""}
        for row in ([] if changes is None else changes.to_dict("records"))
    ]
    pooled = read_table(target, "tiers_pooled")
    facts["tiers_pooled"] = [] if pooled is None else [str(t) for t in pooled["tier"]]
    idols = read_table(target, "idol_differences")
    per_tier = idols is not None and "tier" in idols.columns
    facts["tiers"] = list(dict.fromkeys(idols["tier"].astype(str))) if per_tier else []
    for key, name in (("idol", "idol_differences"), ("seat", "seat_differences")):
        table = read_table(target, name)
        columns = [key, "players", "rate_a", "rate_b", "diff", "lo", "hi", "p_holm"]
        if table is not None and "tier" in table.columns:  # both runs tiered: per tier
            columns.insert(1, "tier")
        changed = [] if table is None else rows_of(table[table["significant"]], columns)
        # the largest move first, whichever way
        facts[f"{key}s_changed"] = sorted(changed, key=lambda r: -abs(r["diff"]))
    return facts


def comparison_lines(facts: dict) -> list[str]:
    """The facts of comparison_facts as the terminal shows them."""
    lines = []
    if facts["differences"]:
        lines.append("B differs from A in:")
        for d in facts["differences"]:
            where = f" (variant {d['variant']})" if "variant" in d else ""
            lines.append(f"  {d['field']}{where}: A {_shown(d['a'])}; B {_shown(d['b'])}")
    else:
        lines.append(
            "A and B record the same cards, patches, bonus, rules and bots (or do not record them)"
        )
    if facts["card_changes"]:
        lines.append("B changed these card fields:")
    for change in facts["card_changes"]:
        where = f" (variant {change['variant']})" if change["variant"] else ""
        lines.append(f"  {change['change']}{where}")
    if facts["tiers"]:
        lines.append(
            f"compared tier by tier: {', '.join(facts['tiers'])} (each on its own twin games; "
            "--pool-tiers counts them together)"
        )
    if facts["tiers_pooled"]:
        lines.append(
            f"tiers pooled on request (--pool-tiers): {', '.join(facts['tiers_pooled'])}; "
            "every number below mixes them"
        )
    for key in ("idol", "seat"):
        for r in facts[f"{key}s_changed"]:
            name = f"seat {r['seat']}" if key == "seat" else r["idol"]
            name += f", tier {r['tier']}" if "tier" in r else ""
            lines.append(
                f"{name}, {r['players']} players: {r['rate_a']:.1%} to {r['rate_b']:.1%} "
                f"({r['diff'] * 100:+.1f} points, 95% interval {r['lo'] * 100:+.1f} to "
                f"{r['hi'] * 100:+.1f})"
            )
    if not facts["idols_changed"] and not facts["seats_changed"]:
        lines.append("no Idol or seat win rate changed significantly (Holm, 5%)")
    lines.append(f"comparison: {facts['page']}")
    return lines
