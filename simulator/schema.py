"""The run dataset's columns: the one place they are written down (docs/data-schema.md).

The writer (run/tabulate.py, run/dataset.py), the reader (analysis/dataset.py), the synthetic
runs of the tests (analysis/synthetic/) and the column tables of docs/data-schema.md all come
from these two lists. Types are named in words ("int8", "name" for a dictionary-encoded string)
so that this module imports neither numpy nor pyarrow: every layer may read it.

Regenerate the column tables of the docs with `python -m avarium.simulator.schema`.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from avarium.simulator.constants import REASON_NAMES

NAME = "name"  # a dictionary-encoded string column: int32 indices into its list of names
INTEGERS = ("int8", "int16", "int32", "int64", "uint32")
# The largest number an "int16" column holds: what bounds a game's turns, Merit and Reputation.
INT16_MAX = 2**15 - 1


@dataclass(frozen=True)
class Column:
    name: str
    type: str  # NAME, "bool" or one of INTEGERS
    meaning: str
    analysed: bool = True  # read by the analyses (the others are for replays and your own use)
    # What a part file written before the column existed reads as (None: every file has it).
    missing: int | None = None

    @property
    def kind(self) -> str:
        """What a reader checks a file's column against: string, bool or integer."""
        return {"name": "string", "bool": "bool"}.get(self.type, "integer")

    @property
    def shown_type(self) -> str:
        return "dictionary string" if self.type == NAME else self.type


_REASONS = ", ".join(f"`{r}`" for r in REASON_NAMES[1:])

GAMES: tuple[Column, ...] = (
    Column("variant", NAME, "the variant label of the experiment (`main` when there is one)"),
    Column("game_id", "int64", "the game's index in the run, 0-based, unique across variants"),
    Column(
        "game_seed",
        "uint32",
        "the deal's seed: `SeedSequence(run seed, spawn_key=(k,))` for the variant's k-th game, "
        "so game k of every variant has the same deal",
    ),
    Column(
        "bot_seed",
        "uint32",
        "the bots' seed (the same SeedSequence's second word); seat p's bot draws from its own "
        "stream derived from it",
        analysed=False,
    ),
    Column("players", "int8", "number of players, 2-4"),
    Column("seat", "int8", "the seat, 0-based; seat 0 takes the first turn"),
    Column("turn_order", "int8", "seat + 1: 1 for the first player", analysed=False),
    Column("idol", NAME, "the seat's Idol (card id, for example `hatsurugi_touka`)"),
    Column("bot", NAME, "the seat's bot (canonical name, for example `heuristic.aggressive`)"),
    Column("bonus", "int8", "the seat's starting Reputation bonus"),
    Column("won", "bool", "this seat won the game"),
    Column(
        "placement",
        "int8",
        "final standing: 1 for the winner; players still in the game follow by Merit (ties by "
        "turn order), then the expelled ones, the last one expelled first; in a stalled game or "
        "a draw every player still in the game shares place 1 and `won` is false; players on "
        "equal standing share a place and the next place counts everyone above (1, 1, 3)",
    ),
    Column(
        "expelled_order",
        "int8",
        "0 if the seat was never expelled, else the order it was expelled in (1 = first; "
        "players expelled at the same moment share it)",
    ),
    Column("reason", NAME, f"how the game ended: {_REASONS} (the same on every row of a game)"),
    Column("turns", "int16", "turns played in the game"),
    Column(
        "rounds",
        "int16",
        "rounds started in the game (a round is every remaining player's turn once)",
    ),
    Column("merit", "int16", "the seat's final Merit", analysed=False),
    Column("reputation", "int16", "the seat's final Reputation", analysed=False),
    Column("recruited", "int16", "Students this seat recruited", analysed=False),
    Column("expelled", "int16", "enemy Students this seat expelled", analysed=False),
    Column("schemes_played", "int16", "Schemes this seat played", analysed=False),
    Column("fights", "int16", "fights this seat declared", analysed=False),
    Column(
        "decisions",
        "int32",
        "choices among two or more legal actions this seat made",
        analysed=False,
    ),
)

# The width, in turns, of the cards/ table's length bands: narrow enough that games within a
# band are alike in length (two heuristic players' games last 11 to 17 turns in the middle
# half, 3 to 49 in all), wide enough that a chunk's card counts stay a few times the rows they
# would be without bands (about 5 times, a file about twice the bytes, measured on 1,000 games).
TURNS_BAND = 5

