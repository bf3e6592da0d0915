"""Balance flags: which Idols' win rates lie outside the designer's band, with the family of
Idols tested taken into account, and how many more games would settle the rest.

The test, precisely. The band for N players is the two-player band scaled to the fair share:
[lo, hi] x 2/N (default 45-55% for two players, i.e. fair share x [0.9, 1.1]). For each Idol
(and player count) the null hypothesis is "its true win rate is inside the band". The estimate's
side picks the one-sided score test: above the band centre, H0 p <= hi against p > hi; below
it, H0 p >= lo against p < lo (statsmodels proportions_ztest with the null proportion's variance,
the test whose inversion is the Wilson interval). Holm's step-down over every Idol and player
count in the table (holm_capped: Holm with each step's level at most alpha/2, see there) keeps
the chance of flagging any Idol whose rate is really inside the band at or below alpha (5%). The
size is exact at the band edges, up to the negligible chance that the test on the other side
would also have rejected.

The interval shown for the decision: Holm tests the Idol ranked j-th by p-value at level
min(alpha/(m-j+1), alpha/2). `flag_lo`/`flag_hi` are the Wilson interval at confidence 1 - 2 x
that level (for Idols after Holm stopped, the level where it stopped), so never narrower than the
95% interval. An Idol is flagged exactly when that
interval lies wholly outside the band, so the flag and the interval always agree.

Too few games. An Idol (at a player count) with fewer than MIN_IDOL_GAMES games is "not enough
games": it is neither tested nor counted in Holm's family, gets no flag and no estimate of the
games still needed; the report names it. Below that, the score test's normal approximation and
the sample-size formula say nothing useful (one game "needed about 0 more").
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.proportions import ALPHA, wilson
from avarium.analysis.verdicts import Status
from statsmodels.stats.proportion import proportions_ztest, samplesize_confint_proportion

DEFAULT_BAND = (0.45, 0.55)
# The fewest games of an Idol (at one player count) that the flag test and the seat-and-strength
# model judge. 30 games is where the normal approximation behind the score test and the
# sample-size estimate starts to hold for rates near the fair share; it is a floor, not a
# target: at 30 games the 95% interval is still about 35 points wide.
MIN_IDOL_GAMES = 30
NOT_ENOUGH = Status.NOT_ENOUGH
# Above this many more games we say "more than" rather than print a meaningless number.
MAX_MORE_GAMES = 100_000_000


def band_for(players, band: tuple[float, float] = DEFAULT_BAND) -> tuple[np.ndarray, np.ndarray]:
    """The band for N players: the two-player band scaled by 2/N (fair share x the same ratio)."""
    scale = 2.0 / np.asarray(players, dtype=float)
    return band[0] * scale, band[1] * scale


def _one_sided(count: float, nobs: float, value: float, alternative: str) -> float:
    if nobs <= 0:
        return 1.0
    # prop_var=value: the variance under the null, i.e. the score test that Wilson inverts.
    _, p = proportions_ztest(count, nobs, value=value, alternative=alternative, prop_var=value)
    return float(p)


def flag_counts(wins, games, lo, hi, alpha: float = ALPHA) -> dict[str, np.ndarray]:
    """The flag test on count arrays (one entry per Idol and player count): p-values, Holm
    decisions and the Holm-consistent intervals. The family is every entry given."""
    wins = np.asarray(wins, dtype=float)
    games = np.asarray(games, dtype=float)
    lo = np.broadcast_to(np.asarray(lo, dtype=float), wins.shape)
    hi = np.broadcast_to(np.asarray(hi, dtype=float), wins.shape)
    rate = np.divide(wins, games, out=np.full(wins.shape, np.nan), where=games > 0)
    above = rate > (lo + hi) / 2
    p = np.array(
        [
            _one_sided(k, n, h, "larger") if up else _one_sided(k, n, low, "smaller")
            for k, n, low, h, up in zip(wins, games, lo, hi, above, strict=True)
        ]
    )
    m = len(p)
    flagged = np.zeros(m, dtype=bool)
    adjusted = np.ones(m)
    level = np.full(m, alpha / max(m, 2))
    if m:
        flagged, adjusted, level = holm_capped(p, alpha)
    flag_lo, flag_hi = wilson(wins, games, alpha=2 * level)
    return {
        "p": p,
        "p_holm": adjusted,
        "flagged": np.asarray(flagged, dtype=bool),
        "level": level,
        "flag_lo": flag_lo,
        "flag_hi": flag_hi,
        "side": np.where(above, "above", "below"),
    }


def holm_capped(p: np.ndarray, alpha: float = ALPHA):
    """Holm's step-down procedure with every step's level at most alpha / 2: rejections, the
    adjusted p-values and the level each test was held to.

    Holm tests the k-th smallest p-value at alpha / (m - k + 1), so its last step is at alpha
    itself. A one-sided test at level L is the two-sided interval of confidence 1 - 2L, so the
    last step's flag interval was a 90% interval, narrower than the 95% one beside it (the docs
    said wider). Capping the level at alpha / 2 keeps every flag interval at 95% or wider and the
    flag and its interval in agreement; the procedure stays a valid Holm procedure (each level
    is at most Holm's), a little more cautious at its last step only. Adjusted p-values are
    Holm's with the same cap: p times max(m - k + 1, 2), made monotone, at most 1."""
    p = np.asarray(p, dtype=float)
    m = len(p)
    order = np.argsort(p, kind="stable")
    steps = alpha / np.maximum(m - np.arange(m), 2)
    passed = p[order] <= steps
    stop = m if passed.all() else int(np.argmin(passed))
    flagged = np.zeros(m, dtype=bool)
    flagged[order[:stop]] = True
    level = np.empty(m)
    level[order] = np.where(np.arange(m) < stop, steps, steps[min(stop, m - 1)])
    factors = np.maximum(m - np.arange(m), 2)
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(np.maximum.accumulate(p[order] * factors), 1.0)
    return flagged, adjusted, level


def more_games(rate, games, lo, hi, status, family_alpha) -> np.ndarray:
    """About how many more games of this Idol would settle it, at its current win rate.

    Inside the band: the 95% interval must shrink to fit between the estimate and the nearer
    edge. Outside: the flag interval must clear the nearer edge, at the level Holm holds this
    Idol to (`family_alpha`, one per Idol; Bonferroni's alpha / m was stricter than the test
    and overstated the games needed). statsmodels' samplesize_confint_proportion gives the
    games for a half-width (normal approximation, which Wilson approaches at these sizes).
    Settled Idols get 0.
    """
    rate = np.asarray(rate, dtype=float)
    inside = (rate >= lo) & (rate <= hi)
    edge = np.minimum(np.abs(rate - lo), np.abs(rate - hi))
    gap = np.where(inside, np.minimum(rate - lo, hi - rate), edge)
    alpha = np.where(inside, ALPHA, 2 * family_alpha)
    out = np.zeros(len(rate))
    for i in np.flatnonzero(np.asarray(status) == Status.UNSETTLED):
        if gap[i] < 1e-4 or not np.isfinite(rate[i]):
            out[i] = np.inf
            continue
        need = samplesize_confint_proportion(rate[i], gap[i], alpha=alpha[i], method="normal")
        # Unsettled means the Wilson interval still straddles an edge; where the normal
        # approximation thinks the games already suffice, one more game is the honest floor.
        out[i] = max(1.0, np.ceil(need) - games[i])
    return np.where(out > MAX_MORE_GAMES, np.inf, out)


def balance_flags(
    counts: pd.DataFrame, band: tuple[float, float] = DEFAULT_BAND, alpha: float = ALPHA
) -> pd.DataFrame:
    """Flags for a count table with columns players, idol, games, wins (and optionally stalled).

    Adds the band, the 95% Wilson interval, the test's p-value and Holm-adjusted p-value, the
    flag, the Holm-consistent interval, a status (outside, inside, unsettled, or not enough
    games: fewer than MIN_IDOL_GAMES, left out of the test) and the more games needed to settle
    an unsettled Idol (for this Idol, and for the run as a whole)."""
    out = counts.reset_index(drop=True).copy()
    wins, games = out["wins"].to_numpy(float), out["games"].to_numpy(float)
    out["rate"] = np.divide(wins, games, out=np.full(len(out), np.nan), where=games > 0)
    out["lo"], out["hi"] = wilson(wins, games)
    out["band_lo"], out["band_hi"] = band_for(out["players"], band)
    judged = games >= MIN_IDOL_GAMES
    result = flag_counts(
        wins[judged], games[judged], out["band_lo"][judged], out["band_hi"][judged], alpha
    )
    empty = {"side": "", "p": np.nan, "p_holm": np.nan, "flagged": False, "level": np.nan}
    for key in ("side", "p", "p_holm", "flagged", "level", "flag_lo", "flag_hi"):
        column = np.full(len(out), empty.get(key, np.nan), dtype=np.asarray(result[key]).dtype)
        column[judged] = result[key]
        out[key] = column
    inside = judged & (out["lo"] >= out["band_lo"]) & (out["hi"] <= out["band_hi"])
    out["status"] = np.where(
        ~judged,
        NOT_ENOUGH,
        np.where(out["flagged"], Status.OUTSIDE, np.where(inside, Status.INSIDE, Status.UNSETTLED)),
    )
    # Each Idol at the level Holm held it to (its own step, or where Holm stopped).
    family = np.where(judged, out["level"].to_numpy(float), alpha / 2)
    extra = more_games(
        out["rate"],
        games,
        out["band_lo"].to_numpy(),
        out["band_hi"].to_numpy(),
        out["status"],
        family,
    )
    out["more_games"] = np.where(judged, extra, np.nan)
    # An Idol sits in a share of the run's games; more games of it need proportionally more games.
    if "run_games" in out.columns:
        with np.errstate(invalid="ignore", divide="ignore"):
            out["more_run_games"] = np.ceil(out["more_games"] * out["run_games"] / games)
    return out
