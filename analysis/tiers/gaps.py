"""How far apart an Idol's tiers are, against the band's width.

An Idol can be inside the band at two tiers only if its win rates there differ by no more than
the band is wide (10 points at two players, 0.2 x 1/N at N). A card change that moves both
tiers alike leaves that gap where it is, so an Idol whose tiers are further apart than the band
cannot be brought inside at both by such changes: only a change that moves one tier more than
the other (a lever that splits them, docs/balance.md) can. Saying so is part of an honest
verdict: it tells the designer that searching longer over numbers that act alike at every level
of play is pointless for that Idol.

The test. Every pair of tiers of a group is compared game for game on the deals both played
(tiers play the same deals; a tier on a share of them pairs on that share). The gap's estimate
and standard error are Agresti and Min's for matched proportions (analysis/paired.py,
matched_gap: the interval of the verdict table's change column); for each pair, H0 "|gap| <=
band width" against "|gap| > band width" is a one-sided z-test at the nearer boundary. Holm's
correction runs over every Idol, player count, group and pair, so naming an Idol "further apart
than the band" keeps the family-wise error at 5%. An Idol is reported once, at its widest pair.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd
from avarium.analysis.flags import DEFAULT_BAND, MIN_IDOL_GAMES, band_for
from avarium.analysis.holm import holm
from avarium.analysis.paired import matched_gap, paired_wins
from avarium.analysis.proportions import ALPHA
from avarium.analysis.tiers.variants import TierVariant, paired_row
from scipy.stats import norm

# How the report, the terminal and the balance check name such Idols, and why it matters.
APART = "tiers further apart than the band"
WHY = "no change that moves every tier alike can bring these inside at all"
COLUMNS = [
    "group", "players", "idol", "tier_a", "tier_b", "rate_a", "rate_b", "gap", "gap_lo",
    "gap_hi", "paired_games", "band_width", "p", "p_holm", "apart",
]  # fmt: skip


def tier_gaps(
    tiers: list[TierVariant],
    games: pd.DataFrame,
    band: tuple[float, float] = DEFAULT_BAND,
    alpha: float = ALPHA,
) -> pd.DataFrame:
    """Per group, player count and Idol of the tiered variants `tiers`: its widest gap between
    two tiers (tier_b's rate minus tier_a's on the deals both played, with a 95% interval), the
    band's width, and whether the gap is shown wider than the band (Holm over every pair of
    every Idol)."""
    rows = []
    for group in dict.fromkeys(t.group for t in tiers):
        mine = sorted((t for t in tiers if t.group == group), key=lambda t: t.order)
        played = games[games["variant"].isin([t.label for t in mine])]
        pairs = played[["players", "idol"]].drop_duplicates().sort_values(["players", "idol"])
        for players, idol in pairs.itertuples(index=False):
            lo, hi = band_for(np.array([int(players)]), band)
            width = float(hi[0] - lo[0])
            for a, b in combinations(mine, 2):
                wa, wb, _ = paired_wins(played, a, b, str(idol), int(players))
                if len(wa) < MIN_IDOL_GAMES:
                    continue
                gap = matched_gap(wa, wb)
                rows.append(
                    paired_row(group, int(players), str(idol), a, b, wa, wb)
                    | {
                        "gap": gap["change"],
                        "gap_lo": gap["change_lo"],
                        "gap_hi": gap["change_hi"],
                        "band_width": width,
                        "p": wider_than(gap, width),
                    }
                )
    if not rows:
        return pd.DataFrame(columns=COLUMNS)
    out = pd.DataFrame(rows)
    out["apart"], out["p_holm"] = holm(out["p"], alpha)
    # One row per Idol: the pair shown apart with the widest gap, else its widest pair.
    out["_width"] = out["gap"].abs()
    out = out.sort_values(["apart", "_width"], ascending=False)
    out = out.drop_duplicates(["group", "players", "idol"]).drop(columns="_width")
    out = out.sort_values(["group", "players", "apart", "gap"], ascending=[True, True, False, True])
    return out[COLUMNS].reset_index(drop=True)


def wider_than(gap: dict, width: float) -> float:
    """The p-value of H0 "|gap| <= width" for a matched_gap: one-sided at the boundary the
    estimate is beyond (+width or -width); the other side adds the chance of an estimate beyond
    the opposite boundary too, which at any |gap| <= width is negligible next to alpha."""
    if gap["se"] <= 0:
        return 1.0
    return float(norm.sf((abs(gap["adjusted"]) - width) / gap["se"]))


def apart_sentence(rows: list[dict], groups: list[str] | None = None) -> str:
    """Idols shown with tiers further apart than the band (rows of tier_gaps, as dicts), as
    `Love (heuristic.balanced 28.1% vs mcts/20 51.0% on the 1,008 deals both played)`, joined
    (the rates of the pair, which differ from each tier's over all its games); each Idol once,
    with its player count when the rows hold several. Of a run of several tiered variants
    (`groups`), each Idol shows its widest gap, the variant it is in, and the variants it is
    apart in."""
    found: dict[tuple, list[dict]] = {}
    for r in rows:
        if r["apart"]:
            found.setdefault((r["idol"], r["players"]), []).append(r)
    several = len({players for _, players in found}) > 1
    named = []
    for (idol, players), mine in found.items():
        r = max(mine, key=lambda x: abs(x["rate_b"] - x["rate_a"]))
        text = f"{r['tier_a']} {r['rate_a']:.1%} vs {r['tier_b']} {r['rate_b']:.1%}"
        if r.get("paired_games"):  # not the tiers' rates over all their games: say whose
            text += f" on the {int(r['paired_games']):,} deals both played"
        if groups is not None and len(groups) > 1:
            text += f" in {r['group']}; apart in {held_in([x['group'] for x in mine], groups)}"
        named.append(f"{idol}{f' at {players} players' if several else ''} ({text})")
    return ", ".join(named)


def held_in(found: list, groups: list[str]) -> str:
    """Where something holds among a run's tiered variants: "every variant", or their labels."""
    found = [str(g) for g in found]
    return "every variant" if set(found) >= set(groups) else ", ".join(found)
