"""Ruling 9 says the state is checked after every action and effect; the engine skips the check
after a step or an answer that cannot have changed what a check reads (a pass, a target, a step
that only asks a player or opens a window, a triggered ability put on the stack). These games
prove the skip safe: whatever preceded a skipped check wrote only bookkeeping (whose turn, step,
decision, window, declaration, trigger queue, fight damage assigned but not yet applied), never
Merit, Reputation, a player, a card's zone or status, or a count.

Plain Python only: the test wraps the engine's functions, which compiled code cannot see.
"""

from __future__ import annotations

import os

import avarium.simulator.engine.step as step_module
import avarium.strategies.drivers as drivers
import numpy as np
import pytest
from avarium.simulator.constants import MAX_PLAYERS
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.play import GAME_FIELDS, SEAT_FIELDS
from avarium.simulator.engine.state import allocate
from avarium.simulator.game.api import Rules, tables_of
from avarium.strategies.weights import KIND_RANDOM

pytestmark = pytest.mark.skipif(
    "NUMBA_DISABLE_JIT" not in os.environ, reason="wraps engine functions: plain Python only"
)

# Scalars that only say where the game stands and who must act next.
BOOKKEEPING_SCALARS = [
    L.G_TURN, L.G_ACTIVE, L.G_STEP, L.G_DEC, L.G_DEC_PLAYER, L.G_DEC_LEFT, L.G_WINDOW,
    L.G_PRIO, L.G_PASSES, L.G_TRIG_N, L.G_DECL, L.G_DECL_CARD, L.G_DECL_AB, L.G_DECL_PLAYER,
    L.G_DECL_PAYER, L.G_DECL_EFF, L.G_DECL_TRASH, L.G_DECL_TRIG, L.G_F_HELPER, L.G_ACTIONS,
    L.G_ROUND, L.G_TRIG_PUSHED, L.G_END_PLAYER, L.G_DONE, L.G_WINNER, L.G_REASON,
    L.G_F_LEFT_ATT, L.G_F_LEFT_DEF, L.G_F_SPLIT_SIDE,
]  # fmt: skip


def bookkeeping_mask(st: np.ndarray) -> np.ndarray:
    """True where a write changes nothing a state check reads."""
    mask = np.zeros(st.shape, bool)
    for row, col in BOOKKEEPING_SCALARS:
        mask[row, col] = True
    mask[L.ROW_SEAT : L.ROW_SEAT + MAX_PLAYERS, L.P_TURNS_TAKEN] = True
    mask[L.ROW_TRIG : L.ROW_TRIG + L.MAX_TRIGGERS, :] = True  # the trigger queue
    mask[L.ROW_DECL, :] = True  # the targets of the declaration being built
    mask[L.ROW_CARD :, L.C_SEEN] = True  # what each seat was offered (analysis only)
    mask[L.ROW_CARD :, L.C_FDMG] = True  # fight damage assigned, applied only by S_FIGHT_APPLY
    mask[L.ROW_CARD :, L.C_SCR_A : L.C_SCR_C + 1] = True  # scratch
    return mask


def play_watched(cards, players: int, seed: int, monkeypatch) -> dict[str, int]:
    """Play one random game, asserting every skipped check; returns how many checks were
    skipped, made after a flow step, and skipped after a triggered ability's declaration."""
    tb = tables_of(cards)
    st = allocate(tb)
    allowed = bookkeeping_mask(st)
    seen = {"skipped": 0, "checked": 0, "triggers": 0}
    before_step = {}

    on_the_stack = allowed.copy()  # a triggered ability put on the stack moves no card
    on_the_stack[L.ROW_STACK : L.ROW_STACK + L.MAX_STACK, :] = True
    on_the_stack[L.G_STACK_N] = True

    def assert_bookkeeping_only(before: np.ndarray, what: str, mask=allowed) -> None:
        rows, cols = np.nonzero((before != st) & ~mask)
        assert rows.size == 0, (
            f"{what} skipped the state check but wrote {list(zip(rows, cols, strict=True))}"
        )
        seen["skipped"] += 1

    real_flow_step = step_module.flow_step
    real_advance = step_module.advance
    real_continue = step_module.continue_declaration

    def continue_declaration(st_, tb_):
        before = st_.copy()
        kind = int(st_[L.G_DECL])
        asking = real_continue(st_, tb_)
        if not asking and kind == L.DECL_TRIGGER:
            assert_bookkeeping_only(before, "a triggered ability's declaration", on_the_stack)
            seen["triggers"] += 1
        return asking

    def flow_step(st_, tb_):
        before = st_.copy()
        step_name = int(st_[L.G_STEP])
        changed = real_flow_step(st_, tb_)
        if changed:
            seen["checked"] += 1
        else:
            assert_bookkeeping_only(before, f"flow step {step_name}")
        return changed

    def advance(st_, tb_, changed):
        if not changed:
            assert_bookkeeping_only(
                before_step["state"], f"answer to decision {before_step['dec']}"
            )
        real_advance(st_, tb_, changed)

    def step(st_, tb_, action):
        before_step["state"] = st_.copy()
        before_step["dec"] = int(st_[L.G_DEC])
        step_module.step(st_, tb_, action)

    monkeypatch.setattr(step_module, "flow_step", flow_step)
    monkeypatch.setattr(step_module, "advance", advance)
    monkeypatch.setattr(step_module, "continue_declaration", continue_declaration)
    monkeypatch.setattr(drivers, "step", step)
    rules = Rules()
    rng = np.random.default_rng(seed)
    idols = np.array([rng.permutation(len(cards.idols))[:players]], np.int32)
    bonus = np.zeros((1, MAX_PLAYERS), np.int32)
    bonus[0, :players] = rules.seat_bonus(players)
    out = (
        np.zeros((1, len(GAME_FIELDS)), np.int32),
        np.zeros((1, players, len(SEAT_FIELDS)), np.int32),
        np.zeros((1, players, len(cards.cards)), np.uint8),
    )
    seeds = rng.integers(1, 2**32, 2).astype(np.int64)
    kinds = np.full(MAX_PLAYERS, KIND_RANDOM, np.int64)
    weights = np.zeros((MAX_PLAYERS, 1))
    vals = np.zeros(1)  # the random players read no card estimates
    drivers.play_games_quickly(
        st, tb, vals, players, idols, bonus, seeds[:1], seeds[1:], rules.config(), kinds,
        weights, out, drivers.quick_scratch(st, tb),
    )  # fmt: skip
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_skipped_state_check_follows_only_bookkeeping(bundled, players, monkeypatch):
    total = {"skipped": 0, "checked": 0, "triggers": 0}
    for seed in range(3):
        for k, v in play_watched(bundled, players, 100 * players + seed, monkeypatch).items():
            total[k] += v
    # every path was taken, most many times
    assert total["skipped"] > 50 and total["checked"] > 50 and total["triggers"] > 0, total
