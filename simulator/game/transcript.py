"""A game as a readable log: turn by turn, who did what, what changed, and how it ended.

The log is built by comparing the state before and after each action, so the engine stays free
of logging: every change a designer cares about (Merit, Reputation, cards moving between zones,
cards exhausted, Attack Tokens) shows up whether a rule, a card or a fight caused it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from avarium.simulator.engine import layout as L
from avarium.simulator.game.api import Game

_MOVES = {
    (L.Z_COURTYARD, L.Z_HALLWAY): "is recruited into {owner}'s Hallway",
    (L.Z_HALLWAY, L.Z_CLASS): "joins {owner}'s Class",
    (L.Z_LIBRARY, L.Z_HAND): "is drawn by {owner}",
    (L.Z_HAND, L.Z_STACK): "is played by {owner}",
    (L.Z_STACK, L.Z_TRASH): "resolves and goes to the Trash Pile",
    (L.Z_HAND, L.Z_TRASH): "goes from {was}'s hand to the Trash Pile",
    (L.Z_CLASS, L.Z_EXPEL): "is expelled from {was}'s Class",
    (L.Z_HALLWAY, L.Z_EXPEL): "is expelled from {was}'s Hallway",
    (L.Z_SCHOOL, L.Z_COURTYARD): "enters the Courtyard",
    (L.Z_EXPEL, L.Z_CLASS): "returns from the Expel Pile to {owner}'s Class",
    (L.Z_CLASS, L.Z_COURTYARD): "returns to the Courtyard",
    (L.Z_CLASS, L.Z_OUT): "leaves the game",
}


def _seat_name(game: Game, p: int) -> str:
    return f"P{p} ({game.idol_name(p)})" if p >= 0 else "nobody"


def changes(game: Game, before: np.ndarray) -> list[str]:
    """What changed between `before` and the game's current state, in plain words."""
    after = game.state
    out: list[str] = []
    for p in range(game.players):
        for col, what in ((L.P_MERIT, "Merit"), (L.P_REP, "Reputation")):
            old, new = int(before[L.ROW_SEAT + p, col]), int(after[L.ROW_SEAT + p, col])
            if old != new:
                verb = "gains" if new > old else "loses"
                out.append(f"{_seat_name(game, p)} {verb} {abs(new - old)} {what} ({new})")
    for c in range(game.n_cards):
        row = L.ROW_CARD + c
        z0, z1 = int(before[row, L.C_ZONE]), int(after[row, L.C_ZONE])
        name = game.card_name(c)
        if z0 != z1:
            template = _MOVES.get(
                (z0, z1), f"moves from the {L.ZONE_NAMES[z0]} to the {L.ZONE_NAMES[z1]}"
            )
            out.append(
                f"{name} "
                + template.format(
                    owner=_seat_name(game, int(after[row, L.C_OWNER])),
                    was=_seat_name(game, int(before[row, L.C_OWNER])),
                )
            )
            continue
        if z1 == L.Z_CLASS:
            e0, e1 = int(before[row, L.C_EXHAUSTED]), int(after[row, L.C_EXHAUSTED])
            if e0 != e1:
                out.append(f"{name} is {'exhausted' if e1 else 'readied'}")
            t0, t1 = int(before[row, L.C_TOKEN]), int(after[row, L.C_TOKEN])
            if t1 and not t0:
                out.append(f"{name} gets an Attack Token")
            if int(after[row, L.C_OWNER]) != int(before[row, L.C_OWNER]):
                out.append(
                    f"{name} is taken into {_seat_name(game, int(after[row, L.C_OWNER]))}'s Class"
                )
    return out


def play_logged(game: Game, choose: Callable[[Game, list[int]], int]) -> list[str]:
    """Play `game` to its end with `choose(game, legal) -> action`, returning the transcript."""
    lines = [header(game)]
    turn = -1
    while not game.is_terminal():
        if game.turn != turn:
            turn = game.turn
            lines.append(turn_header(game))
        legal = game.legal_actions()
        lines += logged_step(game, choose(game, legal), legal)
    lines.append(footer(game))
    return lines


def turn_header(game: Game) -> str:
    """The line that opens a turn: its number, its round, the active seat's figures."""
    p = game.active
    return (
        f"\n== Turn {game.turn} (round {int(game.state[L.G_ROUND])}): {_seat_name(game, p)}, "
        f"Merit {game.merit(p)}, Reputation {game.rep(p)} =="
    )


def logged_step(game: Game, action: int, legal: list[int] | None = None) -> list[str]:
    """Take `action` and tell it: who chose what in which decision (forced if it was the only
    legal action), then what changed."""
    legal = game.legal_actions() if legal is None else legal
    who = game.current_player()
    before = game.state.copy()
    name = game.action_name(action)
    game.step(action)
    forced = " (forced)" if len(legal) == 1 else ""
    lines = [f"P{who} [{game_decision_name(before)}]: {name}{forced}"]
    return lines + [f"    {c}" for c in changes(game, before)]


def game_decision_name(state: np.ndarray) -> str:
    return L.DECISION_NAMES[int(state[L.G_DEC])]


def header(game: Game) -> str:
    seats = ", ".join(
        f"P{p} {game.idol_name(p)} (Merit {game.merit(p)}, Reputation {game.rep(p)})"
        for p in range(game.players)
    )
    return f"Avarium Academy, seed {game.seed}, card set {game.cards.fingerprint}: {seats}"


def footer(game: Game) -> str:
    r = game.result()
    if r is None:
        return "(game not finished)"
    merits = ", ".join(f"P{p} {m}" for p, m in enumerate(r.merit))
    who = "nobody wins" if r.winner is None else f"{_seat_name(game, r.winner)} wins"
    return f"\n== Game over on turn {r.turns}: {who} ({r.reason}); Merit {merits} =="
