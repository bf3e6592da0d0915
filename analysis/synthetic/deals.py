"""Shared deals: a sweep's variants played on the same deals, as a real sweep plays them
(runner/seeds.py), and the per-deal outcomes and paired results such runs give, drawn without a
games table where a test needs hundreds of them."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd
from avarium.analysis.synthetic.games import Plan, game_seeds, synthetic_games


def shared_deal_sweep(n_games: int, plans: Iterable[Plan], seed: int = 0) -> pd.DataFrame:
    """A sweep's games table: n_games per plan (one plan per variant), game k of every variant
    played on the same deal, as a real sweep plays them (runner/seeds.py).

    Every variant draws from the same random stream, so game k has the same player count,
    Idols, seats, reason draws and the same per-seat noise in every variant; only what the plans
    change (seat effects, strengths) moves the winner. That is the shared luck a deal-paired
    analysis must keep together. Game ids run on across variants and the seeds are the deal's,
    the same in every variant, as in a real run."""
    parts = []
    for v, plan in enumerate(plans):
        games = synthetic_games(n_games, plan, seed=seed, first_game_id=v * n_games)
        deal = games["game_id"].to_numpy() - v * n_games
        games["game_seed"], games["bot_seed"] = game_seeds(seed, deal)
        parts.append(games)
    games = pd.concat(parts, ignore_index=True)
    games["variant"] = games["variant"].astype(str).astype("category")
    return games


def shared_deal_outcomes(seat_effect, deals: int, rng: np.random.Generator):
    """The per-deal outcomes (analysis.deals.DealOutcomes) of a seat-bonus sweep without the
    games table: seat_effect[v] is variant v's log-odds term per seat, and deal k's winner in
    variant v is argmax(seat_effect[v] + noise[k]) with the same Gumbel noise in every variant,
    the model synthetic_games plants with shared deals. The true seat rates are then exactly
    softmax(seat_effect[v]). Fast enough to draw hundreds of experiments in a test."""
    from avarium.analysis.deals import DealOutcomes

    effect = np.asarray(seat_effect, dtype=float)
    n_var, seats = effect.shape
    noise = rng.gumbel(size=(deals, seats))
    winner = (effect[:, None, :] + noise[None, :, :]).argmax(axis=2)
    wins = (winner[..., None] == np.arange(seats)).astype(float)
    return DealOutcomes(
        variants=[f"v{i}" for i in range(n_var)],
        quantities=list(range(seats)),
        plays=np.ones_like(wins),
        wins=wins,
        stalled=0,
    )


def shared_deal_pairs(rate_a: float, rate_b: float, deals: int, rng: np.random.Generator,
                      shared: float = 0.6) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """One Idol's results on the same deals before (A) and after (B) a change: won_a, won_b per
    deal, with true win rates exactly rate_a and rate_b. A share `shared` of the deals is decided
    by the deal alike in both (one uniform draw against both rates, as a deal's luck carries
    over), the rest independently: so most pairs agree and only the discordant ones carry the
    change, as in a paired run."""
    u = rng.random(deals)
    v = np.where(rng.random(deals) < shared, u, rng.random(deals))
    return u < rate_a, v < rate_b
