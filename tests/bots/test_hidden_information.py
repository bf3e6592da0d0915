"""A bot decides only from what its player can see: dealing the hidden cards afresh (the order
of the Library and the School, the Schemes in the enemies' hands, the deal generator's future)
never changes its choice."""

from __future__ import annotations

import numpy as np
import pytest
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.invariants import INVARIANTS, check_state_invariants
from avarium.simulator.game.api import Game, new_game
from avarium.strategies import BotSpec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from numba import config

from tests.bots.helpers import ALL_BOTS, choose

IDOLS = (
    "hatsurugi_touka",
    "peppermint_kitty",
    "kumara_raj",
    "amyba",
    "sebastian_wolfgang",
    "hazenmyier_hojo",
    "syeira_coral",
    "lourvarius_love",
)


# -- reaching a position ---------------------------------------------------------------------------


def reach(cards, players: int, deal: int, steps: int) -> Game:
    """A position of a game between random players: `steps` actions in, then on to the next
    decision with a choice (the last such decision if the game ends first)."""
    rng = np.random.default_rng(deal)
    idols = [IDOLS[i] for i in rng.permutation(len(IDOLS))[:players]]
    game = new_game(cards, idols, seed=deal)
    last = None
    taken = 0
    while not game.is_terminal():
        legal = game.legal_actions()
        if len(legal) >= 2:
            last = game.clone()
            if taken >= steps:
                return game
        game.step(legal[int(rng.integers(len(legal)))])
        taken += 1
    assert last is not None, "a game with no choice at all"
    return last


# -- dealing the hidden cards afresh ---------------------------------------------------------------


def ring_slots(st: np.ndarray, head, size, cap) -> list[int]:
    return [(int(st[head]) + i) % int(st[cap]) for i in range(int(st[size]))]


def shuffle_ring(st: np.ndarray, column: int, slots: list[int], rng) -> None:
    cards = [int(st[L.ROW_CARD + s, column]) for s in slots]
    for s, c in zip(slots, rng.permutation(cards), strict=True):
        st[L.ROW_CARD + s, column] = c


def swap_hand_with_library(st: np.ndarray, q: int, pos: int, slot: int) -> None:
    """Enemy q's hand card at list position `pos` and the Library card in ring slot `slot`
    change places; both card lists and q's counts of Surprises and Schemes in hand stay
    consistent."""
    hand = int(st[L.ROW_CARD + pos, L.C_OWNED + q])
    lib = int(st[L.ROW_CARD + slot, L.C_LIBRARY])
    for k in range(4):  # each timing context a Surprise may be played in
        bit = [
            int(st[L.ROW_CARD + c, L.C_TRAITS] >> (L.INSTANT_HAND_SHIFT + k)) & 1
            for c in (hand, lib)
        ]
        st[L.ROW_SEAT + q, L.P_N_INSTANT + k] += bit[1] - bit[0]
    # ... and its count of ordinary Schemes in hand (the engine's shortcut for its own Plan Phase)
    scheme = [int(st[L.ROW_CARD + c, L.C_TRAITS] & L.HAND_SCHEME != 0) for c in (hand, lib)]
    st[L.ROW_SEAT + q, L.P_N_HAND_SCHEMES] += scheme[1] - scheme[0]
    st[L.ROW_CARD + pos, L.C_OWNED + q] = lib
    st[L.ROW_CARD + lib, L.C_ZONE] = L.Z_HAND
    st[L.ROW_CARD + lib, L.C_OWNER] = q
    st[L.ROW_CARD + lib, L.C_LISTPOS] = pos
    st[L.ROW_CARD + slot, L.C_LIBRARY] = hand
    st[L.ROW_CARD + hand, L.C_ZONE] = L.Z_LIBRARY
    st[L.ROW_CARD + hand, L.C_OWNER] = -1
    st[L.ROW_CARD + hand, L.C_LISTPOS] = -1


