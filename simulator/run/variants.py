"""The variants of a sweep or a bonus tuning, written as an experiment document.

Every point becomes one variant of an ordinary experiment (run.experiment.resolve reads it), so
the points share their deals game for game. Errors are ValueErrors that name the flag or field.
"""

from __future__ import annotations

import itertools
import re


def bonus_vectors(players: int, max_bonus: int) -> list[tuple[int, ...]]:
    """Starting bonuses to try: the first seat 0, each later seat at least the one before (a
    later seat never gets less), up to max_bonus."""
    if not 2 <= players <= 4:
        raise ValueError(f"players: expected 2 to 4, got {players}")
    if max_bonus < 0:
        raise ValueError(f"max_bonus: expected 0 or more, got {max_bonus}")
    out = []
    for rest in itertools.product(range(max_bonus + 1), repeat=players - 1):
        if all(a <= b for a, b in itertools.pairwise(rest)):
            out.append((0, *rest))
    return out


def bonus_label(bonus: tuple[int, ...]) -> str:
    return "bonus=" + ",".join(str(b) for b in bonus)


_RANGE = re.compile(r"^\s*([^=\s]+)\s*=\s*(.+?)\s*$")


def parse_sweep(text: str) -> tuple[str, list[int]]:
    """`kumara_raj.merit=16..22` (or `16..22..2`, or `16,18,20`) -> (card.field, values)."""
    m = _RANGE.match(text)
    if not m or "." not in m.group(1):
        raise ValueError(
            f'--set "{text}": expected CARD.FIELD=FROM..TO, e.g. kumara_raj.merit=16..22'
        )
    target, spec = m.group(1), m.group(2)
    try:
        if ".." in spec:
            parts = [int(p) for p in spec.split("..")]
            if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] < 1):
                raise ValueError
            low, high = parts[0], parts[1]
            step = parts[2] if len(parts) == 3 else 1
            if high < low:
                raise ValueError
            values = list(range(low, high + 1, step))
        else:
            values = [int(p) for p in spec.split(",")]
    except ValueError:
        raise ValueError(
            f'--set "{text}": expected whole numbers FROM..TO (FROM <= TO), FROM..TO..STEP or '
            "a comma list"
        ) from None
    if len(values) < 2:
        raise ValueError(f'--set "{text}": a sweep needs at least two values')
    return target, values


def base_doc(players, strategy, games_per_point, seed, path, sets, patch, profiles) -> dict:
    doc: dict = {"seed": seed, "players": players, "bots": strategy, "games": games_per_point}
    if path is not None:
        doc["cards"] = str(path)
    if sets:
        doc["sets"] = list(sets)
    if patch:
        doc["patches"] = [str(p) for p in patch]
    if profiles is not None:
        doc["profiles"] = str(profiles)
    return doc
