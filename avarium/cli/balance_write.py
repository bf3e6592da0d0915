"""What `avarium balance` writes and says once the search and its check are done: the patch
file, the candidates log, the page, the record (balance.json) and the lines on the terminal."""

from __future__ import annotations

from pathlib import Path

from avarium.analysis import balance as objective_module
from avarium.analysis.tiers.gaps import APART, WHY, apart_sentence, tier_gaps
from avarium.analysis.tiers.play import (
    PLAYED_DIFFERENTLY,
    differently_sentence,
    played_differently,
    tier_play,
)
from avarium.reports import balance as page_module
from avarium.reports.names import card_names, named
from avarium.simulator.cards.numbers import abilities_in, patch_tables, printed_text
from avarium.simulator.fileio import write_atomically
from avarium.workflows.balance import folder as balance_dir
from avarium.workflows.balance.conditions import Condition
from avarium.workflows.balance.search import ETA

# The three verdicts of a search (avarium/cli/balance_run.py decides which).
NO_CHANGE, BALANCED, CANNOT = "no change needed", "balanced", "cannot within the allowed ranges"


def _rates(counts, idols, names, conditions) -> list[dict]:
    """Every Idol's games and rate in every condition the search played (one, or each
    (tier, players) of a search over several), with the condition's fair share."""
    parts = counts.parts if hasattr(counts, "parts") else (counts,)
    return [
        {
            "condition": name,
            "fair": 1 / players,
            "idol": names.get(i, i),
            "idol_id": i,
            "games": g,
            "rate": w / g if g else None,
        }
        for part, (name, players) in zip(parts, conditions, strict=True)
        for i, g, w in zip(idols, part.idol_games, part.idol_wins, strict=True)
    ]


def _conditions(record) -> list[tuple[str, int]]:
    """(name, players) of every condition the search played, in order."""
    request = record["request"]
    listed = request.get("conditions") or [{"tier": request["tier"], "players": request["players"]}]
    return [(Condition(c["tier"], int(c["players"])).name, int(c["players"])) for c in listed]


def _summary(c, space, final: bool = False) -> dict:
    """A candidate's changes and score, as balance.json records them: with `final`, on its
    games in the final when it played one (`judged_on` says which), else on its games in the
    search (the starting set's line is its top rung, even when it played the final)."""
    final = final and c.final is not None
    score, counts = (c.final_score, c.final) if final else (c, c.counts)
    return {
        "label": c.label,
        "changes": [
            {"field": a.name, "from": a.start, "to": v} for a, v in space.changes(c.values)
        ],
        "objective": score.objective,
        "distance": score.distance,
        "cost": c.cost,
        "games": counts.games,
        "judged_on": "final" if final else "search",
    }


def _candidate(c, space, idols, names, objective, conditions, final: bool = False) -> dict:
    summary = _summary(c, space, final)
    counts = c.final if summary["judged_on"] == "final" else c.counts
    found = objective_module.outside(counts, objective)
    return summary | {
        "rates": _rates(counts, idols, names, conditions),
        "outside": [names.get(idols[i], idols[i]) for i in found["idols"]],
        "seats_outside": [s + 1 for s in found["seats"]],
    }


def _candidates(result, space) -> list[dict]:
    rows = []
    for c in result.candidates:
        row = {
            "candidate": c.number,
            "label": c.label,
            "generation": c.generation,
            "rung": c.rung,
            "games": c.counts.games if c.counts else 0,
            "objective": c.objective,
            "distance": c.distance,
            "aim_distance": c.aim_distance,
            "cost": c.cost,
            "fields": c.fields,
            "steps": c.steps,
            "final_place": result.finalists.index(c) + 1 if c in result.finalists else None,
            "final_games": c.final.games if c.final is not None else None,
            "final_objective": c.final_score.objective if c.final is not None else None,
            "final_distance": c.final_score.distance if c.final is not None else None,
        }
        row |= {a.name: int(v) for a, v in zip(space.axes, c.values, strict=True)}
        rows.append(row)
    return rows


