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

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from avarium.simulator import arguments
from avarium.simulator.cards.describe import canonical
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import (
    MAX_PLAYERS,
    REASON_NAMES,
    CardKind,
)
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.legal import legal_actions as _legal_actions
from avarium.simulator.engine.play import action_buffer_size
from avarium.simulator.engine.query import combat_of, defense_of
from avarium.simulator.engine.rng import raw_deal_state, seed_value
from avarium.simulator.engine.setup import setup_game
from avarium.simulator.engine.state import allocate, state_hash
from avarium.simulator.engine.state import clone as clone_state
from avarium.simulator.engine.step import step as _step
from avarium.simulator.engine.tables import H_AB_SLOTS, pack
from avarium.simulator.game.rules import Rules
from avarium.simulator.schema import INT16_MAX

# The zones by the words a designer uses (the engine's names, and the scenario's).
ZONE_WORDS = {name: z for z, name in enumerate(L.ZONE_NAMES)} | {
    "expelled": L.Z_EXPEL,
    "trash pile": L.Z_TRASH,
}
# A fight's optional choices: the action that lets a named card join, by decision or side.
_SUPPORT = {
    "attacker's support": "support the attack with {}",
    "defender's support": "support the defense with {}",
}
_HELP = {"attackers": "help the attackers with {}", "defenders": "help the defenders with {}"}


