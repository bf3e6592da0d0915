"""The declared kind of every column of every table a page shows, by table (its CSV's name).

One column name can mean different things in different tables: `lo` is a percentage in a win-rate
table, points in a difference table and log-odds in the strength table. So kinds are declared
table by table, and reports/html.py formats each cell by its column's kind (reports/formats.py).
A column nobody declared is formatted by its data type alone; tests/analysis checks that every
fractional column of a report is declared here.
"""

from __future__ import annotations

from avarium.reports.formats import (
    COUNT,
    FLAG,
    HIDDEN,
    INTEGER,
    LOG_ODDS,
    NUMBER,
    P_VALUE,
    PERCENT,
    POINTS,
    TEXT,
)

# Columns that mean the same in every table that has them.
KEYS = {
    "players": INTEGER,
    "seat": INTEGER,
    "idol": TEXT,
    "idol_id": HIDDEN,  # the id beside the name: in the CSV, not on the page (reports/names.py)
    "opponent": TEXT,
    "opponent_id": HIDDEN,
    "card": TEXT,
    "card_id": HIDDEN,
    "matchup_id": HIDDEN,
    "kind": TEXT,
    "variant": TEXT,
    "games": COUNT,
    "wins": COUNT,
}
RATE = {"rate": PERCENT, "lo": PERCENT, "hi": PERCENT, "fair": PERCENT}
LENGTH = {
    "measure": TEXT,
    "reason": TEXT,
    "matchup": TEXT,
    "mean": NUMBER,
    "sd": NUMBER,
    "q05": NUMBER,
    "q25": NUMBER,
    "median": NUMBER,
    "q75": NUMBER,
    "q95": NUMBER,
    "max": NUMBER,
    "stalled": COUNT,
}
SHARE = {"share": PERCENT, "lo": PERCENT, "hi": PERCENT}
RULES = ("fitted", "leader")  # the two targeting rules of a targeting pair's table
PLACEMENT = {"placement": INTEGER, "expelled_order": INTEGER, **SHARE}
MEAN_PLACEMENT = {"mean_placement": NUMBER, "first_out": PERCENT, "never_out": PERCENT}
BY_VARIANT = {**RATE, "order": INTEGER, "value": NUMBER}
# Each Idol's widest gap between two tiers against the band's width (analysis/tiers/gaps.py).
TIER_GAPS = {
    "group": TEXT,
    "tier_a": TEXT,
    "tier_b": TEXT,
    "rate_a": PERCENT,
    "rate_b": PERCENT,
    "gap": POINTS,
    "gap_lo": POINTS,
    "gap_hi": POINTS,
    "paired_games": COUNT,
    "band_width": POINTS,
    "p": P_VALUE,
    "p_holm": P_VALUE,
    "apart": FLAG,
}
# Whether the two strongest tiers agree within the margin (analysis/tiers/settled.py).
TIER_SETTLED = {
    "group": TEXT,
    "tier_a": TEXT,
    "tier_b": TEXT,
    "rate_a": PERCENT,
    "rate_b": PERCENT,
    "change": POINTS,
    "lo90": POINTS,
    "hi90": POINTS,
    "paired_games": COUNT,
    "margin": POINTS,
    "p_lower": P_VALUE,
    "p_upper": P_VALUE,
    "p": P_VALUE,
    "p_holm": P_VALUE,
    "p_change": P_VALUE,
    "p_change_holm": P_VALUE,
    "strength": TEXT,
}
# How each tier plays: means per seat and game (analysis/tiers/play.py).
TIER_PLAY = {
    "group": TEXT,
    "tier": TEXT,
    "order": INTEGER,
    "turns": NUMBER,
    "fights": NUMBER,
    "recruited": NUMBER,
    "expelled": NUMBER,
    "schemes_played": NUMBER,
}
# The point of a sweep closest to fair (analysis/sweeps.py), at one tier or at every tier.
FAIREST = {
    "worst_gap": POINTS,
    "gap": POINTS,
    "gap_lo": POINTS,
    "gap_hi": POINTS,
    "prob_best": PERCENT,
    "chosen": FLAG,
}
# Pooled over variants that share deals: the effective games and wins of the deal-clustered
# interval (analysis/deals.py).
POOLED = {"eff_games": NUMBER, "eff_wins": NUMBER}
# A model's goodness of fit (analysis/strength.py): Pearson chi-square, its degrees of freedom
# and p-value, the dispersion and the scale the intervals were widened by.
FIT = {
    "pearson_chi2": NUMBER,
    "df": NUMBER,
    "dispersion": NUMBER,
    "fit_p": P_VALUE,
    "scale": NUMBER,
}
DIFFERENCE = {
    "games_a": COUNT,
    "games_b": COUNT,
    "wins_a": COUNT,
    "wins_b": COUNT,
    "rate_a": PERCENT,
    "rate_b": PERCENT,
    "diff": POINTS,
    "lo": POINTS,
    "hi": POINTS,
    "p": P_VALUE,
    "p_holm": P_VALUE,
    "significant": FLAG,
    "method": TEXT,
}


