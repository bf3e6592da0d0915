"""Two runs compared: per-Idol and per-seat win-rate differences (B minus A).

Paired when both runs played the same deals (the same game_id with the same game_seed): each
Idol's or seat's games are matched one to one, and what counts is how often the outcome changed.
McNemar's exact test (statsmodels) asks whether wins gained and lost differ; the interval is that
of the mean per-game difference (statsmodels DescrStatsW, normal approximation). Because the same
deals cancel most of the luck, a paired comparison sees a patch's effect with far fewer games.

Unpaired otherwise: the difference of two independent proportions, with the Newcombe (Wilson
based) interval and the score test (statsmodels confint/test_proportions_2indep).

Holm's correction over the rows of each table says which differences are significant together.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.games import one_row_per_game
from avarium.analysis.proportions import ALPHA
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import confint_proportions_2indep, test_proportions_2indep
from statsmodels.stats.weightstats import DescrStatsW

# Share of both runs' games that must match (same id, same seed) to compare them pairwise.
PAIRED_SHARE = 0.99


def is_paired(a: pd.DataFrame, b: pd.DataFrame) -> bool:
    """Whether nearly all games of both runs are the same deals (same game_id and game_seed)."""
    ga = one_row_per_game(a)[["game_id", "game_seed"]]
    gb = one_row_per_game(b)[["game_id", "game_seed"]]
    if ga.empty or gb.empty:
        return False
    both = ga.merge(gb, on=["game_id", "game_seed"], how="inner")
    return len(both) >= PAIRED_SHARE * max(len(ga), len(gb))


def _aligned(a: pd.DataFrame, b: pd.DataFrame, key: str):
    """Both runs with `key` on one set of categories, so they merge and group alike."""
    if not isinstance(a[key].dtype, pd.CategoricalDtype):
        return a, b
    names = list(dict.fromkeys([*a[key].cat.categories, *b[key].cat.categories]))
    return (
        a.assign(**{key: a[key].cat.set_categories(names)}),
        b.assign(**{key: b[key].cat.set_categories(names)}),
    )


def _matched(a: pd.DataFrame, b: pd.DataFrame, key: str) -> pd.DataFrame:
    """Rows of the same game and seat in both runs (and the same `key`), won in each."""
    on = list(dict.fromkeys(["game_id", "game_seed", "seat", "players", key]))
    a, b = _aligned(a, b, key)
    return a[[*on, "won"]].merge(b[[*on, "won"]], on=on, suffixes=("_a", "_b"))


def _paired(a: pd.DataFrame, b: pd.DataFrame, key: str) -> pd.DataFrame:
    pairs = _matched(a, b, key)
    wa, wb = pairs["won_a"].to_numpy(), pairs["won_b"].to_numpy()
    cells = pairs.assign(both=wa & wb, only_a=wa & ~wb, only_b=~wa & wb)
    grouped = cells.groupby(["players", key], observed=True)
    out = grouped.agg(
        games=("won_a", "size"),
        wins_a=("won_a", "sum"),
        wins_b=("won_b", "sum"),
        both=("both", "sum"),
        only_a=("only_a", "sum"),
        only_b=("only_b", "sum"),
    ).reset_index()
    lo, hi, p = [], [], []
    for row in out.itertuples():
        neither = row.games - row.both - row.only_a - row.only_b
        table = [[row.both, row.only_a], [row.only_b, neither]]
        p.append(float(mcnemar(table, exact=True).pvalue))
        stats = DescrStatsW(
            np.array([-1.0, 0.0, 1.0]), weights=[row.only_a, row.both + neither, row.only_b]
        )
        low, high = stats.zconfint_mean(alpha=ALPHA)
        lo.append(low)
        hi.append(high)
    out["games_a"] = out["games_b"] = out["games"]
    return _finish(out, np.array(lo), np.array(hi), np.array(p), "paired")


def _unpaired(a: pd.DataFrame, b: pd.DataFrame, key: str) -> pd.DataFrame:
    a, b = _aligned(a, b, key)

    def counts(frame):
        grouped = frame.groupby(["players", key], observed=True)["won"]
        return grouped.agg(games="size", wins="sum")

    out = counts(a).merge(counts(b), left_index=True, right_index=True, suffixes=("_a", "_b"))
    out = out.reset_index()
    ka, na = out["wins_a"].to_numpy(float), out["games_a"].to_numpy(float)
    kb, nb = out["wins_b"].to_numpy(float), out["games_b"].to_numpy(float)
    lo, hi = confint_proportions_2indep(kb, nb, ka, na, method="newcomb", alpha=ALPHA)
    p = test_proportions_2indep(kb, nb, ka, na, method="score").pvalue
    return _finish(out, np.atleast_1d(lo), np.atleast_1d(hi), np.atleast_1d(p), "unpaired")


def _finish(out, lo, hi, p, method) -> pd.DataFrame:
    out["rate_a"] = out["wins_a"] / out["games_a"]
    out["rate_b"] = out["wins_b"] / out["games_b"]
    out["diff"] = out["rate_b"] - out["rate_a"]
    out["lo"], out["hi"], out["p"] = lo, hi, p
    p_ok = np.where(np.isfinite(p), p, 1.0)
    if len(out):
        out["significant"], out["p_holm"], _, _ = multipletests(p_ok, alpha=ALPHA, method="holm")
    else:
        out["significant"], out["p_holm"] = [], []
    out["method"] = method
    keep = [
        "players",
        out.columns[1],
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


def compare_runs(a: pd.DataFrame, b: pd.DataFrame, paired: bool | None = None) -> dict:
    """Per-Idol and per-seat differences of run B against run A; `paired` None decides by seeds."""
    if paired is None:
        paired = is_paired(a, b)
    diff = _paired if paired else _unpaired
    return {"paired": paired, "idols": diff(a, b, "idol"), "seats": diff(a, b, "seat")}
