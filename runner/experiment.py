"""An experiment: which games a run plays. This module holds what a resolved experiment is
(its variants, every default filled in); experiment_file.py reads and checks one from flags, a
TOML file or a document.

A file holds run-wide settings (`seed`, `chunk_size`), defaults for every variant (any variant
field at the top level) and any number of `[[variant]]` tables; without `[[variant]]` the top
level is the one variant. Resolving checks every field (all problems at once, each naming the
file, the variant, the field and what was expected), loads each variant's card set, resolves
Idol and bot names and fills in every default. The resolved experiment is what a run writes to
`RUN/experiment.toml`, what a resumed run is compared with, and itself a valid experiment file.
See docs/simulate.md for the format.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from importlib import metadata
from pathlib import Path

import numpy as np
from avarium.runner.field_table import BUNDLED
from avarium.simulator import tomlwrite
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import MAX_SEED, SEAT_LEVERS
from avarium.simulator.game.api import Rules
from avarium.simulator.safetext import described

SEATINGS = ("all", "balanced")
MAX_BONUS = 100
# Smaller runs get smaller chunks than field_table.DEFAULT_CHUNK (a sixteenth of their games,
# down to MIN_CHUNK) so that two workers share the work and the progress bar moves.
MIN_CHUNK = 1_000
CHUNKS_WANTED = 16
MAX_CHUNK = 1_000_000

MIRRORS_UNSUPPORTED = (
    "a mirror game needs two copies of one Idol, and the engine deals each Idol card once"
)

RULE_FIELDS = tuple(f.name for f in fields(Rules) if f.name != "bonuses")
RULE_DEFAULTS = Rules()


def rules_fields(rules: Rules) -> dict[str, object]:
    """A variant's rules options as its manifest records them: a seat lever only when it is
    played, so a run made before the levers existed reads as the same experiment."""
    levers = rules.levers()
    return {
        name: getattr(rules, name)
        for name in RULE_FIELDS
        if name not in SEAT_LEVERS or name in levers
    }


class ExperimentError(ValueError):
    """An experiment that cannot run; `problems` holds one readable line per bad field."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def check_seed(seed: object, name: str = "seed") -> int:
    """The same range as an experiment's seed, for every command that takes a seed; a
    ValueError naming the field otherwise (the engine's own complaint is a traceback)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{name}: expected an integer from 0 to {MAX_SEED:,}, got {seed!r}")
    return seed


def check_bonus(bonus: list[int], players: int) -> tuple[int, ...]:
    """The same range as an experiment's bonus (0 to MAX_BONUS per seat, one per seat): a
    negative bonus would start a player below 0 Reputation."""
    ok = all(isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= MAX_BONUS for b in bonus)
    if not ok or len(bonus) != players:
        raise ValueError(
            f"bonus: expected {players} integers from 0 to {MAX_BONUS} (one per seat), "
            f"got {list(bonus)}"
        )
    return tuple(bonus)


def package_version() -> str:
    try:
        return metadata.version("avarium-balance-lab")
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return "unknown"


@dataclass(frozen=True)
class Variant:
    """One resolved variant: every field filled in, names resolved to card ids."""

    label: str
    players: int
    idols: tuple[str, ...]  # the Idol pool, card ids in card-set order
    seating: str  # "all": every ordered seating in turn; "balanced": random, balanced draw
    mirrors: bool  # may two seats have the same Idol
    bots: tuple[str, ...]  # canonical bot per seat
    bonus: tuple[int, ...]  # starting Reputation bonus per seat
    games: int
    rules: Rules
    cards: str  # BUNDLED or an absolute path
    sets: tuple[str, ...]
    patches: tuple[str, ...]  # absolute paths
    card_set: str  # fingerprint of the loaded, patched set
    profiles: str  # BUNDLED (strategies/profiles.toml) or the absolute path of a profiles file
    bot_weights: str  # fingerprint of the seats' bot weights (a tuned profile changes it)
    # The skill tier this variant plays (its bot, the same in every seat), or "" when the
    # experiment names no tiers; variants that differ only in their tier share their deals.
    tier: str = ""
    card_data: CardSet | None = field(default=None, compare=False, repr=False)

    @property
    def profiles_path(self) -> Path | None:
        """The profiles file as play_chunk takes it (None: the bundled one)."""
        return None if self.profiles == BUNDLED else Path(self.profiles)

    @property
    def idol_indices(self) -> np.ndarray:
        """The pool as card definition indices (what the engine takes)."""
        return np.array([self.card_data.index[i] for i in self.idols], np.int32)

    def to_dict(self) -> dict[str, object]:
        return {
            "label": self.label,
            "players": self.players,
            "idols": list(self.idols),
            "seating": self.seating,
            "mirrors": self.mirrors,
            "bots": list(self.bots),
            "bonus": list(self.bonus),
            "games": self.games,
            "cards": self.cards,
            "sets": list(self.sets),
            "patches": list(self.patches),
            "card_set": self.card_set,
            "profiles": self.profiles,
            "bot_weights": self.bot_weights,
            "rules": rules_fields(self.rules),
        } | ({"tier": self.tier} if self.tier else {})  # runs from before tiers compare equal


@dataclass(frozen=True)
class Experiment:
    """A resolved experiment: the run seed, the chunk size and the variants in game-id order."""

    seed: int
    chunk_size: int
    variants: tuple[Variant, ...]
    version: str
    # Also write turns/, each seat's Merit and Reputation turn by turn (docs/data-schema.md).
    record_turns: bool = False
    source: str = field(default="", compare=False)

    @property
    def total_games(self) -> int:
        return sum(v.games for v in self.variants)

    def first_games(self) -> list[int]:
        """The global id of each variant's first game (game ids run on across variants)."""
        return [sum(v.games for v in self.variants[:i]) for i in range(len(self.variants))]

    def variant_of(self, game_id: int) -> tuple[int, Variant]:
        for i, (first, v) in enumerate(zip(self.first_games(), self.variants, strict=True)):
            if first <= game_id < first + v.games:
                return i, v
        raise LookupError(f"game {game_id} is not in this run (games 0 to {self.total_games - 1})")

    def to_dict(self) -> dict[str, object]:
        return (
            {
                "version": self.version,
                "seed": self.seed,
                "chunk_size": self.chunk_size,
            }
            | (
                {"record_turns": True} if self.record_turns else {}  # older runs compare equal
            )
            | {"variant": [v.to_dict() for v in self.variants]}
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def to_toml(self) -> str:
        top: dict[str, object] = {
            "#1": "The resolved experiment of this run, written by `avarium simulate`: every",
            "#2": "default filled in. `avarium simulate --config` takes this file as it is.",
            "version": self.version,
            "seed": self.seed,
            "chunk_size": self.chunk_size,
        } | ({"record_turns": True} if self.record_turns else {})
        variants = []
        for first, v in zip(self.first_games(), self.variants, strict=True):
            body = v.to_dict()
            variants.append(
                {"label": body.pop("label"), "#": f"games {first} to {first + v.games - 1}"} | body
            )
        return tomlwrite.dumps(top, {"variant": variants})


def diff_fields(a: object, b: object, path: str = "") -> list[str]:
    """Dotted paths of the fields in which two experiment dicts differ, with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in list(a) + [k for k in b if k not in a]:
            out += diff_fields(a.get(key), b.get(key), f"{path}.{key}" if path else key)
        return out
    if isinstance(a, list) and isinstance(b, list) and path.endswith("variant"):
        if len(a) != len(b):
            return [f"{path} (count: {len(a)} against {len(b)})"]
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += diff_fields(x, y, f"{path}[{i + 1}]")
        return out
    return [] if a == b else [f"{path} ({shown_value(a)} against {shown_value(b)})"]


def shown_value(v: object) -> str:
    if v is None:
        return "nothing"
    if isinstance(v, str) and len(v) > 100:  # a number of thousands of digits, a long name
        return described(v)
    return json.dumps(v, ensure_ascii=False, default=str)


def card_fields(cards: CardSet | str | Path | None) -> dict[str, object]:
    """The experiment fields that load `cards` again in every worker: a loaded CardSet's path
    (or the bundled set), overrides and patches; or a path as it is."""
    if cards is None:
        return {}
    if isinstance(cards, CardSet):
        out: dict[str, object] = {"cards": cards.path or BUNDLED}
        if cards.sets:
            out["sets"] = list(cards.sets)
        if cards.patches:
            out["patches"] = list(cards.patches)
        return out
    return {"cards": str(cards)}
