"""Two runs compared: per-Idol and per-seat win-rate differences (B minus A).

Paired on the deals both runs played. A game's deal key is its variant, its index within the
variant, its game_seed and its seating (the Idol in every seat): game k of a variant is dealt and
seated from the run seed and k alone, so a 20,000-game run with the seed of a 40,000-game run has
a twin for every game among the first 20,000 of that variant, whatever the game ids (which run on
across variants and so differ between runs of other sizes). Every game of A is matched with its
twin in B; each Idol's or seat's twin games are compared one to one, and what counts is how often
the outcome changed. McNemar's exact test (statsmodels) asks whether wins gained and lost differ;
the interval is that of the mean per-game difference (statsmodels DescrStatsW, normal
approximation). Because the same deals cancel most of the luck, a paired comparison sees a
patch's effect with far fewer games. Games without a twin (the larger run's extra games, or games
of another deal or seating) are left out of the differences and counted apart (`pairing`).

Unpaired when fewer than half of the smaller run's games have a twin (runs of other seeds share no
deal): the difference of two independent proportions, with the Newcombe (Wilson
based) interval and the score test (statsmodels confint/test_proportions_2indep).

Holm's correction over the rows of each table says which differences are significant together.

What may differ. A comparison asks what a change of the cards or the rules did, so the two runs
must play the same kind of games: the same bots (and bot weights), player counts, Idol pool,
seating and mirrors, read from both runs' experiments (`comparable`), and where a run does not
record them, from its games (the bots in every seat, the player counts). Cards, card
fingerprints, --set overrides, patches, bonus, rules, seeds and game counts may differ. Twins are
games with the same deal key (variant, index within it, game_seed and seating); a game without a
twin in the other run is left out of a paired comparison, and the page says how many.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.deals import deal_index
from avarium.analysis.games import game_index, one_row_per_game
from avarium.analysis.notes import noted
from avarium.analysis.proportions import ALPHA, wilson
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import confint_proportions_2indep, test_proportions_2indep
from statsmodels.stats.weightstats import DescrStatsW

# Share of the smaller run's games that must have a twin (the same deal key) to compare the runs
# pairwise. Measured against the smaller run because the larger run's extra games can never have
# a twin: a 20,000-game run whose every game is a twin of half a 40,000-game run is fully paired.
# Below half, most of what the smaller run played would be left out, and the unpaired comparison
# of all games says more; runs of the same seed have twins for all or nearly all of it, runs of
# other seeds for none, so the threshold only decides odd cases (a run with many games reseated).
PAIRED_SHARE = 0.5
# The fields of an experiment's variant that say which games are played: two runs that differ
# in any of them play different games, and comparing them says nothing about a patch.
GAME_FIELDS = ("players", "idols", "seating", "mirrors", "bots", "bot_weights")
# What may differ, for the message.
MAY_DIFFER = "cards, patches, --set overrides, bonus and rules"
# The rows of a difference table: per player count, or per tier and player count when both
# runs are tiered (a search bot's and a heuristic's games pooled would blur two levels of play).
BY = ["players"]
PER_TIER = ["tier", "players"]


class CompareError(ValueError):
    """Two runs that cannot be compared; the message names what differs."""


def _variants(experiment: dict, variant: str | None) -> list[dict] | None:
    """The experiment's variant tables (the one named, when one is), or None when it does not
    record them."""
    tables = experiment.get("variant")
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        return None
    if variant is not None:
        return [t for t in tables if t.get("label") == variant]
    return tables


def _shown(value) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or "none"
    return "not recorded" if value is None else str(value)


def experiment_differences(a: dict, b: dict, variant: str | None = None) -> list[str]:
    """What differs between two runs' experiments in the fields that say which games are
    played (GAME_FIELDS), one phrase each; empty when either does not record its variants."""
    va, vb = _variants(a, variant), _variants(b, variant)
    if va is None or vb is None:
        return []
    if len(va) != len(vb):
        return [f"the number of variants (A {len(va)}, B {len(vb)})"]
    out = []
    for i, (x, y) in enumerate(zip(va, vb, strict=True)):
        where = f" of variant {i + 1}" if len(va) > 1 else ""
        # A field one run does not record (an older toolkit's run) is not held against it.
        recorded = [name for name in GAME_FIELDS if name in x and name in y]
        differ = [name for name in recorded if x[name] != y[name]]
        out += [
            f"{name}{where} (A {_shown(x[name])}; B {_shown(y[name])})"
            for name in differ
            if not _follows(name, differ)
        ]
    return out


def _follows(name: str, differ: list[str]) -> bool:
    """Whether a difference only follows from another one named: other players have other
    seatings and bots per seat; other bots have other weights."""
    if "players" in differ and name in ("seating", "bots", "bot_weights"):
        return True
    return name == "bot_weights" and "bots" in differ


def _seat_bots(games: pd.DataFrame) -> dict[int, list[str]]:
    """Per player count, the bots seen in each seat, written as one label per seat."""
    pairs = games[["players", "seat", "bot"]].drop_duplicates().astype({"bot": str})
    out: dict[int, list[str]] = {}
    for (players, seat), part in pairs.groupby(["players", "seat"]):
        out.setdefault(int(players), []).append(f"seat {seat}: " + "/".join(sorted(part["bot"])))
    return out


def games_differences(a: pd.DataFrame, b: pd.DataFrame) -> list[str]:
    """What the games themselves show to differ: the player counts, and the bots in each seat
    (for runs whose experiment does not say)."""
    players_a = sorted(int(p) for p in a["players"].unique())
    players_b = sorted(int(p) for p in b["players"].unique())
    if players_a != players_b:
        return [f"players (A {_shown(players_a)}; B {_shown(players_b)})"]
    ba, bb = _seat_bots(a), _seat_bots(b)
    return [
        f"bots in {players}-player games (A {'; '.join(ba[players])}; B {'; '.join(bb[players])})"
        for players in ba
        if ba[players] != bb.get(players)
    ]


def comparable(
    games_a: pd.DataFrame,
    games_b: pd.DataFrame,
    experiment_a: dict,
    experiment_b: dict,
    variant: str | None = None,
) -> None:
    """Raise CompareError, naming every difference on one line, unless the two runs play the
    same kind of games (see the module doc)."""
    found = experiment_differences(experiment_a, experiment_b, variant)
    found = found or games_differences(games_a, games_b)
    if found:
        raise CompareError(
            f"the runs differ in {'; '.join(found)}: a comparison pairs games of the same bots, "
            f"players, Idol pool and seating, and only {MAY_DIFFER} may differ"
        )


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


def _keyed(a: pd.DataFrame, b: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
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
    a, b = _keyed(a, b)
    ga = one_row_per_game(a)[[*TWIN_KEYS, "game_id"]]
    gb = one_row_per_game(b)[[*TWIN_KEYS, "game_id"]]
    return ga.merge(gb, on=TWIN_KEYS, how="inner", suffixes=("_a", "_b"))


def is_paired(a: pd.DataFrame, b: pd.DataFrame) -> bool:
    """Whether at least PAIRED_SHARE of the smaller run's games have a twin in the other run."""
    a, b = _keyed(a, b)
    games = min(int((a["seat"] == 0).sum()), int((b["seat"] == 0).sum()))
    return games > 0 and len(twins(a, b)) >= PAIRED_SHARE * games


def pairing_table(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """Per variant (as the deal key names it): the games of each run, how many of them were
    paired with a twin, and how many of each run were left without one."""
    a, b = _keyed(a, b)
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
    a, b = _keyed(a, b)
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
        out["significant"], out["p_holm"], _, _ = multipletests(p_ok, alpha=ALPHA, method="holm")
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
    a, b = _keyed(a, b)
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
