"""What a balance search may change: its axes (card numbers and seat bonuses), each with the
values it may take and its value in the starting set, read from `--vary` flags or a TOML file.

    --vary touka.combat=2..5 --vary coral.wincon.clubs=4..6 --vary bonus.2=0..3

or, in a file given with `--vary-file`::

    [vary]
    "touka.combat" = "2..5"
    "coral.wincon.clubs" = [4, 5, 6]
    "bonus.2" = "0..3"          # the second seat's starting Reputation

A card number is named as simulator/cards/numbers.py says; `bonus.K` is seat K's starting
bonus (seats counted from 1; seat 1 always starts with 0). Errors are ValueErrors that name the
flag or file, the card and field, and what was expected.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from avarium.runner.variants import parse_sweep
from avarium.simulator import tomlread
from avarium.simulator.cards.model import CardSet
from avarium.simulator.cards.numbers import CardNumber, NumberError, find_number
from avarium.simulator.safetext import whole_number

# Candidates a search may have to tell apart: beyond this the ranges are a typo more likely
# than a wish (10 fields of 10 values are 10^10 candidates: a search still copes).
MAX_CANDIDATES = 10**12


@dataclass(frozen=True)
class Axis:
    """One thing the search may change."""

    name: str  # canonical: `hatsurugi_touka.combat`, `syeira_coral.wincon.1`, `bonus.2`
    values: tuple[int, ...]
    start: int  # its value in the starting set (not necessarily one of `values`)
    number: CardNumber | None = None  # None for a seat bonus
    seat: int | None = None  # a bonus's seat, from 0

    @property
    def step(self) -> int:
        """One step of this axis: its range's step (1 for a list)."""
        gaps = {b - a for a, b in zip(self.values, self.values[1:], strict=False)}
        return min(gaps) if len(gaps) == 1 else 1

    def steps(self, value: int) -> float:
        """How many steps `value` is from the starting value."""
        return abs(value - self.start) / self.step


@dataclass(frozen=True)
class Space:
    axes: tuple[Axis, ...]

    @property
    def start(self) -> tuple[int, ...]:
        return tuple(a.start for a in self.axes)

    def changes(self, values: Sequence[int]) -> list[tuple[Axis, int]]:
        """The axes whose value differs from the start, with the new value."""
        return [(a, int(v)) for a, v in zip(self.axes, values, strict=True) if v != a.start]

    def label(self, values: Sequence[int]) -> str:
        """`hatsurugi_touka.combat=3 bonus.2=1`, or `start` for the starting set."""
        return " ".join(f"{a.name}={v}" for a, v in self.changes(values)) or "start"

    def card_changes(self, values: Sequence[int]) -> list[tuple[CardNumber, int]]:
        return [(a.number, v) for a, v in self.changes(values) if a.number is not None]

    def unreached(self, pool: Sequence[str], idols: set[str]) -> tuple[int, ...]:
        """The places in `pool` (Idol ids) of the Idols the search cannot aim at: none of their
        numbers may change, while every number that may change is an Idol's (or a seat's
        bonus). A Student's or Scheme's number reaches every Idol that plays it, so with one
        of those varied no Idol is out of reach."""
        cards = {a.number.card for a in self.axes if a.number is not None}
        if not cards <= idols:
            return ()
        return tuple(i for i, idol in enumerate(pool) if idol not in cards)

    def bonus(self, values: Sequence[int], start: tuple[int, ...]) -> tuple[int, ...]:
        out = list(start)
        for a, v in zip(self.axes, values, strict=True):
            if a.seat is not None:
                out[a.seat] = int(v)
        return tuple(out)

    @property
    def size(self) -> int:
        n = 1
        for a in self.axes:
            n *= len(a.values)
        return n


def _values(spec: object, where: str, name: str) -> Sequence[int]:
    """A file's range: "2..5", "2..8..2", or a list of whole numbers."""
    if isinstance(spec, str):
        return parse_sweep(f"{name}={spec}", where)[1]
    if isinstance(spec, list) and len(spec) >= 2 and all(type(v) is int for v in spec):
        return spec
    raise ValueError(
        f'{where} "{name}": expected a range such as "2..5" or a list of at least two whole '
        f"numbers, got {spec!r}"
    )