def redeal_hidden(state: np.ndarray, seat: int, rng: np.random.Generator) -> np.ndarray:
    """A copy of `state` where everything `seat` cannot see is dealt afresh."""
    st = state.copy()
    lib = ring_slots(st, L.G_LIB_HEAD, L.G_LIB_N, L.G_LIB_CAP)
    declared = int(st[L.G_DECL_CARD]) if st[L.G_DECL] != 0 else -1
    if lib:
        for q in range(int(st[L.G_PLAYERS])):
            if q == seat:
                continue
            for pos in range(int(st[L.ROW_SEAT + q, L.P_N_OWNED])):
                c = int(st[L.ROW_CARD + pos, L.C_OWNED + q])
                if st[L.ROW_CARD + c, L.C_ZONE] != L.Z_HAND or c == declared:
                    continue
                if rng.random() < 0.75:
                    swap_hand_with_library(st, q, pos, lib[int(rng.integers(len(lib)))])
    shuffle_ring(st, L.C_LIBRARY, lib, rng)
    school = ring_slots(st, L.G_SCHOOL_HEAD, L.G_SCHOOL_N, L.G_SCHOOL_CAP)
    shuffle_ring(st, L.C_SCHOOL, school, rng)
    old = int(st[L.G_RNG])
    new = old
    while new in (0, old):
        new = int(rng.integers(1, 2**32))
    st[L.G_RNG] = new
    return st


def hidden_part(st: np.ndarray, seat: int) -> tuple:
    """What `seat` cannot see: Library order, School order, enemy hands, the deal generator."""
    lib = ring_slots(st, L.G_LIB_HEAD, L.G_LIB_N, L.G_LIB_CAP)
    school = ring_slots(st, L.G_SCHOOL_HEAD, L.G_SCHOOL_N, L.G_SCHOOL_CAP)
    hands = tuple(
        sorted(
            (int(st[L.ROW_CARD + c, L.C_OWNER]), c)
            for c in range(int(st[L.G_N_CARDS]))
            if st[L.ROW_CARD + c, L.C_ZONE] == L.Z_HAND and st[L.ROW_CARD + c, L.C_OWNER] != seat
        )
    )
    return (
        tuple(int(st[L.ROW_CARD + s, L.C_LIBRARY]) for s in lib),
        tuple(int(st[L.ROW_CARD + s, L.C_SCHOOL]) for s in school),
        hands,
        int(st[L.G_RNG]),
    )


def visible_part(game: Game, seat: int) -> tuple:
    """What `seat` can see, as the test reads it: every card's zone and owner outside the
    hidden zones, its own hand, hand sizes, every seat's figures but its count of cards it
    could play at instant speed."""
    st = game.state
    zones = []
    for c in range(game.n_cards):
        z = int(st[L.ROW_CARD + c, L.C_ZONE])
        o = int(st[L.ROW_CARD + c, L.C_OWNER])
        hidden = z in (L.Z_LIBRARY, L.Z_SCHOOL) or (z == L.Z_HAND and o != seat)
        zones.append(None if hidden else (z, o))
    sizes = tuple(len(game.cards_in("hand", q)) for q in range(game.players))
    seats = st[L.ROW_SEAT : L.ROW_SEAT + L.MAX_PLAYERS].copy()
    # how many Surprises a hand holds is hidden (the engine counts them to skip priority
    # windows; no bot reads the count)
    seats[:, L.P_N_INSTANT : L.P_N_INSTANT + 4] = 0
    seats[:, L.P_N_HAND_SCHEMES] = 0  # how many ordinary Schemes a hand holds is hidden too
    seats = seats.tobytes()
    return (tuple(zones), sizes, seats, int(st[L.G_LIB_N]), int(st[L.G_SCHOOL_N]))


def redealt_game(game: Game, seat: int, rng: np.random.Generator) -> Game:
    st = redeal_hidden(game.state, seat, rng)
    broken = int(check_state_invariants(st))
    assert broken == 0, f"the re-dealt state is unsound: {INVARIANTS[broken]}"
    other = Game(game.cards, rules=game.rules, _state=st)
    assert visible_part(other, seat) == visible_part(game, seat), "the re-deal showed something"
    return other


