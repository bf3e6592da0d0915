"""Small samples are honest: an Idol with fewer games than the stated minimum is "not enough
games" (no flag, no estimate of games needed, not in the seat-and-strength model), a player
count with too few decided games gets no model, the summary names Idols that never played and
Idols left out of the pool, and no library warning reaches the terminal."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pandas as pd
import pytest
from avarium.analysis.coverage import pool_of
from avarium.analysis.dataset import Provenance, load_run
from avarium.analysis.flags import MIN_IDOL_GAMES, NOT_ENOUGH, balance_flags
from avarium.analysis.strength import MIN_MODEL_GAMES, seat_and_strength
from avarium.analysis.summary import analyse
from avarium.analysis.synthetic import IDOLS, Plan, synthetic_games, synthetic_run
from avarium.reports.names import readable
from avarium.reports.report import summary_section

from tests.hostile_input.helpers import invoke


def summary_of(run) -> str:
    """The report's summary as plain text, one fact per line."""
    page = (run / "report" / "index.html").read_text(encoding="utf-8")
    summary = page.split('<section id="summary">')[1].split("</section>")[0]
    return re.sub(r"<[^>]+>", "", summary.replace("</li>", "\n")).replace("&#x27;", "'")


def analysed(run):
    data = load_run(run)
    return analyse(data.games, data.cards, pool=pool_of(data.provenance.experiment))


def test_the_minimums_are_stated():
    assert MIN_IDOL_GAMES == 30 and MIN_MODEL_GAMES == 100


def test_an_idol_below_the_minimum_is_not_judged_and_not_in_the_family():
    games, wins = [29, 2_000, 2_000], [29, 1_080, 1_000]
    counts = pd.DataFrame({"players": 2, "idol": ["a", "b", "c"], "games": games, "wins": wins})
    flags = balance_flags(counts).set_index("idol")
    thin = flags.loc["a"]
    assert thin["status"] == NOT_ENOUGH and not thin["flagged"]
    assert pd.isna(thin["p_holm"]) and pd.isna(thin["more_games"])
    # The thin Idol takes no share of Holm's family: the others are judged as if it were absent.
    alone = balance_flags(counts.iloc[1:]).set_index("idol")
    assert flags.loc[["b", "c"], "p_holm"].tolist() == alone["p_holm"].tolist()


def test_an_unsettled_idol_never_needs_0_more_games():
    counts = pd.DataFrame({"players": 2, "idol": ["a", "b"], "games": [30, 31], "wins": [15, 17]})
    flags = balance_flags(counts)
    assert (flags["status"] == "unsettled").all() and (flags["more_games"] >= 1).all()


def test_one_game_says_not_enough_games_and_never_about_0_more(tmp_path):
    run = synthetic_run(tmp_path / "one", 1, Plan(), seed=1)
    result = invoke("report", run)
    assert result.exit_code == 0 and result.stderr == "", result.output
    text = summary_of(run)
    assert "Not enough games to judge (fewer than 30 each" in text
    assert "about 0 more" not in text and "No Idol is outside the band" not in text


def test_ten_games_fit_no_model_and_claim_nothing_with_strengths_taken_out(tmp_path):
    run = synthetic_run(tmp_path / "ten", 10, Plan(), seed=1)
    result = invoke("report", run)
    assert result.exit_code == 0 and result.stderr == "", result.output
    text = summary_of(run)
    assert "with Idol strengths taken out" not in text
    assert "Seat-and-strength model, 2 players: not fitted, since it needs 100" in text
    analysis = analysed(run)
    assert analysis.tables["idol_strength"].empty and analysis.tables["seat_model"].empty


def test_three_games_name_the_idols_that_never_played(tmp_path):
    run = synthetic_run(tmp_path / "three", 3, Plan(), seed=1)
    analysis = analysed(run)
    played = set(load_run(run).games["idol"].astype(str))
    assert set(analysis.never_played) == set(IDOLS) - played and analysis.never_played
    assert invoke("report", run).exit_code == 0
    text = summary_of(run)
    # By name (a synthetic run's set cannot be read again, so made from the ids).
    named = [readable(i) for i in analysis.never_played]
    assert "Never played: " + ", ".join(named) in text


def test_an_idol_left_out_of_the_pool_is_named():
    games = synthetic_games(40, Plan(idols=IDOLS[:3]), seed=1)
    analysis = analyse(games, pd.DataFrame(), pool=list(IDOLS[:3]), set_idols=list(IDOLS))
    assert analysis.left_out == list(IDOLS[3:]) and analysis.never_played == []
    html = summary_section(analysis, load_provenance_stub()).paragraphs[0]
    assert "Left out of the Idol pool: " + ", ".join(IDOLS[3:]) in html


def load_provenance_stub():
    return Provenance(run=Path("stub"), verified=True)


def test_a_real_run_names_the_idols_its_pool_left_out(tmp_path):
    out = tmp_path / "three"
    played = invoke("simulate", "--games", "12", "--idols", "touka,raj,kitty", "--out", out,
                    "-q", "-j", "1")  # fmt: skip
    assert played.exit_code == 0, played.output
    result = invoke("report", out)
    assert result.exit_code == 0 and result.stderr == "", result.output
    text = summary_of(out)
    assert "Left out of the Idol pool: AMYBA, Sebastian WOLFGANG" in text  # the set's names
    assert "Never played" not in text


def test_an_idol_with_few_games_is_left_out_of_the_model_and_said_so():
    # Lourvarius Love is seldom seated: a handful of its 4,000 games' seats, far under 30.
    plan = Plan(seat_weight={"lourvarius_love": (0.004, 0.004)})
    games = synthetic_games(4_000, plan, seed=5)
    tables = seat_and_strength(games)
    assert "lourvarius_love" not in set(tables.idols["idol"])
    assert any("left out lourvarius_love" in note for note in tables.notes)


@pytest.mark.parametrize("n_games", [1, 3, 10, 60])
def test_no_library_warning_escapes_the_analysis(n_games):
    games = synthetic_games(n_games, Plan(players={2: 0.5, 4: 0.5}), seed=n_games)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        analysis = analyse(games, pd.DataFrame())
    assert [str(w.message) for w in caught] == []
    assert all(isinstance(n, str) and n.endswith(".") for n in analysis.notes)


def test_a_strength_the_games_cannot_bound_is_a_note():
    # Kumara RAJ wins every game it plays: its strength runs off to infinity.
    games = synthetic_games(3_000, Plan(strength={"kumara_raj": 40.0}), seed=6)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        analysis = analyse(games, pd.DataFrame())
    assert caught == []
    unbounded = "kumara_raj won all or none of its decided games"
    assert any(unbounded in note for note in analysis.notes), analysis.notes
