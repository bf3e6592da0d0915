"""Every analysis of one run, in the order the report presents them, plus the headline facts."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from avarium.analysis.cards import card_impact, card_impact_by_idol, length_adjusted
from avarium.analysis.counts import row_counts, seatings, totals, weight
from avarium.analysis.coverage import left_out, never_played
from avarium.analysis.deals import clustered_counts
from avarium.analysis.flags import DEFAULT_BAND, NOT_ENOUGH, balance_flags
from avarium.analysis.games import (
    drop_mirrors,
    mirrors,
    one_row_per_game,
    seat_matrix,
    without_stalls,
)
from avarium.analysis.length import length_distribution, length_summary
from avarium.analysis.levers import lever_effects
from avarium.analysis.notes import noted
from avarium.analysis.placements import eliminations, mean_placement, placements
from avarium.analysis.proportions import wilson
from avarium.analysis.reasons import reason_totals, win_reasons
from avarium.analysis.seats import first_player_advantage, seat_winrates
from avarium.analysis.strength import seat_and_strength
from avarium.analysis.sweeps import (
    closest_to_fair,
    idol_winrates_by_variant,
    seat_winrates_by_variant,
    swept_cards,
    variant_order,
)
from avarium.analysis.verdicts import Status
from avarium.analysis.winrates import idol_winrates, matchups


@dataclass
class Analysis:
    """Named tables (each becomes a CSV, most also a chart) and the run's size and options."""

    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    games: int = 0
    mirror_games: int = 0
    band: tuple[float, float] = DEFAULT_BAND
    include_mirrors: bool = False
    variants: list[str] = field(default_factory=list)
    # Sentences the summary must add: Idols or fits left out for too few games, and every
    # warning a computation raised (analysis.notes), instead of a raw warning on the terminal.
    notes: list[str] = field(default_factory=list)
    never_played: list[str] = field(default_factory=list)  # in the pool, in no game
    left_out: list[str] = field(default_factory=list)  # in the card set, not in the pool


def analyse(
    games: pd.DataFrame,
    cards: pd.DataFrame,
    band: tuple[float, float] = DEFAULT_BAND,
    include_mirrors: bool = False,
    pool: list[str] | None = None,
    set_idols: list[str] | None = None,
) -> Analysis:
    """Run every analysis on one run's games and card counts (already narrowed to a variant).

    The raw rows are reduced to two count tables first (analysis.counts); every analysis then
    works on those, so the cost beyond reading the data hardly grows with the number of games.
    `pool` (the experiment's Idol pool) and `set_idols` (the card set's), when known, let the
    summary name the Idols that never played and those the pool left out. No warning escapes:
    each becomes a note (analysis.notes).
    """
    notes: list[str] = []
    with noted(notes, "Analysis"):  # anything not caught closer to where it happened
        result = _analyse(games, cards, band, include_mirrors, notes)
    result.notes = notes
    result.never_played = never_played(games, pool)
    result.left_out = left_out(pool, set_idols)
    return result


def _analyse(games, cards, band, include_mirrors, notes: list[str]) -> Analysis:
    view = seat_matrix(games)
    rows = row_counts(games, view)
    seats = seatings(games, extra=("turns", "rounds", "reason"), view=view)
    total = int(weight(seats).sum())
    if not include_mirrors:
        rows, seats = drop_mirrors(rows), drop_mirrors(seats)
    result = Analysis(
        games=total,
        mirror_games=total - int(weight(seats).sum()),
        band=band,
        include_mirrors=include_mirrors,
        variants=[str(v) for v in games["variant"].unique()],
    )
    t = result.tables
    # Stalled games (the safety cap) are an outcome of their own: every win rate is over the
    # decided games, and the stalls are counted apart (flags' `stalled`, the headline, lengths).
    decided, decided_seats = without_stalls(rows), without_stalls(seats)
    t["idol_winrates"] = idol_winrates(decided, include_mirrors=True)
    with noted(notes, "Balance flags"):
        t["flags"] = balance_flags(_flag_counts(rows, t["idol_winrates"]), band=band)
    t["matchups"] = matchups(decided_seats, include_mirrors=True)
    t["seat_winrates"] = seat_winrates(decided)
    t["first_player_advantage"] = first_player_advantage(t["seat_winrates"])
    model = seat_and_strength(seats)
    notes += model.notes
    t["seat_model"] = model.seats
    t["idol_strength"] = model.idols
    t["length"] = length_summary(rows)
    t["length_by_idol"] = length_summary(rows, "idol")
    t["length_by_matchup"] = length_summary(seats, "matchup")
    t["length_by_reason"] = length_summary(rows, "reason")
    t["length_distribution"] = length_distribution(rows, "turns")
    t["reasons"] = reason_totals(rows)
    t["win_reasons"] = win_reasons(rows)
    with noted(notes, "Card impact"):
        t["card_impact"] = card_impact(cards) if len(cards) else pd.DataFrame()
        t["card_impact_by_idol"] = card_impact_by_idol(cards) if len(cards) else pd.DataFrame()
    if len(cards) and not length_adjusted(cards):
        notes.append(
            "Card impact: this run's card counts were written before they recorded each game's "
            "length, so the gaps are not adjusted for game length (a card taken late looks "
            "strong where long games are won more); play the run again to adjust them."
        )
    t["placements_by_idol"] = placements(rows, "idol")
    t["placements_by_seat"] = placements(rows, "seat")
    t["eliminations_by_idol"] = eliminations(rows, "idol")
    t["eliminations_by_seat"] = eliminations(rows, "seat")
    t["mean_placement_by_idol"] = mean_placement(rows, "idol")
    t["mean_placement_by_seat"] = mean_placement(rows, "seat")
    if len(result.variants) > 1:
        played = games if include_mirrors else games[~mirrors(view[0])[view[1]]]
        with noted(notes, "Variants"):
            _per_variant(t, rows, played, band)
    return result


