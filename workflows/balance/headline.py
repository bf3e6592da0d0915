"""What a balance search says once it and its check are done: the verdict, the changes, the
worst Idols before and after, what the check on fresh deals shows, and where the files are."""

from __future__ import annotations

from avarium.analysis.tiers.gaps import APART, WHY, apart_sentence
from avarium.analysis.tiers.play import PLAYED_DIFFERENTLY, differently_sentence
from avarium.workflows.balance.candidates import ETA
from avarium.workflows.balance.guards import said
from avarium.workflows.balance.verdict import BALANCED, CANNOT, NO_CHANGE


def _judged_on(row: dict) -> str:
    """The interval the flag test judged an Idol on; an Idol with too few games at the check
    for the test has none (null in the record, NaN in a frame)."""
    lo, hi = row.get("lo"), row.get("hi")
    if lo is None or hi is None or lo != lo or hi != hi:
        return "too few games to judge"
    return f"{lo:.1%}-{hi:.1%}"


def _named(rows: list[dict]) -> str:
    """Idols at the check, each with its rate, the interval it was judged on, tier and games."""
    several = len({r["players"] for r in rows}) > 1
    return ", ".join(
        f"{r['idol']} {r['rate']:.1%} ({_judged_on(r)}) at {r['tier']}, "
        f"{int(r['games']):,} games" + (f", {r['players']} players" if several else "")
        for r in rows
    )


def _check_line(facts: dict) -> str:
    """What the check on fresh deals says of the set recommended (or the starting set, when
    nothing changed): the Idols the flag test shows outside the band at any checked tier, and
    those outside by their estimate that it does not show, each with the interval it was judged
    on. The search's verdict rests on the games it chose on, which flatter the one chosen; the
    check's deals are new, so where the two disagree the check is the better measure."""
    which = "the recommended set" if facts["best"] else "the starting set"
    tiers = ", ".join(facts["check_tiers"])
    found = facts.get("check_outside", [])
    rows = [r for r in found if r.get("shown", True)]
    near = [r for r in found if not r.get("shown", True)]
    estimated = (
        f"; outside by the estimate but not shown (its interval reaches into the band): "
        f"{_named(near)}"
        if near
        else ""
    )
    if not rows:
        return (
            f"at the check on fresh deals ({tiers}): no Idol of {which} shown outside the band"
            + estimated
        )
    line = f"at the check on fresh deals, {which} has Idols shown outside the band: {_named(rows)}"
    line += estimated
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


def _guard_lines(facts: dict) -> list[str]:
    """The guards asked for and which set breaks which, by how much: the start and the
    recommended set on the search's games, then the checked set on the check's fresh deals."""
    guards = facts.get("guards")
    if not guards:
        return []

    def broken(rows: list[dict]) -> str:
        several = len({r["condition"] for r in rows}) > 1
        return "; ".join(said(r, several) for r in rows)

    lines = [f"guards (a candidate breaking one is refused): {guards['sentence']}"]
    sets = [("the starting set", guards["start"])]
    if guards["best"] is not None:
        sets.append(("the recommended set", guards["best"]))
    for which, rows in sets:
        lines.append(
            f"on the search's games, {which} breaks them: {broken(rows)}"
            if rows
            else f"on the search's games, {which} keeps them"
        )
    which = "the recommended set" if facts["best"] else "the starting set"
    rows = guards["check"]
    lines.append(
        f"at the check on fresh deals, {which} breaks them: {broken(rows)}"
        if rows
        else f"at the check on fresh deals, {which} keeps them"
    )
    return lines


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
        if facts["status"] == BALANCED and best["distance"] == 0:
            lines.append(
                "every Idol inside the band at the search tier"
                + ("s and player counts" if several else "")
                + " after these changes"
            )
        elif facts["status"] == BALANCED:
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
    lines += _guard_lines(facts)
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
