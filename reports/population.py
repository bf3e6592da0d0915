"""Whose games a chart or table shows: its population, named in its title and its footer.

A run can hold several tiers (levels of play) and several card sets (version 1, version 2, the
points of a sweep). A chart that pools them, or shows one of them, must say which: pasted into a
playtest review it keeps only its title and its footer. A population is the variants whose games
a figure plots, with what a reader needs to trust it: the games it holds, the card set by name
and fingerprint, each patch and --set by what it changed (`lourvarius_love.combat 3 -> 5`), the
bots, the run's seed and the day the games were played.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from avarium.runner.tiers import split_label
from avarium.simulator.cards.diff import card_changes

_NAMED = 4  # a pool of more variants names the first few and the last


@dataclass(frozen=True)
class Population:
    """The games one chart or table of a report shows."""

    variants: tuple[str, ...]  # the variant labels whose games it holds
    games: int
    pooled: bool  # True: several variants (tiers or card sets) counted together
    card_sets: tuple[str, ...] = ()  # "prototype-v2 (8aa6daa1584b46aa)"
    changes: tuple[str, ...] = ()  # "lourvarius_love.combat 3 -> 5"
    rules: tuple[str, ...] = ()  # "bonus 0,3", "first_turn_draw=not the first seat (after)"
    bots: tuple[str, ...] = ()
    seed: str = ""
    date: str = ""
    title: str = ""  # what the figure plots, when not one variant or a pool of them
    tier: str = ""  # the one skill tier it shows, if any
    group: str = ""  # the one card set (a tiered run's variant label) it shows, if any

    @property
    def marks(self) -> dict[str, str]:
        """What the page's pickers know it by (reports/explore.py): its tier and card set."""
        cards = "" if self.group in ("", "main") else self.group
        return {k: v for k, v in (("tier", self.tier), ("cards", cards)) if v}

    @property
    def name(self) -> str:
        """What the figure plots, as its title says it: a variant's label, or what it pools."""
        if self.title:
            return self.title
        if self.unnamed:
            return "every game"
        if self.pooled:
            return f"pooled over {len(self.variants)} variants ({self._listed()})"
        return self.variants[0] if self.variants else "no games"

    def _listed(self, labels: tuple[str, ...] | None = None) -> str:
        """Its variants by label (or `labels`), the first few and the last of many."""
        shown = list(self.variants if labels is None else labels)
        if len(shown) > _NAMED:
            shown = [*shown[: _NAMED - 1], "...", shown[-1]]
        return ", ".join(shown)

    def side_by_side(self) -> Population:
        """The same games for a figure that shows each variant apart (the Variants section's
        rates per variant): titled so, since nothing in it is pooled, and by what it compares:
        the points, and the one tier they are all shown at (`3 variants side by side
        (kumara_raj.merit=16, ..., kumara_raj.merit=18) at mcts/20`)."""
        if not self.pooled:
            return self
        points, tiers = zip(*(split_label(v) for v in self.variants), strict=True)
        title = f"{len(self.variants)} variants side by side"
        if len(set(tiers)) == 1 and tiers[0]:
            title += f" ({self._listed(points)}) at {tiers[0]}"
        else:
            title += f" ({self._listed()})"
        return replace(self, title=title, pooled=False)

    @property
    def unnamed(self) -> bool:
        """A run's one variant, which has no label of its own (`main`, as runner/ names it)."""
        return len(self.variants) == 1 and self.variants[0] in ("", "main")

    @property
    def heading(self) -> str:
        """The line above a chart: the population and the games it plots."""
        if not self.title and self.unnamed:
            return f"all {self.games:,} games"
        return f"{self.name} · {self.games:,} games"

    @property
    def slug(self) -> str:
        """The population in a file name or a section id: `version 2 · mcts/20` ->
        `version-2-mcts-20`."""
        return re.sub(r"[^a-z0-9]+", "-", " ".join(self.variants).lower()).strip("-") or "all"

    @property
    def cards(self) -> str:
        """Its card sets by name and fingerprint, or that the run did not record them."""
        return ", ".join(self.card_sets) or "card set not recorded"

    def footer(self, run: str) -> str:
        """The line under a chart or a table: run, population, card set, changes, bots, games,
        seed, date."""
        changed = f" · changed: {', '.join(self.changes)}" if self.changes else ""
        changed += f" · rules: {', '.join(self.rules)}" if self.rules else ""
        return (
            f"Avarium Balance Lab · {run} · {self.name} · card set {self.cards}{changed} · bots: "
            f"{', '.join(self.bots) or 'not recorded'} · {self.games:,} games · seed "
            f"{self.seed or 'not recorded'} · played {self.date}"
        )


