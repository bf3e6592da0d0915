"""The Python API (`import avarium`, docs/python.md): every call, as a notebook user makes it."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest
from avarium.analysis.dataset import EVERY_GAMES_COLUMN

import avarium


@pytest.fixture(scope="module")
def played():
    return avarium.play_games(bots="random", games=300, seed=5)


def test_importing_avarium_loads_neither_the_engine_nor_pandas():
    code = (
        "import sys, avarium; "
        "print(sorted(m for m in ('numba', 'pyarrow', 'pandas') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_play_games_returns_the_games_table_in_memory(played, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert isinstance(played, pd.DataFrame)
    assert list(played.columns) == list(EVERY_GAMES_COLUMN)  # docs/data-schema.md, whole
    assert len(played) == 600  # two seats a game
    assert played["game_id"].nunique() == 300
    assert played.groupby("game_id")["won"].sum().le(1).all()  # one winner at most
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_play_games_plays_the_same_games_as_simulate(played, tmp_path):
    run = avarium.simulate(avarium.Experiment(bots="random", games=300, seed=5), tmp_path / "r")
    assert run.summary.games_played == 300
    pd.testing.assert_frame_equal(played, run.games)
    assert avarium.load_run(tmp_path / "r").games.equals(run.games)


def test_the_same_seed_gives_the_same_games_and_another_seed_other_games(played):
    again = avarium.play_games(bots="random", games=300, seed=5)
    pd.testing.assert_frame_equal(played, again)
    other = avarium.play_games(bots="random", games=300, seed=6)
    assert not other["game_seed"].equals(played["game_seed"])


def test_play_games_takes_games_per_pairing_instead_of_games():
    games = avarium.play_games(bots="random", games_per_pairing=2, seed=5)
    assert games["game_id"].nunique() == 2 * 8 * 7  # every ordered pairing of eight Idols twice
    assert avarium.play_games(bots="random", seed=5)["game_id"].nunique() == 1_000  # else 1,000


def test_play_games_takes_tiers_instead_of_bots():
    games = avarium.play_games(tiers=["random", "heuristic"], games=20, seed=5)
    assert sorted(games["variant"].unique()) == ["heuristic.balanced", "random"]  # a tier each
    deals = games.groupby("variant", observed=True)["game_seed"].apply(frozenset)
    assert deals.nunique() == 1  # every tier plays the same deals


def test_a_card_set_loaded_with_overrides_plays_with_them(played):
    weak = avarium.load_cards(set="kumara_raj.merit=3")
    assert weak["kumara_raj"].merit == 3
    games = avarium.play_games(weak, bots="random", games=300, seed=5)

    def raj(frame):
        return frame[frame["idol"] == "kumara_raj"]["won"].mean()

    assert raj(games) < raj(played)


def test_experiment_errors_name_fields_not_flags():
    with pytest.raises(avarium.ExperimentError) as caught:
        avarium.play_games(games=0, players=7)
    text = str(caught.value)
    assert "field games" in text and "field players" in text
    assert "--" not in text
    with pytest.raises(ValueError, match=r"^jobs: expected"):
        avarium.play_games(games=10, jobs=0)


def test_bad_cards_name_the_card_and_the_field():
    with pytest.raises(avarium.CardSetError, match="merit"):
        avarium.load_cards(set="kumara_raj.merit=-4")


@pytest.fixture(scope="module")
def reported(tmp_path_factory):
    """A run and the report it wrote of itself, charts and all: both report tests only read it
    (a charted report is most of their CPU)."""
    out = tmp_path_factory.mktemp("reported") / "r"
    run = avarium.simulate(avarium.Experiment(bots="random", games=200, seed=1), out)
    return out, run, run.report()


def test_a_run_reports_itself(reported):
    out, _, page = reported
    assert (page / "index.html").is_file()
    assert page == out / "report"


def test_a_run_reports_itself_without_charts_on_request(reported, tmp_path):
    _, run, charted = reported
    bare = run.report(tmp_path / "bare", charts=False)
    assert any((charted / "charts").iterdir()) and not (bare / "charts").exists()
    tables = sorted(p.name for p in (charted / "tables").iterdir())
    assert sorted(p.name for p in (bare / "tables").iterdir()) == tables


def test_load_run_refuses_a_directory_that_is_not_a_run(tmp_path):
    with pytest.raises(avarium.DatasetError, match="no run here"):
        avarium.load_run(tmp_path)


def test_one_game_as_the_python_guide_plays_it():
    game = avarium.new_game(avarium.load_cards(), idols=["touka", "raj"], seed=7)
    names = [game.action_name(a) for a in game.legal_actions()]
    assert names == [
        "end turn",
        "recruit Pep Squad Rookie",
        "recruit Track Ace",
        "play Prank Call paying Reputation",
    ]  # docs/python.md, "One game"
    game.play("recruit Track Ace")
    assert not game.is_terminal()


def test_a_game_takes_its_cards_by_path_or_bundled_name():
    assert avarium.new_game("prototype-v1").cards["kumara_raj"].merit == 18  # version 1
    assert avarium.scenario("p0: idol touka\np1: idol raj", cards="prototype-v1").cards.path
    with pytest.raises(avarium.CardSetError, match="no/such: error: no such file"):
        avarium.new_game("no/such")


def test_the_facade_names_what_it_exports():
    assert {"load_cards", "new_game", "scenario", "play_games", "Experiment"} <= set(
        avarium.__all__
    )
    game = avarium.new_game(avarium.load_cards(), ["touka", "raj"], seed=2)
    assert not game.is_terminal()
    with pytest.raises(AttributeError):
        avarium.no_such_call  # noqa: B018


def test_the_ladder_from_python_is_the_commands():
    """`avarium.ladder` is the workflow `avarium ladder` runs: the same games, the same tables."""
    import json

    from typer.testing import CliRunner

    from avarium.cli.main import app

    ranking = avarium.ladder("random,heuristic", rounds=1, seed=3)
    command = CliRunner().invoke(
        app, ["ladder", "--bots", "random,heuristic", "--rounds", "1", "--seed", "3", "--json"]
    )
    assert command.exit_code == 0, command.output
    printed, returned = json.loads(command.stdout), ranking.as_dict()
    for key in ("bots", "matches", "ratings", "first_seat", "games", "stalled", "longest_game"):
        assert printed[key] == returned[key], key
    assert set(ranking.ratings["bot"]) == {"random", "heuristic.balanced"}
    with pytest.raises(ValueError, match=r"^bots: expected two bot names or more"):
        avarium.ladder(["random"])
