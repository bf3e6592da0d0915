"""Twins: the games two runs both played, the same deal and the same Idol in every seat.

A game's deal key is its variant, its index within the variant, its game_seed and its seating
(the Idol in every seat): game k of a variant is dealt and seated from the run seed and k alone,
so a 20,000-game run with the seed of a 40,000-game run has a twin for every game among the first
20,000 of that variant, whatever the game ids (which run on across variants and so differ between
runs of other sizes). A comparison of two runs (analysis/compare.py) is paired on the twins when
there are enough of them (`is_paired`), and says per variant how many games had one
(`pairing_table`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.deals import deal_index
from avarium.analysis.games import game_index, one_row_per_game

# Share of the smaller run's games that must have a twin (the same deal key) to compare the runs
# pairwise. Measured against the smaller run because the larger run's extra games can never have
# a twin: a 20,000-game run whose every game is a twin of half a 40,000-game run is fully paired.
# Below half, most of what the smaller run played would be left out, and the unpaired comparison
# of all games says more; runs of the same seed have twins for all or nearly all of it, runs of
# other seeds for none, so the threshold only decides odd cases (a run with many games reseated).
PAIRED_SHARE = 0.5


def with_seating(games: pd.DataFrame, categories: list) -> pd.DataFrame:
    """The games with a `seating` column: one number per game for the Idol in every seat, the
    same in both runs of a comparison (`categories` is their shared list of Idols)."""
    idols = games["idol"]
    if not isinstance(idols.dtype, pd.CategoricalDtype):
        idols = idols.astype("category")
    codes = idols.cat.set_categories(categories).cat.codes.to_numpy().astype(np.int64)
    base = len(categories) + 1
    per_row = (codes + 1) * base ** games["seat"].to_numpy().astype(np.int64)
    index, slots = game_index(games)
    per_game = np.bincount(index, weights=per_row, minlength=slots).astype(np.int64)
    return games.assign(seating=per_game[index])


# A game's deal key: its variant (DEAL_VARIANT, see _deal_variants), its index within the variant,
# its deal's seed and its seating. The index and not the game_id: game ids run on across variants,
# so game k of a run's second variant has another id in a run of another size.
DEAL_VARIANT = "deal_variant"
TWIN_KEYS = [DEAL_VARIANT, "deal", "game_seed", "seating"]


def _variant_order(games: pd.DataFrame) -> list[str]:
    """The run's variant labels in game-id order (the order of its experiment)."""
    first = games.groupby(games["variant"].astype(str), observed=True)["game_id"].min()
    return list(first.sort_values().index)


def _deal_variants(a: pd.DataFrame, b: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Per row of each run, the variant its deal belongs to, named alike in both runs: the label,
    or, when the two runs label their variants differently but have as many (a config file's
    "before" and "after"), A's label of the variant in the same place, as `comparable` matches
    the experiments' variants by place."""
    la, lb = a["variant"].astype(str), b["variant"].astype(str)
    order_a, order_b = _variant_order(a), _variant_order(b)
    if set(order_a) == set(order_b) or len(order_a) != len(order_b):
        return la, lb
    return la, lb.map(dict(zip(order_b, order_a, strict=True)))


def keyed(a: pd.DataFrame, b: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Both runs with their Idols on one set of categories and the deal key's columns."""
    if all(k in a.columns and k in b.columns for k in TWIN_KEYS):
        return a, b
    names = sorted({str(i) for i in a["idol"].unique()} | {str(i) for i in b["idol"].unique()})
    va, vb = _deal_variants(a, b)
    a = with_seating(a, names).assign(**{DEAL_VARIANT: va.to_numpy(), "deal": deal_index(a)})
    b = with_seating(b, names).assign(**{DEAL_VARIANT: vb.to_numpy(), "deal": deal_index(b)})
    return a, b


def twins(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """The games both runs played, one row per twin pair: the deal key (the same deal and the
    same seats), and the game's id in each run."""
    a, b = keyed(a, b)
    ga = one_row_per_game(a)[[*TWIN_KEYS, "game_id"]]
    gb = one_row_per_game(b)[[*TWIN_KEYS, "game_id"]]
    return ga.merge(gb, on=TWIN_KEYS, how="inner", suffixes=("_a", "_b"))


def is_paired(a: pd.DataFrame, b: pd.DataFrame) -> bool:
    """Whether at least PAIRED_SHARE of the smaller run's games have a twin in the other run."""
    a, b = keyed(a, b)
    games = min(int((a["seat"] == 0).sum()), int((b["seat"] == 0).sum()))
    return games > 0 and len(twins(a, b)) >= PAIRED_SHARE * games


def pairing_table(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """Per variant (as the deal key names it): the games of each run, how many of them were
    paired with a twin, and how many of each run were left without one."""
    a, b = keyed(a, b)
    per_a = one_row_per_game(a)[DEAL_VARIANT].value_counts()
    per_b = one_row_per_game(b)[DEAL_VARIANT].value_counts()
    paired = twins(a, b)[DEAL_VARIANT].value_counts()
    variants = list(dict.fromkeys([*_variant_order(a), *per_b.index]))
    out = pd.DataFrame({"variant": variants})
    for name, counts in (("games_a", per_a), ("games_b", per_b), ("paired", paired)):
        out[name] = out["variant"].map(counts).fillna(0).astype(np.int64)
    out["unpaired_a"] = out["games_a"] - out["paired"]
    out["unpaired_b"] = out["games_b"] - out["paired"]
    return out
