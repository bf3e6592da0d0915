"""Whom the heuristic attacks: a profile's `targeting` is "fitted" (the weights choose among every
enemy) or "leader" (only the enemy closest to winning is attacked). `heuristic.tuned_leader` is
`heuristic.tuned` with the leader rule and nothing else.

The positions: three players, RAJ with a Karate Black Belt facing KITTY and TOUKA. TOUKA wins the
instant she has expelled 6 Students; at 5 she is the enemy closest to winning.
"""

from __future__ import annotations

import numpy as np
import pytest
from avarium.runner.batch import Chooser
from avarium.simulator.engine import layout as L
from avarium.simulator.game.scenario import scenario
from avarium.strategies import bot_spec, targeting_pairs
from avarium.strategies.profiles import ProfileError, load
from avarium.strategies.weights import NAMES, W_TARGETING
from avarium.workflows.tune_bot import profile_toml

SEEDS = (0, 1, 2)


def fight_chosen(game, bot: str) -> list[str]:
    """The fight each seed's bot declares and the target it then attacks."""
    out = []
    for seed in SEEDS:
        g = game()
        chooser = Chooser(g, [bot_spec(bot)] * g.players, seed)
        declared = chooser(g, g.legal_actions())
        named = g.action_name(declared)
        if named.startswith("fight"):
            g.step(declared)
            named += " > " + g.action_name(chooser(g, g.legal_actions()))
        out.append(named)
    return out


def table(bundled, kitty: str, touka: str, expelled: int):
    def game():
        text = f"p0: idol raj | rep 0 | class karate black belt\np1: idol kitty | class {kitty}\n"
        g = scenario(text + f"p2: idol touka | class {touka}", bundled)
        g.state[L.ROW_SEAT + 2, L.P_N_EXPELLED] = expelled  # Students she has expelled so far
        return g

    return game


def test_the_leader_rule_attacks_touka_one_expulsion_from_her_win_con_where_fitted_attacks_kitty(
    bundled,
):
    game = table(bundled, "space cadet", "theory club nerd", 5)
    fitted = "fight: Karate Black Belt leads > attack Space Cadet"
    assert fight_chosen(game, "heuristic.tuned") == [fitted] * len(SEEDS)
    leader = "fight: Kumara RAJ leads > attack Theory Club Nerd"
    assert fight_chosen(game, "heuristic.tuned_leader") == [leader] * len(SEEDS)


def test_the_leader_rule_spares_the_others_when_the_leader_offers_no_fight_worth_it(bundled):
    game = table(bundled, "theory club nerd", "goalkeeper", 5)
    fitted = "fight: Kumara RAJ leads > attack Theory Club Nerd"
    assert fight_chosen(game, "heuristic.tuned") == [fitted] * len(SEEDS)
    assert fight_chosen(game, "heuristic.tuned_leader") == ["end turn"] * len(SEEDS)


def test_with_touka_far_from_her_win_con_both_rules_attack_the_same_card(bundled):
    game = table(bundled, "space cadet", "theory club nerd", 0)
    assert fight_chosen(game, "heuristic.tuned_leader") == fight_chosen(game, "heuristic.tuned")


def test_the_shipped_leader_profile_is_the_tuned_profile_but_for_its_targeting():
    profiles = load(None)
    tuned, leader = profiles["tuned"], profiles["tuned_leader"]
    differs = [NAMES[i] for i in np.flatnonzero(tuned != leader)]
    assert differs == ["targeting"]
    assert leader[W_TARGETING] == 1.0
    # every other shipped profile plays by the fitted rule, as before the setting existed
    assert all(v[W_TARGETING] == 0.0 for name, v in profiles.items() if name != "tuned_leader")


def test_a_run_finds_the_pairs_of_bots_that_differ_by_their_targeting_alone():
    specs = ["heuristic", "heuristic.tuned", "heuristic.tuned_leader", "mcts/20", "random"]
    assert targeting_pairs(specs) == [("heuristic.tuned", "heuristic.tuned_leader")]
    assert targeting_pairs(["heuristic.balanced", "heuristic.tuned_leader"]) == []


@pytest.mark.parametrize("value", ["1", '"closest"', "true"])
def test_targeting_is_a_word_and_anything_else_names_the_file_the_profile_and_the_words(
    tmp_path, value
):
    text = profile_toml("mine", dict(zip(NAMES, load(None)["tuned"].tolist(), strict=True)))
    path = tmp_path / "profiles.toml"
    path.write_text(text.replace('targeting = "fitted"', f"targeting = {value}"), "utf-8")
    with pytest.raises(ProfileError) as error:
        load(path)
    message = str(error.value)
    assert str(path) in message and "[mine]" in message
    assert '\'targeting\' must be "fitted" or "leader"' in message


def test_a_profile_written_back_keeps_its_targeting_word(tmp_path):
    weights = dict(zip(NAMES, load(None)["tuned_leader"].tolist(), strict=True))
    text = profile_toml("copy", weights)
    assert 'targeting = "leader"' in text
    path = tmp_path / "profiles.toml"
    path.write_text(text, "utf-8")
    assert np.array_equal(load(path)["copy"], load(None)["tuned_leader"])