class IllegalActionError(ValueError):
    """An action that is not legal in the current decision."""


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
        cards: CardSet | str | Path | None = None,
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
        # A path or a bundled set's name is loaded (CardSetError if it does not load).
        if not isinstance(cards, CardSet) and cards is not None:
            arguments.path("cards", cards, "a CardSet, a card file or folder, or a name")
        arguments.of_type("rules", rules, Rules | None, "avarium.Rules(...) or None")
        seed = arguments.whole("seed", seed, 0)
        if _state is None:
            if isinstance(idols, str):  # one name would be read letter by letter
                raise TypeError(f"idols: expected a list of 2 to 4 Idol names, got {idols!r}")
            idols = arguments.texts("idols", idols, "Idol names")
            if bonus is not None:
                bonus = arguments.whole_numbers("bonus", bonus, 0, INT16_MAX)
        self.cards = cards if isinstance(cards, CardSet) else load_cards(cards)
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
            raise ValueError(f"bonus: {n} players need {n} seat bonuses, got {list(seat_bonus)}")
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

    def contents(self, zone: str, seat: int | None = None) -> list[str]:
        """The names of the cards in a zone: a seat's "class", "hand" or "hallway" (every seat's
        if `seat` is None), "courtyard", "school", "library", "expelled" (or "expel pile"),
        "trash", "stack". The School and the Library read from the top; the rest in card
        order."""
        z = ZONE_WORDS.get(zone.strip().lower())
        if z is None:
            raise ValueError(f'no zone "{zone}"; zones: {", ".join(ZONE_WORDS)}')
        if z == L.Z_SCHOOL:
            return [
                self.card_name(c)
                for c in self._deck(L.C_SCHOOL, L.G_SCHOOL_HEAD, L.G_SCHOOL_N, L.G_SCHOOL_CAP)
            ]
        if z == L.Z_LIBRARY:
            return [
                self.card_name(c)
                for c in self._deck(L.C_LIBRARY, L.G_LIB_HEAD, L.G_LIB_N, L.G_LIB_CAP)
            ]
        return self.names_in(L.ZONE_NAMES[z], seat)

    def _deck(self, column: int, head: tuple, size: tuple, cap: tuple) -> list[int]:
        """A deck's cards top first, read from its ring buffer in the card rows."""
        first, n, m = (int(self.state[g]) for g in (head, size, cap))
        return [int(self.state[L.ROW_CARD + (first + i) % m, column]) for i in range(n)]

    def _instance(self, card: int | str) -> int:
        """A card instance, or the one a name means: in a Class if one is, else the first."""
        if not isinstance(card, str):
            return int(card)
        try:
            return self.find(card, "class")
        except LookupError:
            return self.find(card)

    def combat(self, card: int | str) -> int:
        """A card's Combat now: printed, plus every change in force (until end of turn, until
        end of fight, lasting, statics of any Class); never below 0."""
        return int(combat_of(self.state, self.tables, self._instance(card)))

    def defense(self, card: int | str) -> int:
        """A Student's Defense now, with every change in force; never below 1."""
        return int(defense_of(self.state, self.tables, self._instance(card)))

    @property
    def in_fight(self) -> bool:
        return bool(self.state[L.G_FIGHT])

    def fight_members(self) -> dict[str, list[str]]:
        """The current fight's members by side, each side's leader first, then its supporters
        and helpers in card order: {"attackers": [...], "defenders": [...]} (both empty when no
        fight is on)."""
        out: dict[str, list[str]] = {"attackers": [], "defenders": []}
        if not self.in_fight:
            return out
        members = [int(self.state[L.ROW_MEMBERS, k]) for k in range(int(self.state[L.G_F_N]))]
        sides = (
            ("attackers", L.ROLE_ATTACK, L.G_F_ATT_LEADER),
            ("defenders", L.ROLE_DEFEND, L.G_F_DEF_LEADER),
        )
        for side, role, leader_field in sides:
            leader = int(self.state[leader_field])
            # a member that left its Class lost its role: the list keeps it until the fight ends
            party = [c for c in members if self._card(c, L.C_ROLE) == role]
            party.sort(key=lambda c: c != leader)
            out[side] = [self.card_name(c) for c in party]
        return out

    # -- driving the game by names ---------------------------------------------------------------
    def pass_until(self, seat: int | None = None, decision: str | None = None) -> None:
        """Pass until `seat` (any seat if None) must make `decision` (if None: any decision but a
        priority window); at once if that is the case now, or the game is over.

        Every decision on the way that can be declined (a priority window, a supporter, a
        helper) is passed; one that cannot (the Plan Phase, a target, a payer, damage) raises
        IllegalActionError, naming it."""
        if decision is not None and decision not in L.DECISION_NAMES:
            raise ValueError(f'no decision "{decision}"; decisions: {", ".join(L.DECISION_NAMES)}')
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} in a {self.players}-player game")
        while not self.is_terminal() and not self._waiting_for(seat, decision):
            if L.A_PASS not in self.legal_actions():
                who = "any seat" if seat is None else f"seat {seat}"
                what = "a decision" if decision is None else f"the {decision} decision"
                raise IllegalActionError(
                    f"cannot pass on to {what} for {who}: seat {self.current_player()} must "
                    f"make the {self.decision} decision first; legal now: {self._legal_names()}"
                )
            self.step(L.A_PASS)

    def _waiting_for(self, seat: int | None, decision: str | None) -> bool:
        if seat is not None and self.current_player() != seat:
            return False
        return self.decision != "priority" if decision is None else self.decision == decision

    def fight(
        self,
        leader: str,
        target: str,
        supporters: Sequence[str] = (),
        helpers: Mapping[str, str] | None = None,
        damage: Sequence[str] = (),
    ) -> None:
        """Declare a fight led by `leader` (a card name) against `target`, and play it out with
        `play_out_fight` (the same keywords)."""
        self._play_card("fight: {} leads", leader)
        self._play_card("attack {}", target)
        self.play_out_fight(supporters, helpers, damage)

    def play_out_fight(
        self,
        supporters: Sequence[str] = (),
        helpers: Mapping[str, str] | None = None,
        damage: Sequence[str] = (),
    ) -> None:
        """Answer the current fight's decisions by card names until it is over.

        Each of `supporters` supports its own side when that side's supporter is asked for (the
        attacker's first, then the defender's); `helpers` maps a card to the side it helps
        ("attackers" or "defenders") when its player is asked; `damage` names, one point each,
        where the dealing player puts the rest of a party's damage once the target leader is
        expelled. Every priority window is passed, and so is every supporter or helper not
        named. Once the fight is over the windows after it are passed too (as `pass_until()`).
        At a decision the arguments do not answer (the target of a triggered ability, damage
        beyond `damage`) it stops and leaves it to the caller, who may call it again after.
        A supporter or helper named but never asked for, once the fight is over, raises
        IllegalActionError."""
        helpers = dict(helpers or {})
        for card, side in helpers.items():
            if side not in _HELP:
                raise ValueError(f'helper "{card}": the side is "attackers" or "defenders"')
        unused = [*supporters, *helpers]
        points = list(damage)
        while not self.is_terminal() and self.in_fight:
            decision = self.decision
            if decision == "priority":
                self.step(L.A_PASS)
            elif decision in _SUPPORT:
                self._join([(_SUPPORT[decision], c) for c in unused if c in supporters], unused)
            elif decision == "helper":
                self._join([(_HELP[helpers[c]], c) for c in unused if c in helpers], unused)
            elif decision == "damage" and points:
                self._play_card("1 damage to {}", points.pop(0))
            else:
                return  # a decision the arguments do not answer: the caller's
        self.pass_until()
        if unused:
            raise IllegalActionError(f"never asked to join the fight: {', '.join(unused)}")

    def _join(self, offers: list[tuple[str, str]], unused: list[str]) -> None:
        """The first offered card that may join now joins (and is used up); else pass."""
        for template, card in offers:
            action = self._legal_named(template, card)
            if action is not None:
                unused.remove(card)
                self.step(action)
                return
        self.step(L.A_PASS)

    def _play_card(self, template: str, card: str) -> None:
        """Play the legal action `template` names with the card `card` names."""
        action = self._legal_named(template, card)
        if action is None:
            raise IllegalActionError(
                f'no legal action "{template.format(card)}" now ({self.decision} decision for '
                f"seat {self.current_player()}); legal now: {self._legal_names()}"
            )
        self.step(action)

    def _legal_named(self, template: str, card: str) -> int | None:
        """The legal action named `template` with a card whose name `card` is (or is part of,
        or is the id of): None if none is; an error if several are."""
        prefix, _, suffix = template.partition("{}")
        want = _words(card)
        try:
            full = _words(self.cards.find(card).name)
        except LookupError:
            full = want
        hits = []
        for a in self.legal_actions():
            name = self.action_name(a)
            if not (name.startswith(prefix) and name.endswith(suffix)):
                continue
            label = _words(name[len(prefix) : len(name) - len(suffix)])
            if want == label or want in label or full == label.split(" #")[0]:
                hits.append(a)
        if len(hits) > 1:
            raise IllegalActionError(
                f'"{template.format(card)}" could mean any of '
                + "; ".join(self.action_name(a) for a in hits)
            )
        return hits[0] if hits else None

    def _legal_names(self) -> str:
        return "; ".join(self.action_name(a) for a in self.legal_actions())

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


def _words(name: str) -> str:
    """A card name as comparable words: "Back-Alley Brawler", "back_alley brawler" -> the same."""
    return " ".join(re.sub(r"[^a-z0-9#]+", " ", name.lower()).split())


def new_game(
    cards: CardSet | str | Path | None = None,
    idols: Sequence[str] = ("hatsurugi_touka", "kumara_raj"),
    seed: int = 0,
    rules: Rules | None = None,
    bonus: Sequence[int] | None = None,
) -> Game:
    return Game(cards, idols, seed, rules, bonus)
