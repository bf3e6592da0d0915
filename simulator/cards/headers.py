"""The words that start an ability: its trigger (or the header of a static ability or a
Scheme), the costs of an activated one and their restrictions, and the timings of a Win-Con.
Listed in registry.py with every other word of the language."""

from __future__ import annotations

from avarium.simulator.cards.word import Word
from avarium.simulator.constants import (
    Restriction,
    Trigger,
    WinTiming,
)

TRIGGERS = (
    Word(
        "on join",
        Trigger.JOIN,
        "this card joins a Class (every time it does, FAQ)",
        "on join: draw 1",
    ),
    Word(
        "on recruit",
        Trigger.RECRUIT,
        "this card is recruited from the Courtyard into a Hallway",
        "on recruit: gain 1 rep",
    ),
    Word(
        "on start of turn",
        Trigger.START_OF_TURN,
        "its controller's turn starts (after the four Start Phase steps)",
        "on start of turn if your rep <= 2: gain 1 rep",
    ),
    Word(
        "on end of turn",
        Trigger.END_OF_TURN,
        "its controller's turn ends (after End Phase step 4)",
        "on end of turn: gain 1 merit",
    ),
    Word(
        "on expelled",
        Trigger.EXPELLED,
        "this card is expelled",
        "on expelled: each enemy loses 1 merit",
    ),
    Word(
        "on attack",
        Trigger.ATTACK,
        "this card is in the attacking party when the parties are confirmed (leader, supporter or "
        "helper), before the last window of the fight",
        "on attack: this gets +1 combat until end of fight",
    ),
    Word(
        "on defend",
        Trigger.DEFEND,
        "this card is in the defending party when the parties are confirmed (leader, supporter or "
        "helper), before the last window of the fight",
        "on defend: this gets +2 defense until end of fight",
    ),
    Word(
        "on fight declared",
        Trigger.FIGHT_DECLARED,
        "any fight is declared while this card is in a Class",
        "on fight declared: gain 1 rep",
    ),
    Word(
        "on scheme played",
        Trigger.SCHEME_PLAYED,
        "its controller plays a Scheme",
        "on scheme played: gain 1 merit",
    ),
)

#: Headers that are not triggers. `code` is unused for these two.
STATIC_HEADER = Word(
    "while in class",
    0,
    "a static ability: applies as long as the card is in a Class; it takes no duration",
    "while in class: each ally student club=sports gets +1 combat",
)
SCHEME_HEADER = Word(
    "play",
    0,
    "what a Scheme or Surprise does when it resolves",
    "play: gain 3 rep",
)

COSTS = (
    Word(
        "EXHAUST",
        0,
        "exhaust this (ready) card; an Idol or Student only",
        "EXHAUST: gain 3 merit",
        shape="EXHAUST",
    ),
    Word("rep", 1, "pay N Reputation", "2 rep: draw 1", aliases=("reputation",), shape="N rep"),
    Word(
        "merit",
        2,
        "pay N Merit (only while Merit stays above 0)",
        "3 merit: gain 2 rep",
        shape="N merit",
    ),
    Word(
        "trash",
        3,
        "trash N Schemes from your hand",
        "trash 1 scheme: ready this",
        shape="trash N scheme(s)",
    ),
)

RESTRICTIONS = (
    Word(
        "your turn only",
        Restriction.YOUR_TURN,
        "may only be used during its controller's own turn",
        "EXHAUST, your turn only: gain 2 rep",
    ),
    Word(
        "once per turn",
        Restriction.ONCE_PER_TURN,
        "may be used at most once per turn (each copy)",
        "1 rep, once per turn: this gets +1 combat until end of turn",
    ),
    Word(
        "in a fight",
        Restriction.IN_FIGHT,
        "may only be used in a fight, before its Fight! step",
        "play, in a fight: target ally student gets +2 combat until end of fight",
    ),
)


WIN_TIMINGS = (
    Word(
        "instant",
        WinTiming.INSTANT,
        "met the moment the condition holds (checked after every action and effect)",
        "instant: count(ally students club=cheerleader) >= 3",
    ),
    Word(
        "at start of turn",
        WinTiming.START_OF_TURN,
        "checked in Start Phase step 1 of its player's turn",
        "at start of turn: count(ally students) >= 5",
    ),
)
