"""Seat advantage and Idol strength: recovered inside their intervals, even from unbalanced
pairings that fool the raw win rates."""

from __future__ import annotations

import numpy as np
from avarium.analysis.counts import seatings
from avarium.analysis.seats import first_player_advantage, seat_winrates
from avarium.analysis.strength import fit_seats_and_strengths, seat_and_strength, seating_counts
from avarium.analysis.synthetic import Plan, synthetic_games


def _even_share(effects):
    e = np.exp(np.asarray(effects, dtype=float))
    return e / e.sum()


def test_a_planted_first_player_advantage_is_recovered_inside_its_interval():
    games = synthetic_games(60_000, Plan(seat_effect={2: (0.16, 0.0)}), seed=21)
    truth = _even_share([0.16, 0.0])[0] - 0.5
    raw = first_player_advantage(seat_winrates(games)).iloc[0]
    assert raw["lo"] <= truth <= raw["hi"]
    model = seat_and_strength(games).seats.query("seat == 0").iloc[0]
    assert model["lo"] - 0.5 <= truth <= model["hi"] - 0.5


def test_seat_advantage_and_idol_strength_survive_an_unbalanced_mix_of_pairings():
    # The strong Idol nearly always sits second: raw seat rates hide the first player's edge
    # and the raw Idol rate understates the Idol; the model separates the two.
    plan = Plan(
        strength={"kumara_raj": 0.6},
        seat_effect={2: (0.3, 0.0)},
        seat_weight={"kumara_raj": (0.02, 8.0)},
    )
    games = synthetic_games(80_000, plan, seed=8)
    truth = _even_share([0.3, 0.0])[0]
    raw = seat_winrates(games).query("seat == 0").iloc[0]
    assert raw["hi"] < truth  # the raw rate misses the planted edge
    tables = seat_and_strength(games)
    seat0 = tables.seats.query("seat == 0").iloc[0]
    assert seat0["lo"] <= truth <= seat0["hi"]
    idols = tables.idols.set_index("idol")
    planted = np.array([0.6 if i == "kumara_raj" else 0.0 for i in idols.index])
    centred = planted - planted.mean()
    assert ((idols["lo"] <= centred) & (centred <= idols["hi"])).sum() >= 7
    assert idols.loc["kumara_raj", "lo"] <= centred[list(idols.index).index("kumara_raj")]


def test_three_and_four_player_seat_effects_are_recovered():
    plan = Plan(
        players={3: 0.5, 4: 0.5},
        seat_effect={3: (0.3, 0.15, 0.0), 4: (0.3, 0.2, 0.1, 0.0)},
        strength={"amyba": -0.5},
    )
    seats = seat_and_strength(synthetic_games(60_000, plan, seed=13)).seats
    for players, effects in plan.seat_effect.items():
        part = seats[seats["players"] == players].sort_values("seat")
        truth = _even_share(effects)
        # Several intervals at once: each truth within 1.5 half-widths (about 3 standard errors).
        half = (part["hi"] - part["lo"]).to_numpy() / 2
        assert (np.abs(part["even_rate"].to_numpy() - truth) <= 1.5 * half).all(), part
        assert np.isclose(part["even_rate"].sum(), 1.0)


def test_the_glm_and_the_conditional_logit_agree_on_two_player_games():
    games = synthetic_games(20_000, Plan(strength={"amyba": 0.4}, seat_effect={2: (0.2, 0)}), 3)
    seating, wins, _ = seating_counts(seatings(games), 2)
    glm, glm_cov = fit_seats_and_strengths(seating, wins, 8, method="glm")
    logit, logit_cov = fit_seats_and_strengths(seating, wins, 8, method="logit")
    assert np.allclose(glm, logit, atol=1e-4)
    assert np.allclose(np.sqrt(np.diag(glm_cov)), np.sqrt(np.diag(logit_cov)), rtol=1e-2)


def test_seat_win_rates_sum_to_one_without_stalls():
    games = synthetic_games(3_000, Plan(players={2: 0.5, 4: 0.5}), seed=2)
    table = seat_winrates(games)
    assert np.allclose(table.groupby("players")["rate"].sum(), 1.0)


def test_the_model_is_shown_with_its_fit_check_when_the_games_follow_it():
    """Games drawn from the model itself: Pearson's dispersion near 1, so the model is shown,
    with its chi-square, degrees of freedom and the scale its intervals were widened by."""
    games = synthetic_games(40_000, Plan(seat_effect={2: (0.2, 0.0)}), seed=3)
    seats = seat_and_strength(games).seats
    assert len(seats) == 2
    fit = seats.iloc[0]
    assert fit["df"] == 56 - 8 and 0.6 < fit["dispersion"] < 1.5
    assert fit["scale"] >= 1.0 and 0 < fit["fit_p"] <= 1


def _not_additive(games, seed: int):
    """The same games with winners redrawn by matchup: in half the pairings (chosen by the two
    Idols) seat 0 wins 85% of the time, in the other half 15%: no seat term plus Idol strengths
    can describe that."""
    rng = np.random.default_rng(seed)
    out = games.copy()
    first = out[out["seat"] == 0]
    second = out[out["seat"] == 1]
    pair = (
        first["idol"].cat.codes.to_numpy().astype(np.int64) * 8
        + second["idol"].cat.codes.to_numpy()
    )
    favoured = (pair * 2654435761 % 97) % 2 == 0
    seat0_wins = rng.random(len(pair)) < np.where(favoured, 0.85, 0.15)
    out.loc[first.index, "won"] = seat0_wins
    out.loc[second.index, "won"] = ~seat0_wins
    return out


def test_a_model_that_does_not_fit_is_dropped_with_a_sentence():
    games = _not_additive(synthetic_games(20_000, Plan(), seed=4), seed=5)
    tables = seat_and_strength(games)
    assert tables.seats.empty and tables.idols.empty
    note = " ".join(tables.notes)
    assert "does not fit these games" in note and "Pearson chi-square" in note
    assert "raw seat win rates are the seat answer" in note


def test_overdispersion_widens_the_models_intervals_by_its_scale():
    """Mild extra variation (a dispersion between 1 and the limit) is shown, its intervals
    widened by the quasi-likelihood scale: each strength's standard error is the model's own
    times the square root of the dispersion."""
    base = synthetic_games(30_000, Plan(seat_effect={2: (0.2, 0.0)}), seed=6)
    games = base.copy()
    # One game in 26 has its winner redrawn by matchup: mild non-additivity.
    part = (games["game_id"] % 26 == 0).to_numpy()
    games.loc[part] = _not_additive(base[part], seed=7)
    tables = seat_and_strength(games)
    assert len(tables.seats), tables.notes
    fit = tables.seats.iloc[0]
    assert 1.0 < fit["dispersion"] <= 1.5 and fit["scale"] == fit["dispersion"]
    seating, wins, names = seating_counts(seatings(games), 2)
    _, cov = fit_seats_and_strengths(seating, wins, len(names))
    own = np.sqrt(np.diag(cov))[0]  # the first Idol's free strength's own SE (unscaled)
    contrast_first = tables.idols["se"].iloc[0]
    assert np.isclose(contrast_first / own, np.sqrt(fit["scale"]), rtol=1e-6)


def test_complete_separation_is_caught_and_said():
    """Seat 0 wins every game: the seat term has no finite estimate (a fitted model would show
    an SE in the thousands); the model is not shown and the note says why."""
    games = synthetic_games(2_000, Plan(), seed=8)
    games["won"] = games["seat"] == 0
    tables = seat_and_strength(games)
    assert tables.seats.empty
    assert any("complete separation" in n for n in tables.notes)
