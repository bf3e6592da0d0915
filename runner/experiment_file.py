"""Reading an experiment: from command-line flags, a TOML file or a document, every field
checked (all problems at once, each naming the file, the variant, the field and what was
expected), each variant's card set loaded, Idol and bot names resolved and every default filled
in. See docs/simulate.md for the format; experiment.py for what a resolved experiment holds.
"""

from __future__ import annotations

import hashlib
import math
import tomllib
from collections.abc import Mapping
from pathlib import Path

import numpy as np
from avarium.runner.experiment import (
    BUNDLED,
    CHUNKS_WANTED,
    DEFAULT_CHUNK,
    DEFAULT_GAMES,
    MAX_BONUS,
    MAX_CHUNK,
    MAX_SEED,
    MIN_CHUNK,
    MIRRORS_UNSUPPORTED,
    RULE_DEFAULTS,
    RULE_FIELDS,
    RUN_FIELDS,
    SEATINGS,
    VARIANT_FIELDS,
    Experiment,
    ExperimentError,
    Variant,
    package_version,
    shown_value,
)
from avarium.runner.fields import FLAGS
from avarium.runner.tiers import DEFAULT_TIERS, Tier, parse_tiers, split_label, tier_label
from avarium.simulator import tomlread
from avarium.simulator.cards import bundled
from avarium.simulator.cards.errors import ERROR, CardNameError, CardSetError, did_you_mean
from avarium.simulator.cards.files import look
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import DEFAULT_BONUSES, MAX_GAMES, CardKind
from avarium.simulator.fileio import absolute
from avarium.simulator.game.rules import MAX_CAP, Rules
from avarium.simulator.safetext import first_control, whole_number

# -- checking -------------------------------------------------------------------------------------


class _Problems:
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


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(p: _Problems, where: str, name: str, v: object, low: int, high: int) -> int | None:
    if _is_int(v) and low <= v <= high:
        return v
    p.add(where, name, f"an integer from {low:,} to {high:,}", v)
    return None


def _names(v: object) -> list[str] | None:
    """A list of names: a TOML list of strings, or one comma-separated string."""
    if isinstance(v, str):
        return [s.strip() for s in v.split(",") if s.strip()]
    if isinstance(v, list) and all(isinstance(s, str) for s in v):
        return [s.strip() for s in v]
    return None


def _unknown(p: _Problems, where: str, table: Mapping, allowed: tuple[str, ...], prefix=""):
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


class _CardCache:
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


def _path(v: str, base: Path) -> str:
    path = Path(v).expanduser()
    return str(absolute(path if path.is_absolute() else base / path))


def _cards(p: _Problems, where: str, raw: Mapping, base: Path, cache: _CardCache):
    """The variant's card set (or None), its `cards` value, sets and patches."""
    cards = raw.get("cards", BUNDLED)
    if not isinstance(cards, str) or not cards:
        p.add(where, "cards", f'a card-set path, or "{BUNDLED}"', cards)
        return None, BUNDLED, (), ()
    if cards != BUNDLED and bundled.named(cards) is None:  # a path, not a bundled set's name
        cards = _path(cards, base)
    sets = _names(raw.get("sets", []))
    if sets is None:
        p.add(where, "sets", "a list of overrides such as kumara_raj.merit=18", raw["sets"])
        return None, cards, (), ()
    patches = raw.get("patches", [])
    if isinstance(patches, str):
        patches = [patches]
    if not isinstance(patches, list) or not all(isinstance(x, str) for x in patches):
        p.add(where, "patches", "a list of patch-file paths", raw["patches"])
        return None, cards, tuple(sets), ()
    patches = tuple(_path(x, base) for x in patches)
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


def _idols(p: _Problems, where: str, v: object, cs: CardSet) -> tuple[str, ...] | None:
    names = _names(v)
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


def _profiles(p: _Problems, where: str, v: object, base: Path) -> str | None:
    if not isinstance(v, str) or not v:
        p.add(where, "profiles", f'a bot-profiles file, or "{BUNDLED}"', v)
        return None
    if v == BUNDLED:
        return v
    path = _path(v, base)
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


def _bots(
    p: _Problems, where: str, v: object, players: int | None, profiles: str | None, name="bots"
):
    """The canonical bot of every seat and the fingerprint of their weights, or (None, "");
    `name` is the field that named them (bots, or tiers for a tier's bot)."""
    from avarium.strategies import BotError, bot_spec

    names = _names(v)
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
        weights = b"" if spec.weights is None else _fingerprinted(spec.weights).tobytes()
        digest.update(spec.label.encode() + b"\0" + weights + b"\0")
    return tuple(spec.label for spec in specs), digest.hexdigest()[:16]