def _per_variant(t: dict, rows: pd.DataFrame, played: pd.DataFrame, band) -> None:
    """A run of several variants (a sweep, tune-bonus): each variant's own figures, the fairest
    variant and the swept Idol's best value (both from a bootstrap over deals, since the
    variants share their deals), and the pooled tables' intervals clustered on the deal.

    `rows` are the count rows, `played` the raw games (mirrors already left out if asked)."""
    t["seat_by_variant"] = seat_winrates_by_variant(rows)
    t["idol_by_variant"] = idol_winrates_by_variant(rows)
    t["flags_by_variant"] = flags_by_variant(rows, band)
    t["fairest_variant"] = closest_to_fair(played)
    t["swept_idol"] = swept_idol_closest(played, band)
    levers = lever_effects(played)
    if len(levers):
        t["lever_effects"] = levers
    # What stays pooled over the variants is labelled so, and its intervals (and the flag test)
    # count each deal's shared luck once: Wilson on the deal-clustered effective counts.
    decided = without_stalls(played)
    for name, keys in (
        ("idol_winrates", ["players", "idol"]),
        ("seat_winrates", ["players", "seat"]),
    ):
        t[name] = _clustered(t[name], clustered_counts(decided, keys), keys)
    t["flags"] = _clustered_flags(t["flags"], clustered_counts(decided, ["players", "idol"]), band)
    t["first_player_advantage"] = first_player_advantage(t["seat_winrates"])
    t["first_player_advantage"]["pooled"] = True