def read_vary_file(path: Path) -> list[tuple[str, Sequence[int], str]]:
    """A vary file's entries as (target, values, where); ValueError naming the file."""
    where = f"vary_file {path}"
    try:
        doc = tomlread.loads(path.read_text(encoding="utf-8-sig"))
    except OSError as exc:
        raise ValueError(f"{where}: cannot read it ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{where}: not valid TOML ({exc})") from None
    vary = doc.get("vary")
    extra = sorted(set(doc) - {"vary"})
    if not isinstance(vary, dict) or not vary or extra:
        raise ValueError(
            f'{where}: expected one [vary] table of "CARD.FIELD" = "FROM..TO" entries'
            + (f" (found {', '.join(extra)})" if extra else "")
        )
    return [(str(k), _values(v, where, str(k)), where) for k, v in vary.items()]


def _bonus_axis(target: str, values: Sequence[int], where: str, start: tuple[int, ...]) -> Axis:
    from avarium.runner.experiment import MAX_BONUS

    players = len(start)
    seat = target.split(".")[1] if target.count(".") == 1 else ""
    if not seat.isdigit() or not 2 <= (whole_number(seat) or 0) <= players:
        raise ValueError(
            f'{where} "{target}": expected bonus.K with K a seat from 2 to {players} (seat 1 '
            "always starts with 0)"
        )
    if min(values) < 0 or max(values) > MAX_BONUS:
        raise ValueError(f'{where} "{target}": expected bonuses from 0 to {MAX_BONUS}')
    k = int(seat) - 1
    return Axis(f"bonus.{k + 1}", tuple(values), start[k], seat=k)


def _card_axis(target: str, values: Sequence[int], where: str, cards: CardSet) -> Axis:
    try:
        number = find_number(cards, target)
    except NumberError as exc:
        raise ValueError(f'{where} "{target}": {exc}') from None
    if min(values) < number.low or max(values) > number.high:
        raise ValueError(
            f'{where} "{target}": {number.name} takes values from {number.low} to '
            f"{number.high}; got {min(values)}..{max(values)}"
        )
    return Axis(number.name, tuple(int(v) for v in values), number.value, number)


def build_space(
    flags: Sequence[str],
    vary_file: Path | None,
    cards: CardSet,
    start_bonus: tuple[int, ...],
) -> Space:
    """The search's axes from `--vary` flags and a vary file, checked against the starting set:
    every card and field exists, every range is within what the card language accepts, no
    field is named twice."""
    entries = [(*parse_sweep(text, "vary"), "vary") for text in flags]
    if vary_file is not None:
        entries += read_vary_file(vary_file)
    if not entries:
        raise ValueError(
            'vary: name at least one field the search may change, e.g. `vary` "touka.combat=2..5" '
            "(or give `vary_file`)"
        )
    axes: list[Axis] = []
    for target, values, where in entries:
        # counted once each (a range never repeats: it is never listed here)
        counts = Counter(values) if isinstance(values, list) else {}
        repeated = sorted(v for v, n in counts.items() if n > 1)
        if repeated:  # a candidate is a set of values: the same one twice is a typo
            shown = ", ".join(str(v) for v in repeated)
            raise ValueError(
                f'{where} "{target}": the value {shown} is listed twice; give each once'
            )
        if target.strip().lower().startswith("bonus"):
            axis = _bonus_axis(target.strip().lower(), values, where, start_bonus)
        else:
            axis = _card_axis(target, values, where, cards)
        if any(a.name == axis.name for a in axes):
            raise ValueError(f'{where} "{target}": {axis.name} is named twice; give it once')
        axes.append(axis)
    space = Space(tuple(axes))
    if space.size > MAX_CANDIDATES:
        raise ValueError(f"vary: {space.size:,} candidates is more than {MAX_CANDIDATES:,}")
    return space
