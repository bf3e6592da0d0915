"""A sequential paired comparison: has a change moved an Idol's win rate, or not by as much as
delta? Decided as the games come in, stopping as soon as it is (`compare --sequential`).

The data. Both experiments play the same deals (workflows/until.py plays them round by
round), so each Idol's games pair up one to one (analysis/twins.py): per pair the
difference d = won in B - won in A is -1, 0 or +1, and the change is its mean. Only the
discordant pairs move it, which is why pairing needs far fewer games than two independent runs.

The test: Sobel and Wald's (1949) three-decision procedure, two one-sided sequential probability
ratio tests per Idol, each H0 "no change" (mean 0) against H1 "a change of delta" (+delta for
one, -delta for the other), on the normal approximation to the log-likelihood ratio that chess
engine testers use for paired game results (the GSPRT of Fishtest and OpenBench):

    LLR = n x delta / s^2 x (mean - delta / 2)     (for the +delta side; -mean for the other)

with s^2 the variance of d (from the discordant counts, with half a pair added to each
discordant cell), and never below delta x (1 - delta): the least variance a change of delta
allows (it needs at least a share delta of discordant pairs). Without that floor, two sides
that play identical games (no discordant pair) would have a variance near 0 and an LLR that
runs off after a handful of games; with it, the test asks for as many games as the smallest
variance under H1 would. Wald's
boundaries for a side at level a = alpha_each / 2 and power 1 - beta:

    upper log((1 - beta) / a): accept H1, "changed" (up or down, by the side that crossed);
    lower log(beta / (1 - a)): accept H0 on that side.

An Idol is "changed" when either side crosses its upper boundary, "unchanged (by less than
delta)" when both sides have crossed their lower boundaries, and stays open otherwise. A side
that has stopped stays stopped. Error rates, as Wald's approximations state them (checking only
after whole rounds overshoots the boundaries, which makes both a little smaller): the chance to
call an unchanged Idol "changed" is at most alpha_each, and to call an Idol that moved by delta
"unchanged" at most beta. The family: alpha_each = alpha / m over the m Idols (and player counts)
compared, Bonferroni, so that calling any unchanged Idol changed has chance at most alpha.

Before MIN_PAIRS pairs an Idol is not judged (the normal approximation needs a few dozen). At the
cap an open Idol is "undecided at the cap".

The fixed-size equivalent: a one-look paired test of the same alpha_each (two-sided), power
1 - beta at a change of delta, with the variance of d observed (statsmodels TTestPower).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from avarium.analysis.flags import MIN_IDOL_GAMES
from scipy.stats import norm
from statsmodels.stats.power import TTestPower

MIN_PAIRS = MIN_IDOL_GAMES
OPEN = "open"
CHANGED = "changed"
UNCHANGED = "unchanged"
UNDECIDED = "undecided at the cap"


@dataclass(frozen=True)
class Design:
    """The comparison's stated error rates: delta (a change of win rate, as a fraction),
    alpha (family-wise, over the `family` Idols compared), beta (per Idol)."""

    delta: float = 0.03
    alpha: float = 0.05
    beta: float = 0.10
    family: int = 1

    @property
    def alpha_each(self) -> float:
        return self.alpha / max(1, self.family)

    @property
    def upper(self) -> float:
        return float(np.log((1 - self.beta) / (self.alpha_each / 2)))

    @property
    def lower(self) -> float:
        return float(np.log(self.beta / (1 - self.alpha_each / 2)))

    def as_dict(self) -> dict[str, float | int | str]:
        return {
            "method": "Sobel-Wald: two one-sided SPRTs per Idol on the paired differences",
            "delta": self.delta,
            "alpha": self.alpha,
            "alpha_each": self.alpha_each,
            "family": self.family,
            "correction": "Bonferroni over the Idols compared",
            "beta": self.beta,
            "llr_changed": self.upper,
            "llr_unchanged": self.lower,
        }


def check_design(delta: float, alpha: float, beta: float) -> None:
    """ValueError naming the field for a design that means nothing."""
    if not 0 < delta < 1:
        raise ValueError(f"delta: expected a change of win rate between 0 and 1, got {delta!r}")
    if not 0 < alpha < 0.5:
        raise ValueError(f"alpha: expected an error rate between 0 and 0.5, got {alpha!r}")
    if not 0 < beta < 0.5:
        raise ValueError(f"beta: expected an error rate between 0 and 0.5, got {beta!r}")


def llr(only_a, only_b, pairs, delta: float) -> tuple[np.ndarray, np.ndarray]:
    """The log-likelihood ratios of the +delta and -delta sides, from the discordant counts."""
    only_a = np.asarray(only_a, dtype=float)
    only_b = np.asarray(only_b, dtype=float)
    n = np.asarray(pairs, dtype=float)
    mean = (only_b - only_a) / np.maximum(n, 1)
    qa, qb = (only_a + 0.5) / (n + 1), (only_b + 0.5) / (n + 1)
    var = np.maximum(qa + qb - (qb - qa) ** 2, delta * (1 - delta))
    scale = n * delta / var
    return scale * (mean - delta / 2), scale * (-mean - delta / 2)


def advance(up: np.ndarray, down: np.ndarray, llr_up, llr_down, judged, design: Design):
    """Each side's state after one more look ("H1", "H0" or OPEN), vectorised over Idols (or
    over simulated experiments): a side still open takes the boundary its LLR crossed, if
    any and if judged; a side that stopped stays stopped."""

    def side(state, value):
        crossed = np.where(value >= design.upper, "H1", np.where(value <= design.lower, "H0", OPEN))
        return np.where((state == OPEN) & judged, crossed, state)

    return side(np.asarray(up), np.asarray(llr_up)), side(np.asarray(down), np.asarray(llr_down))


def verdicts(up: np.ndarray, down: np.ndarray, last: bool) -> np.ndarray:
    """CHANGED when either side accepted its change, UNCHANGED when both accepted none, else
    OPEN (UNDECIDED after the last round)."""
    verdict = np.where(
        (up == "H1") | (down == "H1"),
        CHANGED,
        np.where((up == "H0") & (down == "H0"), UNCHANGED, OPEN),
    )
    return np.where(verdict == OPEN, UNDECIDED, verdict) if last else verdict


def look(counts: pd.DataFrame, design: Design, before: pd.DataFrame | None, round_: int,
         last: bool) -> pd.DataFrame:  # fmt: skip
    """The decisions after one round: `counts` per player count and Idol (pairs `games`,
    `only_a`, `only_b`, as analysis.compare.paired_counts), `before` the table of the previous
    round (None for the first). A side that stopped earlier keeps its decision, and an Idol
    decided earlier the round and pairs it was decided at."""
    out = counts.copy()
    out["idol"] = out["idol"].astype(str)
    out["diff"] = (out["only_b"] - out["only_a"]) / out["games"]
    out["llr_up"], out["llr_down"] = llr(out["only_a"], out["only_b"], out["games"], design.delta)
    # One test per variant (a skill tier of the experiment is one), player count and Idol.
    keys = [k for k in ("variant", "players", "idol") if k in out.columns]
    if before is None:
        prev = pd.DataFrame(columns=[*keys, "up", "down", "decided_round", "decided_pairs"])
    else:
        prev = before[[*keys, "up", "down", "decided_round", "decided_pairs"]]
    merged = out[keys].merge(prev, on=keys, how="left")
    up0 = merged["up"].fillna(OPEN).to_numpy(str)
    down0 = merged["down"].fillna(OPEN).to_numpy(str)
    judged = out["games"].to_numpy() >= MIN_PAIRS
    up, down = advance(up0, down0, out["llr_up"], out["llr_down"], judged, design)
    out["up"], out["down"] = up, down
    out["verdict"] = verdicts(up, down, last)
    was = verdicts(up0, down0, False)
    earlier = was != OPEN
    out["direction"] = np.where(
        out["verdict"] != CHANGED, "", np.where(out["up"] == "H1", "up", "down")
    )
    open_ = out["verdict"].isin([OPEN, UNDECIDED]).to_numpy()
    out["decided_round"] = np.where(
        open_, 0, np.where(earlier, merged["decided_round"].fillna(0), round_)
    ).astype(int)
    out["decided_pairs"] = np.where(
        open_, 0, np.where(earlier, merged["decided_pairs"].fillna(0), out["games"])
    ).astype(int)
    return out


def decided(table: pd.DataFrame) -> bool:
    return bool(len(table)) and not (table["verdict"] == OPEN).any()


def fixed_pairs(table: pd.DataFrame, design: Design) -> np.ndarray:
    """Per Idol, the pairs a one-look paired test with the same alpha_each, power and delta
    needs, at the variance of d observed (at least MIN_PAIRS)."""
    n = table["games"].to_numpy(float)
    qa = (table["only_a"].to_numpy(float) + 0.5) / (n + 1)
    qb = (table["only_b"].to_numpy(float) + 0.5) / (n + 1)
    sd = np.sqrt(np.maximum(qa + qb - (qb - qa) ** 2, design.delta * (1 - design.delta)))
    power = TTestPower()
    z = norm.ppf(1 - design.alpha_each / 2) + norm.ppf(1 - design.beta)

    def needed(s: float) -> float:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a ConvergenceWarning, answered below
            n = power.solve_power(
                effect_size=design.delta / s,
                alpha=design.alpha_each,
                power=1 - design.beta,
                alternative="two-sided",
            )
        # The t solver gives up (nan) when the effect is tiny and the answer huge: there the
        # normal approximation it converges to is the answer.
        return n if np.isfinite(n) else (z * s / design.delta) ** 2

    return np.array([max(MIN_PAIRS, np.ceil(needed(s))) for s in sd])