def _clustered(table: pd.DataFrame, counts: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """A pooled rate table with Wilson intervals on deal-clustered effective counts."""
    out = table.drop(columns=["lo", "hi"]).merge(
        counts[[*keys, "eff_games", "eff_wins"]], on=keys, how="left"
    )
    out["lo"], out["hi"] = wilson(out["eff_wins"], out["eff_games"])
    out["pooled"] = True
    return out


def _clustered_flags(flags: pd.DataFrame, counts: pd.DataFrame, band) -> pd.DataFrame:
    """The pooled flags tested on deal-clustered effective counts (Kish's design effect), with
    the games and wins actually played kept in `games` and `wins`; `more_games` converted back
    to games played (each played game is worth eff_games / games independent ones)."""
    keys = ["players", "idol"]
    merged = flags[[*keys, "games", "wins", "stalled", "run_games"]].merge(
        counts[[*keys, "eff_games", "eff_wins"]], on=keys, how="left"
    )
    effective = merged.assign(games=merged["eff_games"], wins=merged["eff_wins"])
    out = balance_flags(effective.drop(columns=["eff_games", "eff_wins"]), band=band)
    worth = merged["eff_games"] / merged["games"]
    out["games"], out["wins"] = merged["games"], merged["wins"]
    out["eff_games"] = merged["eff_games"]
    out["more_games"] = np.ceil(out["more_games"] / worth)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["more_run_games"] = np.ceil(out["more_games"] * out["run_games"] / out["games"])
    out["pooled"] = True
    return out


def flags_by_variant(rows: pd.DataFrame, band) -> pd.DataFrame:
    """Each variant's own balance flags: its Idols tested on its own games, one Holm family per
    variant (a sweep asks "which values are fine?", a question per value)."""
    parts = []
    for variant in variant_order(rows["variant"].astype(str).unique()):
        own = rows[(rows["variant"].astype(str) == variant).to_numpy()]
        rates = idol_winrates(without_stalls(own), include_mirrors=True)
        flags = balance_flags(_flag_counts(own, rates), band=band)
        parts.append(flags.assign(variant=variant))
    out = pd.concat(parts, ignore_index=True)
    return out[["variant", *[c for c in out.columns if c != "variant"]]]


def swept_idol_closest(played: pd.DataFrame, band=DEFAULT_BAND) -> pd.DataFrame:
    """For a sweep of an Idol's own field (labels such as `kumara_raj.merit=18`): the value that
    brings that Idol closest to its fair share, from the deal bootstrap (closest_to_fair), with
    the Idol's band test at each value (flags_by_variant: rate, both intervals, status), so a
    recommendation that leaves it outside the band, or with too few games to judge, says so."""
    idols = set(played["idol"].astype(str).unique())
    parts = []
    for idol in swept_cards(played["variant"].astype(str).unique()):
        if idol in idols:
            parts.append(closest_to_fair(played, by="idol", idol=idol).assign(idol=idol))
    if not parts:
        return pd.DataFrame()
    swept = pd.concat(parts, ignore_index=True)
    view = seat_matrix(played)
    flags = flags_by_variant(row_counts(played, view), band)
    keys = ["variant", "players", "idol"]
    tested = ["rate", "lo", "hi", "band_lo", "band_hi", "flag_lo", "flag_hi", "status"]
    flags = flags.assign(
        variant=flags["variant"].astype(str),
        idol=flags["idol"].astype(str),
        players=flags["players"].astype(int),
    )[keys + tested]
    swept = swept.assign(variant=swept["variant"].astype(str), players=swept["players"].astype(int))
    return swept.merge(flags, on=keys, how="left")


def _flag_counts(rows: pd.DataFrame, rates: pd.DataFrame) -> pd.DataFrame:
    """Win counts per Idol with its stalled games and the run's games at that player count."""
    stalled = totals(
        rows.assign(stalled=rows["reason"] == "stalled"), ["players", "idol"], won="stalled"
    ).rename(columns={"wins": "stalled"})
    first = one_row_per_game(rows)
    per_players = totals(first, ["players"]).rename(columns={"games": "run_games"})
    out = rates[["players", "idol", "games", "wins"]].merge(
        stalled[["players", "idol", "stalled"]], on=["players", "idol"], how="left"
    )
    out["stalled"] = out["stalled"].fillna(0).astype(np.int64)
    return out.merge(per_players[["players", "run_games"]], on="players", how="left")


def headline(analysis: Analysis) -> dict:
    """The facts the report opens with: flagged Idols, first-player advantage, game length."""
    t = analysis.tables
    flags = t["flags"]
    out = {
        "flagged": flags[flags["flagged"]].to_dict("records"),
        "unsettled": flags[flags["status"] == Status.UNSETTLED].to_dict("records"),
        "inside": flags[flags["status"] == Status.INSIDE].to_dict("records"),
        "not_enough": flags[flags["status"] == NOT_ENOUGH].to_dict("records"),
        "judged": int((flags["status"] != NOT_ENOUGH).sum()),
        "first_player": [],
        "length": t["length"][t["length"]["measure"] == "turns"].to_dict("records"),
        "rounds": t["length"][t["length"]["measure"] == "rounds"].to_dict("records"),
        "stalled": [],
    }
    model = t["seat_model"]
    for row in t["first_player_advantage"].to_dict("records"):
        fit = model[(model["players"] == row["players"]) & (model["seat"] == 0)]
        if len(fit):
            f = fit.iloc[0]
            row |= {
                "model": f["advantage"],
                "model_lo": f["lo"] - f["fair"],
                "model_hi": f["hi"] - f["fair"],
                "dispersion": f["dispersion"],
            }
        out["first_player"].append(row)
    # Every seat's raw rate, per player count: the seat answer (seat 0 alone hides that the
    # last seat is the favoured one with four players).
    out["seats"] = {
        int(p): part.sort_values("seat").to_dict("records")
        for p, part in t["seat_winrates"].groupby("players")
    }
    out["variants"] = _variant_facts(t)
    reasons = t["reasons"]
    for players, part in reasons.groupby("players"):
        stalled = part[part["reason"] == "stalled"]
        out["stalled"].append(
            {
                "players": players,
                "games": int(stalled["games"].sum()),
                "share": float(stalled["share"].sum()) if len(stalled) else 0.0,
            }
        )
    return out


def _variant_facts(t: dict) -> dict:
    """What a summary says of a run with several variants: per variant the flagged Idols (its
    own Holm family), the fairest variant, and the swept Idol's best value."""
    if "flags_by_variant" not in t:
        return {}
    flags = t["flags_by_variant"]
    order = variant_order(flags["variant"].unique())
    flagged = {
        v: flags[(flags["variant"] == v) & flags["flagged"]].to_dict("records") for v in order
    }
    # A variant none of whose Idols had the games to be judged has no verdict, not a clean one.
    # One some of whose Idols could not be judged is clean only among those that could.
    # Each Idol too thin to judge is named with its own point's games, never the pooled count.
    thin = {
        v: flags[(flags["variant"] == v) & (flags["status"] == NOT_ENOUGH)].to_dict("records")
        for v in order
    }
    unjudged = [v for v in order if len(thin[v]) == int((flags["variant"] == v).sum())]
    fairest = t["fairest_variant"]
    swept = t["swept_idol"]
    chosen = swept[swept["chosen"]].to_dict("records") if len(swept) else []
    return {
        "order": order,
        "flagged": flagged,
        "unjudged": unjudged,
        "thin": {v: rows for v, rows in thin.items() if rows},
        "fairest": fairest[fairest["chosen"]].to_dict("records") if len(fairest) else [],
        "swept": chosen,
    }
