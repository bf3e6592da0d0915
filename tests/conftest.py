"""Shared fixtures: the bundled set (loaded once) and small hand-written card files."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from avarium.simulator.cards.loader import load_cards

IDOLS = """
[[idol]]
id = "kumara_raj"
name = "Kumara RAJ"
title = "The Collector"
club = "Council"
level = "basic"
reputation = 3
combat = 2
merit = 20
wincon = "at start of turn: count(ally students) >= 2"

[[idol]]
id = "hatsurugi_touka"
name = "Hatsurugi TOUKA"
title = "The Blade"
club = "Martial Arts"
level = "basic"
reputation = 2
combat = 3
merit = 18
wincon = "instant: your expelled >= 2"
"""

STUDENTS = """
[[student]]
id = "record_o_matic"
name = "Record-O-Matic"
title = "Student"
cost = 3
colour = "neutral"
gender = "unknown"
club = "Sciences"
combat = 1
defense = 2
text = "EXHAUST: Gain +3 Merit."
abilities = ["EXHAUST: gain 3 merit"]

[[student]]
id = "cheer_captain"
name = "Cheer Captain"
title = "Student"
cost = 2
colour = "paragon"
gender = "female"
club = "Cheerleader"
combat = 2
defense = 2
copies = 5
"""

SCHEMES = """
[[scheme]]
id = "pep_talk"
name = "Pep Talk"
title = "Surprise"
cost = 1
surprise = true
number = "T-01"
text = "During a fight: target ally Student gets +2 Combat until end of fight."
abilities = ["play, in a fight: target ally student gets +2 combat until end of fight"]
"""

MINI_SET = IDOLS + STUDENTS + SCHEMES


def write(directory: Path, text: str, name: str = "cards.toml") -> Path:
    path = directory / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def bundled():
    """Version 1 of the prototype set, by name: the rules, card and bot tests are worked
    examples on its numbers (Touka's six expulsions, Hojo's tenth Scheme), so a new default
    set changes none of them."""
    return load_cards("prototype-v1")


@pytest.fixture
def mini_path(tmp_path: Path) -> Path:
    return write(tmp_path, MINI_SET)
