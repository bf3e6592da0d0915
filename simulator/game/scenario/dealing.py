"""Dealing a scenario's cards: each named card taken once out of the box into its zone, with
its status, and the decks dealt from what is left (the format: scenario/__init__.py)."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import COURTYARD_SIZE, CardKind
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.zones import move, refill_courtyard, set_exhausted
from avarium.simulator.game.api import Game
from avarium.simulator.game.scenario.errors import MAX_NUMBER, ScenarioError, whole
from avarium.simulator.game.scenario.text import split_status

ZONES = {
    "class": L.Z_CLASS,
    "hand": L.Z_HAND,
    "hallway": L.Z_HALLWAY,
    "courtyard": L.Z_COURTYARD,
    "expelled": L.Z_EXPEL,
    "trash": L.Z_TRASH,
}


def find(cards: CardSet, name: str, kind: CardKind | None = None) -> str:
    """The id of the card `name` names; a name that matches none, or several, is an error."""
    try:
        return cards.find(name, kind).id
    except LookupError as exc:
        raise ScenarioError(str(getattr(exc, "message", exc))) from None


class Box:
    """The card instances not dealt yet. A named card is taken out of the box, so it is dealt
    into exactly one zone (a card left in the box is what gets shuffled into the decks)."""

    def __init__(self, game: Game) -> None:
        self.cards = game.cards
        self.defs = [int(game.state[L.ROW_CARD + c, L.C_DEF]) for c in range(game.n_cards)]
        idols = {game.seat_stat(p, L.P_IDOL) for p in range(game.players)}
        self.free = [c for c in range(game.n_cards) if c not in idols]
        for c in self.free:
            move(game.state, c, L.Z_BOX, -1)

    def take(self, name: str) -> int:
        d = self.cards.index[find(self.cards, name)]
        for c in self.free:
            if self.defs[c] == d:
                self.free.remove(c)
                return c
        raise ScenarioError(f'no copy of "{self.cards.cards[d].name}" is left to place')

    def kind(self, c: int) -> CardKind:
        return self.cards.cards[self.defs[c]].kind

    def left(self, kind: CardKind) -> list[int]:
        """The cards of `kind` named nowhere, taken out of the box, in card order."""
        out = [c for c in self.free if self.kind(c) == kind]
        self.free = [c for c in self.free if self.kind(c) != kind]
        return out


def listed(spec: dict[str, Any], key: str) -> list[str]:
    """The card names a part lists (a list in the dict form)."""
    value = spec.get(key, [])
    if not isinstance(value, list | tuple):
        raise ScenarioError(f'"{key}" must be a list of card names, got {value!r}')
    return list(value)


def seat(game: Game, box: Box, p: int, spec_p: dict[str, Any]) -> None:
    for zone_name in ("class", "hand", "hallway"):
        for entry in listed(spec_p, zone_name):
            place(game, box, entry, ZONES[zone_name], p)
    st = game.state
    row = L.ROW_SEAT + p
    if "merit" in spec_p:  # 0 Merit is expelled, and a scenario seats players in the game
        why = " (a player at 0 Merit is expelled)"
        st[row, L.P_MERIT] = whole("merit", spec_p["merit"], 1, MAX_NUMBER, why)
    if "rep" in spec_p:
        st[row, L.P_REP] = whole("rep", spec_p["rep"], 0, MAX_NUMBER)
    idol = int(st[row, L.P_IDOL])
    status = split_status(spec_p["idol"])[1] + list(spec_p.get("idol_status", []))
    if any(s.endswith("defense") for s in status):
        raise ScenarioError(f'"{spec_p["idol"]}": an Idol has no Defense to change')
    _apply_status(st, idol, status, spec_p["idol"])


def place(game: Game, box: Box, entry: str, zone: int, owner: int) -> None:
    name, status = split_status(entry)
    c = box.take(name)
    kind = box.kind(c)
    if zone in (L.Z_HAND, L.Z_TRASH) and kind != CardKind.SCHEME:
        raise ScenarioError(f'"{name}" is not a Scheme')
    if zone in (L.Z_CLASS, L.Z_HALLWAY, L.Z_COURTYARD, L.Z_EXPEL) and kind != CardKind.STUDENT:
        raise ScenarioError(f'"{name}" is not a Student')
    if status and zone != L.Z_CLASS:
        # the engine clears a card's status whenever it moves, so elsewhere it would mean
        # nothing (or a change until end of turn on a card no seat controls)
        raise ScenarioError(f'"{entry}": only a card in a Class (or an Idol) carries a status')
    move(game.state, c, zone, owner)
    _apply_status(game.state, c, status, entry)


def _apply_status(st: np.ndarray, c: int, status: list[str], entry: str) -> None:
    for s in status:
        m = re.fullmatch(r"([+-]\d+)\s+(combat|defense)", s)
        if s == "exhausted":
            set_exhausted(st, c, 1)
        elif s == "attacked":
            st[L.ROW_CARD + c, L.C_TOKEN] = 1
        elif m:
            col = L.C_MC_TURN if m.group(2) == "combat" else L.C_MD_TURN
            total = int(st[L.ROW_CARD + c, col]) + int(m.group(1))  # the changes add up
            if not -MAX_NUMBER <= total <= MAX_NUMBER:
                raise ScenarioError(
                    f'"{entry}": {total:+} {m.group(2)} in all; expected a change from '
                    f"-{MAX_NUMBER:,} to +{MAX_NUMBER:,}"
                )
            st[L.ROW_CARD + c, col] = total
        else:
            raise ScenarioError(
                f'unknown status "{s}" for "{entry}" (expected exhausted, attacked, '
                f"+N combat, -N defense)"
            )


def deck_card(box: Box, entry: str) -> int:
    name, status = split_status(entry)
    if status:
        raise ScenarioError(f'"{entry}": a card in a deck carries no status')
    return box.take(name)


def _shuffled(game: Game, cards: list[int]) -> list[int]:
    # numpy's generator seeded from the deal: the same scenario and seed, the same decks
    rng = np.random.default_rng(int(game.state[L.G_RNG]))
    rng.shuffle(cards)
    return cards


def deal_students(game: Game, box: Box, top: list[int], only: bool) -> None:
    """The Courtyard filled from the Students named nowhere, then the School: its named cards
    on top, then (unless it is `only` those) the rest, shuffled."""
    st = game.state
    for c in top:
        if box.kind(c) != CardKind.STUDENT:
            raise ScenarioError(f'"{game.card_name(c)}" is not a Student', "school")
    rest = _shuffled(game, box.left(CardKind.STUDENT))
    missing = max(0, COURTYARD_SIZE - int(st[L.G_YARD_N]))
    for c in rest[:missing]:
        move(st, c, L.Z_COURTYARD, -1)
    rest = rest[missing:]
    _write_deck(st, L.C_SCHOOL, L.Z_SCHOOL, (L.G_SCHOOL_HEAD, L.G_SCHOOL_N), top, rest, only)
    refill_courtyard(st)  # only if the box ran out of Students: the School's top fills in


def deal_schemes(game: Game, box: Box, top: list[int], only: bool) -> None:
    for c in top:
        if box.kind(c) != CardKind.SCHEME:
            raise ScenarioError(f'"{game.card_name(c)}" is not a Scheme', "library")
    rest = _shuffled(game, box.left(CardKind.SCHEME))
    st = game.state
    _write_deck(st, L.C_LIBRARY, L.Z_LIBRARY, (L.G_LIB_HEAD, L.G_LIB_N), top, rest, only)


def _write_deck(st, column, zone, head_and_size, top, rest, only) -> None:
    """The deck's ring buffer: `top` first, then `rest` unless the deck is only `top` (the
    cards left out stay in the box: not in this game)."""
    deck = top if only else top + rest
    for i, c in enumerate(deck):
        move(st, c, zone, -1)
        st[L.ROW_CARD + i, column] = c
    head, size = head_and_size
    st[head] = 0
    st[size] = len(deck)
