"""Can action features the heuristic lacks learn the search's choices? For every decision
`avarium train` keeps, each legal action is played on a copy of the position and its
consequences resolved with the search's playout heuristic (every seat, until the deciding player
is back in its Plan Phase or the turn ends); the action's features are then what changed: each
value feature of strategies/value_model.py for the player and for its enemies, the learned log
chance to win, whether the game ended won or lost, the kind of action, and the heuristic's own
score (its value, whether it is the heuristic's pick, and its gap to the pick). A conditional
logit (statsmodels' ConditionalLogit, one group per decision) is fitted to four fifths of the
decisions and the share of the held-out fifth on which its best action is the search's is
printed beside the heuristic's own share: the measurement behind "a fast tier needs more than
linear action features" in docs/bots.md.

    python benchmarks/imitate_with_afterstates.py --games 1200 --stride 6 --seed 77 \
        --profiles RUN/profiles.toml --value mcts.gen1
    python benchmarks/imitate_with_afterstates.py RUN/positions/gen1-2p-decisions.npz

Without a decisions file it plays `--games` two-player self-play games of `mcts/20` (the games
`avarium train` plays for its first generation) and keeps every `--stride`-th decision.

The learned value is the named profile's (`--value`); the heuristic is the `mcts` profile's,
the one the search plays out with. The consequences are resolved on the true position, which is
more than the player may see: an upper bound on what such features can teach.
"""

from __future__ import annotations

import argparse
import itertools
import time
import warnings
from pathlib import Path

import numpy as np
from avarium.runner.batch import card_worths
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.engine.state import copy_state
from avarium.simulator.engine.surface import (
    A_END_TURN,
    A_PASS,
    D_MAIN,
    D_PRIORITY,
    G_DEC,
    G_DEC_PLAYER,
    G_DONE,
    G_PLAYERS,
    G_TURN,
    G_WINNER,
    MAX_PLAYERS,
    P_ALIVE,
    ROW_SEAT,
    action_buffer_size,
    legal_actions,
    off_activate,
    off_fight,
    off_scheme_exhaust,
    off_scheme_rep,
    step,
)
from avarium.simulator.game.api import tables_of
from avarium.simulator.game.rules import Rules
from avarium.strategies import bot_spec
from avarium.strategies.features import SCRATCH_SIZE, forget_wincons
from avarium.strategies.heuristic import heuristic_choose, prepare_scoring, score_action
from avarium.strategies.value_model import log_chances, seat_features
from avarium.strategies.weights import N_VALUE_FEATURES, VALUE_FEATURES
from avarium.workflows.train.selfplay import Decisions, play_positions
from joblib import Parallel, delayed
from numba import njit  # numba's own: the engine's njit allocates nothing, this code does
from statsmodels.discrete.conditional_models import ConditionalLogit

CHANGED = N_VALUE_FEATURES - 1  # every value feature but whose turn it is
KINDS = ("end or pass", "recruit", "Scheme for Reputation", "Scheme by exhausting", "fight")
NAMES = (
    ["heuristic score"]
    + [f"own {f}" for f in list(VALUE_FEATURES)[:CHANGED]]
    + [f"enemies' {f}" for f in list(VALUE_FEATURES)[:CHANGED]]
    + ["log chance", "still deciding", "won", "lost"]
    + list(KINDS)
)
MAX_RESOLVE = 300  # steps resolving one action at most


@njit
def heuristic_scores(st, tb, vals, w, buf, m, deltas, out):
    """heuristic_choose's score of each of the m actions in buf, into out."""
    dec = st[G_DEC]
    p = st[G_DEC_PLAYER]
    base = prepare_scoring(st, tb, w, buf, m, deltas)
    for i in range(m):
        out[i] = score_action(st, tb, vals, w, p, dec, buf[i], deltas, base)
    forget_wincons(deltas)


@njit
def action_kind(st, a):
    """The place of a's kind in KINDS (len(KINDS) for any other)."""
    if st[G_DEC] != D_MAIN and st[G_DEC] != D_PRIORITY:
        return 0 if a == A_PASS else len(KINDS)
    if a in (A_END_TURN, A_PASS):
        return 0
    if a >= off_activate(st):
        return len(KINDS)
    if a >= off_fight(st):
        return 4
    if a >= off_scheme_exhaust(st):
        return 3
    return 2 if a >= off_scheme_rep(st) else 1


