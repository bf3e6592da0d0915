"""Per-card impact of Students and Schemes, from the cards/ count tables.

For a Student: the win rate of seats that recruited it against seats that saw it in the
Courtyard on their turn and left it; for a Scheme: seats that played it against seats that drew
it and did not play it. Pick rate (Students) and play rate (Schemes) are taken / offered.

The raw gap (`raw_diff`) compares seats of every Idol at once, so a card that strong Idols take
looks strong: it once flagged 95 of 100 cards. The gap that is tested (`diff`) is therefore taken
*within* strata of the cards/ table's keys, the same Idol in the same seat (and variant and
bots) in games of like length (`turns_band`, the game's turns in bands of five), and the strata's
gaps are combined with inverse-variance weights (the fixed-effect combination of
statsmodels.stats.meta_analysis.combine_effects). Per Idol (`card_impact_by_idol`) the strata
are the seats and length bands of that Idol's games.

Length matters because a card that only matters late is taken in long games only: wherever long
games are won more often by that Idol in that seat, the card would look strong for being late,
not for being good. Within a length band it is compared with seats whose games lasted as long.
(Length is an outcome of the game as well as a setting, so this asks "among games that lasted
this long, did taking the card go with winning?", which is what a designer reads the screen as.)
Runs written before the cards/ table recorded the band read it as -1: their gaps are not
adjusted for length, and `length_adjusted` says so.

Both seats of a game are not independent: in a two-player game where one seat took a card and
the other left it, one of them won. The cards/ table counts per key, not per game, so the
game-clustered variance cannot be computed exactly; it is bounded instead: a game puts at most N
seats (N players) into one card's figure, and the variance of a sum of N terms is at most N times
the sum of their variances, so the pooled figure's variance is multiplied by N. Within one Idol
the seats of a game hold different Idols (mirror games aside, which reports leave out by
default), so the per-Idol figures need no bound.

This is still correlational (docs/analysis.md, *Card impact*): the screen says where to look,
not why.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.proportions import ALPHA, wilson
from scipy.stats import norm
from statsmodels.stats.multitest import multipletests

COUNTS = ["offered", "offered_won", "taken", "taken_won"]
# The cards/ table's keys other than players, card and Idol: strata within which seats are alike.
STRATA = ("variant", "seat", "bot", "turns_band")
# What an older run's cards/ table reads as in place of the length band (simulator/schema.py).
NO_BAND = -1


def length_adjusted(cards: pd.DataFrame) -> bool:
    """Whether the card counts record each game's length band (runs written before they did
    read as NO_BAND), so that the gaps are compared within games of like length."""
    return "turns_band" in cards.columns and bool((cards["turns_band"] != NO_BAND).all())


def card_impact(cards: pd.DataFrame, by: tuple[str, ...] = ("players",)) -> pd.DataFrame:
    """Per card (and `by` keys): counts, pick rate, raw win rates taken and left, the gap within
    Idol and seat (`diff`) with its 95% interval bounded for the games' clustering, the test's
    p-value and a screening flag (Benjamini-Hochberg, false discovery rate 5%, over all cards of
    the table)."""
    return _impact(cards, list(by), strata=["idol", *STRATA], cluster_bound=True)


def card_impact_by_idol(cards: pd.DataFrame, by: tuple[str, ...] = ("players",)) -> pd.DataFrame:
    """Per card and Idol (and `by` keys): the same columns, the gap within that Idol's seats;
    Benjamini-Hochberg over every card and Idol of the table."""
    return _impact(cards, [*by, "idol"], strata=list(STRATA), cluster_bound=False)


def _impact(cards, by: list[str], strata: list[str], cluster_bound: bool) -> pd.DataFrame:
    keys = [*by, "card", "kind"]
    out = cards.groupby(keys, observed=True)[COUNTS].sum().reset_index()
    out = out[out["offered"] > 0].reset_index(drop=True)
    taken, taken_won = out["taken"].to_numpy(float), out["taken_won"].to_numpy(float)
    left = out["offered"].to_numpy(float) - taken
    left_won = out["offered_won"].to_numpy(float) - taken_won
    out["left"], out["left_won"] = left.astype(np.int64), left_won.astype(np.int64)
    out["pick_rate"] = taken / out["offered"].to_numpy(float)
    out["pick_lo"], out["pick_hi"] = wilson(taken, out["offered"])
    with np.errstate(invalid="ignore", divide="ignore"):
        out["win_taken"] = np.where(taken > 0, taken_won / np.maximum(taken, 1), np.nan)
        out["win_left"] = np.where(left > 0, left_won / np.maximum(left, 1), np.nan)
    out["taken_lo"], out["taken_hi"] = wilson(taken_won, taken)
    out["left_lo"], out["left_hi"] = wilson(left_won, left)
    out["raw_diff"] = out["win_taken"] - out["win_left"]
    strata_keys = [k for k in strata if k in cards.columns and k not in keys]
    adjusted = stratified_gap(cards, keys, strata_keys)
    out = out.merge(adjusted, on=keys, how="left")
    if cluster_bound:
        # At most N seats of one game in a card's figure: variance at most N times (see above).
        out["variance"] = out["variance"] * out["players"].astype(float)
    se = np.sqrt(out["variance"].to_numpy(float))
    z = norm.ppf(1 - ALPHA / 2)
    diff = out["diff"].to_numpy(float)
    # A gap of two win rates lies within +-1: a Wald interval on few games can reach past it,
    # and is cut there (the p-value is the test's own).
    out["diff_lo"] = np.clip(diff - z * se, -1.0, 1.0)
    out["diff_hi"] = np.clip(diff + z * se, -1.0, 1.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["p"] = 2 * norm.sf(np.abs(diff) / se)
    tested = np.isfinite(out["p"].to_numpy())
    out["flagged"] = False
    out["p_adjusted"] = np.nan
    if tested.any():
        reject, p_adj, _, _ = multipletests(out["p"][tested], alpha=ALPHA, method="fdr_bh")
        out.loc[tested, "flagged"] = reject
        out.loc[tested, "p_adjusted"] = p_adj
    return out.drop(columns=["variance"])


def stratified_gap(cards: pd.DataFrame, keys: list[str], strata: list[str]) -> pd.DataFrame:
    """Per `keys`: the win-rate gap taken minus left within each stratum, combined over strata
    with inverse-variance weights (fixed effect), its variance, and the strata used.

    A stratum counts when it has seats that took the card and seats that left it. Each
    stratum's variance is the two binomial variances, with the rates pulled half a game toward
    one half ((wins + 0.5) / (games + 1)) so that a stratum where every seat won still has a
    positive variance instead of an infinite weight."""
    per = cards.groupby([*keys, *strata], observed=True)[COUNTS].sum().reset_index()
    t, tw = per["taken"].to_numpy(float), per["taken_won"].to_numpy(float)
    lft = per["offered"].to_numpy(float) - t
    lw = per["offered_won"].to_numpy(float) - tw
    use = (t > 0) & (lft > 0)
    per = per[use].reset_index(drop=True)
    t, tw, lft, lw = t[use], tw[use], lft[use], lw[use]
    pt, pl = (tw + 0.5) / (t + 1), (lw + 0.5) / (lft + 1)
    var = pt * (1 - pt) / t + pl * (1 - pl) / lft
    per["w"] = 1 / var
    per["wd"] = per["w"] * (tw / t - lw / lft)
    agg = per.groupby(keys, observed=True).agg(
        w=("w", "sum"), wd=("wd", "sum"), strata=("w", "size")
    )
    agg = agg.reset_index()
    agg["diff"] = agg["wd"] / agg["w"]
    agg["variance"] = 1 / agg["w"]
    return agg[[*keys, "diff", "variance", "strata"]]