def _fingerprinted(weights) -> np.ndarray:
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


def _bonus(p: _Problems, where: str, v: object, players: int) -> tuple[int, ...] | None:
    if v is None:
        return tuple(DEFAULT_BONUSES[players])
    values = v
    if isinstance(v, str):
        try:
            values = [int(x) for x in v.split(",")]
        except ValueError:
            values = None
    ok = isinstance(values, list) and all(_is_int(b) and 0 <= b <= MAX_BONUS for b in values)
    if not ok or len(values) != players:
        p.add(where, "bonus", f"{players} integers from 0 to {MAX_BONUS} (one per seat)", v)
        return None
    return tuple(values)


def _rules(p: _Problems, where: str, v: object, players: int, bonus) -> Rules | None:
    if v is None:
        v = {}
    if not isinstance(v, Mapping):
        p.add(where, "rules", "a table of rules options: " + ", ".join(RULE_FIELDS), v)
        return None
    _unknown(p, where, v, RULE_FIELDS, "rules.")
    values = {}
    for name in RULE_FIELDS:
        if name not in v:
            continue
        default = getattr(RULE_DEFAULTS, name)
        got = v[name]
        if _is_int(default):
            if not (_is_int(got) and 1 <= got <= MAX_CAP):
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


def _seatings(players: int, pool: int, mirrors: bool) -> int:
    if mirrors:
        return pool**players
    return math.perm(pool, players)


def _where(i: int, raw: Mapping, count: int) -> str:
    """How a message names variant i: by number and label, or by label alone when the file's
    top level is the one variant."""
    label = raw.get("label", "main" if count <= 1 else None)
    named = isinstance(label, str) and label.strip()
    if count == 0:
        return f'variant "{label}"' if named else ""
    return f"variant {i + 1}" + (f' ("{label}")' if named else "")


def _tiers(p: _Problems, i: int, raw: Mapping, count: int) -> list[Tier] | None:
    """The tiers variant i plays (None: it names its bots instead); the default tiers when it
    names neither. A variant read back from a run's experiment.toml has its `tier` and bots."""
    if "tier" in raw:
        if not isinstance(raw["tier"], str):
            p.add(
                _where(i, raw, count), "tier", "the name of the variant's skill tier", raw["tier"]
            )
        return None
    if "tiers" not in raw:
        return None if "bots" in raw else parse_tiers(list(DEFAULT_TIERS))
    if "bots" in raw:
        p.add(_where(i, raw, count), "tiers", "bots or tiers, not both", raw["tiers"])
        return []
    try:
        return parse_tiers(raw["tiers"])
    except ValueError as exc:
        p.add(_where(i, raw, count), "tiers", str(exc), raw["tiers"])
        return []


