"""The one registry of the ability language: every word a card file may use.

The parser looks words up here, the validator suggests corrections from here, the compiler takes
the integer codes from here and `docs/card-language.md` is generated from here, so the language,
its checks and its documentation cannot drift apart.

The words are `Word`s (word.py); the verbs, the longest list, are in verbs.py and re-exported
here as `VERBS`. Adding a verb: see verbs.py.
"""

from __future__ import annotations

from avarium.simulator.cards.verbs import VERBS
from avarium.simulator.cards.word import Word, index_by_text
from avarium.simulator.constants import (
    Club,
    Cmp,
    Colour,
    Destination,
    Discounted,
    Duration,
    Field,
    Gender,
    Kind,
    PlayerRef,
    PlayerSel,
    Quantifier,
    Resource,
    Restriction,
    Side,
    Stat,
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

PLAYERS = (
    Word("you", PlayerSel.YOU, "the controlling player (the default)", "play: you gain 2 rep"),
    Word(
        "target enemy",
        PlayerSel.TARGET_ENEMY,
        "one enemy player, chosen by the controller",
        "play: target enemy loses 2 merit",
    ),
    Word(
        "each enemy",
        PlayerSel.EACH_ENEMY,
        "every enemy player still in the game",
        "play: each enemy trashes 1 scheme",
    ),
    Word(
        "each player",
        PlayerSel.EACH_PLAYER,
        "every player still in the game, you included",
        "play: each player draws 1",
    ),
    Word(
        "random enemy",
        PlayerSel.RANDOM_ENEMY,
        "one enemy player at random",
        "play: random enemy loses 1 rep",
    ),
)

QUANTIFIERS = (
    Word(
        "target",
        Quantifier.TARGET,
        "one card chosen by the controller",
        "play: exhaust target enemy student",
    ),
    Word("each", Quantifier.EACH, "every matching card", "play: ready each ally student"),
    Word(
        "random",
        Quantifier.RANDOM,
        "one matching card at random",
        "play: deal 1 damage to random enemy student",
    ),
    Word(
        "this",
        Quantifier.THIS,
        "the card that has the ability (not on Schemes)",
        "EXHAUST: this gets +1 defense until end of turn",
        aliases=("this card",),
    ),
)

SIDES = (
    Word("ally", Side.ALLY, "in the controller's Class", "play: ready target ally student"),
    Word("enemy", Side.ENEMY, "in an enemy's Class", "play: exhaust target enemy student"),
    Word(
        "any",
        Side.ANY,
        "in any Class (the default when no side is written)",
        "play: ready target any student",
    ),
    Word(
        "courtyard",
        Side.COURTYARD,
        "face up in the Courtyard (Students only)",
        "play: recruit target courtyard student for 2 less",
    ),
    Word(
        "expelled",
        Side.EXPELLED,
        "in the Expel Pile (Students only)",
        "play: return target expelled student to your class",
    ),
)

KINDS = (
    Word(
        "student",
        Kind.STUDENT,
        "a Student",
        "play: expel target enemy student cost <= 2",
        aliases=("students",),
    ),
    Word(
        "idol", Kind.IDOL, "an Idol", "play: deal 2 damage to target enemy idol", aliases=("idols",)
    ),
    Word(
        "character",
        Kind.CHARACTER,
        "an Idol or a Student",
        "play: ready each ally character",
        aliases=("characters",),
    ),
    Word(
        "scheme",
        Kind.SCHEME,
        "a Scheme being played (only with cancel)",
        "play: cancel target scheme",
        aliases=("schemes",),
    ),
)

#: Filters written `club=arts`, `cost <= 3`, or as a bare word (`ready`).
FILTERS = (
    Word("club", Field.CLUB, "the card's club", "play: ready each ally student club=arts"),
    Word(
        "colour",
        Field.COLOUR,
        "a Student's colour: paragon, delinquent or neutral",
        "play: exhaust each enemy student colour=delinquent",
        aliases=("color",),
    ),
    Word(
        "gender",
        Field.GENDER,
        "male, female or unknown",
        "play: each ally student gender=female gets +1 combat until end of turn",
    ),
    Word("cost", Field.COST, "the recruit cost", "play: expel target enemy student cost <= 2"),
    Word(
        "combat",
        Field.COMBAT,
        "the printed Combat",
        "play: exhaust each enemy student combat >= 3",
    ),
    Word(
        "defense",
        Field.DEFENSE,
        "the printed Defense",
        "play: deal 1 damage to each enemy student defense <= 1",
        aliases=("defence",),
    ),
    Word("ready", Field.READY, "upright", "play: exhaust target enemy student ready"),
    Word(
        "exhausted",
        Field.EXHAUSTED,
        "turned sideways",
        "play: expel target enemy student exhausted",
    ),
    Word(
        "attacked",
        Field.ATTACKED,
        "carrying an Attack Token",
        "1 rep: remove attack token from target ally student attacked",
    ),
    Word(
        "other",
        Field.OTHER,
        "not the card with the ability",
        "on join: ready each other ally student",
    ),
    Word(
        "in fight",
        Field.IN_FIGHT,
        "a member of the fight now going on",
        "play, in a fight: each ally character in fight gets +1 combat until end of fight",
    ),
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

CLUB_NAMES = {
    Club.COUNCIL: "Council",
    Club.SPORTS: "Sports",
    Club.CHEERLEADER: "Cheerleader",
    Club.SCIENCES: "Sciences",
    Club.ARTS: "Arts",
    Club.MUSICS: "Musics",
    Club.HOST: "Host",
    Club.MARTIAL_ARTS: "Martial Arts",
    Club.FAITHS: "Faiths",
    Club.SENTAI: "Sentai",
    Club.SPACE: "Space",
    Club.NONE: "None",
}


def club_word(club: Club) -> str:
    """The club as written in abilities: lower case, spaces as underscores."""
    return CLUB_NAMES[club].lower().replace(" ", "_")


CLUB_WORDS = {club_word(c): c for c in Club}
COLOUR_WORDS = {c.name.lower(): c for c in Colour}
GENDER_WORDS = {g.name.lower(): g for g in Gender}

TRIGGER_BY_TEXT = index_by_text(TRIGGERS)
RESTRICTION_BY_TEXT = index_by_text(RESTRICTIONS)
VERB_BY_TEXT = index_by_text(VERBS)
PLAYER_BY_TEXT = index_by_text(PLAYERS)
QUANTIFIER_BY_TEXT = index_by_text(QUANTIFIERS)
SIDE_BY_TEXT = index_by_text(SIDES)
KIND_BY_TEXT = index_by_text(KINDS)
FILTER_BY_TEXT = index_by_text(FILTERS)
COMPARISON_BY_TEXT = index_by_text(COMPARISONS)
PLAYER_REF_BY_TEXT = index_by_text(PLAYER_REFS)
STAT_BY_TEXT = index_by_text(STATS)
RESOURCE_BY_TEXT = index_by_text(RESOURCES)
COMBAT_STAT_BY_TEXT = index_by_text(COMBAT_STATS)
DURATION_BY_TEXT = index_by_text(DURATIONS)
DESTINATION_BY_TEXT = index_by_text(DESTINATIONS)
DISCOUNTED_BY_TEXT = index_by_text(DISCOUNTED)
WIN_TIMING_BY_TEXT = index_by_text(WIN_TIMINGS)

#: Verbs a player subject can take ("each enemy loses 2 merit").
PLAYER_VERBS = ("gain", "lose", "draw", "trash")

#: Every section of the language, for the generated reference and the completeness tests.
SECTIONS: tuple[tuple[str, str, tuple[Word, ...]], ...] = (
    ("Triggers", "`TRIGGER [if CONDITION]: EFFECTS`", TRIGGERS),
    (
        "Other headers",
        "`while in class: ...` and `play[, RESTRICTION]: ...`",
        (STATIC_HEADER, SCHEME_HEADER),
    ),
    ("Costs", "`COST, COST[, RESTRICTION]: EFFECTS` makes an activated ability", COSTS),
    ("Restrictions", "written among the costs, or after `play`", RESTRICTIONS),
    ("Verbs", "effects, joined by `;`, resolved in order", VERBS),
    ("Players", "who a player verb applies to; `you` when none is written", PLAYERS),
    ("Quantifiers", "how many cards a selector picks", QUANTIFIERS),
    ("Sides", "where the selected cards are", SIDES),
    ("Kinds", "what the selected cards are", KINDS),
    ("Filters", "narrow a selector: `club=arts`, `cost <= 3`, `ready`", FILTERS),
    ("Comparisons", "in conditions and number filters", COMPARISONS),
    ("Player values", "`PLAYER STAT` in amounts and conditions", PLAYER_REFS),
    ("Statistics", "what a player value measures", STATS),
    ("Resources", "what gain, lose and steal move", RESOURCES),
    ("Combat and Defense", "what `gets` changes", COMBAT_STATS),
    ("Durations", "how long a change lasts; always written out", DURATIONS),
    ("Destinations", "where `return` sends cards", DESTINATIONS),
    ("Cost reductions", "what `reduce` makes cheaper", DISCOUNTED),
    ("Win-Con timings", "the `wincon` field: `TIMING: CONDITION`", WIN_TIMINGS),
)
