"""The tiers two compared runs have in common: what `compare` shows a row for, tier by tier.

A comparison of two tiered runs pooled over their tiers would give one number per Idol that is
neither the heuristic's nor the search bot's: a patch that helps an Idol at one level of play
and hurts it at another would show nothing. So when both runs are tiered, the differences are
per tier unless pooling is asked for (and then the page says so).
"""

from __future__ import annotations

from avarium.analysis.tiers.variants import tier_variants


def tier_names(experiment_a: dict, experiment_b: dict) -> dict[str, str] | None:
    """A's variant label -> the name its rows carry: the tier's bot (the whole label, its
    variant's and its tier's, when the run has several tiered variants), weakest first; a
    variant of A that is no tier keeps its label, so its games are never dropped. None unless
    both runs are tiered."""
    ta, tb = tier_variants(experiment_a), tier_variants(experiment_b)
    if not ta or not tb:
        return None
    several = len({t.group for t in ta}) > 1
    names = {t.label: (t.label if several else t.tier) for t in ta}
    tables = experiment_a.get("variant") or []
    for table in tables:
        label = str(table.get("label", "")) if isinstance(table, dict) else ""
        names.setdefault(label, label)
    return names


def pooled_sentence(names: dict[str, str]) -> str:
    """What a pooled comparison of tiered runs says it did, on the page and in the terminal."""
    tiers = ", ".join(dict.fromkeys(names.values()))
    return (
        f"Pooled on request (--pool-tiers): every tier's games ({tiers}) are counted together, "
        "one number per Idol and seat that mixes levels of play; without --pool-tiers each tier "
        "is compared on its own."
    )
