"""A loaded card set: the cards as designers wrote them, their parsed abilities and tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from avarium.simulator.cards.ast import Ability, WinCon
from avarium.simulator.cards.compiler import CardTable, compile_cards, fingerprint
from avarium.simulator.cards.errors import Problem
from avarium.simulator.cards.registry import CLUB_NAMES
from avarium.simulator.constants import CardKind, Club, Colour, Gender, Level


@dataclass(frozen=True)
class Card:
    id: str
    kind: CardKind
    name: str
    title: str
    text: str = ""
    club: Club | None = None  # Idols and Students
    level: Level | None = None  # Idols
    colour: Colour | None = None  # Students
    gender: Gender | None = None  # Students
    cost: int = 0  # Students and Schemes
    combat: int = 0  # Idols and Students
    defense: int = 0  # Students
    merit: int = 0  # Idols
    reputation: int = 0  # Idols
    surprise: bool = False  # Schemes
    number: str = ""  # Schemes
    copies: int = 1
    abilities: tuple[str, ...] = ()
    wincon: str = ""
    parsed: tuple[Ability, ...] = ()
    parsed_wincon: WinCon | None = None
    source: str = ""  # file the card came from

    @property
    def kind_name(self) -> str:
        return self.kind.name.lower()

    @property
    def club_name(self) -> str:
        return "" if self.club is None else CLUB_NAMES[self.club]

    def record(self) -> dict[str, object]:
        """The card as a designer writes it (field name to value), as in a TOML table."""
        from avarium.simulator.cards.schema import FIELDS

        out: dict[str, object] = {}
        for spec in FIELDS[self.kind]:
            value = getattr(self, spec.name)
            if spec.type == "choice":
                value = CLUB_NAMES[value] if spec.name == "club" else value.name.lower()
            elif spec.type == "abilities":
                value = list(value)
            out[spec.name] = value
        return out


@dataclass
class CardSet:
    """Every card of a set in file order (Idols, then Students, then Schemes) plus its tables.

    The position of a card in `cards` is its definition index in the compiled `table`.
    """

    cards: list[Card]
    warnings: list[Problem] = field(default_factory=list)
    source: str = ""
    # How it was loaded, so that an experiment can load the same set in its workers: the path
    # (None: the bundled set), then the `card.field=value` overrides and the patch files.
    path: str | None = None
    sets: tuple[str, ...] = ()
    patches: tuple[str, ...] = ()

    @cached_property
    def table(self) -> CardTable:
        return compile_cards(self.cards)

    @cached_property
    def fingerprint(self) -> str:
        return fingerprint(self.table, [c.id for c in self.cards])

    @cached_property
    def index(self) -> dict[str, int]:
        return {c.id: i for i, c in enumerate(self.cards)}

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[self.index[card_id]]

    def of_kind(self, kind: CardKind) -> list[Card]:
        return [c for c in self.cards if c.kind == kind]

    @property
    def idols(self) -> list[Card]:
        return self.of_kind(CardKind.IDOL)

    @property
    def students(self) -> list[Card]:
        return self.of_kind(CardKind.STUDENT)

    @property
    def schemes(self) -> list[Card]:
        return self.of_kind(CardKind.SCHEME)

    def count(self, kind: CardKind) -> int:
        """Physical cards of a kind, copies included."""
        return sum(c.copies for c in self.of_kind(kind))

    def find(self, query: str, kind: CardKind | None = None) -> Card:
        """A card by id or by any unambiguous part of its name (`raj`, `TOUKA`)."""
        from avarium.simulator.cards.names import resolve

        return self[resolve(self.cards, query, kind)]