def _unvaried(space, idols: list[str], names: dict) -> list[str]:
    """The Idols (named) none of whose numbers the search may change."""
    varied = {a.number.card for a in space.axes if a.number is not None}
    return [names.get(i, i) for i in idols if i not in varied]


def _inside_but_costlier(result, space, objective) -> dict | None:
    """The cheapest candidate at the top rung that the flag test shows no Idol (or seat)
    outside the band for, when the objective recommended another: its changes cost more (field
    and step costs) than the distance from the band they remove. A search that found a balanced
    set must not only say it cannot balance. None when the recommended set shows no Idol
    outside on the same top-rung games either: then the verdict came from the final's larger
    sample, and the other set's "none shown" is its smaller sample's want of power, not a
    balance the costs passed over."""
    top = len(result.rungs) - 1
    best = result.best
    if best.rung == top and not any(objective_module.outside(best.counts, objective).values()):
        return None
    # Costs are the reason only for a set nearer the band than the recommended one before its
    # costs are added (on the top rung's games, which both played); one further out lost on
    # its distance, and lowering the costs would not make the search prefer it.
    nearer = best.objective - best.cost
    inside = [
        c
        for c in result.candidates
        if c.rung == top
        and c is not result.best
        and c.counts is not None
        and c.objective - c.cost < nearer
        and not any(objective_module.outside(c.counts, objective).values())
    ]
    if not inside:
        return None
    return _summary(min(inside, key=lambda c: c.objective), space)


def _patch(out: Path, result, space, status: str, command: str, cards) -> Path:
    best = result.best
    note = [f"Written by avarium balance ({status}): {best.label}.", f"command: {command}"]
    bonus = [(a, v) for a, v in space.changes(best.values) if a.seat is not None]
    if bonus:
        seats = ", ".join(f"seat {a.seat + 1} starts with {v}" for a, v in bonus)
        note.append(f"Seat bonus (a rule, not a card: give it to simulate with --bonus): {seats}")
    tables = patch_tables(space.card_changes(best.values), cards)
    for card, fields in tables.items():
        abilities = abilities_in(fields)
        if abilities and cards[card].text and printed_text(cards[card], abilities) is None:
            note.append(
                f"The printed text of {card} is as it was: its numbers do not follow its "
                "abilities' one for one, so rewrite it by hand to match the changed ability."
            )
    path = out / "patch.toml"
    write_atomically(path, page_module.patch_text(tables, note))
    return path


def _checked_tiers(checked) -> list:
    """The check's tiers (analysis/tiers/variants.py): for the starting set (`before`) and the
    recommended one (`after`), at every checked tier."""
    from avarium.analysis.tiers.variants import tier_variants

    played = set(checked.games["variant"].astype(str))
    return [t for t in tier_variants(checked.provenance.experiment) if t.label in played]


def _how_tiers_play(tiers, games) -> tuple[dict | None, dict[str, list[dict]]]:
    """How each checked tier plays (analysis/tiers/play.py), before and after, and per set the
    measures on which the tiers differ by a factor of two (the recommended set's, or the
    starting set's when nothing changed, is what the terminal names); None and none for a
    check at one tier."""
    if not tiers:
        return None, {}
    tables = tier_play(tiers, games)
    found = {
        group: played_differently(part)
        for group, part in tables["tier_play_all"].groupby("group", sort=False)
    }
    return tables, found


