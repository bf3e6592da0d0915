"""Seat advantage and Idol strength estimated together, so an unbalanced mix of pairings hides
neither: if a strong Idol mostly sat second, raw seat win rates understate the first player's
edge and raw Idol win rates misstate the Idol; one model with both terms separates them.

The model (the same for every player count): in a game with a winner, seat s wins with
probability proportional to exp(strength[Idol at s] + seat[s]). For two players this is the
Bradley-Terry model with a seat term, logit P(seat 0 wins) = strength[a] - strength[b] + seat,
fitted as a binomial GLM (statsmodels) on one row per (Idol at seat 0, Idol at seat 1) cell. For
three and four players it is the conditional logit (Plackett-Luce, winner only), fitted by
maximum likelihood (statsmodels GenericLikelihoodModel) on one row per seating of Idols, with
the wins of each seat counted. Both fit on counts, never on rows: a few thousand cells at most.

Strengths are on the log-odds scale and sum to zero over the Idols of a player count (0 is an
average Idol). Games without a winner (stalled, draw) carry no information here and are left out.

Too few games. An Idol with fewer than MIN_IDOL_GAMES decided games (analysis.flags) is left out
of the model with every game it sat in, and a player count with fewer than MIN_MODEL_GAMES
decided games left is not fitted at all: ten games once gave "+50.0 points with Idol strengths
taken out" with intervals of billions of percent. Each is said in the notes, and so is every
warning a fit raises (analysis.notes).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
import statsmodels.api as sm
from avarium.analysis.counts import IDOL_BY_SEAT, seatings, weight
from avarium.analysis.flags import MIN_IDOL_GAMES
from avarium.analysis.games import MAX_SEATS
from avarium.analysis.notes import noted
from scipy.special import expit
from scipy.stats import chi2 as chi2_dist
from statsmodels.base.model import GenericLikelihoodModel

Z95 = 1.959963984540054
# Interval of derived quantities (seat shares) from draws of the fitted parameters' normal
# approximation; a fixed seed keeps reports reproducible.
DRAWS = 4000
# The fewest decided games (at one player count, among Idols with enough games) the model is
# fitted on: below it, a seat term and several strengths are fitted to a handful of outcomes,
# and its "with Idol strengths taken out" figure is noise presented as a finding.
MIN_MODEL_GAMES = 100
# A strength's standard error above this (log-odds) is no estimate: its 95% interval spans more
# than 0.01% to 99.99% against an average Idol. That happens when an Idol won all or none of its
# decided games, which statsmodels' binomial GLM fits without a warning.
UNBOUNDED_SE = 5.0
# The largest Pearson dispersion (chi-square / degrees of freedom) at which the model is still
# shown, its intervals widened by the dispersion (quasi-likelihood). Above it the games vary far
# more than a seat term plus one strength per Idol allows (matchups that are not additive, for
# one), and the model's "even table" figure answers a question the games do not fit: it is
# dropped with a sentence and the raw seat rates stand alone. 1.5 is a variance half again the
# model's; with 48 degrees of freedom (8 Idols, two players) that is already p < 0.02.
DISPERSION_LIMIT = 1.5


@dataclass
class SeatTables:
    """The model's output: `seats` (per players and seat) and `idols` (per players and Idol)."""

    seats: pd.DataFrame
    idols: pd.DataFrame
    notes: list[str] = field(default_factory=list)  # Idols left out, fits skipped, warnings


def seating_counts(games: pd.DataFrame, players: int) -> tuple[np.ndarray, np.ndarray, list]:
    """Distinct seatings (Idol codes per seat) of decided games and the wins of each seat there.

    `games` is the games table or its seatings (avarium.analysis.counts)."""
    table = seatings(games)
    names = list(table[IDOL_BY_SEAT[0]].cat.categories)
    part = table[(table["players"] == players) & (table["winner"] >= 0)]
    if part.empty:
        return np.zeros((0, players), int), np.zeros((0, players), int), names
    seating = np.column_stack(
        [part[c].cat.codes.to_numpy().astype(np.int64) for c in IDOL_BY_SEAT[:players]]
    )
    key = np.zeros(len(seating), dtype=np.int64)
    for s in range(players):
        key = key * len(names) + seating[:, s]
    ids, cells = pd.factorize(key)
    first = np.zeros(len(cells), dtype=np.int64)
    first[ids[::-1]] = np.arange(len(ids))[::-1]
    wins = np.bincount(
        ids * players + part["winner"].to_numpy().astype(np.int64),
        weights=weight(part),
        minlength=len(cells) * players,
    )
    return seating[first], wins.reshape(len(cells), players).astype(np.int64), names


