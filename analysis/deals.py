"""Deals shared between variants: the deal key, per-deal outcomes, and the statistics that keep
each deal's games together.

Game k of every variant of a run is dealt alike (runner/seeds.py: the deal's seed depends
on the run seed and k alone, and so does the seating), so the k-th games of a sweep's variants are
not independent: a deal that favours seat 1 favours it at every bonus. Treating the variants as
independent samples makes differences between them look less certain than they are and pooled
figures look more certain than they are (the same luck counted once per variant). Everything here
therefore resamples, or clusters on, the deal: the game's index within its variant.

- `deal_index`: that index, per row.
- `deal_outcomes`: per variant, deal and quantity (a seat, or one Idol), how many times the
  quantity played and won in that deal, as dense arrays; `side_by_side` puts several skill
  tiers' outcomes of one run together, deal by deal.
- `bootstrap_rates`: the rates of every variant and quantity in resampled sets of deals, where one
  resample draws deals with replacement and takes each drawn deal's games in every variant.
- `clustered_counts`: a pooled rate with its deal-clustered variance and effective counts, for
  anything still pooled over variants.

Games that stalled at the safety cap have no winner and are left out (they are an outcome of
their own, counted apart: analysis.summary).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

# Resamples drawn per block: a block's weight matrix is BLOCK x deals floats, which keeps a
# 100,000-deal sweep to tens of megabytes however many resamples are asked for.
BLOCK = 100


def deal_index(games: pd.DataFrame) -> np.ndarray:
    """Each row's deal: its game's index within its variant (game_id minus the variant's first
    game id). A run's game ids run on across variants, each variant a contiguous block, and game
    k of every variant shares the deal and the seating.

    In an unfinished run whose variant lacks its first chunk the k-th games of two variants may
    then be different deals; those pairs are merely independent, which a deal bootstrap treats
    correctly too (it only loses the pairing's precision for them)."""
    ids = games["game_id"].to_numpy(dtype=np.int64)
    codes, _ = pd.factorize(games["variant"].astype(str))
    first = np.full(codes.max() + 1 if len(codes) else 0, np.iinfo(np.int64).max)
    np.minimum.at(first, codes, ids)
    return ids - first[codes]


@dataclass
class DealOutcomes:
    """plays[v, k, j] and wins[v, k, j]: variant v (in `variants` order), deal k, quantity j."""

    variants: list[str]
    quantities: list
    plays: np.ndarray
    wins: np.ndarray
    stalled: int  # games at the safety cap, left out


def deal_outcomes(
    games: pd.DataFrame, players: int, variants: list[str], by: str = "seat", idol: str = ""
) -> DealOutcomes:
    """The decided games of one player count as dense per-deal arrays. `by` "seat" gives one
    quantity per seat; "idol" gives one, the named Idol (played = seats it held in the game)."""
    part = games[games["players"] == players]
    stalled_rows = (part["reason"] == "stalled").to_numpy()
    stalled = int((stalled_rows & (part["seat"] == 0).to_numpy()).sum())
    part = part[~stalled_rows]
    deal = deal_index(part) if len(part) else np.zeros(0, np.int64)
    order = {v: i for i, v in enumerate(variants)}
    v = part["variant"].astype(str).map(order).to_numpy()
    keep = ~pd.isna(v)
    v = v[keep].astype(np.int64)
    deal = deal[keep]
    won = part["won"].to_numpy()[keep]
    deals = int(deal.max()) + 1 if len(deal) else 0
    if by == "seat":
        j = part["seat"].to_numpy()[keep].astype(np.int64)
        quantities, width, counted = list(range(players)), players, np.ones(len(j), bool)
    else:
        counted = (part["idol"].astype(str) == idol).to_numpy()[keep]
        j, quantities, width = np.zeros(len(v), np.int64), [idol], 1
    shape = (len(variants), deals, width)
    flat = (v * deals + deal) * width + j
    size = int(np.prod(shape))
    plays = np.bincount(flat[counted], minlength=size).reshape(shape).astype(float)
    wins = np.bincount(flat[counted & won], minlength=size).reshape(shape).astype(float)
    return DealOutcomes(list(variants), quantities, plays, wins, stalled)


def side_by_side(parts: list[DealOutcomes]) -> DealOutcomes:
    """The outcomes of several tiers of one run as one, each tier's quantities beside the
    others' (`quantities` become (tier index, quantity) pairs). A tiered run deals game k of
    every tier alike, so deal k is one deal in every part; a tier that played fewer games (the
    search bot on a share of them) has no plays in the deals it did not play."""
    deals = max(p.plays.shape[1] for p in parts)

    def padded(a: np.ndarray) -> np.ndarray:
        return np.pad(a, ((0, 0), (0, deals - a.shape[1]), (0, 0)))

    return DealOutcomes(
        parts[0].variants,
        [(i, q) for i, p in enumerate(parts) for q in p.quantities],
        np.concatenate([padded(p.plays) for p in parts], axis=2),
        np.concatenate([padded(p.wins) for p in parts], axis=2),
        sum(p.stalled for p in parts),
    )


def resample_counts(deals: int, draws: int, rng: np.random.Generator):
    """Blocks of bootstrap weights: how often each deal is drawn in each resample (a resample
    draws `deals` deals with replacement)."""
    done = 0
    while done < draws:
        size = min(BLOCK, draws - done)
        picks = rng.integers(0, deals, size=(size, deals)) + np.arange(size)[:, None] * deals
        yield np.bincount(picks.ravel(), minlength=size * deals).reshape(size, deals)
        done += size


def bootstrap_rates(outcomes: DealOutcomes, draws: int, seed: int = 0) -> np.ndarray:
    """rates[b, v, j] in `draws` deal resamples: each drawn deal brings its games in every
    variant at once, so whatever the variants share stays shared."""
    rng = np.random.default_rng(seed)
    n_var, deals, width = outcomes.plays.shape
    plays = outcomes.plays.transpose(1, 0, 2).reshape(deals, n_var * width)
    wins = outcomes.wins.transpose(1, 0, 2).reshape(deals, n_var * width)
    out = []
    for weights in resample_counts(deals, draws, rng):
        w = weights.astype(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            out.append((w @ wins) / (w @ plays))
    return np.concatenate(out).reshape(draws, n_var, width)


def clustered_counts(frame: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """Per `keys`: games, wins, rate, the deal-clustered variance of the rate, and the effective
    games and wins (`eff_games`, `eff_wins`): the counts that independent games would need to
    be exactly as precise. `frame` has one row per game and seat (`variant`, `game_id`, `won`).

    The rate is a ratio of sums over deals, wins / games; its variance is the cluster-robust
    (sandwich) variance of that ratio, C/(C-1) * sum_c (wins_c - rate * games_c)^2 / games^2 over
    the C deals, which is what an intercept-only GLM with cluster-robust covariance gives (the
    suite checks it against statsmodels). A deal's games in several variants are one cluster, so
    their shared luck is counted once. The effective games rate(1-rate)/variance (Kish's design
    effect) carry that into any method built on counts (Wilson intervals, the flag test);
    they are never more than the games played, so clustering never claims extra precision."""
    data = pd.DataFrame({k: frame[k].to_numpy() for k in keys})
    data["deal"] = deal_index(frame)
    data["games"] = 1
    data["wins"] = frame["won"].to_numpy().astype(np.int64)
    per = data.groupby([*keys, "deal"], observed=True)[["games", "wins"]].sum().reset_index()
    n, w = per["games"].to_numpy(float), per["wins"].to_numpy(float)
    group = per.groupby(keys, observed=True)
    total = group["games"].transform("sum").to_numpy(float)
    rate = group["wins"].transform("sum").to_numpy(float) / total
    per["resid2"] = (w - rate * n) ** 2
    out = group.agg(games=("games", "sum"), wins=("wins", "sum"), resid2=("resid2", "sum"))
    out["clusters"] = group.size()
    out = out.reset_index()
    games, wins = out["games"].to_numpy(float), out["wins"].to_numpy(float)
    c = out["clusters"].to_numpy(float)
    out["rate"] = wins / games
    out["variance"] = c / np.maximum(c - 1, 1) * out["resid2"].to_numpy() / games**2
    binomial = out["rate"] * (1 - out["rate"])
    with np.errstate(invalid="ignore", divide="ignore"):
        eff = np.where(out["variance"] > 0, binomial / out["variance"], games)
    out["eff_games"] = np.minimum(np.nan_to_num(eff, nan=0.0), games)
    out["eff_wins"] = out["rate"] * out["eff_games"]
    return out.drop(columns="resid2")