def write_outputs(o, record, space, start, objective, result, status, checked, seconds) -> dict:
    """Write the patch, the candidates log, the page and the record from the search's `result`
    and its check run (`checked`, a dataset Run); returns the facts the terminal shows."""
    out: Path = o["out"]
    games = checked.games
    idols = list(start.idols)
    names = card_names([start.card_data])
    conditions = _conditions(record)
    best = result.best
    changed = best is not result.start
    changes = [
        {"change": f"{a.name}={v}", "field": a.name, "from": a.start, "to": v, "steps": a.steps(v)}
        for a, v in space.changes(best.values)
    ]
    import pandas as pd

    changes_frame = pd.DataFrame(changes, columns=["change", "field", "from", "to", "steps"])
    owners = {
        a.name: a.number.card
        for a, _ in space.changes(best.values)
        if a.number is not None and a.number.card in idols
    }
    alone = {a.name: f"alone {i}" for i, (a, _) in enumerate(space.changes(best.values), 1)}
    effects = objective_module.change_effects(games, "start", alone, owners)
    before_after = named(objective_module.before_after(games, "before", "after"), names)
    effects = named(effects, names)
    tiers = _checked_tiers(checked)
    gaps = named(tier_gaps(tiers, games, objective.band), names)
    play, differently = _how_tiers_play(tiers, games)
    judged = "after" if changed else "before"
    out_at_check = named(objective_module.shown_outside(games, judged, objective.band), names)
    frame = page_module.candidates_frame(_candidates(result, space))
    page_module.write_candidates(frame, out / "candidates.parquet")
    from avarium.simulator.cards.loader import load_cards

    # The starting set, for the printed texts of the cards a patch changes (it loaded before
    # the search, so it loads now).
    cards = load_cards(o["path"], o["sets"], o["patch"])
    patch = _patch(out, result, space, status, o["command"], cards)
    facts = {
        "status": status,
        "out": str(out),
        "objective": objective.describe(),
        "budget": record["budget"],
        "reproducible": record["reproducible"],
        "search_tier": record["request"]["tier"],
        "conditions": [name for name, _ in conditions],
        "check_tiers": record["request"]["check_tiers"],
        "rungs": list(result.rungs),
        "games": result.games,
        "seconds": round(seconds, 1),
        "candidates": len(result.candidates),
        "finalists": len(result.finalists),
        "final_games": result.finalists[0].final.games if result.finalists else 0,
        "exhausted": result.exhausted,
        "start": _candidate(result.start, space, idols, names, objective, conditions),
        "best": (
            _candidate(best, space, idols, names, objective, conditions, final=True)
            if changed
            else None
        ),
        "changes": changes if changed else [],
        "bonus": list(space.bonus(best.values, start.bonus)),
        "patch": str(patch),
        "effects": page_module.records_of(effects),
        "tiers_apart": page_module.records_of(gaps[gaps["apart"].astype(bool)]),
        # Per checked set (before, after), what two tiers do a factor of two apart.
        "tiers_play_differently": differently,
        "check_outside": page_module.records_of(out_at_check),
        "inside_but_costlier": (
            _inside_but_costlier(result, space, objective) if status != "balanced" else None
        ),
        # The Idols no allowed change touches directly: what to --vary next, when they are out.
        "unvaried": _unvaried(space, idols, names),
    }
    shown = {
        "status": status,
        "objective": facts["objective"]["formula"],
        "band": _edges(objective),
        "field cost, step cost": f"{objective.field_cost}, {objective.step_cost}",
        "aim (the band less --margin)": _edges(objective, aim=True),
        "held (no --vary reaches them; each counts only beyond where it starts)": ", ".join(
            names.get(i, i) for i in objective.held_ids
        )
        or "none",
        "budget": _budget(record["budget"]),
        "games played by the search": f"{result.games:,}",
        "candidates tried": len(result.candidates),
        "rungs (games per candidate)": ", ".join(f"{g:,}" for g in result.rungs),
        "final": (
            f"the best {len(result.finalists)} of the top rung, each on {facts['final_games']:,} "
            "games no candidate had played; ranked on those alone"
            if result.finalists
            else "none (the recommendation is the best of the top rung)"
        ),
        "searched at": "; ".join(facts["conditions"]),
        "checked tiers": ", ".join(facts["check_tiers"]),
        "command": o["command"],
    }
    page = page_module.build_page(
        out / "report",
        headline(facts),
        shown,
        before_after,
        changes_frame,
        effects,
        frame,
        gaps,
        {name: named(t, names) for name, t in play.items()} if play else None,
    )
    facts["report"] = str(page / "index.html")
    balance_dir.write_record(out, record | {"status": status, "result": facts})
    facts["_before_after"] = before_after
    return facts


