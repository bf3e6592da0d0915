"""The turns/ record: keeping each seat's Merit and Reputation turn by turn plays the very
games a run plays without it, ends on each game's final figures, and has one row per turn
played and seat."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from avarium.analysis.dataset import DatasetError, read_turns
from avarium.reports.pages import build_report
from avarium.runner import batch, manifest
from avarium.runner.batch import play_chunk
from avarium.runner.experiment import ExperimentError
from avarium.runner.experiment_file import load
from avarium.runner.runner import run
from avarium.runner.tabulate import turn_columns
from avarium.simulator.engine.play import GAME_FIELDS, SEAT_FIELDS
from avarium.simulator.game.api import Rules
from avarium.strategies import bot_spec
from typer.testing import CliRunner

import avarium
from avarium.cli.main import app
from tests.bots.test_bot_determinism import deal, same_chunk
from tests.simulate.conftest import games_of, small

RULES = Rules()
TURNS = GAME_FIELDS.index("turns")


def both(cards, bots, n, seed):
    players = len(bots)
    idols, deal_seeds, bot_seeds = deal(cards, players, n, seed)
    args = (cards, RULES, players, idols, list(bots), deal_seeds, bot_seeds)
    bonus = RULES.seat_bonus(players)
    return play_chunk(*args, bonus), play_chunk(*args, bonus, keep_turns=True), args


@pytest.mark.parametrize(
    "bots",
    [
        ("heuristic.balanced", "heuristic.aggressive"),
        ("random", "heuristic.scheming", "heuristic.economic"),
        ("lookahead/1", "heuristic.balanced"),
    ],
    ids=lambda b: "-".join(b),
)
def test_keeping_turns_plays_the_same_games(bundled, bots):
    n = 3 if "lookahead/1" in bots else 40
    plain, kept, _ = both(bundled, bots, n, seed=7)
    assert plain.turns is None
    assert same_chunk(plain, kept), f"{bots}: keeping turns changed the games"


def test_each_game_has_a_row_per_turn_played_and_its_last_is_the_final_standing(bundled):
    _, result, _ = both(bundled, ("heuristic.balanced", "random"), 40, seed=3)
    turns = result.game[:, TURNS]
    kept = result.turns
    assert len(kept.game) == turns.sum()
    for i in range(len(turns)):
        mine = kept.turn[kept.game == i]
        np.testing.assert_array_equal(mine, np.arange(turns[i]))
        last = kept.figures[(kept.game == i) & (kept.turn == turns[i] - 1)][0][:, :2]
        final = result.seat[i][:, [SEAT_FIELDS.index("merit"), SEAT_FIELDS.index("reputation")]]
        np.testing.assert_array_equal(last, final)


def test_merit_moves_during_a_game(bundled):
    """The figures are read turn by turn, not copied from the end: some game's Merit differs
    between its first and last turn."""
    _, result, _ = both(bundled, ("heuristic.aggressive", "heuristic.aggressive"), 20, seed=5)
    kept = result.turns
    first = kept.figures[kept.turn == 0]
    last = np.stack([kept.figures[kept.game == i][-1] for i in range(20)])
    assert (first != last).any()


def test_games_played_step_by_step_keep_the_same_turns(bundled):
    bots = ("heuristic.balanced", "random")
    _, compiled, args = both(bundled, bots, 6, seed=11)
    cards, rules, players, idols, _, deal_seeds, bot_seeds = args
    outs = (np.zeros_like(compiled.game), np.zeros_like(compiled.seat),
            np.zeros((6, players, len(cards.cards)), np.uint8))  # fmt: skip
    specs = [bot_spec(b) for b in bots]
    seeds = batch.engine_seeds(deal_seeds)
    stepped = batch._play_in_python(
        cards, rules, players, idols, specs, seeds, bot_seeds, RULES.seat_bonus(players), outs,
        True,
    )  # fmt: skip
    for mine, theirs in zip(stepped, compiled.turns, strict=True):
        np.testing.assert_array_equal(mine, theirs)


def test_the_turns_table_has_a_row_per_game_turn_and_seat(bundled):
    _, result, _ = both(bundled, ("heuristic.balanced", "random"), 10, seed=2)
    table = turn_columns("main", 100, result.turns)
    v = table.values
    assert table.rows == result.game[:, TURNS].sum() * 2
    assert v["game_id"].min() == 100 and v["game_id"].max() == 109
    assert set(np.unique(v["seat"])) == {0, 1}
    assert v["turn"].min() == 1


# -- a run that keeps its turns ----------------------------------------------------------------


def test_a_run_with_record_turns_writes_turns_beside_games_and_the_same_games(
    reference_run, tmp_path
):
    out = tmp_path / "run"
    run(small(record_turns=True), out, jobs=1)
    pd.testing.assert_frame_equal(games_of(out), games_of(reference_run))
    assert not (reference_run / "turns").exists()
    turns = read_turns(out)
    games = games_of(out)
    lengths = games.groupby("game_id")["turns"].first()
    assert len(turns) == (lengths * 2).sum()
    assert all(f"turns/{p.name}" in manifest.read(out).parts for p in (out / "turns").iterdir())


def test_a_run_without_record_turns_says_how_to_get_them(reference_run):
    with pytest.raises(DatasetError, match="--record-turns"):
        read_turns(reference_run)


def test_a_missing_turns_part_is_played_again_and_a_damaged_one_refused(tmp_path):
    out = tmp_path / "run"
    run(small(record_turns=True), out, jobs=1)
    whole = read_turns(out)
    (out / "turns" / "part-00001.parquet").unlink()
    summary = run(small(record_turns=True), out, jobs=1)
    assert summary.games_played == 60  # the chunk whose turns were lost, and only it
    pd.testing.assert_frame_equal(read_turns(out), whole)
    damaged = out / "turns" / "part-00002.parquet"
    damaged.write_bytes(damaged.read_bytes()[:-50])
    with pytest.raises(DatasetError, match="part-00002"):
        read_turns(out)


def test_record_turns_in_a_file_must_be_true_or_false(tmp_path):
    path = tmp_path / "exp.toml"
    path.write_text('bots = "random"\nrecord_turns = "yes"\n', encoding="utf-8")
    with pytest.raises(ExperimentError, match="field record_turns: expected true or false"):
        load(path)


# -- the report (its text and tables are read, never a chart: written without) ---------------


def test_the_report_of_a_run_that_kept_its_turns_shows_how_the_lead_moves(tmp_path):
    out = tmp_path / "run"
    run(small(record_turns=True), out, jobs=1)
    page = (build_report(out, charts=False) / "index.html").read_text(encoding="utf-8")
    assert '<section id="game-lead">' in page and "How the lead moves" in page
    written = pd.read_csv(out / "report" / "tables" / "lead_metrics.csv")
    games = games_of(out)
    for idol, part in games.groupby("idol"):
        mine = written[(written["idol_id"] == idol)].set_index("metric")
        assert mine.loc["stalled", "games"] == len(part)
        assert mine.loc["comeback", "games"] == part["won"].sum()


def test_the_report_of_a_run_without_its_turns_has_no_lead_section(reference_run, tmp_path):
    page = build_report(reference_run, tmp_path / "page", charts=False)
    page = (page / "index.html").read_text("utf-8")
    assert "game-lead" not in page


def test_the_record_turns_flag_writes_turns_and_the_last_line_names_it(tmp_path):
    out = tmp_path / "cli"
    args = ["simulate", "--games", "40", "--bots", "random", "--out", str(out), "--record-turns"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f"{out}/turns" in result.output.splitlines()[-1]
    assert len(read_turns(out)) == games_of(out).groupby("game_id")["turns"].first().sum() * 2


def test_the_python_api_keeps_and_reads_the_turns_when_asked(tmp_path):
    kept = avarium.simulate(
        avarium.Experiment(bots="random", games=60, seed=2, record_turns=True), tmp_path / "k"
    )
    assert len(kept.turns) == kept.games.groupby("game_id")["turns"].first().sum() * 2
    plain = avarium.simulate(avarium.Experiment(bots="random", games=60, seed=2), tmp_path / "p")
    with pytest.raises(avarium.DatasetError, match="--record-turns"):
        _ = plain.turns
