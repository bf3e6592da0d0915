"""Each state invariant catches the broken state it exists for: a sound position from a real game,
one thing in it broken by hand, and the check names that invariant (and no other).

The check reads each seat's kept counts from the seat's card list, which stands for the cards
the seat controls only once the lists are whole (invariant 8): so a controlled card missing from
every list, and a card that changed seats with its counts left behind, are planted here too."""

from __future__ import annotations

import numpy as np
import pytest
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.invariants import INVARIANTS, check_state_invariants
from avarium.simulator.game.api import Game

TOUKA_AND_RAJ = ("hatsurugi_touka", "kumara_raj")


@pytest.fixture(scope="module")
def position(bundled) -> np.ndarray:
    """A sound state of a random two-player game in which seat 0 has a ready Student in its
    Class and a Scheme in hand, the Courtyard is full and the School and Library have cards."""
    rng = np.random.default_rng(5)
    for seed in range(20):
        game = Game(bundled, TOUKA_AND_RAJ, seed=seed)
        while not game.is_terminal():
            if check_state_invariants(game.state) == 0 and _worth_breaking(game.state):
                return game.state.copy()
            legal = game.legal_actions()
            game.step(legal[int(rng.integers(len(legal)))])
    raise AssertionError("no game reached a position with a ready Student and a hand")


def _worth_breaking(st) -> bool:
    return (
        _cards_of(st, 0, L.Z_HAND)
        and _ready_students(st, 0)
        and st[L.G_YARD_N] == 6
        and st[L.G_SCHOOL_N] > 1
        and st[L.G_LIB_N] > 1
        and st[L.G_F_N] == 0
    )


def _cards_of(st, seat: int, zone: int) -> list[int]:
    listed = st[L.ROW_CARD : L.ROW_CARD + st[L.ROW_SEAT + seat, L.P_N_OWNED], L.C_OWNED + seat]
    return [int(c) for c in listed if st[L.ROW_CARD + c, L.C_ZONE] == zone]


def _ready_students(st, seat: int) -> list[int]:
    return [
        c
        for c in _cards_of(st, seat, L.Z_CLASS)
        if st[L.ROW_CARD + c, L.C_TRAITS] & L.STUDENT_CARD
        and st[L.ROW_CARD + c, L.C_EXHAUSTED] == 0
    ]


def _unlisted(st, c: int) -> None:
    """Take card c out of its seat's list as the engine does (the last entry fills its place)."""
    seat = st[L.ROW_CARD + c, L.C_OWNER]
    size = st[L.ROW_SEAT + seat, L.P_N_OWNED] - 1
    place = st[L.ROW_CARD + c, L.C_LISTPOS]
    last = st[L.ROW_CARD + size, L.C_OWNED + seat]
    st[L.ROW_CARD + place, L.C_OWNED + seat] = last
    st[L.ROW_CARD + last, L.C_LISTPOS] = place
    st[L.ROW_SEAT + seat, L.P_N_OWNED] = size


def _given_to(st, c: int, seat: int) -> None:
    """Hand card c to `seat`, lists and owner kept, but no count of either seat."""
    _unlisted(st, c)
    size = st[L.ROW_SEAT + seat, L.P_N_OWNED]
    st[L.ROW_CARD + size, L.C_OWNED + seat] = c
    st[L.ROW_CARD + c, L.C_LISTPOS] = size
    st[L.ROW_CARD + c, L.C_OWNER] = seat
    st[L.ROW_SEAT + seat, L.P_N_OWNED] = size + 1


def _yard(st, i: int) -> int:
    return int(st[L.ROW_CARD + i, L.C_YARD])


def _school_card(st) -> int:
    return int(st[L.ROW_CARD + st[L.G_SCHOOL_HEAD] % st[L.G_SCHOOL_CAP], L.C_SCHOOL])


def _library_card(st) -> int:
    return int(st[L.ROW_CARD + st[L.G_LIB_HEAD] % st[L.G_LIB_CAP], L.C_LIBRARY])


def _set(st, card: int, column: int, value: int) -> None:
    st[L.ROW_CARD + card, column] = value


def _shift(st, field, by: int = 1) -> None:
    st[field] += by


def _put(st, field, value: int) -> None:
    st[field] = value


def _first_class_card(st) -> int:
    return _cards_of(st, 0, L.Z_CLASS)[0]


def _first_hand_card(st) -> int:
    return _cards_of(st, 0, L.Z_HAND)[0]


def _fighting(st, c: int) -> None:
    _set(st, c, L.C_ROLE, L.ROLE_NONE + 1)


def _school_lists_a_trash_card(st) -> None:
    _set(st, _school_card(st), L.C_ZONE, L.Z_TRASH)
    _shift(st, L.G_SCHOOL_N, -1)


def _library_lists_a_trash_card(st) -> None:
    _set(st, _library_card(st), L.C_ZONE, L.Z_TRASH)
    _shift(st, L.G_LIB_N, -1)


