"""Rulebook section 3 (Duel setup) and section 9 (Battle Royale starting Reputation); ruling 1."""

from __future__ import annotations

import pytest
from avarium.simulator.game.api import Rules, new_game


def test_each_player_starts_with_the_idols_merit_and_the_seat_bonus(bundled):
    g = new_game(bundled, ["raj", "amyba"], seed=1)
    assert g.merit(0) == bundled["kumara_raj"].merit
    assert g.merit(1) == bundled["amyba"].merit
    # seat 0 has gained its Idol's Reputation in its first Start Phase; seat 1 has only +2
    assert g.rep(0) == bundled["kumara_raj"].reputation
    assert g.rep(1) == 2


@pytest.mark.parametrize(("idols", "bonus"), [(3, (0, 1, 2)), (4, (0, 1, 2, 3))])
def test_battle_royale_seat_bonuses(bundled, idols, bonus):
    g = new_game(bundled, ["raj", "amyba", "kitty", "hojo"][:idols], seed=2)
    assert tuple(g.rep(p) for p in range(1, idols)) == bonus[1:]


def test_seat_bonuses_are_configurable(bundled):
    g = new_game(bundled, ["raj", "amyba"], seed=1, rules=Rules(bonuses={2: (0, 5)}))
    assert g.rep(1) == 5


def test_the_courtyard_holds_six_students_and_hands_start_empty(bundled):
    g = new_game(bundled, ["raj", "amyba"], seed=3)
    assert len(g.cards_in("courtyard")) == 6
    assert len(g.cards_in("hand", 0)) == 1  # drawn in seat 0's first Start Phase
    assert g.cards_in("hand", 1) == []
    assert [g.card_name(c) for c in g.cards_in("class", 1)] == ["AMYBA"]


def test_two_seats_cannot_share_an_idol(bundled):
    with pytest.raises(ValueError, match="cannot share an Idol"):
        new_game(bundled, ["raj", "kumara"], seed=1)


def test_a_game_needs_two_to_four_players(bundled):
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(bundled, ["raj"], seed=1)