def population(
    experiment: dict,
    games,
    variants: list[str],
    date: str,
    fingerprints: dict[str, list[str]] | None = None,
    title: str = "",
    tier: str = "",
    group: str = "",
) -> Population:
    """The population of the `games` frame (a run's rows, already narrowed to `variants`);
    `fingerprints` are the card sets each variant's chunks record (analysis.dataset.Provenance),
    for a run whose experiment does not name its card set. `tier` and `group` name the one tier
    and card set it shows, when it shows one."""
    tables = [
        t
        for t in experiment.get("variant") or []
        if isinstance(t, dict) and str(t.get("label", "")) in variants
    ]
    sets: list[str] = []
    changes: list[str] = []
    for table in tables:
        sets.append(card_set_name(table))
        changes += table_changes(table)
    if not any(t.get("cards") or t.get("card_set") for t in tables):
        sets = [f for v in variants for f in (fingerprints or {}).get(v, [])]
    return Population(
        variants=tuple(variants),
        games=int((games["seat"] == 0).sum()) if len(games) else 0,
        pooled=len(variants) > 1 and not title,
        card_sets=tuple(dict.fromkeys(sets)),
        changes=tuple(dict.fromkeys(changes)),
        rules=tuple(rules_played(tables)),
        bots=tuple(sorted(str(b) for b in games["bot"].unique())) if len(games) else (),
        seed=str(experiment.get("seed", "")),
        date=date,
        title=title,
        tier=tier,
        group=group,
    )


def rules_played(tables: list[dict]) -> list[str]:
    """What the variants play off the rulebook (rule_changes), each once; one that only some
    of them play names those (by their own label, without the tier), so a footer over the
    starting and the recommended set says which moved the bonus."""
    found: dict[str, list[str]] = {}
    for table in tables:
        own = split_label(str(table.get("label", "")))[0]
        for rule in rule_changes(table):
            found.setdefault(rule, [])
            if own not in found[rule]:
                found[rule].append(own)
    everyone = list(dict.fromkeys(split_label(str(t.get("label", "")))[0] for t in tables))
    said = [
        rule if owners == everyone else f"{rule} ({', '.join(owners)})"
        for rule, owners in found.items()
    ]
    # A pool of many bonus points (tune-bonus) names the first few and the last, as its title.
    return [*said[: _NAMED - 1], "...", said[-1]] if len(said) > _NAMED else said


def rule_changes(table: dict) -> list[str]:
    """A variant's seat bonus and rules options where they differ from the rulebook's (`bonus
    0,3`, `first_turn_draw=not the first seat`, as --bonus and --rule take them): a footer that
    named only its card changes would hide a change of the rules the games were played by."""
    from avarium.simulator.constants import DEFAULT_BONUSES

    out = []
    bonus, players = table.get("bonus"), table.get("players")
    # One player count records a list; a run of several (or a synthetic one) a table by count.
    if isinstance(bonus, list) and isinstance(players, int):
        bonus = {players: bonus}
    for count, seats in bonus.items() if isinstance(bonus, dict) else ():
        if tuple(seats) != DEFAULT_BONUSES.get(int(count)):
            several = isinstance(table.get("bonus"), dict) and len(bonus) > 1
            out.append(
                f"bonus {','.join(map(str, seats))}" + (f" ({count} players)" if several else "")
            )
    rules = table.get("rules")
    for name, value in sorted(rules.items()) if isinstance(rules, dict) else ():
        if value != rulebook_default(name):
            out.append(f"{name}={value}")
    return out


def rulebook_default(name: str):
    """A rules option's rulebook default (None for a name the rules do not have)."""
    return getattr(_rulebook(), name, None)


@cache
def _rulebook():
    """The rulebook's Rules, built once: loaded only when a variant records its rules, since the
    game's rules import the engine's layout (not while the command line registers commands)."""
    from avarium.simulator.game.rules import Rules

    return Rules()


def card_set_name(table: dict) -> str:
    """A variant's card set as a designer names it, with the fingerprint the run recorded."""
    cards = str(table.get("cards") or "not recorded")
    fingerprint = table.get("card_set")
    return f"{cards} ({fingerprint})" if fingerprint else cards


def table_changes(table: dict) -> list[str]:
    """What a variant's patches and --set overrides changed in its card set, field by field
    (`lourvarius_love.combat 3 -> 5`); each patch file named instead when the set cannot be
    loaded again (a file moved since the run)."""
    sets = tuple(str(s) for s in table.get("sets") or ())
    patches = tuple(str(p) for p in table.get("patches") or ())
    if not sets and not patches:
        return []
    cards = table.get("cards")
    found = changes_made(None if cards in (None, "bundled") else str(cards), sets, patches)
    if found is None:
        return [*sets, *(f"patch {p} (cannot be read again)" for p in patches)]
    return found


@cache
def changes_made(cards: str | None, sets: tuple, patches: tuple) -> list[str] | None:
    """Each card field the overrides and patches change, `card.field before -> after`; None
    when either set cannot be loaded."""
    from avarium.simulator.cards.errors import CardSetError
    from avarium.simulator.cards.loader import load_cards

    try:
        before, after = load_cards(cards), load_cards(cards, list(sets), list(patches))
    except (CardSetError, OSError):
        return None
    return [change.text() for change in card_changes(before, after)]
