"""Skill tiers side by side: each Idol's win rate, flag and seat rates at every level of play,
a verdict that says whether the answer holds across skill, and why a flagged Idol wins.

A tiered run (runner/tiers.py) plays the same deals and seatings at every tier: game k
of every tier's variant is dealt and seated alike. So the change of an Idol's win rate between
two tiers is measured game for game on the deals both played (a paired difference), not as two
independent rates.

Verdicts. The flags of every tier are tested in one family (Holm over every Idol, player count
and tier, so that naming an Idol "too strong at every tier" keeps the family-wise error at 5%).
Per Idol and player count:
- "inside the band at every tier": inside at every tier that has enough games;
- "too strong at every tier" / "too weak at every tier": outside, on the same side, at every tier;
- "depends on skill": outside at one tier, and inside or outside on the other side at another;
- "unsettled": some tier not yet decided, and no two decided tiers disagree;
- "not enough games": no tier has enough games to judge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from avarium.analysis.counts import row_counts
from avarium.analysis.flags import DEFAULT_BAND, NOT_ENOUGH, balance_flags
from avarium.analysis.games import seat_matrix
from avarium.analysis.paired import paired_change, paired_wins
from avarium.analysis.seats import seat_winrates
from avarium.analysis.sweeps import closest_to_fair_at_every_tier
from avarium.analysis.tiers.expelled import tier_expelled_first
from avarium.analysis.tiers.gaps import tier_gaps
from avarium.analysis.tiers.play import tier_play
from avarium.analysis.tiers.settled import settled_at_strong_play
from avarium.analysis.tiers.targeting import targeting_verdicts
from avarium.analysis.tiers.variants import TierVariant, tier_variants
from avarium.analysis.verdicts import FLAGGED, Status, Verdict
from avarium.analysis.winrates import idol_winrates

# The verdicts by their short names here, where they are decided (analysis/verdicts.py).
INSIDE, TOO_STRONG, TOO_WEAK = Verdict.INSIDE, Verdict.TOO_STRONG, Verdict.TOO_WEAK
DEPENDS, UNSETTLED = Verdict.DEPENDS, Verdict.UNSETTLED
SAMPLES = 3  # sample games shown per flagged Idol


@dataclass
class TierAnalysis:
    """The tier tables (each becomes a CSV) and the tiers they are about."""

    tiers: list[TierVariant]
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)

    @property
    def groups(self) -> list[str]:
        return list(dict.fromkeys(t.group for t in self.tiers))

    def strongest(self, group: str) -> TierVariant:
        return max((t for t in self.tiers if t.group == group), key=lambda t: t.order)


def analyse_tiers(
    games: pd.DataFrame,
    experiment: dict,
    band: tuple[float, float] = DEFAULT_BAND,
    twins: tuple[tuple[str, str], ...] = (),
) -> TierAnalysis | None:
    """Every tier table of a run, or None when the run has no tiers to set side by side.
    `twins`: the pairs of tier bots (fitted, leader) that differ by their targeting rule alone,
    whose verdicts are set side by side (analysis/tiers/targeting.py)."""
    tiers = [t for t in tier_variants(experiment) if (games["variant"] == t.label).any()]
    by_group = pd.Series([t.group for t in tiers]).value_counts()
    tiers = [t for t in tiers if by_group[t.group] > 1]
    if not tiers:
        return None
    result = TierAnalysis(tiers)
    parts, seats = [], []
    for t in tiers:
        part = games[games["variant"] == t.label]
        view = seat_matrix(part)
        rows = row_counts(part, view)
        rates = idol_winrates(rows, include_mirrors=True)
        counts = rates[["players", "idol", "games", "wins"]]
        parts.append(counts.assign(group=t.group, tier=t.tier, order=t.order))
        seats.append(seat_winrates(rows).assign(group=t.group, tier=t.tier, order=t.order))
    result.tables["tier_winrates"] = _flags(pd.concat(parts, ignore_index=True), band)
    result.tables["tier_seats"] = _first(pd.concat(seats, ignore_index=True))
    result.tables["tier_verdicts"] = verdicts(result, games)
    result.tables["tier_gaps"] = tier_gaps(result.tiers, games, band)
    result.tables["tier_settled"] = settled_at_strong_play(result.tiers, games)
    result.tables["tier_reasons"] = reasons(result, games)
    result.tables["tier_samples"] = samples(result, games)
    result.tables |= tier_play(result.tiers, games)
    expelled = tier_expelled_first(result.tiers, games)
    if not expelled.empty:  # three or four players only
        result.tables["tier_expelled_first"] = expelled
    rates = result.tables["tier_winrates"]
    targeting = targeting_verdicts(rates, result.tiers, list(twins), games)
    if not targeting.empty:  # a targeting pair at three or four players
        result.tables["tier_targeting"] = targeting
    if len(result.groups) > 1:  # a sweep or tune-bonus: the point fairest whichever tier plays
        every_tier = [part for _, part in by_tier(games, experiment)]
        result.tables["tier_fairest"] = closest_to_fair_at_every_tier(every_tier)
    return result


def _first(frame: pd.DataFrame) -> pd.DataFrame:
    """The tier columns first, then the rest."""
    lead = ["group", "tier", "order"]
    return frame[lead + [c for c in frame.columns if c not in lead]]


def _flags(counts: pd.DataFrame, band: tuple[float, float]) -> pd.DataFrame:
    """balance_flags over every tier at once: one Holm family for every Idol, player count and
    tier (the flags module knows Idols, so each tier's Idols are told apart for the test)."""
    key = counts["group"] + "\0" + counts["tier"] + "\0" + counts["idol"].astype(str)
    flags = balance_flags(counts.assign(idol=key), band=band)
    flags["idol"] = counts["idol"].astype(str).to_numpy()
    return _first(flags)


def tier_verdict(statuses: list[str], sides: list[str]) -> str:
    judged = [(s, side) for s, side in zip(statuses, sides, strict=True) if s != NOT_ENOUGH]
    if not judged:
        return Verdict.NOT_ENOUGH
    outside = {side for s, side in judged if s == Status.OUTSIDE}
    inside = any(s == Status.INSIDE for s, _ in judged)
    if len(outside) > 1 or (outside and inside):
        return DEPENDS
    if all(s == Status.INSIDE for s, _ in judged):
        return INSIDE
    if outside and all(s == Status.OUTSIDE for s, _ in judged):
        return TOO_STRONG if outside == {"above"} else TOO_WEAK
    return UNSETTLED


def verdicts(result: TierAnalysis, games: pd.DataFrame) -> pd.DataFrame:
    """Per group, player count and Idol: the verdict across tiers, each tier's rate and status,
    and the paired change of its win rate between the two strongest tiers."""
    rates = result.tables["tier_winrates"]
    rows = []
    for (group, players, idol), part in rates.groupby(["group", "players", "idol"], sort=False):
        part = part.sort_values("order")
        row = {
            "group": group,
            "players": int(players),
            "idol": idol,
            "verdict": tier_verdict(list(part["status"]), list(part["side"])),
        }
        for r in part.itertuples():
            row[f"rate {r.tier}"] = r.rate
            row[f"status {r.tier}"] = r.status
        tiers = [t for t in result.tiers if t.group == group]
        if len(tiers) >= 2:
            weaker, stronger = sorted(tiers, key=lambda t: t.order)[-2:]
            change = paired_change(games, weaker, stronger, idol, int(players))
            row |= {"change_from": weaker.tier, "change_to": stronger.tier, **change}
        rows.append(row)
    out = pd.DataFrame(rows)
    if "rate " + result.tiers[-1].tier in out:
        out = out.sort_values(["group", "players", "rate " + result.tiers[-1].tier])
    return out.reset_index(drop=True)


def reasons(result: TierAnalysis, games: pd.DataFrame) -> pd.DataFrame:
    """Per group, tier, player count and Idol: how its games ended, won and lost, by reason
    (share of its wins, share of its losses), and the median turn its Win-Con was reached."""
    frames = []
    for t in result.tiers:
        part = games[games["variant"] == t.label]
        keys = ["players", "idol", "won", "reason"]
        counts = part.groupby(keys, observed=True).size().rename("games").reset_index()
        counts = counts[counts["games"] > 0]
        totals = counts.groupby(["players", "idol", "won"], observed=True)["games"].transform("sum")
        counts["share"] = counts["games"] / totals
        counts["result"] = np.where(counts["won"], "won", "lost")
        wincon = part[part["won"] & (part["reason"] == "wincon")]
        turns = wincon.groupby(["players", "idol"], observed=True)["turns"].median()
        counts = counts.merge(
            turns.rename("median_wincon_turn").reset_index(), on=["players", "idol"], how="left"
        )
        frames.append(counts.drop(columns="won").assign(group=t.group, tier=t.tier, order=t.order))
    out = pd.concat(frames, ignore_index=True)
    out["reason"] = out["reason"].astype(str)
    out["idol"] = out["idol"].astype(str)
    return _first(out).sort_values(["group", "players", "idol", "order", "result", "reason"])


def samples(result: TierAnalysis, games: pd.DataFrame) -> pd.DataFrame:
    """Up to three game ids per flagged Idol (too strong, too weak, or depends on skill), chosen
    to show its verdict: games it won at the strongest tier (too strong), games it lost there
    (too weak), or, for depends on skill, deals whose result changed the way its rate moved
    between the two tiers where it moved most (not always the two strongest: an Idol may be
    strong with the plain heuristic alone), each with the command that replays it."""
    verdict = result.tables["tier_verdicts"]
    rows = []
    for v in verdict.itertuples():
        if v.verdict not in FLAGGED:
            continue
        tiers = sorted((t for t in result.tiers if t.group == v.group), key=lambda t: t.order)
        if v.verdict in (TOO_STRONG, TOO_WEAK):
            stronger = tiers[-1]
            _, wb, deals = paired_wins(games, tiers[-2], stronger, v.idol, v.players)
            wanted = wb if v.verdict == TOO_STRONG else ~wb
            why = "won" if v.verdict == TOO_STRONG else "lost"
            picks = [(stronger, d, f"{why} at {stronger.tier}") for d in deals[wanted][:SAMPLES]]
        else:
            weaker, stronger, wa, wb, deals = most_apart(games, tiers, v.idol, v.players)
            moved = (wb & ~wa) if wb.sum() >= wa.sum() else (wa & ~wb)  # the same deals
            picks = [
                (
                    stronger,
                    d,
                    f"{'won' if b else 'lost'} at {stronger.tier}, "
                    f"{'won' if a else 'lost'} at {weaker.tier}",
                )
                for d, a, b in zip(deals[moved], wa[moved], wb[moved], strict=True)
            ][:SAMPLES]
        for t, deal, what in picks:
            game = int(t.first + deal)
            rows.append(
                {
                    "group": v.group,
                    "players": v.players,
                    "idol": v.idol,
                    "verdict": v.verdict,
                    "game_id": game,
                    "tier": t.tier,
                    "what": what,
                    "replay": f"avarium replay RUN --game {game}",
                }
            )
    columns = ["group", "players", "idol", "verdict", "game_id", "tier", "what", "replay"]
    return pd.DataFrame(rows, columns=columns)


def most_apart(games: pd.DataFrame, tiers: list[TierVariant], idol: str, players: int):
    """The two tiers (weaker first) between which the Idol's rate moved most on the deals both
    played, with its results in each on those deals (paired_wins)."""
    best = None
    for i, a in enumerate(tiers):
        for b in tiers[i + 1 :]:
            wa, wb, deals = paired_wins(games, a, b, idol, players)
            gap = abs(wb.mean() - wa.mean()) if len(deals) else -1.0
            if best is None or gap > best[0]:
                best = (gap, a, b, wa, wb, deals)
    return best[1:]


def by_tier(games: pd.DataFrame, experiment: dict) -> list[tuple[str, pd.DataFrame]]:
    """A run's games split by tier, weakest first, each tier's variants under their own labels
    (without the tier), so that a sweep's or a tuning's tables read the same at every tier; one
    part named "" when the run names no tiers."""
    tiers = tier_variants(experiment)
    if not tiers:
        return [("", games)]
    out = []
    names = list(dict.fromkeys(t.tier for t in sorted(tiers, key=lambda t: t.order)))
    for name in names:
        labels = {t.label: t.group for t in tiers if t.tier == name}
        part = games[games["variant"].isin(list(labels))].copy()
        part["variant"] = part["variant"].astype(str).map(labels).astype("category")
        out.append((name, part.reset_index(drop=True)))
    return out
