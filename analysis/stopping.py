"""When a run may stop: every Idol's win rate precise enough (`simulate --precision`), or every
Idol's band verdict decided (`simulate --until settled`); and how many games a fixed-size run
would need for the same guarantee. Pure pandas: the runner plays the rounds and asks
(workflows/until.py); this module only reads the games of the rounds so far.

Precision. The interval is the report's: the 95% Wilson interval of each Idol's win rate over
its decided games (stalls left out), per variant (a tier is a variant) and player count. The run
is precise when every Idol's interval lies within +/- target of its rate. The target is a width,
not a test, so looking after every round costs no error rate.

Settled. The verdict is the report's (analysis/flags.py, analysis/tiers/analyse.py): Holm over every
Idol (and player count, and tier in one family; one family per variant otherwise); "inside"
when the Wilson interval lies within the band, "outside" when Holm flags it. Looking after
every round and stopping at the first settled look is a test repeated up to L times (the
schedule's rounds), which would raise the chance of a wrong verdict above alpha. So each look
is held to alpha / L (Bonferroni over the looks): Holm at alpha / L and intervals of confidence
1 - alpha / L. A verdict at that level is also the verdict at alpha, so the report of a run that
stopped shows every Idol settled too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from avarium.analysis.counts import row_counts
from avarium.analysis.flags import DEFAULT_BAND, MIN_IDOL_GAMES, NOT_ENOUGH, balance_flags
from avarium.analysis.games import drop_mirrors, seat_matrix, without_stalls
from avarium.analysis.proportions import ALPHA, wilson
from avarium.analysis.summary import _flag_counts
from avarium.analysis.tiers.analyse import UNSETTLED, tier_variants, tier_verdict
from avarium.analysis.verdicts import Status
from avarium.analysis.winrates import idol_winrates
from statsmodels.stats.proportion import samplesize_confint_proportion

WORST_CASE = 0.5  # the rate whose interval is widest: what a run sized in advance must assume


@dataclass
class Decision:
    """A stopping rule's answer after one look: stop or not, why (one line), the per-Idol
    table it decided on, and what a fixed-size run would need for the same guarantee."""

    stop: bool
    why: str
    table: pd.DataFrame
    fixed: dict[str, int] = field(default_factory=dict)  # how it was sized -> games
    # The share of the cap the rule expects to need, from what it has seen (None: no guess);
    # the runner sizes the next round by it (workflows/until.py next_count).
    wanted: float | None = None


def games_so_far(games: pd.DataFrame, counts: dict[str, tuple[int, int]]) -> pd.DataFrame:
    """The rows of the games a look covers: per variant label, (first game id, games played),
    so game ids first to first + games - 1. Games of a later round, already written by a run
    that was stopped and resumed, are left out: the look sees what it saw the first time."""
    keep = np.zeros(len(games), dtype=bool)
    labels = games["variant"].astype(str).to_numpy()
    ids = games["game_id"].to_numpy()
    for label, (first, n) in counts.items():
        keep |= (labels == label) & (ids >= first) & (ids < first + n)
    return games[keep].reset_index(drop=True)


def _per_variant(games: pd.DataFrame):
    for label in dict.fromkeys(games["variant"].astype(str)):
        part = games[games["variant"].astype(str).to_numpy() == label]
        rows = drop_mirrors(row_counts(part, seat_matrix(part)))
        yield label, rows, int((part["seat"] == 0).sum())


def idol_intervals(games: pd.DataFrame) -> pd.DataFrame:
    """Per variant, player count and Idol: games, wins, rate, the 95% Wilson interval (the
    report's) and its half-width `within` (the larger side), and the variant's games."""
    parts = []
    for label, rows, played in _per_variant(games):
        rates = idol_winrates(without_stalls(rows), include_mirrors=True)
        parts.append(rates.assign(variant=label, variant_games=played))
    out = pd.concat(parts, ignore_index=True)
    out["within"] = np.maximum(out["rate"] - out["lo"], out["hi"] - out["rate"])
    out["idol"] = out["idol"].astype(str)
    return out


def fixed_size_by_variant(need: pd.Series, table: pd.DataFrame) -> pd.Series:
    """Per variant, the games it needs for every Idol to get `need` games of its own: the Idol
    that needs most, scaled by the share of the variant's games it plays in (an Idol sits in a
    fixed share of a variant's seatings)."""
    share = table["games"] / table["variant_games"]
    return (np.ceil(need / share)).groupby(table["variant"]).max()


def fixed_size_games(need: pd.Series, table: pd.DataFrame) -> int:
    """Run games a fixed-size run needs for every Idol to get `need` games of its own: summed
    over variants (fixed_size_by_variant)."""
    return int(fixed_size_by_variant(need, table).sum())


def share_of_cap(by_variant: pd.Series, experiment: dict) -> float | None:
    """The largest share of its games in the experiment that a variant needs."""
    caps = {v.get("label"): v.get("games") for v in experiment.get("variant", [])}
    shares = [n / caps[v] for v, n in by_variant.items() if caps.get(v)]
    return max(shares) if shares else None


def unplayed(table: pd.DataFrame, experiment: dict) -> list[str]:
    """The Idols of each variant's pool (the resolved experiment's) with no decided game yet:
    an Idol the rounds have not reached is not precise, whatever the others are."""
    out = []
    for v in experiment.get("variant", []):
        seen = set(table.loc[table["variant"] == v.get("label"), "idol"])
        out += [f"{i} ({v.get('label')})" for i in v.get("idols", []) if i not in seen]
    return out


def precision(games: pd.DataFrame, target: float, experiment: dict | None = None) -> Decision:
    """Stop when every Idol's 95% interval is within +/- target (a fraction: 0.01 is one
    point), every Idol of the pool (when the experiment is given) having played. The
    fixed-size equivalent is sized twice: for the worst case p = 0.5 (what a run planned in
    advance must assume) and, in hindsight, for the rates observed."""
    table = idol_intervals(games)
    short = table[~(table["within"] <= target)]  # NaN (no decided game) is not precise
    missing = unplayed(table, experiment or {})
    widest = table.sort_values("within", ascending=False).iloc[0]
    if missing:
        why = f"{len(missing)} Idol(s) with no decided game yet: {', '.join(missing)}"
    elif short.empty:
        why = (
            f"every Idol's 95% interval is within +/-{_pt(target)} points (widest "
            f"+/-{_pt(widest['within'])}: {_who(widest)})"
        )
    else:
        why = (
            f"{len(short)} of {len(table)} Idol rates not yet within +/-{_pt(target)} points "
            f"(widest +/-{_pt(widest['within'])}: {_who(widest)})"
        )
    need_worst = pd.Series(_size(WORST_CASE, target, ALPHA), index=table.index)
    rates = table["rate"].fillna(WORST_CASE).clip(1e-6, 1 - 1e-6)
    need_seen = pd.Series([_size(p, target, ALPHA) for p in rates], index=table.index)
    return Decision(
        short.empty and not missing,
        why,
        table,
        {
            "worst case p = 0.5": fixed_size_games(need_worst, table),
            "observed rates": fixed_size_games(need_seen, table),
        },
        share_of_cap(fixed_size_by_variant(need_seen, table), experiment or {}),
    )


def _size(rate: float, half: float, alpha: float) -> float:
    """Games for a two-sided interval of half-width `half` at `rate` (normal approximation,
    which the Wilson interval approaches at these sizes)."""
    return max(
        float(MIN_IDOL_GAMES),
        float(np.ceil(samplesize_confint_proportion(rate, half, alpha=alpha))),
    )


def _pt(x: float) -> str:
    return f"{100 * x:.2f}" if np.isfinite(x) else "inf"


def _who(row) -> str:
    return f"{row['idol']}, {int(row['players'])} players, {row['variant']}"


# -- settled -------------------------------------------------------------------------------------


def _statuses(counts: pd.DataFrame, band, alpha: float) -> pd.DataFrame:
    """balance_flags at `alpha` with "inside" judged on the interval of the same confidence
    (balance_flags' own "inside" uses the 95% interval)."""
    flags = balance_flags(counts, band=band, alpha=alpha)
    lo, hi = wilson(flags["wins"], flags["games"], alpha=alpha)
    judged = flags["games"].to_numpy() >= MIN_IDOL_GAMES
    inside = judged & (lo >= flags["band_lo"]) & (hi <= flags["band_hi"])
    flags["look_lo"], flags["look_hi"] = lo, hi
    flags["status"] = np.where(
        ~judged,
        NOT_ENOUGH,
        np.where(
            flags["flagged"], Status.OUTSIDE, np.where(inside, Status.INSIDE, Status.UNSETTLED)
        ),
    )
    return flags


def settled(
    games: pd.DataFrame, experiment: dict, looks: int, band=DEFAULT_BAND, alpha: float = ALPHA
) -> Decision:
    """Stop when every Idol's verdict is decided at alpha / looks (see the module doc): per
    tier group across its tiers (one Holm family over every tier, as the report), per variant
    for variants without tiers (one family each)."""
    level = alpha / looks
    tiered = {t.label: t for t in tier_variants(experiment)}
    counts, plain = [], []
    for label, rows, played in _per_variant(games):
        rates = idol_winrates(without_stalls(rows), include_mirrors=True)
        c = _flag_counts(rows, rates).assign(variant=label, variant_games=played)
        (counts if label in tiered else plain).append(c)
    parts = []
    for c in plain:
        parts.append(_statuses(c, band, level).assign(group=c["variant"], verdict=""))
    if counts:
        every = pd.concat(counts, ignore_index=True)
        key = every["variant"] + "\0" + every["idol"].astype(str)
        flags = _statuses(every.assign(idol=key), band, level)
        flags["idol"] = every["idol"].astype(str).to_numpy()
        flags["group"] = [tiered[v].group for v in flags["variant"]]
        parts.append(flags.assign(verdict=""))
    table = pd.concat(parts, ignore_index=True)
    table["idol"] = table["idol"].astype(str)
    table["verdict"] = table["status"]
    for (_, _, _), part in table[table["variant"].isin(list(tiered))].groupby(
        ["group", "players", "idol"]
    ):
        table.loc[part.index, "verdict"] = tier_verdict(list(part["status"]), list(part["side"]))
    open_ = table[table["verdict"].isin([UNSETTLED, NOT_ENOUGH])]
    missing = unplayed(table, experiment)
    what = f"Holm at {100 * alpha:g}% held to {100 * level:.3g}% per look ({looks} looks at most)"
    if missing:
        why = f"{len(missing)} Idol(s) with no decided game yet: {', '.join(missing)}"
    elif open_.empty:
        why = f"every Idol's band verdict is decided ({what})"
    else:
        names = ", ".join(sorted(set(open_["idol"])))
        why = f"{len(open_)} Idol verdict(s) not yet decided: {names} ({what})"
    fixed = {"observed rates": _fixed_settled(table, alpha)}
    return Decision(open_.empty and not missing, why, table, fixed)


def _fixed_settled(table: pd.DataFrame, alpha: float) -> int:
    """A fixed-size run that settles every Idol in one look at alpha, sized from the rates
    observed (in hindsight: a run sized in advance would have to guess them): inside the band,
    the 95% interval must fit between the rate and the nearer edge; outside, the interval at
    Holm's strictest level (alpha / m one-sided) must clear it."""
    m = max(1, int((table["games"] >= MIN_IDOL_GAMES).sum()))
    rate = table["rate"].to_numpy(float)
    lo, hi = table["band_lo"].to_numpy(float), table["band_hi"].to_numpy(float)
    inside = (rate >= lo) & (rate <= hi)
    gap = np.where(inside, np.minimum(rate - lo, hi - rate), np.maximum(lo - rate, rate - hi))
    need = [
        _size(p, g, alpha if i else 2 * alpha / m) if np.isfinite(p) and g > 1e-4 else np.inf
        for p, g, i in zip(rate, gap, inside, strict=True)
    ]
    need = pd.Series(need, index=table.index)
    if not np.isfinite(need).all():
        return -1  # an Idol on a band edge: no fixed size settles it
    return fixed_size_games(need, table)
