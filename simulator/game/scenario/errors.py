"""What a scenario that cannot be built raises, and the checks every part of one shares."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from numbers import Integral

from avarium.simulator.schema import INT16_MAX

# The largest Merit, Reputation or change of Combat or Defense a scenario may set. The engine
# keeps them in 64-bit words, but a game's Merit and Reputation go into the dataset as 16-bit
# integers (simulator/schema.py), so no game holds more; and the engine's sums stay far from
# overflowing (a number past 64 bits was an OverflowError traceback).
MAX_NUMBER = INT16_MAX


class ScenarioError(ValueError):
    """A scenario that cannot be built; the message says which part and why.

    `part` names the part of the position at fault ("p0", "courtyard", "settings", ...) and
    `line` its line in the text (1 = the first line), when the scenario was given as text."""

    def __init__(self, message: str, part: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.part = part
        self.line = line


@contextmanager
def part(name: str) -> Iterator[None]:
    """Errors raised inside name the part of the position being built."""
    try:
        yield
    except ScenarioError as exc:
        exc.part = exc.part or name
        raise


def whole(what: str, value: object, low: int, high: int, why: str = "") -> int:
    """`value` if it is a whole number from low to high; a ScenarioError naming `what` (the
    part of a line the number came from) and the range otherwise."""
    # numbers.Integral: numpy's integers too, as a Python caller may pass them
    if isinstance(value, bool) or not isinstance(value, Integral) or not low <= value <= high:
        raise ScenarioError(
            f"{what} {value}: expected a whole number from {low:,} to {high:,}{why}"
        )
    return int(value)
