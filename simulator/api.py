"""The Python face of the rules engine, OpenSpiel-shaped: for tests, tools and anyone's own bot.

    game = new_game(cards, idols=["touka", "raj"], seed=7)
    while not game.is_terminal():
        actions = game.legal_actions()            # flat integers
        game.step(actions[0])                      # or game.play("recruit Record-O-Matic")
    print(game.result())

Every call goes to the compiled kernels in `engine`; this module only checks inputs,
names actions and reads the state. An illegal action raises `IllegalActionError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from avarium.simulator.cards.describe import canonical
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import (
    DEFAULT_BONUSES,
    MAX_PLAYERS,
    MAX_TURNS,
    REASON_NAMES,
    CardKind,
)
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.legal import legal_actions as _legal_actions
from avarium.simulator.engine.play import action_buffer_size
from avarium.simulator.engine.rng import raw_deal_state, seed_value
from avarium.simulator.engine.setup import config_array, setup_game
from avarium.simulator.engine.state import allocate, state_hash
from avarium.simulator.engine.state import clone as clone_state
from avarium.simulator.engine.step import step as _step
from avarium.simulator.engine.tables import H_AB_SLOTS, pack


class IllegalActionError(ValueError):
    """An action that is not legal in the current decision."""


@dataclass(frozen=True)
class Rules:
    """Rules options: the rulebook's defaults, and the alternatives of docs/rulings.md."""

    bonuses: dict[int, tuple[int, ...]] = field(default_factory=lambda: dict(DEFAULT_BONUSES))
    max_turns: int = MAX_TURNS  # safety cap: a longer game is recorded as stalled (ruling 14)
    max_actions_per_turn: int = 500  # safety cap against ability loops (ruling 14)
    school_runs_out: str = "refill"  # ruling 3: "refill" or "last card"
    simultaneous_expulsion: str = "turn order"  # ruling 8: "turn order" or "draw"
    damage_split: str = "choose"  # ruling 7: "choose" or "auto"

    def __post_init__(self) -> None:
        choices = {
            "school_runs_out": ("refill", "last card"),
            "simultaneous_expulsion": ("turn order", "draw"),
            "damage_split": ("choose", "auto"),
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"rules option {name} must be one of {allowed}")
        if self.max_turns < 1 or self.max_actions_per_turn < 1:
            raise ValueError("the safety caps must be at least 1")

    def seat_bonus(self, players: int) -> tuple[int, ...]:
        bonus = tuple(self.bonuses.get(players, DEFAULT_BONUSES[players]))
        if len(bonus) != players:
            raise ValueError(f"{players} players need {players} seat bonuses, got {bonus}")
        return bonus

    def config(self) -> np.ndarray:
        return config_array(
            self.max_turns,
            self.max_actions_per_turn,
            int(self.school_runs_out == "last card"),
            int(self.simultaneous_expulsion == "draw"),
            int(self.damage_split == "auto"),
        )


@dataclass(frozen=True)
class GameResult:
    winner: int | None  # seat, or None (stalled, draw)
    reason: str  # "wincon", "last standing", "school out", "school out (tie)", "stalled", "draw"
    turns: int
    rounds: int
    merit: tuple[int, ...]
    placement: tuple[int, ...]  # order each seat was expelled in (0: never)


def tables_of(cards: CardSet) -> np.ndarray:
    """The packed engine tables of a card set, computed once and kept on the set itself (a
    cache keyed by id() could hand a new set the tables of a collected one)."""
    tables = cards.__dict__.get("_engine_tables")
    if tables is None:
        tables = pack(cards.table)
        cards.__dict__["_engine_tables"] = tables
    return tables


