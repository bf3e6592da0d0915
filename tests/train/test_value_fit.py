"""The learned value's fit (workflows/train/fit.py): a conditional logit of who won on the
seats' features, Idol terms apart, measured on held-out games. Built from planted positions, so
no game is played."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from avarium.workflows.train.fit import fit_value
from avarium.workflows.train.selfplay import FEATURES

PLANTED = {"board": 0.3, "wincon": 2.0, "active": 0.5, "merit": 0.05}
IDOLS = ("amyba", "kumara_raj", "syeira_coral")


def planted_positions(players: int, games: int, seed: int, idol_terms=(0.0, 0.0, 0.0)):
    """Positions whose winner is drawn from the planted model's chances."""
    rng = np.random.default_rng(seed)
    beta = np.array([PLANTED.get(f, 0.0) for f in FEATURES])
    rows = []
    for game in range(games):
        seats = rng.permutation(len(IDOLS))[:players]
        for turn in range(1, 5):
            x = rng.normal(size=(players, len(FEATURES))) * 2
            x[:, FEATURES.index("active")] = 0
            x[turn % players, FEATURES.index("active")] = 1
            score = x @ beta + np.array([idol_terms[s] for s in seats])
            chance = np.exp(score - score.max())
            chance /= chance.sum()
            winner = rng.choice(players, p=chance)
            for seat in range(players):
                row = dict(zip(FEATURES, x[seat], strict=True))
                rows.append(
                    {"game": game, "turn": turn, "seat": seat, "idol": IDOLS[seats[seat]],
                     **row, "won": int(seat == winner)}
                )  # fmt: skip
    return pd.DataFrame(rows)


@pytest.mark.parametrize("players", [2, 3])
def test_the_fit_finds_the_planted_coefficients(players):
    fit = fit_value(planted_positions(players, 3000, seed=players), players)
    for feature in FEATURES:
        assert fit.coefficients[feature] == pytest.approx(PLANTED.get(feature, 0.0), abs=0.08)


def test_the_fit_beats_the_even_chance_on_held_out_games():
    fit = fit_value(planted_positions(2, 1500, seed=5), 2)
    assert fit.held_out_games == 300 and fit.games == 1200
    assert fit.log_loss < fit.even_log_loss - 0.1
    assert 0.6 < fit.accuracy < 1


def test_an_idols_strength_is_not_taken_for_a_features():
    """A strong Idol that also has more Merit: the Idol's term takes its strength, so Merit's
    coefficient stays the planted one."""
    positions = planted_positions(2, 3000, seed=7, idol_terms=(1.5, 0.0, 0.0))
    strong = positions["idol"] == "amyba"
    positions.loc[strong, "merit"] += 10  # Merit goes with the strong Idol
    fit = fit_value(positions, 2)
    assert fit.coefficients["merit"] == pytest.approx(PLANTED["merit"], abs=0.05)
    assert fit.idols["kumara_raj"] < -1.0 and fit.idols["syeira_coral"] < -1.0


def test_the_same_positions_give_the_same_model():
    positions = planted_positions(2, 300, seed=9)
    assert fit_value(positions, 2) == fit_value(positions.sample(frac=1, random_state=1), 2)


def test_too_few_games_to_hold_some_out_is_refused():
    with pytest.raises(ValueError, match="too few games"):
        fit_value(planted_positions(2, 3, seed=1), 2)
