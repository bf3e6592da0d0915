"""Whether an Idol's verdict has stopped moving with the strength of play.

Stronger play is worth measuring only until the answer stops changing. Per group, player count
and Idol, the two strongest tiers (the tier order) are compared game for game on the deals both
played, with the same Agresti-Min estimate and standard error as the verdict table's change
column (analysis/paired.py, matched_gap). The answer is *settled at strong play* when an
equivalence test shows the two within MARGIN (2.5 points) of each other: two one-sided z-tests
at 5% (H0 "change <= -margin" and H0 "change >= +margin"; the unadjusted verdict is the same as
the 90% interval lying inside (-margin, +margin)), the larger of the two p-values adjusted by
Holm over the Idols of the player count (and group). It is *still moving with skill* when the
two tiers are shown apart instead (a two-sided z-test of no change at 5%, Holm over the same
Idols): the strongest tier moved it, and the figures say by how much. Neither is *too few games
to tell*: the interval holds no change and more than the margin, so the games played cannot say
whether stronger play still moves the Idol; calling it moving would be a verdict without
evidence.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.holm import holm
from avarium.analysis.paired import matched_gap, paired_wins
from avarium.analysis.proportions import ALPHA
from avarium.analysis.tiers.variants import TierVariant, paired_row
from avarium.analysis.verdicts import Strength
from scipy.stats import norm

MARGIN = 0.025  # 2.5 points: the largest move between the two strongest tiers called settled
COLUMNS = [
    "group", "players", "idol", "tier_a", "tier_b", "rate_a", "rate_b", "change", "lo90",
    "hi90", "paired_games", "margin", "p_lower", "p_upper", "p", "p_holm", "p_change",
    "p_change_holm", "strength",
]  # fmt: skip


def equivalent(gap: dict, margin: float = MARGIN) -> tuple[float, float]:
    """The two one-sided p-values of a matched_gap against +-margin: of H0 "change <= -margin"
    (p_lower) and of H0 "change >= +margin" (p_upper); both below alpha shows it within."""
    if gap["se"] <= 0:
        return 1.0, 1.0
    p_lower = float(norm.sf((gap["adjusted"] + margin) / gap["se"]))
    p_upper = float(norm.cdf((gap["adjusted"] - margin) / gap["se"]))
    return p_lower, p_upper


def moved(gap: dict) -> float:
    """The two-sided p-value of "no change" for a matched_gap: below alpha shows the two tiers
    apart."""
    if gap["se"] <= 0:
        return 1.0
    return float(2 * norm.sf(abs(gap["adjusted"]) / gap["se"]))


def settled_at_strong_play(
    tiers: list[TierVariant],
    games: pd.DataFrame,
    margin: float = MARGIN,
    alpha: float = ALPHA,
) -> pd.DataFrame:
    """Per group, player count and Idol: the two strongest tiers (tier_a the next strongest,
    tier_b the strongest), their rates and the change b - a on the deals both played with its
    90% interval, the two one-sided p-values, the larger (`p`), Holm-adjusted over the Idols
    of the group and player count (`p_holm`), the two-sided p-value of no change and its Holm
    adjustment (`p_change`, `p_change_holm`), and its `strength`: settled at strong play when
    p_holm < alpha, still moving with skill when p_change_holm < alpha, else too few games to
    tell. Empty (with its columns) when no group has two tiers."""
    z90 = float(norm.ppf(1 - alpha))  # the 90% two-sided interval's bound for alpha 5%
    rows = []
    for group in dict.fromkeys(t.group for t in tiers):
        mine = sorted((t for t in tiers if t.group == group), key=lambda t: t.order)
        if len(mine) < 2:
            continue
        a, b = mine[-2], mine[-1]
        played = games[games["variant"].isin([a.label, b.label])]
        pairs = played[["players", "idol"]].drop_duplicates().sort_values(["players", "idol"])
        for players, idol in pairs.itertuples(index=False):
            wa, wb, _ = paired_wins(played, a, b, str(idol), int(players))
            if len(wa) == 0:
                continue
            gap = matched_gap(wa, wb)
            p_lower, p_upper = equivalent(gap, margin)
            rows.append(
                paired_row(group, int(players), str(idol), a, b, wa, wb)
                | {
                    "change": gap["change"],
                    "lo90": max(-1.0, gap["adjusted"] - z90 * gap["se"]),
                    "hi90": min(1.0, gap["adjusted"] + z90 * gap["se"]),
                    "margin": margin,
                    "p_lower": p_lower,
                    "p_upper": p_upper,
                    "p": max(p_lower, p_upper),
                    "p_change": moved(gap),
                }
            )
    if not rows:
        return pd.DataFrame(columns=COLUMNS)
    out = pd.DataFrame(rows)
    out["p_holm"] = np.nan
    out["p_change_holm"] = np.nan
    for _, part in out.groupby(["group", "players"], sort=False):
        out.loc[part.index, "p_holm"] = holm(part["p"], alpha)[1]
        out.loc[part.index, "p_change_holm"] = holm(part["p_change"], alpha)[1]
    out["strength"] = np.select(
        [out["p_holm"] < alpha, out["p_change_holm"] < alpha],
        [Strength.SETTLED, Strength.MOVING],
        Strength.UNDECIDED,
    )
    out["strength"] = out["strength"].map(Strength)
    # Settled first, then the smallest move first.
    out["_settled"] = out["strength"] == Strength.SETTLED
    out["_size"] = out["change"].abs()
    out = out.sort_values(
        ["group", "players", "_settled", "_size"], ascending=[True, True, False, True]
    )
    return out[COLUMNS].reset_index(drop=True)


def strength_sentence(rows: list[dict]) -> list[str]:
    """The settled, the still-moving and the undecided Idols of rows of settled_at_strong_play
    (as dicts), one line per group and player count: `settled at strong play: 3 of 8 Idols
    (Amyba, ...); still moving with skill: Touka (mcts/20 48.1% vs mcts/80 55.0%, +6.9 points,
    90% interval +4.0 to +9.8), ...; too few games to tell: Kitty (...)`, headed by the player
    count when the rows hold several, and by the group when they hold several."""
    several_players = len({r["players"] for r in rows}) > 1
    several_groups = len({r["group"] for r in rows}) > 1
    by: dict[tuple, list[dict]] = {}
    for r in rows:
        by.setdefault((r["group"], r["players"]), []).append(r)
    lines = []
    for (group, players), mine in by.items():
        settled = [r for r in mine if r["strength"] == Strength.SETTLED]
        text = f"{Strength.SETTLED}: {len(settled)} of {len(mine)} Idols"
        if settled:
            text += f" ({', '.join(str(r['idol']) for r in settled)})"
        for answer in (Strength.MOVING, Strength.UNDECIDED):
            these = [r for r in mine if r["strength"] == answer]
            if these:
                text += f"; {answer}: " + ", ".join(_figures(r) for r in these)
        head = [str(group)] if several_groups else []
        head += [f"{players} players"] if several_players else []
        lines.append((f"{', '.join(head)}: " if head else "") + text)
    return lines


def _figures(r: dict) -> str:
    """An Idol's two rates, its change and the change's 90% interval, in one parenthesis."""
    return (
        f"{r['idol']} ({r['tier_a']} {r['rate_a']:.1%} vs {r['tier_b']} {r['rate_b']:.1%}, "
        f"{r['change'] * 100:+.1f} points, 90% interval {r['lo90'] * 100:+.1f} to "
        f"{r['hi90'] * 100:+.1f})"
    )
