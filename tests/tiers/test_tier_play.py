"""How each tier plays: a seat's game in numbers at every tier, and the summary's and the
terminal's word when two tiers' habits differ by a factor of two (synthetic tiers, no compiled
games)."""

from __future__ import annotations

import pandas as pd
import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.analysis.tiers.play import (
    MIN_PER_GAME,
    RATIO,
    differently_sentence,
    played_differently,
    tier_play,
)
from avarium.analysis.tiers.variants import TierVariant
from avarium.reports.headline import report_facts, report_lines
from avarium.reports.pages import build_report


def two_tiers(rows: list[dict]) -> tuple[list[TierVariant], pd.DataFrame]:
    """A games table of two tiers from hand-written seat rows (each with its tier)."""
    tiers = [
        TierVariant(label="weak", tier="weak", group="main", order=0, first=0, games=2),
        TierVariant(label="strong", tier="strong", group="main", order=1, first=2, games=2),
    ]
    base = {"players": 2, "turns": 10, "fights": 2, "recruited": 5, "expelled": 1}
    games = pd.DataFrame([base | {"variant": r.pop("tier")} | r for r in rows])
    return tiers, games


def test_how_a_tier_plays_an_idol_is_the_mean_of_its_seats_and_how_its_wins_end():
    tiers, games = two_tiers(
        [
            {"tier": "weak", "idol": "amyba", "schemes_played": 0, "won": True, "reason": "wincon"},
            {"tier": "weak", "idol": "amyba", "schemes_played": 1, "won": True, "reason": "x"},
            {"tier": "weak", "idol": "amyba", "schemes_played": 2, "won": False, "reason": "x"},
            {"tier": "strong", "idol": "amyba", "schemes_played": 6, "won": True, "reason": "x"},
        ]
    )
    play = tier_play(tiers, games)
    amyba = play["tier_play"].set_index("tier")
    assert amyba.loc["weak", "games"] == 3
    assert amyba.loc["weak", "schemes_played"] == pytest.approx(1.0)
    assert amyba.loc["weak", "wincon_wins"] == pytest.approx(0.5)  # one of its two wins
    assert amyba.loc["strong", "wincon_wins"] == 0.0
    every = play["tier_play_all"].set_index("tier")
    assert every.loc["strong", "schemes_played"] == 6.0 and every.loc["weak", "seats"] == 3


def every_tier(schemes: dict[str, float], fights: float = 3.0) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {"group": "main", "tier": tier, "order": i, "players": 2, "seats": 1000}
            | {"turns": 11.0, "fights": fights, "recruited": 6.0, "expelled": 4.0}
            | {"schemes_played": s}
            for i, (tier, s) in enumerate(schemes.items())
        ]
    )


def test_tiers_a_factor_of_two_apart_in_schemes_are_said_to_play_differently():
    found = played_differently(every_tier({"heuristic.tuned": 0.7, "mcts/20": 5.2}))
    assert [f["measure"] for f in found] == ["Schemes played"]
    assert differently_sentence(found) == (
        "Schemes played 0.7 a game at heuristic.tuned, 5.2 at mcts/20"
    )


def test_habits_less_than_a_factor_of_two_apart_or_rarer_than_once_a_game_are_not_named():
    assert played_differently(every_tier({"a": 3.0, "b": 3.0 * RATIO * 0.95})) == []
    assert played_differently(every_tier({"a": 0.1, "b": MIN_PER_GAME * 0.9})) == []


def test_the_variants_of_a_sweep_are_pooled_per_tier_weighted_by_their_seats():
    one = every_tier({"weak": 1.0, "strong": 2.5}).assign(group="point 1")
    assert played_differently(one)  # alone, one point's tiers are 2.5 times apart
    other = every_tier({"weak": 1.0, "strong": 1.5}).assign(group="point 2", seats=3000)
    assert played_differently(pd.concat([one, other], ignore_index=True)) == []  # 1.75 times
    other = every_tier({"weak": 1.0, "strong": 3.0}).assign(group="point 2", seats=3000)
    (found,) = played_differently(pd.concat([one, other], ignore_index=True))
    assert found["high"] == pytest.approx((2.5 * 1000 + 3.0 * 3000) / 4000)
    assert (found["low_tier"], found["high_tier"]) == ("weak", "strong")


def test_the_report_says_the_tiers_play_differently_and_how_each_plays_a_flagged_idol(tmp_path):
    plans = [
        Plan(
            variant=tier,
            tier=tier,
            bot=tier,
            schemes=schemes,
            strength={"hatsurugi_touka": touka, "syeira_coral": -1.2},
        )
        for tier, schemes, touka in (("heuristic.tuned", 0.5, 1.5), ("mcts/20", 5.0, 0.0))
    ]
    run = synthetic_run(tmp_path / "run", 6_000, plans, seed=4, chunk_games=6_000)
    page = (build_report(run, charts=False) / "index.html").read_text(encoding="utf-8")
    assert "The tiers play differently: Schemes played 0.5 a game at heuristic.tuned, " in page
    assert "How each tier plays each Idol" in page
    why = page[page.index('<section id="why-idols-win">') :]
    assert "<code>mcts/20</code>: won:" in why and "; a game: 5.0 Schemes played," in why
    lines = report_lines(report_facts(run / "report", run))
    assert "the tiers play differently: Schemes played 0.5 a game at heuristic.tuned, 5.0 at " in (
        "\n".join(lines)
    )


def test_how_seats_played_is_read_only_for_a_run_that_names_tiers(tmp_path):
    from avarium.analysis.dataset import PLAY_COLUMNS, load_run

    plain = synthetic_run(tmp_path / "plain", 2_000, Plan(schemes=3.0), seed=1)
    assert not set(PLAY_COLUMNS) & set(load_run(plain, play=None).games.columns)
    plans = [Plan(variant=t, tier=t, bot=t, schemes=s) for t, s in (("a", 1.0), ("b", 3.0))]
    tiered = synthetic_run(tmp_path / "tiered", 2_000, plans, seed=1)
    games = load_run(tiered, variant="b", play=None).games
    assert set(PLAY_COLUMNS) <= set(games.columns)
    assert games["schemes_played"].mean() == pytest.approx(3.0, abs=0.1)  # b's rows, not a's
