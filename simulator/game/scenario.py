"""Readable positions: put named cards into named zones, so a rule test is a few lines.

Text form (one line per part; `|` separates the parts of a line, a line starting with `|`
continues the one before, `#` starts a comment line):

    turn 5 | active p0 | phase plan
    p0: idol touka(exhausted) | merit 12 | rep 4
        | class record_o_matic(exhausted), cheer captain(attacked, +1 combat)
        | hand pep rally | hallway benchwarmer
    p1: idol raj | merit 9 | class goalkeeper
    courtyard: track ace, pep squad rookie
    school: top card first, ...
    library: top card first, ...
    expelled: ...
    trash: ...

Cards are named by id or any unambiguous part of their name; a card named twice takes a second
copy (there must be one). A card in a Class, or an Idol, may carry a status in brackets:
`exhausted`, `attacked` (an Attack Token), `+N combat`, `-N combat`, and for Students `+N
defense`, `-N defense` (until end of turn; an Idol has no Defense).

Merit is 1 to 32,767, Reputation 0 to 32,767, the turn 1 to the rules' safety cap (max_turns),
and a card's changes of Combat (or of Defense) add up to -32,767 .. +32,767 (MAX_NUMBER).

Every card is dealt once. The Courtyard holds the Students named on its line, and is filled up
to 6 from the Students named nowhere, shuffled (never from the School's named cards: a card on
the `school:` line is on top of the School). The School is its named cards, top first, then
every other Student named nowhere, shuffled; the Library likewise with Schemes. A short deck is
`school: only a, b` (exactly these, top first: the Students named nowhere stay out of the game),
an empty one `school: empty` (`library:` alike). If too few Students are left to fill the
Courtyard, the School fills the rest from its top, as a refill in play would.

The turn: seats take turns from p0 in seat order, so turn N belongs to seat (N - 1) mod players,
and seat p starts its k-th turn on turn p + 1 + (k - 1) * players. `first` on the active seat
means this turn is its first (no fights, no Start Phase steps 1-2); on another seat, that it has
not had a turn yet. The active seat must be marked `first` exactly when the turn is its first
(a ScenarioError otherwise); another seat's turns follow from the turn number. Without `turn`,
the turn is the active seat's first if it is marked `first`, else its second; without
`active`, the active seat is the one whose turn it is (p0 if neither is given). `phase` is
`plan` (the active player's Plan Phase, the default), `start` (the beginning of the active
player's turn) or `end` (the active player ends the turn).

The same position as a dict (what `parse` returns): {"turn": 5, "active": 0, "phase": "plan",
"players": [{"idol": "touka(exhausted)", "merit": 12, "rep": 4, "first": False,
"class": ["record_o_matic(exhausted)"], "hand": [...], "hallway": [...]}, ...],
"courtyard": [...], "school": [...], "school_only": False, "library": [...],
"library_only": False, "expelled": [...], "trash": [...]}. `school_only: True` is the short
deck (with an empty list: the empty School). A player's "idol_status": ["exhausted"] is the
same as the status in brackets.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from numbers import Integral
from pathlib import Path
from typing import Any

import numpy as np
from avarium.simulator import arguments
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import COURTYARD_SIZE, CardKind
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.step import step
from avarium.simulator.engine.zones import move, refill_courtyard, set_exhausted
from avarium.simulator.game.api import Game, Rules
from avarium.simulator.schema import INT16_MAX

_ZONES = {
    "class": L.Z_CLASS,
    "hand": L.Z_HAND,
    "hallway": L.Z_HALLWAY,
    "courtyard": L.Z_COURTYARD,
    "expelled": L.Z_EXPEL,
    "trash": L.Z_TRASH,
}
_PHASES = {"plan": L.S_PLAN, "start": L.S_START_WINCON, "end": L.S_END_HALLWAY}
_DECKS = ("school", "library")
_SPEC_KEYS = {
    "turn",
    "active",
    "phase",
    "players",
    "courtyard",
    "expelled",
    "trash",
    *_DECKS,
    *(f"{d}_only" for d in _DECKS),
}
_PLAYER_KEYS = {"idol", "idol_status", "first", "merit", "rep", "class", "hand", "hallway"}
_SETTINGS = "settings"  # the part of a text scenario that holds turn, active and phase
# The largest Merit, Reputation or change of Combat or Defense a scenario may set. The engine
# keeps them in 64-bit words, but a game's Merit and Reputation go into the dataset as 16-bit
# integers (simulator/schema.py), so no game holds more; and the engine's sums stay far from
# overflowing (a number past 64 bits was an OverflowError traceback).
MAX_NUMBER = INT16_MAX


class ScenarioError(ValueError):
    """A scenario that cannot be built; the message says which part and why.

    `part` names the part of the position at fault ("p0", "courtyard", "settings", ...) and
    `line` its line in the text (1 = the first line), when the scenario was given as text."""

    def __init__(self, message: str, part: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.part = part
        self.line = line


@contextmanager
def _part(name: str) -> Iterator[None]:
    """Errors raised inside name the part of the position being built."""
    try:
        yield
    except ScenarioError as exc:
        exc.part = exc.part or name
        raise


def _whole(what: str, value: object, low: int, high: int, why: str = "") -> int:
    """`value` if it is a whole number from low to high; a ScenarioError naming `what` (the
    part of a line the number came from) and the range otherwise."""
    # numbers.Integral: numpy's integers too, as a Python caller may pass them
    if isinstance(value, bool) or not isinstance(value, Integral) or not low <= value <= high:
        raise ScenarioError(
            f"{what} {value}: expected a whole number from {low:,} to {high:,}{why}"
        )
    return int(value)


# -- the text form ---------------------------------------------------------------------------


def parse(text: str) -> dict[str, Any]:
    """The dict form of a text scenario."""
    return _parse(text)[0]


def _logical_lines(text: str) -> list[tuple[int, str]]:
    """The lines that say something, each with its first line number; a line starting with `|`
    is joined to the one before."""
    lines: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("|") and lines:
            lines[-1] = (lines[-1][0], lines[-1][1] + " " + line)
        else:
            lines.append((number, line))
    return lines


def _parse(text: str) -> tuple[dict[str, Any], dict[str, int]]:
    """The dict form, and the line each part starts on (for error messages)."""
    spec: dict[str, Any] = {"players": []}
    where: dict[str, int] = {}
    for number, line in _logical_lines(text):
        head, colon, rest = line.partition(":")
        head = head.strip().lower()
        try:
            if colon and re.fullmatch(r"p[0-3]", head):
                seat = int(head[1])
                while len(spec["players"]) <= seat:
                    spec["players"].append({})
                spec["players"][seat] = _player(rest, line)
                where.setdefault(head, number)
            elif colon and head in _DECKS:
                spec[head], only = _deck(rest)
                if only:
                    spec[f"{head}_only"] = True
                where.setdefault(head, number)
            elif colon and head in ("courtyard", "expelled", "trash"):
                spec[head] = _names(rest)
                where.setdefault(head, number)
            elif colon:
                raise ScenarioError(
                    f'unknown part "{head}:" in line "{line}" (expected p0 to p3, courtyard, '
                    "school, library, expelled or trash)"
                )
            else:
                spec.update(_settings(line))
                where.setdefault(_SETTINGS, number)
        except ScenarioError as exc:
            exc.line = number
            raise
    return spec, where


def _settings(line: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in line.split("|"):
        words = part.split()
        if len(words) != 2:
            raise ScenarioError(f'cannot read "{part.strip()}" in line "{line}"')
        key, value = words[0].lower(), words[1].lower()
        try:
            if key == "turn":
                out["turn"] = int(value)
            elif key == "active":
                out["active"] = int(value.removeprefix("p"))
            elif key == "phase":
                out["phase"] = value
            else:
                raise ScenarioError(f'unknown setting "{key}" in line "{line}"')
        except ValueError as exc:
            if isinstance(exc, ScenarioError):
                raise
            raise ScenarioError(f'"{part.strip()}": expected a number in line "{line}"') from None
    return out


def _names(text: str) -> list[str]:
    """Comma-separated card names; commas inside a status "(exhausted, attacked)" stay."""
    parts = re.split(r",(?![^()]*\))", text)
    return [n.strip() for n in parts if n.strip()]


def _deck(text: str) -> tuple[list[str], bool]:
    """A School or Library line: its named cards, and whether they are the whole deck
    (`empty`, `only a, b`) rather than its top."""
    words = text.strip()
    if words.lower() in ("empty", "only"):
        return [], True
    if words.lower().startswith("only "):
        return _names(words[5:]), True
    return _names(words), False


def _player(text: str, line: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in text.split("|"):
        part = part.strip()
        if not part:
            continue
        key, _, value = part.partition(" ")
        key = key.lower()
        if key == "first":
            out["first"] = True
        elif key in ("merit", "rep"):
            try:
                out[key] = int(value)
            except ValueError:
                raise ScenarioError(f'"{part}": expected a number in line "{line}"') from None
        elif key == "idol":
            out["idol"] = value.strip()
        elif key in ("class", "hand", "hallway"):
            out.setdefault(key, []).extend(_names(value))  # a part may be continued
        else:
            raise ScenarioError(f'unknown part "{key}" in line "{line}"')
    return out


_STATUS = re.compile(r"^(.*?)\s*\(([^)]*)\)\s*$")


def _split_status(entry: str) -> tuple[str, list[str]]:
    """A name and its status: "sculptor(exhausted, +1 combat)" -> "sculptor", [those two]."""
    m = _STATUS.match(entry)
    if not m:
        return entry.strip(), []
    return m.group(1).strip(), [s.strip().lower() for s in m.group(2).split(",") if s.strip()]


# -- building the game -----------------------------------------------------------------------


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
        spec, where = _parse(spec)
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
    turn, active = _turn_and_active(spec, players, (rules or Rules()).max_turns)
    phase = spec.get("phase", "plan")
    if phase not in _PHASES:
        raise ScenarioError(f'phase "{phase}": expected plan, start or end', _SETTINGS)
    game = _new_game(cards, players, seed, rules)
    box = _Box(game)
    for p, spec_p in enumerate(players):
        with _part(f"p{p}"):
            _seat(game, box, p, spec_p)
    for zone_name in ("courtyard", "expelled", "trash"):
        with _part(zone_name):
            for entry in spec.get(zone_name, []):
                _place(game, box, entry, _ZONES[zone_name], -1)
    with _part("courtyard"):
        if len(game.cards_in("courtyard")) > COURTYARD_SIZE:
            raise ScenarioError(f"the Courtyard holds {COURTYARD_SIZE} Students, not more")
    tops = {}
    for deck in _DECKS:
        with _part(deck):
            tops[deck] = [_deck_card(box, entry) for entry in _listed(spec, deck)]
    _deal_students(game, box, tops["school"], bool(spec.get("school_only")))
    _deal_schemes(game, box, tops["library"], bool(spec.get("library_only")))
    _start(game, turn, active, _PHASES[phase])
    return game


def _listed(spec: dict[str, Any], key: str) -> list[str]:
    value = spec.get(key, [])
    if not isinstance(value, list | tuple):
        raise ScenarioError(f'"{key}" must be a list of card names, got {value!r}')
    return list(value)


def _check_keys(spec: dict[str, Any]) -> None:
    """A misspelt key would otherwise be ignored without a word."""
    unknown = sorted(set(spec) - _SPEC_KEYS)
    if unknown:
        raise ScenarioError(f"unknown scenario key(s) {unknown}; expected {sorted(_SPEC_KEYS)}")
    players = spec.get("players", [])
    if not 2 <= len(players) <= 4 or not all("idol" in p for p in players):
        raise ScenarioError("a scenario needs 2 to 4 players, each with an idol")
    for p, spec_p in enumerate(players):
        unknown = sorted(set(spec_p) - _PLAYER_KEYS)
        if unknown:
            raise ScenarioError(
                f"unknown key(s) {unknown} for p{p}; expected {sorted(_PLAYER_KEYS)}", f"p{p}"
            )


def _new_game(cards: CardSet, players: list[dict], seed: int, rules: Rules | None) -> Game:
    """The game dealt with the players' Idols, everything else still to be placed."""
    idols = []
    for p, spec_p in enumerate(players):
        with _part(f"p{p}"):
            name = _split_status(spec_p["idol"])[0]
            idol = _find(cards, name, CardKind.IDOL)
            if idol in idols:
                raise ScenarioError(f'p{idols.index(idol)} already has "{idol}" as its Idol')
            idols.append(idol)
    return Game(cards, idols, seed=seed, rules=rules)


