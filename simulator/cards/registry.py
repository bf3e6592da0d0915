"""The one registry of the ability language: every word a card file may use.

The parser looks words up here, the validator suggests corrections from here, the compiler takes
the integer codes from here and `docs/card-language.md` is generated from here, so the language,
its checks and its documentation cannot drift apart.

The words are `Word`s (word.py), listed by what they do: the headers of an ability
(headers.py), the verbs (verbs.py; adding a verb: see there), what an effect picks
(selectors.py) and values and changes (values.py). Each list is offered here too, with the
index of its words by text, the clubs and the sections of the reference.
"""

from __future__ import annotations

from avarium.simulator.cards.headers import (
    COSTS,
    RESTRICTIONS,
    SCHEME_HEADER,
    STATIC_HEADER,
    TRIGGERS,
    WIN_TIMINGS,
)
from avarium.simulator.cards.selectors import FILTERS, KINDS, PLAYERS, QUANTIFIERS, SIDES
from avarium.simulator.cards.values import (
    COMBAT_STATS,
    COMPARISONS,
    DESTINATIONS,
    DISCOUNTED,
    DURATIONS,
    PLAYER_REFS,
    RESOURCES,
    STATS,
)
from avarium.simulator.cards.verbs import VERBS
from avarium.simulator.cards.word import Word, index_by_text
from avarium.simulator.constants import Club, Colour, Gender

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

#: What the registry offers: every list of words, and what is built from them here.
__all__ = [
    "CLUB_NAMES",
    "CLUB_WORDS",
    "COLOUR_WORDS",
    "COMBAT_STATS",
    "COMBAT_STAT_BY_TEXT",
    "COMPARISONS",
    "COMPARISON_BY_TEXT",
    "COSTS",
    "DESTINATIONS",
    "DESTINATION_BY_TEXT",
    "DISCOUNTED",
    "DISCOUNTED_BY_TEXT",
    "DURATIONS",
    "DURATION_BY_TEXT",
    "FILTERS",
    "FILTER_BY_TEXT",
    "GENDER_WORDS",
    "KINDS",
    "KIND_BY_TEXT",
    "PLAYERS",
    "PLAYER_BY_TEXT",
    "PLAYER_REFS",
    "PLAYER_REF_BY_TEXT",
    "PLAYER_VERBS",
    "QUANTIFIERS",
    "QUANTIFIER_BY_TEXT",
    "RESOURCES",
    "RESOURCE_BY_TEXT",
    "RESTRICTIONS",
    "RESTRICTION_BY_TEXT",
    "SCHEME_HEADER",
    "SECTIONS",
    "SIDES",
    "SIDE_BY_TEXT",
    "STATIC_HEADER",
    "STATS",
    "STAT_BY_TEXT",
    "TRIGGERS",
    "TRIGGER_BY_TEXT",
    "VERBS",
    "VERB_BY_TEXT",
    "WIN_TIMINGS",
    "WIN_TIMING_BY_TEXT",
    "club_word",
]
