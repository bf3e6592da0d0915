"""Two runs compared: per-Idol and per-seat win-rate differences (B minus A).

Paired on the deals both runs played: every game of A is matched with its twin in B, the same
deal and the same Idol in every seat (analysis/twins.py); each Idol's or seat's twin games are
compared one to one, and what counts is how often the outcome changed. McNemar's exact test
(statsmodels) asks whether wins gained and lost differ; the interval is that of the mean
per-game difference (statsmodels DescrStatsW, normal approximation). Because the same deals
cancel most of the luck, a paired comparison sees a patch's effect with far fewer games. Games
without a twin (the larger run's extra games, or games of another deal or seating) are left out
of the differences and counted apart (`pairing`).

Unpaired when fewer than half of the smaller run's games have a twin (runs of other seeds share no
deal): the difference of two independent proportions, with the Newcombe (Wilson
based) interval and the score test (statsmodels confint/test_proportions_2indep).

Holm's correction over the rows of each table says which differences are significant together.

What may differ: only what a change of the cards or the rules is; the two runs must play the
same kind of games (the same bots, player counts, Idol pool, seating and mirrors,
analysis/same_games.py), and `comparable` refuses them otherwise.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.holm import holm
from avarium.analysis.notes import noted
from avarium.analysis.proportions import ALPHA, wilson
from avarium.analysis.same_games import MAY_DIFFER, experiment_differences, games_differences
from avarium.analysis.twins import DEAL_VARIANT, TWIN_KEYS, is_paired, keyed, pairing_table
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.proportion import confint_proportions_2indep, test_proportions_2indep
from statsmodels.stats.weightstats import DescrStatsW

# The rows of a difference table: per player count, or per tier and player count when both
# runs are tiered (a search bot's and a heuristic's games pooled would blur two levels of play).
BY = ["players"]
PER_TIER = ["tier", "players"]


class CompareError(ValueError):
    """Two runs that cannot be compared; the message names what differs."""


def comparable(
    games_a: pd.DataFrame,
    games_b: pd.DataFrame,
    experiment_a: dict,
    experiment_b: dict,
    variant: str | None = None,
) -> None:
    """Raise CompareError, naming every difference on one line, unless the two runs play the
    same kind of games (analysis/same_games.py)."""
    found = experiment_differences(experiment_a, experiment_b, variant)
    found = found or games_differences(games_a, games_b)
    if found:
        raise CompareError(
            f"the runs differ in {'; '.join(found)}: a comparison pairs games of the same bots, "
            f"players, Idol pool and seating, and only {MAY_DIFFER} may differ"
        )


def _aligned(a: pd.DataFrame, b: pd.DataFrame, key: str):
    """Both runs with `key` on one set of categories, so they merge and group alike."""
    if not isinstance(a[key].dtype, pd.CategoricalDtype):
        return a, b
    names = list(dict.fromkeys([*a[key].cat.categories, *b[key].cat.categories]))
    return (
        a.assign(**{key: a[key].cat.set_categories(names)}),
        b.assign(**{key: b[key].cat.set_categories(names)}),
    )


def _matched(a: pd.DataFrame, b: pd.DataFrame, key: str, by: list[str]) -> pd.DataFrame:
    """Rows of the same seat of twin games (the same deal and seating) in both runs, won in
    each."""
    on = list(dict.fromkeys([*TWIN_KEYS, "seat", *by, key]))
    a, b = _aligned(a, b, key)
    return a[[*on, "won"]].merge(b[[*on, "won"]], on=on, suffixes=("_a", "_b"))


def paired_counts(
    a: pd.DataFrame, b: pd.DataFrame, key: str = "idol", by: list[str] = BY
) -> pd.DataFrame:
    """Per player count (and tier, with `by` PER_TIER) and `key` (idol or seat), over the twin
    games of two runs (the same deal and seating): the pairs (`games`), the wins in each run,
    and the 2x2 table's cells: won in both, won in A only, won in B only."""
    a, b = keyed(a, b)
    pairs = _matched(a, b, key, by)
    wa, wb = pairs["won_a"].to_numpy(), pairs["won_b"].to_numpy()
    cells = pairs.assign(both=wa & wb, only_a=wa & ~wb, only_b=~wa & wb)
    grouped = cells.groupby([*by, key], observed=True)
    return grouped.agg(
        games=("won_a", "size"),
        wins_a=("won_a", "sum"),
        wins_b=("won_b", "sum"),
        both=("both", "sum"),
        only_a=("only_a", "sum"),
        only_b=("only_b", "sum"),
    ).reset_index()


def _paired(a: pd.DataFrame, b: pd.DataFrame, key: str, by: list[str]) -> pd.DataFrame:
    out = paired_counts(a, b, key, by)
    lo, hi, p = [], [], []
    for row in out.itertuples():
        neither = row.games - row.both - row.only_a - row.only_b
        table = [[row.both, row.only_a], [row.only_b, neither]]
        p.append(float(mcnemar(table, exact=True).pvalue))
        stats = DescrStatsW(
            np.array([-1.0, 0.0, 1.0]), weights=[row.only_a, row.both + neither, row.only_b]
        )
        low, high = stats.zconfint_mean(alpha=ALPHA)
        if row.only_a + row.only_b == 0:
            # No game changed outcome: the normal interval collapses to [0, 0], a certainty no
            # sample gives. The difference is at most the share of games that changed, whose
            # 95% Wilson bound for 0 changes in this many twins bounds it on both sides.
            bound = float(wilson(0, row.games)[1])
            low, high = -bound, bound
        lo.append(low)
        hi.append(high)
    out["games_a"] = out["games_b"] = out["games"]
    return _finish(out, np.array(lo), np.array(hi), np.array(p), "paired", [*by, key])


