"""Expelled first, three and four players: per tier and Idol, the share of its games in which
its seat was the first expelled (hand-built games with known expulsions), and the table in a
tiered run's report (synthetic tiers, and one small run the engine played)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from avarium.analysis.proportions import wilson
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.analysis.tiers.expelled import expelled_first, tier_expelled_first
from avarium.analysis.tiers.variants import TierVariant
from avarium.reports.pages import build_report
from typer.testing import CliRunner

from avarium.cli.main import app

TIERS = [
    TierVariant(label="weak", tier="weak", group="main", order=0, first=0, games=4),
    TierVariant(label="strong", tier="strong", group="main", order=1, first=4, games=4),
]
IDOLS = ("amyba", "kumara_raj", "sebastian_wolfgang")


def table(games: dict[str, list[tuple[int, ...]]], idols=IDOLS) -> pd.DataFrame:
    """Seat rows from each tier's games, each game the `expelled_order` of its seats (the Idols
    seated in `idols` order)."""
    rows = []
    for variant, orders in games.items():
        for game_id, order in enumerate(orders):
            for seat, (idol, out) in enumerate(zip(idols, order, strict=False)):
                rows.append(
                    {"variant": variant, "game_id": game_id, "players": len(order)}
                    | {"seat": seat, "idol": idol, "expelled_order": out}
                )
    return pd.DataFrame(rows)


def shares(frame: pd.DataFrame) -> dict[tuple[str, str], tuple[int, int]]:
    return {(r.tier, r.idol): (r.expelled_first, r.games) for r in frame.itertuples()}


def test_an_idol_is_expelled_first_in_the_games_its_seat_was_out_before_any_other():
    games = table(
        {
            # amyba, kumara_raj, sebastian_wolfgang
            "weak": [(1, 0, 0), (0, 2, 1), (1, 2, 0), (3, 1, 2)],
            "strong": [(0, 1, 0), (2, 1, 0), (0, 1, 2), (1, 0, 2)],
        }
    )
    out = tier_expelled_first(TIERS, games)
    assert shares(out) == {
        ("weak", "amyba"): (2, 4),
        ("weak", "kumara_raj"): (1, 4),
        ("weak", "sebastian_wolfgang"): (1, 4),
        ("strong", "amyba"): (1, 4),
        ("strong", "kumara_raj"): (3, 4),
        ("strong", "sebastian_wolfgang"): (0, 4),
    }
    amyba = out.set_index(["tier", "idol"]).loc[("weak", "amyba")]
    assert amyba["share"] == 0.5
    lo, hi = wilson(2, 4)
    assert (amyba["lo"], amyba["hi"]) == pytest.approx((float(lo), float(hi)))
    assert list(out["order"].unique()) == [0, 1]  # weakest tier first within each Idol


def test_players_expelled_at_the_same_first_moment_are_each_expelled_first():
    out = tier_expelled_first(TIERS, table({"weak": [(1, 1, 0)], "strong": [(0, 0, 0)]}))
    assert shares(out) == {
        ("weak", "amyba"): (1, 1),
        ("weak", "kumara_raj"): (1, 1),
        ("weak", "sebastian_wolfgang"): (0, 1),
        ("strong", "amyba"): (0, 1),  # nobody expelled: no one is expelled first
        ("strong", "kumara_raj"): (0, 1),
        ("strong", "sebastian_wolfgang"): (0, 1),
    }


def test_four_player_games_are_counted_apart_and_two_player_games_not_at_all():
    four = ("amyba", "kumara_raj", "sebastian_wolfgang", "hatsurugi_touka")
    games = pd.concat(
        [
            table({"weak": [(0, 0, 1)]}),
            table({"weak": [(2, 0, 3, 1), (0, 1, 0, 2)]}, four),
            table({"weak": [(1, 0)], "strong": [(0, 1)]}),  # two players
        ],
        ignore_index=True,
    )
    out = tier_expelled_first(TIERS, games)
    assert set(out["players"]) == {3, 4} and set(out["tier"]) == {"weak"}
    by = out.set_index(["players", "idol"])
    assert (by.loc[(3, "amyba"), "games"], by.loc[(4, "amyba"), "games"]) == (1, 2)
    assert by.loc[(4, "hatsurugi_touka"), "expelled_first"] == 1
    assert by.loc[(4, "kumara_raj"), "expelled_first"] == 1
    assert by.loc[(4, "amyba"), "expelled_first"] == 0


def test_a_two_player_run_has_no_one_expelled_first():
    out = tier_expelled_first(TIERS, table({"weak": [(1, 0)], "strong": [(0, 1)]}))
    assert out.empty and "share" in out.columns


def test_counted_rows_give_the_shares_of_the_rows_they_count():
    games = table({"weak": [(1, 0, 0), (1, 0, 0), (0, 1, 2)]})
    counted = games.groupby(["variant", "players", "idol", "expelled_order"]).size()
    counted = counted.rename("n").reset_index()
    pd.testing.assert_frame_equal(expelled_first(games), expelled_first(counted))


# The reports below are read for their text and tables, never a chart: each is written without.


def three_player_tiers(tmp_path, name="three"):
    plans = [
        Plan(variant=tier, tier=tier, bot=tier, players={3: 1.0})
        for tier in ("heuristic.balanced", "mcts/40")
    ]
    return synthetic_run(tmp_path / name, 1_500, plans, seed=5, chunk_games=1_500)


def test_the_report_of_a_three_player_tiered_run_shows_whom_each_tier_expels_first(tmp_path):
    run = three_player_tiers(tmp_path)
    page = (build_report(run, charts=False) / "index.html").read_text(encoding="utf-8")
    start = page.index('<section id="skill-tiers">')
    tiers = page[start : page.index("</section>", start)]
    assert "Expelled first: share of each Idol" in tiers
    assert "Expelled first, three and four players" in tiers
    written = pd.read_csv(run / "report" / "tables" / "tier_expelled_first.csv")
    games = pd.read_parquet(run / "games")
    for (tier, idol), part in games.groupby(["variant", "idol"], observed=True):
        row = written[(written["tier"] == tier) & (written["idol_id"] == idol)]
        assert int(row["games"].iloc[0]) == len(part)
        assert int(row["expelled_first"].iloc[0]) == int((part["expelled_order"] == 1).sum())
    assert np.allclose(written["share"], written["expelled_first"] / written["games"])
    assert set(written["players"]) == {3}


def test_a_two_player_tiered_report_shows_no_expelled_first_table(tmp_path):
    plans = [Plan(variant=tier, tier=tier, bot=tier) for tier in ("heuristic.balanced", "mcts/40")]
    run = synthetic_run(tmp_path / "two", 1_000, plans, seed=6, chunk_games=1_000)
    page = (build_report(run, charts=False) / "index.html").read_text(encoding="utf-8")
    assert '<section id="skill-tiers">' in page and "Expelled first" not in page
    assert not (run / "report" / "tables" / "tier_expelled_first.csv").exists()


def test_a_played_three_player_run_reports_whom_each_tier_expels_first(tmp_path):
    run = tmp_path / "played"
    flags = ["--players", "3", "--tiers", "heuristic,heuristic.tuned", "--games", "168"]
    result = CliRunner().invoke(app, ["simulate", *flags, "--seed", "3", "-j", "1", "-o", str(run)])
    assert result.exit_code == 0, result.output
    games = pd.read_parquet(run / "games")
    # The engine numbers expulsions from 1: every game with an expulsion has a first expelled.
    out = games[games["expelled_order"] > 0].groupby("game_id")["expelled_order"].min()
    assert len(out) > 0 and (out == 1).all()
    page = (build_report(run, charts=False) / "index.html").read_text(encoding="utf-8")
    assert "Expelled first: share of each Idol" in page
    written = pd.read_csv(run / "report" / "tables" / "tier_expelled_first.csv")
    assert set(written["tier"]) == {"heuristic.balanced", "heuristic.tuned"}
    first = games["expelled_order"] == 1
    expected = first.groupby([games["variant"].astype(str), games["idol"].astype(str)]).sum()
    got = written.set_index(["tier", "idol_id"])["expelled_first"]
    assert got.sort_index().to_dict() == expected.sort_index().to_dict()