def _find(cards: CardSet, name: str, kind: CardKind | None = None) -> str:
    """The id of the card `name` names; a name that matches none, or several, is an error."""
    try:
        return cards.find(name, kind).id
    except LookupError as exc:
        raise ScenarioError(str(getattr(exc, "message", exc))) from None


class _Box:
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
        d = self.cards.index[_find(self.cards, name)]
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


def _seat(game: Game, box: _Box, p: int, spec_p: dict[str, Any]) -> None:
    for zone_name in ("class", "hand", "hallway"):
        for entry in _listed(spec_p, zone_name):
            _place(game, box, entry, _ZONES[zone_name], p)
    st = game.state
    row = L.ROW_SEAT + p
    if "merit" in spec_p:  # 0 Merit is expelled, and a scenario seats players in the game
        why = " (a player at 0 Merit is expelled)"
        st[row, L.P_MERIT] = _whole("merit", spec_p["merit"], 1, MAX_NUMBER, why)
    if "rep" in spec_p:
        st[row, L.P_REP] = _whole("rep", spec_p["rep"], 0, MAX_NUMBER)
    idol = int(st[row, L.P_IDOL])
    status = _split_status(spec_p["idol"])[1] + list(spec_p.get("idol_status", []))
    if any(s.endswith("defense") for s in status):
        raise ScenarioError(f'"{spec_p["idol"]}": an Idol has no Defense to change')
    _apply_status(st, idol, status, spec_p["idol"])