def _unpaired(a: pd.DataFrame, b: pd.DataFrame, key: str, by: list[str]) -> pd.DataFrame:
    a, b = _aligned(a, b, key)

    def counts(frame):
        grouped = frame.groupby([*by, key], observed=True)["won"]
        return grouped.agg(games="size", wins="sum")

    out = counts(a).merge(counts(b), left_index=True, right_index=True, suffixes=("_a", "_b"))
    out = out.reset_index()
    ka, na = out["wins_a"].to_numpy(float), out["games_a"].to_numpy(float)
    kb, nb = out["wins_b"].to_numpy(float), out["games_b"].to_numpy(float)
    lo, hi = confint_proportions_2indep(kb, nb, ka, na, method="newcomb", alpha=ALPHA)
    p = test_proportions_2indep(kb, nb, ka, na, method="score").pvalue
    keys = [*by, key]
    return _finish(out, np.atleast_1d(lo), np.atleast_1d(hi), np.atleast_1d(p), "unpaired", keys)


def _finish(out, lo, hi, p, method, keys: list[str]) -> pd.DataFrame:
    out["rate_a"] = out["wins_a"] / out["games_a"]
    out["rate_b"] = out["wins_b"] / out["games_b"]
    out["diff"] = out["rate_b"] - out["rate_a"]
    out["lo"], out["hi"], out["p"] = lo, hi, p
    p_ok = np.where(np.isfinite(p), p, 1.0)
    if len(out):
        out["significant"], out["p_holm"] = holm(p_ok, ALPHA)
    else:
        out["significant"], out["p_holm"] = [], []
    out["method"] = method
    keep = [
        *keys,
        "games_a",
        "rate_a",
        "games_b",
        "rate_b",
        "diff",
        "lo",
        "hi",
        "p",
        "p_holm",
        "significant",
        "method",
    ]
    return out[keep]


def compare_runs(
    a: pd.DataFrame,
    b: pd.DataFrame,
    paired: bool | None = None,
    tiers: dict[str, str] | None = None,
) -> dict:
    """Per-Idol and per-seat differences of run B against run A; `paired` None decides by the
    twins (is_paired). With `tiers` (A's variant label -> its tier's name, weakest first:
    analysis.tiers.compared), a row per tier, else the tiers' games pooled. Also how the games
    were paired, as plain values for a page, a terminal line or JSON: `games_a`, `games_b`;
    `twins` (the games of each run paired with a twin, the games every paired row is computed
    over); `unpaired_a`, `unpaired_b` (left without a twin: out of a paired comparison, in an
    unpaired one); `pairing`, the same per variant (pairing_table); and the notes for any
    warning the statistics raised (analysis.notes)."""
    a, b = keyed(a, b)
    if paired is None:
        paired = is_paired(a, b)
    diff = _paired if paired else _unpaired
    by = BY
    if tiers:
        names = pd.CategoricalDtype(list(dict.fromkeys(tiers.values())), ordered=True)
        a = a.assign(tier=a[DEAL_VARIANT].map(tiers).astype(names))
        b = b.assign(tier=b[DEAL_VARIANT].map(tiers).astype(names))
        by = PER_TIER
    pairing = pairing_table(a, b)
    shared = int(pairing["paired"].sum())
    games_a, games_b = int((a["seat"] == 0).sum()), int((b["seat"] == 0).sum())
    notes: list[str] = []
    with noted(notes, "Idol differences"):
        idols = diff(a, b, "idol", by)
    with noted(notes, "Seat differences"):
        seats = diff(a, b, "seat", by)
    return {
        "paired": paired,
        "idols": idols,
        "seats": seats,
        "notes": notes,
        "games_a": games_a,
        "games_b": games_b,
        "twins": shared,
        "unpaired_a": games_a - shared,
        "unpaired_b": games_b - shared,
        "pairing": pairing,
    }


def pairing_summary(result: dict) -> dict:
    """How a comparison matched its games, JSON-ready (plain ints, bools and strings) for the
    terminal headline and `compare --json`: the method, the games of each run, the paired games,
    those left without a twin and what was done with them, and the same per variant."""
    left = "left out" if result["paired"] else "compared unpaired with the rest"
    return {
        "method": "paired" if result["paired"] else "unpaired",
        "games_a": result["games_a"],
        "games_b": result["games_b"],
        "paired_games": result["twins"],
        "unpaired_a": result["unpaired_a"],
        "unpaired_b": result["unpaired_b"],
        "unpaired_games": left,
        "variants": [
            {k: (int(v) if k != "variant" else str(v)) for k, v in row.items()}
            for row in result["pairing"].to_dict("records")
        ],
    }


def pairing_sentence(result: dict) -> str:
    """One plain line saying how many games were paired and what became of the others."""
    shared, left_a, left_b = result["twins"], result["unpaired_a"], result["unpaired_b"]
    games_a, games_b = result["games_a"], result["games_b"]
    if not result["paired"]:
        return (
            f"Unpaired: only {shared:,} of A's {games_a:,} and B's {games_b:,} games have a twin "
            "(the same deal and the same Idol in every seat), so the two runs' win rates are "
            "compared as independent samples over all their games."
        )
    text = (
        f"Paired: {shared:,} games of A have a twin in B (the same deal and the same Idol in "
        "every seat), and each is compared with its twin."
    )
    if left_a or left_b:
        text += (
            f" Left out, without a twin: {left_a:,} of A's {games_a:,} games and {left_b:,} of "
            f"B's {games_b:,}."
        )
    return text
