"""The fields of each kind of card: names, types, ranges and meaning.

One table serves the loader (checks), the CSV exporter (columns) and the docs (field reference).
"""

from __future__ import annotations

from dataclasses import dataclass

from avarium.simulator.cards.registry import CLUB_NAMES
from avarium.simulator.constants import CardKind

ID_PATTERN = r"^[a-z][a-z0-9_]*$"
CLUB_CHOICES = tuple(CLUB_NAMES.values())
COLOUR_CHOICES = ("paragon", "delinquent", "neutral")
GENDER_CHOICES = ("male", "female", "unknown")
LEVEL_CHOICES = ("basic", "advanced")


@dataclass(frozen=True)
class FieldSpec:
    name: str
    type: str  # "id", "text", "int", "bool", "choice", "abilities", "wincon"
    doc: str
    required: bool = True
    default: object = None
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    longest: int = 0  # the most characters the text may have (0: no limit of its own)

    @property
    def expected(self) -> str:
        if self.longest:
            return {
                "id": "a snake_case id (lower-case letters, digits, underscores; starts with a "
                f"letter; at most {self.longest} characters)",
                "text": f"text of at most {self.longest} characters",
            }[self.type]
        if self.type == "int":
            return f"a whole number from {self.low} to {self.high}"
        if self.type == "choice":
            return "one of " + ", ".join(self.choices)
        return {
            "id": "a snake_case id (lower-case letters, digits, underscores; starts with a letter)",
            "text": "text",
            "bool": "true or false",
            "abilities": "a list of ability lines",
            "wincon": 'a Win-Con line such as "instant: your merit >= 30"',
        }[self.type]


# The longest id, name and title of the bundled set have 22, 28 and 34 characters. Limits are
# needed because every table, chart and terminal line of a report holds names: an Idol name of
# 1,000 characters made `report` take 2.5 GB of memory.
MAX_ID = 40
MAX_NAME = 60
_ID = FieldSpec(
    "id", "id", "unique snake_case identifier used by commands and results", longest=MAX_ID
)
_NAME = FieldSpec(
    "name",
    "text",
    "printed name (last name first for Idols, e.g. Kumara RAJ)",
    longest=MAX_NAME,
)
_TITLE = FieldSpec("title", "text", "printed title", longest=MAX_NAME)
_TEXT = FieldSpec("text", "text", "printed rules text, checked against the abilities", False, "")
_ABILITIES = FieldSpec("abilities", "abilities", "ability lines in the card language", False, ())
_CLUB = FieldSpec("club", "choice", "one of the 12 clubs", choices=CLUB_CHOICES)
_COPIES = FieldSpec("copies", "int", "physical copies in the set", False, 1, 1, 10)
_COMBAT = FieldSpec("combat", "int", "damage dealt in fights", low=0, high=20)

FIELDS: dict[CardKind, tuple[FieldSpec, ...]] = {
    CardKind.IDOL: (
        _ID,
        _NAME,
        _TITLE,
        _CLUB,
        FieldSpec("level", "choice", "Basic or Advanced Idol", choices=LEVEL_CHOICES),
        FieldSpec("reputation", "int", "Reputation gained each Start Phase", low=0, high=10),
        _COMBAT,
        FieldSpec("merit", "int", "starting Merit", low=1, high=99),
        FieldSpec("wincon", "wincon", "the Idol's Win-Con with its timing"),
        _TEXT,
        _ABILITIES,
    ),
    CardKind.STUDENT: (
        _ID,
        _NAME,
        _TITLE,
        FieldSpec("cost", "int", "Reputation to recruit", low=0, high=20),
        FieldSpec("colour", "choice", "title-bar colour", choices=COLOUR_CHOICES),
        FieldSpec("gender", "choice", "gender", choices=GENDER_CHOICES),
        _CLUB,
        _COMBAT,
        FieldSpec("defense", "int", "damage it takes to expel", low=1, high=20),
        _TEXT,
        _ABILITIES,
        _COPIES,
    ),
    CardKind.SCHEME: (
        _ID,
        _NAME,
        _TITLE,
        FieldSpec("cost", "int", "Reputation to play", low=0, high=20),
        FieldSpec("surprise", "bool", "a Surprise may be played at any time", False, False),
        FieldSpec("number", "text", "printed card number", False, ""),
        _TEXT,
        _ABILITIES,
        _COPIES,
    ),
}

#: The TOML array name of each kind: `[[idol]]`, `[[student]]`, `[[scheme]]`.
TABLE_NAMES = {CardKind.IDOL: "idol", CardKind.STUDENT: "student", CardKind.SCHEME: "scheme"}
KIND_BY_TABLE = {v: k for k, v in TABLE_NAMES.items()}

#: Every column a CSV export has, in the order a spreadsheet reads best.
CSV_COLUMNS: tuple[str, ...] = (
    "kind",
    "id",
    "name",
    "title",
    "cost",
    "club",
    "colour",
    "gender",
    "level",
    "reputation",
    "merit",
    "combat",
    "defense",
    "surprise",
    "number",
    "copies",
    "wincon",
    "text",
    "abilities",
)
assert set(CSV_COLUMNS) == {"kind"} | {f.name for k in FIELDS.values() for f in k}


def spec(kind: CardKind, name: str) -> FieldSpec | None:
    for f in FIELDS[kind]:
        if f.name == name:
            return f
    return None