def _variant(
    p: _Problems,
    i: int,
    raw: Mapping,
    base: Path,
    cache: _CardCache,
    count: int,
    tier: Tier | None = None,
):
    """Variant i (count = how many [[variant]] tables; 0 when the top level is the variant),
    played by one tier's bot in every seat when `tier` is given."""
    label = raw.get("label", "main" if count <= 1 else None)
    where = _where(i, raw, count)
    before = len(p.lines)
    _unknown(p, where, raw, VARIANT_FIELDS)
    # A label is a column of the report's tables and a heading of its page: no control
    # character (NUL, ESC) may ride into them.
    bad = not isinstance(label, str) or not label.strip() or len(label) > 60
    if bad or first_control(label) is not None:
        what = "a label of 1 to 60 characters, none of them a control character"
        p.add(
            where,
            "label",
            what + (" (each of several variants needs one)" if count > 1 else ""),
            label,
        )
    players = _int(p, where, "players", raw.get("players", 2), 2, 4)
    seating = raw.get("seating", "all" if players == 2 else "balanced")
    if seating not in SEATINGS:
        p.add(where, "seating", " or ".join(f'"{s}"' for s in SEATINGS), seating)
    mirrors = raw.get("mirrors", False)
    if not isinstance(mirrors, bool):
        p.add(where, "mirrors", "true or false", mirrors)
    elif mirrors:
        # setup_game seats a distinct Idol card per seat, and every Idol card exists once
        # (ruling 1; Idols have no `copies`), so the engine cannot deal a mirror game yet.
        p.add(where, "mirrors", "false", mirrors, MIRRORS_UNSUPPORTED)
    cs, cards, sets, patches = _cards(p, where, raw, base, cache)
    # With a bad player count, what depends on it (seat counts) is left unchecked.
    profiles = _profiles(p, where, raw.get("profiles", BUNDLED), base)
    if tier is None:
        bots, bot_weights = _bots(p, where, raw.get("bots"), players, profiles)
    else:  # one bot in every seat: a tier is a level of play, not a match between two
        bots, bot_weights = _bots(p, where, [tier.bots], players, profiles, "tiers")
    bonus = _bonus(p, where, raw.get("bonus"), players) if players else None
    rules = _rules(p, where, raw.get("rules"), players or 2, bonus)
    idols = _idols(p, where, raw.get("idols", "all"), cs) if cs is not None else None
    if idols is not None and players and mirrors is False and len(idols) < players:
        p.add(
            where,
            "idols",
            f"at least {players} Idols for {players} players (or mirrors)",
            list(idols),
        )
    games = _games(p, where, raw, seating, players, idols, mirrors)
    if tier is not None and games is not None and idols and bots is not None:
        rounds = _seatings(players, len(idols), mirrors) if seating == "all" else len(idols)
        games = tier.games_of(games, max(rounds, 1))  # no seating at all is reported above
        if games > MAX_GAMES:
            p.add(where, "tiers", f"at most {MAX_GAMES:,} games in a tier", tier.bots)
    card_set = raw.get("card_set")
    if card_set is not None and cs is not None and card_set != cs.fingerprint:
        p.add(
            where,
            "card_set",
            f"the fingerprint of the set loaded ({cs.fingerprint})",
            card_set,
            "the card set changed since this experiment was resolved",
        )
    given = raw.get("bot_weights")
    if given is not None and bots is not None and given != bot_weights:
        p.add(
            where,
            "bot_weights",
            f"the fingerprint of the bots' weights now ({bot_weights})",
            given,
            "a bot profile changed since this experiment was resolved",
        )
    if len(p.lines) > before or cs is None:
        return None
    tier_name = bots[0] if tier is not None else raw.get("tier", "")
    return Variant(
        tier_label(label.strip(), tier_name) if tier is not None else label.strip(),
        players,
        idols,
        seating,
        mirrors,
        bots,
        bonus,
        games,
        rules,
        cards,
        sets,
        patches,
        cs.fingerprint,
        profiles,
        bot_weights,
        tier_name,
        card_data=cs,
    )


def _games(p, where, raw, seating, players, idols, mirrors) -> int | None:
    if "games" in raw and "games_per_pairing" in raw:
        p.add(where, "games", "games or games_per_pairing, not both", raw["games"])
        return None
    if "games_per_pairing" in raw:
        per = _int(p, where, "games_per_pairing", raw["games_per_pairing"], 1, MAX_GAMES)
        if seating != "all":
            p.add(
                where,
                "games_per_pairing",
                'seating = "all" (a balanced draw has no fixed pairings; give games instead)',
                raw["games_per_pairing"],
            )
            return None
        if per is None or idols is None or not players or not isinstance(mirrors, bool):
            return None
        total = per * _seatings(players, len(idols), mirrors)
        if total > MAX_GAMES:
            p.add(where, "games_per_pairing", f"at most {MAX_GAMES:,} games in all", per)
            return None
        return total
    return _int(p, where, "games", raw.get("games", DEFAULT_GAMES), 1, MAX_GAMES)