@njit
def action_features(st, tb, vals, w, vw, buf, m, deltas, out):
    """Each action's features (NAMES' order) into out[:m]."""
    p = st[G_DEC_PLAYER]
    n = st[G_PLAYERS]
    work = np.empty_like(st)
    buf2 = np.empty(action_buffer_size(st, tb), np.int64)
    rng = np.ones(1, np.int64)
    scratch = np.zeros(N_VALUE_FEATURES)
    before = np.zeros((MAX_PLAYERS, N_VALUE_FEATURES))
    after = np.zeros(N_VALUE_FEATURES)
    chance0 = np.zeros(MAX_PLAYERS)
    chance1 = np.zeros(MAX_PLAYERS)
    heuristic_scores(st, tb, vals, w, buf, m, deltas, out[:, 0])
    for q in range(n):
        seat_features(st, tb, q, deltas, before[q])
    log_chances(st, tb, vw, deltas, chance0, scratch)
    for i in range(m):
        copy_state(work, st)
        step(work, tb, buf[i])
        turn = work[G_TURN]
        rng[0] = 12345  # every action resolved with the same stream
        for _ in range(MAX_RESOLVE):
            if work[G_DONE] != 0:
                break
            k = legal_actions(work, tb, buf2)
            if k >= 2 and (
                work[G_TURN] != turn or (work[G_DEC_PLAYER] == p and work[G_DEC] == D_MAIN)
            ):
                break
            a = buf2[0] if k < 2 else heuristic_choose(work, tb, vals, w, rng, buf2, k, deltas)
            step(work, tb, a)
        for q in range(n):
            if work[ROW_SEAT + q, P_ALIVE] == 0:
                continue
            seat_features(work, tb, q, deltas, after)
            at = 1 if q == p else 1 + CHANGED
            for f in range(CHANGED):
                out[i, at + f] += after[f] - before[q, f]
        at = 1 + 2 * CHANGED
        if work[G_DONE] == 0:
            chance1[:] = chance0
            log_chances(work, tb, vw, deltas, chance1, scratch)
            out[i, at] = chance1[p] - chance0[p]
            out[i, at + 1] = 1.0 if work[G_DEC_PLAYER] == p else 0.0
        elif work[G_WINNER] == p:
            out[i, at + 2] = 1.0
        else:
            out[i, at + 3] = 1.0
        kind = action_kind(st, buf[i])
        if kind < len(KINDS):
            out[i, at + 4 + kind] = 1.0


def features_of(decisions: Decisions, w: np.ndarray, vw: np.ndarray):
    """The feature rows of every decision's actions, their decision, and 1 for the chosen."""
    cards = load_cards()
    tb, vals = tables_of(cards), card_worths(cards)
    deltas = np.zeros(SCRATCH_SIZE, np.int64)
    rows, groups, chosen = [], [], []
    for k in range(len(decisions.chosen)):
        m = decisions.counts[k]
        legal = decisions.legal[k, :m].copy()
        out = np.zeros((m, len(NAMES)))
        action_features(decisions.states[k].copy(), tb, vals, w, vw, legal, m, deltas, out)
        rows.append(out)
        groups.append(np.full(m, k))
        chosen.append((legal == decisions.chosen[k]).astype(float))
    return np.concatenate(rows), np.concatenate(groups), np.concatenate(chosen)


def with_heuristic_pick(x: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """x with two more columns: 1 for the heuristic's pick, and each action's gap to it."""
    starts = np.r_[0, np.flatnonzero(np.diff(groups)) + 1, len(groups)]
    pick, gap = np.zeros(len(x)), np.zeros(len(x))
    for a, b in itertools.pairwise(starts):
        score = x[a:b, 0]
        pick[a + np.argmax(score)] = 1
        gap[a:b] = np.clip(score - score.max(), -10, 0)
    return np.c_[x, pick, gap]


def agreement(score: np.ndarray, groups: np.ndarray, chosen: np.ndarray) -> float:
    starts = np.r_[0, np.flatnonzero(np.diff(groups)) + 1, len(groups)]
    hits = [chosen[a + np.argmax(score[a:b])] for a, b in itertools.pairwise(starts)]
    return float(np.mean(hits))


def played(args: argparse.Namespace) -> Decisions:
    """The kept decisions of `mcts/20`'s self-play games, 50 games a job on every core."""

    def games(first: int) -> Decisions:
        stop = min(first + 50, args.games)
        cards = load_cards()
        seed, stride = args.seed, args.stride
        kept = play_positions(cards, Rules(), 2, "mcts/20", seed, first, stop, None, stride)
        return kept[1]

    parts = Parallel(n_jobs=-1)(delayed(games)(first) for first in range(0, args.games, 50))
    return Decisions.joined(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("decisions", nargs="?", help="a decisions file of `avarium train`")
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--stride", type=int, default=6)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--profiles", help="the profiles file holding the learned value")
    parser.add_argument("--value", default="mcts", help="the profile whose learned value is read")
    args = parser.parse_args()
    started = time.perf_counter()
    decisions = Decisions.load(args.decisions) if args.decisions else played(args)
    w = bot_spec("mcts").weights
    vw = bot_spec(args.value, Path(args.profiles) if args.profiles else None).weights
    x, groups, chosen = features_of(decisions, w, vw)
    x = with_heuristic_pick(x, groups)
    x[:, 0] = np.clip(x[:, 0], -30, 30)  # "never this" scores are -100 and below
    x = (x - x.mean(0)) / np.where(x.std(0) > 0, x.std(0), 1)
    held = groups % 5 == 4
    print(f"{len(decisions.chosen):,} decisions, {len(x):,} actions, features in "
          f"{time.perf_counter() - started:.0f} s")  # fmt: skip
    print(f"heuristic's pick: {agreement(x[held, 0], groups[held], chosen[held]):.1%} held out")
    every = list(range(x.shape[1]))
    for label, cols in (("heuristic score alone", [0, -2, -1]), ("every feature", every)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # overflow warnings of early line-search steps
            fit = ConditionalLogit(chosen[~held], x[~held][:, cols], groups=groups[~held])
            beta = fit.fit(method="bfgs", maxiter=2000, disp=0).params
        fitted = agreement(x[~held][:, cols] @ beta, groups[~held], chosen[~held])
        out = agreement(x[held][:, cols] @ beta, groups[held], chosen[held])
        print(f"conditional logit, {label}: {fitted:.1%} fitted on, {out:.1%} held out")


if __name__ == "__main__":
    main()
