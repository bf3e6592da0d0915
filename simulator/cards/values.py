"""The words of values and changes: comparisons, a player's values and statistics, the
resources gain and lose move, Combat and Defense, how long a change lasts, where cards are
returned and what a reduction makes cheaper. Listed in registry.py with every other word."""

from __future__ import annotations

from avarium.simulator.cards.word import Word
from avarium.simulator.constants import (
    Cmp,
    Destination,
    Discounted,
    Duration,
    PlayerRef,
    Resource,
    Stat,
)

COMPARISONS = (
    Word("=", Cmp.EQ, "equal to", "at start of turn: count(ally students) = 5", aliases=("==",)),
    Word("!=", Cmp.NE, "not equal to", "instant: your rep != 0"),
    Word("<", Cmp.LT, "less than", "on start of turn if your merit < 10: gain 1 merit"),
    Word("<=", Cmp.LE, "at most", "on start of turn if your rep <= 2: gain 1 rep"),
    Word(">", Cmp.GT, "more than", "instant: your merit > max enemy merit"),
    Word(">=", Cmp.GE, "at least", "at start of turn: your merit >= 30"),
)

PLAYER_REFS = (
    Word("your", PlayerRef.YOUR, "the controlling player's", "instant: your rep >= 20"),
    Word(
        "max enemy",
        PlayerRef.MAX_ENEMY,
        "the highest among enemies still in the game",
        "instant: your merit > max enemy merit",
    ),
    Word(
        "min enemy",
        PlayerRef.MIN_ENEMY,
        "the lowest among enemies still in the game",
        "on start of turn if min enemy merit <= 5: gain 1 rep",
    ),
)

STATS = (
    Word("merit", Stat.MERIT, "Merit", "at start of turn: your merit >= 30"),
    Word("rep", Stat.REPUTATION, "Reputation", "instant: your rep >= 20", aliases=("reputation",)),
    Word("hand", Stat.HAND, "Schemes in hand", "on start of turn if your hand = 0: draw 1"),
    Word(
        "expelled",
        Stat.EXPELLED,
        "enemy Students this player has expelled this game",
        "instant: your expelled >= 6",
    ),
    Word(
        "clubs",
        Stat.CLUBS,
        "different clubs among the Idol and Students in this player's Class",
        "at start of turn: your clubs >= 5",
    ),
    Word("class", Stat.CLASS, "Students in this player's Class", "instant: your class >= 5"),
    Word(
        "recruited",
        Stat.RECRUITED,
        "Students this player has recruited this game",
        "at start of turn: your recruited >= 10",
    ),
    Word(
        "schemes played",
        Stat.SCHEMES_PLAYED,
        "Schemes this player has played this game",
        "instant: your schemes played >= 8",
    ),
)

RESOURCES = (
    Word("merit", Resource.MERIT, "Merit", "play: gain 2 merit"),
    Word("rep", Resource.REPUTATION, "Reputation", "play: gain 2 rep", aliases=("reputation",)),
)

COMBAT_STATS = (
    Word("combat", 0, "Combat", "EXHAUST: this gets +1 combat until end of turn"),
    Word(
        "defense",
        1,
        "Defense",
        "EXHAUST: this gets +1 defense until end of turn",
        aliases=("defence",),
    ),
)

DURATIONS = (
    Word(
        "until end of turn",
        Duration.END_OF_TURN,
        "ends in End Phase step 4",
        "play: target ally student gets +2 combat until end of turn",
    ),
    Word(
        "until end of fight",
        Duration.END_OF_FIGHT,
        "ends when the current fight's Clean Up is done (or at end of turn, if no fight)",
        "on attack: this gets +1 combat until end of fight",
    ),
    Word(
        "permanently",
        Duration.PERMANENT,
        "lasts while the card stays where it is",
        "on join: this gets +1 defense permanently",
    ),
)

DESTINATIONS = (
    Word(
        "to the courtyard",
        Destination.COURTYARD,
        "back into the Courtyard (the Courtyard may then hold more than 6)",
        "play: return target enemy student cost <= 2 to the courtyard",
    ),
    Word(
        "to the bottom of the school",
        Destination.SCHOOL_BOTTOM,
        "under the School deck",
        "play: return target courtyard student to the bottom of the school",
    ),
    Word(
        "to your class",
        Destination.YOUR_CLASS,
        "into the controller's Class, ready (from the Expel Pile)",
        "play: return target expelled student to your class",
    ),
)

DISCOUNTED = (
    Word(
        "recruit cost",
        Discounted.RECRUIT,
        "the Reputation paid to recruit",
        "while in class: reduce recruit cost by 1",
    ),
    Word(
        "scheme cost",
        Discounted.SCHEME,
        "the Reputation paid to play a Scheme",
        "play: reduce scheme cost by 2 until end of turn",
    ),
)
