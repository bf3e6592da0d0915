"""The Python API (`import avarium`) takes numpy integers and arrays where it takes Python ints
and lists, and refuses every other wrong type or value with a TypeError or ValueError whose
message starts with the argument's name (simulator/arguments.py), never with the words of the
first library to touch the value."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from avarium.simulator import arguments
from hypothesis import given, settings
from hypothesis import strategies as st

import avarium

SPEC = {"players": [{"idol": "touka"}, {"idol": "raj"}]}


def _experiment(**fields):
    return avarium.Experiment(**({"games": 10, "bots": "random"} | fields)).resolve()


REFUSED = [
    ("load_cards(path=5)", lambda: avarium.load_cards(5), TypeError, "path:"),
    ("load_cards(set=5)", lambda: avarium.load_cards(set=5), TypeError, "set:"),
    ("load_cards(set=[5])", lambda: avarium.load_cards(set=[5]), TypeError, "set:"),
    ("load_cards(patch=None)", lambda: avarium.load_cards(patch=None), TypeError, "patch:"),
    ("new_game(cards=1.5)", lambda: avarium.new_game(cards=1.5), TypeError, "cards:"),
    ("new_game(idols='touka')", lambda: avarium.new_game(idols="touka"), TypeError, "idols:"),
    ("new_game(idols=[5, 6])", lambda: avarium.new_game(idols=[5, 6]), TypeError, "idols:"),
    ("new_game(seed=-5)", lambda: avarium.new_game(seed=-5), ValueError, "seed:"),
    ("new_game(seed=1.5)", lambda: avarium.new_game(seed=1.5), TypeError, "seed:"),
    ("new_game(rules='x')", lambda: avarium.new_game(rules="x"), TypeError, "rules:"),
    ("new_game(bonus=5)", lambda: avarium.new_game(bonus=5), TypeError, "bonus:"),
    ("new_game(bonus=['a', 'b'])", lambda: avarium.new_game(bonus=["a", "b"]), TypeError, "bonus"),
    ("new_game(bonus=[1])", lambda: avarium.new_game(bonus=[1]), ValueError, "bonus:"),
    ("scenario(123)", lambda: avarium.scenario(123), TypeError, "spec:"),
    ("scenario(None)", lambda: avarium.scenario(None), TypeError, "spec:"),
    ("scenario(rules=5)", lambda: avarium.scenario(SPEC, rules=5), TypeError, "rules:"),
    ("scenario(cards=5)", lambda: avarium.scenario(SPEC, cards=5), TypeError, "cards:"),
    ("scenario(seed=-5)", lambda: avarium.scenario(SPEC, seed=-5), ValueError, "seed:"),
    ("Rules(max_turns='x')", lambda: avarium.Rules(max_turns="x"), TypeError, "max_turns:"),
    ("Rules(max_turns=0)", lambda: avarium.Rules(max_turns=0), ValueError, "max_turns:"),
    ("Rules(bonuses=5)", lambda: avarium.Rules(bonuses=5), TypeError, "bonuses:"),
    ("Experiment(rules='x')", lambda: _experiment(rules="x"), TypeError, "rules:"),
    ("Experiment(rules=[1])", lambda: _experiment(rules=[1]), TypeError, "rules:"),
    ("Experiment(bonus=5)", lambda: _experiment(bonus=5), ValueError, "field bonus:"),
    ("Experiment(sets=5)", lambda: _experiment(sets=5), TypeError, "sets:"),
    ("Experiment(patches=5)", lambda: _experiment(patches=5), TypeError, "patches:"),
    ("Experiment(cards=5)", lambda: _experiment(cards=5), TypeError, "cards:"),
    ("Experiment(profiles=5)", lambda: _experiment(profiles=5), TypeError, "profiles:"),
    ("Experiment(variants=5)", lambda: _experiment(variants=5), TypeError, "variants:"),
    ("Experiment(variants='x')", lambda: _experiment(variants="x"), TypeError, "variants:"),
    ("Experiment(variants=[5])", lambda: _experiment(variants=[5]), TypeError, "variants[0]:"),
    ("play_games(jobs='x')", lambda: avarium.play_games(games=5, jobs="x"), TypeError, "jobs:"),
    ("play_games(jobs=0)", lambda: avarium.play_games(games=5, jobs=0), ValueError, "jobs:"),
    ("simulate('notexp')", lambda: avarium.simulate("notexp", "out"), TypeError, "experiment:"),
    ("simulate(out=123)", lambda: avarium.simulate(avarium.Experiment(), 123), TypeError, "out:"),
    ("load_run(123)", lambda: avarium.load_run(123), TypeError, "path:"),
    ("load_run(b'x')", lambda: avarium.load_run(b"x"), TypeError, "path:"),
    ("Run.report(out=123)", lambda: avarium.Run("r").report(123), TypeError, "out:"),
    ("Run.report(band=(1,))", lambda: avarium.Run("r").report(band=(1,)), TypeError, "band:"),
    ("band=(.6, .4)", lambda: avarium.Run("r").report(None, (0.6, 0.4)), ValueError, "band:"),
    ("Run.report(charts='no')", lambda: avarium.Run("r").report(charts="no"), TypeError, "charts:"),
]


@pytest.mark.parametrize(
    ("call", "kind", "name"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_a_wrong_argument_is_refused_by_its_name_with_a_type_or_value_error(
    call, kind, name, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(kind) as caught:
        call()
    assert name in str(caught.value).splitlines()[0], str(caught.value)
    assert "iterable" not in str(caught.value) and "dictionary update" not in str(caught.value)


NUMPY_INTEGERS = st.sampled_from([np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16])


@settings(max_examples=15, deadline=None)
@given(kind=NUMPY_INTEGERS, games=st.integers(1, 100), seed=st.integers(0, 100))
def test_an_experiment_takes_numpy_integers_and_arrays_as_python_ints_and_lists(kind, games, seed):
    plain = _experiment(games=games, seed=seed, bonus=[0, 2], chunk_size=games)
    numpy = _experiment(
        games=kind(games), seed=kind(seed), bonus=np.array([0, 2], kind), chunk_size=kind(games)
    )
    assert numpy.to_json() == plain.to_json()


def test_rules_take_numpy_integers_as_python_ints():
    rules = avarium.Rules(max_turns=np.int64(120), bonuses={np.int64(2): np.array([0, 1])})
    assert rules == avarium.Rules(max_turns=120, bonuses={2: (0, 1)})
    assert type(rules.max_turns) is int


ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.binary(max_size=5),
    st.lists(st.integers(), max_size=3),
    st.builds(np.int64, st.integers(-(2**63), 2**63 - 1)),
)


@given(value=ANYTHING)
def test_a_whole_number_argument_is_an_int_or_a_named_type_or_value_error(value):
    try:
        got = arguments.whole("games", value, 1, 1000)
    except (TypeError, ValueError) as exc:
        assert str(exc).startswith("games: expected a whole number from 1 to 1,000, got ")
    else:
        assert type(got) is int and 1 <= got <= 1000 and got == value


@given(value=ANYTHING)
def test_a_path_argument_is_a_path_or_a_named_type_error(value):
    try:
        got = arguments.path("out", value, "a run directory")
    except TypeError as exc:
        assert str(exc).startswith("out: expected a run directory")
    else:
        assert got == Path(value)
