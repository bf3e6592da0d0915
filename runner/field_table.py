"""The experiment's fields, each declared once: its name, type, default, help and the commands
that take it.

One row per field drives every place a field shows: the experiment file's reader (which fields
a file may hold, at which level, and the defaults it fills in: runner/experiment_file.py), the
flags of the commands that take it (their type, name, metavar and help: avarium/cli/fields.py),
`avarium.Experiment`'s keywords and their defaults (avarium/facade.py), what a comparison names
when two runs differ (reports/comparison_headline.py) and the table of docs/commands.md
(`python -m avarium.runner.field_table --write`). A command that takes a flag of the same name
with another meaning on purpose (`check --players 2,3,4`: several counts) is listed under the
field's `own`, with the reason; tests/test_one_source_for_each_contract.py checks every command
against the table.

Kept free of heavy imports: every command reads it at start-up.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from avarium.runner.tiers import DEFAULT_TIERS
from avarium.simulator.cards import bundled

BUNDLED = "bundled"  # the `cards` and `profiles` value naming what ships with the toolkit
DEFAULT_GAMES = 10_000
# Games per chunk file. 20,000 games is a few seconds of play per task (task overhead is noise),
# a few MB per worker, and under 64 bytes per Parquet row; smaller runs get smaller chunks (down
# to runner/experiment.py's MIN_CHUNK) so that two workers share the work and the bar moves.
DEFAULT_CHUNK = 20_000

RUN, VARIANT = "run", "variant"  # a field of the whole run (top level only), or of a variant

# The commands that read cards take the card set, its overrides and its patches alike.
READS_CARDS = (
    "simulate", "tune-bonus", "sweep", "balance", "ladder", "head-to-head", "check", "bench",
    "play", "scenario", "tune-bot", "train", "cards validate", "cards show", "cards describe",
    "cards export",
)  # fmt: skip
# The commands that play bots named by a profile take the profiles file.
READS_PROFILES = (
    "simulate", "tune-bonus", "sweep", "balance", "ladder", "head-to-head", "play", "tune-bot",
    "train",
)  # fmt: skip
# The commands that deal games take the seed.
DEALS = (
    "simulate", "tune-bonus", "sweep", "balance", "ladder", "head-to-head", "check", "bench",
    "play", "scenario", "tune-bot", "train", "compare",
)  # fmt: skip


@dataclass(frozen=True)
class Field:
    """One experiment field. `default` is what the reader fills in when the field is left out
    (None: worked out from other fields, or nothing), `shown` the default as help and docs say
    it. `cli` is the flag's Python type (None: no flag, a field a run writes or a file holds);
    `notes` what a command's help adds to the field's own; `own` the commands that take a flag
    of this name with another meaning, and why. `python` is avarium.Experiment's annotation of
    the keyword ("": not a keyword) and `python_default` its default (None: the file's)."""

    name: str
    scope: str
    help: str
    default: object = None
    shown: str = ""
    cli: type | None = None
    flag: str = ""
    aliases: tuple[str, ...] = ()
    metavar: str = ""
    commands: tuple[str, ...] = ()
    notes: dict[str, str] = field(default_factory=dict, compare=False)
    own: dict[str, str] = field(default_factory=dict, compare=False)
    python: str = ""
    python_default: object = None
    compared: bool = False  # named when a comparison says what two runs differ in
    beside_config: bool = False  # `simulate` takes the flag beside --config, for every variant

    @property
    def names(self) -> tuple[str, ...]:
        """The flag's names on the command line: a switch is turned off again with --no-."""
        if self.cli is bool:
            return (f"{self.flag}/--no-{self.flag.removeprefix('--')}",)
        return (self.flag, *self.aliases)

    def help_for(self, command: str) -> str:
        """The flag's help in `command`: what the field is, its default, what the command adds."""
        text = self.help + (f" (default: {self.shown})" if self.shown else "")
        note = self.notes.get(command)
        return text + (f"; {note}" if note else "") + "."


# fmt: off
FIELDS = (
    Field(
        "seed", RUN, "Seed of the games: the same seed plays the same games",
        default=0, shown="0", cli=int, flag="--seed", metavar="N", commands=DEALS,
        python="int", python_default=0, beside_config=True,
    ),
    Field(
        "chunk_size", RUN, "Games per part file",
        shown=f"up to {DEFAULT_CHUNK:,}", cli=int, flag="--chunk-size", metavar="N",
        commands=("simulate",), python="int | None", beside_config=True,
    ),
    Field(
        "record_turns", RUN,
        "Also write turns/: each seat's Merit and Reputation turn by turn, for the game-health "
        "metrics; see docs/data-schema.md",
        default=False, shown="off", cli=bool, flag="--record-turns", commands=("simulate",),
        python="bool", python_default=False, beside_config=True,
    ),
    Field(
        "label", VARIANT, "Variant label",
        default="main", shown='"main"', cli=str, flag="--label", metavar="TEXT",
        commands=("simulate",), python="str | None",
    ),
    Field(
        "players", VARIANT, "Players per game, 2 to 4",
        default=2, shown="2", cli=int, flag="--players", metavar="N",
        commands=("simulate", "tune-bonus", "sweep", "tune-bot", "head-to-head"),
        notes={
            "tune-bot": "at 3 or 4 the candidate plays each seat in turn against the incumbent "
            "in every other (a fair share is 1/N)",
            "head-to-head": "NEW plays each seat in turn, OLD every other (a fair share is 1/N)",
        },
        own={
            "balance": "a comma list, every count searched at once",
            "check": "several counts, the games split across them",
            "train": "several counts, each trained",
        },
        python="int", python_default=2,
    ),
    Field(
        "idols", VARIANT, 'Idol pool: "all" or names, e.g. touka,raj,kitty',
        default="all", shown='"all"', cli=str, flag="--idols", metavar="POOL",
        commands=("simulate",), own={"play": "one Idol per seat, in seat order"},
        python="str | Sequence[str] | None",
    ),
    Field(
        "seating", VARIANT,
        '"all": every ordered seating of the pool in turn; "balanced": a balanced random draw '
        "of Idols and seats",
        shown='"all" for 2 players, "balanced" for 3-4', cli=str, flag="--seating",
        metavar="all|balanced", commands=("simulate",), python="str | None",
    ),
    Field(
        "mirrors", VARIANT, "Let two seats share an Idol",
        default=False, shown="off", cli=bool, flag="--mirrors", commands=("simulate",),
    ),
    Field(
        "games", VARIANT, "Games in total",
        default=DEFAULT_GAMES, shown=f"{DEFAULT_GAMES:,}", cli=int, flag="--games", metavar="N",
        commands=("simulate",),
        own={
            "check": "split across its player counts",
            "bench": "the games timed, a count of its own",
        },
        python="int | None", beside_config=True,
    ),
    Field(
        "games_per_pairing", VARIANT, 'Games per seating instead (with seating "all")',
        cli=int, flag="--games-per-pairing", metavar="N", commands=("simulate",),
        python="int | None", beside_config=True,
    ),
    Field(
        "cards", VARIANT,
        "Card set: a card file or folder, or a bundled set by name: " + ", ".join(bundled.SETS),
        default=BUNDLED, shown=bundled.DEFAULT, cli=Path, flag="--cards", metavar="PATH|NAME",
        commands=READS_CARDS, python="CardSet | str | Path | None", compared=True,
    ),
    # Written by a run beside `cards`, read back from its experiment.toml, never a flag.
    Field(
        "card_set", VARIANT, "The card set's fingerprint; the set loaded must have it",
        compared=True,
    ),
    Field(
        "sets", VARIANT,
        "Override a card field, e.g. kumara_raj.merit=18, or one number in a Win-Con or an "
        "ability as balance names it, e.g. coral.wincon.clubs=3 (repeatable)",
        default=(), cli=list[str], flag="--set", metavar="CARD.FIELD=VALUE",
        commands=(*(c for c in READS_CARDS if c != "sweep"), "compare"),
        own={"sweep": "the card field swept, FROM..TO"},
        python="Sequence[str]", python_default=(), compared=True,
    ),
    Field(
        "patches", VARIANT, "Apply a TOML patch file (repeatable)",
        default=(), cli=list[Path], flag="--patch", metavar="FILE",
        commands=(*READS_CARDS, "compare"), python="Sequence[str | Path]", python_default=(),
        compared=True,
    ),
    Field(
        "bonus", VARIANT, "Starting Reputation per seat, e.g. 0,2",
        shown="the rulebook's", cli=str, flag="--bonus", metavar="N,N[,N...]",
        commands=("simulate", "play"), python="Sequence[int] | None", compared=True,
    ),
    Field(
        "rules", VARIANT,
        'Rules option, e.g. max_turns=200, or a seat lever: "first_turn_draw=not the first '
        'seat", "first_turn_recruit=not the first seat", last_seat_first_draw=two; repeatable, '
        "see docs/rulings.md",
        shown="the rulebook's", cli=list[str], flag="--rule", metavar="NAME=VALUE",
        commands=("simulate",), python="Mapping[str, object] | None", compared=True,
    ),
    Field(
        "tiers", VARIANT,
        "Skill tiers played on the same deals, weakest first, each BOT, BOT=GAMES or BOT=P% of "
        "the games; see docs/simulate.md",
        default=DEFAULT_TIERS, shown=",".join(DEFAULT_TIERS), cli=str, flag="--tiers",
        metavar="TIERS", commands=("simulate", "tune-bonus", "sweep"),
        notes={
            "tune-bonus": "the recommendation is given per tier and for every tier at once",
            "sweep": "each Idol's win rate at every value is given per tier",
        },
        python="str | Sequence[str | Mapping[str, object]] | None",
    ),
    Field(
        "bots", VARIANT,
        "Bot for every seat, or one per seat comma-separated, instead of tiers (e.g. random, "
        "heuristic, mcts/40; --strategy is the same flag)",
        cli=str, flag="--bots", aliases=("--strategy",), metavar="BOTS",
        commands=("simulate", "tune-bonus", "sweep"),
        own={
            "play": "one game needs bots, not tiers: the heuristic unless told",
            "ladder": "the bots ranked against each other",
        },
        python="str | Sequence[str] | None", compared=True,
    ),
    Field(
        "profiles", VARIANT, "Bot weight profiles",
        default=BUNDLED, shown="strategies/profiles.toml", cli=Path, flag="--profiles",
        metavar="FILE", commands=READS_PROFILES, python="str | Path | None",
    ),
    # What a run writes into its experiment.toml, so that a resumed run is the same experiment:
    # read back from a file, never a flag.
    Field("version", RUN, "The toolkit's version that resolved the experiment"),
    Field("bot_weights", VARIANT, "The fingerprint of the seats' bot weights; they must match"),
    Field("tier", VARIANT, "The skill tier a variant plays, written by simulate"),
)
# fmt: on
BY_NAME = {f.name: f for f in FIELDS}
RUN_FIELDS = (*(f.name for f in FIELDS if f.scope == RUN), "variant")
VARIANT_FIELDS = tuple(f.name for f in FIELDS if f.scope == VARIANT)
FLAGGED = tuple(f for f in FIELDS if f.flag)


def given(name: str, value: object) -> object:
    """A flag's value, or its field's default when it was not given (None)."""
    return BY_NAME[name].default if value is None else value


# -- the table of docs/commands.md ----------------------------------------------------------------

START, END = "<!-- experiment-fields:start -->", "<!-- experiment-fields:end -->"
DOC = Path("docs") / "commands.md"  # from the repository's root, as `cards docs` writes its page


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown() -> str:
    """The table of every field with a flag: its flag, its field in a file and in Python, what
    it means, its default and the commands that take it."""
    lines = [
        "| flag | experiment file | `avarium.Experiment` | meaning | default | taken by |",
        "|---|---|---|---|---|---|",
    ]
    for f in FLAGGED:
        flag = " / ".join(f"`{x}`" for x in f.names)
        if f.metavar:
            flag = flag.replace(f"`{f.flag}`", f"`{f.flag} {_cell(f.metavar)}`", 1)  # the first
        where = "top level" if f.scope == RUN else "top level or `[[variant]]`"
        taken = ", ".join(f.commands)
        if f.own:
            taken += "; its own meaning in " + ", ".join(
                f"{c} ({reason})" for c, reason in f.own.items()
            )
        python = f"`{f.name}=`" if f.python else "no"
        cells = (flag, f"`{f.name}` ({where})", python, _cell(f.help), _cell(f.shown), taken)
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def with_table(text: str) -> str:
    """`text` with what stands between the markers replaced by the generated table."""
    head, start, rest = text.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise ValueError(f"{DOC}: expected the markers {START} and {END}")
    return f"{head}{START}\n{markdown()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    """`python -m avarium.runner.field_table [--write]`: print the table, or write it into
    docs/commands.md between its markers (run from the repository's root)."""
    if argv not in ([], ["--write"]):
        print("usage: python -m avarium.runner.field_table [--write]", file=sys.stderr)
        return 2
    if not argv:
        print(markdown())
        return 0
    try:
        DOC.write_text(with_table(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    except (OSError, ValueError) as exc:
        print(f"error: {DOC}: {exc.strerror}" if isinstance(exc, OSError) else f"error: {exc}",
              file=sys.stderr)  # fmt: skip
        return 1
    print(f"wrote the experiment fields' table into {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