# -- the property ----------------------------------------------------------------------------------


def where(game: Game, deal: int, steps: int) -> str:
    return (
        f"deal {deal}, {game.players} players, {steps} random steps in, turn {game.turn}, "
        f"{game.decision} decision for seat {game.current_player()}"
    )


# Which bots each run of the property asks, and on how many positions.
BLIND = {
    "every bot": (ALL_BOTS, 500),
    # Every MCTS decision is a search: as plain Python (NUMBA_DISABLE_JIT=1) a few positions only.
    "mcts": (("mcts",), 8 if config.DISABLE_JIT else 300),
}


@pytest.mark.parametrize("group", list(BLIND))
def test_no_bot_choice_depends_on_cards_its_player_cannot_see(bundled, group):
    """With the Library, the School, the enemy hands and the deal generator shuffled, every
    bot's choice is the same; the MCTS (at its default budget) too, since it deals the hidden
    cards afresh at each iteration from its own stream."""
    bots, examples = BLIND[group]

    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        deal=hs.integers(0, 2**31),
        players=hs.integers(2, 4),
        steps=hs.integers(0, 600),
        bot_seed=hs.integers(0, 2**32 - 1),
        redeal=hs.integers(0, 2**31),
    )
    def blind(deal, players, steps, bot_seed, redeal):
        game = reach(bundled, players, deal, steps)
        seat = game.current_player()
        legal = game.legal_actions()
        rng = np.random.default_rng(redeal)
        others = [redealt_game(game, seat, rng) for _ in range(2)]
        for other in others:
            assert hidden_part(other.state, seat) != hidden_part(game.state, seat)
            assert other.legal_actions() == legal, "the legal actions depend on hidden cards"
        for bot in bots:
            action = choose(game, bot, bot_seed, legal)
            for other in others:
                again = choose(other, bot, bot_seed, legal)
                assert again == action, (
                    f"{bot} chose {game.action_name(action)!r} but {other.action_name(again)!r} "
                    f"once the hidden cards were dealt afresh ({where(game, deal, steps)})"
                )

    blind()


# -- the check can see a bot that peeks ------------------------------------------------------------


def peek_library(game: Game, legal: list[int], rng) -> int:
    st = game.state
    top = int(st[L.ROW_CARD + int(st[L.G_LIB_HEAD]), L.C_LIBRARY])
    return legal[top % len(legal)]


def peek_school(game: Game, legal: list[int], rng) -> int:
    st = game.state
    top = int(st[L.ROW_CARD + int(st[L.G_SCHOOL_HEAD]), L.C_SCHOOL])
    return legal[top % len(legal)]


def peek_deal(game: Game, legal: list[int], rng) -> int:
    return legal[int(game.state[L.G_RNG]) % len(legal)]


def peek_hands(game: Game, legal: list[int], rng) -> int:
    seat = game.current_player()
    hands = [c for q in range(game.players) if q != seat for c in game.cards_in("hand", q)]
    return legal[sum(hands) % len(legal)]


def test_the_re_deal_catches_a_bot_that_peeks(bundled):
    """The property above has teeth: bots that read the top of the Library, the top of the
    School, the deal generator or the enemies' hands choose differently once re-dealt."""
    from avarium.runner.batch import Chooser

    caught = dict.fromkeys(("library", "school", "deal", "hands"), False)
    bots = {
        "library": peek_library,
        "school": peek_school,
        "deal": peek_deal,
        "hands": peek_hands,
    }
    rng = np.random.default_rng(0)
    for i in range(30):
        game = reach(bundled, 2 + i % 3, deal=i, steps=40 + 7 * i)
        other = redealt_game(game, game.current_player(), rng)
        legal = game.legal_actions()
        for what, fn in bots.items():
            specs = [BotSpec(label=what, function=fn)] * game.players
            a = Chooser(game, specs, 1)(game, legal)
            b = Chooser(other, specs, 1)(other, legal)
            caught[what] |= a != b
    assert all(caught.values()), caught
