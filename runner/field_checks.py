"""Checking an experiment's fields one by one: each check takes the raw value, adds one line to
the problems for a bad one (naming the file and variant, or the flag) and returns the value read,
or None. experiment_file.py puts them together into variants and a whole experiment.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from pathlib import Path

import numpy as np
from avarium.runner.experiment import (
    BUNDLED,
    MAX_BONUS,
    RULE_DEFAULTS,
    RULE_FIELDS,
    shown_value,
)
from avarium.runner.fields import FLAGS
from avarium.simulator.cards import bundled
from avarium.simulator.cards.errors import ERROR, CardNameError, CardSetError, did_you_mean
from avarium.simulator.cards.files import look
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import DEFAULT_BONUSES, CardKind
from avarium.simulator.fileio import absolute
from avarium.simulator.game.rules import MAX_CAP, Rules


class Problems:
    """Collects one line per bad field, naming where it is: file and variant, or the flag."""

    def __init__(self, source: str | None) -> None:
        self.source = source  # the file, or None for command-line flags
        self.lines: list[str] = []

    def add(self, where: str, name: str, expected: str, got: object = None, note: str = ""):
        if self.source is None:
            head = FLAGS.get(name.split(".")[0], name)
            if name.startswith("rules."):
                head = f"--rule {name.split('.', 1)[1]}"
        else:
            head = ", ".join([self.source, *([where] if where else []), f"field {name}"])
        text = f"{head}: expected {expected}"
        if got is not None:
            text += f", got {shown_value(got)}"
        if note:
            text += f" ({note})"
        self.lines.append(text)


def is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def whole(p: Problems, where: str, name: str, v: object, low: int, high: int) -> int | None:
    if is_int(v) and low <= v <= high:
        return v
    p.add(where, name, f"an integer from {low:,} to {high:,}", v)
    return None


def names_of(v: object) -> list[str] | None:
    """A list of names: a TOML list of strings, or one comma-separated string."""
    if isinstance(v, str):
        return [s.strip() for s in v.split(",") if s.strip()]
    if isinstance(v, list) and all(isinstance(s, str) for s in v):
        return [s.strip() for s in v]
    return None


def unknown(p: Problems, where: str, table: Mapping, allowed: tuple[str, ...], prefix=""):
    for key in table:
        if key not in allowed:
            hint = did_you_mean(key, allowed)
            p.add(
                where,
                prefix + key,
                "one of the known fields: " + ", ".join(allowed),
                None,
                f'unknown field "{key}"' + (f', did you mean "{hint}"?' if hint else ""),
            )


class CardCache:
    """Card sets loaded once per (cards, sets, patches), shared by variants that agree."""

    def __init__(self) -> None:
        self.sets: dict[tuple, CardSet | CardSetError] = {}

    def load(self, cards: str, sets: tuple[str, ...], patches: tuple[str, ...]):
        from avarium.simulator.cards.loader import load_cards

        key = (cards, sets, patches)
        if key not in self.sets:
            try:
                path = None if cards == BUNDLED else cards
                self.sets[key] = load_cards(path, list(sets), list(patches))
            except CardSetError as exc:
                self.sets[key] = exc
        return self.sets[key]


def path_from(v: str, base: Path) -> str:
    path = Path(v).expanduser()
    return str(absolute(path if path.is_absolute() else base / path))


def card_set(p: Problems, where: str, raw: Mapping, base: Path, cache: CardCache):
    """The variant's card set (or None), its `cards` value, sets and patches."""
    cards = raw.get("cards", BUNDLED)
    if not isinstance(cards, str) or not cards:
        p.add(where, "cards", f'a card-set path, or "{BUNDLED}"', cards)
        return None, BUNDLED, (), ()
    if cards != BUNDLED and bundled.named(cards) is None:  # a path, not a bundled set's name
        cards = path_from(cards, base)
    sets = names_of(raw.get("sets", []))
    if sets is None:
        p.add(where, "sets", "a list of overrides such as kumara_raj.merit=18", raw["sets"])
        return None, cards, (), ()
    patches = raw.get("patches", [])
    if isinstance(patches, str):
        patches = [patches]
    if not isinstance(patches, list) or not all(isinstance(x, str) for x in patches):
        p.add(where, "patches", "a list of patch-file paths", raw["patches"])
        return None, cards, tuple(sets), ()
    patches = tuple(path_from(x, base) for x in patches)
    loaded = cache.load(cards, tuple(sets), patches)
    if isinstance(loaded, CardSetError):
        errors = [q for q in loaded.problems if q.severity == ERROR]
        if len(errors) == 1:  # one line, the error in it (a link loop, a missing file)
            p.add(where, "cards", "a card set that loads", None, str(errors[0]))
        else:
            p.add(where, "cards", "a card set that loads", None, f"{len(errors)} errors in it:")
            p.lines += [f"    {q}" for q in errors]
        return None, cards, tuple(sets), patches
    return loaded, cards, tuple(sets), patches


