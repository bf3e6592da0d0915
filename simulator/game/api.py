"""The Python face of the rules engine, OpenSpiel-shaped: for tests, tools and anyone's own bot.

    game = new_game(cards, idols=["touka", "raj"], seed=7)
    while not game.is_terminal():
        actions = game.legal_actions()            # flat integers
        game.step(actions[0])                      # or game.play("recruit Record-O-Matic")
    print(game.result())

Every call goes to the compiled kernels in `engine`; a Game only checks inputs, names actions
(actions.py) and reads the state (position.py), and drives a game by names for rule tests and
scripts (driving.py). An illegal action raises `IllegalActionError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from avarium.simulator import arguments
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
from avarium.simulator.engine.rng import raw_deal_state, seed_value
from avarium.simulator.engine.setup import setup_game
from avarium.simulator.engine.state import allocate, state_hash
from avarium.simulator.engine.state import clone as clone_state
from avarium.simulator.engine.step import step as _step
from avarium.simulator.engine.tables import pack
from avarium.simulator.game.actions import IllegalActionError
from avarium.simulator.game.driving import Driving
from avarium.simulator.game.rules import Rules
from avarium.simulator.schema import INT16_MAX


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


class Game(Driving):
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


def new_game(
    cards: CardSet | str | Path | None = None,
    idols: Sequence[str] = ("hatsurugi_touka", "kumara_raj"),
    seed: int = 0,
    rules: Rules | None = None,
    bonus: Sequence[int] | None = None,
) -> Game:
    return Game(cards, idols, seed, rules, bonus)
