"""The card fields B changed against A, read from both runs' card sets as each run recorded
them (its cards, --set overrides and patches, loaded again and believed only with the recorded
fingerprint: reports/pages.py): the comparison page's list and the table its terminal headline
reads back (`card_changes`)."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
from avarium.reports.html import Section, Table, esc
from avarium.simulator.cards.diff import card_changes
from avarium.simulator.cards.model import CardSet

COLUMNS = ["variant", "change", "card", "what", "field", "a", "b"]


def variant_labels(experiment: dict, variant: str | None) -> list[str]:
    """The labels of the experiment's variants (the one named, when one is), in order."""
    tables = experiment.get("variant")
    if not isinstance(tables, list):
        return []
    labels = [str(t.get("label", "")) for t in tables if isinstance(t, dict)]
    return [x for x in labels if variant is None or x == variant]


def _unread(name: str, experiment: dict) -> str:
    """Why a run's card fields cannot be listed."""
    tables = experiment.get("variant")
    recorded = isinstance(tables, list) and all(
        isinstance(t, dict) and "cards" in t and "card_set" in t for t in tables
    )
    if not recorded:
        return f"{name} does not record its cards: its card fields are not compared"
    return (
        f"{name}'s card set cannot be read again as it was played (a card file moved or "
        "changed since; its fingerprint differs): its card fields are not compared"
    )


def changed_cards(
    a: dict,
    b: dict,
    variant: str | None,
    load: Callable[[dict, str | None], list[CardSet] | None],
) -> tuple[pd.DataFrame, list[str]]:
    """Per pair of the experiments' variants (matched by place, as the comparison matches
    them), each card field that differs, one row each (`change` is the designer's line,
    `lourvarius_love.combat 3 -> 5`); `variant` is A's label, blank when every pair changed the
    same. `load` reads a run's card sets again as it played them, one per variant, or None
    (reports.pages). Also a note for each run whose card fields cannot be listed."""
    sets_a, sets_b = load(a, variant), load(b, variant)
    notes = [_unread(name, e) for name, e, sets in (("A", a, sets_a), ("B", b, sets_b)) if not sets]
    if not sets_a or not sets_b:
        return pd.DataFrame(columns=COLUMNS), notes
    per_pair = [
        [] if x.fingerprint == y.fingerprint else card_changes(x, y)
        for x, y in zip(sets_a, sets_b, strict=False)
    ]
    labels = variant_labels(a, variant)
    alike = all(changes == per_pair[0] for changes in per_pair)
    rows = [
        {
            "variant": "" if alike else label,
            "change": c.text(),
            "card": c.card,
            "what": c.what,
            "field": c.field,
            "a": c.a,
            "b": c.b,
        }
        for label, changes in zip(labels, per_pair[:1] if alike else per_pair, strict=False)
        for c in changes
    ]
    return pd.DataFrame(rows, columns=COLUMNS), notes


def _view(table: pd.DataFrame) -> pd.DataFrame:
    """The table as the page shows it: each side of a change named for its run, without the
    line the list above already gives, and without a variant column every row leaves blank."""
    view = table.drop(columns="change").rename(columns={"a": "in A", "b": "in B"})
    return view if (view["variant"] != "").any() else view.drop(columns="variant")


def changes_section(table: pd.DataFrame, notes: list[str] | tuple[str, ...]) -> Section:
    """What B changed in the cards, one line per field, before any number: a designer reads
    the change first and its effect after."""
    lines = [
        f"<li><code>{esc(row.change)}</code>"
        + (f" (variant {esc(row.variant)})" if row.variant else "")
        + "</li>"
        for row in table.itertuples()
    ]
    lines += [f'<li><span class="note">Note</span>: {esc(n)}</li>' for n in notes]
    if not lines:
        lines = ["<li>No card field differs: A and B played the same cards.</li>"]
    return Section(
        "cards-changed",
        "What B changed in the cards",
        [
            "<p>Every card field that differs between the card sets the two runs played "
            "(each loaded again from its cards, --set overrides and patches, and checked "
            "against the fingerprint the run recorded):</p>",
            f'<ul class="headline">{"".join(lines)}</ul>',
        ],
        tables=[Table("card_changes", table, "Card fields that differ, A to B", _view(table))],
    )