def _with_keys(kinds: dict[str, str]) -> dict[str, str]:
    return KEYS | kinds


# The balance flags (analysis/flags.py), for one run, per variant or per skill tier.
FLAGS = {
    **RATE,
    "stalled": COUNT,
    "run_games": COUNT,
    "band_lo": PERCENT,
    "band_hi": PERCENT,
    "side": TEXT,
    "p": P_VALUE,
    "p_holm": P_VALUE,
    "flagged": FLAG,
    "level": PERCENT,  # the confidence level of flag_lo-flag_hi
    "flag_lo": PERCENT,
    "flag_hi": PERCENT,
    "status": TEXT,
    "more_games": COUNT,
    "more_run_games": COUNT,
}

TYPES: dict[str, dict[str, str]] = {
    name: _with_keys(kinds)
    for name, kinds in {
        "idol_win_rates": {**RATE, **POOLED},
        "balance_flags": FLAGS,
        "flags_by_variant": FLAGS,
        "matchups": RATE,
        "seat_win_rates": {**RATE, **POOLED},
        "first_player_advantage": {
            "seat0_rate": PERCENT,
            "advantage": POINTS,
            "lo": POINTS,
            "hi": POINTS,
        },
        "seat_model": {
            "even_rate": PERCENT,
            "lo": PERCENT,
            "hi": PERCENT,
            "fair": PERCENT,
            "advantage": POINTS,
            "log_odds_vs_seat0": LOG_ODDS,
            **FIT,
        },
        "idol_strength": {
            "strength": LOG_ODDS,
            "se": LOG_ODDS,
            "lo": LOG_ODDS,
            "hi": LOG_ODDS,
            "vs_field": PERCENT,
            "vs_field_lo": PERCENT,
            "vs_field_hi": PERCENT,
            "decided_games": COUNT,
            **FIT,
        },
        "length": LENGTH,
        "length_by_idol": LENGTH,
        "length_by_reason": LENGTH,
        "length_by_matchup": LENGTH,
        "length_distribution": {"turns": INTEGER},
        "reasons": {"reason": TEXT, "label": TEXT, **SHARE},
        "win_reasons": {
            "reason": TEXT,
            "share_of_games": PERCENT,
            "share_of_wins": PERCENT,
            "lo": PERCENT,
            "hi": PERCENT,
        },
        "placements_by_idol": PLACEMENT,
        "placements_by_seat": PLACEMENT,
        "eliminations_by_idol": PLACEMENT,
        "eliminations_by_seat": PLACEMENT,
        "mean_placement_by_idol": MEAN_PLACEMENT,
        "mean_placement_by_seat": MEAN_PLACEMENT,
        "card_impact": {
            "offered": COUNT,
            "offered_won": COUNT,
            "taken": COUNT,
            "taken_won": COUNT,
            "left": COUNT,
            "left_won": COUNT,
            "pick_rate": PERCENT,
            "pick_lo": PERCENT,
            "pick_hi": PERCENT,
            "win_taken": PERCENT,
            "win_left": PERCENT,
            "taken_lo": PERCENT,
            "taken_hi": PERCENT,
            "left_lo": PERCENT,
            "left_hi": PERCENT,
            "raw_diff": POINTS,
            "diff": POINTS,
            "diff_lo": POINTS,
            "diff_hi": POINTS,
            "p": P_VALUE,
            "p_adjusted": P_VALUE,
            "flagged": FLAG,
        },
        "card_impact_by_idol": {
            "offered": COUNT,
            "pick_rate": PERCENT,
            "diff": POINTS,
            "diff_lo": POINTS,
            "diff_hi": POINTS,
            "p": P_VALUE,
            "p_adjusted": P_VALUE,
            "flagged": FLAG,
        },
        "seat_by_variant": BY_VARIANT,
        "idol_by_variant": BY_VARIANT,
        "fairest_variant": FAIREST,
        "tier_fairest": FAIREST,
        "swept_idol": {**FAIREST, **RATE},
        "lever_effects": {
            "tier": TEXT,
            "lever": TEXT,
            "point": TEXT,
            "deals": COUNT,
            "rate_without": PERCENT,
            "rate_with": PERCENT,
            "change": POINTS,
            "change_lo": POINTS,
            "change_hi": POINTS,
        },
        "idol_differences": DIFFERENCE,
        "seat_differences": DIFFERENCE,
        # Skill tiers (reports/tiers/sections.py); the verdict table is shown as sentences per cell.
        "tier_win_rates": {**FLAGS, "group": TEXT, "tier": TEXT, "order": INTEGER},
        "tier_seats": {**RATE, "group": TEXT, "tier": TEXT, "order": INTEGER},
        "tier_gaps": TIER_GAPS,
        "tier_settled": TIER_SETTLED,
        "tier_reasons": {
            "group": TEXT,
            "tier": TEXT,
            "order": INTEGER,
            "reason": TEXT,
            "share": PERCENT,
            "result": TEXT,
            "median_wincon_turn": NUMBER,
        },
        "tier_play": {**TIER_PLAY, "wincon_wins": PERCENT},
        "tier_play_all": {**TIER_PLAY, "seats": COUNT},
        "tier_expelled_first": {
            **SHARE,
            "group": TEXT,
            "tier": TEXT,
            "order": INTEGER,
            "expelled_first": COUNT,
        },
        "tier_targeting": {
            "group": TEXT,
            "verdict": TEXT,
            "fitted": TEXT,
            "leader": TEXT,
            **{f"{c}_{rule}": PERCENT for c in ("rate", "lo", "hi") for rule in RULES},
            **{f"games_{rule}": COUNT for rule in RULES},
            **{f"{c}_{rule}": TEXT for c in ("status", "side") for rule in RULES},
            **{c: POINTS for c in ("change", "change_lo", "change_hi")},
            "paired_games": COUNT,
        },
        # `avarium balance` (reports/balance.py).
        "balance_changes": {
            "change": TEXT,
            "field": TEXT,
            "from": INTEGER,
            "to": INTEGER,
            "steps": NUMBER,
        },
        "balance_tier_gaps": TIER_GAPS,
        "balance_before_after": {
            "tier": TEXT,
            "games_before": COUNT,
            "rate_before": PERCENT,
            "lo_before": PERCENT,
            "hi_before": PERCENT,
            "games_after": COUNT,
            "rate_after": PERCENT,
            "lo_after": PERCENT,
            "hi_after": PERCENT,
            "change": POINTS,
            "inside_before": FLAG,
            "inside_after": FLAG,
        },
        "balance_effects": {
            "change": TEXT,
            "rate_before": PERCENT,
            "rate_alone": PERCENT,
            **RATE,
            "effect": POINTS,
            "effect_lo": POINTS,
            "effect_hi": POINTS,
            "paired_games": COUNT,
        },
        "balance_candidates": {
            "candidate": INTEGER,
            "label": TEXT,
            "generation": INTEGER,
            "rung": INTEGER,
            "objective": NUMBER,
            "distance": POINTS,
            "aim_distance": POINTS,
            "cost": NUMBER,
            "fields": INTEGER,
            "steps": NUMBER,
            "final_place": INTEGER,
            "final_games": COUNT,
            "final_objective": NUMBER,
            "final_distance": POINTS,
        },
        "tier_samples": {
            "group": TEXT,
            "verdict": TEXT,
            "game_id": INTEGER,
            "tier": TEXT,
            "what": TEXT,
            "replay": TEXT,
        },
    }.items()
}


# What a page's table heads a column with, where its CSV name is not a word a designer reads;
# any other name is shown with its underscores as spaces (`more_games` -> "more games"). The
# CSV keeps the names the analysis gave, for a notebook to join on.
HEADINGS = {
    "p_holm": "p (Holm)",
    "p_change": "p of no change",
    "p_change_holm": "p of no change (Holm)",
    "level": "Holm level",
    "flag_lo": "Holm lo",
    "flag_hi": "Holm hi",
    "tier_a": "tier A",
    "tier_b": "tier B",
    "rate_a": "rate at A",
    "rate_b": "rate at B",
    "lo90": "lo (90%)",
    "hi90": "hi (90%)",
    "q05": "5th pct",
    "q25": "25th pct",
    "q75": "75th pct",
    "q95": "95th pct",
    "sd": "SD",
    "group": "variant",
    "order": "tier order",
}


def heading(column) -> str:
    """The heading a page shows over a column (HEADINGS)."""
    name = str(column)
    return HEADINGS.get(name, name.replace("_", " "))
