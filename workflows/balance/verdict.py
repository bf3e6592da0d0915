"""The three verdicts of a balance search, and which one a search's result earns."""

from __future__ import annotations

from avarium.analysis import balance as objective_module

NO_CHANGE, BALANCED, CANNOT = "no change needed", "balanced", "cannot within the allowed ranges"


def status(result, objective, guards=None) -> str:
    """No change needed when the start is not shown outside the band (before any search, or,
    with always_search, when no candidate beat it); balanced when the best candidate is not
    shown outside either (the same flag test, on the final's fresh games, or at the top rung
    without a final); else cannot. An estimate a fraction of a point out on a few hundred
    games is noise, not a verdict. A set that breaks a guard (guards.py) is never balanced, nor
    needs no change."""
    if result.settled:
        return NO_CHANGE
    best = result.best
    judged = best.final if best.final is not None else best.counts
    found = objective_module.outside(judged, objective)
    shown = found["idols"] or found["seats"] or (guards and guards.breaches(judged))
    if best is result.start:  # nothing beat it: as good as it was, on both the search's games
        at_top = objective_module.outside(result.start.counts, objective)
        broken = guards and guards.breaches(result.start.counts)
        return CANNOT if shown or at_top["idols"] or at_top["seats"] or broken else NO_CHANGE
    return CANNOT if shown else BALANCED
