"""Generated references stay true to the code."""

from __future__ import annotations

from pathlib import Path

from avarium.simulator.cards import registry as R
from avarium.simulator.cards.docs import language_reference

ROOT = Path(__file__).resolve().parents[1]


def test_card_language_reference_is_up_to_date():
    written = (ROOT / "docs" / "card-language.md").read_text(encoding="utf-8")
    assert written == language_reference(), "run `avarium cards docs` to regenerate it"


def test_the_reference_lists_every_word_with_its_example():
    text = language_reference()
    for _, _, words in R.SECTIONS:
        for w in words:
            assert w.example in text


def test_every_ruling_names_tests_that_exist():
    import re

    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_\w+)`", text))
    defined = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    assert named, "docs/rulings.md names no test"
    assert named <= defined, sorted(named - defined)
    rows = [line for line in text.splitlines() if re.match(r"\| \d+ \|", line)]
    assert all("`test_" in row for row in rows), "every ruling names a test"


def test_every_bot_weight_is_explained_in_the_bots_guide():
    from avarium.strategies.weights import NAMES, VALUE_FEATURES, VALUE_PLAYERS

    guide = (ROOT / "docs" / "bots.md").read_text()
    lines = [line for line in guide.splitlines() if "| `" in line]
    rows = {line.split("|")[1].strip().strip("`") for line in lines}
    # the learned value's coefficients share one row, which names every feature
    learned = {f"v{n}_{f}" for n in VALUE_PLAYERS for f in VALUE_FEATURES}
    assert set(NAMES) - learned <= rows, sorted(set(NAMES) - learned - rows)
    row = next(line for line in lines if line.split("|")[1].strip() == "`v<n>_<feature>`")
    assert all(f"`{f}`" in row for f in VALUE_FEATURES), row


def test_the_data_schema_doc_shows_the_columns_of_the_schema_module():
    from avarium.simulator.schema import with_tables

    written = (ROOT / "docs" / "data-schema.md").read_text(encoding="utf-8")
    assert written == with_tables(written), "run `python -m avarium.simulator.schema`"
