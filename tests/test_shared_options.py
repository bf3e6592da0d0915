"""The options every command that plays or writes shares (avarium/cli/common.py): the same
names, short forms, defaults and help everywhere; `--json` prints one JSON object and nothing
else on stdout; a progress bar on stderr for everything that takes a while, silent under
--quiet; headlines in the terminal after `compare`; a note, not raw warnings, from `ladder`."""

from __future__ import annotations

import json
import warnings

import pytest
import rich.console
import typer
from avarium.runner import runner as run_module
from typer.testing import CliRunner

from avarium.cli.common import jobs_to_use
from avarium.cli.main import app

cli = CliRunner()

# Which shared options each command takes: --jobs where games are played in parallel, --seed
# where games are dealt, --quiet where there is a bar to silence, --json where there is a result
# to read, --out where something is written, --no-charts where a run's report is written (a
# balance search's page has no chart). bench times one process per core (no --jobs) and `play`
# prints one game's transcript (no bar, no JSON).
SHARED = {
    "simulate": {"--jobs", "--seed", "--quiet", "--json", "--out"},
    "tune-bonus": {"--jobs", "--seed", "--quiet", "--json", "--out", "--no-charts"},
    "sweep": {"--jobs", "--seed", "--quiet", "--json", "--out", "--no-charts"},
    "balance": {"--jobs", "--seed", "--quiet", "--json", "--out"},
    "train": {"--jobs", "--seed", "--quiet", "--json", "--out"},
    "ladder": {"--jobs", "--seed", "--quiet", "--json"},
    "head-to-head": {"--jobs", "--seed", "--quiet", "--json"},
    "check": {"--jobs", "--seed"},
    "bench": {"--seed", "--quiet", "--json"},
    "report": {"--quiet", "--json", "--out", "--no-charts"},
    # compare plays games only with --sequential, which deals them (--seed) on workers (--jobs)
    "compare": {"--jobs", "--seed", "--quiet", "--json", "--out"},
    "play": {"--seed"},
    "scenario": {"--seed"},
    "cards docs": {"--out"},
}
SHORT = {"--jobs": "-j", "--quiet": "-q", "--out": "-o"}
# The reports below are read for their terminal and JSON, never a chart: written without.
BARE = ("--no-charts",)


def _command(path: str):
    command = typer.main.get_command(app)
    for name in path.split():
        command = command.commands[name]
    return command


def _options(path: str) -> dict[str, object]:
    return {opt: p for p in _command(path).params for opt in p.opts}


@pytest.mark.parametrize("path", sorted(SHARED))
def test_every_command_that_plays_or_writes_takes_the_shared_options(path):
    options = _options(path)
    for name in SHARED[path]:
        assert name in options, f"{path} has no {name}"
        if name in SHORT:
            assert SHORT[name] in options[name].opts, f"{path} {name} has no {SHORT[name]}"
    if "--jobs" in SHARED[path]:
        assert options["--jobs"].default is None  # None: every usable core (jobs_to_use)


@pytest.mark.parametrize("name", ["--jobs", "--seed", "--quiet", "--json", "--no-charts"])
def test_a_shared_option_reads_the_same_on_every_command(name):
    helps = {_options(path)[name].help for path in SHARED if name in SHARED[path]}
    assert len(helps) == 1, helps


