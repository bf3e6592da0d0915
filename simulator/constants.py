"""Integer codes shared by the card compiler and the engine.

Every enum here is compiled into the card tables, so its values are part of a card set's
fingerprint: append new members, never renumber. This module imports nothing from the project,
so both `avarium.simulator.cards` and `avarium.simulator.engine` may depend on it.
"""

from enum import IntEnum

CLASS_LIMIT = 5  # Students a Class may hold after the End Phase (rulebook section 5)
HAND_LIMIT = 5  # Schemes a hand may hold after the End Phase (rulebook section 4)
COURTYARD_SIZE = 6  # Students face up in the Courtyard (rulebook section 3, step 4)
MAX_PLAYERS = 4
NONE = -1  # sentinel for "no value" in every integer table

# How a game ends, by the engine's code (layout.R_*: the position in this tuple) and as the
# dataset's `reason` column spells it.
REASON_NAMES = (
    "none",
    "wincon",  # the winner's Idol Win-Con was met
    "last standing",  # every other player was expelled at 0 Merit
    "school out",  # the School ran out; the winner had the most Merit
    "school out (tie)",  # the School ran out with a tie for most Merit, broken by turn order
    "stalled",  # a safety cap ended the game; nobody won
    "draw",  # every remaining player was expelled at once and the draw option is on
)
# The starting Reputation bonus of each seat by player count (ruling 1), unless a run says other.
DEFAULT_BONUSES = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
# The seat levers (ruling 25): rules options that change one seat's first turn, steps of
# another size than a whole point of starting Reputation. Each is the option's name, its
# rulebook reading and its lever reading.
SEAT_LEVERS = {
    "first_turn_draw": ("every seat", "not the first seat"),
    "first_turn_recruit": ("every seat", "not the first seat"),
    "last_seat_first_draw": ("one", "two"),
}
MAX_SEED = 2**63 - 1  # a seed reaches the engine as one signed 64-bit word
MAX_GAMES = 2**31  # games in a run: game ids are seeded as one 32-bit word; room to spare
MAX_TURNS = 300  # the safety cap: a longer game is recorded as stalled, never a win (ruling 14)
# The largest number a sweep or a balance search may give a card (or a seat's bonus): a card
# field's range is at most 0..99 and a number inside a Win-Con or an ability is taken up to this.
MAX_CARD_NUMBER = 10**6


class CardKind(IntEnum):
    IDOL = 0
    STUDENT = 1
    SCHEME = 2


class Club(IntEnum):
    """The 12 clubs of the rulebook (section 2), in the rulebook's order."""

    COUNCIL = 0
    SPORTS = 1
    CHEERLEADER = 2
    SCIENCES = 3
    ARTS = 4
    MUSICS = 5
    HOST = 6
    MARTIAL_ARTS = 7
    FAITHS = 8
    SENTAI = 9
    SPACE = 10
    NONE = 11


class Colour(IntEnum):
    """A Student's title-bar colour: blue Paragon, red Delinquent, yellow Neutral."""

    PARAGON = 0
    DELINQUENT = 1
    NEUTRAL = 2


class Gender(IntEnum):
    MALE = 0
    FEMALE = 1
    UNKNOWN = 2


class Level(IntEnum):
    """Idols are Basic (for newcomers) or Advanced (rulebook section 3, step 1)."""

    BASIC = 0
    ADVANCED = 1


class AbilityKind(IntEnum):
    TRIGGERED = 0  # "on join: ..." - fires when its event happens
    STATIC = 1  # "while in class: ..." - always considered while the card is in a Class
    ACTIVATED = 2  # "EXHAUST, 2 rep: ..." - a cost before the colon
    SCHEME = 3  # "play: ..." - what a Scheme or Surprise does when played


class Trigger(IntEnum):
    NONE = -1
    JOIN = 0  # this card joins a Class (every time, FAQ)
    RECRUIT = 1  # this card is recruited into a Hallway
    START_OF_TURN = 2  # the start of its controller's turn (after Start Phase step 4)
    END_OF_TURN = 3  # its controller's End Phase, after step 4
    EXPELLED = 4  # this card is expelled
    ATTACK = 5  # this card is assigned to an attacking party
    DEFEND = 6  # this card is assigned to a defending party
    FIGHT_DECLARED = 7  # any fight is declared while this card is in a Class
    SCHEME_PLAYED = 8  # its controller plays a Scheme


