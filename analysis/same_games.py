"""Whether two runs play the same kind of games, and if not, what differs.

A comparison asks what a change of the cards or the rules did, so the two runs must play the
same kind of games: the same bots (and bot weights), player counts, Idol pool, seating and
mirrors, read from both runs' experiments (`experiment_differences`), and where a run does not
record them, from its games (`games_differences`: the bots in every seat, the player counts).
Cards, card fingerprints, --set overrides, patches, bonus, rules, seeds and game counts may
differ. analysis/compare.py refuses runs that differ (`comparable`); the sequential comparison
(workflows/sequential.py) refuses such a pair of experiments before it plays.
"""

from __future__ import annotations

import pandas as pd

# The fields of an experiment's variant that say which games are played: two runs that differ
# in any of them play different games, and comparing them says nothing about a patch.
GAME_FIELDS = ("players", "idols", "seating", "mirrors", "bots", "bot_weights")
# What may differ, for the message.
MAY_DIFFER = "cards, patches, --set overrides, bonus and rules"


def _variants(experiment: dict, variant: str | None) -> list[dict] | None:
    """The experiment's variant tables (the one named, when one is), or None when it does not
    record them."""
    tables = experiment.get("variant")
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        return None
    if variant is not None:
        return [t for t in tables if t.get("label") == variant]
    return tables


def _shown(value) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or "none"
    return "not recorded" if value is None else str(value)


def experiment_differences(a: dict, b: dict, variant: str | None = None) -> list[str]:
    """What differs between two runs' experiments in the fields that say which games are
    played (GAME_FIELDS), one phrase each; empty when either does not record its variants."""
    va, vb = _variants(a, variant), _variants(b, variant)
    if va is None or vb is None:
        return []
    if len(va) != len(vb):
        return [f"the number of variants (A {len(va)}, B {len(vb)})"]
    out = []
    for i, (x, y) in enumerate(zip(va, vb, strict=True)):
        where = f" of variant {i + 1}" if len(va) > 1 else ""
        # A field one run does not record (an older toolkit's run) is not held against it.
        recorded = [name for name in GAME_FIELDS if name in x and name in y]
        differ = [name for name in recorded if x[name] != y[name]]
        out += [
            f"{name}{where} (A {_shown(x[name])}; B {_shown(y[name])})"
            for name in differ
            if not _follows(name, differ)
        ]
    return out


def _follows(name: str, differ: list[str]) -> bool:
    """Whether a difference only follows from another one named: other players have other
    seatings and bots per seat; other bots have other weights."""
    if "players" in differ and name in ("seating", "bots", "bot_weights"):
        return True
    return name == "bot_weights" and "bots" in differ


def _seat_bots(games: pd.DataFrame) -> dict[int, list[str]]:
    """Per player count, the bots seen in each seat, written as one label per seat."""
    pairs = games[["players", "seat", "bot"]].drop_duplicates().astype({"bot": str})
    out: dict[int, list[str]] = {}
    for (players, seat), part in pairs.groupby(["players", "seat"]):
        out.setdefault(int(players), []).append(f"seat {seat}: " + "/".join(sorted(part["bot"])))
    return out


def games_differences(a: pd.DataFrame, b: pd.DataFrame) -> list[str]:
    """What the games themselves show to differ: the player counts, and the bots in each seat
    (for runs whose experiment does not say)."""
    players_a = sorted(int(p) for p in a["players"].unique())
    players_b = sorted(int(p) for p in b["players"].unique())
    if players_a != players_b:
        return [f"players (A {_shown(players_a)}; B {_shown(players_b)})"]
    ba, bb = _seat_bots(a), _seat_bots(b)
    return [
        f"bots in {players}-player games (A {'; '.join(ba[players])}; B {'; '.join(bb[players])})"
        for players in ba
        if ba[players] != bb.get(players)
    ]