def test_jobs_default_to_every_usable_core_and_more_are_capped_with_a_note(capsys):
    assert jobs_to_use(None) == run_module.usable_cores()
    assert jobs_to_use(run_module.usable_cores() + 5) == run_module.usable_cores()
    assert "note: --jobs: " in capsys.readouterr().err


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Two small runs on the same deals: B plays Raj with 40 Merit and another bonus."""
    root = tmp_path_factory.mktemp("runs")
    base = ["simulate", "--games", "300", "--strategy", "heuristic", "-j", "1", "-q"]
    base += ["--idols", "touka,raj,coral"]
    a = cli.invoke(app, [*base, "-o", str(root / "a")])
    b = cli.invoke(app, [*base, "-o", str(root / "b"), "--set", "raj.merit=40", "--bonus", "0,1"])
    assert a.exit_code == 0 and b.exit_code == 0, a.output + b.output
    return root / "a", root / "b"


def test_compare_says_what_differs_what_moved_and_where_the_page_is(runs, tmp_path):
    a, b = runs
    result = cli.invoke(app, ["compare", str(a), str(b), "-o", str(tmp_path / "cmp")])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "B differs from A in:"
    assert {"  sets: A none; B raj.merit=40", "  bonus: A 0,2; B 0,1"} <= set(lines)
    assert any(line.startswith("  card_set: A ") for line in lines)  # the set's fingerprint
    # Raj with 40 Merit wins far more (as the sweep test finds), which the page marks significant
    assert any(line.startswith("Kumara RAJ, 2 players: ") for line in lines), lines
    assert lines[-1] == f"comparison: {tmp_path / 'cmp' / 'index.html'}"


def test_compare_json_is_one_object_with_the_same_facts(runs, tmp_path):
    a, b = runs
    result = cli.invoke(app, ["compare", str(a), str(b), "-o", str(tmp_path / "cmp"), "--json"])
    assert result.exit_code == 0, result.output
    facts = json.loads(result.stdout)
    assert {d["field"] for d in facts["differences"]} == {"card_set", "sets", "bonus"}
    raj = [r for r in facts["idols_changed"] if r["idol"] == "Kumara RAJ"]
    assert raj and raj[0]["diff"] > 0 and raj[0]["rate_b"] > raj[0]["rate_a"]
    assert facts["page"] == str(tmp_path / "cmp" / "index.html")


def test_report_json_is_the_headline_as_one_object(runs, tmp_path):
    a, _ = runs
    result = cli.invoke(app, ["report", str(a), "-o", str(tmp_path / "rep"), "--json", *BARE])
    assert result.exit_code == 0, result.output
    facts = json.loads(result.stdout)
    assert facts["page"] == str(tmp_path / "rep" / "index.html")
    assert [s["seat"] for s in facts["seats"]] == [0, 1]
    assert all(s["lo"] <= s["rate"] <= s["hi"] for s in facts["seats"])
    assert "outside" in facts  # an untiered run: the Idols outside the band


def test_the_ladder_prints_json_and_says_in_a_note_what_an_unbounded_rating_means():
    result = cli.invoke(
        app, ["ladder", "--bots", "heuristic,random", "--rounds", "1", "-j", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"] == ["heuristic.balanced", "random"] and data["games"] == 112
    assert {r["bot"] for r in data["ratings"]} == set(data["bots"])
    assert "divide by zero" not in result.stderr and "Warning" not in result.stderr


def _pairs(a_first: tuple[int, int], b_first: tuple[int, int]):
    import pandas as pd

    return pd.DataFrame(
        [
            {"first": "a", "second": "b", "games": 10, "first_wins": a_first[0],
             "second_wins": a_first[1]},
            {"first": "b", "second": "a", "games": 10, "first_wins": b_first[0],
             "second_wins": b_first[1]},
        ]
    )  # fmt: skip


def test_an_unbounded_rating_is_a_note_naming_the_bot_and_why_never_a_warning():
    from avarium.analysis.ladder import ladder_tables

    # a won every game against b: the fit's rating for b runs off to infinity, and numpy and
    # statsmodels warn about it; the warning becomes the note that says so in words
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning escaping the analysis fails here
        notes = ladder_tables(_pairs((10, 0), (0, 10)), ["a", "b"]).notes
    assert any("rating of a is unbounded: it won every game it decided (20)" in n for n in notes)
    assert any("rating of b is unbounded: it lost every game it decided (20)" in n for n in notes)
    assert all("more --rounds" in n for n in notes)
    # Now each side won some: bounded, nothing to say.
    assert ladder_tables(_pairs((6, 4), (3, 7)), ["a", "b"]).notes == []


def test_the_ladder_command_prints_the_notes_of_its_fit(monkeypatch):
    import avarium.analysis.ladder as ladder_analysis

    # The games played stand in for one-sided ones: the command shows the fit's notes as given.
    tables = ladder_analysis.ladder_tables(_pairs((10, 0), (0, 10)), ["a", "b"])
    monkeypatch.setattr(ladder_analysis, "ladder_tables", lambda pairs, labels: tables)
    result = cli.invoke(app, ["ladder", "--bots", "heuristic,random", "--rounds", "1", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "rating of a is unbounded: it won every game" in result.output


@pytest.fixture
def on_a_terminal(monkeypatch):
    """stderr as if a person watched it, so the progress bars draw."""
    monkeypatch.setattr(rich.console.Console, "is_terminal", property(lambda self: True))


def test_report_and_compare_show_their_steps_on_stderr_unless_quiet(runs, tmp_path, on_a_terminal):
    a, b = runs
    shown = cli.invoke(app, ["report", str(a), "-o", str(tmp_path / "r1"), *BARE])
    assert shown.exit_code == 0, shown.output
    assert "writing" in shown.stderr and "4/4 steps" not in shown.stdout
    assert "steps" in shown.stderr and "steps" not in shown.stdout
    quiet = cli.invoke(app, ["report", str(a), "-o", str(tmp_path / "r2"), "-q", *BARE])
    assert quiet.exit_code == 0 and "steps" not in quiet.stderr
    compared = cli.invoke(app, ["compare", str(a), str(b), "-o", str(tmp_path / "c")])
    assert compared.exit_code == 0 and "steps" in compared.stderr


def test_the_ladder_shows_its_games_on_stderr(on_a_terminal):
    result = cli.invoke(app, ["ladder", "--bots", "heuristic,random", "--rounds", "1", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "games" in result.stderr and "112/112" in result.stderr


def test_bench_shows_its_steps_on_stderr(on_a_terminal):
    args = ["bench", "--games", "100", "--lookahead-games", "0", "--mcts-games", "0", "--json"]
    silent = cli.invoke(app, args)  # --json: a script reads it, no bar
    assert silent.exit_code == 0 and "steps" not in silent.stderr
    json.loads(silent.stdout)
    shown = cli.invoke(app, args[:-1])
    assert shown.exit_code == 0, shown.output
    assert "cold start" in shown.stderr and "steps" in shown.stderr


def test_tune_bonus_shows_its_games_then_its_report_steps(tmp_path, on_a_terminal):
    result = cli.invoke(
        app,
        ["tune-bonus", "--max-bonus", "1", "--games-per-point", "112", "-o", str(tmp_path / "t"),
         "-j", "1", "--strategy", "heuristic", *BARE],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "224/224" in result.stderr and "steps" in result.stderr


def _all_commands(command=None, path=()):
    command = command or typer.main.get_command(app)
    subs = getattr(command, "commands", None)
    if not subs:
        yield " ".join(path), {o for p in command.params for o in p.opts}
        return
    for name, sub in subs.items():
        yield from _all_commands(sub, (*path, name))


def test_the_commands_doc_lists_the_commands_each_shared_option_is_on():
    import re
    from pathlib import Path

    doc = Path(__file__).resolve().parents[1] / "docs" / "commands.md"
    readme = doc.read_text(encoding="utf-8")
    commands = dict(_all_commands())
    for name in ("--jobs", "--seed", "--quiet", "--json", "--out"):
        row = re.search(rf"^\| `{name}[ `].*\| ([a-z, -]+) \|$", readme, re.M)
        assert row, f"docs/commands.md's shared-options table has no row for {name}"
        listed = {c.strip() for c in row.group(1).split(",")}
        taking = {path for path, options in commands.items() if name in options}
        assert listed == taking, (name, listed ^ taking)


def _every_command(group=None, prefix=""):
    group = group or typer.main.get_command(app)
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from _every_command(command, f"{prefix}{name} ")
        else:
            yield f"{prefix}{name}"


def test_every_command_that_reads_cards_takes_overrides_and_patches():
    # docs/commands.md: "Every command that reads cards accepts --set ... and --patch ..."
    reading = [path for path in _every_command() if "--cards" in _options(path)]
    assert {"ladder", "bench", "tune-bot", "scenario", "simulate", "balance"} <= set(reading)
    for path in reading:
        options = _options(path)
        assert "--set" in options and "--patch" in options, f"{path} has --cards but no --set"


# Each Python call (`import avarium`) beside the command that runs its workflow, and the flag of
# each keyword where the two names differ. `jobs` is left out on purpose: a call from Python plays
# in its own process unless asked (1, docs/python.md), the command on every usable core.
PYTHON_CALLS = {
    "sweep": ("sweep", {}),
    "tune_bonus": ("tune-bonus", {"levers": "--lever"}),
    "balance": ("balance", {}),
    "compare": ("compare", {"set": "--set"}),
    "ladder": ("ladder", {}),
    "run_until": ("simulate", {}),
    "play_games": ("play", {}),
}
# Defaults written differently that mean the same: a number as the command's text, not given
# (None, empty), an experiment field's default where the command leaves its flag None (the field
# table's, which a flag not given takes: runner/field_table.py), the band as text, and None for
# what the call fills in. `out` is left out: each command names its own default directory.
NOT_GIVEN = (None, (), "")


def _same_default(python: object, command: object, flag: str) -> bool:
    from avarium.runner.field_table import FLAGGED
    from avarium.workflows.balance.request import BalanceRequest

    from avarium import facade
    from avarium.cli.common import parse_band

    if str(python) == str(command) or (python in NOT_GIVEN and command in NOT_GIVEN):
        return True
    fields = {f.flag: f for f in FLAGGED}
    if command is None and flag in fields and python == fields[flag].default:
        return True
    if isinstance(python, tuple) and isinstance(command, str) and "," in command:
        return tuple(python) == parse_band(command)
    # None where the call fills in what the command writes out: the default check tiers of
    # balance, the heuristic of play_games (which plays the tiers instead when given them).
    return python is None and command in (BalanceRequest().check_tiers, facade.DEFAULT_BOTS)


@pytest.mark.parametrize("call", sorted(PYTHON_CALLS))
def test_a_python_call_defaults_as_its_command_does(call):
    import inspect

    import avarium
    from avarium import workflow_calls

    path, renamed = PYTHON_CALLS[call]
    keywords = dict(inspect.signature(getattr(avarium, call)).parameters)
    if call in ("sweep", "tune_bonus"):  # the keywords both take, as **points
        keywords |= inspect.signature(workflow_calls._points).parameters
    options = _options(path)
    differ = {}
    for name, keyword in keywords.items():
        flag = renamed.get(name, "--" + name.replace("_", "-"))
        if keyword.default is inspect.Parameter.empty or name in ("jobs", "out"):
            continue
        if flag not in options:
            continue
        if not _same_default(keyword.default, options[flag].default, flag):
            differ[name] = (keyword.default, options[flag].default)
    assert not differ, f"avarium.{call} and `avarium {path}` default differently: {differ}"


def test_games_is_the_games_played_in_all_and_other_counts_are_named_for_what_they_count():
    """`--games` is how many games a command plays in all (simulate, check, bench); each side's
    cap of `compare --sequential` and a training generation's games have names of their own."""
    takes = {path for path in _every_command() if "--games" in _options(path)}
    assert takes == {"simulate", "check", "bench"}
    assert "--max-games" in _options("compare")
    assert "--games-per-generation" in _options("train")