def _compact(seating: np.ndarray, names: list) -> tuple[np.ndarray, list]:
    """Renumber Idol codes to those that occur, so unseen Idols get no parameter."""
    present = np.unique(seating)
    lookup = np.full(len(names), -1, dtype=np.int64)
    lookup[present] = np.arange(len(present))
    return lookup[seating], [names[i] for i in present]


def _sum_to_zero(k: int) -> np.ndarray:
    """Maps k-1 free strengths to k strengths summing to zero (the last is minus the others)."""
    return np.vstack([np.eye(k - 1), -np.ones((1, k - 1))])


class TableLogit(GenericLikelihoodModel):
    """Conditional logit on counts: params = k-1 free strengths, then seats 1..N-1 (seat 0 is 0)."""

    def __init__(self, seating: np.ndarray, wins: np.ndarray, k: int):
        self.seating, self.wins, self.k = seating, wins.astype(float), k
        self.players = seating.shape[1]
        self.contrast = _sum_to_zero(k)
        n_params = k - 1 + self.players - 1
        super().__init__(
            endog=self.wins.sum(axis=1), exog=np.zeros((len(wins), n_params)), missing="none"
        )
        # The parameters are not exog's columns, so tell statsmodels their count itself.
        self.k_constant = 0
        self.df_model = float(n_params)
        self.df_resid = float(len(wins) - n_params)

    def _probabilities(self, params):
        theta = self.contrast @ params[: self.k - 1]
        seat = np.concatenate([[0.0], params[self.k - 1 :]])
        eta = theta[self.seating] + seat[None, :]
        eta -= eta.max(axis=1, keepdims=True)
        p = np.exp(eta)
        return eta - np.log(p.sum(axis=1, keepdims=True)), p / p.sum(axis=1, keepdims=True)

    def loglike(self, params):
        logp, _ = self._probabilities(params)
        return float((self.wins * logp).sum())

    def pearson(self, params) -> tuple[float, float]:
        """Pearson's chi-square of the fitted win counts against the observed, per seating and
        seat, and its degrees of freedom (cells minus one per seating, minus the parameters)."""
        _, p = self._probabilities(params)
        expected = self.wins.sum(axis=1, keepdims=True) * p
        cells = expected > 0
        chi2 = float(((self.wins - expected)[cells] ** 2 / expected[cells]).sum())
        return chi2, float(len(self.wins) * (self.players - 1) - len(params))

    def score(self, params):
        _, p = self._probabilities(params)
        resid = self.wins - self.wins.sum(axis=1, keepdims=True) * p
        theta_grad = np.bincount(self.seating.ravel(), resid.ravel(), minlength=self.k)
        return np.concatenate([self.contrast.T @ theta_grad, resid.sum(axis=0)[1:]])


def _fit_two_player(seating, wins, k):
    """Binomial GLM: successes = seat 0's wins, failures = seat 1's; intercept = seat term."""
    onehot = np.eye(k)
    diff = onehot[seating[:, 0]] - onehot[seating[:, 1]]
    exog = np.column_stack([np.ones(len(seating)), diff @ _sum_to_zero(k)])
    result = sm.GLM(wins.astype(float), exog, family=sm.families.Binomial()).fit()
    params, cov = np.asarray(result.params), np.asarray(result.cov_params())
    fit = (float(result.pearson_chi2), float(result.df_resid))
    # Reorder as TableLogit's parameters: strengths first, then the seat term of seat 1, which
    # is minus the intercept (seat 0's edge over seat 1).
    order = np.r_[1:k, 0]
    sign = np.r_[np.ones(k - 1), -1.0]
    return params[order] * sign, cov[np.ix_(order, order)] * np.outer(sign, sign), fit


def _fit_table(seating, wins, k):
    model = TableLogit(seating, wins, k)
    start = np.zeros(k - 1 + seating.shape[1] - 1)
    result = model.fit(start_params=start, method="newton", maxiter=100, disp=False)
    params = np.asarray(result.params)
    return params, np.asarray(result.cov_params()), model.pearson(params)


def fit_seats_and_strengths(
    seating: np.ndarray, wins: np.ndarray, k: int, method: str = "auto"
) -> tuple[np.ndarray, np.ndarray]:
    """Fitted parameters (k-1 free strengths, then seats 1..N-1 against seat 0) and covariance
    (the model's own, before any overdispersion scaling).

    method "glm" (two players only) or "logit"; "auto" takes the GLM for two players.
    """
    params, cov, _ = _fit(seating, wins, k, method)
    return params, cov