def idols(p: Problems, where: str, v: object, cs: CardSet) -> tuple[str, ...] | None:
    names = names_of(v)
    if names is None or not names:
        p.add(where, "idols", '"all" or a list of Idol names', v)
        return None
    if names == ["all"]:
        return tuple(c.id for c in cs.idols)
    ids = []
    for name in names:
        try:
            ids.append(cs.find(name, CardKind.IDOL).id)
        except CardNameError as exc:
            p.add(where, "idols", "Idol names of the card set", name, exc.message)
            return None
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        p.add(where, "idols", "each Idol once in the pool", v, f"{dup} is named twice")
        return None
    return tuple(sorted(ids, key=cs.index.__getitem__))


def profiles(p: Problems, where: str, v: object, base: Path) -> str | None:
    if not isinstance(v, str) or not v:
        p.add(where, "profiles", f'a bot-profiles file, or "{BUNDLED}"', v)
        return None
    if v == BUNDLED:
        return v
    path = path_from(v, base)
    if not Path(path).is_file():
        why: list = []  # why there is no file, as the card loader says it (a link loop, ...)
        look(Path(path), why)
        note = why[0].message if why else ""
        p.add(where, "profiles", "a bot-profiles file that exists", v, note)
        return None
    from avarium.strategies.profiles import ProfileError, load

    try:  # read here, once: a bad file is the profiles field's problem, not every tier's
        load(Path(path))
    except ProfileError as exc:
        p.add(where, "profiles", "a readable bot-profiles file", note=str(exc))
        return None
    return path


def bots(
    p: Problems, where: str, v: object, players: int | None, profiles: str | None, name="bots"
):
    """The canonical bot of every seat and the fingerprint of their weights, or (None, "");
    `name` is the field that named them (bots, or tiers for a tier's bot)."""
    from avarium.strategies import BotError, bot_spec

    names = names_of(v)
    if not names or (players and len(names) not in (1, players)):
        p.add(where, name, f"one bot for every seat or {players} (one per seat)", v)
        return None, ""
    if profiles is None:  # reported already; the bots' profiles cannot be read
        return None, ""
    try:
        specs = [bot_spec(b, None if profiles == BUNDLED else Path(profiles)) for b in names]
    except BotError as exc:
        p.add(where, name, "bot names", v, str(exc))
        return None, ""
    specs = specs * (players or 1) if len(specs) == 1 else specs
    digest = hashlib.sha256()
    for spec in specs:  # a Python bot is its code: only its name can be recorded
        weights = b"" if spec.weights is None else fingerprinted(spec.weights).tobytes()
        digest.update(spec.label.encode() + b"\0" + weights + b"\0")
    return tuple(spec.label for spec in specs), digest.hexdigest()[:16]


def fingerprinted(weights) -> np.ndarray:
    """The weights a fingerprint covers: all of them, but the ones added later when they are
    all 0 (the profile plays as it did before they existed, and keeps its fingerprint)."""
    from avarium.strategies.weights import ADDED_LATER_GROUPS, NAMES

    w = np.asarray(weights, "<f8")
    if len(w) != len(NAMES):  # not a profile's weights (the random bot has none to speak of)
        return w
    unused = [
        NAMES.index(name)
        for group in ADDED_LATER_GROUPS
        if not w[[NAMES.index(name) for name in group]].any()
        for name in group
    ]
    return np.delete(w, unused)


def bonus(p: Problems, where: str, v: object, players: int) -> tuple[int, ...] | None:
    if v is None:
        return tuple(DEFAULT_BONUSES[players])
    values = v
    if isinstance(v, str):
        try:
            values = [int(x) for x in v.split(",")]
        except ValueError:
            values = None
    ok = isinstance(values, list) and all(is_int(b) and 0 <= b <= MAX_BONUS for b in values)
    if not ok or len(values) != players:
        p.add(where, "bonus", f"{players} integers from 0 to {MAX_BONUS} (one per seat)", v)
        return None
    return tuple(values)


def rules(p: Problems, where: str, v: object, players: int, bonus) -> Rules | None:
    if v is None:
        v = {}
    if not isinstance(v, Mapping):
        p.add(where, "rules", "a table of rules options: " + ", ".join(RULE_FIELDS), v)
        return None
    unknown(p, where, v, RULE_FIELDS, "rules.")
    values = {}
    for name in RULE_FIELDS:
        if name not in v:
            continue
        default = getattr(RULE_DEFAULTS, name)
        got = v[name]
        if is_int(default):
            if not (is_int(got) and 1 <= got <= MAX_CAP):
                p.add(where, f"rules.{name}", f"a whole number from 1 to {MAX_CAP:,}", got)
                continue
        else:
            try:
                Rules(**{name: got})
            except (TypeError, ValueError) as exc:  # Rules names the readings it allows
                p.add(where, f"rules.{name}", str(exc).split(" must be ")[-1], got)
                continue
        values[name] = got
    if len(values) < len(set(v) & set(RULE_FIELDS)):
        return None
    return Rules(bonuses={players: tuple(bonus or ())}, **values)


def seatings(players: int, pool: int, mirrors: bool) -> int:
    if mirrors:
        return pool**players
    return math.perm(pool, players)
