"""Sweeps: one variant per sweep point (labels such as `bonus=0,2` or `kumara_raj.merit=18`).

Seat and Idol win rates per variant, and which variant's seats are closest to fair, with how sure
that choice is, at one skill tier or at every tier of a run at once. The tune-bonus and sweep
commands build on these; the report shows them for any run with more than one variant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd
from avarium.analysis.counts import totals
from avarium.analysis.deals import DealOutcomes, bootstrap_rates, deal_outcomes, side_by_side
from avarium.analysis.games import stalled_rows, without_stalls
from avarium.analysis.proportions import fair_share, rate_table
from avarium.runner.tiers import split_label

# Deal resamples behind every probability and interval of a sweep's choice.
DRAWS = 2_000


def parse_variant(label: str) -> tuple[str, tuple[float, ...]]:
    """`bonus=0,2` -> ("bonus", (0.0, 2.0)); a two-field sweep point `a.merit=8 b.combat=3` ->
    ("a.merit b.combat", (8.0, 3.0)), so that points sort by their numbers (8 before 10), not
    as text; a label without numbers gives ("label", ()). A tier's label (`bonus=0,2 · mcts/20`)
    is read without its tier."""
    names, values = [], []
    for part in split_label(label)[0].split():
        name, _, value = part.partition("=")
        numbers = re.findall(r"-?\d+(?:\.\d+)?", value)
        if not value or len(numbers) != len([v for v in value.split(",") if v.strip()]):
            return str(label), ()
        names.append(name.strip())
        values += [float(n) for n in numbers]
    if not names:
        return str(label), ()
    return " ".join(names), tuple(values)


def swept_cards(labels) -> list[str]:
    """The cards a sweep's labels change, in order: `kumara_raj.merit=18 touka.combat=3` ->
    ["kumara_raj", "touka"]."""
    found: list[str] = []
    for label in labels:
        for card in re.findall(r"([A-Za-z_][\w]*)\.[A-Za-z_]\w*=", str(label)):
            if card not in found:
                found.append(card)
    return found


def variant_order(labels) -> list[str]:
    """Labels in sweep order: by parameter name, then by value (numerically), then by label."""
    return sorted(map(str, labels), key=lambda s: (parse_variant(s)[0], parse_variant(s)[1], s))


def _by_variant(games: pd.DataFrame, key: str) -> pd.DataFrame:
    # Rates over decided games; each variant's stalled games (seat-rows of them) counted apart.
    stalled = totals(
        games.assign(stalled=stalled_rows(games)), ["variant", "players", key], won="stalled"
    ).rename(columns={"wins": "stalled"})
    out = rate_table(totals(without_stalls(games), ["variant", "players", key]))
    out = out.merge(
        stalled[["variant", "players", key, "stalled"]], on=["variant", "players", key], how="left"
    )
    out["stalled"] = out["stalled"].fillna(0).astype(np.int64)
    out["fair"] = fair_share(out["players"])
    out["variant"] = out["variant"].astype(str)
    order = {v: i for i, v in enumerate(variant_order(out["variant"].unique()))}
    out["order"] = out["variant"].map(order)
    out["value"] = [
        parse_variant(v)[1][-1] if parse_variant(v)[1] else np.nan for v in out["variant"]
    ]
    return out.sort_values(["players", "order", key]).reset_index(drop=True)


def seat_winrates_by_variant(games: pd.DataFrame) -> pd.DataFrame:
    """Per variant, player count and seat: games, wins, rate, 95% Wilson interval, fair share.
    `games` is the games table or its row counts (avarium.analysis.counts).

    `value` is the last number of the variant's label (seat 1's bonus in `bonus=0,2`, the
    merit in `kumara_raj.merit=18`) for plotting against; `order` is the sweep order."""
    return _by_variant(games, "seat")


def idol_winrates_by_variant(games: pd.DataFrame) -> pd.DataFrame:
    """Per variant, player count and Idol: the same columns as seat_winrates_by_variant."""
    return _by_variant(games, "idol")


def closest_to_fair(
    games: pd.DataFrame,
    draws: int = DRAWS,
    seed: int = 0,
    by: str = "seat",
    idol: str = "",
) -> pd.DataFrame:
    """Per player count and variant: the worst gap from fair (|rate - 1/N| of the worst seat, or
    of the one Idol when `by` is "idol"), the probability that this variant truly has the
    smallest gap, and for the chosen variant its gap corrected for having been chosen, with a
    95% interval.

    `games` is the games table (one row per game and seat, with `game_id`): the variants share
    their deals, so everything comes from one bootstrap over deals (analysis.deals), each drawn
    deal bringing its games in every variant along. `prob_best` is the share of resamples in
    which the variant has the smallest gap.

    The chosen variant's own gap is biased low (the winner's curse: it was chosen because its
    estimate is the smallest, and noise that made it small is part of why). The correction
    re-runs the choice in every resample: there the variant chosen in the resample has a gap
    in the resample, and its gap in the full data plays the truth; the difference is the
    optimism of choosing and estimating on the same deals. `gap` is the chosen variant's
    estimate minus the mean optimism (kept inside its interval).

    `gap_lo`-`gap_hi` is a 95% interval for the chosen variant's true gap that holds whichever
    variant the data chose: a simultaneous band over every variant and seat (the deal
    bootstrap's largest studentized deviation, max-t), folded into a gap. The interval the
    correction alone gives (the estimate minus the optimism's 2.5% and 97.5% points) held the
    truth in 84% of planted experiments, not 95%: the gap is |rate - fair|, which is bent at
    fair and biased away from it, so the bootstrap's stand-in truth is off just where the
    fairest variant sits. The band holds it in 98-100% (tests/analysis/test_sweeps.py).
    """
    rows = []
    for players in sorted(int(p) for p in games["players"].unique()):
        part = games[games["players"] == players]
        variants = variant_order(part["variant"].astype(str).unique())
        outcomes = deal_outcomes(part, players, variants, by=by, idol=idol)
        rows += _fairness_rows(players, outcomes, draws, seed)
    return pd.DataFrame(rows, columns=FAIREST_COLUMNS)


def closest_to_fair_at_every_tier(
    tiers: list[pd.DataFrame], draws: int = DRAWS, seed: int = 0
) -> pd.DataFrame:
    """closest_to_fair for the seats of several skill tiers of one run at once: a variant's
    worst gap is that of its worst seat at any tier, so the chosen variant is the one whose
    seats are fairest whichever tier plays. `tiers` holds each tier's games under the variants'
    own labels (analysis.tiers.by_tier). The tiers deal game k of every variant alike, so one
    bootstrap over deals takes each drawn deal's games at every tier and every variant along;
    a tier that played a share of the deals (the search bot) counts only in those, and its
    noise widens the choice's uncertainty as it should."""
    rows = []
    every = pd.concat(tiers, ignore_index=True)
    for players in sorted(int(p) for p in every["players"].unique()):
        at = every[every["players"] == players]
        variants = variant_order(at["variant"].astype(str).unique())
        outcomes = side_by_side([deal_outcomes(t, players, variants) for t in tiers])
        rows += _fairness_rows(players, outcomes, draws, seed)
    return pd.DataFrame(rows, columns=FAIREST_COLUMNS)


def _fairness_rows(players: int, outcomes: DealOutcomes, draws: int, seed: int) -> list[dict]:
    """closest_to_fair's rows of one player count."""
    choice = fairest(outcomes, 1.0 / players, draws, seed)
    if choice is None:
        return []
    rows = []
    for i, variant in enumerate(outcomes.variants):
        chosen = i == choice.chosen
        rows.append(
            {
                "players": players,
                "variant": variant,
                "worst_gap": choice.gaps[i],
                "prob_best": choice.prob_best[i],
                "chosen": chosen,
                "gap": choice.gap if chosen else np.nan,
                "gap_lo": choice.gap_lo if chosen else np.nan,
                "gap_hi": choice.gap_hi if chosen else np.nan,
                "deals": outcomes.plays.shape[1],
                "stalled": outcomes.stalled,
            }
        )
    return rows


@dataclass
class Choice:
    """The fairest variant of one player count (an index into the outcomes' variants)."""

    gaps: np.ndarray  # each variant's estimated worst gap
    prob_best: np.ndarray  # share of deal resamples in which each variant had the smallest
    chosen: int
    gap: float  # the chosen variant's gap, corrected for the choice
    gap_lo: float
    gap_hi: float


def fairest(outcomes: DealOutcomes, fair: float, draws: int = DRAWS, seed: int = 0):
    """closest_to_fair for one player count, on per-deal arrays; None when nothing played."""
    if outcomes.plays.shape[1] == 0:
        return None
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = outcomes.wins.sum(axis=1) / outcomes.plays.sum(axis=1)
    gaps = _worst(rate, fair)
    if np.isnan(gaps).all():
        return None
    rates = bootstrap_rates(outcomes, draws, seed)
    boot = _worst(rates, fair)
    boot = np.where(np.isnan(boot), np.inf, boot)
    best = boot.argmin(axis=1)
    prob = np.bincount(best, minlength=len(gaps)) / draws
    chosen = int(np.nanargmin(gaps))
    optimism = boot[np.arange(draws), best] - gaps[best]
    optimism = optimism[np.isfinite(optimism)]
    gap_lo, gap_hi = selected_gap(rate, rates, best, fair, chosen)
    corrected = gaps[chosen] - optimism.mean() if optimism.size else gaps[chosen]
    return Choice(
        gaps=gaps,
        prob_best=prob,
        chosen=chosen,
        gap=float(min(max(corrected, gap_lo), gap_hi)),
        gap_lo=gap_lo,
        gap_hi=gap_hi,
    )


def selected_gap(
    rate: np.ndarray, boot: np.ndarray, best: np.ndarray, fair: float, chosen: int, level=0.95
) -> tuple[float, float]:
    """A `level` interval for variant `chosen`'s true worst gap that allows for its having been
    chosen: a band rate[chosen, j] +- c * se[chosen, j] over its seats, folded into a gap (the
    nearest and farthest the band's rates lie from fair, 0 where the band holds fair; the
    largest over the seats). `c` is calibrated on the choice itself: in each deal resample b
    the variant chosen there, best[b], is compared with its full-data rates, and c is the
    `level` quantile of the largest studentized deviation over its seats (max-t), so the band
    holds the chosen variant's rates however the choice fell. The rates are smooth where the
    gap is bent at fair, which is why the bootstrap is asked about them."""
    with np.errstate(invalid="ignore"):
        se = np.nanstd(boot, axis=0)
    se = np.where(se > 0, se, np.nan)  # a rate that never moves bounds nothing
    picked = np.arange(len(best))
    with np.errstate(invalid="ignore", divide="ignore"):
        dev = np.abs(boot[picked, best] - rate[best]) / se[best]
        t = np.nanmax(np.where(np.isnan(dev), -np.inf, dev), axis=1)
    t = t[np.isfinite(t)]
    c = float(np.quantile(t, level)) if t.size else 0.0
    played = ~np.isnan(rate[chosen])
    half = c * np.nan_to_num(se[chosen][played])
    lo, hi = rate[chosen][played] - half - fair, rate[chosen][played] + half - fair
    near = np.where((lo <= 0) & (hi >= 0), 0.0, np.minimum(np.abs(lo), np.abs(hi)))
    far = np.maximum(np.abs(lo), np.abs(hi))
    return float(near.max()), float(far.max())


FAIREST_COLUMNS = [
    "players",
    "variant",
    "worst_gap",
    "prob_best",
    "chosen",
    "gap",
    "gap_lo",
    "gap_hi",
    "deals",
    "stalled",
]


def _worst(rate: np.ndarray, fair: float) -> np.ndarray:
    """The largest |rate - fair| over the last axis (seats); nan where no quantity played."""
    dist = np.abs(rate - fair)
    out = np.full(dist.shape[:-1], np.nan)
    some = ~np.isnan(dist).all(axis=-1)
    out[some] = np.nanmax(dist[some], axis=-1)
    return out
