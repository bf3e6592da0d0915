"""`compare` says which card fields B changed, read from the card sets both runs played: the
field with both values (`lourvarius_love.combat 3 -> 5`), cards added and removed, in the page,
its CSV and the terminal; a run whose cards cannot be read again as played is said, not
guessed."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from avarium.simulator.cards.diff import ADDED, CHANGED, REMOVED, card_changes
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.cards.model import CardSet

from avarium import simulator
from tests.hostile_input.helpers import invoke


def test_a_set_override_shows_as_the_field_with_both_values(bundled):
    patched = load_cards("prototype-v1", ["lourvarius_love.combat=5"], [])
    before = bundled["lourvarius_love"].combat
    changes = card_changes(bundled, patched)
    assert [c.text() for c in changes] == [f"lourvarius_love.combat {before} -> 5"]
    assert changes[0].what == CHANGED


def test_a_changed_ability_line_is_named_by_its_place_and_quoted(bundled):
    card = bundled["hatsurugi_touka"]
    lines = (card.abilities[0], "on attack: this gets +2 combat until end of fight")
    other = CardSet([replace(card, abilities=lines) if c is card else c for c in bundled.cards])
    (change,) = card_changes(bundled, other)
    assert change.field == "abilities[2]"
    assert change.b == '"on attack: this gets +2 combat until end of fight"'


def test_cards_added_and_removed_are_listed_as_such(bundled):
    fewer = CardSet(bundled.cards[1:])
    removed = card_changes(bundled, fewer)
    assert [(c.card, c.what) for c in removed] == [(bundled.cards[0].id, REMOVED)]
    added = card_changes(fewer, bundled)
    assert [c.text() for c in added] == [f"{bundled.cards[0].id} added"]
    assert added[0].what == ADDED


def test_the_same_cards_show_no_change(bundled):
    assert card_changes(bundled, load_cards("prototype-v1")) == []


def simulate(out, *flags):
    result = invoke("simulate", "--games", "12", "--strategy", "random", "--out", out, "-q",
                    "-j", "1", *flags)  # fmt: skip
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def version_one(tmp_path_factory):
    out = tmp_path_factory.mktemp("runs") / "v1"
    simulate(out, "--cards", "prototype-v1")
    return out


def test_compare_lists_the_fields_a_set_override_changed_on_the_page_and_terminal(
    version_one, tmp_path
):
    after = tmp_path / "love5"
    simulate(after, "--cards", "prototype-v1", "--set", "lourvarius_love.combat=5")
    before = load_cards("prototype-v1")["lourvarius_love"].combat
    line = f"lourvarius_love.combat {before} -> 5"
    result = invoke("compare", version_one, after)
    assert result.exit_code == 0, result.output
    assert f"B changed these card fields:\n  {line}\n" in result.output
    page = (after / "compare-v1" / "index.html").read_text(encoding="utf-8")
    listed = page.split('<section id="cards-changed">')[1].split("</section>")[0]
    assert f"<code>{line.replace('>', '&gt;')}</code>" in listed
    table = pd.read_csv(after / "compare-v1" / "tables" / "card_changes.csv")
    assert table[["card", "field", "a", "b"]].values.tolist() == [
        ["lourvarius_love", "combat", before, 5]
    ]
    facts = json.loads(invoke("compare", version_one, after, "--json").output)
    assert facts["card_changes"] == [{"change": line, "variant": ""}]


def test_two_bundled_versions_list_every_field_the_second_changed(version_one, tmp_path):
    after = tmp_path / "v2"
    simulate(after, "--cards", "prototype-v2")
    want = [c.text() for c in card_changes(load_cards("prototype-v1"), load_cards("prototype-v2"))]
    assert want  # version 2 is version 1 patched
    result = invoke("compare", version_one, after, "--json")
    assert [c["change"] for c in json.loads(result.output)["card_changes"]] == want


def test_a_card_file_changed_since_its_run_is_said_and_its_fields_not_guessed(
    version_one, tmp_path
):
    folder = tmp_path / "cards"
    shutil.copytree(Path(simulator.__file__).parent / "data" / "prototype-v1", folder)
    after = tmp_path / "mine"
    simulate(after, "--cards", folder)
    idols = folder / "idols.toml"
    idols.write_text(idols.read_text(encoding="utf-8").replace("combat = 4", "combat = 1", 1))
    result = invoke("compare", version_one, after)
    assert result.exit_code == 0, result.output
    assert "B changed these card fields" not in result.output
    page = (after / "compare-v1" / "index.html").read_text(encoding="utf-8")
    assert "B&#x27;s card set cannot be read again as it was played" in page
