"""Generated references stay true to the code."""

from __future__ import annotations

from pathlib import Path

from simulator.cards import registry as R
from simulator.cards.docs import language_reference

ROOT = Path(__file__).resolve().parents[1]


def test_card_language_reference_is_up_to_date():
    written = (ROOT / "docs" / "card-language.md").read_text(encoding="utf-8")
    assert written == language_reference(), "run `avarium cards docs` to regenerate it"


def test_the_reference_lists_every_word_with_its_example():
    text = language_reference()
    for _, _, words in R.SECTIONS:
        for w in words:
            assert w.example in text
