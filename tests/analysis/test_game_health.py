"""Game-health metrics on hand-built games whose answers are worked out by hand."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from avarium.analysis.game_health import bootstrap_mean, lead_changes, lead_metrics, leaders
from avarium.analysis.proportions import wilson


def built(games: list[tuple]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """games: (game_id, reason, winner seat or None, [(Idol, [Merit per turn]) per seat])."""
    game_rows, turn_rows = [], []
    for game_id, reason, winner, seats in games:
        for seat, (idol, merit) in enumerate(seats):
            game_rows.append(("main", game_id, 2, seat, idol, seat == winner, reason, len(merit)))
            turn_rows += [(game_id, t + 1, seat, m, 0) for t, m in enumerate(merit)]
    columns = ["variant", "game_id", "players", "seat", "idol", "won", "reason", "turns"]
    frame = pd.DataFrame(game_rows, columns=columns)
    for name in ("variant", "idol", "reason"):
        frame[name] = frame[name].astype("category")
    turns = pd.DataFrame(turn_rows, columns=["game_id", "turn", "seat", "merit", "reputation"])
    return frame, turns


# A wins game 1 from behind (leaders by turn: A, B, B, A), game 2 stalls level, A wins game 3
# leading throughout.
GAMES = [
    (1, "school out", 0, [("amyba", [5, 3, 3, 6]), ("coral", [4, 6, 6, 2])]),
    (2, "stalled", None, [("coral", [5, 5]), ("amyba", [5, 5])]),
    (3, "last standing", 0, [("amyba", [6, 7, 8]), ("coral", [5, 5, 0])]),
]


def health() -> pd.DataFrame:
    table = lead_metrics(*built(GAMES))
    return table.set_index(["idol", "metric"])


def test_the_leader_is_the_seat_with_the_most_merit_and_a_tie_has_none():
    _, turns = built(GAMES)
    lead = leaders(turns)
    assert lead[lead["game_id"] == 1]["leader"].tolist() == [0, 1, 1, 0]
    assert lead[lead["game_id"] == 2]["leader"].tolist() == [-1, -1]


def test_lead_changes_count_each_pass_of_the_lead_and_a_tie_between_is_no_change():
    _, turns = built(
        [
            (1, "school out", 0, [("amyba", [5, 3, 3, 6]), ("coral", [4, 6, 6, 2])]),
            (2, "school out", 0, [("amyba", [5, 5, 6]), ("coral", [4, 5, 2])]),
            (3, "school out", 1, [("amyba", [5, 5, 2]), ("coral", [4, 5, 6])]),
        ]
    )
    assert lead_changes(leaders(turns)).to_dict() == {1: 2, 2: 0, 3: 1}


def test_each_metric_of_an_idol_has_its_hand_worked_value():
    table = health()
    amyba = table.loc["amyba", "value"]
    assert amyba["lead_changes"] == pytest.approx(2 / 3)
    assert amyba["led_for_good_after"] == pytest.approx((3 / 4 + 0) / 2)
    assert amyba["comeback"] == pytest.approx(1 / 2)  # behind 3 to 6 on turn 2 of 4
    assert amyba["margin"] == pytest.approx((4 + 8) / 2)
    assert amyba["stalled"] == pytest.approx(1 / 3)
    assert amyba["draw"] == 0


def test_the_winners_measures_count_wins_and_the_others_count_games():
    table = health()
    assert table.loc[("amyba", "comeback"), "games"] == 2
    assert table.loc[("amyba", "stalled"), "games"] == 3
    assert ("coral", "margin") not in table.index  # Coral won nothing
    assert table.loc[("coral", "lead_changes"), "value"] == pytest.approx(2 / 3)


def test_a_share_has_its_wilson_interval():
    row = health().loc[("amyba", "stalled")]
    lo, hi = wilson(1, 3)
    assert (row["lo"], row["hi"]) == pytest.approx((float(lo), float(hi)))


def test_the_bootstrap_interval_holds_the_mean_and_narrows_with_more_games():
    rng = np.random.default_rng(1)
    few, many = rng.integers(0, 5, 50), rng.integers(0, 5, 5000)
    lo, hi = bootstrap_mean(few)
    assert lo < few.mean() < hi
    wide = hi - lo
    lo, hi = bootstrap_mean(many)
    assert lo < many.mean() < hi and hi - lo < wide / 5
    assert bootstrap_mean(np.full(30, 2.0)) == (2.0, 2.0)


def test_a_winner_that_never_leads_on_the_last_turn_led_for_good_after_the_whole_game():
    games, turns = built([(1, "wincon", 1, [("amyba", [6, 6, 6]), ("coral", [4, 5, 5])])])
    table = lead_metrics(games, turns).set_index(["idol", "metric"])
    assert table.loc[("coral", "led_for_good_after"), "value"] == 1.0
    assert table.loc[("coral", "margin"), "value"] == -1
