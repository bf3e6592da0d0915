"""The parsed form of an ability: small frozen dataclasses, compared by value.

The parser builds these, the validator checks them against the card they sit on, the compiler
turns them into integer tables and the describer turns them back into text.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field

from avarium.simulator.constants import (
    AbilityKind,
    Cmp,
    Destination,
    Discounted,
    Duration,
    Field,
    Kind,
    Op,
    PlayerRef,
    PlayerSel,
    Quantifier,
    Resource,
    Side,
    Stat,
    Trigger,
    WinTiming,
)


@dataclass(frozen=True)
class Filter:
    """`club=arts` (field, EQ, club code), `cost <= 3`, or a bare flag such as `ready`."""

    field: Field
    cmp: Cmp = Cmp.EQ
    value: int = 1


@dataclass(frozen=True)
class Cards:
    """A card selector: `target enemy student cost <= 2`, `this`, or `ally students` in count()."""

    quantifier: Quantifier
    side: Side = Side.ANY
    kind: Kind = Kind.CHARACTER
    filters: tuple[Filter, ...] = ()
    plural: bool = dc_field(default=False, compare=False)  # as written; not part of the meaning


@dataclass(frozen=True)
class Value:
    """A number: a constant, `count(CARDS)`, or a player statistic such as `your merit`."""

    kind: int  # ValueKind
    constant: int = 0
    cards: Cards | None = None
    player: PlayerRef = PlayerRef.YOUR
    stat: Stat = Stat.MERIT


@dataclass(frozen=True)
class Comparison:
    left: Value
    cmp: Cmp
    right: Value


@dataclass(frozen=True)
class Condition:
    """Comparisons joined by `and`; true when all of them hold."""

    clauses: tuple[Comparison, ...]


@dataclass(frozen=True)
class Effect:
    """One effect of an ability body (effects are joined by `;`).

    Only the fields a verb uses are set; the rest keep their defaults.
    """

    op: Op
    player: PlayerSel = PlayerSel.YOU
    amount: Value | None = None
    resource: Resource = Resource.NONE
    cards: Cards | None = None
    combat: int = 0  # change to Combat for `gets`
    defense: int = 0  # change to Defense for `gets`
    duration: Duration = Duration.NONE
    destination: Destination = Destination.NONE
    discounted: Discounted = Discounted.RECRUIT
    free: bool = False  # `recruit ... for free`
    discount: int = 0  # `recruit ... for N less`, `reduce ... by N`
    column: int = dc_field(default=0, compare=False)  # where it starts in the line, for messages
    # The stats a `gets` named (0 Combat, 1 Defense), so that its text says "+0 combat" as
    # written; the same change whatever was named, so not compared.
    stats: tuple[int, ...] = dc_field(default=(), compare=False)


@dataclass(frozen=True)
class Ability:
    kind: AbilityKind
    effects: tuple[Effect, ...]
    trigger: Trigger = Trigger.NONE
    condition: Condition | None = None
    exhaust: bool = False  # EXHAUST cost
    rep: int = 0  # Reputation cost
    merit: int = 0  # Merit cost
    trash: int = 0  # Schemes to trash as a cost
    restrictions: int = 0  # Restriction bits
    has_cost_on_trigger: bool = False  # kept so the validator can say why it is wrong


@dataclass(frozen=True)
class WinCon:
    timing: WinTiming
    condition: Condition


__all__ = [
    "Ability",
    "AbilityKind",
    "Cards",
    "Comparison",
    "Condition",
    "Effect",
    "Filter",
    "Value",
    "WinCon",
]
