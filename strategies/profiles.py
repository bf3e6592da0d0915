"""Bot profiles: named weight sets read from a TOML file (strategies/profiles.toml by default).

Each profile must give every weight of strategies.weights.WEIGHTS a number; a missing, unknown
or non-numeric weight is reported with the file, the profile and the weight. The threat weights
came later and may be left out (they are then 0, which plays as before them), so a designer's
profiles file written before them still loads and plays the same games.

One setting is a word, not a number: `targeting`, whom the heuristic attacks (TARGETING below),
"fitted" when left out.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from pathlib import Path

import numpy as np
from avarium.simulator import tomlread
from avarium.strategies.weights import (
    ADDED_LATER,
    N_WEIGHTS,
    NAMES,
    W_HORIZON,
    W_PLAYOUTS,
    W_TARGETING,
)

BUNDLED = Path(__file__).with_name("profiles.toml")
# 0 when a profile leaves them out (the threat weights and the learned value came later)
OPTIONAL = ADDED_LATER
# The targeting rules by the word a profile gives, as the compiled bots read them
# (strategies/notes.py table_leader): "fitted" lets the fitted weights choose among every enemy,
# "leader" attacks only the enemy closest to winning.
TARGETING = {"fitted": 0.0, "leader": 1.0}


class ProfileError(ValueError):
    """A profile file that cannot be used; the message names the file, profile and weight."""


def _vector(path: Path, name: str, table: object) -> np.ndarray:
    if not isinstance(table, dict):
        raise ProfileError(f"{path}: profile [{name}] must be a table of weights")
    # how a trained generation was made (`avarium train`): read by people, not by the bot
    table = {k: v for k, v in table.items() if not (k == "provenance" and isinstance(v, dict))}
    unknown = sorted(set(table) - set(NAMES))
    if unknown:
        raise ProfileError(
            f"{path}: profile [{name}]: unknown weight {unknown[0]!r} (expected one of: "
            f"{', '.join(NAMES)})"
        )
    out = np.zeros(N_WEIGHTS, np.float64)
    for i, weight in enumerate(NAMES):
        if weight not in table and weight in OPTIONAL:
            continue
        if weight not in table:
            raise ProfileError(f"{path}: profile [{name}]: weight {weight!r} is missing")
        value = table[weight]
        if i == W_TARGETING:
            if not isinstance(value, str) or value not in TARGETING:
                words = " or ".join(f'"{word}"' for word in TARGETING)
                raise ProfileError(
                    f"{path}: profile [{name}]: {weight!r} must be {words}, got {value!r}"
                )
            out[i] = TARGETING[value]
            continue
        # TOML reads nan and inf as floats; a weight of either plays a different game silently
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise ProfileError(
                f"{path}: profile [{name}]: weight {weight!r} must be a number, got {value!r}"
            )
        out[i] = float(value)
    for i in (W_PLAYOUTS, W_HORIZON):
        if out[i] < 0 or out[i] != int(out[i]):
            raise ProfileError(
                f"{path}: profile [{name}]: {NAMES[i]!r} must be a whole number >= 0"
            )
    return out


def setting_text(name: str, value: float) -> str | None:
    """A setting written as a word in a profile (`targeting = "leader"`), as TOML; None for a
    weight, which is written as its number."""
    if name != NAMES[W_TARGETING]:
        return None
    word = next(word for word, code in TARGETING.items() if code == value)
    return f'"{word}"'


@cache
def load(path: Path | None = None) -> dict[str, np.ndarray]:
    """Every profile of a file, as weight vectors (read-only arrays)."""
    path = Path(path) if path is not None else BUNDLED
    try:
        data = tomlread.loads(path.read_text(encoding="utf-8-sig"))
    except OSError as exc:
        raise ProfileError(f"{path}: cannot read the profiles ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"{path}: not valid TOML ({exc})") from None
    if not data:
        raise ProfileError(f"{path}: no profile in the file")
    profiles = {name: _vector(path, name, table) for name, table in data.items()}
    for vector in profiles.values():
        vector.flags.writeable = False
    return profiles