def _edges(objective, aim: bool = False) -> str:
    """The band's edges (the aim's, with `aim`) at every player count the search played."""
    return ", ".join(
        "{:.1%} to {:.1%}".format(*objective.edges_of(p, aim)) + f" for {p} players"
        for p in dict.fromkeys(objective.conditions or (objective.players,))
    )


def _budget(budget: dict) -> str:
    if budget["games"] is not None:
        return f"{budget['games']:,} games (reproducible: the same seed gives the same search)"
    return f"{budget['minutes']:g} minutes (stops where the clock says: not reproducible)"


def _check_line(facts: dict) -> str:
    """What the check on fresh deals says of the set recommended (or the starting set, when
    nothing changed): the Idols the flag test shows outside the band at any checked tier. The
    search's verdict rests on the games it chose on, which flatter the one chosen; the check's
    deals are new, so where the two disagree the check is the better measure."""
    which = "the recommended set" if facts["best"] else "the starting set"
    tiers = ", ".join(facts["check_tiers"])
    rows = facts.get("check_outside", [])
    if not rows:
        return f"at the check on fresh deals ({tiers}): no Idol of {which} shown outside the band"
    several = len({r["players"] for r in rows}) > 1
    shown = ", ".join(
        f"{r['idol']} {r['rate']:.1%} ({r['lo']:.1%}-{r['hi']:.1%}) at {r['tier']}, "
        f"{int(r['games']):,} games" + (f", {r['players']} players" if several else "")
        for r in rows
    )
    line = f"at the check on fresh deals, {which} has Idols shown outside the band: {shown}"
    best = facts["best"]
    if facts["status"] != CANNOT and best and best.get("judged_on") == "final":
        line += (
            f" (the search's final judged on {best['games']:,} other games, with noise of their "
            "own; a larger --margin aims further inside the band)"
        )
    elif facts["status"] != CANNOT:
        line += (
            " (the search judged on its own games, on which it chose; at a tier it searched, a "
            "larger --budget gives its top rung more games)"
        )
    return line


def _apart(rows: list[dict], group: str) -> str:
    """The Idols of the check's `group` (at every player count it played) shown with tiers
    further apart than the band."""
    mine = [r for r in rows if r["group"] == group or r["group"].startswith(group + " (")]
    return apart_sentence(mine)


def _pct(x) -> str:
    return "-" if x is None else f"{x:.1%}"