CARDS: tuple[Column, ...] = (
    Column("variant", NAME, "as in `games/` (the key)"),
    Column("players", "int8", "as in `games/` (the key)"),
    Column("idol", NAME, "as in `games/` (the key)"),
    Column("seat", "int8", "as in `games/` (the key)"),
    Column("bot", NAME, "as in `games/` (the key)"),
    Column(
        "turns_band",
        "int16",
        f"the game's length (the key): its `turns` rounded down to a multiple of {TURNS_BAND} "
        f"(0 for 0-{TURNS_BAND - 1} turns, {TURNS_BAND} for {TURNS_BAND}-{2 * TURNS_BAND - 1}, "
        "...), so that card impact compares games of like length; -1 in runs written before "
        "it was recorded",
        missing=-1,
    ),
    Column("card", NAME, "a Student or Scheme (card id)"),
    Column("kind", NAME, "`student` or `scheme`"),
    Column(
        "offered",
        "int32",
        "games in which the seat saw this Student in the Courtyard on its own turn (could have "
        "recruited it), or drew this Scheme (it counts as offered when it was taken)",
    ),
    Column("offered_won", "int32", "of those, games the seat won"),
    Column(
        "taken",
        "int32",
        "games in which the seat recruited this Student, or played this Scheme",
    ),
    Column("taken_won", "int32", "of those, games the seat won"),
)

# Each seat's figures turn by turn, written when the experiment asks for them (`record_turns`):
# what the game-health metrics (analysis/game_health.py) read.
TURNS: tuple[Column, ...] = (
    Column("variant", NAME, "as in `games/`"),
    Column("game_id", "int64", "as in `games/` (join on it for the game's Idols, bots, winner)"),
    Column("turn", "int16", "the turn, 1 for the first: a row for each of the game's `turns`"),
    Column("seat", "int8", "as in `games/`"),
    Column(
        "merit",
        "int16",
        "the seat's Merit as the turn stood after its last step (the step that passes the turn "
        "counts on the next: its End Phase and the next Start Phase); 0 once expelled",
    ),
    Column("reputation", "int16", "the seat's Reputation, read as `merit` is"),
    Column(
        "wincon_progress",
        "int16",
        "the seat's progress towards its Idol's Win-Con in thousandths, read as `merit` is: the "
        "least of its clauses' (a clause met counts 1000, one asking for at least a number its "
        "share of it, `your merit >= 30` at 24 Merit 800, any other 0), so 1000 exactly when the "
        "Win-Con holds; 0 once expelled; -1 in runs written before it was recorded",
        missing=-1,
    ),
)

TABLES = {"games": GAMES, "cards": CARDS, "turns": TURNS}
CARD_KINDS = ("student", "scheme")


def types(table: tuple[Column, ...]) -> dict[str, str]:
    """Column name -> type, in table order."""
    return {c.name: c.type for c in table}


def missing(table: tuple[Column, ...]) -> dict[str, int]:
    """The columns older part files may lack -> the value such a file reads as."""
    return {c.name: c.missing for c in table if c.missing is not None}


def analysed(table: tuple[Column, ...]) -> dict[str, str]:
    """The columns the analyses read -> their kind (string, bool, integer), in table order."""
    return {c.name: c.kind for c in table if c.analysed}


# -- the docs ---------------------------------------------------------------------------------

BEGIN = "<!-- columns of {table}/: generated from simulator/schema.py -->"
END = "<!-- end of generated columns -->"


def markdown(table: tuple[Column, ...]) -> str:
    rows = ["| column | type | meaning |", "|---|---|---|"]
    rows += [f"| `{c.name}` | {c.shown_type} | {c.meaning} |" for c in table]
    return "\n".join(rows)


def with_tables(doc: str) -> str:
    """The text of docs/data-schema.md with each generated table replaced by the current one."""
    for name, table in TABLES.items():
        begin = BEGIN.format(table=name)
        pattern = re.compile(re.escape(begin) + r".*?" + re.escape(END), re.S)
        if not pattern.search(doc):
            raise ValueError(f"docs/data-schema.md has no {begin!r} ... {END!r} block")
        doc = pattern.sub(lambda _m, t=table, b=begin: f"{b}\n{markdown(t)}\n{END}", doc)
    return doc


if __name__ == "__main__":  # python -m avarium.simulator.schema [docs/data-schema.md]
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/data-schema.md")
    path.write_text(with_tables(path.read_text(encoding="utf-8")), encoding="utf-8")
