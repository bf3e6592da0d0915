"""Where the search departs from the heuristic it plays out with: of the search's own decisions
in self-play, the share the heuristic (the same profile's weights) would have taken too, per kind
of decision (the Plan Phase, priority windows, supporters, targets, ...).

The search is only worth its cost where it chooses otherwise, and a fast policy fitted to it
can only match it as far as its features can say why: this table is that measurement.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.runner.batch import card_worths
from avarium.simulator.cards.model import CardSet
from avarium.simulator.game.api import Game, tables_of
from avarium.strategies.features import SCRATCH_SIZE
from avarium.strategies.heuristic import heuristic_choose
from avarium.workflows.train.selfplay import Decisions

TIES = 12345  # the heuristic's stream for its ties, the same for every decision


def agreement_table(cards: CardSet, decisions: Decisions, weights: np.ndarray) -> pd.DataFrame:
    """One row per kind of decision: decisions, and the share the heuristic with `weights`
    takes as the search did (the last row, "every decision", all of them)."""
    tb, vals = tables_of(cards), card_worths(cards)
    deltas = np.zeros(SCRATCH_SIZE, np.int64)
    rows = []
    for k in range(len(decisions.chosen)):
        state = decisions.states[k].copy()
        legal = decisions.legal[k].copy()
        rng = np.array([TIES], np.int64)
        mine = heuristic_choose(state, tb, vals, weights, rng, legal, decisions.counts[k], deltas)
        kind = Game(cards, _state=state).decision
        rows.append((kind, int(mine == decisions.chosen[k])))
    frame = pd.DataFrame(rows, columns=["decision", "same"])
    table = frame.groupby("decision", sort=False)["same"].agg(decisions="size", agrees="mean")
    table = table.sort_values("decisions", ascending=False, kind="stable").reset_index()
    every = {"decision": "every decision", "decisions": len(frame), "agrees": frame["same"].mean()}
    return pd.concat([table, pd.DataFrame([every])], ignore_index=True)