def _fit(seating, wins, k, method: str = "auto"):
    """Parameters, covariance and (Pearson chi-square, degrees of freedom)."""
    players = seating.shape[1]
    if method == "glm" or (method == "auto" and players == 2):
        return _fit_two_player(seating, wins, k)
    return _fit_table(seating, wins, k)


def without_thin_idols(
    seating: np.ndarray, wins: np.ndarray, names: list
) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """The seatings whose every Idol has MIN_IDOL_GAMES decided games or more among them, and
    the names of the Idols left out. Leaving an Idol's games out thins the others' games too,
    so it repeats until none is left to drop."""
    thin_names: list[str] = []
    while len(seating):
        decided = wins.sum(axis=1)
        per_idol = np.bincount(
            seating.ravel(),
            weights=np.repeat(decided, seating.shape[1]),
            minlength=len(names),
        )
        thin = np.flatnonzero((per_idol > 0) & (per_idol < MIN_IDOL_GAMES))
        if not len(thin):
            break
        thin_names += [str(names[i]) for i in thin]
        keep = ~np.isin(seating, thin).any(axis=1)
        seating, wins = seating[keep], wins[keep]
    return seating, wins, sorted(thin_names)


def seat_and_strength(games: pd.DataFrame) -> SeatTables:
    """Fit the model for every player count; seat shares and Idol strengths with 95% intervals.

    `games` is the games table or its seatings (analysis.counts); pass it without mirror games
    to leave them out (avarium.analysis.games.drop_mirrors). Idols and player counts with too
    few games are left out, and the notes say so."""
    seat_rows, idol_rows, notes = [], [], []
    rng = np.random.default_rng(0)
    table = seatings(games)
    for players in sorted(int(p) for p in table["players"].unique()):
        if not 2 <= players <= MAX_SEATS:
            continue
        where = f"Seat-and-strength model, {players} players"
        seating, wins, names = seating_counts(table, players)
        seating, wins, thin = without_thin_idols(seating, wins, names)
        thin_text = (
            f"{', '.join(thin)} (fewer than {MIN_IDOL_GAMES} decided games each)" if thin else ""
        )
        decided = int(wins.sum())
        seating, names = _compact(seating, names)
        if decided < MIN_MODEL_GAMES or len(names) < 2:
            notes.append(
                f"{where}: not fitted, since it needs {MIN_MODEL_GAMES} decided games between "
                f"two Idols or more and has {decided:,}"
                + (f" without {thin_text}" if thin else "")
                + "; the raw seat win rates stand alone."
            )
            continue
        if thin:
            notes.append(f"{where}: left out {thin_text}, with every game they sat in.")
        separated = _separated_seats(wins)
        if separated:
            notes.append(
                f"{where}: not shown, since seat(s) {', '.join(map(str, separated))} won all or "
                "none of the decided games (complete separation): the seat terms have no finite "
                "estimate and their intervals would mean nothing; the raw seat win rates stand "
                "alone."
            )
            continue
        with noted(notes, where):
            idols, seats = _fitted(seating, wins, names, players, rng)
        fit = seats.iloc[0]
        if fit["dispersion"] > DISPERSION_LIMIT:
            notes.append(
                f"{where}: not shown, since it does not fit these games: Pearson chi-square "
                f"{fit['pearson_chi2']:,.0f} on {fit['df']:,.0f} degrees of freedom (dispersion "
                f"{fit['dispersion']:.1f}, more than {DISPERSION_LIMIT}), so the games vary far "
                "more than a seat term and one strength per Idol allow. Its even-table seat "
                "figure and Idol strengths would be over-precise answers to the wrong model; "
                "the raw seat win rates are the seat answer."
            )
            continue
        if (~(idols["se"] <= UNBOUNDED_SE)).any():
            notes.append(_unbounded_note(where, idols, _all_or_nothing(seating, wins, names)))
        idol_rows.append(idols)
        seat_rows.append(seats)
    seats = pd.concat(seat_rows, ignore_index=True) if seat_rows else _empty_seats()
    idols = pd.concat(idol_rows, ignore_index=True) if idol_rows else pd.DataFrame()
    return SeatTables(seats=seats, idols=idols, notes=notes)