class Restriction(IntEnum):
    """Bits of an ability's restriction mask: when it may be activated or played."""

    YOUR_TURN = 1  # only during its controller's own turn
    ONCE_PER_TURN = 2  # at most once per turn for each copy of the card
    IN_FIGHT = 4  # only in a window of a fight (before the Fight! step)


class Op(IntEnum):
    """Effect opcodes: one engine kernel each."""

    GAIN = 0
    LOSE = 1
    STEAL = 2
    DRAW = 3
    TRASH = 4
    DAMAGE = 5
    EXHAUST = 6
    READY = 7
    EXPEL = 8
    MODIFY = 9
    RECRUIT = 10
    RETURN = 11
    TAKE = 12
    REMOVE_TOKEN = 13
    PREVENT = 14
    CANCEL = 15
    DISCOUNT = 16


class Resource(IntEnum):
    NONE = -1
    MERIT = 0
    REPUTATION = 1


class PlayerSel(IntEnum):
    """Which players an effect applies to; YOU is the rulebook's default (FAQ)."""

    YOU = 0
    TARGET_ENEMY = 1
    EACH_ENEMY = 2
    EACH_PLAYER = 3
    RANDOM_ENEMY = 4


class Quantifier(IntEnum):
    TARGET = 0  # the controller chooses one
    EACH = 1  # every matching card
    RANDOM = 2  # one matching card at random
    THIS = 3  # the card with the ability
    ALL = 4  # counting form, inside count(...)


class Side(IntEnum):
    ALLY = 0  # in its controller's Class
    ENEMY = 1  # in an enemy's Class
    ANY = 2  # in any Class
    COURTYARD = 3  # face up in the Courtyard
    EXPELLED = 4  # in the Expel Pile
    STACK = 5  # a Scheme being played (waiting on the effect stack)


class Kind(IntEnum):
    """What a selector picks."""

    STUDENT = 0
    IDOL = 1
    CHARACTER = 2  # an Idol or a Student
    SCHEME = 3


class Field(IntEnum):
    """What a selector filter tests."""

    CLUB = 0
    COLOUR = 1
    GENDER = 2
    COST = 3
    COMBAT = 4
    DEFENSE = 5
    READY = 6
    EXHAUSTED = 7
    ATTACKED = 8  # carries an Attack Token
    OTHER = 9  # not the card with the ability
    IN_FIGHT = 10  # a member of the current fight


class Cmp(IntEnum):
    EQ = 0
    NE = 1
    LT = 2
    LE = 3
    GT = 4
    GE = 5


class ValueKind(IntEnum):
    CONST = 0
    COUNT = 1  # number of cards a selector matches
    STAT = 2  # a player's statistic


class PlayerRef(IntEnum):
    YOUR = 0
    MAX_ENEMY = 1  # the highest value among enemies still in the game
    MIN_ENEMY = 2  # the lowest value among enemies still in the game


class Stat(IntEnum):
    MERIT = 0
    REPUTATION = 1
    HAND = 2  # Schemes in hand
    EXPELLED = 3  # enemy Students this player has expelled this game
    CLUBS = 4  # different clubs among the Idol and Students in this player's Class
    CLASS = 5  # Students in this player's Class
    RECRUITED = 6  # Students this player has recruited this game
    SCHEMES_PLAYED = 7  # Schemes this player has played this game


class Duration(IntEnum):
    NONE = -1
    END_OF_TURN = 0
    END_OF_FIGHT = 1
    PERMANENT = 2


class Destination(IntEnum):
    NONE = -1
    COURTYARD = 0
    SCHOOL_BOTTOM = 1
    YOUR_CLASS = 2


class WinTiming(IntEnum):
    NONE = -1
    INSTANT = 0  # checked after every resolved action and effect (FAQ: Touka)
    START_OF_TURN = 1  # checked in Start Phase step 1 (FAQ: Raj)


class Discounted(IntEnum):
    """What a cost reduction applies to."""

    RECRUIT = 0  # recruiting Students from the Courtyard
    SCHEME = 1  # playing Schemes with Reputation