class Game:
    """One game: a state array plus the card set and rules it is played with."""

    def __init__(
        self,
        cards: CardSet | None = None,
        idols: Sequence[str] = ("hatsurugi_touka", "kumara_raj"),
        seed: int = 0,
        rules: Rules | None = None,
        bonus: Sequence[int] | None = None,
        _state: np.ndarray | None = None,
        deal_state: int | None = None,
    ) -> None:
        """`seed` is hashed into the deal's generator; `deal_state`, when given, is that
        generator's 32-bit state itself (how `avarium simulate` seeds its games; 0 is mapped to
        a fixed non-zero state, as xorshift needs)."""
        self.cards = cards if cards is not None else load_cards()
        self.rules = rules or Rules()
        self.tables = tables_of(self.cards)
        self.seed = seed
        self.history: list[int] = []
        if _state is not None:
            self.state = _state
            return
        n = len(idols)
        if not 2 <= n <= MAX_PLAYERS:
            raise ValueError(f"a game has 2 to 4 players, got {n} Idols")
        defs = [self.cards.index[self.cards.find(q, CardKind.IDOL).id] for q in idols]
        if len(set(defs)) != len(defs):
            # every Idol card exists once (ruling 1); mirrors need a set with two copies
            raise ValueError("two seats cannot share an Idol")
        seat_bonus = tuple(bonus) if bonus is not None else self.rules.seat_bonus(n)
        if len(seat_bonus) != n:
            raise ValueError(f"{n} players need {n} seat bonuses")
        self.state = allocate(self.tables)
        b = np.zeros(MAX_PLAYERS, np.int32)
        b[:n] = seat_bonus
        setup_game(
            self.state,
            self.tables,
            n,
            np.asarray(defs, np.int32),
            b,
            seed_value(seed) if deal_state is None else raw_deal_state(deal_state),
            self.rules.config(),
        )

    # -- the OpenSpiel-shaped core ---------------------------------------------------------------
    def current_player(self) -> int:
        """The seat that must decide now (-1 once the game is over)."""
        return -1 if self.is_terminal() else int(self.state[L.G_DEC_PLAYER])

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        buf = np.empty(action_buffer_size(self.state, self.tables), np.int64)
        m = _legal_actions(self.state, self.tables, buf)
        return [int(a) for a in buf[:m]]

    def step(self, action: int) -> None:
        if self.is_terminal():
            raise IllegalActionError("the game is over")
        legal = self.legal_actions()
        if action not in legal:
            names = ", ".join(self.action_name(a) for a in legal[:12])
            raise IllegalActionError(
                f"action {action} ({self.action_name(action)}) is not legal now; "
                f"{self.decision} decision for seat {self.current_player()}: {names}"
            )
        _step(self.state, self.tables, np.int64(action))
        self.history.append(action)

    def play(self, name: str) -> None:
        """Step by the readable name of a legal action (case and spacing ignored)."""
        want = " ".join(name.lower().split())
        names = {a: self.action_name(a) for a in self.legal_actions()}
        hits = [a for a, n in names.items() if n.lower() == want]
        if not hits:
            hits = [a for a, n in names.items() if want in n.lower()]
        if len(hits) != 1:
            what = "no legal action" if not hits else f"{len(hits)} legal actions"
            raise IllegalActionError(
                f'{what} named "{name}"; legal now: ' + "; ".join(names.values())
            )
        self.step(hits[0])

    def clone(self) -> Game:
        other = Game(self.cards, rules=self.rules, _state=clone_state(self.state))
        other.seed = self.seed
        other.history = list(self.history)
        return other

    def is_terminal(self) -> bool:
        return bool(self.state[L.G_DONE])

    def result(self) -> GameResult | None:
        if not self.is_terminal():
            return None
        winner = int(self.state[L.G_WINNER])
        n = self.players
        return GameResult(
            None if winner < 0 else winner,
            REASON_NAMES[int(self.state[L.G_REASON])],
            int(self.state[L.G_TURN]),
            int(self.state[L.G_ROUND]),
            tuple(self.merit(p) for p in range(n)),
            tuple(int(self.state[L.ROW_SEAT + p, L.P_PLACE]) for p in range(n)),
        )

    def hash(self) -> str:
        return state_hash(self.state)

    # -- reading the state ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.state[L.G_PLAYERS])

    @property
    def n_cards(self) -> int:
        return int(self.state[L.G_N_CARDS])

    @property
    def decision(self) -> str:
        return L.DECISION_NAMES[int(self.state[L.G_DEC])]

    @property
    def active(self) -> int:
        return int(self.state[L.G_ACTIVE])

    @property
    def turn(self) -> int:
        return int(self.state[L.G_TURN])

    def _card(self, c: int, column: int) -> int:
        return int(self.state[L.ROW_CARD + c, column])

    def _seat(self, p: int, column: int) -> int:
        return int(self.state[L.ROW_SEAT + p, column])

    def merit(self, p: int) -> int:
        return self._seat(p, L.P_MERIT)

    def rep(self, p: int) -> int:
        return self._seat(p, L.P_REP)

    def alive(self, p: int) -> bool:
        return bool(self._seat(p, L.P_ALIVE))

    def seat_stat(self, p: int, column: int) -> int:
        return self._seat(p, column)

    def definition(self, c: int):
        return self.cards.cards[self._card(c, L.C_DEF)]

    def card_name(self, c: int) -> str:
        """A card instance's name; copies after the first are numbered ("Bench Warmer #2")."""
        d = self._card(c, L.C_DEF)
        copy = sum(1 for x in range(c) if self._card(x, L.C_DEF) == d)
        name = self.cards.cards[d].name
        return name if copy == 0 else f"{name} #{copy + 1}"

    def idol_name(self, p: int) -> str:
        return self.card_name(self._seat(p, L.P_IDOL))

    def zone(self, c: int) -> str:
        return L.ZONE_NAMES[self._card(c, L.C_ZONE)]

    def owner(self, c: int) -> int:
        return self._card(c, L.C_OWNER)

    def exhausted(self, c: int) -> bool:
        return bool(self._card(c, L.C_EXHAUSTED))

    def attack_token(self, c: int) -> bool:
        return bool(self._card(c, L.C_TOKEN))

    def cards_in(self, zone: str, p: int | None = None) -> list[int]:
        """Card instances in a zone ("class", "hand", "hallway", "courtyard", ...), of seat p."""
        z = L.ZONE_NAMES.index(zone)
        return [
            c
            for c in range(self.n_cards)
            if self._card(c, L.C_ZONE) == z and (p is None or self._card(c, L.C_OWNER) == p)
        ]

    def names_in(self, zone: str, p: int | None = None) -> list[str]:
        return [self.card_name(c) for c in self.cards_in(zone, p)]

    def find(self, query: str, zone: str | None = None, p: int | None = None) -> int:
        """The instance of the card `query` names (id or name part), optionally in a zone."""
        d = self.cards.index[self.cards.find(query).id]
        for c in range(self.n_cards):
            if self._card(c, L.C_DEF) != d:
                continue
            if zone is not None and self.zone(c) != zone:
                continue
            if p is not None and self.owner(c) != p:
                continue
            return c
        where = f" in {zone}" if zone else ""
        raise LookupError(f"no {self.cards.cards[d].name}{where}")

    # -- naming actions --------------------------------------------------------------------------
    def offsets(self) -> dict[str, int]:
        return L.action_offsets(self.n_cards, int(self.tables[-1, H_AB_SLOTS]))

    def action_name(self, action: int) -> str:
        """A readable name: "recruit Record-O-Matic", "fight: TOUKA leads", "pass", ..."""
        o = self.offsets()
        if action == L.A_PASS:
            return "pass"
        if action == L.A_END_TURN:
            return "end turn"
        if not 0 <= action < o["total"]:
            return f"action {action} (out of range)"
        dec = int(self.state[L.G_DEC])
        if action >= o["activate"]:
            k = action - o["activate"]
            slots = int(self.tables[-1, H_AB_SLOTS])
            c, a = divmod(k, slots)
            card = self.definition(c)
            text = canonical(card.parsed[a]) if a < len(card.parsed) else f"ability {a + 1}"
            return f"activate {self.card_name(c)}: {text}"
        if action >= o["trigger"]:
            t = action - o["trigger"]
            c = int(self.state[L.ROW_TRIG + t, L.TR_CARD])
            return f"put {self.card_name(c)}'s ability on the stack next"
        if action >= o["player"]:
            q = action - o["player"]
            return f"target player {q} ({self.idol_name(q)})"
        for key in ("help_defend", "choose", "fight", "scheme_exhaust", "scheme_rep", "recruit"):
            if action >= o[key]:
                return self._card_action_name(key, action - o[key], dec)
        return f"action {action}"

    def _card_action_name(self, key: str, c: int, dec: int) -> str:
        name = self.card_name(c)
        if key == "recruit":
            return f"recruit {name}"
        if key == "scheme_rep":
            return f"play {name} paying Reputation"
        if key == "scheme_exhaust":
            return f"play {name} exhausting a Student"
        if key == "fight":
            return f"fight: {name} leads"
        if key == "help_defend":
            return f"help the defenders with {name}"
        verbs = {
            L.D_PAYER: "pay by exhausting",
            L.D_TRASH_COST: "trash",
            L.D_HAND_LIMIT: "trash",
            L.D_EFFECT_TRASH: "trash",
            L.D_TARGET: "target",
            L.D_FIGHT_TARGET: "attack",
            L.D_SUPPORT_ATT: "support the attack with",
            L.D_SUPPORT_DEF: "support the defense with",
            L.D_HELPER: "help the attackers with",
            L.D_DAMAGE: "1 damage to",
            L.D_CLASS_LIMIT: "expel",
        }
        return f"{verbs.get(dec, 'choose')} {name}"


def new_game(
    cards: CardSet | None = None,
    idols: Sequence[str] = ("hatsurugi_touka", "kumara_raj"),
    seed: int = 0,
    rules: Rules | None = None,
    bonus: Sequence[int] | None = None,
) -> Game:
    return Game(cards, idols, seed, rules, bonus)
