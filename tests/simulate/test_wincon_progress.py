"""Each seat's progress towards its Idol's Win-Con, kept turn by turn in turns/: the least of
the Win-Con's clauses' shares, in thousandths, read from the position as the engine's check
reads it; 1000 exactly when the Win-Con holds."""

from __future__ import annotations

import numpy as np
from avarium.runner import batch
from avarium.runner.turns import WINCON_MET, wincon_progress
from avarium.simulator.constants import REASON_NAMES
from avarium.simulator.engine.conditions import clauses_hold
from avarium.simulator.engine.layout import C_DEF, P_ALIVE, P_IDOL, ROW_CARD, ROW_SEAT
from avarium.simulator.engine.tables import T_WINCON_COND
from avarium.simulator.game.api import Rules

from tests.simulate.test_turns_record import TURNS, both

WINNER, REASON = 0, 1
PROGRESS = 2  # its place among a kept turn's figures: Merit, Reputation, Win-Con progress


def test_a_game_won_by_a_win_con_ends_with_the_winners_progress_full(bundled):
    _, result, _ = both(bundled, ("heuristic.balanced", "heuristic.scheming"), 60, seed=4)
    kept = result.turns
    by_wincon = np.flatnonzero(result.game[:, REASON] == REASON_NAMES.index("wincon"))
    assert len(by_wincon) >= 5  # enough Win-Con wins in 60 games to mean something
    for i in by_wincon:
        last = kept.figures[(kept.game == i) & (kept.turn == result.game[i, TURNS] - 1)][0]
        assert last[result.game[i, WINNER], PROGRESS] == WINCON_MET


def test_kumara_raj_progresses_by_his_share_of_thirty_merit(bundled):
    """Version 1's Raj wins at the start of his turn with 30 Merit: his progress is his Merit's
    share of 30 until he has them, and stays below full while he has fewer."""
    assert bundled["kumara_raj"].wincon == "at start of turn: your merit >= 30"
    _, result, args = both(bundled, ("heuristic.balanced", "random"), 40, seed=9)
    idols = args[3]
    kept = result.turns
    raj = idols[kept.game] == bundled.index["kumara_raj"]  # (rows, seats)
    merit, progress = kept.figures[:, :, 0][raj], kept.figures[:, :, PROGRESS][raj]
    alive = merit > 0
    assert alive.sum() > 100
    expected = np.minimum(WINCON_MET, merit[alive].astype(np.int64) * WINCON_MET // 30)
    np.testing.assert_array_equal(progress[alive], expected)
    assert (progress[~alive] == 0).all()  # expelled


def test_progress_is_full_exactly_when_the_win_con_holds(bundled):
    """Step by step through whole games, at every position: full progress and the engine's own
    test of the Win-Con's clauses agree for every seat still in the game."""
    rules = Rules()
    idols, deals, bot_seeds = [np.asarray(a) for a in _deals(bundled)]
    agreed = held = 0
    for i in range(len(deals)):
        game = batch.new_dealt_game(bundled, rules, idols[i], int(deals[i]), rules.seat_bonus(3))
        rng = np.random.default_rng(int(bot_seeds[i]))
        while not game.is_terminal():
            st, tb = game.state, game.tables
            for p in range(3):
                if st[ROW_SEAT + p, P_ALIVE] == 0:
                    continue
                idol = st[ROW_SEAT + p, P_IDOL]
                cond = tb[st[ROW_CARD + idol, C_DEF], T_WINCON_COND]
                holds = bool(clauses_hold(st, tb, cond, p, idol))
                assert (wincon_progress(st, tb, p) == WINCON_MET) == holds
                assert 0 <= wincon_progress(st, tb, p) <= WINCON_MET
                agreed, held = agreed + 1, held + holds
            legal = game.legal_actions()
            game.step(int(legal[rng.integers(len(legal))]))
    assert agreed > 1000 and held > 0


def _deals(cards):
    from tests.bots.test_bot_determinism import deal

    return deal(cards, 3, 12, seed=21)


def test_a_turns_part_written_before_the_progress_was_kept_reads_it_as_minus_one(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq
    from avarium.analysis.columns import read_checked
    from avarium.analysis.dataset import TURNS_COLUMNS

    old = pa.table(
        {"variant": ["main"] * 2, "game_id": [0, 0], "turn": [1, 1], "seat": [0, 1],
         "merit": [20, 18], "reputation": [3, 2]}
    )  # fmt: skip
    pq.write_table(old, tmp_path / "part-00000.parquet")
    read = read_checked([tmp_path / "part-00000.parquet"], TURNS_COLUMNS).to_pandas()
    assert list(read["wincon_progress"]) == [-1, -1]
    assert list(read["merit"]) == [20, 18]
