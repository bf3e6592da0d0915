"""Reading an experiment: from command-line flags, a TOML file or a document, every field
checked (all problems at once, each naming the file, the variant, the field and what was
expected), each variant's card set loaded, Idol and bot names resolved and every default filled
in. See docs/simulate.md for the format; experiment.py for what a resolved experiment holds;
field_checks.py for the check of each field.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from pathlib import Path

from avarium.runner import field_checks as check
from avarium.runner.experiment import (
    CHUNKS_WANTED,
    MAX_CHUNK,
    MAX_SEED,
    MIN_CHUNK,
    MIRRORS_UNSUPPORTED,
    SEATINGS,
    Experiment,
    ExperimentError,
    Variant,
    package_version,
)
from avarium.runner.field_table import BY_NAME, DEFAULT_CHUNK, RUN_FIELDS, VARIANT_FIELDS
from avarium.runner.tiers import Tier, parse_tiers, split_label, tier_label
from avarium.simulator import tomlread
from avarium.simulator.constants import MAX_GAMES
from avarium.simulator.safetext import first_control, whole_number


def _given(raw: Mapping, name: str) -> object:
    """A field as a table holds it, or its default (runner/field_table.py) when left out."""
    return raw.get(name, BY_NAME[name].default)


def _where(i: int, raw: Mapping, count: int) -> str:
    """How a message names variant i: by number and label, or by label alone when the file's
    top level is the one variant."""
    label = _given(raw, "label") if count <= 1 else raw.get("label")
    named = isinstance(label, str) and label.strip()
    if count == 0:
        return f'variant "{label}"' if named else ""
    return f"variant {i + 1}" + (f' ("{label}")' if named else "")


def _tiers(p: check.Problems, i: int, raw: Mapping, count: int) -> list[Tier] | None:
    """The tiers variant i plays (None: it names its bots instead); the default tiers when it
    names neither. A variant read back from a run's experiment.toml has its `tier` and bots."""
    if "tier" in raw:
        if not isinstance(raw["tier"], str):
            p.add(
                _where(i, raw, count), "tier", "the name of the variant's skill tier", raw["tier"]
            )
        return None
    if "tiers" not in raw:
        return None if "bots" in raw else parse_tiers(list(_given(raw, "tiers")))
    if "bots" in raw:
        p.add(_where(i, raw, count), "tiers", "bots or tiers, not both", raw["tiers"])
        return []
    try:
        return parse_tiers(raw["tiers"])
    except ValueError as exc:
        p.add(_where(i, raw, count), "tiers", str(exc), raw["tiers"])
        return []


def _variant(
    p: check.Problems,
    i: int,
    raw: Mapping,
    base: Path,
    cache: check.CardCache,
    count: int,
    tier: Tier | None = None,
):
    """Variant i (count = how many [[variant]] tables; 0 when the top level is the variant),
    played by one tier's bot in every seat when `tier` is given."""
    label = _given(raw, "label") if count <= 1 else raw.get("label")
    where = _where(i, raw, count)
    before = len(p.lines)
    check.unknown(p, where, raw, VARIANT_FIELDS)
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
    players = check.whole(p, where, "players", _given(raw, "players"), 2, 4)
    seating = raw.get("seating", "all" if players == 2 else "balanced")
    if seating not in SEATINGS:
        p.add(where, "seating", " or ".join(f'"{s}"' for s in SEATINGS), seating)
    mirrors = _given(raw, "mirrors")
    if not isinstance(mirrors, bool):
        p.add(where, "mirrors", "true or false", mirrors)
    elif mirrors:
        # setup_game seats a distinct Idol card per seat, and every Idol card exists once
        # (ruling 1; Idols have no `copies`), so the engine cannot deal a mirror game yet.
        p.add(where, "mirrors", "false", mirrors, MIRRORS_UNSUPPORTED)
    cs, cards, sets, patches = check.card_set(p, where, raw, base, cache)
    # With a bad player count, what depends on it (seat counts) is left unchecked.
    profiles = check.profiles(p, where, _given(raw, "profiles"), base)
    if tier is None:
        bots, bot_weights = check.bots(p, where, raw.get("bots"), players, profiles)
    else:  # one bot in every seat: a tier is a level of play, not a match between two
        bots, bot_weights = check.bots(p, where, [tier.bots], players, profiles, "tiers")
    bonus = check.bonus(p, where, raw.get("bonus"), players) if players else None
    rules = check.rules(p, where, raw.get("rules"), players or 2, bonus)
    idols = check.idols(p, where, _given(raw, "idols"), cs) if cs is not None else None
    if idols is not None and players and mirrors is False and len(idols) < players:
        p.add(
            where,
            "idols",
            f"at least {players} Idols for {players} players (or mirrors)",
            list(idols),
        )
    games = _games(p, where, raw, seating, players, idols, mirrors)
    if tier is not None and games is not None and idols and bots is not None:
        rounds = check.seatings(players, len(idols), mirrors) if seating == "all" else len(idols)
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
        per = check.whole(p, where, "games_per_pairing", raw["games_per_pairing"], 1, MAX_GAMES)
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
        total = per * check.seatings(players, len(idols), mirrors)
        if total > MAX_GAMES:
            p.add(where, "games_per_pairing", f"at most {MAX_GAMES:,} games in all", per)
            return None
        return total
    return check.whole(p, where, "games", _given(raw, "games"), 1, MAX_GAMES)


def resolve(doc: Mapping, source: str | None, base: Path) -> Experiment:
    """Check and resolve an experiment document (a parsed TOML file or the flags as a dict);
    raises ExperimentError listing every problem."""
    p = check.Problems(source)
    defaults = {k: v for k, v in doc.items() if k in VARIANT_FIELDS}
    check.unknown(p, "", doc, RUN_FIELDS + VARIANT_FIELDS)
    seed = check.whole(p, "", "seed", _given(doc, "seed"), 0, MAX_SEED)
    raws = doc.get("variant", [{}])
    count = len(raws) if "variant" in doc and isinstance(raws, list) else 0
    if not isinstance(raws, list) or not raws or not all(isinstance(r, dict) for r in raws):
        p.add("", "variant", "[[variant]] tables", None)
        raise ExperimentError(p.lines)
    cache = check.CardCache()
    variants = []
    tables: list[tuple[int, object]] = []  # the [[variant]] table and label of each variant
    from_tiers: set[str] = set()  # the labels of the variants a `tiers` list expanded into
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
            if variants[-1] is not None:
                from_tiers.add(variants[-1].label)
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
        if dup in from_tiers:  # two names of one bot (heuristic, heuristic.balanced) in `tiers`
            named = f'"{split_label(dup)[1] or dup}" is named twice, as it resolves'
            p.add("", "tiers", "each bot once", None, named)
        else:
            p.add("", "variant", "a different label for each variant", None, f'"{dup}" is repeated')
    total = sum(v.games for v in variants if v is not None)
    if total > MAX_GAMES:
        p.add("", "variant", f"at most {MAX_GAMES:,} games in a run", None, f"{total:,} asked")
    automatic = min(DEFAULT_CHUNK, max(MIN_CHUNK, math.ceil(total / CHUNKS_WANTED)))
    chunk = check.whole(p, "", "chunk_size", doc.get("chunk_size", automatic), 1, MAX_CHUNK)
    record_turns = _given(doc, "record_turns")
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
    problems = check.Problems(None)
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
