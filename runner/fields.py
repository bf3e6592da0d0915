"""How each field of an experiment or a run is spelled on the command line.

The library names fields in its errors ("jobs: expected ..."); the command line shows the flag
("--jobs: expected ...") through this one table. Kept free of heavy imports: every command
reads it at start-up.
"""

from __future__ import annotations

import re

from avarium.runner.field_table import FLAGGED

# How each field is spelled on the command line, for messages about flags: the experiment's
# fields as runner/field_table.py declares them, then the fields of the workflows' requests.
FLAGS = {f.name: f.flag for f in FLAGGED} | {
    "game": "--game",
    "games_per_point": "--games-per-point",
    "rounds": "--rounds",
    "lookahead_games": "--lookahead-games",
    "mcts_games": "--mcts-games",
}

# Fields of a run rather than of an experiment.
FLAGS |= {
    "jobs": "--jobs",
    "backend": "--backend",
    "scheduler": "--scheduler",
    "max_bonus": "--max-bonus",
    "max_points": "--max-points",
    "levers": "--lever",
}

# A field named inside a message is written in backticks ("raise the limit with `max_points`").
_NAMED = re.compile(r"`([a-z_]+)`")


def flagged(message: str, own: dict[str, str] | None = None) -> str:
    """A library message whose first word names a field, with the field shown as its flag, and
    every field it names in backticks shown as its flag too; `own` spells the fields a command
    names otherwise (balance names its tier `--tier`)."""
    flags = FLAGS | (own or {})
    head, colon, rest = message.partition(":")
    first, space, more = head.partition(" ")  # `vary "touka.combat"`: the field, then its value
    if colon and first in flags:
        message = f"{flags[first]}{space}{more}:{rest}"
    return _NAMED.sub(lambda m: flags.get(m.group(1), m.group(0)), message)