def headline(facts: dict) -> str:
    """What the command says: the verdict, the changes, the worst Idols before and after."""
    lines = []
    start, best = facts["start"], facts["best"]
    several = len(facts["conditions"]) > 1
    worst = sorted(
        start["rates"],
        key=lambda r: -abs(r["fair"] if r["rate"] is None else r["rate"] - r["fair"]),
    )[:3]
    shown = ", ".join(
        f"{r['idol']} {_pct(r['rate'])}" + (f" ({r['condition']})" if several else "")
        for r in worst
    )
    where = "; ".join(facts["conditions"]) if several else facts["search_tier"]
    lines.append(
        f"start at {where} ({start['games']:,} games): "
        f"{len(start['outside'])} Idol(s) shown outside the band; most off: {shown}"
    )
    if facts["status"] == NO_CHANGE:
        if facts.get("candidates", 1) > 1:  # --always-search: searched, and none beat it
            final = " in the final, on games no candidate had played" if facts["finalists"] else ""
            lines.append(
                f"searched {facts['candidates']} candidates with {facts['games']:,} games in "
                f"{facts['seconds']:,.0f} s: none did better than the starting set{final}"
            )
        lines.append(
            "no change needed: no Idol of the starting set is shown outside the band (flag "
            "test, Holm over every Idol)"
        )
        if start["distance"] > 0 and facts.get("candidates", 1) <= 1:
            # Not shown is not the same as inside: say so, and how to let the test decide. The
            # starting set plays the top rung, which the budget may hold below the first rung
            # times three: only a first rung above the top one is sure to play it on more.
            more = facts["rungs"][-1] * ETA
            lines.append(
                f"the worst is estimated {start['distance'] * 100:.1f} points out, within the "
                f"noise of its {start['games']:,} games; --first-rung {more} plays it on "
                f"{ETA} times as many, or --always-search searches anyway"
            )
    else:
        lines.append(
            f"searched {facts['candidates']} candidates with {facts['games']:,} games in "
            f"{facts['seconds']:,.0f} s"
        )
        if facts.get("finalists"):
            lines.append(
                f"final: the best {facts['finalists']} of the top rung on "
                f"{facts['final_games']:,} games each that no candidate had played; the "
                "recommendation is the best there"
            )
        if facts["changes"]:
            moved = ", ".join(f"{c['field']} {c['from']} -> {c['to']}" for c in facts["changes"])
            on = " in the final" if best.get("judged_on") == "final" else ""
            lines.append(f"recommended: {moved} (objective {best['objective']:.3f}{on})")
        if facts["status"] == "balanced" and best["distance"] == 0:
            lines.append(
                "every Idol inside the band at the search tier"
                + ("s and player counts" if several else "")
                + " after these changes"
            )
        elif facts["status"] == "balanced":
            lines.append(
                "no Idol shown outside the band at the search tier"
                + ("s and player counts" if several else "")
                + " after these changes (the "
                f"worst is estimated {best['distance'] * 100:.1f} points out, within the noise "
                f"of its {best['games']:,} games)"
            )
        else:
            off = best["outside"] if best else start["outside"]
            left = f"; still outside: {', '.join(off)}" if off else ""
            lines.append(
                "cannot bring every Idol inside the band within the allowed ranges: the best "
                f"found leaves an Idol {(best or start)['distance'] * 100:.1f} points out{left}"
            )
            untouched = [i for i in off if i in facts.get("unvaried", [])]
            if untouched:
                # When they are all that is left, the search did what its ranges allow.
                rest = "; no Idol a --vary reaches is shown outside" if untouched == off else ""
                lines.append(
                    f"no --vary changes a number of {', '.join(untouched)}: vary one of "
                    f"theirs to move them (docs/balance.md, What may vary){rest}"
                )
            costlier = facts.get("inside_but_costlier")
            if costlier:
                lines.append(
                    f"but {costlier['label']} shows no Idol outside the band (the worst is "
                    f"estimated {costlier['distance'] * 100:.1f} points out, on "
                    f"{costlier['games']:,} games): its {len(costlier['changes'])} changes cost "
                    f"{costlier['cost']:.3f}, more than the distance they remove; lower "
                    "--field-cost and --step-cost to prefer it (docs/balance.md, The objective)"
                )
    lines.append(_check_line(facts))
    judged = "after" if facts["best"] else "before"  # the check's recommended set, or the start
    apart = _apart(facts.get("tiers_apart", []), judged)
    if apart:
        which = "the recommended set" if facts["best"] else "the starting set"
        lines.append(f"at the check, {which} has {APART} is wide ({WHY}): {apart}")
    differently = facts.get("tiers_play_differently", {}).get(judged)
    if differently:
        lines.append(f"at the check, {PLAYED_DIFFERENTLY}: {differently_sentence(differently)}")
    lines.append(f"patch: {facts['patch']}")
    lines.append(f"report: {facts.get('report', '')}")
    return "\n".join(lines)
