"""Three and four players: whether an Idol's verdict depends on whom the table attacks.

At a table of three or four, which enemy the bots turn on decides many verdicts, and that is a
choice of the bots, not of the cards. Two tiers of a run that play the same bot but for its
targeting rule (a profile's `targeting`: the fitted weights choose among every enemy, or every
attack goes to the enemy closest to winning) are a *targeting pair*; the caller names the pairs
by their bots (only the bots know which profiles differ by that rule alone).

Per pair, player count (3 or 4) and Idol, the answer reuses the report's own band test: each
tier's status is the one the tier table shows (analysis/tiers/analyse.py, one Holm family over
every Idol, player count and tier), and the two are read as the skill verdict reads two decided
tiers. The Idol *depends on the table's targeting* when the two disagree: shown outside
the band at one rule and inside it at the other, or outside on opposite sides. It is *the same
under either targeting* when both are decided and agree (both inside, or outside on one side),
and *too few games to tell* otherwise.

The band test asks where each rule leaves the Idol, not how far apart the two rules are: a move
of twenty points that stays on one side of the band is "the same under either targeting". So
each row also gives the leader rule's rate minus the fitted rule's on the deals both played, a
paired difference with its 95% interval (analysis/paired.py), as the skill verdicts give theirs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
from avarium.analysis.paired import paired_change
from avarium.analysis.verdicts import Status, Targeting

if TYPE_CHECKING:
    from avarium.analysis.tiers.variants import TierVariant

SIDE = ["rate", "lo", "hi", "games", "status", "side"]
COLUMNS = [
    "group", "players", "idol", "verdict", "fitted", "leader",
    *(f"{c}_fitted" for c in SIDE), *(f"{c}_leader" for c in SIDE),
    "change", "change_lo", "change_hi", "paired_games",
]  # fmt: skip


def targeting_verdict(statuses: list[str], sides: list[str]) -> Targeting:
    """The targeting verdict from the two tiers' band statuses and sides (fitted, leader)."""
    decided = (Status.INSIDE, Status.OUTSIDE)
    if not all(s in decided for s in statuses):
        return Targeting.UNDECIDED
    pairs = zip(statuses, sides, strict=True)
    answers = {(s, side if s == Status.OUTSIDE else "") for s, side in pairs}
    return Targeting.SAME if len(answers) == 1 else Targeting.DEPENDS


def pairs_of(
    tiers: list[TierVariant], twins: list[tuple[str, str]]
) -> list[tuple[TierVariant, TierVariant]]:
    """The targeting pairs among a run's tiers, (fitted, leader), each within one group: twins
    names them by their bots."""
    out = []
    for fitted_bot, leader_bot in twins:
        for fitted in (t for t in tiers if t.tier == fitted_bot):
            leader = [t for t in tiers if t.tier == leader_bot and t.group == fitted.group]
            out += [(fitted, t) for t in leader]
    return out


def targeting_verdicts(
    rates: pd.DataFrame,
    tiers: list[TierVariant],
    twins: list[tuple[str, str]],
    games: pd.DataFrame,
) -> pd.DataFrame:
    """Per targeting pair, player count (3 or 4) and Idol: the verdict, each tier's rate,
    interval, games, band status and side (`rates`: the tier table, analyse_tiers'
    tier_winrates), and the leader rule's rate minus the fitted rule's on the deals both played
    (`games`: the run's games). Empty, with its columns, when the run has no pair or no table of
    three."""
    rows = []
    for fitted, leader in pairs_of(tiers, twins):
        mine = rates[(rates["group"] == fitted.group) & (rates["players"] >= 3)]
        a = mine[mine["tier"] == fitted.tier].set_index(["players", "idol"])
        b = mine[mine["tier"] == leader.tier].set_index(["players", "idol"])
        for players, idol in a.index.intersection(b.index):
            x, y = a.loc[(players, idol)], b.loc[(players, idol)]
            verdict = targeting_verdict([x["status"], y["status"]], [x["side"], y["side"]])
            row = {
                "group": fitted.group,
                "players": int(players),
                "idol": idol,
                "verdict": verdict,
                "fitted": fitted.tier,
                "leader": leader.tier,
            }
            row |= {f"{c}_fitted": x[c] for c in SIDE} | {f"{c}_leader": y[c] for c in SIDE}
            row |= paired_change(games, fitted, leader, idol, int(players))
            rows.append(row)
    out = pd.DataFrame(rows, columns=COLUMNS)
    return out.sort_values(["group", "players", "idol"]).reset_index(drop=True)


def standing(row, rule: str) -> str:
    """A row's band status under one rule ("fitted" or "leader"), with its side when outside:
    `inside`, `outside above`."""
    status = row[f"status_{rule}"]
    return f"{status} {row[f'side_{rule}']}" if status == Status.OUTSIDE else str(status)


def targeting_sentence(rows: list[dict]) -> str:
    """The Idols that depend on the table's targeting (rows of the targeting table, as dicts),
    each with its rate and status under both rules: `AMYBA, 3 players (heuristic.tuned 33.6%,
    inside; heuristic.tuned_leader 45.6%, outside above)`; "" when none does."""

    def rule(r, which: str) -> str:
        return f"{r[which]} {r[f'rate_{which}']:.1%}, {standing(r, which)}"

    return ", ".join(
        f"{r['idol']}, {r['players']} players ({rule(r, 'fitted')}; {rule(r, 'leader')})"
        for r in rows
        if r["verdict"] == Targeting.DEPENDS
    )