def _members_reversed(st) -> None:
    a, b = _cards_of(st, 0, L.Z_CLASS)[:2]
    _fighting(st, a)
    _fighting(st, b)
    st[L.ROW_MEMBERS, 0], st[L.ROW_MEMBERS, 1] = max(a, b), min(a, b)
    st[L.G_F_N] = 2


def _other_seats_card_listed(st) -> None:
    _put(st, (L.ROW_CARD, L.C_OWNED + 0), st[L.ROW_CARD, L.C_OWNED + 1])


SEAT_0 = L.ROW_SEAT
SEAT_1 = L.ROW_SEAT + 1

# what is broken, how, and the invariant that must name it
BREAKS = {
    "a Class card in no known zone": (
        lambda st: _set(st, _first_class_card(st), L.C_ZONE, L.N_ZONES),
        1,
    ),
    "a Courtyard card with an owner": (lambda st: _set(st, _yard(st, 0), L.C_OWNER, 1), 2),
    "a hand card with no owner": (lambda st: _set(st, _first_hand_card(st), L.C_OWNER, -1), 2),
    "one School card more than the School counts": (
        lambda st: _set(st, _library_card(st), L.C_ZONE, L.Z_SCHOOL),
        3,
    ),
    "the School's list naming a Trash card": (_school_lists_a_trash_card, 3),
    "the Library's list naming a Trash card": (_library_lists_a_trash_card, 4),
    "a Courtyard of five while the School has cards": (
        lambda st: _set(st, _yard(st, 5), L.C_ZONE, L.Z_TRASH),
        5,
    ),
    "a seat with negative Reputation": (lambda st: _shift(st, (SEAT_0, L.P_REP), -99), 6),
    "a player still in the game with 0 Merit": (
        lambda st: _put(st, (SEAT_1, L.P_MERIT), 0),
        7,
    ),
    "a Class card missing from its seat's list": (
        lambda st: _unlisted(st, _first_class_card(st)),
        8,
    ),
    "a seat's list naming the other seat's card": (_other_seats_card_listed, 8),
    "the Courtyard's list out of step with its cards' places": (
        lambda st: _set(st, _yard(st, 0), L.C_LISTPOS, 1),
        8,
    ),
    "a hand card more than the seat counts": (lambda st: _shift(st, (SEAT_0, L.P_N_HAND), -1), 9),
    "a Scheme handed to the other seat with both seats' counts left behind": (
        lambda st: _given_to(st, _first_hand_card(st), 1),
        9,
    ),
    "one instant-speed play more counted than there is": (
        lambda st: _shift(st, (SEAT_0, L.P_N_INSTANT + 3)),
        9,
    ),
    "a Student in Class the seat does not count": (
        lambda st: _shift(st, (SEAT_0, L.P_N_CLASS_STUDENTS), -1),
        9,
    ),
    "a card with a fight role outside the fight's members": (
        lambda st: _fighting(st, _first_class_card(st)),
        10,
    ),
    "the fight's members out of card order": (_members_reversed, 10),
    "an Attack Token on a card in the School, unflagged": (
        lambda st: _set(st, _school_card(st), L.C_TOKEN, 1),
        11,
    ),
    "a shield on a Courtyard card, unflagged": (
        lambda st: _set(st, _yard(st, 2), L.C_SHIELD_FIGHT, 2),
        11,
    ),
    "a best payer no ready Student pays": (lambda st: _shift(st, (SEAT_0, L.P_BEST_PAYER)), 12),
    "a Class trigger no Class card has": (
        lambda st: _shift(st, (SEAT_0, L.P_CLASS_TRIGGERS), 1 << 15),
        13,
    ),
}


@pytest.mark.parametrize("what", BREAKS)
def test_each_broken_state_is_named_by_the_invariant_that_exists_for_it(position, what):
    plant, invariant = BREAKS[what]
    st = position.copy()
    plant(st)
    broken = int(check_state_invariants(st))
    assert broken == invariant, f"{what}: named {INVARIANTS[broken]!r}"


def test_the_position_the_breaks_start_from_is_sound(position):
    assert check_state_invariants(position) == 0


def test_an_effect_on_a_card_no_seat_controls_is_sound_while_flagged(position):
    st = position.copy()
    st[L.ROW_CARD + _school_card(st), L.C_MC_TURN] = 2
    st[L.G_STRAY_EFFECTS] = 1
    assert check_state_invariants(st) == 0


def test_a_state_broken_twice_names_the_first_invariant_in_checking_order(position):
    """Counts (9) are checked before the best payer (12) and the fight's members (10)."""
    st = position.copy()
    _shift(st, (SEAT_0, L.P_BEST_PAYER))
    _fighting(st, _first_class_card(st))
    _shift(st, (SEAT_1, L.P_N_HAND))
    assert check_state_invariants(st) == 9
