"""A game built in the position a scenario describes, advanced to its first decision."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from avarium.simulator import arguments
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import COURTYARD_SIZE, CardKind
from avarium.simulator.engine import layout as L
from avarium.simulator.game.api import Game, Rules
from avarium.simulator.game.scenario.dealing import (
    ZONES,
    Box,
    deal_schemes,
    deal_students,
    deck_card,
    find,
    listed,
    place,
    seat,
)
from avarium.simulator.game.scenario.errors import ScenarioError, part
from avarium.simulator.game.scenario.text import DECKS, SETTINGS, parse_with_lines, split_status
from avarium.simulator.game.scenario.turn import start, turn_and_active

PHASES = {"plan": L.S_PLAN, "start": L.S_START_WINCON, "end": L.S_END_HALLWAY}
SPEC_KEYS = {
    "turn",
    "active",
    "phase",
    "players",
    "courtyard",
    "expelled",
    "trash",
    *DECKS,
    *(f"{d}_only" for d in DECKS),
}
PLAYER_KEYS = {"idol", "idol_status", "first", "merit", "rep", "class", "hand", "hallway"}


def scenario(
    spec: str | dict[str, Any],
    cards: CardSet | str | Path | None = None,
    seed: int = 0,
    rules: Rules | None = None,
) -> Game:
    """Build a game in the position `spec` describes, advanced to its first decision.

    Raises ScenarioError (with the part, and for text the line, at fault)."""
    where: dict[str, int] = {}
    if not isinstance(spec, str | Mapping):
        raise TypeError(f"spec: expected a scenario's text or a dict, got {spec!r:.60}")
    arguments.of_type("rules", rules, Rules | None, "avarium.Rules(...) or None")
    if not isinstance(cards, CardSet) and cards is not None:
        arguments.path("cards", cards, "a CardSet, a card file or folder, or a name")
    if isinstance(spec, str):
        spec, where = parse_with_lines(spec)
    try:
        cards = cards if isinstance(cards, CardSet) else load_cards(cards)  # a path, a name
        return _build(spec, cards, seed, rules)
    except ScenarioError as exc:
        if exc.line is None and exc.part in where:
            exc.line = where[exc.part]
        raise


def _build(spec: dict[str, Any], cards: CardSet, seed: int, rules: Rules | None) -> Game:
    _check_keys(spec)
    players = spec.get("players", [])
    turn, active = turn_and_active(spec, players, (rules or Rules()).max_turns)
    phase = spec.get("phase", "plan")
    if phase not in PHASES:
        raise ScenarioError(f'phase "{phase}": expected plan, start or end', SETTINGS)
    game = _new_game(cards, players, seed, rules)
    box = Box(game)
    for p, spec_p in enumerate(players):
        with part(f"p{p}"):
            seat(game, box, p, spec_p)
    for zone_name in ("courtyard", "expelled", "trash"):
        with part(zone_name):
            for entry in spec.get(zone_name, []):
                place(game, box, entry, ZONES[zone_name], -1)
    with part("courtyard"):
        if len(game.cards_in("courtyard")) > COURTYARD_SIZE:
            raise ScenarioError(f"the Courtyard holds {COURTYARD_SIZE} Students, not more")
    tops = {}
    for deck in DECKS:
        with part(deck):
            tops[deck] = [deck_card(box, entry) for entry in listed(spec, deck)]
    deal_students(game, box, tops["school"], bool(spec.get("school_only")))
    deal_schemes(game, box, tops["library"], bool(spec.get("library_only")))
    start(game, turn, active, PHASES[phase])
    return game


def _check_keys(spec: dict[str, Any]) -> None:
    """A misspelt key would otherwise be ignored without a word."""
    unknown = sorted(set(spec) - SPEC_KEYS)
    if unknown:
        raise ScenarioError(f"unknown scenario key(s) {unknown}; expected {sorted(SPEC_KEYS)}")
    players = spec.get("players", [])
    if not 2 <= len(players) <= 4 or not all("idol" in p for p in players):
        raise ScenarioError("a scenario needs 2 to 4 players, each with an idol")
    for p, spec_p in enumerate(players):
        unknown = sorted(set(spec_p) - PLAYER_KEYS)
        if unknown:
            raise ScenarioError(
                f"unknown key(s) {unknown} for p{p}; expected {sorted(PLAYER_KEYS)}", f"p{p}"
            )


def _new_game(cards: CardSet, players: list[dict], seed: int, rules: Rules | None) -> Game:
    """The game dealt with the players' Idols, everything else still to be placed."""
    idols = []
    for p, spec_p in enumerate(players):
        with part(f"p{p}"):
            name = split_status(spec_p["idol"])[0]
            idol = find(cards, name, CardKind.IDOL)
            if idol in idols:
                raise ScenarioError(f'p{idols.index(idol)} already has "{idol}" as its Idol')
            idols.append(idol)
    return Game(cards, idols, seed=seed, rules=rules)
