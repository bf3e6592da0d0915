"""Experiment files: the shipped example loads, a resolved experiment reads back as itself, and
every bad field is one clear line naming the file, the variant, the field and what was expected,
with a non-zero exit and no traceback."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from avarium.runner.experiment import ExperimentError
from avarium.runner.experiment_file import from_flags, load
from typer.testing import CliRunner

from avarium.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
BUNDLED_PROFILES = ROOT / "strategies" / "profiles.toml"
cli = CliRunner()

TWO_VARIANTS = """
seed = 1
games = 100
bots = "random"

[[variant]]
label = "a"

[[variant]]
{field}
"""


def second_variant(line: str) -> str:
    """TWO_VARIANTS with `line` in the second variant (labelled "b" unless line is a label)."""
    return TWO_VARIANTS.format(field=line if line.startswith("label") else f'label = "b"\n{line}')


def test_the_example_experiment_loads_with_every_variant():
    exp = load(ROOT / "experiments" / "example.toml")
    assert [v.label for v in exp.variants] == [
        "baseline",
        "bonus 0-1",
        "raj merit 18",
        "three players",
    ]
    baseline, bonus, raj, three = exp.variants
    assert baseline.games == 200 * 56 and baseline.bonus == (0, 2)
    assert bonus.bonus == (0, 1)
    assert raj.card_data["kumara_raj"].merit == 18 and raj.card_set != baseline.card_set
    assert three.players == 3 and three.seating == "balanced" and three.games == 600
    assert three.rules.simultaneous_expulsion == "draw" and three.rules.max_turns == 300


def test_a_resolved_experiment_reads_back_as_itself(tmp_path):
    exp = load(ROOT / "experiments" / "example.toml")
    written = tmp_path / "experiment.toml"
    written.write_text(exp.to_toml(), encoding="utf-8")
    again = load(written)
    assert again == exp
    assert again.to_toml() == exp.to_toml()


def test_idol_names_resolve_to_ids_in_card_set_order(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text('idols = ["RAJ", "touka"]\ngames = 10\n', encoding="utf-8")
    assert load(path).variants[0].idols == ("hatsurugi_touka", "kumara_raj")


def test_command_line_overrides_apply_to_every_variant(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text(second_variant("games_per_pairing = 3"), encoding="utf-8")
    exp = load(path, {"seed": 9, "games": 50})
    assert exp.seed == 9 and [v.games for v in exp.variants] == [50, 50]


BAD_FIELDS = [
    ("players = 5", "field players", "an integer from 2 to 4, got 5"),
    ("plaers = 3", "field plaers", 'did you mean "players"'),
    ('idols = ["touka", "nobody"]', "field idols", 'Idol names of the card set, got "nobody"'),
    ('idols = ["touka"]', "field idols", "at least 2 Idols for 2 players"),
    ('idols = ["touka", "TOUKA"]', "field idols", "each Idol once"),
    ('bots = ["random", "random", "random"]', "field bots", "one bot for every seat or 2"),
    ('bots = "clever"', "field bots", 'unknown bot "clever"'),
    ("bonus = [0]", "field bonus", "2 integers from 0 to 100 (one per seat), got [0]"),
    ("bonus = [0, 200]", "field bonus", "2 integers from 0 to 100"),
    ('seating = "random"', "field seating", 'expected "all" or "balanced"'),
    ('mirrors = "yes"', "field mirrors", "true or false"),
    ("mirrors = true", "field mirrors", "the engine deals each Idol card once"),
    ("games = 0", "field games", "an integer from 1"),
    ("games = 5\ngames_per_pairing = 2", "field games", "games or games_per_pairing, not both"),
    ("rules = 3", "field rules", "a table of rules options"),
    ('rules = { school_runs_out = "never" }', "field rules.school_runs_out", "'last card'"),
    ("rules = { max_turns = 0 }", "field rules.max_turns", "a whole number from 1 to 32,767"),
    ("rules = { max_turns = 40000 }", "field rules.max_turns", "a whole number from 1 to 32,767"),
    ("rules = { turns = 9 }", "field rules.turns", 'unknown field "turns"'),
    ('cards = "no_such_dir"', "field cards", "a card set that loads"),
    ('sets = ["kumara_raj.merrit=3"]', "field cards", "merrit"),
    ('card_set = "0123456789abcdef"', "field card_set", "the card set changed"),
    ('label = ""', "field label", "a label of 1 to 60 characters"),
    ('label = "a"', "field variant", '"a" is repeated'),
]


@pytest.mark.parametrize(("line", "field", "expectation"), BAD_FIELDS)
def test_a_bad_field_names_file_variant_field_and_expectation(tmp_path, line, field, expectation):
    path = tmp_path / "bad.toml"
    path.write_text(second_variant(line), encoding="utf-8")
    result = cli.invoke(app, ["simulate", "--config", str(path), "--out", str(tmp_path / "run")])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [x for x in result.output.splitlines() if field in x]
    assert lines, result.output
    assert str(path) in lines[0]
    if field != "field variant":  # a run-wide check names no single variant
        assert "variant 2" in lines[0]
    assert expectation in result.output
    assert not (tmp_path / "run").exists()


RUN_WIDE = [
    ("seed = -1\n", "field seed", "an integer from 0"),
    ("chunk_size = 0\n", "field chunk_size", "an integer from 1"),
    ("variant = 3\n", "field variant", "[[variant]] tables"),
    ("seed = 1\nplayers = = 2\n", "not valid TOML", "line 2"),
]


@pytest.mark.parametrize(("text", "field", "expectation"), RUN_WIDE)
def test_a_bad_run_wide_field_names_file_and_field(tmp_path, text, field, expectation):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ExperimentError) as caught:
        load(path)
    message = str(caught.value)
    assert str(path) in message and field in message and expectation in message


def test_every_problem_is_reported_at_once(tmp_path):
    path = tmp_path / "bad.toml"
    text = textwrap.dedent(
        """
        [[variant]]
        label = "x"
        players = 9
        bots = "clever"
        games = -3
        """
    )
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ExperimentError) as caught:
        load(path)
    assert [p.split(": expected")[0] for p in caught.value.problems] == [
        f'{path}, variant 1 ("x"), field players',
        f'{path}, variant 1 ("x"), field bots',
        f'{path}, variant 1 ("x"), field games',
    ]


def test_a_missing_file_is_one_clear_line(tmp_path):
    result = cli.invoke(app, ["simulate", "--config", str(tmp_path / "nope.toml")])
    assert result.exit_code == 2
    assert "nope.toml: cannot read the experiment file" in result.output


EMPTY_FILES = {"empty": "", "comments": "# games = 100\n\n  \t\n", "byte order mark": "\ufeff\n"}


@pytest.mark.parametrize("text", EMPTY_FILES.values(), ids=EMPTY_FILES.keys())
def test_an_experiment_file_that_defines_nothing_is_refused_before_anything_is_written(
    tmp_path, text
):
    path, out = tmp_path / "e.toml", tmp_path / "run"
    path.write_text(text, encoding="utf-8")
    result = cli.invoke(app, ["simulate", "-c", str(path), "--games", "10", "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stderr.splitlines()[0].startswith(f"{path}: defines nothing")
    assert not out.exists()


def test_a_sequential_comparison_of_an_empty_experiment_file_is_refused_in_one_line(tmp_path):
    path, out = tmp_path / "e.toml", tmp_path / "cmp"
    path.write_text("# B is A with Raj's Merit at 18\n", encoding="utf-8")
    args = ["compare", "--sequential", str(path), "--set", "raj.merit=18", "--out", str(out)]
    result = cli.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [
        f"error: {path}: defines nothing (it is empty or only comments); an experiment file "
        "sets at least one field (docs/simulate.md lists them)"
    ]
    assert not out.exists()


def test_bad_flags_name_the_flag(tmp_path):
    result = cli.invoke(
        app, ["simulate", "--players", "7", "--strategy", "clever", "--rule", "max_turns=0"]
    )
    assert result.exit_code == 2
    assert "--players: expected an integer from 2 to 4, got 7" in result.output
    assert '--bots: expected bot names, got "clever"' in result.output
    assert "--rule max_turns: expected a whole number from 1 to 32,767, got 0" in result.output


def test_experiment_flags_and_a_config_file_do_not_mix(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text("games = 10\n", encoding="utf-8")
    result = cli.invoke(app, ["simulate", "--config", str(path), "--players", "3"])
    assert result.exit_code == 2
    assert "--players cannot be combined with --config" in result.output


def test_the_guide_shows_the_shipped_example_as_it_is():
    guide = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    shown = guide.split("```toml\n", 1)[1].split("```", 1)[0]
    assert shown == (ROOT / "experiments" / "example.toml").read_text(encoding="utf-8")


def test_the_demo_plays_the_three_versions_of_the_bundled_set_at_the_two_heuristic_tiers():
    exp = load(ROOT / "experiments" / "demo.toml")
    assert len(exp.variants) == 6  # three versions, two tiers each
    versions = [exp.variants[i : i + 2] for i in (0, 2, 4)]
    for name, (heuristic, tuned) in zip(("v1", "v2", "v3"), versions, strict=True):
        assert {heuristic.cards, tuned.cards} == {f"prototype-{name}"}
        for variant in (heuristic, tuned):
            assert variant.seating == "all" and len(variant.idols) == 8
        assert heuristic.games == 56 * 350 and heuristic.bots == ("heuristic.balanced",) * 2
        assert tuned.games == 56 * 350 and tuned.bots == ("heuristic.tuned",) * 2
        # version 3 is played with the seat lever it is meant for (docs/balance.md)
        levers = {"last_seat_first_draw": "two"} if name == "v3" else {}
        assert heuristic.rules.levers() == tuned.rules.levers() == levers


def test_the_demo_compiles_no_search_loop():
    # the searching seats' game loop is a second compile of the engine, about as long as the
    # rest of a cold start: the demo plays none (experiments/demo.toml)
    from avarium.runner.runner import searching

    exp = load(ROOT / "experiments" / "demo.toml")
    assert not any(searching(v.bots) for v in exp.variants)


def test_tuned_bot_weights_change_the_weights_fingerprint(tmp_path):
    tuned = tmp_path / "profiles.toml"
    bundled = BUNDLED_PROFILES.read_text(encoding="utf-8")
    tuned.write_text(bundled.replace("merit = 1.0", "merit = 1.5", 1), encoding="utf-8")
    path = tmp_path / "e.toml"
    path.write_text('bots = "heuristic"\ngames = 10\n', encoding="utf-8")
    plain = load(path).variants[0]
    path.write_text('bots = "heuristic"\ngames = 10\nprofiles = "profiles.toml"\n', "utf-8")
    own = load(path).variants[0]
    assert own.profiles == str(tuned) and plain.profiles == "bundled"
    assert own.bots == plain.bots == ("heuristic.balanced",) * 2
    assert own.bot_weights != plain.bot_weights


def test_bad_bot_profiles_are_reported_on_their_field(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text('profiles = "missing.toml"\n', encoding="utf-8")
    with pytest.raises(ExperimentError, match="field profiles: expected a bot-profiles file"):
        load(path)
    path.write_text(f'bot_weights = "0000000000000000"\nprofiles = "{BUNDLED_PROFILES}"\n', "utf-8")
    with pytest.raises(ExperimentError, match="a bot profile changed since"):
        load(path)


def test_an_unreadable_profiles_file_is_its_own_one_problem_not_each_tiers(tmp_path):
    bad = tmp_path / "profiles.toml"
    bad.write_text("a = [1]\n", encoding="utf-8")  # a profile must be a table of weights
    result = CliRunner().invoke(app, ["simulate", "--profiles", str(bad), "-o", tmp_path / "run"])
    assert result.exit_code == 2
    problems = [line for line in result.stderr.splitlines() if not line.startswith("error: ")]
    assert problems == [
        f"--profiles: expected a readable bot-profiles file ({bad}: profile [a] must be a table "
        "of weights)"
    ]
    assert not (tmp_path / "run").exists()


def test_weights_added_later_leave_the_fingerprint_of_a_profile_that_does_not_set_them():
    """The threat weights came after runs recorded their bots' weight fingerprints: a profile
    that leaves them at 0 plays as before, and a run started before them must still resume.
    The fingerprints below are the ones such runs recorded."""
    recorded = {"heuristic": "f14964d493d6d216", "random": "86709830037c8a6c"}
    for bots, fingerprint in recorded.items():
        assert from_flags({"games": 10, "bots": bots}).variants[0].bot_weights == fingerprint
    tuned = from_flags({"games": 10, "bots": "heuristic.tuned"}).variants[0].bot_weights
    assert tuned not in recorded.values()
    # the leader rule plays other games: a run of it never resumes as the fitted rule's
    leader = from_flags({"games": 10, "bots": "heuristic.tuned_leader"}).variants[0].bot_weights
    assert leader != tuned


@pytest.mark.parametrize(
    "path",
    sorted(
        p.name for p in (ROOT / "experiments").glob("*.toml") if not p.name.endswith(".vary.toml")
    ),
)
def test_every_shipped_experiment_loads(path):
    # what each names (card sets, sets, tiers, variants) resolves: a README command runs
    assert load(ROOT / "experiments" / path).variants


def test_a_file_saved_with_a_byte_order_mark_reads_as_without(tmp_path):
    # Windows editors save UTF-8 with a BOM; card files were read so already.
    path = tmp_path / "bom.toml"
    path.write_text('\ufeffgames = 10\nbots = "random"\n', encoding="utf-8")
    assert load(path).variants[0].games == 10
