"""What a balance search writes once it and its check are done: the patch file, the candidates
log, the page and the record (balance.json); the lines it says are headline.py's."""

from __future__ import annotations

from pathlib import Path

from avarium.analysis import balance as objective_module
from avarium.analysis.tiers.gaps import tier_gaps
from avarium.analysis.tiers.play import played_differently, tier_play
from avarium.reports import balance as page_module
from avarium.reports.names import card_names, named
from avarium.simulator.cards.numbers import abilities_in, patch_tables, printed_text
from avarium.simulator.fileio import write_atomically
from avarium.workflows.balance import folder as balance_dir
from avarium.workflows.balance.conditions import Condition
from avarium.workflows.balance.guards import REFUSED
from avarium.workflows.balance.headline import headline
from avarium.workflows.balance.verdict import BALANCED


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


def _searched(record) -> list[Condition]:
    """Every condition the search played, in order."""
    request = record["request"]
    listed = request.get("conditions") or [{"tier": request["tier"], "players": request["players"]}]
    return [Condition(c["tier"], int(c["players"])) for c in listed]


def _conditions(record) -> list[tuple[str, int]]:
    """(name, players) of every condition the search played, in order."""
    return [(c.name, c.players) for c in _searched(record)]


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
        and c.objective < REFUSED  # one that breaks a guard is no set to prefer
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


def _whose(out: Path, record: dict, result, checked, alone: list[str]):
    """Whose games each table of the page counts: the search's, the check's starting and
    recommended sets at every checked tier, and each change alone against the starting set."""
    from avarium.reports.pages import run_date

    request = record["request"]
    date, prov = run_date(checked.path), checked.provenance
    labels = [str(v) for v in checked.games["variant"].unique()]

    def check(groups: list[str], what: str):
        kept = [v for v in labels if objective_module.check_group(v) in groups]
        fingerprints = prov.card_sets_by_variant
        return page_module.check_population(
            prov.experiment, checked.games, kept, date, fingerprints, what
        )

    conditions = [(str(c.tier), c.players) for c in _searched(record)]
    return page_module.Whose(
        run=out.name,
        search=page_module.search_population(
            request, conditions, result.games, request["seed"], date
        ),
        sides=check(
            ["before", "after"],
            "the starting and the recommended set"
            if result.best is not result.start
            else "the starting set (no change recommended)",
        ),
        alone=check(alone, "each change alone and the starting set"),
    )


def write_outputs(request, record, space, start, objective, result, status, checked,
                  seconds, guards=None) -> dict:  # fmt: skip
    """Write the patch, the candidates log, the page and the record from the search's `result`
    and its check run (`checked`, a dataset Run) for `request` (run.BalanceRequest); returns
    the facts the terminal shows."""
    out: Path = request.out
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
    cards = load_cards(request.cards, request.sets, request.patches)
    patch = _patch(out, result, space, status, request.command, cards)
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
            _inside_but_costlier(result, space, objective) if status != BALANCED else None
        ),
        # The Idols no allowed change touches directly: what to --vary next, when they are out.
        "unvaried": _unvaried(space, idols, names),
    }
    if guards:
        facts["guards"] = _guards(guards, result, games, judged, idols, names, conditions)
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
        "guards (a candidate breaking one is refused)": guards.sentence() if guards else "none",
        "searched at": "; ".join(facts["conditions"]),
        "checked tiers": ", ".join(facts["check_tiers"]),
        "command": request.command,
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
        _whose(out, record, result, checked, ["start", *alone.values()]),
    )
    facts["report"] = str(page / "index.html")
    balance_dir.write_record(out, record | {"status": status, "result": facts})
    facts["_before_after"] = before_after
    return facts


def _guards(guards, result, games, judged, idols, names, conditions) -> dict:
    """The guards asked for, and those broken: by the starting set and the recommended one on
    the search's games (the recommended on the final's, when it played one), and by the set
    the check judges on its fresh deals."""
    from avarium.workflows.balance.guards import at_check

    named, where = [names.get(i, i) for i in idols], [name for name, _ in conditions]
    best = result.best
    return {
        "asked": guards.describe(),
        "sentence": guards.sentence(),
        "start": guards.breaches(result.start.counts, named, where),
        "best": (
            guards.breaches(best.final if best.final is not None else best.counts, named, where)
            if best is not result.start
            else None
        ),
        "check": at_check(guards, games, judged, names),
    }


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
