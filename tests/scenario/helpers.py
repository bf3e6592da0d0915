"""Reading where a scenario dealt its cards, zone by zone, straight from the state."""

from __future__ import annotations

from collections import Counter

from avarium.simulator.engine import layout as L
from avarium.simulator.game.api import Game


def deck(game: Game, deck: str) -> list[int]:
    """The cards of the School or the Library as its ring buffer lists them, top first."""
    column, head, size, cap = {
        "school": (L.C_SCHOOL, L.G_SCHOOL_HEAD, L.G_SCHOOL_N, L.G_SCHOOL_CAP),
        "library": (L.C_LIBRARY, L.G_LIB_HEAD, L.G_LIB_N, L.G_LIB_CAP),
    }[deck]
    first, n, m = (int(game.state[g]) for g in (head, size, cap))
    return [int(game.state[L.ROW_CARD + (first + i) % m, column]) for i in range(n)]


def check_every_card_is_dealt_once(game: Game) -> None:
    """Every card instance is in exactly one zone, and each deck lists exactly the cards in it,
    once each, its stored count equal to the cards listed."""
    zone_of = {c: game.zone(c) for c in range(game.n_cards)}
    for name in ("school", "library"):
        listed = deck(game, name)
        twice = [game.card_name(c) for c, k in Counter(listed).items() if k > 1]
        assert not twice, f"listed twice in the {name}: {twice}"
        elsewhere = {game.card_name(c): zone_of[c] for c in listed if zone_of[c] != name}
        assert not elsewhere, f"listed in the {name} but elsewhere: {elsewhere}"
        held = sorted(c for c, z in zone_of.items() if z == name)
        assert sorted(listed) == held, f"the {name} holds cards it does not list"
    assert len(game.cards_in("courtyard")) == 6
