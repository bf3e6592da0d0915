"""The variants of a sweep or a bonus tuning, written as an experiment document.

Every point becomes one variant of an ordinary experiment (run.experiment.resolve reads it), so
the points share their deals game for game. Errors are ValueErrors that name the flag or field.

The points are counted before anything is built: a range's length and the number of bonus
vectors are arithmetic, so `1..1000000` or `--max-bonus 100` for four players is refused in
microseconds instead of filling memory. MAX_POINTS is the limit (docs/analysis.md); a caller
may raise it (`max_points`), up to MOST_POINTS.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence

from avarium.simulator.constants import MAX_CARD_NUMBER, MAX_GAMES

# Points (variants) a sweep or a bonus tuning may play unless told otherwise: 200 points of the
# default 2,000 games is 400,000 games, an hour or so on two cores; more is rarely meant.
MAX_POINTS = 200
# The most `max_points` may be raised to: the points are made as a list before they play, and
# 100,000 points of the fewest games a point takes (100) are already 10 million games.
MOST_POINTS = 100_000


def count_bonus_vectors(players: int, max_bonus: int) -> int:
    """How many vectors bonus_vectors gives, without making them: the later seats' bonuses are
    a nondecreasing sequence of players - 1 values from 0..max_bonus, a multiset of that size,
    of which there are C(max_bonus + players - 1, players - 1)."""
    return math.comb(max_bonus + players - 1, players - 1)


def check_limit(max_points: int) -> None:
    if isinstance(max_points, bool) or not isinstance(max_points, int):
        raise ValueError(f"max_points: expected a whole number, got {max_points!r}")
    if not 1 <= max_points <= MOST_POINTS:
        raise ValueError(
            f"max_points: expected a whole number from 1 to {MOST_POINTS:,}, got {max_points}"
        )


def check_games_per_point(games: int, points: int, tiers: int = 1) -> None:
    """A ValueError naming the field unless `points` points of `games` games at each of `tiers`
    skill tiers fit in a run (checked here, the run's own check names its `games`, which is
    no flag of these commands)."""
    most = MAX_GAMES // (points * tiers)
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= most:
        raise ValueError(
            f"games_per_point: expected a whole number from 1 to {most:,} ({points:,} points "
            f"x {tiers} tier(s); a run plays at most {MAX_GAMES:,} games), got {games!r}"
        )


def bonus_vectors(
    players: int, max_bonus: int, max_points: int = MAX_POINTS
) -> list[tuple[int, ...]]:
    """Starting bonuses to try: the first seat 0, each later seat at least the one before (a
    later seat never gets less), up to max_bonus; at most max_points of them."""
    # Imported here for start-up time: the experiment module loads the engine's Rules, and
    # every command reads this module when it starts.
    from avarium.runner.experiment import MAX_BONUS

    if not 2 <= players <= 4:
        raise ValueError(f"players: expected 2 to 4, got {players}")
    if not 0 <= max_bonus <= MAX_BONUS:
        raise ValueError(
            f"max_bonus: expected 0 to {MAX_BONUS} (the most starting Reputation a seat may "
            f"get), got {max_bonus}"
        )
    check_limit(max_points)
    count = count_bonus_vectors(players, max_bonus)
    if count > max_points:
        raise ValueError(
            f"max_bonus: {players} players with bonuses up to {max_bonus} make {count:,} bonus "
            f"vectors, more than the limit of {max_points:,} points; lower it, or raise the "
            "limit with `max_points`"
        )
    rests = itertools.combinations_with_replacement(range(max_bonus + 1), players - 1)
    return [(0, *rest) for rest in rests]


def bonus_label(bonus: tuple[int, ...]) -> str:
    return "bonus=" + ",".join(str(b) for b in bonus)


# The seat levers tune-bonus searches with the bonuses (docs/rulings.md, ruling 25), by the name
# a point's label gives each (`bonus=0,2 +no-first-draw`): the rules option, its reading, and
# what it does in a few words.
LEVERS = {
    "no-first-draw": (
        "first_turn_draw",
        "not the first seat",
        "the first seat draws no Scheme on its first turn",
    ),
    "no-first-recruit": (
        "first_turn_recruit",
        "not the first seat",
        "the first seat recruits no Student on its first turn",
    ),
    "last-draws-two": (
        "last_seat_first_draw",
        "two",
        "the last seat draws two Schemes on its first turn",
    ),
}
LEVER_MARK = "+"  # a lever's name in a point's label follows it


def check_levers(levers: Sequence[str]) -> tuple[str, ...]:
    """The levers as given, each once, or a ValueError naming the one not known."""
    if isinstance(levers, str):
        levers = [levers]
    named = tuple(dict.fromkeys(str(lever).strip() for lever in levers))
    for lever in named:
        if lever not in LEVERS:
            raise ValueError(
                f"levers: expected seat levers among {', '.join(LEVERS)}, got {lever!r}"
            )
    return named


def lever_points(
    vectors: list[tuple[int, ...]], levers: Sequence[str], max_points: int = MAX_POINTS
) -> list[dict]:
    """Every bonus vector with every combination of the levers (none first), as variants of an
    experiment document; the count is checked against max_points before any is made."""
    combos = [combo for k in range(len(levers) + 1) for combo in itertools.combinations(levers, k)]
    count = len(vectors) * len(combos)
    if count > max_points:
        raise ValueError(
            f"levers: {len(vectors):,} bonus vectors x {len(combos)} combinations of the levers "
            f"make {count:,} points, more than the limit of {max_points:,}; lower `max_bonus`, "
            "name fewer levers, or raise the limit with `max_points`"
        )
    points = []
    for vector in vectors:
        for combo in combos:
            label = " ".join([bonus_label(vector), *(LEVER_MARK + lever for lever in combo)])
            point: dict = {"label": label, "bonus": list(vector)}
            if combo:
                point["rules"] = {LEVERS[lever][0]: LEVERS[lever][1] for lever in combo}
            points.append(point)
    return points


def levers_of(label: str) -> tuple[str, frozenset[str]]:
    """A point's label (without its tier) as the point without levers and the levers it plays:
    `bonus=0,2 +no-first-draw` -> ("bonus=0,2", {"no-first-draw"})."""
    words = str(label).split()
    plain = [w for w in words if not w.startswith(LEVER_MARK)]
    return " ".join(plain), frozenset(w[len(LEVER_MARK) :] for w in words if w not in plain)


_RANGE = re.compile(r"^\s*([^=\s]+)\s*=\s*(.+?)\s*$")


def parse_sweep(text: str, flag: str = "sweep") -> tuple[str, Sequence[int]]:
    """`kumara_raj.merit=16..22` (or `16..22..2`, or `16,18,20`) -> (card.field, values).

    A range stays a range (its length is known without making its values), so a long one costs
    nothing until sweep_points refuses it; every number is first checked to be one a card may
    take (0 to MAX_CARD_NUMBER), so no range is longer than that either (a range past 2^63 was
    an OverflowError traceback). `flag` is the field errors name (`sweep`, `vary` for a balance
    search): the keyword a Python caller wrote, which the command line shows as its flag."""
    m = _RANGE.match(text)
    if not m or "." not in m.group(1):
        raise ValueError(
            f'{flag} "{text}": expected CARD.FIELD=FROM..TO, e.g. kumara_raj.merit=16..22'
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
            values = range(low, high + 1, step)
            ends = [low, high]
        else:
            values = [int(p) for p in spec.split(",")]
            ends = values
    except ValueError:
        raise ValueError(
            f'{flag} "{text}": expected whole numbers FROM..TO (FROM <= TO), FROM..TO..STEP or '
            "a comma list"
        ) from None
    if not all(0 <= v <= MAX_CARD_NUMBER for v in ends):
        raise ValueError(
            f'{flag} "{text}": expected values from 0 to {MAX_CARD_NUMBER:,} (no number of a '
            "card, nor a bonus, is larger)"
        )
    if len(values) < 2:
        raise ValueError(f'{flag} "{text}": expected at least two values')
    return target, values


def _field(target: str, card_id) -> tuple[str, str]:
    """The (card, field) a sweep target names, the card resolved by `card_id` when given (so
    `raj.merit` and `kumara_raj.merit` are one field), else as written."""
    card, _, name = target.partition(".")
    card = card.strip().lower()
    if card_id is not None:
        card = card_id(card)
    return card, name.strip().lower()


def sweep_points(
    axes: list[tuple[str, Sequence[int]]], max_points: int = MAX_POINTS, card_id=None
) -> list[tuple[tuple[str, int], ...]]:
    """Every combination of the axes' values as ((target, value), ...) points, after checking
    that there are one or two axes, on different fields, and at most max_points points (counted
    before any is made). `card_id` maps a card name as written to the card's id."""
    if not 1 <= len(axes) <= 2:
        raise ValueError(f"sweep: sweep one or two fields, got {len(axes)}")
    check_limit(max_points)
    fields = [_field(t, card_id) for t, _ in axes]
    if len(set(fields)) < len(fields):
        raise ValueError(
            f"sweep: {axes[0][0]} and {axes[1][0]} are the same field; sweep a field once, "
            "with all its values in one `sweep` entry"
        )
    count = math.prod(len(values) for _, values in axes)
    if count > max_points:
        sizes = " x ".join(f"{len(values):,}" for _, values in axes)
        raise ValueError(
            f"sweep: the sweep makes {count:,} points ({sizes} values), more than the limit of "
            f"{max_points:,}; sweep fewer values (FROM..TO..STEP), or raise the limit with "
            "`max_points`"
        )
    return list(itertools.product(*[[(t, v) for v in values] for t, values in axes]))


def base_doc(
    players, strategy, games_per_point, seed, path, sets, patch, profiles, tiers=None
) -> dict:
    """The fields every point shares; with neither `strategy` nor `tiers`, the default tiers
    (runner/tiers.py) play, as in `avarium simulate`."""
    doc: dict = {"seed": seed, "players": players, "games": games_per_point}
    if strategy is not None:
        doc["bots"] = strategy
    if tiers is not None:
        doc["tiers"] = tiers
    if path is not None:
        doc["cards"] = str(path)
    if sets:
        doc["sets"] = list(sets)
    if patch:
        doc["patches"] = [str(p) for p in patch]
    if profiles is not None:
        doc["profiles"] = str(profiles)
    return doc
