"""The heuristic answers the threat it can see when its profile weighs threats (`race`,
`menace`, `guard`, `keep_ready`), and plays as before when they are 0.

TOUKA wins the instant she has expelled 6 Students. The positions below are the same but for
how many she has expelled: 5 (one expulsion from her Win-Con) or 0. The threat-aware profile
here is the balanced one with `race` set; heuristic.balanced has every threat weight at 0.
"""

from __future__ import annotations

import pytest
from avarium.runner.batch import Chooser
from avarium.simulator.engine import layout as L
from avarium.simulator.game.scenario import scenario
from avarium.strategies import bot_spec
from avarium.strategies.profiles import BUNDLED, load
from avarium.strategies.weights import NAMES

SEEDS = (0, 1, 2)


@pytest.fixture(scope="module")
def aware(tmp_path_factory):
    """A profiles file with `aware`: balanced, answering the race to a Win-Con (race 1.5)."""
    text = BUNDLED.read_text(encoding="utf-8")
    balanced = text[text.index("[balanced]") :].split("\n\n")[0]
    path = tmp_path_factory.mktemp("profiles") / "profiles.toml"
    aware = balanced.replace("[balanced]", "[aware]").replace("race = 0", "race = 1.5")
    path.write_text(text + "\n" + aware + "\n", encoding="utf-8")
    return path


def chosen(game, bot: str, profiles) -> list[str]:
    out = []
    for seed in SEEDS:
        chooser = Chooser(game, [bot_spec(bot, profiles)] * game.players, seed)
        out.append(game.action_name(chooser(game, game.legal_actions())))
    return out


def touka_position(bundled, mine: str, hers: str, expelled: int):
    game = scenario(f"p0: idol raj | rep 0 | class {mine}\np1: idol touka | class {hers}", bundled)
    game.state[L.ROW_SEAT + 1, L.P_N_EXPELLED] = expelled  # Students she has expelled so far
    return game


@pytest.mark.parametrize(
    ("mine", "hers"),
    [("karate black belt", "space cadet"), ("sculptor", "goalkeeper")],
)
def test_it_attacks_touka_one_expulsion_from_her_win_con_where_balanced_does_not(
    bundled, aware, mine, hers
):
    """Balanced ends its turn (the fight is not worth its risk by its weights); the aware bot
    fights, and leads with its Idol: fight damage costs an Idol Merit, it never expels it, so
    TOUKA cannot take her sixth expulsion from the fight. Far from her Win-Con, it ends its
    turn like balanced."""
    near = touka_position(bundled, mine, hers, 5)
    assert chosen(near, "heuristic.balanced", aware) == ["end turn"] * len(SEEDS)
    assert chosen(near, "heuristic.aware", aware) == ["fight: Kumara RAJ leads"] * len(SEEDS)
    # the shipped tuned profile answers her too (it fights with its Idol whatever her count)
    assert chosen(near, "heuristic.tuned", aware) == ["fight: Kumara RAJ leads"] * len(SEEDS)
    far = touka_position(bundled, mine, hers, 0)
    assert chosen(far, "heuristic.aware", aware) == ["end turn"] * len(SEEDS)


def test_it_does_not_lead_a_student_touka_would_expel_for_her_win(bundled, aware):
    """Sculptor (4/5) into Dojo Senpai (5/6): Senpai's 5 expels Sculptor. Balanced takes the
    fight whatever TOUKA's count; one expulsion from her Win-Con, the aware bot will not hand
    her the sixth, and sends its Idol instead."""
    near = touka_position(bundled, "sculptor", "dojo senpai", 5)
    assert chosen(near, "heuristic.balanced", aware) == ["fight: Sculptor leads"] * len(SEEDS)
    assert chosen(near, "heuristic.aware", aware) == ["fight: Kumara RAJ leads"] * len(SEEDS)


def test_every_hand_set_profile_gives_every_threat_weight_0():
    """So they play the very games they played before the threat weights (the digests of
    tests/test_same_games_as_before.py hold them to it): all but the tuned profile and the
    search's, which copies the tuned profile's heuristic weights (tests/test_strategies.py), as the
    search with a learned value does, and the tuned profile's leader-targeting copy
    (tests/bots/test_targeting.py)."""
    threat = ("race", "menace", "guard", "keep_ready")
    for name, vector in load(None).items():
        if name in ("tuned", "tuned_leader", "mcts", "learned"):  # fitted, and copies of it
            continue
        weights = dict(zip(NAMES, vector.tolist(), strict=True))
        assert all(weights[w] == 0 for w in threat), name


def test_a_profile_file_written_before_the_threat_weights_still_loads(tmp_path):
    text = BUNDLED.read_text(encoding="utf-8")
    old = "\n".join(
        line
        for line in text.splitlines()
        if not line.startswith(("race =", "menace =", "guard =", "keep_ready ="))
    )
    path = tmp_path / "old.toml"
    path.write_text(old, encoding="utf-8")
    assert load(path)["balanced"].tolist() == load(None)["balanced"].tolist()
