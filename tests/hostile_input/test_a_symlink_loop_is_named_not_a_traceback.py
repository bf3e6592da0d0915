"""A symbolic link loop given as a card set, a patch or a profiles file is named as one, as
`cards validate` names it, by every command and by the Python API: pathlib's resolve() raised a
RuntimeError where a run records the path (issue 39, item 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from avarium.runner.experiment import ExperimentError
from avarium.simulator.fileio import absolute

from avarium import Experiment
from tests.hostile_input.helpers import invoke

LOOP = "a symbolic link loop"


@pytest.fixture
def loop(tmp_path):
    path = tmp_path / "loop.toml"
    path.symlink_to(path.name)  # a link to itself
    return path


def refused(result, out=None) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert LOOP in result.output, result.output
    assert result.output.splitlines()[-1].startswith("error: ")
    assert out is None or not out.exists()


@pytest.mark.parametrize("flag", ["--cards", "--patch", "--profiles"])
def test_a_symlink_loop_given_to_simulate_is_named(tmp_path, loop, flag):
    out = tmp_path / "run"
    refused(invoke("simulate", flag, loop, "--games", 100, "--out", out), out)


@pytest.mark.parametrize(
    "command",
    [
        ["sweep", "--set", "raj.merit=16,18"],
        ["tune-bonus", "--max-bonus", "1"],
    ],
    ids=lambda c: c[0],
)
@pytest.mark.parametrize("flag", ["--cards", "--patch"])
def test_a_symlink_loop_given_to_sweep_and_tune_bonus_is_named(tmp_path, loop, command, flag):
    out = tmp_path / "run"
    refused(invoke(*command, flag, loop, "--out", out), out)


def test_a_symlink_loop_as_compare_sequential_patch_is_named(tmp_path, loop):
    experiment = tmp_path / "a.toml"
    experiment.write_text("games = 100\n", encoding="utf-8")
    refused(invoke("compare", "--sequential", experiment, "--patch", loop))


def test_a_symlink_loop_as_an_experiment_files_cards_is_named(tmp_path, loop):
    experiment = tmp_path / "e.toml"
    experiment.write_text(f'cards = "{loop.name}"\ngames = 100\n', encoding="utf-8")
    out = tmp_path / "run"
    refused(invoke("simulate", "--config", experiment, "--out", out), out)


@pytest.mark.parametrize("field", ["cards", "patches", "profiles"])
def test_a_symlink_loop_in_the_python_api_is_an_experiment_error(loop, field):
    value = [str(loop)] if field == "patches" else str(loop)
    with pytest.raises(ExperimentError, match=LOOP):
        Experiment(**{field: value}).resolve()


@pytest.mark.parametrize("length", [1, 2, 5])
def test_a_loop_of_any_length_is_made_absolute_as_written(tmp_path, monkeypatch, length):
    links = [tmp_path / f"link{i}" for i in range(length)]
    for i, link in enumerate(links):
        link.symlink_to(links[(i + 1) % length].name)
    monkeypatch.chdir(tmp_path)
    assert absolute(Path(links[0].name)) == links[0]