def _place(game: Game, box: _Box, entry: str, zone: int, owner: int) -> None:
    name, status = _split_status(entry)
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


def _deck_card(box: _Box, entry: str) -> int:
    name, status = _split_status(entry)
    if status:
        raise ScenarioError(f'"{entry}": a card in a deck carries no status')
    return box.take(name)


# -- the decks -------------------------------------------------------------------------------


def _shuffled(game: Game, cards: list[int]) -> list[int]:
    # numpy's generator seeded from the deal: the same scenario and seed, the same decks
    rng = np.random.default_rng(int(game.state[L.G_RNG]))
    rng.shuffle(cards)
    return cards


def _deal_students(game: Game, box: _Box, top: list[int], only: bool) -> None:
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


def _deal_schemes(game: Game, box: _Box, top: list[int], only: bool) -> None:
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


# -- the turn --------------------------------------------------------------------------------


def turns_taken(seat: int, turn: int, players: int) -> int:
    """The turns `seat` has started by `turn`: seat p starts its k-th on turn
    p + 1 + (k - 1) * players (seats take turns from p0; nobody expelled)."""
    return 0 if turn <= seat else (turn - seat - 1) // players + 1


def _ordinal(k: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, ..., 21st."""
    last = k % 10 if k % 100 not in (11, 12, 13) else 0
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(last, "th")
    return f"{k}{suffix}"


def _turn_and_active(spec: dict[str, Any], players: list[dict], max_turns: int) -> tuple[int, int]:
    """The turn number and the active seat, each derived from the other when left out, and
    checked against the seats marked `first` and the game's safety cap on turns."""
    n = len(players)
    first = [bool(p.get("first")) for p in players]
    turn, active = spec.get("turn"), spec.get("active")
    if active is not None and not 0 <= int(active) < n:
        raise ScenarioError(f"active p{active}: there is no such seat ({n} players)", _SETTINGS)
    if turn is None:
        a = 0 if active is None else int(active)
        turn = a + 1 if first[a] else a + 1 + n  # its first turn, or its second
    with _part(_SETTINGS):  # no game reaches a turn past its safety cap: it stalls there
        turn = _whole("turn", turn, 1, max_turns, " (the game's safety cap on turns)")
    whose = (turn - 1) % n
    active = whose if active is None else int(active)
    if active != whose:
        raise ScenarioError(
            f"turn {turn} is p{whose}'s turn, not p{active}'s (seats take turns from p0)",
            _SETTINGS,
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


def _start(game: Game, turn: int, active: int, phase_step: int) -> None:
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
