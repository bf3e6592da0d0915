"""The bundled card sets are named by `--cards` (simulator/cards/bundled.py): each loads, a run
records the name it was given and resumes with it, and a name that is neither a set nor a path
is refused naming the sets there are."""

from __future__ import annotations

import tomllib

from avarium.simulator.cards import bundled
from avarium.simulator.cards.loader import load_cards
from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()


def test_every_bundled_set_loads_by_its_name_with_its_own_patches():
    for name in bundled.SETS:
        cards = load_cards(name)
        assert len(cards.idols) == 8 and cards.path == name
        assert cards.patches == ()  # a set's own patches are part of the set, not the caller's


def test_the_default_set_is_the_one_loaded_without_a_name():
    assert load_cards().fingerprint == load_cards(bundled.DEFAULT).fingerprint
    assert load_cards().path is None  # recorded as "bundled", as every run before names


def test_a_folder_of_the_same_name_is_read_as_a_folder(tmp_path, monkeypatch):
    own = tmp_path / "prototype-v1"
    own.mkdir()
    for name in ("idols.toml", "students.toml"):  # no Schemes: not the bundled set
        text = (bundled.folder("prototype-v1") / name).read_text(encoding="utf-8")
        (own / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    cards = load_cards("prototype-v1")
    assert cards.path == str(own.resolve()) and len(cards.schemes) == 0


def test_an_unknown_name_is_refused_naming_the_bundled_sets(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli.invoke(app, ["cards", "validate", "prototype-v0"])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "nor a bundled set (" in result.output and 'did you mean "prototype-v' in result.output


def test_a_run_records_the_set_by_its_name_and_resumes_with_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the name must not depend on where the run was started
    args = ["simulate", "--cards", "prototype-v1", "--games", "56", "-j", "1", "-q"]
    first = cli.invoke(app, [*args, "-o", str(tmp_path / "run")])
    assert first.exit_code == 0, first.output
    doc = tomllib.loads((tmp_path / "run" / "experiment.toml").read_text(encoding="utf-8"))
    assert {v["cards"] for v in doc["variant"]} == {"prototype-v1"}
    again = cli.invoke(app, [*args, "-o", str(tmp_path / "run")])
    assert again.exit_code == 0, again.output


def balance_changes(vary, before, after):
    """The numbers of `vary` (a --vary-file) that differ between two card sets, as (number,
    value) pairs; asserts that every value of `after` is within the range the search was
    given."""
    from avarium.workflows.balance.space import build_space

    old = build_space([], vary, before, (0, 1)).axes
    new = build_space([], vary, after, (0, 1)).axes
    changes = []
    for a, b in zip(old, new, strict=True):
        assert b.start in a.values, (a.name, b.start)
        if b.start != a.start:
            changes.append((a.number, b.start))
    return changes


def test_version_2_is_version_1_with_the_changes_balance_wrote_within_its_ranges():
    """Version 2 was searched in four stages, each an `avarium balance` run from the set the
    stage before left (the last two at two tiers at once): each patch is what its run wrote,
    names its command, and changes only numbers the run was allowed to vary, to values within
    their ranges."""
    from avarium.simulator.cards.numbers import set_expressions

    stages = {
        "prototype-v2.patch.toml": "balance-v2.vary.toml",
        "prototype-v2-stage2.patch.toml": "balance-v2-stage2.vary.toml",
        "prototype-v2-stage3.patch.toml": "balance-v2-stage3.vary.toml",
        "prototype-v2-stage4.patch.toml": "balance-v2-stage4b.vary.toml",
    }
    patches = bundled.patches("prototype-v2")
    assert [p.name for p in patches] == list(stages)
    experiments = bundled.data_path().parents[1] / "experiments"
    before, applied = load_cards("prototype-v1"), []
    for patch in patches:
        text = patch.read_text(encoding="utf-8")
        assert text.startswith("# Written by avarium balance")
        assert f"--vary-file experiments/{stages[patch.name]}" in text  # the command that wrote it
        applied.append(patch)
        after = load_cards("prototype-v1", patches=applied)
        changes = balance_changes(experiments / stages[patch.name], before, after)
        assert changes, patch.name  # each stage changed something
        # ... and nothing else: the set before with exactly these changes is the set after
        redone = load_cards("prototype-v1", set_expressions(changes), patches=applied[:-1])
        assert redone.fingerprint == after.fingerprint, patch.name
        before = after
    assert before.fingerprint == load_cards("prototype-v2").fingerprint


def test_version_2s_printed_texts_say_what_its_changed_abilities_do():
    # Raj's and Love's abilities changed in stages 2 and 3; their texts follow (a warning of
    # `cards validate` otherwise, the first lines of `make demo`)
    cards = load_cards("prototype-v2")
    assert not [w for w in cards.warnings if "printed text" in str(w)]
    assert "2 or more Students in your Class, gain 2 Merit" in cards["kumara_raj"].text
    assert cards["lourvarius_love"].text.startswith("Pay 2 Merit")


def test_version_3_is_version_2_with_corals_win_con_rewritten_then_what_balance_wrote():
    """Version 3: Coral's Win-Con rewritten by hand (a Class as well as three clubs), then two
    `avarium balance` runs from there, held to the search bot; each patch names its command and
    changes only numbers its run could vary, within their ranges, and nothing else."""
    from avarium.simulator.cards.numbers import set_expressions

    v2, v3 = bundled.patches("prototype-v2"), bundled.patches("prototype-v3")
    assert v3[: len(v2)] == v2
    hand, *searched = v3[len(v2) :]
    assert hand.name == "prototype-v3-coral.patch.toml"
    before = load_cards("prototype-v2", patches=[hand])
    assert before["syeira_coral"].wincon == "at start of turn: your clubs >= 3 and your class >= 3"
    assert load_cards("prototype-v2")["syeira_coral"].wincon == "at start of turn: your clubs >= 3"
    stages = {
        "prototype-v3.patch.toml": ("balance-v3.vary.toml", "mcts/5"),
        "prototype-v3-stage2.patch.toml": ("balance-v3-stage2.vary.toml", "mcts/20"),
    }
    assert [p.name for p in searched] == list(stages)
    experiments = bundled.data_path().parents[1] / "experiments"
    applied = [hand]
    for patch in searched:
        vary, tier = stages[patch.name]
        text = patch.read_text(encoding="utf-8")
        assert text.startswith("# Written by avarium balance")
        assert f"--vary-file experiments/{vary}" in text and f"--tier {tier} " in text
        assert "".join(f"--patch simulator/data/{p.name} " for p in applied) in text
        after = load_cards("prototype-v2", patches=[*applied, patch])
        changes = balance_changes(experiments / vary, before, after)
        assert changes, patch.name
        redone = load_cards("prototype-v2", set_expressions(changes), patches=applied)
        assert redone.fingerprint == after.fingerprint, patch.name
        applied.append(patch)
        before = after
    assert before.fingerprint == load_cards("prototype-v3").fingerprint
