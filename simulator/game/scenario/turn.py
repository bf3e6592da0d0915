"""The turn a scenario starts on: the turn number and the active seat, each derived from the
other when left out and checked against the seats marked `first`, then set in the game."""

from __future__ import annotations

from typing import Any

from avarium.simulator.engine import layout as L
from avarium.simulator.engine.step import step
from avarium.simulator.game.api import Game
from avarium.simulator.game.scenario.errors import ScenarioError, part, whole
from avarium.simulator.game.scenario.text import SETTINGS


def turns_taken(seat: int, turn: int, players: int) -> int:
    """The turns `seat` has started by `turn`: seat p starts its k-th on turn
    p + 1 + (k - 1) * players (seats take turns from p0; nobody expelled)."""
    return 0 if turn <= seat else (turn - seat - 1) // players + 1


def _ordinal(k: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, ..., 21st."""
    last = k % 10 if k % 100 not in (11, 12, 13) else 0
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(last, "th")
    return f"{k}{suffix}"


def turn_and_active(spec: dict[str, Any], players: list[dict], max_turns: int) -> tuple[int, int]:
    """The turn number and the active seat, each derived from the other when left out, and
    checked against the seats marked `first` and the game's safety cap on turns."""
    n = len(players)
    first = [bool(p.get("first")) for p in players]
    turn, active = spec.get("turn"), spec.get("active")
    if active is not None and not 0 <= int(active) < n:
        raise ScenarioError(f"active p{active}: there is no such seat ({n} players)", SETTINGS)
    if turn is None:
        a = 0 if active is None else int(active)
        turn = a + 1 if first[a] else a + 1 + n  # its first turn, or its second
    with part(SETTINGS):  # no game reaches a turn past its safety cap: it stalls there
        turn = whole("turn", turn, 1, max_turns, " (the game's safety cap on turns)")
    whose = (turn - 1) % n
    active = whose if active is None else int(active)
    if active != whose:
        raise ScenarioError(
            f"turn {turn} is p{whose}'s turn, not p{active}'s (seats take turns from p0)",
            SETTINGS,
        )
    for p in range(n):
        taken = turns_taken(p, turn, n)
        if p == active and first[p] and taken != 1:
            raise ScenarioError(
                f"p{p} is marked first, but turn {turn} is its {_ordinal(taken)} turn "
                f"(its first is turn {p + 1})",
                f"p{p}",
            )
        if p == active and not first[p] and taken == 1:
            raise ScenarioError(
                f"turn {turn} is p{p}'s first turn: mark it first, or give a later turn",
                f"p{p}",
            )
        if p != active and first[p] and taken != 0:
            raise ScenarioError(
                f"p{p} is marked first, but by turn {turn} it has had its first turn "
                f"(turn {p + 1})",
                f"p{p}",
            )
    return turn, active


def start(game: Game, turn: int, active: int, phase_step: int) -> None:
    """Set the turn, then let the engine check the state and run to the first decision."""
    st = game.state
    n = game.players
    for p in range(n):
        st[L.ROW_SEAT + p, L.P_TURNS_TAKEN] = turns_taken(p, turn, n)
    st[L.G_TURN] = turn
    st[L.G_ROUND] = (turn + n - 1) // n
    st[L.G_ACTIVE] = active
    st[L.G_DEC] = L.D_NONE
    st[L.G_WINDOW] = 0
    st[L.G_STEP] = phase_step
    step(st, game.tables, L.A_START)