def resolve(doc: Mapping, source: str | None, base: Path) -> Experiment:
    """Check and resolve an experiment document (a parsed TOML file or the flags as a dict);
    raises ExperimentError listing every problem."""
    p = _Problems(source)
    defaults = {k: v for k, v in doc.items() if k in VARIANT_FIELDS}
    _unknown(p, "", doc, RUN_FIELDS + VARIANT_FIELDS)
    seed = _int(p, "", "seed", doc.get("seed", 0), 0, MAX_SEED)
    raws = doc.get("variant", [{}])
    count = len(raws) if "variant" in doc and isinstance(raws, list) else 0
    if not isinstance(raws, list) or not raws or not all(isinstance(r, dict) for r in raws):
        p.add("", "variant", "[[variant]] tables", None)
        raise ExperimentError(p.lines)
    cache = _CardCache()
    variants = []
    tables: list[tuple[int, object]] = []  # the [[variant]] table and label of each variant
    for i, raw in enumerate(raws):
        merged = dict(defaults)
        if "games" in raw or "games_per_pairing" in raw:  # a variant's count replaces the default
            merged.pop("games", None)
            merged.pop("games_per_pairing", None)
        merged |= raw
        if isinstance(defaults.get("rules"), dict) and isinstance(raw.get("rules"), dict):
            merged["rules"] = defaults["rules"] | raw["rules"]
        tiers = _tiers(p, i, merged, count)
        if tiers is None:
            variants.append(_variant(p, i, merged, base, cache, count))
            tables.append((i, merged.get("label")))
        for tier in tiers or ():
            raw_tier = {k: v for k, v in merged.items() if k != "tiers"}
            variants.append(_variant(p, i, raw_tier, base, cache, count, tier))
            tables.append((i, merged.get("label")))
    # Two tables with one label are named as written, not once per tier they expand into.
    written = {(i, label) for i, label in tables if isinstance(label, str)}
    repeated = sorted({b for _, b in written if sum(1 for _, x in written if x == b) > 1})
    labels = [v.label for v in variants if v is not None]
    repeated += sorted(
        {
            x
            for x in labels
            if labels.count(x) > 1 and (not split_label(x)[1] or split_label(x)[0] not in repeated)
        }
    )
    for dup in repeated:
        p.add("", "variant", "a different label for each variant", None, f'"{dup}" is repeated')
    total = sum(v.games for v in variants if v is not None)
    if total > MAX_GAMES:
        p.add("", "variant", f"at most {MAX_GAMES:,} games in a run", None, f"{total:,} asked")
    automatic = min(DEFAULT_CHUNK, max(MIN_CHUNK, math.ceil(total / CHUNKS_WANTED)))
    chunk = _int(p, "", "chunk_size", doc.get("chunk_size", automatic), 1, MAX_CHUNK)
    record_turns = doc.get("record_turns", False)
    if not isinstance(record_turns, bool):
        p.add("", "record_turns", "true or false", record_turns)
    if p.lines:  # a problem of a tiered table is found once per tier: said once
        raise ExperimentError(list(dict.fromkeys(p.lines)))
    return Experiment(
        seed, chunk, tuple(variants), package_version(), record_turns is True, source or "flags"
    )


def load(path: Path, overrides: Mapping[str, object] | None = None) -> Experiment:
    """An experiment file, with run-wide overrides from the command line (seed, chunk_size,
    games or games_per_pairing for every variant)."""
    return resolve(with_overrides(read_document(path), overrides), str(path), path.parent)


def read_document(path: Path) -> dict:
    """An experiment file's TOML document, its fields unchecked; ExperimentError if it cannot be
    read or defines nothing."""
    try:
        doc = tomlread.loads(path.read_text(encoding="utf-8-sig"))
    except OSError as exc:
        raise ExperimentError(
            [f"{path}: cannot read the experiment file ({exc.strerror})"]
        ) from None
    except UnicodeDecodeError:
        raise ExperimentError([f"{path}: not a UTF-8 text file"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ExperimentError([f"{path}: not valid TOML: {exc}"]) from None
    if not doc:  # running every default on an empty file would hide a wrong or unsaved file
        raise ExperimentError(
            [
                f"{path}: defines nothing (it is empty or only comments); an experiment file "
                "sets at least one field (docs/simulate.md lists them)"
            ]
        )
    return doc


def with_overrides(doc: dict, overrides: Mapping[str, object] | None) -> dict:
    """The document with run-wide overrides (a games count replaces every variant's)."""
    for key, value in (overrides or {}).items():
        if key in ("games", "games_per_pairing"):
            for table in [doc, *[v for v in doc.get("variant", []) if isinstance(v, dict)]]:
                table.pop("games", None)
                table.pop("games_per_pairing", None)
        doc[key] = value
    return doc


def from_flags(flags: Mapping[str, object]) -> Experiment:
    """An experiment from command-line flags (field name to value; None means not given).
    `rules` is a list of NAME=VALUE strings."""
    doc = {k: v for k, v in flags.items() if v is not None and k != "rules"}
    problems = _Problems(None)
    rules = {}
    for pair in flags.get("rules") or []:
        name, eq, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not eq:
            problems.add("", "rules", "NAME=VALUE, e.g. max_turns=200", pair)
            continue
        value = value.strip()
        # A number by its form, refused by length (whole_number): the rule's check names it.
        number = whole_number(value)
        rules[name] = number if number is not None else value
    if problems.lines:
        raise ExperimentError(problems.lines)
    if rules:
        doc["rules"] = rules
    return resolve(doc, None, Path.cwd())
