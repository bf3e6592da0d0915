"""What the checked games of `avarium check` reach, and by which game: for each bundled set and
player count, every kind of move a random player made (the decision, the action's kind, the
card it names by definition and the ability slot) and every way a game ended (the winning Idol
and the reason), each with the first game that reached it.

The games are the check's own (workflows/check.py: the same deals, the same random player and
the same invariants checked in every state), played by a copy of its compiled loop that also
notes each move, so a count of games can be judged by what it reaches: how many of the moves
the whole check makes are made by game N, and which moves or endings one set reaches that no
other does. tests/properties/test_avarium_check.py plays 35,000 games of each set; this tells
what its games buy (docs/performance.md, "CI time").

    python benchmarks/check_reach.py                    # the three sets, 35,000 games each
    python benchmarks/check_reach.py --games 9000 prototype-v3
"""

from __future__ import annotations

import argparse

import numpy as np
from avarium.simulator.cards.bundled import SETS
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.constants import MAX_PLAYERS
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.invariants import check_state_invariants
from avarium.simulator.engine.legal import legal_actions
from avarium.simulator.engine.play import action_buffer_size
from avarium.simulator.engine.rng import bot_randint
from avarium.simulator.engine.setup import deal_game
from avarium.simulator.engine.state import allocate
from avarium.simulator.engine.step import step
from avarium.simulator.engine.tables import H_AB_SLOTS
from avarium.simulator.game.api import Rules, tables_of
from avarium.workflows.check import CHUNK, deals
from numba import njit

# A move's key: (decision, kind, card definition, ability slot), packed into one index.
DECISIONS, KINDS, DEFINITIONS, SLOTS = 64, 12, 256, 16
PASS, END_TURN, CARD_RANGE, PLAYER, TRIGGER, ACTIVATE = 0, 1, 2, 8, 9, 10


@njit
def move_key(st, action, slots):
    """The key of `action` in the state before it is taken."""
    n = st[L.G_N_CARDS]
    player = L.A_CARD_RANGES + L.N_CARD_RANGES * n
    trigger = player + L.MAX_PLAYERS
    activate = trigger + L.MAX_TRIGGERS
    kind, card, slot = PASS, -1, 0
    if action == L.A_END_TURN:
        kind = END_TURN
    elif action >= activate:
        card, slot = divmod(action - activate, slots)
        kind = ACTIVATE
    elif action >= trigger:
        kind, card = TRIGGER, st[L.ROW_TRIG + action - trigger, L.TR_CARD]
    elif action >= player:
        kind = PLAYER
    elif action >= L.A_CARD_RANGES:
        ranged, card = divmod(action - L.A_CARD_RANGES, n)
        kind = CARD_RANGE + ranged
    definition = st[L.ROW_CARD + card, L.C_DEF] if card >= 0 else 0
    return ((st[L.G_DEC] * KINDS + kind) * DEFINITIONS + definition) * SLOTS + slot


@njit
def play_noting_moves(st, tb, n_players, idols, bonus, seeds, bot_seeds, config, first, out, seen):
    """The check's games (engine/play.py, play_checked_games), each move's key noted in `seen`
    with the first game that made it; out[i] = reason, winner, broken invariant."""
    buf = np.empty(action_buffer_size(st, tb), np.int64)
    rng = np.ones(1, np.int64)
    slots = tb[tb.shape[0] - 1, H_AB_SLOTS]
    for i in range(seeds.shape[0]):
        deal_game(st, tb, n_players, idols[i], bonus, seeds[i], config)
        step(st, tb, L.A_START)
        rng[0] = bot_seeds[i]
        broken = check_state_invariants(st)
        while st[L.G_DONE] == 0 and broken == 0:
            legal = legal_actions(st, tb, buf)
            if legal == 0:
                break
            action = buf[bot_randint(rng, legal)]
            key = move_key(st, action, slots)
            if seen[key] < 0:
                seen[key] = first + i
            step(st, tb, action)
            broken = check_state_invariants(st)
        out[i, 0], out[i, 1], out[i, 2] = st[L.G_REASON], st[L.G_WINNER], broken


def reach(name: str, games: int, seed: int = 2026) -> dict[int, tuple[dict, dict]]:
    """Per player count: {move key: first game}, {(winning Idol, reason): first game}."""
    cards = load_cards(name)
    tb, rules = tables_of(cards), Rules()
    found = {}
    for k, players in enumerate((2, 3, 4)):
        count = games // 3 + (1 if k < games % 3 else 0)  # as check_games splits them
        seen = np.full(DECISIONS * KINDS * DEFINITIONS * SLOTS, -1, np.int64)
        bonus = np.zeros(MAX_PLAYERS, np.int32)
        bonus[:players] = rules.seat_bonus(players)
        endings: dict[tuple[str, str], int] = {}
        for start in range(0, count, CHUNK):
            n = min(CHUNK, count - start)
            idols, deal, bot = deals(cards, players, start, n, seed)
            out = np.zeros((n, 3), np.int64)
            state, config = allocate(tb), rules.config()
            play_noting_moves(state, tb, players, idols, bonus, deal, bot, config, start, out, seen)
            assert not out[:, 2].any(), "a checked game broke an invariant"
            for i, (reason, winner, _) in enumerate(out):
                idol = cards.idols[int(idols[i, winner])].id if winner >= 0 else "no one"
                endings.setdefault((idol, L.REASON_NAMES[reason]), start + i)
        moves = {int(key): int(seen[key]) for key in np.flatnonzero(seen >= 0)}
        found[players] = (moves, endings)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="*", default=sorted(SETS))
    parser.add_argument("--games", type=int, default=35_000)
    args = parser.parse_args()
    found = {name: reach(name, args.games) for name in args.sets}
    for players in (2, 3, 4):
        for name in args.sets:
            moves, endings = found[name][players]
            firsts = sorted(moves.values())
            by = {n: sum(f < n for f in firsts) for n in (1_000, 3_000, 5_000, 8_000, 10_000)}
            others = [found[o][players] for o in args.sets if o != name]
            alone = sorted(g for m, g in moves.items() if all(m not in o[0] for o in others))
            ends = {e: g for e, g in endings.items() if all(e not in o[1] for o in others)}
            print(
                f"{name}, {players} players: {len(moves)} moves, the last first made in game "
                f"{firsts[-1]:,}; made by game N: {by}; made by no other set: first in games "
                f"{alone}; endings no other set has: {ends}"
            )


if __name__ == "__main__":
    main()