def _fitted(seating, wins, names, players, rng) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One player count's fit: the Idols' strengths and the seats' even-table shares."""
    k = len(names)
    params, cov, (chi2, df) = _fit(seating, wins, k)
    # Goodness of fit: Pearson's chi-square and the dispersion chi2/df. Above 1 the games vary
    # more than the binomial (multinomial) model allows, so its intervals are too narrow: they
    # are widened by the dispersion, the quasi-likelihood scale (statsmodels' scale="X2" for a
    # GLM); never narrowed below the model's own.
    dispersion = chi2 / df if df > 0 else np.nan
    cov = cov * max(dispersion, 1.0) if np.isfinite(dispersion) else cov
    contrast = _sum_to_zero(k)
    theta = contrast @ params[: k - 1]
    theta_se = np.sqrt(np.diag(contrast @ cov[: k - 1, : k - 1] @ contrast.T))
    lo, hi = theta - Z95 * theta_se, theta + Z95 * theta_se
    idols = pd.DataFrame(
        {
            "players": players,
            "idol": names,
            "strength": theta,
            "se": theta_se,
            "lo": lo,
            "hi": hi,
            "vs_field": _vs_field(theta, players),
            "vs_field_lo": _vs_field(lo, players),
            "vs_field_hi": _vs_field(hi, players),
            "decided_games": int(wins.sum()),
        }
    )
    seats = _seat_shares(params[k - 1 :], cov[k - 1 :, k - 1 :], players, rng)
    fit = {
        "pearson_chi2": chi2,
        "df": df,
        "dispersion": dispersion,
        "fit_p": float(chi2_dist.sf(chi2, df)) if df > 0 else np.nan,
        "scale": max(dispersion, 1.0) if np.isfinite(dispersion) else 1.0,
    }
    return idols.assign(**fit), seats.assign(**fit)


def _separated_seats(wins: np.ndarray) -> list[int]:
    """Seats that won every decided game or none: complete separation of the seat terms."""
    per_seat = wins.sum(axis=0)
    total = wins.sum()
    return [int(s) for s in np.flatnonzero((per_seat == 0) | (per_seat == total))]


def _all_or_nothing(seating: np.ndarray, wins: np.ndarray, names: list) -> list[str]:
    """The Idols that won every decided game they sat in, or none: their strength has no
    finite estimate."""
    won = np.zeros(len(names))
    sat = np.zeros(len(names))
    decided = wins.sum(axis=1)
    for s in range(seating.shape[1]):
        won += np.bincount(seating[:, s], weights=wins[:, s], minlength=len(names))
        sat += np.bincount(seating[:, s], weights=decided, minlength=len(names))
    return [str(names[i]) for i in np.flatnonzero((sat > 0) & ((won == 0) | (won == sat)))]


def _unbounded_note(where: str, idols: pd.DataFrame, culprits: list[str]) -> str:
    """Why some strengths have no interval worth the name."""
    unbounded = idols.loc[~(idols["se"] <= UNBOUNDED_SE), "idol"].astype(str).tolist()
    if culprits:
        return (
            f"{where}: {', '.join(culprits)} won all or none of its decided games, so the games "
            "do not bound its strength and its interval means nothing; since the strengths sum "
            f"to zero, {len(unbounded)} Idol(s) in all have unbounded intervals with it."
        )
    return (
        f"{where}: the pairings played do not tell {', '.join(unbounded)} apart from the "
        "others, so the games do not bound their strengths and their intervals mean nothing."
    )


def _vs_field(strength, players: int) -> np.ndarray:
    """The win rate a strength implies against players - 1 Idols of strength 0 at an even
    table, exp(s) / (exp(s) + players - 1), written so that no strength overflows."""
    return expit(np.asarray(strength, dtype=float) - np.log(players - 1))


def _seat_shares(seat_params, seat_cov, players, rng) -> pd.DataFrame:
    """Each seat's win probability at an even table (all Idols equal), with 95% intervals."""

    def shares(x):
        terms = np.concatenate([np.zeros((len(x), 1)), x], axis=1)
        e = np.exp(terms - terms.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    point = shares(seat_params[None, :])[0]
    draws = shares(rng.multivariate_normal(seat_params, seat_cov, size=DRAWS))
    lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
    fair = 1.0 / players
    return pd.DataFrame(
        {
            "players": players,
            "seat": np.arange(players),
            "even_rate": point,
            "lo": lo,
            "hi": hi,
            "fair": fair,
            "advantage": point - fair,
            "log_odds_vs_seat0": np.concatenate([[0.0], seat_params]),
        }
    )


def _empty_seats() -> pd.DataFrame:
    cols = [
        "players",
        "seat",
        "even_rate",
        "lo",
        "hi",
        "fair",
        "advantage",
        "log_odds_vs_seat0",
        "pearson_chi2",
        "df",
        "dispersion",
        "fit_p",
        "scale",
    ]
    return pd.DataFrame({c: pd.Series(dtype=float) for c in cols})
