"""The rules options a game is played with: the rulebook's defaults, the alternative readings
of docs/rulings.md, the seat bonuses, the seat levers and the safety caps."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from avarium.simulator import arguments
from avarium.simulator.constants import DEFAULT_BONUSES, MAX_PLAYERS, MAX_TURNS, SEAT_LEVERS
from avarium.simulator.engine.layout import FIRST_EXTRA_DRAW, FIRST_NO_DRAW, FIRST_NO_RECRUIT
from avarium.simulator.engine.setup import config_array
from avarium.simulator.schema import INT16_MAX

# The largest safety cap: a game's turns are kept as 16-bit integers (the dataset's `turns`).
MAX_CAP = INT16_MAX


@dataclass(frozen=True)
class Rules:
    """Rules options: the rulebook's defaults, and the alternatives of docs/rulings.md."""

    bonuses: dict[int, tuple[int, ...]] = field(default_factory=lambda: dict(DEFAULT_BONUSES))
    max_turns: int = MAX_TURNS  # safety cap: a longer game is recorded as stalled (ruling 14)
    max_actions_per_turn: int = 500  # safety cap against ability loops (ruling 14)
    school_runs_out: str = "refill"  # ruling 3: "refill" or "last card"
    simultaneous_expulsion: str = "turn order"  # ruling 8: "turn order" or "draw"
    damage_split: str = "choose"  # ruling 7: "choose" or "auto"
    # seat levers: Start Phase step 4 on the first seat's first turn (draw or not), its Plan
    # Phase (recruit or not), and the Schemes the last seat draws on its first turn
    first_turn_draw: str = "every seat"  # or "not the first seat"
    first_turn_recruit: str = "every seat"  # or "not the first seat"
    last_seat_first_draw: str = "one"  # or "two"

    def __post_init__(self) -> None:
        # numpy integers are taken as ints, anything else is named (frozen: set as the
        # dataclass itself sets fields)
        for name in ("max_turns", "max_actions_per_turn"):
            object.__setattr__(self, name, arguments.whole(name, getattr(self, name), 1, MAX_CAP))
        given = arguments.mapping_of("bonuses", self.bonuses, "seat bonuses by player count")
        bonuses = {
            arguments.whole("bonuses (a player count)", n, 2, MAX_PLAYERS): tuple(
                arguments.whole_numbers(f"bonuses[{n}]", b, 0, INT16_MAX)
            )
            for n, b in given.items()
        }
        object.__setattr__(self, "bonuses", bonuses)
        choices = {
            "school_runs_out": ("refill", "last card"),
            "simultaneous_expulsion": ("turn order", "draw"),
            "damage_split": ("choose", "auto"),
            **SEAT_LEVERS,
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"rules option {name} must be one of {allowed}")
        if not (1 <= self.max_turns <= MAX_CAP and 1 <= self.max_actions_per_turn <= MAX_CAP):
            raise ValueError(f"the safety caps must be from 1 to {MAX_CAP:,}")

    def seat_bonus(self, players: int) -> tuple[int, ...]:
        bonus = tuple(self.bonuses.get(players, DEFAULT_BONUSES[players]))
        if len(bonus) != players:
            raise ValueError(f"{players} players need {players} seat bonuses, got {bonus}")
        return bonus

    def config(self) -> np.ndarray:
        return config_array(
            self.max_turns,
            self.max_actions_per_turn,
            int(self.school_runs_out == "last card"),
            int(self.simultaneous_expulsion == "draw"),
            int(self.damage_split == "auto"),
            self._first_seat_levers(),
            FIRST_EXTRA_DRAW if self.last_seat_first_draw == "two" else 0,
        )

    def _first_seat_levers(self) -> int:
        bits = FIRST_NO_DRAW if self.first_turn_draw == "not the first seat" else 0
        return bits | (FIRST_NO_RECRUIT if self.first_turn_recruit == "not the first seat" else 0)

    def levers(self) -> dict[str, str]:
        """The seat levers this game plays that the rulebook does not (empty: none)."""
        return {
            name: getattr(self, name)
            for name, (rulebook, _) in SEAT_LEVERS.items()
            if getattr(self, name) != rulebook
        }
