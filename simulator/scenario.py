"""Readable positions: put named cards into named zones, so a rule test is a few lines.

Text form (one line per part; `|` separates the parts of a line):

    turn 5 | active p0 | phase plan
    p0: idol touka | merit 12 | rep 4 | class record_o_matic(exhausted), cheer captain(attacked)
        | hand pep talk | hallway bench warmer
    p1: idol raj | merit 9 | class goalkeeper
    courtyard: track ace, pep squad rookie
    school: top card first, ...
    library: top card first, ...
    expelled: ...
    trash: ...

Cards are named by id or any unambiguous part of their name. A status in brackets: `exhausted`,
`attacked` (carries an Attack Token), `+2 combat`, `-1 defense` (until end of turn). The
Courtyard is filled up to 6 from the School; Students and Schemes not named anywhere are shuffled
into the School and the Library. `phase` is `plan` (the active player's Plan Phase, the default),
`start` (the beginning of the active player's turn) or `end` (the active player ends the turn).
A seat with `first` is on its first turn (no fights, no Start Phase steps 1-2).

The same position can be given as a dict: {"turn": 5, "active": 0, "phase": "plan",
"players": [{"idol": "touka", "merit": 12, "class": ["record_o_matic(exhausted)"]}, ...],
"courtyard": [...], "school": [...], "library": [...], "expelled": [...], "trash": [...]}.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from avarium.simulator.api import Game, Rules
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import CardKind
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.step import step
from avarium.simulator.engine.zones import move, refill_courtyard

_ZONES = {
    "class": L.Z_CLASS,
    "hand": L.Z_HAND,
    "hallway": L.Z_HALLWAY,
    "courtyard": L.Z_COURTYARD,
    "expelled": L.Z_EXPEL,
    "trash": L.Z_TRASH,
}
_PHASES = {"plan": L.S_PLAN, "start": L.S_START_WINCON, "end": L.S_END_HALLWAY}


class ScenarioError(ValueError):
    """A scenario that cannot be built; the message says which part and why."""


def parse(text: str) -> dict[str, Any]:
    """The dict form of a text scenario."""
    spec: dict[str, Any] = {"players": []}
    lines: list[str] = []
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("|") and lines:
            lines[-1] += " " + line  # a continuation of the previous line
        else:
            lines.append(line)
    for line in lines:
        head, _, rest = line.partition(":")
        head = head.strip().lower()
        if re.fullmatch(r"p[0-3]", head):
            seat = int(head[1])
            while len(spec["players"]) <= seat:
                spec["players"].append({})
            spec["players"][seat] = _player(rest, line)
        elif head in ("courtyard", "school", "library", "expelled", "trash"):
            spec[head] = _names(rest)
        else:
            for part in line.split("|"):
                words = part.split()
                if len(words) != 2:
                    raise ScenarioError(f'cannot read "{part.strip()}" in line "{line}"')
                key, value = words[0].lower(), words[1].lower()
                if key == "turn":
                    spec["turn"] = int(value)
                elif key == "active":
                    spec["active"] = int(value.lstrip("p"))
                elif key == "phase":
                    spec["phase"] = value
                else:
                    raise ScenarioError(f'unknown setting "{key}" in line "{line}"')
    return spec


def _names(text: str) -> list[str]:
    """Comma-separated card names; commas inside a status "(exhausted, attacked)" stay."""
    parts = re.split(r",(?![^()]*\))", text)
    return [n.strip() for n in parts if n.strip()]


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
            out[key] = int(value)
        elif key == "idol":
            out["idol"] = value.strip()
        elif key in ("class", "hand", "hallway"):
            out.setdefault(key, []).extend(_names(value))  # a part may be continued
        else:
            raise ScenarioError(f'unknown part "{key}" in line "{line}"')
    return out


_STATUS = re.compile(r"^(.*?)\s*\(([^)]*)\)\s*$")


def _split_status(entry: str) -> tuple[str, list[str]]:
    m = _STATUS.match(entry)
    if not m:
        return entry.strip(), []
    return m.group(1).strip(), [s.strip().lower() for s in m.group(2).split(",") if s.strip()]


def scenario(
    spec: str | dict[str, Any],
    cards: CardSet | None = None,
    seed: int = 0,
    rules: Rules | None = None,
) -> Game:
    """Build a game in the position `spec` describes, advanced to its first decision."""
    if isinstance(spec, str):
        spec = parse(spec)
    cards = cards if cards is not None else load_cards()
    players = spec.get("players", [])
    if not 2 <= len(players) <= 4 or not all("idol" in p for p in players):
        raise ScenarioError("a scenario needs 2 to 4 players, each with an idol")
    game = Game(cards, [p["idol"] for p in players], seed=seed, rules=rules)
    st, tb = game.state, game.tables
    n = game.n_cards
    idols = {int(st[L.ROW_SEAT + p, L.P_IDOL]) for p in range(len(players))}
    for c in range(n):
        if c not in idols:
            move(st, c, L.Z_BOX, -1)
    placed: set[int] = set(idols)

    def take(name: str) -> int:
        try:
            d = cards.index[cards.find(name).id]
        except LookupError as exc:
            raise ScenarioError(str(getattr(exc, "message", exc))) from None
        for c in range(n):
            if int(st[L.ROW_CARD + c, L.C_DEF]) == d and c not in placed:
                placed.add(c)
                return c
        raise ScenarioError(f'no copy of "{cards.cards[d].name}" is left to place')

    def place(entry: str, zone: int, owner: int) -> None:
        name, status = _split_status(entry)
        c = take(name)
        kind = cards.cards[int(st[L.ROW_CARD + c, L.C_DEF])].kind
        if zone in (L.Z_HAND, L.Z_TRASH) and kind != CardKind.SCHEME:
            raise ScenarioError(f'"{name}" is not a Scheme')
        if zone in (L.Z_CLASS, L.Z_HALLWAY, L.Z_COURTYARD, L.Z_EXPEL) and kind != CardKind.STUDENT:
            raise ScenarioError(f'"{name}" is not a Student')
        move(st, c, zone, owner)
        _apply_status(st, c, status, entry)

    for p, spec_p in enumerate(players):
        for zone_name in ("class", "hand", "hallway"):
            for entry in spec_p.get(zone_name, []):
                place(entry, _ZONES[zone_name], p)
        row = L.ROW_SEAT + p
        idol = int(st[row, L.P_IDOL])
        if "merit" in spec_p:
            st[row, L.P_MERIT] = spec_p["merit"]
        if "rep" in spec_p:
            st[row, L.P_REP] = spec_p["rep"]
        st[row, L.P_TURNS_TAKEN] = 1 if spec_p.get("first") else 2
        for status in spec_p.get("idol_status", []):
            _apply_status(st, idol, [status], spec_p["idol"])
    for zone_name in ("courtyard", "expelled", "trash"):
        for entry in spec.get(zone_name, []):
            place(entry, _ZONES[zone_name], -1)
    _build_deck(st, tb, cards, take, spec.get("school", []), CardKind.STUDENT)
    _build_deck(st, tb, cards, take, spec.get("library", []), CardKind.SCHEME)
    refill_courtyard(st)
    active = int(spec.get("active", 0))
    phase = spec.get("phase", "plan")
    if phase not in _PHASES:
        raise ScenarioError(f'phase "{phase}": expected plan, start or end')
    st[L.G_TURN] = int(spec.get("turn", 3))
    st[L.G_ROUND] = max(1, (int(st[L.G_TURN]) + len(players) - 1) // len(players))
    st[L.G_ACTIVE] = active
    st[L.G_DEC] = L.D_NONE
    st[L.G_WINDOW] = 0
    st[L.G_STEP] = _PHASES[phase]
    step(st, tb, L.A_START)  # check the state, then run to the first decision
    return game


def _apply_status(st: np.ndarray, c: int, status: list[str], entry: str) -> None:
    for s in status:
        m = re.fullmatch(r"([+-]\d+)\s+(combat|defense)", s)
        if s == "exhausted":
            st[L.ROW_CARD + c, L.C_EXHAUSTED] = 1
        elif s == "attacked":
            st[L.ROW_CARD + c, L.C_TOKEN] = 1
        elif m:
            col = L.C_MC_TURN if m.group(2) == "combat" else L.C_MD_TURN
            st[L.ROW_CARD + c, col] += int(m.group(1))
        else:
            raise ScenarioError(
                f'unknown status "{s}" for "{entry}" (expected exhausted, attacked, '
                f"+N combat, -N defense)"
            )


def _build_deck(st, tb, cards: CardSet, take, top: list[str], kind: CardKind) -> None:
    """Named cards on top in order, then every unplaced card of the kind, shuffled."""
    n = int(st[L.G_N_CARDS])
    column = L.C_SCHOOL if kind == CardKind.STUDENT else L.C_LIBRARY
    zone = L.Z_SCHOOL if kind == CardKind.STUDENT else L.Z_LIBRARY
    order = [take(_split_status(e)[0]) for e in top]
    rest = [
        c
        for c in range(n)
        if int(st[L.ROW_CARD + c, L.C_ZONE]) == L.Z_BOX
        and cards.cards[int(st[L.ROW_CARD + c, L.C_DEF])].kind == kind
    ]
    rng = np.random.default_rng(int(st[L.G_RNG]))
    rng.shuffle(rest)
    for i, c in enumerate(order + rest):
        move(st, c, zone, -1)
        st[L.ROW_CARD + i, column] = c
    head, size = (
        (L.G_SCHOOL_HEAD, L.G_SCHOOL_N)
        if kind == CardKind.STUDENT
        else (
            L.G_LIB_HEAD,
            L.G_LIB_N,
        )
    )
    st[head] = 0
    st[size] = len(order) + len(rest)
