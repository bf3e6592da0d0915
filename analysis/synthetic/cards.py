"""Planted cards: the cards/ count table of a run's games, each card with a known effect on
the win rate of the seats that took it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from avarium.simulator import schema


@dataclass(frozen=True)
class CardPlan:
    """Per-card counts: how often each card is offered and taken, and its planted effect.

    The effect is the log-odds gap between the win rate of seats that took the card and of seats
    that were offered it and left it.
    """

    students: tuple[str, ...] = tuple(f"student_{i:02d}" for i in range(1, 13))
    schemes: tuple[str, ...] = tuple(f"scheme_{i:02d}" for i in range(1, 9))
    offer_rate: float = 0.5
    take_rate: Mapping[str, float] = field(default_factory=dict)
    effect: Mapping[str, float] = field(default_factory=dict)
    # Per card, per Idol: take rates that depend on who is offered the card (a card strong Idols
    # take more often looks strong in a raw comparison although its own effect is nil).
    take_by_idol: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    # Per card, the fewest turns of a game it is taken in: a card that only matters late is
    # taken in long games only, and looks strong wherever long games are won more often.
    taken_from_turns: Mapping[str, int] = field(default_factory=dict)


def synthetic_cards(games: pd.DataFrame, plan: CardPlan = CardPlan(), seed: int = 0):
    """The cards/ count table of these games, with each card's planted effect."""
    rng = np.random.default_rng(seed)
    keys = ["variant", "players", "idol", "seat", "bot", "turns_band"]
    games = games.assign(turns_band=games["turns"] // schema.TURNS_BAND * schema.TURNS_BAND)
    grouped = games.groupby(keys, observed=True)["won"].agg(["size", "sum"]).reset_index()
    n = grouped["size"].to_numpy()[:, None]
    w = grouped["sum"].to_numpy()[:, None]
    cards = list(plan.students) + list(plan.schemes)
    kinds = ["student"] * len(plan.students) + ["scheme"] * len(plan.schemes)
    idols = grouped["idol"].astype(str).to_numpy()
    take = np.array(
        [
            [plan.take_by_idol.get(c, {}).get(i, plan.take_rate.get(c, 0.4)) for c in cards]
            for i in idols
        ]
    )
    # Games of a band shorter than a card's taken_from_turns never take it.
    late = np.array([plan.taken_from_turns.get(c, 0) for c in cards])[None, :]
    take = np.where(grouped["turns_band"].to_numpy()[:, None] >= late, take, 0.0)
    effect = np.array([plan.effect.get(c, 0.0) for c in cards])[None, :]
    base = np.clip(w / n, 0.01, 0.99)
    logit = np.log(base / (1 - base))
    offered = rng.binomial(np.broadcast_to(n, (len(n), len(cards))), plan.offer_rate)
    taken = rng.binomial(offered, take)
    taken_won = rng.binomial(taken, 1 / (1 + np.exp(-(logit + effect / 2))))
    left_won = rng.binomial(offered - taken, 1 / (1 + np.exp(-(logit - effect / 2))))
    out = grouped[keys].loc[np.repeat(grouped.index, len(cards))].reset_index(drop=True)
    out["card"] = pd.Categorical(np.tile(cards, len(grouped)), categories=cards)
    out["kind"] = pd.Categorical(np.tile(kinds, len(grouped)), categories=["student", "scheme"])
    out["offered"] = offered.reshape(-1).astype(np.int32)
    out["offered_won"] = (taken_won + left_won).reshape(-1).astype(np.int32)
    out["taken"] = taken.reshape(-1).astype(np.int32)
    out["taken_won"] = taken_won.reshape(-1).astype(np.int32)
    counts = out[["offered", "offered_won", "taken", "taken_won"]]
    return out[(counts != 0).any(axis=1)].reset_index(drop=True)
