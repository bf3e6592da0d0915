"""The balance search's objective and verdicts, from counts of games and wins.

The objective of a candidate (lower is better), written into every search's output:

    objective = max over Idols of distance(win rate, aim)
              [+ max over seats of distance(seat win rate, aim), with --fair-seats]
              + others x (every other Idol's distance from the aim, added up)
              + field_cost x (fields changed) + step_cost x (steps changed, all fields)

where distance(r, [lo, hi]) = max(lo - r, 0, r - hi): 0 inside, else how far out (a win rate
of 58% is 0.03 from 45-55%), and the aim is the band narrowed by a margin at each edge (47-53%
with `avarium balance`'s default margin of two points; the band itself with no margin). A search
picks its winner on games that flatter the one picked, so a winner aimed at the band's edge is
often outside it on other deals; the margin leaves room for that (docs/balance.md, "The final
and the margin"). The margin moves only what is recommended: every verdict ("no change
needed", "balanced", "cannot") is the flag test against the band itself.

A search over several conditions (tiers and player counts, workflows/balance/conditions.py)
takes the max over every Idol in every condition, each condition against its own band. The
band for N players is the two-player band scaled to the fair share (analysis/flags.py
band_for: 45-55% for 2, 0.9-1.1 x 1/N for 3 and 4), and so is the margin. The costs make the
search prefer few and small changes: with the defaults, one field moved by two steps costs as
much as an Idol 2 points outside the aim.

An Idol none of whose numbers may change, in a search that varies only Idols' numbers (and
seat bonuses), is *held*: it counts only by how much further from the aim a candidate leaves it
than the starting set does, on the same games. Such an Idol moves only through the others'
changes; counted in full, one already out would set the max for every candidate, and the
search would stop bringing the others back as soon as they were less out than it
(docs/balance.md, "Idols no --vary reaches"). `avarium balance --no-hold-unvaried` counts them
in full.

The worst first, then the others: the max alone is flat while an Idol that no allowed change
moves stays the worst, so a candidate that brought every other Idol inside scored no better than
one that fixed none (docs/balance.md, "Every Idol it can reach"). A weighted sum, not a leximin
order: the racing, optuna and the final all compare one number against its standard error, and a
leximin order compared within a tolerance is not transitive (A ties B, B ties C, A beats C), so
candidates could not be ranked at all. `others` (`avarium balance --others-weight`, 0.5 by
default) keeps the worst first: a point of it outweighs two of any other.

"No change needed" is a test, not an estimate: the starting set needs no change when the
flag test (Holm over every Idol, and every seat when asked) shows none outside the band.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd
from avarium.analysis.counts import totals
from avarium.analysis.flags import DEFAULT_BAND, balance_flags, band_for, flag_counts
from avarium.analysis.paired import matched_gap, variants_paired
from avarium.analysis.proportions import rate_table
from avarium.analysis.verdicts import Status
from avarium.runner.tiers import split_label

FIELD_COST = 0.01
STEP_COST = 0.005
GUIDE_WEIGHT = 0.25


def distances(wins, games, lo: float, hi: float) -> np.ndarray:
    """How far each win rate is outside [lo, hi] (0 inside; nan with no games)."""
    wins, games = np.asarray(wins, float), np.asarray(games, float)
    rate = np.divide(wins, games, out=np.full(wins.shape, np.nan), where=games > 0)
    return np.maximum(np.maximum(lo - rate, rate - hi), 0.0)


@dataclass(frozen=True)
class Score:
    objective: float
    distance: float  # the worst Idol's (and, with seats, seat's) distance from the band
    cost: float
    aim_distance: float = 0.0  # the same from the aim (the band less the margin): the worst's
    # What steers the search (never what it recommends): the objective plus GUIDE_WEIGHT x the
    # distances of every Idol added up. The max alone is flat while another Idol is worse, so
    # a change that fixes the second-worst Idol would look like no progress at all.
    guide: float = 0.0
    # The objective's noise in standard errors of the worst Idol's rate: it adds the worst and,
    # at `others` each, every other Idol outside the aim, whose errors add in quadrature.
    noise: float = 1.0


@dataclass(frozen=True)
class Objective:
    players: int  # the first condition's (the only one's, in a one-condition search)
    band: tuple[float, float] = DEFAULT_BAND  # the two-player band
    field_cost: float = FIELD_COST
    step_cost: float = STEP_COST
    seats: bool = False  # the seats' rates must be inside the band too
    margin: float = 0.0  # how far inside each edge the objective aims, in two-player points
    # Players of each condition, for a search over several (Joint counts); () for one.
    conditions: tuple[int, ...] = ()
    # Idols the search cannot aim at (places in the pool; Space.unreached): each counts only by
    # how much further from the aim a candidate leaves it than the starting set does.
    held: tuple[int, ...] = ()
    held_ids: tuple[str, ...] = ()  # their ids, for the description
    # What each other Idol's (and seat's) distance counts, beside the worst's in full.
    others: float = 0.0

    @property
    def edges(self) -> tuple[float, float]:
        lo, hi = band_for(self.players, self.band)
        return float(lo), float(hi)

    def edges_of(self, players: int, aim: bool = False) -> tuple[float, float]:
        """The band's edges at `players` (the aim's, with `aim`)."""
        lo, hi = band_for(players, self.aim if aim else self.band)
        return float(lo), float(hi)

    @property
    def aim(self) -> tuple[float, float]:
        """The two-player band narrowed by the margin at each edge."""
        return self.band[0] + self.margin, self.band[1] - self.margin

    def parts(self, counts) -> list[tuple[object, int]]:
        """(counts, players) of every condition."""
        if hasattr(counts, "parts"):
            return list(zip(counts.parts, self.conditions, strict=True))
        return [(counts, self.players)]

    def entries(self, counts, aim: bool = False) -> tuple[list, list, list, list]:
        """Wins, games, lower and upper edges of the band (of the aim, with `aim`) of every
        Idol (then every seat, when asked) in every condition, as one family."""
        wins, games, los, his = [], [], [], []
        for part, players in self.parts(counts):
            lo, hi = self.edges_of(players, aim)
            rows = [(part.idol_wins, part.idol_games)]
            if self.seats:
                rows.append((part.seat_wins, part.seat_games))
            for w, g in rows:
                wins += list(w)
                games += list(g)
                los += [lo] * len(w)
                his += [hi] * len(w)
        return wins, games, los, his

    def _distances(self, counts, aim: bool = False) -> np.ndarray:
        wins, games, los, his = self.entries(counts, aim)
        return distances(wins, games, np.asarray(los), np.asarray(his))

    def _held(self, counts) -> np.ndarray:
        """True at the entries (in `entries`' order) of the held Idols, in every condition."""
        marks = []
        for part, _ in self.parts(counts):
            marks += [i in self.held for i in range(len(part.idol_wins))]
            marks += [False] * (len(part.seat_wins) if self.seats else 0)
        return np.asarray(marks, bool)

    def _counted(self, counts, start) -> np.ndarray:
        """The aim distances that count: a held Idol's only beyond its distance in the
        starting set (`start`: the start's counts, on the same games where there are such)."""
        values = self._distances(counts, aim=True)
        if self.held and start is not None:
            held = self._held(counts)
            beyond = np.fmax(values - self._distances(start, aim=True), 0.0)
            values = np.where(held, beyond, values)
        return values

    def distance(self, counts) -> float:
        """The worst distance from the band of any Idol (and seat, when asked)."""
        return _worst(self._distances(counts))

    def score(self, counts, fields: int, steps: float, start=None) -> Score:
        """A candidate's Score on `counts`; with held Idols, `start` is the starting set's
        counts that their distances are measured against."""
        cost = self.field_cost * fields + self.step_cost * steps
        values = self._counted(counts, start)
        short = _worst(values)
        total = float(np.nansum(values))
        rest = total - short if np.isfinite(short) else 0.0
        objective = short + self.others * rest + cost
        guide = objective + GUIDE_WEIGHT * total
        out = int(np.count_nonzero(np.nan_to_num(values) > 0))
        noise = float(np.sqrt(1 + self.others**2 * max(out - 1, 0)))
        return Score(objective, self.distance(counts), cost, aim_distance=short, guide=guide,
                     noise=noise)  # fmt: skip

    def describe(self) -> dict[str, object]:
        lo, hi = self.edges
        # A margin of 0 is written as the objective was before margins were: the search it
        # describes is the same, and a search directory of then resumes.
        target = "aim" if self.margin else "band"
        seats = f" + max over seats of distance(seat rate, {target})" if self.seats else ""
        # With no weight on the others it is written as before the weight was: a search
        # directory of then resumes with --others 0.
        others = f" + {self.others:g} x every other Idol's distance added up" if self.others else ""
        described = {
            "formula": f"max over Idols of distance(win rate, {target})"
            + seats
            + others
            + " + field_cost x fields changed + step_cost x steps changed",
            "distance": "max(lo - rate, 0, rate - hi)",
            "players": list(self.conditions) if self.conditions else self.players,
            "band": [round(lo, 6), round(hi, 6)],
            "field_cost": self.field_cost,
            "step_cost": self.step_cost,
            "seats": self.seats,
        }
        if self.others:
            described["others"] = self.others
        if self.margin:
            aim = self.edges_of(self.players, aim=True)
            described |= {"margin": self.margin, "aim": [round(e, 6) for e in aim]}
        if self.held:  # written only then, like the margin: a search of before resumes
            described["formula"] = described["formula"].replace(
                "max over Idols of distance(win rate, " + target + ")",
                f"max over Idols of distance(win rate, {target}), a held Idol's less its "
                "distance in the starting set (at least 0)",
            )
            described["held"] = list(self.held_ids)
        return described


def _worst(values: np.ndarray) -> float:
    return float(np.nanmax(values)) if np.isfinite(values).any() else float("inf")


def outside(counts, objective: Objective) -> dict[str, list[int]]:
    """The Idols (positions in the pool) and seats that the flag test, Holm over all of them
    (in every condition of a search over several), shows outside the band in any condition;
    seats are tested only when the objective asks for them."""
    wins, games, los, his = objective.entries(counts)
    flagged = flag_counts(wins, games, np.asarray(los), np.asarray(his))["flagged"]
    idols, seats, at = set(), set(), 0
    for part, _ in objective.parts(counts):
        n, s = len(part.idol_wins), len(part.seat_wins) if objective.seats else 0
        idols |= {i for i in range(n) if flagged[at + i]}
        seats |= {k for k in range(s) if flagged[at + n + k]}
        at += n + s
    return {"idols": sorted(idols), "seats": sorted(seats)}


# -- the check run: the starting and recommended sets at every tier ------------------------------


def players_label(label: str, players: int, first: int) -> str:
    """The check run's variant of `label` ("before", "after") at `players`: the label itself
    at the search's first player count, "before (3 players)" at another."""
    return label if players == first else f"{label} ({players} players)"


def check_group(label: str) -> str:
    """The set a check run's variant plays (`before`, `after`, `start`, `alone 1`): its label
    less its tier and its player count."""
    return re.sub(r" \(\d players\)$", "", split_label(str(label))[0])


def _rates(games: pd.DataFrame) -> pd.DataFrame:
    """Per variant and Idol: games, wins, rate and 95% interval; the variant's label split into
    its set (`group`, check_group) and its tier (`tier`, "" for an untiered variant)."""
    rates = rate_table(totals(games, ["variant", "players", "idol"]))
    label = rates["variant"].astype(str)
    rates["group"] = [check_group(x) for x in label]
    rates["tier"] = [split_label(x)[1] for x in label]
    rates["idol"] = rates["idol"].astype(str)
    return rates


def before_after(games: pd.DataFrame, before: str, after: str) -> pd.DataFrame:
    """Per tier and Idol: games, win rate and 95% interval of the check run's `before` and
    `after` variants (each played at every tier, on the same deals), the change in points and
    whether each rate is inside the band."""
    rates = _rates(games)
    keys = ["tier", "players", "idol"]
    kept = [*keys, "games", "rate", "lo", "hi"]
    a = rates.loc[rates["group"] == before, kept]
    b = rates.loc[rates["group"] == after, kept]
    out = a.merge(b, on=keys, how="outer", suffixes=("_before", "_after"))
    out["change"] = out["rate_after"] - out["rate_before"]
    lo, hi = band_for(out["players"])
    for when in ("before", "after"):
        rate = out[f"rate_{when}"]
        out[f"inside_{when}"] = (rate >= lo) & (rate <= hi)
    order = {t: i for i, t in enumerate(dict.fromkeys(rates["tier"]))}
    out = out.sort_values(
        ["tier", "players", "idol"], key=lambda c: c.map(order) if c.name == "tier" else c
    )
    return out.reset_index(drop=True)


def shown_outside(
    games: pd.DataFrame, group: str, band: tuple[float, float] = DEFAULT_BAND
) -> pd.DataFrame:
    """Every Idol of the check run's `group` ("after", the recommended set, or "before") that
    is outside the band on the check's fresh deals, at any tier and player count: by the flag
    test (`shown`: one Holm family over every Idol, tier and player count, as the search's own
    verdict) or by its estimate alone (`shown` False: the interval reaches into the band).
    `lo`, `hi` are the interval the test judged it on (the Holm-consistent flag interval,
    analysis/flags.py, never narrower than 95%): it lies wholly outside the band exactly when
    the Idol is shown. An Idol out by its estimate but not shown is listed too: left off, it
    would let a designer read "no Idol outside" of a set with one 2 points out. An Idol with
    too few games for the test has no judged interval (`lo`, `hi` NaN)."""
    rates = _rates(games)
    mine = rates[(rates["group"] == group) & (rates["tier"] != "")].reset_index(drop=True)
    columns = ["tier", "players", "idol", "games", "rate", "lo", "hi", "side", "shown"]
    if mine.empty:
        return pd.DataFrame(columns=columns)
    # The flags module tells Idols apart by name: each tier's Idols get their own key.
    keyed = mine[["players", "games", "wins"]].assign(idol=(mine["tier"] + "\0" + mine["idol"]))
    flags = balance_flags(keyed, band=band)
    flags["idol"], flags["tier"] = mine["idol"].to_numpy(), mine["tier"].to_numpy()
    flags["shown"] = flags["status"] == Status.OUTSIDE
    flags["lo"], flags["hi"] = flags["flag_lo"], flags["flag_hi"]
    out_by_estimate = (flags["rate"] < flags["band_lo"]) | (flags["rate"] > flags["band_hi"])
    # The shown first, then the furthest out: the order the terminal names them in.
    flags["_far"] = np.maximum(flags["rate"] - flags["band_hi"], flags["band_lo"] - flags["rate"])
    found = flags.loc[flags["shown"] | out_by_estimate, [*columns, "_far"]]
    found = found.sort_values(["shown", "_far"], ascending=False, kind="stable")
    return found[columns].reset_index(drop=True)


def change_effects(
    games: pd.DataFrame, before: str, alone: dict[str, str], owners: dict[str, str]
) -> pd.DataFrame:
    """Per change: the win rate of the Idol whose card it changes (or every seat's worst, for a
    bonus) before, with that change alone (variant `alone[change]`), and the effect in points,
    with a 95% interval for matched pairs: the variants share their deals, so the effect is
    measured deal for deal (analysis/paired.py), far more precisely than two rates apart."""
    rates = _rates(games)
    rates["variant"] = rates["variant"].astype(str)
    rows = []
    for change, label in alone.items():
        idol = owners.get(change, "")
        base = rates[(rates["variant"] == before) & (rates["idol"] == idol)]
        only = rates[(rates["variant"] == label) & (rates["idol"] == idol)]
        if base.empty or only.empty:
            rows.append({"change": change, "idol": idol or "-"})
            continue
        wa, wb = variants_paired(games, before, label, idol)
        gap = matched_gap(wa, wb) if len(wa) else {"change_lo": np.nan, "change_hi": np.nan}
        rows.append(
            {
                "change": change,
                "idol": idol,
                "rate_before": float(base["rate"].iloc[0]),
                "rate_alone": float(only["rate"].iloc[0]),
                "lo": float(only["lo"].iloc[0]),
                "hi": float(only["hi"].iloc[0]),
                "effect": float(only["rate"].iloc[0] - base["rate"].iloc[0]),
                "effect_lo": gap["change_lo"],
                "effect_hi": gap["change_hi"],
                "paired_games": len(wa),
                "games": int(only["games"].iloc[0]),
            }
        )
    return pd.DataFrame(rows, columns=CHANGE_COLUMNS)


CHANGE_COLUMNS = [
    "change", "idol", "rate_before", "rate_alone", "lo", "hi", "effect", "effect_lo",
    "effect_hi", "paired_games", "games",
]  # fmt: skip
