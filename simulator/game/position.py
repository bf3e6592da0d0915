"""Reading a game's position: the seats, the cards and where they are, a card's Combat and
Defense now, and the fight on, by the names a designer uses (Game's reading side)."""

from __future__ import annotations

import numpy as np
from avarium.simulator.cards.model import CardSet
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.effective import combat_of, defense_of

# The zones by the words a designer uses (the engine's names, and the scenario's).
ZONE_WORDS = {name: z for z, name in enumerate(L.ZONE_NAMES)} | {
    "expelled": L.Z_EXPEL,
    "trash pile": L.Z_TRASH,
}


class Position:
    """What a game's state says, read by names; a Game is one (simulator/game/api.py)."""

    state: np.ndarray
    tables: np.ndarray
    cards: CardSet

    @property
    def players(self) -> int:
        return int(self.state[L.G_PLAYERS])

    @property
    def n_cards(self) -> int:
        return int(self.state[L.G_N_CARDS])

    @property
    def decision(self) -> str:
        return L.DECISION_NAMES[int(self.state[L.G_DEC])]

    @property
    def active(self) -> int:
        return int(self.state[L.G_ACTIVE])

    @property
    def turn(self) -> int:
        return int(self.state[L.G_TURN])

    def _card(self, c: int, column: int) -> int:
        return int(self.state[L.ROW_CARD + c, column])

    def _seat(self, p: int, column: int) -> int:
        return int(self.state[L.ROW_SEAT + p, column])

    def merit(self, p: int) -> int:
        return self._seat(p, L.P_MERIT)

    def rep(self, p: int) -> int:
        return self._seat(p, L.P_REP)

    def alive(self, p: int) -> bool:
        return bool(self._seat(p, L.P_ALIVE))

    def seat_stat(self, p: int, column: int) -> int:
        return self._seat(p, column)

    def definition(self, c: int):
        return self.cards.cards[self._card(c, L.C_DEF)]

    def card_name(self, c: int) -> str:
        """A card instance's name; copies after the first are numbered ("Bench Warmer #2")."""
        d = self._card(c, L.C_DEF)
        copy = sum(1 for x in range(c) if self._card(x, L.C_DEF) == d)
        name = self.cards.cards[d].name
        return name if copy == 0 else f"{name} #{copy + 1}"

    def idol_name(self, p: int) -> str:
        return self.card_name(self._seat(p, L.P_IDOL))

    def zone(self, c: int) -> str:
        return L.ZONE_NAMES[self._card(c, L.C_ZONE)]

    def owner(self, c: int) -> int:
        return self._card(c, L.C_OWNER)

    def exhausted(self, c: int) -> bool:
        return bool(self._card(c, L.C_EXHAUSTED))

    def attack_token(self, c: int) -> bool:
        return bool(self._card(c, L.C_TOKEN))

    def cards_in(self, zone: str, p: int | None = None) -> list[int]:
        """Card instances in a zone ("class", "hand", "hallway", "courtyard", ...), of seat p."""
        z = L.ZONE_NAMES.index(zone)
        return [
            c
            for c in range(self.n_cards)
            if self._card(c, L.C_ZONE) == z and (p is None or self._card(c, L.C_OWNER) == p)
        ]

    def names_in(self, zone: str, p: int | None = None) -> list[str]:
        return [self.card_name(c) for c in self.cards_in(zone, p)]

    def find(self, query: str, zone: str | None = None, p: int | None = None) -> int:
        """The instance of the card `query` names (id or name part), optionally in a zone."""
        d = self.cards.index[self.cards.find(query).id]
        for c in range(self.n_cards):
            if self._card(c, L.C_DEF) != d:
                continue
            if zone is not None and self.zone(c) != zone:
                continue
            if p is not None and self.owner(c) != p:
                continue
            return c
        where = f" in {zone}" if zone else ""
        raise LookupError(f"no {self.cards.cards[d].name}{where}")

    def contents(self, zone: str, seat: int | None = None) -> list[str]:
        """The names of the cards in a zone: a seat's "class", "hand" or "hallway" (every seat's
        if `seat` is None), "courtyard", "school", "library", "expelled" (or "expel pile"),
        "trash", "stack". The School and the Library read from the top; the rest in card
        order."""
        z = ZONE_WORDS.get(zone.strip().lower())
        if z is None:
            raise ValueError(f'no zone "{zone}"; zones: {", ".join(ZONE_WORDS)}')
        if z == L.Z_SCHOOL:
            return [
                self.card_name(c)
                for c in self._deck(L.C_SCHOOL, L.G_SCHOOL_HEAD, L.G_SCHOOL_N, L.G_SCHOOL_CAP)
            ]
        if z == L.Z_LIBRARY:
            return [
                self.card_name(c)
                for c in self._deck(L.C_LIBRARY, L.G_LIB_HEAD, L.G_LIB_N, L.G_LIB_CAP)
            ]
        return self.names_in(L.ZONE_NAMES[z], seat)

    def _deck(self, column: int, head: tuple, size: tuple, cap: tuple) -> list[int]:
        """A deck's cards top first, read from its ring buffer in the card rows."""
        first, n, m = (int(self.state[g]) for g in (head, size, cap))
        return [int(self.state[L.ROW_CARD + (first + i) % m, column]) for i in range(n)]

    def _instance(self, card: int | str) -> int:
        """A card instance, or the one a name means: in a Class if one is, else the first."""
        if not isinstance(card, str):
            return int(card)
        try:
            return self.find(card, "class")
        except LookupError:
            return self.find(card)

    def combat(self, card: int | str) -> int:
        """A card's Combat now: printed, plus every change in force (until end of turn, until
        end of fight, lasting, statics of any Class); never below 0."""
        return int(combat_of(self.state, self.tables, self._instance(card)))

    def defense(self, card: int | str) -> int:
        """A Student's Defense now, with every change in force; never below 1."""
        return int(defense_of(self.state, self.tables, self._instance(card)))

    @property
    def in_fight(self) -> bool:
        return bool(self.state[L.G_FIGHT])

    def fight_members(self) -> dict[str, list[str]]:
        """The current fight's members by side, each side's leader first, then its supporters
        and helpers in card order: {"attackers": [...], "defenders": [...]} (both empty when no
        fight is on)."""
        out: dict[str, list[str]] = {"attackers": [], "defenders": []}
        if not self.in_fight:
            return out
        members = [int(self.state[L.ROW_MEMBERS, k]) for k in range(int(self.state[L.G_F_N]))]
        sides = (
            ("attackers", L.ROLE_ATTACK, L.G_F_ATT_LEADER),
            ("defenders", L.ROLE_DEFEND, L.G_F_DEF_LEADER),
        )
        for side, role, leader_field in sides:
            leader = int(self.state[leader_field])
            # a member that left its Class lost its role: the list keeps it until the fight ends
            party = [c for c in members if self._card(c, L.C_ROLE) == role]
            party.sort(key=lambda c: c != leader)
            out[side] = [self.card_name(c) for c in party]
        return out
